//! `%L = getelementptr T1, T1* OP, i0, i1, ..., in`: address arithmetic from
//! the annotation type in LLVM's layout (spec::layout). The constant part of the
//! offset is `TypeEnv::gep_offset` with the dynamic indices taken as 0; each
//! dynamic index adds itself times the size of the element it steps over
//! (`size_of(T1)` for `i0`, the array's element size after that).

use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{Alu, MInst, Mem, Reg};
use crate::Mutation;
use spec::{Operand, OperandKind, Span, Ty};

/// The non-constant GEP indices, each with the size of what it steps over.
type Dynamic<'o> = Vec<(&'o Operand, i64)>;

impl FnCtx<'_> {
    /// `d = base + gep_offset(T1, consts) + sum(dynamic index * element size)`.
    pub(super) fn compile_gep(
        &mut self,
        base_ty: &Ty,
        ptr: &Operand,
        idxs: &[Operand],
        span: Span,
    ) -> Result<Reg, CodegenError> {
        let (konst, dynamic) = self.gep_parts(base_ty, idxs, span)?;
        let d = match self.alloca_mem(ptr) {
            Some(m) => {
                let d = self.pick(&[]);
                self.emit(MInst::Lea(d, m));
                d
            }
            None => {
                let base = self.src(ptr, &[])?;
                if dynamic.is_empty() {
                    if let Ok(k) = i32::try_from(konst) {
                        let d = self.pick(&[base]);
                        self.emit(MInst::Lea(d, Mem { base, disp: k }));
                        return Ok(d);
                    }
                }
                self.copy_of(base, &[])
            }
        };
        for (op, scale) in dynamic {
            if scale == 0 {
                continue;
            }
            let idx = self.src(op, &[d])?;
            let t = if scale == 1 {
                idx
            } else {
                let t = self.pick(&[d, idx]);
                match i32::try_from(scale) {
                    Ok(s) => self.emit(MInst::ImulRRI(t, idx, s)),
                    Err(_) => {
                        self.emit(MInst::MovRI(t, scale));
                        self.emit(MInst::Alu(Alu::Imul, t, idx));
                    }
                }
                t
            };
            self.emit(MInst::Alu(Alu::Add, d, t));
        }
        self.add_imm(d, konst);
        Ok(d)
    }

    /// The constant part of the offset (`gep_offset` with the dynamic
    /// indices taken as 0) and the dynamic indices with their scales.
    fn gep_parts<'o>(
        &self,
        base_ty: &Ty,
        idxs: &'o [Operand],
        span: Span,
    ) -> Result<(i64, Dynamic<'o>), CodegenError> {
        let (consts, dynamic) = self.gep_indices(base_ty, idxs, span)?;
        let mut konst = self
            .env
            .gep_offset(base_ty, &consts)
            .ok_or_else(|| self.error(span, "GEPTY is not defined for these indices"))?;
        if self.mutations.contains(Mutation::WrongFieldOffset)
            && self.steps_past_field_0(base_ty, idxs)
        {
            konst = konst.wrapping_add(8);
        }
        Ok((konst, dynamic))
    }

    /// A GEP whose result's only use is the address of a later load or
    /// store in this block (`live.rs`, `foldable_geps`): when its offset is
    /// a constant that fits a displacement, nothing is computed; the load
    /// or store addresses `[base + offset]` (see [`FnCtx::address`]).
    /// False when it must be computed after all.
    pub(super) fn fold_gep(
        &mut self,
        result: &str,
        base_ty: &Ty,
        ptr: &Operand,
        idxs: &[Operand],
        span: Span,
    ) -> Result<bool, CodegenError> {
        let Some(&disp) = self.frame.slots.get(result) else {
            return Ok(false);
        };
        if !self.live.folded.contains(&disp) {
            return Ok(false);
        }
        let (konst, dynamic) = self.gep_parts(base_ty, idxs, span)?;
        let Ok(k) = i32::try_from(konst) else {
            return Ok(false);
        };
        let fits = self
            .alloca_mem(ptr)
            .is_none_or(|m| m.disp.checked_add(k).is_some());
        if !dynamic.is_empty() || !fits {
            return Ok(false);
        }
        self.folds.insert(disp, (ptr.clone(), k));
        Ok(true)
    }

    /// The memory operand a load or store through `ptr` uses: an entry
    /// alloca's frame address, `[base + offset]` for a folded GEP, else
    /// `[p]` with `ptr` in a register (not one of `avoid`).
    pub(super) fn address(&mut self, ptr: &Operand, avoid: &[Reg]) -> Result<Mem, CodegenError> {
        if let Some(m) = self.alloca_mem(ptr) {
            return Ok(m);
        }
        let folded = match &ptr.kind {
            OperandKind::Id(g) => self
                .frame
                .slots
                .get(g.as_str())
                .and_then(|d| self.folds.get(d))
                .cloned(),
            _ => None,
        };
        if let Some((base, k)) = folded {
            if let Some(m) = self.alloca_mem(&base) {
                if let Some(disp) = m.disp.checked_add(k) {
                    return Ok(Mem { base: m.base, disp });
                }
            } else {
                let r = self.src(&base, avoid)?;
                return Ok(Mem { base: r, disp: k });
            }
        }
        let p = self.src(ptr, avoid)?;
        Ok(Mem { base: p, disp: 0 })
    }

    /// True when the GEP selects a struct field numbered 1 or more (for the
    /// `WrongFieldOffset` mutation).
    fn steps_past_field_0(&self, base_ty: &Ty, idxs: &[Operand]) -> bool {
        let mut cur = base_ty;
        for op in idxs.iter().skip(1) {
            match self.env.unfold(cur) {
                Ty::Struct(fields) => {
                    let OperandKind::Const(k) = op.kind else {
                        return false;
                    };
                    if k >= 1 {
                        return true;
                    }
                    match usize::try_from(k).ok().and_then(|k| fields.get(k)) {
                        Some(t) => cur = t,
                        None => return false,
                    }
                }
                Ty::Array(_, elem) => cur = elem,
                _ => return false,
            }
        }
        false
    }

    /// The indices with every non-constant one replaced by 0, and the
    /// non-constant ones with the size of the element each steps over.
    /// Struct indices must be constants inside the struct (GEPTY).
    fn gep_indices<'o>(
        &self,
        base_ty: &Ty,
        idxs: &'o [Operand],
        span: Span,
    ) -> Result<(Vec<i64>, Dynamic<'o>), CodegenError> {
        let mut consts = Vec::with_capacity(idxs.len());
        let mut dynamic = Vec::new();
        let mut cur = base_ty;
        for (pos, op) in idxs.iter().enumerate() {
            let scale_ty = if pos == 0 {
                cur
            } else {
                match self.env.unfold(cur) {
                    Ty::Struct(fields) => {
                        let field = match op.kind {
                            OperandKind::Const(k) => {
                                usize::try_from(k).ok().and_then(|k| fields.get(k))
                            }
                            _ => None,
                        };
                        cur = field.ok_or_else(|| {
                            self.error(
                                span,
                                format!(
                                    "GEP index {pos} into a struct must be a constant field number"
                                ),
                            )
                        })?;
                        consts.push(match op.kind {
                            OperandKind::Const(k) => k,
                            _ => 0,
                        });
                        continue;
                    }
                    Ty::Array(_, elem) => {
                        cur = elem;
                        elem
                    }
                    other => {
                        return Err(self.error(
                            span,
                            format!("GEP index {pos} indexes into {other:?}, not an aggregate"),
                        ))
                    }
                }
            };
            match op.kind {
                OperandKind::Const(c) => consts.push(c),
                _ => {
                    consts.push(0);
                    dynamic.push((op, self.env.size_of(scale_ty) as i64));
                }
            }
        }
        if consts.is_empty() {
            return Err(self.error(span, "GEP needs at least one index"));
        }
        Ok((consts, dynamic))
    }
}

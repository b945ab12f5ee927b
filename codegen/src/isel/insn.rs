//! One function per instruction of the spec's table "Instructions and
//! Terminators" (the terminators are in `term.rs`, calls in `call.rs`, GEP
//! in `gep.rs`).

use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{Alu, Cc, MInst, Mem, Reg, Shift};
use crate::{Mutation, Mutations};
use spec::{Bop, Cnd, Insn, InsnKind, Operand, Ty};

impl FnCtx<'_> {
    /// Selects the code of one instruction; `index` is its position in its
    /// block, `in_entry` whether that block is the entry block. The result
    /// (if any) is computed in a register, then stored into its slot.
    pub(super) fn compile_insn(
        &mut self,
        insn: &Insn,
        in_entry: bool,
        index: usize,
    ) -> Result<(), CodegenError> {
        let r = match &insn.kind {
            InsnKind::Binop {
                bop: Bop::Sub,
                op1,
                op2,
                ..
            } if self.mutations.contains(Mutation::SubSwap) => {
                Some(self.compile_binop(Bop::Sub, op2, op1)?)
            }
            InsnKind::Binop {
                bop: Bop::Ashr,
                op1,
                op2,
                ..
            } if self.mutations.contains(Mutation::AshrAsLshr) => {
                Some(self.compile_binop(Bop::Lshr, op1, op2)?)
            }
            InsnKind::Binop { bop, op1, op2, .. } => Some(self.compile_binop(*bop, op1, op2)?),
            InsnKind::Alloca { ty } => Some(self.compile_alloca(ty, in_entry, index)),
            InsnKind::Load { ty, ptr, .. } => Some(self.compile_load(ty, ptr)?),
            InsnKind::Store { ty, val, ptr, .. } => {
                self.compile_store(ty, val, ptr)?;
                None
            }
            InsnKind::Icmp { cnd, op1, op2, .. } => self.compile_icmp(*cnd, op1, op2)?,
            InsnKind::Call { callee, args, .. } => {
                self.compile_call(callee, args)?;
                Some(Reg::Rax)
            }
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => {
                let result = insn.result.as_deref().unwrap_or("");
                if self.fold_gep(result, base_ty, ptr, idxs, insn.span)? {
                    None
                } else {
                    Some(self.compile_gep(base_ty, ptr, idxs, insn.span)?)
                }
            }
            InsnKind::Bitcast { op, .. } => Some(self.src(op, &[])?),
        };
        self.store_result(&insn.result, r, insn.span)
    }

    /// `%L = BOP i64 OP1, OP2`: `d = OP1; d = d BOP OP2`. Shift amounts that
    /// are not constants go in `cl`; constant amounts are masked to 0..=63
    /// as x86 masks `cl` (the oracle rejects amounts outside 0..=63).
    fn compile_binop(
        &mut self,
        bop: Bop,
        op1: &Operand,
        op2: &Operand,
    ) -> Result<Reg, CodegenError> {
        let a = self.src(op1, &[])?;
        if let Some(n) = Self::imm32(op2) {
            if bop == Bop::Mul && !self.dead_after(a) {
                let d = self.pick(&[a]);
                self.emit(MInst::ImulRRI(d, a, n));
                return Ok(d);
            }
            // `a + n` into a fresh register in one instruction when `a`
            // must be kept (the flags are not needed: a cbr tests its
            // operand itself).
            let disp = match bop {
                Bop::Add => Some(n),
                Bop::Sub => n.checked_neg(),
                _ => None,
            };
            // The same when the result is wanted in another register, or
            // in `a` itself (whose value, if still needed, is stored first).
            let elsewhere = self.want.is_some_and(|w| w != a);
            if let Some(disp) = disp.filter(|_| !self.dead_after(a) || elsewhere) {
                let d = if self.want == Some(a) {
                    a
                } else {
                    self.pick_result(&[a])
                };
                // The lea reads `a` as it writes `d`: if `a` is overwritten,
                // only later uses make its value needed.
                self.uses_done = true;
                self.emit(MInst::Lea(d, Mem { base: a, disp }));
                self.uses_done = false;
                return Ok(d);
            }
            let d = self.dest_for(a, &[]);
            let amount = (n & 63) as u8;
            self.emit(match bop {
                Bop::Add => MInst::AluRI(Alu::Add, d, n),
                Bop::Sub => MInst::AluRI(Alu::Sub, d, n),
                Bop::Mul => MInst::AluRI(Alu::Imul, d, n),
                Bop::And => MInst::AluRI(Alu::And, d, n),
                Bop::Or => MInst::AluRI(Alu::Or, d, n),
                Bop::Xor => MInst::AluRI(Alu::Xor, d, n),
                Bop::Shl => MInst::ShiftRI(Shift::Shl, d, amount),
                Bop::Lshr => MInst::ShiftRI(Shift::Shr, d, amount),
                Bop::Ashr => MInst::ShiftRI(Shift::Sar, d, amount),
            });
            return Ok(d);
        }
        let shift = match bop {
            Bop::Shl => Some(Shift::Shl),
            Bop::Lshr => Some(Shift::Shr),
            Bop::Ashr => Some(Shift::Sar),
            _ => None,
        };
        if let Some(sh) = shift {
            // The amount goes in cl; the value must not stay there.
            let d = if a == Reg::Rcx {
                let d = self.copy_of(a, &[Reg::Rcx]);
                self.operand(op2, Reg::Rcx)?;
                d
            } else {
                self.operand(op2, Reg::Rcx)?;
                self.dest_for(a, &[Reg::Rcx])
            };
            self.emit(MInst::ShiftCl(sh, d));
            return Ok(d);
        }
        let b = self.src(op2, &[a])?;
        // A commutative operation computes into `b` when the result is
        // wanted where `b` is and `b` dies here.
        let commutes = matches!(bop, Bop::Add | Bop::Mul | Bop::And | Bop::Or | Bop::Xor);
        let (d, b) = if commutes && self.want == Some(b) && b != a && self.dead_after(b) {
            (self.dest_for(b, &[a]), a)
        } else {
            (self.dest_for(a, &[b]), b)
        };
        let op = match bop {
            Bop::Add => Alu::Add,
            Bop::Sub => Alu::Sub,
            Bop::Mul => Alu::Imul,
            Bop::And => Alu::And,
            Bop::Or => Alu::Or,
            _ => Alu::Xor,
        };
        self.emit(MInst::Alu(op, d, b));
        Ok(d)
    }

    /// `%L = alloca S`: in the entry block, the address of its frame space;
    /// elsewhere fresh stack space (a multiple of 16, keeping `rsp` aligned)
    /// each time it runs.
    fn compile_alloca(&mut self, ty: &Ty, in_entry: bool, index: usize) -> Reg {
        if in_entry {
            if let Some(&disp) = self.frame.allocas.get(&index) {
                let d = self.pick(&[]);
                self.emit(MInst::Lea(
                    d,
                    Mem {
                        base: Reg::Rbp,
                        disp,
                    },
                ));
                return d;
            }
        }
        let bytes = spec::limits::dynamic_alloca_bytes(self.env.size_of(ty));
        match i32::try_from(bytes) {
            Ok(b) => self.emit(MInst::AluRI(Alu::Sub, Reg::Rsp, b)),
            Err(_) => {
                let t = self.pick(&[]);
                self.emit(MInst::MovRI(t, bytes as i64));
                self.emit(MInst::Alu(Alu::Sub, Reg::Rsp, t));
            }
        }
        let d = self.pick(&[]);
        self.emit(MInst::MovRR(d, Reg::Rsp));
        d
    }

    /// `%L = load S* OP`: `d = [p]` (`[rbp - k]` for an entry alloca);
    /// an `i1` is one byte in LLVM's layout (spec::layout), read as 0 or 1.
    fn compile_load(&mut self, ty: &Ty, ptr: &Operand) -> Result<Reg, CodegenError> {
        let m = self.address(ptr, &[])?;
        let d = self.pick_result(&[m.base]);
        self.emit(if self.is_byte(ty) {
            MInst::LoadByte(d, m)
        } else {
            MInst::Load(d, m)
        });
        Ok(d)
    }

    /// `store S OP1, S* OP2`: `[p] = v` (`[rbp - k]` for an entry alloca);
    /// an `i1` writes its one byte.
    fn compile_store(&mut self, ty: &Ty, val: &Operand, ptr: &Operand) -> Result<(), CodegenError> {
        let v = self.src(val, &[])?;
        let m = self.address(ptr, &[v])?;
        self.emit(if self.is_byte(ty) {
            MInst::StoreByte(m, v)
        } else {
            MInst::Store(m, v)
        });
        Ok(())
    }

    /// True for a memory value of one byte in LLVM's layout: `i1` (the
    /// checker allows loads and stores of words only).
    fn is_byte(&self, ty: &Ty) -> bool {
        matches!(self.env.unfold(ty), Ty::I1)
    }

    /// `%L = icmp CND S OP1, OP2`: a signed comparison, 1 if it holds and 0
    /// otherwise (pointers compare as addresses). The flags stay set for a
    /// `cbr` that tests the result right after; when that `cbr` is the
    /// result's only use (`flags_only`), no 0/1 value is made at all.
    fn compile_icmp(
        &mut self,
        cnd: Cnd,
        op1: &Operand,
        op2: &Operand,
    ) -> Result<Option<Reg>, CodegenError> {
        let a = self.src(op1, &[])?;
        match Self::imm32(op2) {
            Some(n) if !self.mutations.contains(Mutation::CmpSwap) => self.emit(MInst::CmpRI(a, n)),
            _ => {
                let b = self.src(op2, &[a])?;
                self.emit(if self.mutations.contains(Mutation::CmpSwap) {
                    MInst::Cmp(b, a)
                } else {
                    MInst::Cmp(a, b)
                });
            }
        }
        if self.flags_only {
            return Ok(None);
        }
        let d = self.pick(&[]);
        self.emit(MInst::SetCc(mutate_cc(cc_of(cnd), self.mutations), d));
        Ok(Some(d))
    }
}

/// The condition code of an `icmp` condition (signed orders).
pub(super) fn cc_of(cnd: Cnd) -> Cc {
    match cnd {
        Cnd::Eq => Cc::E,
        Cnd::Ne => Cc::Ne,
        Cnd::Slt => Cc::L,
        Cnd::Sle => Cc::Le,
        Cnd::Sgt => Cc::G,
        Cnd::Sge => Cc::Ge,
    }
}

/// `cc` as the mutated back end computes it (`SleAsSlt`: `le` becomes
/// `l`; `SltAsSle`: `l` becomes `le`).
pub(super) fn mutate_cc(cc: Cc, mutations: Mutations) -> Cc {
    match cc {
        Cc::Le if mutations.contains(Mutation::SleAsSlt) => Cc::L,
        Cc::L if mutations.contains(Mutation::SltAsSle) => Cc::Le,
        _ => cc,
    }
}

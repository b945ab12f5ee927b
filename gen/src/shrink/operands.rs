//! Operands: replace a local an instruction reads by `0`, `1`, a parameter
//! or a global of its type (so the instructions that computed it can go),
//! a parameter by `0` or `1`, and a literal by a simpler one
//! ([`simpler_literals`]). Each replacement reads fewer locals, fewer
//! parameters or a simpler literal, so repeating them ends.

use super::literals::simpler_literals;
use super::{block_mut, blocks, is_int, Edit};
use spec::{Fdecl, InsnKind, Operand, OperandKind, Prog, TermKind, Ty};

/// The written type of each operand of `k`, in the order
/// `spec::visit::insn_operands` reads them; `None` for a callee (only a
/// function of its exact type could stand for it).
pub(super) fn operand_tys(k: &InsnKind) -> Vec<Option<Ty>> {
    match k {
        InsnKind::Binop { ty, .. } | InsnKind::Icmp { ty, .. } => {
            vec![Some(ty.clone()), Some(ty.clone())]
        }
        InsnKind::Alloca { .. } => vec![],
        InsnKind::Load { ptr_ty, .. } => vec![Some(ptr_ty.clone())],
        InsnKind::Store { ty, ptr_ty, .. } => vec![Some(ty.clone()), Some(ptr_ty.clone())],
        InsnKind::Call { args, .. } => std::iter::once(None)
            .chain(args.iter().map(|(t, _)| Some(t.clone())))
            .collect(),
        InsnKind::Gep { ptr_ty, idxs, .. } => std::iter::once(Some(ptr_ty.clone()))
            .chain(idxs.iter().map(|_| Some(Ty::I64)))
            .collect(),
        InsnKind::Bitcast { from, .. } => vec![Some(from.clone())],
    }
}

/// The operands of `k`, in the order of [`operand_tys`], to change them.
fn operands_mut(k: &mut InsnKind) -> Vec<&mut Operand> {
    match k {
        InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => vec![op1, op2],
        InsnKind::Alloca { .. } => vec![],
        InsnKind::Load { ptr, .. } => vec![ptr],
        InsnKind::Store { val, ptr, .. } => vec![val, ptr],
        InsnKind::Call { callee, args, .. } => std::iter::once(callee)
            .chain(args.iter_mut().map(|(_, a)| a))
            .collect(),
        InsnKind::Gep { ptr, idxs, .. } => std::iter::once(ptr).chain(idxs.iter_mut()).collect(),
        InsnKind::Bitcast { op, .. } => vec![op],
    }
}

/// The values simpler than a local that can stand for one of type `ty` in
/// `f`: `0` and `1` for an integer, then each parameter of `f` of type
/// `ty`, then each global `@g` whose pointer type is `ty`.
pub(super) fn stand_ins(p: &Prog, f: &Fdecl, ty: &Ty) -> Vec<OperandKind> {
    let mut out = Vec::new();
    if is_int(ty) {
        out.extend([OperandKind::Const(0), OperandKind::Const(1)]);
    }
    out.extend(
        f.params
            .iter()
            .filter(|(_, t)| t == ty)
            .map(|(x, _)| OperandKind::Id(x.clone())),
    );
    out.extend(
        p.gdecls
            .iter()
            .filter(|g| matches!(ty, Ty::Ptr(t) if **t == g.ty))
            .map(|g| OperandKind::Gid(g.name.clone())),
    );
    out
}

/// The replacements of operand `op` of type `ty` in `f`: a local by
/// [`stand_ins`], a parameter by `0` or `1`, a literal by a simpler one
/// (for `i1`, `true` by `false`).
fn replacements(p: &Prog, f: &Fdecl, ty: &Ty, op: &OperandKind) -> Vec<OperandKind> {
    match op {
        OperandKind::Id(x) if f.params.iter().any(|(q, _)| q == x) => {
            if is_int(ty) {
                vec![OperandKind::Const(0), OperandKind::Const(1)]
            } else {
                vec![]
            }
        }
        OperandKind::Id(_) => stand_ins(p, f, ty),
        OperandKind::Const(n) if *ty == Ty::I1 => (*n == 1)
            .then_some(OperandKind::Const(0))
            .into_iter()
            .collect(),
        OperandKind::Const(n) if *ty == Ty::I64 => simpler_literals(*n)
            .into_iter()
            .map(OperandKind::Const)
            .collect(),
        _ => vec![],
    }
}

/// [`Edit::SetOperand`] for each operand of each instruction and `ret`
/// (a `br i1` condition is [`Edit::CbrToBr`]'s business) and each of its
/// [`replacements`].
pub(super) fn edits(p: &Prog, out: &mut Vec<Edit>) {
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                let mut ops = Vec::new();
                spec::visit::insn_operands(&insn.kind, |o| ops.push(o));
                for (k, (t, o)) in operand_tys(&insn.kind).iter().zip(ops).enumerate() {
                    let Some(t) = t else { continue };
                    for by in replacements(p, f, t, &o.kind) {
                        out.push(Edit::SetOperand(fi, bi, ii, k, by));
                    }
                }
            }
            if let TermKind::Ret(t, Some(o)) = &b.term.kind {
                for by in replacements(p, f, t, &o.kind) {
                    out.push(Edit::SetOperand(fi, bi, b.insns.len(), 0, by));
                }
            }
        }
    }
}

/// Applies [`Edit::SetOperand`] to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    let Edit::SetOperand(f, b, i, k, by) = e else {
        return None;
    };
    let blk = block_mut(q.fdecls.get_mut(*f)?, *b)?;
    let op = if *i == blk.insns.len() {
        match &mut blk.term.kind {
            TermKind::Ret(_, Some(o)) if *k == 0 => o,
            _ => return None,
        }
    } else {
        operands_mut(&mut blk.insns.get_mut(*i)?.kind)
            .into_iter()
            .nth(*k)?
    };
    if op.kind == *by {
        return None;
    }
    op.kind = by.clone();
    Some(())
}

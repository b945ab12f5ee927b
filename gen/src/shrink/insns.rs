//! Instructions: drop runs of them (halving runs, as delta debugging
//! does), or drop one that defines a local and give its uses a simpler
//! value. The first value tried is the literal the instruction computes
//! when its operands are literals, directly or through other such
//! instructions: this collapses the chains `spec::dialect::lower` writes
//! for a literal the dialect cannot write (`%t = shl i64 HI, 32` then `%u
//! = or i64 %t, LO`; `%u = sub i64 0, N`) back into the literal (the
//! printer lowers it again when the dialect needs it). Then `0`, `1`, the
//! parameters and globals of its type, its own operands of its type, and
//! values of its type computed before it in its block (for a `load`, first
//! the value last stored to its pointer).
//! The instructions without effects that only fed the dropped one go too.
//! Last, an instruction that defines an `i64` becomes `add i64 c, 0`,
//! keeping its local ([`recompute_edits`]).

use super::literals::value_of;
use super::operands::{operand_tys, stand_ins};
use super::{block_mut, blocks, blocks_mut, Edit};
use spec::{Bop, Fdecl, InsnKind, Operand, OperandKind, Prog, TermKind, Ty, TypeEnv};

/// This file's edits of `p`: every run of every block, then every value
/// replacement.
pub(super) fn edits(p: &Prog, out: &mut Vec<Edit>) {
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            let n = b.insns.len();
            let mut len = n;
            while len >= 1 {
                let mut start = 0;
                while start < n {
                    out.push(Edit::RemoveInsns(fi, bi, start, len.min(n - start)));
                    start += len;
                }
                len /= 2;
            }
        }
    }
    let env = TypeEnv::new(p);
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                let Some(r) = &insn.result else { continue };
                let Some(ty) = result_ty(&env, &insn.kind) else {
                    continue;
                };
                let mut bys: Vec<OperandKind> = Vec::new();
                if let Some(v) = value_of(f, &OperandKind::Id(r.clone()), 8) {
                    bys.push(OperandKind::Const(v));
                }
                bys.extend(stand_ins(p, f, &ty));
                let mut ops = Vec::new();
                spec::visit::insn_operands(&insn.kind, |o| ops.push(o));
                for (t, o) in operand_tys(&insn.kind).iter().zip(ops) {
                    if t.as_ref() == Some(&ty) {
                        bys.push(o.kind.clone());
                    }
                }
                bys.extend(earlier_values(&env, &b.insns[..ii], &insn.kind, &ty));
                let mut seen = Vec::new();
                for by in bys {
                    if !seen.contains(&by) {
                        seen.push(by.clone());
                        out.push(Edit::ReplaceValue(fi, bi, ii, by));
                    }
                }
            }
        }
    }
    recompute_edits(p, out);
}

/// The [`Edit::Recompute`]s of `p`: each instruction that defines an
/// `i64` and is not already a `binop` of two literals becomes `add i64 c,
/// 0`, `c` first the value it has when that is known from literals
/// ([`value_of`]; for a `load`, the literal last stored to its pointer
/// earlier in its block), then `0` and `1`. A register allocator that
/// lets an unused value overwrite a live one fails only while the live
/// value is in a register; replacing it by a literal ([`Edit::ReplaceValue`])
/// hides the bug, but a live `add` of literals keeps it and lets what
/// computed the value (an `alloca` and the `store` that filled it) go.
fn recompute_edits(p: &Prog, out: &mut Vec<Edit>) {
    let env = TypeEnv::new(p);
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                let Some(r) = &insn.result else { continue };
                if result_ty(&env, &insn.kind) != Some(Ty::I64) || of_literals(&insn.kind) {
                    continue;
                }
                let mut cs: Vec<i64> = Vec::new();
                cs.extend(value_of(f, &OperandKind::Id(r.clone()), 8));
                if let [OperandKind::Const(c), ..] =
                    earlier_values(&env, &b.insns[..ii], &insn.kind, &Ty::I64)[..]
                {
                    if matches!(insn.kind, InsnKind::Load { .. }) {
                        cs.push(c);
                    }
                }
                cs.extend([0, 1]);
                let mut seen = Vec::new();
                for c in cs {
                    if !seen.contains(&c) {
                        seen.push(c);
                        out.push(Edit::Recompute(fi, bi, ii, c));
                    }
                }
            }
        }
    }
}

/// True for a `binop` whose operands are both literals: what
/// [`Edit::Recompute`] makes, which it leaves alone.
fn of_literals(k: &InsnKind) -> bool {
    matches!(k, InsnKind::Binop { op1, op2, .. }
        if matches!(op1.kind, OperandKind::Const(_)) && matches!(op2.kind, OperandKind::Const(_)))
}

/// Values that dominate an instruction `k` of type `ty` placed after
/// `before` in its block: for a `load`, the value the nearest earlier
/// `store` to the same pointer wrote (store-to-load forwarding); then the
/// three nearest earlier locals of type `ty`.
fn earlier_values(env: &TypeEnv, before: &[spec::Insn], k: &InsnKind, ty: &Ty) -> Vec<OperandKind> {
    let mut out = Vec::new();
    if let InsnKind::Load { ptr, .. } = k {
        let stored = before.iter().rev().find_map(|i| match &i.kind {
            InsnKind::Store { val, ptr: p, .. } if p.kind == ptr.kind => Some(val.kind.clone()),
            _ => None,
        });
        out.extend(stored);
    }
    out.extend(
        before
            .iter()
            .rev()
            .filter(|i| result_ty(env, &i.kind).as_ref() == Some(ty))
            .filter_map(|i| i.result.clone().map(OperandKind::Id))
            .take(3),
    );
    out
}

/// The type of the local `k` defines (`None` for `void` or a GEP that does
/// not type).
fn result_ty(env: &TypeEnv, k: &InsnKind) -> Option<Ty> {
    Some(match k {
        InsnKind::Binop { .. } => Ty::I64,
        InsnKind::Icmp { .. } => Ty::I1,
        InsnKind::Alloca { ty } => ty.clone().ptr_to(),
        InsnKind::Load { ty, .. } => ty.clone(),
        InsnKind::Call { ret, .. } if *ret != Ty::Void => ret.clone(),
        InsnKind::Gep { base_ty, idxs, .. } => env.gepty(base_ty, idxs).ok()?.ptr_to(),
        InsnKind::Bitcast { to, .. } => to.clone(),
        InsnKind::Store { .. } | InsnKind::Call { .. } => return None,
    })
}

/// Applies one of this file's edits to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    match e {
        Edit::RemoveInsns(f, b, start, len) => {
            let blk = block_mut(q.fdecls.get_mut(*f)?, *b)?;
            if *len == 0 || start + len > blk.insns.len() {
                return None;
            }
            blk.insns.drain(*start..start + len);
        }
        Edit::ReplaceValue(f, b, i, by) => {
            let fd = q.fdecls.get_mut(*f)?;
            let blk = block_mut(fd, *b)?;
            let r = blk.insns.get(*i)?.result.clone()?;
            if *by == OperandKind::Id(r.clone()) {
                return None;
            }
            let gone = blk.insns.remove(*i);
            replace_local(fd, &r, by);
            let mut fed = Vec::new();
            spec::visit::insn_operands(&gone.kind, |o| fed.push(o.kind.clone()));
            drop_dead_feeders(fd, fed);
        }
        Edit::Recompute(f, b, i, c) => {
            let fd = q.fdecls.get_mut(*f)?;
            let insn = block_mut(fd, *b)?.insns.get_mut(*i)?;
            insn.result.as_ref()?;
            if of_literals(&insn.kind) {
                return None;
            }
            let span = insn.span;
            let literal = |n: i64| Operand {
                kind: OperandKind::Const(n),
                span,
            };
            let kind = InsnKind::Binop {
                bop: Bop::Add,
                ty: Ty::I64,
                op1: literal(*c),
                op2: literal(0),
            };
            let gone = std::mem::replace(&mut insn.kind, kind);
            let mut fed = Vec::new();
            spec::visit::insn_operands(&gone, |o| fed.push(o.kind.clone()));
            drop_dead_feeders(fd, fed);
        }
        _ => return None,
    }
    Some(())
}

/// Every read of the local `r` in `f` reads `by` instead.
pub(super) fn replace_local(f: &mut Fdecl, r: &str, by: &OperandKind) {
    for blk in blocks_mut(f) {
        spec::visit::block_operands_mut(blk, &mut |o| {
            if matches!(&o.kind, OperandKind::Id(x) if x == r) {
                o.kind = by.clone();
            }
        });
    }
}

/// Drops the instructions without effects (no `store`, no `call`) that
/// define a local of `work` that nothing reads any more, and in turn those
/// that only fed them.
fn drop_dead_feeders(f: &mut Fdecl, mut work: Vec<OperandKind>) {
    while let Some(op) = work.pop() {
        let OperandKind::Id(x) = op else { continue };
        let read = blocks(f).any(|b| reads(b, &x));
        if read {
            continue;
        }
        for blk in blocks_mut(f) {
            let Some(pos) = blk
                .insns
                .iter()
                .position(|i| i.result.as_deref() == Some(x.as_str()))
            else {
                continue;
            };
            if matches!(
                blk.insns[pos].kind,
                InsnKind::Store { .. } | InsnKind::Call { .. }
            ) {
                break;
            }
            let gone = blk.insns.remove(pos);
            spec::visit::insn_operands(&gone.kind, |o| work.push(o.kind.clone()));
            break;
        }
    }
}

/// True when an instruction or the terminator of `b` reads the local `x`.
fn reads(b: &spec::Block, x: &str) -> bool {
    let is_x = |o: &spec::Operand| matches!(&o.kind, OperandKind::Id(y) if y == x);
    let mut read = false;
    for i in &b.insns {
        spec::visit::insn_operands(&i.kind, |o| read |= is_x(o));
    }
    read || matches!(&b.term.kind, TermKind::Ret(_, Some(o)) | TermKind::Cbr(o, ..) if is_x(o))
}

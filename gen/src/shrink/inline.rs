//! Inlining a call: the strategy a reduction retries with when the other
//! edits stop above a handful of instructions (`retry_edits`). A direct
//! call of a function whose body is one block ending in `ret`, and that
//! calls no function of the program (so inlining cannot go on forever), is
//! replaced by that body: parameters read the call's arguments, the
//! callee's locals get fresh names, and the call's result reads what the
//! `ret` returned. The callee, once no call is left, goes with
//! `Edit::RemoveFn`; what the caller does not need goes with the other
//! edits.

use super::insns::replace_local;
use super::{block_mut, blocks, Edit};
use spec::{Fdecl, InsnKind, OperandKind, Prog, TermKind};
use std::collections::HashMap;

/// The function of `p` named by a direct call `kind`, when it can be
/// inlined: one block, and no call of a function of `p` in it.
fn inlinable<'p>(p: &'p Prog, kind: &InsnKind) -> Option<&'p Fdecl> {
    let InsnKind::Call { callee, .. } = kind else {
        return None;
    };
    let OperandKind::Gid(g) = &callee.kind else {
        return None;
    };
    let f = p.fdecls.iter().find(|f| f.name == *g)?;
    let leaf = f.cfg.entry.insns.iter().all(|i| match &i.kind {
        InsnKind::Call { callee, .. } => {
            !matches!(&callee.kind, OperandKind::Gid(h) if p.fdecls.iter().any(|f| f.name == *h))
        }
        _ => true,
    });
    (f.cfg.blocks.is_empty() && leaf && matches!(f.cfg.entry.term.kind, TermKind::Ret(..)))
        .then_some(f)
}

/// Every call of `p` that [`inlinable`] allows, as `Edit::InlineCall`.
pub(super) fn edits(p: &Prog, out: &mut Vec<Edit>) {
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                if inlinable(p, &insn.kind).is_some_and(|g| g.name != f.name) {
                    out.push(Edit::InlineCall(fi, bi, ii));
                }
            }
        }
    }
}

/// A name for the callee's local `x` that no local of `caller` has:
/// `x_inN` for the smallest such `N`.
fn fresh(caller: &Fdecl, taken: &[String], x: &str) -> String {
    let used = |n: &str| {
        taken.iter().any(|t| t == n)
            || caller.params.iter().any(|(q, _)| q == n)
            || blocks(caller).any(|b| b.insns.iter().any(|i| i.result.as_deref() == Some(n)))
            || caller.cfg.blocks.iter().any(|l| l.label == n)
    };
    (0..)
        .map(|k| format!("{x}_in{k}"))
        .find(|n| !used(n))
        .unwrap_or_else(|| x.to_string())
}

/// Applies `Edit::InlineCall` to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    let Edit::InlineCall(f, b, i) = *e else {
        return None;
    };
    let call = block_mut(q.fdecls.get_mut(f)?, b)?.insns.get(i)?.clone();
    let callee = inlinable(q, &call.kind)?.clone();
    let caller = q.fdecls.get(f)?;
    if callee.name == caller.name {
        return None;
    }
    let InsnKind::Call { args, .. } = &call.kind else {
        return None;
    };
    // What each of the callee's locals reads as in the caller.
    let mut map: HashMap<String, OperandKind> = callee
        .params
        .iter()
        .zip(args)
        .map(|((x, _), (_, a))| (x.clone(), a.kind.clone()))
        .collect();
    let mut taken = Vec::new();
    for r in callee
        .cfg
        .entry
        .insns
        .iter()
        .filter_map(|i| i.result.clone())
    {
        let n = fresh(caller, &taken, &r);
        taken.push(n.clone());
        map.insert(r, OperandKind::Id(n));
    }
    let mut body = callee.cfg.entry.clone();
    spec::visit::block_operands_mut(&mut body, &mut |o| {
        if let OperandKind::Id(x) = &o.kind {
            if let Some(by) = map.get(x) {
                o.kind = by.clone();
            }
        }
    });
    for insn in &mut body.insns {
        if let Some(OperandKind::Id(n)) = insn.result.as_ref().and_then(|r| map.get(r)) {
            insn.result = Some(n.clone());
        }
    }
    let returned = match body.term.kind {
        TermKind::Ret(_, o) => o.map(|o| o.kind),
        _ => return None,
    };
    let fd = q.fdecls.get_mut(f)?;
    block_mut(fd, b)?.insns.splice(i..=i, body.insns);
    if let (Some(r), Some(by)) = (&call.result, &returned) {
        replace_local(fd, r, by);
    }
    Some(())
}

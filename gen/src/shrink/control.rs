//! Control flow: leave loops, turn conditional branches into branches,
//! merge straight-line blocks.
//!
//! Leaving a loop: the generator's loops (and most others) have a header
//! `H: ... br i1 %c, label %body, label %exit` and a back edge `br label
//! %H` at the end of the body. [`Edit::ExitLoop`] turns that back edge into
//! `br label %exit`, so the body runs once; the header's branch can then go
//! straight to the body ([`Edit::CbrToBr`]) and the blocks merge
//! ([`Edit::MergeBlocks`]). It is allowed only when `H` is not reachable
//! from the new target, so it always removes paths and never loops.

use super::{block_mut, blocks, Edit};
use spec::{Fdecl, Prog, TermKind};
use std::collections::BTreeSet;

/// This file's edits of `p`, in order: loop exits, branch choices, merges.
pub(super) fn edits(p: &Prog, out: &mut Vec<Edit>) {
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            if let TermKind::Br(h) = &b.term.kind {
                if let Some(TermKind::Cbr(..)) = term_of(f, h) {
                    out.push(Edit::ExitLoop(fi, bi, true));
                    out.push(Edit::ExitLoop(fi, bi, false));
                }
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            if let TermKind::Cbr(..) = b.term.kind {
                out.push(Edit::CbrToBr(fi, bi, false));
                out.push(Edit::CbrToBr(fi, bi, true));
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            if let TermKind::Br(_) = b.term.kind {
                out.push(Edit::MergeBlocks(fi, bi));
            }
        }
    }
}

/// The terminator of the block labelled `l` in `f`.
fn term_of<'a>(f: &'a Fdecl, l: &str) -> Option<&'a TermKind> {
    f.cfg
        .blocks
        .iter()
        .find(|b| b.label == l)
        .map(|b| &b.block.term.kind)
}

/// The labels a terminator branches to.
fn targets(t: &TermKind) -> Vec<String> {
    match t {
        TermKind::Br(l) => vec![l.clone()],
        TermKind::Cbr(_, a, b) => vec![a.clone(), b.clone()],
        TermKind::Ret(..) => vec![],
    }
}

/// The labels reachable from the targets of `start` (not `start` itself
/// unless a path leads back to it).
fn reachable(f: &Fdecl, start: &TermKind) -> BTreeSet<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut work = targets(start);
    while let Some(l) = work.pop() {
        if !seen.insert(l.clone()) {
            continue;
        }
        if let Some(t) = term_of(f, &l) {
            work.extend(targets(t));
        }
    }
    seen
}

/// Applies one of this file's edits to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    match *e {
        Edit::ExitLoop(f, b, second) => {
            let fd = q.fdecls.get_mut(f)?;
            let TermKind::Br(h) = &block_mut(fd, b)?.term.kind else {
                return None;
            };
            let h = h.clone();
            let Some(TermKind::Cbr(_, l1, l2)) = term_of(fd, &h) else {
                return None;
            };
            let t = if second { l2.clone() } else { l1.clone() };
            let again = TermKind::Br(t.clone());
            if t == h || reachable(fd, &again).contains(&h) {
                return None;
            }
            block_mut(fd, b)?.term.kind = again;
            drop_unreachable(fd);
        }
        Edit::CbrToBr(f, b, second) => {
            let fd = q.fdecls.get_mut(f)?;
            let blk = block_mut(fd, b)?;
            let TermKind::Cbr(_, l1, l2) = &blk.term.kind else {
                return None;
            };
            let l = if second { l2.clone() } else { l1.clone() };
            blk.term.kind = TermKind::Br(l);
            drop_unreachable(fd);
        }
        Edit::MergeBlocks(f, b) => {
            let fd = q.fdecls.get_mut(f)?;
            let TermKind::Br(l) = &block_mut(fd, b)?.term.kind else {
                return None;
            };
            let l = l.clone();
            let preds = blocks(fd)
                .filter(|blk| targets(&blk.term.kind).contains(&l))
                .count();
            let k = fd.cfg.blocks.iter().position(|x| x.label == l)?;
            if preds != 1 || k + 1 == b {
                return None;
            }
            let succ = fd.cfg.blocks.remove(k).block;
            let b = if k + 1 < b { b - 1 } else { b };
            let blk = block_mut(fd, b)?;
            blk.insns.extend(succ.insns);
            blk.term = succ.term;
        }
        _ => return None,
    }
    Some(())
}

/// Drops the blocks no path from the entry reaches.
fn drop_unreachable(f: &mut Fdecl) {
    let seen = reachable(f, &f.cfg.entry.term.kind);
    f.cfg.blocks.retain(|b| seen.contains(&b.label));
}

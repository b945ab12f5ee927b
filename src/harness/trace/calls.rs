//! The values a function keeps across each of its calls, for the traced
//! variant that prints only at calls ([`super::Density::Calls`], docs/grading.md,
//! "Tracing at calls only"). A register allocator must keep such a value
//! where the call does not overwrite it (a callee-saved register, the
//! stack); printing it right after the call makes nothing live that was
//! not live already, so the allocator places values as it did in the
//! program as sent.

use spec::ast::{Block, Fdecl, InsnKind, Operand, OperandKind, TermKind, Ty};
use spec::visit::insn_operands;
use std::collections::{BTreeSet, HashMap};

/// Per call of `f` (its block's label, `entry_label` for the entry block,
/// and its index there), the `i64` locals kept across it, in the order
/// they are defined: the `i64` parameters and the `i64` results of the
/// instructions before the call in its block that are read after it: by a
/// later instruction or the terminator of the block, or by a block a path
/// from it reaches (in SSA form nothing redefines them on the way, so
/// this is their liveness). The call's own result is not kept across it.
pub fn kept_across(f: &Fdecl, entry_label: &str) -> HashMap<(String, usize), Vec<String>> {
    let blocks: Vec<(&str, &Block)> = std::iter::once((entry_label, &f.cfg.entry))
        .chain(f.cfg.blocks.iter().map(|b| (b.label.as_str(), &b.block)))
        .collect();
    let read_in: Vec<BTreeSet<&str>> = blocks.iter().map(|(_, b)| reads(b, 0)).collect();
    let params: Vec<&str> = f
        .params
        .iter()
        .filter(|(_, ty)| *ty == Ty::I64)
        .map(|(p, _)| p.as_str())
        .collect();
    let mut kept = HashMap::new();
    for (k, (label, block)) in blocks.iter().enumerate() {
        let after = reachable(&blocks, k);
        let elsewhere = |x: &str| after.iter().any(|&j| read_in[j].contains(x));
        for (index, insn) in block.insns.iter().enumerate() {
            if !matches!(insn.kind, InsnKind::Call { .. }) {
                continue;
            }
            let later = reads(block, index + 1);
            let defined_before = block.insns[..index].iter().filter_map(|i| match &i.kind {
                InsnKind::Binop { ty: Ty::I64, .. }
                | InsnKind::Load { ty: Ty::I64, .. }
                | InsnKind::Call { ret: Ty::I64, .. } => i.result.as_deref(),
                _ => None,
            });
            let live: Vec<String> = params
                .iter()
                .copied()
                .chain(defined_before)
                .filter(|x| later.contains(x) || elsewhere(x))
                .map(String::from)
                .collect();
            if !live.is_empty() {
                kept.insert((label.to_string(), index), live);
            }
        }
    }
    kept
}

/// The indices into `blocks` of the blocks some path from block `k`'s
/// terminator reaches (`k` itself when it is in a loop).
fn reachable(blocks: &[(&str, &Block)], k: usize) -> Vec<usize> {
    let index = |l: &str| blocks.iter().position(|(m, _)| *m == l);
    let successors = |j: usize| -> Vec<usize> {
        match &blocks[j].1.term.kind {
            TermKind::Br(l) => index(l).into_iter().collect(),
            TermKind::Cbr(_, a, b) => index(a).into_iter().chain(index(b)).collect(),
            TermKind::Ret(..) => vec![],
        }
    };
    let mut seen = vec![false; blocks.len()];
    let mut todo = successors(k);
    while let Some(j) = todo.pop() {
        if !std::mem::replace(&mut seen[j], true) {
            todo.extend(successors(j));
        }
    }
    (0..blocks.len()).filter(|&j| seen[j]).collect()
}

/// The locals read by the instructions of `block` from index `from` on
/// and by its terminator.
fn reads(block: &Block, from: usize) -> BTreeSet<&str> {
    let mut ops: Vec<&Operand> = Vec::new();
    for i in block.insns.iter().skip(from) {
        insn_operands(&i.kind, |o| ops.push(o));
    }
    match &block.term.kind {
        TermKind::Ret(_, Some(o)) | TermKind::Cbr(o, _, _) => ops.push(o),
        TermKind::Ret(_, None) | TermKind::Br(_) => {}
    }
    ops.into_iter()
        .filter_map(|o| match &o.kind {
            OperandKind::Id(x) => Some(x.as_str()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand: at the call in entry, %a (a parameter read in block b2,
    /// which entry reaches) and %x (read by the `add` after the call) are
    /// kept; %y and %s are read before the call or by it only, %b never
    /// after it, %r is the call's own result. At the call in b2 nothing
    /// is read after it but its own result (%a is read in b2 before it,
    /// %b in entry, which b2 does not reach): no entry.
    #[test]
    fn values_read_after_a_call_are_kept_across_it() {
        let p = spec::parse(&spec::Source::new(
            "t.ll",
            "define i64 @g(i64 %v) {\n  ret i64 %v\n}\n\
             define i64 @f(i64 %a, i64 %b) {\n  %x = add i64 %b, 1\n  %y = add i64 %b, 2\n  %s = add i64 %y, 0\n  %r = call i64 @g(i64 %s)\n  %t = add i64 %x, %r\n  br label %b2\n\
             b2:\n  %u = add i64 %a, %t\n  %w = call i64 @g(i64 %u)\n  ret i64 %w\n}\n",
        ))
        .expect("parses");
        let f = &p.fdecls[1];
        let kept = kept_across(f, "entry");
        assert_eq!(
            kept.get(&("entry".to_string(), 3)),
            Some(&vec!["a".to_string(), "x".to_string()])
        );
        assert_eq!(kept.get(&("b2".to_string(), 1)), None);
        assert_eq!(kept.len(), 1);
    }
}

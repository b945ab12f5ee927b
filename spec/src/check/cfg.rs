//! Blocks, CFGs and function definitions: unique labels, unique locals,
//! and well-scoped locals ("there must never be a path to a use of a local
//! that does not pass through its definition"), checked with dominators.
//!
//! Decision (as LLVM's verifier): only uses in blocks reachable from the
//! entry are checked for dominance. A use in an unreachable block needs only
//! a definition somewhere in the function (`local-defined`); it can never
//! run. A definition in an unreachable block dominates no reachable use.

use super::Checker;
use crate::ast::{Block, Fdecl, Insn, InsnKind, Operand, OperandKind, TermKind, Ty};
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

/// Where a local is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Site {
    /// A formal parameter: defined before the entry block.
    Param,
    /// The result of instruction `idx` of block `block` (0 is the entry).
    Insn {
        /// The block (0 = entry, i + 1 = the i-th labelled block).
        block: usize,
        /// The instruction's index in the block.
        idx: usize,
    },
}

/// The definition of a local.
#[derive(Clone, Debug)]
pub(super) struct LocalDef {
    /// Its type, when the instruction's annotations determine one.
    pub ty: Option<Ty>,
    /// Where it is defined (the first definition, if there are several).
    pub site: Site,
}

/// The locals of one function, by name.
#[derive(Clone, Debug, Default)]
pub(super) struct Locals {
    map: HashMap<String, LocalDef>,
}

impl Locals {
    /// The definition of `%name`.
    pub fn get(&self, name: &str) -> Option<&LocalDef> {
        self.map.get(name)
    }
}

/// The blocks of a function: the entry block, then the labelled blocks.
pub(super) fn blocks(f: &Fdecl) -> Vec<&Block> {
    f.cfg.blocks().collect()
}

/// The block number of each label of a function.
pub(super) type Labels<'f> = HashMap<&'f str, usize>;

/// The block number (i + 1) of each label (the first block with it).
pub(super) fn label_index(f: &Fdecl) -> Labels<'_> {
    let mut m = HashMap::default();
    for (i, b) in f.cfg.blocks.iter().enumerate() {
        m.entry(b.label.as_str()).or_insert(i + 1);
    }
    m
}

/// The labels a terminator branches to.
pub(super) fn targets(kind: &TermKind) -> Vec<&str> {
    kind.targets()
}

/// The operands an instruction reads.
pub(super) fn insn_operands(kind: &InsnKind) -> Vec<&Operand> {
    let mut ops = Vec::new();
    crate::visit::insn_operands(kind, |o| ops.push(o));
    ops
}

/// The operands a terminator reads.
fn term_operands(kind: &TermKind) -> Vec<&Operand> {
    match kind {
        TermKind::Ret(_, Some(op)) | TermKind::Cbr(op, _, _) => vec![op],
        TermKind::Ret(_, None) | TermKind::Br(_) => Vec::new(),
    }
}

impl Checker<'_> {
    /// The type of the local an instruction defines, from its annotations:
    /// `None` for store, void calls, GEPs whose GEPTY is undefined, and
    /// types that are not simple (a local holds simple values only; the
    /// annotation is reported where it is written, and uses of the local
    /// are then not compared again).
    fn result_ty(&self, insn: &Insn) -> Option<Ty> {
        self.annotated_result_ty(insn).filter(|t| self.is_simple(t))
    }

    /// The type an instruction's annotations give its result.
    fn annotated_result_ty(&self, insn: &Insn) -> Option<Ty> {
        match &insn.kind {
            InsnKind::Binop { ty, .. } => Some(ty.clone()),
            InsnKind::Alloca { ty } => Some(ty.clone().ptr_to()),
            InsnKind::Load { ty, .. } => Some(ty.clone()),
            InsnKind::Store { .. } => None,
            InsnKind::Icmp { .. } => Some(Ty::I1),
            InsnKind::Call { ret, .. } => (*ret != Ty::Void).then(|| ret.clone()),
            InsnKind::Gep { base_ty, idxs, .. } => {
                self.env.gepty(base_ty, idxs).ok().map(Ty::ptr_to)
            }
            InsnKind::Bitcast { to, .. } => Some(to.clone()),
        }
    }

    /// `duplicate-local`: each local, parameters included, is defined once.
    /// Returns the function's locals (first definitions).
    pub(super) fn duplicate_local(&mut self, f: &Fdecl) -> Locals {
        let mut locals = Locals::default();
        for (x, ty) in &f.params {
            if locals.map.contains_key(x) {
                self.report(
                    "duplicate-local",
                    f.span,
                    format!("parameter %{x} of @{} is defined twice", f.name),
                );
            } else {
                locals.map.insert(
                    x.clone(),
                    LocalDef {
                        ty: Some(ty.clone()).filter(|t| self.is_simple(t)),
                        site: Site::Param,
                    },
                );
            }
        }
        for (b, block) in blocks(f).into_iter().enumerate() {
            for (idx, insn) in block.insns.iter().enumerate() {
                let Some(x) = &insn.result else { continue };
                if let Some(prev) = locals.map.get(x) {
                    let first = match prev.site {
                        Site::Param => "as a parameter".to_string(),
                        Site::Insn { block, .. } => {
                            format!("in block {}", self.block_name(f, block))
                        }
                    };
                    self.report_note(
                        "duplicate-local",
                        insn.span,
                        format!(
                            "%{x} is defined twice in @{}; each local is defined once",
                            f.name
                        ),
                        format!("first defined {first}"),
                    );
                } else {
                    let ty = self.result_ty(insn);
                    locals.map.insert(
                        x.clone(),
                        LocalDef {
                            ty,
                            site: Site::Insn { block: b, idx },
                        },
                    );
                }
            }
        }
        locals
    }

    /// The block's label for messages (`the entry block` for block 0).
    pub(super) fn block_name(&self, f: &Fdecl, b: usize) -> String {
        match b.checked_sub(1).and_then(|i| f.cfg.blocks.get(i)) {
            Some(lb) => format!("%{}", lb.label),
            None => "the entry block".to_string(),
        }
    }

    /// `duplicate-label`: each label (the entry's, if written, included) is
    /// defined once.
    pub(super) fn duplicate_label(&mut self, f: &Fdecl) {
        let mut seen: HashMap<&str, ()> = HashMap::default();
        if let Some(l) = &f.cfg.entry_label {
            seen.insert(l, ());
        }
        for b in &f.cfg.blocks {
            if seen.insert(&b.label, ()).is_some() {
                self.report(
                    "duplicate-label",
                    b.label_span,
                    format!("label %{} is defined twice in @{}", b.label, f.name),
                );
            }
        }
    }

    /// `label-local-clash`: a label does not have the name of a local
    /// ("each label and local definition must be unique"; LLVM keeps labels
    /// and locals in one namespace and rejects the clash).
    pub(super) fn label_local_clash(&mut self, f: &Fdecl, locals: &Locals) {
        let labels = f
            .cfg
            .entry_label
            .iter()
            .map(|l| (l, f.span))
            .chain(f.cfg.blocks.iter().map(|b| (&b.label, b.label_span)));
        for (l, span) in labels {
            if locals.get(l).is_some() {
                self.report(
                    "label-local-clash",
                    span,
                    format!("label %{l} has the name of a local of @{}; labels and locals share one namespace", f.name),
                );
            }
        }
    }

    /// `dominance`: every use of a local in a reachable block is dominated
    /// by its definition (same block: the definition comes first).
    pub(super) fn dominance(&mut self, f: &Fdecl, locals: &Locals, labels: &Labels) {
        let blocks = blocks(f);
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|b| {
                targets(&b.term.kind)
                    .into_iter()
                    .filter_map(|l| labels.get(l).copied())
                    .collect()
            })
            .collect();
        let dom = Dominators::new(&succs);
        for (c, block) in blocks.iter().enumerate() {
            if !dom.reachable(c) {
                continue;
            }
            let uses = block
                .insns
                .iter()
                .enumerate()
                .flat_map(|(j, i)| insn_operands(&i.kind).into_iter().map(move |o| (j, o)))
                .chain(
                    term_operands(&block.term.kind)
                        .into_iter()
                        .map(|o| (block.insns.len(), o)),
                );
            for (j, op) in uses {
                let OperandKind::Id(x) = &op.kind else {
                    continue;
                };
                let Some(def) = locals.get(x) else { continue };
                let ok = match def.site {
                    Site::Param => true,
                    Site::Insn { block: b, idx: i } => {
                        if b == c {
                            i < j
                        } else {
                            dom.reachable(b) && dom.dominates(b, c)
                        }
                    }
                };
                if !ok {
                    self.report_dominance(f, x, op.span, def.site, c);
                }
            }
        }
    }

    fn report_dominance(&mut self, f: &Fdecl, x: &str, span: Span, site: Site, c: usize) {
        let Site::Insn { block: b, .. } = site else {
            return;
        };
        let msg = if b == c {
            format!("%{x} is used before its definition in the same block")
        } else {
            format!(
                "%{x} is used in {} but defined in {}, which does not dominate it: some path from the entry reaches this use without passing the definition",
                self.block_name(f, c),
                self.block_name(f, b)
            )
        };
        self.report("dominance", span, msg);
    }
}

/// The dominator tree of a CFG (block 0 is the entry), computed with the
/// iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
/// Dominance Algorithm") over the blocks reachable from the entry; no
/// recursion.
struct Dominators {
    /// Immediate dominator of each reachable block (the entry's is itself).
    idom: Vec<Option<usize>>,
    /// Preorder entry and exit numbers in the dominator tree: `a` dominates
    /// `b` iff `a`'s interval contains `b`'s.
    tin: Vec<usize>,
    tout: Vec<usize>,
}

impl Dominators {
    fn new(succs: &[Vec<usize>]) -> Dominators {
        let n = succs.len();
        // Reverse postorder by an iterative depth-first search.
        let mut post = Vec::with_capacity(n);
        let mut visited = vec![false; n];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        if n > 0 {
            visited[0] = true;
            stack.push((0, 0));
        }
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&s) = succs[b].get(*next) {
                *next += 1;
                if !visited[s] {
                    visited[s] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let mut order = vec![usize::MAX; n]; // postorder number
        for (i, &b) in post.iter().enumerate() {
            order[b] = i;
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in &post {
            for &s in &succs[b] {
                preds[s].push(b);
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(0);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev() {
                if b == 0 {
                    continue;
                }
                let mut new: Option<usize> = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(q) => intersect(&idom, &order, p, q),
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        // Number the dominator tree (iteratively).
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (b, d) in idom.iter().enumerate() {
            if let Some(d) = *d {
                if d != b {
                    children[d].push(b);
                }
            }
        }
        let mut tin = vec![0; n];
        let mut tout = vec![0; n];
        let mut clock = 0;
        let mut stack: Vec<(usize, usize)> = Vec::new();
        if n > 0 {
            stack.push((0, 0));
            tin[0] = clock;
            clock += 1;
        }
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[b].get(*next) {
                *next += 1;
                tin[c] = clock;
                clock += 1;
                stack.push((c, 0));
            } else {
                tout[b] = clock;
                clock += 1;
                stack.pop();
            }
        }
        Dominators { idom, tin, tout }
    }

    /// True when block `b` is reachable from the entry.
    fn reachable(&self, b: usize) -> bool {
        self.idom.get(b).is_some_and(Option::is_some)
    }

    /// True when reachable block `a` dominates reachable block `b`.
    fn dominates(&self, a: usize, b: usize) -> bool {
        self.tin[a] <= self.tin[b] && self.tout[b] <= self.tout[a]
    }
}

/// The nearest common dominator of `a` and `b` (both processed).
fn intersect(idom: &[Option<usize>], order: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while order[a] < order[b] {
            match idom[a] {
                Some(d) => a = d,
                None => return b,
            }
        }
        while order[b] < order[a] {
            match idom[b] {
                Some(d) => b = d,
                None => return a,
            }
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::Dominators;

    /// The blocks `a` dominates, among `0..n`.
    fn dominated(d: &Dominators, a: usize, n: usize) -> Vec<usize> {
        (0..n)
            .filter(|&b| d.reachable(b) && d.dominates(a, b))
            .collect()
    }

    #[test]
    fn diamond_join_is_dominated_by_the_entry_only() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3.
        let d = Dominators::new(&[vec![1, 2], vec![3], vec![3], vec![]]);
        assert_eq!(dominated(&d, 0, 4), vec![0, 1, 2, 3]);
        assert_eq!(dominated(&d, 1, 4), vec![1]);
        assert_eq!(dominated(&d, 2, 4), vec![2]);
    }

    #[test]
    fn loop_header_dominates_its_body_and_exit() {
        // 0 -> 1; 1 -> 2, 3; 2 -> 1.
        let d = Dominators::new(&[vec![1], vec![2, 3], vec![1], vec![]]);
        assert_eq!(dominated(&d, 1, 4), vec![1, 2, 3]);
        assert_eq!(dominated(&d, 2, 4), vec![2]);
    }

    #[test]
    fn irreducible_loop_entries_dominate_nothing_but_themselves() {
        // 0 -> 1, 2; 1 -> 2; 2 -> 1.
        let d = Dominators::new(&[vec![1, 2], vec![2], vec![1]]);
        assert_eq!(dominated(&d, 1, 3), vec![1]);
        assert_eq!(dominated(&d, 2, 3), vec![2]);
    }

    #[test]
    fn unreachable_blocks_are_not_reachable() {
        // 0 -> 2; 1 -> 2.
        let d = Dominators::new(&[vec![2], vec![2], vec![]]);
        assert!(!d.reachable(1));
        assert_eq!(dominated(&d, 0, 3), vec![0, 2]);
    }

    #[test]
    fn a_long_chain_needs_no_recursion() {
        let n = 200_000;
        let succs: Vec<Vec<usize>> = (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![] })
            .collect();
        let d = Dominators::new(&succs);
        assert!(d.dominates(0, n - 1) && d.dominates(n / 2, n - 1));
        assert!(!d.dominates(n - 1, n / 2));
    }
}

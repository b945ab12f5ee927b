//! The optimiser patterns ([`Feature::opt_patterns`]) read off a program's
//! syntax. Places are resolved within one block: a pointer is a root (a
//! global, or a local that is not a GEP or a bitcast) and a path of
//! constant GEP indices; a pointer loaded from a slot that the same block
//! stored a pointer into (with no call between) is the pointer stored.

use super::{all_insns, Feature};
use oracle::arith::bop_value;
use spec::{Bop, Fdecl, Insn, InsnKind, Operand, OperandKind, Prog, TermKind, Ty};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A pointer's place reached through a GEP.
const VIA_GEP: u8 = 1;
/// ... through a bitcast.
const VIA_CAST: u8 = 2;
/// ... through a pointer stored in memory and loaded back.
const VIA_MEMORY: u8 = 4;

/// A place: the root's name (`@g` or `%x`) and the constant path from it.
type Key = (String, Vec<i64>);

/// What a function stores into directly: the positions of the pointer
/// parameters it stores through, and the globals.
#[derive(Default)]
struct Writes {
    params: BTreeSet<usize>,
    globals: BTreeSet<String>,
}

/// Adds the optimiser patterns `prog` contains to `out`.
pub(super) fn opt_features(prog: &Prog, out: &mut BTreeSet<Feature>) {
    let mut writes: HashMap<&str, Writes> = HashMap::new();
    for f in &prog.fdecls {
        let w = writes.entry(f.name.as_str()).or_default();
        for i in all_insns(f) {
            if let InsnKind::Store { ptr, .. } = &i.kind {
                match &ptr.kind {
                    OperandKind::Id(x) => {
                        if let Some(k) = f.params.iter().position(|(p, _)| p == x) {
                            w.params.insert(k);
                        }
                    }
                    OperandKind::Gid(g) => {
                        w.globals.insert(g.clone());
                    }
                    _ => {}
                }
            }
        }
    }
    for f in &prog.fdecls {
        Fun::new(f).scan(&writes, out);
    }
}

/// One function: its definitions and blocks (the entry first).
struct Fun<'a> {
    defs: HashMap<&'a str, (&'a InsnKind, usize)>,
    blocks: Vec<(&'a [Insn], &'a TermKind)>,
    labels: HashMap<&'a str, usize>,
    /// Loaded pointers known to equal a pointer stored before.
    forward: HashMap<String, Operand>,
}

impl<'a> Fun<'a> {
    fn new(f: &'a Fdecl) -> Fun<'a> {
        let mut blocks = vec![(f.cfg.entry.insns.as_slice(), &f.cfg.entry.term.kind)];
        let mut labels = HashMap::new();
        for b in &f.cfg.blocks {
            labels.insert(b.label.as_str(), blocks.len());
            blocks.push((b.block.insns.as_slice(), &b.block.term.kind));
        }
        let mut defs = HashMap::new();
        for (k, (insns, _)) in blocks.iter().enumerate() {
            for i in insns.iter() {
                if let Some(r) = &i.result {
                    defs.insert(r.as_str(), (&i.kind, k));
                }
            }
        }
        Fun {
            defs,
            blocks,
            labels,
            forward: HashMap::new(),
        }
    }

    fn def(&self, op: &Operand) -> Option<&'a InsnKind> {
        match &op.kind {
            OperandKind::Id(x) => self.defs.get(x.as_str()).map(|d| d.0),
            _ => None,
        }
    }

    /// The place `op` points at and how it was reached (`VIA_*` bits).
    fn place(&self, op: &Operand, depth: usize) -> Option<(Key, u8)> {
        if depth > 32 {
            return None;
        }
        let x = match &op.kind {
            OperandKind::Gid(g) => return Some(((format!("@{g}"), vec![0]), 0)),
            OperandKind::Id(x) => x,
            _ => return None,
        };
        if let Some(src) = self.forward.get(x) {
            let (k, v) = self.place(src, depth + 1)?;
            return Some((k, v | VIA_MEMORY));
        }
        match self.def(op) {
            Some(InsnKind::Gep { ptr, idxs, .. }) => {
                let ((root, mut path), v) = self.place(ptr, depth + 1)?;
                let consts: Vec<i64> = idxs
                    .iter()
                    .map(|i| match i.kind {
                        OperandKind::Const(n) => Some(n),
                        _ => None,
                    })
                    .collect::<Option<_>>()?;
                let (first, rest) = consts.split_first()?;
                let last = path.last_mut()?;
                *last = last.wrapping_add(*first);
                path.extend_from_slice(rest);
                Some(((root, path), v | VIA_GEP))
            }
            Some(InsnKind::Bitcast { op, .. }) => {
                let (k, v) = self.place(op, depth + 1)?;
                Some((k, v | VIA_CAST))
            }
            _ => Some(((format!("%{x}"), vec![0]), 0)),
        }
    }

    /// The word `op` always is, when it is computed from literals only.
    fn constant(&self, op: &Operand, depth: usize) -> Option<i64> {
        match (&op.kind, self.def(op)) {
            (OperandKind::Const(n), _) => Some(*n),
            (_, Some(InsnKind::Binop { bop, op1, op2, .. })) if depth < 32 => {
                let a = self.constant(op1, depth + 1)?;
                let b = self.constant(op2, depth + 1)?;
                bop_value(*bop, a, b)
            }
            _ => None,
        }
    }

    fn scan(mut self, writes: &HashMap<&str, Writes>, out: &mut BTreeSet<Feature>) {
        for k in 0..self.blocks.len() {
            self.scan_block(k, writes, out);
        }
        self.control(out);
    }

    /// Aliases, dead stores, calls that write, constants and shifts in
    /// block `k`, in order.
    fn scan_block(
        &mut self,
        k: usize,
        writes: &HashMap<&str, Writes>,
        out: &mut BTreeSet<Feature>,
    ) {
        let (insns, _) = self.blocks[k];
        // Stores since the block began or the last call: the operand
        // written and its place.
        let mut stores: Vec<(&Operand, Key, u8)> = Vec::new();
        // Places stored since the last load or call.
        let mut unread: BTreeSet<Key> = BTreeSet::new();
        // Pointer slots and the pointer last stored into them.
        let mut slots: BTreeMap<Key, Operand> = BTreeMap::new();
        // Places and globals a call in this block wrote.
        let mut by_call: BTreeSet<Key> = BTreeSet::new();
        let mut globals_by_call: BTreeSet<&str> = BTreeSet::new();
        for i in insns {
            match &i.kind {
                InsnKind::Store { ty, val, ptr, .. } => {
                    let Some((key, via)) = self.place(ptr, 0) else {
                        continue;
                    };
                    alias(&stores, ptr, &key, via, out);
                    if !unread.insert(key.clone()) {
                        out.insert(Feature::DeadStore);
                    }
                    if matches!(ty, Ty::Ptr(_)) {
                        slots.insert(key.clone(), val.clone());
                    }
                    stores.push((ptr, key, via));
                }
                InsnKind::Load { ty, ptr, .. } => {
                    unread.clear();
                    let Some((key, via)) = self.place(ptr, 0) else {
                        continue;
                    };
                    alias(&stores, ptr, &key, via, out);
                    if by_call.contains(&key) {
                        out.insert(Feature::CalleeWritesArg);
                    }
                    if matches!(&ptr.kind, OperandKind::Gid(g) if globals_by_call.contains(g.as_str()))
                    {
                        out.insert(Feature::CallWritesGlobal);
                    }
                    if let (Ty::Ptr(_), Some(src), Some(r)) = (ty, slots.get(&key), &i.result) {
                        self.forward.insert(r.clone(), src.clone());
                    }
                }
                InsnKind::Call { callee, args, .. } => {
                    unread.clear();
                    stores.clear();
                    slots.clear();
                    let w = match &callee.kind {
                        OperandKind::Gid(g) => writes.get(g.as_str()),
                        _ => None,
                    };
                    for (p, (_, a)) in args.iter().enumerate() {
                        if w.is_some_and(|w| w.params.contains(&p)) {
                            if let Some((key, _)) = self.place(a, 0) {
                                by_call.insert(key);
                            }
                        }
                    }
                    if let Some(w) = w {
                        globals_by_call.extend(w.globals.iter().map(String::as_str));
                    }
                }
                InsnKind::Binop { bop, op1, op2, .. } => self.binop(*bop, op1, op2, out),
                _ => {}
            }
        }
    }

    /// Constant expressions past the 63-bit range and shifts by 63.
    fn binop(&self, bop: Bop, a: &Operand, b: &Operand, out: &mut BTreeSet<Feature>) {
        if let (Some(x), Some(y)) = (self.constant(a, 0), self.constant(b, 0)) {
            let value = exact(bop, x, y).unwrap_or(0);
            if !(-(1i128 << 62)..(1i128 << 62)).contains(&value) {
                out.insert(Feature::ConstBoundary);
            }
        }
        if !matches!(bop, Bop::Shl | Bop::Lshr | Bop::Ashr) {
            return;
        }
        if self.constant(b, 0) == Some(63) {
            out.insert(Feature::Shift63);
        }
        if let Some(InsnKind::Binop {
            bop: Bop::And,
            op1,
            op2,
            ..
        }) = self.def(b)
        {
            let (m, n) = (self.constant(op1, 0), self.constant(op2, 0));
            if matches!((m, n), (Some(k), Some(63)) | (Some(63), Some(k)) if k >= 64) {
                out.insert(Feature::ShiftMaskedConst);
            }
        }
    }

    /// Branches that fold, loop-invariant binops and unreachable blocks.
    fn control(&self, out: &mut BTreeSet<Feature>) {
        let n = self.blocks.len();
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (k, (_, t)) in self.blocks.iter().enumerate() {
            let targets: Vec<&String> = match t {
                TermKind::Br(l) => vec![l],
                TermKind::Cbr(c, a, b) => {
                    if self.folds(c) {
                        out.insert(Feature::FoldingBranch);
                    }
                    vec![a, b]
                }
                TermKind::Ret(..) => vec![],
            };
            succs[k] = targets
                .iter()
                .filter_map(|l| self.labels.get(l.as_str()).copied())
                .collect();
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (k, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s].push(k);
            }
        }
        if (1..n).any(|k| preds[k].is_empty()) {
            out.insert(Feature::UnreachableBlock);
        }
        for (k, ss) in succs.iter().enumerate() {
            for &h in ss.iter().filter(|&&h| h <= k) {
                if self.loop_has_invariant(h, k, &preds) {
                    out.insert(Feature::LoopInvariant);
                }
            }
        }
    }

    /// True when branch condition `c` is a literal, or compares literals
    /// (or words computed from them), or a value with itself.
    fn folds(&self, c: &Operand) -> bool {
        match (&c.kind, self.def(c)) {
            (OperandKind::Const(_), _) => true,
            (_, Some(InsnKind::Icmp { op1, op2, .. })) => {
                op1.kind == op2.kind
                    || (self.constant(op1, 0).is_some() && self.constant(op2, 0).is_some())
            }
            _ => false,
        }
    }

    /// True when the natural loop of the back edge `latch -> head` holds a
    /// binop whose operands are all defined outside it (not all literals).
    fn loop_has_invariant(&self, head: usize, latch: usize, preds: &[Vec<usize>]) -> bool {
        let mut body = BTreeSet::from([head]);
        let mut work = vec![latch];
        while let Some(b) = work.pop() {
            if body.insert(b) {
                work.extend(preds[b].iter().copied());
            }
        }
        let outside = |op: &Operand| match &op.kind {
            OperandKind::Id(x) => self
                .defs
                .get(x.as_str())
                .is_none_or(|d| !body.contains(&d.1)),
            _ => true,
        };
        body.iter().any(|&b| {
            self.blocks[b].0.iter().any(|i| match &i.kind {
                InsnKind::Binop { op1, op2, .. } => {
                    let local = |o: &Operand| matches!(o.kind, OperandKind::Id(_));
                    outside(op1) && outside(op2) && (local(op1) || local(op2))
                }
                _ => false,
            })
        })
    }
}

/// Records an alias when an earlier store in the block reached `key`
/// through another operand than `ptr`.
fn alias(
    stores: &[(&Operand, Key, u8)],
    ptr: &Operand,
    key: &Key,
    via: u8,
    out: &mut BTreeSet<Feature>,
) {
    for (p, k, v) in stores {
        if k == key && p.kind != ptr.kind {
            let both = v | via;
            out.insert(if both & VIA_MEMORY != 0 {
                Feature::AliasMemory
            } else if both & VIA_CAST != 0 {
                Feature::AliasBitcast
            } else {
                Feature::AliasGep
            });
        }
    }
}

/// `a bop b` as a mathematical integer (add, sub, mul and shl may leave
/// the 64-bit range; every other operation's value is its 64-bit one,
/// `oracle::arith::bop_value`'s); `None` for a shift amount outside 0..=63.
fn exact(bop: Bop, a: i64, b: i64) -> Option<i128> {
    let word = bop_value(bop, a, b)?;
    let (x, y) = (i128::from(a), i128::from(b));
    Some(match bop {
        Bop::Add => x + y,
        Bop::Sub => x - y,
        Bop::Mul => x * y,
        // The amount is in 0..=63: `bop_value` gave a value.
        Bop::Shl => x << b,
        _ => i128::from(word),
    })
}

//! Which locals a block's registers must write back to their slots: a local
//! used in a block other than the one defining it (or a parameter) lives
//! across blocks; any other local only matters up to its last use in its
//! block. Results are kept in registers ("dirty") and stored to their slots
//! only when still needed: when their register is reused, before a call, or
//! at the end of the block when a successor that starts from the slots
//! may read them (liveness over the whole control-flow graph). A successor
//! entered only from this block inherits the registers, dirty ones too.

use super::bits::{Bits, SlotIndex};
use super::frame::Frame;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use spec::{Fdecl, InsnKind, Operand, OperandKind, TermKind};

/// The liveness facts of one function, by slot displacement.
pub(crate) struct Live {
    /// Slots of locals used outside their defining block (parameters are
    /// defined in the entry block).
    pub crosses: HashSet<i32>,
    /// For each block (entry first), the index of the last instruction using
    /// each local (the terminator's index is the number of instructions).
    pub last_use: Vec<HashMap<i32, usize>>,
    /// For each block (entry first), the block whose terminator is the only
    /// way into it, if there is exactly one such edge (the entry block has
    /// none: it is entered from the prologue).
    pub sole_pred: Vec<Option<usize>>,
    /// For each block (entry first), the blocks its terminator branches to.
    pub succs: Vec<Vec<usize>>,
    /// For each block (entry first), the slots of the locals live on entry:
    /// read there or later before being defined.
    pub live_in: Vec<Bits>,
    /// For each block (entry first), the slots of the locals live when it
    /// branches: live on entry to one of its successors.
    pub live_out: Vec<Bits>,
    /// The numbering of slots in `live_in` and `live_out`.
    pub slots: SlotIndex,
    /// Slots of GEP results folded into the address of their only use
    /// (see [`foldable_geps`]).
    pub folded: HashSet<i32>,
}

/// The GEPs with constant indices whose result is used once (`count`, by
/// slot), as the address of a load or store later in the same block:
/// (result slot, block, index of that load or store, the GEP's base
/// operand). Such a GEP need not compute its result; the load or store
/// addresses `base + offset` itself, so its base is used there too.
fn foldable_geps<'f>(
    blocks: &[&'f spec::Block],
    frame: &Frame,
    count: &HashMap<i32, usize>,
) -> Vec<(i32, usize, usize, &'f Operand)> {
    let slot = |op: &Operand| match &op.kind {
        OperandKind::Id(x) => frame.slots.get(x.as_str()).copied(),
        _ => None,
    };
    let mut folds = Vec::new();
    let mut geps: Vec<(i32, &Operand)> = Vec::new();
    for (b, block) in blocks.iter().enumerate() {
        geps.clear();
        for (j, insn) in block.insns.iter().enumerate() {
            let addr = match &insn.kind {
                InsnKind::Load { ptr, .. } => Some(ptr),
                InsnKind::Store { ptr, val, .. } if val.kind != ptr.kind => Some(ptr),
                _ => None,
            };
            if let Some(g) = addr.and_then(slot) {
                if count.get(&g) == Some(&1) {
                    if let Some(&(_, base)) = geps.iter().find(|(d, _)| *d == g) {
                        folds.push((g, b, j, base));
                    }
                }
            }
            if let (InsnKind::Gep { ptr, idxs, .. }, Some(r)) = (&insn.kind, &insn.result) {
                let consts = idxs.iter().all(|i| matches!(i.kind, OperandKind::Const(_)));
                if let Some(&d) = frame.slots.get(r.as_str()).filter(|_| consts) {
                    geps.push((d, ptr));
                }
            }
        }
    }
    folds
}

/// For each block (entry first), the only block branching to it when
/// exactly one edge of the control-flow graph enters it.
fn sole_preds(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let mut edges: Vec<(usize, Option<usize>)> = vec![(0, None); succs.len()];
    for (b, ts) in succs.iter().enumerate() {
        for &t in ts {
            if let Some(e) = edges.get_mut(t) {
                *e = (e.0 + 1, Some(b));
            }
        }
    }
    edges
        .into_iter()
        .enumerate()
        .map(|(b, (n, p))| if b > 0 && n == 1 { p } else { None })
        .collect()
}

/// For each block (entry first), the blocks its terminator branches to;
/// `index` maps a label to its block's position.
fn successors(blocks: &[&spec::Block], index: &HashMap<&str, usize>) -> Vec<Vec<usize>> {
    blocks
        .iter()
        .map(|block| {
            let targets: &[&String] = match &block.term.kind {
                TermKind::Br(l) => &[l],
                TermKind::Cbr(_, l1, l2) => &[l1, l2],
                TermKind::Ret(..) => &[],
            };
            targets
                .iter()
                .filter_map(|l| index.get(l.as_str()).copied())
                .collect()
        })
        .collect()
}

/// The locals live on entry to each block, from each block's upward
/// exposed uses (`exposed`: read before any definition in the block; in
/// SSA form, the locals it reads and does not define) and definitions:
/// `in(b) = exposed(b) ∪ (∪ in(s) for s a successor − defs(b))`, iterated
/// to the least fixed point.
fn live_ins(succs: &[Vec<usize>], exposed: &[Bits], defs: &[Bits], none: &Bits) -> Vec<Bits> {
    let mut live_in: Vec<Bits> = exposed.to_vec();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..succs.len()).rev() {
            let out = live_out_of(succs.get(b), &live_in, none);
            let defined = defs.get(b).unwrap_or(none);
            if let Some(l) = live_in.get_mut(b) {
                changed |= l.union_minus(&out, defined);
            }
        }
    }
    live_in
}

/// The union of `live_in` over the successors `ss`.
fn live_out_of(ss: Option<&Vec<usize>>, live_in: &[Bits], none: &Bits) -> Bits {
    let mut out = none.clone();
    for &s in ss.into_iter().flatten() {
        if let Some(l) = live_in.get(s) {
            out.union_with(l);
        }
    }
    out
}

impl Live {
    /// The liveness facts of `f` with slots laid out in `frame`.
    pub fn of(f: &Fdecl, frame: &Frame) -> Live {
        let blocks: Vec<&spec::Block> = f.cfg.blocks().collect();
        // Parameters are defined on entry, in the entry block.
        let slots = SlotIndex::new(frame);
        let none = slots.empty();
        let mut defs: Vec<Bits> = Vec::with_capacity(blocks.len());
        let mut def_block: HashMap<i32, usize> = HashMap::default();
        for (b, block) in blocks.iter().enumerate() {
            let params = f.params.iter().filter(|_| b == 0).map(|(p, _)| p.as_str());
            let results = block.insns.iter().filter_map(|i| i.result.as_deref());
            let mut d = none.clone();
            for disp in params
                .chain(results)
                .filter_map(|r| frame.slots.get(r).copied())
            {
                def_block.entry(disp).or_insert(b);
                if let Some(i) = slots.bit(disp) {
                    d.insert(i);
                }
            }
            defs.push(d);
        }
        // An entry alloca is addressed directly, never read from its slot.
        let alloca_slots: HashSet<i32> = frame
            .alloca_areas
            .keys()
            .filter_map(|x| frame.slots.get(x.as_str()).copied())
            .collect();
        let mut crosses: HashSet<i32> = HashSet::default();
        let mut count: HashMap<i32, usize> = HashMap::default();
        let mut last_use = Vec::with_capacity(blocks.len());
        let mut exposed = Vec::with_capacity(blocks.len());
        for (b, block) in blocks.iter().enumerate() {
            let mut last: HashMap<i32, usize> = HashMap::default();
            let mut outside = none.clone();
            let mut uses = |op: &Operand, at: usize| {
                let OperandKind::Id(x) = &op.kind else {
                    return;
                };
                let Some(&disp) = frame.slots.get(x.as_str()) else {
                    return;
                };
                *count.entry(disp).or_insert(0) += 1;
                if alloca_slots.contains(&disp) {
                    return;
                }
                last.insert(disp, at);
                if def_block.get(&disp) != Some(&b) {
                    crosses.insert(disp);
                    if let Some(i) = slots.bit(disp) {
                        outside.insert(i);
                    }
                }
            };
            for (i, insn) in block.insns.iter().enumerate() {
                spec::visit::insn_operands(&insn.kind, |op| uses(op, i));
            }
            let end = block.insns.len();
            match &block.term.kind {
                TermKind::Ret(_, Some(op)) | TermKind::Cbr(op, ..) => uses(op, end),
                _ => {}
            }
            last_use.push(last);
            exposed.push(outside);
        }
        let folds = foldable_geps(&blocks, frame, &count);
        // A folded GEP's base is read by the load or store using it (in
        // the GEP's own block, so no block-crossing changes).
        for &(_, b, j, base) in &folds {
            let disp = match &base.kind {
                OperandKind::Id(x) => frame.slots.get(x.as_str()).copied(),
                _ => None,
            };
            if let (Some(disp), Some(last)) = (disp, last_use.get_mut(b)) {
                if !alloca_slots.contains(&disp) {
                    let l = last.entry(disp).or_insert(j);
                    *l = (*l).max(j);
                }
            }
        }
        let index: HashMap<&str, usize> = f
            .cfg
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.label.as_str(), i + 1))
            .collect();
        let succs = successors(&blocks, &index);
        let sole_pred = sole_preds(&succs);
        let live_in = live_ins(&succs, &exposed, &defs, &none);
        let live_out = (0..succs.len())
            .map(|b| live_out_of(succs.get(b), &live_in, &none))
            .collect();
        let folded = folds.iter().map(|&(g, ..)| g).collect();
        Live {
            crosses,
            last_use,
            sole_pred,
            succs,
            live_in,
            live_out,
            slots,
            folded,
        }
    }

    /// Whether block `s` starts with the registers as block `b` left them:
    /// `b`'s branch is the only edge into `s`, and `b` is selected first.
    pub fn inherits(&self, s: usize, b: usize) -> bool {
        s > b && self.sole_pred.get(s).copied().flatten() == Some(b)
    }

    /// Whether the local in slot `disp` must be in its slot when block `b`
    /// branches: a successor that does not inherit `b`'s registers may
    /// read it.
    pub fn slot_read_after(&self, b: usize, disp: i32) -> bool {
        self.succs
            .get(b)
            .into_iter()
            .flatten()
            .any(|&s| !self.inherits(s, b) && self.in_set(&self.live_in, s, disp))
    }

    /// Whether the local in slot `disp` is live when block `b` branches.
    pub fn live_after(&self, b: usize, disp: i32) -> bool {
        self.in_set(&self.live_out, b, disp)
    }

    /// Whether slot `disp` is in `sets[b]`.
    fn in_set(&self, sets: &[Bits], b: usize, disp: i32) -> bool {
        match (self.slots.bit(disp), sets.get(b)) {
            (Some(i), Some(set)) => set.contains(i),
            _ => false,
        }
    }
}

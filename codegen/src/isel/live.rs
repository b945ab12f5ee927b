//! Which locals a block's registers must write back to their slots: a local
//! used in a block other than the one defining it (or a parameter) lives
//! across blocks; any other local only matters up to its last use in its
//! block. Results are kept in registers ("dirty") and stored to their slots
//! only when still needed: when their register is reused, before a call, or
//! at the end of the block for locals that live across blocks.

use super::frame::Frame;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use spec::{Fdecl, InsnKind, Operand, OperandKind, TermKind};

/// The liveness facts of one function, by slot displacement.
pub(crate) struct Live {
    /// Slots of locals used outside their defining block, and of parameters.
    pub crosses: HashSet<i32>,
    /// For each block (entry first), the index of the last instruction using
    /// each local (the terminator's index is the number of instructions).
    pub last_use: Vec<HashMap<i32, usize>>,
}

/// The operands an instruction reads.
fn insn_operands(k: &InsnKind) -> Vec<&Operand> {
    match k {
        InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => vec![op1, op2],
        InsnKind::Alloca { .. } => vec![],
        InsnKind::Load { ptr, .. } => vec![ptr],
        InsnKind::Store { val, ptr, .. } => vec![val, ptr],
        InsnKind::Call { callee, args, .. } => std::iter::once(callee)
            .chain(args.iter().map(|(_, o)| o))
            .collect(),
        InsnKind::Gep { ptr, idxs, .. } => std::iter::once(ptr).chain(idxs).collect(),
        InsnKind::Bitcast { op, .. } => vec![op],
    }
}

impl Live {
    /// The liveness facts of `f` with slots laid out in `frame`.
    pub fn of(f: &Fdecl, frame: &Frame) -> Live {
        let blocks: Vec<&spec::Block> = std::iter::once(&f.cfg.entry)
            .chain(f.cfg.blocks.iter().map(|b| &b.block))
            .collect();
        let mut def_block: HashMap<&str, usize> = HashMap::default();
        for (b, block) in blocks.iter().enumerate() {
            for insn in &block.insns {
                if let Some(r) = &insn.result {
                    def_block.entry(r.as_str()).or_insert(b);
                }
            }
        }
        let mut crosses: HashSet<i32> = f
            .params
            .iter()
            .filter_map(|(p, _)| frame.slots.get(p.as_str()).copied())
            .collect();
        let mut last_use = Vec::with_capacity(blocks.len());
        for (b, block) in blocks.iter().enumerate() {
            let mut last = HashMap::default();
            let mut uses = |op: &Operand, at: usize| {
                if let OperandKind::Id(x) = &op.kind {
                    // An entry alloca is addressed directly, never read
                    // from its slot.
                    if frame.alloca_areas.contains_key(x.as_str()) {
                        return;
                    }
                    if let Some(&disp) = frame.slots.get(x.as_str()) {
                        last.insert(disp, at);
                        if def_block.get(x.as_str()) != Some(&b) {
                            crosses.insert(disp);
                        }
                    }
                }
            };
            for (i, insn) in block.insns.iter().enumerate() {
                for op in insn_operands(&insn.kind) {
                    uses(op, i);
                }
            }
            let end = block.insns.len();
            match &block.term.kind {
                TermKind::Ret(_, Some(op)) | TermKind::Cbr(op, ..) => uses(op, end),
                _ => {}
            }
            last_use.push(last);
        }
        Live { crosses, last_use }
    }
}

//! Frame compaction: once a function is selected, only the slots its code
//! actually reads or writes need frame space (results kept in registers
//! never reach their slots). The used slots are packed right below `rbp`,
//! the entry-block `alloca` areas below them in their order, and the
//! prologue reserves only that. A smaller frame keeps deep recursion (and
//! data in `alloca`s of recursive calls) in fewer cache lines.

use super::frame::Frame;
use crate::minst::{Alu, MInst, Mem, Reg};
use rustc_hash::FxHashMap as HashMap;

/// Where a displacement below `rbp` moves: slots one by one, `alloca`
/// areas as ranges.
struct Moves {
    slots: HashMap<i32, i32>,
    areas: Vec<(i32, i32, i32)>,
}

impl Moves {
    fn apply(&self, m: &mut Mem) {
        if m.base != Reg::Rbp || m.disp >= 0 {
            return;
        }
        if let Some(&d) = self.slots.get(&m.disp) {
            m.disp = d;
            return;
        }
        let area = self
            .areas
            .iter()
            .find(|(old, bytes, _)| m.disp >= *old && m.disp - *old < *bytes);
        if let Some((old, _, new)) = area {
            m.disp = new + (m.disp - old);
        }
    }
}

/// The memory operand of an instruction, if it has one.
pub(super) fn mem_of(i: &mut MInst) -> Option<&mut Mem> {
    match i {
        MInst::Load(_, m)
        | MInst::Store(m, _)
        | MInst::LoadByte(_, m)
        | MInst::StoreByte(m, _)
        | MInst::Lea(_, m) => Some(m),
        _ => None,
    }
}

/// Packs the frame of the selected code `out`, whose instruction
/// `reserve_at` is the prologue's `sub rsp, FRAME`.
pub(super) fn compact_frame(frame: &Frame, out: &mut [MInst], reserve_at: usize) {
    let mut used: Vec<i32> = out
        .iter_mut()
        .filter_map(mem_of)
        .filter(|m| m.base == Reg::Rbp && m.disp < 0 && frame.is_slot(m.disp))
        .map(|m| m.disp)
        .collect();
    used.sort_unstable_by(|a, b| b.cmp(a));
    used.dedup();
    let mut below: i64 = 0;
    let mut slots = HashMap::default();
    for d in used {
        below += 8;
        slots.insert(d, -(below as i32));
    }
    let mut areas = Vec::with_capacity(frame.areas.len());
    for &(old, bytes) in &frame.areas {
        below += i64::from(bytes);
        areas.push((old, bytes, -(below as i32)));
    }
    let size = (below + 15) / 16 * 16;
    // The new frame is never larger than the old one, which fits an i32.
    if size > i64::from(frame.size) {
        return;
    }
    let moves = Moves { slots, areas };
    for i in out.iter_mut() {
        if let Some(m) = mem_of(i) {
            moves.apply(m);
        }
    }
    if let Some(MInst::AluRI(Alu::Sub, Reg::Rsp, n)) = out.get_mut(reserve_at) {
        *n = size as i32;
    }
}

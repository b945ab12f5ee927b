//! A frame without `rbp`: once a function is selected and its frame
//! packed, a function whose body never moves `rsp` (no `alloca` outside the
//! entry block, no call with stack arguments) addresses its frame from `rsp`
//! instead, which saves `push rbp; mov rbp, rsp` on entry and `mov rsp,
//! rbp; pop rbp` on every return: the cost of a call then comes down to
//! `sub rsp, N` and `add rsp, N`.
//!
//! ```text
//!   with rbp                          without
//!   push rbp                          sub rsp, FRAME + 8   (none when FRAME = 0
//!   mov rbp, rsp                                            and there is no call)
//!   sub rsp, FRAME
//!   ... [rbp + d] ...                 ... [rsp + FRAME + d] ...
//!   mov rsp, rbp; pop rbp; ret        add rsp, FRAME + 8; ret
//! ```
//!
//! The 8 bytes where `rbp` was saved stay reserved, so `rsp` is 16-byte
//! aligned at every call exactly as before, and every `rbp` displacement `d`
//! (slots, `alloca` areas, stack parameters at `rbp + 16 + 8k`) becomes
//! `rsp + FRAME + d`.

use super::compact::mem_of;
use crate::minst::{Alu, MInst, Reg};

/// True when `i` names `r` as a register operand (a memory operand's base
/// is not a register operand here).
fn names(i: &MInst, r: Reg) -> bool {
    match i {
        MInst::Comment(_)
        | MInst::Label(_)
        | MInst::Ret
        | MInst::Jmp(_)
        | MInst::Jcc(..)
        | MInst::CallSym(_) => false,
        MInst::MovRR(a, b)
        | MInst::Alu(_, a, b)
        | MInst::ImulRRI(a, b, _)
        | MInst::Cmp(a, b)
        | MInst::Test(a, b)
        | MInst::Movsxd(a, b) => *a == r || *b == r,
        MInst::MovRI(a, _)
        | MInst::Load(a, _)
        | MInst::Store(_, a)
        | MInst::LoadByte(a, _)
        | MInst::StoreByte(_, a)
        | MInst::Lea(a, _)
        | MInst::LeaSym(a, _)
        | MInst::LoadRt(a, _)
        | MInst::AluRI(_, a, _)
        | MInst::ShiftCl(_, a)
        | MInst::ShiftRI(_, a, _)
        | MInst::CmpRI(a, _)
        | MInst::SetCc(_, a)
        | MInst::Push(a)
        | MInst::Pop(a)
        | MInst::CallReg(a) => *a == r,
    }
}

/// True when `out[at..]` starts with the epilogue `mov rsp, rbp; pop rbp;
/// ret`.
fn epilogue_at(out: &[MInst], at: usize) -> bool {
    matches!(
        out.get(at..at + 3),
        Some([
            MInst::MovRR(Reg::Rsp, Reg::Rbp),
            MInst::Pop(Reg::Rbp),
            MInst::Ret
        ])
    )
}

/// Rewrites the selected code `out` (prologue first, frame already packed)
/// to address its frame from `rsp` when its body leaves `rsp` and `rbp`
/// alone; otherwise leaves it as it is.
pub(super) fn drop_frame_pointer(out: &mut Vec<MInst>) {
    let (frame, body) = match out.get(..3) {
        Some(
            [MInst::Push(Reg::Rbp), MInst::MovRR(Reg::Rbp, Reg::Rsp), MInst::AluRI(Alu::Sub, Reg::Rsp, n)],
        ) => (*n, 3),
        Some([MInst::Push(Reg::Rbp), MInst::MovRR(Reg::Rbp, Reg::Rsp), ..]) => (0, 2),
        _ => return,
    };
    let mut at = body;
    let mut calls = false;
    let (mut lowest, mut highest) = (i32::MAX, i32::MIN);
    while let Some(i) = out.get(at) {
        if epilogue_at(out, at) {
            at += 3;
            continue;
        }
        let (moves_rsp, disp) = match i {
            MInst::Load(_, m)
            | MInst::Store(m, _)
            | MInst::LoadByte(_, m)
            | MInst::StoreByte(m, _)
            | MInst::Lea(_, m) => (m.base == Reg::Rsp, (m.base == Reg::Rbp).then_some(m.disp)),
            _ => (false, None),
        };
        if moves_rsp || names(i, Reg::Rsp) || names(i, Reg::Rbp) {
            return;
        }
        if let Some(d) = disp {
            lowest = lowest.min(d);
            highest = highest.max(d);
        }
        calls |= matches!(i, MInst::CallSym(_) | MInst::CallReg(_));
        at += 1;
    }
    let Some(reserve) = frame.checked_add(8) else {
        return;
    };
    let reserve = if frame == 0 && !calls { 0 } else { reserve };
    // [rbp + d] is [rsp + reserve - 8 + d]: every such displacement must
    // still fit 32 bits and stay inside what the caller and this frame own.
    let shift = reserve - 8;
    let used = lowest <= highest;
    if used && (highest.checked_add(shift).is_none() || lowest.saturating_add(shift) < 0) {
        return;
    }
    let mut new = Vec::with_capacity(out.len());
    if reserve > 0 {
        new.push(MInst::AluRI(Alu::Sub, Reg::Rsp, reserve));
    }
    let mut at = body;
    while let Some(i) = out.get(at) {
        if epilogue_at(out, at) {
            if reserve > 0 {
                new.push(MInst::AluRI(Alu::Add, Reg::Rsp, reserve));
            }
            new.push(MInst::Ret);
            at += 3;
            continue;
        }
        let mut i = i.clone();
        if let Some(m) = mem_of(&mut i) {
            if m.base == Reg::Rbp {
                m.base = Reg::Rsp;
                m.disp += shift;
            }
        }
        new.push(i);
        at += 1;
    }
    *out = new;
}

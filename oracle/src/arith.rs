//! The pure integer arithmetic of the rules, on 64-bit two's complement
//! words (docs/semantics.md): the value of a `binop` (`interp_bop` without
//! its error) and `interp_cnd`, the comparison of an `icmp` on integers.
//! No machine state and no errors: the rules in `insns` and the fast paths
//! in `fast` build on these, and so does `gen` (folding constants while it
//! shrinks and classifies programs), so that every part of the workspace
//! computes an instruction's integer result the same way.

use spec::{Bop, Cnd};

/// The value of `x bop y`: `add`, `sub` and `mul` wrap; `shl`, `lshr` and
/// `ashr` need an amount `y` in 0..=63 (`None` for any other amount, the
/// rule's `shift-out-of-range`).
#[inline(always)]
pub fn bop_value(bop: Bop, x: i64, y: i64) -> Option<i64> {
    let amount = || u32::try_from(y).ok().filter(|&s| s < 64);
    Some(match bop {
        Bop::Add => x.wrapping_add(y),
        Bop::Sub => x.wrapping_sub(y),
        Bop::Mul => x.wrapping_mul(y),
        Bop::Shl => x << amount()?,
        Bop::Lshr => ((x as u64) >> amount()?) as i64,
        Bop::Ashr => x >> amount()?,
        Bop::And => x & y,
        Bop::Or => x | y,
        Bop::Xor => x ^ y,
    })
}

/// `interp_cnd`: the signed comparison of two integers.
#[inline]
pub fn interp_cnd(cnd: Cnd, x: i64, y: i64) -> bool {
    match cnd {
        Cnd::Eq => x == y,
        Cnd::Ne => x != y,
        Cnd::Slt => x < y,
        Cnd::Sle => x <= y,
        Cnd::Sgt => x > y,
        Cnd::Sge => x >= y,
    }
}

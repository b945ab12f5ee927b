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

#[cfg(test)]
mod tests {
    use super::*;

    /// The values docs/semantics.md gives 64-bit words: add, sub and mul
    /// wrap; lshr fills with zeros, ashr with the sign; a shift amount
    /// outside 0..=63 has no value.
    #[test]
    fn binops_wrap_and_shift_amounts_stay_in_0_to_63() {
        assert_eq!(bop_value(Bop::Add, i64::MAX, 1), Some(i64::MIN));
        assert_eq!(bop_value(Bop::Sub, i64::MIN, 1), Some(i64::MAX));
        assert_eq!(bop_value(Bop::Mul, 1 << 62, 4), Some(0));
        assert_eq!(bop_value(Bop::Shl, 1, 63), Some(i64::MIN));
        assert_eq!(bop_value(Bop::Lshr, -1, 60), Some(15));
        assert_eq!(bop_value(Bop::Ashr, -16, 2), Some(-4));
        assert_eq!(bop_value(Bop::And, 12, 10), Some(8));
        assert_eq!(bop_value(Bop::Or, 12, 10), Some(14));
        assert_eq!(bop_value(Bop::Xor, 12, 10), Some(6));
        for bop in [Bop::Shl, Bop::Lshr, Bop::Ashr] {
            assert_eq!(bop_value(bop, 1, 64), None);
            assert_eq!(bop_value(bop, 1, -1), None);
        }
    }

    /// `icmp` on integers compares them as signed.
    #[test]
    fn conditions_compare_signed() {
        assert!(interp_cnd(Cnd::Slt, -1, 0));
        assert!(!interp_cnd(Cnd::Sgt, -1, 0));
        assert!(interp_cnd(Cnd::Sle, 3, 3));
        assert!(interp_cnd(Cnd::Sge, i64::MAX, i64::MIN));
        assert!(interp_cnd(Cnd::Eq, 5, 5));
        assert!(interp_cnd(Cnd::Ne, 5, 6));
    }
}

//! Infallible draws from `arbitrary::Unstructured`: when the bytes run out,
//! every draw gives its smallest answer (index 0, `false`, the low end of a
//! range), so generation always succeeds and an exhausted input yields the
//! smallest program.

use arbitrary::Unstructured;

/// An index in `0..n` (0 when `n <= 1` or the bytes are exhausted).
pub(crate) fn below(u: &mut Unstructured, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    u.int_in_range(0..=n - 1).unwrap_or(0)
}

/// A number in `lo..=hi` (`lo` when exhausted or when `hi < lo`).
pub(crate) fn range(u: &mut Unstructured, lo: u64, hi: u64) -> u64 {
    if hi <= lo {
        return lo;
    }
    u.int_in_range(lo..=hi).unwrap_or(lo)
}

/// True with probability `percent`/100; false when the bytes are exhausted.
pub(crate) fn chance(u: &mut Unstructured, percent: u8) -> bool {
    let x: u8 = u.int_in_range(0..=99).unwrap_or(0);
    x >= 100 - percent.min(100)
}

/// An index chosen by `weights` (one byte): the first entry whose cumulative
/// weight exceeds the draw. Exhausted input picks the first entry with a
/// non-zero weight. All-zero weights give 0.
pub(crate) fn weighted(u: &mut Unstructured, weights: &[u32]) -> usize {
    let total: u32 = weights.iter().sum();
    if total == 0 {
        return 0;
    }
    let mut x = u.int_in_range(0..=total - 1).unwrap_or(0);
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    0
}

/// An "interesting" 64-bit constant: small numbers, the extremes, powers of
/// two and their neighbours, or raw bytes.
pub(crate) fn int_const(u: &mut Unstructured) -> i64 {
    const SPECIAL: [i64; 12] = [0, 1, -1, 2, 3, 7, 42, 63, 64, 255, i64::MAX, i64::MIN];
    match weighted(u, &[5, 3, 2, 1]) {
        0 => SPECIAL[below(u, SPECIAL.len())],
        1 => range(u, 0, 100) as i64 - 50,
        2 => {
            let k = range(u, 0, 63);
            (1i64 << k).wrapping_add(range(u, 0, 2) as i64 - 1)
        }
        _ => u.arbitrary::<i64>().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhausted_bytes_give_the_smallest_answers() {
        let mut u = Unstructured::new(&[]);
        assert_eq!(below(&mut u, 10), 0);
        assert_eq!(range(&mut u, 3, 9), 3);
        assert!(!chance(&mut u, 99));
        assert_eq!(weighted(&mut u, &[0, 0, 5, 1]), 2);
        assert_eq!(int_const(&mut u), 0);
    }

    #[test]
    fn draws_stay_in_their_ranges() {
        let bytes: Vec<u8> = (0..=255).collect();
        let mut u = Unstructured::new(&bytes);
        for _ in 0..40 {
            assert!(below(&mut u, 7) < 7);
            let r = range(&mut u, 5, 8);
            assert!((5..=8).contains(&r));
            let w = weighted(&mut u, &[1, 0, 3]);
            assert!(w == 0 || w == 2, "a zero weight is never chosen");
        }
        assert_eq!(below(&mut u, 1), 0);
        assert_eq!(range(&mut u, 4, 4), 4);
        assert!(chance(&mut Unstructured::new(&[99]), 1));
        assert!(!chance(&mut Unstructured::new(&[98]), 1));
    }
}

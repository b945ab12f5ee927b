//! Infallible draws: when the bytes run out every draw gives its smallest
//! answer, so any byte string gives a program.

use arbitrary::Unstructured;

/// A source of choices over `arbitrary` bytes.
pub(crate) struct Draw<'a, 'b> {
    u: &'b mut Unstructured<'a>,
}

impl<'a, 'b> Draw<'a, 'b> {
    pub(crate) fn new(u: &'b mut Unstructured<'a>) -> Self {
        Draw { u }
    }

    /// An index in `0..n` (0 when `n <= 1` or exhausted).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.u.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// A number in `lo..=hi` (`lo` when exhausted).
    pub(crate) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        self.u.int_in_range(lo..=hi).unwrap_or(lo)
    }

    /// True with probability `percent`/100 (false when exhausted).
    pub(crate) fn chance(&mut self, percent: u8) -> bool {
        let x: u8 = self.u.int_in_range(0..=99).unwrap_or(0);
        x >= 100 - percent.min(100)
    }

    /// An index chosen by `weights` (exhausted: the first non-zero one).
    pub(crate) fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut x = self.u.int_in_range(0..=total - 1).unwrap_or(0);
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        0
    }

    /// A non-negative integer literal: small, around powers of two, or the
    /// largest (the syntax has no negative literals).
    pub(crate) fn literal(&mut self) -> i64 {
        match self.weighted(&[6, 2, 1]) {
            0 => self.range(0, 20),
            1 => {
                let k = self.range(1, 62);
                (1i64 << k) + self.range(-1, 1)
            }
            _ => i64::MAX - self.range(0, 1),
        }
    }

    /// One of `xs` (`None` when empty).
    pub(crate) fn pick<'x, T>(&mut self, xs: &'x [T]) -> Option<&'x T> {
        if xs.is_empty() {
            None
        } else {
            Some(&xs[self.below(xs.len())])
        }
    }
}

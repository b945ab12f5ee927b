//! Sets of locals for liveness: bit vectors indexed by the function's
//! slots (each slot displacement gets a dense number once).

use super::frame::Frame;
use rustc_hash::FxHashMap as HashMap;

/// The dense numbering of a function's slots.
pub(crate) struct SlotIndex {
    index: HashMap<i32, usize>,
    words: usize,
}

impl SlotIndex {
    /// Numbers the slots of `frame`.
    pub fn new(frame: &Frame) -> SlotIndex {
        let index: HashMap<i32, usize> = frame
            .slots
            .values()
            .enumerate()
            .map(|(i, &d)| (d, i))
            .collect();
        let words = index.len().div_ceil(64);
        SlotIndex { index, words }
    }

    /// The empty set.
    pub fn empty(&self) -> Bits {
        Bits(vec![0; self.words])
    }

    /// The number of slot `disp`.
    pub fn bit(&self, disp: i32) -> Option<usize> {
        self.index.get(&disp).copied()
    }
}

/// A set of slots (see [`SlotIndex`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// Adds slot number `i`.
    pub fn insert(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// Whether slot number `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds every slot of `other`.
    pub fn union_with(&mut self, other: &Bits) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w |= o;
        }
    }

    /// Adds every slot of `other` not in `minus`; whether any was new.
    pub fn union_minus(&mut self, other: &Bits, minus: &Bits) -> bool {
        let mut changed = false;
        for ((w, o), m) in self.0.iter_mut().zip(&other.0).zip(&minus.0) {
            let n = *w | (o & !m);
            changed |= n != *w;
            *w = n;
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn union_minus_adds_only_what_is_not_subtracted_and_reports_news() {
        // Three words, so bit 130 lives in the third.
        let mut a = Bits(vec![0; 3]);
        let mut other = Bits(vec![0; 3]);
        let mut minus = Bits(vec![0; 3]);
        for i in [1, 64, 130] {
            other.insert(i);
        }
        minus.insert(64);
        assert!(a.union_minus(&other, &minus));
        assert!(a.contains(1) && a.contains(130) && !a.contains(64));
        // Nothing new the second time.
        assert!(!a.union_minus(&other, &minus));
        // Out-of-range bits are ignored, never a panic.
        a.insert(500);
        assert!(!a.contains(500));
    }
}

//! Choosing registers within a block: every result still gets its slot (so
//! values cross blocks and calls in memory), but each instruction computes
//! into the least recently used register of a pool, so recent values stay
//! in registers and later uses in the same block read them from there
//! instead of reloading their slots.

use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{MInst, Reg};
use spec::{Operand, OperandKind};

/// The registers values are computed in (all caller-saved): every register
/// in [`Reg::ALL`] order but the last two, the stack and frame pointers.
const POOL: [Reg; 9] = *Reg::ALL.first_chunk::<9>().unwrap();

impl FnCtx<'_> {
    /// Marks `r` as just used.
    pub(super) fn touch(&mut self, r: Reg) {
        self.clock += 1;
        if let Some(t) = self.lru.get_mut(r.index()) {
            *t = self.clock;
        }
    }

    /// A register to compute into, not one of `avoid`: one holding no known
    /// local if there is one, else the least recently used.
    pub(super) fn pick(&mut self, avoid: &[Reg]) -> Reg {
        let r = POOL
            .iter()
            .copied()
            .filter(|r| !avoid.contains(r))
            .min_by_key(|r| {
                let i = r.index();
                (
                    self.cache.get(i).is_some_and(Option::is_some),
                    self.lru.get(i).copied().unwrap_or(0),
                )
            })
            .unwrap_or(Reg::Rax);
        self.touch(r);
        r
    }

    /// A register to compute the current instruction's result into, not
    /// one of `avoid`: the register it is wanted in next when there is one
    /// (whatever that register holds is stored first if still needed, as
    /// for any register reused), else as [`FnCtx::pick`].
    pub(super) fn pick_result(&mut self, avoid: &[Reg]) -> Reg {
        match self.want.filter(|w| !avoid.contains(w)) {
            Some(w) => {
                self.touch(w);
                w
            }
            None => self.pick(avoid),
        }
    }

    /// The register currently holding local `disp`, if any.
    pub(super) fn holding(&self, disp: i32) -> Option<Reg> {
        Reg::ALL
            .iter()
            .zip(&self.cache)
            .find(|(_, c)| **c == Some(disp))
            .map(|(r, _)| *r)
    }

    /// A register holding the value of `op`: where it already is, or a
    /// register (not one of `avoid`) it is loaded into.
    pub(super) fn src(&mut self, op: &Operand, avoid: &[Reg]) -> Result<Reg, CodegenError> {
        if let OperandKind::Id(x) = &op.kind {
            if self.alloca_mem(op).is_none() {
                let m = self.slot(x, op.span)?;
                if let Some(r) = self.holding(m.disp) {
                    self.touch(r);
                    return Ok(r);
                }
            }
        }
        let r = self.pick(avoid);
        self.operand(op, r)?;
        Ok(r)
    }

    /// Copies `s` into a fresh register (not `s` or one of `avoid`) that the
    /// instruction then overwrites, keeping `s`'s value where it is.
    pub(super) fn copy_of(&mut self, s: Reg, avoid: &[Reg]) -> Reg {
        let mut av = avoid.to_vec();
        av.push(s);
        let d = self.pick(&av);
        self.emit(MInst::MovRR(d, s));
        d
    }

    /// True when what `r` holds is not needed after the current
    /// instruction: a temporary, or a local of this block with no later use.
    pub(super) fn dead_after(&self, r: Reg) -> bool {
        match self.cache.get(r.index()).copied().flatten() {
            None => true,
            Some(disp) => {
                !self.live.crosses.contains(&disp)
                    && self
                        .live
                        .last_use
                        .get(self.block)
                        .and_then(|m| m.get(&disp))
                        .is_none_or(|&at| at <= self.pos)
            }
        }
    }

    /// The register an instruction overwrites with its result computed from
    /// `a`: `a` itself when its value dies here (and it is not in `avoid`),
    /// else a copy of it.
    pub(super) fn dest_for(&mut self, a: Reg, avoid: &[Reg]) -> Reg {
        if !avoid.contains(&a) && self.dead_after(a) {
            if let (Some(c), Some(d)) =
                (self.cache.get_mut(a.index()), self.dirty.get_mut(a.index()))
            {
                *c = None;
                *d = false;
            }
            self.touch(a);
            return a;
        }
        self.copy_of(a, avoid)
    }
}

//! Fast paths: the common case of the most frequent rules (integer
//! `binop` and `icmp`, pointer `icmp` across blocks, a `getelementptr`
//! that yields a pointer, `load` and `store` of a word through a live
//! pointer whose tag is exactly S), done with no error bookkeeping. Each is the
//! general rule restricted to inputs where that rule cannot fail; on any
//! other input it does nothing and returns false, and the general rule in
//! `insns` runs instead (and raises the error, with its message). So the
//! meaning of every instruction is the one written in `insns`.

use crate::gep::{gep_ptr, GepPlan, GepStep, PLAN_STEPS};
use crate::insns::bop_value;
use crate::interp::{operand_ref, Machine};
use crate::place::{PlaceId, NO_PLACE};
use crate::resolve::{Insn, Op};
use crate::tytable::TyId;
use crate::value::{Ptr, Value, NULL_BLOCK};
use spec::Cnd;

/// What one GEP instruction whose first index is 0 did last: for a live
/// base pointer with place `base`, the result is `plan` applied to the
/// base and the indices (see `GepPlan`: every check but the live base
/// depends on the place, the types and the steps' bounds; a plan that holds
/// only for the index values it was made with is kept only for a GEP whose
/// indices are all literals).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GepMemo {
    base: PlaceId,
    plan: GepPlan,
    /// For a GEP whose indices are all literals: the result's `off` minus
    /// the base's, and its `lo` minus the base's `off` when a step went
    /// into an array (the plan applied to those indices, done once).
    delta: i64,
    lo: Option<i64>,
}

impl Default for GepMemo {
    fn default() -> GepMemo {
        GepMemo {
            base: NO_PLACE,
            plan: GepPlan {
                place: NO_PLACE,
                steps: [GepStep::Field { index: 0, off: 0 }; PLAN_STEPS],
                len: 0,
                any_index: false,
            },
            delta: 0,
            lo: None,
        }
    }
}

impl Machine<'_> {
    /// Executes `insn` in its common case and returns true; otherwise
    /// leaves the machine as it was and returns false.
    #[inline(always)]
    pub(crate) fn fast_insn(&mut self, insn: &Insn, base: usize) -> bool {
        match insn {
            Insn::Binop { dst, bop, a, b } => {
                let (Some(x), Some(y)) = (self.int_of(*a, base), self.int_of(*b, base)) else {
                    return false;
                };
                self.put_bop(base, *dst, *bop, x, y)
            }
            Insn::BinopLocals { dst, bop, a, b } => {
                let (Some(x), Some(y)) = (self.int_local(base, *a), self.int_local(base, *b))
                else {
                    return false;
                };
                self.put_bop(base, *dst, *bop, x, y)
            }
            Insn::BinopConst { dst, bop, a, b } => {
                let Some(x) = self.int_local(base, *a) else {
                    return false;
                };
                self.put_bop(base, *dst, *bop, x, *b)
            }
            Insn::IcmpConst { dst, cnd, a, b } => {
                let Some(x) = self.int_local(base, *a) else {
                    return false;
                };
                let r = crate::insns::interp_cnd(*cnd, x, *b);
                self.put_local(base, *dst, Value::Int(r as i64))
            }
            Insn::IcmpNull { dst, cnd, a } => {
                // A pointer at the start of a live block of non-zero size
                // is not null.
                let Some(Value::Ptr(p)) = self.locals.get(base + *a as usize) else {
                    return false;
                };
                if p.block == NULL_BLOCK || !self.apart(p) {
                    return false;
                }
                self.put_local(base, *dst, Value::Int((*cnd == Cnd::Ne) as i64))
            }
            Insn::Icmp {
                dst,
                cnd,
                i1: false,
                a,
                b,
            } => {
                if let (Some(x), Some(y)) = (self.int_of(*a, base), self.int_of(*b, base)) {
                    let r = crate::insns::interp_cnd(*cnd, x, y);
                    return self.put_local(base, *dst, Value::Int(r as i64));
                }
                if !matches!(cnd, Cnd::Eq | Cnd::Ne) {
                    return false;
                }
                // Pointers into different blocks (neither freed), each null
                // or at the start of a block of non-zero size: unequal.
                let (Some(Value::Ptr(p)), Some(Value::Ptr(q))) = (
                    operand_ref(&self.locals, self.prog, *a, base),
                    operand_ref(&self.locals, self.prog, *b, base),
                ) else {
                    return false;
                };
                if (p.block, p.gen) == (q.block, q.gen) || !self.apart(p) || !self.apart(q) {
                    return false;
                }
                self.put_local(base, *dst, Value::Int((*cnd == Cnd::Ne) as i64))
            }
            Insn::Gep(g) => {
                if g.constant {
                    let p = operand_ref(&self.locals, self.prog, g.ptr, base);
                    let m = self.gep_memo.get(g.memo as usize);
                    if let (Some(Value::Ptr(p)), Some(m)) = (p, m) {
                        if m.base == p.place && self.live(p) {
                            let at = |d: i64| (i64::from(p.off) + d) as u32;
                            let q = Ptr {
                                place: m.plan.place,
                                off: at(m.delta),
                                lo: m.lo.map_or(p.lo, at),
                                ..*p
                            };
                            return self.put_local(base, g.dst, Value::Ptr(q));
                        }
                    }
                }
                let mut idxs = [0i64; 1 + PLAN_STEPS];
                if g.idxs.len() > idxs.len() {
                    return false;
                }
                for (slot, op) in idxs.iter_mut().zip(g.idxs.iter()) {
                    match self.int_of(*op, base) {
                        Some(n) => *slot = n,
                        None => return false,
                    }
                }
                let idxs = idxs.get(..g.idxs.len()).unwrap_or(&[]);
                let Some(p) = operand_ref(&self.locals, self.prog, g.ptr, base) else {
                    return false;
                };
                let memo = self.gep_memo.get(g.memo as usize);
                if let (Value::Ptr(p), Some(m)) = (p, memo) {
                    if m.base == p.place && self.live(p) {
                        if let Some(q) = m.plan.apply(p, idxs) {
                            return self.put_local(base, g.dst, Value::Ptr(q));
                        }
                    }
                }
                match gep_ptr(&self.mem, &mut self.tys, p, g.base, g.result, idxs) {
                    Ok((q, plan)) => {
                        let memo = self.gep_memo.get_mut(g.memo as usize);
                        if let (Value::Ptr(p), Some(plan), Some(m)) = (p, plan, memo) {
                            if plan.any_index || g.constant {
                                let mut steps = plan.steps.iter().take(plan.len as usize);
                                let into_array = steps.any(|s| matches!(s, GepStep::Array { .. }));
                                *m = GepMemo {
                                    base: p.place,
                                    plan,
                                    delta: i64::from(q.off) - i64::from(p.off),
                                    lo: into_array.then(|| i64::from(q.lo) - i64::from(p.off)),
                                };
                            }
                        }
                        self.put_local(base, g.dst, Value::Ptr(q))
                    }
                    Err(_) => false,
                }
            }
            Insn::Load { dst, ty, ptr } => {
                let Some(i) = self.fast_word(*ptr, *ty, base) else {
                    return false;
                };
                let v = match self.mem.words.get(i) {
                    Some(Value::Int(n)) => Value::Int(*n),
                    Some(Value::Ptr(p)) => Value::Ptr(*p),
                    _ => return false,
                };
                self.put_local(base, *dst, v)
            }
            Insn::Store { ty, val, ptr } => {
                let v = match *val {
                    Op::Const(n) => Value::Int(n),
                    Op::Local(s) => match self.locals.get(base + s as usize) {
                        Some(Value::Int(n)) => Value::Int(*n),
                        Some(Value::Ptr(p)) => Value::Ptr(*p),
                        _ => return false,
                    },
                    Op::Val(k) => match self.prog.consts.get(k as usize) {
                        Some(Value::Ptr(p)) => Value::Ptr(*p),
                        _ => return false,
                    },
                };
                let Some(i) = self.fast_word(*ptr, *ty, base) else {
                    return false;
                };
                match self.mem.words.get_mut(i) {
                    Some(w) => {
                        *w = v;
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// The index in memory's words of the word that the local pointer
    /// `ptr` targets, when its block is live, the target is a word and its
    /// effective tag is S itself (`None` in every other case).
    #[inline(always)]
    fn fast_word(&self, ptr: Op, s: TyId, base: usize) -> Option<usize> {
        let Op::Local(slot) = ptr else {
            return None;
        };
        let Some(Value::Ptr(p)) = self.locals.get(base + slot as usize) else {
            return None;
        };
        let a = self.mem.allocs.get(p.block as usize)?;
        if a.gen != p.gen || self.tys.word_ty(p.place) != s {
            return None;
        }
        Some(p.off as usize)
    }

    /// True for pointers into live allocations.
    #[inline(always)]
    fn live(&self, p: &Ptr) -> bool {
        matches!(self.mem.allocs.get(p.block as usize), Some(a) if a.gen == p.gen)
    }

    /// True for null and for a pointer to the root of a live allocation
    /// whose size is not 0 in either layout, which no pointer into another
    /// block can equal (false also for other pointers: the general rule
    /// decides).
    #[inline(always)]
    fn apart(&self, p: &Ptr) -> bool {
        p.block == NULL_BLOCK
            || (self.live(p) && self.tys.place(p.place).is_some_and(|pl| pl.solid_root))
    }

    /// The integer in local `slot` (`None` for undef and pointers).
    #[inline(always)]
    fn int_local(&self, base: usize, slot: u32) -> Option<i64> {
        match self.locals.get(base + slot as usize) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// Sets local `dst` to `x BOP y` where that is defined (`interp_bop`
    /// without its errors); false otherwise.
    #[inline(always)]
    fn put_bop(&mut self, base: usize, dst: u32, bop: spec::Bop, x: i64, y: i64) -> bool {
        match bop_value(bop, x, y) {
            Some(r) => self.put_local(base, dst, Value::Int(r)),
            None => false,
        }
    }

    /// Sets local `slot` (no recording: fast paths run only when no
    /// recorder is on).
    #[inline(always)]
    fn put_local(&mut self, base: usize, slot: u32, v: Value) -> bool {
        match self.locals.get_mut(base + slot as usize) {
            Some(l) => {
                *l = v;
                true
            }
            None => false,
        }
    }
}

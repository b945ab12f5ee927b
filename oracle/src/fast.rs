//! Fast paths: the common case of the most frequent rules (integer
//! `binop` and `icmp`, pointer `icmp` across blocks, a `getelementptr`
//! that yields a pointer, `load` and `store` of a word through a live
//! pointer whose tag is exactly S), done with no error bookkeeping. Each is the
//! general rule restricted to inputs where that rule cannot fail; on any
//! other input it does nothing and returns false, and the general rule in
//! `insns` runs instead (and raises the error, with its message). So the
//! meaning of every instruction is the one written in `insns`.

use crate::arith::{bop_value, interp_cnd};
use crate::gep::{gep_plan, gep_ptr, GepMemo, PLAN_STEPS};
use crate::ir::{Block, GepInsn, Insn, Op};
use crate::machine::{operand_ref, ControlFlow, Machine, Position};
use crate::tytable::TyId;
use crate::value::{Ptr, Value, NULL_BLOCK};
use spec::Cnd;

impl<'p> Machine<'p> {
    /// The instructions of the block `code` from `at.pc`, each by its fast
    /// path, advancing `at.pc` past each: the common case of `interp_cfg`.
    /// The fuel for the rest of the block's instructions is charged at
    /// once, and only when there is that much (otherwise none run); what a
    /// call or an instruction that needs its rule leaves unexecuted is
    /// given back. Where execution goes next: on in the block from `at.pc`
    /// (the terminator, or an instruction left to its rule), or at the
    /// callee's entry after a call of a defined function.
    #[inline(always)]
    pub(crate) fn fast_insns(&mut self, at: &mut Position<'p>, code: &'p Block) -> ControlFlow<'p> {
        let insns = code.insns.as_slice();
        let (n, base, mut pc) = (insns.len(), at.base, at.pc);
        let rest = n.saturating_sub(pc) as u64;
        if self.fuel < rest {
            return ControlFlow::Continue;
        }
        self.fuel -= rest;
        while let Some(insn) = insns.get(pc) {
            if self.fast_insn(insn, base) {
                pc += 1;
                continue;
            }
            at.pc = pc;
            if let Some(callee) = self.fast_call(insn, at.block, pc, base) {
                // The call ran; what follows it did not.
                self.fuel += (n - pc - 1) as u64;
                return ControlFlow::ContinueAt(callee);
            }
            self.fuel += (n - pc) as u64;
            return ControlFlow::Continue;
        }
        at.pc = pc;
        ControlFlow::Continue
    }

    /// The common case of `interp_call` (a constant callee naming a
    /// defined function, every check passing): enters the callee's frame
    /// and returns its position. Otherwise returns `None` with nothing
    /// observable changed (locals above the innermost frame are free
    /// space), so that the general rule runs and raises the error.
    #[inline(always)]
    fn fast_call(
        &mut self,
        insn: &Insn,
        block: u32,
        pc: usize,
        base: usize,
    ) -> Option<Position<'p>> {
        let Insn::Call {
            dst,
            fty,
            args,
            direct: Some(i),
            ..
        } = insn
        else {
            return None;
        };
        self.set_pos(block, pc);
        self.enter_defined(*i, *dst, *fty, args, base).ok()
    }

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
                let r = interp_cnd(*cnd, x, *b);
                self.put_local(base, *dst, Value::Int(r as i64))
            }
            Insn::IcmpNull { dst, cnd, a } => {
                // A pointer at the start of a live block of non-zero size
                // is not null.
                let p = match self.locals.get(base + *a as usize) {
                    Some(Value::Ptr(p)) => p,
                    // LLVM's memory: null is address 0.
                    Some(Value::Addr(x)) => {
                        let r = interp_cnd(*cnd, x.addr as i64, 0);
                        return self.put_local(base, *dst, Value::Int(r as i64));
                    }
                    _ => return false,
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
                    let r = interp_cnd(*cnd, x, y);
                    return self.put_local(base, *dst, Value::Int(r as i64));
                }
                // Pointers into different blocks (neither freed), each null
                // or at the start of a block of non-zero size: unequal.
                let (Some(Value::Ptr(p)), Some(Value::Ptr(q))) = (
                    operand_ref(&self.locals, self.prog, *a, base),
                    operand_ref(&self.locals, self.prog, *b, base),
                ) else {
                    return self.llvm.is_some() && self.fast_llvm_icmp(*dst, *cnd, *a, *b, base);
                };
                if !matches!(cnd, Cnd::Eq | Cnd::Ne) {
                    return false;
                }
                if (p.block, p.gen) == (q.block, q.gen) || !self.apart(p) || !self.apart(q) {
                    return false;
                }
                self.put_local(base, *dst, Value::Int((*cnd == Cnd::Ne) as i64))
            }
            Insn::Gep(g) => self.fast_gep(g, base),
            Insn::Load { dst, ty, ptr } => {
                let Some(i) = self.fast_word(*ptr, *ty, base) else {
                    return self.llvm.is_some() && self.fast_llvm_load(*dst, *ty, *ptr, base);
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
                        _ => {
                            return self.llvm.is_some()
                                && self.fast_llvm_store(*ty, *val, *ptr, base)
                        }
                    },
                    Op::Val(k) => match self.prog.consts.get(k as usize) {
                        Some(Value::Ptr(p)) => Value::Ptr(*p),
                        _ => {
                            return self.llvm.is_some()
                                && self.fast_llvm_store(*ty, *val, *ptr, base)
                        }
                    },
                };
                let Some(i) = self.fast_word(*ptr, *ty, base) else {
                    return self.llvm.is_some() && self.fast_llvm_store(*ty, *val, *ptr, base);
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

    /// `getelementptr` when it yields a pointer: by the GEP's memo when
    /// the base has the place of its last plan, else by `gep_ptr`, whose
    /// plan (`gep_plan`) the memo then keeps.
    #[inline(always)]
    fn fast_gep(&mut self, g: &GepInsn, base: usize) -> bool {
        if g.constant {
            let p = operand_ref(&self.locals, self.prog, g.ptr, base);
            let m = self.gep_memo.get(g.memo as usize);
            match (p, m) {
                (Some(Value::Ptr(p)), Some(m)) if m.fits(p) && self.live(p) => {
                    let q = m.literal_result(p);
                    return self.put_local(base, g.dst, Value::Ptr(q));
                }
                (Some(Value::Addr(a)), _) => {
                    let a = *a;
                    return self.fast_llvm_constant_gep(g, base, a);
                }
                _ => {}
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
            if m.fits(p) && self.live(p) {
                if let Some(q) = m.apply(p, idxs) {
                    return self.put_local(base, g.dst, Value::Ptr(q));
                }
            }
        }
        let p = *p;
        self.gep_by_rule(g, base, &p, idxs)
    }

    /// `getelementptr` by `gep_ptr` when it yields a pointer, keeping its
    /// plan (`gep_plan`) in the GEP's memo when it may be kept. Not
    /// inlined: it is the memo's rare miss.
    #[inline(never)]
    fn gep_by_rule(&mut self, g: &GepInsn, base: usize, p: &Value, idxs: &[i64]) -> bool {
        if let Value::Addr(a) = p {
            return self.fast_llvm_gep(g, base, *a, idxs);
        }
        let Ok(q) = gep_ptr(&self.mem, &mut self.tys, p, g.base, g.result, idxs) else {
            return false;
        };
        if let Value::Ptr(p) = p {
            let plan = gep_plan(&mut self.tys, p, g.base, idxs);
            let memo = plan.and_then(|plan| GepMemo::new(p, &q, plan, g.constant));
            if let (Some(memo), Some(m)) = (memo, self.gep_memo.get_mut(g.memo as usize)) {
                *m = memo;
            }
        }
        self.put_local(base, g.dst, Value::Ptr(q))
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
    pub(crate) fn put_local(&mut self, base: usize, slot: u32, v: Value) -> bool {
        match self.locals.get_mut(base + slot as usize) {
            Some(l) => {
                *l = v;
                true
            }
            None => false,
        }
    }
}

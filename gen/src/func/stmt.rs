//! Statements: structured control flow lowered to blocks (if/else, loops
//! whose counter lives in an entry-block alloca), calls, printing through
//! the runtime functions, and folding values into the accumulator so that
//! every computed value can reach the program's result.

use super::{Fb, RecCall, Role};
use crate::values::{Origin, PtrVal, Val};
use crate::Profile;
use spec::{Bop, Cnd, Operand, TermKind, Ty};

impl Fb<'_, '_> {
    /// Up to `max_stmts` statements, nested at most `nest` deep.
    pub(crate) fn gen_stmts(&mut self, nest: usize) {
        let n = self.range(0, self.cfg.max_stmts as u64);
        for _ in 0..n {
            if self.out_of_budget() {
                break;
            }
            self.gen_stmt(nest);
        }
    }

    fn gen_stmt(&mut self, nest: usize) {
        if self.cfg.profile == Profile::Opt && self.chance(45) {
            self.opt_stmt(nest);
            return;
        }
        let n = u32::from(nest > 0);
        let call = u32::from(!matches!(self.role, Role::Leaf));
        match self.weighted(&[4, 3, 3, 3 * n, 2 * n, 3 * call, 2, 4, 2]) {
            1 => {
                let _ = self.gen_int(2);
            }
            2 => self.store_stmt(),
            3 => self.if_stmt(nest),
            4 => self.loop_stmt(nest),
            5 => {
                if let Some(r) = self.gen_call(None) {
                    if let Some(Val::Int(_)) = self.vals().last() {
                        self.fold(r);
                    }
                }
            }
            6 => self.print_stmt(),
            7 => self.pointer_stmt(),
            8 => {
                let b = self.gen_bool(2);
                self.fold_bool(b);
            }
            _ => {
                let x = self.gen_int(2);
                self.fold(x);
            }
        }
    }

    /// `acc = acc OP x` with OP one of add, xor, sub.
    pub(crate) fn fold(&mut self, x: Operand) {
        let bop = [Bop::Add, Bop::Xor, Bop::Sub][self.below(3)];
        let a = self.load(Ty::I64, self.acc.clone());
        let r = self.binop(bop, a, x);
        self.store(Ty::I64, r, self.acc.clone());
    }

    /// Folds a boolean: adds one constant on the true branch and xors
    /// another on the false one (LLVMlite has no zext).
    pub(crate) fn fold_bool(&mut self, b: Operand) {
        let (t, e, j) = (self.new_block(), self.new_block(), self.new_block());
        let (lt, le, lj) = (self.label(t), self.label(e), self.label(j));
        self.terminate(TermKind::Cbr(b, lt, le));
        for (blk, bop) in [(t, Bop::Add), (e, Bop::Xor)] {
            self.switch_to(blk);
            let c = Operand::konst(self.range(1, 1000) as i64);
            let a = self.load(Ty::I64, self.acc.clone());
            let r = self.binop(bop, a, c);
            self.store(Ty::I64, r, self.acc.clone());
            self.terminate(TermKind::Br(lj.clone()));
        }
        self.switch_to(j);
    }

    fn if_stmt(&mut self, nest: usize) {
        let c = self.gen_bool(2);
        let (t, e, j) = (self.new_block(), self.new_block(), self.new_block());
        let (lt, le, lj) = (self.label(t), self.label(e), self.label(j));
        self.terminate(TermKind::Cbr(c, lt, le));
        for blk in [t, e] {
            self.switch_to(blk);
            self.scoped(|fb| fb.gen_stmts(nest - 1));
            self.terminate(TermKind::Br(lj.clone()));
        }
        self.switch_to(j);
    }

    /// `for (c = 0; c < bound; c++) body` with `c` in an entry-block alloca;
    /// the bound is a literal or a word masked into 0..=7.
    fn loop_stmt(&mut self, nest: usize) {
        let max_iters = self.cfg.max_iters.max(1);
        if !self.can_afford(8 * (max_iters + 1)) {
            return;
        }
        let bound = |fb: &mut Self| {
            if fb.chance(60) {
                let b = fb.range(1, max_iters);
                (Operand::konst(b as i64), b)
            } else {
                let mask = (max_iters + 1).next_power_of_two() / 2;
                let mask = mask.max(1) - 1;
                let x = fb.gen_int(1);
                (fb.binop(Bop::And, x, Operand::konst(mask as i64)), mask)
            }
        };
        self.counted_loop(bound, |fb, i| {
            fb.scoped(|fb| {
                fb.push(Val::Int(i));
                if fb.chance(25) {
                    fb.loop_alloca();
                }
                fb.gen_stmts(nest - 1);
            });
        });
    }

    /// `for (c = 0; c < bound; c++) body(c)` with `c` in a new entry-block
    /// alloca: `bound` draws the bound and its largest value after the
    /// counter is made; `body` gets the counter's value in the header. Ends
    /// in the loop's exit block.
    pub(crate) fn counted_loop(
        &mut self,
        bound: impl FnOnce(&mut Self) -> (Operand, u64),
        body: impl FnOnce(&mut Self, Operand),
    ) {
        let counter = self.entry_alloca(Ty::I64, "c");
        self.entry_store(Ty::I64, Operand::konst(0), counter.clone());
        let (bound, bound_max) = bound(self);
        self.store(Ty::I64, Operand::konst(0), counter.clone());
        let (h, b, exit) = (self.new_block(), self.new_block(), self.new_block());
        let (lh, lb, lx) = (self.label(h), self.label(b), self.label(exit));
        self.terminate(TermKind::Br(lh.clone()));
        self.switch_to(h);
        let i = self.repeated(bound_max + 1, |fb| {
            let i = fb.load(Ty::I64, counter.clone());
            let k = fb.icmp(Cnd::Slt, Ty::I64, i.clone(), bound);
            fb.terminate(TermKind::Cbr(k, lb, lx));
            i
        });
        self.switch_to(b);
        self.repeated(bound_max, |fb| {
            body(fb, i);
            let i2 = fb.load(Ty::I64, counter.clone());
            let i3 = fb.binop(Bop::Add, i2, Operand::konst(1));
            fb.store(Ty::I64, i3, counter.clone());
            fb.terminate(TermKind::Br(lh));
        });
        self.switch_to(exit);
    }

    /// An `alloca` at the start of a loop body (as Oat front ends emit for
    /// a local declared in a loop), every leaf stored right after it: a new
    /// block each iteration, its pointer used only in this iteration's scope
    /// ([`Origin::Iteration`]).
    fn loop_alloca(&mut self) {
        let aggs = self.cfg.has(spec::dialect::Feature::AggregateAlloca);
        let tys: Vec<Ty> = self
            .ctx
            .uni
            .data
            .iter()
            .filter(|d| aggs || self.is_simple(d))
            .cloned()
            .collect();
        let Some(ty) = tys.get(self.below(tys.len())).cloned() else {
            return;
        };
        let op = self.emit(spec::InsnKind::Alloca { ty: ty.clone() }, true);
        self.push(Val::Ptr(PtrVal::root(
            op.clone(),
            ty.clone(),
            Origin::Iteration,
        )));
        self.init_leaves(&op, &ty, &ty, &mut Vec::new(), 0);
    }

    /// Prints through the runtime: a number, a string, a concatenation.
    fn print_stmt(&mut self) {
        let s = match self.weighted(&[3, 2, 1]) {
            0 => {
                let x = self.gen_int(2);
                self.call(Ty::I8.ptr_to(), Operand::gid("ll_ltoa"), vec![(Ty::I64, x)])
            }
            1 => self.gen_str(2),
            _ => {
                let a = self.gen_str(1);
                let b = self.gen_str(1);
                self.call(
                    Ty::I8.ptr_to(),
                    Operand::gid("ll_strcat"),
                    vec![(Ty::I8.ptr_to(), a), (Ty::I8.ptr_to(), b)],
                )
            }
        };
        self.push(Val::Str(s.clone()));
        self.call(
            Ty::Void,
            Operand::gid("ll_puts"),
            vec![(Ty::I8.ptr_to(), s)],
        );
    }

    /// The function's `ret`: the accumulator (mixed with a word) for `i64`,
    /// a boolean for `i1`, nothing for `void`.
    pub(crate) fn gen_return(&mut self) {
        match self.ret.clone() {
            Ty::I64 => {
                let a = self.load(Ty::I64, self.acc.clone());
                let r = if self.chance(40) {
                    let x = self.gen_int(1);
                    self.binop(Bop::Xor, a, x)
                } else {
                    a
                };
                // Stack-passed words always reach the result, so that losing
                // one (a calling-convention bug) is observable.
                let mut r = r;
                for (k, p) in self.stack_params.clone().into_iter().enumerate() {
                    let bop = if k % 2 == 0 { Bop::Add } else { Bop::Xor };
                    r = self.binop(bop, r, p);
                }
                self.terminate(TermKind::Ret(Ty::I64, Some(r)));
            }
            Ty::I1 => {
                let b = self.gen_bool(1);
                self.terminate(TermKind::Ret(Ty::I1, Some(b)));
            }
            _ => self.terminate(TermKind::Ret(Ty::Void, None)),
        }
    }

    /// A recursive body: `if depth <= 0` the base block returns, else the
    /// step block calls `rec.target` with `depth - 1` once.
    pub(crate) fn rec_body(&mut self, rec: &RecCall) {
        let d = Operand::id("p0");
        let c = self.icmp(Cnd::Sle, Ty::I64, d.clone(), Operand::konst(0));
        let (base, step) = (self.new_block(), self.new_block());
        let (lb, ls) = (self.label(base), self.label(step));
        self.terminate(TermKind::Cbr(c, lb, ls));
        self.switch_to(base);
        self.scoped(|fb| fb.gen_return());
        self.switch_to(step);
        self.scoped(|fb| {
            let d1 = fb.binop(Bop::Sub, d, Operand::konst(1));
            fb.gen_stmts(fb.cfg.max_nest.min(1));
            let mut args = vec![(Ty::I64, d1)];
            for t in rec.params.iter().skip(1) {
                let a = fb.gen_value(t, Origin::Own);
                args.push((t.clone(), a));
            }
            let r = fb.call(rec.ret.clone(), Operand::gid(rec.target.clone()), args);
            if rec.ret == Ty::I64 {
                fb.fold(r);
            }
            fb.gen_stmts(0);
            fb.gen_return();
        });
    }

    /// The end of `main`: fold a few global words in, maybe print the
    /// accumulator, return it.
    pub(crate) fn main_epilogue(&mut self) {
        let n = self.range(0, 3);
        for _ in 0..n {
            let globals = self.ctx.globals.places.clone();
            let gs: Vec<_> = globals
                .into_iter()
                .filter(|p| self.reaches(&p.ty, &|t| *t == Ty::I64))
                .collect();
            let Some(g) = gs.get(self.below(gs.len())).cloned() else {
                break;
            };
            let q = if self.is_simple(&g.ty) {
                g
            } else {
                self.descend(&g, &|t| *t == Ty::I64, true, true)
            };
            let x = self.load(Ty::I64, q.op);
            self.fold(x);
        }
        let a = self.load(Ty::I64, self.acc.clone());
        if self.chance(60) {
            let s = self.call(
                Ty::I8.ptr_to(),
                Operand::gid("ll_ltoa"),
                vec![(Ty::I64, a.clone())],
            );
            self.call(
                Ty::Void,
                Operand::gid("ll_puts"),
                vec![(Ty::I8.ptr_to(), s)],
            );
        }
        self.terminate(TermKind::Ret(Ty::I64, Some(a)));
    }
}

//! The optimiser profile (`Profile::Opt`): statements written to meet the
//! analyses and rewrites of an optimiser where they go wrong, each still
//! well typed, well defined and terminating (the invariants of
//! [`crate::values`] hold throughout):
//! - one word slot reached by two different pointers (a second GEP, a GEP
//!   chain, `gep T, T* %p, i64 0`, a struct view made with `bitcast`, an
//!   `i8*` round trip, a pointer stored in a slot and loaded back), with
//!   stores and loads through both;
//! - *writers*: functions `void @wN(i64* %p0, i64 %p1)` that store through
//!   their pointer argument and into a global word, called between a store
//!   and a load of the place passed, or between two loads of the global;
//! - dead stores next to live ones (and a variable that is only written);
//! - constant expressions whose exact result leaves the 63-bit range
//!   (OCaml's `int`) or wraps at 2^63, shifts by 63 (a literal or a
//!   constant of 64 and more masked with `and 63`; amounts of 64 and more
//!   are `shift-out-of-range`, docs/semantics.md);
//! - branches on comparisons that fold, loops whose body recomputes a value
//!   defined outside it, and blocks that no branch reaches, which use only
//!   globals, literals and values defined before them in the same block.
//!
//! The histogram in `features/opt.rs` reads these patterns off the syntax.

use super::{Built, Fb, Role};
use crate::ctx::{names, Ctx, FnInfo, Writer};
use crate::draw;
use crate::values::Origin;
use crate::GenConfig;
use arbitrary::Unstructured;
use spec::{Bop, Cnd, Fdecl, Operand, TermKind, Ty};

/// Words at the edges that 63-bit and 64-bit arithmetic disagree on:
/// 2^63 - 1, -2^63, 2^62 and its neighbours, and their negations.
const EDGES: [i64; 10] = [
    i64::MAX,
    i64::MIN,
    i64::MAX - 1,
    i64::MIN + 1,
    1 << 62,
    (1 << 62) - 1,
    -(1 << 62),
    -(1 << 62) - 1,
    1 << 61,
    3 << 61,
];

/// The program's global words (`@g = global i64 N`).
fn global_words(ctx: &Ctx) -> Vec<String> {
    ctx.globals
        .gdecls
        .iter()
        .filter(|g| g.ty == Ty::I64)
        .map(|g| g.name.clone())
        .collect()
}

/// Draws one or two writers and adds them to the program (level 0, so
/// every helper and `main` may call them directly).
pub(crate) fn gen_writers(
    u: &mut Unstructured,
    ctx: &mut Ctx,
    cfg: &GenConfig,
    budget: u64,
    fdecls: &mut Vec<Fdecl>,
) {
    let words = global_words(ctx);
    let n = draw::range(u, 1, 2);
    for i in 0..n {
        let Some(global) = words.get(draw::below(u, words.len())).cloned() else {
            return;
        };
        let params = vec![Ty::I64.ptr_to(), Ty::I64];
        let ps = names(&params);
        let name = format!("w{i}");
        let mut fb = Fb::new(ctx, cfg, u, Role::Leaf, &ps, Ty::Void, budget);
        fb.setup_entry();
        fb.writer_body(&global);
        fb.gen_return();
        let Built { fdecl, cost } = fb.finish(&name, ps);
        ctx.funcs.push(FnInfo {
            name: name.clone(),
            params,
            ret: Ty::Void,
            level: 0,
            cost,
            recursive: false,
            ready: true,
            leaf_of: None,
        });
        ctx.writers.push(Writer { name, global, cost });
        fdecls.push(fdecl);
    }
}

impl Fb<'_, '_> {
    /// A writer's body: `*p0 = f(p1)` (maybe from the old `*p0`), maybe a
    /// second store under a condition on `p1`, then `@global += p1`.
    fn writer_body(&mut self, global: &str) {
        let (p, x) = (Operand::id("p0"), Operand::id("p1"));
        let v = if self.chance(50) {
            let old = self.load(Ty::I64, p.clone());
            let bop = [Bop::Add, Bop::Xor, Bop::Sub][self.below(3)];
            self.binop(bop, old, x.clone())
        } else {
            let bop = [Bop::Mul, Bop::Xor, Bop::Add][self.below(3)];
            let c = Operand::konst(self.range(1, 99) as i64);
            self.binop(bop, x.clone(), c)
        };
        self.store(Ty::I64, v, p.clone());
        if self.chance(50) {
            let k = Operand::konst(self.range(0, 40) as i64 - 20);
            let c = self.icmp(Cnd::Slt, Ty::I64, x.clone(), k);
            let (t, j) = (self.new_block(), self.new_block());
            let (lt, lj) = (self.label(t), self.label(j));
            self.terminate(TermKind::Cbr(c, lt, lj.clone()));
            self.switch_to(t);
            let w = Operand::konst(self.range(0, 999) as i64);
            self.store(Ty::I64, w, p);
            self.terminate(TermKind::Br(lj));
            self.switch_to(j);
        }
        let g = Operand::gid(global);
        let old = self.load(Ty::I64, g.clone());
        let new = self.binop(Bop::Add, old, x);
        self.store(Ty::I64, new, g);
    }

    /// One statement of the optimiser profile.
    pub(crate) fn opt_stmt(&mut self, nest: usize) {
        let calls = !matches!(self.role, Role::Leaf) && !self.ctx.writers.is_empty();
        let c = u32::from(calls);
        match self.weighted(&[3, 2, 2, 2, 3, 3, 2, 3, 2, 2, 3 * c, 2 * c]) {
            0 => self.gep_alias(),
            1 => self.view_alias(),
            2 => self.memory_alias(),
            3 => self.cast_alias(),
            4 => self.dead_store(),
            5 => self.boundary_const(),
            6 => self.shift_63(),
            7 => self.folding_branch(nest),
            8 => self.invariant_loop(),
            9 => self.unreachable_block(),
            10 => self.callee_writes_arg(),
            _ => self.call_writes_global(),
        }
    }

    /// Stores through `p` (and maybe through `q`), then loads through one of
    /// them and folds the word: `p` and `q` reach the same word slot. The
    /// values are computed before the first store, so nothing reads memory
    /// between the stores.
    fn alias_traffic(&mut self, p: Operand, q: Operand) {
        let (a, b) = if self.chance(50) { (p, q) } else { (q, p) };
        let x = self.gen_int(0);
        let y = self.chance(70).then(|| self.gen_int(0));
        self.store(Ty::I64, x, a.clone());
        if let Some(y) = y {
            self.store(Ty::I64, y, b.clone());
        }
        let r = if self.chance(60) { b } else { a };
        let v = self.load(Ty::I64, r);
        self.fold(v);
    }

    /// A word slot of live memory (emitting the GEPs to it).
    fn word_slot(&mut self) -> Option<Operand> {
        self.leaf_ptr(&|t| *t == Ty::I64, Origin::Own).map(|p| p.op)
    }

    /// Two GEPs to one word: a repeated GEP or a GEP chain from an
    /// aggregate, or `gep i64, i64* %p, i64 0` of a word slot.
    fn gep_alias(&mut self) {
        let env = &self.ctx.uni.env;
        let agg = self.pick_place(|fb, p| {
            p.exact()
                && matches!(env.unfold(&p.ty), Ty::Struct(_) | Ty::Array(..))
                && fb.reaches(&p.ty, &|t| *t == Ty::I64)
        });
        let Some(s) = agg.filter(|_| self.chance(70)) else {
            if let Some(p) = self.word_slot() {
                let q = self.gep(Ty::I64, p.clone(), vec![Operand::konst(0)]);
                self.alias_traffic(p, q);
            }
            return;
        };
        let (path, tys) = self.word_path(&s.ty);
        let idxs: Vec<Operand> = path.iter().map(|&i| Operand::konst(i)).collect();
        let p = self.gep(s.ty.clone(), s.op.clone(), idxs.clone());
        let q = if path.len() > 2 && self.chance(60) {
            // Split after the k-th index: a pointer to the middle, then on.
            let k = self.range(2, path.len() as u64 - 1) as usize;
            let mid = self.gep(s.ty.clone(), s.op.clone(), idxs[..k].to_vec());
            let mut rest = vec![Operand::konst(0)];
            rest.extend(idxs[k..].iter().cloned());
            self.gep(tys[k - 1].clone(), mid, rest)
        } else {
            self.gep(s.ty.clone(), s.op, idxs)
        };
        self.alias_traffic(p, q);
    }

    /// Constant GEP indices from a pointer to `ty` down to a word (the first
    /// index 0), and the type reached after each prefix of them (`tys[k]`
    /// is the type after `path[..=k]`).
    fn word_path(&mut self, ty: &Ty) -> (Vec<i64>, Vec<Ty>) {
        let mut path = vec![0];
        let mut tys = vec![ty.clone()];
        let mut cur = ty.clone();
        for _ in 0..16 {
            let next = match self.ctx.uni.env.unfold(&cur).clone() {
                Ty::Struct(fs) => {
                    let ok: Vec<usize> = (0..fs.len())
                        .filter(|&i| self.reaches(&fs[i], &|t| *t == Ty::I64))
                        .collect();
                    let Some(&i) = ok.get(self.below(ok.len())) else {
                        break;
                    };
                    path.push(i as i64);
                    fs[i].clone()
                }
                Ty::Array(n, e) if n > 0 => {
                    path.push(self.below(n as usize) as i64);
                    (*e).clone()
                }
                _ => break,
            };
            tys.push(next.clone());
            cur = next;
        }
        (path, tys)
    }

    /// A word field reached by a GEP and by a GEP through a view of a
    /// prefix of the struct's fields (`bitcast`).
    fn view_alias(&mut self) {
        let env = &self.ctx.uni.env;
        let Some(s) = self.pick_place(|_, p| {
            p.exact() && matches!(env.unfold(&p.ty), Ty::Struct(fs) if fs.contains(&Ty::I64))
        }) else {
            return self.cast_alias();
        };
        let Ty::Struct(fs) = self.ctx.uni.env.unfold(&s.ty).clone() else {
            return;
        };
        let words: Vec<usize> = (0..fs.len()).filter(|&i| fs[i] == Ty::I64).collect();
        let k = words[self.below(words.len())];
        let idxs = vec![Operand::konst(0), Operand::konst(k as i64)];
        let p = self.gep(s.ty.clone(), s.op.clone(), idxs.clone());
        let view = Ty::Struct(fs[..=k].to_vec());
        let v = self.bitcast(s.ty.clone().ptr_to(), s.op, view.clone().ptr_to());
        let q = self.gep(view, v, idxs);
        self.alias_traffic(p, q);
    }

    /// A word slot's pointer stored into a pointer variable and loaded back.
    fn memory_alias(&mut self) {
        let Some(p) = self.word_slot() else {
            return;
        };
        let slot = self.entry_alloca(Ty::I64.ptr_to(), "v");
        let init = self.anchor_or_null(&Ty::I64);
        self.entry_store(Ty::I64.ptr_to(), init, slot.clone());
        self.store(Ty::I64.ptr_to(), p.clone(), slot.clone());
        let q = self.load(Ty::I64.ptr_to(), slot);
        self.alias_traffic(p, q);
    }

    /// A word slot's pointer cast to `i8*` and back.
    fn cast_alias(&mut self) {
        let Some(p) = self.word_slot() else {
            return;
        };
        let e = self.bitcast(Ty::I64.ptr_to(), p.clone(), Ty::I8.ptr_to());
        let q = self.bitcast(Ty::I8.ptr_to(), e, Ty::I64.ptr_to());
        self.alias_traffic(p, q);
    }

    /// A dead store next to live ones: `*p = x; [*r = z;] *p = y; load *p`,
    /// or a variable of this frame that is written and never read.
    fn dead_store(&mut self) {
        if self.chance(25) {
            let d = self.entry_alloca(Ty::I64, "v");
            let c = Operand::konst(draw::int_const(self.u));
            self.entry_store(Ty::I64, c, d.clone());
            let x = self.gen_int(1);
            self.store(Ty::I64, x, d);
            return;
        }
        let Some(p) = self.word_slot() else {
            return;
        };
        let other = if self.chance(50) {
            self.word_slot()
        } else {
            None
        };
        let (x, y) = (self.gen_int(0), self.gen_int(0));
        let z = other.as_ref().map(|_| self.gen_int(0));
        self.store(Ty::I64, x, p.clone());
        if let (Some(r), Some(z)) = (other, z) {
            self.store(Ty::I64, z, r);
        }
        self.store(Ty::I64, y, p.clone());
        let v = self.load(Ty::I64, p);
        self.fold(v);
    }

    /// A small word or an edge word, as a literal.
    fn edge_or_small(&mut self) -> Operand {
        if self.chance(50) {
            Operand::konst(EDGES[self.below(EDGES.len())])
        } else {
            Operand::konst(self.range(0, 6) as i64 - 3)
        }
    }

    /// Uses a word that folds to a constant: folds it into the
    /// accumulator, or branches on a comparison of it with a literal.
    fn use_constant(&mut self, t: Operand) {
        if self.chance(50) {
            self.fold(t);
        } else {
            let cnd = Cnd::ALL[self.below(Cnd::ALL.len())];
            let k = self.edge_or_small();
            let c = self.icmp(cnd, Ty::I64, t, k);
            self.fold_bool(c);
        }
    }

    /// `EDGE op k` over literals (add, sub, mul, or shl by 1): its exact
    /// result leaves the 63-bit range or wraps at 2^63; maybe one more
    /// constant step.
    fn boundary_const(&mut self) {
        let a = Operand::konst(EDGES[self.below(EDGES.len())]);
        let (bop, b) = match self.below(4) {
            0 => (Bop::Add, self.edge_or_small()),
            1 => (Bop::Sub, self.edge_or_small()),
            2 => (Bop::Mul, Operand::konst(self.range(2, 4) as i64)),
            _ => (Bop::Shl, Operand::konst(1)),
        };
        let mut t = self.binop(bop, a, b);
        if self.chance(40) {
            let bop = [Bop::Add, Bop::Xor, Bop::Sub, Bop::Ashr][self.below(4)];
            let k = Operand::konst(if bop == Bop::Ashr { 62 } else { 1 });
            t = self.binop(bop, t, k);
        }
        self.use_constant(t);
    }

    /// A shift by 63: the amount a literal, or `and K, 63` with a literal
    /// K of 64 or more (the shifted word a literal or any word).
    fn shift_63(&mut self) {
        let amount = if self.chance(50) {
            Operand::konst(63)
        } else {
            let k = [127, 191, 255, 64 + 63, (1 << 40) | 63][self.below(5)];
            let k = if self.chance(30) {
                64 + self.range(0, 63) as i64
            } else {
                k
            };
            self.binop(Bop::And, Operand::konst(k), Operand::konst(63))
        };
        let x = match self.below(3) {
            0 => Operand::konst([1, -1, 3][self.below(3)]),
            1 => Operand::konst(EDGES[self.below(EDGES.len())]),
            _ => self.gen_int(1),
        };
        let bop = [Bop::Shl, Bop::Lshr, Bop::Ashr][self.below(3)];
        let r = self.binop(bop, x, amount);
        self.use_constant(r);
    }

    /// `br` on a condition that folds (a comparison of literals, of a word
    /// with itself, or an `i1` literal); both arms fold a different literal
    /// and may hold more statements.
    fn folding_branch(&mut self, nest: usize) {
        let c = match self.below(3) {
            0 => {
                let cnd = Cnd::ALL[self.below(Cnd::ALL.len())];
                let (a, b) = (self.edge_or_small(), self.edge_or_small());
                self.icmp(cnd, Ty::I64, a, b)
            }
            1 => {
                let x = self.gen_int(1);
                let cnd = Cnd::ALL[self.below(Cnd::ALL.len())];
                self.icmp(cnd, Ty::I64, x.clone(), x)
            }
            _ => Operand::konst(self.range(0, 1) as i64),
        };
        let (t, e, j) = (self.new_block(), self.new_block(), self.new_block());
        let (lt, le, lj) = (self.label(t), self.label(e), self.label(j));
        self.terminate(TermKind::Cbr(c, lt, le));
        for blk in [t, e] {
            self.switch_to(blk);
            if nest > 0 {
                self.scoped(|fb| fb.gen_stmts(nest - 1));
            }
            let k = Operand::konst(self.range(1, 1000) as i64);
            self.fold(k);
            self.terminate(TermKind::Br(lj.clone()));
        }
        self.switch_to(j);
    }

    /// `for (c = 0; c < N; c++) acc += (a op b) [op k] [+ *p]` where `a`,
    /// `b` and the slot `p` (never written in the loop) come from before it.
    fn invariant_loop(&mut self) {
        let max_iters = self.cfg.max_iters.max(1);
        if !self.can_afford(16 * (max_iters + 1)) {
            return;
        }
        let a = self.gen_int(1);
        let b = self.gen_int(0);
        let p = if self.chance(50) {
            self.word_slot()
        } else {
            None
        };
        let bound = |fb: &mut Self| {
            let n = fb.range(1, max_iters);
            (Operand::konst(n as i64), n)
        };
        self.counted_loop(bound, |fb, _| {
            let ops = [Bop::Add, Bop::Sub, Bop::Mul, Bop::Xor, Bop::And, Bop::Or];
            let op = ops[fb.below(ops.len())];
            let mut v = fb.binop(op, a, b);
            if fb.chance(50) {
                let k = Operand::konst(fb.range(1, 99) as i64);
                let op = ops[fb.below(ops.len())];
                v = fb.binop(op, v, k);
            }
            if let Some(p) = p {
                let w = fb.load(Ty::I64, p);
                v = fb.binop(Bop::Add, v, w);
            }
            fb.fold(v);
        });
    }

    /// A block no branch reaches: it reads and writes a global word and
    /// returns, or branches to the block where the function goes on (which
    /// then has one predecessor that never runs). It never runs, so it
    /// costs nothing.
    fn unreachable_block(&mut self) {
        let words = global_words(self.ctx);
        let Some(g) = words.get(self.below(words.len())).cloned() else {
            return;
        };
        let (spent, here) = (self.spent, self.cur);
        let dead = self.new_block();
        self.switch_to(dead);
        let g = Operand::gid(g);
        let x = self.load(Ty::I64, g.clone());
        let bop = [Bop::Add, Bop::Mul, Bop::Xor][self.below(3)];
        let k = Operand::konst(self.range(1, 99) as i64);
        let y = self.binop(bop, x, k);
        if self.chance(60) {
            self.store(Ty::I64, y.clone(), g);
        }
        if self.chance(50) {
            let ret = match self.ret.clone() {
                Ty::I64 => TermKind::Ret(Ty::I64, Some(y)),
                Ty::I1 => TermKind::Ret(Ty::I1, Some(Operand::konst(1))),
                t => TermKind::Ret(t, None),
            };
            self.terminate(ret);
            self.spent = spent;
            self.switch_to(here);
        } else {
            let next = self.new_block();
            let ln = self.label(next);
            self.terminate(TermKind::Br(ln.clone()));
            self.spent = spent;
            self.switch_to(here);
            self.terminate(TermKind::Br(ln));
            self.switch_to(next);
        }
    }

    /// A writer the budget affords, chosen uniformly.
    fn pick_writer(&mut self) -> Option<(String, String, u64)> {
        let ok: Vec<(String, String, u64)> = self
            .ctx
            .writers
            .iter()
            .filter(|w| self.can_afford(w.cost + 8))
            .map(|w| (w.name.clone(), w.global.clone(), w.cost))
            .collect();
        ok.get(self.below(ok.len())).cloned()
    }

    /// Calls writer `name` with `p` and a word.
    fn call_writer(&mut self, name: String, cost: u64, p: Operand) {
        let x = self.gen_int(1);
        self.charge(cost);
        self.call(
            Ty::Void,
            Operand::gid(name),
            vec![(Ty::I64.ptr_to(), p), (Ty::I64, x)],
        );
    }

    /// `[*p = x;] w(p, y); fold(*p)`: the callee writes through the pointer.
    fn callee_writes_arg(&mut self) {
        let Some((name, _, cost)) = self.pick_writer() else {
            return;
        };
        let Some(p) = self.word_slot() else {
            return;
        };
        if self.chance(60) {
            let x = self.gen_int(0);
            self.store(Ty::I64, x, p.clone());
        }
        self.call_writer(name, cost, p.clone());
        let v = self.load(Ty::I64, p);
        self.fold(v);
    }

    /// `a = @g; w(p, y); b = @g; fold(b - a)`: the callee writes the global.
    fn call_writes_global(&mut self) {
        let Some((name, global, cost)) = self.pick_writer() else {
            return;
        };
        let g = Operand::gid(global);
        let p = self.gen_ptr(&Ty::I64, Origin::Own);
        let a = self.load(Ty::I64, g.clone());
        self.call_writer(name, cost, p);
        let b = self.load(Ty::I64, g);
        let d = if self.chance(50) {
            self.binop(Bop::Sub, b, a)
        } else {
            b
        };
        self.fold(d);
    }
}

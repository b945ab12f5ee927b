//! Values: words, booleans, strings, function pointers and data pointers,
//! each built only from operations that are defined on the values chosen:
//! shift amounts are masked into 0..=63, signed orders are only used on
//! `i64`, pointers are only compared with `eq`/`ne`, and only live pointers
//! of exactly the right type are used.

use super::{Fb, Role, MAX_REC_DEPTH};
use crate::values::{Origin, PtrVal, Val};
use spec::{Bop, Cnd, Operand, Ty};

impl Fb<'_, '_> {
    fn scope_ints(&self) -> Vec<Operand> {
        self.vals()
            .filter_map(|v| match v {
                Val::Int(o) => Some(o.clone()),
                _ => None,
            })
            .collect()
    }

    fn scope_bools(&self) -> Vec<Operand> {
        self.vals()
            .filter_map(|v| match v {
                Val::Bool(o) => Some(o.clone()),
                _ => None,
            })
            .collect()
    }

    /// An `i64` operand.
    pub(crate) fn gen_int(&mut self, depth: usize) -> Operand {
        let can_call = depth > 0 && !matches!(self.role, Role::Leaf);
        let k = self.weighted(&[3, 4, if depth > 0 { 4 } else { 0 }, 3, u32::from(can_call)]);
        match k {
            1 => {
                let ints = self.scope_ints();
                match ints.get(self.below(ints.len())) {
                    Some(o) => o.clone(),
                    None => Operand::konst(crate::draw::int_const(self.u)),
                }
            }
            2 => {
                let bop = Bop::ALL[self.below(Bop::ALL.len())];
                let a = self.gen_int(depth - 1);
                let b = if matches!(bop, Bop::Shl | Bop::Lshr | Bop::Ashr) {
                    self.shift_amount(depth - 1)
                } else {
                    self.gen_int(depth - 1)
                };
                let r = self.binop(bop, a, b);
                self.push(Val::Int(r.clone()));
                r
            }
            3 => match self.load_leaf(&|t| *t == Ty::I64) {
                Some(o) => o,
                None => Operand::konst(crate::draw::int_const(self.u)),
            },
            4 => match self.gen_call(Some(&Ty::I64)) {
                Some(o) => o,
                None => Operand::konst(crate::draw::int_const(self.u)),
            },
            _ => Operand::konst(crate::draw::int_const(self.u)),
        }
    }

    /// A shift amount in 0..=63: a literal, or any word masked with `and 63`.
    fn shift_amount(&mut self, depth: usize) -> Operand {
        if self.chance(50) {
            let x = self.gen_int(depth);
            let r = self.binop(Bop::And, x, Operand::konst(63));
            self.push(Val::Int(r.clone()));
            r
        } else {
            Operand::konst(self.range(0, 63) as i64)
        }
    }

    /// An `i1` operand.
    pub(crate) fn gen_bool(&mut self, depth: usize) -> Operand {
        let can_call = depth > 0 && !matches!(self.role, Role::Leaf);
        let d = u32::from(depth > 0);
        let k = self.weighted(&[1, 2, 5, d, 2, 1, 1, u32::from(can_call), 1]);
        let r = match k {
            1 => {
                let bs = self.scope_bools();
                match bs.get(self.below(bs.len())) {
                    Some(o) => return o.clone(),
                    None => return Operand::konst(self.range(0, 1) as i64),
                }
            }
            2 => {
                let cnd = Cnd::ALL[self.below(Cnd::ALL.len())];
                let a = self.gen_int(depth.saturating_sub(1));
                let b = self.gen_int(depth.saturating_sub(1));
                self.icmp(cnd, Ty::I64, a, b)
            }
            3 => {
                // At i1 only eq/ne: signed orders on i1 are ambiguous.
                let cnd = [Cnd::Eq, Cnd::Ne][self.below(2)];
                let a = self.gen_bool(depth - 1);
                let b = self.gen_bool(depth - 1);
                self.icmp(cnd, Ty::I1, a, b)
            }
            4 => match self.ptr_compare() {
                Some(o) => o,
                None => return Operand::konst(0),
            },
            5 => {
                let fs = self.ctx.uni.fun_tys.clone();
                let Some(f) = fs.get(self.below(fs.len())) else {
                    return Operand::konst(1);
                };
                let a = self.gen_fun(f);
                let b = self.gen_fun(f);
                let cnd = [Cnd::Eq, Cnd::Ne][self.below(2)];
                self.icmp(cnd, f.clone().ptr_to(), a, b)
            }
            6 => match self.load_leaf(&|t| *t == Ty::I1) {
                Some(o) => o,
                None => return Operand::konst(1),
            },
            7 => match self.gen_call(Some(&Ty::I1)) {
                Some(o) => o,
                None => return Operand::konst(0),
            },
            8 => self.nullable_compare().unwrap_or(Operand::konst(1)),
            _ => return Operand::konst(self.range(0, 1) as i64),
        };
        self.push(Val::Bool(r.clone()));
        r
    }

    /// `icmp eq/ne` of two live pointers of the same type.
    fn ptr_compare(&mut self) -> Option<Operand> {
        let p = self.pick_place(|_, _| true)?;
        let q = self.pick_place(|_, q| q.ty == p.ty)?.op;
        let cnd = [Cnd::Eq, Cnd::Ne][self.below(2)];
        Some(self.icmp(cnd, p.ty.clone().ptr_to(), p.op, q))
    }

    /// Loads the null-initialised global pointer and compares it with a live
    /// pointer of its type (eq/ne only; it may be null, so it is never used
    /// otherwise).
    pub(crate) fn nullable_compare(&mut self) -> Option<Operand> {
        let ns = self.ctx.globals.nullables.clone();
        let (g, x) = ns.get(self.below(ns.len()))?.clone();
        let n = self.load(x.clone().ptr_to(), Operand::gid(g));
        let other = self.gen_ptr(&x, Origin::Own);
        let cnd = [Cnd::Eq, Cnd::Ne][self.below(2)];
        Some(self.icmp(cnd, x.ptr_to(), n, other))
    }

    /// A value of simple type `ty`; pointers reach memory that lives at
    /// least as long as `max_origin` says.
    pub(crate) fn gen_value(&mut self, ty: &Ty, max_origin: Origin) -> Operand {
        match ty {
            Ty::I64 => self.gen_int(1),
            Ty::I1 => self.gen_bool(1),
            Ty::Ptr(p) => match &**p {
                Ty::I8 => self.gen_str(1),
                Ty::Fun(..) => self.gen_fun(p),
                x => self.gen_ptr(x, max_origin),
            },
            _ => Operand::konst(0),
        }
    }

    /// A live pointer to memory of exactly type `x`.
    pub(crate) fn gen_ptr(&mut self, x: &Ty, max_origin: Origin) -> Operand {
        if self.chance(25) {
            let want = x.clone().ptr_to();
            if let Some((o, origin)) = self.load_leaf_origin(&|t| *t == want, max_origin) {
                self.push(Val::Ptr(PtrVal::loaded(o.clone(), x.clone(), origin)));
                return o;
            }
        }
        match self.pick_place(|_, q| q.exact() && q.ty == *x && q.origin <= max_origin) {
            Some(q) => q.op,
            None => self.anchor_or_null(x),
        }
    }

    /// A pointer to a leaf function of type `f`, without loads (usable in
    /// the entry prefix).
    pub(crate) fn gen_fun_entry(&mut self, f: &Ty) -> Operand {
        let scope: Vec<Operand> = self
            .vals()
            .filter_map(|v| match v {
                Val::Fun(o, t) if t == f => Some(o.clone()),
                _ => None,
            })
            .collect();
        if !scope.is_empty() && self.chance(50) {
            return scope[self.below(scope.len())].clone();
        }
        let leaves = self.ctx.leaves_of(f);
        match leaves.get(self.below(leaves.len())) {
            Some(g) => Operand::gid(g.clone()),
            None => Operand::null(),
        }
    }

    /// A pointer to a leaf function of type `f`: `@leaf`, a value in scope,
    /// or one loaded from memory (a variable, a global, a struct field).
    pub(crate) fn gen_fun(&mut self, f: &Ty) -> Operand {
        if self.chance(50) {
            let want = f.clone().ptr_to();
            if let Some(o) = self.load_leaf(&|t| *t == want) {
                return o;
            }
        }
        self.gen_fun_entry(f)
    }

    /// An `i8*` that points at the first character of a string. At depth 0
    /// only strings in scope and string literals (entry-prefix safe).
    pub(crate) fn gen_str(&mut self, depth: usize) -> Operand {
        let d = u32::from(depth > 0);
        match self.weighted(&[2, 3, 2 * d, d, 2 * d]) {
            0 => {
                let ss: Vec<Operand> = self
                    .vals()
                    .filter_map(|v| match v {
                        Val::Str(o) => Some(o.clone()),
                        _ => None,
                    })
                    .collect();
                match ss.get(self.below(ss.len())) {
                    Some(o) => o.clone(),
                    None => self.str_literal(),
                }
            }
            2 => {
                let x = self.gen_int(depth - 1);
                let s = self.call(Ty::I8.ptr_to(), Operand::gid("ll_ltoa"), vec![(Ty::I64, x)]);
                self.push(Val::Str(s.clone()));
                s
            }
            3 => {
                let a = self.gen_str(depth - 1);
                let b = self.gen_str(depth - 1);
                let s = self.call(
                    Ty::I8.ptr_to(),
                    Operand::gid("ll_strcat"),
                    vec![(Ty::I8.ptr_to(), a), (Ty::I8.ptr_to(), b)],
                );
                self.push(Val::Str(s.clone()));
                s
            }
            4 => {
                let want = Ty::I8.ptr_to();
                match self.load_leaf(&|t| *t == want) {
                    Some(o) => o,
                    None => self.str_literal(),
                }
            }
            _ => self.str_literal(),
        }
    }

    /// `getelementptr [N x i8], [N x i8]* @str, i64 0, i64 0`.
    fn str_literal(&mut self) -> Operand {
        let ss = self.ctx.globals.strings.clone();
        let Some((g, n)) = ss.get(self.below(ss.len())).cloned() else {
            return Operand::null();
        };
        let s = self.gep(
            Ty::Array(n, Box::new(Ty::I8)),
            Operand::gid(g),
            vec![Operand::konst(0), Operand::konst(0)],
        );
        self.push(Val::Str(s.clone()));
        s
    }

    /// A call of a program function returning `want` (any type when `None`):
    /// direct calls of ready functions of lower levels, indirect calls of
    /// leaves through function pointers. `None` when nothing fits the budget.
    pub(crate) fn gen_call(&mut self, want: Option<&Ty>) -> Option<Operand> {
        let level = match &self.role {
            Role::Leaf => return None,
            Role::Helper { level } => *level,
            Role::Main => usize::MAX,
        };
        let fits = |ret: &Ty| want.is_none_or(|w| w == ret);
        let direct: Vec<usize> = (0..self.ctx.funcs.len())
            .filter(|&i| {
                let f = &self.ctx.funcs[i];
                f.ready && f.level < level && fits(&f.ret) && self.can_afford(f.cost + 4)
            })
            .collect();
        let indirect: Vec<Ty> = self
            .ctx
            .uni
            .fun_tys
            .iter()
            .filter(|f| match f {
                Ty::Fun(_, r) => fits(r) && self.can_afford(self.ctx.leaf_cost(f) + 4),
                _ => false,
            })
            .cloned()
            .collect();
        let total = direct.len() + indirect.len();
        if total == 0 {
            return None;
        }
        let i = self.below(total);
        let (callee, params, ret, cost, recursive) = if i < direct.len() {
            let f = &self.ctx.funcs[direct[i]];
            (
                Operand::gid(f.name.clone()),
                f.params.clone(),
                f.ret.clone(),
                f.cost,
                f.recursive,
            )
        } else {
            let fty = indirect[i - direct.len()].clone();
            let Ty::Fun(params, ret) = &fty else {
                return None;
            };
            let (params, ret) = (params.clone(), (**ret).clone());
            let cost = self.ctx.leaf_cost(&fty);
            (self.gen_fun(&fty), params, ret, cost, false)
        };
        Some(self.emit_call(callee, &params, ret, cost, recursive))
    }

    /// Calls `callee` with generated arguments (a depth first for recursive
    /// functions), charging `cost`; the result joins the scope.
    fn emit_call(
        &mut self,
        callee: Operand,
        params: &[Ty],
        ret: Ty,
        cost: u64,
        recursive: bool,
    ) -> Operand {
        let mut args = Vec::new();
        for (k, t) in params.iter().enumerate() {
            let a = if recursive && k == 0 {
                self.depth_arg()
            } else {
                self.gen_value(t, Origin::Own)
            };
            args.push((t.clone(), a));
        }
        self.charge(cost);
        let r = self.call(ret.clone(), callee, args);
        match ret {
            Ty::I64 => self.push(Val::Int(r.clone())),
            Ty::I1 => self.push(Val::Bool(r.clone())),
            _ => {}
        }
        r
    }

    /// Calls every program function once (while the budget allows), so that
    /// every body runs; word results are folded into the accumulator.
    pub(crate) fn call_every_function(&mut self) {
        for i in 0..self.ctx.funcs.len() {
            let f = &self.ctx.funcs[i];
            if !f.ready || !self.can_afford(f.cost + 8) {
                continue;
            }
            let (callee, params, ret, cost, rec) = (
                Operand::gid(f.name.clone()),
                f.params.clone(),
                f.ret.clone(),
                f.cost,
                f.recursive,
            );
            let r = self.emit_call(callee, &params, ret.clone(), cost, rec);
            if ret == Ty::I64 {
                self.fold(r);
            }
        }
    }

    /// A recursion depth in 0..=MAX_REC_DEPTH: a literal or a masked word.
    pub(crate) fn depth_arg(&mut self) -> Operand {
        if self.chance(50) {
            Operand::konst(self.range(0, MAX_REC_DEPTH) as i64)
        } else {
            let x = self.gen_int(1);
            self.binop(Bop::And, x, Operand::konst(MAX_REC_DEPTH as i64))
        }
    }
}

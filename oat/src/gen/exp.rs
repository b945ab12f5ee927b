//! Expressions of a given type, defined by construction (see the module
//! documentation of `gen`).

use super::{Var, G};
use crate::ast::*;
use crate::dialect::Construct;

impl G<'_, '_> {
    /// The visible variables (the innermost of each name) of type `ty`.
    pub(crate) fn vars_of(&self, ty: &Ty) -> Vec<Var> {
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for v in self.env.iter().rev() {
            if seen.contains(&v.name.as_str()) {
                continue;
            }
            seen.push(&v.name);
            if &v.ty == ty {
                out.push(v.clone());
            }
        }
        out
    }

    /// A visible variable of type `ty`, if any; only a local inside an
    /// argument whose order is open (no call changes a caller's local,
    /// while another argument may write a global).
    fn var(&mut self, ty: &Ty) -> Option<Exp> {
        let mut vs = self.vars_of(ty);
        if self.effect_free > 0 {
            let globals = &self.env[..self.nglobals.min(self.env.len())];
            let locals = &self.env[self.nglobals.min(self.env.len())..];
            vs.retain(|v| {
                locals.iter().any(|l| l.name == v.name) || !globals.iter().any(|g| g.name == v.name)
            });
        }
        self.d.pick(&vs).map(|v| Exp::Id(v.name.clone()))
    }

    /// A variable of type `r?`, else `r null`.
    pub(crate) fn var_or_null(&mut self, r: &RefTy) -> Exp {
        self.var(&Ty::NullRef(r.clone()))
            .unwrap_or_else(|| Exp::Null(r.clone()))
    }

    /// An expression of type `ty` nested at most `depth` deep.
    pub(crate) fn exp(&mut self, ty: &Ty, depth: usize) -> Exp {
        self.charge(1);
        if depth == 0 || self.effect_free > 0 || self.d.chance(25) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        match ty {
            Ty::Int => self.int_exp(d),
            Ty::Bool => self.bool_exp(d),
            Ty::Ref(RefTy::String) => self.string_exp(d),
            Ty::Ref(RefTy::Array(t)) => self.array_exp(t, d),
            Ty::Ref(RefTy::Struct(s)) => match self.d.weighted(&[2, 1, 1]) {
                0 => self.struct_lit(s, d),
                1 => self.read_of(ty, d).unwrap_or_else(|| self.leaf(ty)),
                _ => self.leaf(ty),
            },
            Ty::NullRef(r) => match self.d.below(3) {
                0 => Exp::Null(r.clone()),
                1 => self.exp(&Ty::Ref(r.clone()), d),
                _ => self.leaf(ty),
            },
            Ty::Ref(RefTy::Fun(..)) => self.leaf(ty),
        }
    }

    /// A variable of type `ty`, else the smallest constructor.
    pub(crate) fn leaf(&mut self, ty: &Ty) -> Exp {
        if self.d.chance(60) {
            if let Some(e) = self.var(ty) {
                return e;
            }
        }
        match ty {
            Ty::Int => Exp::Int(self.d.literal()),
            Ty::Bool => Exp::Bool(self.d.chance(50)),
            Ty::Ref(RefTy::String) => Exp::Str(self.string_lit()),
            Ty::Ref(RefTy::Array(t)) => {
                let n = self.d.range(4, 5);
                Exp::CArr((**t).clone(), (0..n).map(|_| self.leaf(t)).collect())
            }
            Ty::Ref(RefTy::Struct(s)) => self.struct_lit(s, 0),
            Ty::NullRef(r) => Exp::Null(r.clone()),
            Ty::Ref(RefTy::Fun(args, ret)) => {
                let names: Vec<String> = self
                    .helpers
                    .iter()
                    .filter(|h| &h.args == args && &h.ret == ret)
                    .map(|h| h.name.clone())
                    .collect();
                // Function types are drawn only from helpers' signatures.
                Exp::Id(self.d.pick(&names).cloned().unwrap_or_default())
            }
        }
    }

    /// `new S {..}` with its fields in a drawn order.
    fn struct_lit(&mut self, s: &str, d: usize) -> Exp {
        let fields = self
            .structs
            .iter()
            .find(|(n, _)| n == s)
            .map(|(_, fs)| fs.clone())
            .unwrap_or_default();
        let mut inits: Vec<(String, Exp)> = fields
            .iter()
            .map(|f| (f.name.clone(), self.operand(&f.ty, d)))
            .collect();
        for i in (1..inits.len()).rev() {
            let j = self.d.below(i + 1);
            inits.swap(i, j);
        }
        // Mostly out of declaration order, where the order of the fields'
        // side effects shows.
        let declared = inits.windows(2).all(|w| w[0].0 < w[1].0);
        if declared && inits.len() > 1 && self.d.chance(85) {
            inits.rotate_left(1);
        }
        Exp::CStruct(s.to_string(), inits)
    }

    /// An index that is in bounds for every generated array (all have at
    /// least 4 elements).
    pub(crate) fn index(&mut self, d: usize) -> Exp {
        let counters: Vec<String> = self
            .env
            .iter()
            .filter(|v| v.below.is_some_and(|b| b <= 4) && v.ty == Ty::Int)
            .map(|v| v.name.clone())
            .collect();
        match self
            .d
            .weighted(&[3, 3, if counters.is_empty() { 0 } else { 3 }])
        {
            0 => Exp::Int(self.d.range(0, 3)),
            1 => Exp::Bop(
                Binop::IAnd,
                Box::new(self.exp(&Ty::Int, d)),
                Box::new(Exp::Int(3)),
            ),
            _ => Exp::Id(self.d.pick(&counters).cloned().unwrap_or_default()),
        }
    }

    /// Reads a value of type `ty` out of an array element or a struct
    /// field, if some visible variable holds one.
    pub(crate) fn read_of(&mut self, ty: &Ty, d: usize) -> Option<Exp> {
        let arrays = self.vars_of(&Ty::array(ty.clone()));
        let mut holders: Vec<(String, String)> = Vec::new();
        if self.v2() {
            for (s, fs) in self.structs.clone() {
                for f in fs.iter().filter(|f| &f.ty == ty) {
                    for v in self.vars_of(&Ty::Ref(RefTy::Struct(s.clone()))) {
                        holders.push((v.name, f.name.clone()));
                    }
                }
            }
        }
        match self
            .d
            .weighted(&[arrays.len() as u32, holders.len() as u32])
        {
            _ if arrays.is_empty() && holders.is_empty() => None,
            0 => {
                let a = self.d.pick(&arrays)?.name.clone();
                Some(Exp::Index(Box::new(Exp::Id(a)), Box::new(self.index(d))))
            }
            _ => {
                let (s, f) = self.d.pick(&holders)?.clone();
                Some(Exp::Proj(Box::new(Exp::Id(s)), f))
            }
        }
    }

    /// A call of a helper returning `ty`, if one fits the budget.
    fn call_returning(&mut self, ty: &Ty, d: usize) -> Option<Exp> {
        let ret = RetTy::Val(Box::new(ty.clone()));
        let fits: Vec<usize> = (0..self.helpers.len())
            .filter(|&k| self.helpers[k].ret == ret && self.callable(k))
            .collect();
        let k = *self.d.pick(&fits)?;
        let sig = self.helpers[k].clone();
        self.touched |= sig.touches_fuel;
        // A function value may hold any helper of the same signature.
        let worst = self
            .helpers
            .iter()
            .filter(|h| h.args == sig.args && h.ret == sig.ret)
            .map(|h| h.cost)
            .max()
            .unwrap_or(sig.cost);
        let fty = Ty::Ref(RefTy::Fun(sig.args.clone(), sig.ret.clone()));
        let via_value = (self.in_main && self.v2() && self.affords(worst) && self.d.chance(40))
            .then(|| self.var(&fty))
            .flatten();
        let callee = match via_value {
            Some(v) => {
                self.charge(worst);
                v
            }
            None => {
                self.charge(sig.cost);
                Exp::Id(sig.name.clone())
            }
        };
        let args = self.call_args(&sig, d);
        Some(Exp::Call(Box::new(callee), args))
    }

    fn int_exp(&mut self, d: usize) -> Exp {
        let length = self.v2() && self.has(Construct::Length);
        match self
            .d
            .weighted(&[6, 4, 2, 2, 2, if length { 2 } else { 0 }, 1, 3])
        {
            0 => {
                let op =
                    [Binop::Add, Binop::Sub, Binop::Mul, Binop::IAnd, Binop::IOr][self.d.below(5)];
                Exp::Bop(
                    op,
                    Box::new(self.exp(&Ty::Int, d)),
                    Box::new(self.exp(&Ty::Int, d)),
                )
            }
            1 => {
                let ops = [Binop::Shl, Binop::Shr, Binop::Shr, Binop::Sar];
                let n = if self.has(Construct::Sar) { 4 } else { 3 };
                let op = ops[self.d.below(n)];
                // Mostly a literal amount (`e [&] 63` is often 0, where
                // the shifts agree).
                let amount = if self.d.chance(65) {
                    Exp::Int(self.d.range(0, 63))
                } else {
                    Exp::Bop(
                        Binop::IAnd,
                        Box::new(self.exp(&Ty::Int, d)),
                        Box::new(Exp::Int(63)),
                    )
                };
                let shifted = if op == Binop::Shr {
                    self.shifted(d)
                } else {
                    self.exp(&Ty::Int, d)
                };
                Exp::Bop(op, Box::new(shifted), Box::new(amount))
            }
            2 => {
                let op = if self.d.chance(50) {
                    Unop::Neg
                } else {
                    Unop::Bitnot
                };
                Exp::Uop(op, Box::new(self.exp(&Ty::Int, d)))
            }
            3 => self
                .read_of(&Ty::Int, d)
                .unwrap_or_else(|| self.leaf(&Ty::Int)),
            4 => {
                let s = self.exp(&Ty::string(), d);
                Exp::Call(Box::new(Exp::Id("length_of_string".into())), vec![s])
            }
            5 => {
                let t = self.data_ty();
                Exp::Length(Box::new(self.exp(&Ty::array(t), d)))
            }
            6 => {
                // A zero-length array's length.
                let s = Exp::Str(Vec::new());
                let a = Exp::Call(Box::new(Exp::Id("array_of_string".into())), vec![s]);
                if length {
                    Exp::Length(Box::new(a))
                } else {
                    Exp::Call(
                        Box::new(Exp::Id("length_of_string".into())),
                        vec![Exp::Str(Vec::new())],
                    )
                }
            }
            _ => self
                .call_returning(&Ty::Int, d)
                .unwrap_or_else(|| self.leaf(&Ty::Int)),
        }
    }

    fn bool_exp(&mut self, d: usize) -> Exp {
        // Oat v1 types `==` and `!=` as `int * int -> bool` (homework 4's
        // `typ_of_binop`); v2 on any two values of one type.
        let v2 = self.v2() && self.has(Construct::EqAny);
        match self.d.weighted(&[4, if v2 { 2 } else { 0 }, 5, 2, 2, 2, 2]) {
            0 => {
                let op = [
                    Binop::Lt,
                    Binop::Lte,
                    Binop::Gt,
                    Binop::Gte,
                    Binop::Eq,
                    Binop::Neq,
                ][self.d.below(6)];
                Exp::Bop(
                    op,
                    Box::new(self.exp(&Ty::Int, d)),
                    Box::new(self.exp(&Ty::Int, d)),
                )
            }
            1 => {
                // `==` on bools, arrays or structs (identity), never strings
                // (Oat v2).
                let ts: Vec<Ty> = self
                    .data_types()
                    .into_iter()
                    .filter(|t| *t != Ty::string())
                    .collect();
                let t = ts[self.d.below(ts.len())].clone();
                let op = if self.d.chance(50) {
                    Binop::Eq
                } else {
                    Binop::Neq
                };
                // Both sides must be *typed* alike (`S` and `S?` are not).
                let side = |g: &mut Self| match &t {
                    Ty::NullRef(r) => g.var_or_null(r),
                    t => g.exp(t, d),
                };
                let l = side(self);
                let r = if self.d.chance(50) {
                    l.clone()
                } else {
                    side(self)
                };
                Exp::Bop(op, Box::new(l), Box::new(r))
            }
            2 => {
                let op = if self.d.chance(50) {
                    Binop::And
                } else {
                    Binop::Or
                };
                Exp::Bop(
                    op,
                    Box::new(self.operand(&Ty::Bool, d)),
                    Box::new(self.operand(&Ty::Bool, d)),
                )
            }
            3 => Exp::Uop(Unop::Lognot, Box::new(self.exp(&Ty::Bool, d))),
            4 => self
                .read_of(&Ty::Bool, d)
                .unwrap_or_else(|| self.leaf(&Ty::Bool)),
            5 => self
                .call_returning(&Ty::Bool, d)
                .unwrap_or_else(|| self.leaf(&Ty::Bool)),
            _ => self.leaf(&Ty::Bool),
        }
    }

    fn string_exp(&mut self, d: usize) -> Exp {
        let call = |f: &str, args: Vec<Exp>| Exp::Call(Box::new(Exp::Id(f.into())), args);
        match self.d.weighted(&[3, 4, 2, 2, 2, 2]) {
            0 => call("string_of_int", vec![self.exp(&Ty::Int, d)]),
            1 => {
                // The right side is never a string variable: strings grow
                // by a bounded amount per step, never double.
                // Probes on both sides only where the course fixes the
                // order of a call's arguments.
                let probed = self.probed_args(2);
                let l = self.argument(&Ty::string(), d, probed[0]);
                let r = match self.d.below(3) {
                    0 => Exp::Str(self.string_lit()),
                    1 => {
                        let s = Exp::Str(self.string_lit());
                        if probed[1] {
                            self.probed(&Ty::string(), s)
                        } else {
                            s
                        }
                    }
                    _ => call("string_of_int", vec![self.argument(&Ty::Int, d, probed[1])]),
                };
                call("string_cat", vec![l, r])
            }
            2 => {
                let s = self.exp(&Ty::string(), d);
                call("string_of_array", vec![call("array_of_string", vec![s])])
            }
            3 => {
                let n = self.d.range(1, 4);
                let es = (0..n)
                    .map(|_| {
                        let low = Exp::Bop(
                            Binop::IAnd,
                            Box::new(self.exp(&Ty::Int, d)),
                            Box::new(Exp::Int(63)),
                        );
                        Exp::Bop(Binop::Add, Box::new(low), Box::new(Exp::Int(48)))
                    })
                    .collect();
                call("string_of_array", vec![Exp::CArr(Ty::Int, es)])
            }
            4 => self
                .read_of(&Ty::string(), d)
                .unwrap_or_else(|| self.leaf(&Ty::string())),
            _ => self
                .call_returning(&Ty::string(), d)
                .unwrap_or_else(|| self.leaf(&Ty::string())),
        }
    }

    fn array_exp(&mut self, t: &Ty, d: usize) -> Exp {
        let init = self.v2() && self.has(Construct::NewArrInit);
        match self.d.weighted(&[
            3,
            if init { 5 } else { 0 },
            if *t == Ty::Int { 2 } else { 0 },
            2,
        ]) {
            0 => {
                let n = self.d.range(4, 5);
                Exp::CArr(t.clone(), (0..n).map(|_| self.exp(t, d)).collect())
            }
            1 => {
                let size = Exp::Bop(
                    Binop::Add,
                    Box::new(Exp::Int(4)),
                    Box::new(Exp::Bop(
                        Binop::IAnd,
                        Box::new(self.exp(&Ty::Int, d)),
                        Box::new(Exp::Int(1)),
                    )),
                );
                let x = self.fresh("i");
                self.env.push(Var {
                    name: x.clone(),
                    ty: Ty::Int,
                    mutable: false,
                    below: None,
                });
                let mult = self.mult;
                self.mult = mult.saturating_mul(5);
                let e = self.init_body(t, &x, d);
                self.mult = mult;
                self.env.pop();
                Exp::NewArrInit(t.clone(), Box::new(size), x, Box::new(e))
            }
            2 => {
                // At least four characters.
                let s = self.exp(&Ty::string(), d);
                let padded = Exp::Call(
                    Box::new(Exp::Id("string_cat".into())),
                    vec![s, Exp::Str(b"wxyz".to_vec())],
                );
                Exp::Call(Box::new(Exp::Id("array_of_string".into())), vec![padded])
            }
            _ => {
                let ty = Ty::array(t.clone());
                self.read_of(&ty, d).unwrap_or_else(|| self.leaf(&ty))
            }
        }
    }
}

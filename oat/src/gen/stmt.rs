//! Statements: declarations, assignments, prints, branches, bounded loops,
//! calls, `if?` and early returns.

use super::{Var, G};
use crate::ast::*;
use crate::dialect::Construct;

fn call(f: &str, args: Vec<Exp>) -> Stmt {
    Stmt::SCall(Exp::Id(f.into()), args)
}

/// `x < n`.
fn less_than(x: &str, n: i64) -> Exp {
    Exp::Bop(
        Binop::Lt,
        Box::new(Exp::Id(x.into())),
        Box::new(Exp::Int(n)),
    )
}

/// `x = x + 1;`.
fn increment(x: &str) -> Stmt {
    let sum = Exp::Bop(
        Binop::Add,
        Box::new(Exp::Id(x.into())),
        Box::new(Exp::Int(1)),
    );
    Stmt::Assn(Exp::Id(x.into()), sum)
}

impl G<'_, '_> {
    /// A block's statements (its declarations end with it). `top`: the
    /// function's outermost block.
    pub(crate) fn block_stmts(&mut self, top: bool) -> Block {
        let mark = self.env.len();
        // A function's outermost block has at least half the most
        // statements: the code that surely runs.
        let least = if top { 1 + self.cfg.max_stmts / 2 } else { 0 };
        let n = self.d.range(least as i64, self.cfg.max_stmts as i64) as usize;
        let mut b = Vec::new();
        for _ in 0..n {
            if !self.affords(8) {
                break;
            }
            self.stmt(&mut b);
        }
        // The function's outermost block stays in scope for its return.
        if !top {
            self.env.truncate(mark);
        }
        b
    }

    /// A nested block, one level deeper.
    fn nested(&mut self) -> Block {
        self.nest += 1;
        let b = self.block_stmts(false);
        self.nest -= 1;
        b
    }

    fn stmt(&mut self, out: &mut Block) {
        self.charge(1);
        let deeper = self.nest < self.cfg.max_nest;
        let v2 = self.v2();
        let depth = self.cfg.max_exp_depth;
        let nested = |w: u32| if deeper { w } else { 0 };
        match self.d.weighted(&[
            5,
            3,
            3,
            if v2 { 2 } else { 0 },
            6,
            nested(3),
            nested(3),
            nested(2),
            2,
            if v2 && self.has(Construct::Nullable) {
                nested(2)
            } else {
                0
            },
            if self.has(Construct::NewArr) { 2 } else { 0 },
            if self.in_main { 0 } else { nested(1) },
        ]) {
            0 if self.in_main && v2 && !self.helpers.is_empty() && self.d.chance(20) => {
                // A local function value (called only here, in `program`).
                let sig = self.helpers[self.d.below(self.helpers.len())].clone();
                let h = self.fresh("h");
                out.push(Stmt::Decl(h.clone(), Exp::Id(sig.name)));
                let ty = Ty::Ref(RefTy::Fun(sig.args, sig.ret));
                self.env.push(Var {
                    name: h,
                    ty,
                    mutable: true,
                    below: None,
                });
            }
            0 => {
                let ty = self.data_ty();
                // A declaration takes its initialiser's type, so an `S?`
                // variable starts as one typed `S?`.
                let e = match &ty {
                    Ty::NullRef(r) => self.var_or_null(r),
                    t => self.exp(t, depth),
                };
                let x = if self.d.chance(35) {
                    // A local that shadows a global (of any type).
                    let gs: Vec<String> = self
                        .env
                        .iter()
                        .filter(|v| v.name.starts_with('g'))
                        .filter(|v| self.env.iter().filter(|w| w.name == v.name).count() == 1)
                        .map(|v| v.name.clone())
                        .collect();
                    self.d.pick(&gs).cloned().unwrap_or_else(|| self.fresh("x"))
                } else {
                    self.fresh("x")
                };
                out.push(Stmt::Decl(x.clone(), e));
                let shadows = x.starts_with('g');
                self.env.push(Var {
                    name: x.clone(),
                    ty: ty.clone(),
                    mutable: true,
                    below: None,
                });
                if shadows {
                    // Assigned at once: a front end that writes the
                    // global it hides shows in the globals printed at the
                    // end.
                    let e = self.exp(&ty, depth);
                    out.push(Stmt::Assn(Exp::Id(x), e));
                }
            }
            1 => {
                let targets: Vec<Var> = self.visible().into_iter().filter(|v| v.mutable).collect();
                match self.d.pick(&targets).cloned() {
                    Some(v) => {
                        let e = self.exp(&v.ty, depth);
                        out.push(Stmt::Assn(Exp::Id(v.name), e));
                    }
                    None => self.print(out),
                }
            }
            2 => {
                let arrays: Vec<Var> = self
                    .visible()
                    .into_iter()
                    .filter(|v| matches!(v.ty, Ty::Ref(RefTy::Array(_))))
                    .collect();
                match self.d.pick(&arrays).cloned() {
                    Some(Var {
                        name,
                        ty: Ty::Ref(RefTy::Array(t)),
                        ..
                    }) => {
                        let i = self.index(depth);
                        let e = self.exp(&t, depth);
                        out.push(Stmt::Assn(
                            Exp::Index(Box::new(Exp::Id(name)), Box::new(i)),
                            e,
                        ));
                    }
                    _ => self.print(out),
                }
            }
            3 => {
                let mut places = Vec::new();
                for (s, fs) in self.structs.clone() {
                    for v in self.vars_of(&Ty::Ref(RefTy::Struct(s))) {
                        for f in &fs {
                            places.push((v.name.clone(), f.clone()));
                        }
                    }
                }
                match self.d.pick(&places).cloned() {
                    Some((x, f)) => {
                        let e = self.exp(&f.ty, depth);
                        out.push(Stmt::Assn(Exp::Proj(Box::new(Exp::Id(x)), f.name), e));
                    }
                    None => self.print(out),
                }
            }
            4 => self.print(out),
            5 => {
                let c = self.exp(&Ty::Bool, depth);
                let t = self.nested();
                let e = if self.d.chance(50) {
                    self.nested()
                } else {
                    Vec::new()
                };
                out.push(Stmt::If(c, t, e));
            }
            6 => self.for_loop(out),
            7 => self.while_loop(out),
            8 => self.void_call(out),
            9 => self.if_null(out),
            10 => self.new_arr(out),
            _ => {
                // An early return (never the block's last statement: the
                // function's own return follows).
                let c = self.exp(&Ty::Bool, depth);
                out.push(Stmt::If(c, vec![self.return_stmt()], Vec::new()));
            }
        }
    }

    /// The visible variables (innermost of each name).
    pub(crate) fn visible(&self) -> Vec<Var> {
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for v in self.env.iter().rev() {
            if !seen.contains(&v.name.as_str()) {
                seen.push(&v.name);
                out.push(v.clone());
            }
        }
        out
    }

    fn print(&mut self, out: &mut Block) {
        let depth = self.cfg.max_exp_depth;
        match self.d.weighted(&[4, 2, 3]) {
            0 => out.push(call("print_int", vec![self.exp(&Ty::Int, depth)])),
            1 => out.push(call("print_bool", vec![self.exp(&Ty::Bool, depth)])),
            _ => out.push(call("print_string", vec![self.exp(&Ty::string(), depth)])),
        }
        if self.d.chance(40) {
            out.push(call("print_string", vec![Exp::Str(b" ".to_vec())]));
        }
    }

    /// The body of a loop running `n` times.
    fn loop_body(&mut self, n: i64) -> Block {
        let mult = self.mult;
        self.mult = mult.saturating_mul(n as u64 + 1);
        let b = self.nested();
        self.mult = mult;
        b
    }

    fn iterations(&mut self) -> i64 {
        self.d.range(1, self.cfg.max_iters)
    }

    /// `for (var i = 0[, var j = e]; i < n; i = i + 1;) { .. }`.
    fn for_loop(&mut self, out: &mut Block) {
        let n = self.iterations();
        let i = self.fresh("i");
        let mut decls = vec![(i.clone(), Exp::Int(0))];
        let mark = self.env.len();
        if self.d.chance(30) {
            let j = self.fresh("j");
            decls.push((j.clone(), self.exp(&Ty::Int, 1)));
            self.env.push(Var {
                name: j,
                ty: Ty::Int,
                mutable: true,
                below: None,
            });
        }
        self.env.push(Var {
            name: i.clone(),
            ty: Ty::Int,
            mutable: false,
            below: Some(n),
        });
        let (cond, step) = (less_than(&i, n), increment(&i));
        let body = self.loop_body(n);
        self.env.truncate(mark);
        out.push(Stmt::For(decls, Some(cond), Some(Box::new(step)), body));
    }

    /// `var w = 0; while (w < n) { ..; w = w + 1; }` (w stays visible,
    /// never assignable).
    fn while_loop(&mut self, out: &mut Block) {
        let n = self.iterations();
        let w = self.fresh("w");
        out.push(Stmt::Decl(w.clone(), Exp::Int(0)));
        self.env.push(Var {
            name: w.clone(),
            ty: Ty::Int,
            mutable: false,
            below: None,
        });
        let mut body = self.loop_body(n);
        body.push(increment(&w));
        out.push(Stmt::While(less_than(&w, n), body));
    }

    fn void_call(&mut self, out: &mut Block) {
        let fits: Vec<usize> = (0..self.helpers.len())
            .filter(|&k| self.helpers[k].ret == RetTy::Void && self.callable(k))
            .collect();
        let Some(&k) = self.d.pick(&fits) else {
            return self.print(out);
        };
        let sig = self.helpers[k].clone();
        self.touched |= sig.touches_fuel;
        self.charge(sig.cost);
        let args = self.call_args(&sig, self.cfg.max_exp_depth);
        out.push(Stmt::SCall(Exp::Id(sig.name), args));
    }

    /// `if? (S x = e) { .. } else { .. }` on a nullable struct.
    fn if_null(&mut self, out: &mut Block) {
        if self.structs.is_empty() {
            return self.print(out);
        }
        let k = self.d.below(self.structs.len());
        let s = self.structs[k].0.clone();
        let r = RefTy::Struct(s);
        // The checker wants an expression *typed* `S?` (a non-null `S`
        // is rejected): a variable of that type or `S null`.
        let e = self.var_or_null(&r);
        let x = self.fresh("x");
        self.env.push(Var {
            name: x.clone(),
            ty: Ty::Ref(r.clone()),
            mutable: true,
            below: None,
        });
        let t = self.nested();
        self.env.pop();
        let e2 = if self.d.chance(60) {
            self.nested()
        } else {
            Vec::new()
        };
        out.push(Stmt::Cast(r, x, e, t, e2));
    }

    /// `var a = new T[n]; for (var i = 0; i < n; i = i + 1;) { a[i] = e; }`
    /// (T: int or bool; every element written before any is read).
    fn new_arr(&mut self, out: &mut Block) {
        let t = if self.d.chance(60) { Ty::Int } else { Ty::Bool };
        let n = self.d.range(4, 6);
        let a = self.fresh("a");
        let i = self.fresh("i");
        out.push(Stmt::Decl(
            a.clone(),
            Exp::NewArr(t.clone(), Box::new(Exp::Int(n))),
        ));
        self.env.push(Var {
            name: i.clone(),
            ty: Ty::Int,
            mutable: false,
            below: Some(n),
        });
        let mult = self.mult;
        self.mult = mult.saturating_mul(n as u64);
        let e = self.exp(&t, 1);
        self.mult = mult;
        self.env.pop();
        let (cond, step) = (less_than(&i, n), increment(&i));
        let fill = Stmt::Assn(
            Exp::Index(Box::new(Exp::Id(a.clone())), Box::new(Exp::Id(i.clone()))),
            e,
        );
        out.push(Stmt::For(
            vec![(i, Exp::Int(0))],
            Some(cond),
            Some(Box::new(step)),
            vec![fill],
        ));
        self.env.push(Var {
            name: a,
            ty: Ty::array(t),
            mutable: true,
            below: None,
        });
    }

    fn return_stmt(&mut self) -> Stmt {
        // Only helpers return early; their return type is the current one.
        let depth = self.cfg.max_exp_depth;
        match self.ret.clone() {
            RetTy::Void => Stmt::Ret(None),
            RetTy::Val(t) => Stmt::Ret(Some(self.exp(&t, depth))),
        }
    }
}

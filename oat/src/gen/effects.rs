//! Side effects where evaluation order matters, as Csmith makes them:
//! *probes* (small helpers that print their argument or fold it into a
//! global, then return a value) in operand positions whose order the
//! language fixes (both operands of `&` and `|` on `bool`, struct literal
//! fields, the body of `new T[n]{i -> e}`; a call's arguments only where
//! the course fixes their order, else one argument of a call), a
//! first call of every helper from `program` and a final print of every
//! global (the checksum that makes a write seen). A front end that evaluates such an operand out
//! of order, skips it or binds `i` wrongly prints something else
//! (docs/oat.md, "Planted bugs").

use super::{Sig, G};
use crate::ast::*;

/// The steps a probe's call takes (its body is a few statements).
const PROBE_COST: u64 = 6;

pub(super) fn id(x: &str) -> Box<Exp> {
    Box::new(Exp::Id(x.into()))
}

pub(super) fn call(f: &str, args: Vec<Exp>) -> Exp {
    Exp::Call(id(f), args)
}

/// `print_int(e)`, `print_bool(e)` or `print_string(e)` by `e`'s type.
pub(super) fn print_stmt(ty: &Ty, e: Exp) -> Stmt {
    let f = match ty {
        Ty::Bool => "print_bool",
        Ty::Int => "print_int",
        _ => "print_string",
    };
    Stmt::SCall(Exp::Id(f.into()), vec![e])
}

fn space() -> Stmt {
    Stmt::SCall(
        Exp::Id("print_string".into()),
        vec![Exp::Str(b" ".to_vec())],
    )
}

/// `g * 3 + e`: folding `e` into `g` so that the order of two folds
/// shows in the result (3a + b differs from 3b + a when a and b differ).
fn fold(g: Exp, e: Exp) -> Exp {
    let times = Exp::Bop(Binop::Mul, Box::new(g), Box::new(Exp::Int(3)));
    Exp::Bop(Binop::Add, Box::new(times), Box::new(e))
}

impl G<'_, '_> {
    /// The probes of a program, declared before its other helpers: for
    /// `int` one that prints its argument and, sometimes, one that folds
    /// it into a global `int` or an element of a global `int[]` and
    /// returns the new value; for `bool` one that prints or folds; for
    /// `string` one that prints (sometimes). Each takes one argument and
    /// returns a value of its type.
    pub(crate) fn probes(&mut self) -> Vec<Fdecl> {
        let mut out = vec![self.printing_probe(Ty::Int)];
        let int_globals = self.global_names(&Ty::Int);
        let arr_globals = self.global_names(&Ty::array(Ty::Int));
        if self.d.chance(60) && !(int_globals.is_empty() && arr_globals.is_empty()) {
            out.push(self.folding_probe(&int_globals, &arr_globals));
        }
        if !int_globals.is_empty() && self.d.chance(40) {
            out.push(self.bool_folding_probe(&int_globals));
        } else {
            out.push(self.printing_probe(Ty::Bool));
        }
        if self.d.chance(50) {
            out.push(self.printing_probe(Ty::string()));
        }
        out
    }

    /// Globals of type `ty` (mutable ones: no function values).
    fn global_names(&self, ty: &Ty) -> Vec<String> {
        self.env
            .iter()
            .filter(|v| &v.ty == ty && v.mutable)
            .map(|v| v.name.clone())
            .collect()
    }

    /// Declares probe `tK(T p)` with `body` (then `return ret`).
    fn probe(&mut self, ty: Ty, body: impl FnOnce(&str) -> (Block, Exp)) -> Fdecl {
        let name = format!("t{}", self.probe_count());
        let p = self.fresh("p");
        let (mut stmts, ret) = body(&p);
        stmts.push(Stmt::Ret(Some(ret)));
        let ret_ty = RetTy::Val(Box::new(ty.clone()));
        self.helpers.push(Sig {
            name: name.clone(),
            args: vec![ty.clone()],
            ret: ret_ty.clone(),
            cost: PROBE_COST,
            fuel: false,
            touches_fuel: false,
        });
        Fdecl {
            ret: ret_ty,
            name,
            args: vec![(ty, p)],
            body: stmts,
        }
    }

    fn probe_count(&self) -> usize {
        self.helpers
            .iter()
            .filter(|h| h.name.starts_with('t'))
            .count()
    }

    /// `T tK(T p) { print_T(p); print_string(" "); return p; }`.
    fn printing_probe(&mut self, ty: Ty) -> Fdecl {
        let t = ty.clone();
        self.probe(ty, |p| {
            (
                vec![print_stmt(&t, Exp::Id(p.into())), space()],
                Exp::Id(p.into()),
            )
        })
    }

    /// `int tK(int p) { g = g * 3 + p; return g; }`, or the same on
    /// `a[p [&] 3]` of a global `int[] a` (every array has 4 elements).
    fn folding_probe(&mut self, ints: &[String], arrays: &[String]) -> Fdecl {
        let on_array = !arrays.is_empty() && (ints.is_empty() || self.d.chance(40));
        let (holder, indexed) = if on_array {
            (self.d.pick(arrays).cloned().unwrap_or_default(), true)
        } else {
            (self.d.pick(ints).cloned().unwrap_or_default(), false)
        };
        self.probe(Ty::Int, |p| {
            let place = if indexed {
                let i = Exp::Bop(Binop::IAnd, id(p), Box::new(Exp::Int(3)));
                Exp::Index(id(&holder), Box::new(i))
            } else {
                Exp::Id(holder.clone())
            };
            let update = Stmt::Assn(place.clone(), fold(place.clone(), Exp::Id(p.into())));
            (vec![update], place)
        })
    }

    /// `bool tK(bool p) { if (p) { g = g * 3 + 1; } else { g = g * 3 + 2; }
    /// return p; }`.
    fn bool_folding_probe(&mut self, ints: &[String]) -> Fdecl {
        let g = self.d.pick(ints).cloned().unwrap_or_default();
        self.probe(Ty::Bool, |p| {
            let set = |k| {
                vec![Stmt::Assn(
                    Exp::Id(g.clone()),
                    fold(Exp::Id(g.clone()), Exp::Int(k)),
                )]
            };
            (
                vec![Stmt::If(Exp::Id(p.into()), set(1), set(2))],
                Exp::Id(p.into()),
            )
        })
    }

    /// The probes of type `ty` that fit the budget (none inside an
    /// argument that must have no side effects).
    fn probes_of(&self, ty: &Ty) -> Vec<String> {
        if self.effect_free > 0 {
            return Vec::new();
        }
        let ret = RetTy::Val(Box::new(ty.clone()));
        self.helpers
            .iter()
            .filter(|h| h.name.starts_with('t') && h.ret == ret && h.args.len() == 1)
            .filter(|_| self.affords(PROBE_COST))
            .map(|h| h.name.clone())
            .collect()
    }

    /// `tK(e)` for a probe of `e`'s type `ty`, if one fits; else `e`.
    pub(crate) fn probed(&mut self, ty: &Ty, e: Exp) -> Exp {
        let ps = self.probes_of(ty);
        match self.d.pick(&ps).cloned() {
            Some(t) => {
                self.charge(PROBE_COST);
                call(&t, vec![e])
            }
            None => e,
        }
    }

    /// An operand whose evaluation order the language fixes: half the time
    /// a probe's call (on a fresh tag `int` literal, so that two probes
    /// print different things, or on any expression), else any
    /// expression.
    pub(crate) fn operand(&mut self, ty: &Ty, d: usize) -> Exp {
        let probe_able = matches!(ty, Ty::Int | Ty::Bool | Ty::Ref(RefTy::String));
        if !probe_able || self.probes_of(ty).is_empty() || !self.d.chance(75) {
            return self.exp(ty, d);
        }
        let inner = match ty {
            Ty::Int if self.d.chance(60) => {
                self.tags += 1;
                Exp::Int(self.tags)
            }
            _ => self.exp(ty, d.saturating_sub(1)),
        };
        self.probed(ty, inner)
    }

    /// Which of a call's `n` arguments may have side effects: every one
    /// where the course fixes the order of a call's arguments; one, chosen
    /// at random, where the order is open (the language's rule), so that
    /// no output depends on an order the language leaves open.
    pub(crate) fn probed_args(&mut self, n: usize) -> Vec<bool> {
        if !self.cfg.orders.is_open() {
            return vec![true; n];
        }
        let k = self.d.below(n);
        (0..n).map(|i| i == k).collect()
    }

    /// A call's argument of type `ty`: an [`G::operand`], without side
    /// effects unless `probed`.
    pub(crate) fn argument(&mut self, ty: &Ty, d: usize, probed: bool) -> Exp {
        self.effects_if(probed, |g| g.operand(ty, d))
    }

    /// `make`'s expression, made without probes or helper calls unless
    /// `effects`.
    pub(crate) fn effects_if(&mut self, effects: bool, make: impl FnOnce(&mut Self) -> Exp) -> Exp {
        let free = usize::from(!effects);
        self.effect_free += free;
        let e = make(self);
        self.effect_free -= free;
        e
    }

    /// The arguments of a call of `sig`: operands ([`G::probed_args`]),
    /// except that a first parameter bounding recursion gets 0..=3 (also
    /// when `sig` is not itself recursive but a function value of its type
    /// may hold a recursive helper).
    pub(crate) fn call_args(&mut self, sig: &Sig, d: usize) -> Vec<Exp> {
        let bounded = self
            .helpers
            .iter()
            .any(|h| h.fuel && h.args == sig.args && h.ret == sig.ret);
        let probed = self.probed_args(sig.args.len());
        sig.args
            .iter()
            .zip(probed)
            .enumerate()
            .map(|(k, (t, p))| {
                if k == 0 && bounded {
                    self.effects_if(p, |g| g.index(d))
                } else {
                    self.argument(t, d, p)
                }
            })
            .collect()
    }

    /// The body of `new T[n]{x -> e}` using `x` where its value shows: a
    /// probe of `x` (as the element, compared, or as a string), else any
    /// expression.
    pub(crate) fn init_body(&mut self, t: &Ty, x: &str, d: usize) -> Exp {
        let shown = |g: &mut Self| g.probed(&Ty::Int, Exp::Id(x.into()));
        match t {
            Ty::Int if self.d.chance(70) => {
                let p = shown(self);
                if self.d.chance(50) {
                    p
                } else {
                    Exp::Bop(Binop::Add, Box::new(p), Box::new(self.exp(t, d)))
                }
            }
            Ty::Bool if self.d.chance(70) => {
                let k = self.d.range(0, 4);
                Exp::Bop(Binop::Lt, Box::new(shown(self)), Box::new(Exp::Int(k)))
            }
            Ty::Ref(RefTy::String) if self.d.chance(70) => call("string_of_int", vec![shown(self)]),
            _ => self.exp(t, d),
        }
    }

    /// The left operand of `>>`: often negative (`~e` of a non-negative
    /// `e`, or `-k`), where logical and arithmetic shifts differ.
    pub(crate) fn shifted(&mut self, d: usize) -> Exp {
        match self.d.weighted(&[3, 2, 2]) {
            0 => Exp::Uop(Unop::Bitnot, Box::new(self.operand(&Ty::Int, d))),
            1 => Exp::Uop(Unop::Neg, Box::new(Exp::Int(self.d.range(1, 1000)))),
            _ => self.exp(&Ty::Int, d),
        }
    }

    /// Prints every global `int`, `bool` and `string` that `program`'s
    /// outermost block does not shadow, separated by spaces: Csmith's
    /// checksum, so that a write to a global shows even when nothing
    /// reads it afterwards.
    pub(crate) fn checksum(&mut self, globals: usize) -> Block {
        let visible = self.visible();
        let mut out = Vec::new();
        for (k, g) in self.env[..globals].iter().enumerate() {
            let shadowed = self.env[k + 1..].iter().any(|v| v.name == g.name);
            let shown = matches!(g.ty, Ty::Int | Ty::Bool | Ty::Ref(RefTy::String));
            if shown && !shadowed && visible.iter().any(|v| v.name == g.name) {
                out.push(print_stmt(&g.ty, Exp::Id(g.name.clone())));
                out.push(space());
            }
        }
        out
    }

    /// Calls of every helper that fits the budget, printing each result,
    /// as Csmith's `main` calls its functions: all generated code runs,
    /// and every call's arguments are operands in a fixed order.
    pub(crate) fn drive_helpers(&mut self) -> Block {
        let d = self.cfg.max_exp_depth;
        let mut out = Vec::new();
        for sig in self.helpers.clone() {
            if sig.name.starts_with('t') || !self.affords(sig.cost) {
                continue;
            }
            self.charge(sig.cost);
            let args = self.call_args(&sig, d);
            out.push(match &sig.ret {
                RetTy::Void => Stmt::SCall(Exp::Id(sig.name.clone()), args),
                RetTy::Val(t) => print_stmt(t, call(&sig.name, args)),
            });
            out.push(space());
        }
        out
    }
}

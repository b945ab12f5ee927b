//! Bounded recursion: a recursive helper's first parameter `n` is 0..=3 at
//! every call, its guard `if (n > 0) { .. g(n - 1, ..) .. }` calls itself
//! or another recursive helper (mutual recursion), and outside the guard it
//! calls no helper that reaches a recursive one, so the bound decreases
//! along every chain of calls (docs/oat.md, "Defined by construction").

use super::effects::{call, id, print_stmt};
use super::{Sig, Var, G};
use crate::ast::*;

/// Activations of a recursive helper per outside call: its bound runs
/// from 3 down to 0.
pub(crate) const RECURSION_DEPTH: u64 = 4;

impl G<'_, '_> {
    /// Makes the helper being generated recursive: its first parameter
    /// `n` (immutable, 0..=3 at every call) bounds it, and
    /// `if (n > 0) { g(n - 1, ..); }` (printing the result) goes at a
    /// drawn place among its outermost statements, where `g` is itself or,
    /// sometimes, another recursive helper (mutual recursion; every guard
    /// passes `n - 1`, so the bound decreases along any chain). Drawn
    /// before the body, so its arguments use only parameters and globals.
    pub(crate) fn recursion_guard(&mut self, sig: &Sig, n: &str) -> Stmt {
        let others: Vec<Sig> = self
            .planned
            .iter()
            .filter(|h| h.fuel && h.name != sig.name)
            .cloned()
            .collect();
        // A guard that called this helper is called back with most
        // chance: the cycle closes.
        let callers: Vec<Sig> = others
            .iter()
            .filter(|h| {
                self.guard_calls
                    .contains(&(h.name.clone(), sig.name.clone()))
            })
            .cloned()
            .collect();
        let target = match (self.d.pick(&callers), self.d.pick(&others)) {
            (Some(h), _) if self.d.chance(70) => h.clone(),
            (_, Some(h)) if self.d.chance(50) => h.clone(),
            _ => sig.clone(),
        };
        self.guard_calls
            .push((sig.name.clone(), target.name.clone()));
        let d = self.cfg.max_exp_depth.saturating_sub(1);
        let mut args = vec![Exp::Bop(Binop::Sub, id(n), Box::new(Exp::Int(1)))];
        let probed = self.probed_args(target.args.len().saturating_sub(1));
        for (t, p) in target.args[1..].iter().zip(probed) {
            let a = self.argument(t, d, p);
            args.push(a);
        }
        let body = match &target.ret {
            RetTy::Void => Stmt::SCall(Exp::Id(target.name.clone()), args),
            RetTy::Val(t) => print_stmt(t, call(&target.name, args)),
        };
        let positive = Exp::Bop(Binop::Gt, id(n), Box::new(Exp::Int(0)));
        Stmt::If(positive, vec![body], Vec::new())
    }

    /// Whether helper `k` may be called here: it fits the budget, and a
    /// recursive helper's body calls no helper that touches recursion
    /// outside its guard.
    pub(crate) fn callable(&self, k: usize) -> bool {
        let h = &self.helpers[k];
        self.affords(h.cost) && !(self.in_fuel && h.touches_fuel)
    }

    /// The fuel parameter's variable: an `int` below 4 (usable as an
    /// index), never assigned.
    pub(crate) fn fuel_var(name: &str) -> Var {
        Var {
            name: name.into(),
            ty: Ty::Int,
            mutable: false,
            below: Some(RECURSION_DEPTH as i64),
        }
    }
}

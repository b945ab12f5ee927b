//! The entry function (docs/semantics.md, "The initial configuration"):
//! `main` takes `()` or `(i64 argc, i8** argv)` and returns `i64`; and the
//! types of every function's signature.

use super::Checker;
use crate::ast::{Fdecl, Ty};

impl Checker<'_> {
    /// A function's parameters are simple and its return type simple or
    /// void (`param-simple`, `return-type`).
    pub(super) fn function_signature(&mut self, f: &Fdecl) {
        let params: Vec<Ty> = f.params.iter().map(|(_, t)| t.clone()).collect();
        self.fun_type_at(&params, &f.ret, f.span);
    }

    /// `main-type`: the entry function, if defined, has type `i64()` or
    /// `i64(i64, i8**)`; a global or declare of that name is not an entry.
    pub(super) fn main_type(&mut self, name: &str) {
        let prog = self.prog;
        if let Some(f) = prog.fdecl(name) {
            let p = |i: usize| f.params.get(i).map(|(_, t)| t);
            let argv = Ty::I8.ptr_to().ptr_to();
            let ok = self.same(&f.ret, &Ty::I64)
                && match f.params.len() {
                    0 => true,
                    2 => {
                        p(0).is_some_and(|t| self.same(t, &Ty::I64))
                            && p(1).is_some_and(|t| self.same(t, &argv))
                    }
                    _ => false,
                };
            if !ok {
                let m = format!(
                    "the entry function @{name} has type {}; it must be i64 () or i64 (i64, i8**)",
                    self.show(&f.fun_ty())
                );
                self.report("main-type", f.span, m);
            }
        } else if let Some(g) = prog.gdecl(name) {
            self.report(
                "main-type",
                g.span,
                format!("@{name} is global data; the entry function must be defined with `define i64 @{name}(...)`"),
            );
        } else if let Some(e) = prog.edecls.iter().find(|e| e.name == name) {
            self.report(
                "main-type",
                e.span,
                format!("@{name} is only declared; the entry function must be defined with `define i64 @{name}(...)`"),
            );
        }
    }
}

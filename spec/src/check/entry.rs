//! The entry function (docs/semantics.md, "The initial configuration"):
//! `main` takes `()` or `(i64 argc, i8** argv)` and returns `i64`; and the
//! types of every function's signature.

use super::Checker;
use crate::ast::{Fdecl, Ty};
use crate::types::TypeEnv;

/// How an entry function takes the command line (docs/semantics.md, "The
/// initial configuration" and "Oat programs and course runtimes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryArgs {
    /// `i64 ()`: no arguments.
    Nothing,
    /// `i64 (i64 argc, i8** argv)`: C's argv, an array of strings.
    Argv,
    /// `i64 (i64 argc, { i64, [0 x i8*] }* argv)`: the Oat entry
    /// `@program`, argv an Oat array of strings (its length word, then the
    /// argc strings), as the Oat runtime's C `main` builds it.
    OatArgv,
}

/// The type of the Oat entry's argv, `{ i64, [0 x i8*] }*`.
pub fn oat_argv_ty() -> Ty {
    Ty::Struct(vec![Ty::I64, Ty::Array(0, Box::new(Ty::I8.ptr_to()))]).ptr_to()
}

/// How entry function `f` takes its arguments; `None` when its type is
/// none of [`EntryArgs`]' (the rule `main-type`).
pub fn entry_args(env: &TypeEnv, f: &Fdecl) -> Option<EntryArgs> {
    if !env.ty_eq(&f.ret, &Ty::I64) {
        return None;
    }
    match f.params.as_slice() {
        [] => Some(EntryArgs::Nothing),
        [(_, a), (_, b)] if env.ty_eq(a, &Ty::I64) => {
            if env.ty_eq_opaque(b, &Ty::I8.ptr_to().ptr_to()) {
                Some(EntryArgs::Argv)
            } else if env.ty_eq_opaque(b, &oat_argv_ty()) {
                Some(EntryArgs::OatArgv)
            } else {
                None
            }
        }
        _ => None,
    }
}

impl Checker<'_> {
    /// A function's parameters are simple and its return type simple or
    /// void (`param-simple`, `return-type`).
    pub(super) fn function_signature(&mut self, f: &Fdecl) {
        let params: Vec<Ty> = f.params.iter().map(|(_, t)| t.clone()).collect();
        self.fun_type_at(&params, &f.ret, f.span);
    }

    /// `main-type`: the entry function, if defined, has type `i64()`,
    /// `i64(i64, i8**)` or the Oat entry's ([`EntryArgs::OatArgv`]); a global or declare of that name is not an entry.
    pub(super) fn main_type(&mut self, name: &str) {
        let prog = self.prog;
        if let Some(f) = prog.fdecl(name) {
            let ok = !self.types_ok || entry_args(&self.env, f).is_some();
            if !ok {
                let m = format!(
                    "the entry function @{name} has type {}; it must be i64 (), i64 (i64, i8**) or (the Oat entry) i64 (i64, {{ i64, [0 x i8*] }}*)",
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

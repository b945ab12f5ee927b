//! Global definitions ("Global Definitions", "Program Structure"): the one
//! namespace of globals, functions and declares, the typing of global
//! initializers, and `declare`s of the runtime functions
//! (docs/semantics.md, "Runtime functions").

use super::types::Pos;
use super::Checker;
use crate::ast::{Ginit, GinitKind, Ty};
use crate::span::Span;
use std::collections::HashMap;

/// The spec's runtime functions (the `ll` runtime), callable without a
/// definition, with the types they may be declared or called at; other
/// runtimes: [`crate::RuntimeName::types`].
pub fn runtime_types(name: &str) -> Vec<Ty> {
    crate::RuntimeName::Ll.types(name)
}

impl Checker<'_> {
    /// `duplicate-global`: globals, functions and declares share one
    /// namespace; each name is defined once.
    pub(super) fn duplicate_global(&mut self) {
        let prog = self.prog;
        let mut defs: Vec<(&str, Span, &str)> = prog
            .gdecls
            .iter()
            .map(|g| (g.name.as_str(), g.span, "global"))
            .chain(
                prog.fdecls
                    .iter()
                    .map(|f| (f.name.as_str(), f.span, "function")),
            )
            .chain(
                prog.edecls
                    .iter()
                    .map(|e| (e.name.as_str(), e.span, "declare")),
            )
            .collect();
        defs.sort_by_key(|(_, span, _)| span.lo); // source order (stable)
        let mut first: HashMap<&str, &str> = HashMap::new();
        for (name, span, what) in defs {
            if let Some(&prev_what) = first.get(name) {
                self.report_note(
                    "duplicate-global",
                    span,
                    format!("@{name} is defined twice (a {prev_what}, then a {what}); globals, functions and declares share one namespace"),
                    format!("the first definition, a {prev_what}, is earlier in the file"),
                );
            } else {
                first.insert(name, what);
            }
        }
    }

    /// `runtime-defined`: no `define` or global data takes the name of a
    /// runtime function. The oracle would run the program's definition,
    /// while natively the link fails or its result depends on link order.
    /// (A `declare` of one is checked by `declare-type`.)
    pub(super) fn runtime_defined(&mut self) {
        let prog = self.prog;
        let defs = prog
            .fdecls
            .iter()
            .map(|f| (f.name.as_str(), f.span, "function"))
            .chain(
                prog.gdecls
                    .iter()
                    .map(|g| (g.name.as_str(), g.span, "global")),
            );
        for (name, span, what) in defs {
            if !self.runtime.types(name).is_empty() {
                self.report(
                    "runtime-defined",
                    span,
                    format!("a {what} named @{name}: that is a runtime function's name (the runtime library defines it; natively the link fails or depends on link order)"),
                );
            }
        }
    }

    /// Every global data definition: its type is a `T`, and its initializer
    /// has that type (`global-init`).
    pub(super) fn globals(&mut self) {
        for g in &self.prog.gdecls {
            self.type_at(&g.ty, Pos::Data, g.span);
            self.global_init(&g.init, &g.ty);
        }
    }

    /// `global-init` (with `string-length`, `array-length`, and
    /// `global-defined` for `@IDENT`): the initializer has type `ty`, per
    /// the spec's table of global initializers. Walks nested initializers
    /// with an explicit stack.
    fn global_init(&mut self, init: &Ginit, ty: &Ty) {
        let mut stack: Vec<(&Ginit, &Ty)> = vec![(init, ty)];
        while let Some((g, ty)) = stack.pop() {
            if self.unresolved(ty) {
                continue;
            }
            let want = self.unfold(ty).clone();
            let bad = |c: &Checker, what: &str| {
                format!("{what} cannot initialize data of type {}", c.show(ty))
            };
            match &g.kind {
                GinitKind::Null => {
                    if !want.is_pointer() {
                        let m = bad(self, "null (a pointer)");
                        self.report("global-init", g.span, m);
                    }
                }
                GinitKind::Int(n) => {
                    let ok = want == Ty::I64 || (want == Ty::I1 && (*n == 0 || *n == 1));
                    if !ok {
                        let m = bad(self, &format!("the integer {n} (an i64; 0 and 1 also i1)"));
                        self.report("global-init", g.span, m);
                    }
                }
                GinitKind::Gid(h) => {
                    if let Some(hty) = self.global_ty(h, g.span) {
                        if !self.same(&hty, ty) && !self.runtime_has_type(h, ty) {
                            let m = bad(self, &format!("@{h}, of type {},", self.show(&hty)));
                            self.report("global-init", g.span, m);
                        }
                    }
                }
                GinitKind::Str(bytes) => self.string_length(g.span, bytes, ty, &want),
                GinitKind::Array(elems) => {
                    let Ty::Array(n, elem) = &want else {
                        let m = bad(self, "an array literal");
                        self.report("global-init", g.span, m);
                        continue;
                    };
                    self.array_length(g.span, *n, elems.len());
                    for (ety, e) in elems {
                        self.type_at(ety, Pos::Elem, e.span);
                        if !self.same(ety, elem) {
                            let m = format!(
                                "array element of type {} in an array of {}",
                                self.show(ety),
                                self.show(elem)
                            );
                            self.report("global-init", e.span, m);
                        } else {
                            stack.push((e, ety));
                        }
                    }
                }
                GinitKind::Struct(fields) => {
                    let Ty::Struct(fts) = &want else {
                        let m = bad(self, "a struct literal");
                        self.report("global-init", g.span, m);
                        continue;
                    };
                    if fts.len() != fields.len() {
                        let m = format!(
                            "struct literal with {} fields for type {} with {}",
                            fields.len(),
                            self.show(ty),
                            fts.len()
                        );
                        self.report("global-init", g.span, m);
                    }
                    for ((fty, f), want_f) in fields.iter().zip(fts) {
                        self.type_at(fty, Pos::Data, f.span);
                        if !self.same(fty, want_f) {
                            let m = format!(
                                "struct field of type {} where the struct type has {}",
                                self.show(fty),
                                self.show(want_f)
                            );
                            self.report("global-init", f.span, m);
                        } else {
                            stack.push((f, fty));
                        }
                    }
                }
                GinitKind::Bitcast(t1, inner, t2) => {
                    let mut pointers = true;
                    for t in [t1, t2] {
                        if self.unresolved(t) {
                            self.names_defined(t, g.span);
                        } else if self.unfold(t).is_pointer() {
                            self.type_at(t, Pos::Value("global-init"), g.span);
                        } else {
                            pointers = false;
                        }
                    }
                    if !pointers {
                        let m = format!(
                            "bitcast ({} ... to {}) converts pointers only",
                            self.show(t1),
                            self.show(t2)
                        );
                        self.report("global-init", g.span, m);
                        continue;
                    }
                    if !self.same(t2, ty) {
                        let m = bad(self, &format!("a bitcast to {}", self.show(t2)));
                        self.report("global-init", g.span, m);
                    }
                    stack.push((inner, t1));
                }
            }
        }
    }

    /// `string-length`: `c"..."` has type `[N x i8]` with N its byte
    /// length, the `\00` included.
    fn string_length(&mut self, span: Span, bytes: &[u8], ty: &Ty, want: &Ty) {
        match want {
            Ty::Array(n, e) if **e == Ty::I8 => {
                if *n != bytes.len() as u64 {
                    self.report(
                        "string-length",
                        span,
                        format!(
                            "the string literal has {} bytes (\\00 included) but its type is [{n} x i8]; it must be [{} x i8]",
                            bytes.len(),
                            bytes.len()
                        ),
                    );
                }
            }
            _ => {
                let m = format!(
                    "a string literal ([{} x i8]) cannot initialize data of type {}",
                    bytes.len(),
                    self.show(ty)
                );
                self.report("global-init", span, m);
            }
        }
    }

    /// `array-length`: an array literal of type `[N x T]` has N elements.
    fn array_length(&mut self, span: Span, n: u64, found: usize) {
        if n != found as u64 {
            self.report(
                "array-length",
                span,
                format!("array literal of type [{n} x ...] has {found} elements; it must have {n}"),
            );
        }
    }

    /// The type of `@name` (a pointer to its declared type), or `None` after
    /// reporting `global-defined`. Runtime functions are known without a
    /// declare (at their first type).
    pub(super) fn global_ty(&mut self, name: &str, span: Span) -> Option<Ty> {
        if let Some((_, ty)) = self.globals.get(name) {
            return Some(ty.clone().ptr_to());
        }
        if let Some(t) = self.runtime.types(name).into_iter().next() {
            return Some(t.ptr_to());
        }
        self.report(
            "global-defined",
            span,
            format!("@{name} is not defined: no global, function or declare has this name"),
        );
        None
    }

    /// True when `@name` is an undeclared runtime function one of whose
    /// types (`ll_ltoa` has two) makes `@name` have type `expected`.
    pub(super) fn runtime_has_type(&self, name: &str, expected: &Ty) -> bool {
        !self.globals.contains_key(name)
            && self
                .runtime
                .types(name)
                .into_iter()
                .any(|t| self.same(&t.ptr_to(), expected))
    }

    /// Every `declare`: `declare-type`; its parameters and return type are
    /// checked like a function's.
    pub(super) fn declares(&mut self) {
        for e in &self.prog.edecls {
            self.declare_type(&e.name, &e.ty, e.span);
        }
    }

    /// `declare-type`: a declare has a function type; a runtime function is
    /// declared at its runtime type.
    fn declare_type(&mut self, name: &str, ty: &Ty, span: Span) {
        let Ty::Fun(ps, r) = ty else {
            self.names_defined(ty, span);
            let m = format!(
                "declare @{name} must have a function type S(S1, ..., SN), found {}",
                self.show(ty)
            );
            self.report("declare-type", span, m);
            return;
        };
        self.fun_type_at(ps, r, span);
        let rt = self.runtime.types(name);
        if !rt.is_empty() && !rt.iter().any(|t| self.same(t, ty)) {
            let allowed: Vec<String> = rt.iter().map(|t| self.show(t)).collect();
            let m = format!(
                "the runtime function @{name} has type {}, but is declared {}",
                allowed.join(" or "),
                self.show(ty)
            );
            self.report("declare-type", span, m);
        }
    }
}

//! Named types ("Named Types") and where each kind of type may appear (the
//! spec's table of types: `void` only as a return type, `i8` only in `i8*`
//! and `[N x i8]`, function types only under a pointer, simple types `S`
//! where the spec writes `S`).
//!
//! Every walk over a type here follows the written type with an explicit
//! stack and never unfolds a named type's definition (definitions are
//! checked once, where they are written), so broken named types cannot make
//! it loop.

use super::Checker;
use crate::ast::Ty;
use crate::extent::names_not_under_pointer;
use crate::layout::Layout;
use crate::span::Span;
use std::collections::{HashMap, HashSet, VecDeque};

/// Where a type is written, which decides what it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pos {
    /// A position the spec writes `S`: the type must be simple; the rule
    /// broken otherwise.
    Value(&'static str),
    /// A parameter of a function or function type (`param-simple`).
    Param,
    /// A return type (`return-type`): simple or void.
    Ret,
    /// A position the spec writes `T`: global data, alloca, GEP base, struct
    /// field, named type definition.
    Data,
    /// The element type of an array: `T` or `i8`.
    Elem,
    /// Under a pointer: `T`, `i8` or a function type.
    Pointee,
}

impl Checker<'_> {
    /// `duplicate-type`: each named type is defined once.
    pub(super) fn duplicate_type(&mut self) {
        let mut first: HashSet<&str> = HashSet::new();
        for t in &self.prog.tdecls {
            if !first.insert(&t.name) {
                self.report_note(
                    "duplicate-type",
                    t.span,
                    format!("named type %{} is defined twice", t.name),
                    "the first definition, earlier in the file, is the one used".to_string(),
                );
            }
        }
    }

    /// `type-cycle`: every cycle of named types is broken by a `*`. A name
    /// is on a bad cycle when it reaches itself through occurrences that are
    /// not under a pointer (nor inside a function type, which holds no data).
    pub(super) fn type_cycle(&mut self) {
        let mut edges: HashMap<&str, Vec<&str>> = HashMap::new();
        for t in &self.prog.tdecls {
            if edges.contains_key(t.name.as_str()) {
                continue; // duplicates: the first definition is the one used
            }
            edges.insert(&t.name, names_not_under_pointer(&t.ty));
        }
        let mut reported: HashSet<&str> = HashSet::new();
        for t in &self.prog.tdecls {
            let start = t.name.as_str();
            if reported.contains(start) {
                continue;
            }
            if let Some(path) = path_back_to(&edges, start) {
                for n in &path {
                    reported.insert(n);
                }
                let shown: Vec<String> = path.iter().map(|n| format!("%{n}")).collect();
                self.types_ok = false;
                self.report(
                    "type-cycle",
                    t.span,
                    format!(
                        "named type %{start} contains itself not under a pointer ({} -> %{start}); a recursive occurrence must be under a *",
                        shown.join(" -> ")
                    ),
                );
            }
        }
    }

    /// The definitions of named types: each is a `T` (`Data` position),
    /// or a function type (`%fty = type i64 (i64, i64)`), which, as the
    /// spec's grammar allows and LLVM accepts, is then used under a pointer
    /// (`%fty*`): a use of such a name as data is `function-position`.
    pub(super) fn named_type_definitions(&mut self) {
        for t in &self.prog.tdecls {
            match &t.ty {
                Ty::Fun(ps, r) => self.fun_type_at(ps, r, t.span),
                ty => self.type_at(ty, Pos::Data, t.span),
            }
        }
    }

    /// Checks a written type at a position: `type-defined` for every name
    /// in it, the position rules (`void-position`, `i8-position`,
    /// `function-position`) for its parts, and the simplicity rule of the
    /// position (`param-simple`, `return-type`, or the one given).
    pub(super) fn type_at(&mut self, ty: &Ty, pos: Pos, span: Span) {
        let mut stack: Vec<(&Ty, Pos)> = vec![(ty, pos)];
        let mut sized = false;
        while let Some((ty, pos)) = stack.pop() {
            if let Ty::Named(n) = ty {
                self.type_defined(n, span);
            }
            if !sized && matches!(pos, Pos::Data | Pos::Pointee) {
                sized = !self.type_size(ty, span);
            }
            match pos {
                Pos::Value(rule) => self.simple_at(ty, rule, "", span, &mut stack),
                Pos::Param => self.simple_at(
                    ty,
                    "param-simple",
                    "a parameter must have a simple type (i1, i64 or a pointer)",
                    span,
                    &mut stack,
                ),
                Pos::Ret => {
                    if *ty != Ty::Void {
                        self.simple_at(
                            ty,
                            "return-type",
                            "a return type must be void or simple (i1, i64 or a pointer)",
                            span,
                            &mut stack,
                        )
                    }
                }
                Pos::Data | Pos::Elem | Pos::Pointee => self.data_at(ty, pos, span, &mut stack),
            }
        }
    }

    /// `type-size`: a data type's size, in both layouts, is at most
    /// 2^63 - 1 bytes (byte offsets are signed 64-bit words), so no size
    /// or offset computation wraps. False when it reported.
    fn type_size(&mut self, ty: &Ty, span: Span) -> bool {
        if !self.types_ok {
            return true;
        }
        let fits = Layout::BOTH.into_iter().all(|l| {
            self.env
                .size_in(ty, l)
                .is_some_and(|n| i64::try_from(n).is_ok())
        });
        if !fits {
            let m = format!(
                "type {} is too big: its size passes 2^63 - 1 bytes, past what a 64-bit address can offset",
                self.show(ty)
            );
            self.report("type-size", span, m);
        }
        fits
    }

    /// `type-defined`: the named type `%n` has a definition.
    fn type_defined(&mut self, n: &str, span: Span) {
        if self.env.lookup(n).is_none() {
            self.report(
                "type-defined",
                span,
                format!("named type %{n} is used but not defined (no `%{n} = type ...`)"),
            );
        }
    }

    /// A type that must be simple: reports `rule` if it is not (unless it
    /// is a name that does not unfold, reported by the named-type rules),
    /// and goes on under a written pointer.
    fn simple_at<'t>(
        &mut self,
        ty: &'t Ty,
        rule: &'static str,
        why: &str,
        span: Span,
        stack: &mut Vec<(&'t Ty, Pos)>,
    ) {
        if self.unresolved(ty) {
            return;
        }
        if !self.is_simple(ty) {
            let why = if why.is_empty() { value_why(rule) } else { why };
            self.report(rule, span, format!("{why}, found {}", self.show(ty)));
        } else if let Ty::Ptr(p) = ty {
            stack.push((p, Pos::Pointee));
        }
    }

    /// A type in a `T` position, an array element or under a pointer.
    fn data_at<'t>(&mut self, ty: &'t Ty, pos: Pos, span: Span, stack: &mut Vec<(&'t Ty, Pos)>) {
        match ty {
            Ty::Void => {
                let msg = if pos == Pos::Pointee {
                    "void* is not a type: void appears only as a return type (write i8* for a byte pointer)"
                } else {
                    "void appears only as the return type of a function or call, not as the type of data"
                };
                self.report("void-position", span, msg.to_string());
            }
            Ty::I8 if pos != Pos::Pointee && pos != Pos::Elem => self.report(
                "i8-position",
                span,
                "i8 is not a type of values: it appears only as i8* or in [N x i8]".to_string(),
            ),
            Ty::Fun(ps, r) => {
                if pos == Pos::Pointee {
                    for p in ps {
                        stack.push((p, Pos::Param));
                    }
                    stack.push((r, Pos::Ret));
                } else {
                    self.report(
                        "function-position",
                        span,
                        format!(
                            "the function type {} appears only under a pointer ({}*)",
                            self.show(ty),
                            self.show(ty)
                        ),
                    );
                }
            }
            Ty::Struct(ts) => stack.extend(ts.iter().map(|t| (t, Pos::Data))),
            Ty::Array(_, t) => stack.push((t, Pos::Elem)),
            Ty::Ptr(p) => stack.push((p, Pos::Pointee)),
            Ty::Named(n) if pos != Pos::Pointee && self.names_function(n) => self.report(
                "function-position",
                span,
                format!("%{n} is a function type; it appears only under a pointer (%{n}*)"),
            ),
            Ty::I1 | Ty::I8 | Ty::I64 | Ty::OpaquePtr | Ty::Named(_) => {}
        }
    }

    /// True when named type `%n` is defined as a function type (through
    /// other names).
    fn names_function(&self, n: &str) -> bool {
        matches!(self.env.unfold(&Ty::Named(n.into())), Ty::Fun(..))
    }

    /// A function type `ret(params)` written as the type of a function or
    /// declare: parameters simple, return simple or void.
    pub(super) fn fun_type_at(&mut self, params: &[Ty], ret: &Ty, span: Span) {
        for p in params {
            self.type_at(p, Pos::Param, span);
        }
        self.type_at(ret, Pos::Ret, span);
    }
}

/// What a position that needs a simple type is, for messages.
fn value_why(rule: &str) -> &'static str {
    match rule {
        "load-type" => "load reads a simple type (i1, i64 or a pointer)",
        "store-type" => "store writes a simple type (i1, i64 or a pointer)",
        "icmp-type" => "icmp compares values of a simple type (i1, i64 or a pointer)",
        "local-simple" => "call results and arguments have simple types (i1, i64 or a pointer)",
        _ => "expected a simple type (i1, i64 or a pointer)",
    }
}

/// A shortest path of names `start -> ... -> last` with an edge from `last`
/// back to `start`, if `start` reaches itself (breadth first, iterative).
fn path_back_to<'a>(
    edges: &HashMap<&'a str, Vec<&'a str>>,
    start: &'a str,
) -> Option<Vec<&'a str>> {
    let mut parent: HashMap<&str, &str> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = HashSet::from([start]);
    while let Some(n) = queue.pop_front() {
        for &m in edges.get(n).map(Vec::as_slice).unwrap_or(&[]) {
            if m == start {
                let mut path = vec![n];
                let mut cur = n;
                while let Some(&p) = parent.get(cur) {
                    path.push(p);
                    cur = p;
                }
                path.reverse();
                return Some(path);
            }
            if seen.insert(m) {
                parent.insert(m, n);
                queue.push_back(m);
            }
        }
    }
    None
}

impl Checker<'_> {
    /// `type-defined` for every name in a written type, whatever its
    /// position (explicit stack).
    pub(super) fn names_defined(&mut self, ty: &Ty, span: Span) {
        let mut stack = vec![ty];
        while let Some(t) = stack.pop() {
            match t {
                Ty::Named(n) => self.type_defined(n, span),
                Ty::Ptr(t) | Ty::Array(_, t) => stack.push(t),
                Ty::Struct(ts) => stack.extend(ts.iter()),
                Ty::Fun(ps, r) => {
                    stack.extend(ps.iter());
                    stack.push(r);
                }
                Ty::Void | Ty::I1 | Ty::I8 | Ty::I64 | Ty::OpaquePtr => {}
            }
        }
    }
}

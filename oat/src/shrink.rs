//! Shrinking on the syntax tree: smaller programs that are still well
//! scoped and still run to a `return` on the evaluator, for a reducer that
//! keeps those for which a predicate (say, "the front end under test still
//! disagrees with the evaluator") holds.
//!
//! Edits, smallest effect last: remove a declaration (not `program`),
//! remove a parameter of a function called only by name (and its argument
//! at every call), remove a statement (not a function's final return),
//! replace an `if` by its then branch, an `if` or `if?` by its `else`
//! branch, or a loop by its body run once, drop an `else`,
//! lower a loop bound by one, replace a binary operation by an operand of
//! its own type or a unary one by its operand, replace a call of a
//! function from `T` to `T` (the generator's probes) by its argument,
//! remove an element of an array literal, replace a literal by 0 or its
//! half, a string by `""`, `true` by `false`. Candidates that break scoping (a name used but
//! no longer declared, a local declared twice) or definedness (the
//! evaluator does not return) are dropped by [`still_defined`].

use crate::ast::*;
use crate::eval::{self, Limits, Outcome};
use crate::OatVersion;
use std::collections::HashSet;

/// Shrinks `prog` greedily: repeatedly takes the first candidate that is
/// still well scoped and defined and for which `still_fails` holds, until
/// none is. The result satisfies `still_fails` if `prog` did.
pub fn shrink(
    prog: &Program,
    version: OatVersion,
    still_fails: impl FnMut(&Program) -> bool,
) -> Program {
    shrink_until(prog, version, still_fails, || false)
}

/// [`shrink`] that stops early, with the smallest program found so far,
/// once `stop` says so (a bound on time or candidates). Candidates are made
/// one at a time in passes: after a kept edit the pass goes on at the same
/// edit site (the edits before it were tried on a larger program already),
/// and a pass that keeps nothing ends the search at a fixed point.
pub fn shrink_until(
    prog: &Program,
    version: OatVersion,
    mut still_fails: impl FnMut(&Program) -> bool,
    mut stop: impl FnMut() -> bool,
) -> Program {
    let mut cur = prog.clone();
    loop {
        let mut changed = false;
        let mut k = 0;
        while let Some(c) = candidate(&cur, k) {
            if stop() {
                return cur;
            }
            if still_defined(&c, version) && still_fails(&c) {
                cur = c;
                changed = true;
            } else {
                k += 1;
            }
        }
        if !changed {
            return cur;
        }
    }
}

/// The one-edit variant number `k` of `p`, if `p` has that many.
pub fn candidate(p: &Program, k: usize) -> Option<Program> {
    let mut q = p.clone();
    let mut ed = Editor {
        left: k,
        applied: false,
        same_type: same_type_functions(p),
    };
    ed.program(&mut q);
    ed.applied.then_some(q)
}

/// Whether `p` is well scoped (every name bound, no local declared twice)
/// and returns on the evaluator.
pub fn still_defined(p: &Program, version: OatVersion) -> bool {
    well_scoped(p)
        && matches!(
            eval::run(
                p,
                version,
                &Limits {
                    fuel: 5_000_000,
                    ..Limits::default()
                }
            ),
            Outcome::Returned { .. }
        )
}

/// Every one-edit variant of `p` (unfiltered).
pub fn candidates(p: &Program) -> Vec<Program> {
    (0..).map_while(|k| candidate(p, k)).collect()
}

/// Walks a tree and applies the edit numbered `left` (counting edit sites
/// in walk order).
struct Editor {
    left: usize,
    applied: bool,
    /// The program's functions of one parameter that return its type.
    same_type: HashSet<String>,
}

/// The names of `p`'s functions of one parameter whose result has the
/// parameter's type: a call of one can be replaced by its argument.
fn same_type_functions(p: &Program) -> HashSet<String> {
    p.decls
        .iter()
        .filter_map(|d| match d {
            Decl::Fun(f) => match (&f.args[..], &f.ret) {
                ([(t, _)], RetTy::Val(r)) if **r == *t => Some(f.name.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

impl Editor {
    /// True at the chosen edit site.
    fn here(&mut self) -> bool {
        if self.applied {
            return false;
        }
        if self.left == 0 {
            self.applied = true;
            return true;
        }
        self.left -= 1;
        false
    }

    fn program(&mut self, p: &mut Program) {
        for k in 0..p.decls.len() {
            let is_main = matches!(&p.decls[k], Decl::Fun(f) if f.name == "program");
            if !is_main && self.here() {
                p.decls.remove(k);
                return;
            }
        }
        let params: Vec<(String, usize)> = p
            .decls
            .iter()
            .filter_map(|d| match d {
                Decl::Fun(f) if f.name != "program" && only_called(p, &f.name) => {
                    Some((0..f.args.len()).map(|k| (f.name.clone(), k)))
                }
                _ => None,
            })
            .flatten()
            .collect();
        for (f, k) in params {
            if self.here() {
                drop_parameter(p, &f, k);
                return;
            }
        }
        for d in &mut p.decls {
            match d {
                Decl::Fun(f) => self.block(&mut f.body, true),
                Decl::Global(_, e) => self.exp(e),
                Decl::Struct(..) => {}
            }
        }
    }

    fn block(&mut self, b: &mut Block, fun_body: bool) {
        let removable = if fun_body {
            b.len().saturating_sub(1)
        } else {
            b.len()
        };
        for j in 0..removable {
            if self.here() {
                b.remove(j);
                return;
            }
        }
        for j in 0..b.len() {
            if let Some(inner) = body_of(&b[j]) {
                if self.here() {
                    b.splice(j..=j, inner);
                    return;
                }
            }
        }
        for j in 0..b.len() {
            if let Stmt::If(_, _, e) | Stmt::Cast(_, _, _, _, e) = &b[j] {
                if !e.is_empty() && self.here() {
                    let inner = e.clone();
                    b.splice(j..=j, inner);
                    return;
                }
            }
        }
        for s in b.iter_mut() {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match s {
            Stmt::If(c, t, e) | Stmt::Cast(_, _, c, t, e) => {
                if !e.is_empty() && self.here() {
                    e.clear();
                    return;
                }
                self.exp(c);
                self.block(t, false);
                self.block(e, false);
            }
            Stmt::For(ds, c, step, b) => {
                if let Some(c) = c {
                    self.bound(c);
                }
                for (_, e) in ds.iter_mut() {
                    self.exp(e);
                }
                if let Some(st) = step {
                    self.stmt(st);
                }
                self.block(b, false);
            }
            Stmt::While(c, b) => {
                self.bound(c);
                self.block(b, false);
            }
            Stmt::Assn(l, r) => {
                self.exp(l);
                self.exp(r);
            }
            Stmt::Decl(_, e) | Stmt::Ret(Some(e)) => self.exp(e),
            Stmt::Ret(None) => {}
            Stmt::SCall(f, args) => {
                self.exp(f);
                args.iter_mut().for_each(|a| self.exp(a));
            }
        }
    }

    /// A loop condition `x < n`: one fewer iteration.
    fn bound(&mut self, c: &mut Exp) {
        if let Exp::Bop(Binop::Lt, _, n) = c {
            if let Exp::Int(k) = **n {
                if k > 0 && self.here() {
                    **n = Exp::Int(k - 1);
                }
            }
        }
    }

    fn exp(&mut self, e: &mut Exp) {
        match e {
            Exp::Int(n) => {
                let n = *n;
                if n != 0 && self.here() {
                    *e = Exp::Int(0);
                } else if !(-1..=1).contains(&n) && self.here() {
                    *e = Exp::Int(n / 2);
                }
            }
            Exp::Bool(true) => {
                if self.here() {
                    *e = Exp::Bool(false);
                }
            }
            Exp::Bop(op, l, r) => {
                let same_type = !matches!(
                    op,
                    Binop::Eq | Binop::Neq | Binop::Lt | Binop::Lte | Binop::Gt | Binop::Gte
                );
                if same_type && self.here() {
                    *e = (**l).clone();
                } else if same_type && self.here() {
                    *e = (**r).clone();
                } else {
                    self.exp(l);
                    self.exp(r);
                }
            }
            Exp::Uop(_, x) => {
                if self.here() {
                    *e = (**x).clone();
                } else {
                    self.exp(x);
                }
            }
            Exp::CArr(_, es) => {
                for j in 0..es.len() {
                    if es.len() > 1 && self.here() {
                        es.remove(j);
                        return;
                    }
                }
                es.iter_mut().for_each(|x| self.exp(x));
            }
            Exp::Call(f, es) => {
                let unwrap = matches!(&**f, Exp::Id(x) if self.same_type.contains(x));
                if unwrap && es.len() == 1 && self.here() {
                    *e = es[0].clone();
                    return;
                }
                self.exp(f);
                es.iter_mut().for_each(|x| self.exp(x));
            }
            Exp::NewArr(_, a) | Exp::Length(a) | Exp::Proj(a, _) => self.exp(a),
            Exp::NewArrInit(_, a, _, b) | Exp::Index(a, b) => {
                self.exp(a);
                self.exp(b);
            }
            Exp::CStruct(_, fs) => fs.iter_mut().for_each(|(_, x)| self.exp(x)),
            Exp::Str(t) => {
                if !t.is_empty() && self.here() {
                    t.clear();
                }
            }
            Exp::Null(_) | Exp::Bool(false) | Exp::Id(_) => {}
        }
    }
}

/// The statements that replace `s` when it is unwrapped: an `if`'s then
/// branch, a loop's body run once (a `for` keeps its declarations), or
/// none for other statements.
fn body_of(s: &Stmt) -> Option<Vec<Stmt>> {
    match s {
        Stmt::If(_, t, _) => Some(t.clone()),
        Stmt::While(_, b) => Some(b.clone()),
        Stmt::For(ds, _, _, b) => Some(
            ds.iter()
                .map(|(x, e)| Stmt::Decl(x.clone(), e.clone()))
                .chain(b.iter().cloned())
                .collect(),
        ),
        _ => None,
    }
}

/// Calls `visit` on every statement of `b`, nested ones (and a `for`'s
/// step) after the statement that holds them.
fn each_stmt(b: &mut [Stmt], visit: &mut impl FnMut(&mut Stmt)) {
    for s in b {
        visit(s);
        match s {
            Stmt::If(_, t, e) | Stmt::Cast(_, _, _, t, e) => {
                each_stmt(t, visit);
                each_stmt(e, visit);
            }
            Stmt::While(_, b) => each_stmt(b, visit),
            Stmt::For(_, _, step, b) => {
                if let Some(st) = step {
                    each_stmt(std::slice::from_mut(&mut **st), visit);
                }
                each_stmt(b, visit);
            }
            Stmt::Assn(..) | Stmt::Decl(..) | Stmt::Ret(_) | Stmt::SCall(..) => {}
        }
    }
}

/// Calls `visit` on `e` and then on each of its subexpressions.
pub(crate) fn walk(e: &mut Exp, visit: &mut impl FnMut(&mut Exp)) {
    visit(e);
    match e {
        Exp::CArr(_, es) => es.iter_mut().for_each(|x| walk(x, visit)),
        Exp::Call(f, es) => {
            walk(f, visit);
            es.iter_mut().for_each(|x| walk(x, visit));
        }
        Exp::NewArr(_, a) | Exp::Length(a) | Exp::Proj(a, _) | Exp::Uop(_, a) => walk(a, visit),
        Exp::NewArrInit(_, a, _, b) | Exp::Index(a, b) | Exp::Bop(_, a, b) => {
            walk(a, visit);
            walk(b, visit);
        }
        Exp::CStruct(_, fs) => fs.iter_mut().for_each(|(_, x)| walk(x, visit)),
        Exp::Null(_) | Exp::Bool(_) | Exp::Int(_) | Exp::Str(_) | Exp::Id(_) => {}
    }
}

/// Calls `on_stmt` on every statement of `p` and `on_exp` on every
/// expression (globals' initialisers and function bodies, a call
/// statement's callee included).
pub(crate) fn each_of(
    p: &mut Program,
    on_stmt: &mut impl FnMut(&mut Stmt),
    on_exp: &mut impl FnMut(&mut Exp),
) {
    for d in &mut p.decls {
        match d {
            Decl::Global(_, e) => walk(e, on_exp),
            Decl::Fun(f) => each_stmt(&mut f.body, &mut |s| {
                on_stmt(s);
                match s {
                    Stmt::Assn(l, r) => {
                        walk(l, on_exp);
                        walk(r, on_exp);
                    }
                    Stmt::Decl(_, e) | Stmt::Ret(Some(e)) => walk(e, on_exp),
                    Stmt::SCall(f, args) => {
                        walk(f, on_exp);
                        args.iter_mut().for_each(|a| walk(a, on_exp));
                    }
                    Stmt::If(c, ..) | Stmt::Cast(_, _, c, ..) | Stmt::While(c, _) => {
                        walk(c, on_exp)
                    }
                    Stmt::For(ds, c, ..) => {
                        ds.iter_mut().for_each(|(_, e)| walk(e, on_exp));
                        if let Some(c) = c {
                            walk(c, on_exp);
                        }
                    }
                    Stmt::Ret(None) => {}
                }
            }),
            Decl::Struct(..) => {}
        }
    }
}

/// Whether `e` names function `f`.
fn names(e: &Exp, f: &str) -> bool {
    matches!(e, Exp::Id(x) if x == f)
}

/// Whether function `f` is only ever called by name (never used as a
/// value, whose type would change with its parameters).
fn only_called(p: &Program, f: &str) -> bool {
    let mut q = p.clone();
    let (mut named, mut called, mut call_statements) = (0, 0, 0);
    each_of(
        &mut q,
        &mut |s| {
            if let Stmt::SCall(g, _) = s {
                call_statements += usize::from(names(g, f));
            }
        },
        &mut |e| match e {
            Exp::Id(x) if x == f => named += 1,
            Exp::Call(g, _) => called += usize::from(names(g, f)),
            _ => {}
        },
    );
    named == called + call_statements
}

/// Removes parameter `k` of function `f` and argument `k` of every call of
/// `f` by name.
fn drop_parameter(p: &mut Program, f: &str, k: usize) {
    for d in &mut p.decls {
        if let Decl::Fun(g) = d {
            if g.name == f && k < g.args.len() {
                g.args.remove(k);
            }
        }
    }
    each_of(
        p,
        &mut |s| {
            if let Stmt::SCall(g, args) = s {
                if names(g, f) && k < args.len() {
                    args.remove(k);
                }
            }
        },
        &mut |e| {
            if let Exp::Call(g, args) = e {
                if names(g, f) && k < args.len() {
                    args.remove(k);
                }
            }
        },
    );
}

/// Every name is bound where used, no local is declared twice in one
/// function's enclosing scopes, every struct named exists (also in types:
/// parameters, fields, `S null`, `new S[n]`, `if? (S x = ..)`).
pub fn well_scoped(p: &Program) -> bool {
    let mut top: HashSet<&str> = crate::eval::BUILTIN_NAMES.iter().copied().collect();
    let mut structs = HashSet::new();
    for d in &p.decls {
        match d {
            Decl::Fun(f) => {
                top.insert(&f.name);
            }
            Decl::Struct(s, _) => {
                structs.insert(s.as_str());
            }
            Decl::Global(..) => {}
        }
    }
    let mut sc = Scoper {
        top,
        locals: Vec::new(),
        structs,
    };
    let mut ok = true;
    for d in &p.decls {
        match d {
            Decl::Global(x, e) => {
                ok &= sc.exp(e);
                sc.top.insert(x);
            }
            Decl::Struct(_, fs) => ok &= fs.iter().all(|f| sc.ty(&f.ty)),
            Decl::Fun(_) => {}
        }
    }
    for d in &p.decls {
        if let Decl::Fun(f) = d {
            ok &= f.args.iter().all(|(t, _)| sc.ty(t));
            ok &= match &f.ret {
                RetTy::Val(t) => sc.ty(t),
                RetTy::Void => true,
            };
            sc.locals = f.args.iter().map(|(_, x)| x.as_str()).collect();
            ok &= sc.block(&f.body);
        }
    }
    ok
}

struct Scoper<'p> {
    top: HashSet<&'p str>,
    locals: Vec<&'p str>,
    structs: HashSet<&'p str>,
}

impl<'p> Scoper<'p> {
    /// Every struct that `t` names is declared.
    fn ty(&self, t: &Ty) -> bool {
        match t {
            Ty::Bool | Ty::Int => true,
            Ty::Ref(r) | Ty::NullRef(r) => self.rty(r),
        }
    }

    fn rty(&self, r: &RefTy) -> bool {
        match r {
            RefTy::String => true,
            RefTy::Array(t) => self.ty(t),
            RefTy::Struct(s) => self.structs.contains(s.as_str()),
            RefTy::Fun(args, ret) => {
                args.iter().all(|t| self.ty(t))
                    && match ret {
                        RetTy::Val(t) => self.ty(t),
                        RetTy::Void => true,
                    }
            }
        }
    }

    fn declare(&mut self, x: &'p str) -> bool {
        if self.locals.contains(&x) {
            return false;
        }
        self.locals.push(x);
        true
    }

    fn block(&mut self, b: &'p Block) -> bool {
        let mark = self.locals.len();
        let ok = b.iter().all(|s| self.stmt(s));
        self.locals.truncate(mark);
        ok
    }

    fn stmt(&mut self, s: &'p Stmt) -> bool {
        match s {
            Stmt::Decl(x, e) => self.exp(e) && self.declare(x),
            Stmt::Assn(l, r) => self.exp(l) && self.exp(r),
            Stmt::Ret(e) => e.as_ref().is_none_or(|e| self.exp(e)),
            Stmt::SCall(f, args) => self.exp(f) && args.iter().all(|a| self.exp(a)),
            Stmt::If(c, t, e) => self.exp(c) && self.block(t) && self.block(e),
            Stmt::Cast(r, x, v, t, e) => {
                if !self.rty(r) || !self.exp(v) {
                    return false;
                }
                let mark = self.locals.len();
                let ok = self.declare(x) && self.block(t);
                self.locals.truncate(mark);
                ok && self.block(e)
            }
            Stmt::While(c, b) => self.exp(c) && self.block(b),
            Stmt::For(ds, c, step, b) => {
                let mark = self.locals.len();
                let mut ok = true;
                for (x, e) in ds {
                    ok = ok && self.exp(e);
                    self.locals.push(x);
                }
                ok = ok
                    && c.as_ref().is_none_or(|c| self.exp(c))
                    && step.as_deref().is_none_or(|s| self.stmt(s))
                    && self.block(b);
                self.locals.truncate(mark);
                ok
            }
        }
    }

    fn exp(&mut self, e: &'p Exp) -> bool {
        match e {
            Exp::Id(x) => self.locals.contains(&x.as_str()) || self.top.contains(x.as_str()),
            Exp::Null(r) => self.rty(r),
            Exp::Bool(_) | Exp::Int(_) | Exp::Str(_) => true,
            Exp::CArr(t, es) => self.ty(t) && es.iter().all(|x| self.exp(x)),
            Exp::NewArr(t, n) => self.ty(t) && self.exp(n),
            Exp::Length(n) | Exp::Proj(n, _) | Exp::Uop(_, n) => self.exp(n),
            Exp::NewArrInit(t, n, x, init) => {
                if !self.ty(t) || !self.exp(n) || self.locals.contains(&x.as_str()) {
                    return false;
                }
                self.locals.push(x);
                let ok = self.exp(init);
                self.locals.pop();
                ok
            }
            Exp::Index(a, b) | Exp::Bop(_, a, b) => self.exp(a) && self.exp(b),
            Exp::CStruct(s, fs) => {
                self.structs.contains(s.as_str()) && fs.iter().all(|(_, x)| self.exp(x))
            }
            Exp::Call(f, args) => self.exp(f) && args.iter().all(|a| self.exp(a)),
        }
    }
}

//! Traced variants of Oat programs: the front-end side of "the first wrong
//! value" (docs/grading.md). [`traced`] rewrites a program so that every
//! `int` and `bool` value it computes at statement level is printed as it
//! is computed, with the runtime's own `print_int` / `print_bool`:
//!
//! - every operand of a statement's expression (a call statement's
//!   arguments too) that is itself a compound
//!   `int` or `bool` expression is first bound to a fresh local
//!   (`var lltrace_t3 = a >> 1;`), left to right, so that each traced
//!   value is one operator applied to names and literals (Oat evaluates
//!   operands left to right, `&` and `|` both of them: the rewrite keeps
//!   the program's meaning);
//! - after each such binding, each `var x = e;` and `x = e;` whose type is
//!   `int` or `bool`, each `return e;` of an `int` or `bool` function and
//!   each `int` or `bool` parameter at a function's start, the value is
//!   printed between marks: `#lltrace N VALUE#`, point `N` (no newline: a
//!   front end that does not escape string literals still compiles it).
//!
//! A type is traced only where it is certain from the syntax (literals,
//! operators, declared parameter, function, field and array types); loop
//! conditions and `new T[n]{i -> e}` bodies are left as they are. The
//! front end under test compiles the traced variant; its output run on the
//! oracle is compared with the expected trace (the reference's or the
//! evaluator's) by [`lines`]: the first point whose value differs names
//! the construct that computed it ([`Point::construct`]).

use crate::ast::{Binop, Decl, Exp, Fdecl, RefTy, RetTy, Stmt, Ty, Unop};
use crate::features::Feature;
use std::collections::HashMap;

/// The start of a printed trace value: `#lltrace N VALUE#`. The one trace
/// wire format of lloracle: the traced LLVMlite variants of the back-end
/// and optimiser harness print it too (each value on a line of its own),
/// and both are read by [`lines`].
pub const MARK: &str = "#lltrace ";

/// The end of a printed trace value: the `#` of `#lltrace N VALUE#`.
pub const END: &str = "#";

/// The prefix of every name the traced variant adds (a program whose text
/// already holds it is not traced).
const NAME: &str = "lltrace";

/// One traced value: where it is and what computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The function it is in.
    pub function: String,
    /// The statement or parameter, as the source says it
    /// (`var x = a >> 1;`, `parameter n`).
    pub what: String,
    /// The construct that computes it, named as in the breadth table
    /// (`` `>>` ``, `` `string_cat` ``, `call`, `assignment`, `parameter`).
    pub construct: String,
}

/// The traced variant of `p` and its points (mark `N` is `points[N]`);
/// `Err` says why `p` is not traced.
pub fn traced(p: &crate::ast::Program) -> Result<(crate::ast::Program, Vec<Point>), String> {
    rewrite(p, Tracer::new(p, None, true))
}

/// Operands whose order of evaluation Oat fixes (left to right), by the
/// construct they belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// A call's arguments.
    CallArguments,
    /// The operands of `&` and `|` on `bool` (both are evaluated).
    BoolOperands,
    /// A struct literal's field values, in written order.
    StructFields,
    /// The operands of every other operator.
    Operands,
}

impl Order {
    /// Every kind, the usual suspects first.
    pub const ALL: [Order; 4] = [
        Order::CallArguments,
        Order::BoolOperands,
        Order::StructFields,
        Order::Operands,
    ];

    /// The words a report uses.
    pub fn words(self) -> &'static str {
        match self {
            Order::CallArguments => "call arguments",
            Order::BoolOperands => "the operands of `&` and `|`",
            Order::StructFields => "struct literal fields",
            Order::Operands => "operator operands",
        }
    }
}

/// `p` with only the operands of kind `order` computed one by one, left to
/// to right, into fresh locals before their construct runs (nothing
/// printed): the program means the same, and a front end that evaluates
/// those operands in another order compiles it right.
pub fn sequenced(p: &crate::ast::Program, order: Order) -> Result<crate::ast::Program, String> {
    rewrite(p, Tracer::new(p, Some(order), false)).map(|(q, _)| q)
}

/// Every function of `p` rewritten by `t`.
fn rewrite(
    p: &crate::ast::Program,
    mut t: Tracer,
) -> Result<(crate::ast::Program, Vec<Point>), String> {
    if crate::print::program(p).contains(NAME) {
        return Err(format!("the program already uses the name `{NAME}`"));
    }
    let mut out = p.clone();
    for d in &mut out.decls {
        if let Decl::Fun(f) = d {
            t.function(f);
        }
    }
    Ok((out, t.points))
}

/// The trace in a program's output `stdout`: `(point, value)` for each
/// `#lltrace N VALUE#` in order (a string value, printed `sL:BYTES`, is
/// given in quotes).
pub fn lines(stdout: &[u8]) -> Vec<(usize, String)> {
    let mark = MARK.as_bytes();
    let mut out = vec![];
    let mut at = 0;
    while let Some(k) = find(stdout, mark, at) {
        at = k + mark.len();
        let Some((n, next)) = number(stdout, at, b' ') else {
            continue;
        };
        let value = if stdout.get(next) == Some(&b's') {
            let Some((len, start)) = number(stdout, next + 1, b':') else {
                continue;
            };
            let Some(bytes) = stdout.get(start..start + len as usize) else {
                break;
            };
            at = start + bytes.len();
            format!("{:?}", String::from_utf8_lossy(bytes))
        } else {
            let Some(end) = find(stdout, END.as_bytes(), next) else {
                break;
            };
            at = end;
            String::from_utf8_lossy(&stdout[next..end]).into_owned()
        };
        if stdout
            .get(at..)
            .is_some_and(|s| s.starts_with(END.as_bytes()))
        {
            at += END.len();
            out.push((n as usize, value));
        }
    }
    out
}

/// The first place of `needle` in `hay` at or after `from`.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|k| k + from)
}

/// The decimal number at `from`, ended by `end`: its value and the place
/// after `end`.
fn number(s: &[u8], from: usize, end: u8) -> Option<(u64, usize)> {
    let stop = from + s.get(from..)?.iter().position(|&b| b == end)?;
    let n = std::str::from_utf8(&s[from..stop]).ok()?.parse().ok()?;
    Some((n, stop + 1))
}

/// True when every use of the name `f` in `p` is inside the body of a
/// `new T[n]{i -> e}`: the values such a function is called with are
/// computed where nothing is traced (the body binds `i`), so a wrong
/// parameter of `f` is the initialiser's.
pub fn used_only_in_initialisers(p: &crate::ast::Program, f: &str) -> bool {
    let mut q = p.clone();
    let (mut all, mut inside) = (0usize, 0usize);
    crate::shrink::each_of(&mut q, &mut |_| {}, &mut |e| match e {
        Exp::Id(x) if x == f => all += 1,
        Exp::NewArrInit(_, _, _, body) => crate::shrink::walk(body, &mut |x| {
            if matches!(x, Exp::Id(y) if y == f) {
                inside += 1;
            }
        }),
        _ => {}
    });
    all > 0 && all == inside
}

/// The rewrite's state: the program's declared types and the points made.
struct Tracer {
    /// Each function's return type and parameter types.
    funs: HashMap<String, (RetTy, Vec<Ty>)>,
    /// Each struct's fields.
    structs: HashMap<String, Vec<(String, Ty)>>,
    /// The globals whose type the initialiser shows.
    globals: HashMap<String, Ty>,
    /// The points made so far.
    points: Vec<Point>,
    /// The next fresh local's number.
    fresh: usize,
    /// The function being rewritten.
    function: String,
    /// Only the operands of this kind are bound first (`None`: all).
    only: Option<Order>,
    /// Values are printed (a traced variant) or only bound (sequenced).
    print: bool,
}

/// The types of the locals in scope (`None`: a local whose type is not
/// certain, which hides a global or function of its name).
type Scope = HashMap<String, Option<Ty>>;

impl Tracer {
    fn new(p: &crate::ast::Program, only: Option<Order>, print: bool) -> Tracer {
        let mut t = Tracer {
            funs: HashMap::new(),
            structs: HashMap::new(),
            globals: HashMap::new(),
            points: vec![],
            fresh: 0,
            function: String::new(),
            only,
            print,
        };
        for d in &p.decls {
            match d {
                Decl::Fun(f) => {
                    let args = f.args.iter().map(|(ty, _)| ty.clone()).collect();
                    t.funs.insert(f.name.clone(), (f.ret.clone(), args));
                }
                Decl::Struct(s, fields) => {
                    let fs = fields
                        .iter()
                        .map(|f| (f.name.clone(), f.ty.clone()))
                        .collect();
                    t.structs.insert(s.clone(), fs);
                }
                Decl::Global(..) => {}
            }
        }
        for d in &p.decls {
            if let Decl::Global(g, e) = d {
                if let Some(ty) = t.type_of(&Scope::new(), e) {
                    t.globals.insert(g.clone(), ty);
                }
            }
        }
        t
    }

    /// Rewrites function `f`: its parameters traced at its start, its body.
    fn function(&mut self, f: &mut Fdecl) {
        self.function = f.name.clone();
        let mut scope = Scope::new();
        let mut start = vec![];
        for (ty, x) in &f.args {
            scope.insert(x.clone(), Some(ty.clone()));
            if is_traced(ty) {
                start.extend(self.point(ty, x, format!("parameter {x}"), "parameter".into()));
            }
        }
        let ret = match &f.ret {
            RetTy::Val(t) if is_traced(t) => Some((**t).clone()),
            _ => None,
        };
        let body = std::mem::take(&mut f.body);
        start.extend(self.block(&mut scope, body, ret.as_ref()));
        f.body = start;
    }

    /// Rewrites a block in its own scope.
    fn block(&mut self, outer: &mut Scope, b: Vec<Stmt>, ret: Option<&Ty>) -> Vec<Stmt> {
        let mut scope = outer.clone();
        let mut out = vec![];
        for s in b {
            self.stmt(&mut scope, s, ret, &mut out);
        }
        out
    }

    /// Rewrites one statement into `out`.
    fn stmt(&mut self, scope: &mut Scope, s: Stmt, ret: Option<&Ty>, out: &mut Vec<Stmt>) {
        match s {
            Stmt::Decl(x, e) => {
                let ty = self.type_of(scope, &e);
                let what = format!("var {x} = {};", crate::print::exp(&e));
                let e = self.operands(scope, e, out);
                let construct = self.construct(&e);
                out.push(Stmt::Decl(x.clone(), e));
                scope.insert(x.clone(), ty.clone());
                if let Some(ty) = ty.filter(is_traced) {
                    out.extend(self.point(&ty, &x, what, construct));
                }
            }
            Stmt::Assn(Exp::Id(x), e) if self.var_type(scope, &x).is_some() => {
                let ty = self.var_type(scope, &x);
                let what = format!("{x} = {};", crate::print::exp(&e));
                // The value is computed (and traced) first, so that a right
                // value stored to the wrong place shows as the assignment's.
                let e = self.hoist(scope, e, out);
                let construct = self.construct(&e);
                out.push(Stmt::Assn(Exp::Id(x.clone()), e));
                if let Some(ty) = ty.filter(is_traced) {
                    out.extend(self.point(&ty, &x, what, construct));
                }
            }
            Stmt::Assn(lhs, e) if is_local_place(scope, &lhs) => {
                // The place is evaluated before the value; one that reads
                // only locals (which no call can change) is the same
                // place when the value is computed first.
                let e = self.hoist(scope, e, out);
                out.push(Stmt::Assn(lhs, e));
            }
            Stmt::Ret(Some(e)) if ret.is_some() => {
                let ty = ret.cloned().unwrap_or(Ty::Int);
                let what = format!("return {};", crate::print::exp(&e));
                let e = self.operands(scope, e, out);
                let construct = self.construct(&e);
                let x = self.fresh_name();
                out.push(Stmt::Decl(x.clone(), e));
                out.extend(self.point(&ty, &x, what, construct));
                out.push(Stmt::Ret(Some(Exp::Id(x))));
            }
            Stmt::SCall(f, args) => {
                let args = self.hoist_all(scope, args, out);
                out.push(Stmt::SCall(f, args));
            }
            Stmt::If(c, yes, no) => {
                let c = self.hoist(scope, c, out);
                let yes = self.block(scope, yes, ret);
                let no = self.block(scope, no, ret);
                out.push(Stmt::If(c, yes, no));
            }
            Stmt::Cast(r, x, e, yes, no) => {
                let mut inner = scope.clone();
                inner.insert(x.clone(), Some(Ty::Ref(r.clone())));
                let yes = self.block(&mut inner, yes, ret);
                let no = self.block(scope, no, ret);
                out.push(Stmt::Cast(r, x, e, yes, no));
            }
            Stmt::For(decls, c, step, body) => {
                let mut inner = scope.clone();
                for (x, e) in &decls {
                    let ty = self.type_of(&inner, e);
                    inner.insert(x.clone(), ty);
                }
                let body = self.block(&mut inner, body, ret);
                out.push(Stmt::For(decls, c, step, body));
            }
            Stmt::While(c, body) => {
                let body = self.block(scope, body, ret);
                out.push(Stmt::While(c, body));
            }
            other => out.push(other),
        }
    }

    /// `e` with its compound operands bound to fresh locals first, left to
    /// right ([`Tracer::hoist_all`]), the bindings pushed to `out`.
    fn operands(&mut self, scope: &Scope, e: Exp, out: &mut Vec<Stmt>) -> Exp {
        let order = match &e {
            Exp::Bop(Binop::And | Binop::Or, ..) => Order::BoolOperands,
            Exp::Call(..) => Order::CallArguments,
            Exp::CStruct(..) => Order::StructFields,
            _ => Order::Operands,
        };
        if self.only.is_some_and(|o| o != order) {
            return e;
        }
        match e {
            Exp::CStruct(s, fields) => {
                let (names, values): (Vec<String>, Vec<Exp>) = fields.into_iter().unzip();
                let values = self.hoist_all(scope, values, out);
                Exp::CStruct(s, names.into_iter().zip(values).collect())
            }
            Exp::Bop(op, l, r) => {
                let mut v = self.hoist_all(scope, vec![*l, *r], out);
                let r = v.pop().unwrap_or(Exp::Int(0));
                let l = v.pop().unwrap_or(Exp::Int(0));
                Exp::Bop(op, Box::new(l), Box::new(r))
            }
            Exp::Uop(u, x) if !(u == Unop::Neg && matches!(*x, Exp::Int(_))) => {
                let x = self.hoist_all(scope, vec![*x], out).pop();
                Exp::Uop(u, Box::new(x.unwrap_or(Exp::Int(0))))
            }
            Exp::Call(f, args) => Exp::Call(f, self.hoist_all(scope, args, out)),
            other => other,
        }
    }

    /// The operands `xs` hoisted left to right ([`Tracer::hoist`]); once
    /// one stays in place and a call could change its value or it could
    /// print ([`is_stable`]), the ones after it stay in place too: they
    /// must run after it.
    fn hoist_all(&mut self, scope: &Scope, xs: Vec<Exp>, out: &mut Vec<Stmt>) -> Vec<Exp> {
        let mut blocked = false;
        xs.into_iter()
            .map(|x| {
                if blocked {
                    return x;
                }
                let y = self.hoist(scope, x, out);
                blocked = !is_stable(scope, &y) && !self.is_function(scope, &y);
                y
            })
            .collect()
    }

    /// True for the name of a function (no local or global hides it).
    fn is_function(&self, scope: &Scope, e: &Exp) -> bool {
        matches!(e, Exp::Id(x) if !scope.contains_key(x)
            && (self.funs.contains_key(x) || builtin_type(x).is_some()))
    }

    /// `e` itself when it is a name or a literal or its type is not
    /// certain; else a fresh local bound to it (its own operands hoisted
    /// first), traced when its type is `int`, `bool` or `string`.
    fn hoist(&mut self, scope: &Scope, e: Exp, out: &mut Vec<Stmt>) -> Exp {
        if let Exp::Id(g) = &e {
            if self.globals.contains_key(g) && !scope.contains_key(g) {
                // A global's value now, before a call after it changes it.
                let x = self.fresh_name();
                out.push(Stmt::Decl(x.clone(), e));
                return Exp::Id(x);
            }
        }
        if is_atom(&e) {
            return e;
        }
        let Some(ty) = self.type_of(scope, &e) else {
            return e;
        };
        let what = crate::print::exp(&e);
        let e = self.operands(scope, e, out);
        let construct = self.construct(&e);
        let x = self.fresh_name();
        out.push(Stmt::Decl(x.clone(), e));
        if is_traced(&ty) {
            out.extend(self.point(&ty, &x, what, construct));
        }
        Exp::Id(x)
    }

    /// The type of the variable `x` assigned to: a local's, or a global's
    /// where no local hides it.
    fn var_type(&self, scope: &Scope, x: &str) -> Option<Ty> {
        match scope.get(x) {
            Some(t) => t.clone(),
            None => self.globals.get(x).cloned(),
        }
    }

    fn fresh_name(&mut self) -> String {
        self.fresh += 1;
        format!("{NAME}_t{}", self.fresh)
    }

    /// The statements that print local `x` of type `ty` as a new point.
    fn point(&mut self, ty: &Ty, x: &str, what: String, construct: String) -> Vec<Stmt> {
        if !self.print {
            return vec![];
        }
        let n = self.points.len();
        self.points.push(Point {
            function: self.function.clone(),
            what,
            construct,
        });
        let print = |f: &str, e: Exp| Stmt::SCall(Exp::Id(f.into()), vec![e]);
        let text = |t: &str| print("print_string", Exp::Str(t.as_bytes().to_vec()));
        let x = || Exp::Id(x.into());
        let value = match ty {
            Ty::Bool => vec![print("print_bool", x())],
            Ty::Int => vec![print("print_int", x())],
            // A string is printed after its length, so that any byte may
            // be in it: `s5:hello`.
            _ => vec![
                text("s"),
                print(
                    "print_int",
                    Exp::Call(Box::new(Exp::Id("length_of_string".into())), vec![x()]),
                ),
                text(":"),
                print("print_string", x()),
            ],
        };
        let mut out = vec![text(&format!("{MARK}{n} "))];
        out.extend(value);
        out.push(text(END));
        out
    }

    /// The construct that computes `e` (after its operands were hoisted).
    fn construct(&self, e: &Exp) -> String {
        match e {
            Exp::Bop(b, ..) => Feature::Binop(*b).name(),
            Exp::Uop(u, _) if !is_literal(e) => Feature::Unop(*u).name(),
            Exp::Call(f, _) => match &**f {
                Exp::Id(n) if !self.funs.contains_key(n) && builtin_type(n).is_some() => {
                    format!("`{n}`")
                }
                _ => Feature::CallHelper.name(),
            },
            Exp::Index(..) => Feature::Index.name(),
            Exp::Length(_) => Feature::Length.name(),
            Exp::Proj(..) => Feature::Proj.name(),
            _ => Feature::Assign.name(),
        }
    }

    /// The type of `e` where the syntax makes it certain.
    fn type_of(&self, scope: &Scope, e: &Exp) -> Option<Ty> {
        Some(match e {
            Exp::Int(_) => Ty::Int,
            Exp::Bool(_) => Ty::Bool,
            Exp::Str(_) => Ty::string(),
            Exp::Null(r) => Ty::NullRef(r.clone()),
            Exp::Id(x) => match scope.get(x) {
                Some(t) => t.clone()?,
                None => match self.globals.get(x) {
                    Some(t) => t.clone(),
                    None => {
                        let (ret, args) = self.funs.get(x)?;
                        Ty::Ref(RefTy::Fun(args.clone(), ret.clone()))
                    }
                },
            },
            Exp::CArr(t, _) | Exp::NewArr(t, _) | Exp::NewArrInit(t, ..) => Ty::array(t.clone()),
            Exp::Index(a, _) => match self.type_of(scope, a)? {
                Ty::Ref(RefTy::Array(t)) => *t,
                _ => return None,
            },
            Exp::Length(_) => Ty::Int,
            Exp::CStruct(s, _) => Ty::Ref(RefTy::Struct(s.clone())),
            Exp::Proj(s, f) => match self.type_of(scope, s)? {
                Ty::Ref(RefTy::Struct(s)) => {
                    let fields = self.structs.get(&s)?;
                    fields.iter().find(|(n, _)| n == f)?.1.clone()
                }
                _ => return None,
            },
            Exp::Call(f, _) => {
                let ret = match &**f {
                    Exp::Id(n) if !scope.contains_key(n) && !self.globals.contains_key(n) => {
                        match self.funs.get(n) {
                            Some((ret, _)) => ret.clone(),
                            None => builtin_type(n)?,
                        }
                    }
                    other => match self.type_of(scope, other)? {
                        Ty::Ref(RefTy::Fun(_, ret)) => ret,
                        _ => return None,
                    },
                };
                match ret {
                    RetTy::Val(t) => *t,
                    RetTy::Void => return None,
                }
            }
            Exp::Bop(b, ..) => match b {
                Binop::Add
                | Binop::Sub
                | Binop::Mul
                | Binop::IAnd
                | Binop::IOr
                | Binop::Shl
                | Binop::Shr
                | Binop::Sar => Ty::Int,
                _ => Ty::Bool,
            },
            Exp::Uop(u, _) => match u {
                Unop::Neg | Unop::Bitnot => Ty::Int,
                Unop::Lognot => Ty::Bool,
            },
        })
    }
}

/// The return type of a runtime builtin (the ones every course runtime
/// has).
fn builtin_type(name: &str) -> Option<RetTy> {
    let val = |t: Ty| RetTy::Val(Box::new(t));
    Some(match name {
        "length_of_string" => val(Ty::Int),
        "string_of_int" | "string_cat" | "string_of_array" => val(Ty::string()),
        "array_of_string" => val(Ty::array(Ty::Int)),
        "print_string" | "print_int" | "print_bool" => RetTy::Void,
        _ => return None,
    })
}

/// True for the types whose values are traced: `int`, `bool`, `string`.
fn is_traced(t: &Ty) -> bool {
    matches!(t, Ty::Int | Ty::Bool | Ty::Ref(RefTy::String))
}

/// True for an expression whose value no call can change: locals,
/// literals and operators on them (a call changes globals and heap
/// contents, never a caller's local).
fn is_stable(scope: &Scope, e: &Exp) -> bool {
    match e {
        // The rewrite's own locals start with NAME, which no program uses.
        Exp::Id(x) => scope.contains_key(x) || x.starts_with(NAME),
        Exp::Int(_) | Exp::Bool(_) | Exp::Str(_) | Exp::Null(_) => true,
        Exp::Uop(_, x) => is_stable(scope, x),
        Exp::Bop(_, l, r) => is_stable(scope, l) && is_stable(scope, r),
        _ => false,
    }
}

/// `a[i]` or `s.f` where `a`, `s` are locals and `i` is stable
/// ([`is_stable`]): the same place whether a call runs before or after it
/// is evaluated.
fn is_local_place(scope: &Scope, e: &Exp) -> bool {
    match e {
        Exp::Index(a, i) => {
            matches!(&**a, Exp::Id(x) if scope.contains_key(x)) && is_stable(scope, i)
        }
        Exp::Proj(s, _) => matches!(&**s, Exp::Id(x) if scope.contains_key(x)),
        _ => false,
    }
}

/// A literal: `5`, `-5` (`Uop(Neg, Int(5))`), `true`.
fn is_literal(e: &Exp) -> bool {
    match e {
        Exp::Int(_) | Exp::Bool(_) => true,
        Exp::Uop(Unop::Neg, x) => matches!(**x, Exp::Int(_)),
        _ => false,
    }
}

/// A name or a literal: nothing to hoist.
fn is_atom(e: &Exp) -> bool {
    is_literal(e) || matches!(e, Exp::Id(_) | Exp::Str(_) | Exp::Null(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{run, Limits, Outcome};
    use crate::OatVersion;

    fn parse(text: &str) -> crate::ast::Program {
        crate::parse::program(text).expect("parses")
    }

    fn stdout(o: &Outcome) -> Vec<u8> {
        match o {
            Outcome::Returned { stdout, .. } => stdout.clone(),
            other => panic!("not returned: {other:?}"),
        }
    }

    const PROGRAM: &str = "int f(int n) { return n * 2 + 1; }\n\
        int program(int argc, string[] argv) {\n\
          var x = (~0) >> 1;\n\
          var b = x > 3 & argc < 5;\n\
          print_string(\"out\");\n\
          print_int(x >>> 60);\n\
          x = f(x [&] 7);\n\
          return x;\n\
        }\n";

    #[test]
    fn every_int_and_bool_value_is_printed_between_marks() {
        let p = parse(PROGRAM);
        let (t, points) = traced(&p).expect("traced");
        let out = stdout(&run(&t, OatVersion::V2, &Limits::default()));
        let trace = lines(&out);
        // By hand: argc is 1 (the program's name only); ~0 = -1; -1 >> 1 (logical) = 2^63 - 1; x > 3 is true,
        // argc (1) < 5 is true, their & true; (2^63 - 1) >>> 60 = 7; x [&] 7 = 7; f(7) = 15.
        let want: Vec<(&str, &str)> = vec![
            ("parameter argc", "1"),
            ("~0", "-1"),
            ("var x = (~0) >> 1;", "9223372036854775807"),
            ("x > 3", "true"),
            ("argc < 5", "true"),
            ("var b = (x > 3) & (argc < 5);", "true"),
            ("x >>> 60", "7"),
            ("x [&] 7", "7"),
            ("parameter n", "7"),
            ("n * 2", "14"),
            ("return (n * 2) + 1;", "15"),
            ("f(x [&] 7)", "15"),
            ("x = f(x [&] 7);", "15"),
            ("return x;", "15"),
        ];
        let got: Vec<(&str, &str)> = trace
            .iter()
            .map(|(n, v)| (points[*n].what.as_str(), v.as_str()))
            .collect();
        assert_eq!(got.len(), want.len(), "{got:?}");
        for ((gw, gv), (ww, wv)) in got.iter().zip(&want) {
            assert_eq!(gv, wv, "{gw}");
            assert!(
                gw.replace(['(', ')'], "") == ww.replace(['(', ')'], ""),
                "{gw} vs {ww}"
            );
        }
        // The program's own output is still there, between the marks.
        assert!(String::from_utf8_lossy(&out).contains("out"));
    }

    #[test]
    fn the_traced_variant_means_what_the_program_means() {
        let p = parse(PROGRAM);
        let (t, _) = traced(&p).expect("traced");
        let (a, b) = (
            run(&p, OatVersion::V2, &Limits::default()),
            run(&t, OatVersion::V2, &Limits::default()),
        );
        let strip = |o: &[u8]| {
            let s = String::from_utf8_lossy(o).into_owned();
            let mut keep = String::new();
            for (i, piece) in s.split(MARK).enumerate() {
                keep.push_str(if i == 0 {
                    piece
                } else {
                    piece.split_once(END).map_or("", |(_, r)| r)
                });
            }
            keep
        };
        assert_eq!(strip(&stdout(&a)), strip(&stdout(&b)));
        assert!(matches!(
            (&a, &b),
            (Outcome::Returned { value: x, .. }, Outcome::Returned { value: y, .. }) if x == y
        ));
    }

    /// The marks taken out of `o`, the rest kept.
    fn without_marks(o: &[u8]) -> Vec<u8> {
        let mut keep = o.to_vec();
        while let Some(k) = find(&keep, MARK.as_bytes(), 0) {
            let rest = &keep[k..];
            let parsed = lines(rest);
            assert!(!parsed.is_empty(), "a mark that does not parse");
            // The mark's length: up to and with its closing `#`.
            let (n, v) = &parsed[0];
            let len = match v.strip_prefix('"') {
                Some(_) => {
                    let head = format!("{MARK}{n} s");
                    let (l, _) = number(rest, head.len(), b':').expect("a length");
                    head.len() + l.to_string().len() + 1 + l as usize + 1
                }
                None => format!("{MARK}{n} {v}#").len(),
            };
            keep.drain(k..k + len);
        }
        keep
    }

    /// On generated programs of both versions, the traced variant prints
    /// the program's own output between its marks and returns the same.
    #[test]
    fn the_traced_variant_of_a_generated_program_means_the_same() {
        let mut points = 0;
        for version in [OatVersion::V1, OatVersion::V2] {
            for seed in 1..=40 {
                let p = crate::gen::from_seed(seed, 40, version);
                let (t, ps) = traced(&p).expect("traced");
                points += ps.len();
                let (a, b) = (
                    run(&p, version, &Limits::default()),
                    run(&t, version, &Limits::default()),
                );
                match (&a, &b) {
                    (
                        Outcome::Returned {
                            value: x,
                            stdout: s,
                        },
                        Outcome::Returned {
                            value: y,
                            stdout: u,
                        },
                    ) => {
                        assert_eq!(x, y, "seed {seed} {version:?}");
                        assert_eq!(s, &without_marks(u), "seed {seed} {version:?}");
                        assert!(lines(u).iter().all(|(n, _)| *n < ps.len()));
                        for order in Order::ALL.into_iter().filter(|_| seed <= 10) {
                            let q = sequenced(&p, order).expect("sequenced");
                            let c = run(&q, version, &Limits::default());
                            assert_eq!(c, a, "seed {seed} {version:?} {order:?}");
                        }
                    }
                    _ => panic!("seed {seed} {version:?}: {a:?} / {b:?}"),
                }
            }
        }
        assert!(points > 400, "only {points} points in 80 programs");
    }

    #[test]
    fn points_name_the_construct_that_computes_the_value() {
        let p = parse(PROGRAM);
        let (_, points) = traced(&p).expect("traced");
        let c: Vec<&str> = points.iter().map(|p| p.construct.as_str()).collect();
        assert!(c.contains(&"`>>`"), "{c:?}");
        assert!(c.contains(&"`~`"), "{c:?}");
        assert!(c.contains(&"call"), "{c:?}");
        assert!(c.contains(&"parameter"), "{c:?}");
    }

    #[test]
    fn strings_are_printed_after_their_length_so_any_byte_may_be_in_them() {
        let p = parse(
            "global g = 0;\n\
             int program(int argc, string[] argv) {\n\
               var s = string_cat(\"a#\", string_of_int(argc + 2));\n\
               g = length_of_string(s) * 2;\n\
               return g;\n\
             }\n",
        );
        let (t, points) = traced(&p).expect("traced");
        let out = stdout(&run(&t, OatVersion::V2, &Limits::default()));
        let trace = lines(&out);
        let got: Vec<(&str, &str)> = trace
            .iter()
            .map(|(n, v)| (points[*n].construct.as_str(), v.as_str()))
            .collect();
        // By hand: argc 1; 1 + 2 = 3; "a#" ^ "3" = "a#3", 3 bytes; the
        // global g = 3 * 2 = 6.
        assert_eq!(
            got,
            vec![
                ("parameter", "1"),
                ("`+`", "3"),
                ("`string_of_int`", "\"3\""),
                ("`string_cat`", "\"a#3\""),
                ("`length_of_string`", "3"),
                ("`*`", "6"),
                // The global's value after `g = ...`, then `return g;`.
                ("assignment", "6"),
                ("assignment", "6"),
            ]
        );
    }

    /// A front end that evaluates one kind of operands in another order
    /// (a planted bug of the evaluator) compiles the program sequenced for
    /// that kind right, and only that one.
    #[test]
    fn a_program_sequenced_for_the_wrong_order_is_right_under_that_bug() {
        use crate::eval::{run_mutated, Mutant};
        let p = parse(
            "int f(string s, int n) { print_string(s); return n; }\n\
             bool b(string s, bool v) { print_string(s); return v; }\n\
             int sub(int x, int y) { return x - y; }\n\
             int program(int argc, string[] argv) {\n\
               print_int(f(\"a\", 1) + f(\"b\", 2));\n\
               print_bool(b(\"c\", false) & b(\"d\", true));\n\
               return sub(f(\"e\", 3), f(\"g\", 1));\n\
             }\n",
        );
        let out = |q: &crate::ast::Program, m: Option<Mutant>| {
            stdout(&run_mutated(q, OatVersion::V2, &Limits::default(), &[], m))
        };
        // By hand, left to right: a b 3, c d false, e g; returns 2.
        assert_eq!(out(&p, None), b"ab3cdfalseeg".to_vec());
        for (bug, order) in [
            (Mutant::ArgsRightToLeft, Order::CallArguments),
            (Mutant::ShortCircuit, Order::BoolOperands),
        ] {
            assert_ne!(out(&p, Some(bug)), out(&p, None), "{bug:?} shows");
            let q = sequenced(&p, order).expect("sequenced");
            assert_eq!(out(&q, None), out(&p, None), "{order:?} keeps the meaning");
            assert_eq!(out(&q, Some(bug)), out(&p, None), "{order:?} hides {bug:?}");
            for other in Order::ALL.into_iter().filter(|o| *o != order) {
                let r = sequenced(&p, other).expect("sequenced");
                assert_ne!(out(&r, Some(bug)), out(&p, None), "{other:?} hides {bug:?}");
            }
        }
    }

    #[test]
    fn a_program_that_uses_the_name_is_not_traced() {
        let p = parse("int program(int argc, string[] argv) { var lltrace = 1; return 0; }");
        assert!(traced(&p).is_err());
    }
}

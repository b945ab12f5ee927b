//! Which Oat constructs a program uses, read off its syntax: the histogram
//! (`lloracle gen --lang oat --histogram`) that shows the generator reaches
//! every construct it is meant to cover.

use crate::ast::*;
use crate::OatVersion;
use std::collections::{BTreeMap, BTreeSet};

/// One construct a program can contain.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Feature {
    /// A binary operator.
    Binop(Binop),
    /// A unary operator.
    Unop(Unop),
    /// A call of the named runtime builtin (`print_int`, `string_cat`, ..).
    Builtin(&'static str),
    /// A call of a program's own function returning a value.
    CallHelper,
    /// A call statement of a program's own `void` function.
    VoidCall,
    /// A call through a function value (not a function's name).
    CallFunValue,
    /// A function that calls itself (its recursion bounded by a
    /// parameter, docs/oat.md).
    Recursion,
    /// Functions that call each other in a cycle (`f` calls `g`, `g`
    /// calls `f`, directly or through others).
    MutualRecursion,
    /// A global initialised with an integer, bool, string, array, struct,
    /// `null` or function name (by kind).
    Global(&'static str),
    /// A local declaration named like a global (it shadows it).
    ShadowGlobal,
    /// `new T[]{..}`.
    ArrayLiteral,
    /// `new T[n]` (filled by a loop).
    NewArr,
    /// `new T[n]{i -> e}`.
    NewArrInit,
    /// `a[i]` read.
    Index,
    /// `a[i] = e`.
    IndexAssign,
    /// `length(a)`.
    Length,
    /// A struct declaration.
    Struct,
    /// `new S {..}` with fields not in declaration order.
    StructFieldsReordered,
    /// `s.f` read.
    Proj,
    /// `s.f = e`.
    FieldAssign,
    /// A nullable type `R?` written somewhere.
    Nullable,
    /// `R null`.
    Null,
    /// `if? (R x = e)`.
    IfNull,
    /// `if` without / with `else`.
    If,
    /// `if .. else ..`.
    IfElse,
    /// `for` with one declaration.
    For,
    /// `for` with several declarations.
    ForDecls,
    /// `while`.
    While,
    /// A return that is not a function's last statement.
    EarlyReturn,
    /// A string literal with an escape (`\n`, `\t`, `\"`, `\\`).
    StringEscape,
    /// A string literal with `\"` or `\\` (which an unescaping printer
    /// breaks; `\n` and `\t` it writes as raw bytes LLVM reads).
    StringQuoteEscape,
    /// A variable assignment.
    Assign,
}

const BUILTINS: [&str; 8] = [
    "print_int",
    "print_bool",
    "print_string",
    "string_of_int",
    "string_cat",
    "length_of_string",
    "array_of_string",
    "string_of_array",
];

impl Feature {
    /// The construct in the words of Oat's syntax (`+`, `print_int`,
    /// `new T[n]{i -> e}`), for reports that name what a program uses.
    pub fn name(&self) -> String {
        let unop = |u: &Unop| match u {
            Unop::Neg => "unary -",
            Unop::Lognot => "!",
            Unop::Bitnot => "~",
        };
        match self {
            Feature::Binop(b) => format!("`{}`", b.token()),
            Feature::Unop(u) => format!("`{}`", unop(u)),
            Feature::Builtin(n) => format!("`{n}`"),
            Feature::Global(k) => format!("global {k}"),
            other => match other {
                Feature::CallHelper => "call",
                Feature::VoidCall => "void call",
                Feature::CallFunValue => "call through a function value",
                Feature::Recursion => "recursive call",
                Feature::MutualRecursion => "mutual recursion",
                Feature::ShadowGlobal => "local shadowing a global",
                Feature::ArrayLiteral => "`new T[]{..}`",
                Feature::NewArr => "`new T[n]`",
                Feature::NewArrInit => "`new T[n]{i -> e}`",
                Feature::Index => "`a[i]`",
                Feature::IndexAssign => "`a[i] = e`",
                Feature::Length => "`length`",
                Feature::Struct => "struct",
                Feature::StructFieldsReordered => "struct literal out of field order",
                Feature::Proj => "`s.f`",
                Feature::FieldAssign => "`s.f = e`",
                Feature::Nullable => "`R?`",
                Feature::Null => "`null`",
                Feature::IfNull => "`if?`",
                Feature::If => "`if`",
                Feature::IfElse => "`if .. else`",
                Feature::For => "`for`",
                Feature::ForDecls => "`for` with several declarations",
                Feature::While => "`while`",
                Feature::EarlyReturn => "early `return`",
                Feature::StringEscape => "string escape",
                Feature::StringQuoteEscape => "string escape `\\\"` or `\\\\`",
                Feature::Assign => "assignment",
                Feature::Binop(_) | Feature::Unop(_) | Feature::Builtin(_) | Feature::Global(_) => {
                    ""
                }
            }
            .to_string(),
        }
    }

    /// Every feature the generator makes for `version`.
    pub fn all(version: OatVersion) -> Vec<Feature> {
        let mut fs: Vec<Feature> = Binop::ALL.iter().map(|&b| Feature::Binop(b)).collect();
        fs.extend([Unop::Neg, Unop::Lognot, Unop::Bitnot].map(Feature::Unop));
        fs.extend(BUILTINS.map(Feature::Builtin));
        fs.extend(["int", "bool", "string", "array"].map(Feature::Global));
        fs.extend([
            Feature::CallHelper,
            Feature::VoidCall,
            Feature::Recursion,
            Feature::MutualRecursion,
            Feature::ShadowGlobal,
            Feature::ArrayLiteral,
            Feature::NewArr,
            Feature::Index,
            Feature::IndexAssign,
            Feature::If,
            Feature::IfElse,
            Feature::For,
            Feature::ForDecls,
            Feature::While,
            Feature::EarlyReturn,
            Feature::StringEscape,
            Feature::StringQuoteEscape,
            Feature::Assign,
        ]);
        if version == OatVersion::V2 {
            fs.extend(["struct", "null", "function"].map(Feature::Global));
            fs.extend([
                Feature::CallFunValue,
                Feature::NewArrInit,
                Feature::Length,
                Feature::Struct,
                Feature::StructFieldsReordered,
                Feature::Proj,
                Feature::FieldAssign,
                Feature::Nullable,
                Feature::Null,
                Feature::IfNull,
            ]);
        }
        fs
    }
}

struct Scan<'p> {
    found: BTreeSet<Feature>,
    globals: BTreeSet<&'p str>,
    funs: BTreeMap<&'p str, &'p Fdecl>,
    structs: BTreeMap<&'p str, &'p [Field]>,
    /// The function whose body is being scanned.
    current: &'p str,
    /// Calls by name between the program's functions (caller, callee).
    calls: BTreeSet<(&'p str, &'p str)>,
}

/// The features `p` contains.
pub fn features(p: &Program) -> BTreeSet<Feature> {
    let mut s = Scan {
        found: BTreeSet::new(),
        globals: BTreeSet::new(),
        funs: BTreeMap::new(),
        structs: BTreeMap::new(),
        current: "",
        calls: BTreeSet::new(),
    };
    for d in &p.decls {
        match d {
            Decl::Global(x, e) => {
                s.globals.insert(x);
                let kind = match e {
                    Exp::Int(_) => "int",
                    Exp::Bool(_) => "bool",
                    Exp::Str(_) => "string",
                    Exp::CArr(..) => "array",
                    Exp::CStruct(..) => "struct",
                    Exp::Null(_) => "null",
                    _ => "function",
                };
                s.found.insert(Feature::Global(kind));
            }
            Decl::Fun(f) => {
                s.funs.insert(&f.name, f);
            }
            Decl::Struct(n, fs) => {
                s.structs.insert(n, fs);
                s.found.insert(Feature::Struct);
                fs.iter().for_each(|f| s.ty(&f.ty));
            }
        }
    }
    for d in &p.decls {
        match d {
            Decl::Global(_, e) => s.exp(e),
            Decl::Fun(f) => {
                s.current = &f.name;
                f.args.iter().for_each(|(t, _)| s.ty(t));
                s.block(&f.body, true);
            }
            Decl::Struct(..) => {}
        }
    }
    if s.calls
        .iter()
        .any(|&(f, g)| f != g && reaches(&s.calls, g, f))
    {
        s.found.insert(Feature::MutualRecursion);
    }
    s.found
}

/// Whether a chain of `calls` leads from `from` to `to`.
fn reaches(calls: &BTreeSet<(&str, &str)>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(f) = todo.pop() {
        if f == to {
            return true;
        }
        for &(_, g) in calls.iter().filter(|(c, _)| *c == f) {
            if seen.insert(g) {
                todo.push(g);
            }
        }
    }
    false
}

/// For each feature of [`Feature::all`]`(version)` (and any other found),
/// how many of `progs` contain it.
pub fn histogram<P: std::borrow::Borrow<Program>>(
    progs: impl IntoIterator<Item = P>,
    version: OatVersion,
) -> BTreeMap<Feature, usize> {
    let mut h: BTreeMap<Feature, usize> =
        Feature::all(version).into_iter().map(|f| (f, 0)).collect();
    for p in progs {
        for f in features(p.borrow()) {
            *h.entry(f).or_insert(0) += 1;
        }
    }
    h
}

impl<'p> Scan<'p> {
    fn ty(&mut self, t: &Ty) {
        match t {
            Ty::NullRef(_) => {
                self.found.insert(Feature::Nullable);
            }
            Ty::Ref(RefTy::Array(t)) => self.ty(t),
            _ => {}
        }
    }

    fn block(&mut self, b: &'p Block, fun_body: bool) {
        for (k, st) in b.iter().enumerate() {
            let last = fun_body && k + 1 == b.len();
            if !last {
                self.stmt(st);
            } else if let Stmt::Ret(Some(e)) = st {
                self.exp(e);
            }
        }
    }

    fn stmt(&mut self, st: &'p Stmt) {
        match st {
            Stmt::Assn(l, r) => {
                let f = match l {
                    Exp::Index(a, i) => {
                        self.exp(a);
                        self.exp(i);
                        Feature::IndexAssign
                    }
                    Exp::Proj(s, _) => {
                        self.exp(s);
                        Feature::FieldAssign
                    }
                    _ => Feature::Assign,
                };
                self.found.insert(f);
                self.exp(r);
            }
            Stmt::Decl(x, e) => {
                if self.globals.contains(x.as_str()) {
                    self.found.insert(Feature::ShadowGlobal);
                }
                self.exp(e);
            }
            Stmt::Ret(e) => {
                self.found.insert(Feature::EarlyReturn);
                if let Some(e) = e {
                    self.exp(e);
                }
            }
            Stmt::SCall(f, args) => {
                self.call(f, args, true);
            }
            Stmt::If(c, t, e) => {
                self.found.insert(if e.is_empty() {
                    Feature::If
                } else {
                    Feature::IfElse
                });
                self.exp(c);
                self.block(t, false);
                self.block(e, false);
            }
            Stmt::Cast(_, _, v, t, e) => {
                self.found.insert(Feature::IfNull);
                self.exp(v);
                self.block(t, false);
                self.block(e, false);
            }
            Stmt::For(ds, c, step, b) => {
                self.found.insert(if ds.len() > 1 {
                    Feature::ForDecls
                } else {
                    Feature::For
                });
                ds.iter().for_each(|(_, e)| self.exp(e));
                if let Some(c) = c {
                    self.exp(c);
                }
                if let Some(s) = step {
                    self.stmt(s);
                }
                self.block(b, false);
            }
            Stmt::While(c, b) => {
                self.found.insert(Feature::While);
                self.exp(c);
                self.block(b, false);
            }
        }
    }

    fn call(&mut self, f: &'p Exp, args: &'p [Exp], statement: bool) {
        let feature = match f {
            Exp::Id(x) if BUILTINS.contains(&x.as_str()) => Feature::Builtin(
                BUILTINS
                    .iter()
                    .copied()
                    .find(|b| b == x)
                    .unwrap_or_default(),
            ),
            Exp::Id(x)
                if self.funs.contains_key(x.as_str()) && !self.globals.contains(x.as_str()) =>
            {
                if statement {
                    Feature::VoidCall
                } else {
                    Feature::CallHelper
                }
            }
            _ => Feature::CallFunValue,
        };
        if let (Feature::CallHelper | Feature::VoidCall, Exp::Id(x)) = (&feature, f) {
            if x == self.current {
                self.found.insert(Feature::Recursion);
            }
            self.calls.insert((self.current, x));
        }
        self.found.insert(feature);
        self.exp(f);
        args.iter().for_each(|a| self.exp(a));
    }

    fn exp(&mut self, e: &'p Exp) {
        match e {
            Exp::Null(_) => {
                self.found.insert(Feature::Null);
            }
            Exp::Str(s) => {
                if s.iter().any(|b| matches!(b, b'\n' | b'\t' | b'"' | b'\\')) {
                    self.found.insert(Feature::StringEscape);
                }
                if s.iter().any(|b| matches!(b, b'"' | b'\\')) {
                    self.found.insert(Feature::StringQuoteEscape);
                }
            }
            Exp::Bool(_) | Exp::Int(_) | Exp::Id(_) => {}
            Exp::CArr(t, es) => {
                self.found.insert(Feature::ArrayLiteral);
                self.ty(t);
                es.iter().for_each(|e| self.exp(e));
            }
            Exp::NewArr(t, n) => {
                self.found.insert(Feature::NewArr);
                self.ty(t);
                self.exp(n);
            }
            Exp::NewArrInit(t, n, _, e) => {
                self.found.insert(Feature::NewArrInit);
                self.ty(t);
                self.exp(n);
                self.exp(e);
            }
            Exp::Index(a, i) => {
                self.found.insert(Feature::Index);
                self.exp(a);
                self.exp(i);
            }
            Exp::Length(a) => {
                self.found.insert(Feature::Length);
                self.exp(a);
            }
            Exp::CStruct(s, fs) => {
                let declared: Vec<&str> = self
                    .structs
                    .get(s.as_str())
                    .map(|d| d.iter().map(|f| f.name.as_str()).collect())
                    .unwrap_or_default();
                let written: Vec<&str> = fs.iter().map(|(f, _)| f.as_str()).collect();
                if written != declared {
                    self.found.insert(Feature::StructFieldsReordered);
                }
                fs.iter().for_each(|(_, e)| self.exp(e));
            }
            Exp::Proj(s, _) => {
                self.found.insert(Feature::Proj);
                self.exp(s);
            }
            Exp::Call(f, args) => self.call(f, args, false),
            Exp::Bop(op, l, r) => {
                self.found.insert(Feature::Binop(*op));
                self.exp(l);
                self.exp(r);
            }
            Exp::Uop(op, x) => {
                self.found.insert(Feature::Unop(*op));
                self.exp(x);
            }
        }
    }
}

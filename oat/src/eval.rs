//! The evaluator: what a program prints and returns, as the Oat language
//! definition (the handouts' `oat.pdf` rules, their reference front end)
//! and the course runtime (`runtime.c`) say.
//!
//! Rules where the specification is vague (docs/oat.md lists them):
//! - evaluation is left to right everywhere (operands, array and struct
//!   literal elements in written order; an assignment evaluates its left
//!   side (array, index, bounds check, struct) before its right side),
//!   except a call's arguments, whose order the language leaves open: a
//!   run takes one [`ArgOrder`] (after the function either way), and
//!   [`outcomes`] gives a program's outcome in every allowed order;
//! - `&` and `|` evaluate both operands (they are not short-circuit);
//! - arithmetic wraps at 64 bits; a shift by less than 0 or more than 63 is
//!   undefined (LLVM gives poison);
//! - `new T[n]` gives zero-initialised arrays (the handouts' `ast.ml`:
//!   `NewArr ... (* zero-initialized arrays *)`): `0` for `int`, `false`
//!   for `bool`, `null` for a nullable `R?`; for a non-null reference
//!   type (which only Oat v1's checker accepts) the zero is a null
//!   reference, and reading it before writing it is undefined;
//! - `==` on strings compares addresses, which depend on how the compiler
//!   places literals: undefined here; on arrays, structs and functions it
//!   is identity, on `null` equality with `null`;
//! - an index out of bounds is undefined in Oat v1 and stops the program
//!   ([`Outcome::Trap`], the runtime's `exit(1)`) in Oat v2; a negative
//!   array size or a zero character in `string_of_array` fails the
//!   runtime's `assert` ([`Outcome::Trap`]);
//! - `program` is called with `argc` 1 and `argv` `{"program"}`; the exit
//!   status is its result modulo 256.
//!
//! Fuel and call depth are bounded ([`Limits`]); a program that is not
//! well typed gives [`Outcome::Malformed`]. Nothing panics.

use crate::ast::*;
use crate::order::{ArgOrder, ArgOrders};
use crate::OatVersion;
use std::collections::HashMap;
use std::rc::Rc;

/// Bounds on one evaluation.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most expression and statement steps.
    pub fuel: u64,
    /// Deepest call nesting.
    pub max_depth: usize,
    /// Most bytes of strings and arrays allocated (16 bytes an element).
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            fuel: 50_000_000,
            max_depth: 300,
            max_bytes: 1 << 28,
        }
    }
}

/// How a run ends. Every variant carries what was printed up to then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `program` returned `value`: the exit status is `value mod 256`.
    Returned {
        /// Standard output.
        stdout: Vec<u8>,
        /// `program`'s result.
        value: i64,
    },
    /// The course runtime stops the program (an Oat v2 bounds check, an
    /// `assert` of `runtime.c`).
    Trap {
        /// Standard output.
        stdout: Vec<u8>,
        /// What stopped it.
        message: String,
    },
    /// The program's meaning is not defined from here on.
    Undefined {
        /// Standard output before the undefined step.
        stdout: Vec<u8>,
        /// Which rule it breaks.
        reason: String,
    },
    /// The evaluator's fuel or depth limit was reached.
    Limit {
        /// Standard output so far.
        stdout: Vec<u8>,
        /// Which limit.
        what: String,
    },
    /// The program is not well typed or has no `program` function.
    Malformed(String),
}

impl Outcome {
    /// What kind of end this is, as `lloracle run --json` names it:
    /// `returned`, `trapped`, `undefined`, `limit` or `malformed`.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Returned { .. } => "returned",
            Outcome::Trap { .. } => "trapped",
            Outcome::Undefined { .. } => "undefined",
            Outcome::Limit { .. } => "limit",
            Outcome::Malformed(_) => "malformed",
        }
    }

    /// The exit code of `lloracle run` on an Oat program, the same
    /// contract as for LLVMlite: the program's status when it returned,
    /// 1 when the course runtime stopped it (as the compiled program exits),
    /// 3 when its meaning is undefined, 4 for a limit, 2 when it is
    /// ill-formed.
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Returned { value, .. } => *value as u8,
            Outcome::Trap { .. } => 1,
            Outcome::Undefined { .. } => 3,
            Outcome::Limit { .. } => 4,
            Outcome::Malformed(_) => 2,
        }
    }

    /// Why it did not return: the trap's message, the undefined rule, the
    /// limit, or what is ill-formed; `None` when it returned.
    pub fn message(&self) -> Option<&str> {
        match self {
            Outcome::Returned { .. } => None,
            Outcome::Trap { message: m, .. }
            | Outcome::Undefined { reason: m, .. }
            | Outcome::Limit { what: m, .. }
            | Outcome::Malformed(m) => Some(m),
        }
    }

    /// The exit status when the program returned (`value mod 256`).
    pub fn status(&self) -> Option<u8> {
        match self {
            Outcome::Returned { value, .. } => Some(*value as u8),
            _ => None,
        }
    }

    /// What a course harness compares when the program returned: what it
    /// printed, then its exit status in decimal (`None` otherwise).
    pub fn course_output(&self) -> Option<Vec<u8>> {
        let Outcome::Returned { stdout, value } = self else {
            return None;
        };
        let mut out = stdout.clone();
        out.extend_from_slice((*value as u8).to_string().as_bytes());
        Some(out)
    }

    /// What was printed.
    pub fn stdout(&self) -> &[u8] {
        match self {
            Outcome::Returned { stdout, .. }
            | Outcome::Trap { stdout, .. }
            | Outcome::Undefined { stdout, .. }
            | Outcome::Limit { stdout, .. } => stdout,
            Outcome::Malformed(_) => &[],
        }
    }
}

/// A value.
#[derive(Clone, Debug, PartialEq)]
enum V {
    Int(i64),
    Bool(bool),
    Null,
    Str(Rc<[u8]>),
    Arr(usize),
    Struct(usize),
    Fun(Rc<str>),
    /// An element of `new T[n]` of a non-null reference type not yet
    /// written (a null reference), or a struct field before its
    /// initialiser ran.
    Uninit,
}

enum Obj {
    Arr(Vec<V>),
    Struct(Vec<(String, V)>),
}

enum Stop {
    Trap(String),
    Undefined(String),
    Limit(String),
    Malformed(String),
}

type R<T> = Result<T, Stop>;

fn malformed<T>(m: impl Into<String>) -> R<T> {
    Err(Stop::Malformed(m.into()))
}

/// The names of the runtime's builtin functions.
pub const BUILTIN_NAMES: [&str; 8] = [
    "array_of_string",
    "string_of_array",
    "length_of_string",
    "string_of_int",
    "string_cat",
    "print_string",
    "print_int",
    "print_bool",
];

/// A deliberate front-end bug the evaluator can plant (the front ends'
/// typical bug classes), so that a fake front end built on the evaluator
/// (tests/fixtures/frontend/fold.sh) compiles programs as a buggy student
/// front end would: the harness's own check that random programs catch and
/// reduce each class (docs/oat.md, "Planted bugs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutant {
    /// A call's arguments are evaluated right to left: a bug only where
    /// the course fixes left to right (the language leaves the order
    /// open, [`ArgOrders`]).
    ArgsRightToLeft,
    /// `&` and `|` on `bool` short-circuit (the right operand's side
    /// effects are lost when the left one decides).
    ShortCircuit,
    /// A struct literal's fields are evaluated in declaration order, not as
    /// written.
    StructDeclOrder,
    /// `new T[n]{i -> e}` binds `i` from 1 instead of 0.
    InitIndexFromOne,
    /// `>>` is arithmetic, as `>>>`.
    ShrAsSar,
    /// `string_cat(a, b)` gives `b` then `a`.
    StringCatSwapped,
    /// `x = e;` where a local `x` hides a global `x` writes the global (the
    /// assignment's place looked up among the globals first): a scoping
    /// bug of shadowed names.
    ShadowAssignsGlobal,
}

impl Mutant {
    /// Every planted bug.
    pub const ALL: [Mutant; 7] = [
        Mutant::ArgsRightToLeft,
        Mutant::ShortCircuit,
        Mutant::StructDeclOrder,
        Mutant::InitIndexFromOne,
        Mutant::ShrAsSar,
        Mutant::StringCatSwapped,
        Mutant::ShadowAssignsGlobal,
    ];

    /// Its name (`args-right-to-left`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Mutant::ArgsRightToLeft => "args-right-to-left",
            Mutant::ShortCircuit => "short-circuit",
            Mutant::StructDeclOrder => "struct-decl-order",
            Mutant::InitIndexFromOne => "init-index-from-one",
            Mutant::ShrAsSar => "shr-as-sar",
            Mutant::StringCatSwapped => "string-cat-swapped",
            Mutant::ShadowAssignsGlobal => "shadow-assigns-global",
        }
    }

    /// The planted bug called `name`.
    pub fn from_name(name: &str) -> Option<Mutant> {
        Mutant::ALL.into_iter().find(|m| m.name() == name)
    }
}

struct Machine<'p> {
    version: OatVersion,
    /// The order of a call's arguments in this run.
    order: ArgOrder,
    /// The planted bug, if any.
    mutant: Option<Mutant>,
    funs: HashMap<&'p str, &'p Fdecl>,
    structs: HashMap<&'p str, &'p [Field]>,
    globals: HashMap<String, V>,
    /// The current function's scopes, innermost last.
    scopes: Vec<Vec<(String, V)>>,
    heap: Vec<Obj>,
    out: Vec<u8>,
    fuel: u64,
    depth: usize,
    max_depth: usize,
    /// Bytes still allowed to be allocated.
    bytes_left: u64,
}

enum Flow {
    Normal,
    Return(Option<V>),
}

/// Runs `prog` (Oat `version`) within `limits`, as a run without
/// command-line arguments (`argc` 1, `argv` `{"program"}`).
pub fn run(prog: &Program, version: OatVersion, limits: &Limits) -> Outcome {
    run_with_args(prog, version, limits, &[])
}

/// Runs `prog` (Oat `version`) within `limits` with the command-line
/// arguments `args` (`argv[1..]`): `program` gets `argc` `1 + args.len()`
/// and `argv` `{"program", args...}`, as the course runtime's `main`
/// passes its own `argv` on.
pub fn run_with_args(
    prog: &Program,
    version: OatVersion,
    limits: &Limits,
    args: &[&[u8]],
) -> Outcome {
    run_mutated(prog, version, limits, args, None)
}

/// [`run_with_args`] with the planted bug `mutant` (none: the language's
/// meaning).
pub fn run_mutated(
    prog: &Program,
    version: OatVersion,
    limits: &Limits,
    args: &[&[u8]],
    mutant: Option<Mutant>,
) -> Outcome {
    execute(prog, version, limits, args, ArgOrder::default(), mutant)
}

/// [`run_with_args`] with a call's arguments evaluated in `order`.
pub fn run_in_order(
    prog: &Program,
    version: OatVersion,
    limits: &Limits,
    args: &[&[u8]],
    order: ArgOrder,
) -> Outcome {
    execute(prog, version, limits, args, order, None)
}

/// The outcomes of `prog` on `args` in every order `orders` allows, the
/// evaluator's default first, each distinct outcome once: one when the
/// program's meaning does not depend on the order, more when it does (a
/// front end is right when it gives any of them).
pub fn outcomes(
    prog: &Program,
    version: OatVersion,
    limits: &Limits,
    args: &[&[u8]],
    orders: ArgOrders,
) -> Vec<Outcome> {
    let mut out: Vec<Outcome> = Vec::new();
    for &order in orders.allowed() {
        let o = run_in_order(prog, version, limits, args, order);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

fn execute(
    prog: &Program,
    version: OatVersion,
    limits: &Limits,
    args: &[&[u8]],
    order: ArgOrder,
    mutant: Option<Mutant>,
) -> Outcome {
    let mut m = Machine {
        version,
        order,
        mutant,
        funs: HashMap::new(),
        structs: HashMap::new(),
        globals: HashMap::new(),
        scopes: Vec::new(),
        heap: Vec::new(),
        out: Vec::new(),
        fuel: limits.fuel,
        depth: 0,
        max_depth: limits.max_depth,
        bytes_left: limits.max_bytes,
    };
    let result = m.program(prog, args);
    let stdout = std::mem::take(&mut m.out);
    match result {
        Ok(value) => Outcome::Returned { stdout, value },
        Err(Stop::Trap(message)) => Outcome::Trap { stdout, message },
        Err(Stop::Undefined(reason)) => Outcome::Undefined { stdout, reason },
        Err(Stop::Limit(what)) => Outcome::Limit { stdout, what },
        Err(Stop::Malformed(m)) => Outcome::Malformed(m),
    }
}

impl<'p> Machine<'p> {
    fn program(&mut self, prog: &'p Program, args: &[&[u8]]) -> R<i64> {
        for d in &prog.decls {
            match d {
                Decl::Fun(f) => {
                    self.funs.insert(&f.name, f);
                }
                Decl::Struct(s, fs) => {
                    self.structs.insert(s, fs);
                }
                Decl::Global(..) => {}
            }
        }
        for d in &prog.decls {
            if let Decl::Global(x, e) = d {
                let v = self.exp(e)?;
                self.globals.insert(x.clone(), v);
            }
        }
        let Some(main) = self.funs.get("program").copied() else {
            return malformed("no function `program`");
        };
        let argv: Vec<V> = std::iter::once(&b"program"[..])
            .chain(args.iter().copied())
            .map(|a| V::Str(Rc::from(a)))
            .collect();
        let argc = argv.len() as i64;
        let argv = self.alloc(Obj::Arr(argv))?;
        match self.call(main, vec![V::Int(argc), argv])? {
            Some(V::Int(n)) => Ok(n),
            _ => malformed("`program` does not return an int"),
        }
    }

    fn tick(&mut self) -> R<()> {
        if self.fuel == 0 {
            return Err(Stop::Limit("fuel".into()));
        }
        self.fuel -= 1;
        Ok(())
    }

    fn alloc(&mut self, o: Obj) -> R<V> {
        let (v, n) = match &o {
            Obj::Arr(e) => (V::Arr(self.heap.len()), e.len() + 1),
            Obj::Struct(f) => (V::Struct(self.heap.len()), f.len() + 1),
        };
        self.allocate(16 * n)?;
        self.heap.push(o);
        Ok(v)
    }

    /// Charges `n` bytes of allocation against [`Limits::max_bytes`].
    fn allocate(&mut self, n: usize) -> R<()> {
        match self.bytes_left.checked_sub(n as u64) {
            Some(left) => {
                self.bytes_left = left;
                Ok(())
            }
            None => Err(Stop::Limit("memory".into())),
        }
    }

    fn call(&mut self, f: &'p Fdecl, args: Vec<V>) -> R<Option<V>> {
        if args.len() != f.args.len() {
            return malformed(format!("`{}` called with {} arguments", f.name, args.len()));
        }
        if self.depth >= self.max_depth {
            return Err(Stop::Limit(format!("call depth {}", self.max_depth)));
        }
        self.depth += 1;
        let frame = f.args.iter().map(|(_, x)| x.clone()).zip(args).collect();
        let saved = std::mem::replace(&mut self.scopes, vec![frame]);
        let flow = self.block_in_scope(&f.body);
        self.scopes = saved;
        self.depth -= 1;
        match flow? {
            Flow::Return(v) => Ok(v),
            Flow::Normal => match f.ret {
                RetTy::Void => Ok(None),
                RetTy::Val(_) => malformed(format!("`{}` ends without a return", f.name)),
            },
        }
    }

    fn lookup(&self, x: &str) -> R<V> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, v)) = scope.iter().rev().find(|(y, _)| y == x) {
                return Ok(v.clone());
            }
        }
        if let Some(v) = self.globals.get(x) {
            return Ok(v.clone());
        }
        if self.funs.contains_key(x) || BUILTIN_NAMES.contains(&x) {
            return Ok(V::Fun(Rc::from(x)));
        }
        malformed(format!("unbound name `{x}`"))
    }

    fn assign_var(&mut self, x: &str, v: V) -> R<()> {
        if self.mutant == Some(Mutant::ShadowAssignsGlobal) {
            if let Some(slot) = self.globals.get_mut(x) {
                *slot = v;
                return Ok(());
            }
        }
        for scope in self.scopes.iter_mut().rev() {
            if let Some((_, slot)) = scope.iter_mut().rev().find(|(y, _)| y == x) {
                *slot = v;
                return Ok(());
            }
        }
        match self.globals.get_mut(x) {
            Some(slot) => {
                *slot = v;
                Ok(())
            }
            None => malformed(format!("assignment to `{x}`, which is no variable")),
        }
    }

    fn block_in_scope(&mut self, b: &'p Block) -> R<Flow> {
        for s in b {
            if let Flow::Return(v) = self.stmt(s)? {
                return Ok(Flow::Return(v));
            }
        }
        Ok(Flow::Normal)
    }

    /// A nested block: its declarations end with it.
    fn block(&mut self, b: &'p Block, bind: Option<(String, V)>) -> R<Flow> {
        self.scopes.push(bind.into_iter().collect());
        let flow = self.block_in_scope(b);
        self.scopes.pop();
        flow
    }

    fn declare(&mut self, x: &str, v: V) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((x.to_string(), v));
        }
    }

    fn stmt(&mut self, s: &'p Stmt) -> R<Flow> {
        self.tick()?;
        match s {
            Stmt::Decl(x, e) => {
                let v = self.exp(e)?;
                self.declare(x, v);
            }
            Stmt::Assn(l, r) => self.assign(l, r)?,
            Stmt::Ret(e) => {
                let v = e.as_ref().map(|e| self.exp(e)).transpose()?;
                return Ok(Flow::Return(v));
            }
            Stmt::SCall(f, args) => {
                self.call_exp(f, args)?;
            }
            Stmt::If(c, t, e) => {
                return if self.bool(c)? {
                    self.block(t, None)
                } else {
                    self.block(e, None)
                };
            }
            Stmt::Cast(_, x, v, t, e) => {
                return match self.exp(v)? {
                    V::Null => self.block(e, None),
                    V::Uninit => Err(Stop::Undefined("if? on an uninitialised element".into())),
                    v => self.block(t, Some((x.clone(), v))),
                };
            }
            Stmt::While(c, b) => {
                while self.bool(c)? {
                    if let Flow::Return(v) = self.block(b, None)? {
                        return Ok(Flow::Return(v));
                    }
                    self.tick()?;
                }
            }
            Stmt::For(decls, cond, step, b) => {
                self.scopes.push(Vec::new());
                let flow = self.for_loop(decls, cond.as_ref(), step.as_deref(), b);
                self.scopes.pop();
                return flow;
            }
        }
        Ok(Flow::Normal)
    }

    fn for_loop(
        &mut self,
        decls: &'p [(String, Exp)],
        cond: Option<&'p Exp>,
        step: Option<&'p Stmt>,
        b: &'p Block,
    ) -> R<Flow> {
        for (x, e) in decls {
            let v = self.exp(e)?;
            self.declare(x, v);
        }
        loop {
            if let Some(c) = cond {
                if !self.bool(c)? {
                    return Ok(Flow::Normal);
                }
            }
            if let Flow::Return(v) = self.block(b, None)? {
                return Ok(Flow::Return(v));
            }
            if let Some(s) = step {
                if let Flow::Return(v) = self.stmt(s)? {
                    return Ok(Flow::Return(v));
                }
            }
            self.tick()?;
        }
    }

    fn assign(&mut self, l: &'p Exp, r: &'p Exp) -> R<()> {
        match l {
            Exp::Id(x) => {
                let v = self.exp(r)?;
                self.assign_var(x, v)
            }
            Exp::Index(a, i) => {
                let (arr, i) = self.element(a, i)?;
                let v = self.exp(r)?;
                if let Obj::Arr(elts) = &mut self.heap[arr] {
                    elts[i] = v;
                }
                Ok(())
            }
            Exp::Proj(s, f) => {
                let obj = self.struct_ref(s)?;
                let v = self.exp(r)?;
                let slot = self.field(obj, f)?;
                if let Obj::Struct(fs) = &mut self.heap[obj] {
                    fs[slot].1 = v;
                }
                Ok(())
            }
            _ => malformed("assignment to an expression that is no place"),
        }
    }

    /// Evaluates `a[i]`'s array and index and checks the bounds.
    fn element(&mut self, a: &'p Exp, i: &'p Exp) -> R<(usize, usize)> {
        let arr = match self.exp(a)? {
            V::Arr(id) => id,
            V::Uninit => return Err(Stop::Undefined("an uninitialised element indexed".into())),
            _ => return malformed("indexing a value that is not an array"),
        };
        let i = self.int(i)?;
        let len = self.array_len(arr);
        if i < 0 || i >= len as i64 {
            let message = format!("index {i} out of bounds for an array of length {len}");
            return Err(match self.version {
                OatVersion::V1 => Stop::Undefined(message),
                OatVersion::V2 => Stop::Trap(message),
            });
        }
        Ok((arr, i as usize))
    }

    fn array_len(&self, arr: usize) -> usize {
        match &self.heap[arr] {
            Obj::Arr(e) => e.len(),
            Obj::Struct(_) => 0,
        }
    }

    fn struct_ref(&mut self, s: &'p Exp) -> R<usize> {
        match self.exp(s)? {
            V::Struct(id) => Ok(id),
            V::Uninit => Err(Stop::Undefined(
                "a field of an uninitialised element".into(),
            )),
            _ => malformed("a field of a value that is not a struct"),
        }
    }

    fn field(&self, obj: usize, f: &str) -> R<usize> {
        match &self.heap[obj] {
            Obj::Struct(fs) => match fs.iter().position(|(g, _)| g == f) {
                Some(k) => Ok(k),
                None => malformed(format!("no field `{f}`")),
            },
            Obj::Arr(_) => malformed("a field of an array"),
        }
    }

    fn int(&mut self, e: &'p Exp) -> R<i64> {
        match self.exp(e)? {
            V::Int(n) => Ok(n),
            v => self.not_a("an int", v),
        }
    }

    fn bool(&mut self, e: &'p Exp) -> R<bool> {
        match self.exp(e)? {
            V::Bool(b) => Ok(b),
            v => self.not_a("a bool", v),
        }
    }

    fn not_a<T>(&self, what: &str, v: V) -> R<T> {
        match v {
            V::Uninit => Err(Stop::Undefined(
                "an uninitialised array element read".into(),
            )),
            v => malformed(format!("expected {what}, found {v:?}")),
        }
    }

    fn exp(&mut self, e: &'p Exp) -> R<V> {
        self.tick()?;
        match e {
            Exp::Null(_) => Ok(V::Null),
            Exp::Bool(b) => Ok(V::Bool(*b)),
            Exp::Int(n) => Ok(V::Int(*n)),
            Exp::Str(s) => {
                // A C string ends at its first NUL.
                let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
                Ok(V::Str(Rc::from(&s[..end])))
            }
            Exp::Id(x) => self.lookup(x),
            Exp::CArr(_, es) => {
                let vs = es.iter().map(|e| self.exp(e)).collect::<R<Vec<V>>>()?;
                self.alloc(Obj::Arr(vs))
            }
            Exp::NewArr(t, n) => {
                let n = self.size(n)?;
                self.alloc(Obj::Arr(vec![zero(t); n]))
            }
            Exp::NewArrInit(_, n, x, init) => {
                let n = self.size(n)?;
                let arr = self.alloc(Obj::Arr(vec![V::Uninit; n]))?;
                let V::Arr(id) = arr else { return Ok(arr) };
                let from = i64::from(self.mutant == Some(Mutant::InitIndexFromOne));
                for i in 0..n {
                    self.scopes.push(vec![(x.clone(), V::Int(i as i64 + from))]);
                    let v = self.exp(init);
                    self.scopes.pop();
                    let v = v?;
                    if let Obj::Arr(elts) = &mut self.heap[id] {
                        elts[i] = v;
                    }
                }
                Ok(arr)
            }
            Exp::Index(a, i) => {
                let (arr, i) = self.element(a, i)?;
                match &self.heap[arr] {
                    Obj::Arr(elts) => match &elts[i] {
                        V::Uninit => Err(Stop::Undefined(
                            "an element of `new T[n]` of a non-null type read before it was \
                             written (a null reference)"
                                .into(),
                        )),
                        v => Ok(v.clone()),
                    },
                    Obj::Struct(_) => malformed("indexing a struct"),
                }
            }
            Exp::Length(a) => match self.exp(a)? {
                V::Arr(id) => Ok(V::Int(self.array_len(id) as i64)),
                v => self.not_a("an array", v),
            },
            Exp::CStruct(s, inits) => {
                let Some(fields) = self.structs.get(s.as_str()).copied() else {
                    return malformed(format!("no struct `{s}`"));
                };
                let mut vals: Vec<(String, V)> =
                    fields.iter().map(|f| (f.name.clone(), V::Uninit)).collect();
                let mut order: Vec<&'p (String, Exp)> = inits.iter().collect();
                if self.mutant == Some(Mutant::StructDeclOrder) {
                    order.sort_by_key(|(f, _)| fields.iter().position(|g| &g.name == f));
                }
                for (f, e) in order {
                    let v = self.exp(e)?;
                    match vals.iter_mut().find(|(g, _)| g == f) {
                        Some(slot) => slot.1 = v,
                        None => return malformed(format!("struct `{s}` has no field `{f}`")),
                    }
                }
                self.alloc(Obj::Struct(vals))
            }
            Exp::Proj(s, f) => {
                let obj = self.struct_ref(s)?;
                let k = self.field(obj, f)?;
                match &self.heap[obj] {
                    Obj::Struct(fs) => Ok(fs[k].1.clone()),
                    Obj::Arr(_) => malformed("a field of an array"),
                }
            }
            Exp::Call(f, args) => match self.call_exp(f, args)? {
                Some(v) => Ok(v),
                None => malformed("a void function's call used as a value"),
            },
            Exp::Bop(op, l, r) => {
                let l = self.exp(l)?;
                if self.mutant == Some(Mutant::ShortCircuit) {
                    match (op, &l) {
                        (Binop::And, V::Bool(false)) | (Binop::Or, V::Bool(true)) => return Ok(l),
                        _ => {}
                    }
                }
                let r = self.exp(r)?;
                let op = match (self.mutant, op) {
                    (Some(Mutant::ShrAsSar), Binop::Shr) => Binop::Sar,
                    _ => *op,
                };
                binop(op, l, r)
            }
            Exp::Uop(op, x) => match (op, self.exp(x)?) {
                (Unop::Neg, V::Int(n)) => Ok(V::Int(n.wrapping_neg())),
                (Unop::Bitnot, V::Int(n)) => Ok(V::Int(!n)),
                (Unop::Lognot, V::Bool(b)) => Ok(V::Bool(!b)),
                (_, v) => self.not_a("an operand of its unary operator", v),
            },
        }
    }

    /// An array size: a negative one fails `oat_alloc_array`'s assert.
    fn size(&mut self, n: &'p Exp) -> R<usize> {
        let n = self.int(n)?;
        if n < 0 {
            return Err(Stop::Trap(format!("array of negative size {n}")));
        }
        if n > 1 << 24 {
            return Err(Stop::Limit(format!("array of size {n}")));
        }
        Ok(n as usize)
    }

    fn call_exp(&mut self, f: &'p Exp, args: &'p [Exp]) -> R<Option<V>> {
        let name = match self.exp(f)? {
            V::Fun(name) => name,
            v => return self.not_a("a function", v),
        };
        let right_to_left =
            self.order == ArgOrder::RightToLeft || self.mutant == Some(Mutant::ArgsRightToLeft);
        let vs = if right_to_left {
            let mut vs = args
                .iter()
                .rev()
                .map(|e| self.exp(e))
                .collect::<R<Vec<V>>>()?;
            vs.reverse();
            vs
        } else {
            args.iter().map(|e| self.exp(e)).collect::<R<Vec<V>>>()?
        };
        if let Some(fd) = self.funs.get(&*name).copied() {
            return self.call(fd, vs);
        }
        self.builtin(&name, vs)
    }

    fn string(&self, v: V) -> R<Rc<[u8]>> {
        match v {
            V::Str(s) => Ok(s),
            v => self.not_a("a string", v),
        }
    }

    fn builtin(&mut self, name: &str, args: Vec<V>) -> R<Option<V>> {
        let mut args = args.into_iter();
        let mut arg = || args.next().unwrap_or(V::Null);
        let v = match name {
            "print_string" => {
                let s = self.string(arg())?;
                self.out.extend_from_slice(&s);
                return Ok(None);
            }
            "print_int" => {
                let n = match arg() {
                    V::Int(n) => n,
                    v => return self.not_a("an int", v),
                };
                self.out.extend_from_slice(n.to_string().as_bytes());
                return Ok(None);
            }
            "print_bool" => {
                let b = match arg() {
                    V::Bool(b) => b,
                    v => return self.not_a("a bool", v),
                };
                self.out
                    .extend_from_slice(if b { b"true" } else { b"false" });
                return Ok(None);
            }
            "string_of_int" => match arg() {
                V::Int(n) => V::Str(Rc::from(n.to_string().as_bytes())),
                v => return self.not_a("an int", v),
            },
            "string_cat" => {
                let a = self.string(arg())?;
                let b = self.string(arg())?;
                self.allocate(a.len() + b.len() + 1)?;
                let (a, b) = if self.mutant == Some(Mutant::StringCatSwapped) {
                    (b, a)
                } else {
                    (a, b)
                };
                V::Str(Rc::from([&a[..], &b[..]].concat()))
            }
            "length_of_string" => V::Int(self.string(arg())?.len() as i64),
            "array_of_string" => {
                let s = self.string(arg())?;
                // `(int64_t)str[i]`: `char` is signed on x86-64.
                let elts = s.iter().map(|&b| V::Int(i64::from(b as i8))).collect();
                self.alloc(Obj::Arr(elts))?
            }
            "string_of_array" => {
                let id = match arg() {
                    V::Arr(id) => id,
                    v => return self.not_a("an array", v),
                };
                let Obj::Arr(elts) = &self.heap[id] else {
                    return malformed("string_of_array of a struct");
                };
                let mut s = Vec::with_capacity(elts.len());
                for e in elts {
                    match e {
                        // `(char)arr[i]`, then `assert (0 != str[i])`.
                        V::Int(n) if *n as u8 != 0 => s.push(*n as u8),
                        V::Int(_) => {
                            return Err(Stop::Trap("string_of_array: a zero character".into()))
                        }
                        V::Uninit => {
                            return Err(Stop::Undefined(
                                "string_of_array of an uninitialised element".into(),
                            ))
                        }
                        _ => return malformed("string_of_array of a non-int array"),
                    }
                }
                V::Str(Rc::from(s))
            }
            _ => return malformed(format!("no function `{name}`")),
        };
        Ok(Some(v))
    }
}

/// An element of `new T[n]` before it is written: the zero of `t` (the
/// arrays are zero-initialised); a non-null reference's zero is a null
/// reference, which no use may read.
fn zero(t: &Ty) -> V {
    match t {
        Ty::Int => V::Int(0),
        Ty::Bool => V::Bool(false),
        Ty::NullRef(_) => V::Null,
        Ty::Ref(_) => V::Uninit,
    }
}

fn binop(op: Binop, l: V, r: V) -> R<V> {
    use Binop::*;
    let v = match (op, l, r) {
        (_, V::Uninit, _) | (_, _, V::Uninit) => {
            return Err(Stop::Undefined(
                "an uninitialised array element read".into(),
            ))
        }
        (Add, V::Int(a), V::Int(b)) => V::Int(a.wrapping_add(b)),
        (Sub, V::Int(a), V::Int(b)) => V::Int(a.wrapping_sub(b)),
        (Mul, V::Int(a), V::Int(b)) => V::Int(a.wrapping_mul(b)),
        (Lt, V::Int(a), V::Int(b)) => V::Bool(a < b),
        (Lte, V::Int(a), V::Int(b)) => V::Bool(a <= b),
        (Gt, V::Int(a), V::Int(b)) => V::Bool(a > b),
        (Gte, V::Int(a), V::Int(b)) => V::Bool(a >= b),
        (And, V::Bool(a), V::Bool(b)) => V::Bool(a & b),
        (Or, V::Bool(a), V::Bool(b)) => V::Bool(a | b),
        (IAnd, V::Int(a), V::Int(b)) => V::Int(a & b),
        (IOr, V::Int(a), V::Int(b)) => V::Int(a | b),
        (Shl | Shr | Sar, V::Int(_), V::Int(b)) if !(0..=63).contains(&b) => {
            return Err(Stop::Undefined(format!("shift by {b} (not in 0..=63)")))
        }
        (Shl, V::Int(a), V::Int(b)) => V::Int(a << b),
        (Shr, V::Int(a), V::Int(b)) => V::Int(((a as u64) >> b) as i64),
        (Sar, V::Int(a), V::Int(b)) => V::Int(a >> b),
        (Eq | Neq, l, r) => {
            let same = match (&l, &r) {
                (V::Str(_), V::Str(_)) => {
                    return Err(Stop::Undefined(
                        "`==` on two strings compares their addresses".into(),
                    ))
                }
                _ => l == r,
            };
            V::Bool(same == (op == Eq))
        }
        (op, l, r) => return malformed(format!("`{}` on {l:?} and {r:?}", op.token())),
    };
    Ok(v)
}

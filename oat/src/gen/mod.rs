//! Random Oat programs that are well typed (for the course's type checker),
//! well defined and terminating **by construction**, printing their
//! intermediate values.
//!
//! One core, [`generate`], draws a program from `arbitrary::Unstructured`
//! bytes and never fails (exhausted bytes give the smallest choices). It
//! serves [`OatProgram`]'s `arbitrary` and `quickcheck` impls and
//! [`from_seed`] (`lloracle gen --lang oat --seed N --size S`).
//!
//! How the program stays defined:
//! - every array the generator makes has at least 4 elements, and every
//!   index is a literal 0..=3, `e [&] 3`, or a loop counter bounded by 4;
//! - `new T[n]` (zeroed; a null reference for a non-null element type) appears only followed by a loop
//!   writing every element;
//! - shift amounts are literals 0..=63 or `e [&] 63`;
//! - strings compared with `==` never (their addresses are the compiler's);
//!   `string_of_array` is applied only to arrays whose elements are
//!   `(e [&] 63) + 48` or `array_of_string(s)`;
//! - loops count with counters their bodies cannot assign, up to
//!   `max_iters`; helper `k` calls only helpers before it, except that a
//!   recursive helper (its first parameter `n` is 0..=3 at every call)
//!   has a guard `if (n > 0) { .. g(n - 1, ..) .. }` calling itself or
//!   another recursive helper, and outside the guard calls no helper that
//!   reaches a recursive one; function values
//!   are called only in `program`, and a static cost bound
//!   ([`OatGenConfig::budget`]) limits the steps a call can take;
//! - `null` is only inspected with `if?`;
//! - every local name is fresh (the checker forbids redeclaring a local);
//!   locals may shadow globals.
//!
//! How order shows (`effects`): probes (`t0`, `t1`, ..: print the argument
//! or fold it into a global, return a value) fill the operands whose order
//! Oat fixes, `program` first calls every helper and last prints every
//! global, as Csmith's generated `main` does.

mod draw;
mod effects;
mod exp;
mod recursion;
mod stmt;

use crate::ast::*;
use crate::dialect::{Construct, OatDialect};
use crate::order::ArgOrders;
use crate::OatVersion;
use arbitrary::Unstructured;
use draw::Draw;
use std::fmt;

/// Bounds on generated programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OatGenConfig {
    /// The Oat the programs are written in: its version and the
    /// constructs the generator may use (docs/oat.md, "Dialects").
    pub dialect: OatDialect,
    /// Most struct declarations (Oat v2).
    pub max_structs: usize,
    /// Most globals.
    pub max_globals: usize,
    /// Most helper functions besides `program`.
    pub max_helpers: usize,
    /// Most statements in one block.
    pub max_stmts: usize,
    /// Deepest nesting of `if`, `if?` and loops.
    pub max_nest: usize,
    /// Deepest expression nesting.
    pub max_exp_depth: usize,
    /// Most iterations of one loop.
    pub max_iters: i64,
    /// Static bound on the steps `program` takes (helpers an eighth each).
    pub budget: u64,
    /// The orders of a call's arguments the course allows: where more
    /// than one is (the language's rule), probes fill at most one argument
    /// of a call, so that no probe shows an order the language leaves
    /// open (docs/oat.md, "Side effects where order matters").
    pub orders: ArgOrders,
}

impl OatGenConfig {
    /// The configuration for size `size` (1..=100, clamped), as the
    /// LLVMlite generator's sizes: 1 is tiny, 30 medium, 100 large.
    pub fn with_size(size: usize, version: OatVersion) -> OatGenConfig {
        OatGenConfig::in_dialect(size, OatDialect::whole(version))
    }

    /// The configuration for size `size` writing only `dialect`'s
    /// constructs.
    pub fn in_dialect(size: usize, dialect: OatDialect) -> OatGenConfig {
        let s = size.clamp(1, 100);
        OatGenConfig {
            dialect,
            max_structs: 1 + s / 30,
            max_globals: 1 + s / 20,
            max_helpers: 1 + s / 15,
            max_stmts: 4 + s / 8,
            max_nest: 1 + usize::from(s >= 20) + usize::from(s >= 60),
            max_exp_depth: 2 + usize::from(s >= 30) + usize::from(s >= 70),
            max_iters: 5,
            budget: 2000 + 500 * s as u64,
            orders: ArgOrders::default(),
        }
    }
}

/// A variable the generated code can see.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub name: String,
    pub ty: Ty,
    /// False for loop counters and `new T[n]{i -> e}` indices.
    pub mutable: bool,
    /// For loop counters: every value is below this.
    pub below: Option<i64>,
}

/// A helper function's signature and static cost.
#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub name: String,
    pub args: Vec<Ty>,
    pub ret: RetTy,
    pub cost: u64,
    /// Its first parameter is a recursion bound: every call passes 0..=3
    /// (see [`G::call_args`]).
    pub fuel: bool,
    /// It is recursive or calls, directly or not, a recursive helper. A
    /// recursive helper's body calls no such helper except in its guard
    /// (`if (n > 0) { .. g(n - 1, ..) .. }`), so every chain of recursive
    /// calls passes a bound that decreases.
    pub touches_fuel: bool,
}

/// The generator's state.
pub(crate) struct G<'a, 'b> {
    pub d: Draw<'a, 'b>,
    pub cfg: OatGenConfig,
    pub structs: Vec<(String, Vec<Field>)>,
    /// Globals, then the current function's locals (innermost last).
    pub env: Vec<Var>,
    pub helpers: Vec<Sig>,
    pub fresh: usize,
    /// Generating `program` (function values may be called).
    pub in_main: bool,
    /// Steps spent so far in the current function, and its limit.
    pub spent: u64,
    pub limit: u64,
    /// Product of the iteration counts of the enclosing loops.
    pub mult: u64,
    pub nest: usize,
    /// The current function's return type.
    pub ret: RetTy,
    /// The last tag given to a probe's argument.
    pub tags: i64,
    /// How many enclosing arguments must not depend on the order of a
    /// call's arguments (a call's arguments besides its probed one, where
    /// their order is open): they are leaves, no probes, no globals read.
    pub effect_free: usize,
    /// How many of `env`'s first entries are globals.
    pub nglobals: usize,
    /// The helpers' signatures, drawn before their bodies (a recursive
    /// helper's guard may call a later recursive helper: mutual recursion).
    pub planned: Vec<Sig>,
    /// Generating a recursive helper's body (it may not call helpers that
    /// touch recursion, [`Sig::touches_fuel`]).
    pub in_fuel: bool,
    /// The current helper has called one that touches recursion.
    pub touched: bool,
    /// The calls of the recursive helpers' guards (caller, callee).
    pub guard_calls: Vec<(String, String)>,
}

/// Draws a program from `u` within `cfg`; never fails.
pub fn generate(u: &mut Unstructured, cfg: &OatGenConfig) -> Program {
    let mut g = G {
        d: Draw::new(u),
        cfg: cfg.clone(),
        structs: Vec::new(),
        env: Vec::new(),
        helpers: Vec::new(),
        fresh: 0,
        in_main: false,
        spent: 0,
        limit: 0,
        mult: 1,
        nest: 0,
        ret: RetTy::Void,
        tags: 0,
        effect_free: 0,
        nglobals: 0,
        planned: Vec::new(),
        in_fuel: false,
        touched: false,
        guard_calls: Vec::new(),
    };
    g.program()
}

/// The program of seed `seed` at size `size` in `version`: the same
/// arguments give the same program (the bytes are the LLVMlite generator's,
/// `gen::seed_bytes`).
pub fn from_seed(seed: u64, size: usize, version: OatVersion) -> Program {
    from_seed_with(seed, size, &OatGenConfig::with_size(size, version))
}

/// [`from_seed`] with configuration `cfg` (`size` sets only how many bytes
/// the seed gives).
pub fn from_seed_with(seed: u64, size: usize, cfg: &OatGenConfig) -> Program {
    let bytes = gen::seed_bytes(seed, size);
    let mut u = Unstructured::new(&bytes);
    generate(&mut u, cfg)
}

/// A generated program with its version (the `Arbitrary` impls' type). Its
/// `Debug` form is the program's text.
#[derive(Clone, PartialEq, Eq)]
pub struct OatProgram {
    /// The program.
    pub program: Program,
    /// Its Oat version.
    pub version: OatVersion,
}

impl fmt::Debug for OatProgram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::print::program(&self.program))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for OatProgram {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<OatProgram> {
        let version = if u.arbitrary::<bool>()? {
            OatVersion::V2
        } else {
            OatVersion::V1
        };
        let program = generate(u, &OatGenConfig::with_size(30, version));
        Ok(OatProgram { program, version })
    }
}

impl quickcheck::Arbitrary for OatProgram {
    /// Bytes from quickcheck's source, size from its `size()`, either
    /// version.
    fn arbitrary(g: &mut quickcheck::Gen) -> OatProgram {
        let size = g.size().clamp(1, 100);
        let len = <usize as quickcheck::Arbitrary>::arbitrary(g) % (64 * size + 1);
        let bytes: Vec<u8> = (0..len)
            .map(|_| <u8 as quickcheck::Arbitrary>::arbitrary(g))
            .collect();
        let version = if <bool as quickcheck::Arbitrary>::arbitrary(g) {
            OatVersion::V2
        } else {
            OatVersion::V1
        };
        let mut u = Unstructured::new(&bytes);
        let program = generate(&mut u, &OatGenConfig::with_size(size, version));
        OatProgram { program, version }
    }

    /// Shrinks that stay well typed and defined ([`crate::shrink`]).
    fn shrink(&self) -> Box<dyn Iterator<Item = OatProgram>> {
        let version = self.version;
        Box::new(
            crate::shrink::candidates(&self.program)
                .into_iter()
                .filter(move |p| crate::shrink::still_defined(p, version))
                .map(move |program| OatProgram { program, version }),
        )
    }
}

impl G<'_, '_> {
    pub(crate) fn v2(&self) -> bool {
        self.cfg.dialect.version == OatVersion::V2
    }

    /// Whether the dialect has construct `c` (Oat v2 constructs only in
    /// Oat v2).
    pub(crate) fn has(&self, c: Construct) -> bool {
        self.cfg.dialect.has(c)
    }

    pub(crate) fn fresh(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// Charges `cost` steps (times the enclosing loops' iterations).
    pub(crate) fn charge(&mut self, cost: u64) {
        self.spent = self.spent.saturating_add(cost.saturating_mul(self.mult));
    }

    /// Whether `cost` more steps fit the current function's limit.
    pub(crate) fn affords(&self, cost: u64) -> bool {
        self.spent.saturating_add(cost.saturating_mul(self.mult)) <= self.limit
    }

    /// The data types values can have (no function types).
    pub(crate) fn data_types(&self) -> Vec<Ty> {
        let mut ts = vec![
            Ty::Int,
            Ty::Bool,
            Ty::string(),
            Ty::array(Ty::Int),
            Ty::array(Ty::Bool),
            Ty::array(Ty::string()),
            Ty::array(Ty::array(Ty::Int)),
        ];
        if self.v2() {
            let nullable = self.has(Construct::Nullable);
            for (s, _) in &self.structs {
                ts.push(Ty::Ref(RefTy::Struct(s.clone())));
                if nullable {
                    ts.push(Ty::NullRef(RefTy::Struct(s.clone())));
                }
                ts.push(Ty::array(Ty::Ref(RefTy::Struct(s.clone()))));
            }
        }
        ts
    }

    /// A data type, simple ones more often.
    pub(crate) fn data_ty(&mut self) -> Ty {
        let ts = self.data_types();
        if self.v2() && !self.structs.is_empty() && self.d.chance(20) {
            let k = self.d.below(self.structs.len());
            return Ty::Ref(RefTy::Struct(self.structs[k].0.clone()));
        }
        if self.d.chance(50) {
            return [Ty::Int, Ty::Bool, Ty::string()][self.d.below(3)].clone();
        }
        ts[self.d.below(ts.len())].clone()
    }

    fn program(&mut self) -> Program {
        let mut decls = Vec::new();
        if self.v2() {
            // Mostly at least one struct (struct literals are where field
            // order shows).
            let least = i64::from(self.d.chance(85));
            let n = self.d.range(least, self.cfg.max_structs as i64) as usize;
            for k in 0..n {
                let fs = self.struct_fields(k);
                let name = format!("S{k}");
                decls.push(Decl::Struct(name.clone(), fs.clone()));
                self.structs.push((name, fs));
            }
        }
        // Mostly at least one helper (a call's arguments are where
        // argument order shows).
        let least = i64::from(self.d.chance(85));
        let helpers = self.d.range(least, self.cfg.max_helpers as i64) as usize;
        self.planned = (0..helpers)
            .map(|k| {
                // Mostly two or three: argument order shows with two.
                let n = self.d.weighted(&[1, 2, 4, 3]);
                let mut args: Vec<Ty> = (0..n).map(|_| self.data_ty()).collect();
                let ret = match self.d.below(4) {
                    0 => RetTy::Void,
                    1 => RetTy::Val(Box::new(Ty::Bool)),
                    2 => RetTy::Val(Box::new(Ty::string())),
                    _ => RetTy::Val(Box::new(Ty::Int)),
                };
                // A recursive helper: its first parameter bounds it.
                let fuel = self.d.chance(35);
                if fuel {
                    args.insert(0, Ty::Int);
                }
                Sig {
                    name: format!("f{k}"),
                    args,
                    ret,
                    cost: 0,
                    fuel,
                    touches_fuel: fuel,
                }
            })
            .collect();
        let nglobals = self.d.range(0, self.cfg.max_globals as i64) as usize;
        for _ in 0..nglobals {
            let name = self.fresh("g");
            let (ty, init) = self.global_init();
            decls.push(Decl::Global(name.clone(), init));
            self.env.push(Var {
                name,
                ty,
                mutable: true,
                below: None,
            });
        }
        self.nglobals = self.env.len();
        decls.extend(self.probes().into_iter().map(Decl::Fun));
        for sig in self.planned.clone() {
            let f = self.helper(sig);
            decls.push(Decl::Fun(f));
        }
        if self.v2() && !self.helpers.is_empty() && self.d.chance(40) {
            let h = self.d.below(self.helpers.len());
            let sig = self.helpers[h].clone();
            let ty = Ty::Ref(RefTy::Fun(sig.args.clone(), sig.ret.clone()));
            let name = self.fresh("g");
            decls.push(Decl::Global(name.clone(), Exp::Id(sig.name.clone())));
            // The course's checker refuses any assignment to a global of
            // function type (it takes it for a function's name).
            self.env.push(Var {
                name,
                ty,
                mutable: false,
                below: None,
            });
        }
        decls.push(Decl::Fun(self.main()));
        Program { decls }
    }

    fn struct_fields(&mut self, k: usize) -> Vec<Field> {
        let nullable = self.has(Construct::Nullable);
        let n = 1 + self.d.weighted(&[1, 3, 3, 2]);
        (0..n)
            .map(|i| {
                let ty = match self.d.weighted(&[
                    4,
                    2,
                    2,
                    1,
                    if k > 0 && nullable { 2 } else { 0 },
                    if k > 0 { 1 } else { 0 },
                ]) {
                    0 => Ty::Int,
                    1 => Ty::Bool,
                    2 => Ty::string(),
                    3 => Ty::array(Ty::Int),
                    4 => Ty::NullRef(RefTy::Struct(format!("S{}", self.d.below(k)))),
                    _ => Ty::Ref(RefTy::Struct(format!("S{}", self.d.below(k)))),
                };
                Field {
                    name: format!("f{i}"),
                    ty,
                }
            })
            .collect()
    }

    /// A global's type and constant initialiser.
    fn global_init(&mut self) -> (Ty, Exp) {
        let lit = |g: &mut Self| Exp::Int(g.d.literal());
        match self.d.weighted(&[
            4,
            2,
            2,
            2,
            1,
            if self.v2() && !self.structs.is_empty() {
                2
            } else {
                0
            },
        ]) {
            0 => (Ty::Int, lit(self)),
            1 => (Ty::Bool, Exp::Bool(self.d.chance(50))),
            2 => (Ty::string(), Exp::Str(self.string_lit())),
            3 => {
                let n = self.d.range(4, 6);
                (
                    Ty::array(Ty::Int),
                    Exp::CArr(Ty::Int, (0..n).map(|_| lit(self)).collect()),
                )
            }
            4 => {
                let n = self.d.range(4, 5);
                let es = (0..n).map(|_| Exp::Str(self.string_lit())).collect();
                (Ty::array(Ty::string()), Exp::CArr(Ty::string(), es))
            }
            _ => {
                let k = self.d.below(self.structs.len());
                let (s, fs) = self.structs[k].clone();
                // Global struct fields of reference type would need other
                // globals; constants only, else `null` (else, without
                // nullable types, an `int`).
                let constant = fs
                    .iter()
                    .all(|f| matches!(f.ty, Ty::Int | Ty::Bool | Ty::NullRef(_)));
                let nullable = self.has(Construct::Nullable);
                if !nullable && !constant {
                    return (Ty::Int, lit(self));
                }
                if constant && (self.d.chance(70) || !nullable) {
                    let inits = fs
                        .iter()
                        .map(|f| {
                            let e = match &f.ty {
                                Ty::Int => lit(self),
                                Ty::Bool => Exp::Bool(self.d.chance(50)),
                                Ty::NullRef(r) => Exp::Null(r.clone()),
                                _ => Exp::Int(0),
                            };
                            (f.name.clone(), e)
                        })
                        .collect();
                    (Ty::Ref(RefTy::Struct(s.clone())), Exp::CStruct(s, inits))
                } else {
                    (
                        Ty::NullRef(RefTy::Struct(s.clone())),
                        Exp::Null(RefTy::Struct(s)),
                    )
                }
            }
        }
    }

    /// A string literal: letters, digits and spaces, sometimes an escape.
    pub(crate) fn string_lit(&mut self) -> Vec<u8> {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789 ";
        let n = self.d.range(0, 6) as usize;
        let mut s: Vec<u8> = (0..n)
            .map(|_| ALPHABET[self.d.below(ALPHABET.len())])
            .collect();
        if self.has(Construct::Escapes) && self.d.chance(15) {
            let kinds = if self.has(Construct::QuoteEscapes) {
                4
            } else {
                2
            };
            let esc = [b'\n', b'\t', b'"', b'\\'][self.d.below(kinds)];
            let at = self.d.below(s.len() + 1);
            s.insert(at, esc);
        }
        s
    }

    fn helper(&mut self, mut sig: Sig) -> Fdecl {
        let (name, fuel, ret) = (sig.name.clone(), sig.fuel, sig.ret.clone());
        let globals = self.env.len();
        let params: Vec<(Ty, String)> = sig
            .args
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let prefix = if fuel && i == 0 { "n" } else { "p" };
                (t.clone(), self.fresh(prefix))
            })
            .collect();
        for (i, (t, x)) in params.iter().enumerate() {
            self.env.push(if fuel && i == 0 {
                G::fuel_var(x)
            } else {
                Var {
                    name: x.clone(),
                    ty: t.clone(),
                    mutable: true,
                    below: None,
                }
            });
        }
        let activations = if fuel { recursion::RECURSION_DEPTH } else { 1 };
        self.in_main = false;
        self.spent = 0;
        self.limit = self.cfg.budget / 8 / activations;
        self.ret = ret.clone();
        self.in_fuel = fuel;
        self.touched = false;
        let guard = fuel.then(|| self.recursion_guard(&sig, &params[0].1));
        let mut body = self.fun_body(&ret);
        if let Some(guard) = guard {
            // Before the return, and before any local that shadows a
            // global the guard's arguments may read.
            let shadowing = body.iter().position(|st| {
                matches!(st, Stmt::Decl(x, _) if self.env[..globals].iter().any(|g| &g.name == x))
            });
            let last = shadowing.unwrap_or(body.len() - 1);
            let at = self.d.below(last + 1);
            body.insert(at, guard);
        }
        self.env.truncate(globals);
        // A chain of recursive calls is at most four activations, each of
        // any recursive helper (each within the same limit).
        sig.cost = if fuel {
            (self.limit + 1) * activations
        } else {
            self.spent + 1
        };
        sig.touches_fuel = fuel || self.touched;
        self.in_fuel = false;
        self.helpers.push(sig);
        Fdecl {
            ret,
            name,
            args: params,
            body,
        }
    }

    fn main(&mut self) -> Fdecl {
        self.in_main = true;
        self.spent = 0;
        self.limit = self.cfg.budget;
        let ret = RetTy::Val(Box::new(Ty::Int));
        self.ret = ret.clone();
        let globals = self.env.len();
        // The helpers' calls first, while the budget affords them all.
        let mut body = self.drive_helpers();
        body.extend(self.block_stmts(true));
        body.extend(self.checksum(globals));
        let result = self.exp(&Ty::Int, self.cfg.max_exp_depth);
        body.push(Stmt::Ret(Some(result)));
        self.env.truncate(globals);
        Fdecl {
            ret,
            name: "program".into(),
            args: vec![
                (Ty::Int, "argc".into()),
                (Ty::array(Ty::string()), "argv".into()),
            ],
            body,
        }
    }

    fn fun_body(&mut self, ret: &RetTy) -> Block {
        let mut body = self.block_stmts(true);
        let last = match ret {
            RetTy::Void => Stmt::Ret(None),
            RetTy::Val(t) => {
                let t = (**t).clone();
                Stmt::Ret(Some(self.exp(&t, self.cfg.max_exp_depth)))
            }
        };
        body.push(last);
        body
    }
}

//! What the parts of the generator share while a program is drawn: the
//! functions drawn so far ([`FnInfo`]), the context a function body draws
//! from ([`Ctx`]), the optimiser profile's writer functions ([`Writer`]),
//! and the parameter names. It depends on no part that draws code, so that
//! `program` (the whole program) and `func` (one body) both use it without
//! using each other in a circle (the import check in
//! `tests/testsuite/import_cycles.rs`).

use crate::globals::Globals;
use crate::universe::Universe;
use spec::Ty;

/// What callers know about a function.
pub(crate) struct FnInfo {
    pub name: String,
    pub params: Vec<Ty>,
    pub ret: Ty,
    /// Direct calls go only to lower levels (leaves are level 0).
    pub level: usize,
    /// Static bound on instructions executed by one call.
    pub cost: u64,
    /// Its first parameter is a recursion depth in 0..=MAX_REC_DEPTH.
    pub recursive: bool,
    /// Its body (and its recursion group's) is finished.
    pub ready: bool,
    /// The function type, for leaves.
    pub leaf_of: Option<Ty>,
}

/// Everything generated so far that a function body may use.
pub(crate) struct Ctx {
    pub uni: Universe,
    pub globals: Globals,
    pub funcs: Vec<FnInfo>,
    /// The writer functions of the optimiser profile (empty otherwise).
    pub writers: Vec<Writer>,
}

impl Ctx {
    /// The leaf functions of function type `f`.
    pub(crate) fn leaves_of(&self, f: &Ty) -> Vec<String> {
        self.funcs
            .iter()
            .filter(|g| g.leaf_of.as_ref() == Some(f))
            .map(|g| g.name.clone())
            .collect()
    }

    /// The most one call through a pointer of type `f` can cost.
    pub(crate) fn leaf_cost(&self, f: &Ty) -> u64 {
        self.funcs
            .iter()
            .filter(|g| g.leaf_of.as_ref() == Some(f))
            .map(|g| g.cost)
            .max()
            .unwrap_or(0)
    }
}

/// The parameters `%p0`, `%p1`, ... of a function taking `params`.
pub(crate) fn names(params: &[Ty]) -> Vec<(String, Ty)> {
    params
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("p{i}"), t.clone()))
        .collect()
}

/// A writer function: `void @name(i64* %p0, i64 %p1)` stores through `%p0`
/// and into the global word `@global`.
pub(crate) struct Writer {
    /// The function's name.
    pub name: String,
    /// The global word it stores into.
    pub global: String,
    /// Static bound on the instructions one call executes.
    pub cost: u64,
}

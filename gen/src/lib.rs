//! Random LLVMlite programs that are well typed, well defined and terminate,
//! **by construction**.
//!
//! One generator core, [`generate`], draws a program from
//! `arbitrary::Unstructured` bytes. It never fails: when the bytes run out
//! every draw takes its smallest answer, so any byte string gives a program
//! (the shortest give `main` returning a constant). It is used by
//! - [`GenProgram`]'s `arbitrary::Arbitrary` impl (cargo fuzz),
//! - [`GenProgram`]'s `quickcheck::Arbitrary` impl, whose shrinking is
//!   structural and *filtered* (see [`shrink`]),
//! - [`from_seed`] (`lloracle gen --seed N --size S`).
//!
//! Every program passes the checker and returns on the oracle: the
//! generator keeps the invariants in `values` (every reachable slot always
//! holds a defined value of its exact type; stack pointers never outlive
//! their frame), masks shift amounts and dynamic array indices, compares
//! pointers only with `eq`/`ne` and `i1` only with `eq`/`ne`, calls function
//! pointers only at their exact type, bounds loops with counters in
//! entry-block allocas and recursion with a decreasing depth parameter, and
//! bounds the instructions each call can execute (`GenConfig::budget`).
//! [`features()`] measures the breadth of what it generates.
//!
//! Layout: `draw` (infallible draws), `universe` (types), `globals` (global
//! data, one anchor global per data type), `values` (the invariants),
//! `func/` (one function body: `entry` allocas, `expr` values, `memory`
//! GEPs/loads/stores/views, `stmt` control flow, calls, printing),
//! `program` (levels of functions and their cost bounds), `arb` (the three
//! entry points), [`mod@features`] (the histogram), [`mod@shrink`] (filtered
//! structural shrinking).

#![warn(missing_docs)]

mod arb;
mod ctx;
mod draw;
pub mod features;
mod func;
mod globals;
mod program;
pub mod shrink;
mod universe;
mod values;

pub use arb::{from_seed, from_seed_in, from_seed_with, seed_bytes, GenProgram};
pub use features::{features, Feature};

use arbitrary::Unstructured;
use spec::Prog;

/// Bounds on the size of generated programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// Most named struct types (`%s0 = type {...}`).
    pub max_named_types: usize,
    /// Most globals besides the anchor globals (one per data type).
    pub max_globals: usize,
    /// Most helper functions and recursive groups (besides leaves and main).
    pub max_helpers: usize,
    /// Most statements in one statement list.
    pub max_stmts: usize,
    /// Most nesting of if/else and loops.
    pub max_nest: usize,
    /// Most mutable variables (simple entry-block allocas) per function.
    pub max_vars: usize,
    /// Most aggregate allocas per function.
    pub max_aggs: usize,
    /// Most iterations of one loop (literal bounds: 1..=max_iters).
    pub max_iters: u64,
    /// Static bound on the instructions `main` executes (callees included);
    /// helpers get an eighth of it, leaves a sixty-fourth.
    pub budget: u64,
    /// Whether `main` may take `(i64 %argc, i8** %argv)` (only argc is used).
    pub allow_argc: bool,
    /// The dialect programs are written in (`None`: every feature the
    /// oracle accepts). Features it lacks that no rewriting removes are not
    /// generated (aggregate allocas, `T ()` function types, `bitcast` and
    /// out-of-range literal initializers); the rest are rewritten by
    /// [`spec::dialect::lower`] (literals, names, declares).
    pub dialect: Option<spec::dialect::Dialect>,
    /// What the programs are written to exercise ([`Profile`]).
    pub profile: Profile,
}

/// What generated programs are written to exercise. Every profile gives
/// well-typed, well-defined, terminating programs in the configured
/// dialect; the default profile's programs for a seed never change when
/// other profiles are added or changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Profile {
    /// Breadth over the language: every construct of
    /// [`Feature::all()`](features::Feature::all).
    #[default]
    Default,
    /// Programs for optimisers (`lloracle gen --for opt`): besides the
    /// default statements, the patterns of
    /// [`Feature::opt_patterns()`](features::Feature::opt_patterns):
    /// stores and loads through aliases (GEPs, a pointer stored in memory,
    /// bitcasts, a callee writing through a pointer argument), calls that
    /// write globals, dead stores next to live ones, constant expressions at
    /// the 2^62 and 2^63 boundaries, shifts by 63 (literal or a constant
    /// masked with `and 63`), branches on comparisons that fold, loops with
    /// invariant computations and blocks no branch reaches.
    Opt,
}

impl Profile {
    /// The names `lloracle gen --for` takes, in order.
    pub const NAMES: [&'static str; 2] = ["default", "opt"];

    /// The profile called `name` (one of [`Profile::NAMES`]).
    pub fn by_name(name: &str) -> Option<Profile> {
        match name {
            "default" => Some(Profile::Default),
            "opt" => Some(Profile::Opt),
            _ => None,
        }
    }

    /// The profile's name (one of [`Profile::NAMES`]).
    pub fn name(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Opt => "opt",
        }
    }
}

impl Default for GenConfig {
    fn default() -> GenConfig {
        GenConfig::with_size(30)
    }
}

impl GenConfig {
    /// A configuration for size `size` (1..=100; larger is clamped): size 1
    /// gives tiny programs, size 100 programs with a few hundred instructions
    /// that execute up to about 40,000 instructions.
    pub fn with_size(size: usize) -> GenConfig {
        let s = size.clamp(1, 100);
        GenConfig {
            max_named_types: 1 + s / 25,
            max_globals: 1 + s / 30,
            max_helpers: 1 + s / 25,
            max_stmts: 3 + s / 10,
            max_nest: 1 + usize::from(s >= 20) + usize::from(s >= 60),
            max_vars: 2 + s / 30,
            max_aggs: 1 + s / 50,
            max_iters: 6,
            budget: 1000 + 400 * s as u64,
            allow_argc: true,
            dialect: None,
            profile: Profile::Default,
        }
    }

    /// This configuration with programs written in dialect `d`.
    pub fn in_dialect(self, d: Option<spec::dialect::Dialect>) -> GenConfig {
        GenConfig { dialect: d, ..self }
    }

    /// This configuration with programs of profile `p`.
    pub fn with_profile(self, p: Profile) -> GenConfig {
        GenConfig { profile: p, ..self }
    }

    /// True when the configured dialect has feature `f` (always, with no dialect).
    pub fn has(&self, f: spec::dialect::Feature) -> bool {
        !matches!(&self.dialect, Some(d) if !d.has(f))
    }
}

/// Draws a program from `u` within `cfg`. Never fails, whatever the bytes
/// (the `Result` is for `arbitrary`'s conventions); the program checks and
/// returns on the oracle.
pub fn generate(u: &mut Unstructured, cfg: &GenConfig) -> arbitrary::Result<Prog> {
    let prog = program::gen_prog(u, cfg);
    Ok(match &cfg.dialect {
        // Generation avoids every feature lowering cannot remove, so the
        // lowering exists (the dialect tests check it on thousands of seeds).
        Some(d) => spec::dialect::lower(&prog, d).unwrap_or(prog),
        None => prog,
    })
}

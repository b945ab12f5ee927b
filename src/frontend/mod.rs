//! Checking a front end (Oat -> LLVMlite) against the oracle: each Oat
//! test is compiled by the front end under test, its LLVMlite output is
//! parsed, checked and run on the oracle under the course's runtime, and
//! the run is compared with the test's expectation as the course compares
//! it (docs/grading.md, "Front ends").
//!
//! The modules form a line, each using only those before it:
//!
//! ```text
//! tests, import -> settings -> judge -> probe, native -> reference -> reduce
//!   -> trace -> subject -> campaign -> class -> setup
//! ```
//!
//! [`tests`] (the Oat test format, the bundled tests, generated programs
//! as tests), [`import`] (a course's `gradedtests.ml` into that format),
//! [`settings`] (what a campaign checks and how), [`judge`] (one test:
//! compile, read the output, run it on the oracle, compare), [`probe`]
//! (the front end's Oat dialect, from one tiny program per construct),
//! [`native`]
//! (the output built as the course builds it, to explain a verdict),
//! [`reference`](mod@reference) (the course's solution held against every run),
//! [`reduce`] (delta debugging on the Oat source), [`trace`] (the first
//! wrong value of a failing run), [`group`] (the group key of a failing
//! run), [`subject`] (the front end's own step in each stage of the
//! harness's one session driver: judging a test, tracing and reducing
//! its failure, the order of the reductions), [`campaign`] (every
//! test through the session, the report), [`class`] (a class of front
//! ends in one run), [`setup`] (a campaign or a class assembled from what
//! a command line gives).
//!
//! What does not depend on the subject under test is the harness's, and
//! serves back ends, optimisers and front ends alike (docs/architecture.md,
//! "One pipeline for back ends, optimisers and front ends"): the judging
//! stages and their order (`harness::session::run_stages`, which judges,
//! traces and reduces within the budget, shards kept and panics
//! contained, calling [`subject::FrontEnd`]'s own steps), the tests not reached
//! (`harness::campaign::add_not_reached`), the saved reductions
//! (`harness::saved::save_reduced`), the worker pools
//! (`harness::threads`) and the class run (`harness::class`, for which
//! [`class`] is only the front end's subject).

pub mod campaign;
pub mod class;
pub mod group;
pub mod import;
pub mod judge;
pub mod native;
pub mod probe;
pub mod reduce;
pub mod reference;
pub mod rejection;
pub mod settings;
pub mod setup;
pub mod subject;
pub mod tests;
pub mod trace;

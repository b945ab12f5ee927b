//! Checking a compiler or an optimiser against the oracle: print each
//! program, run the compiler under test on it, run what it produced,
//! compare with the oracle, sort the differences into [`Category`]s,
//! reduce failing programs, group failures by cause, and report.
//!
//! The modules form a line; each uses only those before it:
//!
//! ```text
//! types -> budget, shard -> course -> dialect -> target -> compiler -> judge
//!   -> optimiser -> reduce -> group -> cases -> session -> unmask -> reference
//!   -> probe -> report -> campaign; mutation (after session)
//! ```
//!
//! [`types`] (the shared vocabulary: cases, verdicts, categories, the
//! interrupt flag), [`budget`] (a campaign's time budget), [`shard`] (a
//! campaign split over machines), [`course`] (a course driver's runtime,
//! link flags and entry), [`dialect`] (each case in the compiler's dialect,
//! or not sent), [`target`] (the compiler under test and how to speak to
//! it, resolved once), [`compiler`] (building and running what it makes),
//! [`judge`] (one program and its runs against the oracle), [`optimiser`]
//! (for an optimiser: which function broke, what it saved), [`reduce`]
//! (delta debugging with `gen::shrink`'s edits), [`group`] (failures
//! grouped by cause; the reduction budget spread over the groups),
//! [`cases`] (the corpus and random programs), [`session`] (many programs
//! in parallel), [`unmask`] (a second set of programs without a construct
//! the compiler rejects), [`reference`] (the course's reference solution
//! as a baseline), [`probe`] (which dialect a compiler reads), [`report`]
//! (terminal, JSON, Gradescope, JUnit), [`campaign`] (plan, run, report
//! files: what every command shares), [`mutation`] (the harness's own
//! mutation score on the built-in back end's mutants).

pub mod budget;
pub mod campaign;
pub mod cases;
pub mod class;
pub mod compiler;
pub mod course;
pub mod dialect;
pub mod group;
pub mod judge;
pub mod mutation;
pub mod optimiser;
pub mod probe;
pub mod reduce;
pub mod reference;
pub mod report;
pub mod session;
pub mod shard;
pub mod target;
pub mod types;
pub mod unmask;

pub use target::{Compiler, Emit, Target};
pub use types::{Category, RunVerdict};

//! Checking a compiler or an optimiser against the oracle (issue 7):
//! print each program, run the compiler under test on it, run what it
//! produced, compare with the oracle, sort the differences into
//! [`Category`]s, reduce every failing program, and report.
//!
//! Layout: [`budget`] (the campaign's time budget), [`compiler`]
//! (the thing under test: the built-in back end, a compile command, an
//! optimiser command), [`course`] (a course driver's runtime, link flags
//! and entry), [`dialect`] (each case in the compiler's dialect, or not
//! sent), [`probe`] (which dialect a compiler reads), [`judge`] (one
//! program and its runs against the oracle), [`reduce`] (delta debugging
//! with `gen::shrink`'s edits), [`session`] (many programs in parallel),
//! [`group`] (failures grouped by cause; the reduction budget spread over
//! the groups), [`report`] (terminal, JSON, Gradescope, JUnit), [`shard`]
//! (a campaign split over machines).

pub mod budget;
pub mod compiler;
pub mod course;
pub mod dialect;
pub mod group;
pub mod judge;
pub mod probe;
pub mod reduce;
pub mod report;
pub mod session;
pub mod shard;

pub use compiler::{Compiler, Emit};
pub use judge::{Category, RunVerdict};

//! Checking a compiler or an optimiser against the oracle (issue 7):
//! print each program, run the compiler under test on it, run what it
//! produced, compare with the oracle, sort the differences into
//! [`Category`]s, reduce every failing program, and report.
//!
//! Layout: [`budget`] (the campaign's time budget), [`compiler`]
//! (the thing under test: the built-in back end, a compile command, an
//! optimiser command), [`judge`] (one program and its runs against the
//! oracle), [`reduce`] (delta debugging with `gen::shrink`'s edits),
//! [`session`] (many programs in parallel), [`group`] (failures grouped by
//! cause; the reduction budget spread over the groups), [`report`]
//! (terminal, JSON, Gradescope, JUnit), [`shard`] (a campaign split over
//! machines).

pub mod budget;
pub mod compiler;
pub mod group;
pub mod judge;
pub mod reduce;
pub mod report;
pub mod session;
pub mod shard;

pub use compiler::{Compiler, Emit};
pub use judge::{Category, RunVerdict};

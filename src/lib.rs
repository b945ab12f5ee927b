//! lloracle as a library: the pieces of the command-line package that its
//! tests share. [`corpus`] reads the corpus programs and the expectations
//! written in their `; CHECK-...` comment lines (docs/corpus-format.md).

/// The benchmarks behind `lloracle bench`: races of engines, campaign rows.
pub mod bench;
pub mod corpus;
pub mod frontend;
/// The differential pipeline of `lloracle fuzz-diff`: oracle against the
/// built-in back end on generated programs.
pub mod fuzz_diff;
pub mod harness;
/// Reading input files with a size cap, and loading a program from one
/// (parsed and checked, or the outcome and diagnostics that stopped it).
pub mod input;
/// The Gradescope autograder kit.
pub mod kit;
pub mod output;
/// The progress display of a campaign on stderr.
pub mod progress;

//! lloracle as a library: the pieces of the command-line package that its
//! tests share. [`corpus`] reads the corpus programs and the expectations
//! written in their `; CHECK-...` comment lines (docs/corpus-format.md).

pub mod bench;
pub mod corpus;
pub mod frontend;
pub mod fuzz_diff;
pub mod harness;
pub mod input;
pub mod kit;
pub mod output;
pub mod progress;

//! Checking a front end (Oat -> LLVMlite) against the oracle: each Oat
//! test is compiled by the front end under test, its LLVMlite output is
//! parsed, checked and run on the oracle under the course's runtime, and
//! the run is compared with the test's expectation as the course compares
//! it (docs/grading.md, "Front ends").
//!
//! The modules form a line, each using only those before it:
//!
//! ```text
//! tests, import -> build -> judge -> native -> reference -> reduce -> campaign
//! ```
//!
//! [`tests`] (the Oat test format and the bundled tests), [`import`] (a
//! course's `gradedtests.ml` into that format).

pub mod import;
pub mod tests;

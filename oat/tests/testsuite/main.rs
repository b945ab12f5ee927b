//! The tests of the `oat` crate, in one test binary (the layout of cargo's
//! own `tests/testsuite`): one module per topic, each with its own module
//! documentation (docs/architecture.md, "Tests").

mod dialect;
mod eval;
mod frontend;
mod gen;
mod mutants;
mod parse;

//! The tests of the reference back end and its native runner, in one test binary (the layout of cargo's own
//! `tests/testsuite`): one module per topic, each with its own module
//! documentation. One binary links the dependency graph once, where one
//! binary per file linked it once per file (docs/architecture.md, "Tests").
//!
//! Tests here share one process: none may change the environment, the
//! current directory or signal dispositions of the test process, and state
//! they share (a `static`) must not make one test depend on another's timing.

mod att_bytes;
mod att_run;
mod common;
mod corpus_native;
mod generated;
mod isel_shape;
mod programs;
mod runner;
mod worker;

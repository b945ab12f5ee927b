//! The tests of the oracle (the interpreter), in one test binary (the layout of cargo's own
//! `tests/testsuite`): one module per topic, each with its own module
//! documentation. One binary links the dependency graph once, where one
//! binary per file linked it once per file (docs/architecture.md, "Tests").
//!
//! Tests here share one process: none may change the environment, the
//! current directory or signal dispositions of the test process, and state
//! they share (a `static`) must not make one test depend on another's timing.

mod bench_programs;
mod common;
mod course_runtimes;
mod divergences;
mod equal_recursive_named_types;
mod instructions;
mod limits;
mod llvm_memory;
mod named_types;
mod runtime;
mod spec_examples;
mod trace;
mod unchecked;
mod undefined;

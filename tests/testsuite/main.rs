//! The command-line and harness tests of lloracle, in one test binary (the layout of cargo's own
//! `tests/testsuite`): one module per topic, each with its own module
//! documentation. One binary links the dependency graph once, where one
//! binary per file linked it once per file (docs/architecture.md, "Tests").
//!
//! Tests here share one process: none may change the environment, the
//! current directory or signal dispositions of the test process, and state
//! they share (a `static`) must not make one test depend on another's timing.

mod allocators;
mod autograder;
mod build_script;
mod cli_bench;
mod cli_corpus;
mod cli_dialect;
mod cli_gen;
mod cli_hostile;
mod cli_import_tests;
mod cli_recover;
mod cli_run;
mod common;
mod conformance;
mod corpus_coverage;
mod course_grades;
mod course_workflow;
mod dialect;
mod dialect_session;
mod docs;
mod fast_paths;
mod first_wrong;
mod frontend;
mod frontend_campaign;
mod grade_class;
mod groups;
mod hostile;
mod import_cycles;
mod install;
mod isolation;
mod link_paths;
mod llvm_crosscheck;
mod memory_models;
mod oat_bundled;
mod oat_dialects;
mod opt_profile_catches;
mod optimiser;
mod recover_corpus;
mod reduce_size;
mod rejections;
mod reports;
mod reproduce;
mod runtime_cc;
mod runtimes;
mod test_binaries;
mod test_compiler;

//! The reference LLVMlite to x86-64 back end (not built yet).
//!
//! This crate will compile a checked `spec::Prog` to x86-64 machine code with
//! iced-x86's `CodeAssembler`, following the System V ABI and the course data
//! layout of `spec::layout`, emit the same instruction selection as AT&T
//! assembly text, and run machine code in a sandboxed child process, reporting
//! a `spec::Outcome` comparable with the oracle's.

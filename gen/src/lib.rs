//! Random LLVMlite programs (not built yet).
//!
//! This crate will draw well-typed, well-defined, terminating programs from
//! `arbitrary::Unstructured` bytes (for cargo fuzz) and from quickcheck (with
//! structural shrinking), so that every program it makes checks and returns on
//! the oracle.

//! LLVMlite as a library: the abstract syntax ([`ast`]), source positions
//! ([`span`]), diagnostics ([`diag`]), the spec's type functions FLATTEN,
//! PTRTOI8, compatibility and GEPTY ([`types`]), the course data layout
//! ([`layout`]), the outcome of a run ([`outcome`]) and the dialects of
//! the compilers that read LLVMlite ([`dialect`]: features, course
//! profiles, lowering into a dialect).
//!
//! The normative text is the LLVMlite document (shared/seeds/000_*.txt);
//! the decisions it leaves open are in shared/spec/ORACLE-SEMANTICS.md.

pub mod ast;
pub mod check;
pub mod diag;
pub mod dialect;
pub mod layout;
pub mod opaque;
pub mod outcome;
pub mod parse;
pub mod print;
pub mod span;
pub mod types;
pub mod visit;

pub use ast::*;
pub use check::check;
pub use diag::{Diagnostic, LocatedDiagnostic};
pub use opaque::erase_pointee_types;
pub use outcome::{LimitKind, Location, Outcome, UndefinedKind};
pub use parse::parse;
pub use print::print;
pub use span::{Source, Span};
pub use types::{GepTyError, TypeEnv};

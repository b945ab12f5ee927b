//! LLVMlite as a library: the abstract syntax ([`ast`]), source positions
//! ([`span`]), diagnostics ([`diag`]), the spec's type functions FLATTEN,
//! PTRTOI8, compatibility and GEPTY ([`types`]), the course data layout
//! ([`layout`]), the stack budget ([`limits`]), the outcome of a run
//! ([`outcome`]) and the dialects of the compilers that read LLVMlite
//! ([`dialect`]: features, course profiles, lowering into a dialect).
//!
//! The normative text is the LLVMlite specification (the course handout);
//! the decisions it leaves open are in docs/semantics.md.

pub mod ast;
pub mod check;
pub mod diag;
pub mod dialect;
mod extent;
pub mod layout;
pub mod limits;
pub mod opaque;
pub mod outcome;
pub mod parse;
pub mod print;
pub mod runtime;
pub mod span;
pub mod syscall;
pub mod types;
pub mod visit;

pub use ast::*;
pub use check::check;
pub use diag::{Diagnostic, LocatedDiagnostic};
pub use opaque::erase_pointee_types;
pub use outcome::{LimitKind, Location, Outcome, UndefinedKind};
pub use parse::parse;
pub use print::print;
pub use runtime::RuntimeName;
pub use span::{Source, Span};
pub use types::{GepTyError, TypeEnv};

/// Why a text is not a well-formed LLVMlite program: it does not parse
/// (one diagnostic), or it parses and breaks well-formedness rules (every
/// diagnostic of the checker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The parser's diagnostic.
    Malformed(Diagnostic),
    /// The checker's diagnostics (at least one).
    IllTyped(Vec<Diagnostic>),
}

impl Rejection {
    /// The first diagnostic.
    pub fn first(&self) -> Diagnostic {
        match self {
            Rejection::Malformed(d) => d.clone(),
            Rejection::IllTyped(ds) => ds
                .first()
                .cloned()
                .unwrap_or_else(|| Diagnostic::new("check", Span::DUMMY, "ill-typed")),
        }
    }

    /// Every diagnostic rendered with its source lines and carets.
    pub fn render(&self, src: &Source) -> String {
        match self {
            Rejection::Malformed(d) => d.render(src),
            Rejection::IllTyped(ds) => ds.iter().map(|d| d.render(src)).collect(),
        }
    }
}

/// `src` parsed and checked: the program, or why it is rejected. The one
/// parse-then-check every reader of programs (the CLI, the corpus, the
/// harness) goes through.
pub fn parse_and_check(src: &Source) -> Result<Prog, Rejection> {
    parse_and_check_with(src, &check::CheckOptions::default())
}

/// [`parse_and_check`] with checker options (the entry function, the
/// course runtime).
pub fn parse_and_check_with(src: &Source, opts: &check::CheckOptions) -> Result<Prog, Rejection> {
    let p = parse(src).map_err(Rejection::Malformed)?;
    check::check_with(&p, opts).map_err(Rejection::IllTyped)?;
    Ok(p)
}

//! The parser (being built): the spec's syntax and the LLVM 3.7+ syntax.

use crate::ast::Prog;
use crate::diag::{Diagnostic, SYNTAX_RULE};
use crate::span::{Source, Span};

/// Parses a whole LLVMlite file. Never panics; the error says where the text
/// stops making sense, what was expected and what was found.
pub fn parse(src: &Source) -> Result<Prog, Diagnostic> {
    let _ = src;
    Err(Diagnostic::new(
        SYNTAX_RULE,
        Span::DUMMY,
        "the parser is not built yet",
    ))
}

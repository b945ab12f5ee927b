//! Why a program could not be compiled or run natively.

use spec::Span;
use std::fmt;

/// A compilation or native-run failure: where (function and source span, when
/// known) and what. A checked program only fails for limits of the back end
/// (a frame larger than 2 GiB) or of the host (mmap, fork).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenError {
    /// The LLVMlite function being compiled (empty when none).
    pub function: String,
    /// The place in the source, or `Span::DUMMY`.
    pub span: Span,
    /// What went wrong and what was expected.
    pub message: String,
}

impl CodegenError {
    /// An error in `function` at `span`.
    pub fn new(function: &str, span: Span, message: impl Into<String>) -> CodegenError {
        CodegenError {
            function: function.to_string(),
            span,
            message: message.into(),
        }
    }

    /// An error that belongs to no function (runner setup, encoding).
    pub fn global(message: impl Into<String>) -> CodegenError {
        CodegenError::new("", Span::DUMMY, message)
    }
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.function.is_empty() {
            write!(f, "codegen: {}", self.message)
        } else {
            write!(f, "codegen: in @{}: {}", self.function, self.message)
        }
    }
}

impl std::error::Error for CodegenError {}

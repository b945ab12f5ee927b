//! Diagnostics: what the parser or the checker found wrong, where, and which
//! rule it breaks; rendered like a compiler's message (source line and caret)
//! or as JSON.

use crate::span::{Source, Span};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor};

/// The rule id of every parse error (`CHECK-MALFORMED` programs).
pub const SYNTAX_RULE: &str = "syntax";

/// One problem found in a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable kebab-case id of the rule broken (`syntax` for parse errors).
    pub rule: String,
    /// What is wrong: what was expected and what was found.
    pub message: String,
    /// Where.
    pub span: Span,
    /// Further explanation lines (e.g. where a name was first defined).
    pub notes: Vec<String>,
}

/// A diagnostic with its place resolved to file, line and column, the shape
/// of the JSON `diagnostics` entries of docs/semantics.md.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LocatedDiagnostic {
    /// The rule id.
    pub rule: String,
    /// The message.
    pub message: String,
    /// The file name.
    pub file: String,
    /// 1-based line (0 when the node has no source text).
    pub line: u32,
    /// 1-based column (0 when the node has no source text).
    pub col: u32,
}

impl Diagnostic {
    /// A diagnostic for `rule` at `span`.
    pub fn new(rule: impl Into<String>, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule: rule.into(),
            message: message.into(),
            span,
            notes: Vec::new(),
        }
    }

    /// This diagnostic with one more note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// File, line and column of this diagnostic in `src`.
    pub fn locate(&self, src: &Source) -> LocatedDiagnostic {
        let (line, col) = if self.span.is_dummy() && src.text.is_empty() {
            (0, 0)
        } else {
            src.line_col(self.span.lo)
        };
        LocatedDiagnostic {
            rule: self.rule.clone(),
            message: self.message.clone(),
            file: src.name.clone(),
            line,
            col,
        }
    }

    /// The message as a compiler prints it: `file:line:col: error[rule]: ...`,
    /// then the source line with a caret under the span (no colours).
    pub fn render(&self, src: &Source) -> String {
        let mut out = termcolor::NoColor::new(Vec::new());
        self.emit(src, &mut out);
        String::from_utf8_lossy(&out.into_inner()).into_owned()
    }

    /// Writes the rendered message to `out` (which may colour it).
    pub fn emit(&self, src: &Source, out: &mut dyn termcolor::WriteColor) {
        let file = SimpleFile::new(src.name.as_str(), src.text.as_str());
        let len = src.text.len();
        let lo = (self.span.lo as usize).min(len);
        let hi = (self.span.hi as usize).clamp(lo, len);
        let cs = CsDiagnostic::error()
            .with_message(&self.message)
            .with_code(&self.rule)
            .with_labels(vec![Label::primary((), lo..hi)])
            .with_notes(self.notes.clone());
        let config = term::Config::default();
        if term::emit(out, &config, &file, &cs).is_err() {
            let (line, col) = src.line_col(self.span.lo);
            let _ = writeln!(
                out,
                "{}:{line}:{col}: error[{}]: {}",
                src.name, self.rule, self.message
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_names_file_line_rule_and_caret() {
        let src = Source::new("t.ll", "define i64 @main() {\n  ret i64 %x\n}\n");
        let d = Diagnostic::new("local-defined", Span::new(31, 33), "%x is not defined");
        let text = d.render(&src);
        assert!(
            text.contains("error[local-defined]: %x is not defined"),
            "{text}"
        );
        assert!(text.contains("t.ll:2:11"), "{text}");
        assert!(text.contains("^^"), "{text}");
        let loc = d.locate(&src);
        assert_eq!((loc.line, loc.col), (2, 11));
    }
}

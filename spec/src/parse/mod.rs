//! The parser: LLVMlite text to the [`Prog`] tree.
//!
//! Two concrete syntaxes are read, mixed freely in one file: the spec's own
//! (`%x = load i64* %p`, `getelementptr %T* %p, i32 0, i32 1`) and LLVM
//! 3.7+'s (`load i64, i64* %p`, `getelementptr %T, %T* %p, i64 0, i32 1`);
//! both give the same tree. The parser is hand-written over a token list
//! (`lexer`), one function per syntactic category, in the files
//! `toplevel` (program, definitions), `types`, `ginit` (global
//! initializers) and `insn` (CFGs, instructions, terminators, operands).
//!
//! It never panics, whatever the bytes; nesting of types and initializers
//! is capped at [`MAX_DEPTH`] so no input can exhaust the stack. The first
//! problem is reported as a [`Diagnostic`] with rule [`SYNTAX_RULE`], the
//! span of the offending token and a message "expected X, found Y".

mod ginit;
mod insn;
mod lexer;
mod old_call;
mod toplevel;
mod types;

use crate::ast::Prog;
use crate::diag::{Diagnostic, SYNTAX_RULE};
use crate::span::{Source, Span};
use lexer::{Tok, Token};
use std::collections::HashSet;

/// The deepest nesting of a type (`{`, `[`, `*`, function types) or of a
/// global initializer the parser accepts; deeper input is a syntax error.
pub const MAX_DEPTH: usize = 256;

/// Parses a whole LLVMlite file. Never panics; the error says where the text
/// stops making sense, what was expected and what was found.
pub fn parse(src: &Source) -> Result<Prog, Diagnostic> {
    let mut p = Parser::new(&src.text);
    let mut prog = p.program()?;
    old_call::resolve_old_calls(&mut prog, &p.old_calls);
    Ok(prog)
}

/// How a text writes something its tree does not keep, for dialects
/// (`spec::dialect::uses_in_text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxFact {
    /// `load T, T* OP` / `getelementptr T, T* OP, ...` (LLVM 3.7+).
    TypedLoadGep,
    /// `load T* OP` / `getelementptr T* OP, ...` (the spec's).
    SpecLoadGep,
    /// An integer literal written with a minus sign.
    NegativeLiteral,
    /// `true` or `false`.
    TrueFalse,
    /// A quoted name or label (`%"1"`, `"l":`).
    QuotedName,
    /// An unquoted `%name` or `@name` (the span includes the sigil).
    PlainName,
    /// An unquoted block label definition `name:` (the span includes `:`).
    PlainLabel,
    /// LLVM syntax outside LLVMlite's: `target` / `source_filename` lines,
    /// `inbounds`, `constant`, a call written with its function type, an
    /// entry block label other than `entry:`.
    LlvmExtra,
    /// A GEP index written `i64 OP` (the span covers both; whether it
    /// selects a struct field, which LLVM writes `i32`, takes the types).
    I64Index,
}

/// [`parse`], and every [`SyntaxFact`] of the text with its span, in text
/// order.
pub fn parse_with_facts(src: &Source) -> Result<(Prog, Vec<(SyntaxFact, Span)>), Diagnostic> {
    let mut p = Parser::new(&src.text);
    let mut prog = p.program()?;
    old_call::resolve_old_calls(&mut prog, &p.old_calls);
    let mut facts = p.facts;
    let mut prev = &Tok::Eof;
    for t in &p.toks {
        let text = src
            .text
            .get(t.span.lo as usize..t.span.hi as usize)
            .unwrap_or("");
        // A label right after `{` labels an entry block: LLVM's, which
        // the course parsers read only as `entry:`.
        let entry_label = matches!(t.tok, Tok::Label(_)) && *prev == Tok::LBrace;
        prev = &t.tok;
        if entry_label {
            if text == "entry:" {
                continue;
            }
            facts.push((SyntaxFact::LlvmExtra, t.span));
        }
        let fact = match &t.tok {
            Tok::Local(_) | Tok::Global(_) if text.get(1..).is_some_and(|r| r.starts_with('"')) => {
                SyntaxFact::QuotedName
            }
            Tok::Local(_) | Tok::Global(_) => SyntaxFact::PlainName,
            Tok::Label(_) if text.starts_with('"') => SyntaxFact::QuotedName,
            Tok::Label(_) => SyntaxFact::PlainLabel,
            Tok::Int if text.starts_with('-') => SyntaxFact::NegativeLiteral,
            Tok::Word => match text {
                "true" | "false" => SyntaxFact::TrueFalse,
                "target" | "source_filename" | "inbounds" | "constant" => SyntaxFact::LlvmExtra,
                _ => continue,
            },
            _ => continue,
        };
        facts.push((fact, t.span));
    }
    facts.sort_by_key(|(_, s)| s.lo);
    Ok((prog, facts))
}

/// The result of one parsing function.
type PResult<T> = Result<T, Diagnostic>;

/// The parser's state: the tokens and the position in them.
struct Parser<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// The end of the last token consumed (for spans of whole nodes).
    prev_end: u32,
    /// Where the callee of each call written with a function pointer type
    /// starts (`call i64 (i64)* @f(...)`), for `old_call`.
    old_calls: HashSet<u32>,
    /// Facts only the parser sees (which load/gep syntax, a call's
    /// function type), for [`parse_with_facts`].
    facts: Vec<(SyntaxFact, Span)>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            toks: lexer::lex(text),
            pos: 0,
            prev_end: 0,
            old_calls: HashSet::new(),
            facts: Vec::new(),
        }
    }

    /// The current token (the lexer always ends the list with `Eof` or
    /// `Error`, and the parser never moves past that last token).
    fn peek(&self) -> &Tok {
        self.toks.get(self.pos).map_or(&Tok::Eof, |t| &t.tok)
    }

    /// The token after the current one.
    fn peek2(&self) -> &Tok {
        self.toks.get(self.pos + 1).map_or(&Tok::Eof, |t| &t.tok)
    }

    /// The span of the current token.
    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .map_or_else(|| Span::new(self.text.len(), self.text.len()), |t| t.span)
    }

    /// The text of the current token.
    fn text_of(&self, span: Span) -> &'a str {
        self.text
            .get(span.lo as usize..span.hi as usize)
            .unwrap_or("")
    }

    /// True if the current token is the bare word `w`.
    fn at_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word) && self.text_of(self.span()) == w
    }

    /// Consumes the current token and returns its span (never moves past
    /// the final `Eof` / `Error` token).
    fn bump(&mut self) -> Span {
        match self.toks.get(self.pos) {
            Some(t) if !matches!(t.tok, Tok::Eof | Tok::Error(_)) => {
                self.pos += 1;
                self.prev_end = t.span.hi;
                t.span
            }
            _ => self.span(),
        }
    }

    /// The span from `lo` to the end of the last consumed token.
    fn since(&self, lo: Span) -> Span {
        Span {
            lo: lo.lo,
            hi: self.prev_end.max(lo.lo),
        }
    }

    /// How the current token is named in messages: its text in backquotes.
    fn found(&self) -> String {
        match self.peek() {
            Tok::Eof => "end of file".to_string(),
            Tok::Str(_) => "a string constant".to_string(),
            _ => {
                let text = self.text_of(self.span());
                let short: String = text.chars().take(40).collect();
                let dots = if short.len() < text.len() { "..." } else { "" };
                format!("`{short}{dots}`")
            }
        }
    }

    /// The error "expected WHAT, found <current token>" at the current
    /// token; a lexical error there is reported instead.
    fn expected<T>(&self, what: &str) -> PResult<T> {
        if let Tok::Error(msg) = self.peek() {
            return Err(Diagnostic::new(SYNTAX_RULE, self.span(), msg.clone()));
        }
        Err(Diagnostic::new(
            SYNTAX_RULE,
            self.span(),
            format!("expected {what}, found {}", self.found()),
        ))
    }

    /// Consumes `tok` (a punctuation token) or fails naming `what`.
    fn expect(&mut self, tok: Tok, what: &str) -> PResult<Span> {
        if *self.peek() == tok {
            Ok(self.bump())
        } else {
            self.expected(what)
        }
    }

    /// Consumes the bare word `w` or fails.
    fn expect_word(&mut self, w: &str) -> PResult<Span> {
        if self.at_word(w) {
            Ok(self.bump())
        } else {
            self.expected(&format!("`{w}`"))
        }
    }

    /// Consumes `tok` if it is the current token.
    fn eat(&mut self, tok: Tok) -> bool {
        if *self.peek() == tok {
            self.bump();
            true
        } else {
            false
        }
    }

    /// A comma-separated list between `open` and `close` (already known to
    /// be at `open`), each element read by `elem`.
    fn list<T>(
        &mut self,
        close: Tok,
        close_name: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        self.bump();
        let mut out = Vec::new();
        if self.eat(close.clone()) {
            return Ok(out);
        }
        loop {
            out.push(elem(self)?);
            if self.eat(close.clone()) {
                return Ok(out);
            }
            if !self.eat(Tok::Comma) {
                return self.expected(&format!("`,` or `{close_name}`"));
            }
        }
    }

    /// The error for nesting deeper than [`MAX_DEPTH`] at the current token.
    fn too_deep<T>(&self, what: &str) -> PResult<T> {
        Err(Diagnostic::new(
            SYNTAX_RULE,
            self.span(),
            format!(
                "expected at most {MAX_DEPTH} levels of nested {what}, found deeper nesting at {}",
                self.found()
            ),
        ))
    }
}

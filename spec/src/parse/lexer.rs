//! The lexer: LLVMlite source bytes to tokens, in one pass without
//! backtracking. Whitespace (including CRLF line ends) and `;` comments are
//! skipped; newlines carry no meaning.
//!
//! Lexical problems that make the rest of the text unreadable (an
//! unterminated string, a malformed name) end the token list with a
//! [`Tok::Error`]; a stray byte becomes a [`Tok::Junk`] token so that the
//! parser can say what it expected in its place.

use crate::span::Span;

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// `%name`, `%1`, `%"any text"`: a local, a type name or a branch target.
    Local(String),
    /// `@name`, `@"any text"`: a global or function.
    Global(String),
    /// `name:`, `3:`, `"x y":`: a block label definition.
    Label(String),
    /// A bare word: a keyword (`define`, `add`, `i64`, `x`, ...).
    Word,
    /// An integer literal `-?[0-9]+` (its value is read where it is used,
    /// which knows the range it must fall in).
    Int,
    /// `c"..."`: a string constant, escapes decoded.
    Str(Vec<u8>),
    /// `"..."` that is neither a name nor a label (as in `target triple = "..."`).
    QStr,
    /// `=`
    Eq,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// A character that starts no token.
    Junk,
    /// A lexical error (the message says what was expected); lexing stopped here.
    Error(String),
    /// The end of the text.
    Eof,
}

/// A token and the bytes it was read from.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    /// What it is.
    pub tok: Tok,
    /// Where it is.
    pub span: Span,
}

/// True for the bytes of a bare name or word: LLVM's `[-a-zA-Z$._0-9]`.
pub(crate) fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')
}

/// Splits `text` into tokens; the last token is [`Tok::Eof`] or [`Tok::Error`].
pub(crate) fn lex(text: &str) -> Vec<Token> {
    // A UTF-8 byte order mark, as some editors write, is not text.
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut lx = Lexer {
        bytes: text.as_bytes(),
        pos: start,
        out: Vec::with_capacity(text.len() / 3 + 1),
    };
    lx.run();
    lx.out
}

struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    out: Vec<Token>,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn push(&mut self, tok: Tok, lo: usize) {
        self.out.push(Token {
            tok,
            span: Span::new(lo, self.pos),
        });
    }

    /// Pushes a lexical error token; lexing stops after it.
    fn fail(&mut self, lo: usize, msg: String) {
        self.push(Tok::Error(msg), lo);
    }

    fn run(&mut self) {
        while let Some(b) = self.peek() {
            let lo = self.pos;
            match b {
                b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' => self.pos += 1,
                b';' => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.pos += 1;
                    }
                }
                b'=' | b',' | b'*' | b'(' | b')' | b'{' | b'}' | b'[' | b']' => {
                    self.pos += 1;
                    let tok = match b {
                        b'=' => Tok::Eq,
                        b',' => Tok::Comma,
                        b'*' => Tok::Star,
                        b'(' => Tok::LParen,
                        b')' => Tok::RParen,
                        b'{' => Tok::LBrace,
                        b'}' => Tok::RBrace,
                        b'[' => Tok::LBracket,
                        _ => Tok::RBracket,
                    };
                    self.push(tok, lo);
                }
                b'%' | b'@' => {
                    if !self.sigil_name(b) {
                        return;
                    }
                }
                b'"' => {
                    let Some(bytes) = self.quoted(lo) else {
                        return;
                    };
                    if self.peek() == Some(b':') {
                        self.pos += 1;
                        let Some(name) = self.name_text(lo, bytes) else {
                            return;
                        };
                        self.push(Tok::Label(name), lo);
                    } else {
                        self.push(Tok::QStr, lo);
                    }
                }
                _ if is_name_byte(b) => {
                    if !self.bare(lo) {
                        return;
                    }
                }
                _ => {
                    // One whole character (the text is UTF-8), so the token's
                    // text can be shown.
                    self.pos += 1;
                    while self.peek().is_some_and(|c| c & 0xC0 == 0x80) {
                        self.pos += 1;
                    }
                    self.push(Tok::Junk, lo);
                }
            }
        }
        let end = self.pos;
        self.push(Tok::Eof, end);
    }

    /// A run of name bytes: a label (`run:`), a string constant (`c"..."`),
    /// an integer or a word. False when lexing must stop.
    fn bare(&mut self, lo: usize) -> bool {
        while self.peek().is_some_and(is_name_byte) {
            self.pos += 1;
        }
        let run = &self.bytes[lo..self.pos];
        if self.peek() == Some(b':') {
            self.pos += 1;
            let name = String::from_utf8_lossy(run).into_owned();
            self.push(Tok::Label(name), lo);
            return true;
        }
        if run == b"c" && self.peek() == Some(b'"') {
            return match self.quoted(lo) {
                Some(bytes) => {
                    self.push(Tok::Str(bytes), lo);
                    true
                }
                None => false,
            };
        }
        let digits = run.strip_prefix(b"-").unwrap_or(run);
        let tok = if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
            Tok::Int
        } else {
            Tok::Word
        };
        self.push(tok, lo);
        true
    }

    /// `%name` / `@name` / `%"text"` / `@"text"`. False when lexing must stop.
    fn sigil_name(&mut self, sigil: u8) -> bool {
        let lo = self.pos;
        self.pos += 1;
        let name = match self.peek() {
            Some(b'"') => {
                let Some(bytes) = self.quoted(lo) else {
                    return false;
                };
                match self.name_text(lo, bytes) {
                    Some(name) => name,
                    None => return false,
                }
            }
            Some(b) if is_name_byte(b) => {
                let start = self.pos;
                while self.peek().is_some_and(is_name_byte) {
                    self.pos += 1;
                }
                String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned()
            }
            _ => {
                let found = found_after(self.bytes, self.pos);
                self.fail(
                    lo,
                    format!(
                        "expected a name after `{}`, found {found}",
                        char::from(sigil)
                    ),
                );
                return false;
            }
        };
        let tok = if sigil == b'%' {
            Tok::Local(name)
        } else {
            Tok::Global(name)
        };
        self.push(tok, lo);
        true
    }

    /// The bytes of a quoted text starting at the `"` under `self.pos`, with
    /// LLVM's escapes decoded (`\\` and `\HH`; any other `\` stays as is).
    /// `lo` is where the token started. None (after an error token) when
    /// the closing quote is missing.
    fn quoted(&mut self, lo: usize) -> Option<Vec<u8>> {
        self.pos += 1;
        let start = self.pos;
        let Some(len) = self.bytes[start..].iter().position(|&b| b == b'"') else {
            self.pos = self.bytes.len();
            self.fail(
                lo,
                "expected a closing `\"` for this string, found end of file".to_string(),
            );
            return None;
        };
        self.pos = start + len + 1;
        Some(unescape(&self.bytes[start..start + len]))
    }

    /// A quoted name's text: not empty, no NUL byte, valid UTF-8 (as LLVM
    /// requires). None (after an error token) otherwise.
    fn name_text(&mut self, lo: usize, bytes: Vec<u8>) -> Option<String> {
        let problem = if bytes.is_empty() {
            "expected a name between the quotes, found an empty name"
        } else if bytes.contains(&0) {
            "expected a name without NUL bytes, found `\\00` in a quoted name"
        } else {
            match String::from_utf8(bytes) {
                Ok(name) => return Some(name),
                Err(_) => "expected a name that is valid UTF-8, found invalid escapes",
            }
        };
        self.fail(lo, problem.to_string());
        None
    }
}

/// Decodes LLVM's escapes in quoted text: `\\` is `\`, `\HH` is the byte
/// with hex value HH; any other backslash stays as is.
pub(crate) fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'\\' {
            if raw.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let hi = raw.get(i + 1).and_then(|&c| hex(c));
            let lo = raw.get(i + 2).and_then(|&c| hex(c));
            if let (Some(hi), Some(lo)) = (hi, lo) {
                out.push(hi * 16 + lo);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// How to name what follows position `pos` in an error message.
fn found_after(bytes: &[u8], pos: usize) -> String {
    match bytes
        .get(pos..)
        .and_then(|rest| std::str::from_utf8(rest).ok())
    {
        Some(rest) => match rest.chars().next() {
            None => "end of file".to_string(),
            Some(c) if c.is_whitespace() => "white space".to_string(),
            Some(c) => format!("`{c}`"),
        },
        None => "a non-text byte".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn names_labels_words_and_ints() {
        assert_eq!(
            toks("%a.b_1 @\"x\\22y\" 3: \"l m\": -42 i64* ; c\r\n"),
            vec![
                Tok::Local("a.b_1".into()),
                Tok::Global("x\"y".into()),
                Tok::Label("3".into()),
                Tok::Label("l m".into()),
                Tok::Int,
                Tok::Word,
                Tok::Star,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(toks("\u{feff}i64"), vec![Tok::Word, Tok::Eof]);
        let span = lex("\u{feff}i64")[0].span;
        assert_eq!((span.lo, span.hi), (3, 6));
    }

    #[test]
    fn string_constants_decode_escapes() {
        assert_eq!(
            toks(r#"c"a\00\0a\\\22\q""#),
            vec![Tok::Str(b"a\0\n\\\"\\q".to_vec()), Tok::Eof]
        );
    }

    #[test]
    fn errors_stop_lexing_and_junk_does_not() {
        assert!(matches!(toks("c\"abc").as_slice(), [Tok::Error(_)]));
        assert!(matches!(toks("% x").as_slice(), [Tok::Error(_)]));
        assert!(matches!(toks("%\"\"").as_slice(), [Tok::Error(_)]));
        assert_eq!(toks("# é"), vec![Tok::Junk, Tok::Junk, Tok::Eof]);
    }
}

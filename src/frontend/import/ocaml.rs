//! Just enough OCaml to read a course's test lists: the tokens of a
//! `gradedtests.ml` (string literals with their escapes, identifiers,
//! punctuation; comments skipped), the list literals `[ ...; ... ]` in it
//! and their elements, and the `let NAME = ...` bindings that name lists
//! and the functions (`typecheck_file_error`, ...) the names are given to.
//! Nothing here evaluates OCaml: an element that is not written out
//! literally is kept as it is written, for the caller to report.

/// One token with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Tok,
    /// The line it starts on.
    pub line: u32,
}

/// The tokens the list reader tells apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A string literal, its escapes decoded (`"a\n"` is `a`, newline).
    Str(Vec<u8>),
    /// A string literal whose escapes are not OCaml's: the reason.
    BadStr(String),
    /// An identifier or a dotted path (`Gradedtests.executed_oat_file`).
    Ident(String),
    /// A number (`128`, `0x1f`), or any other character (`[`, `;`, `^`,
    /// `@`, `(`, ...).
    Punct(String),
}

/// The tokens of `text`. Comments `(* ... *)` (nested, with string
/// literals inside them) are skipped, as are character literals.
pub fn tokens(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut lx = Lexer { b, i: 0, line: 1 };
    let mut out = Vec::new();
    while let Some(&c) = b.get(lx.i) {
        let line = lx.line;
        match c {
            b'\n' => {
                lx.line += 1;
                lx.i += 1;
            }
            b' ' | b'\t' | b'\r' => lx.i += 1,
            b'(' if b.get(lx.i + 1) == Some(&b'*') => lx.comment(),
            b'"' => {
                let kind = match lx.string() {
                    Ok(s) => Tok::Str(s),
                    Err(why) => Tok::BadStr(why),
                };
                out.push(Token { kind, line });
            }
            b'\'' => {
                if !lx.char_literal() {
                    lx.i += 1;
                    out.push(Token {
                        kind: Tok::Punct("'".into()),
                        line,
                    });
                }
            }
            c if c.is_ascii_digit() => {
                let start = lx.i;
                while b
                    .get(lx.i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    lx.i += 1;
                }
                let n = String::from_utf8_lossy(&b[start..lx.i]).into_owned();
                out.push(Token {
                    kind: Tok::Punct(n),
                    line,
                });
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = lx.i;
                while b.get(lx.i).is_some_and(|&c| {
                    c.is_ascii_alphanumeric() || c == b'_' || c == b'\'' || c == b'.'
                }) {
                    lx.i += 1;
                }
                let id = String::from_utf8_lossy(&b[start..lx.i]);
                out.push(Token {
                    kind: Tok::Ident(id.trim_end_matches('.').to_string()),
                    line,
                });
            }
            _ => {
                let len = if c.is_ascii() {
                    1
                } else {
                    text[lx.i..].chars().next().map_or(1, char::len_utf8)
                };
                let p = String::from_utf8_lossy(&b[lx.i..lx.i + len]).into_owned();
                lx.i += len;
                out.push(Token {
                    kind: Tok::Punct(p),
                    line,
                });
            }
        }
    }
    out
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    line: u32,
}

impl Lexer<'_> {
    /// Skips a comment starting at `(*`, nested ones and string literals
    /// inside it included; an unclosed comment runs to the end.
    fn comment(&mut self) {
        let mut depth = 0u32;
        while let Some(&c) = self.b.get(self.i) {
            match (c, self.b.get(self.i + 1)) {
                (b'(', Some(b'*')) => {
                    depth += 1;
                    self.i += 2;
                }
                (b'*', Some(b')')) => {
                    self.i += 2;
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                (b'"', _) => {
                    let _ = self.string();
                }
                (b'\n', _) => {
                    self.line += 1;
                    self.i += 1;
                }
                _ => self.i += 1,
            }
        }
    }

    /// A character literal at `'` (`'a'`, `'\n'`, `'\''`, `'\065'`): skipped,
    /// true; a type variable or anything else: false, nothing consumed.
    fn char_literal(&mut self) -> bool {
        let rest = &self.b[self.i..];
        let len = match rest.get(1) {
            Some(b'\\') => rest.iter().skip(2).position(|&c| c == b'\'').map(|p| p + 3),
            Some(_) if rest.get(2) == Some(&b'\'') => Some(3),
            _ => None,
        };
        match len {
            Some(n) if n <= 6 => {
                self.i += n;
                true
            }
            _ => false,
        }
    }

    /// A string literal at `"`, decoded; `Err` names an escape OCaml does
    /// not have (the literal is still skipped to its end).
    fn string(&mut self) -> Result<Vec<u8>, String> {
        self.i += 1;
        let mut out = Vec::new();
        let mut bad = None;
        while let Some(&c) = self.b.get(self.i) {
            self.i += 1;
            match c {
                b'"' => return bad.map_or(Ok(out), Err),
                b'\\' => {
                    if let Err(e) = self.escape(&mut out) {
                        bad.get_or_insert(e);
                    }
                }
                b'\n' => {
                    self.line += 1;
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        Err("a string literal that is not closed".into())
    }

    /// One escape after `\` (the OCaml manual's "Escape sequences").
    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        let Some(&c) = self.b.get(self.i) else {
            return Err("a `\\` at the end of the file".into());
        };
        self.i += 1;
        let simple = match c {
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            b'\'' => Some(b'\''),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'b' => Some(8),
            b'r' => Some(b'\r'),
            b' ' => Some(b' '),
            _ => None,
        };
        if let Some(v) = simple {
            out.push(v);
            return Ok(());
        }
        match c {
            b'0'..=b'9' => self.code(out, 10, 2, c),
            b'x' => self.code(out, 16, 2, b'0'),
            b'o' => self.code(out, 8, 3, b'0'),
            b'\n' => {
                // A line continuation: the newline and the next line's
                // leading blanks are not part of the string.
                self.line += 1;
                while matches!(self.b.get(self.i), Some(b' ' | b'\t')) {
                    self.i += 1;
                }
                Ok(())
            }
            _ => Err(format!("the escape `\\{}` is not OCaml's", c as char)),
        }
    }

    /// A numeric escape: `first` (for decimal, the first digit, already
    /// read) then `more` digits in `radix`; the value must be a byte.
    fn code(
        &mut self,
        out: &mut Vec<u8>,
        radix: u32,
        more: usize,
        first: u8,
    ) -> Result<(), String> {
        let mut v = (first as char).to_digit(radix).unwrap_or(0);
        for _ in 0..more {
            let d = self
                .b
                .get(self.i)
                .and_then(|&d| (d as char).to_digit(radix))
                .ok_or("a numeric escape with too few digits")?;
            v = v * radix + d;
            self.i += 1;
        }
        let byte = u8::try_from(v).map_err(|_| format!("the escape code {v} is above 255"))?;
        out.push(byte);
        Ok(())
    }
}

/// A list literal `[ e1; e2; ... ]`: its elements' tokens, split at the
/// top-level `;`, and what it is bound to or given to.
#[derive(Clone, Debug)]
pub struct List {
    /// The line of its `[`.
    pub line: u32,
    /// The elements, each its tokens (never empty).
    pub elements: Vec<Vec<Token>>,
    /// `NAME` when the list is written as `let NAME = [ ... ]`.
    pub bound_to: Option<String>,
    /// The function the list is given to directly, `f [ ... ]` or
    /// `f @@ [ ... ]` (the last part of a dotted name).
    pub given_to: Option<String>,
}

/// Lists nested deeper than this in brackets are not read: test lists are
/// near the top, and every list's elements are copied once per enclosing
/// list, so the bound keeps hostile nesting linear.
const MAX_LIST_DEPTH: usize = 8;

/// Every list literal in `toks`, nested ones too (to [`MAX_LIST_DEPTH`]),
/// in order of their `[`.
pub fn lists(toks: &[Token]) -> Vec<List> {
    let (close, depth) = brackets(toks);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !is_punct(t, "[") || depth[i] > MAX_LIST_DEPTH {
            continue;
        }
        let Some(end) = close[i] else {
            continue;
        };
        let elements = split_top(&toks[i + 1..end], ";");
        out.push(List {
            line: t.line,
            elements,
            bound_to: bound_name(toks, i),
            given_to: given_function(toks, i),
        });
    }
    out
}

/// For each token, in one pass: the index of the bracket that closes it
/// when it opens one (`(`, `[` or `{`; `None` for others and for brackets
/// never closed), and how many brackets enclose it.
fn brackets(toks: &[Token]) -> (Vec<Option<usize>>, Vec<usize>) {
    let mut close = vec![None; toks.len()];
    let mut depth = vec![0; toks.len()];
    let mut open: Vec<usize> = Vec::new();
    for (j, t) in toks.iter().enumerate() {
        depth[j] = open.len();
        if let Tok::Punct(p) = &t.kind {
            match p.as_str() {
                "(" | "[" | "{" => open.push(j),
                ")" | "]" | "}" => {
                    if let Some(o) = open.pop() {
                        close[o] = Some(j);
                    }
                }
                _ => {}
            }
        }
    }
    (close, depth)
}

/// `toks` split at the separator `sep` outside brackets; empty parts dropped.
pub fn split_top(toks: &[Token], sep: &str) -> Vec<Vec<Token>> {
    let mut parts = vec![Vec::new()];
    let mut depth = 0i32;
    for t in toks {
        if let Tok::Punct(p) = &t.kind {
            match p.as_str() {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                s if s == sep && depth == 0 => {
                    parts.push(Vec::new());
                    continue;
                }
                _ => {}
            }
        }
        if let Some(last) = parts.last_mut() {
            last.push(t.clone());
        }
    }
    parts.retain(|p| !p.is_empty());
    parts
}

/// `NAME` when the tokens before `i` are `let NAME =` (or `and NAME =`).
fn bound_name(toks: &[Token], i: usize) -> Option<String> {
    let [kw, name, eq] = toks.get(i.checked_sub(3)?..i)? else {
        return None;
    };
    let is_let = matches!(&kw.kind, Tok::Ident(k) if k == "let" || k == "and");
    match (&name.kind, is_let && is_punct(eq, "=")) {
        (Tok::Ident(n), true) => Some(n.clone()),
        _ => None,
    }
}

/// The function a list at `i` is an argument of: the identifier before it,
/// skipping one `@@` or `(`.
fn given_function(toks: &[Token], i: usize) -> Option<String> {
    let mut j = i.checked_sub(1)?;
    let prev = toks.get(j)?;
    if is_punct(prev, "(") || is_punct(prev, "@") && j > 0 && is_punct(&toks[j - 1], "@") {
        j = j.checked_sub(if is_punct(prev, "(") { 1 } else { 2 })?;
    }
    match &toks.get(j)?.kind {
        Tok::Ident(f) if f != "let" && f != "in" && f != "then" && f != "else" => {
            Some(last_part(f).to_string())
        }
        _ => None,
    }
}

/// The last part of a dotted name: `Gradedtests.executed_oat_file` is
/// `executed_oat_file`.
pub fn last_part(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

/// Is `t` the punctuation `p`?
pub fn is_punct(t: &Token, p: &str) -> bool {
    matches!(&t.kind, Tok::Punct(q) if q == p)
}

/// Every `let NAME = ...` in `toks`: the name and the index of the first
/// token after `=`.
fn let_bindings(toks: &[Token]) -> impl Iterator<Item = (&String, usize)> {
    toks.windows(3).enumerate().filter_map(|(i, w)| match w {
        [Token {
            kind: Tok::Ident(kw),
            ..
        }, Token {
            kind: Tok::Ident(name),
            ..
        }, eq]
            if kw == "let" && is_punct(eq, "=") =>
        {
            Some((name, i + 3))
        }
        _ => None,
    })
}

/// The names each `let NAME = A @ B @ ...` (identifiers joined by `@`)
/// builds from: `(NAME, [A, B, ...])`.
pub fn concatenations(toks: &[Token]) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (name, body) in let_bindings(toks) {
        let mut parts = Vec::new();
        let mut j = body;
        while let Some(Tok::Ident(p)) = toks.get(j).map(|t| &t.kind) {
            parts.push(p.clone());
            if toks.get(j + 1).is_some_and(|t| is_punct(t, "@")) {
                j += 2;
            } else {
                break;
            }
        }
        if !parts.is_empty() && ends_binding(toks.get(j + 1)) {
            out.push((name.clone(), parts));
        }
    }
    out
}

/// True when `t`, the token after an expression, ends a `let` binding:
/// the end of the file, the next `let`, or `;;`.
fn ends_binding(t: Option<&Token>) -> bool {
    match t.map(|t| &t.kind) {
        None => true,
        Some(Tok::Ident(k)) => k == "let",
        Some(Tok::Punct(p)) => p == ";",
        _ => false,
    }
}

/// The literal tail of each name bound to a string: `let NAME = ... "lit"`
/// (the binding's last token a string literal, as in `let prefix =
/// Config.root ^ "./tests/04/"`) gives `NAME` and `lit`. Names rebound later
/// keep their last binding.
pub fn string_tails(toks: &[Token]) -> std::collections::HashMap<String, Vec<u8>> {
    let mut out = std::collections::HashMap::new();
    for (name, body) in let_bindings(toks) {
        let end = toks[body..]
            .iter()
            .position(|t| matches!(&t.kind, Tok::Ident(k) if k == "let"))
            .map_or(toks.len(), |p| body + p);
        let last = toks[body..end].iter().rev().find(|t| !is_punct(t, ";"));
        if let Some(Token {
            kind: Tok::Str(s), ..
        }) = last
        {
            out.insert(name.clone(), s.clone());
        }
    }
    out
}

/// The names given to function `f` anywhere: `f NAME`, `f (A @ B)`,
/// `f @@ NAME` (the last part of `f`'s dotted name is compared).
pub fn arguments_of(toks: &[Token], f: &str) -> Vec<String> {
    let (close, _) = brackets(toks);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !matches!(&t.kind, Tok::Ident(n) if last_part(n) == f) {
            continue;
        }
        let mut j = i + 1;
        if toks.get(j).is_some_and(|t| is_punct(t, "@"))
            && toks.get(j + 1).is_some_and(|t| is_punct(t, "@"))
        {
            j += 2;
        }
        match toks.get(j) {
            Some(Token {
                kind: Tok::Ident(n),
                ..
            }) => out.push(n.clone()),
            Some(open) if is_punct(open, "(") => {
                // The names directly inside the parentheses (`(a @ b)`);
                // nested brackets are skipped, so each token is read once.
                let Some(end) = close[j] else { continue };
                let mut k = j + 1;
                while k < end {
                    match (&toks[k].kind, close[k]) {
                        (_, Some(c)) => k = c,
                        (Tok::Ident(n), None) => out.push(n.clone()),
                        _ => {}
                    }
                    k += 1;
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod unit {
    use super::*;

    fn strs(text: &str) -> Vec<Tok> {
        tokens(text).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn string_escapes_are_ocamls() {
        let t = strs(r#""a\n\t\\\"\065\x41\o101\ b""#);
        assert_eq!(t, vec![Tok::Str(b"a\n\t\\\"AAA b".to_vec())]);
        let t = strs("\"one \\\n     two\"");
        assert_eq!(t, vec![Tok::Str(b"one two".to_vec())]);
        assert!(matches!(&strs(r#""\q""#)[0], Tok::BadStr(_)));
        assert!(matches!(&strs(r#""\300""#)[0], Tok::BadStr(_)));
    }

    #[test]
    fn comments_nest_and_hide_strings_and_lines_are_counted() {
        let t = tokens("(* a (* \"*)\" *) b *)\nx 'c' '\\n' y");
        let k: Vec<_> = t.iter().map(|t| (&t.kind, t.line)).collect();
        assert_eq!(
            k,
            vec![(&Tok::Ident("x".into()), 2), (&Tok::Ident("y".into()), 2)]
        );
    }

    #[test]
    fn lists_know_their_name_or_function() {
        let toks = tokens("let l = [ \"a.oat\"; \"b.oat\" ]\nlet t = f @@ [(\"c.oat\", \"\", \"1\")]\nlet u = g [ 1 ]");
        let ls = lists(&toks);
        assert_eq!(ls.len(), 3);
        assert_eq!(ls[0].bound_to.as_deref(), Some("l"));
        assert_eq!(ls[0].elements.len(), 2);
        assert_eq!(ls[1].given_to.as_deref(), Some("f"));
        assert_eq!(ls[2].given_to.as_deref(), Some("g"));
        assert_eq!(ls[1].line, 2);
    }

    #[test]
    fn hostile_nesting_stays_fast_and_deep_lists_are_not_read() {
        let text = format!("{}\"a.oat\"{}", "[".repeat(50_000), "]".repeat(50_000));
        let toks = tokens(&text);
        let ls = lists(&toks);
        assert_eq!(ls.len(), MAX_LIST_DEPTH + 1);
        assert!(tokens("(* unclosed \"x").is_empty());
        assert!(matches!(&tokens("\"unclosed")[0].kind, Tok::BadStr(_)));
        assert!(arguments_of(&tokens(&"f (".repeat(100_000)), "f").is_empty());
    }

    #[test]
    fn names_bound_to_strings_keep_their_literal_tail() {
        let toks =
            tokens("let a = \"x/\"\nlet b = C.root ^ \"./t/04/\"\nlet c = f \"y\" z\nlet d = 3");
        let t = string_tails(&toks);
        assert_eq!(t.get("a"), Some(&b"x/".to_vec()));
        assert_eq!(t.get("b"), Some(&b"./t/04/".to_vec()));
        assert_eq!((t.get("c"), t.get("d")), (None, None));
    }

    #[test]
    fn names_given_to_a_function_and_concatenated_lists() {
        let toks =
            tokens("let all = a @ b\nlet s = [ T(\"x\", M.tf (all @ c)); T(\"y\", tf @@ d) ]");
        assert_eq!(arguments_of(&toks, "tf"), vec!["all", "c", "d"]);
        assert_eq!(
            concatenations(&toks),
            vec![("all".to_string(), vec!["a".to_string(), "b".to_string()])]
        );
    }
}

//! A parser for the syntax of the course's `lexer.mll` / `parser.mly`
//! (Oat v2, which contains v1): hand-written recursive descent with
//! precedence climbing that resolves the grammar's conflicts as menhir does
//! (see [`crate::print`] for the two quirks). Errors name the line, column,
//! what was expected and what was found; nesting is bounded
//! ([`MAX_DEPTH`]), so no input makes it panic or overflow the stack.

use crate::ast::*;
use std::fmt;

/// Deepest nesting of expressions, types and statements accepted.
pub const MAX_DEPTH: usize = 200;

/// Why a text is not an Oat program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes).
    pub col: usize,
    /// What the grammar expected there.
    pub expected: String,
    /// What was there.
    pub found: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected {}, found {}",
            self.line, self.col, self.expected, self.found
        )
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Int(i64),
    Str(Vec<u8>),
    Ident(String),
    UIdent(String),
    /// A keyword or symbol, spelled as in the source.
    Sym(&'static str),
    Eof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Int(n) => write!(f, "integer {n}"),
            Tok::Str(s) => write!(f, "string {}", crate::print::string_lit(s)),
            Tok::Ident(x) | Tok::UIdent(x) => write!(f, "name `{x}`"),
            Tok::Sym(s) => write!(f, "`{s}`"),
            Tok::Eof => f.write_str("end of input"),
        }
    }
}

const KEYWORDS: [&str; 18] = [
    "struct", "null", "void", "int", "string", "else", "if", "while", "return", "var", "global",
    "length", "for", "new", "true", "false", "bool", "if?",
];

/// Symbols, longest first so that the first match is the longest.
const SYMBOLS: [&str; 30] = [
    "[&]", "[|]", ">>>", "<<", ">>", "==", "!=", "<=", ">=", "->", ";", ",", "{", "}", "+", "-",
    "*", "=", "!", "~", "(", ")", "[", "]", "<", ">", "&", "|", ".", "?",
];

struct Lexed {
    toks: Vec<(Tok, usize, usize)>,
}

fn lex(src: &str) -> Result<Lexed, ParseError> {
    let b = src.as_bytes();
    let (mut i, mut line, mut bol) = (0usize, 1usize, 0usize);
    let mut toks = Vec::new();
    let err = |line: usize, col: usize, expected: &str, found: String| ParseError {
        line,
        col,
        expected: expected.into(),
        found,
    };
    while i < b.len() {
        let c = b[i];
        let col = i - bol + 1;
        if c == b'\n' {
            i += 1;
            line += 1;
            bol = i;
        } else if c == b' ' || c == b'\t' || c == b'\r' {
            i += 1;
        } else if c == b'#' && i == bol {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut level = 0usize;
            loop {
                if i >= b.len() {
                    return Err(err(
                        line,
                        col,
                        "`*/` closing the comment",
                        "end of input".into(),
                    ));
                }
                if b[i..].starts_with(b"/*") {
                    level += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    level -= 1;
                    i += 2;
                    if level == 0 {
                        break;
                    }
                } else {
                    if b[i] == b'\n' {
                        line += 1;
                        bol = i + 1;
                    }
                    i += 1;
                }
            }
        } else if c == b'"' {
            i += 1;
            let mut s = Vec::new();
            loop {
                match b.get(i) {
                    None => {
                        return Err(err(
                            line,
                            col,
                            "`\"` closing the string",
                            "end of input".into(),
                        ))
                    }
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(b'\\') => {
                        let e = b.get(i + 1).copied();
                        let (ch, len) = match e {
                            Some(b'n') => (b'\n', 2),
                            Some(b't') => (b'\t', 2),
                            Some(b'\\') => (b'\\', 2),
                            Some(b'"') => (b'"', 2),
                            Some(b'\'') => (b'\'', 2),
                            Some(d) if d.is_ascii_digit() => {
                                let digits = b
                                    .get(i + 1..i + 4)
                                    .filter(|d| d.iter().all(u8::is_ascii_digit));
                                let v = digits.map(|d| {
                                    d.iter().fold(0u32, |a, d| a * 10 + u32::from(d - b'0'))
                                });
                                match v.and_then(|v| u8::try_from(v).ok()) {
                                    Some(v) => (v, 4),
                                    None => {
                                        return Err(err(
                                            line,
                                            i - bol + 1,
                                            "an escape of three decimal digits up to 255",
                                            "another escape".into(),
                                        ))
                                    }
                                }
                            }
                            _ => {
                                return Err(err(
                                    line,
                                    i - bol + 1,
                                    "an escape (\\n \\t \\\\ \\\" \\' or \\ddd)",
                                    "another escape".into(),
                                ))
                            }
                        };
                        s.push(ch);
                        i += len;
                    }
                    Some(&ch) => {
                        if ch == b'\n' {
                            line += 1;
                            bol = i + 1;
                        }
                        s.push(ch);
                        i += 1;
                    }
                }
            }
            toks.push((Tok::Str(s), line, col));
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &src[start..i];
            let tok = if c.is_ascii_uppercase() {
                Tok::UIdent(w.into())
            } else if w == "if" && b.get(i) == Some(&b'?') {
                i += 1;
                Tok::Sym("if?")
            } else if let Some(k) = KEYWORDS.iter().find(|k| **k == w) {
                Tok::Sym(k)
            } else {
                Tok::Ident(w.into())
            };
            toks.push((tok, line, col));
        } else if c.is_ascii_digit() {
            let start = i;
            let n = if b[i..].starts_with(b"0x") && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                i += 2;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                u64::from_str_radix(&src[start + 2..i], 16)
                    .ok()
                    .map(|n| n as i64)
            } else {
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                src[start..i].parse::<i64>().ok()
            };
            match n {
                Some(n) => toks.push((Tok::Int(n), line, col)),
                None => {
                    return Err(err(
                        line,
                        col,
                        "an integer literal that fits 64 bits",
                        format!("`{}`", &src[start..i]),
                    ))
                }
            }
        } else if let Some(s) = SYMBOLS.iter().find(|s| b[i..].starts_with(s.as_bytes())) {
            i += s.len();
            toks.push((Tok::Sym(s), line, col));
        } else {
            let ch = src[i..].chars().next().unwrap_or('?');
            return Err(err(line, col, "a token", format!("character {ch:?}")));
        }
    }
    toks.push((Tok::Eof, line, i - bol + 1));
    Ok(Lexed { toks })
}

struct Parser {
    toks: Vec<(Tok, usize, usize)>,
    pos: usize,
    depth: usize,
    /// How global array and struct initialisers must be written: with
    /// `new` (`Some(true)`), without (`Some(false)`, `int[]{1, 2}` and
    /// `S {f = 1}` as UPenn CIS341 2017 and ETH 2019-2020 homework 4
    /// write them), or either (`None`).
    global_new: Option<bool>,
    /// `length` is a keyword (Oat v2's `length(e)`); otherwise, as in the
    /// dialects without it, a name like any other. Either way `length`
    /// not followed by `(` is a name.
    length_kw: bool,
}

type R<T> = Result<T, ParseError>;

/// Parses a whole program; a global array or struct initialiser may be
/// written with `new` or without (both course forms, docs/oat.md,
/// "Dialects").
pub fn program(src: &str) -> R<Program> {
    parse_program(src, None, true)
}

/// Parses a whole program as `dialect`'s parser does its global
/// initialisers: with `new` where the dialect has
/// [`Construct::GlobalNew`](crate::dialect::Construct::GlobalNew), else
/// without (the other form is an error at its line); and `length` a
/// name, not a keyword, where the dialect has no `length(e)`.
pub fn program_in(src: &str, dialect: &crate::dialect::OatDialect) -> R<Program> {
    use crate::dialect::Construct;
    parse_program(
        src,
        Some(dialect.has(Construct::GlobalNew)),
        dialect.has(Construct::Length),
    )
}

/// Whether `dialect`'s parser reads source text `src`: it parses with the
/// dialect's global initialiser form, uses no construct the dialect lacks
/// ([`OatDialect::lacks`](crate::dialect::OatDialect::lacks)), and nothing
/// of Oat v2 in an Oat v1 dialect. `Err` says why not.
pub fn reads_in(src: &str, dialect: &crate::dialect::OatDialect) -> Result<(), String> {
    let p = program_in(src, dialect).map_err(|e| e.to_string())?;
    let mut lacks = dialect.lacks(&p);
    // Without the keyword, `length(a)` reads as a call of a function
    // `length`: Oat v2's `length(e)` unless the program defines one.
    let defines_length = p
        .decls
        .iter()
        .any(|d| matches!(d, Decl::Fun(f) if f.name == "length"));
    let length = crate::dialect::Construct::Length;
    if !dialect.has(length) && !defines_length {
        if let Ok(q) = program(src) {
            lacks.extend(
                crate::features::features(&q)
                    .contains(&crate::features::Feature::Length)
                    .then_some(length),
            );
        }
    }
    if !lacks.is_empty() {
        let names: Vec<&str> = lacks.iter().map(|c| c.name()).collect();
        return Err(format!("uses {}", names.join(", ")));
    }
    if dialect.version == crate::OatVersion::V1 && uses_v2(&p) {
        return Err("uses Oat v2 (structs or function values)".into());
    }
    Ok(())
}

/// Whether `p` uses Oat v2's structs or function values.
fn uses_v2(p: &Program) -> bool {
    use crate::features::Feature;
    crate::features::features(p).iter().any(|f| {
        matches!(
            f,
            Feature::Struct
                | Feature::Proj
                | Feature::FieldAssign
                | Feature::CallFunValue
                | Feature::Global("struct" | "function")
        )
    })
}

fn parse_program(src: &str, global_new: Option<bool>, length_kw: bool) -> R<Program> {
    let mut p = Parser {
        toks: lex(src)?.toks,
        pos: 0,
        depth: 0,
        global_new,
        length_kw,
    };
    let mut decls = Vec::new();
    while p.peek() != &Tok::Eof {
        decls.push(p.decl()?);
    }
    Ok(Program { decls })
}

/// Parses one expression (the whole text).
pub fn expression(src: &str) -> R<Exp> {
    let mut p = Parser {
        toks: lex(src)?.toks,
        pos: 0,
        depth: 0,
        global_new: None,
        length_kw: true,
    };
    let e = p.exp()?;
    p.expect_eof()?;
    Ok(e)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].0
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].0
    }

    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn error<T>(&self, expected: &str) -> R<T> {
        let (t, line, col) = &self.toks[self.pos.min(self.toks.len() - 1)];
        Err(ParseError {
            line: *line,
            col: *col,
            expected: expected.into(),
            found: t.to_string(),
        })
    }

    fn is(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(x) if *x == s)
    }

    fn eat(&mut self, s: &str) -> bool {
        let yes = self.is(s);
        if yes {
            self.bump();
        }
        yes
    }

    fn expect(&mut self, s: &str) -> R<()> {
        if self.eat(s) {
            Ok(())
        } else {
            self.error(&format!("`{s}`"))
        }
    }

    fn expect_eof(&mut self) -> R<()> {
        match self.peek() {
            Tok::Eof => Ok(()),
            _ => self.error("end of input"),
        }
    }

    fn ident(&mut self) -> R<String> {
        match self.peek().clone() {
            Tok::Ident(x) => {
                self.bump();
                Ok(x)
            }
            Tok::Sym("length") => {
                self.bump();
                Ok("length".into())
            }
            _ => self.error("a name (starting with a lower-case letter)"),
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.error(&format!("nesting at most {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    fn decl(&mut self) -> R<Decl> {
        if self.eat("global") {
            let x = self.ident()?;
            self.expect("=")?;
            let e = self.global_init()?;
            self.expect(";")?;
            return Ok(Decl::Global(x, e));
        }
        if self.eat("struct") {
            let s = match self.bump() {
                Tok::UIdent(s) => s,
                _ => return self.error("a struct name (starting with a capital)"),
            };
            self.expect("{")?;
            let mut fs = Vec::new();
            if !self.is("}") {
                loop {
                    let ty = self.ty()?;
                    let name = self.ident()?;
                    fs.push(Field { name, ty });
                    if !self.eat(";") {
                        break;
                    }
                }
            }
            self.expect("}")?;
            return Ok(Decl::Struct(s, fs));
        }
        let ret = self.ret_ty()?;
        let name = self.ident()?;
        self.expect("(")?;
        let mut args = Vec::new();
        if !self.is(")") {
            loop {
                let t = self.ty()?;
                let x = self.ident()?;
                args.push((t, x));
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")")?;
        let body = self.block()?;
        Ok(Decl::Fun(Fdecl {
            ret,
            name,
            args,
            body,
        }))
    }

    /// A global's initialiser (the grammar's `gexp`): an array or struct
    /// literal written `new T[]{..}` / `new S {..}` or, in the older
    /// courses' form, `T[]{..}` / `S {..}`, its elements initialisers
    /// too; else an expression.
    fn global_init(&mut self) -> R<Exp> {
        let start = self.pos;
        let with_new = self.eat("new");
        let typed = matches!(
            self.peek(),
            Tok::Sym("int" | "bool" | "string") | Tok::UIdent(_)
        );
        if typed {
            let t = self.ty()?;
            if self.is("{") {
                match self.global_new {
                    Some(true) if !with_new => {
                        return self.error("`new` before a global array or struct initialiser")
                    }
                    Some(false) if with_new => {
                        self.pos = start;
                        return self.error(
                            "a global initialiser without `new` (this dialect writes \
                             `int[]{..}` and `S {..}`)",
                        );
                    }
                    _ => {}
                }
                self.bump();
                return self.literal_body(t, true);
            }
        }
        self.pos = start;
        self.exp()
    }

    fn ret_ty(&mut self) -> R<RetTy> {
        if self.eat("void") {
            Ok(RetTy::Void)
        } else {
            Ok(RetTy::Val(Box::new(self.ty()?)))
        }
    }

    fn ty(&mut self) -> R<Ty> {
        self.enter()?;
        let mut t = match self.bump() {
            Tok::Sym("int") => Ty::Int,
            Tok::Sym("bool") => Ty::Bool,
            Tok::Sym("string") => Ty::string(),
            Tok::UIdent(s) => Ty::Ref(RefTy::Struct(s)),
            Tok::Sym("(") => {
                let mut ts = Vec::new();
                if !self.is(")") {
                    loop {
                        ts.push(self.ty()?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                }
                self.expect(")")?;
                if self.eat("->") {
                    Ty::Ref(RefTy::Fun(ts, self.ret_ty()?))
                } else if ts.len() == 1 {
                    ts.remove(0)
                } else {
                    return self.error("`->` after a function type's parameters");
                }
            }
            _ => {
                self.pos -= 1;
                return self.error("a type");
            }
        };
        loop {
            if self.is("[") && self.peek_at(1) == &Tok::Sym("]") {
                self.bump();
                self.bump();
                t = Ty::array(t);
            } else if self.is("?") {
                match t {
                    Ty::Ref(r) => {
                        self.bump();
                        t = Ty::NullRef(r);
                    }
                    _ => return self.error("`?` only after a reference type"),
                }
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(t)
    }

    fn ref_ty(&mut self) -> R<RefTy> {
        match self.ty()? {
            Ty::Ref(r) => Ok(r),
            _ => self.error("a reference type (string, an array, a struct or a function)"),
        }
    }

    fn block(&mut self) -> R<Block> {
        self.expect("{")?;
        let mut b = Vec::new();
        while !self.eat("}") {
            b.push(self.stmt()?);
        }
        Ok(b)
    }

    fn stmt(&mut self) -> R<Stmt> {
        self.enter()?;
        let s = self.stmt_inner()?;
        self.depth -= 1;
        Ok(s)
    }

    fn vdecl(&mut self) -> R<(String, Exp)> {
        self.expect("var")?;
        let x = self.ident()?;
        self.expect("=")?;
        Ok((x, self.exp()?))
    }

    fn stmt_inner(&mut self) -> R<Stmt> {
        if self.is("var") {
            let (x, e) = self.vdecl()?;
            self.expect(";")?;
            return Ok(Stmt::Decl(x, e));
        }
        if self.is("if") || self.is("if?") {
            return self.if_stmt();
        }
        if self.eat("return") {
            if self.eat(";") {
                return Ok(Stmt::Ret(None));
            }
            let e = self.exp()?;
            self.expect(";")?;
            return Ok(Stmt::Ret(Some(e)));
        }
        if self.eat("while") {
            self.expect("(")?;
            let c = self.exp()?;
            self.expect(")")?;
            return Ok(Stmt::While(c, self.block()?));
        }
        if self.eat("for") {
            self.expect("(")?;
            let mut ds = Vec::new();
            if self.is("var") {
                loop {
                    ds.push(self.vdecl()?);
                    if !self.eat(",") {
                        break;
                    }
                }
            }
            self.expect(";")?;
            let cond = if self.is(";") {
                None
            } else {
                Some(self.exp()?)
            };
            self.expect(";")?;
            let step = if self.is(")") {
                None
            } else {
                Some(Box::new(self.stmt()?))
            };
            self.expect(")")?;
            return Ok(Stmt::For(ds, cond, step, self.block()?));
        }
        let e = self.exp()?;
        if self.eat("=") {
            if !matches!(e, Exp::Id(_) | Exp::Index(..) | Exp::Proj(..)) {
                return self.error("`;` (only a name, `a[i]` or `s.f` can be assigned)");
            }
            let r = self.exp()?;
            self.expect(";")?;
            return Ok(Stmt::Assn(e, r));
        }
        match e {
            Exp::Call(f, args) => {
                self.expect(";")?;
                Ok(Stmt::SCall(*f, args))
            }
            _ => self.error("`=` or a call (an expression alone is not a statement)"),
        }
    }

    fn if_stmt(&mut self) -> R<Stmt> {
        let s = if self.eat("if?") {
            self.expect("(")?;
            let r = self.ref_ty()?;
            let x = self.ident()?;
            self.expect("=")?;
            let e = self.exp()?;
            self.expect(")")?;
            let t = self.block()?;
            Stmt::Cast(r, x, e, t, self.else_part()?)
        } else {
            self.expect("if")?;
            self.expect("(")?;
            let c = self.exp()?;
            self.expect(")")?;
            let t = self.block()?;
            Stmt::If(c, t, self.else_part()?)
        };
        Ok(s)
    }

    fn else_part(&mut self) -> R<Block> {
        if !self.eat("else") {
            return Ok(Vec::new());
        }
        if self.is("if") || self.is("if?") {
            self.enter()?;
            let s = self.if_stmt()?;
            self.depth -= 1;
            Ok(vec![s])
        } else {
            self.block()
        }
    }

    /// An expression: binary operators by precedence climbing.
    fn exp(&mut self) -> R<Exp> {
        self.binary(1)
    }

    fn binop(&self) -> Option<Binop> {
        match self.peek() {
            Tok::Sym(s) => Binop::ALL.into_iter().find(|b| b.token() == *s),
            _ => None,
        }
    }

    fn binary(&mut self, min: u8) -> R<Exp> {
        self.enter()?;
        let mut l = self.unary()?;
        while let Some(op) = self.binop().filter(|op| op.precedence() >= min) {
            self.bump();
            let r = self.binary(op.precedence() + 1)?;
            l = Exp::Bop(op, Box::new(l), Box::new(r));
        }
        self.depth -= 1;
        Ok(l)
    }

    /// A unary expression. `-` takes the precedence of binary `-` (its
    /// operand extends over `*`); `!` and `~` bind tighter than `.`.
    fn unary(&mut self) -> R<Exp> {
        let op = match self.peek() {
            Tok::Sym("-") => Unop::Neg,
            Tok::Sym("!") => Unop::Lognot,
            Tok::Sym("~") => Unop::Bitnot,
            _ => return self.postfix(true),
        };
        self.bump();
        self.enter()?;
        let e = match op {
            Unop::Neg => Exp::Uop(op, Box::new(self.binary(Binop::Mul.precedence())?)),
            _ => {
                let inner = match self.peek() {
                    Tok::Sym("-" | "!" | "~") => self.unary()?,
                    _ => self.postfix(false)?,
                };
                let e = Exp::Uop(op, Box::new(inner));
                self.postfix_tail(e, true)?
            }
        };
        self.depth -= 1;
        Ok(e)
    }

    /// A primary expression followed by `[i]`, `(args)` and (when `dots`)
    /// `.f`.
    fn postfix(&mut self, dots: bool) -> R<Exp> {
        let e = self.primary()?;
        self.postfix_tail(e, dots)
    }

    fn postfix_tail(&mut self, mut e: Exp, dots: bool) -> R<Exp> {
        loop {
            if self.is("[") {
                self.bump();
                let i = self.exp()?;
                self.expect("]")?;
                e = Exp::Index(Box::new(e), Box::new(i));
            } else if self.eat("(") {
                let args = self.args(")")?;
                e = Exp::Call(Box::new(e), args);
            } else if dots && self.eat(".") {
                e = Exp::Proj(Box::new(e), self.ident()?);
            } else {
                return Ok(e);
            }
        }
    }

    /// After `T {` of an array or struct literal: its elements or fields
    /// and the closing `}`; `global`: they are global initialisers.
    fn literal_body(&mut self, t: Ty, global: bool) -> R<Exp> {
        let item = |p: &mut Parser| if global { p.global_init() } else { p.exp() };
        match t {
            Ty::Ref(RefTy::Array(elt)) => {
                let mut es = Vec::new();
                if !self.eat("}") {
                    loop {
                        es.push(item(self)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect("}")?;
                }
                Ok(Exp::CArr(*elt, es))
            }
            Ty::Ref(RefTy::Struct(s)) => {
                let mut fs = Vec::new();
                if !self.is("}") {
                    loop {
                        let f = self.ident()?;
                        self.expect("=")?;
                        fs.push((f, item(self)?));
                        if !self.eat(";") {
                            break;
                        }
                    }
                }
                self.expect("}")?;
                Ok(Exp::CStruct(s, fs))
            }
            _ => self.error("`[` (only arrays and structs are made with `new .. {`)"),
        }
    }

    /// Comma-separated expressions up to the closing `close`.
    fn args(&mut self, close: &str) -> R<Vec<Exp>> {
        let mut es = Vec::new();
        if !self.eat(close) {
            loop {
                es.push(self.exp()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(close)?;
        }
        Ok(es)
    }

    fn primary(&mut self) -> R<Exp> {
        self.enter()?;
        let e = match self.peek().clone() {
            Tok::Int(n) => {
                self.bump();
                Exp::Int(n)
            }
            Tok::Str(s) => {
                self.bump();
                Exp::Str(s)
            }
            Tok::Ident(x) => {
                self.bump();
                Exp::Id(x)
            }
            Tok::Sym("true") => {
                self.bump();
                Exp::Bool(true)
            }
            Tok::Sym("false") => {
                self.bump();
                Exp::Bool(false)
            }
            Tok::Sym("(") => {
                self.bump();
                let e = self.exp()?;
                self.expect(")")?;
                e
            }
            Tok::Sym("length") if !self.length_kw || self.peek_at(1) != &Tok::Sym("(") => {
                self.bump();
                Exp::Id("length".into())
            }
            Tok::Sym("length") => {
                self.bump();
                self.expect("(")?;
                let e = self.exp()?;
                self.expect(")")?;
                Exp::Length(Box::new(e))
            }
            Tok::Sym("new") => {
                self.bump();
                self.new_exp()?
            }
            Tok::Sym("int" | "bool" | "string") | Tok::UIdent(_) => {
                let r = self.ref_ty()?;
                self.expect("null")?;
                Exp::Null(r)
            }
            _ => return self.error("an expression"),
        };
        self.depth -= 1;
        Ok(e)
    }

    /// After `new`: `T[]{..}`, `T[n]`, `T[n]{x -> e}` or `S {f = e; ..}`.
    fn new_exp(&mut self) -> R<Exp> {
        let t = self.ty()?;
        if self.eat("{") {
            return self.literal_body(t, false);
        }
        self.expect("[")?;
        let n = self.exp()?;
        self.expect("]")?;
        if self.is("{")
            && matches!(self.peek_at(1), Tok::Ident(_))
            && self.peek_at(2) == &Tok::Sym("->")
        {
            self.bump();
            let x = self.ident()?;
            self.expect("->")?;
            let e = self.exp()?;
            self.expect("}")?;
            return Ok(Exp::NewArrInit(t, Box::new(n), x, Box::new(e)));
        }
        Ok(Exp::NewArr(t, Box::new(n)))
    }
}

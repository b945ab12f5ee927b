//! The printer: Oat source text that the course's own `lexer.mll` /
//! `parser.mly` read back to the same tree (and so does [`crate::parse`]).
//!
//! Parentheses follow the handout's precedences, with two quirks of its
//! grammar made explicit: unary `-` has the precedence of binary `-`, so
//! `-a * b` reads as `-(a * b)`; and `!`/`~` bind tighter than `.`, so
//! `!s.f` reads as `(!s).f`. The printer therefore parenthesises every
//! unary operand that is not a name or literal and every unary operation that is an
//! operand of a binary one.

use crate::ast::*;
use std::fmt::Write;

/// The program's text, global initialisers written with `new` (the
/// form of every Oat v2 course and of later homework 4 handouts).
pub fn program(p: &Program) -> String {
    program_with(p, true)
}

/// The program's text in `dialect`'s syntax: its global array and struct
/// initialisers written `new int[]{..}` where the dialect has
/// [`Construct::GlobalNew`](crate::dialect::Construct::GlobalNew), else
/// `int[]{..}` and `S {..}` (UPenn CIS341 2017, ETH 2019-2020 homework 4).
pub fn program_in(p: &Program, dialect: &crate::dialect::OatDialect) -> String {
    program_with(p, dialect.has(crate::dialect::Construct::GlobalNew))
}

fn program_with(p: &Program, global_new: bool) -> String {
    let mut out = String::new();
    for (i, d) in p.decls.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        decl(&mut out, d, global_new);
    }
    out
}

fn decl(out: &mut String, d: &Decl, global_new: bool) {
    match d {
        Decl::Global(x, e) => {
            let _ = writeln!(out, "global {x} = {};", global_init(e, global_new));
        }
        Decl::Struct(s, fs) => {
            let _ = writeln!(out, "struct {s} {{");
            for (i, f) in fs.iter().enumerate() {
                let sep = if i + 1 < fs.len() { ";" } else { "" };
                let _ = writeln!(out, "  {} {}{sep}", ty(&f.ty), f.name);
            }
            out.push_str("}\n");
        }
        Decl::Fun(f) => {
            let args: Vec<String> = f
                .args
                .iter()
                .map(|(t, x)| format!("{} {x}", ty(t)))
                .collect();
            let _ = write!(out, "{} {}({}) ", ret_ty(&f.ret), f.name, args.join(", "));
            block(out, &f.body, 0);
            out.push('\n');
        }
    }
}

/// A global's initialiser (the grammar's `gexp`): array and struct
/// literals, and their elements, with `new` or without.
fn global_init(e: &Exp, global_new: bool) -> String {
    let new = if global_new { "new " } else { "" };
    match e {
        Exp::CArr(t, es) => {
            let es: Vec<String> = es.iter().map(|e| global_init(e, global_new)).collect();
            format!("{new}{}[]{{{}}}", elem_ty(t), es.join(", "))
        }
        Exp::CStruct(s, fs) => {
            let fs: Vec<String> = fs
                .iter()
                .map(|(f, e)| format!("{f} = {}", global_init(e, global_new)))
                .collect();
            format!("{new}{s} {{{}}}", fs.join("; "))
        }
        e => exp(e),
    }
}

/// The text of type `t`.
pub fn ty(t: &Ty) -> String {
    match t {
        Ty::Int => "int".into(),
        Ty::Bool => "bool".into(),
        Ty::Ref(r) => ref_ty(r),
        Ty::NullRef(r @ RefTy::Fun(..)) => format!("({})?", ref_ty(r)),
        Ty::NullRef(r) => format!("{}?", ref_ty(r)),
    }
}

/// The text of reference type `r`.
pub fn ref_ty(r: &RefTy) -> String {
    match r {
        RefTy::String => "string".into(),
        RefTy::Struct(s) => s.clone(),
        RefTy::Array(t) => format!("{}[]", elem_ty(t)),
        RefTy::Fun(args, r) => {
            let args: Vec<String> = args.iter().map(ty).collect();
            format!("({}) -> {}", args.join(", "), ret_ty(r))
        }
    }
}

/// The text of `t` before `[`: a function type in parentheses (else its
/// return type would take the brackets).
fn elem_ty(t: &Ty) -> String {
    match t {
        Ty::Ref(RefTy::Fun(..)) => format!("({})", ty(t)),
        t => ty(t),
    }
}

/// The text of return type `r`.
pub fn ret_ty(r: &RetTy) -> String {
    match r {
        RetTy::Void => "void".into(),
        RetTy::Val(t) => ty(t),
    }
}

/// The text of a string literal with its quotes; bytes outside printable
/// ASCII are written `\ddd` (the lexer's three-digit decimal escape).
pub fn string_lit(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in s {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:03}");
            }
        }
    }
    out.push('"');
    out
}

/// The text of expression `e`.
pub fn exp(e: &Exp) -> String {
    match e {
        Exp::Null(r) => format!("{} null", ref_ty(r)),
        Exp::Bool(b) => b.to_string(),
        Exp::Int(i64::MIN) => "(-9223372036854775807 - 1)".into(),
        Exp::Int(n) if *n < 0 => format!("(-{})", -n),
        Exp::Int(n) => n.to_string(),
        Exp::Str(s) => string_lit(s),
        Exp::Id(x) => x.clone(),
        Exp::CArr(t, es) => format!("new {}[]{{{}}}", elem_ty(t), list(es)),
        Exp::NewArr(t, n) => format!("new {}[{}]", elem_ty(t), exp(n)),
        Exp::NewArrInit(t, n, x, e) => {
            format!("new {}[{}]{{{x} -> {}}}", elem_ty(t), exp(n), exp(e))
        }
        Exp::Index(a, i) => format!("{}[{}]", postfix_base(a), exp(i)),
        Exp::Length(a) => format!("length({})", exp(a)),
        Exp::CStruct(s, fs) => {
            let fs: Vec<String> = fs
                .iter()
                .map(|(f, e)| format!("{f} = {}", exp(e)))
                .collect();
            format!("new {s} {{{}}}", fs.join("; "))
        }
        Exp::Proj(s, f) => format!("{}.{f}", postfix_base(s)),
        Exp::Call(f, args) => format!("{}({})", postfix_base(f), list(args)),
        Exp::Bop(op, l, r) => {
            let p = op.precedence();
            format!("{} {} {}", operand(l, p), op.token(), operand(r, p + 1))
        }
        Exp::Uop(op, x) => {
            let t = match op {
                Unop::Neg => "-",
                Unop::Lognot => "!",
                Unop::Bitnot => "~",
            };
            let inner = match &**x {
                Exp::Id(_) | Exp::Bool(_) => exp(x),
                Exp::Int(n) if *n >= 0 => exp(x),
                _ => format!("({})", exp(x)),
            };
            format!("{t}{inner}")
        }
    }
}

fn list(es: &[Exp]) -> String {
    es.iter().map(exp).collect::<Vec<_>>().join(", ")
}

/// `e` as the base of `[i]`, `.f` or a call.
fn postfix_base(e: &Exp) -> String {
    match e {
        Exp::Id(_) | Exp::Index(..) | Exp::Proj(..) | Exp::Call(..) => exp(e),
        _ => format!("({})", exp(e)),
    }
}

/// `e` as an operand of a binary operator of precedence `min`.
fn operand(e: &Exp, min: u8) -> String {
    match e {
        Exp::Bop(op, ..) if op.precedence() >= min => exp(e),
        Exp::Bop(..) | Exp::Uop(..) | Exp::NewArr(..) | Exp::Null(_) => format!("({})", exp(e)),
        _ => exp(e),
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn block(out: &mut String, b: &Block, depth: usize) {
    out.push_str("{\n");
    for s in b {
        indent(out, depth + 1);
        stmt(out, s, depth + 1);
        out.push('\n');
    }
    indent(out, depth);
    out.push('}');
}

/// A statement's text on one line (no indentation, no newline), as the
/// step of a `for` loop.
fn simple_stmt(s: &Stmt) -> String {
    let mut out = String::new();
    stmt(&mut out, s, 0);
    out
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    match s {
        Stmt::Assn(l, r) => {
            let _ = write!(out, "{} = {};", exp(l), exp(r));
        }
        Stmt::Decl(x, e) => {
            let _ = write!(out, "var {x} = {};", exp(e));
        }
        Stmt::Ret(None) => out.push_str("return;"),
        Stmt::Ret(Some(e)) => {
            let _ = write!(out, "return {};", exp(e));
        }
        Stmt::SCall(f, args) => {
            let _ = write!(out, "{}({});", postfix_base(f), list(args));
        }
        Stmt::If(c, t, e) => {
            let _ = write!(out, "if ({}) ", exp(c));
            block(out, t, depth);
            else_block(out, e, depth);
        }
        Stmt::Cast(r, x, v, t, e) => {
            let _ = write!(out, "if? ({} {x} = {}) ", ref_ty(r), exp(v));
            block(out, t, depth);
            else_block(out, e, depth);
        }
        Stmt::While(c, b) => {
            let _ = write!(out, "while ({}) ", exp(c));
            block(out, b, depth);
        }
        Stmt::For(decls, cond, step, b) => {
            let decls: Vec<String> = decls
                .iter()
                .map(|(x, e)| format!("var {x} = {}", exp(e)))
                .collect();
            let cond = cond.as_ref().map(exp).unwrap_or_default();
            let step = step.as_deref().map(simple_stmt).unwrap_or_default();
            let _ = write!(out, "for ({}; {cond}; {step}) ", decls.join(", "));
            block(out, b, depth);
        }
    }
}

fn else_block(out: &mut String, e: &Block, depth: usize) {
    if !e.is_empty() {
        out.push_str(" else ");
        block(out, e, depth);
    }
}

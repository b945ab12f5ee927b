//! The printer: a [`Prog`] as canonical LLVM 3.7+ text that LLVM 14 accepts
//! (`load S, S* %p`, `getelementptr T, T* %p, i64 0, i32 1`), and that
//! [`crate::parse::parse`] reads back to the same tree: `parse(print(p)) == p`.
//!
//! Order: named types, globals, external declarations, functions. Names are
//! written plain when they match LLVM's identifier syntax
//! `[-a-zA-Z$._][-a-zA-Z$._0-9]*` and quoted otherwise (`%"1"`, `"3":`);
//! numeric names are always quoted, so LLVM's rule that unnamed values be
//! numbered in sequence never applies and no renaming is needed.

use crate::ast::{
    Block, Cfg, Edecl, Fdecl, Gdecl, Ginit, GinitKind, Insn, InsnKind, Operand, OperandKind, Prog,
    Tdecl, Term, TermKind, Ty,
};
use crate::types::TypeEnv;
use std::fmt::Write;

/// The canonical text of `prog`; `parse(print(p)) == p`.
///
/// Every tree the parser produces prints back to text that parses to it.
/// Trees no text can stand for (a `ret void` with an operand, a `ret i64`
/// without one, a `declare` whose type is not a function type) are printed
/// as best they can be and do not round trip.
pub fn print(prog: &Prog) -> String {
    print_styled(prog, Style::LLVM)
}

/// The choices that make one concrete syntax of LLVMlite: the canonical
/// one ([`Style::LLVM`]) or a dialect's (`spec::dialect::print_in`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// `load T, T* %p` (LLVM 3.7+) rather than the spec's `load T* %p`
    /// (also for `getelementptr`).
    pub typed_load_gep: bool,
    /// Whether a name can be written unquoted (`label_def`: as `name:`).
    pub plain_name: fn(&str, bool) -> bool,
    /// A call whose return type is a function (pointer) type written with
    /// the whole function type (LLVM), rather than the return type alone.
    pub call_fun_ty: bool,
    /// LLVM syntax outside what the course parsers read (the dialect
    /// feature `llvm-extras`): every entry block label written, rather
    /// than only `entry:`.
    pub llvm_extras: bool,
    /// Strings of printable text ending in `\00` written as they are
    /// (`c"a b\00"`), the rest escaped.
    pub raw_strings: bool,
}

impl Style {
    /// The canonical syntax: LLVM 3.7+ that LLVM 14 reads.
    pub const LLVM: Style = Style {
        typed_load_gep: true,
        plain_name: |n, _| is_plain(n),
        call_fun_ty: true,
        llvm_extras: true,
        raw_strings: false,
    };
}

/// The text of `prog` in style `st`.
pub(crate) fn print_styled(prog: &Prog, st: Style) -> String {
    let env = TypeEnv::new(prog);
    let mut out = String::new();
    let section = |out: &mut String, nonempty: bool| {
        if nonempty && !out.is_empty() {
            out.push('\n');
        }
    };
    section(&mut out, !prog.tdecls.is_empty());
    prog.tdecls.iter().for_each(|t| tdecl(&mut out, st, t));
    section(&mut out, !prog.gdecls.is_empty());
    prog.gdecls.iter().for_each(|g| gdecl(&mut out, st, g));
    section(&mut out, !prog.edecls.is_empty());
    prog.edecls.iter().for_each(|e| edecl(&mut out, st, e));
    for f in &prog.fdecls {
        section(&mut out, true);
        fdecl(&mut out, st, &env, f);
    }
    out
}

/// The text of a type, as the printer writes it (`{ i64, %T* }`, `i64 (i64)*`).
pub fn print_ty(t: &Ty) -> String {
    let mut out = String::new();
    let st = Style::LLVM;
    ty(&mut out, st, t);
    out
}

/// The text of an operand, as the printer writes it (`%"1"`, `@g`, `null`, `-5`).
pub fn print_operand(op: &Operand) -> String {
    let mut out = String::new();
    let st = Style::LLVM;
    operand(&mut out, st, op);
    out
}

/// The text of one instruction with its `%L = `, as the printer writes it
/// inside a function (`env` says which GEP indices select struct fields).
pub fn print_insn(env: &TypeEnv, i: &Insn) -> String {
    let mut out = String::new();
    let st = Style::LLVM;
    insn(&mut out, st, env, i);
    out
}

/// The text of one terminator, as the printer writes it.
pub fn print_term(t: &Term) -> String {
    let mut out = String::new();
    let st = Style::LLVM;
    term(&mut out, st, t);
    out
}

/// `%IDENT = type T`.
fn tdecl(out: &mut String, st: Style, t: &Tdecl) {
    name(out, st, '%', &t.name);
    out.push_str(" = type ");
    ty(out, st, &t.ty);
    out.push('\n');
}

/// `@IDENT = global T G`.
fn gdecl(out: &mut String, st: Style, g: &Gdecl) {
    name(out, st, '@', &g.name);
    out.push_str(" = global ");
    ty(out, st, &g.ty);
    out.push(' ');
    ginit(out, st, &g.init);
    out.push('\n');
}

/// `declare S @IDENT(S1, ..., SN)`.
fn edecl(out: &mut String, st: Style, e: &Edecl) {
    out.push_str("declare ");
    let (params, ret): (&[Ty], &Ty) = match &e.ty {
        Ty::Fun(params, ret) => (params, ret),
        other => (&[], other),
    };
    ty(out, st, ret);
    out.push(' ');
    name(out, st, '@', &e.name);
    out.push('(');
    for (i, p) in params.iter().enumerate() {
        sep(out, i);
        ty(out, st, p);
    }
    out.push_str(")\n");
}

/// `define S @IDENT(S1 %A1, ...) {`, the CFG, `}`.
fn fdecl(out: &mut String, st: Style, env: &TypeEnv, f: &Fdecl) {
    out.push_str("define ");
    ty(out, st, &f.ret);
    out.push(' ');
    name(out, st, '@', &f.name);
    out.push('(');
    for (i, (p, t)) in f.params.iter().enumerate() {
        sep(out, i);
        ty(out, st, t);
        out.push(' ');
        name(out, st, '%', p);
    }
    out.push_str(") {\n");
    cfg(out, st, env, &f.cfg);
    out.push_str("}\n");
}

/// The entry block (with its label if it has one), then labelled blocks.
fn cfg(out: &mut String, st: Style, env: &TypeEnv, c: &Cfg) {
    if let Some(l) = c
        .entry_label
        .as_ref()
        .filter(|l| st.llvm_extras || *l == "entry")
    {
        label(out, st, l);
    }
    block(out, st, env, &c.entry);
    for b in &c.blocks {
        label(out, st, &b.label);
        block(out, st, env, &b.block);
    }
}

/// `LAB:` on its own line.
fn label(out: &mut String, st: Style, l: &str) {
    if (st.plain_name)(l, true) {
        out.push_str(l);
    } else {
        quoted(out, l.as_bytes());
    }
    out.push_str(":\n");
}

/// Two-space indented instructions and the terminator.
fn block(out: &mut String, st: Style, env: &TypeEnv, b: &Block) {
    for i in &b.insns {
        out.push_str("  ");
        insn(out, st, env, i);
        out.push('\n');
    }
    out.push_str("  ");
    term(out, st, &b.term);
    out.push('\n');
}

/// One instruction with its `%L = `.
fn insn(out: &mut String, st: Style, env: &TypeEnv, i: &Insn) {
    if let Some(r) = &i.result {
        name(out, st, '%', r);
        out.push_str(" = ");
    }
    match &i.kind {
        InsnKind::Binop {
            bop,
            ty: t,
            op1,
            op2,
        } => {
            out.push_str(bop.keyword());
            out.push(' ');
            two_operands(out, st, t, op1, op2);
        }
        InsnKind::Alloca { ty: t } => {
            out.push_str("alloca ");
            ty(out, st, t);
        }
        InsnKind::Load { ty: t, ptr_ty, ptr } => {
            out.push_str("load ");
            typed_pointer(out, st, t, ptr_ty, ptr);
        }
        InsnKind::Store {
            ty: t,
            val,
            ptr_ty,
            ptr,
        } => {
            out.push_str("store ");
            typed(out, st, t, val);
            out.push_str(", ");
            typed(out, st, ptr_ty, ptr);
        }
        InsnKind::Icmp {
            cnd,
            ty: t,
            op1,
            op2,
        } => {
            out.push_str("icmp ");
            out.push_str(cnd.keyword());
            out.push(' ');
            two_operands(out, st, t, op1, op2);
        }
        InsnKind::Call { ret, callee, args } => call(out, st, ret, callee, args),
        InsnKind::Gep {
            base_ty,
            ptr_ty,
            ptr,
            idxs,
        } => gep(out, st, env, base_ty, ptr_ty, ptr, idxs),
        InsnKind::Bitcast { from, op, to } => {
            out.push_str("bitcast ");
            typed(out, st, from, op);
            out.push_str(" to ");
            ty(out, st, to);
        }
    }
}

/// `T, T* OP` (LLVM 3.7+) or `T* OP` (the spec's syntax, where the
/// pointer type written is `T*`) of a load or GEP.
fn typed_pointer(out: &mut String, st: Style, t: &Ty, ptr_ty: &Ty, ptr: &Operand) {
    if st.typed_load_gep {
        ty(out, st, t);
        out.push_str(", ");
        typed(out, st, ptr_ty, ptr);
    } else {
        typed(out, st, &t.clone().ptr_to(), ptr);
    }
}

/// `S OP1, OP2` of a binop or icmp.
fn two_operands(out: &mut String, st: Style, t: &Ty, op1: &Operand, op2: &Operand) {
    typed(out, st, t, op1);
    out.push_str(", ");
    operand(out, st, op2);
}

/// `call S OP(S1 OP1, ...)`. A return type that is itself a function or a
/// function pointer type is written inside the full function type
/// (`call i64 (i64)* (i64) @f(i64 1)`), because `call i64 (i64)* @f` would
/// read as the old syntax whose type is the callee's.
fn call(out: &mut String, st: Style, ret: &Ty, callee: &Operand, args: &[(Ty, Operand)]) {
    out.push_str("call ");
    let fun_ret = st.call_fun_ty
        && match ret {
            Ty::Fun(..) => true,
            Ty::Ptr(inner) => matches!(**inner, Ty::Fun(..)),
            _ => false,
        };
    if fun_ret {
        let fun = Ty::Fun(
            args.iter().map(|(t, _)| t.clone()).collect(),
            Box::new(ret.clone()),
        );
        ty(out, st, &fun);
    } else {
        ty(out, st, ret);
    }
    out.push(' ');
    operand(out, st, callee);
    out.push('(');
    for (i, (t, a)) in args.iter().enumerate() {
        sep(out, i);
        typed(out, st, t, a);
    }
    out.push(')');
}

/// `getelementptr T, T* OP, i64 OP1, i32 C, ...`: indices that select a
/// struct field are written `i32` (as LLVM requires), the others `i64`.
fn gep(
    out: &mut String,
    st: Style,
    env: &TypeEnv,
    base: &Ty,
    ptr_ty: &Ty,
    ptr: &Operand,
    idxs: &[Operand],
) {
    out.push_str("getelementptr ");
    typed_pointer(out, st, base, ptr_ty, ptr);
    let selectors = env.field_selectors(base, idxs);
    for (idx, selects) in idxs.iter().zip(selectors) {
        let index_ty = if selects { "i32" } else { "i64" };
        out.push_str(", ");
        out.push_str(index_ty);
        out.push(' ');
        operand(out, st, idx);
    }
}

/// `ret void`, `ret S OP`, `br label %L`, `br i1 OP, label %L1, label %L2`.
fn term(out: &mut String, st: Style, t: &Term) {
    match &t.kind {
        TermKind::Ret(t, op) => {
            out.push_str("ret ");
            ty(out, st, t);
            if let Some(op) = op {
                out.push(' ');
                operand(out, st, op);
            }
        }
        TermKind::Br(l) => {
            out.push_str("br ");
            label_ref(out, st, l);
        }
        TermKind::Cbr(c, l1, l2) => {
            out.push_str("br i1 ");
            operand(out, st, c);
            out.push_str(", ");
            label_ref(out, st, l1);
            out.push_str(", ");
            label_ref(out, st, l2);
        }
    }
}

/// `label %L`.
fn label_ref(out: &mut String, st: Style, l: &str) {
    out.push_str("label ");
    name(out, st, '%', l);
}

/// `T OP`.
fn typed(out: &mut String, st: Style, t: &Ty, op: &Operand) {
    ty(out, st, t);
    out.push(' ');
    operand(out, st, op);
}

/// An operand.
fn operand(out: &mut String, st: Style, op: &Operand) {
    match &op.kind {
        OperandKind::Null => out.push_str("null"),
        OperandKind::Const(n) => {
            let _ = write!(out, "{n}");
        }
        OperandKind::Gid(g) => name(out, st, '@', g),
        OperandKind::Id(x) => name(out, st, '%', x),
    }
}

/// A global initializer.
fn ginit(out: &mut String, st: Style, g: &Ginit) {
    match &g.kind {
        GinitKind::Null => out.push_str("null"),
        GinitKind::Gid(n) => name(out, st, '@', n),
        GinitKind::Int(n) => {
            let _ = write!(out, "{n}");
        }
        GinitKind::Str(bytes) => {
            out.push('c');
            match raw_string_body(bytes).filter(|_| st.raw_strings) {
                Some(body) => {
                    out.push('"');
                    out.push_str(body);
                    out.push_str("\\00\"");
                }
                None => quoted(out, bytes),
            }
        }
        GinitKind::Array(elems) => {
            out.push('[');
            typed_ginits(out, st, elems);
            out.push(']');
        }
        GinitKind::Struct(fields) if fields.is_empty() => out.push_str("{}"),
        GinitKind::Struct(fields) => {
            out.push_str("{ ");
            typed_ginits(out, st, fields);
            out.push_str(" }");
        }
        GinitKind::Bitcast(from, g, to) => {
            out.push_str("bitcast (");
            ty(out, st, from);
            out.push(' ');
            ginit(out, st, g);
            out.push_str(" to ");
            ty(out, st, to);
            out.push(')');
        }
    }
}

/// `T1 G1, ..., TN GN`.
fn typed_ginits(out: &mut String, st: Style, elems: &[(Ty, Ginit)]) {
    for (i, (t, g)) in elems.iter().enumerate() {
        sep(out, i);
        ty(out, st, t);
        out.push(' ');
        ginit(out, st, g);
    }
}

/// A type; suffixes (`*`, `(...)`) follow what they apply to.
fn ty(out: &mut String, st: Style, t: &Ty) {
    match t {
        Ty::Void => out.push_str("void"),
        Ty::I1 => out.push_str("i1"),
        Ty::I8 => out.push_str("i8"),
        Ty::I64 => out.push_str("i64"),
        Ty::OpaquePtr => out.push_str("ptr"),
        Ty::Ptr(inner) => {
            ty(out, st, inner);
            out.push('*');
        }
        Ty::Struct(fields) if fields.is_empty() => out.push_str("{}"),
        Ty::Struct(fields) => {
            out.push_str("{ ");
            for (i, f) in fields.iter().enumerate() {
                sep(out, i);
                ty(out, st, f);
            }
            out.push_str(" }");
        }
        Ty::Array(n, elem) => {
            let _ = write!(out, "[{n} x ");
            ty(out, st, elem);
            out.push(']');
        }
        Ty::Fun(params, ret) => {
            ty(out, st, ret);
            out.push_str(" (");
            for (i, p) in params.iter().enumerate() {
                sep(out, i);
                ty(out, st, p);
            }
            out.push(')');
        }
        Ty::Named(n) => name(out, st, '%', n),
    }
}

/// `, ` before every list element but the first.
fn sep(out: &mut String, i: usize) {
    if i > 0 {
        out.push_str(", ");
    }
}

/// `%name` / `@name`, quoted unless it is a plain LLVM identifier.
fn name(out: &mut String, st: Style, sigil: char, n: &str) {
    out.push(sigil);
    if (st.plain_name)(n, false) {
        out.push_str(n);
    } else {
        quoted(out, n.as_bytes());
    }
}

/// True for LLVM's unquoted identifiers `[-a-zA-Z$._][-a-zA-Z$._0-9]*`
/// (so never for numeric names, which LLVM would take as value numbers).
fn is_plain(n: &str) -> bool {
    let mut bytes = n.bytes();
    let plain_first = |b: u8| b.is_ascii_alphabetic() || matches!(b, b'-' | b'$' | b'.' | b'_');
    bytes.next().is_some_and(plain_first) && bytes.all(|b| plain_first(b) || b.is_ascii_digit())
}

/// The text before the final NUL of a string of printable ASCII (no `"`,
/// no `\`) that ends in one NUL: the strings the course lexers read as
/// written (`c"text\00"`, no other escapes).
pub(crate) fn raw_string_body(bytes: &[u8]) -> Option<&str> {
    let (&0, body) = bytes.split_last()? else {
        return None;
    };
    let ok = body
        .iter()
        .all(|&b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\');
    ok.then(|| std::str::from_utf8(body).ok()).flatten()
}

/// `"..."` with printable ASCII as is except `"` and `\`, every other byte
/// as `\HH` (uppercase hex).
fn quoted(out: &mut String, bytes: &[u8]) {
    out.push('"');
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
    out.push('"');
}

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
    let env = TypeEnv::new(prog);
    let mut out = String::new();
    let section = |out: &mut String, nonempty: bool| {
        if nonempty && !out.is_empty() {
            out.push('\n');
        }
    };
    section(&mut out, !prog.tdecls.is_empty());
    prog.tdecls.iter().for_each(|t| tdecl(&mut out, t));
    section(&mut out, !prog.gdecls.is_empty());
    prog.gdecls.iter().for_each(|g| gdecl(&mut out, g));
    section(&mut out, !prog.edecls.is_empty());
    prog.edecls.iter().for_each(|e| edecl(&mut out, e));
    for f in &prog.fdecls {
        section(&mut out, true);
        fdecl(&mut out, &env, f);
    }
    out
}

/// The text of a type, as the printer writes it (`{ i64, %T* }`, `i64 (i64)*`).
pub fn print_ty(t: &Ty) -> String {
    let mut out = String::new();
    ty(&mut out, t);
    out
}

/// The text of an operand, as the printer writes it (`%"1"`, `@g`, `null`, `-5`).
pub fn print_operand(op: &Operand) -> String {
    let mut out = String::new();
    operand(&mut out, op);
    out
}

/// The text of one instruction with its `%L = `, as the printer writes it
/// inside a function (`env` says which GEP indices select struct fields).
pub fn print_insn(env: &TypeEnv, i: &Insn) -> String {
    let mut out = String::new();
    insn(&mut out, env, i);
    out
}

/// The text of one terminator, as the printer writes it.
pub fn print_term(t: &Term) -> String {
    let mut out = String::new();
    term(&mut out, t);
    out
}

/// `%IDENT = type T`.
fn tdecl(out: &mut String, t: &Tdecl) {
    name(out, '%', &t.name);
    out.push_str(" = type ");
    ty(out, &t.ty);
    out.push('\n');
}

/// `@IDENT = global T G`.
fn gdecl(out: &mut String, g: &Gdecl) {
    name(out, '@', &g.name);
    out.push_str(" = global ");
    ty(out, &g.ty);
    out.push(' ');
    ginit(out, &g.init);
    out.push('\n');
}

/// `declare S @IDENT(S1, ..., SN)`.
fn edecl(out: &mut String, e: &Edecl) {
    out.push_str("declare ");
    let (params, ret): (&[Ty], &Ty) = match &e.ty {
        Ty::Fun(params, ret) => (params, ret),
        other => (&[], other),
    };
    ty(out, ret);
    out.push(' ');
    name(out, '@', &e.name);
    out.push('(');
    for (i, p) in params.iter().enumerate() {
        sep(out, i);
        ty(out, p);
    }
    out.push_str(")\n");
}

/// `define S @IDENT(S1 %A1, ...) {`, the CFG, `}`.
fn fdecl(out: &mut String, env: &TypeEnv, f: &Fdecl) {
    out.push_str("define ");
    ty(out, &f.ret);
    out.push(' ');
    name(out, '@', &f.name);
    out.push('(');
    for (i, (p, t)) in f.params.iter().enumerate() {
        sep(out, i);
        ty(out, t);
        out.push(' ');
        name(out, '%', p);
    }
    out.push_str(") {\n");
    cfg(out, env, &f.cfg);
    out.push_str("}\n");
}

/// The entry block (with its label if it has one), then labelled blocks.
fn cfg(out: &mut String, env: &TypeEnv, c: &Cfg) {
    if let Some(l) = &c.entry_label {
        label(out, l);
    }
    block(out, env, &c.entry);
    for b in &c.blocks {
        label(out, &b.label);
        block(out, env, &b.block);
    }
}

/// `LAB:` on its own line.
fn label(out: &mut String, l: &str) {
    if is_plain(l) {
        out.push_str(l);
    } else {
        quoted(out, l.as_bytes());
    }
    out.push_str(":\n");
}

/// Two-space indented instructions and the terminator.
fn block(out: &mut String, env: &TypeEnv, b: &Block) {
    for i in &b.insns {
        out.push_str("  ");
        insn(out, env, i);
        out.push('\n');
    }
    out.push_str("  ");
    term(out, &b.term);
    out.push('\n');
}

/// One instruction with its `%L = `.
fn insn(out: &mut String, env: &TypeEnv, i: &Insn) {
    if let Some(r) = &i.result {
        name(out, '%', r);
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
            two_operands(out, t, op1, op2);
        }
        InsnKind::Alloca { ty: t } => {
            out.push_str("alloca ");
            ty(out, t);
        }
        InsnKind::Load { ty: t, ptr_ty, ptr } => {
            out.push_str("load ");
            ty(out, t);
            out.push_str(", ");
            typed(out, ptr_ty, ptr);
        }
        InsnKind::Store {
            ty: t,
            val,
            ptr_ty,
            ptr,
        } => {
            out.push_str("store ");
            typed(out, t, val);
            out.push_str(", ");
            typed(out, ptr_ty, ptr);
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
            two_operands(out, t, op1, op2);
        }
        InsnKind::Call { ret, callee, args } => call(out, ret, callee, args),
        InsnKind::Gep {
            base_ty,
            ptr_ty,
            ptr,
            idxs,
        } => gep(out, env, base_ty, ptr_ty, ptr, idxs),
        InsnKind::Bitcast { from, op, to } => {
            out.push_str("bitcast ");
            typed(out, from, op);
            out.push_str(" to ");
            ty(out, to);
        }
    }
}

/// `S OP1, OP2` of a binop or icmp.
fn two_operands(out: &mut String, t: &Ty, op1: &Operand, op2: &Operand) {
    typed(out, t, op1);
    out.push_str(", ");
    operand(out, op2);
}

/// `call S OP(S1 OP1, ...)`. A return type that is itself a function or a
/// function pointer type is written inside the full function type
/// (`call i64 (i64)* (i64) @f(i64 1)`), because `call i64 (i64)* @f` would
/// read as the old syntax whose type is the callee's.
fn call(out: &mut String, ret: &Ty, callee: &Operand, args: &[(Ty, Operand)]) {
    out.push_str("call ");
    let fun_ret = match ret {
        Ty::Fun(..) => true,
        Ty::Ptr(inner) => matches!(**inner, Ty::Fun(..)),
        _ => false,
    };
    if fun_ret {
        let fun = Ty::Fun(
            args.iter().map(|(t, _)| t.clone()).collect(),
            Box::new(ret.clone()),
        );
        ty(out, &fun);
    } else {
        ty(out, ret);
    }
    out.push(' ');
    operand(out, callee);
    out.push('(');
    for (i, (t, a)) in args.iter().enumerate() {
        sep(out, i);
        typed(out, t, a);
    }
    out.push(')');
}

/// `getelementptr T, T* OP, i64 OP1, i32 C, ...`: indices that select a
/// struct field are written `i32` (as LLVM requires), the others `i64`.
fn gep(out: &mut String, env: &TypeEnv, base: &Ty, ptr_ty: &Ty, ptr: &Operand, idxs: &[Operand]) {
    out.push_str("getelementptr ");
    ty(out, base);
    out.push_str(", ");
    typed(out, ptr_ty, ptr);
    // The type the next index (after the first) walks into; None once the
    // walk leaves the known types.
    let mut cur = Some(base);
    for (i, idx) in idxs.iter().enumerate() {
        let mut index_ty = "i64";
        if i > 0 {
            cur = match cur.map(|t| env.unfold(t)) {
                Some(Ty::Struct(fields)) => match idx.kind {
                    OperandKind::Const(m) => {
                        let field = usize::try_from(m).ok().and_then(|m| fields.get(m));
                        if field.is_some() {
                            index_ty = "i32";
                        }
                        field
                    }
                    _ => None,
                },
                Some(Ty::Array(_, elem)) => Some(elem),
                _ => None,
            };
        }
        out.push_str(", ");
        out.push_str(index_ty);
        out.push(' ');
        operand(out, idx);
    }
}

/// `ret void`, `ret S OP`, `br label %L`, `br i1 OP, label %L1, label %L2`.
fn term(out: &mut String, t: &Term) {
    match &t.kind {
        TermKind::Ret(t, op) => {
            out.push_str("ret ");
            ty(out, t);
            if let Some(op) = op {
                out.push(' ');
                operand(out, op);
            }
        }
        TermKind::Br(l) => {
            out.push_str("br ");
            label_ref(out, l);
        }
        TermKind::Cbr(c, l1, l2) => {
            out.push_str("br i1 ");
            operand(out, c);
            out.push_str(", ");
            label_ref(out, l1);
            out.push_str(", ");
            label_ref(out, l2);
        }
    }
}

/// `label %L`.
fn label_ref(out: &mut String, l: &str) {
    out.push_str("label ");
    name(out, '%', l);
}

/// `T OP`.
fn typed(out: &mut String, t: &Ty, op: &Operand) {
    ty(out, t);
    out.push(' ');
    operand(out, op);
}

/// An operand.
fn operand(out: &mut String, op: &Operand) {
    match &op.kind {
        OperandKind::Null => out.push_str("null"),
        OperandKind::Const(n) => {
            let _ = write!(out, "{n}");
        }
        OperandKind::Gid(g) => name(out, '@', g),
        OperandKind::Id(x) => name(out, '%', x),
    }
}

/// A global initializer.
fn ginit(out: &mut String, g: &Ginit) {
    match &g.kind {
        GinitKind::Null => out.push_str("null"),
        GinitKind::Gid(n) => name(out, '@', n),
        GinitKind::Int(n) => {
            let _ = write!(out, "{n}");
        }
        GinitKind::Str(bytes) => {
            out.push('c');
            quoted(out, bytes);
        }
        GinitKind::Array(elems) => {
            out.push('[');
            typed_ginits(out, elems);
            out.push(']');
        }
        GinitKind::Struct(fields) if fields.is_empty() => out.push_str("{}"),
        GinitKind::Struct(fields) => {
            out.push_str("{ ");
            typed_ginits(out, fields);
            out.push_str(" }");
        }
        GinitKind::Bitcast(from, g, to) => {
            out.push_str("bitcast (");
            ty(out, from);
            out.push(' ');
            ginit(out, g);
            out.push_str(" to ");
            ty(out, to);
            out.push(')');
        }
    }
}

/// `T1 G1, ..., TN GN`.
fn typed_ginits(out: &mut String, elems: &[(Ty, Ginit)]) {
    for (i, (t, g)) in elems.iter().enumerate() {
        sep(out, i);
        ty(out, t);
        out.push(' ');
        ginit(out, g);
    }
}

/// A type; suffixes (`*`, `(...)`) follow what they apply to.
fn ty(out: &mut String, t: &Ty) {
    match t {
        Ty::Void => out.push_str("void"),
        Ty::I1 => out.push_str("i1"),
        Ty::I8 => out.push_str("i8"),
        Ty::I64 => out.push_str("i64"),
        Ty::OpaquePtr => out.push_str("ptr"),
        Ty::Ptr(inner) => {
            ty(out, inner);
            out.push('*');
        }
        Ty::Struct(fields) if fields.is_empty() => out.push_str("{}"),
        Ty::Struct(fields) => {
            out.push_str("{ ");
            for (i, f) in fields.iter().enumerate() {
                sep(out, i);
                ty(out, f);
            }
            out.push_str(" }");
        }
        Ty::Array(n, elem) => {
            let _ = write!(out, "[{n} x ");
            ty(out, elem);
            out.push(']');
        }
        Ty::Fun(params, ret) => {
            ty(out, ret);
            out.push_str(" (");
            for (i, p) in params.iter().enumerate() {
                sep(out, i);
                ty(out, p);
            }
            out.push(')');
        }
        Ty::Named(n) => name(out, '%', n),
    }
}

/// `, ` before every list element but the first.
fn sep(out: &mut String, i: usize) {
    if i > 0 {
        out.push_str(", ");
    }
}

/// `%name` / `@name`, quoted unless it is a plain LLVM identifier.
fn name(out: &mut String, sigil: char, n: &str) {
    out.push(sigil);
    if is_plain(n) {
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

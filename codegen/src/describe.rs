//! One-line LLVMlite text of an instruction or terminator, for the comments
//! above its machine code in listings (assembly text and disassembly).
//! A compact rendering for humans; the canonical printer is spec::print.

use spec::{Insn, InsnKind, Operand, OperandKind, Term, TermKind, Ty};

/// Types nested deeper than this print as `...` (comments only).
const MAX_DEPTH: usize = 16;

fn ty(t: &Ty) -> String {
    ty_at(t, 0)
}

fn ty_at(t: &Ty, depth: usize) -> String {
    if depth > MAX_DEPTH {
        return "...".into();
    }
    let list = |ts: &[Ty]| {
        ts.iter()
            .map(|t| ty_at(t, depth + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match t {
        Ty::Void => "void".into(),
        Ty::I1 => "i1".into(),
        Ty::I8 => "i8".into(),
        Ty::I64 => "i64".into(),
        Ty::Ptr(t) => format!("{}*", ty_at(t, depth + 1)),
        Ty::OpaquePtr => "ptr".into(),
        Ty::Struct(ts) => format!("{{ {} }}", list(ts)),
        Ty::Array(n, t) => format!("[{n} x {}]", ty_at(t, depth + 1)),
        Ty::Fun(ps, r) => format!("{} ({})", ty_at(r, depth + 1), list(ps)),
        Ty::Named(n) => format!("%{n}"),
    }
}

fn op(o: &Operand) -> String {
    match &o.kind {
        OperandKind::Null => "null".into(),
        OperandKind::Const(n) => n.to_string(),
        OperandKind::Gid(g) => format!("@{g}"),
        OperandKind::Id(x) => format!("%{x}"),
    }
}

/// `%L = add i64 %a, 1`, `store i64 %v, i64* %p`, ...
pub fn insn(i: &Insn) -> String {
    let body = match &i.kind {
        InsnKind::Binop {
            bop,
            ty: t,
            op1,
            op2,
        } => {
            format!("{} {} {}, {}", bop.keyword(), ty(t), op(op1), op(op2))
        }
        InsnKind::Alloca { ty: t } => format!("alloca {}", ty(t)),
        InsnKind::Load { ty: t, ptr_ty, ptr } => {
            format!("load {}, {} {}", ty(t), ty(ptr_ty), op(ptr))
        }
        InsnKind::Store {
            ty: t,
            val,
            ptr_ty,
            ptr,
        } => {
            format!("store {} {}, {} {}", ty(t), op(val), ty(ptr_ty), op(ptr))
        }
        InsnKind::Icmp {
            cnd,
            ty: t,
            op1,
            op2,
        } => {
            format!("icmp {} {} {}, {}", cnd.keyword(), ty(t), op(op1), op(op2))
        }
        InsnKind::Call { ret, callee, args } => {
            let args: Vec<String> = args
                .iter()
                .map(|(t, o)| format!("{} {}", ty(t), op(o)))
                .collect();
            format!("call {} {}({})", ty(ret), op(callee), args.join(", "))
        }
        InsnKind::Gep {
            base_ty,
            ptr_ty,
            ptr,
            idxs,
        } => {
            let idxs: Vec<String> = idxs.iter().map(|o| format!("i64 {}", op(o))).collect();
            format!(
                "getelementptr {}, {} {}, {}",
                ty(base_ty),
                ty(ptr_ty),
                op(ptr),
                idxs.join(", ")
            )
        }
        InsnKind::Bitcast { from, op: o, to } => {
            format!("bitcast {} {} to {}", ty(from), op(o), ty(to))
        }
    };
    match &i.result {
        Some(r) => format!("%{r} = {body}"),
        None => body,
    }
}

/// `ret i64 %x`, `br label %l`, `br i1 %c, label %a, label %b`.
pub fn term(t: &Term) -> String {
    match &t.kind {
        TermKind::Ret(_, None) => "ret void".into(),
        TermKind::Ret(t, Some(o)) => format!("ret {} {}", ty(t), op(o)),
        TermKind::Br(l) => format!("br label %{l}"),
        TermKind::Cbr(o, a, b) => format!("br i1 {}, label %{a}, label %{b}", op(o)),
    }
}

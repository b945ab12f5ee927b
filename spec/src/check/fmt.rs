//! Types in LLVM syntax for the checker's messages.

use crate::ast::Ty;

/// Deeper types are abbreviated (`...`) so a message stays readable and
/// printing needs no unbounded recursion.
const MAX_DEPTH: usize = 16;

/// The type in LLVM syntax (`i64*`, `{ i64, [2 x i8] }`, `i64 (i8*)*`,
/// `%node`).
pub fn ty_to_string(ty: &Ty) -> String {
    let mut out = String::new();
    write_ty(ty, 0, &mut out);
    out
}

fn write_list(tys: &[Ty], depth: usize, out: &mut String) {
    for (i, t) in tys.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_ty(t, depth + 1, out);
    }
}

fn write_ty(ty: &Ty, depth: usize, out: &mut String) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match ty {
        Ty::Void => out.push_str("void"),
        Ty::I1 => out.push_str("i1"),
        Ty::I8 => out.push_str("i8"),
        Ty::I64 => out.push_str("i64"),
        Ty::OpaquePtr => out.push_str("ptr"),
        Ty::Ptr(t) => {
            write_ty(t, depth + 1, out);
            out.push('*');
        }
        Ty::Struct(ts) if ts.is_empty() => out.push_str("{}"),
        Ty::Struct(ts) => {
            out.push_str("{ ");
            write_list(ts, depth, out);
            out.push_str(" }");
        }
        Ty::Array(n, t) => {
            out.push_str(&format!("[{n} x "));
            write_ty(t, depth + 1, out);
            out.push(']');
        }
        Ty::Fun(ps, r) => {
            write_ty(r, depth + 1, out);
            out.push_str(" (");
            write_list(ps, depth, out);
            out.push(')');
        }
        Ty::Named(n) => {
            out.push('%');
            out.push_str(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_llvm_syntax() {
        let t = Ty::Fun(
            vec![Ty::I8.ptr_to(), Ty::Named("t".into())],
            Box::new(Ty::Struct(vec![Ty::I64, Ty::Array(3, Box::new(Ty::I8))]).ptr_to()),
        )
        .ptr_to();
        assert_eq!(ty_to_string(&t), "{ i64, [3 x i8] }* (i8*, %t)*");
        assert_eq!(ty_to_string(&Ty::Struct(vec![])), "{}");
    }

    #[test]
    fn deep_types_are_abbreviated() {
        let mut t = Ty::I64;
        for _ in 0..100 {
            t = t.ptr_to();
        }
        assert!(ty_to_string(&t).contains("..."));
    }
}

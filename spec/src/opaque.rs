//! LLVM 15's opaque pointers: erasing pointee types (`T*` becomes `ptr`)
//! and the checker rules that cannot be applied to a `ptr`.
//!
//! Erasure is the reverse of type recovery (the `recover` crate): a typed
//! program erased runs on the oracle to the same outcome, since the oracle's
//! dynamic checks use the types memory was created with and the annotations
//! of load, store, GEP and call, where `ptr` matches any pointer type.

use crate::ast::{Ginit, GinitKind, InsnKind, Prog, TermKind, Ty};

/// `ty` with every pointer type, at any depth, replaced by `ptr`.
pub fn erase_ty(ty: &Ty) -> Ty {
    match ty {
        Ty::Ptr(_) | Ty::OpaquePtr => Ty::OpaquePtr,
        Ty::Struct(ts) => Ty::Struct(ts.iter().map(erase_ty).collect()),
        Ty::Array(n, t) => Ty::Array(*n, Box::new(erase_ty(t))),
        Ty::Fun(ps, r) => Ty::Fun(ps.iter().map(erase_ty).collect(), Box::new(erase_ty(r))),
        t => t.clone(),
    }
}

/// True when `ty` mentions `ptr` somewhere.
pub fn mentions_opaque(ty: &Ty) -> bool {
    match ty {
        Ty::OpaquePtr => true,
        Ty::Ptr(t) | Ty::Array(_, t) => mentions_opaque(t),
        Ty::Struct(ts) => ts.iter().any(mentions_opaque),
        Ty::Fun(ps, r) => mentions_opaque(r) || ps.iter().any(mentions_opaque),
        _ => false,
    }
}

fn erase_ginit(g: &Ginit) -> Ginit {
    let kind = match &g.kind {
        GinitKind::Array(es) => GinitKind::Array(
            es.iter()
                .map(|(t, e)| (erase_ty(t), erase_ginit(e)))
                .collect(),
        ),
        GinitKind::Struct(es) => GinitKind::Struct(
            es.iter()
                .map(|(t, e)| (erase_ty(t), erase_ginit(e)))
                .collect(),
        ),
        GinitKind::Bitcast(a, e, b) => {
            GinitKind::Bitcast(erase_ty(a), Box::new(erase_ginit(e)), erase_ty(b))
        }
        k => k.clone(),
    };
    Ginit { kind, span: g.span }
}

fn erase_insn(k: &mut InsnKind) {
    match k {
        InsnKind::Binop { ty, .. } | InsnKind::Alloca { ty } | InsnKind::Icmp { ty, .. } => {
            *ty = erase_ty(ty)
        }
        InsnKind::Load { ty, ptr_ty, .. } | InsnKind::Store { ty, ptr_ty, .. } => {
            *ty = erase_ty(ty);
            *ptr_ty = erase_ty(ptr_ty);
        }
        InsnKind::Call { ret, args, .. } => {
            *ret = erase_ty(ret);
            args.iter_mut().for_each(|(t, _)| *t = erase_ty(t));
        }
        InsnKind::Gep {
            base_ty, ptr_ty, ..
        } => {
            *base_ty = erase_ty(base_ty);
            *ptr_ty = erase_ty(ptr_ty);
        }
        InsnKind::Bitcast { from, to, .. } => {
            *from = erase_ty(from);
            *to = erase_ty(to);
        }
    }
}

/// The program with every pointee type erased (LLVM 15+'s opaque pointers):
/// each `T*`, wherever a type is written, becomes `ptr`. Named types keep
/// their names (`%S*` becomes `ptr`, `%S` stays `%S`).
pub fn erase_pointee_types(prog: &Prog) -> Prog {
    let mut p = prog.clone();
    p.tdecls.iter_mut().for_each(|t| t.ty = erase_ty(&t.ty));
    for g in &mut p.gdecls {
        g.ty = erase_ty(&g.ty);
        g.init = erase_ginit(&g.init);
    }
    p.edecls.iter_mut().for_each(|e| e.ty = erase_ty(&e.ty));
    for f in &mut p.fdecls {
        f.ret = erase_ty(&f.ret);
        f.params.iter_mut().for_each(|(_, t)| *t = erase_ty(t));
        let blocks = f.cfg.blocks_mut();
        for b in blocks {
            b.insns.iter_mut().for_each(|i| erase_insn(&mut i.kind));
            if let TermKind::Ret(t, _) = &mut b.term.kind {
                *t = erase_ty(t);
            }
        }
    }
    p
}

/// The checker rules that compare pointee types and so cannot be applied
/// where a pointer is an opaque `ptr`, with what is lost: the checker
/// accepts `ptr` as equal to every pointer type there, and the oracle's
/// dynamic checks (tags of memory, declared types of functions) decide.
pub const RULES_SKIPPED_FOR_OPAQUE: &[(&str, &str)] = &[
    (
        "load-type",
        "load S, ptr P: that P points to an S is not known statically",
    ),
    (
        "store-type",
        "store S V, ptr P: that P points to an S is not known statically",
    ),
    (
        "gep-type",
        "getelementptr T, ptr P: that P points to a T is not known statically",
    ),
    (
        "call-type",
        "call through a ptr: the callee's function type is not known statically (nor its arity and argument types: call-arity, call-arg-type)",
    ),
    (
        "bitcast-type",
        "bitcast ptr V to ptr: nothing to compare",
    ),
];

/// The rules of [`RULES_SKIPPED_FOR_OPAQUE`] when `prog` mentions `ptr`
/// anywhere (none for a typed program): what `lloracle check` could not apply.
pub fn rules_skipped_for_opaque(prog: &Prog) -> &'static [(&'static str, &'static str)] {
    if prog_mentions_opaque(prog) {
        RULES_SKIPPED_FOR_OPAQUE
    } else {
        &[]
    }
}

/// True when a type written anywhere in `prog` mentions `ptr`.
pub fn prog_mentions_opaque(prog: &Prog) -> bool {
    let mut found = false;
    for_each_ty(prog, &mut |t| found |= mentions_opaque(t));
    found
}

/// Calls `f` on every type written in `prog` (definitions, signatures,
/// initializers, instruction annotations, `ret` types).
pub fn for_each_ty(prog: &Prog, f: &mut dyn FnMut(&Ty)) {
    prog.tdecls.iter().for_each(|t| f(&t.ty));
    for g in &prog.gdecls {
        f(&g.ty);
        let mut stack = vec![&g.init];
        while let Some(i) = stack.pop() {
            match &i.kind {
                GinitKind::Array(es) | GinitKind::Struct(es) => es.iter().for_each(|(t, e)| {
                    f(t);
                    stack.push(e);
                }),
                GinitKind::Bitcast(a, e, b) => {
                    f(a);
                    f(b);
                    stack.push(e);
                }
                _ => {}
            }
        }
    }
    prog.edecls.iter().for_each(|e| f(&e.ty));
    for d in &prog.fdecls {
        f(&d.fun_ty());
        let blocks = d.cfg.blocks();
        for b in blocks {
            for i in &b.insns {
                match &i.kind {
                    InsnKind::Binop { ty, .. }
                    | InsnKind::Alloca { ty }
                    | InsnKind::Icmp { ty, .. } => f(ty),
                    InsnKind::Load { ty, ptr_ty, .. } | InsnKind::Store { ty, ptr_ty, .. } => {
                        f(ty);
                        f(ptr_ty)
                    }
                    InsnKind::Call { ret, args, .. } => {
                        f(ret);
                        args.iter().for_each(|(t, _)| f(t))
                    }
                    InsnKind::Gep {
                        base_ty, ptr_ty, ..
                    } => {
                        f(base_ty);
                        f(ptr_ty)
                    }
                    InsnKind::Bitcast { from, to, .. } => {
                        f(from);
                        f(to)
                    }
                }
            }
            if let TermKind::Ret(t, _) = &b.term.kind {
                f(t)
            }
        }
    }
}

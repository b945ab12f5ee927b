//! Walking every operand of a program: reading them (the checker, the
//! back end's liveness), and for transformations that rename or replace
//! what operands say (the LLVM wrapper of `toolchain`, reducers).

use crate::ast::{Block, Ginit, GinitKind, InsnKind, Operand, Prog, TermKind, Ty};

/// Calls `f` on each operand an instruction reads, in order.
pub fn insn_operands<'o>(kind: &'o InsnKind, mut f: impl FnMut(&'o Operand)) {
    match kind {
        InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => {
            f(op1);
            f(op2);
        }
        InsnKind::Alloca { .. } => {}
        InsnKind::Load { ptr, .. } => f(ptr),
        InsnKind::Store { val, ptr, .. } => {
            f(val);
            f(ptr);
        }
        InsnKind::Call { callee, args, .. } => {
            f(callee);
            args.iter().for_each(|(_, a)| f(a));
        }
        InsnKind::Gep { ptr, idxs, .. } => {
            f(ptr);
            idxs.iter().for_each(f);
        }
        InsnKind::Bitcast { op, .. } => f(op),
    }
}

/// Calls `f` on every operand of every instruction and terminator of `block`.
pub fn block_operands_mut(block: &mut Block, f: &mut dyn FnMut(&mut Operand)) {
    for i in &mut block.insns {
        match &mut i.kind {
            InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => {
                f(op1);
                f(op2);
            }
            InsnKind::Alloca { .. } => {}
            InsnKind::Load { ptr, .. } => f(ptr),
            InsnKind::Store { val, ptr, .. } => {
                f(val);
                f(ptr);
            }
            InsnKind::Call { callee, args, .. } => {
                f(callee);
                args.iter_mut().for_each(|(_, a)| f(a));
            }
            InsnKind::Gep { ptr, idxs, .. } => {
                f(ptr);
                idxs.iter_mut().for_each(&mut *f);
            }
            InsnKind::Bitcast { op, .. } => f(op),
        }
    }
    match &mut block.term.kind {
        TermKind::Ret(_, Some(o)) | TermKind::Cbr(o, _, _) => f(o),
        TermKind::Ret(_, None) | TermKind::Br(_) => {}
    }
}

/// Calls `f` on every operand of every function body of `prog`.
pub fn operands_mut(prog: &mut Prog, f: &mut dyn FnMut(&mut Operand)) {
    for fd in &mut prog.fdecls {
        block_operands_mut(&mut fd.cfg.entry, f);
        for b in &mut fd.cfg.blocks {
            block_operands_mut(&mut b.block, f);
        }
    }
}

/// Calls `f` on every global name an initializer mentions (`@g`), walking
/// nested initializers with an explicit stack.
pub fn ginit_gids_mut(init: &mut Ginit, f: &mut dyn FnMut(&mut String)) {
    let mut stack = vec![init];
    while let Some(init) = stack.pop() {
        match &mut init.kind {
            GinitKind::Gid(n) => f(n),
            GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                stack.extend(elems.iter_mut().map(|(_, e)| e));
            }
            GinitKind::Bitcast(_, inner, _) => stack.push(inner),
            GinitKind::Null | GinitKind::Int(_) | GinitKind::Str(_) => {}
        }
    }
}

/// Calls `f` on every mention of a global name (`@g` operands and
/// initializers), not on definitions.
pub fn global_mentions_mut(prog: &mut Prog, f: &mut dyn FnMut(&mut String)) {
    use crate::ast::OperandKind;
    operands_mut(prog, &mut |op| {
        if let OperandKind::Gid(n) = &mut op.kind {
            f(n);
        }
    });
    for g in &mut prog.gdecls {
        ginit_gids_mut(&mut g.init, f);
    }
}

/// Renames the function or global `@from` and every mention of it to `@to`.
pub fn rename_global(prog: &mut Prog, from: &str, to: &str) {
    for f in &mut prog.fdecls {
        if f.name == from {
            f.name = to.to_string();
        }
    }
    for g in &mut prog.gdecls {
        if g.name == from {
            g.name = to.to_string();
        }
    }
    global_mentions_mut(prog, &mut |n| {
        if n == from {
            *n = to.to_string();
        }
    });
}

/// Calls `f` on every type written in the program (definitions, signatures,
/// initializers, instruction annotations, `ret` types), to change them.
pub fn prog_tys_mut(p: &mut Prog, f: &mut dyn FnMut(&mut Ty)) {
    p.tdecls.iter_mut().for_each(|t| f(&mut t.ty));
    for g in &mut p.gdecls {
        f(&mut g.ty);
        ginit_tys_mut(&mut g.init, f);
    }
    p.edecls.iter_mut().for_each(|e| f(&mut e.ty));
    for fd in &mut p.fdecls {
        f(&mut fd.ret);
        fd.params.iter_mut().for_each(|(_, t)| f(t));
        for b in fd.cfg.blocks_mut() {
            for i in &mut b.insns {
                insn_tys_mut(&mut i.kind, f);
            }
            if let TermKind::Ret(t, _) = &mut b.term.kind {
                f(t);
            }
        }
    }
}

/// Calls `f` on every type an initializer writes.
pub fn ginit_tys_mut(g: &mut Ginit, f: &mut dyn FnMut(&mut Ty)) {
    let mut stack = vec![g];
    while let Some(g) = stack.pop() {
        match &mut g.kind {
            GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                for (t, e) in elems {
                    f(t);
                    stack.push(e);
                }
            }
            GinitKind::Bitcast(from, inner, to) => {
                f(from);
                f(to);
                stack.push(inner);
            }
            _ => {}
        }
    }
}

/// Calls `f` on every type an instruction writes.
pub fn insn_tys_mut(k: &mut InsnKind, f: &mut dyn FnMut(&mut Ty)) {
    match k {
        InsnKind::Binop { ty, .. } | InsnKind::Icmp { ty, .. } | InsnKind::Alloca { ty } => f(ty),
        InsnKind::Load { ty, ptr_ty, .. } | InsnKind::Store { ty, ptr_ty, .. } => {
            f(ty);
            f(ptr_ty);
        }
        InsnKind::Call { ret, args, .. } => {
            f(ret);
            args.iter_mut().for_each(|(t, _)| f(t));
        }
        InsnKind::Gep {
            base_ty, ptr_ty, ..
        } => {
            f(base_ty);
            f(ptr_ty);
        }
        InsnKind::Bitcast { from, to, .. } => {
            f(from);
            f(to);
        }
    }
}

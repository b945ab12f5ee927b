//! The one place where the two call syntaxes read the same text differently.
//!
//! `call i64 (i64)* @f(i64 1)` is, in the spec's syntax `call S1 OP1(...)`
//! and in LLVM 3.7+, a call of a function *returning* the function pointer
//! type `i64 (i64)*`; in LLVM before 3.7 it was a call of `@f : i64 (i64)*`
//! returning `i64`. The parser reads the spec's meaning, and notes where the
//! type written was a function pointer type. Once the whole program is read,
//! such a call is taken in the old sense only when the callee is a function
//! of this program (`define` or `declare`) whose type is exactly the type
//! written (`i64 (i64)`) and whose return type is not that type, so that the
//! spec's reading could not be well typed and the old one is.

use crate::ast::{Block, InsnKind, OperandKind, Prog, Ty};
use crate::types::TypeEnv;
use std::collections::{HashMap, HashSet};

/// Rewrites the return type of each call whose callee operand starts at one
/// of `candidates` (byte offsets) when the old reading is the only one that
/// fits the callee's declared type.
pub(super) fn resolve_old_calls(prog: &mut Prog, candidates: &HashSet<u32>) {
    if candidates.is_empty() {
        return;
    }
    let env = TypeEnv::new(prog);
    let mut fun_tys: HashMap<String, Ty> = HashMap::new();
    for e in &prog.edecls {
        fun_tys
            .entry(e.name.clone())
            .or_insert_with(|| e.ty.clone());
    }
    for f in &prog.fdecls {
        fun_tys.entry(f.name.clone()).or_insert_with(|| f.fun_ty());
    }
    let resolve = |block: &mut Block| {
        for insn in &mut block.insns {
            let InsnKind::Call { ret, callee, .. } = &mut insn.kind else {
                continue;
            };
            if !candidates.contains(&callee.span.lo) {
                continue;
            }
            let OperandKind::Gid(g) = &callee.kind else {
                continue;
            };
            let (Some(declared), Ty::Ptr(written)) = (fun_tys.get(g), &*ret) else {
                continue;
            };
            let (Ty::Fun(_, declared_ret), Ty::Fun(_, old_ret)) = (declared, &**written) else {
                continue;
            };
            if env.ty_eq(declared, written) && !env.ty_eq(declared_ret, ret) {
                *ret = (**old_ret).clone();
            }
        }
    };
    for f in &mut prog.fdecls {
        resolve(&mut f.cfg.entry);
        f.cfg.blocks.iter_mut().for_each(|b| resolve(&mut b.block));
    }
}

//! Whole items: drop a function (never `main`), a global, a named type, a
//! `declare`, or a parameter of a function (with the argument of every
//! direct call of it). A dropped item that is still used fails the checker,
//! so only unused ones survive the filter.

use super::{blocks_mut, Edit};
use spec::{InsnKind, OperandKind, Prog};

/// The functions and globals, biggest first.
pub(super) fn remove_items(p: &Prog, out: &mut Vec<Edit>) {
    for (i, f) in p.fdecls.iter().enumerate() {
        if f.name != "main" {
            out.push(Edit::RemoveFn(i));
        }
    }
    out.extend((0..p.gdecls.len()).map(Edit::RemoveGlobal));
}

/// The parameters of every function but `main`.
pub(super) fn remove_params(p: &Prog, out: &mut Vec<Edit>) {
    for (fi, f) in p.fdecls.iter().enumerate() {
        if f.name != "main" {
            out.extend((0..f.params.len()).map(|k| Edit::RemoveParam(fi, k)));
        }
    }
}

/// The named types and `declare`s.
pub(super) fn remove_types(p: &Prog, out: &mut Vec<Edit>) {
    out.extend((0..p.tdecls.len()).map(Edit::RemoveType));
    out.extend((0..p.edecls.len()).map(Edit::RemoveEdecl));
}

/// Applies one of this file's edits to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    fn remove<T>(xs: &mut Vec<T>, i: usize) -> Option<()> {
        (i < xs.len()).then(|| {
            xs.remove(i);
        })
    }
    match *e {
        Edit::RemoveFn(i) => remove(&mut q.fdecls, i),
        Edit::RemoveGlobal(i) => remove(&mut q.gdecls, i),
        Edit::RemoveType(i) => remove(&mut q.tdecls, i),
        Edit::RemoveEdecl(i) => remove(&mut q.edecls, i),
        Edit::RemoveParam(f, k) => {
            let fd = q.fdecls.get_mut(f)?;
            remove(&mut fd.params, k)?;
            let name = OperandKind::Gid(fd.name.clone());
            for fd in &mut q.fdecls {
                for blk in blocks_mut(fd) {
                    for insn in &mut blk.insns {
                        if let InsnKind::Call { callee, args, .. } = &mut insn.kind {
                            if callee.kind == name && k < args.len() {
                                args.remove(k);
                            }
                        }
                    }
                }
            }
            Some(())
        }
        _ => None,
    }
}

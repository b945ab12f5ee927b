//! Measuring a recovery: its soundness against the pointer types observed
//! in a run (tests/testsuite/recover_corpus.rs) and its precision against the typed program
//! the opaque one was erased from (item 6). The runs themselves come from
//! the oracle (`oracle::run_recording_pointer_types`); this crate depends
//! on `spec` only, so observations come in as plain triples.

use crate::analysis::Analysis;
use spec::opaque::erase_ty;
use spec::print::print_ty;
use spec::{InsnKind, Prog, Ty, TypeEnv};
use std::collections::HashMap;

/// The observations of a run that are not in the recovered sets: for each
/// (function, local, effective type at the pointer's target) observed, the
/// type (erased) must be in the set recovered for that local. A string is
/// one `[N x i8]` leaf in memory, so an `i8*` at its first character
/// observes `[N x i8]`: an `i8` in the set covers it (docs/semantics.md).
pub fn soundness_violations<'r>(
    a: &Analysis,
    observed: impl IntoIterator<Item = (&'r str, &'r str, &'r Ty)>,
) -> Vec<String> {
    let env = &a.env;
    let mut bad = Vec::new();
    for (f, x, ty) in observed {
        let set = a.types_of_local(f, x);
        let t = erase_ty(ty);
        let string = matches!(&t, Ty::Array(_, e) if **e == Ty::I8);
        if !set
            .iter()
            .any(|s| env.ty_eq(s, &t) || (string && *s == Ty::I8))
        {
            let set: Vec<String> = set.iter().map(print_ty).collect();
            bad.push(format!(
                "@{f} %{x}: ran with {} not in {{{}}}",
                print_ty(&t),
                set.join(", ")
            ));
        }
    }
    bad
}

/// The type of every pointer local (parameters and instruction results)
/// of `prog`, as its definition gives it: `(function, local, type)`.
pub fn pointer_local_types(prog: &Prog) -> Vec<(String, String, Ty)> {
    let env = TypeEnv::new(prog);
    let mut out = Vec::new();
    for f in &prog.fdecls {
        for (x, t) in &f.params {
            out.push((f.name.clone(), x.clone(), t.clone()));
        }
        let blocks = f.cfg.blocks();
        for b in blocks {
            for i in &b.insns {
                let Some(x) = &i.result else { continue };
                let t = match &i.kind {
                    InsnKind::Alloca { ty } => ty.clone().ptr_to(),
                    InsnKind::Load { ty, .. } => ty.clone(),
                    InsnKind::Gep { base_ty, idxs, .. } => match env.gepty(base_ty, idxs) {
                        Ok(t) => t.ptr_to(),
                        Err(_) => continue,
                    },
                    InsnKind::Bitcast { to, .. } => to.clone(),
                    InsnKind::Call { ret, .. } => ret.clone(),
                    _ => continue,
                };
                out.push((f.name.clone(), x.clone(), t));
            }
        }
    }
    out.retain(|(_, _, t)| t.is_pointer());
    out
}

/// Precision: how many pointer locals of the typed program `orig` have in
/// `recovered` a type equal to their original one (named types compared by
/// name), and how many pointer locals there are.
pub fn precision(orig: &Prog, recovered: &Prog) -> (usize, usize) {
    let env = TypeEnv::new(orig);
    let rec: HashMap<(String, String), Ty> = pointer_local_types(recovered)
        .into_iter()
        .map(|(f, x, t)| ((f, x), t))
        .collect();
    let all = pointer_local_types(orig);
    let same = all
        .iter()
        .filter(|(f, x, t)| {
            rec.get(&(f.clone(), x.clone()))
                .is_some_and(|r| env.ty_eq(r, t))
        })
        .count();
    (same, all.len())
}

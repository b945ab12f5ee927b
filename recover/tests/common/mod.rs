//! Shared helpers of recover's tests: outcomes compared by what they mean,
//! the soundness check against the oracle's recorded pointer types, and
//! the precision measure.

#![allow(dead_code)]

use spec::opaque::erase_ty;
use spec::{Outcome, Prog, Ty, TypeEnv};

/// Small limits: generated programs are small.
pub fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 200_000,
        max_depth: 2_000,
        max_cells: 1_000_000,
        ..oracle::Options::default()
    }
}

/// Two outcomes mean the same: same kind, same stdout, same value for a
/// returned run, same kind of undefined behaviour or limit.
pub fn same_outcome(a: &Outcome, b: &Outcome) -> bool {
    a.name() == b.name()
        && a.stdout() == b.stdout()
        && match (a, b) {
            (Outcome::Returned { value: x, .. }, Outcome::Returned { value: y, .. }) => x == y,
            (Outcome::Undefined { kind: x, .. }, Outcome::Undefined { kind: y, .. }) => x == y,
            (Outcome::Limit { kind: x, .. }, Outcome::Limit { kind: y, .. }) => x == y,
            _ => true,
        }
}

/// The soundness check: every effective type the oracle records for a
/// pointer local (running `prog`) is in the set the analysis recovered
/// for it (both erased; strings `[N x i8]` and `i8` are one family only
/// when the set has that very type). Returns the violations.
pub fn soundness_violations(prog: &Prog) -> (usize, Vec<String>) {
    let a = recover::Analysis::new(prog);
    let (_, records) = oracle::run_recording_pointer_types(prog, &[], &opts());
    let env = TypeEnv::new(&a.prog);
    let mut bad = Vec::new();
    for r in &records {
        let set = a.types_of_local(&r.function, &r.local);
        let t = erase_ty(&r.ty);
        // A string is one leaf of [N x i8]: an i8* at its first character
        // targets the whole string (ORACLE-SEMANTICS.md, "Values and memory").
        let string = matches!(&t, Ty::Array(_, e) if **e == Ty::I8);
        if !set
            .iter()
            .any(|s| env.ty_eq(s, &t) || (string && *s == Ty::I8))
        {
            bad.push(format!(
                "@{} %{}: ran with {} not in {{{}}}",
                r.function,
                r.local,
                spec::print::print_ty(&t),
                set.iter()
                    .map(spec::print::print_ty)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    (records.len(), bad)
}

/// The type of every pointer local of a typed program, by its definition.
pub fn pointer_local_types(prog: &Prog) -> Vec<(String, String, Ty)> {
    let env = TypeEnv::new(prog);
    let mut out = Vec::new();
    for f in &prog.fdecls {
        for (x, t) in &f.params {
            out.push((f.name.clone(), x.clone(), t.clone()));
        }
        let blocks = std::iter::once(&f.cfg.entry).chain(f.cfg.blocks.iter().map(|b| &b.block));
        for b in blocks {
            for i in &b.insns {
                let Some(x) = &i.result else { continue };
                let t = match &i.kind {
                    spec::InsnKind::Alloca { ty } => ty.clone().ptr_to(),
                    spec::InsnKind::Load { ty, .. } => ty.clone(),
                    spec::InsnKind::Gep { base_ty, idxs, .. } => match env.gepty(base_ty, idxs) {
                        Ok(t) => t.ptr_to(),
                        Err(_) => continue,
                    },
                    spec::InsnKind::Bitcast { to, .. } => to.clone(),
                    spec::InsnKind::Call { ret, .. } => ret.clone(),
                    _ => continue,
                };
                out.push((f.name.clone(), x.clone(), t));
            }
        }
    }
    out.retain(|(_, _, t)| t.is_pointer());
    out
}

/// How many pointer locals of `orig` have, in `recovered`, a type equal to
/// their original one, and how many there are.
pub fn precision(orig: &Prog, recovered: &Prog) -> (usize, usize) {
    let env = TypeEnv::new(orig);
    let rec: std::collections::HashMap<(String, String), Ty> = pointer_local_types(recovered)
        .into_iter()
        .map(|(f, x, t)| ((f, x), t))
        .collect();
    let mut same = 0;
    let all = pointer_local_types(orig);
    for (f, x, t) in &all {
        if rec
            .get(&(f.clone(), x.clone()))
            .is_some_and(|r| env.ty_eq(r, t))
        {
            same += 1;
        }
    }
    (same, all.len())
}

//! Lowering: a checked program rewritten into an equivalent one that uses
//! only a dialect's features.
//!
//! - Literals the dialect cannot write (`negative-literals`,
//!   `big-literals`) in instructions are materialised by instructions just
//!   before their use: `sub i64 0, N` for a small negative, `shl i64 HI,
//!   32` then `or i64 %t, LO` (two 32-bit halves) for any other value, so
//!   no literal written is negative or at least 2^62. In initializers they
//!   have no equivalent (`NotInDialect`).
//! - Names the dialect cannot write (`quoted-names`, `numbered-names`,
//!   `numbered-labels`, `underscore-names`, `llvm-name-chars`,
//!   `keyword-names`) are renamed to fresh names every dialect writes plain
//!   (`v3`, `bb1`, `g2`, `t0`); names it can write are kept, so `main`,
//!   `program` and the runtime functions keep theirs.
//! - `undeclared-runtime-calls`: a `declare` is added for each runtime
//!   function used without one, at the type of its calls.
//! - `llvm-extras`: an entry block label is dropped (it is never a branch
//!   target).
//! - `undominated-uses`: the blocks no path from the entry reaches are
//!   dropped (they never run).
//! - `i64-struct-index` and `late-type-definitions` are how a text is
//!   written, not what the tree holds: the printer writes struct indices
//!   `i32` and every type definition first.
//! - Every other feature (string escapes, `bitcast` initializers, `{}` and
//!   `T ()` types, aggregate `alloca`, strings inside aggregates, `ptr`)
//!   has no equivalent: `NotInDialect` names it and where. Opaque programs
//!   are made typed with `recover` (a crate above this one) first.

use super::features::Feature;
use super::names::{local_names, Fresh};
use super::rename::rename;
use super::uses::{global_names, is_big, uses_in_prog};
use super::{Dialect, NotInDialect};
use crate::ast::{
    Block, Bop, Edecl, GinitKind, Insn, InsnKind, Operand, OperandKind, Prog, TermKind, Ty,
};
use crate::span::Span;
use crate::types::TypeEnv;
use std::collections::{HashMap, HashSet};

/// An equivalent program that uses only `d`'s features, or the first use
/// that has no equivalent in `d` (see the module documentation for what is
/// rewritten and how). `prog` must be checked (`spec::check`).
pub fn lower(prog: &Prog, d: &Dialect) -> Result<Prog, NotInDialect> {
    initializer_literals(prog, d)?;
    let uses = uses_in_prog(prog);
    if let Some(u) = uses
        .iter()
        .find(|u| !d.has(u.feature) && !u.feature.lowerable())
    {
        return Err(NotInDialect {
            feature: u.feature,
            what: u.what.clone(),
        });
    }
    let mut p = prog.clone();
    if !d.has(Feature::UndominatedUses)
        && uses.iter().any(|u| u.feature == Feature::UndominatedUses)
    {
        drop_unreachable_blocks(&mut p);
    }
    if !d.has(Feature::LlvmExtras) {
        p.fdecls.iter_mut().for_each(|f| f.cfg.entry_label = None);
    }
    rename(&mut p, d);
    if !d.has(Feature::UndeclaredRuntimeCalls) {
        declare_runtime(&mut p)?;
    }
    if !d.has(Feature::NegativeLiterals) || !d.has(Feature::BigLiterals) {
        materialise_literals(&mut p, d);
    }
    Ok(p)
}

/// `undominated-uses`: every block no path from the entry reaches is
/// dropped (it never runs, and no reachable block branches to it).
fn drop_unreachable_blocks(p: &mut Prog) {
    for f in &mut p.fdecls {
        let reached = f.cfg.reachable();
        let mut keep = reached.into_iter();
        f.cfg.blocks.retain(|_| keep.next().unwrap_or(true));
    }
}

/// True when dialect `d` cannot write the literal `n`.
fn literal_outside(n: i64, d: &Dialect) -> bool {
    (n < 0 && !d.has(Feature::NegativeLiterals)) || (is_big(n) && !d.has(Feature::BigLiterals))
}

/// A literal `d` cannot write in a global initializer has no equivalent
/// (initializers are constants; no instruction can build them).
fn initializer_literals(prog: &Prog, d: &Dialect) -> Result<(), NotInDialect> {
    for g in &prog.gdecls {
        let mut stack = vec![&g.init];
        while let Some(init) = stack.pop() {
            match &init.kind {
                GinitKind::Int(n) if literal_outside(*n, d) => {
                    let feature = if *n < 0 && !d.has(Feature::NegativeLiterals) {
                        Feature::NegativeLiterals
                    } else {
                        Feature::BigLiterals
                    };
                    return Err(NotInDialect {
                        feature,
                        what: format!("global @{}: literal {n} in its initializer", g.name),
                    });
                }
                GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                    stack.extend(elems.iter().map(|(_, e)| e));
                }
                GinitKind::Bitcast(_, inner, _) => stack.push(inner),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Adds a `declare` for each runtime function used with none, at the type
/// of its direct calls (`ll_ltoa` has two; calls at both have no single
/// declaration).
fn declare_runtime(p: &mut Prog) -> Result<(), NotInDialect> {
    let defined: HashSet<String> = global_names(p).map(String::from).collect();
    let mut used: Vec<String> = Vec::new();
    let mut call_tys: HashMap<String, Vec<Ty>> = HashMap::new();
    let mut note = |n: &str| {
        if !defined.contains(n)
            && !crate::check::runtime_types(n).is_empty()
            && !used.iter().any(|u| u == n)
        {
            used.push(n.to_string());
        }
    };
    for f in &p.fdecls {
        for b in f.cfg.blocks() {
            for i in &b.insns {
                crate::visit::insn_operands(&i.kind, |op| {
                    if let OperandKind::Gid(g) = &op.kind {
                        note(g);
                    }
                });
                if let InsnKind::Call {
                    ret,
                    callee:
                        Operand {
                            kind: OperandKind::Gid(g),
                            ..
                        },
                    args,
                } = &i.kind
                {
                    let t = Ty::Fun(
                        args.iter().map(|(t, _)| t.clone()).collect(),
                        Box::new(ret.clone()),
                    );
                    call_tys.entry(g.clone()).or_default().push(t);
                }
            }
        }
    }
    for g in &mut p.gdecls.clone() {
        crate::visit::ginit_gids_mut(&mut g.init, &mut |n| note(n));
    }
    let env = TypeEnv::new(p);
    for name in used {
        let candidates = crate::check::runtime_types(&name);
        let calls = call_tys.get(&name).map(Vec::as_slice).unwrap_or(&[]);
        let mut chosen: Vec<&Ty> = candidates
            .iter()
            .filter(|c| calls.iter().any(|t| env.ty_eq(c, t)))
            .collect();
        if chosen.len() > 1 {
            return Err(NotInDialect {
                feature: Feature::UndeclaredRuntimeCalls,
                what: format!("@{name} is called at two types, one declare cannot give both"),
            });
        }
        if chosen.is_empty() {
            chosen.push(&candidates[0]);
        }
        p.edecls.push(Edecl {
            name,
            ty: chosen[0].clone(),
            span: Span::DUMMY,
        });
    }
    Ok(())
}

/// Replaces each literal `d` cannot write in an instruction or terminator
/// by a local defined just before it.
fn materialise_literals(p: &mut Prog, d: &Dialect) {
    let env = TypeEnv::new(p);
    for f in &mut p.fdecls {
        let mut taken = local_names(f);
        let mut fresh = Fresh::new(&mut taken);
        for b in f.cfg.blocks_mut() {
            materialise_block(b, &env, d, &mut fresh);
        }
    }
}

/// [`materialise_literals`] for one block.
fn materialise_block(b: &mut Block, env: &TypeEnv, d: &Dialect, fresh: &mut Fresh) {
    let old = std::mem::take(&mut b.insns);
    for mut i in old {
        let mut before = Vec::new();
        let span = i.span;
        let mut fix = |t: &Ty, op: &mut Operand| {
            if let OperandKind::Const(n) = op.kind {
                if literal_outside(n, d) && *env.unfold(t) == Ty::I64 {
                    *op = build_literal(n, span, fresh, &mut before);
                }
            }
        };
        match &mut i.kind {
            InsnKind::Binop { ty, op1, op2, .. } | InsnKind::Icmp { ty, op1, op2, .. } => {
                fix(ty, op1);
                fix(ty, op2);
            }
            InsnKind::Store { ty, val, .. } => fix(ty, val),
            InsnKind::Call { args, .. } => args.iter_mut().for_each(|(t, a)| fix(t, a)),
            InsnKind::Gep { idxs, .. } => idxs.iter_mut().for_each(|x| fix(&Ty::I64, x)),
            InsnKind::Bitcast { from, op, .. } => fix(from, op),
            InsnKind::Alloca { .. } | InsnKind::Load { .. } => {}
        }
        b.insns.extend(before);
        b.insns.push(i);
    }
    if let TermKind::Ret(t, Some(op)) = &mut b.term.kind {
        if let OperandKind::Const(n) = op.kind {
            if literal_outside(n, d) && *env.unfold(t) == Ty::I64 {
                let mut before = Vec::new();
                *op = build_literal(n, b.term.span, fresh, &mut before);
                b.insns.extend(before);
            }
        }
    }
}

/// Instructions (pushed on `out`) that compute `n` from literals in
/// `0..2^62` (neither negative nor big), and the operand that holds it:
/// `sub i64 0, -n` for a negative `n` above -2^62, else `shl i64 HI, 32`
/// and `or i64 %t, LO` with the two 32-bit halves.
fn build_literal(n: i64, span: Span, fresh: &mut Fresh, out: &mut Vec<Insn>) -> Operand {
    let mut binop = |bop: Bop, op1: Operand, op2: Operand| {
        let r = fresh.name("lit");
        out.push(Insn {
            result: Some(r.clone()),
            kind: InsnKind::Binop {
                bop,
                ty: Ty::I64,
                op1,
                op2,
            },
            span,
        });
        Operand::id(r)
    };
    if n < 0 && !is_big(n) {
        return binop(Bop::Sub, Operand::konst(0), Operand::konst(-n));
    }
    let bits = n as u64;
    let hi = (bits >> 32) as i64;
    let lo = (bits & 0xffff_ffff) as i64;
    let shifted = binop(Bop::Shl, Operand::konst(hi), Operand::konst(32));
    binop(Bop::Or, shifted, Operand::konst(lo))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_of(n: i64) -> i64 {
        let mut taken = HashSet::new();
        let mut fresh = Fresh::new(&mut taken);
        let mut insns = Vec::new();
        let op = build_literal(n, Span::DUMMY, &mut fresh, &mut insns);
        let mut vals: HashMap<String, i64> = HashMap::new();
        let get = |o: &Operand, vals: &HashMap<String, i64>| match &o.kind {
            OperandKind::Const(c) => {
                assert!((0..1 << 62).contains(c), "literal {c} written");
                *c
            }
            OperandKind::Id(x) => vals[x],
            _ => panic!("unexpected operand"),
        };
        for i in &insns {
            let InsnKind::Binop { bop, op1, op2, .. } = &i.kind else {
                panic!("not a binop")
            };
            let (a, b) = (get(op1, &vals), get(op2, &vals));
            let v = match bop {
                Bop::Sub => a.wrapping_sub(b),
                Bop::Shl => a.wrapping_shl(b as u32),
                Bop::Or => a | b,
                _ => panic!("unexpected binop"),
            };
            vals.insert(i.result.clone().unwrap(), v);
        }
        get(&op, &vals)
    }

    #[test]
    fn literals_are_rebuilt_from_small_non_negative_ones() {
        for n in [
            -1,
            -12,
            -(1 << 62) + 1,
            -(1 << 62),
            1 << 62,
            i64::MAX,
            i64::MIN,
            -4611686018427387905,
            0x1234_5678_9abc_def0,
        ] {
            assert_eq!(value_of(n), n, "{n}");
        }
    }
}

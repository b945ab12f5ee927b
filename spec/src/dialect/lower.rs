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
//! - Every other feature (string escapes, `bitcast` initializers, `{}` and
//!   `T ()` types, aggregate `alloca`, strings inside aggregates, `ptr`)
//!   has no equivalent: `NotInDialect` names it and where. Opaque programs
//!   are made typed with `recover` (a crate above this one) first.

use super::features::Feature;
use super::names::plain_name_feature;
use super::uses::{global_names, is_big, uses_in_prog};
use super::{Dialect, NotInDialect};
use crate::ast::{
    Block, Bop, Cfg, Edecl, Ginit, GinitKind, Insn, InsnKind, Operand, OperandKind, Prog, TermKind,
    Ty,
};
use crate::span::Span;
use crate::types::TypeEnv;
use std::collections::{HashMap, HashSet};

/// An equivalent program that uses only `d`'s features, or the first use
/// that has no equivalent in `d` (see the module documentation for what is
/// rewritten and how). `prog` must be checked (`spec::check`).
pub fn lower(prog: &Prog, d: &Dialect) -> Result<Prog, NotInDialect> {
    initializer_literals(prog, d)?;
    if let Some(u) = uses_in_prog(prog)
        .into_iter()
        .find(|u| !d.has(u.feature) && !u.feature.lowerable())
    {
        return Err(NotInDialect {
            feature: u.feature,
            what: u.what,
        });
    }
    let mut p = prog.clone();
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

/// Fresh names: `prefix` and a number, not in `taken` (and then taken).
struct Fresh<'a> {
    taken: &'a mut HashSet<String>,
    next: usize,
}

impl Fresh<'_> {
    fn name(&mut self, prefix: &str) -> String {
        loop {
            let n = format!("{prefix}{}", self.next);
            self.next += 1;
            if self.taken.insert(n.clone()) {
                return n;
            }
        }
    }
}

/// True when `d` cannot write `name` (`label_def`: as a label definition).
fn needs_rename(name: &str, label_def: bool, d: &Dialect) -> bool {
    plain_name_feature(name, label_def).is_some_and(|f| !d.has(f))
}

/// Renames the names `d` cannot write: type names, globals (functions,
/// data, declares) and, per function, parameters, locals and labels.
fn rename(p: &mut Prog, d: &Dialect) {
    // Type names.
    let mut taken: HashSet<String> = p.tdecls.iter().map(|t| t.name.clone()).collect();
    let mut fresh = Fresh {
        taken: &mut taken,
        next: 0,
    };
    let mut types = HashMap::new();
    for t in &p.tdecls {
        if needs_rename(&t.name, false, d) && !types.contains_key(&t.name) {
            types.insert(t.name.clone(), fresh.name("t"));
        }
    }
    if !types.is_empty() {
        p.tdecls.iter_mut().for_each(|t| {
            if let Some(n) = types.get(&t.name) {
                t.name = n.clone();
            }
        });
        prog_tys_mut(p, &mut |t| rename_named(t, &types));
    }
    // Globals, functions and declares (one namespace).
    let mut taken: HashSet<String> = global_names(p).map(String::from).collect();
    let names: Vec<String> = taken.iter().cloned().collect();
    let mut fresh = Fresh {
        taken: &mut taken,
        next: 0,
    };
    let mut globals = HashMap::new();
    for n in names {
        if needs_rename(&n, false, d) {
            globals.insert(n, fresh.name("g"));
        }
    }
    if !globals.is_empty() {
        let map = |n: &mut String| {
            if let Some(new) = globals.get(n.as_str()) {
                *n = new.clone();
            }
        };
        p.gdecls.iter_mut().for_each(|g| map(&mut g.name));
        p.fdecls.iter_mut().for_each(|f| map(&mut f.name));
        p.edecls.iter_mut().for_each(|e| map(&mut e.name));
        crate::visit::global_mentions_mut(p, &mut |n| map(n));
    }
    for f in &mut p.fdecls {
        rename_locals(f, d);
    }
}

/// Renames a function's parameters, locals and labels `d` cannot write
/// (they share one namespace, as in LLVM).
fn rename_locals(f: &mut crate::ast::Fdecl, d: &Dialect) {
    let mut taken = local_names(f);
    let mut locals: HashMap<String, String> = HashMap::new();
    let mut labels: HashMap<String, String> = HashMap::new();
    let mut fresh = Fresh {
        taken: &mut taken,
        next: 0,
    };
    let mut local = |n: &String, fresh: &mut Fresh| {
        if needs_rename(n, false, d) && !locals.contains_key(n) {
            locals.insert(n.clone(), fresh.name("v"));
        }
    };
    for (p, _) in &f.params {
        local(p, &mut fresh);
    }
    for b in blocks(&f.cfg) {
        for r in b.insns.iter().filter_map(|i| i.result.as_ref()) {
            local(r, &mut fresh);
        }
    }
    for b in &f.cfg.blocks {
        if needs_rename(&b.label, true, d) && !labels.contains_key(&b.label) {
            labels.insert(b.label.clone(), fresh.name("bb"));
        }
    }
    if locals.is_empty() && labels.is_empty() {
        return;
    }
    let sub = |map: &HashMap<String, String>, n: &mut String| {
        if let Some(new) = map.get(n.as_str()) {
            *n = new.clone();
        }
    };
    f.params.iter_mut().for_each(|(p, _)| sub(&locals, p));
    for b in &mut f.cfg.blocks {
        sub(&labels, &mut b.label);
    }
    for b in blocks_mut(&mut f.cfg) {
        for i in &mut b.insns {
            if let Some(r) = &mut i.result {
                sub(&locals, r);
            }
        }
        match &mut b.term.kind {
            TermKind::Br(l) => sub(&labels, l),
            TermKind::Cbr(_, l1, l2) => {
                sub(&labels, l1);
                sub(&labels, l2);
            }
            TermKind::Ret(..) => {}
        }
        crate::visit::block_operands_mut(b, &mut |op| {
            if let OperandKind::Id(x) = &mut op.kind {
                sub(&locals, x);
            }
        });
    }
}

/// The blocks of a CFG: the entry block, then the labelled ones.
fn blocks(c: &Cfg) -> impl Iterator<Item = &Block> {
    std::iter::once(&c.entry).chain(c.blocks.iter().map(|b| &b.block))
}

/// [`blocks`], to change them.
fn blocks_mut(c: &mut Cfg) -> impl Iterator<Item = &mut Block> {
    std::iter::once(&mut c.entry).chain(c.blocks.iter_mut().map(|b| &mut b.block))
}

/// Every parameter, local and label name of `f`.
fn local_names(f: &crate::ast::Fdecl) -> HashSet<String> {
    let mut names: HashSet<String> = f.params.iter().map(|(p, _)| p.clone()).collect();
    names.extend(f.cfg.entry_label.iter().cloned());
    names.extend(f.cfg.blocks.iter().map(|b| b.label.clone()));
    for b in blocks(&f.cfg) {
        names.extend(b.insns.iter().filter_map(|i| i.result.clone()));
    }
    names
}

/// `%NAME` renamed inside a type.
fn rename_named(t: &mut Ty, map: &HashMap<String, String>) {
    match t {
        Ty::Named(n) => {
            if let Some(new) = map.get(n.as_str()) {
                *n = new.clone();
            }
        }
        Ty::Ptr(inner) | Ty::Array(_, inner) => rename_named(inner, map),
        Ty::Struct(fields) => fields.iter_mut().for_each(|f| rename_named(f, map)),
        Ty::Fun(params, ret) => {
            params.iter_mut().for_each(|p| rename_named(p, map));
            rename_named(ret, map);
        }
        Ty::Void | Ty::I1 | Ty::I8 | Ty::I64 | Ty::OpaquePtr => {}
    }
}

/// Calls `f` on every type written in the program.
fn prog_tys_mut(p: &mut Prog, f: &mut dyn FnMut(&mut Ty)) {
    p.tdecls.iter_mut().for_each(|t| f(&mut t.ty));
    for g in &mut p.gdecls {
        f(&mut g.ty);
        ginit_tys_mut(&mut g.init, f);
    }
    p.edecls.iter_mut().for_each(|e| f(&mut e.ty));
    for fd in &mut p.fdecls {
        f(&mut fd.ret);
        fd.params.iter_mut().for_each(|(_, t)| f(t));
        for b in blocks_mut(&mut fd.cfg) {
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
fn ginit_tys_mut(g: &mut Ginit, f: &mut dyn FnMut(&mut Ty)) {
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
fn insn_tys_mut(k: &mut InsnKind, f: &mut dyn FnMut(&mut Ty)) {
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
        for b in blocks(&f.cfg) {
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
        let mut fresh = Fresh {
            taken: &mut taken,
            next: 0,
        };
        for b in blocks_mut(&mut f.cfg) {
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
        let mut fresh = Fresh {
            taken: &mut taken,
            next: 0,
        };
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

//! Renaming for a dialect: the type names, globals and locals a dialect
//! cannot write are given fresh names every dialect writes plain (`t0`,
//! `g0`, `v0`, `bb0`), every mention with them; names it can write are
//! kept (`main`, `program`, the runtime functions).

use super::names::plain_name_feature;
use super::names::{local_names, Fresh};
use super::uses::global_names;
use super::Dialect;
use crate::ast::{Fdecl, OperandKind, Prog, TermKind, Ty};
use std::collections::{HashMap, HashSet};

/// True when `d` cannot write `name` (`label_def`: as a label definition).
fn needs_rename(name: &str, label_def: bool, d: &Dialect) -> bool {
    plain_name_feature(name, label_def).is_some_and(|f| !d.has(f))
}

/// Renames the names `d` cannot write: type names, globals (functions,
/// data, declares) and, per function, parameters, locals and labels.
pub(super) fn rename(p: &mut Prog, d: &Dialect) {
    // Type names.
    let mut taken: HashSet<String> = p.tdecls.iter().map(|t| t.name.clone()).collect();
    let mut fresh = Fresh::new(&mut taken);
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
        crate::visit::prog_tys_mut(p, &mut |t| rename_named(t, &types));
    }
    // Globals, functions and declares (one namespace).
    let mut taken: HashSet<String> = global_names(p).map(String::from).collect();
    let names: Vec<String> = taken.iter().cloned().collect();
    let mut fresh = Fresh::new(&mut taken);
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
fn rename_locals(f: &mut Fdecl, d: &Dialect) {
    let mut taken = local_names(f);
    let mut locals: HashMap<String, String> = HashMap::new();
    let mut labels: HashMap<String, String> = HashMap::new();
    let mut fresh = Fresh::new(&mut taken);
    let mut local = |n: &String, fresh: &mut Fresh| {
        if needs_rename(n, false, d) && !locals.contains_key(n) {
            locals.insert(n.clone(), fresh.name("v"));
        }
    };
    for (p, _) in &f.params {
        local(p, &mut fresh);
    }
    for b in f.cfg.blocks() {
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
    for b in f.cfg.blocks_mut() {
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

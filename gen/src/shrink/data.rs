//! Data shapes: shrink an array type, drop a field of a named struct type.
//! Both rewrite every place the type is written so the program stays
//! typed: an array type `[N x T]` becomes `[M x T]` everywhere (its
//! initializers keep their first `M` elements; an index that now falls
//! outside makes the candidate undefined and the filter drops it), and a
//! named struct loses field `k` in its definition, its initializers and
//! the GEPs through it (which select the later fields one lower; a GEP
//! that selects field `k` itself makes the edit not apply).

use super::Edit;
use spec::{Ginit, GinitKind, InsnKind, OperandKind, Prog, Ty, TypeEnv};

/// The distinct array types written in `p`, outer before inner, in the
/// order `spec::opaque::for_each_ty` meets them.
fn array_tys(p: &Prog) -> Vec<Ty> {
    fn walk(t: &Ty, out: &mut Vec<Ty>) {
        match t {
            Ty::Array(_, e) => {
                if !out.contains(t) {
                    out.push(t.clone());
                }
                walk(e, out);
            }
            Ty::Ptr(e) => walk(e, out),
            Ty::Struct(fs) => fs.iter().for_each(|f| walk(f, out)),
            Ty::Fun(ps, r) => {
                ps.iter().for_each(|x| walk(x, out));
                walk(r, out);
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    spec::opaque::for_each_ty(p, &mut |t| walk(t, &mut out));
    out
}

/// This file's edits of `p`: each array type to 1 and half its elements,
/// then each field of each named struct type of two or more fields.
pub(super) fn edits(p: &Prog, out: &mut Vec<Edit>) {
    for (k, t) in array_tys(p).iter().enumerate() {
        let Ty::Array(n, _) = t else { continue };
        let mut ms = vec![1, n / 2];
        ms.dedup();
        out.extend(
            ms.into_iter()
                .filter(|m| (1..*n).contains(m))
                .map(|m| Edit::ShrinkArray(k, m)),
        );
    }
    for (ti, t) in p.tdecls.iter().enumerate() {
        if let Ty::Struct(fs) = &t.ty {
            if fs.len() >= 2 {
                out.extend((0..fs.len()).map(|k| Edit::DropField(ti, k)));
            }
        }
    }
}

/// Applies one of this file's edits to `q`; `None` when it does not apply.
pub(super) fn apply(q: &mut Prog, e: &Edit) -> Option<()> {
    let env = TypeEnv::new(q);
    match *e {
        Edit::ShrinkArray(k, m) => {
            let target = array_tys(q).into_iter().nth(k)?;
            let Ty::Array(n, elem) = &target else {
                return None;
            };
            if m == 0 || m >= *n {
                return None;
            }
            let smaller = Ty::Array(m, elem.clone());
            let hit = |t: &Ty| *env.unfold(t) == target;
            for g in &mut q.gdecls {
                edit_ginits(&g.ty, &mut g.init, &hit, &mut |xs| xs.truncate(m as usize));
            }
            spec::visit::prog_tys_mut(q, &mut |t| replace_ty(t, &target, &smaller));
        }
        Edit::DropField(t, k) => {
            let td = q.tdecls.get(t)?;
            let Ty::Struct(fs) = &td.ty else { return None };
            if fs.len() < 2 || k >= fs.len() {
                return None;
            }
            let named = Ty::Named(td.name.clone());
            for f in &mut q.fdecls {
                for b in super::blocks_mut(f) {
                    for i in &mut b.insns {
                        if let InsnKind::Gep { base_ty, idxs, .. } = &mut i.kind {
                            renumber_fields(&env, base_ty, idxs, &named, k)?;
                        }
                    }
                }
            }
            let hit = |t: &Ty| *t == named;
            for g in &mut q.gdecls {
                edit_ginits(&g.ty, &mut g.init, &hit, &mut |xs| {
                    if k < xs.len() {
                        xs.remove(k);
                    }
                });
            }
            if let Ty::Struct(fs) = &mut q.tdecls[t].ty {
                fs.remove(k);
            }
        }
        _ => return None,
    }
    Some(())
}

/// Replaces every occurrence of `from` in `t` (itself or inside it) by `to`.
fn replace_ty(t: &mut Ty, from: &Ty, to: &Ty) {
    if t == from {
        *t = to.clone();
        return;
    }
    match t {
        Ty::Ptr(e) | Ty::Array(_, e) => replace_ty(e, from, to),
        Ty::Struct(fs) => fs.iter_mut().for_each(|f| replace_ty(f, from, to)),
        Ty::Fun(ps, r) => {
            ps.iter_mut().for_each(|x| replace_ty(x, from, to));
            replace_ty(r, from, to);
        }
        _ => {}
    }
}

/// The elements of an aggregate initializer, each with its type.
type Elements = Vec<(Ty, Ginit)>;

/// Calls `edit` on the elements of every aggregate initializer inside `g`
/// (of type `ty`) whose type satisfies `hit`.
fn edit_ginits(
    ty: &Ty,
    g: &mut Ginit,
    hit: &dyn Fn(&Ty) -> bool,
    edit: &mut dyn FnMut(&mut Elements),
) {
    if let GinitKind::Array(xs) | GinitKind::Struct(xs) = &mut g.kind {
        for (t, x) in xs.iter_mut() {
            edit_ginits(&t.clone(), x, hit, edit);
        }
        if hit(ty) {
            edit(xs);
        }
    }
}

/// In a GEP of base type `base`, lowers by one each field number above `k`
/// that selects a field of the struct type `named`; `None` when one
/// selects field `k` itself or is not a literal.
fn renumber_fields(
    env: &TypeEnv,
    base: &Ty,
    idxs: &mut [spec::Operand],
    named: &Ty,
    k: usize,
) -> Option<()> {
    let mut cur = base.clone();
    for idx in idxs.iter_mut().skip(1) {
        let step = match env.unfold(&cur) {
            Ty::Struct(fs) => {
                let OperandKind::Const(m) = idx.kind else {
                    return None;
                };
                let field = fs.get(usize::try_from(m).ok()?)?.clone();
                if cur == *named {
                    match usize::try_from(m).ok()?.cmp(&k) {
                        std::cmp::Ordering::Equal => return None,
                        std::cmp::Ordering::Greater => idx.kind = OperandKind::Const(m - 1),
                        std::cmp::Ordering::Less => {}
                    }
                }
                field
            }
            Ty::Array(_, e) => (**e).clone(),
            _ => return Some(()),
        };
        cur = step;
    }
    Some(())
}

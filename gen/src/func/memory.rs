//! Memory: reaching a slot through GEP chains (constant struct indices,
//! array indices that are literals in range or words masked with
//! `and (2^k - 1)` into a power-of-two array, first indices that move among
//! the elements of the array a pointer is in), loads and stores at the
//! slot's exact type, bitcasts to *views* (a struct made of a prefix of the
//! actual fields) followed by GEP and load, and `i8*` round trips.

use super::Fb;
use crate::values::{Origin, PtrVal, Val};
use spec::{Bop, Operand, Ty};

/// A test on the (written) type of a simple slot.
pub(crate) type Pred<'p> = &'p dyn Fn(&Ty) -> bool;

impl Fb<'_, '_> {
    /// True when `ty` is not an aggregate (after unfolding names).
    pub(crate) fn is_simple(&self, ty: &Ty) -> bool {
        !matches!(self.ctx.uni.env.unfold(ty), Ty::Struct(_) | Ty::Array(..))
    }

    /// True when some simple slot inside a value of type `ty` satisfies `pred`.
    pub(crate) fn reaches(&self, ty: &Ty, pred: Pred) -> bool {
        self.reaches_in(ty, pred, 0)
    }

    fn reaches_in(&self, ty: &Ty, pred: Pred, depth: usize) -> bool {
        if depth > 16 {
            return false;
        }
        match self.ctx.uni.env.unfold(ty) {
            Ty::Struct(fs) => fs.iter().any(|f| self.reaches_in(f, pred, depth + 1)),
            Ty::Array(n, e) => *n > 0 && self.reaches_in(e, pred, depth + 1),
            _ => pred(ty),
        }
    }

    /// A pointer to a simple slot whose type satisfies `pred`, in memory
    /// whose origin is at most `max_origin`; emits the GEPs to get there.
    pub(crate) fn leaf_ptr(&mut self, pred: Pred, max_origin: Origin) -> Option<PtrVal> {
        let p = self.pick_place(|fb, p| {
            p.origin <= max_origin
                && if fb.is_simple(&p.ty) {
                    p.exact() && pred(&p.ty)
                } else {
                    fb.reaches(&p.ty, pred)
                }
        })?;
        if self.is_simple(&p.ty) {
            if let Some((k, n)) = p.elem {
                if self.chance(30) {
                    // A sibling move inside the array the pointer is in.
                    let t = self.below(n as usize) as u64;
                    let op = self.gep(
                        p.ty.clone(),
                        p.op.clone(),
                        vec![Operand::konst(t as i64 - k as i64)],
                    );
                    let q = PtrVal {
                        op,
                        elem: Some((t, n)),
                        ..p
                    };
                    self.push(Val::Ptr(q.clone()));
                    return Some(q);
                }
            }
            return Some(p);
        }
        Some(self.descend(&p, pred, true, true))
    }

    /// Walks from `p` into its type with GEPs (split into chains at random)
    /// down to a simple slot satisfying `pred` (`to_leaf`) or to any subtree.
    /// With `record`, the pointers made join the scope; without (walking a
    /// PTRTOI8 view, whose inner types are not the memory's), one GEP is
    /// made and only its result is returned.
    pub(crate) fn descend(
        &mut self,
        p: &PtrVal,
        pred: Pred,
        to_leaf: bool,
        record: bool,
    ) -> PtrVal {
        let ctx = self.ctx;
        let mut base = p.clone();
        let mut elem = None;
        let mut idxs = vec![self.first_index(&base, &mut elem)];
        let mut cur = base.ty.clone();
        for _ in 0..32 {
            let next = match ctx.uni.env.unfold(&cur) {
                Ty::Struct(fs) => {
                    let ok: Vec<usize> = (0..fs.len())
                        .filter(|&i| self.reaches(&fs[i], pred))
                        .collect();
                    let Some(&i) = ok.get(self.below(ok.len())) else {
                        break;
                    };
                    idxs.push(Operand::konst(i as i64));
                    elem = None;
                    fs[i].clone()
                }
                Ty::Array(n, e) => {
                    let (n, e) = (*n, (**e).clone());
                    if n == 0 || !self.reaches(&e, pred) {
                        break;
                    }
                    if n.is_power_of_two() && self.chance(50) {
                        let x = self.gen_int(1);
                        let m = self.binop(Bop::And, x, Operand::konst(n as i64 - 1));
                        idxs.push(m);
                        elem = None;
                    } else {
                        let k = self.below(n as usize) as u64;
                        idxs.push(Operand::konst(k as i64));
                        elem = Some((k, n));
                    }
                    e
                }
                _ => break,
            };
            cur = next;
            if self.is_simple(&cur) || (!to_leaf && self.chance(30)) {
                break;
            }
            if record && self.chance(25) {
                // A GEP chain: stop here and continue from the new pointer.
                let op = self.gep(base.ty.clone(), base.op.clone(), idxs);
                base = PtrVal {
                    op,
                    ty: cur.clone(),
                    actual: cur.clone(),
                    origin: p.origin,
                    sink: p.sink,
                    elem,
                };
                self.push(Val::Ptr(base.clone()));
                idxs = vec![self.first_index(&base, &mut elem)];
            }
        }
        if idxs.len() == 1 && idxs[0].kind == spec::OperandKind::Const(0) {
            return base;
        }
        let op = self.gep(base.ty.clone(), base.op.clone(), idxs);
        let q = PtrVal {
            op,
            ty: cur.clone(),
            actual: cur,
            origin: p.origin,
            sink: p.sink,
            elem,
        };
        if record {
            self.push(Val::Ptr(q.clone()));
        }
        q
    }

    /// The first GEP index from `base`: 0, or a move to another element of
    /// the array `base` points into (then `elem` says which).
    fn first_index(&mut self, base: &PtrVal, elem: &mut Option<(u64, u64)>) -> Operand {
        *elem = base.elem;
        match base.elem {
            Some((k, n)) if self.chance(40) => {
                let t = self.below(n as usize) as u64;
                *elem = Some((t, n));
                Operand::konst(t as i64 - k as i64)
            }
            _ => Operand::konst(0),
        }
    }

    /// Loads a simple slot whose type satisfies `pred`; the value joins the scope.
    pub(crate) fn load_leaf(&mut self, pred: Pred) -> Option<Operand> {
        self.load_leaf_origin(pred, Origin::Iteration)
            .map(|(o, _)| o)
    }

    /// Like [`Fb::load_leaf`], in memory of origin at most `max_origin`,
    /// also giving that origin (the origin of pointers loaded from it).
    pub(crate) fn load_leaf_origin(
        &mut self,
        pred: Pred,
        max_origin: Origin,
    ) -> Option<(Operand, Origin)> {
        let p = self.leaf_ptr(pred, max_origin)?;
        let v = self.load(p.ty.clone(), p.op.clone());
        if let Some(val) = self.val_of(v.clone(), &p.ty, p.origin) {
            self.push(val);
        }
        Some((v, p.origin))
    }

    /// Stores a value of a slot's exact type into it (pointers only if they
    /// live as long as the slot's memory).
    pub(crate) fn store_stmt(&mut self) {
        let Some(p) = self.leaf_ptr(&|_| true, Origin::Iteration) else {
            return;
        };
        let v = self.gen_value(&p.ty, p.sink);
        self.store(p.ty.clone(), v, p.op);
    }

    /// Pointer work: derive sub-pointers, load pointers, bitcast to views,
    /// round-trip through `i8*`, load view globals, store into the nullable
    /// global.
    pub(crate) fn pointer_stmt(&mut self) {
        match self.weighted(&[3, 3, 4, 1, 2, 1]) {
            0 => {
                if let Some(p) = self.pick_place(|fb, p| !fb.is_simple(&p.ty)) {
                    self.descend(&p, &|_| true, false, true);
                }
            }
            1 => {
                let _ = self.load_leaf(
                    &|t| matches!(t, Ty::Ptr(x) if !matches!(**x, Ty::I8 | Ty::Fun(..))),
                );
            }
            2 => self.view_stmt(),
            3 => {
                if let Some(p) = self.pick_place(|_, p| p.exact()) {
                    let e = self.bitcast(p.ty.clone().ptr_to(), p.op.clone(), Ty::I8.ptr_to());
                    let back = self.bitcast(Ty::I8.ptr_to(), e, p.ty.clone().ptr_to());
                    self.push(Val::Ptr(PtrVal { op: back, ..p }));
                }
            }
            4 => {
                let vs = self.ctx.globals.views.clone();
                if let Some((g, view, actual)) = vs.get(self.below(vs.len())).cloned() {
                    let op = self.load(view.clone().ptr_to(), Operand::gid(g));
                    let v = PtrVal {
                        op,
                        ty: view,
                        actual,
                        origin: Origin::Global,
                        sink: Origin::Global,
                        elem: None,
                    };
                    self.push(Val::Ptr(v.clone()));
                    self.view_read(&v);
                }
            }
            _ => {
                let ns = self.ctx.globals.nullables.clone();
                if let Some((g, x)) = ns.get(self.below(ns.len())).cloned() {
                    let v = self.gen_ptr(&x, Origin::Global);
                    self.store(x.ptr_to(), v, Operand::gid(g));
                }
            }
        }
    }

    /// Bitcasts a struct pointer to a view (a prefix of its fields, or the
    /// unfolding of its named type), then GEPs through the view and loads.
    /// Sometimes the view is PTRTOI8 of the prefix (every pointer field
    /// `i8*`): compatible with the memory, but only its words and booleans
    /// have the memory's exact types, so only those are read, and the view
    /// never joins the scope.
    fn view_stmt(&mut self) {
        let env = &self.ctx.uni.env;
        let Some(p) = self.pick_place(|_, p| {
            p.exact() && matches!(env.unfold(&p.ty), Ty::Struct(fs) if !fs.is_empty())
        }) else {
            return;
        };
        let Ty::Struct(fs) = env.unfold(&p.ty).clone() else {
            return;
        };
        let view = if matches!(p.ty, Ty::Named(_)) && self.chance(30) {
            Ty::Struct(fs)
        } else {
            let k = self.range(1, fs.len() as u64) as usize;
            Ty::Struct(fs[..k].to_vec())
        };
        let erased = env.ptrtoi8(&view);
        let erase = erased != view && self.chance(30);
        let view = if erase { erased } else { view };
        let op = self.bitcast(p.ty.clone().ptr_to(), p.op.clone(), view.clone().ptr_to());
        let v = PtrVal {
            op,
            ty: view,
            actual: p.actual.clone(),
            origin: p.origin,
            sink: p.sink,
            elem: None,
        };
        if erase {
            self.erased_view_read(&v);
        } else {
            self.push(Val::Ptr(v.clone()));
            self.view_read(&v);
        }
    }

    /// One GEP through a PTRTOI8 view to a word or boolean, loaded and folded.
    fn erased_view_read(&mut self, v: &PtrVal) {
        let pred: Pred = &|t| matches!(t, Ty::I64 | Ty::I1);
        if !self.reaches(&v.ty, pred) {
            return;
        }
        let q = self.descend(v, pred, true, false);
        if matches!(q.ty, Ty::I64 | Ty::I1) {
            let x = self.load(q.ty.clone(), q.op.clone());
            if q.ty == Ty::I64 {
                self.fold(x);
            }
        }
    }

    /// GEP through a view down to a word or boolean and fold it in.
    fn view_read(&mut self, v: &PtrVal) {
        if !self.chance(80) {
            return;
        }
        let pred: Pred = &|t| matches!(t, Ty::I64 | Ty::I1);
        if !self.reaches(&v.ty, pred) {
            return;
        }
        let q = self.descend(v, pred, true, true);
        if q.exact() && self.is_simple(&q.ty) {
            let x = self.load(q.ty.clone(), q.op.clone());
            if q.ty == Ty::I64 {
                self.fold(x);
            }
        }
    }
}

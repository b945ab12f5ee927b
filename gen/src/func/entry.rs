//! The entry block's prefix: the accumulator, the mutable variables and the
//! aggregate allocas, each initialised right after its `alloca` (every leaf
//! of an aggregate is stored), as a front end that puts every alloca in the
//! entry block does. This establishes the memory invariant for the frame.

use super::Fb;
use crate::values::{Origin, PtrVal, Val};
use spec::{Operand, Ty};

impl Fb<'_, '_> {
    /// Emits the accumulator, the variables and the aggregates.
    pub(crate) fn setup_entry(&mut self) {
        self.in_prefix = true;
        self.prefix.push(spec::Insn {
            result: Some("acc".into()),
            kind: spec::InsnKind::Alloca { ty: Ty::I64 },
            span: spec::Span::DUMMY,
        });
        self.spent += 1;
        let init = self.entry_value(&Ty::I64);
        self.store(Ty::I64, init, self.acc.clone());
        let n_vars = self.range(0, self.cfg.max_vars as u64);
        for _ in 0..n_vars {
            let ty = self.var_ty();
            let op = self.entry_alloca(ty.clone(), "v");
            let val = self.entry_value(&ty);
            self.store(ty.clone(), val, op.clone());
            self.push(Val::Ptr(PtrVal::root(op, ty, Origin::Own)));
        }
        let aggs: Vec<Ty> = self
            .ctx
            .uni
            .data
            .iter()
            .filter(|d| matches!(self.ctx.uni.env.unfold(d), Ty::Struct(_) | Ty::Array(..)))
            .cloned()
            .collect();
        if !aggs.is_empty() && self.cfg.has(spec::dialect::Feature::AggregateAlloca) {
            let n_aggs = self.range(0, self.cfg.max_aggs as u64);
            for _ in 0..n_aggs {
                let ty = aggs[self.below(aggs.len())].clone();
                let op = self.entry_alloca(ty.clone(), "v");
                // Pushed first, so that pointer fields may point at the
                // aggregate itself (a one-node cycle in its own frame).
                self.push(Val::Ptr(PtrVal::root(op.clone(), ty.clone(), Origin::Own)));
                let mut path = Vec::new();
                self.init_leaves(&op, &ty, &ty, &mut path, 0);
            }
        }
        self.in_prefix = false;
    }

    /// The type of a mutable variable: a word, a boolean, a string, a
    /// pointer to data or a function pointer.
    fn var_ty(&mut self) -> Ty {
        let uni = &self.ctx.uni;
        let mut tys = vec![Ty::I64, Ty::I64, Ty::I1, Ty::I1, Ty::I8.ptr_to()];
        tys.extend(uni.data.iter().map(|d| d.clone().ptr_to()));
        tys.extend(uni.fun_tys.iter().map(|f| f.clone().ptr_to()));
        let i = self.below(tys.len());
        tys.swap_remove(i)
    }

    /// Stores a value into every leaf of the alloca `base` of type `root`,
    /// walking `ty` (the part reached by `path`).
    pub(crate) fn init_leaves(
        &mut self,
        base: &Operand,
        root: &Ty,
        ty: &Ty,
        path: &mut Vec<i64>,
        depth: usize,
    ) {
        if depth > 16 {
            return;
        }
        match self.ctx.uni.env.unfold(ty).clone() {
            Ty::Struct(fs) => {
                for (i, f) in fs.iter().enumerate() {
                    path.push(i as i64);
                    self.init_leaves(base, root, f, path, depth + 1);
                    path.pop();
                }
            }
            Ty::Array(n, e) => {
                for k in 0..n {
                    path.push(k as i64);
                    self.init_leaves(base, root, &e, path, depth + 1);
                    path.pop();
                }
            }
            _ => {
                let mut idxs = vec![Operand::konst(0)];
                idxs.extend(path.iter().map(|&i| Operand::konst(i)));
                let p = self.gep(root.clone(), base.clone(), idxs);
                let v = self.entry_value(ty);
                self.store(ty.clone(), v, p);
            }
        }
    }

    /// A value of simple type `ty` available in the entry block: literals,
    /// parameters, globals, leaf functions, earlier allocas of this frame.
    pub(crate) fn entry_value(&mut self, ty: &Ty) -> Operand {
        match ty {
            Ty::I64 => {
                let ints: Vec<Operand> = self
                    .vals()
                    .filter_map(|v| match v {
                        Val::Int(o) => Some(o.clone()),
                        _ => None,
                    })
                    .collect();
                if !ints.is_empty() && self.chance(40) {
                    ints[self.below(ints.len())].clone()
                } else {
                    Operand::konst(crate::draw::int_const(self.u))
                }
            }
            Ty::I1 => {
                let bools: Vec<Operand> = self
                    .vals()
                    .filter_map(|v| match v {
                        Val::Bool(o) => Some(o.clone()),
                        _ => None,
                    })
                    .collect();
                if !bools.is_empty() && self.chance(40) {
                    bools[self.below(bools.len())].clone()
                } else {
                    Operand::konst(self.range(0, 1) as i64)
                }
            }
            Ty::Ptr(p) => match &**p {
                Ty::I8 => self.gen_str(0),
                Ty::Fun(..) => self.gen_fun_entry(p),
                x => match self.pick_place(|_, q| q.exact() && q.ty == *x) {
                    Some(q) => q.op,
                    None => self.anchor_or_null(x),
                },
            },
            _ => Operand::konst(0),
        }
    }

    /// `@anchor` of data type `x` (always exists for the types the generator
    /// uses; `null` otherwise, which the tests would catch).
    pub(crate) fn anchor_or_null(&self, x: &Ty) -> Operand {
        match self.ctx.globals.anchor(x) {
            Some(g) => Operand::gid(g.clone()),
            None => Operand::null(),
        }
    }
}

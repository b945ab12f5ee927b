//! The spec's type functions: named-type unfolding, FLATTEN, PTRTOI8,
//! compatibility and GEPTY ("GEP Indexing" and "Getelementptr Well-Formedness
//! and Result Type"). Shared by the checker, the oracle and the back end.
//!
//! Every function here assumes the named types are well formed (defined, and
//! every cycle broken by a pointer), which the checker establishes first.

use crate::ast::{Operand, OperandKind, Prog, Ty};
use std::collections::HashMap;

/// The named type definitions of a program, to replace `%NAME` by its
/// definition ("the specification assumes that these are replaced with
/// their definitions whenever they are encountered").
#[derive(Clone, Debug, Default)]
pub struct TypeEnv {
    named: HashMap<String, Ty>,
    /// The size of each named type in each layout (see `layout`), computed
    /// once; `None` for a size past the 64-bit range or a cycle not
    /// broken by a pointer.
    pub(crate) named_sizes: HashMap<String, crate::extent::Sizes>,
}

/// True when `a` is `[0 x T]` and `b` is `[n x T]`: a zero-length array
/// viewing an array of any length (see [`TypeEnv::compatible`]).
fn zero_length_view(a: &Ty, b: &Ty) -> bool {
    matches!((a, b), (Ty::Array(0, x), Ty::Array(_, y)) if x == y)
}

impl TypeEnv {
    /// The named types of `prog` (the first definition of a name wins; the
    /// checker reports duplicates).
    pub fn new(prog: &Prog) -> TypeEnv {
        let mut named = HashMap::new();
        for t in &prog.tdecls {
            named.entry(t.name.clone()).or_insert_with(|| t.ty.clone());
        }
        let named_sizes = crate::extent::named_sizes(&named);
        TypeEnv { named, named_sizes }
    }

    /// The definition of `%name`, if there is one.
    pub fn lookup(&self, name: &str) -> Option<&Ty> {
        self.named.get(name)
    }

    /// `ty` with named types at its top replaced by their definitions until
    /// it is not a name (an undefined name stays as it is). Stops after as
    /// many steps as there are names, so a cycle of names cannot loop.
    pub fn unfold<'a>(&'a self, mut ty: &'a Ty) -> &'a Ty {
        for _ in 0..=self.named.len() {
            match ty {
                Ty::Named(n) => match self.named.get(n) {
                    Some(t) => ty = t,
                    None => return ty,
                },
                _ => return ty,
            }
        }
        ty
    }

    /// Structural type equality with named types unfolded: the equality
    /// of the checker's typing rules and of the oracle's tag comparisons.
    /// Pointers are compared by pointee, structurally; a pair of types with
    /// a name on either side met again is taken as equal (the types are
    /// recursive: `%t = type %t**` equals `%t*`). Only finitely many such
    /// pairs exist, so the comparison always ends.
    pub fn ty_eq(&self, a: &Ty, b: &Ty) -> bool {
        self.ty_eq_in(a, b, &mut Vec::new(), false)
    }

    /// [`TypeEnv::ty_eq`] where LLVM 15's opaque `ptr` equals every pointer
    /// type at the same position (at any depth: `{i64, ptr}` equals
    /// `{i64, i8*}`): the oracle's comparison of a tag with an annotation,
    /// one side of which may have been written without pointee types.
    pub fn ty_eq_opaque(&self, a: &Ty, b: &Ty) -> bool {
        self.ty_eq_in(a, b, &mut Vec::new(), true)
    }

    fn ty_eq_in<'a>(
        &'a self,
        a: &'a Ty,
        b: &'a Ty,
        seen: &mut Vec<(&'a Ty, &'a Ty)>,
        opaque: bool,
    ) -> bool {
        if matches!(a, Ty::Named(_)) || matches!(b, Ty::Named(_)) {
            if a == b || seen.contains(&(a, b)) {
                return true;
            }
            seen.push((a, b));
        }
        let (a, b) = (self.unfold(a), self.unfold(b));
        match (a, b) {
            (Ty::OpaquePtr, Ty::Ptr(_)) | (Ty::Ptr(_), Ty::OpaquePtr) => opaque,
            (Ty::Ptr(x), Ty::Ptr(y)) => self.ty_eq_in(x, y, seen, opaque),
            (Ty::Struct(xs), Ty::Struct(ys)) => {
                xs.len() == ys.len()
                    && xs
                        .iter()
                        .zip(ys)
                        .all(|(x, y)| self.ty_eq_in(x, y, seen, opaque))
            }
            (Ty::Array(n, x), Ty::Array(m, y)) => n == m && self.ty_eq_in(x, y, seen, opaque),
            (Ty::Fun(xs, r), Ty::Fun(ys, s)) => {
                xs.len() == ys.len()
                    && self.ty_eq_in(r, s, seen, opaque)
                    && xs
                        .iter()
                        .zip(ys)
                        .all(|(x, y)| self.ty_eq_in(x, y, seen, opaque))
            }
            (Ty::Named(_), _) | (_, Ty::Named(_)) => false,
            _ => a == b,
        }
    }

    /// PTRTOI8: every pointer in the type becomes `i8*` (named types outside
    /// pointers are unfolded, so the result has no names).
    pub fn ptrtoi8(&self, ty: &Ty) -> Ty {
        match self.unfold(ty) {
            Ty::Ptr(_) | Ty::OpaquePtr => Ty::I8.ptr_to(),
            Ty::Array(n, t) => Ty::Array(*n, Box::new(self.ptrtoi8(t))),
            Ty::Struct(ts) => Ty::Struct(ts.iter().map(|t| self.ptrtoi8(t)).collect()),
            t => t.clone(),
        }
    }

    /// FLATTEN: the struct types not under an array constructor unnested
    /// into the list of their leaves (named types unfolded).
    pub fn flatten(&self, ty: &Ty) -> Vec<Ty> {
        let mut out = Vec::new();
        self.flatten_into(ty, &mut out);
        out
    }

    fn flatten_into(&self, ty: &Ty, out: &mut Vec<Ty>) {
        match self.unfold(ty) {
            Ty::Ptr(_) | Ty::OpaquePtr => out.push(Ty::I8.ptr_to()),
            Ty::Struct(ts) => ts.iter().for_each(|t| self.flatten_into(t, out)),
            t => out.push(t.clone()),
        }
    }

    /// The spec's compatibility: `t1` is compatible with `t2` when
    /// FLATTEN (PTRTOI8 t1) is a list prefix of FLATTEN (PTRTOI8 t2); and
    /// (LLVM's zero-length arrays, on which the spec is silent) the last
    /// item of t1's list may be `[0 x T]` where t2's has `[n x T]`, any n
    /// (docs/semantics.md, "Zero-length arrays": the Oat handouts view a
    /// `{ i64, [n x T] }` through `{ i64, [0 x T] }*`).
    pub fn compatible(&self, t1: &Ty, t2: &Ty) -> bool {
        let f1 = self.flatten(&self.ptrtoi8(t1));
        let f2 = self.flatten(&self.ptrtoi8(t2));
        let last = f1.len().wrapping_sub(1);
        f1.len() <= f2.len()
            && f1
                .iter()
                .zip(&f2)
                .enumerate()
                .all(|(i, (a, b))| a == b || (i == last && zero_length_view(a, b)))
    }

    /// GEPTY: the type a GEP with base type `ty` and index operands `idxs`
    /// points to (the first index moves among siblings and does not change
    /// the type), or why GEPTY is not defined.
    pub fn gepty(&self, ty: &Ty, idxs: &[Operand]) -> Result<Ty, GepTyError> {
        let Some((_, path)) = idxs.split_first() else {
            return Err(GepTyError::NoIndices);
        };
        let mut cur = ty;
        for (i, op) in path.iter().enumerate() {
            let pos = i + 1;
            match self.unfold(cur) {
                Ty::Struct(fields) => {
                    let OperandKind::Const(m) = op.kind else {
                        return Err(GepTyError::StructIndexNotConstant { pos });
                    };
                    match usize::try_from(m).ok().and_then(|m| fields.get(m)) {
                        Some(f) => cur = f,
                        None => {
                            return Err(GepTyError::StructIndexOutOfRange {
                                pos,
                                index: m,
                                fields: fields.len(),
                            })
                        }
                    }
                }
                Ty::Array(_, elem) => cur = elem,
                other => {
                    return Err(GepTyError::NotAggregate {
                        pos,
                        ty: other.clone(),
                    })
                }
            }
        }
        Ok(cur.clone())
    }

    /// For each index of a GEP with base type `ty`, whether it selects a
    /// struct field (a constant in range, at a place where the walk of
    /// GEPTY is in a struct); false for the first index and once the walk
    /// leaves the known types. LLVM writes exactly these indices `i32`.
    pub fn field_selectors(&self, ty: &Ty, idxs: &[Operand]) -> Vec<bool> {
        let mut cur = Some(ty);
        let mut out = Vec::with_capacity(idxs.len());
        for (i, idx) in idxs.iter().enumerate() {
            let mut selects = false;
            if i > 0 {
                cur = match cur.map(|t| self.unfold(t)) {
                    Some(Ty::Struct(fields)) => match idx.kind {
                        OperandKind::Const(m) => {
                            let field = usize::try_from(m).ok().and_then(|m| fields.get(m));
                            selects = field.is_some();
                            field
                        }
                        _ => None,
                    },
                    Some(Ty::Array(_, elem)) => Some(elem),
                    _ => None,
                };
            }
            out.push(selects);
        }
        out
    }
}

/// Why GEPTY is not defined for a GEP instruction (the spec's list of
/// malformed GEPs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GepTyError {
    /// The list of index operands is empty.
    NoIndices,
    /// Index number `pos` (0-based among all indices) indexes a struct but is
    /// not a constant.
    StructIndexNotConstant {
        /// Which index.
        pos: usize,
    },
    /// Index number `pos` is a constant outside the struct's fields.
    StructIndexOutOfRange {
        /// Which index.
        pos: usize,
        /// The index written.
        index: i64,
        /// How many fields the struct has.
        fields: usize,
    },
    /// Index number `pos` indexes into a type that is not an aggregate.
    NotAggregate {
        /// Which index.
        pos: usize,
        /// The type indexed into.
        ty: Ty,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Tdecl;
    use crate::span::Span;

    fn env(decls: &[(&str, Ty)]) -> TypeEnv {
        TypeEnv::new(&Prog {
            tdecls: decls
                .iter()
                .map(|(n, t)| Tdecl {
                    name: n.to_string(),
                    ty: t.clone(),
                    span: Span::DUMMY,
                })
                .collect(),
            ..Prog::default()
        })
    }

    fn st(ts: Vec<Ty>) -> Ty {
        Ty::Struct(ts)
    }

    #[test]
    fn flatten_unnests_structs_but_not_arrays() {
        let e = env(&[]);
        let t = st(vec![
            Ty::I64,
            st(vec![Ty::I1, Ty::I64.ptr_to()]),
            Ty::Array(2, Box::new(st(vec![Ty::I64]))),
        ]);
        assert_eq!(
            e.flatten(&e.ptrtoi8(&t)),
            vec![
                Ty::I64,
                Ty::I1,
                Ty::I8.ptr_to(),
                Ty::Array(2, Box::new(st(vec![Ty::I64])))
            ]
        );
    }

    #[test]
    fn prefix_struct_is_compatible_but_not_the_other_way() {
        let e = env(&[]);
        let small = st(vec![Ty::I64]);
        let big = st(vec![Ty::I64, Ty::I64]);
        assert!(e.compatible(&small, &big));
        assert!(!e.compatible(&big, &small));
        assert!(e.compatible(&Ty::I64, &big));
    }

    /// docs/semantics.md, "Zero-length arrays": `{ i64, [0 x T] }` views
    /// `{ i64, [n x T] }` for any n, only as the last item, only with the
    /// same element type, and not the other way round.
    #[test]
    fn a_trailing_zero_length_array_views_any_length() {
        let e = env(&[]);
        let arr = |n, t: Ty| Ty::Array(n, Box::new(t));
        let view = st(vec![Ty::I64, arr(0, Ty::I64)]);
        assert!(e.compatible(&view, &st(vec![Ty::I64, arr(3, Ty::I64)])));
        assert!(e.compatible(&view, &st(vec![Ty::I64, arr(0, Ty::I64)])));
        assert!(!e.compatible(&view, &st(vec![Ty::I64, arr(3, Ty::I1)])));
        assert!(!e.compatible(&st(vec![Ty::I64, arr(3, Ty::I64)]), &view));
        let not_last = st(vec![arr(0, Ty::I64), Ty::I64]);
        assert!(!e.compatible(&not_last, &st(vec![arr(2, Ty::I64), Ty::I64])));
    }

    #[test]
    fn pointer_types_are_compatible_after_ptrtoi8() {
        let e = env(&[]);
        assert!(e.compatible(
            &Ty::I64.ptr_to(),
            &st(vec![Ty::I1.ptr_to().ptr_to()]).ptr_to()
        ));
        assert!(!e.compatible(&Ty::I64, &Ty::I64.ptr_to()));
    }

    #[test]
    fn nested_but_compatible_types_flatten_equal() {
        let e = env(&[]);
        let flat = st(vec![Ty::I64, Ty::I64, Ty::I64]);
        let nested = st(vec![st(vec![Ty::I64, Ty::I64]), Ty::I64]);
        assert!(e.compatible(&flat, &nested) && e.compatible(&nested, &flat));
    }

    #[test]
    fn named_types_unfold_and_recursive_equality_terminates() {
        let node = st(vec![Ty::I64, Ty::Named("node".into()).ptr_to()]);
        let e = env(&[("node", node.clone()), ("alias", Ty::Named("node".into()))]);
        assert!(e.ty_eq(&Ty::Named("alias".into()), &node));
        assert!(e.ty_eq(
            &Ty::Named("node".into()).ptr_to(),
            &Ty::Named("alias".into()).ptr_to()
        ));
        assert!(!e.ty_eq(&Ty::Named("node".into()), &Ty::I64));
    }

    /// Found by the `check` fuzz target: `%t = type %t**` against `%t*`
    /// alternated between the two forever (only pairs of two names were
    /// remembered). Both unfold to the infinite pointer chain, so they are equal.
    #[test]
    fn a_name_against_a_pointer_to_itself_terminates() {
        let t = || Ty::Named("t".into());
        let e = env(&[("t", t().ptr_to().ptr_to())]);
        assert!(e.ty_eq(&t(), &t().ptr_to()));
        assert!(e.ty_eq(&t().ptr_to(), &t()));
        assert!(!e.ty_eq(&t(), &Ty::I64.ptr_to()));
    }

    #[test]
    fn gepty_follows_the_spec_walkthrough() {
        let a = Ty::I64;
        let t1 = st(vec![a.clone(), Ty::I1, Ty::I64.ptr_to()]);
        let e = env(&[
            ("t1", t1.clone()),
            ("t2", Ty::Array(2, Box::new(Ty::Named("t1".into())))),
        ]);
        let c = Operand::konst;
        assert_eq!(
            e.gepty(&Ty::Named("t2".into()), &[c(0), c(0)]),
            Ok(Ty::Named("t1".into()))
        );
        assert_eq!(e.gepty(&Ty::Named("t1".into()), &[c(1), c(1)]), Ok(Ty::I1));
        assert_eq!(
            e.gepty(&Ty::Named("t1".into()), &[c(0)]),
            Ok(Ty::Named("t1".into()))
        );
        assert_eq!(e.gepty(&t1, &[]), Err(GepTyError::NoIndices));
        assert_eq!(
            e.gepty(&t1, &[c(0), Operand::id("x")]),
            Err(GepTyError::StructIndexNotConstant { pos: 1 })
        );
        assert_eq!(
            e.gepty(&t1, &[c(0), c(3)]),
            Err(GepTyError::StructIndexOutOfRange {
                pos: 1,
                index: 3,
                fields: 3
            })
        );
        assert_eq!(
            e.gepty(&Ty::I64, &[c(0), c(0)]),
            Err(GepTyError::NotAggregate {
                pos: 1,
                ty: Ty::I64
            })
        );
    }
}

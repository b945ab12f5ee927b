//! The course data layout (docs/semantics.md, end of the GEP rule): `i1`,
//! `i64` and every pointer 8 bytes, `[N x i8]` N bytes, a struct the sum of
//! its fields, an array N times its element, no padding. The oracle's layout
//! check and pointer comparison and the back end's address arithmetic all use
//! these functions, so the layout is defined once.

use crate::ast::Ty;
use crate::types::TypeEnv;

impl TypeEnv {
    /// The size in bytes of a value of type `ty` (0 for `void` and function
    /// types, which have no values in memory).
    pub fn size_of(&self, ty: &Ty) -> u64 {
        match self.unfold(ty) {
            Ty::I1 | Ty::I64 | Ty::Ptr(_) | Ty::OpaquePtr => 8,
            Ty::I8 => 1,
            Ty::Struct(ts) => ts
                .iter()
                .map(|t| self.size_of(t))
                .fold(0, u64::wrapping_add),
            Ty::Array(n, t) => n.wrapping_mul(self.size_of(t)),
            Ty::Void | Ty::Fun(..) | Ty::Named(_) => 0,
        }
    }

    /// The byte offset of field `i` of a struct with fields `fields`.
    pub fn field_offset(&self, fields: &[Ty], i: usize) -> u64 {
        fields[..i.min(fields.len())]
            .iter()
            .map(|t| self.size_of(t))
            .fold(0, u64::wrapping_add)
    }

    /// The byte offset native code computes for `getelementptr ty, ty* p,
    /// i0, i1, ..., in` relative to `p`: `i0` times the size of `ty`, then
    /// each further index walks into the struct field or array element of
    /// the type reached so far. Indices that GEPTY would reject (a struct
    /// index out of range, an index into a scalar) give `None`. Arithmetic
    /// wraps, as the machine's does.
    pub fn gep_offset(&self, ty: &Ty, idxs: &[i64]) -> Option<i64> {
        let (&first, rest) = idxs.split_first()?;
        let mut off = first.wrapping_mul(self.size_of(ty) as i64);
        let mut cur = ty;
        for &i in rest {
            match self.unfold(cur) {
                Ty::Struct(fields) => {
                    let k = usize::try_from(i).ok().filter(|&k| k < fields.len())?;
                    off = off.wrapping_add(self.field_offset(fields, k) as i64);
                    cur = &fields[k];
                }
                Ty::Array(_, elem) => {
                    off = off.wrapping_add(i.wrapping_mul(self.size_of(elem) as i64));
                    cur = elem;
                }
                _ => return None,
            }
        }
        Some(off)
    }
}

#[cfg(test)]
mod tests {
    use crate::ast::{Prog, Ty};
    use crate::types::TypeEnv;

    #[test]
    fn sizes_follow_the_course_layout() {
        let e = TypeEnv::new(&Prog::default());
        assert_eq!(e.size_of(&Ty::I1), 8);
        assert_eq!(e.size_of(&Ty::I64.ptr_to()), 8);
        assert_eq!(e.size_of(&Ty::Array(6, Box::new(Ty::I8))), 6);
        let s = Ty::Struct(vec![Ty::I64, Ty::Array(3, Box::new(Ty::I8)), Ty::I1]);
        assert_eq!(e.size_of(&s), 8 + 3 + 8);
        assert_eq!(e.size_of(&Ty::Array(4, Box::new(s))), 76);
    }

    #[test]
    fn gep_offsets_walk_fields_and_elements() {
        let e = TypeEnv::new(&Prog::default());
        let t1 = Ty::Struct(vec![Ty::I64, Ty::I64, Ty::I64]);
        let t2 = Ty::Array(2, Box::new(t1.clone()));
        // The spec's walkthrough: (bid0, 0, 1, 1) is b1 at 24 + 8.
        assert_eq!(e.gep_offset(&t2, &[0, 1, 1]), Some(32));
        assert_eq!(e.gep_offset(&t1, &[1, 1]), Some(32));
        assert_eq!(e.gep_offset(&t1, &[0, 3]), None);
        assert_eq!(e.gep_offset(&Ty::I64, &[-2]), Some(-16));
        assert_eq!(e.gep_offset(&Ty::I64, &[0, 0]), None);
    }
}

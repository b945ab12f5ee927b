//! The two data layouts (docs/semantics.md, "The two layouts"), defined
//! once here for the oracle's layout check and pointer comparison and for
//! the back end:
//!
//! - the **course layout** (every course handout's `size_ty`): `i1`, `i64`
//!   and every pointer a word of 8 bytes, `i8` of size 0 (so `[N x i8]`
//!   has size 0), a struct its fields one after another with no padding,
//!   an array N times its element;
//! - **LLVM's layout** (LLVM 14's x86-64 DataLayout
//!   `e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128`):
//!   `i1` and `i8` one byte aligned to 1, `i64` and every pointer 8 bytes
//!   aligned to 8, a struct's fields each at the next offset that is a
//!   multiple of its alignment, the struct aligned to its most aligned field
//!   and its size rounded up to that alignment (tail padding), an array's
//!   elements each at the element's size (which includes its tail padding).
//!   The back end compiles with it ([`TypeEnv::size_of`],
//!   [`TypeEnv::gep_offset`]).
//!
//! Course back ends write string data with its bytes (a global's
//! `c"..."` initializer is emitted byte by byte) while their addresses
//! count `i8` as 0 bytes, so in the course layout an address is right only
//! where no string bytes lie before it in its block:
//! [`TypeEnv::string_bytes_before`] measures them.
//!
//! Sizes are computed with checked arithmetic: a type whose size passes
//! the 64-bit range has no size (`None`), and the checker rejects it
//! (`type-size`), so no size ever wraps.

use crate::ast::Ty;
use crate::extent::{extent_with, struct_extent, Extent, Measure};
use crate::types::TypeEnv;

/// A data layout (see the module documentation for their rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The course handouts' layout: every scalar a word of 8 bytes, `i8`
    /// (and so `[N x i8]`) of size 0, no padding.
    Course,
    /// LLVM 14's x86-64 layout: `i1` and `i8` one byte, `i64` and pointers
    /// 8 bytes aligned to 8, padding before aligned fields and at a
    /// struct's end. The back end compiles with it.
    Llvm,
}

impl Layout {
    /// Both layouts; a program's meaning must not depend on which.
    pub const BOTH: [Layout; 2] = [Layout::Course, Layout::Llvm];

    fn measure(self) -> Measure {
        match self {
            Layout::Course => Measure::Course,
            Layout::Llvm => Measure::Llvm,
        }
    }
}

impl TypeEnv {
    /// The size in bytes of a value of type `ty` in `layout` (0 for
    /// `void`, function types and undefined names); `None` when the size
    /// passes 2^64 - 1.
    pub fn size_in(&self, ty: &Ty, layout: Layout) -> Option<u64> {
        self.extent(ty, layout.measure()).map(|e| e.size)
    }

    fn extent(&self, ty: &Ty, m: Measure) -> Option<Extent> {
        extent_with(ty, m, &self.named_sizes)
    }

    /// The size in bytes of a value of type `ty` in LLVM's layout (the
    /// back end's). The checker has rejected types without a size
    /// (`type-size`); for one, this saturates at `u64::MAX`, never wraps.
    pub fn size_of(&self, ty: &Ty) -> u64 {
        self.size_in(ty, Layout::Llvm).unwrap_or(u64::MAX)
    }

    /// The byte offset of field `i` of a struct with fields `fields` in
    /// `layout` (LLVM's aligns it; past the last field, the end of the
    /// fields before tail padding); `None` past the 64-bit range.
    pub fn field_offset_in(&self, fields: &[Ty], i: usize, layout: Layout) -> Option<u64> {
        self.field_offset(fields, i, layout.measure())
    }

    fn field_offset(&self, fields: &[Ty], i: usize, m: Measure) -> Option<u64> {
        let mut found = None;
        let i = i.min(fields.len());
        struct_extent(
            fields,
            |t| self.extent(t, m),
            |k, off| {
                if k == i {
                    found = Some(off);
                }
            },
        )?;
        found
    }

    /// The byte offsets of all the fields of a struct with fields
    /// `fields` in `layout` ([`TypeEnv::field_offset_in`] of each, in one
    /// walk); `None` past the 64-bit range.
    pub fn field_offsets_in(&self, fields: &[Ty], layout: Layout) -> Option<Vec<u64>> {
        let mut offs = Vec::with_capacity(fields.len());
        struct_extent(
            fields,
            |t| self.extent(t, layout.measure()),
            |k, off| {
                if k < fields.len() {
                    offs.push(off);
                }
            },
        )?;
        Some(offs)
    }

    /// The byte offset native code computes in `layout` for
    /// `getelementptr ty, ty* p, i0, i1, ..., in` relative to `p`: `i0`
    /// times the size of `ty`, then each further index walks into the
    /// struct field or array element of the type reached so far. Indices
    /// that GEPTY would reject (a struct index out of range, an index into
    /// a scalar) and types without a size give `None`. The index
    /// arithmetic wraps, as the machine's does.
    pub fn gep_offset_in(&self, ty: &Ty, idxs: &[i64], layout: Layout) -> Option<i64> {
        self.walk_offset(ty, idxs, layout.measure())
    }

    /// The bytes of string data (`[N x i8]`) that the walk of
    /// `getelementptr ty, ty* p, i0, ..., in` steps over (as
    /// [`TypeEnv::gep_offset_in`] with every other scalar of size 0 and no
    /// padding). Course back ends lay strings out with their bytes but
    /// compute addresses with `i8` of size 0, so their address of the
    /// target is right only when this is 0.
    pub fn string_bytes_before(&self, ty: &Ty, idxs: &[i64]) -> Option<i64> {
        self.walk_offset(ty, idxs, Measure::StringBytes)
    }

    fn walk_offset(&self, ty: &Ty, idxs: &[i64], m: Measure) -> Option<i64> {
        let size = |t: &Ty| self.extent(t, m).map(|e| e.size as i64);
        let (&first, rest) = idxs.split_first()?;
        let mut off = first.wrapping_mul(size(ty)?);
        let mut cur = ty;
        for &i in rest {
            match self.unfold(cur) {
                Ty::Struct(fields) => {
                    let k = usize::try_from(i).ok().filter(|&k| k < fields.len())?;
                    let f = self.field_offset(fields, k, m)?;
                    off = off.wrapping_add(f as i64);
                    cur = &fields[k];
                }
                Ty::Array(_, elem) => {
                    off = off.wrapping_add(i.wrapping_mul(size(elem)?));
                    cur = elem;
                }
                _ => return None,
            }
        }
        Some(off)
    }

    /// True when a value of type `ty` holds an `i8` (a string, outside any
    /// pointer): only then can string bytes lie inside it
    /// ([`TypeEnv::string_bytes_before`]). Each named type is looked into
    /// once.
    pub fn has_bytes(&self, ty: &Ty) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![ty];
        while let Some(t) = stack.pop() {
            match t {
                Ty::I8 => return true,
                Ty::Struct(ts) => stack.extend(ts.iter()),
                Ty::Array(_, t) => stack.push(t),
                Ty::Named(n) if seen.insert(n.as_str()) => {
                    if let Some(d) = self.lookup(n) {
                        stack.push(d);
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// [`TypeEnv::gep_offset_in`] in LLVM's layout (the back end's).
    pub fn gep_offset(&self, ty: &Ty, idxs: &[i64]) -> Option<i64> {
        self.gep_offset_in(ty, idxs, Layout::Llvm)
    }
}

#[cfg(test)]
mod tests {
    use super::Layout;
    use crate::ast::{Prog, Ty};
    use crate::types::TypeEnv;

    fn parse_env(text: &str) -> TypeEnv {
        let prog = crate::parse::parse(&crate::Source::new("t.ll", text)).expect("parses");
        TypeEnv::new(&prog)
    }

    fn s(fs: Vec<Ty>) -> Ty {
        Ty::Struct(fs)
    }

    #[test]
    fn sizes_follow_both_layouts() {
        let e = TypeEnv::new(&Prog::default());
        assert_eq!(e.size_in(&Ty::I1, Layout::Course), Some(8));
        assert_eq!(e.size_in(&Ty::I1, Layout::Llvm), Some(1));
        for l in Layout::BOTH {
            assert_eq!(e.size_in(&Ty::I64.ptr_to(), l), Some(8));
            assert_eq!(e.size_in(&Ty::I64, l), Some(8));
        }
        let str6 = Ty::Array(6, Box::new(Ty::I8));
        assert_eq!(e.size_in(&str6, Layout::Llvm), Some(6));
        assert_eq!(e.size_in(&str6, Layout::Course), Some(0));
        // LLVM: the i64 at 0, the string at 8..11, the i1 at 11; 12 bytes
        // rounded up to the struct's alignment 8.
        let t = s(vec![Ty::I64, Ty::Array(3, Box::new(Ty::I8)), Ty::I1]);
        assert_eq!(e.size_of(&t), 16);
        assert_eq!(
            e.field_offset_in(
                &[Ty::I64, Ty::Array(3, Box::new(Ty::I8)), Ty::I1],
                2,
                Layout::Llvm
            ),
            Some(11)
        );
        // Course: 8, then 0 for the string, then 8.
        assert_eq!(e.size_in(&t, Layout::Course), Some(16));
        assert_eq!(e.size_of(&Ty::Array(4, Box::new(t))), 64);
        // Tail padding: {i64, i1} is 9 bytes of fields in 16; an array of
        // them steps by 16.
        let tail = s(vec![Ty::I64, Ty::I1]);
        assert_eq!(e.size_of(&tail), 16);
        assert_eq!(
            e.gep_offset(&Ty::Array(2, Box::new(tail)), &[0, 1, 1]),
            Some(24)
        );
        // Booleans pack at one byte each; nothing aligns them.
        let bools = s(vec![Ty::I1, Ty::I1, Ty::I1]);
        assert_eq!(e.size_of(&bools), 3);
        assert_eq!(e.size_in(&bools, Layout::Course), Some(24));
        assert_eq!(e.size_of(&s(vec![])), 0);
    }

    #[test]
    fn the_issues_programs_differ_between_the_layouts() {
        let e = TypeEnv::new(&Prog::default());
        // A = {i1, {i1, i64}, i64}. LLVM: the i1 at 0, the inner struct
        // (aligned to 8, 16 bytes) at 8, the last field at 24. Course: 0, 8, 24.
        let inner = s(vec![Ty::I1, Ty::I64]);
        let a = s(vec![Ty::I1, inner.clone(), Ty::I64]);
        // T = {{i1, i1}, i64, i64}. LLVM: the pair (2 bytes) at 0, then 8,
        // 16. Course: 0, 16, 24.
        let t = s(vec![s(vec![Ty::I1, Ty::I1]), Ty::I64, Ty::I64]);
        assert_eq!(e.gep_offset_in(&a, &[0, 2], Layout::Llvm), Some(24));
        assert_eq!(e.gep_offset_in(&t, &[0, 2], Layout::Llvm), Some(16));
        assert_eq!(e.gep_offset_in(&a, &[0, 2], Layout::Course), Some(24));
        assert_eq!(e.gep_offset_in(&t, &[0, 2], Layout::Course), Some(24));
        // {i1, {}, i64}: field 1 at 1 and field 2 at 8 in LLVM's, both at 8
        // in the course layout.
        let gap = s(vec![Ty::I1, s(vec![]), Ty::I64]);
        assert_eq!(e.gep_offset_in(&gap, &[0, 1], Layout::Llvm), Some(1));
        assert_eq!(e.gep_offset_in(&gap, &[0, 2], Layout::Llvm), Some(8));
        assert_eq!(e.gep_offset_in(&gap, &[0, 1], Layout::Course), Some(8));
        // {{i1, i1}, i64} is 16 bytes in LLVM's layout, {i1, {i1, i64}} 24.
        let view = s(vec![s(vec![Ty::I1, Ty::I1]), Ty::I64]);
        let elem = s(vec![Ty::I1, inner]);
        assert_eq!(e.gep_offset_in(&view, &[1], Layout::Llvm), Some(16));
        assert_eq!(e.gep_offset_in(&elem, &[1], Layout::Llvm), Some(24));
        assert_eq!(e.gep_offset_in(&view, &[1], Layout::Course), Some(24));
    }

    #[test]
    fn string_bytes_before_counts_only_string_data() {
        let e = TypeEnv::new(&Prog::default());
        let str4 = Ty::Array(4, Box::new(Ty::I8));
        let t = s(vec![Ty::I64, str4.clone(), Ty::I1, Ty::I64]);
        assert_eq!(e.string_bytes_before(&t, &[0, 1]), Some(0));
        assert_eq!(e.string_bytes_before(&t, &[0, 2]), Some(4));
        assert_eq!(e.string_bytes_before(&t, &[0, 3]), Some(4));
        assert_eq!(e.string_bytes_before(&t, &[1]), Some(4));
        let strs = Ty::Array(3, Box::new(str4));
        assert_eq!(e.string_bytes_before(&strs, &[0, 2, 0]), Some(8));
        assert_eq!(e.string_bytes_before(&Ty::I64, &[3]), Some(0));
    }

    #[test]
    fn sizes_past_64_bits_are_none_never_wrapped() {
        let e = TypeEnv::new(&Prog::default());
        // 2^61 elements of 8 bytes: 2^64, one past the range.
        let big = Ty::Array(1 << 61, Box::new(Ty::I64));
        assert_eq!(e.size_in(&big, Layout::Llvm), None);
        assert_eq!(e.size_of(&big), u64::MAX);
        let pair = Ty::Struct(vec![Ty::Array(1 << 60, Box::new(Ty::I64)); 2]);
        assert_eq!(e.size_in(&pair, Layout::Course), None);
        // Under the course layout a string array of any length is empty.
        let strs = Ty::Array(u64::MAX, Box::new(Ty::Array(u64::MAX, Box::new(Ty::I8))));
        assert_eq!(e.size_in(&strs, Layout::Course), Some(0));
        assert_eq!(e.size_in(&strs, Layout::Llvm), None);
    }

    #[test]
    fn named_sizes_are_computed_once_and_cycles_have_none() {
        // 80 levels of doubling: a walk without memoised names would take 2^80 steps.
        let mut text = String::from("%t0 = type { i64 }\n");
        for i in 1..80 {
            text.push_str(&format!("%t{i} = type {{ %t{}, %t{} }}\n", i - 1, i - 1));
        }
        let e = parse_env(&text);
        assert_eq!(
            e.size_in(&Ty::Named("t10".into()), Layout::Llvm),
            Some(8 << 10)
        );
        assert_eq!(e.size_in(&Ty::Named("t79".into()), Layout::Llvm), None);
        let e = parse_env("%a = type { i64, %b }\n%b = type { %a }\n%c = type { %c* }\n");
        assert_eq!(e.size_in(&Ty::Named("a".into()), Layout::Llvm), None);
        assert_eq!(e.size_in(&Ty::Named("b".into()), Layout::Course), None);
        assert_eq!(e.size_in(&Ty::Named("c".into()), Layout::Llvm), Some(8));
    }

    #[test]
    fn has_bytes_looks_through_names_not_pointers() {
        let e = parse_env(
            "%s = type { i64, [2 x %t] }\n%t = type { [4 x i8] }\n%u = type { i8*, %u* }\n",
        );
        assert!(e.has_bytes(&Ty::Named("s".into())));
        assert!(!e.has_bytes(&Ty::Named("u".into())));
        assert!(!e.has_bytes(&Ty::I8.ptr_to()));
        assert!(e.has_bytes(&Ty::I8));
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
        // The issue's string table: element 1 of [3 x [4 x i8]] is at 4 in
        // LLVM's layout and at 0 in the course's.
        let strs = Ty::Array(3, Box::new(Ty::Array(4, Box::new(Ty::I8))));
        assert_eq!(e.gep_offset_in(&strs, &[0, 1, 0], Layout::Llvm), Some(4));
        assert_eq!(e.gep_offset_in(&strs, &[0, 1, 0], Layout::Course), Some(0));
    }
}

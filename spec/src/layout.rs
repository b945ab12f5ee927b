//! The data layouts (docs/semantics.md: the GEP rule's layout check
//! and the "Two layouts" decision): `i1`, `i64` and every pointer 8 bytes, a struct
//! the sum of its fields, an array N times its element, no padding; `i8`
//! has size 0 in every course handout (`size_ty I8 = 0`, so `[N x i8]` has
//! size 0) and 1 in LLVM's layout (`[N x i8]` N bytes). The oracle's layout
//! check and pointer comparison use both layouts; the back end uses
//! LLVM's ([`TypeEnv::size_of`], [`TypeEnv::gep_offset`]). So the layouts
//! are defined once, here.
//!
//! Sizes are computed with checked arithmetic: a type whose size passes
//! the 64-bit range has no size (`None`), and the checker rejects it
//! (`type-size`), so no size ever wraps.

use crate::ast::Ty;
use crate::types::TypeEnv;
use std::collections::HashMap;

/// A data layout: how big `i8` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The course handouts' layout: `i8` (and so `[N x i8]`) has size 0.
    Course,
    /// LLVM's layout: `i8` has size 1. The back end compiles with it.
    Llvm,
}

impl Layout {
    /// Both layouts; a program's meaning must not depend on which.
    pub const BOTH: [Layout; 2] = [Layout::Course, Layout::Llvm];

    /// The size of `i8`.
    fn i8_size(self) -> u64 {
        match self {
            Layout::Course => 0,
            Layout::Llvm => 1,
        }
    }
}

/// A type's size in each layout (indexed by `Layout as usize`); `None`
/// when it passes the 64-bit range or is unsized (a cycle of names).
pub(crate) type Sizes = [Option<u64>; 2];

impl TypeEnv {
    /// The size in bytes of a value of type `ty` in `layout` (0 for
    /// `void`, function types and undefined names); `None` when the size
    /// passes 2^64 - 1.
    pub fn size_in(&self, ty: &Ty, layout: Layout) -> Option<u64> {
        size_with(ty, layout, &self.named_sizes)
    }

    /// The size in bytes of a value of type `ty` in LLVM's layout (the
    /// back end's). The checker has rejected types without a size
    /// (`type-size`); for one, this saturates at `u64::MAX`, never wraps.
    pub fn size_of(&self, ty: &Ty) -> u64 {
        self.size_in(ty, Layout::Llvm).unwrap_or(u64::MAX)
    }

    /// The byte offset of field `i` of a struct with fields `fields` in
    /// `layout`; `None` past the 64-bit range.
    pub fn field_offset_in(&self, fields: &[Ty], i: usize, layout: Layout) -> Option<u64> {
        fields[..i.min(fields.len())]
            .iter()
            .try_fold(0u64, |acc, t| acc.checked_add(self.size_in(t, layout)?))
    }

    /// The byte offset native code computes in `layout` for
    /// `getelementptr ty, ty* p, i0, i1, ..., in` relative to `p`: `i0`
    /// times the size of `ty`, then each further index walks into the
    /// struct field or array element of the type reached so far. Indices
    /// that GEPTY would reject (a struct index out of range, an index into
    /// a scalar) and types without a size give `None`. The index
    /// arithmetic wraps, as the machine's does.
    pub fn gep_offset_in(&self, ty: &Ty, idxs: &[i64], layout: Layout) -> Option<i64> {
        let size = |t: &Ty| self.size_in(t, layout).map(|s| s as i64);
        let (&first, rest) = idxs.split_first()?;
        let mut off = first.wrapping_mul(size(ty)?);
        let mut cur = ty;
        for &i in rest {
            match self.unfold(cur) {
                Ty::Struct(fields) => {
                    let k = usize::try_from(i).ok().filter(|&k| k < fields.len())?;
                    let f = self.field_offset_in(fields, k, layout)?;
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
    /// pointer): only then can the two layouts give it different sizes or
    /// offsets. Each named type is looked into once.
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

/// The sizes of the named types `named` in both layouts, each computed
/// once (a name used many times is not walked again, so nested names
/// cannot make the walk exponential). Names are visited in dependency
/// order with an explicit stack (a long chain of names cannot overflow
/// the native stack); a name on a cycle not broken by a pointer has no
/// size.
pub(crate) fn named_sizes(named: &HashMap<String, Ty>) -> HashMap<String, Sizes> {
    let mut done: HashMap<String, Sizes> = HashMap::new();
    let mut on_stack: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for root in named.keys() {
        // Each frame: a name and the names its size needs, still to visit.
        let mut stack: Vec<(&str, Vec<&str>)> = Vec::new();
        if !done.contains_key(root.as_str()) {
            stack.push((root, names_not_under_pointer(&named[root])));
            on_stack.insert(root);
        }
        while let Some((name, deps)) = stack.last_mut() {
            match deps.pop() {
                Some(d) => {
                    if done.contains_key(d) || !named.contains_key(d) {
                        continue;
                    }
                    if on_stack.contains(d) {
                        done.insert(d.to_string(), [None, None]);
                        continue;
                    }
                    on_stack.insert(d);
                    stack.push((d, names_not_under_pointer(&named[d])));
                }
                None => {
                    let name = *name;
                    let ty = &named[name];
                    let sizes = Layout::BOTH.map(|l| size_with(ty, l, &done));
                    let entry = done.entry(name.to_string()).or_insert(sizes);
                    // A name found on a cycle keeps its `None`.
                    if entry.iter().all(Option::is_some) {
                        *entry = sizes;
                    }
                    on_stack.remove(name);
                    stack.pop();
                }
            }
        }
    }
    done
}

/// The names occurring in `ty` not under a pointer and not inside a
/// function type (explicit stack): those whose sizes the size of `ty`
/// needs, and those a cycle of names must not run through.
pub(crate) fn names_not_under_pointer(ty: &Ty) -> Vec<&str> {
    let mut out = Vec::new();
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        match t {
            Ty::Named(n) => out.push(n.as_str()),
            Ty::Struct(ts) => stack.extend(ts.iter()),
            Ty::Array(_, t) => stack.push(t),
            _ => {}
        }
    }
    out
}

/// The size of `ty` in `layout`, the sizes of named types taken from
/// `named` (an undefined name has size 0: the checker reports it).
fn size_with(ty: &Ty, layout: Layout, named: &HashMap<String, Sizes>) -> Option<u64> {
    match ty {
        Ty::I1 | Ty::I64 | Ty::Ptr(_) | Ty::OpaquePtr => Some(8),
        Ty::I8 => Some(layout.i8_size()),
        Ty::Struct(ts) => ts
            .iter()
            .try_fold(0u64, |acc, t| acc.checked_add(size_with(t, layout, named)?)),
        Ty::Array(n, t) => n.checked_mul(size_with(t, layout, named)?),
        Ty::Void | Ty::Fun(..) => Some(0),
        Ty::Named(n) => match named.get(n) {
            Some(sizes) => sizes[layout as usize],
            None => Some(0),
        },
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

    #[test]
    fn sizes_follow_both_layouts() {
        let e = TypeEnv::new(&Prog::default());
        for l in Layout::BOTH {
            assert_eq!(e.size_in(&Ty::I1, l), Some(8));
            assert_eq!(e.size_in(&Ty::I64.ptr_to(), l), Some(8));
        }
        let str6 = Ty::Array(6, Box::new(Ty::I8));
        assert_eq!(e.size_in(&str6, Layout::Llvm), Some(6));
        assert_eq!(e.size_in(&str6, Layout::Course), Some(0));
        let s = Ty::Struct(vec![Ty::I64, Ty::Array(3, Box::new(Ty::I8)), Ty::I1]);
        assert_eq!(e.size_of(&s), 8 + 3 + 8);
        // 8, then 0 for the string, then 8.
        assert_eq!(e.size_in(&s, Layout::Course), Some(16));
        assert_eq!(e.size_of(&Ty::Array(4, Box::new(s))), 76);
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
        // The string table: element 1 of [3 x [4 x i8]] is at 4 in
        // LLVM's layout and at 0 in the course's.
        let strs = Ty::Array(3, Box::new(Ty::Array(4, Box::new(Ty::I8))));
        assert_eq!(e.gep_offset_in(&strs, &[0, 1, 0], Layout::Llvm), Some(4));
        assert_eq!(e.gep_offset_in(&strs, &[0, 1, 0], Layout::Course), Some(0));
    }
}

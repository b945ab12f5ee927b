//! Extents: the size and alignment of a type under each measure (the
//! bytes of the course layout, of LLVM's, and of string data alone; see
//! `layout` for the rules), and the sizes of a program's named types,
//! computed once from the named-type table. This is the ground the layout
//! rules (`layout`) and the type environment (`types`) stand on; it reads
//! nothing but the syntax tree.

use crate::ast::Ty;
use std::collections::HashMap;

/// What a size counts: the bytes of a layout, or (for the course layout's
/// string data) the bytes of strings alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// The course layout's bytes.
    Course,
    /// LLVM's layout's bytes.
    Llvm,
    /// Only the bytes of `[N x i8]` data: every other scalar 0, no padding.
    StringBytes,
}

impl Measure {
    pub(crate) const ALL: [Measure; 3] = [Measure::Course, Measure::Llvm, Measure::StringBytes];

    /// The size and alignment of a scalar of type `ty` (`i1`, `i8`,
    /// `i64`, a pointer).
    pub(crate) fn scalar(self, ty: &Ty) -> Extent {
        let (size, align) = match (self, ty) {
            (Measure::Course, Ty::I8) => (0, 1),
            (Measure::Course, _) => (8, 1),
            (Measure::Llvm, Ty::I1 | Ty::I8) => (1, 1),
            (Measure::Llvm, _) => (8, 8),
            (Measure::StringBytes, Ty::I8) => (1, 1),
            (Measure::StringBytes, _) => (0, 1),
        };
        Extent { size, align }
    }
}

/// The size of a type and its alignment, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Extent {
    /// The size in bytes.
    pub(crate) size: u64,
    /// The alignment in bytes (a power of two).
    pub(crate) align: u64,
}

/// A type's extent in each measure (indexed by `Measure as usize`); `None`
/// when it passes the 64-bit range or is unsized (a cycle of names).
pub(crate) type Sizes = [Option<Extent>; 3];

/// `off` rounded up to a multiple of `align` (a power of two); `None` past
/// the 64-bit range.
pub(crate) fn align_to(off: u64, align: u64) -> Option<u64> {
    let mask = align.checked_sub(1)?;
    off.checked_add(mask).map(|x| x & !mask)
}

/// The extent of a struct with fields `fields`, each field's extent given
/// by `extent`; `at` hears each field's offset (`at(k, offset)`), then the
/// end of the fields before tail padding (`at(fields.len(), end)`).
pub(crate) fn struct_extent(
    fields: &[Ty],
    mut extent: impl FnMut(&Ty) -> Option<Extent>,
    mut at: impl FnMut(usize, u64),
) -> Option<Extent> {
    let (mut off, mut align) = (0u64, 1u64);
    for (k, f) in fields.iter().enumerate() {
        let e = extent(f)?;
        off = align_to(off, e.align)?;
        at(k, off);
        off = off.checked_add(e.size)?;
        align = align.max(e.align);
    }
    at(fields.len(), off);
    let size = align_to(off, align)?;
    Some(Extent { size, align })
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
                        done.insert(d.to_string(), [None; 3]);
                        continue;
                    }
                    on_stack.insert(d);
                    stack.push((d, names_not_under_pointer(&named[d])));
                }
                None => {
                    let name = *name;
                    let ty = &named[name];
                    let sizes = Measure::ALL.map(|m| extent_with(ty, m, &done));
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

/// The extent of `ty` in measure `m`, the extents of named types taken
/// from `named` (an undefined name has size 0: the checker reports it).
pub(crate) fn extent_with(ty: &Ty, m: Measure, named: &HashMap<String, Sizes>) -> Option<Extent> {
    const EMPTY: Extent = Extent { size: 0, align: 1 };
    match ty {
        Ty::I1 | Ty::I8 | Ty::I64 | Ty::Ptr(_) | Ty::OpaquePtr => Some(m.scalar(ty)),
        Ty::Struct(ts) => struct_extent(ts, |t| extent_with(t, m, named), |_, _| {}),
        Ty::Array(n, t) => {
            let e = extent_with(t, m, named)?;
            Some(Extent {
                size: n.checked_mul(e.size)?,
                align: e.align,
            })
        }
        Ty::Void | Ty::Fun(..) => Some(EMPTY),
        Ty::Named(n) => match named.get(n) {
            Some(sizes) => sizes[m as usize],
            None => Some(EMPTY),
        },
    }
}

//! `getelementptr` (the spec's "GEP Indexing"), transcribed literally: add
//! the first index to the last index of the pointer's path and append the
//! others. The result is a pointer only when every check of
//! ORACLE-SEMANTICS.md passes; otherwise it is `undef` carrying the failed
//! check (the error comes when the undef is used). One function per check.

use crate::memory::{walk, Memory, NodeKind, Tree};
use crate::tytable::{TyId, TyTable};
use crate::value::{Path, Ptr, Value};

/// The checks of ORACLE-SEMANTICS.md's GEP rule, numbered as there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepCheck {
    /// 1. The base is a pointer to a live or global block.
    Base = 1,
    /// 2. T1 is compatible with the effective tag at the base.
    Compatible = 2,
    /// 3. A non-zero first index only moves among elements of an array.
    Sibling = 3,
    /// 4. The new path targets a subtree.
    Subtree = 4,
    /// 5. The target is compatible with GEPTY's result.
    Target = 5,
    /// 6. The native byte offset equals the offset of the node reached.
    Layout = 6,
}

impl GepCheck {
    /// The check numbered `n` (as stored in an undef's detail).
    pub fn from_code(n: u32) -> Option<GepCheck> {
        [
            GepCheck::Base,
            GepCheck::Compatible,
            GepCheck::Sibling,
            GepCheck::Subtree,
            GepCheck::Target,
            GepCheck::Layout,
        ]
        .into_iter()
        .find(|c| *c as u32 == n)
    }

    /// What the failed check means, in words.
    pub fn describe(self) -> &'static str {
        match self {
            GepCheck::Base => {
                "its base is not a pointer to a live block (undef, null, a function or a freed frame)"
            }
            GepCheck::Compatible => {
                "its annotated type is not compatible with the type the base pointer's target was allocated with"
            }
            GepCheck::Sibling => {
                "its first index is not 0 but the base does not point at an element of an array"
            }
            GepCheck::Subtree => "an index is outside its struct or array (the path targets no subtree)",
            GepCheck::Target => "its target is not compatible with the type GEPTY gives the result",
            GepCheck::Layout => {
                "the annotated type is nested differently from the allocated one, so native code would compute another address"
            }
        }
    }
}

/// `gep_ptr`: the pointer `getelementptr T1, T1* p, i0, ..., in` computes,
/// or the first check it fails. `base` is T1, `result` GEPTY's type.
pub fn gep_ptr(
    mem: &mut Memory,
    tys: &mut TyTable,
    p: &Value,
    base: TyId,
    result: TyId,
    idxs: &[i64],
) -> Result<Ptr, GepCheck> {
    let p = base_check(mem, p)?;
    let actual = compatible_check(mem, tys, p, base)?;
    let (&i0, rest) = idxs.split_first().ok_or(GepCheck::Subtree)?;
    sibling_check(mem, p, i0)?;
    let q = Ptr {
        tag: p.tag,
        block: p.block,
        path: new_path(mem, p, i0, rest)?,
    };
    subtree_check(mem, &q)?;
    target_check(tys, actual, rest, result)?;
    layout_check(tys, base, actual, idxs)?;
    Ok(q)
}

/// Check 1: the base is a `Ptr` into a block that can be accessed.
fn base_check<'v>(mem: &Memory, p: &'v Value) -> Result<&'v Ptr, GepCheck> {
    match p {
        Value::Ptr(p) if mem.forest(p.block).is_ok() => Ok(p),
        _ => Err(GepCheck::Base),
    }
}

/// Check 2: T1 is compatible with the effective tag at the base; that tag.
fn compatible_check(
    mem: &Memory,
    tys: &mut TyTable,
    p: &Ptr,
    base: TyId,
) -> Result<TyId, GepCheck> {
    let actual = tys
        .effective_tag(p.tag, mem.paths.get(&p.path))
        .ok_or(GepCheck::Compatible)?;
    if tys.compatible(base, actual) {
        Ok(actual)
    } else {
        Err(GepCheck::Compatible)
    }
}

/// Check 3: `i0 != 0` only where the base targets an element of an array node.
fn sibling_check(mem: &Memory, p: &Ptr, i0: i64) -> Result<(), GepCheck> {
    if i0 == 0 {
        return Ok(());
    }
    let path = mem.paths.get(&p.path);
    let parent = path.len().checked_sub(1).filter(|&n| n > 0);
    let Some(parent) = parent.and_then(|n| path.get(..n)) else {
        return Err(GepCheck::Sibling);
    };
    let forest = mem.forest(p.block).map_err(|_| GepCheck::Sibling)?;
    match walk(forest, parent) {
        Ok(Tree::Node {
            kind: NodeKind::Array,
            ..
        }) => Ok(()),
        _ => Err(GepCheck::Sibling),
    }
}

/// The spec's path arithmetic: `i0` added to the last index, `rest` appended.
/// An index that cannot be inside any node (negative, too large) fails check 4.
fn new_path(mem: &mut Memory, p: &Ptr, i0: i64, rest: &[i64]) -> Result<Path, GepCheck> {
    let idx = |i: i64| u32::try_from(i).map_err(|_| GepCheck::Subtree);
    // The common case: an inline path that stays inline, built from
    // scalars (one case per shape) so it is assembled in registers.
    if let Some(old) = p.path.inline_indices() {
        let [a0, a1, a2] = p.path.idx;
        let moved = |last: u32| idx((last as i64).checked_add(i0).ok_or(GepCheck::Subtree)?);
        let built = match (old.len(), rest) {
            (1, []) => Some((1, [moved(a0)?, 0, 0])),
            (1, &[r0]) => Some((2, [moved(a0)?, idx(r0)?, 0])),
            (1, &[r0, r1]) => Some((3, [moved(a0)?, idx(r0)?, idx(r1)?])),
            (2, []) => Some((2, [a0, moved(a1)?, 0])),
            (2, &[r0]) => Some((3, [a0, moved(a1)?, idx(r0)?])),
            (3, []) => Some((3, [a0, a1, moved(a2)?])),
            _ => None,
        };
        if let Some((len, idx)) = built {
            return Ok(Path { len, idx });
        }
    }
    let old = mem.paths.get(&p.path);
    let (&last, prefix) = old.split_last().ok_or(GepCheck::Subtree)?;
    let moved = idx((last as i64).checked_add(i0).ok_or(GepCheck::Subtree)?)?;
    let mut v = Vec::with_capacity(prefix.len() + 1 + rest.len());
    v.extend_from_slice(prefix);
    v.push(moved);
    for &i in rest {
        v.push(idx(i)?);
    }
    Ok(mem.paths.make(&v))
}

/// Check 4: the new path targets a subtree (every index inside its node).
fn subtree_check(mem: &Memory, q: &Ptr) -> Result<(), GepCheck> {
    mem.target(q).map(|_| ()).map_err(|_| GepCheck::Subtree)
}

/// Check 5: the target is compatible with GEPTY's result type. The
/// target's effective tag is the base's (`actual`: moving among array
/// elements keeps the type) walked along the indices after the first.
fn target_check(
    tys: &mut TyTable,
    actual: TyId,
    rest: &[i64],
    result: TyId,
) -> Result<(), GepCheck> {
    let mut t = actual;
    for &i in rest {
        let i = u32::try_from(i).map_err(|_| GepCheck::Target)?;
        t = tys.child(t, i).ok_or(GepCheck::Target)?;
    }
    if tys.compatible(result, t) {
        Ok(())
    } else {
        Err(GepCheck::Target)
    }
}

/// Check 6, the layout check: the byte offset native code computes for the
/// result (the base's offset plus `gep_offset(T1, indices)`) must equal the
/// offset of the node the path reached in its block, which is the base's
/// offset plus `gep_offset(A, indices)` for A the effective tag at the base
/// (the new path is the base's path with `i0` added to its last index, a
/// move among array elements of type A by check 3, and the other indices
/// walking down from A). So the check is
/// `gep_offset(T1, idxs) == gep_offset(A, idxs)`, true at once when T1 is A.
pub fn layout_check(
    tys: &mut TyTable,
    t1: TyId,
    actual: TyId,
    idxs: &[i64],
) -> Result<(), GepCheck> {
    if tys.ty_eq(t1, actual) {
        return Ok(());
    }
    let native = tys.env.gep_offset(tys.ty(t1), idxs);
    let reached = tys.env.gep_offset(tys.ty(actual), idxs);
    match (native, reached) {
        (Some(a), Some(b)) if a == b => Ok(()),
        _ => Err(GepCheck::Layout),
    }
}

//! `getelementptr` (the spec's "GEP Indexing"), transcribed literally: add
//! the first index to the last index of the pointer's path and append the
//! others. The result is a pointer only when every check of
//! ORACLE-SEMANTICS.md passes; otherwise it is `undef` carrying the failed
//! check (the error comes when the undef is used). One function per check.

use crate::memory::{Memory, NodeKind, Tree};
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
    mem: &Memory,
    tys: &mut TyTable,
    p: &Value,
    base: TyId,
    result: TyId,
    idxs: &[i64],
) -> Result<Ptr, GepCheck> {
    let p = base_check(mem, p)?;
    compatible_check(tys, p, base)?;
    let (&i0, rest) = idxs.split_first().ok_or(GepCheck::Subtree)?;
    sibling_check(mem, p, i0)?;
    let path = new_path(p, i0, rest)?;
    let mut q = Ptr {
        tag: p.tag,
        block: p.block,
        path,
        off: 0,
    };
    subtree_check(mem, &q)?;
    target_check(tys, &q, result)?;
    q.off = layout_check(tys, p, &q, base, idxs)?;
    Ok(q)
}

/// Check 1: the base is a `Ptr` into a block that can be accessed.
fn base_check<'v>(mem: &Memory, p: &'v Value) -> Result<&'v Ptr, GepCheck> {
    match p {
        Value::Ptr(p) if mem.forest(p.block).is_ok() => Ok(p),
        _ => Err(GepCheck::Base),
    }
}

/// Check 2: T1 is compatible with the effective tag at the base.
fn compatible_check(tys: &mut TyTable, p: &Ptr, base: TyId) -> Result<(), GepCheck> {
    let actual = tys
        .effective_tag(p.tag, p.path.as_slice())
        .ok_or(GepCheck::Compatible)?;
    if tys.compatible(base, actual) {
        Ok(())
    } else {
        Err(GepCheck::Compatible)
    }
}

/// Check 3: `i0 != 0` only where the base targets an element of an array node.
fn sibling_check(mem: &Memory, p: &Ptr, i0: i64) -> Result<(), GepCheck> {
    if i0 == 0 {
        return Ok(());
    }
    let path = p.path.as_slice();
    let parent_len = path.len().checked_sub(1).filter(|&n| n > 0);
    let Some(n) = parent_len else {
        return Err(GepCheck::Sibling);
    };
    let parent = Ptr {
        tag: p.tag,
        block: p.block,
        path: Path::from_slice(&path[..n]),
        off: 0,
    };
    match mem.target(&parent) {
        Ok(Tree::Node {
            kind: NodeKind::Array,
            ..
        }) => Ok(()),
        _ => Err(GepCheck::Sibling),
    }
}

/// The spec's path arithmetic: `i0` added to the last index, `rest` appended.
/// An index that cannot be inside any node (negative, too large) fails check 4.
fn new_path(p: &Ptr, i0: i64, rest: &[i64]) -> Result<Path, GepCheck> {
    let old = p.path.as_slice();
    let (&last, prefix) = old.split_last().ok_or(GepCheck::Subtree)?;
    let idx = |i: i64| u32::try_from(i).map_err(|_| GepCheck::Subtree);
    let moved = idx((last as i64).checked_add(i0).ok_or(GepCheck::Subtree)?)?;
    if prefix.is_empty() && rest.is_empty() {
        return Ok(Path::single(moved));
    }
    let mut v = Vec::with_capacity(old.len() + rest.len());
    v.extend_from_slice(prefix);
    v.push(moved);
    for &i in rest {
        v.push(idx(i)?);
    }
    Ok(Path::from_slice(&v))
}

/// Check 4: the new path targets a subtree (every index inside its node).
fn subtree_check(mem: &Memory, q: &Ptr) -> Result<(), GepCheck> {
    mem.target(q).map(|_| ()).map_err(|_| GepCheck::Subtree)
}

/// Check 5: the target is compatible with GEPTY's result type.
fn target_check(tys: &mut TyTable, q: &Ptr, result: TyId) -> Result<(), GepCheck> {
    let actual = tys
        .effective_tag(q.tag, q.path.as_slice())
        .ok_or(GepCheck::Target)?;
    if tys.compatible(result, actual) {
        Ok(())
    } else {
        Err(GepCheck::Target)
    }
}

/// Check 6, the layout check: the byte offset native code computes (the
/// base's offset plus `gep_offset(T1, indices)`) equals the offset of the
/// node the path reached in its block. Returns that offset.
pub fn layout_check(
    tys: &TyTable,
    p: &Ptr,
    q: &Ptr,
    base: TyId,
    idxs: &[i64],
) -> Result<i64, GepCheck> {
    let native = tys
        .env
        .gep_offset(tys.ty(base), idxs)
        .ok_or(GepCheck::Layout)?;
    let reached = tys
        .path_offset(q.tag, q.path.as_slice())
        .ok_or(GepCheck::Layout)?;
    if p.off.wrapping_add(native) == reached {
        Ok(reached)
    } else {
        Err(GepCheck::Layout)
    }
}

//! `getelementptr` (the spec's "GEP Indexing"), transcribed literally: add
//! the first index to the last index of the pointer's path and append the
//! others. The result is a pointer only when every check of
//! docs/semantics.md passes; otherwise it is `undef` carrying the failed
//! check (the error comes when the undef is used). One function per check.

use crate::memory::Memory;
use crate::place::Shape;
use crate::tytable::{TyId, TyNode, TyTable};
use crate::value::{Ptr, Value};
use spec::layout::Layout;

/// The checks of docs/semantics.md's GEP rule, numbered as there.
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
    /// 6. The native byte offset is the reached node's, in both layouts alike.
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
                "the address native code computes differs from the node reached: the annotated type is nested differently from the allocated one, or the address depends on the size of i8 (0 in the course layout, 1 in LLVM's)"
            }
        }
    }
}

/// What a `getelementptr` whose first index is 0 does to a base pointer:
/// the result's place and how its cell indices follow from the base's.
/// Every check but the first (a live base) depends only on the base's place
/// and the indices, so the same GEP does the same to any live base pointer
/// with that place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GepShift {
    /// The result's place.
    pub place: crate::place::PlaceId,
    /// The result's `off` minus the base's.
    pub delta: i64,
    /// When the last step was into an array: its `lo` minus the base's `off`.
    pub lo: Option<i64>,
}

impl GepShift {
    /// The result for base `p`.
    #[inline(always)]
    pub fn apply(&self, p: &Ptr) -> Ptr {
        let at = |d: i64| (i64::from(p.off) + d) as u32;
        Ptr {
            place: self.place,
            off: at(self.delta),
            lo: self.lo.map_or(p.lo, at),
            ..*p
        }
    }
}

/// `gep_ptr`: the pointer `getelementptr T1, T1* p, i0, ..., in` computes,
/// or the first check it fails. `base` is T1, `result` GEPTY's type. Also
/// the result as a [`GepShift`] of the base (meaningful when `i0` is 0).
///
/// The spec adds `i0` to the last index of p's path and appends the others;
/// here the path is a place and a cell index (see `place`), so adding `i0`
/// moves the index by `i0` elements of the array p's target is in, and each
/// further index steps into a field, an element or a string's character.
#[inline(always)]
pub fn gep_ptr(
    mem: &Memory,
    tys: &mut TyTable,
    p: &Value,
    base: TyId,
    result: TyId,
    idxs: &[i64],
) -> Result<(Ptr, GepShift), GepCheck> {
    let p = base_check(mem, p)?;
    let actual = match compatible_check(tys, p, base) {
        Ok(actual) => actual,
        // `i8` over a whole string (a pointer to a character passes).
        Err(_) if matches!(tys.node(base), TyNode::I8) => return char_gep(tys, p, idxs),
        Err(e) => return Err(e),
    };
    let (&i0, rest) = idxs.split_first().ok_or(GepCheck::Subtree)?;
    sibling_check(tys, p, i0)?;
    let (q, typed, lo_set) = new_path(tys, p, i0, rest)?;
    target_check(tys, &q, typed, result)?;
    layout_check(tys, base, actual, idxs)?;
    let shift = GepShift {
        place: q.place,
        delta: i64::from(q.off) - i64::from(p.off),
        lo: lo_set.then(|| i64::from(q.lo) - i64::from(p.off)),
    };
    Ok((q, shift))
}

/// `getelementptr i8, i8* p, i0` (the course form that names the pointee
/// of an `i8*`, the accepted course forms in docs/semantics.md): for `p` a
/// pointer to a string or its first character, `i0 = 0` gives `p`, the same
/// address in every layout. Any other `i0` would address another character
/// (check 3: only a string's first character is addressable); any other
/// target is not a string (check 2).
#[cold]
#[inline(never)]
fn char_gep(tys: &TyTable, p: &Ptr, idxs: &[i64]) -> Result<(Ptr, GepShift), GepCheck> {
    let place = tys.place(p.place).ok_or(GepCheck::Compatible)?;
    if !matches!(place.shape, Shape::Str | Shape::Char) {
        return Err(GepCheck::Compatible);
    }
    match idxs {
        [0] => Ok((
            *p,
            GepShift {
                place: p.place,
                delta: 0,
                lo: None,
            },
        )),
        [_] => Err(GepCheck::Sibling),
        _ => Err(GepCheck::Subtree),
    }
}

/// Check 1: the base is a `Ptr` into a block that can be accessed.
#[inline(always)]
fn base_check<'v>(mem: &Memory, p: &'v Value) -> Result<&'v Ptr, GepCheck> {
    match p {
        Value::Ptr(p) if mem.is_live(p) => Ok(p),
        _ => Err(GepCheck::Base),
    }
}

/// Check 2: T1 is compatible with the effective tag at the base; that tag.
#[inline(always)]
fn compatible_check(tys: &mut TyTable, p: &Ptr, base: TyId) -> Result<TyId, GepCheck> {
    let actual = tys.place(p.place).ok_or(GepCheck::Compatible)?.ty;
    if tys.compatible(base, actual) {
        Ok(actual)
    } else {
        Err(GepCheck::Compatible)
    }
}

/// Check 3: `i0 != 0` only where the base targets an element of an array node.
#[inline(always)]
fn sibling_check(tys: &TyTable, p: &Ptr, i0: i64) -> Result<(), GepCheck> {
    match tys.place(p.place) {
        _ if i0 == 0 => Ok(()),
        Some(place) if place.sib_len > 0 => Ok(()),
        _ => Err(GepCheck::Sibling),
    }
}

/// The spec's path arithmetic with check 4 (the new path targets a
/// subtree): `i0` added to the last index (a move among the elements of
/// the array the target is in), then each index of `rest` one step down.
/// Also whether the target has a type (index 0 into a string's character
/// stays on the string leaf, a subtree, but types nothing: check 5 fails),
/// and whether a step went into an array (setting `lo`).
#[inline(always)]
fn new_path(
    tys: &mut TyTable,
    p: &Ptr,
    i0: i64,
    rest: &[i64],
) -> Result<(Ptr, bool, bool), GepCheck> {
    let mut q = *p;
    if i0 != 0 {
        let place = tys.place(p.place).ok_or(GepCheck::Subtree)?;
        let moved = i64::from(p.off)
            .checked_add(
                i0.checked_mul(place.sib_cells as i64)
                    .ok_or(GepCheck::Subtree)?,
            )
            .ok_or(GepCheck::Subtree)?;
        let end = u64::from(p.lo).saturating_add(place.sib_len.saturating_mul(place.sib_cells));
        if moved < i64::from(p.lo) || moved as u64 >= end {
            return Err(GepCheck::Subtree);
        }
        q.off = moved as u32;
    }
    let mut typed = true;
    let mut lo_set = false;
    for &i in rest {
        let i = u32::try_from(i).map_err(|_| GepCheck::Subtree)?;
        let place = tys.place(q.place).ok_or(GepCheck::Subtree)?;
        match place.shape {
            Shape::Array { len, elem_cells } => {
                if u64::from(i) >= len {
                    return Err(GepCheck::Subtree);
                }
                q.lo = q.off;
                lo_set = true;
                q.off = q.off.wrapping_add((u64::from(i) * elem_cells) as u32);
            }
            Shape::Struct => {
                let off = *place.field_off.get(i as usize).ok_or(GepCheck::Subtree)?;
                q.off = q.off.wrapping_add(off as u32);
            }
            Shape::Str if i == 0 => {}
            Shape::Char if i == 0 => {
                typed = false;
                continue;
            }
            _ => return Err(GepCheck::Subtree),
        }
        q.place = tys.child_place(q.place, i).ok_or(GepCheck::Subtree)?;
    }
    Ok((q, typed, lo_set))
}

/// Check 5: the target is compatible with GEPTY's result type. The
/// target's effective tag is its place's type.
#[inline(always)]
fn target_check(tys: &mut TyTable, q: &Ptr, typed: bool, result: TyId) -> Result<(), GepCheck> {
    let t = tys.place(q.place).ok_or(GepCheck::Target)?.ty;
    if typed && tys.compatible(result, t) {
        Ok(())
    } else {
        Err(GepCheck::Target)
    }
}

/// Check 6, the layout check, in both layouts (`i8` of size 0, the
/// course's, and 1, LLVM's): the byte offset native code computes for the
/// result (the base's offset plus `gep_offset(T1, indices)`) must equal the
/// offset of the node the path reached in its block, which is the base's
/// offset plus `gep_offset(A, indices)` for A the effective tag at the base
/// (the new path is the base's path with `i0` added to its last index, a
/// move among array elements of type A by check 3, and the other indices
/// walking down from A). So the check is
/// `gep_offset(T1, idxs) == gep_offset(A, idxs)`, true at once when T1 is A.
/// And the offset must not depend on the layout: every pointer the oracle
/// makes has the same offset in its block in both layouts (a block's root
/// is at 0, and each GEP keeps it so), which holds for the result when
/// `gep_offset(T1, idxs)` is the same in both. Types without an `i8`
/// have the same offsets in both layouts, so only LLVM's is computed.
#[inline(always)]
pub fn layout_check(
    tys: &mut TyTable,
    t1: TyId,
    actual: TyId,
    idxs: &[i64],
) -> Result<(), GepCheck> {
    let same = tys.ty_eq(t1, actual);
    let bytes = tys.has_bytes(t1) || (!same && tys.has_bytes(actual));
    if same && !bytes {
        return Ok(());
    }
    let layouts: &[Layout] = if bytes {
        &Layout::BOTH
    } else {
        &[Layout::Llvm]
    };
    let mut first = None;
    for &l in layouts {
        let native = tys.env.gep_offset_in(tys.ty(t1), idxs, l);
        let reached = if same {
            native
        } else {
            tys.env.gep_offset_in(tys.ty(actual), idxs, l)
        };
        match (native, reached) {
            (Some(a), Some(b)) if a == b && first.is_none_or(|f| f == a) => first = Some(a),
            _ => return Err(GepCheck::Layout),
        }
    }
    Ok(())
}

//! `getelementptr` (the spec's "GEP Indexing"), transcribed literally: add
//! the first index to the last index of the pointer's path and append the
//! others. The result is a pointer only when every check of
//! docs/semantics.md passes; otherwise it is `undef` carrying the failed
//! check (the error comes when the undef is used). One function per check.
//!
//! Beside the rule, what the fast path (`fast`) remembers of it: the plan
//! of a GEP whose first index is 0 ([`GepPlan`], made by [`gep_plan`] once
//! `gep_ptr` gave a pointer) and each GEP's memo of its last plan.

use crate::memory::Memory;
use crate::place::{Place, PlaceId, Shape, NO_PLACE};
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
    /// 6. The native byte offset is the reached node's, in each layout.
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
                "the address native code computes differs from the node reached in the course layout or in LLVM's: the annotated type is nested differently from the allocated one, its fields lie at other offsets (i1 of 8 bytes or 1, padding before an aligned field), or string bytes lie before the target (i8 of size 0 in the course layout)"
            }
        }
    }
}

/// One index after the first of a `getelementptr`, as the spec's path
/// arithmetic does it to the cell index (see [`GepPlan`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepStep {
    /// Into an array of `len` elements of `cells` cells each: any index
    /// below `len` (check 4), the array's start becoming `lo`.
    Array {
        /// Its number of elements.
        len: u64,
        /// Cells of one element.
        cells: u64,
    },
    /// Into field number `index` of a struct, `off` cells from its start
    /// (also index 0 into a string leaf, to its first character: field 0
    /// at offset 0).
    Field {
        /// The field's number (the index written).
        index: i64,
        /// Its cell offset.
        off: u64,
    },
}

impl GepStep {
    /// The step that index `i` takes from the node at `place`: into an
    /// element of an array, a field of a struct, or (index 0) a string's
    /// first character. `Ok(None)` for index 0 at a string's character,
    /// which stays on the string leaf; check 4 fails for an index into a
    /// word or past a struct's fields.
    #[inline(always)]
    fn down(place: &Place, i: u32) -> Result<Option<GepStep>, GepCheck> {
        match place.shape {
            Shape::Array { len, elem_cells } => Ok(Some(GepStep::Array {
                len,
                cells: elem_cells,
            })),
            Shape::Struct => {
                let off = *place.field_off.get(i as usize).ok_or(GepCheck::Subtree)?;
                Ok(Some(GepStep::Field {
                    index: i64::from(i),
                    off,
                }))
            }
            Shape::Str if i == 0 => Ok(Some(GepStep::Field { index: 0, off: 0 })),
            Shape::Char if i == 0 => Ok(None),
            _ => Err(GepCheck::Subtree),
        }
    }

    /// Index `i` taken by this step from a target at cell `off` of an
    /// array starting at cell `lo`: the new `(off, lo)`. `None` when `i`
    /// is outside the array (check 4) or is not the step's field.
    #[inline(always)]
    fn apply(self, off: u32, lo: u32, i: i64) -> Option<(u32, u32)> {
        match self {
            GepStep::Array { len, cells } => {
                let i = u32::try_from(i).ok().filter(|&i| u64::from(i) < len)?;
                Some((off.wrapping_add((u64::from(i) * cells) as u32), off))
            }
            GepStep::Field { index, off: o } => {
                (i == index).then_some((off.wrapping_add(o as u32), lo))
            }
        }
    }
}

/// The most indices after the first that a [`GepPlan`] holds.
pub const PLAN_STEPS: usize = 3;

/// What a `getelementptr` whose first index is 0 does to any live base
/// pointer with a given place: each further index as a [`GepStep`], and
/// the result's place. Checks 2 and 5 depend only on the base's place and
/// the types, check 3 passes for a first index 0, and check 4 is each
/// step's bound; check 6 depends on the index values unless the annotated
/// type is the effective tag and has no `i8` ([`GepPlan::any_index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GepPlan {
    /// The result's place.
    pub place: PlaceId,
    /// The steps, `len` of them.
    pub steps: [GepStep; PLAN_STEPS],
    /// How many steps.
    pub len: u8,
    /// True when check 6 holds for every index value (the annotated type
    /// is the base's effective tag and has no `i8`); otherwise the plan
    /// holds only for the index values it was made with.
    pub any_index: bool,
}

impl GepPlan {
    /// The result for live base `p` and indices `idxs` (the first 0),
    /// as `gep_ptr` computes it, when each array index is in bounds and
    /// each struct index is the planned one; `None` otherwise (the general
    /// rule decides).
    #[inline(always)]
    pub fn apply(&self, p: &Ptr, idxs: &[i64]) -> Option<Ptr> {
        let (&i0, rest) = idxs.split_first()?;
        let steps = self.steps.get(..self.len as usize)?;
        if i0 != 0 || rest.len() != steps.len() {
            return None;
        }
        let (mut off, mut lo) = (p.off, p.lo);
        for (step, &i) in steps.iter().zip(rest) {
            (off, lo) = step.apply(off, lo, i)?;
        }
        Some(Ptr {
            place: self.place,
            off,
            lo,
            ..*p
        })
    }
}

/// `gep_ptr`: the pointer `getelementptr T1, T1* p, i0, ..., in` computes,
/// or the first check it fails. `base` is T1, `result` GEPTY's type.
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
) -> Result<Ptr, GepCheck> {
    let p = base_check(mem, p)?;
    let actual = match compatible_check(tys, p, base) {
        Ok(actual) => actual,
        // `i8` over a whole string (a pointer to a character passes).
        Err(_) if matches!(tys.node(base), TyNode::I8) => return char_gep(tys, p, idxs),
        Err(e) => return Err(e),
    };
    let (&i0, rest) = idxs.split_first().ok_or(GepCheck::Subtree)?;
    sibling_check(tys, p, i0)?;
    let (q, typed) = new_path(tys, p, i0, rest)?;
    target_check(tys, &q, typed, result)?;
    layout_check(tys, base, actual, idxs)?;
    Ok(q)
}

/// The [`GepPlan`] of a `getelementptr T1, T1* p, 0, i1, ..., in` that
/// [`gep_ptr`] found valid, for T1 `base`: the steps its path took from
/// `p`'s place. `None` when the first index is not 0, when there are more
/// than [`PLAN_STEPS`] further indices, when an index stays on a string's
/// character, or when T1 is `i8` over a whole string.
pub fn gep_plan(tys: &mut TyTable, p: &Ptr, base: TyId, idxs: &[i64]) -> Option<GepPlan> {
    let (&i0, rest) = idxs.split_first()?;
    if i0 != 0 || rest.len() > PLAN_STEPS {
        return None;
    }
    let actual = tys.place(p.place)?.ty;
    if !tys.compatible(base, actual) {
        return None;
    }
    let mut steps = [GepStep::Field { index: 0, off: 0 }; PLAN_STEPS];
    let mut place = p.place;
    for (slot, &i) in steps.iter_mut().zip(rest) {
        let i = u32::try_from(i).ok()?;
        *slot = GepStep::down(tys.place(place)?, i).ok()??;
        place = tys.child_place(place, i)?;
    }
    Some(GepPlan {
        place,
        steps,
        len: rest.len() as u8,
        any_index: tys.ty_eq(base, actual) && !tys.has_bytes(base),
    })
}

/// What one `getelementptr` whose first index is 0 did last (the fast
/// path's memo, one per GEP of the program): for a live base pointer with
/// place `base`, the result is `plan` applied to the base and the indices.
/// A plan that holds only for the index values it was made with is kept
/// only for a GEP whose indices are all literals.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GepMemo {
    base: PlaceId,
    plan: GepPlan,
    /// For a GEP whose indices are all literals: the result's `off` minus
    /// the base's, and its `lo` minus the base's `off` when a step went
    /// into an array (the plan applied to those indices, done once).
    delta: i64,
    lo: Option<i64>,
}

impl Default for GepMemo {
    fn default() -> GepMemo {
        GepMemo {
            base: NO_PLACE,
            plan: GepPlan {
                place: NO_PLACE,
                steps: [GepStep::Field { index: 0, off: 0 }; PLAN_STEPS],
                len: 0,
                any_index: false,
            },
            delta: 0,
            lo: None,
        }
    }
}

impl GepMemo {
    /// The memo of a GEP that gave `q` for base `p` by `plan` (`literal`
    /// when its indices are all literals); `None` when it may not be kept.
    pub(crate) fn new(p: &Ptr, q: &Ptr, plan: GepPlan, literal: bool) -> Option<GepMemo> {
        if !plan.any_index && !literal {
            return None;
        }
        let mut steps = plan.steps.iter().take(plan.len as usize);
        let into_array = steps.any(|s| matches!(s, GepStep::Array { .. }));
        Some(GepMemo {
            base: p.place,
            plan,
            delta: i64::from(q.off) - i64::from(p.off),
            lo: into_array.then(|| i64::from(q.lo) - i64::from(p.off)),
        })
    }

    /// Whether the memo is about base pointers with `p`'s place.
    #[inline(always)]
    pub(crate) fn fits(&self, p: &Ptr) -> bool {
        self.base == p.place
    }

    /// For a GEP whose indices are all literals, the result for live base
    /// `p`, which the memo [fits](GepMemo::fits).
    #[inline(always)]
    pub(crate) fn literal_result(&self, p: &Ptr) -> Ptr {
        let at = |d: i64| (i64::from(p.off) + d) as u32;
        Ptr {
            place: self.plan.place,
            off: at(self.delta),
            lo: self.lo.map_or(p.lo, at),
            ..*p
        }
    }

    /// The result for live base `p`, which the memo fits, and indices
    /// `idxs` (see [`GepPlan::apply`]).
    #[inline(always)]
    pub(crate) fn apply(&self, p: &Ptr, idxs: &[i64]) -> Option<Ptr> {
        self.plan.apply(p, idxs)
    }
}

/// `getelementptr i8, i8* p, i0` (the course form that names the pointee
/// of an `i8*`, the accepted course forms in docs/semantics.md): for `p` a
/// pointer to a string or its first character, `i0 = 0` gives `p`, the same
/// address in every layout. Any other `i0` would address another character
/// (check 3: only a string's first character is addressable); any other
/// target is not a string (check 2).
#[cold]
#[inline(never)]
fn char_gep(tys: &TyTable, p: &Ptr, idxs: &[i64]) -> Result<Ptr, GepCheck> {
    let place = tys.place(p.place).ok_or(GepCheck::Compatible)?;
    if !matches!(place.shape, Shape::Str | Shape::Char) {
        return Err(GepCheck::Compatible);
    }
    match idxs {
        [0] => Ok(*p),
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
/// stays on the string leaf, a subtree, but types nothing: check 5 fails).
#[inline(always)]
fn new_path(tys: &mut TyTable, p: &Ptr, i0: i64, rest: &[i64]) -> Result<(Ptr, bool), GepCheck> {
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
    for &i in rest {
        let i = u32::try_from(i).map_err(|_| GepCheck::Subtree)?;
        let place = tys.place(q.place).ok_or(GepCheck::Subtree)?;
        let Some(step) = GepStep::down(place, i)? else {
            typed = false;
            continue;
        };
        (q.off, q.lo) = step
            .apply(q.off, q.lo, i64::from(i))
            .ok_or(GepCheck::Subtree)?;
        q.place = tys.child_place(q.place, i).ok_or(GepCheck::Subtree)?;
    }
    Ok((q, typed))
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

/// Check 6, the layout check, in both layouts (docs/semantics.md, "The two
/// layouts"): in each, the byte offset native code computes for the result
/// (the base's offset plus `gep_offset(T1, indices)`) must equal the
/// offset of the node the path reached in its block, which is the base's
/// offset plus `gep_offset(A, indices)` for A the effective tag at the base
/// (the new path is the base's path with `i0` added to its last index, a
/// move among array elements of type A by check 3, and the other indices
/// walking down from A). So the check is
/// `gep_offset(T1, idxs) == gep_offset(A, idxs)` in each layout, true at
/// once when T1 is A. And no string bytes may lie on the way (in T1's walk
/// or A's): course back ends lay strings out with their bytes but count
/// `i8` as 0 bytes in addresses, so they address such a node wrongly.
/// Every pointer the oracle makes is so reached, so none has string bytes
/// before it in its block.
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
    let walks: &[TyId] = if same { &[t1] } else { &[t1, actual] };
    for &t in walks {
        if bytes && tys.env.string_bytes_before(tys.ty(t), idxs) != Some(0) {
            return Err(GepCheck::Layout);
        }
    }
    if same {
        return Ok(());
    }
    for l in Layout::BOTH {
        let native = tys.env.gep_offset_in(tys.ty(t1), idxs, l);
        let reached = tys.env.gep_offset_in(tys.ty(actual), idxs, l);
        match (native, reached) {
            (Some(a), Some(b)) if a == b => {}
            _ => return Err(GepCheck::Layout),
        }
    }
    Ok(())
}

//! Recording the effective type of every pointer a local receives (the
//! soundness check of type recovery, issue 9): when a local, parameter or
//! call result is set to a pointer, the type at the pointer's target (the
//! tag walked along the path, `effective_tag`) is remembered per function
//! and local. Off unless asked for: one `Option` test per assignment.

use crate::interp::Machine;
use crate::tytable::TyId;
use crate::value::{Value, NULL_BLOCK};
use spec::Ty;
use std::collections::HashSet;

/// One observation: the local `%local` of `@function` held a pointer whose
/// target had effective type `ty` (for a function pointer, the function's
/// declared type). `null` pointers target nothing and are not recorded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointerTypeRecord {
    /// The function the local belongs to.
    pub function: String,
    /// The local's name (without `%`).
    pub local: String,
    /// The effective type at the pointer's target.
    pub ty: Ty,
}

/// The recorder: distinct (function, slot, effective type) triples seen.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    seen: HashSet<(u32, u32, TyId)>,
}

impl Machine<'_> {
    /// Records `v` as assigned to slot `slot` of function `func`, when
    /// recording and `v` is a non-null pointer with an effective type.
    #[inline]
    pub(crate) fn record_ptr(&mut self, func: u32, slot: u32, v: &Value) {
        let Some(rec) = self.recorder.as_mut() else {
            return;
        };
        let Value::Ptr(p) = v else { return };
        if p.block == NULL_BLOCK {
            return;
        }
        if let Some(place) = self.tys.place(p.place) {
            rec.seen.insert((func, slot, place.ty));
        }
    }

    /// The records gathered, with names and types spelled out.
    pub(crate) fn take_records(&mut self) -> Vec<PointerTypeRecord> {
        let Some(rec) = self.recorder.take() else {
            return Vec::new();
        };
        let mut out: Vec<PointerTypeRecord> = rec
            .seen
            .into_iter()
            .filter_map(|(f, s, t)| {
                let func = self.prog.funcs.get(f as usize)?;
                Some(PointerTypeRecord {
                    function: func.name.clone(),
                    local: func.slot_names.get(s as usize)?.clone(),
                    ty: self.tys.ty(t).clone(),
                })
            })
            .collect();
        out.sort_by(|a, b| (&a.function, &a.local).cmp(&(&b.function, &b.local)));
        out
    }
}

//! Recording the effective type of every pointer a local receives (the
//! dynamic side of type recovery's soundness check, see
//! tests/testsuite/recover_corpus.rs): when a local, parameter or call result is set
//! to a pointer, the type at the pointer's target (the tag walked along the
//! path, `effective_tag`) is remembered per function and local. Off unless
//! asked for: one `Option` test per assignment.

use crate::ir::Program;
use crate::tytable::{TyId, TyTable};
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

impl Recorder {
    /// Records `v` as assigned to slot `slot` of function `func`, when `v`
    /// is a non-null pointer with an effective type.
    #[inline]
    pub(crate) fn record(&mut self, tys: &TyTable, func: u32, slot: u32, v: &Value) {
        let Value::Ptr(p) = v else { return };
        if p.block == NULL_BLOCK {
            return;
        }
        if let Some(place) = tys.place(p.place) {
            self.seen.insert((func, slot, place.ty));
        }
    }

    /// The records gathered, with names and types spelled out, sorted by
    /// function and local.
    pub(crate) fn into_records(self, prog: &Program, tys: &TyTable) -> Vec<PointerTypeRecord> {
        let mut out: Vec<PointerTypeRecord> = self
            .seen
            .into_iter()
            .filter_map(|(f, s, t)| {
                let func = prog.funcs.get(f as usize)?;
                Some(PointerTypeRecord {
                    function: func.name.clone(),
                    local: func.slot_names.get(s as usize)?.clone(),
                    ty: tys.ty(t).clone(),
                })
            })
            .collect();
        out.sort_by(|a, b| (&a.function, &a.local).cmp(&(&b.function, &b.local)));
        out
    }
}

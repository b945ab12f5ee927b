//! The stack frame of one function: a slot per local, frame space for the
//! entry block's `alloca`s.
//!
//! ```text
//!   [rbp + 16 + 8k]  stack parameter k + 6 (pushed by the caller)
//!   [rbp + 8]        return address
//!   [rbp]            caller's rbp
//!   [rbp - ...]      register parameters, results, entry allocas
//!   [rsp]            16-byte aligned
//! ```

use crate::error::CodegenError;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use spec::{Fdecl, InsnKind, TypeEnv};

/// Where each local and each entry-block `alloca` lives.
pub(crate) struct Frame {
    slot_disps: HashSet<i32>,
    /// `rbp` displacement of each local's 8-byte slot.
    pub slots: HashMap<String, i32>,
    /// `rbp` displacement of the space of the entry block's `alloca` number
    /// `i` (by instruction index).
    pub allocas: HashMap<usize, i32>,
    /// The frame space of each entry-block `alloca`, by its result's name:
    /// its address is `rbp + disp` for the whole activation.
    pub alloca_areas: HashMap<String, i32>,
    /// The entry-block `alloca` areas in layout order: (`rbp`
    /// displacement, bytes).
    pub areas: Vec<(i32, i32)>,
    /// Bytes below `rbp` (a multiple of 16).
    pub size: i32,
}

impl Frame {
    /// True when `disp` is the slot of a local (never visible to the
    /// program, so only the function's own code writes it).
    pub fn is_slot(&self, disp: i32) -> bool {
        self.slot_disps.contains(&disp)
    }
}

/// The bytes an `alloca` of `size` takes: a multiple of 8, at least 8 so that
/// two allocas never share an address (the oracle's stack count uses the same).
pub(crate) use spec::limits::alloca_bytes;

impl Frame {
    /// Lays out the frame of `f`.
    pub fn layout(env: &TypeEnv, f: &Fdecl) -> Result<Frame, CodegenError> {
        let mut below: u64 = 0;
        let mut slots = HashMap::default();
        let mut allocas = HashMap::default();
        let mut alloca_areas = HashMap::default();
        let mut areas = Vec::new();
        let too_big = || {
            CodegenError::new(
                &f.name,
                f.span,
                "the stack frame is larger than 2 GiB (an alloca of a huge type)",
            )
        };
        let mut take = |bytes: u64| -> Result<i32, CodegenError> {
            below = below.checked_add(bytes).ok_or_else(too_big)?;
            if below > (i32::MAX as u64) - 16 {
                return Err(too_big());
            }
            Ok(-(below as i32))
        };
        for (i, (name, _)) in f.params.iter().enumerate() {
            let disp = match i.checked_sub(6) {
                None => take(8)?,
                Some(k) => i32::try_from(16 + 8 * k).map_err(|_| too_big())?,
            };
            slots.entry(name.clone()).or_insert(disp);
        }
        let blocks = f.cfg.blocks();
        for b in blocks {
            for insn in &b.insns {
                if let Some(name) = &insn.result {
                    if !slots.contains_key(name) {
                        let d = take(8)?;
                        slots.insert(name.clone(), d);
                    }
                }
            }
        }
        for (i, insn) in f.cfg.entry.insns.iter().enumerate() {
            if let InsnKind::Alloca { ty } = &insn.kind {
                let bytes = alloca_bytes(env.size_of(ty));
                let d = take(bytes)?;
                areas.push((d, i32::try_from(bytes).map_err(|_| too_big())?));
                allocas.insert(i, d);
                if let Some(name) = &insn.result {
                    alloca_areas.insert(name.clone(), d);
                }
            }
        }
        let size = below.div_ceil(16) * 16;
        let size = i32::try_from(size).map_err(|_| too_big())?;
        Ok(Frame {
            slot_disps: slots.values().copied().collect(),
            slots,
            allocas,
            alloca_areas,
            areas,
            size,
        })
    }
}

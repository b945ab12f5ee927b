//! The stack budget (docs/semantics.md, "Stack bytes"): how many bytes of
//! stack the oracle lets a program's active calls need, and how big a
//! stack native runs get, in one place.
//!
//! The invariant needs every program the oracle judges to run natively
//! without overflowing a correct compiler's stack. The oracle counts, per
//! active call, the bytes a course-layout compilation needs at most
//! ([`frame_bytes`]: a slot per local and parameter, each `alloca`'s area,
//! a fixed overhead), and ends a run past [`STACK_BUDGET_BYTES`] with the
//! `stack-exhausted` limit. Native runs (the built-in back end's runner,
//! and a student's binary under `test-compiler`) get a stack of
//! [`NATIVE_STACK_BYTES`], eight times the budget, so a compiler whose
//! frames are up to eight times more wasteful than the count still fits.

/// The most stack bytes the active calls of a judged program may need (as
/// counted by [`frame_bytes`]); past it the oracle's run ends in the
/// `stack-exhausted` limit. 32 MiB: four times a default 8 MiB thread
/// stack, so ordinary deep recursion (100,000 calls of a small function,
/// about 10 MiB) stays well inside.
pub const STACK_BUDGET_BYTES: u64 = 32 << 20;

/// The stack native runs of compiled programs get: 256 MiB, eight times
/// [`STACK_BUDGET_BYTES`]. The back end's runner maps a stack this big for
/// the code it runs; `test-compiler` raises `RLIMIT_STACK` to it before
/// running a student's binary.
pub const NATIVE_STACK_BYTES: u64 = 256 << 20;

// The native stack is comfortably larger than the budget.
const _: () = assert!(NATIVE_STACK_BYTES >= 8 * STACK_BUDGET_BYTES);

/// Bytes of stack counted per local and parameter: course back ends give
/// every local (`%uid`) and parameter its own 8-byte slot.
pub const SLOT_BYTES: u64 = 8;

/// Bytes counted per call besides its slots and allocas: the return
/// address and saved frame pointer (16), up to five saved callee-saved
/// registers (40) and alignment to 16 bytes (8). Arguments past the sixth
/// are in the callee's parameter slots.
pub const FRAME_OVERHEAD_BYTES: u64 = 64;

/// The stack area of one `alloca` of a type of `size` bytes (the larger,
/// LLVM layout's): at least one slot, rounded up to whole slots.
pub fn alloca_bytes(size: u64) -> u64 {
    size.max(SLOT_BYTES)
        .div_ceil(SLOT_BYTES)
        .saturating_mul(SLOT_BYTES)
}

/// The stack LLVM's code takes each time an `alloca` outside the entry
/// block runs (a dynamic alloca: `rsp` moves down by the area, kept a
/// multiple of 16), as the built-in back end also does: [`alloca_bytes`]
/// rounded up to 16.
pub fn dynamic_alloca_bytes(size: u64) -> u64 {
    alloca_bytes(size).div_ceil(16).saturating_mul(16)
}

/// The stack bytes one call of a function needs at most in a course-layout
/// compilation: a slot for each of its `slots` locals and parameters, the
/// areas of its `alloca`s (`alloca_sizes`, each type's size in bytes,
/// counted once per instruction as course back ends lay them out in the
/// frame) and [`FRAME_OVERHEAD_BYTES`]. Saturates, never wraps.
pub fn frame_bytes(slots: u64, alloca_sizes: impl IntoIterator<Item = u64>) -> u64 {
    alloca_sizes.into_iter().fold(
        FRAME_OVERHEAD_BYTES.saturating_add(slots.saturating_mul(SLOT_BYTES)),
        |acc, s| acc.saturating_add(alloca_bytes(s)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_count_slots_allocas_and_overhead() {
        assert_eq!(frame_bytes(0, []), 64);
        assert_eq!(frame_bytes(3, []), 64 + 24);
        // An i1 alloca takes a slot, a [3 x i8] one slot, a 20-byte struct three.
        assert_eq!(frame_bytes(1, [8, 3, 20]), 64 + 8 + 8 + 8 + 24);
        assert_eq!(frame_bytes(u64::MAX, [u64::MAX]), u64::MAX);
    }

    #[test]
    fn dynamic_allocas_keep_the_stack_aligned_to_16() {
        // An i64 takes a slot of 8, rounded to 16; 24 bytes to 32.
        assert_eq!(dynamic_alloca_bytes(8), 16);
        assert_eq!(dynamic_alloca_bytes(1), 16);
        assert_eq!(dynamic_alloca_bytes(24), 32);
        assert_eq!(dynamic_alloca_bytes(32), 32);
        assert_eq!(dynamic_alloca_bytes(u64::MAX), u64::MAX);
    }

    #[test]
    fn the_budget_separates_the_issues_program_from_ordinary_recursion() {
        // The issue's program: 90,000 nested calls, 40 i64 allocas each
        // (and 42 locals), needs more than the budget, so it is a limit.
        assert!(90_000 * frame_bytes(42, [8; 40]) > STACK_BUDGET_BYTES);
        // 100,000 calls of a function with four locals fit.
        assert!(100_000 * frame_bytes(4, []) < STACK_BUDGET_BYTES);
    }
}

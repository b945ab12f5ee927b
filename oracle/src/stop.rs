//! Why the machine stops before the entry function returns ([`Stop`]), and
//! the builder of every undefined-behaviour stop: each function below makes
//! the `Stop::Undefined` of one kind (`spec::UndefinedKind`, the rows of
//! docs/semantics.md) with its message, and no other module writes one. A
//! rule that detects undefined behaviour returns the builder's stop; the
//! run's end (`lib::finish`) turns it into `Outcome::Undefined` with the
//! location of the instruction the innermost call is at and the call sites
//! below it. Builders are cold and never inlined, so that the rules' hot
//! paths carry no message formatting.

use crate::ir::Program;
use crate::memory::Access;
use crate::report;
use crate::tytable::{TyId, TyTable};
use crate::value::{Undef, UndefWhy};
use spec::{Bop, Cnd, LimitKind, Source, UndefinedKind};

/// Why the machine stopped before `main` returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The machine crashed (an undefined outcome), with the message; made
    /// only by the builders of this module.
    Undefined(UndefinedKind, String),
    /// A resource limit.
    Limit(LimitKind),
    /// Something the checker should have rejected.
    Internal(String),
    /// A course runtime function ended the process: C's `exit(status)`
    /// after writing `stderr`, or (`aborted`) a failed C `assert`.
    Halt {
        /// The exit status (1, or 134 for `abort`).
        status: u8,
        /// True for `abort`.
        aborted: bool,
        /// What was written on stderr.
        stderr: Vec<u8>,
    },
}

/// `undef-operand` (or the `kind` given, e.g. `undef-ptr-deref`): `undef`
/// `u` used as `what`, saying where it came from. A local read before its
/// definition ran is an internal error instead (the checker's dominance
/// rule excludes it).
#[cold]
#[inline(never)]
pub(crate) fn undef_used(
    prog: &Program,
    src: Option<&Source>,
    kind: UndefinedKind,
    u: &Undef,
    what: &str,
) -> Stop {
    if u.why == UndefWhy::Unset {
        return Stop::Internal(format!("{what} is a local read before its definition ran"));
    }
    Stop::Undefined(
        kind,
        format!("{what} is undef: {}", report::undef_origin(prog, src, u)),
    )
}

/// `undef-result`: the entry function returned `undef` `u`.
#[cold]
#[inline(never)]
pub(crate) fn undef_result(prog: &Program, src: Option<&Source>, u: &Undef) -> Stop {
    Stop::Undefined(
        UndefinedKind::UndefResult,
        format!(
            "main returned undef: {}",
            report::undef_origin(prog, src, u)
        ),
    )
}

/// `undef-operand`: an `icmp` of an integer with a pointer.
#[cold]
#[inline(never)]
pub(crate) fn int_compared_with_pointer() -> Stop {
    Stop::Undefined(
        UndefinedKind::UndefOperand,
        "icmp compares an integer with a pointer".into(),
    )
}

/// `undef-operand`: a branch condition `n` that is neither 0 nor 1.
#[cold]
#[inline(never)]
pub(crate) fn condition_not_0_or_1(n: i64) -> Stop {
    Stop::Undefined(
        UndefinedKind::UndefOperand,
        format!("the branch condition is {n}, not 0 or 1"),
    )
}

/// `ambiguous-i1-order`: an order comparison (`cnd`) at type i1.
#[cold]
#[inline(never)]
pub(crate) fn ambiguous_i1_order(cnd: Cnd) -> Stop {
    Stop::Undefined(
        UndefinedKind::AmbiguousI1Order,
        format!(
            "icmp {} at type i1: the spec's 1-bit two's complement order and the course back ends' 0/1 order disagree",
            cnd.keyword()
        ),
    )
}

/// `pointer-order-compare`: an order comparison (`cnd`) of two pointers.
#[cold]
#[inline(never)]
pub(crate) fn pointer_order_compare(cnd: Cnd) -> Stop {
    Stop::Undefined(
        UndefinedKind::PointerOrderCompare,
        format!(
            "icmp {} on two pointers: only eq and ne compare pointers",
            cnd.keyword()
        ),
    )
}

/// `ambiguous-pointer-eq`: an `icmp` on pointers whose answer is the
/// compiler's choice, for the reason `what`.
#[cold]
#[inline(never)]
pub(crate) fn ambiguous_pointer_eq(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::AmbiguousPointerEq,
        format!("icmp eq/ne on pointers: {what}"),
    )
}

/// `shift-out-of-range`: a shift (`bop`) by `y`, outside 0..=63.
#[cold]
#[inline(never)]
pub(crate) fn shift_out_of_range(bop: Bop, y: i64) -> Stop {
    Stop::Undefined(
        UndefinedKind::ShiftOutOfRange,
        format!("{} by {y}: the amount must be in 0..=63", bop.keyword()),
    )
}

/// `incompatible-tag`: a `what` (load or store) at type `s` where the
/// effective tag is `eff` (`None`: the target has no type).
#[cold]
#[inline(never)]
pub(crate) fn incompatible_tag(tys: &TyTable, eff: Option<TyId>, s: TyId, what: &str) -> Stop {
    let actual = eff.map_or("no type".to_string(), |e| spec::print::print_ty(tys.ty(e)));
    Stop::Undefined(
        UndefinedKind::IncompatibleTag,
        format!(
            "{what} at type {} but the target was allocated as {actual}",
            spec::print::print_ty(tys.ty(s))
        ),
    )
}

/// `out-of-bounds`: a `what` (load or store) through a pointer whose
/// target is not a word.
#[cold]
#[inline(never)]
pub(crate) fn not_a_word(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::OutOfBounds,
        format!("{what} through a pointer whose target is a struct, array or string, not a word"),
    )
}

/// `out-of-bounds`: the first typed use (a `what`) of a runtime
/// allocation at a type larger than its block.
#[cold]
#[inline(never)]
pub(crate) fn misfit_in_heap_block(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::OutOfBounds,
        format!("{what} at a type that does not fit the heap block"),
    )
}

/// `out-of-bounds`: runtime function `f` reads element `k` of an Oat
/// array past the end of its block.
#[cold]
#[inline(never)]
pub(crate) fn array_read_past_end(f: &str, k: usize) -> Stop {
    Stop::Undefined(
        UndefinedKind::OutOfBounds,
        format!("{f} reads element {k} past the end of its array's block"),
    )
}

/// The error of an access (a `what`) through a pointer that reaches no
/// word, for why [`Access`] says: `null-deref`, `use-after-return`,
/// `use-after-free`, `alloca-superseded` or `out-of-bounds`.
#[cold]
#[inline(never)]
pub(crate) fn access_error(prog: &Program, src: Option<&Source>, a: Access, what: &str) -> Stop {
    match a {
        Access::Null => Stop::Undefined(
            UndefinedKind::NullDeref,
            format!("{what} through a null pointer"),
        ),
        Access::Dead | Access::Freed => access_error_words(a, what),
        Access::Code => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!("{what} through a function pointer, which points to code, not data"),
        ),
        Access::Superseded(site) => alloca_superseded(prog, src, site, what),
        Access::OutOfBounds => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!("{what} through a pointer whose path reaches no word of its block"),
        ),
    }
}

/// The error of an access through a pointer into a frame that returned
/// or a block `free` released (`use-after-return`, `use-after-free`), in
/// either memory.
#[cold]
#[inline(never)]
pub(crate) fn access_error_words(a: Access, what: &str) -> Stop {
    match a {
        Access::Freed => Stop::Undefined(
            UndefinedKind::UseAfterFree,
            format!("{what} through a pointer into a heap block that free released"),
        ),
        _ => use_after_return(&format!("{what} through a pointer")),
    }
}

/// `use-after-return`: `what` reaches into the frame of a call that has
/// returned.
#[cold]
#[inline(never)]
pub(crate) fn use_after_return(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::UseAfterReturn,
        format!("{what} into the frame of a call that has returned"),
    )
}

/// `alloca-superseded`: a `what` through a pointer into the block whose
/// `alloca` (at `site`) has run again in its frame since.
#[cold]
#[inline(never)]
pub(crate) fn alloca_superseded(
    prog: &Program,
    src: Option<&Source>,
    site: u32,
    what: &str,
) -> Stop {
    Stop::Undefined(
        UndefinedKind::AllocaSuperseded,
        format!(
            "{what} through a pointer into the block made by the alloca at {}, which has run again in this frame since: LLVM gives each run new stack, course back ends reuse one slot per alloca, so they disagree on what is there",
            report::site_text(prog, src, site)
        ),
    )
}

/// `use-after-free`: a second `free` of a heap block.
#[cold]
#[inline(never)]
pub(crate) fn double_free() -> Stop {
    Stop::Undefined(
        UndefinedKind::UseAfterFree,
        "double free: free of a heap block already freed".into(),
    )
}

/// `bad-call`: a callee that is `null` or data, not a function.
#[cold]
#[inline(never)]
pub(crate) fn callee_not_a_function() -> Stop {
    Stop::Undefined(
        UndefinedKind::BadCall,
        "the callee is not a pointer to a function".into(),
    )
}

/// `bad-call`: the call's annotated type is not the declared type of the
/// function `name` it calls.
#[cold]
#[inline(never)]
pub(crate) fn bad_call(tys: &TyTable, name: &str, declared: TyId, annotated: TyId) -> Stop {
    Stop::Undefined(
        UndefinedKind::BadCall,
        format!(
            "the call's annotated type is {} but @{name} has type {}",
            spec::print::print_ty(tys.ty(annotated)),
            spec::print::print_ty(tys.ty(declared))
        ),
    )
}

/// `bad-call`: a call of `@name`, declared but neither defined nor a
/// runtime function.
#[cold]
#[inline(never)]
pub(crate) fn no_definition(name: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::BadCall,
        format!("@{name} is declared but has no definition and is not a runtime function"),
    )
}

/// `bad-call`: `ll_callback`'s argument cannot be called as
/// `i64 (i64, i64)`.
#[cold]
#[inline(never)]
pub(crate) fn callback_not_binary() -> Stop {
    Stop::Undefined(
        UndefinedKind::BadCall,
        "ll_callback's argument is not a function of type i64 (i64, i64)".into(),
    )
}

/// `bad-runtime-call`: a runtime function's argument is not what its C
/// definition reads, as `message` says.
#[cold]
#[inline(never)]
pub(crate) fn bad_runtime_call(message: String) -> Stop {
    Stop::Undefined(UndefinedKind::BadRuntimeCall, message)
}

/// `null-deref`: runtime function `f` reads `what`, a null pointer, with
/// no check (the C function crashes).
#[cold]
#[inline(never)]
pub(crate) fn runtime_null_deref(f: &str, what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::NullDeref,
        format!("{f} reads {what}, a null pointer (the C function crashes)"),
    )
}

/// `undef-operand`: bytes never written used by a runtime function
/// (`what`).
#[cold]
#[inline(never)]
pub(crate) fn llvm_uninit_used(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::UndefOperand,
        format!("{what}: memory never written is used"),
    )
}

/// `out-of-bounds`: a runtime function reads past an allocation's end.
#[cold]
#[inline(never)]
pub(crate) fn llvm_out_of_allocation(what: &str) -> Stop {
    Stop::Undefined(UndefinedKind::OutOfBounds, what.to_string())
}

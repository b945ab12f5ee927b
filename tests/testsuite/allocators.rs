//! Planted register-allocator bugs and how small their failures reduce
//! (docs/grading.md, "How small an allocator's failure reduces").

use crate::groups::{clobber_bug, clobber_pre, run_planted, Programs, VALUES};

/// The live value `%v` is loaded from a slot that was stored 3, the
/// unused `%d` is loaded from `@seven`, both in `@f`, which `@main` calls
/// and whose result it returns: 3 by the spec.
const LIVE_LOAD_IN_A_CALLEE: (&str, &str) = (
    "live_load_in_a_callee.ll",
    "; f() loads back the 3 it stored; @seven's 7 is loaded but not read\n; CHECK-RESULT: 3\n@seven = global i64 7\ndefine i64 @f() {\n  %acc = alloca i64\n  store i64 3, i64* %acc\n  %v = load i64, i64* %acc\n  %d = load i64, i64* @seven\n  ret i64 %v\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f()\n  ret i64 %r\n}\n",
);

/// With the planted clobber of values (`crate::groups::CLOBBER_PY` on
/// [`VALUES`]) `@f` returns the unused `%d`, 7, for 3. The
/// reduction ends at 2 instructions, the fewest the bug can show in (by
/// hand: it needs a live value and a later unused one of another value in
/// one function, docs/grading.md): the load of `%v` becomes an `add` of
/// literals (a literal in its place would leave nothing to overwrite),
/// the slot and its store go, and `@f` is inlined into `@main` (the
/// edits before inlining stop at 3: two in `@f` and the call). Before, it
/// stopped at 5: every edit of `%v = load` either made it a literal or
/// loaded `@seven` (the same value as `%d`).
#[test]
fn a_live_load_overwritten_in_a_callee_reduces_to_two_instructions() {
    let pre = clobber_pre(VALUES);
    let Some(clobber) = clobber_bug(&pre) else {
        return;
    };
    let corpus = [LIVE_LOAD_IN_A_CALLEE];
    // No time bound on the reduction: its size, not its speed, is tested.
    let unbounded = ["--reduce-time", "3600"];
    let Some(r) = run_planted(&clobber, Programs::Corpus(&corpus), &unbounded, 1) else {
        return;
    };
    let run = &r["programs"][0]["runs"][0]["failure"];
    assert_eq!(run["actual_outcome"]["code"].as_i64(), Some(7), "{r}");
    assert_eq!(run["reduced"]["instructions"].as_u64(), Some(2), "{r}");
}

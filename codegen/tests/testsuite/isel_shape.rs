//! The shape of selected code where speed matters (README, benchmarks): values that
//! live across blocks stay in registers where one edge alone enters a
//! block, register parameters reach their slots only when live after their
//! register is reused, GEPs used once as an address fold into the load or
//! store, and the frame holds only what the code touches. Calls are
//! cheap: the shape of fib's calling sequence. Expected counts
//! are derived from each program by hand.

use crate::common;

use codegen::minst::{Alu, MFunc, MInst, Reg};
use codegen::Module;

fn compiled(name: &str, text: &str) -> Module {
    let p = common::checked(name, text);
    codegen::compile(&p).expect("compile")
}

fn func<'m>(m: &'m Module, name: &str) -> &'m MFunc {
    let i = m.func_index(name).expect("function");
    &m.funcs[i]
}

fn count(f: &MFunc, pred: impl Fn(&MInst) -> bool) -> usize {
    f.insts.iter().filter(|i| pred(i)).count()
}

/// The bytes the prologue reserves below the return address besides a
/// saved `rbp` (0 when it reserves none): `sub rsp, N` as the first
/// instruction of a frame without `rbp`, or the third after `push rbp; mov
/// rbp, rsp`.
fn frame_bytes(f: &MFunc) -> i32 {
    f.insts
        .iter()
        .take(3)
        .find_map(|i| match i {
            MInst::AluRI(Alu::Sub, Reg::Rsp, n) => Some(*n),
            _ => None,
        })
        .unwrap_or(0)
}

/// True when `i` names `r` as an operand or a memory operand's base.
fn mentions(i: &MInst, r: Reg) -> bool {
    format!("{i:?}").contains(&format!("{r:?}"))
}

#[test]
fn a_loop_counter_lives_in_a_register() {
    // %iv is defined in %head and used in %body, which only %head enters:
    // it never needs its slot. No call, no other local crosses a block, so
    // the only stores are the program's four stores to its allocas.
    let m = compiled(
        "loop",
        include_str!("../../../oracle/benches/programs/loop.ll"),
    );
    let main = func(&m, "main");
    assert_eq!(count(main, |i| matches!(i, MInst::Store(..))), 4);
}

#[test]
fn parameters_and_call_arguments_stay_out_of_the_frame() {
    // fib(n): n is live across the first call only (n - 2 after it), so it
    // is stored once; fib(n - 1)'s result is live across the second call,
    // stored once. n - 1 and n - 2 are consumed by their calls.
    let m = compiled(
        "fib",
        include_str!("../../../oracle/benches/programs/fib.ll"),
    );
    let fib = func(&m, "fib");
    assert_eq!(count(fib, |i| matches!(i, MInst::Store(..))), 2);
    // Those two slots, and the 8 bytes a saved rbp would take (fib makes
    // calls, so rsp stays 16-byte aligned at them): 16 + 8.
    assert_eq!(frame_bytes(fib), 24);
    // n - 1 is computed while n is still needed (for n - 2): one lea
    // into a fresh register, not a copy then a sub.
    let lea_off_frame =
        |i: &MInst| matches!(i, MInst::Lea(_, mem) if mem.base != Reg::Rbp && mem.base != Reg::Rsp);
    assert!(count(fib, lea_off_frame) >= 1);
    let sub_imm = |i: &MInst| matches!(i, MInst::AluRI(Alu::Sub, r, _) if *r != Reg::Rsp);
    assert_eq!(count(fib, sub_imm), 0);
}

#[test]
fn field_addresses_fold_into_loads_and_frames_shrink() {
    let m = compiled(
        "list",
        include_str!("../../../oracle/benches/programs/list.ll"),
    );
    // sum: both GEPs (field 0 and field 1 of %p) are used once, by a load
    // in the same block: no address is computed from a non-frame base.
    let sum = func(&m, "sum");
    let lea_off_frame =
        |i: &MInst| matches!(i, MInst::Lea(_, mem) if mem.base != Reg::Rbp && mem.base != Reg::Rsp);
    assert_eq!(count(sum, lea_off_frame), 0);
    // build: its parameters are never live after their registers are
    // reused (each call is the last thing on its path) and its GEPs fold
    // into stores to the cell: the frame is the 16-byte node alone, and
    // the 8 bytes that keep rsp aligned at its calls without a saved rbp.
    let build = func(&m, "build");
    assert_eq!(frame_bytes(build), 24);
}

#[test]
fn a_parameter_used_after_a_loop_is_stored_before_the_loop() {
    // %n is read in %done, which only %head enters; but %head is entered
    // from the entry block and from %body, so it starts from the slots and
    // %n, live through it, must be in its slot when the entry block
    // branches. 39 + 3 = 42.
    let text = "define i64 @f(i64 %n) {
  %i = alloca i64
  store i64 0, i64* %i
  br label %head
head:
  %v = load i64, i64* %i
  %c = icmp slt i64 %v, 3
  br i1 %c, label %body, label %done
body:
  %v2 = add i64 %v, 1
  store i64 %v2, i64* %i
  br label %head
done:
  %r = add i64 %v, %n
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @f(i64 39)
  ret i64 %r
}";
    let p = common::checked("param_after_loop", text);
    let want = spec::Outcome::Returned {
        value: 42,
        stdout: vec![],
    };
    assert_eq!(common::oracle(&p, &[]), want);
    assert_eq!(common::native(&p, &[]), want);
    let m = codegen::compile(&p).expect("compile");
    let f = func(&m, "f");
    // Two program stores to %i, and %n's store before the loop.
    assert_eq!(count(f, |i| matches!(i, MInst::Store(..))), 3);
}

#[test]
fn a_call_costs_a_frame_adjustment_and_nothing_else() {
    // fib never moves rsp in its body, so its frame is addressed from rsp:
    // no push, pop or rbp anywhere; one `sub rsp, 24` on entry and an
    // `add rsp, 24` before each of its two `ret`s.
    let m = compiled(
        "fib",
        include_str!("../../../oracle/benches/programs/fib.ll"),
    );
    let fib = func(&m, "fib");
    assert_eq!(
        fib.insts.first(),
        Some(&MInst::AluRI(Alu::Sub, Reg::Rsp, 24))
    );
    assert!(!fib.insts.iter().any(|i| mentions(i, Reg::Rbp)));
    assert_eq!(
        count(fib, |i| matches!(i, MInst::Push(_) | MInst::Pop(_))),
        0
    );
    let rets: Vec<usize> = (0..fib.insts.len())
        .filter(|&k| fib.insts[k] == MInst::Ret)
        .collect();
    assert_eq!(rets.len(), 2);
    for k in rets {
        assert_eq!(fib.insts[k - 1], MInst::AluRI(Alu::Add, Reg::Rsp, 24));
    }
    // n - 1 and n - 2 are computed straight into rdi (the argument
    // register) by lea: nothing is copied into rdi.
    let into_rdi_by_lea = |i: &MInst| matches!(i, MInst::Lea(Reg::Rdi, _));
    assert_eq!(count(fib, into_rdi_by_lea), 2);
    assert_eq!(count(fib, |i| matches!(i, MInst::MovRR(Reg::Rdi, _))), 0);
    // %r = add %a, %b with %b the second call's result in rax and %r
    // returned: the add computes into rax, and the only copy into rax is
    // the base case's `ret i64 %n`.
    assert_eq!(
        count(fib, |i| matches!(i, MInst::Alu(Alu::Add, Reg::Rax, _))),
        1
    );
    assert_eq!(count(fib, |i| matches!(i, MInst::MovRR(Reg::Rax, _))), 1);
    // main calls fib and makes no other use of the stack: `sub rsp, 8`
    // (alignment at the call) and `add rsp, 8`.
    let main = func(&m, "main");
    assert_eq!(
        main.insts.first(),
        Some(&MInst::AluRI(Alu::Sub, Reg::Rsp, 8))
    );
}

#[test]
fn frames_that_move_rsp_keep_rbp() {
    // A leaf function without locals in memory reserves nothing. An alloca
    // outside the entry block and a call with a seventh argument move rsp
    // in the body: those functions address their frame from rbp. Every
    // one computes what the oracle says: leaf(0) + seven(0, .., 7) + dyn(5)
    // + seven(1, .., 7) = 1 + 7 + 5 + 8 = 21.
    let text = "define i64 @leaf(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}

define i64 @seven(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g) {
  %r = add i64 %a, %g
  ret i64 %r
}

define i64 @dyn(i64 %v) {
  br label %more
more:
  %p = alloca i64
  store i64 %v, i64* %p
  %w = load i64, i64* %p
  ret i64 %w
}

define i64 @seventh(i64 %v) {
  %r = call i64 @seven(i64 %v, i64 0, i64 0, i64 0, i64 0, i64 0, i64 7)
  ret i64 %r
}

define i64 @main() {
  %a = call i64 @leaf(i64 0)
  %b = call i64 @seventh(i64 0)
  %c = call i64 @dyn(i64 5)
  %d = call i64 @seven(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  ret i64 %s3
}";
    let p = common::checked("frames", text);
    let want = spec::Outcome::Returned {
        value: 21,
        stdout: vec![],
    };
    assert_eq!(common::oracle(&p, &[]), want);
    assert_eq!(common::native(&p, &[]), want);
    let m = codegen::compile(&p).expect("compile");
    let uses_rbp = |name: &str| func(&m, name).insts.iter().any(|i| mentions(i, Reg::Rbp));
    let leaf = func(&m, "leaf");
    assert_eq!(frame_bytes(leaf), 0);
    assert!(!uses_rbp("leaf"));
    // seven reads its seventh parameter from the caller's frame, from rsp.
    assert!(!uses_rbp("seven"));
    assert!(uses_rbp("dyn"));
    assert!(uses_rbp("seventh"));
    assert!(uses_rbp("main"));
}

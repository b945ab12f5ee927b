//! The shape of selected code where issue #6 asked for speed: values that
//! live across blocks stay in registers where one edge alone enters a
//! block, register parameters reach their slots only when live after their
//! register is reused, GEPs used once as an address fold into the load or
//! store, and the frame holds only what the code touches. Expected counts
//! are derived from each program by hand.

mod common;

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

/// The bytes the prologue reserves below rbp (0 when it reserves none).
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

#[test]
fn a_loop_counter_lives_in_a_register() {
    // %iv is defined in %head and used in %body, which only %head enters:
    // it never needs its slot. No call, no other local crosses a block, so
    // the only stores are the program's four stores to its allocas.
    let m = compiled(
        "loop",
        include_str!("../../oracle/benches/programs/loop.ll"),
    );
    let main = func(&m, "main");
    assert_eq!(count(main, |i| matches!(i, MInst::Store(..))), 4);
}

#[test]
fn parameters_and_call_arguments_stay_out_of_the_frame() {
    // fib(n): n is live across the first call only (n - 2 after it), so it
    // is stored once; fib(n - 1)'s result is live across the second call,
    // stored once. n - 1 and n - 2 are consumed by their calls.
    let m = compiled("fib", include_str!("../../oracle/benches/programs/fib.ll"));
    let fib = func(&m, "fib");
    assert_eq!(count(fib, |i| matches!(i, MInst::Store(..))), 2);
    assert_eq!(frame_bytes(fib), 16);
    // n - 1 is computed while n is still needed (for n - 2): one lea
    // into a fresh register, not a copy then a sub.
    let lea_off_frame = |i: &MInst| matches!(i, MInst::Lea(_, mem) if mem.base != Reg::Rbp);
    assert!(count(fib, lea_off_frame) >= 1);
    let sub_imm = |i: &MInst| matches!(i, MInst::AluRI(Alu::Sub, r, _) if *r != Reg::Rsp);
    assert_eq!(count(fib, sub_imm), 0);
}

#[test]
fn field_addresses_fold_into_loads_and_frames_shrink() {
    let m = compiled(
        "list",
        include_str!("../../oracle/benches/programs/list.ll"),
    );
    // sum: both GEPs (field 0 and field 1 of %p) are used once, by a load
    // in the same block: no address is computed from a non-frame base.
    let sum = func(&m, "sum");
    let lea_off_frame = |i: &MInst| matches!(i, MInst::Lea(_, mem) if mem.base != Reg::Rbp);
    assert_eq!(count(sum, lea_off_frame), 0);
    // build: its parameters are never live after their registers are
    // reused (each call is the last thing on its path) and its GEPs fold
    // into stores to the cell: the frame is the 16-byte node alone.
    let build = func(&m, "build");
    assert_eq!(frame_bytes(build), 16);
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

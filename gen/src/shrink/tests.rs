//! One hand-written program per kind of edit, the edit applied, and the
//! program expected, derived by hand from the edit's documentation
//! (compared as printed by `spec::print`, so layout does not matter).

use super::*;
use spec::{InsnKind, Source};

fn parse(text: &str) -> Prog {
    let p = spec::parse(&Source::new("t.ll", text.to_string())).expect("the test program parses");
    spec::check(&p).expect("the test program checks");
    p
}

/// `e` applies to `before` and gives `after`, which is well defined.
fn gives(before: &str, e: Edit, after: &str) {
    let p = parse(before);
    assert!(edits(&p).contains(&e), "{e:?} is not proposed");
    let q = apply(&p, &e).unwrap_or_else(|| panic!("{e:?} does not apply"));
    assert_eq!(spec::print(&q), spec::print(&parse(after)), "{e:?}");
    assert!(is_well_defined(&q), "{e:?} gave an undefined program");
}

/// A loop that counts `%c` from 0 to 3 and returns the count it exits on.
const LOOP: &str = "define i64 @main() {
  %c = alloca i64
  store i64 0, i64* %c
  br label %head
head:
  %v = load i64, i64* %c
  %t = icmp slt i64 %v, 3
  br i1 %t, label %body, label %exit
body:
  %w = add i64 %v, 1
  store i64 %w, i64* %c
  br label %head
exit:
  ret i64 %v
}";

#[test]
fn a_loop_back_edge_becomes_the_loop_exit() {
    // Blocks: 0 entry, 1 head, 2 body, 3 exit. The body's `br label %head`
    // goes to the head's second target, %exit: the body runs once.
    let once = LOOP.replacen(
        "store i64 %w, i64* %c\n  br label %head",
        "store i64 %w, i64* %c\n  br label %exit",
        1,
    );
    assert_ne!(once, LOOP);
    gives(LOOP, Edit::ExitLoop(0, 2, true), &once);
    // To the head's first target, %body, the head is reached again: no edit.
    assert_eq!(apply(&parse(LOOP), &Edit::ExitLoop(0, 2, false)), None);
}

#[test]
fn a_loop_that_runs_once_becomes_straight_line_code() {
    // After the exit edit, the head's branch can go to the body, and the
    // three blocks merge into the entry one after the other.
    let p = parse(LOOP);
    let p = apply(&p, &Edit::ExitLoop(0, 2, true)).expect("exit");
    let p = apply(&p, &Edit::CbrToBr(0, 1, false)).expect("into the body");
    let p = apply(&p, &Edit::MergeBlocks(0, 0)).expect("merge the head");
    let p = apply(&p, &Edit::MergeBlocks(0, 0)).expect("merge the body");
    let p = apply(&p, &Edit::MergeBlocks(0, 0)).expect("merge the exit");
    let expected = "define i64 @main() {
  %c = alloca i64
  store i64 0, i64* %c
  %v = load i64, i64* %c
  %t = icmp slt i64 %v, 3
  %w = add i64 %v, 1
  store i64 %w, i64* %c
  ret i64 %v
}";
    assert_eq!(spec::print(&p), spec::print(&parse(expected)));
    assert!(is_well_defined(&p));
}

/// A call whose seventh argument is 2^62, a literal the `cis341` dialect
/// cannot write (no `big-literals`, docs/dialects.md).
const BIG_ARG: &str = "define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %g, i64 %h) {
  ret i64 %h
}
define i64 @main() {
  %r = call i64 @f(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 4611686018427387904)
  ret i64 %r
}";

#[test]
fn the_lowerings_literal_chain_collapses_into_its_literal() {
    let d = spec::dialect::Dialect::by_name("cis341").expect("cis341 is a dialect");
    let lowered = spec::dialect::lower(&parse(BIG_ARG), &d).expect("lowerable");
    // 2^62 = 2^30 << 32 | 0: `shl i64 1073741824, 32`, then `or` with 0.
    let main = &lowered.fdecls[1].cfg.entry.insns;
    assert_eq!(main.len(), 3, "{}", spec::print(&lowered));
    let InsnKind::Binop {
        bop: spec::Bop::Or, ..
    } = &main[1].kind
    else {
        panic!("not the or: {}", spec::print(&lowered))
    };
    let collapse = Edit::ReplaceValue(1, 0, 1, OperandKind::Const(1 << 62));
    assert!(edits(&lowered).contains(&collapse));
    let q = apply(&lowered, &collapse).expect("applies");
    assert_eq!(spec::print(&q), spec::print(&parse(BIG_ARG)));
    // The literal's value comes first among the replacements of the `or`.
    let first = edits(&lowered)
        .into_iter()
        .find(|e| matches!(e, Edit::ReplaceValue(1, 0, 1, _)));
    assert_eq!(first, Some(collapse));
}

#[test]
fn a_negated_literal_collapses_into_the_negative_literal() {
    gives(
        "define i64 @main() {
  %n = sub i64 0, 5
  %m = mul i64 %n, 3
  ret i64 %m
}",
        Edit::ReplaceValue(0, 0, 0, OperandKind::Const(-5)),
        "define i64 @main() {
  %m = mul i64 -5, 3
  ret i64 %m
}",
    );
}

#[test]
fn a_value_becomes_a_parameter_and_what_fed_it_goes() {
    let before = "define i64 @f(i64 %x) {
  %a = mul i64 %x, 3
  %b = add i64 %a, 4
  ret i64 %b
}
define i64 @main() {
  %r = call i64 @f(i64 2)
  ret i64 %r
}";
    // %b's uses read %x; %a then feeds nothing and goes too.
    gives(
        before,
        Edit::ReplaceValue(0, 0, 1, OperandKind::Id("x".into())),
        "define i64 @f(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %r = call i64 @f(i64 2)
  ret i64 %r
}",
    );
    // By its own operand %a: %a stays, it is read.
    gives(
        before,
        Edit::ReplaceValue(0, 0, 1, OperandKind::Id("a".into())),
        "define i64 @f(i64 %x) {
  %a = mul i64 %x, 3
  ret i64 %a
}
define i64 @main() {
  %r = call i64 @f(i64 2)
  ret i64 %r
}",
    );
}

#[test]
fn an_operand_becomes_a_parameter_a_global_or_a_simpler_literal() {
    let before = "@g = global i64 7
define i64 @f(i64 %x, i64* %p) {
  %a = mul i64 %x, 3
  %q = getelementptr i64, i64* %p, i64 0
  %v = load i64, i64* %q
  %b = add i64 %a, 1024
  ret i64 %b
}
define i64 @main() {
  %r = call i64 @f(i64 2, i64* @g)
  ret i64 %r
}";
    // Instruction 3 (`add`), operand 0 (%a) by the parameter %x.
    let p = parse(before);
    let q = apply(
        &p,
        &Edit::SetOperand(0, 0, 3, 0, OperandKind::Id("x".into())),
    )
    .expect("applies");
    assert!(spec::print(&q).contains("%b = add i64 %x, 1024"));
    // Its operand 1 (1024) by half of it.
    let e = Edit::SetOperand(0, 0, 3, 1, OperandKind::Const(512));
    assert!(edits(&p).contains(&e));
    assert!(spec::print(&apply(&p, &e).expect("applies")).contains("%b = add i64 %a, 512"));
    // The load's pointer %q (an `i64*` local) by the parameter %p or @g.
    for by in [OperandKind::Id("p".into()), OperandKind::Gid("g".into())] {
        let e = Edit::SetOperand(0, 0, 2, 0, by.clone());
        assert!(edits(&p).contains(&e), "{e:?}");
        let text = spec::print(&apply(&p, &e).expect("applies"));
        let want = match by {
            OperandKind::Id(_) => "%v = load i64, i64* %p",
            _ => "%v = load i64, i64* @g",
        };
        assert!(text.contains(want), "{text}");
    }
    // The returned local by 0.
    let e = Edit::SetOperand(0, 0, 4, 0, OperandKind::Const(0));
    assert!(edits(&p).contains(&e));
    assert!(spec::print(&apply(&p, &e).expect("applies")).contains("ret i64 0"));
    // A parameter is never replaced by another parameter (only by 0 or 1).
    assert!(!edits(&p)
        .iter()
        .any(|e| matches!(e, Edit::SetOperand(0, 0, 0, 0, OperandKind::Id(_)))));
}

#[test]
fn simpler_literals_are_smaller_and_end() {
    // 2^38: 0, 1, 2^37, the low half (0, already there), the high half 64.
    assert_eq!(simpler_literals(1 << 38), vec![0, 1, 1 << 37, 64],);
    // -5: 0, 1, -2 (half), 5; no halves for a small literal.
    assert_eq!(simpler_literals(-5), vec![0, 1, -2, 5]);
    assert_eq!(simpler_literals(1), vec![0]);
    assert!(simpler_literals(0).is_empty());
}

const ARRAY: &str = "@arr = global [4 x i64] [i64 1, i64 2, i64 3, i64 4]
define i64 @main() {
  %p = getelementptr [4 x i64], [4 x i64]* @arr, i64 0, i64 1
  %v = load i64, i64* %p
  ret i64 %v
}";

#[test]
fn an_array_type_shrinks_everywhere_it_is_written() {
    gives(
        ARRAY,
        Edit::ShrinkArray(0, 2),
        "@arr = global [2 x i64] [i64 1, i64 2]
define i64 @main() {
  %p = getelementptr [2 x i64], [2 x i64]* @arr, i64 0, i64 1
  %v = load i64, i64* %p
  ret i64 %v
}",
    );
    // To one element the GEP reads past the end: the edit applies, the
    // program is undefined (the filter's business).
    let q = apply(&parse(ARRAY), &Edit::ShrinkArray(0, 1)).expect("applies");
    assert!(spec::print(&q).contains("[1 x i64] [i64 1]"));
    assert!(!is_well_defined(&q));
}

const STRUCT: &str = "%s = type { i64, i64, i64 }
@g = global %s { i64 5, i64 6, i64 7 }
define i64 @main() {
  %p = getelementptr %s, %s* @g, i32 0, i32 2
  %v = load i64, i64* %p
  ret i64 %v
}";

#[test]
fn a_struct_field_goes_and_the_later_fields_move_down() {
    gives(
        STRUCT,
        Edit::DropField(0, 1),
        "%s = type { i64, i64 }
@g = global %s { i64 5, i64 7 }
define i64 @main() {
  %p = getelementptr %s, %s* @g, i32 0, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}",
    );
    // Field 2 is selected by the GEP: it cannot go.
    assert_eq!(apply(&parse(STRUCT), &Edit::DropField(0, 2)), None);
}

#[test]
fn edits_come_biggest_first() {
    let p = parse(BIG_ARG);
    let es = edits(&p);
    let first = |pred: fn(&Edit) -> bool| es.iter().position(pred).expect("proposed");
    let fns = first(|e| matches!(e, Edit::RemoveFn(_)));
    let insns = first(|e| matches!(e, Edit::RemoveInsns(..)));
    let values = first(|e| matches!(e, Edit::ReplaceValue(..)));
    let operands = first(|e| matches!(e, Edit::SetOperand(..)));
    assert!(fns < insns && insns < values && values < operands, "{es:?}");
}

#[test]
fn a_load_becomes_the_value_last_stored_to_its_pointer() {
    gives(
        "define i64 @main() {
  %s = alloca i64
  %x = add i64 2, 3
  store i64 %x, i64* %s
  %v = load i64, i64* %s
  ret i64 %v
}",
        Edit::ReplaceValue(0, 0, 3, OperandKind::Id("x".into())),
        "define i64 @main() {
  %s = alloca i64
  %x = add i64 2, 3
  store i64 %x, i64* %s
  ret i64 %x
}",
    );
}

/// `@twice` is one block that calls nothing of the program: the call in
/// `@main` becomes its body, `%x` reading the argument 21 and `%d`
/// renamed `%d_in0` (`@main` has no local of that name), and `%r` reads
/// the returned `%d_in0`. By hand: 21 + 21 = 42 either way.
#[test]
fn a_call_of_a_one_block_function_is_inlined() {
    let before = "define i64 @twice(i64 %x) {
  %d = add i64 %x, %x
  ret i64 %d
}
define i64 @main() {
  %r = call i64 @twice(i64 21)
  ret i64 %r
}";
    let after = "define i64 @twice(i64 %x) {
  %d = add i64 %x, %x
  ret i64 %d
}
define i64 @main() {
  %d_in0 = add i64 21, 21
  ret i64 %d_in0
}";
    let p = parse(before);
    let e = Edit::InlineCall(1, 0, 0);
    assert!(!edits(&p).contains(&e), "inlining is a retry only");
    assert!(retry_edits(&p).contains(&e), "{e:?} is not proposed");
    let q = apply(&p, &e).expect("it applies");
    assert_eq!(spec::print(&q), spec::print(&parse(after)));
    assert!(is_well_defined(&q));
}

/// A function that calls one of the program's functions, or has more than
/// one block, is not inlined: inlining a recursive one would never end.
#[test]
fn a_function_that_calls_or_branches_is_not_inlined() {
    let p = parse(
        "define i64 @f(i64 %n) {
  %r = call i64 @f(i64 %n)
  ret i64 %r
}
define i64 @g(i64 %n) {
  br label %l
l:
  ret i64 %n
}
define i64 @main() {
  %a = call i64 @g(i64 1)
  ret i64 %a
}",
    );
    assert!(!retry_edits(&p)
        .iter()
        .any(|e| matches!(e, Edit::InlineCall(..))));
}

/// The load of `%acc`, last stored the literal 7, becomes `add i64 7, 0`
/// under the same name: `ret` still reads a local (7 by hand either way),
/// and `%acc` stays while the store reads it. The `add` of two literals
/// is not recomputed again.
#[test]
fn a_load_becomes_an_add_of_the_literal_last_stored_keeping_its_local() {
    let before = "define i64 @main() {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v = load i64, i64* %acc
  ret i64 %v
}";
    let after = "define i64 @main() {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v = add i64 7, 0
  ret i64 %v
}";
    gives(before, Edit::Recompute(0, 0, 2, 7), after);
    let again = edits(&parse(after));
    assert!(
        !again
            .iter()
            .any(|e| matches!(e, Edit::Recompute(0, 0, 2, _))),
        "{again:?}"
    );
}

//! One program per undefined kind, asserting the kind and the location
//! (function, block label, instruction index; the terminator's index is the
//! number of instructions).
use crate::common;
use common::*;
use spec::UndefinedKind as K;

#[test]
fn null_deref() {
    let text = "
define i64 @main() {
  %x = add i64 1, 1
  %v = load i64, i64* null
  ret i64 %v
}
";
    assert_undefined(text, K::NullDeref, "main", "entry", 1);
}

#[test]
fn null_store() {
    let text = "
define i64 @main() {
  store i64 1, i64* null
  ret i64 0
}
";
    assert_undefined(text, K::NullDeref, "main", "entry", 0);
}

#[test]
fn undef_ptr_deref_names_the_failed_gep() {
    let text = "
@a = global [2 x i64] [ i64 1, i64 2 ]
define i64 @main() {
  %p = getelementptr [2 x i64], [2 x i64]* @a, i64 0, i64 2
  br label %next
next:
  %v = load i64, i64* %p
  ret i64 %v
}
";
    let msg = assert_undefined(text, K::UndefPtrDeref, "main", "next", 0);
    assert!(
        msg.contains("getelementptr at @main in block entry, instruction 0 (line 4)"),
        "{msg}"
    );
}

#[test]
fn undef_ptr_deref_through_an_uninitialised_pointer() {
    let text = "
define i64 @main() {
  %pp = alloca i64*
  %p = load i64*, i64** %pp
  store i64 1, i64* %p
  ret i64 0
}
";
    let msg = assert_undefined(text, K::UndefPtrDeref, "main", "entry", 2);
    assert!(
        msg.contains("loaded at @main in block entry, instruction 1"),
        "{msg}"
    );
    assert!(
        msg.contains("alloca at @main in block entry, instruction 0"),
        "{msg}"
    );
}

#[test]
fn out_of_bounds_through_a_function_pointer() {
    // A function pointer cast to data points to code: its path reaches no word.
    let text = "
define i64 @f() {
  ret i64 0
}
define i64 @main() {
  %p = bitcast i64()* @f to i64*
  %v = load i64, i64* %p
  ret i64 %v
}
";
    assert_undefined(text, K::OutOfBounds, "main", "entry", 1);
}

#[test]
fn incompatible_tag_on_load() {
    let text = "
define i64 @main() {
  %p = alloca i64
  store i64 1, i64* %p
  %b = bitcast i64* %p to i1*
  %v = load i1, i1* %b
  ret i64 0
}
";
    let msg = assert_undefined(text, K::IncompatibleTag, "main", "entry", 3);
    assert!(msg.contains("i1") && msg.contains("i64"), "{msg}");
}

#[test]
fn incompatible_tag_on_store_of_a_pointer_over_an_integer() {
    let text = "
define i64 @main() {
  %p = alloca i64
  %q = bitcast i64* %p to i64**
  store i64* %p, i64** %q
  ret i64 0
}
";
    assert_undefined(text, K::IncompatibleTag, "main", "entry", 2);
}

#[test]
fn use_after_return_on_load() {
    let text = "
define i64* @leak() {
  %x = alloca i64
  store i64 5, i64* %x
  ret i64* %x
}
define i64 @main() {
  %p = call i64* @leak()
  %v = load i64, i64* %p
  ret i64 %v
}
";
    assert_undefined(text, K::UseAfterReturn, "main", "entry", 1);
}

#[test]
fn use_after_return_even_when_a_new_frame_sits_at_the_same_depth() {
    let text = "
define i64* @leak() {
  %x = alloca i64
  store i64 5, i64* %x
  ret i64* %x
}
define i64 @other() {
  %y = alloca i64
  store i64 6, i64* %y
  ret i64 0
}
define i64 @main() {
  %p = call i64* @leak()
  %z = call i64 @other()
  %c = icmp eq i64* %p, null
  ret i64 0
}
";
    assert_undefined(text, K::UseAfterReturn, "main", "entry", 2);
}

#[test]
fn undef_operand_says_which_load() {
    let text = "
define i64 @main() {
  %p = alloca i64
  %v = load i64, i64* %p
  %r = add i64 %v, 1
  ret i64 %r
}
";
    let msg = assert_undefined(text, K::UndefOperand, "main", "entry", 2);
    assert!(
        msg.contains("loaded at @main in block entry, instruction 1 (line 4)"),
        "{msg}"
    );
    assert!(
        msg.contains("alloca at @main in block entry, instruction 0 (line 3)"),
        "{msg}"
    );
}

#[test]
fn undef_operand_as_branch_condition() {
    let text = "
define i64 @main() {
  %p = alloca i1
  %c = load i1, i1* %p
  br i1 %c, label %a, label %b
a:
  ret i64 1
b:
  ret i64 2
}
";
    assert_undefined(text, K::UndefOperand, "main", "entry", 2);
}

#[test]
fn undef_operand_as_gep_index() {
    let text = "
@a = global [2 x i64] [ i64 1, i64 2 ]
define i64 @main() {
  %p = alloca i64
  %i = load i64, i64* %p
  %q = getelementptr [2 x i64], [2 x i64]* @a, i64 0, i64 %i
  ret i64 0
}
";
    assert_undefined(text, K::UndefOperand, "main", "entry", 2);
}

#[test]
fn undef_operand_as_callee() {
    let text = "
define i64 @main() {
  %p = alloca i64()*
  %f = load i64()*, i64()** %p
  %r = call i64 %f()
  ret i64 %r
}
";
    assert_undefined(text, K::UndefOperand, "main", "entry", 2);
}

#[test]
fn undef_result() {
    let text = "
define i64 @main() {
  %p = alloca i64
  %v = load i64, i64* %p
  ret i64 %v
}
";
    assert_undefined(text, K::UndefResult, "main", "entry", 2);
}

#[test]
fn bad_call_through_a_cast_function_pointer() {
    let text = "
define i64 @one(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %f = bitcast i64(i64)* @one to i64()*
  %r = call i64 %f()
  ret i64 %r
}
";
    let msg = assert_undefined(text, K::BadCall, "main", "entry", 1);
    assert!(
        msg.contains("@one") && msg.contains("annotated type"),
        "{msg}"
    );
}

#[test]
fn bad_call_through_a_data_pointer() {
    let text = "
@g = global i64 3
define i64 @main() {
  %f = bitcast i64* @g to i64()*
  %r = call i64 %f()
  ret i64 %r
}
";
    assert_undefined(text, K::BadCall, "main", "entry", 1);
}

#[test]
fn shift_out_of_range() {
    for (op, amount) in [("shl", 64), ("lshr", -1), ("ashr", 100)] {
        let text = format!(
            "define i64 @main() {{\n  %x = add i64 0, 0\n  %r = {op} i64 1, {amount}\n  ret i64 %r\n}}\n"
        );
        assert_undefined(&text, K::ShiftOutOfRange, "main", "entry", 1);
    }
}

#[test]
fn pointer_order_compare() {
    let text = "
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  %c = icmp slt i64* %a, %b
  ret i64 0
}
";
    assert_undefined(text, K::PointerOrderCompare, "main", "entry", 2);
}

#[test]
fn ambiguous_i1_order() {
    let text = "
define i64 @main() {
  %t = icmp eq i64 1, 1
  %c = icmp slt i1 %t, 0
  ret i64 0
}
";
    assert_undefined(text, K::AmbiguousI1Order, "main", "entry", 1);
}

#[test]
fn bad_runtime_call_on_a_non_string() {
    let text = "
define i64 @main() {
  %p = alloca i64
  store i64 0, i64* %p
  %s = bitcast i64* %p to i8*
  call void @ll_puts(i8* %s)
  ret i64 0
}
";
    assert_undefined(text, K::BadRuntimeCall, "main", "entry", 3);
}

#[test]
fn bad_runtime_call_on_null() {
    let text = "
define i64 @main() {
  call void @ll_puts(i8* null)
  ret i64 0
}
";
    assert_undefined(text, K::BadRuntimeCall, "main", "entry", 0);
}

#[test]
fn backtrace_lists_call_sites_innermost_first() {
    let text = "
define i64 @inner() {
  %v = load i64, i64* null
  ret i64 %v
}
define i64 @middle() {
  %r = call i64 @inner()
  ret i64 %r
}
define i64 @main() {
  %x = add i64 0, 0
  %r = call i64 @middle()
  ret i64 %r
}
";
    let (kind, _, loc, bt) = undefined(text);
    assert_eq!(kind, K::NullDeref);
    assert_eq!((loc.function.as_str(), loc.line), ("inner", Some(3)));
    let sites: Vec<_> = bt
        .iter()
        .map(|l| (l.function.as_str(), l.index, l.line))
        .collect();
    assert_eq!(sites, vec![("middle", 0, Some(7)), ("main", 1, Some(12))]);
}

#[test]
fn render_undefined_reads_like_a_diagnostic() {
    let text = "define i64 @inner() {
  %v = load i64, i64* null
  ret i64 %v
}
define i64 @main() {
  %r = call i64 @inner()
  ret i64 %r
}
";
    let src = spec::Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).expect("parses");
    let o = oracle::run(&prog, Some(&src), &[], &oracle::Options::default());
    let r = oracle::render_undefined(&o, &src);
    assert!(r.contains("error[null-deref]"), "{r}");
    assert!(r.contains("t.ll:2:3"), "{r}");
    assert!(r.contains("%v = load i64, i64* null"), "{r}");
    assert!(r.contains('^'), "{r}");
    assert!(r.contains("in @inner"), "{r}");
    assert!(r.contains("called from @main at line 6"), "{r}");
}

#[test]
fn out_of_bounds_when_the_target_is_a_node_not_a_word() {
    // docs/semantics.md "Load / store": the path must reach a word (else
    // out-of-bounds) before the tag is compared. @s bitcast to i64* keeps
    // path [0], the {i64, i64} node.
    let text = "
@s = global { i64, i64 } { i64 1, i64 2 }
define i64 @main() {
  %p = bitcast { i64, i64 }* @s to i64*
  %v = load i64, i64* %p
  store i64 3, i64* %p
  ret i64 %v
}
";
    assert_undefined(text, K::OutOfBounds, "main", "entry", 1);
}

/// The loop body's alloca runs twice; the first run's pointer, kept in
/// %keep, is used after the second run: `alloca-superseded` at that use
/// (block `out`), the message naming the alloca (block `loop`, instruction 0,
/// line 12). Storing and passing it before that was fine.
const SUPERSEDED: &str = "
define void @keep(i64* %p) {
  ret void
}
define i64 @main() {
entry:
  %keep = alloca i64*
  %i = alloca i64
  store i64 0, i64* %i
  br label %loop
loop:
  %p = alloca i64
  store i64 5, i64* %p
  %old = load i64*, i64** %keep
  %n = load i64, i64* %i
  %first = icmp eq i64 %n, 0
  br i1 %first, label %save, label %out
save:
  store i64* %p, i64** %keep
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  br label %loop
out:
  call void @keep(i64* %old)
  USE
  ret i64 0
}
";

#[test]
fn alloca_superseded_at_a_load_names_the_alloca() {
    let text = SUPERSEDED.replace("USE", "%v = load i64, i64* %old");
    let msg = assert_undefined(&text, K::AllocaSuperseded, "main", "out", 1);
    assert!(
        msg.contains("alloca at @main in block loop, instruction 0 (line 12)"),
        "{msg}"
    );
}

#[test]
fn alloca_superseded_at_a_store_a_gep_and_a_comparison() {
    for (use_, index) in [
        ("store i64 1, i64* %old", 1),
        ("%g = getelementptr i64, i64* %old, i32 0", 1),
        ("%c = icmp eq i64* %old, %p", 1),
        ("%c = icmp eq i64* %old, null", 1),
    ] {
        let text = SUPERSEDED.replace("USE", use_);
        assert_undefined(&text, K::AllocaSuperseded, "main", "out", index);
    }
    // The latest run's block is not superseded.
    let text = SUPERSEDED.replace("USE", "%v = load i64, i64* %p");
    assert_eq!(returns(&text), 0);
}

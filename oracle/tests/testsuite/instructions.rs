//! Every instruction and terminator, with values derived by hand from the spec.
use crate::common;
use common::*;

fn binop(op: &str, a: i64, b: i64) -> i64 {
    returns(&format!(
        "define i64 @main() {{\n  %x = {op} i64 {a}, {b}\n  ret i64 %x\n}}\n"
    ))
}

#[test]
fn add_sub_mul_wrap() {
    assert_eq!(binop("add", 40, 2), 42);
    assert_eq!(binop("add", i64::MAX, 1), i64::MIN);
    assert_eq!(binop("sub", 0, 1), -1);
    assert_eq!(binop("sub", i64::MIN, 1), i64::MAX);
    assert_eq!(binop("mul", -6, 7), -42);
    assert_eq!(binop("mul", 1 << 62, 2), i64::MIN);
}

#[test]
fn shifts_in_range() {
    assert_eq!(binop("shl", 1, 63), i64::MIN);
    assert_eq!(binop("shl", 3, 0), 3);
    assert_eq!(binop("lshr", -1, 60), 15);
    assert_eq!(binop("ashr", -16, 2), -4);
    assert_eq!(binop("ashr", i64::MIN, 63), -1);
    assert_eq!(binop("lshr", i64::MIN, 63), 1);
}

#[test]
fn bitwise() {
    assert_eq!(binop("and", 12, 10), 8);
    assert_eq!(binop("or", 12, 10), 14);
    assert_eq!(binop("xor", 12, 10), 6);
    assert_eq!(binop("xor", -1, 0), -1);
}

fn icmp(cnd: &str, a: i64, b: i64) -> i64 {
    returns(&format!(
        "define i64 @main() {{\n  %c = icmp {cnd} i64 {a}, {b}\n  br i1 %c, label %t, label %f\nt:\n  ret i64 1\nf:\n  ret i64 0\n}}\n"
    ))
}

#[test]
fn icmp_is_signed() {
    assert_eq!(icmp("eq", 3, 3), 1);
    assert_eq!(icmp("eq", 3, 4), 0);
    assert_eq!(icmp("ne", 3, 4), 1);
    assert_eq!(icmp("slt", -1, 1), 1);
    assert_eq!(icmp("slt", 1, -1), 0);
    assert_eq!(icmp("sle", 5, 5), 1);
    assert_eq!(icmp("sgt", i64::MAX, i64::MIN), 1);
    assert_eq!(icmp("sge", -5, -4), 0);
}

#[test]
fn alloca_store_load() {
    let text = "
define i64 @main() {
  %p = alloca i64
  store i64 17, i64* %p
  %q = alloca i64
  store i64 25, i64* %q
  %a = load i64, i64* %p
  %b = load i64, i64* %q
  %r = add i64 %a, %b
  ret i64 %r
}
";
    assert_eq!(returns(text), 42);
}

#[test]
fn store_and_load_pointers_and_i1() {
    let text = "
define i64 @main() {
  %x = alloca i64
  store i64 9, i64* %x
  %pp = alloca i64*
  store i64* %x, i64** %pp
  %b = alloca i1
  %c = icmp eq i64 1, 1
  store i1 %c, i1* %b
  %p = load i64*, i64** %pp
  %v = load i64, i64* %p
  %bv = load i1, i1* %b
  br i1 %bv, label %yes, label %no
yes:
  ret i64 %v
no:
  ret i64 0
}
";
    assert_eq!(returns(text), 9);
}

#[test]
fn call_direct_and_through_a_stored_function_pointer() {
    let text = "
define i64 @twice(i64 %x) {
  %r = mul i64 %x, 2
  ret i64 %r
}

define void @nothing() {
  ret void
}

@fp = global i64(i64)* @twice

define i64 @main() {
  call void @nothing()
  %a = call i64 @twice(i64 5)
  %f = load i64(i64)*, i64(i64)** @fp
  %b = call i64 %f(i64 %a)
  ret i64 %b
}
";
    assert_eq!(returns(text), 20);
}

#[test]
fn gep_into_struct_and_array_fields() {
    let text = "
%pair = type { i64, [3 x i64] }
@g = global %pair { i64 1, [3 x i64] [ i64 10, i64 20, i64 30 ] }

define i64 @main() {
  %arr = getelementptr %pair, %pair* @g, i32 0, i32 1
  %e2 = getelementptr [3 x i64], [3 x i64]* %arr, i64 0, i64 2
  %v = load i64, i64* %e2
  %e0 = getelementptr [3 x i64], [3 x i64]* %arr, i64 0, i64 0
  %e1 = getelementptr i64, i64* %e0, i64 1
  %w = load i64, i64* %e1
  %f = getelementptr %pair, %pair* @g, i32 0, i32 0
  %u = load i64, i64* %f
  %s = add i64 %v, %w
  %r = add i64 %s, %u
  ret i64 %r
}
";
    // 30 + 20 + 1
    assert_eq!(returns(text), 51);
}

#[test]
fn gep_index_from_a_local() {
    let text = "
@a = global [4 x i64] [ i64 5, i64 6, i64 7, i64 8 ]

define i64 @main() {
  %i = add i64 1, 2
  %p = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 %i
  %v = load i64, i64* %p
  ret i64 %v
}
";
    assert_eq!(returns(text), 8);
}

#[test]
fn bitcast_keeps_the_value_and_tag() {
    // The tag stays i64 through any chain of bitcasts, so loading at i64
    // after casting back works.
    let text = "
define i64 @main() {
  %p = alloca i64
  store i64 33, i64* %p
  %c = bitcast i64* %p to i8*
  %s = bitcast i8* %c to { i64 }*
  %back = bitcast { i64 }* %s to i64*
  %w = load i64, i64* %back
  ret i64 %w
}
";
    assert_eq!(returns(text), 33);
}

#[test]
fn gep_into_a_word_through_a_struct_cast_is_undef() {
    // The spec's rule: the new path must target a subtree. The alloca holds
    // one word, so the path [0, 0] of `gep {i64}, p, 0, 0` targets nothing
    // (stricter than native code, where the address is the same).
    let text = "
define i64 @main() {
  %p = alloca i64
  store i64 33, i64* %p
  %s = bitcast i64* %p to { i64 }*
  %f = getelementptr { i64 }, { i64 }* %s, i32 0, i32 0
  %v = load i64, i64* %f
  ret i64 %v
}
";
    let msg = assert_undefined(text, spec::UndefinedKind::UndefPtrDeref, "main", "entry", 4);
    assert!(msg.contains("targets no subtree"), "{msg}");
}

#[test]
fn br_and_cbr_loop() {
    let text = "
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %c = icmp sle i64 %iv, 10
  br i1 %c, label %body, label %done
body:
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %iv
  store i64 %s2, i64* %s
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  br label %head
done:
  %r = load i64, i64* %s
  ret i64 %r
}
";
    assert_eq!(returns(text), 55);
}

#[test]
fn argv_reaches_main() {
    let text = "
define i64 @main(i64 %argc, i8** %argv) {
  %p1 = getelementptr i8*, i8** %argv, i64 1
  %s1 = load i8*, i8** %p1
  call void @ll_puts(i8* %s1)
  %s0 = load i8*, i8** %argv
  call void @ll_puts(i8* %s0)
  ret i64 %argc
}
";
    let (v, out) = returns_out(text, &["hello", "world"]);
    assert_eq!(v, 3);
    assert_eq!(out, "hello\nlloracle\n");
}

#[test]
fn argv_past_the_end_is_undef() {
    let text = "
define i64 @main(i64 %argc, i8** %argv) {
  %p = getelementptr i8*, i8** %argv, i64 1
  %s = load i8*, i8** %p
  ret i64 0
}
";
    assert_undefined(text, spec::UndefinedKind::UndefPtrDeref, "main", "entry", 1);
}

#[test]
fn entry_option_picks_another_function() {
    let text = "
define i64 @start() {
  ret i64 5
}
";
    let opts = oracle::Options {
        entry: "start".into(),
        ..oracle::Options::default()
    };
    match run_with(text, &[], &opts) {
        spec::Outcome::Returned { value, .. } => assert_eq!(value, 5),
        o => panic!("{o}"),
    }
}

#[test]
fn long_paths_load_store_and_compare() {
    // Paths longer than the inline capacity: [0, 1, 1, 1, 1] and friends.
    let text = "
%in = type { i64, [2 x i64] }
%out = type { i64, [2 x %in] }
@g = global %out { i64 1, [2 x %in] [ %in { i64 2, [2 x i64] [ i64 3, i64 4 ] }, %in { i64 5, [2 x i64] [ i64 6, i64 7 ] } ] }

define i64 @main() {
  %p = getelementptr %out, %out* @g, i32 0, i32 1, i64 1, i32 1, i64 1
  %v = load i64, i64* %p
  %arr = getelementptr %out, %out* @g, i32 0, i32 1, i64 1, i32 1
  %q = getelementptr [2 x i64], [2 x i64]* %arr, i64 0, i64 1
  store i64 70, i64* %q
  %w = load i64, i64* %p
  %e = icmp eq i64* %p, %q
  %q0 = getelementptr [2 x i64], [2 x i64]* %arr, i64 0, i64 0
  %back = getelementptr i64, i64* %q0, i64 1
  %f = icmp eq i64* %back, %p
  br i1 %e, label %second, label %no
second:
  br i1 %f, label %yes, label %no
yes:
  %r = add i64 %v, %w
  ret i64 %r
no:
  ret i64 0
}
";
    // v = 7, then 70 stored through the other path: 77.
    assert_eq!(returns(text), 77);
}

/// `@second` loads field 1 of its `{i64, i64}*` argument through one GEP
/// with literal indices; the machine remembers what such a GEP did last,
/// which must never leak into its next run on another base.
const SECOND: &str = "define i64 @second({ i64, i64 }* %p) {
  %q = getelementptr { i64, i64 }, { i64, i64 }* %p, i64 0, i32 1
  %v = load i64, i64* %q
  ret i64 %v
}
define i64 @main() {
  %a = alloca { i64, i64 }
  %a1 = getelementptr { i64, i64 }, { i64, i64 }* %a, i64 0, i32 1
  store i64 5, i64* %a1
  %x = call i64 @second({ i64, i64 }* %a)
";

/// On a `{i64, {i64}}` (cast) the GEP reaches the inner struct, not a
/// word, so loading through it is out of bounds; on a `{i64, i64}` it
/// reaches a word.
#[test]
fn one_gep_on_bases_of_different_shapes() {
    let text = format!(
        "{SECOND}  %b = alloca {{ i64, i64 }}
  %b1 = getelementptr {{ i64, i64 }}, {{ i64, i64 }}* %b, i64 0, i32 1
  store i64 7, i64* %b1
  %y = call i64 @second({{ i64, i64 }}* %b)
  %r = add i64 %x, %y
  %d = alloca {{ i64, {{ i64 }} }}
  %dc = bitcast {{ i64, {{ i64 }} }}* %d to {{ i64, i64 }}*
  %z = call i64 @second({{ i64, i64 }}* %dc)
  ret i64 %r
}}
"
    );
    let msg = assert_undefined(
        &text,
        spec::UndefinedKind::OutOfBounds,
        "second",
        "entry",
        1,
    );
    assert!(msg.contains("not a word"), "{msg}");
    // Without the third call: 5 + 7.
    let cut = text.find("  %d = alloca").expect("the third call is there");
    assert_eq!(returns(&format!("{}  ret i64 %r\n}}\n", &text[..cut])), 12);
}

/// The same GEP on a live base and then on a pointer into a frame that has
/// returned: the second time its base check fails, so the result is undef
/// and the load through it is `undef-ptr-deref`.
#[test]
fn one_gep_on_a_live_then_a_freed_base() {
    let text = format!(
        "define {{ i64, i64 }}* @leak() {{
  %s = alloca {{ i64, i64 }}
  ret {{ i64, i64 }}* %s
}}
{SECOND}  %dead = call {{ i64, i64 }}* @leak()
  %y = call i64 @second({{ i64, i64 }}* %dead)
  ret i64 %x
}}
"
    );
    assert_undefined(
        &text,
        spec::UndefinedKind::UndefPtrDeref,
        "second",
        "entry",
        1,
    );
}

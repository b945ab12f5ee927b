//! The evaluator on hand-written programs. Every expected output is worked
//! out by hand from the Oat rules (docs/oat.md) and the course runtime's
//! `printf` formats, not taken from the evaluator.

use oat::eval::{run, Limits, Outcome};
use oat::OatVersion::{self, V1, V2};

fn outcome(src: &str, v: OatVersion) -> Outcome {
    let p = oat::parse::program(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    run(&p, v, &Limits::default())
}

/// Stdout and status of a program that must return.
fn returns(src: &str, v: OatVersion) -> (String, u8) {
    match outcome(src, v) {
        Outcome::Returned { stdout, value } => (String::from_utf8(stdout).unwrap(), value as u8),
        o => panic!("did not return: {o:?}\n{src}"),
    }
}

fn main_body(body: &str) -> String {
    format!("int program(int argc, string[] argv) {{\n{body}\n}}\n")
}

#[test]
fn status_is_the_result_modulo_256() {
    // 3 + 4 * 2 = 11 (* binds tighter); 300 mod 256 = 44.
    let (out, st) = returns(&main_body("print_int(3 + 4 * 2); return 300;"), V1);
    assert_eq!((out.as_str(), st), ("11", 44));
    // -1 mod 256 = 255.
    assert_eq!(returns(&main_body("return -1;"), V1).1, 255);
}

#[test]
fn unary_minus_spans_a_product_and_wraps() {
    // -(2 * 3) + 10 = 4; i64::MAX + 1 wraps to i64::MIN.
    let (out, _) = returns(
        &main_body("print_int(-2 * 3 + 10); print_string(\" \"); print_int(9223372036854775807 + 1); return 0;"),
        V1,
    );
    assert_eq!(out, "4 -9223372036854775808");
}

#[test]
fn shifts_logical_arithmetic_and_left() {
    // -8 = 0xFFFF_FFFF_FFFF_FFF8: >> 60 (logical) = 0xF = 15; >>> 1 = -4;
    // 1 << 63 = i64::MIN.
    let (out, _) = returns(
        &main_body(
            "print_int(-8 >> 60); print_string(\",\"); print_int(-8 >>> 1); print_string(\",\"); print_int(1 << 63); return 0;",
        ),
        V1,
    );
    assert_eq!(out, "15,-4,-9223372036854775808");
}

#[test]
fn shift_by_64_is_undefined() {
    assert!(matches!(
        outcome(&main_body("print_int(1 << 64); return 0;"), V1),
        Outcome::Undefined { .. }
    ));
}

#[test]
fn bool_and_or_evaluate_both_sides_left_to_right() {
    let src = "bool t(string s) { print_string(s); return true; }\n\
               bool f(string s) { print_string(s); return false; }\n"
        .to_string()
        + &main_body("print_bool(f(\"a\") & t(\"b\")); print_bool(t(\"c\") | f(\"d\")); print_bool(!false); return 0;");
    // `&`/`|` are not short-circuit: b and d are printed.
    assert_eq!(returns(&src, V1).0, "abfalsecdtruetrue");
}

#[test]
fn bitwise_int_operators() {
    // 12 [&] 10 = 8, 12 [|] 10 = 14, ~0 = -1.
    let (out, _) = returns(
        &main_body("print_int(12 [&] 10); print_int(12 [|] 10); print_int(~0); return 0;"),
        V1,
    );
    assert_eq!(out, "814-1");
}

#[test]
fn arguments_and_assignments_left_to_right() {
    let src = "int n(int k) { print_int(k); return k; }\n\
               void two(int a, int b) { return; }\n"
        .to_string()
        + &main_body("var a = new int[]{0, 0, 0}; two(n(1), n(2)); a[n(0)] = n(3); print_int(a[0]); return 0;");
    // Arguments 1 then 2; the assignment's index (0) before its value (3).
    assert_eq!(returns(&src, V1).0, "12033");
}

#[test]
fn locals_shadow_globals_for_their_scope() {
    let src = "global x = 5;\n".to_string()
        + &main_body("print_int(x); if (true) { var x = 7; print_int(x); } print_int(x); var x = \"s\"; print_string(x); return 0;");
    assert_eq!(returns(&src, V1).0, "575s");
}

#[test]
fn for_loops_with_two_declarations_and_while() {
    let src = main_body(
        "for (var i = 0, var j = 10; i < 3; i = i + 1;) { print_int(i + j); }\n\
         var w = 0; while (w < 2) { print_int(w); w = w + 1; } return w;",
    );
    assert_eq!(returns(&src, V1), ("10111201".into(), 2));
}

#[test]
fn string_builtins_as_runtime_c() {
    let src = main_body(
        "var a = array_of_string(\"AB\"); print_int(a[0]); print_int(length_of_string(\"hello\"));\n\
         a[1] = 99; print_string(string_of_array(a)); print_string(string_cat(\"x\", string_of_int(-12))); return 0;",
    );
    // 'A' = 65; "hello" has 5 characters; {65, 99} = "Ac".
    assert_eq!(returns(&src, V1).0, "655Acx-12");
}

#[test]
fn string_of_array_with_a_zero_character_traps() {
    let src = main_body("print_string(string_of_array(new int[]{65, 256})); return 0;");
    // 256 becomes (char)0, which runtime.c asserts against.
    assert!(matches!(outcome(&src, V1), Outcome::Trap { .. }));
}

#[test]
fn array_initialisers_and_length() {
    let src = main_body(
        "var a = new int[4]{i -> i * i}; print_int(a[3]); print_int(length(a));\n\
         var b = new bool[2]; b[0] = true; b[1] = false; print_bool(b[0]); return length(new int[0]);",
    );
    assert_eq!(returns(&src, V2), ("94true".into(), 0));
}

#[test]
fn new_arrays_start_zeroed() {
    // The handouts' ast.ml: `NewArr ... (* zero-initialized arrays *)`.
    // v[1] was never written: 0; b[1] likewise false; the status is
    // v[1] + 7 = 7.
    let src = main_body(
        "var v = new int[3]; v[0] = 5; print_int(v[1]); var b = new bool[2]; b[0] = true;\n\
         print_bool(b[1]); return v[1] + 7;",
    );
    for v in [V1, V2] {
        assert_eq!(returns(&src, v), ("0false".into(), 7));
    }
    // The example: `return v[1];` gives 0.
    let src = main_body("var v = new int[3]; return v[1];");
    assert_eq!(returns(&src, V2), (String::new(), 0));
    // A nullable element starts null: `if?` takes its else branch (2).
    let src = "struct S { int f }\n".to_string()
        + &main_body(
            "var a = new S?[2]; if? (S s = a[0]) { print_int(1); } else { print_int(2); } return 0;",
        );
    assert_eq!(returns(&src, V2).0, "2");
}

#[test]
fn an_unwritten_element_of_a_non_null_type_is_undefined() {
    // Oat v1's checker accepts `new string[2]`; its zero is a null
    // string, which print_string may not be given.
    let src = main_body("var a = new string[2]; a[0] = \"x\"; print_string(a[1]); return 0;");
    assert!(matches!(outcome(&src, V1), Outcome::Undefined { .. }));
}

#[test]
fn argument_order_is_open_and_each_order_is_one_outcome() {
    use oat::eval::{outcomes, run_in_order};
    use oat::order::{ArgOrder, ArgOrders};
    let src = "int n(int k) { print_int(k); return k; }\n\
               void two(int a, int b) { return; }\n"
        .to_string()
        + &main_body("two(n(1), n(2)); print_string(string_cat(\"a\", \"b\")); return 0;");
    let p = oat::parse::program(&src).unwrap();
    let l = Limits::default();
    let printed = |o: &Outcome| String::from_utf8(o.stdout().to_vec()).unwrap();
    // Left to right: 1 then 2; right to left: 2 then 1. Either way the
    // callee gets its arguments in their places: string_cat gives "ab".
    let ltr = run_in_order(&p, V2, &l, &[], ArgOrder::LeftToRight);
    let rtl = run_in_order(&p, V2, &l, &[], ArgOrder::RightToLeft);
    assert_eq!(
        (printed(&ltr), printed(&rtl)),
        ("12ab".into(), "21ab".into())
    );
    // The language leaves the order open: both outcomes, left to right first.
    assert_eq!(
        outcomes(&p, V2, &l, &[], ArgOrders::Open),
        vec![ltr.clone(), rtl.clone()]
    );
    let fixed = ArgOrders::Fixed(ArgOrder::RightToLeft);
    assert_eq!(outcomes(&p, V2, &l, &[], fixed), vec![rtl]);
    // A program whose output does not depend on the order has one outcome.
    let q = oat::parse::program(&main_body(
        "print_string(string_cat(\"a\", \"b\")); return 0;",
    ))
    .unwrap();
    assert_eq!(outcomes(&q, V2, &l, &[], ArgOrders::Open).len(), 1);
}

#[test]
fn out_of_bounds_traps_in_v2_and_is_undefined_in_v1() {
    let src = main_body("var a = new int[]{1, 2, 3}; print_int(1); print_int(a[3]); return 0;");
    match outcome(&src, V2) {
        Outcome::Trap { stdout, .. } => assert_eq!(stdout, b"1"),
        o => panic!("{o:?}"),
    }
    assert!(matches!(outcome(&src, V1), Outcome::Undefined { .. }));
}

#[test]
fn structs_fields_in_written_order_and_if_null() {
    let src = "struct P { int a; int b }\n\
               int n(int k) { print_int(k); return k; }\n"
        .to_string()
        + &main_body(
            "var p = new P { b = n(1); a = n(2) }; print_int(p.a - p.b);\n\
             var q = P null; if? (P r = q) { print_string(\"x\"); } else { print_string(\"null\"); }\n\
             q = p; if? (P r = q) { r.a = 40; } print_int(p.a); return 0;",
        );
    // b's initialiser runs first (written order); 2 - 1 = 1; r aliases p.
    assert_eq!(returns(&src, V2).0, "121null40");
}

#[test]
fn function_values() {
    let src = "int inc(int x) { return x + 1; }\nint dbl(int x) { return x * 2; }\nglobal fp = inc;\n"
        .to_string()
        + &main_body("var g = dbl; print_int(fp(3)); print_int(g(3)); var fs = new ((int) -> int)[]{inc, dbl}; return fs[1](fs[0](4));");
    assert_eq!(returns(&src, V2), ("46".into(), 10));
}

#[test]
fn reference_equality_is_identity() {
    let src = main_body(
        "var a = new int[]{1}; var b = new int[]{1}; var c = a; print_bool(a == b); print_bool(a == c);\n\
         print_bool(int[] null == int[] null); return 0;",
    );
    assert_eq!(returns(&src, V2).0, "falsetruetrue");
    let strings = main_body("print_bool(\"a\" == \"a\"); return 0;");
    assert!(matches!(outcome(&strings, V2), Outcome::Undefined { .. }));
}

#[test]
fn limits_stop_loops_and_recursion() {
    let small = Limits {
        fuel: 100_000,
        max_depth: 50,
        max_bytes: 1 << 20,
    };
    let limited = |src: &str| {
        let p = oat::parse::program(src).unwrap();
        matches!(run(&p, V1, &small), Outcome::Limit { .. })
    };
    assert!(limited(&main_body("while (true) { } return 0;")));
    assert!(limited(
        &("int f(int x) { return f(x + 1); }\n".to_string() + &main_body("return f(0);"))
    ));
    assert!(limited(&main_body(
        "var s = \"ab\"; while (true) { s = string_cat(s, s); } return 0;"
    )));
}

#[test]
fn malformed_programs_are_reported_not_panicked() {
    for src in [
        "int f() { return 0; }",
        &main_body("return y;"),
        &main_body("return true + 1;"),
        &main_body("var s = new S { a = 1 }; return 0;"),
    ] {
        assert!(matches!(outcome(src, V2), Outcome::Malformed(_)), "{src}");
    }
}

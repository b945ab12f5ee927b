//! Twenty programs written for the back end, each with its expected outcome
//! derived by hand from the spec: the oracle must say exactly that, the
//! native run (in-process runner) must say the same, and the executable
//! built from the assembly text with cc and llrt.c must exit with the value
//! mod 256 and print the same bytes.

use crate::common;

use common::*;
use spec::Outcome;

struct Case {
    name: &'static str,
    text: &'static str,
    args: &'static [&'static str],
    value: i64,
    stdout: &'static str,
}

const CASES: &[Case] = &[
    Case {
        name: "fac",
        text: include_str!("../../../corpus/spec/factorial.ll"),
        args: &[],
        value: 720,
        stdout: "",
    },
    Case {
        name: "hello",
        text: "@s = global [6 x i8] c\"hello\\00\"
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  ret i64 0
}",
        args: &[],
        value: 0,
        stdout: "hello\n",
    },
    Case {
        // ll_ltoa of i64::MIN (its magnitude does not fit i64), ll_strcat.
        name: "strcat_ltoa_min",
        text: "@pre = global [3 x i8] c\"n=\\00\"
define i64 @main() {
  %m = shl i64 1, 63
  %s = call i8* @ll_ltoa(i64 %m)
  %p = getelementptr [3 x i8], [3 x i8]* @pre, i64 0, i64 0
  %t = call i8* @ll_strcat(i8* %p, i8* %s)
  call void @ll_puts(i8* %t)
  ret i64 1
}",
        args: &[],
        value: 1,
        stdout: "n=-9223372036854775808\n",
    },
    Case {
        // Horner over nine arguments (three on the stack, odd count: padding).
        name: "nine_args",
        text: "define i64 @h(i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5, i64 %a6, i64 %a7, i64 %a8, i64 %a9) {
  %r9 = mul i64 %a9, 10
  %r8 = add i64 %r9, %a8
  %s8 = mul i64 %r8, 10
  %r7 = add i64 %s8, %a7
  %s7 = mul i64 %r7, 10
  %r6 = add i64 %s7, %a6
  %s6 = mul i64 %r6, 10
  %r5 = add i64 %s6, %a5
  %s5 = mul i64 %r5, 10
  %r4 = add i64 %s5, %a4
  %s4 = mul i64 %r4, 10
  %r3 = add i64 %s4, %a3
  %s3 = mul i64 %r3, 10
  %r2 = add i64 %s3, %a2
  %s2 = mul i64 %r2, 10
  %r1 = add i64 %s2, %a1
  ret i64 %r1
}
define i64 @main() {
  %r = call i64 @h(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9)
  ret i64 %r
}",
        args: &[],
        value: 987_654_321,
        stdout: "",
    },
    Case {
        // An indirect call with seven arguments through a pointer loaded
        // from a global struct: 7*1 + 6*2 + ... + 1*7 = 84.
        name: "indirect_seven",
        text: "%tab = type { i64, i64 (i64, i64, i64, i64, i64, i64, i64)* }
@t = global %tab { i64 5, i64 (i64, i64, i64, i64, i64, i64, i64)* @dot }
define i64 @dot(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g) {
  %a1 = mul i64 %a, 7
  %b1 = mul i64 %b, 6
  %c1 = mul i64 %c, 5
  %d1 = mul i64 %d, 4
  %e1 = mul i64 %e, 3
  %f1 = mul i64 %f, 2
  %s1 = add i64 %a1, %b1
  %s2 = add i64 %s1, %c1
  %s3 = add i64 %s2, %d1
  %s4 = add i64 %s3, %e1
  %s5 = add i64 %s4, %f1
  %s6 = add i64 %s5, %g
  ret i64 %s6
}
define i64 @main() {
  %pp = getelementptr %tab, %tab* @t, i64 0, i32 1
  %fp = load i64 (i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64)** %pp
  %r = call i64 %fp(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7)
  ret i64 %r
}",
        args: &[],
        value: 84,
        stdout: "",
    },
    Case {
        // m[i][j] = 4i + j; dynamic indices from a function's parameters.
        name: "matrix_dynamic_gep",
        text: "@m = global [3 x [4 x i64]] [[4 x i64] [i64 0, i64 1, i64 2, i64 3], [4 x i64] [i64 4, i64 5, i64 6, i64 7], [4 x i64] [i64 8, i64 9, i64 10, i64 11]]
define i64 @at(i64 %i, i64 %j) {
  %p = getelementptr [3 x [4 x i64]], [3 x [4 x i64]]* @m, i64 0, i64 %i, i64 %j
  %v = load i64, i64* %p
  ret i64 %v
}
define i64 @main() {
  %a = call i64 @at(i64 2, i64 3)
  %b = call i64 @at(i64 1, i64 2)
  %c = mul i64 %a, 100
  %r = add i64 %c, %b
  ret i64 %r
}",
        args: &[],
        value: 1106,
        stdout: "",
    },
    Case {
        // The sum of the second fields of an array of structs, by a loop.
        name: "struct_array_loop",
        text: "%pt = type { i64, i64 }
@pts = global [3 x %pt] [%pt { i64 1, i64 2 }, %pt { i64 3, i64 4 }, %pt { i64 5, i64 6 }]
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %c = icmp slt i64 %iv, 3
  br i1 %c, label %body, label %done
body:
  %p = getelementptr [3 x %pt], [3 x %pt]* @pts, i64 0, i64 %iv, i32 1
  %y = load i64, i64* %p
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %y
  store i64 %s2, i64* %s
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  br label %head
done:
  %r = load i64, i64* %s
  ret i64 %r
}",
        args: &[],
        value: 12,
        stdout: "",
    },
    Case {
        // An aggregate alloca in the entry block: a[i] = i*i, sum 0..9 = 285.
        name: "array_alloca",
        text: "define i64 @main() {
  %a = alloca [10 x i64]
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %fill
fill:
  %iv = load i64, i64* %i
  %c = icmp slt i64 %iv, 10
  br i1 %c, label %fbody, label %sum0
fbody:
  %p = getelementptr [10 x i64], [10 x i64]* %a, i64 0, i64 %iv
  %sq = mul i64 %iv, %iv
  store i64 %sq, i64* %p
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  br label %fill
sum0:
  store i64 9, i64* %i
  br label %sum
sum:
  %jv = load i64, i64* %i
  %q = getelementptr [10 x i64], [10 x i64]* %a, i64 0, i64 %jv
  %x = load i64, i64* %q
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %x
  store i64 %s2, i64* %s
  %j2 = sub i64 %jv, 1
  store i64 %j2, i64* %i
  %more = icmp sge i64 %j2, 0
  br i1 %more, label %sum, label %done
done:
  %r = load i64, i64* %s
  ret i64 %r
}",
        args: &[],
        value: 285,
        stdout: "",
    },
    Case {
        // An alloca outside the entry block runs five times, each run's
        // node used only in its own iteration (an earlier run's block may
        // not be used once the alloca runs again: docs/semantics.md,
        // "Superseded allocas"): values 1..5 stored and read back, summed: 15.
        name: "alloca_in_loop_nodes",
        text: "%node = type { i64, %node* }
define i64 @main() {
  %i = alloca i64
  %acc = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %acc
  br label %loop
loop:
  %iv = load i64, i64* %i
  %n = alloca %node
  %vp = getelementptr %node, %node* %n, i64 0, i32 0
  store i64 %iv, i64* %vp
  %np = getelementptr %node, %node* %n, i64 0, i32 1
  store %node* null, %node** %np
  %v = load i64, i64* %vp
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %v
  store i64 %a2, i64* %acc
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  %c = icmp sle i64 %i2, 5
  br i1 %c, label %loop, label %done
done:
  %r = load i64, i64* %acc
  ret i64 %r
}",
        args: &[],
        value: 15,
        stdout: "",
    },
    Case {
        // lshr -1, 60 = 15; ashr -16, 2 = -4; shl 1, 63 = i64::MIN.
        name: "shifts",
        text: "define i64 @b(i1 %c) {
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
define i64 @main() {
  %l = lshr i64 -1, 60
  %a = ashr i64 -16, 2
  %s = shl i64 1, 63
  %e = icmp eq i64 %s, -9223372036854775808
  %eb = call i64 @b(i1 %e)
  %h = mul i64 %eb, 100
  %la = add i64 %l, %a
  %r = add i64 %la, %h
  ret i64 %r
}",
        args: &[],
        value: 111,
        stdout: "",
    },
    Case {
        // Six comparisons, bit k set when comparison k holds:
        // slt -1,0 (1) sle 0,0 (2) sgt -5,3 (no) sge 3,3 (8) eq 1,2 (no) ne 1,2 (32).
        name: "icmp_all",
        text: "define i64 @b(i1 %c, i64 %w) {
  br i1 %c, label %t, label %f
t:
  ret i64 %w
f:
  ret i64 0
}
define i64 @main() {
  %c0 = icmp slt i64 -1, 0
  %c1 = icmp sle i64 0, 0
  %c2 = icmp sgt i64 -5, 3
  %c3 = icmp sge i64 3, 3
  %c4 = icmp eq i64 1, 2
  %c5 = icmp ne i64 1, 2
  %v0 = call i64 @b(i1 %c0, i64 1)
  %v1 = call i64 @b(i1 %c1, i64 2)
  %v2 = call i64 @b(i1 %c2, i64 4)
  %v3 = call i64 @b(i1 %c3, i64 8)
  %v4 = call i64 @b(i1 %c4, i64 16)
  %v5 = call i64 @b(i1 %c5, i64 32)
  %s1 = or i64 %v0, %v1
  %s2 = or i64 %s1, %v2
  %s3 = or i64 %s2, %v3
  %s4 = or i64 %s3, %v4
  %s5 = or i64 %s4, %v5
  ret i64 %s5
}",
        args: &[],
        value: 43,
        stdout: "",
    },
    Case {
        // A constant that needs movabs, and wrapping addition.
        name: "wide_constants",
        text: "define i64 @main() {
  %x = add i64 1311768467463790320, 1
  %y = add i64 9223372036854775807, 1
  %z = xor i64 %x, %y
  ret i64 %z
}",
        args: &[],
        // 0x123456789ABCDEF1 ^ 0x8000000000000000 = 0x923456789ABCDEF1
        value: 0x1234_5678_9ABC_DEF1_u64 as i64 ^ i64::MIN,
        stdout: "",
    },
    Case {
        name: "argv",
        text: "define i64 @main(i64 %argc, i8** %argv) {
  %p0 = getelementptr i8*, i8** %argv, i64 0
  %a0 = load i8*, i8** %p0
  call void @ll_puts(i8* %a0)
  %p1 = getelementptr i8*, i8** %argv, i64 1
  %a1 = load i8*, i8** %p1
  call void @ll_puts(i8* %a1)
  ret i64 %argc
}",
        args: &["first", "second"],
        value: 3,
        stdout: "lloracle\nfirst\n",
    },
    Case {
        // The spec's @foo / @bar / @baz.
        name: "global_pointers",
        text: "@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar
define i64 @main() {
  %b = load i64**, i64*** @baz
  %f = load i64*, i64** %b
  %v = load i64, i64* %f
  ret i64 %v
}",
        args: &[],
        value: 42,
        stdout: "",
    },
    Case {
        // A function pointer and a bitcast in global initializers.
        name: "fptr_and_bitcast_globals",
        text: "@n = global i64 40
@fp = global i64 (i64)* @inc
@np = global i8* bitcast (i64* @n to i8*)
define i64 @inc(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}
define i64 @main() {
  %s = load i8*, i8** @np
  %p = bitcast i8* %s to i64*
  %v = load i64, i64* %p
  %f = load i64 (i64)*, i64 (i64)** @fp
  %a = call i64 %f(i64 %v)
  %b = call i64 %f(i64 %a)
  ret i64 %b
}",
        args: &[],
        value: 42,
        stdout: "",
    },
    Case {
        name: "mutual_recursion",
        text: "define i64 @even(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i64 1
no:
  %m = sub i64 %n, 1
  %r = call i64 @odd(i64 %m)
  ret i64 %r
}
define i64 @odd(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i64 0
no:
  %m = sub i64 %n, 1
  %r = call i64 @even(i64 %m)
  ret i64 %r
}
define i64 @main() {
  %a = call i64 @odd(i64 101)
  %b = call i64 @even(i64 101)
  %c = mul i64 %b, 10
  %r = add i64 %a, %c
  ret i64 %r
}",
        args: &[],
        value: 1,
        stdout: "",
    },
    Case {
        // Recursion 50000 deep: sum 1..50000 = 1250025000.
        name: "deep_recursion",
        text: "define i64 @sum(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @sum(i64 %m)
  %s = add i64 %r, %n
  ret i64 %s
}
define i64 @main() {
  %r = call i64 @sum(i64 50000)
  ret i64 %r
}",
        args: &[],
        value: 1_250_025_000,
        stdout: "",
    },
    Case {
        // A void function writing through an out parameter.
        name: "void_out_param",
        text: "define void @put(i64* %p, i64 %v) {
  %d = mul i64 %v, 2
  store i64 %d, i64* %p
  ret void
}
define i64 @main() {
  %x = alloca i64
  call void @put(i64* %x, i64 21)
  %r = load i64, i64* %x
  ret i64 %r
}",
        args: &[],
        value: 42,
        stdout: "",
    },
    Case {
        // A struct and its first field share an address (docs/semantics.md,
        // pointer equality by layout offset); its second field does not.
        name: "pointer_equality",
        text: "@s = global { i64, i64 } { i64 1, i64 2 }
define i64 @b(i1 %c, i64 %w) {
  br i1 %c, label %t, label %f
t:
  ret i64 %w
f:
  ret i64 0
}
define i64 @main() {
  %f0 = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 0
  %f1 = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 1
  %c = bitcast { i64, i64 }* @s to i64*
  %e0 = icmp eq i64* %f0, %c
  %e1 = icmp eq i64* %f1, %c
  %v0 = call i64 @b(i1 %e0, i64 1)
  %v1 = call i64 @b(i1 %e1, i64 2)
  %r = add i64 %v0, %v1
  ret i64 %r
}",
        args: &[],
        value: 1,
        stdout: "",
    },
    Case {
        // A string inside a struct after an i64: printed from its field.
        name: "string_in_struct",
        text: "@s = global { i64, [4 x i8] } { i64 7, [4 x i8] c\"abc\\00\" }
define i64 @main() {
  %p = getelementptr { i64, [4 x i8] }, { i64, [4 x i8] }* @s, i64 0, i32 1, i64 0
  call void @ll_puts(i8* %p)
  %q = getelementptr { i64, [4 x i8] }, { i64, [4 x i8] }* @s, i64 0, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}",
        args: &[],
        value: 7,
        stdout: "abc\n",
    },
];

fn args_of(c: &Case) -> Vec<String> {
    c.args.iter().map(|s| s.to_string()).collect()
}

fn expected(c: &Case) -> Outcome {
    Outcome::Returned {
        value: c.value,
        stdout: c.stdout.as_bytes().to_vec(),
    }
}

#[test]
fn there_are_twenty_programs() {
    assert_eq!(CASES.len(), 20);
}

#[test]
fn oracle_says_what_the_spec_says() {
    for c in CASES {
        let p = checked(c.name, c.text);
        assert_eq!(oracle(&p, &args_of(c)), expected(c), "{}", c.name);
    }
}

#[test]
fn native_runner_agrees() {
    for c in CASES {
        let p = checked(c.name, c.text);
        assert_eq!(native(&p, &args_of(c)), expected(c), "{}", c.name);
    }
}

#[test]
fn decoded_machine_code_is_what_was_emitted() {
    for c in CASES {
        let m = codegen::compile(&checked(c.name, c.text)).expect("compile");
        let n = m
            .decode_check()
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let emitted: usize = m
            .funcs
            .iter()
            .flat_map(|f| &f.insts)
            .map(|i| match i {
                codegen::MInst::Comment(_) | codegen::MInst::Label(_) => 0,
                codegen::MInst::SetCc(..) => 2,
                _ => 1,
            })
            .sum();
        assert_eq!(n, emitted, "{}", c.name);
    }
}

#[test]
fn assembly_text_through_cc_agrees() {
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    for c in CASES {
        let p = checked(c.name, c.text);
        let got = via_cc(&p, &args_of(c), dir.path(), c.name);
        // C passes argv[0] as the executable's path: compare that case on
        // the value only.
        if c.name == "argv" {
            let Outcome::Exited { code, stdout } = &got else {
                panic!("argv: {got:?}")
            };
            assert_eq!(*code, 3);
            assert!(stdout.ends_with(b"\nfirst\n"), "{stdout:?}");
            continue;
        }
        assert!(expected(c).agrees_with(&got), "{}: {got:?}", c.name);
    }
}

#[test]
fn disassembly_shows_llvmlite_comments() {
    let m = codegen::compile(&checked("fac", CASES[0].text)).expect("compile");
    let listing = m.disasm().expect("disasm");
    // The comments are the canonical printer's text (numeric names quoted).
    assert!(
        listing.contains("# %\"4\" = mul i64 %n, %\"3\""),
        "{listing}"
    );
    assert!(listing.contains("imul"), "{listing}");
    assert!(listing.contains("@fac:"), "{listing}");
}

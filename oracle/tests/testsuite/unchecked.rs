//! `run` assumes a checked program but never panics on an unchecked one:
//! what the checker should have rejected ends in an `oracle-internal`
//! diagnostic (or, where the program still means something, an outcome).
use oracle::Options;
use spec::{Outcome, Source};

fn run_unchecked(text: &str, fuel: u64) -> Option<Outcome> {
    let src = Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).ok()?;
    let opts = Options {
        fuel,
        max_depth: 1000,
        max_cells: 1_000_000,
        ..Options::default()
    };
    Some(oracle::run(&prog, Some(&src), &["x".into()], &opts))
}

fn internal_rule(o: Outcome) -> String {
    match o {
        Outcome::IllTyped { diagnostics } => diagnostics[0].rule.clone(),
        o => panic!("expected ill-typed, got {o}"),
    }
}

#[test]
fn undefined_local_is_internal() {
    let o = run_unchecked("define i64 @main() {\n  ret i64 %nope\n}\n", 100).expect("parses");
    assert_eq!(internal_rule(o), "oracle-internal");
}

#[test]
fn undefined_label_is_internal() {
    let o = run_unchecked("define i64 @main() {\n  br label %nowhere\n}\n", 100).expect("parses");
    assert_eq!(internal_rule(o), "oracle-internal");
}

#[test]
fn missing_entry_and_bad_main_type() {
    let o = run_unchecked("define i64 @f() {\n  ret i64 0\n}\n", 100).expect("parses");
    assert_eq!(internal_rule(o), "entry-defined");
    let o = run_unchecked("define i64 @main(i64 %x) {\n  ret i64 0\n}\n", 100).expect("parses");
    assert_eq!(internal_rule(o), "main-type");
}

#[test]
fn void_result_used_is_internal() {
    let text = "
define i64 @f() {
  ret void
}
define i64 @main() {
  %r = call i64 @f()
  %s = add i64 %r, 1
  ret i64 %s
}
";
    let o = run_unchecked(text, 100).expect("parses");
    assert_eq!(internal_rule(o), "oracle-internal");
}

#[test]
fn mistyped_initializer_is_internal() {
    let o = run_unchecked(
        "@g = global [2 x i64] [ i64 1 ]\ndefine i64 @main() {\n  ret i64 0\n}\n",
        100,
    )
    .expect("parses");
    assert_eq!(internal_rule(o), "oracle-internal");
}

const PROGRAMS: &[&str] = &["
%node = type { i64, %node* }
@s = global [6 x i8] c\"hello\\00\"
@g = global { { i64, i64 }, i64 } { { i64, i64 } { i64 1, i64 2 }, i64 3 }
@fp = global i64(i64)* @twice
define i64 @twice(i64 %x) {
  %r = mul i64 %x, 2
  ret i64 %r
}
define i64* @leak() {
  %x = alloca i64
  ret i64* %x
}
define i64 @main(i64 %argc, i8** %argv) {
  %n = alloca %node
  %v = getelementptr %node, %node* %n, i32 0, i32 0
  store i64 3, i64* %v
  %l = getelementptr %node, %node* %n, i32 0, i32 1
  store %node* %n, %node** %l
  %p = getelementptr [6 x i8], [6 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  %a1 = getelementptr i8*, i8** %argv, i64 1
  %s1 = load i8*, i8** %a1
  %c = call i8* @ll_strcat(i8* %p, i8* %s1)
  call void @ll_puts(i8* %c)
  %f = load i64(i64)*, i64(i64)** @fp
  %w = load i64, i64* %v
  %r = call i64 %f(i64 %w)
  %q = call i64* @leak()
  %e = icmp eq i64* %q, null
  %t = bitcast { { i64, i64 }, i64 }* @g to { i64, i64 }*
  %u = getelementptr { i64, i64 }, { i64, i64 }* %t, i32 0, i32 1
  %k = load i64, i64* %u
  br i1 %e, label %a, label %b
a:
  ret i64 %r
b:
  %z = shl i64 %r, %argc
  ret i64 %z
}
"];

/// Deleting any one line or any pair of adjacent lines of a program and
/// running what still parses, unchecked, never panics.
#[test]
fn line_deletions_never_panic() {
    let mut texts: Vec<String> = PROGRAMS.iter().map(|s| s.to_string()).collect();
    texts.extend(oracle::bench_programs().iter().map(|p| p.text.to_string()));
    let mut ran = 0;
    for text in &texts {
        let lines: Vec<&str> = text.lines().collect();
        for span in 1..=2 {
            for i in 0..lines.len() {
                let kept: Vec<&str> = lines
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j < i || *j >= i + span)
                    .map(|(_, l)| *l)
                    .collect();
                if run_unchecked(&kept.join("\n"), 20_000).is_some() {
                    ran += 1;
                }
            }
        }
    }
    assert!(ran > 50, "only {ran} mutants parsed");
}

/// A local read on a path that skips its definition (the checker's
/// dominance rule rejects this) is an internal error, even when an earlier
/// call of the same function left a value in the same place.
#[test]
fn local_read_before_its_definition_is_internal() {
    let text = "define i64 @f(i64 %c) {
  %t = icmp eq i64 %c, 0
  br i1 %t, label %use, label %def
def:
  %x = add i64 1, 2
  br label %use
use:
  ret i64 %x
}
define i64 @main() {
  %a = call i64 @f(i64 5)
  %b = call i64 @f(i64 0)
  %r = add i64 %a, %b
  ret i64 %r
}
";
    let o = run_unchecked(text, 1000).expect("parses");
    assert_eq!(internal_rule(o), "oracle-internal");
}

//! The checker's tests: for every rule of `spec::check::RULES` an accepted
//! program and a rejected one (whose diagnostics are exactly the rules
//! expected, reasoned from the spec), the spec's own examples, and a
//! property test that the checker never panics on random ASTs.

use spec::check::{check, check_with, CheckOptions, RULES};
use spec::{Diagnostic, Prog, Source};
use std::collections::BTreeSet;

/// Parses `text` (which must parse).
fn parse(text: &str) -> Prog {
    match spec::parse::parse(&Source::new("t.ll", text)) {
        Ok(p) => p,
        Err(d) => panic!(
            "test program does not parse: {}\n{text}",
            d.render(&Source::new("t.ll", text))
        ),
    }
}

/// The diagnostics of checking `text` (empty when accepted).
fn diags(text: &str) -> Vec<Diagnostic> {
    check(&parse(text)).err().unwrap_or_default()
}

/// The set of rule ids broken by `text`.
fn rules_of(text: &str) -> BTreeSet<String> {
    diags(text).into_iter().map(|d| d.rule).collect()
}

const MAIN: &str = "define i64 @main() {\n  ret i64 0\n}\n";

/// One row: a rule, a program that follows it, a program that breaks it,
/// and any other rules the broken program also breaks.
struct Case {
    rule: &'static str,
    ok: &'static str,
    bad: &'static str,
    also: &'static [&'static str],
}

const fn case(rule: &'static str, ok: &'static str, bad: &'static str) -> Case {
    Case {
        rule,
        ok,
        bad,
        also: &[],
    }
}

/// The table: each `bad` program is the `ok` one with the one change that
/// breaks the rule, as far as possible.
const CASES: &[Case] = &[
    case(
        "duplicate-type",
        "%t = type i64\n%u = type i1\n",
        "%t = type i64\n%t = type i1\n",
    ),
    case(
        "type-defined",
        "%t = type { i64 }\n@g = global %t* null\n",
        "@g = global %u* null\n",
    ),
    case(
        "type-cycle",
        "%node = type { i64, %node* }\n%a = type { %b* }\n%b = type { %a }\n",
        "%a = type { i64, %b }\n%b = type { %a }\n",
    ),
    case(
        "void-position",
        "define void @f() {\n  ret void\n}\n",
        "define void @f() {\n  %p = alloca void\n  ret void\n}\n",
    ),
    case(
        "i8-position",
        "@s = global [3 x i8] c\"hi\\00\"\n%t = type { i8*, [2 x i8] }\n",
        "%t = type { i8*, i8 }\n",
    ),
    case(
        "function-position",
        "%fp = type i64 (i64)*\n%t = type { i64 (i64)* }\n",
        "%t = type { i64 (i64) }\n",
    ),
    case(
        "param-simple",
        "define i64 @f(i64* %p, i1 %b) {\n  ret i64 0\n}\n",
        "define i64 @f({ i64, i64 } %p) {\n  ret i64 0\n}\n",
    ),
    case(
        "return-type",
        "define i1 @f() {\n  ret i1 0\n}\n",
        "define [2 x i64] @f() {\n  ret [2 x i64] 0\n}\n",
    ),
    Case {
        rule: "local-simple",
        ok: "declare i8* @ll_ltoa(i64)\ndefine i64 @main() {\n  %s = call i8* @ll_ltoa(i64 1)\n  ret i64 0\n}\n",
        bad: "define i64 @main() {\n  %p = alloca { i64 }\n  %x = call i64 @f({ i64 }* %p, { i64 } 0)\n  ret i64 0\n}\ndefine i64 @f({ i64 }* %p, i64 %q) {\n  ret i64 0\n}\n",
        // the annotation { i64 } is not the parameter's type i64 either
        also: &["call-arg-type"],
    },
    case(
        "duplicate-global",
        "@g = global i64 0\ndefine i64 @f() {\n  ret i64 0\n}\n",
        "@f = global i64 0\ndefine i64 @f() {\n  ret i64 0\n}\n",
    ),
    case(
        "global-init",
        "@g = global i64* null\n@h = global i1 1\n@k = global i64** @g\n",
        "@g = global i64 null\n",
    ),
    case(
        "string-length",
        "@s = global [6 x i8] c\"hello\\00\"\n",
        "@s = global [5 x i8] c\"hello\\00\"\n",
    ),
    case(
        "array-length",
        "@a = global [2 x i64] [ i64 1, i64 2 ]\n",
        "@a = global [3 x i64] [ i64 1, i64 2 ]\n",
    ),
    case(
        "declare-type",
        "declare void @ll_puts(i8*)\ndeclare i8* @ll_ltoa(i64, i8*)\n",
        "declare i64 @ll_puts(i8*)\n",
    ),
    case(
        "local-defined",
        "define i64 @f(i64 %x) {\n  ret i64 %x\n}\n",
        "define i64 @f(i64 %y) {\n  ret i64 %x\n}\n",
    ),
    case(
        "global-defined",
        "@g = global i64 1\ndefine i64 @f() {\n  %x = load i64, i64* @g\n  ret i64 %x\n}\n",
        "define i64 @f() {\n  %x = load i64, i64* @g\n  ret i64 %x\n}\n",
    ),
    case(
        "operand-type",
        "define i64 @f(i64* %p) {\n  %c = icmp eq i64* %p, null\n  br i1 true, label %a, label %b\na:\n  ret i64 -1\nb:\n  ret i64 0\n}\n",
        "define i64 @f(i64* %p) {\n  %c = icmp eq i64* %p, 0\n  br i1 2, label %a, label %b\na:\n  ret i64 null\nb:\n  ret i64 0\n}\n",
    ),
    case(
        "binop-type",
        "define i64 @f(i64 %x) {\n  %y = shl i64 %x, 3\n  ret i64 %y\n}\n",
        "define i64 @f(i64* %x) {\n  %y = shl i64 %x, 3\n  %z = add i1 1, 0\n  ret i64 %y\n}\n",
    ),
    case(
        "load-type",
        "define i1 @f() {\n  %p = alloca i1\n  %x = load i1, i1* %p\n  %y = load i1* %p\n  ret i1 %x\n}\n",
        "define i1 @f() {\n  %p = alloca i64\n  %x = load i1, i64* %p\n  %y = load i1, i1* %p\n  ret i1 %x\n}\n",
    ),
    case(
        "store-type",
        "define void @f() {\n  %p = alloca i64\n  store i64 1, i64* %p\n  ret void\n}\n",
        "define void @f() {\n  %p = alloca i64\n  store i1 1, i64* %p\n  %q = alloca i1\n  store i1 1, i1* %p\n  ret void\n}\n",
    ),
    case(
        "icmp-type",
        "define i1 @f(i64* %p, i64* %q) {\n  %c = icmp eq i64* %p, %q\n  ret i1 %c\n}\n",
        "define i1 @f(i64* %p, i1* %q) {\n  %c = icmp eq i64* %p, %q\n  ret i1 %c\n}\n",
    ),
    case(
        "call-type",
        "define i64 @f() {\n  %x = call i64 @f()\n  ret i64 %x\n}\n",
        "@g = global i64 0\ndefine i64 @f() {\n  %x = call i1 @f()\n  %y = call i64 @g()\n  ret i64 %y\n}\n",
    ),
    case(
        "call-arity",
        "define i64 @f(i64 %a) {\n  %x = call i64 @f(i64 1)\n  ret i64 %x\n}\n",
        "define i64 @f(i64 %a) {\n  %x = call i64 @f(i64 1, i64 2)\n  ret i64 %x\n}\n",
    ),
    case(
        "call-arg-type",
        "define i64 @f(i64* %a) {\n  %x = call i64 @f(i64* %a)\n  ret i64 %x\n}\n",
        "define i64 @f(i64* %a, i64 %b) {\n  %x = call i64 @f(i1* %a, i64 %a)\n  ret i64 %x\n}\n",
    ),
    case(
        "call-void-binds",
        "@s = global [3 x i8] c\"hi\\00\"\ndefine void @f() {\n  %p = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0\n  call void @ll_puts(i8* %p)\n  ret void\n}\n",
        "@s = global [3 x i8] c\"hi\\00\"\ndefine void @f() {\n  %p = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0\n  %x = call void @ll_puts(i8* %p)\n  ret void\n}\n",
    ),
    case(
        "call-undefined",
        "define i8* @f(i8* %s) {\n  %t = call i8* @ll_strcat(i8* %s, i8* %s)\n  %u = call i8* @ll_ltoa(i64 7)\n  ret i8* %t\n}\n",
        "declare i64 @ext(i64)\ndefine i64 @f() {\n  %x = call i64 @nowhere()\n  %y = call i64 @ext(i64 1)\n  ret i64 %x\n}\n",
    ),
    case(
        "gep-type",
        "define i64* @f({ i64 }* %p) {\n  %q = getelementptr { i64 }, { i64 }* %p, i64 0, i32 0\n  ret i64* %q\n}\n",
        "define i64* @f(i64* %p, { i64 }* %r) {\n  %q = getelementptr { i64 }, i64* %p, i64 0, i32 0\n  %s = getelementptr { i64 }* %p, i64 0, i32 0\n  ret i64* %p\n}\n",
    ),
    case(
        "gep-index-type",
        "define i64* @f([4 x i64]* %p, i64 %i) {\n  %q = getelementptr [4 x i64], [4 x i64]* %p, i64 0, i64 %i\n  ret i64* %q\n}\n",
        "define i64* @f([4 x i64]* %p, i1 %i) {\n  %q = getelementptr [4 x i64], [4 x i64]* %p, i64 0, i64 %i\n  ret i64* %q\n}\n",
    ),
    case(
        "gepty",
        "define i64* @f({ i64, i64 }* %p) {\n  %q = getelementptr { i64, i64 }, { i64, i64 }* %p, i64 0, i32 1\n  ret i64* %q\n}\n",
        "define i64* @f({ i64, i64 }* %p, i64 %i) {\n  %q = getelementptr { i64, i64 }, { i64, i64 }* %p, i64 0, i32 2\n  %r = getelementptr { i64, i64 }, { i64, i64 }* %p, i64 0, i64 %i\n  %s = getelementptr i64, i64* %q, i64 0, i64 0\n  ret i64* %q\n}\n",
    ),
    case(
        "bitcast-type",
        "define i8* @f(i64* %p) {\n  %q = bitcast i64* %p to i8*\n  ret i8* %q\n}\n",
        "define i8* @f(i64* %p, i64 %n) {\n  %q = bitcast i1* %p to i8*\n  %r = bitcast i64 %n to i8*\n  ret i8* %q\n}\n",
    ),
    case(
        "ret-type",
        "define void @f() {\n  ret void\n}\ndefine i1 @g() {\n  ret i1 1\n}\n",
        "define void @f() {\n  ret i64 0\n}\ndefine i1 @g(i64 %x) {\n  ret i64 %x\n}\ndefine i64 @h() {\n  ret void\n}\n",
    ),
    case(
        "label-defined",
        "define i64 @f() {\n  br label %l\nl:\n  ret i64 0\n}\n",
        "define i64 @f() {\n  br label %m\nl:\n  ret i64 0\n}\n",
    ),
    case(
        "cbr-type",
        "define i64 @f(i1 %c) {\n  br i1 %c, label %a, label %a\na:\n  ret i64 0\n}\n",
        "define i64 @f(i64 %c) {\n  br i1 %c, label %a, label %a\na:\n  ret i64 0\n}\n",
    ),
    case(
        "entry-branch-target",
        "define i64 @f() {\nentry:\n  br label %l\nl:\n  br label %l\n}\n",
        "define i64 @f() {\nentry:\n  br label %l\nl:\n  br label %entry\n}\n",
    ),
    case(
        "duplicate-label",
        "define i64 @f() {\n  br label %l\nl:\n  br label %m\nm:\n  ret i64 0\n}\n",
        "define i64 @f() {\n  br label %l\nl:\n  br label %l\nl:\n  ret i64 0\n}\n",
    ),
    case(
        "duplicate-local",
        "define i64 @f(i64 %x) {\n  %y = add i64 %x, 1\n  ret i64 %y\n}\n",
        "define i64 @f(i64 %x) {\n  %x = add i64 1, 1\n  %y = add i64 %x, 1\n  %y = add i64 %x, 2\n  ret i64 %y\n}\n",
    ),
    case(
        "dominance",
        "define i64 @f(i1 %c) {\n  %x = add i64 1, 2\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  ret i64 %x\n}\n",
        "define i64 @f(i1 %c) {\n  br i1 %c, label %a, label %b\na:\n  %x = add i64 1, 2\n  br label %b\nb:\n  ret i64 %x\n}\n",
    ),
    case(
        "main-type",
        "define i64 @main(i64 %argc, i8** %argv) {\n  ret i64 %argc\n}\n",
        "define i1 @main(i64 %argc) {\n  ret i1 0\n}\n",
    ),
];

#[test]
fn every_rule_has_an_accepted_and_a_rejected_program() {
    let mut failures = Vec::new();
    for c in CASES {
        let ok = diags(c.ok);
        if !ok.is_empty() {
            failures.push(format!(
                "[{}] accepted program rejected: {:?}\n{}",
                c.rule,
                ok.iter()
                    .map(|d| format!("{}: {}", d.rule, d.message))
                    .collect::<Vec<_>>(),
                c.ok
            ));
        }
        let found = rules_of(c.bad);
        let want: BTreeSet<String> = std::iter::once(c.rule)
            .chain(c.also.iter().copied())
            .map(String::from)
            .collect();
        if found != want {
            let ds = diags(c.bad);
            failures.push(format!(
                "[{}] rejected program: expected rules {want:?}, found {found:?}: {:?}\n{}",
                c.rule,
                ds.iter()
                    .map(|d| format!("{}: {}", d.rule, d.message))
                    .collect::<Vec<_>>(),
                c.bad
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_rule_is_in_the_table_and_every_table_rule_exists() {
    let ids: BTreeSet<&str> = RULES.iter().map(|(r, _)| *r).collect();
    assert_eq!(ids.len(), RULES.len(), "a rule id is listed twice");
    let tested: BTreeSet<&str> = CASES.iter().map(|c| c.rule).collect();
    let untested: Vec<&&str> = ids.difference(&tested).collect();
    assert!(
        untested.is_empty(),
        "rules without a test case: {untested:?}"
    );
    let unknown: Vec<&&str> = tested.difference(&ids).collect();
    assert!(
        unknown.is_empty(),
        "test cases for unknown rules: {unknown:?}"
    );
    for (r, desc) in RULES {
        assert!(!desc.is_empty(), "{r} has no description");
        assert!(
            r.chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()),
            "{r} is not kebab-case"
        );
    }
}

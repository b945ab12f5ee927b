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
        "type-size",
        "@g = global [2 x i64] [i64 1, i64 2]\ndefine i64 @f([1152921504606846975 x i64]* %p) {\n  ret i64 0\n}\n",
        "%big = type [1152921504606846976 x i64]\ndefine i64 @f(%big* %p) {\n  ret i64 0\n}\n",
    ),
    case(
        "runtime-defined",
        "declare void @ll_puts(i8*)\n@puts = global i64 0\ndefine void @ll_puts2(i8* %s) {\n  ret void\n}\n",
        "define void @ll_puts(i8* %s) {\n  ret void\n}\n",
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
        "label-local-clash",
        "define i64 @f(i64 %n) {\n  %x = add i64 %n, 1\n  br label %y\ny:\n  ret i64 %x\n}\n",
        "define i64 @f(i64 %n) {\n  %x = add i64 %n, 1\n  br label %n\nn:\n  ret i64 %x\n}\n",
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
        for d in diags(c.bad) {
            if d.span.hi <= d.span.lo {
                failures.push(format!("[{}] diagnostic without a place: {d:?}", c.rule));
            }
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

/// The rules of the diagnostics, in the order reported.
fn rule_list(text: &str) -> Vec<String> {
    diags(text).into_iter().map(|d| d.rule).collect()
}

#[test]
fn the_specs_factorial_checks() {
    // The spec's running example, verbatim (the corpus keeps the one copy).
    let fac = include_str!("../../../corpus/spec/factorial.ll");
    assert_eq!(rule_list(fac), Vec::<String>::new());
}

#[test]
fn the_specs_global_annotations_check_and_a_wrong_level_does_not() {
    let ok = "@foo = global i64 42\n@bar = global i64* @foo\n@baz = global i64** @bar\n";
    assert_eq!(rule_list(ok), Vec::<String>::new());
    // @foo has type i64*, not i64**: one level of pointer too many.
    let bad = "@foo = global i64 42\n@bar = global i64** @foo\n";
    assert_eq!(rule_list(bad), vec!["global-init"]);
}

/// The GEP walkthrough ("GEP Indexing") with A = i64, B = i1, C = i64*.
const WALKTHROUGH: &str = "%t1 = type { i64, i1, i64* }
%t2 = type [ 2 x %t1 ]
@x = global i64 5
@pn1 = global %t2 [ %t1 { i64 1, i1 0, i64* @x }, %t1 { i64 2, i1 1, i64* null } ]

define i64 @main() {
  %pn2 = getelementptr %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1* %pn2, i32 1, i32 1
  %b = load i1* %pb1
  ret i64 0
}
";

#[test]
fn the_specs_gep_walkthrough_checks_with_the_result_types_it_names() {
    assert_eq!(rule_list(WALKTHROUGH), Vec::<String>::new());
    // %pn2 is a %t1* and %pb1 a B* = i1*: loading i64 through it is wrong.
    let bad = WALKTHROUGH.replace("%b = load i1* %pb1", "%b = load i64* %pb1");
    assert_eq!(rule_list(&bad), vec!["load-type"]);
    // Annotating the second GEP with %t2 mismatches %pn2 (a %t1*), and by
    // that annotation GEPTY(%t2, 1, 1) = %t1, so %pb1 is a %t1*, not i1*.
    let bad = WALKTHROUGH.replace("getelementptr %t1* %pn2", "getelementptr %t2* %pn2");
    assert_eq!(rule_list(&bad), vec!["gep-type", "load-type"]);
}

#[test]
fn every_problem_is_reported_not_only_the_first() {
    let text = "@g = global i64 null
define i64 @f(i64 %a) {
  %b = add i64 %a, %zz
  br label %nowhere
}
define i1 @main() {
  ret i1 0
}
";
    assert_eq!(
        rule_list(text),
        vec!["global-init", "local-defined", "label-defined", "main-type"]
    );
}

#[test]
fn diagnostics_point_at_the_operand() {
    let text = "define i64 @f() {\n  ret i64 %x\n}\n";
    let ds = diags(text);
    assert_eq!(ds.len(), 1);
    let loc = ds[0].locate(&Source::new("t.ll", text));
    assert_eq!((loc.line, loc.col), (2, 11), "{:?}", ds[0]);
    assert!(ds[0].message.contains("%x"), "{}", ds[0].message);
}

#[test]
fn messages_say_what_was_expected_and_found() {
    let text = "define void @f() {\n  %p = alloca i64\n  store i1 1, i64* %p\n  ret void\n}\n";
    let ds = diags(text);
    assert_eq!(ds.len(), 1);
    assert!(
        ds[0].message.contains("store of i1 through i64*"),
        "{}",
        ds[0].message
    );
    let text = "define i64 @f(i64* %p) {\n  %x = add i64 %p, 1\n  ret i64 %x\n}\n";
    let ds = diags(text);
    assert_eq!(ds.len(), 1);
    assert!(
        ds[0].message.contains("i64*") && ds[0].message.contains("expected i64"),
        "{}",
        ds[0].message
    );
}

#[test]
fn a_program_without_main_is_accepted_and_the_entry_can_be_renamed() {
    let text = "define i1 @start() {\n  ret i1 1\n}\n";
    assert_eq!(rule_list(text), Vec::<String>::new());
    let opts = CheckOptions {
        entry: Some("start".to_string()),
        ..CheckOptions::default()
    };
    let ds = check_with(&parse(text), &opts).err().unwrap_or_default();
    assert_eq!(
        ds.iter().map(|d| d.rule.as_str()).collect::<Vec<_>>(),
        vec!["main-type"]
    );
    let main_data = "@main = global i64 0\n";
    assert_eq!(rule_list(main_data), vec!["main-type"]);
}

#[test]
fn dominance_follows_paths_not_source_order() {
    // A definition in the loop header dominates the loop body.
    let lp = "define i64 @f(i64 %n) {
  br label %head
head:
  %c = icmp slt i64 %n, 10
  br i1 %c, label %body, label %done
body:
  %m = add i64 %n, 1
  br label %head
done:
  ret i64 0
}
";
    assert_eq!(rule_list(lp), Vec::<String>::new());
    // A block written later can dominate one written earlier.
    let order = "define i64 @f() {
  br label %b
a:
  ret i64 %x
b:
  %x = add i64 1, 2
  br label %a
}
";
    assert_eq!(rule_list(order), Vec::<String>::new());
    // Use before definition in one block, and a use of itself.
    let same = "define i64 @f() {\n  %y = add i64 %x, 1\n  %x = add i64 2, 1\n  %z = add i64 %z, 1\n  ret i64 %y\n}\n";
    assert_eq!(rule_list(same), vec!["dominance", "dominance"]);
    // A use in an unreachable block is not checked (it never runs) ...
    let unreachable_use =
        "define i64 @f() {\n  %x = add i64 1, 2\n  ret i64 %x\ndead:\n  ret i64 %y\nlater:\n  %y = add i64 1, 1\n  ret i64 %y\n}\n";
    assert_eq!(rule_list(unreachable_use), Vec::<String>::new());
    // ... but a definition in an unreachable block dominates nothing.
    let unreachable_def =
        "define i64 @f() {\n  br label %use\ndead:\n  %x = add i64 1, 2\n  br label %use\nuse:\n  ret i64 %x\n}\n";
    assert_eq!(rule_list(unreachable_def), vec!["dominance"]);
}

#[test]
fn named_types_unfold_in_every_comparison() {
    let text = "%ip = type i64*
%node = type { i64, %node* }
%alias = type %node
define i64 @f(%ip %p, %alias* %n) {
  %x = load i64, %ip %p
  %next = getelementptr %node, %node* %n, i64 0, i32 1
  %m = load %node*, %node** %next
  %v = getelementptr %alias, %alias* %m, i64 0, i32 0
  %y = load i64, i64* %v
  ret i64 %y
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
}

#[test]
fn broken_named_types_are_reported_and_comparisons_skipped() {
    // %a contains itself not under a pointer: its size is infinite. The
    // checker reports that and does not compare types (which would unfold
    // %a forever); the other rules still run.
    let text = "%a = type { i64, %a }
define i64 @f(%a* %p) {
  %q = getelementptr %a, %a* %p, i64 0, i32 1, i32 0
  ret i64 %undefined
}
";
    assert_eq!(rule_list(text), vec!["type-cycle", "local-defined"]);
}

#[test]
fn runtime_functions_need_no_declare_and_ltoa_takes_one_or_two_arguments() {
    let text = "define i64 @main() {
  %s = call i8* @ll_ltoa(i64 42)
  %t = call i8* @ll_ltoa(i64 42, i8* %s)
  %u = call i8* @ll_strcat(i8* %s, i8* %t)
  call void @ll_puts(i8* %u)
  ret i64 0
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
    // A runtime function's address has its type (either of ll_ltoa's).
    let addr = "@a = global i8* (i64, i8*)* @ll_ltoa\n@b = global i8* (i64)* @ll_ltoa\n@c = global void (i8*)* @ll_puts\n";
    assert_eq!(rule_list(addr), Vec::<String>::new());
    let addr_bad = "@c = global void (i64)* @ll_puts\n";
    assert_eq!(rule_list(addr_bad), vec!["global-init"]);
    let bad = "define i64 @main() {\n  %s = call i8* @ll_ltoa(i1 1)\n  call void @ll_puts(i64 1)\n  ret i64 0\n}\n";
    assert_eq!(rule_list(bad), vec!["call-arg-type", "call-arg-type"]);
}

#[test]
fn i1_literals_are_accepted_where_i1_is_expected() {
    let text = "define i1 @f(i1 %c) {
  %p = alloca i1
  store i1 true, i1* %p
  store i1 0, i1* %p
  %d = icmp eq i1 %c, 1
  br i1 false, label %a, label %b
a:
  ret i1 %d
b:
  ret i1 true
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
}

#[test]
fn calls_through_function_pointers_are_typed_by_the_pointer() {
    let text = "define i64 @inc(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}
@fp = global i64 (i64)* @inc
define i64 @main() {
  %f = load i64 (i64)*, i64 (i64)** @fp
  %r = call i64 %f(i64 1)
  ret i64 %r
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
    let bad = text.replace("call i64 %f(i64 1)", "call i64 %f(i64 1, i64 2)");
    assert_eq!(rule_list(&bad), vec!["call-arity"]);
}

#[test]
fn aggregate_alloca_is_accepted() {
    let text = "define i64 @main() {
  %p = alloca { i64, [4 x i64] }
  %q = getelementptr { i64, [4 x i64] }, { i64, [4 x i64] }* %p, i64 0, i32 1, i64 3
  store i64 7, i64* %q
  %v = load i64, i64* %q
  ret i64 %v
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
}

#[test]
fn opaque_pointers_stand_for_any_pointer() {
    let text = "define i64 @f(ptr %p, ptr %s) {
  %x = load i64, ptr %p
  store i64 1, ptr %p
  %q = getelementptr i64, ptr %p, i64 1
  call void @ll_puts(ptr %s)
  ret i64 %x
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
    // Declared at ptr, the runtime functions keep their types; a function
    // pointer global may be written with ptr parameters.
    let decl = "declare void @ll_puts(ptr)\ndeclare ptr @ll_strcat(ptr, ptr)\n@fp = global void (ptr)* @ll_puts\n";
    assert_eq!(rule_list(decl), Vec::<String>::new());
    // ptr is still a pointer: not an i64.
    let bad = "define i64 @f(ptr %p) {\n  %x = add i64 %p, 1\n  ret i64 %x\n}\n";
    assert_eq!(rule_list(bad), vec!["binop-type"]);
}

#[test]
fn a_local_of_a_non_simple_type_is_reported_once() {
    // The load is wrong; the uses of %x are not compared again.
    let text = "%t = type { i64, i64 }
define i64 @f(%t* %p) {
  %x = load %t, %t* %p
  %y = add i64 %x, 1
  ret i64 %y
}
";
    assert_eq!(rule_list(text), vec!["load-type"]);
}

#[test]
fn a_duplicate_global_is_reported_at_the_later_definition_in_the_source() {
    let text = "define i64 @f() {\n  ret i64 0\n}\n@f = global i64 0\n";
    let ds = diags(text);
    assert_eq!(ds.len(), 1);
    assert_eq!(ds[0].rule, "duplicate-global");
    assert!(
        ds[0].message.contains("a function, then a global"),
        "{}",
        ds[0].message
    );
    let loc = ds[0].locate(&Source::new("t.ll", text));
    assert_eq!(loc.line, 4);
}

#[test]
fn global_bitcasts_convert_pointers_to_the_declared_type() {
    let ok = "@s = global [3 x i8] c\"hi\\00\"\n@p = global i8* bitcast ([3 x i8]* @s to i8*)\n";
    assert_eq!(rule_list(ok), Vec::<String>::new());
    // The result is an i8*, not the declared i64*.
    let to_wrong =
        "@s = global [3 x i8] c\"hi\\00\"\n@p = global i64* bitcast ([3 x i8]* @s to i8*)\n";
    assert_eq!(rule_list(to_wrong), vec!["global-init"]);
    // @s is a [3 x i8]*, not the i64* the bitcast says it converts.
    let from_wrong = "@s = global [3 x i8] c\"hi\\00\"\n@p = global i8* bitcast (i64* @s to i8*)\n";
    assert_eq!(rule_list(from_wrong), vec!["global-init"]);
}

// ---------------------------------------------------------------------------
// Random ASTs: the checker never panics and names only rules of RULES.

mod random {
    use quickcheck::{Arbitrary, Gen};
    use spec::*;

    fn pick<T: Clone>(g: &mut Gen, xs: &[T]) -> T {
        g.choose(xs).cloned().unwrap_or_else(|| xs[0].clone())
    }

    fn small(g: &mut Gen, max: usize) -> usize {
        usize::arbitrary(g) % (max + 1)
    }

    /// Type names: `a`, `b`, `c` are sometimes defined, `u` never.
    const TNAMES: &[&str] = &["a", "b", "c", "u"];
    /// Global names: some defined, some runtime, some nothing.
    const GNAMES: &[&str] = &[
        "main",
        "f",
        "g",
        "h",
        "ll_puts",
        "ll_ltoa",
        "ll_strcat",
        "nope",
    ];
    const LOCALS: &[&str] = &["x", "y", "z", "0", "1"];
    const LABELS: &[&str] = &["entry", "l1", "l2", "l3"];

    pub fn ty(g: &mut Gen, depth: usize) -> Ty {
        let leaf = depth == 0 || bool::arbitrary(g);
        if leaf {
            return match small(g, 7) {
                0 => Ty::Void,
                1 => Ty::I1,
                2 => Ty::I8,
                3 => Ty::OpaquePtr,
                4 => Ty::Named(pick(g, TNAMES).to_string()),
                _ => Ty::I64,
            };
        }
        match small(g, 4) {
            0 => Ty::Ptr(Box::new(ty(g, depth - 1))),
            1 => Ty::Struct((0..small(g, 3)).map(|_| ty(g, depth - 1)).collect()),
            2 => Ty::Array(small(g, 4) as u64, Box::new(ty(g, depth - 1))),
            3 => Ty::Fun(
                (0..small(g, 2)).map(|_| ty(g, depth - 1)).collect(),
                Box::new(ty(g, depth - 1)),
            ),
            _ => Ty::I64.ptr_to(),
        }
    }

    fn operand(g: &mut Gen) -> Operand {
        match small(g, 4) {
            0 => Operand::null(),
            1 => Operand::konst(pick(g, &[0, 1, 2, -1, i64::MAX, i64::MIN])),
            2 => Operand::gid(pick(g, GNAMES)),
            _ => Operand::id(pick(g, LOCALS)),
        }
    }

    fn ginit(g: &mut Gen, depth: usize) -> Ginit {
        let kind = match small(g, if depth == 0 { 3 } else { 6 }) {
            0 => GinitKind::Null,
            1 => GinitKind::Int(pick(g, &[0, 1, 42])),
            2 => GinitKind::Gid(pick(g, GNAMES).to_string()),
            3 => GinitKind::Str(b"hi\0".to_vec()),
            4 => GinitKind::Array(
                (0..small(g, 3))
                    .map(|_| (ty(g, 1), ginit(g, depth - 1)))
                    .collect(),
            ),
            5 => GinitKind::Struct(
                (0..small(g, 3))
                    .map(|_| (ty(g, 1), ginit(g, depth - 1)))
                    .collect(),
            ),
            _ => GinitKind::Bitcast(ty(g, 2), Box::new(ginit(g, depth - 1)), ty(g, 2)),
        };
        Ginit::new(kind)
    }

    fn insn(g: &mut Gen) -> Insn {
        let kind = match small(g, 7) {
            0 => InsnKind::Binop {
                bop: pick(g, &Bop::ALL),
                ty: ty(g, 1),
                op1: operand(g),
                op2: operand(g),
            },
            1 => InsnKind::Alloca { ty: ty(g, 2) },
            2 => InsnKind::Load {
                ty: ty(g, 2),
                ptr_ty: ty(g, 2),
                ptr: operand(g),
            },
            3 => InsnKind::Store {
                ty: ty(g, 2),
                val: operand(g),
                ptr_ty: ty(g, 2),
                ptr: operand(g),
            },
            4 => InsnKind::Icmp {
                cnd: pick(g, &Cnd::ALL),
                ty: ty(g, 2),
                op1: operand(g),
                op2: operand(g),
            },
            5 => InsnKind::Call {
                ret: ty(g, 2),
                callee: operand(g),
                args: (0..small(g, 2)).map(|_| (ty(g, 2), operand(g))).collect(),
            },
            6 => InsnKind::Gep {
                base_ty: ty(g, 2),
                ptr_ty: ty(g, 2),
                ptr: operand(g),
                idxs: (0..small(g, 3)).map(|_| operand(g)).collect(),
            },
            _ => InsnKind::Bitcast {
                from: ty(g, 2),
                op: operand(g),
                to: ty(g, 2),
            },
        };
        let result = bool::arbitrary(g).then(|| pick(g, LOCALS).to_string());
        Insn {
            result,
            kind,
            span: Span::DUMMY,
        }
    }

    fn term(g: &mut Gen) -> Term {
        let kind = match small(g, 3) {
            0 => TermKind::Ret(ty(g, 1), None),
            1 => TermKind::Ret(ty(g, 1), Some(operand(g))),
            2 => TermKind::Br(pick(g, LABELS).to_string()),
            _ => TermKind::Cbr(
                operand(g),
                pick(g, LABELS).to_string(),
                pick(g, LABELS).to_string(),
            ),
        };
        Term {
            kind,
            span: Span::DUMMY,
        }
    }

    fn block(g: &mut Gen) -> Block {
        Block {
            insns: (0..small(g, 4)).map(|_| insn(g)).collect(),
            term: term(g),
        }
    }

    fn fdecl(g: &mut Gen) -> Fdecl {
        Fdecl {
            name: pick(g, GNAMES).to_string(),
            ret: ty(g, 1),
            params: (0..small(g, 2))
                .map(|_| (pick(g, LOCALS).to_string(), ty(g, 2)))
                .collect(),
            cfg: Cfg {
                entry_label: bool::arbitrary(g).then(|| pick(g, LABELS).to_string()),
                entry: block(g),
                blocks: (0..small(g, 3))
                    .map(|_| LabeledBlock {
                        label: pick(g, LABELS).to_string(),
                        label_span: Span::DUMMY,
                        block: block(g),
                    })
                    .collect(),
            },
            span: Span::DUMMY,
        }
    }

    /// A random, mostly ill-formed program: undefined and cyclic named
    /// types, undefined globals, locals and labels, types in every position.
    #[derive(Clone, Debug)]
    pub struct RandomProg(pub Prog);

    impl Arbitrary for RandomProg {
        fn arbitrary(g: &mut Gen) -> RandomProg {
            let tdecls = (0..small(g, 3))
                .map(|_| Tdecl {
                    name: pick(g, &TNAMES[..3]).to_string(),
                    ty: ty(g, 3),
                    span: Span::DUMMY,
                })
                .collect();
            let gdecls = (0..small(g, 2))
                .map(|_| Gdecl {
                    name: pick(g, GNAMES).to_string(),
                    ty: ty(g, 2),
                    init: ginit(g, 2),
                    span: Span::DUMMY,
                })
                .collect();
            let fdecls = (0..small(g, 2)).map(|_| fdecl(g)).collect();
            let edecls = (0..small(g, 1))
                .map(|_| Edecl {
                    name: pick(g, GNAMES).to_string(),
                    ty: ty(g, 2),
                    span: Span::DUMMY,
                })
                .collect();
            RandomProg(Prog {
                tdecls,
                gdecls,
                fdecls,
                edecls,
            })
        }
    }
}

#[test]
fn never_panics_on_random_asts_and_names_only_known_rules() {
    fn prop(p: random::RandomProg) -> bool {
        let known: BTreeSet<&str> = RULES.iter().map(|(r, _)| *r).collect();
        let first = check(&p.0);
        // Deterministic, and every diagnostic names a rule of RULES.
        first == check(&p.0)
            && first
                .err()
                .unwrap_or_default()
                .iter()
                .all(|d| known.contains(d.rule.as_str()))
    }
    quickcheck::QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(random::RandomProg) -> bool);
}

/// Found by the `check` fuzz target: the checker looped forever comparing
/// the pointer type `%t` of a getelementptr with `%t*` when
/// `%t = type %t**`. Both unfold to the same infinite chain of pointers,
/// so the program is well typed: the checker must end and accept it.
#[test]
fn a_name_for_a_pointer_to_itself_checks_and_ends() {
    let text = "%t = type %t**\n\
                define i64 @main() {\n\
                \x20 %p = alloca %t\n\
                \x20 %q = getelementptr %t, %t %p, i64 0\n\
                \x20 ret i64 0\n\
                }\n";
    assert_eq!(rules_of(text), BTreeSet::new());
}

#[test]
fn opaque_and_typed_pointers_mix_at_any_depth() {
    // ptr* is the type of a slot holding a pointer, so it equals i64**; a
    // { i64, ptr } equals { i64, i8* } field by field.
    let text = "@pair = global { i64, ptr } { i64 5, ptr null }
define i64 @f(i64** %slot) {
  %p = load ptr, i64** %slot
  %q = getelementptr { i64, ptr }, { i64, i8* }* @pair, i64 0, i32 0
  %v = load i64, ptr %p
  ret i64 %v
}
";
    assert_eq!(rule_list(text), Vec::<String>::new());
    // An i64 is still no pointer, at depth too.
    let bad = "define i64 @f({ i64, ptr }* %p) {
  %q = getelementptr { i64, i64 }, { i64, ptr }* %p, i64 0, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}
";
    assert_eq!(rule_list(bad), vec!["gep-type"]);
}

#[test]
fn the_checker_lists_the_rules_it_cannot_apply_to_ptr() {
    let opaque = spec::parse(&Source::new(
        "t.ll",
        "define i64 @f(ptr %p) {\n  %x = load i64, ptr %p\n  ret i64 %x\n}\n",
    ))
    .unwrap();
    let rules: Vec<&str> = spec::check::rules_skipped_for_opaque(&opaque)
        .iter()
        .map(|(r, _)| *r)
        .collect();
    assert!(
        rules.contains(&"load-type") && rules.contains(&"call-type"),
        "{rules:?}"
    );
    let typed = spec::parse(&Source::new(
        "t.ll",
        "define i64 @f(i64* %p) {\n  %x = load i64, i64* %p\n  ret i64 %x\n}\n",
    ))
    .unwrap();
    assert!(spec::check::rules_skipped_for_opaque(&typed).is_empty());
}

//! Dialects by hand: the feature uses of small texts (each expectation
//! read off the course handout lexer/parser rules in `docs/dialects.md`),
//! `conforms`, and lowered texts worked out by hand.

use spec::dialect::{conforms, to_dialect, uses_in_text, Dialect, Feature};
use spec::Source;

fn uses(text: &str) -> Vec<(Feature, u32)> {
    let src = Source::new("t.ll", text);
    uses_in_text(&src)
        .unwrap_or_else(|d| panic!("{}", d.render(&src)))
        .into_iter()
        .map(|u| (u.feature, u.line(&src)))
        .collect()
}

fn d(name: &str) -> Dialect {
    Dialect::by_name(name).unwrap()
}

/// A CIS341 2015 course test: the spec's load/gep syntax and numbered locals.
const COURSE_2015: &str = "%struct = type { i64, i64* }
@gbl = global i64 12
define i64 @main(i64 %argc, i8** %argv) {
  %1 = alloca i64
  store i64 5, i64* %1
  %2 = load i64* %1
  %3 = getelementptr %struct* null, i64 0, i32 1
  br label %next
next:
  ret i64 %2
}
";

#[test]
fn a_2015_course_test_uses_spec_syntax_and_numbered_names() {
    use Feature::*;
    assert_eq!(
        uses(COURSE_2015),
        vec![
            (NumberedNames, 4),
            (NumberedNames, 5),
            (NumberedNames, 6),
            (SpecLoadGep, 6),
            (NumberedNames, 6),
            (NumberedNames, 7),
            (SpecLoadGep, 7),
            (NumberedNames, 10),
        ]
    );
    let src = Source::new("t.ll", COURSE_2015);
    assert_eq!(conforms(&src, &d("cis341-2015")), Ok(()));
    assert_eq!(conforms(&src, &d("lloracle")), Ok(()));
    let first = conforms(&src, &d("cis341")).unwrap_err();
    assert_eq!((first.feature, first.line(&src)), (SpecLoadGep, 6));
    let first = conforms(&src, &d("llvm")).unwrap_err();
    assert_eq!((first.feature, first.line(&src)), (NumberedNames, 4));
    assert_eq!(first.to_string(), "uses numbered-names (`%1`)");
}

#[test]
fn llvm_names_literals_and_labels() {
    use Feature::*;
    let text = "define i64 @main() {
entry:
  %\"x y\" = add i64 -5, 4611686018427387904
  br label %store
store:
  %b = icmp eq i1 true, false
  ret i64 %\"x y\"
}
";
    assert_eq!(
        uses(text),
        vec![
            (QuotedNames, 3),
            (NegativeLiterals, 3),
            (BigLiterals, 3),
            (KeywordNames, 5),
            (TrueFalseLiterals, 6),
            (TrueFalseLiterals, 6),
            (QuotedNames, 7),
        ]
    );
    let src = Source::new("t.ll", text);
    assert_eq!(conforms(&src, &d("llvm")), Ok(()));
    assert_eq!(conforms(&src, &d("eth")).unwrap_err().feature, QuotedNames);
}

#[test]
fn initializers_types_allocas_and_runtime_calls() {
    use Feature::*;
    let text = "@s = global [3 x i8] c\"a\\0A\\00\"
@t = global [3 x i8] c\"ok\\00\"
@w = global i64 -1
@v = global i64* bitcast (i64* @w to i64*)
@fp = global void ()* @f
define void @f() {
  ret void
}
define i64 @main() {
  %p = alloca { i64, [2 x i8] }
  call void @ll_puts(i8* null)
  ret i64 0
}
";
    assert_eq!(
        uses(text),
        vec![
            (StringEscapes, 1),
            (NegativeLiterals, 3),
            (GlobalBitcastInit, 4),
            (EmptyParamFunTypes, 5),
            (AggregateAlloca, 10),
            (StringInAggregate, 10),
            (UndeclaredRuntimeCalls, 11),
        ]
    );
}

fn lowered(text: &str, dialect: &str) -> String {
    let src = Source::new("t.ll", text);
    let prog = spec::parse(&src).unwrap_or_else(|e| panic!("{}", e.render(&src)));
    spec::check(&prog).unwrap_or_else(|e| panic!("{:?}", e));
    to_dialect(&prog, &d(dialect)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn literals_are_computed_and_names_renamed_by_hand() {
    // -5 + 2^62; 2^62 = (2^30 << 32) | 0.
    let text = "define i64 @main() {
  %\"x y\" = add i64 -5, 4611686018427387904
  ret i64 %\"x y\"
}
";
    assert_eq!(
        lowered(text, "cis341"),
        "define i64 @main() {
  %lit0 = shl i64 1073741824, 32
  %lit1 = or i64 %lit0, 0
  %v0 = add i64 -5, %lit1
  ret i64 %v0
}
"
    );
    assert_eq!(
        lowered(text, "cis341-2015"),
        "define i64 @main() {
  %lit0 = sub i64 0, 5
  %lit1 = shl i64 1073741824, 32
  %lit2 = or i64 %lit1, 0
  %v0 = add i64 %lit0, %lit2
  ret i64 %v0
}
"
    );
    // LLVM writes both; the quoted name stays.
    assert_eq!(
        lowered(text, "llvm"),
        spec::print(&spec::parse(&Source::new("t", text)).unwrap())
    );
}

#[test]
fn course_syntax_and_llvm_declares_by_hand() {
    let text = "@s = global [3 x i8] c\"hi\\00\"
define i64 @main(i64 %argc, i8** %argv) {
  %1 = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %1)
  %2 = alloca i64
  store i64 1, i64* %2
  %3 = load i64, i64* %2
  ret i64 %3
}
";
    assert_eq!(
        lowered(text, "cis341-2015"),
        "@s = global [3 x i8] c\"hi\\00\"

define i64 @main(i64 %argc, i8** %argv) {
  %1 = getelementptr [3 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %1)
  %2 = alloca i64
  store i64 1, i64* %2
  %3 = load i64* %2
  ret i64 %3
}
"
    );
    // LLVM: the numbered locals are renamed, ll_puts is declared.
    assert_eq!(
        lowered(text, "llvm"),
        "@s = global [3 x i8] c\"hi\\00\"

declare void @ll_puts(i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %v0 = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %v0)
  %v1 = alloca i64
  store i64 1, i64* %v1
  %v2 = load i64, i64* %v1
  ret i64 %v2
}
"
    );
}

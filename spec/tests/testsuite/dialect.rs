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

/// The uses of `f` in `text` (by line).
fn uses_of(text: &str, f: Feature) -> Vec<u32> {
    uses(text)
        .into_iter()
        .filter(|(g, _)| *g == f)
        .map(|(_, line)| line)
        .collect()
}

/// `text` (which uses only LLVM syntax and feature `f`) is in every course
/// profile and `lloracle`; `llvm` and `llvm-opaque` refuse it, first on
/// line `line` for `f`.
fn only_llvm_refuses(text: &str, f: Feature, line: u32) {
    let src = Source::new("t.ll", text);
    for course in ["cis341", "eth-2019", "eth", "lloracle"] {
        assert_eq!(conforms(&src, &d(course)), Ok(()), "{course}");
    }
    assert!(d("cis341-2015").has(f));
    for llvm in ["llvm", "llvm-opaque"] {
        let first = conforms(&src, &d(llvm)).unwrap_err();
        assert_eq!((first.feature, first.line(&src)), (f, line), "{llvm}");
    }
}

#[test]
fn struct_field_indices_written_i64_by_hand() {
    // Line 4: `i64 1` selects field 1 of {i64, i64}: a use. The first
    // index (`i64 0`) moves among siblings and the array index (`i64 %i`)
    // selects an element: neither is a field index. Line 5: the named
    // struct is unfolded, `i64 0` selects its field 0: a use.
    let text = "%pair = type { i64, [2 x i64] }
@s = global %pair { i64 2, [2 x i64] [i64 8, i64 9] }
define i64 @get(i64 %i) {
  %a = getelementptr { i64, i64 }, { i64, i64 }* null, i64 0, i64 1
  %b = getelementptr %pair, %pair* @s, i64 0, i64 0
  %c = getelementptr %pair, %pair* @s, i64 0, i32 1, i64 %i
  %v = load i64, i64* %b
  ret i64 %v
}
";
    assert_eq!(uses_of(text, Feature::I64StructIndex), vec![4, 5]);
    only_llvm_refuses(text, Feature::I64StructIndex, 4);
    // The same program with its field indices written `i32` has no use.
    let fixed = text
        .replace("i64 0, i64 1\n", "i64 0, i32 1\n")
        .replace("i64 0, i64 0\n", "i64 0, i32 0\n");
    assert_eq!(uses_of(&fixed, Feature::I64StructIndex), Vec::<u32>::new());
    assert_eq!(conforms(&Source::new("t.ll", fixed), &d("llvm")), Ok(()));
    // Lowered for LLVM: only the field indices become `i32`.
    let llvm = "%pair = type { i64, [2 x i64] }

@s = global %pair { i64 2, [2 x i64] [i64 8, i64 9] }

define i64 @get(i64 %i) {
  %a = getelementptr { i64, i64 }, { i64, i64 }* null, i64 0, i32 1
  %b = getelementptr %pair, %pair* @s, i64 0, i32 0
  %c = getelementptr %pair, %pair* @s, i64 0, i32 1, i64 %i
  %v = load i64, i64* %b
  ret i64 %v
}
";
    assert_eq!(lowered(text, "llvm"), llvm);
    assert_eq!(uses_of(llvm, Feature::I64StructIndex), Vec::<u32>::new());
}

/// `%box` holds `%pair` unboxed; `%pair` is defined after `@main` uses it
/// (line 4 directly, line 5 through `%box`). Line 1 (a type definition)
/// and line 2 (behind a pointer) may name it first, as LLVM allows.
/// `@main` returns q.1 + r.1 = 5 + 3 = 8.
const LATE_TYPES: &str = "%box = type { %pair, i64 }
@p = global %pair* null
define i64 @main() {
  %b = getelementptr %pair, %pair* @q, i32 0, i32 1
  %c = getelementptr %box, %box* @r, i32 0, i32 1
  %v = load i64, i64* %b
  %w = load i64, i64* %c
  %s = add i64 %v, %w
  ret i64 %s
}
%pair = type { i64, i64 }
@q = global %pair { i64 4, i64 5 }
@r = global %box { %pair { i64 1, i64 2 }, i64 3 }
";

#[test]
fn types_defined_after_a_sized_use_by_hand() {
    assert_eq!(
        uses_of(LATE_TYPES, Feature::LateTypeDefinitions),
        vec![4, 5]
    );
    only_llvm_refuses(LATE_TYPES, Feature::LateTypeDefinitions, 4);
    let src = Source::new("t.ll", LATE_TYPES);
    let first = conforms(&src, &d("llvm")).unwrap_err();
    assert_eq!(
        first.to_string(),
        "uses late-type-definitions (%pair used before its definition)"
    );
    let second = &uses_in_text(&src).unwrap()[..];
    let via = second
        .iter()
        .find(|u| u.feature == Feature::LateTypeDefinitions && u.line(&src) == 5)
        .expect("a use on line 5");
    assert_eq!(via.what, "%pair used before its definition, needed by %box");
    // With `%pair` defined first, nothing is late.
    let fixed = format!("%pair = type {{ i64, i64 }}\n{}", LATE_TYPES)
        .replace("}\n%pair = type { i64, i64 }\n", "}\n");
    assert_eq!(
        uses_of(&fixed, Feature::LateTypeDefinitions),
        Vec::<u32>::new()
    );
    assert_eq!(conforms(&Source::new("t.ll", fixed), &d("llvm")), Ok(()));
    // Lowered for LLVM: the type definitions come first (and the first
    // index, which is no field index, is written `i64` as the printer
    // writes every such index).
    let llvm = "%box = type { %pair, i64 }
%pair = type { i64, i64 }

@p = global %pair* null
@q = global %pair { i64 4, i64 5 }
@r = global %box { %pair { i64 1, i64 2 }, i64 3 }

define i64 @main() {
  %b = getelementptr %pair, %pair* @q, i64 0, i32 1
  %c = getelementptr %box, %box* @r, i64 0, i32 1
  %v = load i64, i64* %b
  %w = load i64, i64* %c
  %s = add i64 %v, %w
  ret i64 %s
}
";
    assert_eq!(lowered(LATE_TYPES, "llvm"), llvm);
    assert_eq!(
        uses_of(llvm, Feature::LateTypeDefinitions),
        Vec::<u32>::new()
    );
}

/// A use in an unreachable block of a local defined elsewhere (the checker
/// allows it; a course liveness analysis deletes `%y`'s definition, which
/// no reachable use keeps live): `undominated-uses` at line 6 (`%y` read
/// in `dead`), not at line 7 (`%z` is defined earlier in `dead`); the
/// course profiles lack it, `llvm` has it; lowered into `eth` the
/// unreachable block is dropped and the rest is printed as it was.
#[test]
fn uses_in_unreachable_blocks_not_dominated_by_hand() {
    let text = "define i64 @f(i64 %a) {
  %y = add i64 %a, 1
  ret i64 0
dead:
  %z = add i64 %a, 2
  %w = add i64 %y, %z
  %v = add i64 %z, 1
  ret i64 %w
}
";
    assert_eq!(uses(text), vec![(Feature::UndominatedUses, 6)]);
    assert!(conforms(&Source::new("t.ll", text), &d("llvm")).is_ok());
    for course in ["cis341-2015", "cis341", "eth-2019", "eth"] {
        let u = conforms(&Source::new("t.ll", text), &d(course)).expect_err(course);
        assert_eq!(u.feature, Feature::UndominatedUses, "{course}");
    }
    assert_eq!(
        lowered(text, "eth"),
        "define i64 @f(i64 %a) {\n  %y = add i64 %a, 1\n  ret i64 0\n}\n"
    );
}

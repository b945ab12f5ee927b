//! The seed document's shapes (DTrans), on the hand-written programs of
//! corpus/opaque/ and small ones here: recovered sets, typed output and
//! safety facts, each derived by hand from the program text.

use spec::{Source, Ty};
use std::collections::BTreeSet;

fn parse(text: &str) -> spec::Prog {
    spec::parse(&Source::new("t.ll", text)).unwrap_or_else(|d| panic!("{}", d.message))
}

fn corpus(name: &str) -> spec::Prog {
    let path = format!("{}/../corpus/opaque/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&text)
}

fn named(n: &str) -> Ty {
    Ty::Named(n.into())
}

fn set(ts: &[Ty]) -> BTreeSet<Ty> {
    ts.iter().cloned().collect()
}

#[test]
fn a_struct_with_pointers_to_itself_and_to_another_struct() {
    let prog = corpus("list_self_and_other_struct.ll");
    let a = recover::Analysis::new(&prog);
    // %p walks the list: loaded from %cur, which holds %n (@sum's parameter,
    // given %n1) and then Node field 1 (given %n2, %n3, null): only Nodes.
    assert_eq!(a.types_of_local("sum", "p"), set(&[named("Node")]));
    // %d is Node field 2: only the %Data allocas reach it.
    assert_eq!(a.types_of_local("sum", "d"), set(&[named("Data")]));
    let r = recover::recover(&prog);
    let node = r.prog.tdecl("Node").map(|t| t.ty.clone());
    assert_eq!(
        node,
        Some(Ty::Struct(vec![
            Ty::I64,
            named("Node").ptr_to(),
            named("Data").ptr_to()
        ]))
    );
    assert!(r.report.structs["Node"].safe(), "{}", r.report);
    assert!(r.report.structs["Data"].safe(), "{}", r.report);
}

#[test]
fn a_pointer_field_used_at_two_types() {
    let prog = corpus("field_used_at_two_types.ll");
    let a = recover::Analysis::new(&prog);
    // Box field 1 receives %slot (an i64) and %pair (a %Pair); %x and %y
    // are loaded from it, so both have both types.
    let both = set(&[Ty::I64, named("Pair")]);
    assert_eq!(a.types_of_local("main", "x"), both);
    assert_eq!(a.types_of_local("main", "y"), both);
    let r = recover::recover(&prog);
    let boxf = &r.report.structs["Box"];
    assert_eq!(
        boxf.multi_typed_fields,
        [1].into_iter().collect(),
        "{}",
        r.report
    );
    assert!(!boxf.safe());
    // The field gets one type; the value read as i64 is bitcast to it.
    let text = spec::print(&r.prog);
    assert!(text.contains("bitcast"), "{text}");
    assert!(spec::check(&r.prog).is_ok(), "{text}");
}

#[test]
fn an_indirect_call_through_a_loaded_function_pointer() {
    let prog = corpus("indirect_call_loaded_pointer.ll");
    let a = recover::Analysis::new(&prog);
    let fun = Ty::Fun(vec![Ty::I64], Box::new(Ty::I64));
    assert_eq!(
        a.types_of_local("main", "f"),
        set(std::slice::from_ref(&fun))
    );
    assert_eq!(
        a.types_of_local("main", "g"),
        set(std::slice::from_ref(&fun))
    );
    let r = recover::recover(&prog);
    let table = r.prog.gdecl("table").map(|g| g.ty.clone());
    assert_eq!(table, Some(Ty::Array(2, Box::new(fun.clone().ptr_to()))));
    let obj = r.prog.tdecl("Obj").map(|t| t.ty.clone());
    assert_eq!(obj, Some(Ty::Struct(vec![Ty::I64, fun.ptr_to()])));
}

#[test]
fn a_field_address_that_escapes_and_a_cast_to_an_unrelated_type() {
    let prog = parse(
        "%S = type { i64, i64 }
%T = type { i64, i64 }
define void @keep(ptr %slot, ptr %q) {
  store ptr %q, ptr %slot
  ret void
}
define i64 @peek(ptr %p) {
  %x = load ptr, ptr %p
  ret i64 0
}
define i64 @main() {
  %s = alloca %S
  %slot = alloca ptr
  %f = getelementptr %S, ptr %s, i64 0, i32 1
  call void @keep(ptr %slot, ptr %f)
  %t = alloca %T
  %r = call i64 @peek(ptr %t)
  ret i64 %r
}
",
    );
    let r = recover::recover(&prog);
    // %f, the address of S's field 1, is passed to @keep and stored.
    let s = &r.report.structs["S"];
    assert!(s.field_address_taken, "{}", r.report);
    assert!(!s.unrelated_cast, "{}", r.report);
    // A %T pointer is loaded through as a slot of a pointer: ptr is
    // neither i8 nor a prefix of { i64, i64 } (nor it of ptr).
    let t = &r.report.structs["T"];
    assert!(t.unrelated_cast && t.multiple_types, "{}", r.report);
    assert!(!t.field_address_taken, "{}", r.report);
}

#[test]
fn the_report_names_each_fact() {
    let r = recover::recover(&corpus("field_used_at_two_types.ll"));
    let text = r.report.to_string();
    assert!(
        text.contains("; %Box: field 1 holds pointers used at more than one type"),
        "{text}"
    );
}

/// Course dialects (docs/dialects.md): a course program's entry keeps the spec's entry type. An
/// argv the body never uses gives the analysis nothing to go on, yet the
/// recovered `@program` / `@main` must still be `i64(i64, i8**)` (the
/// oracle starts only there), and the program must run to the same result:
/// 6 * 7 = 42 from `@program`, 5 from `@main`.
#[test]
fn an_unused_argv_of_the_entry_comes_back_as_i8_star_star() {
    let argv = Ty::I8.ptr_to().ptr_to();
    for (entry, text, want) in [
        (
            "program",
            "define i64 @program(i64 %argc, ptr %argv) {\n  %x = mul i64 6, 7\n  ret i64 %x\n}\n",
            42,
        ),
        (
            "main",
            "define i64 @main(i64 %argc, ptr %argv) {\n  ret i64 5\n}\n",
            5,
        ),
    ] {
        let r = recover::recover(&parse(text));
        let f = r
            .prog
            .fdecls
            .iter()
            .find(|f| f.name == entry)
            .expect("entry kept");
        assert_eq!(f.params[1].1, argv, "@{entry}'s argv");
        assert!(
            spec::check(&r.prog).is_ok(),
            "@{entry}: the typed program checks"
        );
        let opts = oracle::Options {
            entry: entry.into(),
            ..oracle::Options::default()
        };
        match oracle::run(&r.prog, None, &[], &opts) {
            spec::Outcome::Returned { value, .. } => assert_eq!(value, want, "@{entry}"),
            o => panic!("@{entry}: {o}"),
        }
    }
}

/// A function named `program` that is not shaped like an entry (its first
/// parameter is a pointer) is recovered like any other function.
#[test]
fn a_program_function_of_another_shape_is_not_forced_to_the_entry_type() {
    let text = "define i64 @program(ptr %p, ptr %q) {\n  %x = load i64, ptr %p\n  ret i64 %x\n}\n\
                define i64 @main() {\n  %a = alloca i64\n  store i64 3, i64* %a\n  %r = call i64 @program(i64* %a, i64* %a)\n  ret i64 %r\n}\n";
    let r = recover::recover(&parse(text));
    let f = r
        .prog
        .fdecls
        .iter()
        .find(|f| f.name == "program")
        .expect("kept");
    assert_eq!(f.params[0].1, Ty::I64.ptr_to());
    assert!(spec::check(&r.prog).is_ok());
}

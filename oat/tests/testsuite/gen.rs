//! The generator's promises: programs parse back from their text, are well
//! scoped, return on the evaluator (well defined and terminating), are the
//! same for the same seed, and together use every feature; shrinking keeps
//! them so.

use oat::eval::{run, Limits, Outcome};
use oat::features::{histogram, Feature};
use oat::gen::{from_seed, OatProgram};
use oat::OatVersion::{self, V1, V2};
use quickcheck::{QuickCheck, TestResult};

const VERSIONS: [OatVersion; 2] = [V1, V2];

#[test]
fn printed_programs_parse_back_to_themselves() {
    fn prop(p: OatProgram) -> TestResult {
        let text = oat::print::program(&p.program);
        match oat::parse::program(&text) {
            Ok(q) if q == p.program => TestResult::passed(),
            Ok(_) => TestResult::error(format!("parsed to another tree:\n{text}")),
            Err(e) => TestResult::error(format!("{e}\n{text}")),
        }
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(prop as fn(OatProgram) -> TestResult);
}

#[test]
fn seeded_programs_are_defined_scoped_and_deterministic() {
    for v in VERSIONS {
        for size in [1, 30, 100] {
            for seed in 0..60 {
                let p = from_seed(seed, size, v);
                assert_eq!(
                    p,
                    from_seed(seed, size, v),
                    "seed {seed} size {size} not deterministic"
                );
                assert!(
                    oat::shrink::well_scoped(&p),
                    "seed {seed} size {size} {v:?}: a name out of scope"
                );
                let text = oat::print::program(&p);
                match run(&p, v, &Limits::default()) {
                    Outcome::Returned { .. } => {}
                    o => panic!("seed {seed} size {size} {v:?}: {o:?}\n{text}"),
                }
                assert_eq!(oat::parse::program(&text).as_ref(), Ok(&p));
            }
        }
    }
}

#[test]
fn v1_programs_keep_to_oat_v1() {
    for seed in 0..100 {
        let p = from_seed(seed, 60, V1);
        let fs = oat::features::features(&p);
        let v2_only: Vec<&Feature> = fs
            .iter()
            .filter(|f| !Feature::all(V1).contains(f))
            .collect();
        assert!(v2_only.is_empty(), "seed {seed}: {v2_only:?}");
    }
}

#[test]
fn every_feature_appears() {
    for v in VERSIONS {
        let progs: Vec<_> = (0..300).map(|s| from_seed(s, 60, v)).collect();
        let missing: Vec<Feature> = histogram(&progs, v)
            .into_iter()
            .filter(|(_, n)| *n == 0)
            .map(|(f, _)| f)
            .collect();
        assert!(missing.is_empty(), "{v:?}: never generated: {missing:?}");
    }
}

#[test]
fn shrinking_keeps_the_predicate_and_definedness() {
    // A predicate a real reduction would use: the program still prints a
    // bool. The result must keep it, stay defined, and be smaller.
    let prints_bool = |p: &oat::ast::Program| oat::print::program(p).contains("print_bool(");
    let mut shrunk_some = 0;
    for seed in 0..10 {
        let p = from_seed(seed, 30, V2);
        if !prints_bool(&p) {
            continue;
        }
        let small = oat::shrink::shrink(&p, V2, prints_bool);
        assert!(prints_bool(&small));
        assert!(oat::shrink::still_defined(&small, V2));
        let (before, after) = (
            oat::print::program(&p).len(),
            oat::print::program(&small).len(),
        );
        assert!(after <= before);
        // No single edit of the result keeps both properties.
        assert!(oat::shrink::candidates(&small)
            .iter()
            .all(|c| !(oat::shrink::still_defined(c, V2) && prints_bool(c))));
        shrunk_some += usize::from(after < before);
    }
    assert!(shrunk_some > 0);
}

#[test]
fn generated_bytes_never_fail() {
    // `arbitrary` input of any length gives a defined program.
    for len in [0usize, 1, 7, 100, 1000] {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 37 % 251) as u8).collect();
        let mut u = arbitrary::Unstructured::new(&bytes);
        let p: OatProgram = arbitrary::Arbitrary::arbitrary(&mut u).unwrap();
        assert!(matches!(
            run(&p.program, p.version, &Limits::default()),
            Outcome::Returned { .. }
        ));
    }
}

#[test]
fn shrinking_unwraps_probes_drops_array_elements_and_empties_strings() {
    let p = |body: &str| {
        oat::parse::program(&format!(
            "int t0(int p) {{ print_int(p); return p; }}\n\
             int program(int argc, string[] argv) {{ {body} return 0; }}"
        ))
        .unwrap()
    };
    let cands = oat::shrink::candidates(&p(
        "print_int(t0(7)); var a = new int[]{1, 2}; print_string(\"ab\");",
    ));
    // t0 maps int to int: its call can give way to its argument.
    for smaller in [
        "print_int(7); var a = new int[]{1, 2}; print_string(\"ab\");",
        "print_int(t0(7)); var a = new int[]{2}; print_string(\"ab\");",
        "print_int(t0(7)); var a = new int[]{1}; print_string(\"ab\");",
        "print_int(t0(7)); var a = new int[]{1, 2}; print_string(\"\");",
    ] {
        assert!(cands.contains(&p(smaller)), "no candidate {smaller}");
    }
    // string_of_int maps int to string: never unwrapped.
    let q = p("print_string(string_of_int(7));");
    assert!(!oat::shrink::candidates(&q).contains(&p("print_string(7);")));
}

#[test]
fn shrinking_takes_else_branches_and_drops_unused_parameters() {
    let p = |src: &str| oat::parse::program(src).unwrap();
    let cands = oat::shrink::candidates(&p("struct S { int f }\n\
         void f(int a, bool b) { print_int(a); }\n\
         int program(int argc, string[] argv) {\n\
           if? (S x = S null) { print_int(1); } else { f(2, true); }\n\
           return 0; }"));
    for smaller in [
        // The `else` branch of `if?` in its place.
        "struct S { int f }\n\
         void f(int a, bool b) { print_int(a); }\n\
         int program(int argc, string[] argv) { f(2, true); return 0; }",
        // `f`'s second parameter and its argument gone.
        "struct S { int f }\n\
         void f(int a) { print_int(a); }\n\
         int program(int argc, string[] argv) {\n\
           if? (S x = S null) { print_int(1); } else { f(2); }\n\
           return 0; }",
    ] {
        assert!(cands.contains(&p(smaller)), "no candidate\n{smaller}");
    }
    // A function used as a value keeps its parameters (its type would
    // change under the value's uses).
    let q = p("void f(int a) { print_int(a); }\n\
               global g = f;\n\
               int program(int argc, string[] argv) { g(1); return 0; }");
    assert!(oat::shrink::candidates(&q).iter().all(|c| c
        .decls
        .iter()
        .all(|d| !matches!(d, oat::ast::Decl::Fun(f) if f.name == "f" && f.args.is_empty()))));
}

#[test]
fn a_struct_named_only_in_a_type_must_still_be_declared() {
    let p = |src: &str| oat::parse::program(src).unwrap();
    assert!(oat::shrink::well_scoped(&p(
        "struct S { int f }\nglobal g = S null;\nint program(int argc, string[] argv) { return 0; }"
    )));
    for src in [
        "global g = S null;\nint program(int argc, string[] argv) { return 0; }",
        "int program(int argc, string[] argv) { if? (S x = S null) {} return 0; }",
        "int program(int argc, string[] argv) { var a = new S[]{}; return 0; }",
        "void f(S s) { return; }\nint program(int argc, string[] argv) { return 0; }",
    ] {
        assert!(!oat::shrink::well_scoped(&p(src)), "{src}");
    }
}

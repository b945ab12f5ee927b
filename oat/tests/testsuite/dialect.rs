//! Oat dialects (docs/oat.md, "Dialects"): generated programs use only
//! their dialect's constructs and print in its syntax; the older courses'
//! global initialisers (`int[]{1, 2}`, `S {f = 1}`) parse and print back;
//! and, where a course's built front end is named, its own parser reads
//! every generated program of its dialect.

use oat::ast::*;
use oat::dialect::{Construct, OatDialect, DIALECTS};
use oat::gen::{from_seed_with, OatGenConfig};
use oat::parse::{program, program_in};
use oat::print::program_in as print_in;
use oat::OatVersion;

fn dialect(name: &str) -> OatDialect {
    OatDialect::by_name(name).unwrap()
}

/// Does `text` (a printed program) write a global array or struct
/// initialiser with `new`? Read off the text, not the syntax tree.
fn global_with_new(text: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with("global ") && l.contains(" = new "))
}

#[test]
fn generated_programs_use_only_their_dialects_constructs() {
    for d in DIALECTS {
        let mut globals = 0;
        for seed in 0..200 {
            let p = from_seed_with(seed, 30, &OatGenConfig::in_dialect(30, d));
            let lacks = d.lacks(&p);
            assert!(lacks.is_empty(), "{} seed {seed} uses {lacks:?}", d.name);
            let text = print_in(&p, &d);
            if let Err(e) = oat::parse::reads_in(&text, &d) {
                panic!(
                    "{} seed {seed}: its own dialect does not read it: {e}\n{text}",
                    d.name
                );
            }
            assert_eq!(program_in(&text, &d).unwrap(), p, "{} seed {seed}", d.name);
            // No global written with `new` where the dialect's `gexp` has
            // none; the other way round a global array is written with it.
            if !d.has(Construct::GlobalNew) {
                assert!(!global_with_new(&text), "{} seed {seed}:\n{text}", d.name);
            }
            globals += usize::from(global_with_new(&text));
        }
        assert_eq!(globals > 0, d.has(Construct::GlobalNew), "{}", d.name);
    }
}

#[test]
fn a_dialect_without_a_construct_never_gets_it_but_the_others_do() {
    // The constructs each dialect lacks never appear (above); here, that
    // the dialects that have them do use them, so the gating is not
    // simply everything off.
    let uses = |d: &OatDialect, c: Construct| {
        (0..200).any(|seed| {
            let p = from_seed_with(seed, 30, &OatGenConfig::in_dialect(30, *d));
            oat::features::features(&p)
                .iter()
                .any(|f| Construct::of_feature(f) == Some(c))
        })
    };
    let eth19 = dialect("eth-2019-2021-hw5");
    let eth22 = dialect("eth-2022-2025-hw5");
    let cis = dialect("cis341-2017-hw5");
    assert!(!uses(&eth19, Construct::NewArr));
    assert!(uses(&eth22, Construct::NewArr));
    for c in [
        Construct::NewArrInit,
        Construct::Length,
        Construct::Nullable,
    ] {
        assert!(!uses(&cis, c), "{c:?}");
        assert!(uses(&eth19, c), "{c:?}");
    }
    // `\"` and `\\` only where the front end escapes strings; `\n` and
    // `\t` everywhere (an unescaping printer writes bytes LLVM reads).
    assert!(!uses(&eth22, Construct::QuoteEscapes));
    assert!(uses(&eth22, Construct::Escapes));
    assert!(uses(
        &OatDialect::whole(OatVersion::V2),
        Construct::QuoteEscapes
    ));
}

#[test]
fn length_is_a_name_where_the_dialect_has_no_length() {
    // CIS341 2017's lexer has no `length` keyword (atprograms/lfsr.oat
    // declares `int length`); Oat v2's `length(e)` is one.
    let text = "int f(int length) {\n  return length(length);\n}\n";
    let cis = dialect("cis341-2017-hw4");
    let p = program_in(text, &cis).unwrap();
    let Decl::Fun(f) = &p.decls[0] else { panic!() };
    assert_eq!(f.args[0].1, "length");
    assert_eq!(
        f.body[0],
        Stmt::Ret(Some(Exp::Call(
            Box::new(Exp::Id("length".into())),
            vec![Exp::Id("length".into())]
        )))
    );
    let v2 = program_in(text, &dialect("eth-2022-2025-hw5")).unwrap();
    let Decl::Fun(f) = &v2.decls[0] else { panic!() };
    assert_eq!(
        f.body[0],
        Stmt::Ret(Some(Exp::Length(Box::new(Exp::Id("length".into())))))
    );
}

#[test]
fn the_cis341_global_array_form_parses_and_round_trips() {
    // UPenn CIS341 2017's parser.mly: `gexp: t=ty LBRACKET RBRACKET
    // LBRACE cs=separated_list(COMMA, gexp) RBRACE` and `i=UIDENT LBRACE
    // fs=separated_list(SEMI, gfield) RBRACE`, no `new`.
    let text = "struct S {\n  int f\n}\n\nglobal g = int[]{1, 2};\n\nglobal s = S {f = 3};\n";
    let want = Program {
        decls: vec![
            Decl::Struct(
                "S".into(),
                vec![Field {
                    name: "f".into(),
                    ty: Ty::Int,
                }],
            ),
            Decl::Global(
                "g".into(),
                Exp::CArr(Ty::Int, vec![Exp::Int(1), Exp::Int(2)]),
            ),
            Decl::Global(
                "s".into(),
                Exp::CStruct("S".into(), vec![("f".into(), Exp::Int(3))]),
            ),
        ],
    };
    let cis = dialect("cis341-2017-hw5");
    assert_eq!(program(text).unwrap(), want);
    assert_eq!(program_in(text, &cis).unwrap(), want);
    assert_eq!(print_in(&want, &cis), text);
    // The same program in the later courses' form.
    let eth = dialect("eth-2022-2025-hw5");
    let with_new = text
        .replace("= int[]", "= new int[]")
        .replace("= S {", "= new S {");
    assert_eq!(print_in(&want, &eth), with_new);
    assert_eq!(program(&with_new).unwrap(), want);
    // Each dialect's parser refuses the other form, at the global's line.
    let e = program_in(text, &eth).unwrap_err().to_string();
    assert!(e.contains('5') && e.contains("new"), "{e}");
    let e = program_in(&with_new, &cis).unwrap_err().to_string();
    assert!(e.contains("without `new`"), "{e}");
    // Nested arrays: the elements are global initialisers too.
    let nested = "global a = int[][]{int[]{1}, int[]{2, 3}};\n";
    let p = program_in(nested, &cis).unwrap();
    assert_eq!(print_in(&p, &cis), nested);
}

/// `LLORACLE_OAT_HANDOUTS=eth-2019-hw4=/path/hw4/main.native,...`: each
/// built course front end compiles generated programs of its dialect; its
/// parser and type checker must accept every one.
#[test]
fn course_front_ends_read_their_dialects_programs() {
    let Ok(spec) = std::env::var("LLORACLE_OAT_HANDOUTS") else {
        eprintln!(
            "SKIP: set LLORACLE_OAT_HANDOUTS=DIALECT=PATH/main.native,... (built course \
             handouts, docs/oat.md) to check them"
        );
        return;
    };
    let mut refused = Vec::new();
    for entry in spec.split(',').filter(|s| !s.is_empty()) {
        let (name, exe) = entry.split_once('=').expect("DIALECT=PATH");
        let d = dialect(name);
        let dir = tempfile::tempdir().unwrap();
        for seed in 0..100 {
            let p = from_seed_with(seed, 30, &OatGenConfig::in_dialect(30, d));
            let file = dir.path().join(format!("s{seed}.oat"));
            std::fs::write(&file, print_in(&p, &d)).unwrap();
            let out = std::process::Command::new(exe)
                .current_dir(std::path::Path::new(exe).parent().unwrap())
                .args(["--clang", "-S", "-op"])
                .arg(dir.path())
                .arg(&file)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr);
            if said.contains("Parse error") || said.contains("Lexer error") {
                refused.push(format!("{name} seed {seed}: {said}"));
            }
        }
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

//! The parser against the course grammar's conflicts and against hostile
//! text; the course's own test programs when a directory of them is named.

use oat::ast::*;
use oat::parse::{expression, program};

fn id(x: &str) -> Box<Exp> {
    Box::new(Exp::Id(x.into()))
}

#[test]
fn precedences_as_parser_mly() {
    // `*` over `+` over shifts over comparisons over `==` over `&` over
    // `|` over `[&]` over `[|]`, all left associative.
    assert_eq!(
        expression("a + b * c").unwrap(),
        Exp::Bop(
            Binop::Add,
            id("a"),
            Box::new(Exp::Bop(Binop::Mul, id("b"), id("c")))
        )
    );
    assert_eq!(
        expression("a - b - c").unwrap(),
        Exp::Bop(
            Binop::Sub,
            Box::new(Exp::Bop(Binop::Sub, id("a"), id("b"))),
            id("c")
        )
    );
    assert_eq!(
        expression("a [|] b [&] c").unwrap(),
        Exp::Bop(
            Binop::IOr,
            id("a"),
            Box::new(Exp::Bop(Binop::IAnd, id("b"), id("c")))
        )
    );
    assert_eq!(
        expression("a | b & c == d").unwrap(),
        Exp::Bop(
            Binop::Or,
            id("a"),
            Box::new(Exp::Bop(
                Binop::And,
                id("b"),
                Box::new(Exp::Bop(Binop::Eq, id("c"), id("d")))
            ))
        )
    );
}

#[test]
fn unary_quirks_of_the_course_grammar() {
    // `-` has binary `-`'s precedence: `-a * b` is `-(a * b)`, `-a + b` is
    // `(-a) + b`.
    assert_eq!(
        expression("-a * b").unwrap(),
        Exp::Uop(Unop::Neg, Box::new(Exp::Bop(Binop::Mul, id("a"), id("b"))))
    );
    assert_eq!(
        expression("-a + b").unwrap(),
        Exp::Bop(Binop::Add, Box::new(Exp::Uop(Unop::Neg, id("a"))), id("b"))
    );
    // `!` binds tighter than `.` but looser than `[` and calls.
    assert_eq!(
        expression("!s.f").unwrap(),
        Exp::Proj(Box::new(Exp::Uop(Unop::Lognot, id("s"))), "f".into())
    );
    assert_eq!(
        expression("~a[0]").unwrap(),
        Exp::Uop(
            Unop::Bitnot,
            Box::new(Exp::Index(id("a"), Box::new(Exp::Int(0))))
        )
    );
}

#[test]
fn types_new_and_null() {
    let e = expression("new ((int) -> int)[]{f}").unwrap();
    let fty = Ty::Ref(RefTy::Fun(vec![Ty::Int], RetTy::Val(Box::new(Ty::Int))));
    assert_eq!(e, Exp::CArr(fty, vec![Exp::Id("f".into())]));
    assert_eq!(
        expression("new int[][3]").unwrap(),
        Exp::NewArr(Ty::array(Ty::Int), Box::new(Exp::Int(3)))
    );
    // `S?[]` is an array of nullable `S` (`ty: ty [ ]` over `rtyp ?`).
    assert_eq!(
        expression("S?[] null").unwrap(),
        Exp::Null(RefTy::Array(Box::new(Ty::NullRef(RefTy::Struct(
            "S".into()
        )))))
    );
    assert_eq!(
        expression("int[] null").unwrap(),
        Exp::Null(RefTy::Array(Box::new(Ty::Int)))
    );
    assert_eq!(
        expression("new int[n]{i -> i}").unwrap(),
        Exp::NewArrInit(Ty::Int, id("n"), "i".into(), id("i"))
    );
    assert_eq!(
        expression("0x10 + \"a\\tb\\065\"").unwrap(),
        Exp::Bop(
            Binop::Add,
            Box::new(Exp::Int(16)),
            Box::new(Exp::Str(b"a\tbA".to_vec()))
        )
    );
}

#[test]
fn statements_for_if_and_else_if() {
    let p = program(
        "void f() { for (var i = 0, var j = 1; i < 3; i = i + 1;) { } for (;;) { } \
         if (a) { } else if? (S x = y) { } else { g(); } return; }",
    )
    .unwrap();
    let Decl::Fun(f) = &p.decls[0] else { panic!() };
    assert!(
        matches!(&f.body[0], Stmt::For(ds, Some(_), Some(_), b) if ds.len() == 2 && b.is_empty())
    );
    assert!(matches!(&f.body[1], Stmt::For(ds, None, None, _) if ds.is_empty()));
    assert!(matches!(&f.body[2], Stmt::If(_, _, e) if matches!(e.as_slice(), [Stmt::Cast(..)])));
}

#[test]
fn errors_name_line_column_and_expectation() {
    let e = program("int f() {\n  return 1\n}").unwrap_err();
    assert_eq!((e.line, e.col), (3, 1));
    assert_eq!(e.expected, "`;`");
    let e = program("global x = 99999999999999999999;").unwrap_err();
    assert!(e.expected.contains("64 bits"), "{e}");
    let e = program("int f() { x + 1; }").unwrap_err();
    assert!(e.expected.contains("not a statement"), "{e}");
}

#[test]
fn hostile_text_never_panics_or_overflows() {
    let deep = "(".repeat(100_000);
    assert!(expression(&deep).is_err());
    let deep_neg = "-".repeat(100_000) + "1";
    assert!(expression(&deep_neg).is_err());
    fn prop(s: String) -> bool {
        let _ = program(&s);
        true
    }
    quickcheck::QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(String) -> bool);
    for s in [
        "\"abc",
        "/* x",
        "\"\\400\"",
        "int[",
        "if?",
        "struct S { int",
        "\u{1F600}",
    ] {
        assert!(program(s).is_err(), "{s}");
    }
}

/// The course's test programs (a directory of `.oat` files, e.g. the ETH
/// handout's `hw5programs/` or `oatprograms/`) parse, and print back to
/// themselves.
#[test]
fn course_programs_parse() {
    let Ok(dir) = std::env::var("LLORACLE_OAT_PROGRAMS") else {
        eprintln!("SKIP: set LLORACLE_OAT_PROGRAMS to a directory of the course's .oat files");
        return;
    };
    let mut n = 0;
    let mut failed = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("LLORACLE_OAT_PROGRAMS is a directory") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "oat") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        n += 1;
        match program(&text) {
            Ok(p) => assert_eq!(
                program(&oat::print::program(&p)).as_ref(),
                Ok(&p),
                "{}",
                path.display()
            ),
            Err(e) => failed.push(format!("{}:{e}", path.display())),
        }
    }
    eprintln!(
        "{n} course programs read, {} not parsed: {failed:#?}",
        failed.len()
    );
    // Some course files are deliberately ill-formed (parser error tests).
    assert!(failed.len() * 10 <= n, "{failed:#?}");
}

//! The printer: its canonical text for known programs, and the property
//! `parse(print(p)) == p` over random trees and every corpus file.

use pretty_assertions::assert_eq;
use quickcheck::{Arbitrary, Gen, QuickCheck};
use spec::ast::*;
use spec::{parse, print, Source, Span};
use std::path::{Path, PathBuf};

fn reparse(prog: &Prog) -> Prog {
    let text = print(prog);
    match parse(&Source::new("printed.ll", text.as_str())) {
        Ok(p) => p,
        Err(d) => panic!(
            "printed text does not parse: {}\n{text}",
            d.render(&Source::new("printed.ll", text.as_str()))
        ),
    }
}

fn parse_str(text: &str) -> Prog {
    parse(&Source::new("t.ll", text)).unwrap_or_else(|d| panic!("{}", d.message))
}

// ---------------------------------------------------------------------------
// Canonical text of known programs.

#[test]
fn canonical_text_of_the_spec_syntax() {
    let spec_syntax = "%t1 = type {i64,i64,i64}
define i64 @main() {
  %p = alloca %t1
  %1 = getelementptr %t1* %p, i32 0, i32 2
  %2 = load i64* %1
  store i64 %2, i64* %1
  %c = icmp eq i1 true, false
  br i1 %c, label %3, label %\"x y\"
3:
  ret i64 %2
\"x y\":
  ret i64 0
}
declare void @ll_puts(i8*)
@g = global [3 x i8] c\"a\\22\\00\"
";
    let expected = "%t1 = type { i64, i64, i64 }

@g = global [3 x i8] c\"a\\22\\00\"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = alloca %t1
  %\"1\" = getelementptr %t1, %t1* %p, i64 0, i32 2
  %\"2\" = load i64, i64* %\"1\"
  store i64 %\"2\", i64* %\"1\"
  %c = icmp eq i1 1, 0
  br i1 %c, label %\"3\", label %\"x y\"
\"3\":
  ret i64 %\"2\"
\"x y\":
  ret i64 0
}
";
    assert_eq!(print(&parse_str(spec_syntax)), expected);
}

#[test]
fn gep_indices_are_i32_exactly_where_they_select_a_struct_field() {
    let text = "%S = type { i64, [4 x { i1, i64 }] }
%A = type %S
define void @f(%A* %p, i64 %i) {
  %a = getelementptr %A, %A* %p, i64 %i, i64 1, i64 %i, i64 1
  %b = getelementptr %A, %A* %p, i64 0, i64 7
  %c = getelementptr i64, i64* %p, i64 0, i64 0
  %d = getelementptr %S, %S* %p, i64 0, i64 %i, i64 0
  ret void
}
";
    let printed = print(&parse_str(text));
    let geps: Vec<&str> = printed
        .lines()
        .filter(|l| l.contains("getelementptr"))
        .collect();
    assert_eq!(
        geps,
        vec![
            // %A unfolds to the struct; field 1 is the array; its element
            // is a struct again, field 1.
            "  %a = getelementptr %A, %A* %p, i64 %i, i32 1, i64 %i, i32 1",
            // Field 7 does not exist: the walk stops, i64 is written.
            "  %b = getelementptr %A, %A* %p, i64 0, i64 7",
            // i64 is no aggregate.
            "  %c = getelementptr i64, i64* %p, i64 0, i64 0",
            // A struct indexed by a non-constant.
            "  %d = getelementptr %S, %S* %p, i64 0, i64 %i, i64 0",
        ]
    );
}

#[test]
fn names_are_quoted_exactly_when_llvm_needs_it() {
    let text = "define void @\"a b\"(i64 %x.y_1, i64 %$-a, i64 %\"1\", i64 %\"1a\", i64 %\"q\\22\\5C\\0A\\C3\\A9\") {
entry:
  ret void
}
";
    let printed = print(&parse_str(text));
    assert_eq!(
        printed.lines().next(),
        Some(
            "define void @\"a b\"(i64 %x.y_1, i64 %$-a, i64 %\"1\", i64 %\"1a\", \
             i64 %\"q\\22\\5C\\0A\\C3\\A9\") {"
        )
    );
    assert_eq!(printed.lines().nth(1), Some("entry:"));
}

#[test]
fn calls_returning_function_pointers_write_the_function_type() {
    let text = "declare i64 @h(i64)
define void @f() {
  %a = call i64 (i64)* (i64) @g(i64 1)
  %b = call i64 (i64)* @g(i64 1)
  %c = call i64 (i64)* @h(i64 1)
  call void %a(i64 2)
  ret void
}
";
    let printed = print(&parse_str(text));
    let calls: Vec<&str> = printed.lines().filter(|l| l.contains("call")).collect();
    assert_eq!(
        calls,
        vec![
            "  %a = call i64 (i64)* (i64) @g(i64 1)",
            // @g is unknown: the spec's reading, a call returning i64 (i64)*.
            "  %b = call i64 (i64)* (i64) @g(i64 1)",
            // @h : i64 (i64), the old form: a call returning i64.
            "  %c = call i64 @h(i64 1)",
            "  call void %a(i64 2)",
        ]
    );
}

#[test]
fn global_initializers_print_in_llvm_syntax() {
    let text = "@a = global i8* bitcast (i64* @b to i8*)
@b = global i64 -9223372036854775808
@c = global { i64, [2 x i1] } { i64 1, [2 x i1] [i1 true, i1 0] }
@d = global {} {}
@e = global [2 x i8] c\"\\FF\\7F\"
@f = global i64* null
";
    assert_eq!(
        print(&parse_str(text)),
        "@a = global i8* bitcast (i64* @b to i8*)
@b = global i64 -9223372036854775808
@c = global { i64, [2 x i1] } { i64 1, [2 x i1] [i1 1, i1 0] }
@d = global {} {}
@e = global [2 x i8] c\"\\FF\\7F\"
@f = global i64* null
"
    );
}

// ---------------------------------------------------------------------------
// Random trees.

/// A random program: any names (numeric, quoted, odd characters), any
/// types and operands; not necessarily well typed; small.
#[derive(Clone, Debug)]
struct AnyProg(Prog);

fn below(g: &mut Gen, n: usize) -> usize {
    usize::arbitrary(g) % n
}

fn name(g: &mut Gen) -> String {
    const FIXED: [&str; 20] = [
        "x",
        "foo.bar_1",
        "$a",
        "-x",
        "-",
        "0",
        "1",
        "42",
        "007",
        "-5",
        "a b",
        "é",
        "\"q\"",
        "back\\slash",
        "tab\t",
        "1a",
        ":",
        "entry",
        "\\41",
        "c",
    ];
    const CHARS: [char; 16] = [
        'a', 'Z', '0', '9', '.', '_', '$', '-', ' ', '"', '\\', '\n', '\u{1}', 'é', '€', ':',
    ];
    if bool::arbitrary(g) {
        FIXED[below(g, FIXED.len())].to_string()
    } else {
        (0..1 + below(g, 5))
            .map(|_| CHARS[below(g, CHARS.len())])
            .collect()
    }
}

fn ty(g: &mut Gen, depth: usize) -> Ty {
    let leaf = depth == 0 || below(g, 3) == 0;
    if leaf {
        return match below(g, 6) {
            0 => Ty::Void,
            1 => Ty::I1,
            2 => Ty::I8,
            3 => Ty::I64,
            4 => Ty::OpaquePtr,
            _ => Ty::Named(name(g)),
        };
    }
    let d = depth - 1;
    match below(g, 4) {
        0 => Ty::Ptr(Box::new(ty(g, d))),
        1 => Ty::Struct((0..below(g, 4)).map(|_| ty(g, d)).collect()),
        2 => Ty::Array(
            if bool::arbitrary(g) {
                u64::arbitrary(g)
            } else {
                below(g, 5) as u64
            },
            Box::new(ty(g, d)),
        ),
        _ => Ty::Fun(
            (0..below(g, 3)).map(|_| ty(g, d)).collect(),
            Box::new(ty(g, d)),
        ),
    }
}

fn int(g: &mut Gen) -> i64 {
    match below(g, 4) {
        0 => i64::MIN,
        1 => i64::MAX,
        2 => i64::arbitrary(g),
        _ => below(g, 10) as i64 - 3,
    }
}

fn operand(g: &mut Gen) -> Operand {
    Operand::new(match below(g, 4) {
        0 => OperandKind::Null,
        1 => OperandKind::Const(int(g)),
        2 => OperandKind::Gid(name(g)),
        _ => OperandKind::Id(name(g)),
    })
}

fn insn(g: &mut Gen) -> Insn {
    let mut result = Some(name(g));
    let kind = match below(g, 8) {
        0 => InsnKind::Binop {
            bop: *g.choose(&Bop::ALL).unwrap_or(&Bop::Add),
            ty: ty(g, 2),
            op1: operand(g),
            op2: operand(g),
        },
        1 => InsnKind::Alloca { ty: ty(g, 3) },
        2 => InsnKind::Load {
            ty: ty(g, 2),
            ptr_ty: ty(g, 2),
            ptr: operand(g),
        },
        3 => {
            result = None;
            InsnKind::Store {
                ty: ty(g, 2),
                val: operand(g),
                ptr_ty: ty(g, 2),
                ptr: operand(g),
            }
        }
        4 => InsnKind::Icmp {
            cnd: *g.choose(&Cnd::ALL).unwrap_or(&Cnd::Eq),
            ty: ty(g, 2),
            op1: operand(g),
            op2: operand(g),
        },
        5 => InsnKind::Call {
            ret: ty(g, 3),
            callee: operand(g),
            args: (0..below(g, 3)).map(|_| (ty(g, 2), operand(g))).collect(),
        },
        6 => InsnKind::Gep {
            base_ty: ty(g, 3),
            ptr_ty: ty(g, 2),
            ptr: operand(g),
            idxs: (0..below(g, 4)).map(|_| operand(g)).collect(),
        },
        _ => InsnKind::Bitcast {
            from: ty(g, 2),
            op: operand(g),
            to: ty(g, 2),
        },
    };
    if below(g, 5) == 0 {
        result = None;
    }
    Insn {
        result,
        kind,
        span: Span::DUMMY,
    }
}

fn term(g: &mut Gen) -> Term {
    let kind = match below(g, 4) {
        0 => TermKind::Ret(Ty::Void, None),
        1 => {
            let mut t = ty(g, 2);
            if t == Ty::Void {
                t = Ty::I64;
            }
            TermKind::Ret(t, Some(operand(g)))
        }
        2 => TermKind::Br(name(g)),
        _ => TermKind::Cbr(operand(g), name(g), name(g)),
    };
    Term {
        kind,
        span: Span::DUMMY,
    }
}

fn block(g: &mut Gen) -> Block {
    Block {
        insns: (0..below(g, 4)).map(|_| insn(g)).collect(),
        term: term(g),
    }
}

fn ginit(g: &mut Gen, depth: usize) -> Ginit {
    let leaf = depth == 0 || below(g, 2) == 0;
    let kind = if leaf {
        match below(g, 4) {
            0 => GinitKind::Null,
            1 => GinitKind::Gid(name(g)),
            2 => GinitKind::Int(int(g)),
            _ => GinitKind::Str(Vec::<u8>::arbitrary(g).into_iter().take(8).collect()),
        }
    } else {
        let d = depth - 1;
        match below(g, 3) {
            0 => GinitKind::Array((0..below(g, 3)).map(|_| (ty(g, 2), ginit(g, d))).collect()),
            1 => GinitKind::Struct((0..below(g, 3)).map(|_| (ty(g, 2), ginit(g, d))).collect()),
            _ => GinitKind::Bitcast(ty(g, 2), Box::new(ginit(g, d)), ty(g, 2)),
        }
    };
    Ginit::new(kind)
}

impl Arbitrary for AnyProg {
    fn arbitrary(g: &mut Gen) -> AnyProg {
        let tdecls = (0..below(g, 3))
            .map(|_| Tdecl {
                name: name(g),
                ty: ty(g, 3),
                span: Span::DUMMY,
            })
            .collect();
        let gdecls = (0..below(g, 3))
            .map(|_| Gdecl {
                name: name(g),
                ty: ty(g, 2),
                init: ginit(g, 3),
                span: Span::DUMMY,
            })
            .collect();
        let edecls = (0..below(g, 3))
            .map(|_| Edecl {
                name: name(g),
                ty: Ty::Fun(
                    (0..below(g, 3)).map(|_| ty(g, 2)).collect(),
                    Box::new(ty(g, 2)),
                ),
                span: Span::DUMMY,
            })
            .collect();
        let fdecls = (0..below(g, 3))
            .map(|_| Fdecl {
                name: name(g),
                ret: ty(g, 2),
                params: (0..below(g, 3)).map(|_| (name(g), ty(g, 2))).collect(),
                cfg: Cfg {
                    entry_label: bool::arbitrary(g).then(|| name(g)),
                    entry: block(g),
                    blocks: (0..below(g, 3))
                        .map(|_| LabeledBlock {
                            label: name(g),
                            label_span: Span::DUMMY,
                            block: block(g),
                        })
                        .collect(),
                },
                span: Span::DUMMY,
            })
            .collect();
        AnyProg(Prog {
            tdecls,
            gdecls,
            fdecls,
            edecls,
        })
    }
}

#[test]
fn parse_of_print_is_the_identity_on_random_programs() {
    fn prop(p: AnyProg) -> bool {
        let back = reparse(&p.0);
        if back != p.0 {
            eprintln!("{}", print(&p.0));
        }
        back == p.0
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(AnyProg) -> bool);
}

#[test]
fn printing_is_idempotent_on_random_programs() {
    fn prop(p: AnyProg) -> bool {
        let once = print(&p.0);
        print(&reparse(&p.0)) == once
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(AnyProg) -> bool);
}

// ---------------------------------------------------------------------------
// The corpus.

fn ll_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            ll_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "ll") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_that_parses_round_trips() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = Vec::new();
    ll_files(&corpus, &mut files);
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // Files the parser rejects are CHECK-MALFORMED tests (checked by the
        // corpus suite); the rest must print and read back unchanged.
        if let Ok(prog) = parse(&Source::new(path.display().to_string(), text)) {
            assert_eq!(reparse(&prog), prog, "{}", path.display());
        }
    }
}

//! The parser against the spec's examples, both concrete syntaxes, every
//! lexical corner, and its error messages and positions.

use pretty_assertions::assert_eq;
use spec::ast::*;
use spec::diag::SYNTAX_RULE;
use spec::{parse, Source, Span};

fn p(text: &str) -> Prog {
    match parse(&Source::new("t.ll", text)) {
        Ok(prog) => prog,
        Err(d) => panic!("{}", d.render(&Source::new("t.ll", text))),
    }
}

/// (line, col, message) of the parse error of `text`.
fn err(text: &str) -> (u32, u32, String) {
    let src = Source::new("t.ll", text);
    match parse(&src) {
        Ok(prog) => panic!("parsed but should not: {prog:?}"),
        Err(d) => {
            assert_eq!(d.rule, SYNTAX_RULE);
            let loc = d.locate(&src);
            (loc.line, loc.col, d.message)
        }
    }
}

fn insn(result: Option<&str>, kind: InsnKind) -> Insn {
    Insn {
        result: result.map(str::to_string),
        kind,
        span: Span::DUMMY,
    }
}

fn term(kind: TermKind) -> Term {
    Term {
        kind,
        span: Span::DUMMY,
    }
}

fn ret(ty: Ty, op: Operand) -> Term {
    term(TermKind::Ret(ty, Some(op)))
}

fn block(insns: Vec<Insn>, term: Term) -> Block {
    Block { insns, term }
}

fn labeled(label: &str, b: Block) -> LabeledBlock {
    LabeledBlock {
        label: label.into(),
        label_span: Span::DUMMY,
        block: b,
    }
}

fn named(n: &str) -> Ty {
    Ty::Named(n.into())
}

fn c(n: i64) -> Operand {
    Operand::konst(n)
}

fn id(n: &str) -> Operand {
    Operand::id(n)
}

fn gi(kind: GinitKind) -> Ginit {
    Ginit::new(kind)
}

/// The only function of `text`.
fn only_fn(text: &str) -> Fdecl {
    let prog = p(text);
    assert_eq!(prog.fdecls.len(), 1);
    prog.fdecls.into_iter().next().unwrap()
}

/// The instructions of the entry block of the only function of `text`.
fn entry_insns(text: &str) -> Vec<Insn> {
    only_fn(text).cfg.entry.insns
}

/// The entry instructions of `define void @f() { BODY ret void }`.
fn body(insns: &str) -> Vec<Insn> {
    entry_insns(&format!("define void @f() {{\n{insns}\n  ret void\n}}\n"))
}

const FACTORIAL: &str = "define i64 @fac(i64 %n) {              ; (1)
  %1 = icmp sle i64 %n, 0              ; (2) 
  br i1 %1, label %ret, label %rec     ; (3)
ret:                                   ; (4)
  ret i64 1
rec:                                   ; (5)
  %2 = sub i64 %n, 1                   ; (6)
  %3 = call i64 @fac(i64 %2)           ; (7)
  %4 = mul i64 %n, %3
  ret i64 %4                           ; (8)
}

define i64 @main() {                   ; (9)
  %1 = call i64 @fac(i64 6)
  ret i64 %1                           
}
";

#[test]
fn the_spec_factorial_parses_to_its_tree() {
    let fac = Fdecl {
        name: "fac".into(),
        ret: Ty::I64,
        params: vec![("n".into(), Ty::I64)],
        cfg: Cfg {
            entry_label: None,
            entry: block(
                vec![insn(
                    Some("1"),
                    InsnKind::Icmp {
                        cnd: Cnd::Sle,
                        ty: Ty::I64,
                        op1: id("n"),
                        op2: c(0),
                    },
                )],
                term(TermKind::Cbr(id("1"), "ret".into(), "rec".into())),
            ),
            blocks: vec![
                labeled("ret", block(vec![], ret(Ty::I64, c(1)))),
                labeled(
                    "rec",
                    block(
                        vec![
                            insn(
                                Some("2"),
                                InsnKind::Binop {
                                    bop: Bop::Sub,
                                    ty: Ty::I64,
                                    op1: id("n"),
                                    op2: c(1),
                                },
                            ),
                            insn(
                                Some("3"),
                                InsnKind::Call {
                                    ret: Ty::I64,
                                    callee: Operand::gid("fac"),
                                    args: vec![(Ty::I64, id("2"))],
                                },
                            ),
                            insn(
                                Some("4"),
                                InsnKind::Binop {
                                    bop: Bop::Mul,
                                    ty: Ty::I64,
                                    op1: id("n"),
                                    op2: id("3"),
                                },
                            ),
                        ],
                        ret(Ty::I64, id("4")),
                    ),
                ),
            ],
        },
        span: Span::DUMMY,
    };
    let main = Fdecl {
        name: "main".into(),
        ret: Ty::I64,
        params: vec![],
        cfg: Cfg {
            entry_label: None,
            entry: block(
                vec![insn(
                    Some("1"),
                    InsnKind::Call {
                        ret: Ty::I64,
                        callee: Operand::gid("fac"),
                        args: vec![(Ty::I64, c(6))],
                    },
                )],
                ret(Ty::I64, id("1")),
            ),
            blocks: vec![],
        },
        span: Span::DUMMY,
    };
    assert_eq!(
        p(FACTORIAL),
        Prog {
            fdecls: vec![fac, main],
            ..Prog::default()
        }
    );
}

#[test]
fn spans_point_at_the_source_text() {
    let prog = p(FACTORIAL);
    let src = FACTORIAL;
    let fac = &prog.fdecls[0];
    let text = |s: Span| &src[s.lo as usize..s.hi as usize];
    assert_eq!(text(fac.span), "define i64 @fac(i64 %n) {");
    assert_eq!(text(fac.cfg.entry.insns[0].span), "%1 = icmp sle i64 %n, 0");
    assert_eq!(
        text(fac.cfg.entry.term.span),
        "br i1 %1, label %ret, label %rec"
    );
    assert_eq!(text(fac.cfg.blocks[1].label_span), "rec:");
    let InsnKind::Icmp { op1, .. } = &fac.cfg.entry.insns[0].kind else {
        panic!("not an icmp")
    };
    assert_eq!(text(op1.span), "%n");
}

#[test]
fn spans_of_definitions_and_initializers() {
    let src = "%T = type { i64, i1 }  ; t\n@g = global %T { i64 1, i1 0 }\n\
               declare void @ll_puts(i8*)\ndefine void @f() {\nentry:\n  store i64 1, i64* @g\n  \
               ret void\n}\n";
    let prog = p(src);
    let text = |s: Span| &src[s.lo as usize..s.hi as usize];
    assert_eq!(text(prog.tdecls[0].span), "%T = type { i64, i1 }");
    assert_eq!(text(prog.gdecls[0].span), "@g = global %T { i64 1, i1 0 }");
    assert_eq!(text(prog.gdecls[0].init.span), "{ i64 1, i1 0 }");
    let GinitKind::Struct(fields) = &prog.gdecls[0].init.kind else {
        panic!("not a struct")
    };
    assert_eq!(text(fields[1].1.span), "0");
    assert_eq!(text(prog.edecls[0].span), "declare void @ll_puts(i8*)");
    let f = &prog.fdecls[0];
    assert_eq!(text(f.cfg.entry.insns[0].span), "store i64 1, i64* @g");
    assert_eq!(text(f.cfg.entry.term.span), "ret void");
}

#[test]
fn the_spec_global_pointer_chain() {
    let prog = p("@foo = global i64 42\n@bar = global i64* @foo\n@baz = global i64** @bar\n");
    let g = |name: &str, ty: Ty, kind: GinitKind| Gdecl {
        name: name.into(),
        ty,
        init: gi(kind),
        span: Span::DUMMY,
    };
    assert_eq!(
        prog.gdecls,
        vec![
            g("foo", Ty::I64, GinitKind::Int(42)),
            g("bar", Ty::I64.ptr_to(), GinitKind::Gid("foo".into())),
            g(
                "baz",
                Ty::I64.ptr_to().ptr_to(),
                GinitKind::Gid("bar".into())
            ),
        ]
    );
}

#[test]
fn the_spec_gep_walkthrough_in_both_syntaxes() {
    let spec_syntax = "%t1 = type {i64,i64,i64}
%t2 = type [2 x %t1]
@pn1 = global %t2 [ %t1 {i64 1, i64 2, i64 3}, %t1 {i64 4, i64 5, i64 6} ]
define i64 @main() {
  %pn2 = getelementptr %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1* %pn2, i32 1, i32 1
  %b1 = load i64* %pb1
  ret i64 %b1
}
";
    let llvm_syntax = "%t1 = type {i64,i64,i64}
%t2 = type [2 x %t1]
@pn1 = global %t2 [ %t1 {i64 1, i64 2, i64 3}, %t1 {i64 4, i64 5, i64 6} ]
define i64 @main() {
  %pn2 = getelementptr inbounds %t2, %t2* @pn1, i64 0, i64 0
  %pb1 = getelementptr %t1, %t1* %pn2, i64 1, i32 1
  %b1 = load i64, i64* %pb1
  ret i64 %b1
}
";
    let prog = p(spec_syntax);
    assert_eq!(prog, p(llvm_syntax));
    let t1 = Ty::Struct(vec![Ty::I64, Ty::I64, Ty::I64]);
    assert_eq!(
        prog.tdecls
            .iter()
            .map(|t| (t.name.as_str(), t.ty.clone()))
            .collect::<Vec<_>>(),
        vec![("t1", t1), ("t2", Ty::Array(2, Box::new(named("t1"))))]
    );
    let elem = |a, b, c| {
        (
            named("t1"),
            gi(GinitKind::Struct(vec![
                (Ty::I64, gi(GinitKind::Int(a))),
                (Ty::I64, gi(GinitKind::Int(b))),
                (Ty::I64, gi(GinitKind::Int(c))),
            ])),
        )
    };
    assert_eq!(
        prog.gdecls[0].init,
        gi(GinitKind::Array(vec![elem(1, 2, 3), elem(4, 5, 6)]))
    );
    assert_eq!(
        prog.fdecls[0].cfg.entry.insns,
        vec![
            insn(
                Some("pn2"),
                InsnKind::Gep {
                    base_ty: named("t2"),
                    ptr_ty: named("t2").ptr_to(),
                    ptr: Operand::gid("pn1"),
                    idxs: vec![c(0), c(0)],
                }
            ),
            insn(
                Some("pb1"),
                InsnKind::Gep {
                    base_ty: named("t1"),
                    ptr_ty: named("t1").ptr_to(),
                    ptr: id("pn2"),
                    idxs: vec![c(1), c(1)],
                }
            ),
            insn(
                Some("b1"),
                InsnKind::Load {
                    ty: Ty::I64,
                    ptr_ty: Ty::I64.ptr_to(),
                    ptr: id("pb1"),
                }
            ),
        ]
    );
}

#[test]
fn load_and_gep_keep_the_written_pointer_type() {
    let insns = body(
        "%a = load i64, ptr %p\n%b = load %T, %P %q\n%c = getelementptr %T, ptr %q, i64 0\n\
         %d = load i64** %r\n%e = getelementptr {i64}* %s",
    );
    let kinds: Vec<_> = insns.into_iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        vec![
            InsnKind::Load {
                ty: Ty::I64,
                ptr_ty: Ty::OpaquePtr,
                ptr: id("p")
            },
            InsnKind::Load {
                ty: named("T"),
                ptr_ty: named("P"),
                ptr: id("q")
            },
            InsnKind::Gep {
                base_ty: named("T"),
                ptr_ty: Ty::OpaquePtr,
                ptr: id("q"),
                idxs: vec![c(0)]
            },
            InsnKind::Load {
                ty: Ty::I64.ptr_to(),
                ptr_ty: Ty::I64.ptr_to().ptr_to(),
                ptr: id("r")
            },
            InsnKind::Gep {
                base_ty: Ty::Struct(vec![Ty::I64]),
                ptr_ty: Ty::Struct(vec![Ty::I64]).ptr_to(),
                ptr: id("s"),
                idxs: vec![]
            },
        ]
    );
}

#[test]
fn every_instruction_form() {
    let insns = body(
        "%a = add i64 1, 2\n%b = sub i64 %a, 1\n%c = mul i64 %a, %b\n%d = shl i64 %c, 3\n\
         %e = lshr i64 %d, 1\n%f = ashr i64 %e, 1\n%g = and i64 %f, 7\n%h = or i64 %g, 8\n\
         %i = xor i64 %h, -1\n%p = alloca i64\nstore i64 %i, i64* %p\n\
         %j = icmp eq i64 %i, 0\n%k = icmp ne i1 %j, true\n%l = icmp slt i64 1, 2\n\
         %m = icmp sle i64 1, 2\n%n = icmp sgt i64 1, 2\n%o = icmp sge i64* null, %p\n\
         %q = bitcast i64* %p to i8*\ncall void @g(i8* %q, i1 false)\n%r = call i64* %fp()",
    );
    let bops: Vec<Bop> = insns
        .iter()
        .filter_map(|i| match i.kind {
            InsnKind::Binop { bop, .. } => Some(bop),
            _ => None,
        })
        .collect();
    assert_eq!(bops, Bop::ALL.to_vec());
    let cnds: Vec<Cnd> = insns
        .iter()
        .filter_map(|i| match i.kind {
            InsnKind::Icmp { cnd, .. } => Some(cnd),
            _ => None,
        })
        .collect();
    assert_eq!(cnds, Cnd::ALL.to_vec());
    let find = |r: Option<&str>| {
        insns
            .iter()
            .find(|i| i.result.as_deref() == r)
            .map(|i| i.kind.clone())
    };
    assert_eq!(
        find(Some("i")),
        Some(InsnKind::Binop {
            bop: Bop::Xor,
            ty: Ty::I64,
            op1: id("h"),
            op2: c(-1)
        })
    );
    assert_eq!(find(Some("p")), Some(InsnKind::Alloca { ty: Ty::I64 }));
    assert_eq!(
        find(Some("k")),
        Some(InsnKind::Icmp {
            cnd: Cnd::Ne,
            ty: Ty::I1,
            op1: id("j"),
            op2: c(1)
        })
    );
    assert_eq!(
        find(Some("o")),
        Some(InsnKind::Icmp {
            cnd: Cnd::Sge,
            ty: Ty::I64.ptr_to(),
            op1: Operand::null(),
            op2: id("p")
        })
    );
    assert_eq!(
        find(Some("q")),
        Some(InsnKind::Bitcast {
            from: Ty::I64.ptr_to(),
            op: id("p"),
            to: Ty::I8.ptr_to()
        })
    );
    assert_eq!(
        find(Some("r")),
        Some(InsnKind::Call {
            ret: Ty::I64.ptr_to(),
            callee: id("fp"),
            args: vec![]
        })
    );
    let unnamed: Vec<_> = insns
        .iter()
        .filter(|i| i.result.is_none())
        .map(|i| i.kind.clone())
        .collect();
    assert_eq!(
        unnamed,
        vec![
            InsnKind::Store {
                ty: Ty::I64,
                val: id("i"),
                ptr_ty: Ty::I64.ptr_to(),
                ptr: id("p")
            },
            InsnKind::Call {
                ret: Ty::Void,
                callee: Operand::gid("g"),
                args: vec![(Ty::I8.ptr_to(), id("q")), (Ty::I1, c(0))]
            },
        ]
    );
}

#[test]
fn call_accepts_return_type_and_function_type() {
    let expected = InsnKind::Call {
        ret: Ty::I64,
        callee: Operand::gid("f"),
        args: vec![(Ty::I64, c(1))],
    };
    for form in ["%x = call i64 @f(i64 1)", "%x = call i64 (i64) @f(i64 1)"] {
        assert_eq!(body(form)[0].kind, expected, "{form}");
    }
}

/// The calls in the function `@main` of `text`.
fn calls_in_main(text: &str) -> Vec<InsnKind> {
    p(text)
        .fdecl("main")
        .map(|f| f.cfg.entry.insns.iter().map(|i| i.kind.clone()).collect())
        .unwrap_or_default()
}

#[test]
fn a_function_pointer_type_in_a_call_is_the_return_type_as_the_spec_says() {
    let fp = Ty::Fun(vec![Ty::I64], Box::new(Ty::I64)).ptr_to();
    let returns_fp = |callee: &str| InsnKind::Call {
        ret: fp.clone(),
        callee: Operand::gid(callee),
        args: vec![(Ty::I64, c(1))],
    };
    // @pick returns a function pointer: `call S1 OP1(...)` with S1 = i64 (i64)*.
    let pick = "define i64 (i64)* @pick(i64 %w) {\n  ret i64 (i64)* @id\n}\n\
                define i64 @id(i64 %x) {\n  ret i64 %x\n}\n";
    assert_eq!(
        calls_in_main(&format!(
            "{pick}define void @main() {{\n  %f = call i64 (i64)* @pick(i64 1)\n  ret void\n}}"
        )),
        vec![returns_fp("pick")]
    );
    // The same, with the function type written out (LLVM 3.7+).
    assert_eq!(
        calls_in_main(&format!(
            "{pick}define void @main() {{\n  %f = call i64 (i64)* (i64) @pick(i64 1)\n  ret void\n}}"
        )),
        vec![returns_fp("pick")]
    );
    // An unknown callee: the spec's reading.
    assert_eq!(
        calls_in_main("define void @main() {\n  %f = call i64 (i64)* @g(i64 1)\n  ret void\n}"),
        vec![returns_fp("g")]
    );
}

#[test]
fn the_old_call_form_is_read_where_the_callee_type_is_the_type_written() {
    // Before LLVM 3.7, `call i64 (i64)* @f(i64 1)` named @f's pointer type;
    // @f : i64 (i64) returns i64, so only the old reading fits.
    let text = "declare i64 @f(i64)\ndefine i64 @g(i64 %x) {\n  ret i64 %x\n}\n\
                define void @main() {\n  %a = call i64 (i64)* @f(i64 1)\n  \
                %b = call i64 (i64)* @g(i64 1)\n  ret void\n}";
    let call = |callee: &str| InsnKind::Call {
        ret: Ty::I64,
        callee: Operand::gid(callee),
        args: vec![(Ty::I64, c(1))],
    };
    assert_eq!(calls_in_main(text), vec![call("f"), call("g")]);
}

#[test]
fn terminators() {
    let f = only_fn(
        "define void @f(i1 %b) {\n  br label %a\na:\n  br i1 %b, label %a, label %c\nc:\n  ret void\n}",
    );
    assert_eq!(f.cfg.entry.term.kind, TermKind::Br("a".into()));
    assert_eq!(
        f.cfg.blocks[0].block.term.kind,
        TermKind::Cbr(id("b"), "a".into(), "c".into())
    );
    assert_eq!(
        f.cfg.blocks[1].block.term.kind,
        TermKind::Ret(Ty::Void, None)
    );
    let t = only_fn("define i1 @f() {\n  ret i1 true\n}")
        .cfg
        .entry
        .term
        .kind;
    assert_eq!(t, TermKind::Ret(Ty::I1, Some(c(1))));
}

#[test]
fn integer_literals_cover_the_whole_i64_range() {
    let insns = body(
        "%a = add i64 -9223372036854775808, 9223372036854775807\n%b = add i64 -0, 007\n\
         %c = and i1 true, false",
    );
    let ops: Vec<_> = insns
        .into_iter()
        .map(|i| match i.kind {
            InsnKind::Binop { op1, op2, .. } => (op1, op2),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        ops,
        vec![(c(i64::MIN), c(i64::MAX)), (c(0), c(7)), (c(1), c(0))]
    );
}

#[test]
fn names_plain_numeric_and_quoted() {
    let f = only_fn(
        "define i64 @\"my fn\"(i64 %foo.bar_1, i64 %\"a b\\22c\\5Cd\") {\n\
         \"entry block\":\n  %10 = add i64 %foo.bar_1, %\"a b\\22c\\5Cd\"\n  br label %3\n\
         3:\n  %2 = add i64 %10, 1\n  br label %\"x y\"\n\"x y\":\n  %$-. = add i64 %2, 0\n\
         ret i64 %$-.\n}",
    );
    assert_eq!(f.name, "my fn");
    assert_eq!(
        f.params,
        vec![("foo.bar_1".into(), Ty::I64), ("a b\"c\\d".into(), Ty::I64)]
    );
    assert_eq!(f.cfg.entry_label.as_deref(), Some("entry block"));
    assert_eq!(
        f.cfg.entry.insns[0].kind,
        InsnKind::Binop {
            bop: Bop::Add,
            ty: Ty::I64,
            op1: id("foo.bar_1"),
            op2: id("a b\"c\\d")
        }
    );
    assert_eq!(f.cfg.entry.insns[0].result.as_deref(), Some("10"));
    assert_eq!(f.cfg.entry.term.kind, TermKind::Br("3".into()));
    let labels: Vec<_> = f.cfg.blocks.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, vec!["3", "x y"]);
    assert_eq!(
        f.cfg.blocks[1].block.insns[0].result.as_deref(),
        Some("$-.")
    );
}

#[test]
fn a_quoted_name_equals_its_plain_spelling() {
    assert_eq!(
        p("define i64 @main() {\n  %\"1\" = add i64 1, 2\n  ret i64 %1\n}"),
        p("define i64 @main() {\n  %1 = add i64 1, 2\n  ret i64 %\"1\"\n}")
    );
}

#[test]
fn every_type_form() {
    let prog = p(
        "%a = type void\n%b = type i1\n%c = type i8\n%d = type i64\n%e = type ptr\n\
         %f = type i64***\n%g = type {}\n%h = type { i64, { i1 }, [3 x i8] }\n\
         %i = type [0 x %h]\n%j = type i64 (i64, i8*)*\n%k = type void ()\n\
         %l = type %\"quoted type\"*\n%m = type i64* (i64) (i1)\n",
    );
    let tys: Vec<Ty> = prog.tdecls.into_iter().map(|t| t.ty).collect();
    assert_eq!(
        tys,
        vec![
            Ty::Void,
            Ty::I1,
            Ty::I8,
            Ty::I64,
            Ty::OpaquePtr,
            Ty::I64.ptr_to().ptr_to().ptr_to(),
            Ty::Struct(vec![]),
            Ty::Struct(vec![
                Ty::I64,
                Ty::Struct(vec![Ty::I1]),
                Ty::Array(3, Box::new(Ty::I8))
            ]),
            Ty::Array(0, Box::new(named("h"))),
            Ty::Fun(vec![Ty::I64, Ty::I8.ptr_to()], Box::new(Ty::I64)).ptr_to(),
            Ty::Fun(vec![], Box::new(Ty::Void)),
            named("quoted type").ptr_to(),
            Ty::Fun(
                vec![Ty::I1],
                Box::new(Ty::Fun(vec![Ty::I64], Box::new(Ty::I64.ptr_to())))
            ),
        ]
    );
}

#[test]
fn every_global_initializer_form() {
    let prog = p("@a = global i64* null\n@b = global i64 -3\n@c = global i64* @b\n\
         @d = global [4 x i8] c\"a\\00\\0A\\\\\\22\\7f\\41\"\n@e = global [2 x i64] [i64 1, i64 2]\n\
         @f = global { i64, i1 } { i64 1, i1 true }\n@g = global i8* bitcast (i64* @b to i8*)\n\
         @h = global {} {}\n@i = global [0 x i64] []\n");
    let inits: Vec<GinitKind> = prog.gdecls.into_iter().map(|g| g.init.kind).collect();
    assert_eq!(
        inits,
        vec![
            GinitKind::Null,
            GinitKind::Int(-3),
            GinitKind::Gid("b".into()),
            GinitKind::Str(b"a\0\n\\\"\x7fA".to_vec()),
            GinitKind::Array(vec![
                (Ty::I64, gi(GinitKind::Int(1))),
                (Ty::I64, gi(GinitKind::Int(2)))
            ]),
            GinitKind::Struct(vec![
                (Ty::I64, gi(GinitKind::Int(1))),
                (Ty::I1, gi(GinitKind::Int(1)))
            ]),
            GinitKind::Bitcast(
                Ty::I64.ptr_to(),
                Box::new(gi(GinitKind::Gid("b".into()))),
                Ty::I8.ptr_to()
            ),
            GinitKind::Struct(vec![]),
            GinitKind::Array(vec![]),
        ]
    );
}

#[test]
fn string_constants_keep_raw_bytes() {
    let prog = p("@s = global [6 x i8] c\"é\\q\t\\00\"");
    assert_eq!(
        prog.gdecls[0].init.kind,
        GinitKind::Str("é\\q\t\0".as_bytes().to_vec())
    );
}

#[test]
fn declares_with_and_without_parameter_names() {
    let prog =
        p("declare void @ll_puts(i8*)\ndeclare i64 @f(i64 %x, i8* %\"y\")\ndeclare void @g()");
    let tys: Vec<_> = prog.edecls.into_iter().map(|e| (e.name, e.ty)).collect();
    assert_eq!(
        tys,
        vec![
            (
                "ll_puts".into(),
                Ty::Fun(vec![Ty::I8.ptr_to()], Box::new(Ty::Void))
            ),
            (
                "f".into(),
                Ty::Fun(vec![Ty::I64, Ty::I8.ptr_to()], Box::new(Ty::I64))
            ),
            ("g".into(), Ty::Fun(vec![], Box::new(Ty::Void))),
        ]
    );
}

#[test]
fn layout_comments_crlf_and_llvm_header_lines_are_ignored() {
    let messy = "; ModuleID = 'x'\r\nsource_filename = \"x.c\"\r\n\
        target datalayout = \"e-m:e-i64:64\"\r\ntarget triple = \"x86_64-pc-linux-gnu\"\r\n\r\n\
        define i64 @fac(i64 %n) { ; c\r\n%1 = icmp sle i64 %n, 0\r\n;;\r\n\
        br i1 %1, label %ret, label %rec\r\nret: ; c\r\n ret i64 1\r\nrec:\r\n\
        %2 = sub i64 %n, 1 %3 = call i64 @fac(i64 %2) %4 = mul i64 %n, %3 ret i64 %4 }\r\n\
        define i64 @main() {\t%1 = call i64 @fac(i64 6)\tret i64 %1 }\n; last line without newline";
    assert_eq!(p(messy), p(FACTORIAL));
}

#[test]
fn definitions_interleave_and_keep_source_order_per_kind() {
    let prog = p(
        "define void @f() {\n ret void\n}\n@x = global i64 1\n%T = type i64\n\
         declare void @e()\n@y = global i64 2\ndefine void @g() {\n ret void\n}\n%U = type i1",
    );
    let names = |v: Vec<String>| v.join(",");
    assert_eq!(
        names(prog.fdecls.iter().map(|f| f.name.clone()).collect()),
        "f,g"
    );
    assert_eq!(
        names(prog.gdecls.iter().map(|g| g.name.clone()).collect()),
        "x,y"
    );
    assert_eq!(
        names(prog.tdecls.iter().map(|t| t.name.clone()).collect()),
        "T,U"
    );
    assert_eq!(
        names(prog.edecls.iter().map(|e| e.name.clone()).collect()),
        "e"
    );
}

#[test]
fn empty_and_comment_only_files_are_empty_programs() {
    assert_eq!(p(""), Prog::default());
    assert_eq!(p("; nothing here"), Prog::default());
    assert_eq!(p("\r\n\n  \t"), Prog::default());
}

#[test]
fn error_missing_terminator() {
    assert_eq!(
        err("define i64 @f() {\n  %x = add i64 1, 2\n}\n"),
        (
            3,
            1,
            "expected an instruction or terminator, found `}`".to_string()
        )
    );
    assert_eq!(
        err("define i64 @f() {\n  br label %a\na:\n  %x = add i64 1, 2\nb:\n  ret i64 0\n}"),
        (
            5,
            1,
            "expected an instruction or terminator, found `b:`".to_string()
        )
    );
}

#[test]
fn error_unknown_instruction() {
    assert_eq!(
        err("define i64 @f() {\n  %x = udiv i64 1, 2\n  ret i64 %x\n}"),
        (2, 8, "expected an instruction, found `udiv`".to_string())
    );
    assert_eq!(
        err("define void @f() {\n  %x = store i64 1, i64* %p\n  ret void\n}"),
        (
            2,
            8,
            "expected an instruction that defines a value, found `store`".to_string()
        )
    );
}

#[test]
fn error_bad_type() {
    assert_eq!(
        err("define i64 @f() {\n  %x = alloca %y*\n  %z = add i32 1, 2\n  ret i64 0\n}"),
        (3, 12, "expected a type, found `i32`".to_string())
    );
    assert_eq!(
        err("@g = global [2 y i64] [i64 1, i64 2]"),
        (1, 16, "expected `x`, found `y`".to_string())
    );
    assert_eq!(
        err("define void @f() {\n  %x = load i64 %p\n  ret void\n}"),
        (
            2,
            13,
            "expected a pointer type `T*` (the spec's syntax `load T* OP`) or `,` after the type \
             (LLVM's `load T, T* OP`), found `i64`"
                .to_string()
        )
    );
    assert_eq!(
        err("define void @f() {\n  %x = getelementptr %T %p, i32 0\n  ret void\n}").0,
        2
    );
}

#[test]
fn error_literal_out_of_range() {
    assert_eq!(
        err("define i64 @f() {\n  ret i64 9223372036854775808\n}"),
        (
            2,
            11,
            "expected an integer from -9223372036854775808 to 9223372036854775807, \
             found `9223372036854775808`"
                .to_string()
        )
    );
    assert_eq!(err("@g = global i64 -9223372036854775809").1, 17);
    assert_eq!(
        err("%T = type [18446744073709551616 x i64]").2,
        "expected an array length from 0 to 18446744073709551615, found `18446744073709551616`"
    );
}

#[test]
fn error_unterminated_string_and_names() {
    assert_eq!(
        err("@s = global [3 x i8] c\"ab\n"),
        (
            1,
            22,
            "expected a closing `\"` for this string, found end of file".to_string()
        )
    );
    assert_eq!(
        err("define void @f() {\n  ret void\n}\n@\"x"),
        (
            4,
            1,
            "expected a closing `\"` for this string, found end of file".to_string()
        )
    );
    assert_eq!(
        err("define i64 @f() {\n  % = add i64 1, 2\n}").2,
        "expected a name after `%`, found white space"
    );
    assert_eq!(
        err("@\"\" = global i64 0").2,
        "expected a name between the quotes, found an empty name"
    );
}

#[test]
fn error_junk_bytes() {
    assert_eq!(
        err("define i64 @f() #0 {\n  ret i64 0\n}"),
        (1, 17, "expected `{`, found `#`".to_string())
    );
    assert_eq!(
        err("define i64 @f() {\n  ret i64 0\n}\n€"),
        (
            4,
            1,
            "expected a top-level definition (`define`, `declare`, `%T = type`, `@g = global`), found `€`"
                .to_string()
        )
    );
    assert_eq!(
        err("define i64 @f() {\n  %x = add i64 1, 2 !\n  ret i64 0\n}"),
        (
            2,
            21,
            "expected an instruction or terminator, found `!`".to_string()
        )
    );
}

#[test]
fn error_other_places() {
    assert_eq!(
        err("define i64 @f() {\n  ret i64 0\n  %x = add i64 1, 2\n}"),
        (
            3,
            3,
            "expected a block label or `}` after a terminator, found `%x`".to_string()
        )
    );
    assert_eq!(
        err("define void @f() {\n  br i64 %c, label %a, label %b\n}"),
        (
            2,
            6,
            "expected `label` or `i1` after `br`, found `i64`".to_string()
        )
    );
    assert_eq!(
        err("define void @f() {\n  %x = icmp ult i64 1, 2\n  ret void\n}"),
        (
            2,
            13,
            "expected a condition (`eq`, `ne`, `slt`, `sle`, `sgt` or `sge`), found `ult`"
                .to_string()
        )
    );
    assert_eq!(
        err("define void @f() {\n  %y = getelementptr i64, i64* %p, i16 0\n  ret void\n}"),
        (
            2,
            36,
            "expected an index type `i32` or `i64`, found `i16`".to_string()
        )
    );
    assert_eq!(
        err("define i64 @f() {\n  ret i64 %x"),
        (
            2,
            13,
            "expected a block label or `}` after a terminator, found end of file".to_string()
        )
    );
    assert_eq!(
        err("define i64 @f(i64) {\n  ret i64 0\n}"),
        (
            1,
            18,
            "expected a parameter name `%NAME`, found `)`".to_string()
        )
    );
    assert_eq!(
        err("@g = global i64 1, 2").2,
        "expected a top-level definition (`define`, `declare`, `%T = type`, `@g = global`), found `,`"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for open in ["{", "[1 x ", "i64 ("] {
        let text = format!("%T = type {}i64", open.repeat(100_000));
        let (line, _, msg) = err(&text);
        assert_eq!(line, 1);
        assert!(msg.contains("levels of nested types"), "{msg}");
    }
    let stars = format!("%T = type i64{}", "*".repeat(100_000));
    assert!(err(&stars).2.contains("levels of nested types"));
    let init = format!("@g = global i64 {}", "[i64 ".repeat(100_000));
    assert!(err(&init).2.contains("levels of nested initializers"));
    // Up to the limit is fine.
    let ok = format!("%T = type i64{}", "*".repeat(255));
    let mut t = &p(&ok).tdecls[0].ty;
    let mut depth = 0;
    while let Ty::Ptr(inner) = t {
        t = inner;
        depth += 1;
    }
    assert_eq!(depth, 255);
}

#[test]
fn every_prefix_of_a_program_parses_or_fails_without_panicking() {
    let text = format!(
        "{FACTORIAL}@s = global [2 x i8] c\"a\\00\"\n%T = type {{ i64, [2 x i8]* }}\n\
         declare void @p(i8*)\n@\"q r\" = global %T {{ i64 1, [2 x i8]* @s }}\n"
    );
    let src_len = text.len();
    for end in 0..=src_len {
        if !text.is_char_boundary(end) {
            continue;
        }
        let src = Source::new("t.ll", &text[..end]);
        if let Err(d) = parse(&src) {
            assert!(d.span.lo as usize <= end && d.span.hi as usize <= end);
            assert!(d.message.starts_with("expected "), "{}", d.message);
        }
    }
    assert!(parse(&Source::new("t.ll", text)).is_ok());
}

#[test]
fn random_text_never_panics() {
    fn prop(bytes: Vec<u8>) -> bool {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let _ = parse(&Source::new("t.ll", text));
        true
    }
    fn prop_tokens(picks: Vec<u8>) -> bool {
        const TOKS: [&str; 24] = [
            "define ", "i64 ", "@f", "(", ")", "{", "}", "%x ", "= ", "add ", ", ", "1 ", "ret ",
            "br ", "label ", "a:", "\n", "[", "]", "x ", "*", "c\"", "\"", "load ",
        ];
        let text: String = picks
            .iter()
            .map(|&b| TOKS[usize::from(b) % TOKS.len()])
            .collect();
        let _ = parse(&Source::new("t.ll", text));
        true
    }
    quickcheck::QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(Vec<u8>) -> bool);
    quickcheck::QuickCheck::new()
        .tests(2000)
        .quickcheck(prop_tokens as fn(Vec<u8>) -> bool);
}

/// The places `ptr` may be written (docs/semantics.md, opaque pointers), mixed with typed pointers.
const OPAQUE_EVERYWHERE: &str = "%T = type { i64, ptr }
@h = global i64 1
@g = global ptr @h
@t = global i64* @h
declare ptr @ll_strcat(ptr, ptr)
define i64 @f(ptr %p, i64* %q, ptr %fp) {
  %x = load i64, ptr %p
  store i64 %x, ptr %p
  store i64 %x, i64* %q
  %e = getelementptr %T, ptr %p, i64 0, i32 1
  %r = call i64 %fp(i64 1)
  %pp = load ptr, ptr %e
  ret i64 %r
}
";

#[test]
fn ptr_is_accepted_wherever_a_pointer_type_may_be_written() {
    let prog = p(OPAQUE_EVERYWHERE);
    assert_eq!(prog.tdecls[0].ty, Ty::Struct(vec![Ty::I64, Ty::OpaquePtr]));
    assert_eq!(prog.gdecls[1].ty, Ty::OpaquePtr);
    assert_eq!(prog.gdecls[2].ty, Ty::I64.ptr_to());
    assert_eq!(
        prog.edecls[0].ty,
        Ty::Fun(vec![Ty::OpaquePtr, Ty::OpaquePtr], Box::new(Ty::OpaquePtr))
    );
    let f = &prog.fdecls[0];
    assert_eq!(f.params[0].1, Ty::OpaquePtr);
    assert_eq!(f.params[1].1, Ty::I64.ptr_to());
    let kinds: Vec<&InsnKind> = f.cfg.entry.insns.iter().map(|i| &i.kind).collect();
    assert!(matches!(
        kinds[0],
        InsnKind::Load {
            ty: Ty::I64,
            ptr_ty: Ty::OpaquePtr,
            ..
        }
    ));
    assert!(matches!(
        kinds[1],
        InsnKind::Store {
            ty: Ty::I64,
            ptr_ty: Ty::OpaquePtr,
            ..
        }
    ));
    assert!(matches!(
        kinds[2],
        InsnKind::Store {
            ptr_ty: Ty::Ptr(_),
            ..
        }
    ));
    assert!(
        matches!(kinds[3], InsnKind::Gep { base_ty: Ty::Named(n), ptr_ty: Ty::OpaquePtr, idxs, .. } if n == "T" && idxs.len() == 2)
    );
    assert!(
        matches!(kinds[4], InsnKind::Call { ret: Ty::I64, callee, args } if *callee == Operand::id("fp") && args.len() == 1)
    );
    assert!(matches!(
        kinds[5],
        InsnKind::Load {
            ty: Ty::OpaquePtr,
            ptr_ty: Ty::OpaquePtr,
            ..
        }
    ));
}

#[test]
fn ptr_prints_back_as_ptr_and_reparses_to_the_same_program() {
    let prog = p(OPAQUE_EVERYWHERE);
    let text = spec::print(&prog);
    assert!(text.contains("@g = global ptr @h"), "{text}");
    assert!(text.contains("declare ptr @ll_strcat(ptr, ptr)"), "{text}");
    assert!(text.contains("load i64, ptr %p"), "{text}");
    assert!(text.contains("{ i64, ptr }"), "{text}");
    assert_eq!(p(&text), prog);
}

#[test]
fn erasing_pointee_types_leaves_only_ptr() {
    let prog = p(OPAQUE_EVERYWHERE);
    let erased = spec::erase_pointee_types(&prog);
    let text = spec::print(&erased);
    assert!(!text.contains('*'), "{text}");
    assert_eq!(erased.gdecls[2].ty, Ty::OpaquePtr);
    assert_eq!(erased.fdecls[0].params[1].1, Ty::OpaquePtr);
    // Erasing twice changes nothing more.
    assert_eq!(spec::erase_pointee_types(&erased), erased);
}

#[test]
fn true_and_false_are_i1_literals_only() {
    let f = |body: &str| format!("define i64 @f(i64* %p) {{\n  {body}\n  ret i64 0\n}}\n");
    for (body, col, ty) in [
        ("%x = add i64 true, 1", 16, "i64"),
        ("%x = add i64 1, false", 19, "i64"),
        ("store i64 true, i64* %p", 13, "i64"),
        ("%x = icmp eq i64 %p, false", 24, "i64"),
        ("%x = call i64 @f(i64* %p, i64 true)", 33, "i64"),
        ("%x = getelementptr i64, i64* %p, i32 true", 40, "i32"),
        ("%x = bitcast i64* true to i8*", 21, "i64*"),
    ] {
        let (line, c, msg) = err(&f(body));
        assert_eq!((line, c), (2, col), "{body}");
        assert!(
            msg.contains("is an i1 literal only") && msg.contains(&format!("`{ty}`")),
            "{body}: {msg}"
        );
    }
    let (line, col, msg) = err("define i64 @f() {\n  ret i64 false\n}\n");
    assert_eq!((line, col), (2, 11));
    assert!(msg.contains("`false` is an i1 literal only"), "{msg}");
    let (line, col, _) = err("@g = global i64 true\n");
    assert_eq!((line, col), (1, 17));
    let (line, col, _) = err("@g = global { i1, i64 } { i1 true, i64 false }\n");
    assert_eq!((line, col), (1, 40));
    // At i1 they are the literals they are.
    p("@g = global i1 true\n@h = global { i1 } { i1 false }\n\
       define i1 @f(i1 %b) {\n  %x = and i1 true, %b\n  %y = icmp eq i1 %x, false\n  \
       br i1 true, label %l, label %l\nl:\n  ret i1 false\n}\n");
}

#[test]
fn constant_globals_are_rejected_with_a_reason() {
    let (line, col, msg) = err("@g = constant i64 5\n");
    assert_eq!((line, col), (1, 6));
    assert!(msg.contains("`constant` globals are not LLVMlite"), "{msg}");
}

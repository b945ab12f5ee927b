//! The corpus coverage table: for each feature of the language (every
//! instruction and condition, every type form, every global initializer form,
//! every runtime function) and every outcome the oracle can name (undefined
//! kinds, limit kinds, checker rule ids), how many corpus programs exercise
//! it. A row with zero programs fails the test: every feature must have at
//! least one program that says what it means.

use lloracle::corpus::{self, CorpusFile, Expected};
use spec::{Bop, Cnd, GinitKind, InsnKind, LimitKind, Prog, TermKind, Ty, UndefinedKind};
use std::collections::{BTreeMap, BTreeSet};

/// The table: section, then row name, then the number of programs.
#[derive(Default)]
struct Table {
    rows: Vec<(&'static str, String, usize)>,
}

impl Table {
    fn section(&mut self, section: &'static str, counts: Vec<(String, usize)>) {
        self.rows
            .extend(counts.into_iter().map(|(name, n)| (section, name, n)));
    }
}

/// Every type written anywhere in `prog`, with all their subterms.
fn types_written(prog: &Prog) -> Vec<Ty> {
    let mut roots: Vec<&Ty> = Vec::new();
    roots.extend(prog.tdecls.iter().map(|t| &t.ty));
    for g in &prog.gdecls {
        roots.push(&g.ty);
        let mut stack = vec![&g.init];
        while let Some(init) = stack.pop() {
            match &init.kind {
                GinitKind::Array(es) | GinitKind::Struct(es) => {
                    for (t, e) in es {
                        roots.push(t);
                        stack.push(e);
                    }
                }
                GinitKind::Bitcast(from, inner, to) => {
                    roots.push(from);
                    roots.push(to);
                    stack.push(inner);
                }
                _ => {}
            }
        }
    }
    roots.extend(prog.edecls.iter().map(|e| &e.ty));
    for f in &prog.fdecls {
        roots.push(&f.ret);
        roots.extend(f.params.iter().map(|(_, t)| t));
        for b in blocks(f) {
            for i in &b.insns {
                match &i.kind {
                    InsnKind::Binop { ty, .. }
                    | InsnKind::Alloca { ty }
                    | InsnKind::Icmp { ty, .. } => roots.push(ty),
                    InsnKind::Load { ty, ptr_ty, .. } | InsnKind::Store { ty, ptr_ty, .. } => {
                        roots.push(ty);
                        roots.push(ptr_ty);
                    }
                    InsnKind::Call { ret, args, .. } => {
                        roots.push(ret);
                        roots.extend(args.iter().map(|(t, _)| t));
                    }
                    InsnKind::Gep {
                        base_ty, ptr_ty, ..
                    } => {
                        roots.push(base_ty);
                        roots.push(ptr_ty);
                    }
                    InsnKind::Bitcast { from, to, .. } => {
                        roots.push(from);
                        roots.push(to);
                    }
                }
            }
            if let TermKind::Ret(t, _) = &b.term.kind {
                roots.push(t);
            }
        }
    }
    // All subterms, with an explicit stack.
    let mut out = Vec::new();
    let mut stack: Vec<&Ty> = roots;
    while let Some(t) = stack.pop() {
        out.push(t.clone());
        match t {
            Ty::Ptr(inner) | Ty::Array(_, inner) => stack.push(inner),
            Ty::Struct(ts) => stack.extend(ts),
            Ty::Fun(ps, r) => {
                stack.extend(ps);
                stack.push(r);
            }
            _ => {}
        }
    }
    out
}

fn blocks(f: &spec::Fdecl) -> impl Iterator<Item = &spec::Block> {
    f.cfg.blocks()
}

/// The feature rows one runnable program exercises.
fn features(prog: &Prog) -> BTreeSet<String> {
    let mut fs = BTreeSet::new();
    for f in &prog.fdecls {
        if f.name == "main" && !f.params.is_empty() {
            fs.insert("main(argc, argv)".to_string());
        }
        for b in blocks(f) {
            for i in &b.insns {
                let row = match &i.kind {
                    InsnKind::Binop { bop, .. } => bop.keyword().to_string(),
                    InsnKind::Alloca { .. } => "alloca".into(),
                    InsnKind::Load { .. } => "load".into(),
                    InsnKind::Store { .. } => "store".into(),
                    InsnKind::Icmp { cnd, .. } => format!("icmp {}", cnd.keyword()),
                    InsnKind::Call { callee, args, .. } => {
                        if let spec::OperandKind::Gid(n) = &callee.kind {
                            if prog.fdecl(n).is_none() && n.starts_with("ll_") {
                                let name = if n == "ll_ltoa" {
                                    format!("ll_ltoa/{}", args.len())
                                } else {
                                    n.clone()
                                };
                                fs.insert(format!("runtime {name}"));
                            }
                        } else {
                            fs.insert("call through a pointer".into());
                        }
                        "call".into()
                    }
                    InsnKind::Gep { .. } => "getelementptr".into(),
                    InsnKind::Bitcast { .. } => "bitcast".into(),
                };
                fs.insert(row);
            }
            fs.insert(
                match &b.term.kind {
                    TermKind::Ret(_, None) => "ret void",
                    TermKind::Ret(_, Some(_)) => "ret value",
                    TermKind::Br(_) => "br",
                    TermKind::Cbr(..) => "br i1 (cbr)",
                }
                .to_string(),
            );
        }
    }
    for t in types_written(prog) {
        let row = match &t {
            Ty::I1 => "type i1",
            Ty::I64 => "type i64",
            Ty::Ptr(inner) => match &**inner {
                Ty::Fun(..) => "type function pointer",
                Ty::I8 => "type i8*",
                _ => "type pointer",
            },
            Ty::Struct(_) => "type struct",
            Ty::Array(_, e) if **e == Ty::I8 => "type [N x i8]",
            Ty::Array(..) => "type array",
            Ty::Named(_) => "type named",
            _ => continue,
        };
        fs.insert(row.to_string());
        if matches!(t, Ty::Ptr(_)) {
            fs.insert("type pointer".to_string());
        }
    }
    for g in &prog.gdecls {
        let mut stack = vec![&g.init];
        while let Some(init) = stack.pop() {
            let row = match &init.kind {
                GinitKind::Null => "null",
                GinitKind::Int(_) => "integer",
                GinitKind::Gid(n) if prog.fdecl(n).is_some() => "@function",
                GinitKind::Gid(_) => "@global",
                GinitKind::Str(_) => "c\"...\" string",
                GinitKind::Array(es) => {
                    stack.extend(es.iter().map(|(_, e)| e));
                    "array"
                }
                GinitKind::Struct(es) => {
                    stack.extend(es.iter().map(|(_, e)| e));
                    "struct"
                }
                GinitKind::Bitcast(_, inner, _) => {
                    stack.push(inner);
                    "bitcast"
                }
            };
            fs.insert(format!("initializer {row}"));
        }
    }
    fs
}

fn count(
    names: impl IntoIterator<Item = String>,
    per_file: &[BTreeSet<String>],
    prefix: &str,
) -> Vec<(String, usize)> {
    names
        .into_iter()
        .map(|n| {
            let key = format!("{prefix}{n}");
            let c = per_file.iter().filter(|fs| fs.contains(&key)).count();
            (n, c)
        })
        .collect()
}

/// The expectation rows of one file (outcome kinds, rule ids, annotations).
fn expectation_rows(file: &CorpusFile) -> BTreeSet<String> {
    let e = &file.expectation;
    let mut rows = BTreeSet::new();
    for r in &e.runs {
        match r.expect {
            Expected::Result(_) => rows.insert("CHECK-RESULT".to_string()),
            Expected::Undefined(k) => rows.insert(format!("undefined {}", k.name())),
            Expected::Limit(k) => rows.insert(format!("limit {}", k.name())),
            Expected::Exited(_) => rows.insert("CHECK-EXITED".to_string()),
            Expected::Aborted => rows.insert("CHECK-ABORTED".to_string()),
            Expected::Unspecified => false,
        };
        match r.stdout.as_deref() {
            Some([]) => rows.insert("CHECK-NO-STDOUT".to_string()),
            Some(_) => rows.insert("CHECK-STDOUT".to_string()),
            None => false,
        };
        if !r.args.is_empty() {
            rows.insert("CHECK-ARGS".to_string());
        }
    }
    if e.runs.len() > 1 {
        rows.insert("CHECK-RUN (several runs)".to_string());
    }
    if let Some(rule) = &e.ill_typed {
        rows.insert(format!("rule {rule}"));
    }
    if e.malformed {
        rows.insert("CHECK-MALFORMED".to_string());
    }
    if !e.divergences.is_empty() {
        rows.insert("CHECK-DIVERGES-FROM-REFERENCE".to_string());
    }
    rows
}

#[test]
fn every_feature_and_outcome_has_a_corpus_program() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut per_file: Vec<BTreeSet<String>> = Vec::new();
    let mut unparsed = Vec::new();
    for file in &files {
        let mut rows = expectation_rows(file);
        let runnable = !file.expectation.malformed && file.expectation.ill_typed.is_none();
        if runnable {
            match spec::parse::parse(&file.source()) {
                Ok(prog) => rows.extend(features(&prog)),
                Err(_) => unparsed.push(file.display_name()),
            }
        }
        per_file.push(rows);
    }
    let s = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let mut table = Table::default();
    table.section(
        "instruction",
        count(
            Bop::ALL.iter().map(|b| b.keyword().to_string()),
            &per_file,
            "",
        ),
    );
    table.section(
        "instruction",
        count(
            Cnd::ALL.iter().map(|c| format!("icmp {}", c.keyword())),
            &per_file,
            "",
        ),
    );
    table.section(
        "instruction",
        count(
            s(&[
                "alloca",
                "load",
                "store",
                "call",
                "call through a pointer",
                "getelementptr",
                "bitcast",
                "ret void",
                "ret value",
                "br",
                "br i1 (cbr)",
            ]),
            &per_file,
            "",
        ),
    );
    table.section(
        "type",
        count(
            s(&[
                "i1",
                "i64",
                "pointer",
                "struct",
                "array",
                "named",
                "function pointer",
                "i8*",
                "[N x i8]",
            ]),
            &per_file,
            "type ",
        ),
    );
    table.section(
        "global initializer",
        count(
            s(&[
                "null",
                "integer",
                "@global",
                "@function",
                "c\"...\" string",
                "array",
                "struct",
                "bitcast",
            ]),
            &per_file,
            "initializer ",
        ),
    );
    table.section(
        "runtime function",
        count(
            s(&["ll_puts", "ll_strcat", "ll_ltoa/1", "ll_ltoa/2"]),
            &per_file,
            "runtime ",
        ),
    );
    table.section("program", count(s(&["main(argc, argv)"]), &per_file, ""));
    table.section(
        "undefined kind",
        count(
            UndefinedKind::ALL.iter().map(|k| k.name().to_string()),
            &per_file,
            "undefined ",
        ),
    );
    table.section(
        "limit kind",
        count(
            LimitKind::ALL.iter().map(|k| k.name().to_string()),
            &per_file,
            "limit ",
        ),
    );
    table.section(
        "checker rule",
        count(
            spec::check::RULES.iter().map(|(id, _)| id.to_string()),
            &per_file,
            "rule ",
        ),
    );
    table.section(
        "annotation",
        count(
            s(&[
                "CHECK-RESULT",
                "CHECK-STDOUT",
                "CHECK-NO-STDOUT",
                "CHECK-ARGS",
                "CHECK-RUN (several runs)",
                "CHECK-MALFORMED",
                "CHECK-DIVERGES-FROM-REFERENCE",
            ]),
            &per_file,
            "",
        ),
    );

    // Rule ids named by CHECK-ILL-TYPED that the checker does not have.
    let known: BTreeSet<&str> = spec::check::RULES.iter().map(|(id, _)| *id).collect();
    let mut unknown_rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        if let Some(rule) = &file.expectation.ill_typed {
            if !known.contains(rule.as_str()) {
                unknown_rules
                    .entry(rule.clone())
                    .or_default()
                    .push(file.display_name());
            }
        }
    }

    let width = table
        .rows
        .iter()
        .map(|(s, r, _)| s.len() + r.len() + 3)
        .max()
        .unwrap_or(0);
    let mut text = format!("corpus coverage: {} files\n", files.len());
    for (section, row, n) in &table.rows {
        let label = format!("{section} / {row}");
        text.push_str(&format!("  {label:<width$} {n:>4}\n"));
    }
    eprint!("{text}");

    let zero: Vec<String> = table
        .rows
        .iter()
        .filter(|(_, _, n)| *n == 0)
        .map(|(s, r, _)| format!("{s} / {r}"))
        .collect();
    let mut problems = Vec::new();
    if !zero.is_empty() {
        problems.push(format!(
            "rows with no corpus program:\n  {}",
            zero.join("\n  ")
        ));
    }
    if !unknown_rules.is_empty() {
        problems.push(format!(
            "CHECK-ILL-TYPED names rules the checker does not have: {unknown_rules:?}"
        ));
    }
    if !unparsed.is_empty() {
        problems.push(format!(
            "programs that do not parse (see tests/testsuite/conformance.rs): {unparsed:?}"
        ));
    }
    assert!(problems.is_empty(), "{text}\n{}", problems.join("\n"));
}

//! Unit tests of the annotation reader: every annotation of docs/corpus-format.md
//! and every error the reader must raise.

use super::*;

fn read(text: &str) -> Result<Expectation, AnnotationError> {
    parse_expectation("t.ll", text)
}

fn only_run(text: &str) -> Run {
    let e = read(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.runs.len(), 1, "{e:?}");
    e.runs.into_iter().next().unwrap_or_else(|| unreachable!())
}

#[test]
fn result_line_gives_one_default_run() {
    let r = only_run("; fac\n; CHECK-RESULT: 720\ndefine i64 @main() {\n  ret i64 720\n}\n");
    assert_eq!(r.name, DEFAULT_RUN);
    assert_eq!(r.line, 2);
    assert_eq!(r.expect, Expected::Result(720));
    assert_eq!(r.args, Vec::<String>::new());
    assert_eq!(r.stdout, None);
}

#[test]
fn negative_and_extreme_results() {
    assert_eq!(only_run("; CHECK-RESULT: -1").expect, Expected::Result(-1));
    assert_eq!(
        only_run("; CHECK-RESULT: -9223372036854775808").expect,
        Expected::Result(i64::MIN)
    );
    assert!(read("; CHECK-RESULT: 9223372036854775808").is_err());
    assert!(read("; CHECK-RESULT: 12x").is_err());
    assert!(read("; CHECK-RESULT:").is_err());
}

#[test]
fn stdout_lines_each_end_in_a_newline_and_escapes_are_read() {
    let r = only_run(
        "; CHECK-STDOUT: a b\n; CHECK-STDOUT:\n; CHECK-STDOUT: \\t\\\\x\\x41\\n\n; CHECK-RESULT: 0",
    );
    assert_eq!(r.stdout.as_deref(), Some(&b"a b\n\n\t\\xA\n\n"[..]));
    assert_eq!(r.expect, Expected::Result(0));
}

#[test]
fn stdout_keeps_spaces_after_the_first() {
    let r = only_run(";  CHECK-STDOUT:   x  ");
    assert_eq!(r.stdout.as_deref(), Some(&b"  x  \n"[..]));
}

#[test]
fn bad_escapes_are_errors() {
    for bad in ["\\q", "\\x4", "\\xZZ", "a\\"] {
        let e = read(&format!("; CHECK-STDOUT: {bad}")).unwrap_err();
        assert_eq!(e.line, 1, "{bad}: {e}");
    }
}

#[test]
fn no_stdout_is_the_empty_output() {
    let r = only_run("; CHECK-NO-STDOUT\n; CHECK-RESULT: 3");
    assert_eq!(r.stdout, Some(Vec::new()));
    assert!(read("; CHECK-NO-STDOUT\n; CHECK-STDOUT: x").is_err());
    assert!(read("; CHECK-STDOUT: x\n; CHECK-NO-STDOUT").is_err());
    assert!(read("; CHECK-NO-STDOUT: x\n; CHECK-RESULT: 3").is_err());
}

#[test]
fn stdout_alone_is_an_expectation() {
    let r = only_run("; CHECK-STDOUT: hi");
    assert_eq!(r.expect, Expected::Unspecified);
}

#[test]
fn undefined_and_limit_kinds_are_read_by_name() {
    for k in UndefinedKind::ALL {
        let r = only_run(&format!("; CHECK-UNDEFINED: {}", k.name()));
        assert_eq!(r.expect, Expected::Undefined(k));
    }
    for k in LimitKind::ALL {
        let r = only_run(&format!("; CHECK-LIMIT: {}", k.name()));
        assert_eq!(r.expect, Expected::Limit(k));
    }
    let e = read("x\n; CHECK-UNDEFINED: null-pointer").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("null-pointer"), "{e}");
    assert!(read("; CHECK-LIMIT: out-of-gas").is_err());
}

#[test]
fn two_outcomes_in_one_run_are_an_error() {
    assert!(read("; CHECK-RESULT: 1\n; CHECK-RESULT: 2").is_err());
    assert!(read("; CHECK-RESULT: 1\n; CHECK-UNDEFINED: null-deref").is_err());
}

#[test]
fn args_are_split_at_white_space() {
    let r = only_run("; CHECK-ARGS: a  bc\td\n; CHECK-RESULT: 4");
    assert_eq!(r.args, vec!["a", "bc", "d"]);
    assert!(read("; CHECK-ARGS: a\n; CHECK-ARGS: b\n; CHECK-RESULT: 1").is_err());
}

#[test]
fn run_groups_collect_their_own_lines() {
    let e = read(
        "; argc\n; CHECK-RUN: none\n; CHECK-RESULT: 1\n; CHECK-RUN: two\n; CHECK-ARGS: x y\n; CHECK-STDOUT: x\n; CHECK-RESULT: 3\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.runs.len(), 2);
    assert_eq!(e.runs[0].name, "none");
    assert_eq!(e.runs[0].line, 2);
    assert_eq!(e.runs[0].args, Vec::<String>::new());
    assert_eq!(e.runs[0].expect, Expected::Result(1));
    assert_eq!(e.runs[1].name, "two");
    assert_eq!(e.runs[1].args, vec!["x", "y"]);
    assert_eq!(e.runs[1].stdout.as_deref(), Some(&b"x\n"[..]));
    assert_eq!(e.runs[1].expect, Expected::Result(3));
}

/// The line and message of the error `text` must give.
fn error_of(text: &str) -> (u32, String) {
    let e = read(text).expect_err("an annotation error");
    (e.line, e.message)
}

#[test]
fn run_group_errors() {
    // A run with nothing expected: at its CHECK-RUN line, whether another
    // run follows or the file ends.
    let nothing = |text: &str, line: u32, run: &str| {
        let (l, m) = error_of(text);
        assert_eq!(l, line, "{m}");
        assert!(
            m.starts_with(&format!("run `{run}` expects nothing")),
            "{m}"
        );
    };
    nothing("; CHECK-RUN: a\n; CHECK-RUN: b\n; CHECK-RESULT: 1", 1, "a");
    nothing("; CHECK-RUN: a\n; CHECK-RESULT: 1\n; CHECK-RUN: b", 3, "b");
    // Arguments alone are no expectation.
    nothing("; CHECK-RUN: a\n; CHECK-ARGS: x", 1, "a");
    // Lines before the first CHECK-RUN: at the CHECK-RUN.
    let (l, m) = error_of("; CHECK-RESULT: 1\n; CHECK-RUN: a\n; CHECK-RESULT: 1");
    assert_eq!(l, 2);
    assert!(m.contains("belong to no run"), "{m}");
    // Duplicate and missing names.
    let (l, m) = error_of("; CHECK-RUN: a\n; CHECK-RESULT: 1\n; CHECK-RUN: a\n; CHECK-RESULT: 1");
    assert_eq!((l, m.as_str()), (3, "a second run named `a`"));
    assert_eq!(
        error_of("; CHECK-RUN:\n; CHECK-RESULT: 1"),
        (1, "CHECK-RUN needs a name".into())
    );
    assert_eq!(
        error_of("; CHECK-RUN\n; CHECK-RESULT: 1"),
        (1, "CHECK-RUN needs a name".into())
    );
}

#[test]
fn ill_typed_malformed_and_divergences() {
    let e = read("; CHECK-ILL-TYPED: local-defined\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.ill_typed.as_deref(), Some("local-defined"));
    assert!(e.runs.is_empty());
    let e = read("; CHECK-MALFORMED\n").unwrap_or_else(|e| panic!("{e}"));
    assert!(e.malformed);
    let e =
        read("; CHECK-DIVERGES-FROM-REFERENCE: tags pointers by declared type\n; CHECK-RESULT: 42")
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.divergences, vec!["tags pointers by declared type"]);
    assert_eq!(e.runs.len(), 1);
    assert!(read("; CHECK-ILL-TYPED:\n").is_err());
    assert!(read("; CHECK-MALFORMED\n; CHECK-ILL-TYPED: x").is_err());
    assert!(read("; CHECK-MALFORMED\n; CHECK-RESULT: 0").is_err());
    assert!(read("; CHECK-ILL-TYPED: x\n; CHECK-RESULT: 0").is_err());
    assert!(read("; CHECK-DIVERGES-FROM-REFERENCE:\n; CHECK-RESULT: 0").is_err());
}

#[test]
fn unknown_check_lines_are_errors_with_their_line() {
    let e = read("define i64 @main() {\n; CHECK-RESLUT: 1\n  ret i64 1\n}").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("CHECK-RESLUT"), "{e}");
    assert_eq!(e.to_string(), format!("t.ll:2: {}", e.message));
    assert!(read("; CHECK: 1").is_err());
    assert!(read("; CHECKRESULT 1").is_err());
}

#[test]
fn a_file_without_expectation_is_an_error() {
    let e = read("; just a comment\ndefine i64 @main() {\n  ret i64 0\n}\n").unwrap_err();
    assert!(e.message.contains("no expectation"), "{e}");
    assert!(read("; CHECK-DIVERGES-FROM-REFERENCE: why\n").is_err());
    assert!(read("").is_err());
}

#[test]
fn comments_that_only_mention_check_later_are_not_annotations() {
    let r = only_run("; this line says CHECK-RESULT in passing\n; CHECK-RESULT: 5");
    assert_eq!(r.expect, Expected::Result(5));
}

#[test]
fn load_corpus_reads_sorted_relative_paths_and_reports_every_error() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let p = dir.path();
    std::fs::create_dir_all(p.join("b")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(p.join("a")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(p.join("b/x.ll"), "; CHECK-RESULT: 1\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(p.join("a/y.ll"), "; CHECK-RESULT: 2\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(p.join("a/notes.txt"), "no CHECK here").unwrap_or_else(|e| panic!("{e}"));
    let files = load_corpus(p).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<_> = files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(
        names,
        vec![PathBuf::from("a/y.ll"), PathBuf::from("b/x.ll")]
    );
    assert_eq!(files[0].expectation.runs[0].expect, Expected::Result(2));

    std::fs::write(p.join("a/z.ll"), "; nothing\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(p.join("b/w.ll"), "; CHECK-WHAT\n").unwrap_or_else(|e| panic!("{e}"));
    match load_corpus(p) {
        Err(CorpusError::Annotations(errs)) => {
            let files: Vec<_> = errs.iter().map(|e| e.file.as_str()).collect();
            assert_eq!(files, vec!["a/z.ll", "b/w.ll"]);
        }
        other => panic!("expected annotation errors, got {other:?}"),
    }
}

#[test]
fn the_embedded_corpus_is_the_source_trees_corpus() {
    let embedded = load_bundled().unwrap_or_else(|e| panic!("{e}"));
    let files = load_corpus(&default_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert!(files.len() > 100, "only {} corpus files", files.len());
    let pairs = |fs: &[CorpusFile]| {
        fs.iter()
            .map(|f| (f.path.clone(), f.text.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(pairs(&embedded), pairs(&files));
}

/// The course runtime annotations (docs/corpus-format.md): the file's
/// runtime, the exit and abort outcomes, and the exact course output
/// (escapes read, no newline added).
#[test]
fn runtime_exit_abort_and_course_output_lines_are_read() {
    let e = read(
        "; CHECK-RUNTIME: oat-hw5\n; CHECK-RUN: a\n; CHECK-EXITED: 1\n; CHECK-COURSE-OUTPUT: E\\nok1\n; CHECK-RUN: b\n; CHECK-ABORTED\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.runtime, spec::RuntimeName::OatHw5);
    assert_eq!(e.runs[0].expect, Expected::Exited(1));
    assert_eq!(e.runs[0].course_output.as_deref(), Some(&b"E\nok1"[..]));
    assert_eq!(e.runs[1].expect, Expected::Aborted);
    assert_eq!(e.runs[1].course_output, None);
    let plain = read("; CHECK-RESULT: 1\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain.runtime, spec::RuntimeName::Ll);
    let bad = read("; CHECK-RUNTIME: oat-2030\n; CHECK-RESULT: 1\n").unwrap_err();
    assert!(bad.to_string().contains("oat-2030"), "{bad}");
    let two = read("; CHECK-EXITED: 1\n; CHECK-ABORTED\n").unwrap_err();
    assert!(two.to_string().contains("second outcome"), "{two}");
    let status = read("; CHECK-EXITED: 256\n").unwrap_err();
    assert!(status.to_string().contains("exit status"), "{status}");
}

//! The compiler-checking harness (docs/architecture.md): it passes the built-in back
//! end, catches each deliberately broken back end (`codegen::Mutation`) on
//! the corpus and within 1,000 random programs, reduces each failure to at
//! most 30 instructions, and works through an external command
//! (`lloracle compile --mutate ...`) and an optimiser command.

use crate::common;

use lloracle::harness::cases::{corpus_cases, random_cases};
use lloracle::harness::compiler::Tools;
use lloracle::harness::judge::{compare, judge_program};
use lloracle::harness::reduce::Bounds;
use lloracle::harness::session::{run_session, Settings};
use lloracle::harness::verdicts::{CaseResult, Category};
use lloracle::harness::{Compiler, Emit};
use spec::Outcome;
use std::process::Command;
use std::time::Duration;
use toolchain::process::{self, Ended, Limits};

/// Tools with the oracle fuel of `lloracle test-compiler` (the corpus's
/// fuel-limit programs end quickly and are skipped).
fn tools() -> Tools {
    let mut t = Tools::new(Duration::from_secs(10)).expect("temporary directory");
    t.oracle.fuel = 20_000_000;
    t
}

fn settings(stop: bool, reductions: usize) -> Settings {
    Settings {
        jobs: 2,
        max_reductions: reductions,
        bounds: Bounds {
            max_candidates: 4000,
            max_time: Duration::from_secs(120),
        },
        stop_at_first_failure: stop,
        budget: Default::default(),
    }
}

fn have_cc() -> bool {
    common::have_cc("the external-command tests are skipped")
}

fn failures(rs: &[CaseResult]) -> Vec<String> {
    rs.iter()
        .filter(|r| r.first_failure().is_some())
        .map(|r| r.case.name.clone())
        .collect()
}

#[test]
fn categories_follow_the_comparison_rules() {
    let expected = Outcome::Returned {
        value: 261,
        stdout: b"hi\n".to_vec(),
    };
    let exited = |code, s: &[u8]| Outcome::Exited {
        code,
        stdout: s.to_vec(),
    };
    // 261 mod 256 = 5.
    assert_eq!(compare(&expected, &exited(5, b"hi\n")), Category::Pass);
    assert_eq!(
        compare(&expected, &exited(6, b"hi\n")),
        Category::WrongResult
    );
    assert_eq!(
        compare(&expected, &exited(5, b"ho\n")),
        Category::WrongOutput
    );
    let crashed = Outcome::Crashed {
        signal: 11,
        syscall: None,
        stdout: vec![],
    };
    assert_eq!(compare(&expected, &crashed), Category::Crash);
    let slow = Outcome::Timeout { stdout: vec![] };
    assert_eq!(compare(&expected, &slow), Category::RunTimeout);
}

#[test]
fn the_process_runner_reports_signals_timeouts_and_argv0() {
    // 2 s: far below `sleep 5`, far above a loaded machine's start of a
    // shell (300 ms made `kill -SEGV $$` a timeout while builds ran).
    let limits = Limits {
        timeout: Duration::from_millis(2000),
        max_memory: None,
        max_stdout: 1 << 16,
        max_stack: None,
    };
    let sh = |script: &str| {
        let mut c = Command::new("sh");
        c.arg("-c").arg(script);
        process::run(c, &limits).expect("sh runs")
    };
    assert_eq!(sh("exit 7").ended, Ended::Exited(7));
    assert_eq!(sh("kill -SEGV $$").ended, Ended::Signaled(libc_sigsegv()));
    assert_eq!(sh("sleep 5").ended, Ended::TimedOut);
    assert_eq!(sh("yes").ended, Ended::OverCap);
    let mut c = Command::new("sh");
    std::os::unix::process::CommandExt::arg0(&mut c, "lloracle");
    c.arg("-c").arg("printf %s \"$0\"");
    let f = process::run(c, &limits).expect("sh runs");
    // `sh -c` sets $0 to its own argv[0] when no name follows the script.
    assert_eq!(f.stdout, b"lloracle");
}

fn libc_sigsegv() -> i32 {
    11
}

#[test]
fn the_built_in_back_end_passes_the_corpus_and_100_random_programs() {
    let t = tools();
    let mut cases = corpus_cases(&lloracle::corpus::default_dir(), spec::RuntimeName::Ll)
        .expect("corpus")
        .cases;
    cases.extend(random_cases(100, 1, 30));
    let n = cases.len();
    let rs = run_session(
        &t,
        &Compiler::Builtin {
            mutations: codegen::Mutations::NONE,
        },
        cases,
        &settings(false, 0),
        &|_| {},
    );
    assert_eq!(rs.len(), n);
    assert_eq!(failures(&rs), Vec::<String>::new());
    let judged = rs
        .iter()
        .flat_map(|r| &r.verdicts)
        .filter(|v| v.category() == Some(Category::Pass))
        .count();
    assert!(judged > 300, "only {judged} runs judged");
}

/// Every mutant is caught by the corpus and by one of the first 1,000
/// random programs (the generator makes calls with seven and eight
/// arguments, so drop-seventh-arg too), and its reduced failure has at most
/// 30 instructions.
#[test]
fn every_mutant_is_caught_and_reduced_small() {
    let t = tools();
    let corpus = corpus_cases(&lloracle::corpus::default_dir(), spec::RuntimeName::Ll)
        .expect("corpus")
        .cases;
    let randoms = random_cases(1000, 1, 30);
    for m in codegen::Mutation::ALL {
        let compiler = Compiler::Builtin {
            mutations: m.into(),
        };
        let by_corpus = run_session(&t, &compiler, corpus.clone(), &settings(true, 1), &|_| {});
        assert!(
            !failures(&by_corpus).is_empty(),
            "{}: not caught by the corpus",
            m.name()
        );
        let mut reduced = by_corpus.iter().find_map(|r| r.reduced.clone());
        let by_random = run_session(&t, &compiler, randoms.clone(), &settings(true, 1), &|_| {});
        assert!(
            !failures(&by_random).is_empty(),
            "{}: not caught by 1,000 random programs",
            m.name()
        );
        if let Some(r) = by_random.iter().find_map(|r| r.reduced.clone()) {
            if reduced.as_ref().is_none_or(|(_, x)| r.1.insns < x.insns) {
                reduced = Some(r);
            }
        }
        let (_, red) = reduced.expect("a reduction");
        eprintln!(
            "{}: reduced to {} instructions in {:.1}s ({} candidates)",
            m.name(),
            red.insns,
            red.elapsed.as_secs_f64(),
            red.candidates
        );
        assert!(
            red.insns <= 30,
            "{}: reduced only to {}",
            m.name(),
            red.insns
        );
        assert!(matches!(red.expected, Outcome::Returned { .. }));
    }
}

fn binop_corpus() -> Vec<lloracle::harness::verdicts::Case> {
    corpus_cases(
        &lloracle::corpus::default_dir().join("binop"),
        spec::RuntimeName::Ll,
    )
    .expect("corpus/binop")
    .cases
}

#[test]
fn an_external_compiler_command_is_judged() {
    if !have_cc() {
        return;
    }
    let exe = env!("CARGO_BIN_EXE_lloracle");
    let t = tools();
    let good = Compiler::Command {
        cmd: format!("{exe} compile --emit asm {{in}} -o {{out}}"),
        emit: Emit::Asm,
    };
    let rs = run_session(&t, &good, binop_corpus(), &settings(false, 0), &|_| {});
    assert_eq!(failures(&rs), Vec::<String>::new());
    let bad = Compiler::Command {
        cmd: format!("{exe} compile --mutate sub-swap --emit exe {{in}} -o {{out}}"),
        emit: Emit::Exe,
    };
    let rs = run_session(&t, &bad, binop_corpus(), &settings(true, 1), &|_| {});
    let red = rs
        .iter()
        .find_map(|r| r.reduced.clone())
        .expect("a reduction");
    assert!(red.1.insns <= 30);
    let broken = Compiler::Command {
        cmd: "false {in} {out}".into(),
        emit: Emit::Asm,
    };
    let prog = gen::from_seed(1, 5);
    let v = judge_program(&t, &broken, &prog, &[vec![]]);
    assert_eq!(
        v.first().and_then(|v| v.category()),
        Some(Category::CompileError)
    );
    let no_asm = Compiler::Command {
        cmd: "echo 'this is not assembly' > {out} # {in}".into(),
        emit: Emit::Asm,
    };
    let v = judge_program(&t, &no_asm, &prog, &[vec![]]);
    // The text is not assembly: `cc -c` fails on it, an assembler error.
    assert_eq!(
        v.first().and_then(|v| v.category()),
        Some(Category::AssembleError)
    );
}

#[test]
fn an_optimiser_must_keep_the_meaning() {
    let t = tools();
    let text = "define i64 @f(i64 %x) {\n  %y = sub i64 %x, 2\n  ret i64 %y\n}\n\
                define i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 10)\n  ret i64 %r\n}\n";
    let src = spec::Source::new("t.ll", text);
    let prog = spec::parse(&src).expect("parses");
    let identity = Compiler::Optimiser {
        cmd: "cp {in} {out}".into(),
    };
    let v = judge_program(&t, &identity, &prog, &[vec![]]);
    assert_eq!(v.first().and_then(|v| v.category()), Some(Category::Pass));
    let wrong = Compiler::Optimiser {
        cmd: "sed 's/ sub / add /' {in} > {out}".into(),
    };
    let v = judge_program(&t, &wrong, &prog, &[vec![]]);
    match v.first() {
        Some(lloracle::harness::RunVerdict::Judged {
            category, changed, ..
        }) => {
            // f(10) = 8 on the oracle, 12 after the rewrite.
            assert_eq!(*category, Category::WrongResult);
            assert_eq!(changed, &vec!["f".to_string()]);
        }
        other => panic!("not judged: {other:?}"),
    }
    let garbage = Compiler::Optimiser {
        cmd: "echo 'define' > {out} # {in}".into(),
    };
    let v = judge_program(&t, &garbage, &prog, &[vec![]]);
    assert_eq!(
        v.first().and_then(|v| v.category()),
        Some(Category::CompileError)
    );
}

/// `lloracle reduce FILE --mutate sub-swap` prints a smaller program that
/// still subtracts (the only way the mutant can fail) and still checks:
/// 14 - 7 = 7 on the oracle, 7 - 14 under the mutant.
#[test]
fn the_reduce_command_prints_a_smaller_failing_program() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("sub.ll");
    let text = "; CHECK-RESULT: 7\n\
                define i64 @main() {\n  %a = add i64 3, 4\n  %b = mul i64 %a, 2\n  %c = sub i64 %b, %a\n  ret i64 %c\n}\n";
    std::fs::write(&file, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .arg("reduce")
        .arg(&file)
        .arg("--mutate")
        .arg("sub-swap")
        .output()
        .expect("run lloracle reduce");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reduced = String::from_utf8_lossy(&out.stdout).into_owned();
    let src = spec::Source::new("reduced.ll", reduced.clone());
    let prog = spec::parse(&src).expect("the reduced program parses");
    assert!(spec::check(&prog).is_ok());
    assert!(reduced.contains("sub i64"), "{reduced}");
    // `%b` can go once the `sub` reads 0 instead (0 - 7 still differs from
    // 7 - 0); the `add` must stay, or both sides compute 0 - 0.
    assert!(gen::shrink::insn_count(&prog) <= 2, "{reduced}");
}

/// One pass, one wrong result and one skipped run give the counts 1/1/1 in
/// every report format.
#[test]
fn the_reports_count_passes_failures_and_skips() {
    use lloracle::harness::report;
    use lloracle::harness::verdicts::Case;
    use lloracle::harness::RunVerdict;
    let ret = |v| Outcome::Returned {
        value: v,
        stdout: vec![],
    };
    let judged = |category, actual| RunVerdict::Judged {
        category,
        expected: ret(1),
        actual: Some(actual),
        detail: String::new(),
        changed: vec![],
        steps: None,
        note: None,
    };
    let result = CaseResult {
        case: Case {
            name: "p.ll".into(),
            slug: "p".into(),
            prog: gen::from_seed(3, 1),
            text: None,
            runs: vec![
                ("a".into(), vec![]),
                ("b".into(), vec!["x".into()]),
                ("c".into(), vec![]),
            ],
        },
        verdicts: vec![
            judged(Category::Pass, ret(1)),
            judged(Category::WrongResult, ret(2)),
            RunVerdict::Skipped {
                oracle: Outcome::Limit {
                    kind: spec::LimitKind::FuelExhausted,
                    stdout: vec![],
                },
            },
        ],
        reduced: None,
        traces: vec![],
    };
    // A program not sent (no equivalent in the dialect) is counted on its
    // own, never as a failure or a test.
    let not_sent = lloracle::harness::dialect::not_in_dialect(
        Case {
            name: "q.ll".into(),
            slug: "q".into(),
            prog: gen::from_seed(4, 1),
            text: None,
            runs: vec![("default".into(), vec![])],
        },
        "string-escapes",
        "global @s: \\0A",
    );
    let rs = [result, not_sent];
    let r = report::build(
        &rs,
        &[],
        &Compiler::Builtin {
            mutations: codegen::Mutations::NONE,
        },
        &|k| k,
    );
    let j = r.to_json();
    assert_eq!(j["summary"]["programs"], 1);
    assert_eq!(j["summary"]["runs"], 3);
    assert_eq!(j["summary"]["passed"], 1);
    assert_eq!(j["summary"]["failed"], 1);
    assert_eq!(j["summary"]["skipped"], 1);
    assert_eq!(j["summary"]["not_in_dialect"], 1);
    assert_eq!(
        j["summary"]["not_in_dialect_by_feature"]["string-escapes"],
        1
    );
    assert_eq!(j["programs"][0]["runs"][1]["verdict"], "wrong result");
    assert_eq!(j["programs"][0]["runs"][1]["args"][0], "x");
    assert_eq!(j["groups"][0]["category"], "wrong result");
    assert_eq!(j["groups"][0]["runs"], 1);
    assert_eq!(
        report::summary_line(&r.summary()),
        "1 programs (3 runs): 1 passed, 1 failed, 1 skipped; 1 runs not in the dialect (not sent)"
    );
    let t = report::text(&r, false);
    assert!(
        t.lines()
            .any(|l| l.starts_with("not in dialect") && l.contains("string-escapes 1")),
        "{t}"
    );
    let g = report::gradescope(&r);
    assert_eq!(g["score"], 1);
    assert_eq!(g["max_score"], 2);
    // One test for the passing runs, one for the one failure group.
    assert_eq!(g["tests"].as_array().map(Vec::len), Some(2));
    assert_eq!(g["tests"][1]["status"], "failed");
    let x = report::junit(&r);
    assert!(
        x.contains("tests=\"4\" failures=\"1\" skipped=\"2\""),
        "{x}"
    );
    assert!(
        x.contains("<skipped message=\"not in dialect: uses string-escapes (global @s: \\0A)\"/>"),
        "{x}"
    );
    assert!(x.contains("<failure message=\"wrong result\""), "{x}");
}

/// `test-compiler --mutation-score` prints one row per mutant of the
/// built-in back end as it is checked, then the score; 0 when every mutant
/// is caught (the first 20 random programs catch each one: the library
/// test above checks which and how small).
#[test]
fn the_mutation_score_command_prints_every_mutant_and_the_score() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .args([
            "test-compiler",
            "--mutation-score",
            "--no-corpus",
            "--random",
            "20",
        ])
        .output()
        .expect("run lloracle");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for m in codegen::Mutation::ALL {
        let row = stdout
            .lines()
            .find(|l| l.starts_with(m.name()))
            .unwrap_or_else(|| panic!("no row for {}:\n{stdout}", m.name()));
        assert!(row.contains("random --seed "), "{row}");
    }
    let total = codegen::Mutation::ALL.len();
    assert!(
        stdout.contains(&format!("mutation score: {total}/{total} mutants killed")),
        "{stdout}"
    );
}

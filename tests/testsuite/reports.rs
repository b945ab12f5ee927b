//! Reports of the compiler-checking harness (issues 15, 17 item 7 and 14's
//! report cap): failures grouped by cause with the reduction budget spread
//! over the groups, quotes capped, Gradescope's results.json against the
//! fields and types of its specification, programs and runs counted apart,
//! shards merged into the unsharded report, plain progress lines off a
//! terminal, and `grade` on a class of three (one build broken).

use crate::common;

use lloracle::harness::group::reduction_order;
use lloracle::harness::report::{self, Report};
use lloracle::harness::verdicts::{Case, CaseResult};
use lloracle::harness::Compiler;
use lloracle::harness::{Category, RunVerdict};
use serde_json::Value;
use spec::Outcome;
use std::path::Path;
use std::process::Command;

const LLORACLE: &str = env!("CARGO_BIN_EXE_lloracle");

fn ret(v: i64, out: &[u8]) -> Outcome {
    Outcome::Returned {
        value: v,
        stdout: out.to_vec(),
    }
}

fn judged(category: Category, actual: Option<Outcome>, detail: &str) -> RunVerdict {
    RunVerdict::Judged {
        category,
        expected: ret(7, b"ok\n"),
        actual,
        detail: detail.to_string(),
        changed: vec![],
        steps: None,
        note: None,
    }
}

/// A one-run program `name` (the random program of seed 1 at `size`).
fn result(name: &str, size: usize, verdict: RunVerdict) -> CaseResult {
    CaseResult {
        case: Case {
            name: name.into(),
            slug: name.into(),
            prog: gen::from_seed(1, size),
            text: None,
            runs: vec![("default".into(), vec![])],
        },
        verdicts: vec![verdict],
        reduced: None,
        traces: vec![],
    }
}

/// A compile error at a temporary path and line `line`.
fn syntax_error(line: usize) -> RunVerdict {
    judged(
        Category::CompileError,
        None,
        &format!("exit 1\n/tmp/lloracle-Xy{line}/p{line}.ll:{line}:3: error: unexpected token '%\"1\"'\n"),
    )
}

fn crash() -> RunVerdict {
    judged(
        Category::Crash,
        Some(Outcome::Crashed {
            signal: 11,
            syscall: None,
            stdout: vec![],
        }),
        "",
    )
}

fn wrong(v: i64) -> RunVerdict {
    judged(Category::WrongResult, Some(ret(v, b"ok\n")), "")
}

fn build(results: &[CaseResult]) -> Report {
    report::build(
        results,
        &[],
        &Compiler::Builtin {
            mutations: codegen::Mutations::NONE,
        },
        &|k| k,
    )
}

/// Checks `v` against Gradescope's results.json specification (the fields
/// of "Output format" and their types); `Err` says what is off.
fn check_gradescope(v: &Value) -> Result<(), String> {
    let num = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_f64)
            .ok_or(format!("`{k}` is not a number: {:?}", v.get(k)))
    };
    let text = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or(format!("`{k}` is not a string"))
    };
    let visibilities = ["hidden", "after_due_date", "after_published", "visible"];
    let score = num(v, "score")?;
    let max = num(v, "max_score")?;
    let secs = num(v, "execution_time")?;
    if secs < 0.0 || secs.fract() != 0.0 {
        return Err(format!("execution_time {secs} is not whole seconds"));
    }
    text(v, "output")?;
    for k in ["visibility", "stdout_visibility"] {
        let s = text(v, k)?;
        if !visibilities.contains(&s.as_str()) {
            return Err(format!("{k} `{s}` is not one of {visibilities:?}"));
        }
    }
    let tests = v
        .get("tests")
        .and_then(Value::as_array)
        .ok_or("`tests` is not an array")?;
    let (mut sum, mut sum_max) = (0.0, 0.0);
    for t in tests {
        text(t, "name")?;
        text(t, "number")?;
        text(t, "output")?;
        let (s, m) = (num(t, "score")?, num(t, "max_score")?);
        let status = text(t, "status")?;
        if !["passed", "failed"].contains(&status.as_str()) {
            return Err(format!("status `{status}`"));
        }
        if (status == "passed") != (s == m) {
            return Err(format!("status {status} with score {s} of {m}"));
        }
        sum += s;
        sum_max += m;
    }
    // Scaled scores are in cents: the sums agree to within rounding.
    if (sum - score).abs() > 1e-6 || (sum_max - max).abs() > 1e-6 {
        return Err(format!(
            "the tests add up to {sum} of {sum_max}, the total says {score} of {max}"
        ));
    }
    Ok(())
}

#[test]
fn failures_with_one_cause_are_one_group_whatever_the_file_and_line() {
    let rs = vec![
        result("a.ll", 5, syntax_error(3)),
        result("b.ll", 5, crash()),
        result("c.ll", 5, syntax_error(17)),
        result("d.ll", 5, syntax_error(250)),
        result("e.ll", 5, judged(Category::Pass, Some(ret(7, b"ok\n")), "")),
    ];
    let r = build(&rs);
    let groups = r.groups();
    assert_eq!(groups.len(), 2, "{groups:#?}");
    assert_eq!(groups[0].category, "compile error");
    assert_eq!(
        groups[0].signature, "exit N: FILE error: unexpected token '%\"NAME\"'",
        "the quoted local \"17\" is a name (docs/grading.md)"
    );
    assert_eq!(groups[0].runs, 3);
    assert_eq!(groups[0].programs, ["a.ll", "c.ll", "d.ll"]);
    assert_eq!(groups[1].signature, "killed by signal 11");
    let t = report::text(&r, false);
    assert_eq!(t.matches("FAIL [").count(), 2, "{t}");
    assert!(t.contains("3 runs in 3 programs"), "{t}");
    assert!(
        t.contains("5 programs (5 runs): 1 passed, 4 failed, 0 skipped; 2 failure groups"),
        "{t}"
    );
    assert_eq!(r.to_json()["groups"].as_array().map(Vec::len), Some(2));
}

/// Old behaviour: the first failures in file order took the whole budget.
/// Now: one per group, largest group first, the smallest program of each
/// group first; then a second round.
#[test]
fn the_reduction_budget_reaches_every_group_largest_first() {
    let rs = vec![
        result("a0", 30, syntax_error(1)),
        result("a1", 3, syntax_error(2)),
        result("a2", 30, syntax_error(3)),
        result("a3", 30, syntax_error(4)),
        result("a4", 30, syntax_error(5)),
        result("b0", 30, crash()),
        result("c0", 30, wrong(1)),
        result("c1", 30, wrong(2)),
    ];
    // Wrong results group by how they differ, not by the value: c0 and c1
    // are one group of two.
    assert_eq!(reduction_order(&rs, 1), [1]);
    assert_eq!(reduction_order(&rs, 2), [1, 6]);
    assert_eq!(reduction_order(&rs, 3), [1, 6, 5]);
    assert_eq!(reduction_order(&rs, 5), [1, 6, 5, 0, 7]);
    assert_eq!(reduction_order(&rs, 100).len(), 8);
    assert_eq!(reduction_order(&rs, 0), Vec::<usize>::new());
}

#[test]
fn quotes_are_capped() {
    let flood = vec![b'x'; 1 << 20];
    let words = "error: ".repeat(20_000);
    let rs = vec![
        result(
            "flood.ll",
            5,
            judged(
                Category::WrongOutput,
                Some(Outcome::Exited {
                    code: 7,
                    stdout: flood,
                }),
                "",
            ),
        ),
        result(
            "noisy.ll",
            5,
            judged(Category::CompileError, None, &format!("exit 1\n{words}")),
        ),
    ];
    let r = build(&rs);
    let j = r.to_json().to_string();
    // Each quote is a few KB (stdout 2 KB, the compiler's words 4 KB); the
    // JSON quotes each about three times (record, outcome, group example).
    assert!(j.len() < 40_000, "JSON report of {} bytes", j.len());
    assert!(j.contains("bytes more"), "no cap marker");
    let more = (1 << 20) - report::STDOUT_CAP;
    assert!(j.contains(&format!("... {more} bytes more")), "stdout cap");
    let g = report::gradescope(&r).to_string();
    assert!(g.len() < 40_000, "results.json of {} bytes", g.len());
    assert!(report::text(&r, false).len() < 20_000);
    assert!(report::junit(&r).len() < 20_000);
    assert_eq!(report::cap("abcdef", 4), "abcd... 2 bytes more");
    assert_eq!(report::cap("abc", 4), "abc");
    // Never cut inside a character.
    assert_eq!(report::cap("ééé", 3), "é... 4 bytes more");
}

#[test]
fn gradescope_results_follow_the_schema() {
    let mut rs = vec![
        result(
            "ok.ll",
            5,
            judged(Category::Pass, Some(ret(7, b"ok\n")), ""),
        ),
        result("a.ll", 5, syntax_error(1)),
        result("b.ll", 5, crash()),
    ];
    // Forty different link errors (the names unquoted: a quoted name is
    // one group, docs/grading.md): no more than 30 group tests, the rest
    // of the category in one.
    for k in 0..40 {
        rs.push(result(
            &format!("l{k}.ll"),
            5,
            judged(
                Category::LinkError,
                None,
                &format!("cc: exit 1\nundefined reference to f_{}", "x".repeat(k)),
            ),
        ));
    }
    let r = build(&rs);
    let g = report::gradescope(&r);
    check_gradescope(&g).unwrap_or_else(|e| panic!("{e}\n{g:#}"));
    assert_eq!(g["score"], 1);
    assert_eq!(g["max_score"], 43);
    let tests = g["tests"].as_array().expect("tests");
    assert_eq!(tests.len(), 1 + 30 + 1, "passing runs, 30 groups, the rest");
    let out = g["output"].as_str().expect("output");
    assert!(
        out.contains("43 programs (43 runs): 1 passed, 42 failed"),
        "{out}"
    );
    let syntax = tests
        .iter()
        .find(|t| {
            t["name"]
                .as_str()
                .is_some_and(|n| n.contains("compile error"))
        })
        .expect("a compile error test");
    let o = syntax["output"].as_str().expect("output");
    assert!(o.contains("expected (oracle): returns 7"), "{o}");
    assert!(o.contains("unexpected token"), "the compiler's words: {o}");
    let broken = report::gradescope_build_failure("exit 2\nmain.ml: syntax error", 3.4);
    check_gradescope(&broken).unwrap_or_else(|e| panic!("{e}\n{broken:#}"));
    assert_eq!(broken["score"], 0);
}

#[test]
fn a_json_report_reads_back_and_merge_rejects_overlaps() {
    let rs = vec![
        result("a.ll", 5, syntax_error(3)),
        result("b.ll", 5, crash()),
    ];
    let r = build(&rs);
    let back = Report::from_json(&r.to_json()).expect("reads back");
    assert_eq!(back, r);
    let err = Report::merge(vec![r.clone(), r.clone()]).expect_err("overlap");
    assert!(err.contains("in two reports"), "{err}");
    let mut other = r.clone();
    other.compiler = "`cc {in} -o {out}` (--emit exe)".into();
    other.programs.clear();
    assert!(Report::merge(vec![r, other]).is_err());
    assert!(Report::from_json(&serde_json::json!({"score": 1})).is_err());
}

fn lloracle(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(LLORACLE)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run lloracle")
}

/// (index, name, verdicts) of every program of a JSON report.
fn verdicts(v: &Value) -> Vec<(u64, String, Vec<String>)> {
    v["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .map(|p| {
            (
                p["index"].as_u64().expect("index"),
                p["name"].as_str().expect("name").to_string(),
                p["runs"]
                    .as_array()
                    .expect("runs")
                    .iter()
                    .map(|r| r["verdict"].as_str().expect("verdict").to_string())
                    .collect(),
            )
        })
        .collect()
}

/// Shards 1/2 and 2/2 of a campaign (corpus and random programs) merged
/// give the same verdict for every program as the unsharded run; off a
/// terminal, progress comes as plain lines.
#[test]
fn shard_one_and_two_merged_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let corpus = lloracle::corpus::default_dir().join("calls");
    let corpus = corpus.to_string_lossy();
    let common = [
        "test-compiler",
        "--mutate",
        "sub-swap",
        "--corpus",
        &corpus,
        "--random",
        "12",
        "--max-reductions",
        "0",
        "--jobs",
        "2",
        "--progress-every",
        "0",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = common.iter().chain(extra).copied().collect();
        lloracle(&args, dir.path())
    };
    let whole = run(&["--json", "whole.json"]);
    assert_eq!(whole.status.code(), Some(1), "sub-swap fails some runs");
    let stderr = String::from_utf8_lossy(&whole.stderr);
    assert!(
        stderr.contains("progress: ") && stderr.contains(" failed, "),
        "plain progress lines: {stderr}"
    );
    let stdout = String::from_utf8_lossy(&whole.stdout);
    assert!(stdout.contains(" runs): "), "{stdout}");
    for (i, name) in [("1/2", "s1.json"), ("2/2", "s2.json")] {
        let out = run(&["--shard", i, "--json", name]);
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    }
    let merged = lloracle(
        &[
            "merge",
            "s1.json",
            "s2.json",
            "-o",
            "all.json",
            "--gradescope",
            "results.json",
        ],
        dir.path(),
    );
    assert_eq!(merged.status.code(), Some(1), "{merged:?}");
    let w = common::read_json(&dir.path().join("whole.json"));
    let s1 = common::read_json(&dir.path().join("s1.json"));
    let s2 = common::read_json(&dir.path().join("s2.json"));
    let all = common::read_json(&dir.path().join("all.json"));
    let n = verdicts(&w).len();
    assert!(n > 40, "only {n} programs");
    let (n1, n2) = (verdicts(&s1).len(), verdicts(&s2).len());
    assert!(n1 > 0 && n2 > 0 && n1 + n2 == n, "{n1} + {n2} != {n}");
    assert_eq!(verdicts(&all), verdicts(&w));
    assert_eq!(all["summary"], w["summary"]);
    let g = common::read_json(&dir.path().join("results.json"));
    check_gradescope(&g).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g["score"], w["summary"]["passed"]);
    // The same shard twice overlaps.
    let twice = lloracle(&["merge", "s1.json", "s1.json"], dir.path());
    assert_eq!(twice.status.code(), Some(2));
    let bad = lloracle(&["test-compiler", "--shard", "3/2"], dir.path());
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn fuzz_diff_runs_only_its_shard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = lloracle(
        &[
            "fuzz-diff",
            "--count",
            "10",
            "--size",
            "5",
            "--shard",
            "2/3",
        ],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Seeds 1, 4, 7 of 0..10.
    assert!(stdout.contains("fuzz-diff: 3 programs"), "{stdout}");
}

fn have_cc() -> bool {
    common::have_cc("the external-compiler tests are skipped")
}

/// `grade` on three submissions: a correct one, one with a miscompiling
/// back end (`sub` swaps its operands), one whose build fails. Each gets
/// its folder; the class summary says who passed, who failed what and
/// whose build broke; grade itself succeeds.
#[test]
fn grade_checks_a_class_of_three_with_one_broken_build() {
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let subs = dir.path().join("subs");
    let make = "compiler: compiler.sh\n\tcp compiler.sh compiler && chmod +x compiler\n";
    for (who, flags) in [("alice", ""), ("bob", "--mutate sub-swap ")] {
        let d = subs.join(who);
        std::fs::create_dir_all(&d).expect("mkdir");
        std::fs::write(d.join("Makefile"), make).expect("write");
        common::write_exe(
            &d.join("compiler.sh"),
            &format!("#!/bin/sh\nexec \"$LLORACLE\" compile {flags}\"$1\" -o \"$2\"\n"),
        );
    }
    let carol = subs.join("carol");
    std::fs::create_dir_all(&carol).expect("mkdir");
    std::fs::write(
        carol.join("Makefile"),
        "compiler:\n\t@echo 'main.ml, line 3: syntax error' >&2; false\n",
    )
    .expect("write");
    let out = Command::new(LLORACLE)
        .args([
            "grade",
            "subs",
            "--build",
            "make -s -C {submission}",
            "--cmd",
            "{submission}/compiler {in} {out}",
            "--dialect",
            "lloracle",
            "--no-corpus",
            "--random",
            "10",
            "--max-reductions",
            "1",
            "--reduce-candidates",
            "30",
            "--jobs",
            "2",
            "--out-dir",
            "out",
        ])
        .current_dir(dir.path())
        .env("LLORACLE", LLORACLE)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grade");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let o = dir.path().join("out");
    // The report folder grade created ignores itself in git.
    let ignore = std::fs::read_to_string(o.join(".gitignore")).expect("out/.gitignore");
    assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
    let csv = std::fs::read_to_string(o.join("class.csv")).expect("class.csv");
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4, "{csv}");
    let col = |name: &str| rows[0].iter().position(|c| *c == name).expect(name);
    let (build, passed, failed) = (col("build"), col("passed"), col("failed"));
    assert_eq!(rows[1][0], "alice");
    assert_eq!((rows[1][build], rows[1][failed]), ("ok", "0"), "{csv}");
    assert_eq!(rows[2][0], "bob");
    assert_ne!(rows[2][failed], "0", "sub-swap is caught: {csv}");
    assert_eq!(rows[3][0], "carol");
    assert_eq!((rows[3][build], rows[3][passed]), ("FAILED", "0"), "{csv}");
    assert!(
        csv.contains("syntax error"),
        "carol's build error is quoted: {csv}"
    );
    // Fair: alice and bob ran the same programs.
    assert_eq!(rows[1][col("runs")], rows[2][col("runs")]);
    for who in ["alice", "bob", "carol"] {
        let g = common::read_json(&o.join(who).join("results.json"));
        check_gradescope(&g).unwrap_or_else(|e| panic!("{who}: {e}"));
    }
    assert!(o.join("bob").join("report.json").exists());
    assert!(o.join("carol").join("build.log").exists());
    let class = common::read_json(&o.join("class.json"));
    let bob = &class["submissions"][1];
    assert!(bob["first_failures"]
        .as_object()
        .is_some_and(|m| !m.is_empty()));
    assert!(
        stdout.contains("carol") && stdout.contains("FAILED"),
        "{stdout}"
    );
    assert!(
        !dir.path().join("lloracle-failures").exists(),
        "reductions go under each student's folder"
    );
    // Shard 2/3 of the class is bob alone (submissions in name order).
    let shard = Command::new(LLORACLE)
        .args([
            "grade",
            "subs",
            "--cmd",
            "{submission}/compiler {in} {out}",
            "--dialect",
            "lloracle",
            "--no-corpus",
            "--random",
            "2",
            "--max-reductions",
            "0",
            "--shard",
            "2/3",
            "--out-dir",
            "shard2",
        ])
        .current_dir(dir.path())
        .env("LLORACLE", LLORACLE)
        .output()
        .expect("run grade");
    assert_eq!(shard.status.code(), Some(0), "{shard:?}");
    let csv = std::fs::read_to_string(dir.path().join("shard2/class.csv")).expect("class.csv");
    let students: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .collect();
    assert_eq!(students, ["bob"], "{csv}");
    let misuse = Command::new(LLORACLE)
        .args(["grade", "subs", "--cmd", "cc {in} -o {out}"])
        .current_dir(dir.path())
        .output()
        .expect("run grade");
    assert_eq!(misuse.status.code(), Some(2), "no {{submission}} in --cmd");
}

/// An external compiler that rejects every program with a call (its error
/// names the file and line, which differ from program to program) and
/// miscompiles `sub` otherwise: the compile errors are one group whatever
/// the line, and with a budget of one reduction per group every group's
/// example is reduced, the compile error's still failing with its message.
#[test]
fn an_external_compilers_errors_are_one_group_and_every_group_is_reduced() {
    use lloracle::harness::cases::random_cases;
    use lloracle::harness::compiler::Tools;
    use lloracle::harness::reduce::Bounds;
    use lloracle::harness::session::{run_session, Settings};
    use lloracle::harness::Emit;
    use std::time::Duration;
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let script = dir.path().join("cc341.sh");
    common::write_exe(
        &script,
        &format!(
            "#!/bin/sh\nif grep -q ' call ' \"$1\"; then\n  echo \"$1:$(grep -n ' call ' \"$1\" | head -1 | cut -d: -f1): error: calls are not supported\" >&2\n  exit 1\nfi\nexec '{LLORACLE}' compile --mutate sub-swap \"$1\" -o \"$2\"\n"
        ),
    );
    let compiler = Compiler::Command {
        cmd: format!("'{}' {{in}} {{out}}", script.display()),
        emit: Emit::Asm,
    };
    let mut tools = Tools::new(Duration::from_secs(10)).expect("tools");
    tools.oracle.fuel = 20_000_000;
    let cases = random_cases(24, 1, 30);
    let settings = Settings {
        jobs: 2,
        max_reductions: 0,
        bounds: Bounds {
            max_candidates: 40,
            max_time: Duration::from_secs(20),
        },
        stop_at_first_failure: false,
        budget: Default::default(),
    };
    let first = run_session(&tools, &compiler, cases.clone(), &settings, &|_| {});
    let groups = build(&first).groups();
    let compile: Vec<_> = groups
        .iter()
        .filter(|g| g.category == "compile error")
        .collect();
    assert_eq!(compile.len(), 1, "{groups:#?}");
    assert!(
        compile[0]
            .signature
            .contains("FILE error: calls are not supported"),
        "{}",
        compile[0].signature
    );
    assert!(compile[0].runs > 1, "several programs call: {groups:#?}");
    let budget = Settings {
        max_reductions: groups.len(),
        ..settings
    };
    let rs = run_session(&tools, &compiler, cases, &budget, &|_| {});
    let groups = build(&rs).groups();
    for g in &groups {
        let red = g.example.failure.reduced.as_ref();
        assert!(red.is_some(), "group not reduced: {}", g.signature);
    }
    let red = compile[0].signature.clone();
    let g = groups
        .iter()
        .find(|g| g.signature == red)
        .expect("the compile error group");
    let program = &g.example.failure.reduced.as_ref().expect("reduced").program;
    assert!(program.contains(" call "), "kept its cause:\n{program}");
}

/// A report with every kind of run a grade meets: 3 passes, 2 runs of one
/// failure group (a wrong result), a run shared with the reference by
/// cause, a run the reference cannot build, a skipped run and a run not
/// reached; a failed baseline and a reference; step counts of an
/// optimiser with `--opt-points 10`.
fn every_kind_of_run() -> Report {
    let shared = RunVerdict::SharedWithReference {
        own: Box::new(syntax_error(3)),
        reference: "fails the same way on random --seed 9: compile error: ...".into(),
    };
    let left_out = RunVerdict::ReferenceCannotBuild {
        detail: "assembler error: operand type mismatch for `add'".into(),
    };
    let skipped = RunVerdict::Skipped {
        oracle: Outcome::Limit {
            kind: spec::LimitKind::FuelExhausted,
            stdout: vec![],
        },
    };
    let with_steps = |v: RunVerdict, input: u64, output: u64| match v {
        RunVerdict::Judged {
            category,
            expected,
            actual,
            detail,
            changed,
            note,
            ..
        } => RunVerdict::Judged {
            category,
            expected,
            actual,
            detail,
            changed,
            steps: Some(lloracle::harness::verdicts::Steps { input, output }),
            note,
        },
        other => other,
    };
    let pass = || judged(Category::Pass, Some(ret(7, b"ok\n")), "");
    let mut r = build(&[
        result("random --seed 1 --size 30", 30, with_steps(pass(), 100, 50)),
        result(
            "random --seed 2 --size 30",
            30,
            with_steps(pass(), 100, 100),
        ),
        result("random --seed 3 --size 30", 30, with_steps(pass(), 80, 40)),
        result("random --seed 4 --size 30", 30, wrong(8)),
        result("random --seed 5 --size 30", 30, wrong(9)),
        result("random --seed 6 --size 30", 30, shared),
        result("random --seed 7 --size 30", 30, left_out),
        result("random --seed 8 --size 30", 30, skipped),
    ]);
    r.add_not_run(
        vec![(
            "random --seed 10 --size 30".into(),
            10,
            vec![("default".into(), vec![])],
        )],
        "not reached: the time budget ran out",
    );
    r.baseline_failed = Some("the baseline program returned 3, the oracle 7".into());
    r.reference = Some("command `./ref.native -S {in}`".into());
    r.reproduce = Some("./main.native -S {file} && ./a.out {args}".into());
    r.savings_scoring = Some(lloracle::harness::optimiser::SavingsScoring {
        points: 10.0,
        target: 0.9,
    });
    r
}

#[test]
fn scored_and_unscored_reports_score_the_same_runs_with_the_same_explanations() {
    let unscored = every_kind_of_run();
    let mut scored = every_kind_of_run();
    scored.scoring = Some(report::Scoring {
        points: 100.0,
        weights: Default::default(),
    });
    // The runs scored: 3 passed, 2 failed, 1 not reached; the shared, the
    // left-out and the skipped run count nowhere.
    let s = unscored.summary();
    assert_eq!(
        (s.passed, s.failed, s.not_run, s.skipped),
        (3, 2, 1, 1),
        "{s:?}"
    );
    assert_eq!((s.shared_with_reference, s.left_out), (1, 1));
    let g_unscored = report::gradescope(&unscored);
    let g_scored = report::gradescope(&scored);
    for g in [&g_unscored, &g_scored] {
        check_gradescope(g).unwrap_or_else(|e| panic!("{e}\n{g:#}"));
    }
    // The savings test is worth --opt-points in both, added to the total:
    // ratios 0.5, 1, 0.5 -> geometric mean 0.63, below the 0.9 target.
    let savings = |g: &Value| -> (f64, f64) {
        let t = g["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .find(|t| {
                t["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("optimisation"))
            })
            .unwrap_or_else(|| panic!("no savings test:\n{g:#}"))
            .clone();
        (
            t["score"].as_f64().expect("score"),
            t["max_score"].as_f64().expect("max"),
        )
    };
    assert_eq!(savings(&g_unscored), (10.0, 10.0));
    assert_eq!(savings(&g_scored), (10.0, 10.0));
    // Without the savings test both give 3 of 6 scored runs: one point per
    // run (3 of 6), or half of the 100 points (the one family, random
    // programs, scored 3 of 6 runs).
    let num = |g: &Value, k: &str| g[k].as_f64().expect("number");
    assert_eq!(
        (num(&g_unscored, "score"), num(&g_unscored, "max_score")),
        (3.0 + 10.0, 6.0 + 10.0)
    );
    assert_eq!(
        (num(&g_scored, "score"), num(&g_scored, "max_score")),
        (50.0 + 10.0, 100.0 + 10.0)
    );
    assert_eq!(
        report::gradescope_score(&scored),
        (60.0, 110.0),
        "the class summary's score is the results' score"
    );
    // The same explanations in both: the baseline, the failure group with
    // its example and the course's reproduce line, the reference's shared
    // (with where the reference shows it) and left-out sections.
    let all_text = |g: &Value| -> String {
        let mut t = g["output"].as_str().unwrap_or("").to_string();
        for test in g["tests"].as_array().expect("tests") {
            t.push_str(test["output"].as_str().unwrap_or(""));
        }
        t
    };
    for g in [&g_unscored, &g_scored] {
        let t = all_text(g);
        for needle in [
            "BASELINE FAILED: the baseline program returned 3",
            "reference solution: command `./ref.native -S {in}`",
            "SHARED WITH THE REFERENCE",
            "the reference: fails the same way on random --seed 9",
            "LEFT OUT for everyone: 1 programs",
            "[wrong result] a different value: 2 runs in 2 programs",
            "example: random --seed 4 --size 30",
            "reproduce with your compiler: save the program as",
            "not reached",
        ] {
            assert!(t.contains(needle), "`{needle}` missing:\n{t}");
        }
    }
    // JUnit: what a grade scores as not passed is a failure (the 2 wrong
    // results and the run not reached); what no grade scores is skipped.
    let j = report::junit(&unscored);
    assert!(
        j.contains("tests=\"9\" failures=\"3\" skipped=\"3\""),
        "{j}"
    );
    assert_eq!(j.matches("<failure ").count(), 3, "{j}");
    // JSON: the verdicts keep their names.
    let v = unscored.to_json();
    let names: Vec<&str> = v["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .map(|p| p["runs"][0]["verdict"].as_str().expect("verdict"))
        .collect();
    assert_eq!(
        names,
        [
            "pass",
            "pass",
            "pass",
            "wrong result",
            "wrong result",
            "shared with the reference",
            "left out",
            "skipped",
            "not run"
        ]
    );
    assert_eq!(Report::from_json(&v).expect("reads back"), unscored);
}

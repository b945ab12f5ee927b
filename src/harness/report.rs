//! Reports of a session: the terminal summary (a table per category and
//! every failure with expected and actual behaviour side by side, and its
//! reduction), the saved reduced programs with their reproducing command,
//! and the JSON, Gradescope and JUnit files.

use super::compiler::{shell_quote, Compiler};
use super::judge::{Category, RunVerdict};
use super::reduce::Reduced;
use super::session::CaseResult;
use serde_json::{json, Value};
use spec::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Counts of runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Programs judged (at least one run reached).
    pub programs: usize,
    /// Runs that agree with the oracle.
    pub passed: usize,
    /// Runs that do not.
    pub failed: usize,
    /// Runs the oracle does not return on (not judged).
    pub skipped: usize,
    /// Runs of programs not sent: no equivalent in the compiler's dialect.
    pub not_in_dialect: usize,
    /// Those runs per feature that excluded them.
    pub not_in_dialect_by_feature: BTreeMap<String, usize>,
    /// Runs per category (passes included).
    pub by_category: BTreeMap<Category, usize>,
}

/// The counts of `results`.
pub fn summarize(results: &[CaseResult]) -> Summary {
    let sent = |r: &&CaseResult| {
        !r.verdicts
            .iter()
            .all(|v| matches!(v, RunVerdict::NotInDialect { .. }))
    };
    let mut s = Summary {
        programs: results.iter().filter(sent).count(),
        ..Summary::default()
    };
    for v in results.iter().flat_map(|r| &r.verdicts) {
        if let RunVerdict::NotInDialect { feature, .. } = v {
            s.not_in_dialect += 1;
            *s.not_in_dialect_by_feature
                .entry(feature.clone())
                .or_default() += 1;
            continue;
        }
        match v.category() {
            None => s.skipped += 1,
            Some(c) => {
                *s.by_category.entry(c).or_default() += 1;
                if c == Category::Pass {
                    s.passed += 1;
                } else {
                    s.failed += 1;
                }
            }
        }
    }
    s
}

/// One line per outcome, with the stdout escaped.
pub fn describe(o: &Outcome) -> String {
    let out = |s: &[u8]| format!("stdout \"{}\"", String::from_utf8_lossy(s).escape_debug());
    match o {
        Outcome::Returned { value, stdout } => format!(
            "returns {value} (exit status {}), {}",
            *value as u64 & 0xff,
            out(stdout)
        ),
        Outcome::Exited { code, stdout } => format!("exit status {code}, {}", out(stdout)),
        Outcome::Crashed { signal, stdout } => {
            format!(
                "killed by signal {signal} ({}), {}",
                signal_name(*signal),
                out(stdout)
            )
        }
        Outcome::Timeout { stdout } => format!("ran past the timeout, {}", out(stdout)),
        other => other.to_string(),
    }
}

fn signal_name(s: i32) -> &'static str {
    match s {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ: output cap",
        libc::SIGPIPE => "SIGPIPE",
        _ => "signal",
    }
}

/// Where a failure's reduced program was saved and how to reproduce it.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The reduced program's file.
    pub reduced: PathBuf,
    /// The one-line command that reproduces the failure.
    pub command: String,
}

/// Writes each reduced program (and the original) into `dir`, with
/// comment lines naming the failure, the command that reproduces it and
/// `CHECK-ARGS` / `CHECK-RESULT` annotations so that the file is a
/// one-program corpus. `setup` are the session's other options the
/// command needs (dialect, course conventions: `Tools::cli_args`).
/// Returns, per result, where it went.
pub fn save_failures(
    results: &[CaseResult],
    compiler: &Compiler,
    setup: &str,
    dir: &Path,
) -> Result<Vec<Option<Saved>>, String> {
    let mut saved = Vec::new();
    for r in results {
        let Some((i, red)) = &r.reduced else {
            saved.push(None);
            continue;
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let args = r
            .case
            .runs
            .get(*i)
            .map(|(_, a)| a.clone())
            .unwrap_or_default();
        let cat = r.verdicts.get(*i).and_then(RunVerdict::category);
        let file = dir.join(format!("{}.reduced.ll", r.case.slug));
        let orig = dir.join(format!("{}.ll", r.case.slug));
        let command = format!(
            "lloracle test-compiler {} {setup} --corpus {} --random 0",
            compiler.cli_args(),
            shell_quote(&file.to_string_lossy())
        )
        .replace("  ", " ")
        .replace("  ", " ");
        let mut text = String::new();
        let _ = writeln!(
            text,
            "; lloracle: reduced from {} ({}); fails with {} under {}",
            r.case.name,
            red.insns,
            cat.map_or("?", Category::name),
            compiler.describe()
        );
        let _ = writeln!(text, "; reproduce: {command}");
        let _ = writeln!(text, "; oracle: {}", describe(&red.expected));
        if let Some(a) = &red.actual {
            let _ = writeln!(text, "; actual: {}", describe(a));
        }
        if !args.is_empty() {
            let _ = writeln!(text, "; CHECK-ARGS: {}", args.join(" "));
        }
        if let Outcome::Returned { value, .. } = red.expected {
            let _ = writeln!(text, "; CHECK-RESULT: {value}");
        }
        text.push('\n');
        text.push_str(&red.text);
        std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut orig_text = String::new();
        if !args.is_empty() {
            let _ = writeln!(orig_text, "; CHECK-ARGS: {}\n", args.join(" "));
        }
        orig_text.push_str(&spec::print(&r.case.prog));
        std::fs::write(&orig, orig_text).map_err(|e| format!("{}: {e}", orig.display()))?;
        saved.push(Some(Saved {
            reduced: file,
            command,
        }));
    }
    Ok(saved)
}

/// One judged run that did not pass, with what the reports say about it.
struct Failure<'a> {
    /// The program's name.
    program: &'a str,
    /// The run's name.
    run: String,
    /// The run's arguments.
    args: Vec<String>,
    /// The category (never `Pass`).
    category: Category,
    /// The oracle's outcome.
    expected: &'a Outcome,
    /// What the compiled program did (`None` when it was never built).
    actual: &'a Option<Outcome>,
    /// The compiler's or linker's words for a build failure.
    detail: &'a str,
    /// For an optimiser: the functions whose printed text changed.
    changed: &'a [String],
    /// The reduction of this run, when it is the one that was reduced.
    reduced: Option<&'a Reduced>,
    /// Where the program's reduction was saved, if it was.
    saved: &'a Option<Saved>,
}

/// Every judged run of `results` that did not pass, in order, with the
/// saved reduction of its program (`saved` is parallel to `results` and may
/// be shorter).
fn failures<'a>(
    results: &'a [CaseResult],
    saved: &'a [Option<Saved>],
) -> impl Iterator<Item = Failure<'a>> {
    results
        .iter()
        .zip(saved.iter().chain(std::iter::repeat(&None)))
        .flat_map(|(r, sv)| {
            r.verdicts.iter().enumerate().filter_map(move |(k, v)| {
                let RunVerdict::Judged {
                    category,
                    expected,
                    actual,
                    detail,
                    changed,
                } = v
                else {
                    return None;
                };
                if *category == Category::Pass {
                    return None;
                }
                let (run, args) = r.case.runs.get(k).cloned().unwrap_or_default();
                let reduced = r
                    .reduced
                    .as_ref()
                    .filter(|(i, _)| *i == k)
                    .map(|(_, red)| red);
                Some(Failure {
                    program: &r.case.name,
                    run,
                    args,
                    category: *category,
                    expected,
                    actual,
                    detail,
                    changed,
                    reduced,
                    saved: sv,
                })
            })
        })
}

/// A reduction's size and cost for the terminal: `N instructions (C
/// candidates, K kept, S.Ss)`, with `, stopped by a bound` inside the
/// parentheses when a bound ended the search.
pub fn describe_reduction(red: &Reduced) -> String {
    format!(
        "{} instructions ({} candidates, {} kept, {:.1}s{})",
        red.insns,
        red.candidates,
        red.kept,
        red.elapsed.as_secs_f64(),
        if red.bounded {
            ", stopped by a bound"
        } else {
            ""
        }
    )
}

/// The terminal report: every failure in detail, then the table.
pub fn text(
    results: &[CaseResult],
    saved: &[Option<Saved>],
    compiler: &Compiler,
    interrupted: bool,
) -> String {
    let mut t = String::new();
    for f in failures(results, saved) {
        let _ = writeln!(
            t,
            "FAIL [{}] {} (run {}, args {:?})",
            f.category, f.program, f.run, f.args
        );
        let _ = writeln!(t, "  expected (oracle): {}", describe(f.expected));
        match f.actual {
            Some(a) => {
                let _ = writeln!(t, "  actual:            {}", describe(a));
            }
            None => {
                let _ = writeln!(t, "  actual:            no executable");
            }
        }
        for line in f.detail.lines().take(12) {
            let _ = writeln!(t, "  | {line}");
        }
        if !f.changed.is_empty() {
            let _ = writeln!(
                t,
                "  functions whose text changed: {}",
                f.changed.join(", ")
            );
        }
        if let Some(red) = f.reduced {
            let _ = writeln!(t, "  reduced to {}:", describe_reduction(red));
            for line in red.text.lines() {
                let _ = writeln!(t, "    {line}");
            }
            let _ = writeln!(t, "  reduced, oracle:   {}", describe(&red.expected));
            match &red.actual {
                Some(a) => {
                    let _ = writeln!(t, "  reduced, actual:   {}", describe(a));
                }
                None => {
                    let _ = writeln!(t, "  reduced, actual:   no executable");
                }
            }
            if let Some(s) = f.saved {
                let _ = writeln!(t, "  saved: {}", s.reduced.display());
                let _ = writeln!(t, "  reproduce: {}", s.command);
            }
        }
        t.push('\n');
    }
    let s = summarize(results);
    let _ = writeln!(t, "compiler under test: {}", compiler.describe());
    if interrupted {
        let _ = writeln!(
            t,
            "INTERRUPTED: the report covers the programs that finished"
        );
    }
    let _ = writeln!(t, "{:<16} {:>7}", "category", "runs");
    for c in Category::ALL {
        let n = s.by_category.get(&c).copied().unwrap_or(0);
        let _ = writeln!(t, "{:<16} {:>7}", c.name(), n);
    }
    let _ = writeln!(t, "{:<16} {:>7}", "skipped (UB/limit)", s.skipped);
    if s.not_in_dialect > 0 {
        let by: Vec<String> = s
            .not_in_dialect_by_feature
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        let _ = writeln!(
            t,
            "{:<16} {:>7}   not sent, not failures: {}",
            "not in dialect",
            s.not_in_dialect,
            by.join(", ")
        );
    }
    let _ = writeln!(
        t,
        "{} programs: {} passed, {} failed, {} skipped",
        s.programs, s.passed, s.failed, s.skipped
    );
    t
}

fn outcome_json(o: &Option<Outcome>) -> Value {
    o.as_ref().map_or(Value::Null, Outcome::to_json)
}

/// The JSON report: `{"summary": {...}, "failures": [...]}`.
pub fn json(results: &[CaseResult], saved: &[Option<Saved>], interrupted: bool) -> Value {
    let s = summarize(results);
    let mut failed = Vec::new();
    for f in failures(results, saved) {
        let red = f.reduced;
        failed.push(json!({
            "program": f.program,
            "run": f.run,
            "args": f.args,
            "category": f.category.name(),
            "expected": f.expected.to_json(),
            "actual": outcome_json(f.actual),
            "detail": f.detail,
            "changed_functions": f.changed,
            "reduced": red.map(|x| x.text.clone()),
            "reduced_instructions": red.map(|x| x.insns),
            "reduced_expected": red.map(|x| x.expected.to_json()),
            "reduced_actual": red.map(|x| outcome_json(&x.actual)),
            "reproduce": f.saved.as_ref().filter(|_| red.is_some()).map(|s| s.command.clone()),
        }));
    }
    let cats: serde_json::Map<String, Value> = s
        .by_category
        .iter()
        .map(|(c, n)| (c.name().to_string(), json!(n)))
        .collect();
    json!({
        "summary": {
            "programs": s.programs,
            "passed": s.passed,
            "failed": s.failed,
            "skipped": s.skipped,
            "not_in_dialect": s.not_in_dialect,
            "not_in_dialect_by_feature": s.not_in_dialect_by_feature,
            "categories": cats,
            "interrupted": interrupted,
        },
        "failures": failed,
    })
}

/// Gradescope's results.json: one test per judged run, score 1 for a pass.
pub fn gradescope(results: &[CaseResult]) -> Value {
    let mut tests = Vec::new();
    let mut score = 0;
    for r in results {
        for (k, v) in r.verdicts.iter().enumerate() {
            let RunVerdict::Judged {
                category,
                expected,
                actual,
                ..
            } = v
            else {
                continue;
            };
            let (run, args) = r.case.runs.get(k).cloned().unwrap_or_default();
            let pass = *category == Category::Pass;
            score += usize::from(pass);
            let output = if pass {
                format!("pass: {}", describe(expected))
            } else {
                format!(
                    "{category}\nexpected (oracle): {}\nactual: {}",
                    describe(expected),
                    actual.as_ref().map_or("no executable".into(), describe)
                )
            };
            tests.push(json!({
                "name": format!("{} [{run}] {}", r.case.name, args.join(" ")).trim_end().to_string(),
                "score": usize::from(pass),
                "max_score": 1,
                "status": if pass { "passed" } else { "failed" },
                "output": output,
            }));
        }
    }
    let max = tests.len();
    json!({"score": score, "max_score": max, "tests": tests})
}

fn xml(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            '"' => "&quot;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A JUnit XML report: one testcase per run; skipped runs are `<skipped/>`.
pub fn junit(results: &[CaseResult]) -> String {
    let s = summarize(results);
    let mut t = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        t,
        "<testsuite name=\"lloracle test-compiler\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
        s.passed + s.failed + s.skipped + s.not_in_dialect,
        s.failed,
        s.skipped + s.not_in_dialect
    );
    for r in results {
        for (k, v) in r.verdicts.iter().enumerate() {
            let (run, _) = r.case.runs.get(k).cloned().unwrap_or_default();
            let _ = write!(
                t,
                "  <testcase classname=\"{}\" name=\"{}\">",
                xml(&r.case.name),
                xml(&run)
            );
            match v {
                RunVerdict::Skipped { oracle } => {
                    let _ = write!(t, "<skipped message=\"{}\"/>", xml(&oracle.to_string()));
                }
                RunVerdict::NotInDialect { feature, what } => {
                    let _ = write!(
                        t,
                        "<skipped message=\"not in dialect: uses {} ({})\"/>",
                        xml(feature),
                        xml(what)
                    );
                }
                RunVerdict::Judged {
                    category,
                    expected,
                    actual,
                    ..
                } if *category != Category::Pass => {
                    let _ = write!(
                        t,
                        "<failure message=\"{}\">expected (oracle): {}\nactual: {}</failure>",
                        category.name(),
                        xml(&describe(expected)),
                        xml(&actual.as_ref().map_or("no executable".into(), describe))
                    );
                }
                RunVerdict::Judged { .. } => {}
            }
            t.push_str("</testcase>\n");
        }
    }
    t.push_str("</testsuite>\n");
    t
}

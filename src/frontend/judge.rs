//! One Oat test against the oracle: the front end under test compiles it
//! once, its LLVMlite output is parsed, checked (and held to the course's
//! dialect when one is given), then each run of the test runs the output on
//! the oracle under the course's runtime and is compared with the run's
//! expectation as the course compares it. The courses compile a front
//! end's output with clang (or llc and cc) and run it natively, so the
//! output runs in LLVM's memory (docs/semantics.md, "Which memory
//! applies"), at two address layouts. Each run gets one
//! [`Category`]: in a front end the output is the thing under test, so an
//! output that is undefined on the oracle is a failure
//! ([`Category::UndefinedInOutput`]), not a skipped run; one whose output
//! depends on addresses is [`Category::DependsOnAddresses`], a failure
//! too: no Oat program can observe an address.
//! Where the program's output depends on an order the language leaves
//! open (a call's arguments, docs/oat.md "The evaluator's rules"), a run
//! has several right outcomes ([`allowed_runs`]) and passes on any of them.

use super::rejection;
use super::tests::OatTest;
use crate::corpus::{Expected, Run};
use crate::harness::compiler::{BuildFailure, Tools};
use crate::harness::verdicts::{describe, Category};
use oat::order::ArgOrders;
use oat::OatVersion;
use spec::dialect::Dialect;
use spec::{Outcome, Prog, Source};
use toolchain::process::Ended;

/// The language rules a front end's output is held to beside a test's
/// expectation: the Oat version (for the evaluator) and the call-argument
/// orders the course allows (the language's: any).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Language {
    /// The Oat version of the homework.
    pub version: OatVersion,
    /// The orders of a call's arguments the course allows.
    pub orders: ArgOrders,
}

/// What the front end made of one test: its output, parsed and checked,
/// or why there is none to run.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The output's text, when the front end wrote one.
    pub text: Option<String>,
    /// The output as a named source, for the oracle's line numbers.
    pub src: Option<Source>,
    /// The output as a program, when it parses and checks (and is in the
    /// dialect), or the failure that every run of the test gets.
    pub prog: Result<Prog, BuildFailure>,
    /// The driver's failure after it wrote the output (its bundled back
    /// end failing, say): not the front end's; said beside the verdict.
    pub note: Option<String>,
    /// How the front end's command ended (`None`: it could not be
    /// started): whether a program it wrote nothing for was refused
    /// (`super::rejection`).
    pub ended: Option<Ended>,
}

/// The verdict of one run of a test.
#[derive(Clone, Debug)]
pub struct FrontRun {
    /// The category.
    pub category: Category,
    /// The oracle's outcome on the front end's output (`None` when there
    /// was no output to run).
    pub actual: Option<Outcome>,
    /// Why the run failed, in words (the compiler's words for a build
    /// failure, the undefined step, the first difference).
    pub detail: String,
    /// What the reports say beside the verdict (the driver failing after
    /// writing its output, what the native build did).
    pub note: Option<String>,
}

/// The file name `test` is sent to the front end under (`NAME.oat`) and
/// the name its output is read under in diagnostics (`NAME.ll`).
pub fn file_names(test: &OatTest) -> (String, String) {
    let file = test
        .path
        .file_name()
        .map_or_else(|| "test.oat".into(), |f| f.to_string_lossy().into_owned());
    let out = format!("{}.ll", file.strip_suffix(".oat").unwrap_or(&file));
    (file, out)
}

/// Compiles `test` with the front end `cmd` and reads its output.
pub fn compile(tools: &Tools, cmd: &str, test: &OatTest, dialect: Option<&Dialect>) -> Compiled {
    let (file, out) = file_names(test);
    compile_text(tools, cmd, &file, &test.text, &out, dialect)
}

/// Compiles the Oat program `text` (sent as `file`) with `cmd`; its output
/// is read as `out_name` in diagnostics.
pub fn compile_text(
    tools: &Tools,
    cmd: &str,
    file: &str,
    text: &str,
    out_name: &str,
    dialect: Option<&Dialect>,
) -> Compiled {
    let built = tools.compile_source(cmd, file, text, ".ll");
    let Some(bytes) = built.output else {
        let failure = built.failure.unwrap_or_else(|| BuildFailure {
            category: Category::CompileError,
            detail: "no output file".into(),
        });
        return Compiled {
            text: None,
            src: None,
            prog: Err(failure),
            note: None,
            ended: built.ended,
        };
    };
    let note = built.failure.map(|f| {
        format!(
            "the command failed after writing {out_name} ({}: {}); the output was judged",
            f.category,
            first_line(&f.detail)
        )
    });
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let prog = read_output(tools, out_name, &text, dialect);
    Compiled {
        src: Some(Source::new(out_name.to_string(), text.clone())),
        text: Some(text),
        prog,
        note,
        ended: built.ended,
    }
}

/// The first line of `s` (a failure's words in one line).
pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// The front end's output `text` (named `name`) parsed and checked under
/// the course's runtime and entry, then held to `dialect`.
pub fn read_output(
    tools: &Tools,
    name: &str,
    text: &str,
    dialect: Option<&Dialect>,
) -> Result<Prog, BuildFailure> {
    let src = Source::new(name.to_string(), text.to_string());
    let opts = spec::check::CheckOptions {
        entry: Some(tools.oracle.entry.clone()),
        runtime: tools.oracle.runtime,
    };
    let prog = spec::parse_and_check_with(&src, &opts).map_err(|r| BuildFailure {
        category: Category::IllTypedOutput,
        detail: r.render(&src),
    })?;
    if let Some(d) = dialect {
        if let Err(u) = spec::dialect::conforms(&src, d) {
            return Err(BuildFailure {
                category: Category::OutputNotInDialect,
                detail: format!(
                    "{name}:{}: uses `{}` ({}), which the {} dialect lacks",
                    u.line(&src),
                    u.feature.name(),
                    u.what,
                    d.name
                ),
            });
        }
    }
    Ok(prog)
}

/// The oracle's options for a front end's output: the course's, in
/// LLVM's memory.
fn output_options(tools: &Tools) -> oracle::Options {
    oracle::Options {
        memory: oracle::MemoryModel::Llvm,
        ..tools.oracle.clone()
    }
}

/// Runs the output `prog` (read from `src`) on the oracle with `args`, in
/// LLVM's memory.
pub fn run_output(tools: &Tools, prog: &Prog, src: Option<&Source>, args: &[String]) -> Outcome {
    oracle::run(prog, src, args, &output_options(tools))
}

/// The note on a run LLVM's memory defines but LLVMlite's tree memory
/// (the course's reference interpreter's) stops: the rule it stops on
/// and where. `None` when the tree memory runs it too.
pub fn tag_rule_note(
    tools: &Tools,
    prog: &Prog,
    src: Option<&Source>,
    args: &[String],
) -> Option<String> {
    let tree = oracle::Options {
        memory: oracle::MemoryModel::Llvmlite,
        ..tools.oracle.clone()
    };
    match oracle::run(prog, src, args, &tree) {
        Outcome::Undefined {
            kind,
            message,
            location,
            ..
        } => Some(format!(
            "the course's reference interpreter stops here ({} at {location}: {message}; docs/divergences.md); clang runs it",
            kind.name()
        )),
        _ => None,
    }
}

/// Judges one run of the output: in LLVM's memory at two address
/// layouts; a run whose behaviour differs between them depends on
/// addresses (a failure: no Oat program can observe one), any other is held to the expectations `runs`
/// (one run's, in each order the language allows; [`judge_allowed`]),
/// with a note when only LLVMlite's tag rules would stop it.
pub fn judge_output(
    tools: &Tools,
    prog: &Prog,
    src: Option<&Source>,
    runs: &[Run],
    note: Option<String>,
) -> FrontRun {
    let args = runs.first().map_or(&[][..], |r| &r.args[..]);
    let r = oracle::run_llvm(prog, src, args, &output_options(tools));
    if let Some(d) = r.depends_on_addresses {
        return FrontRun {
            category: Category::DependsOnAddresses,
            actual: Some(r.outcome),
            detail: d.to_string(),
            note,
        };
    }
    let (category, detail) = judge_allowed(runs, &r.outcome);
    let tags = match r.outcome {
        Outcome::Undefined { .. } => None,
        _ => tag_rule_note(tools, prog, src, args),
    };
    let note = match (note, tags) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    FrontRun {
        category,
        actual: Some(r.outcome),
        detail,
        note,
    }
}

/// The verdict on a run whose output ran on the oracle to `actual`, held
/// to `run`'s expectation.
pub fn judge_run(run: &Run, actual: &Outcome) -> (Category, String) {
    match actual {
        Outcome::Undefined { location, .. } => {
            let line = location
                .line
                .map(|l| format!(" (line {l} of the output)"))
                .unwrap_or_default();
            return (Category::UndefinedInOutput, format!("{actual}{line}"));
        }
        Outcome::Limit { kind, .. } => {
            return (
                Category::RunTimeout,
                format!(
                "the output ran into the oracle's {} limit (it loops, or needs more than --fuel)",
                kind.name()
            ),
            )
        }
        _ => {}
    }
    if let Some(want) = &run.course_output {
        let got = actual.course_output().unwrap_or_default();
        if &got != want {
            return (
                course_output_category(want, &got, actual.exit_code()),
                format!(
                    "the course compares \"{}\", the output gives \"{}\"",
                    escaped(want),
                    escaped(&got)
                ),
            );
        }
    }
    if let Some(want) = &run.stdout {
        if actual.stdout() != want.as_slice() {
            return (
                Category::WrongOutput,
                format!(
                    "expected stdout \"{}\", the output prints \"{}\"",
                    escaped(want),
                    escaped(actual.stdout())
                ),
            );
        }
    }
    let ends_right = match (&run.expect, actual) {
        (Expected::Unspecified, _) => true,
        (Expected::Result(v), Outcome::Returned { value, .. }) => v == value,
        (
            Expected::Exited(n),
            Outcome::Halted {
                status, aborted, ..
            },
        ) => !aborted && status == n,
        (Expected::Aborted, Outcome::Halted { aborted, .. }) => *aborted,
        _ => false,
    };
    if ends_right {
        (Category::Pass, String::new())
    } else {
        (
            Category::WrongStatus,
            format!(
                "expected the run to end as: {}; the output {}",
                run.expect,
                describe(actual)
            ),
        )
    }
}

/// The runs whose expectations are all right for `run` of the Oat program
/// `prog`: `run` itself first, then `run` as each other allowed order of a
/// call's arguments would have it, when the program's outcome depends on
/// that order (`oat::eval::outcomes`) and `run`'s expectation is the
/// outcome in one of the allowed orders (an expectation the evaluator
/// gives in no order keeps its one run). An outcome that does not return
/// cannot be written as an expectation and adds no run.
pub fn allowed_runs(prog: &oat::ast::Program, lang: Language, run: &Run) -> Vec<Run> {
    let mut out = vec![run.clone()];
    if !lang.orders.is_open() {
        return out;
    }
    let args: Vec<&[u8]> = run.args.iter().map(|a| a.as_bytes()).collect();
    let limits = oat::eval::Limits::default();
    let outcomes = oat::eval::outcomes(prog, lang.version, &limits, &args, lang.orders);
    if outcomes.len() < 2 {
        return out;
    }
    let forms: Vec<Run> = outcomes.iter().filter_map(|o| expressed(run, o)).collect();
    if !forms.iter().any(|f| same_expectation(f, run)) {
        return out;
    }
    for f in forms {
        if !out.iter().any(|r| same_expectation(r, &f)) {
            out.push(f);
        }
    }
    out
}

/// `run` with its expectation as the evaluator's outcome `o` gives it (the
/// same lines: course output, stdout, result); `None` when `o` did not
/// return or `run` expects a runtime exit.
fn expressed(run: &Run, o: &oat::eval::Outcome) -> Option<Run> {
    let oat::eval::Outcome::Returned { stdout, value } = o else {
        return None;
    };
    let expect = match run.expect {
        Expected::Unspecified => Expected::Unspecified,
        Expected::Result(_) => Expected::Result(*value),
        _ => return None,
    };
    let course = o.course_output()?;
    Some(Run {
        expect,
        stdout: run.stdout.as_ref().map(|_| stdout.clone()),
        course_output: run.course_output.as_ref().map(|_| course),
        ..run.clone()
    })
}

/// True when `a` and `b` expect the same.
fn same_expectation(a: &Run, b: &Run) -> bool {
    a.expect == b.expect && a.stdout == b.stdout && a.course_output == b.course_output
}

/// The verdict on `actual` held to `runs` (from [`allowed_runs`]): a pass
/// when any of them passes, else the first's verdict, saying how many
/// other outputs the language allowed.
pub fn judge_allowed(runs: &[Run], actual: &Outcome) -> (Category, String) {
    let Some((first, others)) = runs.split_first() else {
        return (Category::Pass, String::new());
    };
    let verdict = judge_run(first, actual);
    if verdict.0 == Category::Pass || others.is_empty() {
        return verdict;
    }
    if others
        .iter()
        .any(|r| judge_run(r, actual).0 == Category::Pass)
    {
        return (Category::Pass, String::new());
    }
    let (category, detail) = verdict;
    (
        category,
        format!(
            "{detail} (nor what {} other order(s) of a call's arguments give, which the \
             language leaves open)",
            others.len()
        ),
    )
}

/// `wrong status` when the output printed what `want` prints and only the
/// decimal status at the end differs; otherwise `wrong output`. `got` is
/// the output's course output, ending in `status` (its exit status).
fn course_output_category(want: &[u8], got: &[u8], status: i32) -> Category {
    let digits = status.to_string().len().min(got.len());
    let printed = &got[..got.len() - digits];
    let rest = want.strip_prefix(printed).unwrap_or_default();
    if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) {
        Category::WrongStatus
    } else {
        Category::WrongOutput
    }
}

/// `s` escaped for a report line.
pub fn escaped(s: &[u8]) -> String {
    let shown = &s[..s.len().min(crate::harness::verdicts::STDOUT_CAP)];
    let mut out = String::from_utf8_lossy(shown).escape_debug().to_string();
    if shown.len() < s.len() {
        out.push_str(&format!("... {} bytes more", s.len() - shown.len()));
    }
    out
}

/// The expectation of `run` in words.
pub fn expectation_words(run: &Run) -> String {
    let mut parts = Vec::new();
    if let Some(c) = &run.course_output {
        parts.push(format!("course output \"{}\"", escaped(c)));
    }
    if let Some(s) = &run.stdout {
        parts.push(format!("stdout \"{}\"", escaped(s)));
    }
    if run.expect != Expected::Unspecified {
        parts.push(run.expect.to_string());
    }
    parts.join(", ")
}

/// Judges every run of `test` on the front end's compiled output; a run
/// passes on any outcome `lang` allows ([`allowed_runs`]).
pub fn judge_test(
    tools: &Tools,
    test: &OatTest,
    compiled: &Compiled,
    lang: Language,
) -> Vec<FrontRun> {
    if test.expectation.ill_typed.is_some() {
        return vec![judge_rejection(compiled)];
    }
    let source = oat::parse::program(&test.text).ok();
    test.expectation
        .runs
        .iter()
        .map(|run| match &compiled.prog {
            Err(f) => FrontRun {
                category: f.category,
                actual: None,
                detail: f.detail.clone(),
                note: compiled.note.clone(),
            },
            Ok(prog) => {
                let runs = match &source {
                    Some(p) => allowed_runs(p, lang, run),
                    None => vec![run.clone()],
                };
                judge_output(
                    tools,
                    prog,
                    compiled.src.as_ref(),
                    &runs,
                    compiled.note.clone(),
                )
            }
        })
        .collect()
}

/// The verdict on a `CHECK-ILL-TYPED` test: passed when the front end
/// refused the program (`rejection::refusal`), `accepts ill-typed` when it wrote an
/// output, a compile timeout when it ran out of time, and a compile error
/// saying why when it failed some other way.
pub fn judge_rejection(compiled: &Compiled) -> FrontRun {
    let (category, detail) = match (&compiled.text, &compiled.prog) {
        (Some(_), _) => (
            Category::AcceptsIllTyped,
            "the front end wrote an output for a program the course's type checker rejects".into(),
        ),
        (None, Err(f)) if f.category == Category::CompileTimeout => {
            (Category::CompileTimeout, f.detail.clone())
        }
        (None, prog) => {
            let words = prog.as_ref().err().map_or("", |f| f.detail.as_str());
            match rejection::refusal(compiled.ended.as_ref(), words) {
                rejection::Refusal::Rejected => (Category::Pass, String::new()),
                rejection::Refusal::NotARejection(why) => (Category::CompileError, why),
            }
        }
    };
    FrontRun {
        category,
        actual: None,
        detail,
        note: None,
    }
}

/// `run`, the verdict on a `CHECK-ILL-TYPED` test, when the front end
/// also refuses the well-typed baseline (`why`): a refusal is then not a
/// rejection, so a pass becomes a compile error that says so; another
/// verdict stays.
pub fn without_baseline(run: FrontRun, why: &str) -> FrontRun {
    if run.category != Category::Pass {
        return run;
    }
    FrontRun {
        category: Category::CompileError,
        detail: rejection::baseline_refused(why),
        ..run
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    fn run(course: &str) -> Run {
        Run {
            name: "default".into(),
            line: 1,
            args: vec![],
            expect: Expected::Unspecified,
            stdout: None,
            course_output: Some(course.as_bytes().to_vec()),
        }
    }

    fn returned(stdout: &str, value: i64) -> Outcome {
        Outcome::Returned {
            value,
            stdout: stdout.as_bytes().to_vec(),
        }
    }

    #[test]
    fn the_course_output_is_compared_whole() {
        assert_eq!(judge_run(&run("hi0"), &returned("hi", 0)).0, Category::Pass);
        assert_eq!(
            judge_run(&run("hi0"), &returned("hi", 256)).0,
            Category::Pass
        );
        assert_eq!(
            judge_run(&run("hi0"), &returned("ho", 0)).0,
            Category::WrongOutput
        );
    }

    #[test]
    fn only_the_status_differs_is_a_wrong_status() {
        assert_eq!(
            judge_run(&run("hi3"), &returned("hi", 4)).0,
            Category::WrongStatus
        );
        // "12" printed, status 1, against "120": printed the same, status 0.
        assert_eq!(
            judge_run(&run("120"), &returned("12", 1)).0,
            Category::WrongStatus
        );
        assert_eq!(
            judge_run(&run("5"), &returned("x", 5)).0,
            Category::WrongOutput
        );
    }

    /// `f(t(1), t(2))` where `t` prints its argument: "12" left to right,
    /// "21" right to left; `program` returns 0.
    fn order_revealing() -> oat::ast::Program {
        oat::parse::program(
            "int t(int x) { print_int(x); return x; }\n\
             void f(int a, int b) { return; }\n\
             int program(int argc, string[] argv) { f(t(1), t(2)); return 0; }",
        )
        .unwrap()
    }

    #[test]
    fn an_open_argument_order_allows_each_order_s_output() {
        let p = order_revealing();
        let open = Language::default();
        let course = |runs: Vec<Run>| -> Vec<Vec<u8>> {
            runs.into_iter().filter_map(|r| r.course_output).collect()
        };
        // The expectation is the left-to-right output; right to left is
        // allowed too.
        assert_eq!(
            course(allowed_runs(&p, open, &run("120"))),
            [b"120".to_vec(), b"210".to_vec()]
        );
        let allowed = allowed_runs(&p, open, &run("120"));
        assert_eq!(
            judge_allowed(&allowed, &returned("21", 0)).0,
            Category::Pass
        );
        assert_eq!(
            judge_allowed(&allowed, &returned("22", 0)).0,
            Category::WrongOutput
        );
        // An expectation no order gives keeps its one run.
        assert_eq!(
            course(allowed_runs(&p, open, &run("990"))),
            [b"990".to_vec()]
        );
        // A course that fixes the order allows its output only.
        let fixed = Language {
            orders: ArgOrders::Fixed(oat::order::ArgOrder::LeftToRight),
            ..open
        };
        let allowed = allowed_runs(&p, fixed, &run("120"));
        assert_eq!(course(allowed.clone()), [b"120".to_vec()]);
        assert_eq!(
            judge_allowed(&allowed, &returned("21", 0)).0,
            Category::WrongOutput
        );
    }

    #[test]
    fn a_result_line_holds_the_full_value() {
        let mut r = run("");
        r.course_output = None;
        r.expect = Expected::Result(-1);
        assert_eq!(judge_run(&r, &returned("", -1)).0, Category::Pass);
        assert_eq!(judge_run(&r, &returned("", 255)).0, Category::WrongStatus);
    }

    #[test]
    fn a_front_end_that_refuses_the_baseline_passes_no_rejection() {
        let passed = FrontRun {
            category: Category::Pass,
            actual: None,
            detail: String::new(),
            note: None,
        };
        let run = without_baseline(passed, "exit 1");
        assert_eq!(run.category, Category::CompileError);
        assert!(run.detail.contains("baseline"), "{}", run.detail);
        let accepted = FrontRun {
            category: Category::AcceptsIllTyped,
            actual: None,
            detail: "wrote".into(),
            note: None,
        };
        assert_eq!(
            without_baseline(accepted, "exit 1").category,
            Category::AcceptsIllTyped
        );
    }
}

//! `lloracle grade SUBMISSIONS --cmd '... {submission} ... {in} {out}'`: a
//! class in one run. Every submission (each subdirectory of SUBMISSIONS,
//! in name order) is built (`--build`), then checked exactly as
//! `test-compiler` checks one compiler, on the same programs for all (the
//! corpus and the same random seeds: fair), several submissions at once.
//! Each gets its own folder under `--out-dir` (`STUDENT/results.json` for
//! Gradescope, `report.json`, `junit.xml`, `report.txt`, `build.log`,
//! `failures/`), and the class gets a summary: a terminal table,
//! `class.csv`, `class.json` and `class.html` (per student: build, score,
//! judged runs, failed runs per category, the failure groups; the causes
//! shared across the class: `harness::report::class`). A submission whose build
//! fails is graded as such (score 0), never a crash of grade.
//!
//! Each submission gets its own `--time-budget` (a fresh budget when its
//! campaign starts); `--class-time-budget` bounds the whole class apart.
//! A submission whose campaign stopped early is marked in every report,
//! its programs not reached count as not passed, and grade exits 1.

use super::options::{CampaignOpts, EmitArg};
use super::EXIT_USAGE;
use lloracle::frontend;
use lloracle::harness::class::{self, ClassCount, ClassOptions, Submissions};
use lloracle::harness::options;
use lloracle::harness::report::class::{causes, class_table, StudentResult};
use lloracle::harness::verdicts;
use lloracle::progress::{colour_stdout, Progress};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `lloracle grade`: the submissions, how to build one, and
/// every option of `test-compiler` (`--cmd` may name `{submission}`).
#[derive(clap::Args, Debug)]
pub struct GradeArgs {
    /// The directory of submissions: each subdirectory is one student's.
    submissions: PathBuf,
    /// A shell command that builds one submission, with `{submission}` (its
    /// directory; the command also runs inside it), e.g.
    /// `make -C {submission}`.
    #[arg(long)]
    build: Option<String>,
    /// Wall-clock limit of one build, in seconds.
    #[arg(long, default_value_t = 600)]
    build_timeout: u64,
    /// Submissions checked at once (default: one per two worker threads,
    /// at least one); the worker threads are shared among them.
    #[arg(long)]
    parallel: Option<usize>,
    /// Wall-clock limit of the whole class, in seconds (none by default;
    /// `--time-budget` bounds each submission): a submission not started
    /// when it runs out is not checked, and is marked so.
    #[arg(long, value_name = "SECS")]
    class_time_budget: Option<u64>,
    /// How submissions must be confined (docs/grading.md, "What a
    /// submission can and cannot do"): `best-effort` grades with what the
    /// kernel gives and warns once when something is missing; `required`
    /// refuses to grade unless files, network, signals and system calls
    /// are all confined.
    #[arg(long, value_enum, default_value_t = IsolationArg::BestEffort)]
    isolation: IsolationArg,
    #[command(flatten)]
    test: CampaignOpts,
}

/// `--isolation`: how submissions must be confined.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum IsolationArg {
    /// Grade with the confinement the kernel gives; warn once when some is
    /// missing.
    BestEffort,
    /// Refuse to grade unless every confinement is in force.
    Required,
}

/// The points of an assignment when `--points` is not given.
const DEFAULT_POINTS: f64 = 100.0;

/// `Err` when `--json`, `--gradescope` or `--junit` is given: grade
/// writes each submission's reports into its own folder.
fn no_report_files(t: &CampaignOpts) -> Result<(), String> {
    if t.reports.json.is_some() || t.reports.gradescope.is_some() || t.reports.junit.is_some() {
        return Err("grade writes report.json, results.json and junit.xml into each submission's folder under --out-dir; --json, --gradescope and --junit are for test-compiler".into());
    }
    Ok(())
}

/// The library's class options from the command line; `Err` is a usage
/// error.
fn options(mut a: GradeArgs) -> Result<ClassOptions, String> {
    let t = &a.test;
    no_report_files(t)?;
    let scoring = t
        .reports
        .scoring(Some(DEFAULT_POINTS))?
        .ok_or("grade always has points")?;
    Ok(ClassOptions {
        target: t.compiler.target(&t.dialect)?,
        reference: t.compiler.selection().reference()?,
        limits: t.limits.limits(),
        jobs: options::jobs(t.jobs),
        programs: t.programs.programs(),
        reductions: t.reduce.reductions(),
        savings_scoring: t.reports.savings_scoring()?,
        reproduce: t.reports.reproduce.clone(),
        scoring,
        class: submissions(&a),
        shard: a.test.programs.shard.take(),
    })
}

/// The submissions, their build and schedule, and the class's folder.
fn submissions(a: &GradeArgs) -> Submissions {
    Submissions {
        submissions: a.submissions.clone(),
        build: a.build.clone(),
        build_timeout: Duration::from_secs(a.build_timeout),
        parallel: a.parallel,
        class_time_budget: a.class_time_budget.map(Duration::from_secs),
        out_dir: a
            .test
            .reports
            .out_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from("lloracle-grade")),
    }
}

/// Grades the class; 0 when every submission was graded in full (failing
/// tests and failed builds are grades, not errors), 1 when interrupted or
/// when any submission's campaign stopped early, 2 for bad usage or an
/// output folder that cannot be written.
pub fn main(a: GradeArgs) -> u8 {
    options::install_interrupt_handler();
    let usage = |e: String| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    };
    match class::check_isolation(a.isolation == IsolationArg::Required) {
        Ok(Some(warning)) => eprintln!("lloracle: warning: {warning}"),
        Ok(None) => {}
        Err(e) => return usage(e),
    }
    if a.test.compiler.emit == EmitArg::Ll {
        return match front_end(a) {
            Ok(code) => code,
            Err(e) => usage(e),
        };
    }
    let progress_every = Duration::from_secs(a.test.progress_every);
    let s = match options(a).and_then(class::setup) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    print!("{}", s.class.summary());
    let bar = Progress::new(
        s.plan.cases.len() * s.roster.subs.len(),
        "programs (all submissions)",
        progress_every,
    );
    let (ok, errors) = class::grade_all(
        &s,
        &class::Progress {
            each: &|r| bar.tick_result(r),
            many: &|n, failed| bar.tick_many(n, failed),
        },
    );
    bar.finish();
    let files = class::write_class(&s, &ok);
    finish(&ok, &errors, files, &s.count(), &s.roster.out_dir)
}

/// The end of grading a class, whatever the subject: what could not be
/// graded, the class table, what was graded and where the reports are
/// (`files`: the class files written, or why they could not be), and the
/// exit code: 2 when a submission could not be graded or the class files
/// not written, 1 when interrupted or when a submission's campaign
/// stopped early, else 0.
fn finish(
    ok: &[StudentResult],
    errors: &[String],
    files: Result<[(PathBuf, String); 3], String>,
    count: &ClassCount,
    out_dir: &Path,
) -> u8 {
    for e in errors {
        eprintln!("lloracle: cannot grade {e}");
    }
    print!("{}", class_table(ok, &causes(ok), colour_stdout()));
    let files = match files {
        Ok(f) => f,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let (graded, stopped) = class::closing_words(ok, count, out_dir, &files);
    println!("{graded}");
    if let Some(w) = &stopped {
        eprintln!("lloracle: {w}");
    }
    if !errors.is_empty() {
        return EXIT_USAGE;
    }
    u8::from(verdicts::interrupted() || stopped.is_some())
}

/// A class of front ends (`--emit ll`): built, checked on the same Oat
/// tests, the class files written; the exit code.
fn front_end(a: GradeArgs) -> Result<u8, String> {
    let t = &a.test;
    no_report_files(t)?;
    let grading = t.grading(Some(DEFAULT_POINTS), false)?;
    let class = frontend::setup::class(&t.front_end_given()?, submissions(&a), grading)?;
    let bar = Progress::new(
        class.campaign.tests.len() * class.roster.subs.len(),
        "tests (all submissions)",
        Duration::from_secs(t.progress_every),
    );
    let (ok, errors) = frontend::class::grade(&class, &|n, scored| bar.tick_scored(n, scored));
    bar.finish();
    let files = frontend::class::write_class(&class, &ok);
    Ok(finish(
        &ok,
        &errors,
        files,
        &class.count(),
        &class.roster.out_dir,
    ))
}

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
//! shared across the class: `grade/class.rs`). A submission whose build
//! fails is graded as such (score 0), never a crash of grade.
//!
//! Each submission gets its own `--time-budget` (a fresh budget when its
//! campaign starts); `--class-time-budget` bounds the whole class apart.
//! A submission whose campaign stopped early is marked in every report,
//! its programs not reached count as not passed, and grade exits 1.

mod class;

use super::options::CampaignOpts;
use super::progress::{colour_stdout, Progress};
use super::EXIT_USAGE;
use class::{causes, class_csv, class_html, class_table, GroupLine};
use lloracle::harness::budget::Budget;
use lloracle::harness::campaign::{self, write_reports, Limits, Plan, ReportFiles, Resolved};
use lloracle::harness::group::first_error_line;
use lloracle::harness::reference::ReferenceRun;
use lloracle::harness::report::{self, Report, Scoring};
use lloracle::harness::session::Settings;
use lloracle::harness::shard::Shard;
use lloracle::harness::types::{self, slug};
use lloracle::harness::Compiler;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use toolchain::process::{self, Ended};
use toolchain::shell::quote as shell_quote;

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
    #[command(flatten)]
    test: CampaignOpts,
}

/// The per-student folder's files.
const RESULTS: &str = "results.json";

/// How a submission's build went.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
enum Build {
    /// No `--build`.
    NotBuilt,
    /// Built.
    Ok,
    /// The build failed: its status and words (capped).
    Failed(String),
}

/// The points of an assignment when `--points` is not given.
const DEFAULT_POINTS: f64 = 100.0;

/// The first failing run of one category for a student.
#[derive(Clone, Debug, Serialize)]
struct FirstFailure {
    program: String,
    run: String,
    signature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reduced: Option<String>,
}

/// One student's line of the class summary.
#[derive(Clone, Debug, Serialize)]
struct StudentResult {
    student: String,
    folder: String,
    build: Build,
    /// The scaled score (the sum of the Gradescope tests' scores).
    score: f64,
    /// The assignment's points (`--points`).
    max_score: f64,
    /// `score` in percent of `max_score`.
    percent: f64,
    programs: usize,
    runs: usize,
    /// Runs judged (passed + failed).
    judged: usize,
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Runs of programs not reached (count as not passed).
    not_run: usize,
    /// Runs of programs not sent (no equivalent in the dialect).
    not_in_dialect: usize,
    /// Why the campaign stopped before its last program, if it did.
    stopped_early: Option<String>,
    failure_groups: usize,
    /// Runs per verdict (passes included).
    categories: BTreeMap<String, usize>,
    /// Per failing category, its first failure in campaign order.
    first_failures: BTreeMap<String, FirstFailure>,
    /// The failure groups, largest first, each with its example.
    groups: Vec<GroupLine>,
}

/// The submissions: every subdirectory of `dir` not starting with `.`, in
/// name order.
fn submissions(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut subs: Vec<PathBuf> = rd
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    subs.sort();
    if subs.is_empty() {
        return Err(format!(
            "{}: no submissions (one subdirectory per student)",
            dir.display()
        ));
    }
    Ok(subs)
}

/// Each submission's folder name under `--out-dir`: its directory name
/// made file-name-safe, with `-2`, `-3`, ... where two names become one.
fn folders(subs: &[PathBuf]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    subs.iter()
        .map(|sub| {
            let name = sub
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let base = slug(&name);
            let mut folder = base.clone();
            let mut k = 1;
            while !seen.insert(folder.clone()) {
                k += 1;
                folder = format!("{base}-{k}");
            }
            folder
        })
        .collect()
}

/// `cmd` with `{submission}` replaced by the submission's quoted path.
fn for_submission(cmd: &str, sub: &Path) -> String {
    cmd.replace("{submission}", &shell_quote(&sub.to_string_lossy()))
}

/// Runs the build command in `sub`; `Err` is its status and words.
fn build(cmd: &str, sub: &Path, timeout: Duration) -> Result<String, String> {
    let mut c = Command::new("sh");
    c.arg("-c").arg(for_submission(cmd, sub)).current_dir(sub);
    let f = process::run(c, &process::Limits::tool(timeout))
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&f.stdout),
        String::from_utf8_lossy(&f.stderr)
    );
    match f.ended {
        Ended::Exited(0) => Ok(log),
        Ended::Exited(c) => Err(format!("exit {c}\n{log}")),
        Ended::Signaled(s) => Err(format!("signal {s}\n{log}")),
        Ended::OverCap => Err(format!("too much output\n{log}")),
        Ended::TimedOut => Err(format!("ran past {}s\n{log}", timeout.as_secs())),
    }
}

/// The line of the class summary for a checked submission.
fn student_result(
    student: &str,
    folder: &str,
    build: Build,
    r: &Report,
    scoring: &Scoring,
) -> StudentResult {
    let s = r.summary();
    let score = scoring.score(r);
    let mut first_failures = BTreeMap::new();
    for p in &r.programs {
        for run in &p.runs {
            let Some(f) = &run.failure else { continue };
            first_failures
                .entry(run.verdict.clone())
                .or_insert_with(|| FirstFailure {
                    program: p.name.clone(),
                    run: run.run.clone(),
                    signature: f.signature.clone(),
                    reduced: f.reduced.as_ref().and_then(|x| x.saved.clone()),
                });
        }
    }
    StudentResult {
        student: student.to_string(),
        folder: folder.to_string(),
        build,
        score,
        max_score: scoring.points,
        percent: (score * 10000.0 / scoring.points).round() / 100.0,
        programs: s.programs,
        runs: s.runs,
        judged: s.passed + s.failed,
        passed: s.passed,
        failed: s.failed,
        skipped: s.skipped,
        not_run: s.not_run,
        not_in_dialect: s.not_in_dialect,
        stopped_early: r.stopped_early.clone(),
        failure_groups: r.groups().len(),
        categories: s.categories,
        first_failures,
        groups: r.groups().iter().map(GroupLine::of).collect(),
    }
}

/// Writes `text` to `path`, naming the file on failure.
fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Everything one submission needs from the class run.
struct Context<'a> {
    a: &'a GradeArgs,
    class: &'a Resolved,
    reference: Option<&'a ReferenceRun>,
    limits: &'a Limits,
    plan: &'a Plan,
    settings: &'a Settings,
    progress: &'a Progress,
    scoring: &'a Scoring,
    /// The class's own budget (`--class-time-budget`), if any.
    class_budget: Option<&'a Budget>,
}

/// Builds and checks one submission, writing its folder `out`.
fn grade_one(cx: &Context, sub: &Path, out: &Path) -> Result<StudentResult, String> {
    let student = sub
        .file_name()
        .map_or_else(|| sub.display().to_string(), |n| n.to_string_lossy().into());
    let folder = out.display().to_string();
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let start = Instant::now();
    let built = match &cx.a.build {
        None => Build::NotBuilt,
        Some(cmd) => match build(cmd, sub, Duration::from_secs(cx.a.build_timeout)) {
            Ok(log) => {
                write(&out.join("build.log"), &log)?;
                Build::Ok
            }
            Err(words) => {
                write(&out.join("build.log"), &words)?;
                cx.progress.tick_many(cx.plan.cases.len(), true);
                let mut r = not_run_report(cx, "the submission did not build");
                r.elapsed_secs = start.elapsed().as_secs_f64();
                let mut g = report::gradescope(&r);
                let words = report::cap(&words, report::MESSAGE_CAP);
                g["output"] = json!(format!(
                    "The submission did not build; no program was checked (score 0).\n{words}\n\n{}",
                    g["output"].as_str().unwrap_or("")
                ));
                write(&out.join(RESULTS), &g.to_string())?;
                write_others(&r, out)?;
                let failed = Build::Failed(report::cap(&words, 400));
                return Ok(student_result(&student, &folder, failed, &r, cx.scoring));
            }
        },
    };
    if let Some(class) = cx.class_budget.filter(|b| b.exhausted()) {
        let why = class_stop(class);
        cx.progress.tick_many(cx.plan.cases.len(), true);
        let mut r = not_run_report(cx, &format!("not reached: {why}"));
        r.stopped_early = Some(why);
        write_reports(&r, &files(out))?;
        write_others(&r, out)?;
        return Ok(student_result(&student, &folder, built, &r, cx.scoring));
    }
    let mut compiler = cx.class.target.compiler.clone();
    if let Compiler::Command { cmd, .. } | Compiler::Optimiser { cmd } = &mut compiler {
        *cmd = for_submission(cmd, sub);
    }
    // Each submission's own baseline (the dialect is the class's: no
    // probing per student).
    let jobs = cx.settings.jobs;
    let resolved = campaign::resolve(
        cx.class.target.with_compiler(compiler),
        None,
        cx.limits,
        jobs,
    )?;
    let tools = cx.limits.tools(&resolved.target)?;
    let against = resolved.against(cx.reference);
    // Each submission's own budget, starting now; within the class's.
    let mine = cx.limits.time_budget;
    let left = cx.class_budget.map_or(Duration::MAX, Budget::remaining);
    let settings = Settings {
        budget: Arc::new(Budget::new(mine.min(left))),
        ..cx.settings.clone()
    };
    let mut r = campaign::run(
        &against,
        &tools,
        &settings,
        cx.plan.clone(),
        &out.join("failures"),
        &|r| cx.progress.tick_result(r),
    );
    // Checked in `main`: an error here cannot happen.
    r.savings_scoring = cx.a.test.reports.savings_scoring().ok().flatten();
    if let Some(class) = cx.class_budget.filter(|b| b.exhausted() && left < mine) {
        if r.stopped_early.is_some() {
            r.stopped_early = Some(class_stop(class));
        }
    }
    r.scoring = Some(cx.scoring.clone());
    r.reproduce = cx.a.test.reports.reproduce.clone();
    write_reports(&r, &files(out))?;
    write_others(&r, out)?;
    Ok(student_result(&student, &folder, built, &r, cx.scoring))
}

/// Why a submission stopped when the class budget ran out.
fn class_stop(class: &Budget) -> String {
    let secs = class.stopped().map_or(0, |s| match s {
        lloracle::harness::budget::Stop::TimeBudget(d) => d.as_secs(),
        lloracle::harness::budget::Stop::AlwaysTimesOut(_) => 0,
    });
    format!(
        "the class time budget of {secs}s ran out (--class-time-budget); programs not reached were not run"
    )
}

/// The report files of a submission's folder `out`.
fn files(out: &Path) -> ReportFiles {
    ReportFiles {
        json: Some(out.join("report.json")),
        gradescope: Some(out.join(RESULTS)),
        junit: Some(out.join("junit.xml")),
    }
}

/// Writes the JSON and JUnit reports and `report.txt` of `r` in `out`
/// (results.json is written by the caller).
fn write_others(r: &Report, out: &Path) -> Result<(), String> {
    let others = ReportFiles {
        gradescope: None,
        ..files(out)
    };
    write_reports(r, &others)?;
    write(&out.join("report.txt"), &report::text(r, false))
}

/// The report of a submission that was not checked: every program of the
/// plan not run (`why`), those not in the dialect as such; scored like
/// any other so that its tests are the class's.
fn not_run_report(cx: &Context, why: &str) -> Report {
    let plan = cx.plan;
    let index_of = |k: usize| {
        plan.not_sent
            .get(k)
            .and_then(|r| plan.index.get(&r.case.name))
            .copied()
            .unwrap_or(k)
    };
    let mut r = report::build(&plan.not_sent, &[], &cx.class.target.compiler, &index_of);
    r.add_not_run(plan.planned(), why);
    r.scoring = Some(cx.scoring.clone());
    r.reproduce = cx.a.test.reports.reproduce.clone();
    r
}

/// Checks the options; `Err` says what is wrong.
fn validate(a: &GradeArgs) -> Result<(), String> {
    let t = &a.test;
    if t.reports.json.is_some() || t.reports.gradescope.is_some() || t.reports.junit.is_some() {
        return Err("grade writes report.json, results.json and junit.xml into each submission's folder under --out-dir; --json, --gradescope and --junit are for test-compiler".into());
    }
    match t.compiler.compiler()? {
        Compiler::Command { cmd, .. } | Compiler::Optimiser { cmd } => {
            if !cmd.contains("{submission}") {
                return Err(format!(
                    "the command `{cmd}` must contain {{submission}} (each submission's directory), or every student gets the same compiler"
                ));
            }
            Ok(())
        }
        Compiler::Builtin { .. } => {
            Err("grade needs --cmd '... {submission} ... {in} {out}' (or --opt-cmd)".into())
        }
    }
}

/// The class's scoring: `--points` (default [`DEFAULT_POINTS`]) with the
/// `--weight`s, each of which must name a family of `plan`'s programs.
fn class_scoring(a: &GradeArgs, plan: &Plan) -> Result<Scoring, String> {
    let scoring = a
        .test
        .reports
        .scoring(Some(DEFAULT_POINTS))?
        .ok_or("grade always has points")?;
    let unknown = scoring.unknown_weights(
        plan.cases
            .iter()
            .map(|c| c.name.as_str())
            .chain(plan.not_sent.iter().map(|r| r.case.name.as_str())),
    );
    if !unknown.is_empty() {
        let fams: std::collections::BTreeSet<String> = plan
            .cases
            .iter()
            .map(|c| report::scored::family(&c.name))
            .collect();
        return Err(format!(
            "--weight names no family of the programs: {} (the families: {})",
            unknown.join(", "),
            fams.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    Ok(scoring)
}

/// Prints the class table and writes `class.csv`, `class.json` and
/// `class.html` in `out_dir` (students in `ok`, sorted by score); the
/// files written, or the one that could not be.
fn write_class(
    out_dir: &Path,
    ok: &[StudentResult],
    class: &Resolved,
    plan: &Plan,
    scoring: &Scoring,
    shard: Option<Shard>,
) -> Result<[(PathBuf, String); 3], String> {
    let causes = causes(ok);
    print!("{}", class_table(ok, &causes, colour_stdout()));
    let runs: usize = plan.cases.iter().map(|c| c.runs.len()).sum();
    let described = class.target.compiler.describe();
    let json = json!({
        "programs": plan.cases.len(),
        "runs": runs,
        "points": scoring.points,
        "weights": scoring.weights,
        "shard": shard.map(|s| s.to_string()),
        "compiler": described,
        "dialect": class.record(),
        "reference": class.reference.as_ref().map(|r| r.compiler.describe()),
        "submissions": ok,
        "causes": causes,
    });
    let title = format!("{} submissions of {}", ok.len(), described);
    let files = [
        (out_dir.join("class.csv"), class_csv(ok)),
        (out_dir.join("class.json"), json.to_string()),
        (out_dir.join("class.html"), class_html(&title, ok, &causes)),
    ];
    for (p, text) in &files {
        write(p, text)?;
    }
    Ok(files)
}

/// Everything the class is graded with, settled before the first
/// submission is built: the class's dialect (given, or probed once on the
/// reference), the submissions of this shard, the same programs for all,
/// the scoring, the reference's own run, and how many submissions run at
/// once.
struct Setup {
    class: Resolved,
    limits: Limits,
    plan: Plan,
    settings: Settings,
    scoring: Scoring,
    reference: Option<ReferenceRun>,
    class_budget: Option<Budget>,
    subs: Vec<PathBuf>,
    shard: Option<Shard>,
    out_dir: PathBuf,
    parallel: usize,
}

/// Checks the arguments and settles the [`Setup`]; `Err` is a usage error.
fn setup(a: &mut GradeArgs) -> Result<Setup, String> {
    validate(a)?;
    a.test.reports.savings_scoring()?;
    let target = a.test.compiler.target(&a.test.dialect)?;
    let reference = a.test.compiler.reference()?;
    let limits = a.test.limits.limits();
    let jobs = campaign::jobs(a.test.jobs);
    // One dialect for the class: given, or probed once on the reference.
    let class = campaign::resolve_class(target, reference, &limits, jobs)?;
    print!("{}", class.summary());
    // `--shard` splits the submissions here (each machine builds only its
    // own); every submission is checked on all the programs.
    let shard: Option<Shard> = a.test.programs.shard.take();
    let dir = std::fs::canonicalize(&a.submissions)
        .map_err(|e| format!("{}: {e}", a.submissions.display()))?;
    let subs: Vec<PathBuf> = submissions(&dir)?
        .into_iter()
        .enumerate()
        .filter(|(k, _)| shard.is_none_or(|s| s.keeps(*k as u64)))
        .map(|(_, p)| p)
        .collect();
    // Every submission gets the same programs, in the class's dialect.
    let plan = campaign::plan(&a.test.programs.programs(), &class.target)?;
    let out_dir = a
        .test
        .reports
        .out_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("lloracle-grade"));
    lloracle::output::create_dir(&out_dir)?;
    let scoring = class_scoring(a, &plan)?;
    let class_budget = a
        .class_time_budget
        .map(|s| Budget::new(Duration::from_secs(s)));
    let mut settings = campaign::settings(jobs, &limits, &a.test.reduce.reductions());
    let reference = campaign::judge_reference(&class, &limits, &settings, &plan)?;
    let parallel = a
        .parallel
        .unwrap_or(settings.jobs / 2)
        .clamp(1, subs.len().max(1));
    settings.jobs = (settings.jobs / parallel).max(1);
    Ok(Setup {
        class,
        limits,
        plan,
        settings,
        scoring,
        reference,
        class_budget,
        subs,
        shard,
        out_dir,
        parallel,
    })
}

/// Grades every submission of `s`, `s.parallel` at a time: the graded
/// ones sorted by score (then name), and how many could not be graded
/// (their folder could not be written; each is said on stderr).
fn grade_all(a: &GradeArgs, s: &Setup) -> (Vec<StudentResult>, usize) {
    let progress = Progress::new(
        s.plan.cases.len() * s.subs.len(),
        "programs (all submissions)",
        Duration::from_secs(a.test.progress_every),
    );
    let cx = Context {
        a,
        class: &s.class,
        reference: s.reference.as_ref(),
        limits: &s.limits,
        plan: &s.plan,
        settings: &s.settings,
        progress: &progress,
        scoring: &s.scoring,
        class_budget: s.class_budget.as_ref(),
    };
    let folders = folders(&s.subs);
    let grade = |(sub, folder): (&PathBuf, &String)| {
        grade_one(&cx, sub, &s.out_dir.join(folder)).map_err(|e| format!("{folder}: {e}"))
    };
    let rows: Vec<Result<StudentResult, String>> = match rayon::ThreadPoolBuilder::new()
        .num_threads(s.parallel)
        .build()
    {
        Ok(pool) => pool.install(|| s.subs.par_iter().zip(&folders).map(grade).collect()),
        Err(_) => s.subs.iter().zip(&folders).map(grade).collect(),
    };
    progress.finish();
    let mut ok = Vec::new();
    let mut errors = 0;
    for r in rows {
        match r {
            Ok(st) => ok.push(st),
            Err(e) => {
                errors += 1;
                eprintln!("lloracle: {e}");
            }
        }
    }
    ok.sort_by(|x, y| y.score.total_cmp(&x.score).then(x.student.cmp(&y.student)));
    (ok, errors)
}

/// Says what was graded and where the reports are, and names the
/// submissions whose campaign stopped early (`files`: the class files
/// written); true when there were such submissions.
fn say_graded(s: &Setup, ok: &[StudentResult], files: &[(PathBuf, String); 3]) -> bool {
    let runs: usize = s.plan.cases.iter().map(|c| c.runs.len()).sum();
    println!(
        "{} submissions graded, each on the same {} programs ({} runs), scored out of {}; per-student reports in {}/STUDENT/; the class in {}, {} and {}",
        ok.len(),
        s.plan.cases.len(),
        runs,
        s.scoring.points,
        s.out_dir.display(),
        files[0].0.display(),
        files[1].0.display(),
        files[2].0.display()
    );
    let stopped: Vec<&str> = ok
        .iter()
        .filter(|st| st.stopped_early.is_some())
        .map(|st| st.student.as_str())
        .collect();
    if !stopped.is_empty() {
        eprintln!(
            "lloracle: STOPPED EARLY for {} submissions ({}): their programs not reached count as not passed; see their reports",
            stopped.len(),
            stopped.join(", ")
        );
    }
    !stopped.is_empty()
}

/// Grades the class; 0 when every submission was graded in full (failing
/// tests and failed builds are grades, not errors), 1 when interrupted or
/// when any submission's campaign stopped early, 2 for bad usage or an
/// output folder that cannot be written.
pub fn main(mut a: GradeArgs) -> u8 {
    campaign::install_interrupt_handler();
    let usage = |e: String| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    };
    let s = match setup(&mut a) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let (ok, errors) = grade_all(&a, &s);
    let files = match write_class(&s.out_dir, &ok, &s.class, &s.plan, &s.scoring, s.shard) {
        Ok(f) => f,
        Err(e) => return usage(e),
    };
    let stopped = say_graded(&s, &ok, &files);
    if errors > 0 {
        return EXIT_USAGE;
    }
    u8::from(types::interrupted() || stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_distinct_and_csv_fields_quoted() {
        let subs: Vec<PathBuf> = ["x/a b", "y/a-b", "z/c", "w/a?b"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(folders(&subs), ["a-b", "a-b-2", "c", "a-b-3"]);
        assert_eq!(class::csv_field("plain"), "plain");
        assert_eq!(class::csv_field("a, \"b\""), "\"a, \"\"b\"\"\"");
    }
}

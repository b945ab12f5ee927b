//! A class in one run (`lloracle grade`). Every submission (each
//! subdirectory of the submissions folder, in name order) is built (its
//! build command), then checked exactly as `test-compiler` checks one
//! compiler, on the same programs for all (the corpus and the same random
//! seeds: fair), several submissions at once. Each gets its own folder
//! under the output folder (`STUDENT/results.json` for Gradescope,
//! `report.json`, `junit.xml`, `report.txt`, `build.log`, `failures/`),
//! and the class gets a summary (`report::class`: the terminal table,
//! `class.csv`, `class.json` and `class.html`). A submission whose build
//! fails is graded as such (score 0), never a crash of grade.
//!
//! Each submission gets its own time budget (a fresh budget when its
//! campaign starts); the class's own budget bounds the whole class apart.
//! A submission whose campaign stopped early is marked in every report and
//! its programs not reached count as not passed.

use super::budget::Budget;
use super::campaign::{self, write_reports, ReportFiles};
use super::optimiser::SavingsScoring;
use super::options::{Limits, Programs, Reductions};
use super::plan::Plan;
use super::reference::ReferenceRun;
use super::report::class::{
    causes, class_csv, class_html, Build, FirstFailure, GroupLine, StudentResult,
};
use super::report::{self, scored, Report, Scoring};
use super::resolve::Resolved;
use super::session::Settings;
use super::shard::Shard;
use super::target::{Compiler, Target};
use super::threads::on_threads;
use super::verdicts::{slug, CaseResult};
use rayon::prelude::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use toolchain::process::{self, Ended};
use toolchain::shell::quote as shell_quote;

/// The per-student folder's Gradescope file.
pub const RESULTS: &str = "results.json";

/// The submissions of a class and how they are built, scheduled and
/// filed, whatever the subject under test (back end, optimiser, front
/// end).
#[derive(Clone, Debug)]
pub struct Submissions {
    /// The folder of submissions: each subdirectory is one student's.
    pub submissions: PathBuf,
    /// The shell command that builds one submission (`{submission}`: its
    /// folder, where it runs).
    pub build: Option<String>,
    /// Wall-clock limit of one build.
    pub build_timeout: Duration,
    /// Submissions checked at once (default: one per two worker threads).
    pub parallel: Option<usize>,
    /// Wall-clock limit of the whole class (none: each submission has its
    /// own budget only).
    pub class_time_budget: Option<Duration>,
    /// Where the per-student folders and the class files go.
    pub out_dir: PathBuf,
}

/// A class to grade, as the command line settles it.
#[derive(Clone, Debug)]
pub struct ClassOptions {
    /// The submissions, their build and schedule, and the class's folder.
    pub class: Submissions,
    /// The compiler under test (its command names `{submission}`), in the
    /// class's dialect or to be probed.
    pub target: Target,
    /// The course's reference solution, if any (spoken to as the target).
    pub reference: Option<Compiler>,
    /// The limits of every campaign.
    pub limits: Limits,
    /// Worker threads in all.
    pub jobs: usize,
    /// The programs every submission is checked on.
    pub programs: Programs,
    /// The reduction bounds.
    pub reductions: Reductions,
    /// This machine's share of the submissions.
    pub shard: Option<Shard>,
    /// The points and weights.
    pub scoring: Scoring,
    /// For optimisers: how the savings are scored.
    pub savings_scoring: Option<SavingsScoring>,
    /// The course's own recipe to reproduce a failure.
    pub reproduce: Option<String>,
}

/// What a class run tells of its progress: each program judged, and a
/// number of programs at once (a submission that was not checked).
pub struct Progress<'a> {
    /// One program judged.
    pub each: &'a (dyn Fn(&CaseResult) + Sync),
    /// `n` programs done at once, failed or not.
    pub many: &'a (dyn Fn(usize, bool) + Sync),
}

/// Refuses a compiler every student would share: the command must name
/// `{submission}`, and the built-in back end grades no one.
pub fn check_compiler(c: &Compiler) -> Result<(), String> {
    match c {
        Compiler::Command { cmd, .. }
        | Compiler::Optimiser { cmd }
        | Compiler::FrontEnd { cmd } => {
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

/// Finds (once) the confinement this kernel gives submissions
/// (docs/grading.md, "What a submission can and cannot do"): `Ok(None)`
/// when every confinement is in force, else `Ok(Some(words))` saying what
/// is missing, or `Err` when every one is `required` (`--isolation
/// required`).
pub fn check_isolation(required: bool) -> Result<Option<String>, String> {
    let iso = toolchain::isolation();
    let missing = iso.missing();
    if missing.is_empty() {
        return Ok(None);
    }
    let words = format!(
        "submissions are confined by: {} ({})",
        iso.describe(),
        missing.join("; ")
    );
    if required {
        return Err(format!(
            "--isolation required: {words}; see docs/grading.md, \"What a submission can and cannot do\""
        ));
    }
    Ok(Some(words))
}

/// The submissions: every subdirectory of `dir` not starting with `.`, in
/// name order.
pub fn submissions(dir: &Path) -> Result<Vec<PathBuf>, String> {
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
pub fn folders(subs: &[PathBuf]) -> Vec<String> {
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
pub fn for_submission(cmd: &str, sub: &Path) -> String {
    cmd.replace("{submission}", &shell_quote(&sub.to_string_lossy()))
}

/// Runs the build command in `sub`, confined to it and a scratch folder
/// of its own (docs/grading.md, "What a submission can and cannot do");
/// `Err` is its status and words.
pub fn build(cmd: &str, sub: &Path, timeout: Duration) -> Result<String, String> {
    let scratch = tempfile::Builder::new()
        .prefix("lloracle-build")
        .tempdir()
        .map_err(|e| format!("cannot create a scratch folder: {e}"))?;
    let sandbox = toolchain::Sandbox::new(vec![scratch.path().into(), sub.into()], vec![]);
    let mut c = Command::new("sh");
    c.arg("-c").arg(for_submission(cmd, sub)).current_dir(sub);
    let f = process::run_confined(c, &[], &process::Limits::tool(timeout), Some(&sandbox))
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
pub fn student_result(student: &str, folder: &str, build: Build, r: &Report) -> StudentResult {
    let s = r.summary();
    let groups = r.groups();
    let (score, max_score) = report::gradescope_score(r);
    let mut first_failures = BTreeMap::new();
    for p in &r.programs {
        for run in &p.runs {
            let Some(f) = &run.failure else { continue };
            first_failures
                .entry(run.verdict.name().to_string())
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
        max_score,
        percent: if max_score > 0.0 {
            (score * 10000.0 / max_score).round() / 100.0
        } else {
            100.0
        },
        programs: s.programs,
        runs: s.runs,
        judged: s.passed + s.failed,
        passed: s.passed,
        failed: s.failed,
        skipped: s.skipped,
        not_run: s.not_run,
        not_in_dialect: s.not_in_dialect,
        stopped_early: r.stopped_early.clone(),
        failure_groups: groups.len(),
        categories: s.categories,
        first_failures,
        groups: groups.iter().map(GroupLine::of).collect(),
    }
}

/// Writes the folder `out` of a submission whose build failed with `words`
/// (its report `r`: every `what`, a program or a test, not run) and gives
/// its line of the class: score 0, the build's words in results.json.
pub fn not_built(
    r: &Report,
    words: &str,
    out: &Path,
    student: &str,
    folder: &str,
    what: &str,
) -> Result<StudentResult, String> {
    let mut g = report::gradescope(r);
    let words = report::cap(words, report::MESSAGE_CAP);
    g["output"] = json!(format!(
        "The submission did not build; no {what} was checked (score 0).\n{words}\n\n{}",
        g["output"].as_str().unwrap_or("")
    ));
    write(&out.join(RESULTS), &g.to_string())?;
    write_others(r, out)?;
    let failed = Build::Failed(report::cap(&words, 400));
    Ok(student_result(student, folder, failed, r))
}

/// Writes `text` to `path`, naming the file on failure.
pub fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// What a class asks of the subject under test (a back end, an
/// optimiser or a front end), the one part of checking a submission that
/// differs between them; the rest (the build, the budgets, the folders,
/// the reports) is [`Roster::check_all`]'s, the same for all.
pub trait ClassSubject: Sync {
    /// How many programs (or Oat tests) each submission is checked on: the
    /// progress a submission not checked counts at once.
    fn planned(&self) -> usize;
    /// What one of them is called in a report's words (`program`, `test`).
    fn unit(&self) -> &'static str;
    /// The report of a submission that was not checked (it did not build,
    /// or the class's budget ran out before it): everything not run,
    /// `why`, scored like any other so that its tests are the class's.
    fn not_run_report(&self, why: &str) -> Report;
    /// Checks the built submission `sub` within its own time `budget`,
    /// saving its reduced failures under `failures`: its report, graded.
    fn check(&self, sub: &Path, budget: Duration, failures: &Path) -> Result<Report, String>;
}

/// The submissions of a class settled before the first is built,
/// whatever the subject under test: this machine's share of them (in
/// name order), the class's folder (made), their build, how many are
/// checked at once, and the class's own time budget (started when the
/// class is settled).
#[derive(Debug)]
pub struct Roster {
    /// The submissions this machine checks, in name order.
    pub subs: Vec<PathBuf>,
    /// Where the per-student folders and the class files go.
    pub out_dir: PathBuf,
    /// The shell command that builds one submission (`{submission}`).
    pub build: Option<String>,
    /// Wall-clock limit of one build.
    pub build_timeout: Duration,
    /// Submissions checked at once.
    pub parallel: usize,
    /// The class's own budget (`--class-time-budget`), if any.
    pub class_budget: Option<Budget>,
    /// This machine's share of the submissions (`--shard I/N`).
    pub shard: Option<Shard>,
}

impl Roster {
    /// Settles the submissions of `c` for this machine (`shard`), with
    /// `jobs` worker threads in all: the folder read (its shard's
    /// subfolders), the class's folder made, one submission at once per
    /// two threads unless `c` says (at least one, at most one per
    /// submission), the class's budget started.
    pub fn settle(c: &Submissions, shard: Option<Shard>, jobs: usize) -> Result<Roster, String> {
        let subs = submissions_of_shard(&c.submissions, shard)?;
        crate::output::create_dir(&c.out_dir)?;
        let parallel = c.parallel.unwrap_or(jobs / 2).clamp(1, subs.len().max(1));
        Ok(Roster {
            subs,
            out_dir: c.out_dir.clone(),
            build: c.build.clone(),
            build_timeout: c.build_timeout,
            parallel,
            class_budget: c.class_time_budget.map(Budget::new),
            shard,
        })
    }

    /// The worker threads each submission's campaign gets of `jobs`.
    pub fn jobs_each(&self, jobs: usize) -> usize {
        (jobs / self.parallel).max(1)
    }

    /// Checks every submission as `subject` checks it, each within its
    /// own `time_budget` (and the class's), `parallel` at a time; `many`
    /// is told of the programs (or tests) of a submission not checked.
    /// The graded ones sorted by score (then name), and what could not be
    /// graded (the folder and why).
    pub fn check_all(
        &self,
        subject: &dyn ClassSubject,
        time_budget: Duration,
        many: &(dyn Fn(usize, bool) + Sync),
    ) -> (Vec<StudentResult>, Vec<String>) {
        let run = ClassRun {
            roster: self,
            time_budget,
            many,
        };
        let folders = folders(&self.subs);
        let one = |(sub, folder): (&PathBuf, &String)| {
            check_submission(&run, subject, sub, &self.out_dir.join(folder))
                .map_err(|e| format!("{folder}: {e}"))
        };
        let rows: Vec<Result<StudentResult, String>> = on_threads(self.parallel, || {
            self.subs.par_iter().zip(&folders).map(one).collect()
        });
        let (mut ok, mut errors) = (Vec::new(), Vec::new());
        for r in rows {
            match r {
                Ok(st) => ok.push(st),
                Err(e) => errors.push(e),
            }
        }
        ok.sort_by(|x, y| y.score.total_cmp(&x.score).then(x.student.cmp(&y.student)));
        (ok, errors)
    }
}

/// Builds and checks one submission `sub` as `subject` checks it, writing
/// its folder `out` (build.log, the reports, failures/): its line of the
/// class. A submission that does not build, or that the class's budget
/// does not reach, is graded as such (every test not run).
fn check_submission(
    run: &ClassRun,
    subject: &dyn ClassSubject,
    sub: &Path,
    out: &Path,
) -> Result<StudentResult, String> {
    let student = sub
        .file_name()
        .map_or_else(|| sub.display().to_string(), |n| n.to_string_lossy().into());
    let folder = out.display().to_string();
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let start = Instant::now();
    let built = match &run.roster.build {
        None => Build::NotBuilt,
        Some(cmd) => match build(cmd, sub, run.roster.build_timeout) {
            Ok(log) => {
                write(&out.join("build.log"), &log)?;
                Build::Ok
            }
            Err(words) => {
                write(&out.join("build.log"), &words)?;
                (run.many)(subject.planned(), true);
                let mut r = subject.not_run_report("the submission did not build");
                r.elapsed_secs = start.elapsed().as_secs_f64();
                return not_built(&r, &words, out, &student, &folder, subject.unit());
            }
        },
    };
    let class_budget = run.roster.class_budget.as_ref();
    if let Some(class) = class_budget.filter(|b| b.exhausted()) {
        let why = class_stop(class);
        (run.many)(subject.planned(), true);
        let mut r = subject.not_run_report(&format!("not reached: {why}"));
        r.stopped_early = Some(why);
        write_reports(&r, &files(out))?;
        write_others(&r, out)?;
        return Ok(student_result(&student, &folder, built, &r));
    }
    // Each submission's own budget, starting now; within the class's.
    let left = class_budget.map_or(Duration::MAX, Budget::remaining);
    let mut r = subject.check(sub, run.time_budget.min(left), &out.join("failures"))?;
    if let Some(class) = class_budget.filter(|b| b.exhausted() && left < run.time_budget) {
        if r.stopped_early.is_some() {
            r.stopped_early = Some(class_stop(class));
        }
    }
    write_reports(&r, &files(out))?;
    write_others(&r, out)?;
    Ok(student_result(&student, &folder, built, &r))
}

/// What checking one submission is given, whatever its subject: the
/// class's roster (build, class budget), the submission's own budget, and
/// the progress of a submission not checked.
struct ClassRun<'a> {
    roster: &'a Roster,
    /// Each submission's own budget (`--time-budget`).
    time_budget: Duration,
    /// `n` programs (or tests) done at once, failed or not.
    many: &'a (dyn Fn(usize, bool) + Sync),
}

/// The submissions of `dir` this machine checks: every one ([`submissions`])
/// without a shard, else the shard's share, in name order.
fn submissions_of_shard(dir: &Path, shard: Option<Shard>) -> Result<Vec<PathBuf>, String> {
    let dir = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(submissions(&dir)?
        .into_iter()
        .enumerate()
        .filter(|(k, _)| shard.is_none_or(|s| s.keeps(*k as u64)))
        .map(|(_, p)| p)
        .collect())
}

/// What `class.json` records of a class beside its students, the same
/// for every subject under test (back end, optimiser, front end): how
/// many programs (or Oat tests) and runs each submission was checked on,
/// the scoring, this machine's shard, the compiler (as its command names
/// `{submission}`), the reference, how submissions were confined, and
/// the course as the subject knows it.
#[derive(Clone, Debug)]
pub struct ClassRecord {
    /// The programs (or Oat tests) each submission was checked on.
    pub programs: usize,
    /// Their runs.
    pub runs: usize,
    /// The points and weights (`None`: not scored with points).
    pub scoring: Option<Scoring>,
    /// This machine's share of the submissions.
    pub shard: Option<Shard>,
    /// The compiler under test, described.
    pub compiler: String,
    /// The reference solution, described (`None`: none).
    pub reference: Option<String>,
    /// Whether the subject is a front end (its tests are Oat tests).
    pub front_end: bool,
    /// The course as the subject knows it, under its key: a back end's
    /// `dialect`, a front end's `runtime`.
    pub course: (&'static str, serde_json::Value),
}

/// Writes `class.csv`, `class.json` (`record` and the students) and
/// `class.html` (titled by the compiler) in `out_dir` for the students
/// `ok`, sorted by score; the files written, or the one that could not
/// be. The terminal table is `report::class::class_table`.
pub fn write_class_files(
    out_dir: &Path,
    record: &ClassRecord,
    ok: &[StudentResult],
) -> Result<[(PathBuf, String); 3], String> {
    let causes = causes(ok);
    let mut json = json!({
        "programs": record.programs,
        "runs": record.runs,
        "points": record.scoring.as_ref().map(|s| s.points),
        "weights": record.scoring.as_ref().map(|s| &s.weights),
        "shard": record.shard.map(|s| s.to_string()),
        "compiler": record.compiler,
        "reference": record.reference,
        "front_end": record.front_end,
        "isolation": toolchain::isolation().describe(),
        "submissions": ok,
        "causes": causes,
    });
    json[record.course.0] = record.course.1.clone();
    let title = format!("{} submissions of {}", ok.len(), record.compiler);
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

/// What every submission of a class was checked on, whatever the
/// subject: its programs (or Oat tests) and their runs, and the points it
/// is scored out of.
#[derive(Clone, Debug)]
pub struct ClassCount {
    /// What the items are called: `programs` or `tests`.
    pub what: &'static str,
    /// How many.
    pub items: usize,
    /// Their runs.
    pub runs: usize,
    /// The points every submission is scored out of (`None`: no points).
    pub points: Option<f64>,
}

/// The closing words of a graded class, whatever the subject: what was
/// graded (the students `ok`, each on `count`) and where the reports are
/// (`out_dir`, the class `files`); and, when some submissions' campaigns
/// stopped early, the warning naming them (their items not reached count
/// as not passed).
pub fn closing_words(
    ok: &[StudentResult],
    count: &ClassCount,
    out_dir: &Path,
    files: &[(PathBuf, String); 3],
) -> (String, Option<String>) {
    let mut on = format!("{} {} ({} runs)", count.items, count.what, count.runs);
    if let Some(p) = count.points {
        on.push_str(&format!(", scored out of {p}"));
    }
    let graded = format!(
        "{} submissions graded, each on the same {on}; per-student reports in {}/STUDENT/; the class in {}, {} and {}",
        ok.len(),
        out_dir.display(),
        files[0].0.display(),
        files[1].0.display(),
        files[2].0.display()
    );
    let stopped: Vec<&str> = (ok.iter())
        .filter(|st| st.stopped_early.is_some())
        .map(|st| st.student.as_str())
        .collect();
    let warning = (!stopped.is_empty()).then(|| {
        format!(
            "STOPPED EARLY for {} submissions ({}): their {} not reached count as not passed; see their reports",
            stopped.len(),
            stopped.join(", "),
            count.what
        )
    });
    (graded, warning)
}

/// Everything a back end's or an optimiser's submission needs from the
/// class run.
struct Context<'a> {
    opts: &'a ClassOptions,
    class: &'a Resolved,
    reference: Option<&'a ReferenceRun>,
    limits: &'a Limits,
    plan: &'a Plan,
    settings: &'a Settings,
    progress: &'a Progress<'a>,
    scoring: &'a Scoring,
}

impl Context<'_> {
    /// How every report of the class is graded and explained.
    fn grading(&self) -> super::report::Grading {
        super::report::Grading {
            scoring: Some(self.scoring.clone()),
            savings: self.opts.savings_scoring,
            reproduce: self.opts.reproduce.clone(),
        }
    }
}

impl ClassSubject for Context<'_> {
    fn planned(&self) -> usize {
        self.plan.cases.len()
    }

    fn unit(&self) -> &'static str {
        "program"
    }

    /// Every program of the plan not run (`why`), those not in the
    /// dialect as such.
    fn not_run_report(&self, why: &str) -> Report {
        let plan = self.plan;
        let index_of = |k: usize| {
            plan.not_sent
                .get(k)
                .and_then(|r| plan.index.get(&r.case.name))
                .copied()
                .unwrap_or(k)
        };
        let mut r = report::build(&plan.not_sent, &[], &self.class.target.compiler, &index_of);
        r.add_not_run(plan.planned(), why);
        r.grade_with(&self.grading());
        r
    }

    /// The submission's own compiler (its command naming `sub`), resolved
    /// in the class's dialect (no probing per student), confined to its
    /// folder, and the campaign over the class's plan.
    fn check(&self, sub: &Path, budget: Duration, failures: &Path) -> Result<Report, String> {
        let mut compiler = self.class.target.compiler.clone();
        if let Compiler::Command { cmd, .. }
        | Compiler::Optimiser { cmd }
        | Compiler::FrontEnd { cmd } = &mut compiler
        {
            *cmd = for_submission(cmd, sub);
        }
        let jobs = self.settings.jobs;
        // Every process of this submission is confined to its own folders
        // (docs/grading.md, "What a submission can and cannot do").
        let limits = Limits {
            confine_to: Some(sub.to_path_buf()),
            ..self.limits.clone()
        };
        let resolved = super::resolve::resolve(
            self.class.target.with_compiler(compiler),
            None,
            &limits,
            jobs,
        )?;
        let tools = limits.tools(&resolved.target)?;
        let against = resolved.against(self.reference);
        let settings = Settings {
            budget: Arc::new(Budget::new(budget)),
            ..self.settings.clone()
        };
        Ok(campaign::run(
            &against,
            &tools,
            &settings,
            self.plan.clone(),
            failures,
            &self.grading(),
            self.progress.each,
        ))
    }
}

/// Why a submission stopped when the class budget ran out.
pub fn class_stop(class: &Budget) -> String {
    let secs = class.stopped().map_or(0, |s| match s {
        super::budget::Stop::TimeBudget(d) => d.as_secs(),
        super::budget::Stop::AlwaysTimesOut(_) => 0,
    });
    format!(
        "the class time budget of {secs}s ran out (--class-time-budget); programs not reached were not run"
    )
}

/// The report files of a submission's folder `out`.
pub fn files(out: &Path) -> ReportFiles {
    ReportFiles {
        json: Some(out.join("report.json")),
        gradescope: Some(out.join(RESULTS)),
        junit: Some(out.join("junit.xml")),
    }
}

/// Writes the JSON and JUnit reports and `report.txt` of `r` in `out`
/// (results.json is written by the caller).
pub fn write_others(r: &Report, out: &Path) -> Result<(), String> {
    let others = ReportFiles {
        gradescope: None,
        ..files(out)
    };
    write_reports(r, &others)?;
    write(&out.join("report.txt"), &report::text(r, false))
}

/// The class's scoring (`--points`, 100 unless given, with the
/// `--weight`s), refused before any submission is built when a weight
/// names no family of the programs (or Oat tests) named `names`, with
/// the families there are.
pub fn check_weights<'a>(
    scoring: Scoring,
    names: impl Iterator<Item = &'a str> + Clone,
) -> Result<Scoring, String> {
    let unknown = scoring.unknown_weights(names.clone());
    if !unknown.is_empty() {
        let fams: std::collections::BTreeSet<String> = names.map(scored::family).collect();
        return Err(format!(
            "--weight names no family of the programs: {} (the families: {})",
            unknown.join(", "),
            fams.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    Ok(scoring)
}

/// Writes the class files of `c` ([`write_class_files`]) for the graded
/// students `ok`.
pub fn write_class(c: &Class, ok: &[StudentResult]) -> Result<[(PathBuf, String); 3], String> {
    let record = ClassRecord {
        programs: c.plan.cases.len(),
        runs: c.runs(),
        scoring: Some(c.scoring.clone()),
        shard: c.roster.shard,
        compiler: c.class.target.compiler.describe(),
        reference: c.class.reference.as_ref().map(|r| r.compiler.describe()),
        front_end: false,
        course: ("dialect", c.class.record().unwrap_or_default()),
    };
    write_class_files(&c.roster.out_dir, &record, ok)
}

/// Everything the class is graded with, settled before the first
/// submission is built: the class's dialect (given, or probed once on the
/// reference), the submissions of this shard, the same programs for all,
/// the scoring, the reference's own run, and how many submissions run at
/// once.
pub struct Class {
    /// The class's resolved target (its dialect given or probed once).
    pub class: Resolved,
    limits: Limits,
    /// The programs every submission is checked on.
    pub plan: Plan,
    settings: Settings,
    /// The scoring of every submission.
    pub scoring: Scoring,
    reference: Option<ReferenceRun>,
    /// The submissions of this shard, their build, the class's folder and
    /// budget.
    pub roster: Roster,
    opts: ClassOptions,
}

/// Settles the [`Class`] for `opts`: the class's dialect (given, or
/// probed once on the reference), the submissions of this shard, the same
/// programs for all, the scoring, the reference's own run, and how many
/// submissions run at once. `Err` is a usage error.
pub fn setup(mut opts: ClassOptions) -> Result<Class, String> {
    check_compiler(&opts.target.compiler)?;
    let limits = opts.limits.clone();
    let jobs = opts.jobs;
    // One dialect for the class: given, or probed once on the reference.
    let class =
        super::resolve::resolve_class(opts.target.clone(), opts.reference.take(), &limits, jobs)?;
    // `--shard` splits the submissions here (each machine builds only its
    // own); every submission is checked on all the programs.
    let roster = Roster::settle(&opts.class, opts.shard, jobs)?;
    // Every submission gets the same programs, in the class's dialect.
    let plan = super::plan::plan(&opts.programs, &class.target)?;
    let names = (plan.cases.iter().map(|c| c.name.as_str()))
        .chain(plan.not_sent.iter().map(|r| r.case.name.as_str()));
    let scoring = check_weights(opts.scoring.clone(), names)?;
    let mut settings = super::options::session(jobs, &limits, &opts.reductions);
    let reference = super::resolve::judge_reference(&class, &limits, &settings, &plan)?;
    settings.jobs = roster.jobs_each(settings.jobs);
    Ok(Class {
        class,
        limits,
        plan,
        settings,
        scoring,
        reference,
        roster,
        opts,
    })
}

/// Grades every submission of `s`, `s.roster.parallel` at a time, telling
/// `progress` of each program judged: the graded ones sorted by score
/// (then name), and what could not be graded (their folder could not be
/// written: the folder and why).
pub fn grade_all(s: &Class, progress: &Progress) -> (Vec<StudentResult>, Vec<String>) {
    let subject = Context {
        opts: &s.opts,
        class: &s.class,
        reference: s.reference.as_ref(),
        limits: &s.limits,
        plan: &s.plan,
        settings: &s.settings,
        progress,
        scoring: &s.scoring,
    };
    s.roster
        .check_all(&subject, s.limits.time_budget, progress.many)
}

impl Class {
    /// The total runs of the plan (every submission's).
    pub fn runs(&self) -> usize {
        self.plan.cases.iter().map(|c| c.runs.len()).sum()
    }

    /// What every submission is checked on.
    pub fn count(&self) -> ClassCount {
        ClassCount {
            what: "programs",
            items: self.plan.cases.len(),
            runs: self.runs(),
            points: Some(self.scoring.points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::report::class::csv_field;

    #[test]
    fn folders_are_distinct_and_csv_fields_quoted() {
        let subs: Vec<PathBuf> = ["x/a b", "y/a-b", "z/c", "w/a?b"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(folders(&subs), ["a-b", "a-b-2", "c", "a-b-3"]);
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a, \"b\""), "\"a, \"\"b\"\"\"");
    }
}

//! A class of front ends in one run (`lloracle grade SUBS --emit ll`):
//! every submission built, then checked on the same Oat tests and
//! generated programs (the reference solution's view of each test computed
//! once for all), each with its own folder of reports, and the class's
//! files (`class.csv`, `class.json`, `class.html`), as for back ends
//! (`harness::class`, whose per-submission steps it shares).

use super::campaign::{self, FrontEndCampaign};
use super::reference::{runs_of, RefTest};
use crate::harness::budget::Budget;
use crate::harness::campaign::write_reports;
use crate::harness::class::{
    build, class_stop, files, folders, for_submission, not_built, student_result, submissions,
    write, write_others,
};
use crate::harness::compiler::Tools;
use crate::harness::course::Course;
use crate::harness::report::class::{causes, class_csv, class_html, Build, StudentResult};
use crate::harness::report::{Grading, Report, Scored};
use crate::harness::shard::Shard;
use rayon::prelude::*;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A class of front ends to grade.
#[derive(Clone, Debug)]
pub struct FrontEndClass {
    /// The folder of submissions (each subdirectory one student's).
    pub submissions: PathBuf,
    /// The build command (`{submission}`: the folder, where it runs).
    pub build: Option<String>,
    /// Wall-clock limit of one build.
    pub build_timeout: Duration,
    /// Submissions checked at once.
    pub parallel: usize,
    /// The campaign every submission gets; its command names
    /// `{submission}`.
    pub campaign: FrontEndCampaign,
    /// The course (runtime, entry) and the limits, as tools are made.
    pub course: Course,
    /// Wall-clock limit of one compile or run.
    pub timeout: Duration,
    /// The oracle's fuel.
    pub fuel: u64,
    /// Where the per-student folders and the class files go.
    pub out_dir: PathBuf,
    /// How every report is scored and explained.
    pub grading: Grading,
    /// The wall-clock limit of the whole class (`--class-time-budget`;
    /// none: each submission has its own `--time-budget` only): a
    /// submission not started when it runs out is not checked, and is
    /// marked so.
    pub class_time_budget: Option<Duration>,
    /// This machine's part of the submissions (`--shard I/N`, in name
    /// order), as for back ends.
    pub shard: Option<Shard>,
}

/// Fresh tools for the class's course.
fn tools(c: &FrontEndClass) -> Result<Tools, String> {
    let mut t = Tools::with(c.course.clone(), None, c.timeout)?;
    t.oracle.fuel = c.fuel;
    Ok(t)
}

/// What grading a class gives: the graded submissions sorted by score
/// (then name), what could not be graded (folder and why), and the class
/// files written (path, text).
pub type Graded = (Vec<StudentResult>, Vec<String>, [(PathBuf, String); 3]);

/// Grades every submission: the graded ones sorted by score (then name),
/// what could not be graded, and the class files written. `tick(n,
/// scored)` is told of tests done and how they count.
pub fn grade(c: &FrontEndClass, tick: &(dyn Fn(usize, Scored) + Sync)) -> Result<Graded, String> {
    if !c.campaign.cmd.contains("{submission}") {
        return Err(format!(
            "the command `{}` must contain {{submission}} (each submission's directory), or every student gets the same compiler",
            c.campaign.cmd
        ));
    }
    let dir = std::fs::canonicalize(&c.submissions)
        .map_err(|e| format!("{}: {e}", c.submissions.display()))?;
    let subs: Vec<PathBuf> = submissions(&dir)?
        .into_iter()
        .enumerate()
        .filter(|(k, _)| c.shard.is_none_or(|s| s.keeps(*k as u64)))
        .map(|(_, s)| s)
        .collect();
    let class_budget = c.class_time_budget.map(Budget::new);
    crate::output::create_dir(&c.out_dir)?;
    let refs = campaign::references(&c.campaign, &tools(c)?);
    let folders = folders(&subs);
    let per = FrontEndCampaign {
        jobs: (c.campaign.jobs / c.parallel.max(1)).max(1),
        ..c.campaign.clone()
    };
    let grade_one = |(sub, folder): (&PathBuf, &String)| {
        let cx = One {
            class: c,
            per: &per,
            refs: refs.as_deref(),
            class_budget: class_budget.as_ref(),
            tick,
        };
        one(&cx, sub, &c.out_dir.join(folder)).map_err(|e| format!("{folder}: {e}"))
    };
    let rows: Vec<Result<StudentResult, String>> = match rayon::ThreadPoolBuilder::new()
        .num_threads(c.parallel.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| subs.par_iter().zip(&folders).map(grade_one).collect()),
        Err(_) => subs.iter().zip(&folders).map(grade_one).collect(),
    };
    let (mut ok, mut errors) = (Vec::new(), Vec::new());
    for r in rows {
        match r {
            Ok(st) => ok.push(st),
            Err(e) => errors.push(e),
        }
    }
    ok.sort_by(|x, y| y.score.total_cmp(&x.score).then(x.student.cmp(&y.student)));
    let files = write_class(c, &ok)?;
    Ok((ok, errors, files))
}

/// What checking one submission needs from the class run.
struct One<'a> {
    class: &'a FrontEndClass,
    /// The campaign each submission gets (its share of the threads).
    per: &'a FrontEndCampaign,
    refs: Option<&'a [RefTest]>,
    /// The class's own budget (`--class-time-budget`), if any.
    class_budget: Option<&'a Budget>,
    tick: &'a (dyn Fn(usize, Scored) + Sync),
}

/// Builds and checks one submission, writing its folder `out`.
fn one(cx: &One, sub: &Path, out: &Path) -> Result<StudentResult, String> {
    let (c, per, refs, tick) = (cx.class, cx.per, cx.refs, cx.tick);
    let student = sub
        .file_name()
        .map_or_else(|| sub.display().to_string(), |n| n.to_string_lossy().into());
    let folder = out.display().to_string();
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let built = match &c.build {
        None => Build::NotBuilt,
        Some(cmd) => match build(cmd, sub, c.build_timeout) {
            Ok(log) => {
                write(&out.join("build.log"), &log)?;
                Build::Ok
            }
            Err(words) => {
                write(&out.join("build.log"), &words)?;
                tick(per.tests.len(), Scored::Failed);
                let r = not_run_report(c, refs, "the submission did not build");
                return not_built(&r, &words, out, &student, &folder, "test");
            }
        },
    };
    if let Some(class) = cx.class_budget.filter(|b| b.exhausted()) {
        let why = class_stop(class);
        tick(per.tests.len(), Scored::Failed);
        let mut r = not_run_report(c, refs, &format!("not reached: {why}"));
        r.stopped_early = Some(why);
        write_reports(&r, &files(out))?;
        write_others(&r, out)?;
        return Ok(student_result(&student, &folder, built, &r));
    }
    // Each submission's own budget, starting now; within the class's.
    let left = cx.class_budget.map_or(Duration::MAX, Budget::remaining);
    let mine = FrontEndCampaign {
        cmd: for_submission(&per.cmd, sub),
        time_budget: per.time_budget.min(left),
        ..per.clone()
    };
    // Its front end and the programs it builds are confined to its own
    // folders (docs/grading.md, "What a submission can and cannot do").
    let mut confined = tools(c)?;
    confined.confine_to(sub);
    let mut r = campaign::run_with(
        &mine,
        &confined,
        refs,
        &out.join("failures"),
        &c.grading,
        &|scored| tick(1, scored),
    );
    if let Some(class) = cx
        .class_budget
        .filter(|b| b.exhausted() && left < per.time_budget)
    {
        if r.stopped_early.is_some() {
            r.stopped_early = Some(class_stop(class));
        }
    }
    write_reports(&r, &files(out))?;
    write_others(&r, out)?;
    Ok(student_result(&student, &folder, built, &r))
}

/// The report of a submission that was not checked (it did not build, or
/// the class's budget ran out before it): every test not run (`why`), so
/// that its tests and points are the class's.
fn not_run_report(c: &FrontEndClass, refs: Option<&[RefTest]>, why: &str) -> Report {
    let planned = c
        .campaign
        .tests
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let runs = runs_of(t, refs.and_then(|r| r.get(k)))
                .into_iter()
                .map(|r| (r.name, r.args))
                .collect();
            (t.path.to_string_lossy().into_owned(), k, runs)
        })
        .collect();
    let mut r = Report {
        compiler: crate::harness::Compiler::FrontEnd {
            cmd: c.campaign.cmd.clone(),
        }
        .describe(),
        front_end: true,
        ..Report::default()
    };
    r.add_not_run(planned, why);
    r.grade_with(&c.grading);
    r
}

/// Writes `class.csv`, `class.json` and `class.html` in the class's
/// folder.
fn write_class(c: &FrontEndClass, ok: &[StudentResult]) -> Result<[(PathBuf, String); 3], String> {
    let causes = causes(ok);
    let described = crate::harness::Compiler::FrontEnd {
        cmd: c.campaign.cmd.clone(),
    }
    .describe();
    let runs: usize = c
        .campaign
        .tests
        .iter()
        .map(|t| t.expectation.runs.len().max(1))
        .sum();
    let json = json!({
        "programs": c.campaign.tests.len(),
        "runs": runs,
        "points": c.grading.scoring.as_ref().map(|s| s.points),
        "compiler": described,
        "front_end": true,
        "runtime": c.course.record(),
        "reference": c.campaign.reference,
        "submissions": ok,
        "causes": causes,
    });
    let title = format!("{} submissions of {}", ok.len(), described);
    let files = [
        (c.out_dir.join("class.csv"), class_csv(ok)),
        (c.out_dir.join("class.json"), json.to_string()),
        (
            c.out_dir.join("class.html"),
            class_html(&title, ok, &causes),
        ),
    ];
    for (p, text) in &files {
        write(p, text)?;
    }
    Ok(files)
}

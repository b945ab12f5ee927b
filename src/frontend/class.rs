//! A class of front ends in one run (`lloracle grade SUBS --emit ll`):
//! every submission built, then checked on the same Oat tests and
//! generated programs (the reference solution's view of each test computed
//! once for all), each with its own folder of reports, and the class's
//! files (`class.csv`, `class.json`, `class.html`), as for back ends
//! (`harness::class`, whose per-submission steps it shares).

use super::campaign::{self, FrontEndCampaign};
use super::reference::{runs_of, RefTest};
use super::subject::references;
use crate::harness::budget::Budget;
use crate::harness::class::{
    check_compiler, check_each, for_submission, submissions_of_shard, write_class_files, ClassRun,
    ClassSubject,
};
use crate::harness::compiler::Tools;
use crate::harness::course::Course;
use crate::harness::report::class::{causes, StudentResult};
use crate::harness::report::{Grading, Report, Scored};
use crate::harness::session::Settings;
use crate::harness::shard::Shard;
use crate::harness::Compiler;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
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

impl FrontEndClass {
    /// How many submissions this machine checks (those of its shard; 1
    /// when the folder cannot be read, which [`grade`] then reports).
    pub fn submissions_checked(&self) -> usize {
        std::fs::canonicalize(&self.submissions)
            .ok()
            .and_then(|d| crate::harness::class::submissions(&d).ok())
            .map_or(1, |s| {
                (0..s.len() as u64)
                    .filter(|k| self.shard.is_none_or(|sh| sh.keeps(*k)))
                    .count()
            })
    }
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
    check_compiler(&Compiler::FrontEnd {
        cmd: c.campaign.cmd.clone(),
    })?;
    let subs = submissions_of_shard(&c.submissions, c.shard)?;
    let class_budget = c.class_time_budget.map(Budget::new);
    crate::output::create_dir(&c.out_dir)?;
    let refs = references(&c.campaign, &tools(c)?);
    let per = FrontEndCampaign {
        settings: Settings {
            jobs: (c.campaign.settings.jobs / c.parallel.max(1)).max(1),
            ..c.campaign.settings.clone()
        },
        ..c.campaign.clone()
    };
    let subject = Subject {
        class: c,
        per: &per,
        refs: refs.as_deref(),
        tick,
    };
    let run = ClassRun {
        build: c.build.as_deref(),
        build_timeout: c.build_timeout,
        time_budget: per.settings.budget.total(),
        class_budget: class_budget.as_ref(),
        many: &|n, _| tick(n, Scored::Failed),
    };
    let (ok, errors) = check_each(&run, &subject, &subs, &c.out_dir, c.parallel);
    let files = write_class(c, &ok)?;
    Ok((ok, errors, files))
}

/// A front end as the subject of a class: what checking one submission
/// needs from the class run.
struct Subject<'a> {
    class: &'a FrontEndClass,
    /// The campaign each submission gets (its share of the threads).
    per: &'a FrontEndCampaign,
    refs: Option<&'a [RefTest]>,
    tick: &'a (dyn Fn(usize, Scored) + Sync),
}

impl ClassSubject for Subject<'_> {
    fn planned(&self) -> usize {
        self.per.tests.len()
    }

    fn unit(&self) -> &'static str {
        "test"
    }

    fn not_run_report(&self, why: &str) -> Report {
        not_run_report(self.class, self.refs, why)
    }

    /// The submission's own front end (the command naming `sub`),
    /// confined to its folders, on the class's tests.
    fn check(&self, sub: &Path, budget: Duration, failures: &Path) -> Result<Report, String> {
        let mine = FrontEndCampaign {
            cmd: for_submission(&self.per.cmd, sub),
            settings: Settings {
                budget: Arc::new(Budget::new(budget)),
                ..self.per.settings.clone()
            },
            ..self.per.clone()
        };
        // Its front end and the programs it builds are confined to its own
        // folders (docs/grading.md, "What a submission can and cannot do").
        let mut confined = tools(self.class)?;
        confined.confine_to(sub);
        Ok(campaign::run_with(
            &mine,
            &confined,
            self.refs,
            failures,
            &self.class.grading,
            &|scored| (self.tick)(1, scored),
        ))
    }
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
    write_class_files(&c.out_dir, &described, ok, &causes, &json)
}

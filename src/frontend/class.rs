//! A class of front ends in one run (`lloracle grade SUBS --emit ll`):
//! every submission built, then checked on the same Oat tests and
//! generated programs (the reference solution's view of each test computed
//! once for all), each with its own folder of reports, and the class's
//! files (`class.csv`, `class.json`, `class.html`), as for back ends
//! (`harness::class`, whose per-submission steps it shares).

use super::campaign::{self, FrontEndCampaign};
use super::reference::{runs_of, RefTest};
use crate::harness::budget::Budget;
use crate::harness::class::{
    for_submission, write_class_files, ClassCount, ClassRecord, ClassSubject, Roster,
};
use crate::harness::compiler::Tools;
use crate::harness::course::Course;
use crate::harness::report::class::StudentResult;
use crate::harness::report::{Grading, Report, Scored};
use crate::harness::session::Settings;
use crate::harness::Compiler;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A class of front ends to grade, settled before the first submission
/// is built.
#[derive(Debug)]
pub struct FrontEndClass {
    /// The submissions of this shard, their build, the class's folder and
    /// budget (as for back ends).
    pub roster: Roster,
    /// The reference solution's view of every test (parallel to the
    /// campaign's tests), judged once for the class before the first
    /// submission; `None` without a reference.
    pub refs: Option<Vec<RefTest>>,
    /// The campaign every submission gets; its command names
    /// `{submission}`, its threads are each submission's share.
    pub campaign: FrontEndCampaign,
    /// The course (runtime, entry) and the limits, as tools are made.
    pub course: Course,
    /// Wall-clock limit of one compile or run.
    pub timeout: Duration,
    /// The oracle's fuel.
    pub fuel: u64,
    /// How every report is scored and explained.
    pub grading: Grading,
}

impl FrontEndClass {
    /// The runs of every submission: each test's, at least one.
    pub fn runs(&self) -> usize {
        (self.campaign.tests.iter())
            .map(|t| t.expectation.runs.len().max(1))
            .sum()
    }

    /// What every submission is checked on.
    pub fn count(&self) -> ClassCount {
        ClassCount {
            what: "tests",
            items: self.campaign.tests.len(),
            runs: self.runs(),
            points: self.grading.scoring.as_ref().map(|s| s.points),
        }
    }
}

/// Fresh tools for the class's course.
fn tools(c: &FrontEndClass) -> Result<Tools, String> {
    let mut t = Tools::with(c.course.clone(), None, c.timeout)?;
    t.oracle.fuel = c.fuel;
    Ok(t)
}

/// Grades every submission: the graded ones sorted by score (then name),
/// and what could not be graded (folder and why). `tick(n, scored)` is
/// told of tests done and how they count.
pub fn grade(
    c: &FrontEndClass,
    tick: &(dyn Fn(usize, Scored) + Sync),
) -> (Vec<StudentResult>, Vec<String>) {
    let subject = Subject {
        class: c,
        refs: c.refs.as_deref(),
        tick,
    };
    c.roster
        .check_all(&subject, c.campaign.settings.budget.total(), &|n, _| {
            tick(n, Scored::Failed)
        })
}

/// A front end as the subject of a class: what checking one submission
/// needs from the class run.
struct Subject<'a> {
    class: &'a FrontEndClass,
    refs: Option<&'a [RefTest]>,
    tick: &'a (dyn Fn(usize, Scored) + Sync),
}

impl ClassSubject for Subject<'_> {
    fn planned(&self) -> usize {
        self.class.campaign.tests.len()
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
            cmd: for_submission(&self.class.campaign.cmd, sub),
            settings: Settings {
                budget: Arc::new(Budget::new(budget)),
                ..self.class.campaign.settings.clone()
            },
            ..self.class.campaign.clone()
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

/// Writes the class files ([`write_class_files`]) for the graded
/// students `ok`.
pub fn write_class(
    c: &FrontEndClass,
    ok: &[StudentResult],
) -> Result<[(PathBuf, String); 3], String> {
    let record = ClassRecord {
        programs: c.campaign.tests.len(),
        runs: c.runs(),
        scoring: c.grading.scoring.clone(),
        shard: c.roster.shard,
        compiler: Compiler::FrontEnd {
            cmd: c.campaign.cmd.clone(),
        }
        .describe(),
        reference: (c.campaign.reference.clone()).map(|cmd| Compiler::FrontEnd { cmd }.describe()),
        front_end: true,
        course: ("runtime", c.course.record()),
    };
    write_class_files(&c.roster.out_dir, &record, ok)
}

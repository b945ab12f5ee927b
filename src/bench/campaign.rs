//! The benchmark's campaign rows: how many programs per second a
//! back-end campaign judges, and lloracle's own time per run (everything
//! but the student's compiler: linking, running, the oracle), with a fixed
//! fake compiler, `lloracle compile {in} -o {out}` (the built-in back end
//! behind a shell command, as a student's `main.native -S` is). The ways
//! of linking take turns (docs/running-student-code.md, "Linking"): in
//! process, the direct link and `cc`, with one job, and in process with
//! two jobs;
//! each row gives the medians over the turns. Every turn's verdicts must
//! all be passes, the same for every row: a row whose answers differ is
//! reported, and its times are not used.

use super::{median, Problem};
use crate::harness::budget::Budget;
use crate::harness::cases::random_cases;
use crate::harness::compiler::Tools;
use crate::harness::reduce::Bounds;
use crate::harness::session::{run_session, Settings};
use crate::harness::stages::StageTimes;
use crate::harness::{Category, Compiler, Emit};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The random programs' size (`test-compiler`'s default).
const SIZE: usize = 30;

/// One way of running the campaign.
pub struct Way {
    /// `in-process`, `direct` or `cc` (for the front-end rows: the native
    /// explanations on or off).
    pub linking: &'static str,
    /// Worker threads.
    pub jobs: usize,
}

const WAYS: [Way; 4] = [
    Way {
        linking: "in-process",
        jobs: 1,
    },
    Way {
        linking: "direct",
        jobs: 1,
    },
    Way {
        linking: "cc",
        jobs: 1,
    },
    Way {
        linking: "in-process",
        jobs: 2,
    },
];

/// One row of the campaign table (and of `--json`'s `campaign`).
#[derive(serde::Serialize, Debug)]
pub struct Row {
    /// `in-process` (assembled and run by lloracle), `direct` (as and ld
    /// as cc runs them) or `cc`.
    pub linking: &'static str,
    /// Worker threads.
    pub jobs: usize,
    /// Programs per campaign (one run each).
    pub programs: usize,
    /// Programs per second of each turn.
    pub per_sec: Vec<f64>,
    /// The median of `per_sec`.
    pub median_per_sec: Option<f64>,
    /// Median milliseconds per run of all but the compiler: the
    /// campaign's time less the compile stage's (with two jobs, the
    /// compile stage summed over both threads is subtracted from the wall
    /// time of both, so this is the share of one run in the wall time).
    pub own_ms_per_run: Option<f64>,
    /// Median milliseconds per run of each stage (summed over threads).
    pub stage_ms_per_run: Option<StageTimes>,
    /// How the row's session linked (the report's `linking`).
    pub how: Option<String>,
    /// Why the row has no (or fewer) times.
    pub problem: Option<Problem>,
}

/// What one turn measured.
pub struct Turn {
    /// Wall-clock seconds of the session.
    pub secs: f64,
    /// Seconds of lloracle's own work: `secs` less the compiler's stage
    /// (and, for a front end, the oracle's runs of its output).
    pub own_secs: f64,
    /// The stage times the session added.
    pub stages: StageTimes,
    /// Runs judged.
    pub runs: usize,
    /// The first run that did not pass (nor was skipped), if any.
    pub wrong: Option<String>,
}

/// Runs the campaign of `programs` random programs `reps` times in each
/// way, taking turns, the fake compiler being `lloracle compile` of the
/// executable `lloracle`. `None` (with a notice) where `cc` is missing.
pub fn rows(lloracle: &Path, programs: usize, reps: u32) -> Option<Vec<Row>> {
    if toolchain::tools::cc().is_none() {
        eprintln!("NOTICE: cc not found: no campaign rows");
        return None;
    }
    let cmd = format!(
        "{} compile {{in}} -o {{out}}",
        toolchain::shell::quote(&lloracle.to_string_lossy())
    );
    let compiler = Compiler::Command {
        cmd,
        emit: Emit::Asm,
    };
    // One session per way (its runtime object and link probe made once),
    // as in a campaign; a first turn, not timed, makes them.
    let tools: Vec<Result<Tools, Problem>> = WAYS
        .iter()
        .map(|w| {
            let t = Tools::new(Duration::from_secs(30)).map_err(Problem::Failed)?;
            if w.linking == "cc" {
                t.link_with_cc_only("lloracle bench's cc row");
            } else if let Err(why) = t.linking() {
                return Err(Problem::Failed(format!("no direct link: {why}")));
            }
            if w.linking == "direct" {
                t.link_without_in_process();
            }
            turn(&t, &compiler, 1, w.jobs);
            Ok(t)
        })
        .collect();
    let mut turns: Vec<Vec<Turn>> = WAYS.iter().map(|_| Vec::new()).collect();
    for _ in 0..reps {
        for ((w, t), done) in WAYS.iter().zip(&tools).zip(&mut turns) {
            if let Ok(t) = t {
                done.push(turn(t, &compiler, programs, w.jobs));
            }
        }
    }
    Some(
        WAYS.iter()
            .zip(tools)
            .zip(turns)
            .map(|((w, t), done)| {
                let how = t.as_ref().ok().and_then(Tools::linked_by);
                Row {
                    how,
                    ..row(w, t.err(), &done, programs)
                }
            })
            .collect(),
    )
}

/// The row of way `w` from its turns (`problem`: why it has none).
pub fn row(w: &Way, problem: Option<Problem>, turns: &[Turn], programs: usize) -> Row {
    let wrong = turns.iter().find_map(|t| t.wrong.clone());
    if let Some(e) = &wrong {
        eprintln!("WARNING: campaign ({}, {} jobs): {e}", w.linking, w.jobs);
    }
    let good: Vec<&Turn> = turns.iter().filter(|t| t.wrong.is_none()).collect();
    let ms_per_run = |f: &dyn Fn(&Turn) -> f64| {
        let v: Vec<f64> = good
            .iter()
            .map(|t| f(t) * 1000.0 / t.runs.max(1) as f64)
            .collect();
        median(&v)
    };
    let stage = |f: fn(&StageTimes) -> f64| ms_per_run(&|t: &Turn| f(&t.stages)).unwrap_or(0.0);
    let per_sec: Vec<f64> = good.iter().map(|t| programs as f64 / t.secs).collect();
    Row {
        linking: w.linking,
        jobs: w.jobs,
        programs,
        median_per_sec: median(&per_sec),
        per_sec,
        own_ms_per_run: (w.jobs == 1)
            .then(|| ms_per_run(&|t: &Turn| t.own_secs))
            .flatten(),
        stage_ms_per_run: (!good.is_empty()).then(|| StageTimes {
            compile: stage(|s| s.compile),
            link: stage(|s| s.link),
            run: stage(|s| s.run),
            oracle: stage(|s| s.oracle),
            reduction: stage(|s| s.reduction),
        }),
        how: None,
        problem: problem.or(wrong.map(Problem::Wrong)),
    }
}

/// One campaign of `programs` random programs with `jobs` threads: its
/// wall-clock seconds, the stage times it added, and its first run that
/// did not pass.
fn turn(tools: &Tools, compiler: &Compiler, programs: usize, jobs: usize) -> Turn {
    let settings = Settings {
        jobs,
        max_reductions: 0,
        bounds: Bounds::default(),
        stop_at_first_failure: false,
        budget: Arc::new(Budget::default()),
    };
    let cases = random_cases(programs as u64, 1, SIZE);
    let before = tools.stages().totals();
    let start = Instant::now();
    let results = run_session(tools, compiler, cases, &settings, &|_| {});
    let secs = start.elapsed().as_secs_f64();
    let stages = tools.stages().totals().since(&before);
    let wrong = results.iter().find_map(|r| {
        r.verdicts
            .iter()
            .find(|v| v.category().is_some_and(|c| c != Category::Pass))
            .map(|v| format!("{}: {v:?}", r.case.name))
    });
    Turn {
        secs,
        own_secs: secs - stages.compile,
        stages,
        runs: results.iter().map(|r| r.verdicts.len()).sum(),
        wrong,
    }
}

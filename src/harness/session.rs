//! A session: many programs (the corpus, random programs) judged in
//! parallel with rayon, then failing programs traced (`trace`: the first
//! wrong value) and reduced, the budget spread over the failure groups. An interrupt (see
//! [`super::verdicts::INTERRUPTED`]) stops the session at the next program;
//! what finished is still reported.

use super::budget::Budget;
use super::compiler::Tools;
use super::judge::judge_text;
use super::reduce::{reduce, Bounds, Goal};
use super::stages::Stage;
use super::target::Compiler;
use super::threads::on_threads;
use super::trace::{merge_shared_causes, trace_runs};
use super::verdicts::{Case, CaseResult, Category};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Choices of a session.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Worker threads.
    pub jobs: usize,
    /// Reduce at most this many failing programs.
    pub max_reductions: usize,
    /// Bounds of each reduction.
    pub bounds: Bounds,
    /// Stop judging at the first failing program (mutation score).
    pub stop_at_first_failure: bool,
    /// The campaign's time budget and give-up rule (shared by the
    /// sessions of one campaign).
    pub budget: Arc<Budget>,
}

/// The most programs with a timeout that are traced in one session (a
/// traced run of a program that loops costs a whole timeout again); the
/// others join the commonest cause their signature's traces show.
pub const MAX_TIMEOUT_TRACES: usize = 4;

/// A program or test once judged, as a session counts it.
pub trait Judged {
    /// The category of its first scored failing run (`None`: no run
    /// that counts failed).
    fn first_failing(&self) -> Option<Category>;
}

impl Judged for CaseResult {
    fn first_failing(&self) -> Option<Category> {
        self.verdicts.get(self.first_failure()?)?.category()
    }
}

/// How a session judges: within `budget` (its time, its give-up rule
/// after timeouts only, lloracle's own panics contained), and whether it
/// stops at the first failure (mutation score).
pub struct Judging<'a> {
    /// The campaign's budget.
    pub budget: &'a Budget,
    /// Stop judging at the first failing item.
    pub stop_at_first_failure: bool,
}

/// Judges every item of `items` that `wanted` keeps, in parallel on the
/// caller's rayon pool, whatever the subject under test (a back end's
/// programs, a front end's Oat tests): `judge` gives its result, `tick`
/// is told of each. `None` at an item's place when it was not judged:
/// not wanted (another shard's), not reached (an interrupt, the budget
/// spent, the first failure found when stopping there), or lloracle
/// itself panicked on it (the item is left out and named by `name` in
/// the budget's internal errors, so that one bug of lloracle's costs the
/// campaign no report).
pub fn judge_each<I: Send, R: Send + Judged>(
    items: Vec<I>,
    how: &Judging,
    wanted: impl Fn(&I) -> bool + Sync + Send,
    name: impl Fn(&I) -> String + Sync + Send,
    judge: impl Fn(I) -> R + Sync + Send,
    tick: &(dyn Fn(&R) + Sync),
) -> Vec<Option<R>> {
    let found = AtomicBool::new(false);
    items
        .into_par_iter()
        .map(|item| {
            if !wanted(&item) || (how.stop_at_first_failure && found.load(Ordering::Relaxed)) {
                return None;
            }
            let n = name(&item);
            let r = how.budget.attempt(&n, || judge(item))?;
            let failing = r.first_failing();
            if failing.is_some() {
                found.store(true, Ordering::Relaxed);
            }
            how.budget.record(failing.is_some_and(Category::is_timeout));
            tick(&r);
            Some(r)
        })
        .collect()
}

/// Judges every case (in parallel), calling `tick` after each, traces the
/// failing ones (not when stopping at the first failure), then reduces up
/// to `max_reductions` failing ones. Cases not reached before an
/// interrupt are left out.
pub fn run_session(
    tools: &Tools,
    compiler: &Compiler,
    cases: Vec<Case>,
    settings: &Settings,
    tick: &(dyn Fn(&CaseResult) + Sync),
) -> Vec<CaseResult> {
    let judge_all = || -> Vec<CaseResult> {
        judge_each(
            cases,
            &Judging {
                budget: &settings.budget,
                stop_at_first_failure: settings.stop_at_first_failure,
            },
            |_| true,
            |case| case.name.clone(),
            |case| {
                let args: Vec<Vec<String>> = case.runs.iter().map(|(_, a)| a.clone()).collect();
                let verdicts = judge_text(tools, compiler, &case.prog, case.text.as_deref(), &args);
                CaseResult {
                    case,
                    verdicts,
                    reduced: None,
                    traces: vec![],
                }
            },
            tick,
        )
        .into_iter()
        .flatten()
        .collect()
    };
    let trace_all = |results: &mut Vec<CaseResult>| {
        if settings.stop_at_first_failure {
            return;
        }
        let mut timeouts = 0;
        let todo: Vec<&mut CaseResult> = results
            .iter_mut()
            .filter(|r| r.first_failure().is_some())
            .filter(|r| {
                let loops = r
                    .verdicts
                    .iter()
                    .any(|v| v.category() == Some(Category::RunTimeout));
                timeouts += usize::from(loops);
                !loops || timeouts <= MAX_TIMEOUT_TRACES
            })
            .collect();
        todo.into_par_iter().for_each(|r| {
            let traced = settings.budget.attempt(&r.case.name, || {
                trace_runs(tools, compiler, &r.case.prog, &r.verdicts, &|i| {
                    r.case.args(i)
                })
            });
            if let Some(t) = traced {
                r.traces = t;
            }
        });
    };
    // Conditions of icmp that share one cause get one key (a probe built
    // once per campaign, only when two conditions are first wrong values).
    let merge_causes = |results: &mut Vec<CaseResult>| {
        settings.budget.attempt("the icmp probe", || {
            merge_shared_causes(tools, compiler, results)
        });
    };
    // Reductions of different shapes that keep one construct a probe shows
    // failing get one key (a probe built once per campaign, only when a
    // reduction keeps such a construct).
    let key_constructs = |results: &mut Vec<CaseResult>| {
        settings.budget.attempt("the construct probe", || {
            super::trace::merge_by_construct(tools, compiler, results, &super::group::names_a_cause)
        });
    };
    let reduce_all = |results: &mut Vec<CaseResult>| {
        // The budget goes one failure group at a time, largest first (and
        // the reductions start in that order); compile timeouts are not
        // reduced.
        let chosen = super::group::reduction_order(results, settings.max_reductions);
        let mut slots: Vec<Option<&mut CaseResult>> = results.iter_mut().map(Some).collect();
        let todo: Vec<&mut CaseResult> = chosen
            .iter()
            .filter_map(|&k| slots.get_mut(k).and_then(Option::take))
            .collect();
        todo.into_par_iter().for_each(|r| {
            let bounds = Bounds {
                max_time: settings.bounds.max_time.min(settings.budget.remaining()),
                ..settings.bounds.clone()
            };
            let Some(i) = r.first_failure() else { return };
            let Some((cat, key)) = r.verdicts.get(i).and_then(super::group::signature) else {
                return;
            };
            let args = r.case.args(i);
            let goal = Goal::of(cat, &key);
            let reduced = settings.budget.attempt(&r.case.name, || {
                tools.stages().time(Stage::Reduction, || {
                    reduce(tools, compiler, &r.case.prog, &args, &goal, &bounds)
                })
            });
            if let Some(red) = reduced {
                r.reduced = red.map(|red| (i, red));
            }
        });
    };
    on_threads(settings.jobs, || {
        let mut results = judge_all();
        trace_all(&mut results);
        merge_causes(&mut results);
        reduce_all(&mut results);
        key_constructs(&mut results);
        results
    })
}

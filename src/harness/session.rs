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
use super::trace::{merge_shared_causes, trace_runs};
use super::verdicts::{interrupted, Case, CaseResult, Category, RunVerdict};
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build();
    let found = AtomicBool::new(false);
    let judge_all = || -> Vec<CaseResult> {
        cases
            .into_par_iter()
            .filter_map(|case| {
                if interrupted()
                    || settings.budget.exhausted()
                    || (settings.stop_at_first_failure && found.load(Ordering::Relaxed))
                {
                    return None;
                }
                let args: Vec<Vec<String>> = case.runs.iter().map(|(_, a)| a.clone()).collect();
                // A bug of lloracle's own on one program must not cost the
                // campaign its reports: the program is left out and named.
                let verdicts = settings.budget.contain(&case.name, || {
                    judge_text(tools, compiler, &case.prog, case.text.as_deref(), &args)
                })?;
                let r = CaseResult {
                    case,
                    verdicts,
                    reduced: None,
                    traces: vec![],
                };
                if r.first_failure().is_some() {
                    found.store(true, Ordering::Relaxed);
                }
                let failed = r.first_failure().and_then(|i| r.verdicts.get(i));
                settings.budget.record(
                    failed
                        .and_then(RunVerdict::category)
                        .is_some_and(Category::is_timeout),
                );
                tick(&r);
                Some(r)
            })
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
            if interrupted() || settings.budget.exhausted() {
                return;
            }
            let traced = settings.budget.contain(&r.case.name, || {
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
        if interrupted() || settings.budget.exhausted() {
            return;
        }
        settings.budget.contain("the icmp probe", || {
            merge_shared_causes(tools, compiler, results)
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
            if interrupted() || settings.budget.exhausted() {
                return;
            }
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
            let reduced = settings.budget.contain(&r.case.name, || {
                tools.stages().time(Stage::Reduction, || {
                    reduce(tools, compiler, &r.case.prog, &args, &goal, &bounds)
                })
            });
            if let Some(red) = reduced {
                r.reduced = red.map(|red| (i, red));
            }
        });
    };
    match pool {
        Ok(pool) => pool.install(|| {
            let mut results = judge_all();
            trace_all(&mut results);
            merge_causes(&mut results);
            reduce_all(&mut results);
            results
        }),
        Err(_) => {
            let mut results = judge_all();
            trace_all(&mut results);
            merge_causes(&mut results);
            reduce_all(&mut results);
            results
        }
    }
}

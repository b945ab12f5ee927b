//! A session: many items under test judged in parallel with rayon, then
//! the failing ones traced (`trace`: the first wrong value) and reduced,
//! the budget spread over the failure groups. The stages are written once
//! ([`run_stages`]) for every subject: a back end's or an optimiser's
//! programs ([`run_session`]), a front end's Oat tests
//! (`frontend::subject`); each subject supplies only its own steps
//! ([`Subject`]). An interrupt (see [`super::verdicts::INTERRUPTED`])
//! stops the session at the next item; what finished is still reported.

use super::budget::Budget;
use super::compiler::Tools;
use super::judge::judge_text;
use super::reduce::{reduce, Bounds, Goal};
use super::stages::Stage;
use super::target::Compiler;
use super::threads::on_threads;
use super::trace::{merge_shared_causes, trace_runs};
use super::verdicts::{interrupted, Case, CaseResult, Category};
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

    /// Its name in the report (and in an internal error of lloracle's
    /// on it).
    fn name(&self) -> String;
}

impl Judged for CaseResult {
    fn first_failing(&self) -> Option<Category> {
        self.verdicts.get(self.first_failure()?)?.category()
    }

    fn name(&self) -> String {
        self.case.name.clone()
    }
}

/// The thing under test as a session sees it: its own steps, which
/// [`run_stages`] calls in the one order of every subject (judge, trace,
/// what follows the traces, choose and run the reductions, what follows
/// them). A back end or an optimiser ([`run_session`]) judges programs; a
/// front end judges Oat tests.
pub trait Subject: Sync {
    /// One thing judged (a program, an Oat test with its place).
    type Item: Send;
    /// What judging it gives.
    type Result: Judged + Send;

    /// The item's name (in an internal error of lloracle's on it).
    fn name(&self, item: &Self::Item) -> String;

    /// Whether this session judges the item (a shard keeps its own).
    fn wanted(&self, _item: &Self::Item) -> bool {
        true
    }

    /// Judges one item.
    fn judge(&self, item: Self::Item) -> Self::Result;

    /// Which failing results are traced (a flag per result): by default
    /// every one that failed.
    fn to_trace(&self, results: &[Self::Result]) -> Vec<bool> {
        results
            .iter()
            .map(|r| r.first_failing().is_some())
            .collect()
    }

    /// Traces the result's failure (its first wrong value).
    fn trace(&self, r: &mut Self::Result);

    /// What is done once every trace is in (keys that share a cause
    /// merged).
    fn after_traces(&self, _results: &mut [Self::Result]) {}

    /// The results whose failure is reduced, at most `max`, in the order
    /// the reductions start (`group::spread_over_groups`).
    fn reduction_order(&self, results: &[Self::Result], max: usize) -> Vec<usize>;

    /// Reduces the result's first failure within `bounds`.
    fn reduce(&self, r: &mut Self::Result, bounds: &Bounds);

    /// What is done once the reductions are in (`started`: per result,
    /// whether its reduction was started).
    fn after_reductions(&self, _results: &mut [Self::Result], _started: &[bool]) {}
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

/// The session's stages for any subject, on `settings.jobs` threads:
/// every item judged ([`judge_each`], `tick` told of each), the failing
/// ones traced (not when stopping at the first failure), then up to
/// `settings.max_reductions` reduced in the subject's order. Each step on
/// one item runs within the budget, a panic of lloracle's contained. The
/// results are in the items' order, `None` where an item was not judged.
pub fn run_stages<S: Subject>(
    subject: &S,
    items: Vec<S::Item>,
    settings: &Settings,
    tick: &(dyn Fn(&S::Result) + Sync),
) -> Vec<Option<S::Result>> {
    let budget: &Budget = &settings.budget;
    on_threads(settings.jobs, || {
        let judged = judge_each(
            items,
            &Judging {
                budget,
                stop_at_first_failure: settings.stop_at_first_failure,
            },
            |i| subject.wanted(i),
            |i| subject.name(i),
            |i| subject.judge(i),
            tick,
        );
        let places: Vec<bool> = judged.iter().map(Option::is_some).collect();
        let mut results: Vec<S::Result> = judged.into_iter().flatten().collect();
        if !settings.stop_at_first_failure {
            trace_stage(subject, &mut results, budget);
        }
        subject.after_traces(&mut results);
        let started = reduction_stage(subject, &mut results, settings);
        subject.after_reductions(&mut results, &started);
        let mut judged = results.into_iter();
        places
            .into_iter()
            .map(|p| if p { judged.next() } else { None })
            .collect()
    })
}

/// Traces the results the subject chooses, in parallel.
fn trace_stage<S: Subject>(subject: &S, results: &mut [S::Result], budget: &Budget) {
    let chosen = subject.to_trace(results);
    results
        .par_iter_mut()
        .zip(chosen)
        .filter(|(_, traced)| *traced)
        .for_each(|(r, _)| {
            let name = r.name();
            budget.attempt(&name, || subject.trace(r));
        });
}

/// Reduces the results the subject chooses, in its order (the reductions
/// start in that order), each within the bounds left when it starts;
/// whether each result's reduction was started.
fn reduction_stage<S: Subject>(
    subject: &S,
    results: &mut [S::Result],
    settings: &Settings,
) -> Vec<bool> {
    let chosen = subject.reduction_order(results, settings.max_reductions);
    let mut started = vec![false; results.len()];
    let mut slots: Vec<Option<(usize, &mut S::Result)>> =
        results.iter_mut().enumerate().map(Some).collect();
    let todo: Vec<(usize, &mut S::Result)> = chosen
        .iter()
        .filter_map(|&k| slots.get_mut(k).and_then(Option::take))
        .collect();
    let began: Vec<usize> = todo
        .into_par_iter()
        .filter_map(|(k, r)| {
            if interrupted() || settings.budget.exhausted() {
                return None;
            }
            let bounds = settings.bounds.within(&settings.budget);
            let name = r.name();
            settings
                .budget
                .contain(&name, || subject.reduce(r, &bounds));
            Some(k)
        })
        .collect();
    for k in began {
        started[k] = true;
    }
    started
}

/// A back end's or an optimiser's programs as a session's subject.
struct Programs<'a> {
    tools: &'a Tools,
    compiler: &'a Compiler,
    /// The campaign's budget (the probes run within it).
    budget: &'a Budget,
}

impl Subject for Programs<'_> {
    type Item = Case;
    type Result = CaseResult;

    fn name(&self, case: &Case) -> String {
        case.name.clone()
    }

    fn judge(&self, case: Case) -> CaseResult {
        let args: Vec<Vec<String>> = case.runs.iter().map(|(_, a)| a.clone()).collect();
        let verdicts = judge_text(
            self.tools,
            self.compiler,
            &case.prog,
            case.text.as_deref(),
            &args,
        );
        CaseResult {
            case,
            verdicts,
            reduced: None,
            traces: vec![],
        }
    }

    /// Every failing program, but at most [`MAX_TIMEOUT_TRACES`] with a
    /// run that timed out.
    fn to_trace(&self, results: &[CaseResult]) -> Vec<bool> {
        let mut timeouts = 0;
        results
            .iter()
            .map(|r| {
                if r.first_failure().is_none() {
                    return false;
                }
                let loops = r
                    .verdicts
                    .iter()
                    .any(|v| v.category() == Some(Category::RunTimeout));
                timeouts += usize::from(loops);
                !loops || timeouts <= MAX_TIMEOUT_TRACES
            })
            .collect()
    }

    fn trace(&self, r: &mut CaseResult) {
        r.traces = trace_runs(self.tools, self.compiler, &r.case.prog, &r.verdicts, &|i| {
            r.case.args(i)
        });
    }

    /// Conditions of icmp that share one cause get one key (a probe built
    /// once per campaign, only when two conditions are first wrong
    /// values).
    fn after_traces(&self, results: &mut [CaseResult]) {
        self.budget.attempt("the icmp probe", || {
            merge_shared_causes(self.tools, self.compiler, results)
        });
    }

    /// One failure group at a time, largest first; compile timeouts are
    /// not reduced.
    fn reduction_order(&self, results: &[CaseResult], max: usize) -> Vec<usize> {
        super::group::reduction_order(results, max)
    }

    fn reduce(&self, r: &mut CaseResult, bounds: &Bounds) {
        let Some(i) = r.first_failure() else { return };
        let Some((cat, key)) = r.verdicts.get(i).and_then(super::group::signature) else {
            return;
        };
        let args = r.case.args(i);
        let goal = Goal::of(cat, &key);
        let red = self.tools.stages().time(Stage::Reduction, || {
            reduce(
                self.tools,
                self.compiler,
                &r.case.prog,
                &args,
                &goal,
                bounds,
            )
        });
        r.reduced = red.map(|red| (i, red));
    }

    /// Reductions of different shapes that keep one construct a probe
    /// shows failing get one key (a probe built once per campaign, only
    /// when a reduction keeps such a construct).
    fn after_reductions(&self, results: &mut [CaseResult], _started: &[bool]) {
        self.budget.attempt("the construct probe", || {
            super::trace::merge_by_construct(
                self.tools,
                self.compiler,
                results,
                &super::group::names_a_cause,
            )
        });
    }
}

/// Judges every case (in parallel), calling `tick` after each, traces the
/// failing ones (not when stopping at the first failure), then reduces up
/// to `max_reductions` failing ones ([`run_stages`] with a back end's or
/// an optimiser's steps). Cases not reached before an interrupt are left
/// out.
pub fn run_session(
    tools: &Tools,
    compiler: &Compiler,
    cases: Vec<Case>,
    settings: &Settings,
    tick: &(dyn Fn(&CaseResult) + Sync),
) -> Vec<CaseResult> {
    let programs = Programs {
        tools,
        compiler,
        budget: &settings.budget,
    };
    run_stages(&programs, cases, settings, tick)
        .into_iter()
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// What a planted subject made of one item.
    #[derive(Debug, Default, PartialEq)]
    struct Seen {
        item: u32,
        fails: bool,
        traced: bool,
        reduced: bool,
        started: bool,
    }

    impl Judged for Seen {
        fn first_failing(&self) -> Option<Category> {
            self.fails.then_some(Category::WrongResult)
        }

        fn name(&self) -> String {
            format!("item {}", self.item)
        }
    }

    /// A planted subject: items divisible by 3 fail, item `panics_at`
    /// makes lloracle panic while judging, odd items are another shard's;
    /// its reductions go to the failing items, largest first; it records
    /// the order in which reductions started.
    struct Planted {
        panics_at: u32,
        order: Mutex<Vec<u32>>,
    }

    impl Subject for Planted {
        type Item = u32;
        type Result = Seen;

        fn name(&self, item: &u32) -> String {
            format!("item {item}")
        }

        fn wanted(&self, item: &u32) -> bool {
            item.is_multiple_of(2)
        }

        fn judge(&self, item: u32) -> Seen {
            assert!(item != self.panics_at, "planted bug on item {item}");
            Seen {
                item,
                fails: item.is_multiple_of(3),
                ..Seen::default()
            }
        }

        fn trace(&self, r: &mut Seen) {
            r.traced = true;
        }

        fn reduction_order(&self, results: &[Seen], max: usize) -> Vec<usize> {
            let mut failing: Vec<usize> =
                (0..results.len()).filter(|&k| results[k].fails).collect();
            failing.sort_by_key(|&k| std::cmp::Reverse(results[k].item));
            failing.truncate(max);
            failing
        }

        fn reduce(&self, r: &mut Seen, _: &Bounds) {
            self.order.lock().unwrap().push(r.item);
            r.reduced = true;
        }

        fn after_reductions(&self, results: &mut [Seen], started: &[bool]) {
            for (r, s) in results.iter_mut().zip(started) {
                r.started = *s;
            }
        }
    }

    fn settings(max_reductions: usize, stop_at_first_failure: bool) -> Settings {
        Settings {
            jobs: 1,
            max_reductions,
            bounds: Bounds::default(),
            stop_at_first_failure,
            budget: Arc::new(Budget::default()),
        }
    }

    /// The one driver keeps the items' places, leaves out another shard's
    /// items and the one lloracle panicked on (named), traces every
    /// failure, and reduces at most `max_reductions` in the subject's
    /// order, telling the subject which were started.
    #[test]
    fn the_stages_keep_places_contain_a_panic_and_follow_the_subjects_order() {
        let subject = Planted {
            panics_at: 6,
            order: Mutex::new(vec![]),
        };
        let s = settings(2, false);
        let results = run_stages(&subject, (0..13).collect(), &s, &|_| {});
        assert_eq!(results.len(), 13);
        let judged: Vec<u32> = results.iter().flatten().map(|r| r.item).collect();
        // 0..13 even, but not 6 (the planted panic).
        assert_eq!(judged, [0, 2, 4, 8, 10, 12]);
        assert!(results[6].is_none() && results[1].is_none());
        assert_eq!(
            s.budget.internal_errors(),
            ["item 6: internal error of lloracle: planted bug on item 6"]
        );
        let at = |k: usize| results[k].as_ref().unwrap();
        // The failures (0 and 12) are traced; a pass is not.
        assert!(at(0).traced && at(12).traced && !at(2).traced);
        // Two reductions, largest item first, both started.
        assert_eq!(*subject.order.lock().unwrap(), [12, 0]);
        assert!(at(12).reduced && at(12).started && at(0).started);
        assert!(!at(2).started);
    }

    /// Stopping at the first failure (the mutation score) judges no
    /// further once one failed, and traces nothing.
    #[test]
    fn stopping_at_the_first_failure_traces_nothing() {
        let subject = Planted {
            panics_at: u32::MAX,
            order: Mutex::new(vec![]),
        };
        let s = settings(0, true);
        let results = run_stages(&subject, vec![0, 2, 4], &s, &|_| {});
        let first = results[0].as_ref().unwrap();
        assert!(first.fails && !first.traced && !first.reduced);
        // One thread: item 0 failed before the others were taken.
        assert!(results[1].is_none() && results[2].is_none());
        assert!(subject.order.lock().unwrap().is_empty());
    }
}

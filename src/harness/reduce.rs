//! Reduction of a failing program: delta debugging over the AST with
//! `gen::shrink`'s structural edits (drop functions, globals, blocks, runs
//! of instructions; operands and initializers to 0; parameters). A
//! candidate is kept only when it checks, returns on the oracle (no
//! undefined behaviour, within `gen::shrink::SHRINK_FUEL`) and fails the
//! same way (the same [`Category`]) under the compiler under test. A run
//! stopped by the output cap (a crash by `SIGXFSZ`) or by the timeout is
//! reduced on that outcome alone: a candidate is kept when its compiled
//! run still hits the cap (the same signal) or still runs past the
//! timeout ([`CANDIDATE_TIMEOUT`]) while the oracle's run of it returns,
//! whatever it printed.
//!
//! The search is greedy and bounded: after a kept edit it goes on from the
//! same position of the new edit list (edits are biggest first), passes
//! over the list until one pass keeps nothing, and stops early after
//! `max_candidates` candidates or `max_time`. When that fixed point still
//! has more than [`RETRY_ABOVE`] instructions, the search goes on with the
//! edits it retries with as well (`gen::shrink::retry_edits`: inlining a
//! call, after which the callee and what the caller did not need can go),
//! within the same bounds, until a pass of those keeps nothing.

use super::compiler::Tools;
use super::group;
use super::judge::compare;
use super::target::Compiler;
use super::verdicts::{interrupted, Category, Reduced};
use gen::shrink::{apply, edits, insn_count, retry_edits, SHRINK_FUEL};
use spec::{Outcome, Prog};
use std::time::{Duration, Instant};

/// The wall-clock limit of a candidate's compiled run, whatever the
/// failure reduced: the oracle ran the candidate to its end within
/// `gen::shrink::SHRINK_FUEL` (2 million) instructions, which a compiled
/// program runs in milliseconds even at a few memory accesses per
/// instruction, so one still running after this long is looping. For a
/// run past the timeout that is the failure kept; for any other it is
/// another failure, and the candidate goes. A run of the session's
/// timeout per such candidate would leave a reduction a handful of edits
/// (a compare compiled wrongly turns many candidates into endless loops:
/// six of them took a 60 s reduction's whole time).
pub const CANDIDATE_TIMEOUT: Duration = Duration::from_secs(2);

/// The most instructions a reduction stops at without retrying with
/// `gen::shrink::retry_edits`: 2, because the smallest program a register
/// allocator's overwritten live value shows in has 2 (docs/grading.md, "How
/// small an allocator's failure reduces"), and its reductions stopped at 4
/// with the bug in a callee reached through a call from `@main`.
pub const RETRY_ABOVE: usize = 2;

/// Bounds on one reduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most candidates tried.
    pub max_candidates: usize,
    /// The most wall-clock time spent.
    pub max_time: Duration,
}

impl Bounds {
    /// These bounds for a reduction started now: the time cut to what is
    /// left of `budget`.
    pub fn within(&self, budget: &super::budget::Budget) -> Bounds {
        Bounds {
            max_time: self.max_time.min(budget.remaining()),
            ..self.clone()
        }
    }
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            max_candidates: 5000,
            max_time: Duration::from_secs(60),
        }
    }
}

/// The failure a reduction keeps: the category and, for a build failure
/// (compile or link error) or a crash, the group's key
/// (`group::signature`: the compiler's normalised first error line, the
/// signal), so that a reduced example still shows its group's cause rather
/// than some other failure met on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The category every candidate must fail with.
    pub category: Category,
    /// The key every candidate must keep, if any.
    pub key: Option<String>,
}

impl Goal {
    /// Keep `category` only.
    pub fn category(category: Category) -> Goal {
        Goal {
            category,
            key: None,
        }
    }

    /// Keep the group with signature `(category, key)`: the key too for a
    /// build failure or a crash (a wrong value keeps its category only: the
    /// way values differ changes as the program shrinks).
    pub fn of(category: Category, key: &str) -> Goal {
        let keep = matches!(
            category,
            Category::CompileError
                | Category::AssembleError
                | Category::LinkError
                | Category::Crash
        );
        Goal {
            category,
            key: keep.then(|| key.to_string()),
        }
    }

    /// True when a candidate's failure `(category, key)` is this one.
    fn matches(&self, category: Category, key: impl FnOnce() -> String) -> bool {
        category == self.category && self.key.as_ref().is_none_or(|k| *k == key())
    }
}

/// The outcome of `p` under the oracle and under `compiler` when `p`
/// returns on the oracle and fails as `goal` says.
fn still_fails(
    tools: &Tools,
    compiler: &Compiler,
    p: &Prog,
    args: &[String],
    goal: &Goal,
) -> Option<(Outcome, Option<Outcome>)> {
    spec::check(p).ok()?;
    // A candidate with no equivalent in the session's dialect cannot be
    // sent: it is no smaller failing program.
    let text = tools.text_of(p).ok()?;
    let opts = oracle::Options {
        fuel: SHRINK_FUEL.min(tools.oracle.fuel),
        ..tools.oracle.clone()
    };
    let e = super::judge::oracle_expectation(p, args, &opts);
    if !super::judge::judged(&e) {
        return None;
    }
    let expected = e.outcome;
    match tools.build_text(compiler, p, Some(&text)) {
        Err(f) => goal
            .matches(f.category, || group::build_key(&f.detail))
            .then_some((expected, None)),
        Ok(b) => {
            let actual = tools.run_within(&b, args, CANDIDATE_TIMEOUT.min(tools.timeout));
            goal.matches(compare(&expected, &actual), || {
                group::run_key(&expected, &actual)
            })
            .then_some((expected, Some(actual)))
        }
    }
}

/// Reduces `prog`, which fails as `goal` says on `args` under `compiler`.
/// Returns `None` when `prog` itself does not fail that way (a flaky
/// failure).
pub fn reduce(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    args: &[String],
    goal: &Goal,
    bounds: &Bounds,
) -> Option<Reduced> {
    let start = Instant::now();
    let (mut expected, mut actual) = still_fails(tools, compiler, prog, args, goal)?;
    let mut cur = prog.clone();
    let (mut candidates, mut kept, mut i) = (0usize, 0usize, 0usize);
    let mut progressed = false;
    let mut bounded = false;
    let mut retrying = false;
    loop {
        let es = if retrying {
            retry_edits(&cur)
        } else {
            edits(&cur)
        };
        let Some(e) = es.get(i) else {
            if !progressed {
                if retrying || insn_count(&cur) <= RETRY_ABOVE {
                    break;
                }
                retrying = true;
                i = 0;
                continue;
            }
            progressed = false;
            i = 0;
            continue;
        };
        if candidates >= bounds.max_candidates
            || start.elapsed() >= bounds.max_time
            || interrupted()
        {
            bounded = true;
            break;
        }
        if let Some(c) = apply(&cur, e) {
            candidates += 1;
            if let Some((x, a)) = still_fails(tools, compiler, &c, args, goal) {
                cur = c;
                expected = x;
                actual = a;
                kept += 1;
                progressed = true;
                continue;
            }
        }
        i += 1;
    }
    Some(Reduced {
        insns: insn_count(&cur),
        text: tools.text_of(&cur).unwrap_or_else(|_| spec::print(&cur)),
        prog: cur,
        expected,
        actual,
        candidates,
        kept,
        elapsed: start.elapsed(),
        bounded,
    })
}

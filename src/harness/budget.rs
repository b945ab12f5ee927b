//! The overall bounds of a campaign: a wall-clock time budget for the
//! whole `test-compiler` (or `reduce`) run, and giving up on a compiler
//! that times out on the first programs in a row. When either stops the
//! campaign, what finished is still judged and reported.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The default `--time-budget`: ten minutes, so that a class of
/// submissions that all hang still finishes in a predictable time.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(600);

/// A compiler that times out on this many programs in a row, before any
/// program got through, is not tried on the rest.
pub const GIVE_UP_AFTER_TIMEOUTS: usize = 3;

/// Why a campaign stopped before its last program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The time budget (this long) ran out.
    TimeBudget(Duration),
    /// The compiler (or the programs it built) timed out on the first
    /// this-many programs in a row.
    AlwaysTimesOut(usize),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::TimeBudget(d) => write!(
                f,
                "the time budget of {}s ran out (--time-budget); programs not reached were not run",
                d.as_secs()
            ),
            Stop::AlwaysTimesOut(n) => write!(
                f,
                "the compiler timed out on the first {n} programs in a row; stopped trying it \
                 (programs not reached were not run)"
            ),
        }
    }
}

/// The bounds of one campaign, shared by its worker threads.
#[derive(Debug)]
pub struct Budget {
    total: Duration,
    deadline: Option<Instant>,
    timeouts_in_row: AtomicUsize,
    got_through: AtomicUsize,
    stopped: OnceLock<Stop>,
    internal: Mutex<Vec<String>>,
}

impl Default for Budget {
    /// No time limit (but still the give-up rule for a hanging compiler).
    fn default() -> Budget {
        Budget::new(Duration::MAX)
    }
}

impl Budget {
    /// A budget of `total` from now (a `total` too large to add is no
    /// limit).
    pub fn new(total: Duration) -> Budget {
        Budget {
            total,
            deadline: Instant::now().checked_add(total),
            timeouts_in_row: AtomicUsize::new(0),
            got_through: AtomicUsize::new(0),
            stopped: OnceLock::new(),
            internal: Mutex::new(Vec::new()),
        }
    }

    /// The whole time this budget was given (`Duration::MAX`: no limit):
    /// what a fresh budget of the same campaign gets (one per submission
    /// of a class).
    pub fn total(&self) -> Duration {
        self.total
    }

    /// The time left (`Duration::MAX` without a limit).
    pub fn remaining(&self) -> Duration {
        self.deadline.map_or(Duration::MAX, |d| {
            d.saturating_duration_since(Instant::now())
        })
    }

    /// True once the campaign must stop (and remembers why).
    pub fn exhausted(&self) -> bool {
        if self.stopped.get().is_some() {
            return true;
        }
        if self.remaining().is_zero() {
            let _ = self.stopped.set(Stop::TimeBudget(self.total));
            return true;
        }
        false
    }

    /// Counts one judged program: `timed_out` when its compile or its first
    /// failing run timed out. The first [`GIVE_UP_AFTER_TIMEOUTS`] programs
    /// timing out in a row, with none getting through, stop the campaign.
    pub fn record(&self, timed_out: bool) {
        if !timed_out {
            self.got_through.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let n = self.timeouts_in_row.fetch_add(1, Ordering::Relaxed) + 1;
        if n >= GIVE_UP_AFTER_TIMEOUTS && self.got_through.load(Ordering::Relaxed) == 0 {
            let _ = self.stopped.set(Stop::AlwaysTimesOut(n));
        }
    }

    /// Notes that lloracle itself failed (panicked) on `program`: a bug to
    /// report; the program is left out of the verdicts.
    pub fn internal_error(&self, program: &str, panic: &(dyn std::any::Any + Send)) {
        let why = panic_words(panic);
        if let Ok(mut v) = self.internal.lock() {
            v.push(format!("{program}: internal error of lloracle: {why}"));
        }
    }

    /// Runs `f`, lloracle's own work on `program`, containing a panic: a
    /// bug of lloracle's on one program must not cost the campaign its
    /// reports, so the panic is noted ([`Budget::internal_error`]) and
    /// `None` is returned (the program is left out and named). One rule
    /// for back ends, optimisers and front ends.
    pub fn contain<T>(&self, program: &str, f: impl FnOnce() -> T) -> Option<T> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(p) => {
                self.internal_error(program, p.as_ref());
                None
            }
        }
    }

    /// Runs `f`, lloracle's own work on `program`, unless the campaign is
    /// over (interrupted, or this budget spent), containing a panic as
    /// [`Budget::contain`] does: `None` when it was not run or panicked.
    /// The one check before each program's judging, trace or reduction,
    /// whatever the subject.
    pub fn attempt<T>(&self, program: &str, f: impl FnOnce() -> T) -> Option<T> {
        if super::verdicts::interrupted() || self.exhausted() {
            return None;
        }
        self.contain(program, f)
    }

    /// The internal errors noted so far.
    pub fn internal_errors(&self) -> Vec<String> {
        self.internal.lock().map(|v| v.clone()).unwrap_or_default()
    }

    /// Why the campaign stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped.get().copied()
    }
}

/// The words of a panic of lloracle's (its message, or `a panic`).
pub fn panic_words(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_budget_is_exhausted_at_once_and_says_so() {
        let b = Budget::new(Duration::ZERO);
        assert!(b.exhausted());
        assert_eq!(b.stopped(), Some(Stop::TimeBudget(Duration::ZERO)));
    }

    #[test]
    fn an_unbounded_budget_never_runs_out() {
        let b = Budget::new(Duration::MAX);
        assert!(!b.exhausted());
        assert_eq!(b.remaining(), Duration::MAX);
    }

    #[test]
    fn timeouts_in_a_row_stop_only_before_any_program_got_through() {
        let b = Budget::default();
        for _ in 0..GIVE_UP_AFTER_TIMEOUTS {
            b.record(true);
        }
        assert_eq!(
            b.stopped(),
            Some(Stop::AlwaysTimesOut(GIVE_UP_AFTER_TIMEOUTS))
        );
        let b = Budget::default();
        b.record(false);
        for _ in 0..10 {
            b.record(true);
        }
        assert_eq!(b.stopped(), None);
    }

    #[test]
    fn a_panic_is_contained_and_named() {
        let b = Budget::default();
        // The closure's value when it returns; nothing noted.
        assert_eq!(b.contain("a.oat", || 7), Some(7));
        assert!(b.internal_errors().is_empty());
        // A panic: no value, the program named with the panic's words,
        // and the caller goes on (this test would fail by panicking).
        let none: Option<i32> = b.contain("b.oat", || panic!("index out of bounds"));
        assert_eq!(none, None);
        assert_eq!(
            b.internal_errors(),
            vec!["b.oat: internal error of lloracle: index out of bounds".to_string()]
        );
    }

    #[test]
    fn internal_errors_keep_the_program_and_the_message() {
        let b = Budget::default();
        let p = std::panic::catch_unwind(|| panic!("boom {}", 7)).unwrap_err();
        b.internal_error("corpus/x.ll", p.as_ref());
        assert_eq!(
            b.internal_errors(),
            vec!["corpus/x.ll: internal error of lloracle: boom 7".to_string()]
        );
    }
}

//! Where a campaign's time goes: the time spent in each stage of judging a
//! program, summed over every run and every worker thread (so with
//! `--jobs 2` the totals can exceed the campaign's wall-clock time). The
//! JSON report gives them as `stage_secs` (docs/grading.md, "Where the
//! time goes"), so that a slow campaign says whether the student's
//! compiler, the linking, the programs or lloracle's own oracle and
//! reductions took the time.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// One stage of judging a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The compiler under test (or the built-in back end, or an
    /// optimiser with its output read back).
    Compile,
    /// Assembling and linking the compiler's assembly with the runtime.
    Link,
    /// Running what was built (an executable, the built-in back end's
    /// code, an optimised program on the oracle).
    Run,
    /// The oracle's run of the program as sent, the expected outcome.
    Oracle,
    /// Reducing failing programs (which builds, links and runs again:
    /// that time is counted in the other stages as well).
    Reduction,
}

/// The clock of a session: nanoseconds per [`Stage`], added to from any
/// thread.
#[derive(Debug, Default)]
pub struct StageClock {
    nanos: [AtomicU64; 5],
}

impl StageClock {
    /// Runs `f`, adding its wall-clock time to `stage`.
    pub fn time<T>(&self, stage: Stage, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let r = f();
        let n = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        if let Some(slot) = self.nanos.get(stage as usize) {
            slot.fetch_add(n, Ordering::Relaxed);
        }
        r
    }

    /// The totals so far, in seconds.
    pub fn totals(&self) -> StageTimes {
        let secs = |s: Stage| {
            self.nanos
                .get(s as usize)
                .map_or(0.0, |n| n.load(Ordering::Relaxed) as f64 / 1e9)
        };
        StageTimes {
            compile: secs(Stage::Compile),
            link: secs(Stage::Link),
            run: secs(Stage::Run),
            oracle: secs(Stage::Oracle),
            reduction: secs(Stage::Reduction),
        }
    }
}

/// Seconds spent in each [`Stage`] over a campaign, summed over threads
/// (the JSON report's `stage_secs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StageTimes {
    /// The compiler under test ([`Stage::Compile`]).
    pub compile: f64,
    /// Assembling and linking ([`Stage::Link`]).
    pub link: f64,
    /// Running what was built ([`Stage::Run`]).
    pub run: f64,
    /// The oracle's expected outcomes ([`Stage::Oracle`]).
    pub oracle: f64,
    /// Reducing failing programs ([`Stage::Reduction`]; its builds and
    /// runs are counted in the stages above as well).
    pub reduction: f64,
}

impl StageTimes {
    /// The time spent since `before` (earlier totals of the same clock).
    pub fn since(&self, before: &StageTimes) -> StageTimes {
        StageTimes {
            compile: self.compile - before.compile,
            link: self.link - before.link,
            run: self.run - before.run,
            oracle: self.oracle - before.oracle,
            reduction: self.reduction - before.reduction,
        }
    }

    /// The totals of two shards of one campaign.
    pub fn add(&mut self, o: &StageTimes) {
        self.compile += o.compile;
        self.link += o.link;
        self.run += o.run;
        self.oracle += o.oracle;
        self.reduction += o.reduction;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stage_counts_only_its_own_time() {
        let c = StageClock::default();
        let v = c.time(Stage::Link, || {
            std::thread::sleep(std::time::Duration::from_millis(20));
            7
        });
        assert_eq!(v, 7);
        let t = c.totals();
        assert!(t.link >= 0.02, "{t:?}");
        assert_eq!(
            (t.compile, t.run, t.oracle, t.reduction),
            (0.0, 0.0, 0.0, 0.0)
        );
        let mut sum = t.clone();
        sum.add(&t);
        assert_eq!(sum.link, 2.0 * t.link);
        assert_eq!(sum.since(&t), t);
    }
}

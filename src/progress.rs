//! Progress of a campaign on stderr (the display `test-compiler` and
//! `grade` show; docs/grading.md, "Progress"): on a terminal an indicatif bar (in
//! colour unless `NO_COLOR` is set); elsewhere (CI, Gradescope logs) one
//! plain line every few seconds with the count, passed, failed, rate and
//! time left, and a last line when the campaign ends. Programs are
//! counted (a program passed when every judged run did; one with no
//! judged run, skipped or not in the dialect, is "not judged", never
//! "passed"); when all are judged the display says that failing programs
//! are being reduced.

use crate::harness::report::Scored;
use crate::harness::verdicts::{CaseResult, Category};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// True when colour may be used on a stream that is a terminal: `NO_COLOR`
/// unset or empty (no-color.org).
pub fn colour_allowed() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// True when stdout is a terminal and colour is allowed.
pub fn colour_stdout() -> bool {
    std::io::stdout().is_terminal() && colour_allowed()
}

/// A progress display counting programs (or submissions).
pub struct Progress {
    bar: Option<ProgressBar>,
    what: String,
    total: usize,
    done: Arc<AtomicUsize>,
    failed: AtomicUsize,
    unjudged: AtomicUsize,
    start: Instant,
    every: Duration,
    last: Arc<Mutex<Instant>>,
    /// Set when the display ends: stops the heartbeat.
    stop: Arc<AtomicBool>,
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Progress {
    /// A display for `total` items called `what` (`programs`); plain lines
    /// every `every` when stderr is not a terminal.
    pub fn new(total: usize, what: &str, every: Duration) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            let template = if colour_allowed() {
                "{bar:40.cyan/blue} {pos}/{len} {prefix}, {msg} [{elapsed}, {eta} left]"
            } else {
                "{bar:40} {pos}/{len} {prefix}, {msg} [{elapsed}, {eta} left]"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.set_prefix(what.to_string());
            // The elapsed time goes on while failing programs are reduced.
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        });
        let start = Instant::now();
        let p = Progress {
            bar,
            what: what.to_string(),
            total,
            done: Arc::new(AtomicUsize::new(0)),
            failed: AtomicUsize::new(0),
            unjudged: AtomicUsize::new(0),
            start,
            every,
            last: Arc::new(Mutex::new(start)),
            stop: Arc::new(AtomicBool::new(false)),
        };
        if p.bar.is_none() {
            p.heartbeat();
        }
        p
    }

    /// Plain lines go on after every program is judged, while the failing
    /// ones are reduced: one every `every` until the display ends.
    fn heartbeat(&self) {
        let (done, last, stop) = (self.done.clone(), self.last.clone(), self.stop.clone());
        let (total, what, every, start) = (self.total, self.what.clone(), self.every, self.start);
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(250));
                if total == 0 || done.load(Ordering::Relaxed) < total {
                    continue;
                }
                let Ok(mut last) = last.lock() else { return };
                if last.elapsed() >= every && !stop.load(Ordering::Relaxed) {
                    *last = Instant::now();
                    eprintln!(
                        "progress: all {total} {what} judged; reducing failing programs, {:.0}s in all so far",
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        });
    }

    /// One more program judged: failed when a run failed, passed when
    /// every judged run passed, not judged when no run was.
    pub fn tick_result(&self, r: &CaseResult) {
        let failed = r.first_failure().is_some();
        let judged = r
            .verdicts
            .iter()
            .any(|v| v.category() == Some(Category::Pass));
        if !failed && !judged {
            self.unjudged.fetch_add(1, Ordering::Relaxed);
        }
        self.tick_many(1, failed);
    }

    /// `n` more items done that count as `scored` (a test left out or
    /// shared with the reference is not judged, never passed, as the
    /// report's summary counts it).
    pub fn tick_scored(&self, n: usize, scored: Scored) {
        if scored == Scored::NotScored {
            self.unjudged.fetch_add(n, Ordering::Relaxed);
        }
        self.tick_many(n, matches!(scored, Scored::Failed | Scored::NotReached));
    }

    /// `n` more items done, all failed or none.
    pub fn tick_many(&self, n: usize, failed: bool) {
        let bad_n = if failed { n } else { 0 };
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        let bad = self.failed.fetch_add(bad_n, Ordering::Relaxed) + bad_n;
        match &self.bar {
            Some(bar) => {
                if bad > 0 {
                    let msg = format!("{bad} failing");
                    bar.set_message(if colour_allowed() {
                        format!("\x1b[31m{msg}\x1b[0m")
                    } else {
                        msg
                    });
                } else {
                    bar.set_message("none failing");
                }
                bar.inc(n as u64);
                if done >= self.total && self.total > 0 {
                    bar.set_message("all judged; reducing failing programs");
                }
            }
            None => {
                let Ok(mut last) = self.last.lock() else {
                    return;
                };
                if last.elapsed() >= self.every {
                    *last = Instant::now();
                    eprintln!("{}", self.line(done, bad));
                }
                if done >= self.total && self.total > 0 && done - n < self.total {
                    eprintln!(
                        "progress: all {} {} judged; reducing failing programs (the reports follow)",
                        self.total, self.what
                    );
                }
            }
        }
    }

    /// `progress: 120/485 programs: 100 passed, 2 failed, 18 not judged, 35.2/s, about 10s left`.
    fn line(&self, done: usize, bad: usize) -> String {
        let unjudged = self.unjudged.load(Ordering::Relaxed);
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        let rate = done as f64 / secs;
        let left = if rate > 0.0 {
            format!(
                "about {:.0}s left",
                (self.total.saturating_sub(done)) as f64 / rate
            )
        } else {
            "time left unknown".to_string()
        };
        format!(
            "progress: {done}/{} {}: {} passed, {bad} failed, {unjudged} not judged (skipped), {rate:.1}/s, {left}",
            self.total,
            self.what,
            done.saturating_sub(bad + unjudged)
        )
    }

    /// Clears the bar, or prints the last plain line.
    pub fn finish(&self) {
        self.stop.store(true, Ordering::Relaxed);
        match &self.bar {
            Some(bar) => bar.finish_and_clear(),
            None => {
                let done = self.done.load(Ordering::Relaxed);
                let bad = self.failed.load(Ordering::Relaxed);
                eprintln!(
                    "{} in {:.1}s",
                    self.line(done, bad),
                    self.start.elapsed().as_secs_f64()
                );
            }
        }
    }
}

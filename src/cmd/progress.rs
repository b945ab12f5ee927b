//! Progress of a campaign on stderr: on a terminal an indicatif bar (in
//! colour unless `NO_COLOR` is set); elsewhere (CI, Gradescope logs) one
//! plain line every few seconds with the count, passed, failed, rate and
//! time left, and a last line when the campaign ends.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
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
    done: AtomicUsize,
    failed: AtomicUsize,
    start: Instant,
    every: Duration,
    last: Mutex<Instant>,
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
            bar
        });
        let start = Instant::now();
        Progress {
            bar,
            what: what.to_string(),
            total,
            done: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
            start,
            every,
            last: Mutex::new(start),
        }
    }

    /// One more item done; `failed` when it failed.
    pub fn tick(&self, failed: bool) {
        self.tick_many(1, failed);
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
            }
            None => {
                let Ok(mut last) = self.last.lock() else {
                    return;
                };
                if last.elapsed() >= self.every {
                    *last = Instant::now();
                    eprintln!("{}", self.line(done, bad));
                }
            }
        }
    }

    /// `progress: 120/485 programs, 118 passed, 2 failed, 35.2/s, about 10s left`.
    fn line(&self, done: usize, bad: usize) -> String {
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
            "progress: {done}/{} {}, {} passed, {bad} failed, {rate:.1}/s, {left}",
            self.total,
            self.what,
            done - bad
        )
    }

    /// Clears the bar, or prints the last plain line.
    pub fn finish(&self) {
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

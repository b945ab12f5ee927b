//! A campaign's options as the library's values, each with the default
//! every command shares: the limits of one run ([`Limits`]), the reduction
//! bounds ([`Reductions`]), the programs ([`Programs`]), the worker threads
//! ([`jobs`]) and the session's settings made of them ([`settings`]), and
//! the interrupt handler a campaign installs.

use super::budget::{Budget, DEFAULT_TIME_BUDGET};
use super::compiler::Tools;
use super::reduce::Bounds;
use super::session::Settings;
use super::shard::Shard;
use super::target::Target;
use super::verdicts;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The harness's default oracle fuel: lower than `lloracle run`'s so that
/// the corpus's fuel-limit programs are skipped in seconds, not minutes.
pub const DEFAULT_FUEL: u64 = 20_000_000;

/// The limits of one campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock limit of one compile, link or run.
    pub timeout: Duration,
    /// The most instructions the oracle executes per run; runs that need
    /// more end in `fuel-exhausted` and are skipped, not judged.
    pub fuel: u64,
    /// Wall-clock limit of the whole campaign: past it no new program is
    /// started and no reduction goes on.
    pub time_budget: Duration,
    /// The submission folder whose compiler every session's tools confine
    /// ([`Tools::confine_to`]; `grade`); none: unconfined.
    pub confine_to: Option<std::path::PathBuf>,
    /// Without [`Limits::confine_to`], confine as `test-compiler` does by
    /// default ([`Tools::confine_by_default`]); false: unconfined.
    pub confine_by_default: bool,
}

impl Default for Limits {
    /// 10 s per compile or run, [`DEFAULT_FUEL`], [`DEFAULT_TIME_BUDGET`].
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            fuel: DEFAULT_FUEL,
            time_budget: DEFAULT_TIME_BUDGET,
            confine_to: None,
            confine_by_default: false,
        }
    }
}

impl Limits {
    /// Fresh tools for `target` with these limits (confined to
    /// [`Limits::confine_to`]'s submission when set).
    pub fn tools(&self, target: &Target) -> Result<Tools, String> {
        let mut tools = Tools::for_target(target, self.timeout)?;
        tools.oracle.fuel = self.fuel;
        if let Some(sub) = &self.confine_to {
            tools.confine_to(sub);
        } else if self.confine_by_default {
            tools.confine_by_default();
        }
        Ok(tools)
    }
}

/// How much of a campaign's time goes to reducing failures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Reduce at most this many failing programs.
    pub max_reductions: usize,
    /// The bounds of each reduction.
    pub bounds: Bounds,
}

impl Default for Reductions {
    /// 25 reductions of [`Bounds::default`].
    fn default() -> Reductions {
        Reductions {
            max_reductions: 25,
            bounds: Bounds::default(),
        }
    }
}

/// Which programs a campaign checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Programs {
    /// A corpus directory or one annotated `.ll` file (none: the bundled
    /// corpus).
    pub corpus: Option<PathBuf>,
    /// Leave the corpus out (random programs only).
    pub no_corpus: bool,
    /// How many random programs.
    pub random: u64,
    /// The first random seed (programs use seed, seed + 1, ...).
    pub seed: u64,
    /// The size of random programs (1..=100).
    pub size: usize,
    /// Only this shard of the programs.
    pub shard: Option<Shard>,
}

impl Default for Programs {
    /// The bundled corpus and 200 random programs of size 30 from seed 1.
    fn default() -> Programs {
        Programs {
            corpus: None,
            no_corpus: false,
            random: 200,
            seed: 1,
            size: 30,
            shard: None,
        }
    }
}

/// `asked` worker threads, or the number of cores; more than four threads
/// per core is capped (with a message): the runs are processes, not
/// threads.
pub fn jobs(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let most = cores.saturating_mul(4).max(4);
    match asked {
        None => cores,
        Some(0) => {
            eprintln!("lloracle: --jobs 0 means one worker");
            1
        }
        Some(j) if j > most => {
            eprintln!("lloracle: --jobs {j} capped at {most} (4 per core)");
            most
        }
        Some(j) => j,
    }
}

/// The session settings of a campaign with `jobs` threads, `limits` and
/// `reductions` (a fresh time budget starts now).
pub fn session(jobs: usize, limits: &Limits, reductions: &Reductions) -> Settings {
    Settings {
        jobs,
        max_reductions: reductions.max_reductions,
        bounds: reductions.bounds.clone(),
        stop_at_first_failure: false,
        budget: Arc::new(Budget::new(limits.time_budget)),
    }
}

extern "C" fn on_interrupt(_: libc::c_int) {
    verdicts::INTERRUPTED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Ctrl-C and SIGTERM set the interrupt flag (a second one ends the
/// process as usual): sessions stop taking programs, reports are written.
pub fn install_interrupt_handler() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only stores to an atomic flag; SA_RESETHAND
        // restores the default so a second signal ends the process.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_interrupt as *const () as usize;
            sa.sa_flags = libc::SA_RESETHAND;
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

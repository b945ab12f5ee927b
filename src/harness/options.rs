//! A campaign's options as the library's values, each with the default
//! every command shares: the limits of one run ([`Limits`]), the reduction
//! bounds ([`Reductions`]), the programs ([`Programs`]), the worker threads
//! ([`jobs`]) and the session's settings made of them ([`session`]), the
//! compiler under test and its reference ([`Selection`]), and the
//! interrupt handler a campaign installs.

use super::budget::{Budget, DEFAULT_TIME_BUDGET};
use super::compiler::Tools;
use super::course::resolve::{Given, Under};
use super::course::Course;
use super::reduce::Bounds;
use super::session::Settings;
use super::shard::Shard;
use super::target::{Compiler, Emit, Target};
use super::verdicts;
use spec::dialect::Dialect;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The harness's default oracle fuel: lower than `lloracle run`'s so that
/// the corpus's fuel-limit programs are skipped in about a second each,
/// and high enough for real course tests: COS320's `skip_list.ll 10000`
/// takes 23.4 million steps (docs/semantics.md, "Which memory applies").
/// At the oracle's speed in LLVM's memory (20-45 million steps a second,
/// twice, at two address layouts) a run this long takes about as long as
/// the native run's timeout.
pub const DEFAULT_FUEL: u64 = 100_000_000;

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
    /// The memory the oracle gives a back end's programs their meaning in
    /// (docs/semantics.md, "Which memory applies"): LLVMlite's tagged
    /// trees, the spec's, by default; LLVM's for a course whose tests are
    /// compiled by clang or llc and cc (a run whose output depends on
    /// addresses is then left out). A front end's output is always judged
    /// in LLVM's memory whatever this says.
    pub memory: oracle::MemoryModel,
    /// Without [`Limits::confine_to`], confine as `test-compiler` does by
    /// default ([`Tools::confine_by_default`]); false: unconfined.
    pub confine_by_default: bool,
}

impl Default for Limits {
    /// 10 s per compile or run, [`DEFAULT_FUEL`], [`DEFAULT_TIME_BUDGET`],
    /// LLVMlite's memory.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            fuel: DEFAULT_FUEL,
            time_budget: DEFAULT_TIME_BUDGET,
            confine_to: None,
            memory: oracle::MemoryModel::Llvmlite,
            confine_by_default: false,
        }
    }
}

impl Limits {
    /// Fresh tools for `target` with these limits (confined to
    /// [`Limits::confine_to`]'s submission when set); an error for LLVM's
    /// memory with an optimiser, whose comparison of programs is the tree
    /// memory's.
    pub fn tools(&self, target: &Target) -> Result<Tools, String> {
        if self.memory == oracle::MemoryModel::Llvm
            && matches!(target.compiler, super::target::Compiler::Optimiser { .. })
        {
            return Err(
                "--memory llvm judges a back end's programs; an optimiser's input and \
                 output are compared in LLVMlite's memory (docs/semantics.md, \"Which memory \
                 applies\")"
                    .into(),
            );
        }
        let mut tools = Tools::for_target(target, self.timeout)?;
        tools.oracle.fuel = self.fuel;
        tools.oracle.memory = self.memory;
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

/// The compiler under test and its reference as a command line names
/// them (`--cmd`, `--emit`, `--opt-cmd`, `--mutate`, `--reference`) with
/// the course conventions given: the one value every campaign command
/// turns its options into, and the one place they are resolved to a
/// [`Compiler`], a reference and a [`Course`].
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `--cmd`: a compiler command with `{in}` and `{out}` (or `{outdir}`).
    pub cmd: Option<String>,
    /// `--emit`: what `cmd` writes; `None`: LLVMlite (`--emit ll`, a front
    /// end).
    pub emit: Option<Emit>,
    /// `--opt-cmd`: an ll-to-ll optimiser.
    pub opt_cmd: Option<String>,
    /// `--mutate`: the built-in back end's planted bugs, comma-separated.
    pub mutate: Option<String>,
    /// `--reference`: the course's solution, a command of the compiler's
    /// kind.
    pub reference: Option<String>,
    /// `--runtime`, `--runtime-c`, `--link-flags`, `--entry`.
    pub given: Given,
}

impl Selection {
    /// What kind of compiler is under test.
    pub fn under(&self) -> Under {
        match (self.emit, &self.cmd, &self.opt_cmd) {
            (None, _, _) => Under::FrontEnd,
            (Some(Emit::Asm), Some(_), _) => Under::Asm,
            (Some(Emit::Exe), Some(_), _) => Under::Exe,
            (_, None, Some(_)) => Under::Optimiser,
            (_, None, None) => Under::Builtin,
        }
    }

    /// The compiler under test: `cmd` writing `emit` (a front end when
    /// `emit` is `None`), else the optimiser `opt_cmd`, else the built-in
    /// back end with the planted bugs `mutate` names; a command that does
    /// not name its input and output is refused.
    pub fn compiler(&self) -> Result<Compiler, String> {
        let need = super::compiler::check_command;
        if let Some(c) = &self.cmd {
            need(c)?;
            return Ok(match self.emit {
                Some(emit) => Compiler::Command {
                    cmd: c.clone(),
                    emit,
                },
                None => Compiler::FrontEnd { cmd: c.clone() },
            });
        }
        if let Some(c) = &self.opt_cmd {
            need(c)?;
            return Ok(Compiler::Optimiser { cmd: c.clone() });
        }
        let mutations = match &self.mutate {
            None => codegen::Mutations::NONE,
            Some(n) => codegen::Mutations::from_names(n)?,
        };
        Ok(Compiler::Builtin { mutations })
    }

    /// The reference solution (`None` without `--reference`): its command
    /// in the place of the compiler's, so that it is of the same kind;
    /// refused for the built-in back end, which has no reference solution.
    pub fn reference(&self) -> Result<Option<Compiler>, String> {
        let Some(r) = &self.reference else {
            return Ok(None);
        };
        let as_compiler = Selection {
            cmd: self.cmd.as_ref().map(|_| r.clone()),
            opt_cmd: self.opt_cmd.as_ref().map(|_| r.clone()),
            mutate: None,
            ..self.clone()
        };
        match as_compiler.compiler()? {
            Compiler::Builtin { .. } => Err(
                "--reference needs --cmd or --opt-cmd: it is a compiler of the same kind".into(),
            ),
            c => Ok(Some(c)),
        }
    }

    /// The course conventions of a compiler reading `dialect`
    /// ([`Given::back_end_course`]).
    pub fn course(&self, dialect: Option<&Dialect>) -> Result<Course, String> {
        self.given.back_end_course(self.under(), dialect)
    }

    /// The target: the compiler, its course, and `dialect` (not yet probed
    /// when `None`).
    pub fn target(&self, dialect: Option<Dialect>) -> Result<Target, String> {
        Ok(Target {
            compiler: self.compiler()?,
            course: self.course(dialect.as_ref())?,
            dialect,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds of compiler a command line can name, read off the
    /// options as docs/grading.md describes them: `--cmd` with `--emit
    /// asm|exe` is a back end, `--emit ll` a front end, `--opt-cmd` an
    /// optimiser, neither the built-in back end.
    #[test]
    fn a_selection_names_the_kind_of_compiler_and_its_reference() {
        let cmd = || Some("./c {in} {out}".to_string());
        let back_end = Selection {
            cmd: cmd(),
            emit: Some(Emit::Asm),
            reference: Some("./ref {in} {out}".into()),
            ..Selection::default()
        };
        assert_eq!(back_end.under(), Under::Asm);
        assert!(matches!(
            back_end.reference(),
            Ok(Some(Compiler::Command { cmd, emit: Emit::Asm })) if cmd == "./ref {in} {out}"
        ));
        let front_end = Selection {
            emit: None,
            ..back_end.clone()
        };
        assert_eq!(front_end.under(), Under::FrontEnd);
        assert!(matches!(
            front_end.reference(),
            Ok(Some(Compiler::FrontEnd { .. }))
        ));
        let optimiser = Selection {
            cmd: None,
            opt_cmd: cmd(),
            ..back_end.clone()
        };
        assert_eq!(optimiser.under(), Under::Optimiser);
        assert!(matches!(
            optimiser.reference(),
            Ok(Some(Compiler::Optimiser { .. }))
        ));
        // The built-in back end has no reference solution.
        let builtin = Selection {
            cmd: None,
            ..back_end.clone()
        };
        assert_eq!(builtin.under(), Under::Builtin);
        assert!(builtin.reference().is_err());
        // A command that does not say where its input is is refused.
        let no_input = Selection {
            cmd: Some("./c -o {out}".into()),
            ..back_end
        };
        assert!(no_input.compiler().is_err());
    }
}

//! What the compiler under test builds from one program, and running it:
//! the built-in back end in process, an external command `CMD {in} {out}`
//! whose assembly is linked here or whose executable is run under the safe
//! runner, an ll-to-ll optimiser whose output is parsed, checked and run on
//! the oracle. [`Tools`] owns what a session needs for that: the temporary
//! directory, the runtime object (compiled once), the limits.
//!
//! By topic: `template` (the command's placeholders), `temp` (files
//! removed when dropped), `build` (the four kinds of build), `command`
//! (running the compiler's command), `optimised` (an optimiser's output),
//! `link` (how assembly becomes something to run; the one module that
//! runs `cc`), `run` (running what was built).

mod build;
mod command;
mod link;
mod optimised;
mod run;
mod temp;
mod template;

pub use build::{BuildFailure, Built, SourceBuild};
pub use link::LINK_VAR;
pub use optimised::changed_functions;
pub use temp::TempPath;
pub use template::{check_command, check_runnable, PLACEHOLDERS};

use crate::harness::course::{entry_name, Course};
use crate::harness::stages::StageClock;
use crate::harness::target::Target;
use spec::dialect::Dialect;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Duration;
use toolchain::link::DirectLink;
use toolchain::process::Limits;

/// A session's own resources and the conventions it speaks to the
/// compiler in: a temporary directory, the runtime object (compiled once),
/// the limits of compiling and running, the oracle's options, and the
/// course conventions and dialect of its [`Target`] (fixed at creation).
pub struct Tools {
    dir: tempfile::TempDir,
    counter: AtomicU64,
    runtime: OnceLock<Result<PathBuf, String>>,
    /// How assembly is linked: `as` and `ld` as `cc` runs them, or `cc`
    /// itself and why ([`Tools::linking`]).
    direct: OnceLock<Result<DirectLink, String>>,
    /// The time spent in each stage ([`Tools::stages`]).
    stages: StageClock,
    /// Programs run in process, and programs linked ([`Tools::linked_by`]).
    in_process: AtomicUsize,
    linked: AtomicUsize,
    /// Set: no program runs in process ([`Tools::link_without_in_process`]).
    no_in_process: std::sync::atomic::AtomicBool,
    /// Wall-clock limit of one compile, link or run.
    pub timeout: Duration,
    /// The oracle's options (`argv[0]`, fuel, the entry the course's driver
    /// calls, the course's runtime).
    pub oracle: oracle::Options,
    course: Course,
    dialect: Option<Dialect>,
    /// Builds that failed with a compile error and succeeded when sent
    /// again alone.
    flaky_builds: AtomicUsize,
    /// The sandbox of a graded submission's compiler ([`Tools::confine_to`]:
    /// writes below the session's scratch folder, reads its own submission
    /// folder); none: it runs with lloracle's own rights.
    compiler_sandbox: Option<toolchain::Sandbox>,
    /// The sandbox of every executable a graded submission's compiler
    /// built (writes below the scratch folder, the system-call filter):
    /// docs/grading.md, "What a submission can and cannot do".
    program_sandbox: Option<toolchain::Sandbox>,
    /// Confined compiler runs that were refused an access ([`Tools::refused`]).
    refused: AtomicUsize,
}

/// The report header's `isolation` under [`Tools::confine_by_default`].
const NETWORK_ONLY: &str = "network namespace: the compiler and its programs have no network, \
     and your own rights otherwise (`--confine-to DIR` confines them as `lloracle grade` does)";

/// The report header's `isolation` of an unconfined session.
const UNCONFINED: &str = "none: the compiler and its programs run with lloracle's own rights \
     (`lloracle grade` confines them)";

impl Tools {
    /// Fresh tools with a new temporary directory, the default course
    /// conventions and no dialect (programs sent as lloracle prints them).
    pub fn new(timeout: Duration) -> Result<Tools, String> {
        Tools::with(Course::default(), None, timeout)
    }

    /// Fresh tools that speak to `target`'s compiler: its course
    /// conventions and dialect.
    pub fn for_target(target: &Target, timeout: Duration) -> Result<Tools, String> {
        Tools::with(target.course.clone(), target.dialect.clone(), timeout)
    }

    /// Fresh tools that link and run with `course`'s conventions (its
    /// runtime and link flags; the oracle starts where the course's driver
    /// does) and send programs in `dialect` (lowered into it where needed).
    pub fn with(
        course: Course,
        dialect: Option<Dialect>,
        timeout: Duration,
    ) -> Result<Tools, String> {
        let dir = tempfile::Builder::new()
            .prefix("lloracle-")
            .tempdir()
            .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        let oracle = oracle::Options {
            entry: entry_name(course.entry).to_string(),
            runtime: course.runtime,
            ..oracle::Options::default()
        };
        Ok(Tools {
            dir,
            counter: AtomicU64::new(0),
            flaky_builds: AtomicUsize::new(0),
            compiler_sandbox: None,
            program_sandbox: None,
            refused: AtomicUsize::new(0),
            runtime: OnceLock::new(),
            direct: OnceLock::new(),
            stages: StageClock::default(),
            in_process: AtomicUsize::new(0),
            linked: AtomicUsize::new(0),
            no_in_process: std::sync::atomic::AtomicBool::new(false),
            timeout,
            oracle,
            course,
            dialect,
        })
    }

    /// Confines every process started for the compiler of `submission`
    /// (its folder) and every executable it builds: they may write below
    /// this session's scratch folder only and read (the compiler) its own
    /// submission folder besides the system's; the executables also get
    /// the system-call filter.
    pub fn confine_to(&mut self, submission: &Path) {
        let scratch: PathBuf = self.dir.path().into();
        self.compiler_sandbox = Some(toolchain::Sandbox::new(
            vec![scratch.clone()],
            vec![submission.into()],
        ));
        self.program_sandbox = Some(toolchain::Sandbox::for_program(vec![scratch], vec![]));
    }

    /// `test-compiler`'s confinement without `--confine-to` (docs/grading.md,
    /// "What a submission can and cannot do"): the compiler and the
    /// executables it built have no network, and keep the user's rights
    /// on files and system calls (a student's compiler may write beside
    /// itself, and nothing it needs is taken away).
    pub fn confine_by_default(&mut self) {
        self.compiler_sandbox = Some(toolchain::Sandbox::network_only());
        self.program_sandbox = Some(toolchain::Sandbox::network_only());
    }

    /// The confinement in force for this session's compiler and the
    /// programs it built, in words (the report header's `isolation`).
    pub fn isolation(&self) -> String {
        let iso = toolchain::isolation();
        match &self.compiler_sandbox {
            Some(s) if s.confines_files() => iso.describe(),
            Some(_) if iso.network_namespace => NETWORK_ONLY.into(),
            _ => UNCONFINED.into(),
        }
    }

    /// How many confined compiler runs were refused an access (their
    /// error output says `Permission denied` or `Operation not
    /// permitted`).
    pub fn refused(&self) -> usize {
        self.refused.load(Ordering::Relaxed)
    }

    /// The dialect programs are sent in, if any.
    pub fn dialect(&self) -> Option<&Dialect> {
        self.dialect.as_ref()
    }

    /// The course driver's conventions in use.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// How many builds failed with a compile error and then succeeded
    /// when sent again alone (a flaky compiler or driver): those runs were
    /// judged on the second build.
    pub fn flaky_builds(&self) -> usize {
        self.flaky_builds.load(Ordering::Relaxed)
    }

    fn fresh(&self, ext: &str) -> PathBuf {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        self.dir.path().join(format!("p{n}{ext}"))
    }

    /// The limits of a compiler or `cc` run (`max_memory: None`), or of a
    /// compiled program (its memory and [`spec::limits::NATIVE_STACK_BYTES`]).
    fn limits(&self, max_memory: Option<u64>) -> Limits {
        Limits {
            timeout: self.timeout,
            max_memory,
            max_stdout: 1 << 20,
            max_stack: max_memory.map(|_| spec::limits::NATIVE_STACK_BYTES),
        }
    }

    /// The runtime object file (toolchain's build of the named runtime's
    /// bundled C, or of the course's C file), compiled on first use, once
    /// per session.
    pub fn runtime_object(&self) -> Result<&Path, String> {
        self.runtime
            .get_or_init(|| self.course.build_runtime(self.dir.path()))
            .as_deref()
            .map_err(Clone::clone)
    }

    /// The time this session spent in each stage so far.
    pub fn stages(&self) -> &StageClock {
        &self.stages
    }
}

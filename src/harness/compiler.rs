//! What the compiler under test builds from one program, and running it:
//! the built-in back end in process, an external command `CMD {in} {out}`
//! whose assembly is linked here or whose executable is run under the safe
//! runner, an ll-to-ll optimiser whose output is parsed, checked and run on
//! the oracle. [`Tools`] owns what a session needs for that: the temporary
//! directory, the runtime object (compiled once), the limits.

use super::course::{entry_name, Course};
use super::dialect::in_dialect;
use super::in_process;
use super::stages::{Stage, StageClock};
use super::target::{Compiler, Emit, Target};
use super::verdicts::Category;
use spec::dialect::Dialect;
use spec::{Outcome, Prog};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};
use std::time::Duration;
use toolchain::link::DirectLink;
use toolchain::process::{self, Ended, Limits};

/// The placeholders of a compiler command (`--cmd`, `--opt-cmd`), each
/// with what it stands for. Every run gets a fresh, empty `{outdir}` and
/// `{out}` is always `{outdir}/{stem}` with the output's extension (`.s`,
/// `.exe`, or `.ll` for an optimiser), so a course driver that writes
/// `DIR/NAME.s` for `-op DIR` (the ETH and CIS341 `main.native -S`) needs
/// no `{out}` at all: `./main.native -S -op {outdir} {in}`.
pub const PLACEHOLDERS: [(&str, &str); 4] = [
    ("{in}", "the program, a .ll file"),
    (
        "{out}",
        "the file to write (the assembly, executable or program)",
    ),
    (
        "{outdir}",
        "an empty folder for this run only; {out} is {outdir}/{stem}.s (.exe, .ll)",
    ),
    ("{stem}", "{in}'s file name without .ll"),
];

/// `Ok` when the command template `cmd` names its input (`{in}`) and
/// where its output goes (`{out}` or `{outdir}`); otherwise the message
/// a user sees, with the placeholders explained.
pub fn check_command(cmd: &str) -> Result<(), String> {
    if cmd.contains("{in}") && (cmd.contains("{out}") || cmd.contains("{outdir}")) {
        return Ok(());
    }
    let missing = if cmd.contains("{in}") {
        "{out} or {outdir} (where the output goes)"
    } else {
        "{in} (the program to compile)"
    };
    let list: Vec<String> = PLACEHOLDERS
        .iter()
        .map(|(p, what)| format!("  {p}: {what}"))
        .collect();
    Err(format!(
        "the command `{cmd}` lacks {missing}; the placeholders are\n{}\n\
         e.g. --cmd './main.native -S -op {{outdir}} {{in}}' for a course driver \
         that writes DIR/NAME.s for -op DIR",
        list.join("\n")
    ))
}

/// Can `compiler`'s command start, run as `sh -c` in `cwd`? The program
/// its first word names (after `VAR=value` assignments and `exec`,
/// `env`, `time`) must exist and be executable: a path (`./main.native`,
/// relative to `cwd`) or a name found on `PATH` or a shell builtin. A
/// first word that the shell computes (`$X`, a placeholder, a quote or a
/// subshell) is not checked. `Err` says what is missing, so that a
/// submission whose build made no compiler is refused before any program
/// is sent rather than failing every program as a compile error.
pub fn check_runnable(compiler: &Compiler, cwd: &Path) -> Result<(), String> {
    let cmd = match compiler {
        Compiler::Builtin { .. } => return Ok(()),
        Compiler::Command { cmd, .. }
        | Compiler::Optimiser { cmd }
        | Compiler::FrontEnd { cmd } => cmd,
    };
    let Some(word) = first_program(cmd) else {
        return Ok(());
    };
    let show = |p: &Path| {
        if p.is_absolute() {
            p.display().to_string()
        } else {
            let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
            format!("{} in {}", p.display(), cwd.display())
        }
    };
    if word.contains('/') {
        let p = Path::new(word);
        let abs = cwd.join(p);
        return match std::fs::metadata(&abs) {
            Err(_) => Err(format!(
                "the compiler `{word}` does not exist ({}): did the build make it? \
                 (command: `{cmd}`)",
                show(p)
            )),
            Ok(m) if m.is_dir() => Err(format!("the compiler `{word}` is a folder ({})", show(p))),
            Ok(m) if !is_executable(&m) => Err(format!(
                "the compiler `{word}` is not executable ({}; chmod +x it in the build)",
                show(p)
            )),
            Ok(_) => Ok(()),
        };
    }
    if SH_BUILTINS.contains(&word) || on_path(word) {
        return Ok(());
    }
    Err(format!(
        "the compiler's program `{word}` is not found on PATH (command: `{cmd}`)"
    ))
}

/// Words `sh` runs itself, which no `PATH` lookup finds.
const SH_BUILTINS: [&str; 14] = [
    "cd", ".", "eval", "set", "export", "true", ":", "test", "[", "if", "for", "while", "ulimit",
    "umask",
];

/// The program a shell command line starts with: its first word after
/// `VAR=value` assignments and the wrappers `exec`, `env`, `time`, `nice`;
/// `None` when that word is computed by the shell or quoted.
fn first_program(cmd: &str) -> Option<&str> {
    let mut words = cmd.split_whitespace();
    loop {
        let w = words.next()?;
        if w.contains('=') && !w.starts_with('=') && !w.contains('/') {
            continue;
        }
        if ["exec", "env", "time", "nice", "command"].contains(&w) {
            continue;
        }
        let computed = w.chars().any(|c| "$`'\"{}()\\*?<>|&;~".contains(c));
        return (!computed).then_some(w);
    }
}

fn is_executable(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.is_file() && m.permissions().mode() & 0o111 != 0
}

/// Is there an executable file `name` in a folder of `PATH`?
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .any(|d| std::fs::metadata(d.join(name)).is_ok_and(|m| is_executable(&m)))
    })
}

/// The names of the files in `dir`, for a message (`empty` when none).
fn folder_listing(dir: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    if names.is_empty() {
        format!("{} is empty", dir.display())
    } else {
        format!("{} holds: {}", dir.display(), names.join(", "))
    }
}

/// Why a program could not be built; the category and the compiler's words.
#[derive(Clone, Debug)]
pub struct BuildFailure {
    /// `CompileError`, `CompileTimeout` or `LinkError`.
    pub category: Category,
    /// The exit status and stderr, or the parse / check diagnostic.
    pub detail: String,
}

/// What the compiler built from one program, ready to run.
pub enum Built {
    /// The built-in back end's module (run natively in process).
    Module(codegen::Module),
    /// An executable file (removed on drop).
    Exe(TempPath),
    /// The compiler's assembly, assembled in process, run as the
    /// executable `cc` would link from it runs
    /// (docs/running-student-code.md, "Linking").
    InProcess(Box<codegen::att::Program>),
    /// An optimised program (run on the oracle).
    Prog {
        /// The optimiser's output, parsed and checked.
        prog: Box<Prog>,
        /// The functions whose printed text changed.
        changed: Vec<String>,
        /// A form of the output the campaign's dialect lacks (not a
        /// failure: a note in the reports).
        note: Option<String>,
    },
}

/// What a source-to-source compiler (a front end) made of one program.
#[derive(Clone, Debug)]
pub struct SourceBuild {
    /// The output file's bytes, when the command wrote it.
    pub output: Option<Vec<u8>>,
    /// How the command failed, if it did (with or without an output).
    pub failure: Option<BuildFailure>,
}

/// A folder removed, with its contents, when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file removed when dropped.
pub struct TempPath(pub PathBuf);

impl Drop for TempPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

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
    /// The oracle's options (argv[0], fuel, the entry the course's driver
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

/// The environment variable that rules the faster ways of linking out:
/// with `LLORACLE_LINK=cc` every link goes through `cc`, with
/// `LLORACLE_LINK=ld` through `as` and `ld` as `cc` runs them (else `cc`),
/// never in process (docs/running-student-code.md, "Linking").
pub const LINK_VAR: &str = "LLORACLE_LINK";

/// The value of [`LINK_VAR`], if set.
fn link_var() -> Option<String> {
    std::env::var_os(LINK_VAR).map(|v| v.to_string_lossy().into_owned())
}

/// Every build of a compiler command holds this shared; a build sent
/// again alone holds it exclusively (no other build of any campaign of
/// this process overlaps it).
static BUILDS: RwLock<()> = RwLock::new(());

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

    /// The confinement in force for this session's compiler and the
    /// programs it built, in words (the report header's `isolation`).
    pub fn isolation(&self) -> String {
        if self.compiler_sandbox.is_some() {
            toolchain::isolation().describe()
        } else {
            "none: the compiler and its programs run with lloracle's own rights (`lloracle grade` confines them)".into()
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

    /// Builds `prog` with `compiler`.
    pub fn build(&self, compiler: &Compiler, prog: &Prog) -> Result<Built, BuildFailure> {
        self.build_text(compiler, prog, None)
    }

    /// Builds `prog` with `compiler`, sending it `text` (`prog`'s own text,
    /// as written) or, when `None`, `prog` printed in the session's dialect.
    pub fn build_text(
        &self,
        compiler: &Compiler,
        prog: &Prog,
        text: Option<&str>,
    ) -> Result<Built, BuildFailure> {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        match compiler {
            Compiler::Builtin { mutations } => {
                let opts = codegen::CompileOptions {
                    comments: false,
                    mutations: *mutations,
                };
                self.stages
                    .time(Stage::Compile, || codegen::compile_with(prog, &opts))
                    .map(Built::Module)
                    .map_err(|e| fail(CompileError, e.to_string()))
            }
            Compiler::Command { cmd, emit } => {
                let input = TempPath(self.fresh(".ll"));
                let ext = match emit {
                    Emit::Asm => ".s",
                    Emit::Exe => ".exe",
                };
                let (_outdir, out) = self.output_beside(&input.0, ext)?;
                self.stages.time(Stage::Compile, || {
                    self.run_command(cmd, prog, text, &input.0, &out)
                })?;
                match emit {
                    Emit::Exe => {
                        let exe = TempPath(self.fresh(".exe"));
                        std::fs::rename(&out, &exe.0).map_err(|e| {
                            fail(CompileError, format!("cannot move the executable: {e}"))
                        })?;
                        Ok(Built::Exe(exe))
                    }
                    Emit::Asm => self.link(&out),
                }
            }
            Compiler::FrontEnd { .. } => Err(fail(
                CompileError,
                "lloracle: a front end compiles Oat programs, not LLVMlite (crate::frontend)"
                    .into(),
            )),
            Compiler::Optimiser { cmd } => {
                let input = TempPath(self.fresh(".ll"));
                let (_outdir, out) = self.output_beside(&input.0, ".ll")?;
                self.stages.time(Stage::Compile, || {
                    self.run_command(cmd, prog, text, &input.0, &out)
                })?;
                let text = crate::input::read_input(&out)
                    .map_err(|e| fail(CompileError, format!("no usable output file: {e}")))?;
                let src = spec::Source::new(
                    "optimiser output".to_string(),
                    String::from_utf8_lossy(&text).into_owned(),
                );
                let opt = spec::parse(&src).map_err(|d| {
                    fail(
                        CompileError,
                        format!("the output does not parse:\n{}", d.render(&src)),
                    )
                })?;
                if let Err(ds) = spec::check(&opt) {
                    let text: String = ds.iter().map(|d| d.render(&src)).collect();
                    return Err(fail(
                        CompileError,
                        format!("the output is ill-typed:\n{text}"),
                    ));
                }
                // Judged by its meaning, read in lloracle's widest dialect:
                // the course's pipeline hands the optimised program to its
                // back end in memory and never re-reads the printed text, so
                // a form its parser could not read back (a folded constant
                // of 2^62 or more) is a note, not a failure.
                let note = self.dialect.as_ref().and_then(|d| {
                    spec::dialect::conforms(&src, d).err().map(|u| {
                        format!(
                            "the output uses `{}` (line {}: {}), which the {} dialect's parser could not read back; not a failure",
                            u.feature.name(),
                            u.line(&src),
                            u.what,
                            d.name
                        )
                    })
                });
                let changed = changed_functions(prog, &opt);
                Ok(Built::Prog {
                    prog: Box::new(opt),
                    changed,
                    note,
                })
            }
        }
    }

    /// A fresh empty folder for one compiler run (`{outdir}`, removed when
    /// the guard drops) and the output file in it: `{outdir}/{stem}EXT`,
    /// where `{stem}` is `input`'s name without `.ll`, the file a course
    /// driver given `-op {outdir}` writes (see [`PLACEHOLDERS`]).
    fn output_beside(
        &self,
        input: &Path,
        ext: &str,
    ) -> Result<(tempfile::TempDir, PathBuf), BuildFailure> {
        let dir = tempfile::Builder::new()
            .prefix("out")
            .tempdir_in(self.dir.path())
            .map_err(|e| BuildFailure {
                category: Category::CompileError,
                detail: format!("cannot create the output folder: {e}"),
            })?;
        let stem = input.file_stem().unwrap_or_default().to_string_lossy();
        let out = dir.path().join(format!("{stem}{ext}"));
        Ok((dir, out))
    }

    /// Writes `text` (or `prog` printed in the session's dialect) to
    /// `input` and runs `cmd` with the [`PLACEHOLDERS`] replaced (`{out}`
    /// is `out`, `{outdir}` its folder, `{stem}` `input`'s name without
    /// `.ll`).
    fn run_command(
        &self,
        cmd: &str,
        prog: &Prog,
        text: Option<&str>,
        input: &Path,
        out: &Path,
    ) -> Result<(), BuildFailure> {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        let printed;
        let text = match text {
            Some(t) => t,
            None => {
                printed = self.text_of(prog).map_err(|e| {
                    fail(
                        CompileError,
                        format!("lloracle: the program has no equivalent in the dialect: {e}"),
                    )
                })?;
                &printed
            }
        };
        std::fs::write(input, text)
            .map_err(|e| fail(CompileError, format!("cannot write the program: {e}")))?;
        let outdir = out.parent().unwrap_or(Path::new("."));
        let stem = input.file_stem().unwrap_or_default();
        // `{outdir}` before `{out}`: the one must not be read as the other.
        let line = toolchain::shell::fill(
            cmd,
            &[
                ("{in}", &input.to_string_lossy()),
                ("{outdir}", &outdir.to_string_lossy()),
                ("{stem}", &stem.to_string_lossy()),
                ("{out}", &out.to_string_lossy()),
            ],
        );
        self.run_confirmed(&line, out, outdir)
    }

    /// Runs the filled command line `line` (its output `out` in `outdir`).
    /// A compile error is confirmed alone: sent again while no other build
    /// runs (course drivers race on a fixed `output/` folder when runs
    /// overlap); a build that then succeeds is counted as flaky, not as the
    /// compiler's failure (docs/grading.md). A failed run that still wrote
    /// `out` is not sent again: a front end's driver writes its `.ll`
    /// before its own back end runs, and that back end's failure is not
    /// the front end's.
    fn run_confirmed(&self, line: &str, out: &Path, outdir: &Path) -> Result<(), BuildFailure> {
        let first = {
            let _shared = BUILDS.read().unwrap_or_else(PoisonError::into_inner);
            self.run_line(line, out, outdir)
        };
        match first {
            Err(f) if f.category == Category::CompileError && !out.exists() => {
                let _alone = BUILDS.write().unwrap_or_else(PoisonError::into_inner);
                let again = self.run_line(line, out, outdir);
                if again.is_ok() {
                    self.flaky_builds.fetch_add(1, Ordering::Relaxed);
                }
                again
            }
            r => r,
        }
    }

    /// Compiles a source file (an Oat program for a front end) with the
    /// command template `cmd`: `text` is written to a fresh folder as
    /// `file_name` (`{in}`; `{stem}` is its name without the extension),
    /// and the output is read from `{outdir}/{stem}{out_ext}` (`{out}`).
    /// The output is returned whenever the command wrote it, even when the
    /// command then failed (the failure comes too): a course driver writes
    /// the front end's `.ll` before its bundled back end runs, and a
    /// failure of that back end must not hide it.
    pub fn compile_source(
        &self,
        cmd: &str,
        file_name: &str,
        text: &str,
        out_ext: &str,
    ) -> SourceBuild {
        let fail = |detail: String| SourceBuild {
            output: None,
            failure: Some(BuildFailure {
                category: Category::CompileError,
                detail,
            }),
        };
        let folder = self.fresh("");
        if let Err(e) = std::fs::create_dir(&folder) {
            return fail(format!("cannot create the input folder: {e}"));
        }
        let _folder = TempDir(folder.clone());
        let input = folder.join(file_name);
        if let Err(e) = std::fs::write(&input, text) {
            return fail(format!("cannot write the program: {e}"));
        }
        let (outdir, out) = match self.output_beside(&input, out_ext) {
            Ok(x) => x,
            Err(f) => return fail(f.detail),
        };
        let stem = input.file_stem().unwrap_or_default();
        let line = toolchain::shell::fill(
            cmd,
            &[
                ("{in}", &input.to_string_lossy()),
                ("{outdir}", &outdir.path().to_string_lossy()),
                ("{stem}", &stem.to_string_lossy()),
                ("{out}", &out.to_string_lossy()),
            ],
        );
        let failure = self.run_confirmed(&line, &out, outdir.path()).err();
        SourceBuild {
            output: std::fs::read(&out).ok(),
            failure,
        }
    }

    /// Runs the filled command line `line` once; `Ok` when it exits 0 and
    /// wrote `out` (in `outdir`).
    fn run_line(&self, line: &str, out: &Path, outdir: &Path) -> Result<(), BuildFailure> {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        let mut c = Command::new("sh");
        c.arg("-c").arg(line);
        let sandbox = self.compiler_sandbox.as_ref();
        let f = process::run_confined(c, &[], &self.limits(None), sandbox)
            .map_err(|e| fail(CompileError, format!("cannot run sh: {e}")))?;
        let stderr = String::from_utf8_lossy(&f.stderr).into_owned();
        if sandbox.is_some() && refused_words(&stderr) {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        match f.ended {
            Ended::Exited(0) if out.exists() => Ok(()),
            Ended::Exited(0) => Err(fail(
                CompileError,
                format!(
                    "exit 0 but no output file {} ({})\n{stderr}",
                    out.display(),
                    folder_listing(outdir)
                ),
            )),
            Ended::Exited(c) => Err(fail(CompileError, format!("exit {c}\n{stderr}"))),
            Ended::Signaled(s) => Err(fail(CompileError, format!("signal {s}\n{stderr}"))),
            Ended::OverCap => Err(fail(CompileError, format!("too much output\n{stderr}"))),
            Ended::TimedOut => Err(fail(
                CompileTimeout,
                format!("no result after {:?}\n{stderr}", self.timeout),
            )),
        }
    }

    /// The text of `prog` for the compiler under test: printed in the
    /// session's dialect (lowered into it where needed), or canonical when
    /// there is none; `Err` names the feature with no equivalent there.
    pub fn text_of(&self, prog: &Prog) -> Result<String, String> {
        match &self.dialect {
            None => Ok(spec::print(prog)),
            Some(d) => in_dialect(prog, d).map_err(|e| e.to_string()),
        }
    }

    /// What runs assembly `s`: the program assembled in process, when it
    /// runs as its executable would ([`Tools::in_process`]); else the
    /// executable linked with the runtime: directly, with the `as` and
    /// `ld` command lines `cc` runs ([`Tools::linking`]), when the session
    /// can; else, or when that fails, with `cc` ([`Tools::link_with_cc`]),
    /// so that a failure's category and words are always `cc`'s.
    fn link(&self, s: &Path) -> Result<Built, BuildFailure> {
        self.stages.time(Stage::Link, || {
            if let Some(p) = self.in_process(s) {
                self.in_process.fetch_add(1, Ordering::Relaxed);
                return Ok(Built::InProcess(Box::new(p)));
            }
            self.linked.fetch_add(1, Ordering::Relaxed);
            self.link_exe(s).map(Built::Exe)
        })
    }

    /// Assembly `s` read and assembled in process, when this session may
    /// run programs so ([`in_process::course_allows`], no [`LINK_VAR`])
    /// and `s` is in the subset and uses only runtime functions that run
    /// in process ([`in_process::refusal`]); else `None` (it is linked).
    fn in_process(&self, s: &Path) -> Option<codegen::att::Program> {
        if link_var().is_some()
            || self.no_in_process.load(Ordering::Relaxed)
            || !in_process::course_allows(&self.course)
        {
            return None;
        }
        let text = std::fs::read_to_string(s).ok()?;
        let p = codegen::att::Program::read(&text).ok()?;
        in_process::refusal(&p, self.course.runtime)
            .is_none()
            .then_some(p)
    }

    /// Links assembly `s` into an executable ([`Tools::link`]).
    fn link_exe(&self, s: &Path) -> Result<TempPath, BuildFailure> {
        {
            let exe = TempPath(self.fresh(".exe"));
            if let Ok(direct) = self.linking() {
                let obj = TempPath(self.fresh(".o"));
                let limits = self.limits(None);
                let linked = direct
                    .assemble(s, &obj.0, &limits)
                    .and_then(|()| direct.link(&obj.0, &exe.0, &limits));
                if linked.is_ok() {
                    return Ok(exe);
                }
            }
            self.link_with_cc(s, exe)
        }
    }

    /// How this session links assembly: `Ok` with the `as` and `ld`
    /// command lines `cc -###` gave (asked once, and checked to write the
    /// object and executable `cc` writes from a sample program,
    /// [`DirectLink::verify`]), or
    /// `Err` why every link goes through `cc`: [`LINK_VAR`]`=cc`, no `cc`,
    /// or `cc` links in a way lloracle does not run itself (another
    /// linker, more steps).
    pub fn linking(&self) -> Result<&DirectLink, &str> {
        self.direct
            .get_or_init(|| self.probe_direct_link())
            .as_ref()
            .map_err(String::as_str)
    }

    /// Makes every link of this session go through `cc` (as
    /// [`LINK_VAR`]`=cc` does), giving `why`, and no program run in
    /// process; the choice of `cc` has no effect once the session has
    /// linked.
    pub fn link_with_cc_only(&self, why: &str) {
        self.link_without_in_process();
        let _ = self.direct.set(Err(why.to_string()));
    }

    /// Makes every program of this session linked (as any other
    /// [`LINK_VAR`] value than `cc` does): none runs in process.
    pub fn link_without_in_process(&self) {
        self.no_in_process.store(true, Ordering::Relaxed);
    }

    /// How this session linked, if it linked anything (the report's
    /// `linking`): `direct` (`as` and `ld` as `cc` runs them, a failure
    /// done again with `cc`) or `cc: WHY`; when programs ran in process,
    /// `in-process N of T` and, if any was linked, `; the rest: ` and how.
    pub fn linked_by(&self) -> Option<String> {
        let linked = self.direct.get().map(|d| match d {
            Ok(_) => "direct".to_string(),
            Err(why) => format!("cc: {why}"),
        });
        let n = self.in_process.load(Ordering::Relaxed);
        if n == 0 {
            return linked;
        }
        let total = n + self.linked.load(Ordering::Relaxed);
        Some(match linked {
            Some(l) => format!("in-process {n} of {total}; the rest: {l}"),
            None => format!("in-process {n} of {total}"),
        })
    }

    /// How many programs ran in process and how many were linked.
    pub fn link_counts(&self) -> (usize, usize) {
        (
            self.in_process.load(Ordering::Relaxed),
            self.linked.load(Ordering::Relaxed),
        )
    }

    fn probe_direct_link(&self) -> Result<DirectLink, String> {
        if link_var().is_some_and(|v| v == "cc") {
            return Err(format!("{LINK_VAR}=cc"));
        }
        let cc = toolchain::tools::cc().ok_or("no C compiler (cc or gcc)")?;
        let rt = self.runtime_object()?;
        let flags = &self.course.link_flags;
        let limits = self.limits(None);
        let direct = DirectLink::probe(&cc, rt, flags, self.dir.path(), &limits)?;
        let entry = entry_name(self.course.entry);
        // With a local symbol, which names the object in the executable.
        let sample = format!(
            "\t.text\n\t.globl {entry}\n{entry}:\n\tcallq lloracle_f\n\tret\nlloracle_f:\n\txorl %eax, %eax\n\tret\n"
        );
        direct.verify(&cc, rt, flags, &sample, self.dir.path(), &limits)?;
        Ok(direct)
    }

    /// The time this session spent in each stage so far.
    pub fn stages(&self) -> &StageClock {
        &self.stages
    }

    /// Links assembly `s` with the runtime into `exe` with `cc`. When that
    /// fails, `cc -c` alone tells an assembler error (the assembly itself
    /// is wrong) from a link error (it assembles, the symbols do not fit).
    fn link_with_cc(&self, s: &Path, exe: TempPath) -> Result<TempPath, BuildFailure> {
        match self.link_to(s, &exe.0) {
            Ok(()) => Ok(exe),
            Err(detail) => {
                let category = match self.assemble(s) {
                    Err(asm) => {
                        return Err(BuildFailure {
                            category: Category::AssembleError,
                            detail: asm,
                        })
                    }
                    Ok(()) => Category::LinkError,
                };
                Err(BuildFailure { category, detail })
            }
        }
    }

    /// Assembles `s` alone (`cc -c`); `Err` has cc's words.
    fn assemble(&self, s: &Path) -> Result<(), String> {
        let obj = TempPath(self.fresh(".o"));
        self.cc("cc -c", |cmd| {
            cmd.arg("-c").arg("-o").arg(&obj.0).arg(s);
        })
    }

    /// Links assembly `s` with the runtime object into the executable `exe`
    /// with `cc` (and the course's link flags); `Err` has cc's words.
    pub fn link_to(&self, s: &Path, exe: &Path) -> Result<(), String> {
        let rt = self.runtime_object()?;
        self.cc("cc", |cmd| {
            cmd.arg("-o").arg(exe).arg(s).arg(rt);
            cmd.args(&self.course.link_flags);
        })
    }

    /// Runs `cc` with the arguments `args` adds; `Err` is `what`, how it
    /// ended and its words.
    fn cc(&self, what: &str, args: impl FnOnce(&mut Command)) -> Result<(), String> {
        let cc = toolchain::tools::cc().ok_or("no C compiler (cc or gcc)")?;
        let mut cmd = Command::new(cc);
        args(&mut cmd);
        let f = process::run(cmd, &self.limits(None)).map_err(|e| format!("{what}: {e}"))?;
        match f.ended {
            Ended::Exited(0) => Ok(()),
            e => Err(format!(
                "{what}: {}\n{}",
                ended_words(&e),
                String::from_utf8_lossy(&f.stderr)
            )),
        }
    }

    /// Runs what was built with `args` as argv[1..] and argv[0] the oracle's
    /// program name: the outcome to compare with the oracle's.
    pub fn run(&self, built: &Built, args: &[String]) -> Outcome {
        self.run_with_steps(built, args).0
    }

    /// [`Tools::run`], with the oracle's step count (`oracle::Stats`) when
    /// what was built is an optimised program run on the oracle.
    pub fn run_with_steps(&self, built: &Built, args: &[String]) -> (Outcome, Option<u64>) {
        self.stages
            .time(Stage::Run, || self.run_timed(built, args, self.timeout))
    }

    /// [`Tools::run`] with another wall-clock limit than the session's
    /// (a reduction's candidates of a run past the timeout: see
    /// `reduce::CANDIDATE_TIMEOUT`).
    pub fn run_within(&self, built: &Built, args: &[String], timeout: Duration) -> Outcome {
        self.stages
            .time(Stage::Run, || self.run_timed(built, args, timeout))
            .0
    }

    fn run_timed(
        &self,
        built: &Built,
        args: &[String],
        timeout: Duration,
    ) -> (Outcome, Option<u64>) {
        let limits = Limits {
            timeout,
            ..self.limits(Some(1 << 30))
        };
        let o = match built {
            Built::Module(m) => {
                let opts = codegen::NativeOptions {
                    program_name: self.oracle.program_name.clone(),
                    timeout,
                    ..codegen::NativeOptions::default()
                };
                m.run(args, &opts).unwrap_or_else(|e| Outcome::Crashed {
                    signal: 0,
                    stdout: format!("native run failed: {e}").into_bytes(),
                })
            }
            Built::Exe(p) => {
                let mut cmd = Command::new(&p.0);
                cmd.arg0(&self.oracle.program_name).args(args);
                let sandbox = self.program_sandbox.as_ref();
                match process::run_confined(cmd, &[], &limits, sandbox) {
                    Ok(f) => match f.ended {
                        Ended::Exited(c) => Outcome::Exited {
                            code: c as u8,
                            stdout: f.stdout,
                        },
                        Ended::Signaled(s) => Outcome::Crashed {
                            signal: s,
                            stdout: f.stdout,
                        },
                        Ended::OverCap => Outcome::Crashed {
                            signal: libc::SIGXFSZ,
                            stdout: f.stdout,
                        },
                        Ended::TimedOut => Outcome::Timeout { stdout: f.stdout },
                    },
                    Err(e) => Outcome::Crashed {
                        signal: 0,
                        stdout: e.into_bytes(),
                    },
                }
            }
            Built::InProcess(p) => self.run_in_process(p, args, &limits),
            Built::Prog { prog: p, .. } => {
                let (o, s) = oracle::run_with_stats(p, None, args, &self.oracle);
                return (o, Some(s.executed));
            }
        };
        (o, None)
    }
}

impl Tools {
    /// Runs an assembled program as its executable would run under
    /// `limits` ([`Tools::limits`], the timeout perhaps another): the same
    /// timeout, output cap, address space and
    /// stack ([`spec::limits::NATIVE_STACK_BYTES`]); main's result is the
    /// exit status, its low 8 bits (docs/running-student-code.md,
    /// "Linking", for what can still differ).
    fn run_in_process(
        &self,
        p: &codegen::att::Program,
        args: &[String],
        limits: &Limits,
    ) -> Outcome {
        let opts = codegen::NativeOptions {
            program_name: self.oracle.program_name.clone(),
            timeout: limits.timeout,
            max_stdout: limits.max_stdout,
            max_memory: limits.max_memory.unwrap_or(1 << 30),
            stack_size: spec::limits::NATIVE_STACK_BYTES as usize,
            ..codegen::NativeOptions::default()
        };
        match codegen::runner::run_program(p, args, &opts) {
            Ok(Outcome::Returned { value, stdout }) => Outcome::Exited {
                code: value as u8,
                stdout,
            },
            Ok(o) => o,
            Err(e) => Outcome::Crashed {
                signal: 0,
                stdout: format!("native run failed: {e}").into_bytes(),
            },
        }
    }
}

/// The functions of `before` whose printed text differs in `after` (or
/// that `after` lacks), by name. Linear in the number of functions: each
/// is looked up by name once and printed only when its syntax differs.
pub fn changed_functions(before: &Prog, after: &Prog) -> Vec<String> {
    let after_by_name: std::collections::HashMap<&str, &spec::ast::Fdecl> =
        after.fdecls.iter().map(|f| (f.name.as_str(), f)).collect();
    let text = |f: &spec::ast::Fdecl| {
        spec::print(&Prog {
            fdecls: vec![f.clone()],
            ..Prog::default()
        })
    };
    before
        .fdecls
        .iter()
        .filter(|f| {
            after_by_name
                .get(f.name.as_str())
                .is_none_or(|g| *g != *f && text(f) != text(g))
        })
        .map(|f| f.name.clone())
        .collect()
}

/// How a tool ended, in words: `exit 1`, `signal 9`, `ran past the
/// timeout`, `too much output`.
fn ended_words(e: &Ended) -> String {
    match e {
        Ended::Exited(c) => format!("exit {c}"),
        Ended::Signaled(s) => format!("signal {s}"),
        Ended::TimedOut => "ran past the timeout".into(),
        Ended::OverCap => "too much output".into(),
    }
}

/// Whether a confined run's error output says the sandbox refused it an
/// access: the C library's words for `EACCES` and `EPERM`.
fn refused_words(stderr: &str) -> bool {
    stderr.contains("Permission denied") || stderr.contains("Operation not permitted")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(cmd: &str) -> Compiler {
        Compiler::Command {
            cmd: cmd.into(),
            emit: Emit::Asm,
        }
    }

    /// Where `cc` runs, a session links directly (`LLORACLE_LINK=cc`,
    /// which rules that out, is tried through the command line in
    /// tests/testsuite/link_paths.rs).
    #[test]
    fn a_session_links_directly_where_cc_runs() {
        if toolchain::tools::cc().is_none() || std::env::var_os(LINK_VAR).is_some() {
            eprintln!("SKIP: no cc, or {LINK_VAR} is set");
            return;
        }
        let t = Tools::new(Duration::from_secs(60)).expect("tools");
        assert_eq!(t.linked_by(), None, "nothing linked yet");
        assert!(t.linking().is_ok(), "{:?}", t.linking().err());
        assert_eq!(t.linked_by().as_deref(), Some("direct"));
    }

    #[test]
    fn a_command_names_its_input_and_where_its_output_goes() {
        assert!(check_command("./main.native -S -op {outdir} {in}").is_ok());
        assert!(check_command("./c {in} -o {out}").is_ok());
        let e = check_command("./c {in}").unwrap_err();
        assert!(e.contains("lacks {out} or {outdir}"), "{e}");
        let e = check_command("./c -o {out}").unwrap_err();
        assert!(e.contains("lacks {in}"), "{e}");
    }

    #[test]
    fn the_program_a_command_starts_must_exist() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let e =
            check_runnable(&command("./main.native -S -op {outdir} {in}"), dir.path()).unwrap_err();
        assert!(e.contains("`./main.native` does not exist"), "{e}");
        // Past assignments and `exec`.
        let e = check_runnable(&command("X=1 exec ./c {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("`./c` does not exist"), "{e}");
        let exe = dir.path().join("c");
        std::fs::write(&exe, "#!/bin/sh\n").expect("write");
        let e = check_runnable(&command("./c {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("not executable"), "{e}");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        assert!(check_runnable(&command("./c {in} {out}"), dir.path()).is_ok());
        // `sh` is on every PATH; a word the shell computes is not checked.
        assert!(check_runnable(&command("sh ./c {in} {out}"), dir.path()).is_ok());
        assert!(check_runnable(&command("$CC {in} -o {out}"), dir.path()).is_ok());
        let e = check_runnable(&command("no-such-compiler-x {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("not found on PATH"), "{e}");
    }
}

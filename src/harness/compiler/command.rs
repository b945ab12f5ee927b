//! Running the compiler's command: its input written, the template
//! filled, `sh -c` run (confined for a graded submission), a compile error
//! confirmed alone, and the output found in a fresh `{outdir}`.

use super::build::{BuildFailure, SourceBuild};
use super::temp::TempDir;
use super::Tools;
use crate::harness::verdicts::Category;
use spec::Prog;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::Ordering;
use std::sync::{PoisonError, RwLock};
use toolchain::process::{self, Ended};

/// Every build of a compiler command holds this shared; a build sent
/// again alone holds it exclusively (no other build of any campaign of
/// this process overlaps it).
static BUILDS: RwLock<()> = RwLock::new(());

impl Tools {
    /// A fresh empty folder for one compiler run (`{outdir}`, removed when
    /// the guard drops) and the output file in it: `{outdir}/{stem}EXT`,
    /// where `{stem}` is `input`'s name without `.ll`, the file a course
    /// driver given `-op {outdir}` writes (see [`PLACEHOLDERS`]).
    pub(super) fn output_beside(
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
    pub(super) fn run_command(
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
        self.run_confirmed(&line, out, outdir).0
    }

    /// Runs the filled command line `line` (its output `out` in `outdir`).
    /// A compile error is confirmed alone: sent again while no other build
    /// runs (course drivers race on a fixed `output/` folder when runs
    /// overlap); a build that then succeeds is counted as flaky, not as the
    /// compiler's failure (docs/grading.md). A failed run that still wrote
    /// `out` is not sent again: a front end's driver writes its `.ll`
    /// before its own back end runs, and that back end's failure is not
    /// the front end's. How the last run ended comes too (`None` when `sh`
    /// could not be started).
    fn run_confirmed(&self, line: &str, out: &Path, outdir: &Path) -> Ran {
        let first = {
            let _shared = BUILDS.read().unwrap_or_else(PoisonError::into_inner);
            self.run_line(line, out, outdir)
        };
        match first {
            (Err(f), _) if f.category == Category::CompileError && !out.exists() => {
                let _alone = BUILDS.write().unwrap_or_else(PoisonError::into_inner);
                let again = self.run_line(line, out, outdir);
                if again.0.is_ok() {
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
            ended: None,
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
        let (result, ended) = self.run_confirmed(&line, &out, outdir.path());
        SourceBuild {
            output: std::fs::read(&out).ok(),
            failure: result.err(),
            ended,
        }
    }

    /// Runs the filled command line `line` once; `Ok` when it exits 0 and
    /// wrote `out` (in `outdir`); how it ended comes too.
    fn run_line(&self, line: &str, out: &Path, outdir: &Path) -> Ran {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        let mut c = Command::new("sh");
        c.arg("-c").arg(line);
        let sandbox = self.compiler_sandbox.as_ref();
        let f = match process::run_confined(c, &[], &self.limits(None), sandbox) {
            Ok(f) => f,
            Err(e) => return (Err(fail(CompileError, format!("cannot run sh: {e}"))), None),
        };
        let stderr = String::from_utf8_lossy(&f.stderr).into_owned();
        if sandbox.is_some() && refused_words(&stderr) {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        let result = match f.ended {
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
        };
        (result, Some(f.ended))
    }
}

/// One run of a compiler command: `Ok` when it wrote its output and
/// exited 0, and how it ended (`None`: `sh` could not be started).
type Ran = (Result<(), BuildFailure>, Option<Ended>);

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

/// Whether a confined run's error output says the sandbox refused it an
/// access: the C library's words for `EACCES` and `EPERM`.
fn refused_words(stderr: &str) -> bool {
    stderr.contains("Permission denied") || stderr.contains("Operation not permitted")
}

//! The C runtime (codegen/runtime/llrt.c: `ll_puts`, `ll_strcat`,
//! `ll_ltoa`) built for LLVM's `lli -load` and for linking executables.

use crate::process::{run, Limits};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The text of the C runtime, the one file every native route links with.
pub const RUNTIME_C: &str = include_str!("../../codegen/runtime/llrt.c");

/// Builds the runtime as a shared object in `dir` for `lli -load`.
pub fn build_runtime_shared(dir: &Path) -> Result<PathBuf, String> {
    build(dir, "llrt.so", &["-shared", "-fPIC", "-O1"])
}

/// Builds the runtime as an object file in `dir`, to link executables with.
pub fn build_runtime_object(dir: &Path) -> Result<PathBuf, String> {
    build(dir, "llrt.o", &["-c", "-O1"])
}

/// Builds the runtime as an object file in `dir` whose C `main` calls
/// `program(argc, argv)`: for courses whose programs start at `@program`.
pub fn build_runtime_object_calling_program(dir: &Path) -> Result<PathBuf, String> {
    build(
        dir,
        "llrt-program.o",
        &["-c", "-O1", "-DLLRT_MAIN_CALLS_PROGRAM"],
    )
}

/// Builds a course's own C runtime `src` as an object file in `dir` (from
/// its own place, so that its `#include "..."` files are found).
pub fn build_course_runtime_object(dir: &Path, src: &Path) -> Result<PathBuf, String> {
    compile_c(src, &dir.join("course-runtime.o"), &["-c", "-O1"])
}

fn build(dir: &Path, out_name: &str, flags: &[&str]) -> Result<PathBuf, String> {
    let src = dir.join("llrt.c");
    std::fs::write(&src, RUNTIME_C).map_err(|e| format!("{}: {e}", src.display()))?;
    compile_c(&src, &dir.join(out_name), flags)
}

/// `cc FLAGS -o out src`; `Err` has the compiler's words.
fn compile_c(src: &Path, out: &Path, flags: &[&str]) -> Result<PathBuf, String> {
    let cc = crate::tools::cc().ok_or("no C compiler (cc or gcc) found")?;
    let mut cmd = Command::new(cc);
    cmd.args(flags).arg("-o").arg(out).arg(src);
    let r = run(cmd, &Limits::tool(Duration::from_secs(60)))?;
    if r.status() != Some(0) {
        return Err(format!(
            "building the C runtime {} failed:\n{}",
            src.display(),
            String::from_utf8_lossy(&r.stderr)
        ));
    }
    Ok(out.to_path_buf())
}

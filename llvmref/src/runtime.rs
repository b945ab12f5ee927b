//! The C runtime (codegen/runtime/llrt.c: `ll_puts`, `ll_strcat`,
//! `ll_ltoa`) built for LLVM's `lli -load` and for linking executables.

use crate::process::run_with_timeout;
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

fn build(dir: &Path, out_name: &str, flags: &[&str]) -> Result<PathBuf, String> {
    let cc = crate::tools::cc().ok_or("no C compiler (cc or gcc) found")?;
    let src = dir.join("llrt.c");
    std::fs::write(&src, RUNTIME_C).map_err(|e| format!("{}: {e}", src.display()))?;
    let out = dir.join(out_name);
    let mut cmd = Command::new(cc);
    cmd.args(flags).arg("-o").arg(&out).arg(&src);
    let run = run_with_timeout(cmd, Duration::from_secs(60))?;
    if run.status != Some(0) {
        return Err(format!(
            "building the C runtime failed:\n{}",
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    Ok(out)
}

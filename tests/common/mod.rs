//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::process::Command;

/// Runs the `lloracle` binary with `args`: (exit code, stdout, stderr).
pub fn lloracle(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run lloracle: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

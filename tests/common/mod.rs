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

/// True when `cc` runs here; otherwise prints a visible `SKIP:` notice
/// saying what is skipped (`what`) and returns false.
pub fn have_cc(what: &str) -> bool {
    let ok = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("SKIP: cc is not installed; {what}");
    }
    ok
}

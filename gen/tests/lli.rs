//! Generated programs mean the same to LLVM: for 200 programs, the printed
//! text run by LLVM 14's `lli` (linked with the C runtime,
//! codegen/runtime/llrt.c) exits with the oracle's result mod 256 and prints
//! the oracle's stdout. Skips with a notice when lli or gcc is absent.

mod common;

use common::{is_known_oracle_bug, run};
use spec::Outcome;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn tool(names: &[&str]) -> Option<String> {
    names.iter().find_map(|n| {
        Command::new(n)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()
            .filter(|s| s.success())
            .map(|_| n.to_string())
    })
}

/// Builds llrt.so from the runtime's C source into `dir`.
fn build_runtime(dir: &Path) -> Option<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../codegen/runtime/llrt.c");
    let out = dir.join("llrt.so");
    let ok = Command::new("gcc")
        .args(["-shared", "-fPIC", "-O1", "-o"])
        .arg(&out)
        .arg(&src)
        .status()
        .ok()?
        .success();
    ok.then_some(out)
}

/// Runs `text` under lli: (exit code, stdout).
fn lli(lli: &str, runtime: &Path, text: &str) -> Result<(i32, Vec<u8>), String> {
    let mut child = Command::new(lli)
        .arg(format!("-load={}", runtime.display()))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    match out.status.code() {
        Some(c) => Ok((c, out.stdout)),
        None => Err(format!(
            "lli killed by a signal: {}",
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

#[test]
fn two_hundred_programs_agree_with_lli() {
    let (Some(lli_bin), Some(_)) = (tool(&["lli-14", "lli"]), tool(&["gcc"])) else {
        eprintln!("SKIP: lli or gcc not installed: generated programs not compared with LLVM");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(runtime) = build_runtime(dir.path()) else {
        eprintln!("SKIP: gcc could not build llrt.so");
        return;
    };
    let (mut agree, mut skipped) = (0, 0);
    for seed in 0..200u64 {
        let p = gen::from_seed(seed, 10 + (seed % 40) as usize);
        let o = run(&p);
        if is_known_oracle_bug(&o) {
            skipped += 1;
            continue;
        }
        let Outcome::Returned { value, stdout } = o else {
            panic!("seed {seed}: oracle says {o:?}");
        };
        let text = spec::print(&p);
        let (code, out) =
            lli(&lli_bin, &runtime, &text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(
            code,
            (value as u64 & 0xff) as i32,
            "seed {seed}: exit code vs oracle result {value}\n{text}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&stdout),
            "seed {seed}: stdout\n{text}"
        );
        agree += 1;
    }
    eprintln!("lli agrees with the oracle on {agree} of {} programs ({skipped} skipped: known oracle bug)", 200 - skipped);
    assert_eq!(agree + skipped, 200);
}

//! Generated programs through a real Oat front end (a course compiler's
//! `main.native`), its LLVMlite output through `llc` and `gcc` with the
//! course's `runtime.c`, against the evaluator: same standard output, same
//! exit status. A disagreement is shrunk (keeping "still disagrees") and
//! printed.
//!
//! Runs only when `LLORACLE_OAT_FRONTEND` names the front end (the ETH
//! homework 4, 5 and 6 drivers: `main.native --clang -S -op DIR FILE.oat`
//! writes `DIR/FILE.ll`); `LLORACLE_OAT_RUNTIME` names its `runtime.c`
//! (default: next to the front end), `LLORACLE_OAT_COUNT` how many programs
//! of each version (default 50), `LLORACLE_OAT_FIRST_SEED` the first seed
//! (default 0), `LLORACLE_OAT_VERSION` one version only (1 or 2; default
//! both). See docs/oat.md.

use oat::dialect::OatDialect;
use oat::eval::{run, Limits, Outcome};
use oat::gen::{from_seed_with, OatGenConfig};
use oat::OatVersion::{self, V1, V2};
use std::path::PathBuf;
use std::process::Command;

struct Toolchain {
    frontend: PathBuf,
    runtime_o: PathBuf,
    dir: tempfile::TempDir,
}

fn tool_present(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

impl Toolchain {
    fn find() -> Option<Toolchain> {
        let Ok(fe) = std::env::var("LLORACLE_OAT_FRONTEND") else {
            eprintln!("SKIP: set LLORACLE_OAT_FRONTEND to a built Oat front end (main.native)");
            return None;
        };
        for t in ["llc", "gcc", "timeout"] {
            if !tool_present(t) {
                eprintln!("SKIP: `{t}` is not installed");
                return None;
            }
        }
        let frontend = PathBuf::from(fe);
        let runtime = std::env::var("LLORACLE_OAT_RUNTIME")
            .map(PathBuf::from)
            .unwrap_or_else(|_| frontend.with_file_name("runtime.c"));
        let dir = tempfile::tempdir().expect("a temporary directory");
        let runtime_o = dir.path().join("runtime.o");
        let ok = Command::new("gcc")
            .args(["-O1", "-w", "-c", "-o"])
            .arg(&runtime_o)
            .arg(&runtime)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "gcc could not compile {}", runtime.display());
        Some(Toolchain {
            frontend,
            runtime_o,
            dir,
        })
    }

    /// Standard output and exit status of the compiled program, or why
    /// there is none.
    fn compile_and_run(&self, text: &str) -> Result<(Vec<u8>, Option<i32>), String> {
        let d = self.dir.path();
        let out = d.join("out");
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let src = d.join("p.oat");
        std::fs::write(&src, text).map_err(|e| e.to_string())?;
        // `--clang` stops after writing the .ll (clang itself may be absent).
        let fe = Command::new("timeout")
            .arg("30")
            .arg(&self.frontend)
            .args(["--clang", "-S", "-op"])
            .arg(&out)
            .arg(&src)
            .output()
            .map_err(|e| e.to_string())?;
        let ll = out.join("p.ll");
        if !ll.exists() {
            return Err(format!(
                "front end failed: {}",
                String::from_utf8_lossy(&fe.stderr)
            ));
        }
        run_tool(
            "llc",
            Command::new("llc")
                .args(["-O0", "-o"])
                .arg(d.join("p.s"))
                .arg(&ll),
        )?;
        let exe = d.join("p");
        run_tool(
            "gcc",
            Command::new("gcc")
                .arg("-o")
                .arg(&exe)
                .arg(d.join("p.s"))
                .arg(&self.runtime_o),
        )?;
        let r = Command::new("timeout")
            .arg("10")
            .arg(&exe)
            .output()
            .map_err(|e| e.to_string())?;
        Ok((r.stdout, r.status.code()))
    }
}

fn run_tool(name: &str, c: &mut Command) -> Result<(), String> {
    let o = c.output().map_err(|e| format!("{name}: {e}"))?;
    if o.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{name} failed: {}",
            String::from_utf8_lossy(&o.stderr)
        ))
    }
}

/// Whether the compiled program disagrees with the evaluator.
fn disagrees(t: &Toolchain, p: &oat::ast::Program, v: OatVersion) -> Option<String> {
    let expected = run(p, v, &Limits::default());
    let Outcome::Returned { stdout, value } = &expected else {
        return Some(format!("the evaluator did not return: {expected:?}"));
    };
    match t.compile_and_run(&oat::print::program(p)) {
        Err(e) => Some(e),
        Ok((out, status)) if out == *stdout && status == Some(i32::from(*value as u8)) => None,
        Ok((out, status)) => Some(format!(
            "expected status {} and output\n{}\ngot status {status:?} and output\n{}",
            *value as u8,
            String::from_utf8_lossy(stdout),
            String::from_utf8_lossy(&out)
        )),
    }
}

fn check_version(t: &Toolchain, v: OatVersion, first: u64, count: u64) -> Vec<String> {
    let mut failures = Vec::new();
    for seed in first..first.saturating_add(count) {
        // The ETH handout prints string constants unescaped.
        let cfg = OatGenConfig::in_dialect(30, OatDialect::whole(v).without_escapes());
        let p = from_seed_with(seed, 30, &cfg);
        if let Some(why) = disagrees(t, &p, v) {
            let small = oat::shrink::shrink(&p, v, |q| disagrees(t, q, v).is_some());
            failures.push(format!(
                "{v:?} seed {seed}: {why}\nshrunk to:\n{}\n{}",
                oat::print::program(&small),
                disagrees(t, &small, v).unwrap_or_default()
            ));
        }
    }
    failures
}

#[test]
fn front_end_agrees_with_the_evaluator() {
    let Some(t) = Toolchain::find() else { return };
    let number = |var: &str, default: u64| {
        std::env::var(var)
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(default)
    };
    let (first, count) = (
        number("LLORACLE_OAT_FIRST_SEED", 0),
        number("LLORACLE_OAT_COUNT", 50),
    );
    // LLORACLE_OAT_VERSION=1 or 2: a homework 4 front end reads Oat v1 only.
    let versions = match std::env::var("LLORACLE_OAT_VERSION").as_deref() {
        Ok("1") => vec![V1],
        Ok("2") => vec![V2],
        _ => vec![V1, V2],
    };
    let failures: Vec<String> = versions
        .into_iter()
        .flat_map(|v| check_version(&t, v, first, count))
        .collect();
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

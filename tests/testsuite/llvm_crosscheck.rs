//! The LLVM cross-check: every corpus run that expects `CHECK-RESULT` is
//! printed back to LLVM text (`spec::print`), run by LLVM 14's `lli` with the
//! C runtime (codegen/runtime/llrt.c) loaded, and must exit with the result
//! mod 256 and print exactly the expected bytes. It holds the corpus's hand
//! derived expectations, and the printer, to real LLVM.
//!
//! Two adaptations make LLVMlite text LLVM text, both outside LLVMlite:
//! runtime functions that are called without a `declare` get one, and a
//! `main(i64, i8**)` (which `lli` refuses: it wants `i32 argc`) is renamed and
//! called from an `i32 @main(i32, i8**)` wrapper (both in `toolchain::text`).

use lloracle::corpus::{self, CorpusFile, Expected, Run};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use toolchain::{build_runtime_shared, llvm_text, Ended, Limits};

/// How long one `lli` run may take.
const TIMEOUT: Duration = Duration::from_secs(60);

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs one `CHECK-RESULT` run; `Err` describes a disagreement.
fn cross_check(
    lli: &Path,
    file: &CorpusFile,
    run: &Run,
    value: i64,
    ll: &Path,
    runtime: &Path,
) -> Result<(), String> {
    // LLVM 14 parses `ptr` (mixed with typed pointers) only in its
    // -opaque-pointers mode (corpus/opaque/).
    let opaque = spec::parse(&file.source()).is_ok_and(|p| spec::opaque::prog_mentions_opaque(&p));
    let mut cmd = Command::new(lli);
    cmd.args(opaque.then_some("-opaque-pointers"));
    cmd.arg("-load").arg(runtime).arg(ll).args(&run.args);
    let r = toolchain::run(cmd, &Limits::tool(TIMEOUT))?;
    let want_status = (value as u64 & 0xff) as i32;
    let status_ok = r.status() == Some(want_status);
    let stdout_ok = run.stdout.as_deref().is_none_or(|s| s == r.stdout);
    if status_ok && stdout_ok {
        return Ok(());
    }
    let lli_said = if r.ended == Ended::TimedOut {
        format!("timed out after {TIMEOUT:?}")
    } else {
        match r.status() {
            Some(s) => format!("exit status {s}"),
            None => "killed by a signal".into(),
        }
    };
    let mut msg = format!(
        "{} run {} (args {:?}): expected exit status {want_status} (result {value})",
        file.display_name(),
        run.name,
        run.args
    );
    if let Some(s) = &run.stdout {
        msg.push_str(&format!(" and stdout {:?}", lossy(s)));
    }
    msg.push_str(&format!(
        "\n  lli: {lli_said}, stdout {:?}",
        lossy(&r.stdout)
    ));
    if !r.stderr.is_empty() {
        let err = lossy(&r.stderr);
        let short: String = err.chars().take(800).collect();
        msg.push_str(&format!("\n  lli stderr: {}", short.trim_end()));
    }
    if let Some(want) = &run.stdout {
        if !stdout_ok {
            msg.push_str(&format!(
                "\n{}",
                pretty_assertions::StrComparison::new(&lossy(want), &lossy(&r.stdout))
            ));
        }
    }
    Err(msg)
}

#[test]
fn every_result_run_agrees_with_lli() {
    let Some(lli) = toolchain::tools::lli() else {
        eprintln!("SKIP: lli (LLVM 14) not installed; LLVM cross-check not run");
        return;
    };
    if toolchain::tools::cc().is_none() {
        eprintln!("SKIP: no C compiler (needed for the runtime); LLVM cross-check not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("cannot make a temp dir: {e}"));
    let runtime = build_runtime_shared(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut agree = 0;
    for (n, file) in files.iter().enumerate() {
        // Programs of another course runtime need that runtime's C file.
        if file.expectation.runtime != spec::RuntimeName::Ll {
            continue;
        }
        let runs: Vec<(&Run, i64)> = file
            .expectation
            .runs
            .iter()
            .filter_map(|r| match r.expect {
                Expected::Result(v) => Some((r, v)),
                _ => None,
            })
            .collect();
        if runs.is_empty() {
            continue;
        }
        let prog = match spec::parse::parse(&file.source()) {
            Ok(p) => p,
            Err(d) => {
                failures.push(format!(
                    "{}: does not parse, so it cannot be printed for lli:\n{}",
                    file.display_name(),
                    d.render(&file.source())
                ));
                continue;
            }
        };
        let ll = dir.path().join(format!("p{n}.ll"));
        if let Err(e) = std::fs::write(&ll, llvm_text(&prog)) {
            failures.push(format!(
                "{}: cannot write {}: {e}",
                file.display_name(),
                ll.display()
            ));
            continue;
        }
        for (run, value) in runs {
            match cross_check(&lli, file, run, value, &ll, &runtime) {
                Ok(()) => agree += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    if !failures.is_empty() {
        panic!(
            "llvm cross-check: {agree} runs agree, {} disagree:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
    eprintln!("llvm cross-check: {agree} runs agree");
}

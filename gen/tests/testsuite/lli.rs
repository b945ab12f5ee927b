//! Generated programs mean the same to LLVM: for 200 programs, the printed
//! text run by LLVM 14's `lli` (linked with the C runtime,
//! codegen/runtime/llrt.c) exits with the oracle's result mod 256 and prints
//! the oracle's stdout. Skips with a notice when lli or gcc is absent.

use crate::common;

use common::run;
use spec::Outcome;
use std::process::Command;
use std::time::Duration;
use toolchain::{build_runtime_shared, run_with_input, Limits};

#[test]
fn two_hundred_programs_agree_with_lli() {
    let (Some(lli_bin), Some(_)) = (toolchain::tools::lli(), toolchain::tools::cc()) else {
        eprintln!("SKIP: lli or cc not installed: generated programs not compared with LLVM");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = build_runtime_shared(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let mut agree = 0;
    for seed in 0..200u64 {
        let p = gen::from_seed(seed, 10 + (seed % 40) as usize);
        let o = run(&p);
        let Outcome::Returned { value, stdout } = o else {
            panic!("seed {seed}: oracle says {o:?}");
        };
        let text = toolchain::llvm_text(&p);
        let mut cmd = Command::new(&lli_bin);
        cmd.arg("-load").arg(&runtime).arg("-");
        let r = run_with_input(cmd, text.as_bytes(), &Limits::tool(Duration::from_secs(60)))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let (Some(code), out) = (r.status(), r.stdout) else {
            panic!(
                "seed {seed}: lli did not exit: {}\n{text}",
                String::from_utf8_lossy(&r.stderr)
            );
        };
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
    eprintln!("lli agrees with the oracle on {agree} of 200 programs");
    assert_eq!(agree, 200);
}

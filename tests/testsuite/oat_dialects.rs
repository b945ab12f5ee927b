//! A front end's Oat dialect probed (docs/oat.md, "Dialects"): fake front
//! ends (tests/fixtures/frontend/dialect.sh) that refuse the constructs a
//! course year's parser lacks, one of them flaky, get that year's dialect
//! and no generated program they refuse; a front end that refuses every
//! program is stopped with why; a runtime of one homework and an Oat
//! version of the other are refused with which to give.

use std::path::Path;
use std::process::Command;

/// Runs `test-compiler --emit ll` on the fake front end refusing lines
/// that match `reject` (with `envs` more), 10 generated programs; (exit
/// code, stderr, the number of generated programs whose verdict is
/// "compile error").
fn campaign(reject: &str, envs: &[(&str, &str)], more: &[&str]) -> (i32, String, usize) {
    let fe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend/dialect.sh");
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let cmd = format!("{} {{in}} {{outdir}}", fe.display());
    let mut c = Command::new(env!("CARGO_BIN_EXE_lloracle"));
    c.env("LLORACLE", env!("CARGO_BIN_EXE_lloracle"))
        .env("OAT_REJECT", reject)
        .args(["test-compiler", "--emit", "ll", "--cmd", &cmd])
        .args(["--random", "10", "--no-corpus", "--no-native"])
        .args(["--max-reductions", "0", "--json"])
        .arg(&json)
        .arg("--out-dir")
        .arg(dir.path().join("f"))
        .args(more);
    for (k, v) in envs {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let compile_errors = std::fs::read_to_string(&json)
        .map(|t| t.matches("\"verdict\":\"compile error\"").count())
        .unwrap_or(0);
    (out.status.code().unwrap_or(-1), stderr, compile_errors)
}

/// What UPenn CIS341 2017 homework 5's `parser.mly` lacks: `new` in a
/// global initialiser, `T?` and `if?`, `length`, `new T[n]{i -> e}`; and
/// its `llutil.ml` prints strings unescaped (a `\"` or `\\` in a
/// literal breaks the output).
const CIS341_2017: &str =
    "global [A-Za-z0-9_]+ = new\n\\?\nlength\\(\n\\{ *[A-Za-z0-9_]+ ->\n\\\\[\"\\\\]";

/// What ETH 2019-2021 homework 5's lacks: `new T[n]` without an
/// initialiser, a global without `new`, and `\"` or `\\` in a string.
const ETH_2019_HW5: &str =
    "new [A-Za-z]+\\[[^]]+\\]( *;|\\))\nglobal [A-Za-z0-9_]+ = [a-z]+\\[\\]\n\\\\[\"\\\\]";

#[test]
fn a_cis341_2017_front_end_gets_its_dialect_and_no_program_it_refuses() {
    let (_, stderr, compile_errors) = campaign(CIS341_2017, &[], &[]);
    assert!(stderr.contains("oat dialect: cis341-2017-hw5"), "{stderr}");
    assert_eq!(compile_errors, 0, "{stderr}");
}

#[test]
fn a_flaky_eth_2019_front_end_gets_its_dialect() {
    let flaky = tempfile::tempdir().unwrap();
    let (_, stderr, compile_errors) = campaign(
        ETH_2019_HW5,
        &[("OAT_FLAKY_DIR", flaky.path().to_str().unwrap())],
        &[],
    );
    assert!(
        stderr.contains("oat dialect: eth-2019-2021-hw5"),
        "{stderr}"
    );
    assert!(stderr.contains("a flaky driver"), "{stderr}");
    assert_eq!(compile_errors, 0, "{stderr}");
}

#[test]
fn a_front_end_that_refuses_every_program_is_stopped_with_why() {
    // `program` is in every Oat program.
    let (code, stderr, _) = campaign("program", &[], &[]);
    assert_ne!(code, 0);
    assert!(stderr.contains("refused the baseline program"), "{stderr}");
}

#[test]
fn a_homework_4_runtime_with_oat_v2_is_refused_with_which_to_give() {
    let (code, stderr, _) = campaign(
        "",
        &[],
        &["--runtime", "oat-eth-2019", "--oat-version", "2"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--runtime oat-eth-2019 is the runtime of homework 4")
            && stderr.contains("give --oat-version 1"),
        "{stderr}"
    );
    // The runtime alone sets the version: Oat v1 is probed.
    let (_, stderr, _) = campaign("", &[], &["--runtime", "oat-eth-2019"]);
    assert!(stderr.contains("oat dialect: oat-v1 "), "{stderr}");
}

#[test]
fn with_a_reference_the_dialect_is_the_references() {
    // The student's parser refuses anything with `length` (only
    // probe_length.oat among the probes); the reference reads everything:
    // lloracle's whole Oat v2 is chosen, and the refusal is said.
    let fe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend/dialect.sh");
    let student = format!("env OAT_REJECT=length {} {{in}} {{outdir}}", fe.display());
    let reference = format!("{} {{in}} {{outdir}}", fe.display());
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .env("LLORACLE", env!("CARGO_BIN_EXE_lloracle"))
        .args(["test-compiler", "--emit", "ll", "--cmd", &student])
        .args(["--reference", &reference])
        .args(["--random", "2", "--no-corpus", "--no-native"])
        .args(["--max-reductions", "0", "--out-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--reference: oat dialect: oat-v2 "),
        "{stderr}"
    );
    assert!(
        stderr.contains("refuses what the reference reads (probe_length.oat)"),
        "{stderr}"
    );
}

//! `test-compiler` speaks the compiler's dialect (docs/dialects.md). The probes are
//! honest (each uses exactly its feature and returns the result derived
//! by hand); probing a fake course compiler (a wrapper that refuses what
//! its profile lacks, `lloracle check --dialect`, and otherwise calls the
//! built-in back end) picks its profile and nothing it is sent is a compile
//! error; LLVM 14's `llc -O0` passes every judged run with the probed and
//! with the `llvm` dialect; a compiler that fails the baseline has every
//! program counted as failed, in one group, with one message.

use crate::common;

use lloracle::harness::probe::{choose, Finding};
use lloracle::harness::probe_programs::{GLOBAL_VALUE_PROBES, PROBES};
use spec::dialect::{uses_in_text, Dialect, Feature, FeatureSet};
use spec::{Outcome, Source};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_lloracle");

fn have(tool: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("SKIP: {tool} is not installed; this test needs it");
    }
    ok
}

/// Each probe (and each global-as-a-value link probe) parses, checks,
/// returns the result written next to it on the oracle, and uses exactly
/// its own feature (plus the load syntax it needs); the baseline uses none.
#[test]
fn each_probe_uses_exactly_its_feature_and_returns_its_result() {
    for p in PROBES.iter().chain(&GLOBAL_VALUE_PROBES) {
        let name = p.feature.map_or("baseline", Feature::name);
        let src = Source::new(name, p.text);
        let prog = spec::parse(&src).unwrap_or_else(|d| panic!("{name}: {}", d.render(&src)));
        assert!(spec::check(&prog).is_ok(), "{name}: does not check");
        match oracle::run(&prog, Some(&src), &[], &oracle::Options::default()) {
            Outcome::Returned { value, .. } => assert_eq!(value, p.result, "{name}"),
            o => panic!("{name}: {o}"),
        }
        let used: BTreeSet<Feature> = uses_in_text(&src)
            .unwrap_or_else(|d| panic!("{name}: {}", d.message))
            .into_iter()
            .map(|u| u.feature)
            .collect();
        let want: BTreeSet<Feature> = p.feature.into_iter().chain(p.needs).collect();
        assert_eq!(used, want, "{name}");
    }
}

/// Which of the probed features `d` has (two profiles that agree here
/// are the same to probing).
fn probed_features(d: &Dialect) -> Vec<bool> {
    PROBES
        .iter()
        .filter_map(|p| p.feature)
        .map(|f| d.has(f))
        .collect()
}

/// The probes' findings for a compiler that accepts exactly `accepts`.
fn findings_of(accepts: FeatureSet) -> Vec<(Feature, Finding)> {
    PROBES
        .iter()
        .filter_map(|p| p.feature)
        .map(|f| {
            let x = if accepts.has(f) {
                Finding::Accepted
            } else {
                Finding::Refused("exit 1".into())
            };
            (f, x)
        })
        .collect()
}

/// Findings that match a profile exactly choose it (or an earlier profile
/// with the same syntax features): for each course profile, the probed
/// features it has are accepted and the others refused.
#[test]
fn exact_findings_choose_the_profile() {
    for name in ["llvm", "cis341-2015", "cis341", "eth"] {
        let d = Dialect::by_name(name).expect("a profile");
        let profile = choose(&findings_of(d.features));
        assert_eq!(
            probed_features(&profile),
            probed_features(&d),
            "{name} chose {}",
            profile.name
        );
    }
    // A refusal the closest profile does not expect never narrows it:
    // LLVM's findings but quoted names refused: `llvm` is one
    // disagreement away (every course profile many more); the refusal is
    // the compiler's failure (reported with its probe program), and the
    // session still sends quoted names.
    let llvm = Dialect::by_name("llvm").expect("a profile");
    let profile = choose(&findings_of(llvm.features.without(Feature::QuotedNames)));
    assert_eq!(profile, llvm);
}

/// Runs `lloracle test-compiler ARGS`: exit code, stdout, stderr.
fn test_compiler(args: &[&str], out_dir: &Path) -> (Option<i32>, String, String) {
    let o = Command::new(EXE)
        .arg("test-compiler")
        .args(args)
        .args([
            "--jobs",
            "2",
            "--max-reductions",
            "1",
            "--reduce-time",
            "20",
        ])
        .arg("--out-dir")
        .arg(out_dir)
        .output()
        .expect("lloracle runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The number in the report table's row `name`.
fn row(stdout: &str, name: &str) -> Option<usize> {
    stdout
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l[name.len()..].split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// A course compiler following the handout: its parser refuses what the
/// profile lacks (`lloracle check --dialect`, exit 2), its back end is the
/// built-in one. Probing picks the profile (or one with the same syntax
/// features), no run is a compile error, and every judged run passes.
#[test]
fn probing_a_fake_course_compiler_picks_its_profile_and_sends_nothing_it_refuses() {
    if !have("cc") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    for profile in ["cis341-2015", "eth"] {
        let cmd = common::compiler_script(
            dir.path(),
            &format!("{profile}.sh"),
            &format!(
                "{EXE} check --dialect {profile} \"$1\" >&2 || exit 1\n\
                 exec {EXE} compile --emit asm \"$1\" -o \"$2\""
            ),
        );
        let (code, out, err) = test_compiler(
            &[
                "--cmd", &cmd, "--emit", "asm", "--random", "40", "--size", "20",
            ],
            &dir.path().join("failures"),
        );
        let want = Dialect::by_name(profile).expect("a profile");
        let chosen = out
            .lines()
            .find_map(|l| l.strip_prefix("dialect: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(Dialect::by_name)
            .unwrap_or_else(|| panic!("{profile}: no dialect line\n{out}\n{err}"));
        assert_eq!(
            probed_features(&chosen),
            probed_features(&want),
            "{profile}: chose {}",
            chosen.name
        );
        assert_eq!(row(&out, "compile error"), Some(0), "{profile}\n{out}");
        assert_eq!(
            row(&out, "pass").map(|n| n > 40),
            Some(true),
            "{profile}\n{out}"
        );
        assert_eq!(code, Some(0), "{profile}\n{out}\n{err}");
    }
}

/// The programs of the `FAIL [...] NAME (run ...)` lines of a report.
fn failing(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("FAIL ["))
        .filter_map(|l| l.split_once("] "))
        .filter_map(|(_, rest)| rest.split(" (run ").next())
        .map(str::to_string)
        .collect()
}

/// LLVM 14's `llc -O0` as the compiler: the probes choose `llvm`, and no
/// judged run fails on the corpus plus random programs (a struct index
/// written `i64` and a type defined after its use are lowered by
/// reprinting: `i64-struct-index`, `late-type-definitions`), with the
/// probed dialect and with `--dialect llvm`. (The
/// 300 random programs per mode were run by hand; CI runs 30 per
/// mode, llc being the slow part.)
#[test]
fn llc_passes_every_judged_run_probed_and_with_the_llvm_dialect() {
    if !have("cc") || !(have("llc-14") || have("llc")) {
        return;
    }
    let llc = if have("llc-14") { "llc-14" } else { "llc" };
    let dir = tempfile::tempdir().expect("temporary directory");
    let cmd = common::compiler_script(
        dir.path(),
        "llc.sh",
        &format!("exec {llc} -O0 \"$1\" -o \"$2\""),
    );
    // Probed: the corpus and 30 random programs; then `--dialect llvm` on
    // 30 other random programs (on the corpus it sends the same texts as
    // the probed run).
    let base = ["--cmd", &cmd, "--emit", "asm"];
    let (_, out, err) = test_compiler(&[&base[..], &["--random", "30"]].concat(), dir.path());
    assert!(out.contains("dialect: llvm "), "{out}\n{err}");
    assert_eq!(failing(&out), Vec::<String>::new(), "{out}\n{err}");
    assert!(out.contains(" 0 failed"), "{out}\n{err}");
    let forced = [
        "--dialect",
        "llvm",
        "--no-corpus",
        "--random",
        "30",
        "--seed",
        "1000",
    ];
    let (code, out, err) = test_compiler(&[&base[..], &forced[..]].concat(), dir.path());
    assert!(out.contains("dialect: llvm"), "{out}\n{err}");
    assert!(out.contains(" 0 failed"), "{out}\n{err}");
    assert_eq!(code, Some(0), "{out}\n{err}");
}

/// A compiler that fails the baseline probe (here: the command does not
/// exist) is sent nothing else: exit 1, one message naming the baseline,
/// every program counted as failed in one failure group
/// (tests/testsuite/course_grades.rs checks every report format).
#[test]
fn a_compiler_failing_the_baseline_fails_every_program_in_one_group() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (code, out, err) = test_compiler(
        &["--cmd", "false {in} {out}", "--random", "50"],
        &dir.path().join("failures"),
    );
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(err.contains("fails the simplest program"), "{err}");
    assert!(err.contains("compile error"), "{err}");
    assert_eq!(out.matches("FAIL [").count(), 1, "{out}");
    assert!(out.contains(" 0 passed"), "{out}");
}

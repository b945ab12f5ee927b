//! The `reproduce:` line of a reduced failure, pasted into a shell as the
//! report prints it, runs that one failing program again and fails the
//! same way, for each kind of compiler under test: a back end, an
//! optimiser and a front end (docs/grading.md, "Failures are grouped by
//! cause" and "Groups and reductions"). The compilers are ETH-style
//! drivers: like the course's path helper, they refuse an input file
//! whose name holds two dots ("bad filename"), so a saved failure must be
//! named with one.

use crate::common::{have_cc, read_json, sh_script};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The lines of an ETH-style driver: refuse `$1` when its file name has
/// two dots, as the course's driver does.
const REFUSE_TWO_DOTS: &str =
    "case $(basename \"$1\") in *.*.*) echo \"bad filename: $1\" >&2; exit 1 ;; esac";

/// `lloracle ARGS` in `dir`, with the binary's folder first on `PATH`
/// (so that a pasted `lloracle ...` line finds it) and `$LLORACLE` set
/// (the fake drivers call it).
fn in_dir(dir: &Path) -> Command {
    let exe = Path::new(env!("CARGO_BIN_EXE_lloracle"));
    let bin = exe.parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut c = Command::new("sh");
    c.current_dir(dir)
        .env("PATH", path)
        .env("LLORACLE", exe)
        .env("NO_COLOR", "1");
    c
}

/// Runs the campaign `args` (a `test-compiler` command line, without the
/// report options) in `dir`; its JSON report.
fn campaign(dir: &Path, args: &str) -> Value {
    let o = in_dir(dir)
        .arg("-c")
        .arg(format!(
            "lloracle test-compiler {args} --max-reductions 1 --json first.json --out-dir failures"
        ))
        .output()
        .expect("runs");
    assert_eq!(
        o.status.code(),
        Some(1),
        "the planted bug is caught: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    read_json(&dir.join("first.json"))
}

/// The first failure of `r` that was reduced and saved: (its category, its
/// reproduce line).
fn first_reproduced(r: &Value) -> (String, String) {
    r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .flat_map(|p| p["runs"].as_array().expect("runs"))
        .find_map(|run| {
            let line = run["failure"]["reduced"]["reproduce"].as_str()?;
            Some((run["verdict"].as_str()?.to_string(), line.to_string()))
        })
        .unwrap_or_else(|| panic!("no failure was reduced and saved: {r}"))
}

/// Pastes `line` into `sh` in `dir`, verbatim; (exit code, stdout).
fn paste(dir: &Path, line: &str) -> (i32, String) {
    let o = in_dir(dir).arg("-c").arg(line).output().expect("runs");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!stderr.contains("bad filename"), "{line}\n{stderr}");
    (o.status.code().unwrap_or(-1), stdout)
}

/// The reproduce line of the first reduced failure of the campaign `args`
/// runs one program, which fails with the same category.
fn reproduces(args: &str) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let r = campaign(dir.path(), args);
    let (category, line) = first_reproduced(&r);
    let saved = line
        .split_whitespace()
        .find(|w| w.contains("failures/"))
        .map(|w| w.trim_matches('\''))
        .unwrap_or_else(|| panic!("{line}"));
    let name = Path::new(saved)
        .file_name()
        .expect("a file")
        .to_string_lossy();
    assert_eq!(name.matches('.').count(), 1, "{line}");
    let (code, stdout) = paste(dir.path(), &line);
    assert_eq!(code, 1, "the failure reproduces: {line}\n{stdout}");
    // One program (`--random 0`: no generated ones beside it), failing as
    // the campaign's did: the terminal report's summary and group title.
    assert!(
        stdout.contains("1 programs (1 runs): 0 passed, 1 failed"),
        "{line}\n{stdout}"
    );
    assert!(
        stdout.contains(&format!("[{category}]")),
        "{line}\n{stdout}"
    );
}

#[test]
fn a_back_ends_reproduce_line_reproduces_its_failure() {
    if !have_cc("the back end's assembly may need linking") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    // The built-in back end with `sub` compiled as a swapped subtraction.
    let driver = sh_script(
        dir.path(),
        "main.native",
        &format!(
            "{REFUSE_TWO_DOTS}\nexec \"$LLORACLE\" compile --mutate sub-swap --emit asm \"$1\" -o \"$2\""
        ),
    );
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/binop");
    reproduces(&format!(
        "--cmd '{} {{in}} {{out}}' --emit asm --corpus {} --random 0",
        driver.display(),
        corpus.display()
    ));
}

#[test]
fn an_optimisers_reproduce_line_reproduces_its_failure() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // An optimiser that turns every `sub` into an `add`.
    let driver = sh_script(
        dir.path(),
        "opt.native",
        &format!("{REFUSE_TWO_DOTS}\nsed 's/ = sub / = add /' \"$1\" > \"$2\""),
    );
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/binop");
    reproduces(&format!(
        "--opt-cmd '{} {{in}} {{out}}' --corpus {} --random 0",
        driver.display(),
        corpus.display()
    ));
}

#[test]
fn a_front_ends_reproduce_line_reproduces_its_failure() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // fold.sh (tests/fixtures/frontend): a program using `[&]` exits with
    // a status one too high; behind an ETH-style driver's file check.
    let fold = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend/fold.sh");
    let driver = sh_script(
        dir.path(),
        "main.native",
        &format!("{REFUSE_TWO_DOTS}\nexec {} \"$1\" \"$2\"", fold.display()),
    );
    reproduces(&format!(
        "--emit ll --cmd '{} {{in}} {{outdir}}' --no-corpus --random 6 --size 20 --seed 1 --no-native",
        driver.display()
    ));
}

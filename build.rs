//! The bundled corpus is embedded in the binary (`corpus::BUNDLED`); the
//! embedding macro notices edits of files it already holds but not new or
//! removed files, so the crate is rebuilt whenever `corpus/` changes.
//!
//! The build also records where it came from, for `lloracle --version` and
//! the autograder kit (docs/grading.md, "A pinned kit"):
//! `LLORACLE_REV` is the first line of the `REVISION` file the kit writes
//! into its copy of the source (`lloracle-src/`, which has no `.git`), or
//! else the git revision (`git rev-parse --short HEAD`), or `unknown`;
//! `LLORACLE_RUSTC` is the version of the Rust compiler that builds it
//! (`1.95.0`), the toolchain a kit pins.

use std::path::Path;
use std::process::Command;

/// The first line of `cmd`'s standard output when it succeeds.
fn first_line(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let line = text.lines().next()?.trim().to_string();
    (!line.is_empty()).then_some(line)
}

/// `git ARGS` in the package's directory.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    first_line(Command::new("git").arg("-C").arg(dir).args(args))
}

/// Asks cargo to run this script again when the checked-out revision
/// changes: the worktree's `HEAD`, the branch it points to and the packed
/// references (only files that exist: a missing one would rerun it always).
fn watch_git() {
    let (Some(git_dir), Some(common)) = (
        git(&["rev-parse", "--git-dir"]),
        git(&["rev-parse", "--git-common-dir"]),
    ) else {
        return;
    };
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let abs = |p: &str| Path::new(&dir).join(p);
    let mut files = vec![abs(&git_dir).join("HEAD"), abs(&common).join("packed-refs")];
    if let Some(r) = git(&["rev-parse", "--symbolic-full-name", "HEAD"]) {
        files.push(abs(&common).join(r));
    }
    for f in files.iter().filter(|f| f.is_file()) {
        println!("cargo:rerun-if-changed={}", f.display());
    }
}

/// Asks cargo to run this script again when the kit's `REVISION` file
/// changes. Only when it exists: cargo treats a watched path that does not
/// exist as changed at every build, so naming it in a git checkout (which has
/// none) rebuilt the crate at every `cargo build`. The kit writes `REVISION`
/// into its copy before the copy's first build, so the copy watches it from
/// the start; a checkout follows its revision through `watch_git`.
fn watch_revision() {
    if Path::new("REVISION").is_file() {
        println!("cargo:rerun-if-changed=REVISION");
    }
}

fn main() {
    println!("cargo:rerun-if-changed=corpus");
    println!("cargo:rerun-if-changed=build.rs");
    watch_revision();
    watch_git();
    // The kit's copy says its revision in REVISION (it may sit inside some
    // other git checkout, whose revision is not lloracle's).
    let rev = std::fs::read_to_string("REVISION")
        .ok()
        .and_then(|t| t.lines().next().map(|l| l.trim().to_string()))
        .filter(|l| !l.is_empty())
        .or_else(|| git(&["rev-parse", "--short", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=LLORACLE_REV={rev}");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc = first_line(Command::new(rustc).arg("--version"))
        .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=LLORACLE_RUSTC={rustc}");
}

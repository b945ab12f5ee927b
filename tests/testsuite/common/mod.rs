//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
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

/// Writes `text` to `p` and makes it executable (a fake compiler).
pub fn write_exe(p: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(p, text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("chmod {}: {e}", p.display()));
}

/// A `/bin/sh` script `dir/name` running `body`; its path.
pub fn sh_script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    write_exe(&p, &format!("#!/bin/sh\n{body}\n"));
    p
}

/// [`sh_script`] as a compiler command: `PATH {in} {out}`.
pub fn compiler_script(dir: &Path, name: &str, body: &str) -> String {
    format!("{} {{in}} {{out}}", sh_script(dir, name, body).display())
}

/// The JSON file `p`, read and parsed (a report).
pub fn read_json(p: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every run of every corpus program that checks: its name, the program,
/// its runtime and the run's arguments (one run with none for a program
/// that lists no runs).
pub fn corpus_runs() -> Vec<(String, spec::Prog, spec::RuntimeName, Vec<String>)> {
    use lloracle::corpus;
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    for file in &files {
        let Ok(prog) = spec::parse::parse(&file.source()) else {
            continue;
        };
        let runtime = file.expectation.runtime;
        let check_opts = spec::check::CheckOptions {
            runtime,
            ..Default::default()
        };
        if spec::check::check_with(&prog, &check_opts).is_err() {
            continue;
        }
        let runs: Vec<Vec<String>> = match file.expectation.runs.as_slice() {
            [] => vec![Vec::new()],
            runs => runs.iter().map(|r| r.args.clone()).collect(),
        };
        for args in runs {
            out.push((file.display_name(), prog.clone(), runtime, args));
        }
    }
    out
}

/// Copies the files of folder `from` (not its subfolders) into `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

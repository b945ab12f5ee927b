//! Shared helpers of the codegen tests: .ll text to a checked program, the
//! oracle's outcome, the native outcome (in-process runner and cc route).

#![allow(dead_code)]

pub mod hand;

use spec::{Outcome, Prog, Source};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Parses and checks `text`; panics (failing the test) with the diagnostics.
pub fn checked(name: &str, text: &str) -> Prog {
    let src = Source::new(name, text);
    let prog =
        spec::parse::parse(&src).unwrap_or_else(|d| panic!("{name}: parse: {}", d.render(&src)));
    if let Err(ds) = spec::check::check(&prog) {
        let msgs: Vec<String> = ds.iter().map(|d| d.render(&src)).collect();
        panic!("{name}: check:\n{}", msgs.join("\n"));
    }
    prog
}

/// The oracle's outcome with default options.
pub fn oracle(prog: &Prog, args: &[String]) -> Outcome {
    oracle::run(prog, None, args, &oracle::Options::default())
}

/// The native outcome through the in-process runner.
pub fn native(prog: &Prog, args: &[String]) -> Outcome {
    let m = codegen::compile(prog).unwrap_or_else(|e| panic!("compile: {e}"));
    m.run(args, &codegen::NativeOptions::default())
        .unwrap_or_else(|e| panic!("run: {e}"))
}

/// The C runtime.
pub fn llrt() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/llrt.c")
}

/// llrt.c compiled once per test process, linked into every executable
/// [`via_cc`] builds (it was compiled again for each of them). Built under
/// a name of this process and renamed into place, so test processes running
/// at once never see half an object file.
pub fn llrt_object() -> &'static Path {
    static OBJECT: OnceLock<PathBuf> = OnceLock::new();
    OBJECT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let part = dir.join(format!("llrt.{}.o", std::process::id()));
        let out = Command::new("cc")
            .arg("-c")
            .arg("-o")
            .arg(&part)
            .arg(llrt())
            .output()
            .expect("run cc");
        assert!(
            out.status.success(),
            "cc -c llrt.c failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let object = dir.join("llrt.o");
        std::fs::rename(&part, &object).expect("rename llrt.o into place");
        object
    })
}

/// True when `cc` runs here; prints a visible notice when it does not.
pub fn have_cc() -> bool {
    let ok = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("NOTICE: cc is not installed; the assembly-text route is skipped");
    }
    ok
}

/// Builds the assembly text of `prog` with cc and llrt.c in `dir` and runs
/// the executable with `args`: `Exited { code, stdout }` or `Crashed`.
pub fn via_cc(prog: &Prog, args: &[String], dir: &Path, name: &str) -> Outcome {
    let m = codegen::compile(prog).unwrap_or_else(|e| panic!("compile: {e}"));
    let s = dir.join(format!("{name}.s"));
    let exe = dir.join(name);
    std::fs::write(&s, m.to_asm()).expect("write .s");
    let out = Command::new("cc")
        .arg("-o")
        .arg(&exe)
        .arg(&s)
        .arg(llrt_object())
        .output()
        .expect("run cc");
    assert!(
        out.status.success(),
        "{name}: cc failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        m.to_asm()
    );
    let run = Command::new(&exe)
        .args(args)
        .output()
        .expect("run the executable");
    match run.status.code() {
        Some(code) => Outcome::Exited {
            code: code as u8,
            stdout: run.stdout,
        },
        None => {
            use std::os::unix::process::ExitStatusExt;
            Outcome::Crashed {
                signal: run.status.signal().unwrap_or(0),
                syscall: None,
                stdout: run.stdout,
            }
        }
    }
}

/// The argument lists of a corpus file's runs (`; CHECK-ARGS:` lines; one
/// empty list when there is none).
pub fn corpus_args(text: &str) -> Vec<Vec<String>> {
    let mut runs: Vec<Vec<String>> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(';'))
        .filter_map(|l| l.trim_start().strip_prefix("CHECK-ARGS:"))
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .collect();
    if runs.is_empty() {
        runs.push(Vec::new());
    }
    runs
}

/// Every `.ll` file under `dir`, sorted.
pub fn ll_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

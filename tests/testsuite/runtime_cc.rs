//! The course runtimes against C: every well-defined run of the corpus's
//! course runtime programs (`corpus/runtimes/`, `; CHECK-RUNTIME:`) compiled
//! with LLVM's `llc` and linked by `cc -O1` with the test's own C copy of the
//! course runtime (`tests/fixtures/course_runtime.c`), run as the course
//! harness does (`./exec args > file 2>&1`): the file's text and the exit
//! status must be the oracle's `course_output` (for an `abort`, the C
//! library's assertion line must end with the oracle's stderr text, its
//! `PROGRAM: FILE:LINE: ` prefix being the build's). Skips with a notice
//! without `cc` or `llc`.

use lloracle::corpus::{self, CorpusFile, Expected, Run};
use spec::{Outcome, RuntimeName};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The fixture's macros for each runtime.
fn macros(r: RuntimeName) -> &'static [&'static str] {
    match r {
        RuntimeName::Ll | RuntimeName::LlLibc => &[],
        RuntimeName::OatEth => &["-DOAT", "-DOAT_CALLOC"],
        RuntimeName::OatEth2019 | RuntimeName::OatHw5 => &["-DOAT"],
        RuntimeName::OatCis341 => &["-DOAT", "-DOAT_NO_NEGATIVE_CHECK"],
    }
}

fn run_tool(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{cmd:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Builds `file` with the runtime's C into `dir/NAME`.
fn build(llc: &Path, cc: &Path, dir: &Path, file: &CorpusFile) -> Result<PathBuf, String> {
    let stem = file.path.to_string_lossy().replace('/', "_");
    let ll = dir.join(format!("{stem}.ll"));
    let asm = dir.join(format!("{stem}.s"));
    let exe = dir.join(&stem).with_extension("exe");
    std::fs::write(&ll, &file.text).map_err(|e| e.to_string())?;
    run_tool(Command::new(llc).arg("-O0").arg(&ll).arg("-o").arg(&asm))?;
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course_runtime.c");
    run_tool(
        Command::new(cc)
            .arg("-O1")
            .args(macros(file.expectation.runtime))
            .arg(&fixture)
            .arg(&asm)
            .arg("-o")
            .arg(&exe),
    )?;
    Ok(exe)
}

/// Runs `exe args > out 2>&1`: the file's bytes and the exit status (128
/// plus the signal for a killed process, as a shell reports it).
fn run_native(exe: &Path, dir: &Path, args: &[String]) -> Result<(Vec<u8>, i32), String> {
    let out = dir.join("out");
    let f = std::fs::File::create(&out).map_err(|e| e.to_string())?;
    let g = f.try_clone().map_err(|e| e.to_string())?;
    let status = Command::new(exe)
        .args(args)
        .stdout(Stdio::from(f))
        .stderr(Stdio::from(g))
        .status()
        .map_err(|e| e.to_string())?;
    let code = status
        .code()
        .or_else(|| status.signal().map(|s| 128 + s))
        .unwrap_or(-1);
    Ok((std::fs::read(&out).map_err(|e| e.to_string())?, code))
}

/// What differs between the oracle's outcome and the native run, if anything.
fn compare(o: &Outcome, text: &[u8], status: i32) -> Option<String> {
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let mut native = text.to_vec();
    native.extend_from_slice(status.to_string().as_bytes());
    match o {
        Outcome::Halted {
            aborted: true,
            status: s,
            stdout,
            stderr,
            ..
        } => {
            let ok = i32::from(*s) == status && text.starts_with(stdout) && text.ends_with(stderr);
            (!ok).then(|| {
                format!(
                    "oracle: abort after stdout {:?}, stderr {:?}; native: {:?}",
                    lossy(stdout),
                    lossy(stderr),
                    lossy(&native)
                )
            })
        }
        _ => {
            let want = o.course_output()?;
            (want != native)
                .then(|| format!("oracle: {:?}; native: {:?}", lossy(&want), lossy(&native)))
        }
    }
}

fn well_defined(run: &Run) -> bool {
    matches!(
        run.expect,
        Expected::Result(_) | Expected::Exited(_) | Expected::Aborted
    )
}

#[test]
fn course_runtime_programs_agree_with_c() {
    let (Some(llc), Some(cc)) = (toolchain::tools::llc(), toolchain::tools::cc()) else {
        eprintln!("SKIP: llc or cc is not installed; course runtime programs not compared with C");
        return;
    };
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("cannot make a temp dir: {e}"));
    let mut failures = Vec::new();
    let mut compared = 0;
    for file in &files {
        let e = &file.expectation;
        if e.runtime == RuntimeName::Ll || e.ill_typed.is_some() {
            continue;
        }
        let runs: Vec<&Run> = e.runs.iter().filter(|r| well_defined(r)).collect();
        if runs.is_empty() {
            continue;
        }
        let exe = match build(&llc, &cc, dir.path(), file) {
            Ok(x) => x,
            Err(m) => {
                failures.push(format!("{}: {m}", file.display_name()));
                continue;
            }
        };
        let prog = spec::parse::parse(&file.source()).unwrap_or_else(|d| panic!("{d:?}"));
        let opts = oracle::Options {
            runtime: e.runtime,
            program_name: exe.to_string_lossy().into_owned(),
            ..oracle::Options::default()
        };
        for run in runs {
            let o = oracle::run(&prog, None, &run.args, &opts);
            match run_native(&exe, dir.path(), &run.args) {
                Ok((text, status)) => {
                    if let Some(d) = compare(&o, &text, status) {
                        failures.push(format!("{} run {}: {d}", file.display_name(), run.name));
                    }
                    compared += 1;
                }
                Err(m) => failures.push(format!("{}: {m}", file.display_name())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 10, "only {compared} runs compared");
}

//! The front end's output built as the course builds it and run natively,
//! beside the oracle's verdict: `clang -O1` with the runtime where clang is
//! installed, else LLVM's `llc -O1` and `cc` (the same code generator). A
//! native run never decides a verdict; it explains one: an output the
//! oracle finds undefined that happens to pass natively "passes natively
//! by luck", so that the student believes the verdict, and a native run
//! that disagrees with the oracle's verdict is said beside it.

use crate::harness::compiler::{TempPath, Tools};
use crate::harness::verdicts::Category;
use std::path::PathBuf;
use std::process::Command;
use toolchain::process::{self, Ended, Limits};

/// How the course's native build is made here.
#[derive(Clone, Debug)]
pub enum Native {
    /// `clang -O1 X.ll runtime.o`.
    Clang(PathBuf),
    /// `llc -O1 X.ll`, then `cc X.s runtime.o`.
    Llc(PathBuf),
}

impl Native {
    /// The native build this machine can make, if any (`cc` is needed for
    /// the runtime object either way).
    pub fn detect() -> Option<Native> {
        toolchain::tools::cc()?;
        if let Some(c) = toolchain::tools::find_tool(&["clang", "clang-14"]) {
            return Some(Native::Clang(c));
        }
        toolchain::tools::llc().map(Native::Llc)
    }

    /// The build in words, for reports.
    pub fn describe(&self) -> &'static str {
        match self {
            Native::Clang(_) => "clang -O1 with the runtime",
            Native::Llc(_) => "llc -O1 and cc with the runtime",
        }
    }

    /// Builds the LLVMlite text `ll` into an executable, or says why not.
    pub fn build(&self, tools: &Tools, ll: &str) -> Result<TempPath, String> {
        let dir = tempfile::Builder::new()
            .prefix("native")
            .tempdir()
            .map_err(|e| format!("cannot create a folder: {e}"))?;
        let input = dir.path().join("out.ll");
        std::fs::write(&input, ll).map_err(|e| format!("cannot write the output: {e}"))?;
        let exe = TempPath(
            tempfile::Builder::new()
                .prefix("native")
                .suffix(".exe")
                .tempfile()
                .map_err(|e| format!("cannot create a file: {e}"))?
                .into_temp_path()
                .keep()
                .map_err(|e| format!("cannot keep a file: {e}"))?,
        );
        let limits = Limits::tool(tools.timeout);
        // The build's errors name the output `out.ll`, not the folder it
        // was written to, so that the same error reads the same in every
        // report.
        let folder = format!("{}/", dir.path().display());
        let tool = |c: Command, what: &str| -> Result<(), String> {
            toolchain::tools::run_tool(what, c, &limits)
                .map(|_| ())
                .map_err(|e| e.brief().replace(&folder, ""))
        };
        match self {
            Native::Clang(clang) => {
                let rt = tools.runtime_object()?;
                let mut c = Command::new(clang);
                c.arg("-O1")
                    .arg("-w")
                    .arg("-o")
                    .arg(&exe.0)
                    .arg(&input)
                    .arg(rt);
                c.args(&tools.course().link_flags);
                tool(c, "clang")?;
            }
            Native::Llc(llc) => {
                let s = dir.path().join("out.s");
                let mut c = Command::new(llc);
                c.arg("-O1").arg("-o").arg(&s).arg(&input);
                tool(c, "llc")?;
                tools.link_to(&s, &exe.0)?;
            }
        }
        Ok(exe)
    }

    /// Runs `exe` with `args` as the course harness does (`exe args > file
    /// 2>&1`): what the course compares (the output, then the decimal exit
    /// status), or how the run ended when it did not exit.
    pub fn run(&self, tools: &Tools, exe: &TempPath, args: &[String]) -> Result<Vec<u8>, String> {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg("exec \"$0\" \"$@\" 2>&1")
            .arg(&exe.0)
            .args(args);
        let limits = Limits {
            timeout: tools.timeout,
            max_memory: Some(1 << 30),
            max_stdout: 1 << 20,
            max_stack: None,
        };
        let f = process::run(c, &limits).map_err(|e| format!("cannot run it: {e}"))?;
        match f.ended {
            Ended::Exited(code) => {
                let mut out = f.stdout;
                out.extend_from_slice(code.to_string().as_bytes());
                Ok(out)
            }
            Ended::Signaled(s) => Err(format!("killed by signal {s}")),
            Ended::TimedOut => Err("ran past the timeout".into()),
            Ended::OverCap => Err("printed past the output cap".into()),
        }
    }
}

/// What the reports say of a native run (`native`: its course output, or
/// how it ended) beside the oracle's verdict `category` on a run whose
/// course output should be `want`; `None` when the two agree and there is
/// nothing to explain.
pub fn note(
    category: Category,
    want: Option<&[u8]>,
    native: &Result<Vec<u8>, String>,
) -> Option<String> {
    let shown = match native {
        Ok(out) => format!("\"{}\"", super::judge::escaped(out)),
        Err(e) => e.clone(),
    };
    let passes = match (want, native) {
        (Some(w), Ok(out)) => Some(out.as_slice() == w),
        (_, Err(_)) => Some(false),
        (None, Ok(_)) => None,
    };
    match (category, passes) {
        (Category::UndefinedInOutput, Some(true)) => Some(format!(
            "passes natively by luck: the native build prints {shown}, as expected, but the \
             output's meaning is undefined at the step the oracle names, so another C \
             compiler, optimisation level or runtime may print anything"
        )),
        (Category::UndefinedInOutput, _) => Some(format!("natively: {shown}")),
        (Category::Pass, Some(false)) => Some(format!(
            "natively it does not pass: {shown} (the verdict is the oracle's, the language's meaning)"
        )),
        (Category::WrongOutput | Category::WrongStatus, Some(true)) => Some(format!(
            "natively it passes: {shown} (the verdict is the oracle's, the language's meaning)"
        )),
        (Category::IllTypedOutput, _) => Some(format!(
            "the native build accepts it (LLVM is laxer here than LLVMlite's checker, whose \
             verdict this is; docs/grading.md, \"Ill-typed output\") and prints {shown}"
        )),
        _ => None,
    }
}

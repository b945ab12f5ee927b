//! Failing programs saved for the student: each reduced program (and the
//! original) written into the campaign's output folder as a one-program
//! corpus with the command that reproduces it.

use super::target::Compiler;
use super::verdicts::{describe, CaseResult, Category, Reduced, RunVerdict};
use spec::Outcome;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use toolchain::shell::quote as shell_quote;

/// Where a failure's reduced program was saved and how to reproduce it.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The reduced program's file.
    pub reduced: PathBuf,
    /// The one-line command that reproduces the failure.
    pub command: String,
}

/// Writes each reduced program (and the original) into `dir`, with
/// comment lines naming the failure, the command that reproduces it and
/// `CHECK-ARGS` / `CHECK-RESULT` annotations so that the file is a
/// one-program corpus. `setup` are the session's other options the
/// command needs (dialect, course conventions: `Tools::cli_args`).
/// Returns, per result, where it went.
pub fn save_failures(
    results: &[CaseResult],
    compiler: &Compiler,
    setup: &str,
    dir: &Path,
) -> Result<Vec<Option<Saved>>, String> {
    let mut saved = Vec::new();
    for r in results {
        let Some((i, red)) = &r.reduced else {
            saved.push(None);
            continue;
        };
        let args = r.case.args(*i);
        let cat = r.verdicts.get(*i).and_then(RunVerdict::category);
        let orig = dir.join(format!("{}.ll", r.case.slug));
        let one = save_reduced(
            dir,
            &r.case.slug,
            "ll",
            compiler,
            setup,
            "--corpus",
            |command| {
                let mut text = String::new();
                let _ = writeln!(
                    text,
                    "; lloracle: reduced from {} ({}); fails with {} under {}",
                    r.case.name,
                    red.insns,
                    cat.map_or("?", Category::name),
                    compiler.describe()
                );
                let _ = writeln!(text, "; reproduce: {command}");
                let _ = writeln!(text, "; oracle: {}", describe(&red.expected));
                if let Some(a) = &red.actual {
                    let _ = writeln!(text, "; actual: {}", describe(a));
                }
                text.push_str(&expectation_lines(&args, &red.expected));
                text.push('\n');
                text.push_str(&red.text);
                text
            },
        )?;
        let mut orig_text = String::new();
        if !args.is_empty() {
            let _ = writeln!(orig_text, "; CHECK-ARGS: {}\n", args.join(" "));
        }
        orig_text.push_str(&spec::print(&r.case.prog));
        std::fs::write(&orig, orig_text).map_err(|e| format!("{}: {e}", orig.display()))?;
        saved.push(Some(one));
    }
    Ok(saved)
}

/// The corpus annotations of a run with arguments `args` whose oracle
/// outcome is `expected` (docs/corpus-format.md): a `CHECK-ARGS` line when
/// there are arguments, a `CHECK-RESULT` line when the program returns.
pub fn expectation_lines(args: &[String], expected: &Outcome) -> String {
    let mut text = String::new();
    if !args.is_empty() {
        let _ = writeln!(text, "; CHECK-ARGS: {}", args.join(" "));
    }
    if let Outcome::Returned { value, .. } = expected {
        let _ = writeln!(text, "; CHECK-RESULT: {value}");
    }
    text
}

/// Writes one reduced failure of the program `stem`, whatever the subject
/// (an LLVMlite program for a back end or an optimiser, an Oat test for a
/// front end), into `dir` as [`reduced_name`]`(stem, ext)`: its text is
/// `text(command)`, given the one-line command that reproduces it
/// ([`reproduce_command`], the file given by `file_option`). Where it
/// went and that command.
pub fn save_reduced(
    dir: &Path,
    stem: &str,
    ext: &str,
    compiler: &Compiler,
    setup: &str,
    file_option: &str,
    text: impl FnOnce(&str) -> String,
) -> Result<Saved, String> {
    crate::output::create_dir(dir)?;
    let file = dir.join(reduced_name(stem, ext));
    let command = reproduce_command(compiler, setup, file_option, &file);
    std::fs::write(&file, text(&command)).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(Saved {
        reduced: file,
        command,
    })
}

/// The file name a reduced failure of the program `stem` is saved under:
/// `STEM_reduced.EXT`, with one dot, since the ETH and CIS341 drivers'
/// path helper refuses a file name with two ("bad filename") and the
/// student runs their driver on the saved file.
pub fn reduced_name(stem: &str, ext: &str) -> String {
    format!("{stem}_reduced.{ext}")
}

/// The one-line command that reproduces a failure saved in `file`:
/// `lloracle test-compiler` with the compiler under test, the session's
/// other options it needs (`setup`: the dialect, the course's runtime,
/// for a front end the Oat version), the file given by `file_option`
/// (`--corpus` for an LLVMlite program, `--tests` for an Oat test) and
/// `--random 0`, so that it runs that one program and nothing else.
pub fn reproduce_command(
    compiler: &Compiler,
    setup: &str,
    file_option: &str,
    file: &Path,
) -> String {
    [
        "lloracle test-compiler".to_string(),
        compiler.cli_args(),
        setup.to_string(),
        format!("{file_option} {}", shell_quote(&file.to_string_lossy())),
        "--random 0".to_string(),
    ]
    .into_iter()
    .filter(|w| !w.trim().is_empty())
    .collect::<Vec<_>>()
    .join(" ")
}

/// A reduction's size and cost for the terminal: `N instructions (C
/// candidates, K kept, S.Ss)`, with `, stopped by a bound` inside the
/// parentheses when a bound ended the search.
pub fn describe_reduction(red: &Reduced) -> String {
    format!(
        "{} instructions ({} candidates, {} kept, {:.1}s{})",
        red.insns,
        red.candidates,
        red.kept,
        red.elapsed.as_secs_f64(),
        if red.bounded {
            ", stopped by a bound"
        } else {
            ""
        }
    )
}

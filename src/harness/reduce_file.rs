//! `lloracle reduce` on one file (README.md, the commands table):
//! the file's program read as a one-program corpus, sent in the
//! compiler's dialect, judged on its `CHECK-ARGS` runs, and its first
//! failing run reduced while it keeps failing the same way
//! ([`super::reduce::reduce`]); the reduced program written back as a
//! one-program corpus.

use super::cases::corpus_cases;
use super::compiler::Tools;
use super::dialect::{self, Prepared};
use super::group::signature;
use super::judge::judge_text;
use super::reduce::{reduce, Bounds, Goal};
use super::saved::expectation_lines;
use super::target::Target;
use super::verdicts::{Case, Category, Reduced};
use std::path::Path;

/// The first failing run of a file's program: what to reduce.
pub struct Failing {
    /// The program, as sent to the compiler.
    pub case: Case,
    /// The failure's category.
    pub category: Category,
    /// The failure's signature key (docs/grading.md, "Groups").
    pub key: String,
    /// The run's argv[1..].
    pub args: Vec<String>,
}

/// Reads the program in `file` (its first program, with its `CHECK-ARGS`
/// runs), sends it in `target`'s dialect and judges every run: the first
/// failing one, or `None` when no run fails (or the oracle does not
/// return). `Err`: the file does not parse or check, or its program cannot
/// be sent in the compiler's dialect.
pub fn first_failure(
    tools: &Tools,
    target: &Target,
    file: &Path,
) -> Result<Option<Failing>, String> {
    let cases = corpus_cases(file, target.course.runtime)?;
    let case = match (cases.cases.into_iter().next(), cases.set_aside.first()) {
        (Some(c), _) => c,
        (None, why) => return Err(why.map_or("does not parse or check".into(), |s| s.why.clone())),
    };
    let case = match dialect::prepare(case, &target.course, target.dialect.as_ref()) {
        Prepared::Send(c) => c,
        Prepared::NotInDialect(r) => {
            let why = r
                .verdicts
                .first()
                .map_or(String::new(), |v| format!("{v:?}"));
            return Err(format!(
                "{}: not in the compiler's dialect: {why}",
                file.display()
            ));
        }
        Prepared::SetAside(s) => return Err(format!("{}: {}", file.display(), s.why)),
    };
    let runs: Vec<Vec<String>> = case.runs.iter().map(|(_, r)| r.clone()).collect();
    let verdicts = judge_text(
        tools,
        &target.compiler,
        &case.prog,
        case.text.as_deref(),
        &runs,
    );
    let failing = verdicts
        .iter()
        .zip(&runs)
        .find_map(|(v, args)| signature(v).map(|(c, key)| (c, key, args.clone())));
    Ok(failing.map(|(category, key, args)| Failing {
        case,
        category,
        key,
        args,
    }))
}

/// Reduces `f` under `target`'s compiler within `bounds`, keeping its
/// category and key; `None` when the failure did not repeat.
pub fn reduce_failure(
    tools: &Tools,
    target: &Target,
    f: &Failing,
    bounds: &Bounds,
) -> Option<Reduced> {
    reduce(
        tools,
        &target.compiler,
        &f.case.prog,
        &f.args,
        &Goal::of(f.category, &f.key),
        bounds,
    )
}

/// The reduced program as a one-program corpus: its `CHECK-ARGS` and
/// `CHECK-RESULT` lines, then its text.
pub fn reduced_corpus(args: &[String], red: &Reduced) -> String {
    let mut text = expectation_lines(args, &red.expected);
    if let spec::Outcome::Returned { .. } = red.expected {
        text.push('\n');
    }
    text.push_str(&red.text);
    text
}

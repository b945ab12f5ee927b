//! A session: many programs (the corpus, random programs) judged in
//! parallel with rayon, then every failing program reduced. An interrupt
//! (see [`INTERRUPTED`]) stops the session at the next program; what
//! finished is still reported.

use super::compiler::{Compiler, Tools};
use super::judge::{judge_text, Category, RunVerdict};
use super::reduce::{reduce, Bounds, Reduced};
use crate::corpus::CorpusFile;
use rayon::prelude::*;
use spec::Prog;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the interrupt handler; the session stops taking new programs.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True once an interrupt arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// One program to check and its argument lists.
#[derive(Clone, Debug)]
pub struct Case {
    /// The program's name (`corpus/calls/fac.ll`, `random seed 7 size 30`).
    pub name: String,
    /// A file-name-safe form of the name.
    pub slug: String,
    /// The program.
    pub prog: Prog,
    /// The exact text sent to the compiler, when it is not the program
    /// printed in the session's dialect: a corpus file's own text, which
    /// reaches the compiler unchanged where it is in the dialect.
    pub text: Option<String>,
    /// (run name, argv[1..]) pairs.
    pub runs: Vec<(String, Vec<String>)>,
}

/// The judged runs of one case and the reduction of its first failure.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The case.
    pub case: Case,
    /// One verdict per run, in order.
    pub verdicts: Vec<RunVerdict>,
    /// The reduction of the first failing run (its index and result).
    pub reduced: Option<(usize, Reduced)>,
}

impl CaseResult {
    /// The index of the first failing run.
    pub fn first_failure(&self) -> Option<usize> {
        self.verdicts
            .iter()
            .position(|v| v.category().is_some_and(|c| c != Category::Pass))
    }
}

/// A corpus file that is not sent to the compiler, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The file (as in [`Case::name`]).
    pub name: String,
    /// Why: the parser's or checker's first diagnostic, `file:line:col`.
    pub why: String,
    /// True for a file whose annotations say it must not parse or check
    /// (`CHECK-MALFORMED`, `CHECK-ILL-TYPED`): nothing to report.
    pub on_purpose: bool,
}

/// The cases of a corpus directory or of one `.ll` file. Annotated files
/// give their runs; plain files (no `; CHECK` line, e.g. a course's own
/// test programs) give one run with no arguments, whose expected outcome
/// is the oracle's. Files that do not parse or check are set aside with
/// the diagnostic (on purpose when their annotations say so).
pub fn corpus_cases(path: &Path) -> Result<(Vec<Case>, Vec<SetAside>), String> {
    let files: Vec<CorpusFile> = if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.display().to_string();
        let expectation = if crate::corpus::has_annotations(&text) {
            crate::corpus::parse_expectation(&name, &text).map_err(|e| e.to_string())?
        } else {
            crate::corpus::Expectation::default()
        };
        vec![CorpusFile {
            path: path.to_path_buf(),
            text,
            expectation,
        }]
    } else {
        crate::corpus::load_corpus_with_plain(path).map_err(|e| e.to_string())?
    };
    let mut cases = Vec::new();
    let mut set_aside = Vec::new();
    for f in files {
        let rel = f.path.to_string_lossy().into_owned();
        let name = if path.is_file() {
            rel.clone()
        } else {
            format!("corpus/{rel}")
        };
        let on_purpose = f.expectation.ill_typed.is_some() || f.expectation.malformed;
        let src = spec::Source::new(name.clone(), f.text.clone());
        let prog = match spec::parse(&src) {
            Ok(p) => match spec::check(&p) {
                Ok(()) => p,
                Err(ds) => {
                    let why = ds.first().map_or(String::new(), |d| located(d, &src));
                    set_aside.push(SetAside {
                        name,
                        why,
                        on_purpose,
                    });
                    continue;
                }
            },
            Err(d) => {
                set_aside.push(SetAside {
                    name,
                    why: located(&d, &src),
                    on_purpose,
                });
                continue;
            }
        };
        if on_purpose {
            set_aside.push(SetAside {
                name,
                why: "its annotations say it must not parse or check, yet it does".into(),
                on_purpose: false,
            });
            continue;
        }
        let mut runs: Vec<(String, Vec<String>)> = f
            .expectation
            .runs
            .iter()
            .map(|r| (r.name.clone(), r.args.clone()))
            .collect();
        if runs.is_empty() {
            runs.push(("default".into(), vec![]));
        }
        cases.push(Case {
            slug: slug(&rel),
            name,
            prog,
            text: Some(f.text),
            runs,
        });
    }
    Ok((cases, set_aside))
}

/// A diagnostic in one line: `file:line:col: [rule] message`.
pub fn located(d: &spec::Diagnostic, src: &spec::Source) -> String {
    let l = d.locate(src);
    format!(
        "{}:{}:{}: [{}] {}",
        l.file, l.line, l.col, l.rule, l.message
    )
}

/// `n` random programs from seeds `seed..seed + n` at `size` (generated in
/// parallel).
pub fn random_cases(n: u64, seed: u64, size: usize) -> Vec<Case> {
    random_cases_in(n, seed, size, None)
}

/// [`random_cases`] generated within `dialect` (`gen::from_seed_in`: only
/// its features; none: every feature).
pub fn random_cases_in(
    n: u64,
    seed: u64,
    size: usize,
    dialect: Option<&spec::dialect::Dialect>,
) -> Vec<Case> {
    (0..n)
        .into_par_iter()
        .map(|i| {
            let s = seed.wrapping_add(i);
            Case {
                name: format!("random --seed {s} --size {size}"),
                slug: format!("random-seed{s}-size{size}"),
                prog: gen::from_seed_in(s, size, dialect),
                text: None,
                runs: vec![("default".into(), vec![])],
            }
        })
        .collect()
}

/// A file-name-safe form of `s`.
pub fn slug(s: &str) -> String {
    let s = s.strip_suffix(".ll").unwrap_or(s);
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// Choices of a session.
pub struct Settings {
    /// Worker threads.
    pub jobs: usize,
    /// Reduce at most this many failing programs.
    pub max_reductions: usize,
    /// Bounds of each reduction.
    pub bounds: Bounds,
    /// Stop judging at the first failing program (mutation score).
    pub stop_at_first_failure: bool,
}

/// Judges every case (in parallel), calling `tick` after each, then
/// reduces up to `max_reductions` failing ones. Cases not reached before an
/// interrupt are left out.
pub fn run_session(
    tools: &Tools,
    compiler: &Compiler,
    cases: Vec<Case>,
    settings: &Settings,
    tick: &(dyn Fn(&CaseResult) + Sync),
) -> Vec<CaseResult> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build();
    let found = AtomicBool::new(false);
    let judge_all = || -> Vec<CaseResult> {
        cases
            .into_par_iter()
            .filter_map(|case| {
                if interrupted()
                    || (settings.stop_at_first_failure && found.load(Ordering::Relaxed))
                {
                    return None;
                }
                let args: Vec<Vec<String>> = case.runs.iter().map(|(_, a)| a.clone()).collect();
                let verdicts = judge_text(tools, compiler, &case.prog, case.text.as_deref(), &args);
                let r = CaseResult {
                    case,
                    verdicts,
                    reduced: None,
                };
                if r.first_failure().is_some() {
                    found.store(true, Ordering::Relaxed);
                }
                tick(&r);
                Some(r)
            })
            .collect()
    };
    let reduce_all = |results: &mut Vec<CaseResult>| {
        let todo: Vec<&mut CaseResult> = results
            .iter_mut()
            .filter(|r| r.first_failure().is_some())
            .take(settings.max_reductions)
            .collect();
        todo.into_par_iter().for_each(|r| {
            if interrupted() {
                return;
            }
            let Some(i) = r.first_failure() else { return };
            let Some(cat) = r.verdicts.get(i).and_then(RunVerdict::category) else {
                return;
            };
            let args = r
                .case
                .runs
                .get(i)
                .map(|(_, a)| a.clone())
                .unwrap_or_default();
            r.reduced = reduce(tools, compiler, &r.case.prog, &args, cat, &settings.bounds)
                .map(|red| (i, red));
        });
    };
    match pool {
        Ok(pool) => pool.install(|| {
            let mut results = judge_all();
            reduce_all(&mut results);
            results
        }),
        Err(_) => {
            let mut results = judge_all();
            reduce_all(&mut results);
            results
        }
    }
}

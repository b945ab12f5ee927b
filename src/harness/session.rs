//! A session: many programs (the corpus, random programs) judged in
//! parallel with rayon, then every failing program reduced. An interrupt
//! (see [`INTERRUPTED`]) stops the session at the next program; what
//! finished is still reported.

use super::budget::Budget;
use super::compiler::{Compiler, Tools};
use super::judge::{judge_text, Category, RunVerdict};
use super::reduce::{reduce, Bounds, Reduced, Target};
use crate::corpus::CorpusFile;
use rayon::prelude::*;
use spec::Prog;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

/// A corpus read for a campaign.
#[derive(Clone, Debug, Default)]
pub struct CorpusCases {
    /// The runnable cases.
    pub cases: Vec<Case>,
    /// The files not sent, with why (on purpose or a problem to report).
    pub set_aside: Vec<SetAside>,
    /// Per case name, the annotated expectation of each run, to hold
    /// against the oracle ([`expectation_problems`]).
    pub expected: std::collections::HashMap<String, Vec<crate::corpus::Run>>,
}

impl CorpusCases {
    /// Files ill-typed or malformed on purpose (only counted).
    pub fn on_purpose(&self) -> usize {
        self.set_aside.iter().filter(|s| s.on_purpose).count()
    }

    /// Files that should have run but could not be used, one line each
    /// (`file: why`): a course's own test that is wrong is reported, never
    /// silently skipped.
    pub fn problems(&self) -> Vec<String> {
        problems_of(&self.set_aside)
    }
}

/// The set-aside files that are problems (not on purpose), one line each.
pub fn problems_of(set_aside: &[SetAside]) -> Vec<String> {
    set_aside
        .iter()
        .filter(|s| !s.on_purpose)
        .map(|s| format!("{}: {}", s.name, s.why))
        .collect()
}

/// The cases of a corpus directory or of one `.ll` file. Annotated files
/// give their runs; plain files (no `; CHECK` line, e.g. a course's own
/// test programs) give one run with no arguments, whose expected outcome
/// is the oracle's. Files that do not parse or check are set aside with
/// the diagnostic (on purpose when their annotations say so).
pub fn corpus_cases(path: &Path) -> Result<CorpusCases, String> {
    let files: Vec<CorpusFile> = if path.is_file() {
        let bytes = crate::input::read_input(path)?;
        let text = crate::input::source_text(bytes);
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
    let mut out = CorpusCases::default();
    for f in files {
        let rel = f.path.to_string_lossy().into_owned();
        let name = if path.is_file() {
            rel.clone()
        } else {
            format!("corpus/{rel}")
        };
        let on_purpose = f.expectation.ill_typed.is_some() || f.expectation.malformed;
        let src = spec::Source::new(name.clone(), f.text.clone());
        let prog = match parse_checked(&src) {
            Ok(p) => p,
            Err(d) => {
                out.set_aside.push(SetAside {
                    name,
                    why: located(&d, &src),
                    on_purpose,
                });
                continue;
            }
        };
        if on_purpose {
            out.set_aside.push(SetAside {
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
        out.expected
            .insert(name.clone(), f.expectation.runs.clone());
        out.cases.push(Case {
            slug: slug(&rel),
            name,
            prog,
            text: Some(f.text),
            runs,
        });
    }
    Ok(out)
}

/// `src` parsed and checked, or the first diagnostic (the parser's, or
/// the checker's first).
pub fn parse_checked(src: &spec::Source) -> Result<Prog, spec::Diagnostic> {
    let p = spec::parse(src)?;
    match spec::check(&p) {
        Ok(()) => Ok(p),
        Err(ds) => Err(ds
            .into_iter()
            .next()
            .unwrap_or_else(|| spec::Diagnostic::new("check", spec::Span::DUMMY, "ill-typed"))),
    }
}

/// A diagnostic in one line: `file:line:col: [rule] message`.
pub fn located(d: &spec::Diagnostic, src: &spec::Source) -> String {
    let l = d.locate(src);
    format!(
        "{}:{}:{}: [{}] {}",
        l.file, l.line, l.col, l.rule, l.message
    )
}

/// The runs whose oracle outcome contradicts the file's own annotation
/// (`CHECK-RESULT`, `CHECK-UNDEFINED`, `CHECK-LIMIT`, `CHECK-STDOUT`): a
/// course's test file that is wrong is reported, not trusted.
pub fn expectation_problems(
    results: &[CaseResult],
    expected: &std::collections::HashMap<String, Vec<crate::corpus::Run>>,
) -> Vec<String> {
    use crate::corpus::Expected;
    let mut problems = Vec::new();
    for r in results {
        let Some(runs) = expected.get(&r.case.name) else {
            continue;
        };
        for (run, v) in runs.iter().zip(&r.verdicts) {
            let oracle = match v {
                RunVerdict::Skipped { oracle } => oracle,
                RunVerdict::Judged { expected, .. } => expected,
                RunVerdict::NotInDialect { .. } => continue,
            };
            let agrees = match (&run.expect, oracle) {
                (Expected::Result(want), spec::Outcome::Returned { value, .. }) => want == value,
                (Expected::Undefined(k), spec::Outcome::Undefined { kind, .. }) => k == kind,
                // The harness's fuel may be lower than the file assumes.
                (Expected::Limit(_) | Expected::Unspecified, _) => true,
                (_, spec::Outcome::Limit { .. }) => true,
                _ => false,
            };
            let same_stdout = run.stdout.as_ref().is_none_or(|s| {
                matches!(oracle, spec::Outcome::Limit { .. }) || s == oracle.stdout()
            });
            if !agrees || !same_stdout {
                problems.push(format!(
                    "{}:{}: run `{}` is annotated `{}`{} but the oracle says: {oracle}{}",
                    r.case.name,
                    run.line,
                    run.name,
                    run.expect,
                    if run.stdout.is_some() {
                        " with its CHECK-STDOUT"
                    } else {
                        ""
                    },
                    if same_stdout {
                        ""
                    } else {
                        " (different stdout)"
                    }
                ));
            }
        }
    }
    problems
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
        .map(|i| random_case(seed.wrapping_add(i), size, dialect))
        .collect()
}

/// The random program of seed `s` at `size` (within `dialect`, if any), as
/// a case with one run.
pub fn random_case(s: u64, size: usize, dialect: Option<&spec::dialect::Dialect>) -> Case {
    Case {
        name: format!("random --seed {s} --size {size}"),
        slug: format!("random-seed{s}-size{size}"),
        prog: gen::from_seed_in(s, size, dialect),
        text: None,
        runs: vec![("default".into(), vec![])],
    }
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
    /// The campaign's time budget and give-up rule (shared by the
    /// sessions of one campaign).
    pub budget: Arc<Budget>,
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
                    || settings.budget.exhausted()
                    || (settings.stop_at_first_failure && found.load(Ordering::Relaxed))
                {
                    return None;
                }
                let args: Vec<Vec<String>> = case.runs.iter().map(|(_, a)| a.clone()).collect();
                // A bug of lloracle's own on one program must not cost the
                // campaign its reports: the program is left out and named.
                let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    judge_text(tools, compiler, &case.prog, case.text.as_deref(), &args)
                }));
                let verdicts = match judged {
                    Ok(v) => v,
                    Err(p) => {
                        settings.budget.internal_error(&case.name, p.as_ref());
                        return None;
                    }
                };
                let r = CaseResult {
                    case,
                    verdicts,
                    reduced: None,
                };
                if r.first_failure().is_some() {
                    found.store(true, Ordering::Relaxed);
                }
                let failed = r.first_failure().and_then(|i| r.verdicts.get(i));
                settings.budget.record(
                    failed
                        .and_then(RunVerdict::category)
                        .is_some_and(Category::is_timeout),
                );
                tick(&r);
                Some(r)
            })
            .collect()
    };
    let reduce_all = |results: &mut Vec<CaseResult>| {
        // The budget goes one failure group at a time, largest first (and
        // the reductions start in that order); timeouts are not reduced.
        let chosen = super::group::reduction_order(results, settings.max_reductions);
        let mut slots: Vec<Option<&mut CaseResult>> = results.iter_mut().map(Some).collect();
        let todo: Vec<&mut CaseResult> = chosen
            .iter()
            .filter_map(|&k| slots.get_mut(k).and_then(Option::take))
            .collect();
        todo.into_par_iter().for_each(|r| {
            if interrupted() || settings.budget.exhausted() {
                return;
            }
            let bounds = Bounds {
                max_time: settings.bounds.max_time.min(settings.budget.remaining()),
                ..settings.bounds.clone()
            };
            let Some(i) = r.first_failure() else { return };
            let Some((cat, key)) = r.verdicts.get(i).and_then(super::group::signature) else {
                return;
            };
            let args = r
                .case
                .runs
                .get(i)
                .map(|(_, a)| a.clone())
                .unwrap_or_default();
            let target = Target::of(cat, &key);
            let reduced = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                reduce(tools, compiler, &r.case.prog, &args, &target, &bounds)
            }));
            match reduced {
                Ok(red) => r.reduced = red.map(|red| (i, red)),
                Err(p) => settings.budget.internal_error(&r.case.name, p.as_ref()),
            }
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

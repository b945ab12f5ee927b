//! The programs of a campaign: the cases of a corpus (annotated files
//! with their runs, plain course files with one run, files set aside with
//! why), the annotations the oracle contradicts, and random programs.

use super::verdicts::{located, parse_checked_under, slug, Case, CaseResult, RunVerdict, SetAside};
use crate::corpus::CorpusFile;
use rayon::prelude::*;
use std::path::Path;

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

/// The cases of a corpus directory or of one `.ll` file for a campaign
/// under the course runtime `runtime`. Annotated files give their runs;
/// plain files (no `; CHECK` line, e.g. a course's own test programs) give
/// one run with no arguments, whose expected outcome is the oracle's.
/// Files are checked with `runtime`'s functions callable; a file of
/// another runtime than `runtime` and the spec's `ll` (`CHECK-RUNTIME`)
/// is set aside on purpose, and so are files that do not parse or check
/// (on purpose when their annotations say so).
pub fn corpus_cases(path: &Path, runtime: spec::RuntimeName) -> Result<CorpusCases, String> {
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
        if ![spec::RuntimeName::Ll, runtime].contains(&f.expectation.runtime) {
            // A program of another course runtime (CHECK-RUNTIME) needs that
            // runtime linked; the campaign links its own.
            out.set_aside.push(SetAside {
                name,
                why: format!("it runs under the runtime `{}`", f.expectation.runtime),
                on_purpose: true,
            });
            continue;
        }
        let src = spec::Source::new(name.clone(), f.text.clone());
        let prog = match parse_checked_under(&src, runtime) {
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
                RunVerdict::Skipped { oracle } | RunVerdict::DependsOnAddresses { oracle, .. } => {
                    oracle
                }
                RunVerdict::Judged { expected, .. } => expected,
                RunVerdict::SharedWithReference { own, .. } => match own.as_ref() {
                    RunVerdict::Judged { expected, .. } => expected,
                    _ => continue,
                },
                RunVerdict::NotInDialect { .. } | RunVerdict::ReferenceCannotBuild { .. } => {
                    continue
                }
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
    random_case_for(s, size, dialect, gen::Profile::Default)
}

/// [`random_case`] of generation profile `profile` (`gen --for`): its name
/// is the `lloracle gen` command that prints it.
pub fn random_case_for(
    s: u64,
    size: usize,
    dialect: Option<&spec::dialect::Dialect>,
    profile: gen::Profile,
) -> Case {
    let (name, slug) = match profile {
        gen::Profile::Default => (
            format!("random --seed {s} --size {size}"),
            format!("random-seed{s}-size{size}"),
        ),
        p => (
            format!("random --seed {s} --size {size} --for {}", p.name()),
            format!("random-seed{s}-size{size}-{}", p.name()),
        ),
    };
    Case {
        name,
        slug,
        prog: gen::from_seed_with(s, size, dialect, profile),
        text: None,
        runs: vec![("default".into(), vec![])],
    }
}

//! Probing a compiler's dialect (docs/dialects.md): before a campaign with no
//! `--dialect`, a few tiny correct programs are sent, one per syntax
//! feature plus a baseline that uses no optional feature at all; a feature
//! whose probe the compiler refuses (a compile error, three times, the
//! last two alone) is one it does not accept. The named profile whose
//! features best match is chosen (semantic features such as aggregate
//! `alloca` come from the profile), never narrowed: a refusal of a
//! feature the profile has is reported as the compiler's failure. The
//! baseline is sent first and alone; a compiler that fails it has every
//! program counted as failed (docs/grading.md).

use super::baseline::{first_lines, probe_settings, send_alone};
use super::compiler::Tools;
use super::course::{entry_name, Course};
use super::probe_programs::{probe_case, CONFIRMATIONS, PROBES};
use super::session::run_session;
use super::target::Compiler;
use super::verdicts::{Case, CaseResult, Category, RunVerdict};
use spec::dialect::{Dialect, Feature, FeatureSet};
use std::fmt::Write as _;

/// What one probe showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The compiler built the probe (whatever the program then did), at
    /// least once in three tries.
    Accepted,
    /// The compiler refused it (a compile error or timeout) three times,
    /// the last two alone: its words.
    Refused(String),
    /// Nothing to conclude (the probe needs a feature the compiler refused).
    Unknown,
}

/// The probes' findings and the profile chosen from them.
#[derive(Clone, Debug)]
pub struct Probed {
    /// Per probed feature, what its probe showed (in [`PROBES`] order).
    pub findings: Vec<(Feature, Finding)>,
    /// The closest named profile: the dialect programs are sent in (never
    /// narrowed by a refusal).
    pub profile: Dialect,
    /// Probes the compiler refused although the profile has their feature:
    /// failures of the compiler, reported with their probe programs like
    /// any other failing program.
    pub failures: Vec<CaseResult>,
    /// Probes that failed once but passed when sent again alone (a flaky
    /// compiler or driver), by feature name.
    pub flaky: Vec<String>,
}

/// Sends every feature probe to `compiler` (in parallel, then each refusal
/// again [`CONFIRMATIONS`] times alone) and chooses the closest named
/// profile. Call it after [`super::baseline`] passed.
pub fn probe(tools: &Tools, compiler: &Compiler, course: &Course, jobs: usize) -> Probed {
    let cases: Vec<Case> = PROBES[1..].iter().map(|p| probe_case(p, course)).collect();
    let results = run_session(
        tools,
        compiler,
        cases.clone(),
        &probe_settings(jobs),
        &|_| {},
    );
    let mut flaky = Vec::new();
    let mut findings: Vec<(Feature, Finding)> = Vec::new();
    let mut refusals: Vec<(Feature, CaseResult)> = Vec::new();
    for (p, case) in PROBES[1..].iter().zip(&cases) {
        let Some(f) = p.feature else { continue };
        let mut result = results.iter().find(|r| r.case.name == case.name).cloned();
        let refused = |r: &Option<CaseResult>| {
            matches!(
                r.as_ref().and_then(|r| r.verdicts.first()),
                Some(RunVerdict::Judged {
                    category: Category::CompileError | Category::CompileTimeout,
                    ..
                })
            )
        };
        if refused(&result) {
            for _ in 0..CONFIRMATIONS {
                let again = send_alone(tools, compiler, case);
                if !refused(&again) {
                    flaky.push(f.name().to_string());
                    result = again;
                    break;
                }
            }
        }
        let finding = match result.as_ref().and_then(|r| r.verdicts.first()) {
            Some(RunVerdict::Judged {
                category: Category::CompileError | Category::CompileTimeout,
                detail,
                ..
            }) => Finding::Refused(first_lines(detail, 3)),
            Some(RunVerdict::Judged { .. }) => Finding::Accepted,
            _ => Finding::Unknown,
        };
        if let (Finding::Refused(_), Some(r)) = (&finding, result) {
            refusals.push((f, r));
        }
        findings.push((f, finding));
    }
    // A probe that needs a refused feature shows nothing about its own.
    let refused_set: Vec<Feature> = refusals.iter().map(|(f, _)| *f).collect();
    for (i, p) in PROBES.iter().enumerate().skip(1) {
        if let (Some(f), Some(n)) = (p.feature, p.needs) {
            if refused_set.contains(&n) {
                if let Some(slot) = findings.get_mut(i - 1).filter(|(g, _)| *g == f) {
                    slot.1 = Finding::Unknown;
                }
            }
        }
    }
    let profile = choose(&findings);
    let failures = refusals
        .into_iter()
        .filter(|(f, _)| profile.has(*f))
        .filter(|(f, _)| {
            findings
                .iter()
                .any(|(g, x)| g == f && matches!(x, Finding::Refused(_)))
        })
        .map(|(_, r)| r)
        .collect();
    Probed {
        findings,
        profile,
        failures,
        flaky,
    }
}

/// The named profile that best matches `findings`: fewest disagreements
/// (refused features it has plus accepted features it lacks), then fewest
/// refused features it has, then table order. Never a narrowed profile:
/// students of one course are graded on one dialect, and a refusal of a
/// feature the profile has is the compiler's failure.
pub fn choose(findings: &[(Feature, Finding)]) -> Dialect {
    let with = |want: fn(&Finding) -> bool| -> FeatureSet {
        findings
            .iter()
            .filter(|(_, x)| want(x))
            .fold(FeatureSet::default(), |s, (f, _)| s.with(*f))
    };
    let refused = with(|x| matches!(x, Finding::Refused(_)));
    let accepted = with(|x| *x == Finding::Accepted);
    let score = |d: &Dialect| {
        let bad = refused.iter().filter(|f| d.has(*f)).count();
        let missed = accepted.iter().filter(|f| !d.has(*f)).count();
        (bad + missed, bad)
    };
    let profiles = Dialect::profiles();
    profiles
        .iter()
        .enumerate()
        .min_by_key(|(i, d)| (score(d), *i))
        .map(|(_, d)| d.clone())
        .unwrap_or_else(|| Dialect::by_name("lloracle").expect("the lloracle profile"))
}

/// The block printed before the campaign: which profile was chosen and
/// why (what the probes showed), the refusals that count as failures, the
/// probes that passed only when sent again.
pub fn summary(p: &Probed) -> String {
    let mut t = String::new();
    let n = p.findings.len() + 1;
    let _ = writeln!(
        t,
        "probe: {n} one-feature programs sent; the baseline passed"
    );
    let accepted: Vec<&str> = p
        .findings
        .iter()
        .filter(|(_, x)| *x == Finding::Accepted)
        .map(|(f, _)| f.name())
        .collect();
    if !accepted.is_empty() {
        let _ = writeln!(t, "probe: accepts {}", accepted.join(", "));
    }
    for (f, x) in &p.findings {
        if let Finding::Refused(_) = x {
            let what = if p.profile.has(*f) {
                format!(
                    "which {} has: a failure of the compiler (its probe program is reported)",
                    p.profile.name
                )
            } else {
                "programs avoid it".to_string()
            };
            let _ = writeln!(
                t,
                "probe: does not accept {} ({}), {what}",
                f.describe(),
                f.name()
            );
        }
    }
    if !p.flaky.is_empty() {
        let _ = writeln!(
            t,
            "probe: refused at first but accepted when sent again alone (a flaky compiler or \
             driver): {}",
            p.flaky.join(", ")
        );
    }
    let unknown: Vec<&str> = p
        .findings
        .iter()
        .filter(|(_, x)| *x == Finding::Unknown)
        .map(|(f, _)| f.name())
        .collect();
    if !unknown.is_empty() {
        let _ = writeln!(
            t,
            "probe: not shown (taken from the profile): {}",
            unknown.join(", ")
        );
    }
    let _ = writeln!(
        t,
        "dialect: {} ({}), the closest named profile to what the probes showed",
        p.profile.name, p.profile.about
    );
    t
}

/// What the reports record about the dialect: its name and features, how
/// it was chosen (`--dialect`, or the probes and what each showed), and
/// the course conventions.
pub fn record(
    dialect: Option<&Dialect>,
    probed: Option<&Probed>,
    course: &Course,
) -> serde_json::Value {
    use serde_json::json;
    let Some(d) = dialect else {
        return serde_json::Value::Null;
    };
    let probes: Vec<serde_json::Value> = probed
        .map(|p| {
            p.findings
                .iter()
                .map(|(f, x)| {
                    let (finding, detail) = match x {
                        Finding::Accepted => ("accepted", String::new()),
                        Finding::Refused(w) => ("refused", w.clone()),
                        Finding::Unknown => ("not shown", String::new()),
                    };
                    json!({"feature": f.name(), "finding": finding, "detail": detail})
                })
                .collect()
        })
        .unwrap_or_default();
    json!({
        "name": d.name,
        "about": d.about,
        "features": d.features.iter().map(Feature::name).collect::<Vec<_>>(),
        "chosen_by": if probed.is_some() { "probe" } else { "--dialect" },
        "probes": probes,
        "entry": entry_name(course.entry),
        "runtime": course.record(),
        "link_flags": course.link_flags,
    })
}

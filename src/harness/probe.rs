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

use super::compiler::Tools;
use super::course::{entry_name, Course};
use super::reduce::Bounds;
use super::session::{run_session, Settings};
use super::target::Compiler;
use super::types::{describe, Case, CaseResult, Category, RunVerdict};
use spec::dialect::{Dialect, Feature, FeatureSet};
use std::fmt::Write as _;

/// One probe program: the feature it uses (none for the baseline), the
/// feature it also needs (its load syntax), and what it returns.
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// The one optional feature the program uses (`None`: the baseline).
    pub feature: Option<Feature>,
    /// Another feature the program needs to be read at all (the LLVM 3.7+
    /// load syntax); when the compiler refuses that one, this probe says
    /// nothing.
    pub needs: Option<Feature>,
    /// The program (it starts at `@main`).
    pub text: &'static str,
    /// What `@main` returns (derived by hand; checked against the oracle
    /// by the tests).
    pub result: i64,
}

/// The baseline and one probe per syntax feature a probe can show alone.
/// Not probed (taken from the profile): `empty-struct-types`, the two
/// LLVM parser rules `i64-struct-index` and `late-type-definitions` (every
/// course parser reads both forms, LLVM neither), and the semantic
/// features `aggregate-alloca` and `string-in-aggregate`.
pub const PROBES: [Probe; 18] = [
    Probe {
        feature: None,
        needs: None,
        text: "define i64 @main() {\n  %x = add i64 40, 2\n  ret i64 %x\n}\n",
        result: 42,
    },
    Probe {
        feature: Some(Feature::TypedLoadGep),
        needs: None,
        text: "@g = global [2 x i64] [i64 1, i64 2]\n\
               define i64 @main() {\n  %p = alloca i64\n  store i64 7, i64* %p\n  \
               %v = load i64, i64* %p\n  \
               %q = getelementptr [2 x i64], [2 x i64]* @g, i64 0, i64 1\n  \
               %w = load i64, i64* %q\n  %r = add i64 %v, %w\n  ret i64 %r\n}\n",
        result: 9,
    },
    Probe {
        feature: Some(Feature::SpecLoadGep),
        needs: None,
        text: "@g = global [2 x i64] [i64 1, i64 2]\n\
               define i64 @main() {\n  %p = alloca i64\n  store i64 7, i64* %p\n  \
               %v = load i64* %p\n  \
               %q = getelementptr [2 x i64]* @g, i64 0, i64 1\n  \
               %w = load i64* %q\n  %r = add i64 %v, %w\n  ret i64 %r\n}\n",
        result: 9,
    },
    Probe {
        feature: Some(Feature::NegativeLiterals),
        needs: None,
        text: "define i64 @main() {\n  %x = add i64 -8, 21\n  ret i64 %x\n}\n",
        result: 13,
    },
    Probe {
        feature: Some(Feature::BigLiterals),
        needs: None,
        // 2^62 >> 60 = 4.
        text: "define i64 @main() {\n  %x = lshr i64 4611686018427387904, 60\n  ret i64 %x\n}\n",
        result: 4,
    },
    Probe {
        feature: Some(Feature::QuotedNames),
        needs: None,
        text: "define i64 @main() {\n  %\"x y\" = add i64 3, 4\n  ret i64 %\"x y\"\n}\n",
        result: 7,
    },
    Probe {
        feature: Some(Feature::KeywordNames),
        needs: None,
        text: "define i64 @main() {\n  br label %store\nstore:\n  ret i64 11\n}\n",
        result: 11,
    },
    Probe {
        feature: Some(Feature::NumberedNames),
        needs: None,
        text: "define i64 @main() {\n  %1 = add i64 5, 7\n  ret i64 %1\n}\n",
        result: 12,
    },
    Probe {
        feature: Some(Feature::NumberedLabels),
        needs: Some(Feature::NumberedNames),
        text: "define i64 @main() {\n  br label %2\n2:\n  ret i64 14\n}\n",
        result: 14,
    },
    Probe {
        feature: Some(Feature::UnderscoreNames),
        needs: None,
        text: "define i64 @main() {\n  %_t = add i64 6, 9\n  ret i64 %_t\n}\n",
        result: 15,
    },
    Probe {
        feature: Some(Feature::LlvmNameChars),
        needs: None,
        text: "define i64 @main() {\n  %x-y = add i64 8, 8\n  ret i64 %x-y\n}\n",
        result: 16,
    },
    Probe {
        feature: Some(Feature::EmptyParamFunTypes),
        needs: None,
        text: "define i64 @f() {\n  ret i64 17\n}\n\
               define i64 @main() {\n  %g = bitcast i64 ()* @f to i64 ()*\n  \
               %r = call i64 %g()\n  ret i64 %r\n}\n",
        result: 17,
    },
    Probe {
        feature: Some(Feature::StringEscapes),
        needs: Some(Feature::TypedLoadGep),
        // Prints "a", a newline, "b" and ll_puts's newline.
        text: "@s = global [4 x i8] c\"a\\0Ab\\00\"\n\
               declare void @ll_puts(i8*)\n\
               define i64 @main() {\n  \
               %p = getelementptr [4 x i8], [4 x i8]* @s, i64 0, i64 0\n  \
               call void @ll_puts(i8* %p)\n  ret i64 18\n}\n",
        result: 18,
    },
    Probe {
        feature: Some(Feature::GlobalBitcastInit),
        needs: Some(Feature::TypedLoadGep),
        text: "@g = global i64 19\n\
               @h = global i8* bitcast (i64* @g to i8*)\n\
               define i64 @main() {\n  %p = load i8*, i8** @h\n  \
               %q = bitcast i8* %p to i64*\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
        result: 19,
    },
    Probe {
        feature: Some(Feature::UndeclaredRuntimeCalls),
        needs: None,
        // Prints "20" and a newline.
        text: "define i64 @main() {\n  %s = call i8* @ll_ltoa(i64 20)\n  \
               call void @ll_puts(i8* %s)\n  ret i64 20\n}\n",
        result: 20,
    },
    Probe {
        feature: Some(Feature::OpaquePointers),
        needs: Some(Feature::TypedLoadGep),
        text: "define i64 @main() {\n  %p = alloca i64\n  store i64 21, ptr %p\n  \
               %v = load i64, ptr %p\n  ret i64 %v\n}\n",
        result: 21,
    },
    Probe {
        feature: Some(Feature::TrueFalseLiterals),
        needs: None,
        text: "define i64 @main() {\n  br i1 true, label %yes, label %no\n\
               yes:\n  ret i64 22\nno:\n  ret i64 23\n}\n",
        result: 22,
    },
    Probe {
        feature: Some(Feature::LlvmExtras),
        needs: None,
        text: "define i64 @main() {\nstart:\n  %x = add i64 20, 4\n  ret i64 %x\n}\n",
        result: 24,
    },
];

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

/// How many times a refused probe (or a failed baseline) is sent again,
/// alone and one after the other, before the refusal counts: a flaky
/// driver (one that races on a fixed `output/` folder) must not narrow the
/// dialect or fail the baseline.
pub const CONFIRMATIONS: usize = 2;

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

/// How the baseline went, when it passed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaselinePassed {
    /// The baseline linked only with `-no-pie` (a back end that writes
    /// absolute addresses, as 2017-era course code does): the campaign
    /// links with it too.
    pub needs_no_pie: bool,
    /// The baseline failed at first and passed when sent again alone.
    pub flaky: bool,
}

/// Why the baseline failed: the failing verdict and one paragraph.
#[derive(Clone, Debug)]
pub struct BaselineFailed {
    /// One paragraph: the category, what was expected, what happened.
    pub message: String,
    /// The baseline's verdict (a failure): every program of the campaign
    /// is counted as failed with its category.
    pub verdict: Box<RunVerdict>,
}

impl BaselineFailed {
    /// The failure's category (a compile error when there was no verdict).
    pub fn category(&self) -> Category {
        self.verdict.category().unwrap_or(Category::CompileError)
    }
}

/// The probe program of `p` as a case starting at `course`'s entry.
fn probe_case(p: &Probe, course: &Course) -> Case {
    let name = p.feature.map_or("baseline", Feature::name);
    let text = p.text.replace(
        "define i64 @main(",
        &format!("define i64 @{}(", entry_name(course.entry)),
    );
    let prog = spec::parse(&spec::Source::new(name, text.clone())).unwrap_or_default();
    Case {
        name: format!("probe {name}"),
        slug: format!("probe-{name}"),
        prog,
        text: Some(text),
        runs: vec![("default".into(), vec![])],
    }
}

/// The settings of probe sessions: `jobs` threads, no reduction.
fn probe_settings(jobs: usize) -> Settings {
    Settings {
        jobs,
        max_reductions: 0,
        bounds: Bounds::default(),
        stop_at_first_failure: false,
        budget: Default::default(),
    }
}

/// `case`'s one verdict under `compiler`, sent alone.
fn send_alone(tools: &Tools, compiler: &Compiler, case: &Case) -> Option<CaseResult> {
    run_session(
        tools,
        compiler,
        vec![case.clone()],
        &probe_settings(1),
        &|_| {},
    )
    .into_iter()
    .next()
}

/// True for a verdict that passed.
fn passed(r: Option<&CaseResult>) -> bool {
    matches!(
        r.and_then(|r| r.verdicts.first()),
        Some(RunVerdict::Judged {
            category: Category::Pass,
            ..
        })
    )
}

/// True when the baseline was built and ran to an end: a compiler that
/// gets its value wrong is judged program by program like any other; one
/// that cannot build it, or whose program crashes or hangs, fails the
/// baseline.
fn baseline_ran(r: Option<&CaseResult>) -> bool {
    matches!(
        r.and_then(|r| r.verdicts.first()),
        Some(RunVerdict::Judged {
            category: Category::Pass | Category::WrongResult | Category::WrongOutput,
            ..
        })
    )
}

/// Sends the baseline probe alone (and, when it fails, [`CONFIRMATIONS`]
/// more times, alone, one after the other). A baseline that fails only to
/// link is tried once more linked with `-no-pie` (by `no_pie_tools`,
/// tools with that flag added): when that passes, the campaign links so.
/// `Err` when every try failed.
pub fn baseline(
    tools: &Tools,
    no_pie_tools: Option<&Tools>,
    compiler: &Compiler,
) -> Result<BaselinePassed, BaselineFailed> {
    let case = probe_case(&PROBES[0], tools.course());
    let first = send_alone(tools, compiler, &case);
    if baseline_ran(first.as_ref()) {
        return Ok(BaselinePassed {
            needs_no_pie: no_pie_tools.is_some_and(|t| links_only_without_pie(tools, t, compiler)),
            flaky: false,
        });
    }
    let mut last = first;
    for _ in 0..CONFIRMATIONS {
        let again = send_alone(tools, compiler, &case);
        if baseline_ran(again.as_ref()) {
            return Ok(BaselinePassed {
                flaky: true,
                ..BaselinePassed::default()
            });
        }
        last = again;
    }
    let verdict = last.as_ref().and_then(|r| r.verdicts.first()).cloned();
    let link_failed = verdict
        .as_ref()
        .and_then(RunVerdict::category)
        .is_some_and(|c| c == Category::LinkError);
    if let (true, Some(t)) = (link_failed, no_pie_tools) {
        if baseline_ran(send_alone(t, compiler, &case).as_ref()) {
            return Ok(BaselinePassed {
                needs_no_pie: true,
                flaky: false,
            });
        }
    }
    Err(baseline_failed(verdict))
}

/// True when a program that addresses a global (the two load-syntax
/// probes; the compiler reads one of them) fails to link as it is but
/// links with `-no-pie` (`no_pie_tools`): the back end writes absolute
/// addresses, as 2017-era course code does.
fn links_only_without_pie(tools: &Tools, no_pie_tools: &Tools, compiler: &Compiler) -> bool {
    let link_error = |r: Option<CaseResult>| {
        r.and_then(|r| r.verdicts.first().and_then(RunVerdict::category))
            == Some(Category::LinkError)
    };
    PROBES[1..3].iter().any(|p| {
        let case = probe_case(p, tools.course());
        link_error(send_alone(tools, compiler, &case))
            && passed(send_alone(no_pie_tools, compiler, &case).as_ref())
    })
}

/// Sends every feature probe to `compiler` (in parallel, then each refusal
/// again [`CONFIRMATIONS`] times alone) and chooses the closest named
/// profile. Call it after [`baseline`] passed.
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

fn first_lines(s: &str, n: usize) -> String {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The baseline failure of a compiler that cannot be started at all
/// (`why`: the program its command starts does not exist or is not
/// executable): a compile error with those words.
pub fn not_runnable(why: String) -> BaselineFailed {
    BaselineFailed {
        message: format!("{why}; nothing was sent, and every program is counted as failed"),
        verdict: Box::new(baseline_not_built(why)),
    }
}

/// The baseline's verdict when it was not built: a compile error with
/// `detail`, against the baseline's value (42).
fn baseline_not_built(detail: String) -> RunVerdict {
    RunVerdict::Judged {
        category: Category::CompileError,
        expected: spec::Outcome::Returned {
            value: PROBES[0].result,
            stdout: vec![],
        },
        actual: None,
        detail,
        changed: vec![],
        steps: None,
        note: None,
    }
}

fn baseline_failed(v: Option<RunVerdict>) -> BaselineFailed {
    let what = match &v {
        Some(RunVerdict::Judged {
            category,
            actual,
            detail,
            ..
        }) => {
            let actual = actual
                .as_ref()
                .map_or("no executable".to_string(), describe);
            let mut s = format!("{category}: {actual}");
            if !detail.trim().is_empty() {
                let _ = write!(
                    s,
                    "\n  | {}",
                    first_lines(detail, 6).replace(" | ", "\n  | ")
                );
            }
            s
        }
        Some(other) => format!("{other:?}"),
        None => "no verdict (interrupted)".into(),
    };
    let verdict = v.unwrap_or_else(|| baseline_not_built("no verdict (interrupted)".into()));
    BaselineFailed {
        verdict: Box::new(verdict),
        message: format!(
            "the compiler fails the simplest program (the baseline probe: `%x = add i64 40, 2`, \
             `ret i64 %x`, which returns 42) {} times in a row, the last {CONFIRMATIONS} alone; \
             every program is counted as failed.\n  {what}",
            CONFIRMATIONS + 1
        ),
    }
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

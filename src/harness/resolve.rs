//! Resolving what a campaign is held against, before its session starts:
//! the reference solution's baseline (when there is one), the compiler's
//! baseline, then the dialect (given, or probed once, on the reference
//! when there is one): an immutable [`Resolved`] target, and what a run is
//! held [`Against`].

use super::baseline::{check_baseline, Baseline};
use super::options::Limits;
use super::plan::Plan;
use super::probe;
use super::probe::Probed;
use super::reference::ReferenceRun;
use super::session::Settings;
use super::target::{Compiler, Target};
use super::verdicts::CaseResult;

/// Everything settled before the session starts: the target (with the
/// dialect given or probed, and `-no-pie` when the baseline links only so),
/// how it was chosen, and the reference solution's target, if any.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The compiler under test and how to speak to it.
    pub target: Target,
    /// The probes' findings, when the dialect was probed (on the reference
    /// when there is one, else on the compiler under test).
    pub probed: Option<Probed>,
    /// The compiler under test's baseline.
    pub baseline: Baseline,
    /// The reference solution, with the same conventions and dialect.
    pub reference: Option<Target>,
}

impl Resolved {
    /// What the reports record about the dialect (none without one).
    pub fn record(&self) -> Option<serde_json::Value> {
        let t = &self.target;
        let mut v = probe::record(t.dialect.as_ref(), self.probed.as_ref(), &t.course);
        if let serde_json::Value::Object(m) = &mut v {
            if self.reference.is_some() && self.probed.is_some() {
                m.insert("probed_on".into(), "the reference solution".into());
            }
            if let Baseline::Passed(b) = &self.baseline {
                m.insert("baseline_flaky".into(), b.flaky.into());
                m.insert("links_with_no_pie".into(), b.needs_no_pie.into());
            }
        }
        Some(v).filter(|v| !v.is_null())
    }

    /// What a campaign of this target runs against, with the reference
    /// solution's verdicts `reference` (from [`judge_reference`]).
    pub fn against<'a>(&'a self, reference: Option<&'a ReferenceRun>) -> Against<'a> {
        Against {
            target: &self.target,
            baseline: &self.baseline,
            probe_failures: self.probed.as_ref().map_or(&[], |p| &p.failures),
            reference,
            record: self.record(),
        }
    }

    /// The lines printed before the campaign: the probes (when probed),
    /// or the dialect given, and how the baseline linked.
    pub fn summary(&self) -> String {
        let mut t = String::new();
        match (&self.probed, &self.target.dialect) {
            (Some(p), _) => {
                if self.reference.is_some() {
                    t.push_str("probe: sent to the reference solution (--reference)\n");
                }
                t.push_str(&probe::summary(p));
            }
            (None, Some(d)) => t.push_str(&format!(
                "dialect: {} ({}), from --dialect\n",
                d.name, d.about
            )),
            (None, None) => {}
        }
        if let Baseline::Passed(b) = &self.baseline {
            if b.needs_no_pie {
                t.push_str(
                    "link: the baseline links only with -no-pie (absolute addresses): every \
                     program is linked with -no-pie\n",
                );
            }
            if b.flaky {
                t.push_str("baseline: failed at first, passed when sent again alone (flaky)\n");
            }
        }
        t
    }
}

/// Settles everything before the session: the baseline of the reference
/// (when given; `Err` when it fails: nothing can be graded against it) and
/// of the compiler under test, then the dialect: kept when given, else
/// probed once on the reference when there is one, else on the compiler
/// under test (not when its baseline failed), with `jobs` threads.
pub fn resolve(
    mut target: Target,
    reference: Option<Compiler>,
    limits: &Limits,
    jobs: usize,
) -> Result<Resolved, String> {
    let mut reference = reference.map(|c| target.with_compiler(c));
    if let Some(r) = &mut reference {
        if let Baseline::Failed(f) = check_baseline(r, limits)? {
            return Err(format!(
                "the reference solution ({}): {}",
                r.compiler.describe(),
                f.message
            ));
        }
        target.course = r.course.clone();
    }
    let baseline = check_baseline(&mut target, limits)?;
    let mut probed = None;
    if target.dialect.is_none() && !matches!(target.compiler, Compiler::Builtin { .. }) {
        let on = match &reference {
            Some(r) => Some(r),
            None => matches!(baseline, Baseline::Passed(_)).then_some(&target),
        };
        if let Some(on) = on {
            let tools = limits.tools(on)?;
            let p = probe::probe(&tools, &on.compiler, &on.course, jobs);
            target.dialect = Some(p.profile.clone());
            probed = Some(p);
        }
    }
    if let Some(r) = &mut reference {
        r.dialect = target.dialect.clone();
        r.course = target.course.clone();
    }
    Ok(Resolved {
        target,
        probed,
        baseline,
        reference,
    })
}

/// The message of a class (or a kit) with neither a dialect nor a
/// reference solution.
pub const NEED_A_DIALECT: &str = "students of one course are graded on one dialect: give \
    --dialect NAME (`lloracle dialects` lists them), or --reference 'CMD {in} {out}' (the \
    course's reference solution, probed once); --dialect lloracle sends every program \
    lloracle accepts";

/// Settles what a whole class shares before any submission is graded
/// (`grade`, the autograder kit): the dialect (given, or probed once on the
/// reference solution) and the course conventions; `target`'s compiler is
/// the template the submissions fill in and is not run here. `Err` without
/// a dialect or a reference ([`NEED_A_DIALECT`]), or when the reference
/// fails the baseline.
pub fn resolve_class(
    target: Target,
    reference: Option<Compiler>,
    limits: &Limits,
    jobs: usize,
) -> Result<Resolved, String> {
    let Some(reference) = reference else {
        if target.dialect.is_none() {
            return Err(NEED_A_DIALECT.into());
        }
        return Ok(Resolved {
            target,
            probed: None,
            baseline: Baseline::NotRun,
            reference: None,
        });
    };
    let r = resolve(target.with_compiler(reference), None, limits, jobs)?;
    if let Baseline::Failed(f) = &r.baseline {
        return Err(format!(
            "the reference solution ({}): {}",
            r.target.compiler.describe(),
            f.message
        ));
    }
    Ok(Resolved {
        target: r.target.with_compiler(target.compiler),
        probed: r.probed,
        baseline: Baseline::NotRun,
        reference: Some(r.target),
    })
}

/// The reference solution's verdicts on `plan`'s cases, when `resolved`
/// has a reference (judged once; `grade` shares it across the class).
pub fn judge_reference(
    resolved: &Resolved,
    limits: &Limits,
    settings: &Settings,
    plan: &Plan,
) -> Result<Option<ReferenceRun>, String> {
    let Some(r) = &resolved.reference else {
        return Ok(None);
    };
    let tools = limits.tools(r)?;
    Ok(Some(ReferenceRun::judge(
        tools,
        &r.compiler,
        plan.cases.clone(),
        settings,
    )))
}

/// What one campaign runs against: the target, its baseline, and the
/// reference solution's verdicts.
pub struct Against<'a> {
    /// The compiler under test and how to speak to it.
    pub target: &'a Target,
    /// Its baseline.
    pub baseline: &'a Baseline,
    /// The probes the compiler failed although its profile has their
    /// feature (failures reported like any other program).
    pub probe_failures: &'a [CaseResult],
    /// The reference solution's verdicts, if any.
    pub reference: Option<&'a ReferenceRun>,
    /// What the report records about the dialect, how it was chosen and
    /// the baseline's link facts ([`Resolved::record`]).
    pub record: Option<serde_json::Value>,
}

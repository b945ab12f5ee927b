//! One cause behind several first wrong values (docs/grading.md, "One
//! cause under several conditions"). A back end's `icmp` is usually one
//! piece of code for every condition: a bug in it (the result's upper
//! bits left as they were after `set<cc>`, the operands of `cmpq` in the
//! wrong order) makes `icmp eq`, `icmp sle`, `icmp sgt` ... each a first
//! wrong value of its own, and a campaign shows one group per condition
//! for what the student must fix once. A bug in one condition's code (its
//! condition code mapped to another's) is a cause of its own.
//!
//! To tell the two apart the compiler under test builds one more program,
//! the *icmp probe*: every condition on every pair of a table of values,
//! traced ([`super::traced`]); the oracle runs the same program. Each
//! condition is then explained ([`Explanation`]): right, computing another
//! condition, computing itself with the operands swapped, or wrong in one
//! direction only (1 where the oracle gives 0, or 0 where it gives 1).
//! Conditions that share an explanation other than "another condition"
//! share a cause: the runs whose first wrong value is one of them, and
//! agrees with the explanation, get one key.

use super::{trace_lines, traced, FUEL_FACTOR};
use crate::harness::compiler::Tools;
use crate::harness::course::entry_name;
use crate::harness::group::FIRST_WRONG;
use crate::harness::target::Compiler;
use crate::harness::verdicts::{describe, CaseResult, Trace};
use spec::ast::{Cnd, InsnKind};
use spec::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The probe's operand values: small and large, both signs, and values
/// with bits above the low byte (where a byte-wide result shows).
const VALUES: [i64; 8] = [0, 1, -1, 2, 255, 256, 1 << 40, i64::MIN];

/// The probe's function (a name a campaign's programs do not use).
const PROBE: &str = "llprobe_icmp";

/// What one condition computes in the probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Explanation {
    /// Every pair right.
    Right,
    /// Every pair gives what another condition gives (its condition code
    /// mapped to another's): a cause of this condition alone.
    As(Cnd),
    /// Every pair gives the condition of the operands swapped (`cmpq`'s
    /// operands in the wrong order).
    Swapped,
    /// Wrong pairs give 1 where the oracle gives 0, never the other way
    /// (the result's upper bits left as they were).
    OneWhereZero,
    /// Wrong pairs give 0 where the oracle gives 1, never the other way.
    ZeroWhereOne,
    /// Wrong both ways, and no other condition's values.
    Wrong,
}

impl Explanation {
    /// The words a key and a report use.
    fn words(self) -> &'static str {
        match self {
            Explanation::Right => "right",
            Explanation::As(_) => "another condition",
            Explanation::Swapped => "gives the condition of its operands swapped",
            Explanation::OneWhereZero => "gives 1 where the oracle gives 0",
            Explanation::ZeroWhereOne => "gives 0 where the oracle gives 1",
            Explanation::Wrong => "gives wrong values",
        }
    }

    /// True when the first wrong value `gave` (the oracle: `right`) of one
    /// run agrees with this explanation.
    fn agrees(self, gave: i64, right: i64) -> bool {
        match self {
            Explanation::OneWhereZero => gave != 0 && right == 0,
            Explanation::ZeroWhereOne => gave == 0 && right != 0,
            Explanation::Swapped | Explanation::Wrong => gave != right,
            Explanation::Right | Explanation::As(_) => false,
        }
    }
}

/// The probe's findings: per condition, its explanation and one wrong
/// pair as words (`icmp eq i64 256, 0 gave 1, the oracle 0`).
pub type Findings = BTreeMap<Cnd, (Explanation, Option<String>)>;

/// The icmp probe program: `@ENTRY` calls the probe function on every
/// pair of [`VALUES`]; the function computes every condition.
fn probe_program(entry: &str) -> spec::Prog {
    let mut text = format!("define i64 @{PROBE}(i64 %a, i64 %b) {{\n");
    for c in Cnd::ALL {
        let k = c.keyword();
        let _ = writeln!(text, "  %{k} = icmp {k} i64 %a, %b");
    }
    text.push_str("  ret i64 0\n}\n\n");
    let _ = writeln!(text, "define i64 @{entry}() {{");
    for (i, a) in VALUES.iter().enumerate() {
        for (j, b) in VALUES.iter().enumerate() {
            let _ = writeln!(text, "  %r{i}_{j} = call i64 @{PROBE}(i64 {a}, i64 {b})");
        }
    }
    text.push_str("  ret i64 0\n}\n");
    spec::parse(&spec::Source::new("icmp probe", text)).expect("the icmp probe parses")
}

/// Builds and runs the icmp probe with `compiler` (a back end, an
/// allocator in front of a code generator, or an optimiser, whose output
/// the oracle runs) and explains every condition; `Err` says why the
/// probe could not be traced, built or run to its end (the keys then stay
/// as they are, and the reports say why).
pub fn probe_icmp(tools: &Tools, compiler: &Compiler) -> Result<Findings, String> {
    let prog = probe_program(entry_name(tools.course().entry));
    let (t, points) = traced(&prog)?;
    let text = tools
        .text_of(&t)
        .map_err(|e| format!("the probe is not in the dialect: {e}"))?;
    let built = tools.build_text(compiler, &t, Some(&text)).map_err(|f| {
        format!(
            "the probe did not build ({}: {})",
            f.category,
            f.detail.lines().next().unwrap_or("")
        )
    })?;
    let opts = oracle::Options {
        fuel: tools.oracle.fuel.saturating_mul(FUEL_FACTOR),
        ..tools.oracle.clone()
    };
    let right = oracle::run(&t, None, &[], &opts);
    let actual = tools.run(&built, &[]);
    let ended = |o: &Outcome| matches!(o, Outcome::Returned { .. } | Outcome::Exited { .. });
    if !ended(&actual) || !ended(&right) {
        return Err(format!(
            "the probe did not run to its end: {}",
            describe(&actual)
        ));
    }
    let (right, own) = (trace_lines(right.stdout()), trace_lines(actual.stdout()));
    let lost = || "the probe's trace is not the oracle's, line for line".to_string();
    if right.len() != own.len() {
        return Err(lost());
    }
    // Per condition, per pair: (compiled, oracle).
    let mut seen: BTreeMap<Cnd, Vec<(i64, i64)>> = BTreeMap::new();
    for (&(id, want), &(got_id, got)) in right.iter().zip(&own) {
        if id != got_id {
            return Err(lost());
        }
        let insn = points.get(id).and_then(|p| p.insn.as_ref());
        if let Some(InsnKind::Icmp { cnd, .. }) = insn.map(|i| &i.kind) {
            seen.entry(*cnd).or_default().push((got, want));
        }
    }
    let n = VALUES.len() * VALUES.len();
    if seen.len() != Cnd::ALL.len() || seen.values().any(|v| v.len() != n) {
        return Err(lost());
    }
    Ok(seen
        .iter()
        .map(|(&c, vs)| (c, (explain(c, vs, &seen), example(c, vs))))
        .collect())
}

/// The pair of [`VALUES`] number `k` of the probe (its calls' order).
fn pair(k: usize) -> (i64, i64) {
    (VALUES[k / VALUES.len()], VALUES[k % VALUES.len()])
}

/// The explanation of condition `c` from its values `vs` (compiled,
/// oracle) and every condition's (`all`).
fn explain(c: Cnd, vs: &[(i64, i64)], all: &BTreeMap<Cnd, Vec<(i64, i64)>>) -> Explanation {
    let got = |k: usize| i64::from(vs[k].0 != 0);
    if vs.iter().all(|&(g, r)| g == r) {
        return Explanation::Right;
    }
    let swapped = (0..vs.len()).all(|k| {
        let (a, b) = pair(k);
        got(k) == i64::from(oracle::arith::interp_cnd(c, b, a))
    });
    if swapped {
        return Explanation::Swapped;
    }
    if let Some(other) = all
        .iter()
        .find(|(&o, ws)| o != c && (0..vs.len()).all(|k| got(k) == ws[k].1))
    {
        return Explanation::As(*other.0);
    }
    let wrong: Vec<(i64, i64)> = vs.iter().copied().filter(|(g, r)| g != r).collect();
    if wrong.iter().all(|&(g, r)| g != 0 && r == 0) {
        Explanation::OneWhereZero
    } else if wrong.iter().all(|&(g, r)| g == 0 && r != 0) {
        Explanation::ZeroWhereOne
    } else {
        Explanation::Wrong
    }
}

/// The first wrong pair of condition `c`, as words.
fn example(c: Cnd, vs: &[(i64, i64)]) -> Option<String> {
    let k = vs.iter().position(|(g, r)| g != r)?;
    let (a, b) = pair(k);
    Some(format!(
        "`icmp {} i64 {a}, {b}` gave {}, the oracle {}",
        c.keyword(),
        vs[k].0,
        vs[k].1
    ))
}

/// The condition of a first-wrong-value key that names an icmp
/// (`first wrong value: icmp sle i64`).
fn icmp_condition(key: &str) -> Option<Cnd> {
    let op = key.strip_prefix(FIRST_WRONG[0])?.strip_prefix("icmp ")?;
    let word = op.split_whitespace().next()?;
    Cnd::ALL.into_iter().find(|c| c.keyword() == word)
}

/// The shared causes of `findings`: each explanation (other than right
/// and another condition) that two or more conditions share, with them.
pub fn shared(findings: &Findings) -> BTreeMap<Explanation, Vec<Cnd>> {
    let mut by: BTreeMap<Explanation, Vec<Cnd>> = BTreeMap::new();
    for (&c, &(e, _)) in findings {
        if !matches!(e, Explanation::Right | Explanation::As(_)) {
            by.entry(e).or_default().push(c);
        }
    }
    by.retain(|_, cs| cs.len() > 1);
    by
}

/// The key of one cause shared by `conditions`.
fn shared_key(e: Explanation, conditions: &[Cnd]) -> String {
    let names: Vec<&str> = conditions.iter().map(|c| c.keyword()).collect();
    format!(
        "{}icmp {} ({})",
        FIRST_WRONG[0],
        e.words(),
        names.join(", ")
    )
}

/// The trace `t` with its key made the shared cause's when its first wrong
/// value is an icmp whose condition shares a cause in `findings` and agrees
/// with it; otherwise unchanged.
pub fn merged(t: &Trace, findings: &Findings) -> Option<Trace> {
    let c = icmp_condition(t.key.as_deref()?)?;
    let (gave, right) = t.values?;
    let causes = shared(findings);
    let (e, conds) = causes.iter().find(|(_, cs)| cs.contains(&c))?;
    if !e.agrees(gave, right) {
        return None;
    }
    let examples: Vec<String> = conds
        .iter()
        .filter_map(|k| findings.get(k).and_then(|(_, ex)| ex.clone()))
        .take(3)
        .collect();
    Some(Trace {
        key: Some(shared_key(*e, conds)),
        says: format!(
            "{}; one cause: a probe of every condition shows icmp {} under {} conditions ({})",
            t.says,
            e.words(),
            conds.len(),
            examples.join("; ")
        ),
        values: t.values,
    })
}

/// Gives the runs of `results` whose first wrong values are icmps of one
/// shared cause that cause's key; the probe is built only when two or more
/// icmp conditions are first wrong values, with every kind of compiler
/// under test. A probe that fails leaves the keys as they are and says
/// why in those runs' traces.
pub fn merge_shared_causes(tools: &Tools, compiler: &Compiler, results: &mut [CaseResult]) {
    let conditions: std::collections::BTreeSet<Cnd> = results
        .iter()
        .flat_map(|r| r.traces.iter().flatten())
        .filter_map(|t| icmp_condition(t.key.as_deref()?))
        .collect();
    if conditions.len() < 2 {
        return;
    }
    let probed = probe_icmp(tools, compiler);
    for t in results
        .iter_mut()
        .flat_map(|r| r.traces.iter_mut().flatten())
    {
        match &probed {
            Ok(findings) => {
                if let Some(m) = merged(t, findings) {
                    *t = m;
                }
            }
            Err(why) if t.key.as_deref().and_then(icmp_condition).is_some() => {
                t.says = format!("{} (not joined with other conditions: {why})", t.says);
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The findings of a compiler whose condition `c` computes `f(a, b)`
    /// (others right), from the spec's `interp_cnd` by hand.
    fn findings_of(f: &dyn Fn(Cnd, i64, i64) -> bool) -> Findings {
        let all: BTreeMap<Cnd, Vec<(i64, i64)>> = Cnd::ALL
            .iter()
            .map(|&c| {
                let vs = (0..VALUES.len() * VALUES.len())
                    .map(|k| {
                        let (a, b) = pair(k);
                        (
                            i64::from(f(c, a, b)),
                            i64::from(oracle::arith::interp_cnd(c, a, b)),
                        )
                    })
                    .collect();
                (c, vs)
            })
            .collect();
        all.iter()
            .map(|(&c, vs)| (c, (explain(c, vs, &all), example(c, vs))))
            .collect()
    }

    #[test]
    fn a_byte_wide_result_is_one_cause_under_every_condition_it_shows() {
        // `set<cc> %al` over the first operand: its upper bits stay.
        let f = findings_of(&|c, a, b| oracle::arith::interp_cnd(c, a, b) || a & !0xff != 0);
        let s = shared(&f);
        assert_eq!(s.len(), 1, "{f:?}");
        assert_eq!(s[&Explanation::OneWhereZero].len(), 6, "{f:?}");
        let t = Trace {
            key: Some(format!("{}icmp sle i64", FIRST_WRONG[0])),
            says: "x".into(),
            values: Some((1, 0)),
        };
        let m = merged(&t, &f).expect("merged");
        assert_eq!(
            m.key.as_deref(),
            Some(
                "first wrong value: icmp gives 1 where the oracle gives 0 \
                 (eq, ne, slt, sle, sgt, sge)"
            )
        );
        // A value the wrong way round is not this cause.
        let t0 = Trace {
            values: Some((0, 1)),
            ..t
        };
        assert_eq!(merged(&t0, &f), None);
    }

    #[test]
    fn a_condition_mapped_to_another_is_a_cause_of_its_own() {
        let f = findings_of(&|c, a, b| match c {
            Cnd::Sle => a < b,
            Cnd::Slt => a <= b,
            _ => oracle::arith::interp_cnd(c, a, b),
        });
        assert_eq!(f[&Cnd::Sle].0, Explanation::As(Cnd::Slt));
        assert_eq!(f[&Cnd::Slt].0, Explanation::As(Cnd::Sle));
        assert_eq!(f[&Cnd::Eq].0, Explanation::Right);
        assert!(shared(&f).is_empty());
    }

    #[test]
    fn swapped_operands_are_one_cause() {
        let f = findings_of(&|c, a, b| oracle::arith::interp_cnd(c, b, a));
        let s = shared(&f);
        // eq and ne are right with their operands swapped.
        assert_eq!(
            s[&Explanation::Swapped],
            vec![Cnd::Slt, Cnd::Sle, Cnd::Sgt, Cnd::Sge]
        );
        assert_eq!(f[&Cnd::Eq].0, Explanation::Right);
    }

    #[test]
    fn the_probe_calls_every_pair_and_computes_every_condition() {
        let p = probe_program("main");
        let text = spec::print(&p);
        assert_eq!(text.matches(" = icmp ").count(), Cnd::ALL.len());
        assert_eq!(
            text.matches(&format!("call i64 @{PROBE}")).count(),
            VALUES.len() * VALUES.len()
        );
        assert!(spec::check(&p).is_ok());
    }
}

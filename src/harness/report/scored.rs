//! A scaled Gradescope score with tests that are the same for every
//! student: one test per program family (each first-level folder of the
//! corpus, `corpus` for its top-level files, and `random programs`), each
//! worth a share of the assignment's points by its weight, scored by the
//! fraction of its runs that passed. The failure groups of a family are
//! the test's output. See docs/grading.md, "Scoring".
//!
//! A family's runs are those sent to the compiler: runs not in the
//! dialect and runs the oracle does not return on (skipped) count nowhere,
//! for every student alike; runs of programs the campaign did not reach
//! ([`super::NOT_RUN`]) count as not passed, so a campaign that stopped
//! early never shrinks the denominator.

use super::text::{group_body, group_title, names, summary_line, table};
use super::{Group, Report, NOT_IN_DIALECT, NOT_RUN, SKIPPED};
use crate::harness::types::Category;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The test name of the random programs.
pub const RANDOM: &str = "random programs";

/// Failure groups shown in full in one test's output; the rest get a line.
const GROUPS_SHOWN: usize = 10;

/// How a score is scaled and split.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    /// The assignment's total (`--points`): the tests' `max_score`s add
    /// up to it.
    pub points: f64,
    /// Weight per family (`--weight NAME=W`); a family not named weighs
    /// its number of programs, so by default every program counts the
    /// same.
    #[serde(default)]
    pub weights: BTreeMap<String, f64>,
}

/// The family (the test) of the program named `program`: `corpus/DIR`
/// for a program in the corpus folder `DIR`, `corpus` for a top-level
/// corpus file (or a single `--corpus` file), [`RANDOM`] for a random one.
pub fn family(program: &str) -> String {
    if program.starts_with("random ") {
        return RANDOM.to_string();
    }
    match program
        .strip_prefix("corpus/")
        .and_then(|rest| rest.split_once('/'))
    {
        Some((dir, _)) => format!("corpus/{dir}"),
        None => "corpus".to_string(),
    }
}

/// One scored test.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredTest {
    /// The family's name.
    pub name: String,
    /// Its weight.
    pub weight: f64,
    /// Its share of the points.
    pub max_score: f64,
    /// The share earned: `max_score` times passed over counted runs.
    pub score: f64,
    /// Programs in the family (sent to the compiler).
    pub programs: usize,
    /// Runs that passed.
    pub passed: usize,
    /// Runs that failed.
    pub failed: usize,
    /// Runs not reached (they count as not passed).
    pub not_run: usize,
    /// Runs skipped (the oracle does not return; not counted).
    pub skipped: usize,
}

/// `x` rounded to two decimals.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Scoring {
    /// The scored tests of `r`, in name order (corpus families, then
    /// random programs).
    pub fn tests(&self, r: &Report) -> Vec<ScoredTest> {
        let mut fams: BTreeMap<String, ScoredTest> = BTreeMap::new();
        for p in &r.programs {
            if p.runs.iter().all(|run| run.verdict == NOT_IN_DIALECT) {
                continue;
            }
            let name = family(&p.name);
            let t = fams.entry(name.clone()).or_insert_with(|| ScoredTest {
                name,
                weight: 0.0,
                max_score: 0.0,
                score: 0.0,
                programs: 0,
                passed: 0,
                failed: 0,
                not_run: 0,
                skipped: 0,
            });
            t.programs += 1;
            for run in &p.runs {
                match run.verdict.as_str() {
                    NOT_IN_DIALECT => {}
                    NOT_RUN => t.not_run += 1,
                    SKIPPED => t.skipped += 1,
                    v if v == Category::Pass.name() => t.passed += 1,
                    _ => t.failed += 1,
                }
            }
        }
        let mut tests: Vec<ScoredTest> = fams.into_values().collect();
        for t in &mut tests {
            t.weight = self
                .weights
                .get(&t.name)
                .copied()
                .unwrap_or(t.programs as f64);
        }
        // In whole cents, so that the tests add up exactly: each test's
        // share of the points rounded down, the cents left over given to
        // the largest remainders; a score is rounded down, so a test with
        // a failing run never shows its full share.
        let total: f64 = tests.iter().map(|t| t.weight).sum();
        let points = (self.points * 100.0).round() as i64;
        let exact: Vec<f64> = tests
            .iter()
            .map(|t| {
                if total > 0.0 {
                    points as f64 * t.weight / total
                } else {
                    0.0
                }
            })
            .collect();
        let mut cents: Vec<i64> = exact.iter().map(|x| x.floor() as i64).collect();
        if total > 0.0 {
            let mut order: Vec<usize> = (0..tests.len()).collect();
            order.sort_by(|&i, &j| {
                (exact[j] - exact[j].floor()).total_cmp(&(exact[i] - exact[i].floor()))
            });
            let left = points - cents.iter().sum::<i64>();
            for &i in order.iter().take(left.max(0) as usize) {
                cents[i] += 1;
            }
        }
        for (t, max) in tests.iter_mut().zip(cents) {
            let counted = (t.passed + t.failed + t.not_run) as i64;
            let got = if counted == 0 {
                max
            } else {
                max * t.passed as i64 / counted
            };
            t.max_score = max as f64 / 100.0;
            t.score = got as f64 / 100.0;
        }
        tests
    }

    /// The score of `r`: the sum of its tests' scores.
    pub fn score(&self, r: &Report) -> f64 {
        round2(self.tests(r).iter().map(|t| t.score).sum())
    }

    /// The assignment's total, rounded to the cent as the tests are.
    pub fn total(&self) -> f64 {
        round2(self.points)
    }

    /// The names given a weight that are not families of `programs`.
    pub fn unknown_weights<'a>(&self, programs: impl Iterator<Item = &'a str>) -> Vec<String> {
        let known: std::collections::BTreeSet<String> = programs.map(family).collect();
        self.weights
            .keys()
            .filter(|k| !known.contains(*k))
            .cloned()
            .collect()
    }
}

/// True when the group has a member in `fam`.
fn in_family(g: &Group, fam: &str) -> bool {
    g.programs.iter().any(|p| family(p) == fam)
}

/// Gradescope's results.json for `r` scored by `scoring`: one test per
/// family (stable across students), the failure groups inside them.
pub fn gradescope(r: &Report, scoring: &Scoring) -> Value {
    let s = r.summary();
    let groups = r.groups();
    let tests = scoring.tests(r);
    let mut out = Vec::new();
    for (k, t) in tests.iter().enumerate() {
        let counted = t.passed + t.failed + t.not_run;
        let mut o = format!(
            "{} of {} runs passed ({} programs; weight {}, {} of the {} points).\n",
            t.passed, counted, t.programs, t.weight, t.max_score, scoring.points
        );
        if t.not_run > 0 {
            o.push_str(&format!(
                "{} runs were not reached (the campaign stopped early): they count as not passed.\n",
                t.not_run
            ));
        }
        if t.skipped > 0 {
            o.push_str(&format!(
                "{} runs are not judged: the specification promises no result for them.\n",
                t.skipped
            ));
        }
        let mine: Vec<&Group> = groups.iter().filter(|g| in_family(g, &t.name)).collect();
        for g in mine.iter().take(GROUPS_SHOWN) {
            o.push('\n');
            o.push_str(&group_title(g));
            o.push('\n');
            o.push_str(&group_body(g, r.reproduce.as_deref()));
        }
        if mine.len() > GROUPS_SHOWN {
            o.push_str(&format!(
                "\n{} more failure groups:\n",
                mine.len() - GROUPS_SHOWN
            ));
            for g in &mine[GROUPS_SHOWN..] {
                o.push_str(&format!("  {} ({})\n", group_title(g), names(&g.programs)));
            }
        }
        out.push(json!({
            "name": t.name,
            "number": (k + 1).to_string(),
            "score": t.score,
            "max_score": t.max_score,
            "status": if t.passed == counted { "passed" } else { "failed" },
            "output": o,
        }));
    }
    let mut output = String::new();
    if let Some(why) = &r.stopped_early {
        output.push_str(&format!(
            "STOPPED EARLY: {why}\nPrograms not reached count as not passed.\n"
        ));
    }
    output.push_str(&format!(
        "lloracle checked {} against the oracle.\n{}\n{}",
        r.compiler,
        summary_line(&s),
        table(&s)
    ));
    for line in r
        .dialect_line()
        .into_iter()
        .chain(r.runtime_line())
        .chain(r.flaky_line())
    {
        output.push_str(&line);
        output.push('\n');
    }
    let unknown = scoring.unknown_weights(r.programs.iter().map(|p| p.name.as_str()));
    if !unknown.is_empty() {
        output.push_str(&format!(
            "weights for no family of programs (ignored): {}\n",
            unknown.join(", ")
        ));
    }
    json!({
        "score": round2(tests.iter().map(|t| t.score).sum()),
        "max_score": scoring.total(),
        "execution_time": r.elapsed_secs.round() as u64,
        "output": output,
        "visibility": super::gradescope::VISIBILITY,
        "stdout_visibility": super::gradescope::STDOUT_VISIBILITY,
        "extra_data": {
            "programs": s.programs,
            "runs": s.runs,
            "judged_runs": s.passed + s.failed,
            "passed_runs": s.passed,
            "skipped_runs": s.skipped,
            "not_run_runs": s.not_run,
            "not_in_dialect_runs": s.not_in_dialect,
            "stopped_early": r.stopped_early,
            "failure_groups": groups.len(),
        },
        "tests": out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::report::{ProgramRecord, RunRecord};

    fn prog(name: &str, verdicts: &[&str]) -> ProgramRecord {
        ProgramRecord {
            index: 0,
            name: name.into(),
            runs: verdicts
                .iter()
                .map(|v| RunRecord {
                    run: "default".into(),
                    args: vec![],
                    verdict: v.to_string(),
                    oracle: None,
                    feature: None,
                    failure: None,
                    shared: None,
                    steps: None,
                })
                .collect(),
        }
    }

    #[test]
    fn families_are_corpus_folders_and_random() {
        assert_eq!(family("corpus/calls/fac.ll"), "corpus/calls");
        assert_eq!(family("corpus/a/b/x.ll"), "corpus/a");
        assert_eq!(family("corpus/top.ll"), "corpus");
        assert_eq!(family("random --seed 7 --size 30"), RANDOM);
    }

    #[test]
    fn points_split_by_programs_and_not_run_counts_against() {
        // Three programs in corpus/a, one random: weights 3 and 1 of 100
        // points, so 75 and 25. corpus/a: 2 passed, 1 not run, 1 skipped
        // (not counted) -> 75 * 2/3 = 50. random: 1 failed -> 0.
        let r = Report {
            programs: vec![
                prog("corpus/a/x.ll", &["pass", "skipped"]),
                prog("corpus/a/y.ll", &["pass"]),
                prog("corpus/a/z.ll", &[NOT_RUN]),
                prog("corpus/b/w.ll", &[NOT_IN_DIALECT]),
                prog("random --seed 1 --size 30", &["wrong result"]),
            ],
            ..Report::default()
        };
        let s = Scoring {
            points: 100.0,
            weights: BTreeMap::new(),
        };
        let t = s.tests(&r);
        assert_eq!(t.len(), 2);
        assert_eq!(
            (t[0].name.as_str(), t[0].max_score, t[0].score),
            ("corpus/a", 75.0, 50.0)
        );
        assert_eq!(
            (t[1].name.as_str(), t[1].max_score, t[1].score),
            (RANDOM, 25.0, 0.0)
        );
        assert_eq!(s.score(&r), 50.0);
        // An explicit weight: random weighs as much as the three corpus
        // programs, 50 points each.
        let w = Scoring {
            points: 100.0,
            weights: [(RANDOM.to_string(), 3.0)].into_iter().collect(),
        };
        assert_eq!(w.tests(&r)[1].max_score, 50.0);
        assert_eq!(w.score(&r), 33.33);
        assert_eq!(
            w.unknown_weights(["corpus/a/x.ll"].into_iter()),
            vec![RANDOM.to_string()]
        );
    }
}

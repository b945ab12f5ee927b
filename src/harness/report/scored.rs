//! A scaled Gradescope score with tests that are the same for every
//! student: one test per program family (each first-level folder of the
//! corpus, `corpus` for its top-level files, and `random programs`), each
//! worth a share of the assignment's points by its weight, scored by the
//! fraction of its runs that passed. The failure groups of a family are
//! the test's output. See docs/grading.md, "Scoring".
//!
//! A family's runs are counted as every report counts them
//! ([`super::Verdict::scored`]): runs not in the dialect, runs the oracle
//! does not return on (skipped), runs shared with the reference solution
//! and runs it cannot build count nowhere, for every student alike; runs
//! of programs the campaign did not reach count as not passed, so a
//! campaign that stopped early never shrinks the denominator. A family's
//! weight counts its programs sent to the compiler, shared or not, so that
//! its share of the points is the same for every student. The Gradescope
//! writer (`super::gradescope`) turns these tests into results.json.

use super::{Report, Scored, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The test name of the random programs.
pub const RANDOM: &str = "random programs";

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

impl Scoring {
    /// The scoring a command line asks for: `points` (`--points`, else
    /// `default_points`) split by `weights` (`--weight NAME=W`, each
    /// `NAME=W` with `W` a number >= 0); none without points. `Err` for
    /// points that are not positive, a malformed weight, or weights
    /// without points (docs/grading.md, "Scoring").
    pub fn from_options(
        points: Option<f64>,
        default_points: Option<f64>,
        weights: &[String],
    ) -> Result<Option<Scoring>, String> {
        let Some(points) = points.or(default_points) else {
            if !weights.is_empty() {
                return Err("--weight needs --points (the assignment's total)".into());
            }
            return Ok(None);
        };
        if !(points.is_finite() && points > 0.0) {
            return Err(format!("--points {points}: must be a positive number"));
        }
        let weights = weights
            .iter()
            .map(|w| weight(w))
            .collect::<Result<_, _>>()?;
        Ok(Some(Scoring { points, weights }))
    }
}

/// One `--weight NAME=W`: the family's name and its weight.
fn weight(w: &str) -> Result<(String, f64), String> {
    let (name, value) = w
        .rsplit_once('=')
        .ok_or_else(|| format!("--weight {w}: expected NAME=W, e.g. corpus/calls=3"))?;
    let value: f64 = value
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| format!("--weight {w}: the weight must be a number >= 0"))?;
    Ok((name.trim().to_string(), value))
}

/// The family (the test) of the program named `program`: `corpus/DIR`
/// for a program in the corpus folder `DIR`, `corpus` for a top-level
/// corpus file (or a single `--corpus` file), [`RANDOM`] for a random one
/// (a back end's `random --seed ...`, a front end's generated
/// `random-seed-...`); a front end's Oat test, named by its path in the
/// `--tests` folder, is in the family of its first-level folder there
/// (`hw5programs` for `hw5programs/fact.oat`), `corpus` when it is a
/// top-level file.
pub fn family(program: &str) -> String {
    if program.starts_with("random ") || program.starts_with("random-seed-") {
        return RANDOM.to_string();
    }
    let (prefix, rest) = match program.strip_prefix("corpus/") {
        Some(rest) => ("corpus/", rest),
        None => ("", program),
    };
    match rest.split_once('/') {
        Some((dir, _)) => format!("{prefix}{dir}"),
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
    /// Runs shared with the reference solution or left out because of it
    /// (not counted).
    pub not_scored: usize,
}

impl Scoring {
    /// The scored tests of `r`, in name order (corpus families, then
    /// random programs).
    pub fn tests(&self, r: &Report) -> Vec<ScoredTest> {
        let mut fams: BTreeMap<String, ScoredTest> = BTreeMap::new();
        for p in &r.programs {
            // A program no run of which is scored for anyone (not in the
            // dialect, the oracle does not return, the reference cannot
            // build it) carries no points: with a share of its own, a
            // compiler that fails every scored run would still earn it.
            let for_no_one = |v: Verdict| {
                matches!(
                    v,
                    Verdict::NotInDialect | Verdict::Skipped | Verdict::LeftOut
                )
            };
            if p.runs.iter().all(|run| for_no_one(run.verdict)) {
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
                not_scored: 0,
            });
            t.programs += 1;
            for run in &p.runs {
                match run.verdict.scored() {
                    Scored::Passed => t.passed += 1,
                    Scored::Failed => t.failed += 1,
                    Scored::NotReached => t.not_run += 1,
                    Scored::NotScored => match run.verdict {
                        Verdict::Skipped => t.skipped += 1,
                        Verdict::NotInDialect => {}
                        _ => t.not_scored += 1,
                    },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::report::{ProgramRecord, RunRecord};
    use crate::harness::verdicts::Category;

    fn total(tests: &[ScoredTest]) -> f64 {
        (tests.iter().map(|t| t.score).sum::<f64>() * 100.0).round() / 100.0
    }

    fn prog(name: &str, verdicts: &[Verdict]) -> ProgramRecord {
        ProgramRecord {
            index: 0,
            name: name.into(),
            runs: verdicts
                .iter()
                .map(|v| RunRecord {
                    run: "default".into(),
                    args: vec![],
                    verdict: *v,
                    oracle: None,
                    feature: None,
                    failure: None,
                    shared: None,
                    steps: None,
                    note: None,
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
        // A front end's tests: its generated programs, the first-level
        // folders of --tests, its top-level tests, the bundled ones.
        assert_eq!(family("random-seed-3-size-30.oat"), RANDOM);
        assert_eq!(family("hw5programs/fact.oat"), "hw5programs");
        assert_eq!(family("atprograms/a/b.oat"), "atprograms");
        assert_eq!(family("pass.oat"), "corpus");
        assert_eq!(family("corpus/oat/v1/while.oat"), "corpus/oat");
    }

    #[test]
    fn points_split_by_programs_and_not_run_counts_against() {
        // Three programs in corpus/a, one random: weights 3 and 1 of 100
        // points, so 75 and 25. corpus/a: 2 passed, 1 not run, 1 skipped
        // (not counted) -> 75 * 2/3 = 50. random: 1 failed -> 0.
        let r = Report {
            programs: vec![
                prog("corpus/a/x.ll", &[Verdict::PASS, Verdict::Skipped]),
                prog("corpus/a/y.ll", &[Verdict::PASS]),
                prog("corpus/a/z.ll", &[Verdict::NotRun]),
                prog("corpus/b/w.ll", &[Verdict::NotInDialect]),
                prog(
                    "random --seed 1 --size 30",
                    &[Verdict::Judged(Category::WrongResult)],
                ),
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
        assert_eq!(total(&s.tests(&r)), 50.0);
        // An explicit weight: random weighs as much as the three corpus
        // programs, 50 points each.
        let w = Scoring {
            points: 100.0,
            weights: [(RANDOM.to_string(), 3.0)].into_iter().collect(),
        };
        assert_eq!(w.tests(&r)[1].max_score, 50.0);
        assert_eq!(total(&w.tests(&r)), 33.33);
        assert_eq!(
            w.unknown_weights(["corpus/a/x.ll"].into_iter()),
            vec![RANDOM.to_string()]
        );
    }

    #[test]
    fn runs_shared_with_the_reference_are_not_scored_but_keep_the_weight() {
        // corpus/a: one program passes, one fails as the reference does,
        // one the reference cannot build: 1 of 1 counted run passed, full
        // marks. The shared program keeps its weight (another student may
        // not share it); the one left out for everyone has none, so the
        // family weighs 2 against random's 1: 66.67 and 33.33.
        let r = Report {
            programs: vec![
                prog("corpus/a/x.ll", &[Verdict::PASS]),
                prog("corpus/a/y.ll", &[Verdict::SharedWithReference]),
                prog("corpus/a/z.ll", &[Verdict::LeftOut]),
                prog("random --seed 1 --size 30", &[Verdict::PASS]),
            ],
            ..Report::default()
        };
        let s = Scoring {
            points: 100.0,
            weights: BTreeMap::new(),
        };
        let t = s.tests(&r);
        assert_eq!(
            (t[0].weight, t[0].max_score, t[0].score),
            (2.0, 66.67, 66.67)
        );
        assert_eq!((t[0].passed, t[0].failed, t[0].not_scored), (1, 0, 1));
        assert_eq!(total(&t), 100.0);
    }

    #[test]
    fn a_family_no_run_of_which_is_scored_carries_no_points() {
        // corpus/undefined holds programs the oracle never returns on
        // (skipped for everyone) and one the reference cannot build: no
        // share of the points. All 100 go to corpus/a, whose one run
        // failed: 0 of 100 (before, corpus/undefined's share of 66.67 was
        // given in full to a compiler that failed everything).
        let r = Report {
            programs: vec![
                prog("corpus/undefined/x.ll", &[Verdict::Skipped]),
                prog(
                    "corpus/undefined/y.ll",
                    &[Verdict::LeftOut, Verdict::Skipped],
                ),
                prog(
                    "corpus/a/z.ll",
                    &[Verdict::Judged(Category::WrongResult), Verdict::Skipped],
                ),
            ],
            ..Report::default()
        };
        let s = Scoring {
            points: 100.0,
            weights: BTreeMap::new(),
        };
        let t = s.tests(&r);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(
            (t[0].name.as_str(), t[0].max_score, t[0].score),
            ("corpus/a", 100.0, 0.0)
        );
    }

    // `--points` and `--weight` as docs/grading.md, "Scoring" defines
    // them: a positive total, each weight `NAME=W` with W >= 0 (the last
    // `=` splits, names and values trimmed), weights only with points.
    #[test]
    fn scoring_options_are_read_as_the_docs_define_them() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(Scoring::from_options(None, None, &[]), Ok(None));
        assert!(Scoring::from_options(None, None, &w(&["random programs=1"])).is_err());
        assert!(Scoring::from_options(Some(0.0), None, &[]).is_err());
        assert!(Scoring::from_options(Some(10.0), None, &w(&["corpus/calls"])).is_err());
        assert!(Scoring::from_options(Some(10.0), None, &w(&["corpus/calls=-1"])).is_err());
        let s = Scoring::from_options(None, Some(100.0), &w(&["corpus/calls = 3", "a=b=2"]))
            .unwrap()
            .unwrap();
        assert_eq!(s.points, 100.0);
        assert_eq!(s.weights.get("corpus/calls"), Some(&3.0));
        assert_eq!(s.weights.get("a=b"), Some(&2.0));
        // `--points` wins over the command's default.
        let s = Scoring::from_options(Some(7.0), Some(100.0), &[])
            .unwrap()
            .unwrap();
        assert_eq!(s.points, 7.0);
    }
}

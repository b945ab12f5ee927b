//! Gradescope's results.json (the autograder specification at
//! gradescope-autograders.readthedocs.io, "Output format"): top-level
//! `score`, `max_score`, `execution_time` (seconds), `output` (the summary),
//! `visibility`, `stdout_visibility`, `extra_data` and `tests[]`, each test
//! with `name`, `number`, `score`, `max_score`, `status` and `output`.
//!
//! One writer for every report, scored with `--points` or not: the same
//! envelope and overview (the compiler, the table, the dialect, flaky
//! builds, interrupted, stopped early, the baseline, the reference's
//! sections), the same runs scored ([`super::Verdict::scored`]) and the
//! same explanations (every failure group with its example and its
//! `reproduce:` line). The scoring decides only the tests and their points:
//!
//! - without `--points`, one point per scored run: one test holds every
//!   passing run, then one test per failure group (score 0, max_score its
//!   runs); past [`GROUP_TESTS`] groups, the rest of each category share
//!   one test;
//! - with `--points`, one test per program family ([`Scoring`]), each worth
//!   its share of the points, with the failure groups of the family as its
//!   output.
//!
//! For an optimiser, one more test gives what it saved (docs/grading.md,
//! "Optimisers"), worth `--opt-points` (added to the total) when given, else
//! 0 of 0. The tests' scores add up to `score`, their `max_score`s to
//! `max_score`.

use super::scored::{family, ScoredTest, Scoring};
use super::text::{group_body, group_title, names, savings_lines, summary_line, table};
use super::{Group, Report};
use serde_json::{json, Value};

/// Failure groups given a test of their own (without `--points`).
const GROUP_TESTS: usize = 30;

/// Failure groups shown in full in one family test's output (with
/// `--points`); the rest get a line.
const GROUPS_SHOWN: usize = 10;

/// Who sees the results: Gradescope's `visible`, so that students see
/// their tests at once (instructors may edit it to `after_due_date`).
pub const VISIBILITY: &str = "visible";
/// The autograder's stdout is for instructors (Gradescope's `hidden`).
pub const STDOUT_VISIBILITY: &str = "hidden";

/// One Gradescope test before it is numbered.
struct Test {
    name: String,
    score: f64,
    max_score: f64,
    passed: bool,
    output: String,
}

/// A score as JSON: a whole number when it is one, else two decimals.
fn points(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!((x * 100.0).round() / 100.0)
    }
}

/// The score and the total of `r` as its Gradescope results give them
/// (the sum of the tests' scores and of their `max_score`s, the savings
/// test included): what a class summary shows per student.
pub fn score(r: &Report) -> (f64, f64) {
    totals(&tests(r, &r.groups()))
}

/// The sums of `tests`' scores and of their `max_score`s, to the cent.
fn totals(tests: &[Test]) -> (f64, f64) {
    let round = |x: f64| (x * 100.0).round() / 100.0;
    (
        round(tests.iter().map(|t| t.score).sum()),
        round(tests.iter().map(|t| t.max_score).sum()),
    )
}

/// Gradescope's results.json for `r`.
pub fn gradescope(r: &Report) -> Value {
    let s = r.summary();
    let groups = r.groups();
    let tests = tests(r, &groups);
    let (score, max_score) = totals(&tests);
    let tests: Vec<Value> = tests
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            json!({
                "name": t.name,
                "number": (k + 1).to_string(),
                "score": points(t.score),
                "max_score": points(t.max_score),
                "status": if t.passed { "passed" } else { "failed" },
                "output": t.output,
            })
        })
        .collect();
    json!({
        "score": points(score),
        "max_score": points(max_score),
        "execution_time": r.elapsed_secs.round() as u64,
        "output": overview(r, &groups),
        "visibility": VISIBILITY,
        "stdout_visibility": STDOUT_VISIBILITY,
        "extra_data": {
            "programs": s.programs,
            "runs": s.runs,
            "judged_runs": s.passed + s.failed,
            "passed_runs": s.passed,
            "skipped_runs": s.skipped,
            "not_run_runs": s.not_run,
            "not_in_dialect_runs": s.not_in_dialect,
            "shared_with_reference_runs": s.shared_with_reference,
            "left_out_runs": s.left_out,
            "failure_groups": groups.len(),
            "stopped_early": r.stopped_early,
        },
        "tests": tests,
    })
}

/// The tests of `r`: by run or by family as its scoring says, then the
/// savings test of an optimiser.
fn tests(r: &Report, groups: &[Group]) -> Vec<Test> {
    let mut tests = match &r.scoring {
        Some(scoring) => scoring
            .tests(r)
            .iter()
            .map(|t| family_test(r, scoring, t, groups))
            .collect(),
        None => run_tests(r, groups),
    };
    tests.extend(savings_test(r));
    tests
}

/// One point per scored run: the passing runs in one test, then one test
/// per failure group (the first [`GROUP_TESTS`] each with its example, the
/// rest one test per category).
fn run_tests(r: &Report, groups: &[Group]) -> Vec<Test> {
    let s = r.summary();
    let mut tests = vec![Test {
        name: format!(
            "passing runs ({} of {} judged)",
            s.passed,
            s.passed + s.failed
        ),
        score: s.passed as f64,
        max_score: s.passed as f64,
        passed: true,
        output: format!(
            "{} runs agree with the oracle (same result and same stdout).",
            s.passed
        ),
    }];
    for g in groups.iter().take(GROUP_TESTS) {
        tests.push(Test {
            name: format!("[{}] {}", g.category, g.signature),
            score: 0.0,
            max_score: g.runs as f64,
            passed: false,
            output: format!(
                "{}\n{}",
                group_title(g),
                group_body(g, r.reproduce.as_deref())
            ),
        });
    }
    let rest: &[Group] = groups.get(GROUP_TESTS..).unwrap_or(&[]);
    let categories: std::collections::BTreeSet<&str> =
        rest.iter().map(|g| g.category.as_str()).collect();
    for c in categories {
        let members: Vec<&Group> = rest.iter().filter(|g| g.category == c).collect();
        tests.push(Test {
            name: format!("[{c}] {} more failure groups", members.len()),
            score: 0.0,
            max_score: members.iter().map(|g| g.runs).sum::<usize>() as f64,
            passed: false,
            output: members
                .iter()
                .map(|g| format!("{} ({})\n", group_title(g), names(&g.programs)))
                .collect(),
        });
    }
    if s.not_run > 0 {
        tests.push(Test {
            name: format!("runs not reached ({})", s.not_run),
            score: 0.0,
            max_score: s.not_run as f64,
            passed: false,
            output: format!(
                "{} runs of {} programs were not reached (the campaign stopped early): they count as not passed.",
                s.not_run, s.not_run_programs
            ),
        });
    }
    tests
}

/// The test of the family `t`, worth its share of `scoring`'s points, with
/// the failure groups that have a member in it.
fn family_test(r: &Report, scoring: &Scoring, t: &ScoredTest, groups: &[Group]) -> Test {
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
    if t.not_scored > 0 {
        o.push_str(&format!(
            "{} runs are not scored for anyone: shared with or left out by the reference solution (see the overview).\n",
            t.not_scored
        ));
    }
    let mine: Vec<&Group> = groups
        .iter()
        .filter(|g| g.programs.iter().any(|p| family(p) == t.name))
        .collect();
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
    Test {
        name: t.name.clone(),
        score: t.score,
        max_score: t.max_score,
        passed: t.passed == counted,
        output: o,
    }
}

/// What an optimiser saved: worth the course's `--opt-points` (full at its
/// `--opt-target` ratio), else 0 of 0. `None` for a compiler.
fn savings_test(r: &Report) -> Option<Test> {
    let Some(sv) = r.savings() else {
        // Scored, but no run of the optimiser's output passed: nothing
        // was saved, and the test is there as it is for every student.
        let sc = r.savings_scoring?;
        return Some(Test {
            name: "optimisation: no passing run to measure".into(),
            score: 0.0,
            max_score: sc.points,
            passed: false,
            output:
                "No run of the optimiser's output agreed with the oracle, so nothing was saved.\n"
                    .into(),
        });
    };
    let (score, max, how) = match r.savings_scoring {
        Some(sc) => (
            sc.score(sv.geometric_mean),
            sc.points,
            format!(
                "Full points at a geometric mean ratio of {:.4} or less, none at 1 (no gain) or more, linear between.\n",
                sc.target
            ),
        ),
        None => (0.0, 0.0, "Not scored.\n".to_string()),
    };
    Some(Test {
        name: format!("optimisation: geometric mean ratio {:.4}", sv.geometric_mean),
        score,
        max_score: max,
        passed: score >= max,
        output: format!(
            "The oracle's executed instructions after optimisation over before, per program.\n{how}{}",
            savings_lines(&sv)
        ),
    })
}

/// The results' top-level `output`: what a reader must know first
/// (stopped early), the compiler, the summary and its table, the groups,
/// then interrupted, the dialect, flaky builds, the baseline and the
/// reference's sections, weights that name no family.
fn overview(r: &Report, groups: &[Group]) -> String {
    let s = r.summary();
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
    if !groups.is_empty() {
        let where_ = if r.scoring.is_some() {
            "each test below shows those of its programs, with an example"
        } else {
            "each test below shows one with an example"
        };
        output.push_str(&format!("{} failure groups; {where_}.\n", groups.len()));
    }
    if r.interrupted {
        output.push_str("INTERRUPTED: the results cover the programs that finished.\n");
    }
    for line in r
        .dialect_line()
        .into_iter()
        .chain(r.runtime_line())
        .chain(r.memory_line())
        .chain(r.flaky_line())
        .chain(r.note_lines())
        .chain(r.reference_notes())
    {
        output.push_str(&line);
        output.push('\n');
    }
    if let Some(scoring) = &r.scoring {
        let unknown = scoring.unknown_weights(r.programs.iter().map(|p| p.name.as_str()));
        if !unknown.is_empty() {
            output.push_str(&format!(
                "weights for no family of programs (ignored): {}\n",
                unknown.join(", ")
            ));
        }
    }
    output
}

/// Gradescope's results.json for a submission whose build failed: score 0
/// and one failed test quoting the build's words (capped).
pub fn gradescope_build_failure(detail: &str, elapsed_secs: f64) -> Value {
    let words = super::cap(detail, super::MESSAGE_CAP);
    json!({
        "score": 0,
        "max_score": 1,
        "execution_time": elapsed_secs.round() as u64,
        "output": format!("The submission did not build; no program was checked.\n{words}"),
        "visibility": VISIBILITY,
        "stdout_visibility": STDOUT_VISIBILITY,
        "tests": [{
            "name": "build",
            "number": "1",
            "score": 0,
            "max_score": 1,
            "status": "failed",
            "output": words,
        }],
    })
}

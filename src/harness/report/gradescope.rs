//! Gradescope's results.json (the autograder specification at
//! gradescope-autograders.readthedocs.io, "Output format"): top-level
//! `score`, `max_score`, `execution_time` (seconds), `output` (the summary),
//! `visibility`, `stdout_visibility`, `extra_data` and `tests[]`, each test
//! with `name`, `number`, `score`, `max_score`, `status` and `output`.
//!
//! Scoring: one point per judged run. Tests are grouped so that one
//! failing category does not flood the page: one test holds every passing
//! run (score = max_score = their number), then one test per failure group
//! (score 0, max_score = its runs) with the example's expected and actual
//! behaviour, the compiler's words, the reduced program and the command
//! that reproduces it; past [`GROUP_TESTS`] groups, the rest of each
//! category share one test. For an optimiser, one more test gives what it
//! saved (docs/grading.md, "Optimisers"), scored only when the report
//! carries `savings_scoring`. The tests' scores add up to `score`.

use super::text::{group_body, group_title, names, savings_lines, summary_line, table};
use super::{Group, Report};
use serde_json::{json, Value};

/// Failure groups given a test of their own.
const GROUP_TESTS: usize = 30;

/// Who sees the results: Gradescope's `visible`, so that students see
/// their tests at once (instructors may edit it to `after_due_date`).
pub const VISIBILITY: &str = "visible";
/// The autograder's stdout is for instructors (Gradescope's `hidden`).
pub const STDOUT_VISIBILITY: &str = "hidden";

fn test(number: usize, name: String, score: usize, max: usize, output: String) -> Value {
    json!({
        "name": name,
        "number": number.to_string(),
        "score": score,
        "max_score": max,
        "status": if score == max { "passed" } else { "failed" },
        "output": output,
    })
}

/// Gradescope's results.json for `r`.
pub fn gradescope(r: &Report) -> Value {
    if let Some(scoring) = &r.scoring {
        return super::scored::gradescope(r, scoring);
    }
    let s = r.summary();
    let groups = r.groups();
    let mut tests = vec![test(
        1,
        format!(
            "passing runs ({} of {} judged)",
            s.passed,
            s.passed + s.failed
        ),
        s.passed,
        s.passed,
        format!(
            "{} runs agree with the oracle (same result and same stdout).",
            s.passed
        ),
    )];
    tests.extend(group_tests(r, &groups, tests.len() + 1));
    // Whole numbers unless a scored savings test adds fractions.
    let (mut score, mut max_score) = (json!(s.passed), json!(s.passed + s.failed + s.not_run));
    if let Some((t, got, max)) = savings_test(r, tests.len() + 1) {
        tests.push(t);
        if max > 0.0 {
            score = json!(s.passed as f64 + got);
            max_score = json!((s.passed + s.failed + s.not_run) as f64 + max);
        }
    }
    json!({
        "score": score,
        "max_score": max_score,
        "execution_time": r.elapsed_secs.round() as u64,
        "output": overview(r, &groups),
        "visibility": VISIBILITY,
        "stdout_visibility": STDOUT_VISIBILITY,
        "extra_data": {
            "programs": s.programs,
            "runs": s.runs,
            "skipped_runs": s.skipped,
            "failure_groups": groups.len(),
            "not_run_runs": s.not_run,
            "stopped_early": r.stopped_early,
        },
        "tests": tests,
    })
}

/// One test (score 0, max_score its runs) per failure group of `groups`,
/// the first [`GROUP_TESTS`] each with its example, the rest one test per
/// category; numbered from `first`.
fn group_tests(r: &Report, groups: &[Group], first: usize) -> Vec<Value> {
    let mut tests = Vec::new();
    for g in groups.iter().take(GROUP_TESTS) {
        let output = format!(
            "{}\n{}",
            group_title(g),
            group_body(g, r.reproduce.as_deref())
        );
        tests.push(test(
            first + tests.len(),
            format!("[{}] {}", g.category, g.signature),
            0,
            g.runs,
            output,
        ));
    }
    let rest: &[Group] = groups.get(GROUP_TESTS..).unwrap_or(&[]);
    let categories: std::collections::BTreeSet<&str> =
        rest.iter().map(|g| g.category.as_str()).collect();
    for c in categories {
        let members: Vec<&Group> = rest.iter().filter(|g| g.category == c).collect();
        let runs = members.iter().map(|g| g.runs).sum();
        let output: String = members
            .iter()
            .map(|g| format!("{} ({})\n", group_title(g), names(&g.programs)))
            .collect();
        tests.push(test(
            first + tests.len(),
            format!("[{c}] {} more failure groups", members.len()),
            0,
            runs,
            output,
        ));
    }
    tests
}

/// What an optimiser saved, as test number `number`, with its score and
/// max_score: scored only when the course gives it points (`--opt-points`,
/// with its `--opt-target` ratio), else 0 of 0. `None` for a compiler.
fn savings_test(r: &Report, number: usize) -> Option<(Value, f64, f64)> {
    let sv = r.savings()?;
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
    let t = json!({
        "name": format!("optimisation: geometric mean ratio {:.4}", sv.geometric_mean),
        "number": number.to_string(),
        "score": score,
        "max_score": max,
        "status": if score >= max { "passed" } else { "failed" },
        "output": format!(
            "The oracle's executed instructions after optimisation over before, per program.\n{how}{}",
            savings_lines(&sv)
        ),
    });
    Some((t, score, max))
}

/// The results' top-level `output`: the compiler, the summary and its
/// table, then what a reader must know (interrupted, dialect, stopped
/// early, what the reference shares).
fn overview(r: &Report, groups: &[Group]) -> String {
    let s = r.summary();
    let mut output = format!(
        "lloracle checked {} against the oracle.\n{}\n{}",
        r.compiler,
        summary_line(&s),
        table(&s)
    );
    if !groups.is_empty() {
        output.push_str(&format!(
            "{} failure groups; each test below shows one with an example.\n",
            groups.len()
        ));
    }
    if r.interrupted {
        output.push_str("INTERRUPTED: the results cover the programs that finished.\n");
    }
    for line in r
        .dialect_line()
        .into_iter()
        .chain(r.runtime_line())
        .chain(r.flaky_line())
    {
        output.push_str(&line);
        output.push('\n');
    }
    if let Some(why) = &r.stopped_early {
        output.push_str(&format!("STOPPED EARLY: {why}\n"));
    }
    for n in r.reference_notes() {
        output.push_str(&n);
        output.push('\n');
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
        "tests": [test(1, "build".into(), 0, 1, words)],
    })
}

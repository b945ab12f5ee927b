//! The first wrong value of a front end's failing run (docs/grading.md,
//! "Front ends", "The first wrong value"). The run's Oat program (its
//! reduction when there is one) is made into a traced variant
//! (`oat::trace`): every `int` and `bool` value it computes at statement
//! level is printed as it is computed. The front end under test compiles
//! the variant and its output runs on the oracle; the expected trace is
//! the variant's expected output (the reference's on the oracle, or the
//! evaluator's: the same rule as for the tests). The first value that
//! differs names the construct that computed it (`first wrong value:
//! `>>``), the run's group key; where tracing changes the outcome the run
//! keeps its present key and says why.

use super::judge;
use super::reduce::expected_output;
use super::settings::FrontEndCampaign;
use crate::corpus::Run;
use crate::harness::compiler::Tools;
use crate::harness::group::FIRST_WRONG;
use crate::harness::verdicts::{describe, Category, Trace};
use oat::trace::{lines, Point};

/// True for the failures traced: the output ran and printed or returned
/// something else.
pub fn is_traced(c: Category) -> bool {
    matches!(c, Category::WrongOutput | Category::WrongStatus)
}

/// The trace of the Oat program `text` (sent as `names`: the file and its
/// output's name) on `run`'s arguments, compiled by `c`'s front end.
pub fn trace_run(
    c: &FrontEndCampaign,
    tools: &Tools,
    names: (&str, &str),
    text: &str,
    run: &Run,
) -> Trace {
    let source = match oat::parse::program(text) {
        Ok(p) => p,
        Err(e) => return untraced(&format!("not traced: the program does not parse ({e})")),
    };
    let (t, points) = match oat::trace::traced(&source) {
        Ok(t) => t,
        Err(e) => return untraced(&format!("not traced: {e}")),
    };
    let Some(want) = expected_output(c, tools, names, &t, &run.args) else {
        return untraced("the traced program's expected output is not defined");
    };
    let wants = allowed_outputs(c, &t, run, want);
    let traced_text = c.oat_text(&t);
    let compiled = judge::compile_text(
        tools,
        &c.cmd,
        names.0,
        &traced_text,
        names.1,
        c.dialect.as_ref(),
    );
    let prog = match &compiled.prog {
        Ok(p) => p,
        Err(f) => {
            return untraced(&format!(
                "the traced program did not build ({}: {})",
                f.category,
                judge::first_line(&f.detail)
            ))
        }
    };
    let actual = judge::run_output(tools, prog, compiled.src.as_ref(), &run.args);
    let own = lines(actual.stdout());
    // The expected trace: of the allowed ones, the one the output's
    // follows longest (the order of a call's arguments the front end
    // chose, where the language leaves it open).
    let right = wants
        .iter()
        .map(|w| lines(w))
        .max_by_key(|r| agreeing(r, &own))
        .unwrap_or_default();
    let got = actual.course_output();
    let t = if wants.iter().any(|w| got.as_deref() == Some(&w[..])) {
        untraced("tracing changed the outcome: the traced program's output is right")
    } else {
        compare(&points, &right, &own, &describe(&actual), expected_from(c))
    };
    if t.key.as_deref().is_some_and(names_an_operation) {
        return t;
    }
    // No operation computed the first wrong value (a wrong parameter, a
    // wrong path, a traced program that passes): the same values in
    // another order may be the cause.
    if let Some(o) = order_of_evaluation(c, tools, names, &source, run) {
        return o;
    }
    // A wrong parameter of a function called only in initialisers' bodies
    // (which are not traced) is the initialiser's.
    let n = agreeing(&right, &own);
    let first = right.get(n).and_then(|(id, _)| points.get(*id));
    match first {
        Some(p)
            if t.key.as_deref() == Some(&format!("{}parameter", FIRST_WRONG[0]))
                && oat::trace::used_only_in_initialisers(&source, &p.function) =>
        {
            Trace {
                key: Some(format!("{}`new T[n]{{i -> e}}`", FIRST_WRONG[0])),
                says: format!(
                    "{}; @{} is called only in the body of `new T[n]{{i -> e}}`, where \
                     nothing is traced: the initialiser computed it",
                    t.says, p.function
                ),
                values: None,
            }
        }
        _ => t,
    }
}

/// The course outputs `run` of the Oat program `p` may give: `want`, and
/// what other allowed orders of a call's arguments give
/// (`judge::allowed_runs`).
fn allowed_outputs(
    c: &FrontEndCampaign,
    p: &oat::ast::Program,
    run: &Run,
    want: Vec<u8>,
) -> Vec<Vec<u8>> {
    let run = Run {
        course_output: Some(want),
        stdout: None,
        expect: crate::corpus::Expected::Unspecified,
        ..run.clone()
    };
    judge::allowed_runs(p, c.language(), &run)
        .into_iter()
        .filter_map(|r| r.course_output)
        .collect()
}

/// How many traced values `right` and `own` share before they differ.
fn agreeing(right: &[(usize, String)], own: &[(usize, String)]) -> usize {
    right.iter().zip(own).take_while(|(a, b)| a == b).count()
}

/// True for a trace key that names the operation that computed the first
/// wrong value (`first wrong value: `>>``, an operator, a builtin, `a[i]`).
/// An order of evaluation the front end gets wrong is one too (`wrong
/// order of evaluation: call arguments`). A wrong parameter, a variable
/// that was only copied, a wrong path or a trace that stops name no
/// operation: those runs keep the construct key.
pub fn names_an_operation(key: &str) -> bool {
    key.strip_prefix(FIRST_WRONG[0])
        .is_some_and(|c| c.starts_with('`'))
        || key.starts_with("wrong order of evaluation: ")
}

/// When computing operands one by one into variables first makes the
/// output right (the traced program passes), which operands' order the
/// front end gets wrong: the first kind ([`oat::trace::Order`]) whose
/// sequenced program alone the front end compiles right. An order the
/// course leaves open (a call's arguments, where more than one order is
/// allowed) is no wrong order.
fn order_of_evaluation(
    c: &FrontEndCampaign,
    tools: &Tools,
    names: (&str, &str),
    prog: &oat::ast::Program,
    run: &Run,
) -> Option<Trace> {
    let open = |o: &oat::trace::Order| *o == oat::trace::Order::CallArguments && c.orders.is_open();
    oat::trace::Order::ALL
        .into_iter()
        .filter(|o| !open(o))
        .find_map(|order| {
            let q = oat::trace::sequenced(prog, order).ok()?;
            if &q == prog {
                return None;
            }
            let want = expected_output(c, tools, names, &q, &run.args)?;
            let wants = allowed_outputs(c, &q, run, want);
            let text = c.oat_text(&q);
            let compiled =
                judge::compile_text(tools, &c.cmd, names.0, &text, names.1, c.dialect.as_ref());
            let out = compiled.prog.as_ref().ok()?;
            let got = judge::run_output(tools, out, compiled.src.as_ref(), &run.args);
            let got = got.course_output();
            wants
                .iter()
                .any(|w| got.as_deref() == Some(&w[..]))
                .then(|| Trace {
                    key: Some(format!("wrong order of evaluation: {}", order.words())),
                    says: format!(
                        "the output is right when {} are computed one by one, left to right, into \
                 variables first (Oat evaluates them left to right): the front end evaluates \
                 them in another order",
                        order.words()
                    ),
                    values: None,
                })
        })
}

/// Where the expected trace comes from, in words.
fn expected_from(c: &FrontEndCampaign) -> &'static str {
    if c.reference.is_some() {
        "the reference"
    } else {
        "the evaluator"
    }
}

fn untraced(why: &str) -> Trace {
    Trace {
        key: None,
        says: why.to_string(),
        values: None,
    }
}

/// Where the front end's trace `own` first leaves the expected one
/// (`right`); `actual` is the traced run's outcome in words.
fn compare(
    points: &[Point],
    right: &[(usize, String)],
    own: &[(usize, String)],
    actual: &str,
    from: &str,
) -> Trace {
    let n = agreeing(right, own);
    let at = |id: usize| points.get(id);
    let text = |p: &Point| format!("`{}` in {}", p.what, p.function);
    let last = || match n
        .checked_sub(1)
        .and_then(|j| own.get(j))
        .and_then(|(id, _)| at(*id))
    {
        Some(p) => (
            format!("after {}", p.construct),
            format!("after {}", text(p)),
        ),
        None => (
            "before the first traced value".to_string(),
            "before the first traced value".to_string(),
        ),
    };
    let trace = |key: String, says: String| Trace {
        key: Some(key),
        says,
        values: None,
    };
    match (right.get(n), own.get(n)) {
        (Some((id, want)), Some((got_id, got))) if id == got_id => match at(*id) {
            Some(p) => trace(
                format!("{}{}", FIRST_WRONG[0], p.construct),
                format!("{} gave {got}, {from} {want}", text(p)),
            ),
            None => untraced("the program's own output holds text like a trace mark"),
        },
        (Some((id, _)), Some((got_id, _))) => match (at(*id), at(*got_id)) {
            (Some(p), Some(q)) => {
                let (key, where_) = last();
                trace(
                    format!("first wrong path {key}"),
                    format!(
                        "every traced value agrees up to a wrong path {where_}: {from}'s next \
                         traced value is {}, the output's {}",
                        text(p),
                        text(q)
                    ),
                )
            }
            _ => untraced("the program's own output holds text like a trace mark"),
        },
        (Some((id, _)), None) => {
            let (key, where_) = last();
            let next = at(*id).map_or_else(String::new, text);
            trace(
                format!("the trace stops {key}"),
                format!(
                    "every traced value agrees; the output's trace stops {where_} ({from}'s goes \
                     on with {next}): {actual}"
                ),
            )
        }
        _ => untraced(&format!(
            "every traced value agrees with {from}'s; the outcome differs: {actual}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points() -> Vec<Point> {
        ["`>>`", "`+`"]
            .iter()
            .enumerate()
            .map(|(i, c)| Point {
                function: "program".into(),
                what: format!("var x{i} = e;"),
                construct: c.to_string(),
            })
            .collect()
    }

    fn l(v: &[(usize, &str)]) -> Vec<(usize, String)> {
        v.iter().map(|(n, s)| (*n, s.to_string())).collect()
    }

    #[test]
    fn the_first_differing_value_names_its_construct() {
        let t = compare(
            &points(),
            &l(&[(0, "1"), (1, "2")]),
            &l(&[(0, "-1"), (1, "0")]),
            "returns 0",
            "the evaluator",
        );
        assert_eq!(t.key.as_deref(), Some("first wrong value: `>>`"));
        assert_eq!(t.says, "`var x0 = e;` in program gave -1, the evaluator 1");
    }

    #[test]
    fn a_trace_that_stops_names_the_last_value_reached() {
        let t = compare(
            &points(),
            &l(&[(0, "1"), (1, "2")]),
            &l(&[(0, "1")]),
            "undefined",
            "the evaluator",
        );
        assert_eq!(t.key.as_deref(), Some("the trace stops after `>>`"));
    }

    #[test]
    fn agreeing_traces_give_no_key() {
        let t = compare(
            &points(),
            &l(&[(0, "1")]),
            &l(&[(0, "1")]),
            "returns 1",
            "the evaluator",
        );
        assert_eq!(t.key, None);
    }
}

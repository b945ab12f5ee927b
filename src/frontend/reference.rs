//! The course's reference solution held against every test (docs/grading.md,
//! "Front ends"): it compiles each test too, and its output runs on the
//! oracle. A run whose reference output is undefined, or disagrees with the
//! test's expectation, or that the reference cannot compile, is not scored
//! for any student (the test depends on undefined behaviour, or its
//! expectation disagrees with the course's solution); a student who fails
//! it the same way (the same signature and behaviour,
//! `harness::reference::fails_the_same_way`) shares the handout's defect,
//! listed apart. This is the one rule of every kind of compiler
//! (docs/grading.md, "One rule for every kind of compiler"). A plain test
//! (a `.oat` file without expectations) takes the reference's output as
//! its expectation.

use super::group::{signature, CauseConstructs};
use super::judge::{self, first_line, FrontRun, Language};
use super::tests::OatTest;
use crate::corpus::{Expected, Run, DEFAULT_RUN};
use crate::harness::budget::panic_words;
use crate::harness::compiler::Tools;
use crate::harness::reference::fails_the_same_way;
use crate::harness::verdicts::Category;
use spec::dialect::Dialect;
use spec::Outcome;
use std::collections::BTreeSet;

/// The reference's view of one test: its compiled output and, per run of
/// the test, why the run cannot be scored (`None`: the reference passes
/// it).
#[derive(Clone, Debug)]
pub struct RefTest {
    /// Per run: the reference's own verdict on it.
    pub runs: Vec<FrontRun>,
    /// Why lloracle could not judge the reference on the test (its own
    /// internal error, a bug to report): every run of the test is then
    /// left out for everyone, with these words.
    pub not_judged: Option<String>,
}

/// How one run of a test counts once the reference is known.
#[derive(Clone, Debug)]
pub enum Held {
    /// Scored: the student's verdict.
    Judged(FrontRun),
    /// The student fails as the reference does: the handout's defect,
    /// listed apart, not scored.
    Shared {
        /// The student's own verdict.
        own: FrontRun,
        /// Where the reference fails, in words.
        reference: String,
    },
    /// Not scored for anyone: the reference fails this run; the student's
    /// verdict is kept as evidence.
    LeftOut {
        /// The student's own verdict.
        own: FrontRun,
        /// Why the run is left out.
        why: String,
    },
}

impl Held {
    /// The student's own verdict, whichever way it counts.
    pub fn own(&self) -> &FrontRun {
        match self {
            Held::Judged(r) | Held::Shared { own: r, .. } | Held::LeftOut { own: r, .. } => r,
        }
    }
}

/// The runs of `test` as judged: its own, or for a plain test one run with
/// no arguments whose expectation is what the reference's output prints
/// and how it ends (`None` when the reference's output has no defined
/// output there).
pub fn runs_of(test: &OatTest, reference: Option<&RefTest>) -> Vec<Run> {
    if !test.expectation.runs.is_empty() || test.expectation.ill_typed.is_some() {
        return test.expectation.runs.clone();
    }
    let course_output = reference
        .and_then(|r| r.runs.first())
        .and_then(|r| r.actual.as_ref())
        .and_then(Outcome::course_output);
    vec![Run {
        name: DEFAULT_RUN.into(),
        line: 0,
        args: vec![],
        expect: Expected::Unspecified,
        stdout: None,
        course_output,
    }]
}

/// Compiles `test` with the reference `cmd` and judges each of its runs
/// (for a plain test: runs its one run, with nothing to compare). A panic
/// of lloracle's own is contained: the test's view then says why it was
/// not judged ([`RefTest::not_judged`]), so that the test is left out for
/// everyone and named, and the other tests go on.
pub fn judge_reference(
    tools: &Tools,
    cmd: &str,
    test: &OatTest,
    dialect: Option<&Dialect>,
    lang: Language,
) -> RefTest {
    let judge = || {
        let compiled = judge::compile(tools, cmd, test, dialect);
        let mut plain = test.clone();
        if plain.expectation.runs.is_empty() && plain.expectation.ill_typed.is_none() {
            plain.expectation.runs = runs_of(test, None);
        }
        judge::judge_test(tools, &plain, &compiled, lang)
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(judge)) {
        Ok(runs) => RefTest {
            runs,
            not_judged: None,
        },
        Err(p) => RefTest {
            runs: vec![],
            not_judged: Some(format!(
                "internal error of lloracle while judging the reference solution on it: {}",
                panic_words(p.as_ref())
            )),
        },
    }
}

/// Why the reference's verdict `r` on a run leaves it unscored, if it does
/// (`plain`: the test has no expectation of its own).
fn left_out_because(r: &FrontRun, plain: bool) -> Option<String> {
    match r.category {
        Category::Pass => None,
        Category::WrongOutput | Category::WrongStatus if plain => None,
        Category::UndefinedInOutput => Some(format!(
            "the test depends on undefined behaviour: the reference solution's output is undefined ({})",
            first_line(&r.detail)
        )),
        Category::WrongOutput | Category::WrongStatus => Some(format!(
            "the expectation disagrees with the course's solution: {}",
            first_line(&r.detail)
        )),
        c if c.is_build_failure() || c == Category::IllTypedOutput => Some(format!(
            "the reference solution cannot compile it ({c}: {})",
            first_line(&r.detail)
        )),
        c => Some(format!(
            "the reference solution fails it ({c}: {})",
            first_line(&r.detail)
        )),
    }
}

/// The student's verdicts `own` on `test`, held against the reference's.
pub fn hold(test: &OatTest, own: Vec<FrontRun>, reference: Option<&RefTest>) -> Vec<Held> {
    let Some(reference) = reference else {
        return own.into_iter().map(held_alone).collect();
    };
    if let Some(why) = &reference.not_judged {
        let left_out = |own| Held::LeftOut {
            own,
            why: why.clone(),
        };
        return own.into_iter().map(left_out).collect();
    }
    let plain = test.expectation.runs.is_empty() && test.expectation.ill_typed.is_none();
    own.into_iter()
        .enumerate()
        .map(|(i, own)| match reference.runs.get(i) {
            Some(r) => held_against(own, r, plain),
            None => held_alone(own),
        })
        .collect()
}

/// The student's verdict `own` on a run held against the reference's
/// verdict `r` on it (`plain`: the test has no expectation of its own):
/// scored when the reference passes it, else left out for everyone, and
/// listed as shared when the student fails it the same way
/// ([`fails_the_same_way`]).
fn held_against(own: FrontRun, r: &FrontRun, plain: bool) -> Held {
    match left_out_because(r, plain) {
        None => held_alone(own),
        Some(why)
            if fails_the_same_way(&key(&own), own.actual.as_ref(), &key(r), r.actual.as_ref()) =>
        {
            Held::Shared {
                own,
                reference: why,
            }
        }
        Some(why) => Held::LeftOut { own, why },
    }
}

/// The group key of a run held against the reference's run of the same
/// test: `frontend::group::signature` with no output text, cause
/// constructs or trace, which both runs lack alike (their outcomes, which
/// hold the undefined step's location and what was printed, tell the
/// rest: [`fails_the_same_way`]).
fn key(r: &FrontRun) -> (Category, String) {
    let none = CauseConstructs::default();
    (
        r.category,
        signature(r, None, &BTreeSet::new(), &none, None),
    )
}

/// A verdict held on its own: scored. An output whose run depends on
/// addresses is scored too, as a failure: no Oat program can observe an
/// address (the language has no casts and no order on references), so
/// the dependence is the front end's.
fn held_alone(own: FrontRun) -> Held {
    Held::Judged(own)
}

/// Without a reference solution, the language definition stands in for
/// it where the test's own program has no meaning: a run whose Oat
/// program the evaluator (`oat::eval`, docs/oat.md) finds undefined, in
/// any order of a call's arguments `lang` allows, is left out for
/// everyone, since its expectation rests on undefined behaviour (the ETH
/// test `easyrun8` shifts by -6). Other runs keep their verdicts: the
/// evaluator never overrules a test's expectation.
pub fn hold_by_definition(
    test: &OatTest,
    runs: &[Run],
    held: Vec<Held>,
    lang: Language,
) -> Vec<Held> {
    let Ok(prog) = oat::parse::program(&test.text) else {
        return held;
    };
    held.into_iter()
        .enumerate()
        .map(|(i, h)| {
            // A test the type checker must reject has no run to define.
            let (Held::Judged(own), Some(run)) = (&h, runs.get(i)) else {
                return h;
            };
            let own = own.clone();
            let args: Vec<&[u8]> = run.args.iter().map(|a| a.as_bytes()).collect();
            let limits = oat::eval::Limits::default();
            let outcomes = oat::eval::outcomes(&prog, lang.version, &limits, &args, lang.orders);
            let undefined = outcomes.iter().find_map(|o| match o {
                oat::eval::Outcome::Undefined { reason, .. } => Some(reason),
                _ => None,
            });
            match undefined {
                Some(reason) => Held::LeftOut {
                    own,
                    why: format!(
                        "the test depends on undefined behaviour: its Oat program is undefined \
                         ({reason}; docs/oat.md), so no output is right"
                    ),
                },
                None => h,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run that returned `status` after printing `stdout`, judged
    /// `category`.
    fn ran(category: Category, stdout: &str, status: u8) -> FrontRun {
        FrontRun {
            category,
            actual: Some(Outcome::Exited {
                code: status,
                stdout: stdout.as_bytes().to_vec(),
            }),
            detail: "prints something else".into(),
            note: None,
        }
    }

    /// The reference prints `1` where the test expects `0`: the
    /// expectation is in doubt, so the run counts for no one
    /// (docs/grading.md, "One rule for every kind of compiler"). A student
    /// who prints `1` too fails it the same way: shared. A student who
    /// prints `2` has the same category but another behaviour, a bug of
    /// their own: left out, not shared.
    #[test]
    fn a_run_is_shared_only_when_it_fails_as_the_reference_does() {
        let reference = ran(Category::WrongOutput, "1", 0);
        let same = held_against(ran(Category::WrongOutput, "1", 0), &reference, false);
        assert!(matches!(same, Held::Shared { .. }), "{same:?}");
        let other = held_against(ran(Category::WrongOutput, "2", 0), &reference, false);
        assert!(matches!(other, Held::LeftOut { .. }), "{other:?}");
        let passes = held_against(
            ran(Category::Pass, "0", 0),
            &ran(Category::Pass, "0", 0),
            false,
        );
        assert!(matches!(passes, Held::Judged(_)), "{passes:?}");
    }

    /// lloracle failing on the reference's view of a test (a bug of its
    /// own) leaves every run of the test out for everyone, in words that
    /// say so, whatever the student did: it never counts against one.
    #[test]
    fn a_reference_lloracle_failed_on_leaves_the_test_out() {
        let test = OatTest {
            path: "t.oat".into(),
            text: String::new(),
            expectation: Default::default(),
        };
        let reference = RefTest {
            runs: vec![],
            not_judged: Some("internal error of lloracle while judging ...".into()),
        };
        let own = vec![
            ran(Category::WrongOutput, "2", 0),
            ran(Category::Pass, "0", 0),
        ];
        let held = hold(&test, own, Some(&reference));
        assert_eq!(held.len(), 2);
        for h in &held {
            assert!(
                matches!(h, Held::LeftOut { why, .. } if why.starts_with("internal error of lloracle")),
                "{h:?}"
            );
        }
    }
}

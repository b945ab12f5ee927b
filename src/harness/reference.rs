//! The course's reference solution as a baseline (`--reference`). Every
//! course hands out part of the compiler (homework 6 hands out the x86
//! code generator), and its defects would otherwise count against every
//! student. The reference compiles every program of the campaign too; then
//! each student run is held against the reference's run of the same
//! program:
//!
//! - the reference cannot build the program (compile error or timeout,
//!   assembler or link error): the run is left out of scoring for
//!   everyone ([`RunVerdict::ReferenceCannotBuild`]);
//! - the student's run fails and the reference's fails *the same way*:
//!   the same category and group signature (`group::signature`), and for a
//!   run that was built, the same behaviour (result and stdout): shared
//!   with the reference ([`RunVerdict::SharedWithReference`]), listed
//!   apart, not scored;
//! - *shared by cause*: the student's program does not build (a compile,
//!   assembler or link error) with a normalised signature that the
//!   reference also shows on any program of the campaign: the same
//!   handout defect reached through other code (a student's allocator
//!   puts a 64-bit constant in an ALU immediate where the reference loads
//!   it with `movq`), shared too. Its limit: a student's own bug whose
//!   error line is exactly the handout's is not told apart. Run-time
//!   failures are shared per program only: their signature says how the
//!   behaviour differs, not why;
//! - anything else is the student's own verdict.

use super::compiler::Tools;
use super::group::signature;
use super::session::{run_session, Settings};
use super::target::Compiler;
use super::verdicts::{Case, CaseResult, Category, RunVerdict};
use spec::Outcome;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The reference solution's verdicts, per program name, and how to judge
/// more programs with it (the second set a campaign sends when a construct
/// masks the rest of the compiler, `unmask`).
#[derive(Clone)]
pub struct ReferenceRun {
    /// The reference compiler, as `Compiler::describe` says it.
    pub compiler: String,
    command: Compiler,
    tools: Arc<Tools>,
    verdicts: HashMap<String, Vec<RunVerdict>>,
}

impl ReferenceRun {
    /// Judges `cases` with the reference `compiler` under `tools` (the
    /// reference's own: its course conventions and link flags; no
    /// reductions).
    pub fn judge(
        tools: Tools,
        compiler: &Compiler,
        cases: Vec<Case>,
        settings: &Settings,
    ) -> ReferenceRun {
        ReferenceRun {
            compiler: compiler.describe(),
            command: compiler.clone(),
            tools: Arc::new(tools),
            verdicts: HashMap::new(),
        }
        .judge_more(cases, settings)
    }

    /// The reference's verdicts on `cases`, judged as [`ReferenceRun::judge`]
    /// judges (programs sent beyond the plan the reference judged first),
    /// added to those it has: its build failures on either set are causes
    /// a student's run may share.
    pub fn judge_more(&self, cases: Vec<Case>, settings: &Settings) -> ReferenceRun {
        let settings = Settings {
            max_reductions: 0,
            stop_at_first_failure: false,
            ..settings.clone()
        };
        let results = run_session(&self.tools, &self.command, cases, &settings, &|_| {});
        let mut verdicts = self.verdicts.clone();
        verdicts.extend(results.into_iter().map(|r| (r.case.name, r.verdicts)));
        ReferenceRun {
            verdicts,
            ..self.clone()
        }
    }

    /// The reference's verdict on run `i` of program `name`.
    pub fn verdict(&self, name: &str, i: usize) -> Option<&RunVerdict> {
        self.verdicts.get(name).and_then(|v| v.get(i))
    }

    /// Holds every run of `results` against the reference's run of the
    /// same program, then against the build failures the reference shows
    /// anywhere (see the module's rules).
    pub fn apply(&self, results: &mut [CaseResult]) {
        let causes = self.build_failures();
        for r in results {
            for (i, v) in r.verdicts.iter_mut().enumerate() {
                let held = self
                    .verdict(&r.case.name, i)
                    .and_then(|reference| held_against(v, reference))
                    .or_else(|| shared_by_cause(v, &causes));
                if let Some(new) = held {
                    *v = new;
                }
            }
        }
    }

    /// Each build-failure signature the reference shows, with the first
    /// program (in name order) it shows it on and its words.
    fn build_failures(&self) -> BTreeMap<(Category, String), String> {
        let mut causes = BTreeMap::new();
        let mut names: Vec<&String> = self.verdicts.keys().collect();
        names.sort();
        for name in names {
            for v in &self.verdicts[name] {
                let Some((c, key)) = signature(v).filter(|(c, _)| shares_by_cause(*c)) else {
                    continue;
                };
                causes
                    .entry((c, key.clone()))
                    .or_insert_with(|| format!("fails the same way on {name}: {c}: {key}"));
            }
        }
        causes
    }
}

/// True for the categories whose signature names their cause (the
/// normalised first error line of a build): compile, assembler and link
/// errors. Timeouts and run-time failures are not shared by cause.
fn shares_by_cause(c: Category) -> bool {
    matches!(
        c,
        Category::CompileError | Category::AssembleError | Category::LinkError
    )
}

/// The student's verdict `v` shared with the reference when it is a build
/// failure whose signature the reference shows on some program (`causes`,
/// from [`ReferenceRun::build_failures`]); `None`: unchanged.
fn shared_by_cause(
    v: &RunVerdict,
    causes: &BTreeMap<(Category, String), String>,
) -> Option<RunVerdict> {
    let sig = signature(v).filter(|(c, _)| shares_by_cause(*c))?;
    let reference = causes.get(&sig)?;
    Some(RunVerdict::SharedWithReference {
        own: Box::new(v.clone()),
        reference: reference.clone(),
    })
}

/// What becomes of the student's verdict `v` given the reference's
/// verdict `reference` on the same run; `None`: unchanged.
fn held_against(v: &RunVerdict, reference: &RunVerdict) -> Option<RunVerdict> {
    let RunVerdict::Judged {
        category: rc,
        detail: rdetail,
        actual: ractual,
        ..
    } = reference
    else {
        return None;
    };
    if !matches!(v, RunVerdict::Judged { .. }) {
        return None;
    }
    if rc.is_build_failure() {
        let first = rdetail
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        return Some(RunVerdict::ReferenceCannotBuild {
            detail: format!("{rc}: {first}"),
        });
    }
    let (Some(mine), Some(theirs)) = (signature(v), signature(reference)) else {
        return None;
    };
    let RunVerdict::Judged { actual, .. } = v else {
        return None;
    };
    fails_the_same_way(&mine, actual.as_ref(), &theirs, ractual.as_ref()).then(|| {
        RunVerdict::SharedWithReference {
            own: Box::new(v.clone()),
            reference: "fails the same way on this program".into(),
        }
    })
}

/// Whether a student's failing run fails *the same way* as the
/// reference's run of the same program, the one test of every kind of
/// compiler (docs/grading.md, "One rule for every kind of compiler"): the
/// same signature (`mine`, `theirs`: category and key) and the same
/// behaviour (the same outcome where both were built and run, or neither
/// was). The category alone is not enough: a wrong output other than the
/// reference's is the student's own.
pub fn fails_the_same_way(
    mine: &(Category, String),
    my_outcome: Option<&Outcome>,
    theirs: &(Category, String),
    their_outcome: Option<&Outcome>,
) -> bool {
    mine == theirs && my_outcome == their_outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use spec::Outcome;

    fn judged(category: Category, actual: Option<Outcome>, detail: &str) -> RunVerdict {
        RunVerdict::Judged {
            category,
            expected: Outcome::Returned {
                value: 3,
                stdout: vec![],
            },
            actual,
            detail: detail.to_string(),
            changed: vec![],
            steps: None,
            note: None,
        }
    }

    fn exited(code: u8) -> Option<Outcome> {
        Some(Outcome::Exited {
            code,
            stdout: vec![],
        })
    }

    #[test]
    fn a_failure_the_reference_shares_is_not_the_students() {
        let asm = "exit 1\nx.s:4: Error: operand type mismatch for `xor'";
        let mine = judged(Category::CompileError, None, asm);
        // The reference cannot build it either: left out for everyone.
        assert!(matches!(
            held_against(&mine, &mine),
            Some(RunVerdict::ReferenceCannotBuild { .. })
        ));
        // The same wrong value under both: shared.
        let wrong = judged(Category::WrongResult, exited(7), "");
        assert!(matches!(
            held_against(&wrong, &wrong),
            Some(RunVerdict::SharedWithReference { .. })
        ));
        // A different wrong value: the student's own.
        let other = judged(Category::WrongResult, exited(8), "");
        assert!(held_against(&wrong, &other).is_none());
        // The reference passes: the student's own failure.
        let pass = judged(Category::Pass, exited(3), "");
        assert!(held_against(&wrong, &pass).is_none());
        // The student passes where the reference fails at run time: a pass.
        assert!(held_against(&pass, &wrong).is_none());
    }

    #[test]
    fn a_build_error_the_reference_shows_elsewhere_is_shared_by_cause() {
        // The handout's 64-bit-immediate defect: the reference shows it on
        // program a, the student on program b (where the reference, which
        // loads constants with movq, passes).
        let handout = "exit 1\n/tmp/x1.s:12: Error: operand type mismatch for `add'";
        let student = "exit 1\n/tmp/y7.s:40: Error: operand type mismatch for `add'";
        let own_bug = "exit 1\n/tmp/y7.s:40: Error: junk `%rax' after register";
        let reference = ReferenceRun {
            compiler: "reference".into(),
            command: Compiler::Builtin {
                mutations: codegen::Mutations::NONE,
            },
            tools: Arc::new(Tools::new(std::time::Duration::from_secs(1)).expect("tools")),
            verdicts: [
                (
                    "a".to_string(),
                    vec![judged(Category::AssembleError, None, handout)],
                ),
                ("b".to_string(), vec![judged(Category::Pass, exited(3), "")]),
            ]
            .into_iter()
            .collect(),
        };
        let causes = reference.build_failures();
        let shared = shared_by_cause(&judged(Category::AssembleError, None, student), &causes);
        match shared {
            Some(RunVerdict::SharedWithReference { reference, .. }) => {
                assert!(reference.contains("on a"), "{reference}");
                assert!(reference.contains("operand type mismatch"), "{reference}");
            }
            other => panic!("not shared: {other:?}"),
        }
        // Another error line is the student's own; so is the same line
        // under another category, and a wrong value is never shared by
        // cause.
        assert!(
            shared_by_cause(&judged(Category::AssembleError, None, own_bug), &causes).is_none()
        );
        assert!(shared_by_cause(&judged(Category::LinkError, None, student), &causes).is_none());
        let wrong = judged(Category::WrongResult, exited(7), "");
        assert!(shared_by_cause(&wrong, &causes).is_none());
    }
}

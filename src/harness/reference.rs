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
//! - anything else is the student's own verdict.

use super::compiler::Tools;
use super::group::signature;
use super::session::{run_session, Settings};
use super::target::Compiler;
use super::types::{Case, CaseResult, RunVerdict};
use std::collections::HashMap;
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
    /// judges (programs sent beyond the plan the reference judged first).
    pub fn judge_more(&self, cases: Vec<Case>, settings: &Settings) -> ReferenceRun {
        let settings = Settings {
            max_reductions: 0,
            stop_at_first_failure: false,
            ..settings.clone()
        };
        let results = run_session(&self.tools, &self.command, cases, &settings, &|_| {});
        ReferenceRun {
            verdicts: results
                .into_iter()
                .map(|r| (r.case.name, r.verdicts))
                .collect(),
            ..self.clone()
        }
    }

    /// The reference's verdict on run `i` of program `name`.
    pub fn verdict(&self, name: &str, i: usize) -> Option<&RunVerdict> {
        self.verdicts.get(name).and_then(|v| v.get(i))
    }

    /// Holds every run of `results` against the reference's run of the
    /// same program (see the module's rules).
    pub fn apply(&self, results: &mut [CaseResult]) {
        for r in results {
            for (i, v) in r.verdicts.iter_mut().enumerate() {
                let Some(reference) = self.verdict(&r.case.name, i) else {
                    continue;
                };
                if let Some(new) = held_against(v, reference) {
                    *v = new;
                }
            }
        }
    }
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
    let same_behaviour = match (actual, ractual) {
        (Some(a), Some(b)) => a == b,
        (None, None) => true,
        _ => false,
    };
    (mine == theirs && same_behaviour).then(|| RunVerdict::SharedWithReference(Box::new(v.clone())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::types::Category;
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
            Some(RunVerdict::SharedWithReference(_))
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
}

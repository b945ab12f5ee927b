//! A run's verdict as every report reads it, and the one rule that says
//! which runs a grade scores ([`Verdict::scored`]). The JSON report spells
//! each verdict as a string (`pass`, `wrong result`, `skipped`, ...), read
//! back by [`Verdict::from_name`]; every report format (the terminal table,
//! JSON, JUnit, Gradescope with or without points, the class summary) asks
//! [`Verdict::scored`] and matches its answer exhaustively, so a new kind
//! of verdict cannot compile without each of them deciding what it means.

use crate::harness::verdicts::Category;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The verdict on one run of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Judged against the oracle: passed, or failed with this category.
    Judged(Category),
    /// The oracle does not return on the run (undefined behaviour or a
    /// limit): the specification promises nothing, so nothing is judged.
    Skipped,
    /// The program was not sent: it has no equivalent in the compiler's
    /// dialect (never a failure).
    NotInDialect,
    /// The run fails as the course's reference solution fails
    /// (`--reference`): the handout's defect, listed apart, not scored.
    SharedWithReference,
    /// Left out for everyone: the reference solution cannot build the
    /// program.
    LeftOut,
    /// The campaign stopped before it reached the program (time budget, a
    /// compiler that always times out, a submission that did not build).
    NotRun,
}

/// How a run counts in a grade: the answer of [`Verdict::scored`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scored {
    /// Counted, and it agrees with the oracle.
    Passed,
    /// Counted, and it does not.
    Failed,
    /// Counted as not passed: the campaign did not reach it, so that a
    /// campaign that stopped early never shrinks the denominator.
    NotReached,
    /// Not counted, for every student alike: skipped, not in the dialect,
    /// shared with the reference, or left out because of the reference.
    NotScored,
}

impl Verdict {
    /// The verdict of a passing run.
    pub const PASS: Verdict = Verdict::Judged(Category::Pass);

    /// Every verdict, in the order reports list them: the categories, then
    /// the runs that are not judged.
    pub fn all() -> impl Iterator<Item = Verdict> {
        Category::all().map(Verdict::Judged).chain([
            Verdict::Skipped,
            Verdict::NotInDialect,
            Verdict::SharedWithReference,
            Verdict::LeftOut,
            Verdict::NotRun,
        ])
    }

    /// The one rule of scoring: which runs count, and how.
    pub fn scored(self) -> Scored {
        match self {
            Verdict::Judged(Category::Pass) => Scored::Passed,
            Verdict::Judged(_) => Scored::Failed,
            Verdict::NotRun => Scored::NotReached,
            Verdict::Skipped
            | Verdict::NotInDialect
            | Verdict::SharedWithReference
            | Verdict::LeftOut => Scored::NotScored,
        }
    }

    /// The failure category of a judged run that did not pass.
    pub fn failure(self) -> Option<Category> {
        match self {
            Verdict::Judged(c) if c != Category::Pass => Some(c),
            _ => None,
        }
    }

    /// The name reports and the JSON report use (`wrong result`,
    /// `skipped`, `shared with the reference`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Judged(c) => c.name(),
            Verdict::Skipped => "skipped",
            Verdict::NotInDialect => "not in dialect",
            Verdict::SharedWithReference => "shared with the reference",
            Verdict::LeftOut => "left out",
            Verdict::NotRun => "not run",
        }
    }

    /// The verdict called `name` (as [`Verdict::name`] writes it; reports
    /// of earlier versions called [`Verdict::LeftOut`] `left out (the
    /// reference cannot build it)`, and for a while `left out by the
    /// reference`).
    pub fn from_name(name: &str) -> Option<Verdict> {
        if name == "left out (the reference cannot build it)" || name == "left out by the reference"
        {
            return Some(Verdict::LeftOut);
        }
        Verdict::all().find(|v| v.name() == name)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Verdict, D::Error> {
        let name = String::deserialize(d)?;
        Verdict::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown verdict `{name}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_reads_back_from_its_name() {
        for v in Verdict::all() {
            assert_eq!(Verdict::from_name(v.name()), Some(v), "{v}");
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<Verdict>(&json).unwrap(), v);
        }
        assert!(serde_json::from_str::<Verdict>("\"green\"").is_err());
    }

    #[test]
    fn only_judged_and_unreached_runs_are_scored() {
        assert_eq!(Verdict::PASS.scored(), Scored::Passed);
        assert_eq!(
            Verdict::Judged(Category::WrongResult).scored(),
            Scored::Failed
        );
        assert_eq!(Verdict::NotRun.scored(), Scored::NotReached);
        for v in [
            Verdict::Skipped,
            Verdict::NotInDialect,
            Verdict::SharedWithReference,
            Verdict::LeftOut,
        ] {
            assert_eq!(v.scored(), Scored::NotScored, "{v}");
        }
    }
}

//! Sending programs in the compiler's dialect (issue 17): each case goes
//! to the compiler as its own text where that text is already in the
//! dialect, else lowered into the dialect, else not at all (counted as
//! "not in dialect" with the feature that excluded it, never as a failure);
//! and at the entry the course driver calls.

use super::course::Course;
use super::judge::RunVerdict;
use super::session::{Case, CaseResult, SetAside};

/// What becomes of one case before it is judged.
#[derive(Debug)]
pub enum Prepared {
    /// Sent: the case with the program and text the compiler gets.
    Send(Case),
    /// Not sent: it has no equivalent in the dialect.
    NotInDialect(Box<CaseResult>),
    /// Not sent: it cannot be made to start at the driver's entry.
    SetAside(SetAside),
}

/// Prepares `case` for a compiler that follows `course`.
pub fn prepare(mut case: Case, course: &Course) -> Prepared {
    match course.at_entry(&case.prog) {
        Ok(p) => {
            if p != case.prog {
                case.prog = p;
                case.text = None;
            }
        }
        Err(why) => {
            return Prepared::SetAside(SetAside {
                name: case.name,
                why,
                on_purpose: false,
            })
        }
    }
    Prepared::Send(case)
}

/// A result for a case that is not sent: every run `NotInDialect`.
pub fn not_in_dialect(case: Case, feature: &str, what: &str) -> CaseResult {
    let verdicts = case
        .runs
        .iter()
        .map(|_| RunVerdict::NotInDialect {
            feature: feature.to_string(),
            what: what.to_string(),
        })
        .collect();
    CaseResult {
        case,
        verdicts,
        reduced: None,
    }
}

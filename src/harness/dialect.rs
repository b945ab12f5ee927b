//! Sending programs in the compiler's dialect (docs/dialects.md): each case goes
//! to the compiler as its own text where that text is already in the
//! dialect, else lowered into the dialect, else not at all (counted as
//! "not in dialect" with the feature that excluded it, never as a failure);
//! and at the entry the course driver calls.

use super::course::Course;
use super::verdicts::{located, parse_checked_under, Case, CaseResult, RunVerdict, SetAside};
use spec::dialect::{conforms, to_dialect, Dialect, Feature, NotInDialect};
use spec::opaque::prog_mentions_opaque;
use spec::{Prog, Source};

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

/// Prepares `case` for a compiler that follows `course` and reads
/// `dialect` (none: anything, sent as it is): at the driver's entry; then
/// its own text if that is in the dialect, else the program lowered into
/// the dialect (opaque programs typed by `recover` first; the lowered text
/// becomes the program the oracle judges), else not sent.
pub fn prepare(mut case: Case, course: &Course, dialect: Option<&Dialect>) -> Prepared {
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
    let Some(d) = dialect else {
        return Prepared::Send(case);
    };
    if let Some(t) = &case.text {
        if conforms(&Source::new(case.name.clone(), t.clone()), d).is_ok() {
            return Prepared::Send(case);
        }
    }
    let text = match in_dialect(&case.prog, d) {
        Ok(t) => t,
        Err(e) => {
            let (feature, what) = (e.feature.name(), e.what);
            return Prepared::NotInDialect(Box::new(not_in_dialect(case, feature, &what)));
        }
    };
    let src = Source::new(format!("{} (in {})", case.name, d.name), text.clone());
    match parse_checked_under(&src, course.runtime) {
        Ok(p) => {
            case.prog = p;
            case.text = Some(text);
            Prepared::Send(case)
        }
        Err(diag) => Prepared::SetAside(SetAside {
            why: format!(
                "lloracle's lowering into {} gave a program that does not parse or check \
                 (an lloracle bug; please report it): {}",
                d.name,
                located(&diag, &src)
            ),
            name: case.name,
            on_purpose: false,
        }),
    }
}

/// The text of `prog` in dialect `d`: lowered into it ([`to_dialect`]),
/// after type recovery when `prog` has opaque pointers and `d` does not.
pub fn in_dialect(prog: &Prog, d: &Dialect) -> Result<String, NotInDialect> {
    if prog_mentions_opaque(prog) && !d.has(Feature::OpaquePointers) {
        to_dialect(&recover::recover(prog).prog, d)
    } else {
        to_dialect(prog, d)
    }
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
        traces: vec![],
    }
}

//! A front end's group keys (docs/grading.md, "Groups and reductions"):
//! the one key builder of a front end's failing runs, used to spread the
//! reductions over groups (`frontend::campaign`), to group the report's
//! failures, and to tell whether a run fails the same way as the
//! reference's (`frontend::reference`). Its parts that are not the front
//! end's own (a build failure's key, the normalisation of an LLVMlite
//! line, the first-wrong-value prefix) are the harness's
//! (`harness::group`).

use super::judge::FrontRun;
use super::trace;
use crate::harness::group::{build_key, normalise_ll, FIRST_WRONG};
use crate::harness::verdicts::{Category, Trace};
use spec::Outcome;
use std::collections::BTreeSet;

/// The constructs that explain a category's failures: chosen from the
/// reduced failures' constructs, most explaining first (see `frontend::campaign`'s `causes`),
/// and the trace keys of the campaign that name an operation (a construct
/// both name is one group, under the trace's key).
#[derive(Default)]
pub struct CauseConstructs {
    /// Per category, the constructs chosen, most explaining first.
    pub chosen: Vec<(Category, String)>,
    /// The campaign's trace keys that name an operation.
    pub traced: BTreeSet<String>,
}

/// True for the construct names of the runtime's print builtins.
pub fn is_output(construct: &str) -> bool {
    ["print_string", "print_int", "print_bool"]
        .iter()
        .any(|p| construct == format!("`{p}`"))
}

/// The Oat constructs the program `text` uses (none when it does not
/// parse).
pub fn constructs_of(text: &str) -> BTreeSet<String> {
    oat::parse::program(text)
        .map(|p| {
            oat::features::features(&p)
                .iter()
                .map(oat::features::Feature::name)
                .collect()
        })
        .unwrap_or_default()
}

/// The group key of a failing run: the category's own key (the front
/// end's normalised first error line, the undefined kind and the output's
/// instruction at that step, the checker's rule), or for a wrong output or
/// status its trace's key when it names an operation (`first wrong value:
/// `>>``, [`trace::names_an_operation`]), else the first of the campaign's cause constructs (`frontend::campaign`'s `causes`) that
/// the run's program uses (`uses `[&]``).
pub fn signature(
    r: &FrontRun,
    output: Option<&str>,
    constructs: &BTreeSet<String>,
    cause_constructs: &CauseConstructs,
    trace: Option<&Trace>,
) -> String {
    if let Some(key) = trace
        .and_then(|t| t.key.as_ref())
        .filter(|k| trace::names_an_operation(k))
    {
        return key.clone();
    }
    match r.category {
        Category::UndefinedInOutput => match &r.actual {
            Some(Outcome::Undefined { kind, location, .. }) => {
                let line = location
                    .line
                    .and_then(|l| output?.lines().nth((l as usize).checked_sub(1)?))
                    .map(|l| normalise_ll(l.trim()))
                    .unwrap_or_else(|| "?".into());
                format!("{} at `{line}`", kind.name())
            }
            _ => "undefined".into(),
        },
        Category::IllTypedOutput | Category::OutputNotInDialect => {
            let first = r
                .detail
                .lines()
                .find(|l| l.contains('['))
                .or_else(|| r.detail.lines().next())
                .unwrap_or("");
            // The rule and the message's words before any quoted text:
            // `error[syntax]: expected a top-level definition`.
            let cut = first.find(['(', '`', ',']).unwrap_or(first.len());
            normalise_ll(first[..cut].trim_end())
        }
        c if c.is_build_failure() => build_key(&r.detail),
        Category::AcceptsIllTyped => "accepts a program the type checker rejects".into(),
        c => match cause_constructs
            .chosen
            .iter()
            .find(|(k, construct)| *k == c && constructs.contains(construct))
        {
            Some((_, construct)) => {
                let traced = format!("{}{construct}", FIRST_WRONG[0]);
                if cause_constructs.traced.contains(&traced) {
                    traced
                } else {
                    format!("uses {construct}")
                }
            }
            None => "not reduced".into(),
        },
    }
}

//! The campaign's shared vocabulary, below every other harness module: a
//! [`Case`] (one program and its argument lists), the [`RunVerdict`] of
//! each run and its [`Category`], a [`CaseResult`], a corpus file
//! [`SetAside`], a [`Reduced`] failing program, the interrupt flag, and
//! the few helpers every stage needs (parse-then-check, one-line
//! diagnostics, file-name slugs, one line per [`spec::Outcome`]).
//!
//! By topic: `category` (how one run compares), `run_verdict` (the
//! verdict on one run), `case` (a program, its results, a set-aside
//! corpus file, a reduction), `interrupt` (the interrupt flag), `words`
//! (the helpers every stage needs).

mod case;
mod category;
mod interrupt;
mod run_verdict;
mod words;

pub use case::{Case, CaseResult, Reduced, SetAside, Trace};
pub use category::Category;
pub use interrupt::{interrupted, INTERRUPTED};
pub use run_verdict::{RunVerdict, Steps};
pub use words::{describe, located, parse_checked, parse_checked_under, slug, STDOUT_CAP};

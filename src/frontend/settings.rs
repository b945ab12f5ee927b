//! What a front-end campaign checks and how, settled before it starts.

use super::judge::Language;
use super::tests::OatTest;
use oat::order::ArgOrders;
use oat::OatVersion;
use spec::dialect::Dialect;

/// What a front-end campaign checks and how.
#[derive(Clone, Debug)]
pub struct FrontEndCampaign {
    /// The front end under test: a command with `{in}` (a `.oat` file) and
    /// `{out}` or `{outdir}` (its `.ll` is `{outdir}/{stem}.ll`).
    pub cmd: String,
    /// The course's reference front end, of the same form.
    pub reference: Option<String>,
    /// The tests (the bundled ones, `--tests`, then generated programs).
    pub tests: Vec<OatTest>,
    /// The course dialect the output must be in, if one is given.
    pub dialect: Option<Dialect>,
    /// The Oat version of the homework.
    pub version: OatVersion,
    /// The orders of a call's arguments the course allows (the language's
    /// rule: any; docs/oat.md, "The evaluator's rules").
    pub orders: ArgOrders,
    /// Build and run outputs natively too, to explain verdicts.
    pub native: bool,
    /// Worker threads.
    pub jobs: usize,
    /// Reduce at most this many failing tests.
    pub max_reductions: usize,
    /// The bounds of each reduction.
    pub bounds: crate::harness::reduce::Bounds,
}

impl FrontEndCampaign {
    /// The language rules its front end's output is held to.
    pub fn language(&self) -> Language {
        Language {
            version: self.version,
            orders: self.orders,
        }
    }
}

//! What a front-end campaign checks and how, settled before it starts.

use super::judge::Language;
use super::tests::OatTest;
use crate::harness::session::Settings;
use crate::harness::shard::Shard;
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
    /// The Oat dialect given (`--oat-dialect`); `None`: probed from the
    /// front end before the campaign (`super::probe`).
    pub oat_dialect: Option<oat::dialect::OatDialect>,
    /// The tests' plan, made again in the probed dialect.
    pub plan: super::tests::TestPlan,
    /// The orders of a call's arguments the course allows (the language's
    /// rule: any; docs/oat.md, "The evaluator's rules").
    pub orders: ArgOrders,
    /// Build and run outputs natively too, to explain verdicts.
    pub native: bool,
    /// The session's choices, as for a back end's campaign: worker
    /// threads, how many failing tests are reduced and within what bounds,
    /// and the campaign's time budget (`--time-budget`: past it no new
    /// test is started and no reduction goes on; the tests not reached
    /// count as not passed, `harness::budget`).
    pub settings: Settings,
    /// This machine's part of the tests (`--shard I/N`: the tests whose
    /// index `k` has `k mod N = I - 1`), their reports joined by `lloracle
    /// merge` (`harness::shard`).
    pub shard: Option<Shard>,
}

impl FrontEndCampaign {
    /// The text of Oat program `p` as the front end is sent it: in the
    /// campaign's Oat dialect (given or probed), else in lloracle's whole
    /// Oat of the version (docs/oat.md, "Dialects").
    pub fn oat_text(&self, p: &oat::ast::Program) -> String {
        let d = self
            .oat_dialect
            .unwrap_or_else(|| oat::dialect::OatDialect::whole(self.version));
        oat::print::program_in(p, &d)
    }
}

impl FrontEndCampaign {
    /// Whether this machine judges test `k` (its place among the tests):
    /// the campaign's shard keeps it (every test without one).
    pub fn in_shard(&self, k: usize) -> bool {
        self.shard.is_none_or(|s| s.keeps(k as u64))
    }

    /// The language rules its front end's output is held to.
    pub fn language(&self) -> Language {
        Language {
            version: self.version,
            orders: self.orders,
        }
    }
}

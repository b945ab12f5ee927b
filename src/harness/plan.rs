//! A campaign's plan: the bundled corpus (or `--corpus`) and the random
//! programs, each prepared for the target's dialect and course
//! ([`plan`]).

use super::cases::{corpus_cases, random_case_for, CorpusCases};
use super::dialect::{prepare, Prepared};
use super::options::Programs;
use super::report;
use super::shard::Shard;
use super::target::{Compiler, Target};
use super::verdicts::{Case, CaseResult, SetAside};
use rayon::prelude::*;
use std::collections::HashMap;

/// The programs of a campaign: its cases (this shard's only), each
/// case's index in the unsharded campaign, and the corpus files skipped.
#[derive(Clone)]
pub struct Plan {
    /// The cases to judge, in campaign order.
    pub cases: Vec<Case>,
    /// Case name -> index in the unsharded campaign.
    pub index: HashMap<String, usize>,
    /// Programs not sent: no equivalent in the dialect (their verdicts say
    /// which feature excluded them).
    pub not_sent: Vec<CaseResult>,
    /// Corpus files not sent, with why (on purpose, or a problem).
    pub set_aside: Vec<SetAside>,
    /// Per corpus case, the annotated expectation of each run.
    pub expected: HashMap<String, Vec<crate::corpus::Run>>,
    /// The shard this plan covers, if any.
    pub shard: Option<Shard>,
    /// Where further random programs start (unsharded campaigns with
    /// random programs only): the second set of programs sent when a
    /// construct masks the rest of the compiler (`unmask`).
    pub more_random: Option<MoreRandom>,
}

/// Where random programs beyond a campaign's own start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoreRandom {
    /// The first seed not used by the campaign.
    pub seed: u64,
    /// The campaign's program size.
    pub size: usize,
    /// The index in the campaign of the first further program.
    pub index: usize,
}

impl Plan {
    /// The programs to judge, each with its position in the unsharded
    /// campaign and its runs (for those a campaign does not reach).
    pub fn planned(&self) -> Vec<report::Planned> {
        self.cases
            .iter()
            .map(|c| {
                let k = self.index.get(&c.name).copied().unwrap_or(usize::MAX);
                (c.name.clone(), k, c.runs.clone())
            })
            .collect()
    }
}

/// The programs `p` selects for `target`: the corpus (unless
/// `no_corpus`), then the random seeds generated within the target's
/// dialect (for an optimiser, of the `opt` generation profile); with a shard, only that shard's (random programs of other
/// shards are never generated). Each case is prepared for the target's
/// dialect and course: sent as written, lowered, or not sent.
pub fn plan(p: &Programs, target: &Target) -> Result<Plan, String> {
    let CorpusCases {
        cases: corpus,
        mut set_aside,
        expected,
    } = if p.no_corpus {
        CorpusCases::default()
    } else {
        let dir = p.corpus.clone().unwrap_or_else(crate::corpus::default_dir);
        corpus_cases(&dir, target.course.runtime)?
    };
    let keeps = |k: usize| p.shard.is_none_or(|s| s.keeps(k as u64));
    let first_random = corpus.len();
    let mut indexed: Vec<(usize, Case)> = corpus
        .into_iter()
        .enumerate()
        .filter(|(k, _)| keeps(*k))
        .collect();
    let seeds: Vec<(usize, u64)> = (0..p.random)
        .map(|i| (first_random + i as usize, p.seed.wrapping_add(i)))
        .filter(|(k, _)| keeps(*k))
        .collect();
    let dialect = target.dialect.as_ref();
    let profile = profile_for(target);
    indexed.extend(
        seeds
            .into_par_iter()
            .map(|(k, s)| (k, random_case_for(s, p.size, dialect, profile)))
            .collect::<Vec<_>>(),
    );
    let index = indexed.iter().map(|(k, c)| (c.name.clone(), *k)).collect();
    let mut cases = Vec::new();
    let mut not_sent = Vec::new();
    for (_, c) in indexed {
        match prepare(c, &target.course, dialect) {
            Prepared::Send(c) => cases.push(c),
            Prepared::NotInDialect(r) => not_sent.push(*r),
            Prepared::SetAside(s) => set_aside.push(s),
        }
    }
    let more_random = (p.shard.is_none() && p.random > 0).then(|| MoreRandom {
        seed: p.seed.wrapping_add(p.random),
        size: p.size,
        index: first_random + p.random as usize,
    });
    Ok(Plan {
        more_random,
        cases,
        index,
        not_sent,
        set_aside,
        expected,
        shard: p.shard,
    })
}

/// The generation profile of `target`'s random programs: an optimiser
/// gets programs written to exercise optimisers (`gen --for opt`), a back
/// end the whole language.
pub(crate) fn profile_for(target: &Target) -> gen::Profile {
    match target.compiler {
        Compiler::Optimiser { .. } => gen::Profile::Opt,
        _ => gen::Profile::Default,
    }
}

//! Unmasking (docs/grading.md, "Unmasking"): when a compiler rejects one
//! construct (a call through a function pointer, say), every program with
//! that construct ends as the same compile error and tests nothing else.
//! A compile-error group (or link-error group: the assembler rejects the
//! output) tied to one construct is found from its reduced
//! example, and the campaign sends a second set of random programs
//! without that construct, so the rest of the compiler is still tested and
//! graded. Programs that have the construct keep their verdicts: the
//! failure stands.
//!
//! A *construct* is one of `gen::features::Feature` (an instruction kind at
//! a type, a kind of global, a kind of call), the four kinds of call
//! through a function pointer taken together as one. A compile-error or
//! link-error group
//! is tied to construct C when
//! - its reduced example contains C (the reduction kept it: it is needed
//!   for the failure),
//! - every program of the group contains C,
//! - no program the compiler passed contains C, and
//! - the group holds at least [`MIN_PROGRAMS`] programs;
//!
//! when several constructs qualify, the one in the fewest programs of the
//! campaign is taken (leaving it out costs the least).

use super::verdicts::{Case, CaseResult, Category};
use gen::features::{features, Feature};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// The fewest programs a compile-error group must hold to be taken as
/// tied to a construct: one program's reduction is no pattern.
pub const MIN_PROGRAMS: usize = 2;

/// The most seeds tried per program wanted in the second set (programs
/// with an avoided construct are skipped).
const SEEDS_PER_PROGRAM: u64 = 20;

/// A build-failure group: its name (`compile error: KEY`), its programs
/// (indices) and the features of its first reduced example.
type Build = (String, Vec<usize>, Option<BTreeSet<Feature>>);

/// A construct: its name in reports and the features that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Construct {
    /// What the reports call it (`call through a function pointer`).
    pub name: String,
    /// A program contains the construct when it has any of these.
    pub features: Vec<Feature>,
}

impl Construct {
    /// True when a program with `fs` contains this construct.
    pub fn in_features(&self, fs: &BTreeSet<Feature>) -> bool {
        self.features.iter().any(|f| fs.contains(f))
    }
}

/// Every construct, in the order ties are broken: the calls through a
/// function pointer as one, then each other feature of
/// `gen::features::Feature::all` on its own.
pub fn constructs() -> Vec<Construct> {
    let pointer_calls = vec![
        Feature::IndirectCallLocal,
        Feature::IndirectCallGlobal,
        Feature::IndirectCallStruct,
        Feature::IndirectCallParam,
    ];
    let mut out = vec![Construct {
        name: "call through a function pointer".into(),
        features: pointer_calls.clone(),
    }];
    out.extend(
        Feature::all()
            .into_iter()
            .filter(|f| !pointer_calls.contains(f))
            .map(|f| Construct {
                name: feature_name(f),
                features: vec![f],
            }),
    );
    out
}

/// A feature's name in reports: a few in words, the rest as the
/// generator's histogram names them (`Binop(Mul)`).
fn feature_name(f: Feature) -> String {
    match f {
        Feature::StackArgs => "call with seven or more arguments".into(),
        Feature::DirectCall => "direct call".into(),
        Feature::Loop => "loop".into(),
        Feature::SelfRecursion => "recursive function".into(),
        Feature::MutualRecursion => "mutually recursive functions".into(),
        Feature::VoidFunction => "function returning void".into(),
        Feature::GlobalString => "string literal global".into(),
        other => format!("{other:?}"),
    }
}

/// A construct the campaign's second set of programs leaves out, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Avoided {
    /// The construct's name.
    pub construct: String,
    /// The compile-error group it is tied to (`compile error: KEY`).
    pub group: String,
    /// The group's programs (all contain the construct; their failures
    /// stand).
    pub programs: usize,
    /// Programs without the construct sent in its place.
    #[serde(default)]
    pub sent: usize,
}

/// The constructs compile-error groups of `results` are tied to (see the
/// module documentation), each with the group (`keys`: the group key of
/// each failing run, as `group::keys` gives them). At most one per group;
/// a construct two groups are tied to is named once.
pub fn masking(results: &[CaseResult], keys: &[Vec<Option<String>>]) -> Vec<(Avoided, Construct)> {
    let fs: Vec<BTreeSet<Feature>> = results.iter().map(|r| features(&r.case.prog)).collect();
    let all = constructs();
    let count = |c: &Construct| fs.iter().filter(|f| c.in_features(f)).count();
    let passed = |r: &CaseResult| {
        r.first_failure().is_none()
            && r.verdicts
                .iter()
                .any(|v| v.category() == Some(Category::Pass))
    };
    let passing: Vec<&BTreeSet<Feature>> = results
        .iter()
        .zip(&fs)
        .filter(|(r, _)| passed(r))
        .map(|(_, f)| f)
        .collect();
    // Compile-error groups by key: the programs and the first reduction.
    let mut groups: Vec<Build> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for (k, r) in results.iter().enumerate() {
        let Some(i) = r.first_failure() else { continue };
        if !matches!(
            r.verdicts[i].category(),
            Some(Category::CompileError | Category::LinkError)
        ) {
            continue;
        }
        let Some(key) = keys.get(k).and_then(|ks| ks.get(i)).cloned().flatten() else {
            continue;
        };
        let category = r.verdicts[i].category().map_or("", Category::name);
        let g = *at.entry(key.clone()).or_insert_with(|| {
            groups.push((format!("{category}: {key}"), vec![], None));
            groups.len() - 1
        });
        groups[g].1.push(k);
        if groups[g].2.is_none() {
            groups[g].2 = r
                .reduced
                .as_ref()
                .filter(|(j, _)| *j == i)
                .map(|(_, red)| features(&red.prog));
        }
    }
    let mut out: Vec<(Avoided, Construct)> = Vec::new();
    for (group, members, reduced) in groups {
        let Some(reduced) = reduced else { continue };
        if members.len() < MIN_PROGRAMS {
            continue;
        }
        let tied = all
            .iter()
            .filter(|c| c.in_features(&reduced))
            .filter(|c| members.iter().all(|&k| c.in_features(&fs[k])))
            .filter(|c| !passing.iter().any(|f| c.in_features(f)))
            .min_by_key(|c| count(c));
        if let Some(c) = tied {
            if out.iter().all(|(_, o)| o.name != c.name) {
                out.push((
                    Avoided {
                        construct: c.name.clone(),
                        group,
                        programs: members.len(),
                        sent: 0,
                    },
                    c.clone(),
                ));
            }
        }
    }
    out
}

/// Up to `want` cases of `make(seed)` for seeds from `first_seed` on whose
/// programs contain none of `avoid`, trying at most
/// `want * SEEDS_PER_PROGRAM` seeds (the generator has no switch for each
/// construct, so programs are drawn and the ones with an avoided construct
/// skipped).
pub fn unmasked_cases(
    avoid: &[Construct],
    first_seed: u64,
    want: usize,
    make: &(dyn Fn(u64) -> Case + Sync),
) -> Vec<Case> {
    use rayon::prelude::*;
    let tries = (want as u64).saturating_mul(SEEDS_PER_PROGRAM);
    let mut out = Vec::new();
    // In chunks, so that no more programs are drawn than needed.
    let chunk = (want as u64).max(8);
    let mut next = 0u64;
    while out.len() < want && next < tries {
        let end = (next + chunk).min(tries);
        let found: Vec<Case> = (next..end)
            .into_par_iter()
            .map(|i| make(first_seed.wrapping_add(i)))
            .filter(|c| {
                let fs = features(&c.prog);
                !avoid.iter().any(|a| a.in_features(&fs))
            })
            .collect();
        out.extend(found);
        next = end;
    }
    out.truncate(want);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pointer_calls_are_one_construct_and_every_feature_is_covered() {
        let cs = constructs();
        assert_eq!(cs[0].name, "call through a function pointer");
        assert_eq!(cs[0].features.len(), 4);
        let covered: usize = cs.iter().map(|c| c.features.len()).sum();
        assert_eq!(covered, Feature::all().len());
    }

    #[test]
    fn unmasked_programs_lack_the_construct() {
        let avoid = &constructs()[..1];
        let cases = unmasked_cases(avoid, 1, 10, &|s| {
            super::super::cases::random_case(s, 30, None)
        });
        assert_eq!(cases.len(), 10, "most programs have no pointer call");
        for c in &cases {
            assert!(!avoid[0].in_features(&features(&c.prog)), "{}", c.name);
        }
    }
}

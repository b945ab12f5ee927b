//! The mutation score of the harness itself (`test-compiler
//! --mutation-score`): each deliberately broken variant of the built-in
//! back end (`codegen::Mutation`) is checked like a student's compiler, on
//! the corpus and then on the random programs in chunks, so that the
//! first failing seed found is the smallest. A mutant no program catches
//! is a hole in the corpus and the generator.

use super::compiler::Tools;
use super::session::{run_session, Settings};
use super::target::Compiler;
use super::verdicts::{self, Case, CaseResult};

/// What checking one mutant found.
#[derive(Clone, Debug)]
pub struct MutantRow {
    /// The mutation.
    pub mutation: codegen::Mutation,
    /// The first corpus program that catches it.
    pub by_corpus: Option<String>,
    /// The first random program that catches it.
    pub by_random: Option<String>,
    /// The size (instructions) and time (seconds) of its first reduced
    /// failure.
    pub reduced: Option<(usize, f64)>,
}

impl MutantRow {
    /// True when some program catches the mutant.
    pub fn killed(&self) -> bool {
        self.by_corpus.is_some() || self.by_random.is_some()
    }

    /// The heading of the table of rows, for `random` random programs.
    pub fn heading(random: u64) -> String {
        format!(
            "{:<18} {:<34} {:<28} {:>7} {:>8}",
            "mutant",
            "corpus",
            format!("random (of {random})"),
            "reduced",
            "time"
        )
    }
}

impl std::fmt::Display for MutantRow {
    /// The row of the table under [`MutantRow::heading`]: the mutant, the
    /// first corpus and random program that catch it (`not caught`), and
    /// the size and time of its first reduced failure.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let caught = |c: &Option<String>| c.clone().unwrap_or_else(|| "not caught".into());
        write!(
            f,
            "{:<18} {:<34} {:<28} {:>7} {:>8}",
            self.mutation.name(),
            caught(&self.by_corpus),
            caught(&self.by_random),
            self.reduced.map_or("-".into(), |(n, _)| n.to_string()),
            self.reduced.map_or("-".into(), |(_, s)| format!("{s:.1}s"))
        )
    }
}

/// How many of `rows` were killed.
fn killed(rows: &[MutantRow]) -> usize {
    rows.iter().filter(|r| r.killed()).count()
}

/// True when `rows` killed every mutant (none was missed or left
/// unchecked by an interrupt).
pub fn all_killed(rows: &[MutantRow]) -> bool {
    killed(rows) == codegen::Mutation::ALL.len()
}

/// The last line of the table: how many of `rows` were killed, of every
/// mutant.
pub fn score_line(rows: &[MutantRow]) -> String {
    let total = codegen::Mutation::ALL.len();
    format!("mutation score: {}/{total} mutants killed", killed(rows))
}

/// Checks every mutant on `cases` (the corpus programs, then the random
/// ones in chunks of 50 until one catches it), calling `on_row` as each
/// mutant is done; stops early on an interrupt. The rows, in
/// `codegen::Mutation::ALL` order.
pub fn mutation_score(
    tools: &Tools,
    cases: Vec<Case>,
    settings: &Settings,
    on_row: &dyn Fn(&MutantRow),
) -> Vec<MutantRow> {
    let (corpus, randoms): (Vec<Case>, Vec<Case>) = cases
        .into_iter()
        .partition(|c| c.name.starts_with("corpus/"));
    let in_order = Settings {
        stop_at_first_failure: false,
        ..settings.clone()
    };
    let settings = Settings {
        stop_at_first_failure: true,
        ..settings.clone()
    };
    let first = |rs: &[CaseResult]| {
        rs.iter()
            .find(|r| r.first_failure().is_some())
            .map(|r| r.case.name.clone())
    };
    let mut rows = Vec::new();
    for m in codegen::Mutation::ALL {
        if verdicts::interrupted() {
            break;
        }
        let compiler = Compiler::Builtin {
            mutations: m.into(),
        };
        let by_corpus = run_session(tools, &compiler, corpus.clone(), &settings, &|_| {});
        let mut by_random = Vec::new();
        for chunk in randoms.chunks(50) {
            let rs = run_session(tools, &compiler, chunk.to_vec(), &in_order, &|_| {});
            let caught = rs.iter().any(|r| r.first_failure().is_some());
            by_random = rs;
            if caught || verdicts::interrupted() {
                break;
            }
        }
        let reduced = by_random
            .iter()
            .chain(&by_corpus)
            .find_map(|r| r.reduced.as_ref())
            .map(|(_, x)| (x.insns, x.elapsed.as_secs_f64()));
        let row = MutantRow {
            mutation: m,
            by_corpus: first(&by_corpus),
            by_random: first(&by_random),
            reduced,
        };
        on_row(&row);
        rows.push(row);
    }
    rows
}

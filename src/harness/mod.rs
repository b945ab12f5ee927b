//! Checking a compiler or an optimiser against the oracle: print each
//! program, run the compiler under test on it, run what it produced,
//! compare with the oracle, sort the differences into [`Category`]s,
//! reduce failing programs, group failures by cause, and report.
//!
//! The modules form a line; each uses only those before it, and from
//! `options` on the line is the order a campaign goes (docs/architecture.md
//! gives it with a line per module; the unit test below holds every
//! module's `use` lines to it):
//!
//! ```text
//! verdicts -> budget, shard, course, stages, threads -> dialect, in_process -> target -> compiler -> judge
//!   -> optimiser, group -> trace -> reduce -> saved -> session -> cases
//!   -> unmask, reduce_file -> reference -> options -> probe_programs -> baseline -> probe -> report -> plan
//!   -> resolve -> campaign -> class, mutation
//! ```
//!
//! [`verdicts`] (the shared vocabulary: cases, verdicts, categories, the
//! interrupt flag), [`budget`] (a campaign's time budget), [`shard`] (a
//! campaign split over machines), [`course`] (a course driver's runtime,
//! link flags and entry), [`stages`] (the time spent per stage of
//! judging), [`threads`] (the worker pool of a parallel stage), [`dialect`] (each case in the compiler's dialect,
//! or not sent), [`in_process`] (which assembly runs in process instead of
//! linked), [`target`] (the compiler under test and how to speak to
//! it, resolved once), [`compiler`] (building and running what it makes),
//! [`judge`] (one program and its runs against the oracle), [`optimiser`]
//! (for an optimiser: which function broke, what it saved), [`group`]
//! (failures grouped by cause; the reduction budget spread over the
//! groups), [`trace`] (the first wrong value: a failing run's program
//! traced, its trace held against the oracle's), [`reduce`] (delta debugging with `gen::shrink`'s edits),
//! [`saved`] (reduced failures saved with their reproduce line),
//! [`session`] (many programs in parallel), [`cases`] (the corpus and
//! random programs), [`unmask`] (a second set of programs without a
//! construct the compiler rejects), [`reduce_file`] (`lloracle reduce`:
//! one file's first failing run reduced), [`reference`](mod@reference) (the course's reference
//! solution, held against every run), [`options`] (a campaign's options as
//! values), [`probe_programs`] (the probe programs' table), [`baseline`] (the
//! baseline, sent alone), [`probe`] (which dialect a compiler reads),
//! [`report`] (the Report and its formats: terminal, JSON, Gradescope,
//! JUnit, the class), [`plan`] (a campaign's programs in the target's
//! dialect), [`resolve`] (baseline, reference and dialect, before the
//! session), [`campaign`] (the run, the report files, the exit status),
//! [`class`] (a class in one run), [`mutation`] (the harness's own
//! mutation score on the built-in back end's mutants).

pub mod baseline;
pub mod budget;
pub mod campaign;
pub mod cases;
pub mod class;
pub mod compiler;
pub mod course;
pub mod dialect;
pub mod group;
pub mod in_process;
pub mod judge;
pub mod mutation;
pub mod optimiser;
pub mod options;
pub mod plan;
pub mod probe;
pub mod probe_programs;
pub mod reduce;
pub mod reduce_file;
pub mod reference;
pub mod report;
pub mod resolve;
pub mod saved;
pub mod session;
pub mod shard;
pub mod stages;
pub mod target;
pub mod threads;
pub mod trace;
pub mod unmask;
pub mod verdicts;

pub use target::{Compiler, Emit, Target};
pub use verdicts::{Category, RunVerdict};

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    /// The harness's module order as docs/architecture.md writes it: one
    /// set of module names per line of its harness block.
    fn documented_order() -> Vec<BTreeSet<String>> {
        let doc = include_str!("../../docs/architecture.md");
        let start = doc
            .find("The harness (`src/harness/`) is a line of modules")
            .expect("the harness section of docs/architecture.md");
        let block = doc[start..].split("```").nth(1).expect("its code block");
        block
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let names = l.split("  ").next().unwrap_or("");
                names.split(',').map(|n| n.trim().to_string()).collect()
            })
            .collect()
    }

    /// The sibling modules each harness module (with its folder) names.
    fn uses() -> BTreeMap<String, BTreeSet<String>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/harness");
        let mut files: Vec<std::path::PathBuf> = Vec::new();
        let mut todo = vec![dir.clone()];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).expect("read src/harness").flatten() {
                let p = e.path();
                if p.is_dir() {
                    todo.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for f in files {
            let rel = f.strip_prefix(&dir).expect("below src/harness");
            let module = rel
                .components()
                .next()
                .map(|c| {
                    c.as_os_str()
                        .to_string_lossy()
                        .trim_end_matches(".rs")
                        .to_string()
                })
                .expect("a module");
            if module == "mod" {
                continue;
            }
            let text = std::fs::read_to_string(&f).expect("read a module");
            let entry = uses.entry(module.clone()).or_default();
            for prefix in ["super::", "crate::harness::"] {
                for (k, _) in text.match_indices(prefix) {
                    // `super::` inside a module's folder names the module
                    // itself or its own parts, not a sibling.
                    if prefix == "super::" && rel.components().count() > 1 {
                        continue;
                    }
                    let name: String = text[k + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module {
                        entry.insert(name);
                    }
                }
            }
        }
        uses
    }

    #[test]
    fn the_documented_module_order_is_the_use_order() {
        let order = documented_order();
        let level: BTreeMap<&str, usize> = order
            .iter()
            .enumerate()
            .flat_map(|(k, names)| names.iter().map(move |n| (n.as_str(), k)))
            .collect();
        let uses = uses();
        let mut wrong = Vec::new();
        for (module, used) in &uses {
            let Some(&mine) = level.get(module.as_str()) else {
                wrong.push(format!(
                    "{module} is not in docs/architecture.md's harness order"
                ));
                continue;
            };
            for u in used {
                match level.get(u.as_str()) {
                    Some(&theirs) if theirs < mine => {}
                    Some(_) => wrong.push(format!("{module} uses {u}, which is not above it")),
                    None => {}
                }
            }
        }
        for names in &order {
            for n in names {
                if !uses.contains_key(n) {
                    wrong.push(format!(
                        "docs/architecture.md names {n}, which src/harness lacks"
                    ));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

//! What a TA grading an optimisation homework asks of a campaign beyond
//! pass or fail (docs/grading.md, "Optimisers"): *which function broke*
//! ([`blame`]: the functions whose optimised version alone changes the
//! meaning, their text before and after as a unified diff, and the first
//! instruction where the oracle's traces of the input and of the input
//! with the optimised function(s) diverge) and *what it saved*
//! ([`savings`]: the oracle's executed-instruction counts of input and
//! output per program, their ratios, geometric mean, and the biggest
//! slow-downs). Both use the oracle only: the counts are exact and the
//! same on every machine.

use super::compiler::{Built, Tools};
use super::judge::{compare, expect};
use super::target::Compiler;
use super::verdicts::{interrupted, CaseResult, Category, RunVerdict, Steps};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use spec::ast::Fdecl;
use spec::{Outcome, Prog};
use std::collections::{HashMap, HashSet};

/// The most candidate sets of changed functions tried when no single
/// function changes the meaning alone (beyond them: all changed functions
/// together).
pub const MAX_BLAME_SETS: usize = 64;

/// The most instructions a traced run executes when looking for the first
/// divergence (a reduced program needs far fewer).
pub const TRACE_FUEL: u64 = 1_000_000;

/// Lines of context around each change in a function's diff.
const DIFF_CONTEXT: usize = 3;

/// Which functions of a failing optimiser run change its meaning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Blame {
    /// The program examined: `reduced` (the reduced example) or `original`.
    pub program: String,
    /// The function sets that change the meaning on their own: each single
    /// function that does, or else the smallest set that does.
    pub suspects: Vec<Suspect>,
    /// Why no function is named, when none is (the output changes no
    /// function, or only its globals and types change the meaning together
    /// with them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A set of functions whose optimised versions, put into the input in
/// place of the originals, change what the oracle says the program does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suspect {
    /// The functions (one for a function that breaks the program alone).
    pub functions: Vec<String>,
    /// Per function, its text before and after optimisation as a unified
    /// diff (headers `@f before` / `@f after`).
    pub diffs: Vec<String>,
    /// Where the oracle's traces of the input and of the input with these
    /// functions optimised first differ, if found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divergence: Option<Divergence>,
}

/// The first instruction at which the traces of the input and of the
/// input with the suspect functions optimised differ.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Divergence {
    /// Where, in the optimised program (`@f in block entry, instruction 2`).
    pub location: String,
    /// The instruction there, printed.
    pub instruction: String,
    /// What differs: a value (`%x is 0 after optimisation, 5 before`) or
    /// the undefined behaviour the output runs into.
    pub what: String,
    /// The wrong value as numbers, when both are integers: the output's
    /// and the input's (what the icmp probe's explanations are checked
    /// against, `trace::merge_shared_causes`).
    #[serde(skip)]
    pub values: Option<(i64, i64)>,
}

/// One function's printed text (alone in a program).
fn function_text(f: &Fdecl) -> String {
    spec::print(&Prog {
        fdecls: vec![f.clone()],
        ..Prog::default()
    })
}

/// The unified diff of `f`'s text before and after optimisation.
pub fn function_diff(before: &Fdecl, after: &Fdecl) -> String {
    let (a, b) = (function_text(before), function_text(after));
    similar::TextDiff::from_lines(&a, &b)
        .unified_diff()
        .context_radius(DIFF_CONTEXT)
        .header(
            &format!("@{} before", before.name),
            &format!("@{} after", after.name),
        )
        .to_string()
}

/// `input` with the functions named in `set` taken from `output`, and
/// every type, global, function and declaration `output` has and `input`
/// lacks added (an optimised function may use them).
pub fn splice(input: &Prog, output: &Prog, set: &[String]) -> Prog {
    let mut p = input.clone();
    for f in &mut p.fdecls {
        if set.contains(&f.name) {
            if let Some(g) = output.fdecls.iter().find(|g| g.name == f.name) {
                *f = g.clone();
            }
        }
    }
    let types: HashSet<String> = p.tdecls.iter().map(|t| t.name.clone()).collect();
    p.tdecls.extend(
        output
            .tdecls
            .iter()
            .filter(|t| !types.contains(&t.name))
            .cloned(),
    );
    let names: HashSet<String> = p
        .gdecls
        .iter()
        .map(|g| g.name.clone())
        .chain(p.fdecls.iter().map(|f| f.name.clone()))
        .chain(p.edecls.iter().map(|e| e.name.clone()))
        .collect();
    let new = |n: &String| !names.contains(n);
    p.gdecls
        .extend(output.gdecls.iter().filter(|g| new(&g.name)).cloned());
    p.fdecls
        .extend(output.fdecls.iter().filter(|f| new(&f.name)).cloned());
    p.edecls
        .extend(output.edecls.iter().filter(|e| new(&e.name)).cloned());
    p
}

/// The oracle's outcome of `p` when it checks and does not agree with
/// `expected` (a different result, different stdout, undefined behaviour
/// or a limit); `None` when it agrees or does not check.
fn breaks(tools: &Tools, p: &Prog, args: &[String], expected: &Outcome) -> Option<Outcome> {
    spec::check(p).ok()?;
    let o = oracle::run(p, None, args, &tools.oracle);
    (compare(expected, &o) != Category::Pass).then_some(o)
}

/// The candidate sets of `n` changed functions of size 2 and up, smallest
/// first, at most [`MAX_BLAME_SETS`] of them (as index lists).
fn sets(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for k in 2..n {
        let mut idx: Vec<usize> = (0..k).collect();
        loop {
            if out.len() >= MAX_BLAME_SETS {
                return out;
            }
            out.push(idx.clone());
            // The next k-combination in lexicographic order.
            let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
                break;
            };
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
    out
}

/// Which functions of `prog`'s optimised version (by `compiler`) change
/// its meaning on `args`: each changed function is put alone into `prog`
/// and run on the oracle; if none breaks it alone, the smallest set that
/// does (sets of two, three, ... at most [`MAX_BLAME_SETS`], then all
/// changed functions together). `None` when the oracle does not return on
/// `prog` or the optimiser gives no program (a build failure says why).
pub fn blame(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    args: &[String],
    which: &str,
) -> Option<Blame> {
    let expected = expect(tools, prog, args);
    if !matches!(expected, Outcome::Returned { .. }) {
        return None;
    }
    let Ok(Built::Prog {
        prog: output,
        changed,
        ..
    }) = tools.build(compiler, prog)
    else {
        return None;
    };
    let present: Vec<String> = changed
        .into_iter()
        .filter(|n| output.fdecls.iter().any(|f| f.name == *n))
        .collect();
    let blame = |note: Option<String>, suspects| {
        Some(Blame {
            program: which.to_string(),
            suspects,
            note,
        })
    };
    if present.is_empty() {
        return blame(
            Some("the output changes no function that it keeps: the difference is in its globals, types or declarations".into()),
            vec![],
        );
    }
    let suspect = |set: Vec<String>| -> Option<Suspect> {
        let spliced = splice(prog, &output, &set);
        breaks(tools, &spliced, args, &expected)?;
        let diffs = set
            .iter()
            .filter_map(|n| {
                let a = prog.fdecls.iter().find(|f| f.name == *n)?;
                let b = output.fdecls.iter().find(|f| f.name == *n)?;
                Some(function_diff(a, b))
            })
            .collect();
        Some(Suspect {
            divergence: divergence(tools, prog, &spliced, args),
            functions: set,
            diffs,
        })
    };
    let singles: Vec<Suspect> = present
        .iter()
        .filter_map(|n| suspect(vec![n.clone()]))
        .collect();
    if !singles.is_empty() {
        return blame(None, singles);
    }
    let all = std::iter::once(present.clone());
    let tried = sets(present.len())
        .into_iter()
        .map(|ix| ix.into_iter().map(|i| present[i].clone()).collect())
        .chain(all);
    for set in tried {
        if let Some(s) = suspect(set) {
            return blame(None, vec![s]);
        }
    }
    blame(
        Some("no set of the changed functions changes the meaning on its own: the output's globals, types or declarations do, together with them".into()),
        vec![],
    )
}

/// The instruction of `p` at `loc`, printed (a terminator too).
fn instruction_at(p: &Prog, loc: &spec::Location) -> Option<(String, Option<String>)> {
    let f = p.fdecls.iter().find(|f| f.name == loc.function)?;
    let cfg = &f.cfg;
    let block = cfg
        .blocks
        .iter()
        .find(|b| b.label == loc.block && cfg.entry_label.as_deref() != Some(&loc.block))
        .map_or(&cfg.entry, |b| &b.block);
    let env = spec::TypeEnv::new(p);
    match block.insns.get(loc.index) {
        Some(i) => Some((spec::print::print_insn(&env, i), i.result.clone())),
        None => Some((spec::print::print_term(&block.term), None)),
    }
}

/// The local each traced location defines, looked up once per location.
#[derive(Default)]
struct Locals(HashMap<(String, String, usize), Option<String>>);

impl Locals {
    /// The local the instruction of `p` at `loc` defines, if any.
    fn of(&mut self, p: &Prog, loc: &spec::Location) -> Option<String> {
        let k = (loc.function.clone(), loc.block.clone(), loc.index);
        self.0
            .entry(k)
            .or_insert_with(|| instruction_at(p, loc).and_then(|(_, r)| r))
            .clone()
    }
}

/// Where the oracle's traces of `before` and `after` (on `args`, within
/// [`TRACE_FUEL`] steps) first differ: the first local, in the order
/// `after` defines them, whose k-th value differs from the k-th value
/// `before` gives the local of that name in that function; else the
/// undefined behaviour `after` runs into; else `None`. Pointers are
/// compared up to a renaming of the allocations they point into
/// (`Renaming`): an optimiser that removes a dead `alloca`, global or
/// allocation renumbers the others, which changes no value a program can
/// observe.
pub fn divergence(
    tools: &Tools,
    before: &Prog,
    after: &Prog,
    args: &[String],
) -> Option<Divergence> {
    let opts = oracle::Options {
        fuel: TRACE_FUEL.min(tools.oracle.fuel),
        ..tools.oracle.clone()
    };
    type Key = (String, String);
    let mut seen: HashMap<Key, Vec<String>> = HashMap::new();
    let mut names = Locals::default();
    let mut frames = Frames::default();
    oracle::run_with_trace(before, None, args, &opts, &mut |s| {
        frames.step(s);
        if let Some(v) = &s.result {
            if let Some(l) = names.of(before, &s.location) {
                seen.entry((s.location.function.clone(), l))
                    .or_default()
                    .push(frames.owned(v));
            }
        }
    });
    let mut names = Locals::default();
    let mut frames = Frames::default();
    let mut renaming = Renaming::default();
    let mut count: HashMap<Key, usize> = HashMap::new();
    let mut first: Option<Divergence> = None;
    let (outcome, _) = oracle::run_with_trace(after, None, args, &opts, &mut |s| {
        if first.is_some() {
            return;
        }
        frames.step(s);
        let Some(v) = &s.result else { return };
        let Some(l) = names.of(after, &s.location) else {
            return;
        };
        let key = (s.location.function.clone(), l.clone());
        let k = count.entry(key.clone()).or_default();
        let old = seen.get(&key).and_then(|vs| vs.get(*k));
        *k += 1;
        let now = frames.owned(v);
        if let Some(old) = old.filter(|old| !renaming.agrees(old, &now)) {
            first = Some(Divergence {
                location: s.location.to_string(),
                instruction: instruction_at(after, &s.location).map_or_else(String::new, |x| x.0),
                what: format!("%{l} is {now} after optimisation, {old} before"),
                values: now.parse().ok().zip(old.parse().ok()),
            });
        }
    });
    first.or_else(|| match &outcome {
        Outcome::Undefined { kind, location, .. } => Some(Divergence {
            location: location.to_string(),
            instruction: instruction_at(after, location).map_or_else(String::new, |x| x.0),
            what: format!("the output has undefined behaviour: {}", kind.name()),
            values: None,
        }),
        _ => None,
    })
}

/// The functions whose frames are live during a trace, by depth: a
/// traced pointer into `frame#D` points into the frame of the function
/// running at depth `D`.
#[derive(Default)]
struct Frames(Vec<String>);

impl Frames {
    /// Follows the trace to step `s` (the function running at its depth).
    fn step(&mut self, s: &oracle::TraceStep) {
        self.0.truncate(s.depth + 1);
        match self.0.get_mut(s.depth) {
            Some(f) if *f == s.location.function => {}
            Some(f) => *f = s.location.function.clone(),
            None => {
                self.0.resize(s.depth, String::new());
                self.0.push(s.location.function.clone());
            }
        }
    }

    /// The traced value `v` with each frame named by its function instead
    /// of its depth (`ptr(frame#1, [3])` while `@f` runs at depth 1 is
    /// `ptr(frame@f, [3])`): the same slot of the same function, whichever
    /// call it is.
    fn owned(&self, v: &str) -> String {
        let Some(rest) = v.strip_prefix("ptr(frame#") else {
            return v.to_string();
        };
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        match rest[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|d| self.0.get(d))
        {
            Some(f) => format!("ptr(frame@{f}{}", &rest[digits..]),
            None => v.to_string(),
        }
    }
}

/// A traced pointer split where an optimiser may renumber: the
/// allocation it points into (a global, a heap allocation, a function, or
/// one slot of a function's frame: `frame@f[3]`) and the path within it
/// (`[0, 1]`). `None` for a value that is not a pointer.
fn allocation(v: &str) -> Option<(String, String)> {
    let inner = v.strip_prefix("ptr(")?.strip_suffix(')')?;
    let (block, path) = match inner.split_once(", [") {
        Some((b, p)) => (b, p.strip_suffix(']')?),
        None => (inner, ""),
    };
    let mut steps: Vec<&str> = path.split(", ").filter(|p| !p.is_empty()).collect();
    if block.starts_with("frame@") && !steps.is_empty() {
        let slot = steps.remove(0);
        return Some((format!("{block}[{slot}]"), steps.join(", ")));
    }
    Some((block.to_string(), steps.join(", ")))
}

/// A one-to-one renaming of the allocations of `before`'s trace into
/// those of `after`'s, built as pointers are compared: two pointers
/// agree when they point to the same place within allocations that
/// correspond (the first pair seen sets the correspondence; `null` and a
/// freed frame stand for themselves). An optimiser that removes a dead
/// `alloca` shifts the frame's other slots (`ptr(frame#1, [3])` before
/// is `ptr(frame#1, [1])` after): a renaming, not a wrong value.
#[derive(Default)]
struct Renaming {
    forward: HashMap<String, String>,
    back: HashMap<String, String>,
}

impl Renaming {
    /// True when `before` and `after` (traced values, frames named by
    /// their functions) are the same value up to the renaming, which they
    /// extend.
    fn agrees(&mut self, before: &str, after: &str) -> bool {
        let (Some((a, path_a)), Some((b, path_b))) = (allocation(before), allocation(after)) else {
            return before == after;
        };
        if path_a != path_b {
            return false;
        }
        let fixed = |r: &str| r == "null" || r == "freed frame";
        if fixed(&a) || fixed(&b) {
            return a == b;
        }
        match (self.forward.get(&a), self.back.get(&b)) {
            (None, None) => {
                self.forward.insert(a.clone(), b.clone());
                self.back.insert(b, a);
                true
            }
            (Some(x), Some(y)) => *x == b && *y == a,
            _ => false,
        }
    }
}

/// The blame of each failing optimiser run of `results` (its first
/// failing run; the reduced program when it was reduced, else the
/// original), in parallel on `jobs` threads: per result, the run's index
/// and its blame. Empty unless `compiler` is an optimiser; failures with
/// no program to examine (a build failure)
/// have none, and so do those not reached before `stop` says to stop (an
/// interrupt, the campaign's time budget).
pub fn blame_results(
    tools: &Tools,
    compiler: &Compiler,
    results: &[CaseResult],
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Vec<Option<(usize, Blame)>> {
    if !matches!(compiler, Compiler::Optimiser { .. }) {
        return vec![];
    }
    let one = |r: &CaseResult| -> Option<(usize, Blame)> {
        let i = r.first_failure()?;
        let ran = matches!(
            r.verdicts.get(i),
            Some(RunVerdict::Judged {
                actual: Some(_),
                ..
            })
        );
        if !ran || interrupted() || stop() {
            return None;
        }
        let args = r.case.args(i);
        let (prog, which) = match &r.reduced {
            Some((j, red)) if *j == i => (&red.prog, "reduced"),
            _ => (&r.case.prog, "original"),
        };
        let b = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            blame(tools, compiler, prog, &args, which)
        }));
        Some((i, b.ok()??))
    };
    super::threads::on_threads(jobs, || results.par_iter().map(one).collect())
}

/// One program's oracle steps before and after optimisation, summed over
/// its runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramSteps {
    /// The program's name.
    pub program: String,
    /// Steps of the input.
    pub input: u64,
    /// Steps of the optimiser's output.
    pub output: u64,
    /// `output / input`, rounded to 4 decimals.
    pub ratio: f64,
}

/// What an optimiser saved over a campaign, in the oracle's executed
/// instructions (docs/grading.md): programs count when every judged run
/// passes (savings of a wrong output mean nothing).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Savings {
    /// Every program counted, in campaign order.
    pub programs: Vec<ProgramSteps>,
    /// The geometric mean of the ratios, rounded to 4 decimals.
    pub geometric_mean: f64,
    /// Programs that run fewer steps after optimisation.
    pub improved: usize,
    /// Programs that run as many.
    pub unchanged: usize,
    /// Programs that run more.
    pub slower: usize,
    /// The (at most) three programs made slowest, the largest ratio first
    /// (ties: campaign order).
    pub biggest_slowdowns: Vec<ProgramSteps>,
    /// Judged programs not counted: some run failed.
    pub left_out: usize,
}

/// The number of slow-downs a report names.
pub const SLOWDOWNS_SHOWN: usize = 3;

/// `x` rounded to 4 decimals (so that figures read the same everywhere).
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// One program for [`savings`]: its name and, per judged run, the step
/// counts (`None` for a run that failed).
pub type ProgramRuns = (String, Vec<Option<Steps>>);

/// The savings of `programs`, in campaign order; `None` when no program
/// counts.
pub fn savings(programs: &[ProgramRuns]) -> Option<Savings> {
    let mut counted = Vec::new();
    let mut left_out = 0;
    for (name, runs) in programs {
        if runs.is_empty() {
            continue;
        }
        let Some(steps) = runs.iter().copied().collect::<Option<Vec<_>>>() else {
            left_out += 1;
            continue;
        };
        let input: u64 = steps.iter().map(|s| s.input).sum();
        let output: u64 = steps.iter().map(|s| s.output).sum();
        if input == 0 {
            continue;
        }
        counted.push((name.clone(), input, output));
    }
    if counted.is_empty() {
        return None;
    }
    let logs: f64 = counted
        .iter()
        .map(|(_, i, o)| (*o as f64 / *i as f64).ln())
        .sum();
    let geometric_mean = round4((logs / counted.len() as f64).exp());
    let record = |(name, input, output): &(String, u64, u64)| ProgramSteps {
        program: name.clone(),
        input: *input,
        output: *output,
        ratio: round4(*output as f64 / *input as f64),
    };
    let programs: Vec<ProgramSteps> = counted.iter().map(record).collect();
    let mut slower: Vec<&(String, u64, u64)> = counted.iter().filter(|(_, i, o)| o > i).collect();
    // The largest ratio first, compared exactly: o1/i1 > o2/i2 iff
    // o1*i2 > o2*i1.
    slower.sort_by(|a, b| (b.2 as u128 * a.1 as u128).cmp(&(a.2 as u128 * b.1 as u128)));
    Some(Savings {
        geometric_mean,
        improved: counted.iter().filter(|(_, i, o)| o < i).count(),
        unchanged: counted.iter().filter(|(_, i, o)| o == i).count(),
        slower: slower.len(),
        biggest_slowdowns: slower
            .into_iter()
            .take(SLOWDOWNS_SHOWN)
            .map(record)
            .collect(),
        programs,
        left_out,
    })
}

/// How a course scores savings on Gradescope: `points` for a geometric
/// mean ratio at or below `target`, none at 1 (no gain) or above, linear
/// between.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavingsScoring {
    /// The points of the savings test.
    pub points: f64,
    /// The geometric mean ratio that earns them all (below 1).
    pub target: f64,
}

impl SavingsScoring {
    /// The savings scoring a command line asks for (`--opt-points`,
    /// `--opt-target`): none without points; `Err` for points below 0 or a
    /// target outside (0, 1).
    pub fn from_options(
        points: Option<f64>,
        target: f64,
    ) -> Result<Option<SavingsScoring>, String> {
        let Some(points) = points else {
            return Ok(None);
        };
        if !(points.is_finite() && points >= 0.0) {
            return Err(format!("--opt-points {points}: must be 0 or more"));
        }
        if !(target > 0.0 && target < 1.0) {
            return Err(format!(
                "--opt-target {target}: must be above 0 and below 1 (a ratio of steps after over before)"
            ));
        }
        Ok(Some(SavingsScoring { points, target }))
    }

    /// The score of a geometric mean ratio `g`, rounded to 2 decimals.
    pub fn score(&self, g: f64) -> f64 {
        let share = if g <= self.target {
            1.0
        } else {
            ((1.0 - g) / (1.0 - self.target)).clamp(0.0, 1.0)
        };
        (self.points * share * 100.0).round() / 100.0
    }
}

#[cfg(test)]
mod tests {
    use super::SavingsScoring;

    // `--opt-points` and `--opt-target` as docs/grading.md defines them:
    // no points, no savings test; points >= 0; a target strictly between 0
    // and 1 (a ratio of steps after over before).
    #[test]
    fn savings_options_are_read_as_the_docs_define_them() {
        assert_eq!(SavingsScoring::from_options(None, 0.9), Ok(None));
        assert!(SavingsScoring::from_options(Some(-1.0), 0.9).is_err());
        assert!(SavingsScoring::from_options(Some(5.0), 1.0).is_err());
        assert!(SavingsScoring::from_options(Some(5.0), 0.0).is_err());
        assert_eq!(
            SavingsScoring::from_options(Some(0.0), 0.5),
            Ok(Some(SavingsScoring {
                points: 0.0,
                target: 0.5
            }))
        );
    }
}

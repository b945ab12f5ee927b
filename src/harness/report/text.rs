//! The terminal report: each failure group once (its size, its programs,
//! one example with expected and actual behaviour, the compiler's words and
//! the reduced program), then the table of categories and the summary line.

use super::{Group, ReducedRecord, Report, Summary};
use crate::harness::optimiser::{Blame, Savings};
use crate::harness::verdicts::{slug, Category};
use std::fmt::Write as _;
use toolchain::shell::quote as shell_quote;

/// Groups shown in full; the rest get one line each.
const FULL_GROUPS: usize = 20;
/// Program names listed per group.
const NAMES_LISTED: usize = 8;
/// The width of the table's first column: room for the longest category
/// name (`compile timeout`) and the other rows' names.
const NAME_WIDTH: usize = 30;
/// Lines of the compiler's words quoted per example.
const DETAIL_LINES: usize = 12;

/// ANSI colour `code` around `s` when `color`.
fn paint(s: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

/// `a, b, c (and N more)`: at most [`NAMES_LISTED`] names.
pub fn names(programs: &[String]) -> String {
    let shown: Vec<&str> = programs
        .iter()
        .take(NAMES_LISTED)
        .map(String::as_str)
        .collect();
    let more = programs.len() - shown.len();
    let mut t = shown.join(", ");
    if more > 0 {
        let _ = write!(t, " (and {more} more)");
    }
    t
}

/// One group's header: `[category] signature: R runs in P programs`.
pub fn group_title(g: &Group) -> String {
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    format!(
        "[{}] {}: {} in {}",
        g.category,
        g.signature,
        plural(g.runs, "run"),
        plural(g.programs.len(), "program")
    )
}

/// The course's recipe `template` for the program file `file` run with
/// `args`: `{file}` and `{args}` replaced (the arguments shell-quoted).
pub fn recipe(template: &str, file: &str, args: &[String]) -> String {
    let args: Vec<String> = args.iter().map(|a| shell_quote(a)).collect();
    template
        .replace("{file}", &shell_quote(file))
        .replace("{args}", &args.join(" "))
}

/// One group's body, each line indented by two spaces: the programs, the
/// example's expected and actual behaviour, the compiler's words, the
/// program (reduced, or as sent when it was not reduced) and how to
/// reproduce it, in the course's own terms when `reproduce` (the course's
/// recipe, see [`recipe`]) is given. Shared by the terminal and the
/// Gradescope report.
pub fn group_body(g: &Group, reproduce: Option<&str>) -> String {
    let mut t = String::new();
    let e = &g.example;
    let f = &e.failure;
    let _ = writeln!(t, "  programs: {}", names(&g.programs));
    let _ = writeln!(
        t,
        "  example: {} (run {}, args {:?})",
        e.program, e.run, e.args
    );
    let label = format!("{}:", f.expected_label());
    let _ = writeln!(t, "  {label:<18} {}", f.expected);
    let _ = writeln!(t, "  actual:            {}", f.actual);
    if let Some(trace) = &f.trace {
        let _ = writeln!(t, "  traced: {trace}");
    }
    let lines: Vec<&str> = f.detail.lines().collect();
    for line in lines.iter().take(DETAIL_LINES) {
        let _ = writeln!(t, "  | {line}");
    }
    if lines.len() > DETAIL_LINES {
        let _ = writeln!(t, "  | ... {} lines more", lines.len() - DETAIL_LINES);
    }
    if !f.changed_functions.is_empty() {
        let _ = writeln!(
            t,
            "  functions whose text changed: {}",
            f.changed_functions.join(", ")
        );
    }
    match &f.reduced {
        Some(red) => {
            let _ = writeln!(t, "  reduced to {}:", red.how);
            reduced_lines(&mut t, red);
            let file = red
                .saved
                .as_deref()
                .and_then(|s| std::path::Path::new(s).file_name())
                .map_or_else(|| "failing.ll".into(), |n| n.to_string_lossy().into_owned());
            course_recipe(&mut t, reproduce, &file, &e.args);
            if let Some(b) = &f.blame {
                blame_lines(&mut t, b);
            }
        }
        None => {
            let why = if let Some(why) = &f.not_reduced {
                why.as_str()
            } else if g.category == Category::CompileTimeout.name() {
                "compile timeouts are not reduced: each try would cost a whole timeout"
            } else {
                "the reduction budget went to larger groups, or the failure did not repeat"
            };
            let _ = writeln!(t, "  (not reduced: {why})");
            if let Some(text) = &f.program {
                let _ = writeln!(t, "  the program, as the compiler was sent it:");
                for line in text.lines() {
                    let _ = writeln!(t, "    {line}");
                }
            }
            if e.program.starts_with("corpus/") {
                let _ = writeln!(
                    t,
                    "  print it with: lloracle corpus show {}",
                    shell_quote(&e.program)
                );
            }
            let file = format!("{}.ll", slug(&e.program));
            course_recipe(&mut t, reproduce, &file, &e.args);
        }
    }
    if let (None, Some(b)) = (&f.reduced, &f.blame) {
        blame_lines(&mut t, b);
    }
    for e in &g.more_examples {
        let Some(red) = &e.failure.reduced else {
            continue;
        };
        let _ = writeln!(
            t,
            "  another reduced example, from {} (run {}), {}:",
            e.program, e.run, red.how
        );
        reduced_lines(&mut t, red);
    }
    t
}

/// Which functions an optimiser broke: each suspect's names, its diff
/// before and after optimisation, and the first divergence of the traces.
fn blame_lines(t: &mut String, b: &Blame) {
    if let Some(note) = &b.note {
        let _ = writeln!(
            t,
            "  broken function: none found in the {} program: {note}",
            b.program
        );
    }
    for s in &b.suspects {
        let names: Vec<String> = s.functions.iter().map(|f| format!("@{f}")).collect();
        let how = if s.functions.len() == 1 {
            "its optimised version alone changes the meaning"
        } else {
            "their optimised versions together change the meaning; none does alone"
        };
        let _ = writeln!(
            t,
            "  broken function{}: {} ({how}; {} program)",
            if s.functions.len() == 1 { "" } else { "s" },
            names.join(", "),
            b.program
        );
        for d in &s.diffs {
            for line in d.lines() {
                let _ = writeln!(t, "    {line}");
            }
        }
        match &s.divergence {
            Some(d) => {
                let _ = writeln!(
                    t,
                    "  first divergence: {}: `{}`: {}",
                    d.location, d.instruction, d.what
                );
            }
            None => {
                let _ = writeln!(
                    t,
                    "  first divergence: no local defined on both sides differs within the traced steps"
                );
            }
        }
    }
}

/// What an optimiser saved, in lines: the geometric mean ratio of the
/// oracle's steps, the programs improved / unchanged / made slower and the
/// biggest slow-downs. Shared by the terminal and the Gradescope report.
pub fn savings_lines(s: &Savings) -> String {
    let mut t = String::new();
    let input: u64 = s.programs.iter().map(|p| p.input).sum();
    let output: u64 = s.programs.iter().map(|p| p.output).sum();
    let _ = writeln!(
        t,
        "optimisation (oracle steps, {} programs whose runs all pass): geometric mean ratio {:.4}; {} improved, {} unchanged, {} slower; {input} steps before, {output} after",
        s.programs.len(),
        s.geometric_mean,
        s.improved,
        s.unchanged,
        s.slower
    );
    if s.left_out > 0 {
        let _ = writeln!(
            t,
            "  ({} programs with a failing run not counted)",
            s.left_out
        );
    }
    for p in &s.biggest_slowdowns {
        let _ = writeln!(
            t,
            "  slower: {} (ratio {:.4}: {} -> {} steps)",
            p.program, p.ratio, p.input, p.output
        );
    }
    t
}

/// The course's recipe for `file` with `args`, when there is one.
fn course_recipe(t: &mut String, reproduce: Option<&str>, file: &str, args: &[String]) {
    if let Some(template) = reproduce {
        let _ = writeln!(
            t,
            "  reproduce with your compiler: save the program as {file}, then run: {}",
            recipe(template, file, args)
        );
    }
}

/// A reduced program, indented, with the oracle's and the compiled
/// program's behaviour on it, where it was saved and how to reproduce it.
fn reduced_lines(t: &mut String, red: &ReducedRecord) {
    for line in red.program.lines() {
        let _ = writeln!(t, "    {line}");
    }
    let _ = writeln!(t, "  reduced, oracle:   {}", red.expected);
    let _ = writeln!(t, "  reduced, actual:   {}", red.actual);
    if let Some(s) = &red.saved {
        let _ = writeln!(t, "  saved: {s}");
    }
    if let Some(c) = &red.reproduce {
        let _ = writeln!(t, "  reproduce: {c}");
    }
}

/// `485 programs (612 runs): 438 passed, 0 failed, 60 skipped`: programs
/// and runs counted separately; the verdicts count runs.
pub fn summary_line(s: &Summary) -> String {
    let mut line = format!(
        "{} programs ({} runs): {} passed, {} failed, {} skipped",
        s.programs, s.runs, s.passed, s.failed, s.skipped
    );
    if s.not_in_dialect > 0 {
        line.push_str(&format!(
            "; {} runs not in the dialect (not sent)",
            s.not_in_dialect
        ));
    }
    if s.not_run > 0 {
        line.push_str(&format!(
            "; {} runs of {} programs not reached (stopped early; they count as not passed)",
            s.not_run, s.not_run_programs
        ));
    }
    line
}

/// The table of runs per category (every category, then any other verdict
/// name a merged report carries), the skipped runs, and the summary line.
pub fn table(s: &Summary) -> String {
    const W: usize = NAME_WIDTH;
    let mut t = String::new();
    let _ = writeln!(t, "{:<W$} {:>7}", "category", "runs");
    let kind: &[Category] = if s.front_end {
        &Category::FRONT_END
    } else {
        &Category::BACK_END
    };
    let known: Vec<&str> = kind.iter().map(|c| c.name()).collect();
    let others = s.categories.keys().filter(|k| !known.contains(&k.as_str()));
    for name in known.iter().copied().chain(others.map(String::as_str)) {
        let n = s.categories.get(name).copied().unwrap_or(0);
        let _ = writeln!(t, "{name:<W$} {n:>7}");
    }
    if !s.front_end {
        let _ = writeln!(t, "{:<W$} {:>7}", "skipped (UB/limit)", s.skipped);
    }
    if s.not_run > 0 {
        let _ = writeln!(
            t,
            "{:<W$} {:>7}   not reached: the campaign stopped early",
            "not run", s.not_run
        );
    }
    if s.not_in_dialect > 0 {
        let by: Vec<String> = s
            .not_in_dialect_by_feature
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        let _ = writeln!(
            t,
            "{:<W$} {:>7}   not sent, not failures: {}",
            "not in dialect",
            s.not_in_dialect,
            by.join(", ")
        );
    }
    t
}

/// The terminal report of a campaign `test-compiler` ran ([`text`]), with
/// the corpus files skipped on purpose and the campaign's speed.
pub fn campaign_text(r: &Report, color: bool) -> String {
    let mut t = text(r, color);
    if r.bad_files > 0 {
        let _ = writeln!(
            t,
            "({} corpus files skipped: ill-typed or malformed on purpose)",
            r.bad_files
        );
    }
    let n = r.programs.len();
    let _ = writeln!(
        t,
        "{n} programs in {:.1}s ({:.0} programs/s)",
        r.elapsed_secs,
        n as f64 / r.elapsed_secs.max(1e-9)
    );
    t
}

/// The terminal report; `color` paints the verdicts (for a terminal
/// without `NO_COLOR`).
pub fn text(r: &Report, color: bool) -> String {
    let mut t = String::new();
    let groups = r.groups();
    for g in groups.iter().take(FULL_GROUPS) {
        let _ = writeln!(t, "{} {}", paint("FAIL", "1;31", color), group_title(g));
        t.push_str(&group_body(g, r.reproduce.as_deref()));
        t.push('\n');
    }
    if groups.len() > FULL_GROUPS {
        let _ = writeln!(t, "{} more failure groups:", groups.len() - FULL_GROUPS);
        for g in &groups[FULL_GROUPS..] {
            let _ = writeln!(t, "  {} ({})", group_title(g), names(&g.programs));
        }
        t.push('\n');
    }
    let s = r.summary();
    let _ = writeln!(t, "compiler under test: {}", r.compiler);
    for line in r.isolation_lines() {
        let _ = writeln!(t, "{line}");
    }
    if let Some(shard) = &r.shard {
        let _ = writeln!(
            t,
            "shard {shard} of the campaign (`lloracle merge` joins the shards' JSON reports)"
        );
    }
    if r.interrupted {
        let _ = writeln!(
            t,
            "INTERRUPTED: the report covers the programs that finished"
        );
    }
    for line in r
        .dialect_line()
        .into_iter()
        .chain(r.runtime_line())
        .chain(r.memory_line())
        .chain(r.flaky_line())
    {
        let _ = writeln!(t, "{line}");
    }
    if let Some(why) = &r.stopped_early {
        let _ = writeln!(t, "STOPPED EARLY: {why}");
    }
    for n in r.note_lines().into_iter().chain(r.reference_notes()) {
        let _ = writeln!(t, "{n}");
    }
    for p in &r.corpus_problems {
        let _ = writeln!(t, "CORPUS PROBLEM: {p}");
    }
    for u in &r.unmasked {
        let _ = writeln!(
            t,
            "UNMASKED: {} programs without a {} were also sent: all {} programs with one fail as {}",
            u.sent, u.construct, u.programs, u.group
        );
    }
    for e in &r.internal_errors {
        let _ = writeln!(t, "INTERNAL ERROR (please report): {e}");
    }
    t.push_str(&table(&s));
    if let Some(sv) = r.savings() {
        t.push_str(&savings_lines(&sv));
    }
    let line = summary_line(&s);
    let line = if s.failed > 0 {
        paint(&line, "31", color)
    } else {
        paint(&line, "32", color)
    };
    let _ = writeln!(t, "{line}; {} failure groups", groups.len());
    t
}

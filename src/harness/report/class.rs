//! The class at a glance: `class.csv` (one row per student: score,
//! percentage, judged runs, not in dialect, stopped early, failed runs per
//! category), the causes shared across the class (each cause one failure
//! group signature: how many students, which, one example), the terminal
//! table and a self-contained `class.html` (students sorted by score, each
//! one's failure groups expandable, each cause linked to the students who
//! share it). See docs/grading.md, "The class at a glance".

use super::Group;
use crate::harness::group::first_error_line;
use crate::harness::verdicts::Category;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How a submission's build went.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Build {
    /// No `--build`.
    NotBuilt,
    /// Built.
    Ok,
    /// The build failed: its status and words (capped).
    Failed(String),
}

/// The first failing run of one category for a student.
#[derive(Clone, Debug, Serialize)]
pub struct FirstFailure {
    /// The program.
    pub program: String,
    /// The run.
    pub run: String,
    /// Its failure group's signature.
    pub signature: String,
    /// Where its reduced program was saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduced: Option<String>,
}

/// One student's line of the class summary.
#[derive(Clone, Debug, Serialize)]
pub struct StudentResult {
    /// The submission's directory name.
    pub student: String,
    /// Its report folder.
    pub folder: String,
    /// How its build went.
    pub build: Build,
    /// The scaled score (the sum of the Gradescope tests' scores).
    pub score: f64,
    /// The assignment's points (`--points`).
    pub max_score: f64,
    /// `score` in percent of `max_score`.
    pub percent: f64,
    /// Programs sent.
    pub programs: usize,
    /// Their runs.
    pub runs: usize,
    /// Runs judged (passed + failed).
    pub judged: usize,
    /// Runs passed.
    pub passed: usize,
    /// Runs failed.
    pub failed: usize,
    /// Runs skipped (the oracle does not return).
    pub skipped: usize,
    /// Runs of programs not reached (count as not passed).
    pub not_run: usize,
    /// Runs of programs not sent (no equivalent in the dialect).
    pub not_in_dialect: usize,
    /// Why the campaign stopped before its last program, if it did.
    pub stopped_early: Option<String>,
    /// Failure groups.
    pub failure_groups: usize,
    /// Runs per verdict (passes included).
    pub categories: BTreeMap<String, usize>,
    /// Per failing category, its first failure in campaign order.
    pub first_failures: BTreeMap<String, FirstFailure>,
    /// The failure groups, largest first, each with its example.
    pub groups: Vec<GroupLine>,
}

/// Program names kept per group line.
const NAMES_KEPT: usize = 8;

/// One failure group of a student, as the class summary shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GroupLine {
    /// The category's name.
    pub category: String,
    /// The key within it.
    pub signature: String,
    /// Failing runs in the group.
    pub runs: usize,
    /// Programs in the group.
    pub programs: usize,
    /// The first few of them.
    pub names: Vec<String>,
    /// The example's program name.
    pub example: String,
    /// The example's program text: the reduced one, or as sent.
    pub text: Option<String>,
    /// True when `text` is a reduced program.
    pub reduced: bool,
    /// The oracle's behaviour on it.
    pub expected: String,
    /// What the compiled program did.
    pub actual: String,
}

impl GroupLine {
    /// The line of group `g`.
    pub fn of(g: &Group) -> GroupLine {
        let f = &g.example.failure;
        let (text, reduced, expected, actual) = match &f.reduced {
            Some(red) => (
                Some(red.program.clone()),
                true,
                red.expected.clone(),
                red.actual.clone(),
            ),
            None => (
                f.program.clone(),
                false,
                f.expected.clone(),
                f.actual.clone(),
            ),
        };
        GroupLine {
            category: g.category.clone(),
            signature: g.signature.clone(),
            runs: g.runs,
            programs: g.programs.len(),
            names: g.programs.iter().take(NAMES_KEPT).cloned().collect(),
            example: g.example.program.clone(),
            text,
            reduced,
            expected,
            actual,
        }
    }

    /// `[category] signature`.
    fn title(&self) -> String {
        format!("[{}] {}", self.category, self.signature)
    }
}

/// A cause across the class: one failure-group signature, the students
/// whose reports have it, and one example (a reduced one when any).
#[derive(Clone, Debug, Serialize)]
pub struct Cause {
    /// Its anchor in class.html (`cause-N`).
    pub id: String,
    /// The category's name.
    pub category: String,
    /// The signature.
    pub signature: String,
    /// The students (by name) who share it, in class order.
    pub students: Vec<String>,
    /// Their folders (parallel to `students`).
    pub folders: Vec<String>,
    /// Failing runs with this cause across the class.
    pub runs: usize,
    /// One example.
    pub example: GroupLine,
}

/// The causes of `rows`' failure groups, shared by the most students
/// first (ties: the most runs, then the first met).
pub fn causes(rows: &[StudentResult]) -> Vec<Cause> {
    let mut causes: Vec<Cause> = Vec::new();
    let mut at: BTreeMap<(String, String), usize> = BTreeMap::new();
    for s in rows {
        for g in &s.groups {
            let key = (g.category.clone(), g.signature.clone());
            let k = *at.entry(key).or_insert_with(|| {
                causes.push(Cause {
                    id: String::new(),
                    category: g.category.clone(),
                    signature: g.signature.clone(),
                    students: vec![],
                    folders: vec![],
                    runs: 0,
                    example: g.clone(),
                });
                causes.len() - 1
            });
            let c = &mut causes[k];
            c.students.push(s.student.clone());
            c.folders.push(s.folder_name());
            c.runs += g.runs;
            if !c.example.reduced && g.reduced {
                c.example = g.clone();
            }
        }
    }
    causes.sort_by_key(|c| {
        (
            std::cmp::Reverse(c.students.len()),
            std::cmp::Reverse(c.runs),
        )
    });
    for (k, c) in causes.iter_mut().enumerate() {
        c.id = format!("cause-{}", k + 1);
    }
    causes
}

impl StudentResult {
    /// The last component of the student's folder (its anchor too).
    fn folder_name(&self) -> String {
        std::path::Path::new(&self.folder)
            .file_name()
            .map_or_else(|| self.folder.clone(), |n| n.to_string_lossy().into())
    }
}

/// One CSV field (RFC 4180): quoted when it holds a comma, quote or newline.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The failure categories, in report order.
fn failure_categories() -> impl Iterator<Item = &'static str> {
    Category::all()
        .filter(|c| *c != Category::Pass)
        .map(Category::name)
}

fn build_word(b: &Build) -> &'static str {
    match b {
        Build::NotBuilt => "-",
        Build::Ok => "ok",
        Build::Failed(_) => "FAILED",
    }
}

/// `yes` or `no`.
fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The student's causes in one line: `[crash] killed by signal 11 (3
/// programs); ...`, or the build's first error line.
fn causes_line(s: &StudentResult) -> String {
    match &s.build {
        Build::Failed(words) => format!(
            "build failed ({}): {}",
            words.lines().next().unwrap_or(""),
            first_error_line(words).unwrap_or("no message")
        ),
        _ => s
            .groups
            .iter()
            .map(|g| format!("{} ({} programs)", g.title(), g.programs))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// The class summary as CSV: one row per student.
pub fn class_csv(rows: &[StudentResult]) -> String {
    let mut t = String::from(
        "student,build,score,max_score,percent,programs,runs,judged_runs,passed,failed,skipped,not_in_dialect,not_run,stopped_early",
    );
    for c in failure_categories() {
        let _ = write!(t, ",{}", csv_field(c));
    }
    t.push_str(",failure_groups,causes,folder\n");
    for s in rows {
        let _ = write!(
            t,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            csv_field(&s.student),
            build_word(&s.build),
            s.score,
            s.max_score,
            s.percent,
            s.programs,
            s.runs,
            s.judged,
            s.passed,
            s.failed,
            s.skipped,
            s.not_in_dialect,
            s.not_run,
            yes(s.stopped_early.is_some())
        );
        for c in failure_categories() {
            let _ = write!(t, ",{}", s.categories.get(c).copied().unwrap_or(0));
        }
        let _ = writeln!(
            t,
            ",{},{},{}",
            s.failure_groups,
            csv_field(&causes_line(s)),
            csv_field(&s.folder)
        );
    }
    t
}

/// Causes listed in the terminal table.
const CAUSES_SHOWN: usize = 10;

/// The class summary for the terminal: one line per student (score,
/// judged runs, stopped early), then the causes shared by the most.
pub fn class_table(rows: &[StudentResult], causes: &[Cause], color: bool) -> String {
    let width = rows
        .iter()
        .map(|s| s.student.len())
        .max()
        .unwrap_or(7)
        .max(7);
    let mut t = format!(
        "{:<width$} {:>6} {:>8} {:>6} {:>7} {:>7} {:>7} {:>6}  causes\n",
        "student", "build", "score", "%", "judged", "failed", "not run", "groups"
    );
    for s in rows {
        let mut line = format!(
            "{:<width$} {:>6} {:>8} {:>6} {:>7} {:>7} {:>7} {:>6}  {}",
            s.student,
            build_word(&s.build),
            s.score,
            s.percent,
            s.judged,
            s.failed,
            s.not_run,
            s.failure_groups,
            causes_line(s)
        );
        if s.stopped_early.is_some() {
            line = format!("{line}  STOPPED EARLY");
        }
        let bad = s.failed > 0 || s.not_run > 0 || matches!(s.build, Build::Failed(_));
        if color && bad {
            let _ = writeln!(t, "\x1b[31m{line}\x1b[0m");
        } else {
            let _ = writeln!(t, "{line}");
        }
    }
    if !causes.is_empty() {
        let _ = writeln!(t, "\ncauses across the class (students, runs, cause):");
        for c in causes.iter().take(CAUSES_SHOWN) {
            let _ = writeln!(
                t,
                "{:>4} {:>6}  [{}] {}: {}",
                c.students.len(),
                c.runs,
                c.category,
                c.signature,
                c.students.join(", ")
            );
        }
        if causes.len() > CAUSES_SHOWN {
            let _ = writeln!(
                t,
                "  ... {} more causes in class.html",
                causes.len() - CAUSES_SHOWN
            );
        }
    }
    t
}

/// `s` escaped for HTML text and attribute values.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '&' => o.push_str("&amp;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// A group's example as HTML: the program, expected and actual.
fn example_html(g: &GroupLine) -> String {
    let mut t = String::new();
    let _ = write!(
        t,
        "<p>example: <code>{}</code>{}</p>",
        esc(&g.example),
        if g.reduced { " (reduced)" } else { "" }
    );
    if let Some(text) = &g.text {
        let _ = write!(t, "<pre class=\"program\">{}</pre>", esc(text));
    }
    let _ = write!(
        t,
        "<p>expected (oracle): {}<br>actual: {}</p>",
        esc(&g.expected),
        esc(&g.actual)
    );
    t
}

/// The most causes the student x cause matrix shows (those shared by the
/// most students); the rest are in the table of causes below it.
pub const MATRIX_CAUSES: usize = 24;

/// The score distribution as a picture: an inline SVG histogram of the
/// students' percentages in ten bands (0-9, 10-19, ..., 90-100), each bar
/// labelled with its count, with the median in words.
pub fn score_picture(rows: &[StudentResult]) -> String {
    let mut bands = [0usize; 10];
    for s in rows {
        let b = ((s.percent / 10.0).floor() as usize).min(9);
        bands[b] += 1;
    }
    let most = bands.iter().copied().max().unwrap_or(0).max(1);
    let (w, h, bar, top) = (420usize, 160usize, 38usize, 20usize);
    let mut t = format!(
        "<h2>Scores</h2>\n<svg id=\"scores\" role=\"img\" width=\"{w}\" height=\"{}\" viewBox=\"0 0 {w} {}\" \
         aria-label=\"score distribution of {} students\" style=\"font:11px sans-serif\">\n",
        h + 30,
        h + 30,
        rows.len()
    );
    for (k, &n) in bands.iter().enumerate() {
        let bh = n * (h - top) / most;
        let x = 10 + k * (bar + 3);
        let y = h - bh;
        let _ = writeln!(
            t,
            "<rect class=\"band\" x=\"{x}\" y=\"{y}\" width=\"{bar}\" height=\"{bh}\" fill=\"#4a7fb5\"><title>{n} students scored {}-{}%</title></rect>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{n}</text>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            k * 10,
            if k == 9 { 100 } else { k * 10 + 9 },
            x + bar / 2,
            y.saturating_sub(3),
            x + bar / 2,
            h + 14,
            k * 10
        );
    }
    let _ = writeln!(t, "<text x=\"10\" y=\"{}\">score (%)</text></svg>", h + 28);
    let mut pct: Vec<f64> = rows.iter().map(|s| s.percent).collect();
    pct.sort_by(f64::total_cmp);
    if let Some(m) = pct.get(pct.len() / 2) {
        let _ = writeln!(
            t,
            "<p>{} students; median {m}%; {} at 100%.</p>",
            rows.len(),
            pct.iter().filter(|p| **p >= 100.0).count()
        );
    }
    t
}

/// The student x cause matrix: a row per student (by score), a column per
/// cause shared by the most students (at most [`MATRIX_CAUSES`], each
/// linked to its row in the table of causes), and in each cell the
/// student's failing runs with that cause.
pub fn cause_matrix(rows: &[StudentResult], causes: &[Cause]) -> String {
    if causes.is_empty() {
        return String::new();
    }
    let shown = &causes[..causes.len().min(MATRIX_CAUSES)];
    let mut t = String::from(
        "<h2>Who fails what</h2>\n<table id=\"matrix\"><thead><tr><th class=\"l\">student</th>",
    );
    for (k, c) in shown.iter().enumerate() {
        let _ = write!(
            t,
            "<th><a href=\"#{}\" title=\"[{}] {}\">C{}</a></th>",
            c.id,
            esc(&c.category),
            esc(&c.signature),
            k + 1
        );
    }
    t.push_str("</tr></thead><tbody>\n");
    for s in rows {
        let _ = write!(
            t,
            "<tr><td class=\"l\"><a href=\"#s-{}\">{}</a></td>",
            esc(&s.folder_name()),
            esc(&s.student)
        );
        for c in shown {
            let runs: usize = s
                .groups
                .iter()
                .filter(|g| g.category == c.category && g.signature == c.signature)
                .map(|g| g.runs)
                .sum();
            if runs == 0 {
                t.push_str("<td></td>");
            } else {
                let _ = write!(
                    t,
                    "<td class=\"hit\" style=\"background:#f4b6b6\">{runs}</td>"
                );
            }
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</tbody></table>\n<ol class=\"legend\">");
    for c in shown {
        let _ = write!(
            t,
            "<li><a href=\"#{}\">[{}] {}</a></li>",
            c.id,
            esc(&c.category),
            esc(&c.signature)
        );
    }
    t.push_str("</ol>\n");
    if causes.len() > shown.len() {
        let _ = writeln!(
            t,
            "<p>{} more causes, each shared by fewer students, are in the table of causes below.</p>",
            causes.len() - shown.len()
        );
    }
    t
}

/// The self-contained class page: the score distribution as a picture
/// ([`score_picture`]), the student x cause matrix ([`cause_matrix`]), a
/// table of students sorted as `rows` (by score), each student's failure
/// groups in `<details>`, each linked to its cause, and the causes with
/// links to the students who share them. No script, no external resource.
pub fn class_html(title: &str, rows: &[StudentResult], causes: &[Cause]) -> String {
    let cause_of: BTreeMap<(&str, &str), &Cause> = causes
        .iter()
        .map(|c| ((c.category.as_str(), c.signature.as_str()), c))
        .collect();
    let mut t = String::new();
    let _ = write!(
        t,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
         body{{font-family:sans-serif;margin:1em}}table{{border-collapse:collapse}}\
         td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}td.l,th.l{{text-align:left}}\
         tr.stopped{{background:#fee}}pre{{background:#f6f6f6;padding:4px;overflow:auto}}\
         .mark{{color:#b00;font-weight:bold}}</style></head><body>\n<h1>{}</h1>\n",
        esc(title),
        esc(title)
    );
    t.push_str(&score_picture(rows));
    t.push_str(&cause_matrix(rows, causes));
    t.push_str("<h2>Students, by score</h2>\n<table id=\"students\"><thead><tr><th class=\"l\">student</th><th>build</th><th>score</th><th>%</th><th>judged runs</th><th>passed</th><th>failed</th><th>not run</th><th>not in dialect</th><th class=\"l\">stopped early</th><th>groups</th></tr></thead><tbody>\n");
    for s in rows {
        let _ = writeln!(
            t,
            "<tr class=\"student{}\"><td class=\"l\"><a href=\"#s-{}\">{}</a></td><td>{}</td><td class=\"score\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"l\">{}</td><td>{}</td></tr>",
            if s.stopped_early.is_some() { " stopped" } else { "" },
            esc(&s.folder_name()),
            esc(&s.student),
            build_word(&s.build),
            s.score,
            s.percent,
            s.judged,
            s.passed,
            s.failed,
            s.not_run,
            s.not_in_dialect,
            s.stopped_early
                .as_deref()
                .map_or_else(String::new, |w| format!("<span class=\"mark\">STOPPED EARLY</span>: {}", esc(w))),
            s.failure_groups
        );
    }
    t.push_str("</tbody></table>\n<h2>Causes across the class</h2>\n");
    if causes.is_empty() {
        t.push_str("<p>No failures.</p>\n");
    } else {
        t.push_str("<table id=\"causes\"><thead><tr><th class=\"l\">cause</th><th>students</th><th>runs</th><th class=\"l\">who</th></tr></thead><tbody>\n");
        for c in causes {
            let who: Vec<String> = c
                .students
                .iter()
                .zip(&c.folders)
                .map(|(s, f)| format!("<a href=\"#s-{}\">{}</a>", esc(f), esc(s)))
                .collect();
            let _ = writeln!(
                t,
                "<tr id=\"{}\" class=\"cause\"><td class=\"l\">[{}] {}<details><summary>example</summary>{}</details></td><td>{}</td><td>{}</td><td class=\"l\">{}</td></tr>",
                c.id,
                esc(&c.category),
                esc(&c.signature),
                example_html(&c.example),
                c.students.len(),
                c.runs,
                who.join(", ")
            );
        }
        t.push_str("</tbody></table>\n");
    }
    t.push_str("<h2>Each student</h2>\n");
    for s in rows {
        let _ = write!(
            t,
            "<details class=\"student\" id=\"s-{}\"><summary>{}: {} of {} ({}%)",
            esc(&s.folder_name()),
            esc(&s.student),
            s.score,
            s.max_score,
            s.percent
        );
        if s.stopped_early.is_some() {
            t.push_str(" <span class=\"mark\">STOPPED EARLY</span>");
        }
        t.push_str("</summary>\n");
        if let Build::Failed(words) = &s.build {
            let _ = write!(t, "<p>the build failed:</p><pre>{}</pre>", esc(words));
        }
        if let Some(why) = &s.stopped_early {
            let _ = write!(t, "<p class=\"mark\">stopped early: {}</p>", esc(why));
        }
        let _ = write!(
            t,
            "<p>reports: <code>{}/report.txt</code>, <code>results.json</code></p>",
            esc(&s.folder)
        );
        for g in &s.groups {
            let link = cause_of
                .get(&(g.category.as_str(), g.signature.as_str()))
                .map_or_else(String::new, |c| {
                    format!(
                        " (<a href=\"#{}\">cause shared by {} students</a>)",
                        c.id,
                        c.students.len()
                    )
                });
            let _ = writeln!(
                t,
                "<details class=\"group\"><summary>{}: {} runs in {} programs{}</summary><p>programs: {}</p>{}</details>",
                esc(&g.title()),
                g.runs,
                g.programs,
                link,
                esc(&g.names.join(", ")),
                example_html(g)
            );
        }
        t.push_str("</details>\n");
    }
    t.push_str("</body></html>\n");
    t
}

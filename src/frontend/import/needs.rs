//! Which Oat dialects read each imported test (docs/oat.md, "Dialects"):
//! a course's `.oat` files are written in that course year's Oat, so
//! `import-tests` says, per group of tests, the dialects whose parser reads
//! them (`oat::parse::reads_in`).

use super::Import;
use oat::dialect::DIALECTS;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The executed tests of `imp` grouped by the names of the dialects that
/// read them (in table order), the groups in order of size, largest
/// first; a test no dialect reads is grouped under no name, with the
/// first dialect's reason (a file that cannot be read: its error).
pub fn dialect_groups(imp: &Import) -> Vec<(Vec<&'static str>, Vec<PathBuf>)> {
    let mut groups: BTreeMap<Vec<&'static str>, Vec<PathBuf>> = BTreeMap::new();
    for t in imp.tests.iter().filter(|t| t.ill_typed.is_none()) {
        let text = std::fs::read_to_string(&t.source).unwrap_or_default();
        let readers: Vec<&'static str> = DIALECTS
            .iter()
            .filter(|d| oat::parse::reads_in(&text, d).is_ok())
            .map(|d| d.name)
            .collect();
        groups.entry(readers).or_default().push(t.dest.clone());
    }
    let mut v: Vec<(Vec<&'static str>, Vec<PathBuf>)> = groups.into_iter().collect();
    v.sort_by_key(|(_, tests)| std::cmp::Reverse(tests.len()));
    v
}

/// The groups of [`dialect_groups`] as the summary prints them: one line
/// per group (its dialects, how many tests, the first few by name).
pub fn needs_text(imp: &Import) -> String {
    let groups = dialect_groups(imp);
    if groups.is_empty() {
        return String::new();
    }
    let mut s = String::from("Oat dialects that read the executed tests (lloracle dialects):\n");
    for (readers, tests) in groups {
        let names: Vec<String> = tests
            .iter()
            .take(4)
            .map(|p| p.display().to_string())
            .collect();
        let more = if tests.len() > 4 { ", .." } else { "" };
        let who = if readers.is_empty() {
            "no dialect (a construct lloracle's Oat lacks, or a syntax error)".to_string()
        } else {
            readers.join(", ")
        };
        s.push_str(&format!(
            "  {} tests read by {who}: {}{more}\n",
            tests.len(),
            names.join(", ")
        ));
    }
    s
}

//! The table of features and profiles, as `lloracle dialects` prints it
//! and `docs/dialects.md` holds it (one function, so they cannot drift).

use super::features::Feature;
use super::Dialect;

/// The Markdown table: one row per feature (its name and one-line
/// description), one column per profile, `yes` / `no` in each cell.
pub fn table_markdown() -> String {
    let profiles = Dialect::profiles();
    let mut out = String::from("| feature | what |");
    for d in &profiles {
        out.push_str(&format!(" {} |", d.name));
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(profiles.len()));
    out.push('\n');
    for f in Feature::ALL {
        out.push_str(&format!("| `{}` | {} |", f.name(), f.describe()));
        for d in &profiles {
            out.push_str(if d.has(f) { " yes |" } else { " no |" });
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_row_per_feature_one_column_per_profile() {
        let t = super::table_markdown();
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 2 + super::Feature::ALL.len());
        let cols = lines[0].matches('|').count();
        assert!(lines.iter().all(|l| l.matches('|').count() == cols));
        assert!(lines[0].contains("cis341-2015"));
    }
}

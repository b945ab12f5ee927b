//! `lloracle merge A.json B.json ... -o ALL.json`: the JSON reports of the
//! shards of one campaign (`test-compiler --shard I/N --json ...`) joined
//! into the report of the whole, with its Gradescope and JUnit files and
//! the terminal summary.

use super::test_compiler::write_and_exit;
use super::EXIT_USAGE;
use lloracle::harness::campaign::ReportFiles;
use lloracle::harness::report::{self, Report};
use lloracle::progress::colour_stdout;
use std::path::PathBuf;

/// Arguments of `lloracle merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The JSON reports of the shards (`test-compiler --json`).
    #[arg(required = true)]
    reports: Vec<PathBuf>,
    /// Write the merged JSON report here.
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Write a Gradescope results.json of the merged report here.
    #[arg(long)]
    gradescope: Option<PathBuf>,
    /// Write a JUnit XML report of the merged report here.
    #[arg(long)]
    junit: Option<PathBuf>,
}

/// Reads one JSON report.
fn read(p: &PathBuf) -> Result<Report, String> {
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    let v: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", p.display()))?;
    Report::from_json(&v).map_err(|e| format!("{}: {e}", p.display()))
}

/// Merges; 0 when every judged run of the whole passes, 1 when some fail,
/// 2 for unreadable or inconsistent reports.
pub fn main(a: MergeArgs) -> u8 {
    let parts: Result<Vec<Report>, String> = a.reports.iter().map(read).collect();
    let merged = parts.and_then(Report::merge);
    let r = match merged {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    print!("{}", report::text(&r, colour_stdout()));
    let files = ReportFiles {
        json: a.out,
        gradescope: a.gradescope,
        junit: a.junit,
    };
    write_and_exit(&r, &files)
}

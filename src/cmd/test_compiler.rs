//! `lloracle test-compiler`: check a compiler (or an ll-to-ll optimiser)
//! against the oracle on the corpus and random programs; every failure
//! comes with expected and actual behaviour and a reduced program. With no
//! `--cmd` the built-in back end is the compiler under test. The campaign
//! itself is `lloracle::harness::campaign`; this file parses the options
//! and prints.

use super::options::{CampaignOpts, EmitArg};
use super::EXIT_USAGE;
use lloracle::frontend;
use lloracle::harness::baseline::Baseline;
use lloracle::harness::campaign::{self, exit_code, write_reports, ReportFiles};
use lloracle::harness::compiler::Tools;
use lloracle::harness::mutation;
use lloracle::harness::report::{self, Report};
use lloracle::harness::session::Settings;
use lloracle::harness::verdicts::Case;
use lloracle::harness::{options, plan};
use lloracle::progress::{colour_stdout, Progress};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `lloracle test-compiler`.
#[derive(clap::Args, Debug, Clone)]
pub struct TestCompilerArgs {
    #[command(flatten)]
    pub campaign: CampaignOpts,
    /// Instead of checking one compiler, check that the harness catches
    /// each deliberately broken variant of the built-in back end (corpus,
    /// then up to --random programs) and print the mutation score.
    #[arg(long)]
    pub mutation_score: bool,
}

/// Writes the report files of `r` and gives the exit code of
/// `test-compiler` and `merge` ([`campaign::exit_code`]; 2 when a file
/// cannot be written).
pub fn write_and_exit(r: &Report, files: &ReportFiles) -> u8 {
    if let Err(e) = write_reports(r, files) {
        eprintln!("lloracle: cannot write a report: {e}");
        return EXIT_USAGE;
    }
    exit_code(r)
}

/// Runs the campaign and writes the reports; 0 when every judged run
/// passes, 1 when some fail, 2 for bad usage.
pub fn main(args: TestCompilerArgs) -> u8 {
    let a = &args.campaign;
    options::install_interrupt_handler();
    if a.compiler.emit == EmitArg::Ll {
        return front_end(a);
    }
    let usage = |e: String| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    };
    let target = match a.compiler.target(&a.dialect) {
        Ok(t) => t,
        Err(e) => return usage(e),
    };
    let limits = a.limits.limits();
    let files = a.reports.files();
    let grading = match a.grading(None, true) {
        Ok(g) => g,
        Err(e) => return usage(e),
    };
    let jobs = options::jobs(a.jobs);
    let mut settings = options::session(jobs, &limits, &a.reduce.reductions());
    if args.mutation_score {
        settings.max_reductions = 1;
        return match limits.tools(&target).and_then(|tools| {
            let plan = plan::plan(&a.programs.programs(), &target)?;
            Ok(mutation_score(
                &tools,
                plan.cases,
                &settings,
                a.programs.random,
            ))
        }) {
            Ok(code) => code,
            Err(e) => usage(e),
        };
    }
    let settled = match a.compiler.selection().reference().and_then(|reference| {
        campaign::settle(target, reference, &limits, settings, &a.programs.programs())
    }) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let resolved = &settled.resolved;
    print!("{}", resolved.summary());
    if let Baseline::Failed(f) = &resolved.baseline {
        eprintln!("lloracle: {}", f.message);
        eprintln!(
            "lloracle: compiler under test: {}",
            resolved.target.compiler.describe()
        );
    }
    let bar = Progress::new(
        settled.plan.cases.len(),
        "programs",
        Duration::from_secs(a.progress_every),
    );
    let r = settled.run(&failures_dir(a), &grading, &|r| bar.tick_result(r));
    finish(&bar, &r, &files)
}

/// The end of a campaign: the progress line closed, why it stopped early
/// (if it did), the report files written, then the report printed; the
/// exit code ([`write_and_exit`]).
fn finish(bar: &Progress, r: &Report, files: &ReportFiles) -> u8 {
    bar.finish();
    if let Some(why) = &r.stopped_early {
        eprintln!("lloracle: {why}");
    }
    // The files first: a closed stdout must not cost the reports.
    let code = write_and_exit(r, files);
    print_report(r);
    code
}

/// Where reduced failures are saved: `--out-dir`, else
/// `lloracle-failures/`.
fn failures_dir(a: &CampaignOpts) -> PathBuf {
    a.reports
        .out_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("lloracle-failures"))
}

/// A front-end campaign (`--emit ll`): the Oat tests and generated
/// programs, judged by `lloracle::frontend::campaign`.
fn front_end(a: &CampaignOpts) -> u8 {
    let setup = a.grading(None, false).and_then(|grading| {
        let (campaign, tools) = frontend::setup::settle(&a.front_end_given()?)?;
        Ok((campaign, tools, grading))
    });
    let (campaign, tools, grading) = match setup {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let bar = Progress::new(
        campaign.tests.len(),
        "tests",
        Duration::from_secs(a.progress_every),
    );
    let r = frontend::campaign::run(&campaign, &tools, &failures_dir(a), &grading, &|scored| {
        bar.tick_scored(1, scored)
    });
    finish(&bar, &r, &a.reports.files())
}

/// The terminal report of `r` (`report::campaign_text`); a closed pipe on
/// stdout is not an error of the campaign.
fn print_report(r: &Report) {
    let text = report::campaign_text(r, colour_stdout());
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// `println!` that ignores a closed stdout (`test-compiler` keeps
/// ignoring `SIGPIPE` so that its reports are always written).
macro_rules! outln {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// Prints the mutation score of the built-in back end's mutants
/// (`harness::mutation`): one row per mutant as it is done, then the
/// score; 0 when every mutant is caught.
fn mutation_score(tools: &Tools, cases: Vec<Case>, settings: &Settings, random: u64) -> u8 {
    outln!("{}", mutation::MutantRow::heading(random));
    let rows = mutation::mutation_score(tools, cases, settings, &|row| outln!("{row}"));
    outln!("{}", mutation::score_line(&rows));
    u8::from(!mutation::all_killed(&rows))
}

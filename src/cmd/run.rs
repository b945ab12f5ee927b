//! `lloracle run FILE [ARGS..]`: interpret a program on the oracle.

use super::{load_source, print_json, read_source, EXIT_USAGE};
use spec::Outcome;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `lloracle run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The function to start in (takes `()` or `(i64, i8**)`).
    #[arg(long, default_value = "main")]
    entry: String,
    /// Print one JSON outcome object on stdout instead of the program's output.
    #[arg(long)]
    json: bool,
    /// The most instructions to execute before `fuel-exhausted`.
    #[arg(long, default_value_t = oracle::Options::default().fuel)]
    fuel: u64,
    /// The most nested calls before `call-depth-exceeded`.
    #[arg(long, default_value_t = oracle::Options::default().max_depth)]
    max_depth: usize,
    /// The most memory cells before `memory-exhausted`.
    #[arg(long, default_value_t = oracle::Options::default().max_cells)]
    max_cells: u64,
    /// argv[0] as the program sees it.
    #[arg(long, default_value_t = oracle::Options::default().program_name)]
    program_name: String,
    /// The program.
    file: PathBuf,
    /// argv[1..].
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Runs the program; the exit code follows DESIGN.md's contract.
pub fn main(a: RunArgs) -> u8 {
    let src = match read_source(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let opts = oracle::Options {
        entry: a.entry,
        program_name: a.program_name,
        fuel: a.fuel,
        max_depth: a.max_depth,
        max_cells: a.max_cells,
    };
    let (outcome, src) = match load_source(src) {
        Ok(l) => (
            oracle::run(&l.prog, Some(&l.src), &a.args, &opts),
            Some(l.src),
        ),
        Err(r) => {
            if !a.json {
                eprint!("{}", r.rendered);
            }
            (r.outcome, None)
        }
    };
    if a.json {
        print_json(&outcome.to_json());
    } else {
        report(&outcome, src.as_ref());
    }
    outcome.exit_code() as u8
}

/// Writes the program's stdout to stdout and a diagnostic for an abnormal end
/// to stderr.
fn report(outcome: &Outcome, src: Option<&spec::Source>) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(outcome.stdout());
    let _ = out.flush();
    match outcome {
        Outcome::Returned { .. } | Outcome::IllTyped { .. } | Outcome::Malformed { .. } => {}
        Outcome::Undefined { .. } => eprintln!("{}", describe(outcome, src)),
        other => eprintln!("lloracle: {other}"),
    }
}

fn describe(outcome: &Outcome, _src: Option<&spec::Source>) -> String {
    format!("lloracle: {outcome}")
}

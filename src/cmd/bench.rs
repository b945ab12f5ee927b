//! `lloracle bench`: the benchmark table (README.md, "Benchmarks"). The races,
//! the campaign rows and the front-end rows are measured by
//! [`lloracle::bench`], which also lays out the table; this command parses
//! its options and prints the table (or the JSON document).

use lloracle::bench::Request;

/// Arguments of `lloracle bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Runs of each engine (taking turns); the table gives their median
    /// and range.
    #[arg(long, default_value_t = 5)]
    reps: u32,
    /// Multiplies every program's work by this factor (0.05 for a quick
    /// run; ratios at small scales are dominated by start-up).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Random programs per campaign of the campaign rows (and generated
    /// Oat programs of the front-end rows), times `--scale`
    /// (at least 2).
    #[arg(long, default_value_t = 30)]
    programs: usize,
    /// Print the results as one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// Only these benchmark programs (by name: loop, fib, bubble, list),
    /// the campaign rows only when `campaign` is among them, and the
    /// front-end rows only when `front-end` is.
    names: Vec<String>,
}

/// Runs the benchmarks and prints the table (or the JSON document); 1
/// when an engine gave a wrong answer.
pub fn main(a: BenchArgs) -> u8 {
    if !(a.scale.is_finite() && a.scale > 0.0) {
        eprintln!("lloracle: bench: --scale must be a positive number");
        return super::EXIT_USAGE;
    }
    let known = lloracle::bench::names();
    if let Some(bad) = a.names.iter().find(|n| !known.contains(&n.as_str())) {
        eprintln!(
            "lloracle: no benchmark named `{bad}` (there are: {})",
            known.join(", ")
        );
        return super::EXIT_USAGE;
    }
    let Ok(lloracle) = std::env::current_exe() else {
        eprintln!("lloracle: bench: cannot find its own executable");
        return 1;
    };
    let req = Request {
        reps: a.reps,
        scale: a.scale,
        programs: a.programs,
        names: a.names,
        lloracle,
    };
    let json = a.json;
    let report = match lloracle::bench::run(&req, &mut |ri, rn| {
        if !json {
            print!("{ri}{rn}");
        }
    }) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return 1;
        }
    };
    if json {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("lloracle: bench: {e}");
                return 1;
            }
        }
    } else {
        print!("{}", report.rest_table());
    }
    u8::from(report.wrong())
}

//! `lloracle bench`: the benchmark table (README.md, "Benchmarks"). The races,
//! the campaign rows and the front-end rows are measured by
//! [`lloracle::bench`]; this command parses its options and prints the
//! table (or the JSON document).

use lloracle::bench::campaign::Row;
use lloracle::bench::{Race, Report, Request};

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
            print_race(ri);
            print_race(rn);
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
        print_rest(&report);
    }
    u8::from(report.wrong())
}

/// Prints the compile rate, the campaign rows and the front-end rows.
fn print_rest(report: &Report) {
    if let Some(us) = report.compile_us_per_1000_insns {
        println!("\ncompile: {us:.1} us per 1,000 LLVMlite instructions (200 generated programs)");
    }
    print_rows(
        "campaign: programs per second of a back-end campaign (`lloracle compile` as the compiler), ms per run:",
        &report.campaign,
    );
    print_rows(
        "front end: tests per second of a front-end campaign (a fake front end on generated Oat \
         programs, one run each), lloracle's own ms per test (all but the front end and the \
         oracle's runs; link and run: the native build):",
        &report.front_end,
    );
}

/// Prints one race: each engine's median, range and ratio to the first.
fn print_race(r: &Race) {
    let base = r.timings.first().and_then(|t| t.median);
    println!(
        "{} at {} {}{}:",
        r.program,
        r.size,
        r.unit,
        r.oracle_insns
            .map_or(String::new(), |n| format!(" ({n} LLVMlite instructions)"))
    );
    for t in &r.timings {
        let (Some(m), Some(lo), Some(hi)) = (t.median, t.min, t.max) else {
            let why = t
                .problem
                .as_ref()
                .map_or("no runs".into(), |p| p.to_string());
            println!("  {:<11} -  ({why})", t.engine);
            continue;
        };
        // How many times the first engine's time this one's is.
        let ratio = base.map_or("-".into(), |b| format!("{:.2}x", m / b));
        let rate = r.oracle_insns.map_or(String::new(), |n| {
            format!("  {:.1} M insn/s", n as f64 / m / 1e6)
        });
        println!(
            "  {:<11} {m:>8.3}s  (min {lo:.3}, max {hi:.3}, {} runs)  {ratio:>7} of {}{rate}{}",
            t.engine,
            t.runs.len(),
            r.timings.first().map_or("", |f| f.engine),
            t.problem
                .as_ref()
                .map_or(String::new(), |p| format!("  [{p}]"))
        );
    }
}

/// Prints `rows` under `heading` (nothing when there are none).
fn print_rows(heading: &str, rows: &[Row]) {
    if rows.is_empty() {
        return;
    }
    println!("\n{heading}");
    for r in rows {
        let Some(m) = r.median_per_sec else {
            let why = r
                .problem
                .as_ref()
                .map_or("no runs".into(), |p| p.to_string());
            println!("  {:<10} {} job(s)  -  ({why})", r.linking, r.jobs);
            continue;
        };
        let own = r.own_ms_per_run.map_or("-".into(), |o| format!("{o:.1}"));
        let st = r.stage_ms_per_run.clone().unwrap_or_default();
        println!(
            "  {:<10} {} job(s) {m:>6.1} programs/s  own {own:>5} ms/run (compile {:.1}, link {:.1}, run {:.1}, oracle {:.1}; {} turns of {} programs)",
            r.linking,
            r.jobs,
            st.compile,
            st.link,
            st.run,
            st.oracle,
            r.per_sec.len(),
            r.programs
        );
    }
}

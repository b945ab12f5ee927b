//! Runs the benchmark programs and prints instructions per second:
//! `cargo run --release -p oracle --example oracle_bench`.

use std::time::Instant;

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    for (name, text) in oracle::bench_programs() {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let src = spec::Source::new(format!("{name}.ll"), *text);
        let prog = match spec::parse::parse(&src) {
            Ok(p) => p,
            Err(d) => {
                eprintln!("{}", d.render(&src));
                continue;
            }
        };
        let t = Instant::now();
        let (outcome, stats) =
            oracle::run_with_stats(&prog, Some(&src), &[], &oracle::Options::default());
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name:8} {outcome:30} {:>12} insns {:8.3} s {:8.1} M insns/s",
            stats.executed,
            secs,
            stats.executed as f64 / secs / 1e6
        );
    }
}

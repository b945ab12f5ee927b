//! Generates many programs, reports the first few that do not check or do
//! not return on the oracle, the rate, and where the time goes.
//! `cargo run --release -p gen --example gen_many -- COUNT [SIZE]`
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    let t = Instant::now();
    let (mut tg, mut tc, mut to) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut bad = 0;
    let mut insns = 0usize;
    let (mut executed, mut max_executed) = (0u64, 0u64);
    for seed in 0..n {
        let t0 = Instant::now();
        let p = gen::from_seed(seed, size);
        tg += t0.elapsed();
        insns += gen::shrink::insn_count(&p);
        let t1 = Instant::now();
        let checked = spec::check(&p);
        tc += t1.elapsed();
        if let Err(ds) = checked {
            bad += 1;
            if bad <= 3 {
                println!("seed {seed}: ill-typed: {:?}", ds.first());
            }
            continue;
        }
        let t2 = Instant::now();
        let (o, stats) = oracle::run_with_stats(&p, None, &[], &oracle::Options::default());
        executed += stats.executed;
        max_executed = max_executed.max(stats.executed);
        to += t2.elapsed();
        if !matches!(o, spec::Outcome::Returned { .. }) {
            bad += 1;
            if bad <= 3 {
                println!("seed {seed}: {o:?}");
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "size {size}: {n} programs, {bad} bad, {:.0} programs/s, {:.1} insns/program, executed {:.0} on average (max {max_executed}); time: generate {:.2}s, check {:.2}s, oracle {:.2}s",
        n as f64 / dt,
        insns as f64 / n as f64,
        executed as f64 / n as f64,
        tg.as_secs_f64(),
        tc.as_secs_f64(),
        to.as_secs_f64()
    );
}

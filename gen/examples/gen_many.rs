//! Generates many programs and reports the first that does not check or
//! does not return on the oracle, and the rate.
//! `cargo run -p gen --example gen_many -- COUNT [SIZE]`
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    let t = Instant::now();
    let mut bad = 0;
    let mut insns = 0usize;
    for seed in 0..n {
        let p = gen::from_seed(seed, size);
        insns += p.fdecls.iter().map(|f| f.cfg.entry.insns.len() + f.cfg.blocks.iter().map(|b| b.block.insns.len()).sum::<usize>()).sum::<usize>();
        if let Err(ds) = spec::check(&p) {
            bad += 1;
            if bad <= 3 {
                println!("seed {seed}: ill-typed: {:?}", ds.first());
            }
            continue;
        }
        let o = oracle::run(&p, None, &[], &oracle::Options::default());
        if !matches!(o, spec::Outcome::Returned { .. }) {
            bad += 1;
            if bad <= 3 {
                println!("seed {seed}: {o:?}");
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!("{n} programs, {bad} bad, {:.0} programs/s, {:.1} insns/program", n as f64 / dt, insns as f64 / n as f64);
}

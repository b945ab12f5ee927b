//! Prints the program of a seed and what the checker and the oracle say.
//! `cargo run -p gen --example gen_one -- SEED [SIZE]`
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    let p = gen::from_seed(seed, size);
    println!("{}", spec::print(&p));
    match spec::check(&p) {
        Ok(()) => {
            let o = oracle::run(&p, None, &[], &oracle::Options::default());
            eprintln!("{o:?}");
        }
        Err(ds) => {
            for d in ds {
                eprintln!("{d:?}");
            }
        }
    }
}

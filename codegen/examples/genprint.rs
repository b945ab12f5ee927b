//! `cargo run -p codegen --example genprint -- SEED SIZE`: prints the
//! generated program of a seed (to inspect a differential failure).
fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let (seed, size) = (
        a.first().copied().unwrap_or(0),
        a.get(1).copied().unwrap_or(30),
    );
    print!("{}", spec::print(&gen::from_seed(seed, size as usize)));
}

//! `lloracle gen --seed N [--size S]`: print one random well-typed,
//! well-defined, terminating program.

/// Arguments of `lloracle gen`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The seed: the same seed and size give the same program.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How large a program (1..=100; 30 is medium).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=100))]
    size: u64,
}

/// Prints the program for the seed.
pub fn main(a: GenArgs) -> u8 {
    print!("{}", spec::print(&gen::from_seed(a.seed, a.size as usize)));
    0
}

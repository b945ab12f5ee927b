//! `lloracle gen --seed N [--size S] [--dialect D]`: print one random
//! well-typed, well-defined, terminating program; with `--histogram
//! --count N`, the breadth histogram of N programs instead.

/// Arguments of `lloracle gen`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The seed: the same seed and size give the same program.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How large a program (1..=100; 30 is medium).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=100))]
    size: u64,
    /// With `--dialect`: only its features are used, and the text is in
    /// its syntax.
    #[command(flatten)]
    dialect: super::options::DialectOpt,
    /// Print how many of `--count` programs (seeds `--seed` onwards) contain
    /// each construct the generator can make, instead of a program.
    #[arg(long)]
    histogram: bool,
    /// How many programs the histogram counts.
    #[arg(long, default_value_t = 1000)]
    count: u64,
}

/// Prints the program for the seed (or the histogram).
pub fn main(a: GenArgs) -> u8 {
    let dialect = a.dialect.dialect;
    let size = a.size as usize;
    if a.histogram {
        let progs: Vec<spec::Prog> = (a.seed..a.seed.saturating_add(a.count))
            .map(|s| gen::from_seed_in(s, size, dialect.as_ref()))
            .collect();
        let name = dialect.as_ref().map_or("lloracle", |d| d.name.as_str());
        println!("{} programs of size {size} in dialect {name}:", progs.len());
        for (f, n) in gen::features::histogram(&progs) {
            println!("{n:7}  {f:?}");
        }
        return 0;
    }
    let prog = gen::from_seed_in(a.seed, size, dialect.as_ref());
    match &dialect {
        Some(d) => print!("{}", spec::dialect::print_in(&prog, d)),
        None => print!("{}", spec::print(&prog)),
    }
    0
}

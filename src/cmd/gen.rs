//! `lloracle gen --seed N [--size S] [--dialect D] [--for PROFILE]`: print
//! one random well-typed, well-defined, terminating program; with
//! `--histogram --count N`, the breadth histogram of N programs instead.
//! `--for opt` writes programs that exercise optimisers (`gen::Profile`).

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
    /// What the programs exercise: `default` (the whole language) or `opt`
    /// (optimisers: aliases, calls that write memory, dead stores, constant
    /// folding at 2^62 and 2^63, shifts by 63, folding branches, loop
    /// invariants, unreachable blocks).
    #[arg(long = "for", value_name = "PROFILE", default_value = "default",
          value_parser = clap::builder::PossibleValuesParser::new(gen::Profile::NAMES))]
    profile: String,
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
    // The parser admits only the profiles' names.
    let profile = gen::Profile::by_name(&a.profile).unwrap_or_default();
    let size = a.size as usize;
    if a.histogram {
        let progs: Vec<spec::Prog> = (a.seed..a.seed.saturating_add(a.count))
            .map(|s| gen::from_seed_with(s, size, dialect.as_ref(), profile))
            .collect();
        let name = dialect.as_ref().map_or("lloracle", |d| d.name.as_str());
        let of = match profile {
            gen::Profile::Default => String::new(),
            p => format!(", profile {}", p.name()),
        };
        println!(
            "{} programs of size {size} in dialect {name}{of}:",
            progs.len()
        );
        for (f, n) in gen::features::histogram(&progs) {
            println!("{n:7}  {f:?}");
        }
        return 0;
    }
    let prog = gen::from_seed_with(a.seed, size, dialect.as_ref(), profile);
    match &dialect {
        Some(d) => print!("{}", spec::dialect::print_in(&prog, d)),
        None => print!("{}", spec::print(&prog)),
    }
    0
}

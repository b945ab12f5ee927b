//! `lloracle gen --seed N [--size S] [--dialect D] [--for PROFILE]`: print
//! one random well-typed, well-defined, terminating program; with
//! `--histogram --count N`, the breadth histogram of N programs instead.
//! `--for opt` writes programs that exercise optimisers (`gen::Profile`).
//! `--lang oat [--oat-version 1|2] [--expect]` writes Oat programs (the
//! front ends' source language, `oat::gen`) instead, with `--expect` their
//! expected output and exit status (`oat::eval`).

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
    /// The language of the programs: `llvmlite` (for back ends and
    /// optimisers) or `oat` (for front ends; see docs/oat.md).
    #[arg(long, value_name = "LANG", default_value = "llvmlite",
          value_parser = clap::builder::PossibleValuesParser::new(["llvmlite", "oat"]))]
    lang: String,
    /// With `--lang oat`: Oat v1 (homework 4) or v2 (homework 5).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    oat_version: u8,
    /// With `--lang oat`: after the program, its expected standard output
    /// and exit status as comments (`/* stdout: .. */`, `/* status: N */`).
    #[arg(long)]
    expect: bool,
    /// With `--lang oat`: string literals without escapes (`\n`, `\t`,
    /// `\"`, `\\`), for front ends whose LLVMlite printer writes string
    /// constants unescaped (the ETH homework 5 handout's `llutil.ml`).
    #[arg(long)]
    plain_strings: bool,
    /// With `--lang oat`: a course year's Oat (`lloracle dialects` lists
    /// them): only its constructs, written in its syntax; it sets the
    /// version.
    #[arg(long, value_name = "NAME", value_parser = super::options::parse_oat_dialect)]
    oat_dialect: Option<oat::dialect::OatDialect>,
}

/// Prints the program for the seed (or the histogram).
pub fn main(a: GenArgs) -> u8 {
    if a.lang == "oat" {
        return oat_main(&a);
    }
    let dialect = a.dialect.dialect;
    // The parser admits only the profiles' names.
    let profile = gen::Profile::by_name(&a.profile).unwrap_or_default();
    let size = a.size as usize;
    if a.histogram {
        let seeds = a.seed..a.seed.saturating_add(a.count);
        let name = dialect.as_ref().map_or("lloracle", |d| d.name.as_str());
        let of = match profile {
            gen::Profile::Default => String::new(),
            p => format!(", profile {}", p.name()),
        };
        println!(
            "{} programs of size {size} in dialect {name}{of}:",
            seeds.end - seeds.start
        );
        let progs = seeds.map(|s| gen::from_seed_with(s, size, dialect.as_ref(), profile));
        for (f, n) in gen::features::histogram(progs) {
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

/// `gen --lang oat`: one Oat program (with `--expect` its expected
/// outcome), or the histogram.
fn oat_main(a: &GenArgs) -> u8 {
    let given = oat::OatVersion::from_number(a.oat_version).unwrap_or_default();
    let mut dialect = a
        .oat_dialect
        .unwrap_or_else(|| oat::dialect::OatDialect::whole(given));
    if a.plain_strings {
        dialect = dialect.without_escapes();
    }
    let version = dialect.version;
    let size = a.size as usize;
    let cfg = oat::gen::OatGenConfig::in_dialect(size, dialect);
    if a.histogram {
        let seeds = a.seed..a.seed.saturating_add(a.count);
        let count = seeds.end - seeds.start;
        println!(
            "{count} programs of size {size} in Oat dialect {}:",
            dialect.name
        );
        let progs = seeds.map(|s| oat::gen::from_seed_with(s, size, &cfg));
        for (f, n) in oat::features::histogram(progs, version) {
            println!("{n:7}  {f:?}");
        }
        return 0;
    }
    let prog = oat::gen::from_seed_with(a.seed, size, &cfg);
    print!("{}", oat::print::program_in(&prog, &dialect));
    if a.expect {
        let outcome = oat::eval::run(&prog, version, &oat::eval::Limits::default());
        let stdout = String::from_utf8_lossy(outcome.stdout()).replace("*/", "* /");
        println!("\n/* stdout:\n{stdout}\n*/");
        match outcome.status() {
            Some(s) => println!("/* status: {s} */"),
            None => {
                println!("/* not returned: {outcome:?} */");
                return 1;
            }
        }
    }
    0
}

//! `lloracle dialects`: the table of features and profiles (the same table
//! as docs/dialects.md).

/// Arguments of `lloracle dialects`.
#[derive(clap::Args, Debug)]
pub struct DialectsArgs {}

/// Prints the table and one line per profile.
pub fn main(_: DialectsArgs) -> u8 {
    print!("{}", spec::dialect::table_markdown());
    println!();
    for d in spec::dialect::Dialect::profiles() {
        println!("{}: {}", d.name, d.about);
    }
    0
}

/// The profile called `name`, or a message listing the profiles.
pub fn dialect_arg(name: &str) -> Result<spec::dialect::Dialect, String> {
    spec::dialect::Dialect::by_name(name).ok_or_else(|| {
        format!(
            "no dialect `{name}`; the profiles are {}",
            spec::dialect::Dialect::NAMES.join(", ")
        )
    })
}

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

//! `lloracle dialects`: the table of features and profiles (the same table
//! as docs/dialects.md), the Oat dialects of front ends (docs/oat.md),
//! then the named runtimes `--runtime` takes.

use spec::RuntimeName;

/// Arguments of `lloracle dialects`.
#[derive(clap::Args, Debug)]
pub struct DialectsArgs {}

/// Prints the table, one line per profile (with its default runtime), and
/// the runtimes: name, what sets it apart, its functions.
pub fn main(_: DialectsArgs) -> u8 {
    print!("{}", spec::dialect::table_markdown());
    println!();
    for d in spec::dialect::Dialect::profiles() {
        println!("{}: {} (runtime {})", d.name, d.about, d.default_runtime());
    }
    println!();
    println!("Oat dialects (front ends, --oat-dialect NAME; default: probed):");
    print!("{}", oat::dialect::OatDialect::table_markdown());
    println!();
    print!("{}", runtimes_text());
    0
}

/// The runtimes `--runtime` takes, one paragraph each: name and what sets
/// it apart, where programs start, the functions it defines.
fn runtimes_text() -> String {
    let mut t =
        String::from("runtimes (--runtime NAME; a course's own C file: --runtime-c FILE.c):\n");
    for r in RuntimeName::ALL {
        let entry = if r.is_oat() {
            "programs start at @program, called by the runtime's C main with the Oat array of the arguments"
        } else {
            "programs start at @main"
        };
        t.push_str(&format!(
            "  {}: {}\n    {entry}\n    functions: {}\n",
            r.name(),
            r.about(),
            r.functions().join(", ")
        ));
    }
    t
}

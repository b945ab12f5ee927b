//! Parses, checks and runs one .ll file on the oracle (a debugging aid).
//! `cargo run -p gen --example run_file -- FILE`
fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let src = spec::Source::new(path, text);
    match spec::parse(&src) {
        Err(d) => println!("malformed: {d:?}"),
        Ok(p) => match spec::check(&p) {
            Err(ds) => println!("ill-typed: {ds:?}"),
            Ok(()) => println!(
                "{:?}",
                oracle::run(&p, Some(&src), &[], &oracle::Options::default())
            ),
        },
    }
}

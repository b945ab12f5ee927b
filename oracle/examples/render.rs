//! Runs one .ll file and prints its outcome rendered like a diagnostic:
//! `cargo run -p oracle --example render -- FILE [ARGS..]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: render FILE [ARGS..]");
        return;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let src = spec::Source::new(path, text);
    let prog = match spec::parse::parse(&src) {
        Ok(p) => p,
        Err(d) => {
            eprint!("{}", d.render(&src));
            return;
        }
    };
    let rest: Vec<String> = args.collect();
    let o = oracle::run(&prog, Some(&src), &rest, &oracle::Options::default());
    print!("{}", String::from_utf8_lossy(o.stdout()));
    println!("{}", oracle::render_undefined(&o, &src));
}

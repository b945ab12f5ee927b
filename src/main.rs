//! The `lloracle` command (being built).

fn main() {
    eprintln!("lloracle: not built yet");
    std::process::exit(2);
}

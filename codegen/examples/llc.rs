//! `cargo run -p codegen --example llc -- FILE.ll [asm|disasm|run] [ARGS..]`:
//! compiles an LLVMlite file and prints its assembly text or disassembly, or
//! runs it natively and prints the outcome as JSON.

use spec::Source;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: llc FILE.ll [asm|disasm|run] [ARGS..]");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let src = Source::new(path.clone(), text);
    let prog = match spec::parse::parse(&src) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("{}", d.render(&src));
            std::process::exit(2);
        }
    };
    if let Err(ds) = spec::check::check(&prog) {
        for d in ds {
            eprintln!("{}", d.render(&src));
        }
        std::process::exit(2);
    }
    let m = match codegen::compile(&prog) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    match args.get(1).map(String::as_str).unwrap_or("asm") {
        "asm" => print!("{}", m.to_asm()),
        "disasm" => match m.disasm() {
            Ok(s) => print!("{s}"),
            Err(e) => eprintln!("{e}"),
        },
        "run" => match m.run(
            args.get(2..).unwrap_or(&[]),
            &codegen::NativeOptions::default(),
        ) {
            Ok(o) => println!("{}", o.to_json()),
            Err(e) => eprintln!("{e}"),
        },
        other => eprintln!("unknown mode {other}"),
    }
}

//! `lloracle compile FILE -o OUT --emit asm|exe [--mutate NAME]`: the
//! built-in back end as a command-line compiler (AT&T assembly that links
//! with `cc` and the bundled runtime, or a linked executable). `--mutate`
//! (hidden) makes it a deliberately broken compiler for mutation testing.

use super::{load_source, read_source, EXIT_USAGE};
use lloracle::harness::compiler::Tools;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `lloracle compile`.
#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// The program.
    file: PathBuf,
    /// The output file.
    #[arg(short = 'o', long = "output")]
    out: PathBuf,
    /// `asm` (AT&T text) or `exe` (linked with cc and the runtime).
    #[arg(long, default_value = "asm", value_parser = ["asm", "exe"])]
    emit: String,
    /// A deliberate miscompilation (mutation testing): sub-swap,
    /// field-offset, drop-seventh-arg, sle-as-slt, ashr-as-lshr.
    #[arg(long, hide = true)]
    mutate: Option<String>,
}

/// Compiles; 0 on success, 1 when the back end refuses, 2 for bad input.
pub fn main(a: CompileArgs) -> u8 {
    let mutation = match a.mutate.as_deref().map(codegen::Mutation::from_name) {
        None => None,
        Some(Some(m)) => Some(m),
        Some(None) => {
            eprintln!("lloracle: unknown mutation (try sub-swap, field-offset, drop-seventh-arg, sle-as-slt, ashr-as-lshr)");
            return EXIT_USAGE;
        }
    };
    let loaded = match read_source(&a.file).map(load_source) {
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
        Ok(Err(r)) => {
            eprint!("{}", r.rendered);
            return EXIT_USAGE;
        }
        Ok(Ok(l)) => l,
    };
    let opts = codegen::CompileOptions {
        comments: true,
        mutation,
    };
    let module = match codegen::compile_with(&loaded.prog, &opts) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return 1;
        }
    };
    let asm = module.to_asm();
    let write = |p: &PathBuf, text: &str| {
        std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))
    };
    let result = if a.emit == "asm" {
        write(&a.out, &asm)
    } else {
        Tools::new(Duration::from_secs(60)).and_then(|tools| {
            let s = a.out.with_extension("lloracle-tmp.s");
            write(&s, &asm)?;
            let r = tools.link_to(&s, &a.out);
            let _ = std::fs::remove_file(&s);
            r
        })
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("lloracle: {e}");
            1
        }
    }
}

//! `lloracle compile FILE -o OUT`: the built-in back end's AT&T assembly,
//! an executable (assembly linked by `cc` with the C runtime), or the
//! iced-x86 listing.

use super::options::RuntimeOpts;
use super::{load_file, EXIT_USAGE};
use lloracle::harness::compiler::Tools;
use std::path::PathBuf;

/// What `compile` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// AT&T assembly text that links with `cc` and the C runtime
    /// (codegen/runtime/llrt.c for `ll`).
    Asm,
    /// An executable: the assembly linked by `cc` with the C of
    /// `--runtime` (or `--runtime-c`); an Oat runtime's C `main` calls the
    /// program's `@program`.
    Exe,
}

/// Arguments of `lloracle compile`.
#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// What to write.
    #[arg(long, value_enum, default_value = "asm")]
    emit: Emit,
    /// Print the machine code as iced-x86 decodes it, each LLVMlite
    /// instruction as a comment above its machine code (to OUT, or stdout).
    #[arg(long)]
    disasm: bool,
    #[command(flatten)]
    runtime: RuntimeOpts,
    /// Where to write (stdout for asm and disasm when absent).
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    /// The program.
    file: PathBuf,
    /// Deliberate miscompilations (mutation testing of compiler checkers),
    /// comma-separated: sub-swap, field-offset, drop-seventh-arg,
    /// sle-as-slt, ashr-as-lshr, slt-as-sle, cmp-swap, held-cond-inverted.
    #[arg(long, hide = true)]
    mutate: Option<String>,
}

/// Compiles; exit 0, 2 for an ill-formed program, 1 for a failure to build.
pub fn main(a: CompileArgs) -> u8 {
    // The program may call the functions of the runtime it is linked with.
    let (runtime, runtime_c) = match a.runtime.resolve(None) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let l = match load_file(&a.file, runtime) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mutations = match codegen::Mutations::from_names(a.mutate.as_deref().unwrap_or("")) {
        Ok(ms) => ms,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let opts = codegen::CompileOptions {
        mutations,
        ..codegen::CompileOptions::default()
    };
    let module = match codegen::compile_with(&l.prog, &opts) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("lloracle: {}: {e}", a.file.display());
            return 1;
        }
    };
    let text = if a.disasm {
        match module.disasm() {
            Ok(t) => t,
            Err(e) => {
                eprintln!("lloracle: {e}");
                return 1;
            }
        }
    } else {
        module.to_asm()
    };
    match (a.emit, a.disasm, &a.output) {
        (Emit::Exe, false, Some(out)) => {
            match Tools::link_program(&text, runtime, runtime_c, out) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("lloracle: {e}");
                    1
                }
            }
        }
        (Emit::Exe, false, None) => {
            eprintln!("lloracle: --emit exe needs -o OUT");
            EXIT_USAGE
        }
        (_, _, Some(out)) => match std::fs::write(out, text) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("lloracle: {}: {e}", out.display());
                1
            }
        },
        (_, _, None) => {
            print!("{text}");
            0
        }
    }
}

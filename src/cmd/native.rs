//! `lloracle native FILE [ARGS..]`: compile with the built-in back end and
//! run the machine code in a sandboxed child process; the output contract
//! of `run`.

use super::options::{builtin_supports, parse_runtime, RuntimeArg};
use super::{load_file, print_json, report_outcome};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `lloracle native`.
#[derive(clap::Args, Debug)]
pub struct NativeArgs {
    /// Print one JSON outcome object on stdout instead of the program's output.
    #[arg(long)]
    json: bool,
    /// Wall-clock limit in seconds.
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// The runtime the program calls: `ll` or `ll-libc` (the runner has
    /// their functions); an Oat runtime is a usage error that says what
    /// works instead (docs/dialects.md, "Runtimes").
    #[arg(long, value_name = "NAME", value_parser = parse_runtime)]
    runtime: Option<RuntimeArg>,
    /// argv[0] as the program sees it.
    #[arg(long, default_value_t = codegen::NativeOptions::default().program_name)]
    program_name: String,
    /// The program.
    file: PathBuf,
    /// argv[1..].
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Compiles and runs natively; exit code as `run` (5 for a crash or timeout).
pub fn main(a: NativeArgs) -> u8 {
    let supported = match &a.runtime {
        None => Ok(()),
        Some(RuntimeArg::Named(r)) => builtin_supports(*r),
        Some(RuntimeArg::CFile(f)) => Err(format!(
            "--runtime {}: the built-in back end's runner links no C file (its runtime is \
             the ll and ll-libc functions); build an executable with `lloracle compile --emit exe \
             --runtime-c FILE.c`",
            f.display()
        )),
    };
    if let Err(e) = supported {
        eprintln!("lloracle: {e}");
        return super::EXIT_USAGE;
    }
    let l = match load_file(&a.file, spec::RuntimeName::Ll) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let opts = codegen::NativeOptions {
        program_name: a.program_name,
        timeout: Duration::from_secs(a.timeout),
        ..codegen::NativeOptions::default()
    };
    let outcome = match codegen::run_native(&l.prog, &a.args, &opts) {
        Ok(o) => o,
        // The program cannot be compiled (a type too big, a back-end
        // limit): not a result of the program, so not 1.
        Err(e) => {
            eprintln!("lloracle: {}: {e}", a.file.display());
            return super::EXIT_USAGE;
        }
    };
    if a.json {
        print_json(&outcome.to_json());
    } else {
        report_outcome(&outcome, Some(&l.src));
    }
    outcome.exit_code() as u8
}

//! `lloracle`: the test oracle for LLVMlite. Run, check, print and generate
//! programs; see DESIGN.md's command-line table for the contract scripts
//! and graders rely on.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The test oracle for LLVMlite: runs programs on an executable
/// transcription of the spec and checks compilers against it.
#[derive(Parser, Debug)]
#[command(name = "lloracle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Interpret a program on the oracle: its stdout on stdout, diagnostics on
    /// stderr, exit code = result mod 256 (3 undefined, 4 limit, 2 ill-typed
    /// or malformed).
    Run(cmd::run::RunArgs),
    /// Parse and type-check only: `ok`, or diagnostics with the rule broken.
    Check(cmd::check::CheckArgs),
    /// Print the canonical text of a program (LLVM 3.7+ syntax).
    Print(cmd::print::PrintArgs),
    /// Recover pointee types of an opaque-pointer program and print typed
    /// LLVMlite (bitcasts where a value is used at another type).
    Recover(cmd::recover::RecoverArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run(a) => cmd::run::main(a),
        Command::Check(a) => cmd::check::main(a),
        Command::Print(a) => cmd::print::main(a),
        Command::Recover(a) => cmd::recover::main(a),
    };
    ExitCode::from(code)
}

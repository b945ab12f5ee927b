//! `lloracle`: the test oracle for LLVMlite. Run, check, print and generate
//! programs; README.md's command-line table gives the contract scripts and
//! graders rely on.

mod cmd;

/// The differential pipeline (generate, check, resolve, compile) makes and
/// frees many small objects per program; mimalloc does that faster than
/// the system allocator (`lloracle fuzz-diff`: about a quarter of its time
/// was in malloc and free). Native children never allocate after fork.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// `lloracle --version`: the package version and the revision it was built
/// from (build.rs: the git revision, or the kit's `REVISION` file), e.g.
/// `0.1.0 (rev 3a8807f)`.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (rev ",
    env!("LLORACLE_REV"),
    ")"
);

/// The test oracle for LLVMlite: runs programs on an executable
/// transcription of the spec and checks compilers against it.
#[derive(Parser, Debug)]
#[command(name = "lloracle", version = VERSION, about)]
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
    /// Compile with the built-in x86-64 back end and run natively in a
    /// sandboxed child process (the output contract of `run`).
    Native(cmd::native::NativeArgs),
    /// Compile with the built-in back end: AT&T assembly, an executable, or
    /// the iced-x86 listing.
    Compile(cmd::compile::CompileArgs),
    /// The table of dialect features and profiles (which compilers accept what).
    Dialects(cmd::dialects::DialectsArgs),
    /// The bundled corpus: `list` its programs, `show NAME` one of them
    /// (by the name reports give it, e.g. `corpus/spec/factorial.ll`).
    Corpus(cmd::corpus::CorpusArgs),
    /// Print one random well-typed, well-defined, terminating program.
    Gen(cmd::gen::GenArgs),
    /// The benchmark table: oracle vs LLVM's interpreter, native code vs llc.
    Bench(cmd::bench::BenchArgs),
    /// The differential pipeline on random programs: oracle vs native code.
    FuzzDiff(cmd::fuzz_diff::FuzzDiffArgs),
    /// Write a ready autograder (Gradescope) that checks each submission
    /// with test-compiler; options after `--out DIR` go to test-compiler.
    Autograder(cmd::autograder::AutograderArgs),
    /// Check a compiler (or optimiser) against the oracle on the corpus and
    /// random programs; reduce and report every failure.
    TestCompiler(cmd::test_compiler::TestCompilerArgs),
    /// Shrink a program that fails under a compiler while it keeps failing
    /// the same way and stays well defined.
    Reduce(cmd::reduce::ReduceArgs),
    /// Check every submission in a directory (each subdirectory) on the same
    /// programs: a report per submission and a class summary (table, CSV,
    /// JSON).
    Grade(cmd::grade::GradeArgs),
    /// Join the JSON reports of the shards of one campaign into the report
    /// of the whole (and its Gradescope and JUnit files).
    Merge(cmd::merge::MergeArgs),
    /// A course's Oat tests (`gradedtests.ml`: executed triples and
    /// type-checking lists) into annotated `.oat` copies for
    /// `test-compiler --tests` (docs/oat-tests.md).
    ImportTests(cmd::import_tests::ImportTestsArgs),
    /// Recover pointee types of an opaque-pointer program and print typed
    /// LLVMlite (bitcasts where a value is used at another type).
    Recover(cmd::recover::RecoverArgs),
}

/// Every subcommand but `test-compiler` dies quietly of `SIGPIPE` when its
/// output is closed (`lloracle check *.ll | head -1`), like any Unix tool;
/// `test-compiler` keeps ignoring it, writes its report files first and
/// ignores a closed stdout.
fn default_sigpipe() {
    // SAFETY: restoring the default disposition of one signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::TestCompiler(_)) {
        default_sigpipe();
    }
    let code = match cli.command {
        Command::Run(a) => cmd::run::main(a),
        Command::Check(a) => cmd::check::main(a),
        Command::Print(a) => cmd::print::main(a),
        Command::Native(a) => cmd::native::main(a),
        Command::Compile(a) => cmd::compile::main(a),
        Command::Corpus(a) => cmd::corpus::main(a),
        Command::Gen(a) => cmd::gen::main(a),
        Command::Dialects(a) => cmd::dialects::main(a),
        Command::Bench(a) => cmd::bench::main(a),
        Command::FuzzDiff(a) => cmd::fuzz_diff::main(a),
        Command::Autograder(a) => cmd::autograder::main(a),
        Command::TestCompiler(a) => cmd::test_compiler::main(a),
        Command::Reduce(a) => cmd::reduce::main(a),
        Command::Recover(a) => cmd::recover::main(a),
        Command::Grade(a) => cmd::grade::main(a),
        Command::Merge(a) => cmd::merge::main(a),
        Command::ImportTests(a) => cmd::import_tests::main(a),
    };
    ExitCode::from(code)
}

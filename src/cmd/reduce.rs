//! `lloracle reduce FILE --cmd 'CMD {in} {out}' [--emit asm|exe]`: shrink a
//! program that fails under a compiler while it keeps failing the same way
//! and stays well defined; the reduced program on stdout (or `--out`).
//! With `--emit ll` the compiler is a front end and FILE an Oat test
//! (docs/oat-tests.md), reduced on its Oat source as a front-end campaign
//! reduces it (`lloracle::frontend::subject::reduce_test`).

use super::options::{BoundOpts, CompilerOpts, DialectOpt, EmitArg, LimitOpts};
use super::EXIT_USAGE;
use lloracle::frontend::judge::escaped;
use lloracle::frontend::setup::{reduce_test_file, reduced_test_file, FrontEndGiven, ReducedFile};
use lloracle::harness::budget::Budget;
use lloracle::harness::options::Reductions;
use lloracle::harness::reduce_file::{first_failure, reduce_failure, reduced_corpus};
use lloracle::harness::report::describe_reduction;
use lloracle::harness::verdicts::describe;
use std::path::PathBuf;

/// Arguments of `lloracle reduce`.
#[derive(clap::Args, Debug)]
pub struct ReduceArgs {
    /// The failing program (its `CHECK-ARGS` lines give the runs; the first
    /// failing run is reduced).
    file: PathBuf,
    #[command(flatten)]
    compiler: CompilerOpts,
    #[command(flatten)]
    dialect: DialectOpt,
    #[command(flatten)]
    limits: LimitOpts,
    #[command(flatten)]
    bounds: BoundOpts,
    /// Write the reduced program here instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// For a front end (`--emit ll`): the Oat of the homework, 1 or 2 (its
    /// default runtime, as for `test-compiler`).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    oat_version: u8,
}

/// Reduces; 0 when a reduced program was written, 1 when the program does
/// not fail, 2 for bad input.
pub fn main(a: ReduceArgs) -> u8 {
    let done = if a.compiler.emit == EmitArg::Ll {
        front_end(&a)
    } else {
        back_end(&a)
    };
    done.unwrap_or_else(|e| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    })
}

/// Reduces a failing program under a back end or an optimiser: the exit
/// code (1 when it does not fail, or the failure did not reproduce), `Err`
/// a usage error.
fn back_end(a: &ReduceArgs) -> Result<u8, String> {
    let limits = a.limits.limits();
    let budget = Budget::new(limits.time_budget);
    let target = a.compiler.target(&a.dialect)?;
    let tools = limits.tools(&target)?;
    let Some(f) = first_failure(&tools, &target, &a.file)? else {
        eprintln!(
            "lloracle: {} does not fail under {} (or the oracle does not return on it)",
            a.file.display(),
            target.compiler.describe()
        );
        return Ok(1);
    };
    eprintln!(
        "lloracle: reducing a {} failure ({}) on args {:?}",
        f.category, f.key, f.args
    );
    let bounds = a.bounds.bounds().within(&budget);
    let Some(red) = reduce_failure(&tools, &target, &f, &bounds) else {
        eprintln!("lloracle: the failure did not reproduce (flaky?)");
        return Ok(1);
    };
    eprintln!(
        "lloracle: {} -> {}",
        gen::shrink::insn_count(&f.case.prog),
        describe_reduction(&red)
    );
    eprintln!("  oracle: {}", describe(&red.expected));
    match &red.actual {
        Some(x) => eprintln!("  actual: {}", describe(x)),
        None => eprintln!("  actual: no executable"),
    }
    write_out(a, &reduced_corpus(&f.args, &red))?;
    Ok(0)
}

/// Writes the reduced program to `--out`, or stdout.
fn write_out(a: &ReduceArgs, text: &str) -> Result<(), String> {
    match &a.out {
        Some(p) => std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Reduces a failing Oat test under a front end (`--emit ll`): the exit
/// code as for a back end (1 also when its failure is one that is not
/// reduced, saying why), `Err` a usage error.
fn front_end(a: &ReduceArgs) -> Result<u8, String> {
    let g = FrontEndGiven {
        oat_version: Some(a.oat_version),
        reductions: Reductions {
            max_reductions: 1,
            bounds: a.bounds.bounds(),
        },
        ..FrontEndGiven::of(
            &a.compiler.selection(),
            a.dialect.dialect.clone(),
            a.limits.limits(),
        )?
    };
    let (run, own, red) = match reduce_test_file(&g, &a.file)? {
        ReducedFile::NotReduced(why) => {
            eprintln!("lloracle: {}: not reduced: {why}", a.file.display());
            return Ok(1);
        }
        ReducedFile::DoesNotFail => {
            eprintln!(
                "lloracle: {} does not fail under {}",
                a.file.display(),
                g.cmd
            );
            return Ok(1);
        }
        ReducedFile::Reduced(reduced) => *reduced,
    };
    eprintln!(
        "lloracle: reducing a {} failure on args {:?}",
        own.category, run.args
    );
    let Some(red) = red else {
        eprintln!("lloracle: the failure did not repeat under the reduction's expected output");
        return Ok(1);
    };
    eprintln!("lloracle: {}", red.how());
    eprintln!(
        "  expected: course output \"{}\" ({})",
        escaped(&red.expected),
        red.expected_from
    );
    eprintln!("  actual: {}", red.actual);
    write_out(a, &reduced_test_file(&run, &red))?;
    Ok(0)
}

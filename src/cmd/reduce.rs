//! `lloracle reduce FILE --cmd 'CMD {in} {out}' [--emit asm|exe]`: shrink a
//! program that fails under a compiler while it keeps failing the same way
//! and stays well defined; the reduced program on stdout (or `--out`).
//! With `--emit ll` the compiler is a front end and FILE an Oat test
//! (docs/oat-tests.md), reduced on its Oat source as a front-end campaign
//! reduces it (`lloracle::frontend::campaign::reduce_test`).

use super::options::{BoundOpts, CompilerOpts, DialectOpt, EmitArg, FrontEndOpts, LimitOpts};
use super::EXIT_USAGE;
use lloracle::frontend::campaign::{reduce_test, FrontEndCampaign};
use lloracle::frontend::judge::escaped;
use lloracle::harness::budget::Budget;
use lloracle::harness::cases::corpus_cases;
use lloracle::harness::compiler::Tools;
use lloracle::harness::dialect::{self, Prepared};
use lloracle::harness::group::signature;
use lloracle::harness::judge::judge_text;
use lloracle::harness::reduce::{reduce, Bounds, Goal};
use lloracle::harness::report::describe_reduction;
use lloracle::harness::verdicts::describe;
use lloracle::harness::Compiler;
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
    if a.compiler.emit == EmitArg::Ll {
        return match front_end(&a) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("lloracle: {e}");
                EXIT_USAGE
            }
        };
    }
    let limits = a.limits.limits();
    let budget = Budget::new(limits.time_budget);
    let target = match a.compiler.target(&a.dialect) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let compiler = &target.compiler;
    let tools = match limits.tools(&target) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let case = match corpus_cases(&a.file, target.course.runtime) {
        Ok(c) => match (c.cases.into_iter().next(), c.set_aside.first()) {
            (Some(c), _) => c,
            (None, why) => {
                let why = why.map_or("does not parse or check".into(), |s| s.why.clone());
                eprintln!("lloracle: {why}");
                return EXIT_USAGE;
            }
        },
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let case = match dialect::prepare(case, &target.course, target.dialect.as_ref()) {
        Prepared::Send(c) => c,
        Prepared::NotInDialect(r) => {
            let why = r
                .verdicts
                .first()
                .map_or(String::new(), |v| format!("{v:?}"));
            eprintln!(
                "lloracle: {}: not in the compiler's dialect: {why}",
                a.file.display()
            );
            return EXIT_USAGE;
        }
        Prepared::SetAside(s) => {
            eprintln!("lloracle: {}: {}", a.file.display(), s.why);
            return EXIT_USAGE;
        }
    };
    let runs: Vec<Vec<String>> = case.runs.iter().map(|(_, r)| r.clone()).collect();
    let verdicts = judge_text(&tools, compiler, &case.prog, case.text.as_deref(), &runs);
    let failing = verdicts
        .iter()
        .zip(&runs)
        .find_map(|(v, args)| signature(v).map(|(c, key)| (c, key, args)));
    let Some((category, key, args)) = failing else {
        eprintln!(
            "lloracle: {} does not fail under {} (or the oracle does not return on it)",
            a.file.display(),
            compiler.describe()
        );
        return 1;
    };
    eprintln!("lloracle: reducing a {category} failure ({key}) on args {args:?}");
    let bounds = Bounds {
        max_time: a.bounds.bounds().max_time.min(budget.remaining()),
        ..a.bounds.bounds()
    };
    let Some(red) = reduce(
        &tools,
        compiler,
        &case.prog,
        args,
        &Goal::of(category, &key),
        &bounds,
    ) else {
        eprintln!("lloracle: the failure did not reproduce (flaky?)");
        return 1;
    };
    eprintln!(
        "lloracle: {} -> {}",
        gen::shrink::insn_count(&case.prog),
        describe_reduction(&red)
    );
    eprintln!("  oracle: {}", describe(&red.expected));
    match &red.actual {
        Some(x) => eprintln!("  actual: {}", describe(x)),
        None => eprintln!("  actual: no executable"),
    }
    let mut text = String::new();
    if !args.is_empty() {
        text.push_str(&format!("; CHECK-ARGS: {}\n", args.join(" ")));
    }
    if let spec::Outcome::Returned { value, .. } = red.expected {
        text.push_str(&format!("; CHECK-RESULT: {value}\n\n"));
    }
    text.push_str(&red.text);
    match &a.out {
        Some(p) => {
            if let Err(e) = std::fs::write(p, text) {
                eprintln!("lloracle: {}: {e}", p.display());
                return EXIT_USAGE;
            }
        }
        None => print!("{text}"),
    }
    0
}

/// Reduces a failing Oat test under a front end (`--emit ll`): the exit
/// code as for a back end (1 also when its failure is one that is not
/// reduced, saying why), `Err` a usage error.
fn front_end(a: &ReduceArgs) -> Result<u8, String> {
    let Ok(Compiler::FrontEnd { cmd }) = a.compiler.compiler() else {
        return Err("--emit ll needs --cmd (the front end under test)".into());
    };
    let fe = FrontEndOpts {
        tests: Some(a.file.clone()),
        oat_version: Some(a.oat_version),
        oat_dialect: None,
        no_native: true,
        plain_strings: false,
    };
    let version = fe.version(&a.compiler)?;
    let course = fe.course(&a.compiler)?;
    let limits = a.limits.limits();
    let mut tools = Tools::with(course, None, limits.timeout)?;
    tools.oracle.fuel = limits.fuel;
    let test = match lloracle::frontend::tests::load(&a.file)
        .map_err(|e| e.to_string())?
        .into_iter()
        .next()
    {
        Some(t) => t,
        None => return Err(format!("{}: no Oat test", a.file.display())),
    };
    let c = FrontEndCampaign {
        cmd,
        reference: a.compiler.reference.clone(),
        tests: vec![test.clone()],
        dialect: a.dialect.dialect.clone(),
        version,
        oat_dialect: fe.oat_dialect,
        orders: oat::order::ArgOrders::default(),
        plan: Default::default(),
        native: false,
        jobs: 1,
        max_reductions: 1,
        bounds: a.bounds.bounds(),
        time_budget: limits.time_budget,
        shard: None,
    };
    let reduced = match reduce_test(&c, &tools, &test) {
        Ok(r) => r,
        Err(why) => {
            eprintln!("lloracle: {}: not reduced: {why}", a.file.display());
            return Ok(1);
        }
    };
    let Some((run, own, red)) = reduced else {
        eprintln!(
            "lloracle: {} does not fail under {cmd}",
            a.file.display(),
            cmd = c.cmd
        );
        return Ok(1);
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
    let text = format!(
        "{}\n/* CHECK-ARGS: {}\n   CHECK-COURSE-OUTPUT: {}\n*/\n",
        red.text.trim_end(),
        run.args.join(" "),
        lloracle::corpus::escape(&red.expected)
    );
    match &a.out {
        Some(p) => std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))?,
        None => print!("{text}"),
    }
    Ok(0)
}

//! The option groups the commands share (flattened into each command's
//! arguments with clap), each turned into the library's value in one
//! place: the compiler under test ([`CompilerOpts`]), the dialect
//! ([`DialectOpt`]), the programs ([`ProgramOpts`]), the limits
//! ([`LimitOpts`]), the reduction bounds ([`ReduceOpts`]) and the report
//! files ([`ReportOpts`]). Defaults are the library's `Default`s.

use lloracle::frontend::setup::FrontEndGiven;
use lloracle::harness::campaign::ReportFiles;
use lloracle::harness::course::resolve::Given;
pub use lloracle::harness::course::resolve::{
    builtin_supports, parse_dialect, parse_oat_dialect, parse_runtime, RuntimeArg,
};
use lloracle::harness::course::Entry;
use lloracle::harness::optimiser::SavingsScoring;
use lloracle::harness::options::{Limits, Programs, Reductions, Selection};
use lloracle::harness::reduce::Bounds;
use lloracle::harness::report::{Grading, Scoring};
use lloracle::harness::shard::Shard;
use lloracle::harness::{Emit, Target};
use oat::dialect::OatDialect;
use spec::dialect::Dialect;
use spec::RuntimeName;
use std::path::PathBuf;
use std::time::Duration;

/// `--runtime NAME` and `--runtime-c FILE.c`: the runtime programs call
/// and the C that native code links with.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RuntimeOpts {
    /// The course runtime programs call (`lloracle dialects` lists them):
    /// ll, ll-libc, oat-eth-2019, oat-eth, oat-hw5, oat-cis341. The oracle
    /// gives its functions their meaning and native code links with
    /// lloracle's bundled C for it; an Oat runtime starts programs at
    /// `@program`. Default: the dialect's runtime (`ll`).
    #[arg(long, value_name = "NAME", value_parser = parse_runtime)]
    pub runtime: Option<RuntimeArg>,
    /// The course's own C runtime (its `runtime.c`), linked instead of the
    /// bundled C of `--runtime`.
    #[arg(long, value_name = "FILE.c")]
    pub runtime_c: Option<PathBuf>,
}

impl RuntimeOpts {
    /// The named runtime and the course's C file
    /// ([`Given::runtime`](lloracle::harness::course::resolve::Given::runtime)).
    pub fn resolve(
        &self,
        dialect: Option<&Dialect>,
    ) -> Result<(RuntimeName, Option<PathBuf>), String> {
        Given {
            runtime: self.runtime.clone(),
            runtime_c: self.runtime_c.clone(),
            ..Given::default()
        }
        .runtime(dialect)
    }
}

/// `--dialect NAME`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct DialectOpt {
    /// A course dialect (`lloracle dialects` lists them): what a course's
    /// parser reads. `gen` and `print` write in it, `check` also checks
    /// that files are in it; `test-compiler` and `grade` send programs in
    /// it (lowered where needed, "not in dialect" where impossible) instead
    /// of probing the compiler.
    #[arg(long, value_name = "NAME", value_parser = parse_dialect)]
    pub dialect: Option<Dialect>,
}

/// `asm` or `exe`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EmitArg {
    /// AT&T assembly, linked here with cc and the runtime.
    #[default]
    Asm,
    /// A linked executable.
    Exe,
    /// LLVMlite: `--cmd` is a front end, `{in}` an Oat program (a `.oat`
    /// test) and `{out}` the `.ll` it writes (docs/grading.md, "Front
    /// ends").
    Ll,
}

/// `main` or `program`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EntryArg {
    /// Programs start at `@main`.
    #[default]
    Main,
    /// The course runtime's C `main` calls `@program(argc, argv)`.
    Program,
}

impl CampaignOpts {
    /// The front-end campaign these options describe (`--cmd ... --emit
    /// ll`), as the library's values.
    pub fn front_end_given(&self) -> Result<FrontEndGiven, String> {
        let fe = &self.front_end;
        Ok(FrontEndGiven {
            tests: fe.tests.clone(),
            oat_version: fe.oat_version,
            oat_dialect: fe.oat_dialect,
            native: !fe.no_native,
            plain_strings: fe.plain_strings,
            programs: self.programs.programs(),
            reductions: self.reduce.reductions(),
            jobs: lloracle::harness::options::jobs(self.jobs),
            ..FrontEndGiven::of(
                &self.compiler.selection(),
                self.dialect.dialect.clone(),
                self.limits.limits(),
            )?
        })
    }

    /// How a campaign's reports are scored and explained (`points`: the
    /// scoring's default points, as `grade` has them; `savings`: with the
    /// savings test of `--opt-points`, which a front end has not).
    pub fn grading(&self, points: Option<f64>, savings: bool) -> Result<Grading, String> {
        Ok(Grading {
            scoring: self.reports.scoring(points)?,
            savings: savings
                .then(|| self.reports.savings_scoring())
                .transpose()?
                .flatten(),
            reproduce: self.reports.reproduce.clone(),
        })
    }
}

/// The options that select the compiler under test and how its output is
/// linked and started.
#[derive(clap::Args, Debug, Clone)]
pub struct CompilerOpts {
    /// The compiler: a shell command with `{in}` (the .ll file) and `{out}`
    /// (the file to write), or `{outdir}` (a fresh folder; the output is
    /// `{outdir}/{stem}.s`, `{stem}` the input's name without .ll), run in
    /// the current directory: `./main.native -S -op {outdir} {in}`.
    #[arg(long, conflicts_with = "opt_cmd")]
    pub cmd: Option<String>,
    /// What `--cmd` writes to `{out}`: `asm` (linked here with cc and the
    /// runtime), `exe`, or `ll` for a front end (its `{in}` is an Oat
    /// program).
    #[arg(long, value_enum, default_value_t = EmitArg::Asm)]
    pub emit: EmitArg,
    /// An ll-to-ll optimiser: a shell command with `{in}` and `{out}`; its
    /// output must parse, check and agree with the oracle.
    #[arg(long)]
    pub opt_cmd: Option<String>,
    /// Test the built-in back end with deliberate bugs (mutation testing),
    /// comma-separated names (`sle-as-slt,sub-swap`).
    #[arg(long, hide = true, conflicts_with_all = ["cmd", "opt_cmd"])]
    pub mutate: Option<String>,
    #[command(flatten)]
    pub runtime: RuntimeOpts,
    /// Extra arguments of `cc` when linking `--emit asm` output, e.g.
    /// `-no-pie` (split at white space).
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    pub link_flags: Option<String>,
    /// Where the course's driver starts programs: `main`, or `program` for
    /// courses whose runtime's C `main` calls `program(argc, argv)` (the
    /// bundled runtime then supplies that `main`; programs are sent with
    /// their `@main` named `@program`). Default: `program` for an Oat
    /// runtime, else `main`.
    #[arg(long, value_enum)]
    pub entry: Option<EntryArg>,
    /// The course's reference solution, a command of the same kind as
    /// `--cmd` (or `--opt-cmd`) with `{in}` and `{out}`: it compiles every
    /// program too; a failure it shares is listed apart and not scored, a
    /// program it cannot build is left out for everyone, and the dialect is
    /// probed on it (docs/grading.md).
    #[arg(long, value_name = "CMD")]
    pub reference: Option<String>,
}

impl CompilerOpts {
    /// The compiler under test and the course conventions as given: the
    /// one place these options become the library's value.
    pub fn selection(&self) -> Selection {
        Selection {
            cmd: self.cmd.clone(),
            emit: match self.emit {
                EmitArg::Asm => Some(Emit::Asm),
                EmitArg::Exe => Some(Emit::Exe),
                EmitArg::Ll => None,
            },
            opt_cmd: self.opt_cmd.clone(),
            mutate: self.mutate.clone(),
            reference: self.reference.clone(),
            given: Given {
                runtime: self.runtime.runtime.clone(),
                runtime_c: self.runtime.runtime_c.clone(),
                link_flags: self
                    .link_flags
                    .as_deref()
                    .unwrap_or("")
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                entry: self.entry.map(|e| match e {
                    EntryArg::Main => Entry::Main,
                    EntryArg::Program => Entry::Program,
                }),
            },
        }
    }

    /// The target these options and `dialect` select (the dialect not yet
    /// probed; [`Selection::target`]).
    pub fn target(&self, dialect: &DialectOpt) -> Result<Target, String> {
        self.selection().target(dialect.dialect.clone())
    }
}

/// The options of a front-end campaign (`--cmd ... --emit ll`).
#[derive(clap::Args, Debug, Clone)]
pub struct FrontEndOpts {
    /// For a front end: the Oat tests, one `.oat` file or a folder of them
    /// (docs/oat-tests.md); default: the bundled tests of --oat-version.
    #[arg(long, value_name = "PATH")]
    pub tests: Option<PathBuf>,
    /// For a front end: the Oat of the homework, 1 (homework 4) or 2
    /// (homework 5): which bundled tests and generated programs it gets,
    /// and the default runtime (oat-eth for 1, oat-hw5 for 2). Default:
    /// the version of --oat-dialect, else of --runtime's homework, else 2.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub oat_version: Option<u8>,
    /// For a front end: the course year's Oat (`lloracle dialects` lists
    /// them): generated programs use only its constructs and are written
    /// in its syntax. Default: probed from the front end (docs/oat.md,
    /// "Dialects").
    #[arg(long, value_name = "NAME", value_parser = parse_oat_dialect)]
    pub oat_dialect: Option<OatDialect>,
    /// For a front end: do not build outputs natively (with clang, or llc
    /// and cc) to explain verdicts.
    #[arg(long)]
    pub no_native: bool,
    /// For a front end: generated string literals hold no escapes (for
    /// front ends whose printer writes string constants unescaped; the
    /// course dialects already leave them out).
    #[arg(long)]
    pub plain_strings: bool,
}

/// The programs a campaign checks.
#[derive(clap::Args, Debug, Clone)]
pub struct ProgramOpts {
    /// A corpus directory, or one annotated .ll file (default: the bundled corpus).
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// Do not use the corpus (random programs only).
    #[arg(long)]
    pub no_corpus: bool,
    /// How many random programs.
    #[arg(long, default_value_t = Programs::default().random)]
    pub random: u64,
    /// The first random seed (programs use seed, seed + 1, ...).
    #[arg(long, default_value_t = Programs::default().seed)]
    pub seed: u64,
    /// The size of random programs (1..=100).
    #[arg(long, default_value_t = Programs::default().size)]
    pub size: usize,
    /// Check only shard I of N of the programs (those whose index in the
    /// unsharded campaign is I-1 mod N); `lloracle merge` joins the JSON
    /// reports of all shards.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
}

impl ProgramOpts {
    /// The library's value.
    pub fn programs(&self) -> Programs {
        Programs {
            corpus: self.corpus.clone(),
            no_corpus: self.no_corpus,
            random: self.random,
            seed: self.seed,
            size: self.size,
            shard: self.shard,
        }
    }
}

/// The limits of compiling, running and the whole campaign.
#[derive(clap::Args, Debug, Clone)]
pub struct LimitOpts {
    /// Wall-clock limit of one compile, link or run, in seconds.
    #[arg(long, default_value_t = Limits::default().timeout.as_secs())]
    pub timeout: u64,
    /// Wall-clock limit of the whole run, in seconds: past it no new
    /// program is started and no reduction goes on; the reports cover
    /// what finished.
    #[arg(long, default_value_t = Limits::default().time_budget.as_secs())]
    pub time_budget: u64,
    /// The most instructions the oracle executes per run (at least 1); runs
    /// that need more end in `fuel-exhausted` and are skipped, not judged.
    #[arg(long, default_value_t = Limits::default().fuel, value_parser = clap::value_parser!(u64).range(1..))]
    pub fuel: u64,
    /// Confine the compiler and the programs it builds as `grade` confines
    /// each submission's (docs/grading.md, "What a submission can and
    /// cannot do"), the compiler reading the folder DIR (its submission);
    /// `grade` confines every submission to its own folder whatever this
    /// says.
    #[arg(long, value_name = "DIR")]
    pub confine_to: Option<std::path::PathBuf>,
    /// Which memory gives a back end's (or optimiser's) programs their
    /// meaning on the oracle: `llvmlite` (the spec's tagged trees, the
    /// course's reference interpreter's) or `llvm` (bytes at addresses, as
    /// clang or llc and cc compile the course's tests; a run whose output
    /// depends on addresses is left out). A front end's output is judged
    /// in LLVM's memory whatever this says. docs/semantics.md, "Which
    /// memory applies"
    #[arg(long, default_value_t = oracle::MemoryModel::Llvmlite)]
    pub memory: oracle::MemoryModel,
    /// Without `--confine-to`, run the compiler and its programs with your
    /// own rights: by default the programs it builds are confined and the
    /// compiler has no network (docs/grading.md, "What a submission can
    /// and cannot do").
    #[arg(long, conflicts_with = "confine_to")]
    pub no_confine: bool,
}

impl LimitOpts {
    /// The library's value.
    pub fn limits(&self) -> Limits {
        Limits {
            timeout: Duration::from_secs(self.timeout),
            fuel: self.fuel,
            time_budget: Duration::from_secs(self.time_budget),
            confine_to: self.confine_to.clone(),
            memory: self.memory,
            confine_by_default: !self.no_confine,
        }
    }
}

/// The bounds of one reduction.
#[derive(clap::Args, Debug, Clone)]
pub struct BoundOpts {
    /// The most candidates one reduction tries.
    #[arg(long, alias = "max-candidates", default_value_t = Bounds::default().max_candidates)]
    pub reduce_candidates: usize,
    /// The most seconds one reduction takes.
    #[arg(long, alias = "max-time", default_value_t = Bounds::default().max_time.as_secs())]
    pub reduce_time: u64,
}

impl BoundOpts {
    /// The library's value.
    pub fn bounds(&self) -> Bounds {
        Bounds {
            max_candidates: self.reduce_candidates,
            max_time: Duration::from_secs(self.reduce_time),
        }
    }
}

/// How much of a campaign goes to reducing failures.
#[derive(clap::Args, Debug, Clone)]
pub struct ReduceOpts {
    /// Reduce at most this many failing programs.
    #[arg(long, default_value_t = Reductions::default().max_reductions)]
    pub max_reductions: usize,
    #[command(flatten)]
    pub bounds: BoundOpts,
}

impl ReduceOpts {
    /// The library's value.
    pub fn reductions(&self) -> Reductions {
        Reductions {
            max_reductions: self.max_reductions,
            bounds: self.bounds.bounds(),
        }
    }
}

/// Where a campaign's report files go.
#[derive(clap::Args, Debug, Clone)]
pub struct ReportOpts {
    /// Write the JSON report here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write a Gradescope results.json here.
    #[arg(long)]
    pub gradescope: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Where reduced failing programs are saved (default:
    /// `lloracle-failures` for test-compiler; grade puts each submission's
    /// under its own folder).
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
    /// For an optimiser (`--opt-cmd`): the points of Gradescope's savings
    /// test (the oracle's steps after over before, geometric mean); without
    /// it the test is shown and not scored.
    #[arg(long, value_name = "N")]
    pub opt_points: Option<f64>,
    /// The geometric mean ratio that earns all of `--opt-points` (none at
    /// 1, linear between), e.g. 0.9.
    #[arg(
        long,
        value_name = "RATIO",
        default_value_t = 0.9,
        requires = "opt_points"
    )]
    pub opt_target: f64,
    /// Scale the Gradescope score to this total, split into one test per
    /// program family (corpus folder, random programs) that is the same
    /// for every student (grade: 100 by default; test-compiler without
    /// it: one point per judged run).
    #[arg(long, value_name = "N")]
    pub points: Option<f64>,
    /// A family's weight, `NAME=W` (`corpus/calls=3`, `random
    /// programs=1`); repeatable. A family not named weighs its number of
    /// programs.
    #[arg(long, value_name = "NAME=W")]
    pub weight: Vec<String>,
    /// The course's recipe to reproduce a failure, shown beside each
    /// failure's program: `{file}` is the program's file, `{args}` its
    /// arguments (e.g. `./main.native -S {file} && ./a.out {args}; echo $?`).
    #[arg(long, value_name = "TEMPLATE")]
    pub reproduce: Option<String>,
}

impl ReportOpts {
    /// How the savings of an optimiser are scored
    /// ([`SavingsScoring::from_options`]).
    pub fn savings_scoring(&self) -> Result<Option<SavingsScoring>, String> {
        SavingsScoring::from_options(self.opt_points, self.opt_target)
    }

    /// The scoring asked for: `--points` (or `default_points`) with the
    /// `--weight`s ([`Scoring::from_options`]).
    pub fn scoring(&self, default_points: Option<f64>) -> Result<Option<Scoring>, String> {
        Scoring::from_options(self.points, default_points, &self.weight)
    }

    /// The report files.
    pub fn files(&self) -> ReportFiles {
        ReportFiles {
            json: self.json.clone(),
            gradescope: self.gradescope.clone(),
            junit: self.junit.clone(),
        }
    }
}

/// Every option of a campaign (`test-compiler`, and `grade` and the
/// autograder kit around it).
#[derive(clap::Args, Debug, Clone)]
pub struct CampaignOpts {
    #[command(flatten)]
    pub compiler: CompilerOpts,
    #[command(flatten)]
    pub dialect: DialectOpt,
    #[command(flatten)]
    pub programs: ProgramOpts,
    #[command(flatten)]
    pub limits: LimitOpts,
    #[command(flatten)]
    pub reduce: ReduceOpts,
    #[command(flatten)]
    pub reports: ReportOpts,
    #[command(flatten)]
    pub front_end: FrontEndOpts,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// On a non-terminal, seconds between plain progress lines.
    #[arg(long, default_value_t = 5, value_name = "SECS")]
    pub progress_every: u64,
}

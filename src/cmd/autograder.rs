//! `lloracle autograder gradescope --out DIR [KIT OPTIONS] [TEST-COMPILER
//! OPTIONS]`: writes a ready Gradescope autograder. `setup.sh` installs the
//! C toolchain and lloracle at a pinned revision (built from source on
//! Gradescope's image with a pinned Rust release, so the binary matches the
//! image's C library, or a prebuilt binary shipped in the kit),
//! `run_autograder` lays out the course's handout with the student's files
//! over it, builds that and runs `lloracle test-compiler` on it (as an
//! unprivileged user where the image has one), and a README says how to
//! upload and try the kit. Every option after `--out DIR` that is not the
//! kit's own is passed to `test-compiler` verbatim (checked here first);
//! docs/grading.md is the TA's guide.

use super::options::CampaignOpts;
use super::EXIT_USAGE;
use clap::Parser;
use lloracle::kit::{self, KitOptions};
use std::path::PathBuf;

/// Arguments of `lloracle autograder`.
#[derive(clap::Args, Debug)]
pub struct AutograderArgs {
    #[command(subcommand)]
    kind: Kind,
}

/// The autograding platforms a kit can be written for.
#[derive(clap::Subcommand, Debug)]
enum Kind {
    /// A Gradescope autograder: setup.sh, run_autograder and a README.
    Gradescope(GradescopeArgs),
}

/// Arguments of `lloracle autograder gradescope`: the kit's own options
/// first, then test-compiler's (passed through).
#[derive(clap::Args, Debug)]
pub struct GradescopeArgs {
    /// The folder to write the kit into (created; the kit's files in it are replaced).
    #[arg(long)]
    out: PathBuf,
    /// A shell command that builds the submission, run in its directory
    /// (e.g. `make`); a failing build gives score 0 with its log.
    #[arg(long)]
    build: Option<String>,
    /// A lloracle source tree to copy into the kit and build on Gradescope
    /// (default: the tree this binary was built from, if it still exists).
    #[arg(long, conflicts_with = "git")]
    source: Option<PathBuf>,
    /// Install lloracle with `cargo install --git URL` instead of copying a
    /// source tree into the kit.
    #[arg(long)]
    git: Option<String>,
    /// With `--git`: the commit, tag or branch to install.
    #[arg(long, requires = "git")]
    rev: Option<String>,
    /// An Ubuntu package setup.sh installs besides the C toolchain (for the
    /// students' compilers; repeatable).
    #[arg(long)]
    apt: Vec<String>,
    /// The course's handout folder (driver, parser, Makefile, runtime.c):
    /// shipped in the kit and copied into the build folder before the
    /// student's files, which are copied over it.
    #[arg(long, value_name = "DIR")]
    handout: Option<PathBuf>,
    /// A file the students submit (e.g. `backend.ml`; repeatable): only
    /// these are taken from a submission (found anywhere in it), and a
    /// submission without one scores 0 saying so. Default: every file.
    #[arg(long, value_name = "FILE")]
    submit: Vec<String>,
    /// Ship this prebuilt lloracle (installed by setup.sh, no Rust needed)
    /// instead of building one on the image; it must run on the image's C
    /// library.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["source", "git"])]
    binary: Option<PathBuf>,
    /// Who sees the results on Gradescope (every test).
    #[arg(long, value_enum, default_value_t = Visibility::Visible)]
    visibility: Visibility,
    /// The Rust release setup.sh installs to build lloracle (default: the
    /// one that built this lloracle).
    #[arg(long, value_name = "VERSION")]
    rust: Option<String>,
    /// The options of `lloracle test-compiler`, passed to it as they are
    /// (e.g. `--cmd './main.native -S {in} -o {out}' --random 100`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TEST-COMPILER OPTIONS"
    )]
    test_compiler: Vec<String>,
}

/// Gradescope's `visibility` of the results.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Visibility {
    /// Students see their results at once.
    Visible,
    /// Students see them after the due date.
    #[value(name = "after_due_date")]
    AfterDueDate,
    /// Students see them once the grades are published.
    #[value(name = "after_published")]
    AfterPublished,
    /// Only instructors see them.
    Hidden,
}

impl Visibility {
    /// The value Gradescope's results.json uses.
    fn json(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::AfterDueDate => "after_due_date",
            Visibility::AfterPublished => "after_published",
            Visibility::Hidden => "hidden",
        }
    }
}

/// `test-compiler`'s options on their own, to check the pass-through ones.
#[derive(Parser, Debug)]
#[command(name = "lloracle test-compiler", no_binary_name = true)]
struct TestCompilerOnly {
    #[command(flatten)]
    args: CampaignOpts,
}

/// The library's kit options from the command line, the pass-through
/// options checked as test-compiler would read them.
fn options(g: GradescopeArgs) -> Result<KitOptions, String> {
    check_pass_through(&g.test_compiler)?;
    Ok(KitOptions {
        out: g.out,
        build: g.build,
        source: g.source,
        git: g.git,
        rev: g.rev,
        apt: g.apt,
        handout: g.handout,
        submit: g.submit,
        binary: g.binary,
        visibility: g.visibility.json(),
        rust: g.rust,
        test_compiler: g.test_compiler,
    })
}

/// Writes the kit; 0 on success, 2 (with the reason on stderr) otherwise.
pub fn main(a: AutograderArgs) -> u8 {
    let Kind::Gradescope(g) = a.kind;
    let out = g.out.clone();
    match options(g).and_then(|k| kit::write_gradescope_kit(&k)) {
        Ok(pinned) => {
            println!("the kit pins {pinned}");
            println!(
                "wrote a Gradescope autograder to {}: zip its files (not the folder) and upload",
                out.display()
            );
            0
        }
        Err(e) => {
            eprintln!("lloracle autograder gradescope: {e}");
            EXIT_USAGE
        }
    }
}

/// Parses `args` as `test-compiler`'s options: a typo or a missing compiler
/// is found now, not on the first student's submission
/// ([`kit::refuse_kit_options`], [`kit::check_pass_through`]).
fn check_pass_through(args: &[String]) -> Result<(), String> {
    kit::refuse_kit_options(args)?;
    let parsed = TestCompilerOnly::try_parse_from(args).map_err(|e| {
        format!(
            "the options for test-compiler do not parse:\n{}",
            e.render()
        )
    })?;
    let a = &parsed.args;
    kit::check_pass_through(&a.compiler.selection(), a.dialect.dialect.is_some())
}

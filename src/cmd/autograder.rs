//! `lloracle autograder gradescope --out DIR [KIT OPTIONS] [TEST-COMPILER
//! OPTIONS]`: writes a ready Gradescope autograder. `setup.sh` installs the
//! C toolchain, Rust and lloracle (built from source on Gradescope's image,
//! so the binary matches the image's C library), `run_autograder` builds the
//! submission and runs `lloracle test-compiler` on it, and a README says how
//! to upload and try the kit. Every option after `--out DIR` that is not the
//! kit's own is passed to `test-compiler` verbatim (checked here first).

use super::options::CampaignOpts;
use super::EXIT_USAGE;
use clap::Parser;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use toolchain::shell::quote as shell_quote;

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
    /// The options of `lloracle test-compiler`, passed to it as they are
    /// (e.g. `--cmd './main.native -S {in} -o {out}' --random 100`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TEST-COMPILER OPTIONS"
    )]
    test_compiler: Vec<String>,
}

/// `test-compiler`'s options on their own, to check the pass-through ones.
#[derive(Parser, Debug)]
#[command(name = "lloracle test-compiler", no_binary_name = true)]
struct TestCompilerOnly {
    #[command(flatten)]
    args: CampaignOpts,
}

/// The options the kit sets itself (the results file and the scratch folder).
const KIT_SETS: [&str; 2] = ["--gradescope", "--out-dir"];

/// The kit's own options, which must come before test-compiler's.
const KIT_OWN: [&str; 5] = ["--build", "--source", "--git", "--rev", "--apt"];

/// The folder inside the kit that holds the copied source tree.
const SOURCE_DIR: &str = "lloracle-src";

/// The folder inside the kit that holds a `--corpus` given to the kit
/// (Gradescope unpacks the kit into `/autograder/source`).
const TESTS_DIR: &str = "tests";

const SETUP_SH: &str = include_str!("autograder/setup.sh");
const RUN_AUTOGRADER: &str = include_str!("autograder/run_autograder");
const KIT_README: &str = include_str!("autograder/kit-README.md");

/// Writes the kit; 0 on success, 2 (with the reason on stderr) otherwise.
pub fn main(a: AutograderArgs) -> u8 {
    let Kind::Gradescope(g) = a.kind;
    match gradescope(&g) {
        Ok(()) => {
            println!(
                "wrote a Gradescope autograder to {}: zip its files (not the folder) and upload",
                g.out.display()
            );
            0
        }
        Err(e) => {
            eprintln!("lloracle autograder gradescope: {e}");
            EXIT_USAGE
        }
    }
}

/// Checks the options, then writes setup.sh, run_autograder, README.md and
/// (unless `--git`) the source tree.
fn gradescope(g: &GradescopeArgs) -> Result<(), String> {
    check_pass_through(&g.test_compiler)?;
    for p in &g.apt {
        if p.is_empty()
            || !p
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.:=".contains(c))
        {
            return Err(format!("--apt `{p}` is not an Ubuntu package name"));
        }
    }
    let (install, install_from, source) = match &g.git {
        Some(url) => {
            let rev = g
                .rev
                .as_ref()
                .map_or(String::new(), |r| format!(" --rev {}", shell_quote(r)));
            (
                format!(
                    "cargo install --locked --root /usr/local --git {}{rev} lloracle",
                    shell_quote(url)
                ),
                format!("`cargo install --git {url}`"),
                None,
            )
        }
        None => {
            let src = match &g.source {
                Some(s) => s.clone(),
                None => built_from()?,
            };
            check_source_tree(&src)?;
            (
                format!("cargo install --locked --root /usr/local --path \"$HERE/{SOURCE_DIR}\""),
                format!("the copy of its source in `{SOURCE_DIR}/`"),
                Some(src),
            )
        }
    };
    let (args, corpus) = pass_through_words(&g.test_compiler)?;
    let args = args.join(" ");
    let build = g.build.as_deref().unwrap_or("");
    let setup = SETUP_SH
        .replace("@@APT@@", &g.apt.join(" "))
        .replace("@@INSTALL@@", &install);
    let run = RUN_AUTOGRADER
        .replace("@@BUILD_CMD@@", &shell_quote(build))
        .replace("@@ARGS@@", &args);
    let readme = KIT_README
        .replace("@@INSTALL_FROM@@", &install_from)
        .replace(
            "@@BUILD_SHOWN@@",
            &if build.is_empty() {
                "none was given, so this step is skipped".to_string()
            } else {
                format!("`{build}`")
            },
        )
        .replace("@@SHOWN_ARGS@@", &args);
    let out = &g.out;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    write(&out.join("setup.sh"), &setup, true)?;
    write(&out.join("run_autograder"), &run, true)?;
    write(&out.join("README.md"), &readme, false)?;
    let copy = out.join(SOURCE_DIR);
    if copy.exists() {
        std::fs::remove_dir_all(&copy).map_err(|e| format!("{}: {e}", copy.display()))?;
    }
    if let Some(src) = source {
        copy_source_tree(&src, &copy, out)?;
    }
    let tests = out.join(TESTS_DIR);
    if tests.exists() {
        std::fs::remove_dir_all(&tests).map_err(|e| format!("{}: {e}", tests.display()))?;
    }
    if let Some(corpus) = corpus {
        copy_corpus(&corpus, &tests)?;
    }
    Ok(())
}

/// The pass-through options as shell words for run_autograder, and the
/// `--corpus` path if one is given: the kit carries a copy of it in
/// `tests/`, and test-compiler reads the copy on Gradescope.
fn pass_through_words(args: &[String]) -> Result<(Vec<String>, Option<PathBuf>), String> {
    let mut words = Vec::with_capacity(args.len());
    let mut corpus = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = if a == "--corpus" {
            it.next().cloned()
        } else {
            a.strip_prefix("--corpus=").map(str::to_string)
        };
        let Some(value) = value else {
            words.push(shell_quote(a));
            continue;
        };
        let path = PathBuf::from(&value);
        if !path.exists() {
            return Err(format!(
                "--corpus {value}: no such file or directory (the kit carries a copy of it)"
            ));
        }
        let inside = match (path.is_file(), path.file_name()) {
            (true, Some(name)) => format!("/{}", name.to_string_lossy()),
            _ => String::new(),
        };
        words.push("--corpus".into());
        words.push(format!(
            "\"$ROOT/source/{TESTS_DIR}\"{}",
            shell_quote(&inside)
        ));
        corpus = Some(path);
    }
    Ok((words, corpus))
}

/// Copies the test corpus `from` (a folder of annotated `.ll` files, or one
/// file) into the kit's `to`.
fn copy_corpus(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    if from.is_file() {
        let name = from.file_name().unwrap_or_default();
        return std::fs::copy(from, to.join(name))
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", from.display()));
    }
    for rel in walk_files(from)? {
        let dst = to.join(&rel);
        if let Some(parent) = dst.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::copy(from.join(&rel), &dst)
            .map_err(|e| format!("{}: {e}", from.join(&rel).display()))?;
    }
    Ok(())
}

/// Parses `args` as `test-compiler`'s options: a typo or a missing compiler
/// is found now, not on the first student's submission.
fn check_pass_through(args: &[String]) -> Result<(), String> {
    if let Some(o) = given(args, &KIT_SETS) {
        return Err(format!(
            "{o} is set by the kit (run_autograder writes /autograder/results/results.json)"
        ));
    }
    if let Some(o) = given(args, &KIT_OWN) {
        return Err(format!(
            "{o} is the kit's own option: give it before test-compiler's options (the first of them starts the options passed through)"
        ));
    }
    TestCompilerOnly::try_parse_from(args).map_err(|e| {
        format!(
            "the options for test-compiler do not parse:\n{}",
            e.render()
        )
    })?;
    if given(args, &["--cmd", "--opt-cmd"]).is_none() {
        return Err("give the students' compiler: --cmd 'CMD {in} {out}' (or --opt-cmd for an ll-to-ll optimiser), run in the submission's directory".into());
    }
    Ok(())
}

/// The first of the options `names` that `args` gives (as `--name` or
/// `--name=value`).
fn given<'a>(args: &[String], names: &[&'a str]) -> Option<&'a str> {
    args.iter().find_map(|a| {
        names
            .iter()
            .find(|o| a == *o || a.starts_with(&format!("{o}=")))
            .copied()
    })
}

/// The source tree this binary was built from, if it is still there.
fn built_from() -> Result<PathBuf, String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if dir.join("Cargo.toml").is_file() {
        Ok(dir)
    } else {
        Err(format!(
            "the source tree this lloracle was built from ({}) is gone: give --source DIR (a checkout of lloracle) or --git URL",
            dir.display()
        ))
    }
}

/// `dir` is a lloracle source tree with a lock file (setup.sh installs with
/// `--locked`, so Gradescope builds the versions tested here).
fn check_source_tree(dir: &Path) -> Result<(), String> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
        .map_err(|e| format!("{}: {e}", dir.join("Cargo.toml").display()))?;
    if !manifest.contains("name = \"lloracle\"") {
        return Err(format!(
            "{} is not lloracle's source tree (its Cargo.toml names another package)",
            dir.display()
        ));
    }
    if !dir.join("Cargo.lock").is_file() {
        return Err(format!("{} has no Cargo.lock", dir.display()));
    }
    Ok(())
}

/// Copies the source files of `src` (git's tracked and unignored files, or
/// without git every file outside build and fuzzing output) to `dst`,
/// leaving out anything under the kit folder `kit`.
fn copy_source_tree(src: &Path, dst: &Path, kit: &Path) -> Result<(), String> {
    let kit = kit
        .canonicalize()
        .map_err(|e| format!("{}: {e}", kit.display()))?;
    let files = match git_files(src) {
        Some(f) => f,
        None => walk_files(src)?,
    };
    for rel in files {
        let from = src.join(&rel);
        let in_kit = from.canonicalize().is_ok_and(|p| p.starts_with(&kit));
        if !from.is_file() || in_kit {
            continue;
        }
        let to = dst.join(&rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::copy(&from, &to).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    Ok(())
}

/// The files git knows in `dir` (tracked, or new and not ignored), or
/// `None` when `dir` is not a git checkout.
fn git_files(dir: &Path) -> Option<Vec<PathBuf>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(
        out.stdout
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
            .collect(),
    )
}

/// Every file under `dir` except build output, version control and fuzzing
/// or grading leftovers.
fn walk_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    const SKIP: [&str; 6] = [
        "target",
        ".git",
        "lloracle-failures",
        "fuzz/corpus",
        "fuzz/artifacts",
        "fuzz/target",
    ];
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let abs = dir.join(&rel);
        let entries = std::fs::read_dir(&abs).map_err(|e| format!("{}: {e}", abs.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", abs.display()))?;
            let r = rel.join(entry.file_name());
            if SKIP.iter().any(|s| r == Path::new(s)) {
                continue;
            }
            let ty = entry
                .file_type()
                .map_err(|e| format!("{}: {e}", r.display()))?;
            if ty.is_dir() {
                stack.push(r);
            } else if ty.is_file() {
                out.push(r);
            }
        }
    }
    Ok(out)
}

/// Writes `text` to `path`, executable when `exe`.
fn write(path: &Path, text: &str, exe: bool) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    if exe {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

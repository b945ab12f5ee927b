//! A ready Gradescope autograder for a course's compilers (`lloracle
//! autograder gradescope`). `setup.sh` installs the C toolchain and lloracle
//! at a pinned revision (built from source on Gradescope's image with a
//! pinned Rust release, so the binary matches the image's C library, or a
//! prebuilt binary shipped in the kit), `run_autograder` lays out the
//! course's handout with the student's files over it, builds that and runs
//! `lloracle test-compiler` on it (as an unprivileged user where the image
//! has one), and a README says how to upload and try the kit.
//! docs/grading.md is the TA's guide.

use crate::harness::course::resolve::Under;
use crate::harness::options::Selection;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use toolchain::shell::quote as shell_quote;

/// A kit to write, as the command line settles it.
#[derive(Clone, Debug)]
pub struct KitOptions {
    /// The folder to write the kit into (created; its kit files replaced).
    pub out: PathBuf,
    /// The shell command that builds a submission in its folder.
    pub build: Option<String>,
    /// A lloracle source tree to copy into the kit and build on Gradescope
    /// (none: the tree this lloracle was built from).
    pub source: Option<PathBuf>,
    /// Install lloracle with `cargo install --git URL` instead.
    pub git: Option<String>,
    /// With `git`: the commit, tag or branch.
    pub rev: Option<String>,
    /// Ubuntu packages setup.sh installs besides the C toolchain.
    pub apt: Vec<String>,
    /// The course's handout folder, under the student's files.
    pub handout: Option<PathBuf>,
    /// The files the students submit (none: every file).
    pub submit: Vec<String>,
    /// A prebuilt lloracle to ship instead of building one.
    pub binary: Option<PathBuf>,
    /// Gradescope's `visibility` of the results (`visible`, ...).
    pub visibility: &'static str,
    /// The Rust release setup.sh builds lloracle with (none: this one's).
    pub rust: Option<String>,
    /// test-compiler's options, passed through as they are (checked by the
    /// caller).
    pub test_compiler: Vec<String>,
}

/// The folder inside the kit that holds the course's handout.
const HANDOUT_DIR: &str = "handout";

/// Where the kit keeps a prebuilt lloracle (`--binary`).
const BINARY: &str = "bin/lloracle";

/// The revision this lloracle was built from (build.rs).
const OWN_REV: &str = env!("LLORACLE_REV");

/// The Rust release that built this lloracle (build.rs).
const OWN_RUSTC: &str = env!("LLORACLE_RUSTC");

/// setup.sh's lines that install the pinned Rust release (`$RUST_VERSION`).
const INSTALL_RUST: &str = r#"if ! command -v rustup >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/rustup" ]; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
    sh -s -- -y --profile minimal --default-toolchain "$RUST_VERSION"
fi
export PATH="$HOME/.cargo/bin:$PATH"
rustup toolchain install "$RUST_VERSION" --profile minimal
echo "Rust: $(rustc +"$RUST_VERSION" --version)"
"#;

/// The folder inside the kit that holds the copied source tree.
const SOURCE_DIR: &str = "lloracle-src";

/// The folder inside the kit that holds a `--corpus` given to the kit
/// (Gradescope unpacks the kit into `/autograder/source`; run_autograder
/// copies it into its work folder, where the unprivileged user reads it).
const TESTS_DIR: &str = "tests";

const SETUP_SH: &str = include_str!("kit/setup.sh");

const RUN_AUTOGRADER: &str = include_str!("kit/run_autograder");

const KIT_README: &str = include_str!("kit/kit-README.md");

/// Where the kit's lloracle comes from: what setup.sh runs to install it,
/// how the README says it, and the revision it pins.
struct Install {
    /// setup.sh's lines.
    script: String,
    /// The README's words.
    from: String,
    /// The lloracle revision (`unknown` when it cannot be told).
    rev: String,
    /// The source tree to copy into the kit, if any.
    source: Option<PathBuf>,
}

/// Checks the kit's own options, then writes setup.sh, run_autograder,
/// README.md, the handout, and the source tree or binary lloracle is
/// installed from; what the kit pins (`lloracle revision R, built with
/// Rust V`). The pass-through options are test-compiler's, checked by the
/// caller.
pub fn write_gradescope_kit(g: &KitOptions) -> Result<String, String> {
    check_kit_options(g)?;
    let rust = g.rust.clone().unwrap_or_else(|| OWN_RUSTC.to_string());
    let install = install(g)?;
    let (args, corpus) = pass_through_words(&g.test_compiler)?;
    let args = args.join(" ");
    let build = g.build.as_deref().unwrap_or("");
    let setup = SETUP_SH
        .replace("@@APT@@", &g.apt.join(" "))
        .replace("@@REV@@", &shell_quote(&install.rev))
        .replace("@@RUST@@", &shell_quote(&rust))
        .replace("@@INSTALL@@", &install.script);
    let submit: Vec<String> = g.submit.iter().map(|f| shell_quote(f)).collect();
    let run = RUN_AUTOGRADER
        .replace("@@BUILD_CMD@@", &shell_quote(build))
        .replace("@@SUBMIT@@", &submit.join(" "))
        .replace("@@VISIBILITY@@", g.visibility)
        .replace("@@ARGS@@", &args);
    let pinned = if g.binary.is_some() {
        format!("lloracle {} (the binary in `{BINARY}`)", install.rev)
    } else {
        format!("lloracle revision {}, built with Rust {rust}", install.rev)
    };
    let readme = KIT_README
        .replace("@@INSTALL_FROM@@", &install.from)
        .replace("@@PINNED@@", &pinned)
        .replace(
            "@@HANDOUT@@",
            &match (&g.handout, g.submit.is_empty()) {
                (Some(_), true) => format!("the course's handout (`{HANDOUT_DIR}/`), then every file of the submission over it"),
                (Some(_), false) => format!("the course's handout (`{HANDOUT_DIR}/`), then the submitted {} over it", g.submit.join(", ")),
                (None, true) => "the files of the submission".to_string(),
                (None, false) => format!("the submitted {}", g.submit.join(", ")),
            },
        )
        .replace(
            "@@BUILD_SHOWN@@",
            &if build.is_empty() {
                "none was given, so this step is skipped".to_string()
            } else {
                format!("`{build}`")
            },
        )
        .replace("@@VISIBILITY@@", g.visibility)
        .replace("@@SHOWN_ARGS@@", &args);
    let out = &g.out;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    write(&out.join("setup.sh"), &setup, true)?;
    write(&out.join("run_autograder"), &run, true)?;
    write(&out.join("README.md"), &readme, false)?;
    for old in [SOURCE_DIR, TESTS_DIR, HANDOUT_DIR, "bin"] {
        let p = out.join(old);
        if p.exists() {
            std::fs::remove_dir_all(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    if let Some(src) = &install.source {
        let copy = out.join(SOURCE_DIR);
        copy_source_tree(src, &copy, out)?;
        write(&copy.join("REVISION"), &format!("{}\n", install.rev), false)?;
    }
    if let Some(bin) = &g.binary {
        let to = out.join(BINARY);
        std::fs::create_dir_all(out.join("bin")).map_err(|e| format!("{}: {e}", out.display()))?;
        std::fs::copy(bin, &to).map_err(|e| format!("{}: {e}", bin.display()))?;
    }
    if let Some(h) = &g.handout {
        copy_files(h, &out.join(HANDOUT_DIR))?;
    }
    if let Some(corpus) = corpus {
        copy_files(&corpus, &out.join(TESTS_DIR))?;
    }
    Ok(pinned)
}

/// How setup.sh installs lloracle, and the revision that pins: the given
/// `--binary` (its `--version`), `--git URL` at `--rev` (default: this
/// lloracle's revision), or a copy of the source tree (`--source`, default
/// the tree this lloracle was built from; its git revision).
fn install(g: &KitOptions) -> Result<Install, String> {
    if let Some(bin) = &g.binary {
        let rev = binary_revision(bin)?;
        return Ok(Install {
            script: format!("install -m 0755 \"$HERE/{BINARY}\" /usr/local/bin/lloracle\n"),
            from: format!("the prebuilt binary in `{BINARY}`"),
            rev,
            source: None,
        });
    }
    if let Some(url) = &g.git {
        let rev = match &g.rev {
            Some(r) => r.clone(),
            None if OWN_REV != "unknown" => OWN_REV.to_string(),
            None => {
                return Err(
                    "--git needs --rev (this lloracle does not know its own revision)".into(),
                )
            }
        };
        return Ok(Install {
            script: format!(
                "{INSTALL_RUST}cargo +\"$RUST_VERSION\" install --locked --root /usr/local --git {} --rev {} lloracle\n",
                shell_quote(url),
                shell_quote(&rev)
            ),
            from: format!("`cargo install --git {url} --rev {rev}`"),
            rev,
            source: None,
        });
    }
    let src = match &g.source {
        Some(s) => s.clone(),
        None => built_from()?,
    };
    check_source_tree(&src)?;
    Ok(Install {
        script: format!(
            "{INSTALL_RUST}cargo +\"$RUST_VERSION\" install --locked --root /usr/local --path \"$HERE/{SOURCE_DIR}\"\n"
        ),
        from: format!("the copy of its source in `{SOURCE_DIR}/`"),
        rev: tree_revision(&src),
        source: Some(src),
    })
}

/// The revision of the source tree `dir`: its git revision, with
/// `-modified` when tracked files differ from it; else the `REVISION` file
/// of a kit's copy; else `unknown`.
fn tree_revision(dir: &Path) -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]).map(PathBuf::from);
    let is_root = top.is_some_and(|t| t.canonicalize().ok() == dir.canonicalize().ok());
    if is_root {
        if let Some(rev) = git(&["rev-parse", "--short", "HEAD"]) {
            let changed = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            return if changed {
                format!("{rev}-modified")
            } else {
                rev
            };
        }
    }
    std::fs::read_to_string(dir.join("REVISION"))
        .ok()
        .and_then(|t| t.lines().next().map(|l| l.trim().to_string()))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// The revision `bin --version` reports (`lloracle 0.1.0 (rev R)`); `Err`
/// when `bin` does not run or is not lloracle.
fn binary_revision(bin: &Path) -> Result<String, String> {
    let out = Command::new(bin).arg("--version").output().map_err(|e| {
        format!(
            "--binary {}: it does not run here ({e}); give an executable lloracle",
            bin.display()
        )
    })?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().next().unwrap_or("").trim();
    if !out.status.success() || !line.starts_with("lloracle ") {
        return Err(format!(
            "--binary {}: `--version` says `{line}`, not `lloracle VERSION`",
            bin.display()
        ));
    }
    Ok(line
        .split_once("(rev ")
        .and_then(|(_, r)| r.strip_suffix(')'))
        .unwrap_or("unknown")
        .to_string())
}

/// The kit's own options: package names, the handout folder, the submitted
/// file names, and a build command that the shell can read.
fn check_kit_options(g: &KitOptions) -> Result<(), String> {
    for p in &g.apt {
        if p.is_empty()
            || !p
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.:=".contains(c))
        {
            return Err(format!("--apt `{p}` is not an Ubuntu package name"));
        }
    }
    if let Some(h) = &g.handout {
        if !h.is_dir() {
            return Err(format!("--handout {}: not a folder", h.display()));
        }
    }
    for f in &g.submit {
        let p = Path::new(f);
        let plain = p
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if f.is_empty() || !plain || f.contains(['\n', '\'', '"']) {
            return Err(format!(
                "--submit `{f}`: give a file's path inside the submission (e.g. backend.ml)"
            ));
        }
    }
    if let Some(b) = &g.build {
        if b.trim().is_empty() {
            return Err("--build is empty: give the command that builds a submission (e.g. make), or leave --build out".into());
        }
        shell_syntax("--build", b)?;
    }
    if let Some(r) = &g.rust {
        if r.is_empty()
            || !r
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-".contains(c))
        {
            return Err(format!(
                "--rust `{r}` is not a Rust release (e.g. 1.80.0 or stable)"
            ));
        }
    }
    Ok(())
}

/// The options the kit sets itself (the results file, the scratch folder,
/// the compiler's confinement to the build folder).
const KIT_SETS: [&str; 3] = ["--gradescope", "--out-dir", "--confine-to"];

/// The kit's own options, which must come before test-compiler's.
const KIT_OWN: [&str; 10] = [
    "--build",
    "--source",
    "--git",
    "--rev",
    "--apt",
    "--handout",
    "--submit",
    "--binary",
    "--visibility",
    "--rust",
];

/// `Err` when the options passed through to `test-compiler` (`args`)
/// give one the kit sets itself, or one of the kit's own (which must come
/// before them).
pub fn refuse_kit_options(args: &[String]) -> Result<(), String> {
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

/// `Err` unless the passed-through options name a students' compiler the
/// kit can run (`selection`) and fix the dialect (`dialect_given`, or a
/// reference to probe once): every student of a course is graded on the
/// same programs, so the kit never lets `test-compiler` probe each
/// submission (a front end is not probed: its input is Oat).
pub fn check_pass_through(selection: &Selection, dialect_given: bool) -> Result<(), String> {
    let Some(cmd) = selection.cmd.as_ref().or(selection.opt_cmd.as_ref()) else {
        return Err("give the students' compiler: --cmd 'CMD {in} {out}' (or --opt-cmd for an ll-to-ll optimiser), run in the submission's build folder".into());
    };
    crate::harness::compiler::check_command(cmd)?;
    let front_end = selection.under() == Under::FrontEnd;
    if !front_end && !dialect_given && selection.reference.is_none() {
        return Err(crate::harness::resolve::NEED_A_DIALECT.into());
    }
    shell_syntax("--cmd", cmd)
}

/// `Err` when `bash -n` finds a syntax error in the command `text` of the
/// option `what`.
pub fn shell_syntax(what: &str, text: &str) -> Result<(), String> {
    let out = Command::new("bash")
        .args(["-n", "-c", text])
        .output()
        .map_err(|e| format!("cannot run bash to check {what}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{what} `{text}` is not a shell command bash can run:\n{}",
        String::from_utf8_lossy(&out.stderr).trim()
    ))
}

/// The pass-through options as shell words for run_autograder, and the
/// `--corpus` (or a front end's `--tests`) path if one is given: the kit
/// carries a copy of it in `tests/`, and test-compiler reads the copy on
/// Gradescope.
fn pass_through_words(args: &[String]) -> Result<(Vec<String>, Option<PathBuf>), String> {
    let mut words = Vec::with_capacity(args.len());
    let mut corpus = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        // `--corpus` (a back end's .ll programs) or `--tests` (a front
        // end's Oat tests): the kit carries the copy.
        let flag = ["--corpus", "--tests"]
            .into_iter()
            .find(|f| a == f || a.starts_with(&format!("{f}=")));
        let value = match flag {
            Some(f) if a == f => it.next().cloned(),
            Some(f) => a.strip_prefix(&format!("{f}=")).map(str::to_string),
            None => None,
        };
        let (Some(flag), Some(value)) = (flag, value) else {
            words.push(shell_quote(a));
            continue;
        };
        let path = PathBuf::from(&value);
        if !path.exists() {
            return Err(format!(
                "{flag} {value}: no such file or directory (the kit carries a copy of it)"
            ));
        }
        if corpus.is_some() {
            return Err("give one --corpus or --tests: the kit carries one test folder".into());
        }
        let inside = match (path.is_file(), path.file_name()) {
            (true, Some(name)) => format!("/{}", name.to_string_lossy()),
            _ => String::new(),
        };
        words.push(flag.into());
        words.push(format!("\"$WORK/{TESTS_DIR}\"{}", shell_quote(&inside)));
        corpus = Some(path);
    }
    Ok((words, corpus))
}

/// Copies `from` (the test corpus, a folder of annotated `.ll` files or one
/// file; or the handout folder) into the kit's `to`, leaving out build
/// output (see [`walk_files`]).
fn copy_files(from: &Path, to: &Path) -> Result<(), String> {
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

/// Copies the source files of `src` (the files git tracks, or without git
/// every file outside build, fuzzing and grading output) to `dst`, leaving
/// out anything under the kit folder `kit`.
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

/// The files git tracks in `dir` (a failures folder or notes left in the
/// checkout are not lloracle), or `None` when `dir` is not a git checkout.
fn git_files(dir: &Path) -> Option<Vec<PathBuf>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["ls-files", "-z", "--cached"])
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

/// Every file under `dir` except build output (cargo's `target`, OCaml's
/// `_build`), version control, fuzzing leftovers and folders that ignore
/// themselves (lloracle's own output, `lloracle::output`); symbolic links
/// are left out too (ocamlbuild's `main.native` is one into `_build`).
fn walk_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    const SKIP: [&str; 6] = [
        "target",
        "_build",
        ".git",
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
            if ty.is_dir() && !crate::output::ignores_itself(&dir.join(&r)) {
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

//! Every package of the workspace has at most one integration-test
//! binary (docs/architecture.md, "Tests"): each binary links the
//! package's dependency graph once more, so topics are modules of one
//! `tests/testsuite/main.rs`, never files of their own under `tests/`.
//!
//! Run alone: `cargo test --test testsuite test_binaries`.

use crate::import_cycles::crate_dirs;
use std::path::Path;

/// The integration-test binaries cargo makes for the package in `dir`, by
/// its rules of discovery: each `tests/NAME.rs`, each `tests/NAME/main.rs`,
/// and each `[[test]]` target its Cargo.toml declares.
fn test_binaries(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("tests")) {
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if p.is_dir() && p.join("main.rs").is_file() {
                found.push(format!("tests/{name}/main.rs"));
            } else if p.extension().is_some_and(|x| x == "rs") {
                found.push(format!("tests/{name}"));
            }
        }
    }
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    let declared = manifest.lines().filter(|l| l.trim() == "[[test]]").count();
    found.extend((0..declared).map(|k| format!("[[test]] number {}", k + 1)));
    found.sort();
    found
}

#[test]
fn every_package_has_at_most_one_integration_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = crate_dirs(root);
    assert!(dirs.len() >= 8, "the workspace's packages: {dirs:?}");
    let wrong: Vec<String> = dirs
        .iter()
        .map(|d| (d, test_binaries(d)))
        .filter(|(_, bins)| bins.len() > 1)
        .map(|(d, bins)| format!("{}: {}", d.display(), bins.join(", ")))
        .collect();
    assert!(
        wrong.is_empty(),
        "packages with more than one integration-test binary (make each a module of tests/testsuite/main.rs):\n{}",
        wrong.join("\n")
    );
}

/// A package laid out as codegen was (`tests/testsuite/main.rs` beside
/// `tests/att_run.rs`, and a declared `[[test]]`) has three binaries by
/// cargo's rules; a module file inside the suite's folder is none.
#[test]
fn the_count_follows_cargo_s_discovery() {
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |rel: &str, text: &str| {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    };
    write(
        "Cargo.toml",
        "[package]\nname = \"x\"\n\n[[test]]\nname = \"extra\"\npath = \"t/extra.rs\"\n",
    );
    write("tests/testsuite/main.rs", "mod topic;\n");
    write("tests/testsuite/topic.rs", "");
    write("tests/att_run.rs", "");
    assert_eq!(
        test_binaries(dir.path()),
        [
            "[[test]] number 1",
            "tests/att_run.rs",
            "tests/testsuite/main.rs"
        ]
    );
}

//! `lloracle corpus list|show` and `lloracle --version`: a student can
//! print the corpus program a report names (`corpus/calls/...ll`), and a
//! kit's lloracle says which revision it was built from (build.rs).

use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_lloracle");

fn lloracle(args: &[&str]) -> std::process::Output {
    Command::new(EXE).args(args).output().expect("run lloracle")
}

/// Every spelling a report or a student may use prints the file itself,
/// byte for byte as it is in the source tree's corpus/.
#[test]
fn corpus_show_prints_the_program_a_report_names() {
    let file = lloracle::corpus::default_dir().join("calls/mutual_recursion.ll");
    let text = std::fs::read_to_string(&file).expect("the corpus file");
    for name in [
        "corpus/calls/mutual_recursion.ll",
        "calls/mutual_recursion.ll",
        "calls/mutual_recursion",
        "mutual_recursion.ll",
    ] {
        let out = lloracle(&["corpus", "show", name]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), text, "{name}");
    }
    let out = lloracle(&["corpus", "show", "calls/no_such_program.ll"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no bundled program"), "{err}");
    assert!(err.contains("corpus list"), "{err}");
}

/// `list` names every .ll file under corpus/, as reports name them.
#[test]
fn corpus_list_names_every_program() {
    let out = lloracle(&["corpus", "list"]);
    assert_eq!(out.status.code(), Some(0));
    let listed: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let mut on_disk = Vec::new();
    let root = lloracle::corpus::default_dir();
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read_dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                let rel = p.strip_prefix(&root).expect("inside");
                on_disk.push(format!("corpus/{}", rel.to_string_lossy()));
            }
        }
    }
    on_disk.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, on_disk);
    assert!(listed.contains(&"corpus/calls/mutual_recursion.ll".to_string()));
}

/// `--version` is `lloracle VERSION (rev R)` with R this checkout's git
/// revision (when git and the checkout are there to ask).
#[test]
fn version_names_the_revision() {
    let out = lloracle(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let prefix = format!("lloracle {} (rev ", env!("CARGO_PKG_VERSION"));
    assert!(line.starts_with(&prefix) && line.ends_with(')'), "{line}");
    let rev = Command::new("git")
        .arg("-C")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success());
    match rev {
        Some(o) => {
            let rev = String::from_utf8_lossy(&o.stdout).trim().to_string();
            assert_eq!(line, format!("{prefix}{rev})"));
        }
        None => eprintln!("SKIP (part): no git checkout to compare the revision with"),
    }
}

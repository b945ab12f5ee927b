//! The package's build script (build.rs) asks cargo to run it again only
//! for files that exist. Cargo takes a watched path that does not exist as
//! changed at every build (the Cargo book, "Build Scripts",
//! `rerun-if-changed`), so one missing path rebuilds the `lloracle` crate
//! at every `cargo build`: a second `cargo build` in a row must build
//! nothing.

use std::path::{Path, PathBuf};

/// The `output` file of this build's run of the build script: the newest
/// `lloracle-*/output` under the build folder beside the binary under
/// test (older ones are of earlier builds of the same package).
fn build_script_output() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_lloracle"));
    let build = bin.parent().expect("the binary's folder").join("build");
    let mut outputs: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(&build)
        .unwrap_or_else(|e| panic!("{}: {e}", build.display()))
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("lloracle-"))
        .map(|e| e.path().join("output"))
        .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
        .collect();
    outputs.sort();
    outputs.pop().expect("the build script's output").1
}

#[test]
fn the_build_script_watches_only_files_that_exist() {
    let output = build_script_output();
    let text = std::fs::read_to_string(&output).expect("the build script's output");
    let watched: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("cargo:rerun-if-changed="))
        .collect();
    // build.rs itself is always watched: the list is the script's, not empty.
    assert!(watched.contains(&"build.rs"), "{text}");
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    for w in watched {
        // A relative path is relative to the package's folder.
        let p = package.join(w);
        assert!(
            p.exists(),
            "{}: the build script watches {w}, which does not exist, so cargo rebuilds the crate \
             at every build",
            output.display()
        );
    }
}

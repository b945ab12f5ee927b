//! The folders lloracle creates for its output (`test-compiler`'s and
//! `grade`'s `--out-dir`, by default `lloracle-failures/` and
//! `lloracle-grade/` in the current directory): each ignores itself in git,
//! so that a run inside a checkout leaves nothing to commit
//! (docs/grading.md, `--out-dir`).

use std::path::Path;

/// The `.gitignore` written into an output folder lloracle creates: it
/// ignores every file there, itself included.
pub const GITIGNORE: &str = "# lloracle's output (not source): this folder ignores itself.\n*\n";

/// Creates the output folder `dir` (and its parents). When `dir` did not
/// exist, it gets a `.gitignore` holding `*`; a folder that existed is left
/// as it was (it may be the user's own, say `--out-dir .`). Errors name the
/// folder.
pub fn create_dir(dir: &Path) -> Result<(), String> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    match std::fs::create_dir(dir) {
        Ok(()) => {
            let ignore = dir.join(".gitignore");
            std::fs::write(&ignore, GITIGNORE).map_err(|e| format!("{}: {e}", ignore.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        Err(e) => Err(format!("{}: {e}", dir.display())),
    }
}

/// `dir` ignores itself in git: its `.gitignore` has a line `*` (as every
/// output folder lloracle creates). Walks over a source tree skip these.
pub fn ignores_itself(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join(".gitignore"))
        .is_ok_and(|text| text.lines().any(|l| l.trim() == "*"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lloracle_creates_ignores_itself() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("a/b/lloracle-failures");
        create_dir(&dir).expect("created");
        let ignore = std::fs::read_to_string(dir.join(".gitignore")).expect(".gitignore");
        assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
        assert!(ignores_itself(&dir));
        // Its parents are not output folders.
        assert!(!tmp.path().join("a/b/.gitignore").exists());
        assert!(!ignores_itself(&tmp.path().join("a/b")));
        // A second call (the next failure saved) keeps it.
        create_dir(&dir).expect("again");
        assert!(ignores_itself(&dir));
    }

    #[test]
    fn a_folder_that_existed_is_left_alone() {
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::write(tmp.path().join(".gitignore"), "target\n").expect("write");
        create_dir(tmp.path()).expect("exists");
        assert_eq!(
            std::fs::read_to_string(tmp.path().join(".gitignore")).expect("read"),
            "target\n"
        );
        assert!(!ignores_itself(tmp.path()));
        let other = tmp.path().join("mine");
        std::fs::create_dir(&other).expect("mkdir");
        create_dir(&other).expect("exists");
        assert!(!other.join(".gitignore").exists());
    }

    #[test]
    fn a_file_in_the_way_is_an_error_naming_it() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let file = tmp.path().join("taken");
        std::fs::write(&file, "x").expect("write");
        let e = create_dir(&file).expect_err("a file is no folder");
        assert!(e.contains("taken"), "{e}");
    }
}

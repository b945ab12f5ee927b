//! Oat tests with expectations (docs/oat-tests.md): an Oat program whose
//! `/* CHECK-... */` comment lines give its runs (arguments, what it prints,
//! how it ends, or what the course harness compares), read with the corpus
//! format's reader ([`crate::corpus::Syntax::Oat`]). A folder of them is
//! given with `--tests PATH`; without it the bundled set `corpus/oat/`
//! (`v1/` for Oat v1, and `v2/` too for Oat v2) is used.

use crate::corpus::{self, CorpusError, CorpusFile, Syntax};
use oat::OatVersion;
use std::path::Path;

/// One Oat test: the file (its path relative to the folder given, or
/// `corpus/oat/...` for a bundled one), its text, and its runs. A plain
/// `.oat` file without annotations has no runs and no expectation: its
/// runs are judged against the reference solution's output.
pub type OatTest = CorpusFile;

/// The bundled Oat tests' folder inside `corpus/`.
pub const BUNDLED_DIR: &str = "oat";

/// The Oat tests at `path` (one `.oat` file, or every `.oat` file under a
/// folder, sorted by path); a file without annotations is a plain program
/// (no runs). Every broken annotation is reported at once.
pub fn load(path: &Path) -> Result<Vec<OatTest>, CorpusError> {
    corpus::load_in(path, true, Syntax::Oat)
}

/// The bundled tests for front ends of `version`: `corpus/oat/v1/` (Oat v1
/// programs, which Oat v2 front ends read too) and, for Oat v2,
/// `corpus/oat/v2/`, read from the copy embedded in the binary.
pub fn bundled(version: OatVersion) -> Result<Vec<OatTest>, CorpusError> {
    let mut tests = corpus::load_bundled_in(Syntax::Oat, &Path::new(BUNDLED_DIR).join("v1"))?;
    if version == OatVersion::V2 {
        tests.extend(corpus::load_bundled_in(
            Syntax::Oat,
            &Path::new(BUNDLED_DIR).join("v2"),
        )?);
    }
    Ok(tests)
}

/// The test's name as reports show it: `corpus/oat/...` for a bundled one,
/// otherwise its path relative to the folder given.
pub fn display_name(t: &OatTest) -> String {
    t.path.to_string_lossy().into_owned()
}

#[cfg(test)]
mod unit {
    use super::*;
    use crate::corpus::{parse_expectation_in, Expected};

    fn read(text: &str) -> Result<corpus::Expectation, String> {
        parse_expectation_in("t.oat", text, Syntax::Oat).map_err(|e| e.to_string())
    }

    #[test]
    fn lines_inside_block_comments_are_annotations() {
        let e = read(
            "/* Prints and exits.\n   CHECK-ARGS: a b\n * CHECK-COURSE-OUTPUT: hi\\n3 */\nint program(int argc, string[] argv) { return 3; }\n",
        )
        .unwrap();
        assert_eq!(e.runs.len(), 1);
        assert_eq!(e.runs[0].args, vec!["a", "b"]);
        assert_eq!(e.runs[0].course_output.as_deref(), Some(&b"hi\n3"[..]));
    }

    #[test]
    fn one_line_comments_lose_their_closing_marker() {
        let e = read("/* CHECK-RESULT: 7 */\n/* CHECK-STDOUT: x*/\n").unwrap();
        assert_eq!(e.runs[0].expect, Expected::Result(7));
        assert_eq!(e.runs[0].stdout.as_deref(), Some(&b"x\n"[..]));
    }

    #[test]
    fn several_runs_and_an_ill_typed_program() {
        let e = read("/* CHECK-RUN: one\n CHECK-ARGS: 1\n CHECK-COURSE-OUTPUT: 1\n CHECK-RUN: two\n CHECK-COURSE-OUTPUT: 0 */").unwrap();
        assert_eq!(e.runs.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["one", "two"]);
        let e = read("/* CHECK-ILL-TYPED: int plus bool */").unwrap();
        assert_eq!(e.ill_typed.as_deref(), Some("int plus bool"));
    }

    #[test]
    fn lines_only_for_ll_files_are_refused_with_their_line() {
        let err = read("/* x */\n/* CHECK-UNDEFINED: null-deref */").unwrap_err();
        assert!(err.contains(":2:") && err.contains("must be well defined"), "{err}");
        let err = read("/* CHECK-RUNTIME: oat-eth */").unwrap_err();
        assert!(err.contains("--runtime"), "{err}");
    }

    #[test]
    fn code_that_mentions_check_is_not_an_annotation() {
        assert!(read("int CHECK = 3;\n/* CHECK-RESULT: 0 */").is_ok());
        assert!(read("int x = CHECK;\n").is_err(), "no annotation at all is an error");
    }
}

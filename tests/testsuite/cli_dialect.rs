//! The dialect commands through the binary: `lloracle dialects` prints the
//! table docs/dialects.md holds, `check --dialect` names the first use
//! outside the dialect with file:line and exits 2 (what lets a test build a
//! fake course compiler as a two-line script), `print --dialect` and
//! `gen --dialect` write texts the dialect accepts.

use crate::common;

use common::lloracle;

#[test]
fn the_table_in_the_docs_is_the_one_the_command_prints() {
    let table = spec::dialect::table_markdown();
    let (code, out, _) = lloracle(&["dialects"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(&table), "{out}");
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/dialects.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        docs.contains(&table),
        "docs/dialects.md's table differs from `lloracle dialects`; paste its output:\n{table}"
    );
}

const NEGATIVE: &str = "define i64 @main() {
  %p = alloca i64
  store i64 -12, i64* %p
  %x = load i64, i64* %p
  ret i64 %x
}
";

#[test]
fn check_names_the_first_use_outside_the_dialect() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("neg.ll");
    std::fs::write(&file, NEGATIVE).unwrap_or_else(|e| panic!("{e}"));
    let f = file.to_string_lossy().into_owned();
    let (code, _, err) = lloracle(&["check", "--dialect", "cis341-2015", &f]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        format!("{f}:3: uses negative-literals (`-12`), which cis341-2015 does not accept")
    );
    let (code, out, err) = lloracle(&["check", "--dialect", "cis341", &f]);
    assert_eq!(
        (code, out.trim()),
        (0, format!("{f}: ok (cis341)").as_str()),
        "{err}"
    );
    let (code, _, err) = lloracle(&["check", "--dialect", "gcc", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("cis341-2015"), "{err}");

    // The equivalent program in the 2015 dialect checks there.
    let (code, lowered, err) = lloracle(&["print", "--dialect", "cis341-2015", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(
        lowered.contains("sub i64 0, 12") && lowered.contains("load i64* %p"),
        "{lowered}"
    );
    let low = dir.path().join("low.ll");
    std::fs::write(&low, &lowered).unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = lloracle(&["check", "--dialect", "cis341-2015", &low.to_string_lossy()]);
    assert_eq!(code, 0, "{err}\n{lowered}");
}

#[test]
fn generated_programs_check_in_their_dialect() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (seed, name) in [(1, "cis341-2015"), (2, "eth"), (3, "llvm")] {
        let (code, text, err) = lloracle(&["gen", "--seed", &seed.to_string(), "--dialect", name]);
        assert_eq!(code, 0, "{err}");
        let file = dir.path().join(format!("{name}.ll"));
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let (code, _, err) = lloracle(&["check", "--dialect", name, &file.to_string_lossy()]);
        assert_eq!(code, 0, "{name}: {err}\n{text}");
    }
    let (code, out, _) = lloracle(&["gen", "--histogram", "--count", "50", "--dialect", "cis341"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("50 programs of size 30 in dialect cis341:"),
        "{out}"
    );
    assert!(out.contains("AllocaSimple"), "{out}");
}

//! `lloracle recover FILE -o OUT`, `lloracle print --opaque FILE` and the
//! checker's note on opaque programs, through the binary.

use crate::common;

use common::lloracle;

fn corpus(name: &str) -> String {
    format!("{}/corpus/opaque/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn recover_writes_a_typed_program_with_the_same_outcome() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("typed.ll");
    let out_s = out.to_string_lossy().into_owned();
    let input = corpus("list_self_and_other_struct.ll");
    let (code, _, report) = lloracle(&["recover", &input, "-o", &out_s]);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("%Node: safe"), "{report}");
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text.contains("%Node = type { i64, %Node*, %Data* }"),
        "{text}"
    );
    let typed = spec::parse(&spec::Source::new("typed.ll", text.clone()))
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    assert!(!spec::opaque::prog_mentions_opaque(&typed), "{text}");
    // The list's weighted sum is 140 (the corpus file's CHECK-RESULT); exit
    // codes keep the low 8 bits.
    let (code, _, err) = lloracle(&["run", &out_s]);
    assert_eq!(code, 140, "{err}");
}

#[test]
fn print_opaque_erases_every_pointee_type() {
    let input = corpus("ptr_matches_typed_tag.ll");
    let (code, text, err) = lloracle(&["print", "--opaque", &input]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("%slot = alloca ptr"), "{text}");
    assert!(!text.contains('*'), "{text}");
}

#[test]
fn check_notes_the_rules_it_cannot_apply_to_ptr() {
    let (code, out, err) = lloracle(&["check", &corpus("field_used_at_two_types.ll")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(": ok\n"), "{out}");
    assert!(err.contains("load-type"), "{err}");
}

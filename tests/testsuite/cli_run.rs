//! `lloracle run`: its exit codes and what it prints beside the program's
//! output (README.md, "Exit codes"; docs/oat.md).

/// `lloracle run --trace=3` on a program whose `@main` calls `@f(41)`, which
/// adds 1: by the spec's order of steps, the call, `@f`'s `add` (one level
/// deeper) and the 42 it defines, `@f`'s `ret`, and then the limit; the
/// exit status is 42.
#[test]
fn a_trace_shows_each_step_its_value_and_where_it_stopped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("call.ll");
    std::fs::write(
        &path,
        "define i64 @f(i64 %x) {\n  %y = add i64 %x, 1\n  ret i64 %y\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 41)\n  ret i64 %r\n}\n",
    )
    .expect("write");
    let (status, _, err) =
        crate::common::lloracle(&["run", "--trace=3", path.to_str().expect("utf-8 path")]);
    assert_eq!(status, 42, "{err}");
    pretty_assertions::assert_eq!(
        err,
        "trace: @main entry#0: %r = call i64 @f(i64 41)\n\
         trace:   @f entry#0: %y = add i64 %x, 1\n\
         trace:     = 42\n\
         trace:   @f entry#1: ret i64 %y\n\
         trace: limit of 3 steps reached; the run goes on untraced\n"
    );
}

/// `lloracle run` on an Oat program exits as its compiled form would
/// (docs/oat.md): its status mod 256 when it returns (300: 44), 1 when the
/// course runtime stops it (an Oat v2 bounds check on `a[5]` of a
/// two-element array), 2 when it is ill-typed (`1 + true`); `--json` names
/// the outcome and says why it did not return.
#[test]
fn running_an_oat_program_exits_as_its_compiled_form_would() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        (
            "returns.oat",
            "int program(int argc, string[] argv) { return 300; }",
            44,
            "returned",
        ),
        (
            "traps.oat",
            "int program(int argc, string[] argv) { var a = new int[2]; return a[5]; }",
            1,
            "trapped",
        ),
        (
            "ill_typed.oat",
            "int program(int argc, string[] argv) { return 1 + true; }",
            2,
            "malformed",
        ),
    ];
    for (name, text, code, kind) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        let file = path.to_str().expect("utf-8 path");
        let (status, _, err) = crate::common::lloracle(&["run", file]);
        assert_eq!(status, code, "{name}: {err}");
        let (_, out, err) = crate::common::lloracle(&["run", "--json", file]);
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{name}: {e}: {out}{err}"));
        assert_eq!(v["outcome"], kind, "{name}: {v}");
        assert_eq!(v["status"], code, "{name}: {v}");
        assert_eq!(v["message"].is_null(), kind == "returned", "{name}: {v}");
    }
}

//! A test the course's type checker rejects (`CHECK-ILL-TYPED`) passes
//! only on the front end's own rejection (docs/oat-tests.md, "What counts
//! as a rejection"): a front end that is not there, that refuses every
//! program, or that crashes with another exception than the type
//! checker's `TypeError` gets no points for it. The class is graded as a
//! TA grades one (`grade --emit ll --points 100`); the working front end
//! is the fake of tests/fixtures/frontend.

use crate::common::{lloracle, read_json, sh_script};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// tests/fixtures/frontend.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend")
}

/// The verdict and detail of the one run of each test in `who`'s report.
fn runs_of(out: &Path, who: &str) -> Vec<(String, String, String)> {
    let r = read_json(&out.join(who).join("report.json"));
    r["programs"]
        .as_array()
        .unwrap_or_else(|| panic!("{who}: {r:#}"))
        .iter()
        .map(|p| {
            let run = &p["runs"][0];
            (
                p["name"].as_str().unwrap_or_default().to_string(),
                run["verdict"].as_str().unwrap_or_default().to_string(),
                run["failure"]["detail"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        })
        .collect()
}

/// The verdict and detail of the test named `test` in `runs`.
fn run_of<'a>(runs: &'a [(String, String, String)], test: &str) -> (&'a str, &'a str) {
    let r = runs
        .iter()
        .find(|(name, _, _)| name.ends_with(test))
        .unwrap_or_else(|| panic!("no {test} in {runs:?}"));
    (&r.1, &r.2)
}

#[test]
fn only_the_front_end_s_own_rejection_passes_an_ill_typed_test() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    // Each submission holds its own copy of the fake and its prepared
    // outputs: a submission's front end runs confined to its folder.
    let front_end = |who: &str, body: &str| {
        let s = subs.join(who);
        std::fs::create_dir_all(s.join("student")).unwrap();
        std::fs::copy(fixtures().join("fake.sh"), s.join("fake.sh")).unwrap();
        for f in std::fs::read_dir(fixtures().join("student")).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, s.join("student").join(f.file_name().unwrap())).unwrap();
        }
        if !body.is_empty() {
            sh_script(&s, "fe", body);
        }
    };
    let fake = "exec \"$(dirname \"$0\")/fake.sh\" \"$1\" \"$2\" student";
    // ann: the working fake (rejected.oat: "type error", exit 1).
    front_end("ann", fake);
    // bob: his front end is not there (sh: exit 127).
    front_end("bob", "");
    // cat: refuses every program, the baseline too.
    front_end("cat", "echo 'parse error' >&2; exit 1");
    // dan: compiles as the fake does, but crashes on the ill-typed one
    // with an exception that is not the type checker's.
    front_end(
        "dan",
        &format!(
            "case $1 in *rejected.oat) echo 'Fatal error: exception Not_found' >&2; exit 2;; esac\n\
             {fake}"
        ),
    );
    let tests = dir.path().join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    for t in ["pass.oat", "rejected.oat"] {
        std::fs::copy(fixtures().join("tests").join(t), tests.join(t)).unwrap();
    }
    let out = dir.path().join("grades");
    let (code, stdout, stderr) = lloracle(&[
        "grade",
        subs.to_str().unwrap(),
        "--cmd",
        "{submission}/fe {in} {outdir}",
        "--emit",
        "ll",
        "--tests",
        tests.to_str().unwrap(),
        "--random",
        "0",
        "--no-native",
        "--timeout",
        "5",
        "--points",
        "100",
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    // Every submission was graded in full: grade exits 0.
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let score =
        |who: &str| -> Value { read_json(&out.join(who).join("results.json"))["score"].clone() };

    // ann refuses rejected.oat with an error status and compiles the
    // baseline: both tests pass.
    let ann = runs_of(&out, "ann");
    assert_eq!(run_of(&ann, "rejected.oat").0, "pass", "{ann:?}");
    assert_eq!(run_of(&ann, "pass.oat").0, "pass", "{ann:?}");
    assert_eq!(score("ann"), 100.0);

    // bob's command does not exist: neither test passes, and the
    // rejection says the front end did not run.
    let bob = runs_of(&out, "bob");
    let (verdict, detail) = run_of(&bob, "rejected.oat");
    assert_eq!(verdict, "compile error", "{bob:?}");
    assert!(
        detail.contains("did not run") && detail.contains("127"),
        "{detail}"
    );
    assert_eq!(score("bob"), 0.0);

    // cat refuses the well-typed baseline too: its refusal is not a
    // type error's.
    let cat = runs_of(&out, "cat");
    let (verdict, detail) = run_of(&cat, "rejected.oat");
    assert_eq!(verdict, "compile error", "{cat:?}");
    assert!(detail.contains("baseline"), "{detail}");
    assert_eq!(score("cat"), 0.0);

    // dan passes pass.oat and crashes on rejected.oat with Not_found.
    let dan = runs_of(&out, "dan");
    assert_eq!(run_of(&dan, "pass.oat").0, "pass", "{dan:?}");
    let (verdict, detail) = run_of(&dan, "rejected.oat");
    assert_eq!(verdict, "compile error", "{dan:?}");
    assert!(detail.contains("Not_found"), "{detail}");
    let dan_score = score("dan").as_f64().expect("a score");
    assert!(dan_score > 0.0 && dan_score < 100.0, "{dan_score}");
}

//! `lloracle gen --for PROFILE` through the binary: `--for opt` writes a
//! program of the optimiser profile (`gen::Profile::Opt`) that the dialect
//! accepts, `--for default` is the same as no `--for`, an unknown profile is
//! a usage error, and the histogram names the profile; `--lang oat` prints
//! the Oat generator's program and, with `--expect`, its expectation.

use crate::common;

use common::lloracle;

#[test]
fn gen_for_opt_writes_the_optimiser_profile_in_the_dialect() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (seed, name) in [("4", "eth"), ("5", "cis341"), ("6", "llvm")] {
        let args = ["gen", "--seed", seed, "--dialect", name, "--for", "opt"];
        let (code, text, err) = lloracle(&args);
        assert_eq!(code, 0, "{err}");
        let d = spec::dialect::Dialect::by_name(name).unwrap();
        let want = gen::from_seed_with(seed.parse().unwrap(), 30, Some(&d), gen::Profile::Opt);
        assert_eq!(text, spec::dialect::print_in(&want, &d));
        let file = dir.path().join(format!("{name}.ll"));
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let (code, _, err) = lloracle(&["check", "--dialect", name, &file.to_string_lossy()]);
        assert_eq!(code, 0, "{name}: {err}\n{text}");
        let (_, default, _) = lloracle(&["gen", "--seed", seed, "--dialect", name]);
        let (_, named, _) =
            lloracle(&["gen", "--seed", seed, "--dialect", name, "--for", "default"]);
        assert_eq!(default, named, "--for default is the default");
        assert_ne!(default, text, "the opt profile writes another program");
    }
}

#[test]
fn gen_for_rejects_an_unknown_profile_and_names_it_in_the_histogram() {
    let (code, _, err) = lloracle(&["gen", "--for", "speed"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("opt"), "the error lists the profiles: {err}");
    let (code, out, err) = lloracle(&["gen", "--histogram", "--count", "20", "--for", "opt"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("20 programs of size 30 in dialect lloracle, profile opt:"),
        "{out}"
    );
    assert!(out.contains("UnreachableBlock"), "{out}");
}

/// `lloracle gen --lang oat` prints the generator's program for the seed
/// (the same text as the library's `oat::gen::from_seed`, printed), and
/// with `--expect` the evaluator's stdout and exit status after it as
/// comments; the program text parses back; an Oat version outside 1..=2 is
/// a usage error (docs/oat.md).
#[test]
fn gen_lang_oat_prints_the_seeds_program_and_its_expectation() {
    for (version, v) in [("1", oat::OatVersion::V1), ("2", oat::OatVersion::V2)] {
        let args = [
            "gen",
            "--lang",
            "oat",
            "--oat-version",
            version,
            "--seed",
            "9",
        ];
        let (code, text, err) = lloracle(&args);
        assert_eq!(code, 0, "{err}");
        let want = oat::print::program(&oat::gen::from_seed(9, 30, v));
        assert_eq!(text.trim_end(), want.trim_end(), "v{version}");
        assert!(oat::parse::program(&text).is_ok(), "v{version}:\n{text}");
        let (code, expect, err) = lloracle(&[&args[..], &["--expect"]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(expect.starts_with(text.trim_end()), "v{version}:\n{expect}");
        let status = expect
            .trim_end()
            .strip_suffix(" */")
            .and_then(|t| t.rsplit_once("/* status: "))
            .and_then(|(_, n)| n.parse::<u8>().ok());
        assert!(status.is_some(), "no status comment:\n{expect}");
    }
    let (code, _, err) = lloracle(&["gen", "--lang", "oat", "--oat-version", "3", "--seed", "1"]);
    assert_eq!(code, 2, "{err}");
}

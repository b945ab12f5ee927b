//! LLVMlite's memory versus LLVM's (docs/semantics.md, "LLVM's memory"):
//! LLVM's memory defines every run the tree memory defines, with the same
//! output and status (`oracle::compare_memory_models`). Checked on every
//! corpus program's runs and on generated programs; the fuzz target
//! `memory_models` does the same on mutated programs.

fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 2_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn every_defined_corpus_run_is_the_same_in_llvm_memory() {
    let (mut defined, mut failures) = (0, Vec::new());
    for (name, prog, runtime, args) in crate::common::corpus_runs() {
        let opts = oracle::Options { runtime, ..opts() };
        match oracle::compare_memory_models(&prog, &args, &opts) {
            Ok(spec::Outcome::Returned { .. } | spec::Outcome::Halted { .. }) => defined += 1,
            Ok(_) => {}
            Err(e) => failures.push(format!("{name} {args:?}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Most corpus runs are defined, so most were compared.
    assert!(defined > 200, "only {defined} defined runs compared");
}

#[test]
fn generated_programs_run_the_same_in_llvm_memory() {
    let (mut returned, mut failures) = (0, Vec::new());
    for seed in 0..500u64 {
        let size = 1 + (seed % 30) as usize;
        let prog = gen::from_seed(0x3e30_0000 + seed, size);
        match oracle::compare_memory_models(&prog, &[], &opts()) {
            Ok(spec::Outcome::Returned { .. }) => returned += 1,
            Ok(_) => {}
            Err(e) => failures.push(format!("seed {seed}: {e}\n{}", spec::print(&prog))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The generator makes well-defined programs: nearly all return, so
    // nearly all were compared.
    assert!(returned >= 450, "only {returned} of 500 returned");
}

/// The issue's example in LLVM terms: `@a` holds two `[4 x i8]*` pointers
/// to `"abc"` and is read through a `[2 x i8*]*` view. LLVM loads the
/// second pointer's 8 bytes as an `i8*` to `@s`, so `ll_puts` prints
/// `abc` and main returns 0; the tree memory stops at the load
/// (`incompatible-tag`: the slot was stored as a `[4 x i8]*`).
const BITCAST_VIEW: &str = r#"; CHECK-STDOUT: abc
; CHECK-RESULT: 0
@s = global [4 x i8] c"abc\00"
@a = global [2 x [4 x i8]*] [[4 x i8]* @s, [4 x i8]* @s]
define i64 @main(i64 %argc, i8** %argv) {
  %b = bitcast [2 x [4 x i8]*]* @a to [2 x i8*]*
  %p = getelementptr [2 x i8*], [2 x i8*]* %b, i32 0, i32 1
  %v = load i8*, i8** %p
  call void @ll_puts(i8* %v)
  ret i64 0
}
declare void @ll_puts(i8*)
"#;

/// A program that prints the address of its stack slot `%x`: the load
/// reads a pointer's bytes as an `i64`, and the printed number is
/// wherever `%x` lies, so its output depends on addresses.
const PRINTS_AN_ADDRESS: &str = r#"declare i8* @ll_ltoa(i64)
declare void @ll_puts(i8*)
define i64 @main() {
  %x = alloca i64
  %cell = alloca i64*
  store i64* %x, i64** %cell
  %ci = bitcast i64** %cell to i64*
  %addr = load i64, i64* %ci
  %s = call i8* @ll_ltoa(i64 %addr)
  call void @ll_puts(i8* %s)
  ret i64 0
}
"#;

/// The JSON report of the built-in back end's campaign over `files`
/// (name, text) under `memory`, which must exit with `code`.
fn campaign_in(memory: &str, files: &[(&str, &str)], code: i32) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    for (name, text) in files {
        std::fs::write(corpus.join(name), text).unwrap();
    }
    let json = dir.path().join("r.json");
    let (exit, out, err) = crate::common::lloracle(&[
        "test-compiler",
        "--corpus",
        corpus.to_str().unwrap(),
        "--random",
        "0",
        "--memory",
        memory,
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(exit, code, "{out}{err}");
    crate::common::read_json(&json)
}

/// The verdict and the oracle's words of run 0 of the program whose name
/// ends with `name`.
fn verdict_of(r: &serde_json::Value, name: &str) -> (String, String) {
    let p = r["programs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"].as_str().unwrap().ends_with(name))
        .unwrap_or_else(|| panic!("no program {name} in {r}"));
    let run = &p["runs"][0];
    (
        run["verdict"].as_str().unwrap_or("").to_string(),
        run["oracle"].as_str().unwrap_or("").to_string(),
    )
}

/// A back-end campaign judges in the memory `--memory` names: in
/// LLVMlite's (the default) the bitcast view is undefined on the oracle
/// and skipped, and its annotations are reported as contradicted (a
/// corpus problem: exit 1); in LLVM's it is judged, and the correct
/// built-in back end passes it. The printed address is left out in
/// LLVM's memory as "depends on addresses", naming the load (`main`'s
/// instruction 4, counting from 0: two allocas, the store, the bitcast,
/// the load). The report records the memory.
#[test]
fn a_back_end_campaign_judges_in_the_memory_it_is_given() {
    let files = [("view.ll", BITCAST_VIEW), ("address.ll", PRINTS_AN_ADDRESS)];
    let tree = campaign_in("llvmlite", &files, 1);
    assert_eq!(tree["memory"], "llvmlite");
    assert!(tree["corpus_problems"][0]
        .as_str()
        .is_some_and(|p| p.contains("view.ll") && p.contains("incompatible-tag")));
    let (v, oracle) = verdict_of(&tree, "view.ll");
    assert_eq!(v, "skipped", "{oracle}");
    assert!(oracle.contains("incompatible-tag"), "{oracle}");
    let llvm = campaign_in("llvm", &files, 0);
    assert_eq!(llvm["memory"], "llvm");
    assert_eq!(verdict_of(&llvm, "view.ll").0, "pass");
    let (v, why) = verdict_of(&llvm, "address.ll");
    assert_eq!(v, "left out");
    assert!(why.contains("depends on addresses"), "{why}");
    assert!(why.contains("@main in block entry, instruction 4"), "{why}");
}

/// `--memory llvm` judges back ends only: with an optimiser it is a usage
/// error (exit 2) that says why.
#[test]
fn llvm_memory_with_an_optimiser_is_a_usage_error() {
    let (code, _, err) = crate::common::lloracle(&[
        "test-compiler",
        "--opt-cmd",
        "cp {in} {out}",
        "--memory",
        "llvm",
        "--random",
        "1",
        "--no-corpus",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--memory llvm judges a back end"), "{err}");
}

/// The io tests of COS320's homework 2 list (`sp26_hw2_tests.ml`): each
/// `"sp26_hw2_tests/F.ll", ["a"; "b"], "expected output"` as (file,
/// arguments, output with OCaml's `\n`, `\\` and `\"` read).
fn cos320_io_tests(ml: &str) -> Vec<(String, Vec<String>, String)> {
    // One OCaml string literal at the start of `s`: its text and the rest.
    fn literal(s: &str) -> Option<(String, &str)> {
        let mut chars = s.trim_start().strip_prefix('"')?.char_indices();
        let body = s.trim_start().strip_prefix('"')?;
        let mut out = String::new();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return Some((out, &body[i + 1..])),
                '\\' => match chars.next()?.1 {
                    'n' => out.push('\n'),
                    other => out.push(other),
                },
                c => out.push(c),
            }
        }
        None
    }
    let mut tests = Vec::new();
    let mut rest = ml;
    while let Some(at) = rest.find("\"sp26_hw2_tests/") {
        rest = &rest[at..];
        let Some((path, after)) = literal(rest) else {
            break;
        };
        rest = after;
        let Some(list) = rest.trim_start().strip_prefix(',').map(str::trim_start) else {
            continue;
        };
        let Some(list) = list.strip_prefix('[') else {
            continue; // an ex_tests entry: a file and an exit code
        };
        let Some(end) = list.find(']') else { break };
        let args = list[..end]
            .split(';')
            .filter_map(|a| literal(a).map(|(t, _)| t))
            .collect();
        let Some(after) = list[end + 1..].trim_start().strip_prefix(',') else {
            continue;
        };
        let Some((expected, after)) = literal(after) else {
            break;
        };
        rest = after;
        let file = path.trim_start_matches("sp26_hw2_tests/").to_string();
        tests.push((file, args, expected));
    }
    tests
}

/// Princeton COS320 2026's homework 2 tests (`cos320/sp26_hw2_tests`:
/// LLVMlite programs with arguments and the output the course expects,
/// its tests compiled by llc and cc), as annotated corpus files
/// (`CHECK-RUNTIME: ll-libc`, one `CHECK-RUN` per list entry, the
/// expected output as `CHECK-STDOUT` lines: `ll_puts` ends each line), in
/// a back-end campaign of the built-in back end under `--memory llvm`
/// with the default limits. Every judged run passes, and the oracle
/// agrees with every expectation but `demo_test.ll`'s (ill-typed: it
/// calls the `void` function `ll_puts` at type `i64`). `skip_list.ll` (a struct's size from
/// `getelementptr null, 1`, a seed from a pointer's bytes; undefined in
/// the tree memory) passes for 5, 100 and 10000; 1000000 needs about
/// 3.5 * 10^9 steps, past the default fuel, and is skipped as a limit.
/// `LLORACLE_COS320_HW2` names a checkout of that repository; without it
/// the test prints `SKIP` and passes.
#[test]
fn the_cos320_homework_2_tests_pass_the_built_in_back_end_in_llvm_memory() {
    let Some(dir) = std::env::var_os("LLORACLE_COS320_HW2") else {
        eprintln!("SKIP: LLORACLE_COS320_HW2 does not name a checkout of cos320/sp26_hw2_tests");
        return;
    };
    let dir = std::path::Path::new(&dir);
    let Ok(ml) = std::fs::read_to_string(dir.join("sp26_hw2_tests.ml")) else {
        eprintln!("SKIP: {} has no sp26_hw2_tests.ml", dir.display());
        return;
    };
    let tests = cos320_io_tests(&ml);
    // The list had 61 io tests when this was written; more may come.
    assert!(tests.len() >= 61, "{} io tests read", tests.len());
    let out = tempfile::tempdir().unwrap();
    let corpus = out.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    let mut files: Vec<&str> = tests.iter().map(|t| t.0.as_str()).collect();
    files.dedup();
    for f in &files {
        let mut text = String::from("; CHECK-RUNTIME: ll-libc\n");
        for (i, (_, args, expected)) in tests.iter().filter(|t| t.0 == *f).enumerate() {
            text += &format!("; CHECK-RUN: run{i}\n; CHECK-ARGS: {}\n", args.join(" "));
            for line in expected.split('\n') {
                text += &format!("; CHECK-STDOUT: {line}\n");
            }
        }
        text += &std::fs::read_to_string(dir.join(f)).unwrap();
        std::fs::write(corpus.join(f), text).unwrap();
    }
    let json = out.path().join("r.json");
    let (_, stdout, stderr) = crate::common::lloracle(&[
        "test-compiler",
        "--corpus",
        corpus.to_str().unwrap(),
        "--random",
        "0",
        "--runtime",
        "ll-libc",
        "--memory",
        "llvm",
        "--json",
        json.to_str().unwrap(),
    ]);
    let r = crate::common::read_json(&json);
    assert_eq!(r["memory"], "llvm");
    let problems: Vec<&str> = r["corpus_problems"]
        .as_array()
        .map(|a| a.iter().filter_map(|p| p.as_str()).collect())
        .unwrap_or_default();
    assert!(
        problems.iter().all(|p| p.contains("demo_test.ll")),
        "{problems:?}\n{stdout}{stderr}"
    );
    let mut verdicts = std::collections::BTreeMap::new();
    for p in r["programs"].as_array().unwrap() {
        for run in p["runs"].as_array().unwrap() {
            let name = format!(
                "{} {}",
                p["name"].as_str().unwrap(),
                run["args"].as_array().unwrap().len()
            );
            let args: Vec<&str> = run["args"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|a| a.as_str())
                .collect();
            let v = run["verdict"].as_str().unwrap().to_string();
            assert!(
                v == "pass" || (v == "skipped" && args == ["1000000"]),
                "{name} {args:?}: {v} ({})\n{stdout}",
                run["oracle"]
            );
            *verdicts.entry(v).or_insert(0) += 1;
        }
    }
    // 61 io tests less demo_test.ll's one (set aside) and
    // skip_list.ll 1000000 (skipped).
    assert_eq!(verdicts.get("pass"), Some(&59), "{verdicts:?}\n{stdout}");
}

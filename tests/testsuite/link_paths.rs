//! The three ways lloracle runs a back end's assembly
//! (docs/running-student-code.md, "Linking"): in process (the default,
//! for the programs it can), the direct link (`as` and `ld` as `cc` runs
//! them, `LLORACLE_LINK=ld`) and `cc` itself (`LLORACLE_LINK=cc`). One
//! back-end campaign judged all three ways gives the same report, program
//! by program and run by run: passes, an assembler error and a link
//! error with `cc`'s words, a wrong result, a crash, a timeout and
//! printed output.

use crate::common::{have_cc, read_json, write_exe};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The corpus: each program names by one function what the fake compiler
/// does with it.
const PROGRAMS: [(&str, &str); 8] = [
    // 40 + 2 = 42, by the built-in back end: passes.
    (
        "add.ll",
        "define i64 @main() {\n  %x = add i64 40, 2\n  ret i64 %x\n}\n",
    ),
    // f(3) = 3 * 3 = 9, by the built-in back end: passes.
    (
        "call.ll",
        "define i64 @f(i64 %x) {\n  %y = mul i64 %x, %x\n  ret i64 %y\n}\n\
         define i64 @main() {\n  %r = call i64 @f(i64 3)\n  ret i64 %r\n}\n",
    ),
    // Prints "hi" with `ll_puts` and returns 0, by the built-in back end
    // (a call through `ll_puts@GOTPCREL`): passes.
    (
        "puts.ll",
        "@s = global [3 x i8] c\"hi\\00\"\n\
         declare void @ll_puts(i8*)\n\
         define i64 @main() {\n  %p = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0\n  \
         call void @ll_puts(i8* %p)\n  ret i64 0\n}\n",
    ),
    // The script writes `movq %rax, %nosuchreg`: `as` rejects the
    // register, an assembler error.
    (
        "asm.ll",
        "define i64 @bad_asm() {\n  ret i64 1\n}\n\
         define i64 @main() {\n  %r = call i64 @bad_asm()\n  ret i64 %r\n}\n",
    ),
    // The script writes a call of `nowhere`, defined neither there nor in
    // the runtime: it assembles, `ld` finds no `nowhere`, a link error.
    (
        "link.ll",
        "define i64 @bad_link() {\n  ret i64 2\n}\n\
         define i64 @main() {\n  %r = call i64 @bad_link()\n  ret i64 %r\n}\n",
    ),
    // The script writes a `main` returning 7; the program returns 5: a
    // wrong result (exit status 7, not 5).
    (
        "wrong.ll",
        "define i64 @wrong() {\n  ret i64 5\n}\n\
         define i64 @main() {\n  %r = call i64 @wrong()\n  ret i64 %r\n}\n",
    ),
    // The script writes a `main` that prints "a" with `ll_puts` (an X86lite
    // `callq` of the runtime, on a stack not aligned to 16) and then
    // loads from address 0: a crash (SIGSEGV) after the output.
    (
        "crash.ll",
        "define i64 @crash() {\n  ret i64 6\n}\n\
         define i64 @main() {\n  %r = call i64 @crash()\n  ret i64 %r\n}\n",
    ),
    // The script writes a `main` that jumps to itself: a timeout.
    (
        "spin.ll",
        "define i64 @spin() {\n  ret i64 8\n}\n\
         define i64 @main() {\n  %r = call i64 @spin()\n  ret i64 %r\n}\n",
    ),
];

/// The fake compiler: prepared assembly for the three failing programs,
/// the built-in back end for every other (the campaign's probes too).
fn fake_compiler(dir: &Path) -> String {
    let script = dir.join("cc-fake");
    let text = format!(
        "#!/bin/sh\nin=$1; out=$2\n\
         if grep -q '@bad_asm' \"$in\"; then printf '\\t.text\\n\\t.globl main\\nmain:\\n\\tmovq %%rax, %%nosuchreg\\n\\tretq\\n' > \"$out\"\n\
         elif grep -q '@bad_link' \"$in\"; then printf '\\t.text\\n\\t.globl main\\nmain:\\n\\tcallq nowhere\\n\\tretq\\n' > \"$out\"\n\
         elif grep -q '@wrong' \"$in\"; then printf '\\t.text\\n\\t.globl main\\nmain:\\n\\tmovq $7, %%rax\\n\\tretq\\n' > \"$out\"\n\
         elif grep -q '@crash' \"$in\"; then printf '\\t.data\\nmsg:\\n\\t.asciz\\t\"a\"\\n\\t.text\\n\\t.globl\\tmain\\nmain:\\n\\tleaq\\tmsg(%%rip), %%rdi\\n\\tcallq\\tll_puts\\n\\tmovq\\t$0, %%rax\\n\\tmovq\\t(%%rax), %%rax\\n\\tretq\\t\\n' > \"$out\"\n\
         elif grep -q '@spin' \"$in\"; then printf '\\t.text\\n\\t.globl main\\nmain:\\n\\tjmp main\\n' > \"$out\"\n\
         else exec {} compile \"$in\" -o \"$out\"; fi\n",
        env!("CARGO_BIN_EXE_lloracle")
    );
    write_exe(&script, &text);
    format!("{} {{in}} {{out}}", script.display())
}

/// Runs the campaign over `corpus` with `compiler`, linking as `link` says
/// (`None`: the default), and returns its JSON report.
fn campaign(corpus: &Path, compiler: &str, link: Option<&str>, json: &Path) -> Value {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lloracle"));
    c.arg("test-compiler")
        .arg("--cmd")
        .arg(compiler)
        .arg("--corpus")
        .arg(corpus)
        .args(["--random", "0", "--jobs", "1", "--max-reductions", "0"])
        .args(["--timeout", "1"])
        .arg("--json")
        .arg(json)
        .env_remove("LLORACLE_LINK");
    if let Some(l) = link {
        c.env("LLORACLE_LINK", l);
    }
    let out = c.output().expect("run lloracle");
    // Exit 1: the campaign found failures (five programs fail).
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    read_json(json)
}

/// The report without what differs between any two runs: the times, and
/// in the tools' words the names of temporary files (`cc` picks a fresh
/// `/tmp/ccXXXX.o` every time).
fn comparable(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        m.remove("elapsed_secs");
        m.remove("stage_secs");
        m.remove("linking");
    }
    let tmp = std::env::temp_dir().to_string_lossy().into_owned();
    let text = v.to_string();
    let words: Vec<String> = text
        .split_inclusive([' ', ':', '\'', '`'])
        .map(|w| match w.find(&tmp) {
            Some(k) => format!("{}TMP{}", &w[..k], w.chars().last().unwrap_or(' ')),
            None => w.to_string(),
        })
        .collect();
    serde_json::from_str(&words.concat()).expect("the report with its file names replaced")
}

/// Every program's name with the verdict of its run and the words of a
/// build failure.
fn verdicts(v: &Value) -> Vec<(String, String, String)> {
    v["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .map(|p| {
            let run = &p["runs"][0];
            (
                p["name"].as_str().unwrap_or("").to_string(),
                run["verdict"].as_str().unwrap_or("").to_string(),
                run["failure"]["detail"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn in_process_the_direct_link_and_cc_judge_alike() {
    if !have_cc("the ways of linking against cc") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).expect("corpus folder");
    for (name, text) in PROGRAMS {
        std::fs::write(corpus.join(name), text).expect("write a program");
    }
    let compiler = fake_compiler(dir.path());
    let inproc = campaign(&corpus, &compiler, None, &dir.path().join("in.json"));
    let direct = campaign(&corpus, &compiler, Some("ld"), &dir.path().join("ld.json"));
    let by_cc = campaign(&corpus, &compiler, Some("cc"), &dir.path().join("cc.json"));
    let got = verdicts(&inproc);
    let cats: Vec<(&str, &str)> = got
        .iter()
        .map(|(n, c, _)| (n.as_str(), c.as_str()))
        .collect();
    assert_eq!(
        cats,
        [
            ("corpus/add.ll", "pass"),
            ("corpus/asm.ll", "assembler error"),
            ("corpus/call.ll", "pass"),
            ("corpus/crash.ll", "crash"),
            ("corpus/link.ll", "link error"),
            ("corpus/puts.ll", "pass"),
            ("corpus/spin.ll", "run timeout"),
            ("corpus/wrong.ll", "wrong result"),
        ],
        "{inproc:#}"
    );
    // The words are cc's: the assembler's complaint about the register,
    // the linker's about `nowhere`.
    let detail = |n: &str| {
        got.iter()
            .find(|(name, _, _)| name.ends_with(n))
            .map_or("", |(_, _, d)| d.as_str())
    };
    assert!(detail("asm.ll").starts_with("cc -c: exit 1"), "{got:?}");
    assert!(detail("asm.ll").contains("nosuchreg"), "{got:?}");
    assert!(detail("link.ll").starts_with("cc: exit 1"), "{got:?}");
    assert!(
        detail("link.ll").contains("undefined reference to `nowhere'"),
        "{got:?}"
    );
    assert_eq!(comparable(inproc.clone()), comparable(by_cc.clone()));
    assert_eq!(comparable(direct.clone()), comparable(by_cc.clone()));
    // All ran in process (the eight and the campaign's probes of the
    // compiler) but the assembler and the link error, which were linked
    // directly, then with cc for the words.
    let how = inproc["linking"].as_str().unwrap_or("");
    let counts: Vec<u32> = how
        .split([' ', ';'])
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        how.starts_with("in-process ") && how.ends_with("; the rest: direct"),
        "{how}"
    );
    assert!(
        matches!(counts[..], [n, total] if n >= 6 && total == n + 2),
        "{how}"
    );
    assert_eq!(direct["linking"], "direct");
    assert_eq!(by_cc["linking"], "cc: LLORACLE_LINK=cc");
    // Every campaign linked: the report says how long that took.
    for v in [&inproc, &direct, &by_cc] {
        assert!(v["stage_secs"]["link"].as_f64().is_some_and(|s| s > 0.0));
        assert!(v["stage_secs"]["compile"].as_f64().is_some_and(|s| s > 0.0));
    }
}

/// Beyond the sample a session checks: for generated programs through the
/// built-in back end, under the runtimes `ll` and `oat-eth` and with and
/// without `-no-pie`, the direct assembler writes the object `cc -c`
/// writes, and the direct linker the executable `cc` links from it, byte
/// for byte (what makes its verdicts `cc`'s, undefined behaviour
/// included; `cc` given the assembly differs from itself only in the name
/// of its random temporary object).
#[test]
fn the_direct_link_writes_cc_s_executable_for_generated_programs() {
    use toolchain::link::DirectLink;
    use toolchain::Limits;
    let Some(cc) = toolchain::tools::cc() else {
        eprintln!("SKIP: no C compiler (cc or gcc)");
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let d = dir.path();
    let limits = Limits::tool(std::time::Duration::from_secs(60));
    for (runtime, entry) in [
        (spec::RuntimeName::Ll, false),
        (spec::RuntimeName::OatEth, true),
    ] {
        let rt = toolchain::build_named_runtime_object(d, runtime, entry).expect("runtime");
        for flags in [vec![], vec!["-no-pie".to_string()]] {
            let direct = DirectLink::probe(&cc, &rt, &flags, d, &limits).expect("probe");
            for seed in 0..3 {
                let mut prog = gen::from_seed(seed, 20);
                if entry {
                    for f in &mut prog.fdecls {
                        if f.name == "main" {
                            f.name = "program".into();
                        }
                    }
                }
                let asm = codegen::compile(&prog).expect("compiles").to_asm();
                if let Err(e) = direct.verify(&cc, &rt, &flags, &asm, d, &limits) {
                    panic!("{runtime} {flags:?} seed {seed}: {e}");
                }
            }
        }
    }
}

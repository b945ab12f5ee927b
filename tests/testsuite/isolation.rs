//! Submissions are confined (docs/grading.md, "What a submission can and
//! cannot do"): `lloracle grade --reference ...` on a class of two where
//! student A's compiler, before compiling right, tries to overwrite B's
//! compiler and the reference, write outside its folder, delete a file
//! and connect to a TCP server this test runs on 127.0.0.1; and a class
//! of back ends whose programs call `unlink`, `kill` (signal 0 to their
//! own pid), `fork` and `socket`. Skipped with a notice where the kernel
//! has no Landlock (or no seccomp, for the second).

use crate::common;
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;

const LLORACLE: &str = env!("CARGO_BIN_EXE_lloracle");

/// The honest compiler: lloracle's own back end.
const HONEST: &str = "#!/bin/sh\nexec \"$LLORACLE\" compile \"$1\" -o \"$2\"\n";

/// Writes the executable `p` (its folder made first).
fn exe(p: &Path, text: &str) {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    common::write_exe(p, text);
}

/// One corpus program returning 42 (40 + 2, by hand).
fn corpus(dir: &Path) {
    std::fs::create_dir_all(dir).expect("mkdir");
    std::fs::write(
        dir.join("add.ll"),
        "; CHECK-RESULT: 42\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %x = add i64 40, 2\n  ret i64 %x\n}\n",
    )
    .expect("write");
}

/// `lloracle grade subs` in `dir` with `--cmd {submission}/compiler`.
fn grade(dir: &Path, more: &[&str]) -> std::process::Output {
    Command::new(LLORACLE)
        .args([
            "grade",
            "subs",
            "--cmd",
            "{submission}/compiler {in} {out}",
            "--dialect",
            "lloracle",
            "--corpus",
            "course-corpus",
            "--random",
            "0",
            "--max-reductions",
            "0",
            "--jobs",
            "2",
            "--out-dir",
            "grades",
        ])
        .args(more)
        .current_dir(dir)
        .env("LLORACLE", LLORACLE)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grade")
}

fn landlock_or_skip() -> bool {
    let iso = toolchain::isolation();
    if iso.landlock_abi < 6 {
        eprintln!(
            "SKIP: this kernel's Landlock (ABI {}) does not confine files, TCP and signals",
            iso.landlock_abi
        );
        return false;
    }
    common::have_cc("the isolation class is not graded")
}

#[test]
fn a_hostile_classmate_changes_nothing_of_the_others() {
    if !landlock_or_skip() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let (b, reference, outside) = (
        d.join("subs/b-honest"),
        d.join("reference"),
        d.join("outside"),
    );
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(outside.join("keep.txt"), "keep").expect("write");
    exe(&b.join("compiler"), HONEST);
    exe(&reference.join("compiler"), HONEST);
    let connect = if toolchain::find_tool(&["bash"]).is_some() {
        format!("bash -c 'echo hi > /dev/tcp/127.0.0.1/{port}'\n")
    } else {
        eprintln!("SKIP (part): no bash, so no TCP connection is tried");
        String::new()
    };
    let hostile = format!(
        "#!/bin/sh\necho 'exit 1' > {b}/compiler\necho 'exit 1' > {r}/compiler\n\
         echo pwned > {o}/new.txt\nrm -f {o}/keep.txt\n{connect}{HONEST_BODY}",
        b = b.display(),
        r = reference.display(),
        o = outside.display(),
    );
    exe(&d.join("subs/a-hostile/compiler"), &hostile);
    corpus(&d.join("course-corpus"));
    let reference_cmd = format!("{}/compiler {{in}} {{out}}", reference.display());
    let out = grade(d, &["--reference", &reference_cmd]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");

    // Nothing outside A's own folders changed, no connection arrived.
    let read = |p: &Path| std::fs::read_to_string(p).expect("read");
    assert_eq!(read(&b.join("compiler")), HONEST);
    assert_eq!(read(&reference.join("compiler")), HONEST);
    assert!(!outside.join("new.txt").exists());
    assert_eq!(read(&outside.join("keep.txt")), "keep");
    assert!(listener.accept().is_err(), "a connection arrived");

    // B scores full marks; A compiled right too, and its report says the
    // sandbox refused its compiler.
    let g = |who: &str| common::read_json(&d.join("grades").join(who).join("results.json"));
    let (gb, ga) = (g("b-honest"), g("a-hostile"));
    assert_eq!(gb["score"], gb["max_score"], "{gb:#}");
    assert_eq!(ga["score"], ga["max_score"], "{ga:#}");
    let ra = common::read_json(&d.join("grades/a-hostile/report.json"));
    assert!(ra["refused"].as_u64().is_some_and(|n| n > 0), "{ra:#}");
    assert!(
        ra["isolation"]
            .as_str()
            .is_some_and(|i| i.contains("landlock")),
        "{ra:#}"
    );
    let class = common::read_json(&d.join("grades/class.json"));
    assert!(
        class["isolation"]
            .as_str()
            .is_some_and(|i| i.contains("landlock")),
        "{class:#}"
    );
    let text = read(&d.join("grades/a-hostile/report.txt"));
    assert!(
        text.contains("isolation: landlock") && text.contains("refused: "),
        "{text}"
    );
}

/// The body of the honest compiler without its `#!` line.
const HONEST_BODY: &str = "exec \"$LLORACLE\" compile \"$1\" -o \"$2\"\n";

/// A back end that prints `asm` whatever its input (X86lite-style: the
/// call's arguments in registers, `main` returning 0 after it).
fn asm_compiler(dir: &Path, body: &str) {
    let asm = format!(
        "\t.text\n\t.globl\tmain\nmain:\n\tpushq\t%rbp\n\tmovq\t%rsp, %rbp\n{body}\tmovq\t$0, %rax\n\tpopq\t%rbp\n\tretq\n"
    );
    exe(
        &dir.join("compiler"),
        &format!("#!/bin/sh\ncat > \"$2\" <<'EOF'\n{asm}EOF\n"),
    );
}

#[test]
fn a_program_s_forbidden_system_calls_are_its_runs_outcome() {
    if !landlock_or_skip() {
        return;
    }
    if !toolchain::isolation().seccomp {
        eprintln!("SKIP: no seccomp here");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let victim = d.join("victim");
    std::fs::write(&victim, "x").expect("write");
    let unlink = format!(
        "\tleaq\tpath(%rip), %rdi\n\tcallq\tunlink\n\t.data\npath:\n\t.asciz\t\"{}\"\n\t.text\n",
        victim.display()
    );
    let calls = [
        ("unlink", unlink.as_str()),
        (
            "kill",
            "\tcallq\tgetpid\n\tmovq\t%rax, %rdi\n\tmovq\t$0, %rsi\n\tcallq\tkill\n",
        ),
        ("fork", "\tcallq\tfork\n"),
        (
            "socket",
            "\tmovq\t$2, %rdi\n\tmovq\t$1, %rsi\n\tmovq\t$0, %rdx\n\tcallq\tsocket\n",
        ),
    ];
    for (name, body) in calls {
        asm_compiler(&d.join("subs").join(name), body);
    }
    corpus(&d.join("course-corpus"));
    let out = grade(d, &["--emit", "asm"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(victim.exists(), "unlink ran");
    for (name, _) in calls {
        // Each run crashed with SIGSYS (31 on x86-64 Linux): the system
        // call was refused and ended the program.
        let r = common::read_json(&d.join("grades").join(name).join("report.json"));
        let runs: Vec<&serde_json::Value> = r["programs"]
            .as_array()
            .expect("programs")
            .iter()
            .flat_map(|p| p["runs"].as_array().expect("runs"))
            .collect();
        assert!(!runs.is_empty(), "{name}: {r:#}");
        for run in runs {
            assert_eq!(
                run["failure"]["actual_outcome"]["signal"],
                libc::SIGSYS,
                "{name}: {run:#}"
            );
            let actual = run["failure"]["actual"].as_str().unwrap_or("");
            assert!(
                actual.contains("SIGSYS: a refused system call"),
                "{name}: {actual}"
            );
        }
    }
}

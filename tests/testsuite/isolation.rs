//! Submissions are confined (docs/grading.md, "What a submission can and
//! cannot do"): `lloracle grade --reference ...` on a class of two where
//! student A's compiler, before compiling right, tries to overwrite B's
//! compiler and the reference, write outside its folder, delete a file
//! and connect to a TCP server this test runs on 127.0.0.1; the same for
//! a class of front ends (`--emit ll`); and a class
//! of back ends whose programs call `unlink`, `kill` (signal 0 to their
//! own pid), `fork` and `socket`, through the C library and as the raw
//! instruction (each refused and named). Skipped with a notice where the kernel
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

/// One corpus program returning 42 (41 + 1, by hand; not the baseline
/// probe's 40 + 2).
fn corpus(dir: &Path) {
    std::fs::create_dir_all(dir).expect("mkdir");
    std::fs::write(
        dir.join("add.ll"),
        "; CHECK-RESULT: 42\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %x = add i64 41, 1\n  ret i64 %x\n}\n",
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
    says_confined_and_refused(&d.join("grades"), "a-hostile");
}

/// `who`'s reports in the class folder `grades` say the sandbox refused
/// its compiler something (report.json's `refused`, report.txt's
/// `refused:` line) and name Landlock in the isolation (`isolation` in
/// report.json, report.txt and class.json).
fn says_confined_and_refused(grades: &Path, who: &str) {
    let landlock = |v: &serde_json::Value| v.as_str().is_some_and(|i| i.contains("landlock"));
    let r = common::read_json(&grades.join(who).join("report.json"));
    assert!(r["refused"].as_u64().is_some_and(|n| n > 0), "{r:#}");
    assert!(landlock(&r["isolation"]), "{r:#}");
    let class = common::read_json(&grades.join("class.json"));
    assert!(landlock(&class["isolation"]), "{class:#}");
    let text = std::fs::read_to_string(grades.join(who).join("report.txt")).expect("read");
    assert!(
        text.contains("isolation: landlock") && text.contains("refused: "),
        "{text}"
    );
}

/// A front end (`grade --emit ll`) is confined as a back end is: student
/// A's front end, before it "compiles" right, tries to overwrite B's front
/// end and to write outside its folder; nothing of B's changes, both
/// score full marks on the one test (the prepared output of
/// tests/fixtures/frontend prints "hi" and returns 3, as the test
/// expects), and A's report, like a back end's, says how it was confined
/// and that the sandbox refused it something.
#[test]
fn a_hostile_front_end_changes_nothing_of_its_classmates() {
    if !landlock_or_skip() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend");
    let outside = d.join("outside");
    std::fs::create_dir_all(&outside).expect("mkdir");
    let b = d.join("subs/b-honest");
    let honest = "#!/bin/sh\nexec \"$(dirname \"$0\")/fake.sh\" \"$1\" \"$2\" student\n";
    for who in ["a-hostile", "b-honest"] {
        let s = d.join("subs").join(who);
        std::fs::create_dir_all(s.join("student")).expect("mkdir");
        std::fs::copy(fixtures.join("fake.sh"), s.join("fake.sh")).expect("copy");
        std::fs::copy(fixtures.join("student/pass.ll"), s.join("student/pass.ll")).expect("copy");
        let body = match who {
            "a-hostile" => format!(
                "#!/bin/sh\necho 'exit 1' > {b}/fe\necho pwned > {o}/new.txt\n{}",
                honest.trim_start_matches("#!/bin/sh\n"),
                b = b.display(),
                o = outside.display(),
            ),
            _ => honest.to_string(),
        };
        exe(&s.join("fe"), &body);
    }
    std::fs::create_dir_all(d.join("tests")).expect("mkdir");
    std::fs::copy(fixtures.join("tests/pass.oat"), d.join("tests/pass.oat")).expect("copy");
    let out = Command::new(LLORACLE)
        .args([
            "grade",
            "subs",
            "--cmd",
            "{submission}/fe {in} {outdir}",
            "--emit",
            "ll",
            "--tests",
            "tests",
            "--random",
            "0",
            "--no-native",
            "--out-dir",
            "grades",
        ])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grade");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(b.join("fe")).expect("read"),
        honest,
        "B's front end was changed"
    );
    assert!(!outside.join("new.txt").exists());
    let g = |who: &str| common::read_json(&d.join("grades").join(who).join("results.json"));
    for who in ["a-hostile", "b-honest"] {
        let r = g(who);
        assert_eq!(r["score"], r["max_score"], "{who}: {r:#}");
    }
    says_confined_and_refused(&d.join("grades"), "a-hostile");
}

/// The body of the honest compiler without its `#!` line.
const HONEST_BODY: &str = "exec \"$LLORACLE\" compile \"$1\" -o \"$2\"\n";

/// A back end that prints `asm` for the corpus's program (41 + 1) and
/// compiles anything else right (the baseline probe, 40 + 2, passes):
/// X86lite-style, the call's arguments in registers, `main` returning 0
/// after it.
fn asm_compiler(dir: &Path, body: &str) {
    let asm = format!(
        "\t.text\n\t.globl\tmain\nmain:\n\tpushq\t%rbp\n\tmovq\t%rsp, %rbp\n{body}\tmovq\t$0, %rax\n\tpopq\t%rbp\n\tretq\n"
    );
    exe(
        &dir.join("compiler"),
        &format!(
            "#!/bin/sh\nif grep -q 'add i64 41, 1' \"$1\"; then\ncat > \"$2\" <<'EOF'\n{asm}EOF\nelse\n{HONEST_BODY}fi\n"
        ),
    );
}

/// The raw `syscall` instruction (0f 05) as bytes, as a hostile program
/// would write it (the in-process reader refuses data in code: such a
/// program is linked).
const SYSCALL: &str = "\t.byte\t0x0f, 0x05\n";

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
    let path = format!(
        "\t.data\npath:\n\t.asciz\t\"{}\"\n\t.text\n",
        victim.display()
    );
    // Each call twice: through the C library and as the raw instruction;
    // either way the program is linked with lloracle's runtime object
    // (codegen/tests/att_run.rs makes the calls in process). The numbers are
    // x86-64's (the kernel's syscall_64.tbl): unlink 87, getpid 39, kill
    // 62, fork 57 (through the C library's `syscall`), socket 41 (AF_INET
    // 2, SOCK_STREAM 1).
    let linked_unlink = format!("\tleaq\tpath(%rip), %rdi\n\tcallq\tunlink\n{path}");
    let raw_unlink = format!("\tmovq\t$87, %rax\n\tleaq\tpath(%rip), %rdi\n{SYSCALL}{path}");
    let raw_kill = format!(
        "\tmovq\t$39, %rax\n{SYSCALL}\tmovq\t%rax, %rdi\n\tmovq\t$0, %rsi\n\tmovq\t$62, %rax\n{SYSCALL}"
    );
    let raw_fork = format!("\tmovq\t$57, %rax\n{SYSCALL}");
    let raw_socket = format!(
        "\tmovq\t$2, %rdi\n\tmovq\t$1, %rsi\n\tmovq\t$0, %rdx\n\tmovq\t$41, %rax\n{SYSCALL}"
    );
    let calls: [(&str, i64, &str, bool); 9] = [
        ("unlink", 87, &linked_unlink, false),
        (
            "kill",
            62,
            "\tcallq\tgetpid\n\tmovq\t%rax, %rdi\n\tmovq\t$0, %rsi\n\tcallq\tkill\n",
            false,
        ),
        ("fork", 57, "\tmovq\t$57, %rdi\n\tcallq\tsyscall\n", false),
        // The C library's fork() is clone (56) on x86-64.
        ("clone", 56, "\tcallq\tfork\n", false),
        (
            "socket",
            41,
            "\tmovq\t$2, %rdi\n\tmovq\t$1, %rsi\n\tmovq\t$0, %rdx\n\tcallq\tsocket\n",
            false,
        ),
        ("unlink", 87, &raw_unlink, true),
        ("kill", 62, &raw_kill, true),
        ("fork", 57, &raw_fork, true),
        ("socket", 41, &raw_socket, true),
    ];
    let sub = |name: &str, raw: bool| format!("{}-{name}", if raw { "raw" } else { "libc" });
    for (name, _, body, raw) in calls {
        asm_compiler(&d.join("subs").join(sub(name, raw)), body);
    }
    corpus(&d.join("course-corpus"));
    let out = grade(d, &["--emit", "asm"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(victim.exists(), "unlink ran");
    for (name, number, _, raw) in calls {
        let who = sub(name, raw);
        let r = common::read_json(&d.join("grades").join(&who).join("report.json"));
        // The program was linked (`direct`, or `cc: ...`).
        let linking = r["linking"].as_str().unwrap_or("");
        assert!(
            linking.contains("direct") || linking.contains("cc: "),
            "{who}: {linking}"
        );
        let runs: Vec<&serde_json::Value> = r["programs"]
            .as_array()
            .expect("programs")
            .iter()
            .flat_map(|p| p["runs"].as_array().expect("runs"))
            .collect();
        assert!(!runs.is_empty(), "{who}: {r:#}");
        for run in runs {
            // Each run crashed with SIGSYS (31 on x86-64 Linux): the
            // system call was refused, ended the program and is named.
            let o = &run["failure"]["actual_outcome"];
            assert_eq!(o["signal"], libc::SIGSYS, "{who}: {run:#}");
            assert_eq!(o["syscall"], number, "{who}: {run:#}");
            let actual = run["failure"]["actual"].as_str().unwrap_or("");
            let named = format!("the program made system call {number} ({name})");
            assert!(
                actual.contains("SIGSYS: a refused system call") && actual.contains(&named),
                "{who}: {actual}"
            );
        }
    }
}

/// `lloracle test-compiler` with the honest compiler that first sends a
/// UDP datagram to `port` (bash's `/dev/udp`); `more` are extra options.
/// Its JSON report.
fn test_compiler_sending_udp(d: &Path, port: u16, more: &[&str]) -> serde_json::Value {
    exe(
        &d.join("udp/compiler"),
        &format!("#!/bin/sh\nbash -c 'echo hi > /dev/udp/127.0.0.1/{port}'\n{HONEST_BODY}"),
    );
    corpus(&d.join("course-corpus"));
    let json = d.join("r.json");
    let out = Command::new(LLORACLE)
        .arg("test-compiler")
        .arg("--cmd")
        .arg(format!("{}/udp/compiler {{in}} {{out}}", d.display()))
        .args(["--dialect", "lloracle", "--corpus", "course-corpus"])
        .args(["--random", "0", "--max-reductions", "0", "--jobs", "1"])
        .arg("--json")
        .arg(&json)
        .args(more)
        .current_dir(d)
        .env("LLORACLE", LLORACLE)
        .env("NO_COLOR", "1")
        .output()
        .expect("run test-compiler");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    common::read_json(&json)
}

/// By default `test-compiler` gives the compiler no network (its own
/// network namespace), though the compiler keeps the user's files: a UDP
/// datagram it sends to a socket this test listens on never arrives, and
/// it still compiles right. With `--no-confine` the same datagram does
/// arrive (so the first half can fail).
#[test]
fn test_compiler_gives_the_compiler_no_network_by_default() {
    if !toolchain::isolation().network_namespace {
        eprintln!("SKIP: this kernel gives no network namespace here");
        return;
    }
    if toolchain::find_tool(&["bash"]).is_none() || !common::have_cc("no UDP compiler test") {
        eprintln!("SKIP: no bash (its /dev/udp sends the datagram)");
        return;
    }
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").expect("bind");
    socket.set_nonblocking(true).expect("nonblocking");
    let port = socket.local_addr().expect("addr").port();
    let dir = tempfile::tempdir().expect("tempdir");
    let r = test_compiler_sending_udp(dir.path(), port, &[]);
    assert!(
        r["isolation"]
            .as_str()
            .is_some_and(|i| i.contains("network namespace")),
        "{r:#}"
    );
    assert_eq!(r["summary"]["categories"]["pass"], 1, "{r:#}");
    let mut buf = [0u8; 16];
    assert!(socket.recv(&mut buf).is_err(), "a datagram arrived");
    let dir = tempfile::tempdir().expect("tempdir");
    test_compiler_sending_udp(dir.path(), port, &["--no-confine"]);
    let n = socket
        .recv(&mut buf)
        .expect("the unconfined datagram arrived");
    assert_eq!(buf.get(..n), Some(&b"hi\n"[..]));
}

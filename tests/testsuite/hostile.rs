//! Hostile compilers and executables (docs/running-student-code.md): whatever a student's
//! compiler or the program it builds does (kill its parent, leave detached
//! descendants holding stdout, fork in a loop, hang, flood, hog memory,
//! write garbage), `lloracle test-compiler` finishes within its budget,
//! gives the run the right category, writes its reports, and leaves no
//! process behind.
//!
//! Each case runs the real binary on one tiny annotated program (or a few
//! random ones) with a small `--timeout`. Every process a hostile script
//! starts carries a unique marker in its command line (`sleep 1000.<id>`),
//! looked up in `/proc` after the run.

use crate::common;

use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The program every case compiles: returns 0 and prints nothing, so that
/// `/bin/true` is a correct executable for it.
const PROGRAM: &str =
    "; CHECK-RESULT: 0\ndefine i64 @main(i64 %argc, i8** %argv) {\n  ret i64 0\n}\n";

/// The most a case may take: its `--time-budget` plus the last run's
/// timeout and the supervisor's grace.
const BUDGET_SECS: u64 = 20;
const SLACK: Duration = Duration::from_secs(8);

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A unique `sleep` argument: a long sleep whose command line names this
/// test process and case.
fn marker() -> String {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("1000.{}{:03}", std::process::id(), n)
}

/// The processes whose command line contains `marker`, after waiting up to
/// two seconds for them to go.
fn survivors(marker: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let mut found = Vec::new();
        if let Ok(dir) = std::fs::read_dir("/proc") {
            for e in dir.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if !name.bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
                    continue;
                };
                let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
                let state = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
                let zombie = state
                    .rsplit(')')
                    .next()
                    .is_some_and(|s| s.trim_start().starts_with('Z'));
                if cmd.contains(marker) && !zombie {
                    found.push(format!("{name}: {cmd}"));
                }
            }
        }
        if found.is_empty() || Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What one `test-compiler` run left.
struct Run {
    code: Option<i32>,
    stderr: String,
    json: Value,
    gradescope: Value,
    junit: String,
    elapsed: Duration,
}

impl Run {
    /// The number of runs in `category` per the JSON summary.
    fn count(&self, category: &str) -> u64 {
        self.json["summary"]["categories"][category]
            .as_u64()
            .unwrap_or(0)
    }
}

/// Runs `lloracle test-compiler --cmd CMD` on [`PROGRAM`] (plus `random`
/// random programs) with a one-second timeout; `env` is extra environment.
fn test_compiler(cmd: &str, emit: &str, random: u32, env: &[(&str, &str)]) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    let prog = dir.path().join("zero.ll");
    std::fs::write(&prog, PROGRAM).expect("write program");
    let (json, grade, junit) = (
        dir.path().join("r.json"),
        dir.path().join("g.json"),
        dir.path().join("j.xml"),
    );
    // The command must name {in}; these compilers ignore their input.
    let cmd = format!("{cmd} # {{in}} {{out}}");
    let start = Instant::now();
    let mut c = Command::new(env!("CARGO_BIN_EXE_lloracle"));
    c.arg("test-compiler")
        .args(["--cmd", &cmd, "--emit", emit])
        .arg("--corpus")
        .arg(&prog)
        .args(["--random", &random.to_string(), "--size", "3"])
        .args(["--jobs", "1", "--timeout", "1"])
        .args(["--time-budget", &BUDGET_SECS.to_string()])
        // These compilers are not real ones: no probing (it would stop at
        // the baseline), every program sent as the oracle reads it.
        .args(["--dialect", "lloracle"])
        .args(["--reduce-time", "2", "--max-reductions", "1"])
        .arg("--out-dir")
        .arg(dir.path().join("failures"))
        .arg("--json")
        .arg(&json)
        .arg("--gradescope")
        .arg(&grade)
        .arg("--junit")
        .arg(&junit);
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("lloracle runs");
    let elapsed = start.elapsed();
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let parse = |p: &Path| serde_json::from_str(&read(p)).unwrap_or(Value::Null);
    Run {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        json: parse(&json),
        gradescope: parse(&grade),
        junit: read(&junit),
        elapsed,
    }
}

/// The checks every case shares: lloracle exited by itself with `code`,
/// wrote all three reports, stayed within its budget, and left no process
/// carrying `marker`.
fn assert_survived(r: &Run, code: i32, marker: &str) {
    assert_eq!(r.code, Some(code), "exit code; stderr:\n{}", r.stderr);
    assert!(
        r.json["summary"].is_object(),
        "no JSON report: {}",
        r.stderr
    );
    assert!(r.gradescope["tests"].is_array(), "no Gradescope report");
    assert!(r.junit.contains("<testsuite"), "no JUnit report");
    assert!(
        r.elapsed < Duration::from_secs(BUDGET_SECS) + SLACK,
        "took {:?}",
        r.elapsed
    );
    let left = survivors(marker);
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

#[test]
fn a_well_behaved_compiler_passes() {
    let r = test_compiler("cp /bin/true {out}", "exe", 0, &[]);
    assert_survived(&r, 0, "no marker: nothing started");
    assert_eq!(r.count("pass"), 1, "{}", r.json);
}

#[test]
fn a_compiler_that_kills_its_parent_is_a_compile_error() {
    let m = marker();
    for env in [&[][..], &[("LLORACLE_NO_PID_NAMESPACE", "1")][..]] {
        let cmd = format!("sleep {m} & kill -9 $PPID; kill -9 $$; cp /bin/true {{out}}");
        let r = test_compiler(&cmd, "exe", 0, env);
        assert_survived(&r, 1, &m);
        assert_eq!(r.count("compile error"), 1, "{env:?}: {}", r.json);
    }
}

#[test]
fn an_executable_that_kills_its_parent_fails_and_lloracle_reports() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = marker();
    let exe = common::sh_script(
        dir.path(),
        "killer",
        &format!("sleep {m} &\nkill -9 $PPID\nexit 7"),
    );
    for env in [&[][..], &[("LLORACLE_NO_PID_NAMESPACE", "1")][..]] {
        let r = test_compiler(&format!("cp {} {{out}}", exe.display()), "exe", 0, env);
        assert_survived(&r, 1, &m);
        // In a PID namespace the kill cannot reach (exit 7: a wrong
        // result); without one the supervisor dies and so does the program.
        assert_eq!(
            r.count("wrong result") + r.count("crash"),
            1,
            "{env:?}: {}",
            r.json
        );
    }
}

#[test]
fn detached_descendants_holding_stdout_are_killed_and_do_not_hang_the_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = marker();
    let exe = common::sh_script(dir.path(), "detach", &format!("setsid sleep {m} &\nexit 0"));
    for env in [&[][..], &[("LLORACLE_NO_PID_NAMESPACE", "1")][..]] {
        let cmd = format!("setsid sleep {m} & cp {} {{out}}", exe.display());
        let r = test_compiler(&cmd, "exe", 0, env);
        assert_survived(&r, 0, &m);
        assert_eq!(r.count("pass"), 1, "{env:?}: {}", r.json);
        assert!(r.elapsed < Duration::from_secs(10), "took {:?}", r.elapsed);
    }
}

#[test]
fn a_fork_loop_is_a_run_timeout_and_every_child_dies() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = marker();
    let exe = common::sh_script(
        dir.path(),
        "forks",
        &format!("i=0\nwhile [ $i -lt 200 ]; do sleep {m} & i=$((i+1)); done\nwait"),
    );
    let r = test_compiler(&format!("cp {} {{out}}", exe.display()), "exe", 0, &[]);
    assert_survived(&r, 1, &m);
    assert_eq!(r.count("run timeout"), 1, "{}", r.json);
}

/// A compiler that hangs fails the baseline (three tries, each bounded by
/// the timeout), so nothing else is sent and every program counts as a
/// compile timeout (docs/grading.md, "The baseline"); the whole run stays
/// within a few timeouts and leaves no process behind.
#[test]
fn a_hanging_compiler_is_given_up_after_the_first_programs() {
    let m = marker();
    let r = test_compiler(&format!("sleep {m}"), "exe", 6, &[]);
    assert_survived(&r, 1, &m);
    // The one-program corpus and the six random programs.
    assert_eq!(r.count("compile timeout"), 7, "{}", r.json);
    assert_eq!(r.count("pass"), 0, "{}", r.json);
    assert!(
        r.json["baseline_failed"]
            .as_str()
            .is_some_and(|s| s.contains("fails the simplest program")),
        "{}",
        r.json
    );
    assert!(
        r.stderr.contains("every program is counted as failed"),
        "{}",
        r.stderr
    );
    assert!(r.elapsed < Duration::from_secs(10), "took {:?}", r.elapsed);
}

#[test]
fn the_time_budget_bounds_the_campaign() {
    let m = marker();
    let dir = tempfile::tempdir().expect("tempdir");
    // Times out on every other program, so the give-up rule never fires.
    let flip = dir.path().join("flip");
    let cmd = format!(
        "if [ -e {f} ]; then rm {f}; sleep {m}; else touch {f}; cp /bin/true {{out}}; fi # {{in}}",
        f = flip.display()
    );
    let prog = dir.path().join("zero.ll");
    std::fs::write(&prog, PROGRAM).expect("write");
    let json = dir.path().join("r.json");
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .arg("test-compiler")
        .args(["--cmd", &cmd, "--emit", "exe", "--no-corpus"])
        .args(["--dialect", "lloracle"])
        .args(["--random", "1000", "--size", "3", "--jobs", "1"])
        .args(["--timeout", "1", "--time-budget", "3"])
        .arg("--out-dir")
        .arg(dir.path().join("f"))
        .arg("--json")
        .arg(&json)
        .output()
        .expect("lloracle runs");
    let elapsed = start.elapsed();
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap_or_default())
        .unwrap_or(Value::Null);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        report["stopped_early"]
            .as_str()
            .is_some_and(|s| s.contains("time budget")),
        "{report}"
    );
    assert!(report["summary"]["programs"]
        .as_u64()
        .is_some_and(|n| n < 1000));
    assert!(elapsed < Duration::from_secs(3) + SLACK, "took {elapsed:?}");
    assert!(survivors(&m).is_empty());
}

#[test]
fn an_output_flood_is_cut_at_the_cap() {
    let dir = tempfile::tempdir().expect("tempdir");
    let exe = common::sh_script(dir.path(), "flood", "exec yes");
    let r = test_compiler(&format!("cp {} {{out}}", exe.display()), "exe", 0, &[]);
    assert_survived(&r, 1, "no marker: yes is killed by the cap");
    assert_eq!(r.count("crash"), 1, "{}", r.json);
    // A compiler that floods its own stdout is a compile error.
    let r = test_compiler("yes", "exe", 0, &[]);
    assert_survived(&r, 1, "no marker");
    assert_eq!(r.count("compile error"), 1, "{}", r.json);
}

#[test]
fn a_memory_hog_is_stopped_by_its_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let exe = common::sh_script(
        dir.path(),
        "hog",
        "exec awk 'BEGIN { s = \"x\"; while (1) s = s s }'",
    );
    let r = test_compiler(&format!("cp {} {{out}}", exe.display()), "exe", 0, &[]);
    assert_survived(&r, 1, "no marker");
    // awk fails to allocate (a non-zero exit) or is killed.
    assert_eq!(
        r.count("wrong result") + r.count("crash") + r.count("run timeout"),
        1,
        "{}",
        r.json
    );
}

#[test]
fn garbage_and_non_executables_say_exec_failed() {
    let r = test_compiler("head -c 100 /dev/urandom > {out}", "exe", 0, &[]);
    assert_survived(&r, 1, "no marker");
    assert_eq!(r.count("crash"), 1, "{}", r.json);
    assert!(
        r.json
            .to_string()
            .contains("exec failed: not an executable"),
        "{}",
        r.json
    );
    assert!(!r.json.to_string().contains("signal 0"), "{}", r.json);
    let r = test_compiler("cp /bin/true {out}; chmod -x {out}", "exe", 0, &[]);
    assert_survived(&r, 1, "no marker");
    assert!(
        r.json
            .to_string()
            .contains("exec failed: permission denied"),
        "{}",
        r.json
    );
    // Garbage assembly does not assemble.
    if Command::new("cc").arg("--version").output().is_err() {
        eprintln!("SKIP: no cc to link garbage assembly with");
        return;
    }
    let r = test_compiler("head -c 100 /dev/urandom > {out}", "asm", 0, &[]);
    assert_survived(&r, 1, "no marker");
    assert_eq!(r.count("assembler error"), 1, "{}", r.json);
}

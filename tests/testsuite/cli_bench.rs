//! `lloracle bench` at a tiny scale: both races run, every engine that is
//! installed gives a time for the right answer, and `--json` carries what
//! the table shows. (The timings themselves are not asserted: speed claims
//! come from measurements, not tests.)

use std::process::Command;

#[test]
fn bench_json_at_a_tiny_scale() {
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .args([
            "bench", "--scale", "0.0001", "--reps", "2", "--json", "fib", "list",
        ])
        .output()
        .expect("run lloracle");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert!(!stderr.contains("wrong answer"), "stderr: {stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["reps"], 2);
    let races = |k: &str| v[k].as_array().cloned().unwrap_or_default();
    let (interp, native) = (races("interpreters"), races("native"));
    // fib's size 32 at scale 10^-4 is 32 - log_phi(10^4) = 32 - 19.1 = 12.9,
    // rounded 13, and fib(13) = 233; list's 5,000 walks become 0.5, and at
    // least 1 runs; one walk sums 500500.
    let names: Vec<_> = interp.iter().map(|r| r["program"].clone()).collect();
    assert_eq!(names, ["fib", "list"]);
    assert_eq!(interp[0]["size"], 13);
    assert_eq!(interp[0]["expected"], 233);
    assert_eq!(interp[1]["size"], 1);
    assert_eq!(interp[1]["expected"], 500_500);
    for race in interp.iter().chain(&native) {
        for t in race["timings"].as_array().expect("timings") {
            let runs = t["runs"].as_array().expect("runs");
            match t["problem"].as_str() {
                // A missing tool: no runs, and the table says why.
                Some(p) => {
                    assert!(p.contains("not found"), "{}: {p}", t["engine"]);
                    assert!(runs.is_empty());
                }
                None => {
                    assert_eq!(runs.len(), 2, "{}", t["engine"]);
                    assert!(t["median"].as_f64().is_some_and(|m| m > 0.0));
                    assert!(t["min"].as_f64() <= t["max"].as_f64());
                }
            }
        }
    }
    // The oracle is always there, first in its race.
    assert_eq!(interp[0]["timings"][0]["engine"], "oracle");
    assert!(interp[0]["timings"][0]["problem"].is_null());
}

/// `bench campaign` gives only the campaign rows: in process, the direct
/// link and `cc` with one job, in process with two, each with its programs per
/// second and (one job) lloracle's own milliseconds per run; every run of
/// the built-in back end passes, so no row reports a wrong answer.
#[test]
fn bench_campaign_rows() {
    if !crate::common::have_cc("the campaign rows of lloracle bench") {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .args([
            "bench", "--scale", "0.0001", "--reps", "1", "--json", "campaign",
        ])
        .output()
        .expect("run lloracle");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["interpreters"].as_array().map(Vec::len), Some(0));
    let rows = v["campaign"].as_array().expect("campaign rows");
    let ways: Vec<(&str, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["linking"].as_str().unwrap_or(""),
                r["jobs"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        ways,
        [
            ("in-process", 1),
            ("direct", 1),
            ("cc", 1),
            ("in-process", 2)
        ]
    );
    for r in rows {
        // Each row's session linked its way: every program of the
        // built-in back end runs in process.
        let how = r["how"].as_str().unwrap_or("");
        match r["linking"].as_str() {
            Some("in-process") => assert!(how.starts_with("in-process "), "{r}"),
            Some("direct") => assert_eq!(how, "direct"),
            _ => assert!(how.starts_with("cc: "), "{r}"),
        }
        assert!(r["problem"].is_null(), "{r}");
        // --programs 30 at scale 10^-4 is 0.003, at least 2.
        assert_eq!(r["programs"], 2);
        assert_eq!(r["per_sec"].as_array().map(Vec::len), Some(1), "{r}");
        assert!(r["median_per_sec"].as_f64().is_some_and(|m| m > 0.0));
        assert!(r["stage_ms_per_run"]["link"]
            .as_f64()
            .is_some_and(|m| m > 0.0));
        assert_eq!(r["own_ms_per_run"].is_number(), r["jobs"] == 1, "{r}");
    }
}

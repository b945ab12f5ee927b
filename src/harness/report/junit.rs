//! JUnit XML: one testcase per run. What is a failure is what a grade
//! scores as not passed ([`Verdict::scored`]): a failing run (its message
//! the category, its body the signature and expected and actual
//! behaviour) and a run the campaign did not reach; a run no grade scores
//! (skipped, not in the dialect, shared with or left out by the reference)
//! is `<skipped/>` with the reason.

use super::{Report, RunRecord, Scored, Verdict};
use std::fmt::Write as _;

fn xml(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            '"' => "&quot;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The JUnit XML report of `r`.
pub fn junit(r: &Report) -> String {
    let s = r.summary();
    let mut t = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        t,
        "<testsuite name=\"lloracle test-compiler\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" time=\"{:.1}\">",
        s.runs + s.not_in_dialect + s.shared_with_reference + s.left_out + s.not_run,
        s.failed + s.not_run,
        s.skipped + s.not_in_dialect + s.shared_with_reference + s.left_out,
        r.elapsed_secs
    );
    let mut props = Vec::new();
    if let Some(line) = r.dialect_line() {
        props.push(("dialect", line.trim_start_matches("dialect: ").to_string()));
    }
    if let Some(line) = r.runtime_line() {
        props.push(("runtime", line.trim_start_matches("runtime: ").to_string()));
    }
    if let Some(m) = &r.memory {
        props.push(("memory", m.clone()));
    }
    if r.flaky_builds > 0 {
        props.push(("flaky_builds", r.flaky_builds.to_string()));
    }
    if let Some(why) = &r.stopped_early {
        props.push(("stopped_early", why.clone()));
    }
    if !props.is_empty() {
        t.push_str("  <properties>");
        for (k, v) in props {
            let _ = write!(t, "<property name=\"{k}\" value=\"{}\"/>", xml(&v));
        }
        t.push_str("</properties>\n");
    }
    for p in &r.programs {
        for run in &p.runs {
            let _ = write!(
                t,
                "  <testcase classname=\"{}\" name=\"{}\">",
                xml(&p.name),
                xml(&run.run)
            );
            match run.verdict.scored() {
                Scored::Passed => {}
                Scored::Failed => {
                    failure(&mut t, run.verdict.name(), run.failure.as_ref());
                }
                Scored::NotReached => {
                    let why = run.oracle.as_deref().unwrap_or("not reached");
                    let _ = write!(
                        t,
                        "<failure message=\"not run\" type=\"not run\">{} (counts as not passed)</failure>",
                        xml(why)
                    );
                }
                Scored::NotScored => {
                    let _ = write!(t, "<skipped message=\"{}\"/>", xml(&not_scored(run)));
                }
            }
            t.push_str("</testcase>\n");
        }
    }
    t.push_str("</testsuite>\n");
    t
}

/// Why a run that is not scored is not: its verdict and the evidence.
fn not_scored(run: &RunRecord) -> String {
    match run.verdict {
        Verdict::NotInDialect => format!(
            "not in dialect: uses {} ({})",
            run.feature.as_deref().unwrap_or("?"),
            run.oracle.as_deref().unwrap_or("?")
        ),
        Verdict::SharedWithReference | Verdict::LeftOut => {
            let why = run
                .failure
                .as_ref()
                .map(|f| f.signature.as_str())
                .or(run.oracle.as_deref())
                .unwrap_or("");
            format!("{}: {why}", run.verdict)
        }
        _ => run
            .oracle
            .clone()
            .unwrap_or_else(|| "the oracle does not return".into()),
    }
}

/// A failing run's `<failure>`: its category, signature and evidence.
fn failure(t: &mut String, category: &str, f: Option<&super::FailureRecord>) {
    let (sig, body) = f.map_or_else(Default::default, |f| {
        (
            f.signature.clone(),
            format!(
                "{}: {}\nactual: {}\n{}",
                f.expected_label(),
                f.expected,
                f.actual,
                f.detail
            ),
        )
    });
    let _ = write!(
        t,
        "<failure message=\"{}\" type=\"{}\">{}</failure>",
        xml(category),
        xml(&sig),
        xml(body.trim_end())
    );
}

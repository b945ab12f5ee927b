//! JUnit XML: one testcase per run; a failing run's message is its
//! category, its body the signature and expected and actual behaviour;
//! skipped runs are `<skipped/>`.

use super::{Report, LEFT_OUT, NOT_IN_DIALECT, NOT_RUN, SHARED, SKIPPED};
use crate::harness::types::Category;
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
        s.failed,
        s.skipped + s.not_in_dialect + s.shared_with_reference + s.left_out + s.not_run,
        r.elapsed_secs
    );
    let mut props = Vec::new();
    if let Some(line) = r.dialect_line() {
        props.push(("dialect", line.trim_start_matches("dialect: ").to_string()));
    }
    if let Some(line) = r.runtime_line() {
        props.push(("runtime", line.trim_start_matches("runtime: ").to_string()));
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
            if run.verdict == NOT_RUN {
                let why = run.oracle.as_deref().unwrap_or("not reached");
                let _ = write!(t, "<skipped message=\"not run ({})\"/>", xml(why));
            } else if run.verdict == NOT_IN_DIALECT {
                let _ = write!(
                    t,
                    "<skipped message=\"not in dialect: uses {} ({})\"/>",
                    xml(run.feature.as_deref().unwrap_or("?")),
                    xml(run.oracle.as_deref().unwrap_or("?"))
                );
            } else if run.verdict == SHARED || run.verdict == LEFT_OUT {
                let why = run
                    .failure
                    .as_ref()
                    .map(|f| f.signature.as_str())
                    .or(run.oracle.as_deref())
                    .unwrap_or("");
                let _ = write!(
                    t,
                    "<skipped message=\"{}: {}\"/>",
                    xml(&run.verdict),
                    xml(why)
                );
            } else if run.verdict == SKIPPED {
                let why = run
                    .oracle
                    .as_deref()
                    .unwrap_or("the oracle does not return");
                let _ = write!(t, "<skipped message=\"{}\"/>", xml(why));
            } else if run.verdict != Category::Pass.name() {
                let (sig, body) = run.failure.as_ref().map_or_else(Default::default, |f| {
                    (
                        f.signature.clone(),
                        format!(
                            "expected (oracle): {}\nactual: {}\n{}",
                            f.expected, f.actual, f.detail
                        ),
                    )
                });
                let _ = write!(
                    t,
                    "<failure message=\"{}\" type=\"{}\">{}</failure>",
                    xml(&run.verdict),
                    xml(&sig),
                    xml(body.trim_end())
                );
            }
            t.push_str("</testcase>\n");
        }
    }
    t.push_str("</testsuite>\n");
    t
}

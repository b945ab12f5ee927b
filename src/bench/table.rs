//! The benchmark table `lloracle bench` prints (README.md, "Benchmarks"):
//! each race's engines with their median, range and ratio to the first
//! engine ([`Race`]'s `Display`), then the compile rate, the campaign rows
//! and the front-end rows ([`Report::rest_table`]).

use super::campaign::Row;
use super::{Problem, Race, Report};
use std::fmt::{self, Write as _};

impl fmt::Display for Race {
    /// The race's heading, then one line per engine: its median, range and
    /// runs and how many times the first engine's time it is, or why it
    /// has no time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.timings.first().and_then(|t| t.median);
        writeln!(
            f,
            "{} at {} {}{}:",
            self.program,
            self.size,
            self.unit,
            self.oracle_insns
                .map_or(String::new(), |n| format!(" ({n} LLVMlite instructions)"))
        )?;
        for t in &self.timings {
            let (Some(m), Some(lo), Some(hi)) = (t.median, t.min, t.max) else {
                writeln!(f, "  {:<11} -  ({})", t.engine, no_time(&t.problem))?;
                continue;
            };
            let ratio = base.map_or("-".into(), |b| format!("{:.2}x", m / b));
            let rate = self.oracle_insns.map_or(String::new(), |n| {
                format!("  {:.1} M insn/s", n as f64 / m / 1e6)
            });
            writeln!(
                f,
                "  {:<11} {m:>8.3}s  (min {lo:.3}, max {hi:.3}, {} runs)  {ratio:>7} of {}{rate}{}",
                t.engine,
                t.runs.len(),
                self.timings.first().map_or("", |first| first.engine),
                t.problem
                    .as_ref()
                    .map_or(String::new(), |p| format!("  [{p}]"))
            )?;
        }
        Ok(())
    }
}

impl Report {
    /// The table after the races: the compile rate, the campaign rows and
    /// the front-end rows (each part only when measured).
    pub fn rest_table(&self) -> String {
        let mut out = String::new();
        if let Some(us) = self.compile_us_per_1000_insns {
            let _ = writeln!(
                out,
                "\ncompile: {us:.1} us per 1,000 LLVMlite instructions (200 generated programs)"
            );
        }
        rows_table(
            &mut out,
            "campaign: programs per second of a back-end campaign (`lloracle compile` as the compiler), ms per run:",
            &self.campaign,
        );
        rows_table(
            &mut out,
            "front end: tests per second of a front-end campaign (a fake front end on generated Oat \
             programs, one run each), lloracle's own ms per test (all but the front end and the \
             oracle's runs; link and run: the native build):",
            &self.front_end,
        );
        out
    }
}

/// `rows` under `heading`, appended to `out` (nothing when there are none).
fn rows_table(out: &mut String, heading: &str, rows: &[Row]) {
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{heading}");
    for r in rows {
        let Some(m) = r.median_per_sec else {
            let why = no_time(&r.problem);
            let _ = writeln!(out, "  {:<10} {} job(s)  -  ({why})", r.linking, r.jobs);
            continue;
        };
        let own = r.own_ms_per_run.map_or("-".into(), |o| format!("{o:.1}"));
        let st = r.stage_ms_per_run.clone().unwrap_or_default();
        let _ = writeln!(
            out,
            "  {:<10} {} job(s) {m:>6.1} programs/s  own {own:>5} ms/run (compile {:.1}, link {:.1}, run {:.1}, oracle {:.1}; {} turns of {} programs)",
            r.linking,
            r.jobs,
            st.compile,
            st.link,
            st.run,
            st.oracle,
            r.per_sec.len(),
            r.programs
        );
    }
}

/// Why a race's engine or a row has no time: its problem, or `no runs`.
fn no_time(problem: &Option<Problem>) -> String {
    problem.as_ref().map_or("no runs".into(), |p| p.to_string())
}

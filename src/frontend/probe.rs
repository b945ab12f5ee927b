//! Probing a front end's Oat dialect (docs/oat.md, "Dialects"), as back
//! ends' dialects are probed (docs/dialects.md): before a campaign with no
//! `--oat-dialect`, a baseline program that uses no construct that differs
//! between course years, then one tiny program per construct, each sent to
//! the front end under test (and to the reference, when given) one at a
//! time (the ETH drivers write to a fixed `output/` folder, so two at once
//! race). A probe is refused when the front end writes no output (for the
//! escapes, when its output does not parse and check), three times in a
//! row (a flaky driver is retried);
//! the dialect of the front end's Oat version whose constructs agree with
//! most findings is chosen. A refused baseline means the front end reads
//! no Oat program at all: the campaign stops and says so.

use super::judge::compile_text;
use super::settings::FrontEndCampaign;
use crate::harness::compiler::Tools;
use oat::dialect::{Construct, OatDialect, DIALECTS};
use oat::OatVersion;

/// How often a refused probe is sent before the refusal counts.
pub const TRIES: usize = 3;

/// The smallest program of every dialect: a print and a return.
pub const BASELINE: &str =
    "int program(int argc, string[] argv) {\n  print_int(7);\n  return 0;\n}\n";

/// A struct and a use of it (only Oat v2 reads it).
const V2_BASELINE: &str = "struct P {\n  int x\n}\n\nint program(int argc, string[] argv) {\n  var p = new P {x = 3};\n  return p.x;\n}\n";

/// One probe: its name (the file it is sent as), what it tests and its
/// program.
#[derive(Clone, Copy, Debug)]
pub struct OatProbe {
    /// The file name (`probe_length.oat`).
    pub name: &'static str,
    /// The construct it tests.
    pub construct: Construct,
    /// True when acceptance means the dialect has the construct; false
    /// for the other form (`int[]{..}` without `new`).
    pub has: bool,
    /// Only for front ends of Oat v2.
    pub v2: bool,
    /// The program.
    pub text: &'static str,
}

/// The probes, one per construct (and the global form without `new`).
pub const PROBES: [OatProbe; 10] = [
    OatProbe {
        name: "probe_global_new.oat",
        construct: Construct::GlobalNew,
        has: true,
        v2: false,
        text: "global a = new int[]{1, 2};\n\nint program(int argc, string[] argv) {\n  return a[1];\n}\n",
    },
    OatProbe {
        name: "probe_global_bare.oat",
        construct: Construct::GlobalNew,
        has: false,
        v2: false,
        text: "global a = int[]{1, 2};\n\nint program(int argc, string[] argv) {\n  return a[1];\n}\n",
    },
    OatProbe {
        name: "probe_new_arr.oat",
        construct: Construct::NewArr,
        has: true,
        v2: false,
        text: "int program(int argc, string[] argv) {\n  var a = new int[2];\n  a[1] = 5;\n  return a[1];\n}\n",
    },
    OatProbe {
        name: "probe_new_arr_init.oat",
        construct: Construct::NewArrInit,
        has: true,
        v2: true,
        text: "int program(int argc, string[] argv) {\n  var a = new int[3]{i -> i + 1};\n  return a[2];\n}\n",
    },
    OatProbe {
        name: "probe_length.oat",
        construct: Construct::Length,
        has: true,
        v2: true,
        text: "int program(int argc, string[] argv) {\n  var a = new int[]{1, 2, 3};\n  return length(a);\n}\n",
    },
    OatProbe {
        name: "probe_nullable.oat",
        construct: Construct::Nullable,
        has: true,
        v2: true,
        text: "struct P {\n  int x\n}\n\nint get(P? q) {\n  if? (P p = q) {\n    return p.x;\n  }\n  return 1;\n}\n\nint program(int argc, string[] argv) {\n  return get(P null) + get(new P {x = 4});\n}\n",
    },
    OatProbe {
        name: "probe_sar.oat",
        construct: Construct::Sar,
        has: true,
        v2: false,
        text: "int program(int argc, string[] argv) {\n  return 16 >>> 2;\n}\n",
    },
    OatProbe {
        name: "probe_eq_any.oat",
        construct: Construct::EqAny,
        has: true,
        v2: true,
        text: "int program(int argc, string[] argv) {\n  if (true == true) {\n    return 1;\n  }\n  return 0;\n}\n",
    },
    OatProbe {
        name: "probe_escapes.oat",
        construct: Construct::Escapes,
        has: true,
        v2: false,
        text: "int program(int argc, string[] argv) {\n  print_string(\"a\\nb\\tc\");\n  return 0;\n}\n",
    },
    OatProbe {
        name: "probe_quote_escapes.oat",
        construct: Construct::QuoteEscapes,
        has: true,
        v2: false,
        text: "int program(int argc, string[] argv) {\n  print_string(\"a\\\"b\\\\c\");\n  return 0;\n}\n",
    },
];

/// What the probes showed and the dialect chosen.
#[derive(Clone, Debug)]
pub struct OatProbed {
    /// Per probe (in [`PROBES`] order, those of the version), whether the
    /// front end accepted it, and its words when it did not.
    pub findings: Vec<(OatProbe, Result<(), String>)>,
    /// The dialect chosen.
    pub dialect: OatDialect,
    /// Probes that failed at first and passed when sent again.
    pub flaky: Vec<&'static str>,
}

/// Sends `text` (as `file`) to `cmd` up to [`TRIES`] times: `Ok` at the
/// first output that the front end wrote and that parses and checks (or,
/// unless `checked`, that it wrote at all: its parser read the program),
/// else the last failure's words; the flag says whether it took more than
/// one try.
fn send(
    tools: &Tools,
    cmd: &str,
    file: &str,
    text: &str,
    checked: bool,
) -> (Result<(), String>, bool) {
    let out = format!("{}.ll", file.trim_end_matches(".oat"));
    let mut last = String::new();
    // The harness sends a failed build again once itself (counted in
    // `flaky_builds`); the probes are sent one at a time, so a count that
    // grows is this probe's.
    let flaky_before = tools.flaky_builds();
    for k in 0..TRIES {
        let compiled = compile_text(tools, cmd, file, text, &out, None);
        let read = match &compiled.prog {
            Ok(_) => true,
            Err(f) => {
                last = format!("{}: {}", f.category, super::judge::first_line(&f.detail));
                !checked && compiled.text.is_some()
            }
        };
        if read {
            return (Ok(()), k > 0 || tools.flaky_builds() > flaky_before);
        }
    }
    (Err(last), false)
}

/// Why a front end reads no program at all, when its baseline (or, for
/// Oat v2, the struct baseline) is refused.
pub fn baseline(tools: &Tools, cmd: &str, version: OatVersion) -> Result<(), String> {
    let Some((file, text, why)) = refused_baseline(tools, cmd, version) else {
        return Ok(());
    };
    Err(format!(
        "the front end refused the baseline program {file} ({TRIES} tries; {why}):\n{text}\
         every test would fail to compile, so none was sent. Check --cmd (it must write \
         {{out}} or {{outdir}}/{{stem}}.ll) and --oat-version (1 for homework 4, 2 for \
         homework 5)"
    ))
}

/// The baseline program the front end `cmd` refuses ([`TRIES`] times), its
/// text and the last refusal's words; `None` when it compiles them all.
pub fn refused_baseline(
    tools: &Tools,
    cmd: &str,
    version: OatVersion,
) -> Option<(&'static str, &'static str, String)> {
    let mut sent = vec![("probe_baseline.oat", BASELINE)];
    if version == OatVersion::V2 {
        sent.push(("probe_baseline_v2.oat", V2_BASELINE));
    }
    sent.into_iter()
        .find_map(|(file, text)| match send(tools, cmd, file, text, false) {
            (Err(why), _) => Some((file, text, why)),
            _ => None,
        })
}

/// Probes the front end `cmd` (of Oat `version`) and chooses its dialect.
pub fn probe(tools: &Tools, cmd: &str, version: OatVersion) -> OatProbed {
    let mut findings = Vec::new();
    let mut flaky = Vec::new();
    for p in PROBES.iter().filter(|p| !p.v2 || version == OatVersion::V2) {
        // An escape shows in the output (a `.ll` that does not parse), the
        // other constructs in whether the front end writes one at all.
        let escapes = matches!(p.construct, Construct::Escapes | Construct::QuoteEscapes);
        let (r, retried) = send(tools, cmd, p.name, p.text, escapes);
        if retried {
            flaky.push(p.name);
        }
        findings.push((*p, r));
    }
    let accepted: Vec<(OatProbe, bool)> = findings.iter().map(|(p, r)| (*p, r.is_ok())).collect();
    OatProbed {
        dialect: choose(&accepted, version, tools.course().runtime.name()),
        findings,
        flaky,
    }
}

/// The dialect of `version` that agrees with most findings (`true`:
/// accepted): a dialect agrees with an accepted probe of a construct it
/// has, a refused one of a construct it lacks, and the reverse for the
/// form without `new`; of those that agree alike, one whose homework's
/// runtime is `runtime` (the course's), else the first in the table.
pub fn choose(findings: &[(OatProbe, bool)], version: OatVersion, runtime: &str) -> OatDialect {
    let agreement = |d: &OatDialect| {
        let agree = findings
            .iter()
            .filter(|(p, accepted)| (d.has(p.construct) == p.has) == *accepted)
            .count();
        (agree, d.runtime == runtime)
    };
    let mut best = OatDialect::whole(version);
    let mut best_score = agreement(&best);
    for d in DIALECTS.iter().filter(|d| d.version == version) {
        let s = agreement(d);
        if s > best_score {
            best = *d;
            best_score = s;
        }
    }
    best
}

/// The probes `p` found refused although dialect `d` reads them (their
/// construct in `d`, or the form without `new` where `d` has none).
pub fn refused_in(p: &OatProbed, d: &OatDialect) -> Vec<&'static str> {
    p.findings
        .iter()
        .filter(|(probe, r)| r.is_err() && (d.has(probe.construct) == probe.has))
        .map(|(probe, _)| probe.name)
        .collect()
}

/// The probes' findings in a few lines: what was refused, what was flaky,
/// the dialect chosen and refusals of constructs it has (the front end's
/// failures, which generated programs will show again).
pub fn summary(p: &OatProbed) -> String {
    let mut t = format!(
        "oat dialect: {} ({}), probed",
        p.dialect.name,
        p.dialect.about()
    );
    let refused: Vec<String> = p
        .findings
        .iter()
        .filter_map(|(probe, r)| r.as_ref().err().map(|w| format!("{} ({w})", probe.name)))
        .collect();
    if !refused.is_empty() {
        t.push_str(&format!("; refused: {}", refused.join("; ")));
    }
    if !p.flaky.is_empty() {
        t.push_str(&format!(
            "; accepted only when sent again (a flaky driver): {}",
            p.flaky.join(", ")
        ));
    }
    t.push('\n');
    t
}

/// The campaign with its tests in the front end's Oat dialect: the given
/// `--oat-dialect`, else probed (docs/oat.md, "Dialects"): from the
/// reference when one is given (the course's language is the reference's;
/// the front end's refusals of what it reads are said, and counted as its
/// failures), else from `student` (the front end under test; `None` in a
/// class, whose command names no one submission). Only the bundled tests
/// and generated programs depend on the dialect, so a campaign of given
/// `--tests` alone is not probed. A front end that refuses the baseline
/// program is refused here, with why, instead of failing every test. The
/// findings go to stderr.
pub fn settle(
    mut campaign: FrontEndCampaign,
    tools: &Tools,
    student: Option<&str>,
    plain_strings: bool,
) -> Result<FrontEndCampaign, String> {
    let p = &campaign.plan;
    let in_dialect = p.random > 0 || (p.tests.is_none() && !p.no_tests);
    if campaign.oat_dialect.is_some() || !in_dialect {
        return Ok(campaign);
    }
    let version = campaign.version;
    if let Some(cmd) = student {
        baseline(tools, cmd, version)?;
    }
    if let Some(r) = &campaign.reference {
        baseline(tools, r, version).map_err(|e| format!("--reference: {e}"))?;
    }
    let own = student.map(|cmd| {
        let probed = probe(tools, cmd, version);
        eprint!("{}", summary(&probed));
        probed
    });
    let probed = match (&campaign.reference, own) {
        (Some(r), own) => {
            let course = probe(tools, r, version);
            eprint!("--reference: {}", summary(&course));
            let missing = own.map_or(vec![], |o| refused_in(&o, &course.dialect));
            if !missing.is_empty() {
                eprintln!(
                    "the front end refuses what the reference reads ({}): generated programs \
                     that use it fail to compile, and are counted",
                    missing.join(", ")
                );
            }
            course
        }
        (None, Some(own)) => own,
        (None, None) => {
            eprintln!(
                "oat dialect: {} ({}), not probed: give --oat-dialect (`lloracle dialects` \
                 lists the course years) or --reference (its dialect is probed), or programs \
                 the course's parser does not read fail to compile",
                campaign.plan.dialect.name,
                campaign.plan.dialect.about()
            );
            return Ok(campaign);
        }
    };
    let dialect = if plain_strings {
        probed.dialect.without_escapes()
    } else {
        probed.dialect
    };
    campaign.oat_dialect = Some(dialect);
    campaign.plan.dialect = dialect;
    campaign.tests = super::tests::plan(&campaign.plan)?;
    Ok(campaign)
}

#[cfg(test)]
mod unit {
    use super::*;

    /// The findings of a front end that accepts exactly the probes whose
    /// names are in `accepted`.
    fn findings(version: OatVersion, accepted: &[&str]) -> Vec<(OatProbe, bool)> {
        PROBES
            .iter()
            .filter(|p| !p.v2 || version == OatVersion::V2)
            .map(|p| (*p, accepted.contains(&p.name)))
            .collect()
    }

    #[test]
    fn the_dialect_whose_constructs_are_the_accepted_ones_is_chosen() {
        // ETH 2019 homework 5's parser (docs/oat.md, "Dialects"): `new` in
        // globals, no `new T[n]`, `new T[n]{i -> e}`, `length`, `T?`,
        // `==` on any type, `>>>`, `\n` and `\t` but not `\"`.
        let eth19 = findings(
            OatVersion::V2,
            &[
                "probe_global_new.oat",
                "probe_new_arr_init.oat",
                "probe_length.oat",
                "probe_nullable.oat",
                "probe_eq_any.oat",
                "probe_sar.oat",
                "probe_escapes.oat",
            ],
        );
        assert_eq!(
            choose(&eth19, OatVersion::V2, "oat-hw5").name,
            "eth-2019-2021-hw5"
        );
        // CIS341 2017 homework 5's: no `new` in globals, `new T[n]`, `>>>`,
        // `\n`; no `length`, `T?`, `new T[n]{..}`, `==` on bools.
        let cis = findings(
            OatVersion::V2,
            &[
                "probe_global_bare.oat",
                "probe_new_arr.oat",
                "probe_sar.oat",
                "probe_escapes.oat",
            ],
        );
        assert_eq!(
            choose(&cis, OatVersion::V2, "oat-hw5").name,
            "cis341-2017-hw5"
        );
        // Everything: lloracle's whole Oat v2.
        let all: Vec<&str> = PROBES.iter().map(|p| p.name).collect();
        let every = findings(OatVersion::V2, &all);
        assert_eq!(choose(&every, OatVersion::V2, "oat-hw5").name, "oat-v2");
    }

    #[test]
    fn ties_go_to_the_dialect_of_the_courses_runtime() {
        // ETH 2019 homework 4, ETH 2020 homework 4 and CIS341 2017
        // homework 4 read the same constructs; the runtime decides.
        let hw4 = findings(
            OatVersion::V1,
            &[
                "probe_global_bare.oat",
                "probe_new_arr.oat",
                "probe_sar.oat",
                "probe_escapes.oat",
            ],
        );
        assert_eq!(
            choose(&hw4, OatVersion::V1, "oat-eth-2019").name,
            "eth-2019-hw4"
        );
        assert_eq!(
            choose(&hw4, OatVersion::V1, "oat-cis341").name,
            "cis341-2017-hw4"
        );
        assert_eq!(choose(&hw4, OatVersion::V1, "oat-eth").name, "eth-2020-hw4");
    }

    #[test]
    fn a_refusal_the_closest_dialect_has_does_not_narrow_it() {
        // An ETH 2022 front end that crashes on `length` only: still the
        // 2022 dialect (every finding but that one agrees), not one without
        // `length`.
        let crash = findings(
            OatVersion::V2,
            &[
                "probe_global_new.oat",
                "probe_new_arr.oat",
                "probe_new_arr_init.oat",
                "probe_nullable.oat",
                "probe_eq_any.oat",
                "probe_sar.oat",
                "probe_escapes.oat",
            ],
        );
        assert_eq!(
            choose(&crash, OatVersion::V2, "oat-hw5").name,
            "eth-2022-2025-hw5"
        );
    }
}

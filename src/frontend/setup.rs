//! A front-end campaign assembled from what a command line gives, as
//! `harness::campaign::settle` assembles a back end's: the course, the
//! Oat tests planned, the front end's Oat dialect given or probed, the
//! tools, and the session's settings (`harness::session::Settings`, the
//! one set of choices every campaign has). `test-compiler`, `grade` and
//! `reduce` with `--emit ll` only parse their options into a
//! [`FrontEndGiven`] and call [`settle`], [`class`] or [`reduce_test_file`]
//! (docs/grading.md, "Front ends").

use super::campaign::FrontEndCampaign;
use super::class::FrontEndClass;
use super::reduce::ReducedOat;
use super::subject::{reduce_test, references, ReducedTest};
use super::tests::{self as oat_tests, TestPlan};
use crate::corpus::Run;
use crate::harness::class::{check_compiler, check_weights, Roster, Submissions};
use crate::harness::compiler::{check_command, check_runnable, Tools};
use crate::harness::course::resolve::{self, Given};
use crate::harness::course::Course;
use crate::harness::options::{session, Limits, Programs, Reductions, Selection};
use crate::harness::report::Grading;
use crate::harness::Compiler;
use oat::dialect::OatDialect;
use oat::order::ArgOrders;
use oat::OatVersion;
use spec::dialect::Dialect;
use std::path::{Path, PathBuf};

/// What a command line gives a front-end campaign (`--cmd ... --emit
/// ll`), as plain values.
#[derive(Clone, Debug)]
pub struct FrontEndGiven {
    /// The front end under test: a command with `{in}` (a `.oat` file) and
    /// `{out}` or `{outdir}`.
    pub cmd: String,
    /// `--reference`: the course's front end, of the same form.
    pub reference: Option<String>,
    /// The course conventions given (`--runtime`, `--runtime-c`,
    /// `--link-flags`, `--entry`).
    pub given: Given,
    /// `--tests`: a `.oat` file or a folder of them (none: the bundled
    /// tests of the Oat version).
    pub tests: Option<PathBuf>,
    /// `--oat-version` (1 or 2).
    pub oat_version: Option<u8>,
    /// `--oat-dialect` (none: probed, `super::probe`).
    pub oat_dialect: Option<OatDialect>,
    /// Build outputs natively to explain verdicts (not `--no-native`).
    pub native: bool,
    /// `--plain-strings`: generated string literals hold no escapes.
    pub plain_strings: bool,
    /// `--dialect`: the course dialect the output must be in.
    pub dialect: Option<Dialect>,
    /// The generated programs, `--no-corpus` (no tests) and `--shard`.
    pub programs: Programs,
    /// The limits of each run and of the campaign.
    pub limits: Limits,
    /// How much of the campaign goes to reductions.
    pub reductions: Reductions,
    /// Worker threads.
    pub jobs: usize,
}

impl FrontEndGiven {
    /// The front end `selection` names (`--emit ll`), with `dialect` and
    /// `limits`, and the defaults of the rest (no tests given, no Oat
    /// version or dialect, one thread, the library's programs and
    /// reductions); `Err` without `--cmd`.
    pub fn of(
        selection: &Selection,
        dialect: Option<Dialect>,
        limits: Limits,
    ) -> Result<FrontEndGiven, String> {
        let Compiler::FrontEnd { cmd } = selection.compiler()? else {
            return Err("--emit ll needs --cmd (the front end under test)".into());
        };
        Ok(FrontEndGiven {
            cmd,
            reference: selection.reference.clone(),
            given: selection.given.clone(),
            tests: None,
            oat_version: None,
            oat_dialect: None,
            native: false,
            plain_strings: false,
            dialect,
            programs: Programs::default(),
            limits,
            reductions: Reductions::default(),
            jobs: 1,
        })
    }

    /// The Oat version ([`Given::oat_version`]).
    pub fn version(&self) -> Result<OatVersion, String> {
        self.given
            .oat_version(self.oat_version, self.oat_dialect.as_ref())
    }

    /// The course of the front end ([`Given::front_end_course`]).
    pub fn course(&self) -> Result<Course, String> {
        self.given
            .front_end_course(self.version()?, self.oat_dialect.as_ref())
    }

    /// Fresh tools of `course` with these limits (unconfined: a class
    /// confines each submission's own).
    pub fn tools(&self, course: Course) -> Result<Tools, String> {
        let mut tools = Tools::with(course, None, self.limits.timeout)?;
        tools.oracle.fuel = self.limits.fuel;
        Ok(tools)
    }

    /// The campaign these values describe (its dialect not yet probed) and
    /// its course. `Err` for a `.ll` corpus, a reference that is not a
    /// command, or tests with no expectation and no reference to say what
    /// they must do.
    pub fn campaign(&self) -> Result<(FrontEndCampaign, Course), String> {
        let version = self.version()?;
        let course = self.course()?;
        let p = &self.programs;
        if p.corpus.is_some() {
            return Err(
                "--corpus holds .ll programs: a front end takes Oat tests, give --tests PATH"
                    .into(),
            );
        }
        let plan = TestPlan {
            tests: self.tests.clone(),
            no_tests: p.no_corpus,
            random: p.random,
            seed: p.seed,
            size: p.size,
            dialect: resolve::oat_dialect(self.oat_dialect, self.plain_strings, version),
            orders: ArgOrders::default(),
        };
        let tests = oat_tests::plan(&plan)?;
        if let Some(r) = &self.reference {
            check_command(r)?;
        }
        expectations_or_reference(&tests, self.reference.is_some())?;
        let campaign = FrontEndCampaign {
            cmd: self.cmd.clone(),
            reference: self.reference.clone(),
            tests,
            dialect: self.dialect.clone(),
            version,
            oat_dialect: self.oat_dialect,
            orders: plan.orders,
            plan,
            native: self.native,
            settings: session(self.jobs, &self.limits, &self.reductions),
            shard: p.shard,
        };
        Ok((campaign, course))
    }
}

/// `Err` naming the tests with no expectation (no `CHECK-` line) when
/// there is no reference solution to say what they must do
/// (docs/oat-tests.md).
fn expectations_or_reference(tests: &[oat_tests::OatTest], reference: bool) -> Result<(), String> {
    let plain: Vec<String> = tests
        .iter()
        .filter(|t| t.expectation.runs.is_empty() && t.expectation.ill_typed.is_none())
        .map(|t| t.path.display().to_string())
        .collect();
    if reference || plain.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} test(s) have no expectation (no CHECK- line), so only a reference solution can \
         say what they must do: give --reference CMD, or add expectations \
         (docs/oat-tests.md): {}",
        plain.len(),
        plain.join(", ")
    ))
}

/// One front end's campaign settled before it starts (`test-compiler
/// --emit ll`): the front end runnable, its Oat dialect given or probed
/// (on the reference when there is one), its tools, and a time budget
/// that starts now.
pub fn settle(g: &FrontEndGiven) -> Result<(FrontEndCampaign, Tools), String> {
    let (campaign, course) = g.campaign()?;
    check_runnable(&Compiler::FrontEnd { cmd: g.cmd.clone() }, Path::new("."))?;
    let tools = g.tools(course)?;
    let mut campaign = super::probe::settle(campaign, &tools, Some(&g.cmd), g.plain_strings)?;
    campaign.settings = session(g.jobs, &g.limits, &g.reductions);
    Ok((campaign, tools))
}

/// A class of front ends settled before grading: the class's Oat dialect
/// given or probed once (on the reference; the command names no one
/// submission), `--shard` splitting the submissions (each checked on
/// every test).
pub fn class(g: &FrontEndGiven, c: Submissions, grading: Grading) -> Result<FrontEndClass, String> {
    check_compiler(&Compiler::FrontEnd { cmd: g.cmd.clone() })?;
    let (campaign, course) = g.campaign()?;
    let mut campaign =
        super::probe::settle(campaign, &g.tools(course.clone())?, None, g.plain_strings)?;
    let roster = Roster::settle(&c, campaign.shard.take(), g.jobs)?;
    let names = campaign.tests.iter().map(|t| t.path.to_str().unwrap_or(""));
    let grading = Grading {
        scoring: (grading.scoring.clone())
            .map(|s| check_weights(s, names))
            .transpose()?,
        ..grading
    };
    // The reference's view of every test, once for the class, on all the
    // threads (as a back end's class judges its reference).
    let refs = references(&campaign, &g.tools(course.clone())?);
    campaign.settings.jobs = roster.jobs_each(campaign.settings.jobs);
    Ok(FrontEndClass {
        roster,
        refs,
        course,
        timeout: g.limits.timeout,
        fuel: g.limits.fuel,
        grading,
        campaign,
    })
}

/// What reducing one Oat test under a front end gave (`lloracle reduce
/// --emit ll`).
#[derive(Clone, Debug)]
pub enum ReducedFile {
    /// The test does not fail.
    DoesNotFail,
    /// It fails in a way that is not reduced; why, in words.
    NotReduced(String),
    /// Its first failing run and the front end's verdict on it, and the
    /// reduced test (`None`: the failure did not repeat under the
    /// reduction's expected output).
    Reduced(Box<ReducedTest>),
}

/// Reduces the first failing run of the Oat test `file` as a front-end
/// campaign of `g` reduces it (one test, one thread, no native builds);
/// `Err` for a usage error or a file that holds no Oat test.
pub fn reduce_test_file(g: &FrontEndGiven, file: &Path) -> Result<ReducedFile, String> {
    let course = g.course()?;
    let test = oat_tests::load(file)
        .map_err(|e| e.to_string())?
        .into_iter()
        .next()
        .ok_or_else(|| format!("{}: no Oat test", file.display()))?;
    let c = FrontEndCampaign {
        cmd: g.cmd.clone(),
        reference: g.reference.clone(),
        tests: vec![test.clone()],
        dialect: g.dialect.clone(),
        version: g.version()?,
        oat_dialect: g.oat_dialect,
        orders: ArgOrders::default(),
        plan: TestPlan::default(),
        native: false,
        settings: session(1, &g.limits, &g.reductions),
        shard: None,
    };
    let tools = g.tools(course)?;
    Ok(match reduce_test(&c, &tools, &test) {
        Err(why) => ReducedFile::NotReduced(why),
        Ok(None) => ReducedFile::DoesNotFail,
        Ok(Some(reduced)) => ReducedFile::Reduced(Box::new(reduced)),
    })
}

/// The reduced test as a file `lloracle` reads again: the Oat source with
/// the run's arguments and expected output as `CHECK-` lines
/// (docs/oat-tests.md).
pub fn reduced_test_file(run: &Run, red: &ReducedOat) -> String {
    format!(
        "{}\n/* CHECK-ARGS: {}\n   CHECK-COURSE-OUTPUT: {}\n*/\n",
        red.text.trim_end(),
        run.args.join(" "),
        crate::corpus::escape(&red.expected)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A campaign's values with the bundled tests left out and `programs`
    /// generated Oat programs (each has its expectation: the evaluator's).
    fn given(programs: u64) -> FrontEndGiven {
        FrontEndGiven {
            cmd: "cp {in} {out}".into(),
            reference: None,
            given: Given::default(),
            tests: None,
            oat_version: None,
            oat_dialect: None,
            native: true,
            plain_strings: false,
            dialect: None,
            programs: Programs {
                no_corpus: true,
                random: programs,
                ..Programs::default()
            },
            limits: Limits::default(),
            reductions: Reductions::default(),
            jobs: 1,
        }
    }

    // The campaign's choices are the session's (docs/architecture.md, "One
    // pipeline"): the threads, reductions and time budget given, not a
    // copy of their defaults.
    #[test]
    fn the_campaign_carries_the_given_session_settings() {
        let g = FrontEndGiven {
            jobs: 3,
            reductions: Reductions {
                max_reductions: 7,
                ..Reductions::default()
            },
            limits: Limits {
                time_budget: Duration::from_secs(42),
                ..Limits::default()
            },
            ..given(2)
        };
        let (c, _) = g.campaign().expect("a campaign");
        assert_eq!(c.tests.len(), 2);
        assert_eq!(c.settings.jobs, 3);
        assert_eq!(c.settings.max_reductions, 7);
        assert_eq!(c.settings.budget.total(), Duration::from_secs(42));
    }

    // A front end reads Oat, so a `.ll` corpus is refused, saying what to
    // give instead.
    #[test]
    fn a_corpus_of_ll_programs_is_refused() {
        let g = FrontEndGiven {
            programs: Programs {
                corpus: Some(PathBuf::from("corpus")),
                ..given(0).programs
            },
            ..given(0)
        };
        let e = g.campaign().unwrap_err();
        assert!(e.contains("--tests PATH"), "{e}");
    }

    // A test with no `CHECK-` line says nothing of what it must do: only a
    // reference can (docs/oat-tests.md), so without one it is refused by
    // name; with one it is kept.
    #[test]
    fn a_test_without_expectation_needs_a_reference() {
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join("plain.oat");
        std::fs::write(
            &file,
            "int program(int argc, string[] argv) { return 0; }\n",
        )
        .expect("written");
        let g = FrontEndGiven {
            tests: Some(file),
            programs: Programs {
                random: 0,
                ..Programs::default()
            },
            ..given(0)
        };
        let e = g.campaign().unwrap_err();
        assert!(e.contains("plain.oat") && e.contains("--reference"), "{e}");
        let with = FrontEndGiven {
            reference: Some("cp {in} {out}".into()),
            ..g
        };
        let (c, _) = with.campaign().expect("a campaign");
        assert_eq!(c.tests.len(), 1);
    }
}

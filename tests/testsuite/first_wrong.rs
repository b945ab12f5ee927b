//! Failures grouped by their first wrong value (docs/grading.md, "The
//! first wrong value"), shown with the built-in back end in process with
//! planted bugs of one signature class (`codegen::Mutations`: `icmp sle`
//! compiled as `slt`, `icmp slt` as `sle`, `sub` with its operands
//! swapped): one group per bug, each named by its first wrong
//! instruction, whose values the tests check against the spec's
//! arithmetic.

use lloracle::harness::cases::random_cases;
use lloracle::harness::compiler::Tools;
use lloracle::harness::group;
use lloracle::harness::reduce::Bounds;
use lloracle::harness::report::{self, Group};
use lloracle::harness::session::{run_session, Settings};
use lloracle::harness::verdicts::CaseResult;
use lloracle::harness::Compiler;
use std::collections::BTreeSet;
use std::time::Duration;

fn tools() -> Tools {
    let mut t = Tools::new(Duration::from_secs(10)).expect("temporary directory");
    t.oracle.fuel = 20_000_000;
    t
}

/// The built-in back end with the mutations `names` on `n` random programs
/// (seeds 1.., size 30: the campaign's defaults), `reductions` of them
/// reduced: the results and the report's groups.
fn campaign(names: &str, n: u64, reductions: usize) -> (Vec<CaseResult>, Vec<Group>) {
    let compiler = Compiler::Builtin {
        mutations: codegen::Mutations::from_names(names).expect("mutations"),
    };
    let settings = Settings {
        jobs: 2,
        max_reductions: reductions,
        bounds: Bounds {
            max_candidates: 2000,
            max_time: Duration::from_secs(60),
        },
        stop_at_first_failure: false,
        budget: Default::default(),
    };
    let rs = run_session(
        &tools(),
        &compiler,
        random_cases(n, 1, 30),
        &settings,
        &|_| {},
    );
    let groups = report::build(&rs, &[], &compiler, &|k| k).groups();
    (rs, groups)
}

fn describe(gs: &[Group]) -> String {
    gs.iter()
        .map(|g| {
            format!(
                "[{}] {} ({} runs): {}\n",
                g.category,
                g.signature,
                g.runs,
                g.example.failure.trace.as_deref().unwrap_or("no trace")
            )
        })
        .collect()
}

/// `` `OP A, B` gave G, the oracle R (...) `` read back: the operation,
/// both operands, the compiled program's and the oracle's results.
fn read_trace(says: &str) -> (String, i64, i64, i64, i64) {
    let (insn, rest) = says
        .strip_prefix('`')
        .and_then(|s| s.split_once('`'))
        .unwrap_or_else(|| panic!("no instruction in {says}"));
    let num = |w: &str| -> i64 {
        w.trim_end_matches(',')
            .parse()
            .unwrap_or_else(|_| panic!("not a number `{w}` in {says}"))
    };
    let words: Vec<&str> = insn.split_whitespace().collect();
    let n = words.len();
    let op = words[..n - 2].join(" ");
    // ` gave G, the oracle R (...)`
    let rest: Vec<&str> = rest.split_whitespace().collect();
    (
        op,
        num(words[n - 2]),
        num(words[n - 1]),
        num(rest[1]),
        num(rest[4]),
    )
}

/// The spec's result of `op` on `a` and `b` (docs/semantics.md: `sub` wraps
/// modulo 2^64; `icmp` compares signed and gives 1 or 0), and what each
/// planted bug computes instead.
fn by_hand(op: &str, a: i64, b: i64) -> (i64, i64) {
    match op {
        "icmp sle i64" => (i64::from(a <= b), i64::from(a < b)),
        "icmp slt i64" => (i64::from(a < b), i64::from(a <= b)),
        "sub i64" => (a.wrapping_sub(b), b.wrapping_sub(a)),
        _ => panic!("no planted bug in {op}"),
    }
}

/// Each group's example names its first wrong instruction with both
/// values, and those values are the spec's and the planted bug's.
fn assert_values_by_hand(gs: &[Group]) {
    for g in gs {
        let says = g.example.failure.trace.as_deref().expect("a trace");
        let (op, a, b, gave, right) = read_trace(says);
        assert_eq!(
            g.signature,
            format!("{}{op}", group::FIRST_WRONG[0]),
            "{says}"
        );
        let (spec, bug) = by_hand(&op, a, b);
        assert_eq!((right, gave), (spec, bug), "{says}");
        assert_ne!(right, gave, "{says}");
    }
}

/// Two bugs of one signature class (`icmp sle` and `icmp slt` both wrong):
/// without traces (and without reductions) their runs share their
/// signatures' groups; with them, one group per bug, each named by its
/// first wrong instruction. With a third (`sub`), three groups.
#[test]
fn two_and_three_planted_bugs_are_one_group_each() {
    for (names, ops) in [
        (
            "sle-as-slt,slt-as-sle",
            vec!["icmp sle i64", "icmp slt i64"],
        ),
        (
            "sle-as-slt,slt-as-sle,sub-swap",
            vec!["icmp sle i64", "icmp slt i64", "sub i64"],
        ),
    ] {
        let (rs, gs) = campaign(names, 60, 0);
        let want: BTreeSet<String> = ops
            .iter()
            .map(|o| format!("{}{o}", group::FIRST_WRONG[0]))
            .collect();
        let got: BTreeSet<String> = gs.iter().map(|g| g.signature.clone()).collect();
        assert_eq!(got, want, "{names}:\n{}", describe(&gs));
        assert_values_by_hand(&gs);
        // The same runs keyed as before tracing (their signatures, no
        // reduction to key them by): some group mixes two bugs.
        let mut untraced = rs.clone();
        for r in &mut untraced {
            r.traces.clear();
        }
        let before = group::keys(&untraced);
        let after = group::keys(&rs);
        let mixed = before
            .iter()
            .flatten()
            .zip(after.iter().flatten())
            .filter_map(|(b, a)| Some((b.clone()?, a.clone()?)))
            .fold(
                std::collections::BTreeMap::<String, BTreeSet<String>>::new(),
                |mut m, (b, a)| {
                    m.entry(b).or_default().insert(a);
                    m
                },
            );
        assert!(
            mixed.values().any(|causes| causes.len() > 1),
            "{names}: no signature mixes two bugs: {mixed:?}"
        );
    }
}

/// The spec's `icmp COND a, b` (signed), by hand.
fn icmp_by_hand(cond: &str, a: i64, b: i64) -> i64 {
    i64::from(match cond {
        "eq" => a == b,
        "ne" => a != b,
        "slt" => a < b,
        "sle" => a <= b,
        "sgt" => a > b,
        "sge" => a >= b,
        _ => panic!("no condition {cond}"),
    })
}

/// One bug under several conditions (`cmp-swap`: `cmpq` with its operands
/// the other way round, so `slt` gives `sgt` and so on; `eq` and `ne` stay
/// right) is one group, named by what the icmp probe showed, whatever
/// condition each run's first wrong value is; with a wrong `sub` as well,
/// two groups.
#[test]
fn one_bug_under_several_conditions_is_one_group() {
    let key = "first wrong value: icmp gives the condition of its operands swapped \
               (slt, sle, sgt, sge)";
    for (names, want) in [
        ("cmp-swap", vec![key.to_string()]),
        (
            "cmp-swap,sub-swap",
            vec![key.to_string(), format!("{}sub i64", group::FIRST_WRONG[0])],
        ),
    ] {
        let (rs, gs) = campaign(names, 60, 0);
        let got: BTreeSet<String> = gs.iter().map(|g| g.signature.clone()).collect();
        assert_eq!(
            got,
            want.into_iter().collect(),
            "{names}:\n{}",
            describe(&gs)
        );
        // Before the probe the runs named several conditions.
        let conditions: BTreeSet<String> = rs
            .iter()
            .flat_map(|r| r.traces.iter().flatten())
            .filter_map(|t| {
                let says = t.says.strip_prefix("`icmp ")?;
                Some(says.split_whitespace().next()?.to_string())
            })
            .collect();
        assert!(conditions.len() >= 2, "{names}: {conditions:?}");
        for g in gs.iter().filter(|g| g.signature == key) {
            let says = g.example.failure.trace.as_deref().expect("a trace");
            let (op, a, b, gave, right) = read_trace(says);
            let cond = op.split_whitespace().nth(1).expect("a condition");
            // The spec's value, and the bug's: the operands swapped.
            assert_eq!(right, icmp_by_hand(cond, a, b), "{says}");
            assert_eq!(gave, icmp_by_hand(cond, b, a), "{says}");
            assert!(says.contains("a probe of every condition"), "{says}");
        }
    }
}

/// The measurement of docs/grading.md ("The first wrong value"), by hand:
/// `cargo test --test testsuite first_wrong::measure -- --ignored
/// --nocapture` (about 10 minutes on two cores): 300 programs, 25
/// reductions, groups before (signature and reduced shape) and after
/// (first wrong value).
#[test]
#[ignore]
fn measure_groups_per_bug_on_300_programs() {
    for names in ["sle-as-slt,slt-as-sle", "sle-as-slt,slt-as-sle,sub-swap"] {
        let (rs, gs) = campaign(names, 300, 25);
        let mut untraced = rs.clone();
        for r in &mut untraced {
            r.traces.clear();
        }
        let compiler = Compiler::Builtin {
            mutations: codegen::Mutations::from_names(names).expect("mutations"),
        };
        let before = report::build(&untraced, &[], &compiler, &|k| k).groups();
        eprintln!(
            "{names}: {} groups before, {} after\nbefore:\n{}after:\n{}",
            before.len(),
            gs.len(),
            describe(&before),
            describe(&gs)
        );
        assert_values_by_hand(&gs);
    }
}

/// The same measurement on a course's back end, by hand:
/// `LLORACLE_MEASURE_CMD='/path/hw3/main.native -S -op {outdir} {in}'
/// cargo test --test testsuite first_wrong::measure_a_course -- --ignored
/// --nocapture`: 100 random programs in the ETH dialect, 5 reductions;
/// the groups before (signature and reduced shape) and after (first wrong
/// value). Without the variable it does nothing.
#[test]
#[ignore]
fn measure_a_course_back_end() {
    let Ok(cmd) = std::env::var("LLORACLE_MEASURE_CMD") else {
        eprintln!("SKIP: LLORACLE_MEASURE_CMD names no back end");
        return;
    };
    let dialect = spec::dialect::Dialect::by_name("eth").expect("the eth dialect");
    let tools = Tools::with(
        lloracle::harness::course::Course::default(),
        Some(dialect.clone()),
        Duration::from_secs(10),
    )
    .expect("tools");
    let compiler = Compiler::Command {
        cmd,
        emit: lloracle::harness::Emit::Asm,
    };
    let settings = Settings {
        jobs: 2,
        max_reductions: 5,
        bounds: Bounds {
            max_candidates: 2000,
            max_time: Duration::from_secs(30),
        },
        stop_at_first_failure: false,
        budget: Default::default(),
    };
    let cases = lloracle::harness::cases::random_cases_in(100, 1, 30, Some(&dialect));
    let rs = run_session(&tools, &compiler, cases, &settings, &|_| {});
    let mut untraced = rs.clone();
    for r in &mut untraced {
        r.traces.clear();
    }
    let before = report::build(&untraced, &[], &compiler, &|k| k).groups();
    let after = report::build(&rs, &[], &compiler, &|k| k).groups();
    eprintln!(
        "{} groups before, {} after\nbefore:\n{}after:\n{}",
        before.len(),
        after.len(),
        describe(&before),
        describe(&after)
    );
}

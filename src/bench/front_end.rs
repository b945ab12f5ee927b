//! The benchmark's front-end rows: lloracle's own time per test of a
//! front-end campaign (everything but the front end and the oracle's runs
//! of its output: files, parsing and checking the output, the native
//! builds that explain a verdict, the report), with a fixed fake front
//! end that "compiles" an Oat program by evaluating it with lloracle's Oat
//! evaluator and writing LLVMlite that prints what it printed. With
//! native explanations on and off (`--no-native`), taking turns; every
//! test must pass, or the row's times are not used.

use super::campaign::{row, Row, Turn, Way};
use crate::frontend::campaign::{run, FrontEndCampaign};
use crate::frontend::tests::{plan, TestPlan};
use crate::harness::budget::Budget;
use crate::harness::compiler::Tools;
use crate::harness::course::{default_entry, Course};
use crate::harness::reduce::Bounds;
use crate::harness::report::{Grading, Verdict};
use crate::harness::session::Settings;
use oat::dialect::OatDialect;
use oat::order::ArgOrders;
use oat::OatVersion;
use spec::RuntimeName;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The generated Oat programs' size (`test-compiler`'s default).
const SIZE: usize = 30;

/// The ways: native explanations on, then off.
const WAYS: [Way; 2] = [
    Way {
        linking: "native on",
        jobs: 1,
    },
    Way {
        linking: "native off",
        jobs: 1,
    },
];

/// The fake front end: `sh SCRIPT LLORACLE IN OUTDIR` runs IN on
/// lloracle's Oat evaluator and writes `OUTDIR/STEM.ll`, which prints the
/// same bytes and returns the same status.
const FRONT_END: &str = r#"exe=$1; in=$2; dir=$3; stem=$(basename "$in" .oat)
"$exe" run "$in" > "$dir/stdout" 2>/dev/null; st=$?
n=$(( $(wc -c < "$dir/stdout") + 1 ))
bytes=$(od -An -v -tx1 "$dir/stdout" | tr -d ' \n' | sed 's/../\\&/g')
cat > "$dir/$stem.ll" <<LL
@s = global [$n x i8] c"$bytes\\00"
declare void @print_string(i8*)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %p = getelementptr [$n x i8], [$n x i8]* @s, i32 0, i32 0
  call void @print_string(i8* %p)
  ret i64 $st
}
LL
"#;

/// Runs a front-end campaign of `tests` generated Oat programs `reps`
/// times each way, taking turns, the fake front end running the
/// executable `lloracle`; `None` (with a notice) where it cannot.
pub fn rows(lloracle: &Path, tests: usize, reps: u32) -> Option<Vec<Row>> {
    let dir = tempfile::tempdir().ok()?;
    let script = dir.path().join("front-end.sh");
    std::fs::write(&script, FRONT_END).ok()?;
    let cmd = format!(
        "sh {} {} {{in}} {{outdir}}",
        toolchain::shell::quote(&script.to_string_lossy()),
        toolchain::shell::quote(&lloracle.to_string_lossy())
    );
    let planned = TestPlan {
        tests: None,
        no_tests: true,
        random: tests as u64,
        seed: 1,
        size: SIZE,
        dialect: OatDialect::whole(OatVersion::V2),
        orders: ArgOrders::default(),
    };
    let tests = match plan(&planned) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("NOTICE: no front-end rows: {e}");
            return None;
        }
    };
    let campaign = |native: bool| FrontEndCampaign {
        cmd: cmd.clone(),
        reference: None,
        tests: tests.clone(),
        dialect: None,
        version: OatVersion::V2,
        oat_dialect: Some(planned.dialect),
        orders: planned.orders,
        plan: planned.clone(),
        native,
        settings: Settings {
            jobs: 1,
            max_reductions: 0,
            bounds: Bounds::default(),
            stop_at_first_failure: false,
            budget: Arc::new(Budget::default()),
        },
        shard: None,
    };
    let ways = [campaign(true), campaign(false)];
    let course = Course {
        runtime: RuntimeName::OatHw5,
        runtime_c: None,
        link_flags: vec![],
        entry: default_entry(RuntimeName::OatHw5),
    };
    let tools: Vec<Tools> = ways
        .iter()
        .filter_map(|_| Tools::with(course.clone(), None, Duration::from_secs(30)).ok())
        .collect();
    if tools.len() != ways.len() {
        eprintln!("NOTICE: no front-end rows: cannot make a temporary folder");
        return None;
    }
    let out = dir.path().join("failures");
    let mut turns: Vec<Vec<Turn>> = WAYS.iter().map(|_| Vec::new()).collect();
    for _ in 0..reps {
        for ((c, t), done) in ways.iter().zip(&tools).zip(&mut turns) {
            done.push(turn(c, t, &out));
        }
    }
    Some(
        WAYS.iter()
            .zip(turns)
            .map(|(w, done)| row(w, None, &done, tests.len()))
            .collect(),
    )
}

/// One campaign: its wall-clock seconds, the stage times it added, and
/// its first test that did not pass.
fn turn(c: &FrontEndCampaign, tools: &Tools, out: &Path) -> Turn {
    let before = tools.stages().totals();
    let start = Instant::now();
    let r = run(c, tools, out, &Grading::default(), &|_| {});
    let secs = start.elapsed().as_secs_f64();
    let stages = tools.stages().totals().since(&before);
    let wrong = r.programs.iter().find_map(|p| {
        let bad = p.runs.iter().find(|run| run.verdict != Verdict::PASS)?;
        Some(format!("{}: {}", p.name, bad.verdict.name()))
    });
    Turn {
        secs,
        // Neither the front end nor the oracle's runs of its output are
        // lloracle's own cost.
        own_secs: secs - stages.compile - stages.oracle,
        stages,
        runs: r.programs.iter().map(|p| p.runs.len()).sum(),
        wrong,
    }
}

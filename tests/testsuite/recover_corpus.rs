//! Type recovery on the corpus (docs/semantics.md, opaque pointers): every corpus program that checks
//! is erased to opaque pointers (the `corpus/opaque/` ones already are);
//! for each of its runs the oracle's recorded pointer types must all be in
//! the statically recovered sets (soundness), and the recovered typed
//! program must check, mention no `ptr`, and run to the same outcome as
//! its opaque input. The opaque program runs to the outcome of the program
//! as written, except where that is an `incompatible-tag` between two
//! pointer types, which erasure removes.

use lloracle::corpus;
use spec::{Outcome, UndefinedKind};

fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 50_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn recovery_is_sound_and_round_trips_on_the_corpus() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut meaning_lost = Vec::new();
    let (mut programs, mut runs, mut observed, mut opaque_files) = (0, 0, 0, 0);
    for file in &files {
        let Ok(prog) = spec::parse(&file.source()) else {
            continue;
        };
        if spec::check(&prog).is_err() {
            // Ill-typed programs are not recovered by the command, but the
            // library must not panic on them either.
            let _ = recover::recover(&spec::erase_pointee_types(&prog));
            continue;
        }
        programs += 1;
        if file.display_name().contains("opaque/") {
            opaque_files += 1;
        }
        let name = file.display_name();
        let erased = spec::erase_pointee_types(&prog);
        let analysis = recover::Analysis::new(&erased);
        let rec = recover::recover(&erased).prog;
        if let Err(d) = spec::check(&rec) {
            failures.push(format!(
                "{name}: recovered program ill-typed: {}",
                d[0].message
            ));
            continue;
        }
        if spec::opaque::prog_mentions_opaque(&rec) {
            failures.push(format!("{name}: the recovered program mentions ptr"));
        }
        for run in &file.expectation.runs {
            runs += 1;
            let want = oracle::run(&prog, None, &run.args, &opts());
            let (got, records) = oracle::run_recording_pointer_types(&erased, &run.args, &opts());
            if !want.same_behaviour(&got) {
                // Erasing pointee types removes exactly the distinction a
                // load at the wrong pointer type makes (i1* vs i64*, both
                // ptr): the only outcome erasure may change.
                let pointer_tag = matches!(&want, Outcome::Undefined { kind: UndefinedKind::IncompatibleTag, message, .. } if message.contains('*'));
                if pointer_tag {
                    meaning_lost.push(name.clone());
                } else {
                    failures.push(format!("{name}: erased program ran to {:?}", got.to_json()));
                }
            }
            observed += records.len();
            let bad = recover::measure::soundness_violations(
                &analysis,
                records
                    .iter()
                    .map(|r| (r.function.as_str(), r.local.as_str(), &r.ty)),
            );
            failures.extend(bad.into_iter().map(|b| format!("{name}: unsound: {b}")));
            let back = oracle::run(&rec, None, &run.args, &opts());
            if !got.same_behaviour(&back) {
                failures.push(format!(
                    "{name}: recovered program ran to {:?}, its opaque input to {:?}\n{}",
                    back.to_json(),
                    got.to_json(),
                    spec::print(&rec)
                ));
            }
        }
    }
    eprintln!("recover on the corpus: {programs} programs ({opaque_files} opaque), {runs} runs, {observed} observed (local, type) pairs");
    eprintln!("erasure removed an incompatible-tag between pointer types in: {meaning_lost:?}");
    assert!(meaning_lost.len() <= 3, "{meaning_lost:?}");
    assert!(
        opaque_files >= 5,
        "corpus/opaque/ programs missing: {opaque_files}"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

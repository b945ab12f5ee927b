mod common;
use common::*;

#[test]
#[ignore = "exploration: prints failures"]
fn explore() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let (mut fails, mut unsound, mut same, mut all) = (0, 0, 0, 0);
    for seed in 0..n {
        let size = 1 + (seed % 40) as usize;
        let p = gen::from_seed(seed, size);
        let o1 = oracle::run(&p, None, &[], &opts());
        let e = spec::erase_pointee_types(&p);
        let o2 = oracle::run(&e, None, &[], &opts());
        let r = recover::recover(&e).prog;
        let (s, a) = recover::measure::precision(&p, &r);
        same += s;
        all += a;
        let chk = spec::check(&r);
        let o3 = oracle::run(&r, None, &[], &opts());
        let ok = same_outcome(&o1, &o2) && chk.is_ok() && same_outcome(&o1, &o3);
        if !ok && fails < 3 {
            eprintln!(
                "seed {seed}: erased {} recovered {} check {:?}\n{:?}\n{:?}",
                same_outcome(&o1, &o2),
                same_outcome(&o1, &o3),
                chk.as_ref().err().map(|d| d
                    .iter()
                    .take(3)
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()),
                o1.to_json(),
                o3.to_json()
            );
            if std::env::var("SHOW").is_ok() {
                eprintln!("{}\n=====\n{}", spec::print(&e), spec::print(&r));
            }
        }
        if !ok {
            fails += 1;
        }
        let (_, bad) = soundness(&e, &[]);
        if !bad.is_empty() {
            if unsound < 3 {
                eprintln!("seed {seed} unsound: {:?}", &bad[..bad.len().min(3)]);
            }
            unsound += 1;
        }
    }
    eprintln!("fails {fails} unsound {unsound} precision {same}/{all}");
}

#[test]
#[ignore = "exploration: prints one seed"]
fn show_seed() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let p = gen::from_seed(seed, 1 + (seed % 40) as usize);
    let e = spec::erase_pointee_types(&p);
    let r = recover::recover(&e).prog;
    eprintln!(
        "{}\n=====\n{}\n=====\n{}",
        spec::print(&p),
        spec::print(&e),
        spec::print(&r)
    );
}

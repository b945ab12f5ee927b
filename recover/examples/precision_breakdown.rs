//! What limits recovery precision: the most common (original -> recovered)
//! type pairs among pointer locals whose recovered type differs, over the
//! round trip's 2,000 generated programs.
//! `cargo run --release -p recover --example precision_breakdown`.

fn main() {
    use std::collections::HashMap;
    let mut kinds: HashMap<String, usize> = HashMap::new();
    for seed in 0..2000u64 {
        let p = gen::from_seed(seed, 1 + (seed % 40) as usize);
        let r = recover::recover(&spec::erase_pointee_types(&p)).prog;
        let env = spec::TypeEnv::new(&p);
        let rec: HashMap<(String, String), spec::Ty> = recover::measure::pointer_local_types(&r)
            .into_iter()
            .map(|(f, x, t)| ((f, x), t))
            .collect();
        for (f, x, t) in recover::measure::pointer_local_types(&p) {
            let got = rec.get(&(f.clone(), x.clone())).cloned();
            if !got.as_ref().is_some_and(|g| env.ty_eq(g, &t)) {
                let k = format!(
                    "{} -> {}",
                    spec::print::print_ty(&t),
                    got.map(|g| spec::print::print_ty(&g)).unwrap_or_default()
                );
                *kinds.entry(k).or_default() += 1;
            }
        }
    }
    let mut v: Vec<_> = kinds.into_iter().collect();
    v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (k, n) in v.iter().take(25) {
        eprintln!("{n:6} {k}");
    }
}

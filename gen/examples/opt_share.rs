//! How much a real optimiser finds to do in generated programs, per
//! profile: the share of programs (written in the `llvm` dialect) whose
//! function bodies `opt -O1` changes, the share each single pass changes
//! (after `mem2reg`: the course optimisers' passes: constant propagation,
//! dead-store and dead-code elimination, GVN, LICM, CFG simplification),
//! the static instruction count after `-O1` over before, and the time to
//! generate one program. Needs LLVM's `opt` (set `OPT` to choose one).
//!
//! `cargo run -p gen --example opt_share -- [COUNT] [SIZE]` (seeds
//! 0..COUNT, default 200; size default 30).

use gen::Profile;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The single passes measured: a name, the pipeline, and the pipeline
/// it is compared with (`mem2reg`, and for LICM the loop normal form it
/// needs).
const PASSES: [(&str, &str, &str); 7] = [
    ("sccp", "mem2reg,sccp", "mem2reg"),
    ("instsimplify", "mem2reg,instsimplify", "mem2reg"),
    ("dse", "mem2reg,dse", "mem2reg"),
    ("gvn", "mem2reg,gvn", "mem2reg"),
    (
        "licm",
        "mem2reg,loop-simplify,lcssa,loop-mssa(licm)",
        "mem2reg,loop-simplify,lcssa",
    ),
    ("simplifycfg", "mem2reg,simplifycfg", "mem2reg"),
    ("adce", "mem2reg,adce", "mem2reg"),
];

/// How `a` and `b` differ: the functions whose bodies differ, and the
/// instructions of `a` less those of `b`.
fn diff(a: &BTreeMap<String, Vec<String>>, b: &BTreeMap<String, Vec<String>>) -> (usize, i64) {
    let funcs = a.iter().filter(|(n, body)| b.get(*n) != Some(body)).count();
    (funcs, insns(a) as i64 - insns(b) as i64)
}

/// What one pass did over all programs.
#[derive(Default)]
struct Tally {
    programs: usize,
    funcs: usize,
    removed: i64,
}

impl Tally {
    fn add(&mut self, (funcs, removed): (usize, i64)) {
        self.programs += usize::from(funcs > 0);
        self.funcs += funcs;
        self.removed += removed;
    }
}

/// Each function's body (the lines between `define ... {` and `}`), by the
/// function's name; the `define` line is left out (`-O1` adds attributes).
fn bodies(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let mut cur: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        if let Some((name, body)) = cur.as_mut() {
            if line == "}" {
                out.insert(std::mem::take(name), std::mem::take(body));
                cur = None;
            } else if !line.trim().is_empty() {
                // `; preds = ...` comments name predecessors, not code.
                let code = line.split("; preds").next().unwrap_or(line).trim_end();
                body.push(code.to_string());
            }
        } else if line.starts_with("define ") {
            let name = line
                .split('@')
                .nth(1)
                .and_then(|s| s.split('(').next())
                .unwrap_or("")
                .to_string();
            cur = Some((name, Vec::new()));
        }
    }
    out
}

/// `opt ARGS -S file`, as text (`None` when opt fails).
fn opt(bin: &str, args: &[&str], file: &Path) -> Option<String> {
    let o = Command::new(bin)
        .args(args)
        .arg("-S")
        .arg(file)
        .output()
        .ok()?;
    if !o.status.success() {
        eprintln!(
            "{bin} {args:?} failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        return None;
    }
    String::from_utf8(o.stdout).ok()
}

/// Instruction lines of a function body (not labels).
fn insns(b: &BTreeMap<String, Vec<String>>) -> usize {
    b.values().flatten().filter(|l| l.starts_with("  ")).count()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    let bin = std::env::var("OPT").unwrap_or_else(|_| "opt".into());
    if Command::new(&bin).arg("--version").output().is_err() {
        eprintln!("opt_share: `{bin}` not found; nothing measured");
        return;
    }
    let llvm = spec::dialect::Dialect::by_name("llvm").expect("the llvm dialect exists");
    let dir = std::env::temp_dir().join(format!("opt_share_{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("opt_share: {}: {e}", dir.display());
        return;
    }
    println!("{count} programs (seeds 0..{count}, size {size}, dialect llvm) per profile");
    for profile in [Profile::Default, Profile::Opt] {
        let (mut gen_time, mut measured, mut n_funcs) = (Duration::ZERO, 0, 0);
        let mut o1_tally = Tally::default();
        let mut by_pass: Vec<Tally> = PASSES.iter().map(|_| Tally::default()).collect();
        let (mut before, mut after) = (0usize, 0usize);
        for seed in 0..count {
            let t = Instant::now();
            let p = gen::from_seed_with(seed, size, Some(&llvm), profile);
            gen_time += t.elapsed();
            let file = dir.join(format!("{}_{seed}.ll", profile.name()));
            if let Err(e) = std::fs::write(&file, spec::dialect::print_in(&p, &llvm)) {
                eprintln!("opt_share: {}: {e}", file.display());
                return;
            }
            let (Some(plain), Some(o1)) = (opt(&bin, &[], &file), opt(&bin, &["-O1"], &file))
            else {
                continue;
            };
            measured += 1;
            let (plain, o1) = (bodies(&plain), bodies(&o1));
            n_funcs += plain.len();
            o1_tally.add(diff(&plain, &o1));
            before += insns(&plain);
            after += insns(&o1);
            for (k, (_, pipeline, base)) in PASSES.iter().enumerate() {
                let (x, b) = (format!("-passes={pipeline}"), format!("-passes={base}"));
                if let (Some(t), Some(b)) = (opt(&bin, &[&x], &file), opt(&bin, &[&b], &file)) {
                    by_pass[k].add(diff(&bodies(&b), &bodies(&t)));
                }
            }
        }
        let line = |what: &str, t: &Tally| {
            println!(
                "  {what:<13} changes {:3}/{measured} programs ({:5.1}%), {:4}/{n_funcs} functions ({:5.1}%), removes {:6.1} instructions per program",
                t.programs,
                100.0 * t.programs as f64 / measured.max(1) as f64,
                t.funcs,
                100.0 * t.funcs as f64 / n_funcs.max(1) as f64,
                t.removed as f64 / measured.max(1) as f64,
            );
        };
        println!(
            "profile {} ({:.1} instructions per program; after -O1 {:.3} of them):",
            profile.name(),
            before as f64 / measured.max(1) as f64,
            after as f64 / before.max(1) as f64
        );
        line("-O1", &o1_tally);
        for (k, (name, _, _)) in PASSES.iter().enumerate() {
            line(name, &by_pass[k]);
        }
        println!(
            "  generation: {:.3} ms per program",
            gen_time.as_secs_f64() * 1000.0 / count.max(1) as f64
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

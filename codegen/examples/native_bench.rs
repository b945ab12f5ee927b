//! `cargo run --release -p codegen --example native_bench`: the back end's numbers.
//!
//! - run time of the benchmark programs (oracle/benches/programs) natively
//!   through the in-process runner, and as executables built from our
//!   assembly text and from `llc -O0` (both linked with llrt.c by cc);
//! - compile time per 1,000 LLVMlite instructions;
//! - the fixed cost of one native run (compile excluded: fork, map,
//!   assemble, run `main` returning 0, reap).
//!
//! Times are the best of several runs. Tools that are missing are skipped
//! with a notice.

use spec::Source;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const REPS: usize = 9;

fn best<F: FnMut()>(mut f: F) -> Duration {
    (0..REPS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn tool(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn llrt() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/llrt.c")
}

fn exe_time(exe: &Path) -> Duration {
    best(|| {
        let _ = Command::new(exe).status();
    })
}

fn main() {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tempdir: {e}");
            return;
        }
    };
    let (have_cc, have_llc) = (tool("cc"), tool("llc"));
    if !have_cc {
        eprintln!("NOTICE: cc not found: executables skipped");
    }
    if !have_llc {
        eprintln!("NOTICE: llc not found: llc -O0 column skipped");
    }
    let opts = codegen::NativeOptions {
        timeout: Duration::from_secs(120),
        ..codegen::NativeOptions::default()
    };
    // The fixed cost of a native run.
    let trivial = "define i64 @main() {\n  ret i64 0\n}\n";
    if let Ok(p) = spec::parse::parse(&Source::new("trivial", trivial)) {
        if let Ok(m) = codegen::compile(&p) {
            let runs = 500;
            let t = Instant::now();
            for _ in 0..runs {
                let _ = m.run(&[], &codegen::NativeOptions::default());
            }
            println!(
                "native run of a trivial program (map, assemble, fork, run, reap): {:.1} us",
                t.elapsed().as_secs_f64() * 1e6 / runs as f64
            );
        }
    }

    println!(
        "{:<8} {:>14} {:>14} {:>14} {:>10}",
        "program", "runner", "ours (cc)", "llc -O0", "result"
    );
    for (name, text) in oracle::bench::bench_programs() {
        let src = Source::new(*name, *text);
        let Ok(prog) = spec::parse::parse(&src) else {
            eprintln!("{name}: does not parse");
            continue;
        };
        let Ok(m) = codegen::compile(&prog) else {
            eprintln!("{name}: does not compile");
            continue;
        };
        let mut result = String::new();
        let runner = best(|| {
            result = match m.run(&[], &opts) {
                Ok(o) => o.to_string(),
                Err(e) => e.to_string(),
            }
        });
        let mut ours = None;
        let mut llc = None;
        if have_cc {
            let s = dir.path().join(format!("{name}.s"));
            let exe = dir.path().join(format!("{name}.ours"));
            if std::fs::write(&s, m.to_asm()).is_ok()
                && Command::new("cc")
                    .arg("-o")
                    .arg(&exe)
                    .arg(&s)
                    .arg(llrt())
                    .status()
                    .is_ok_and(|s| s.success())
            {
                ours = Some(exe_time(&exe));
            }
            if have_llc {
                let ll = dir.path().join(format!("{name}.ll"));
                let obj = dir.path().join(format!("{name}.o"));
                let exe = dir.path().join(format!("{name}.llc"));
                if std::fs::write(&ll, text).is_ok()
                    && Command::new("llc")
                        .args(["-O0", "-filetype=obj", "-relocation-model=pic", "-o"])
                        .arg(&obj)
                        .arg(&ll)
                        .status()
                        .is_ok_and(|s| s.success())
                    && Command::new("cc")
                        .arg("-o")
                        .arg(&exe)
                        .arg(&obj)
                        .arg(llrt())
                        .status()
                        .is_ok_and(|s| s.success())
                {
                    llc = Some(exe_time(&exe));
                }
            }
        }
        let show = |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{d:.2?}"));
        println!(
            "{:<8} {:>14} {:>14} {:>14} {:>10}",
            name,
            format!("{runner:.2?}"),
            show(ours),
            show(llc),
            result
        );
    }

    // Compile time per 1,000 LLVMlite instructions, over generated programs.
    let progs: Vec<spec::Prog> = (0..200).map(|s| gen::from_seed(s, 100)).collect();
    let n_insns: usize = progs
        .iter()
        .flat_map(|p| &p.fdecls)
        .map(|f| {
            f.cfg.entry.insns.len()
                + 1
                + f.cfg
                    .blocks
                    .iter()
                    .map(|b| b.block.insns.len() + 1)
                    .sum::<usize>()
        })
        .sum();
    let compile = best(|| {
        for p in &progs {
            let _ = codegen::compile(p);
        }
    });
    let quiet = codegen::CompileOptions { comments: false };
    let compile_quiet = best(|| {
        for p in &progs {
            let _ = codegen::compile_with(p, &quiet);
        }
    });
    let modules: Vec<codegen::Module> = progs
        .iter()
        .filter_map(|p| codegen::compile(p).ok())
        .collect();
    let encode = best(|| {
        for m in &modules {
            let _ = codegen::encode::assemble(m, 0x1000_0000, 0x2000_0000);
        }
    });
    println!(
        "\ncompile (isel): {:.1} us per 1,000 LLVMlite instructions ({:.1} us without comments); + assemble (iced): {:.1} us per 1,000 ({n_insns} instructions in 200 generated programs)",
        compile.as_secs_f64() * 1e6 / n_insns as f64 * 1000.0,
        compile_quiet.as_secs_f64() * 1e6 / n_insns as f64 * 1000.0,
        encode.as_secs_f64() * 1e6 / n_insns as f64 * 1000.0,
    );
}

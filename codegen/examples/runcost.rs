//! `cargo run --release -p codegen --example runcost`: where a native run of
//! a generated program spends its time (assembling vs. the rest).

use std::time::{Duration, Instant};

fn main() {
    let quiet = codegen::CompileOptions {
        comments: false,
        mutations: codegen::Mutations::NONE,
    };
    let mods: Vec<codegen::Module> = (0..300)
        .filter_map(|s| {
            codegen::compile_with(&gen::from_seed(s, (s % 100) as usize + 1), &quiet).ok()
        })
        .collect();
    let mut asm = Duration::ZERO;
    let mut run = Duration::ZERO;
    for m in &mods {
        let t = Instant::now();
        let _ = codegen::encode::assemble(m, 0x1000_0000, 0x2000_0000);
        asm += t.elapsed();
        let t = Instant::now();
        let _ = m.run(&[], &codegen::NativeOptions::default());
        run += t.elapsed();
    }
    let n = mods.len() as u32;
    println!(
        "{n} generated programs: assemble {:.0?} per program; whole native run {:.0?} per program",
        asm / n,
        run / n
    );
}

//! The benchmark programs of `lloracle bench` (oracle/benches/programs/).

/// The benchmark programs: name and LLVMlite text.
pub fn bench_programs() -> &'static [(&'static str, &'static str)] {
    &[
        ("loop", include_str!("../benches/programs/loop.ll")),
        ("fib", include_str!("../benches/programs/fib.ll")),
        ("bubble", include_str!("../benches/programs/bubble.ll")),
        ("list", include_str!("../benches/programs/list.ll")),
    ]
}

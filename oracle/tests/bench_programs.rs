//! The benchmark programs return what their comments derive.
mod common;
use common::*;

fn program(name: &str) -> &'static str {
    oracle::bench_programs()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .expect("bench program")
}

#[test]
fn fib_27() {
    assert_eq!(returns(program("fib")), 196_418);
}

#[test]
fn bubble_sort_sorts() {
    assert_eq!(returns(program("bubble")), 1_000_000 + 2000 * 1000 + 1);
}

#[test]
fn list_walk_sums() {
    assert_eq!(returns(program("list")), 3000 * 500_500);
}

#[test]
fn arithmetic_loop() {
    // The loop's formula computed independently.
    let mut acc: i64 = 0;
    for i in 0..10_000_000i64 {
        acc = acc.wrapping_add((i * 3 + 1) ^ (i >> 2));
    }
    assert_eq!(returns(program("loop")), acc);
}

//! The benchmark programs return what their comments derive, at the size
//! their files are written at and at the other sizes `lloracle bench` runs
//! them at.
use crate::common;
use common::*;

fn program(name: &str) -> &'static oracle::BenchProgram {
    oracle::bench_programs()
        .iter()
        .find(|p| p.name == name)
        .expect("bench program")
}

#[test]
fn fib_27() {
    assert_eq!(returns(program("fib").text), 196_418);
}

#[test]
fn bubble_sort_sorts() {
    assert_eq!(returns(program("bubble").text), 1_000_000 + 2000 * 1000 + 1);
}

#[test]
fn list_walk_sums() {
    assert_eq!(returns(program("list").text), 3000 * 500_500);
}

#[test]
fn arithmetic_loop() {
    // The loop's formula computed independently.
    let mut acc: i64 = 0;
    for i in 0..10_000_000i64 {
        acc = acc.wrapping_add((i * 3 + 1) ^ (i >> 2));
    }
    assert_eq!(returns(program("loop").text), acc);
}

/// Every program's size is written once, and at other (small) sizes the
/// oracle returns what `expected` derives: fib(10) = 55 and fib(11) = 89,
/// bubble sorts to the same array in 2 rounds, 7 walks sum 7 * 500500, and
/// the loop's formula over 1,000 iterations.
#[test]
fn sizes_change_the_work_and_expected_follows() {
    let fib = program("fib");
    assert_eq!((fib.expected(10), fib.expected(11)), (55, 89));
    assert_eq!(program("list").expected(7), 7 * 500_500);
    for (name, size) in [("fib", 11), ("bubble", 2), ("list", 7), ("loop", 1000)] {
        let p = program(name);
        assert!(p.marker_is_unique(), "{name}: size marker");
        let text = p.at(size);
        assert_ne!(text, p.text, "{name}: the size changed nothing");
        assert_eq!(returns(&text), p.expected(size), "{name} at size {size}");
    }
}

/// `--scale` multiplies the work: linear sizes by the factor, fib's size
/// by log base phi of it (phi^1.44 is about 2).
#[test]
fn scaling() {
    let (fib, list) = (program("fib"), program("list"));
    assert_eq!(list.scaled(5000, 0.1), 500);
    assert_eq!(list.scaled(5000, 0.0), 1);
    assert_eq!(fib.scaled(30, 1.0), 30);
    assert_eq!(fib.scaled(30, 2.0), 31);
    assert_eq!(fib.scaled(30, 0.01), 20);
}

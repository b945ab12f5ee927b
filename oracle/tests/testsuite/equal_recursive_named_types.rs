//! Regression: an oracle bug the generator found. Two named types with the
//! same recursive structure (here through a function pointer type) made the
//! oracle refuse a global initializer that the checker accepts (interning
//! one copied the other's unfinished placeholder). The program is well
//! formed and returns 0 (main does nothing).

use spec::{Outcome, Source};

const PROGRAM: &str = r#"
%s1 = type { i64 (i64*, %s2*)* }
%s2 = type { i64 (i64*, %s2*)* }
@a2 = global %s1 { i64 (i64*, %s2*)* @f }
@a3 = global %s2 { i64 (i64*, %s2*)* @f }
define i64 @f(i64* %p0, %s2* %p1) {
  ret i64 0
}
define i64 @main() {
  ret i64 0
}
"#;

#[test]
fn equal_recursive_named_types_are_fine() {
    let src = Source::new("bug.ll", PROGRAM);
    let p = spec::parse(&src).expect("parses");
    assert!(spec::check(&p).is_ok(), "the checker accepts it");
    let o = oracle::run(&p, Some(&src), &[], &oracle::Options::default());
    assert_eq!(
        o,
        Outcome::Returned {
            value: 0,
            stdout: Vec::new()
        }
    );
}

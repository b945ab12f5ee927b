//! The trace hook sees every instruction and terminator, in order, with the
//! call depth, and after each instruction that defines a local (other than a
//! call) the value it defined.
use spec::Source;

/// Runs `text` traced: the outcome, the statistics and every step.
fn traced(text: &str) -> (spec::Outcome, oracle::Stats, Vec<oracle::TraceStep>) {
    let src = Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).expect("parses");
    let mut steps = Vec::new();
    let (o, stats) = oracle::run_with_trace(
        &prog,
        Some(&src),
        &[],
        &oracle::Options::default(),
        &mut |s: &oracle::TraceStep| steps.push(s.clone()),
    );
    (o, stats, steps)
}

#[test]
fn trace_lists_every_step_in_order() {
    let text = "define i64 @f(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %a = add i64 1, 2
  %r = call i64 @f(i64 %a)
  ret i64 %r
}
";
    let (o, stats, all) = traced(text);
    let mut steps = Vec::new();
    let mut results = Vec::new();
    for s in all {
        match &s.result {
            Some(r) => results.push((s.location.function.clone(), s.location.index, r.clone())),
            None => steps.push((
                s.location.function.clone(),
                s.location.index,
                s.location.line,
                s.depth,
            )),
        }
    }
    assert!(matches!(o, spec::Outcome::Returned { value: 3, .. }), "{o}");
    let want = vec![
        ("main".to_string(), 0, Some(5), 0),
        ("main".to_string(), 1, Some(6), 0),
        ("f".to_string(), 0, Some(2), 1),
        ("main".to_string(), 2, Some(7), 0),
    ];
    assert_eq!(steps, want);
    // %a = add i64 1, 2 defines 3; the call's result arrives with the callee's
    // ret, so it has no result step of its own.
    assert_eq!(results, vec![("main".to_string(), 0, "3".to_string())]);
    assert_eq!(stats.executed, 4);
}

/// Pointers are shown with the spec's path: GEP adds its first index to the
/// last index of the base's path and appends the others. The expected
/// paths below are worked out by hand from that rule.
#[test]
fn traced_pointers_show_the_specs_paths() {
    let text = "%s = type { i64, [3 x { i64, i64 }] }
@g = global { i64, [2 x i64] } { i64 1, [2 x i64] [ i64 2, i64 3 ] }
define i64 @main() {
  %a = alloca %s
  %b = alloca i64
  %p = getelementptr %s, %s* %a, i64 0, i32 1, i64 2, i32 1
  %e = getelementptr %s, %s* %a, i64 0, i32 1, i64 1
  %f = getelementptr { i64, i64 }, { i64, i64 }* %e, i64 1
  %h = getelementptr { i64, [2 x i64] }, { i64, [2 x i64] }* @g, i64 0, i32 1, i64 1
  %k = getelementptr %s, %s* %a, i64 0, i32 1, i64 2
  %same = icmp eq { i64, i64 }* %f, %k
  %x = getelementptr %s, %s* %a, i64 0, i32 1, i64 2, i32 0
  %xc = bitcast i64* %x to { i64, i64 }*
  %alias = icmp eq { i64, i64 }* %xc, %k
  %other = icmp eq i64* %x, %p
  %r1 = add i64 %same, %alias
  %r = add i64 %r1, %other
  ret i64 %r
}
";
    let (o, _, steps) = traced(text);
    let results: Vec<String> = steps.into_iter().filter_map(|s| s.result).collect();
    // %f and %k: the same element; %xc (its first field, cast) has the same
    // layout offset; %x and %p are different fields.
    assert!(matches!(o, spec::Outcome::Returned { value: 2, .. }), "{o}");
    let want = [
        "ptr(frame#0, [0])",
        "ptr(frame#0, [1])",
        "ptr(frame#0, [0, 1, 2, 1])",
        "ptr(frame#0, [0, 1, 1])",
        "ptr(frame#0, [0, 1, 2])",
        "ptr(global#0, [0, 1, 1])",
        "ptr(frame#0, [0, 1, 2])",
        "1",
        "ptr(frame#0, [0, 1, 2, 0])",
        "ptr(frame#0, [0, 1, 2, 0])",
        "1",
        "0",
        "2",
        "2",
    ];
    assert_eq!(results, want);
}

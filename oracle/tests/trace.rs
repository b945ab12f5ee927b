//! The trace hook sees every instruction and terminator, in order, with the
//! call depth, and after each instruction that defines a local (other than a
//! call) the value it defined.
use spec::Source;

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
    let src = Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).expect("parses");
    let mut steps = Vec::new();
    let mut results = Vec::new();
    let (o, stats) = oracle::run_with_trace(
        &prog,
        Some(&src),
        &[],
        &oracle::Options::default(),
        &mut |s: &oracle::TraceStep| {
            if let Some(r) = &s.result {
                results.push((s.location.function.clone(), s.location.index, r.clone()));
                return;
            }
            steps.push((
                s.location.function.clone(),
                s.location.index,
                s.location.line,
                s.depth,
            ))
        },
    );
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

//! Resource limits: fuel, call depth (without a host stack overflow) and memory.
use crate::common;
use common::*;
use oracle::Options;
use spec::{LimitKind, Outcome};

fn limit(o: Outcome) -> LimitKind {
    match o {
        Outcome::Limit { kind, .. } => kind,
        o => panic!("expected a limit, got {o}"),
    }
}

#[test]
fn fuel_exhausted_by_an_endless_loop() {
    let text = "
define i64 @main() {
  br label %l
l:
  br label %l
}
";
    let opts = Options {
        fuel: 10_000,
        ..Options::default()
    };
    assert_eq!(limit(run_with(text, &[], &opts)), LimitKind::FuelExhausted);
}

#[test]
fn fuel_counts_instructions_and_terminators() {
    // main executes exactly 2 instructions and 1 terminator.
    let text = "
define i64 @main() {
  %a = add i64 1, 2
  %b = add i64 %a, 3
  ret i64 %b
}
";
    let exact = Options {
        fuel: 3,
        ..Options::default()
    };
    assert!(matches!(
        run_with(text, &[], &exact),
        Outcome::Returned { value: 6, .. }
    ));
    let short = Options {
        fuel: 2,
        ..Options::default()
    };
    assert_eq!(limit(run_with(text, &[], &short)), LimitKind::FuelExhausted);
}

const DEEP: &str = "
define i64 @down(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @down(i64 %m)
  %s = add i64 %r, %n
  ret i64 %s
}
";

#[test]
fn million_deep_recursion_hits_the_depth_limit_not_the_host_stack() {
    let text = format!(
        "{DEEP}\ndefine i64 @main() {{\n  %r = call i64 @down(i64 1000000)\n  ret i64 %r\n}}\n"
    );
    // A thread with a normal (2 MiB) stack: host recursion per LLVMlite call
    // would overflow it long before a million calls.
    let h = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || run(&text))
        .expect("thread");
    let o = h.join().expect("no host stack overflow or panic");
    assert_eq!(limit(o), LimitKind::CallDepthExceeded);
}

#[test]
fn recursion_within_the_depth_limit_returns() {
    // sum 1..=50000 = 50000 * 50001 / 2
    let text = format!(
        "{DEEP}\ndefine i64 @main() {{\n  %r = call i64 @down(i64 50000)\n  ret i64 %r\n}}\n"
    );
    let h = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || run(&text))
        .expect("thread");
    match h.join().expect("no panic") {
        Outcome::Returned { value, .. } => assert_eq!(value, 1_250_025_000),
        o => panic!("{o}"),
    }
}

#[test]
fn small_depth_limit() {
    let text =
        format!("{DEEP}\ndefine i64 @main() {{\n  %r = call i64 @down(i64 10)\n  ret i64 %r\n}}\n");
    // main + 11 calls of @down (n = 10..0) = 12 frames.
    let ok = Options {
        max_depth: 12,
        ..Options::default()
    };
    assert!(matches!(
        run_with(&text, &[], &ok),
        Outcome::Returned { value: 55, .. }
    ));
    let tight = Options {
        max_depth: 11,
        ..Options::default()
    };
    assert_eq!(
        limit(run_with(&text, &[], &tight)),
        LimitKind::CallDepthExceeded
    );
}

#[test]
fn memory_exhausted_by_allocas_in_a_loop() {
    let text = "
define i64 @main() {
  br label %l
l:
  %p = alloca [100 x i64]
  br label %l
}
";
    let opts = Options {
        max_cells: 10_000,
        ..Options::default()
    };
    assert_eq!(
        limit(run_with(text, &[], &opts)),
        LimitKind::MemoryExhausted
    );
}

#[test]
fn frames_give_their_memory_back() {
    // Each call allocates 100 cells and returns; 1000 calls fit in 1,000 cells.
    let text = "
define i64 @f() {
  %p = alloca [100 x i64]
  ret i64 1
}
define i64 @main() {
  %i = alloca i64
  store i64 0, i64* %i
  br label %l
l:
  %v = load i64, i64* %i
  %c = icmp slt i64 %v, 1000
  br i1 %c, label %body, label %done
body:
  %r = call i64 @f()
  %v2 = add i64 %v, %r
  store i64 %v2, i64* %i
  br label %l
done:
  ret i64 %v
}
";
    let opts = Options {
        max_cells: 1_000,
        ..Options::default()
    };
    assert!(matches!(
        run_with(text, &[], &opts),
        Outcome::Returned { value: 1000, .. }
    ));
}

#[test]
fn memory_exhausted_by_runtime_strings() {
    let text = "
@s = global [9 x i8] c\"abcdefgh\\00\"
define i64 @main() {
  %p = getelementptr [9 x i8], [9 x i8]* @s, i64 0, i64 0
  br label %l
l:
  %q = call i8* @ll_strcat(i8* %p, i8* %p)
  br label %l
}
";
    let opts = Options {
        max_cells: 1_000,
        ..Options::default()
    };
    assert_eq!(
        limit(run_with(text, &[], &opts)),
        LimitKind::MemoryExhausted
    );
}

#[test]
fn locals_of_active_calls_count_as_memory() {
    // @down has 5 locals (n, z, m, r, s): 1000 active calls need 5000 cells.
    let text = format!(
        "{DEEP}\ndefine i64 @main() {{\n  %r = call i64 @down(i64 1000)\n  ret i64 %r\n}}\n"
    );
    let opts = Options {
        max_cells: 4_000,
        ..Options::default()
    };
    assert_eq!(
        limit(run_with(&text, &[], &opts)),
        LimitKind::MemoryExhausted
    );
    let roomy = Options {
        max_cells: 6_000,
        ..Options::default()
    };
    assert!(matches!(
        run_with(&text, &[], &roomy),
        Outcome::Returned { value: 500_500, .. }
    ));
}

/// `@big` has one parameter, one alloca of [100 x i64] and three other
/// instructions: 64 + 8 * 5 slots + 800 = 904 counted stack bytes per call
/// (spec::limits::frame_bytes); main, a slot per instruction, 64 + 8 * 4.
const BIG_FRAMES: &str = "
define i64 @big(i64 %n) {
  %p = alloca [100 x i64]
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %more, label %done
more:
  %m = sub i64 %n, 1
  %r = call i64 @big(i64 %m)
  ret i64 %r
done:
  ret i64 7
}
define i64 @main() {
  %a = call i64 @big(i64 0)
  %b = call i64 @big(i64 0)
  %c = call i64 @big(i64 0)
  %d = call i64 @big(i64 DEPTH)
  ret i64 %d
}
";

#[test]
fn the_stack_budget_counts_bytes_of_active_calls_only() {
    assert_eq!(spec::limits::frame_bytes(5, [800]), 64 + 40 + 800);
    let budget = |bytes: u64| Options {
        max_stack_bytes: bytes,
        ..Options::default()
    };
    let main = 64 + 8 * 4;
    let big = 64 + 8 * 5 + 800;
    // DEPTH 2: three nested calls of @big at the deepest, each returning
    // its bytes; the three sequential calls before never add up.
    let text = BIG_FRAMES.replace("DEPTH", "2");
    assert_eq!(returns(&text), 7);
    let exact = budget(main + 3 * big);
    assert_eq!(run_with(&text, &[], &exact).exit_code(), 7);
    let short = budget(main + 3 * big - 1);
    assert_eq!(
        limit(run_with(&text, &[], &short)),
        LimitKind::StackExhausted
    );
}

/// A loop whose body's `alloca i64` runs RUNS times. Seven instructions, a
/// slot each. The course model counts 64 + 8 * 7 + 8 (%i) + 8 (%p, once)
/// = 136 bytes whatever RUNS is; LLVM's model 64 + 8 * 7 + 8 = 128 before
/// the loop and 16 more bytes (8 rounded up to 16) per run of %p.
const LOOP_ALLOCA: &str = "
define i64 @main() {
entry:
  %i = alloca i64
  store i64 0, i64* %i
  br label %loop
loop:
  %p = alloca i64
  %n = load i64, i64* %i
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  %c = icmp slt i64 %n1, RUNS
  br i1 %c, label %loop, label %out
out:
  ret i64 %n1
}
";

#[test]
fn the_stack_budget_counts_each_run_of_an_alloca_outside_the_entry_block() {
    let budget = |bytes: u64| Options {
        max_stack_bytes: bytes,
        ..Options::default()
    };
    let llvm = |runs: u64| 128 + 16 * runs;
    // Ten runs: 288 bytes in LLVM's model, the larger one.
    let ten = LOOP_ALLOCA.replace("RUNS", "10");
    assert!(matches!(
        run_with(&ten, &[], &budget(llvm(10))),
        Outcome::Returned { value: 10, .. }
    ));
    let eleven = LOOP_ALLOCA.replace("RUNS", "11");
    assert_eq!(
        run_with(&eleven, &[], &budget(llvm(10))),
        Outcome::Limit {
            kind: LimitKind::StackExhausted,
            stdout: Vec::new(),
        }
    );
    // One run: LLVM's model, 128 + 16 = 144, passes the course model's
    // 136, so 143 bytes are too few and 144 enough.
    let one = LOOP_ALLOCA.replace("RUNS", "1");
    assert!(matches!(
        run_with(&one, &[], &budget(144)),
        Outcome::Returned { value: 1, .. }
    ));
    assert!(matches!(
        run_with(&one, &[], &budget(143)),
        Outcome::Limit { .. }
    ));
    // The course model alone decides before the loop: 136 bytes at the call.
    assert!(matches!(
        run_with(&one, &[], &budget(135)),
        Outcome::Limit { .. }
    ));
}

//! LLVM's memory (`Options::memory = Llvm`, docs/semantics.md, "LLVM's
//! memory"): programs LLVM defines that LLVMlite's tag rules stop, and
//! the undefined behaviour LLVM's memory keeps. Every expected value is
//! derived by hand from LLVM's layout (`i1` 1 byte, `i64` and pointers 8
//! aligned to 8, structs padded to their alignment) and the program's
//! text, as each test's comment says.

use super::common::run_with;
use oracle::{MemoryModel, Options};
use spec::{Outcome, RuntimeName, UndefinedKind as K};

fn llvm(runtime: RuntimeName) -> Options {
    Options {
        memory: MemoryModel::Llvm,
        runtime,
        ..Options::default()
    }
}

fn tree(runtime: RuntimeName) -> Options {
    Options {
        runtime,
        ..Options::default()
    }
}

/// The value returned and what was printed, or the test fails.
fn returned(o: Outcome) -> (i64, String) {
    match o {
        Outcome::Returned { value, stdout } => (value, String::from_utf8_lossy(&stdout).into()),
        o => panic!("expected a return, got: {o}"),
    }
}

/// The kind of an undefined outcome and its location's function and
/// instruction index, or the test fails.
fn undefined(o: Outcome) -> (K, String, usize) {
    match o {
        Outcome::Undefined { kind, location, .. } => (kind, location.function, location.index),
        o => panic!("expected undefined, got: {o}"),
    }
}

/// The issue's minimal case: `@a`'s elements are `[4 x i8]*` read as
/// `i8*` through a bitcast view. In LLVM the element's 8 bytes are @s's
/// address, so `ll_puts` prints "abc"; LLVMlite's tag rule stops it.
#[test]
fn array_of_string_pointers_read_through_a_bitcast_view() {
    let text = r#"
@s = global [4 x i8] c"abc\00"
@a = global [2 x [4 x i8]*] [[4 x i8]* @s, [4 x i8]* @s]
define i64 @main(i64 %argc, i8** %argv) {
  %b = bitcast [2 x [4 x i8]*]* @a to [2 x i8*]*
  %p = getelementptr [2 x i8*], [2 x i8*]* %b, i32 0, i32 1
  %v = load i8*, i8** %p
  call void @ll_puts(i8* %v)
  ret i64 0
}
declare void @ll_puts(i8*)
"#;
    assert_eq!(
        returned(run_with(text, &[], &llvm(RuntimeName::Ll))),
        (0, "abc\n".into())
    );
    let (kind, f, i) = undefined(run_with(text, &[], &tree(RuntimeName::Ll)));
    assert_eq!((kind, f.as_str(), i), (K::IncompatibleTag, "main", 2));
}

/// Pattern 1: an `int[][]` block from `oat_alloc_array(2)` (malloc:
/// elements never written) zero-filled through the `{ i64, [0 x i64] }*`
/// view, then a pointer to an inner array stored into element 1 through
/// the `{ i64, [0 x %arr*] }*` view and read back. Element 1 is at byte
/// 8 + 8 = 16 in both views; the inner array's element 0 holds 42; the
/// outer length word is 2.
#[test]
fn block_zeroed_through_one_view_holds_pointers_stored_through_another() {
    let text = r#"
%arr = type { i64, [0 x i64] }
%outer = type { i64, [0 x %arr*] }
declare i64* @oat_alloc_array(i64)
declare void @print_int(i64)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %ints = bitcast i64* %raw to %arr*
  %z0 = getelementptr %arr, %arr* %ints, i32 0, i32 1, i32 0
  store i64 0, i64* %z0
  %z1 = getelementptr %arr, %arr* %ints, i32 0, i32 1, i32 1
  store i64 0, i64* %z1
  %inner = call i64* @oat_alloc_array(i64 1)
  %in = bitcast i64* %inner to %arr*
  %e = getelementptr %arr, %arr* %in, i32 0, i32 1, i32 0
  store i64 42, i64* %e
  %o = bitcast i64* %raw to %outer*
  %slot = getelementptr %outer, %outer* %o, i32 0, i32 1, i32 1
  store %arr* %in, %arr** %slot
  %back = load %arr*, %arr** %slot
  %p = getelementptr %arr, %arr* %back, i32 0, i32 1, i32 0
  %v = load i64, i64* %p
  call void @print_int(i64 %v)
  %len = getelementptr %outer, %outer* %o, i32 0, i32 0
  %n = load i64, i64* %len
  ret i64 %n
}
"#;
    let rt = RuntimeName::OatEth2019;
    assert_eq!(returned(run_with(text, &[], &llvm(rt))), (2, "42".into()));
    assert!(matches!(
        run_with(text, &[], &tree(rt)),
        Outcome::Undefined { .. }
    ));
}

/// Pattern 2: a global `{ i64, [3 x [8 x i8]*] }` of string pointers
/// read through `{ i64, [0 x i8*] }*`: element 2 is at byte 8 + 2 * 8 =
/// 24 in both types and holds @s2's address; the length word is 3.
#[test]
fn global_of_array_pointers_read_as_byte_pointers() {
    let text = r#"
@s0 = global [8 x i8] c"zero\00\00\00\00"
@s1 = global [8 x i8] c"one\00\00\00\00\00"
@s2 = global [8 x i8] c"two\00\00\00\00\00"
@arr = global { i64, [3 x [8 x i8]*] } { i64 3, [3 x [8 x i8]*] [[8 x i8]* @s0, [8 x i8]* @s1, [8 x i8]* @s2] }
declare void @ll_puts(i8*)
define i64 @main(i64 %argc, i8** %argv) {
  %v = bitcast { i64, [3 x [8 x i8]*] }* @arr to { i64, [0 x i8*] }*
  %p = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %v, i32 0, i32 1, i32 2
  %s = load i8*, i8** %p
  call void @ll_puts(i8* %s)
  %lp = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %v, i32 0, i32 0
  %n = load i64, i64* %lp
  ret i64 %n
}
"#;
    assert_eq!(
        returned(run_with(text, &[], &llvm(RuntimeName::Ll))),
        (3, "two\n".into())
    );
    let (kind, _, _) = undefined(run_with(text, &[], &tree(RuntimeName::Ll)));
    assert_eq!(kind, K::IncompatibleTag);
}

/// Pattern 3: a `{ i64, [1 x i64] }*` stored and read back as a
/// `{ i64, [0 x i64] }*`: the same 8 bytes, the same address; element 0
/// (byte 8 in both) holds 7.
#[test]
fn pointer_stored_at_one_array_length_read_at_another() {
    let text = r#"
%one = type { i64, [1 x i64] }
%any = type { i64, [0 x i64] }
define i64 @main() {
  %slot = alloca %one*
  %blk = alloca %one
  %e = getelementptr %one, %one* %blk, i32 0, i32 1, i32 0
  store i64 7, i64* %e
  store %one* %blk, %one** %slot
  %s2 = bitcast %one** %slot to %any**
  %q = load %any*, %any** %s2
  %f = getelementptr %any, %any* %q, i32 0, i32 1, i32 0
  %v = load i64, i64* %f
  ret i64 %v
}
"#;
    assert_eq!(returned(run_with(text, &[], &llvm(RuntimeName::Ll))).0, 7);
    let (kind, _, _) = undefined(run_with(text, &[], &tree(RuntimeName::Ll)));
    assert_eq!(kind, K::IncompatibleTag);
}

/// A pointer's bytes read as `i64` give its address and expose `%x`;
/// stored back as an integer and read as a pointer, the address gets
/// `%x`'s provenance again, so the load reads the 99 stored there.
#[test]
fn pointer_to_integer_to_pointer_round_trip() {
    let text = r#"
define i64 @main() {
  %x = alloca i64
  store i64 99, i64* %x
  %cell = alloca i64*
  store i64* %x, i64** %cell
  %ci = bitcast i64** %cell to i64*
  %addr = load i64, i64* %ci
  %same = add i64 %addr, 0
  store i64 %same, i64* %ci
  %p = load i64*, i64** %cell
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    assert_eq!(returned(run_with(text, &[], &llvm(RuntimeName::Ll))).0, 99);
}

/// An integer read as a pointer to an allocation whose address was never
/// exposed has no provenance: `%y` lies 16 bytes after `%x` (8 bytes
/// rounded up to the next multiple of 16, no gap in the first layout),
/// but only `%x` was exposed, so loading through `%x + 16` is
/// out-of-bounds (instruction 10, the last load).
#[test]
fn integer_to_pointer_into_an_allocation_never_exposed_is_out_of_bounds() {
    let text = r#"
define i64 @main() {
  %x = alloca i64
  %y = alloca i64
  store i64 5, i64* %y
  %cell = alloca i64*
  store i64* %x, i64** %cell
  %ci = bitcast i64** %cell to i64*
  %addr = load i64, i64* %ci
  %next = add i64 %addr, 16
  store i64 %next, i64* %ci
  %p = load i64*, i64** %cell
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::Ll)));
    assert_eq!((kind, f.as_str(), i), (K::OutOfBounds, "main", 10));
}

/// A struct's size as LLVM programs compute it: `getelementptr %Node,
/// %Node* null, i32 1` is address 0 + sizeof(%Node); stored and loaded
/// as `i64`, 8 (i8*) + 8 (%Node*) + 1 (i1) = 17, rounded up to the
/// struct's alignment 8: 24.
#[test]
fn size_of_a_struct_by_getelementptr_from_null() {
    let text = r#"
%Node = type { i8*, %Node*, i1 }
define i64 @main() {
  %sz = getelementptr %Node, %Node* null, i32 1
  %cell = alloca %Node*
  store %Node* %sz, %Node** %cell
  %ci = bitcast %Node** %cell to i64*
  %n = load i64, i64* %ci
  ret i64 %n
}
"#;
    assert_eq!(returned(run_with(text, &[], &llvm(RuntimeName::Ll))).0, 24);
}

/// Reading element 2 of a `[2 x i64]` (bytes 16..24 of a 16-byte
/// allocation) is out-of-bounds at the load (instruction 2).
#[test]
fn out_of_bounds_read_is_undefined() {
    let text = r#"
define i64 @main() {
  %a = alloca [2 x i64]
  %p = getelementptr [2 x i64], [2 x i64]* %a, i32 0, i32 2
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::Ll)));
    assert_eq!((kind, f.as_str(), i), (K::OutOfBounds, "main", 2));
}

/// `@f` returns a pointer to its own `alloca`; its frame is gone when
/// `@main` loads through it (instruction 1): use-after-return.
#[test]
fn use_after_the_frame_returned_is_undefined() {
    let text = r#"
define i64* @f() {
  %x = alloca i64
  store i64 1, i64* %x
  ret i64* %x
}
define i64 @main() {
  %p = call i64* @f()
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::Ll)));
    assert_eq!((kind, f.as_str(), i), (K::UseAfterReturn, "main", 1));
}

/// A front end that never zeroes `new int[3]` under a malloc runtime
/// (ETH 2019's `oat_alloc_array`): element 0 (byte 8) was never written;
/// loading it is no error, printing it (instruction 4) is.
#[test]
fn uninitialised_heap_element_printed_is_undefined() {
    let text = r#"
declare i64* @oat_alloc_array(i64)
declare void @print_int(i64)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 3)
  %a = bitcast i64* %raw to { i64, [0 x i64] }*
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i32 0
  %v = load i64, i64* %p
  call void @print_int(i64 %v)
  ret i64 0
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::OatEth2019)));
    assert_eq!((kind, f.as_str(), i), (K::UndefOperand, "program", 4));
    // Under the runtime that zeroes (calloc) the element is 0.
    assert_eq!(
        returned(run_with(text, &[], &llvm(RuntimeName::OatEth))),
        (0, "0".into())
    );
}

/// Copying never-written bytes through a load and a store is not a use:
/// the run returns 0.
#[test]
fn copying_uninitialised_bytes_is_not_a_use() {
    let text = r#"
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  %v = load i64, i64* %a
  store i64 %v, i64* %b
  ret i64 0
}
"#;
    assert_eq!(returned(run_with(text, &[], &llvm(RuntimeName::Ll))).0, 0);
}

/// A block `free` released, then read (instruction 3): use-after-free.
#[test]
fn use_after_free_is_undefined() {
    let text = r#"
declare i64* @ll_malloc(i64, i64)
declare void @free(i8*)
define i64 @main() {
  %p = call i64* @ll_malloc(i64 1, i64 8)
  %b = bitcast i64* %p to i8*
  call void @free(i8* %b)
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::LlLibc)));
    assert_eq!((kind, f.as_str(), i), (K::UseAfterFree, "main", 3));
}

/// A shift by 64 is undefined in LLVM's memory as in the tree's.
#[test]
fn shift_out_of_range_is_kept() {
    let text = "define i64 @main() {\n  %x = shl i64 1, 64\n  ret i64 %x\n}\n";
    let (kind, _, _) = undefined(run_with(text, &[], &llvm(RuntimeName::Ll)));
    assert_eq!(kind, K::ShiftOutOfRange);
}

fn run_llvm(text: &str) -> oracle::LlvmRun {
    let src = spec::Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).expect("parses");
    oracle::run_llvm(&prog, Some(&src), &[], &Options::default())
}

/// A printed address differs between the two address layouts: the run
/// depends on addresses, and the report names the load (line 7) that
/// read the pointer's bytes as an integer. The same program printing a
/// value instead does not.
#[test]
fn output_that_depends_on_addresses_is_found() {
    let text = r#"
declare i8* @ll_ltoa(i64)
declare void @ll_puts(i8*)
define i64 @main() {
  %x = alloca i64
  %cell = alloca i64*
  store i64* %x, i64** %cell
  %ci = bitcast i64** %cell to i64*
  %addr = load i64, i64* %ci
  %s = call i8* @ll_ltoa(i64 %addr)
  call void @ll_puts(i8* %s)
  ret i64 0
}
"#;
    let r = run_llvm(text);
    let d = r.depends_on_addresses.expect("the printed address differs");
    assert!(d.from.iter().any(|l| l.contains("line 9")), "{:?}", d.from);
    let plain = text.replace("@ll_ltoa(i64 %addr)", "@ll_ltoa(i64 5)");
    let r = run_llvm(&plain);
    assert_eq!(r.depends_on_addresses, None);
    assert_eq!(returned(r.outcome), (0, "5\n".into()));
}

/// A loop whose length comes from an address: `@g`'s address shifted
/// right 28 and masked to 10 bits is 1 at the first layout (base
/// `0x1000_0000`) and `0x7f3a5 & 1023` = 933 at the second (base
/// `0x7f3a_5000_0000`), each turn 5 instructions. With fuel 1000 the first
/// layout's run returns (about 20 steps) and the second's runs out of
/// fuel: the run is that limit, not "depends on addresses" (the limit
/// says nothing of the output). With the default fuel both print `done`:
/// the output does not depend on addresses though the step count does.
#[test]
fn a_limit_at_either_layout_is_the_runs_outcome() {
    let text = r#"
@g = global i64 0
@s = global [5 x i8] c"done\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %cell = alloca i64*
  store i64* @g, i64** %cell
  %ci = bitcast i64** %cell to i64*
  %addr = load i64, i64* %ci
  %sh = lshr i64 %addr, 28
  %n = and i64 %sh, 1023
  %c = alloca i64
  store i64 %n, i64* %c
  br label %loop
loop:
  %v = load i64, i64* %c
  %d = sub i64 %v, 1
  store i64 %d, i64* %c
  %z = icmp sle i64 %d, 0
  br i1 %z, label %done, label %loop
done:
  %p = getelementptr [5 x i8], [5 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
"#;
    let src = spec::Source::new("t.ll", text);
    let prog = spec::parse::parse(&src).expect("parses");
    let low = Options {
        fuel: 1000,
        ..Options::default()
    };
    let r = oracle::run_llvm(&prog, Some(&src), &[], &low);
    assert_eq!(r.depends_on_addresses, None);
    assert!(
        matches!(
            &r.outcome,
            Outcome::Limit {
                kind: spec::LimitKind::FuelExhausted,
                ..
            }
        ),
        "{}",
        r.outcome
    );
    let r = oracle::run_llvm(&prog, Some(&src), &[], &Options::default());
    assert_eq!(r.depends_on_addresses, None);
    assert_eq!(returned(r.outcome), (0, "done\n".into()));
}

/// `@f` returns a pointer to its own `alloca`; `@g` then runs an `alloca`
/// of its own, which takes the record of `@f`'s (its frame returned and
/// its address was never exposed), and stores 7 there. The load through
/// `@f`'s pointer (main's instruction 2) is still use-after-return: the
/// record remembers the addresses of its earlier allocations.
#[test]
fn a_dangling_pointer_stays_dangling_after_another_frame_reuses_its_record() {
    let text = r#"
define i64* @f() {
  %x = alloca i64
  store i64 1, i64* %x
  ret i64* %x
}
define i64 @g() {
  %y = alloca i64
  store i64 7, i64* %y
  %v = load i64, i64* %y
  ret i64 %v
}
define i64 @main() {
  %p = call i64* @f()
  %w = call i64 @g()
  %v = load i64, i64* %p
  ret i64 %v
}
"#;
    let (kind, f, i) = undefined(run_with(text, &[], &llvm(RuntimeName::Ll)));
    assert_eq!((kind, f.as_str(), i), (K::UseAfterReturn, "main", 2));
}

/// Each call of `@f` exposes its `alloca`'s address (the pointer's bytes
/// read as an `i64`) and returns: the record of an exposed dead
/// allocation is kept (an integer may still name it), at one cell of the
/// memory limit each. 100,000 calls under a limit of 1,000 cells stop at
/// the limit instead of filling the host's memory; under the default
/// limit (16,000,000 cells) the 100,000 kept records fit and `@main`
/// returns 0.
#[test]
fn kept_records_of_exposed_allocas_count_against_the_memory_limit() {
    let f = r#"
define i64 @f() {
  %x = alloca i64*
  store i64* null, i64** %x
  %c = bitcast i64** %x to i64*
  %y = alloca i64
  store i64 0, i64* %y
  %slot = bitcast i64* %y to i64**
  store i64* %c, i64** %slot
  %a = load i64, i64* %y
  ret i64 %a
}"#;
    let text = rounds_of(f, "  %a = call i64 @f()\n");
    match run_with(&text, &[], &small_memory(llvm(RuntimeName::Ll))) {
        Outcome::Limit { kind, .. } => assert_eq!(kind, spec::LimitKind::MemoryExhausted),
        o => panic!("expected the memory limit, got: {o}"),
    }
    assert_eq!(returned(run_with(&text, &[], &llvm(RuntimeName::Ll))).0, 0);
}

/// `decls`, then an `@main` that runs `body` 100,000 times (a counter in
/// an `alloca`, counted down to 0) and returns 0.
fn rounds_of(decls: &str, body: &str) -> String {
    format!(
        "{decls}\ndefine i64 @main() {{\n  %n = alloca i64\n  store i64 100000, i64* %n\n  br label %loop\nloop:\n  %k = load i64, i64* %n\n  %done = icmp eq i64 %k, 0\n  br i1 %done, label %end, label %body\nbody:\n{body}  %k2 = sub i64 %k, 1\n  store i64 %k2, i64* %n\n  br label %loop\nend:\n  ret i64 0\n}}\n"
    )
}

/// `o` with a memory limit of 1,000 cells (and fuel enough for
/// [`rounds_of`]'s 100,000 rounds).
fn small_memory(o: Options) -> Options {
    Options {
        max_cells: 1000,
        fuel: 100_000_000,
        ..o
    }
}

/// A loop that mallocs a block of 8 bytes and frees it 100,000 times:
/// each freed block's record goes to the next block (its address was
/// never exposed), so the run needs one block at a time and returns 0
/// under a limit of 1,000 cells; had each freed record kept a cell, it
/// would stop at the limit after about a thousand rounds.
#[test]
fn a_malloc_and_free_loop_runs_in_bounded_memory() {
    let decls = "declare i64* @ll_malloc(i64, i64)\ndeclare void @free(i8*)";
    let body = "  %p = call i64* @ll_malloc(i64 1, i64 8)\n  store i64 %k, i64* %p\n  %b = bitcast i64* %p to i8*\n  call void @free(i8* %b)\n";
    let text = rounds_of(decls, body);
    let limited = small_memory(llvm(RuntimeName::LlLibc));
    assert_eq!(returned(run_with(&text, &[], &limited)).0, 0);
}

/// Block 1 is freed and block 2 takes its record; then block 1 is read
/// (instruction 5, use-after-free) and, in the second program, freed
/// again (instruction 5, a double free, which is `use-after-free` with its own words): the record remembers its
/// earlier block.
#[test]
fn a_freed_block_stays_freed_after_its_record_is_reused() {
    let prelude = r#"
declare i64* @ll_malloc(i64, i64)
declare void @free(i8*)
define i64 @main() {
  %p = call i64* @ll_malloc(i64 1, i64 8)
  %b = bitcast i64* %p to i8*
  call void @free(i8* %b)
  %q = call i64* @ll_malloc(i64 1, i64 8)
  store i64 5, i64* %q
"#;
    let read = format!("{prelude}  %v = load i64, i64* %p\n  ret i64 %v\n}}\n");
    let (kind, f, i) = undefined(run_with(&read, &[], &llvm(RuntimeName::LlLibc)));
    assert_eq!((kind, f.as_str(), i), (K::UseAfterFree, "main", 5));
    let twice = format!("{prelude}  call void @free(i8* %b)\n  ret i64 0\n}}\n");
    match run_with(&twice, &[], &llvm(RuntimeName::LlLibc)) {
        Outcome::Undefined {
            kind,
            message,
            location,
            ..
        } => {
            assert_eq!((kind, location.index), (K::UseAfterFree, 5));
            assert!(message.contains("double free"), "{message}");
        }
        o => panic!("expected a double free, got: {o}"),
    }
}

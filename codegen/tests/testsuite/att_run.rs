//! Running assembled course back-end programs (`codegen::runner::run_program`)
//! observes what their executables would: main's full result (the exit
//! status is its low 8 bits), output through the runtime functions called
//! on a stack not aligned to 16 (as X86lite back ends call them), and a
//! stack overflow as a segmentation fault.

use codegen::att::Program;
use codegen::runner::run_program;
use codegen::NativeOptions;
use spec::Outcome;

fn run(body: &str) -> Outcome {
    let text = format!("\t.text\n\t.globl\tmain\nmain:\n{body}");
    let p = Program::read(&text).expect("in the subset");
    run_program(&p, &[], &NativeOptions::default()).expect("runs")
}

/// main's result and stdout, when `body` returns.
fn returned(body: &str) -> (i64, Vec<u8>) {
    match run(body) {
        Outcome::Returned { value, stdout } => (value, stdout),
        o => panic!("{o:?}"),
    }
}

#[test]
fn main_s_result_comes_back_whole() {
    // 300 = 256 + 44: an executable would exit with 44.
    assert_eq!(returned("\tmovq\t$300, %rax\n\tretq\n"), (300, vec![]));
}

#[test]
fn runtime_functions_run_on_a_misaligned_stack() {
    // At main's entry %rsp is 8 mod 16 and nothing is pushed: the calls
    // are misaligned. ll_ltoa(-17) is "-17", which ll_puts prints with a
    // newline; main returns 0 (%rax set after the calls).
    let body = "\tmovq\t$-17, %rdi\n\tcallq\tll_ltoa\n\tmovq\t%rax, %rdi\n\tcallq\tll_puts\n\tmovq\t$0, %rax\n\tretq\n";
    assert_eq!(returned(body), (0, b"-17\n".to_vec()));
}

#[test]
fn a_stack_overflow_is_a_segmentation_fault() {
    // main calls itself forever: past the stack, the guard faults.
    match run("\tcallq\tmain\n\tretq\n") {
        Outcome::Crashed { signal, .. } => assert_eq!(signal, libc::SIGSEGV),
        o => panic!("{o:?}"),
    }
}

#[test]
fn a_main_that_breaks_callee_saved_registers_still_returns() {
    // Not restoring %rbp and %rbx breaks the System V convention, but the
    // C library never uses them after main returns: the executable exits
    // with main's result, 5, and so does the run here.
    let body = "\tmovq\t$0, %rbp\n\tmovq\t$0, %rbx\n\tmovq\t$0, %r12\n\tmovq\t$5, %rax\n\tretq\n";
    assert_eq!(returned(body), (5, vec![]));
}

/// What a hostile program reaches by jumping to code it did not write:
/// `syscall(number, arg)` (for `kill`, `kill(own pid, 0)`), here a
/// function of this test binary (the child that runs the program is a
/// fork of it or of its runner process, whose code is at the same
/// address).
extern "C" fn make_call(number: i64, arg: i64) {
    // SAFETY: the filter refuses each call the test makes before it acts;
    // signal 0 to its own pid would be harmless even if it ran.
    unsafe {
        if number == libc::SYS_kill {
            libc::syscall(number, libc::getpid(), 0);
        } else {
            libc::syscall(number, arg, 0, 0);
        }
    }
}

/// A program that calls [`make_call`] by its address with `number` and its
/// first argument `argv[1]`; the outcome of running it with `args`.
fn calling(number: i64, args: &[String]) -> Outcome {
    let at = make_call as *const () as usize;
    let body = format!(
        "\tpushq\t%rbp\n\tmovq\t8(%rsi), %rsi\n\tmovq\t${number}, %rdi\n\tmovq\t${at}, %rax\n\tcallq\t*%rax\n\tpopq\t%rbp\n\tmovq\t$0, %rax\n\tretq\n"
    );
    let text = format!("\t.text\n\t.globl\tmain\nmain:\n{body}");
    let p = Program::read(&text).expect("in the subset");
    run_program(&p, args, &NativeOptions::default()).expect("runs")
}

/// A system call the in-process runner refuses is not made and is the
/// run's outcome, named: `SIGSYS` (31 on x86-64) with the call's x86-64
/// number (the kernel's `syscall_64.tbl`): `unlink` 87 of a file (still
/// there afterwards), `kill` 62 (signal 0 to its own pid), `fork` 57,
/// `socket` 41 (with a pointer as its domain: refused before the kernel
/// looks at it).
#[test]
fn a_refused_system_call_is_named() {
    if !toolchain::isolation().seccomp {
        eprintln!("SKIP: no seccomp here");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "x").expect("write");
    let arg = vec![victim.display().to_string()];
    for number in [87, 62, 57, 41] {
        match calling(number, &arg) {
            Outcome::Crashed {
                signal, syscall, ..
            } => {
                assert_eq!(signal, libc::SIGSYS, "{number}");
                assert_eq!(syscall, Some(number));
            }
            o => panic!("{number}: {o:?}"),
        }
    }
    assert!(victim.exists());
}

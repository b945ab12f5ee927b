//! The in-process AT&T reader and encoder (codegen/src/att/,
//! docs/running-student-code.md, "In process"): a student's assembly is
//! untrusted input read inside the grader. On any text the reader never
//! panics, and a program it accepts assembles at any base without
//! panicking. Inputs starting with `A` are turned into instruction text
//! of the accepted subset (mnemonics, registers, memory operands,
//! immediates, labels, data directives) so that most of them get past the
//! reader; the bytes `as` writes for each form are compared in
//! codegen/tests/testsuite/att_bytes.rs where GNU `as` is installed.
#![no_main]

use arbitrary::Unstructured;
use codegen::att::Program;
use libfuzzer_sys::fuzz_target;

const REGS: [&str; 16] = [
    "%rax", "%rbx", "%rcx", "%rdx", "%rsi", "%rdi", "%rbp", "%rsp", "%r8", "%r9", "%r10", "%r11",
    "%r12", "%r13", "%r14", "%r15",
];
const BINARY: [&str; 12] = [
    "movq", "leaq", "addq", "subq", "andq", "orq", "xorq", "cmpq", "testq", "imulq", "shlq", "sarq",
];
const UNARY: [&str; 6] = ["pushq", "popq", "incq", "decq", "negq", "notq"];
const JUMPS: [&str; 8] = ["jmp", "je", "jne", "jl", "jge", "callq", "call", "jg"];
const SETS: [&str; 4] = ["sete", "setne", "setl", "setg"];

/// An operand: a register, an immediate, `disp(%reg)`, `sym(%rip)`.
fn operand(u: &mut Unstructured) -> arbitrary::Result<String> {
    Ok(match u.int_in_range(0..=4)? {
        0 | 1 => u.choose(&REGS)?.to_string(),
        2 => format!("${}", u.arbitrary::<i32>()?),
        3 => format!("{}({})", u.arbitrary::<i16>()?, u.choose(&REGS)?),
        _ => format!("g{}(%rip)", u.int_in_range(0..=3)?),
    })
}

/// One line of the subset (or, rarely, a random near miss).
fn line(u: &mut Unstructured) -> arbitrary::Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0..=3 => format!("\t{}\t{}, {}", u.choose(&BINARY)?, operand(u)?, operand(u)?),
        4 => format!("\t{}\t{}", u.choose(&UNARY)?, operand(u)?),
        5 => format!("\t{}\tL{}", u.choose(&JUMPS)?, u.int_in_range(0..=5)?),
        6 => format!("\t{}\t%al", u.choose(&SETS)?),
        7 => format!("L{}:", u.int_in_range(0..=5)?),
        8 => "\tretq".to_string(),
        _ => {
            let n = u.int_in_range(0..=12)?;
            String::from_utf8_lossy(u.bytes(n)?).into_owned()
        }
    })
}

/// A whole program: `main` and its lines, then data the operands name.
fn program_text(u: &mut Unstructured) -> arbitrary::Result<String> {
    let mut t = String::from("\t.text\n\t.globl\tmain\nmain:\n");
    for _ in 0..u.int_in_range(0..=40)? {
        t.push_str(&line(u)?);
        t.push('\n');
    }
    t.push_str("\tretq\n\t.data\n");
    for g in 0..4 {
        t.push_str(&format!("g{g}:\n\t.quad\t{}\n", u.arbitrary::<i64>()?));
    }
    Ok(t)
}

fuzz_target!(|data: &[u8]| {
    let text = match data.split_first() {
        Some((b'A', rest)) => match program_text(&mut Unstructured::new(rest)) {
            Ok(t) => t,
            Err(_) => return,
        },
        _ => String::from_utf8_lossy(data).into_owned(),
    };
    let Ok(p) = Program::read(&text) else {
        return;
    };
    for (data_base, code_base) in [(1u64 << 32, (1u64 << 32) + (64 << 20)), (0x1000, 0x40_0000)] {
        let _ = p.assemble(data_base, code_base, &|_| Some(0x7000_0000));
    }
});

//! The in-process assembler (`codegen::att`) writes, for every
//! instruction form of the subset, the bytes GNU `as` writes: each form
//! is assembled both ways and the code compared with the `.text` section
//! of `as`'s object (`objcopy -O binary`). Skipped with a notice where
//! `as` or `objcopy` is missing.

use codegen::att::Program;
use std::process::Command;

/// One line per form, as the X86lite printer (tab-separated, `%r8 ` with
/// its space, `retq` with a tab) and lloracle's `asm_text` write them;
/// jumps and calls only to local labels (a global's call `as` leaves to
/// the linker).
const FORMS: &str = "\tpushq\t%rbp
\tmovq\t%rsp, %rbp
\tsubq\t$56, %rsp
\tsubq\t$1000, %rsp
\taddq\t$1000, %rax
\taddq\t$-1, %rcx
\tmovq\t%rdi, %rax
\tmovq\t%r8 , -64(%rbp)
\tmovq\t-8(%rbp), %rax
\tmovq\t(%rax), %rax
\tmovq\t%rax, (%rcx)
\tmovq\t(%rsp), %r12
\tmovq\t16(%rbp), %r9
\tmovq\t$2, %rcx
\tmovq\t$-9223372036854775808, %rax
\tmovq\t$4294967295, %r11
\tmovq\t$5, -16(%rbp)
\tmovabsq\t$81985529216486895, %rdx
\tmovq\tg(%rip), %rax
\tmovq\t%rax, g(%rip)
\tleaq\tg(%rip), %rax
\tleaq\tf(%rip), %rsi
\tleaq\t-24(%rbp), %rdi
\tcmpq\t%rcx, %rax
\tcmpq\t$0, %rax
\tcmpq\t$100000, %rbx
\tcmpq\t-8(%rbp), %rax
\ttestq\t%rax, %rax
\ttestq\t$1, %rax
\tsete\t%al
\tsetne\t%cl
\tsetl\t%dil
\tsetle\t%r9b
\tsetg\t%sil
\tsetge\t-8(%rbp)
\tmovq\t%rax, %rax
\timulq\t%rcx, %rax
\timulq\t$3, %rax
\timulq\t$300, %rax, %rbx
\timulq\t-8(%rbp), %rdx
\tandq\t%rcx, %rax
\torq\t$7, %rax
\txorq\t%rax, %rax
\txorq\t$255, %r10
\tandq\t$-16, %rsp
\tshlq\t%cl, %rax
\tshrq\t%cl, -8(%rbp)
\tsarq\t%cl, %r15
\tshlq\t$1, %rax
\tshrq\t$4, %rbx
\tsarq\t$63, %rcx
\tincq\t%rax
\tdecq\t-8(%rbp)
\tnegq\t%rdx
\tnotq\t%r13
\tmovzbq\t%al, %rax
\tmovzbq\t-1(%rbp), %rcx
\tmovb\t%al, 8(%rcx)
\tmovslq\t%edi, %rdi
\tpushq\t$7
\tpushq\t$100000
\tpushq\t-8(%rbp)
\tpopq\t%r14
\tpopq\t(%rax)
\tcallq\tf
\tcallq\t*%rax
\tcall\t*8(%rax)
\tjmp\t*%rcx
\tjmp\tf
\tje\tf
\tjne\tback
\tjl\tf
\tjle\tf
\tjg\tf
\tjge\tf
back:
\tjmp\tback
f:
\tretq\t
\tret
\t.data
g:
\t.quad\t42
";

/// `as` then `objcopy`: the `.text` bytes of `text`, or `None` (with a
/// notice) when a tool is missing.
fn gnu_bytes(text: &str, dir: &std::path::Path) -> Option<Vec<u8>> {
    let (s, o, bin) = (dir.join("t.s"), dir.join("t.o"), dir.join("t.bin"));
    std::fs::write(&s, text).expect("write");
    let ok = |c: &mut Command| c.status().map(|st| st.success()).unwrap_or(false);
    if !ok(Command::new("as").arg("-o").arg(&o).arg(&s)) {
        eprintln!("SKIP: no GNU as");
        return None;
    }
    let copied = ok(Command::new("objcopy")
        .args(["-O", "binary", "--only-section=.text"])
        .arg(&o)
        .arg(&bin));
    if !copied {
        eprintln!("SKIP: no objcopy");
        return None;
    }
    Some(std::fs::read(&bin).expect("read"))
}

#[test]
fn every_form_encodes_as_gnu_as_encodes_it() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // Line by line, so that a difference names its form (a line with `g`
    // has a relocation in `as`'s object and is compared without its last
    // four bytes, the displacement).
    for line in FORMS
        .lines()
        .filter(|l| l.starts_with('\t') && !l.contains('.'))
    {
        if line.contains("back") || line.contains("\tf") || line.ends_with(" f") {
            continue; // Branches: compared in the whole program below.
        }
        let one =
            format!("\t.text\n\t.globl\tmain\nmain:\n{line}\n\tretq\n\t.data\ng:\n\t.quad 1\n");
        let Some(want) = gnu_bytes(&one, dir.path()) else {
            return;
        };
        let got = Program::read(&one)
            .and_then(|p| p.assemble(0x10_0000, 0x20_0000, &|_| None))
            .unwrap_or_else(|e| panic!("{line:?}: {e}"));
        let n = want.len() - if line.contains("g(%rip)") { 5 } else { 0 };
        assert_eq!(got.code.get(..n), want.get(..n), "{line:?}: iced-x86 vs as");
    }
    // The branches (to local labels, resolved by `as` itself) and
    // everything around them: the whole program but its data references.
    let no_data = FORMS
        .lines()
        .filter(|l| !l.contains("g(%rip)"))
        .collect::<Vec<_>>()
        .join("\n");
    let text = format!("\t.text\n\t.globl\tmain\nmain:\n{no_data}\n");
    let Some(want) = gnu_bytes(&text, dir.path()) else {
        return;
    };
    let got = Program::read(&text)
        .and_then(|p| p.assemble(0x10_0000, 0x20_0000, &|_| None))
        .expect("assembles");
    assert_eq!(
        got.code.get(..want.len()),
        Some(want.as_slice()),
        "the program with its branches"
    );
}

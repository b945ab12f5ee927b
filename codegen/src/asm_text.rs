//! Lowering the machine instruction list to AT&T assembly text that `cc`
//! assembles and links with the C runtime (codegen/runtime/llrt.c).
//!
//! Symbols: `main` keeps its name (it is the C entry point); every other
//! function is `llf_NAME` and every global `llg_NAME` (escaped), so no
//! LLVMlite name can clash with the C library; the runtime functions keep
//! their C names and are called through the GOT, which works in both PIE and
//! non-PIE links.

use crate::minst::{Alu, Cc, MInst, Mem, Reg, Sym};
use crate::Module;
use std::fmt::Write;

/// The name `@name` of an LLVMlite function or global gets in assembly:
/// `prefix` then the name with every byte outside `[A-Za-z0-9]` written as
/// `_XX` (hex), so distinct names stay distinct.
pub fn mangle(prefix: &str, name: &str) -> String {
    let mut s = String::from(prefix);
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() {
            s.push(b as char);
        } else {
            let _ = write!(s, "_{b:02X}");
        }
    }
    s
}

fn r(reg: Reg) -> String {
    format!("%{}", reg.name())
}

fn m(mem: Mem) -> String {
    if mem.disp == 0 {
        format!("(%{})", mem.base.name())
    } else {
        format!("{}(%{})", mem.disp, mem.base.name())
    }
}

/// The text of a module: `.text` with every function, `.data` with every
/// global.
pub fn module(md: &Module) -> String {
    let mut out = String::new();
    out.push_str("\t.text\n");
    for (fi, f) in md.funcs.iter().enumerate() {
        let name = func_name(md, fi);
        out.push('\n');
        if is_c_entry(&f.name) {
            let _ = writeln!(out, "\t.globl {name}");
        }
        let _ = writeln!(out, "\t.p2align 4\n\t.type {name}, @function\n{name}:");
        for i in &f.insts {
            inst(md, fi, i, &mut out);
        }
        let _ = writeln!(out, "\t.size {name}, .-{name}");
    }
    out.push_str("\n\t.data\n");
    for g in &md.globals {
        let name = mangle("llg_", &g.name);
        let _ = writeln!(out, "\t.p2align 3\n{name}:");
        let mut at = 0;
        let mut relocs = g.relocs.clone();
        relocs.sort_by_key(|&(o, _)| o);
        for (off, s) in relocs {
            bytes(g.bytes.get(at..off).unwrap_or(&[]), &mut out);
            let _ = writeln!(out, "\t.quad {}", sym_name(md, s));
            at = off.saturating_add(8);
        }
        bytes(g.bytes.get(at..).unwrap_or(&[]), &mut out);
        if g.bytes.len() < 8 {
            let _ = writeln!(out, "\t.zero {}", 8 - g.bytes.len());
        }
    }
    out.push_str("\n\t.section .note.GNU-stack,\"\",@progbits\n");
    out
}

/// Data bytes as `.quad` words where 8 aligned bytes remain, `.byte` else.
fn bytes(b: &[u8], out: &mut String) {
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let _ = writeln!(out, "\t.quad {}", i64::from_le_bytes(w));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let list: Vec<String> = rest.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(out, "\t.byte {}", list.join(", "));
    }
}

/// The functions a C runtime calls by name, exported under their own
/// names: `@main` (the C entry point) and `@program` (the entry of courses
/// whose runtime's C `main` calls `program(argc, argv)`).
fn is_c_entry(name: &str) -> bool {
    name == "main" || name == "program"
}

fn func_name(md: &Module, fi: usize) -> String {
    match md.funcs.get(fi) {
        Some(f) if is_c_entry(&f.name) => f.name.clone(),
        Some(f) => mangle("llf_", &f.name),
        None => format!("llf_missing_{fi}"),
    }
}

fn sym_name(md: &Module, s: Sym) -> String {
    match s {
        Sym::Func(i) => func_name(md, i),
        Sym::Global(i) => md
            .globals
            .get(i)
            .map_or_else(|| format!("llg_missing_{i}"), |g| mangle("llg_", &g.name)),
        Sym::Runtime(rt) => rt.name().into(),
    }
}

fn label(fi: usize, l: u32) -> String {
    format!(".L{fi}_{l}")
}

fn cc(c: Cc) -> &'static str {
    c.suffix()
}

fn inst(md: &Module, fi: usize, i: &MInst, out: &mut String) {
    let line = match *i {
        MInst::Comment(ref c) => format!("\t# {}", c.replace('\n', " ")),
        MInst::Label(l) => format!("{}:", label(fi, l)),
        MInst::MovRR(d, s) => format!("\tmovq {}, {}", r(s), r(d)),
        MInst::MovRI(d, n) => {
            if i32::try_from(n).is_ok() {
                format!("\tmovq ${n}, {}", r(d))
            } else {
                format!("\tmovabsq ${n}, {}", r(d))
            }
        }
        MInst::Load(d, mm) => format!("\tmovq {}, {}", m(mm), r(d)),
        MInst::Store(mm, s) => format!("\tmovq {}, {}", r(s), m(mm)),
        MInst::LoadByte(d, mm) => format!("\tmovzbq {}, {}", m(mm), r(d)),
        MInst::StoreByte(mm, s) => format!("\tmovb %{}, {}", s.low8_name(), m(mm)),
        MInst::Lea(d, mm) => format!("\tleaq {}, {}", m(mm), r(d)),
        MInst::LeaSym(d, s) => format!("\tleaq {}(%rip), {}", sym_name(md, s), r(d)),
        MInst::LoadRt(d, rt) => format!("\tmovq {}@GOTPCREL(%rip), {}", rt.name(), r(d)),
        MInst::Alu(op, d, s) => format!("\t{}q {}, {}", op.mnemonic(), r(s), r(d)),
        MInst::AluRI(Alu::Imul, d, n) => format!("\timulq ${n}, {}, {}", r(d), r(d)),
        MInst::AluRI(op, d, n) => format!("\t{}q ${n}, {}", op.mnemonic(), r(d)),
        MInst::ShiftRI(sh, d, n) => format!("\t{}q ${n}, {}", sh.mnemonic(), r(d)),
        MInst::CmpRI(a, n) => format!("\tcmpq ${n}, {}", r(a)),
        MInst::ImulRRI(d, s, n) => format!("\timulq ${n}, {}, {}", r(s), r(d)),
        MInst::ShiftCl(sh, d) => format!("\t{}q %cl, {}", sh.mnemonic(), r(d)),
        MInst::Cmp(a, b) => format!("\tcmpq {}, {}", r(b), r(a)),
        MInst::Test(a, b) => format!("\ttestq {}, {}", r(b), r(a)),
        MInst::SetCc(c, d) => format!(
            "\tset{} %{}\n\tmovzbq %{}, {}",
            cc(c),
            d.low8_name(),
            d.low8_name(),
            r(d)
        ),
        MInst::Movsxd(d, s) => format!("\tmovslq %{}, {}", s.low32_name(), r(d)),
        MInst::Push(s) => format!("\tpushq {}", r(s)),
        MInst::Pop(d) => format!("\tpopq {}", r(d)),
        MInst::CallSym(Sym::Runtime(rt)) => format!("\tcall *{}@GOTPCREL(%rip)", rt.name()),
        MInst::CallSym(s) => format!("\tcall {}", sym_name(md, s)),
        MInst::CallReg(t) => format!("\tcall *{}", r(t)),
        MInst::Ret => "\tret".into(),
        MInst::Jmp(l) => format!("\tjmp {}", label(fi, l)),
        MInst::Jcc(c, l) => format!("\tj{} {}", cc(c), label(fi, l)),
    };
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::mangle;

    #[test]
    fn mangled_names_are_symbols_and_stay_distinct() {
        assert_eq!(mangle("llf_", "fac"), "llf_fac");
        assert_eq!(mangle("llg_", "a.b"), "llg_a_2Eb");
        assert_ne!(mangle("llg_", "a_2Eb"), mangle("llg_", "a.b"));
        assert!(mangle("llf_", "1x$")
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_'));
    }
}

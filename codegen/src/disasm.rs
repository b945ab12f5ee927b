//! Reading machine code back with iced-x86's decoder: the listing of
//! `Module::disasm` (each LLVMlite instruction as a comment above its
//! machine code) and the check that the decoded stream is the emitted one.

use crate::encode::{self, Assembled};
use crate::error::CodegenError;
use crate::Module;
use iced_x86::{Decoder, DecoderOptions, Formatter, GasFormatter, Instruction, OpKind, Register};
use std::collections::HashMap;
use std::fmt::Write;

/// Where listings place the data region (any address works; code follows
/// the data, page-aligned).
pub const LISTING_DATA_BASE: u64 = 0x1000_0000;

/// Assembles `m` at the listing addresses.
fn assemble_for_listing(m: &Module) -> Result<Assembled, CodegenError> {
    let size = encode::data_layout(m).size;
    let code_base = LISTING_DATA_BASE + size.div_ceil(4096) * 4096 + 4096;
    encode::assemble(m, LISTING_DATA_BASE, code_base)
}

fn formatter() -> GasFormatter {
    let mut f = GasFormatter::new();
    f.options_mut().set_show_branch_size(false);
    f.options_mut().set_first_operand_char_index(8);
    f
}

/// Decodes the instructions of `code` (assembled at `ip`) from byte `from`
/// to byte `to`.
fn decode(code: &[u8], ip: u64, from: usize, to: usize) -> Vec<Instruction> {
    let bytes = code.get(from..to).unwrap_or(&[]);
    let mut d = Decoder::with_ip(64, bytes, ip + from as u64, DecoderOptions::NONE);
    let mut out = Vec::new();
    while d.can_decode() {
        out.push(d.decode());
    }
    out
}

/// The listing: for each function its name, then each machine instruction
/// as decoded (address, bytes, AT&T text), preceded by the LLVMlite
/// instructions it implements as `#` comments.
pub fn listing(m: &Module) -> Result<String, CodegenError> {
    let asm = assemble_for_listing(m)?;
    let mut fmt = formatter();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# data at {LISTING_DATA_BASE:#x}, code at {:#x}",
        asm.code_base
    );
    if let Some(e) = asm.entry {
        let _ = writeln!(out, "\n<entry trampoline> at {e:#x}");
        let end = asm
            .func_ranges
            .first()
            .map_or(asm.instrs.len(), |r| r.start);
        listing_range(&asm, 0..end, &mut fmt, &mut out);
    }
    for (f, r) in m.funcs.iter().zip(&asm.func_ranges) {
        let _ = writeln!(out, "\n@{}:", f.name);
        listing_range(&asm, r.clone(), &mut fmt, &mut out);
    }
    Ok(out)
}

fn listing_range(
    asm: &Assembled,
    r: std::ops::Range<usize>,
    fmt: &mut GasFormatter,
    out: &mut String,
) {
    for k in r {
        for c in asm.comments.get(&k).into_iter().flatten() {
            let _ = writeln!(out, "    # {c}");
        }
        let from = asm.offsets.get(k).copied().unwrap_or(0) as usize;
        let to = asm
            .offsets
            .get(k + 1)
            .map_or(asm.code.len(), |&o| o as usize);
        for i in decode(&asm.code, asm.code_base, from, to) {
            let mut text = String::new();
            fmt.format(&i, &mut text);
            let bytes: String = asm
                .code
                .get(from..to)
                .unwrap_or(&[])
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            let _ = writeln!(out, "  {:016x}  {bytes:<24} {text}", i.ip());
        }
    }
}

/// The emitted instructions with every label reference replaced by the
/// label's address (the CodeAssembler marks a labelled instruction by giving
/// it the label's id as its ip, and refers to labels by id).
fn resolved(asm: &Assembled) -> Vec<Instruction> {
    let labels: HashMap<u64, u64> = asm
        .instrs
        .iter()
        .zip(&asm.offsets)
        .filter(|(i, _)| i.ip() != 0)
        .map(|(i, &o)| (i.ip(), asm.code_base + o as u64))
        .collect();
    asm.instrs
        .iter()
        .zip(&asm.offsets)
        .map(|(i, &o)| {
            let mut i = *i;
            i.set_ip(asm.code_base + o as u64);
            if i.op0_kind() == OpKind::NearBranch64 {
                if let Some(&t) = labels.get(&i.near_branch64()) {
                    i.set_near_branch64(t);
                }
            }
            if i.memory_base() == Register::RIP {
                if let Some(&t) = labels.get(&i.memory_displacement64()) {
                    i.set_memory_displacement64(t);
                }
            }
            i
        })
        .collect()
}

/// Decodes every function of `m` and checks that the decoded stream is the
/// emitted one, instruction by instruction (compared as AT&T text, with
/// label references resolved). Returns how many instructions were checked.
pub fn decode_check(m: &Module) -> Result<usize, CodegenError> {
    let asm = assemble_for_listing(m)?;
    let expected = resolved(&asm);
    let mut fmt = formatter();
    let text = |fmt: &mut GasFormatter, i: &Instruction| {
        let mut s = String::new();
        fmt.format(i, &mut s);
        s
    };
    let mut checked = 0;
    for (f, r) in m.funcs.iter().zip(&asm.func_ranges) {
        let from = asm
            .offsets
            .get(r.start)
            .map_or(asm.code.len(), |&o| o as usize);
        let to = asm
            .offsets
            .get(r.end)
            .map_or(asm.code.len(), |&o| o as usize);
        let decoded = decode(&asm.code, asm.code_base, from, to);
        let want = expected.get(r.clone()).unwrap_or(&[]);
        if decoded.len() != want.len() {
            return Err(CodegenError::global(format!(
                "@{}: {} instructions emitted but {} decoded",
                f.name,
                want.len(),
                decoded.len()
            )));
        }
        for (d, w) in decoded.iter().zip(want) {
            let (dt, wt) = (text(&mut fmt, d), text(&mut fmt, w));
            if dt != wt || d.ip() != w.ip() {
                return Err(CodegenError::global(format!(
                    "@{} at {:#x}: emitted `{wt}` but decoded `{dt}`",
                    f.name,
                    d.ip()
                )));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

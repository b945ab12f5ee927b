//! Lowering the machine instruction list to machine code with iced-x86's
//! `CodeAssembler`, for a given placement of data and code in memory.
//!
//! The image is two regions: data (every global in LLVM's layout,
//! 8-byte aligned, then one slot per runtime function holding its address)
//! and code (an entry trampoline, then every function). Code reaches data
//! RIP-relatively, functions by label, runtime functions through their
//! slots; so only the pointer words of the data depend on where things are,
//! and they are relocated by [`data_image`].

use crate::error::CodegenError;
use crate::minst::{Alu, Cc, Label, MInst, Mem, Reg, Rt, Shift, Sym};
use crate::Module;
use iced_x86::code_asm::{self as ca, AsmRegister64, CodeAssembler, CodeLabel};
use iced_x86::{BlockEncoderOptions, Code, Instruction, MemoryOperand, Register};
use std::collections::HashMap;
use std::ops::Range;

/// Where each global and the runtime slots sit in the data region.
#[derive(Clone, Debug)]
pub struct DataLayout {
    /// Offset of each global (8-byte aligned; at least 8 bytes each, so two
    /// globals never share an address).
    pub offsets: Vec<u64>,
    /// Offset of the first runtime slot (one 8-byte slot per [`Rt::ALL`]).
    pub rt_slots: u64,
    /// Total bytes.
    pub size: u64,
}

/// The largest data region the back end builds (all globals together).
pub const MAX_DATA: u64 = 1 << 30;

/// Lays out the data region of `m`.
pub fn data_layout(m: &Module) -> DataLayout {
    let mut off = 0u64;
    let mut offsets = Vec::with_capacity(m.globals.len());
    for g in &m.globals {
        offsets.push(off);
        off = off
            .saturating_add(g.bytes.len().max(8) as u64)
            .div_ceil(8)
            .saturating_mul(8);
    }
    let rt_slots = off;
    DataLayout {
        offsets,
        rt_slots,
        size: rt_slots + 8 * Rt::ALL.len() as u64,
    }
}

/// The machine code of a module assembled at one address, with what is
/// needed to read it back.
pub struct Assembled {
    /// The code bytes.
    pub code: Vec<u8>,
    /// The address the code was assembled for.
    pub code_base: u64,
    /// The address of each function.
    pub func_addrs: Vec<u64>,
    /// The entry trampoline `(argc, argv, stack_top) -> main's result`, when
    /// the module has a `main`.
    pub entry: Option<u64>,
    /// The instructions as emitted (label references unresolved).
    pub instrs: Vec<Instruction>,
    /// The offset of each emitted instruction in `code`.
    pub offsets: Vec<u32>,
    /// The emitted instructions of each function.
    pub func_ranges: Vec<Range<usize>>,
    /// Comments (LLVMlite text) to show before an emitted instruction.
    pub comments: HashMap<usize, Vec<String>>,
}

/// An upper bound on the code size of `m`: no `MInst` lowers to more than
/// two instructions of at most 15 bytes.
pub fn code_size_bound(m: &Module) -> u64 {
    let n: usize = m.funcs.iter().map(|f| f.insts.len()).sum();
    (n as u64 + 16) * 30
}

fn reg(r: Reg) -> Register {
    match r {
        Reg::Rax => Register::RAX,
        Reg::Rcx => Register::RCX,
        Reg::Rdx => Register::RDX,
        Reg::Rsi => Register::RSI,
        Reg::Rdi => Register::RDI,
        Reg::R8 => Register::R8,
        Reg::R9 => Register::R9,
        Reg::R10 => Register::R10,
        Reg::R11 => Register::R11,
        Reg::Rsp => Register::RSP,
        Reg::Rbp => Register::RBP,
    }
}

fn reg8(r: Reg) -> Register {
    match r {
        Reg::Rax => Register::AL,
        Reg::Rcx => Register::CL,
        Reg::Rdx => Register::DL,
        Reg::Rsi => Register::SIL,
        Reg::Rdi => Register::DIL,
        Reg::R8 => Register::R8L,
        Reg::R9 => Register::R9L,
        Reg::R10 => Register::R10L,
        Reg::R11 => Register::R11L,
        Reg::Rsp => Register::SPL,
        Reg::Rbp => Register::BPL,
    }
}

fn reg32(r: Reg) -> Register {
    match r {
        Reg::Rax => Register::EAX,
        Reg::Rcx => Register::ECX,
        Reg::Rdx => Register::EDX,
        Reg::Rsi => Register::ESI,
        Reg::Rdi => Register::EDI,
        Reg::R8 => Register::R8D,
        Reg::R9 => Register::R9D,
        Reg::R10 => Register::R10D,
        Reg::R11 => Register::R11D,
        Reg::Rsp => Register::ESP,
        Reg::Rbp => Register::EBP,
    }
}

fn areg(r: Reg) -> AsmRegister64 {
    match r {
        Reg::Rax => ca::rax,
        Reg::Rcx => ca::rcx,
        Reg::Rdx => ca::rdx,
        Reg::Rsi => ca::rsi,
        Reg::Rdi => ca::rdi,
        Reg::R8 => ca::r8,
        Reg::R9 => ca::r9,
        Reg::R10 => ca::r10,
        Reg::R11 => ca::r11,
        Reg::Rsp => ca::rsp,
        Reg::Rbp => ca::rbp,
    }
}

fn mem(m: Mem) -> MemoryOperand {
    MemoryOperand::with_base_displ(reg(m.base), m.disp as i64)
}

/// `[rip + addr]` for an absolute `addr`.
fn rip(addr: u64) -> MemoryOperand {
    MemoryOperand::with_base_displ(Register::RIP, addr as i64)
}

fn err(e: iced_x86::IcedError) -> CodegenError {
    CodegenError::global(format!("iced-x86 rejected an instruction: {e}"))
}

/// The state of lowering a module.
struct Lower<'m> {
    m: &'m Module,
    a: CodeAssembler,
    layout: DataLayout,
    data_base: u64,
    funcs: Vec<CodeLabel>,
    comments: HashMap<usize, Vec<String>>,
}

impl Lower<'_> {
    fn add(&mut self, i: Result<Instruction, iced_x86::IcedError>) -> Result<(), CodegenError> {
        self.a.add_instruction(i.map_err(err)?).map_err(err)
    }

    fn sym_addr(&self, s: Sym) -> Option<u64> {
        match s {
            Sym::Global(i) => self.layout.offsets.get(i).map(|o| self.data_base + o),
            Sym::Runtime(rt) => Some(self.data_base + self.layout.rt_slots + 8 * rt.index() as u64),
            Sym::Func(_) => None,
        }
    }

    fn func_label(&self, i: usize) -> Result<CodeLabel, CodegenError> {
        self.funcs
            .get(i)
            .copied()
            .ok_or_else(|| CodegenError::global(format!("no function number {i}")))
    }

    /// The entry trampoline: switch to the stack given in `rdx`, call main
    /// with `rdi` / `rsi`, switch back, return main's result.
    fn trampoline(&mut self, main: usize) -> Result<(), CodegenError> {
        let l = self.func_label(main)?;
        let a = &mut self.a;
        a.push(ca::rbp).map_err(err)?;
        a.mov(ca::rbp, ca::rsp).map_err(err)?;
        a.mov(ca::rsp, ca::rdx).map_err(err)?;
        a.call(l).map_err(err)?;
        a.mov(ca::rsp, ca::rbp).map_err(err)?;
        a.pop(ca::rbp).map_err(err)?;
        a.ret().map_err(err)
    }

    /// Lowers the instructions of function `fi`.
    fn function(&mut self, fi: usize) -> Result<(), CodegenError> {
        let m = self.m;
        let Some(f) = m.funcs.get(fi) else {
            return Ok(());
        };
        let aliases = label_aliases(&f.insts);
        let nlabels = f
            .insts
            .iter()
            .filter_map(|i| match i {
                MInst::Label(l) => Some(*l as usize + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let mut labels: Vec<CodeLabel> = (0..nlabels).map(|_| self.a.create_label()).collect();
        let lab = |l: Label, labels: &Vec<CodeLabel>| -> Result<CodeLabel, CodegenError> {
            let l = aliases.get(&l).copied().unwrap_or(l);
            labels.get(l as usize).copied().ok_or_else(|| {
                CodegenError::new(
                    &f.name,
                    spec::Span::DUMMY,
                    format!("branch to an unknown block {l}"),
                )
            })
        };
        let mut fl = self.func_label(fi)?;
        self.a.set_label(&mut fl).map_err(err)?;
        if let Some(slot) = self.funcs.get_mut(fi) {
            *slot = fl;
        }
        // A block label before the first instruction (a function whose
        // first block is a loop and that needs no prologue) is the
        // function's own label.
        for l in leading_labels(&f.insts) {
            if let Some(cl) = labels.get_mut(l as usize) {
                *cl = fl;
            }
        }
        let leading = leading_labels(&f.insts).count();
        let mut seen = 0;
        for inst in &f.insts {
            match inst {
                MInst::Comment(c) => {
                    let at = self.a.instructions().len();
                    self.comments.entry(at).or_default().push(c.clone());
                }
                MInst::Label(l) => {
                    seen += 1;
                    if seen <= leading || aliases.contains_key(l) {
                        continue;
                    }
                    if let Some(cl) = labels.get_mut(*l as usize) {
                        self.a.set_label(cl).map_err(err)?;
                    }
                }
                MInst::Jmp(l) => {
                    let cl = lab(*l, &labels)?;
                    self.a.jmp(cl).map_err(err)?;
                }
                MInst::Jcc(cc, l) => {
                    let cl = lab(*l, &labels)?;
                    let a = &mut self.a;
                    match cc {
                        Cc::E => a.je(cl),
                        Cc::Ne => a.jne(cl),
                        Cc::L => a.jl(cl),
                        Cc::Le => a.jle(cl),
                        Cc::G => a.jg(cl),
                        Cc::Ge => a.jge(cl),
                    }
                    .map_err(err)?;
                }
                MInst::LeaSym(r, Sym::Func(i)) => {
                    let l = self.func_label(*i)?;
                    self.a.lea(areg(*r), ca::ptr(l)).map_err(err)?;
                }
                MInst::CallSym(Sym::Func(i)) => {
                    let l = self.func_label(*i)?;
                    self.a.call(l).map_err(err)?;
                }
                other => self.plain(other)?,
            }
        }
        Ok(())
    }

    /// Lowers an instruction that references no label.
    fn plain(&mut self, inst: &MInst) -> Result<(), CodegenError> {
        use Instruction as I;
        let no_addr = || CodegenError::global("a symbol without an address");
        match *inst {
            MInst::MovRR(d, s) => self.add(I::with2(Code::Mov_r64_rm64, reg(d), reg(s))),
            MInst::MovRI(d, n) => match i32::try_from(n) {
                Ok(v) => self.add(I::with2(Code::Mov_rm64_imm32, reg(d), v)),
                Err(_) => self.add(I::with2(Code::Mov_r64_imm64, reg(d), n)),
            },
            MInst::Load(d, m) => self.add(I::with2(Code::Mov_r64_rm64, reg(d), mem(m))),
            MInst::Store(m, s) => self.add(I::with2(Code::Mov_rm64_r64, mem(m), reg(s))),
            MInst::LoadByte(d, m) => self.add(I::with2(Code::Movzx_r64_rm8, reg(d), mem(m))),
            MInst::StoreByte(m, s) => self.add(I::with2(Code::Mov_rm8_r8, mem(m), reg8(s))),
            MInst::Lea(d, m) => self.add(I::with2(Code::Lea_r64_m, reg(d), mem(m))),
            MInst::LeaSym(d, s) => {
                let addr = self.sym_addr(s).ok_or_else(no_addr)?;
                self.add(I::with2(Code::Lea_r64_m, reg(d), rip(addr)))
            }
            MInst::LoadRt(d, rt) => {
                let addr = self.sym_addr(Sym::Runtime(rt)).ok_or_else(no_addr)?;
                self.add(I::with2(Code::Mov_r64_rm64, reg(d), rip(addr)))
            }
            MInst::Alu(op, d, s) => {
                let code = match op {
                    Alu::Add => Code::Add_rm64_r64,
                    Alu::Sub => Code::Sub_rm64_r64,
                    Alu::And => Code::And_rm64_r64,
                    Alu::Or => Code::Or_rm64_r64,
                    Alu::Xor => Code::Xor_rm64_r64,
                    Alu::Imul => return self.add(I::with2(Code::Imul_r64_rm64, reg(d), reg(s))),
                };
                self.add(I::with2(code, reg(d), reg(s)))
            }
            MInst::AluRI(op, d, n) => {
                let (c8, c32) = match op {
                    Alu::Add => (Code::Add_rm64_imm8, Code::Add_rm64_imm32),
                    Alu::Sub => (Code::Sub_rm64_imm8, Code::Sub_rm64_imm32),
                    Alu::And => (Code::And_rm64_imm8, Code::And_rm64_imm32),
                    Alu::Or => (Code::Or_rm64_imm8, Code::Or_rm64_imm32),
                    Alu::Xor => (Code::Xor_rm64_imm8, Code::Xor_rm64_imm32),
                    Alu::Imul => return self.plain(&MInst::ImulRRI(d, d, n)),
                };
                self.add(imm_op(c8, c32, reg(d), n))
            }
            MInst::CmpRI(a, n) => {
                self.add(imm_op(Code::Cmp_rm64_imm8, Code::Cmp_rm64_imm32, reg(a), n))
            }
            MInst::ShiftRI(sh, d, n) => {
                let code = match sh {
                    Shift::Shl => Code::Shl_rm64_imm8,
                    Shift::Shr => Code::Shr_rm64_imm8,
                    Shift::Sar => Code::Sar_rm64_imm8,
                };
                self.add(I::with2(code, reg(d), n as u32))
            }
            MInst::ImulRRI(d, s, n) => match i8::try_from(n) {
                Ok(v) => self.add(I::with3(Code::Imul_r64_rm64_imm8, reg(d), reg(s), v as i32)),
                Err(_) => self.add(I::with3(Code::Imul_r64_rm64_imm32, reg(d), reg(s), n)),
            },
            MInst::ShiftCl(sh, d) => {
                let code = match sh {
                    Shift::Shl => Code::Shl_rm64_CL,
                    Shift::Shr => Code::Shr_rm64_CL,
                    Shift::Sar => Code::Sar_rm64_CL,
                };
                self.add(I::with2(code, reg(d), Register::CL))
            }
            MInst::Cmp(a, b) => self.add(I::with2(Code::Cmp_rm64_r64, reg(a), reg(b))),
            MInst::Test(a, b) => self.add(I::with2(Code::Test_rm64_r64, reg(a), reg(b))),
            MInst::SetCc(cc, d) => {
                let code = match cc {
                    Cc::E => Code::Sete_rm8,
                    Cc::Ne => Code::Setne_rm8,
                    Cc::L => Code::Setl_rm8,
                    Cc::Le => Code::Setle_rm8,
                    Cc::G => Code::Setg_rm8,
                    Cc::Ge => Code::Setge_rm8,
                };
                self.add(I::with1(code, reg8(d)))?;
                self.add(I::with2(Code::Movzx_r64_rm8, reg(d), reg8(d)))
            }
            MInst::Movsxd(d, s) => self.add(I::with2(Code::Movsxd_r64_rm32, reg(d), reg32(s))),
            MInst::Push(r) => self.add(I::with1(Code::Push_r64, reg(r))),
            MInst::Pop(r) => self.add(I::with1(Code::Pop_r64, reg(r))),
            MInst::CallSym(s) => {
                let addr = self.sym_addr(s).ok_or_else(no_addr)?;
                if matches!(s, Sym::Global(_)) {
                    return Err(CodegenError::global("a call of a global's address"));
                }
                self.add(I::with1(Code::Call_rm64, rip(addr)))
            }
            MInst::CallReg(r) => self.add(I::with1(Code::Call_rm64, reg(r))),
            MInst::Ret => self.add(Ok(I::with(Code::Retnq))),
            MInst::Comment(_) | MInst::Label(_) | MInst::Jmp(_) | MInst::Jcc(..) => Ok(()),
        }
    }
}

/// `op reg, imm` with the 8-bit immediate form when it fits (as `as` picks).
fn imm_op(c8: Code, c32: Code, r: Register, n: i32) -> Result<Instruction, iced_x86::IcedError> {
    if i8::try_from(n).is_ok() {
        Instruction::with2(c8, r, n)
    } else {
        Instruction::with2(c32, r, n)
    }
}

/// The labels before the first instruction of a function (comments
/// aside).
fn leading_labels(insts: &[MInst]) -> impl Iterator<Item = Label> + '_ {
    insts
        .iter()
        .filter(|i| !matches!(i, MInst::Comment(_)))
        .map_while(|i| match i {
            MInst::Label(l) => Some(*l),
            _ => None,
        })
}

/// Labels placed right after another label (an empty block whose branch to
/// the next block was elided): each maps to the first label of its run, as
/// the assembler allows one label per instruction.
fn label_aliases(insts: &[MInst]) -> HashMap<Label, Label> {
    let mut aliases = HashMap::new();
    let mut run: Option<Label> = None;
    for i in insts {
        match i {
            MInst::Label(l) => match run {
                Some(first) => {
                    aliases.insert(*l, first);
                }
                None => run = Some(*l),
            },
            MInst::Comment(_) => {}
            _ => run = None,
        }
    }
    aliases
}

/// Assembles `m` with its code at `code_base` and its data at `data_base`.
pub fn assemble(m: &Module, data_base: u64, code_base: u64) -> Result<Assembled, CodegenError> {
    let mut a = CodeAssembler::new(64).map_err(err)?;
    let funcs = (0..m.funcs.len()).map(|_| a.create_label()).collect();
    let mut lw = Lower {
        m,
        a,
        layout: data_layout(m),
        data_base,
        funcs,
        comments: HashMap::new(),
    };
    let main = m.func_index("main");
    if let Some(mi) = main {
        lw.trampoline(mi)?;
    }
    let mut ranges = Vec::with_capacity(m.funcs.len());
    for fi in 0..m.funcs.len() {
        let start = lw.a.instructions().len();
        lw.function(fi)?;
        ranges.push(start..lw.a.instructions().len());
    }
    let res =
        lw.a.assemble_options(
            code_base,
            BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
        )
        .map_err(err)?;
    let func_addrs = lw
        .funcs
        .iter()
        .map(|l| res.label_ip(l).map_err(err))
        .collect::<Result<Vec<_>, _>>()?;
    let instrs = lw.a.take_instructions();
    Ok(Assembled {
        code: res.inner.code_buffer,
        code_base,
        func_addrs,
        entry: main.map(|_| code_base),
        instrs,
        offsets: res.inner.new_instruction_offsets,
        func_ranges: ranges,
        comments: lw.comments,
    })
}

/// The data region of `m` at `data_base`: every global's bytes with its
/// pointer words relocated, and the runtime slots holding `rt_addrs`;
/// an error when the globals together exceed [`MAX_DATA`].
pub fn data_image(
    m: &Module,
    data_base: u64,
    func_addrs: &[u64],
    rt_addrs: [u64; Rt::ALL.len()],
) -> Result<Vec<u8>, CodegenError> {
    let layout = data_layout(m);
    if layout.size > MAX_DATA {
        return Err(CodegenError::global(format!(
            "the globals take {} bytes, more than the {MAX_DATA} the back end lays out",
            layout.size
        )));
    }
    let mut data = vec![0u8; layout.size as usize];
    let addr = |s: Sym| -> u64 {
        match s {
            Sym::Func(i) => func_addrs.get(i).copied().unwrap_or(0),
            Sym::Global(i) => layout.offsets.get(i).map_or(0, |o| data_base + o),
            Sym::Runtime(rt) => rt_addrs.get(rt.index()).copied().unwrap_or(0),
        }
    };
    for (g, &off) in m.globals.iter().zip(&layout.offsets) {
        let off = off as usize;
        if let Some(dst) = data.get_mut(off..off + g.bytes.len()) {
            dst.copy_from_slice(&g.bytes);
        }
        for &(at, s) in &g.relocs {
            if let Some(dst) = data.get_mut(off + at..off + at + 8) {
                dst.copy_from_slice(&addr(s).to_le_bytes());
            }
        }
    }
    for (k, a) in rt_addrs.iter().enumerate() {
        let at = layout.rt_slots as usize + 8 * k;
        if let Some(dst) = data.get_mut(at..at + 8) {
            dst.copy_from_slice(&a.to_le_bytes());
        }
    }
    Ok(data)
}

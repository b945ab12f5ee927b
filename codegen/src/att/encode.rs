//! Encoding a read [`Program`] with iced-x86, choosing for each form the
//! encoding GNU `as` chooses (the `op r/m, r` forms for register to
//! register, the 8-bit immediate when it fits, `%rax`'s short form of a
//! 32-bit immediate, `D1` for a shift by one), so that the bytes are the
//! ones `as` writes (codegen/tests/testsuite/att_bytes.rs). Branches are relaxed by
//! iced-x86's block encoder, as `as` relaxes them.
//!
//! The image: the data section at `data_base`, then one address word
//! ("slot") per external function, holding the runtime function's
//! address, and one per `sym@GOTPCREL`, holding the symbol's; the code at
//! `code_base`: the program, the runner's entry trampoline, then a stub
//! per external function (what the linker's PLT is to the executable).
//! The stub aligns the stack to 16 bytes before it calls the runtime
//! function and restores it after: the X86lite back ends do not keep the
//! System V alignment, the C runtime and the C library run with any
//! alignment (they never store SSE registers to the stack there), and the
//! runtime functions in Rust must run the same. A program's reference to
//! an external function (call, `leaq`, `.quad`, `@GOTPCREL`) is its stub. Alignment in the code section is not applied: `as`
//! pads with no-ops there, which a program falling through executes
//! without effect, so only addresses differ, as they do anyway.

use super::parse::{Item, Operand, Value};
use super::{Place, Program, Unsupported};
use iced_x86::code_asm::{CodeAssembler, CodeLabel};
use iced_x86::{BlockEncoderOptions, Code, IcedError, Instruction, MemoryOperand, Register};
use std::collections::HashMap;

/// An assembled program: data and code bytes for the addresses it was
/// assembled for (the code starts with the program's own, as `as` writes
/// it), and the entry trampoline's address (`(argc, argv, stack_top) ->
/// i64`, calling `main`).
#[derive(Clone, Debug)]
pub struct Image {
    /// The data section and the slots.
    pub data: Vec<u8>,
    /// The code.
    pub code: Vec<u8>,
    /// The entry trampoline's address.
    pub entry: u64,
}

/// The offset of the first slot after `data_len` bytes of data.
pub(super) fn slots_at(data_len: usize) -> usize {
    data_len.div_ceil(8) * 8
}

/// A register or memory operand.
enum Rm {
    Reg(Register),
    Mem(MemoryOperand),
}

/// What `sym(%rip)` or `disp(%base)` addresses: data, or a code label
/// (only `leaq` and `movq` from memory take one).
enum Addr {
    Mem(MemoryOperand),
    Code(CodeLabel),
}

/// The state of encoding one program.
struct Enc<'p> {
    p: &'p Program,
    a: CodeAssembler,
    /// One label per code label group.
    groups: Vec<CodeLabel>,
    /// The stub of each external symbol.
    stubs: HashMap<&'p str, CodeLabel>,
    /// The slot of each external function, holding its address.
    rt_slots: HashMap<&'p str, u64>,
    /// The slot of each `@GOTPCREL` symbol, holding its address (an
    /// external function's stub).
    slots: HashMap<&'p str, u64>,
    data_base: u64,
    /// The line being encoded.
    line: usize,
}

fn iced(line: usize) -> impl Fn(IcedError) -> Unsupported {
    move |e| Unsupported {
        line,
        why: format!("iced-x86 refused it: {e}"),
    }
}

/// `[rip + addr]` for an absolute `addr`.
fn rip(addr: u64) -> MemoryOperand {
    MemoryOperand::with_base_displ(Register::RIP, addr as i64)
}

/// Assembles `p` (see [`Program::assemble`]).
pub(super) fn assemble(
    p: &Program,
    data_base: u64,
    code_base: u64,
    resolve: &dyn Fn(&str) -> Option<u64>,
) -> Result<Image, Unsupported> {
    let mut a = CodeAssembler::new(64).map_err(iced(0))?;
    let groups = (0..p.groups).map(|_| a.create_label()).collect();
    let externals: Vec<&str> = p.externals().collect();
    let gots = p.got_symbols();
    let slots_base = data_base + slots_at(p.data.len()) as u64;
    let slot_of = |k: usize| slots_base + 8 * k as u64;
    let rt_slots: HashMap<&str, u64> = externals
        .iter()
        .enumerate()
        .map(|(k, s)| (*s, slot_of(k)))
        .collect();
    let slots: HashMap<&str, u64> = gots
        .iter()
        .enumerate()
        .map(|(k, s)| (*s, slot_of(externals.len() + k)))
        .collect();
    let stubs = p.externals().map(|s| (s, a.create_label())).collect();
    let mut e = Enc {
        p,
        a,
        groups,
        stubs,
        rt_slots,
        slots,
        data_base,
        line: 0,
    };
    let main = e.target("main")?;
    e.program()?;
    // After the program, so that the code starts as `as` writes it.
    let mut entry = e.a.create_label();
    e.a.set_label(&mut entry).map_err(iced(0))?;
    let saved_rsp = slot_of(externals.len() + gots.len());
    trampoline(&mut e.a, main, saved_rsp).map_err(iced(0))?;
    e.emit_stubs()?;
    let res =
        e.a.assemble_options(
            code_base,
            BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
        )
        .map_err(iced(0))?;
    // A symbol's address: its label, its data, or an external
    // function's stub.
    let addr = |s: &str| -> Option<u64> {
        match p.defined.get(s) {
            Some(Place::Code(g)) => e.groups.get(*g).and_then(|l| res.label_ip(l).ok()),
            Some(Place::Data(off)) => Some(data_base + off),
            None => e.stubs.get(s).and_then(|l| res.label_ip(l).ok()),
        }
    };
    let unknown = |s: &str| Unsupported {
        line: 0,
        why: format!("no address for `{s}`"),
    };
    let mut data = p.data.clone();
    data.resize(
        slots_at(p.data.len()) + 8 * (externals.len() + gots.len() + 1),
        0,
    );
    let mut put = |at: usize, v: u64| {
        if let Some(dst) = data.get_mut(at..at + 8) {
            dst.copy_from_slice(&v.to_le_bytes());
        }
    };
    for (at, s) in &p.data_relocs {
        put(*at, addr(s).ok_or_else(|| unknown(s))?);
    }
    let at = |k: usize| slots_at(p.data.len()) + 8 * k;
    for (k, s) in externals.iter().enumerate() {
        put(at(k), resolve(s).ok_or_else(|| unknown(s))?);
    }
    for (k, s) in gots.iter().enumerate() {
        put(at(externals.len() + k), addr(s).ok_or_else(|| unknown(s))?);
    }
    Ok(Image {
        data,
        entry: res.label_ip(&entry).map_err(iced(0))?,
        code: res.inner.code_buffer,
    })
}

impl<'p> Enc<'p> {
    fn un(&self, why: impl Into<String>) -> Unsupported {
        Unsupported {
            line: self.line,
            why: why.into(),
        }
    }

    fn add(&mut self, i: Result<Instruction, IcedError>) -> Result<(), Unsupported> {
        let line = self.line;
        let i = i.map_err(iced(line))?;
        self.a.add_instruction(i).map_err(iced(line))
    }

    /// The label a jump or call to `name` goes to: its code label, or
    /// the stub of an external function.
    fn target(&self, name: &str) -> Result<CodeLabel, Unsupported> {
        match self.p.defined.get(name) {
            Some(Place::Code(g)) => self
                .groups
                .get(*g)
                .copied()
                .ok_or_else(|| self.un("a label without a group")),
            Some(Place::Data(_)) => Err(self.un(format!("a jump or call to the data `{name}`"))),
            None => self
                .stubs
                .get(name)
                .copied()
                .ok_or_else(|| self.un(format!("no stub for `{name}`"))),
        }
    }

    /// A memory operand `disp(%base)`.
    fn mem(&self, base: Register, disp: &Value) -> Result<Addr, Unsupported> {
        match (base, disp) {
            (Register::RIP, Value::Sym(s)) => match self.p.defined.get(s.as_str()) {
                Some(Place::Data(off)) => Ok(Addr::Mem(rip(self.data_base + off))),
                _ => self.target(s).map(Addr::Code),
            },
            (Register::RIP, Value::Got(s)) => self
                .slots
                .get(s.as_str())
                .map(|a| Addr::Mem(rip(*a)))
                .ok_or_else(|| self.un("no slot")),
            (Register::RIP, Value::Int(_)) => Err(self.un("a numeric offset from %rip")),
            (b, Value::Int(0)) => Ok(Addr::Mem(MemoryOperand::with_base(b))),
            (b, Value::Int(d)) => i32::try_from(*d)
                .map(|d| Addr::Mem(MemoryOperand::with_base_displ(b, i64::from(d))))
                .map_err(|_| self.un("a displacement past 32 bits")),
            (_, _) => Err(self.un("a symbol's absolute address (not %rip-relative)")),
        }
    }

    /// A 64-bit register or a memory operand (no code label).
    fn rm64(&self, o: &Operand) -> Result<Rm, Unsupported> {
        match o {
            Operand::Reg(r) if r.is_gpr64() => Ok(Rm::Reg(*r)),
            Operand::Mem { base, disp } => match self.mem(*base, disp)? {
                Addr::Code(_) => Err(self.un("a code address as a data operand")),
                Addr::Mem(m) => Ok(Rm::Mem(m)),
            },
            _ => Err(self.un("a 64-bit register or memory operand expected")),
        }
    }

    /// An 8-bit register or a memory operand.
    fn rm8(&self, o: &Operand) -> Result<Rm, Unsupported> {
        match o {
            Operand::Reg(r) if r.is_gpr8() => Ok(Rm::Reg(*r)),
            Operand::Mem { .. } => self.rm64(o),
            _ => Err(self.un("an 8-bit register or memory operand expected")),
        }
    }

    fn reg64(&self, o: &Operand) -> Result<Register, Unsupported> {
        match o {
            Operand::Reg(r) if r.is_gpr64() => Ok(*r),
            _ => Err(self.un("a 64-bit register expected")),
        }
    }

    fn imm(&self, o: &Operand) -> Option<Result<i64, Unsupported>> {
        match o {
            Operand::Imm(Value::Int(n)) => Some(Ok(*n)),
            Operand::Imm(_) => Some(Err(self.un("a symbol's address as an immediate"))),
            _ => None,
        }
    }

    fn imm32(&self, n: i64) -> Result<i32, Unsupported> {
        i32::try_from(n).map_err(|_| self.un("an immediate past 32 bits"))
    }

    /// Every statement of the program, in order.
    fn program(&mut self) -> Result<(), Unsupported> {
        let p = self.p;
        let mut last_group = None;
        for l in &p.lines {
            self.line = l.line;
            match &l.item {
                Item::Label(name) => {
                    if let Some(Place::Code(g)) = p.defined.get(name.as_str()) {
                        if last_group != Some(*g) {
                            last_group = Some(*g);
                            let line = self.line;
                            if let Some(label) = self.groups.get_mut(*g) {
                                self.a.set_label(label).map_err(iced(line))?;
                            }
                        }
                    }
                }
                Item::Ins(mn, ops) => self.instruction(mn, ops)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// The stub of each external function: the call through its slot on
    /// a stack aligned to 16 bytes (`pushq %rbp; movq %rsp, %rbp; andq
    /// $-16, %rsp; callq *slot(%rip); movq %rbp, %rsp; popq %rbp; retq`).
    fn emit_stubs(&mut self) -> Result<(), Unsupported> {
        use iced_x86::code_asm as ca;
        let p = self.p;
        for s in p.externals() {
            let (Some(mut label), Some(slot)) =
                (self.stubs.get(s).copied(), self.rt_slots.get(s).copied())
            else {
                return Err(self.un(format!("no stub for `{s}`")));
            };
            let a = &mut self.a;
            let ok = (|| {
                a.set_label(&mut label)?;
                a.push(ca::rbp)?;
                a.mov(ca::rbp, ca::rsp)?;
                a.and(ca::rsp, -16)?;
                a.add_instruction(Instruction::with1(Code::Call_rm64, rip(slot))?)?;
                a.mov(ca::rsp, ca::rbp)?;
                a.pop(ca::rbp)?;
                a.ret()
            })();
            ok.map_err(iced(0))?;
            if let Some(l) = self.stubs.get_mut(s) {
                *l = label;
            }
        }
        Ok(())
    }

    fn instruction(&mut self, mn: &str, ops: &[Operand]) -> Result<(), Unsupported> {
        match (mn, ops) {
            ("retq" | "ret", []) => self.add(Ok(Instruction::with(Code::Retnq))),
            ("movq", [s, d]) => self.movq(s, d),
            ("movabsq", [s, d]) => {
                let n = self
                    .imm(s)
                    .unwrap_or_else(|| Err(self.un("an immediate expected")))?;
                let d = self.reg64(d)?;
                self.add(Instruction::with2(Code::Mov_r64_imm64, d, n))
            }
            ("leaq", [s, d]) => {
                let d = self.reg64(d)?;
                match s {
                    Operand::Mem { base, disp } => match self.mem(*base, disp)? {
                        Addr::Mem(m) => self.add(Instruction::with2(Code::Lea_r64_m, d, m)),
                        Addr::Code(l) => self
                            .a
                            .lea(gpr64(d)?, iced_x86::code_asm::ptr(l))
                            .map_err(iced(self.line)),
                    },
                    _ => Err(self.un("leaq takes a memory operand")),
                }
            }
            ("pushq", [s]) => match self.imm(s) {
                Some(n) => {
                    let n = self.imm32(n?)?;
                    let code = if i8::try_from(n).is_ok() {
                        Code::Pushq_imm8
                    } else {
                        Code::Pushq_imm32
                    };
                    self.add(Instruction::with1(code, n))
                }
                None => match self.rm64(s)? {
                    Rm::Reg(r) => self.add(Instruction::with1(Code::Push_r64, r)),
                    rm => self.add(one(Code::Push_rm64, &rm)),
                },
            },
            ("popq", [d]) => match self.rm64(d)? {
                Rm::Reg(r) => self.add(Instruction::with1(Code::Pop_r64, r)),
                rm => self.add(one(Code::Pop_rm64, &rm)),
            },
            ("incq" | "decq" | "negq" | "notq", [d]) => {
                let code = match mn {
                    "incq" => Code::Inc_rm64,
                    "decq" => Code::Dec_rm64,
                    "negq" => Code::Neg_rm64,
                    _ => Code::Not_rm64,
                };
                let rm = self.rm64(d)?;
                self.add(one(code, &rm))
            }
            ("addq" | "subq" | "andq" | "orq" | "xorq" | "cmpq", [s, d]) => {
                let codes = alu_codes(mn).ok_or_else(|| self.un("an ALU mnemonic"))?;
                self.alu(codes, s, d)
            }
            ("testq", [s, d]) => self.testq(s, d),
            ("imulq", [s, d]) => {
                let d = self.reg64(d)?;
                match self.imm(s) {
                    Some(n) => self.imul3(self.imm32(n?)?, &Rm::Reg(d), d),
                    None => {
                        let rm = self.rm64(s)?;
                        self.add(two_r_rm(Code::Imul_r64_rm64, d, &rm))
                    }
                }
            }
            ("imulq", [i, s, d]) => {
                let n = self
                    .imm(i)
                    .unwrap_or_else(|| Err(self.un("an immediate expected")))?;
                let n = self.imm32(n)?;
                let (rm, d) = (self.rm64(s)?, self.reg64(d)?);
                self.imul3(n, &rm, d)
            }
            ("shlq" | "salq" | "sarq" | "shrq", [s, d]) => self.shift(mn, s, d),
            ("movzbq", [s, d]) => {
                let (rm, d) = (self.rm8(s)?, self.reg64(d)?);
                self.add(two_r_rm(Code::Movzx_r64_rm8, d, &rm))
            }
            ("movslq", [s, d]) => {
                let d = self.reg64(d)?;
                let rm = match s {
                    Operand::Reg(r) if r.is_gpr32() => Rm::Reg(*r),
                    Operand::Mem { .. } => self.rm64(s)?,
                    _ => return Err(self.un("movslq takes a 32-bit register or memory")),
                };
                self.add(two_r_rm(Code::Movsxd_r64_rm32, d, &rm))
            }
            ("movb", [Operand::Reg(r), d]) if r.is_gpr8() => {
                let rm = self.rm8(d)?;
                self.add(two_rm_r(Code::Mov_rm8_r8, &rm, *r))
            }
            ("jmp", [Operand::Target(t)]) => {
                let l = self.target(t)?;
                self.a.jmp(l).map_err(iced(self.line))
            }
            ("jmp" | "callq" | "call", [Operand::Indirect(inner)]) => {
                let rm = self.rm64(inner)?;
                let code = if mn == "jmp" {
                    Code::Jmp_rm64
                } else {
                    Code::Call_rm64
                };
                self.add(one(code, &rm))
            }
            ("callq" | "call", [Operand::Target(t)]) => {
                let l = self.target(t)?;
                self.a.call(l).map_err(iced(self.line))
            }
            (_, [Operand::Target(t)]) if mn.starts_with('j') => {
                let l = self.target(t)?;
                self.jcc(&mn[1..], l)
            }
            (_, [d]) if mn.starts_with("set") => {
                let code = setcc_code(&mn[3..]).ok_or_else(|| self.un(format!("`{mn}`")))?;
                let rm = self.rm8(d)?;
                self.add(one(code, &rm))
            }
            _ => Err(self.un(format!(
                "the instruction `{mn}` with {} operand(s) of these kinds",
                ops.len()
            ))),
        }
    }

    fn movq(&mut self, s: &Operand, d: &Operand) -> Result<(), Unsupported> {
        if let Some(n) = self.imm(s) {
            let n = n?;
            let rm = self.rm64(d)?;
            return match (i32::try_from(n), &rm) {
                (Ok(v), _) => self.add(two_rm_imm(Code::Mov_rm64_imm32, &rm, v)),
                (Err(_), Rm::Reg(r)) => self.add(Instruction::with2(Code::Mov_r64_imm64, *r, n)),
                (Err(_), _) => Err(self.un("a 64-bit immediate stored to memory")),
            };
        }
        if let Operand::Mem { base, disp } = s {
            let d = self.reg64(d)?;
            return match self.mem(*base, disp)? {
                Addr::Code(l) => self
                    .a
                    .mov(gpr64(d)?, iced_x86::code_asm::qword_ptr(l))
                    .map_err(iced(self.line)),
                Addr::Mem(m) => self.add(Instruction::with2(Code::Mov_r64_rm64, d, m)),
            };
        }
        let s = self.reg64(s)?;
        let rm = self.rm64(d)?;
        self.add(two_rm_r(Code::Mov_rm64_r64, &rm, s))
    }

    /// `op src, dst` of the ALU group with its codes.
    fn alu(&mut self, c: AluCodes, s: &Operand, d: &Operand) -> Result<(), Unsupported> {
        if let Some(n) = self.imm(s) {
            let n = self.imm32(n?)?;
            let rm = self.rm64(d)?;
            let code = if i8::try_from(n).is_ok() {
                c.rm_imm8
            } else if matches!(rm, Rm::Reg(Register::RAX)) {
                return self.add(Instruction::with2(c.rax_imm32, Register::RAX, n));
            } else {
                c.rm_imm32
            };
            return self.add(two_rm_imm(code, &rm, n));
        }
        match (s, d) {
            (Operand::Reg(_), _) => {
                let (s, rm) = (self.reg64(s)?, self.rm64(d)?);
                self.add(two_rm_r(c.rm_r, &rm, s))
            }
            (Operand::Mem { .. }, _) => {
                let (rm, d) = (self.rm64(s)?, self.reg64(d)?);
                self.add(two_r_rm(c.r_rm, d, &rm))
            }
            _ => Err(self.un("operands of these kinds")),
        }
    }

    fn testq(&mut self, s: &Operand, d: &Operand) -> Result<(), Unsupported> {
        if let Some(n) = self.imm(s) {
            let n = self.imm32(n?)?;
            let rm = self.rm64(d)?;
            if matches!(rm, Rm::Reg(Register::RAX)) {
                return self.add(Instruction::with2(Code::Test_RAX_imm32, Register::RAX, n));
            }
            return self.add(two_rm_imm(Code::Test_rm64_imm32, &rm, n));
        }
        // `testq %a, %b` and `testq %a, mem` are `test r/m, r` either way.
        let (s, rm) = match (s, d) {
            (Operand::Reg(_), _) => (self.reg64(s)?, self.rm64(d)?),
            (Operand::Mem { .. }, _) => (self.reg64(d)?, self.rm64(s)?),
            _ => return Err(self.un("operands of these kinds")),
        };
        self.add(two_rm_r(Code::Test_rm64_r64, &rm, s))
    }

    /// `imul $n, rm, d`: the 8-bit immediate form when it fits.
    fn imul3(&mut self, n: i32, rm: &Rm, d: Register) -> Result<(), Unsupported> {
        let code = if i8::try_from(n).is_ok() {
            Code::Imul_r64_rm64_imm8
        } else {
            Code::Imul_r64_rm64_imm32
        };
        let i = match rm {
            Rm::Reg(r) => Instruction::with3(code, d, *r, n),
            Rm::Mem(m) => Instruction::with3(code, d, *m, n),
        };
        self.add(i)
    }

    fn shift(&mut self, mn: &str, s: &Operand, d: &Operand) -> Result<(), Unsupported> {
        let (by1, by_imm, by_cl) = match mn {
            "shlq" | "salq" => (Code::Shl_rm64_1, Code::Shl_rm64_imm8, Code::Shl_rm64_CL),
            "sarq" => (Code::Sar_rm64_1, Code::Sar_rm64_imm8, Code::Sar_rm64_CL),
            _ => (Code::Shr_rm64_1, Code::Shr_rm64_imm8, Code::Shr_rm64_CL),
        };
        let rm = self.rm64(d)?;
        match (self.imm(s), s) {
            (Some(n), _) => {
                let n = n?;
                let n = u32::try_from(n)
                    .ok()
                    .filter(|n| *n <= 255)
                    .ok_or_else(|| self.un("a shift count past 8 bits"))?;
                let code = if n == 1 { by1 } else { by_imm };
                self.add(two_rm_u(code, &rm, n))
            }
            (None, Operand::Reg(Register::CL)) => self.add(two_rm_r(by_cl, &rm, Register::CL)),
            _ => Err(self.un("a shift count other than an immediate or %cl")),
        }
    }

    fn jcc(&mut self, cc: &str, l: CodeLabel) -> Result<(), Unsupported> {
        let a = &mut self.a;
        let r = match cc {
            "e" | "z" => a.je(l),
            "ne" | "nz" => a.jne(l),
            "l" => a.jl(l),
            "le" => a.jle(l),
            "g" => a.jg(l),
            "ge" => a.jge(l),
            "b" => a.jb(l),
            "be" => a.jbe(l),
            "a" => a.ja(l),
            "ae" => a.jae(l),
            "s" => a.js(l),
            "ns" => a.jns(l),
            _ => {
                return Err(Unsupported {
                    line: self.line,
                    why: format!("the jump `j{cc}`"),
                })
            }
        };
        r.map_err(iced(self.line))
    }
}

/// The entry trampoline the runner calls as `(argc, argv, stack_top) ->
/// i64`: it saves every callee-saved register and the stack pointer (in
/// the word at `saved_rsp`), switches to the stack given in `rdx`, calls
/// `main` with `rdi` / `rsi`, and restores all of it from that word, so
/// that a `main` that returns with `%rbp` or `%rbx` changed (which the
/// executable's C library never looks at again) returns here just as well.
fn trampoline(a: &mut CodeAssembler, main: CodeLabel, saved_rsp: u64) -> Result<(), IcedError> {
    use iced_x86::code_asm as ca;
    let saved = [ca::rbx, ca::rbp, ca::r12, ca::r13, ca::r14, ca::r15];
    for r in saved {
        a.push(r)?;
    }
    a.add_instruction(Instruction::with2(
        Code::Mov_rm64_r64,
        rip(saved_rsp),
        Register::RSP,
    )?)?;
    a.mov(ca::rsp, ca::rdx)?;
    a.call(main)?;
    a.add_instruction(Instruction::with2(
        Code::Mov_r64_rm64,
        Register::RSP,
        rip(saved_rsp),
    )?)?;
    for r in saved.into_iter().rev() {
        a.pop(r)?;
    }
    a.ret()
}

/// The code_asm register of a 64-bit register.
fn gpr64(r: Register) -> Result<iced_x86::code_asm::AsmRegister64, Unsupported> {
    use iced_x86::code_asm as ca;
    Ok(match r {
        Register::RAX => ca::rax,
        Register::RBX => ca::rbx,
        Register::RCX => ca::rcx,
        Register::RDX => ca::rdx,
        Register::RSI => ca::rsi,
        Register::RDI => ca::rdi,
        Register::RBP => ca::rbp,
        Register::RSP => ca::rsp,
        Register::R8 => ca::r8,
        Register::R9 => ca::r9,
        Register::R10 => ca::r10,
        Register::R11 => ca::r11,
        Register::R12 => ca::r12,
        Register::R13 => ca::r13,
        Register::R14 => ca::r14,
        Register::R15 => ca::r15,
        _ => {
            return Err(Unsupported {
                line: 0,
                why: format!("{r:?} is not a 64-bit register"),
            })
        }
    })
}

/// The codes of one ALU mnemonic.
#[derive(Clone, Copy)]
struct AluCodes {
    rm_r: Code,
    r_rm: Code,
    rm_imm8: Code,
    rm_imm32: Code,
    rax_imm32: Code,
}

fn alu_codes(mn: &str) -> Option<AluCodes> {
    use Code::*;
    let c = |rm_r, r_rm, rm_imm8, rm_imm32, rax_imm32| AluCodes {
        rm_r,
        r_rm,
        rm_imm8,
        rm_imm32,
        rax_imm32,
    };
    Some(match mn {
        "addq" => c(
            Add_rm64_r64,
            Add_r64_rm64,
            Add_rm64_imm8,
            Add_rm64_imm32,
            Add_RAX_imm32,
        ),
        "subq" => c(
            Sub_rm64_r64,
            Sub_r64_rm64,
            Sub_rm64_imm8,
            Sub_rm64_imm32,
            Sub_RAX_imm32,
        ),
        "andq" => c(
            And_rm64_r64,
            And_r64_rm64,
            And_rm64_imm8,
            And_rm64_imm32,
            And_RAX_imm32,
        ),
        "orq" => c(
            Or_rm64_r64,
            Or_r64_rm64,
            Or_rm64_imm8,
            Or_rm64_imm32,
            Or_RAX_imm32,
        ),
        "xorq" => c(
            Xor_rm64_r64,
            Xor_r64_rm64,
            Xor_rm64_imm8,
            Xor_rm64_imm32,
            Xor_RAX_imm32,
        ),
        "cmpq" => c(
            Cmp_rm64_r64,
            Cmp_r64_rm64,
            Cmp_rm64_imm8,
            Cmp_rm64_imm32,
            Cmp_RAX_imm32,
        ),
        _ => return None,
    })
}

fn setcc_code(cc: &str) -> Option<Code> {
    use Code::*;
    Some(match cc {
        "e" | "z" => Sete_rm8,
        "ne" | "nz" => Setne_rm8,
        "l" => Setl_rm8,
        "le" => Setle_rm8,
        "g" => Setg_rm8,
        "ge" => Setge_rm8,
        "b" => Setb_rm8,
        "be" => Setbe_rm8,
        "a" => Seta_rm8,
        "ae" => Setae_rm8,
        "s" => Sets_rm8,
        "ns" => Setns_rm8,
        _ => return None,
    })
}

fn one(code: Code, rm: &Rm) -> Result<Instruction, IcedError> {
    match rm {
        Rm::Reg(r) => Instruction::with1(code, *r),
        Rm::Mem(m) => Instruction::with1(code, *m),
    }
}

fn two_rm_r(code: Code, rm: &Rm, r: Register) -> Result<Instruction, IcedError> {
    match rm {
        Rm::Reg(x) => Instruction::with2(code, *x, r),
        Rm::Mem(m) => Instruction::with2(code, *m, r),
    }
}

fn two_r_rm(code: Code, r: Register, rm: &Rm) -> Result<Instruction, IcedError> {
    match rm {
        Rm::Reg(x) => Instruction::with2(code, r, *x),
        Rm::Mem(m) => Instruction::with2(code, r, *m),
    }
}

fn two_rm_imm(code: Code, rm: &Rm, n: i32) -> Result<Instruction, IcedError> {
    match rm {
        Rm::Reg(x) => Instruction::with2(code, *x, n),
        Rm::Mem(m) => Instruction::with2(code, *m, n),
    }
}

fn two_rm_u(code: Code, rm: &Rm, n: u32) -> Result<Instruction, IcedError> {
    match rm {
        Rm::Reg(x) => Instruction::with2(code, *x, n),
        Rm::Mem(m) => Instruction::with2(code, *m, n),
    }
}

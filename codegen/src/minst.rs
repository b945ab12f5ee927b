//! The machine instruction list: the small subset of x86-64 that instruction
//! selection produces. One list, two lowerings: [`crate::encode`] turns it
//! into machine code with iced-x86's `CodeAssembler`, [`crate::asm_text`]
//! into AT&T assembly text for `cc`.

/// The 64-bit general purpose registers the back end uses. `rbx` and
/// `r12`..`r15` (callee-saved) are never touched, so no function saves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// Accumulator: results, the first operand, return values.
    Rax,
    /// Second operand (its low byte `cl` holds shift amounts); fourth argument register.
    Rcx,
    /// Scratch (large GEP scales); third argument register.
    Rdx,
    /// Second argument register.
    Rsi,
    /// First argument register.
    Rdi,
    /// Fifth argument register.
    R8,
    /// Sixth argument register.
    R9,
    /// Scratch.
    R10,
    /// Holds the callee of an indirect call.
    R11,
    /// Stack pointer.
    Rsp,
    /// Frame pointer: every local lives at a fixed offset from it.
    Rbp,
}

impl Reg {
    /// The System V integer argument registers, in order.
    pub const ARGS: [Reg; 6] = [Reg::Rdi, Reg::Rsi, Reg::Rdx, Reg::Rcx, Reg::R8, Reg::R9];

    /// Every register, in [`Reg::index`] order.
    pub const ALL: [Reg; 11] = [
        Reg::Rax,
        Reg::Rcx,
        Reg::Rdx,
        Reg::Rsi,
        Reg::Rdi,
        Reg::R8,
        Reg::R9,
        Reg::R10,
        Reg::R11,
        Reg::Rsp,
        Reg::Rbp,
    ];

    /// The position in [`Reg::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The register's AT&T name without `%`.
    pub fn name(self) -> &'static str {
        match self {
            Reg::Rax => "rax",
            Reg::Rcx => "rcx",
            Reg::Rdx => "rdx",
            Reg::Rsi => "rsi",
            Reg::Rdi => "rdi",
            Reg::R8 => "r8",
            Reg::R9 => "r9",
            Reg::R10 => "r10",
            Reg::R11 => "r11",
            Reg::Rsp => "rsp",
            Reg::Rbp => "rbp",
        }
    }

    /// The low byte's name (for `setcc` / `movzx`).
    pub fn low8_name(self) -> &'static str {
        match self {
            Reg::Rax => "al",
            Reg::Rcx => "cl",
            Reg::Rdx => "dl",
            Reg::Rsi => "sil",
            Reg::Rdi => "dil",
            Reg::R8 => "r8b",
            Reg::R9 => "r9b",
            Reg::R10 => "r10b",
            Reg::R11 => "r11b",
            Reg::Rsp => "spl",
            Reg::Rbp => "bpl",
        }
    }

    /// The low 32 bits' name (for `movsxd`).
    pub fn low32_name(self) -> &'static str {
        match self {
            Reg::Rax => "eax",
            Reg::Rcx => "ecx",
            Reg::Rdx => "edx",
            Reg::Rsi => "esi",
            Reg::Rdi => "edi",
            Reg::R8 => "r8d",
            Reg::R9 => "r9d",
            Reg::R10 => "r10d",
            Reg::R11 => "r11d",
            Reg::Rsp => "esp",
            Reg::Rbp => "ebp",
        }
    }
}

/// A memory operand `[base + disp]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mem {
    /// The base register.
    pub base: Reg,
    /// The byte displacement.
    pub disp: i32,
}

/// A runtime function of docs/semantics.md ("Runtime functions"): the
/// spec's runtime `ll`, and what the runtime `ll-libc` adds
/// (docs/dialects.md, "Runtimes"). Which of them a program may call is the
/// checker's and the oracle's to say; the back end calls any by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rt {
    /// `void ll_puts(i8*)`.
    Puts,
    /// `i8* ll_strcat(i8*, i8*)`.
    Strcat,
    /// `i8* ll_ltoa(i64 [, i8*])`.
    Ltoa,
    /// `i8* ll_malloc(i64 n, i64 size)` (`ll-libc`): zeroed bytes.
    Malloc,
    /// `i64 ll_callback(i64 (i64, i64)*)` (`ll-libc`): calls it with 19, 19.
    Callback,
    /// `i64 atoi(i8*)` (`ll-libc`, the C library's).
    Atoi,
    /// `i64 strcmp(i8*, i8*)` (`ll-libc`, the C library's).
    Strcmp,
    /// `i64 strlen(i8*)` (`ll-libc`, the C library's).
    Strlen,
    /// `i64 puts(i8*)` (`ll-libc`, the C library's).
    CPuts,
    /// `void free(i8*)` (`ll-libc`, the C library's).
    Free,
}

impl Rt {
    /// Every runtime function (the order of the runtime slots in the data).
    pub const ALL: [Rt; 10] = [
        Rt::Puts,
        Rt::Strcat,
        Rt::Ltoa,
        Rt::Malloc,
        Rt::Callback,
        Rt::Atoi,
        Rt::Strcmp,
        Rt::Strlen,
        Rt::CPuts,
        Rt::Free,
    ];

    /// The C name.
    pub fn name(self) -> &'static str {
        match self {
            Rt::Puts => "ll_puts",
            Rt::Strcat => "ll_strcat",
            Rt::Ltoa => "ll_ltoa",
            Rt::Malloc => "ll_malloc",
            Rt::Callback => "ll_callback",
            Rt::Atoi => "atoi",
            Rt::Strcmp => "strcmp",
            Rt::Strlen => "strlen",
            Rt::CPuts => "puts",
            Rt::Free => "free",
        }
    }

    /// The runtime function called `name`.
    pub fn from_name(name: &str) -> Option<Rt> {
        Rt::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Position in [`Rt::ALL`].
    pub fn index(self) -> usize {
        match self {
            Rt::Puts => 0,
            Rt::Strcat => 1,
            Rt::Ltoa => 2,
            Rt::Malloc => 3,
            Rt::Callback => 4,
            Rt::Atoi => 5,
            Rt::Strcmp => 6,
            Rt::Strlen => 7,
            Rt::CPuts => 8,
            Rt::Free => 9,
        }
    }
}

/// A symbol: what an `@IDENT` names in the compiled module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    /// The function with this index in [`crate::Module::funcs`].
    Func(usize),
    /// The global with this index in [`crate::Module::globals`].
    Global(usize),
    /// A runtime function, reached through its slot (the GOT in assembly text).
    Runtime(Rt),
}

/// A condition code (signed orders, as `icmp` compares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cc {
    /// Equal.
    E,
    /// Not equal.
    Ne,
    /// Signed less.
    L,
    /// Signed less or equal.
    Le,
    /// Signed greater.
    G,
    /// Signed greater or equal.
    Ge,
}

impl Cc {
    /// The condition that holds exactly when this one does not.
    pub fn invert(self) -> Cc {
        match self {
            Cc::E => Cc::Ne,
            Cc::Ne => Cc::E,
            Cc::L => Cc::Ge,
            Cc::Le => Cc::G,
            Cc::G => Cc::Le,
            Cc::Ge => Cc::L,
        }
    }

    /// The suffix of `setcc` / `jcc`.
    pub fn suffix(self) -> &'static str {
        match self {
            Cc::E => "e",
            Cc::Ne => "ne",
            Cc::L => "l",
            Cc::Le => "le",
            Cc::G => "g",
            Cc::Ge => "ge",
        }
    }
}

/// A two-register arithmetic or logic operation (`op dst, src`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alu {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
    /// `imul` (two-operand, low 64 bits).
    Imul,
}

impl Alu {
    /// The mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            Alu::Add => "add",
            Alu::Sub => "sub",
            Alu::And => "and",
            Alu::Or => "or",
            Alu::Xor => "xor",
            Alu::Imul => "imul",
        }
    }
}

/// A shift by `cl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shift {
    /// `shl`.
    Shl,
    /// `shr` (logical).
    Shr,
    /// `sar` (arithmetic).
    Sar,
}

impl Shift {
    /// The mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            Shift::Shl => "shl",
            Shift::Shr => "shr",
            Shift::Sar => "sar",
        }
    }
}

/// A block label inside one function (its index among the labelled blocks).
pub type Label = u32;

impl MInst {
    /// The registers this instruction writes, as a set of bits (bit
    /// `Reg::index`); for calls every register the back end uses except
    /// `rsp` and `rbp`, which the callee preserves. `None` for a label or a
    /// return, after which nothing is known.
    pub fn writes(&self) -> Option<u16> {
        let one = |r: Reg| 1u16 << r.index();
        Some(match *self {
            MInst::Comment(_)
            | MInst::Store(..)
            | MInst::StoreByte(..)
            | MInst::Cmp(..)
            | MInst::CmpRI(..)
            | MInst::Test(..)
            | MInst::Push(_)
            | MInst::Jmp(_)
            | MInst::Jcc(..) => 0,
            MInst::Label(_) | MInst::Ret => return None,
            MInst::MovRR(d, _)
            | MInst::MovRI(d, _)
            | MInst::Load(d, _)
            | MInst::LoadByte(d, _)
            | MInst::Lea(d, _)
            | MInst::LeaSym(d, _)
            | MInst::LoadRt(d, _)
            | MInst::Alu(_, d, _)
            | MInst::AluRI(_, d, _)
            | MInst::ImulRRI(d, ..)
            | MInst::ShiftCl(_, d)
            | MInst::ShiftRI(_, d, _)
            | MInst::SetCc(_, d)
            | MInst::Movsxd(d, _)
            | MInst::Pop(d) => one(d),
            MInst::CallSym(_) | MInst::CallReg(_) => {
                Reg::ALL.iter().fold(0, |m, &r| m | one(r)) & !one(Reg::Rsp) & !one(Reg::Rbp)
            }
        })
    }
}

/// One machine instruction (or a label or comment) of the selected code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MInst {
    /// The LLVMlite instruction the following machine code implements.
    Comment(String),
    /// A branch target: the block with this label starts here.
    Label(Label),
    /// `mov dst, src`.
    MovRR(Reg, Reg),
    /// `mov dst, imm` (`movabs` when the value does not fit 32 bits signed).
    MovRI(Reg, i64),
    /// `mov dst, qword [mem]`.
    Load(Reg, Mem),
    /// `mov qword [mem], src`.
    Store(Mem, Reg),
    /// `movzx dst, byte [mem]`: an `i1` in memory (one byte in LLVM's
    /// layout, spec::layout) read as 0 or 1 in the whole word.
    LoadByte(Reg, Mem),
    /// `mov byte [mem], low8(src)`: an `i1` written as its one byte.
    StoreByte(Mem, Reg),
    /// `lea dst, [mem]`.
    Lea(Reg, Mem),
    /// `lea dst, [rip + sym]`: the address of a function or global.
    LeaSym(Reg, Sym),
    /// `mov dst, [rip + slot]`: the address of a runtime function, read
    /// from its slot (`sym@GOTPCREL(%rip)` in assembly text).
    LoadRt(Reg, Rt),
    /// `op dst, src`.
    Alu(Alu, Reg, Reg),
    /// `op dst, imm32` (`imul dst, dst, imm32` for `Alu::Imul`).
    AluRI(Alu, Reg, i32),
    /// `imul dst, src, imm32`.
    ImulRRI(Reg, Reg, i32),
    /// `shl/shr/sar dst, cl`.
    ShiftCl(Shift, Reg),
    /// `shl/shr/sar dst, imm8`.
    ShiftRI(Shift, Reg, u8),
    /// `cmp a, b` (flags of `a - b`).
    Cmp(Reg, Reg),
    /// `cmp a, imm32`.
    CmpRI(Reg, i32),
    /// `test a, b`.
    Test(Reg, Reg),
    /// `setcc low8(dst)` then `movzx dst, low8(dst)`: 0 or 1 in the whole word.
    SetCc(Cc, Reg),
    /// `movsxd dst, low32(src)`.
    Movsxd(Reg, Reg),
    /// `push src`.
    Push(Reg),
    /// `pop dst`.
    Pop(Reg),
    /// `call sym` (a function, or a runtime function through its slot).
    CallSym(Sym),
    /// `call reg`.
    CallReg(Reg),
    /// `ret`.
    Ret,
    /// `jmp label`.
    Jmp(Label),
    /// `jcc label`.
    Jcc(Cc, Label),
}

/// One compiled function: its LLVMlite name and its machine instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MFunc {
    /// The LLVMlite name (without `@`).
    pub name: String,
    /// The selected instructions, prologue first.
    pub insts: Vec<MInst>,
}

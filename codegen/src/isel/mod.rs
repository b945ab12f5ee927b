//! Instruction selection: one LLVMlite function to a list of machine
//! instructions ([`MInst`]), following the System V ABI.
//!
//! Every local (a parameter or an instruction's result) has its own 8-byte
//! slot at a fixed offset from `rbp`; `alloca`s of the entry block are frame
//! space (`size_of` of their type, aggregates too) addressed directly; an
//! `alloca` elsewhere takes fresh stack space each time it runs, as the
//! abstract machine gives a fresh slot each time. `rsp` stays 16-byte
//! aligned between instructions, so every call site is aligned.
//!
//! Within a block, values stay in registers (`regs.rs`): each result is
//! computed in the least recently used register of a pool and reaches its
//! slot only when it is still needed as the register is reused, before a
//! call, or at the end of the block for locals used in other blocks
//! (`live.rs`). Nothing is kept in registers across calls. A block entered
//! by one edge alone, from a block selected before it, starts knowing what
//! the registers held at that branch; any other block starts from the slots.
//! A result used right away as a call argument or returned is computed in
//! that argument register or `rax` (`wanted_in`).
//!
//! Once a function is selected, its frame is packed (`compact.rs`) and, when
//! its body never moves `rsp`, addressed from `rsp` without saving `rbp`
//! (`frameless.rs`).

mod bits;
mod call;
mod compact;
mod frame;
mod frameless;
mod gep;
mod insn;
mod live;
mod regs;
mod term;

use crate::data::Syms;
use crate::error::CodegenError;
use crate::minst::{Alu, Label, MFunc, MInst, Mem, Reg, Sym};
use crate::{CompileOptions, Mutations};
use frame::Frame;
use live::Live;
use rustc_hash::FxHashMap as HashMap;
use spec::{Fdecl, InsnKind, Operand, OperandKind, Span, TermKind, TypeEnv};

/// What each register holds (a local's slot) and whether it is dirty.
type Regs = ([Option<i32>; Reg::ALL.len()], [bool; Reg::ALL.len()]);

/// The state of selecting one function: the frame, the block labels and the
/// instructions produced so far.
pub(crate) struct FnCtx<'a> {
    env: &'a TypeEnv,
    syms: &'a Syms,
    fdecl: &'a Fdecl,
    frame: Frame,
    labels: HashMap<&'a str, Label>,
    out: Vec<MInst>,
    /// For each register, the local slot (rbp displacement) whose value it
    /// holds, as far as this block's code so far shows.
    cache: [Option<i32>; Reg::ALL.len()],
    /// When each register was last used (for [`FnCtx::pick`]).
    lru: [u64; Reg::ALL.len()],
    /// The use counter behind `lru`.
    clock: u64,
    /// Registers holding a result not yet stored to its slot.
    dirty: [bool; Reg::ALL.len()],
    /// For each block selected so far, what the registers held at its
    /// branches and which of them were dirty (`None` after a `ret`).
    exits: Vec<Option<Regs>>,
    /// Which results must reach their slots.
    live: Live,
    /// The block being selected (0 is the entry block).
    block: usize,
    /// The index of the instruction being selected in its block.
    pos: usize,
    /// Folded GEPs by result slot: base operand and constant offset (see
    /// `gep.rs`, [`FnCtx::fold_gep`]).
    folds: HashMap<i32, (Operand, i32)>,
    /// The current instruction has read all its operands (a call about to
    /// be made): its own uses no longer make a value needed.
    uses_done: bool,
    /// The deliberate miscompilations (mutation testing).
    mutations: Mutations,
    /// The instruction is an `icmp` whose only use is the block's `cbr`,
    /// which branches on the flags: no 0/1 value is needed.
    flags_only: bool,
    /// Where the current instruction's result is wanted next: the argument
    /// register of the call right after it, or `rax` for the `ret` right
    /// after it (see [`wanted_in`]).
    want: Option<Reg>,
}

/// Selects the machine instructions of `f`: prologue, then every block in
/// source order (the entry block first), each instruction preceded by a
/// comment with its LLVMlite text when `comments` is set.
pub(crate) fn compile_fdecl(
    env: &TypeEnv,
    syms: &Syms,
    f: &Fdecl,
    opts: &CompileOptions,
) -> Result<MFunc, CodegenError> {
    let comments = opts.comments;
    let frame = Frame::layout(env, f)?;
    let live = Live::of(f, &frame);
    let labels = f
        .cfg
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (b.label.as_str(), i as Label))
        .collect();
    let mut cx = FnCtx {
        env,
        syms,
        fdecl: f,
        frame,
        labels,
        out: Vec::new(),
        cache: [None; Reg::ALL.len()],
        lru: [0; Reg::ALL.len()],
        clock: 0,
        dirty: [false; Reg::ALL.len()],
        exits: Vec::new(),
        live,
        block: 0,
        pos: 0,
        uses_done: false,
        folds: HashMap::default(),
        mutations: opts.mutations,
        flags_only: false,
        want: None,
    };
    cx.prologue();
    let reserve_at = (cx.frame.size > 0).then_some(2);
    let blocks = std::iter::once((None, &f.cfg.entry)).chain(
        f.cfg
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (Some(i as Label), &b.block)),
    );
    for (b, (label, block)) in blocks.enumerate() {
        cx.block = b;
        if let Some(l) = label {
            cx.emit(MInst::Label(l));
            cx.inherit(b);
        }
        let in_entry = label.is_none();
        for (i, insn) in block.insns.iter().enumerate() {
            cx.pos = i;
            cx.flags_only = i + 1 == block.insns.len() && cx.flags_only_icmp(block);
            cx.want = wanted_in(block, i);
            if comments {
                cx.emit(MInst::Comment(spec::print::print_insn(env, insn)));
            }
            cx.compile_insn(insn, in_entry, i)?;
        }
        if comments {
            cx.emit(MInst::Comment(spec::print::print_term(&block.term)));
        }
        let next = label.map_or(0, |l| l + 1);
        cx.pos = block.insns.len();
        cx.flags_only = false;
        cx.want = None;
        let fused = fused_condition(block).map(|cc| insn::mutate_cc(cc, cx.mutations));
        cx.compile_term(&block.term, next, fused)?;
        let returns = matches!(block.term.kind, TermKind::Ret(..));
        cx.exits.push((!returns).then_some((cx.cache, cx.dirty)));
    }
    if let Some(at) = reserve_at {
        compact::compact_frame(&cx.frame, &mut cx.out, at);
    }
    frameless::drop_frame_pointer(&mut cx.out);
    Ok(MFunc {
        name: f.name.clone(),
        insts: cx.out,
    })
}

/// The register the result of instruction `i` of `block` is wanted in:
/// when the very next instruction is a call that passes it as one of its
/// first six arguments, that argument's register; when `i` is the last
/// instruction and the block returns it, `rax`. Computing it there saves
/// the copy the call or the `ret` would make.
fn wanted_in(block: &spec::Block, i: usize) -> Option<Reg> {
    let x = block.insns.get(i)?.result.as_deref()?;
    let is_x = |op: &Operand| matches!(&op.kind, OperandKind::Id(y) if y == x);
    match block.insns.get(i + 1) {
        Some(next) => match &next.kind {
            InsnKind::Call { callee, args, .. } if !is_x(callee) => {
                let k = args.iter().position(|(_, op)| is_x(op))?;
                Reg::ARGS.get(k).copied()
            }
            _ => None,
        },
        None => match &block.term.kind {
            TermKind::Ret(_, Some(op)) if is_x(op) => Some(Reg::Rax),
            _ => None,
        },
    }
}

/// The condition of the block's last instruction when it is the `icmp`
/// whose result the block's `cbr` tests.
fn fused_condition(block: &spec::Block) -> Option<crate::minst::Cc> {
    let TermKind::Cbr(op, ..) = &block.term.kind else {
        return None;
    };
    let last = block.insns.last()?;
    match (&op.kind, &last.result, &last.kind) {
        (OperandKind::Id(x), Some(r), InsnKind::Icmp { cnd, .. }) if x == r => {
            Some(insn::cc_of(*cnd))
        }
        _ => None,
    }
}

impl FnCtx<'_> {
    /// True when the block's last instruction is an `icmp` that its `cbr`
    /// tests and that no other block uses.
    fn flags_only_icmp(&self, block: &spec::Block) -> bool {
        fused_condition(block).is_some()
            && block
                .insns
                .last()
                .and_then(|i| i.result.as_deref())
                .and_then(|r| self.frame.slots.get(r))
                .is_some_and(|disp| !self.live.crosses.contains(disp))
    }

    /// At the start of block `b` (its label just emitted): when one edge
    /// alone enters it, from a block already selected, the registers still
    /// hold what they held at that block's branch, results not yet stored
    /// included (see [`FnCtx::flush`]); otherwise nothing is known.
    fn inherit(&mut self, b: usize) {
        let held = self
            .live
            .sole_pred
            .get(b)
            .copied()
            .flatten()
            .and_then(|p| self.exits.get(p).copied().flatten());
        if let Some((cache, dirty)) = held {
            self.cache = cache;
            self.dirty = dirty;
        }
    }

    /// An error located at `span` in this function.
    fn error(&self, span: Span, message: impl Into<String>) -> CodegenError {
        CodegenError::new(&self.fdecl.name, span, message)
    }

    /// Appends an instruction and updates what the registers are known to
    /// hold: a label or a return forgets everything, a write forgets the
    /// register written, and a load or store of a local's slot (or a copy)
    /// records that the register holds that local. Slots are never
    /// addressable by the program, so no store through a pointer changes one.
    fn emit(&mut self, i: MInst) {
        match i.writes() {
            None => {
                self.cache = [None; Reg::ALL.len()];
                self.dirty = [false; Reg::ALL.len()];
            }
            Some(regs_mask) => {
                let written = Reg::ALL
                    .into_iter()
                    .filter(move |r| regs_mask & (1 << r.index()) != 0);
                for r in written.clone() {
                    self.evict(r);
                }
                let copied = match i {
                    MInst::MovRR(_, s) => self.cache[s.index()],
                    _ => None,
                };
                for r in written {
                    self.cache[r.index()] = None;
                    self.dirty[r.index()] = false;
                }
                match i {
                    MInst::MovRR(d, _) => self.cache[d.index()] = copied,
                    MInst::Load(
                        d,
                        Mem {
                            base: Reg::Rbp,
                            disp,
                        },
                    ) if self.frame.is_slot(disp) => self.cache[d.index()] = Some(disp),
                    MInst::Store(
                        Mem {
                            base: Reg::Rbp,
                            disp,
                        },
                        s,
                    ) if self.frame.is_slot(disp) => {
                        for (c, d) in self.cache.iter_mut().zip(self.dirty.iter_mut()) {
                            if *c == Some(disp) {
                                *c = None;
                                *d = false;
                            }
                        }
                        self.cache[s.index()] = Some(disp);
                    }
                    _ => {}
                }
            }
        }
        self.out.push(i);
    }

    /// True when the local in slot `disp` may still be read from its slot:
    /// it is live when this block branches, or a later instruction in this
    /// block uses it, or the current one does and has not read all its
    /// operands yet.
    fn needed(&self, disp: i32) -> bool {
        self.live.live_after(self.block, disp)
            || self
                .live
                .last_use
                .get(self.block)
                .and_then(|m| m.get(&disp))
                .is_some_and(|&at| at > self.pos || (at == self.pos && !self.uses_done))
    }

    /// Before `r` is overwritten: stores the result it holds to its slot if
    /// that result was never stored and is still needed.
    fn evict(&mut self, r: Reg) {
        let i = r.index();
        if let (Some(true), Some(Some(disp))) = (self.dirty.get(i), self.cache.get(i)) {
            let disp = *disp;
            if self.needed(disp) {
                self.out.push(MInst::Store(
                    Mem {
                        base: Reg::Rbp,
                        disp,
                    },
                    r,
                ));
            }
            self.dirty[i] = false;
        }
    }

    /// At the end of a block, before its branch: stores every result not
    /// yet stored that a successor starting from the slots may read (stores
    /// leave the flags alone). The others stay dirty for the successors
    /// that inherit the registers (they store them if they need to); a
    /// successor that starts from the slots does not read them.
    fn flush(&mut self) {
        for r in Reg::ALL {
            let i = r.index();
            if let (Some(true), Some(Some(disp))) = (self.dirty.get(i), self.cache.get(i)) {
                let disp = *disp;
                if self.live.slot_read_after(self.block, disp) {
                    self.out.push(MInst::Store(
                        Mem {
                            base: Reg::Rbp,
                            disp,
                        },
                        r,
                    ));
                    self.dirty[i] = false;
                }
            }
        }
    }

    /// The address of the entry-block `alloca` that `op` names, if it does.
    fn alloca_mem(&self, op: &Operand) -> Option<Mem> {
        match &op.kind {
            OperandKind::Id(x) => self.frame.alloca_areas.get(x.as_str()).map(|&disp| Mem {
                base: Reg::Rbp,
                disp,
            }),
            _ => None,
        }
    }

    /// `push rbp; mov rbp, rsp; sub rsp, FRAME` (FRAME fixed once the body
    /// is selected, `compact.rs`). The register parameters stay in their
    /// registers, dirty: they reach their slots only when needed, like any
    /// result. The entry `main(i64, i8**)` gets argc from C as an `int`:
    /// sign-extend `edi` first.
    fn prologue(&mut self) {
        self.emit(MInst::Push(Reg::Rbp));
        self.emit(MInst::MovRR(Reg::Rbp, Reg::Rsp));
        if self.frame.size > 0 {
            self.emit(MInst::AluRI(Alu::Sub, Reg::Rsp, self.frame.size));
        }
        if self.fdecl.name == "main" && self.fdecl.params.len() == 2 {
            self.emit(MInst::Movsxd(Reg::Rdi, Reg::Rdi));
        }
        for (i, (name, _)) in self.fdecl.params.iter().enumerate().take(Reg::ARGS.len()) {
            if let (Some(&disp), Some(&r)) = (self.frame.slots.get(name.as_str()), Reg::ARGS.get(i))
            {
                for (c, d) in self.cache.iter_mut().zip(self.dirty.iter_mut()) {
                    if *c == Some(disp) {
                        *c = None;
                        *d = false;
                    }
                }
                self.cache[r.index()] = Some(disp);
                self.dirty[r.index()] = true;
            }
        }
    }

    /// `mov rsp, rbp; pop rbp; ret`.
    fn epilogue(&mut self) {
        self.emit(MInst::MovRR(Reg::Rsp, Reg::Rbp));
        self.emit(MInst::Pop(Reg::Rbp));
        self.emit(MInst::Ret);
    }

    /// The slot of local `%name`.
    fn slot(&self, name: &str, span: Span) -> Result<Mem, CodegenError> {
        self.frame
            .slots
            .get(name)
            .map(|&disp| Mem {
                base: Reg::Rbp,
                disp,
            })
            .ok_or_else(|| self.error(span, format!("%{name} is not defined in this function")))
    }

    /// The symbol `@name` names.
    fn sym(&self, name: &str, span: Span) -> Result<Sym, CodegenError> {
        self.syms.resolve(name).ok_or_else(|| {
            self.error(
                span,
                format!("@{name} names no global, function or runtime function"),
            )
        })
    }

    /// Loads the value of an operand (the spec's `interp_operand`) into `r`.
    fn operand(&mut self, op: &Operand, r: Reg) -> Result<(), CodegenError> {
        let i = match &op.kind {
            OperandKind::Null => MInst::MovRI(r, 0),
            OperandKind::Const(n) => MInst::MovRI(r, *n),
            OperandKind::Gid(g) => match self.sym(g, op.span)? {
                Sym::Runtime(rt) => MInst::LoadRt(r, rt),
                s => MInst::LeaSym(r, s),
            },
            OperandKind::Id(x) => {
                if let Some(m) = self.alloca_mem(op) {
                    MInst::Lea(r, m)
                } else {
                    let m = self.slot(x, op.span)?;
                    let held = Reg::ALL
                        .iter()
                        .zip(&self.cache)
                        .find(|(_, c)| **c == Some(m.disp));
                    match held {
                        Some((&k, _)) if k == r => return Ok(()),
                        Some((&k, _)) => MInst::MovRR(r, k),
                        None => MInst::Load(r, m),
                    }
                }
            }
        };
        self.emit(i);
        Ok(())
    }

    /// Records that `r` holds the instruction's result (if it has one); the
    /// result reaches its slot only if it is still needed when `r` is reused
    /// or the block ends (see `live.rs`).
    fn store_result(
        &mut self,
        result: &Option<String>,
        r: Option<Reg>,
        span: Span,
    ) -> Result<(), CodegenError> {
        if let (Some(name), Some(r)) = (result, r) {
            let m = self.slot(name, span)?;
            if self.cache.get(r.index()).copied().flatten() != Some(m.disp) {
                self.evict(r);
            }
            for (c, d) in self.cache.iter_mut().zip(self.dirty.iter_mut()) {
                if *c == Some(m.disp) {
                    *c = None;
                    *d = false;
                }
            }
            self.cache[r.index()] = Some(m.disp);
            self.dirty[r.index()] = true;
        }
        Ok(())
    }

    /// The value of `op` if it is a constant that fits an `imm32`.
    fn imm32(op: &Operand) -> Option<i32> {
        match op.kind {
            OperandKind::Const(n) => i32::try_from(n).ok(),
            OperandKind::Null => Some(0),
            _ => None,
        }
    }

    /// `dst += imm` for any 64-bit `imm` (through a scratch register when
    /// it does not fit 32 bits).
    fn add_imm(&mut self, dst: Reg, imm: i64) {
        if imm == 0 {
            return;
        }
        match i32::try_from(imm) {
            Ok(v) => self.emit(MInst::AluRI(Alu::Add, dst, v)),
            Err(_) => {
                let t = self.pick(&[dst]);
                self.emit(MInst::MovRI(t, imm));
                self.emit(MInst::Alu(Alu::Add, dst, t));
            }
        }
    }
}

//! The machine's execution (the spec's "Machine Execution" and
//! "Instructions"): `interp_call` and `interp_cfg`, one function per
//! instruction. LLVMlite calls do not recurse on the host: the active calls
//! are an explicit stack of frames, so deep LLVMlite recursion ends in
//! `call-depth-exceeded` (too many calls) or `stack-exhausted` (calls that
//! would need more native stack than `spec::limits::STACK_BUDGET_BYTES`),
//! never in a host stack overflow.

use crate::memory::{AllocKind, Memory};
use crate::report;
use crate::resolve::{FunRef, Func, Op, Program, Term};
use crate::tytable::{TyId, TyTable};
use crate::value::{Ptr, Undef, UndefWhy, Value, FUNC_BIT, HEAP_BIT, NULL_BLOCK};
use spec::{LimitKind, Source, UndefinedKind};

/// Why the machine stopped before `main` returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The machine crashed (an undefined outcome), with the message.
    Undefined(UndefinedKind, String),
    /// A resource limit.
    Limit(LimitKind),
    /// Something the checker should have rejected.
    Internal(String),
}

/// An active call: which function, where it is, where its locals start,
/// and the caller's slot for its result.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Function number.
    pub func: u32,
    /// Current block.
    pub block: u32,
    /// Current instruction (for a caller: its call instruction).
    pub pc: u32,
    /// First slot of its locals in `Machine::locals`.
    pub base: usize,
    /// The caller's slot for the result.
    pub dst: Option<u32>,
    /// The frame's unique number (its stack block's `gen`).
    pub serial: u32,
    /// Where its allocations start in `Memory::words`.
    pub words_base: usize,
    /// Where its allocations start in `Memory::allocs`.
    pub allocs_base: u32,
    /// How many cells it takes (locals and allocations).
    pub cells: u64,
    /// The stack bytes the calls below it needed (`Machine::stack_bytes`
    /// before it was pushed, and again once it returns).
    pub stack_below: u64,
    /// The stack bytes it needs in LLVM's model so far: `Func::entry_bytes`
    /// and the `stack` bytes of each run of an `alloca` outside the entry
    /// block.
    pub llvm_bytes: u64,
    /// Where its allocas outside the entry block start in
    /// `Machine::last_alloca`.
    pub rerun_base: u32,
}

/// The machine state: program, memory, locals, the call stack, output and
/// the budgets left.
pub struct Machine<'p> {
    pub(crate) prog: &'p Program,
    pub(crate) src: Option<&'p Source>,
    pub(crate) tys: TyTable,
    pub(crate) mem: Memory,
    pub(crate) frames: Vec<Frame>,
    pub(crate) locals: Vec<Value>,
    /// Where the innermost frame's locals end: `locals[..locals_top]` are
    /// the active frames' (the vector itself keeps its longest length, so
    /// a call writes its locals in place instead of pushing them).
    locals_top: usize,
    pub(crate) stdout: Vec<u8>,
    pub(crate) fuel: u64,
    pub(crate) max_depth: usize,
    pub(crate) max_cells: u64,
    /// The stack bytes the active calls need (each `Func::frame_bytes`).
    pub(crate) stack_bytes: u64,
    /// The most `stack_bytes` before `stack-exhausted`.
    pub(crate) max_stack_bytes: u64,
    serial: u32,
    pub(crate) idx_buf: Vec<i64>,
    fuel_at_start: u64,
    trace: Option<Tracer<'p>>,
    pub(crate) recorder: Option<crate::record::Recorder>,
    /// Whether a new frame's locals are first set to "unset": needed only
    /// where a local may be read before its definition ran, which the
    /// checker's dominance rule excludes (see `lib::run_inner`).
    pub(crate) fill_unset: bool,
    /// Per GEP, what it did last (see `fast`).
    pub(crate) gep_memo: Vec<crate::fast::GepMemo>,
    /// Per active frame and `alloca` outside its entry block (from the
    /// frame's `rerun_base`): the allocation its last run made, or
    /// `NO_ALLOC`; the one its next run supersedes.
    pub(crate) last_alloca: Vec<u32>,
}

/// `Machine::last_alloca` before an `alloca` has run in its frame.
pub(crate) const NO_ALLOC: u32 = u32::MAX;

/// Where the innermost call is: its function (number and code), where
/// its locals start, its block and instruction.
#[derive(Clone, Copy)]
struct Position<'p> {
    fidx: u32,
    func: &'p Func,
    base: usize,
    block: u32,
    pc: usize,
}

/// A trace hook.
type Tracer<'p> = Box<dyn FnMut(&TraceStep) + 'p>;

/// One step of a traced run: the instruction or terminator about to execute
/// and the call depth (0 is the entry function); or, right after an
/// instruction that defines a local (other than a call), that instruction
/// again with the value it defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// Where it is.
    pub location: spec::Location,
    /// How many calls are active below it.
    pub depth: usize,
    /// `None` before the step; after it, the value defined (`42`, `undef`,
    /// `ptr(global#0, [0, 1])`).
    pub result: Option<String>,
}

impl<'p> Machine<'p> {
    /// A machine for `prog` with empty memory and the given budgets.
    pub fn new(
        prog: &'p Program,
        tys: TyTable,
        src: Option<&'p Source>,
        fuel: u64,
        max_depth: usize,
        max_cells: u64,
    ) -> Machine<'p> {
        Machine {
            prog,
            src,
            tys,
            mem: Memory::default(),
            frames: Vec::new(),
            locals: Vec::new(),
            locals_top: 0,
            stdout: Vec::new(),
            fuel,
            max_depth,
            max_cells,
            stack_bytes: 0,
            max_stack_bytes: spec::limits::STACK_BUDGET_BYTES,
            serial: 0,
            idx_buf: Vec::new(),
            fuel_at_start: fuel,
            trace: None,
            recorder: None,
            fill_unset: true,
            gep_memo: vec![crate::fast::GepMemo::default(); prog.geps as usize],
            last_alloca: Vec::new(),
        }
    }

    /// Calls `f` before every instruction and terminator the machine
    /// executes (a traced run is slower; an untraced one pays nothing).
    pub fn set_trace(&mut self, f: impl FnMut(&TraceStep) + 'p) {
        self.trace = Some(Box::new(f));
    }

    fn trace_step(&mut self, func: u32, block: u32, pc: usize, result: Option<String>) {
        let step = TraceStep {
            location: report::location(self.prog, self.src, func, block, pc as u32),
            depth: self.frames.len().saturating_sub(1),
            result,
        };
        if let Some(t) = self.trace.as_mut() {
            t(&step);
        }
    }

    /// The text of a simple value for traces: `42`, `undef`,
    /// `ptr(global#0, [0, 1])`.
    fn show_value(&self, v: &Value) -> String {
        match v {
            Value::Int(n) => n.to_string(),
            Value::Undef(_) => "undef".into(),
            Value::Ptr(p) => {
                let block = match self.mem.alloc(p) {
                    Ok(a) => match a.kind {
                        AllocKind::Global(n) => format!("global#{n}"),
                        AllocKind::Heap(n) => format!("heap#{n}"),
                        AllocKind::Stack { depth, .. } => format!("frame#{depth}"),
                    },
                    Err(_) if p.block == NULL_BLOCK => "null".to_string(),
                    Err(_) if p.block & FUNC_BIT != 0 => {
                        format!("function#{}", p.block & !FUNC_BIT)
                    }
                    Err(_) if p.block & HEAP_BIT != 0 => format!("heap#{}", p.block & !HEAP_BIT),
                    Err(_) => "freed frame".to_string(),
                };
                match self.mem.path_of(&self.tys, p) {
                    Some(path) => format!("ptr({block}, {path:?})"),
                    None => format!("ptr({block})"),
                }
            }
        }
    }

    /// Instructions and terminators executed so far.
    pub fn executed(&self) -> u64 {
        self.fuel_at_start - self.fuel
    }

    /// The frames of the active calls, outermost first.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Everything printed so far.
    pub fn take_stdout(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.stdout)
    }

    /// Accounts for `cells` more memory cells, or `memory-exhausted`.
    pub(crate) fn use_cells(&mut self, cells: u64) -> Result<(), Stop> {
        let total = self.mem.cells.saturating_add(cells);
        if total > self.max_cells {
            return Err(Stop::Limit(LimitKind::MemoryExhausted));
        }
        self.mem.cells = total;
        Ok(())
    }

    /// `interp_call` of the entry function: runs it to its return.
    pub fn interp_call_entry(&mut self, func: u32, args: Vec<Value>) -> Result<Value, Stop> {
        let base = self.locals_top;
        self.locals.truncate(base);
        let nargs = args.len();
        self.locals.extend(args);
        let prog = self.prog;
        let f = prog
            .funcs
            .get(func as usize)
            .ok_or_else(|| Stop::Internal("call of an unknown function".into()))?;
        self.push_frame(func, f, base, nargs, None)?;
        self.interp_cfg()
    }

    /// Allocates the frame of a call of defined function `func` whose
    /// `nargs` arguments are already in `locals[base..]`: the rest of its
    /// locals unset, an empty stack block.
    #[inline(always)]
    fn push_frame(
        &mut self,
        func: u32,
        f: &Func,
        base: usize,
        nargs: usize,
        dst: Option<u32>,
    ) -> Result<(), Stop> {
        if self.frames.len() >= self.max_depth {
            return Err(Stop::Limit(LimitKind::CallDepthExceeded));
        }
        let stack_below = self.stack_bytes;
        let stack_bytes = stack_below.saturating_add(f.frame_bytes);
        if stack_bytes > self.max_stack_bytes {
            return Err(Stop::Limit(LimitKind::StackExhausted));
        }
        // A frame's locals count as memory too (one cell each, given back
        // by `ret` with the frame's allocations).
        let cells = u64::from(f.nslots).max(1);
        self.use_cells(cells)?;
        // Only now, so that a call that fails leaves the count as it was
        // (the fast call path then runs the general rule to the same error).
        self.stack_bytes = stack_bytes;
        let unset = Value::undef(UndefWhy::Unset, 0, 0);
        let top = base + f.nslots as usize;
        if self.locals.len() < top {
            self.locals.resize(top, unset);
        }
        if self.fill_unset {
            if let Some(rest) = self.locals.get_mut(base + nargs..top) {
                rest.fill(unset);
            }
        }
        self.locals_top = top;
        // Frame numbers are 32 bits; a run this long ends as out of fuel.
        // (A `let else`, not `ok_or`: building a `Stop` on every call would
        // cost its drop.)
        // They stay below `SUPERSEDED_BIT`, which marks superseded allocas.
        let Some(serial) = self
            .serial
            .checked_add(1)
            .filter(|&s| s < crate::memory::SUPERSEDED_BIT)
        else {
            return Err(Stop::Limit(LimitKind::FuelExhausted));
        };
        self.serial = serial;
        let rerun_base = self.last_alloca.len() as u32;
        if f.reruns > 0 {
            self.last_alloca
                .resize(rerun_base as usize + f.reruns as usize, NO_ALLOC);
        }
        self.frames.push(Frame {
            func,
            block: 0,
            pc: 0,
            base,
            dst,
            serial: self.serial,
            words_base: self.mem.words.len(),
            allocs_base: self.mem.allocs.len() as u32,
            cells,
            stack_below,
            llvm_bytes: f.entry_bytes,
            rerun_base,
        });
        Ok(())
    }

    /// The span of the instruction the innermost call is at.
    pub fn current_span(&self) -> spec::Span {
        self.frames
            .last()
            .and_then(|f| {
                let code = self
                    .prog
                    .funcs
                    .get(f.func as usize)?
                    .blocks
                    .get(f.block as usize)?;
                self.prog.sites.get((code.first_site + f.pc) as usize)
            })
            .map_or(spec::Span::DUMMY, |s| s.span)
    }

    /// Writes the innermost frame's position (block and instruction),
    /// which the run loop otherwise keeps in variables.
    #[inline(always)]
    pub(crate) fn set_pos(&mut self, block: u32, pc: usize) {
        if let Some(f) = self.frames.last_mut() {
            f.block = block;
            f.pc = pc as u32;
        }
    }

    /// The innermost frame's position, to run from.
    #[inline(always)]
    fn position(&self) -> Result<Position<'p>, Stop> {
        let prog = self.prog;
        let Some(fr) = self.frames.last() else {
            return Err(Stop::Internal("no active call".into()));
        };
        let Some(func) = prog.funcs.get(fr.func as usize) else {
            return Err(Stop::Internal("unknown function".into()));
        };
        Ok(Position {
            fidx: fr.func,
            func,
            base: fr.base,
            block: fr.block,
            pc: fr.pc as usize,
        })
    }

    /// `interp_cfg`: executes instructions and terminators of the current
    /// frame (and the frames of the calls it makes) until the outermost
    /// call returns; its result.
    pub fn interp_cfg(&mut self) -> Result<Value, Stop> {
        if self.trace.is_some() {
            self.run_cfg::<true>()
        } else {
            self.run_cfg::<false>()
        }
    }

    /// The loop of `interp_cfg`, with or without a trace hook. The
    /// innermost call's position (function, locals, block, instruction) is
    /// kept in variables; its frame's `block` and `pc` are written only when
    /// something may read them: before a call, a general rule, or a return
    /// from `interp_cfg`.
    fn run_cfg<const TRACE: bool>(&mut self) -> Result<Value, Stop> {
        // Fast paths skip the recorder, so they are off while recording.
        let fast = !TRACE && self.recorder.is_none();
        let mut at = self.position()?;
        'blocks: loop {
            let Position {
                fidx,
                func,
                base,
                block,
                mut pc,
            } = at;
            let code = func
                .blocks
                .get(block as usize)
                .ok_or_else(|| Stop::Internal("unknown block".into()))?;
            let insns = code.insns.as_slice();
            let n = insns.len();
            // Fuel for the rest of the block (instructions and terminator)
            // is charged at once when there is enough; what a call or an
            // error leaves unexecuted is given back.
            let rest = (n.saturating_sub(pc) + 1) as u64;
            let charged = self.fuel >= rest;
            // The common case: fuel paid, no hook, every instruction in its
            // fast path (or a call entering its frame); the first that is
            // not goes to the general loop below.
            let mut all_fast = false;
            if charged {
                self.fuel -= rest;
                if fast {
                    loop {
                        let Some(insn) = insns.get(pc) else {
                            all_fast = true;
                            break;
                        };
                        if self.fast_insn(insn, base) {
                            pc += 1;
                            continue;
                        }
                        // A call of a defined function that enters its
                        // frame; any error is raised again below.
                        if let Some(callee) = self.fast_call(insn, base, block, pc) {
                            self.fuel += (n - pc) as u64;
                            at = callee;
                            continue 'blocks;
                        }
                        break;
                    }
                }
            }
            if !all_fast {
                while let Some(insn) = insns.get(pc) {
                    self.before_step::<TRACE>(charged, fidx, block, pc)?;
                    if fast && self.fast_insn(insn, base) {
                        pc += 1;
                        continue;
                    }
                    self.set_pos(block, pc);
                    let r = self.interp_insn(insn, base, code.first_site + pc as u32);
                    if let Ok(true) = r {
                        if charged {
                            self.fuel += (n - pc) as u64;
                        }
                        at = self.position()?;
                        continue 'blocks;
                    }
                    if let Err(e) = r {
                        if charged {
                            self.fuel += (n - pc) as u64;
                        }
                        return Err(e);
                    }
                    if TRACE {
                        if let Some(dst) = insn.dst() {
                            let shown = self.show_value(self.local(base, dst));
                            self.trace_step(fidx, block, pc, Some(shown));
                        }
                    }
                    pc += 1;
                }
                self.before_step::<TRACE>(charged, fidx, block, pc)?;
            }
            let next = match &code.term {
                Term::Br(b) => *b,
                Term::Cbr(op, t, f) => match self.interp_cbr(*op, base) {
                    Ok(c) => {
                        if c {
                            *t
                        } else {
                            *f
                        }
                    }
                    Err(e) => {
                        self.set_pos(block, pc);
                        return Err(e);
                    }
                },
                Term::Ret(op) => {
                    let v = match op {
                        Some(o) => self.interp_operand(*o, base),
                        None => Value::undef(UndefWhy::Unset, 0, 0),
                    };
                    if self.frames.len() == 1 {
                        // The entry function returns to the machine; its
                        // frame stays so that an undef result has a location.
                        self.set_pos(block, pc);
                        return Ok(v);
                    }
                    at = self.interp_ret(v)?;
                    continue;
                }
            };
            at = Position {
                block: next,
                pc: 0,
                ..at
            };
        }
    }

    /// Before the instruction or terminator at `pc` of `func`'s `block`:
    /// the trace hook (when `TRACE`), then one unit of fuel unless the
    /// block's fuel was `charged` at once; when the fuel runs out, the
    /// frame's pc is left at `pc`. Inlined: it is on the hot path.
    #[inline(always)]
    fn before_step<const TRACE: bool>(
        &mut self,
        charged: bool,
        func: u32,
        block: u32,
        pc: usize,
    ) -> Result<(), Stop> {
        if TRACE {
            self.trace_step(func, block, pc, None);
        }
        if !charged {
            if let Err(e) = self.tick() {
                self.set_pos(block, pc);
                return Err(e);
            }
        }
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Stop> {
        if self.fuel == 0 {
            return Err(Stop::Limit(LimitKind::FuelExhausted));
        }
        self.fuel -= 1;
        Ok(())
    }

    /// `ret`: pops the most recent frame (its memory dies), hands the value
    /// to the caller and resumes it after its call: the caller's position.
    #[inline(always)]
    fn interp_ret(&mut self, v: Value) -> Result<Position<'p>, Stop> {
        let prog = self.prog;
        let Some(fr) = self.frames.pop() else {
            return Err(Stop::Internal("ret with no active call".into()));
        };
        self.locals_top = fr.base;
        self.mem.words.truncate(fr.words_base);
        self.mem.allocs.truncate(fr.allocs_base as usize);
        self.mem.cells = self.mem.cells.saturating_sub(fr.cells);
        self.stack_bytes = fr.stack_below;
        self.last_alloca.truncate(fr.rerun_base as usize);
        let Some(caller) = self.frames.last_mut() else {
            return Err(Stop::Internal("ret to no caller".into()));
        };
        caller.pc += 1;
        let (fidx, base, block, pc) = (caller.func, caller.base, caller.block, caller.pc);
        let Some(func) = prog.funcs.get(fidx as usize) else {
            return Err(Stop::Internal("unknown function".into()));
        };
        if let Some(d) = fr.dst {
            if self.recorder.is_some() {
                self.record_ptr(fidx, d, &v);
            }
            if let Some(l) = self.locals.get_mut(base + d as usize) {
                *l = v;
            }
        }
        Ok(Position {
            fidx,
            func,
            base,
            block,
            pc: pc as usize,
        })
    }

    /// `interp_operand`: a literal is an integer, `@g` and `null` constant
    /// pointers, `%x` the local's value.
    #[inline(always)]
    pub fn interp_operand(&self, op: Op, base: usize) -> Value {
        match op {
            Op::Const(n) => Value::Int(n),
            Op::Local(s) => copy_value(self.local(base, s)),
            Op::Val(k) => self
                .prog
                .consts
                .get(k as usize)
                .copied()
                .unwrap_or(Value::undef(UndefWhy::Unset, 0, 0)),
        }
    }

    #[inline]
    pub(crate) fn local(&self, base: usize, s: u32) -> &Value {
        const UNSET: Value = Value::Undef(Undef {
            why: UndefWhy::Unset,
            site: 0,
            aux: 0,
        });
        self.locals.get(base + s as usize).unwrap_or(&UNSET)
    }

    #[inline]
    pub(crate) fn set_local(&mut self, base: usize, s: u32, v: Value) {
        if self.recorder.is_some() {
            let func = self.frames.last().map_or(0, |f| f.func);
            self.record_ptr(func, s, &v);
        }
        if let Some(l) = self.locals.get_mut(base + s as usize) {
            *l = v;
        }
    }

    /// The operand's value when it is an integer (`None` for undef and
    /// pointers): the fast path of rules that then handle the rest.
    #[inline(always)]
    pub(crate) fn int_of(&self, op: Op, base: usize) -> Option<i64> {
        match op {
            Op::Const(n) => Some(n),
            Op::Local(s) => match self.locals.get(base + s as usize) {
                Some(Value::Int(n)) => Some(*n),
                _ => None,
            },
            Op::Val(_) => None,
        }
    }

    /// An operand that must be an integer (binop, GEP index, runtime
    /// argument): `undef-operand` otherwise, saying where the undef came from.
    #[inline(always)]
    pub(crate) fn int_operand(&self, op: Op, base: usize, what: &str) -> Result<i64, Stop> {
        match op {
            Op::Const(n) => Ok(n),
            Op::Local(s) => match self.local(base, s) {
                Value::Int(n) => Ok(*n),
                v => Err(self.not_int(v, op, what)),
            },
            Op::Val(_) => Err(Stop::Internal(format!("{what} is a pointer constant"))),
        }
    }

    /// `what` followed by the operand as written (`the first operand %x`).
    #[cold]
    #[inline(never)]
    pub(crate) fn named(&self, what: &str, op: Op) -> String {
        let func = self.frames.last().map_or(0, |f| f.func);
        format!("{what} {}", self.prog.operand_text(func, op))
    }

    #[cold]
    #[inline(never)]
    fn not_int(&self, v: &Value, op: Op, what: &str) -> Stop {
        let what = self.named(what, op);
        match v {
            Value::Undef(u) => self.undef_used(UndefinedKind::UndefOperand, u, &what),
            _ => Stop::Internal(format!("{what} is a pointer where an integer is expected")),
        }
    }

    /// The error for using `undef` `u` as `what`.
    #[cold]
    #[inline(never)]
    pub(crate) fn undef_used(&self, kind: UndefinedKind, u: &Undef, what: &str) -> Stop {
        if u.why == UndefWhy::Unset {
            return Stop::Internal(format!("{what} is a local read before its definition ran"));
        }
        Stop::Undefined(
            kind,
            format!(
                "{what} is undef: {}",
                report::undef_origin(self.prog, self.src, u)
            ),
        )
    }

    /// `interp_call`: evaluates the callee and arguments; the callee must be
    /// a function whose declared type is the call's annotated type. A
    /// defined function gets a new frame (`Ok(true)`); a runtime function
    /// runs at once (`Ok(false)`).
    /// `direct` is the defined function a constant callee names.
    pub(crate) fn interp_call(
        &mut self,
        dst: Option<u32>,
        fty: TyId,
        callee: Op,
        args: &[Op],
        direct: Option<u32>,
        base: usize,
    ) -> Result<bool, Stop> {
        if let Some(i) = direct {
            return self.enter_defined(i, dst, fty, args, base).map(|_| true);
        }
        let prog = self.prog;
        let n = match operand_ref(&self.locals, prog, callee, base) {
            Some(Value::Ptr(Ptr { block, .. }))
                if *block != NULL_BLOCK && block & FUNC_BIT != 0 =>
            {
                block & !FUNC_BIT
            }
            Some(Value::Ptr(_)) => {
                return Err(Stop::Undefined(
                    UndefinedKind::BadCall,
                    "the callee is not a pointer to a function".into(),
                ))
            }
            Some(Value::Undef(u)) => {
                return Err(self.undef_used(
                    UndefinedKind::UndefOperand,
                    u,
                    &self.named("the callee", callee),
                ))
            }
            Some(Value::Int(_)) | None => {
                return Err(Stop::Internal("an integer used as a callee".into()))
            }
        };
        match prog.fun_refs.get(n as usize) {
            Some(FunRef::Defined(i)) => self.enter_defined(*i, dst, fty, args, base).map(|_| true),
            Some(FunRef::Runtime(r, types)) => {
                if !types.iter().any(|&t| self.tys.ty_eq(fty, t)) {
                    let name = crate::resolve::Runtime::ALL
                        .iter()
                        .find(|(_, x)| x == r)
                        .map_or("", |(n, _)| n);
                    let canonical = types.first().copied().unwrap_or(fty);
                    return Err(bad_call(&self.tys, name, canonical, fty));
                }
                let vals: Vec<Value> = args.iter().map(|a| self.interp_operand(*a, base)).collect();
                let v = self.call_runtime(*r, &vals)?;
                if let (Some(d), Some(v)) = (dst, v) {
                    self.set_local(base, d, v);
                }
                Ok(false)
            }
            Some(FunRef::Extern(name)) => Err(Stop::Undefined(
                UndefinedKind::BadCall,
                format!("@{name} is declared but has no definition and is not a runtime function"),
            )),
            None => Err(Stop::Internal("unknown function pointer".into())),
        }
    }
}

/// A copy of `v` that reads only what its variant holds (an integer is
/// rebuilt from its payload rather than copied whole, which keeps the CPU's
/// store forwarding working when it was just written).
#[inline]
pub(crate) fn copy_value(v: &Value) -> Value {
    match v {
        Value::Int(n) => Value::Int(*n),
        v => *v,
    }
}

/// The value an operand names, borrowed (`None` for a literal).
#[inline]
pub(crate) fn operand_ref<'a>(
    locals: &'a [Value],
    prog: &'a Program,
    op: Op,
    base: usize,
) -> Option<&'a Value> {
    match op {
        Op::Const(_) => None,
        Op::Local(s) => locals.get(base + s as usize),
        Op::Val(k) => prog.consts.get(k as usize),
    }
}

impl<'p> Machine<'p> {
    /// The common case of `interp_call` (a constant callee naming a
    /// defined function, every check passing): enters the callee's frame
    /// and returns its position. Otherwise returns `None` with nothing
    /// observable changed (locals above the innermost frame are free
    /// space), so that the general rule runs and raises the error.
    #[inline(always)]
    fn fast_call(
        &mut self,
        insn: &crate::resolve::Insn,
        base: usize,
        block: u32,
        pc: usize,
    ) -> Option<Position<'p>> {
        let crate::resolve::Insn::Call {
            dst,
            fty,
            args,
            direct: Some(i),
            ..
        } = insn
        else {
            return None;
        };
        self.set_pos(block, pc);
        self.enter_defined(*i, *dst, *fty, args, base).ok()
    }

    /// The call of defined function `i`: its declared type must be the
    /// call's annotated type `fty`; the arguments (evaluated in the
    /// caller's frame at `base`) start its new frame. The callee's position.
    #[inline(always)]
    fn enter_defined(
        &mut self,
        i: u32,
        dst: Option<u32>,
        fty: TyId,
        args: &[Op],
        base: usize,
    ) -> Result<Position<'p>, Stop> {
        let prog = self.prog;
        let Some(f) = prog.funcs.get(i as usize) else {
            return Err(Stop::Internal("unknown function".into()));
        };
        if !self.tys.ty_eq(fty, f.fun_ty) {
            return Err(bad_call(&self.tys, &f.name, f.fun_ty, fty));
        }
        // The arguments go right after the caller's locals, into the
        // callee's first slots (the vector grows to hold all its slots).
        let new_base = self.locals_top;
        let top = new_base + (f.nslots as usize).max(args.len());
        if self.locals.len() < top {
            self.locals.resize(top, Value::undef(UndefWhy::Unset, 0, 0));
        }
        let (caller, callee) = self.locals.split_at_mut(new_base);
        for (slot, a) in callee.iter_mut().zip(args.iter()) {
            *slot = match *a {
                Op::Const(n) => Value::Int(n),
                Op::Local(s) => match caller.get(base + s as usize) {
                    Some(v) => copy_value(v),
                    None => Value::undef(UndefWhy::Unset, 0, 0),
                },
                Op::Val(k) => match prog.consts.get(k as usize) {
                    Some(v) => *v,
                    None => Value::undef(UndefWhy::Unset, 0, 0),
                },
            };
        }
        self.push_frame(i, f, new_base, args.len(), dst)?;
        if self.recorder.is_some() {
            for k in 0..args.len() {
                let v = *self.local(new_base, k as u32);
                self.record_ptr(i, k as u32, &v);
            }
        }
        Ok(Position {
            fidx: i,
            func: f,
            base: new_base,
            block: 0,
            pc: 0,
        })
    }
}

fn bad_call(tys: &TyTable, name: &str, declared: TyId, annotated: TyId) -> Stop {
    Stop::Undefined(
        UndefinedKind::BadCall,
        format!(
            "the call's annotated type is {} but @{name} has type {}",
            spec::print::print_ty(tys.ty(annotated)),
            spec::print::print_ty(tys.ty(declared))
        ),
    )
}

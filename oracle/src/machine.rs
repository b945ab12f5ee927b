//! The machine state (the spec's configuration: memory, the locals and the
//! call stack), what every rule reads and writes through it (operands,
//! locals, the budgets), and `ControlFlow`, where execution goes after a
//! step. The rules (`insns`, `call`, `gep`, `runtime`) build on this
//! module, the fast paths (`fast`) on the rules, and the run loop
//! (`interp`) on all of them; the stops they return are built in `stop`.

use crate::gep::GepMemo;
use crate::ir::{Func, Op, Program};
use crate::memory::Memory;
use crate::record::{PointerTypeRecord, Recorder};
use crate::report;
use crate::stop::{self, Stop};
use crate::tytable::TyTable;
use crate::value::{Undef, UndefWhy, Value};
use spec::{LimitKind, Location, Source, UndefinedKind};

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
    pub(crate) locals_top: usize,
    pub(crate) stdout: Vec<u8>,
    /// How the C library's stdout buffer stands (`stdio`).
    pub(crate) stdio: crate::stdio::StdoutBuffer,
    /// The place of every pointer a runtime allocation returns before the
    /// block has a type (see `heap`).
    pub(crate) lazy_place: crate::place::PlaceId,
    pub(crate) fuel: u64,
    pub(crate) max_depth: usize,
    pub(crate) max_cells: u64,
    /// The stack bytes the active calls need (each `Func::frame_bytes`).
    pub(crate) stack_bytes: u64,
    /// The most `stack_bytes` before `stack-exhausted`.
    pub(crate) max_stack_bytes: u64,
    /// The last frame number given out.
    pub(crate) serial: u32,
    pub(crate) idx_buf: Vec<i64>,
    fuel_at_start: u64,
    pub(crate) trace: Option<Tracer<'p>>,
    pub(crate) recorder: Option<Recorder>,
    /// Whether a new frame's locals are first set to "unset": needed only
    /// where a local may be read before its definition ran, which the
    /// checker's dominance rule excludes (see `lib::run_inner`).
    pub(crate) fill_unset: bool,
    /// Whether instructions may run by their fast paths (`fast`); with
    /// false every instruction runs by its rule. A trace hook or a
    /// recorder also turns them off (they skip both).
    pub(crate) fast_paths: bool,
    /// Per GEP, what it did last (see `gep::GepMemo`).
    pub(crate) gep_memo: Vec<GepMemo>,
    /// Per active frame and `alloca` outside its entry block (from the
    /// frame's `rerun_base`): the allocation its last run made, or
    /// `NO_ALLOC`; the one its next run supersedes.
    pub(crate) last_alloca: Vec<u32>,
    /// LLVM's memory, for a run that uses it (`Options::memory`): the
    /// memory instructions and runtime functions then act on it, and the
    /// tree memory `mem` stays empty (it still counts the cells).
    pub(crate) llvm: Option<Box<crate::llvm_mem::LlvmMemory>>,
}

/// `Machine::last_alloca` before an `alloca` has run in its frame.
pub(crate) const NO_ALLOC: u32 = u32::MAX;

/// Where the innermost call is: its function (number and code), where
/// its locals start, its block and instruction. The run loop keeps it in
/// variables and writes `block` and `pc` into the frame only when
/// something may read them ([`Machine::set_pos`]).
#[derive(Clone, Copy)]
pub(crate) struct Position<'p> {
    pub(crate) fidx: u32,
    pub(crate) func: &'p Func,
    pub(crate) base: usize,
    pub(crate) block: u32,
    pub(crate) pc: usize,
}

/// Where execution goes next: the one answer that every step of the run
/// loop (`interp_cfg`) gives it, whether an instruction ran by its rule
/// (`interp_insn`, `interp_call`), a terminator ran (`interp_term`) or a
/// run of fast paths ended (`fast_insns`). Errors are not among them: a
/// step that stops the machine returns a [`Stop`].
#[derive(Clone, Copy)]
pub(crate) enum ControlFlow<'p> {
    /// On in the same block: after an instruction its rule ran, with the
    /// next instruction (or the terminator); after a run of fast paths,
    /// with the first instruction they left to its rule (or the
    /// terminator).
    Continue,
    /// On at this position: the entry block of a defined function whose
    /// call pushed its frame, the block a branch names, or the caller
    /// right after its call once `ret` popped the callee's frame.
    ContinueAt(Position<'p>),
    /// The entry function returned this value: the run is over.
    Return(Value),
}

/// A trace hook.
pub(crate) type Tracer<'p> = Box<dyn FnMut(&TraceStep) + 'p>;

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

impl TraceStep {
    /// The step as `lloracle run --trace` shows it, indented by its call
    /// depth (at most 40 levels): before the step, `@f block#index: text`
    /// (`text` its line of `src`); after it, `= value`.
    pub fn line(&self, src: &Source) -> String {
        let indent = self.depth.min(40) * 2;
        if let Some(value) = &self.result {
            return format!("{:indent$}  = {value}", "");
        }
        let loc = &self.location;
        let text = loc.line.map_or("", |n| src.line_text(n).trim());
        format!(
            "{:indent$}@{} {}#{}: {text}",
            "", loc.function, loc.block, loc.index
        )
    }
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
        let mut tys = tys;
        let void = tys.intern(&spec::Ty::Void);
        let lazy_place = tys.root_place(void);
        Machine {
            prog,
            src,
            tys,
            mem: Memory::default(),
            frames: Vec::new(),
            locals: Vec::new(),
            locals_top: 0,
            stdout: Vec::new(),
            stdio: crate::stdio::StdoutBuffer::default(),
            lazy_place,
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
            fast_paths: true,
            gep_memo: vec![GepMemo::default(); prog.geps as usize],
            last_alloca: Vec::new(),
            llvm: None,
        }
    }

    /// Calls `f` before every instruction and terminator the machine
    /// executes (a traced run is slower; an untraced one pays nothing).
    pub fn set_trace(&mut self, f: impl FnMut(&TraceStep) + 'p) {
        self.trace = Some(Box::new(f));
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

    /// The location of the innermost active call and the call sites of the
    /// others, innermost first.
    pub fn locations(&self) -> (Location, Vec<Location>) {
        let mut locs = self
            .frames
            .iter()
            .rev()
            .map(|f| report::location(self.prog, self.src, f.func, f.block, f.pc));
        let here = locs.next().unwrap_or(Location {
            function: String::new(),
            block: String::new(),
            index: 0,
            line: None,
        });
        (here, locs.collect())
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
    pub(crate) fn position(&self) -> Result<Position<'p>, Stop> {
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

    /// Local `s` of the frame whose locals start at `base` ("unset" past
    /// the end).
    #[inline]
    pub(crate) fn local(&self, base: usize, s: u32) -> &Value {
        const UNSET: Value = Value::Undef(Undef {
            why: UndefWhy::Unset,
            site: 0,
            aux: 0,
        });
        self.locals.get(base + s as usize).unwrap_or(&UNSET)
    }

    /// Sets local `s` of the innermost frame (whose locals start at
    /// `base`) to `v`, recording it when recording.
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

    /// Records `v` as assigned to slot `slot` of function `func`, when
    /// recording (see `record`).
    #[inline]
    pub(crate) fn record_ptr(&mut self, func: u32, slot: u32, v: &Value) {
        if let Some(rec) = self.recorder.as_mut() {
            rec.record(&self.tys, func, slot, v);
        }
    }

    /// Where values came from addresses in LLVM's memory (a pointer's
    /// bytes read as an integer), as the loads' locations.
    pub(crate) fn address_uses(&self) -> Vec<String> {
        self.llvm.as_deref().map_or_else(Vec::new, |l| {
            l.address_uses
                .iter()
                .map(|&s| report::site_text(self.prog, self.src, s))
                .collect()
        })
    }

    /// The records gathered (none unless recording).
    pub(crate) fn take_records(&mut self) -> Vec<PointerTypeRecord> {
        match self.recorder.take() {
            Some(rec) => rec.into_records(self.prog, &self.tys),
            None => Vec::new(),
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
            Value::Undef(u) => {
                stop::undef_used(self.prog, self.src, UndefinedKind::UndefOperand, u, &what)
            }
            _ => Stop::Internal(format!("{what} is a pointer where an integer is expected")),
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

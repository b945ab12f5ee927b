//! The machine's execution (the spec's "Machine Execution"): `interp_cfg`,
//! the loop that runs the innermost call's instructions and terminators
//! (`interp_insn`, `interp_term`), one step at a time, and goes where each
//! step's `ControlFlow` says (on in the block, into a callee, to a branch's
//! block, back to the caller, or out). Where a fast path applies (`fast`),
//! the instruction runs by it instead of its rule, with the same result;
//! tracing (`lloracle run --trace`) happens here.

use crate::ir::Insn;
use crate::machine::{ControlFlow, Machine, Position, TraceStep};
use crate::memory::AllocKind;
use crate::report;
use crate::stop::Stop;
use crate::value::{Value, FUNC_BIT, HEAP_BIT, NULL_BLOCK};
use spec::LimitKind;

impl<'p> Machine<'p> {
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

    /// The loop of `interp_cfg`, with or without a trace hook: from the
    /// innermost call's position, one step after another, each saying
    /// where execution goes next ([`ControlFlow`]). The position is kept
    /// in a variable; the frame's `block` and `pc` are written only where
    /// something may read them (a call, a rule, an error, the end of the
    /// run).
    fn run_cfg<const TRACE: bool>(&mut self) -> Result<Value, Stop> {
        // The fast paths skip the trace hook and the recorder.
        let fast = self.fast_paths && !TRACE && self.recorder.is_none();
        let mut at = self.position()?;
        loop {
            match self.step::<TRACE>(&mut at, fast)? {
                ControlFlow::Continue => {}
                ControlFlow::ContinueAt(next) => at = next,
                ControlFlow::Return(v) => return Ok(v),
            }
        }
    }

    /// One step from `at`: the instructions of the block by their fast
    /// paths while those apply (when `fast`), then the next instruction by
    /// its rule (`interp_insn`), or at the end of the block its terminator
    /// (`interp_term`). `at` moves past what ran in the block; where
    /// execution goes next is the step's answer. Inlined: it is the body
    /// of the run loop.
    #[inline(always)]
    fn step<const TRACE: bool>(
        &mut self,
        at: &mut Position<'p>,
        fast: bool,
    ) -> Result<ControlFlow<'p>, Stop> {
        let Some(code) = at.func.blocks.get(at.block as usize) else {
            return Err(Stop::Internal("unknown block".into()));
        };
        if fast {
            if let flow @ ControlFlow::ContinueAt(_) = self.fast_insns(at, code) {
                return Ok(flow);
            }
        }
        let Some(insn) = code.insns.get(at.pc) else {
            self.pay::<TRACE>(*at)?;
            return self.interp_term(*at, &code.term);
        };
        self.pay::<TRACE>(*at)?;
        self.set_pos(at.block, at.pc);
        let flow = self.interp_insn(insn, at.base, code.first_site + at.pc as u32)?;
        if let ControlFlow::Continue = flow {
            if TRACE {
                self.trace_result(*at, insn);
            }
            at.pc += 1;
        }
        Ok(flow)
    }

    /// Before the instruction or terminator at `at`: the trace hook (when
    /// `TRACE`), then one unit of fuel (`fuel-exhausted` when there is none
    /// left, with the frame's position at `at`). Inlined: it is on the hot
    /// path.
    #[inline(always)]
    fn pay<const TRACE: bool>(&mut self, at: Position<'p>) -> Result<(), Stop> {
        if TRACE {
            self.trace_step(at, None);
        }
        if self.fuel == 0 {
            self.set_pos(at.block, at.pc);
            return Err(Stop::Limit(LimitKind::FuelExhausted));
        }
        self.fuel -= 1;
        Ok(())
    }

    /// Calls the trace hook for the step at `at`, with the value it
    /// defined when `result` is given.
    fn trace_step(&mut self, at: Position<'p>, result: Option<String>) {
        let step = TraceStep {
            location: report::location(self.prog, self.src, at.fidx, at.block, at.pc as u32),
            depth: self.frames.len().saturating_sub(1),
            result,
        };
        if let Some(t) = self.trace.as_mut() {
            t(&step);
        }
    }

    /// After instruction `insn` at `at` ran by its rule: the trace hook
    /// with the value it defined, if it defines a local.
    fn trace_result(&mut self, at: Position<'p>, insn: &Insn) {
        if let Some(dst) = insn.dst() {
            let shown = self.show_value(self.local(at.base, dst));
            self.trace_step(at, Some(shown));
        }
    }

    /// The text of a simple value for traces: `42`, `undef`,
    /// `ptr(global#0, [0, 1])`.
    fn show_value(&self, v: &Value) -> String {
        match v {
            Value::Int(n) => n.to_string(),
            Value::Undef(_) => "undef".into(),
            Value::Addr(a) => match a.prov {
                crate::value::NO_PROV => format!("ptr({:#x})", a.addr),
                p => format!("ptr({:#x}, allocation#{p})", a.addr),
            },
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
}

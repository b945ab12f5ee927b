//! The machine's execution (the spec's "Machine Execution" and
//! "Instructions"): `interp_call` and `interp_cfg`, one function per
//! instruction. LLVMlite calls do not recurse on the host: the active calls
//! are an explicit stack of frames, so deep LLVMlite recursion ends in
//! `call-depth-exceeded`, never in a host stack overflow.

use crate::gep::gep_ptr;
use crate::memory::{mval_of_ty, walk, Access, Memory, StackBlock, Tree};
use crate::report;
use crate::resolve::{FunRef, Insn, Op, Program, Term};
use crate::tytable::{TyId, TyTable};
use crate::value::{BlockId, Path, Ptr, Undef, UndefWhy, Value};
use spec::{Bop, Cnd, LimitKind, Source, UndefinedKind};

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
    pub base: u32,
    /// The caller's slot for the result.
    pub dst: Option<u32>,
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
    pub(crate) stdout: Vec<u8>,
    pub(crate) fuel: u64,
    pub(crate) max_depth: usize,
    pub(crate) max_cells: u64,
    serial: u64,
    idx_buf: Vec<i64>,
    fuel_at_start: u64,
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
            stdout: Vec::new(),
            fuel,
            max_depth,
            max_cells,
            serial: 0,
            idx_buf: Vec::new(),
            fuel_at_start: fuel,
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
        let base = self.locals.len();
        self.locals.extend(args);
        self.push_frame(func, base, None)?;
        self.interp_cfg()
    }

    /// Allocates the frame of a call of defined function `func` whose
    /// arguments are already in `locals[base..]`: the rest of its locals
    /// unset, an empty stack block.
    fn push_frame(&mut self, func: u32, base: usize, dst: Option<u32>) -> Result<(), Stop> {
        if self.frames.len() >= self.max_depth {
            self.locals.truncate(base);
            return Err(Stop::Limit(LimitKind::CallDepthExceeded));
        }
        let f = self
            .prog
            .funcs
            .get(func as usize)
            .ok_or_else(|| Stop::Internal("call of an unknown function".into()))?;
        let unset = Value::undef(UndefWhy::Unset, 0, 0);
        self.locals.resize(base + f.nslots as usize, unset);
        self.serial += 1;
        self.mem.stack.push(StackBlock {
            serial: self.serial,
            forest: Vec::new(),
            cells: 0,
        });
        self.frames.push(Frame {
            func,
            block: 0,
            pc: 0,
            base: base as u32,
            dst,
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

    fn set_pc(&mut self, pc: usize) {
        if let Some(f) = self.frames.last_mut() {
            f.pc = pc as u32;
        }
    }

    /// `interp_cfg`: executes instructions and terminators of the current
    /// frame (and the frames of the calls it makes) until the outermost
    /// call returns; its result.
    pub fn interp_cfg(&mut self) -> Result<Value, Stop> {
        let prog = self.prog;
        'outer: loop {
            let Some(fr) = self.frames.last().copied() else {
                return Err(Stop::Internal("no active call".into()));
            };
            let code = prog
                .funcs
                .get(fr.func as usize)
                .and_then(|f| f.blocks.get(fr.block as usize))
                .ok_or_else(|| Stop::Internal("unknown block".into()))?;
            let base = fr.base as usize;
            let mut pc = fr.pc as usize;
            let n = code.insns.len();
            // Fuel for the rest of the block (instructions and terminator)
            // is charged at once when there is enough; what a call or an
            // error leaves unexecuted is given back.
            let rest = (n.saturating_sub(pc) + 1) as u64;
            let charged = self.fuel >= rest;
            if charged {
                self.fuel -= rest;
            }
            while let Some(insn) = code.insns.get(pc) {
                if !charged {
                    if let Err(e) = self.tick() {
                        self.set_pc(pc);
                        return Err(e);
                    }
                }
                let r = match insn {
                    Insn::Call {
                        dst,
                        fty,
                        callee,
                        args,
                    } => {
                        self.set_pc(pc);
                        match self.interp_call(*dst, *fty, *callee, args, base) {
                            Ok(true) => {
                                if charged {
                                    self.fuel += (n - pc) as u64;
                                }
                                continue 'outer;
                            }
                            Ok(false) => Ok(()),
                            Err(e) => Err(e),
                        }
                    }
                    _ => self.interp_insn(insn, base, code.first_site + pc as u32),
                };
                if let Err(e) = r {
                    if charged {
                        self.fuel += (n - pc) as u64;
                    }
                    self.set_pc(pc);
                    return Err(e);
                }
                pc += 1;
            }
            if !charged {
                if let Err(e) = self.tick() {
                    self.set_pc(pc);
                    return Err(e);
                }
            }
            match &code.term {
                Term::Br(b) => self.goto(*b),
                Term::Cbr(op, t, f) => match self.interp_cbr(*op, base) {
                    Ok(c) => self.goto(if c { *t } else { *f }),
                    Err(e) => {
                        self.set_pc(pc);
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
                        self.set_pc(pc);
                        return Ok(v);
                    }
                    self.interp_ret(v);
                }
            }
        }
    }

    fn tick(&mut self) -> Result<(), Stop> {
        if self.fuel == 0 {
            return Err(Stop::Limit(LimitKind::FuelExhausted));
        }
        self.fuel -= 1;
        Ok(())
    }

    fn goto(&mut self, block: u32) {
        if let Some(f) = self.frames.last_mut() {
            f.block = block;
            f.pc = 0;
        }
    }

    /// `ret`: pops the most recent frame (its memory dies), hands the value
    /// to the caller and resumes it after its call; `Some(v)` when the
    /// outermost call returned `v`.
    fn interp_ret(&mut self, v: Value) -> Option<Value> {
        let fr = self.frames.pop()?;
        self.locals.truncate(fr.base as usize);
        if let Some(s) = self.mem.stack.pop() {
            self.mem.cells = self.mem.cells.saturating_sub(s.cells);
        }
        let Some(caller) = self.frames.last_mut() else {
            return Some(v);
        };
        caller.pc += 1;
        if let Some(d) = fr.dst {
            let slot = caller.base as usize + d as usize;
            if let Some(l) = self.locals.get_mut(slot) {
                *l = v;
            }
        }
        None
    }

    /// `interp_operand`: a literal is an integer, `@g` and `null` constant
    /// pointers, `%x` the local's value.
    #[inline]
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
    fn local(&self, base: usize, s: u32) -> &Value {
        const UNSET: Value = Value::Undef(Undef {
            why: UndefWhy::Unset,
            site: 0,
            aux: 0,
        });
        self.locals.get(base + s as usize).unwrap_or(&UNSET)
    }

    #[inline]
    fn set_local(&mut self, base: usize, s: u32, v: Value) {
        if let Some(l) = self.locals.get_mut(base + s as usize) {
            *l = v;
        }
    }

    /// An operand that must be an integer (binop, GEP index, runtime
    /// argument): `undef-operand` otherwise, saying where the undef came from.
    #[inline]
    fn int_operand(&self, op: Op, base: usize, what: &str) -> Result<i64, Stop> {
        match op {
            Op::Const(n) => Ok(n),
            Op::Local(s) => match self.local(base, s) {
                Value::Int(n) => Ok(*n),
                v => Err(self.not_int(v, what)),
            },
            Op::Val(_) => Err(Stop::Internal(format!("{what} is a pointer constant"))),
        }
    }

    fn not_int(&self, v: &Value, what: &str) -> Stop {
        match v {
            Value::Undef(u) => self.undef_used(UndefinedKind::UndefOperand, u, what),
            _ => Stop::Internal(format!("{what} is a pointer where an integer is expected")),
        }
    }

    /// The error for using `undef` `u` as `what`.
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

    #[inline]
    fn interp_insn(&mut self, insn: &Insn, base: usize, site: u32) -> Result<(), Stop> {
        match insn {
            Insn::Binop { dst, bop, a, b } => {
                let x = self.int_operand(*a, base, "the first operand")?;
                let y = self.int_operand(*b, base, "the second operand")?;
                let r = interp_bop(*bop, x, y)?;
                self.set_local(base, *dst, Value::Int(r));
                Ok(())
            }
            Insn::Icmp { dst, cnd, i1, a, b } => {
                let r = self.interp_icmp(*cnd, *i1, *a, *b, base)?;
                self.set_local(base, *dst, Value::Int(r as i64));
                Ok(())
            }
            Insn::Alloca { dst, ty } => {
                let p = self.interp_alloca(*ty, site)?;
                self.set_local(base, *dst, p);
                Ok(())
            }
            Insn::Load { dst, ty, ptr } => self.interp_load(*dst, *ty, *ptr, base, site),
            Insn::Store { ty, val, ptr } => self.interp_store(*ty, *val, *ptr, base),
            Insn::Gep {
                dst,
                base: t1,
                result,
                ptr,
                idxs,
            } => {
                let v = self.interp_gep(*t1, *result, *ptr, idxs, base, site)?;
                self.set_local(base, *dst, v);
                Ok(())
            }
            Insn::Bitcast { dst, op } => {
                let v = self.interp_operand(*op, base);
                self.set_local(base, *dst, v);
                Ok(())
            }
            Insn::Call { .. } => Err(Stop::Internal("call outside interp_cfg".into())),
        }
    }

    /// `icmp`: signed comparison of integers; pointers only `eq`/`ne`, equal
    /// iff same block and same layout offset.
    fn interp_icmp(&self, cnd: Cnd, i1: bool, a: Op, b: Op, base: usize) -> Result<bool, Stop> {
        if i1 && !matches!(cnd, Cnd::Eq | Cnd::Ne) {
            return Err(Stop::Undefined(
                UndefinedKind::AmbiguousI1Order,
                format!(
                    "icmp {} at type i1: the spec's 1-bit two's complement order and the course back ends' 0/1 order disagree",
                    cnd.keyword()
                ),
            ));
        }
        let va = self.interp_operand(a, base);
        let vb = self.interp_operand(b, base);
        match (&va, &vb) {
            (Value::Int(x), Value::Int(y)) => Ok(interp_cnd(cnd, *x, *y)),
            (Value::Ptr(p), Value::Ptr(q)) => {
                if !matches!(cnd, Cnd::Eq | Cnd::Ne) {
                    return Err(Stop::Undefined(
                        UndefinedKind::PointerOrderCompare,
                        format!(
                            "icmp {} on two pointers: only eq and ne compare pointers",
                            cnd.keyword()
                        ),
                    ));
                }
                let eq = self.ptr_eq(p, q)?;
                Ok(if cnd == Cnd::Eq { eq } else { !eq })
            }
            (Value::Undef(u), _) => {
                Err(self.undef_used(UndefinedKind::UndefOperand, u, "the first operand of icmp"))
            }
            (_, Value::Undef(u)) => {
                Err(self.undef_used(UndefinedKind::UndefOperand, u, "the second operand of icmp"))
            }
            _ => Err(Stop::Undefined(
                UndefinedKind::UndefOperand,
                "icmp compares an integer with a pointer".into(),
            )),
        }
    }

    /// Pointer equality: same block (a stack frame's allocations are each
    /// their own block) and the same layout offset in it. A pointer into a
    /// freed frame is `use-after-return`.
    fn ptr_eq(&self, p: &Ptr, q: &Ptr) -> Result<bool, Stop> {
        for r in [p, q] {
            if let Err(Access::Dead) = self.mem.forest(r.block) {
                return Err(use_after_return("icmp compares a pointer"));
            }
        }
        let paths = &self.mem.paths;
        let key = |r: &Ptr| match r.block {
            BlockId::Stack { .. } => (r.block, paths.get(&r.path).first().copied()),
            b => (b, None),
        };
        if key(p) != key(q) {
            return Ok(false);
        }
        let off = |r: &Ptr| self.tys.path_offset(r.tag, paths.get(&r.path));
        Ok(off(p) == off(q))
    }

    /// `alloca S`: a fresh undef subtree for S appended to the frame.
    fn interp_alloca(&mut self, ty: TyId, site: u32) -> Result<Value, Stop> {
        let cells = self
            .tys
            .cells(ty)
            .ok_or_else(|| Stop::Internal("alloca of a type with no values".into()))?;
        self.use_cells(cells)?;
        let tree = mval_of_ty(&self.tys, ty, site)
            .ok_or_else(|| Stop::Internal("alloca of a type with no values".into()))?;
        let depth = self.mem.stack.len().saturating_sub(1);
        let sb = self
            .mem
            .stack
            .last_mut()
            .ok_or_else(|| Stop::Internal("alloca outside a call".into()))?;
        sb.forest.push(tree);
        sb.cells = sb.cells.saturating_add(cells);
        let k = (sb.forest.len() - 1) as u32;
        let serial = sb.serial;
        Ok(Value::Ptr(Ptr {
            tag: ty,
            block: BlockId::Stack {
                depth: depth as u32,
                serial,
            },
            path: Path::single(k),
        }))
    }

    /// The error for an address operand that is not a pointer.
    fn not_an_address(&self, v: Option<&Value>) -> Stop {
        match v {
            Some(Value::Undef(u)) => {
                self.undef_used(UndefinedKind::UndefPtrDeref, u, "the address")
            }
            _ => Stop::Internal("an integer used as an address".into()),
        }
    }

    /// The effective tag at `p` must be S (`incompatible-tag` otherwise).
    fn tag_check(
        tys: &mut TyTable,
        mem: &Memory,
        p: &Ptr,
        s: TyId,
        what: &str,
    ) -> Result<(), Stop> {
        let eff = tys.effective_tag(p.tag, mem.paths.get(&p.path));
        match eff {
            Some(e) if tys.ty_eq(e, s) => Ok(()),
            _ => Err(incompatible_tag(tys, eff, s, what)),
        }
    }

    /// `load S* OP`: the word at the target, which must have type S. A word
    /// never written gives `undef` (remembering this load and the allocation).
    #[inline]
    fn interp_load(
        &mut self,
        dst: u32,
        ty: TyId,
        ptr: Op,
        base: usize,
        site: u32,
    ) -> Result<(), Stop> {
        let v = {
            let p = match operand_ref(&self.locals, self.prog, ptr, base) {
                Some(Value::Ptr(p)) => p,
                other => return Err(self.not_an_address(other)),
            };
            let forest = self
                .mem
                .forest(p.block)
                .map_err(|a| access_error(a, "load"))?;
            let path = self.mem.paths.get(&p.path);
            let Tree::Word(w) = walk(forest, path).map_err(|a| access_error(a, "load"))? else {
                return Err(not_a_word("load"));
            };
            let eff = self.tys.effective_tag(p.tag, path);
            if !matches!(eff, Some(e) if self.tys.ty_eq(e, ty)) {
                return Err(incompatible_tag(&self.tys, eff, ty, "load"));
            }
            match w {
                Value::Undef(u) if u.why == UndefWhy::Uninit => {
                    Value::undef(UndefWhy::Loaded, site, u.site)
                }
                v => copy_value(v),
            }
        };
        self.set_local(base, dst, v);
        Ok(())
    }

    /// `store S OP1, S* OP2`: overwrites the word at the target, which must
    /// have type S. Storing undef is fine.
    #[inline]
    fn interp_store(&mut self, ty: TyId, val: Op, ptr: Op, base: usize) -> Result<(), Stop> {
        let v = self.interp_operand(val, base);
        let p = match operand_ref(&self.locals, self.prog, ptr, base) {
            Some(Value::Ptr(p)) => p,
            other => return Err(self.not_an_address(other)),
        };
        match self.mem.target(p) {
            Ok(Tree::Word(_)) => {}
            Ok(_) => return Err(not_a_word("store")),
            Err(a) => return Err(access_error(a, "store")),
        }
        Self::tag_check(&mut self.tys, &self.mem, p, ty, "store")?;
        self.mem
            .store_ptr(p, v)
            .map_err(|a| access_error(a, "store"))
    }

    /// `getelementptr`: the indices must be integers (`undef-operand`
    /// otherwise); the result is `gep_ptr`'s pointer or an undef that
    /// remembers the failed check.
    fn interp_gep(
        &mut self,
        t1: TyId,
        result: TyId,
        ptr: Op,
        idxs: &[Op],
        base: usize,
        site: u32,
    ) -> Result<Value, Stop> {
        let mut buf = std::mem::take(&mut self.idx_buf);
        buf.clear();
        for (i, op) in idxs.iter().enumerate() {
            match self.int_operand(*op, base, "a getelementptr index") {
                Ok(n) => buf.push(n),
                Err(e) => {
                    self.idx_buf = buf;
                    let _ = i;
                    return Err(e);
                }
            }
        }
        const NOT_A_POINTER: Value = Value::Int(0);
        let p = operand_ref(&self.locals, self.prog, ptr, base).unwrap_or(&NOT_A_POINTER);
        let r = match gep_ptr(&mut self.mem, &mut self.tys, p, t1, result, &buf) {
            Ok(q) => Value::Ptr(q),
            Err(check) => Value::undef(UndefWhy::BadGep, site, check as u32),
        };
        self.idx_buf = buf;
        Ok(r)
    }

    /// `br i1 OP, ...`: the condition must be the integer 0 or 1.
    fn interp_cbr(&self, op: Op, base: usize) -> Result<bool, Stop> {
        match self.interp_operand(op, base) {
            Value::Int(1) => Ok(true),
            Value::Int(0) => Ok(false),
            Value::Int(n) => Err(Stop::Undefined(
                UndefinedKind::UndefOperand,
                format!("the branch condition is {n}, not 0 or 1"),
            )),
            Value::Undef(u) => {
                Err(self.undef_used(UndefinedKind::UndefOperand, &u, "the branch condition"))
            }
            Value::Ptr(_) => Err(Stop::Internal(
                "a pointer used as a branch condition".into(),
            )),
        }
    }

    /// `interp_call`: evaluates the callee and arguments; the callee must be
    /// a function whose declared type is the call's annotated type. A
    /// defined function gets a new frame (`Ok(true)`); a runtime function
    /// runs at once (`Ok(false)`).
    fn interp_call(
        &mut self,
        dst: Option<u32>,
        fty: TyId,
        callee: Op,
        args: &[Op],
        base: usize,
    ) -> Result<bool, Stop> {
        let prog = self.prog;
        let n = match self.interp_operand(callee, base) {
            Value::Ptr(Ptr {
                block: BlockId::Func(n),
                ..
            }) => n,
            Value::Ptr(_) => {
                return Err(Stop::Undefined(
                    UndefinedKind::BadCall,
                    "the callee is not a pointer to a function".into(),
                ))
            }
            Value::Undef(u) => {
                return Err(self.undef_used(UndefinedKind::UndefOperand, &u, "the callee"))
            }
            Value::Int(_) => return Err(Stop::Internal("an integer used as a callee".into())),
        };
        match prog.fun_refs.get(n as usize) {
            Some(FunRef::Defined(i)) => {
                let f = prog
                    .funcs
                    .get(*i as usize)
                    .ok_or_else(|| Stop::Internal("unknown function".into()))?;
                if !self.tys.ty_eq(fty, f.fun_ty) {
                    return Err(bad_call(&self.tys, &f.name, f.fun_ty, fty));
                }
                let new_base = self.locals.len();
                for a in args {
                    let v = self.interp_operand(*a, base);
                    self.locals.push(v);
                }
                self.push_frame(*i, new_base, dst)?;
                Ok(true)
            }
            Some(FunRef::Runtime(r, types)) => {
                if !types.iter().any(|&t| self.tys.ty_eq(fty, t)) {
                    let name = crate::resolve::Runtime::ALL
                        .iter()
                        .find(|(_, x)| x == r)
                        .map_or("", |(n, _)| n);
                    return Err(bad_call(&self.tys, name, types[0], fty));
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
fn copy_value(v: &Value) -> Value {
    match v {
        Value::Int(n) => Value::Int(*n),
        v => *v,
    }
}

/// The value an operand names, borrowed (`None` for a literal).
#[inline]
fn operand_ref<'a>(
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

fn incompatible_tag(tys: &TyTable, eff: Option<TyId>, s: TyId, what: &str) -> Stop {
    let actual = eff.map_or("no type".to_string(), |e| spec::print::print_ty(tys.ty(e)));
    Stop::Undefined(
        UndefinedKind::IncompatibleTag,
        format!(
            "{what} at type {} but the target was allocated as {actual}",
            spec::print::print_ty(tys.ty(s))
        ),
    )
}

fn not_a_word(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::OutOfBounds,
        format!("{what} through a pointer whose target is a struct, array or string, not a word"),
    )
}

fn use_after_return(what: &str) -> Stop {
    Stop::Undefined(
        UndefinedKind::UseAfterReturn,
        format!("{what} into the frame of a call that has returned"),
    )
}

/// The error of an access through a pointer that reaches no word.
pub(crate) fn access_error(a: Access, what: &str) -> Stop {
    match a {
        Access::Null => Stop::Undefined(
            UndefinedKind::NullDeref,
            format!("{what} through a null pointer"),
        ),
        Access::Dead => use_after_return(&format!("{what} through a pointer")),
        Access::Code => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!("{what} through a function pointer, which points to code, not data"),
        ),
        Access::OutOfBounds => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!("{what} through a pointer whose path reaches no word of its block"),
        ),
    }
}

/// `interp_bop`: add, sub and mul wrap; shifts need an amount in 0..=63.
pub fn interp_bop(bop: Bop, x: i64, y: i64) -> Result<i64, Stop> {
    let amount = || {
        u32::try_from(y).ok().filter(|&s| s < 64).ok_or_else(|| {
            Stop::Undefined(
                UndefinedKind::ShiftOutOfRange,
                format!("{} by {y}: the amount must be in 0..=63", bop.keyword()),
            )
        })
    };
    Ok(match bop {
        Bop::Add => x.wrapping_add(y),
        Bop::Sub => x.wrapping_sub(y),
        Bop::Mul => x.wrapping_mul(y),
        Bop::Shl => x << amount()?,
        Bop::Lshr => ((x as u64) >> amount()?) as i64,
        Bop::Ashr => x >> amount()?,
        Bop::And => x & y,
        Bop::Or => x | y,
        Bop::Xor => x ^ y,
    })
}

/// `interp_cnd`: the signed comparison of two integers.
pub fn interp_cnd(cnd: Cnd, x: i64, y: i64) -> bool {
    match cnd {
        Cnd::Eq => x == y,
        Cnd::Ne => x != y,
        Cnd::Slt => x < y,
        Cnd::Sle => x <= y,
        Cnd::Sgt => x > y,
        Cnd::Sge => x >= y,
    }
}

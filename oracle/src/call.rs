//! `call` and `ret` (the spec's `interp_call` and the `ret` terminator):
//! a call of a defined function pushes a frame, `ret` pops it. LLVMlite
//! calls do not recurse on the host: the active calls are an explicit
//! stack of frames, so deep LLVMlite recursion ends in
//! `call-depth-exceeded` (too many calls) or `stack-exhausted` (calls that
//! would need more native stack than `spec::limits::STACK_BUDGET_BYTES`),
//! never in a host stack overflow.

use crate::ir::{FunRef, Func, Op};
use crate::machine::{copy_value, operand_ref, ControlFlow, Frame, Machine, Position, NO_ALLOC};
use crate::stop::{self, Stop};
use crate::tytable::TyId;
use crate::value::{Ptr, UndefWhy, Value, FUNC_BIT, NULL_BLOCK};
use spec::{LimitKind, UndefinedKind};

impl<'p> Machine<'p> {
    /// Allocates the frame of a call of defined function `func` whose
    /// `nargs` arguments are already in `locals[base..]`: the rest of its
    /// locals unset, an empty stack block.
    #[inline(always)]
    pub(crate) fn push_frame(
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

    /// `ret`: pops the most recent frame (its memory dies), hands the value
    /// to the caller and resumes it after its call: the caller's position.
    #[inline(always)]
    pub(crate) fn interp_ret(&mut self, v: Value) -> Result<Position<'p>, Stop> {
        let prog = self.prog;
        let Some(fr) = self.frames.pop() else {
            return Err(Stop::Internal("ret with no active call".into()));
        };
        self.locals_top = fr.base;
        // Cells buried under a newer heap block stay counted (they stay
        // in memory).
        if !self.mem.free_frame(fr.words_base, fr.allocs_base) {
            self.mem.cells = self.mem.cells.saturating_sub(fr.cells);
        }
        self.stack_bytes = fr.stack_below;
        self.last_alloca.truncate(fr.rerun_base as usize);
        if self.llvm.is_some() {
            self.llvm_free_frame(fr.serial);
        }
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

    /// `interp_call`: evaluates the callee and arguments; the callee must be
    /// a function whose declared type is the call's annotated type. A
    /// defined function gets a new frame, where execution goes on
    /// (`ContinueAt` its entry); a runtime function runs at once
    /// (`Continue`).
    /// `direct` is the defined function a constant callee names.
    pub(crate) fn interp_call(
        &mut self,
        dst: Option<u32>,
        fty: TyId,
        callee: Op,
        args: &[Op],
        direct: Option<u32>,
        base: usize,
    ) -> Result<ControlFlow<'p>, Stop> {
        if let Some(i) = direct {
            return self
                .enter_defined(i, dst, fty, args, base)
                .map(ControlFlow::ContinueAt);
        }
        let prog = self.prog;
        let n = match operand_ref(&self.locals, prog, callee, base) {
            Some(Value::Ptr(Ptr { block, .. }))
                if *block != NULL_BLOCK && block & FUNC_BIT != 0 =>
            {
                block & !FUNC_BIT
            }
            Some(Value::Ptr(_)) => return Err(stop::callee_not_a_function()),
            Some(Value::Addr(a)) => match self.llvm_function_at(a) {
                Some(n) => n,
                None => return Err(stop::callee_not_a_function()),
            },
            Some(Value::Undef(u)) => {
                return Err(stop::undef_used(
                    self.prog,
                    self.src,
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
            Some(FunRef::Defined(i)) => self
                .enter_defined(*i, dst, fty, args, base)
                .map(ControlFlow::ContinueAt),
            Some(FunRef::Runtime(r, types)) => {
                if !types.iter().any(|&t| self.tys.ty_eq(fty, t)) {
                    let name = r.name;
                    let canonical = types.first().copied().unwrap_or(fty);
                    return Err(stop::bad_call(&self.tys, name, canonical, fty));
                }
                let vals: Vec<Value> = args.iter().map(|a| self.interp_operand(*a, base)).collect();
                if r.name == "ll_callback" {
                    return self.ll_callback(&vals, dst, base);
                }
                let v = self.call_runtime(*r, &vals)?;
                if let (Some(d), Some(v)) = (dst, v) {
                    self.set_local(base, d, v);
                }
                Ok(ControlFlow::Continue)
            }
            Some(FunRef::Extern(name)) => Err(stop::no_definition(name)),
            None => Err(Stop::Internal("unknown function pointer".into())),
        }
    }

    /// `int64_t ll_callback(int64_t (*f)(int64_t, int64_t))`: calls
    /// `f(19, 19)` (the CIS341 runtime) and returns its result, here by
    /// entering `f` as if the `ll_callback` call site had called it.
    fn ll_callback(
        &mut self,
        vals: &[Value],
        dst: Option<u32>,
        base: usize,
    ) -> Result<ControlFlow<'p>, Stop> {
        let f = self.callback_target(vals)?;
        let n = match f {
            Value::Addr(a) => self.llvm_function_at(&a),
            Value::Ptr(p) if p.block != NULL_BLOCK && p.block & FUNC_BIT != 0 => {
                Some(p.block & !FUNC_BIT)
            }
            _ => None,
        };
        let fty = self.tys.intern(&spec::Ty::Fun(
            vec![spec::Ty::I64, spec::Ty::I64],
            Box::new(spec::Ty::I64),
        ));
        let args = [Op::Const(19), Op::Const(19)];
        let Some(n) = n else {
            return Err(stop::callee_not_a_function());
        };
        match self.prog.fun_refs.get(n as usize) {
            Some(FunRef::Defined(i)) => self
                .enter_defined(*i, dst, fty, &args, base)
                .map(ControlFlow::ContinueAt),
            Some(FunRef::Runtime(r, types)) if types.iter().any(|&t| self.tys.ty_eq(fty, t)) => {
                let v = self.call_runtime(*r, &[Value::Int(19), Value::Int(19)])?;
                if let (Some(d), Some(v)) = (dst, v) {
                    self.set_local(base, d, v);
                }
                Ok(ControlFlow::Continue)
            }
            _ => Err(stop::callback_not_binary()),
        }
    }

    /// The call of defined function `i`: its declared type must be the
    /// call's annotated type `fty`; the arguments (evaluated in the
    /// caller's frame at `base`) start its new frame. The callee's position.
    #[inline(always)]
    pub(crate) fn enter_defined(
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
            return Err(stop::bad_call(&self.tys, &f.name, f.fun_ty, fty));
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

//! The memory instructions over LLVM's memory: `alloca`, `load`,
//! `store`, `getelementptr` and pointer `icmp`, and the memory the
//! runtime functions read and make. `insns`, `call` and `runtime` hand
//! each of these here when the run uses LLVM's memory, and keep every
//! other part of the rule (operands, the frame, the budgets, the errors'
//! wording) shared with the tree memory.

use crate::ir::{GepInsn, Op};
use crate::llvm_mem::{LlvmMemory, Made, StrFault};
use crate::machine::{operand_ref, Machine};
use crate::memory::Access;
use crate::stop::{self, Stop};
use crate::tytable::{TyId, TyNode};
use crate::value::{Addr, UndefWhy, Value, NO_PROV};
use spec::{Cnd, LimitKind, UndefinedKind};

/// How a load or store at a simple type reads or writes its bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Width {
    /// `i1`: one byte, 0 or 1.
    Bool,
    /// `i64`: eight bytes.
    Int,
    /// A pointer: eight bytes with provenance.
    Ptr,
}

impl Width {
    fn of(node: &TyNode) -> Option<Width> {
        match node {
            TyNode::I1 => Some(Width::Bool),
            TyNode::I64 => Some(Width::Int),
            TyNode::Ptr(_) | TyNode::OpaquePtr => Some(Width::Ptr),
            _ => None,
        }
    }

    fn bytes(self) -> u64 {
        match self {
            Width::Bool => 1,
            _ => 8,
        }
    }
}

impl Machine<'_> {
    /// LLVM's memory, for a run that uses it.
    #[inline(always)]
    fn llvm_mem(&mut self) -> Result<&mut LlvmMemory, Stop> {
        self.llvm
            .as_deref_mut()
            .ok_or_else(|| Stop::Internal("LLVM's memory is not set up".into()))
    }

    /// `alloca S` in LLVM's memory: a new allocation of S's size, its
    /// bytes uninitialised, that dies when the frame returns (each run
    /// of the `alloca` makes another; the earlier ones stay live).
    pub(crate) fn llvm_alloca(&mut self, ty: TyId, site: u32) -> Result<Value, Stop> {
        let tys = &self.tys;
        let Some(l) = self.llvm.as_deref_mut() else {
            return Err(Stop::Internal("LLVM's memory is not set up".into()));
        };
        let size = l
            .types
            .size(tys, ty)
            .ok_or(Stop::Limit(LimitKind::MemoryExhausted))?;
        let cells = size.div_ceil(8).max(1);
        self.use_cells(cells)?;
        let serial = match self.frames.last_mut() {
            Some(f) => {
                f.cells = f.cells.saturating_add(cells);
                f.serial
            }
            None => return Err(Stop::Internal("alloca outside a call".into())),
        };
        let l = self.llvm_mem()?;
        let id = l
            .allocate(size, Made::Stack { serial, site }, false)
            .ok_or(Stop::Limit(LimitKind::MemoryExhausted))?;
        Ok(Value::Addr(l.start(id)))
    }

    /// The address operand of a load or store: a pointer, or the error.
    fn llvm_address(&self, ptr: Op, base: usize) -> Result<Addr, Stop> {
        match operand_ref(&self.locals, self.prog, ptr, base) {
            Some(Value::Addr(a)) => Ok(*a),
            other => Err(self.not_an_address(other, ptr)),
        }
    }

    /// Where `len` bytes through `a` are, for a `what`: the allocation
    /// and offset, or the access's error.
    fn llvm_place(&self, a: &Addr, len: u64, what: &str) -> Result<(u32, usize), Stop> {
        let Some(l) = self.llvm.as_deref() else {
            return Err(Stop::Internal("LLVM's memory is not set up".into()));
        };
        l.check(a, len)
            .map_err(|e| llvm_access_error(l, e, a, len, what))
    }

    /// `load S* OP` in LLVM's memory: the bytes at the address decoded at
    /// S (see the module's documentation); bytes never written give
    /// `undef` (remembering this load and the allocation), an error only
    /// where it is used.
    pub(crate) fn llvm_load(
        &mut self,
        dst: u32,
        ty: TyId,
        ptr: Op,
        base: usize,
        site: u32,
    ) -> Result<(), Stop> {
        let a = self.llvm_address(ptr, base)?;
        let w = Width::of(self.tys.node(ty)).ok_or_else(|| stop::not_a_word("load"))?;
        let (id, off) = self.llvm_place(&a, w.bytes(), "load")?;
        let l = self.llvm_mem()?;
        let origin = l.allocs.get(id as usize).map_or(0, |al| al.origin());
        let v = match w {
            Width::Ptr => l.load_ptr(id, off, site).map(Value::Addr),
            Width::Int => l.load_int(id, off, 8, site).map(|n| Value::Int(n as i64)),
            Width::Bool => match l.load_int(id, off, 1, site) {
                Some(b @ (0 | 1)) => Some(Value::Int(b as i64)),
                Some(b) => Some(Value::undef(UndefWhy::NotABool, site, b as u32)),
                None => None,
            },
        };
        let v = v.unwrap_or(Value::undef(UndefWhy::Loaded, site, origin));
        self.set_local(base, dst, v);
        Ok(())
    }

    /// `store S OP1, S* OP2` in LLVM's memory: the value's bytes at S
    /// (storing `undef` makes them uninitialised again).
    pub(crate) fn llvm_store(
        &mut self,
        ty: TyId,
        val: Op,
        ptr: Op,
        base: usize,
    ) -> Result<(), Stop> {
        let v = self.interp_operand(val, base);
        let a = self.llvm_address(ptr, base)?;
        let w = Width::of(self.tys.node(ty)).ok_or_else(|| stop::not_a_word("store"))?;
        let (id, off) = self.llvm_place(&a, w.bytes(), "store")?;
        let l = self.llvm_mem()?;
        match v {
            Value::Int(n) => l.store_int(id, off, w.bytes() as usize, n as u64),
            Value::Addr(p) => l.store_ptr(id, off, &p),
            Value::Undef(_) => l.store_uninit(id, off, w.bytes() as usize),
            Value::Ptr(_) => return Err(Stop::Internal("a tree pointer in LLVM's memory".into())),
        }
        Ok(())
    }

    /// `getelementptr` in LLVM's memory: the base's address plus the
    /// indices' byte offset in LLVM's layout (wrapping), with the base's
    /// provenance; no check (LLVMlite has no `inbounds`). An undef base
    /// gives undef.
    pub(crate) fn llvm_gep(&mut self, g: &GepInsn, base: usize, site: u32) -> Result<(), Stop> {
        // Up to `SMALL` indices on the host stack, more in a vector.
        const SMALL: usize = 6;
        let mut small = [0i64; SMALL];
        let mut more = Vec::new();
        for (k, op) in g.idxs.iter().enumerate() {
            let i = self.int_operand(*op, base, "a getelementptr index")?;
            match small.get_mut(k) {
                Some(slot) => *slot = i,
                None => more.push(i),
            }
        }
        let idxs: &[i64] = if g.idxs.len() <= SMALL {
            small.get(..g.idxs.len()).unwrap_or(&[])
        } else {
            more.splice(0..0, small);
            &more
        };
        let v = match operand_ref(&self.locals, self.prog, g.ptr, base) {
            Some(Value::Addr(a)) => {
                let a = *a;
                let tys = &self.tys;
                let Some(l) = self.llvm.as_deref_mut() else {
                    return Err(Stop::Internal("LLVM's memory is not set up".into()));
                };
                match l.types.gep_offset(tys, g.base, idxs) {
                    Some(off) => Value::Addr(Addr {
                        addr: a.addr.wrapping_add(off as u64),
                        prov: a.prov,
                    }),
                    None => {
                        Value::undef(UndefWhy::BadGep, site, crate::gep::GepCheck::Subtree as u32)
                    }
                }
            }
            _ => Value::undef(UndefWhy::BadGep, site, crate::gep::GepCheck::Base as u32),
        };
        self.set_local(base, g.dst, v);
        Ok(())
    }

    /// The function a pointer in LLVM's memory is the address of.
    pub(crate) fn llvm_function_at(&self, a: &Addr) -> Option<u32> {
        self.llvm.as_deref()?.function_at(a.addr)
    }

    /// The bytes of the C string at `p` (argument `what` of a runtime
    /// function), up to its NUL.
    pub(crate) fn llvm_string(&self, p: &Addr, what: &str) -> Result<Vec<u8>, Stop> {
        let Some(l) = self.llvm.as_deref() else {
            return Err(Stop::Internal("LLVM's memory is not set up".into()));
        };
        l.c_string(p).map_err(|f| match f {
            StrFault::Access(Access::Null) => {
                stop::bad_runtime_call(format!("{what} is a null pointer"))
            }
            StrFault::Access(e) => llvm_access_error(l, e, p, 1, what),
            StrFault::Uninit => stop::llvm_uninit_used(&format!(
                "{what} (a string with bytes never written before its NUL)"
            )),
            StrFault::NoNul => stop::llvm_out_of_allocation(&format!(
                "{what}: the string has no NUL before the end of its allocation, so C reads past it"
            )),
        })
    }

    /// A new C heap allocation of `bytes` bytes (zeroed or not), as
    /// `malloc` or `calloc` returns it; holding `init` from its start.
    pub(crate) fn llvm_heap(&mut self, bytes: u64, zero: bool, init: &[u8]) -> Result<Value, Stop> {
        self.use_cells(bytes.div_ceil(8))?;
        let l = self.llvm_mem()?;
        let id = l
            .allocate(bytes, Made::Heap, zero)
            .ok_or(Stop::Limit(LimitKind::MemoryExhausted))?;
        for (k, b) in init.iter().enumerate() {
            l.store_int(id, k, 1, u64::from(*b));
        }
        Ok(Value::Addr(l.start(id)))
    }

    /// The `i64` at byte `at` after `p` (a runtime function reading
    /// `what`): `Ok(None)` when its bytes were never written.
    pub(crate) fn llvm_word(&mut self, p: &Addr, at: u64, what: &str) -> Result<Option<i64>, Stop> {
        let q = Addr {
            addr: p.addr.wrapping_add(at),
            prov: p.prov,
        };
        let (id, off) = self.llvm_place(&q, 8, what)?;
        let l = self.llvm_mem()?;
        Ok(l.load_int(id, off, 8, u32::MAX).map(|n| n as i64))
    }

    /// Writes `v` as the `i64` at byte `at` after `p`.
    pub(crate) fn llvm_set_word(&mut self, p: &Addr, at: u64, v: i64) -> Result<(), Stop> {
        let q = Addr {
            addr: p.addr.wrapping_add(at),
            prov: p.prov,
        };
        let (id, off) = self.llvm_place(&q, 8, "store")?;
        self.llvm_mem()?.store_int(id, off, 8, v as u64);
        Ok(())
    }

    /// C's `free(p)` in LLVM's memory.
    pub(crate) fn llvm_free(&mut self, p: &Addr) -> Result<(), Stop> {
        let l = self.llvm_mem()?;
        match l.free(p) {
            Ok((size, kept)) => {
                // A freed block's record kept for an integer that may name
                // it keeps one cell of the memory limit; one never exposed
                // goes to the next heap block, which still finds a pointer
                // into it freed.
                self.mem.cells = self
                    .mem
                    .cells
                    .saturating_sub(size.div_ceil(8))
                    .saturating_add(u64::from(kept));
                Ok(())
            }
            Err(Access::Freed) => Err(stop::double_free()),
            Err(_) => Err(stop::bad_runtime_call(
                "free of a pointer that is not the start of a block malloc returned".into(),
            )),
        }
    }

    /// The frame numbered `serial` returned: its allocations die. The
    /// records kept for dead allocations whose address was exposed keep
    /// one cell each of the memory limit, so that memory stays bounded.
    pub(crate) fn llvm_free_frame(&mut self, serial: u32) {
        if let Some(l) = self.llvm.as_deref_mut() {
            let kept = l.free_frame(serial);
            self.mem.cells = self.mem.cells.saturating_add(kept);
        }
    }
}

/// `icmp CND` of two pointers in LLVM's memory: their addresses compared
/// as integers (orders signed, as `icmp slt` on `ptr` is).
pub(crate) fn llvm_icmp(cnd: Cnd, a: &Addr, b: &Addr) -> bool {
    crate::arith::interp_cnd(cnd, a.addr as i64, b.addr as i64)
}

/// Whether `v` is `null` in LLVM's memory.
pub(crate) fn is_null_addr(v: &Value) -> bool {
    matches!(v, Value::Addr(a) if a.addr == 0 && a.prov == NO_PROV)
}

/// The fast paths of LLVM's memory (see `fast`): `load`, `store` and
/// `getelementptr` in their common case, each false (with nothing
/// changed) where its rule must run (an error, an undef, no LLVM memory).
impl Machine<'_> {
    /// The width of a word access at type `ty` through the local pointer
    /// `ptr` and the address it holds: what the fast load and store need;
    /// `None` where their rule must run.
    #[inline(always)]
    fn fast_llvm_access(&self, ty: TyId, ptr: Op, base: usize) -> Option<(Width, Addr)> {
        let w = Width::of(self.tys.node(ty))?;
        let Op::Local(slot) = ptr else {
            return None;
        };
        match self.locals.get(base + slot as usize) {
            Some(Value::Addr(a)) => Some((w, *a)),
            _ => None,
        }
    }

    /// `load` through a local pointer in LLVM's memory when the access is
    /// inside a live allocation and its bytes are initialised.
    #[inline(never)]
    pub(crate) fn fast_llvm_load(&mut self, dst: u32, ty: TyId, ptr: Op, base: usize) -> bool {
        let Some((w, a)) = self.fast_llvm_access(ty, ptr, base) else {
            return false;
        };
        let Some(l) = self.llvm.as_deref_mut() else {
            return false;
        };
        let Ok((id, off)) = l.check(&a, w.bytes()) else {
            return false;
        };
        // A load that exposes an address is left to the rule, which
        // records its site.
        let v = match w {
            Width::Ptr => l.load_ptr(id, off, u32::MAX).map(Value::Addr),
            Width::Int => match l.load_plain(id, off, 8) {
                Some(n) => Some(Value::Int(n as i64)),
                None => return false,
            },
            Width::Bool => match l.load_plain(id, off, 1) {
                Some(b @ (0 | 1)) => Some(Value::Int(b as i64)),
                _ => return false,
            },
        };
        let Some(v) = v else {
            return false;
        };
        self.put_local(base, dst, v)
    }

    /// `store` of an integer or pointer through a local pointer in LLVM's
    /// memory, inside a live allocation.
    #[inline(never)]
    pub(crate) fn fast_llvm_store(&mut self, ty: TyId, val: Op, ptr: Op, base: usize) -> bool {
        let Some((w, a)) = self.fast_llvm_access(ty, ptr, base) else {
            return false;
        };
        let v = match val {
            Op::Const(n) => Value::Int(n),
            Op::Local(s) => match self.locals.get(base + s as usize) {
                Some(v @ (Value::Int(_) | Value::Addr(_))) => *v,
                _ => return false,
            },
            Op::Val(k) => match self.prog.consts.get(k as usize) {
                Some(v @ Value::Addr(_)) => *v,
                _ => return false,
            },
        };
        let Some(l) = self.llvm.as_deref_mut() else {
            return false;
        };
        let Ok((id, off)) = l.check(&a, w.bytes()) else {
            return false;
        };
        match v {
            Value::Int(n) => l.store_int(id, off, w.bytes() as usize, n as u64),
            Value::Addr(p) => l.store_ptr(id, off, &p),
            _ => return false,
        }
        true
    }

    /// `getelementptr` on a pointer in LLVM's memory with integer indices
    /// `idxs`: its address moved by their offset.
    #[inline(never)]
    pub(crate) fn fast_llvm_gep(
        &mut self,
        g: &GepInsn,
        base: usize,
        a: Addr,
        idxs: &[i64],
    ) -> bool {
        let tys = &self.tys;
        let Some(l) = self.llvm.as_deref_mut() else {
            return false;
        };
        let Some(off) = l.types.gep_offset(tys, g.base, idxs) else {
            return false;
        };
        let v = Value::Addr(Addr {
            addr: a.addr.wrapping_add(off as u64),
            prov: a.prov,
        });
        self.put_local(base, g.dst, v)
    }

    /// `getelementptr` with literal indices on a pointer in LLVM's
    /// memory: its address moved by the GEP's offset, computed on its
    /// first run and kept (`LlvmLayout::known_gep`).
    #[inline(never)]
    pub(crate) fn fast_llvm_constant_gep(&mut self, g: &GepInsn, base: usize, a: Addr) -> bool {
        let tys = &self.tys;
        let Some(l) = self.llvm.as_deref_mut() else {
            return false;
        };
        let off = match l.types.known_gep(g.memo) {
            Some(off) => off,
            None => {
                let idxs: Option<Vec<i64>> = g
                    .idxs
                    .iter()
                    .map(|op| match op {
                        Op::Const(n) => Some(*n),
                        _ => None,
                    })
                    .collect();
                let Some(off) = idxs.and_then(|i| l.types.gep_offset(tys, g.base, &i)) else {
                    return false;
                };
                l.types.remember_gep(g.memo, off);
                off
            }
        };
        let v = Value::Addr(Addr {
            addr: a.addr.wrapping_add(off as u64),
            prov: a.prov,
        });
        self.put_local(base, g.dst, v)
    }

    /// `icmp` of two pointers in LLVM's memory: their addresses compared.
    #[inline(never)]
    pub(crate) fn fast_llvm_icmp(&mut self, dst: u32, cnd: Cnd, a: Op, b: Op, base: usize) -> bool {
        let (Some(Value::Addr(x)), Some(Value::Addr(y))) = (
            operand_ref(&self.locals, self.prog, a, base),
            operand_ref(&self.locals, self.prog, b, base),
        ) else {
            return false;
        };
        let r = llvm_icmp(cnd, x, y);
        self.put_local(base, dst, Value::Int(r as i64))
    }
}

/// The error of an access (a `what` of `len` bytes) through pointer `a`
/// in LLVM's memory, for why [`Access`] says: `null-deref`,
/// `use-after-return`, `use-after-free`, or `out-of-bounds` (outside the
/// allocation its provenance names, through a function's address, or
/// with no provenance at all).
#[cold]
#[inline(never)]
fn llvm_access_error(mem: &LlvmMemory, a: Access, p: &Addr, len: u64, what: &str) -> Stop {
    match (a, mem.allocs.get(p.prov as usize)) {
        (Access::Null, _) => Stop::Undefined(
            UndefinedKind::NullDeref,
            format!("{what} through a null pointer (address {:#x})", p.addr),
        ),
        (Access::OutOfBounds, Some(al)) => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!(
                "{what} of {len} bytes at offset {} of an allocation of {} bytes: outside it",
                p.addr.wrapping_sub(al.base) as i64,
                al.size
            ),
        ),
        (Access::OutOfBounds, None) => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!(
                "{what} at address {:#x} through a pointer that may access no allocation (an integer read as a pointer that no exposed allocation contains)",
                p.addr
            ),
        ),
        (Access::Code, _) => Stop::Undefined(
            UndefinedKind::OutOfBounds,
            format!("{what} through a function's address, which is code, not data"),
        ),
        // No superseded allocas in LLVM's memory; dead and freed blocks
        // are reported as in the tree memory.
        (a, _) => stop::access_error_words(a, what),
    }
}

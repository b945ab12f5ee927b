//! One function per instruction and terminator of the spec's table
//! "Instructions and Terminators" (`interp_insn`, `interp_term`; the call
//! and the frame `ret` pops are in `call`): what each does, and which
//! undefined behaviour it detects (the stops are built in `stop`).

use crate::arith::{bop_value, interp_cnd};
use crate::gep::{gep_ptr, GepCheck};
use crate::ir::{GepInsn, Insn, Op, Term, ENTRY_ALLOCA};
use crate::machine::{copy_value, operand_ref, ControlFlow, Machine, Position, NO_ALLOC};
use crate::memory::{Access, AllocKind};
use crate::place::{PlaceId, Shape};
use crate::stop::{self, Stop};
use crate::tytable::{TyId, TyTable};
use crate::value::{Ptr, UndefWhy, Value, FUNC_BIT, NULL_BLOCK};
use spec::layout::Layout;
use spec::{Bop, Cnd, UndefinedKind};

impl<'p> Machine<'p> {
    /// `interp_insn`: executes one instruction of the innermost call by its
    /// rule (`site` its site number; the frame's position is already
    /// written). Where execution goes next: on in the block, or for a call
    /// of a defined function, at the callee's entry (its frame is now the
    /// innermost).
    #[inline(never)]
    pub(crate) fn interp_insn(
        &mut self,
        insn: &Insn,
        base: usize,
        site: u32,
    ) -> Result<ControlFlow<'p>, Stop> {
        match &*insn.as_written() {
            Insn::Binop { dst, bop, a, b } => self
                .interp_binop(*dst, *bop, *a, *b, base)
                .map(|()| ControlFlow::Continue),
            Insn::Icmp { dst, cnd, i1, a, b } => {
                let r = self.interp_icmp(*cnd, *i1, *a, *b, base)?;
                self.set_local(base, *dst, Value::Int(r as i64));
                Ok(ControlFlow::Continue)
            }
            Insn::Alloca {
                dst,
                ty,
                cells,
                place,
                rerun,
                stack,
            } => {
                let p = self.interp_alloca(*ty, *cells, *place, site, *rerun, *stack)?;
                self.set_local(base, *dst, p);
                Ok(ControlFlow::Continue)
            }
            Insn::Load { dst, ty, ptr } if self.llvm.is_some() => self
                .llvm_load(*dst, *ty, *ptr, base, site)
                .map(|()| ControlFlow::Continue),
            Insn::Load { dst, ty, ptr } => self
                .interp_load(*dst, *ty, *ptr, base, site)
                .map(|()| ControlFlow::Continue),
            Insn::Store { ty, val, ptr } if self.llvm.is_some() => self
                .llvm_store(*ty, *val, *ptr, base)
                .map(|()| ControlFlow::Continue),
            Insn::Store { ty, val, ptr } => self
                .interp_store(*ty, *val, *ptr, base)
                .map(|()| ControlFlow::Continue),
            Insn::Gep(g) if self.llvm.is_some() => {
                self.llvm_gep(g, base, site).map(|()| ControlFlow::Continue)
            }
            Insn::Gep(g) => self
                .interp_gep(g, base, site)
                .map(|()| ControlFlow::Continue),
            Insn::Bitcast { dst, op } => {
                let v = self.interp_operand(*op, base);
                self.set_local(base, *dst, v);
                Ok(ControlFlow::Continue)
            }
            Insn::Call {
                dst,
                fty,
                callee,
                args,
                direct,
            } => self.interp_call(*dst, *fty, *callee, args, *direct, base),
            Insn::BinopLocals { .. }
            | Insn::BinopConst { .. }
            | Insn::IcmpConst { .. }
            | Insn::IcmpNull { .. } => Err(Stop::Internal(
                "an instruction in a fast path's form after `as_written`".into(),
            )),
        }
    }

    /// `interp_term`, the terminator `term` at `at`: `br` goes to its
    /// label, `br i1` to the label its condition picks; `ret` pops the
    /// frame and resumes the caller after its call, or ends the run when
    /// the entry function returns (its frame stays, so that an undef result
    /// has a location).
    #[inline(always)]
    pub(crate) fn interp_term(
        &mut self,
        at: Position<'p>,
        term: &Term,
    ) -> Result<ControlFlow<'p>, Stop> {
        let next = match term {
            Term::Br(b) => *b,
            Term::Cbr(op, t, f) => match self.interp_cbr(*op, at.base) {
                Ok(true) => *t,
                Ok(false) => *f,
                Err(e) => {
                    self.set_pos(at.block, at.pc);
                    return Err(e);
                }
            },
            Term::Ret(op) => {
                let v = match op {
                    Some(o) => self.interp_operand(*o, at.base),
                    None => Value::undef(UndefWhy::Unset, 0, 0),
                };
                if self.frames.len() == 1 {
                    self.set_pos(at.block, at.pc);
                    return Ok(ControlFlow::Return(v));
                }
                return self.interp_ret(v).map(ControlFlow::ContinueAt);
            }
        };
        Ok(ControlFlow::ContinueAt(Position {
            block: next,
            pc: 0,
            ..at
        }))
    }

    /// `BOP i64 OP1, OP2`: both operands integers (`undef-operand`
    /// otherwise), the result `interp_bop`'s.
    #[inline(always)]
    fn interp_binop(&mut self, dst: u32, bop: Bop, a: Op, b: Op, base: usize) -> Result<(), Stop> {
        let x = self.int_operand(a, base, "the first operand")?;
        let y = self.int_operand(b, base, "the second operand")?;
        let r = interp_bop(bop, x, y)?;
        self.set_local(base, dst, Value::Int(r));
        Ok(())
    }

    /// `icmp`: signed comparison of integers; pointers only `eq`/`ne`, equal
    /// iff same block and same layout offset.
    #[inline(always)]
    fn interp_icmp(&self, cnd: Cnd, i1: bool, a: Op, b: Op, base: usize) -> Result<bool, Stop> {
        if !i1 {
            if let (Some(x), Some(y)) = (self.int_of(a, base), self.int_of(b, base)) {
                return Ok(interp_cnd(cnd, x, y));
            }
        }
        self.interp_icmp_general(cnd, i1, a, b, base)
    }

    /// `icmp` on anything but two integers at type i64 (pointers, undef,
    /// i1 orders): every case of the rule.
    #[inline(never)]
    fn interp_icmp_general(
        &self,
        cnd: Cnd,
        i1: bool,
        a: Op,
        b: Op,
        base: usize,
    ) -> Result<bool, Stop> {
        if i1 && !matches!(cnd, Cnd::Eq | Cnd::Ne) {
            return Err(stop::ambiguous_i1_order(cnd));
        }
        // Operands are read in place (a literal is an integer), not copied.
        let (ca, cb);
        let va = match operand_ref(&self.locals, self.prog, a, base) {
            Some(v) => v,
            None => {
                ca = self.interp_operand(a, base);
                &ca
            }
        };
        let vb = match operand_ref(&self.locals, self.prog, b, base) {
            Some(v) => v,
            None => {
                cb = self.interp_operand(b, base);
                &cb
            }
        };
        match (va, vb) {
            (Value::Int(x), Value::Int(y)) => Ok(interp_cnd(cnd, *x, *y)),
            (Value::Addr(p), Value::Addr(q)) => Ok(crate::llvm_rules::llvm_icmp(cnd, p, q)),
            (Value::Ptr(p), Value::Ptr(q)) => {
                if !matches!(cnd, Cnd::Eq | Cnd::Ne) {
                    return Err(stop::pointer_order_compare(cnd));
                }
                let eq = self.ptr_eq(p, q)?;
                Ok(if cnd == Cnd::Eq { eq } else { !eq })
            }
            (Value::Undef(u), _) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                u,
                &self.named("the first operand of icmp", a),
            )),
            (_, Value::Undef(u)) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                u,
                &self.named("the second operand of icmp", b),
            )),
            _ => Err(stop::int_compared_with_pointer()),
        }
    }

    /// Pointer equality, in both layouts (docs/semantics.md, "The two
    /// layouts"). Into the same block (a stack frame's allocations are each
    /// their own block): equal iff the byte offsets in it are, which must be
    /// the same answer in both layouts (`ambiguous-pointer-eq` otherwise). Into different blocks: unequal only when neither pointer
    /// is at the end of its block and neither block has size 0, since
    /// otherwise the two may share an address natively
    /// (`ambiguous-pointer-eq`); null, at address 0, is no block's. A
    /// pointer into a freed frame is `use-after-return`, into a superseded
    /// block `alloca-superseded`.
    fn ptr_eq(&self, p: &Ptr, q: &Ptr) -> Result<bool, Stop> {
        for r in [p, q] {
            match self.mem.alloc(r) {
                Err(Access::Dead) => return Err(stop::use_after_return("icmp compares a pointer")),
                Err(Access::Superseded(site)) => {
                    return Err(stop::alloca_superseded(self.prog, self.src, site, "icmp"))
                }
                _ => {}
            }
        }
        if (p.block, p.gen) == (q.block, q.gen) {
            let off = |r: &Ptr, l: Layout| {
                let root = self.tys.place(r.place)?.root;
                let path = self.mem.path_of(&self.tys, r)?;
                self.tys.path_offset(root, &path, l)
            };
            let [course, llvm] = Layout::BOTH.map(|l| off(p, l) == off(q, l));
            if course != llvm {
                return Err(stop::ambiguous_pointer_eq(
                    "the two pointers are equal in one layout and not in the other (the course layout and LLVM's place the fields at different offsets)",
                ));
            }
            return Ok(llvm);
        }
        if p.block == NULL_BLOCK || q.block == NULL_BLOCK {
            return Ok(false);
        }
        for (r, which) in [(p, "first"), (q, "second")] {
            if let Some(why) = self.block_edge(r) {
                return Err(stop::ambiguous_pointer_eq(&format!(
                    "the pointers are into different blocks, but the {which} {why}, so natively it may have the other's address"
                )));
            }
        }
        Ok(false)
    }

    /// Why pointer `r` (not null, not freed) may share an address with a
    /// pointer into another block: its block has size 0 or `r` is at its
    /// end, in some layout. `None` when neither (functions and heap
    /// strings, which a native program keeps in real bytes, never are).
    fn block_edge(&self, r: &Ptr) -> Option<&'static str> {
        if r.block & FUNC_BIT != 0 || self.mem.alloc(r).is_err() {
            return None;
        }
        // A runtime allocation's pointer before the block has a type (its
        // place is the lazy one) points at the block's start: the block's
        // bytes, as C allocated them, say whether it may share an address.
        if r.place == self.lazy_place {
            let lz = self.mem.lazy.get(&r.block)?;
            return (lz.bytes == 0).then_some("points into a block of size 0");
        }
        let root = self.tys.place(r.place)?.root;
        let mut path = self.mem.path_of(&self.tys, r)?;
        // The first index names the frame's allocation, which is the block.
        *path.first_mut()? = 0;
        for l in Layout::BOTH {
            let size = self.tys.env.size_in(self.tys.ty(root), l)?;
            if size == 0 {
                return Some("points into a block of size 0");
            }
            if self.tys.path_offset(root, &path, l) == i64::try_from(size).ok() {
                return Some("points at the end of its block");
            }
        }
        None
    }

    /// `alloca S`: a fresh undef subtree for S appended to the frame (the
    /// spec's `mval_of_ty`: `cells(S)` cells of undef, each remembering
    /// this allocation); in LLVM's memory, a new allocation
    /// (`llvm_alloca`). An `alloca` outside the entry block (`rerun` its
    /// number there, see `ir::Insn::Alloca`) may run again in the
    /// frame: then the block its previous run made is superseded, and the
    /// frame's stack need grows by `stack` bytes in LLVM's model.
    fn interp_alloca(
        &mut self,
        ty: TyId,
        cells: u64,
        place: PlaceId,
        site: u32,
        rerun: u32,
        stack: u64,
    ) -> Result<Value, Stop> {
        if cells == 0 {
            return Err(Stop::Internal("alloca of a type with no values".into()));
        }
        if rerun != ENTRY_ALLOCA {
            self.grow_stack(stack)?;
        }
        if self.llvm.is_some() {
            return self.llvm_alloca(ty, site);
        }
        self.use_cells(cells)?;
        let depth = self.frames.len().saturating_sub(1) as u32;
        let frame = self
            .frames
            .last_mut()
            .ok_or_else(|| Stop::Internal("alloca outside a call".into()))?;
        frame.cells = frame.cells.saturating_add(cells);
        let (gen, index) = (
            frame.serial,
            self.mem.allocs.len() as u32 - frame.allocs_base,
        );
        let last = frame.rerun_base as usize + rerun as usize;
        let fill = Value::undef(UndefWhy::Uninit, site, 0);
        let kind = AllocKind::Stack { depth, index, site };
        // (A `let else`, not `ok_or`: building a `Stop` on the hot path
        // would cost its drop.)
        let Some((block, start)) = self.mem.allocate(gen, kind, cells, fill) else {
            return Err(Stop::Limit(spec::LimitKind::MemoryExhausted));
        };
        if rerun != ENTRY_ALLOCA {
            if let Some(slot) = self.last_alloca.get_mut(last) {
                let previous = std::mem::replace(slot, block);
                if previous != NO_ALLOC {
                    self.mem.supersede(previous);
                }
            }
        }
        Ok(Value::Ptr(Ptr::root(block, gen, start, place)))
    }

    /// Another run of an `alloca` outside the entry block: the innermost
    /// frame's need in LLVM's model grows by `stack` bytes; the frame
    /// counts the larger of that and its course-layout need
    /// (`Func::frame_bytes`), and the active calls' total must stay within
    /// the budget (`stack-exhausted`).
    fn grow_stack(&mut self, stack: u64) -> Result<(), Stop> {
        let prog = self.prog;
        let Some(frame) = self.frames.last_mut() else {
            return Err(Stop::Internal("alloca outside a call".into()));
        };
        let course = prog
            .funcs
            .get(frame.func as usize)
            .map_or(0, |f| f.frame_bytes);
        let llvm = frame.llvm_bytes.saturating_add(stack);
        let total = frame.stack_below.saturating_add(course.max(llvm));
        if total > self.max_stack_bytes {
            return Err(Stop::Limit(spec::LimitKind::StackExhausted));
        }
        frame.llvm_bytes = llvm;
        self.stack_bytes = total;
        Ok(())
    }

    /// The error for an address operand that is not a pointer.
    #[cold]
    #[inline(never)]
    pub(crate) fn not_an_address(&self, v: Option<&Value>, op: Op) -> Stop {
        match v {
            Some(Value::Undef(u)) => stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefPtrDeref,
                u,
                &self.named("the address", op),
            ),
            _ => Stop::Internal("an integer used as an address".into()),
        }
    }

    /// `load S* OP`: the word at the target, which must have type S. A word
    /// never written gives `undef` (remembering this load and the allocation).
    #[inline(always)]
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
                Some(Value::Ptr(p)) => *p,
                other => return Err(self.not_an_address(other, ptr)),
            };
            let p = self.word_view(p, ty, "load")?;
            let i = match self.word_of(&p, ty, "load") {
                Ok(i) => i,
                Err(e @ Stop::Undefined(UndefinedKind::IncompatibleTag, _)) => {
                    let zero = self
                        .mem
                        .words
                        .get(p.off as usize)
                        .and_then(|w| self.zero_at(w, ty));
                    match zero {
                        Some(z) => {
                            self.set_local(base, dst, z);
                            return Ok(());
                        }
                        None => return Err(e),
                    }
                }
                Err(e) => return Err(e),
            };
            match self.mem.words.get(i) {
                Some(Value::Undef(u)) if u.why == UndefWhy::Uninit => {
                    Value::undef(UndefWhy::Loaded, site, u.site)
                }
                Some(v) => copy_value(v),
                None => return Err(stop::not_a_word("load")),
            }
        };
        self.set_local(base, dst, v);
        Ok(())
    }

    /// `store S OP1, S* OP2`: overwrites the word at the target, which must
    /// have type S. Storing undef is fine.
    #[inline(always)]
    fn interp_store(&mut self, ty: TyId, val: Op, ptr: Op, base: usize) -> Result<(), Stop> {
        let v = self.interp_operand(val, base);
        let p = match operand_ref(&self.locals, self.prog, ptr, base) {
            Some(Value::Ptr(p)) => *p,
            other => return Err(self.not_an_address(other, ptr)),
        };
        let p = self.word_view(p, ty, "store")?;
        let i = self.word_of(&p, ty, "store")?;
        match self.mem.words.get_mut(i) {
            Some(w) => *w = v,
            None => return Err(stop::not_a_word("store")),
        }
        Ok(())
    }

    /// `p` itself, or for a pointer a runtime allocation returned, the
    /// first word of the block it is at type `s` (its first typed use gives
    /// the block its type, see `heap`): `out-of-bounds` when `s` does not
    /// fit the block.
    #[inline(always)]
    fn word_view(&mut self, p: Ptr, s: TyId, what: &str) -> Result<Ptr, Stop> {
        if p.place != self.lazy_place {
            return Ok(p);
        }
        self.first_word(p, s, what)
    }

    #[cold]
    #[inline(never)]
    fn first_word(&mut self, p: Ptr, s: TyId, what: &str) -> Result<Ptr, Stop> {
        if let Err(a) = self.mem.alloc(&p) {
            return Err(stop::access_error(self.prog, self.src, a, what));
        }
        let mut q = self
            .typed_view(&p, s)
            .ok_or_else(|| stop::misfit_in_heap_block(what))?;
        while let Some(place) = self.tys.place(q.place) {
            if place.shape == Shape::Word {
                break;
            }
            match self.tys.child_place(q.place, 0) {
                Some(k) => q.place = k,
                None => break,
            }
        }
        Ok(q)
    }

    /// The index in memory's words of the word `p` targets, for a `what`
    /// (load or store) at type S: the block must be live (`null-deref`,
    /// `use-after-return`), the target a word (`out-of-bounds`), its
    /// effective tag S (`incompatible-tag`).
    #[inline(always)]
    fn word_of(&mut self, p: &Ptr, s: TyId, what: &str) -> Result<usize, Stop> {
        let i = match self.mem.word_index(p) {
            Ok(i) => i,
            Err(Access::OutOfBounds) => return Err(stop::not_a_word(what)),
            Err(a) => return Err(stop::access_error(self.prog, self.src, a, what)),
        };
        let place = match self.tys.place(p.place) {
            Some(place) if place.shape == Shape::Word => place.ty,
            _ => return Err(stop::not_a_word(what)),
        };
        tag_check(&mut self.tys, place, s, what)?;
        Ok(i)
    }

    /// `getelementptr`: the indices must be integers (`undef-operand`
    /// otherwise); the result is `gep_ptr`'s pointer or an undef that
    /// remembers the failed check.
    #[inline(always)]
    fn interp_gep(&mut self, g: &GepInsn, base: usize, site: u32) -> Result<(), Stop> {
        // Up to `SMALL` indices are evaluated into an array on the host
        // stack; longer index lists use the machine's reusable buffer.
        const SMALL: usize = 4;
        let mut small = [0i64; SMALL];
        let mut buf = Vec::new();
        let idxs: &[i64] = if g.idxs.len() <= SMALL {
            for (slot, op) in small.iter_mut().zip(g.idxs.iter()) {
                *slot = self.int_operand(*op, base, "a getelementptr index")?;
            }
            small.get(..g.idxs.len()).unwrap_or(&[])
        } else {
            buf = std::mem::take(&mut self.idx_buf);
            buf.clear();
            for op in g.idxs.iter() {
                match self.int_operand(*op, base, "a getelementptr index") {
                    Ok(n) => buf.push(n),
                    Err(e) => {
                        self.idx_buf = buf;
                        return Err(e);
                    }
                }
            }
            &buf
        };
        const NOT_A_POINTER: Value = Value::Int(0);
        let p = operand_ref(&self.locals, self.prog, g.ptr, base).unwrap_or(&NOT_A_POINTER);
        let base_ptr = match p {
            Value::Ptr(bp) => Some(*bp),
            _ => None,
        };
        let mut r = gep_ptr(&self.mem, &mut self.tys, p, g.base, g.result, idxs);
        // A pointer a runtime allocation returned: the block takes its type
        // at its first typed use (see `heap`).
        if let (Err(GepCheck::Compatible), Some(bp)) = (&r, base_ptr) {
            if bp.place == self.lazy_place {
                r = self.gep_lazy(&bp, g.base, g.result, idxs);
            }
        }
        if g.idxs.len() > SMALL {
            self.idx_buf = buf;
        }
        // A base into a superseded block is an error at the GEP itself
        // (docs/semantics.md, "Superseded allocas").
        if let (Err(GepCheck::Base), Some(bp)) = (&r, base_ptr) {
            if let Err(Access::Superseded(at)) = self.mem.alloc(&bp) {
                return Err(stop::alloca_superseded(
                    self.prog,
                    self.src,
                    at,
                    "getelementptr",
                ));
            }
        }
        if let Some(slot) = self.locals.get_mut(base + g.dst as usize) {
            *slot = match r {
                Ok(q) => Value::Ptr(q),
                Err(check) => Value::undef(UndefWhy::BadGep, site, check as u32),
            };
        }
        Ok(())
    }

    /// `br i1 OP, ...`: the condition must be the integer 0 or 1.
    #[inline(always)]
    pub(crate) fn interp_cbr(&self, op: Op, base: usize) -> Result<bool, Stop> {
        match self.int_of(op, base) {
            Some(1) => Ok(true),
            Some(0) => Ok(false),
            _ => self.interp_cbr_general(op, base),
        }
    }

    /// `br i1 OP, ...` on anything but 0 or 1: the errors.
    #[cold]
    #[inline(never)]
    fn interp_cbr_general(&self, op: Op, base: usize) -> Result<bool, Stop> {
        match self.interp_operand(op, base) {
            Value::Int(1) => Ok(true),
            Value::Int(0) => Ok(false),
            Value::Int(n) => Err(stop::condition_not_0_or_1(n)),
            Value::Undef(u) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                &u,
                &self.named("the branch condition", op),
            )),
            Value::Ptr(_) | Value::Addr(_) => Err(Stop::Internal(
                "a pointer used as a branch condition".into(),
            )),
        }
    }
}

/// The effective tag `eff` at a pointer must be S (`incompatible-tag`
/// otherwise; named types unfolded, pointers compared structurally).
#[inline]
fn tag_check(tys: &mut TyTable, eff: TyId, s: TyId, what: &str) -> Result<(), Stop> {
    if tys.ty_eq(eff, s) {
        Ok(())
    } else {
        Err(stop::incompatible_tag(tys, Some(eff), s, what))
    }
}

/// `interp_bop`: add, sub and mul wrap; shifts need an amount in 0..=63.
#[inline(always)]
pub fn interp_bop(bop: Bop, x: i64, y: i64) -> Result<i64, Stop> {
    bop_value(bop, x, y).ok_or_else(|| stop::shift_out_of_range(bop, y))
}

//! Heap blocks made by runtime allocations (docs/semantics.md, "Heap
//! blocks"): `oat_alloc_array(n)` (a length word, then n cells, undefined
//! or zero per runtime), `oat_malloc(b)` and `ll_malloc(n, size)` (zeroed
//! bytes). C gives such memory no type; the oracle gives the block the type
//! of its first typed use (a `getelementptr`, `load` or `store` through the
//! pointer the runtime returned), which must fit in the block in both
//! layouts. A use at a type ending in a zero-length array (`{ i64, [0 x T]
//! }`, the Oat front ends' array view) makes the array as long as the block
//! allows; a use at any other type S makes the block an array of S (so
//! `getelementptr S, S* p, i64 k` moves along it, as `ll_malloc`'s callers
//! index it). Until then the pointer has a place of its own, which no fast
//! path knows, so every use of it takes the rules, which ask here.

use crate::gep::{gep_ptr, GepCheck};
use crate::machine::Machine;
use crate::memory::Lazy;
use crate::place::Shape;
use crate::tytable::TyId;
use crate::value::{Ptr, Value};
use spec::layout::Layout;
use spec::Ty;

impl Machine<'_> {
    /// The pointer a runtime allocation returns into block `block`, whose
    /// cells start at `start`, before the block has a type.
    pub(crate) fn lazy_ptr(&self, block: u32, start: u32) -> Value {
        Value::Ptr(Ptr::root(block, 0, start, self.lazy_place))
    }

    /// For `p`, a pointer a runtime allocation returned, the pointer it is
    /// when used at type `t1` (fixing the block's type at its first typed
    /// use); `None` when `p` is not such a pointer or `t1` does not fit
    /// the block (the use is out of bounds).
    pub(crate) fn typed_view(&mut self, p: &Ptr, t1: TyId) -> Option<Ptr> {
        if p.place != self.lazy_place {
            return None;
        }
        let lz = *self.mem.lazy.get(&p.block)?;
        self.mem.alloc(p).ok()?;
        let (ty, elems) = match lz.fixed {
            Some(f) => f,
            None => {
                // An Oat array's length word read at i64 before any use
                // types its elements: field 0 of `{ i64, [n x i64] }`.
                if let (Some(n), Ty::I64) = (lz.oat_len, self.tys.ty(t1)) {
                    let t = Ty::Struct(vec![Ty::I64, Ty::Array(n, Box::new(Ty::I64))]);
                    let t = self.tys.intern(&t);
                    let root = self.tys.root_place(t);
                    let place = self.tys.child_place(root, 0)?;
                    return Some(Ptr { place, ..*p });
                }
                let f = self.fit(&lz, t1)?;
                self.zero_pointers(f.0, p.off as usize, f.1);
                if let Some(l) = self.mem.lazy.get_mut(&p.block) {
                    l.fixed = Some(f);
                }
                f
            }
        };
        let root = self.tys.root_place(ty);
        let place = if elems {
            self.tys.child_place(root, 0)?
        } else {
            root
        };
        Some(Ptr { place, ..*p })
    }

    /// For `p`, a pointer a runtime allocation returned into a block that
    /// already has a type, the pointer it is at type `t1` when the block
    /// can be seen at `t1` instead: the two types differ only in words that
    /// are `i1` in one and `i64` in the other, and each such word holds 0
    /// (or was never written). Front ends zero-fill a `bool[]` through an
    /// `int[]` view and then use it as `{ i64, [0 x i1] }*`; natively the
    /// zeroed bytes read as false in either layout. The block then has type
    /// `t1`'s (docs/semantics.md, "Heap blocks").
    pub(crate) fn reinterpret(&mut self, p: &Ptr, t1: TyId) -> Option<Ptr> {
        if p.place != self.lazy_place {
            return None;
        }
        let lz = *self.mem.lazy.get(&p.block)?;
        let (old, _) = lz.fixed?;
        let new = self.fit(&lz, t1)?;
        let (a, b) = (self.word_types(old)?, self.word_types(new.0)?);
        if a.len() != b.len() {
            return None;
        }
        let scalar = |m: &Machine, t: TyId| matches!(m.tys.ty(t), Ty::I1 | Ty::I64);
        for (k, (&x, &y)) in a.iter().zip(&b).enumerate() {
            if self.tys.ty_eq(x, y) {
                continue;
            }
            let zero = matches!(
                self.mem.words.get(p.off as usize + k),
                Some(Value::Int(0) | Value::Undef(_))
            );
            if !(scalar(self, x) && scalar(self, y) && zero) {
                return None;
            }
        }
        if let Some(l) = self.mem.lazy.get_mut(&p.block) {
            l.fixed = Some(new);
        }
        self.typed_view(p, t1)
    }

    /// The type of each cell of a tree of type `ty` (each a word); `None`
    /// when it holds anything else (strings).
    fn word_types(&mut self, ty: TyId) -> Option<Vec<TyId>> {
        let mut out = Vec::new();
        let mut stack = vec![self.tys.root_place(ty)];
        while let Some(place) = stack.pop() {
            let pl = self.tys.place(place)?;
            match pl.shape {
                Shape::Word => out.push(pl.ty),
                Shape::Struct => {
                    let n = pl.field_off.len() as u32;
                    for i in (0..n).rev() {
                        stack.push(self.tys.child_place(place, i)?);
                    }
                }
                Shape::Array { len, .. } => {
                    let k = self.tys.child_place(place, 0)?;
                    stack.extend(std::iter::repeat_n(k, len as usize));
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// `gep_ptr` for `p`, a pointer a runtime allocation returned, with
    /// annotated type `t1` (GEPTY's type `result`): through the block's
    /// typed view ([`Machine::typed_view`]), or its view at `t1` instead
    /// ([`Machine::reinterpret`]); check 4 fails when `t1` does not fit.
    #[cold]
    #[inline(never)]
    pub(crate) fn gep_lazy(
        &mut self,
        p: &Ptr,
        t1: TyId,
        result: TyId,
        idxs: &[i64],
    ) -> Result<Ptr, GepCheck> {
        let at =
            |m: &mut Machine, q: Ptr| gep_ptr(&m.mem, &mut m.tys, &Value::Ptr(q), t1, result, idxs);
        let r = match self.typed_view(p, t1) {
            Some(q) => at(self, q),
            None => return Err(GepCheck::Subtree),
        };
        if r != Err(GepCheck::Compatible) {
            return r;
        }
        match self.reinterpret(p, t1) {
            Some(q) => at(self, q),
            None => r,
        }
    }

    /// The type a block described by `lz` takes at its first use at type
    /// `t1`, and whether it is an array of `t1`; `None` when it does not
    /// fit (in cells and in both layouts' bytes) or holds string bytes.
    fn fit(&mut self, lz: &Lazy, t1: TyId) -> Option<(TyId, bool)> {
        let written = self.tys.ty(t1).clone();
        let cells_of = |m: &mut Machine, t: &Ty| {
            let id = m.tys.intern(t);
            m.tys.cells(id)
        };
        // The cells the type needs: a trailing array of no elements needs
        // none (a tree counts at least one cell, which such an array's
        // struct does not have in the block: `oat_alloc_array(0)` makes
        // only the length word).
        let mut needed = None;
        let (ty, elems) = match self.tys.env.unfold(&written).clone() {
            Ty::Struct(mut fs) if matches!(fs.last(), Some(Ty::Array(0, _))) => {
                let Some(Ty::Array(_, e)) = fs.pop() else {
                    return None;
                };
                let head = cells_of(self, &Ty::Struct(fs.clone()))?;
                let each = cells_of(self, &e)?.max(1);
                let n = lz.oat_len.unwrap_or(lz.cells.saturating_sub(head) / each);
                if n == 0 {
                    needed = Some(head);
                }
                fs.push(Ty::Array(n, e));
                (Ty::Struct(fs), false)
            }
            Ty::Array(0, e) => {
                let each = cells_of(self, &e)?.max(1);
                (Ty::Array(lz.cells / each, e), false)
            }
            _ => {
                let mut n = lz.cells / cells_of(self, &written)?.max(1);
                for l in Layout::BOTH {
                    let size = self.tys.env.size_in(&written, l)?;
                    n = n.min(lz.bytes.checked_div(size)?);
                }
                if n == 0 {
                    return None;
                }
                (Ty::Array(n, Box::new(written)), true)
            }
        };
        let fits = Layout::BOTH
            .into_iter()
            .all(|l| self.tys.env.size_in(&ty, l).is_some_and(|s| s <= lz.bytes));
        let id = self.tys.intern(&ty);
        let cells = match needed {
            Some(c) => c,
            None => self.tys.cells(id)?,
        };
        if !fits || cells > lz.cells || self.tys.has_bytes(id) {
            return None;
        }
        Some((id, elems))
    }

    /// Zeroed cells read as the zero of their type: the pointer words of a
    /// block just typed `ty` (at cell `at`) that hold 0 become `null`.
    fn zero_pointers(&mut self, ty: TyId, at: usize, _elems: bool) {
        let null = self.null();
        let mut stack = vec![(self.tys.root_place(ty), at)];
        while let Some((place, at)) = stack.pop() {
            let Some(pl) = self.tys.place(place) else {
                continue;
            };
            match pl.shape {
                Shape::Word => {
                    let is_ptr = matches!(self.tys.ty(pl.ty), Ty::Ptr(_) | Ty::OpaquePtr)
                        || matches!(self.tys.env.unfold(self.tys.ty(pl.ty)), Ty::Ptr(_));
                    if let (true, Some(w @ Value::Int(0))) = (is_ptr, self.mem.words.get_mut(at)) {
                        *w = null;
                    }
                }
                Shape::Struct => {
                    let offs = pl.field_off.clone();
                    for (i, off) in offs.iter().enumerate() {
                        if let Some(k) = self.tys.child_place(place, i as u32) {
                            stack.push((k, at + *off as usize));
                        }
                    }
                }
                Shape::Array { len, elem_cells } => {
                    if let Some(k) = self.tys.child_place(place, 0) {
                        for i in 0..len {
                            stack.push((k, at + (i * elem_cells) as usize));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The `null` pointer value.
    pub(crate) fn null(&self) -> Value {
        self.prog
            .consts
            .get(crate::ir::NULL_CONST as usize)
            .copied()
            .unwrap_or(Value::Int(0))
    }

    /// A load at scalar type `s` of a word whose effective tag is another
    /// type: zero reads as zero at every scalar type (a cell holding `0`
    /// or `null` loads as `i1 0`, `i64 0` or `null`), docs/semantics.md,
    /// "Heap blocks"; `None` for anything else (`incompatible-tag`).
    pub(crate) fn zero_at(&self, word: &Value, s: TyId) -> Option<Value> {
        let zero = match word {
            Value::Int(0) => true,
            Value::Ptr(p) => p.block == crate::value::NULL_BLOCK,
            _ => false,
        };
        if !zero {
            return None;
        }
        match self.tys.env.unfold(self.tys.ty(s)) {
            Ty::I1 | Ty::I64 => Some(Value::Int(0)),
            Ty::Ptr(_) | Ty::OpaquePtr => Some(self.null()),
            _ => None,
        }
    }
}

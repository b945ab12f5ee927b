//! LLVM's layout of the program's types, by type number (the sizes and
//! field offsets of `spec::layout`'s `Layout::Llvm`, computed once per
//! type), and the address layouts a run can place its allocations at.

use crate::tytable::{TyId, TyNode, TyTable};
use spec::layout::Layout;

/// Where a run places its allocations (docs/semantics.md, "LLVM's
/// memory"): every allocation starts at the next multiple of 16 at or
/// after the end of the previous one plus `gap`, the first at `base`;
/// function `n` is at `code + 16 n`. Two layouts that differ in both
/// give a program whose output depends on addresses two outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressLayout {
    /// The first allocation's address.
    pub base: u64,
    /// Bytes left free after each allocation.
    pub gap: u64,
    /// The address of function 0.
    pub code: u64,
}

impl AddressLayout {
    /// The layout a run uses unless told otherwise.
    pub const FIRST: AddressLayout = AddressLayout {
        base: 0x1000_0000,
        gap: 0,
        code: 0x40_0000,
    };
    /// The other layout, shifted and spread: a run whose output differs
    /// from its output at [`AddressLayout::FIRST`] depends on addresses.
    pub const SECOND: AddressLayout = AddressLayout {
        base: 0x7f3a_5000_0000,
        gap: 48,
        code: 0x55_5555_0000,
    };
}

/// LLVM's size of each type and offsets of each struct's fields, asked
/// once per type (a vector by type number).
#[derive(Debug, Default)]
pub struct LlvmLayout {
    sizes: Vec<Option<u64>>,
    known: Vec<bool>,
    fields: Vec<Option<Box<[u64]>>>,
    /// By GEP number (`GepInsn::memo`), the offset of a GEP whose indices
    /// are all literals, once computed: it is the same on every run of it.
    constant_geps: Vec<Option<i64>>,
}

impl LlvmLayout {
    /// The size of type `t` in LLVM's layout (`None` past 2^64).
    #[inline]
    pub fn size(&mut self, tys: &TyTable, t: TyId) -> Option<u64> {
        let i = t as usize;
        if self.known.get(i) == Some(&true) {
            return self.sizes.get(i).copied().flatten();
        }
        if self.known.len() <= i {
            self.known.resize(i + 1, false);
            self.sizes.resize(i + 1, None);
        }
        let s = tys.env.size_in(tys.ty(t), Layout::Llvm);
        self.known[i] = true;
        self.sizes[i] = s;
        s
    }

    /// The offset of field `k` of struct type `t` in LLVM's layout.
    #[inline]
    fn field(&mut self, tys: &TyTable, t: TyId, k: usize) -> Option<u64> {
        match self.fields.get(t as usize) {
            Some(Some(offs)) => offs.get(k).copied(),
            _ => self.new_field(tys, t, k),
        }
    }

    #[cold]
    fn new_field(&mut self, tys: &TyTable, t: TyId, k: usize) -> Option<u64> {
        let TyNode::Struct(fs) = tys.node(t) else {
            return None;
        };
        let fields: Vec<spec::Ty> = fs.iter().map(|&f| tys.ty(f).clone()).collect();
        let offs = tys.env.field_offsets_in(&fields, Layout::Llvm)?;
        let r = offs.get(k).copied();
        let i = t as usize;
        if self.fields.len() <= i {
            self.fields.resize(i + 1, None);
        }
        self.fields[i] = Some(offs.into());
        r
    }

    /// The offset [`LlvmLayout::remember_gep`] kept for GEP number `n`.
    #[inline(always)]
    pub fn known_gep(&self, n: u32) -> Option<i64> {
        self.constant_geps.get(n as usize).copied().flatten()
    }

    /// Keeps `off`, the offset of GEP number `n`, whose indices are all
    /// literals.
    #[cold]
    pub fn remember_gep(&mut self, n: u32, off: i64) {
        let i = n as usize;
        if self.constant_geps.len() <= i {
            self.constant_geps.resize(i + 1, None);
        }
        self.constant_geps[i] = Some(off);
    }

    /// The byte offset of `getelementptr T1, T1* p, i0, ..., in` from
    /// `p` in LLVM's layout (`spec::layout`'s `gep_offset_in` at
    /// `Layout::Llvm`): `i0` times T1's size, then each index into the
    /// field or element of the type reached; the arithmetic wraps. `None`
    /// for an index the type has not (a struct index past its fields).
    pub fn gep_offset(&mut self, tys: &TyTable, t1: TyId, idxs: &[i64]) -> Option<i64> {
        let (&i0, rest) = idxs.split_first()?;
        let mut off = i0.wrapping_mul(self.size(tys, t1)? as i64);
        let mut cur = t1;
        for &i in rest {
            match tys.node(cur) {
                TyNode::Array(_, e) => {
                    let e = *e;
                    off = off.wrapping_add(i.wrapping_mul(self.size(tys, e)? as i64));
                    cur = e;
                }
                TyNode::Struct(fs) => {
                    let k = usize::try_from(i).ok()?;
                    let f = *fs.get(k)?;
                    off = off.wrapping_add(self.field(tys, cur, k)? as i64);
                    cur = f;
                }
                _ => return None,
            }
        }
        Some(off)
    }
}

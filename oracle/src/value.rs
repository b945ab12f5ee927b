//! Simple values (the spec's "Simple and Memory Values"): `undef`, 64-bit
//! integers (i1 held as 0 or 1) and pointers `(tag, block, path)`.

use crate::tytable::TyId;

/// Why a value is `undef`: where it came from, so that the error raised
/// when it is used can say so (ORACLE-SEMANTICS.md, "Undef is a value").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndefWhy {
    /// A memory word never written, allocated by the `alloca` at `site`.
    Uninit,
    /// Loaded at `site` from a word never written, allocated at `aux`.
    Loaded,
    /// The result of the `getelementptr` at `site`; `aux` is the failed
    /// check (a [`crate::gep::GepCheck`] as a number).
    BadGep,
    /// A local read before the instruction defining it ran (only in programs
    /// the checker rejects).
    Unset,
}

/// An `undef` value with its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undef {
    /// What made it.
    pub why: UndefWhy,
    /// The instruction site that made it (see `resolve::Site`).
    pub site: u32,
    /// A second site or a detail code, depending on `why`.
    pub aux: u32,
}

/// A block identifier (the spec's `bid`): which memory block a pointer is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockId {
    /// The invalid null block.
    Null,
    /// Global data number `n` (in the program's order of `gdecls`).
    Global(u32),
    /// Function number `n` (code, no data): a function pointer.
    Func(u32),
    /// Heap block number `n`.
    Heap(u32),
    /// The stack frame at call depth `depth`, the `serial`-th frame ever
    /// created; it is dead when the frame at that depth has another serial.
    Stack {
        /// Call depth (0 is the entry function).
        depth: u32,
        /// Unique number of the frame (the machine stops before 2^32 calls).
        serial: u32,
    },
}

/// How many path indices are kept inline; longer paths live in the
/// memory's path table (`memory::PathTable`), so every value is `Copy`.
pub const INLINE: usize = 3;

/// `Path::len` of a path kept in the path table (`idx[0]` is its number).
const LONG: u8 = u8::MAX;

/// A pointer's path of indices: the first selects a tree of the block's
/// forest, each further one a child of the node reached. Valid pointers only
/// hold indices inside their nodes, so `u32` suffices. Up to [`INLINE`]
/// indices are held here; a longer path is a number in the path table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    /// How many of `idx` are used, or `LONG`.
    pub(crate) len: u8,
    /// The indices (unused ones are 0), or the table number.
    pub(crate) idx: [u32; INLINE],
}

impl Path {
    /// The path `[i]`.
    pub fn single(i: u32) -> Path {
        Path {
            len: 1,
            idx: [i, 0, 0],
        }
    }

    /// The inline path with these indices (`None` if longer than [`INLINE`]).
    pub fn inline(s: &[u32]) -> Option<Path> {
        if s.len() > INLINE {
            return None;
        }
        let mut idx = [0; INLINE];
        idx[..s.len()].copy_from_slice(s);
        Some(Path {
            len: s.len() as u8,
            idx,
        })
    }

    /// The path numbered `n` in the path table.
    pub(crate) fn long(n: u32) -> Path {
        Path {
            len: LONG,
            idx: [n, 0, 0],
        }
    }

    /// The inline indices, or `None` for a path in the table.
    #[inline]
    pub fn inline_indices(&self) -> Option<&[u32]> {
        if self.len == LONG {
            None
        } else {
            self.idx.get(..self.len as usize)
        }
    }

    /// The table number of a long path.
    #[inline]
    pub(crate) fn long_id(&self) -> Option<u32> {
        (self.len == LONG).then_some(self.idx[0])
    }
}

/// A pointer: the tag (the type the block's trees were created with, never
/// changed by bitcast), the block and the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ptr {
    /// The root type of the block's trees.
    pub tag: TyId,
    /// The block.
    pub block: BlockId,
    /// The path (at least one index).
    pub path: Path,
}

/// A simple value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The unusable value, with where it came from.
    Undef(Undef),
    /// A 64-bit integer (i1: 0 or 1).
    Int(i64),
    /// A pointer.
    Ptr(Ptr),
}

impl Value {
    /// `undef` made for `why` at `site`.
    pub fn undef(why: UndefWhy, site: u32, aux: u32) -> Value {
        Value::Undef(Undef { why, site, aux })
    }
}

//! Memory (the spec's "Machine Configurations"): blocks in three address
//! spaces (globals, heap, stack frames), each a forest of trees whose leaves
//! are words (simple values) or strings, and whose nodes remember whether
//! they are a struct or an array (GEP moves among siblings only in arrays).
//!
//! A tree's shape is fixed by its block's tag, so memory keeps only what
//! can change: the words. Every tree (a global, the argv array, one
//! `alloca`) is an *allocation* whose words lie in one vector, laid out in
//! cells: a word is one cell, a string of N bytes ceil(N/8) cells (at least
//! one; its first cell says where its bytes are), a node the sum of its
//! children (at least one). That is the course layout's size in 8-byte
//! words, rounded up, and it is also how memory is counted. The shapes
//! (struct or array, how many children) live in the type table's places
//! (see `place`). A frame's allocations are the top of the vectors and go
//! when it returns; heap strings and printed output (ceil(bytes/8) per
//! `ll_puts`) stay counted.

use crate::place::{Shape, NO_PLACE};
use crate::tytable::TyTable;
use crate::value::{Ptr, Undef, Value, FUNC_BIT, HEAP_BIT, NULL_BLOCK};

/// Which tree of which block an allocation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    /// Global number `n` (in the program's order of `gdecls`).
    Global(u32),
    /// Heap block number `n` (the argv array, or a block a runtime
    /// function allocated: `oat_alloc_array`, `oat_malloc`, `ll_malloc`).
    Heap(u32),
    /// Tree number `index` of the frame at call depth `depth`.
    Stack {
        /// Call depth of the frame (0 is the entry function).
        depth: u32,
        /// Which `alloca` of the frame (the path's first index).
        index: u32,
        /// The site of the `alloca` instruction that made it.
        site: u32,
    },
}

/// Set in an allocation's `gen` once the `alloca` that made it has run
/// again in the same frame (docs/semantics.md, "Superseded allocas"): the
/// pointers into it no longer match it, so every access through them takes
/// the general rule, which reports `alloca-superseded`. Frame numbers stay
/// below it.
pub const SUPERSEDED_BIT: u32 = 1 << 31;

/// The `gen` of a frame's allocation whose frame returned while a heap
/// block allocated after it was still live (see [`Memory::heap_top`]): its
/// cells stay, the pointers into it are dead (`use-after-return`).
pub const BURIED_GEN: u32 = SUPERSEDED_BIT - 1;

/// The `gen` of a heap block that `free` released: pointers into it are
/// dead (`use-after-free`).
pub const FREED_GEN: u32 = SUPERSEDED_BIT - 2;

/// One allocation: where its cells start, and who made it.
#[derive(Clone, Copy, Debug)]
pub struct Alloc {
    /// The frame number of a stack allocation, 0 for the others; a pointer
    /// with another `gen` is into a frame that has returned.
    pub gen: u32,
    /// Index of its first cell in `Memory::words`.
    pub start: u32,
    /// Which tree it is.
    pub kind: AllocKind,
}

/// Why an access through a pointer failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The pointer is into the null block.
    Null,
    /// The pointer is into a frame that `ret` has freed.
    Dead,
    /// The pointer is a function pointer (code, not data).
    Code,
    /// The path does not reach a word of the block.
    OutOfBounds,
    /// The pointer is into a block whose `alloca` has run again in its
    /// frame since; the site of that `alloca`.
    Superseded(u32),
    /// The pointer is into a heap block that `free` released.
    Freed,
}

/// A heap block made by a runtime allocation (`oat_alloc_array`,
/// `oat_malloc`, `ll_malloc`): C memory whose type is that of its first
/// typed use (docs/semantics.md, "Heap blocks").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lazy {
    /// Its size in bytes (as the C runtime allocated it).
    pub bytes: u64,
    /// Its cells.
    pub cells: u64,
    /// For an Oat array, its length (word 0 holds it).
    pub oat_len: Option<u64>,
    /// The type its first typed use gave it, and whether the block is an
    /// array of that use's type (a pointer to the block then targets its
    /// element 0).
    pub fixed: Option<(crate::tytable::TyId, bool)>,
}

/// The memory state: the words of globals, argv and live frames, the
/// allocations they belong to, and the heap's strings.
#[derive(Debug, Default)]
pub struct Memory {
    /// Every allocation's cells: the statics first, then each live frame's.
    pub words: Vec<Value>,
    /// The allocations: globals and argv first, then each live frame's.
    pub allocs: Vec<Alloc>,
    /// Heap blocks: a string each (argv's strings, runtime results); `None`
    /// for the argv array, whose words are an allocation.
    pub heap: Vec<Option<Box<[u8]>>>,
    /// The bytes of strings in global initializers; the first cell of such
    /// a string leaf holds its number here.
    pub data: Vec<Box<[u8]>>,
    /// Cells in use.
    pub cells: u64,
    /// The runtime-allocated heap blocks whose type comes from their first
    /// typed use, by allocation number.
    pub lazy: std::collections::HashMap<u32, Lazy>,
    /// One past the allocation number of the newest runtime heap block,
    /// and where its cells end: a frame whose allocations lie below it
    /// cannot give its cells back when it returns (they are buried).
    pub heap_top: u32,
    /// See `heap_top`.
    pub heap_end: u32,
    /// The runtime strings `free` released (their `block`s).
    pub freed_strings: std::collections::HashSet<u32>,
}

impl Memory {
    /// The allocation a pointer is into, if it is live; otherwise why not.
    #[inline(always)]
    pub fn alloc(&self, p: &Ptr) -> Result<&Alloc, Access> {
        match self.allocs.get(p.block as usize) {
            Some(a) if a.gen == p.gen => Ok(a),
            _ => Err(self.classify(p)),
        }
    }

    /// Why a pointer is not into a live allocation (a heap string is live
    /// but holds no word: `OutOfBounds`).
    #[cold]
    #[inline(never)]
    fn classify(&self, p: &Ptr) -> Access {
        if let Some(Alloc {
            kind: AllocKind::Stack { site, .. },
            ..
        }) = self.superseded(p)
        {
            Access::Superseded(*site)
        } else if p.block == NULL_BLOCK {
            Access::Null
        } else if self
            .allocs
            .get(p.block as usize)
            .is_some_and(|a| a.gen == FREED_GEN)
        {
            Access::Freed
        } else if p.block & FUNC_BIT != 0 {
            Access::Code
        } else if self.freed_strings.contains(&p.block) {
            Access::Freed
        } else if p.block & HEAP_BIT != 0 {
            Access::OutOfBounds
        } else {
            Access::Dead
        }
    }

    /// The allocation a pointer is into when its `alloca` has run again
    /// since (see [`SUPERSEDED_BIT`]).
    fn superseded(&self, p: &Ptr) -> Option<&Alloc> {
        self.allocs
            .get(p.block as usize)
            .filter(|a| a.gen == p.gen | SUPERSEDED_BIT)
    }

    /// Marks allocation `block` superseded: its `alloca` has run again.
    pub fn supersede(&mut self, block: u32) {
        if let Some(a) = self.allocs.get_mut(block as usize) {
            a.gen |= SUPERSEDED_BIT;
        }
    }

    /// Whether a pointer's block can be accessed (GEP's check 1): a live
    /// allocation or a heap string; not null, a function or a freed frame.
    #[inline(always)]
    pub fn is_live(&self, p: &Ptr) -> bool {
        match self.alloc(p) {
            Ok(_) => true,
            Err(_) => self.heap_string(p).is_some(),
        }
    }

    /// The string of a heap block, for a pointer into one.
    fn heap_string(&self, p: &Ptr) -> Option<&[u8]> {
        if p.block == NULL_BLOCK || p.block & FUNC_BIT != 0 || p.block & HEAP_BIT == 0 {
            return None;
        }
        self.heap.get((p.block & !HEAP_BIT) as usize)?.as_deref()
    }

    /// The index in `words` of the word a pointer targets, if its block is
    /// live; the caller has checked that its place is a word.
    #[inline(always)]
    pub fn word_index(&self, p: &Ptr) -> Result<usize, Access> {
        self.alloc(p)?;
        Ok(p.off as usize)
    }

    /// A new allocation of `cells` cells, each `fill`; its number and
    /// where its cells start.
    /// `None` when the vectors would outgrow pointers' 32-bit numbers
    /// (the caller reports `memory-exhausted`).
    pub fn allocate(
        &mut self,
        gen: u32,
        kind: AllocKind,
        cells: u64,
        fill: Value,
    ) -> Option<(u32, u32)> {
        let start = u32::try_from(self.words.len()).ok()?;
        let end = u64::from(start).checked_add(cells)?;
        let block = u32::try_from(self.allocs.len()).ok()?;
        if end > u64::from(u32::MAX) || block >= HEAP_BIT {
            return None;
        }
        self.words.resize(end as usize, fill);
        self.allocs.push(Alloc { gen, start, kind });
        Some((block, start))
    }

    /// A new heap block of `cells` cells, each `fill`, for a runtime
    /// allocation described by `lazy`: its number and where its cells
    /// start. `None` as for [`Memory::allocate`].
    pub fn allocate_runtime_block(
        &mut self,
        cells: u64,
        fill: Value,
        lazy: Lazy,
    ) -> Option<(u32, u32)> {
        let h = u32::try_from(self.heap.len()).ok()?;
        let (block, start) = self.allocate(0, AllocKind::Heap(h), cells, fill)?;
        self.heap.push(None);
        self.heap_top = block + 1;
        self.heap_end = u32::try_from(self.words.len()).ok()?;
        self.lazy.insert(block, lazy);
        Some((block, start))
    }

    /// The allocations from number `allocs_base` (and cells from
    /// `words_base`) on belong to a frame that returned: they go, or, below
    /// a newer runtime heap block, are buried (marked dead, their cells
    /// kept). True when they were buried.
    pub fn free_frame(&mut self, words_base: usize, allocs_base: u32) -> bool {
        if allocs_base >= self.heap_top {
            self.words.truncate(words_base);
            self.allocs.truncate(allocs_base as usize);
            return false;
        }
        let top = self.heap_top as usize;
        for a in self.allocs.iter_mut().take(top).skip(allocs_base as usize) {
            if matches!(a.kind, AllocKind::Stack { .. }) {
                a.gen = BURIED_GEN;
            }
        }
        self.allocs.truncate(top);
        self.words.truncate(self.heap_end as usize);
        true
    }

    /// `free` of a runtime string (`p` at its start): its block dies.
    /// False when `p` is not a pointer to a live heap string.
    pub fn free_string(&mut self, p: &Ptr) -> bool {
        if self.heap_string(p).is_none() {
            return false;
        }
        if let Some(slot) = self.heap.get_mut((p.block & !HEAP_BIT) as usize) {
            *slot = None;
            self.freed_strings.insert(p.block);
        }
        true
    }

    /// `free` of runtime heap block `block`: pointers into it die.
    pub fn free_block(&mut self, block: u32) {
        if let Some(a) = self.allocs.get_mut(block as usize) {
            a.gen = FREED_GEN;
        }
    }

    /// Where the cells of allocation `block` end (the next allocation's
    /// start, or the end of memory).
    pub fn extent_end(&self, block: u32) -> u32 {
        self.allocs
            .get(block as usize + 1)
            .map_or(self.words.len() as u32, |a| a.start)
    }

    /// A new heap block holding `bytes`; a pointer's `block` for it.
    /// (The caller accounts for its cells.)
    pub fn alloc_heap_string(&mut self, bytes: Vec<u8>) -> Option<u32> {
        let n = u32::try_from(self.heap.len())
            .ok()
            .filter(|&n| n < HEAP_BIT)?;
        self.heap.push(Some(bytes.into()));
        Some(HEAP_BIT | n)
    }

    /// The bytes of the string leaf a pointer targets (a pointer to the
    /// leaf or to its first character); `None` when it targets anything
    /// else, `Err` when the block cannot be accessed. A string leaf never
    /// written (an `alloca [N x i8]`: no LLVMlite instruction writes an
    /// `i8`) holds undef bytes: [`StringAt::Undef`] with that undef.
    pub fn string_at(&self, tys: &TyTable, p: &Ptr) -> Result<Option<StringAt>, Access> {
        let Some(place) = tys.place(p.place) else {
            return Ok(None);
        };
        if !matches!(place.shape, Shape::Str | Shape::Char) {
            return Ok(None);
        }
        if let Some(s) = self.heap_string(p) {
            return Ok(Some(StringAt::Bytes(s.to_vec())));
        }
        let i = self.word_index(p)?;
        Ok(match self.words.get(i) {
            Some(Value::Int(n)) => self
                .data
                .get(*n as usize)
                .map(|b| StringAt::Bytes(b.to_vec())),
            Some(Value::Undef(u)) => Some(StringAt::Undef(*u)),
            _ => None,
        })
    }
}

/// What a string leaf holds (see [`Memory::string_at`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StringAt {
    /// The leaf's bytes (a global initializer's or a runtime result's).
    Bytes(Vec<u8>),
    /// The leaf was never written: its bytes are undef.
    Undef(Undef),
}

impl Memory {
    /// The spec's path of a pointer, rebuilt from its place and offset:
    /// the first index says which tree of the block (which `alloca` of a
    /// frame; 0 elsewhere), each next one which field, element or
    /// character (also into a superseded block). `None` for a pointer into
    /// a frame that has returned (which tree it was is gone with the frame).
    pub fn path_of(&self, tys: &TyTable, p: &Ptr) -> Option<Vec<u32>> {
        let (first, start) = match self.alloc(p).ok().or_else(|| self.superseded(p)) {
            Some(a) => match a.kind {
                AllocKind::Stack { index, .. } => (index, a.start),
                _ => (0, a.start),
            },
            None if self.classify(p) == Access::Dead => return None,
            None => (0, 0),
        };
        let mut chain = Vec::new();
        let mut at = p.place;
        while at != NO_PLACE {
            chain.push(at);
            at = tys.place(at)?.parent;
        }
        chain.reverse();
        let mut path = vec![first];
        let mut cur = u64::from(start);
        for w in chain.windows(2) {
            let (parent, child) = (tys.place(w[0])?, tys.place(w[1])?);
            let idx = match parent.shape {
                Shape::Struct => {
                    cur += parent.field_off.get(child.index as usize)?;
                    u64::from(child.index)
                }
                Shape::Array { elem_cells, .. } => {
                    let k = u64::from(p.off).checked_sub(cur)? / elem_cells.max(1);
                    cur += k * elem_cells;
                    k
                }
                _ => 0,
            };
            path.push(u32::try_from(idx).ok()?);
        }
        Some(path)
    }
}

/// The bytes of a string leaf up to (not including) its first NUL, or
/// `None` when the leaf has no NUL (natively a read past its end).
pub fn c_string(bytes: &[u8]) -> Option<&[u8]> {
    bytes.iter().position(|&b| b == 0).map(|n| &bytes[..n])
}

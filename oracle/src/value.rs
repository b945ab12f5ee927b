//! Simple values (the spec's "Simple and Memory Values"): `undef`, 64-bit
//! integers (i1 held as 0 or 1) and pointers `(tag, block, path)`.
//! A value is 24 bytes and `Copy`.

/// Why a value is `undef`: where it came from, so that the error raised
/// when it is used can say so (docs/semantics.md, "Undef is a value").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndefWhy {
    /// A memory word never written, allocated by the `alloca` at `site`.
    Uninit,
    /// Loaded at `site` from a word never written, allocated at `aux`.
    Loaded,
    /// The result of the `getelementptr` at `site`; `aux` is the failed
    /// check (a [`crate::gep::GepCheck`] as a number).
    BadGep,
    /// Loaded at `site` at type `i1`, in LLVM's memory, from a byte
    /// holding `aux`, neither 0 nor 1 (LLVM: a load of `i1` from bytes
    /// not stored as an `i1` is undefined).
    NotABool,
    /// A local read before the instruction defining it ran (only in programs
    /// the checker rejects).
    Unset,
}

/// The allocating site of an [`UndefWhy::Uninit`] word that a runtime
/// function allocated with C's `malloc` (an `oat_alloc_array` element).
pub const HEAP_SITE: u32 = u32::MAX;

/// An `undef` value with its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Undef {
    /// What made it.
    pub why: UndefWhy,
    /// The instruction site that made it (see `ir::Site`).
    pub site: u32,
    /// A second site or a detail code, depending on `why`.
    pub aux: u32,
}

/// The `block` of a null pointer (the spec's invalid block).
pub const NULL_BLOCK: u32 = u32::MAX;
/// Set in `block` for a function pointer: the rest is the function number.
pub const FUNC_BIT: u32 = 1 << 31;
/// Set in `block` for a heap block holding one string (made by argv or a
/// runtime function): the rest is its number in `Memory::heap`.
pub const HEAP_BIT: u32 = 1 << 30;

/// A pointer: the spec's `(tag, block, path)`, kept as what they mean.
///
/// - `block` and `gen` name the block: an allocation in `Memory::allocs`
///   (a global, the argv array, or one `alloca` of a stack frame, which is
///   its own tree of the frame's forest), or `NULL_BLOCK`, or a function
///   (`FUNC_BIT`), or a heap string (`HEAP_BIT`). `gen` is the number of the
///   frame that made a stack allocation (0 for the others): once that frame
///   has returned, the allocation's slot has another `gen` or is gone, so
///   the pointer is dead (`use-after-return`).
/// - `place` is the tag and the path's shape (see `place`): the effective
///   tag at the target and what the target is.
/// - `off` is where the target's first cell is in `Memory::words` (the
///   allocation's start plus the cells before the target: the path's
///   indices); `lo` is, when the target is an element of an array, where
///   that array starts (so GEP's first index can move among elements).
///   Both are 0 for null, function and heap-string pointers, which have no
///   cells. Keeping the cell's index here (not its offset in the
///   allocation) keeps the allocation's start off the path of every access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Ptr {
    /// The block (see above).
    pub block: u32,
    /// The frame number of a stack allocation, else 0.
    pub gen: u32,
    /// Index in `Memory::words` of the target's first cell.
    pub off: u32,
    /// Index in `Memory::words` of the array the target is an element of.
    pub lo: u32,
    /// The root tag and path shape.
    pub place: crate::place::PlaceId,
}

impl Ptr {
    /// A pointer to the whole of block `block` (path `[k]`), whose cells
    /// start at `start`, with place `place`.
    pub fn root(block: u32, gen: u32, start: u32, place: crate::place::PlaceId) -> Ptr {
        Ptr {
            block,
            gen,
            off: start,
            lo: start,
            place,
        }
    }
}

/// A simple value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Value {
    /// The unusable value, with where it came from.
    Undef(Undef),
    /// A 64-bit integer (i1: 0 or 1).
    Int(i64),
    /// A pointer.
    Ptr(Ptr),
    /// A pointer in LLVM's memory (`--memory llvm`, see `llvm_mem`): an
    /// address and the allocation it may access. The tree memory never
    /// makes one.
    Addr(Addr),
}

/// The provenance of an [`Addr`] that may access no allocation: `null`,
/// a function's address, an integer read as a pointer that no exposed
/// allocation contains.
pub const NO_PROV: u32 = u32::MAX;

/// A pointer in LLVM's memory (docs/semantics.md, "LLVM's memory"): its
/// address (an integer, the one a load at `i64` of its bytes gives) and
/// its provenance, the number of the allocation it was derived from
/// ([`NO_PROV`] for none). An access through it is defined only inside
/// that allocation while it is live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Addr {
    /// The address.
    pub addr: u64,
    /// The allocation it may access, or [`NO_PROV`].
    pub prov: u32,
}

impl Value {
    /// `undef` made for `why` at `site`.
    pub fn undef(why: UndefWhy, site: u32, aux: u32) -> Value {
        Value::Undef(Undef { why, site, aux })
    }
}

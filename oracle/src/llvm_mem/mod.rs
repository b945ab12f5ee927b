//! LLVM's memory (docs/semantics.md, "LLVM's memory"), the second memory
//! model, used to judge front ends' output as clang or llc and cc run it
//! (`Options::memory`). Memory is bytes in LLVM's layout, each
//! uninitialised, data, or one of the eight bytes of a pointer with its
//! provenance (which allocation, which of its bytes), as in Miri's memory
//! and Alive2's model of LLVM. Allocations (globals, argv, each run of an
//! `alloca`, each block a runtime function returns) lie at concrete,
//! deterministic addresses ([`layout::AddressLayout`]); a pointer is an
//! address with the provenance of the allocation it came from
//! ([`crate::value::Addr`]). `getelementptr` is address arithmetic with no
//! check; an access is defined only inside the pointer's allocation while
//! it is live. A load decodes the bytes at its type: a pointer's bytes
//! read at `i64` give its address and expose its allocation; bytes that
//! are not one whole pointer, read at a pointer type, give the address
//! they spell with the provenance of the exposed allocation containing it,
//! or none. Addresses are never reused, so a dangling pointer keeps the
//! provenance of a dead allocation.
//!
//! This module holds the state and its operations; `rules` gives the
//! machine's memory instructions and runtime functions their meaning over
//! it, and `init` builds the initial memory.

pub mod init;
pub mod layout;
mod rules;

pub use layout::{AddressLayout, LlvmLayout};
pub(crate) use rules::{is_null_addr, llvm_icmp};

use crate::memory::Access;
use crate::value::{Addr, NO_PROV};

/// A byte never written (`meta`).
const UNINIT: u32 = 0;
/// A byte of data (`meta`).
const DATA: u32 = 1;
/// `meta` of byte `i` of a pointer with provenance `p` is `FRAG + 8 p + i`.
const FRAG: u32 = 2;
/// One past the largest provenance a byte can record.
const MAX_ALLOCS: u32 = (u32::MAX - FRAG) / 8;
/// Addresses below this are no allocation's: an access there is a null
/// dereference (natively the first page is unmapped).
const NULL_PAGE: u64 = 4096;

/// Who made an allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// Global number `n`.
    Global(u32),
    /// An `alloca` at `site`, in the frame numbered `serial`.
    Stack {
        /// The frame's number (`Frame::serial`).
        serial: u32,
        /// The `alloca`'s site.
        site: u32,
    },
    /// The C runtime's `malloc` or `calloc` (`oat_alloc_array`,
    /// `oat_malloc`, `ll_malloc`, a runtime string): `free` may release it.
    Heap,
    /// The argv strings and array the C start-up code made.
    Argv,
}

/// Whether an allocation may still be accessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// It may.
    Live,
    /// Its frame returned.
    Returned,
    /// `free` released it.
    Freed,
}

/// One allocation: where it is, how big, who made it, and its bytes.
#[derive(Clone, Debug)]
pub struct Allocation {
    /// Its first byte's address.
    pub base: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Who made it.
    pub made: Made,
    /// Whether it is live.
    pub life: Life,
    /// Whether its address was exposed (a pointer into it read as an
    /// integer): an integer read as a pointer may then reach it.
    pub exposed: bool,
    bytes: Vec<u8>,
    meta: Vec<u32>,
}

impl Allocation {
    /// The site an undef loaded from its never-written bytes names
    /// (`UndefWhy::Loaded`'s `aux`): its `alloca`, or the C heap.
    pub fn origin(&self) -> u32 {
        match self.made {
            Made::Stack { site, .. } => site,
            _ => crate::value::HEAP_SITE,
        }
    }
}

/// What reading a C string found instead of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrFault {
    /// The pointer cannot access memory (null, dead, no provenance...).
    Access(Access),
    /// A byte before the NUL was never written.
    Uninit,
    /// The allocation ends before a NUL.
    NoNul,
}

/// The memory state of LLVM's model.
#[derive(Debug)]
pub struct LlvmMemory {
    /// Every allocation ever made, by number (its provenance), in address
    /// order.
    pub allocs: Vec<Allocation>,
    /// Where the next allocation may start.
    next: u64,
    /// The address layout of the run.
    pub layout: AddressLayout,
    /// LLVM's sizes and field offsets of the program's types.
    pub types: LlvmLayout,
    /// The live `alloca` allocations, innermost frame's last.
    stack: Vec<u32>,
    /// Whether any allocation was exposed.
    any_exposed: bool,
    /// How many functions have an address (`Program::fun_refs`).
    functions: u64,
    /// The sites where a value came from an address (a pointer's bytes
    /// read as an integer, pointers ordered): what an output that depends
    /// on addresses may come from. At most [`MAX_ADDRESS_USES`], each once.
    pub address_uses: Vec<u32>,
}

/// The most sites `LlvmMemory::address_uses` keeps.
pub const MAX_ADDRESS_USES: usize = 8;

impl LlvmMemory {
    /// Empty memory at address layout `layout`, for a program with
    /// `functions` functions (defined or runtime) that have addresses.
    pub fn new(layout: AddressLayout, functions: usize) -> LlvmMemory {
        LlvmMemory {
            allocs: Vec::new(),
            next: layout.base,
            layout,
            types: LlvmLayout::default(),
            stack: Vec::new(),
            functions: functions as u64,
            any_exposed: false,
            address_uses: Vec::new(),
        }
    }

    /// A new allocation of `size` bytes made by `made`, each byte
    /// uninitialised or (`zero`) 0: its number. `None` past the address
    /// space or the number of allocations a byte can name.
    pub fn allocate(&mut self, size: u64, made: Made, zero: bool) -> Option<u32> {
        let id = u32::try_from(self.allocs.len())
            .ok()
            .filter(|&n| n < MAX_ALLOCS)?;
        let base = self.next.checked_add(15)? & !15;
        let end = base.checked_add(size.max(1))?;
        self.next = end.checked_add(self.layout.gap)?;
        let n = usize::try_from(size).ok()?;
        let fill = if zero { DATA } else { UNINIT };
        self.allocs.push(Allocation {
            base,
            size,
            made,
            life: Life::Live,
            exposed: false,
            bytes: vec![0; n],
            meta: vec![fill; n],
        });
        if let Made::Stack { .. } = made {
            self.stack.push(id);
        }
        Some(id)
    }

    /// A pointer to the start of allocation `id`.
    pub fn start(&self, id: u32) -> Addr {
        Addr {
            addr: self.allocs.get(id as usize).map_or(0, |a| a.base),
            prov: id,
        }
    }

    /// The address of function number `n` (its `FunRef` number).
    pub fn function_addr(&self, n: u32) -> Addr {
        Addr {
            addr: self.layout.code + 16 * u64::from(n),
            prov: NO_PROV,
        }
    }

    /// The function number at address `addr`, if it is one's.
    pub fn function_at(&self, addr: u64) -> Option<u32> {
        let off = addr.checked_sub(self.layout.code)?;
        let n = off / 16;
        (off.is_multiple_of(16) && n < self.functions).then_some(n as u32)
    }

    /// Where an access of `len` bytes through `a` lands: the allocation's
    /// number and the offset in it; otherwise why it is undefined.
    #[inline]
    pub fn check(&self, a: &Addr, len: u64) -> Result<(u32, usize), Access> {
        let Some(al) = self.allocs.get(a.prov as usize) else {
            return Err(self.without_provenance(a.addr));
        };
        match al.life {
            Life::Live => {}
            Life::Returned => return Err(Access::Dead),
            Life::Freed => return Err(Access::Freed),
        }
        let off = a.addr.wrapping_sub(al.base);
        if off >= al.size || al.size - off < len {
            return Err(Access::OutOfBounds);
        }
        Ok((a.prov, off as usize))
    }

    /// Why an address with no provenance cannot be accessed.
    #[cold]
    fn without_provenance(&self, addr: u64) -> Access {
        if addr < NULL_PAGE {
            Access::Null
        } else if addr
            .checked_sub(self.layout.code)
            .is_some_and(|off| off < 16 * self.functions)
        {
            Access::Code
        } else {
            Access::OutOfBounds
        }
    }

    /// The `len` bytes (1 or 8) at `off` of allocation `id` as a
    /// little-endian integer; `None` when one was never written. A
    /// pointer's bytes among them expose its allocation.
    #[inline]
    /// `site` is the load's, recorded as an address use when a pointer's
    /// bytes are among them.
    pub fn load_int(&mut self, id: u32, off: usize, len: usize, site: u32) -> Option<u64> {
        let al = self.allocs.get(id as usize)?;
        let meta = al.meta.get(off..off + len)?;
        let bytes = al.bytes.get(off..off + len)?;
        if meta.iter().all(|&m| m == DATA) {
            return Some(le(bytes));
        }
        if meta.contains(&UNINIT) {
            return None;
        }
        let exposed: Vec<u32> = meta
            .iter()
            .filter(|&&m| m >= FRAG)
            .map(|&m| (m - FRAG) / 8)
            .collect();
        let v = le(bytes);
        for p in exposed {
            if let Some(a) = self.allocs.get_mut(p as usize) {
                a.exposed = true;
                self.any_exposed = true;
            }
        }
        self.address_used(site);
        Some(v)
    }

    /// The `len` bytes at `off` of allocation `id` as an integer when
    /// each is plain data (`None` otherwise: a pointer's byte or one never
    /// written, which `load_int` handles).
    #[inline]
    pub fn load_plain(&self, id: u32, off: usize, len: usize) -> Option<u64> {
        let al = self.allocs.get(id as usize)?;
        if len == 8 {
            // A word: its bytes and their kinds compared as arrays.
            let (meta, bytes) = word(al, off)?;
            return (*meta == [DATA; 8]).then(|| u64::from_le_bytes(*bytes));
        }
        let meta = al.meta.get(off..off + len)?;
        if !meta.iter().all(|&m| m == DATA) {
            return None;
        }
        Some(le(al.bytes.get(off..off + len)?))
    }

    /// The 8 bytes at `off` of allocation `id` as a pointer; `None` when
    /// one was never written. The bytes of one pointer give it back with
    /// its provenance; other bytes give the address they spell with the
    /// provenance of the exposed allocation containing it (or none).
    #[inline]
    pub fn load_ptr(&mut self, id: u32, off: usize, site: u32) -> Option<Addr> {
        let al = self.allocs.get(id as usize)?;
        let (meta, bytes) = word(al, off)?;
        let addr = u64::from_le_bytes(*bytes);
        let first = meta[0];
        if first >= FRAG && (first - FRAG).is_multiple_of(8) {
            let whole = *meta == fragments(first);
            if whole {
                return Some(Addr {
                    addr,
                    prov: (first - FRAG) / 8,
                });
            }
        }
        if meta.contains(&UNINIT) {
            return None;
        }
        if meta.iter().any(|&m| m >= FRAG) {
            self.load_int(id, off, 8, site)?;
        }
        Some(Addr {
            addr,
            prov: self.exposed_at(addr),
        })
    }

    /// The provenance an integer read as a pointer gets: the exposed
    /// allocation whose bytes (or one past whose end) `addr` is, or none.
    pub fn exposed_at(&self, addr: u64) -> u32 {
        if addr < NULL_PAGE || !self.any_exposed {
            return NO_PROV;
        }
        let k = self.allocs.partition_point(|a| a.base <= addr);
        match k
            .checked_sub(1)
            .and_then(|i| self.allocs.get(i).map(|a| (i, a)))
        {
            Some((i, a)) if a.exposed && addr - a.base <= a.size => i as u32,
            _ => NO_PROV,
        }
    }

    /// Writes `len` bytes (1 or 8) of integer `v` at `off` of allocation `id`.
    #[inline]
    pub fn store_int(&mut self, id: u32, off: usize, len: usize, v: u64) {
        if len == 8 {
            if let Some((m, b)) = self.word_mut(id, off) {
                *b = v.to_le_bytes();
                *m = [DATA; 8];
            }
            return;
        }
        if let Some(al) = self.allocs.get_mut(id as usize) {
            if let (Some(b), Some(m)) = (
                al.bytes.get_mut(off..off + len),
                al.meta.get_mut(off..off + len),
            ) {
                b.copy_from_slice(&v.to_le_bytes()[..len]);
                m.fill(DATA);
            }
        }
    }

    /// Writes pointer `a` (its address, each byte a fragment of its
    /// provenance) at `off` of allocation `id`.
    #[inline]
    pub fn store_ptr(&mut self, id: u32, off: usize, a: &Addr) {
        if a.prov == NO_PROV {
            return self.store_int(id, off, 8, a.addr);
        }
        if let Some((m, b)) = self.word_mut(id, off) {
            *b = a.addr.to_le_bytes();
            *m = fragments(FRAG + 8 * a.prov);
        }
    }

    /// The kinds and bytes of the 8 bytes at `off` of allocation `id`, to
    /// write.
    #[inline(always)]
    fn word_mut(&mut self, id: u32, off: usize) -> Option<(&mut [u32; 8], &mut [u8; 8])> {
        let al = self.allocs.get_mut(id as usize)?;
        let m = al.meta.get_mut(off..off + 8)?.try_into().ok()?;
        let b = al.bytes.get_mut(off..off + 8)?.try_into().ok()?;
        Some((m, b))
    }

    /// Makes `len` bytes at `off` of allocation `id` uninitialised (a
    /// store of `undef`).
    pub fn store_uninit(&mut self, id: u32, off: usize, len: usize) {
        if let Some(m) = self
            .allocs
            .get_mut(id as usize)
            .and_then(|al| al.meta.get_mut(off..off + len))
        {
            m.fill(UNINIT);
        }
    }

    /// The frame numbered `serial` returned: its allocations die. Their
    /// bytes in all.
    pub fn free_frame(&mut self, serial: u32) -> u64 {
        let mut freed = 0;
        while let Some(&id) = self.stack.last() {
            let Some(al) = self.allocs.get_mut(id as usize) else {
                break;
            };
            if !matches!(al.made, Made::Stack { serial: s, .. } if s == serial) {
                break;
            }
            freed += al.size;
            kill(al, Life::Returned);
            self.stack.pop();
        }
        freed
    }

    /// C's `free(p)`: the heap allocation `p` points at the start of dies;
    /// its size. `Err` when `p` is not such a pointer (`Freed` when it was
    /// released already).
    pub fn free(&mut self, p: &Addr) -> Result<u64, Access> {
        let al = self
            .allocs
            .get_mut(p.prov as usize)
            .ok_or(Access::OutOfBounds)?;
        match (al.life, al.made) {
            (Life::Freed, _) => Err(Access::Freed),
            (Life::Live, Made::Heap) if p.addr == al.base => {
                let size = al.size;
                kill(al, Life::Freed);
                Ok(size)
            }
            _ => Err(Access::OutOfBounds),
        }
    }

    /// The bytes of the C string at `p`, up to (not including) its NUL.
    pub fn c_string(&self, p: &Addr) -> Result<Vec<u8>, StrFault> {
        let (id, off) = self.check(p, 1).map_err(StrFault::Access)?;
        let al = self.allocs.get(id as usize).ok_or(StrFault::NoNul)?;
        let mut out = Vec::new();
        for (b, m) in al.bytes.iter().zip(&al.meta).skip(off) {
            if *m == UNINIT {
                return Err(StrFault::Uninit);
            }
            if *b == 0 {
                return Ok(out);
            }
            out.push(*b);
        }
        Err(StrFault::NoNul)
    }

    /// Records that a value came from an address at `site` (`u32::MAX`,
    /// a runtime function's read, is not recorded).
    pub fn address_used(&mut self, site: u32) {
        if site != u32::MAX
            && self.address_uses.len() < MAX_ADDRESS_USES
            && !self.address_uses.contains(&site)
        {
            self.address_uses.push(site);
        }
    }
}

/// An allocation dies: its bytes go (the host's memory back).
fn kill(al: &mut Allocation, life: Life) {
    al.life = life;
    al.bytes = Vec::new();
    al.meta = Vec::new();
}

/// The kinds and bytes of the 8 bytes at `off` of `al`.
#[inline(always)]
fn word(al: &Allocation, off: usize) -> Option<(&[u32; 8], &[u8; 8])> {
    let m = al.meta.get(off..off + 8)?.try_into().ok()?;
    let b = al.bytes.get(off..off + 8)?.try_into().ok()?;
    Some((m, b))
}

/// The kinds of a pointer's 8 bytes whose first is `first` (`FRAG + 8 p`
/// for provenance `p`): its fragments 0 to 7 in order.
#[inline(always)]
fn fragments(first: u32) -> [u32; 8] {
    std::array::from_fn(|i| first.wrapping_add(i as u32))
}

/// Little-endian bytes (at most 8) as an integer.
#[inline]
fn le(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(b)
}

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
//! Memory stays bounded as frames come and go: the record of an `alloca`
//! whose frame returned (its number, which bytes' provenance names) is
//! given to a later allocation when its address was never exposed. The
//! record remembers the addresses of its earlier allocations, so that a
//! dangling pointer into a returned frame is still `use-after-return`,
//! located, after its number is reused.
//!
//! This module holds the state and its operations; `crate::llvm_rules`
//! gives the machine's memory instructions and runtime functions their
//! meaning over it, and `init` builds the initial memory.

pub mod init;
pub mod layout;

pub use layout::{AddressLayout, LlvmLayout};

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
    /// The addresses of the earlier allocations of this number (allocas
    /// whose frames returned, or heap blocks `free` released: a number
    /// is reused by the same kind only), from the first one's base to the
    /// last one's end: a pointer of this provenance there is a dangling
    /// one.
    pub earlier: Option<(u64, u64)>,
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
    /// The numbers of allocas whose frames returned, never exposed: a
    /// new `alloca` takes one of them before making a new number.
    reusable: Vec<u32>,
    /// The numbers of heap blocks `free` released, never exposed: a new
    /// heap block takes one of them before making a new number.
    reusable_heap: Vec<u32>,
    /// The exposed allocations' (base, number), in address order: where
    /// an integer read as a pointer finds its provenance.
    exposed: Vec<(u64, u32)>,
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
            reusable: Vec::new(),
            reusable_heap: Vec::new(),
            exposed: Vec::new(),
            functions: functions as u64,
            any_exposed: false,
            address_uses: Vec::new(),
        }
    }

    /// A new allocation of `size` bytes made by `made`, each byte
    /// uninitialised or (`zero`) 0: its number. `None` past the address
    /// space or the number of allocations a byte can name.
    pub fn allocate(&mut self, size: u64, made: Made, zero: bool) -> Option<u32> {
        let base = self.next.checked_add(15)? & !15;
        let end = base.checked_add(size.max(1))?;
        self.next = end.checked_add(self.layout.gap)?;
        let n = usize::try_from(size).ok()?;
        let fill = if zero { DATA } else { UNINIT };
        let fresh = Allocation {
            base,
            size,
            made,
            life: Life::Live,
            exposed: false,
            earlier: None,
            bytes: vec![0; n],
            meta: vec![fill; n],
        };
        let id = match self.reusable_number(made) {
            Some(id) => {
                let old = self.allocs.get_mut(id as usize)?;
                let first = old.earlier.map_or(old.base, |(lo, _)| lo);
                let earlier = Some((first, old.base + old.size.max(1)));
                *old = Allocation { earlier, ..fresh };
                id
            }
            None => {
                let id = u32::try_from(self.allocs.len())
                    .ok()
                    .filter(|&n| n < MAX_ALLOCS)?;
                self.allocs.push(fresh);
                id
            }
        };
        if let Made::Stack { .. } = made {
            self.stack.push(id);
        }
        Some(id)
    }

    /// A dead allocation's number that a new allocation made by `made`
    /// may take: a returned alloca's for an `alloca`, a freed block's for
    /// a heap block (so that a dangling pointer of the number stays
    /// `use-after-return` or `use-after-free`), one whose address was not
    /// exposed since (an exposed one keeps its number, so that an integer
    /// read as a pointer finds it dead).
    fn reusable_number(&mut self, made: Made) -> Option<u32> {
        let pool = match made {
            Made::Stack { .. } => &mut self.reusable,
            Made::Heap => &mut self.reusable_heap,
            Made::Global(_) | Made::Argv => return None,
        };
        while let Some(id) = pool.pop() {
            if self.allocs.get(id as usize).is_some_and(|a| !a.exposed) {
                return Some(id);
            }
        }
        None
    }

    /// How many allocation records memory holds (live, or kept to name a
    /// dead allocation): what the host's memory holds besides the bytes.
    pub fn records(&self) -> usize {
        self.allocs.len()
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
            return Err(earlier_or_out_of_bounds(al, a.addr));
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
            self.expose(p);
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

    /// Allocation `p`'s address is exposed (once).
    fn expose(&mut self, p: u32) {
        let Some(a) = self.allocs.get_mut(p as usize) else {
            return;
        };
        if a.exposed {
            return;
        }
        a.exposed = true;
        self.any_exposed = true;
        let at = self.exposed.partition_point(|&(b, _)| b <= a.base);
        self.exposed.insert(at, (a.base, p));
    }

    /// The provenance an integer read as a pointer gets: the exposed
    /// allocation whose bytes (or one past whose end) `addr` is, or none.
    pub fn exposed_at(&self, addr: u64) -> u32 {
        if addr < NULL_PAGE || !self.any_exposed {
            return NO_PROV;
        }
        let k = self.exposed.partition_point(|&(b, _)| b <= addr);
        let Some(&(base, id)) = k.checked_sub(1).and_then(|i| self.exposed.get(i)) else {
            return NO_PROV;
        };
        match self.allocs.get(id as usize) {
            Some(a) if addr - base <= a.size => id,
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

    /// The frame numbered `serial` returned: its allocations die. How
    /// many of their records are kept, never to be reused (those whose
    /// address was exposed).
    pub fn free_frame(&mut self, serial: u32) -> u64 {
        let mut kept = 0;
        while let Some(&id) = self.stack.last() {
            let Some(al) = self.allocs.get_mut(id as usize) else {
                break;
            };
            if !matches!(al.made, Made::Stack { serial: s, .. } if s == serial) {
                break;
            }
            kill(al, Life::Returned);
            if al.exposed {
                kept += 1;
            } else {
                self.reusable.push(id);
            }
            self.stack.pop();
        }
        kept
    }

    /// C's `free(p)`: the heap allocation `p` points at the start of dies;
    /// its size, and whether its record is kept (its address was
    /// exposed: an integer may still name it) rather than given to a
    /// later heap block. `Err` when `p` is not such a pointer (`Freed`
    /// when it was released already, also when its number has been
    /// reused since).
    pub fn free(&mut self, p: &Addr) -> Result<(u64, bool), Access> {
        let al = self
            .allocs
            .get_mut(p.prov as usize)
            .ok_or(Access::OutOfBounds)?;
        match (al.life, al.made) {
            (Life::Freed, _) => Err(Access::Freed),
            (Life::Live, Made::Heap) if p.addr == al.base => {
                let size = al.size;
                kill(al, Life::Freed);
                if !al.exposed {
                    self.reusable_heap.push(p.prov);
                }
                Ok((size, al.exposed))
            }
            _ => Err(earlier_or_out_of_bounds(al, p.addr)),
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

/// Why an access through a pointer of `al`'s provenance at `addr`,
/// outside `al`, is undefined: a dangling pointer into an earlier
/// allocation of its number (an alloca whose frame returned: `Dead`; a
/// block `free` released: `Freed`), or out of bounds.
#[cold]
fn earlier_or_out_of_bounds(al: &Allocation, addr: u64) -> Access {
    match al.earlier {
        Some((lo, hi)) if (lo..hi).contains(&addr) => match al.made {
            Made::Heap => Access::Freed,
            _ => Access::Dead,
        },
        _ => Access::OutOfBounds,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One alloca of 8 bytes in frame `serial`.
    fn alloca(m: &mut LlvmMemory, serial: u32) -> u32 {
        m.allocate(8, Made::Stack { serial, site: 0 }, false)
            .expect("room")
    }

    /// A thousand calls, each with one alloca, one after another: the
    /// second and later take the first one's number, so one record is
    /// kept, not a thousand.
    #[test]
    fn returned_frames_records_are_reused() {
        let mut m = LlvmMemory::new(AddressLayout::FIRST, 0);
        for serial in 0..1000 {
            let id = alloca(&mut m, serial);
            assert_eq!(id, 0);
            assert_eq!(m.free_frame(serial), 0);
        }
        assert_eq!(m.records(), 1);
    }

    /// Frame 1's alloca at `0x1000_0000` (the first layout's base), 8
    /// bytes; frame 2's reuses its number at the next 16-aligned address
    /// after its end with no gap, `0x1000_0010`. The first pointer is
    /// still a dangling one (use after return), the new one is live, and
    /// one past the new one's end is out of bounds.
    #[test]
    fn a_dangling_pointer_is_dead_after_its_number_is_reused() {
        let mut m = LlvmMemory::new(AddressLayout::FIRST, 0);
        let id = alloca(&mut m, 1);
        let old = m.start(id);
        assert_eq!(old.addr, 0x1000_0000);
        m.free_frame(1);
        assert_eq!(alloca(&mut m, 2), id);
        let new = m.start(id);
        assert_eq!(new.addr, 0x1000_0010);
        assert_eq!(m.check(&old, 8), Err(Access::Dead));
        assert_eq!(m.check(&new, 8), Ok((id, 0)));
        let past = Addr {
            addr: 0x1000_0018,
            prov: id,
        };
        assert_eq!(m.check(&past, 8), Err(Access::OutOfBounds));
    }

    /// A freed heap block's number goes to the next heap block, not to an
    /// alloca: block 1 at `0x1000_0000` (8 bytes), freed; block 2 takes
    /// its number at `0x1000_0010`. A pointer to block 1 is then still a
    /// use after free, and freeing it again a double free; an alloca
    /// after them takes a new number.
    #[test]
    fn a_freed_block_s_number_goes_to_the_next_heap_block() {
        let mut m = LlvmMemory::new(AddressLayout::FIRST, 0);
        let id = m.allocate(8, Made::Heap, false).expect("room");
        let old = m.start(id);
        assert_eq!(old.addr, 0x1000_0000);
        assert_eq!(m.free(&old), Ok((8, false)));
        assert_eq!(m.allocate(8, Made::Heap, false), Some(id));
        let new = m.start(id);
        assert_eq!(new.addr, 0x1000_0010);
        assert_eq!(m.check(&old, 8), Err(Access::Freed));
        assert_eq!(m.free(&old), Err(Access::Freed));
        assert_eq!(m.check(&new, 8), Ok((id, 0)));
        assert_eq!(m.free(&new), Ok((8, false)));
        assert_eq!(alloca(&mut m, 1), id + 1);
        assert_eq!(m.records(), 2);
    }

    /// An alloca whose address was exposed keeps its number: an integer
    /// read as a pointer to it finds it dead, and the next alloca takes a
    /// new number.
    #[test]
    fn an_exposed_allocation_keeps_its_number() {
        let mut m = LlvmMemory::new(AddressLayout::FIRST, 0);
        let id = alloca(&mut m, 1);
        m.expose(id);
        assert_eq!(m.free_frame(1), 1);
        assert_eq!(alloca(&mut m, 2), id + 1);
        assert_eq!(m.exposed_at(0x1000_0000), id);
        let dangling = Addr {
            addr: 0x1000_0000,
            prov: m.exposed_at(0x1000_0000),
        };
        assert_eq!(m.check(&dangling, 8), Err(Access::Dead));
    }
}

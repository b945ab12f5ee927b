//! Memory (the spec's "Machine Configurations"): blocks in three address
//! spaces (globals, heap, stack frames), each a forest of trees whose leaves
//! are words (simple values) or strings, and whose nodes remember whether
//! they are a struct or an array (GEP moves among siblings only in arrays).
//!
//! Memory is counted in cells: a word is one cell, a string of N bytes
//! ceil(N/8) cells (at least one), a node the sum of its children (at least
//! one); that is the course layout's size in 8-byte words, rounded up.
//! A frame's cells come back when it returns; heap strings and printed
//! output (ceil(bytes/8) per `ll_puts`) stay counted.

use crate::tytable::{TyId, TyNode, TyTable};
use crate::value::{BlockId, Path, Ptr, UndefWhy, Value};
use std::collections::HashMap;

/// Whether a node was allocated as a struct or as an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// `{T1, ..., TN}`: fields; no sibling moves.
    Struct,
    /// `[N x T]`: elements; GEP may move among them.
    Array,
}

/// A memory tree (the spec's `mtree`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A word holding a simple value.
    Word(Value),
    /// `[N x i8]` data: one string leaf of N bytes.
    Str(Vec<u8>),
    /// Structured data.
    Node {
        /// Struct or array.
        kind: NodeKind,
        /// The fields or elements.
        children: Vec<Tree>,
    },
}

/// A live stack frame's memory: one tree per `alloca`, in order.
#[derive(Clone, Debug, Default)]
pub struct StackBlock {
    /// The frame's unique number (pointers into it carry it).
    pub serial: u32,
    /// The allocations.
    pub forest: Vec<Tree>,
    /// How many cells they take.
    pub cells: u64,
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
    /// The path does not reach a subtree of the block.
    OutOfBounds,
}

/// The memory state: globals, heap and stack frames (by call depth).
#[derive(Debug, Default)]
pub struct Memory {
    /// Global data, one forest (of one tree) per global.
    pub globals: Vec<Vec<Tree>>,
    /// Heap blocks (argv, runtime strings).
    pub heap: Vec<Vec<Tree>>,
    /// The frames of the active calls, outermost first.
    pub stack: Vec<StackBlock>,
    /// Cells in use.
    pub cells: u64,
    /// Paths longer than `value::INLINE`, numbered.
    pub paths: PathTable,
}

/// The paths too long to keep inline in a pointer, each stored once (only
/// valid paths are stored, so there are at most as many as nodes).
#[derive(Debug, Default)]
pub struct PathTable {
    paths: Vec<Box<[u32]>>,
    index: HashMap<Box<[u32]>, u32>,
}

impl PathTable {
    /// The indices of `p`.
    #[inline(always)]
    pub fn get<'a>(&'a self, p: &'a Path) -> &'a [u32] {
        match p.inline_indices() {
            Some(s) => s,
            None => p
                .long_id()
                .and_then(|n| self.paths.get(n as usize))
                .map_or(&[], |b| b),
        }
    }

    /// The path with indices `s`.
    pub fn make(&mut self, s: &[u32]) -> Path {
        if let Some(p) = Path::inline(s) {
            return p;
        }
        if let Some(&n) = self.index.get(s) {
            return Path::long(n);
        }
        let n = self.paths.len() as u32;
        self.paths.push(s.into());
        self.index.insert(s.into(), n);
        Path::long(n)
    }
}

/// `mval_of_ty`: a fresh tree of undef for type `ty` (the spec: "a subtree
/// of undef"); `[N x i8]` is a string leaf of N zero bytes. `site` is the
/// allocation, remembered in each undef. `None` for types with no memory
/// values (void, function types, a bare i8, undefined names).
pub fn mval_of_ty(tys: &TyTable, ty: TyId, site: u32) -> Option<Tree> {
    if tys.is_string(ty) {
        let TyNode::Array(n, _) = tys.node(ty) else {
            return None;
        };
        return Some(Tree::Str(vec![0; usize::try_from(*n).ok()?]));
    }
    match tys.node(ty) {
        TyNode::I1 | TyNode::I64 | TyNode::Ptr(_) | TyNode::OpaquePtr => {
            Some(Tree::Word(Value::undef(UndefWhy::Uninit, site, 0)))
        }
        TyNode::Array(n, e) => {
            let n = usize::try_from(*n).ok()?;
            let elem = mval_of_ty(tys, *e, site)?;
            Some(Tree::Node {
                kind: NodeKind::Array,
                children: vec![elem; n],
            })
        }
        TyNode::Struct(fs) => {
            let children = fs
                .iter()
                .map(|f| mval_of_ty(tys, *f, site))
                .collect::<Option<Vec<_>>>()?;
            Some(Tree::Node {
                kind: NodeKind::Struct,
                children,
            })
        }
        TyNode::Void | TyNode::I8 | TyNode::Fun(..) | TyNode::Bad => None,
    }
}

impl Memory {
    /// The forest of a block, or why it cannot be accessed.
    #[inline(always)]
    pub fn forest(&self, b: BlockId) -> Result<&[Tree], Access> {
        match b {
            BlockId::Null => Err(Access::Null),
            BlockId::Func(_) => Err(Access::Code),
            BlockId::Global(g) => self
                .globals
                .get(g as usize)
                .map(|f| f.as_slice())
                .ok_or(Access::OutOfBounds),
            BlockId::Heap(h) => self
                .heap
                .get(h as usize)
                .map(|f| f.as_slice())
                .ok_or(Access::OutOfBounds),
            BlockId::Stack { depth, serial } => match self.stack.get(depth as usize) {
                Some(s) if s.serial == serial => Ok(&s.forest),
                _ => Err(Access::Dead),
            },
        }
    }

    /// The subtree a pointer targets: the first index selects a tree of the
    /// forest, each next one a child; index 0 into a string leaf stays on it
    /// (a pointer to the first character reaches the same string).
    #[inline(always)]
    pub fn target(&self, p: &Ptr) -> Result<&Tree, Access> {
        let forest = self.forest(p.block)?;
        walk(forest, self.paths.get(&p.path))
    }

    /// The word a pointer targets, writable, with the pointer's path (for
    /// the caller's tag check); `OutOfBounds` when the path reaches no word.
    #[inline(always)]
    pub fn word_mut<'a>(&'a mut self, p: &'a Ptr) -> Result<(&'a mut Value, &'a [u32]), Access> {
        let (t, path) = self.target_mut(p)?;
        match t {
            Tree::Word(w) => Ok((w, path)),
            _ => Err(Access::OutOfBounds),
        }
    }

    #[inline(always)]
    fn target_mut<'a>(&'a mut self, p: &'a Ptr) -> Result<(&'a mut Tree, &'a [u32]), Access> {
        let Memory {
            globals,
            heap,
            stack,
            paths,
            ..
        } = self;
        let forest: &mut [Tree] = match p.block {
            BlockId::Null => return Err(Access::Null),
            BlockId::Func(_) => return Err(Access::Code),
            BlockId::Global(g) => globals.get_mut(g as usize).ok_or(Access::OutOfBounds)?,
            BlockId::Heap(h) => heap.get_mut(h as usize).ok_or(Access::OutOfBounds)?,
            BlockId::Stack { depth, serial } => match stack.get_mut(depth as usize) {
                Some(s) if s.serial == serial => &mut s.forest,
                _ => return Err(Access::Dead),
            },
        };
        let path = paths.get(&p.path);
        let (&first, rest) = path.split_first().ok_or(Access::OutOfBounds)?;
        let mut t = forest.get_mut(first as usize).ok_or(Access::OutOfBounds)?;
        for &i in rest {
            t = match t {
                Tree::Node { children, .. } => {
                    children.get_mut(i as usize).ok_or(Access::OutOfBounds)?
                }
                Tree::Str(_) if i == 0 => t,
                _ => return Err(Access::OutOfBounds),
            };
        }
        Ok((t, path))
    }

    /// `load_ptr`: the word a pointer targets; `OutOfBounds` when the path
    /// reaches no subtree or a struct, array or string instead of a word.
    #[inline(always)]
    pub fn load_ptr(&self, p: &Ptr) -> Result<&Value, Access> {
        match self.target(p)? {
            Tree::Word(v) => Ok(v),
            _ => Err(Access::OutOfBounds),
        }
    }

    /// `store_ptr`: overwrite the word a pointer targets with `v`.
    #[inline(always)]
    pub fn store_ptr(&mut self, p: &Ptr, v: Value) -> Result<(), Access> {
        match self.target_mut(p)?.0 {
            Tree::Word(w) => {
                *w = v;
                Ok(())
            }
            _ => Err(Access::OutOfBounds),
        }
    }

    /// A new heap block holding one tree; its number. (The caller accounts
    /// for its cells.)
    pub fn alloc_heap(&mut self, tree: Tree) -> u32 {
        self.heap.push(vec![tree]);
        (self.heap.len() - 1) as u32
    }
}

/// The subtree of `forest` at `path` (see [`Memory::target`]).
#[inline(always)]
pub fn walk<'a>(forest: &'a [Tree], path: &[u32]) -> Result<&'a Tree, Access> {
    let (&first, rest) = path.split_first().ok_or(Access::OutOfBounds)?;
    let mut t = forest.get(first as usize).ok_or(Access::OutOfBounds)?;
    for &i in rest {
        t = match t {
            Tree::Node { children, .. } => children.get(i as usize).ok_or(Access::OutOfBounds)?,
            Tree::Str(_) if i == 0 => t,
            _ => return Err(Access::OutOfBounds),
        };
    }
    Ok(t)
}

/// The bytes of a string leaf up to (not including) its first NUL, or
/// `None` when the leaf has no NUL (natively a read past its end).
pub fn c_string(bytes: &[u8]) -> Option<&[u8]> {
    bytes.iter().position(|&b| b == 0).map(|n| &bytes[..n])
}

//! Types interned once before the run: every `Ty` the program mentions gets
//! a number, its named types unfolded into a node, so the inner loop walks
//! tags with vector lookups. The spec's type functions themselves (ty_eq,
//! compatible, gep_offset) stay in `spec::types::TypeEnv`; this table only
//! remembers their answers per pair of numbers.

use spec::layout::Layout;
use spec::{Ty, TypeEnv};
use std::collections::HashMap;

/// The number of an interned type.
pub type TyId = u32;

// Places: what the subtree a pointer's tag and path reach is (see
// `place`, which makes them as GEPs and allocations first reach them).
// The table keeps them beside the types they are made from.

/// The number of a place in the type table.
pub type PlaceId = u32;

/// No place (the parent of a root, a child not yet made).
pub const NO_PLACE: PlaceId = u32::MAX;

/// The word type of a place that is not a word (see `TyTable::word_ty`).
pub const NOT_A_WORD: TyId = u32::MAX;

/// What the subtree at a place is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A word (`i1`, `i64`, a pointer): loads and stores reach it.
    Word,
    /// A string leaf (`[N x i8]`).
    Str,
    /// A character of a string leaf: the path's index 0 into the leaf,
    /// which "stays on" the leaf (a pointer to the first character).
    Char,
    /// A struct node; `field_off` has each field's cell offset.
    Struct,
    /// An array node of `len` elements of `elem_cells` cells each.
    Array {
        /// Number of elements.
        len: u64,
        /// Cells of one element.
        elem_cells: u64,
    },
    /// No memory value (a function pointer's target, null's).
    Other,
}

/// One place: a root type and a path through it with array indices left out.
#[derive(Clone, Debug)]
pub struct Place {
    /// The tag of the block (the root type of its trees).
    pub root: TyId,
    /// The effective tag here (the tag walked along the path).
    pub ty: TyId,
    /// The place of the parent node (`NO_PLACE` at a root).
    pub parent: PlaceId,
    /// Which child of the parent this is (a field number; 0 for an array
    /// element or a string's character).
    pub index: u32,
    /// What the subtree here is.
    pub shape: Shape,
    /// When this is an element of an array: the array's length (0 when it
    /// is not, so a non-zero first GEP index fails the sibling check).
    pub sib_len: u64,
    /// When this is an element of an array: cells of one element.
    pub sib_cells: u64,
    /// For a struct: the cell offset of each field.
    pub field_off: Box<[u64]>,
    /// True at a root whose type has a non-zero size in both layouts: a
    /// pointer here is at the start of its block, not at its end, so it
    /// never has the address of another block (pointer equality).
    pub solid_root: bool,
    /// The child places made so far (one per field; one for array elements
    /// and for a string's character).
    pub(crate) kids: Box<[PlaceId]>,
}

/// An interned type with named types unfolded one level (children are ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TyNode {
    /// `void`.
    Void,
    /// `i1`.
    I1,
    /// `i8`.
    I8,
    /// `i64`.
    I64,
    /// `T*`.
    Ptr(TyId),
    /// `ptr`.
    OpaquePtr,
    /// `{T1, ..., TN}`.
    Struct(Vec<TyId>),
    /// `[N x T]`.
    Array(u64, TyId),
    /// `S(S1, ..., SN)`: parameters, return type.
    Fun(Vec<TyId>, TyId),
    /// A name that is undefined or a cycle of names (a checker error).
    Bad,
}

/// The table of interned types with memoised spec type functions.
#[derive(Debug)]
pub struct TyTable {
    /// The program's named types (the spec's functions live there).
    pub env: TypeEnv,
    tys: Vec<Ty>,
    nodes: Vec<TyNode>,
    map: HashMap<Ty, TyId>,
    eq_memo: HashMap<(TyId, TyId), bool>,
    compat_memo: HashMap<(TyId, TyId), bool>,
    cells: HashMap<TyId, u64>,
    /// Per type number: 0 not yet known, 1 no `i8`, 2 an `i8` (see
    /// `has_bytes`; a vector, as GEPs ask on every execution).
    bytes_memo: Vec<u8>,
    /// Each named type with the number of its definition: its node is a
    /// copy of the definition's, made once the definition is complete.
    aliases: Vec<(TyId, TyId)>,
    aliases_done: usize,
    /// The places made so far (see `place`).
    pub(crate) places: Vec<Place>,
    /// Per place: its type when it is a word, else `NOT_A_WORD` (a dense
    /// copy of what loads and stores ask on every execution).
    pub(crate) word_tys: Vec<TyId>,
    /// The place of each root type made so far.
    pub(crate) roots: HashMap<TyId, PlaceId>,
}

impl TyTable {
    /// An empty table over the named types `env`.
    pub fn new(env: TypeEnv) -> TyTable {
        TyTable {
            env,
            tys: Vec::new(),
            nodes: Vec::new(),
            map: HashMap::new(),
            eq_memo: HashMap::new(),
            compat_memo: HashMap::new(),
            cells: HashMap::new(),
            bytes_memo: Vec::new(),
            aliases: Vec::new(),
            aliases_done: 0,
            places: Vec::new(),
            word_tys: Vec::new(),
            roots: HashMap::new(),
        }
    }

    /// The number of `ty`, interning it (and its parts) if new.
    pub fn intern(&mut self, ty: &Ty) -> TyId {
        let id = self.intern_parts(ty);
        self.copy_alias_nodes();
        id
    }

    /// A named type's node is its definition's; the definition may still be
    /// being interned when the name is met (two names with the same
    /// recursive definition), so the copies are made once everything is in.
    /// Chains of names take one round each; a cycle of names stays `Bad`.
    fn copy_alias_nodes(&mut self) {
        if self.aliases_done == self.aliases.len() {
            return;
        }
        for _ in 0..=self.aliases.len() {
            let mut changed = false;
            for &(a, t) in &self.aliases {
                let target = self.node(t).clone();
                if let Some(slot) = self.nodes.get_mut(a as usize) {
                    if *slot != target {
                        *slot = target;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        self.aliases_done = self.aliases.len();
    }

    fn intern_parts(&mut self, ty: &Ty) -> TyId {
        if let Some(&id) = self.map.get(ty) {
            return id;
        }
        let id = self.nodes.len() as TyId;
        self.tys.push(ty.clone());
        self.nodes.push(TyNode::Bad);
        self.map.insert(ty.clone(), id);
        let node = match ty {
            Ty::Void => TyNode::Void,
            Ty::I1 => TyNode::I1,
            Ty::I8 => TyNode::I8,
            Ty::I64 => TyNode::I64,
            Ty::OpaquePtr => TyNode::OpaquePtr,
            Ty::Ptr(t) => TyNode::Ptr(self.intern_parts(t)),
            Ty::Struct(ts) => TyNode::Struct(ts.iter().map(|t| self.intern_parts(t)).collect()),
            Ty::Array(n, t) => TyNode::Array(*n, self.intern_parts(t)),
            Ty::Fun(ps, r) => {
                let ps = ps.iter().map(|t| self.intern_parts(t)).collect();
                TyNode::Fun(ps, self.intern_parts(r))
            }
            Ty::Named(n) => match self.env.lookup(n).cloned() {
                Some(def) => {
                    let d = self.intern_parts(&def);
                    self.aliases.push((id, d));
                    self.node(d).clone()
                }
                None => TyNode::Bad,
            },
        };
        if let Some(slot) = self.nodes.get_mut(id as usize) {
            *slot = node;
        }
        id
    }

    /// The unfolded node of `id`.
    #[inline]
    pub fn node(&self, id: TyId) -> &TyNode {
        self.nodes.get(id as usize).unwrap_or(&TyNode::Bad)
    }

    /// The type `id` stands for, as written.
    pub fn ty(&self, id: TyId) -> &Ty {
        self.tys.get(id as usize).unwrap_or(&Ty::Void)
    }

    /// `effective_tag`: the tag walked along the path after its first index
    /// (which selects a tree of the forest). `None` when the path indexes
    /// into a non-aggregate or past a struct's fields.
    #[inline]
    pub fn effective_tag(&self, tag: TyId, path: &[u32]) -> Option<TyId> {
        let mut cur = tag;
        for &i in path.iter().skip(1) {
            cur = self.child(cur, i)?;
        }
        Some(cur)
    }

    /// The type of child `i` of a value of type `id` (array element, struct field).
    #[inline]
    pub fn child(&self, id: TyId, i: u32) -> Option<TyId> {
        match self.node(id) {
            TyNode::Array(_, e) => Some(*e),
            TyNode::Struct(fs) => fs.get(i as usize).copied(),
            _ => None,
        }
    }

    /// `TypeEnv::ty_eq_opaque` on interned types, remembered: the tag
    /// comparison, where an opaque `ptr` matches any pointer type.
    #[inline]
    pub fn ty_eq(&mut self, a: TyId, b: TyId) -> bool {
        a == b || self.ty_eq_memo(a, b)
    }

    fn ty_eq_memo(&mut self, a: TyId, b: TyId) -> bool {
        if let Some(&r) = self.eq_memo.get(&(a, b)) {
            return r;
        }
        let r = self.env.ty_eq_opaque(self.ty(a), self.ty(b));
        self.eq_memo.insert((a, b), r);
        r
    }

    /// The spec's `compatible` (FLATTEN (PTRTOI8 a) a prefix of FLATTEN
    /// (PTRTOI8 b)) on interned types, remembered.
    #[inline]
    pub fn compatible(&mut self, a: TyId, b: TyId) -> bool {
        a == b || self.compatible_memo(a, b)
    }

    fn compatible_memo(&mut self, a: TyId, b: TyId) -> bool {
        if let Some(&r) = self.compat_memo.get(&(a, b)) {
            return r;
        }
        let r = self.env.compatible(self.ty(a), self.ty(b));
        self.compat_memo.insert((a, b), r);
        r
    }

    /// True when `id` is `[N x i8]`: string data, one string leaf in memory.
    pub fn is_string(&self, id: TyId) -> bool {
        matches!(self.node(id), TyNode::Array(_, e) if matches!(self.node(*e), TyNode::I8))
    }

    /// How many memory cells a fresh value of type `id` takes (see
    /// `memory::cells_of_tree`); saturating, `None` for types with no values.
    pub fn cells(&mut self, id: TyId) -> Option<u64> {
        if let Some(&c) = self.cells.get(&id) {
            return Some(c);
        }
        let c = match self.node(id).clone() {
            TyNode::I1 | TyNode::I64 | TyNode::Ptr(_) | TyNode::OpaquePtr => 1,
            TyNode::Array(n, e) if self.is_string(id) => {
                let _ = e;
                n.div_ceil(8).max(1)
            }
            TyNode::Array(n, e) => n.saturating_mul(self.cells(e)?).max(1),
            TyNode::Struct(fs) => {
                let mut sum: u64 = 0;
                for f in fs {
                    sum = sum.saturating_add(self.cells(f)?);
                }
                sum.max(1)
            }
            TyNode::Void | TyNode::I8 | TyNode::Fun(..) | TyNode::Bad => return None,
        };
        self.cells.insert(id, c);
        Some(c)
    }

    /// The byte offset of `path` in a block whose trees have type `tag`
    /// in `layout` (`TypeEnv::gep_offset_in`).
    pub fn path_offset(&self, tag: TyId, path: &[u32], layout: Layout) -> Option<i64> {
        let idxs: Vec<i64> = path.iter().map(|&i| i as i64).collect();
        self.env.gep_offset_in(self.ty(tag), &idxs, layout)
    }

    /// Whether type `id` holds an `i8` outside pointers, so that the two
    /// layouts can differ on it (`TypeEnv::has_bytes`), memoised.
    #[inline]
    pub fn has_bytes(&mut self, id: TyId) -> bool {
        match self.bytes_memo.get(id as usize) {
            Some(1) => false,
            Some(2) => true,
            _ => self.has_bytes_slow(id),
        }
    }

    #[cold]
    fn has_bytes_slow(&mut self, id: TyId) -> bool {
        let b = self.env.has_bytes(self.ty(id));
        let i = id as usize;
        if self.bytes_memo.len() <= i {
            self.bytes_memo.resize(i + 1, 0);
        }
        self.bytes_memo[i] = 1 + u8::from(b);
        b
    }
}

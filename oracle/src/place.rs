//! Places: what a pointer's `(tag, path)` says about its target, computed
//! once per shape instead of at every access.
//!
//! A block's trees are built from its tag (`alloca`'s fresh tree, `mval_of_gdecl`),
//! so the shape of the subtree a path reaches is a function of the tag and
//! the path alone: its effective tag (`effective_tag`), whether it is a word,
//! a string, a struct or an array, and whether it is an element of an array
//! (GEP's sibling check). A *place* is the path with its array indices left
//! out (which element does not change the shape): one place per field,
//! array element and string character reachable from a root type. Places are
//! numbered in the type table as GEPs first reach them.
//!
//! Memory stores a tree as its words laid out in *cells* (see `memory`):
//! a word or a string takes its cells, a node its children's cells in order
//! (at least one). A pointer keeps the place and the cell offset of its
//! target; the path's array indices are that offset, divided out level by
//! level (`path_of`).
//!
//! The record of a place ([`Place`]) is kept in the type table beside the
//! types it is made from; this module makes places and reads them.

pub use crate::tytable::{Place, PlaceId, Shape, NOT_A_WORD, NO_PLACE};
use crate::tytable::{TyId, TyNode, TyTable};

impl TyTable {
    /// The place of a whole tree of a block tagged `root`.
    pub fn root_place(&mut self, root: TyId) -> PlaceId {
        if let Some(&p) = self.roots.get(&root) {
            return p;
        }
        let p = self.new_place(root, root, NO_PLACE, 0, 0, 0);
        self.roots.insert(root, p);
        p
    }

    /// The place of place `p`'s child number `i` (a field, or any element
    /// or character, which share a place); `None` when there is no such
    /// child (a word, an index past a struct's fields).
    #[inline]
    pub fn child_place(&mut self, p: PlaceId, i: u32) -> Option<PlaceId> {
        let place = self.places.get(p as usize)?;
        let slot = match place.shape {
            Shape::Struct => i as usize,
            Shape::Array { .. } | Shape::Str => 0,
            Shape::Word | Shape::Char | Shape::Other => return None,
        };
        match place.kids.get(slot) {
            Some(&k) if k != NO_PLACE => Some(k),
            Some(_) => self.make_child(p, i, slot),
            None => None,
        }
    }

    #[cold]
    fn make_child(&mut self, p: PlaceId, i: u32, slot: usize) -> Option<PlaceId> {
        let place = self.places.get(p as usize)?;
        let (root, shape) = (place.root, place.shape);
        let ty = self.child(place.ty, i)?;
        let (sib_len, sib_cells) = match shape {
            Shape::Array { len, elem_cells } => (len, elem_cells),
            _ => (0, 0),
        };
        let k = self.new_place(root, ty, p, i, sib_len, sib_cells);
        if shape == Shape::Str {
            if let Some(c) = self.places.get_mut(k as usize) {
                c.shape = Shape::Char;
            }
        }
        let slot_ref = self.places.get_mut(p as usize)?.kids.get_mut(slot)?;
        *slot_ref = k;
        Some(k)
    }

    fn new_place(
        &mut self,
        root: TyId,
        ty: TyId,
        parent: PlaceId,
        index: u32,
        sib_len: u64,
        sib_cells: u64,
    ) -> PlaceId {
        let (shape, field_off, nkids) = self.shape_of(ty);
        let solid_root = parent == NO_PLACE
            && spec::layout::Layout::BOTH
                .into_iter()
                .all(|l| self.env.size_in(self.ty(root), l).is_some_and(|n| n > 0));
        let id = self.places.len() as PlaceId;
        self.word_tys
            .push(if shape == Shape::Word { ty } else { NOT_A_WORD });
        self.places.push(Place {
            root,
            ty,
            parent,
            index,
            shape,
            sib_len,
            sib_cells,
            field_off,
            solid_root,
            kids: vec![NO_PLACE; nkids].into(),
        });
        id
    }

    /// The shape of a subtree of type `ty`, its fields' cell offsets and
    /// how many child places it can have.
    fn shape_of(&mut self, ty: TyId) -> (Shape, Box<[u64]>, usize) {
        if self.is_string(ty) {
            return (Shape::Str, Box::new([]), 1);
        }
        match self.node(ty).clone() {
            TyNode::I1 | TyNode::I64 | TyNode::Ptr(_) | TyNode::OpaquePtr => {
                (Shape::Word, Box::new([]), 0)
            }
            TyNode::Array(len, e) => match self.cells(e) {
                Some(elem_cells) => (Shape::Array { len, elem_cells }, Box::new([]), 1),
                None => (Shape::Other, Box::new([]), 0),
            },
            TyNode::Struct(fs) => {
                let mut off = Vec::with_capacity(fs.len());
                let mut at: u64 = 0;
                for f in &fs {
                    off.push(at);
                    at = at.saturating_add(self.cells(*f).unwrap_or(0));
                }
                (Shape::Struct, off.into(), fs.len())
            }
            TyNode::Void | TyNode::I8 | TyNode::Fun(..) | TyNode::Bad => {
                (Shape::Other, Box::new([]), 0)
            }
        }
    }

    /// Place `p`.
    #[inline(always)]
    pub fn place(&self, p: PlaceId) -> Option<&Place> {
        self.places.get(p as usize)
    }

    /// The effective tag at place `p` when the subtree there is a word
    /// (what a load or store may reach); `NOT_A_WORD` otherwise.
    #[inline(always)]
    pub fn word_ty(&self, p: PlaceId) -> TyId {
        self.word_tys.get(p as usize).copied().unwrap_or(NOT_A_WORD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spec::{Ty, TypeEnv};

    /// Every place reached by following child indices has the effective
    /// tag that the spec's `effective_tag` computes for that path, and an
    /// element of an array (only) may move among its siblings.
    #[test]
    fn places_agree_with_effective_tag() {
        let prog = spec::parse::parse(&spec::Source::new(
            "t.ll",
            "%s = type { i64, [3 x { i1, [2 x i8] }], %s* }\n",
        ))
        .expect("parses");
        let mut tys = TyTable::new(TypeEnv::new(&prog));
        let root = tys.intern(&Ty::Named("s".into()));
        let top = tys.root_place(root);
        // Depth-first over paths of child indices 0..3 up to depth 4.
        let mut stack = vec![(top, vec![0u32])];
        let mut seen = 0;
        while let Some((p, path)) = stack.pop() {
            seen += 1;
            let place = tys.place(p).expect("place exists").clone();
            assert_eq!(Some(place.ty), tys.effective_tag(root, &path), "{path:?}");
            let parent_is_array = tys
                .place(place.parent)
                .is_some_and(|q| matches!(q.shape, Shape::Array { .. }));
            assert_eq!(place.sib_len > 0, parent_is_array, "{path:?}");
            if path.len() < 5 {
                for i in 0..3 {
                    if let Some(c) = tys.child_place(p, i) {
                        let mut longer = path.clone();
                        longer.push(i);
                        stack.push((c, longer));
                    }
                }
            }
        }
        // Root; 3 fields; 3 of the array's element paths (one place) with 2
        // fields each, and the string's character paths.
        assert!(seen > 10, "only {seen} paths visited");
    }
}

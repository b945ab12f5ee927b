//! The constraint graph: union-find over abstract pointer values.
//!
//! A class stands for a set of pointer values that may point to the same
//! memory (they flow into each other through copies, stores and loads,
//! calls and returns). Each class knows the pointee types it is used as or
//! created with, the class of the pointers stored in the memory it points
//! to (`content`) and the classes of addresses inside that memory reached
//! by a GEP path (`subs`). Unifying two classes unifies their contents and
//! their subs at equal paths, with an explicit worklist (no recursion).

use spec::Ty;
use std::collections::{BTreeMap, BTreeSet};

/// A node of the graph (an abstract pointer value).
pub type Node = usize;

/// One step of a GEP path after its first index: a struct field or any
/// element of an array (all elements of an array share one class).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// Struct field number k.
    Field(u64),
    /// Some element of an array.
    Elem,
}

/// What is known of one class (kept at its root).
#[derive(Clone, Debug, Default)]
pub struct ClassData {
    /// Pointee types memory was created with (allocas, globals, GEPs).
    pub created: BTreeSet<Ty>,
    /// Pointee types the class is used as (load, store, GEP annotations,
    /// call signatures), with how many uses.
    pub used: BTreeMap<Ty, usize>,
    /// The class of the pointers stored where this class points.
    pub content: Option<Node>,
    /// Classes of the addresses inside the target reached by a path.
    pub subs: BTreeMap<Vec<Step>, Node>,
}

impl ClassData {
    /// Every pointee type of the class: created and used.
    pub fn types(&self) -> BTreeSet<Ty> {
        let mut s = self.created.clone();
        s.extend(self.used.keys().cloned());
        s
    }
}

/// Union-find over nodes with [`ClassData`] at the roots.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    parent: Vec<Node>,
    data: Vec<ClassData>,
}

impl Graph {
    /// A new node in a class of its own.
    pub fn fresh(&mut self) -> Node {
        let n = self.parent.len();
        self.parent.push(n);
        self.data.push(ClassData::default());
        n
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// True when there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The root of `n`'s class (path halving).
    pub fn find(&mut self, mut n: Node) -> Node {
        while let Some(&p) = self.parent.get(n) {
            if p == n {
                return n;
            }
            let gp = self.parent.get(p).copied().unwrap_or(p);
            if let Some(slot) = self.parent.get_mut(n) {
                *slot = gp;
            }
            n = gp;
        }
        n
    }

    /// The root of `n`'s class without compressing paths.
    pub fn root(&self, mut n: Node) -> Node {
        while let Some(&p) = self.parent.get(n) {
            if p == n {
                return n;
            }
            n = p;
        }
        n
    }

    /// The data of `n`'s class (empty for a node not in the graph).
    pub fn data(&self, n: Node) -> &ClassData {
        static EMPTY: ClassData = ClassData {
            created: BTreeSet::new(),
            used: BTreeMap::new(),
            content: None,
            subs: BTreeMap::new(),
        };
        self.data.get(self.root(n)).unwrap_or(&EMPTY)
    }

    /// The data of `n`'s class; a node not in the graph is first made.
    fn data_mut(&mut self, n: Node) -> &mut ClassData {
        let r = self.find(n);
        if r >= self.data.len() {
            let f = self.fresh();
            return &mut self.data[f];
        }
        &mut self.data[r]
    }

    /// Records that `n`'s class points to memory created as `ty`.
    pub fn add_created(&mut self, n: Node, ty: Ty) -> bool {
        self.data_mut(n).created.insert(ty)
    }

    /// Records one use of `n`'s class as a pointer to `ty`.
    pub fn add_used(&mut self, n: Node, ty: Ty) {
        *self.data_mut(n).used.entry(ty).or_insert(0) += 1;
    }

    /// The class of pointers stored where `n` points (made on demand).
    pub fn content(&mut self, n: Node) -> Node {
        if let Some(c) = self.data_mut(n).content {
            return c;
        }
        let c = self.fresh();
        self.data_mut(n).content = Some(c);
        c
    }

    /// The class of the address `path` inside what `n` points to: one step
    /// at a time, so a path reached in several GEPs is the same node as the
    /// path reached in one.
    pub fn sub(&mut self, n: Node, path: &[Step]) -> Node {
        let mut cur = n;
        for step in path {
            let key = vec![step.clone()];
            cur = match self.data_mut(cur).subs.get(&key) {
                Some(&c) => c,
                None => {
                    let c = self.fresh();
                    self.data_mut(cur).subs.insert(key, c);
                    c
                }
            };
        }
        cur
    }

    /// Unifies the classes of `a` and `b` (and, transitively, their
    /// contents and subs). Returns true when something was merged.
    pub fn union(&mut self, a: Node, b: Node) -> bool {
        let mut work = vec![(a, b)];
        let mut merged = false;
        while let Some((a, b)) = work.pop() {
            let (ra, rb) = (self.find(a), self.find(b));
            if ra == rb {
                continue;
            }
            let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
            if keep >= self.data.len() || gone >= self.data.len() {
                continue; // a node not in the graph: nothing to merge
            }
            merged = true;
            self.parent[gone] = keep;
            let d = std::mem::take(&mut self.data[gone]);
            let k = &mut self.data[keep];
            k.created.extend(d.created);
            for (t, c) in d.used {
                *k.used.entry(t).or_insert(0) += c;
            }
            match (k.content, d.content) {
                (Some(x), Some(y)) => work.push((x, y)),
                (None, Some(y)) => k.content = Some(y),
                _ => {}
            }
            for (p, y) in d.subs {
                match k.subs.get(&p) {
                    Some(&x) => work.push((x, y)),
                    None => {
                        k.subs.insert(p, y);
                    }
                }
            }
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_merges_types_contents_and_subs_transitively() {
        let mut g = Graph::default();
        let (a, b) = (g.fresh(), g.fresh());
        g.add_created(a, Ty::I64);
        g.add_used(b, Ty::I1);
        let (ca, cb) = (g.content(a), g.content(b));
        g.add_created(ca, Ty::I8);
        let sa = g.sub(a, &[Step::Field(1)]);
        let sb = g.sub(b, &[Step::Field(1)]);
        assert!(g.union(a, b));
        // One class with both types; the contents and the field-1 subs
        // were unified too (what a points to now holds what b's did).
        assert_eq!(g.data(b).types(), [Ty::I1, Ty::I64].into_iter().collect());
        assert_eq!(g.find(ca), g.find(cb));
        assert!(g.data(cb).created.contains(&Ty::I8));
        assert_eq!(g.find(sa), g.find(sb));
        assert!(!g.union(a, b), "a second union changes nothing");
    }

    #[test]
    fn a_path_in_one_step_is_the_path_in_several() {
        let mut g = Graph::default();
        let a = g.fresh();
        let whole = g.sub(a, &[Step::Field(1), Step::Elem]);
        let first = g.sub(a, &[Step::Field(1)]);
        assert_eq!(g.sub(first, &[Step::Elem]), whole);
        assert_eq!(g.sub(a, &[]), a);
    }

    #[test]
    fn nodes_outside_the_graph_are_harmless() {
        let mut g = Graph::default();
        assert!(g.data(7).types().is_empty());
        assert!(!g.union(7, 9));
    }
}

//! What the generator knows about the values it can use: the invariants that
//! make every generated program well defined by construction.
//!
//! Memory invariant: every memory slot the generator can reach holds, at all
//! times, a defined value of exactly its declared type: allocas are filled
//! when they are created (in the entry block), globals by their initialisers,
//! and stores only write values of the slot's type. A slot of type `T*`
//! holds a live pointer to memory of type `T`; a slot of type `i8*` holds a
//! string; a slot of function-pointer type holds a leaf function of that
//! type. So every load at the slot's type is defined.
//!
//! Lifetime invariant ([`Origin`]): a pointer into a stack frame is stored
//! only into slots of that same frame, and never returned, so no pointer
//! outlives its frame; a pointer into a loop body's `alloca` is never
//! stored at all, so none is used after the `alloca` runs again.

use spec::{Operand, Ty};

/// Where the memory a pointer reaches lives, ordered by how long it lives
/// from the point of view of the running function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Origin {
    /// A global (or the heap): lives for the whole run.
    Global,
    /// A caller's frame: lives until the running function returns.
    Outer,
    /// The running function's own frame.
    Own,
    /// An `alloca` in a loop body: a new block every iteration, which the
    /// next iteration's run supersedes (docs/semantics.md, "Superseded
    /// allocas"), so its pointers are used only in their iteration's scope
    /// and never stored (no slot takes pointers this short-lived).
    Iteration,
}

impl Origin {
    /// The latest-dying origin a pointer stored into a slot of this origin
    /// may have: own slots take anything, other slots only global pointers.
    pub(crate) fn storable(self) -> Origin {
        match self {
            Origin::Own | Origin::Iteration => Origin::Own,
            Origin::Global | Origin::Outer => Origin::Global,
        }
    }
}

/// A live pointer the generator may dereference.
#[derive(Clone, Debug)]
pub(crate) struct PtrVal {
    /// The operand holding it (a local or `@g`).
    pub op: Operand,
    /// Its static pointee type (what the operand's type says).
    pub ty: Ty,
    /// The effective type of the memory it reaches. Differs from `ty` only
    /// after a bitcast to a *view*: a struct made of a prefix of the actual
    /// struct's fields (or a named struct's unfolding), whose fields are
    /// exactly the actual ones, so one GEP step makes them agree again.
    pub actual: Ty,
    /// How short-lived the memory may be: a pointer stored into a slot
    /// must not be shorter-lived than what the slot's `sink` allows.
    pub origin: Origin,
    /// The shortest-lived pointers that may be stored into this memory:
    /// `Own` only for this frame's allocas; `Global` for everything else,
    /// including pointers loaded from memory, which may reach globals.
    pub sink: Origin,
    /// `Some((k, n))` when it points at element `k` of an array of `n`
    /// elements, so a first GEP index moving to a sibling stays in bounds.
    pub elem: Option<(u64, u64)>,
}

impl PtrVal {
    /// A pointer to the start of a whole block (an alloca or a global):
    /// its memory takes pointers as short-lived as itself.
    pub(crate) fn root(op: Operand, ty: Ty, origin: Origin) -> PtrVal {
        PtrVal {
            op,
            actual: ty.clone(),
            ty,
            origin,
            sink: origin.storable(),
            elem: None,
        }
    }

    /// A pointer read from memory of `origin` (or a parameter): it lives at
    /// least that long, and it may reach a global, so only global pointers
    /// are stored through it.
    pub(crate) fn loaded(op: Operand, ty: Ty, origin: Origin) -> PtrVal {
        PtrVal {
            sink: Origin::Global,
            ..PtrVal::root(op, ty, origin)
        }
    }

    /// True when loads and stores at `ty` are exact.
    pub(crate) fn exact(&self) -> bool {
        self.ty == self.actual
    }
}

/// A value in scope (dominating the current point).
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// An `i64`.
    Int(Operand),
    /// An `i1` (0 or 1).
    Bool(Operand),
    /// A live pointer into data.
    Ptr(PtrVal),
    /// An `i8*` that points at the first character of a string.
    Str(Operand),
    /// A pointer to a leaf function of the given `Ty::Fun` type.
    Fun(Operand, Ty),
}

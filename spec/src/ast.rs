//! The abstract syntax of LLVMlite, one type per syntactic category of the
//! spec's "Structure and Well-Formedness of Programs" section.
//!
//! The tree is independent of the concrete syntax it came from: the spec's own
//! syntax (`load i64* %p`) and the LLVM 3.7+ syntax (`load i64, i64* %p`) give
//! the same tree. Every node that stands for a piece of source text carries a
//! [`Span`]; spans never take part in equality (see [`Span`]), so two programs
//! are equal when they say the same thing.

use crate::span::Span;

/// A local identifier (`%IDENT`, the spec's *uid*): the name without the `%`.
/// Numeric names (`1`) are ordinary names here.
pub type Uid = String;
/// A global identifier (`@IDENT`, the spec's *gid*): the name without the `@`.
pub type Gid = String;
/// A type name (`%NAME` in a type position, the spec's *tid*): without the `%`.
pub type Tid = String;
/// A block label (`LAB:` / `label %LAB`): without the `%`.
pub type Lbl = String;

/// An LLVMlite type (the spec's table of types).
///
/// `Void` only appears as a return type; `I8` only under a pointer or in
/// `[N x i8]` string data; `Fun` only under a pointer or as the type of a
/// function or `declare`. `OpaquePtr` is LLVM 15+'s `ptr`, a pointer whose
/// pointee type is not written.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    /// `void`: the instruction or function returns no usable value.
    Void,
    /// `i1`: 1-bit (boolean) integer, held as 0 or 1.
    I1,
    /// `i8`: byte; only `i8*` and `[N x i8]` are meaningful.
    I8,
    /// `i64`: 64-bit two's complement integer.
    I64,
    /// `T*`: a pointer that can be dereferenced if its target is compatible with T.
    Ptr(Box<Ty>),
    /// `ptr`: an opaque pointer (LLVM 15+), pointee type unknown.
    OpaquePtr,
    /// `{ T1, ..., TN }`: tuple of values.
    Struct(Vec<Ty>),
    /// `[ N x T ]`: exactly N values of type T.
    Array(u64, Box<Ty>),
    /// `S(S1, ..., SN)`: a function type (parameters, then return type).
    Fun(Vec<Ty>, Box<Ty>),
    /// `%NAME`: abbreviation defined by a top-level named type definition.
    Named(Tid),
}

impl Ty {
    /// `T*` for this `T`.
    pub fn ptr_to(self) -> Ty {
        Ty::Ptr(Box::new(self))
    }

    /// True for the types that may be written as a pointer (`T*` or `ptr`).
    pub fn is_pointer(&self) -> bool {
        matches!(self, Ty::Ptr(_) | Ty::OpaquePtr)
    }
}

/// A binary operation (`%L = BOP i64 OP1, OP2`).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bop {
    /// Wrapping addition.
    Add,
    /// Wrapping subtraction.
    Sub,
    /// Wrapping multiplication.
    Mul,
    /// Shift left; amount must be 0..=63.
    Shl,
    /// Logical shift right; amount must be 0..=63.
    Lshr,
    /// Arithmetic shift right; amount must be 0..=63.
    Ashr,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
}

impl Bop {
    /// Every binary operation, in the spec's order.
    pub const ALL: [Bop; 9] = [
        Bop::Add,
        Bop::Sub,
        Bop::Mul,
        Bop::Shl,
        Bop::Lshr,
        Bop::Ashr,
        Bop::And,
        Bop::Or,
        Bop::Xor,
    ];

    /// The keyword in the concrete syntax.
    pub fn keyword(self) -> &'static str {
        match self {
            Bop::Add => "add",
            Bop::Sub => "sub",
            Bop::Mul => "mul",
            Bop::Shl => "shl",
            Bop::Lshr => "lshr",
            Bop::Ashr => "ashr",
            Bop::And => "and",
            Bop::Or => "or",
            Bop::Xor => "xor",
        }
    }
}

/// A comparison condition (`%L = icmp CND S OP1, OP2`); orders are signed.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cnd {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Signed less than.
    Slt,
    /// Signed less or equal.
    Sle,
    /// Signed greater than.
    Sgt,
    /// Signed greater or equal.
    Sge,
}

impl Cnd {
    /// Every condition, in the spec's order.
    pub const ALL: [Cnd; 6] = [Cnd::Eq, Cnd::Ne, Cnd::Slt, Cnd::Sle, Cnd::Sgt, Cnd::Sge];

    /// The keyword in the concrete syntax.
    pub fn keyword(self) -> &'static str {
        match self {
            Cnd::Eq => "eq",
            Cnd::Ne => "ne",
            Cnd::Slt => "slt",
            Cnd::Sle => "sle",
            Cnd::Sgt => "sgt",
            Cnd::Sge => "sge",
        }
    }
}

/// What an operand says (the spec's table of operands).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// `null`: the null pointer constant.
    Null,
    /// An integer literal (`42`, `-1`, `true` = 1, `false` = 0).
    Const(i64),
    /// `@IDENT`: a global or function; a pointer to its declared type.
    Gid(Gid),
    /// `%IDENT`: a local; the value of its definition.
    Id(Uid),
}

/// An operand with the place it was written.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    /// What the operand says.
    pub kind: OperandKind,
    /// Where it was written.
    pub span: Span,
}

impl Operand {
    /// An operand with no source position (for generated programs).
    pub fn new(kind: OperandKind) -> Operand {
        Operand {
            kind,
            span: Span::DUMMY,
        }
    }
    /// The integer literal `n`.
    pub fn konst(n: i64) -> Operand {
        Operand::new(OperandKind::Const(n))
    }
    /// The local `%name`.
    pub fn id(name: impl Into<String>) -> Operand {
        Operand::new(OperandKind::Id(name.into()))
    }
    /// The global `@name`.
    pub fn gid(name: impl Into<String>) -> Operand {
        Operand::new(OperandKind::Gid(name.into()))
    }
    /// `null`.
    pub fn null() -> Operand {
        Operand::new(OperandKind::Null)
    }
}

/// An instruction (the spec's table "Instructions and Terminators").
///
/// Where the concrete syntax writes both a value type and a pointer type
/// (`load i64, i64* %p`), both are kept: the pointer type may be written
/// differently (`ptr`, or a named type that unfolds to it) and the checker
/// decides whether the two agree.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InsnKind {
    /// `%L = BOP i64 OP1, OP2`.
    Binop {
        /// The operation.
        bop: Bop,
        /// The annotated type (`i64` in well-formed programs).
        ty: Ty,
        /// Left operand.
        op1: Operand,
        /// Right operand.
        op2: Operand,
    },
    /// `%L = alloca S`.
    Alloca {
        /// The type of the new slot.
        ty: Ty,
    },
    /// `%L = load S* OP` / `%L = load S, S* OP`.
    Load {
        /// The loaded type S.
        ty: Ty,
        /// The written type of the pointer operand (`S*` or `ptr`).
        ptr_ty: Ty,
        /// The address.
        ptr: Operand,
    },
    /// `store S OP1, S* OP2`.
    Store {
        /// The stored type S.
        ty: Ty,
        /// The stored value.
        val: Operand,
        /// The written type of the pointer operand (`S*` or `ptr`).
        ptr_ty: Ty,
        /// The address.
        ptr: Operand,
    },
    /// `%L = icmp CND S OP1, OP2`.
    Icmp {
        /// The condition.
        cnd: Cnd,
        /// The type of both operands.
        ty: Ty,
        /// Left operand.
        op1: Operand,
        /// Right operand.
        op2: Operand,
    },
    /// `%L = call S1 OP1(S2 OP2, ..., SN OPN)` or `call void OP1(...)`.
    Call {
        /// The return type S1 (or `void`).
        ret: Ty,
        /// The callee (a function pointer).
        callee: Operand,
        /// The arguments with their annotated types.
        args: Vec<(Ty, Operand)>,
    },
    /// `%L = getelementptr T1* OP1, i64 OP2, ..., i64 OPN`.
    Gep {
        /// The annotated base type T1.
        base_ty: Ty,
        /// The written type of the pointer operand (`T1*` or `ptr`).
        ptr_ty: Ty,
        /// The base pointer.
        ptr: Operand,
        /// The index operands (the first moves among siblings).
        idxs: Vec<Operand>,
    },
    /// `%L = bitcast T1* OP to T2*`.
    Bitcast {
        /// The source type T1*.
        from: Ty,
        /// The value.
        op: Operand,
        /// The target type T2*.
        to: Ty,
    },
}

/// An instruction with the local it defines (if any) and its place.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Insn {
    /// The local `%L` the instruction defines; `None` for `store` and void calls.
    pub result: Option<Uid>,
    /// The instruction itself.
    pub kind: InsnKind,
    /// Where the whole instruction (with `%L = `) was written.
    pub span: Span,
}

/// What a terminator says (the spec's table of terminators).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TermKind {
    /// `ret void` (operand `None`) or `ret S OP`.
    Ret(Ty, Option<Operand>),
    /// `br label %LAB`.
    Br(Lbl),
    /// `br i1 OP, label %LAB1, label %LAB2`.
    Cbr(Operand, Lbl, Lbl),
}

/// A terminator with its place.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// The terminator itself.
    pub kind: TermKind,
    /// Where it was written.
    pub span: Span,
}

/// A basic block: a sequence of instructions followed by a terminator.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The instructions, in order.
    pub insns: Vec<Insn>,
    /// The terminator.
    pub term: Term,
}

/// A labelled block `LAB: BLOCK`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabeledBlock {
    /// The label.
    pub label: Lbl,
    /// Where the label was written.
    pub label_span: Span,
    /// The block.
    pub block: Block,
}

/// A control-flow graph: the distinguished entry block, then labelled blocks.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cfg {
    /// The label written before the entry block (`entry:`), if any. LLVMlite's
    /// entry block is unlabelled; LLVM allows a label. It is never a branch target.
    pub entry_label: Option<Lbl>,
    /// The entry block.
    pub entry: Block,
    /// The other blocks, in source order.
    pub blocks: Vec<LabeledBlock>,
}

/// `define [S|void] @IDENT(S1 %OP1, ..., SN %OPN) { CFG }`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fdecl {
    /// The function's name (`@IDENT`).
    pub name: Gid,
    /// The return type (`void` or simple).
    pub ret: Ty,
    /// The formal parameters with their types.
    pub params: Vec<(Uid, Ty)>,
    /// The body.
    pub cfg: Cfg,
    /// Where the header `define ... {` was written.
    pub span: Span,
}

impl TermKind {
    /// The labels the terminator branches to (none for `ret`).
    pub fn targets(&self) -> Vec<&str> {
        match self {
            TermKind::Ret(..) => Vec::new(),
            TermKind::Br(l) => vec![l.as_str()],
            TermKind::Cbr(_, l1, l2) => vec![l1.as_str(), l2.as_str()],
        }
    }
}

impl Cfg {
    /// The blocks: the entry block, then the labelled blocks in source
    /// order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        std::iter::once(&self.entry).chain(self.blocks.iter().map(|b| &b.block))
    }

    /// The blocks, mutably, in the order of [`Cfg::blocks`].
    pub fn blocks_mut(&mut self) -> impl Iterator<Item = &mut Block> {
        std::iter::once(&mut self.entry).chain(self.blocks.iter_mut().map(|b| &mut b.block))
    }

    /// For each labelled block (in source order), whether a path of
    /// branches from the entry block reaches it (by the first block with
    /// each label, as the checker reads labels).
    pub fn reachable(&self) -> Vec<bool> {
        let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (i, b) in self.blocks.iter().enumerate() {
            at.entry(b.label.as_str()).or_insert(i);
        }
        let mut seen = vec![false; self.blocks.len()];
        let mut todo: Vec<&Block> = vec![&self.entry];
        while let Some(b) = todo.pop() {
            for l in b.term.kind.targets() {
                if let Some(&i) = at.get(l) {
                    if !seen[i] {
                        seen[i] = true;
                        todo.push(&self.blocks[i].block);
                    }
                }
            }
        }
        seen
    }
}

impl Fdecl {
    /// The function's type `S(S1, ..., SN)`.
    pub fn fun_ty(&self) -> Ty {
        Ty::Fun(
            self.params.iter().map(|(_, t)| t.clone()).collect(),
            Box::new(self.ret.clone()),
        )
    }
}

/// `declare S @IDENT(S1, ..., SN)`: an external function (a runtime function).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edecl {
    /// The function's name.
    pub name: Gid,
    /// Its function type (`Ty::Fun`).
    pub ty: Ty,
    /// Where the declaration was written.
    pub span: Span,
}

/// A global initializer (the spec's table of global initializers).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GinitKind {
    /// `null`.
    Null,
    /// `@IDENT`: a pointer to another global or a function.
    Gid(Gid),
    /// An integer literal.
    Int(i64),
    /// `c"...\00"`: the bytes, escapes decoded (the `\00` included).
    Str(Vec<u8>),
    /// `[ T G1, ..., T GN ]`.
    Array(Vec<(Ty, Ginit)>),
    /// `{ T1 G1, ..., TN GN }`.
    Struct(Vec<(Ty, Ginit)>),
    /// `bitcast (T1* G1 to T2*)`.
    Bitcast(Ty, Box<Ginit>, Ty),
}

/// A global initializer with its place.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ginit {
    /// What it says.
    pub kind: GinitKind,
    /// Where it was written.
    pub span: Span,
}

impl Ginit {
    /// An initializer with no source position (for generated programs).
    pub fn new(kind: GinitKind) -> Ginit {
        Ginit {
            kind,
            span: Span::DUMMY,
        }
    }
}

/// `@IDENT = global T G`: global data.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gdecl {
    /// The global's name.
    pub name: Gid,
    /// The declared type T (`@IDENT` has type `T*`).
    pub ty: Ty,
    /// The initializer.
    pub init: Ginit,
    /// Where the definition was written.
    pub span: Span,
}

/// `%IDENT = type T`: a named type definition.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tdecl {
    /// The type's name.
    pub name: Tid,
    /// Its definition.
    pub ty: Ty,
    /// Where the definition was written.
    pub span: Span,
}

/// A whole compilation unit: named types, global data, functions and external
/// declarations. Definitions may be interleaved in the source and need not be
/// declared in order; each list keeps its source order.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prog {
    /// Named type definitions.
    pub tdecls: Vec<Tdecl>,
    /// Global data definitions.
    pub gdecls: Vec<Gdecl>,
    /// Function definitions.
    pub fdecls: Vec<Fdecl>,
    /// External function declarations (`declare`).
    pub edecls: Vec<Edecl>,
}

impl Prog {
    /// The named type definition called `name`, if any.
    pub fn tdecl(&self, name: &str) -> Option<&Tdecl> {
        self.tdecls.iter().find(|t| t.name == name)
    }
    /// The function definition called `name`, if any.
    pub fn fdecl(&self, name: &str) -> Option<&Fdecl> {
        self.fdecls.iter().find(|f| f.name == name)
    }
    /// The global data definition called `name`, if any.
    pub fn gdecl(&self, name: &str) -> Option<&Gdecl> {
        self.gdecls.iter().find(|g| g.name == name)
    }
}

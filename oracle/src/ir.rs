//! The resolved program the machine runs: the spec's program with locals
//! as slot numbers, labels as block numbers, globals and functions as ids,
//! types interned and operands pre-resolved, so that the inner loop never
//! looks up a string or clones a `Ty`. [`crate::resolve`] builds it from a
//! checked `spec::Prog`.

use crate::tytable::TyId;
use crate::value::Value;
use spec::{Bop, Cnd, Span};
use std::borrow::Cow;
use std::collections::HashMap;

/// The index of `null` in `Program::consts` (`Op::Val(NULL_CONST)`).
pub const NULL_CONST: u32 = 0;

/// A resolved operand.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// An integer literal.
    Const(i64),
    /// A local: slot number in the frame.
    Local(u32),
    /// A constant pointer (global, function, null): index in `Program::consts`.
    Val(u32),
}

/// A resolved instruction (the spec's table "Instructions and Terminators").
#[derive(Clone, Debug)]
pub enum Insn {
    /// `%L = BOP i64 OP1, OP2`.
    Binop {
        /// Result slot.
        dst: u32,
        /// Operation.
        bop: Bop,
        /// Operands.
        a: Op,
        /// Operands.
        b: Op,
    },
    /// `%L = BOP i64 %x, %y` with both operands locals (slots `a`, `b`):
    /// the same rule, resolved so that the operands need no inspection.
    BinopLocals {
        /// Result slot.
        dst: u32,
        /// Operation.
        bop: Bop,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `%L = BOP i64 %x, N` with a local first operand (slot `a`) and a
    /// literal second: the same rule, resolved so that the operands need no
    /// inspection.
    BinopConst {
        /// Result slot.
        dst: u32,
        /// Operation.
        bop: Bop,
        /// The first operand's slot.
        a: u32,
        /// The literal.
        b: i64,
    },
    /// `%L = icmp CND i64 %x, N` with a local first operand (slot `a`) and
    /// a literal second: the same rule as [`Insn::Icmp`], resolved so that
    /// the operands need no inspection.
    IcmpConst {
        /// Result slot.
        dst: u32,
        /// Condition.
        cnd: Cnd,
        /// The first operand's slot.
        a: u32,
        /// The literal.
        b: i64,
    },
    /// `%L = icmp eq T* %x, null` (or `ne`): the same rule as
    /// [`Insn::Icmp`], resolved so that the operands need no inspection.
    IcmpNull {
        /// Result slot.
        dst: u32,
        /// Condition (`eq` or `ne`).
        cnd: Cnd,
        /// The pointer's slot.
        a: u32,
    },
    /// `%L = alloca S`.
    Alloca {
        /// Result slot.
        dst: u32,
        /// The allocated type.
        ty: TyId,
        /// Its cells (0 for a type with no values).
        cells: u64,
        /// The place of a tree of that type.
        place: crate::place::PlaceId,
        /// For an `alloca` outside the entry block (which may run again in
        /// one frame): its number among the function's such allocas;
        /// [`ENTRY_ALLOCA`] for one in the entry block, which runs once.
        rerun: u32,
        /// The stack bytes LLVM's code takes each time an `alloca` outside
        /// the entry block runs (`spec::limits::dynamic_alloca_bytes`); 0
        /// in the entry block.
        stack: u64,
    },
    /// `%L = load S* OP`.
    Load {
        /// Result slot.
        dst: u32,
        /// S.
        ty: TyId,
        /// The address.
        ptr: Op,
    },
    /// `store S OP1, S* OP2`.
    Store {
        /// S.
        ty: TyId,
        /// The value.
        val: Op,
        /// The address.
        ptr: Op,
    },
    /// `%L = icmp CND S OP1, OP2`.
    Icmp {
        /// Result slot.
        dst: u32,
        /// Condition.
        cnd: Cnd,
        /// True when S is i1.
        i1: bool,
        /// Operands.
        a: Op,
        /// Operands.
        b: Op,
    },
    /// `%L = call S1 OP1(S2 OP2, ...)`.
    Call {
        /// Result slot (none for void calls).
        dst: Option<u32>,
        /// The annotated function type S1(S2, ..., SN).
        fty: TyId,
        /// The callee.
        callee: Op,
        /// The arguments.
        args: Box<[Op]>,
        /// The defined function a constant callee names (found once,
        /// before the run; the call's type is still checked when it runs).
        direct: Option<u32>,
    },
    /// `%L = getelementptr T1* OP, i64 OP2, ...`.
    Gep(GepInsn),
    /// `%L = bitcast T1* OP to T2*`.
    Bitcast {
        /// Result slot.
        dst: u32,
        /// The value.
        op: Op,
    },
}

impl Insn {
    /// The slot of the local the instruction defines (`None` for `store`
    /// and for calls, whose result arrives when the callee returns).
    pub fn dst(&self) -> Option<u32> {
        match self {
            Insn::Binop { dst, .. }
            | Insn::BinopLocals { dst, .. }
            | Insn::BinopConst { dst, .. }
            | Insn::IcmpConst { dst, .. }
            | Insn::IcmpNull { dst, .. }
            | Insn::Alloca { dst, .. }
            | Insn::Load { dst, .. }
            | Insn::Icmp { dst, .. }
            | Insn::Bitcast { dst, .. } => Some(*dst),
            Insn::Gep(g) => Some(g.dst),
            Insn::Store { .. } | Insn::Call { .. } => None,
        }
    }

    /// The form the fast paths read (see `fast`): a `binop` of two locals
    /// or of a local and a literal, an `icmp` at `i64` of a local and a
    /// literal, and an `icmp eq/ne` of a local and `null` get forms of their
    /// own, so that their fast paths need not inspect the operands; any
    /// other instruction is its own form. [`Insn::as_written`] undoes it.
    pub fn for_fast_paths(self) -> Insn {
        match self {
            Insn::Binop {
                dst,
                bop,
                a: Op::Local(a),
                b: Op::Local(b),
            } => Insn::BinopLocals { dst, bop, a, b },
            Insn::Binop {
                dst,
                bop,
                a: Op::Local(a),
                b: Op::Const(b),
            } => Insn::BinopConst { dst, bop, a, b },
            Insn::Icmp {
                dst,
                cnd,
                i1: false,
                a: Op::Local(a),
                b: Op::Const(b),
            } => Insn::IcmpConst { dst, cnd, a, b },
            Insn::Icmp {
                dst,
                cnd: cnd @ (Cnd::Eq | Cnd::Ne),
                i1: false,
                a: Op::Local(a),
                b: Op::Val(NULL_CONST),
            } => Insn::IcmpNull { dst, cnd, a },
            insn => insn,
        }
    }

    /// The instruction as written, which its rule reads: the forms made
    /// for the fast paths ([`Insn::for_fast_paths`]) as the `binop` or
    /// `icmp` they stand for; any other instruction itself.
    pub fn as_written(&self) -> Cow<'_, Insn> {
        let written = match *self {
            Insn::BinopLocals { dst, bop, a, b } => Insn::Binop {
                dst,
                bop,
                a: Op::Local(a),
                b: Op::Local(b),
            },
            Insn::BinopConst { dst, bop, a, b } => Insn::Binop {
                dst,
                bop,
                a: Op::Local(a),
                b: Op::Const(b),
            },
            Insn::IcmpConst { dst, cnd, a, b } => Insn::Icmp {
                dst,
                cnd,
                i1: false,
                a: Op::Local(a),
                b: Op::Const(b),
            },
            Insn::IcmpNull { dst, cnd, a } => Insn::Icmp {
                dst,
                cnd,
                i1: false,
                a: Op::Local(a),
                b: Op::Val(NULL_CONST),
            },
            _ => return Cow::Borrowed(self),
        };
        Cow::Owned(written)
    }
}

/// [`Insn::Alloca`]'s `rerun` for an `alloca` in the entry block.
pub const ENTRY_ALLOCA: u32 = u32::MAX;

/// A resolved `%L = getelementptr T1* OP, i64 OP2, ...`.
#[derive(Clone, Debug)]
pub struct GepInsn {
    /// Result slot.
    pub dst: u32,
    /// T1.
    pub base: TyId,
    /// GEPTY(T1, indices).
    pub result: TyId,
    /// The base pointer.
    pub ptr: Op,
    /// The indices.
    pub idxs: Box<[Op]>,
    /// Its number among the program's GEPs (for the machine's memo of
    /// what it did last, see `fast`).
    pub memo: u32,
    /// True when every index is a literal and the first is 0: what it does
    /// then depends on the base's place alone (see `gep::GepMemo`).
    pub constant: bool,
}

/// A resolved terminator.
#[derive(Clone, Debug)]
pub enum Term {
    /// `ret void` / `ret S OP`.
    Ret(Option<Op>),
    /// `br label %LAB`: block number.
    Br(u32),
    /// `br i1 OP, label %LAB1, label %LAB2`.
    Cbr(Op, u32, u32),
}

/// A resolved basic block: its instructions and its terminator.
#[derive(Clone, Debug)]
pub struct Block {
    /// The instructions.
    pub insns: Vec<Insn>,
    /// The terminator.
    pub term: Term,
    /// The site number of instruction 0 (instruction i is `first_site + i`,
    /// the terminator `first_site + insns.len()`).
    pub first_site: u32,
}

/// A resolved function definition.
#[derive(Clone, Debug)]
pub struct Func {
    /// Its name.
    pub name: String,
    /// Its declared type.
    pub fun_ty: TyId,
    /// How many parameters (slots 0..params).
    pub params: u32,
    /// How many slots its locals take.
    pub nslots: u32,
    /// The stack bytes a call of it needs at most in a course-layout
    /// compilation (`spec::limits::frame_bytes`: its locals and
    /// parameters, its allocas once each, the per-call overhead).
    pub frame_bytes: u64,
    /// The stack bytes a call of it needs in LLVM's model before any
    /// `alloca` outside the entry block runs (its locals and parameters,
    /// the entry block's allocas, the overhead); each run of another
    /// `alloca` adds its `stack` bytes (docs/semantics.md, "Stack bytes").
    pub entry_bytes: u64,
    /// How many of its allocas are outside the entry block.
    pub reruns: u32,
    /// Block 0 is the entry block.
    pub blocks: Vec<Block>,
    /// The name of each slot (empty for unnamed results), for messages.
    pub slot_names: Vec<String>,
}

/// A runtime function (docs/semantics.md, "Runtime functions" and "Oat
/// programs and course runtimes"), of the runtime the run uses
/// ([`spec::RuntimeName`]): its name, which selects its meaning in
/// `runtime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Runtime {
    /// The function's name (`ll_puts`, `oat_alloc_array`, ...).
    pub name: &'static str,
    /// The runtime it belongs to (variants differ: which checks,
    /// zeroed or uninitialised arrays).
    pub of: spec::RuntimeName,
}

/// What a function pointer (`FUNC_BIT | n`) names.
#[derive(Clone, Debug)]
pub enum FunRef {
    /// Defined function number n.
    Defined(u32),
    /// A runtime function, with the type numbers it may be called at.
    Runtime(Runtime, Vec<TyId>),
    /// A `declare` of a name that is neither defined nor a runtime function.
    Extern(String),
}

/// Where an instruction or terminator is: function, block, index, span.
#[derive(Clone, Copy, Debug)]
pub struct Site {
    /// Function number.
    pub func: u32,
    /// Block number.
    pub block: u32,
    /// Index in the block (terminator: number of instructions).
    pub index: u32,
    /// Where it was written.
    pub span: Span,
}

/// A global's name and declared type.
#[derive(Clone, Debug)]
pub struct GlobalInfo {
    /// The name.
    pub name: String,
    /// The declared type T (`@name` is a `T*`).
    pub ty: TyId,
}

/// The whole program in internal form.
#[derive(Clone, Debug)]
pub struct Program {
    /// Defined functions, in source order.
    pub funcs: Vec<Func>,
    /// The block labels of each function (entry: written label or `entry`).
    pub labels: Vec<Vec<String>>,
    /// What each function pointer names.
    pub fun_refs: Vec<FunRef>,
    /// Global data.
    pub globals: Vec<GlobalInfo>,
    /// Constant pointer values (globals, functions, null).
    pub consts: Vec<Value>,
    /// Index in `consts` of each global's pointer.
    pub global_const: Vec<u32>,
    /// Every instruction site.
    pub sites: Vec<Site>,
    /// The constant (index in `consts`) each global or function name denotes.
    pub names: HashMap<String, u32>,
    /// How many `getelementptr` instructions it has.
    pub geps: u32,
}

impl Program {
    /// An operand as written (`%x`, `@g`, `null`, `42`), for messages.
    pub fn operand_text(&self, func: u32, op: Op) -> String {
        match op {
            Op::Const(n) => n.to_string(),
            Op::Local(s) => {
                let name = self
                    .funcs
                    .get(func as usize)
                    .and_then(|f| f.slot_names.get(s as usize))
                    .map_or("", |n| n.as_str());
                format!("%{name}")
            }
            Op::Val(NULL_CONST) => "null".into(),
            Op::Val(k) => self
                .names
                .iter()
                .find(|(_, &v)| v == k)
                .map_or_else(|| "a constant".into(), |(n, _)| format!("@{n}")),
        }
    }
}

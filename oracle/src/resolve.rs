//! Before the run, the program is compiled to an internal form: locals to
//! slot numbers, labels to block numbers, globals and functions to ids,
//! types interned, operands pre-resolved. The inner loop never looks up a
//! string or clones a `Ty`. Anything the checker should have rejected and
//! that makes the program meaningless (an undefined name or label, a
//! GEP whose GEPTY is undefined) is an internal error here.

use crate::tytable::{TyId, TyTable};
use crate::value::{Ptr, Value, FUNC_BIT, NULL_BLOCK};
use spec::{Block, Bop, Cnd, Fdecl, InsnKind, OperandKind, Prog, Span, TermKind, Ty, TypeEnv};
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

/// A resolved basic block.
#[derive(Clone, Debug)]
pub struct Code {
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
    pub blocks: Vec<Code>,
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

/// Why the program cannot be run (something the checker rejects).
#[derive(Clone, Debug)]
pub struct Internal {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

fn internal(span: Span, message: impl Into<String>) -> Internal {
    Internal {
        message: message.into(),
        span,
    }
}

/// Compiles `prog` to internal form, interning its types into a new table;
/// the runtime functions are the spec's (`ll`).
pub fn resolve(prog: &Prog) -> Result<(Program, TyTable), Internal> {
    resolve_with(prog, spec::RuntimeName::Ll)
}

/// [`resolve`] with the functions of course runtime `runtime`.
pub fn resolve_with(
    prog: &Prog,
    runtime: spec::RuntimeName,
) -> Result<(Program, TyTable), Internal> {
    let mut tys = TyTable::new(TypeEnv::new(prog));
    let mut consts = Vec::new();
    let mut names: HashMap<&str, u32> = HashMap::new();
    let mut globals = Vec::new();
    let mut global_const = Vec::new();
    let mut global_cells: u64 = 0;
    // Null first (`NULL_CONST`): its tag never matters (every access
    // through it fails).
    let i8_ = tys.intern(&Ty::I8);
    let null_place = tys.root_place(i8_);
    consts.push(Value::Ptr(Ptr::root(NULL_BLOCK, 0, 0, null_place)));
    for (i, g) in prog.gdecls.iter().enumerate() {
        let ty = tys.intern(&g.ty);
        let k = consts.len() as u32;
        let place = tys.root_place(ty);
        // Globals are laid out in order, each in its type's cells (see
        // `init::init_globals`, which checks that it agrees).
        let start = u32::try_from(global_cells).unwrap_or(u32::MAX);
        global_cells = global_cells.saturating_add(tys.cells(ty).unwrap_or(0));
        consts.push(Value::Ptr(Ptr::root(i as u32, 0, start, place)));
        names.entry(&g.name).or_insert(k);
        globals.push(GlobalInfo {
            name: g.name.clone(),
            ty,
        });
        global_const.push(k);
    }
    let mut fun_refs = Vec::new();
    let mut fun_const = |tys: &mut TyTable, fr: FunRef, ty: &Ty, consts: &mut Vec<Value>| {
        let n = fun_refs.len() as u32;
        fun_refs.push(fr);
        let k = consts.len() as u32;
        let tag = tys.intern(ty);
        let place = tys.root_place(tag);
        consts.push(Value::Ptr(Ptr::root(FUNC_BIT | n, 0, 0, place)));
        k
    };
    for (i, f) in prog.fdecls.iter().enumerate() {
        let k = fun_const(
            &mut tys,
            FunRef::Defined(i as u32),
            &f.fun_ty(),
            &mut consts,
        );
        names.entry(&f.name).or_insert(k);
    }
    for name in runtime.functions() {
        if names.contains_key(name) {
            continue;
        }
        let r = Runtime { name, of: runtime };
        let types = runtime.types(name);
        let ids = types.iter().map(|t| tys.intern(t)).collect();
        let declared = prog.edecls.iter().find(|e| e.name == name);
        let Some(ty) = declared.map(|e| &e.ty).or(types.first()) else {
            continue;
        };
        let k = fun_const(&mut tys, FunRef::Runtime(r, ids), ty, &mut consts);
        names.insert(name, k);
    }
    for e in &prog.edecls {
        if !names.contains_key(e.name.as_str()) {
            let k = fun_const(&mut tys, FunRef::Extern(e.name.clone()), &e.ty, &mut consts);
            names.insert(&e.name, k);
        }
    }
    let mut sites = Vec::new();
    let mut funcs = Vec::new();
    let mut labels = Vec::new();
    for (fi, f) in prog.fdecls.iter().enumerate() {
        let (func, ls) = resolve_fdecl(f, fi as u32, &names, &mut tys, &mut sites)?;
        funcs.push(func);
        labels.push(ls);
    }
    link_direct_calls(&mut funcs, &consts, &fun_refs);
    let geps = number_geps(&mut funcs);
    Ok((
        Program {
            funcs,
            labels,
            fun_refs,
            globals,
            consts,
            global_const,
            sites,
            names: names.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            geps,
        },
        tys,
    ))
}

/// Notes in every call whose callee is a constant naming a defined
/// function which function that is.
fn link_direct_calls(funcs: &mut [Func], consts: &[Value], fun_refs: &[FunRef]) {
    let defined = |op: &Op| {
        let Op::Val(k) = op else { return None };
        let Some(Value::Ptr(p)) = consts.get(*k as usize) else {
            return None;
        };
        if p.block == NULL_BLOCK || p.block & FUNC_BIT == 0 {
            return None;
        }
        match fun_refs.get((p.block & !FUNC_BIT) as usize) {
            Some(FunRef::Defined(i)) => Some(*i),
            _ => None,
        }
    };
    for code in funcs.iter_mut().flat_map(|f| f.blocks.iter_mut()) {
        for insn in code.insns.iter_mut() {
            if let Insn::Call { callee, direct, .. } = insn {
                *direct = defined(callee);
            }
        }
    }
}

/// Numbers the program's GEPs in order; how many there are.
fn number_geps(funcs: &mut [Func]) -> u32 {
    let mut n = 0;
    for code in funcs.iter_mut().flat_map(|f| f.blocks.iter_mut()) {
        for insn in code.insns.iter_mut() {
            if let Insn::Gep(g) = insn {
                g.memo = n;
                n += 1;
            }
        }
    }
    n
}

struct FnScope<'a> {
    locals: HashMap<&'a str, u32>,
    nslots: u32,
    globals: &'a HashMap<&'a str, u32>,
}

impl<'a> FnScope<'a> {
    fn slot(&mut self, name: &str) -> u32 {
        match self.locals.get(name) {
            Some(&k) => k,
            None => self.fresh(),
        }
    }

    fn fresh(&mut self) -> u32 {
        self.nslots += 1;
        self.nslots - 1
    }

    fn op(&self, o: &spec::Operand) -> Result<Op, Internal> {
        match &o.kind {
            OperandKind::Const(n) => Ok(Op::Const(*n)),
            OperandKind::Null => Ok(Op::Val(NULL_CONST)),
            OperandKind::Gid(g) => self
                .globals
                .get(g.as_str())
                .map(|&k| Op::Val(k))
                .ok_or_else(|| internal(o.span, format!("@{g} is not defined"))),
            OperandKind::Id(x) => self
                .locals
                .get(x.as_str())
                .map(|&k| Op::Local(k))
                .ok_or_else(|| internal(o.span, format!("%{x} is not defined"))),
        }
    }
}

fn resolve_fdecl(
    f: &Fdecl,
    fi: u32,
    globals: &HashMap<&str, u32>,
    tys: &mut TyTable,
    sites: &mut Vec<Site>,
) -> Result<(Func, Vec<String>), Internal> {
    let mut sc = FnScope {
        locals: HashMap::new(),
        nslots: 0,
        globals,
    };
    for (p, _) in &f.params {
        if !sc.locals.contains_key(p.as_str()) {
            let s = sc.fresh();
            sc.locals.insert(p, s);
        }
    }
    let params = f.params.len() as u32;
    // Parameters with duplicate names still take a slot each, in order.
    sc.nslots = sc.nslots.max(params);
    let mut ls = vec![f.cfg.entry_label.clone().unwrap_or_else(|| "entry".into())];
    let mut all: Vec<&Block> = vec![&f.cfg.entry];
    for b in &f.cfg.blocks {
        ls.push(b.label.clone());
        all.push(&b.block);
    }
    let mut label_ix: HashMap<&str, u32> = HashMap::new();
    if let Some(l) = &f.cfg.entry_label {
        label_ix.insert(l, 0);
    }
    for (i, b) in f.cfg.blocks.iter().enumerate() {
        label_ix.entry(&b.label).or_insert(i as u32 + 1);
    }
    for b in &all {
        for insn in &b.insns {
            if let Some(r) = &insn.result {
                if !sc.locals.contains_key(r.as_str()) {
                    let s = sc.fresh();
                    sc.locals.insert(r, s);
                }
            }
        }
    }
    let mut blocks = Vec::new();
    for (bi, b) in all.iter().enumerate() {
        let first_site = sites.len() as u32;
        let mut insns = Vec::new();
        for (ii, insn) in b.insns.iter().enumerate() {
            sites.push(Site {
                func: fi,
                block: bi as u32,
                index: ii as u32,
                span: insn.span,
            });
            let dst = match &insn.result {
                Some(r) => sc.slot(r),
                None => sc.fresh(),
            };
            let written =
                resolve_insn(&insn.kind, dst, insn.result.is_some(), insn.span, &sc, tys)?;
            insns.push(written.for_fast_paths());
        }
        sites.push(Site {
            func: fi,
            block: bi as u32,
            index: b.insns.len() as u32,
            span: b.term.span,
        });
        let label = |l: &String| {
            label_ix
                .get(l.as_str())
                .copied()
                .ok_or_else(|| internal(b.term.span, format!("label %{l} is not defined")))
        };
        let term = match &b.term.kind {
            TermKind::Ret(_, None) => Term::Ret(None),
            TermKind::Ret(_, Some(o)) => Term::Ret(Some(sc.op(o)?)),
            TermKind::Br(l) => Term::Br(label(l)?),
            TermKind::Cbr(o, l1, l2) => Term::Cbr(sc.op(o)?, label(l1)?, label(l2)?),
        };
        blocks.push(Code {
            insns,
            term,
            first_site,
        });
    }
    let mut slot_names = vec![String::new(); sc.nslots as usize];
    for (name, &k) in &sc.locals {
        if let Some(n) = slot_names.get_mut(k as usize) {
            *n = name.to_string();
        }
    }
    let alloca_sizes = |blocks: &[&Block]| -> Vec<u64> {
        blocks
            .iter()
            .flat_map(|b| &b.insns)
            .filter_map(|i| match &i.kind {
                spec::InsnKind::Alloca { ty } => Some(tys.env.size_of(ty)),
                _ => None,
            })
            .collect()
    };
    let slots = u64::from(sc.nslots);
    let frame_bytes = spec::limits::frame_bytes(slots, alloca_sizes(&all));
    let entry_bytes = spec::limits::frame_bytes(slots, alloca_sizes(&all[..1]));
    // Number the allocas outside the entry block, each with its stack bytes.
    let mut reruns = 0u32;
    for code in blocks.iter_mut().skip(1) {
        for insn in &mut code.insns {
            if let Insn::Alloca {
                ty, rerun, stack, ..
            } = insn
            {
                *rerun = reruns;
                *stack = spec::limits::dynamic_alloca_bytes(tys.env.size_of(tys.ty(*ty)));
                reruns += 1;
            }
        }
    }
    let func = Func {
        name: f.name.clone(),
        fun_ty: tys.intern(&f.fun_ty()),
        params,
        nslots: sc.nslots,
        frame_bytes,
        entry_bytes,
        reruns,
        blocks,
        slot_names,
    };
    Ok((func, ls))
}

fn resolve_insn(
    k: &InsnKind,
    dst: u32,
    named: bool,
    span: Span,
    sc: &FnScope,
    tys: &mut TyTable,
) -> Result<Insn, Internal> {
    Ok(match k {
        InsnKind::Binop { bop, ty, op1, op2 } => {
            let i1_bitwise =
                tys.env.ty_eq(ty, &Ty::I1) && matches!(bop, Bop::And | Bop::Or | Bop::Xor);
            if !tys.env.ty_eq(ty, &Ty::I64) && !i1_bitwise {
                return Err(internal(
                    span,
                    "a binary operation must be at type i64 (and, or, xor also at i1)",
                ));
            }
            Insn::Binop {
                dst,
                bop: *bop,
                a: sc.op(op1)?,
                b: sc.op(op2)?,
            }
        }
        InsnKind::Alloca { ty } => {
            let ty = tys.intern(ty);
            Insn::Alloca {
                dst,
                ty,
                cells: tys.cells(ty).unwrap_or(0),
                place: tys.root_place(ty),
                rerun: ENTRY_ALLOCA,
                stack: 0,
            }
        }
        InsnKind::Load { ty, ptr, .. } => Insn::Load {
            dst,
            ty: tys.intern(ty),
            ptr: sc.op(ptr)?,
        },
        InsnKind::Store { ty, val, ptr, .. } => Insn::Store {
            ty: tys.intern(ty),
            val: sc.op(val)?,
            ptr: sc.op(ptr)?,
        },
        InsnKind::Icmp { cnd, ty, op1, op2 } => Insn::Icmp {
            dst,
            cnd: *cnd,
            i1: tys.env.ty_eq(ty, &Ty::I1),
            a: sc.op(op1)?,
            b: sc.op(op2)?,
        },
        InsnKind::Call { ret, callee, args } => {
            let fty = Ty::Fun(
                args.iter().map(|(t, _)| t.clone()).collect(),
                Box::new(ret.clone()),
            );
            let void = matches!(tys.env.unfold(ret), Ty::Void);
            Insn::Call {
                dst: (named || !void).then_some(dst),
                fty: tys.intern(&fty),
                callee: sc.op(callee)?,
                args: args
                    .iter()
                    .map(|(_, o)| sc.op(o))
                    .collect::<Result<_, _>>()?,
                direct: None,
            }
        }
        InsnKind::Gep {
            base_ty, ptr, idxs, ..
        } => {
            let result = tys
                .env
                .gepty(base_ty, idxs)
                .map_err(|e| internal(span, format!("GEPTY is not defined: {e:?}")))?;
            Insn::Gep(GepInsn {
                dst,
                base: tys.intern(base_ty),
                result: tys.intern(&result),
                ptr: sc.op(ptr)?,
                idxs: idxs.iter().map(|o| sc.op(o)).collect::<Result<_, _>>()?,
                memo: 0,
                constant: matches!(idxs.first().map(|o| &o.kind), Some(OperandKind::Const(0)))
                    && idxs.iter().all(|o| matches!(o.kind, OperandKind::Const(_))),
            })
        }
        InsnKind::Bitcast { op, .. } => Insn::Bitcast {
            dst,
            op: sc.op(op)?,
        },
    })
}

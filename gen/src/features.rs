//! What a program uses, read off its syntax: the histogram that shows the
//! generator reaches every construct of the language it is meant to cover,
//! and the patterns of the optimiser profile ([`Feature::opt_patterns`]).

mod opt;

use spec::{Bop, Cnd, Fdecl, GinitKind, Insn, InsnKind, OperandKind, Prog, TermKind, Ty, TypeEnv};
use std::collections::{BTreeMap, BTreeSet};

/// The kind of simple type a load or store works at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SimpleKind {
    /// `i1`.
    I1,
    /// `i64`.
    I64,
    /// A pointer to data.
    Ptr,
    /// `i8*` (a string).
    Str,
    /// A function pointer.
    FunPtr,
}

/// One construct a generated program can contain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Feature {
    /// A binary operation.
    Binop(Bop),
    /// An `icmp` at `i64` with this condition.
    IcmpI64(Cnd),
    /// An `icmp eq/ne` at `i1`.
    IcmpI1,
    /// An `icmp eq/ne` between data pointers (or strings).
    IcmpPtr,
    /// An `icmp eq/ne` between function pointers.
    IcmpFunPtr,
    /// A local of type `i1` defined by a call or a load.
    I1FromMemoryOrCall,
    /// A named type.
    NamedType,
    /// A named type that reaches itself through pointers.
    RecursiveType,
    /// Two named types that reach each other.
    MutuallyRecursiveTypes,
    /// A struct with a struct field (nested by value).
    NestedStruct,
    /// An array of structs or a struct holding an array.
    NestedArray,
    /// A global initialised with `null`.
    GlobalNull,
    /// A global initializer with an integer literal.
    GlobalInt,
    /// A global initializer naming another global (`@g`).
    GlobalPtrToGlobal,
    /// A global initializer naming a function.
    GlobalFunPtr,
    /// A string literal global.
    GlobalString,
    /// An array literal initializer.
    GlobalArray,
    /// A struct literal initializer.
    GlobalStruct,
    /// A `bitcast` initializer.
    GlobalBitcast,
    /// `alloca` of a simple type.
    AllocaSimple,
    /// `alloca` of an aggregate type.
    AllocaAggregate,
    /// A load at this kind of type.
    Load(SimpleKind),
    /// A store at this kind of type.
    Store(SimpleKind),
    /// A GEP with a constant index into a struct.
    GepStructConst,
    /// A GEP with a non-constant array index.
    GepDynamicIndex,
    /// A GEP whose base is the result of a GEP.
    GepChain,
    /// A GEP whose first index is a non-zero literal (a move among array elements).
    GepSiblingMove,
    /// A GEP whose base comes from a `bitcast`.
    GepAfterBitcast,
    /// A GEP after a bitcast that goes into a field of a nested struct.
    GepNestedAfterBitcast,
    /// A GEP after a bitcast to a PTRTOI8 view (pointer fields as `i8*`).
    GepAfterPtrtoi8View,
    /// A pointer cast to `i8*` and back.
    BitcastRoundTrip,
    /// A direct call of a program function.
    DirectCall,
    /// A call through a function pointer loaded from an alloca.
    IndirectCallLocal,
    /// A call through a function pointer loaded from a global.
    IndirectCallGlobal,
    /// A call through a function pointer loaded from a struct field.
    IndirectCallStruct,
    /// A call through a function pointer parameter.
    IndirectCallParam,
    /// A call with seven or more arguments (System V passes the seventh and
    /// later on the stack).
    StackArgs,
    /// A function that calls itself.
    SelfRecursion,
    /// Two functions that call each other.
    MutualRecursion,
    /// A loop (a branch back to an earlier block).
    Loop,
    /// A function returning `void`.
    VoidFunction,
    /// A call of `ll_puts`.
    RuntimePuts,
    /// A call of `ll_ltoa`.
    RuntimeLtoa,
    /// A call of `ll_strcat`.
    RuntimeStrcat,
    /// `main` uses `%argc`.
    UsesArgc,
    /// A store, then in the same block a load or store of the same place
    /// through another operand, the two reached by different GEPs with
    /// constant indices (a repeated GEP, a GEP chain, `gep T, T* %p, i64 0`).
    AliasGep,
    /// Like [`Feature::AliasGep`] where one of the two goes through a
    /// `bitcast` (a struct view, an `i8*` round trip).
    AliasBitcast,
    /// Like [`Feature::AliasGep`] where one of the two is a pointer stored
    /// into a slot and loaded back.
    AliasMemory,
    /// A call of a program function that stores through one of its pointer
    /// parameters, then in the same block a load of the place passed there.
    CalleeWritesArg,
    /// A call of a program function that stores into a global, then in the
    /// same block a load of that global.
    CallWritesGlobal,
    /// A store, then in the same block another store to the same place with
    /// no load or call between (the first store is dead).
    DeadStore,
    /// A binop of constants (literals, or words computed from literals only)
    /// whose exact result is outside -2^62..2^62 - 1 (OCaml's 63-bit `int`),
    /// so 63-bit folding gives another word, or wraps at 2^63.
    ConstBoundary,
    /// A shift by a constant 63.
    Shift63,
    /// A shift by `and K, 63` of a literal K of 64 or more.
    ShiftMaskedConst,
    /// A conditional branch on a literal, on a comparison of constants, or
    /// on a comparison of a value with itself.
    FoldingBranch,
    /// A binop inside a loop whose operands are all defined outside it.
    LoopInvariant,
    /// A block (not the entry) that no branch targets.
    UnreachableBlock,
}

impl Feature {
    /// The patterns of the optimiser profile (`gen::Profile::Opt`), which
    /// its programs reach and the default profile's need not.
    pub fn opt_patterns() -> Vec<Feature> {
        use Feature::*;
        vec![
            AliasGep,
            AliasBitcast,
            AliasMemory,
            CalleeWritesArg,
            CallWritesGlobal,
            DeadStore,
            ConstBoundary,
            Shift63,
            ShiftMaskedConst,
            FoldingBranch,
            LoopInvariant,
            UnreachableBlock,
        ]
    }

    /// Every feature the generator is required to reach in the default
    /// profile (besides [`Feature::opt_patterns`]).
    pub fn all() -> Vec<Feature> {
        use Feature::*;
        let mut v: Vec<Feature> = Bop::ALL.iter().map(|&b| Binop(b)).collect();
        v.extend(Cnd::ALL.iter().map(|&c| IcmpI64(c)));
        v.extend([
            IcmpI1,
            IcmpPtr,
            IcmpFunPtr,
            I1FromMemoryOrCall,
            NamedType,
            RecursiveType,
            MutuallyRecursiveTypes,
            NestedStruct,
            NestedArray,
            GlobalNull,
            GlobalInt,
            GlobalPtrToGlobal,
            GlobalFunPtr,
            GlobalString,
            GlobalArray,
            GlobalStruct,
            GlobalBitcast,
            AllocaSimple,
            AllocaAggregate,
        ]);
        for k in [
            SimpleKind::I1,
            SimpleKind::I64,
            SimpleKind::Ptr,
            SimpleKind::Str,
            SimpleKind::FunPtr,
        ] {
            v.push(Load(k));
            v.push(Store(k));
        }
        v.extend([
            GepStructConst,
            GepDynamicIndex,
            GepChain,
            GepSiblingMove,
            GepAfterBitcast,
            GepNestedAfterBitcast,
            GepAfterPtrtoi8View,
            BitcastRoundTrip,
            DirectCall,
            IndirectCallLocal,
            IndirectCallGlobal,
            IndirectCallStruct,
            IndirectCallParam,
            StackArgs,
            SelfRecursion,
            MutualRecursion,
            Loop,
            VoidFunction,
            RuntimePuts,
            RuntimeLtoa,
            RuntimeStrcat,
            UsesArgc,
        ]);
        v
    }
}

fn kind_of(ty: &Ty) -> SimpleKind {
    match ty {
        Ty::I1 => SimpleKind::I1,
        Ty::Ptr(p) if **p == Ty::I8 => SimpleKind::Str,
        Ty::Ptr(p) if matches!(**p, Ty::Fun(..)) => SimpleKind::FunPtr,
        Ty::Ptr(_) | Ty::OpaquePtr => SimpleKind::Ptr,
        _ => SimpleKind::I64,
    }
}

/// The features `prog` contains.
pub fn features(prog: &Prog) -> BTreeSet<Feature> {
    let env = TypeEnv::new(prog);
    let mut out = BTreeSet::new();
    type_features(prog, &env, &mut out);
    for g in &prog.gdecls {
        ginit_features(prog, &g.init.kind, &mut out);
    }
    let mut calls: BTreeSet<(String, String)> = BTreeSet::new();
    for f in &prog.fdecls {
        fn_features(f, &env, &mut out, &mut calls);
    }
    opt::opt_features(prog, &mut out);
    for (a, b) in &calls {
        if a == b {
            out.insert(Feature::SelfRecursion);
        } else if calls.contains(&(b.clone(), a.clone())) {
            out.insert(Feature::MutualRecursion);
        }
    }
    out
}

/// How many of `progs` contain each feature (every feature of
/// [`Feature::all`] and [`Feature::opt_patterns`] is a key, with 0 when
/// absent).
pub fn histogram<P: std::borrow::Borrow<Prog>>(
    progs: impl IntoIterator<Item = P>,
) -> BTreeMap<Feature, usize> {
    let mut h: BTreeMap<Feature, usize> = Feature::all()
        .into_iter()
        .chain(Feature::opt_patterns())
        .map(|f| (f, 0))
        .collect();
    for p in progs {
        for f in features(p.borrow()) {
            *h.entry(f).or_insert(0) += 1;
        }
    }
    h
}

fn named_refs(ty: &Ty, out: &mut BTreeSet<String>) {
    match ty {
        Ty::Named(n) => {
            out.insert(n.clone());
        }
        Ty::Ptr(t) | Ty::Array(_, t) => named_refs(t, out),
        Ty::Struct(ts) => ts.iter().for_each(|t| named_refs(t, out)),
        Ty::Fun(ps, r) => {
            ps.iter().for_each(|t| named_refs(t, out));
            named_refs(r, out);
        }
        _ => {}
    }
}

fn type_features(prog: &Prog, env: &TypeEnv, out: &mut BTreeSet<Feature>) {
    let names: Vec<&str> = prog.tdecls.iter().map(|t| t.name.as_str()).collect();
    if !names.is_empty() {
        out.insert(Feature::NamedType);
    }
    // reach[a] = names reachable from a's definition (transitively).
    let mut reach: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for t in &prog.tdecls {
        let mut s = BTreeSet::new();
        named_refs(&t.ty, &mut s);
        reach.insert(&t.name, s);
    }
    for _ in 0..names.len() {
        for n in &names {
            let direct: Vec<String> = reach
                .get(n)
                .map_or(Vec::new(), |s| s.iter().cloned().collect());
            let mut add = BTreeSet::new();
            for m in direct {
                if let Some(s) = reach.get(m.as_str()) {
                    add.extend(s.iter().cloned());
                }
            }
            if let Some(s) = reach.get_mut(n) {
                s.extend(add);
            }
        }
    }
    for n in &names {
        let r = &reach[n];
        if r.contains(*n) {
            out.insert(Feature::RecursiveType);
        }
        if r.iter()
            .any(|m| m != n && reach.get(m.as_str()).is_some_and(|s| s.contains(*n)))
        {
            out.insert(Feature::MutuallyRecursiveTypes);
        }
    }
    let mut tys: Vec<&Ty> = prog.tdecls.iter().map(|t| &t.ty).collect();
    tys.extend(prog.gdecls.iter().map(|g| &g.ty));
    for f in &prog.fdecls {
        for i in all_insns(f) {
            if let InsnKind::Alloca { ty } = &i.kind {
                tys.push(ty);
            }
        }
    }
    for t in tys {
        aggregate_features(t, env, out, 0);
    }
}

fn aggregate_features(ty: &Ty, env: &TypeEnv, out: &mut BTreeSet<Feature>, depth: usize) {
    if depth > 8 {
        return;
    }
    match env.unfold(ty) {
        Ty::Struct(fs) => {
            for f in fs {
                match env.unfold(f) {
                    Ty::Struct(_) => {
                        out.insert(Feature::NestedStruct);
                    }
                    Ty::Array(..) => {
                        out.insert(Feature::NestedArray);
                    }
                    _ => {}
                }
                aggregate_features(f, env, out, depth + 1);
            }
        }
        Ty::Array(_, e) => {
            if matches!(env.unfold(e), Ty::Struct(_) | Ty::Array(..)) {
                out.insert(Feature::NestedArray);
            }
            aggregate_features(e, env, out, depth + 1);
        }
        _ => {}
    }
}

fn ginit_features(prog: &Prog, g: &GinitKind, out: &mut BTreeSet<Feature>) {
    match g {
        GinitKind::Null => {
            out.insert(Feature::GlobalNull);
        }
        GinitKind::Int(_) => {
            out.insert(Feature::GlobalInt);
        }
        GinitKind::Gid(n) => {
            out.insert(if prog.gdecl(n).is_some() {
                Feature::GlobalPtrToGlobal
            } else {
                Feature::GlobalFunPtr
            });
        }
        GinitKind::Str(_) => {
            out.insert(Feature::GlobalString);
        }
        GinitKind::Array(xs) => {
            out.insert(Feature::GlobalArray);
            xs.iter()
                .for_each(|(_, g)| ginit_features(prog, &g.kind, out));
        }
        GinitKind::Struct(xs) => {
            out.insert(Feature::GlobalStruct);
            xs.iter()
                .for_each(|(_, g)| ginit_features(prog, &g.kind, out));
        }
        GinitKind::Bitcast(_, g, _) => {
            out.insert(Feature::GlobalBitcast);
            ginit_features(prog, &g.kind, out);
        }
    }
}

fn all_insns(f: &Fdecl) -> impl Iterator<Item = &Insn> {
    f.cfg
        .entry
        .insns
        .iter()
        .chain(f.cfg.blocks.iter().flat_map(|b| b.block.insns.iter()))
}

fn fn_features(
    f: &Fdecl,
    env: &TypeEnv,
    out: &mut BTreeSet<Feature>,
    calls: &mut BTreeSet<(String, String)>,
) {
    use Feature::*;
    if f.ret == Ty::Void {
        out.insert(VoidFunction);
    }
    let defs: BTreeMap<&str, &InsnKind> = all_insns(f)
        .filter_map(|i| i.result.as_deref().map(|r| (r, &i.kind)))
        .collect();
    let params: BTreeSet<&str> = f.params.iter().map(|(n, _)| n.as_str()).collect();
    let def_of = |op: &spec::Operand| match &op.kind {
        OperandKind::Id(x) => defs.get(x.as_str()).copied(),
        _ => None,
    };
    if f.name == "main"
        && f.params.first().is_some_and(|(argc, _)| {
            all_insns(f).any(|i| format!("{:?}", i.kind).contains(&format!("Id(\"{argc}\")")))
        })
    {
        out.insert(UsesArgc);
    }
    for i in all_insns(f) {
        match &i.kind {
            InsnKind::Binop { bop, .. } => {
                out.insert(Binop(*bop));
            }
            InsnKind::Icmp { cnd, ty, .. } => {
                out.insert(match ty {
                    Ty::I1 => IcmpI1,
                    Ty::Ptr(p) if matches!(**p, Ty::Fun(..)) => IcmpFunPtr,
                    Ty::Ptr(_) => IcmpPtr,
                    _ => IcmpI64(*cnd),
                });
            }
            InsnKind::Alloca { ty } => {
                out.insert(if matches!(env.unfold(ty), Ty::Struct(_) | Ty::Array(..)) {
                    AllocaAggregate
                } else {
                    AllocaSimple
                });
            }
            InsnKind::Load { ty, .. } => {
                out.insert(Load(kind_of(ty)));
                if *ty == Ty::I1 {
                    out.insert(I1FromMemoryOrCall);
                }
            }
            InsnKind::Store { ty, .. } => {
                out.insert(Store(kind_of(ty)));
            }
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => {
                let mut cur = base_ty;
                for (k, ix) in idxs.iter().enumerate() {
                    if k == 0 {
                        if !matches!(ix.kind, OperandKind::Const(0)) {
                            out.insert(GepSiblingMove);
                        }
                        continue;
                    }
                    match env.unfold(cur) {
                        Ty::Struct(fs) => {
                            out.insert(GepStructConst);
                            match ix.kind {
                                OperandKind::Const(m) => match fs.get(m as usize) {
                                    Some(t) => cur = t,
                                    None => break,
                                },
                                _ => break,
                            }
                        }
                        Ty::Array(_, e) => {
                            if !matches!(ix.kind, OperandKind::Const(_)) {
                                out.insert(GepDynamicIndex);
                            }
                            cur = e;
                        }
                        _ => break,
                    }
                }
                match def_of(ptr) {
                    Some(InsnKind::Gep { .. }) => {
                        out.insert(GepChain);
                    }
                    Some(InsnKind::Bitcast { from, to, .. }) => {
                        out.insert(GepAfterBitcast);
                        if is_ptrtoi8_view(env, from, to) {
                            out.insert(GepAfterPtrtoi8View);
                        }
                        if gep_enters_nested_struct(env, base_ty, idxs) {
                            out.insert(GepNestedAfterBitcast);
                        }
                    }
                    _ => {}
                }
            }
            InsnKind::Bitcast { op, to, .. } => {
                if let Some(InsnKind::Bitcast { .. }) = def_of(op) {
                    if *to != Ty::I8.ptr_to() {
                        out.insert(BitcastRoundTrip);
                    }
                }
            }
            InsnKind::Call { ret, callee, args } => {
                if args.len() >= 7 {
                    out.insert(StackArgs);
                }
                if *ret == Ty::I1 {
                    out.insert(I1FromMemoryOrCall);
                }
                match &callee.kind {
                    OperandKind::Gid(g) => match g.as_str() {
                        "ll_puts" => {
                            out.insert(RuntimePuts);
                        }
                        "ll_ltoa" => {
                            out.insert(RuntimeLtoa);
                        }
                        "ll_strcat" => {
                            out.insert(RuntimeStrcat);
                        }
                        _ => {
                            out.insert(DirectCall);
                            calls.insert((f.name.clone(), g.clone()));
                        }
                    },
                    OperandKind::Id(x) if params.contains(x.as_str()) => {
                        out.insert(IndirectCallParam);
                    }
                    OperandKind::Id(_) => {
                        if let Some(InsnKind::Load { ptr, .. }) = def_of(callee) {
                            indirect_source(ptr, &def_of, out);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let mut order: BTreeMap<&str, usize> = BTreeMap::new();
    for (k, b) in f.cfg.blocks.iter().enumerate() {
        order.insert(&b.label, k + 1);
    }
    let terms = std::iter::once((0, &f.cfg.entry.term.kind)).chain(
        f.cfg
            .blocks
            .iter()
            .enumerate()
            .map(|(k, b)| (k + 1, &b.block.term.kind)),
    );
    for (k, t) in terms {
        let targets: Vec<&String> = match t {
            TermKind::Br(l) => vec![l],
            TermKind::Cbr(_, a, b) => vec![a, b],
            TermKind::Ret(..) => vec![],
        };
        if targets
            .iter()
            .any(|l| order.get(l.as_str()).is_some_and(|&j| j <= k))
        {
            out.insert(Loop);
        }
    }
}

/// True when `to` (a `T*`) is a struct type whose pointers are all `i8*`,
/// with at least one, and `from` points to a struct that has other pointers.
fn is_ptrtoi8_view(env: &TypeEnv, from: &Ty, to: &Ty) -> bool {
    fn ptrs(env: &TypeEnv, t: &Ty, out: &mut Vec<Ty>, depth: usize) {
        if depth > 8 {
            return;
        }
        match env.unfold(t) {
            Ty::Ptr(p) => out.push((**p).clone()),
            Ty::Struct(fs) => fs.iter().for_each(|f| ptrs(env, f, out, depth + 1)),
            Ty::Array(_, e) => ptrs(env, e, out, depth + 1),
            _ => {}
        }
    }
    let (Ty::Ptr(f), Ty::Ptr(t)) = (from, to) else {
        return false;
    };
    let (mut pf, mut pt) = (Vec::new(), Vec::new());
    ptrs(env, f, &mut pf, 0);
    ptrs(env, t, &mut pt, 0);
    !pt.is_empty() && pt.iter().all(|p| *p == Ty::I8) && pf.iter().any(|p| *p != Ty::I8)
}

/// Classifies an indirect call by where its function pointer was loaded
/// from: a global, an alloca, or a GEP (a struct field).
fn indirect_source<'a>(
    ptr: &spec::Operand,
    def_of: &dyn Fn(&spec::Operand) -> Option<&'a InsnKind>,
    out: &mut BTreeSet<Feature>,
) {
    match (&ptr.kind, def_of(ptr)) {
        (OperandKind::Gid(_), _) => {
            out.insert(Feature::IndirectCallGlobal);
        }
        (_, Some(InsnKind::Alloca { .. })) => {
            out.insert(Feature::IndirectCallLocal);
        }
        (_, Some(InsnKind::Gep { .. })) => {
            out.insert(Feature::IndirectCallStruct);
        }
        _ => {}
    }
}

/// True when the GEP's indices go from a struct into a struct field and
/// then into one of that field's fields.
fn gep_enters_nested_struct(env: &TypeEnv, base: &Ty, idxs: &[spec::Operand]) -> bool {
    let mut cur = base;
    let mut struct_steps = 0;
    for ix in idxs.iter().skip(1) {
        match (env.unfold(cur), &ix.kind) {
            (Ty::Struct(fs), OperandKind::Const(m)) => match fs.get(*m as usize) {
                Some(t) => {
                    struct_steps += 1;
                    cur = t;
                }
                None => return false,
            },
            (Ty::Array(_, e), _) => cur = e,
            _ => return false,
        }
    }
    struct_steps >= 2
}

//! The pass that builds the resolved program ([`crate::ir`]) before the
//! run: locals to slot numbers, labels to block numbers, globals and
//! functions to ids, types interned, operands pre-resolved. Anything the
//! checker should have rejected and that makes the program meaningless (an
//! undefined name or label, a GEP whose GEPTY is undefined) is an internal
//! error here.

use crate::ir::{
    self, FunRef, Func, GepInsn, GlobalInfo, Insn, Op, Program, Runtime, Site, Term, ENTRY_ALLOCA,
    NULL_CONST,
};
use crate::tytable::TyTable;
use crate::value::{Ptr, Value, FUNC_BIT, NULL_BLOCK};
use spec::{Block, Bop, Fdecl, InsnKind, OperandKind, Prog, Span, TermKind, Ty, TypeEnv};
use std::collections::HashMap;

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
        blocks.push(ir::Block {
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

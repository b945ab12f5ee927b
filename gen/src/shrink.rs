//! Structural shrinking of programs, *filtered*: a candidate is kept only if
//! it still passes the checker and still returns on the oracle (within
//! [`SHRINK_FUEL`] instructions), so every shrink is well typed and well
//! defined. The edits themselves are plain structural ones and may break
//! well-definedness (removing the store that initialises a slot, making a
//! loop endless); the filter throws those away.
//!
//! Edits, biggest first: drop a function, drop a global, turn a `br i1`
//! into a `br` to one of its targets (then drop unreachable blocks), merge a
//! block into its only predecessor, drop a
//! run of instructions (halving runs, as delta debugging does), replace an
//! `i64`/`i1` operand (or a dynamic GEP index, or a returned value) by `0`,
//! drop a function parameter (simplifying its function type; direct calls
//! lose the argument), zero an integer in a global initializer, drop a named
//! type, drop a `declare`. Types are simplified by dropping parameters and
//! named types that are no longer used; no edit rewrites an aggregate type.

use spec::{Block, Fdecl, GinitKind, InsnKind, Operand, OperandKind, Outcome, Prog, TermKind, Ty};
use std::collections::BTreeSet;

/// The fuel a shrink candidate gets on the oracle: generated programs run
/// far fewer instructions, so a candidate that needs more has made a loop
/// endless.
pub const SHRINK_FUEL: u64 = 2_000_000;

/// One structural edit of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Drop function number `f` (never `main`).
    RemoveFn(usize),
    /// Drop global number `g`.
    RemoveGlobal(usize),
    /// In function `f`, block `b` (0 = entry), replace `br i1 c, A, B` by
    /// `br A` (`false`) or `br B` (`true`), then drop unreachable blocks.
    CbrToBr(usize, usize, bool),
    /// In function `f`, block `b` ends with `br L` and is `L`'s only
    /// predecessor: append `L`'s instructions and terminator to `b`.
    MergeBlocks(usize, usize),
    /// In function `f`, block `b`, drop instructions `start..start + len`.
    RemoveInsns(usize, usize, usize, usize),
    /// In function `f`, block `b`, instruction `i`: replace its `k`-th
    /// integer operand (a local) by the literal 0.
    ZeroOperand(usize, usize, usize, usize),
    /// In function `f`, block `b`: return the literal 0 instead of a local.
    ZeroRet(usize, usize),
    /// Drop parameter `k` of function `f` (and the argument of every direct
    /// call of it): simplifies its function type.
    RemoveParam(usize, usize),
    /// Replace the `k`-th integer literal (in initializer order) of global
    /// `g`'s initializer by 0.
    ZeroGlobalInt(usize, usize),
    /// Drop named type number `t`.
    RemoveType(usize),
    /// Drop external declaration number `e`.
    RemoveEdecl(usize),
}

/// The shrinks of `p` that check and return on the oracle, biggest first.
pub fn shrink(p: &Prog) -> impl Iterator<Item = Prog> {
    let p = p.clone();
    edits(&p)
        .into_iter()
        .filter_map(move |e| apply(&p, &e))
        .filter(is_well_defined)
}

/// True when `p` passes the checker and returns on the oracle within
/// [`SHRINK_FUEL`] instructions.
pub fn is_well_defined(p: &Prog) -> bool {
    if spec::check(p).is_err() {
        return false;
    }
    let opts = oracle::Options {
        fuel: SHRINK_FUEL,
        ..oracle::Options::default()
    };
    matches!(oracle::run(p, None, &[], &opts), Outcome::Returned { .. })
}

/// Greedy minimisation with the edits of [`shrink`]: applies the first edit
/// whose result satisfies `keep` (which should include
/// [`is_well_defined`]), and starts again until no edit is kept.
pub fn minimize(mut p: Prog, keep: impl Fn(&Prog) -> bool) -> Prog {
    loop {
        let next = edits(&p)
            .into_iter()
            .filter_map(|e| apply(&p, &e))
            .find(|c| keep(c));
        match next {
            Some(c) => p = c,
            None => return p,
        }
    }
}

/// The number of instructions (terminators not counted) in `p`.
pub fn insn_count(p: &Prog) -> usize {
    p.fdecls
        .iter()
        .map(|f| blocks(f).map(|b| b.insns.len()).sum::<usize>())
        .sum()
}

fn blocks(f: &Fdecl) -> impl Iterator<Item = &Block> {
    std::iter::once(&f.cfg.entry).chain(f.cfg.blocks.iter().map(|b| &b.block))
}

fn block_mut(f: &mut Fdecl, b: usize) -> Option<&mut Block> {
    if b == 0 {
        Some(&mut f.cfg.entry)
    } else {
        f.cfg.blocks.get_mut(b - 1).map(|l| &mut l.block)
    }
}

/// Every edit of `p`, biggest first.
pub fn edits(p: &Prog) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, f) in p.fdecls.iter().enumerate() {
        if f.name != "main" {
            out.push(Edit::RemoveFn(i));
        }
    }
    out.extend((0..p.gdecls.len()).map(Edit::RemoveGlobal));
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            if let TermKind::Cbr(..) = b.term.kind {
                out.push(Edit::CbrToBr(fi, bi, false));
                out.push(Edit::CbrToBr(fi, bi, true));
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            if let TermKind::Br(_) = b.term.kind {
                out.push(Edit::MergeBlocks(fi, bi));
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            let n = b.insns.len();
            let mut len = n;
            while len >= 1 {
                let mut start = 0;
                while start < n {
                    out.push(Edit::RemoveInsns(fi, bi, start, len.min(n - start)));
                    start += len;
                }
                len /= 2;
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        for (bi, b) in blocks(f).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                for k in 0..int_operands(&insn.kind).len() {
                    out.push(Edit::ZeroOperand(fi, bi, ii, k));
                }
            }
            if let TermKind::Ret(Ty::I64 | Ty::I1, Some(op)) = &b.term.kind {
                if matches!(op.kind, OperandKind::Id(_)) {
                    out.push(Edit::ZeroRet(fi, bi));
                }
            }
        }
    }
    for (fi, f) in p.fdecls.iter().enumerate() {
        if f.name != "main" {
            out.extend((0..f.params.len()).map(|k| Edit::RemoveParam(fi, k)));
        }
    }
    for (gi, g) in p.gdecls.iter().enumerate() {
        let mut ints = Vec::new();
        ginit_ints(&mut Some(&g.init), &mut ints);
        let nonzero = ints.iter().filter(|&&n| n != 0).count();
        out.extend((0..nonzero).map(|k| Edit::ZeroGlobalInt(gi, k)));
    }
    out.extend((0..p.tdecls.len()).map(Edit::RemoveType));
    out.extend((0..p.edecls.len()).map(Edit::RemoveEdecl));
    out
}

/// The integer literals of an initializer, in order.
fn ginit_ints(g: &mut Option<&spec::Ginit>, out: &mut Vec<i64>) {
    let Some(g) = g.take() else { return };
    match &g.kind {
        GinitKind::Int(n) => out.push(*n),
        GinitKind::Array(xs) | GinitKind::Struct(xs) => {
            for (_, x) in xs {
                ginit_ints(&mut Some(x), out);
            }
        }
        GinitKind::Bitcast(_, x, _) => ginit_ints(&mut Some(x), out),
        _ => {}
    }
}

/// Sets the `k`-th non-zero integer literal of `g` to 0; false if none.
fn zero_ginit_int(g: &mut spec::Ginit, k: &mut usize) -> bool {
    match &mut g.kind {
        GinitKind::Int(n) if *n != 0 => {
            if *k == 0 {
                *n = 0;
                return true;
            }
            *k -= 1;
            false
        }
        GinitKind::Array(xs) | GinitKind::Struct(xs) => {
            xs.iter_mut().any(|(_, x)| zero_ginit_int(x, k))
        }
        GinitKind::Bitcast(_, x, _) => zero_ginit_int(x, k),
        _ => false,
    }
}

/// The operands of an instruction that hold an `i64` or `i1` local (or a
/// dynamic GEP index), which `0` can replace.
fn int_operands(k: &InsnKind) -> Vec<&Operand> {
    let is_local = |o: &&Operand| matches!(o.kind, OperandKind::Id(_));
    let ints = |t: &Ty| matches!(t, Ty::I64 | Ty::I1);
    let v: Vec<&Operand> = match k {
        InsnKind::Binop { op1, op2, .. } => vec![op1, op2],
        InsnKind::Icmp { ty, op1, op2, .. } if ints(ty) => vec![op1, op2],
        InsnKind::Store { ty, val, .. } if ints(ty) => vec![val],
        InsnKind::Call { args, .. } => args
            .iter()
            .filter(|(t, _)| ints(t))
            .map(|(_, o)| o)
            .collect(),
        InsnKind::Gep { idxs, .. } => idxs.iter().collect(),
        _ => vec![],
    };
    v.into_iter().filter(is_local).collect()
}

fn int_operands_mut(k: &mut InsnKind) -> Vec<&mut Operand> {
    let is_local = |o: &&mut Operand| matches!(o.kind, OperandKind::Id(_));
    let ints = |t: &Ty| matches!(t, Ty::I64 | Ty::I1);
    let v: Vec<&mut Operand> = match k {
        InsnKind::Binop { op1, op2, .. } => vec![op1, op2],
        InsnKind::Icmp { ty, op1, op2, .. } if ints(ty) => vec![op1, op2],
        InsnKind::Store { ty, val, .. } if ints(ty) => vec![val],
        InsnKind::Call { args, .. } => args
            .iter_mut()
            .filter(|(t, _)| ints(t))
            .map(|(_, o)| o)
            .collect(),
        InsnKind::Gep { idxs, .. } => idxs.iter_mut().collect(),
        _ => vec![],
    };
    v.into_iter().filter(is_local).collect()
}

/// `p` with edit `e` applied (`None` when it does not apply).
pub fn apply(p: &Prog, e: &Edit) -> Option<Prog> {
    let mut q = p.clone();
    match *e {
        Edit::RemoveFn(i) => {
            (i < q.fdecls.len()).then(|| q.fdecls.remove(i))?;
        }
        Edit::RemoveGlobal(i) => {
            (i < q.gdecls.len()).then(|| q.gdecls.remove(i))?;
        }
        Edit::RemoveType(i) => {
            (i < q.tdecls.len()).then(|| q.tdecls.remove(i))?;
        }
        Edit::RemoveEdecl(i) => {
            (i < q.edecls.len()).then(|| q.edecls.remove(i))?;
        }
        Edit::CbrToBr(f, b, second) => {
            let fd = q.fdecls.get_mut(f)?;
            let blk = block_mut(fd, b)?;
            let TermKind::Cbr(_, l1, l2) = &blk.term.kind else {
                return None;
            };
            let l = if second { l2.clone() } else { l1.clone() };
            blk.term.kind = TermKind::Br(l);
            drop_unreachable(fd);
        }
        Edit::MergeBlocks(f, b) => {
            let fd = q.fdecls.get_mut(f)?;
            let TermKind::Br(l) = &block_mut(fd, b)?.term.kind else {
                return None;
            };
            let l = l.clone();
            let preds = blocks(fd)
                .filter(|blk| match &blk.term.kind {
                    TermKind::Br(x) => *x == l,
                    TermKind::Cbr(_, x, y) => *x == l || *y == l,
                    TermKind::Ret(..) => false,
                })
                .count();
            let k = fd.cfg.blocks.iter().position(|x| x.label == l)?;
            if preds != 1 || k + 1 == b {
                return None;
            }
            let succ = fd.cfg.blocks.remove(k).block;
            let b = if k + 1 < b { b - 1 } else { b };
            let blk = block_mut(fd, b)?;
            blk.insns.extend(succ.insns);
            blk.term = succ.term;
        }
        Edit::RemoveInsns(f, b, start, len) => {
            let blk = block_mut(q.fdecls.get_mut(f)?, b)?;
            if len == 0 || start + len > blk.insns.len() {
                return None;
            }
            blk.insns.drain(start..start + len);
        }
        Edit::ZeroOperand(f, b, i, k) => {
            let blk = block_mut(q.fdecls.get_mut(f)?, b)?;
            let insn = blk.insns.get_mut(i)?;
            let mut ops = int_operands_mut(&mut insn.kind);
            let op = ops.get_mut(k)?;
            op.kind = OperandKind::Const(0);
        }
        Edit::RemoveParam(f, k) => {
            let fd = q.fdecls.get_mut(f)?;
            if k >= fd.params.len() {
                return None;
            }
            fd.params.remove(k);
            let name = fd.name.clone();
            for fd in &mut q.fdecls {
                let blocks = std::iter::once(&mut fd.cfg.entry)
                    .chain(fd.cfg.blocks.iter_mut().map(|b| &mut b.block));
                for blk in blocks {
                    for insn in &mut blk.insns {
                        if let InsnKind::Call { callee, args, .. } = &mut insn.kind {
                            if callee.kind == OperandKind::Gid(name.clone()) && k < args.len() {
                                args.remove(k);
                            }
                        }
                    }
                }
            }
        }
        Edit::ZeroGlobalInt(g, k) => {
            let gd = q.gdecls.get_mut(g)?;
            let mut k = k;
            if !zero_ginit_int(&mut gd.init, &mut k) {
                return None;
            }
        }
        Edit::ZeroRet(f, b) => {
            let blk = block_mut(q.fdecls.get_mut(f)?, b)?;
            let TermKind::Ret(_, Some(op)) = &mut blk.term.kind else {
                return None;
            };
            op.kind = OperandKind::Const(0);
        }
    }
    Some(q)
}

/// Drops the blocks no path from the entry reaches.
fn drop_unreachable(f: &mut Fdecl) {
    let targets = |t: &TermKind| -> Vec<String> {
        match t {
            TermKind::Br(l) => vec![l.clone()],
            TermKind::Cbr(_, a, b) => vec![a.clone(), b.clone()],
            TermKind::Ret(..) => vec![],
        }
    };
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut work = targets(&f.cfg.entry.term.kind);
    while let Some(l) = work.pop() {
        if !seen.insert(l.clone()) {
            continue;
        }
        if let Some(b) = f.cfg.blocks.iter().find(|b| b.label == l) {
            work.extend(targets(&b.block.term.kind));
        }
    }
    f.cfg.blocks.retain(|b| seen.contains(&b.label));
}

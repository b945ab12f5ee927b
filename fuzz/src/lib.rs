//! Shared input decoding of the lloracle fuzz targets: how the `oracle`
//! target turns bytes into a program that checks but may have undefined
//! behaviour.
//!
//! Input layout (see [`program_from_bytes`]):
//! - `T` TEXT `\0` MUTATION-BYTES: a program text (a corpus seed, see
//!   `fuzz/seed.sh`), parsed and checked, then mutated;
//! - any other first byte `m`, then BYTES: a program drawn by
//!   `gen::generate` from BYTES minus its last `m % 65` bytes, which drive
//!   the mutations.

use arbitrary::Unstructured;
use spec::{Block, Cfg, Cnd, InsnKind, Operand, OperandKind, Outcome, Prog, Source, TermKind, Ty};

/// The first byte of an input that carries a program text.
pub const TEXT_TAG: u8 = b'T';

/// The program an `oracle` fuzz input stands for, if it checks (see the
/// module documentation for the layout).
pub fn program_from_bytes(data: &[u8]) -> Option<Prog> {
    let (&tag, rest) = data.split_first()?;
    let (mut prog, mutation_bytes) = if tag == TEXT_TAG {
        let nul = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        let text = std::str::from_utf8(&rest[..nul]).ok()?;
        let prog = spec::parse(&Source::new("seed.ll", text)).ok()?;
        spec::check(&prog).ok()?;
        (prog, rest.get(nul + 1..).unwrap_or(&[]))
    } else {
        let keep = rest.len().saturating_sub(usize::from(tag) % 65);
        let (gen_bytes, mutation_bytes) = rest.split_at(keep);
        let mut u = Unstructured::new(gen_bytes);
        let prog = gen::generate(&mut u, &gen::GenConfig::default()).ok()?;
        (prog, mutation_bytes)
    };
    mutate(&mut prog, &mut Unstructured::new(mutation_bytes));
    Some(prog)
}

/// The oracle's limits for fuzz inputs (the `oracle`, `fast_paths` and
/// `dialect` targets): small, so that a run takes milliseconds.
pub fn oracle_options() -> oracle::Options {
    oracle::Options {
        fuel: 200_000,
        max_cells: 1_000_000,
        max_depth: 1_000,
        ..oracle::Options::default()
    }
}

/// True when the oracle reports an internal error (something the checker
/// accepted that the machine cannot run): always a bug.
pub fn is_internal_error(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::IllTyped { diagnostics }
        if diagnostics.iter().any(|d| d.rule == oracle::INTERNAL_RULE))
}

/// Applies up to eight mutations drawn from `u`, keeping each only if the
/// program still checks: the result is well typed but may now have
/// undefined behaviour (a shift by 64, an out-of-bounds index, a load of
/// undef, a null dereference, ...).
pub fn mutate(prog: &mut Prog, u: &mut Unstructured) {
    let n = u.int_in_range(0..=8u8).unwrap_or(0);
    for _ in 0..n {
        let mut candidate = prog.clone();
        if mutate_once(&mut candidate, u) && spec::check(&candidate).is_ok() {
            *prog = candidate;
        }
    }
}

/// Interesting 64-bit constants: shift amounts just out of range, the
/// extremes, small and large indices.
const INTERESTING: [i64; 12] = [64, 63, 65, -1, 0, 1, 2, 8, 1 << 20, i64::MIN, i64::MAX, -64];

fn interesting_const(u: &mut Unstructured) -> i64 {
    if u.ratio(3, 4).unwrap_or(true) {
        INTERESTING[u.choose_index(INTERESTING.len()).unwrap_or(0)]
    } else {
        u.arbitrary().unwrap_or(0)
    }
}

/// What an operand position holds, as far as the written types tell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// An `i64` value (binop, icmp, argument, store, return).
    I64,
    /// A `getelementptr` index.
    GepIdx,
    /// A pointer (address of load/store/gep/bitcast, callee, pointer value).
    Ptr,
    /// Anything else (`i1` conditions, named types).
    Other,
}

fn role_of(ty: &Ty) -> Role {
    match ty {
        Ty::I64 => Role::I64,
        t if t.is_pointer() => Role::Ptr,
        _ => Role::Other,
    }
}

fn blocks_mut(cfg: &mut Cfg) -> impl Iterator<Item = &mut Block> {
    cfg.blocks_mut()
}

/// Calls `visit` on every operand of function `fi` (every function when
/// `None`), in program order.
fn each_operand(prog: &mut Prog, fi: Option<usize>, visit: &mut dyn FnMut(Role, &mut Operand)) {
    for (i, f) in prog.fdecls.iter_mut().enumerate() {
        if fi.is_some_and(|fi| fi != i) {
            continue;
        }
        for b in blocks_mut(&mut f.cfg) {
            for insn in &mut b.insns {
                match &mut insn.kind {
                    InsnKind::Binop { op1, op2, .. } => {
                        visit(Role::I64, op1);
                        visit(Role::I64, op2);
                    }
                    InsnKind::Alloca { .. } => {}
                    InsnKind::Load { ptr, .. } => visit(Role::Ptr, ptr),
                    InsnKind::Store { ty, val, ptr, .. } => {
                        visit(role_of(ty), val);
                        visit(Role::Ptr, ptr);
                    }
                    InsnKind::Icmp { ty, op1, op2, .. } => {
                        let r = role_of(ty);
                        visit(r, op1);
                        visit(r, op2);
                    }
                    InsnKind::Call { callee, args, .. } => {
                        visit(Role::Ptr, callee);
                        for (t, a) in args {
                            visit(role_of(t), a);
                        }
                    }
                    InsnKind::Gep { ptr, idxs, .. } => {
                        visit(Role::Ptr, ptr);
                        for i in idxs {
                            visit(Role::GepIdx, i);
                        }
                    }
                    InsnKind::Bitcast { op, .. } => visit(Role::Ptr, op),
                }
            }
            match &mut b.term.kind {
                TermKind::Ret(t, Some(op)) => visit(role_of(t), op),
                TermKind::Cbr(op, _, _) => visit(Role::Other, op),
                TermKind::Ret(_, None) | TermKind::Br(_) => {}
            }
        }
    }
}

/// Replaces the k-th operand (k drawn from `u`) among those `pick` selects
/// by `with(u, old)`. False when there is none.
fn replace_operand(
    prog: &mut Prog,
    u: &mut Unstructured,
    pick: impl Fn(Role, &Operand) -> bool,
    with: impl Fn(&mut Unstructured, &Operand) -> OperandKind,
) -> bool {
    let mut count = 0usize;
    each_operand(prog, None, &mut |r, op| count += usize::from(pick(r, op)));
    let Ok(k) = u.choose_index(count) else {
        return false;
    };
    let mut i = 0usize;
    each_operand(prog, None, &mut |r, op| {
        if pick(r, op) {
            if i == k {
                op.kind = with(u, op);
            }
            i += 1;
        }
    });
    true
}

/// One mutation drawn from `u`; false when it found nothing to change.
fn mutate_once(prog: &mut Prog, u: &mut Unstructured) -> bool {
    match u.choose_index(7).unwrap_or(0) {
        // An i64 operand becomes another constant (a shift by 64, ...).
        0 => replace_operand(
            prog,
            u,
            |r, _| r == Role::I64,
            |u, _| OperandKind::Const(interesting_const(u)),
        ),
        1 => swap_locals(prog, u),
        // A getelementptr index constant changes (out of bounds, negative).
        2 => replace_operand(
            prog,
            u,
            |r, op| r == Role::GepIdx && matches!(op.kind, OperandKind::Const(_)),
            |u, _| OperandKind::Const(interesting_const(u)),
        ),
        3 => drop_store(prog, u),
        4 => change_icmp(prog, u),
        5 => keep_loop_alloca(prog, u),
        // A pointer operand becomes null.
        _ => replace_operand(prog, u, |r, _| r == Role::Ptr, |_, _| OperandKind::Null),
    }
}

/// Two uses of locals in one function exchange their locals (the checker
/// keeps only swaps of the same type that respect dominance).
fn swap_locals(prog: &mut Prog, u: &mut Unstructured) -> bool {
    let Ok(fi) = u.choose_index(prog.fdecls.len()) else {
        return false;
    };
    let mut names = Vec::new();
    each_operand(prog, Some(fi), &mut |_, op| {
        if let OperandKind::Id(x) = &op.kind {
            names.push(x.clone());
        }
    });
    let (Ok(i), Ok(j)) = (u.choose_index(names.len()), u.choose_index(names.len())) else {
        return false;
    };
    names.swap(i, j);
    let mut it = names.into_iter();
    each_operand(prog, Some(fi), &mut |_, op| {
        if let OperandKind::Id(x) = &mut op.kind {
            if let Some(n) = it.next() {
                *x = n;
            }
        }
    });
    true
}

/// Positions (function, block, instruction) of the instructions `pick` selects.
fn insn_sites(prog: &mut Prog, pick: impl Fn(&InsnKind) -> bool) -> Vec<(usize, usize, usize)> {
    let mut sites = Vec::new();
    for (fi, f) in prog.fdecls.iter_mut().enumerate() {
        for (bi, b) in blocks_mut(&mut f.cfg).enumerate() {
            for (ii, insn) in b.insns.iter().enumerate() {
                if pick(&insn.kind) {
                    sites.push((fi, bi, ii));
                }
            }
        }
    }
    sites
}

fn insns_at(prog: &mut Prog, fi: usize, bi: usize) -> Option<&mut Vec<spec::Insn>> {
    let f = prog.fdecls.get_mut(fi)?;
    blocks_mut(&mut f.cfg).nth(bi).map(|b| &mut b.insns)
}

/// A store disappears, so a later load may read undef.
fn drop_store(prog: &mut Prog, u: &mut Unstructured) -> bool {
    let sites = insn_sites(prog, |k| matches!(k, InsnKind::Store { .. }));
    let Ok(k) = u.choose_index(sites.len()) else {
        return false;
    };
    let (fi, bi, ii) = sites[k];
    match insns_at(prog, fi, bi) {
        Some(insns) if ii < insns.len() => {
            insns.remove(ii);
            true
        }
        _ => false,
    }
}

/// The pointer of an `alloca` outside the entry block (a loop body's) is
/// stored, right after it, into an entry-block slot of its pointer type: a
/// later iteration or the code after the loop may load it and use the block
/// that the alloca's next run superseded (`alloca-superseded`).
fn keep_loop_alloca(prog: &mut Prog, u: &mut Unstructured) -> bool {
    let mut sites = Vec::new();
    for (fi, f) in prog.fdecls.iter().enumerate() {
        let slots: Vec<(&String, &Ty)> = f
            .cfg
            .entry
            .insns
            .iter()
            .filter_map(|i| match (&i.result, &i.kind) {
                (Some(r), InsnKind::Alloca { ty }) => Some((r, ty)),
                _ => None,
            })
            .collect();
        for (bi, b) in f.cfg.blocks.iter().enumerate() {
            for (ii, insn) in b.block.insns.iter().enumerate() {
                let (Some(l), InsnKind::Alloca { ty }) = (&insn.result, &insn.kind) else {
                    continue;
                };
                let want = ty.clone().ptr_to();
                for (slot, _) in slots.iter().filter(|(_, t)| **t == want) {
                    sites.push((fi, bi, ii, l.clone(), (*slot).clone(), ty.clone()));
                }
            }
        }
    }
    let Ok(k) = u.choose_index(sites.len()) else {
        return false;
    };
    let (fi, bi, ii, l, slot, ty) = sites.swap_remove(k);
    let Some(b) = prog
        .fdecls
        .get_mut(fi)
        .and_then(|f| f.cfg.blocks.get_mut(bi))
    else {
        return false;
    };
    let store = InsnKind::Store {
        ty: ty.clone().ptr_to(),
        val: Operand::id(l),
        ptr_ty: ty.ptr_to().ptr_to(),
        ptr: Operand::id(slot),
    };
    b.block.insns.insert(
        ii + 1,
        spec::Insn {
            result: None,
            kind: store,
            span: spec::Span::DUMMY,
        },
    );
    true
}

/// An icmp gets another condition (a loop may now run past its bound).
fn change_icmp(prog: &mut Prog, u: &mut Unstructured) -> bool {
    let sites = insn_sites(prog, |k| matches!(k, InsnKind::Icmp { .. }));
    let Ok(k) = u.choose_index(sites.len()) else {
        return false;
    };
    let (fi, bi, ii) = sites[k];
    let new = Cnd::ALL[u.choose_index(Cnd::ALL.len()).unwrap_or(0)];
    match insns_at(prog, fi, bi).and_then(|insns| insns.get_mut(ii)) {
        Some(spec::Insn {
            kind: InsnKind::Icmp { cnd, .. },
            ..
        }) => {
            *cnd = new;
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mutations keep every program well typed, and they do change
    /// programs (a mutator that never applies would fuzz nothing new).
    #[test]
    fn mutations_keep_programs_checking_and_change_some() {
        let mut changed = 0;
        for seed in 0..40u64 {
            let original = gen::from_seed(seed, 30);
            let mut prog = original.clone();
            let bytes: Vec<u8> = (0..64u64)
                .map(|i| (seed.wrapping_mul(31).wrapping_add(i * 7) % 251) as u8)
                .collect();
            mutate(&mut prog, &mut Unstructured::new(&bytes));
            assert!(spec::check(&prog).is_ok(), "{}", spec::print(&prog));
            changed += usize::from(prog != original);
        }
        assert!(changed > 0, "no mutation applied to 40 programs");
    }

    /// A text input (`T`, program, NUL) gives that program back when no
    /// mutation bytes follow.
    #[test]
    fn a_text_input_is_the_program_it_carries() {
        let text = "define i64 @main() {\n  ret i64 7\n}\n";
        let mut data = vec![TEXT_TAG];
        data.extend_from_slice(text.as_bytes());
        data.push(0);
        let expected = spec::parse(&Source::new("t.ll", text)).ok();
        assert_eq!(program_from_bytes(&data), expected);
    }
}

//! Literals: which literals are simpler than a given one, the value an
//! instruction computes from literals alone (constant folding, which
//! undoes the chains `spec::dialect::lower` writes for literals a dialect
//! cannot write: `sub i64 0, N` and `shl i64 HI, 32` / `or i64 %t, LO`),
//! and zeroing integers in global initializers.

use super::{blocks, Edit};
use spec::{Fdecl, GinitKind, InsnKind, OperandKind, Prog};

/// The literals simpler than `n`, most promising first: `0`, `1`, half of
/// `n`, its low and high 32 bits (when it needs more than 32), and `-n`
/// for a negative `n`.
/// Simpler means non-negative before negative, then smaller in magnitude,
/// so replacing a literal by a simpler one always ends.
pub fn simpler_literals(n: i64) -> Vec<i64> {
    let key = |x: i64| (x < 0, x.unsigned_abs());
    let mut out: Vec<i64> = Vec::new();
    let big = n.unsigned_abs() >> 32 != 0;
    for (c, fits) in [
        (0, true),
        (1, true),
        (n / 2, true),
        (n & 0xffff_ffff, big),
        (n >> 32, big),
        (n.checked_neg().unwrap_or(0), true),
    ] {
        if fits && key(c) < key(n) && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The value `op` has in `f` when it is a literal or a local computed by
/// `binop`s and `icmp`s from literals alone (at most 8 deep); `None`
/// otherwise or when a shift amount is out of range.
pub(super) fn value_of(f: &Fdecl, op: &OperandKind, depth: usize) -> Option<i64> {
    match op {
        OperandKind::Const(n) => Some(*n),
        OperandKind::Id(x) if depth > 0 => {
            let insn = blocks(f)
                .flat_map(|b| b.insns.iter())
                .find(|i| i.result.as_deref() == Some(x.as_str()))?;
            match &insn.kind {
                InsnKind::Binop { bop, op1, op2, .. } => {
                    let a = value_of(f, &op1.kind, depth - 1)?;
                    let b = value_of(f, &op2.kind, depth - 1)?;
                    oracle::arith::bop_value(*bop, a, b)
                }
                InsnKind::Icmp {
                    cnd, ty, op1, op2, ..
                } if super::is_int(ty) => {
                    let a = value_of(f, &op1.kind, depth - 1)?;
                    let b = value_of(f, &op2.kind, depth - 1)?;
                    Some(i64::from(oracle::arith::interp_cnd(*cnd, a, b)))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// [`Edit::ZeroGlobalInt`] for each non-zero integer of each initializer.
pub(super) fn global_edits(p: &Prog, out: &mut Vec<Edit>) {
    for (gi, g) in p.gdecls.iter().enumerate() {
        let mut stack = vec![&g.init];
        let mut nonzero = 0;
        while let Some(init) = stack.pop() {
            match &init.kind {
                GinitKind::Int(n) if *n != 0 => nonzero += 1,
                GinitKind::Array(xs) | GinitKind::Struct(xs) => {
                    stack.extend(xs.iter().map(|(_, x)| x));
                }
                GinitKind::Bitcast(_, x, _) => stack.push(x),
                _ => {}
            }
        }
        out.extend((0..nonzero).map(|k| Edit::ZeroGlobalInt(gi, k)));
    }
}

/// Applies [`Edit::ZeroGlobalInt`] to `q`; `None` when it does not apply.
pub(super) fn apply_global(q: &mut Prog, e: &Edit) -> Option<()> {
    let Edit::ZeroGlobalInt(g, k) = *e else {
        return None;
    };
    let mut k = k;
    zero_ginit_int(&mut q.gdecls.get_mut(g)?.init, &mut k).then_some(())
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

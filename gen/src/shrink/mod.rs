//! Structural shrinking of programs, *filtered*: a candidate is kept only if
//! it still passes the checker and still returns on the oracle (within
//! [`SHRINK_FUEL`] instructions), so every shrink is well typed and well
//! defined. The edits themselves are plain structural ones and may break
//! well-definedness (removing the store that initialises a slot, making a
//! loop endless); the filter throws those away.
//!
//! [`edits`] lists them biggest simplification first, one file per kind:
//! - `structure`: drop a function, a global (then, after the control and
//!   instruction edits, a function parameter, a named type, a `declare`);
//! - `control`: leave a loop (a block's `br H` to a loop header `H` ending
//!   `br i1 c, A, B` jumps to the target that does not lead back to `H`),
//!   turn a `br i1` into a `br` to one of its targets (dropping the blocks
//!   no longer reachable), merge a block into its only predecessor;
//! - `insns`: drop a run of instructions (halving runs, as delta debugging
//!   does); drop one instruction and give its uses a simpler value (the
//!   literal it computes when its operands are literals, as in the
//!   `shl`/`or` and `sub i64 0, N` chains the dialect lowering writes for
//!   literals a dialect cannot write, see `spec::dialect::lower`; `0`, `1`,
//!   a parameter, a global or one of its own operands), together with the
//!   instructions that only fed it; turn one that defines an `i64` into
//!   `add i64 c, 0` (`c` the value it has when that is known from literals
//!   or the literal last stored to a loaded pointer, else `0` or `1`),
//!   keeping the local: a register allocator's bug needs a live value in a
//!   register, which a literal in its place is not;
//! - `data`: shrink an array type `[N x T]` everywhere to `[1 x T]` or
//!   `[N/2 x T]` (initializers truncated), drop a field of a named struct
//!   type (GEP field numbers and initializers follow);
//! - `operands`: replace an operand by a parameter or a global of its type,
//!   or an integer operand by `0`, `1` or a simpler literal (see
//!   [`simpler_literals`]); zero an integer in a global initializer.
//!
//! Every edit makes the program strictly smaller in a well-founded order
//! (fewer functions, blocks, reachable paths, instructions, fields, array
//! elements, locals read, instructions reading more than literals, or
//! simpler literals), so repeating edits stops.
//!
//! [`retry_edits`] adds what a reduction retries with when those edits stop
//! above a handful of instructions (`inline`: a call of a one-block
//! function that calls no function of the program replaced by its body).
//! It makes the program larger in instructions but has one call fewer to
//! the program's own functions, and none is added, so it too stops.

mod control;
mod data;
mod inline;
mod insns;
mod literals;
mod operands;
mod structure;

pub use literals::simpler_literals;

use spec::{Block, Fdecl, OperandKind, Outcome, Prog, Ty};

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
    /// In function `f`, block `b` (0 = entry) ends `br H` and `H` ends
    /// `br i1 c, A, B`: branch to `A` (`false`) or `B` (`true`) instead,
    /// skipping `H`, when `H` cannot be reached again from there (a loop's
    /// back edge becomes its exit); then drop unreachable blocks.
    ExitLoop(usize, usize, bool),
    /// In function `f`, block `b` (0 = entry), replace `br i1 c, A, B` by
    /// `br A` (`false`) or `br B` (`true`), then drop unreachable blocks.
    CbrToBr(usize, usize, bool),
    /// In function `f`, block `b` ends with `br L` and is `L`'s only
    /// predecessor: append `L`'s instructions and terminator to `b`.
    MergeBlocks(usize, usize),
    /// In function `f`, block `b`, drop instructions `start..start + len`.
    RemoveInsns(usize, usize, usize, usize),
    /// In function `f`, block `b`: drop instruction `i`, which defines a
    /// local, and read the operand `by` wherever that local was read; then
    /// drop the instructions (without effects) that only fed it.
    ReplaceValue(usize, usize, usize, OperandKind),
    /// In function `f`, block `b`: instruction `i`, which defines an `i64`
    /// local and reads something other than literals, becomes `add i64 c,
    /// 0` (the same local, now computed from literals alone); then drop the
    /// instructions (without effects) that only fed it. Unlike
    /// [`Edit::ReplaceValue`] the value stays a local, held where the
    /// compiler keeps locals.
    Recompute(usize, usize, usize, i64),
    /// Drop parameter `k` of function `f` (and the argument of every direct
    /// call of it): simplifies its function type.
    RemoveParam(usize, usize),
    /// Rewrite the `k`-th distinct array type of the program (in the order
    /// of the `data` module's walk) to hold `n` elements, everywhere it is written;
    /// initializers of it keep their first `n` elements.
    ShrinkArray(usize, u64),
    /// Drop field `k` of named struct type number `t`: GEPs through it
    /// select the following fields one lower, initializers lose the field.
    DropField(usize, usize),
    /// Drop named type number `t`.
    RemoveType(usize),
    /// Drop external declaration number `e`.
    RemoveEdecl(usize),
    /// In function `f`, block `b`: replace operand `k` of instruction `i`
    /// (of the terminator when `i` is the number of instructions), in the
    /// order `spec::visit::insn_operands` reads them, by `by`.
    SetOperand(usize, usize, usize, usize, OperandKind),
    /// Replace the `k`-th non-zero integer literal (in initializer order)
    /// of global `g`'s initializer by 0.
    ZeroGlobalInt(usize, usize),
    /// In function `f`, block `b`: replace instruction `i`, a direct call
    /// of a function whose body is one block ending in `ret` and that
    /// calls no function of the program, by that body (parameters read the
    /// arguments, its locals renamed `x_inN`, the call's result reads what
    /// `ret` returned). Only in [`retry_edits`].
    InlineCall(usize, usize, usize),
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

/// The blocks of `f`: the entry (number 0), then the labelled ones.
fn blocks(f: &Fdecl) -> impl Iterator<Item = &Block> {
    f.cfg.blocks()
}

/// [`blocks`], to change them.
fn blocks_mut(f: &mut Fdecl) -> impl Iterator<Item = &mut Block> {
    f.cfg.blocks_mut()
}

/// Block number `b` of `f` (0 = entry).
fn block_mut(f: &mut Fdecl, b: usize) -> Option<&mut Block> {
    if b == 0 {
        Some(&mut f.cfg.entry)
    } else {
        f.cfg.blocks.get_mut(b - 1).map(|l| &mut l.block)
    }
}

/// True for the integer types a literal can stand for.
fn is_int(t: &Ty) -> bool {
    matches!(t, Ty::I64 | Ty::I1)
}

/// Every edit of `p`, biggest simplification first: whole functions and
/// globals, loops, branches and blocks, instructions, parameters, data
/// types, then operands and literals.
pub fn edits(p: &Prog) -> Vec<Edit> {
    let mut out = Vec::new();
    structure::remove_items(p, &mut out);
    control::edits(p, &mut out);
    insns::edits(p, &mut out);
    structure::remove_params(p, &mut out);
    data::edits(p, &mut out);
    structure::remove_types(p, &mut out);
    operands::edits(p, &mut out);
    literals::global_edits(p, &mut out);
    out
}

/// [`edits`], then the edits a reduction retries with when [`edits`] stop
/// above a handful of instructions: inlining each call that can be
/// (`Edit::InlineCall`).
pub fn retry_edits(p: &Prog) -> Vec<Edit> {
    let mut out = edits(p);
    inline::edits(p, &mut out);
    out
}

/// `p` with edit `e` applied (`None` when it does not apply).
pub fn apply(p: &Prog, e: &Edit) -> Option<Prog> {
    let mut q = p.clone();
    match e {
        Edit::RemoveFn(_)
        | Edit::RemoveGlobal(_)
        | Edit::RemoveType(_)
        | Edit::RemoveEdecl(_)
        | Edit::RemoveParam(..) => structure::apply(&mut q, e)?,
        Edit::ExitLoop(..) | Edit::CbrToBr(..) | Edit::MergeBlocks(..) => {
            control::apply(&mut q, e)?
        }
        Edit::RemoveInsns(..) | Edit::ReplaceValue(..) | Edit::Recompute(..) => {
            insns::apply(&mut q, e)?
        }
        Edit::ShrinkArray(..) | Edit::DropField(..) => data::apply(&mut q, e)?,
        Edit::SetOperand(..) => operands::apply(&mut q, e)?,
        Edit::ZeroGlobalInt(..) => literals::apply_global(&mut q, e)?,
        Edit::InlineCall(..) => inline::apply(&mut q, e)?,
    }
    Some(q)
}

#[cfg(test)]
mod tests;

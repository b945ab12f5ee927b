//! A live value overwritten by an unused one (docs/grading.md, "A live
//! value overwritten by an unused one"). A register allocator that builds
//! its interference graph from the values live *after* each instruction
//! gives a value nothing reads no interference at all: it may share a
//! register with a value still live, and computing it overwrites that
//! value. The first wrong value is then wherever the overwritten value is
//! read next (a `sub`, a call's argument, a load's address: a crash), one
//! group for each. The check: the program without the instructions whose
//! values nothing reads (and that do nothing else) is built and run; when
//! that passes, the unused values were the cause, and every such run gets
//! one key.

use super::super::compiler::Tools;
use super::super::judge::compare;
use super::super::target::Compiler;
use super::super::verdicts::{Category, RunVerdict, Trace};
use spec::ast::{Fdecl, InsnKind, OperandKind, Prog};
use spec::visit::insn_operands;
use std::collections::BTreeSet;

/// The key of a run that passes without its program's unused values.
pub const KEY: &str = "first wrong value: a live value overwritten by computing an unused one";

/// `prog` without the instructions that define a value nothing reads and
/// have no other effect (`binop`, `icmp`, `load`, `alloca`,
/// `getelementptr`, `bitcast`; calls and stores stay), repeated until none
/// is left; `None` when there is none. The program means the same (a load
/// the oracle ran was defined) and computes fewer values.
pub fn without_unused(prog: &Prog) -> Option<Prog> {
    let mut out = prog.clone();
    let mut any = false;
    for f in &mut out.fdecls {
        while drop_unused(f) {
            any = true;
        }
    }
    any.then_some(out)
}

/// Removes from `f` the instructions [`without_unused`] removes, once;
/// true when it removed one.
fn drop_unused(f: &mut Fdecl) -> bool {
    let mut read: BTreeSet<String> = BTreeSet::new();
    let blocks = std::iter::once(&f.cfg.entry).chain(f.cfg.blocks.iter().map(|b| &b.block));
    for b in blocks {
        for i in &b.insns {
            insn_operands(&i.kind, |o| {
                if let OperandKind::Id(x) = &o.kind {
                    read.insert(x.clone());
                }
            });
        }
        if let spec::ast::TermKind::Ret(_, Some(o)) | spec::ast::TermKind::Cbr(o, _, _) =
            &b.term.kind
        {
            if let OperandKind::Id(x) = &o.kind {
                read.insert(x.clone());
            }
        }
    }
    let unused = |i: &spec::ast::Insn| {
        !matches!(i.kind, InsnKind::Call { .. } | InsnKind::Store { .. })
            && i.result.as_ref().is_some_and(|r| !read.contains(r))
    };
    let mut removed = false;
    let blocks =
        std::iter::once(&mut f.cfg.entry).chain(f.cfg.blocks.iter_mut().map(|b| &mut b.block));
    for b in blocks {
        let before = b.insns.len();
        b.insns.retain(|i| !unused(i));
        removed |= b.insns.len() != before;
    }
    removed
}

/// The runs of `traces` (parallel to `verdicts`) that pass once `prog`'s
/// unused values are not computed get [`KEY`], their trace's words kept
/// after it; the others are unchanged. One more build, when `prog` has
/// unused values and a run was traced.
pub fn check(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    verdicts: &[RunVerdict],
    args: &dyn Fn(usize) -> Vec<String>,
    traces: &mut [Option<Trace>],
) {
    if !traces.iter().any(Option::is_some) {
        return;
    }
    let Some(lean) = without_unused(prog) else {
        return;
    };
    let Ok(built) = tools.build(compiler, &lean) else {
        return;
    };
    for (i, t) in traces.iter_mut().enumerate() {
        let (Some(t), Some(RunVerdict::Judged { expected, .. })) = (t.as_mut(), verdicts.get(i))
        else {
            continue;
        };
        let actual = tools.run(&built, &args(i));
        if compare(expected, &actual) == Category::Pass {
            *t = Trace {
                key: Some(KEY.to_string()),
                says: format!(
                    "the program passes without the values nothing reads: computing one \
                     overwrote a value still to be read ({})",
                    t.says
                ),
                values: None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand: %d and %e are read by nothing (%e only by %d, so it goes
    /// in the second round); the call, the store and everything `ret`
    /// reads stay.
    #[test]
    fn unused_values_are_dropped_until_none_is_left() {
        let p = spec::parse(&spec::Source::new(
            "t.ll",
            "define i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64\n  %x = add i64 %argc, 1\n  %e = mul i64 %x, 2\n  %d = sub i64 %e, 1\n  store i64 %x, i64* %p\n  %r = call i64 @main(i64 0, i8** %argv)\n  ret i64 %x\n}\n",
        ))
        .expect("parses");
        let q = without_unused(&p).expect("some unused");
        let text = spec::print(&q);
        assert!(!text.contains("%e =") && !text.contains("%d ="), "{text}");
        for kept in ["%p = alloca", "%x = add", "store i64 %x", "%r = call"] {
            assert!(text.contains(kept), "{kept} in {text}");
        }
        assert!(without_unused(&q).is_none());
    }
}

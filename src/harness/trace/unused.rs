//! A live value overwritten by an unused one (docs/grading.md, "A live
//! value overwritten by an unused one"). A register allocator that builds
//! its interference graph from the values live *after* each instruction
//! gives a value nothing reads no interference at all: it may share a
//! register with a value still live, and computing it overwrites that
//! value. The first wrong value is then wherever the overwritten value is
//! read next (a `sub`, a call's argument, a load's address: a crash), one
//! group for each. The check: the program without the instructions whose
//! values nothing reads (and that do nothing else), and with the result of
//! every call nothing reads stored (the call stays: it may do something
//! else), is built and run; when that passes, the unused values were the
//! cause, and every such run gets one key.

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
/// `getelementptr`, `bitcast`), repeated until none is left, then with
/// the result of each call nothing reads stored in a slot of its own
/// ([`store_unused_results`]: the call stays, and its result is now read);
/// `None` when there is neither. The program means the same (a load the
/// oracle ran was defined) and leaves no computed value unread.
pub fn without_unused(prog: &Prog) -> Option<Prog> {
    let mut out = prog.clone();
    let mut any = false;
    for f in &mut out.fdecls {
        while drop_unused(f) {
            any = true;
        }
        any |= store_unused_results(f);
    }
    any.then_some(out)
}

/// The locals `f`'s instructions and terminators read.
fn read_locals(f: &Fdecl) -> BTreeSet<String> {
    let mut read: BTreeSet<String> = BTreeSet::new();
    for b in f.cfg.blocks() {
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
    read
}

/// Stores the result of each call of `f` that nothing reads in a slot
/// `%llsinkN = alloca T` made at the start of the entry block (`store T
/// %r, T* %llsinkN` right after the call); true when there was one.
fn store_unused_results(f: &mut Fdecl) -> bool {
    let read = read_locals(f);
    let mut slots: Vec<spec::ast::Insn> = Vec::new();
    let local = |name: &str| spec::ast::Operand {
        kind: OperandKind::Id(name.to_string()),
        span: spec::Span::default(),
    };
    for b in f.cfg.blocks_mut() {
        let mut insns = Vec::with_capacity(b.insns.len());
        for i in std::mem::take(&mut b.insns) {
            let sunk = match (&i.kind, &i.result) {
                (InsnKind::Call { ret, .. }, Some(r)) if !read.contains(r) => {
                    Some((ret.clone(), r.clone()))
                }
                _ => None,
            };
            insns.push(i);
            let Some((ty, r)) = sunk else { continue };
            let slot = format!("llsink{}", slots.len());
            slots.push(spec::ast::Insn {
                result: Some(slot.clone()),
                kind: InsnKind::Alloca { ty: ty.clone() },
                span: spec::Span::default(),
            });
            insns.push(spec::ast::Insn {
                result: None,
                kind: InsnKind::Store {
                    ty: ty.clone(),
                    val: local(&r),
                    ptr_ty: spec::ast::Ty::Ptr(Box::new(ty)),
                    ptr: local(&slot),
                },
                span: spec::Span::default(),
            });
        }
        b.insns = insns;
    }
    let any = !slots.is_empty();
    slots.append(&mut f.cfg.entry.insns);
    f.cfg.entry.insns = slots;
    any
}

/// Removes from `f` the instructions [`without_unused`] removes, once;
/// true when it removed one.
fn drop_unused(f: &mut Fdecl) -> bool {
    let read = read_locals(f);
    let unused = |i: &spec::ast::Insn| {
        !matches!(i.kind, InsnKind::Call { .. } | InsnKind::Store { .. })
            && i.result.as_ref().is_some_and(|r| !read.contains(r))
    };
    let mut removed = false;
    for b in f.cfg.blocks_mut() {
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
                    "the program passes without the values nothing reads (a call's result \
                     nothing reads stored instead): computing one overwrote a value still to be \
                     read ({})",
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
    /// reads stay, and the call's result, which nothing reads, is stored
    /// in a slot of its own made first in the entry block.
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
        let body: Vec<&str> = text.lines().skip(1).map(str::trim).collect();
        assert_eq!(
            body.first().copied(),
            Some("%llsink0 = alloca i64"),
            "{text}"
        );
        let call = body
            .iter()
            .position(|l| l.starts_with("%r = call"))
            .expect("the call");
        assert_eq!(
            body.get(call + 1).copied(),
            Some("store i64 %r, i64* %llsink0"),
            "{text}"
        );
        assert!(without_unused(&q).is_none());
        spec::check(&q).expect("well-formed");
    }
}

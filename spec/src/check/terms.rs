//! The spec's table of terminators: `ret void`, `ret S OP`, `br label
//! %LAB`, `br i1 OP, label %LAB1, label %LAB2`; and the entry block, which
//! no branch may target.

use super::cfg::{Labels, Locals};
use super::Checker;
use crate::ast::{Fdecl, Operand, Term, TermKind, Ty};
use crate::span::Span;

impl Checker<'_> {
    /// Checks a terminator of `f`.
    pub(super) fn term(&mut self, f: &Fdecl, term: &Term, locals: &Locals, labels: &Labels) {
        match &term.kind {
            TermKind::Ret(ty, op) => self.ret_type(f, ty, op.as_ref(), term.span, locals),
            TermKind::Br(l) => self.label_target(f, l, term.span, labels),
            TermKind::Cbr(op, l1, l2) => {
                self.cbr_type(op, locals);
                self.label_target(f, l1, term.span, labels);
                self.label_target(f, l2, term.span, labels);
            }
        }
    }

    /// `ret-type`: `ret void` only in a void function; `ret S OP` with S
    /// the function's return type and OP of type S.
    fn ret_type(&mut self, f: &Fdecl, ty: &Ty, op: Option<&Operand>, span: Span, locals: &Locals) {
        self.names_defined(ty, span);
        let want = &f.ret;
        match (*want == Ty::Void, *ty == Ty::Void, op) {
            (true, true, None) => {}
            (true, _, _) => self.report(
                "ret-type",
                span,
                format!("@{} returns void: its blocks end in `ret void`", f.name),
            ),
            (false, true, _) | (false, false, None) => {
                let m = format!(
                    "@{} returns {}: `ret void` is only for void functions; write ret {} OP",
                    f.name,
                    self.show(want),
                    self.show(want)
                );
                self.report("ret-type", span, m);
            }
            (false, false, Some(op)) => {
                if !self.same(ty, want) {
                    let m = format!(
                        "ret {} in @{}, which returns {}",
                        self.show(ty),
                        f.name,
                        self.show(want)
                    );
                    self.report("ret-type", span, m);
                } else {
                    self.operand(op, ty, "ret-type", "the returned value", locals);
                }
            }
        }
    }

    /// `cbr-type`: the condition of `br i1 OP, ...` has type i1.
    fn cbr_type(&mut self, op: &Operand, locals: &Locals) {
        self.operand(op, &Ty::I1, "cbr-type", "the branch condition", locals);
    }

    /// `label-defined` and `entry-branch-target`: a branch names a label of
    /// the function, and never the entry block's.
    fn label_target(&mut self, f: &Fdecl, l: &str, span: Span, labels: &Labels) {
        if f.cfg.entry_label.as_deref() == Some(l) {
            self.report(
                "entry-branch-target",
                span,
                format!("branch to %{l}, the entry block: no branch may target the entry block"),
            );
        } else if !labels.contains_key(l) {
            self.report(
                "label-defined",
                span,
                format!("branch to %{l}, which is not a label of @{}", f.name),
            );
        }
    }
}

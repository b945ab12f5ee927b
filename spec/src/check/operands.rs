//! Operands (the spec's table of operands): `null` has every pointer type,
//! an integer literal has type `i64` (and, an extension of
//! docs/semantics.md, `0`/`1` also type `i1`), `@IDENT` has type pointer
//! to its declared type, `%IDENT` the type of its definition.

use super::cfg::Locals;
use super::Checker;
use crate::ast::{Operand, OperandKind, Ty};
use crate::print::print_operand;

impl Checker<'_> {
    /// The type of a named operand (`%x` or `@g`), reporting
    /// `local-defined` / `global-defined` when it has no definition. `None`
    /// for literals and for names whose type is unknown.
    pub(super) fn operand_ty(&mut self, op: &Operand, locals: &Locals) -> Option<Ty> {
        match &op.kind {
            OperandKind::Id(x) => match locals.get(x) {
                Some(def) => def.ty.clone(),
                None => {
                    self.local_defined(x, op);
                    None
                }
            },
            OperandKind::Gid(g) => self.global_ty(g, op.span),
            OperandKind::Null | OperandKind::Const(_) => None,
        }
    }

    /// `local-defined`: `%x` is used but defined nowhere in the function.
    fn local_defined(&mut self, x: &str, op: &Operand) {
        self.report(
            "local-defined",
            op.span,
            format!("%{x} is used but not defined in this function (not a parameter nor an instruction's result)"),
        );
    }

    /// Checks that `op` has type `expected`: a literal that cannot have it
    /// breaks `operand-type`; a local or global of another type breaks
    /// `rule` (the rule of the instruction that expects the type). `what`
    /// names the operand's role for the message.
    pub(super) fn operand(
        &mut self,
        op: &Operand,
        expected: &Ty,
        rule: &'static str,
        what: &str,
        locals: &Locals,
    ) {
        if self.unresolved(expected) || !self.is_simple(expected) {
            return; // the position's rule reports a type that is not simple
        }
        let want = self.unfold(expected).clone();
        match &op.kind {
            OperandKind::Const(n) => {
                let ok = match want {
                    Ty::I64 => true,
                    Ty::I1 => *n == 0 || *n == 1,
                    _ => false,
                };
                if !ok {
                    let hint = if want == Ty::I1 {
                        " (only 0, 1, false and true are i1 literals)"
                    } else {
                        " (an integer literal has type i64)"
                    };
                    let m = format!(
                        "{what}: the integer literal {n} cannot have type {}{hint}",
                        self.show(expected)
                    );
                    self.report("operand-type", op.span, m);
                }
            }
            OperandKind::Null => {
                if !want.is_pointer() {
                    let m = format!(
                        "{what}: null is a pointer and cannot have type {}",
                        self.show(expected)
                    );
                    self.report("operand-type", op.span, m);
                }
            }
            OperandKind::Id(_) | OperandKind::Gid(_) => {
                let Some(found) = self.operand_ty(op, locals) else {
                    return;
                };
                let runtime = match &op.kind {
                    OperandKind::Gid(g) => self.runtime_has_type(g, expected),
                    _ => false,
                };
                if !self.same(&found, expected) && !runtime {
                    let m = format!(
                        "{what}: {} has type {}, expected {}",
                        print_operand(op),
                        self.show(&found),
                        self.show(expected)
                    );
                    self.report(rule, op.span, m);
                }
            }
        }
    }
}

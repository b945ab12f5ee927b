//! The terminators: `ret`, `br label`, `br i1 OP, label, label`.

use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{Cc, Label, MInst, Reg};
use crate::Mutation;
use spec::{Span, Term, TermKind};

impl FnCtx<'_> {
    /// Selects a terminator; `next` is the label of the block laid out right
    /// after this one (a branch there falls through); `fused` is the
    /// condition of the block's last instruction when it is the `icmp` whose
    /// result a `cbr` tests (its flags are still set).
    pub(super) fn compile_term(
        &mut self,
        term: &Term,
        next: Label,
        fused: Option<Cc>,
    ) -> Result<(), CodegenError> {
        match &term.kind {
            TermKind::Ret(_, op) => {
                if let Some(op) = op {
                    self.operand(op, Reg::Rax)?;
                }
                self.epilogue();
            }
            TermKind::Br(l) => {
                self.flush();
                let l = self.label(l, term.span)?;
                if l != next {
                    self.emit(MInst::Jmp(l));
                }
            }
            TermKind::Cbr(op, l1, l2) => {
                let (l1, l2) = (self.label(l1, term.span)?, self.label(l2, term.span)?);
                self.flush();
                // After `cmp; setcc; movzx; mov [slot]` the flags are still
                // those of the comparison: branch on them directly.
                let cc = match fused {
                    Some(cc) => cc,
                    None => {
                        let c = self.src(op, &[])?;
                        self.emit(MInst::Test(c, c));
                        if self.mutations.contains(Mutation::HeldCondInverted) {
                            Cc::E
                        } else {
                            Cc::Ne
                        }
                    }
                };
                if l1 == next {
                    self.emit(MInst::Jcc(cc.invert(), l2));
                } else {
                    self.emit(MInst::Jcc(cc, l1));
                    if l2 != next {
                        self.emit(MInst::Jmp(l2));
                    }
                }
            }
        }
        Ok(())
    }

    /// The label of block `%name` (the entry block is never a target).
    fn label(&self, name: &str, span: Span) -> Result<Label, CodegenError> {
        self.labels
            .get(name)
            .copied()
            .ok_or_else(|| self.error(span, format!("no block is labelled %{name}")))
    }
}

//! `%L = call S1 OP1(S2 OP2, ..., SN OPN)` and `call void OP1(...)`: the
//! System V calling convention. Arguments 7 and up are pushed right to left
//! (with 8 bytes of padding first when their count is odd, so `rsp` is
//! 16-byte aligned at the call), the first six go in `rdi, rsi, rdx, rcx,
//! r8, r9`, and the result comes back in `rax`.

use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{Alu, MInst, Reg, Sym};
use crate::Mutation;
use spec::{Operand, OperandKind, Ty};

impl FnCtx<'_> {
    /// Selects a call; the result (if any) is left in `rax`.
    pub(super) fn compile_call(
        &mut self,
        callee: &Operand,
        args: &[(Ty, Operand)],
    ) -> Result<(), CodegenError> {
        let stack_args = args.get(Reg::ARGS.len()..).unwrap_or(&[]);
        let pad = if stack_args.len() % 2 == 1 { 8 } else { 0 };
        if pad != 0 {
            self.emit(MInst::AluRI(Alu::Sub, Reg::Rsp, pad));
        }
        for (k, (_, op)) in stack_args.iter().enumerate().rev() {
            if k == 0 && self.mutations.contains(Mutation::DropSeventhArg) {
                let zero = Operand {
                    kind: OperandKind::Const(0),
                    span: op.span,
                };
                self.operand(&zero, Reg::Rax)?;
            } else {
                self.operand(op, Reg::Rax)?;
            }
            self.emit(MInst::Push(Reg::Rax));
        }
        for ((_, op), &r) in args.iter().zip(Reg::ARGS.iter()) {
            self.operand(op, r)?;
        }
        let direct = match &callee.kind {
            OperandKind::Gid(g) => match self.sym(g, callee.span)? {
                s @ (Sym::Func(_) | Sym::Runtime(_)) => Some(s),
                Sym::Global(_) => None,
            },
            _ => None,
        };
        let call = match direct {
            Some(s) => MInst::CallSym(s),
            None => {
                self.operand(callee, Reg::R11)?;
                MInst::CallReg(Reg::R11)
            }
        };
        // The call clobbers every register: what this call alone still
        // needed is in the argument registers already.
        self.uses_done = true;
        self.emit(call);
        self.uses_done = false;
        let popped = stack_args.len() as u64 * 8 + pad as u64;
        if popped > 0 {
            let n = i32::try_from(popped)
                .map_err(|_| self.error(callee.span, "too many call arguments"))?;
            self.emit(MInst::AluRI(Alu::Add, Reg::Rsp, n));
        }
        Ok(())
    }
}

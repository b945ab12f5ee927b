//! One function per instruction of the spec's table "Instructions and
//! Terminators" (the terminators are in `term.rs`, calls in `call.rs`, GEP
//! in `gep.rs`).

use super::frame::alloca_bytes;
use super::FnCtx;
use crate::error::CodegenError;
use crate::minst::{Alu, Cc, MInst, Mem, Reg, Shift};
use spec::{Bop, Cnd, Insn, InsnKind, Operand, Ty};

impl FnCtx<'_> {
    /// Selects the code of one instruction; `index` is its position in its
    /// block, `in_entry` whether that block is the entry block.
    pub(super) fn compile_insn(
        &mut self,
        insn: &Insn,
        in_entry: bool,
        index: usize,
    ) -> Result<(), CodegenError> {
        match &insn.kind {
            InsnKind::Binop { bop, op1, op2, .. } => self.compile_binop(*bop, op1, op2)?,
            InsnKind::Alloca { ty } => self.compile_alloca(ty, in_entry, index)?,
            InsnKind::Load { ptr, .. } => self.compile_load(ptr)?,
            InsnKind::Store { val, ptr, .. } => return self.compile_store(val, ptr),
            InsnKind::Icmp { cnd, op1, op2, .. } => self.compile_icmp(*cnd, op1, op2)?,
            InsnKind::Call { callee, args, .. } => self.compile_call(callee, args)?,
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => self.compile_gep(base_ty, ptr, idxs, insn.span)?,
            InsnKind::Bitcast { op, .. } => self.operand(op, Reg::Rax)?,
        }
        self.store_result(&insn.result, insn.span)
    }

    /// `%L = BOP i64 OP1, OP2`: `rax = rax BOP rcx`; shifts take the amount
    /// in `cl` (the oracle rejects amounts outside 0..=63, where x86 masks).
    fn compile_binop(
        &mut self,
        bop: Bop,
        op1: &Operand,
        op2: &Operand,
    ) -> Result<(), CodegenError> {
        self.operand(op1, Reg::Rax)?;
        if let Some(n) = Self::imm32(op2) {
            let amount = (n & 63) as u8;
            let i = match bop {
                Bop::Add => MInst::AluRI(Alu::Add, Reg::Rax, n),
                Bop::Sub => MInst::AluRI(Alu::Sub, Reg::Rax, n),
                Bop::Mul => MInst::AluRI(Alu::Imul, Reg::Rax, n),
                Bop::And => MInst::AluRI(Alu::And, Reg::Rax, n),
                Bop::Or => MInst::AluRI(Alu::Or, Reg::Rax, n),
                Bop::Xor => MInst::AluRI(Alu::Xor, Reg::Rax, n),
                // The amount masked as `shl rax, cl` masks it.
                Bop::Shl => MInst::ShiftRI(Shift::Shl, Reg::Rax, amount),
                Bop::Lshr => MInst::ShiftRI(Shift::Shr, Reg::Rax, amount),
                Bop::Ashr => MInst::ShiftRI(Shift::Sar, Reg::Rax, amount),
            };
            self.emit(i);
            return Ok(());
        }
        self.operand(op2, Reg::Rcx)?;
        let i = match bop {
            Bop::Add => MInst::Alu(Alu::Add, Reg::Rax, Reg::Rcx),
            Bop::Sub => MInst::Alu(Alu::Sub, Reg::Rax, Reg::Rcx),
            Bop::Mul => MInst::Alu(Alu::Imul, Reg::Rax, Reg::Rcx),
            Bop::And => MInst::Alu(Alu::And, Reg::Rax, Reg::Rcx),
            Bop::Or => MInst::Alu(Alu::Or, Reg::Rax, Reg::Rcx),
            Bop::Xor => MInst::Alu(Alu::Xor, Reg::Rax, Reg::Rcx),
            Bop::Shl => MInst::ShiftCl(Shift::Shl, Reg::Rax),
            Bop::Lshr => MInst::ShiftCl(Shift::Shr, Reg::Rax),
            Bop::Ashr => MInst::ShiftCl(Shift::Sar, Reg::Rax),
        };
        self.emit(i);
        Ok(())
    }

    /// `%L = alloca S`: in the entry block, the address of its frame space;
    /// elsewhere fresh stack space (a multiple of 16, keeping `rsp` aligned)
    /// each time it runs.
    fn compile_alloca(
        &mut self,
        ty: &Ty,
        in_entry: bool,
        index: usize,
    ) -> Result<(), CodegenError> {
        if in_entry {
            if let Some(&disp) = self.frame.allocas.get(&index) {
                self.emit(MInst::Lea(
                    Reg::Rax,
                    Mem {
                        base: Reg::Rbp,
                        disp,
                    },
                ));
                return Ok(());
            }
        }
        let bytes = alloca_bytes(self.env.size_of(ty))
            .div_ceil(16)
            .saturating_mul(16);
        match i32::try_from(bytes) {
            Ok(b) => self.emit(MInst::AluRI(Alu::Sub, Reg::Rsp, b)),
            Err(_) => {
                self.emit(MInst::MovRI(Reg::Rax, bytes as i64));
                self.emit(MInst::Alu(Alu::Sub, Reg::Rsp, Reg::Rax));
            }
        }
        self.emit(MInst::MovRR(Reg::Rax, Reg::Rsp));
        Ok(())
    }

    /// `%L = load S* OP`: `rax = [rax]` (`[rbp - k]` for an entry alloca).
    fn compile_load(&mut self, ptr: &Operand) -> Result<(), CodegenError> {
        if let Some(m) = self.alloca_mem(ptr) {
            self.emit(MInst::Load(Reg::Rax, m));
            return Ok(());
        }
        self.operand(ptr, Reg::Rax)?;
        self.emit(MInst::Load(
            Reg::Rax,
            Mem {
                base: Reg::Rax,
                disp: 0,
            },
        ));
        Ok(())
    }

    /// `store S OP1, S* OP2`: `[rax] = rcx` (`[rbp - k]` for an entry alloca).
    fn compile_store(&mut self, val: &Operand, ptr: &Operand) -> Result<(), CodegenError> {
        self.operand(val, Reg::Rcx)?;
        if let Some(m) = self.alloca_mem(ptr) {
            self.emit(MInst::Store(m, Reg::Rcx));
            return Ok(());
        }
        self.operand(ptr, Reg::Rax)?;
        self.emit(MInst::Store(
            Mem {
                base: Reg::Rax,
                disp: 0,
            },
            Reg::Rcx,
        ));
        Ok(())
    }

    /// `%L = icmp CND S OP1, OP2`: a signed comparison, 1 if it holds and 0
    /// otherwise (pointers compare as addresses).
    fn compile_icmp(&mut self, cnd: Cnd, op1: &Operand, op2: &Operand) -> Result<(), CodegenError> {
        self.operand(op1, Reg::Rax)?;
        match Self::imm32(op2) {
            Some(n) => self.emit(MInst::CmpRI(Reg::Rax, n)),
            None => {
                self.operand(op2, Reg::Rcx)?;
                self.emit(MInst::Cmp(Reg::Rax, Reg::Rcx));
            }
        }
        self.emit(MInst::SetCc(cc_of(cnd), Reg::Rax));
        Ok(())
    }
}

/// The condition code of an `icmp` condition (signed orders).
pub(super) fn cc_of(cnd: Cnd) -> Cc {
    match cnd {
        Cnd::Eq => Cc::E,
        Cnd::Ne => Cc::Ne,
        Cnd::Slt => Cc::L,
        Cnd::Sle => Cc::Le,
        Cnd::Sgt => Cc::G,
        Cnd::Sge => Cc::Ge,
    }
}

//! Function bodies: the CFG, blocks, instructions and terminators (the spec's
//! table "Instructions and Terminators") and operands.
//!
//! `load` and `getelementptr` are read in both syntaxes: the spec's
//! (`load S* OP`, `getelementptr T* OP, ...`) and LLVM 3.7+'s, which writes
//! the value type first (`load S, S* OP`, `getelementptr T, T* OP, ...`).
//! A call's type may be the return type or, as LLVM also allows, the
//! function type (`call i64 (i64) @f(...)`, or the old `call i64 (i64)* @f`).

use super::lexer::Tok;
use super::{PResult, Parser, SyntaxFact};
use crate::ast::{
    Block, Bop, Cfg, Cnd, Insn, InsnKind, LabeledBlock, Lbl, Operand, OperandKind, Term, TermKind,
    Ty,
};
use crate::diag::{Diagnostic, SYNTAX_RULE};

impl Parser<'_> {
    /// A function body after its `{`: an optional entry label, the entry
    /// block, then labelled blocks, up to and including the closing `}`.
    pub(super) fn cfg(&mut self) -> PResult<Cfg> {
        let entry_label = match self.peek() {
            Tok::Label(l) => {
                let l = l.clone();
                self.bump();
                Some(l)
            }
            _ => None,
        };
        let entry = self.block()?;
        let mut blocks = Vec::new();
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.bump();
                    return Ok(Cfg {
                        entry_label,
                        entry,
                        blocks,
                    });
                }
                Tok::Label(l) => {
                    let label = l.clone();
                    let label_span = self.bump();
                    let block = self.block()?;
                    blocks.push(LabeledBlock {
                        label,
                        label_span,
                        block,
                    });
                }
                _ => return self.expected("a block label or `}` after a terminator"),
            }
        }
    }

    /// A block: instructions up to and including a terminator.
    fn block(&mut self) -> PResult<Block> {
        let mut insns = Vec::new();
        loop {
            if self.at_word("ret") || self.at_word("br") {
                let term = self.term()?;
                return Ok(Block { insns, term });
            }
            insns.push(self.insn()?);
        }
    }

    /// An instruction, with its `%L =` if it has one.
    fn insn(&mut self) -> PResult<Insn> {
        let lo = self.span();
        let (result, kind) = match self.peek() {
            Tok::Local(name) if *self.peek2() == Tok::Eq => {
                let name = name.clone();
                self.bump();
                self.bump();
                if self.at_word("store") {
                    return self.expected("an instruction that defines a value");
                }
                (Some(name), self.insn_kind("an instruction")?)
            }
            _ => (None, self.insn_kind("an instruction or terminator")?),
        };
        Ok(Insn {
            result,
            kind,
            span: self.since(lo),
        })
    }

    /// The instruction after `%L =` (if any), by its keyword.
    fn insn_kind(&mut self, what: &str) -> PResult<InsnKind> {
        if *self.peek() != Tok::Word {
            return self.expected(what);
        }
        let kw = self.text_of(self.span());
        if let Some(bop) = Bop::ALL.into_iter().find(|b| b.keyword() == kw) {
            self.bump();
            return self.binop(bop);
        }
        match kw {
            "alloca" => {
                self.bump();
                Ok(InsnKind::Alloca { ty: self.ty()? })
            }
            "load" => {
                self.bump();
                self.load()
            }
            "store" => {
                self.bump();
                self.store()
            }
            "icmp" => {
                self.bump();
                self.icmp()
            }
            "call" => {
                self.bump();
                self.call()
            }
            "getelementptr" => {
                self.bump();
                self.gep()
            }
            "bitcast" => {
                self.bump();
                self.bitcast()
            }
            _ => self.expected(what),
        }
    }

    /// `BOP i64 OP1, OP2` (after the keyword).
    fn binop(&mut self, bop: Bop) -> PResult<InsnKind> {
        let ty = self.ty()?;
        let op1 = self.value_operand(&ty)?;
        self.expect(Tok::Comma, "`,`")?;
        let op2 = self.value_operand(&ty)?;
        Ok(InsnKind::Binop { bop, ty, op1, op2 })
    }

    /// The value type and pointer type of `load` / `getelementptr` in
    /// either syntax: `T, T* OP` (LLVM 3.7+) or `T* OP` (the spec's, where
    /// the written type must be a pointer `T*`).
    fn typed_pointer(&mut self, insn: &str) -> PResult<(Ty, Ty, Operand)> {
        let ty_span = self.span();
        let ty = self.ty()?;
        if self.eat(Tok::Comma) {
            let ptr_ty = self.ty()?;
            let ptr = self.operand()?;
            self.facts.push((SyntaxFact::TypedLoadGep, ty_span));
            return Ok((ty, ptr_ty, ptr));
        }
        let Ty::Ptr(pointee) = &ty else {
            let span = self.since(ty_span);
            return Err(Diagnostic::new(
                SYNTAX_RULE,
                span,
                format!(
                    "expected a pointer type `T*` (the spec's syntax `{insn} T* OP`) \
                     or `,` after the type (LLVM's `{insn} T, T* OP`), found `{}`",
                    self.text_of(span)
                ),
            ));
        };
        let pointee = (**pointee).clone();
        self.facts.push((SyntaxFact::SpecLoadGep, ty_span));
        let ptr = self.operand()?;
        Ok((pointee, ty, ptr))
    }

    /// `load S* OP` or `load S, S* OP` (after the keyword).
    fn load(&mut self) -> PResult<InsnKind> {
        let (ty, ptr_ty, ptr) = self.typed_pointer("load")?;
        Ok(InsnKind::Load { ty, ptr_ty, ptr })
    }

    /// `store S OP1, S* OP2` (after the keyword).
    fn store(&mut self) -> PResult<InsnKind> {
        let ty = self.ty()?;
        let val = self.value_operand(&ty)?;
        self.expect(Tok::Comma, "`,`")?;
        let ptr_ty = self.ty()?;
        let ptr = self.operand()?;
        Ok(InsnKind::Store {
            ty,
            val,
            ptr_ty,
            ptr,
        })
    }

    /// `icmp CND S OP1, OP2` (after the keyword).
    fn icmp(&mut self) -> PResult<InsnKind> {
        let kw = match self.peek() {
            Tok::Word => self.text_of(self.span()),
            _ => "",
        };
        let Some(cnd) = Cnd::ALL.into_iter().find(|c| c.keyword() == kw) else {
            return self.expected("a condition (`eq`, `ne`, `slt`, `sle`, `sgt` or `sge`)");
        };
        self.bump();
        let ty = self.ty()?;
        let op1 = self.value_operand(&ty)?;
        self.expect(Tok::Comma, "`,`")?;
        let op2 = self.value_operand(&ty)?;
        Ok(InsnKind::Icmp { cnd, ty, op1, op2 })
    }

    /// `call S OP(S1 OP1, ...)` (after the keyword). The type may also be a
    /// function type `S (S1, ...)`, whose return type S is the call's. A
    /// function pointer type `S (S1, ...)*` is the return type, as the spec
    /// and LLVM 3.7+ read it; the place is noted because LLVM before 3.7
    /// read it as the callee's type (see `old_call`).
    fn call(&mut self) -> PResult<InsnKind> {
        let ty_span = self.span();
        let ret = match self.ty()? {
            Ty::Fun(_, ret) => {
                self.facts.push((SyntaxFact::LlvmExtra, ty_span));
                *ret
            }
            other => other,
        };
        if matches!(&ret, Ty::Ptr(inner) if matches!(**inner, Ty::Fun(..))) {
            self.old_calls.insert(self.span().lo);
        }
        let callee = self.operand()?;
        if *self.peek() != Tok::LParen {
            return self.expected("`(` and the call's arguments");
        }
        let args = self.list(Tok::RParen, ")", |p| {
            let ty = p.ty()?;
            let op = p.value_operand(&ty)?;
            Ok((ty, op))
        })?;
        Ok(InsnKind::Call { ret, callee, args })
    }

    /// `getelementptr [inbounds] T* OP, IDX...` or
    /// `getelementptr [inbounds] T, T* OP, IDX...` (after the keyword),
    /// each index `i32 OP` or `i64 OP`.
    fn gep(&mut self) -> PResult<InsnKind> {
        if self.at_word("inbounds") {
            self.bump();
        }
        let (base_ty, ptr_ty, ptr) = self.typed_pointer("getelementptr")?;
        let mut idxs = Vec::new();
        while self.eat(Tok::Comma) {
            let idx_ty = self.text_of(self.span());
            if idx_ty != "i32" && idx_ty != "i64" {
                return self.expected("an index type `i32` or `i64`");
            }
            let idx_span = self.span();
            self.bump();
            self.no_bool_literal(idx_ty)?;
            let op = self.operand()?;
            if idx_ty == "i64" {
                let span = self.since(idx_span);
                self.facts.push((SyntaxFact::I64Index, span));
            }
            idxs.push(op);
        }
        Ok(InsnKind::Gep {
            base_ty,
            ptr_ty,
            ptr,
            idxs,
        })
    }

    /// `bitcast T1* OP to T2*` (after the keyword).
    fn bitcast(&mut self) -> PResult<InsnKind> {
        let from = self.ty()?;
        let op = self.value_operand(&from)?;
        self.expect_word("to")?;
        let to = self.ty()?;
        Ok(InsnKind::Bitcast { from, op, to })
    }

    /// A terminator: `ret void`, `ret S OP`, `br label %L`,
    /// `br i1 OP, label %L1, label %L2`.
    fn term(&mut self) -> PResult<Term> {
        let lo = self.span();
        let kind = if self.at_word("ret") {
            self.bump();
            let ty = self.ty()?;
            if ty == Ty::Void {
                TermKind::Ret(ty, None)
            } else {
                let op = self.value_operand(&ty)?;
                TermKind::Ret(ty, Some(op))
            }
        } else {
            self.expect_word("br")?;
            if self.at_word("label") {
                TermKind::Br(self.label_ref()?)
            } else if self.at_word("i1") {
                self.bump();
                let cond = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                let l1 = self.label_ref()?;
                self.expect(Tok::Comma, "`,`")?;
                let l2 = self.label_ref()?;
                TermKind::Cbr(cond, l1, l2)
            } else {
                return self.expected("`label` or `i1` after `br`");
            }
        };
        Ok(Term {
            kind,
            span: self.since(lo),
        })
    }

    /// `label %L`: a branch target.
    fn label_ref(&mut self) -> PResult<Lbl> {
        self.expect_word("label")?;
        match self.peek() {
            Tok::Local(l) => {
                let l = l.clone();
                self.bump();
                Ok(l)
            }
            _ => self.expected("a label name `%LABEL`"),
        }
    }

    /// An operand: `null`, an integer literal, `true`, `false`, `@IDENT`,
    /// `%IDENT`.
    pub(super) fn operand(&mut self) -> PResult<Operand> {
        let span = self.span();
        let kind = match self.peek() {
            Tok::Local(name) => OperandKind::Id(name.clone()),
            Tok::Global(name) => OperandKind::Gid(name.clone()),
            Tok::Int => OperandKind::Const(self.int_literal()?),
            Tok::Word if self.at_word("null") => OperandKind::Null,
            Tok::Word if self.at_word("true") || self.at_word("false") => {
                OperandKind::Const(self.int_literal()?)
            }
            _ => return self.expected("an operand"),
        };
        if !matches!(kind, OperandKind::Const(_)) {
            self.bump();
        }
        Ok(Operand { kind, span })
    }

    /// An operand written after its type `ty`: `true` and `false` are `i1`
    /// literals only, so where `ty` is written as anything but `i1` they
    /// are rejected here (the tree keeps only their value, 1 or 0, which
    /// would read as an `i64` literal afterwards).
    fn value_operand(&mut self, ty: &Ty) -> PResult<Operand> {
        if *ty != Ty::I1 {
            self.no_bool_literal(&crate::print::print_ty(ty))?;
        }
        self.operand()
    }

    /// Fails when the next token is `true` or `false`, whose type is `i1`,
    /// where the type `ty` is written for it.
    pub(super) fn no_bool_literal(&self, ty: &str) -> PResult<()> {
        if !(self.at_word("true") || self.at_word("false")) {
            return Ok(());
        }
        Err(Diagnostic::new(
            SYNTAX_RULE,
            self.span(),
            format!(
                "`{}` is an i1 literal only, but the operand's type here is `{}` (write 1 or 0)",
                self.text_of(self.span()),
                ty,
            ),
        ))
    }

    /// An integer literal in the i64 range, or `true` (1) / `false` (0).
    pub(super) fn int_literal(&mut self) -> PResult<i64> {
        let text = self.text_of(self.span());
        let value = match self.peek() {
            Tok::Word if text == "true" => Some(1),
            Tok::Word if text == "false" => Some(0),
            Tok::Int => match text.parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return self
                        .expected("an integer from -9223372036854775808 to 9223372036854775807")
                }
            },
            _ => None,
        };
        match value {
            Some(n) => {
                self.bump();
                Ok(n)
            }
            None => self.expected("an integer literal"),
        }
    }
}

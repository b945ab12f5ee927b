//! The program and its top-level definitions ("Program Structure"): named
//! types `%T = type T`, global data `@g = global T G` (never `constant`),
//! function definitions `define S @f(S1 %a, ...) { CFG }` and external
//! declarations `declare S @f(S1, ...)`. LLVM's `target datalayout = "..."`,
//! `target triple = "..."` and `source_filename = "..."` lines are skipped.

use super::lexer::Tok;
use super::{PResult, Parser};
use crate::ast::{Edecl, Fdecl, Gdecl, Prog, Tdecl, Ty};
use crate::diag::{Diagnostic, SYNTAX_RULE};

impl Parser<'_> {
    /// A whole compilation unit: definitions in any order up to the end.
    pub(super) fn program(&mut self) -> PResult<Prog> {
        let mut prog = Prog::default();
        loop {
            match self.peek() {
                Tok::Eof => return Ok(prog),
                Tok::Local(_) => prog.tdecls.push(self.tdecl()?),
                Tok::Global(_) => prog.gdecls.push(self.gdecl()?),
                Tok::Word if self.at_word("define") => prog.fdecls.push(self.fdecl()?),
                Tok::Word if self.at_word("declare") => prog.edecls.push(self.edecl()?),
                Tok::Word if self.at_word("target") => self.target_line()?,
                Tok::Word if self.at_word("source_filename") => {
                    self.bump();
                    self.assigned_string()?;
                }
                _ => {
                    return self.expected(
                        "a top-level definition (`define`, `declare`, `%T = type`, `@g = global`)",
                    )
                }
            }
        }
    }

    /// `target datalayout = "..."` / `target triple = "..."`, skipped.
    fn target_line(&mut self) -> PResult<()> {
        self.bump();
        if self.at_word("datalayout") || self.at_word("triple") {
            self.bump();
            self.assigned_string()
        } else {
            self.expected("`datalayout` or `triple` after `target`")
        }
    }

    /// `= "..."`.
    fn assigned_string(&mut self) -> PResult<()> {
        self.expect(Tok::Eq, "`=`")?;
        self.expect(Tok::QStr, "a quoted string")?;
        Ok(())
    }

    /// `%IDENT = type T`.
    fn tdecl(&mut self) -> PResult<Tdecl> {
        let lo = self.span();
        let name = self.local_name("a type name `%NAME`")?;
        self.expect(Tok::Eq, "`=`")?;
        self.expect_word("type")?;
        let ty = self.ty()?;
        Ok(Tdecl {
            name,
            ty,
            span: self.since(lo),
        })
    }

    /// `@IDENT = global T G`. LLVMlite has no read-only data: `constant`
    /// is rejected with a message saying so (a compiler would put it in
    /// read-only memory, where a store crashes).
    fn gdecl(&mut self) -> PResult<Gdecl> {
        let lo = self.span();
        let name = self.global_name()?;
        self.expect(Tok::Eq, "`=`")?;
        if self.at_word("constant") {
            return Err(Diagnostic::new(
                SYNTAX_RULE,
                self.span(),
                "`constant` globals are not LLVMlite (it has only `global`; \
                 a compiler would put a constant in read-only memory, where a store crashes)",
            ));
        }
        self.expect_word("global")?;
        let ty = self.ty()?;
        if ty != Ty::I1 {
            self.no_bool_literal(&crate::print::print_ty(&ty))?;
        }
        let init = self.ginit()?;
        Ok(Gdecl {
            name,
            ty,
            init,
            span: self.since(lo),
        })
    }

    /// `define S @IDENT(S1 %A1, ..., SN %AN) { CFG }`; the span is the
    /// header up to `{`.
    fn fdecl(&mut self) -> PResult<Fdecl> {
        let lo = self.bump();
        let ret = self.ty()?;
        let name = self.global_name()?;
        if *self.peek() != Tok::LParen {
            return self.expected("`(` and the parameters");
        }
        let params = self.list(Tok::RParen, ")", |p| {
            let ty = p.ty()?;
            let name = p.local_name("a parameter name `%NAME`")?;
            Ok((name, ty))
        })?;
        self.expect(Tok::LBrace, "`{`")?;
        let span = self.since(lo);
        let cfg = self.cfg()?;
        Ok(Fdecl {
            name,
            ret,
            params,
            cfg,
            span,
        })
    }

    /// `declare S @IDENT(S1, ..., SN)`; parameter names may be written and
    /// are ignored.
    fn edecl(&mut self) -> PResult<Edecl> {
        let lo = self.bump();
        let ret = self.ty()?;
        let name = self.global_name()?;
        if *self.peek() != Tok::LParen {
            return self.expected("`(` and the parameter types");
        }
        let params = self.list(Tok::RParen, ")", |p| {
            let ty = p.ty()?;
            if let Tok::Local(_) = p.peek() {
                p.bump();
            }
            Ok(ty)
        })?;
        Ok(Edecl {
            name,
            ty: Ty::Fun(params, Box::new(ret)),
            span: self.since(lo),
        })
    }

    /// `%IDENT`.
    fn local_name(&mut self, what: &str) -> PResult<String> {
        match self.peek() {
            Tok::Local(name) => {
                let name = name.clone();
                self.bump();
                Ok(name)
            }
            _ => self.expected(what),
        }
    }

    /// `@IDENT`.
    fn global_name(&mut self) -> PResult<String> {
        match self.peek() {
            Tok::Global(name) => {
                let name = name.clone();
                self.bump();
                Ok(name)
            }
            _ => self.expected("a global name `@NAME`"),
        }
    }
}

//! Global initializers (the spec's table of global initializers): `null`,
//! integer literals, `@IDENT`, `c"..."`, `[ T G1, ... ]`, `{ T1 G1, ... }`
//! and `bitcast (T1* G1 to T2*)`.

use super::lexer::Tok;
use super::{PResult, Parser, MAX_DEPTH};
use crate::ast::{Ginit, GinitKind};

impl Parser<'_> {
    /// A global initializer.
    pub(super) fn ginit(&mut self) -> PResult<Ginit> {
        self.ginit_at(0)
    }

    /// A global initializer nested inside `depth` others.
    fn ginit_at(&mut self, depth: usize) -> PResult<Ginit> {
        if depth >= MAX_DEPTH {
            return self.too_deep("initializers");
        }
        let lo = self.span();
        let kind = match self.peek() {
            Tok::Global(name) => {
                let kind = GinitKind::Gid(name.clone());
                self.bump();
                kind
            }
            Tok::Str(bytes) => {
                let kind = GinitKind::Str(bytes.clone());
                self.bump();
                kind
            }
            Tok::Int => GinitKind::Int(self.int_literal()?),
            Tok::LBracket => {
                GinitKind::Array(self.list(Tok::RBracket, "]", |p| p.typed_ginit(depth))?)
            }
            Tok::LBrace => {
                GinitKind::Struct(self.list(Tok::RBrace, "}", |p| p.typed_ginit(depth))?)
            }
            Tok::Word => match self.text_of(lo) {
                "null" => {
                    self.bump();
                    GinitKind::Null
                }
                "true" | "false" => GinitKind::Int(self.int_literal()?),
                "bitcast" => {
                    self.bump();
                    self.expect(Tok::LParen, "`(` after `bitcast`")?;
                    let from = self.ty()?;
                    let g = self.ginit_at(depth + 1)?;
                    self.expect_word("to")?;
                    let to = self.ty()?;
                    self.expect(Tok::RParen, "`)`")?;
                    GinitKind::Bitcast(from, Box::new(g), to)
                }
                _ => return self.expected("a global initializer"),
            },
            _ => return self.expected("a global initializer"),
        };
        Ok(Ginit {
            kind,
            span: self.since(lo),
        })
    }

    /// `T G` inside an array or struct initializer.
    fn typed_ginit(&mut self, depth: usize) -> PResult<(crate::ast::Ty, Ginit)> {
        let ty = self.ty()?;
        if ty != crate::ast::Ty::I1 {
            self.no_bool_literal(&crate::print::print_ty(&ty))?;
        }
        let g = self.ginit_at(depth + 1)?;
        Ok((ty, g))
    }
}

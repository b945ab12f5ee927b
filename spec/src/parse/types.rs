//! Types (the spec's table of types): `void`, `i1`, `i8`, `i64`, `ptr`,
//! `T*`, `{ T1, ..., TN }`, `[ N x T ]`, `S (S1, ..., SN)`, `%NAME`.
//!
//! The grammar is the same wherever a type is written; which types are
//! allowed where (`void` only as a return type, ...) is the checker's
//! business. Pointer and function-type suffixes apply left to right, so
//! `i64 (i64)*` is a pointer to a function and `i64* (i64)` a function
//! returning `i64*`.

use super::lexer::Tok;
use super::{PResult, Parser, MAX_DEPTH};
use crate::ast::Ty;

impl Parser<'_> {
    /// A type.
    pub(super) fn ty(&mut self) -> PResult<Ty> {
        self.ty_at(0).map(|(t, _)| t)
    }

    /// A type written inside `depth` enclosing type constructors; also
    /// returns the height of the type tree, which must stay within
    /// [`MAX_DEPTH`].
    fn ty_at(&mut self, depth: usize) -> PResult<(Ty, usize)> {
        if depth >= MAX_DEPTH {
            return self.too_deep("types");
        }
        let (mut ty, mut height) = self.base_ty(depth)?;
        if height > MAX_DEPTH {
            return self.too_deep("types");
        }
        loop {
            match self.peek() {
                Tok::Star => {
                    if height >= MAX_DEPTH {
                        return self.too_deep("types");
                    }
                    self.bump();
                    ty = Ty::Ptr(Box::new(ty));
                    height += 1;
                }
                Tok::LParen => {
                    if height >= MAX_DEPTH {
                        return self.too_deep("types");
                    }
                    let params = self.list(Tok::RParen, ")", |p| p.ty_at(depth + 1))?;
                    let sub = params.iter().map(|(_, h)| *h).max().unwrap_or(0);
                    height = height.max(sub) + 1;
                    if height > MAX_DEPTH {
                        return self.too_deep("types");
                    }
                    ty = Ty::Fun(params.into_iter().map(|(t, _)| t).collect(), Box::new(ty));
                }
                _ => return Ok((ty, height)),
            }
        }
    }

    /// A type without its `*` / `(...)` suffixes.
    fn base_ty(&mut self, depth: usize) -> PResult<(Ty, usize)> {
        match self.peek() {
            Tok::Word => {
                let ty = match self.text_of(self.span()) {
                    "void" => Ty::Void,
                    "i1" => Ty::I1,
                    "i8" => Ty::I8,
                    "i64" => Ty::I64,
                    "ptr" => Ty::OpaquePtr,
                    _ => return self.expected("a type"),
                };
                self.bump();
                Ok((ty, 1))
            }
            Tok::Local(name) => {
                let ty = Ty::Named(name.clone());
                self.bump();
                Ok((ty, 1))
            }
            Tok::LBrace => {
                let fields = self.list(Tok::RBrace, "}", |p| p.ty_at(depth + 1))?;
                let height = fields.iter().map(|(_, h)| *h).max().unwrap_or(0) + 1;
                Ok((
                    Ty::Struct(fields.into_iter().map(|(t, _)| t).collect()),
                    height,
                ))
            }
            Tok::LBracket => {
                self.bump();
                let n = self.array_len()?;
                self.expect_word("x")?;
                let (elem, h) = self.ty_at(depth + 1)?;
                self.expect(Tok::RBracket, "`]`")?;
                Ok((Ty::Array(n, Box::new(elem)), h + 1))
            }
            _ => self.expected("a type"),
        }
    }

    /// The `N` of `[ N x T ]`: an unsigned 64-bit integer.
    fn array_len(&mut self) -> PResult<u64> {
        if *self.peek() == Tok::Int {
            if let Ok(n) = self.text_of(self.span()).parse::<u64>() {
                self.bump();
                return Ok(n);
            }
            return self.expected("an array length from 0 to 18446744073709551615");
        }
        self.expected("an array length")
    }
}

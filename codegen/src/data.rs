//! Global data: each `@IDENT = global T G` laid out as the bytes of T in
//! the course data layout (spec::layout), with the pointer words that name
//! another global or a function left as relocations.

use crate::error::CodegenError;
use crate::minst::{Rt, Sym};
use spec::{Gdecl, GinitKind, Prog, Ty, TypeEnv};
use std::collections::HashMap;

/// The bytes of one global and the pointer words to fill in once addresses
/// are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalData {
    /// The LLVMlite name (without `@`).
    pub name: String,
    /// `size_of(T)` bytes; pointer words are zero until relocated.
    pub bytes: Vec<u8>,
    /// (byte offset, symbol): the word at the offset holds the symbol's address.
    pub relocs: Vec<(usize, Sym)>,
}

/// What each `@IDENT` of a program names: a defined function first, then a
/// global, then a runtime function.
#[derive(Clone, Debug, Default)]
pub struct Syms {
    funcs: HashMap<String, usize>,
    globals: HashMap<String, usize>,
}

impl Syms {
    /// The symbols of `prog` (functions and globals numbered in source order;
    /// the first definition of a name wins, the checker reports duplicates).
    pub fn new(prog: &Prog) -> Syms {
        let mut s = Syms::default();
        for (i, f) in prog.fdecls.iter().enumerate() {
            s.funcs.entry(f.name.clone()).or_insert(i);
        }
        for (i, g) in prog.gdecls.iter().enumerate() {
            s.globals.entry(g.name.clone()).or_insert(i);
        }
        s
    }

    /// The symbol `@name` stands for, if any.
    pub fn resolve(&self, name: &str) -> Option<Sym> {
        if let Some(&i) = self.funcs.get(name) {
            return Some(Sym::Func(i));
        }
        if let Some(&i) = self.globals.get(name) {
            return Some(Sym::Global(i));
        }
        Rt::from_name(name).map(Sym::Runtime)
    }
}

/// The largest global the back end lays out (its bytes are built in memory).
pub const MAX_GLOBAL: usize = 256 << 20;

/// Lays out `@g = global T G`: the initializer's words and strings one after
/// the other (the course layout has no padding), then zero bytes up to
/// `size_of(T)`. Walks the initializer with an explicit stack, so deep
/// nesting cannot overflow the host stack.
pub fn layout_gdecl(env: &TypeEnv, syms: &Syms, g: &Gdecl) -> Result<GlobalData, CodegenError> {
    let size = env.size_of(&g.ty);
    let size = usize::try_from(size)
        .ok()
        .filter(|&s| s <= MAX_GLOBAL)
        .ok_or_else(|| {
            CodegenError::new(
                "",
                g.span,
                format!("global @{} is larger than {MAX_GLOBAL} bytes", g.name),
            )
        })?;
    let mut bytes = Vec::with_capacity(size);
    let mut relocs = Vec::new();
    let mut work: Vec<(&Ty, &spec::Ginit)> = vec![(&g.ty, &g.init)];
    while let Some((ty, init)) = work.pop() {
        match &init.kind {
            GinitKind::Null => bytes.extend_from_slice(&[0; 8]),
            GinitKind::Int(n) => bytes.extend_from_slice(&n.to_le_bytes()),
            GinitKind::Gid(name) => {
                let sym = syms.resolve(name).ok_or_else(|| {
                    CodegenError::new(
                        "",
                        init.span,
                        format!("@{name} names no global, function or runtime function"),
                    )
                })?;
                relocs.push((bytes.len(), sym));
                bytes.extend_from_slice(&[0; 8]);
            }
            GinitKind::Str(s) => {
                let n = usize::try_from(env.size_of(ty)).unwrap_or(s.len());
                let start = bytes.len();
                bytes.extend_from_slice(s);
                bytes.resize(start + n, 0);
            }
            GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                work.extend(elems.iter().rev().map(|(t, i)| (t, i)));
            }
            GinitKind::Bitcast(from, inner, _) => work.push((from, inner)),
        }
        if bytes.len() > size {
            return Err(CodegenError::new(
                "",
                init.span,
                format!(
                    "the initializer of @{} is larger than its type ({size} bytes)",
                    g.name
                ),
            ));
        }
    }
    bytes.resize(size, 0);
    Ok(GlobalData {
        name: g.name.clone(),
        bytes,
        relocs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use spec::{Ginit, Span};

    fn gi(k: GinitKind) -> Ginit {
        Ginit::new(k)
    }

    #[test]
    fn nested_initializers_follow_the_course_layout() {
        // @g = global { i64, [3 x i8], i64* } { 7, c"ab\00", @g }: 8 + 3 + 8
        // bytes, no padding, the pointer word relocated to @g itself.
        let ty = Ty::Struct(vec![
            Ty::I64,
            Ty::Array(3, Box::new(Ty::I8)),
            Ty::I64.ptr_to(),
        ]);
        let g = Gdecl {
            name: "g".into(),
            ty: ty.clone(),
            init: gi(GinitKind::Struct(vec![
                (Ty::I64, gi(GinitKind::Int(7))),
                (
                    Ty::Array(3, Box::new(Ty::I8)),
                    gi(GinitKind::Str(b"ab\0".to_vec())),
                ),
                (Ty::I64.ptr_to(), gi(GinitKind::Gid("g".into()))),
            ])),
            span: Span::DUMMY,
        };
        let prog = Prog {
            gdecls: vec![g.clone()],
            ..Prog::default()
        };
        let d = layout_gdecl(&TypeEnv::new(&prog), &Syms::new(&prog), &g).expect("layout");
        let mut want = 7i64.to_le_bytes().to_vec();
        want.extend_from_slice(b"ab\0");
        want.extend_from_slice(&[0; 8]);
        assert_eq!(d.bytes, want);
        assert_eq!(d.relocs, vec![(11, Sym::Global(0))]);
    }

    #[test]
    fn a_bitcast_initializer_is_its_pointer_and_null_is_zero() {
        let g = Gdecl {
            name: "p".into(),
            ty: Ty::Struct(vec![Ty::I8.ptr_to(), Ty::I64.ptr_to()]),
            init: gi(GinitKind::Struct(vec![
                (
                    Ty::I8.ptr_to(),
                    gi(GinitKind::Bitcast(
                        Ty::I64.ptr_to(),
                        Box::new(gi(GinitKind::Gid("ll_puts".into()))),
                        Ty::I8.ptr_to(),
                    )),
                ),
                (Ty::I64.ptr_to(), gi(GinitKind::Null)),
            ])),
            span: Span::DUMMY,
        };
        let prog = Prog::default();
        let d = layout_gdecl(&TypeEnv::new(&prog), &Syms::new(&prog), &g).expect("layout");
        assert_eq!(d.bytes, vec![0; 16]);
        assert_eq!(d.relocs, vec![(0, Sym::Runtime(Rt::Puts))]);
    }

    #[test]
    fn an_unknown_global_is_an_error() {
        let g = Gdecl {
            name: "p".into(),
            ty: Ty::I64.ptr_to(),
            init: gi(GinitKind::Gid("nowhere".into())),
            span: Span::DUMMY,
        };
        let prog = Prog::default();
        assert!(layout_gdecl(&TypeEnv::new(&prog), &Syms::new(&prog), &g).is_err());
    }
}

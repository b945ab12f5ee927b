//! Global data: each `@IDENT = global T G` laid out as the bytes of T in
//! LLVM's data layout (spec::layout), with the pointer words that name
//! another global or a function left as relocations.

use crate::error::CodegenError;
use crate::minst::{Rt, Sym};
use spec::layout::Layout;
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

/// Lays out `@g = global T G` in LLVM's layout (spec::layout): each word
/// and string of the initializer at its byte offset (struct fields at their
/// aligned offsets, array elements at the element's size, an `i1` as one
/// byte), padding and the rest of `size_of(T)` zero. Walks the initializer
/// with an explicit stack, so deep nesting cannot overflow the host stack.
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
    let mut bytes = vec![0u8; size];
    let mut relocs = Vec::new();
    let too_big = |init: &spec::Ginit| {
        CodegenError::new(
            "",
            init.span,
            format!(
                "the initializer of @{} is larger than its type ({size} bytes)",
                g.name
            ),
        )
    };
    // (byte offset, type, initializer) still to write.
    let mut work: Vec<(usize, &Ty, &spec::Ginit)> = vec![(0, &g.ty, &g.init)];
    while let Some((at, ty, init)) = work.pop() {
        let mut put = |data: &[u8]| match bytes.get_mut(at..at + data.len()) {
            Some(dst) => {
                dst.copy_from_slice(data);
                Ok(())
            }
            None => Err(too_big(init)),
        };
        match &init.kind {
            GinitKind::Null => put(&[0; 8])?,
            GinitKind::Int(n) if matches!(env.unfold(ty), Ty::I1) => put(&[*n as u8 & 1])?,
            GinitKind::Int(n) => put(&n.to_le_bytes())?,
            GinitKind::Gid(name) => {
                let sym = syms.resolve(name).ok_or_else(|| {
                    CodegenError::new(
                        "",
                        init.span,
                        format!("@{name} names no global, function or runtime function"),
                    )
                })?;
                put(&[0; 8])?;
                relocs.push((at, sym));
            }
            GinitKind::Str(s) => {
                let n = usize::try_from(env.size_of(ty)).unwrap_or(s.len());
                put(s.get(..n.min(s.len())).unwrap_or(s))?;
            }
            GinitKind::Array(elems) => {
                for (k, (t, i)) in elems.iter().enumerate() {
                    let off = (k as u64).checked_mul(env.size_of(t));
                    let off = off.and_then(|o| usize::try_from(o).ok());
                    work.push((at.saturating_add(off.ok_or_else(|| too_big(init))?), t, i));
                }
            }
            GinitKind::Struct(elems) => {
                let tys: Vec<Ty> = elems.iter().map(|(t, _)| t.clone()).collect();
                let offs = env
                    .field_offsets_in(&tys, Layout::Llvm)
                    .ok_or_else(|| too_big(init))?;
                for (off, (t, i)) in offs.into_iter().zip(elems) {
                    let off = usize::try_from(off).map_err(|_| too_big(init))?;
                    work.push((at.saturating_add(off), t, i));
                }
            }
            GinitKind::Bitcast(from, inner, _) => work.push((at, from, inner)),
        }
    }
    relocs.sort_unstable_by_key(|(at, _)| *at);
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
    fn nested_initializers_follow_llvms_layout() {
        // @g = global { i64, [3 x i8], i64* } { 7, c"ab\00", @g }: the word at
        // 0, the string at 8..11, the pointer aligned to 8 at 16 (5 bytes of
        // padding before it), relocated to @g itself: 24 bytes.
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
        want.extend_from_slice(&[0; 5 + 8]);
        assert_eq!(d.bytes, want);
        assert_eq!(d.relocs, vec![(16, Sym::Global(0))]);
    }

    #[test]
    fn booleans_are_one_byte_and_arrays_step_by_the_padded_size() {
        // @b = global [2 x { i1, i64, i1 }]: each element is the i1 at 0,
        // the word at 8, the i1 at 16, padded to 24 bytes.
        let elem = Ty::Struct(vec![Ty::I1, Ty::I64, Ty::I1]);
        let e = |a: i64, w: i64, b: i64| {
            (
                elem.clone(),
                gi(GinitKind::Struct(vec![
                    (Ty::I1, gi(GinitKind::Int(a))),
                    (Ty::I64, gi(GinitKind::Int(w))),
                    (Ty::I1, gi(GinitKind::Int(b))),
                ])),
            )
        };
        let g = Gdecl {
            name: "b".into(),
            ty: Ty::Array(2, Box::new(elem.clone())),
            init: gi(GinitKind::Array(vec![e(1, 5, 0), e(0, -1, 1)])),
            span: Span::DUMMY,
        };
        let prog = Prog::default();
        let d = layout_gdecl(&TypeEnv::new(&prog), &Syms::new(&prog), &g).expect("layout");
        let mut want = vec![1, 0, 0, 0, 0, 0, 0, 0];
        want.extend_from_slice(&5i64.to_le_bytes());
        want.extend_from_slice(&[0; 8]);
        want.extend_from_slice(&[0; 8]);
        want.extend_from_slice(&(-1i64).to_le_bytes());
        want.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(d.bytes, want);
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

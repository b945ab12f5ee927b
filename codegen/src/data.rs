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

/// Lays out `@g = global T G`: the initializer's words and strings one after
/// the other (the course layout has no padding), then zero bytes up to
/// `size_of(T)`. Walks the initializer with an explicit stack, so deep
/// nesting cannot overflow the host stack.
pub fn layout_gdecl(env: &TypeEnv, syms: &Syms, g: &Gdecl) -> Result<GlobalData, CodegenError> {
    let size = env.size_of(&g.ty);
    let size = usize::try_from(size)
        .ok()
        .filter(|&s| s <= 1 << 32)
        .ok_or_else(|| {
            CodegenError::new(
                "",
                g.span,
                format!("global @{} is larger than 4 GiB", g.name),
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

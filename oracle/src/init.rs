//! The initial configuration (the spec's "Initial Configurations"): global
//! memory from the initializers, argv on the heap, and the entry function's
//! type.

use crate::interp::Stop;
use crate::memory::{Memory, NodeKind, Tree};
use crate::resolve::Program;
use crate::tytable::{TyId, TyNode, TyTable};
use crate::value::{BlockId, Path, Ptr, Value};
use spec::{Ginit, GinitKind, Ty};

/// `mval_of_gdecl`: the tree a global initializer builds for declared type
/// `ty`. A pointer stored by an initializer is tagged with the declared type
/// of the global (or function) it names; `bitcast` keeps the value. The
/// tree's shape follows `ty`, so an initializer that does not fit it (a
/// checker error) is refused.
pub fn mval_of_gdecl(
    prog: &Program,
    tys: &TyTable,
    ty: TyId,
    init: &Ginit,
) -> Result<Tree, String> {
    let node = tys.node(ty);
    let mismatch = || {
        format!(
            "an initializer does not have its declared type {}",
            spec::print::print_ty(tys.ty(ty))
        )
    };
    match (&init.kind, node) {
        (GinitKind::Str(bytes), TyNode::Array(n, _)) if tys.is_string(ty) => {
            if bytes.len() as u64 == *n {
                Ok(Tree::Str(bytes.clone()))
            } else {
                Err(mismatch())
            }
        }
        (GinitKind::Int(n), TyNode::I64 | TyNode::I1) => Ok(Tree::Word(Value::Int(*n))),
        (GinitKind::Null, TyNode::Ptr(_) | TyNode::OpaquePtr) => Ok(Tree::Word(
            prog.consts.first().cloned().ok_or_else(mismatch)?,
        )),
        (GinitKind::Gid(g), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
            let v = prog
                .names
                .get(g)
                .and_then(|&k| prog.consts.get(k as usize))
                .ok_or_else(|| format!("@{g} is not defined"))?;
            Ok(Tree::Word(*v))
        }
        (GinitKind::Bitcast(_, inner, _), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
            mval_of_gdecl(prog, tys, ty, inner)
        }
        (GinitKind::Array(items), TyNode::Array(n, e)) if items.len() as u64 == *n => {
            let children = items
                .iter()
                .map(|(_, g)| mval_of_gdecl(prog, tys, *e, g))
                .collect::<Result<_, _>>()?;
            Ok(Tree::Node {
                kind: NodeKind::Array,
                children,
            })
        }
        (GinitKind::Struct(items), TyNode::Struct(fs)) if items.len() == fs.len() => {
            let children = items
                .iter()
                .zip(fs)
                .map(|((_, g), f)| mval_of_gdecl(prog, tys, *f, g))
                .collect::<Result<_, _>>()?;
            Ok(Tree::Node {
                kind: NodeKind::Struct,
                children,
            })
        }
        _ => Err(mismatch()),
    }
}

/// Cells a tree takes (see `memory`'s module comment).
pub fn cells_of_tree(t: &Tree) -> u64 {
    match t {
        Tree::Word(_) => 1,
        Tree::Str(b) => (b.len() as u64).div_ceil(8).max(1),
        Tree::Node { children, .. } => children
            .iter()
            .map(cells_of_tree)
            .fold(0u64, u64::saturating_add)
            .max(1),
    }
}

/// Global memory: one block per global, built by `mval_of_gdecl`.
pub fn init_globals(
    prog: &Program,
    gdecls: &[spec::Gdecl],
    tys: &TyTable,
    mem: &mut Memory,
) -> Result<(), Stop> {
    for (g, info) in gdecls.iter().zip(&prog.globals) {
        let t = mval_of_gdecl(prog, tys, info.ty, &g.init).map_err(Stop::Internal)?;
        mem.cells = mem.cells.saturating_add(cells_of_tree(&t));
        mem.globals.push(vec![t]);
    }
    Ok(())
}

/// argv: each argument a heap string, and a heap block holding one array
/// node of `i8*` words pointing at them; the pointer to its first element.
pub fn init_argv(tys: &mut TyTable, mem: &mut Memory, argv: &[&[u8]]) -> Value {
    let mut words = Vec::with_capacity(argv.len());
    for a in argv {
        let mut bytes = a.to_vec();
        bytes.push(0);
        let n = bytes.len() as u64;
        mem.cells = mem.cells.saturating_add(n.div_ceil(8));
        let tag = tys.intern(&Ty::Array(n, Box::new(Ty::I8)));
        let h = mem.alloc_heap(Tree::Str(bytes));
        words.push(Tree::Word(Value::Ptr(Ptr {
            tag,
            block: BlockId::Heap(h),
            path: Path::single(0),
        })));
    }
    mem.cells = mem.cells.saturating_add(words.len() as u64);
    let tag = tys.intern(&Ty::Array(argv.len() as u64, Box::new(Ty::I8.ptr_to())));
    let h = mem.alloc_heap(Tree::Node {
        kind: NodeKind::Array,
        children: words,
    });
    Value::Ptr(Ptr {
        tag,
        block: BlockId::Heap(h),
        path: mem.paths.make(&[0, 0]),
    })
}

/// Whether the entry function's type is `i64()` (false) or
/// `i64(i64, i8**)` (true); `None` for any other type.
pub fn entry_takes_argv(env: &spec::TypeEnv, f: &spec::Fdecl) -> Option<bool> {
    if !env.ty_eq(&f.ret, &Ty::I64) {
        return None;
    }
    match f.params.as_slice() {
        [] => Some(false),
        [(_, a), (_, b)]
            if env.ty_eq(a, &Ty::I64) && env.ty_eq_opaque(b, &Ty::I8.ptr_to().ptr_to()) =>
        {
            Some(true)
        }
        _ => None,
    }
}

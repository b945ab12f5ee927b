//! The initial configuration (the spec's "Initial Configurations"): global
//! memory from the initializers, argv on the heap, and the entry function's
//! type.

use crate::ir::Program;
use crate::memory::{Alloc, AllocKind, Memory};
use crate::stop::Stop;
use crate::tytable::{TyId, TyNode, TyTable};
use crate::value::{Ptr, Value};
use spec::{Ginit, GinitKind, LimitKind, Ty};

/// `mval_of_gdecl`: the tree a global initializer builds for declared type
/// `ty`, appended to `out` as its cells (see `memory`); string bytes go to
/// `data`, the leaf's first cell holding their number. A pointer stored by
/// an initializer is tagged with the declared type of the global (or
/// function) it names; `bitcast` keeps the value. The tree's shape follows
/// `ty`, so an initializer that does not fit it (a checker error) is refused.
pub fn mval_of_gdecl(
    prog: &Program,
    tys: &mut TyTable,
    ty: TyId,
    init: &Ginit,
    out: &mut Vec<Value>,
    data: &mut Vec<Box<[u8]>>,
) -> Result<(), String> {
    let mismatch = |tys: &TyTable| {
        format!(
            "an initializer does not have its declared type {}",
            spec::print::print_ty(tys.ty(ty))
        )
    };
    let start = out.len();
    let is_string = tys.is_string(ty);
    match (&init.kind, tys.node(ty).clone()) {
        (GinitKind::Str(bytes), TyNode::Array(n, _)) if is_string && bytes.len() as u64 == n => {
            out.push(Value::Int(data.len() as i64));
            data.push(bytes.clone().into());
        }
        (GinitKind::Int(n), TyNode::I64 | TyNode::I1) => out.push(Value::Int(*n)),
        (GinitKind::Null, TyNode::Ptr(_) | TyNode::OpaquePtr) => {
            out.push(prog.consts.first().copied().ok_or_else(|| mismatch(tys))?)
        }
        (GinitKind::Gid(g), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
            let v = prog
                .names
                .get(g)
                .and_then(|&k| prog.consts.get(k as usize))
                .ok_or_else(|| format!("@{g} is not defined"))?;
            out.push(*v);
        }
        (GinitKind::Bitcast(_, inner, _), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
            mval_of_gdecl(prog, tys, ty, inner, out, data)?
        }
        (GinitKind::Array(items), TyNode::Array(n, e)) if !is_string && items.len() as u64 == n => {
            for (_, g) in items {
                mval_of_gdecl(prog, tys, e, g, out, data)?;
            }
        }
        (GinitKind::Struct(items), TyNode::Struct(fs)) if items.len() == fs.len() => {
            for ((_, g), f) in items.iter().zip(fs) {
                mval_of_gdecl(prog, tys, f, g, out, data)?;
            }
        }
        _ => return Err(mismatch(tys)),
    }
    // The rest of the tree's cells: a string's tail, an empty node's one.
    let cells = tys.cells(ty).ok_or_else(|| mismatch(tys))?;
    let end = usize::try_from(cells)
        .ok()
        .and_then(|c| start.checked_add(c))
        .ok_or_else(|| mismatch(tys))?;
    if out.len() < end {
        out.resize(end, Value::Int(0));
    }
    Ok(())
}

/// Global memory: one allocation per global, built by `mval_of_gdecl`
/// (allocation `i` is global `i`, as the program's constants expect).
pub fn init_globals(
    prog: &Program,
    gdecls: &[spec::Gdecl],
    tys: &mut TyTable,
    mem: &mut Memory,
) -> Result<(), Stop> {
    for (i, (g, info)) in gdecls.iter().zip(&prog.globals).enumerate() {
        let start = mem.words.len();
        mval_of_gdecl(prog, tys, info.ty, &g.init, &mut mem.words, &mut mem.data)
            .map_err(Stop::Internal)?;
        let too_big = || Stop::Limit(LimitKind::MemoryExhausted);
        let start = u32::try_from(start).map_err(|_| too_big())?;
        let expected = prog
            .global_const
            .get(i)
            .and_then(|&k| prog.consts.get(k as usize));
        if !matches!(expected, Some(Value::Ptr(p)) if p.off == start) {
            return Err(Stop::Internal(format!(
                "@{} is not where its pointer says",
                info.name
            )));
        }
        u32::try_from(mem.words.len()).map_err(|_| too_big())?;
        mem.cells = mem
            .cells
            .saturating_add((mem.words.len() - start as usize) as u64);
        mem.allocs.push(Alloc {
            gen: 0,
            start,
            kind: AllocKind::Global(i as u32),
        });
    }
    Ok(())
}

/// argv: each argument a heap string, and a heap block holding one array
/// node of `i8*` words pointing at them; the pointer to its first element.
pub fn init_argv(tys: &mut TyTable, mem: &mut Memory, argv: &[&[u8]]) -> Result<Value, Stop> {
    let exhausted = || Stop::Limit(LimitKind::MemoryExhausted);
    let mut words = Vec::with_capacity(argv.len());
    for a in argv {
        let mut bytes = a.to_vec();
        bytes.push(0);
        let n = bytes.len() as u64;
        mem.cells = mem.cells.saturating_add(n.div_ceil(8));
        let tag = tys.intern(&Ty::Array(n, Box::new(Ty::I8)));
        let place = tys.root_place(tag);
        let block = mem.alloc_heap_string(bytes).ok_or_else(exhausted)?;
        words.push(Value::Ptr(Ptr::root(block, 0, 0, place)));
    }
    mem.cells = mem.cells.saturating_add(words.len() as u64);
    let tag = tys.intern(&Ty::Array(argv.len() as u64, Box::new(Ty::I8.ptr_to())));
    let root = tys.root_place(tag);
    let elem = tys
        .child_place(root, 0)
        .ok_or_else(|| Stop::Internal("argv has no elements".into()))?;
    let h = mem.heap.len() as u32;
    mem.heap.push(None);
    let (block, start) = mem
        .allocate(0, AllocKind::Heap(h), words.len() as u64, Value::Int(0))
        .ok_or_else(exhausted)?;
    mem.words.truncate(start as usize);
    mem.words.extend(words);
    Ok(Value::Ptr(Ptr::root(block, 0, start, elem)))
}

/// The Oat entry's argv, as the Oat runtime's C `main` builds it: an Oat
/// array (`{ i64, [argc x i8*] }`: the length word, then each argument a
/// heap string); the pointer to the array.
pub fn init_oat_argv(tys: &mut TyTable, mem: &mut Memory, argv: &[&[u8]]) -> Result<Value, Stop> {
    let c_argv = init_argv(tys, mem, argv)?;
    let Value::Ptr(c) = c_argv else {
        return Err(Stop::Internal("argv is not a pointer".into()));
    };
    let n = argv.len() as u64;
    let strings: Vec<Value> = mem
        .words
        .get(c.off as usize..c.off as usize + argv.len())
        .ok_or_else(|| Stop::Internal("argv's strings are missing".into()))?
        .to_vec();
    mem.cells = mem.cells.saturating_add(n + 1);
    let tag = tys.intern(&Ty::Struct(vec![
        Ty::I64,
        Ty::Array(n, Box::new(Ty::I8.ptr_to())),
    ]));
    let root = tys.root_place(tag);
    let h = mem.heap.len() as u32;
    mem.heap.push(None);
    let (block, start) = mem
        .allocate(0, AllocKind::Heap(h), n + 1, Value::Int(n as i64))
        .ok_or(Stop::Limit(LimitKind::MemoryExhausted))?;
    mem.words.truncate(start as usize + 1);
    mem.words.extend(strings);
    Ok(Value::Ptr(Ptr::root(block, 0, start, root)))
}

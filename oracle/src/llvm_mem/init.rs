//! The initial configuration in LLVM's memory: each global an allocation
//! holding its initializer's bytes in LLVM's layout (padding zero, as in
//! an object file's data), the program's constant pointers made
//! addresses, and argv as the C start-up code lays it out.

use super::{LlvmMemory, Made};
use crate::ir::{Program, NULL_CONST};
use crate::stop::Stop;
use crate::tytable::{TyId, TyNode, TyTable};
use crate::value::{Addr, Value, FUNC_BIT, NO_PROV};
use spec::{Ginit, GinitKind, LimitKind};

/// Global memory for `prog` (whose globals are `gdecls`) at address
/// layout `layout`: one allocation per global, numbered as the globals
/// are, holding its initializer; `prog`'s constants (`null`, each global
/// and function) become their addresses in it.
pub fn init_globals(
    prog: &mut Program,
    gdecls: &[spec::Gdecl],
    tys: &mut TyTable,
    layout: super::AddressLayout,
) -> Result<LlvmMemory, Stop> {
    let mut mem = LlvmMemory::new(layout, prog.fun_refs.len());
    let exhausted = || Stop::Limit(LimitKind::MemoryExhausted);
    for (i, info) in prog.globals.iter().enumerate() {
        let size = mem.types.size(tys, info.ty).ok_or_else(exhausted)?;
        mem.allocate(size, Made::Global(i as u32), true)
            .ok_or_else(exhausted)?;
    }
    let globals: Vec<(u32, Addr)> = prog
        .global_const
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, mem.start(i as u32)))
        .collect();
    for (k, c) in prog.consts.iter_mut().enumerate() {
        *c = match *c {
            Value::Ptr(p) if p.block & FUNC_BIT != 0 && p.block != crate::value::NULL_BLOCK => {
                Value::Addr(mem.function_addr(p.block & !FUNC_BIT))
            }
            _ if k == NULL_CONST as usize => Value::Addr(Addr {
                addr: 0,
                prov: NO_PROV,
            }),
            v => match globals.iter().find(|(g, _)| *g as usize == k) {
                Some((_, a)) => Value::Addr(*a),
                None => v,
            },
        };
    }
    for (i, (g, info)) in gdecls.iter().zip(&prog.globals).enumerate() {
        let mut w = Writer {
            prog,
            tys,
            mem: &mut mem,
            id: i as u32,
        };
        w.write(info.ty, &g.init, 0).map_err(Stop::Internal)?;
    }
    Ok(mem)
}

/// Writes an initializer into one global's allocation.
struct Writer<'a> {
    prog: &'a Program,
    tys: &'a TyTable,
    mem: &'a mut LlvmMemory,
    id: u32,
}

impl Writer<'_> {
    /// `mval_of_gdecl` in bytes: initializer `init` of type `ty` at byte
    /// `off` of the global.
    fn write(&mut self, ty: TyId, init: &Ginit, off: usize) -> Result<(), String> {
        let mismatch = || {
            format!(
                "an initializer does not have its declared type {}",
                spec::print::print_ty(self.tys.ty(ty))
            )
        };
        match (&init.kind, self.tys.node(ty).clone()) {
            (GinitKind::Str(bytes), TyNode::Array(..)) => {
                for (k, b) in bytes.iter().enumerate() {
                    self.mem.store_int(self.id, off + k, 1, u64::from(*b));
                }
            }
            (GinitKind::Int(n), TyNode::I64) => self.mem.store_int(self.id, off, 8, *n as u64),
            (GinitKind::Int(n), TyNode::I1) => self.mem.store_int(self.id, off, 1, *n as u64 & 1),
            (GinitKind::Null, TyNode::Ptr(_) | TyNode::OpaquePtr) => {}
            (GinitKind::Gid(g), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
                let v = self
                    .prog
                    .names
                    .get(g)
                    .and_then(|&k| self.prog.consts.get(k as usize))
                    .ok_or_else(|| format!("@{g} is not defined"))?;
                let Value::Addr(a) = *v else {
                    return Err(format!("@{g} has no address"));
                };
                self.mem.store_ptr(self.id, off, &a);
            }
            (GinitKind::Bitcast(_, inner, _), TyNode::Ptr(_) | TyNode::OpaquePtr) => {
                self.write(ty, inner, off)?
            }
            (GinitKind::Array(items), TyNode::Array(_, e)) => {
                let each = self.mem.types.size(self.tys, e).ok_or_else(mismatch)? as usize;
                for (k, (_, g)) in items.iter().enumerate() {
                    self.write(e, g, off + k * each)?;
                }
            }
            (GinitKind::Struct(items), TyNode::Struct(fs)) if items.len() == fs.len() => {
                for (k, ((_, g), f)) in items.iter().zip(fs).enumerate() {
                    let at = self
                        .mem
                        .types
                        .gep_offset(self.tys, ty, &[0, k as i64])
                        .ok_or_else(mismatch)? as usize;
                    self.write(f, g, off + at)?;
                }
            }
            _ => return Err(mismatch()),
        }
        Ok(())
    }
}

/// C's argv: each argument a string allocation, and an allocation of
/// `argc + 1` pointers to them, the last `null`; the pointer to it.
pub fn init_argv(mem: &mut LlvmMemory, argv: &[&[u8]]) -> Result<Value, Stop> {
    let strings = strings(mem, argv)?;
    let exhausted = || Stop::Limit(LimitKind::MemoryExhausted);
    let n = strings.len() as u64 + 1;
    let id = mem
        .allocate(8 * n, Made::Argv, true)
        .ok_or_else(exhausted)?;
    for (k, s) in strings.iter().enumerate() {
        mem.store_ptr(id, 8 * k, s);
    }
    Ok(Value::Addr(mem.start(id)))
}

/// The Oat entry's argv, as the Oat runtime's C `main` builds it: an Oat
/// array `{ i64, [argc x i8*] }` of the argument strings.
pub fn init_oat_argv(mem: &mut LlvmMemory, argv: &[&[u8]]) -> Result<Value, Stop> {
    let strings = strings(mem, argv)?;
    let exhausted = || Stop::Limit(LimitKind::MemoryExhausted);
    let n = strings.len() as u64;
    let id = mem
        .allocate(8 * (n + 1), Made::Heap, true)
        .ok_or_else(exhausted)?;
    mem.store_int(id, 0, 8, n);
    for (k, s) in strings.iter().enumerate() {
        mem.store_ptr(id, 8 * (k + 1), s);
    }
    Ok(Value::Addr(mem.start(id)))
}

/// Each argument a NUL-terminated string allocation; pointers to them.
fn strings(mem: &mut LlvmMemory, argv: &[&[u8]]) -> Result<Vec<Addr>, Stop> {
    argv.iter()
        .map(|a| {
            let id = mem
                .allocate(a.len() as u64 + 1, Made::Argv, true)
                .ok_or(Stop::Limit(LimitKind::MemoryExhausted))?;
            for (k, b) in a.iter().enumerate() {
                mem.store_int(id, k, 1, u64::from(*b));
            }
            Ok(mem.start(id))
        })
        .collect()
}

//! Two rules of LLVM's parser that LLVMlite's lacks, both about how a text
//! is written (the canonical printer never breaks them, so a program that
//! does is lowered by printing it again):
//! - `i64-struct-index`: LLVM reads a struct field index only as `i32`;
//! - `late-type-definitions`: LLVM needs a named type defined before a use
//!   that needs its size (`alloca %T`, `load %T`, `getelementptr %T`, a
//!   global of type `%T`), directly or through the types it contains;
//!   a use behind a pointer (`%T*`) may come first.

use super::features::Feature;
use super::Use;
use crate::ast::{InsnKind, Prog, Ty};
use crate::span::{Source, Span};
use crate::types::TypeEnv;
use std::collections::{HashMap, HashSet};

/// A named type written unboxed (not behind a pointer) in a top-level item
/// other than a type definition: the name, where the item starts, where
/// the type is written.
pub(super) struct Mention {
    /// The named type.
    pub name: String,
    /// The start of the global, declare or function that writes it.
    pub item: u32,
    /// Where (the node that writes the type).
    pub span: Span,
}

/// The named types `t` holds unboxed: outside every pointer type (a
/// function type is only ever written behind a pointer or as a header).
pub(super) fn unboxed_names<'a>(t: &'a Ty, out: &mut Vec<&'a str>) {
    match t {
        Ty::Named(n) => out.push(n),
        Ty::Struct(fields) => fields.iter().for_each(|f| unboxed_names(f, out)),
        Ty::Array(_, elem) => unboxed_names(elem, out),
        Ty::Fun(params, ret) => {
            params.iter().for_each(|p| unboxed_names(p, out));
            unboxed_names(ret, out);
        }
        Ty::Ptr(_) | Ty::OpaquePtr | Ty::Void | Ty::I1 | Ty::I8 | Ty::I64 => {}
    }
}

/// `late-type-definitions`: each mention of a named type whose definition
/// (or the definition of a named type it holds unboxed, transitively)
/// comes after the item that mentions it.
pub(super) fn late_type_definitions(prog: &Prog, mentions: &[Mention]) -> Vec<Use> {
    let mut defined_at: HashMap<&str, u32> = HashMap::new();
    let mut defs: HashMap<&str, &Ty> = HashMap::new();
    for t in &prog.tdecls {
        defined_at.entry(&t.name).or_insert(t.span.lo);
        defs.entry(&t.name).or_insert(&t.ty);
    }
    let mut out = Vec::new();
    for m in mentions {
        // The named types the mention needs defined: its own and, through
        // their definitions, every one they hold unboxed.
        let mut seen: HashSet<&str> = HashSet::new();
        let mut todo = vec![m.name.as_str()];
        while let Some(n) = todo.pop() {
            if !seen.insert(n) {
                continue;
            }
            if defined_at.get(n).is_some_and(|&at| at > m.item) {
                let via = if n == m.name {
                    String::new()
                } else {
                    format!(", needed by %{}", m.name)
                };
                out.push(Use {
                    feature: Feature::LateTypeDefinitions,
                    span: m.span,
                    what: format!("%{n} used before its definition{via}"),
                });
                break;
            }
            if let Some(t) = defs.get(n) {
                unboxed_names(t, &mut todo);
            }
        }
    }
    out
}

/// `i64-struct-index`: each GEP index written `i64` (its span ends at one
/// of `i64_ends`, the ends of the parser's `I64Index` facts) that selects
/// a struct field.
pub(super) fn i64_struct_indices(
    prog: &Prog,
    env: &TypeEnv,
    src: &Source,
    i64_ends: &HashSet<u32>,
) -> Vec<Use> {
    let mut out = Vec::new();
    if i64_ends.is_empty() {
        return out;
    }
    for f in &prog.fdecls {
        for b in super::lower::blocks(&f.cfg) {
            for i in &b.insns {
                let InsnKind::Gep { base_ty, idxs, .. } = &i.kind else {
                    continue;
                };
                let selectors = env.field_selectors(base_ty, idxs);
                for (idx, selects) in idxs.iter().zip(selectors) {
                    if selects && i64_ends.contains(&idx.span.hi) {
                        let line = src.line_col(idx.span.lo).0;
                        let op = src
                            .text
                            .get(idx.span.lo as usize..idx.span.hi as usize)
                            .unwrap_or("");
                        out.push(Use {
                            feature: Feature::I64StructIndex,
                            span: idx.span,
                            what: format!(
                                "field index `i64 {op}` in `{}`",
                                src.line_text(line).trim()
                            ),
                        });
                    }
                }
            }
        }
    }
    out
}

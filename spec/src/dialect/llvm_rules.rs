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
    // Per mentioned name, once: the last definition it needs and where.
    let mut last: HashMap<&str, Option<(u32, &str)>> = HashMap::new();
    let mut out = Vec::new();
    for m in mentions {
        let needed = *last
            .entry(&m.name)
            .or_insert_with(|| last_definition(&m.name, &defined_at, &defs));
        let Some((_, n)) = needed.filter(|&(at, _)| at > m.item) else {
            continue;
        };
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
    }
    out
}

/// The last-written definition among `name`'s and those of every named
/// type it holds unboxed, transitively: where it starts and whose it is
/// (None when none is defined).
fn last_definition<'a>(
    name: &'a str,
    defined_at: &HashMap<&str, u32>,
    defs: &HashMap<&'a str, &'a Ty>,
) -> Option<(u32, &'a str)> {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut todo = vec![name];
    let mut last: Option<(u32, &str)> = None;
    while let Some(n) = todo.pop() {
        if !seen.insert(n) {
            continue;
        }
        if let Some(&at) = defined_at.get(n) {
            if last.is_none_or(|(l, _)| at > l) {
                last = Some((at, n));
            }
        }
        if let Some(t) = defs.get(n) {
            unboxed_names(t, &mut todo);
        }
    }
    last
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
        for b in f.cfg.blocks() {
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

#[cfg(test)]
mod tests {
    use crate::dialect::{uses_in_text, Feature};
    use crate::span::Source;

    fn late_lines(text: &str) -> Vec<u32> {
        let src = Source::new("t.ll", text);
        uses_in_text(&src)
            .expect("parses")
            .into_iter()
            .filter(|u| u.feature == Feature::LateTypeDefinitions)
            .map(|u| u.line(&src))
            .collect()
    }

    #[test]
    fn unboxed_cycles_end_and_pointers_need_no_definition() {
        // %a and %b hold each other unboxed (the checker rejects that; the
        // walk must still end): the GEP on line 2 needs both, defined later.
        let text = "define i64 @f(%a* %p) {\n  %q = getelementptr %a, %a* %p, i64 0, i32 0\n  ret i64 0\n}\n%a = type { %b }\n%b = type { %a }\n";
        assert_eq!(late_lines(text), vec![2]);
        // Only behind pointers: no use.
        let ptrs = "define i64 @f(%a* %p) {\n  %q = bitcast %a* %p to %b*\n  ret i64 0\n}\n%a = type { i64, %b* }\n%b = type { %a* }\n";
        assert_eq!(late_lines(ptrs), Vec::<u32>::new());
    }
}

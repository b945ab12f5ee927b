//! Feature uses: every place a program uses a feature some dialect lacks,
//! read off the tree ([`uses_in_prog`]) or off the text and its tree
//! ([`uses_in_text`], which also knows how names, literals and `load`s are
//! written).

use super::features::Feature;
use super::llvm_rules::{i64_struct_indices, late_type_definitions, unboxed_names, Mention};
use super::names::plain_name_feature;
use super::{Dialect, Use};
use crate::ast::{
    Block, Cfg, Ginit, GinitKind, InsnKind, Operand, OperandKind, Prog, TermKind, Ty,
};
use crate::diag::Diagnostic;
use crate::parse::{parse_with_facts, SyntaxFact};
use crate::print::print_ty;
use crate::span::{Source, Span};
use crate::types::TypeEnv;
use std::collections::HashSet;

/// The smallest magnitude of a `big-literals` literal: 2^62.
pub(super) const BIG: u64 = 1 << 62;

/// True for a literal of magnitude at least 2^62.
pub(super) fn is_big(n: i64) -> bool {
    n.unsigned_abs() >= BIG
}

/// Every feature use visible in the tree alone, as any printing of it
/// would need: literals by value, names by their characters, types,
/// initializers, allocas, undeclared runtime functions. The load/gep
/// syntax and `true`/`false` are the printer's choice and never uses here.
pub fn uses_in_prog(prog: &Prog) -> Vec<Use> {
    let mut w = Walk::new(prog, true);
    w.prog();
    w.out
}

/// Every feature use in a program text: the tree's ([`uses_in_prog`]),
/// except that names and minus signs are judged as written (`%"1"` uses
/// `quoted-names`, `%1` `numbered-names`), plus the syntax the tree does
/// not keep (load/gep syntax, `true`/`false`, `target` lines, struct
/// indices written `i64`, types defined after their use, ...); in text
/// order. `Err` when the text does not parse.
pub fn uses_in_text(src: &Source) -> Result<Vec<Use>, Diagnostic> {
    let (prog, facts) = parse_with_facts(src)?;
    let mut w = Walk::new(&prog, false);
    w.prog();
    let mut out = w.out;
    out.extend(late_type_definitions(&prog, &w.mentions));
    let i64_ends: HashSet<u32> = facts
        .iter()
        .filter(|(f, _)| *f == SyntaxFact::I64Index)
        .map(|(_, s)| s.hi)
        .collect();
    out.extend(i64_struct_indices(&prog, &w.env, src, &i64_ends));
    for (fact, span) in facts {
        let text = src
            .text
            .get(span.lo as usize..span.hi as usize)
            .unwrap_or("");
        let what = format!("`{text}`");
        let feature = match fact {
            SyntaxFact::TypedLoadGep => Some(Feature::TypedLoadGep),
            SyntaxFact::SpecLoadGep => Some(Feature::SpecLoadGep),
            SyntaxFact::NegativeLiteral => Some(Feature::NegativeLiterals),
            SyntaxFact::TrueFalse => Some(Feature::TrueFalseLiterals),
            SyntaxFact::QuotedName => Some(Feature::QuotedNames),
            SyntaxFact::PlainName => plain_name_feature(text.get(1..).unwrap_or(""), false),
            SyntaxFact::PlainLabel => plain_name_feature(text.trim_end_matches(':'), true),
            SyntaxFact::LlvmExtra => Some(Feature::LlvmExtras),
            // Judged with the types, above.
            SyntaxFact::I64Index => None,
        };
        let Some(feature) = feature else { continue };
        let what = match fact {
            SyntaxFact::TypedLoadGep | SyntaxFact::SpecLoadGep => {
                let line = src.line_col(span.lo).0;
                format!("`{}`", src.line_text(line).trim())
            }
            _ => what,
        };
        out.push(Use {
            feature,
            span,
            what,
        });
    }
    out.sort_by_key(|u| u.span.lo);
    Ok(out)
}

/// `Ok` when every use in the text is in dialect `d`, else the first use
/// (in text order) that is not. A text that does not parse has no uses
/// here (`Ok`): parsing it is the caller's first step.
pub fn conforms(src: &Source, d: &Dialect) -> Result<(), Use> {
    match uses_in_text(src) {
        Ok(uses) => match uses.into_iter().find(|u| !d.has(u.feature)) {
            Some(u) => Err(u),
            None => Ok(()),
        },
        Err(_) => Ok(()),
    }
}

/// The names of the globals, functions and declares of `prog` (they share
/// one namespace).
pub(super) fn global_names(prog: &Prog) -> impl Iterator<Item = &str> {
    let data = prog.gdecls.iter().map(|g| g.name.as_str());
    let funs = prog.fdecls.iter().map(|f| f.name.as_str());
    data.chain(funs)
        .chain(prog.edecls.iter().map(|e| e.name.as_str()))
}

/// A walk over the tree collecting uses.
struct Walk<'a> {
    prog: &'a Prog,
    env: TypeEnv,
    /// Whether names and negative literals are judged from the tree
    /// (false when the text's syntax facts judge them).
    tree_syntax: bool,
    /// Globals, functions and declares defined in the program.
    defined: HashSet<&'a str>,
    /// Where the current global, declare or function starts (None in a
    /// type definition).
    item: Option<u32>,
    /// Named types written unboxed in globals, declares and functions
    /// (text only: their order matters to `late-type-definitions`).
    mentions: Vec<Mention>,
    out: Vec<Use>,
}

impl<'a> Walk<'a> {
    fn new(prog: &'a Prog, tree_syntax: bool) -> Walk<'a> {
        let defined = global_names(prog).collect();
        Walk {
            prog,
            env: TypeEnv::new(prog),
            tree_syntax,
            defined,
            item: None,
            mentions: Vec::new(),
            out: Vec::new(),
        }
    }

    fn push(&mut self, feature: Feature, span: Span, what: String) {
        self.out.push(Use {
            feature,
            span,
            what,
        });
    }

    fn prog(&mut self) {
        let prog = self.prog;
        for t in &prog.tdecls {
            self.name(&t.name, '%', false, t.span);
            self.ty(&t.ty, t.span);
        }
        for g in &prog.gdecls {
            self.item = Some(g.span.lo);
            self.name(&g.name, '@', false, g.span);
            self.ty(&g.ty, g.span);
            self.ginit(&g.name, &g.init);
        }
        for e in &prog.edecls {
            self.item = Some(e.span.lo);
            self.name(&e.name, '@', false, e.span);
            self.header_ty(&e.ty, e.span);
        }
        for f in &prog.fdecls {
            self.item = Some(f.span.lo);
            self.name(&f.name, '@', false, f.span);
            self.ty(&f.ret, f.span);
            for (p, t) in &f.params {
                self.name(p, '%', false, f.span);
                self.ty(t, f.span);
            }
            self.cfg(&f.name, &f.cfg, f.span);
        }
    }

    /// A `declare`'s function type: its parameters and return type are
    /// written, the function type itself is not.
    fn header_ty(&mut self, t: &Ty, span: Span) {
        match t {
            Ty::Fun(params, ret) => {
                params.iter().for_each(|p| self.ty(p, span));
                self.ty(ret, span);
            }
            other => self.ty(other, span),
        }
    }

    /// The name rules (tree only): the feature needed to write it plain.
    fn name(&mut self, name: &str, sigil: char, label_def: bool, span: Span) {
        if !self.tree_syntax {
            return;
        }
        if let Some(f) = plain_name_feature(name, label_def) {
            let what = if label_def {
                format!("label {name}:")
            } else {
                format!("name {sigil}{name}")
            };
            self.push(f, span, what);
        }
    }

    /// An integer literal (in an instruction or an initializer).
    fn literal(&mut self, n: i64, span: Span) {
        if n < 0 && self.tree_syntax {
            self.push(Feature::NegativeLiterals, span, format!("literal {n}"));
        }
        if is_big(n) {
            self.push(Feature::BigLiterals, span, format!("literal {n}"));
        }
    }

    /// A written type: `{}`, `T ()`, `ptr`, strings inside aggregates, and
    /// (text only) the named types it holds unboxed.
    fn ty(&mut self, t: &Ty, span: Span) {
        if let (Some(item), false) = (self.item, self.tree_syntax) {
            let mut names = Vec::new();
            unboxed_names(t, &mut names);
            self.mentions.extend(names.into_iter().map(|n| Mention {
                name: n.to_string(),
                item,
                span,
            }));
        }
        let mut found = Vec::new();
        shapes(t, &mut found);
        for f in found {
            self.push(f, span, format!("type {}", print_ty(t)));
        }
        if string_in_aggregate(&self.env, t, false, 0) {
            self.push(
                Feature::StringInAggregate,
                span,
                format!("type {}", print_ty(t)),
            );
        }
    }

    /// A global's initializer, nested ones included.
    fn ginit(&mut self, global: &str, g: &Ginit) {
        let mut stack = vec![g];
        while let Some(g) = stack.pop() {
            match &g.kind {
                GinitKind::Int(n) => self.literal(*n, g.span),
                GinitKind::Str(bytes) => {
                    if let Some(what) = string_problem(bytes) {
                        self.push(
                            Feature::StringEscapes,
                            g.span,
                            format!("global @{global}: {what}"),
                        );
                    }
                }
                GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                    for (t, e) in elems {
                        self.ty(t, e.span);
                        stack.push(e);
                    }
                }
                GinitKind::Bitcast(from, inner, to) => {
                    self.push(
                        Feature::GlobalBitcastInit,
                        g.span,
                        format!("global @{global}: bitcast initializer"),
                    );
                    self.ty(from, g.span);
                    self.ty(to, g.span);
                    stack.push(inner);
                }
                GinitKind::Gid(n) => self.mention(n, g.span),
                GinitKind::Null => {}
            }
        }
    }

    /// A mention of `@name`: a runtime function with no `declare`?
    fn mention(&mut self, name: &str, span: Span) {
        if !self.defined.contains(name) && !crate::check::runtime_types(name).is_empty() {
            self.push(
                Feature::UndeclaredRuntimeCalls,
                span,
                format!("@{name} with no declare"),
            );
        }
    }

    fn cfg(&mut self, fname: &str, c: &Cfg, span: Span) {
        if let Some(l) = &c.entry_label {
            if l != "entry" && self.tree_syntax {
                self.name(l, '%', true, span);
                self.push(
                    Feature::LlvmExtras,
                    span,
                    format!("entry label {l}: in @{fname}"),
                );
            }
        }
        self.block(fname, &c.entry);
        for b in &c.blocks {
            self.name(&b.label, '%', true, b.label_span);
            self.block(fname, &b.block);
        }
        for (b, reached) in c.blocks.iter().zip(c.reachable()) {
            if !reached {
                self.undominated_uses(fname, &b.label, &b.block);
            }
        }
    }

    /// `undominated-uses` in the unreachable block `label`: every local it
    /// reads that is not defined earlier in the block (parameters are
    /// defined everywhere).
    fn undominated_uses<'b>(&mut self, fname: &str, label: &str, b: &'b Block) {
        let params: HashSet<&str> = self
            .prog
            .fdecl(fname)
            .map(|f| f.params.iter().map(|(p, _)| p.as_str()).collect())
            .unwrap_or_default();
        let mut defined: HashSet<&str> = HashSet::new();
        let mut reads: Vec<(&str, Span)> = Vec::new();
        let mut seen = |op: &'b Operand, defined: &HashSet<&str>| {
            if let OperandKind::Id(x) = &op.kind {
                if !defined.contains(x.as_str()) && !params.contains(x.as_str()) {
                    reads.push((x.as_str(), op.span));
                }
            }
        };
        for i in &b.insns {
            crate::visit::insn_operands(&i.kind, |op| seen(op, &defined));
            if let Some(r) = &i.result {
                defined.insert(r.as_str());
            }
        }
        if let TermKind::Ret(_, Some(op)) | TermKind::Cbr(op, _, _) = &b.term.kind {
            seen(op, &defined);
        }
        for (x, span) in reads {
            self.push(
                Feature::UndominatedUses,
                span,
                format!("%{x} used in the unreachable block %{label} of @{fname}"),
            );
        }
    }

    fn block(&mut self, fname: &str, b: &Block) {
        for i in &b.insns {
            if let Some(r) = &i.result {
                self.name(r, '%', false, i.span);
            }
            let mut tys: Vec<&Ty> = Vec::new();
            match &i.kind {
                InsnKind::Binop { ty, .. } | InsnKind::Icmp { ty, .. } => tys.push(ty),
                InsnKind::Alloca { ty } => {
                    tys.push(ty);
                    if matches!(self.env.unfold(ty), Ty::Struct(_) | Ty::Array(..)) {
                        self.push(
                            Feature::AggregateAlloca,
                            i.span,
                            format!("alloca {} in @{fname}", print_ty(ty)),
                        );
                    }
                }
                InsnKind::Load { ty, ptr_ty, .. } => tys.extend([ty, ptr_ty]),
                InsnKind::Store { ty, ptr_ty, .. } => tys.extend([ty, ptr_ty]),
                InsnKind::Call { ret, args, .. } => {
                    tys.push(ret);
                    tys.extend(args.iter().map(|(t, _)| t));
                }
                InsnKind::Gep {
                    base_ty, ptr_ty, ..
                } => tys.extend([base_ty, ptr_ty]),
                InsnKind::Bitcast { from, to, .. } => tys.extend([from, to]),
            }
            for t in tys {
                self.ty(t, i.span);
            }
            crate::visit::insn_operands(&i.kind, |op| self.operand(&op.kind, op.span));
        }
        match &b.term.kind {
            TermKind::Ret(t, op) => {
                self.ty(t, b.term.span);
                if let Some(op) = op {
                    self.operand(&op.kind, op.span);
                }
            }
            TermKind::Cbr(op, _, _) => self.operand(&op.kind, op.span),
            TermKind::Br(_) => {}
        }
    }

    fn operand(&mut self, op: &OperandKind, span: Span) {
        match op {
            OperandKind::Const(n) => self.literal(*n, span),
            OperandKind::Gid(g) => self.mention(g, span),
            OperandKind::Id(_) | OperandKind::Null => {}
        }
    }
}

/// The type shapes some dialects cannot write, anywhere in `t`:
/// `T ()` (no parameters), `{}`, `ptr`.
fn shapes(t: &Ty, found: &mut Vec<Feature>) {
    let add = |f: Feature, found: &mut Vec<Feature>| {
        if !found.contains(&f) {
            found.push(f);
        }
    };
    match t {
        Ty::Fun(params, ret) => {
            if params.is_empty() {
                add(Feature::EmptyParamFunTypes, found);
            }
            params.iter().for_each(|p| shapes(p, found));
            shapes(ret, found);
        }
        Ty::Struct(fields) => {
            if fields.is_empty() {
                add(Feature::EmptyStructTypes, found);
            }
            fields.iter().for_each(|f| shapes(f, found));
        }
        Ty::OpaquePtr => add(Feature::OpaquePointers, found),
        Ty::Ptr(inner) | Ty::Array(_, inner) => shapes(inner, found),
        Ty::Void | Ty::I1 | Ty::I8 | Ty::I64 | Ty::Named(_) => {}
    }
}

/// True when `t`'s layout holds a non-empty `[N x i8]` inside a struct or
/// an array (`inside`: `t` itself is such an element). Named types are
/// unfolded (at most 64 deep; they can only recur through pointers, where
/// the walk stops).
pub(super) fn string_in_aggregate(env: &TypeEnv, t: &Ty, inside: bool, depth: usize) -> bool {
    if depth > 64 {
        return false;
    }
    match env.unfold(t) {
        Ty::Array(n, elem) if **elem == Ty::I8 => inside && *n > 0,
        Ty::Array(_, elem) => string_in_aggregate(env, elem, true, depth + 1),
        Ty::Struct(fields) => fields
            .iter()
            .any(|f| string_in_aggregate(env, f, true, depth + 1)),
        _ => false,
    }
}

/// Why a string constant is not printable text ending in one `\00` (what
/// the course lexers read as written), or None.
pub(super) fn string_problem(bytes: &[u8]) -> Option<String> {
    if crate::print::raw_string_body(bytes).is_some() {
        return None;
    }
    let Some((&last, body)) = bytes.split_last() else {
        return Some("an empty string, no final \\00".to_string());
    };
    if last != 0 {
        return Some("no final \\00".to_string());
    }
    body.iter()
        .find(|&&b| !(0x20..0x7f).contains(&b) || b == b'"' || b == b'\\')
        .map(|b| format!("\\{b:02X}"))
}

//! The checker: every well-formedness rule of the spec's "Structure and
//! Well-Formedness of Programs" section, and the decisions of
//! docs/semantics.md about what the checker accepts.
//!
//! Each rule has a stable kebab-case id (listed with a one-line description
//! in [`RULES`]) and one function named for it. The checker never stops at
//! the first problem: it reports every diagnostic it finds, in the order
//! named types, globals and declarations, then each function.
//!
//! The rules are grouped by the part of the spec they come from:
//! - `types.rs`: named types and where each kind of type may appear;
//! - `globals.rs`: the global namespace, initializers and `declare`s;
//! - `operands.rs`: the type of an operand;
//! - `insns.rs`: the table of instructions;
//! - `terms.rs`: the table of terminators;
//! - `cfg.rs`: labels, locals and dominance (well-scoped locals);
//! - `entry.rs`: the signature of the entry function.
//!
//! Decisions where the spec is silent (each tested in spec/tests/testsuite/check.rs):
//! - An instruction with a value may leave it unnamed (LLVM numbers it);
//!   only a void call that binds a result is an error (`call-void-binds`).
//! - Only uses in blocks reachable from the entry are checked for
//!   `dominance`, as LLVM's verifier does; an unreachable use needs only a
//!   definition somewhere in the function (`local-defined`).
//! - A direct call must name a defined function or a runtime function
//!   (docs/semantics.md); calling a `declare`d name that is neither is
//!   `call-undefined`. Runtime functions need no `declare`.
//! - A literal that cannot have the expected type (an integer where a
//!   pointer is expected, `null` where an integer is, `2` where an `i1` is)
//!   breaks `operand-type`; a local or global of the wrong type breaks the
//!   rule of the instruction that expects the type (`binop-type`, ...).
//! - A local whose annotated type is not simple is reported once, where the
//!   type is written; its uses are not compared again.
//! - LLVM 15's opaque `ptr` equals every pointer type at the same
//!   position, at any depth (`ptr*` equals `i64**`, `{ i64, ptr }` equals
//!   `{ i64, i8* }`), so typed and opaque pointers mix in one program; the
//!   rules this leaves unapplied are listed by [`rules_skipped_for_opaque`].
//! - `alloca` accepts aggregate types (docs/semantics.md).
//! - A program without the entry function is accepted (the runner reports
//!   the missing entry).
//!
//! Named types are checked first. A cycle of named types not broken by a
//! pointer makes type equality meaningless, so then the checker still runs
//! every rule but accepts every type comparison (`Checker::same`), and it
//! never calls a function that unfolds named types recursively.

mod cfg;
mod entry;
mod globals;
mod insns;
mod operands;
mod terms;
mod types;

pub use crate::opaque::{rules_skipped_for_opaque, RULES_SKIPPED_FOR_OPAQUE};
pub use entry::{entry_args, oat_argv_ty, EntryArgs};
pub use globals::runtime_types;

use crate::ast::{Fdecl, Prog, Ty};
use crate::diag::Diagnostic;
use crate::print::print_ty;
use crate::span::Span;
use crate::types::TypeEnv;
use rustc_hash::FxHashMap as HashMap;

/// Every rule id the checker reports, with a one-line description; the
/// corpus coverage table lists these.
pub const RULES: &[(&str, &str)] = &[
    ("duplicate-type", "a named type is defined at most once"),
    ("type-defined", "every named type used anywhere is defined"),
    (
        "type-size",
        "a data type's size is at most 2^63 - 1 bytes in both layouts (the course layout and LLVM's)",
    ),
    (
        "type-cycle",
        "every cycle of named types is broken by a pointer",
    ),
    (
        "void-position",
        "void appears only as the return type of a function or call",
    ),
    (
        "i8-position",
        "i8 appears only under a pointer (i8*) or as the element of an array ([N x i8])",
    ),
    (
        "function-position",
        "a function type appears only under a pointer or as the type of a function or declare",
    ),
    (
        "param-simple",
        "parameters of functions, declares and function types have simple types (i1, i64, pointers)",
    ),
    (
        "return-type",
        "return types of functions, declares and function types are simple or void",
    ),
    (
        "local-simple",
        "the result and argument types of a call are simple (locals hold simple values only; alloca may allocate aggregates)",
    ),
    (
        "duplicate-global",
        "globals, functions and declares share one namespace and each name is defined once",
    ),
    (
        "runtime-defined",
        "no function or global data is named after a runtime function (ll_puts, ll_strcat, ll_ltoa)",
    ),
    (
        "global-init",
        "a global's initializer has the global's declared type",
    ),
    (
        "string-length",
        "a string initializer c\"...\" has type [N x i8] with N its length in bytes, the \\00 included",
    ),
    (
        "array-length",
        "an array initializer [N x T] has exactly N elements",
    ),
    (
        "declare-type",
        "a declare has a function type, and a runtime function (ll_puts, ll_strcat, ll_ltoa) its runtime type",
    ),
    ("local-defined", "every local used is defined in its function"),
    (
        "global-defined",
        "every global used is defined or declared (or is a runtime function)",
    ),
    (
        "operand-type",
        "a literal fits its expected type: an integer is i64 (0 and 1 also i1), null is a pointer",
    ),
    (
        "binop-type",
        "a binary operation is at type i64 (and, or, xor also at i1) and both operands have that type",
    ),
    (
        "load-type",
        "load S, S* OP: S is simple, the pointer type is S* and OP has it",
    ),
    (
        "store-type",
        "store S OP1, S* OP2: S is simple, OP1 has type S, the pointer type is S* and OP2 has it; store binds nothing",
    ),
    (
        "icmp-type",
        "icmp CND S OP1, OP2: S is simple and both operands have type S",
    ),
    (
        "call-type",
        "the callee is a function pointer whose return type is the call's annotated return type",
    ),
    (
        "call-arity",
        "a call passes as many arguments as the callee's type has parameters",
    ),
    (
        "call-arg-type",
        "each argument's annotated type is the callee's parameter type and the argument has it",
    ),
    ("call-void-binds", "a call of a void function binds no result"),
    (
        "call-undefined",
        "a direct call names a defined function or a runtime function",
    ),
    (
        "gep-type",
        "getelementptr T1, T1* OP: the pointer type is T1* and OP has it",
    ),
    ("gep-index-type", "getelementptr indices have type i64"),
    (
        "gepty",
        "GEPTY is defined: indices exist, struct indices are constant and in range, only aggregates are indexed",
    ),
    (
        "bitcast-type",
        "bitcast T1* OP to T2*: both types are pointers and OP has type T1* (or bitcast S OP to S for a non-pointer S)",
    ),
    (
        "ret-type",
        "ret's type is the function's return type (ret void only in void functions) and its operand has it",
    ),
    ("label-defined", "every branch target is a label of the function"),
    ("cbr-type", "the condition of a conditional branch has type i1"),
    (
        "entry-branch-target",
        "no branch targets the entry block",
    ),
    ("duplicate-label", "each label is defined once in a function"),
    (
        "label-local-clash",
        "no label has the name of a local (labels and locals share one namespace, as in LLVM)",
    ),
    (
        "duplicate-local",
        "each local (parameters included) is defined once in a function",
    ),
    (
        "dominance",
        "every use of a local in a reachable block is dominated by its definition",
    ),
    (
        "main-type",
        "the entry function (main), if defined, has type i64() or i64(i64, i8**)",
    ),
];

/// Options of [`check_with`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// The name of the entry function whose signature `main-type` checks;
    /// `None` means `main`. A program without it is accepted (the runner
    /// reports a missing entry).
    pub entry: Option<String>,
    /// The course runtime whose functions a program may call without
    /// defining them (`call-undefined`, `declare-type`, `runtime-defined`);
    /// `ll`, the spec's own, by default.
    pub runtime: crate::RuntimeName,
}

impl CheckOptions {
    /// The entry function's name.
    pub fn entry_name(&self) -> &str {
        self.entry.as_deref().unwrap_or("main")
    }
}

/// Checks every well-formedness rule; `Err` lists every problem found, each
/// naming its rule id.
pub fn check(prog: &Prog) -> Result<(), Vec<Diagnostic>> {
    check_with(prog, &CheckOptions::default())
}

/// [`check`] with options (another entry function than `main`).
pub fn check_with(prog: &Prog, opts: &CheckOptions) -> Result<(), Vec<Diagnostic>> {
    let mut c = Checker::new(prog);
    c.runtime = opts.runtime;
    c.duplicate_type();
    c.type_cycle();
    c.named_type_definitions();
    c.duplicate_global();
    c.runtime_defined();
    c.globals();
    c.declares();
    for f in &prog.fdecls {
        c.function(f);
    }
    c.main_type(opts.entry_name());
    if c.diags.is_empty() {
        Ok(())
    } else {
        Err(c.diags)
    }
}

/// What a global name stands for (the one namespace of globals, functions
/// and declares).
#[derive(Clone, Debug)]
enum GlobalKind {
    /// `@g = global T G`.
    Data,
    /// `define`.
    Function,
    /// `declare`.
    Declare,
}

/// The state of one run of the checker.
struct Checker<'p> {
    prog: &'p Prog,
    env: TypeEnv,
    /// False when a cycle of named types is not broken by a pointer: type
    /// comparisons are then skipped.
    types_ok: bool,
    /// Each global name's kind and declared type (the first definition wins;
    /// `@g` has type pointer-to-this).
    globals: HashMap<&'p str, (GlobalKind, Ty)>,
    diags: Vec<Diagnostic>,
    /// The course runtime the program is checked against.
    runtime: crate::RuntimeName,
}

impl<'p> Checker<'p> {
    fn new(prog: &'p Prog) -> Checker<'p> {
        let mut globals = HashMap::default();
        for g in &prog.gdecls {
            globals
                .entry(g.name.as_str())
                .or_insert((GlobalKind::Data, g.ty.clone()));
        }
        for f in &prog.fdecls {
            globals
                .entry(f.name.as_str())
                .or_insert((GlobalKind::Function, f.fun_ty()));
        }
        for e in &prog.edecls {
            globals
                .entry(e.name.as_str())
                .or_insert((GlobalKind::Declare, e.ty.clone()));
        }
        Checker {
            prog,
            env: TypeEnv::new(prog),
            types_ok: true,
            globals,
            diags: Vec::new(),
            runtime: crate::RuntimeName::Ll,
        }
    }

    /// Records a diagnostic.
    fn report(&mut self, rule: &'static str, span: Span, message: String) {
        self.diags.push(Diagnostic::new(rule, span, message));
    }

    /// Records a diagnostic with a note.
    fn report_note(&mut self, rule: &'static str, span: Span, message: String, note: String) {
        self.diags
            .push(Diagnostic::new(rule, span, message).with_note(note));
    }

    /// A type in LLVM syntax, for messages.
    fn show(&self, ty: &Ty) -> String {
        print_ty(ty)
    }

    /// The type with named types at its top unfolded.
    fn unfold<'a>(&'a self, ty: &'a Ty) -> &'a Ty {
        self.env.unfold(ty)
    }

    /// True when the type, unfolded at its top, is simple (`i1`, `i64` or a
    /// pointer).
    fn is_simple(&self, ty: &Ty) -> bool {
        matches!(
            self.unfold(ty),
            Ty::I1 | Ty::I64 | Ty::Ptr(_) | Ty::OpaquePtr
        )
    }

    /// True when the type is a name that does not unfold (undefined or on a
    /// cycle of names): its problem is reported by the named-type rules.
    fn unresolved(&self, ty: &Ty) -> bool {
        matches!(self.unfold(ty), Ty::Named(_))
    }

    /// The checker's type equality: [`TypeEnv::ty_eq`], where LLVM 15's
    /// opaque `ptr` also equals every pointer type at the top of a type, of
    /// a function type's parameters and return type, and of a function
    /// pointer's (so `void (ptr)*` equals `void (i8*)*`). Every comparison
    /// is accepted when the named types are broken or a side is an
    /// unresolved name (reported elsewhere).
    fn same(&self, a: &Ty, b: &Ty) -> bool {
        if !self.types_ok || self.unresolved(a) || self.unresolved(b) {
            return true;
        }
        if self.same_top(a, b) {
            return true;
        }
        match (self.unfold(a), self.unfold(b)) {
            (Ty::Ptr(x), Ty::Ptr(y)) => self.same_fun(self.unfold(x), self.unfold(y)),
            (x, y) => self.same_fun(x, y),
        }
    }

    /// `ty_eq` where `ptr` equals any pointer type at the same position
    /// ([`TypeEnv::ty_eq_opaque`]).
    fn same_top(&self, a: &Ty, b: &Ty) -> bool {
        if self.env.ty_eq_opaque(a, b) {
            return true;
        }
        let (ua, ub) = (self.unfold(a), self.unfold(b));
        (matches!(ua, Ty::OpaquePtr) && ub.is_pointer())
            || (matches!(ub, Ty::OpaquePtr) && ua.is_pointer())
    }

    /// Two function types whose parameters and return types are
    /// [`Checker::same_top`] (one level only: no recursion).
    fn same_fun(&self, a: &Ty, b: &Ty) -> bool {
        match (a, b) {
            (Ty::Fun(ps, r), Ty::Fun(qs, s)) => {
                ps.len() == qs.len()
                    && self.same_top(r, s)
                    && ps.iter().zip(qs).all(|(p, q)| self.same_top(p, q))
            }
            _ => false,
        }
    }

    /// All checks of one function definition.
    fn function(&mut self, f: &'p Fdecl) {
        self.function_signature(f);
        let locals = self.duplicate_local(f);
        self.duplicate_label(f);
        self.label_local_clash(f, &locals);
        let labels = cfg::label_index(f);
        for block in cfg::blocks(f) {
            for insn in &block.insns {
                self.insn(insn, &locals);
            }
            self.term(f, &block.term, &locals, &labels);
        }
        self.dominance(f, &locals, &labels);
    }
}

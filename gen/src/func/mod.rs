//! The body of one generated function: a builder of basic blocks that keeps
//! track of the values in scope (dominating the current point), of the
//! well-definedness invariants (see [`crate::values`]) and of a static bound
//! on the instructions one call can execute (the *cost*), so that every
//! program ends well within the oracle's fuel.

mod entry;
mod expr;
mod memory;
pub(crate) mod opt;
mod stmt;

use crate::ctx::Ctx;
use crate::draw;
use crate::values::{Origin, PtrVal, Val};
use crate::GenConfig;
use arbitrary::Unstructured;
use spec::{Block, Cfg, Fdecl, Insn, InsnKind, LabeledBlock, Operand, Span, Term, TermKind, Ty};

/// The most a recursive function's depth parameter can be at a call.
pub(crate) const MAX_REC_DEPTH: u64 = 7;

/// What kind of function is being built, which decides what it may call.
#[derive(Clone, Debug)]
pub(crate) enum Role {
    /// A function whose address may be stored and called indirectly: it
    /// calls no program function (runtime functions only).
    Leaf,
    /// A function at `level` that directly calls ready functions of lower
    /// levels and indirectly calls leaves (recursive ones also make their
    /// one recursive call, see [`Fb::rec_body`]).
    Helper {
        /// Only functions of lower levels are called directly.
        level: usize,
    },
    /// `main`: calls everything, folds globals into its result and prints.
    Main,
}

/// The one recursive call of a recursive function's step block: the callee
/// (itself, or its partner for mutual recursion) gets `depth - 1`.
#[derive(Clone, Debug)]
pub(crate) struct RecCall {
    /// The callee.
    pub target: String,
    /// Its parameter types (the first is the depth).
    pub params: Vec<Ty>,
    /// Its return type.
    pub ret: Ty,
}

/// A block under construction.
pub(crate) struct Bb {
    label: String,
    insns: Vec<Insn>,
    term: Option<TermKind>,
}

/// The function builder.
pub(crate) struct Fb<'a, 'b> {
    pub(crate) ctx: &'a Ctx,
    pub(crate) cfg: &'a GenConfig,
    pub(crate) u: &'a mut Unstructured<'b>,
    role: Role,
    blocks: Vec<Bb>,
    cur: usize,
    prefix: Vec<Insn>,
    in_prefix: bool,
    scopes: Vec<Vec<Val>>,
    n_tmp: usize,
    acc: Operand,
    ret: Ty,
    /// Static bound on instructions executed so far by one call.
    pub(crate) spent: u64,
    /// How many times the current point runs per call (enclosing loops).
    mult: u64,
    budget: u64,
    /// The word parameters passed on the stack (the seventh and later),
    /// folded into a word result by [`Fb::gen_return`].
    stack_params: Vec<Operand>,
}

/// A generated function and its cost bound.
pub(crate) struct Built {
    pub fdecl: Fdecl,
    pub cost: u64,
}

impl<'a, 'b> Fb<'a, 'b> {
    /// A builder for a function with parameters `params` returning `ret`.
    pub(crate) fn new(
        ctx: &'a Ctx,
        cfg: &'a GenConfig,
        u: &'a mut Unstructured<'b>,
        role: Role,
        params: &[(String, Ty)],
        ret: Ty,
        budget: u64,
    ) -> Fb<'a, 'b> {
        let mut fb = Fb {
            ctx,
            cfg,
            u,
            role,
            blocks: vec![Bb {
                label: String::new(),
                insns: Vec::new(),
                term: None,
            }],
            cur: 0,
            prefix: Vec::new(),
            in_prefix: false,
            scopes: vec![Vec::new()],
            n_tmp: 0,
            acc: Operand::id("acc"),
            ret,
            spent: 0,
            mult: 1,
            budget,
            stack_params: params
                .iter()
                .skip(6)
                .filter(|(_, t)| *t == Ty::I64)
                .map(|(n, _)| Operand::id(n.clone()))
                .collect(),
        };
        for (name, ty) in params {
            let op = Operand::id(name.clone());
            if let Some(v) = fb.val_of(op, ty, Origin::Outer) {
                fb.push(v);
            }
        }
        fb
    }

    // ----- draws -----

    pub(crate) fn below(&mut self, n: usize) -> usize {
        draw::below(self.u, n)
    }
    pub(crate) fn range(&mut self, lo: u64, hi: u64) -> u64 {
        draw::range(self.u, lo, hi)
    }
    pub(crate) fn chance(&mut self, p: u8) -> bool {
        draw::chance(self.u, p)
    }
    pub(crate) fn weighted(&mut self, w: &[u32]) -> usize {
        draw::weighted(self.u, w)
    }

    // ----- scope -----

    /// The value a simple-typed operand stands for, if the generator can use it.
    pub(crate) fn val_of(&self, op: Operand, ty: &Ty, origin: Origin) -> Option<Val> {
        Some(match ty {
            Ty::I64 => Val::Int(op),
            Ty::I1 => Val::Bool(op),
            Ty::Ptr(p) => match &**p {
                Ty::I8 => Val::Str(op),
                Ty::Fun(..) => Val::Fun(op, (**p).clone()),
                t => Val::Ptr(PtrVal::loaded(op, t.clone(), origin)),
            },
            _ => return None,
        })
    }

    pub(crate) fn push(&mut self, v: Val) {
        if let Some(s) = self.scopes.last_mut() {
            s.push(v);
        }
    }

    pub(crate) fn vals(&self) -> impl Iterator<Item = &Val> {
        self.scopes.iter().flatten()
    }

    /// Every place (live pointer) in scope, then the data globals.
    pub(crate) fn places(&self) -> impl Iterator<Item = &PtrVal> {
        self.vals()
            .filter_map(|v| match v {
                Val::Ptr(p) => Some(p),
                _ => None,
            })
            .chain(self.ctx.globals.places.iter())
    }

    /// A place satisfying `ok`, chosen uniformly (without cloning the others).
    pub(crate) fn pick_place(&mut self, ok: impl Fn(&Self, &PtrVal) -> bool) -> Option<PtrVal> {
        let idx: Vec<usize> = self
            .places()
            .enumerate()
            .filter(|(_, p)| ok(self, p))
            .map(|(i, _)| i)
            .collect();
        let k = *idx.get(self.below(idx.len()))?;
        self.places().nth(k).cloned()
    }

    // ----- cost -----

    pub(crate) fn charge(&mut self, n: u64) {
        self.spent = self.spent.saturating_add(n.saturating_mul(self.mult));
    }

    pub(crate) fn can_afford(&self, n: u64) -> bool {
        self.spent.saturating_add(n.saturating_mul(self.mult)) <= self.budget
    }

    pub(crate) fn out_of_budget(&self) -> bool {
        self.spent >= self.budget
    }

    // ----- emission -----

    fn fresh(&mut self, prefix: &str) -> String {
        self.n_tmp += 1;
        format!("{prefix}{}", self.n_tmp)
    }

    /// Emits an instruction (into the entry prefix while it is being built)
    /// and returns its result operand (`0` when `named` is false).
    pub(crate) fn emit(&mut self, kind: InsnKind, named: bool) -> Operand {
        let result = named.then(|| self.fresh("t"));
        let op = result
            .as_ref()
            .map_or(Operand::konst(0), |r| Operand::id(r.clone()));
        let insn = Insn {
            result,
            kind,
            span: Span::DUMMY,
        };
        if self.in_prefix {
            self.spent = self.spent.saturating_add(1);
            self.prefix.push(insn);
        } else {
            self.charge(1);
            if let Some(b) = self.blocks.get_mut(self.cur) {
                b.insns.push(insn);
            }
        }
        op
    }

    /// An `alloca` in the entry block (the front-end pattern for mutable
    /// variables), named with `prefix`.
    pub(crate) fn entry_alloca(&mut self, ty: Ty, prefix: &str) -> Operand {
        let name = self.fresh(prefix);
        self.spent = self.spent.saturating_add(1);
        self.prefix.push(Insn {
            result: Some(name.clone()),
            kind: InsnKind::Alloca { ty },
            span: Span::DUMMY,
        });
        Operand::id(name)
    }

    /// A `store` in the entry block (initialising an entry alloca).
    pub(crate) fn entry_store(&mut self, ty: Ty, val: Operand, ptr: Operand) {
        let was = self.in_prefix;
        self.in_prefix = true;
        self.store(ty, val, ptr);
        self.in_prefix = was;
    }

    pub(crate) fn binop(&mut self, bop: spec::Bop, a: Operand, b: Operand) -> Operand {
        self.emit(
            InsnKind::Binop {
                bop,
                ty: Ty::I64,
                op1: a,
                op2: b,
            },
            true,
        )
    }

    pub(crate) fn icmp(&mut self, cnd: spec::Cnd, ty: Ty, a: Operand, b: Operand) -> Operand {
        self.emit(
            InsnKind::Icmp {
                cnd,
                ty,
                op1: a,
                op2: b,
            },
            true,
        )
    }

    pub(crate) fn load(&mut self, ty: Ty, ptr: Operand) -> Operand {
        self.emit(
            InsnKind::Load {
                ptr_ty: ty.clone().ptr_to(),
                ty,
                ptr,
            },
            true,
        )
    }

    pub(crate) fn store(&mut self, ty: Ty, val: Operand, ptr: Operand) {
        self.emit(
            InsnKind::Store {
                ptr_ty: ty.clone().ptr_to(),
                ty,
                val,
                ptr,
            },
            false,
        );
    }

    pub(crate) fn gep(&mut self, base_ty: Ty, ptr: Operand, idxs: Vec<Operand>) -> Operand {
        self.emit(
            InsnKind::Gep {
                ptr_ty: base_ty.clone().ptr_to(),
                base_ty,
                ptr,
                idxs,
            },
            true,
        )
    }

    pub(crate) fn bitcast(&mut self, from: Ty, op: Operand, to: Ty) -> Operand {
        self.emit(InsnKind::Bitcast { from, op, to }, true)
    }

    pub(crate) fn call(&mut self, ret: Ty, callee: Operand, args: Vec<(Ty, Operand)>) -> Operand {
        let named = ret != Ty::Void;
        self.emit(InsnKind::Call { ret, callee, args }, named)
    }

    // ----- blocks -----

    pub(crate) fn new_block(&mut self) -> usize {
        let label = self.fresh("b");
        self.blocks.push(Bb {
            label,
            insns: Vec::new(),
            term: None,
        });
        self.blocks.len() - 1
    }

    pub(crate) fn label(&self, b: usize) -> String {
        self.blocks
            .get(b)
            .map_or(String::new(), |b| b.label.clone())
    }

    pub(crate) fn terminate(&mut self, t: TermKind) {
        self.charge(1);
        if let Some(b) = self.blocks.get_mut(self.cur) {
            if b.term.is_none() {
                b.term = Some(t);
            }
        }
    }

    pub(crate) fn switch_to(&mut self, b: usize) {
        self.cur = b;
    }

    /// Runs `f` one scope deeper: values it defines are forgotten after.
    pub(crate) fn scoped<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.scopes.push(Vec::new());
        let r = f(self);
        self.scopes.pop();
        r
    }

    /// Runs `f` as if `times` times per execution of the current point.
    pub(crate) fn repeated<R>(&mut self, times: u64, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.mult;
        self.mult = saved.saturating_mul(times.max(1));
        let r = f(self);
        self.mult = saved;
        r
    }

    /// The function's `Fdecl` and the static bound on instructions one call
    /// executes (callees included).
    pub(crate) fn finish(self, name: &str, params: Vec<(String, Ty)>) -> Built {
        let default_ret = match &self.ret {
            Ty::Void => TermKind::Ret(Ty::Void, None),
            t => TermKind::Ret(t.clone(), Some(Operand::konst(0))),
        };
        let mut blocks = self.blocks.into_iter();
        let entry = blocks.next().map_or(
            Block {
                insns: Vec::new(),
                term: Term {
                    kind: default_ret.clone(),
                    span: Span::DUMMY,
                },
            },
            |b| {
                let mut insns = self.prefix;
                insns.extend(b.insns);
                Block {
                    insns,
                    term: Term {
                        kind: b.term.unwrap_or_else(|| default_ret.clone()),
                        span: Span::DUMMY,
                    },
                }
            },
        );
        let labeled = blocks
            .map(|b| LabeledBlock {
                label: b.label,
                label_span: Span::DUMMY,
                block: Block {
                    insns: b.insns,
                    term: Term {
                        kind: b.term.unwrap_or_else(|| default_ret.clone()),
                        span: Span::DUMMY,
                    },
                },
            })
            .collect();
        Built {
            fdecl: Fdecl {
                name: name.to_string(),
                ret: self.ret,
                params,
                cfg: Cfg {
                    entry_label: None,
                    entry,
                    blocks: labeled,
                },
                span: Span::DUMMY,
            },
            cost: self.spent,
        }
    }
}

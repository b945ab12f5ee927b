//! The whole-program analysis: constraints from allocas, globals, loads,
//! stores, GEPs, calls and returns over the [`Graph`], solved by
//! unification plus a bounded fixpoint for GEP results and indirect calls.
//!
//! The program is analysed with its pointee types erased
//! ([`spec::erase_pointee_types`]), so typed, opaque and mixed programs are
//! treated alike: only the types memory is created with and the
//! annotations of instructions count.

use crate::graph::{Graph, Node, Step};
use spec::opaque::erase_ty;
use spec::{InsnKind, Operand, OperandKind, Prog, TermKind, Ty, TypeEnv};
use std::collections::{BTreeMap, HashMap};

/// The most rounds of the indirect-call and GEP fixpoints (each round
/// either merges classes or adds a type, both finite; the bound only
/// guards against a bug).
const MAX_ROUNDS: usize = 10_000;

/// A defined function: its number, the node of `@f`, and its pointer
/// parameters (position, name).
type FunParams = (usize, Node, Vec<(usize, String)>);

/// An indirect call: its callee, pointer arguments and result.
#[derive(Clone, Debug)]
struct IndirectCall {
    callee: Node,
    args: Vec<(usize, Node)>,
    result: Option<Node>,
}

/// A GEP: base class, annotated base type (erased), index operands, result.
#[derive(Clone, Debug)]
struct GepFact {
    base: Node,
    base_ty: Ty,
    idxs: Vec<Operand>,
    steps: Vec<Step>,
    result: Node,
    /// The named struct whose field the result addresses, if any.
    named: Option<String>,
    /// True when the result escapes (stored, passed, returned).
    escapes: bool,
}

/// The solved analysis of one program.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The program analysed, pointee types erased.
    pub prog: Prog,
    /// Its named types.
    pub env: TypeEnv,
    /// The constraint graph, solved.
    pub graph: Graph,
    locals: HashMap<(usize, String), Node>,
    /// The pointee types each local is itself dereferenced at (load, store
    /// and GEP addresses, runtime-call strings), with how many uses.
    own_uses: HashMap<(usize, String), BTreeMap<Ty, usize>>,
    rets: Vec<Node>,
    globals: HashMap<String, Node>,
    named_roots: HashMap<String, Node>,
    fun_index: HashMap<String, usize>,
    dummy: Node,
    geps: Vec<GepFact>,
    indirect: Vec<IndirectCall>,
    /// Named structs whose class also holds another type reached by a GEP
    /// or a load/store (for the safety facts).
    pub(crate) gep_named_escapes: Vec<String>,
}

/// The names a course driver starts a program at: `@main` (the C entry
/// point) and `@program` (called by the course runtime's C `main`).
pub const ENTRY_NAMES: [&str; 2] = ["main", "program"];

/// Is `f` an entry point taking `(i64 argc, argv)` (named as in
/// [`ENTRY_NAMES`], an `i64` first parameter and a pointer second)? Its
/// argv keeps the type the spec gives the entry, `i8**`, whether or not
/// the body uses it, so that the typed program still runs from there.
pub fn is_entry_with_argv(f: &spec::Fdecl) -> bool {
    ENTRY_NAMES.contains(&f.name.as_str())
        && matches!(f.params.as_slice(), [(_, Ty::I64), (_, p)] if p.is_pointer())
}

/// The function type of a runtime function called with `arity` arguments.
pub fn runtime_fun_ty(name: &str, arity: usize) -> Option<Ty> {
    let s = Ty::I8.ptr_to();
    match (name, arity) {
        ("ll_puts", _) => Some(Ty::Fun(vec![s], Box::new(Ty::Void))),
        ("ll_strcat", _) => Some(Ty::Fun(vec![s.clone(), s.clone()], Box::new(s))),
        ("ll_ltoa", 2) => Some(Ty::Fun(vec![Ty::I64, s.clone()], Box::new(s))),
        ("ll_ltoa", _) => Some(Ty::Fun(vec![Ty::I64], Box::new(s))),
        _ => None,
    }
}

impl Analysis {
    /// Analyses `prog` (typed, opaque or mixed).
    pub fn new(prog: &Prog) -> Analysis {
        let prog = spec::erase_pointee_types(prog);
        let env = TypeEnv::new(&prog);
        let mut a = Analysis {
            env,
            graph: Graph::default(),
            locals: HashMap::new(),
            own_uses: HashMap::new(),
            rets: Vec::new(),
            globals: HashMap::new(),
            named_roots: HashMap::new(),
            fun_index: HashMap::new(),
            dummy: 0,
            geps: Vec::new(),
            indirect: Vec::new(),
            gep_named_escapes: Vec::new(),
            prog: Prog::default(),
        };
        a.dummy = a.graph.fresh();
        a.collect(&prog);
        a.prog = prog;
        a.solve();
        a
    }

    /// The node of local `%x` of function number `fi`.
    pub fn local(&mut self, fi: usize, x: &str) -> Node {
        if let Some(&n) = self.locals.get(&(fi, x.to_string())) {
            return n;
        }
        let n = self.graph.fresh();
        self.locals.insert((fi, x.to_string()), n);
        n
    }

    /// Records that operand `op` of function `fi` is used as a pointer to `ty`.
    fn use_at(&mut self, fi: usize, op: &Operand, ty: &Ty) {
        let n = self.operand(fi, op);
        self.graph.add_used(n, ty.clone());
        if let OperandKind::Id(x) = &op.kind {
            let m = self.own_uses.entry((fi, x.clone())).or_default();
            *m.entry(ty.clone()).or_insert(0) += 1;
        }
    }

    /// The pointee type local `%x` of function `fi` is itself most often
    /// dereferenced at, if any.
    pub fn own_use(&self, fi: usize, x: &str) -> Option<Ty> {
        let m = self.own_uses.get(&(fi, x.to_string()))?;
        m.iter().max_by_key(|(_, c)| **c).map(|(t, _)| t.clone())
    }

    /// The node of the value `@g` (a global, function or declare).
    pub fn global(&mut self, g: &str) -> Node {
        if let Some(&n) = self.globals.get(g) {
            return n;
        }
        let n = self.graph.fresh();
        self.globals.insert(g.to_string(), n);
        if let Some(t) = runtime_fun_ty(g, 1) {
            self.graph.add_created(n, erase_ty(&t));
        }
        n
    }

    /// The node of the value function number `fi` returns.
    pub fn ret(&self, fi: usize) -> Node {
        self.rets.get(fi).copied().unwrap_or(self.dummy)
    }

    /// The node of pointers to named type `%s` (its fields' addresses are
    /// subs of it: the analysis is type-based for named structs).
    pub fn named_root(&mut self, s: &str) -> Node {
        if let Some(&n) = self.named_roots.get(s) {
            return n;
        }
        let n = self.graph.fresh();
        self.named_roots.insert(s.to_string(), n);
        n
    }

    /// The node of pointers to named type `%s`, if the analysis made one.
    pub fn named_root_of(&self, s: &str) -> Option<Node> {
        self.named_roots.get(s).copied()
    }

    /// The function number of `@f`, if defined.
    pub fn fun_index(&self, f: &str) -> Option<usize> {
        self.fun_index.get(f).copied()
    }

    /// The node of an operand of function `fi` (literals share one node).
    pub fn operand(&mut self, fi: usize, op: &Operand) -> Node {
        match &op.kind {
            OperandKind::Id(x) => self.local(fi, x),
            OperandKind::Gid(g) => self.global(g),
            OperandKind::Null | OperandKind::Const(_) => self.dummy,
        }
    }

    /// The steps of a GEP's indices after the first, walking `base_ty`
    /// (`None` when GEPTY is undefined).
    pub fn steps_of(&self, base_ty: &Ty, idxs: &[Operand]) -> Option<Vec<Step>> {
        let mut cur = base_ty;
        let mut out = Vec::new();
        for op in idxs.iter().skip(1) {
            match self.env.unfold(cur) {
                Ty::Struct(fs) => {
                    let OperandKind::Const(k) = op.kind else {
                        return None;
                    };
                    cur = fs.get(usize::try_from(k).ok()?)?;
                    out.push(Step::Field(k as u64));
                }
                Ty::Array(_, e) => {
                    cur = e;
                    out.push(Step::Elem);
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// The node of the address reached from `base` (pointing to a
    /// `root_ty`) by `steps`: inside a named struct, the type-based node
    /// of that struct's field; otherwise a sub of `base`. Also the name of
    /// the innermost named struct stepped into.
    pub fn addr(&mut self, base: Node, root_ty: &Ty, steps: &[Step]) -> (Node, Option<String>) {
        let mut cur = root_ty.clone();
        let mut named: Option<String> = None;
        let mut acc: Vec<Step> = Vec::new();
        for s in steps {
            if let Ty::Named(n) = &cur {
                named = Some(n.clone());
                acc.clear();
            }
            let next = match (self.env.unfold(&cur), s) {
                (Ty::Struct(fs), Step::Field(k)) => fs.get(*k as usize).cloned(),
                (Ty::Array(_, e), Step::Elem) => Some((**e).clone()),
                _ => None,
            };
            acc.push(s.clone());
            match next {
                Some(t) => cur = t,
                None => break,
            }
        }
        let node = match &named {
            Some(n) => {
                let r = self.named_root(n);
                self.graph.sub(r, &acc)
            }
            None => self.graph.sub(base, &acc),
        };
        (node, named)
    }

    fn collect(&mut self, prog: &Prog) {
        for (i, f) in prog.fdecls.iter().enumerate() {
            self.fun_index.insert(f.name.clone(), i);
            let r = self.graph.fresh();
            self.rets.push(r);
        }
        for g in &prog.gdecls {
            let n = self.global(&g.name);
            self.graph.add_created(n, g.ty.clone());
        }
        for f in &prog.fdecls {
            let n = self.global(&f.name);
            self.graph.add_created(n, f.fun_ty());
        }
        for e in &prog.edecls {
            let n = self.global(&e.name);
            self.graph.add_created(n, e.ty.clone());
        }
        for g in &prog.gdecls {
            self.global_init(g);
        }
        for (fi, f) in prog.fdecls.iter().enumerate() {
            self.function(fi, f);
        }
    }

    /// Pointers written in a global's initializer flow into its memory.
    fn global_init(&mut self, g: &spec::Gdecl) {
        let base = self.global(&g.name);
        let mut stack: Vec<(&spec::Ginit, Vec<Step>)> = vec![(&g.init, Vec::new())];
        while let Some((init, steps)) = stack.pop() {
            match &init.kind {
                spec::GinitKind::Gid(h) => {
                    let (addr, _) = self.addr(base, &g.ty, &steps);
                    let c = self.graph.content(addr);
                    let hn = self.global(h);
                    self.graph.union(c, hn);
                }
                spec::GinitKind::Bitcast(_, inner, _) => stack.push((inner, steps)),
                spec::GinitKind::Struct(es) => {
                    for (k, (_, e)) in es.iter().enumerate() {
                        let mut s = steps.clone();
                        s.push(Step::Field(k as u64));
                        stack.push((e, s));
                    }
                }
                spec::GinitKind::Array(es) => {
                    for (_, e) in es {
                        let mut s = steps.clone();
                        s.push(Step::Elem);
                        stack.push((e, s));
                    }
                }
                _ => {}
            }
        }
    }

    fn function(&mut self, fi: usize, f: &spec::Fdecl) {
        if is_entry_with_argv(f) {
            if let Some((argv, _)) = f.params.get(1) {
                let n = self.local(fi, argv);
                self.graph.add_created(n, Ty::OpaquePtr);
                let c = self.graph.content(n);
                self.graph.add_created(c, Ty::I8);
            }
        }
        let mut escaping: Vec<String> = Vec::new();
        let blocks = f.cfg.blocks();
        let mut gep_results: Vec<(String, usize)> = Vec::new();
        for b in blocks {
            for insn in &b.insns {
                if let Some(k) = self.insn(fi, insn, &mut escaping) {
                    if let Some(x) = &insn.result {
                        gep_results.push((x.clone(), k));
                    }
                }
            }
            if let TermKind::Ret(t, Some(op)) = &b.term.kind {
                if t.is_pointer() {
                    let v = self.operand(fi, op);
                    let r = self.ret(fi);
                    self.graph.union(v, r);
                    if let OperandKind::Id(x) = &op.kind {
                        escaping.push(x.clone());
                    }
                }
            }
        }
        for (x, k) in gep_results {
            if escaping.contains(&x) {
                if let Some(g) = self.geps.get_mut(k) {
                    g.escapes = true;
                }
            }
        }
    }

    /// Constraints of one instruction; the GEP number if it is a GEP.
    fn insn(&mut self, fi: usize, insn: &spec::Insn, escaping: &mut Vec<String>) -> Option<usize> {
        let res = insn.result.clone();
        match &insn.kind {
            InsnKind::Alloca { ty } => {
                if let Some(x) = &res {
                    let n = self.local(fi, x);
                    self.graph.add_created(n, ty.clone());
                }
            }
            InsnKind::Load { ty, ptr, .. } => {
                self.use_at(fi, ptr, ty);
                let p = self.operand(fi, ptr);
                if let (true, Some(x)) = (ty.is_pointer(), &res) {
                    let c = self.graph.content(p);
                    let n = self.local(fi, x);
                    self.graph.union(c, n);
                }
            }
            InsnKind::Store { ty, val, ptr, .. } => {
                self.use_at(fi, ptr, ty);
                let p = self.operand(fi, ptr);
                if ty.is_pointer() && !matches!(val.kind, OperandKind::Null | OperandKind::Const(_))
                {
                    let c = self.graph.content(p);
                    let v = self.operand(fi, val);
                    self.graph.union(c, v);
                    if let OperandKind::Id(x) = &val.kind {
                        escaping.push(x.clone());
                    }
                }
            }
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => {
                self.use_at(fi, ptr, base_ty);
                let p = self.operand(fi, ptr);
                let x = res.as_ref()?;
                let n = self.local(fi, x);
                let steps = self.steps_of(base_ty, idxs).unwrap_or_default();
                let (node, named) = match steps.is_empty() {
                    false => self.addr(p, base_ty, &steps),
                    true => (p, None),
                };
                self.graph.union(n, node);
                if let Ok(t) = self.env.gepty(base_ty, idxs) {
                    self.graph.add_created(n, t);
                }
                self.geps.push(GepFact {
                    base: p,
                    base_ty: base_ty.clone(),
                    idxs: idxs.clone(),
                    steps,
                    result: n,
                    named,
                    escapes: false,
                });
                return Some(self.geps.len() - 1);
            }
            InsnKind::Bitcast { op, .. } => {
                if let Some(x) = &res {
                    let v = self.operand(fi, op);
                    let n = self.local(fi, x);
                    if !matches!(op.kind, OperandKind::Null | OperandKind::Const(_)) {
                        self.graph.union(v, n);
                    }
                }
            }
            InsnKind::Call { ret, callee, args } => {
                self.call(fi, res.as_deref(), ret, callee, args, escaping)
            }
            InsnKind::Binop { .. } | InsnKind::Icmp { .. } => {}
        }
        None
    }

    fn call(
        &mut self,
        fi: usize,
        res: Option<&str>,
        ret: &Ty,
        callee: &Operand,
        args: &[(Ty, Operand)],
        escaping: &mut Vec<String>,
    ) {
        let mut ptr_args = Vec::new();
        for (i, (t, a)) in args.iter().enumerate() {
            if t.is_pointer() && !matches!(a.kind, OperandKind::Null | OperandKind::Const(_)) {
                let n = self.operand(fi, a);
                ptr_args.push((i, n));
                if let OperandKind::Id(x) = &a.kind {
                    escaping.push(x.clone());
                }
            }
        }
        let result = match res {
            Some(x) if ret.is_pointer() => Some(self.local(fi, x)),
            _ => None,
        };
        if let OperandKind::Gid(g) = &callee.kind {
            if self.fun_index(g).is_none() && runtime_fun_ty(g, args.len()).is_some() {
                for (t, a) in args {
                    if t.is_pointer()
                        && !matches!(a.kind, OperandKind::Null | OperandKind::Const(_))
                    {
                        self.use_at(fi, a, &Ty::I8);
                    }
                }
                if let Some(r) = result {
                    self.graph.add_created(r, Ty::I8);
                }
                return;
            }
        }
        let c = self.operand(fi, callee);
        let fty = Ty::Fun(
            args.iter().map(|(t, _)| t.clone()).collect(),
            Box::new(ret.clone()),
        );
        self.graph.add_used(c, fty);
        self.indirect.push(IndirectCall {
            callee: c,
            args: ptr_args,
            result,
        });
    }

    /// Links calls to the functions their callee's class holds, and flows
    /// created types through GEPs, until nothing changes.
    fn solve(&mut self) {
        let funs: Vec<FunParams> = self
            .prog
            .fdecls
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let params = f
                    .params
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, t))| t.is_pointer())
                    .map(|(k, (x, _))| (k, x.clone()))
                    .collect();
                (
                    i,
                    self.globals.get(&f.name).copied().unwrap_or(self.dummy),
                    params,
                )
            })
            .collect();
        let calls = self.indirect.clone();
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            for call in &calls {
                let root = self.graph.find(call.callee);
                for (fi, g, params) in &funs {
                    if self.graph.find(*g) != root {
                        continue;
                    }
                    for &(k, a) in &call.args {
                        if let Some((_, x)) = params.iter().find(|(j, _)| *j == k) {
                            let p = self.local(*fi, x);
                            changed |= self.graph.union(a, p);
                        }
                    }
                    if let Some(r) = call.result {
                        let fr = self.ret(*fi);
                        changed |= self.graph.union(r, fr);
                    }
                }
            }
            for k in 0..self.geps.len() {
                let Some(g) = self.geps.get(k).cloned() else {
                    continue;
                };
                let tys = self.graph.data(g.base).types();
                for u in tys {
                    if let Ok(t) = self.env.gepty(&u, &g.idxs) {
                        changed |= self.graph.add_created(g.result, t);
                    }
                    // The same memory reached through a type written
                    // differently (a named struct and its definition, a
                    // prefix of it): the oracle follows the same indices
                    // in the type the memory has, so the same field nodes.
                    if g.steps.is_empty() || u == g.base_ty || !self.env.compatible(&g.base_ty, &u)
                    {
                        continue;
                    }
                    if let Some(steps) = self.steps_of(&u, &g.idxs) {
                        let (n, _) = self.addr(g.base, &u, &steps);
                        changed |= self.graph.union(g.result, n);
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for g in &self.geps {
            if let (Some(n), true) = (&g.named, g.escapes) {
                if !self.gep_named_escapes.contains(n) {
                    self.gep_named_escapes.push(n.clone());
                }
            }
        }
    }

    /// The pointee types recovered for local `%x` of `@f` (empty when the
    /// local is unknown or not a pointer).
    pub fn types_of_local(&self, f: &str, x: &str) -> std::collections::BTreeSet<Ty> {
        let Some(fi) = self.fun_index(f) else {
            return Default::default();
        };
        match self.locals.get(&(fi, x.to_string())) {
            Some(&n) => self.graph.data(n).types(),
            None => Default::default(),
        }
    }
}

//! Printing typed LLVMlite from the analysis: one type per class (its
//! [`choice`]), every `ptr` in a type replaced by a pointer to the chosen
//! type of the class stored there, and a `bitcast` inserted wherever a
//! value is used at another type than the one its definition gives it.

use crate::analysis::{runtime_fun_ty, Analysis};
use crate::graph::{Node, Step};
use spec::opaque::erase_ty;
use spec::{
    Block, Fdecl, Ginit, GinitKind, Insn, InsnKind, Operand, OperandKind, Prog, Span, Tdecl,
    TermKind, Ty, TypeEnv,
};
use std::collections::{HashMap, HashSet};

/// Deepest type nesting resolved (beyond it, pointers become `i8*`).
const MAX_DEPTH: usize = 32;

/// The one pointee type chosen for a class: its only creation type, else
/// its most used type, else any created type, else `i8`.
pub fn choice(a: &Analysis, n: Node) -> Ty {
    let d = a.graph.data(n);
    if d.created.len() == 1 {
        if let Some(t) = d.created.iter().next() {
            return t.clone();
        }
    }
    if let Some((t, _)) = d.used.iter().max_by_key(|(_, c)| **c) {
        return t.clone();
    }
    d.created.iter().next().cloned().unwrap_or(Ty::I8)
}

/// The typing of a program under construction.
pub struct Retyper<'a> {
    a: &'a mut Analysis,
    memo: HashMap<Node, Ty>,
    busy: HashSet<Node>,
    sigs: HashMap<usize, Ty>,
    sig_busy: HashSet<usize>,
    /// The typed named types (filled before functions are typed).
    env: TypeEnv,
}

impl<'a> Retyper<'a> {
    /// A retyper over a solved analysis.
    pub fn new(a: &'a mut Analysis) -> Retyper<'a> {
        Retyper {
            a,
            memo: HashMap::new(),
            busy: HashSet::new(),
            sigs: HashMap::new(),
            sig_busy: HashSet::new(),
            env: TypeEnv::default(),
        }
    }

    /// R(c): the typed pointee type of the pointers of class `c`.
    pub fn pointee(&mut self, c: Node) -> Ty {
        let r = self.a.graph.find(c);
        if let Some(t) = self.memo.get(&r) {
            return t.clone();
        }
        if self.busy.len() > MAX_DEPTH || !self.busy.insert(r) {
            return Ty::I8;
        }
        let t = choice(self.a, r);
        let typed = self.resolve(r, &mut Vec::new(), &t, 0);
        self.busy.remove(&r);
        self.memo.insert(r, typed.clone());
        typed
    }

    /// `ty` (a pointee of class `c`, at `path` inside it) with every `ptr`
    /// replaced by a pointer to the chosen type of what is stored there.
    fn resolve(&mut self, c: Node, path: &mut Vec<Step>, ty: &Ty, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return spec::opaque::erase_ty(ty);
        }
        match ty {
            Ty::OpaquePtr | Ty::Ptr(_) => {
                let at = self.a.graph.sub(c, path);
                let k = self.a.graph.content(at);
                self.pointee(k).ptr_to()
            }
            Ty::Struct(ts) => {
                let mut out = Vec::new();
                for (k, t) in ts.iter().enumerate() {
                    path.push(Step::Field(k as u64));
                    out.push(self.resolve(c, path, t, depth + 1));
                    path.pop();
                }
                Ty::Struct(out)
            }
            Ty::Array(n, t) => {
                path.push(Step::Elem);
                let e = self.resolve(c, path, t, depth + 1);
                path.pop();
                Ty::Array(*n, Box::new(e))
            }
            Ty::Fun(ps, r) => self.fun_of_class(c, ps, r),
            t => t.clone(),
        }
    }

    /// The function type of pointers of class `c`: a defined function's
    /// typed signature (or a runtime function's type) when one is in the
    /// class, otherwise the annotation with `i8*` for each `ptr`.
    fn fun_of_class(&mut self, c: Node, ps: &[Ty], r: &Ty) -> Ty {
        let root = self.a.graph.find(c);
        let names: Vec<String> = self.a.prog.fdecls.iter().map(|f| f.name.clone()).collect();
        // A function's type is taken only where it agrees with the
        // annotation written (erased): a call at another type must stay a
        // `bad-call`, so it keeps its own annotation.
        let written = Ty::Fun(ps.iter().map(erase_ty).collect(), Box::new(erase_ty(r)));
        for (fi, name) in names.iter().enumerate() {
            let g = self.a.global(name);
            if self.a.graph.find(g) == root {
                if let Some(t) = self.sig(fi) {
                    if self.a.env.ty_eq(&erase_ty(&t), &written) {
                        return t;
                    }
                }
            }
        }
        for rt in ["ll_puts", "ll_strcat", "ll_ltoa"] {
            let g = self.a.global(rt);
            if self.a.graph.find(g) == root {
                if let Some(t) = runtime_fun_ty(rt, ps.len()) {
                    if self.a.env.ty_eq(&erase_ty(&t), &written) {
                        return t;
                    }
                }
            }
        }
        let i8p = |t: &Ty| {
            if t.is_pointer() {
                Ty::I8.ptr_to()
            } else {
                t.clone()
            }
        };
        Ty::Fun(ps.iter().map(i8p).collect(), Box::new(i8p(r)))
    }

    /// The typed signature of function number `fi`.
    pub fn sig(&mut self, fi: usize) -> Option<Ty> {
        if let Some(t) = self.sigs.get(&fi) {
            return Some(t.clone());
        }
        if !self.sig_busy.insert(fi) {
            return None;
        }
        let f = self.a.prog.fdecls.get(fi)?.clone();
        let entry = crate::analysis::is_entry_with_argv(&f);
        let mut ps = Vec::new();
        for (i, (x, t)) in f.params.iter().enumerate() {
            ps.push(if entry && i == 1 {
                Ty::I8.ptr_to().ptr_to()
            } else if t.is_pointer() {
                let n = self.a.local(fi, x);
                self.pointee(n).ptr_to()
            } else {
                t.clone()
            });
        }
        let ret = if f.ret.is_pointer() {
            let n = self.a.ret(fi);
            self.pointee(n).ptr_to()
        } else {
            f.ret.clone()
        };
        let t = Ty::Fun(ps, Box::new(ret));
        self.sig_busy.remove(&fi);
        self.sigs.insert(fi, t.clone());
        Some(t)
    }

    /// The typed version of `ty` as the pointee of class `c`.
    pub fn typed_pointee(&mut self, c: Node, ty: &Ty) -> Ty {
        self.resolve(c, &mut Vec::new(), ty, 0)
    }

    /// The typed type of the value `@g`.
    fn global_ty(&mut self, g: &str, arity: usize) -> Ty {
        if let Some(fi) = self.a.fun_index(g) {
            if let Some(t) = self.sig(fi) {
                return t.ptr_to();
            }
        }
        if let Some(gd) = self.a.prog.gdecl(g).cloned() {
            let n = self.a.global(g);
            return self.typed_pointee(n, &gd.ty).ptr_to();
        }
        runtime_fun_ty(g, arity).unwrap_or(Ty::I8).ptr_to()
    }
}

/// The typed program recovered from `a` (see the module documentation).
pub fn typed_program(a: &mut Analysis) -> Prog {
    let src = a.prog.clone();
    let mut rt = Retyper::new(a);
    let mut out = Prog::default();
    for t in &src.tdecls {
        let root = rt.a.named_root(&t.name);
        let ty = rt.typed_pointee(root, &t.ty);
        out.tdecls.push(Tdecl {
            name: t.name.clone(),
            ty,
            span: t.span,
        });
    }
    rt.env = TypeEnv::new(&out);
    for g in &src.gdecls {
        let n = rt.a.global(&g.name);
        let ty = rt.typed_pointee(n, &g.ty);
        let init = typed_ginit(&mut rt, &g.init, &ty, 0);
        out.gdecls.push(spec::Gdecl {
            name: g.name.clone(),
            ty,
            init,
            span: g.span,
        });
    }
    for e in &src.edecls {
        let arity = match &e.ty {
            Ty::Fun(ps, _) => ps.len(),
            _ => 0,
        };
        let ty = runtime_fun_ty(&e.name, arity).unwrap_or_else(|| {
            let n = rt.a.global(&e.name);
            rt.typed_pointee(n, &e.ty)
        });
        out.edecls.push(spec::Edecl {
            name: e.name.clone(),
            ty,
            span: e.span,
        });
    }
    for (fi, f) in src.fdecls.iter().enumerate() {
        out.fdecls.push(typed_function(&mut rt, fi, f));
    }
    out
}

fn typed_ginit(rt: &mut Retyper, init: &Ginit, want: &Ty, depth: usize) -> Ginit {
    let kind = match (&init.kind, rt.env.unfold(want).clone()) {
        _ if depth > MAX_DEPTH => init.kind.clone(),
        (GinitKind::Struct(es), Ty::Struct(ts)) => GinitKind::Struct(
            es.iter()
                .zip(&ts)
                .map(|((_, e), t)| (t.clone(), typed_ginit(rt, e, t, depth + 1)))
                .collect(),
        ),
        (GinitKind::Array(es), Ty::Array(_, t)) => GinitKind::Array(
            es.iter()
                .map(|(_, e)| ((*t).clone(), typed_ginit(rt, e, &t, depth + 1)))
                .collect(),
        ),
        (GinitKind::Gid(h), w) if w.is_pointer() => {
            let have = rt.global_ty(h, 1);
            if rt.env.ty_eq(&have, want) {
                GinitKind::Gid(h.clone())
            } else {
                GinitKind::Bitcast(
                    have,
                    Box::new(Ginit::new(GinitKind::Gid(h.clone()))),
                    want.clone(),
                )
            }
        }
        (GinitKind::Bitcast(_, inner, _), w) if w.is_pointer() => {
            let mut g = (**inner).clone();
            while let GinitKind::Bitcast(_, i, _) = &g.kind {
                g = (**i).clone();
            }
            return typed_ginit(rt, &g, want, depth + 1);
        }
        (k, _) => k.clone(),
    };
    Ginit {
        kind,
        span: init.span,
    }
}

/// Typing state of one function: the typed type of each local.
struct FnTyper<'r, 'a> {
    rt: &'r mut Retyper<'a>,
    fi: usize,
    tys: HashMap<String, Ty>,
    taken: HashSet<String>,
    fresh: usize,
    out: Vec<Insn>,
}

fn blocks_of(f: &Fdecl) -> impl Iterator<Item = &Block> {
    f.cfg.blocks()
}

fn typed_function(rt: &mut Retyper, fi: usize, f: &Fdecl) -> Fdecl {
    let sig = rt.sig(fi).unwrap_or_else(|| f.fun_ty());
    let (ps, ret) = match &sig {
        Ty::Fun(ps, r) => (ps.clone(), (**r).clone()),
        _ => (Vec::new(), Ty::Void),
    };
    let mut ft = FnTyper {
        rt,
        fi,
        tys: HashMap::new(),
        taken: HashSet::new(),
        fresh: 0,
        out: Vec::new(),
    };
    let mut params = Vec::new();
    for (i, (x, t)) in f.params.iter().enumerate() {
        let t = ps.get(i).cloned().unwrap_or_else(|| t.clone());
        ft.tys.insert(x.clone(), t.clone());
        ft.taken.insert(x.clone());
        params.push((x.clone(), t));
    }
    for b in blocks_of(f) {
        for insn in &b.insns {
            if let Some(x) = &insn.result {
                ft.taken.insert(x.clone());
                let t = ft.def_ty(insn);
                ft.tys.insert(x.clone(), t);
            }
        }
    }
    for lb in &f.cfg.blocks {
        ft.taken.insert(lb.label.clone());
    }
    let entry = ft.block(&f.cfg.entry, &ret);
    let blocks = f
        .cfg
        .blocks
        .iter()
        .map(|lb| spec::LabeledBlock {
            label: lb.label.clone(),
            label_span: lb.label_span,
            block: ft.block(&lb.block, &ret),
        })
        .collect();
    Fdecl {
        name: f.name.clone(),
        ret,
        params,
        cfg: spec::Cfg {
            entry_label: f.cfg.entry_label.clone(),
            entry,
            blocks,
        },
        span: f.span,
    }
}

impl FnTyper<'_, '_> {
    fn node(&mut self, op: &Operand) -> Node {
        self.rt.a.operand(self.fi, op)
    }

    /// The typed type of an operand's value (`None` for literals).
    fn op_ty(&mut self, op: &Operand, arity: usize) -> Option<Ty> {
        match &op.kind {
            OperandKind::Id(x) => self.tys.get(x).cloned(),
            OperandKind::Gid(g) => Some(self.rt.global_ty(g, arity)),
            _ => None,
        }
    }

    /// The typed function type a call uses.
    fn call_fun_ty(&mut self, callee: &Operand, ret: &Ty, args: &[(Ty, Operand)]) -> Ty {
        if let OperandKind::Gid(g) = &callee.kind {
            if let Some(fi) = self.rt.a.fun_index(g) {
                if let Some(t) = self.rt.sig(fi) {
                    return t;
                }
            } else if let Some(t) = runtime_fun_ty(g, args.len()) {
                return t;
            }
        }
        let c = self.node(callee);
        let ps: Vec<Ty> = args.iter().map(|(t, _)| t.clone()).collect();
        self.rt.fun_of_class(c, &ps, ret)
    }

    /// The typed type the instruction gives its result.
    fn def_ty(&mut self, insn: &Insn) -> Ty {
        match &insn.kind {
            InsnKind::Binop { ty, .. } => ty.clone(),
            InsnKind::Icmp { .. } => Ty::I1,
            InsnKind::Alloca { ty } => {
                let c = self.result_node(insn);
                self.rt.typed_pointee(c, ty).ptr_to()
            }
            InsnKind::Load { ty, ptr, .. } => {
                let c = self.node(ptr);
                self.rt.typed_pointee(c, ty)
            }
            InsnKind::Store { .. } => Ty::Void,
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => {
                let c = self.node(ptr);
                let t = self.rt.typed_pointee(c, base_ty);
                match self.rt.env.gepty(&t, idxs) {
                    Ok(r) => r.ptr_to(),
                    Err(_) => Ty::I8.ptr_to(),
                }
            }
            // A non-pointer bitcast (`bitcast i64 %x to i64`) is the identity.
            InsnKind::Bitcast { to, .. } if !to.is_pointer() => to.clone(),
            InsnKind::Bitcast { .. } => {
                // A cast: the type its result is itself dereferenced at,
                // else its class's.
                let c = self.result_node(insn);
                let own = insn
                    .result
                    .as_ref()
                    .and_then(|x| self.rt.a.own_use(self.fi, x));
                match own {
                    Some(t) => self.rt.typed_pointee(c, &t).ptr_to(),
                    None => self.rt.pointee(c).ptr_to(),
                }
            }
            InsnKind::Call { ret, callee, args } => match self.call_fun_ty(callee, ret, args) {
                Ty::Fun(_, r) => *r,
                _ => ret.clone(),
            },
        }
    }

    fn result_node(&mut self, insn: &Insn) -> Node {
        match &insn.result {
            Some(x) => self.rt.a.local(self.fi, x),
            None => self.rt.a.operand(self.fi, &Operand::null()),
        }
    }

    fn fresh_name(&mut self) -> String {
        loop {
            self.fresh += 1;
            let n = format!("_rc{}", self.fresh);
            if self.taken.insert(n.clone()) {
                return n;
            }
        }
    }

    /// `op` as a value of type `want`: a bitcast is emitted when its own
    /// type differs (literals have every type they may have).
    fn coerce(&mut self, op: &Operand, want: &Ty, arity: usize) -> Operand {
        let Some(have) = self.op_ty(op, arity) else {
            return op.clone();
        };
        if !want.is_pointer() || !have.is_pointer() || self.rt.env.ty_eq(&have, want) {
            return op.clone();
        }
        let x = self.fresh_name();
        self.out.push(Insn {
            result: Some(x.clone()),
            kind: InsnKind::Bitcast {
                from: have,
                op: op.clone(),
                to: want.clone(),
            },
            span: Span::DUMMY,
        });
        Operand {
            kind: OperandKind::Id(x),
            span: op.span,
        }
    }

    fn block(&mut self, b: &Block, ret: &Ty) -> Block {
        self.out.clear();
        for insn in &b.insns {
            let kind = self.insn(insn);
            self.out.push(Insn {
                result: insn.result.clone(),
                kind,
                span: insn.span,
            });
        }
        let kind = match &b.term.kind {
            TermKind::Ret(_, Some(op)) => TermKind::Ret(ret.clone(), Some(self.coerce(op, ret, 1))),
            k => k.clone(),
        };
        Block {
            insns: std::mem::take(&mut self.out),
            term: spec::Term {
                kind,
                span: b.term.span,
            },
        }
    }

    fn insn(&mut self, insn: &Insn) -> InsnKind {
        let own = insn.result.as_ref().and_then(|x| self.tys.get(x).cloned());
        match &insn.kind {
            InsnKind::Binop { .. } => insn.kind.clone(),
            InsnKind::Icmp { cnd, ty, op1, op2 } => {
                if !ty.is_pointer() {
                    return insn.kind.clone();
                }
                let want = self
                    .op_ty(op1, 1)
                    .or_else(|| self.op_ty(op2, 1))
                    .unwrap_or(Ty::I8.ptr_to());
                let op1 = self.coerce(op1, &want, 1);
                let op2 = self.coerce(op2, &want, 1);
                InsnKind::Icmp {
                    cnd: *cnd,
                    ty: want,
                    op1,
                    op2,
                }
            }
            InsnKind::Alloca { .. } => match own {
                Some(Ty::Ptr(t)) => InsnKind::Alloca { ty: *t },
                _ => insn.kind.clone(),
            },
            InsnKind::Load { ty, ptr, .. } => {
                let c = self.node(ptr);
                let s = self.rt.typed_pointee(c, ty);
                let ptr = self.coerce(ptr, &s.clone().ptr_to(), 1);
                InsnKind::Load {
                    ptr_ty: s.clone().ptr_to(),
                    ty: s,
                    ptr,
                }
            }
            InsnKind::Store { ty, val, ptr, .. } => {
                let c = self.node(ptr);
                let s = self.rt.typed_pointee(c, ty);
                let val = self.coerce(val, &s, 1);
                let ptr = self.coerce(ptr, &s.clone().ptr_to(), 1);
                InsnKind::Store {
                    ptr_ty: s.clone().ptr_to(),
                    ty: s,
                    val,
                    ptr,
                }
            }
            InsnKind::Gep {
                base_ty, ptr, idxs, ..
            } => {
                let c = self.node(ptr);
                let t = self.rt.typed_pointee(c, base_ty);
                let ptr = self.coerce(ptr, &t.clone().ptr_to(), 1);
                InsnKind::Gep {
                    ptr_ty: t.clone().ptr_to(),
                    base_ty: t,
                    ptr,
                    idxs: idxs.clone(),
                }
            }
            InsnKind::Bitcast { to, .. } if !to.is_pointer() => insn.kind.clone(),
            InsnKind::Bitcast { op, .. } => {
                let to = own.unwrap_or(Ty::I8.ptr_to());
                let from = self.op_ty(op, 1).unwrap_or(to.clone());
                InsnKind::Bitcast {
                    from,
                    op: op.clone(),
                    to,
                }
            }
            InsnKind::Call { ret, callee, args } => {
                let f = self.call_fun_ty(callee, ret, args);
                let (ps, r) = match &f {
                    Ty::Fun(ps, r) => (ps.clone(), (**r).clone()),
                    _ => (Vec::new(), ret.clone()),
                };
                let callee = match &callee.kind {
                    OperandKind::Gid(g)
                        if self.rt.a.fun_index(g).is_some()
                            || runtime_fun_ty(g, args.len()).is_some()
                                && self.rt.a.prog.gdecl(g).is_none() =>
                    {
                        callee.clone()
                    }
                    _ => self.coerce(callee, &f.clone().ptr_to(), args.len()),
                };
                let mut out = Vec::new();
                for (i, (t, a)) in args.iter().enumerate() {
                    let want = ps.get(i).cloned().unwrap_or_else(|| t.clone());
                    let a = self.coerce(a, &want, 1);
                    out.push((want, a));
                }
                InsnKind::Call {
                    ret: r,
                    callee,
                    args: out,
                }
            }
        }
    }
}

//! The first wrong value (docs/grading.md, "The first wrong value"). A
//! failing run's program is made into a *traced variant*: after each
//! instruction that defines an `i64` or `i1` value, and for each `i64`
//! parameter at a function's entry, the value is printed on a line of its
//! own with the runtime's own functions (`ll_ltoa`, `ll_strcat`,
//! `ll_puts`, which flushes, so a crash keeps the lines before it); an
//! `i1` value, for which LLVMlite has no `zext`, by a branch on it to two
//! blocks that print `1` and `0`. The compiler under test builds the
//! traced variant and runs it; the oracle runs the same traced variant,
//! and its output is the right trace. The first traced value that differs
//! names the failure's cause: the instruction's operation and type
//! (`icmp sle i64`) are its group key, and the reports show the
//! instruction with its operands' values and both results. A run that
//! stops early (a crash, a timeout) gets the last traced instruction it
//! reached. Where tracing changes the outcome (the traced variant passes,
//! does not build, or is not in the target's dialect), the run keeps its
//! present key and the [`Trace`] says why.
//!
//! For an optimiser the first divergence of the oracle's traces of its
//! input and output (`optimiser::divergence`) is the key.

use super::compiler::{Built, Tools};
use super::group::{names_a_wrong_value, FIRST_WRONG};
use super::judge::compare;
use super::optimiser::divergence;
use super::target::Compiler;
use super::verdicts::{describe, Category, RunVerdict, Trace};
use spec::ast::{
    Block, Edecl, Fdecl, Gdecl, Ginit, GinitKind, Insn, InsnKind, LabeledBlock, Operand,
    OperandKind, Term, TermKind, Ty,
};
use spec::{Outcome, Prog, RuntimeName, Span};
use std::collections::HashMap;

mod calls;
mod cause;
mod construct;
mod unused;
pub use cause::{merge_shared_causes, probe_icmp, Explanation, Findings};
pub use construct::{merge_by_construct, uses_global_as_value, GLOBAL_AS_VALUE};

/// Which values a traced variant prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Density {
    /// Every `i64` and `i1` value an instruction defines and every `i64`
    /// parameter at its function's entry.
    Every,
    /// Only at calls (docs/grading.md, "Tracing at calls only"): after
    /// each call of the program, the `i64` value it returns and the `i64`
    /// values its caller keeps across it. A register allocator places the
    /// program's values as it does in the program as sent (nothing is
    /// live across a call that was not), where printing every value would
    /// put a call after each instruction and change the allocation.
    Calls,
}

/// The start of every value a traced variant prints, the one trace wire
/// format of LLVMlite and Oat programs alike (`oat::trace::MARK`):
/// `#lltrace N V#`, point `N`, value `V`; read back by
/// `oat::trace::lines`.
pub use oat::trace::MARK as TRACE_MARK;

/// The end of a printed trace value (`#lltrace N V#`).
use oat::trace::END as TRACE_END;

/// The start of every name the traced variant adds (a program that uses it
/// already is not traced). Not `__`: a global so named is the C side's
/// (the in-process runner refuses it), and the traced variant should run
/// where the program ran.
const NAME: &str = "lltrace_";

/// The traced variant runs up to seven instructions per traced one: the
/// oracle's fuel for it is this many times the campaign's.
const FUEL_FACTOR: u64 = 8;

/// What one trace line stands for in the original program.
#[derive(Clone, Debug)]
pub struct Point {
    /// The function (without `@`).
    pub function: String,
    /// The block's label (`entry` for an unlabelled entry block).
    pub block: String,
    /// The instruction's index in its block (the parameter's number for a
    /// parameter).
    pub index: usize,
    /// The instruction, or `None` for a parameter.
    pub insn: Option<Insn>,
    /// The local it defines (the parameter's name), or for a value kept
    /// across a call, that value's.
    pub local: String,
    /// For a value kept across a call and printed after it
    /// ([`Density::Calls`]): the callee's name (the point's `insn` is the
    /// call).
    pub across: Option<String>,
    /// The traced variant the point is in.
    pub density: Density,
}

/// The traced variant of `prog` that prints every value
/// ([`Density::Every`]) and its points.
pub fn traced(prog: &Prog) -> Result<(Prog, Vec<Point>), String> {
    traced_at(prog, Density::Every)
}

/// The traced variant of `prog` printing the values `density` says and
/// its points (trace line `N` is `points[N]`); `Err` says why `prog`
/// cannot be traced.
pub fn traced_at(prog: &Prog, density: Density) -> Result<(Prog, Vec<Point>), String> {
    if spec::print(prog).contains(NAME) {
        return Err(format!("the program already uses names starting {NAME}"));
    }
    let mut out = prog.clone();
    let mut b = Builder {
        density,
        ..Builder::default()
    };
    for f in &mut out.fdecls {
        b.function(f);
    }
    out.gdecls.extend(b.gdecls);
    for (name, ty) in runtime_functions() {
        if prog.fdecls.iter().any(|f| f.name == name) {
            return Err(format!("the program defines @{name}, the trace's printer"));
        }
        match prog.edecls.iter().find(|e| e.name == name) {
            Some(e) if e.ty != ty => {
                return Err(format!(
                    "the program declares @{name} as {}, not the trace's {}",
                    spec::print::print_ty(&e.ty),
                    spec::print::print_ty(&ty)
                ))
            }
            Some(_) => {}
            None => out.edecls.push(Edecl {
                name: name.into(),
                ty,
                span: Span::DUMMY,
            }),
        }
    }
    spec::check(&out).map_err(|e| format!("the traced program does not check: {e:?}"))?;
    Ok((out, b.points))
}

/// The `ll` runtime functions a traced variant calls, with their types.
fn runtime_functions() -> [(&'static str, Ty); 3] {
    let s = || Ty::I8.ptr_to();
    [
        ("ll_ltoa", Ty::Fun(vec![Ty::I64], Box::new(s()))),
        ("ll_strcat", Ty::Fun(vec![s(), s()], Box::new(s()))),
        ("ll_puts", Ty::Fun(vec![s()], Box::new(Ty::Void))),
    ]
}

/// The type of the value `insn` defines, when it is traced (`i64`, `i1`).
fn traced_type(insn: &Insn) -> Option<Ty> {
    insn.result.as_ref()?;
    let ty = match &insn.kind {
        InsnKind::Binop { ty, .. } | InsnKind::Load { ty, .. } => ty.clone(),
        InsnKind::Icmp { .. } => Ty::I1,
        InsnKind::Call { ret, .. } => ret.clone(),
        _ => return None,
    };
    matches!(ty, Ty::I64 | Ty::I1).then_some(ty)
}

/// The traced variant being built: its points, tag strings and fresh
/// names, and for [`Density::Calls`] the values the function being built
/// keeps across each call ([`calls::kept_across`]).
struct Builder {
    density: Density,
    points: Vec<Point>,
    gdecls: Vec<Gdecl>,
    fresh: usize,
    kept: HashMap<(String, usize), Vec<String>>,
}

impl Default for Builder {
    fn default() -> Builder {
        Builder {
            density: Density::Every,
            points: Vec::new(),
            gdecls: Vec::new(),
            fresh: 0,
            kept: HashMap::new(),
        }
    }
}

impl Builder {
    fn name(&mut self) -> String {
        self.fresh += 1;
        format!("{NAME}{}", self.fresh)
    }

    /// `f` with every traced value printed.
    fn function(&mut self, f: &mut Fdecl) {
        let entry_label = f.cfg.entry_label.clone().unwrap_or_else(|| "entry".into());
        if self.density == Density::Calls {
            self.kept = calls::kept_across(f, &entry_label);
        }
        let mut pre = Vec::new();
        for (k, (p, ty)) in f.params.iter().enumerate() {
            if *ty == Ty::I64 && self.density == Density::Every {
                let id = self.point(&f.name, &entry_label, k, None, p);
                pre.extend(self.print_value(id, Operand::id(p.clone())));
            }
        }
        let entry = std::mem::replace(
            &mut f.cfg.entry,
            Block {
                insns: vec![],
                term: Term {
                    kind: TermKind::Ret(Ty::Void, None),
                    span: Span::DUMMY,
                },
            },
        );
        let (entry, mut blocks) = self.block(&f.name, &entry_label, entry, pre);
        f.cfg.entry = entry;
        for lb in std::mem::take(&mut f.cfg.blocks) {
            let (first, more) = self.block(&f.name, &lb.label, lb.block, vec![]);
            blocks.push(LabeledBlock { block: first, ..lb });
            blocks.extend(more);
        }
        f.cfg.blocks = blocks;
    }

    fn point(
        &mut self,
        function: &str,
        block: &str,
        index: usize,
        insn: Option<&Insn>,
        local: &str,
    ) -> usize {
        self.points.push(Point {
            function: function.to_string(),
            block: block.to_string(),
            index,
            insn: insn.cloned(),
            local: local.to_string(),
            across: None,
            density: self.density,
        });
        self.points.len() - 1
    }

    /// After the call `insn` (instruction `index` of block `label`): its
    /// `i64` result and the values the caller keeps across it, printed
    /// ([`Density::Calls`]).
    fn at_call(&mut self, function: &str, label: &str, index: usize, insn: &Insn) -> Vec<Insn> {
        let InsnKind::Call { callee, .. } = &insn.kind else {
            return vec![];
        };
        let callee = match &callee.kind {
            OperandKind::Gid(g) => g.clone(),
            _ => spec::print::print_operand(callee),
        };
        let mut out = Vec::new();
        if let (Some(Ty::I64), Some(r)) = (traced_type(insn), &insn.result) {
            let id = self.point(function, label, index, Some(insn), r);
            out.extend(self.print_value(id, Operand::id(r.clone())));
        }
        let kept = self
            .kept
            .get(&(label.to_string(), index))
            .cloned()
            .unwrap_or_default();
        for x in kept {
            let id = self.point(function, label, index, Some(insn), &x);
            self.points[id].across = Some(callee.clone());
            out.extend(self.print_value(id, Operand::id(x)));
        }
        out
    }

    /// `block` (labelled `label`, `pre` put first) with its traced values
    /// printed: the first part and the blocks an `i1` value's branch adds.
    fn block(
        &mut self,
        function: &str,
        label: &str,
        block: Block,
        pre: Vec<Insn>,
    ) -> (Block, Vec<LabeledBlock>) {
        let mut parts: Vec<(Option<String>, Block)> = Vec::new();
        let mut cur = pre;
        let mut cur_label: Option<String> = None;
        for (index, insn) in block.insns.into_iter().enumerate() {
            if self.density == Density::Calls {
                let printed = self.at_call(function, label, index, &insn);
                cur.push(insn);
                cur.extend(printed);
                continue;
            }
            let ty = traced_type(&insn);
            let local = insn.result.clone().unwrap_or_default();
            let id = ty
                .as_ref()
                .map(|_| self.point(function, label, index, Some(&insn), &local));
            cur.push(insn);
            match (ty, id) {
                (Some(Ty::I1), Some(id)) => {
                    let (yes, no, next) = (self.name(), self.name(), self.name());
                    let br = |to: &str| Term {
                        kind: TermKind::Br(to.to_string()),
                        span: Span::DUMMY,
                    };
                    let cbr = Term {
                        kind: TermKind::Cbr(Operand::id(local), yes.clone(), no.clone()),
                        span: Span::DUMMY,
                    };
                    parts.push((
                        cur_label.take(),
                        Block {
                            insns: cur,
                            term: cbr,
                        },
                    ));
                    let one = self.print_tag(&format!("{TRACE_MARK}{id} 1{TRACE_END}"));
                    let zero = self.print_tag(&format!("{TRACE_MARK}{id} 0{TRACE_END}"));
                    parts.push((
                        Some(yes),
                        Block {
                            insns: one,
                            term: br(&next),
                        },
                    ));
                    parts.push((
                        Some(no),
                        Block {
                            insns: zero,
                            term: br(&next),
                        },
                    ));
                    cur = Vec::new();
                    cur_label = Some(next);
                }
                (Some(_), Some(id)) => {
                    let v = Operand::id(local);
                    cur.extend(self.print_value(id, v));
                }
                _ => {}
            }
        }
        parts.push((
            cur_label,
            Block {
                insns: cur,
                term: block.term,
            },
        ));
        let mut parts = parts.into_iter();
        let first = parts.next().map(|(_, b)| b).expect("one part at least");
        let more = parts
            .map(|(l, b)| LabeledBlock {
                label: l.unwrap_or_default(),
                label_span: Span::DUMMY,
                block: b,
            })
            .collect();
        (first, more)
    }

    /// A fresh global holding `text` and the instruction that points at
    /// its first byte, `%NAME = getelementptr [N x i8], [N x i8]* @G, 0, 0`.
    fn tag(&mut self, text: &str) -> (Operand, Insn) {
        let g = self.name();
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        let arr = Ty::Array(bytes.len() as u64, Box::new(Ty::I8));
        self.gdecls.push(Gdecl {
            name: g.clone(),
            ty: arr.clone(),
            init: Ginit::new(GinitKind::Str(bytes)),
            span: Span::DUMMY,
        });
        let p = self.name();
        let gep = self.insn(
            Some(&p),
            InsnKind::Gep {
                base_ty: arr.clone(),
                ptr_ty: arr.ptr_to(),
                ptr: Operand::gid(g),
                idxs: vec![Operand::konst(0), Operand::konst(0)],
            },
        );
        (Operand::id(p), gep)
    }

    fn insn(&self, result: Option<&str>, kind: InsnKind) -> Insn {
        Insn {
            result: result.map(String::from),
            kind,
            span: Span::DUMMY,
        }
    }

    fn call(&self, result: Option<&str>, ret: Ty, f: &str, args: Vec<(Ty, Operand)>) -> Insn {
        self.insn(
            result,
            InsnKind::Call {
                ret,
                callee: Operand::gid(f),
                args,
            },
        )
    }

    /// Prints the line `text` (`ll_puts`).
    fn print_tag(&mut self, text: &str) -> Vec<Insn> {
        let (s, gep) = self.tag(text);
        let puts = self.call(None, Ty::Void, "ll_puts", vec![(Ty::I8.ptr_to(), s)]);
        vec![gep, puts]
    }

    /// Prints `#lltrace ID V#` for the `i64` value `v`.
    fn print_value(&mut self, id: usize, v: Operand) -> Vec<Insn> {
        let s = || Ty::I8.ptr_to();
        let (tag, gep) = self.tag(&format!("{TRACE_MARK}{id} "));
        let (end, end_gep) = self.tag(TRACE_END);
        let (digits, value, line) = (self.name(), self.name(), self.name());
        vec![
            gep,
            end_gep,
            self.call(Some(&digits), s(), "ll_ltoa", vec![(Ty::I64, v)]),
            self.call(
                Some(&value),
                s(),
                "ll_strcat",
                vec![(s(), tag), (s(), Operand::id(digits.clone()))],
            ),
            self.call(
                Some(&line),
                s(),
                "ll_strcat",
                vec![(s(), Operand::id(value)), (s(), end)],
            ),
            self.call(None, Ty::Void, "ll_puts", vec![(s(), Operand::id(line))]),
        ]
    }
}

/// The traced values of a run's stdout, `(point, value)` in order, read
/// by the one trace wire format's parser (`oat::trace::lines`): the
/// program's own output, before a mark on the same line too, is left out,
/// as is a value that is not an `i64`.
pub fn trace_lines(stdout: &[u8]) -> Vec<(usize, i64)> {
    oat::trace::lines(stdout)
        .into_iter()
        .filter_map(|(n, v)| Some((n, v.parse().ok()?)))
        .collect()
}

/// The operation of an instruction, its group key: the opcode (with the
/// condition of an `icmp`) and the class of its type: `i64`, `i1`, `i8`,
/// or `ptr` for every pointer type (`icmp sle i64`, `sub i64`, `load i64`,
/// `call i64`, `icmp eq ptr`).
pub fn operation(insn: &Insn) -> String {
    match &insn.kind {
        InsnKind::Binop { bop, ty, .. } => format!("{} {}", bop.keyword(), type_class(ty)),
        InsnKind::Icmp { cnd, ty, .. } => format!("icmp {} {}", cnd.keyword(), type_class(ty)),
        InsnKind::Load { ty, .. } => format!("load {}", type_class(ty)),
        InsnKind::Store { ty, .. } => format!("store {}", type_class(ty)),
        InsnKind::Call { ret, .. } => format!("call {}", type_class(ret)),
        InsnKind::Alloca { .. } => "alloca".into(),
        InsnKind::Gep { .. } => "getelementptr".into(),
        InsnKind::Bitcast { .. } => "bitcast".into(),
    }
}

/// `i64`, `i1`, `i8`, `void`, or `ptr` for any pointer (a back end treats
/// every pointer alike; the pointee is in the example).
fn type_class(ty: &Ty) -> String {
    match ty {
        Ty::Ptr(_) | Ty::OpaquePtr => "ptr".into(),
        other => spec::print::print_ty(other),
    }
}

/// True for the runs that are traced: the program was built and behaved
/// differently (a wrong result or output, a crash, a timeout).
pub fn is_traced(c: Category) -> bool {
    matches!(
        c,
        Category::WrongResult | Category::WrongOutput | Category::Crash | Category::RunTimeout
    )
}

/// The traces of `prog`'s failing runs (parallel to `verdicts`; `None`
/// for a run not traced, see [`is_traced`]); `args(i)` is run `i`'s
/// argv[1..]. The traced variant that prints every value is built once;
/// where it finds no cause (it does not build, or tracing changed the
/// outcome: a register allocator placing values otherwise around the
/// trace's calls), the variant traced at calls only ([`Density::Calls`])
/// is built once more for those runs, and its trace says why it was
/// needed.
pub fn trace_runs(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    verdicts: &[RunVerdict],
    args: &dyn Fn(usize) -> Vec<String>,
) -> Vec<Option<Trace>> {
    let wanted: Vec<bool> = verdicts
        .iter()
        .map(|v| {
            matches!(v, RunVerdict::Judged { category, actual: Some(_), .. } if is_traced(*category))
        })
        .collect();
    if !wanted.contains(&true) {
        return vec![None; verdicts.len()];
    }
    let each = |f: &dyn Fn(usize) -> Trace| on_wanted(&wanted, f);
    if let Compiler::Optimiser { .. } = compiler {
        return match tools.build(compiler, prog) {
            Ok(Built::Prog { prog: out, .. }) => {
                each(&|i| optimiser_trace(tools, prog, &out, &args(i)))
            }
            _ => each(&|_| untraced("the optimiser's output could not be read again")),
        };
    }
    if !matches!(tools.oracle.runtime, RuntimeName::Ll | RuntimeName::LlLibc) {
        return each(&|_| untraced("tracing prints with the ll runtime, which the course lacks"));
    }
    let every = native_traces(
        tools,
        compiler,
        prog,
        verdicts,
        args,
        &wanted,
        Density::Every,
    );
    let retry: Vec<bool> = every
        .iter()
        .map(|t| t.as_ref().is_some_and(|t| t.key.is_none()))
        .collect();
    let mut traces: Vec<Option<Trace>> = if retry.contains(&true) {
        let at_calls = native_traces(
            tools,
            compiler,
            prog,
            verdicts,
            args,
            &retry,
            Density::Calls,
        );
        every
            .into_iter()
            .zip(at_calls)
            .map(|(e, c)| match (e, c) {
                (Some(e), Some(c)) => Some(nearest(e, c)),
                (e, _) => e,
            })
            .collect()
    } else {
        every
    };
    unused::check(tools, compiler, prog, verdicts, args, &mut traces);
    traces
}

/// `f(i)` for each run `i` that `wanted` says, `None` for the others.
fn on_wanted(wanted: &[bool], f: &dyn Fn(usize) -> Trace) -> Vec<Option<Trace>> {
    wanted
        .iter()
        .enumerate()
        .map(|(i, w)| w.then(|| f(i)))
        .collect()
}

/// The trace of a run whose trace of every value (`every`) found no cause
/// and that was traced at calls only (`at_calls`): the latter's key when
/// it has one, and both reasons.
fn nearest(every: Trace, at_calls: Trace) -> Trace {
    let says = format!("{} (tracing every value: {})", at_calls.says, every.says);
    match at_calls.key {
        Some(_) => Trace { says, ..at_calls },
        None => Trace {
            says: format!(
                "tracing every value: {}; tracing at calls only: {}",
                every.says, at_calls.says
            ),
            ..every
        },
    }
}

/// The traces (at `density`) of the runs `wanted` says, as in
/// [`trace_runs`], by a compiler that builds native code.
fn native_traces(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    verdicts: &[RunVerdict],
    args: &dyn Fn(usize) -> Vec<String>,
    wanted: &[bool],
    density: Density,
) -> Vec<Option<Trace>> {
    let each = |f: &dyn Fn(usize) -> Trace| on_wanted(wanted, f);
    let (t, points) = match traced_at(prog, density) {
        Ok(t) => t,
        Err(e) => return each(&|_| untraced(&format!("not traced: {e}"))),
    };
    let text = match tools.text_of(&t) {
        Ok(text) => text,
        Err(e) => {
            return each(&|_| untraced(&format!("the traced program is not in the dialect: {e}")))
        }
    };
    let built = match tools.build_text(compiler, &t, Some(&text)) {
        Ok(b) => b,
        Err(f) => {
            let why = format!(
                "the traced program did not build ({}: {})",
                f.category,
                f.detail.lines().next().unwrap_or("")
            );
            return each(&|_| untraced(&why));
        }
    };
    let opts = oracle::Options {
        fuel: tools.oracle.fuel.saturating_mul(FUEL_FACTOR),
        ..tools.oracle.clone()
    };
    let env = spec::TypeEnv::new(prog);
    each(&|i| {
        let a = args(i);
        let expected = oracle::run(&t, None, &a, &opts);
        if !matches!(expected, Outcome::Returned { .. }) {
            return untraced(&format!(
                "the oracle does not return on the traced program: {}",
                describe(&expected)
            ));
        }
        let actual = tools.run(&built, &a);
        let t = compare_traces(prog, &env, &points, &expected, &actual);
        // A trace cut by the output cap (which the run as sent did not
        // reach) says nothing of where the program went wrong.
        let capped =
            |o: &Outcome| matches!(o, Outcome::Crashed { signal, .. } if *signal == libc::SIGXFSZ);
        let was_capped =
            matches!(&verdicts[i], RunVerdict::Judged { actual: Some(o), .. } if capped(o));
        match &t.key {
            Some(k) if capped(&actual) && !was_capped && !names_a_wrong_value(k) => {
                untraced("the traced run's output reached the cap before a value went wrong")
            }
            _ => t,
        }
    })
}

fn untraced(why: &str) -> Trace {
    Trace {
        key: None,
        says: why.to_string(),
        values: None,
    }
}

/// The trace of one run: where the compiled traced program's trace
/// (`actual`) first leaves the oracle's (`expected`).
fn compare_traces(
    prog: &Prog,
    env: &spec::TypeEnv,
    points: &[Point],
    expected: &Outcome,
    actual: &Outcome,
) -> Trace {
    let right = trace_lines(expected.stdout());
    let own = trace_lines(actual.stdout());
    let n = right.iter().zip(&own).take_while(|(a, b)| a == b).count();
    let text = |id: usize| {
        points
            .get(id)
            .map_or_else(String::new, |p| point_text(env, p))
    };
    let op = |id: usize| points.get(id).map_or_else(String::new, point_operation);
    let last = |k: usize| match k.checked_sub(1).and_then(|j| own.get(j)) {
        Some((id, _)) => (format!("after {}", op(*id)), format!("after {}", text(*id))),
        None => (
            "before the first traced value".to_string(),
            "before the first traced value".to_string(),
        ),
    };
    match (right.get(n), own.get(n)) {
        (Some(&(id, want)), Some(&(got_id, got))) if id == got_id => {
            let values = known_values(points, &right[..n]);
            // A line of the program's own output that looks like a trace
            // line may name no point.
            let Some(p) = points.get(id) else {
                return untraced("the program's own output holds a line like a trace line");
            };
            Trace {
                key: Some(format!("{}{}", FIRST_WRONG[0], op(id))),
                says: format!(
                    "`{}` gave {got}, the oracle {want} ({})",
                    with_values(env, p, &values),
                    text(id)
                ),
                values: Some((got, want)),
            }
        }
        (Some(&(id, _)), Some(&(got_id, _))) => {
            let (key, at) = last(n);
            let why = n
                .checked_sub(1)
                .and_then(|j| points.get(own[j].0))
                .filter(|p| p.density == Density::Every)
                .and_then(|p| wrong_branch(prog, p));
            Trace {
                key: Some(match why {
                    Some(cond) => format!("first wrong path: the condition of br from {cond}"),
                    None => format!("first wrong path {key}"),
                }),
                says: format!(
                    "every traced value agrees up to a wrong path {at}: the oracle's next traced \
                     instruction is {}, the compiled program's {}",
                    text(id),
                    text(got_id)
                ),
                values: None,
            }
        }
        (Some(&(id, _)), None) => {
            let (key, at) = last(n);
            Trace {
                key: Some(format!("the trace stops {key}")),
                says: format!(
                    "every traced value agrees; the compiled program's trace stops {at} (the \
                     oracle's goes on with {}): {}",
                    text(id),
                    describe(actual)
                ),
                values: None,
            }
        }
        (None, Some(&(got_id, _))) => Trace {
            key: Some("the trace goes on past the oracle's end".to_string()),
            says: format!(
                "every traced value agrees, then the compiled program goes on with {}",
                text(got_id)
            ),
            values: None,
        },
        (None, None) if compare(expected, actual) == Category::Pass => {
            untraced("tracing changed the outcome: the traced program agrees with the oracle")
        }
        (None, None) => Trace {
            key: Some("every traced value right".to_string()),
            says: format!(
                "every traced value agrees with the oracle's; the traced program's outcome \
                 differs: {} (the oracle: {})",
                describe(actual),
                describe(expected)
            ),
            values: None,
        },
    }
}

/// The operation of a point of the variant traced at calls that is a
/// value kept across a call and read after it (its key is `first wrong
/// value: a value kept across a call`).
pub const KEPT_ACROSS_A_CALL: &str = "a value kept across a call";

/// The operation a point is keyed by: its instruction's ([`operation`]),
/// `parameter i64`, and for a point of the variant traced at calls only
/// ([`Density::Calls`]) the call's result (`call i64 (traced at calls)`)
/// or `a value kept across a call`.
fn point_operation(p: &Point) -> String {
    match (&p.insn, &p.across, p.density) {
        (_, Some(_), _) => KEPT_ACROSS_A_CALL.to_string(),
        (Some(i), None, Density::Calls) => format!("{} (traced at calls)", operation(i)),
        (Some(i), None, Density::Every) => operation(i),
        (None, _, _) => "parameter i64".to_string(),
    }
}

/// Why the path leaving the block of `p` (the last point both traces
/// agree on) can go wrong: the first conditional branch reached from there
/// (the block's own `br i1 %c, ...`, or one at the end of the chain of
/// unconditional `br label`s it starts, whose blocks have no traced value)
/// tests a `%c` defined by an instruction of the same function (an
/// `icmp`, a `load`, a call), whose operation and type class
/// ([`operation`]: `icmp slt i64`) name the comparison the back end
/// branched on. Every traced value agreed up to here, so the condition's
/// value was right and the branch on it went the wrong way; `a literal`
/// for `br i1 0` or `br i1 1`. `None` when the path reaches a `ret` first
/// or goes round a loop of unconditional branches.
fn wrong_branch(prog: &Prog, p: &Point) -> Option<String> {
    let f = prog.fdecls.iter().find(|f| f.name == p.function)?;
    let entry = f.cfg.entry_label.as_deref().unwrap_or("entry");
    let block_of = |label: &str| {
        if label == entry {
            Some(&f.cfg.entry)
        } else {
            f.cfg
                .blocks
                .iter()
                .find(|b| b.label == label)
                .map(|b| &b.block)
        }
    };
    let mut block = block_of(&p.block)?;
    let mut seen = 0;
    let cond = loop {
        match &block.term.kind {
            TermKind::Cbr(cond, _, _) => break cond,
            TermKind::Br(l) if seen <= f.cfg.blocks.len() => {
                seen += 1;
                block = block_of(l)?;
            }
            _ => return None,
        }
    };
    let c = match &cond.kind {
        OperandKind::Id(c) => c,
        OperandKind::Const(_) => return Some("a literal".to_string()),
        _ => return None,
    };
    std::iter::once(&f.cfg.entry)
        .chain(f.cfg.blocks.iter().map(|b| &b.block))
        .flat_map(|b| &b.insns)
        .find(|i| i.result.as_ref() == Some(c))
        .map(operation)
}

/// The value each local had last in the trace `lines`, by function and
/// name (the oracle's values: they agree up to the first wrong one).
fn known_values(points: &[Point], lines: &[(usize, i64)]) -> HashMap<(String, String), i64> {
    let mut m = HashMap::new();
    for &(id, v) in lines {
        if let Some(p) = points.get(id) {
            m.insert((p.function.clone(), p.local.clone()), v);
        }
    }
    m
}

/// Where a point is and what it is, as the oracle names places:
/// `` `%c = icmp sle i64 %a, 0` in @f in block b, instruction 2 `` (the
/// index from 0), or the parameter.
fn point_text(env: &spec::TypeEnv, p: &Point) -> String {
    let at = spec::Location {
        function: p.function.clone(),
        block: p.block.clone(),
        index: p.index,
        line: None,
    };
    match (&p.insn, &p.across) {
        (Some(_), Some(callee)) => {
            format!(
                "the value of %{} after the call to @{callee} at {at}",
                p.local
            )
        }
        (Some(i), None) => format!("`{}` at {at}", spec::print::print_insn(env, i)),
        (None, _) => format!("parameter {} %{} of @{}", p.index + 1, p.local, p.function),
    }
}

/// The instruction of `p` with each local operand replaced by its value
/// in `values` where known: `icmp sle i64 -1, 0`.
fn with_values(env: &spec::TypeEnv, p: &Point, values: &HashMap<(String, String), i64>) -> String {
    let Some(insn) = &p.insn else {
        return format!("parameter %{}", p.local);
    };
    if let Some(callee) = &p.across {
        return format!("the value of %{} after the call to @{callee}", p.local);
    }
    let op = |o: &Operand| match &o.kind {
        OperandKind::Id(x) => values
            .get(&(p.function.clone(), x.clone()))
            .map_or_else(|| format!("%{x}"), i64::to_string),
        _ => spec::print::print_operand(o),
    };
    let text = spec::print::print_insn(env, insn);
    let rhs = text.split_once(" = ").map_or(text.as_str(), |(_, r)| r);
    match &insn.kind {
        InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => {
            format!("{} {}, {}", operation(insn), op(op1), op(op2))
        }
        InsnKind::Call { callee, args, .. } => format!(
            "{} {}({})",
            operation(insn),
            spec::print::print_operand(callee),
            args.iter()
                .map(|(_, a)| op(a))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => rhs.to_string(),
    }
}

/// An optimiser run's trace: the first divergence of the oracle's traces
/// of its input `before` and output `after` on `args`.
fn optimiser_trace(tools: &Tools, before: &Prog, after: &Prog, args: &[String]) -> Trace {
    let Some(d) = divergence(tools, before, after, args) else {
        return untraced("no local defined on both sides differs within the traced steps");
    };
    let ub = d.what.starts_with("the output has undefined behaviour");
    let env = spec::TypeEnv::new(after);
    let insn = after
        .fdecls
        .iter()
        .flat_map(|f| {
            std::iter::once(&f.cfg.entry)
                .chain(f.cfg.blocks.iter().map(|b| &b.block))
                .flat_map(|b| &b.insns)
        })
        .find(|i| spec::print::print_insn(&env, i) == d.instruction);
    Trace {
        key: insn.map(|i| format!("{}{}", FIRST_WRONG[usize::from(ub)], operation(i))),
        says: format!("`{}` ({}): {}", d.instruction, d.location, d.what),
        values: d.values,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Prog {
        spec::parse(&spec::Source::new("t.ll", text)).expect("parses")
    }

    /// The one wire format: a value is read where the program's own
    /// output left the line unfinished, a value that is not an `i64` or a
    /// mark without its closing `#` is not a traced value. By hand:
    /// `ab#lltrace 3 -7#` is point 3, value -7; `#lltrace 4 x#` and the
    /// unterminated `#lltrace 5 9` give nothing.
    #[test]
    fn trace_lines_read_the_one_wire_format() {
        let out = b"ab#lltrace 3 -7#\n#lltrace 4 x#\nz\n#lltrace 5 9\n";
        assert_eq!(trace_lines(out), vec![(3, -7)]);
    }

    /// The trace lines of `o` as `function.local` and value.
    fn named(points: &[Point], o: &Outcome) -> Vec<(String, i64)> {
        trace_lines(o.stdout())
            .iter()
            .map(|&(id, v)| (format!("{}.{}", points[id].function, points[id].local), v))
            .collect()
    }

    /// `(name, value)` pairs as owned strings.
    fn owned(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
        pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    /// A run that returned 0 having printed `s`.
    fn printed(s: &str) -> Outcome {
        Outcome::Returned {
            value: 0,
            stdout: s.as_bytes().to_vec(),
        }
    }

    #[test]
    fn operations_are_the_opcode_condition_and_type_class() {
        let p = parse(
            "@g = global { i64 } { i64 1 }\n\
             define i64 @f(i64 %a, i64* %p) {\n  %c = icmp sle i64 %a, 0\n  %x = sub i64 0, %a\n  %v = load i64, i64* %p\n  %r = call i64 @f(i64 1, i64* %p)\n  %e = icmp eq { i64 }* @g, @g\n  ret i64 %v\n}\n",
        );
        let ops: Vec<String> = p.fdecls[0].cfg.entry.insns.iter().map(operation).collect();
        assert_eq!(
            ops,
            [
                "icmp sle i64",
                "sub i64",
                "load i64",
                "call i64",
                "icmp eq ptr"
            ]
        );
    }

    /// The traced variant of a program with a parameter, an `i64` and an
    /// `i1` value prints, on the oracle, exactly the values the spec's
    /// rules give them (worked out by hand below), and returns what the
    /// program returns.
    #[test]
    fn the_oracle_runs_the_traced_variant_and_prints_each_value() {
        let p = parse(
            "define i64 @f(i64 %x) {\n  %y = sub i64 %x, 5\n  %c = icmp sle i64 %y, -3\n  br i1 %c, label %a, label %b\na:\n  ret i64 %y\nb:\n  ret i64 7\n}\n\
             define i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 2)\n  ret i64 %r\n}\n",
        );
        let (t, points) = traced(&p).expect("traced");
        let o = oracle::run(&t, None, &[], &oracle::Options::default());
        // main's argc is 1 (no arguments); f(2): y = 2 - 5 = -3; -3 <= -3
        // is true; f returns -3.
        assert!(matches!(o, Outcome::Returned { value: -3, .. }), "{o:?}");
        let expect = [
            ("main.argc", 1),
            ("f.x", 2),
            ("f.y", -3),
            ("f.c", 1),
            ("main.r", -3),
        ];
        assert_eq!(named(&points, &o), owned(&expect));
    }

    /// Traced at calls only, a program prints after each call its result
    /// and the values kept across it, nothing else; the values by hand:
    /// g(3) = 3 * 2 = 6; main keeps %x = argc + 10 = 11 across the call
    /// (the `add` after it reads %x; %argc is read before the call only,
    /// so it is not printed); main returns 17. A compiled program
    /// whose %x was overwritten by the call gives the key of a value kept
    /// across a call.
    #[test]
    fn traced_at_calls_only_prints_call_results_and_values_kept_across() {
        let p = parse(
            "define i64 @g(i64 %v) {\n  %d = mul i64 %v, 2\n  ret i64 %d\n}\n\
             define i64 @main(i64 %argc, i8** %argv) {\n  %x = add i64 %argc, 10\n  %r = call i64 @g(i64 3)\n  %s = add i64 %x, %r\n  ret i64 %s\n}\n",
        );
        let (t, points) = traced_at(&p, Density::Calls).expect("traced");
        let o = oracle::run(&t, None, &[], &oracle::Options::default());
        assert!(matches!(o, Outcome::Returned { value: 17, .. }), "{o:?}");
        assert_eq!(named(&points, &o), owned(&[("main.r", 6), ("main.x", 11)]));
        let env = spec::TypeEnv::new(&p);
        let right = printed("#lltrace 0 6#\n#lltrace 1 11#\n");
        let wrong = printed("#lltrace 0 6#\n#lltrace 1 6#\n");
        let tr = compare_traces(&p, &env, &points, &right, &wrong);
        assert_eq!(
            tr.key.as_deref(),
            Some("first wrong value: a value kept across a call")
        );
        assert!(
            tr.says
                .starts_with("`the value of %x after the call to @g` gave 6, the oracle 11"),
            "{}",
            tr.says
        );
        let wrong = printed("#lltrace 0 7#\n#lltrace 1 11#\n");
        let tr = compare_traces(&p, &env, &points, &right, &wrong);
        assert_eq!(
            tr.key.as_deref(),
            Some("first wrong value: call i64 (traced at calls)")
        );
    }

    #[test]
    fn the_first_differing_line_names_the_instruction_with_its_values() {
        let p = parse(
            "define i64 @main(i64 %argc, i8** %argv) {\n  %y = sub i64 %argc, 2\n  %c = icmp sle i64 %y, -1\n  br i1 %c, label %a, label %b\na:\n  ret i64 1\nb:\n  ret i64 0\n}\n",
        );
        let (_, points) = traced(&p).expect("traced");
        let env = spec::TypeEnv::new(&p);
        // argc = 1, y = -1, and -1 <= -1: the oracle's trace; the compiled
        // program's `icmp sle` gave 0.
        let right = printed("#lltrace 0 1#\n#lltrace 1 -1#\n#lltrace 2 1#\n");
        let wrong = printed("#lltrace 0 1#\n#lltrace 1 -1#\n#lltrace 2 0#\n");
        let t = compare_traces(&p, &env, &points, &right, &wrong);
        assert_eq!(t.key.as_deref(), Some("first wrong value: icmp sle i64"));
        assert!(
            t.says
                .starts_with("`icmp sle i64 -1, -1` gave 0, the oracle 1"),
            "{}",
            t.says
        );
        let crashed = Outcome::Crashed {
            signal: 11,
            syscall: None,
            stdout: b"#lltrace 0 1#\n".to_vec(),
        };
        let t = compare_traces(&p, &env, &points, &right, &crashed);
        assert_eq!(
            t.key.as_deref(),
            Some("the trace stops after parameter i64")
        );
        let t = compare_traces(&p, &env, &points, &right, &right);
        assert_eq!(t.key, None, "the traced program passes: {}", t.says);
    }

    #[test]
    fn a_wrong_path_is_keyed_by_the_condition_of_its_branch() {
        // Points: 0 argc, 1 %c (i1), 2 %u in block a, 3 %v in block b.
        let p = parse(
            "define i64 @main(i64 %argc, i8** %argv) {\n  %c = icmp slt i64 %argc, 2\n  br i1 %c, label %a, label %b\na:\n  %u = add i64 %argc, 1\n  ret i64 %u\nb:\n  %v = sub i64 %argc, 1\n  ret i64 %v\n}\n",
        );
        let (_, points) = traced(&p).expect("traced");
        let env = spec::TypeEnv::new(&p);
        let out = |v: i64, s: &str| Outcome::Returned {
            value: v,
            stdout: s.as_bytes().to_vec(),
        };
        // argc = 1: 1 < 2 holds, so the oracle goes to a (u = 2); the
        // compiled program computed %c = 1 too but went to b (v = 0):
        // its branch on %c, from the `icmp slt`, went the wrong way.
        let right = out(2, "#lltrace 0 1#\n#lltrace 1 1#\n#lltrace 2 2#\n");
        let wrong = out(0, "#lltrace 0 1#\n#lltrace 1 1#\n#lltrace 3 0#\n");
        let t = compare_traces(&p, &env, &points, &right, &wrong);
        assert_eq!(
            t.key.as_deref(),
            Some("first wrong path: the condition of br from icmp slt i64")
        );
        // A block that ends otherwise keeps the key of where the trace
        // left: here the program's entry has no conditional branch.
        let q = parse(
            "define i64 @f(i64 %x) {\n  %y = add i64 %x, 1\n  ret i64 %y\n}\n\
             define i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 %argc)\n  ret i64 %r\n}\n",
        );
        let (_, points) = traced(&q).expect("traced");
        let env = spec::TypeEnv::new(&q);
        // Points: 0 f.x, 1 f.y, 2 main.argc, 3 main.r; a compiled program
        // whose trace goes from argc to y, skipping f's parameter.
        let right = out(
            2,
            "#lltrace 2 1#\n#lltrace 0 1#\n#lltrace 1 2#\n#lltrace 3 2#\n",
        );
        let wrong = out(2, "#lltrace 2 1#\n#lltrace 1 2#\n#lltrace 3 2#\n");
        let t = compare_traces(&q, &env, &points, &right, &wrong);
        assert_eq!(
            t.key.as_deref(),
            Some("first wrong path after parameter i64")
        );
        // A literal condition, reached through a block of stores only
        // (nothing traced in it): argc = 1 goes to b, then `br i1 1` to
        // yes (u = 2); the compiled program went to no (v = 0).
        let l = parse(
            "define i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64\n  br label %b\nb:\n  store i64 %argc, i64* %p\n  br i1 1, label %yes, label %no\nyes:\n  %u = add i64 %argc, 1\n  ret i64 %u\nno:\n  %v = sub i64 %argc, 1\n  ret i64 %v\n}\n",
        );
        let (_, points) = traced(&l).expect("traced");
        let env = spec::TypeEnv::new(&l);
        // Points: 0 argc, 1 %u, 2 %v.
        let right = out(2, "#lltrace 0 1#\n#lltrace 1 2#\n");
        let wrong = out(0, "#lltrace 0 1#\n#lltrace 2 0#\n");
        let t = compare_traces(&l, &env, &points, &right, &wrong);
        assert_eq!(
            t.key.as_deref(),
            Some("first wrong path: the condition of br from a literal")
        );
    }
}

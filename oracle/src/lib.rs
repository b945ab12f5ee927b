//! The LLVMlite abstract machine: an executable transcription of the spec's
//! `interp_call` and `interp_cfg` over tree-shaped memory with tagged
//! pointers, with the decisions of docs/semantics.md.
//!
//! The folder layout follows the spec, from the bottom up: [`arith`] (the
//! pure integer arithmetic: `bop_value`, `interp_cnd`), [`tytable`]
//! (interned types), [`place`] (what a tag and path say about a target:
//! `effective_tag`, struct or array), [`value`] (simple values, pointers
//! as block, place and offset), [`memory`] (blocks and their trees' words,
//! laid out in cells), [`gep`] (`gep_ptr` and its six checks, and the plan
//! the fast path remembers), [`ir`] (the resolved program: `Insn`,
//! `Block`, `Func`) and [`resolve`] (the pass that builds it before the
//! run), [`report`] (locations, where an undef came from, diagnostics),
//! [`stop`] (why the machine stops, and the builder of every
//! undefined-behaviour stop), [`record`] (pointer types seen, for type
//! recovery), [`machine`] (the state, the operands, and `ControlFlow`:
//! where execution goes next), then the rules: [`heap`]
//! (runtime allocations, typed by their first use), [`runtime`]
//! (`ll_puts`, `ll_strcat`, `ll_ltoa`), [`call`] (`interp_call`, `ret`),
//! [`insns`] (`interp_insn`, one function per instruction, and
//! `interp_term`), [`init`] (the
//! initial configuration, `mval_of_gdecl`); `fast` (the common case of the
//! hottest rules, deferring to the rules for everything else) and at the
//! top [`interp`] (`interp_cfg`, the run loop).
//! docs/architecture.md draws the graph.

#![deny(missing_docs)]

pub mod arith;
pub mod bench;
pub mod call;
mod fast;
pub mod gep;
pub mod heap;
pub mod init;
pub mod insns;
pub mod interp;
pub mod ir;
pub mod llvm_mem;
mod llvm_rules;
pub mod machine;
pub mod memory;
pub mod place;
pub mod record;
pub mod report;
pub mod resolve;
pub mod runtime;
pub mod stdio;
pub mod stop;
pub mod tytable;
pub mod value;

pub use bench::{bench_programs, BenchProgram};
pub use machine::TraceStep;
pub use record::PointerTypeRecord;
pub use report::render_undefined;

use machine::Machine;
use spec::{Diagnostic, LocatedDiagnostic, Outcome, Prog, Source, Span, TypeEnv};
use stop::Stop;
use value::{UndefWhy, Value};

/// Limits and choices of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The function to start in (`main` by default); it takes `()` or `(i64, i8**)`.
    pub entry: String,
    /// `argv[0]`, the program name the harness also gives native runs.
    pub program_name: String,
    /// The most instructions executed before `fuel-exhausted`.
    pub fuel: u64,
    /// The most nested calls before `call-depth-exceeded`.
    pub max_depth: usize,
    /// The most memory cells before `memory-exhausted`: a word or a
    /// local is one cell, a string ceil(bytes / 8); a cell costs the host
    /// about 40 bytes.
    pub max_cells: u64,
    /// The most stack bytes the active calls may need (each call counted
    /// by `spec::limits::frame_bytes`) before `stack-exhausted`.
    pub max_stack_bytes: u64,
    /// Whether instructions may run by their fast paths (oracle/src/fast.rs,
    /// the rules restricted to inputs where they cannot fail; the same
    /// outcome, faster). With false every instruction runs by its rule, as
    /// tests/testsuite/fast_paths.rs compares. A traced run uses the rules alone
    /// whatever this says.
    pub fast_paths: bool,
    /// The course runtime whose external functions the program may call
    /// (docs/semantics.md, "Oat programs and course runtimes"); `ll`, the
    /// spec's own, by default.
    pub runtime: spec::RuntimeName,
    /// Which memory gives loads, stores and `getelementptr` their meaning
    /// (docs/semantics.md, "Which memory applies"): LLVMlite's tagged
    /// trees, the spec's, by default.
    pub memory: MemoryModel,
    /// Where allocations lie in LLVM's memory (unused in the tree memory).
    pub addresses: llvm_mem::AddressLayout,
}

/// The memory model of a run (docs/semantics.md, "Which memory applies").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MemoryModel {
    /// LLVMlite's memory: blocks of tagged trees, pointers with a tag
    /// and a path (the spec's meaning, the reference interpreter's).
    #[default]
    Llvmlite,
    /// LLVM's memory: bytes with provenance at concrete addresses (how
    /// clang and llc compile a program; see `llvm_mem`).
    Llvm,
}

impl MemoryModel {
    /// Both, by name.
    pub const ALL: [MemoryModel; 2] = [MemoryModel::Llvmlite, MemoryModel::Llvm];

    /// The name `run --memory` takes: `llvmlite` or `llvm`.
    pub fn name(self) -> &'static str {
        match self {
            MemoryModel::Llvmlite => "llvmlite",
            MemoryModel::Llvm => "llvm",
        }
    }
}

impl std::str::FromStr for MemoryModel {
    type Err = String;
    fn from_str(s: &str) -> Result<MemoryModel, String> {
        MemoryModel::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown memory model `{s}` (llvmlite or llvm)"))
    }
}

impl std::fmt::Display for MemoryModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            entry: "main".into(),
            program_name: "lloracle".into(),
            fuel: 1_000_000_000,
            max_depth: 100_000,
            max_cells: 16_000_000,
            max_stack_bytes: spec::limits::STACK_BUDGET_BYTES,
            fast_paths: true,
            runtime: spec::RuntimeName::Ll,
            memory: MemoryModel::Llvmlite,
            addresses: llvm_mem::AddressLayout::FIRST,
        }
    }
}

/// Counters of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Instructions and terminators executed.
    pub executed: u64,
}

/// The rule id of an internal error: something the checker should have
/// rejected reached the machine.
pub const INTERNAL_RULE: &str = "oracle-internal";

/// Runs a checked program from its entry point with `args` as `argv[1..]`.
/// `src` is the text it was parsed from, for source lines in locations.
pub fn run(prog: &Prog, src: Option<&Source>, args: &[String], opts: &Options) -> Outcome {
    run_with_stats(prog, src, args, opts).0
}

fn ill_typed(src: Option<&Source>, rule: &str, span: Span, message: String) -> Outcome {
    let d = Diagnostic::new(rule, span, message);
    let located = match src {
        Some(s) => d.locate(s),
        None => LocatedDiagnostic {
            rule: d.rule,
            message: d.message,
            file: "<program>".into(),
            line: 0,
            col: 0,
        },
    };
    Outcome::IllTyped {
        diagnostics: vec![located],
    }
}

/// [`run`], also returning how many instructions ran.
pub fn run_with_stats(
    prog: &Prog,
    src: Option<&Source>,
    args: &[String],
    opts: &Options,
) -> (Outcome, Stats) {
    let r = run_inner(prog, src, args, opts, None, false);
    (r.outcome, r.stats)
}

/// Runs `prog` twice, with the fast paths and with the rules alone
/// ([`Options::fast_paths`] true and false): the fast paths are the rules
/// restricted to inputs where they cannot fail, so both runs must end in
/// the same outcome (value, output, error kind, message and location)
/// after the same number of steps. The outcome, or what differs.
pub fn compare_fast_paths_with_rules(
    prog: &Prog,
    args: &[String],
    opts: &Options,
) -> Result<Outcome, String> {
    let with = |fast_paths| Options {
        fast_paths,
        ..opts.clone()
    };
    let (fast, fast_stats) = run_with_stats(prog, None, args, &with(true));
    let (rules, rules_stats) = run_with_stats(prog, None, args, &with(false));
    if fast != rules {
        return Err(format!(
            "the fast paths give\n  {fast}\nthe rules alone give\n  {rules}"
        ));
    }
    if fast_stats != rules_stats {
        return Err(format!(
            "both give {fast}, but after {} steps with the fast paths and {} with the rules alone",
            fast_stats.executed, rules_stats.executed
        ));
    }
    Ok(fast)
}

/// A run in LLVM's memory checked at two address layouts
/// (docs/semantics.md, "Outputs that depend on addresses").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LlvmRun {
    /// The outcome at the first layout (`Options::addresses`).
    pub outcome: Outcome,
    /// When the run behaves otherwise at the second layout: how.
    pub depends_on_addresses: Option<AddressDependence>,
    /// The counters of the run at the first layout.
    pub stats: Stats,
}

/// A run whose behaviour differs between two address layouts: not a
/// meaning the program has, so nothing to grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressDependence {
    /// The outcome at the second layout.
    pub other: Outcome,
    /// How the two runs differ, in words.
    pub how: String,
    /// Where values came from addresses (loads of a pointer's bytes as an
    /// integer), as locations; empty when none was seen (pointers
    /// compared by order, say).
    pub from: Vec<String>,
}

impl std::fmt::Display for AddressDependence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the output depends on addresses: {}", self.how)?;
        if !self.from.is_empty() {
            write!(
                f,
                "; values that came from addresses: {}",
                self.from.join(", ")
            )?;
        }
        Ok(())
    }
}

/// Runs `prog` in LLVM's memory at `opts.addresses` and at
/// `AddressLayout::SECOND`, and compares what the two runs do (output,
/// result or error kind and place; not messages, which may quote
/// addresses).
pub fn run_llvm(prog: &Prog, src: Option<&Source>, args: &[String], opts: &Options) -> LlvmRun {
    let at = |addresses| Options {
        memory: MemoryModel::Llvm,
        addresses,
        ..opts.clone()
    };
    let first = run_inner(prog, src, args, &at(opts.addresses), None, false);
    let second = run_inner(
        prog,
        src,
        args,
        &at(llvm_mem::AddressLayout::SECOND),
        None,
        false,
    );
    // A run that ends in a resource limit at either layout is that limit:
    // how many steps a run takes may depend on addresses (a seed taken
    // from one) where what it prints does not, and a limit says nothing
    // of the output (docs/semantics.md, "Outputs that depend on
    // addresses").
    if let Some(limited) = [&first, &second]
        .into_iter()
        .find(|r| matches!(r.outcome, Outcome::Limit { .. }))
    {
        return LlvmRun {
            outcome: limited.outcome.clone(),
            depends_on_addresses: None,
            stats: limited.stats,
        };
    }
    let depends_on_addresses = (!same_behaviour(&first.outcome, &second.outcome)).then(|| {
        let mut from = first.address_uses;
        from.extend(second.address_uses);
        from.dedup();
        AddressDependence {
            how: differences(&first.outcome, &second.outcome),
            other: second.outcome,
            from,
        }
    });
    LlvmRun {
        outcome: first.outcome,
        depends_on_addresses,
        stats: first.stats,
    }
}

/// How the outcomes of a run at two address layouts differ, in words.
fn differences(a: &Outcome, b: &Outcome) -> String {
    let shown = |s: &[u8]| String::from_utf8_lossy(s).escape_debug().to_string();
    if a.stdout() != b.stdout() {
        format!(
            "it prints \"{}\" with its allocations at one set of addresses and \"{}\" at another",
            shown(a.stdout()),
            shown(b.stdout())
        )
    } else {
        format!("with its allocations at one set of addresses the run {a}; at another it {b}")
    }
}

/// Whether two outcomes are the same behaviour: equal, or undefined of
/// the same kind at the same place after the same output.
fn same_behaviour(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (
            Outcome::Undefined {
                kind,
                location,
                stdout,
                ..
            },
            Outcome::Undefined {
                kind: k2,
                location: l2,
                stdout: s2,
                ..
            },
        ) => kind == k2 && location == l2 && stdout == s2,
        _ => a == b,
    }
}

/// Runs `prog` in LLVMlite's memory and, where that run is defined (it
/// returns, or a runtime function ends it), in LLVM's memory too: LLVM's
/// memory defines everything the tree memory defines, with the same
/// meaning (docs/semantics.md, "LLVM's memory"), so both must print the
/// same and end the same. The tree memory's outcome, or what differs.
/// Runs that end in a limit are not compared (the models count memory
/// differently).
pub fn compare_memory_models(
    prog: &Prog,
    args: &[String],
    opts: &Options,
) -> Result<Outcome, String> {
    let tree = run(
        prog,
        None,
        args,
        &Options {
            memory: MemoryModel::Llvmlite,
            ..opts.clone()
        },
    );
    if !matches!(tree, Outcome::Returned { .. } | Outcome::Halted { .. }) {
        return Ok(tree);
    }
    let llvm = run(
        prog,
        None,
        args,
        &Options {
            memory: MemoryModel::Llvm,
            ..opts.clone()
        },
    );
    if matches!(llvm, Outcome::Limit { .. }) || llvm == tree {
        return Ok(tree);
    }
    Err(format!(
        "LLVMlite's memory gives\n  {tree} (stdout {:?})\nLLVM's memory gives\n  {llvm} (stdout {:?})",
        String::from_utf8_lossy(tree.stdout()),
        String::from_utf8_lossy(llvm.stdout())
    ))
}

/// [`run`], also recording for every local that receives a pointer the
/// effective type at the pointer's target (see [`record`]): the dynamic
/// side of type recovery's soundness check.
pub fn run_recording_pointer_types(
    prog: &Prog,
    args: &[String],
    opts: &Options,
) -> (Outcome, Vec<PointerTypeRecord>) {
    let r = run_inner(prog, None, args, opts, None, true);
    (r.outcome, r.records)
}

/// [`run`] calling `trace` before every instruction and terminator executed
/// (with its location and the call depth), e.g. for `lloracle run --trace`.
pub fn run_with_trace(
    prog: &Prog,
    src: Option<&Source>,
    args: &[String],
    opts: &Options,
    trace: &mut dyn FnMut(&TraceStep),
) -> (Outcome, Stats) {
    let r = run_inner(prog, src, args, opts, Some(trace), false);
    (r.outcome, r.stats)
}

/// What one run gives: its outcome, its counters, the pointer types it
/// recorded, and in LLVM's memory where values came from addresses.
struct Ran {
    outcome: Outcome,
    stats: Stats,
    records: Vec<PointerTypeRecord>,
    address_uses: Vec<String>,
}

impl Ran {
    fn stopped(outcome: Outcome) -> Ran {
        Ran {
            outcome,
            stats: Stats::default(),
            records: Vec::new(),
            address_uses: Vec::new(),
        }
    }
}

fn run_inner(
    prog: &Prog,
    src: Option<&Source>,
    args: &[String],
    opts: &Options,
    trace: Option<&mut dyn FnMut(&TraceStep)>,
    record: bool,
) -> Ran {
    let entry_name = entry_name(prog, opts);
    let Some(entry) = prog.fdecls.iter().position(|f| f.name == entry_name) else {
        let msg = format!("there is no function @{} to start in", opts.entry);
        return Ran::stopped(ill_typed(src, "entry-defined", Span::DUMMY, msg));
    };
    let f = &prog.fdecls[entry];
    let Some(takes_argv) = spec::check::entry_args(&TypeEnv::new(prog), f) else {
        let msg = format!(
            "@{} must have type i64(), i64(i64, i8**) or i64(i64, {{ i64, [0 x i8*] }}*)",
            f.name
        );
        return Ran::stopped(ill_typed(src, "main-type", f.span, msg));
    };
    let (mut program, mut tys) = match resolve::resolve_with(prog, opts.runtime) {
        Ok(r) => r,
        Err(e) => return Ran::stopped(ill_typed(src, INTERNAL_RULE, e.span, e.message)),
    };
    // LLVM's memory gives the program's constant pointers their addresses
    // before the machine borrows the program.
    let llvm = (opts.memory == MemoryModel::Llvm).then(|| {
        llvm_mem::init::init_globals(&mut program, &prog.gdecls, &mut tys, opts.addresses)
    });
    let mut m = Machine::new(
        &program,
        tys,
        src,
        opts.fuel,
        opts.max_depth,
        opts.max_cells,
    );
    m.max_stack_bytes = opts.max_stack_bytes;
    m.fast_paths = opts.fast_paths;
    if let Some(t) = trace {
        m.set_trace(t);
    }
    if record {
        m.recorder = Some(record::Recorder::default());
    }
    // In a program the checker accepts, every local read has its
    // definition run before it (the dominance rule), so new frames need not
    // mark their locals unset; an unchecked program keeps the marks, so that
    // such a read is an internal error, not a stale value.
    let entry_opts = spec::check::CheckOptions {
        entry: Some(entry_name.to_string()),
        runtime: opts.runtime,
    };
    m.fill_unset = spec::check::check_with(prog, &entry_opts).is_err();
    let r = match llvm {
        Some(Err(e)) => Err(e),
        Some(Ok(mem)) => {
            m.llvm = Some(Box::new(mem));
            start(&mut m, prog, entry as u32, takes_argv, args, opts)
        }
        None => start(&mut m, prog, entry as u32, takes_argv, args, opts),
    };
    let stats = Stats {
        executed: m.executed(),
    };
    let outcome = finish(&mut m, r);
    let address_uses = m.address_uses();
    Ran {
        outcome,
        stats,
        records: m.take_records(),
        address_uses,
    }
}

/// The function a run starts in: `opts.entry`, except that under an Oat
/// runtime a program with no `@main` but an `@program` (the Oat entry,
/// which the runtime's C `main` calls) starts there when the entry was not
/// chosen. Under `ll` and `ll-libc` the entry is always `opts.entry`.
fn entry_name<'a>(prog: &Prog, opts: &'a Options) -> &'a str {
    let has = |n: &str| prog.fdecls.iter().any(|f| f.name == n);
    if opts.runtime.is_oat() && opts.entry == "main" && !has("main") && has("program") {
        "program"
    } else {
        &opts.entry
    }
}

fn start(
    m: &mut Machine,
    prog: &Prog,
    entry: u32,
    takes_argv: spec::check::EntryArgs,
    args: &[String],
    opts: &Options,
) -> Result<Value, Stop> {
    if m.llvm.is_none() {
        init::init_globals(m.prog, &prog.gdecls, &mut m.tys, &mut m.mem)?;
    }
    let mut argv: Vec<&[u8]> = vec![opts.program_name.as_bytes()];
    argv.extend(args.iter().map(|a| a.as_bytes()));
    let p = match (takes_argv, m.llvm.as_deref_mut()) {
        (spec::check::EntryArgs::Nothing, _) => None,
        (spec::check::EntryArgs::Argv, None) => {
            Some(init::init_argv(&mut m.tys, &mut m.mem, &argv)?)
        }
        (spec::check::EntryArgs::OatArgv, None) => {
            Some(init::init_oat_argv(&mut m.tys, &mut m.mem, &argv)?)
        }
        (spec::check::EntryArgs::Argv, Some(l)) => Some(llvm_mem::init::init_argv(l, &argv)?),
        (spec::check::EntryArgs::OatArgv, Some(l)) => {
            Some(llvm_mem::init::init_oat_argv(l, &argv)?)
        }
    };
    let vals = match p {
        Some(p) => vec![Value::Int(argv.len() as i64), p],
        None => Vec::new(),
    };
    m.use_cells(0)?;
    m.interp_call_entry(entry, vals)
}

fn finish(m: &mut Machine, r: Result<Value, Stop>) -> Outcome {
    let stop = match r {
        Ok(Value::Int(value)) => {
            return Outcome::Returned {
                value,
                stdout: m.take_stdout(),
            }
        }
        Ok(Value::Undef(u)) if u.why != UndefWhy::Unset => stop::undef_result(m.prog, m.src, &u),
        Ok(_) => Stop::Internal("main returned no integer".into()),
        Err(e) => e,
    };
    match stop {
        Stop::Undefined(kind, message) => {
            let (location, backtrace) = m.locations();
            Outcome::Undefined {
                kind,
                message,
                location,
                backtrace,
                stdout: m.take_stdout(),
            }
        }
        Stop::Limit(kind) => Outcome::Limit {
            kind,
            stdout: m.take_stdout(),
        },
        Stop::Internal(msg) => ill_typed(m.src, INTERNAL_RULE, m.current_span(), msg),
        Stop::Halt {
            status,
            aborted,
            stderr,
        } => {
            let mut stdout = m.take_stdout();
            let written = m.stdio.written(stdout.len());
            if aborted {
                stdout.truncate(written);
            }
            Outcome::Halted {
                status,
                aborted,
                stdout,
                stderr,
                stdout_before_stderr: written,
            }
        }
    }
}

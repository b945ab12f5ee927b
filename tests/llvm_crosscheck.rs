//! The LLVM cross-check: every corpus run that expects `CHECK-RESULT` is
//! printed back to LLVM text (`spec::print`), run by LLVM 14's `lli` with the
//! C runtime (codegen/runtime/llrt.c) loaded, and must exit with the result
//! mod 256 and print exactly the expected bytes. It holds the corpus's hand
//! derived expectations, and the printer, to real LLVM.
//!
//! Two adaptations make LLVMlite text LLVM text, both outside LLVMlite:
//! runtime functions that are called without a `declare` get one, and a
//! `main(i64, i8**)` (which `lli` refuses: it wants `i32 argc`) is renamed and
//! called from an `i32 @main(i32, i8**)` wrapper.

use lloracle::corpus::{self, CorpusFile, Expected, Run};
use spec::{Edecl, GinitKind, InsnKind, OperandKind, Prog, Span, TermKind, Ty};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The name `main` gets when the wrapper takes its place.
const RENAMED_MAIN: &str = "lloracle_main";

/// How long one `lli` run may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The wrapper LLVM accepts as `main`: argc converted from i32 to i64, the
/// result truncated to i32 (the exit status keeps only its low 8 bits anyway).
const MAIN_WRAPPER: &str = "
define i32 @main(i32 %argc, i8** %argv) {
  %argc64 = sext i32 %argc to i64
  %result = call i64 @lloracle_main(i64 %argc64, i8** %argv)
  %status = trunc i64 %result to i32
  ret i32 %status
}
";

fn tool_present(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Calls `f` on every mention of a global name (`@g` operands and
/// initializers), not on definitions.
fn global_mentions_mut(prog: &mut Prog, f: &mut dyn FnMut(&mut String)) {
    let mut op = |op: &mut spec::Operand| {
        if let OperandKind::Gid(n) = &mut op.kind {
            f(n);
        }
    };
    for fd in &mut prog.fdecls {
        let blocks = std::iter::once(&mut fd.cfg.entry)
            .chain(fd.cfg.blocks.iter_mut().map(|b| &mut b.block));
        for b in blocks {
            for i in &mut b.insns {
                match &mut i.kind {
                    InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => {
                        op(op1);
                        op(op2);
                    }
                    InsnKind::Alloca { .. } => {}
                    InsnKind::Load { ptr, .. } => op(ptr),
                    InsnKind::Store { val, ptr, .. } => {
                        op(val);
                        op(ptr);
                    }
                    InsnKind::Call { callee, args, .. } => {
                        op(callee);
                        args.iter_mut().for_each(|(_, a)| op(a));
                    }
                    InsnKind::Gep { ptr, idxs, .. } => {
                        op(ptr);
                        idxs.iter_mut().for_each(&mut op);
                    }
                    InsnKind::Bitcast { op: o, .. } => op(o),
                }
            }
            match &mut b.term.kind {
                TermKind::Ret(_, Some(o)) | TermKind::Cbr(o, _, _) => op(o),
                TermKind::Ret(_, None) | TermKind::Br(_) => {}
            }
        }
    }
    for g in &mut prog.gdecls {
        // Initializers nest; walk them with an explicit stack.
        let mut stack = vec![&mut g.init];
        while let Some(init) = stack.pop() {
            match &mut init.kind {
                GinitKind::Gid(n) => f(n),
                GinitKind::Array(elems) | GinitKind::Struct(elems) => {
                    stack.extend(elems.iter_mut().map(|(_, e)| e));
                }
                GinitKind::Bitcast(_, inner, _) => stack.push(inner),
                GinitKind::Null | GinitKind::Int(_) | GinitKind::Str(_) => {}
            }
        }
    }
}

/// Renames the function `@from` and every mention of it to `@to`.
fn rename_global(prog: &mut Prog, from: &str, to: &str) {
    for f in &mut prog.fdecls {
        if f.name == from {
            f.name = to.to_string();
        }
    }
    global_mentions_mut(prog, &mut |n| {
        if n == from {
            *n = to.to_string();
        }
    });
}

/// True when the program mentions the global `@name` anywhere.
fn mentions(prog: &Prog, name: &str) -> bool {
    let mut found = false;
    global_mentions_mut(&mut prog.clone(), &mut |n| found |= n == name);
    found
}

/// The LLVM type of runtime function `name` as the program uses it (for
/// `ll_ltoa`, the arity of its first direct call), or `None` for other names.
fn runtime_type(prog: &Prog, name: &str) -> Option<Ty> {
    let i8p = || Ty::I8.ptr_to();
    match name {
        "ll_puts" => Some(Ty::Fun(vec![i8p()], Box::new(Ty::Void))),
        "ll_strcat" => Some(Ty::Fun(vec![i8p(), i8p()], Box::new(i8p()))),
        "ll_ltoa" => {
            let two = prog
                .fdecls
                .iter()
                .flat_map(|f| {
                    std::iter::once(&f.cfg.entry).chain(f.cfg.blocks.iter().map(|b| &b.block))
                })
                .flat_map(|b| &b.insns)
                .find_map(|i| match &i.kind {
                    InsnKind::Call { callee, args, .. }
                        if callee.kind == OperandKind::Gid(name.into()) =>
                    {
                        Some(args.len() == 2)
                    }
                    _ => None,
                })
                .unwrap_or(false);
            let params = if two {
                vec![Ty::I64, i8p()]
            } else {
                vec![Ty::I64]
            };
            Some(Ty::Fun(params, Box::new(i8p())))
        }
        _ => None,
    }
}

/// Adds a `declare` for each runtime function the program mentions without
/// declaring or defining it (LLVMlite knows them; LLVM needs the declaration).
fn declare_runtime_functions(prog: &mut Prog) {
    for name in ["ll_puts", "ll_strcat", "ll_ltoa"] {
        let known = prog.fdecls.iter().any(|f| f.name == name)
            || prog.gdecls.iter().any(|g| g.name == name)
            || prog.edecls.iter().any(|e| e.name == name);
        if known || !mentions(prog, name) {
            continue;
        }
        if let Some(ty) = runtime_type(prog, name) {
            prog.edecls.push(Edecl {
                name: name.to_string(),
                ty,
                span: Span::DUMMY,
            });
        }
    }
}

/// The LLVM text `lli` runs for `prog`.
fn llvm_text(mut prog: Prog) -> String {
    declare_runtime_functions(&mut prog);
    let opaque = spec::opaque::prog_mentions_opaque(&prog);
    let wrap = prog.fdecl("main").is_some_and(|f| !f.params.is_empty());
    if wrap {
        rename_global(&mut prog, "main", RENAMED_MAIN);
    }
    let mut text = spec::print::print(&prog);
    if opaque {
        text.insert_str(0, OPAQUE_MARK);
    }
    if wrap {
        text.push_str(MAIN_WRAPPER);
    }
    text
}

/// What `lli` did: exit status (None if killed by a signal or timed out),
/// standard output and standard error.
struct LliRun {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    timed_out: bool,
}

/// The first line of a program that mentions `ptr`: LLVM 14 parses `ptr`
/// (mixed with typed pointers) only in `-opaque-pointers` mode.
const OPAQUE_MARK: &str = "; opaque-pointers\n";

fn run_lli(runtime: &Path, file: &Path, args: &[String]) -> Result<LliRun, String> {
    let opaque = std::fs::read_to_string(file).is_ok_and(|t| t.starts_with(OPAQUE_MARK));
    let mut child = Command::new("lli")
        .args(opaque.then_some("-opaque-pointers"))
        .arg("-load")
        .arg(runtime)
        .arg(file)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start lli: {e}"))?;
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let (status, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(s)) => break (s.code(), false),
            Ok(None) if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break (None, true);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for lli: {e}")),
        }
    };
    Ok(LliRun {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        timed_out,
    })
}

fn build_runtime(dir: &Path) -> Result<PathBuf, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("codegen/runtime/llrt.c");
    let so = dir.join("llrt.so");
    let out = Command::new("gcc")
        .args(["-shared", "-fPIC", "-O1", "-o"])
        .arg(&so)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "gcc failed on {}:\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(so)
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs one `CHECK-RESULT` run; `Err` describes a disagreement.
fn cross_check(
    file: &CorpusFile,
    run: &Run,
    value: i64,
    ll: &Path,
    runtime: &Path,
) -> Result<(), String> {
    let r = run_lli(runtime, ll, &run.args)?;
    let want_status = (value as u64 & 0xff) as i32;
    let status_ok = r.status == Some(want_status);
    let stdout_ok = run.stdout.as_deref().is_none_or(|s| s == r.stdout);
    if status_ok && stdout_ok {
        return Ok(());
    }
    let lli_said = if r.timed_out {
        format!("timed out after {TIMEOUT:?}")
    } else {
        match r.status {
            Some(s) => format!("exit status {s}"),
            None => "killed by a signal".into(),
        }
    };
    let mut msg = format!(
        "{} run {} (args {:?}): expected exit status {want_status} (result {value})",
        file.display_name(),
        run.name,
        run.args
    );
    if let Some(s) = &run.stdout {
        msg.push_str(&format!(" and stdout {:?}", lossy(s)));
    }
    msg.push_str(&format!(
        "\n  lli: {lli_said}, stdout {:?}",
        lossy(&r.stdout)
    ));
    if !r.stderr.is_empty() {
        let err = lossy(&r.stderr);
        let short: String = err.chars().take(800).collect();
        msg.push_str(&format!("\n  lli stderr: {}", short.trim_end()));
    }
    if let Some(want) = &run.stdout {
        if !stdout_ok {
            msg.push_str(&format!(
                "\n{}",
                pretty_assertions::StrComparison::new(&lossy(want), &lossy(&r.stdout))
            ));
        }
    }
    Err(msg)
}

#[test]
fn every_result_run_agrees_with_lli() {
    if !tool_present("lli") {
        eprintln!("SKIP: lli (LLVM 14) not installed; LLVM cross-check not run");
        return;
    }
    if !tool_present("gcc") {
        eprintln!("SKIP: gcc not installed (needed for the runtime); LLVM cross-check not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("cannot make a temp dir: {e}"));
    let runtime = build_runtime(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut agree = 0;
    for (n, file) in files.iter().enumerate() {
        let runs: Vec<(&Run, i64)> = file
            .expectation
            .runs
            .iter()
            .filter_map(|r| match r.expect {
                Expected::Result(v) => Some((r, v)),
                _ => None,
            })
            .collect();
        if runs.is_empty() {
            continue;
        }
        let prog = match spec::parse::parse(&file.source()) {
            Ok(p) => p,
            Err(d) => {
                failures.push(format!(
                    "{}: does not parse, so it cannot be printed for lli:\n{}",
                    file.display_name(),
                    d.render(&file.source())
                ));
                continue;
            }
        };
        let ll = dir.path().join(format!("p{n}.ll"));
        if let Err(e) = std::fs::write(&ll, llvm_text(prog)) {
            failures.push(format!(
                "{}: cannot write {}: {e}",
                file.display_name(),
                ll.display()
            ));
            continue;
        }
        for (run, value) in runs {
            match cross_check(file, run, value, &ll, &runtime) {
                Ok(()) => agree += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    if !failures.is_empty() {
        panic!(
            "llvm cross-check: {agree} runs agree, {} disagree:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
    eprintln!("llvm cross-check: {agree} runs agree");
}

#[test]
fn wrapper_renames_main_everywhere() {
    let src = spec::Source::new(
        "t.ll",
        "@fp = global i64 (i64, i8**)* @main\ndefine i64 @main(i64 %c, i8** %v) {\n  ret i64 %c\n}\n",
    );
    let prog = spec::parse::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let text = llvm_text(prog);
    assert!(text.contains("@lloracle_main(i64 %c, i8** %v)"), "{text}");
    assert!(
        text.contains("global i64 (i64, i8**)* @lloracle_main"),
        "{text}"
    );
    assert!(
        text.contains("define i32 @main(i32 %argc, i8** %argv)"),
        "{text}"
    );
}

#[test]
fn missing_runtime_declarations_are_added_with_the_used_arity() {
    let src = spec::Source::new(
        "t.ll",
        "@s = global [2 x i8] c\"x\\00\"\ndefine i64 @main() {\n  %p = getelementptr [2 x i8], [2 x i8]* @s, i32 0, i32 0\n  %t = call i8* @ll_ltoa(i64 1, i8* %p)\n  call void @ll_puts(i8* %t)\n  ret i64 0\n}\n",
    );
    let prog = spec::parse::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let text = llvm_text(prog);
    assert!(text.contains("declare void @ll_puts(i8*)"), "{text}");
    assert!(text.contains("declare i8* @ll_ltoa(i64, i8*)"), "{text}");
    assert!(!text.contains("@ll_strcat"), "{text}");
    assert!(!text.contains("@lloracle_main"), "{text}");
}

//! The native runner survives what programs do: a crash is an outcome, a
//! loop ends in `Timeout`, endless printing is cut at the cap; and the
//! runner keeps working afterwards. The misbehaving programs are modules
//! built by hand from machine instructions (well-defined LLVMlite programs
//! cannot crash).

use crate::common;

use codegen::minst::{MInst, Reg};
use codegen::{Module, NativeOptions};
use common::hand::{
    endless_loop, endless_printer, module, null_load, opts, puts_yes, ret, short_timeout,
};
use spec::Outcome;
use std::time::Duration;

#[test]
fn a_null_load_is_a_crash_with_the_output_before_it() {
    let mut body = puts_yes();
    body.extend(null_load());
    body.extend(ret());
    let out = module(body).run(&[], &opts()).expect("run");
    assert_eq!(
        out,
        Outcome::Crashed {
            signal: libc::SIGSEGV,
            syscall: None,
            stdout: b"yes\n".to_vec()
        }
    );
}

#[test]
fn an_endless_loop_times_out() {
    let out = module(endless_loop())
        .run(&[], &short_timeout())
        .expect("run");
    assert_eq!(out, Outcome::Timeout { stdout: vec![] });
}

#[test]
fn endless_printing_is_cut_at_the_cap() {
    let out = module(endless_printer()).run(&[], &opts()).expect("run");
    let Outcome::Crashed { signal, stdout, .. } = out else {
        panic!("expected a crash at the output cap, got {out:?}")
    };
    assert_eq!(signal, libc::SIGXFSZ);
    assert_eq!(stdout.len(), 4096);
    assert!(stdout.starts_with(b"yes\nyes\n"));
}

#[test]
fn the_runner_keeps_working_after_misbehaving_programs() {
    for _ in 0..3 {
        let mut body = null_load();
        body.extend(ret());
        let out = module(body).run(&[], &opts()).expect("run");
        assert!(matches!(out, Outcome::Crashed { .. }), "{out:?}");
    }
    let mut body = puts_yes();
    body.push(MInst::MovRI(Reg::Rax, -5));
    body.extend(ret());
    let out = module(body).run(&[], &opts()).expect("run");
    assert_eq!(
        out,
        Outcome::Returned {
            value: -5,
            stdout: b"yes\n".to_vec()
        }
    );
}

#[test]
fn an_llvmlite_loop_times_out() {
    let p = common::checked(
        "loop",
        "define i64 @main() {
  br label %l
l:
  br label %l
}",
    );
    let m = codegen::compile(&p).expect("compile");
    let out = m
        .run(
            &[],
            &NativeOptions {
                timeout: Duration::from_millis(300),
                ..opts()
            },
        )
        .expect("run");
    assert_eq!(out, Outcome::Timeout { stdout: vec![] });
}

#[test]
fn a_module_without_main_is_an_error_not_a_run() {
    let m = Module {
        funcs: vec![],
        globals: vec![],
    };
    assert!(m.run(&[], &opts()).is_err());
}

#[test]
fn runs_in_parallel_threads_agree() {
    let m = common::hand::echo_first_arg();
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|t| {
                let m = &m;
                s.spawn(move || {
                    for k in 0..25 {
                        let arg = format!("t{t}k{k}");
                        let out = m.run(std::slice::from_ref(&arg), &opts()).expect("run");
                        assert_eq!(
                            out,
                            Outcome::Returned {
                                value: 2,
                                stdout: format!("{arg}\n").into_bytes()
                            }
                        );
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().expect("thread");
        }
    });
}

#[test]
fn output_larger_than_a_pipe_buffer_arrives_whole() {
    // 30,000 lines of "yes\n" (120,000 bytes, more than a 64 KiB pipe
    // buffer, less than the default 1 MiB cap), then the result 7.
    let p = common::checked(
        "many_lines",
        "@s = global [4 x i8] c\"yes\\00\"
define i64 @main() {
  %i = alloca i64
  store i64 0, i64* %i
  br label %loop
loop:
  %p = getelementptr [4 x i8], [4 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  %v = load i64, i64* %i
  %n = add i64 %v, 1
  store i64 %n, i64* %i
  %more = icmp slt i64 %n, 30000
  br i1 %more, label %loop, label %done
done:
  ret i64 7
}",
    );
    let want = Outcome::Returned {
        value: 7,
        stdout: b"yes\n".repeat(30_000),
    };
    assert_eq!(common::oracle(&p, &[]), want);
    let m = codegen::compile(&p).expect("compile");
    assert_eq!(m.run(&[], &NativeOptions::default()).expect("run"), want);
}

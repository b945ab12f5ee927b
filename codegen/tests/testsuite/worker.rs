//! The long-lived runner child (`Module::run_reusing`) gives every program
//! the state a fresh child would: fresh globals, a zero stack, its own
//! argv and stdout; and it survives what programs do: after a crash, a
//! loop or endless printing the next run is correct again. The tests hold
//! one lock so that each run finds the worker free (a busy worker would
//! make the run fall back to a fresh child and test nothing new).

use crate::common;

use codegen::minst::{MInst, Mem, Reg, Sym};
use codegen::NativeOptions;
use common::hand::{
    endless_loop, endless_printer, module, null_load, opts, puts_yes, ret, short_timeout,
};
use spec::Outcome;
use std::sync::Mutex;

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Prints "yes", returns -5: the run that must work after misbehaviour.
fn good_run() -> Outcome {
    let mut body = puts_yes();
    body.push(MInst::MovRI(Reg::Rax, -5));
    body.extend(ret());
    module(body).run_reusing(&[], &opts()).expect("run")
}

fn good_outcome() -> Outcome {
    Outcome::Returned {
        value: -5,
        stdout: b"yes\n".to_vec(),
    }
}

#[test]
fn a_crash_is_an_outcome_and_the_next_run_is_correct() {
    let _g = serial();
    assert_eq!(good_run(), good_outcome());
    let mut body = puts_yes();
    body.extend(null_load());
    body.extend(ret());
    let out = module(body).run_reusing(&[], &opts()).expect("run");
    assert_eq!(
        out,
        Outcome::Crashed {
            signal: libc::SIGSEGV,
            syscall: None,
            stdout: b"yes\n".to_vec()
        }
    );
    assert_eq!(good_run(), good_outcome());
}

#[test]
fn an_endless_loop_times_out_and_the_next_run_is_correct() {
    let _g = serial();
    let out = module(endless_loop())
        .run_reusing(&[], &short_timeout())
        .expect("run");
    assert_eq!(out, Outcome::Timeout { stdout: vec![] });
    assert_eq!(good_run(), good_outcome());
}

#[test]
fn endless_printing_is_cut_at_the_cap_and_the_next_run_is_correct() {
    let _g = serial();
    let out = module(endless_printer())
        .run_reusing(&[], &opts())
        .expect("run");
    let Outcome::Crashed { signal, stdout, .. } = out else {
        panic!("expected a crash at the output cap, got {out:?}")
    };
    assert_eq!(signal, libc::SIGXFSZ);
    assert_eq!(stdout.len(), 4096);
    assert!(stdout.starts_with(b"yes\nyes\n"));
    assert_eq!(good_run(), good_outcome());
}

#[test]
fn every_run_sees_the_globals_as_initialised() {
    let _g = serial();
    // Returns the first 8 bytes of the global ("yes\0" then the zero
    // padding of the data page), then overwrites them with 0x41.
    let mut body = vec![
        MInst::LeaSym(Reg::Rcx, Sym::Global(0)),
        MInst::Load(
            Reg::Rax,
            Mem {
                base: Reg::Rcx,
                disp: 0,
            },
        ),
        MInst::MovRI(Reg::Rdx, 0x41),
        MInst::Store(
            Mem {
                base: Reg::Rcx,
                disp: 0,
            },
            Reg::Rdx,
        ),
    ];
    body.extend(ret());
    let m = module(body);
    let want = Outcome::Returned {
        value: i64::from_le_bytes(*b"yes\0\0\0\0\0"),
        stdout: vec![],
    };
    for _ in 0..3 {
        assert_eq!(m.run_reusing(&[], &opts()).expect("run"), want);
    }
}

#[test]
fn every_run_has_a_zero_stack() {
    let _g = serial();
    let slot = Mem {
        base: Reg::Rsp,
        disp: -4096,
    };
    let mut dirty = vec![MInst::MovRI(Reg::Rdx, 12345), MInst::Store(slot, Reg::Rdx)];
    dirty.push(MInst::MovRI(Reg::Rax, 0));
    dirty.extend(ret());
    let mut read = vec![MInst::Load(Reg::Rax, slot)];
    read.extend(ret());
    let (dirty, read) = (module(dirty), module(read));
    let zero = Outcome::Returned {
        value: 0,
        stdout: vec![],
    };
    for _ in 0..2 {
        assert_eq!(dirty.run_reusing(&[], &opts()).expect("run"), zero);
        // Below the stack pointer of a fresh child there are only zeros.
        assert_eq!(read.run_reusing(&[], &opts()).expect("run"), zero);
    }
}

#[test]
fn runs_in_sequence_see_their_own_argv_and_stdout() {
    let _g = serial();
    let m = common::hand::echo_first_arg();
    for k in 0..50 {
        // Arguments of growing length, so a later argv is not a prefix
        // of leftovers from an earlier one.
        let arg = format!("k{}", "x".repeat(k));
        let want = Outcome::Returned {
            value: 2,
            stdout: format!("{arg}\n").into_bytes(),
        };
        let got = m
            .run_reusing(std::slice::from_ref(&arg), &opts())
            .expect("run");
        assert_eq!(got, want);
    }
}

#[test]
fn other_limits_get_a_worker_of_their_own() {
    let _g = serial();
    assert_eq!(good_run(), good_outcome());
    let small = NativeOptions {
        stack_size: 1 << 20,
        heap_size: 1 << 20,
        ..opts()
    };
    let mut body = puts_yes();
    body.push(MInst::MovRI(Reg::Rax, 3));
    body.extend(ret());
    let out = module(body).run_reusing(&[], &small).expect("run");
    assert_eq!(
        out,
        Outcome::Returned {
            value: 3,
            stdout: b"yes\n".to_vec()
        }
    );
    assert_eq!(good_run(), good_outcome());
}

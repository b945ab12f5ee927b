//! Modules built by hand from machine instructions, for programs that
//! misbehave (well-defined LLVMlite programs cannot crash).

use codegen::minst::{Label, MFunc, MInst, Mem, Reg, Rt, Sym};
use codegen::{GlobalData, Module, NativeOptions};
use std::time::Duration;

/// Runner options for misbehaving modules: a generous timeout and a small
/// output cap (4 KiB).
pub fn opts() -> NativeOptions {
    NativeOptions {
        timeout: Duration::from_secs(20),
        max_stdout: 4096,
        ..NativeOptions::default()
    }
}

/// `opts` with a 300 ms timeout, for modules that never stop.
pub fn short_timeout() -> NativeOptions {
    NativeOptions {
        timeout: Duration::from_millis(300),
        ..opts()
    }
}

const LOOP: Label = 0;

/// Jumps to itself forever.
pub fn endless_loop() -> Vec<MInst> {
    vec![MInst::Label(LOOP), MInst::Jmp(LOOP)]
}

/// Prints "yes" forever.
pub fn endless_printer() -> Vec<MInst> {
    let mut body = vec![MInst::Label(LOOP)];
    body.extend(puts_yes());
    body.push(MInst::Jmp(LOOP));
    body
}

/// A module with one function `main` made of `body` after the prologue,
/// and one global holding the string "yes".
pub fn module(body: Vec<MInst>) -> Module {
    let mut insts = vec![MInst::Push(Reg::Rbp), MInst::MovRR(Reg::Rbp, Reg::Rsp)];
    insts.extend(body);
    Module {
        funcs: vec![MFunc {
            name: "main".into(),
            insts,
        }],
        globals: vec![GlobalData {
            name: "yes".into(),
            bytes: b"yes\0".to_vec(),
            relocs: vec![],
        }],
    }
}

/// Prints "yes" and a newline.
pub fn puts_yes() -> Vec<MInst> {
    vec![
        MInst::LeaSym(Reg::Rdi, Sym::Global(0)),
        MInst::CallSym(Sym::Runtime(Rt::Puts)),
    ]
}

/// Loads from address 0 (a segmentation fault).
pub fn null_load() -> Vec<MInst> {
    vec![
        MInst::MovRI(Reg::Rax, 0),
        MInst::Load(
            Reg::Rax,
            Mem {
                base: Reg::Rax,
                disp: 0,
            },
        ),
    ]
}

/// The epilogue: returns rax.
pub fn ret() -> Vec<MInst> {
    vec![
        MInst::MovRR(Reg::Rsp, Reg::Rbp),
        MInst::Pop(Reg::Rbp),
        MInst::Ret,
    ]
}

/// `main` prints its first argument and returns argc, compiled.
pub fn echo_first_arg() -> Module {
    let p = super::checked(
        "echo",
        "define i64 @main(i64 %argc, i8** %argv) {
  %p = getelementptr i8*, i8** %argv, i64 1
  %a = load i8*, i8** %p
  call void @ll_puts(i8* %a)
  ret i64 %argc
}",
    );
    codegen::compile(&p).expect("compile")
}

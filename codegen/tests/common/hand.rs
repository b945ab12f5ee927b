//! Modules built by hand from machine instructions, for programs that
//! misbehave (well-defined LLVMlite programs cannot crash).

use codegen::minst::{MFunc, MInst, Mem, Reg, Rt, Sym};
use codegen::{GlobalData, Module};

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

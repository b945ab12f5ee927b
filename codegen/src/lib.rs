//! The reference LLVMlite to x86-64 back end.
//!
//! [`compile`] turns a checked `spec::Prog` into a [`Module`]: one list of
//! machine instructions per function ([`minst`], chosen by instruction
//! selection in the System V ABI and LLVM's x86-64 data layout of
//! `spec::layout`: `i1` one byte, `i64` and pointers aligned to 8) and the bytes of every global ([`data`]). The same list is lowered two ways: to
//! machine code with iced-x86's `CodeAssembler` ([`encode`], read back by
//! [`disasm`]) and to AT&T assembly text for `cc` ([`asm_text`]).
//! [`Module::run`] runs the machine code in a sandboxed child process and
//! reports a `spec::Outcome` comparable with the oracle's ([`runner`]).
//!
//! ```text
//!   Prog --isel--> Module --encode--> machine code --runner--> Outcome
//!                        \--asm_text--> .s --cc + llrt.c--> executable
//!   a course back end's .s --att--> machine code --runner::run_program--> Outcome
//! ```
//!
//! [`att`] assembles the AT&T subset the course back ends print, so that
//! the harness can run a student's assembly without `as`, `ld` and a
//! process start (docs/running-student-code.md, "Linking").

#![warn(missing_docs)]

pub mod asm_text;
pub mod att;
pub mod data;
pub mod disasm;
pub mod encode;
pub mod error;
mod isel;
pub mod minst;
pub mod mutation;
pub mod runner;

pub use data::GlobalData;
pub use error::CodegenError;
pub use minst::{MFunc, MInst};
pub use mutation::{Mutation, Mutations};
pub use runner::{run_native, run_native_reusing, NativeOptions};

use spec::{Prog, TypeEnv};

/// A compiled program: the machine instructions of every function (in the
/// program's order) and the data of every global (in the program's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    /// The functions; `Sym::Func(i)` is `funcs[i]`.
    pub funcs: Vec<MFunc>,
    /// The globals; `Sym::Global(i)` is `globals[i]`.
    pub globals: Vec<GlobalData>,
}

impl Module {
    /// The index of the function called `name`.
    pub fn func_index(&self, name: &str) -> Option<usize> {
        self.funcs.iter().position(|f| f.name == name)
    }

    /// AT&T assembly text that assembles with `cc` and links with
    /// codegen/runtime/llrt.c into an executable whose exit status is main's
    /// result mod 256.
    pub fn to_asm(&self) -> String {
        asm_text::module(self)
    }

    /// A listing of the machine code as iced-x86 decodes it, each LLVMlite
    /// instruction as a comment above its machine instructions.
    pub fn disasm(&self) -> Result<String, CodegenError> {
        disasm::listing(self)
    }

    /// Decodes the machine code of every function and checks it is exactly
    /// what was emitted; the number of instructions checked.
    pub fn decode_check(&self) -> Result<usize, CodegenError> {
        disasm::decode_check(self)
    }

    /// Runs `main` natively in a child process with `args` as argv[1..]
    /// (see [`runner`]).
    pub fn run(
        &self,
        args: &[String],
        opts: &NativeOptions,
    ) -> Result<spec::Outcome, CodegenError> {
        runner::run_module(self, args, opts)
    }

    /// Runs `main` like [`Module::run`], but in a long-lived runner child
    /// reused across runs when one is free (much cheaper than a fork). An
    /// earlier program's stray stores may have corrupted that child, so
    /// confirm an outcome with [`Module::run`] before reporting it as a
    /// disagreement.
    pub fn run_reusing(
        &self,
        args: &[String],
        opts: &NativeOptions,
    ) -> Result<spec::Outcome, CodegenError> {
        runner::run_module_reusing(self, args, opts)
    }
}

/// Choices of one compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// Put each LLVMlite instruction's text as a comment before its machine
    /// code (shown by `to_asm` and `disasm`); costs about a third of the
    /// compile time, so harnesses that only run the code turn it off.
    pub comments: bool,
    /// Deliberate miscompilations, for mutation testing only (none: the
    /// correct back end).
    pub mutations: Mutations,
}

impl Default for CompileOptions {
    fn default() -> CompileOptions {
        CompileOptions {
            comments: true,
            mutations: Mutations::NONE,
        }
    }
}

/// Compiles a checked program (with comments). Fails only where the back
/// end has a limit (a frame over 2 GiB, a global over 256 MiB) or the
/// program is not well formed.
pub fn compile(prog: &Prog) -> Result<Module, CodegenError> {
    compile_with(prog, &CompileOptions::default())
}

/// Compiles a checked program with `opts`.
pub fn compile_with(prog: &Prog, opts: &CompileOptions) -> Result<Module, CodegenError> {
    let env = TypeEnv::new(prog);
    let syms = data::Syms::new(prog);
    let globals = prog
        .gdecls
        .iter()
        .map(|g| data::layout_gdecl(&env, &syms, g))
        .collect::<Result<Vec<_>, _>>()?;
    let funcs = prog
        .fdecls
        .iter()
        .map(|f| isel::compile_fdecl(&env, &syms, f, opts))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Module { funcs, globals })
}

//! The external programs lloracle drives: finding LLVM 14's tools and `cc`
//! ([`tools`]), building the C runtime that native code and `lli` load
//! ([`runtime`]), linking assembly as `cc` does without its driver
//! ([`link`]), turning an LLVMlite program into text LLVM runs
//! ([`text`]), quoting shell command templates ([`shell`]), and running any
//! external program safely ([`process`], below the supervisor of
//! [`supervise`]).
//!
//! LLVM is a reference to test against, never a dependency of the main job:
//! every caller skips with a visible notice when a tool is absent.

pub mod confine;
pub mod fdpass;
pub mod link;
pub mod pidfd;
pub mod process;
pub mod restrict;
pub mod runtime;
pub mod shell;
pub mod supervise;
pub mod text;
pub mod tools;

pub use confine::{isolation, Isolation, Sandbox};
pub use process::{run, run_confined, run_with_input, Ended, Finished, Limits};
pub use runtime::{
    build_course_runtime_object, build_named_runtime_object, build_runtime_object,
    build_runtime_object_calling_program, build_runtime_shared, runtime_source, OAT_RUNTIME_C,
    RUNTIME_C,
};
pub use text::llvm_text;
pub use tools::find_tool;

//! LLVM 14 as a reference to test against, never a dependency of the main
//! job: finding its tools ([`tools`]), building the C runtime that native
//! code and `lli` load ([`runtime`]), turning an LLVMlite program into text
//! LLVM runs ([`text`]), and running a command with a timeout ([`process`]).
//!
//! Every caller skips with a visible notice when a tool is absent.

pub mod process;
pub mod runtime;
pub mod text;
pub mod tools;

pub use process::{run_with_input, run_with_timeout, Finished};
pub use runtime::{build_runtime_object, build_runtime_shared, RUNTIME_C};
pub use text::llvm_text;
pub use tools::find_tool;

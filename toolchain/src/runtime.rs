//! The C runtimes built for LLVM's `lli -load` and for linking
//! executables: the spec's `ll` (codegen/runtime/llrt.c: `ll_puts`,
//! `ll_strcat`, `ll_ltoa`) and every named course runtime
//! ([`spec::RuntimeName`], docs/dialects.md "Runtimes"): `ll-libc` is
//! llrt.c with `-DLLRT_LIBC`, the Oat runtimes codegen/runtime/oatrt.c
//! with their variant's macro. Every object linked into executables also
//! carries codegen/runtime/sigsys.c, which names a system call the
//! confinement refused.

use crate::process::Limits;
use spec::RuntimeName;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The text of the C runtime `ll` (and, with `-DLLRT_LIBC`, `ll-libc`).
pub const RUNTIME_C: &str = include_str!("../../codegen/runtime/llrt.c");

/// The text of the Oat runtimes (`oat-eth-2019`, `oat-eth`, `oat-hw5`,
/// `oat-cis341`; the variant chosen by a macro). It includes llrt.c, which
/// must be written beside it.
pub const OAT_RUNTIME_C: &str = include_str!("../../codegen/runtime/oatrt.c");

/// The C that names a system call the confinement refused
/// (codegen/runtime/sigsys.c): compiled into every runtime object
/// executables are linked with ([`crate::confine::refused_call`] reads
/// what it writes).
pub const SIGSYS_C: &str = include_str!("../../codegen/runtime/sigsys.c");

/// The C source of runtime `name`: its file name, text, and the `-D` flags
/// that select the variant.
pub fn runtime_source(name: RuntimeName) -> (&'static str, &'static str, &'static [&'static str]) {
    match name {
        RuntimeName::Ll => ("llrt.c", RUNTIME_C, &[]),
        RuntimeName::LlLibc => ("llrt.c", RUNTIME_C, &["-DLLRT_LIBC"]),
        RuntimeName::OatEth2019 | RuntimeName::OatHw5 => ("oatrt.c", OAT_RUNTIME_C, &[]),
        RuntimeName::OatEth => ("oatrt.c", OAT_RUNTIME_C, &["-DOATRT_ZEROED_ARRAYS"]),
        RuntimeName::OatCis341 => (
            "oatrt.c",
            OAT_RUNTIME_C,
            &["-DOATRT_NO_NEGATIVE_INDEX_CHECK"],
        ),
    }
}

/// Builds runtime `name` as an object file in `dir`, to link executables
/// with. With `program_entry` its C `main` calls `program(argc, argv)` (the
/// Oat runtimes' own `main` passes the Oat array of the arguments); without
/// it the program's `@main` is the C entry point (an Oat runtime is then
/// built without its `main`).
pub fn build_named_runtime_object(
    dir: &Path,
    name: RuntimeName,
    program_entry: bool,
) -> Result<PathBuf, String> {
    let mut flags = vec!["-c", "-O1"];
    flags.extend_from_slice(runtime_source(name).2);
    flags.extend(entry_define(name, program_entry));
    let stem = format!(
        "rt-{}{}",
        name.name(),
        if program_entry { "-program" } else { "" }
    );
    let src = write_source(dir, name)?;
    let sigsys = write_sigsys(dir)?;
    flags.extend(["-include", &sigsys]);
    compile_c(&src, &dir.join(format!("{stem}.o")), &flags)
}

/// Writes [`SIGSYS_C`] into `dir`; its path, for `cc -include`.
fn write_sigsys(dir: &Path) -> Result<String, String> {
    let p = dir.join("lloracle-sigsys.c");
    std::fs::write(&p, SIGSYS_C).map_err(|e| format!("{}: {e}", p.display()))?;
    p.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{}: not UTF-8", p.display()))
}

/// Builds the runtime as a shared object in `dir` for `lli -load`.
pub fn build_runtime_shared(dir: &Path) -> Result<PathBuf, String> {
    let src = write_source(dir, RuntimeName::Ll)?;
    compile_c(&src, &dir.join("llrt.so"), &["-shared", "-fPIC", "-O1"])
}

/// Builds the runtime `ll` as an object file in `dir`, to link executables
/// with.
pub fn build_runtime_object(dir: &Path) -> Result<PathBuf, String> {
    build_named_runtime_object(dir, RuntimeName::Ll, false)
}

/// Builds the runtime `ll` as an object file in `dir` whose C `main` calls
/// `program(argc, argv)`: for courses whose programs start at `@program`.
pub fn build_runtime_object_calling_program(dir: &Path) -> Result<PathBuf, String> {
    build_named_runtime_object(dir, RuntimeName::Ll, true)
}

/// Builds a course's own C runtime `src` as an object file in `dir` (from
/// its own place, so that its `#include "..."` files are found).
pub fn build_course_runtime_object(dir: &Path, src: &Path) -> Result<PathBuf, String> {
    let sigsys = write_sigsys(dir)?;
    compile_c(
        src,
        &dir.join("course-runtime.o"),
        &["-c", "-O1", "-include", &sigsys],
    )
}

/// Writes runtime `name`'s C into `dir` (llrt.c, and oatrt.c beside it
/// for an Oat runtime, which includes llrt.c) and returns the file to
/// compile with the variant's `-D` flags ([`runtime_source`]).
fn write_source(dir: &Path, name: RuntimeName) -> Result<PathBuf, String> {
    let (file, text, _) = runtime_source(name);
    for (f, t) in [("llrt.c", RUNTIME_C), (file, text)] {
        let p = dir.join(f);
        std::fs::write(&p, t).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(dir.join(file))
}

/// The `-D` flag that gives runtime `name` the C `main` the entry needs:
/// `ll`'s `main` calling `program`, or an Oat runtime without its `main`.
fn entry_define(name: RuntimeName, program_entry: bool) -> Option<&'static str> {
    match (name.is_oat(), program_entry) {
        (false, true) => Some("-DLLRT_MAIN_CALLS_PROGRAM"),
        (true, false) => Some("-DOATRT_NO_MAIN"),
        _ => None,
    }
}

/// `cc FLAGS -o out src`; `Err` has the compiler's words.
fn compile_c(src: &Path, out: &Path, flags: &[&str]) -> Result<PathBuf, String> {
    let cc = crate::tools::cc().ok_or("no C compiler (cc or gcc) found")?;
    let mut cmd = Command::new(cc);
    cmd.args(flags).arg("-o").arg(out).arg(src);
    crate::tools::run_tool("cc", cmd, &Limits::tool(Duration::from_secs(60))).map_err(
        |e| match e.ended {
            None => e.stderr,
            Some(_) => format!(
                "building the C runtime {} failed:\n{}",
                src.display(),
                e.stderr
            ),
        },
    )?;
    Ok(out.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every named runtime, with and without its C `main`, compiles with
    /// `cc -Wall -Wextra -Werror` (with sigsys.c included, as lloracle builds them): the text lloracle links is free of the
    /// warnings that point at real mistakes (a wrong printf format, a
    /// missing prototype's implicit int, an unused variable of a variant).
    #[test]
    fn every_bundled_runtime_compiles_without_warnings() {
        if crate::tools::cc().is_none() {
            eprintln!("SKIP: no C compiler (cc or gcc)");
            return;
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        for name in RuntimeName::ALL {
            for program_entry in [false, true] {
                let src = write_source(dir.path(), name).expect("write the runtime");
                let sigsys = write_sigsys(dir.path()).expect("write sigsys.c");
                let mut flags = vec!["-c", "-Wall", "-Wextra", "-Werror", "-include", &sigsys];
                flags.extend_from_slice(runtime_source(name).2);
                flags.extend(entry_define(name, program_entry));
                let out = dir.path().join("rt.o");
                if let Err(e) = compile_c(&src, &out, &flags) {
                    panic!("{name} (program entry: {program_entry}): {e}");
                }
            }
        }
    }
}

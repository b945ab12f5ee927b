//! Which compiled programs lloracle runs in process instead of linking
//! them (docs/running-student-code.md, "Linking"): the course back end's
//! assembly is assembled by [`codegen::att`] and run by
//! [`codegen::runner::run_program`] when that gives what the executable
//! `cc` would link gives. That holds when the session links with the
//! bundled runtime `ll` or `ll-libc` (no `--runtime-c`, programs start at
//! `main`, no link flag but `-no-pie` and `-lm`), the assembly is in the
//! subset, every symbol it uses but does not define is a runtime function
//! whose Rust version behaves as the C one ([`allowed_external`]), and
//! no symbol it makes global is one the C side defines or calls (that
//! would be a link error or replace the C library's: [`is_c_side`]).

use super::course::Course;
use codegen::att::Program;
use spec::dialect::Entry;
use spec::RuntimeName;

/// The link flags that change nothing a program in the subset can see:
/// `-no-pie` (the subset has only `%rip`-relative and relative
/// references, which link and run the same either way) and `-lm` (a
/// program that calls a libm function is not in process: not a runtime
/// function).
const HARMLESS_FLAGS: [&str; 2] = ["-no-pie", "-lm"];

/// Can this session's course run programs in process at all?
pub fn course_allows(course: &Course) -> bool {
    course.runtime_c.is_none()
        && course.entry == Entry::Main
        && matches!(course.runtime, RuntimeName::Ll | RuntimeName::LlLibc)
        && course
            .link_flags
            .iter()
            .all(|f| HARMLESS_FLAGS.contains(&f.as_str()))
}

/// The runtime functions whose Rust version does not do what the C one
/// does: `ll-libc`'s `ll_malloc` (`calloc` returns null where the Rust
/// arena aborts, for a size past it) and `puts` (the C library buffers it
/// on a pipe and loses the buffer at a crash; the Rust one writes at once).
const NOT_IN_PROCESS: [&str; 2] = ["ll_malloc", "puts"];

/// Is `name` a function a program linked with `runtime` may call and still
/// run in process: one of the runtime's ([`RuntimeName::functions`]) whose
/// Rust version (codegen/src/runner/rt.rs) does what the C one does, for
/// the runtimes `ll` and `ll-libc`?
pub fn allowed_external(runtime: RuntimeName, name: &str) -> bool {
    !runtime.is_oat() && !NOT_IN_PROCESS.contains(&name) && runtime.functions().contains(&name)
}

/// Symbols the C side of the executable defines or calls through the
/// symbol table besides the runtime's functions ([`is_c_side`]): what the
/// runtime object calls (`nm -u` of it: the test below), the C start
/// files' symbols and the C library's allocator (which the C library
/// calls from inside, so a program's global `malloc` would replace it).
pub const C_SIDE: [&str; 35] = [
    "free",
    "malloc",
    "calloc",
    "realloc",
    "reallocarray",
    "memalign",
    "posix_memalign",
    "aligned_alloc",
    "valloc",
    "pvalloc",
    "malloc_usable_size",
    "fputs",
    "fputc",
    "fflush",
    "fwrite",
    "putc",
    "putchar",
    "stdout",
    "stderr",
    "memcpy",
    "memmove",
    "abort",
    "snprintf",
    "sprintf",
    "printf",
    "exit",
    "environ",
    "_start",
    "_init",
    "_fini",
    "_IO_stdin_used",
    "data_start",
    "_edata",
    "_end",
    "_DYNAMIC",
];

/// Is `name` a symbol the C side of the executable defines or calls: a
/// function of the runtimes `ll` and `ll-libc`, one of [`C_SIDE`], or
/// any `__` name? A program that makes one global runs linked, as before.
pub fn is_c_side(name: &str) -> bool {
    name.starts_with("__")
        || C_SIDE.contains(&name)
        || RuntimeName::LlLibc.functions().contains(&name)
}

/// Why `p` cannot run in process with `runtime`, if it cannot.
pub fn refusal(p: &Program, runtime: RuntimeName) -> Option<String> {
    if let Some(s) = p.externals().find(|s| !allowed_external(runtime, s)) {
        return Some(format!(
            "it uses `{s}`, not a runtime function run in process"
        ));
    }
    p.defined_globals()
        .find(|g| is_c_side(g))
        .map(|g| format!("it defines the global `{g}`, which the C side uses"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every symbol the bundled runtime objects leave to the C library
    /// (`nm -u`) is on the C side ([`is_c_side`]): a program defining one
    /// globally is not run in process.
    #[test]
    fn the_c_side_covers_what_the_runtime_objects_call() {
        let nm = std::process::Command::new("nm").arg("--version").output();
        if toolchain::tools::cc().is_none() || nm.is_err() {
            eprintln!("SKIP: no cc or nm");
            return;
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        for rt in [RuntimeName::Ll, RuntimeName::LlLibc] {
            let obj =
                toolchain::build_named_runtime_object(dir.path(), rt, false).expect("runtime");
            let out = std::process::Command::new("nm")
                .arg("-u")
                .arg(&obj)
                .output()
                .expect("nm");
            let text = String::from_utf8_lossy(&out.stdout);
            for sym in text.lines().filter_map(|l| l.split_whitespace().last()) {
                assert!(is_c_side(sym), "{rt}: the runtime calls `{sym}`");
            }
        }
    }

    /// A program calling a function outside the runtime, or defining a
    /// global `malloc`, is refused; one calling `ll_puts` is not.
    #[test]
    fn programs_outside_the_runtime_are_refused() {
        let read = |t: &str| Program::read(t).expect("in the subset");
        let main = "\t.text\n\t.globl main\nmain:\n";
        let ok = read(&format!("{main}\tcallq ll_puts\n\tretq\n"));
        assert_eq!(refusal(&ok, RuntimeName::Ll), None);
        let printf = read(&format!("{main}\tcallq printf\n\tretq\n"));
        assert!(refusal(&printf, RuntimeName::Ll).is_some());
        let strlen = read(&format!("{main}\tcallq strlen\n\tretq\n"));
        assert!(refusal(&strlen, RuntimeName::Ll).is_some());
        assert_eq!(refusal(&strlen, RuntimeName::LlLibc), None);
        let malloc = read(&format!("{main}\tretq\n\t.globl malloc\nmalloc:\n\tretq\n"));
        assert!(refusal(&malloc, RuntimeName::Ll).is_some());
    }
}

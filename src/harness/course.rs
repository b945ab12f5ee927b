//! A course driver's conventions (docs/dialects.md): the named runtime its
//! programs call (what the oracle gives its functions, and the bundled C
//! that native code links with, or the course's own `runtime.c` instead),
//! extra linker flags (`-no-pie`), and where a program starts: at `@main`
//! (the C entry point) or at `@program` (called by the runtime's C `main`
//! with `argc, argv`; the bundled runtime then supplies that `main`).

use spec::{Prog, RuntimeName};
use std::path::{Path, PathBuf};
use toolchain::shell::quote as shell_quote;

pub use spec::dialect::Entry;

pub mod resolve;

/// The entry function's name: `main` or `program`.
pub fn entry_name(e: Entry) -> &'static str {
    match e {
        Entry::Main => "main",
        Entry::Program => "program",
    }
}

/// The entry named `s` (`main` or `program`).
pub fn entry_from_name(s: &str) -> Option<Entry> {
    match s {
        "main" => Some(Entry::Main),
        "program" => Some(Entry::Program),
        _ => None,
    }
}

/// The other entry.
fn other(e: Entry) -> Entry {
    match e {
        Entry::Main => Entry::Program,
        Entry::Program => Entry::Main,
    }
}

/// Where a program starts when the course uses `runtime`: `@program` for
/// the Oat runtimes (their C `main` calls it), else `@main`.
pub fn default_entry(runtime: RuntimeName) -> Entry {
    if runtime.is_oat() {
        Entry::Program
    } else {
        Entry::Main
    }
}

/// How the compiler's output is linked and run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// The named runtime: the external functions programs may call (the
    /// oracle's `Options::runtime`) and the bundled C linked with native
    /// code unless `runtime_c` is given.
    pub runtime: RuntimeName,
    /// The course's C runtime, linked instead of the bundled one.
    pub runtime_c: Option<PathBuf>,
    /// Extra `cc` arguments when linking (split at white space).
    pub link_flags: Vec<String>,
    /// Where programs start.
    pub entry: Entry,
}

impl Default for Course {
    /// The bundled runtime `ll`, no flags, programs start at `@main`.
    fn default() -> Course {
        Course {
            runtime: RuntimeName::Ll,
            runtime_c: None,
            link_flags: Vec::new(),
            entry: Entry::Main,
        }
    }
}

impl Course {
    /// True for the bundled runtime `ll`, no flags and `@main`.
    pub fn is_default(&self) -> bool {
        *self == Course::default()
    }

    /// The options of `lloracle test-compiler` that select these
    /// conventions, shell-quoted (empty for the defaults).
    pub fn cli_args(&self) -> String {
        let mut a = Vec::new();
        if self.runtime != RuntimeName::Ll {
            a.push(format!("--runtime {}", self.runtime));
        }
        if let Some(r) = &self.runtime_c {
            a.push(format!("--runtime-c {}", shell_quote(&r.to_string_lossy())));
        }
        if !self.link_flags.is_empty() {
            a.push(format!(
                "--link-flags {}",
                shell_quote(&self.link_flags.join(" "))
            ));
        }
        if self.entry != default_entry(self.runtime) {
            a.push(format!("--entry {}", entry_name(self.entry)));
        }
        a.join(" ")
    }

    /// One line for reports: `runtime oat-eth, runtime C FILE, link flags
    /// '-no-pie', entry @program` (only what differs from the defaults), or
    /// `None`.
    pub fn describe(&self) -> Option<String> {
        let mut a = Vec::new();
        if self.runtime != RuntimeName::Ll {
            a.push(format!("runtime {}", self.runtime));
        }
        if let Some(r) = &self.runtime_c {
            a.push(format!("runtime C {}", r.display()));
        }
        if !self.link_flags.is_empty() {
            a.push(format!("link flags '{}'", self.link_flags.join(" ")));
        }
        if self.entry != Entry::Main {
            a.push(format!("entry @{}", entry_name(self.entry)));
        }
        (!a.is_empty()).then(|| a.join(", "))
    }

    /// What the reports record about the runtime: its name and the
    /// course's C file, if one is linked instead of the bundled C.
    pub fn record(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.runtime.name(),
            "c_file": self.runtime_c.as_ref().map(|r| r.display().to_string()),
        })
    }

    /// Builds the runtime object in `dir`: the course's C file if given,
    /// else the bundled C of the named runtime (with a C `main` calling
    /// `program` for [`Entry::Program`], none for an Oat runtime at
    /// [`Entry::Main`]).
    pub fn build_runtime(&self, dir: &Path) -> Result<PathBuf, String> {
        match &self.runtime_c {
            Some(src) => toolchain::build_course_runtime_object(dir, src),
            None => toolchain::build_named_runtime_object(
                dir,
                self.runtime,
                self.entry == Entry::Program,
            ),
        }
    }

    /// `prog` starting at this entry: unchanged when it defines the entry
    /// function; with `@main` renamed `@program` (or the reverse, and every
    /// call of it) when it defines only the other one, which means the
    /// same program under the other driver convention; `Err` when it
    /// defines neither.
    pub fn at_entry(&self, prog: &Prog) -> Result<Prog, String> {
        let has = |n: &str| prog.fdecls.iter().any(|f| f.name == n);
        let (want, other) = (self.entry, other(self.entry));
        if has(entry_name(want)) {
            return Ok(prog.clone());
        }
        if has(entry_name(other)) && prog.gdecls.iter().all(|g| g.name != entry_name(want)) {
            let mut p = prog.clone();
            spec::visit::rename_global(&mut p, entry_name(other), entry_name(want));
            return Ok(p);
        }
        Err(format!(
            "defines neither @{} nor @{} to start in",
            entry_name(want),
            entry_name(other)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Prog {
        spec::parse(&spec::Source::new("t.ll", text)).expect("parses")
    }

    #[test]
    fn a_program_is_moved_to_the_entry_the_driver_calls() {
        let main_only = parse(
            "define i64 @f() {\n  %r = call i64 @main()\n  ret i64 %r\n}\n\
             define i64 @main() {\n  ret i64 3\n}\n",
        );
        let program = Course {
            entry: Entry::Program,
            ..Course::default()
        };
        let p = program.at_entry(&main_only).expect("renamed");
        let text = spec::print(&p);
        assert!(text.contains("define i64 @program()"), "{text}");
        assert!(text.contains("call i64 @program()"), "{text}");
        assert!(!text.contains("@main"), "{text}");
        // Already at the entry: unchanged.
        assert_eq!(
            Course::default().at_entry(&main_only),
            Ok(main_only.clone())
        );
        let neither = parse("define i64 @f() {\n  ret i64 0\n}\n");
        let e = program.at_entry(&neither).expect_err("no entry");
        assert!(e.contains("neither @program nor @main"), "{e}");
    }

    #[test]
    fn the_reproducing_options_name_only_what_differs() {
        assert_eq!(Course::default().cli_args(), "");
        assert_eq!(Course::default().describe(), None);
        let c = Course {
            runtime: RuntimeName::Ll,
            runtime_c: Some("hw/runtime.c".into()),
            link_flags: vec!["-no-pie".into(), "-lm".into()],
            entry: Entry::Program,
        };
        assert_eq!(
            c.cli_args(),
            "--runtime-c 'hw/runtime.c' --link-flags '-no-pie -lm' --entry program"
        );
        // An Oat runtime implies @program: the entry is not repeated, and
        // named only where it differs from the runtime's.
        let oat = Course {
            runtime: RuntimeName::OatEth,
            entry: Entry::Program,
            ..Course::default()
        };
        assert_eq!(oat.cli_args(), "--runtime oat-eth");
        assert_eq!(
            oat.describe().as_deref(),
            Some("runtime oat-eth, entry @program")
        );
        let oat_main = Course {
            entry: Entry::Main,
            ..oat
        };
        assert_eq!(oat_main.cli_args(), "--runtime oat-eth --entry main");
    }
}

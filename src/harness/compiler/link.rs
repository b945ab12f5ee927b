//! Choosing how a compiler's assembly becomes something to run: assembled
//! in process, or linked with the runtime directly (`as` and `ld` as `cc`
//! runs them) or by `cc` itself (docs/running-student-code.md, "Linking").
//! The one module of the harness that runs `cc`.

use super::build::{BuildFailure, Built};
use super::temp::TempPath;
use super::Tools;
use crate::harness::course::entry_name;
use crate::harness::in_process;
use crate::harness::stages::Stage;
use crate::harness::verdicts::Category;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::Ordering;
use toolchain::link::DirectLink;

/// The environment variable that rules the faster ways of linking out:
/// with `LLORACLE_LINK=cc` every link goes through `cc`, with
/// `LLORACLE_LINK=ld` through `as` and `ld` as `cc` runs them (else `cc`),
/// never in process (docs/running-student-code.md, "Linking").
pub const LINK_VAR: &str = "LLORACLE_LINK";

/// The value of [`LINK_VAR`], if set.
fn link_var() -> Option<String> {
    std::env::var_os(LINK_VAR).map(|v| v.to_string_lossy().into_owned())
}

impl Tools {
    /// What runs assembly `s`: the program assembled in process, when it
    /// runs as its executable would ([`Tools::in_process`]); else the
    /// executable linked with the runtime: directly, with the `as` and
    /// `ld` command lines `cc` runs ([`Tools::linking`]), when the session
    /// can; else, or when that fails, with `cc` ([`Tools::link_with_cc`]),
    /// so that a failure's category and words are always `cc`'s.
    pub(super) fn link(&self, s: &Path) -> Result<Built, BuildFailure> {
        self.stages.time(Stage::Link, || {
            if let Some(p) = self.in_process(s) {
                self.in_process.fetch_add(1, Ordering::Relaxed);
                return Ok(Built::InProcess(Box::new(p)));
            }
            self.linked.fetch_add(1, Ordering::Relaxed);
            self.link_exe(s).map(Built::Exe)
        })
    }

    /// Assembly `s` read and assembled in process, when this session may
    /// run programs so ([`in_process::course_allows`], no [`LINK_VAR`])
    /// and `s` is in the subset and uses only runtime functions that run
    /// in process ([`in_process::refusal`]); else `None` (it is linked).
    fn in_process(&self, s: &Path) -> Option<codegen::att::Program> {
        if link_var().is_some()
            || self.no_in_process.load(Ordering::Relaxed)
            || !in_process::course_allows(&self.course)
        {
            return None;
        }
        let text = std::fs::read_to_string(s).ok()?;
        let p = codegen::att::Program::read(&text).ok()?;
        in_process::refusal(&p, self.course.runtime)
            .is_none()
            .then_some(p)
    }

    /// Links assembly `s` into an executable ([`Tools::link`]).
    fn link_exe(&self, s: &Path) -> Result<TempPath, BuildFailure> {
        {
            let exe = TempPath(self.fresh(".exe"));
            if let Ok(direct) = self.linking() {
                let obj = TempPath(self.fresh(".o"));
                let limits = self.limits(None);
                let linked = direct
                    .assemble(s, &obj.0, &limits)
                    .and_then(|()| direct.link(&obj.0, &exe.0, &limits));
                if linked.is_ok() {
                    return Ok(exe);
                }
            }
            self.link_with_cc(s, exe)
        }
    }

    /// How this session links assembly: `Ok` with the `as` and `ld`
    /// command lines `cc -###` gave (asked once, and checked to write the
    /// object and executable `cc` writes from a sample program,
    /// [`DirectLink::verify`]), or
    /// `Err` why every link goes through `cc`: [`LINK_VAR`]`=cc`, no `cc`,
    /// or `cc` links in a way lloracle does not run itself (another
    /// linker, more steps).
    pub fn linking(&self) -> Result<&DirectLink, &str> {
        self.direct
            .get_or_init(|| self.probe_direct_link())
            .as_ref()
            .map_err(String::as_str)
    }

    /// Makes every link of this session go through `cc` (as
    /// [`LINK_VAR`]`=cc` does), giving `why`, and no program run in
    /// process; the choice of `cc` has no effect once the session has
    /// linked.
    pub fn link_with_cc_only(&self, why: &str) {
        self.link_without_in_process();
        let _ = self.direct.set(Err(why.to_string()));
    }

    /// Makes every program of this session linked (as any other
    /// [`LINK_VAR`] value than `cc` does): none runs in process.
    pub fn link_without_in_process(&self) {
        self.no_in_process.store(true, Ordering::Relaxed);
    }

    /// How this session linked, if it linked anything (the report's
    /// `linking`): `direct` (`as` and `ld` as `cc` runs them, a failure
    /// done again with `cc`) or `cc: WHY`; when programs ran in process,
    /// `in-process N of T` and, if any was linked, `; the rest: ` and how.
    pub fn linked_by(&self) -> Option<String> {
        let linked = self.direct.get().map(|d| match d {
            Ok(_) => "direct".to_string(),
            Err(why) => format!("cc: {why}"),
        });
        let n = self.in_process.load(Ordering::Relaxed);
        if n == 0 {
            return linked;
        }
        let total = n + self.linked.load(Ordering::Relaxed);
        Some(match linked {
            Some(l) => format!("in-process {n} of {total}; the rest: {l}"),
            None => format!("in-process {n} of {total}"),
        })
    }

    /// How many programs ran in process and how many were linked.
    pub fn link_counts(&self) -> (usize, usize) {
        (
            self.in_process.load(Ordering::Relaxed),
            self.linked.load(Ordering::Relaxed),
        )
    }

    fn probe_direct_link(&self) -> Result<DirectLink, String> {
        if link_var().is_some_and(|v| v == "cc") {
            return Err(format!("{LINK_VAR}=cc"));
        }
        let cc = toolchain::tools::cc().ok_or("no C compiler (cc or gcc)")?;
        let rt = self.runtime_object()?;
        let flags = &self.course.link_flags;
        let limits = self.limits(None);
        let direct = DirectLink::probe(&cc, rt, flags, self.dir.path(), &limits)?;
        let entry = entry_name(self.course.entry);
        // With a local symbol, which names the object in the executable.
        let sample = format!(
            "\t.text\n\t.globl {entry}\n{entry}:\n\tcallq lloracle_f\n\tret\nlloracle_f:\n\txorl %eax, %eax\n\tret\n"
        );
        direct.verify(&cc, rt, flags, &sample, self.dir.path(), &limits)?;
        Ok(direct)
    }

    /// Links assembly `s` with the runtime into `exe` with `cc`. When that
    /// fails, `cc -c` alone tells an assembler error (the assembly itself
    /// is wrong) from a link error (it assembles, the symbols do not fit).
    fn link_with_cc(&self, s: &Path, exe: TempPath) -> Result<TempPath, BuildFailure> {
        match self.link_to(s, &exe.0) {
            Ok(()) => Ok(exe),
            Err(detail) => {
                let category = match self.assemble(s) {
                    Err(asm) => {
                        return Err(BuildFailure {
                            category: Category::AssembleError,
                            detail: asm,
                        })
                    }
                    Ok(()) => Category::LinkError,
                };
                Err(BuildFailure { category, detail })
            }
        }
    }

    /// Assembles `s` alone (`cc -c`); `Err` has cc's words.
    fn assemble(&self, s: &Path) -> Result<(), String> {
        let obj = TempPath(self.fresh(".o"));
        self.cc("cc -c", |cmd| {
            cmd.arg("-c").arg("-o").arg(&obj.0).arg(s);
        })
    }

    /// Assembles the text `asm` and links it with the bundled C of runtime
    /// `name` (or the course's C file `runtime_c`), its entry the runtime's
    /// default, into the executable `out` (`lloracle compile --emit exe`).
    pub fn link_program(
        asm: &str,
        name: spec::RuntimeName,
        runtime_c: Option<std::path::PathBuf>,
        out: &Path,
    ) -> Result<(), String> {
        let course = crate::harness::course::Course {
            runtime: name,
            runtime_c,
            entry: crate::harness::course::default_entry(name),
            ..crate::harness::course::Course::default()
        };
        let tools = Tools::with(course, None, std::time::Duration::from_secs(120))?;
        let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
        let s = dir.path().join("program.s");
        std::fs::write(&s, asm).map_err(|e| format!("{}: {e}", s.display()))?;
        tools.link_to(&s, out)
    }

    /// Links assembly `s` with the runtime object into the executable `exe`
    /// with `cc` (and the course's link flags); `Err` has cc's words.
    pub fn link_to(&self, s: &Path, exe: &Path) -> Result<(), String> {
        let rt = self.runtime_object()?;
        self.cc("cc", |cmd| {
            cmd.arg("-o").arg(exe).arg(s).arg(rt);
            cmd.args(&self.course.link_flags);
        })
    }

    /// Runs `cc` with the arguments `args` adds; `Err` is `what`, how it
    /// ended and its words.
    fn cc(&self, what: &str, args: impl FnOnce(&mut Command)) -> Result<(), String> {
        let cc = toolchain::tools::cc().ok_or("no C compiler (cc or gcc)")?;
        let mut cmd = Command::new(cc);
        args(&mut cmd);
        toolchain::tools::run_tool(what, cmd, &self.limits(None))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Where `cc` runs, a session links directly (`LLORACLE_LINK=cc`,
    /// which rules that out, is tried through the command line in
    /// tests/testsuite/link_paths.rs).
    #[test]
    fn a_session_links_directly_where_cc_runs() {
        if toolchain::tools::cc().is_none() || std::env::var_os(LINK_VAR).is_some() {
            eprintln!("SKIP: no cc, or {LINK_VAR} is set");
            return;
        }
        let t = Tools::new(Duration::from_secs(60)).expect("tools");
        assert_eq!(t.linked_by(), None, "nothing linked yet");
        assert!(t.linking().is_ok(), "{:?}", t.linking().err());
        assert_eq!(t.linked_by().as_deref(), Some("direct"));
    }
}

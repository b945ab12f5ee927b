//! A course's conventions resolved from what the user gave (`--runtime`,
//! `--runtime-c`, `--link-flags`, `--entry`, and for a front end the Oat
//! version and dialect), as functions of plain values: the commands turn
//! their options into a [`Given`] and call these (docs/grading.md, "Your
//! course's driver"; docs/oat.md, "Dialects").

use super::{default_entry, Course, Entry};
use oat::dialect::OatDialect;
use oat::OatVersion;
use spec::dialect::Dialect;
use spec::RuntimeName;
use std::path::PathBuf;

/// What `--runtime` names: a bundled runtime, or (the old spelling of
/// `--runtime-c`) a course's C file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuntimeArg {
    /// `--runtime oat-eth`: one of [`RuntimeName::ALL`].
    Named(RuntimeName),
    /// `--runtime hw/runtime.c`: a value that ends in `.c` or names an
    /// existing file, read as `--runtime-c hw/runtime.c`.
    CFile(PathBuf),
}

/// What kind of compiler is under test, as far as its course is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// lloracle's built-in back end (it links and starts programs its own
    /// way, with the runtime `ll`).
    Builtin,
    /// A compiler command writing assembly (linked here).
    Asm,
    /// A compiler command writing an executable.
    Exe,
    /// An ll-to-ll optimiser.
    Optimiser,
    /// A front end (Oat to LLVMlite): its course comes from
    /// [`Given::front_end_course`].
    FrontEnd,
}

/// The course conventions as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// `--runtime`.
    pub runtime: Option<RuntimeArg>,
    /// `--runtime-c`: the course's own C runtime.
    pub runtime_c: Option<PathBuf>,
    /// `--link-flags`, split at white space.
    pub link_flags: Vec<String>,
    /// `--entry`; none: the runtime's default ([`default_entry`]).
    pub entry: Option<Entry>,
}

impl Given {
    /// The named runtime (`--runtime`, else `dialect`'s default, else
    /// `ll`) and the course's C file (`--runtime-c`, or the old spelling
    /// `--runtime FILE.c`, which prints a note on stderr).
    pub fn runtime(
        &self,
        dialect: Option<&Dialect>,
    ) -> Result<(RuntimeName, Option<PathBuf>), String> {
        let default = dialect.map_or(RuntimeName::Ll, Dialect::default_runtime);
        let (name, old_c) = match &self.runtime {
            Some(RuntimeArg::Named(r)) => (*r, None),
            Some(RuntimeArg::CFile(f)) => {
                eprintln!(
                    "lloracle: note: --runtime {0} is read as --runtime-c {0} (the new spelling; \
                     --runtime now names a bundled runtime)",
                    f.display()
                );
                (default, Some(f.clone()))
            }
            None => (default, None),
        };
        let c_file = match (old_c, &self.runtime_c) {
            (Some(_), Some(_)) => {
                return Err(
                    "--runtime FILE.c and --runtime-c both give a C file: give one --runtime-c"
                        .into(),
                )
            }
            (a, b) => a.or_else(|| b.clone()),
        };
        if let Some(f) = &c_file {
            if !f.is_file() {
                return Err(format!("--runtime-c {}: no such file", f.display()));
            }
        }
        Ok((name, c_file))
    }

    /// Where programs start: `--entry`, else the runtime's default.
    fn entry_for(&self, runtime: RuntimeName) -> Entry {
        self.entry.unwrap_or_else(|| default_entry(runtime))
    }

    /// The course conventions of a back end or optimiser (`under`) reading
    /// `dialect`; the runtime C file and link flags need a compiler writing
    /// assembly, an Oat runtime and `--entry program` a compiler command.
    pub fn back_end_course(
        &self,
        under: Under,
        dialect: Option<&Dialect>,
    ) -> Result<Course, String> {
        let (runtime, runtime_c) = self.runtime(dialect)?;
        if under == Under::FrontEnd {
            return Err(format!(
                "--emit ll is a front end: its course is set by FrontEndOpts (runtime {runtime})"
            ));
        }
        let course = Course {
            runtime,
            runtime_c,
            link_flags: self.link_flags.clone(),
            entry: self.entry_for(runtime),
        };
        let links = course.runtime_c.is_some() || !course.link_flags.is_empty();
        if links && under != Under::Asm {
            return Err(
                "--runtime-c and --link-flags apply to a compiler's assembly: they need \
                 --cmd with --emit asm"
                    .into(),
            );
        }
        if under == Under::Builtin {
            builtin_supports(runtime)?;
            if course.entry != Entry::Main {
                return Err(
                    "--entry program needs --cmd or --opt-cmd (the built-in back end starts \
                     at @main)"
                        .into(),
                );
            }
        }
        Ok(course)
    }

    /// The Oat version of a front end: that of `oat_dialect`,
    /// `oat_version` (1 or 2), or the homework of a named `--runtime`, else
    /// 2; two of them that disagree are refused with a message that says
    /// which to give.
    pub fn oat_version(
        &self,
        oat_version: Option<u8>,
        oat_dialect: Option<&OatDialect>,
    ) -> Result<OatVersion, String> {
        let runtime = match &self.runtime {
            Some(RuntimeArg::Named(r)) => runtime_version(*r).map(|v| (*r, v)),
            _ => None,
        };
        let given = oat_version.and_then(OatVersion::from_number);
        if let Some(d) = oat_dialect {
            if let Some(v) = given.filter(|v| *v != d.version) {
                return Err(format!(
                    "--oat-dialect {} is Oat v{} ({}), but --oat-version {} asks for Oat v{}: \
                     leave --oat-version out, or give the dialect of that homework",
                    d.name,
                    number(d.version),
                    d.about(),
                    number(v),
                    number(v)
                ));
            }
        }
        let wanted = oat_dialect.map(|d| d.version).or(given);
        if let (Some((r, rv)), Some(v)) = (runtime, wanted) {
            if rv != v {
                let (hw, other) = match rv {
                    OatVersion::V1 => ("homework 4", "oat-hw5"),
                    OatVersion::V2 => ("homework 5", "oat-eth"),
                };
                let asked = match oat_dialect {
                    Some(d) => format!("--oat-dialect {}", d.name),
                    None => format!("--oat-version {}", number(v)),
                };
                return Err(format!(
                    "--runtime {r} is the runtime of {hw} (Oat v{}), but {asked} asks for Oat \
                     v{}: give --oat-version {} for a {hw} front end, or --runtime {other} (or \
                     the course's runtime-c) for an Oat v{} one",
                    number(rv),
                    number(v),
                    number(rv),
                    number(v)
                ));
            }
        }
        Ok(wanted.or(runtime.map(|(_, v)| v)).unwrap_or(OatVersion::V2))
    }

    /// The course of a front end of Oat `version`: `--runtime` (default:
    /// the runtime of `oat_dialect`'s homework, else `oat-eth` for Oat v1,
    /// `oat-hw5` for Oat v2) and `--runtime-c` (linked with native builds).
    pub fn front_end_course(
        &self,
        version: OatVersion,
        oat_dialect: Option<&OatDialect>,
    ) -> Result<Course, String> {
        let default = match (oat_dialect, version) {
            (Some(d), _) => d.runtime.parse().unwrap_or(RuntimeName::OatHw5),
            (None, OatVersion::V1) => RuntimeName::OatEth,
            (None, OatVersion::V2) => RuntimeName::OatHw5,
        };
        let runtime = match &self.runtime {
            Some(RuntimeArg::Named(r)) => *r,
            Some(RuntimeArg::CFile(f)) => {
                return Err(format!(
                    "--runtime {}: give the C file with --runtime-c",
                    f.display()
                ))
            }
            None => default,
        };
        if let Some(f) = &self.runtime_c {
            if !f.is_file() {
                return Err(format!("--runtime-c {}: no such file", f.display()));
            }
        }
        Ok(Course {
            runtime,
            runtime_c: self.runtime_c.clone(),
            link_flags: self.link_flags.clone(),
            entry: self.entry_for(runtime),
        })
    }
}

/// The dialect a front end's generated programs are written in before any
/// probing: `given`, else lloracle's whole Oat of `version`; without
/// escapes when `plain_strings`.
pub fn oat_dialect(
    given: Option<OatDialect>,
    plain_strings: bool,
    version: OatVersion,
) -> OatDialect {
    let d = given.unwrap_or_else(|| OatDialect::whole(version));
    if plain_strings {
        d.without_escapes()
    } else {
        d
    }
}

/// The Oat version of the homework whose runtime `r` is (homework 4:
/// Oat v1, homework 5: Oat v2), for the Oat runtimes.
pub fn runtime_version(r: RuntimeName) -> Option<OatVersion> {
    match r {
        RuntimeName::OatEth2019 | RuntimeName::OatEth | RuntimeName::OatCis341 => {
            Some(OatVersion::V1)
        }
        RuntimeName::OatHw5 => Some(OatVersion::V2),
        RuntimeName::Ll | RuntimeName::LlLibc => None,
    }
}

/// `n` of Oat v`n`.
fn number(v: OatVersion) -> u8 {
    match v {
        OatVersion::V1 => 1,
        OatVersion::V2 => 2,
    }
}

/// `Ok` when the built-in back end's runner can run programs that call
/// `runtime`'s functions: `ll` and `ll-libc` (codegen/src/runner/rt.rs);
/// else the error that says so and what works instead.
pub fn builtin_supports(runtime: RuntimeName) -> Result<(), String> {
    if !runtime.is_oat() {
        return Ok(());
    }
    Err(format!(
        "--runtime {runtime} is not supported by the built-in back end (its runner has only \
         the ll and ll-libc functions and starts programs at @main): test a compiler with \
         --cmd, or build an executable with `lloracle compile --emit exe --runtime {runtime}`"
    ))
}

/// The profile called `name`, or a message listing the profiles (the one
/// parser of every `--dialect`).
pub fn parse_dialect(name: &str) -> Result<Dialect, String> {
    Dialect::by_name(name).ok_or_else(|| {
        format!(
            "unknown dialect `{name}` (known: {}; `lloracle dialects` shows their features)",
            Dialect::NAMES.join(", ")
        )
    })
}

/// The one parser of every `--runtime`: a runtime's name; else a value
/// that ends in `.c` or names an existing file (the old spelling of
/// `--runtime-c`); else an error listing the names.
pub fn parse_runtime(s: &str) -> Result<RuntimeArg, String> {
    match s.parse::<RuntimeName>() {
        Ok(r) => Ok(RuntimeArg::Named(r)),
        Err(_) if s.ends_with(".c") || std::path::Path::new(s).is_file() => {
            Ok(RuntimeArg::CFile(PathBuf::from(s)))
        }
        Err(e) => Err(e),
    }
}

/// The Oat dialect called `name`, or a message listing them.
pub fn parse_oat_dialect(name: &str) -> Result<OatDialect, String> {
    OatDialect::by_name(name).ok_or_else(|| {
        format!(
            "unknown Oat dialect `{name}` (known: {}; `lloracle dialects` shows their constructs)",
            OatDialect::names().join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By the rules above: the built-in back end links its own way, so a
    /// course C file or link flags need a compiler writing assembly, and an
    /// Oat runtime (whose programs start at `@program`) is refused.
    #[test]
    fn a_back_end_course_refuses_what_its_compiler_cannot_use() {
        let flags = Given {
            link_flags: vec!["-no-pie".into()],
            ..Given::default()
        };
        assert!(flags.back_end_course(Under::Asm, None).is_ok());
        for under in [Under::Exe, Under::Optimiser, Under::Builtin] {
            let e = flags.back_end_course(under, None).unwrap_err();
            assert!(e.contains("need --cmd with --emit asm"), "{under:?}: {e}");
        }
        let oat = Given {
            runtime: Some(RuntimeArg::Named(RuntimeName::OatHw5)),
            ..Given::default()
        };
        let e = oat.back_end_course(Under::Builtin, None).unwrap_err();
        assert!(e.contains("not supported by the built-in back end"), "{e}");
        // A compiler command with an Oat runtime starts at @program by default.
        let c = oat.back_end_course(Under::Asm, None).expect("a course");
        assert_eq!(c.entry, Entry::Program);
        assert!(Given::default()
            .back_end_course(Under::FrontEnd, None)
            .unwrap_err()
            .starts_with("--emit ll is a front end"));
    }

    /// Homework 4's runtime is Oat v1 and homework 5's Oat v2: asking for
    /// the other version is refused; without anything given it is 2.
    #[test]
    fn the_oat_version_follows_the_runtimes_homework_and_refuses_a_clash() {
        let hw4 = Given {
            runtime: Some(RuntimeArg::Named(RuntimeName::OatEth)),
            ..Given::default()
        };
        assert_eq!(hw4.oat_version(None, None), Ok(OatVersion::V1));
        let e = hw4.oat_version(Some(2), None).unwrap_err();
        assert!(e.contains("is the runtime of homework 4 (Oat v1)"), "{e}");
        assert_eq!(Given::default().oat_version(None, None), Ok(OatVersion::V2));
        // With no runtime given, the course of Oat v1 is the ETH runtime.
        let c = Given::default()
            .front_end_course(OatVersion::V1, None)
            .expect("a course");
        assert_eq!((c.runtime, c.entry), (RuntimeName::OatEth, Entry::Program));
    }
}

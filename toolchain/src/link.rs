//! Linking assembly exactly as `cc` does, without `cc`'s driver on every
//! program (docs/running-student-code.md, "Linking"). `cc -o EXE FILE.s
//! RUNTIME.o FLAGS` runs two programs, the assembler (`as`) and the linker
//! (`collect2`, which runs `ld`); the driver itself costs about half of a
//! link. [`DirectLink::probe`] asks `cc -###` once which two command lines
//! it would run, and [`DirectLink::assemble`] and [`DirectLink::link`] run
//! those lines for each program, with the program's files in place of the
//! probe's. The linker is `ld` with `collect2`'s arguments minus its LTO
//! plugin (no object lloracle links is LTO bytecode), so the object and
//! the executable are the ones `cc` writes, byte for byte, but for the name
//! of the temporary object (`cc` picks a random one each time);
//! [`DirectLink::verify`] checks that on a sample before a session uses it. Anything `cc -###` says that does
//! not have this shape (more steps, another linker by `-fuse-ld`, a C file
//! among the link flags) is refused, and the caller links with `cc`.

use crate::process::{run, Ended, Limits};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The two command lines `cc` runs to turn one assembly file and the
/// runtime object into an executable, with the probe's file names to
/// replace.
#[derive(Clone, Debug)]
pub struct DirectLink {
    /// `as` and its arguments (the probe's input and object among them).
    assembler: Vec<String>,
    /// `ld` and `collect2`'s arguments (the probe's object and output).
    linker: Vec<String>,
    /// The probe's assembly file name, as `cc` was given it.
    input: String,
    /// The object file `cc` would have made (its temporary name).
    object: String,
    /// The probe's executable name, as `cc` was given it.
    output: String,
}

/// The arguments of `collect2` that only it reads: the LTO plugin and its
/// options (`-plugin FILE`, `-plugin-opt=...`), left out for `ld`.
fn is_plugin_arg(a: &str) -> bool {
    a.starts_with("-plugin-opt=")
}

impl DirectLink {
    /// Asks `cc` (`cc -###`) how it links an assembly file with `runtime`
    /// and `flags` (the course's link flags), with placeholder names in
    /// `dir`. `Err` says why the answer is not the plain `as` then
    /// `collect2` this module can run itself.
    pub fn probe(
        cc: &Path,
        runtime: &Path,
        flags: &[String],
        dir: &Path,
        limits: &Limits,
    ) -> Result<DirectLink, String> {
        let input = dir.join("lloracle-probe-in.s");
        let output = dir.join("lloracle-probe-out.exe");
        let mut c = Command::new(cc);
        c.arg("-###")
            .arg("-o")
            .arg(&output)
            .arg(&input)
            .arg(runtime)
            .args(flags);
        let f = run(c, limits).map_err(|e| format!("cc -###: {e}"))?;
        if f.ended != Ended::Exited(0) {
            return Err(format!(
                "cc -### ended with {:?}: {}",
                f.ended,
                String::from_utf8_lossy(&f.stderr)
            ));
        }
        let text = String::from_utf8_lossy(&f.stderr);
        DirectLink::from_steps(
            &text,
            &input.to_string_lossy(),
            &output.to_string_lossy(),
            &ld_program(cc, limits),
        )
    }

    /// The direct link from `cc -###`'s words `text` (its steps are the
    /// lines that start with a space, each quoted as `sh` reads it), the
    /// probe's `input` and `output` names and the linker `ld`.
    pub fn from_steps(
        text: &str,
        input: &str,
        output: &str,
        ld: &str,
    ) -> Result<DirectLink, String> {
        let steps: Vec<Vec<String>> = text
            .lines()
            .filter(|l| l.starts_with(' '))
            .map(|l| shlex::split(l).ok_or_else(|| format!("cannot read the step `{l}`")))
            .collect::<Result<_, _>>()?;
        let [assembler, collect2] = steps.as_slice() else {
            return Err(format!(
                "cc runs {} steps, not `as` then `collect2`",
                steps.len()
            ));
        };
        let name = |step: &[String]| -> String {
            step.first()
                .map(|p| Path::new(p).file_name().unwrap_or_default())
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        };
        if name(assembler) != "as" || name(collect2) != "collect2" {
            return Err(format!(
                "cc runs `{}` then `{}`, not `as` then `collect2`",
                name(assembler),
                name(collect2)
            ));
        }
        let object = assembler
            .iter()
            .skip_while(|a| *a != "-o")
            .nth(1)
            .cloned()
            .ok_or("the assembler's step names no object (-o)")?;
        let count = |step: &[String], s: &str| step.iter().filter(|a| *a == s).count();
        if count(assembler, input) != 1 || count(collect2, &object) != 1 {
            return Err("the steps do not pass the assembly file and its object once".into());
        }
        if count(collect2, output) != 1 {
            return Err("the linker's step does not name the executable once".into());
        }
        if let Some(a) = collect2.iter().find(|a| a.starts_with("-fuse-ld")) {
            return Err(format!("the link flags choose another linker ({a})"));
        }
        let mut linker = vec![ld.to_string()];
        let mut args = collect2.iter().skip(1);
        while let Some(a) = args.next() {
            if a == "-plugin" {
                args.next();
            } else if !is_plugin_arg(a) {
                linker.push(a.clone());
            }
        }
        Ok(DirectLink {
            assembler: assembler.clone(),
            linker,
            input: input.to_string(),
            object,
            output: output.to_string(),
        })
    }

    /// Assembles `s` into the object `obj` as `cc` would; `Err` has the
    /// assembler's words.
    pub fn assemble(&self, s: &Path, obj: &Path, limits: &Limits) -> Result<(), String> {
        let line = self.replace(&self.assembler, &[(&self.input, s), (&self.object, obj)]);
        run_step("as", line, limits)
    }

    /// Links the object `obj` (from [`DirectLink::assemble`]) with the
    /// runtime into the executable `exe` as `cc` would; `Err` has the
    /// linker's words.
    pub fn link(&self, obj: &Path, exe: &Path, limits: &Limits) -> Result<(), String> {
        let line = self.replace(&self.linker, &[(&self.object, obj), (&self.output, exe)]);
        run_step("ld", line, limits)
    }

    /// `step` with each probe name of `pairs` replaced by its file.
    fn replace(&self, step: &[String], pairs: &[(&String, &Path)]) -> Vec<OsString> {
        step.iter()
            .map(|a| {
                pairs
                    .iter()
                    .find(|(name, _)| *name == a)
                    .map_or_else(|| a.into(), |(_, p)| p.as_os_str().to_owned())
            })
            .collect()
    }

    /// Builds the assembly text `sample` both ways, in `dir`, one step at
    /// a time: `cc -c` and the direct assembler must write the same
    /// object, and `cc` linking that object (with the runtime and `flags`)
    /// and the direct linker the same executable. (`cc` given the assembly
    /// itself names its object `/tmp/ccXXXXXX.o`, fresh and random every
    /// time, and `ld` writes that name into the symbol table of a program
    /// with local symbols, and so into the build-id: two links by `cc` of
    /// one file differ there, and nowhere else.) `Ok` when both steps
    /// agree, else which step differs.
    pub fn verify(
        &self,
        cc: &Path,
        runtime: &Path,
        flags: &[String],
        sample: &str,
        dir: &Path,
        limits: &Limits,
    ) -> Result<(), String> {
        let file = |n: &str| dir.join(format!("lloracle-verify{n}"));
        let s = file(".s");
        let [obj, obj_cc, exe, exe_cc] = [".o", "-cc.o", "", "-cc"].map(file);
        std::fs::write(&s, sample).map_err(|e| format!("{}: {e}", s.display()))?;
        let result = (|| {
            let mut c = Command::new(cc);
            c.arg("-c").arg("-o").arg(&obj_cc).arg(&s);
            run_step_command("cc -c", c, limits)?;
            self.assemble(&s, &obj, limits)?;
            if !same_bytes(&obj, &obj_cc) {
                return Err("cc -c and the assembler write different objects".to_string());
            }
            let mut c = Command::new(cc);
            c.arg("-o").arg(&exe_cc).arg(&obj).arg(runtime).args(flags);
            run_step_command("cc", c, limits)?;
            self.link(&obj, &exe, limits)?;
            if !same_bytes(&exe, &exe_cc) {
                return Err("cc and the linker write different executables".to_string());
            }
            Ok(())
        })();
        for f in [&s, &obj, &obj_cc, &exe, &exe_cc] {
            let _ = std::fs::remove_file(f);
        }
        result
    }
}

/// True when files `a` and `b` can both be read and hold the same bytes.
pub fn same_bytes(a: &Path, b: &Path) -> bool {
    match (std::fs::read(a), std::fs::read(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The `ld` that `collect2` runs: `cc -print-prog-name=ld` (a name on
/// `PATH`, or the path of the one in `cc`'s own folders).
fn ld_program(cc: &Path, limits: &Limits) -> String {
    let mut c = Command::new(cc);
    c.arg("-print-prog-name=ld");
    run(c, limits)
        .ok()
        .filter(|f| f.ended == Ended::Exited(0))
        .map(|f| String::from_utf8_lossy(&f.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "ld".into())
}

/// Runs one step's command line `line` (program first); `Err` names the
/// step (`what`), how it ended and its words.
fn run_step(what: &str, line: Vec<OsString>, limits: &Limits) -> Result<(), String> {
    let Some((program, args)) = line.split_first() else {
        return Ok(());
    };
    let mut c = Command::new(PathBuf::from(program));
    c.args(args);
    run_step_command(what, c, limits)
}

/// Runs the command `c` of step `what`; `Err` names the step, how it
/// ended and its words.
fn run_step_command(what: &str, c: Command, limits: &Limits) -> Result<(), String> {
    crate::tools::run_tool(what, c, limits)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `cc -### -o OUT IN.s rt.o` prints with GCC 12 on Debian
    /// (shortened: fewer `-L` folders and plugin options).
    const GCC12: &str = concat!(
        "Using built-in specs.\nCOLLECT_GCC=cc\n",
        " as --64 -o /tmp/ccJ0v0qM.o /d/in.s\n",
        "COLLECT_GCC_OPTIONS='-o' '/d/out.exe'\n",
        " /usr/lib/gcc/x86_64-linux-gnu/12/collect2 -plugin /usr/lib/gcc/x86_64-linux-gnu/12/liblto_plugin.so",
        " \"-plugin-opt=/usr/lib/gcc/x86_64-linux-gnu/12/lto-wrapper\" \"-plugin-opt=-fresolution=/tmp/ccD0w5DV.res\"",
        " --build-id -m elf_x86_64 \"--hash-style=gnu\" -dynamic-linker /lib64/ld-linux-x86-64.so.2 -pie",
        " -o /d/out.exe /usr/lib/x86_64-linux-gnu/Scrt1.o -L/usr/lib/gcc/x86_64-linux-gnu/12",
        " /tmp/ccJ0v0qM.o rt.o -lc /usr/lib/x86_64-linux-gnu/crtn.o\n"
    );

    #[test]
    fn the_steps_of_cc_become_as_and_ld_without_the_plugin() {
        let d = DirectLink::from_steps(GCC12, "/d/in.s", "/d/out.exe", "ld").expect("read");
        assert_eq!(
            d.assembler,
            ["as", "--64", "-o", "/tmp/ccJ0v0qM.o", "/d/in.s"]
        );
        assert_eq!(d.object, "/tmp/ccJ0v0qM.o");
        let ld: Vec<&str> = d.linker.iter().map(String::as_str).collect();
        assert_eq!(
            ld,
            [
                "ld",
                "--build-id",
                "-m",
                "elf_x86_64",
                "--hash-style=gnu",
                "-dynamic-linker",
                "/lib64/ld-linux-x86-64.so.2",
                "-pie",
                "-o",
                "/d/out.exe",
                "/usr/lib/x86_64-linux-gnu/Scrt1.o",
                "-L/usr/lib/gcc/x86_64-linux-gnu/12",
                "/tmp/ccJ0v0qM.o",
                "rt.o",
                "-lc",
                "/usr/lib/x86_64-linux-gnu/crtn.o"
            ]
        );
        // Each program's files take the probe's places.
        let line = d.replace(
            &d.linker,
            &[
                (&d.object, Path::new("/w/p1.o")),
                (&d.output, Path::new("/w/p1.exe")),
            ],
        );
        assert!(line.contains(&OsString::from("/w/p1.o")));
        assert!(line.contains(&OsString::from("/w/p1.exe")));
        assert!(!line.contains(&OsString::from("/tmp/ccJ0v0qM.o")));
    }

    #[test]
    fn a_link_of_another_shape_is_refused() {
        // A C file among the inputs: cc1 runs first, three steps.
        let three = GCC12.replace(" as --64", " /usr/lib/gcc/cc1 x.c\n as --64");
        let e = DirectLink::from_steps(&three, "/d/in.s", "/d/out.exe", "ld").unwrap_err();
        assert!(e.contains("3 steps"), "{e}");
        // Another linker chosen by the link flags.
        let gold = GCC12.replace("--build-id", "-fuse-ld=gold --build-id");
        let e = DirectLink::from_steps(&gold, "/d/in.s", "/d/out.exe", "ld").unwrap_err();
        assert!(e.contains("-fuse-ld=gold"), "{e}");
        // The probe's input not passed to the assembler.
        let e = DirectLink::from_steps(GCC12, "/d/other.s", "/d/out.exe", "ld").unwrap_err();
        assert!(e.contains("once"), "{e}");
    }

    /// On this machine's `cc`, with and without `-no-pie`: the direct link
    /// writes the object and executable `cc` writes, and the executable
    /// runs (the sample's `main` returns what `f` returns, 3).
    #[test]
    fn the_direct_link_writes_what_cc_writes() {
        let Some(cc) = crate::tools::cc() else {
            eprintln!("SKIP: no C compiler (cc or gcc)");
            return;
        };
        let dir = tempfile::tempdir().expect("temporary directory");
        let rt = crate::build_runtime_object(dir.path()).expect("the runtime");
        let limits = Limits::tool(std::time::Duration::from_secs(60));
        // A local symbol (`f`): the linker names the object in the
        // executable's symbol table.
        let sample =
            "\t.text\n\t.globl main\nmain:\n\tcallq f\n\tretq\nf:\n\tmovq $3, %rax\n\tretq\n";
        for flags in [vec![], vec!["-no-pie".to_string()]] {
            let d = DirectLink::probe(&cc, &rt, &flags, dir.path(), &limits).expect("probe");
            d.verify(&cc, &rt, &flags, sample, dir.path(), &limits)
                .expect("the same executable");
            let (s, o, exe) = (
                dir.path().join("m.s"),
                dir.path().join("m.o"),
                dir.path().join("m.exe"),
            );
            std::fs::write(&s, sample).expect("write");
            d.assemble(&s, &o, &limits).expect("assembles");
            d.link(&o, &exe, &limits).expect("links");
            let f = run(Command::new(&exe), &limits).expect("runs");
            assert_eq!(f.ended, Ended::Exited(3), "{flags:?}");
        }
    }
}

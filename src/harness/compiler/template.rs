//! The compiler command's template: the placeholders (`{in}`, `{out}`,
//! `{outdir}`, `{stem}`) a `--cmd` / `--opt-cmd` must name, and whether the
//! program it starts exists before any program is sent.

use crate::harness::target::Compiler;
use std::path::Path;

/// The placeholders of a compiler command (`--cmd`, `--opt-cmd`), each
/// with what it stands for. Every run gets a fresh, empty `{outdir}` and
/// `{out}` is always `{outdir}/{stem}` with the output's extension (`.s`,
/// `.exe`, or `.ll` for an optimiser), so a course driver that writes
/// `DIR/NAME.s` for `-op DIR` (the ETH and CIS341 `main.native -S`) needs
/// no `{out}` at all: `./main.native -S -op {outdir} {in}`.
pub const PLACEHOLDERS: [(&str, &str); 4] = [
    ("{in}", "the program, a .ll file"),
    (
        "{out}",
        "the file to write (the assembly, executable or program)",
    ),
    (
        "{outdir}",
        "an empty folder for this run only; {out} is {outdir}/{stem}.s (.exe, .ll)",
    ),
    ("{stem}", "{in}'s file name without .ll"),
];

/// `Ok` when the command template `cmd` names its input (`{in}`) and
/// where its output goes (`{out}` or `{outdir}`); otherwise the message
/// a user sees, with the placeholders explained.
pub fn check_command(cmd: &str) -> Result<(), String> {
    if cmd.contains("{in}") && (cmd.contains("{out}") || cmd.contains("{outdir}")) {
        return Ok(());
    }
    let missing = if cmd.contains("{in}") {
        "{out} or {outdir} (where the output goes)"
    } else {
        "{in} (the program to compile)"
    };
    let list: Vec<String> = PLACEHOLDERS
        .iter()
        .map(|(p, what)| format!("  {p}: {what}"))
        .collect();
    Err(format!(
        "the command `{cmd}` lacks {missing}; the placeholders are\n{}\n\
         e.g. --cmd './main.native -S -op {{outdir}} {{in}}' for a course driver \
         that writes DIR/NAME.s for -op DIR",
        list.join("\n")
    ))
}

/// Can `compiler`'s command start, run as `sh -c` in `cwd`? The program
/// its first word names (after `VAR=value` assignments and `exec`,
/// `env`, `time`) must exist and be executable: a path (`./main.native`,
/// relative to `cwd`) or a name found on `PATH` or a shell builtin. A
/// first word that the shell computes (`$X`, a placeholder, a quote or a
/// subshell) is not checked. `Err` says what is missing, so that a
/// submission whose build made no compiler is refused before any program
/// is sent rather than failing every program as a compile error.
pub fn check_runnable(compiler: &Compiler, cwd: &Path) -> Result<(), String> {
    let cmd = match compiler {
        Compiler::Builtin { .. } => return Ok(()),
        Compiler::Command { cmd, .. }
        | Compiler::Optimiser { cmd }
        | Compiler::FrontEnd { cmd } => cmd,
    };
    let Some(word) = first_program(cmd) else {
        return Ok(());
    };
    let show = |p: &Path| {
        if p.is_absolute() {
            p.display().to_string()
        } else {
            let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
            format!("{} in {}", p.display(), cwd.display())
        }
    };
    if word.contains('/') {
        let p = Path::new(word);
        let abs = cwd.join(p);
        return match std::fs::metadata(&abs) {
            Err(_) => Err(format!(
                "the compiler `{word}` does not exist ({}): did the build make it? \
                 (command: `{cmd}`)",
                show(p)
            )),
            Ok(m) if m.is_dir() => Err(format!("the compiler `{word}` is a folder ({})", show(p))),
            Ok(m) if !is_executable(&m) => Err(format!(
                "the compiler `{word}` is not executable ({}; chmod +x it in the build)",
                show(p)
            )),
            Ok(_) => Ok(()),
        };
    }
    if SH_BUILTINS.contains(&word) || on_path(word) {
        return Ok(());
    }
    Err(format!(
        "the compiler's program `{word}` is not found on PATH (command: `{cmd}`)"
    ))
}

/// Words `sh` runs itself, which no `PATH` lookup finds.
const SH_BUILTINS: [&str; 14] = [
    "cd", ".", "eval", "set", "export", "true", ":", "test", "[", "if", "for", "while", "ulimit",
    "umask",
];

/// The program a shell command line starts with: its first word after
/// `VAR=value` assignments and the wrappers `exec`, `env`, `time`, `nice`;
/// `None` when that word is computed by the shell or quoted.
fn first_program(cmd: &str) -> Option<&str> {
    let mut words = cmd.split_whitespace();
    loop {
        let w = words.next()?;
        if w.contains('=') && !w.starts_with('=') && !w.contains('/') {
            continue;
        }
        if ["exec", "env", "time", "nice", "command"].contains(&w) {
            continue;
        }
        let computed = w.chars().any(|c| "$`'\"{}()\\*?<>|&;~".contains(c));
        return (!computed).then_some(w);
    }
}

fn is_executable(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.is_file() && m.permissions().mode() & 0o111 != 0
}

/// Is there an executable file `name` in a folder of `PATH`?
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .any(|d| std::fs::metadata(d.join(name)).is_ok_and(|m| is_executable(&m)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::target::Emit;

    fn command(cmd: &str) -> Compiler {
        Compiler::Command {
            cmd: cmd.into(),
            emit: Emit::Asm,
        }
    }

    #[test]
    fn a_command_names_its_input_and_where_its_output_goes() {
        assert!(check_command("./main.native -S -op {outdir} {in}").is_ok());
        assert!(check_command("./c {in} -o {out}").is_ok());
        let e = check_command("./c {in}").unwrap_err();
        assert!(e.contains("lacks {out} or {outdir}"), "{e}");
        let e = check_command("./c -o {out}").unwrap_err();
        assert!(e.contains("lacks {in}"), "{e}");
    }

    #[test]
    fn the_program_a_command_starts_must_exist() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let e =
            check_runnable(&command("./main.native -S -op {outdir} {in}"), dir.path()).unwrap_err();
        assert!(e.contains("`./main.native` does not exist"), "{e}");
        // Past assignments and `exec`.
        let e = check_runnable(&command("X=1 exec ./c {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("`./c` does not exist"), "{e}");
        let exe = dir.path().join("c");
        std::fs::write(&exe, "#!/bin/sh\n").expect("write");
        let e = check_runnable(&command("./c {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("not executable"), "{e}");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        assert!(check_runnable(&command("./c {in} {out}"), dir.path()).is_ok());
        // `sh` is on every PATH; a word the shell computes is not checked.
        assert!(check_runnable(&command("sh ./c {in} {out}"), dir.path()).is_ok());
        assert!(check_runnable(&command("$CC {in} -o {out}"), dir.path()).is_ok());
        let e = check_runnable(&command("no-such-compiler-x {in} {out}"), dir.path()).unwrap_err();
        assert!(e.contains("not found on PATH"), "{e}");
    }
}

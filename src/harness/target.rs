//! What is under test, resolved once before a campaign starts: the
//! compiler (the built-in back end, a compile command, an optimiser
//! command), the course driver's conventions ([`Course`]) and the dialect
//! programs are sent in. A [`Target`] never changes during a campaign;
//! probing (`probe`) runs before it exists and produces its dialect.

use super::course::Course;
use spec::dialect::Dialect;
use toolchain::shell::quote as shell_quote;

/// What an external compiler writes to `{out}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// AT&T assembly, linked here with `cc` and the runtime.
    Asm,
    /// A linked executable.
    Exe,
}

impl Emit {
    /// `asm` or `exe`.
    pub fn name(self) -> &'static str {
        match self {
            Emit::Asm => "asm",
            Emit::Exe => "exe",
        }
    }
}

/// The thing under test.
#[derive(Clone, Debug)]
pub enum Compiler {
    /// The built-in back end, in process (with deliberate bugs for
    /// mutation testing when `mutations` is not empty).
    Builtin {
        /// The miscompilations (none: the correct back end).
        mutations: codegen::Mutations,
    },
    /// A shell command with `{in}` (the .ll file) and `{out}`.
    Command {
        /// The command template.
        cmd: String,
        /// What it writes to `{out}`.
        emit: Emit,
    },
    /// An ll-to-ll optimiser: a shell command with `{in}` and `{out}`.
    Optimiser {
        /// The command template.
        cmd: String,
    },
    /// A front end: a shell command with `{in}` (an Oat program, a `.oat`
    /// file) and `{out}` (`{outdir}/{stem}.ll`, the LLVMlite it writes);
    /// checked on Oat tests by `crate::frontend`.
    FrontEnd {
        /// The command template.
        cmd: String,
    },
}

impl Compiler {
    /// A short description for reports and for the reproducing command.
    pub fn describe(&self) -> String {
        match self {
            Compiler::Builtin { mutations } if mutations.is_empty() => {
                "the built-in back end".into()
            }
            Compiler::Builtin { mutations } => {
                format!("the built-in back end mutated with {}", mutations.names())
            }
            Compiler::Command { cmd, emit } => format!("`{cmd}` (--emit {})", emit.name()),
            Compiler::Optimiser { cmd } => format!("optimiser `{cmd}`"),
            Compiler::FrontEnd { cmd } => format!("front end `{cmd}`"),
        }
    }

    /// The options of `lloracle test-compiler` that select this compiler,
    /// shell-quoted (for the one-line reproducing command).
    pub fn cli_args(&self) -> String {
        match self {
            Compiler::Builtin { mutations } if mutations.is_empty() => String::new(),
            Compiler::Builtin { mutations } => format!("--mutate {}", mutations.names()),
            Compiler::Command { cmd, emit } => {
                format!("--cmd {} --emit {}", shell_quote(cmd), emit.name())
            }
            Compiler::Optimiser { cmd } => format!("--opt-cmd {}", shell_quote(cmd)),
            Compiler::FrontEnd { cmd } => format!("--cmd {} --emit ll", shell_quote(cmd)),
        }
    }

    /// The command template of a compiler run as a shell command (all but
    /// the built-in back end).
    pub fn command(&self) -> Option<&str> {
        match self {
            Compiler::Builtin { .. } => None,
            Compiler::Command { cmd, .. }
            | Compiler::Optimiser { cmd }
            | Compiler::FrontEnd { cmd } => Some(cmd),
        }
    }
}

/// The compiler under test with everything that says how to speak to it.
#[derive(Clone, Debug)]
pub struct Target {
    /// The thing under test.
    pub compiler: Compiler,
    /// How its output is linked and started.
    pub course: Course,
    /// The dialect programs are printed in (none: the canonical text,
    /// every feature lloracle accepts).
    pub dialect: Option<Dialect>,
}

impl Target {
    /// `compiler` with the default conventions and no dialect.
    pub fn new(compiler: Compiler) -> Target {
        Target {
            compiler,
            course: Course::default(),
            dialect: None,
        }
    }

    /// The same conventions and dialect with another compiler (a student's
    /// beside the reference solution, a mutant beside the back end).
    pub fn with_compiler(&self, compiler: Compiler) -> Target {
        Target {
            compiler,
            ..self.clone()
        }
    }

    /// The options of `lloracle test-compiler` that give this target's
    /// dialect and course conventions, shell-quoted (for the one-line
    /// reproducing command); a dialect that is not a named profile is
    /// left out.
    pub fn setup_args(&self) -> String {
        let dialect = self
            .dialect
            .as_ref()
            .filter(|d| Dialect::by_name(&d.name).as_ref() == Some(*d))
            .map(|d| format!("--dialect {}", d.name));
        [dialect.unwrap_or_default(), self.course.cli_args()]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

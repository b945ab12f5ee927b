//! The four kinds of build: the built-in back end in process, a command
//! that writes assembly (linked, [`super::link`]) or an executable, and an
//! ll-to-ll optimiser (its output read, [`super::optimised`]); what a
//! build gives ([`Built`]) or why it failed ([`BuildFailure`]).

use super::temp::TempPath;
use super::Tools;
use crate::harness::dialect::in_dialect;
use crate::harness::stages::Stage;
use crate::harness::target::{Compiler, Emit};
use crate::harness::verdicts::Category;
use spec::Prog;

/// Why a program could not be built; the category and the compiler's words.
#[derive(Clone, Debug)]
pub struct BuildFailure {
    /// `CompileError`, `CompileTimeout` or `LinkError`.
    pub category: Category,
    /// The exit status and stderr, or the parse / check diagnostic.
    pub detail: String,
}

/// What the compiler built from one program, ready to run.
pub enum Built {
    /// The built-in back end's module (run natively in process).
    Module(codegen::Module),
    /// An executable file (removed on drop).
    Exe(TempPath),
    /// The compiler's assembly, assembled in process, run as the
    /// executable `cc` would link from it runs
    /// (docs/running-student-code.md, "Linking").
    InProcess(Box<codegen::att::Program>),
    /// An optimised program (run on the oracle).
    Prog {
        /// The optimiser's output, parsed and checked.
        prog: Box<Prog>,
        /// The functions whose printed text changed.
        changed: Vec<String>,
        /// A form of the output the campaign's dialect lacks (not a
        /// failure: a note in the reports).
        note: Option<String>,
    },
}

/// What a source-to-source compiler (a front end) made of one program.
#[derive(Clone, Debug)]
pub struct SourceBuild {
    /// The output file's bytes, when the command wrote it.
    pub output: Option<Vec<u8>>,
    /// How the command failed, if it did (with or without an output).
    pub failure: Option<BuildFailure>,
    /// How the command's last run ended (`None`: it could not be started,
    /// or its input could not be written): what tells a front end's
    /// refusal of a program from its failing to run at all.
    pub ended: Option<toolchain::process::Ended>,
}

impl Tools {
    /// Builds `prog` with `compiler`.
    pub fn build(&self, compiler: &Compiler, prog: &Prog) -> Result<Built, BuildFailure> {
        self.build_text(compiler, prog, None)
    }

    /// Builds `prog` with `compiler`, sending it `text` (`prog`'s own text,
    /// as written) or, when `None`, `prog` printed in the session's dialect.
    pub fn build_text(
        &self,
        compiler: &Compiler,
        prog: &Prog,
        text: Option<&str>,
    ) -> Result<Built, BuildFailure> {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        match compiler {
            Compiler::Builtin { mutations } => {
                let opts = codegen::CompileOptions {
                    comments: false,
                    mutations: *mutations,
                };
                self.stages
                    .time(Stage::Compile, || codegen::compile_with(prog, &opts))
                    .map(Built::Module)
                    .map_err(|e| fail(CompileError, e.to_string()))
            }
            Compiler::Command { cmd, emit } => {
                let input = TempPath(self.fresh(".ll"));
                let ext = match emit {
                    Emit::Asm => ".s",
                    Emit::Exe => ".exe",
                };
                let (_outdir, out) = self.output_beside(&input.0, ext)?;
                self.stages.time(Stage::Compile, || {
                    self.run_command(cmd, prog, text, &input.0, &out)
                })?;
                match emit {
                    Emit::Exe => {
                        let exe = TempPath(self.fresh(".exe"));
                        std::fs::rename(&out, &exe.0).map_err(|e| {
                            fail(CompileError, format!("cannot move the executable: {e}"))
                        })?;
                        Ok(Built::Exe(exe))
                    }
                    Emit::Asm => self.link(&out),
                }
            }
            Compiler::FrontEnd { .. } => Err(fail(
                CompileError,
                "lloracle: a front end compiles Oat programs, not LLVMlite (its campaign is `test-compiler --emit ll`)"
                    .into(),
            )),
            Compiler::Optimiser { cmd } => {
                let input = TempPath(self.fresh(".ll"));
                let (_outdir, out) = self.output_beside(&input.0, ".ll")?;
                self.stages.time(Stage::Compile, || {
                    self.run_command(cmd, prog, text, &input.0, &out)
                })?;
                self.read_optimised(prog, &out)
            }
        }
    }

    /// The text of `prog` for the compiler under test: printed in the
    /// session's dialect (lowered into it where needed), or canonical when
    /// there is none; `Err` names the feature with no equivalent there.
    pub fn text_of(&self, prog: &Prog) -> Result<String, String> {
        match &self.dialect {
            None => Ok(spec::print(prog)),
            Some(d) => in_dialect(prog, d).map_err(|e| e.to_string()),
        }
    }
}

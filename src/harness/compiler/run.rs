//! Running what was built: the built-in back end's module natively, an
//! executable under the safe runner (confined for a graded submission),
//! assembly in process as its executable would run, an optimised program
//! on the oracle.

use super::build::Built;
use super::Tools;
use crate::harness::stages::Stage;
use spec::Outcome;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::Duration;
use toolchain::process::{self, Ended};
use toolchain::Limits;

impl Tools {
    /// Runs what was built with `args` as `argv[1..]` and `argv[0]` the oracle's
    /// program name: the outcome to compare with the oracle's.
    pub fn run(&self, built: &Built, args: &[String]) -> Outcome {
        self.run_with_steps(built, args).0
    }

    /// [`Tools::run`], with the oracle's step count (`oracle::Stats`) when
    /// what was built is an optimised program run on the oracle.
    pub fn run_with_steps(&self, built: &Built, args: &[String]) -> (Outcome, Option<u64>) {
        self.stages
            .time(Stage::Run, || self.run_timed(built, args, self.timeout))
    }

    /// [`Tools::run`] with another wall-clock limit than the session's
    /// (a reduction's candidates of a run past the timeout: see
    /// `reduce::CANDIDATE_TIMEOUT`).
    pub fn run_within(&self, built: &Built, args: &[String], timeout: Duration) -> Outcome {
        self.stages
            .time(Stage::Run, || self.run_timed(built, args, timeout))
            .0
    }

    fn run_timed(
        &self,
        built: &Built,
        args: &[String],
        timeout: Duration,
    ) -> (Outcome, Option<u64>) {
        let limits = Limits {
            timeout,
            ..self.limits(Some(1 << 30))
        };
        let o = match built {
            Built::Module(m) => {
                let opts = codegen::NativeOptions {
                    program_name: self.oracle.program_name.clone(),
                    timeout,
                    ..codegen::NativeOptions::default()
                };
                m.run(args, &opts).unwrap_or_else(|e| Outcome::Crashed {
                    signal: 0,
                    syscall: None,
                    stdout: format!("native run failed: {e}").into_bytes(),
                })
            }
            Built::Exe(p) => {
                let mut cmd = Command::new(&p.0);
                cmd.arg0(&self.oracle.program_name).args(args);
                let sandbox = self.program_sandbox.as_ref();
                match process::run_confined(cmd, &[], &limits, sandbox) {
                    Ok(f) => match f.ended {
                        Ended::Exited(c) => Outcome::Exited {
                            code: c as u8,
                            stdout: f.stdout,
                        },
                        Ended::Signaled(s) => Outcome::Crashed {
                            signal: s,
                            syscall: toolchain::confine::refused_call(s, &f.stderr),
                            stdout: f.stdout,
                        },
                        Ended::OverCap => Outcome::Crashed {
                            signal: libc::SIGXFSZ,
                            syscall: None,
                            stdout: f.stdout,
                        },
                        Ended::TimedOut => Outcome::Timeout { stdout: f.stdout },
                    },
                    Err(e) => Outcome::Crashed {
                        signal: 0,
                        syscall: None,
                        stdout: e.into_bytes(),
                    },
                }
            }
            Built::InProcess(p) => self.run_in_process(p, args, &limits),
            Built::Prog { prog: p, .. } => {
                let (o, s) = oracle::run_with_stats(p, None, args, &self.oracle);
                return (o, Some(s.executed));
            }
        };
        (o, None)
    }

    /// Runs an assembled program as its executable would run under
    /// `limits` ([`Tools::limits`], the timeout perhaps another): the same
    /// timeout, output cap, address space and
    /// stack ([`spec::limits::NATIVE_STACK_BYTES`]); main's result is the
    /// exit status, its low 8 bits (docs/running-student-code.md,
    /// "Linking", for what can still differ).
    fn run_in_process(
        &self,
        p: &codegen::att::Program,
        args: &[String],
        limits: &Limits,
    ) -> Outcome {
        let opts = codegen::NativeOptions {
            program_name: self.oracle.program_name.clone(),
            timeout: limits.timeout,
            max_stdout: limits.max_stdout,
            max_memory: limits.max_memory.unwrap_or(1 << 30),
            stack_size: spec::limits::NATIVE_STACK_BYTES as usize,
            ..codegen::NativeOptions::default()
        };
        match codegen::runner::run_program(p, args, &opts) {
            Ok(Outcome::Returned { value, stdout }) => Outcome::Exited {
                code: value as u8,
                stdout,
            },
            Ok(o) => o,
            Err(e) => Outcome::Crashed {
                signal: 0,
                syscall: None,
                stdout: format!("native run failed: {e}").into_bytes(),
            },
        }
    }
}

//! How a run ends: the one `Outcome` type that the oracle, the native runner
//! and a student's binary all produce, so that comparing them is one function
//! (see docs/semantics.md, "Outcomes").

use crate::diag::LocatedDiagnostic;
use serde_json::{json, Value};
use std::fmt;

/// The ways the abstract machine "crashes" (the spec's wording). The names
/// are the stable kebab-case strings of `CHECK-UNDEFINED` lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UndefinedKind {
    /// Load or store through a pointer into the null block.
    NullDeref,
    /// Load or store through `undef` (e.g. the result of an invalid GEP).
    UndefPtrDeref,
    /// The path of a pointer does not reach a word of its block.
    OutOfBounds,
    /// The effective tag at the target is not the type loaded or stored.
    IncompatibleTag,
    /// Access through a pointer into a frame that `ret` has freed.
    UseAfterReturn,
    /// `undef` (or a value of the wrong kind) used as an operand.
    UndefOperand,
    /// `main` returned `undef`.
    UndefResult,
    /// The callee is not a function of the call's annotated type.
    BadCall,
    /// A shift amount outside 0..=63.
    ShiftOutOfRange,
    /// `slt`/`sle`/`sgt`/`sge` on two pointers.
    PointerOrderCompare,
    /// A signed order on `i1`, where the spec and course back ends disagree.
    AmbiguousI1Order,
    /// `eq`/`ne` on pointers into different blocks where one is at the end
    /// of its block or a block has size 0 (in either layout): natively the
    /// two may share an address, so the answer is the compiler's choice.
    AmbiguousPointerEq,
    /// A runtime function called with arguments that are not valid strings.
    BadRuntimeCall,
    /// A load, store, GEP or comparison through a pointer into the block an
    /// `alloca` made before it ran again in the same frame: LLVM gives each
    /// run new stack, course back ends one fixed slot per instruction.
    AllocaSuperseded,
    /// A load, store, GEP, comparison or runtime call through a pointer
    /// into a heap block that `free` released, or a second `free` of it.
    UseAfterFree,
}

impl UndefinedKind {
    /// Every kind, in docs/semantics.md's order.
    pub const ALL: [UndefinedKind; 15] = [
        UndefinedKind::NullDeref,
        UndefinedKind::UndefPtrDeref,
        UndefinedKind::OutOfBounds,
        UndefinedKind::IncompatibleTag,
        UndefinedKind::UseAfterReturn,
        UndefinedKind::UndefOperand,
        UndefinedKind::UndefResult,
        UndefinedKind::BadCall,
        UndefinedKind::ShiftOutOfRange,
        UndefinedKind::PointerOrderCompare,
        UndefinedKind::AmbiguousI1Order,
        UndefinedKind::AmbiguousPointerEq,
        UndefinedKind::BadRuntimeCall,
        UndefinedKind::AllocaSuperseded,
        UndefinedKind::UseAfterFree,
    ];

    /// The stable kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            UndefinedKind::NullDeref => "null-deref",
            UndefinedKind::UndefPtrDeref => "undef-ptr-deref",
            UndefinedKind::OutOfBounds => "out-of-bounds",
            UndefinedKind::IncompatibleTag => "incompatible-tag",
            UndefinedKind::UseAfterReturn => "use-after-return",
            UndefinedKind::UndefOperand => "undef-operand",
            UndefinedKind::UndefResult => "undef-result",
            UndefinedKind::BadCall => "bad-call",
            UndefinedKind::ShiftOutOfRange => "shift-out-of-range",
            UndefinedKind::PointerOrderCompare => "pointer-order-compare",
            UndefinedKind::AmbiguousI1Order => "ambiguous-i1-order",
            UndefinedKind::AmbiguousPointerEq => "ambiguous-pointer-eq",
            UndefinedKind::BadRuntimeCall => "bad-runtime-call",
            UndefinedKind::AllocaSuperseded => "alloca-superseded",
            UndefinedKind::UseAfterFree => "use-after-free",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<UndefinedKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The resource limits that end a run without saying anything about the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LimitKind {
    /// More instructions executed than the fuel allows.
    FuelExhausted,
    /// More nested calls than the depth limit allows.
    CallDepthExceeded,
    /// The active calls need more stack bytes than the budget
    /// (`limits::STACK_BUDGET_BYTES`, counted by `limits::frame_bytes`).
    StackExhausted,
    /// More memory cells allocated than the memory budget allows.
    MemoryExhausted,
}

impl LimitKind {
    /// Every kind.
    pub const ALL: [LimitKind; 4] = [
        LimitKind::FuelExhausted,
        LimitKind::CallDepthExceeded,
        LimitKind::StackExhausted,
        LimitKind::MemoryExhausted,
    ];

    /// The stable kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::FuelExhausted => "fuel-exhausted",
            LimitKind::CallDepthExceeded => "call-depth-exceeded",
            LimitKind::StackExhausted => "stack-exhausted",
            LimitKind::MemoryExhausted => "memory-exhausted",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<LimitKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A place in a program: function, block label, instruction index in the
/// block (the terminator's index is the number of instructions), and the
/// source line when the program was parsed from text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The function's name (without `@`).
    pub function: String,
    /// The block's label; the entry block's is its written label or `entry`.
    pub block: String,
    /// The instruction's index in its block.
    pub index: usize,
    /// 1-based source line, if known.
    pub line: Option<u32>,
}

impl Location {
    fn to_json(&self) -> Value {
        json!({"function": self.function, "block": self.block, "index": self.index, "line": self.line})
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "@{} in block {}, instruction {}",
            self.function, self.block, self.index
        )?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `main` returned `value` after printing `stdout`.
    Returned {
        /// The full 64-bit result.
        value: i64,
        /// Everything printed.
        stdout: Vec<u8>,
    },
    /// A native program exited with `code` (only the low 8 bits of main's
    /// result survive a process exit).
    Exited {
        /// The exit status.
        code: u8,
        /// Everything printed.
        stdout: Vec<u8>,
    },
    /// The abstract machine crashed.
    Undefined {
        /// Which rule was broken.
        kind: UndefinedKind,
        /// What happened, in words (e.g. where an undef came from).
        message: String,
        /// Where.
        location: Location,
        /// The active calls, innermost caller first (call sites).
        backtrace: Vec<Location>,
        /// What was printed before.
        stdout: Vec<u8>,
    },
    /// A resource limit ended the run.
    Limit {
        /// Which limit.
        kind: LimitKind,
        /// What was printed before.
        stdout: Vec<u8>,
    },
    /// The checker rejected the program; it never ran.
    IllTyped {
        /// What the checker found.
        diagnostics: Vec<LocatedDiagnostic>,
    },
    /// The program does not parse.
    Malformed {
        /// What the parser found.
        diagnostic: LocatedDiagnostic,
    },
    /// A native program was killed by a signal.
    Crashed {
        /// The signal number.
        signal: i32,
        /// For `SIGSYS`, the x86-64 number of the system call the
        /// confinement refused, when the program's end reported it
        /// (docs/grading.md, "What a submission can and cannot do").
        syscall: Option<i64>,
        /// What was printed before.
        stdout: Vec<u8>,
    },
    /// A native program ran past its time limit and was killed.
    Timeout {
        /// What was printed before.
        stdout: Vec<u8>,
    },
    /// The program ended inside a course runtime function that calls C's
    /// `exit` (an `oat_assert_*` check failing: a message on stderr and
    /// status 1) or `abort` (a failed C `assert`: status 134, and the
    /// buffered stdout is lost); docs/semantics.md, "Oat programs and course
    /// runtimes".
    Halted {
        /// The exit status the course harness sees (1, or 134 for `abort`).
        status: u8,
        /// True for `abort` (JSON outcome `aborted`), false for `exit`
        /// (`exited`).
        aborted: bool,
        /// The bytes of stdout that reach the output (after `abort`, only
        /// those the C library had written out of its buffer).
        stdout: Vec<u8>,
        /// What the runtime wrote on stderr.
        stderr: Vec<u8>,
        /// How many bytes of `stdout` the C library had written out before
        /// the stderr text (the rest was still in its buffer): where the
        /// stderr text lands in `> file 2>&1`.
        stdout_before_stderr: usize,
    },
}

impl Outcome {
    /// The process exit code of the README's exit-code contract: the result mod 256 for
    /// a returned run, 3 undefined, 4 limit, 2 ill-typed or malformed; for a
    /// native crash or timeout, 5.
    pub fn exit_code(&self) -> i32 {
        match self {
            Outcome::Returned { value, .. } => (*value as u64 & 0xff) as i32,
            Outcome::Exited { code, .. } => *code as i32,
            Outcome::Undefined { .. } => 3,
            Outcome::Limit { .. } => 4,
            Outcome::IllTyped { .. } | Outcome::Malformed { .. } => 2,
            Outcome::Crashed { .. } | Outcome::Timeout { .. } => 5,
            Outcome::Halted { status, .. } => i32::from(*status),
        }
    }

    /// What the run wrote on stderr (only a course runtime's exit writes
    /// there).
    pub fn stderr(&self) -> &[u8] {
        match self {
            Outcome::Halted { stderr, .. } => stderr,
            _ => &[],
        }
    }

    /// What a course harness compares (`./exec args > tmp 2>&1`, then the
    /// file's text followed by the decimal exit status): stdout and stderr
    /// interleaved as the C library wrote them, then the status. `None`
    /// for outcomes without a defined output (undefined behaviour, limits,
    /// rejected programs, native crashes).
    pub fn course_output(&self) -> Option<Vec<u8>> {
        let (mut out, status) = match self {
            Outcome::Returned { value, stdout } => (stdout.clone(), *value as u64 & 0xff),
            Outcome::Exited { code, stdout } => (stdout.clone(), u64::from(*code)),
            Outcome::Halted {
                status,
                stdout,
                stderr,
                stdout_before_stderr,
                ..
            } => {
                let k = (*stdout_before_stderr).min(stdout.len());
                let mut out = stdout[..k].to_vec();
                out.extend_from_slice(stderr);
                out.extend_from_slice(&stdout[k..]);
                (out, u64::from(*status))
            }
            _ => return None,
        };
        out.extend_from_slice(status.to_string().as_bytes());
        Some(out)
    }

    /// What the run printed.
    pub fn stdout(&self) -> &[u8] {
        match self {
            Outcome::Returned { stdout, .. }
            | Outcome::Exited { stdout, .. }
            | Outcome::Undefined { stdout, .. }
            | Outcome::Limit { stdout, .. }
            | Outcome::Crashed { stdout, .. }
            | Outcome::Halted { stdout, .. }
            | Outcome::Timeout { stdout } => stdout,
            Outcome::IllTyped { .. } | Outcome::Malformed { .. } => &[],
        }
    }

    /// The one-word name of the outcome (`returned`, `undefined`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Returned { .. } => "returned",
            Outcome::Exited { .. } => "exited",
            Outcome::Undefined { .. } => "undefined",
            Outcome::Limit { .. } => "limit",
            Outcome::IllTyped { .. } => "ill-typed",
            Outcome::Malformed { .. } => "malformed",
            Outcome::Crashed { .. } => "crashed",
            Outcome::Timeout { .. } => "timeout",
            Outcome::Halted { aborted: true, .. } => "aborted",
            Outcome::Halted { aborted: false, .. } => "exited",
        }
    }

    /// True when `actual` (from a native run) shows the behaviour the
    /// oracle's `self` promises: the same stdout and, for a returned run, the
    /// same value (the full value where `actual` has it, else mod 256).
    /// Only `Returned` expectations can be agreed with.
    pub fn agrees_with(&self, actual: &Outcome) -> bool {
        if let Outcome::Halted { .. } = self {
            return self.halt_agrees_with(actual);
        }
        let Outcome::Returned { value, stdout } = self else {
            return false;
        };
        match actual {
            Outcome::Returned {
                value: v,
                stdout: s,
            } => v == value && s == stdout,
            Outcome::Exited { code, stdout: s } => {
                *code as u64 == (*value as u64 & 0xff) && s == stdout
            }
            _ => false,
        }
    }

    /// [`Outcome::agrees_with`] for a [`Outcome::Halted`] expectation: a
    /// native run of the same program exits with the same status (an
    /// `abort` is signal 6) after printing the same stdout.
    fn halt_agrees_with(&self, actual: &Outcome) -> bool {
        let Outcome::Halted {
            status,
            aborted,
            stdout,
            ..
        } = self
        else {
            return false;
        };
        match actual {
            Outcome::Exited { code, stdout: s } => !aborted && code == status && s == stdout,
            Outcome::Crashed {
                signal: 6,
                stdout: s,
                ..
            } => *aborted && s == stdout,
            Outcome::Halted { .. } => self == actual,
            _ => false,
        }
    }

    /// True when two outcomes mean the same behaviour: the same kind and
    /// stdout, the same value for a returned run, the same kind of
    /// undefined behaviour or limit (locations and messages may differ, as
    /// between a program and its transformation).
    pub fn same_behaviour(&self, other: &Outcome) -> bool {
        self.name() == other.name()
            && self.stdout() == other.stdout()
            && match (self, other) {
                (Outcome::Returned { value: x, .. }, Outcome::Returned { value: y, .. }) => x == y,
                (Outcome::Undefined { kind: x, .. }, Outcome::Undefined { kind: y, .. }) => x == y,
                (Outcome::Limit { kind: x, .. }, Outcome::Limit { kind: y, .. }) => x == y,
                (Outcome::Halted { .. }, Outcome::Halted { .. }) => {
                    self.course_output() == other.course_output()
                }
                _ => true,
            }
    }

    /// The JSON object of docs/semantics.md (`{"outcome":"returned","value":42,...}`).
    pub fn to_json(&self) -> Value {
        let out = |s: &[u8]| String::from_utf8_lossy(s).into_owned();
        match self {
            Outcome::Returned { value, stdout } => {
                json!({"outcome": "returned", "value": value, "stdout": out(stdout)})
            }
            Outcome::Exited { code, stdout } => {
                json!({"outcome": "exited", "code": code, "stdout": out(stdout)})
            }
            Outcome::Undefined {
                kind,
                message,
                location,
                backtrace,
                stdout,
            } => json!({
                "outcome": "undefined",
                "kind": kind.name(),
                "message": message,
                "function": location.function,
                "block": location.block,
                "index": location.index,
                "line": location.line,
                "backtrace": backtrace.iter().map(Location::to_json).collect::<Vec<_>>(),
                "stdout": out(stdout),
            }),
            Outcome::Limit { kind, stdout } => {
                json!({"outcome": "limit", "kind": kind.name(), "stdout": out(stdout)})
            }
            Outcome::IllTyped { diagnostics } => {
                json!({"outcome": "ill-typed", "diagnostics": diagnostics})
            }
            Outcome::Malformed { diagnostic } => json!({
                "outcome": "malformed",
                "message": diagnostic.message,
                "file": diagnostic.file,
                "line": diagnostic.line,
                "col": diagnostic.col,
            }),
            Outcome::Crashed {
                signal,
                syscall: None,
                stdout,
            } => json!({"outcome": "crashed", "signal": signal, "stdout": out(stdout)}),
            Outcome::Crashed {
                signal,
                syscall: Some(n),
                stdout,
            } => json!({
                "outcome": "crashed",
                "signal": signal,
                "syscall": n,
                "syscall_name": crate::syscall::name(*n),
                "stdout": out(stdout),
            }),
            Outcome::Timeout { stdout } => json!({"outcome": "timeout", "stdout": out(stdout)}),
            Outcome::Halted {
                status,
                stdout,
                stderr,
                ..
            } => json!({
                "outcome": self.name(),
                "status": status,
                "stdout": out(stdout),
                "stderr": out(stderr),
                "course_output": self.course_output().map(|c| out(&c)),
            }),
        }
    }
}

impl fmt::Display for Outcome {
    /// A one-paragraph summary; the oracle renders `Undefined` with source
    /// context itself, where it has the source.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Returned { value, .. } => write!(f, "returned {value}"),
            Outcome::Exited { code, .. } => write!(f, "exited with status {code}"),
            Outcome::Undefined {
                kind,
                message,
                location,
                backtrace,
                ..
            } => {
                write!(
                    f,
                    "undefined behaviour [{}]: {message}\n  at {location}",
                    kind.name()
                )?;
                for caller in backtrace {
                    write!(f, "\n  called from {caller}")?;
                }
                Ok(())
            }
            Outcome::Limit { kind, .. } => write!(f, "stopped by a limit [{}]", kind.name()),
            Outcome::IllTyped { diagnostics } => {
                write!(f, "ill-typed")?;
                for d in diagnostics {
                    write!(
                        f,
                        "\n  {}:{}:{}: [{}] {}",
                        d.file, d.line, d.col, d.rule, d.message
                    )?;
                }
                Ok(())
            }
            Outcome::Malformed { diagnostic: d } => {
                write!(
                    f,
                    "malformed: {}:{}:{}: {}",
                    d.file, d.line, d.col, d.message
                )
            }
            Outcome::Crashed {
                signal,
                syscall: None,
                ..
            } => write!(f, "killed by signal {signal}"),
            Outcome::Crashed {
                signal,
                syscall: Some(n),
                ..
            } => write!(
                f,
                "killed by signal {signal}: {}",
                crate::syscall::describe(*n)
            ),
            Outcome::Timeout { .. } => write!(f, "timed out"),
            Outcome::Halted {
                status,
                aborted: true,
                ..
            } => write!(f, "aborted (a C assert failed), status {status}"),
            Outcome::Halted { status, stderr, .. } => write!(
                f,
                "exited with status {status}: {}",
                String::from_utf8_lossy(stderr)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_code_is_result_mod_256() {
        let r = Outcome::Returned {
            value: 720,
            stdout: vec![],
        };
        assert_eq!(r.exit_code(), 208);
        let r = Outcome::Returned {
            value: -1,
            stdout: vec![],
        };
        assert_eq!(r.exit_code(), 255);
    }

    #[test]
    fn native_exit_agrees_mod_256_only() {
        let r = Outcome::Returned {
            value: 720,
            stdout: b"x\n".to_vec(),
        };
        assert!(r.agrees_with(&Outcome::Exited {
            code: 208,
            stdout: b"x\n".to_vec()
        }));
        assert!(!r.agrees_with(&Outcome::Exited {
            code: 208,
            stdout: b"y\n".to_vec()
        }));
        assert!(!r.agrees_with(&Outcome::Returned {
            value: 208,
            stdout: b"x\n".to_vec()
        }));
    }

    /// `> file 2>&1`: the stderr text lands after the stdout bytes already
    /// written out, before the ones still buffered; the status follows.
    #[test]
    fn course_output_interleaves_at_the_flush_point() {
        let h = Outcome::Halted {
            status: 1,
            aborted: false,
            stdout: b"abcd".to_vec(),
            stderr: b"E".to_vec(),
            stdout_before_stderr: 1,
        };
        assert_eq!(h.course_output().as_deref(), Some(&b"aEbcd1"[..]));
        assert_eq!(h.name(), "exited");
        assert_eq!(h.exit_code(), 1);
        let r = Outcome::Returned {
            value: 258,
            stdout: b"x".to_vec(),
        };
        assert_eq!(r.course_output().as_deref(), Some(&b"x2"[..]));
        assert!(h.agrees_with(&Outcome::Exited {
            code: 1,
            stdout: b"abcd".to_vec()
        }));
        assert!(!h.agrees_with(&Outcome::Exited {
            code: 0,
            stdout: b"abcd".to_vec()
        }));
    }

    #[test]
    fn kind_names_round_trip() {
        for k in UndefinedKind::ALL {
            assert_eq!(UndefinedKind::from_name(k.name()), Some(k));
        }
        for k in LimitKind::ALL {
            assert_eq!(LimitKind::from_name(k.name()), Some(k));
        }
    }
}

//! A run's [`Category`]: how one run of the compiled program compares
//! with the oracle, and its name in reports.

use std::fmt;

/// How one run of the compiled program compares with the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Same result (mod 256 for an exit status) and the same stdout.
    Pass,
    /// The compiler failed (non-zero exit, a signal, no output; for an
    /// optimiser also output that does not parse or check).
    CompileError,
    /// The compiler ran past the timeout.
    CompileTimeout,
    /// The assembly the compiler wrote does not assemble (`cc -c` fails
    /// on it): reported as `assembler error`.
    AssembleError,
    /// The assembly assembles but `cc` could not link it with the runtime
    /// (an undefined or duplicate symbol, a wrong entry point).
    LinkError,
    /// The program was killed by a signal (or printed past the cap).
    Crash,
    /// The program ran past the timeout (for an optimiser: the optimised
    /// program hit an oracle limit).
    RunTimeout,
    /// A different result (for an optimiser: also undefined behaviour).
    WrongResult,
    /// The same result but different stdout.
    WrongOutput,
    /// A front end's output prints what the test expects but ends with
    /// another exit status (or `program` returns another value).
    WrongStatus,
    /// A front end's output is undefined on the oracle (a failure: in a
    /// front end the output is the thing under test): the undefined
    /// behaviour's kind and the `.ll` line are in the detail.
    UndefinedInOutput,
    /// A front end's output prints or returns something that depends on
    /// where its allocations lie (a printed pointer, a seed taken from an
    /// address): it behaves otherwise at a second address layout in LLVM's
    /// memory (docs/semantics.md, "Outputs that depend on addresses").
    /// A failure: no Oat program can observe an address, so the
    /// dependence is the front end's.
    DependsOnAddresses,
    /// A front end's output does not parse or is ill-typed LLVMlite.
    IllTypedOutput,
    /// A front end's output uses a form outside the course's dialect
    /// (what the course's own back end could not read).
    OutputNotInDialect,
    /// A front end compiled a program its course's type checker rejects
    /// (a `CHECK-ILL-TYPED` test).
    AcceptsIllTyped,
}

impl Category {
    /// Every category, in report order: a back end's, then those only a
    /// front end's run can get.
    pub fn all() -> impl Iterator<Item = Category> {
        Category::BACK_END.into_iter().chain(
            Category::FRONT_END
                .into_iter()
                .filter(|c| !Category::BACK_END.contains(c)),
        )
    }

    /// The categories a back end's (or optimiser's) run can get, in report
    /// order.
    pub const BACK_END: [Category; 9] = [
        Category::Pass,
        Category::CompileError,
        Category::CompileTimeout,
        Category::AssembleError,
        Category::LinkError,
        Category::Crash,
        Category::RunTimeout,
        Category::WrongResult,
        Category::WrongOutput,
    ];

    /// The categories a front end's run can get, in report order.
    pub const FRONT_END: [Category; 11] = [
        Category::Pass,
        Category::CompileError,
        Category::CompileTimeout,
        Category::AcceptsIllTyped,
        Category::IllTypedOutput,
        Category::OutputNotInDialect,
        Category::UndefinedInOutput,
        Category::DependsOnAddresses,
        Category::RunTimeout,
        Category::WrongStatus,
        Category::WrongOutput,
    ];

    /// The report name (`wrong result`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Category::Pass => "pass",
            Category::CompileError => "compile error",
            Category::CompileTimeout => "compile timeout",
            Category::AssembleError => "assembler error",
            Category::LinkError => "link error",
            Category::Crash => "crash",
            Category::RunTimeout => "run timeout",
            Category::WrongResult => "wrong result",
            Category::WrongOutput => "wrong output",
            Category::WrongStatus => "wrong status",
            Category::UndefinedInOutput => "undefined behaviour in output",
            Category::DependsOnAddresses => "depends on addresses",
            Category::IllTypedOutput => "ill-typed output",
            Category::OutputNotInDialect => "output outside the dialect",
            Category::AcceptsIllTyped => "accepts an ill-typed program",
        }
    }

    /// True when the program was never built: the compiler failed or timed
    /// out, or its assembly did not assemble or link.
    pub fn is_build_failure(self) -> bool {
        matches!(
            self,
            Category::CompileError
                | Category::CompileTimeout
                | Category::AssembleError
                | Category::LinkError
        )
    }

    /// True for the timeouts: they count towards giving up on a hanging
    /// compiler, and a compile timeout is not reduced (every candidate
    /// would cost a whole timeout); a run timeout is, its candidates under
    /// `reduce::CANDIDATE_TIMEOUT`.
    pub fn is_timeout(self) -> bool {
        matches!(self, Category::CompileTimeout | Category::RunTimeout)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

//! The [`RunVerdict`] on one run: skipped, not in the dialect, shared
//! with or left out by the reference, or judged into a [`Category`].

use super::category::Category;
use spec::Outcome;

/// The verdict on one run.
// A judged run carries two outcomes and an optimiser's step counts; a
// session holds one verdict per run, so boxing would only add allocations.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum RunVerdict {
    /// The oracle does not return on this run: not judged.
    Skipped {
        /// The oracle's outcome.
        oracle: Outcome,
    },
    /// Not sent: the program has no equivalent in the compiler's dialect
    /// (never a failure; counted on its own).
    NotInDialect {
        /// The feature that excluded it (`string-escapes`).
        feature: String,
        /// Where and what (`global @s: \0A`).
        what: String,
    },
    /// Judged, but it fails the same way under the course's reference
    /// solution (`--reference`): a defect of the shared handout code, not
    /// scored; the student's own verdict is kept as evidence.
    SharedWithReference {
        /// The student's own verdict.
        own: Box<RunVerdict>,
        /// Where the reference fails the same way, in words (the same
        /// program, or another one with the same build error).
        reference: String,
    },
    /// Left out of scoring for everyone: in LLVM's memory (`--memory
    /// llvm`) the oracle's run behaves otherwise at a second address
    /// layout (a printed pointer, a seed taken from an address), so there
    /// is no one output to hold a compiler to (docs/semantics.md, "Outputs
    /// that depend on addresses").
    DependsOnAddresses {
        /// The oracle's outcome at the first address layout.
        oracle: Outcome,
        /// How the two layouts' runs differ and which values came from
        /// addresses (`oracle::AddressDependence`'s words).
        detail: String,
    },
    /// Left out of scoring for everyone: the reference solution cannot
    /// build this program (its compile, assembler or link error).
    ReferenceCannotBuild {
        /// The reference's category and words.
        detail: String,
    },
    /// Judged.
    Judged {
        /// The category.
        category: Category,
        /// The oracle's outcome (always `Returned`).
        expected: Outcome,
        /// What the compiled program did (`None` when it was never built).
        actual: Option<Outcome>,
        /// The compiler's or linker's words for a build failure.
        detail: String,
        /// For an optimiser: the functions whose printed text changed.
        changed: Vec<String>,
        /// For an optimiser whose output ran: the oracle's step counts of
        /// the input and of the output on this run.
        steps: Option<Steps>,
        /// What the reports say beside the verdict without it counting
        /// (an optimiser's output in a form the course's parser could not
        /// read back: `big-literals` at line 12).
        note: Option<String>,
    },
}

/// The oracle's executed-instruction counts (`oracle::Stats::executed`:
/// instructions and terminators) of one run of an optimiser's input and of
/// its output: exact and the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Steps {
    /// Steps of the program as sent to the optimiser.
    pub input: u64,
    /// Steps of the optimiser's output.
    pub output: u64,
}

impl RunVerdict {
    /// The category of a judged run (one that counts for the score).
    pub fn category(&self) -> Option<Category> {
        match self {
            RunVerdict::Judged { category, .. } => Some(*category),
            _ => None,
        }
    }
}

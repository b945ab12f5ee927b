//! Type recovery for opaque-pointer LLVMlite (docs/semantics.md), after DTrans
//! (its type-recovery design for opaque pointers): for every pointer value (locals, parameters,
//! returns, globals, fields of named structs, memory slots) the set of
//! pointee types it is created with or used as, from allocas, globals,
//! loads, stores, GEPs and calls; safety facts per named struct; and a
//! typed program with one type per value and `bitcast`s where a value is
//! used at another type.
//!
//! - [`graph`]: union-find classes of pointer values with contents and subs;
//! - [`analysis`]: constraints and their solution;
//! - [`facts`]: DTrans-style safety facts and the report;
//! - [`retype`]: the typed program;
//! - [`measure`]: soundness against a run's observations, and precision.

#![deny(missing_docs)]

pub mod analysis;
pub mod facts;
pub mod graph;
pub mod measure;
pub mod retype;

pub use analysis::Analysis;
pub use facts::{Report, StructFacts};

use spec::Prog;

/// The recovery of one program: the typed program and the report.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The typed program (one type per value, `bitcast`s inserted).
    pub prog: Prog,
    /// The safety facts per named struct.
    pub report: Report,
}

/// Recovers pointee types of `prog` (opaque, typed or mixed).
pub fn recover(prog: &Prog) -> Recovered {
    let mut a = Analysis::new(prog);
    let report = facts::report(&a);
    let typed = retype::typed_program(&mut a);
    Recovered {
        prog: typed,
        report,
    }
}

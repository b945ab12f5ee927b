//! Oat, the source language of the LLVMlite courses' front-end homeworks
//! (UPenn CIS341 / ETH Compiler Design homework 4: Oat v1, homework 5:
//! Oat v2), as data: its syntax ([`ast`]), a printer whose text the
//! course's own parser reads ([`print`](mod@print)), a parser for the same syntax
//! ([`parse`]), an evaluator that gives a program's expected output and
//! exit status as the language definition and the course runtime say
//! ([`eval`]), a generator of random programs that are well typed, well
//! defined and terminating by construction ([`gen`]), shrinking that keeps
//! them so ([`shrink`]), the breadth histogram ([`features`]) and each
//! course year's Oat ([`dialect`]: what the generator, printer and parser
//! follow).
//!
//! See `docs/oat.md` for what the generator covers and the evaluator's
//! rules where the Oat specification is vague.

#![warn(missing_docs)]

pub mod ast;
pub mod dialect;
pub mod eval;
pub mod features;
pub mod gen;
pub mod order;
pub mod parse;
pub mod print;
pub mod shrink;
pub mod trace;

/// Which Oat a program is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OatVersion {
    /// Oat v1 (homework 4): `int`, `bool`, `string`, arrays, globals,
    /// functions; array indices are not checked.
    V1,
    /// Oat v2 (homework 5): adds structs, nullable references and `if?`,
    /// function values, `length`, `new T[n]{i -> e}`; array indices are
    /// checked (an index out of bounds stops the program).
    #[default]
    V2,
}

impl OatVersion {
    /// The version numbered `n` (1 or 2).
    pub fn from_number(n: u8) -> Option<OatVersion> {
        match n {
            1 => Some(OatVersion::V1),
            2 => Some(OatVersion::V2),
            _ => None,
        }
    }
}

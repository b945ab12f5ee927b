//! Dialects: which parts of LLVMlite's concrete syntax and semantics a
//! family of compilers accepts, as data, and the way to a program in a
//! given dialect.
//!
//! Changes to the API contract (docs/dialects.md), for the harness side:
//! - [`Feature`] has seven features more than the contract's list: five
//!   rules of the course lexers or parsers found in their handout files:
//!   `numbered-labels` (`2:`, lexed as an integer), `underscore-names`
//!   (`%_t`, not read by CIS341 2015), `llvm-name-chars` (`$`, `-`, a
//!   leading `.`), `empty-struct-types` (`{}`), `llvm-extras` (`target`
//!   lines, `inbounds`, `constant`, a call written with its function type,
//!   an entry label other than `entry:`); and two rules of LLVM's parser
//!   that LLVMlite and the course parsers lack: `i64-struct-index` (a
//!   struct field index written `i64`) and `late-type-definitions` (a
//!   named type used unboxed before its definition). `keyword-names` is
//!   about block labels only: the course lexers read `%load` as a name.
//! - [`Dialect::NAMES`] lists the profile names; [`Dialect::is_course`].
//! - [`Use`] and [`NotInDialect`] implement `Display`
//!   (`uses negative-literals (literal -12)`); [`Use::line`] gives the line.
//!
//! A dialect is a [`FeatureSet`] with a name ([`Dialect::by_name`]: `llvm`,
//! `llvm-opaque`, `cis341-2015`, `cis341`, `eth-2019`, `eth`, `lloracle`).
//! [`uses_in_text`] lists every feature a text uses (how it is written:
//! quoted names, load syntax, `-12`, ...); [`uses_in_prog`] those a tree
//! needs however it is printed. [`lower`] rewrites a checked program into
//! an equivalent one inside a dialect (literals materialised by
//! instructions, names renamed, `declare`s added) or says which feature
//! has no equivalent there; [`print_in`] writes a program in the dialect's
//! concrete syntax.

mod features;
mod llvm_rules;
mod lower;
mod names;
mod print;
mod profiles;
mod rename;
mod table;
mod uses;

pub use features::{Feature, FeatureSet};
pub use lower::lower;
pub use print::print_in;
pub use profiles::{Dialect, Entry};
pub use table::table_markdown;
pub use uses::{conforms, uses_in_prog, uses_in_text};

use crate::span::{Source, Span};
use crate::Prog;

/// One use of a feature in a program: which feature, where (the span of
/// the node or token; [`Span::DUMMY`] in generated programs) and what
/// (`literal -12`, `name %"x y"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Use {
    /// The feature used.
    pub feature: Feature,
    /// Where.
    pub span: Span,
    /// What, for messages: the construct that uses it.
    pub what: String,
}

impl Use {
    /// The 1-based line of the use in `src` (0 for a use with no place).
    pub fn line(&self, src: &Source) -> u32 {
        if self.span.is_dummy() {
            0
        } else {
            src.line_col(self.span.lo).0
        }
    }
}

impl std::fmt::Display for Use {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "uses {} ({})", self.feature, self.what)
    }
}

/// Why a program has no equivalent in a dialect: the feature it cannot do
/// without and where (`uses string-escapes (global @s: \0A)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotInDialect {
    /// The feature.
    pub feature: Feature,
    /// Where and what.
    pub what: String,
}

impl std::fmt::Display for NotInDialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "uses {} ({})", self.feature, self.what)
    }
}

impl std::error::Error for NotInDialect {}

/// The text of `prog` in dialect `d`: [`lower`], then [`print_in`].
pub fn to_dialect(prog: &Prog, d: &Dialect) -> Result<String, NotInDialect> {
    Ok(print_in(&lower(prog, d)?, d))
}

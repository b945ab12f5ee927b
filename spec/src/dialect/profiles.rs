//! The named profiles: which features each family of compilers accepts.
//!
//! Each course row is read off that course year's handout lexer and parser
//! (`lllexer.mll`, `llparser.mly`; every student of a year shares them) and
//! the measurements of eleven course back ends (CIS341 2015-2019, ETH
//! Compiler Design 2019-2025). Public copies read:
//! - CIS341 2015: `sw9/LLVMlite-to-x86lite-compiler`, `lllexer.mll` and
//!   `llparser.mly`: identifiers `[A-Za-z0-9][A-Za-z0-9_.]*` (a leading
//!   `.` after `%`/`@` is dropped), integers `[0-9]+` through
//!   `int_of_string` (no minus sign, below 2^62), keywords (`x`, `entry`,
//!   `label`, every instruction name) win over labels of the same text,
//!   digits-only labels lex as integers, `declare` up to the end of the
//!   line is a comment, only `load T* OP` and `getelementptr T* OP, ...`,
//!   no `bitcast` initializer, no `true`/`false`, no `{}` or `T ()` types
//!   (`ty_list` has at least one element), strings `c"...\00"` whose other
//!   backslashes are kept as they are, an entry block labelled `entry:` or
//!   not at all; GEP indices `i32 OP` or `i64 OP` alike
//!   (`i_operand_list`) and type, global and function definitions in any
//!   order (`decls_rev`), as in every later handout parser.
//! - ETH Compiler Design (2020-2025 handout, same lexer as CIS341 2017+):
//!   `dogefromage/compiler-design-4`, `ll/lllexer.mll`: identifiers
//!   `[A-Za-z0-9_][A-Za-z0-9_.]*` (digits may carry a `-`), integers
//!   `-?[0-9]+`, the same keywords and string rule; its parser (a public
//!   copy found by content, `llparser.mly` with `edecls` and
//!   `GBitcast`): only `load T, T* OP` and `getelementptr T, T* OP, ...`,
//!   `declare`, `bitcast` initializers.
//!
//! CIS341 2017-2019 and ETH 2019 share that lexer and parser without the
//! `bitcast` initializer (the measured table: their compilers reject it).

use super::features::{Feature, FeatureSet};

/// The entry convention of a course driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// The program's `@main` is the C `main` (it may take `i64, i8**`).
    Main,
    /// The runtime's C `main` calls the program's `@program(i64, i8**)`.
    Program,
}

/// A named profile: the features a family of compilers accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// The profile's name (`cis341-2015`).
    pub name: String,
    /// The features it accepts.
    pub features: FeatureSet,
    /// One line: whose compilers these are.
    pub about: &'static str,
}

/// What every course handout parser accepts (CIS341 2017-2019, ETH 2019).
fn course_common() -> FeatureSet {
    [
        Feature::TypedLoadGep,
        Feature::NegativeLiterals,
        Feature::NumberedNames,
        Feature::UnderscoreNames,
        Feature::UndeclaredRuntimeCalls,
        Feature::I64StructIndex,
        Feature::LateTypeDefinitions,
    ]
    .into_iter()
    .collect()
}

/// What LLVM 14's `llc` accepts with typed pointers.
fn llvm() -> FeatureSet {
    FeatureSet::all()
        .without(Feature::SpecLoadGep)
        .without(Feature::NumberedNames)
        .without(Feature::NumberedLabels)
        .without(Feature::UndeclaredRuntimeCalls)
        .without(Feature::OpaquePointers)
        .without(Feature::I64StructIndex)
        .without(Feature::LateTypeDefinitions)
}

impl Dialect {
    /// The names of the profiles, in table order.
    pub const NAMES: [&'static str; 7] = [
        "llvm",
        "llvm-opaque",
        "cis341-2015",
        "cis341",
        "eth-2019",
        "eth",
        "lloracle",
    ];

    /// The profile called `name` (one of [`Dialect::NAMES`]).
    pub fn by_name(name: &str) -> Option<Dialect> {
        let (features, about) = match name {
            "llvm" => (
                llvm(),
                "LLVM 14 `llc` (typed pointers, every runtime function declared)",
            ),
            "llvm-opaque" => (
                llvm().with(Feature::OpaquePointers),
                "LLVM with opaque pointers (`llc -opaque-pointers`, LLVM 15+)",
            ),
            "cis341-2015" => (
                [
                    Feature::SpecLoadGep,
                    Feature::NumberedNames,
                    Feature::UndeclaredRuntimeCalls,
                    Feature::I64StructIndex,
                    Feature::LateTypeDefinitions,
                ]
                .into_iter()
                .collect(),
                "UPenn CIS341 2015 handout parser (spec load/gep syntax, no negative literals)",
            ),
            "cis341" => (course_common(), "UPenn CIS341 2017-2019 handout parser"),
            "eth-2019" => (course_common(), "ETH Compiler Design 2019 handout parser"),
            "eth" => (
                course_common().with(Feature::GlobalBitcastInit),
                "ETH Compiler Design 2020-2025 handout parser (bitcast initializers)",
            ),
            "lloracle" => (FeatureSet::all(), "everything the oracle accepts"),
            _ => return None,
        };
        Some(Dialect {
            name: name.to_string(),
            features,
            about,
        })
    }

    /// Every profile, in table order.
    pub fn profiles() -> Vec<Dialect> {
        Dialect::NAMES
            .iter()
            .filter_map(|n| Dialect::by_name(n))
            .collect()
    }

    /// True when the dialect has feature `f`.
    pub fn has(&self, f: Feature) -> bool {
        self.features.has(f)
    }

    /// True for the course dialects: a course's handout parser and back end
    /// (no quoted names; names written plain as the course lexers read them).
    pub fn is_course(&self) -> bool {
        !self.has(Feature::QuotedNames)
    }

    /// The runtime a compiler reading this dialect is tested with unless
    /// `--runtime` says otherwise: `ll`, the spec's own, for every profile
    /// today (they are back-end profiles; a front end's output is tested
    /// with an Oat runtime named by `--runtime`).
    pub fn default_runtime(&self) -> crate::RuntimeName {
        crate::RuntimeName::Ll
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_gives_its_profile() {
        for n in Dialect::NAMES {
            assert_eq!(Dialect::by_name(n).map(|d| d.name), Some(n.to_string()));
        }
        assert_eq!(Dialect::profiles().len(), Dialect::NAMES.len());
        assert!(Dialect::by_name("gcc").is_none());
    }

    #[test]
    fn rows_of_the_measured_table() {
        let d = |n| Dialect::by_name(n).unwrap();
        assert!(!d("cis341-2015").has(Feature::NegativeLiterals));
        assert!(!d("cis341-2015").has(Feature::TypedLoadGep));
        assert!(d("cis341").has(Feature::NegativeLiterals));
        assert!(!d("eth-2019").has(Feature::GlobalBitcastInit));
        assert!(d("eth").has(Feature::GlobalBitcastInit));
        assert!(!d("llvm").has(Feature::UndeclaredRuntimeCalls));
        assert!(!d("llvm").has(Feature::OpaquePointers));
        assert!(d("llvm-opaque").has(Feature::OpaquePointers));
        for n in ["cis341-2015", "cis341", "eth-2019", "eth"] {
            assert!(d(n).is_course());
            for f in [
                Feature::BigLiterals,
                Feature::QuotedNames,
                Feature::EmptyParamFunTypes,
                Feature::StringEscapes,
                Feature::AggregateAlloca,
                Feature::StringInAggregate,
                Feature::TrueFalseLiterals,
            ] {
                assert!(!d(n).has(f), "{n} has {f}");
            }
        }
        assert_eq!(d("lloracle").features, FeatureSet::all());
    }
}

//! The features a dialect may have: one line of concrete syntax or one
//! point of semantics on which LLVM 14 and the course parsers and back ends
//! disagree, and the bit set [`FeatureSet`] of them.

/// One feature of the language a compiler may or may not accept (syntax)
/// or implement the same way as the oracle (semantics). Each has a stable
/// kebab-case name ([`Feature::name`]) used on the command line, in reports
/// and in `docs/dialects.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// `typed-load-gep`: LLVM 3.7+'s `load T, T* %p` and
    /// `getelementptr T, T* %p, ...`.
    TypedLoadGep,
    /// `spec-load-gep`: the spec's `load T* %p` and `getelementptr T* %p, ...`.
    SpecLoadGep,
    /// `negative-literals`: an integer literal written with a minus sign
    /// (`-12`), in an instruction or an initializer.
    NegativeLiterals,
    /// `big-literals`: an integer literal of magnitude at least 2^62 (OCaml's
    /// 63-bit `int_of_string` rejects it).
    BigLiterals,
    /// `quoted-names`: a name written in quotes (`%"1"`, `@"x y"`, `"l":`).
    QuotedNames,
    /// `keyword-names`: a block label that is a keyword of the course lexers
    /// (`store:`, `x:`) or starts with `declare`.
    KeywordNames,
    /// `numbered-names`: a name that starts with a digit written unquoted
    /// (`%1`, `@2x`); LLVM reads `%1` only when unnamed values are numbered
    /// in sequence.
    NumberedNames,
    /// `numbered-labels`: a block label made of digits only written unquoted
    /// (`2:`); the course lexers read it as an integer.
    NumberedLabels,
    /// `underscore-names`: a name that starts with `_` (`%_t1`).
    UnderscoreNames,
    /// `llvm-name-chars`: a name with `$` or `-`, or starting with `.`,
    /// written unquoted (LLVM reads it; the course lexers do not).
    LlvmNameChars,
    /// `empty-param-fun-types`: a function type with no parameters written
    /// as a type (`i64 ()*`); `define i64 @f()` itself is not one.
    EmptyParamFunTypes,
    /// `empty-struct-types`: the empty struct type `{}`.
    EmptyStructTypes,
    /// `string-escapes`: a string constant other than printable text ending
    /// in one `\00` (`\0A`, `\22`, a `\` or no final `\00`).
    StringEscapes,
    /// `global-bitcast-init`: `bitcast (T1* @g to T2*)` in a global initializer.
    GlobalBitcastInit,
    /// `undeclared-runtime-calls`: using `ll_puts` / `ll_strcat` / `ll_ltoa`
    /// with no `declare`.
    UndeclaredRuntimeCalls,
    /// `opaque-pointers`: LLVM 15's `ptr`.
    OpaquePointers,
    /// `true-false-literals`: `true` / `false` as `i1` literals.
    TrueFalseLiterals,
    /// `llvm-extras`: LLVM syntax the course parsers lack: `target` and
    /// `source_filename` lines, `inbounds`, `constant` globals, a call
    /// written with its function type, an entry block label other than
    /// `entry:`.
    LlvmExtras,
    /// `i64-struct-index`: a GEP index that selects a struct field written
    /// `i64` (`i64 1`); LLVM reads only `i32` there.
    I64StructIndex,
    /// `late-type-definitions`: a named type used unboxed (not behind a
    /// pointer) by a global, declare or function written before its
    /// `%T = type` definition, directly or through the types it contains;
    /// LLVM needs the type sized, so defined, at that use.
    LateTypeDefinitions,
    /// `aggregate-alloca`: `alloca` of a struct or array type (semantics:
    /// many course back ends give every `alloca` one 8-byte slot).
    AggregateAlloca,
    /// `string-in-aggregate`: `[N x i8]` inside a struct or array type
    /// (semantics: `i8` has size 0 in the course back ends).
    StringInAggregate,
    /// `undominated-uses`: a use of a local in a block no path from the
    /// entry reaches, not defined earlier in that block (the checker
    /// allows it; the course analyses assume definitions dominate uses,
    /// and a liveness-based dead-code elimination deletes its definition).
    UndominatedUses,
}

impl Feature {
    /// Every feature, in table order.
    pub const ALL: [Feature; 23] = [
        Feature::TypedLoadGep,
        Feature::SpecLoadGep,
        Feature::NegativeLiterals,
        Feature::BigLiterals,
        Feature::QuotedNames,
        Feature::KeywordNames,
        Feature::NumberedNames,
        Feature::NumberedLabels,
        Feature::UnderscoreNames,
        Feature::LlvmNameChars,
        Feature::EmptyParamFunTypes,
        Feature::EmptyStructTypes,
        Feature::StringEscapes,
        Feature::GlobalBitcastInit,
        Feature::UndeclaredRuntimeCalls,
        Feature::OpaquePointers,
        Feature::TrueFalseLiterals,
        Feature::LlvmExtras,
        Feature::I64StructIndex,
        Feature::LateTypeDefinitions,
        Feature::AggregateAlloca,
        Feature::StringInAggregate,
        Feature::UndominatedUses,
    ];

    /// The stable kebab-case name (`negative-literals`).
    pub fn name(self) -> &'static str {
        match self {
            Feature::TypedLoadGep => "typed-load-gep",
            Feature::SpecLoadGep => "spec-load-gep",
            Feature::NegativeLiterals => "negative-literals",
            Feature::BigLiterals => "big-literals",
            Feature::QuotedNames => "quoted-names",
            Feature::KeywordNames => "keyword-names",
            Feature::NumberedNames => "numbered-names",
            Feature::NumberedLabels => "numbered-labels",
            Feature::UnderscoreNames => "underscore-names",
            Feature::LlvmNameChars => "llvm-name-chars",
            Feature::EmptyParamFunTypes => "empty-param-fun-types",
            Feature::EmptyStructTypes => "empty-struct-types",
            Feature::StringEscapes => "string-escapes",
            Feature::GlobalBitcastInit => "global-bitcast-init",
            Feature::UndeclaredRuntimeCalls => "undeclared-runtime-calls",
            Feature::OpaquePointers => "opaque-pointers",
            Feature::TrueFalseLiterals => "true-false-literals",
            Feature::LlvmExtras => "llvm-extras",
            Feature::I64StructIndex => "i64-struct-index",
            Feature::LateTypeDefinitions => "late-type-definitions",
            Feature::AggregateAlloca => "aggregate-alloca",
            Feature::StringInAggregate => "string-in-aggregate",
            Feature::UndominatedUses => "undominated-uses",
        }
    }

    /// The feature called `s` ([`Feature::name`]), if any.
    pub fn from_name(s: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == s)
    }

    /// One line for tables and reports.
    pub fn describe(self) -> &'static str {
        match self {
            Feature::TypedLoadGep => "`load T, T* %p`, `getelementptr T, T* %p, ...` (LLVM 3.7+)",
            Feature::SpecLoadGep => "`load T* %p`, `getelementptr T* %p, ...` (the spec's syntax)",
            Feature::NegativeLiterals => "integer literals with a minus sign (`-12`)",
            Feature::BigLiterals => "integer literals of magnitude >= 2^62",
            Feature::QuotedNames => "quoted names (`%\"1\"`, `@\"x y\"`)",
            Feature::KeywordNames => "block labels that are course keywords (`store:`, `x:`)",
            Feature::NumberedNames => "unquoted names that start with a digit (`%1`)",
            Feature::NumberedLabels => "unquoted all-digit block labels (`2:`)",
            Feature::UnderscoreNames => "names that start with `_` (`%_t1`)",
            Feature::LlvmNameChars => "unquoted names with `$`, `-` or a leading `.`",
            Feature::EmptyParamFunTypes => "function types with no parameters (`i64 ()*`)",
            Feature::EmptyStructTypes => "the empty struct type `{}`",
            Feature::StringEscapes => "strings other than printable text ending in one `\\00`",
            Feature::GlobalBitcastInit => "`bitcast (T1* @g to T2*)` in a global initializer",
            Feature::UndeclaredRuntimeCalls => "`ll_puts`/`ll_strcat`/`ll_ltoa` with no `declare`",
            Feature::OpaquePointers => "opaque pointers `ptr`",
            Feature::TrueFalseLiterals => "`true` / `false` literals",
            Feature::LlvmExtras => {
                "`target` lines, `inbounds`, `constant`, `call` with a function type, entry labels"
            }
            Feature::I64StructIndex => {
                "struct field indices written `i64` (`getelementptr ..., i64 1`)"
            }
            Feature::LateTypeDefinitions => {
                "named types used unboxed before their `%T = type` definition"
            }
            Feature::AggregateAlloca => {
                "`alloca` of a struct or array (course back ends: one slot)"
            }
            Feature::StringInAggregate => {
                "`[N x i8]` inside a struct or array (course `i8` size 0)"
            }
            Feature::UndominatedUses => {
                "uses in unreachable blocks not defined before them in the block"
            }
        }
    }

    /// True when a program that uses the feature can be rewritten into an
    /// equivalent one that does not ([`super::lower`]) at least where it
    /// is used in instructions: literals are materialised, names renamed,
    /// declares added, syntax chosen by the printer.
    pub fn lowerable(self) -> bool {
        !matches!(
            self,
            Feature::EmptyParamFunTypes
                | Feature::EmptyStructTypes
                | Feature::StringEscapes
                | Feature::GlobalBitcastInit
                | Feature::OpaquePointers
                | Feature::AggregateAlloca
                | Feature::StringInAggregate
        )
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

impl std::fmt::Display for Feature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of features (a bit set over [`Feature::ALL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FeatureSet(u32);

impl FeatureSet {
    /// The empty set.
    pub const EMPTY: FeatureSet = FeatureSet(0);

    /// Every feature.
    pub fn all() -> FeatureSet {
        Feature::ALL.into_iter().collect()
    }

    /// True when `f` is in the set.
    pub fn has(self, f: Feature) -> bool {
        self.0 & f.bit() != 0
    }

    /// The set with `f` added.
    pub fn with(self, f: Feature) -> FeatureSet {
        FeatureSet(self.0 | f.bit())
    }

    /// The set with `f` removed.
    pub fn without(self, f: Feature) -> FeatureSet {
        FeatureSet(self.0 & !f.bit())
    }

    /// The features in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.into_iter().filter(move |f| self.has(*f))
    }
}

impl FromIterator<Feature> for FeatureSet {
    fn from_iter<I: IntoIterator<Item = Feature>>(iter: I) -> FeatureSet {
        iter.into_iter().fold(FeatureSet::EMPTY, FeatureSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for f in Feature::ALL {
            assert_eq!(Feature::from_name(f.name()), Some(f));
        }
        let names: std::collections::BTreeSet<_> = Feature::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names.len(), Feature::ALL.len());
        assert_eq!(Feature::from_name("no-such-feature"), None);
    }

    #[test]
    fn sets_add_and_remove() {
        let s = FeatureSet::EMPTY.with(Feature::BigLiterals);
        assert!(s.has(Feature::BigLiterals) && !s.has(Feature::QuotedNames));
        assert!(!s.without(Feature::BigLiterals).has(Feature::BigLiterals));
        assert_eq!(FeatureSet::all().iter().count(), Feature::ALL.len());
    }
}

//! The probe programs, in a table of their own: one tiny program per
//! syntax feature a course parser may refuse, the first of them the
//! baseline (no feature at all), and how each becomes a [`Case`] in a
//! course's conventions.

use super::course::{entry_name, Course};
use super::verdicts::Case;
use spec::dialect::Feature;

/// One probe program: the feature it uses (none for the baseline), the
/// feature it also needs (its load syntax), and what it returns.
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// The one optional feature the program uses (`None`: the baseline).
    pub feature: Option<Feature>,
    /// Another feature the program needs to be read at all (the LLVM 3.7+
    /// load syntax); when the compiler refuses that one, this probe says
    /// nothing.
    pub needs: Option<Feature>,
    /// The program (it starts at `@main`).
    pub text: &'static str,
    /// What `@main` returns (derived by hand; checked against the oracle
    /// by the tests).
    pub result: i64,
}

/// The baseline and one probe per syntax feature a probe can show alone.
/// Not probed (taken from the profile): `empty-struct-types`, the two
/// LLVM parser rules `i64-struct-index` and `late-type-definitions` (every
/// course parser reads both forms, LLVM neither), and the semantic
/// features `aggregate-alloca` and `string-in-aggregate`.
pub const PROBES: [Probe; 18] = [
    Probe {
        feature: None,
        needs: None,
        text: "define i64 @main() {\n  %x = add i64 40, 2\n  ret i64 %x\n}\n",
        result: 42,
    },
    Probe {
        feature: Some(Feature::TypedLoadGep),
        needs: None,
        text: "@g = global [2 x i64] [i64 1, i64 2]\n\
               define i64 @main() {\n  %p = alloca i64\n  store i64 7, i64* %p\n  \
               %v = load i64, i64* %p\n  \
               %q = getelementptr [2 x i64], [2 x i64]* @g, i64 0, i64 1\n  \
               %w = load i64, i64* %q\n  %r = add i64 %v, %w\n  ret i64 %r\n}\n",
        result: 9,
    },
    Probe {
        feature: Some(Feature::SpecLoadGep),
        needs: None,
        text: "@g = global [2 x i64] [i64 1, i64 2]\n\
               define i64 @main() {\n  %p = alloca i64\n  store i64 7, i64* %p\n  \
               %v = load i64* %p\n  \
               %q = getelementptr [2 x i64]* @g, i64 0, i64 1\n  \
               %w = load i64* %q\n  %r = add i64 %v, %w\n  ret i64 %r\n}\n",
        result: 9,
    },
    Probe {
        feature: Some(Feature::NegativeLiterals),
        needs: None,
        text: "define i64 @main() {\n  %x = add i64 -8, 21\n  ret i64 %x\n}\n",
        result: 13,
    },
    Probe {
        feature: Some(Feature::BigLiterals),
        needs: None,
        // 2^62 >> 60 = 4.
        text: "define i64 @main() {\n  %x = lshr i64 4611686018427387904, 60\n  ret i64 %x\n}\n",
        result: 4,
    },
    Probe {
        feature: Some(Feature::QuotedNames),
        needs: None,
        text: "define i64 @main() {\n  %\"x y\" = add i64 3, 4\n  ret i64 %\"x y\"\n}\n",
        result: 7,
    },
    Probe {
        feature: Some(Feature::KeywordNames),
        needs: None,
        text: "define i64 @main() {\n  br label %store\nstore:\n  ret i64 11\n}\n",
        result: 11,
    },
    Probe {
        feature: Some(Feature::NumberedNames),
        needs: None,
        text: "define i64 @main() {\n  %1 = add i64 5, 7\n  ret i64 %1\n}\n",
        result: 12,
    },
    Probe {
        feature: Some(Feature::NumberedLabels),
        needs: Some(Feature::NumberedNames),
        text: "define i64 @main() {\n  br label %2\n2:\n  ret i64 14\n}\n",
        result: 14,
    },
    Probe {
        feature: Some(Feature::UnderscoreNames),
        needs: None,
        text: "define i64 @main() {\n  %_t = add i64 6, 9\n  ret i64 %_t\n}\n",
        result: 15,
    },
    Probe {
        feature: Some(Feature::LlvmNameChars),
        needs: None,
        text: "define i64 @main() {\n  %x-y = add i64 8, 8\n  ret i64 %x-y\n}\n",
        result: 16,
    },
    Probe {
        feature: Some(Feature::EmptyParamFunTypes),
        needs: None,
        text: "define i64 @f() {\n  ret i64 17\n}\n\
               define i64 @main() {\n  %g = bitcast i64 ()* @f to i64 ()*\n  \
               %r = call i64 %g()\n  ret i64 %r\n}\n",
        result: 17,
    },
    Probe {
        feature: Some(Feature::StringEscapes),
        needs: Some(Feature::TypedLoadGep),
        // Prints "a", a newline, "b" and ll_puts's newline.
        text: "@s = global [4 x i8] c\"a\\0Ab\\00\"\n\
               declare void @ll_puts(i8*)\n\
               define i64 @main() {\n  \
               %p = getelementptr [4 x i8], [4 x i8]* @s, i64 0, i64 0\n  \
               call void @ll_puts(i8* %p)\n  ret i64 18\n}\n",
        result: 18,
    },
    Probe {
        feature: Some(Feature::GlobalBitcastInit),
        needs: Some(Feature::TypedLoadGep),
        text: "@g = global i64 19\n\
               @h = global i8* bitcast (i64* @g to i8*)\n\
               define i64 @main() {\n  %p = load i8*, i8** @h\n  \
               %q = bitcast i8* %p to i64*\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
        result: 19,
    },
    Probe {
        feature: Some(Feature::UndeclaredRuntimeCalls),
        needs: None,
        // Prints "20" and a newline.
        text: "define i64 @main() {\n  %s = call i8* @ll_ltoa(i64 20)\n  \
               call void @ll_puts(i8* %s)\n  ret i64 20\n}\n",
        result: 20,
    },
    Probe {
        feature: Some(Feature::OpaquePointers),
        needs: Some(Feature::TypedLoadGep),
        text: "define i64 @main() {\n  %p = alloca i64\n  store i64 21, ptr %p\n  \
               %v = load i64, ptr %p\n  ret i64 %v\n}\n",
        result: 21,
    },
    Probe {
        feature: Some(Feature::TrueFalseLiterals),
        needs: None,
        text: "define i64 @main() {\n  br i1 true, label %yes, label %no\n\
               yes:\n  ret i64 22\nno:\n  ret i64 23\n}\n",
        result: 22,
    },
    Probe {
        feature: Some(Feature::LlvmExtras),
        needs: None,
        text: "define i64 @main() {\nstart:\n  %x = add i64 20, 4\n  ret i64 %x\n}\n",
        result: 24,
    },
];

/// Two programs that store a global's address as a value and load the
/// global back through it, returning its 5 (by the spec: `%q` holds `@g`,
/// `@g` holds 5), in the typed and in the spec's load syntax (a compiler
/// reads one of them). A back end that writes such an address as an
/// absolute immediate (`movq $g, ...`) links them only with `-no-pie`,
/// even when it addresses globals relative to `%rip` in a
/// `getelementptr`, as [`PROBES`]' load-syntax probes do.
pub const GLOBAL_VALUE_PROBES: [Probe; 2] = [
    Probe {
        feature: Some(Feature::TypedLoadGep),
        needs: None,
        text: "@g = global i64 5\n\
               define i64 @main() {\n  %p = alloca i64*\n  store i64* @g, i64** %p\n  \
               %q = load i64*, i64** %p\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
        result: 5,
    },
    Probe {
        feature: Some(Feature::SpecLoadGep),
        needs: None,
        text: "@g = global i64 5\n\
               define i64 @main() {\n  %p = alloca i64*\n  store i64* @g, i64** %p\n  \
               %q = load i64** %p\n  %v = load i64* %q\n  ret i64 %v\n}\n",
        result: 5,
    },
];

/// How many times a refused probe (or a failed baseline) is sent again,
/// alone and one after the other, before the refusal counts: a flaky
/// driver (one that races on a fixed `output/` folder) must not narrow the
/// dialect or fail the baseline.
pub const CONFIRMATIONS: usize = 2;

/// The probe program of `p` as a case starting at `course`'s entry.
pub fn probe_case(p: &Probe, course: &Course) -> Case {
    let name = p.feature.map_or("baseline", Feature::name);
    let text = p.text.replace(
        "define i64 @main(",
        &format!("define i64 @{}(", entry_name(course.entry)),
    );
    let prog = spec::parse(&spec::Source::new(name, text.clone())).unwrap_or_default();
    Case {
        name: format!("probe {name}"),
        slug: format!("probe-{name}"),
        prog,
        text: Some(text),
        runs: vec![("default".into(), vec![])],
    }
}

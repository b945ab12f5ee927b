//! Oat as each course and year writes it: a dialect is an Oat version and
//! the constructs that year's handout parser (`parser.mly`, `lexer.mll`)
//! and LLVMlite printer (`llutil.ml`) accept. The generator writes only
//! a dialect's constructs, the printer writes its global initialisers in
//! its form, and [`OatDialect::lacks`] tells which constructs of a
//! program a dialect cannot read. The table and where each fact comes
//! from: docs/oat.md, "Dialects".

use crate::ast::Program;
use crate::features::Feature;
use crate::OatVersion;
use std::collections::BTreeSet;

/// A construct that some course years' Oat has and others lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Construct {
    /// Global array and struct initialisers are written with `new`
    /// (`global a = new int[]{1, 2};`); without it they are written
    /// `int[]{1, 2}` and `S {f = 1}` (the `gexp` rule of the parser).
    GlobalNew,
    /// `new T[n]` without an initialiser.
    NewArr,
    /// `new T[n]{i -> e}`.
    NewArrInit,
    /// `length(e)`.
    Length,
    /// Nullable types `R?`, `R null` typed `R?`, and `if? (R x = e)`.
    Nullable,
    /// The arithmetic shift `>>>`.
    Sar,
    /// `==` and `!=` on two values of any one type (Oat v2); without it
    /// only on `int`s (`typ_of_binop` types them `int * int -> bool`).
    EqAny,
    /// String literals with `\n` or `\t`: a front end whose printer writes
    /// string constants unescaped writes the raw byte, which LLVM reads.
    Escapes,
    /// String literals with `\"` or `\\`, which such a printer turns into
    /// a `.ll` that does not assemble (every handout's `llutil.ml` prints
    /// `c"%s\00"` unescaped).
    QuoteEscapes,
}

impl Construct {
    /// Every construct, in the order of the dialect table.
    pub const ALL: [Construct; 9] = [
        Construct::GlobalNew,
        Construct::NewArr,
        Construct::NewArrInit,
        Construct::Length,
        Construct::Nullable,
        Construct::EqAny,
        Construct::Sar,
        Construct::Escapes,
        Construct::QuoteEscapes,
    ];

    /// The construct in Oat's syntax, for tables and messages.
    pub fn name(self) -> &'static str {
        match self {
            Construct::GlobalNew => "global `new T[]{..}`",
            Construct::NewArr => "`new T[n]`",
            Construct::NewArrInit => "`new T[n]{i -> e}`",
            Construct::Length => "`length(e)`",
            Construct::Nullable => "`T?`, `if?`",
            Construct::Sar => "`>>>`",
            Construct::EqAny => "`==` on any type",
            Construct::Escapes => "`\\n`, `\\t`",
            Construct::QuoteEscapes => "`\\\"`, `\\\\`",
        }
    }

    /// The construct a program feature needs, if it is one that differs
    /// between dialects and shows in the syntax (`==` on other types than
    /// `int` needs the types, so it is not read off a feature; `R null`
    /// is in every year's grammar).
    pub fn of_feature(f: &Feature) -> Option<Construct> {
        match f {
            Feature::NewArr => Some(Construct::NewArr),
            Feature::NewArrInit => Some(Construct::NewArrInit),
            Feature::Length => Some(Construct::Length),
            Feature::Nullable | Feature::IfNull => Some(Construct::Nullable),
            Feature::Binop(crate::ast::Binop::Sar) => Some(Construct::Sar),
            Feature::StringEscape => Some(Construct::Escapes),
            Feature::StringQuoteEscape => Some(Construct::QuoteEscapes),
            _ => None,
        }
    }
}

/// A set of [`Construct`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Constructs(u16);

impl Constructs {
    /// The set of `cs`.
    pub const fn of(cs: &[Construct]) -> Constructs {
        let mut bits = 0u16;
        let mut i = 0;
        while i < cs.len() {
            bits |= 1 << cs[i] as u16;
            i += 1;
        }
        Constructs(bits)
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: Construct) -> bool {
        self.0 & (1 << c as u16) != 0
    }

    /// The set without `c`.
    pub fn without(self, c: Construct) -> Constructs {
        Constructs(self.0 & !(1 << c as u16))
    }
}

/// One course year's Oat (or lloracle's own, `oat-v1` and `oat-v2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OatDialect {
    /// The name `--oat-dialect` takes (`eth-2019-2021-hw5`).
    pub name: &'static str,
    /// The course (`ETH Compiler Design`, `UPenn CIS341`, ..).
    pub course: &'static str,
    /// The years whose handouts read it (`2019-2021`).
    pub years: &'static str,
    /// The homework (`hw4`, `hw5`).
    pub homework: &'static str,
    /// The Oat version: which types, statements and checks it has.
    pub version: OatVersion,
    /// The constructs beyond the version's core that it reads.
    pub constructs: Constructs,
    /// The course runtime of that homework (a `--runtime` name).
    pub runtime: &'static str,
}

use Construct::*;

/// The Oat v2 of ETH 2022-2025 homework 5 and Princeton COS320 2026
/// homework 4: every construct but `\"` and `\\` in strings.
const LATER_V2: Constructs = Constructs::of(&[
    GlobalNew, NewArr, NewArrInit, Length, Nullable, EqAny, Sar, Escapes,
]);

/// lloracle's whole Oat v1 and v2 and the course years' dialects, read
/// from the handouts' `parser.mly`/`lexer.mll`/`llutil.ml` (docs/oat.md,
/// "Dialects", says which repository and file gives each fact).
pub const DIALECTS: [OatDialect; 11] = [
    OatDialect {
        name: "oat-v1",
        course: "lloracle",
        years: "-",
        homework: "hw4",
        version: OatVersion::V1,
        constructs: Constructs::of(&[GlobalNew, NewArr, Sar, Escapes, QuoteEscapes]),
        runtime: "oat-eth",
    },
    OatDialect {
        name: "oat-v2",
        course: "lloracle",
        years: "-",
        homework: "hw5",
        version: OatVersion::V2,
        constructs: Constructs::of(&[
            GlobalNew,
            NewArr,
            NewArrInit,
            Length,
            Nullable,
            EqAny,
            Sar,
            Escapes,
            QuoteEscapes,
        ]),
        runtime: "oat-hw5",
    },
    OatDialect {
        name: "eth-2019-hw4",
        course: "ETH Compiler Design",
        years: "2019",
        homework: "hw4",
        version: OatVersion::V1,
        constructs: Constructs::of(&[NewArr, Sar, Escapes]),
        runtime: "oat-eth-2019",
    },
    OatDialect {
        name: "eth-2020-hw4",
        course: "ETH Compiler Design",
        years: "2020",
        homework: "hw4",
        version: OatVersion::V1,
        constructs: Constructs::of(&[NewArr, Sar, Escapes]),
        runtime: "oat-eth",
    },
    OatDialect {
        name: "eth-2021-2025-hw4",
        course: "ETH Compiler Design",
        years: "2021-2025",
        homework: "hw4",
        version: OatVersion::V1,
        constructs: Constructs::of(&[GlobalNew, NewArr, Sar, Escapes]),
        runtime: "oat-eth",
    },
    OatDialect {
        name: "eth-2019-2021-hw5",
        course: "ETH Compiler Design",
        years: "2019-2021",
        homework: "hw5",
        version: OatVersion::V2,
        constructs: Constructs::of(&[GlobalNew, NewArrInit, Length, Nullable, EqAny, Sar, Escapes]),
        runtime: "oat-hw5",
    },
    OatDialect {
        name: "eth-2022-2025-hw5",
        course: "ETH Compiler Design",
        years: "2022-2025",
        homework: "hw5",
        version: OatVersion::V2,
        constructs: LATER_V2,
        runtime: "oat-hw5",
    },
    OatDialect {
        name: "cis341-2017-hw4",
        course: "UPenn CIS341",
        years: "2017",
        homework: "hw4",
        version: OatVersion::V1,
        constructs: Constructs::of(&[NewArr, Sar, Escapes]),
        runtime: "oat-cis341",
    },
    OatDialect {
        name: "cis341-2017-hw5",
        course: "UPenn CIS341",
        years: "2017",
        homework: "hw5",
        version: OatVersion::V2,
        constructs: Constructs::of(&[NewArr, Sar, Escapes]),
        runtime: "oat-hw5",
    },
    OatDialect {
        name: "cos320-2026-hw3",
        course: "Princeton COS320",
        years: "2026",
        homework: "hw3",
        version: OatVersion::V1,
        constructs: Constructs::of(&[GlobalNew, NewArr, Sar, Escapes]),
        runtime: "oat-eth",
    },
    OatDialect {
        name: "cos320-2026-hw4",
        course: "Princeton COS320",
        years: "2026",
        homework: "hw4",
        version: OatVersion::V2,
        constructs: LATER_V2,
        runtime: "oat-hw5",
    },
];

impl Default for OatDialect {
    /// lloracle's whole Oat v2 (`oat-v2`).
    fn default() -> OatDialect {
        OatDialect::whole(OatVersion::V2)
    }
}

impl OatDialect {
    /// lloracle's whole Oat of `version` (`oat-v1`, `oat-v2`): every
    /// construct, escapes included. The generator's default.
    pub fn whole(version: OatVersion) -> OatDialect {
        match version {
            OatVersion::V1 => DIALECTS[0],
            OatVersion::V2 => DIALECTS[1],
        }
    }

    /// The dialect called `name`.
    pub fn by_name(name: &str) -> Option<OatDialect> {
        DIALECTS.into_iter().find(|d| d.name == name)
    }

    /// Every dialect's name, in table order.
    pub fn names() -> Vec<&'static str> {
        DIALECTS.iter().map(|d| d.name).collect()
    }

    /// Whether the dialect reads construct `c`: the one place that asks.
    pub fn has(&self, c: Construct) -> bool {
        self.constructs.contains(c)
    }

    /// This dialect without string escapes (`--plain-strings`).
    pub fn without_escapes(mut self) -> OatDialect {
        self.constructs = self.constructs.without(Escapes).without(QuoteEscapes);
        self
    }

    /// The constructs program `p` uses that the dialect lacks (an Oat v2
    /// program in an Oat v1 dialect lacks the version too: see
    /// `parse::reads_in`).
    pub fn lacks(&self, p: &Program) -> BTreeSet<Construct> {
        crate::features::features(p)
            .iter()
            .filter_map(Construct::of_feature)
            .filter(|&c| !self.has(c))
            .collect()
    }

    /// One line: course, years, homework, version.
    pub fn about(&self) -> String {
        let v = match self.version {
            OatVersion::V1 => 1,
            OatVersion::V2 => 2,
        };
        if self.course == "lloracle" {
            format!("lloracle's whole Oat v{v}")
        } else {
            format!(
                "{} {} {} (Oat v{v})",
                self.course, self.years, self.homework
            )
        }
    }

    /// The table of dialects and constructs as Markdown (`lloracle
    /// dialects` and docs/oat.md).
    pub fn table_markdown() -> String {
        let mut t = String::from("| Oat dialect | course, years, homework | version |");
        for c in Construct::ALL {
            t.push_str(&format!(" {} |", c.name()));
        }
        t.push_str(" runtime |\n|---|---|---|");
        t.push_str(&"---|".repeat(Construct::ALL.len() + 1));
        t.push('\n');
        for d in DIALECTS {
            let v = if d.version == OatVersion::V1 { 1 } else { 2 };
            let who = if d.course == "lloracle" {
                "lloracle (no course)".to_string()
            } else {
                format!("{} {} {}", d.course, d.years, d.homework)
            };
            t.push_str(&format!("| `{}` | {who} | {v} |", d.name));
            for c in Construct::ALL {
                t.push_str(if d.has(c) { " yes |" } else { " no |" });
            }
            t.push_str(&format!(" `{}` |\n", d.runtime));
        }
        t
    }
}

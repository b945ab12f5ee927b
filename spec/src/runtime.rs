//! The named course runtimes: which external functions a program may call,
//! per course and year (docs/semantics.md, "Oat programs and course
//! runtimes"). The spec's own runtime is `ll` (`ll_puts`, `ll_strcat`,
//! `ll_ltoa`); the courses' later handouts link their programs with larger C
//! runtimes, and their front ends' output (Oat compiled to LLVMlite) calls
//! the Oat runtime (`oat_alloc_array`, `print_string`, ...). This module is
//! only the list: the oracle gives each function its meaning, the C files
//! under `codegen/runtime/` give it to native code.

use crate::ast::Ty;
use std::fmt;

/// A named runtime: one course's set of external functions, with its
/// variants (how `oat_alloc_array` fills its cells, which checks exist).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuntimeName {
    /// The spec's runtime: `ll_puts`, `ll_strcat`, `ll_ltoa`.
    Ll,
    /// `ll` plus `ll_malloc(n, size)` (zeroed), `ll_callback`, and the C
    /// library functions course tests call (`atoi`, `strcmp`, `strlen`,
    /// `puts`, `free`): later CIS341 handouts, Princeton COS320 2026.
    LlLibc,
    /// ETH Compiler Design 2019, homework 4: the Oat runtime whose
    /// `oat_alloc_array` leaves the elements uninitialised (`malloc`).
    OatEth2019,
    /// ETH Compiler Design 2020-2025, homework 4: `oat_alloc_array` zeroes
    /// the elements (`calloc`).
    OatEth,
    /// Homework 5 (Oat v2; ETH and CIS341): `oat_malloc`, the
    /// `oat_assert_*` checks, elements uninitialised.
    OatHw5,
    /// UPenn CIS341 2017: `oat_alloc_array` declared returning
    /// `{ i64, [0 x i64] }*`; the length check lacks `i < 0`.
    OatCis341,
}

impl RuntimeName {
    /// Every named runtime, in the order `lloracle dialects` lists them.
    pub const ALL: [RuntimeName; 6] = [
        RuntimeName::Ll,
        RuntimeName::LlLibc,
        RuntimeName::OatEth2019,
        RuntimeName::OatEth,
        RuntimeName::OatHw5,
        RuntimeName::OatCis341,
    ];

    /// The name `--runtime` takes (`oat-eth-2019`).
    pub fn name(self) -> &'static str {
        match self {
            RuntimeName::Ll => "ll",
            RuntimeName::LlLibc => "ll-libc",
            RuntimeName::OatEth2019 => "oat-eth-2019",
            RuntimeName::OatEth => "oat-eth",
            RuntimeName::OatHw5 => "oat-hw5",
            RuntimeName::OatCis341 => "oat-cis341",
        }
    }

    /// The runtime called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<RuntimeName> {
        RuntimeName::ALL.into_iter().find(|r| r.name() == name)
    }

    /// One line: whose runtime this is and what sets it apart.
    pub fn about(self) -> &'static str {
        match self {
            RuntimeName::Ll => "the spec's runtime: ll_puts, ll_strcat, ll_ltoa",
            RuntimeName::LlLibc => {
                "ll plus ll_malloc (zeroed), ll_callback, atoi, strcmp, strlen, puts, free \
                 (later CIS341 handouts, Princeton COS320 2026)"
            }
            RuntimeName::OatEth2019 => {
                "Oat, ETH 2019 homework 4: oat_alloc_array leaves elements uninitialised (malloc)"
            }
            RuntimeName::OatEth => {
                "Oat, ETH 2020-2025 homework 4: oat_alloc_array zeroes elements (calloc)"
            }
            RuntimeName::OatHw5 => {
                "Oat v2, homework 5: oat_malloc and the oat_assert_* checks; elements uninitialised"
            }
            RuntimeName::OatCis341 => {
                "Oat, CIS341 2017: oat_alloc_array returns { i64, [0 x i64] }*; \
                 the length check lacks i < 0"
            }
        }
    }

    /// True for the Oat runtimes, whose programs start at `@program`.
    pub fn is_oat(self) -> bool {
        !matches!(self, RuntimeName::Ll | RuntimeName::LlLibc)
    }
}

/// The functions of the spec's runtime (`ll`).
const LL: &[&str] = &["ll_puts", "ll_strcat", "ll_ltoa"];
/// What `ll-libc` adds to `ll`.
const LIBC: &[&str] = &[
    "ll_malloc",
    "ll_callback",
    "atoi",
    "strcmp",
    "strlen",
    "puts",
    "free",
];
/// The Oat homework-4 runtime (ETH 2019-2025 `runtime.c`).
const OAT_HW4: &[&str] = &[
    "oat_alloc_array",
    "array_of_string",
    "string_of_array",
    "length_of_string",
    "string_of_int",
    "string_cat",
    "print_string",
    "print_int",
    "print_bool",
];
/// What the Oat v2 runtime (homework 5, ETH `hw6/runtime.c`) and the
/// CIS341 2017 homework 4 runtime add.
const OAT_HW5: &[&str] = &[
    "oat_malloc",
    "oat_assert_not_null",
    "oat_assert_array_length",
];

impl RuntimeName {
    /// The names of the external functions a program run under this
    /// runtime may call without defining them. The Oat runtimes also have
    /// the spec's three (`ll_puts`, `ll_strcat`, `ll_ltoa`), as lloracle's
    /// bundled C for them does (`codegen/runtime/oatrt.c`): the random and
    /// probe programs of a campaign print through them, and would
    /// otherwise never run under an Oat runtime. A course's own Oat
    /// `runtime.c` lacks them; no front end's output calls them.
    pub fn functions(self) -> Vec<&'static str> {
        let parts: &[&[&str]] = match self {
            RuntimeName::Ll => &[LL],
            RuntimeName::LlLibc => &[LL, LIBC],
            RuntimeName::OatEth2019 | RuntimeName::OatEth => &[OAT_HW4, LL],
            RuntimeName::OatHw5 | RuntimeName::OatCis341 => &[OAT_HW4, OAT_HW5, LL],
        };
        parts.concat()
    }

    /// The LLVMlite types function `name` of this runtime may be declared
    /// and called at (the first is its canonical type); empty when the
    /// runtime has no such function. Each is the C prototype of the
    /// course's `runtime.c` with `int64_t` as `i64`, `char*` as `i8*`,
    /// `int64_t*` as `i64*` (or the Oat array type the front ends declare),
    /// and the courses' own `print_bool(i1)` beside C's `int64_t`. The C
    /// library functions return `int` in C; the oracle gives the value as
    /// the x86-64 C library leaves it in the 64-bit result register (see
    /// docs/semantics.md, "Oat programs and course runtimes").
    pub fn types(self, name: &str) -> Vec<Ty> {
        if !self.functions().contains(&name) {
            return Vec::new();
        }
        let s = || Ty::I8.ptr_to();
        let w = || Ty::I64.ptr_to();
        let arr = || Ty::Struct(vec![Ty::I64, Ty::Array(0, Box::new(Ty::I64))]).ptr_to();
        let fun = |ps: Vec<Ty>, r: Ty| Ty::Fun(ps, Box::new(r));
        match name {
            "ll_puts" => vec![fun(vec![s()], Ty::Void)],
            "ll_strcat" => vec![fun(vec![s(), s()], s())],
            "ll_ltoa" => vec![fun(vec![Ty::I64], s()), fun(vec![Ty::I64, s()], s())],
            "ll_malloc" => vec![
                fun(vec![Ty::I64, Ty::I64], s()),
                fun(vec![Ty::I64, Ty::I64], w()),
            ],
            "ll_callback" => {
                let cb = fun(vec![Ty::I64, Ty::I64], Ty::I64).ptr_to();
                vec![fun(vec![cb], Ty::I64)]
            }
            "atoi" | "strlen" => vec![fun(vec![s()], Ty::I64)],
            "strcmp" => vec![fun(vec![s(), s()], Ty::I64)],
            "puts" => vec![fun(vec![s()], Ty::I64), fun(vec![s()], Ty::Void)],
            "free" => vec![fun(vec![s()], Ty::Void), fun(vec![w()], Ty::Void)],
            "oat_alloc_array" if self == RuntimeName::OatCis341 => {
                vec![fun(vec![Ty::I64], arr())]
            }
            "oat_alloc_array" | "oat_malloc" => vec![fun(vec![Ty::I64], w())],
            "oat_assert_not_null" => vec![fun(vec![s()], Ty::Void)],
            "oat_assert_array_length" => vec![fun(vec![w(), Ty::I64], Ty::Void)],
            "array_of_string" => vec![fun(vec![s()], arr())],
            "string_of_array" => vec![fun(vec![arr()], s())],
            "length_of_string" => vec![fun(vec![s()], Ty::I64)],
            "string_of_int" => vec![fun(vec![Ty::I64], s())],
            "string_cat" => vec![fun(vec![s(), s()], s())],
            "print_string" => vec![fun(vec![s()], Ty::Void)],
            "print_int" => vec![fun(vec![Ty::I64], Ty::Void)],
            "print_bool" => vec![fun(vec![Ty::I1], Ty::Void), fun(vec![Ty::I64], Ty::Void)],
            _ => Vec::new(),
        }
    }

    /// The runtimes that have a function `name` (for the message of a
    /// call the current runtime cannot serve: which `--runtime` would).
    pub fn providing(name: &str) -> Vec<RuntimeName> {
        RuntimeName::ALL
            .into_iter()
            .filter(|r| r.functions().contains(&name))
            .collect()
    }

    /// The entry function a program run under this runtime starts in
    /// when none is named: `program` for the Oat runtimes (whose C `main`
    /// calls it), `main` otherwise.
    pub fn default_entry(self) -> &'static str {
        if self.is_oat() {
            "program"
        } else {
            "main"
        }
    }
}

impl Default for RuntimeName {
    /// `ll`, the spec's own runtime.
    fn default() -> RuntimeName {
        RuntimeName::Ll
    }
}

impl fmt::Display for RuntimeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for RuntimeName {
    type Err = String;

    fn from_str(s: &str) -> Result<RuntimeName, String> {
        RuntimeName::from_name(s).ok_or_else(|| {
            let names: Vec<&str> = RuntimeName::ALL.iter().map(|r| r.name()).collect();
            format!(
                "unknown runtime `{s}` (known runtimes: {}; a course's own C file goes to --runtime-c)",
                names.join(", ")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_runtime() {
        for r in RuntimeName::ALL {
            assert_eq!(r.name().parse::<RuntimeName>(), Ok(r));
        }
        let err = "oat-2030".parse::<RuntimeName>().unwrap_err();
        assert!(
            err.contains("oat-2030") && err.contains("oat-eth-2019"),
            "{err}"
        );
    }

    /// The variants as the courses' `runtime.c` files have them: ETH's
    /// homework 4 has no `oat_malloc` or `oat_assert_*`, homework 5 and
    /// CIS341 2017's homework 4 have them; CIS341 2017's `oat_alloc_array`
    /// is declared returning the Oat array type; lloracle's Oat runtimes
    /// also have `ll`'s three functions (for its own random programs).
    #[test]
    fn each_runtime_has_its_courses_functions() {
        assert!(RuntimeName::OatHw5.types("oat_assert_not_null").len() == 1);
        assert!(RuntimeName::OatEth.types("oat_assert_not_null").is_empty());
        assert!(RuntimeName::OatCis341.types("oat_assert_not_null").len() == 1);
        assert!(RuntimeName::OatEth2019.types("oat_malloc").is_empty());
        assert_eq!(
            RuntimeName::OatEth.types("ll_puts"),
            RuntimeName::Ll.types("ll_puts")
        );
        assert!(RuntimeName::OatEth.types("ll_malloc").is_empty());
        assert!(RuntimeName::Ll.types("ll_malloc").is_empty());
        assert_eq!(
            RuntimeName::LlLibc.types("ll_puts"),
            RuntimeName::Ll.types("ll_puts")
        );
        let w = Ty::I64.ptr_to();
        assert_eq!(
            RuntimeName::OatEth.types("oat_alloc_array"),
            vec![Ty::Fun(vec![Ty::I64], Box::new(w))]
        );
        assert_ne!(
            RuntimeName::OatCis341.types("oat_alloc_array"),
            RuntimeName::OatEth.types("oat_alloc_array")
        );
        assert_eq!(
            RuntimeName::providing("oat_malloc"),
            vec![RuntimeName::OatHw5, RuntimeName::OatCis341]
        );
    }
}

//! The named course runtimes: which external functions a program may call,
//! per course and year (docs/semantics.md, "Oat programs and course
//! runtimes"). The spec's own runtime is `ll` (`ll_puts`, `ll_strcat`,
//! `ll_ltoa`); the courses' later handouts link their programs with larger C
//! runtimes, and their front ends' output (Oat compiled to LLVMlite) calls
//! the Oat runtime (`oat_alloc_array`, `print_string`, ...). This module is
//! only the list: the oracle gives each function its meaning, the C files
//! under `codegen/runtime/` give it to native code.

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
}

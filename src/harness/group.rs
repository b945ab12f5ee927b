//! Failures grouped by cause (docs/grading.md). A failing run's
//! *signature* is its [`Category`] plus what distinguishes one cause from
//! another within it: the compiler's (or linker's) first error line with
//! file names and numbers normalised, the signal of a crash, how a wrong
//! result or wrong output differs (stdout stops early, goes on, differs). Runs with the same
//! signature are one group: reports list each group once, and the
//! reduction budget is spent one group at a time, largest first
//! ([`reduction_order`]), not on the first failures in file order.

use super::types::{CaseResult, Category, RunVerdict};
use spec::Outcome;
use std::collections::HashMap;

/// The longest signature text kept (a longer first error line is cut).
const SIGNATURE_CHARS: usize = 160;

/// The signature of a judged run that did not pass: `(category, key)`.
/// `None` for a pass or a skipped run.
pub fn signature(v: &RunVerdict) -> Option<(Category, String)> {
    let RunVerdict::Judged {
        category,
        expected,
        actual,
        detail,
        ..
    } = v
    else {
        return None;
    };
    let key = match category {
        Category::Pass => return None,
        Category::CompileError | Category::AssembleError | Category::LinkError => build_key(detail),
        Category::CompileTimeout => "no result within the timeout".to_string(),
        _ => match actual {
            Some(a) => run_key(expected, a),
            None => build_key(detail),
        },
    };
    Some((*category, key))
}

/// The key of a build failure: the status line (`exit 1`, `signal 9`, ...)
/// and the compiler's first error line, normalised by [`normalise`]. The
/// first line of the detail is the status; the error line is the first
/// later line that mentions an error, else the first non-empty later line.
pub fn build_key(detail: &str) -> String {
    let status = detail
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("no message");
    let key = match first_error_line(detail) {
        Some(e) => format!("{}: {}", normalise(status), normalise(e)),
        None => normalise(status),
    };
    cut(&key)
}

/// The first line after the status line (the first non-empty one) of a
/// build failure's words that mentions an error, else the first non-empty
/// line after it; `None` when there is none.
pub fn first_error_line(detail: &str) -> Option<&str> {
    let rest: Vec<&str> = detail
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .skip(1)
        .collect();
    rest.iter()
        .find(|l| l.to_ascii_lowercase().contains("error"))
        .or_else(|| rest.first())
        .copied()
}

/// The key of a run whose program was built: the signal of a crash; for a
/// wrong value or wrong output, how the behaviour differs, not the values
/// themselves (each program computes its own values, so keying on them
/// would make every failing program a group of one; the reduced examples
/// of a group show the values).
pub fn run_key(expected: &Outcome, actual: &Outcome) -> String {
    let stdout = |a: &[u8]| stdout_difference(expected.stdout(), a);
    match actual {
        Outcome::Crashed { signal: 0, stdout } => cut(&format!(
            "not run: {}",
            normalise(&String::from_utf8_lossy(stdout))
        )),
        Outcome::Crashed { signal, .. } => format!("killed by signal {signal}"),
        Outcome::Timeout { .. } => "ran past the timeout".to_string(),
        Outcome::Limit { kind, .. } => format!("limit: {}", kind.name()),
        Outcome::Returned { stdout: a, .. } | Outcome::Exited { stdout: a, .. } => {
            let same_value = match (expected, actual) {
                (Outcome::Returned { value, .. }, Outcome::Returned { value: v, .. }) => v == value,
                (Outcome::Returned { value, .. }, Outcome::Exited { code, .. }) => {
                    *code as u64 == (*value as u64 & 0xff)
                }
                _ => false,
            };
            match (same_value, stdout(a)) {
                (true, Some(d)) => d,
                (true, None) => "same behaviour".to_string(),
                (false, None) => "a different value".to_string(),
                (false, Some(d)) => format!("a different value, {d}"),
            }
        }
        other => other.name().to_string(),
    }
}

/// How `actual` stdout differs from `expected`: it stops early, goes on
/// past the end, or differs from some line on; `None` when equal.
fn stdout_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        None
    } else if expected.starts_with(actual) {
        Some("stdout stops early".to_string())
    } else if actual.starts_with(expected) {
        Some("stdout goes on past the end".to_string())
    } else {
        Some("stdout differs".to_string())
    }
}

/// `s` with every path-like word (one with a `/`, or naming a `.ll`, `.s`,
/// `.o` or `.exe` file) replaced by `FILE` and every word that starts with a
/// digit (a number, a line or column) replaced by `N`; spaces collapsed.
pub fn normalise(s: &str) -> String {
    let words: Vec<String> = s
        .split_whitespace()
        .map(|w| {
            if is_path(w) {
                "FILE".to_string()
            } else {
                numbers_to_n(w)
            }
        })
        .collect();
    words.join(" ")
}

fn is_path(w: &str) -> bool {
    w.contains('/')
        || [".ll", ".s:", ".o:", ".exe"]
            .iter()
            .any(|ext| w.contains(ext))
        || w.ends_with(".s")
        || w.ends_with(".o")
}

/// Each maximal run of letters, digits and `_` that starts with a digit
/// becomes `N` (`12`, `0x1f`, `3rd`); `i64` and `%x1` stay.
fn numbers_to_n(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    let mut in_word = false;
    let mut in_number = false;
    for c in w.chars() {
        let wordy = c.is_ascii_alphanumeric() || c == '_';
        if !wordy {
            in_word = false;
            in_number = false;
            out.push(c);
        } else if in_number {
            continue;
        } else if !in_word && c.is_ascii_digit() {
            in_word = true;
            in_number = true;
            out.push('N');
        } else {
            in_word = true;
            out.push(c);
        }
    }
    out
}

fn cut(s: &str) -> String {
    match s.char_indices().nth(SIGNATURE_CHARS) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// The programs to reduce, as indices into `results`, at most `budget` of
/// them: programs are grouped by the signature of their first failing run;
/// the first round takes one program from each group, largest group first
/// (ties: the group seen first), the next round a second one from each, and
/// so on. Within a group the smallest program (by instruction count) goes
/// first: its reduction is the quickest. Timeouts are never reduced.
pub fn reduction_order(results: &[CaseResult], budget: usize) -> Vec<usize> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut at: HashMap<(Category, String), usize> = HashMap::new();
    for (i, r) in results.iter().enumerate() {
        let Some(key) = r
            .first_failure()
            .and_then(|k| r.verdicts.get(k))
            .and_then(signature)
            .filter(|(c, _)| !c.is_timeout())
        else {
            continue;
        };
        let k = *at.entry(key).or_insert_with(|| {
            groups.push(vec![]);
            groups.len() - 1
        });
        groups[k].push(i);
    }
    groups.sort_by_key(|members| std::cmp::Reverse(members.len()));
    for members in &mut groups {
        members.sort_by_key(|&i| (gen::shrink::insn_count(&results[i].case.prog), i));
    }
    let mut order = Vec::new();
    let mut round = 0;
    while order.len() < budget {
        let mut any = false;
        for members in &groups {
            if let Some(&i) = members.get(round) {
                any = true;
                if order.len() < budget {
                    order.push(i);
                }
            }
        }
        if !any {
            break;
        }
        round += 1;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_numbers_are_normalised() {
        assert_eq!(
            build_key("exit 1\n/tmp/lloracle-x1/p12.ll:3:9: error: unexpected token 42\n"),
            "exit N: FILE error: unexpected token N"
        );
        assert_eq!(
            build_key("exit 2\nFatal error: exception Failure(\"i64 too big\")"),
            "exit N: Fatal error: exception Failure(\"i64 too big\")"
        );
        assert_eq!(build_key("signal 9\n"), "signal N");
        assert_eq!(numbers_to_n("%x1=0x1f,i8"), "%x1=N,i8");
    }

    #[test]
    fn the_error_line_is_preferred_over_earlier_chatter() {
        assert_eq!(
            build_key("exit 1\nparsing p3.ll\nline 4: syntax error\n"),
            "exit N: line N: syntax error"
        );
        assert_eq!(
            build_key("exit 3\nno luck\n"),
            "exit N: no luck",
            "no line says error: the first one is taken"
        );
    }

    #[test]
    fn wrong_values_and_signals_are_keys() {
        let ret = |v, s: &[u8]| Outcome::Returned {
            value: v,
            stdout: s.to_vec(),
        };
        let exited = |c, s: &[u8]| Outcome::Exited {
            code: c,
            stdout: s.to_vec(),
        };
        assert_eq!(run_key(&ret(1, b""), &exited(0, b"")), "a different value");
        assert_eq!(
            run_key(&ret(257, b"a\n"), &exited(1, b"a\nb\n")),
            "stdout goes on past the end",
            "257 mod 256 = 1: the value agrees"
        );
        assert_eq!(
            run_key(&ret(1, b"a\nb 7\n"), &exited(2, b"a\n")),
            "a different value, stdout stops early"
        );
        assert_eq!(run_key(&ret(1, b"x"), &ret(1, b"y")), "stdout differs");
        let crash = Outcome::Crashed {
            signal: 11,
            stdout: vec![],
        };
        assert_eq!(run_key(&ret(1, b""), &crash), "killed by signal 11");
    }
}

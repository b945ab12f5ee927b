//! Failures grouped by cause (issue 17, item 7). A failing run's
//! *signature* is its [`Category`] plus what distinguishes one cause from
//! another within it: the compiler's (or linker's) first error line with
//! file names and numbers normalised, the signal of a crash, the first
//! wrong value of a wrong result or of wrong output. Runs with the same
//! signature are one group: reports list each group once, and the
//! reduction budget is spent one group at a time, largest first
//! ([`reduction_order`]), not on the first failures in file order.

use super::judge::{Category, RunVerdict};
use super::session::CaseResult;
use spec::Outcome;

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
        Category::CompileError | Category::LinkError => build_key(detail),
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
    let mut lines = detail.lines().map(str::trim).filter(|l| !l.is_empty());
    let status = lines.next().unwrap_or("no message");
    let rest: Vec<&str> = lines.collect();
    let error = rest
        .iter()
        .find(|l| l.to_ascii_lowercase().contains("error"))
        .or_else(|| rest.first());
    let key = match error {
        Some(e) => format!("{}: {}", normalise(status), normalise(e)),
        None => normalise(status),
    };
    cut(&key)
}

/// The key of a run whose program was built: the signal of a crash, the
/// value of a wrong result, the first differing line of wrong output.
fn run_key(expected: &Outcome, actual: &Outcome) -> String {
    match actual {
        Outcome::Crashed { signal: 0, stdout } => cut(&format!(
            "not run: {}",
            normalise(&String::from_utf8_lossy(stdout))
        )),
        Outcome::Crashed { signal, .. } => format!("killed by signal {signal}"),
        Outcome::Timeout { .. } => "ran past the timeout".to_string(),
        Outcome::Limit { kind, .. } => format!("limit: {}", kind.name()),
        Outcome::Returned { value, stdout } if stdout == expected.stdout() => {
            format!("returned {value}")
        }
        Outcome::Exited { code, stdout } if stdout == expected.stdout() => {
            format!("exit status {code}")
        }
        Outcome::Returned { stdout, .. } | Outcome::Exited { stdout, .. } => {
            first_differing_line(expected.stdout(), stdout)
        }
        other => other.name().to_string(),
    }
}

/// `stdout line K: "TEXT"`: the first line of `actual` that differs from
/// `expected` (digits normalised, so that one bug printing different
/// numbers is one group).
fn first_differing_line(expected: &[u8], actual: &[u8]) -> String {
    let e = String::from_utf8_lossy(expected);
    let a = String::from_utf8_lossy(actual);
    let mut el = e.split('\n');
    for (k, line) in a.split('\n').enumerate() {
        if el.next() != Some(line) {
            return cut(&format!(
                "stdout line {}: \"{}\"",
                k + 1,
                normalise(line).escape_debug()
            ));
        }
    }
    "stdout ends early".to_string()
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
/// first: its reduction is the quickest.
pub fn reduction_order(results: &[CaseResult], budget: usize) -> Vec<usize> {
    let mut groups: Vec<((Category, String), Vec<usize>)> = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let Some(key) = r
            .first_failure()
            .and_then(|k| r.verdicts.get(k))
            .and_then(signature)
        else {
            continue;
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(i),
            None => groups.push((key, vec![i])),
        }
    }
    groups.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    for (_, members) in &mut groups {
        members.sort_by_key(|&i| (gen::shrink::insn_count(&results[i].case.prog), i));
    }
    let mut order = Vec::new();
    let mut round = 0;
    while order.len() < budget {
        let mut any = false;
        for (_, members) in &groups {
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
        assert_eq!(run_key(&ret(1, b""), &exited(0, b"")), "exit status 0");
        assert_eq!(
            run_key(&ret(1, b"a\nb 7\n"), &exited(1, b"a\nb 8\n")),
            "stdout line 2: \"b N\""
        );
        let crash = Outcome::Crashed {
            signal: 11,
            stdout: vec![],
        };
        assert_eq!(run_key(&ret(1, b""), &crash), "killed by signal 11");
    }
}

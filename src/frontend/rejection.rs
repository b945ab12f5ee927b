//! The verdict on a `CHECK-ILL-TYPED` test: the course's type checker
//! rejects the program, so the front end must refuse to compile it. The
//! courses' harnesses call the type checker itself and pass such a test
//! only when it raises its `TypeError`; lloracle runs the front end's
//! command instead, so a refusal counts only when the command shows one
//! (docs/oat-tests.md, "What counts as a rejection"):
//!
//! - the command ran, wrote no output and exited with an error status
//!   ([`refusal`]): not 126 or 127 (`sh` could not find or execute the
//!   command), not a signal, a timeout or the output cap;
//! - its error output is not an uncaught OCaml exception other than the
//!   type checker's `TypeError` ([`uncaught_exception`],
//!   [`is_type_error`]): a `Not_found` is a crash, not a rejection;
//! - and the front end compiles the baseline, a well-typed print and
//!   return ([`baseline_refused`]): a front end that refuses every program
//!   refuses this one for no type's sake.

use toolchain::process::Ended;

/// How the front end's command ended on a program it wrote no output
/// for, as a rejection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It exited with an error status and no crash: the front end
    /// rejected the program.
    Rejected,
    /// It did not refuse the program: why, in words (it did not run, it
    /// crashed, it exited 0).
    NotARejection(String),
}

/// Whether a command that wrote no output refused its program: `ended` is
/// how it ended (`None`: it could not be started), `words` the failure's
/// words (its exit status, then its error output).
pub fn refusal(ended: Option<&Ended>, words: &str) -> Refusal {
    let first_line = |s: &str| s.lines().next().unwrap_or("").to_string();
    let said = first_line(words.split_once('\n').map_or("", |(_, rest)| rest));
    let not = |why: String| Refusal::NotARejection(why);
    match ended {
        None => not(format!(
            "the front end did not run ({}); only its own refusal passes a test the \
             course's type checker rejects",
            first_line(words)
        )),
        Some(Ended::Exited(status @ (126 | 127))) => not(format!(
            "the front end did not run (exit {status}: {said}); only its own refusal passes \
             a test the course's type checker rejects"
        )),
        Some(Ended::Exited(0)) => not(
            "the front end exited 0 and wrote no output: a rejection exits with an error \
             status, as the course's driver does when its type checker raises TypeError"
                .into(),
        ),
        Some(Ended::Exited(_)) => match uncaught_exception(words) {
            Some(name) if !is_type_error(name) => not(format!(
                "the front end crashed with the exception {name} instead of rejecting the \
                 program with the type checker's TypeError"
            )),
            _ => Refusal::Rejected,
        },
        Some(Ended::Signaled(signal)) => not(format!(
            "the front end was killed by signal {signal} instead of rejecting the program"
        )),
        Some(Ended::OverCap) => {
            not("the front end printed past the output cap instead of rejecting the program".into())
        }
        Some(Ended::TimedOut) => not("the front end ran out of time".into()),
    }
}

/// The exception named by the OCaml runtime's last words on an uncaught
/// exception (`Fatal error: exception Typechecker.TypeError("...")`) in
/// `words`, without its arguments (`Typechecker.TypeError`).
pub fn uncaught_exception(words: &str) -> Option<&str> {
    const FATAL: &str = "Fatal error: exception ";
    let at = words.find(FATAL)? + FATAL.len();
    let rest = &words[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '\''))
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|n| !n.is_empty())
}

/// Whether the exception `name` is a type checker's: every course's type
/// checker raises `TypeError` (`Typechecker.TypeError` in the ETH,
/// CIS341 and COS320 handouts), and their harnesses pass a
/// `typecheck_file_error` test on it alone.
pub fn is_type_error(name: &str) -> bool {
    name.rsplit('.').next() == Some("TypeError")
}

/// Why a refusal by a front end that also refuses the well-typed
/// baseline (`why`) is not a rejection.
pub fn baseline_refused(why: &str) -> String {
    format!(
        "the front end refuses the well-typed baseline program too ({why}), so its refusal \
         of this one is not a type error's"
    )
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn an_error_status_without_a_crash_is_a_rejection() {
        // A driver that prints its own message and exits 1.
        assert_eq!(
            refusal(Some(&Ended::Exited(1)), "exit 1\nerror: x is not bound"),
            Refusal::Rejected
        );
        // The ETH homework-5 driver on `tc_error_global_fptr_scope.oat`:
        // the type checker's exception reaches the OCaml runtime, exit 2.
        assert_eq!(
            refusal(
                Some(&Ended::Exited(2)),
                "exit 2\nFatal error: exception Typechecker.TypeError(\"[6, 11] Didnt find Id named: x\")"
            ),
            Refusal::Rejected
        );
    }

    #[test]
    fn a_command_that_did_not_run_or_crashed_did_not_reject() {
        let not = |e: Ended, words: &str| refusal(Some(&e), words) != Refusal::Rejected;
        assert!(not(
            Ended::Exited(127),
            "exit 127\nsh: 1: ./main.native: not found"
        ));
        assert!(not(
            Ended::Exited(126),
            "exit 126\nsh: 1: ./main.native: Permission denied"
        ));
        assert!(not(Ended::Exited(0), "exit 0 but no output file"));
        assert!(not(Ended::Signaled(11), "signal 11\n"));
        assert!(not(Ended::OverCap, "too much output\n"));
        assert!(not(
            Ended::Exited(2),
            "exit 2\nFatal error: exception Not_found"
        ));
        assert!(not(
            Ended::Exited(2),
            "exit 2\nFatal error: exception Failure(\"unimplemented\")"
        ));
        assert_ne!(refusal(None, "cannot run sh: x"), Refusal::Rejected);
    }

    #[test]
    fn the_uncaught_exception_is_named_without_its_arguments() {
        assert_eq!(
            uncaught_exception(
                "exit 2\nFatal error: exception Typechecker.TypeError(\"[5, 2] x\")"
            ),
            Some("Typechecker.TypeError")
        );
        assert_eq!(
            uncaught_exception("Fatal error: exception Not_found\n"),
            Some("Not_found")
        );
        assert_eq!(uncaught_exception("exit 1\nerror"), None);
        assert!(is_type_error("Typechecker.TypeError"));
        assert!(is_type_error("TypeError"));
        assert!(!is_type_error("Typechecker.NotTypeError"));
        assert!(!is_type_error("Not_found"));
    }
}

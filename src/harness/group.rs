//! Failures grouped by cause (docs/grading.md). A failing run's
//! *signature* is its [`Category`] plus what distinguishes one cause from
//! another within it: the compiler's (or linker's) first error line with
//! file names and numbers normalised, the signal of a crash, how a wrong
//! result or wrong output differs (stdout stops early, goes on, differs). Runs with the same
//! signature are one group: reports list each group once, and the
//! reduction budget is spent one group at a time, largest first
//! ([`reduction_order`]), not on the first failures in file order.

use super::verdicts::{CaseResult, Category, RunVerdict};
use spec::Outcome;
use std::collections::{BTreeMap, HashMap};

mod shape;
pub use shape::{defined_names, literal_class, operations, shape, shape_id};

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
        Outcome::Crashed {
            signal: 0, stdout, ..
        } => cut(&format!(
            "not run: {}",
            normalise(&String::from_utf8_lossy(stdout))
        )),
        Outcome::Crashed {
            signal,
            syscall: Some(n),
            ..
        } => format!("killed by signal {signal}: {}", spec::syscall::describe(*n)),
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

/// `s` with what varies within one cause taken out: every LLVM type in
/// quotes (`'i64*'`, `'%node**'`, `'{ i64, [0 x i8*] }*'`, `'[3 x i8]'`:
/// each program declares its own, so LLVM's "defined with type 'i64*' but
/// expected '%node**'" names a different pair in each) becomes `TYPE`
/// within its quotes (`quoted_types`); every path-like word
/// (one with a `/`, or naming a `.ll`, `.s`, `.o` or `.exe` file: temporary
/// files) becomes `FILE`; a name in quotes or backticks (`` `b5' ``,
/// `'main'`, `"xor"`: a symbol, a label, an instruction mnemonic such as
/// the one of the assembler's "operand type mismatch for `xor'") becomes
/// `NAME` within its quotes; an x86-64 register (`%rax`, `%r8d`, `%al`)
/// becomes `%REG`; every run of letters and digits that starts with a digit
/// (a number, a line or column) becomes `N`; an x86-64 memory operand
/// (`-8(%rbp)`, `(%rax)`, `16(%rax,%rcx,8)`) becomes `%REG` too
/// ([`memory_operands_to_reg`]); spaces are collapsed.
pub fn normalise(s: &str) -> String {
    let words: Vec<String> = quoted_types(s)
        .split_whitespace()
        .map(|w| {
            if is_path(w) {
                "FILE".to_string()
            } else {
                memory_operands_to_reg(&numbers_to_n(&registers_to_reg(&quoted_names(w))))
            }
        })
        .collect();
    words.join(" ")
}

/// `w` (registers already `%REG`, numbers `N`) with every memory operand,
/// `-N(%REG)`, `N(%REG)`, `(%REG)`, `N(%REG,%REG,N)`, `(,%REG,N)`, made
/// `%REG`: a back end that keeps values in stack slots or registers as its
/// allocation goes names either kind of operand in one message of its own
/// (`shift instruction has invalid operands: -8(%rbp), %r10` in one program,
/// `%rsi, %r10` in another), and which one it names is not the cause.
fn memory_operands_to_reg(w: &str) -> String {
    const INSIDE: [&str; 4] = ["%REG", "%REG,%REG", "%REG,%REG,N", ",%REG,N"];
    let mut out = String::with_capacity(w.len());
    let mut rest = w;
    while let Some(open) = rest.find('(') {
        let inside = rest[open + 1..]
            .find(')')
            .map(|n| &rest[open + 1..open + 1 + n]);
        let Some(inside) = inside.filter(|i| INSIDE.contains(i)) else {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        };
        // The displacement before `(`: `N`, `-N` or none.
        let head = &rest[..open];
        let disp = head
            .strip_suffix('N')
            .map_or(head, |h| h.strip_suffix('-').unwrap_or(h));
        out.push_str(disp);
        out.push_str("%REG");
        rest = &rest[open + 2 + inside.len()..];
    }
    out.push_str(rest);
    out
}

/// [`normalise`] for a line of LLVMlite (an instruction a front end
/// wrote): first every local's name (`%_arr_el_gep200`, `%445`) becomes
/// `%REG` and every global's (`@sieve`, `@program`) `@NAME`, but for the
/// runtime's functions (`@print_int`, `@oat_alloc_array`: the same in
/// every program), so that one cause under the names each program gives
/// its registers and functions is one key.
pub fn normalise_ll(s: &str) -> String {
    normalise(&ll_names(s))
}

/// The characters of an LLVM identifier after its `%` or `@` (the
/// LLVMlite spec's `[-a-zA-Z$._0-9]`).
fn is_ll_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_')
}

/// `s` with local names made `%REG` and global names `@NAME` (not the
/// runtime's functions, `spec::RuntimeName::providing`).
fn ll_names(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find(['%', '@']) {
        out.push_str(&rest[..=k]);
        let after = &rest[k + 1..];
        let len = after
            .find(|c: char| !is_ll_name_char(c))
            .unwrap_or(after.len());
        let name = &after[..len];
        if name.is_empty() {
            rest = after;
            continue;
        }
        if rest.as_bytes()[k] == b'%' {
            out.push_str("REG");
        } else if spec::RuntimeName::providing(name).is_empty() {
            out.push_str("NAME");
        } else {
            out.push_str(name);
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

/// `s` with each quoted LLVM type ([`is_ll_type`] between `'` and `'`,
/// `` ` `` and `'`, or `"` and `"`) replaced by `TYPE` between the same
/// quotes. A type may hold spaces (`'{ i64, [0 x i8*] }*'`), so this works
/// on the whole line, not word by word.
fn quoted_types(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find(['`', '\'', '"']) {
        let open = rest.as_bytes()[k] as char;
        let close = if open == '"' { "\"" } else { "'`" };
        let after = &rest[k + 1..];
        match after.find(|c: char| close.contains(c)) {
            Some(end) if is_ll_type(&after[..end]) => {
                out.push_str(&rest[..=k]);
                out.push_str("TYPE");
                out.push_str(&after[end..=end]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str(&rest[..=k]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// True when `t` is written as an LLVM type of the LLVMlite spec (and
/// LLVM's own messages): made only of the base types (`i1`, `i64`, `void`,
/// `ptr`, ...), named types (`%node`), array counts and `x`, and the
/// punctuation of pointers, arrays, structures and functions
/// (`*`, `[]`, `{}`, `()`, `,`, `...`); with a base type, or a named type
/// that some punctuation makes a type (a bare `%node` is as much a local's
/// name, which [`normalise`] makes `NAME`).
fn is_ll_type(t: &str) -> bool {
    let t = t.trim();
    if t.is_empty() {
        return false;
    }
    let is_base = |w: &str| {
        matches!(w, "void" | "ptr" | "label" | "float" | "double")
            || w.strip_prefix('i')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    let (mut base, mut named, mut punct) = (false, false, false);
    let mut rest = t;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[1..];
        } else if "*[]{}()<>,.".contains(c) {
            punct = true;
            rest = &rest[1..];
        } else {
            let (sigil, body) = match rest.strip_prefix('%') {
                Some(b) => (true, b),
                None => (false, rest),
            };
            // A named type may hold dots (`%struct.node`); a base type
            // ends at one (`...` of a variadic function).
            let len = body
                .find(|c: char| !is_ll_name_char(c) || (!sigil && c == '.'))
                .unwrap_or(body.len());
            let w = &body[..len];
            if w.is_empty() {
                return false;
            }
            if sigil {
                named = true;
            } else if is_base(w) {
                base = true;
            } else if !(w == "x" || w.chars().all(|c| c.is_ascii_digit())) {
                return false;
            }
            rest = &body[len..];
        }
    }
    base || (named && punct)
}

/// The characters a quoted name is made of (an assembler or LLVM symbol).
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '@' | '%' | '-')
}

/// `w` with each quoted name (an opening `` ` `` or `'` closed by `'` or
/// `` ` ``, or `"` closed by `"`, around one or more name characters)
/// replaced by `NAME` between the same quotes.
fn quoted_names(w: &str) -> String {
    let cs: Vec<char> = w.chars().collect();
    let quote = |c: char| matches!(c, '`' | '\'' | '"');
    // `b5' and 'b5' (and `b5`) close with ' or `; "b5" with ".
    let closes = |open: char, c: char| {
        if open == '"' {
            c == '"'
        } else {
            matches!(c, '`' | '\'')
        }
    };
    let mut out = String::with_capacity(w.len());
    let mut i = 0;
    while i < cs.len() {
        if quote(cs[i]) {
            let len = cs[i + 1..].iter().take_while(|&&c| is_name_char(c)).count();
            let close = i + 1 + len;
            if len > 0 && cs.get(close).is_some_and(|&c| closes(cs[i], c)) {
                let inner: String = cs[i + 1..close].iter().collect();
                out.push(cs[i]);
                // A type [`quoted_types`] made `TYPE` stays one.
                out.push_str(if inner == "TYPE" { "TYPE" } else { "NAME" });
                out.push(cs[close]);
                i = close + 1;
                continue;
            }
        }
        out.push(cs[i]);
        i += 1;
    }
    out
}

/// True for an x86-64 general-purpose, instruction-pointer or vector
/// register name (without its `%`).
fn is_register(n: &str) -> bool {
    const WIDE: [&str; 8] = ["ax", "bx", "cx", "dx", "si", "di", "bp", "sp"];
    let n = n.to_ascii_lowercase();
    let numbered = |rest: &str| {
        let digits = rest.trim_end_matches(['d', 'w', 'b']);
        !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
            && digits.parse::<u32>().is_ok_and(|k| (8..=15).contains(&k))
    };
    let vector = |rest: &str| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit());
    WIDE.iter()
        .any(|r| n == *r || n == format!("r{r}") || n == format!("e{r}") || n == format!("{r}l"))
        || ["al", "bl", "cl", "dl", "ah", "bh", "ch", "dh", "rip", "eip"].contains(&n.as_str())
        || n.strip_prefix('r').is_some_and(numbered)
        || ["xmm", "ymm", "zmm"]
            .iter()
            .any(|p| n.strip_prefix(p).is_some_and(vector))
}

/// `w` with every `%` followed by a register name (`%rax`, `%r10d`)
/// replaced by `%REG`.
fn registers_to_reg(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    let mut rest = w;
    while let Some(k) = rest.find('%') {
        out.push_str(&rest[..=k]);
        let after = &rest[k + 1..];
        let len = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        if is_register(&after[..len]) {
            out.push_str("REG");
            rest = &after[len..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
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
/// them, in the order of [`spread_over_groups`]: programs are grouped by
/// the key of their first failing run (its trace's key, [`traced_key`],
/// else its signature), and sized by instruction count. Compile timeouts
/// are never reduced (each candidate would cost a whole timeout); run
/// timeouts are.
pub fn reduction_order(results: &[CaseResult], budget: usize) -> Vec<usize> {
    let candidates = results.iter().enumerate().filter_map(|(i, r)| {
        let k = r.first_failure()?;
        let sig = r
            .verdicts
            .get(k)
            .and_then(signature)
            .filter(|(c, _)| *c != Category::CompileTimeout)?;
        let key = (sig.0, traced_key(r, k, &sig).unwrap_or(sig.1));
        Some((i, key, gen::shrink::insn_count(&r.case.prog)))
    });
    spread_over_groups(candidates, budget)
}

/// The one order in which every subject's failures are reduced
/// (docs/grading.md, "The reduction budget is spread over the groups"):
/// `candidates` are `(index, group key, size)`; at most `budget` indices
/// are taken, one from each group per round, largest group first (ties:
/// the group seen first), and within a group the smallest program first
/// (ties: the lower index): its reduction is the quickest.
pub fn spread_over_groups<K: std::hash::Hash + Eq>(
    candidates: impl IntoIterator<Item = (usize, K, usize)>,
    budget: usize,
) -> Vec<usize> {
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut at: HashMap<K, usize> = HashMap::new();
    for (i, key, size) in candidates {
        let k = *at.entry(key).or_insert_with(|| {
            groups.push(vec![]);
            groups.len() - 1
        });
        groups[k].push((size, i));
    }
    groups.sort_by_key(|members| std::cmp::Reverse(members.len()));
    for members in &mut groups {
        members.sort();
    }
    let mut order = Vec::new();
    let mut round = 0;
    while order.len() < budget {
        let mut any = false;
        for members in &groups {
            if let Some(&(_, i)) = members.get(round) {
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

/// True for the categories whose groups are split by the shape of their
/// reduced programs: the program was built and behaved differently (a
/// wrong result, wrong output, a crash), so the compiler's words cannot
/// tell causes apart.
pub fn is_behavioural(c: Category) -> bool {
    matches!(
        c,
        Category::WrongResult | Category::WrongOutput | Category::Crash
    )
}

/// The most operations a group's name lists of its shape.
const SHOWN_OPERATIONS: usize = 8;

/// The group key of a behavioural run of category `cat` and signature key
/// `key` whose reduction has shape `shape`: the operations of the shape
/// that compute ([`computing_operations`]: `reduces to icmp slt, br i1`),
/// after the signal for a crash. How a wrong value or stdout differs is left out: the reduced
/// program names the cause, and one cause shows both ways.
pub fn shape_key(cat: Category, key: &str, shape: &str) -> String {
    let ops = computing_operations(&operations(shape));
    let mut shown = ops
        .iter()
        .take(SHOWN_OPERATIONS)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if ops.len() > SHOWN_OPERATIONS {
        shown.push_str(&format!(
            ", ... ({} in all) [shape {}]",
            ops.len(),
            shape_id(&ops.join(", "))
        ));
    }
    if shown.is_empty() {
        shown = "no instructions".into();
    }
    match cat {
        Category::Crash => format!("{key}; reduces to {shown}"),
        _ => format!("reduces to {shown}"),
    }
}

/// The operations of a reduced program that compute, each once, in order
/// of first appearance: `ret` and `br` left out, and `call` too when
/// anything else remains (a reduction that keeps a call around the
/// miscompiled `sub` shows the same cause as one that does not).
pub fn computing_operations(ops: &[String]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for o in ops {
        if o != "ret" && o != "br" && !seen.contains(o) {
            seen.push(o.clone());
        }
    }
    if seen.iter().any(|o| o != "call") {
        seen.retain(|o| o != "call");
    }
    seen
}

/// The start of a group key that names a failure's first wrong value
/// (`first wrong value: icmp sle i64`, or for an optimiser its first
/// undefined behaviour): one cause whatever the run's category, so the
/// reports' groups with such a key take runs of every category
/// ([`one_cause_in_every_category`]).
pub const FIRST_WRONG: [&str; 2] = ["first wrong value: ", "first undefined behaviour: "];

/// True for a group key that names a first wrong value ([`FIRST_WRONG`]).
pub fn names_a_wrong_value(key: &str) -> bool {
    FIRST_WRONG.iter().any(|p| key.starts_with(p))
}

/// The key of the runs the alloca construct probe explains
/// (`trace::construct`): memory an `alloca` gave that does not keep what
/// was stored in it (a CIS341-style `compile_alloca` that moves `%rsp` up
/// past the slot it hands out, so the slot lies in the frame's own slots
/// and the next call's pushes overwrite it). Like a first wrong value it
/// is one cause in every category: one program reads a wrong number back,
/// another a wrong address and crashes.
pub const ALLOCA_MEMORY: &str = "memory from alloca does not keep what is stored in it";

/// True for a group key that is one cause whatever the category of its
/// runs, so that its group takes runs of every category: a first wrong
/// value ([`names_a_wrong_value`]) or [`ALLOCA_MEMORY`].
pub fn one_cause_in_every_category(key: &str) -> bool {
    names_a_wrong_value(key) || key == ALLOCA_MEMORY
}

/// The group key run `i` of `r` (with signature `sig`) gets from its
/// trace (docs/grading.md, "The first wrong value"): the trace's key
/// (`first wrong value: icmp sle i64`), after the signature's key for a
/// crash or a timeout whose trace names no wrong value (`killed by signal
/// 11; the trace stops after load i64`); `None` when the run was not
/// traced or tracing gave no key.
pub fn traced_key(r: &CaseResult, i: usize, sig: &(Category, String)) -> Option<String> {
    let t = r.traces.get(i)?.as_ref()?.key.as_ref()?;
    Some(match sig.0 {
        Category::Crash | Category::RunTimeout if !one_cause_in_every_category(t) => {
            format!("{}; {t}", sig.1)
        }
        _ => t.clone(),
    })
}

/// The starts of the trace keys that say only where the trace ended, not
/// why the run failed: a crash's trace cut after whatever instruction ran
/// last (`the trace stops after icmp sge i64`), a path that went wrong
/// with no conditional branch to blame (`first wrong path after load
/// i64`), or every traced value right. One cause (a parameter kept in a
/// register that a later instruction overwrites) crashes after a different
/// last instruction in each program, so [`keys`] does not key by them.
pub const WHERE_THE_TRACE_ENDED: [&str; 3] = [
    "the trace stops ",
    "first wrong path after ",
    "every traced value right",
];

/// True when the trace key `t` names a cause: not one of
/// [`WHERE_THE_TRACE_ENDED`].
pub fn names_a_cause(t: &str) -> bool {
    !WHERE_THE_TRACE_ENDED.iter().any(|p| t.starts_with(p))
}

/// [`traced_key`] when the trace names a cause ([`names_a_cause`]).
fn traced_cause(r: &CaseResult, i: usize, sig: &(Category, String)) -> Option<String> {
    let t = r.traces.get(i)?.as_ref()?.key.as_ref()?;
    names_a_cause(t).then(|| traced_key(r, i, sig)).flatten()
}

/// True for the categories whose runs without a key of their own join the
/// commonest key their signature's other runs show: the behavioural ones
/// ([`is_behavioural`]) and run timeouts.
fn joins_its_signature(c: Category) -> bool {
    is_behavioural(c) || c == Category::RunTimeout
}

/// The group key of every failing run of `results` (parallel to `results`
/// and to each one's verdicts; `None` for a run that did not fail): the
/// run's [`signature`] key, and for a run that was built and behaved
/// differently its cause (docs/grading.md, "Groups"):
/// - a traced run whose trace names a cause is keyed by it
///   ([`traced_key`]: the first wrong value, the first wrong path; a
///   trace that says only where it ended, [`WHERE_THE_TRACE_ENDED`], is
///   no cause);
/// - else a behavioural run ([`is_behavioural`]) reduced to a fixed point
///   (its reduction not stopped by a bound) is keyed by its reduction's
///   operations ([`shape_key`]);
/// - any other behavioural run or run timeout joins the one key the
///   signature's keyed runs show when they show one; when they show
///   several it joins the commonest; when there is none it keeps the
///   signature alone.
pub fn keys(results: &[CaseResult]) -> Vec<Vec<Option<String>>> {
    let finished = |r: &CaseResult, i: usize| {
        r.reduced
            .as_ref()
            .filter(|(j, red)| *j == i && !red.bounded)
            .map(|(_, red)| shape(&red.prog))
    };
    // Per signature, the keys of its runs that have one of their own.
    let mut shapes: HashMap<(Category, String), BTreeMap<String, usize>> = HashMap::new();
    // Per run: its signature and the key of its own.
    type Own = Option<((Category, String), Option<String>)>;
    let mut own: Vec<Vec<Own>> = Vec::new();
    for r in results {
        let mut runs = Vec::new();
        for (i, v) in r.verdicts.iter().enumerate() {
            let Some(sig) = signature(v) else {
                runs.push(None);
                continue;
            };
            let s = traced_cause(r, i, &sig).or_else(|| {
                is_behavioural(sig.0)
                    .then(|| finished(r, i))
                    .flatten()
                    .map(|s| shape_key(sig.0, &sig.1, &s))
            });
            if let Some(s) = &s {
                *shapes
                    .entry(sig.clone())
                    .or_default()
                    .entry(s.clone())
                    .or_default() += 1;
            }
            runs.push(Some((sig, s)));
        }
        own.push(runs);
    }
    own.into_iter()
        .map(|runs| {
            runs.into_iter()
                .map(|run| {
                    let ((cat, key), s) = run?;
                    if !joins_its_signature(cat) {
                        return Some(key);
                    }
                    if let Some(s) = s {
                        return Some(s);
                    }
                    let found = shapes.get(&(cat, key.clone()));
                    // The commonest cause its signature's runs show
                    // (ties: the first key in order); none: the signature.
                    Some(
                        found
                            .and_then(|m| {
                                m.iter()
                                    .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
                                    .map(|(k, _)| k.clone())
                            })
                            .unwrap_or(key),
                    )
                })
                .collect()
        })
        .collect()
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
    fn names_mnemonics_and_registers_within_one_cause_are_one_key() {
        let clash = |name: &str, line: usize| {
            build_key(&format!(
                "exit 1\n/tmp/lloracle-a1/p3.s:{line}: Error: symbol `{name}' is already defined\n"
            ))
        };
        assert_eq!(clash("b5", 12), clash("head", 40));
        assert_eq!(
            clash("b5", 12),
            "exit N: FILE Error: symbol `NAME' is already defined"
        );
        let mismatch = |op: &str, reg: &str| {
            build_key(&format!(
                "exit 1\nx.s:7: Error: operand type mismatch for `{op}' near %{reg}\n"
            ))
        };
        assert_eq!(mismatch("xor", "rax"), mismatch("imul", "r10d"));
        assert!(mismatch("xor", "rax").ends_with("for `NAME' near %REG"));
        assert_eq!(
            normalise("use of undefined value '%x1' in %rcx, not %x1"),
            "use of undefined value 'NAME' in %REG, not %x1",
            "LLVM's locals are not registers"
        );
    }

    /// A back end's own message naming the operands it could not shift:
    /// a stack slot in one program, a register in another, one cause.
    #[test]
    fn memory_and_register_operands_within_one_cause_are_one_key() {
        let shift = |ops: &str| {
            build_key(&format!(
                "exit 2\nFatal error: exception Failure(\"shift instruction has invalid operands: {ops}\\n\")\n"
            ))
        };
        assert_eq!(shift("-8(%rbp), %r10"), shift("%rsi, %r10"));
        assert_eq!(shift("(%rax), %rcx"), shift("24(%rax,%rcx,8), %r11"));
        assert!(
            shift("-8(%rbp), %r10").ends_with("invalid operands: %REG, %REG\\n\")"),
            "{}",
            shift("-8(%rbp), %r10")
        );
        // Parentheses that hold no operand are left alone.
        assert_eq!(normalise("f(x) (12)"), "f(x) (N)");
    }

    #[test]
    fn llvm_types_in_quotes_are_one_key() {
        // LLVM's message for a local used at another type than it was
        // defined with; each program has its own pair of types, one cause.
        let clash = |name: &str, defined: &str, expected: &str| {
            build_key(&format!(
                "exit 1\nllc: /tmp/lloracle-b2/p7.ll:12:30: error: '%{name}' defined with type \
                 '{defined}' but expected '{expected}'\n"
            ))
        };
        let want = "exit N: llc: FILE error: 'NAME' defined with type 'TYPE' but expected 'TYPE'";
        for (name, defined, expected) in [
            ("x1", "i64*", "%node**"),
            ("_tmp42", "{ i64, [0 x i8*] }*", "i64"),
            ("t", "[3 x i8]", "%struct.list*"),
            ("y", "i64 (i64, i8**)*", "i1"),
        ] {
            assert_eq!(clash(name, defined, expected), want);
        }
        // Quoted words that are not types keep their own rules.
        assert_eq!(normalise("'%x1' 'main' 'x'"), "'NAME' 'NAME' 'NAME'");
        assert_eq!(
            normalise("can't parse 'i8*' here"),
            "can't parse 'TYPE' here"
        );
        assert!(!is_ll_type("hello world"));
        assert!(!is_ll_type("%node"), "a bare named type is a name");
        assert!(is_ll_type("%node*"));
    }

    #[test]
    fn a_front_ends_register_and_function_names_are_one_key() {
        // The same load, written by one front end in three programs under
        // the names its counter gave the registers (a named GEP, then
        // numbered temporaries): one instruction, so one key.
        let keys: Vec<String> = [
            "%_arr_el_gep200 = load i64, i64* %_arr_el_gep199",
            "%445 = load i64, i64* %444",
            "%390 = load i64, i64* %_arr_el_gep12",
        ]
        .iter()
        .map(|l| normalise_ll(l))
        .collect();
        assert_eq!(keys[0], "%REG = load i64, i64* %REG");
        assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");
        // A program's own functions are one name; the runtime's keep
        // theirs (a call of `print_int` is not a call of `print_string`).
        assert_eq!(
            normalise_ll("%r = call i64 @sieve(i64 %n)"),
            normalise_ll("%t3 = call i64 @program(i64 %argc)")
        );
        assert_eq!(
            normalise_ll("call void @print_int(i64 %x)"),
            "call void @print_int(i64 %REG)"
        );
        assert_ne!(
            normalise_ll("call void @print_int(i64 %x)"),
            normalise_ll("call void @print_string(i64 %x)")
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
            syscall: None,
            stdout: vec![],
        };
        assert_eq!(run_key(&ret(1, b""), &crash), "killed by signal 11");
        // A refused system call is its own cause, named (x86-64: 87 is
        // unlink, 31 is SIGSYS).
        let refused = Outcome::Crashed {
            signal: 31,
            syscall: Some(87),
            stdout: vec![],
        };
        assert_eq!(
            run_key(&ret(1, b""), &refused),
            "killed by signal 31: the program made system call 87 (unlink)"
        );
    }
}

//! A course's own Oat tests into lloracle's Oat test format
//! (docs/oat-tests.md, "Importing a course's tests"): the executed tests of
//! a `gradedtests.ml` or `studenttests.ml`, the triples
//! `("path.oat", "args", "expected")`, become `CHECK-RUN`, `CHECK-ARGS` and
//! `CHECK-COURSE-OUTPUT` lines appended to a copy of each `.oat` file; the
//! files of lists given to `typecheck_file_error` become `CHECK-ILL-TYPED`.
//!
//! Only what is written out literally is imported. Every entry that is
//! not (an expectation computed in OCaml, a path built with `^`, a missing
//! file, a file with two meanings) is returned in [`Import::skipped`] with
//! its `.ml` file and line, never dropped silently.

pub mod needs;
mod ocaml;

use crate::corpus::{self, Syntax};
use ocaml::{Tok, Token};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Component, Path, PathBuf};

/// The function of the course harness that runs a list of triples.
const EXECUTED: &str = "executed_oat_file";
/// The functions whose list of files must fail to type-check.
const MUST_FAIL: &str = "typecheck_file_error";
/// The function whose list of files must type-check (they are not run).
const MUST_CHECK: &str = "typecheck_file_correct";

/// Where an entry of a test list is written: the `.ml` file and line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Origin {
    /// The `.ml` file as given.
    pub ml: PathBuf,
    /// The 1-based line of the entry.
    pub line: u32,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.ml.display(), self.line)
    }
}

/// An entry that was not imported, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Where it is written.
    pub origin: Origin,
    /// Why it was not imported.
    pub why: String,
    /// The kind of reason, for the counts.
    pub kind: SkipKind,
}

/// The kind of reason an entry was not imported (`import-tests` counts
/// them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SkipKind {
    /// No `.oat` file where the entry says.
    MissingFile,
    /// A path built with `^` from names whose value is not known.
    Concatenated,
    /// An expectation computed in OCaml, not written out.
    ComputedInOcaml,
    /// Two entries that cannot both hold.
    Conflicting,
    /// A test the course only type-checks: no expectation to run it with.
    NeverRun,
    /// A list not given to the course's harness functions.
    UnknownUse,
    /// Arguments the course's shell would split otherwise than CHECK-ARGS.
    NeedsShell,
    /// A file that has CHECK- lines already.
    Annotated,
    /// Anything else (an unreadable file, a path leaving its folder).
    Other,
}

impl SkipKind {
    /// The words of the count line (`3 missing .oat files`).
    pub fn describe(self) -> &'static str {
        match self {
            SkipKind::MissingFile => "missing .oat files",
            SkipKind::Concatenated => "entries built with `^`",
            SkipKind::ComputedInOcaml => "entries computed in OCaml",
            SkipKind::Conflicting => "entries in conflict",
            SkipKind::NeverRun => "type-checked only (never run)",
            SkipKind::UnknownUse => "in lists of unknown use",
            SkipKind::NeedsShell => "arguments that need the shell",
            SkipKind::Annotated => "files annotated already",
            SkipKind::Other => "other",
        }
    }
}

/// One run of an imported test: the harness's arguments and expected
/// string (what its `> file 2>&1` file holds, then the exit status).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedRun {
    /// The arguments as the triple writes them (split at white space).
    pub args: String,
    /// The expected string, its escapes decoded.
    pub expected: Vec<u8>,
    /// Where the triple is written.
    pub origin: Origin,
}

/// One `.oat` file to write: where it comes from, where it goes, and its
/// runs or its must-fail-to-type-check mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedTest {
    /// The course's `.oat` file.
    pub source: PathBuf,
    /// Its path under the output folder (the path the list writes).
    pub dest: PathBuf,
    /// Its runs, in the order the lists give them (empty when ill-typed).
    pub runs: Vec<ImportedRun>,
    /// `Some(origin)` when a list given to `typecheck_file_error` has it.
    pub ill_typed: Option<Origin>,
}

/// What the `.ml` files give: the tests to write and what was left out.
#[derive(Clone, Debug, Default)]
pub struct Import {
    /// The tests, by destination path.
    pub tests: Vec<ImportedTest>,
    /// Entries not imported, with their origin and reason, in file order.
    pub skipped: Vec<Skipped>,
}

impl Import {
    /// The number of runs over all tests.
    pub fn runs(&self) -> usize {
        self.tests.iter().map(|t| t.runs.len()).sum()
    }

    /// How many entries were not imported for each kind of reason, by the
    /// kind's words ([`SkipKind::describe`]).
    pub fn skipped_kinds(&self) -> BTreeMap<&'static str, usize> {
        let mut kinds = BTreeMap::new();
        for k in &self.skipped {
            *kinds.entry(k.kind.describe()).or_default() += 1;
        }
        kinds
    }
}

/// What one list entry says about one `.oat` file.
#[derive(Clone, Debug)]
enum Meaning {
    /// An executed triple.
    Run { args: String, expected: Vec<u8> },
    /// A file that must fail to type-check.
    IllTyped,
}

/// One literal entry: the path as written, what it means, where.
#[derive(Clone, Debug)]
struct Entry {
    path: EntryPath,
    meaning: Meaning,
    origin: Origin,
}

/// An entry's `.oat` path: written out, or a named prefix (`prefix ^
/// "x.oat"`, where `let prefix = ... ^ "dir/sub/"`) whose literal tail is
/// known and put in front.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EntryPath {
    /// The path, with the prefix's literal tail in front when there is one.
    text: String,
    /// True when it came through a named prefix: only the tail of the
    /// prefix is known, so [`resolve`] looks for the folder it names.
    prefixed: bool,
}

/// Reads the `.ml` files `mls` (their text given) and plans the import:
/// each entry is resolved against the `.ml` file's folder (then the folder
/// named after the `.ml` file, where student test collections keep their
/// programs), and entries of one `.oat` file are gathered into one test.
pub fn plan(mls: &[(PathBuf, String)]) -> Import {
    let mut imp = Import::default();
    let mut by_dest: BTreeMap<PathBuf, (PathBuf, Vec<Entry>)> = BTreeMap::new();
    let root = common_folder(
        mls.iter()
            .map(|(ml, _)| ml.parent().unwrap_or(Path::new(""))),
    );
    for (ml, text) in mls {
        let (entries, skipped) = read_entries(ml, text);
        imp.skipped.extend(skipped);
        for e in entries {
            let found = resolve(ml, &e.path).and_then(|(source, ending)| {
                // Under the folder of all the lists, a file's path there
                // names it; a file outside it goes by the path's ending.
                let dest = source.strip_prefix(&root).map_or(ending, Path::to_path_buf);
                match by_dest.get(&dest) {
                    Some((other, _)) if *other != source => Err((
                        SkipKind::Conflicting,
                        format!(
                            "{}: {} and {} would both be written as {}: conflicting",
                            e.path.text,
                            other.display(),
                            source.display(),
                            dest.display()
                        ),
                    )),
                    _ => Ok((source, dest)),
                }
            });
            match found {
                Ok((source, dest)) => by_dest
                    .entry(dest)
                    .or_insert_with(|| (source, Vec::new()))
                    .1
                    .push(e),
                Err((kind, why)) => imp.skipped.push(Skipped {
                    origin: e.origin,
                    why,
                    kind,
                }),
            }
        }
    }
    for (dest, (source, entries)) in by_dest {
        match gather(&source, dest, entries) {
            Ok(t) => imp.tests.push(t),
            Err(s) => imp.skipped.extend(s),
        }
    }
    imp.skipped.sort_by(|a, b| a.origin.cmp(&b.origin));
    imp
}

/// The deepest folder that holds all of `dirs` (as written: all relative
/// or all absolute paths share their leading components).
fn common_folder<'a>(mut dirs: impl Iterator<Item = &'a Path>) -> PathBuf {
    let Some(first) = dirs.next() else {
        return PathBuf::new();
    };
    let mut common: Vec<Component> = first.components().collect();
    for d in dirs {
        let n = common
            .iter()
            .zip(d.components())
            .take_while(|(a, b)| *a == b)
            .count();
        common.truncate(n);
    }
    common.iter().collect()
}

/// The literal entries of one `.ml` file, and the entries it cannot read.
fn read_entries(ml: &Path, text: &str) -> (Vec<Entry>, Vec<Skipped>) {
    let toks = ocaml::tokens(text);
    let lists = ocaml::lists(&toks);
    let tails = ocaml::string_tails(&toks);
    let must_fail = closure(&toks, MUST_FAIL);
    let must_check = closure(&toks, MUST_CHECK);
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    let origin = |line| Origin {
        ml: ml.to_path_buf(),
        line,
    };
    for list in &lists {
        let named = |set: &[String]| list.bound_to.as_ref().is_some_and(|n| set.contains(n));
        let fails = list.given_to.as_deref() == Some(MUST_FAIL) || named(&must_fail);
        let checks = list.given_to.as_deref() == Some(MUST_CHECK) || named(&must_check);
        for el in &list.elements {
            let line = el.first().map_or(list.line, |t| t.line);
            match element(el, &tails) {
                Element::Triple(path, args, expected) => entries.push(Entry {
                    path,
                    meaning: Meaning::Run { args, expected },
                    origin: origin(line),
                }),
                Element::Path(path) if fails => entries.push(Entry {
                    path,
                    meaning: Meaning::IllTyped,
                    origin: origin(line),
                }),
                Element::Path(path) if checks => skipped.push(Skipped {
                    origin: origin(line),
                    why: format!(
                        "{}: only type-checked by the course ({MUST_CHECK}), never run: no expectation",
                        path.text
                    ),
                    kind: SkipKind::NeverRun,
                }),
                Element::Path(path) => skipped.push(Skipped {
                    origin: origin(line),
                    why: format!(
                        "{}: in a list{} not given to {EXECUTED}, {MUST_FAIL} or {MUST_CHECK}: its meaning is unknown",
                        path.text,
                        list.bound_to.as_ref().map(|n| format!(" `{n}`")).unwrap_or_default()
                    ),
                    kind: SkipKind::UnknownUse,
                }),
                Element::Unreadable(kind, why) => skipped.push(Skipped {
                    origin: origin(line),
                    why,
                    kind,
                }),
                Element::Other => {}
            }
        }
    }
    (entries, skipped)
}

/// The list names given to `f`, with the names they are concatenated
/// from (`let all = a @ b` given to `f` gives `all`, `a` and `b`).
fn closure(toks: &[Token], f: &str) -> Vec<String> {
    let parts = ocaml::concatenations(toks);
    let mut names = ocaml::arguments_of(toks, f);
    let mut i = 0;
    while let Some(n) = names.get(i).cloned() {
        for (whole, ps) in &parts {
            if *whole == n {
                names.extend(
                    ps.iter()
                        .filter(|p| !names.contains(p))
                        .cloned()
                        .collect::<Vec<_>>(),
                );
            }
        }
        i += 1;
    }
    names
}

/// What one list element is.
enum Element {
    /// `("p.oat", "args", "expected")`, literally (the path may have a
    /// named prefix).
    Triple(EntryPath, String, Vec<u8>),
    /// `"p.oat"`, literally (or with a named prefix).
    Path(EntryPath),
    /// An element that mentions an `.oat` file but is not literal: why.
    Unreadable(SkipKind, String),
    /// Anything else (not an Oat test entry).
    Other,
}

/// Classifies the tokens of one list element; `tails` are the literal
/// tails of the names bound to strings ([`ocaml::string_tails`]).
fn element(el: &[Token], tails: &HashMap<String, Vec<u8>>) -> Element {
    let inner = match el {
        [open, inner @ .., close] if ocaml::is_punct(open, "(") && ocaml::is_punct(close, ")") => {
            inner
        }
        _ => el,
    };
    let parts = ocaml::split_top(inner, ",");
    let lit = |p: &Vec<Token>| match p.as_slice() {
        [Token {
            kind: Tok::Str(s), ..
        }] => Some((s.clone(), false)),
        [Token {
            kind: Tok::Ident(name),
            ..
        }, caret, Token {
            kind: Tok::Str(s), ..
        }] if ocaml::is_punct(caret, "^") => {
            tails.get(name).map(|t| ([t.as_slice(), s].concat(), true))
        }
        _ => None,
    };
    // An element that names an `.oat` file anywhere (`prefix ^ "x.oat"`).
    let mentions_oat = el
        .iter()
        .any(|t| matches!(&t.kind, Tok::Str(s) if s.ends_with(b".oat")));
    let lits: Vec<Option<(Vec<u8>, bool)>> = parts.iter().map(lit).collect();
    let path = |(p, prefixed): &(Vec<u8>, bool)| EntryPath {
        text: String::from_utf8_lossy(p).into_owned(),
        prefixed: *prefixed,
    };
    match lits.as_slice() {
        [Some(p)] if p.0.ends_with(b".oat") => Element::Path(path(p)),
        [Some(p), Some((a, false)), Some((x, false))] if p.0.ends_with(b".oat") => {
            match String::from_utf8(a.clone()) {
                Ok(args) => Element::Triple(path(p), args, x.clone()),
                Err(_) => {
                    Element::Unreadable(SkipKind::Other, "arguments that are not UTF-8".into())
                }
            }
        }
        _ if mentions_oat => {
            let (kind, why) = unreadable_why(el);
            Element::Unreadable(kind, why)
        }
        _ => Element::Other,
    }
}

/// Why an element that mentions an `.oat` file is not literal, and the
/// kind of that reason.
fn unreadable_why(el: &[Token]) -> (SkipKind, String) {
    let text = el
        .iter()
        .map(|t| match &t.kind {
            Tok::Str(s) => format!("{:?}", String::from_utf8_lossy(s)),
            Tok::BadStr(_) => "\"..\"".into(),
            Tok::Ident(i) | Tok::Punct(i) => i.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let text: String = text.chars().take(80).collect();
    if let Some(Tok::BadStr(why)) = el
        .iter()
        .map(|t| &t.kind)
        .find(|k| matches!(k, Tok::BadStr(_)))
    {
        (
            SkipKind::Other,
            format!("`{text}`: a string literal that cannot be read: {why}"),
        )
    } else if el.iter().any(|t| ocaml::is_punct(t, "^")) {
        (
            SkipKind::Concatenated,
            format!("`{text}`: built with `^` concatenation, not written out literally"),
        )
    } else {
        (
            SkipKind::ComputedInOcaml,
            format!("`{text}`: computed in OCaml, not a literal (\"path.oat\", \"args\", \"expected\") triple"),
        )
    }
}

/// The course's file for `path` as `ml` writes it, and its path under the
/// output folder; `Err` when the path leaves its folder or no file is
/// there. A written-out path is looked for in the `.ml` file's folder, then
/// in the folder named after the `.ml` file. A path behind a named prefix
/// (`prefix ^ "x.oat"`, only the prefix's literal tail known, such as
/// `"./tests/04/nicdard/"`) is looked for as each ending of it, longest
/// first (`tests/04/nicdard/x.oat`, `04/nicdard/x.oat`, ...), under the
/// `.ml` file's folder and the two folders above it. The second path
/// returned is the ending found (the `.oat` path without the folder).
fn resolve(ml: &Path, path: &EntryPath) -> Result<(PathBuf, PathBuf), (SkipKind, String)> {
    let rel = Path::new(&path.text);
    let dir = ml.parent().unwrap_or(Path::new(""));
    let parts: Vec<&std::ffi::OsStr> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(p) => Some(Ok(p)),
            Component::CurDir => None,
            _ => Some(Err(())),
        })
        .collect::<Result<_, _>>()
        .map_err(|()| {
            let why = format!(
                "{}: an absolute path or one with `..`: it would leave the output folder",
                path.text
            );
            (SkipKind::Other, why)
        })?;
    let mut candidates: Vec<(PathBuf, PathBuf)> = Vec::new();
    let whole: PathBuf = parts.iter().collect();
    if path.prefixed {
        for k in 0..parts.len() {
            let tail: PathBuf = parts[k..].iter().collect();
            for base in dir.ancestors().take(3) {
                candidates.push((base.join(&tail), tail.clone()));
            }
        }
    } else {
        let stem = ml.file_stem().map(PathBuf::from).unwrap_or_default();
        candidates.push((dir.join(&whole), whole.clone()));
        candidates.push((dir.join(&stem).join(&whole), stem.join(&whole)));
    }
    if let Some(found) = candidates.iter().find(|(src, _)| src.is_file()) {
        return Ok(found.clone());
    }
    let looked: Vec<String> = candidates
        .iter()
        .take(2)
        .map(|(c, _)| c.display().to_string())
        .collect();
    let why = format!(
        "{}: no such file (looked for {}{})",
        path.text,
        looked.join(" and "),
        if candidates.len() > 2 {
            " and the path's other endings"
        } else {
            ""
        }
    );
    Err((SkipKind::MissingFile, why))
}

/// The entries of one `.oat` file as one test; `Err` with every entry
/// when they conflict (a run and a must-fail mark, two expectations for
/// one argument string) or the file cannot be read or is annotated
/// already.
fn gather(source: &Path, dest: PathBuf, entries: Vec<Entry>) -> Result<ImportedTest, Vec<Skipped>> {
    let all_skipped = |kind: SkipKind, why: String| {
        entries
            .iter()
            .map(|e| Skipped {
                origin: e.origin.clone(),
                why: why.clone(),
                kind,
            })
            .collect::<Vec<_>>()
    };
    let mut runs: Vec<ImportedRun> = Vec::new();
    let mut ill_typed = None;
    for e in &entries {
        match &e.meaning {
            Meaning::IllTyped => {
                ill_typed.get_or_insert_with(|| e.origin.clone());
            }
            Meaning::Run { args, expected } => {
                if let Some(r) = runs
                    .iter()
                    .find(|r| r.args.split_whitespace().eq(args.split_whitespace()))
                {
                    if r.expected != *expected {
                        return Err(all_skipped(
                            SkipKind::Conflicting,
                            format!(
                            "{}: two expectations for arguments `{args}` ({} and {}): conflicting",
                            dest.display(),
                            r.origin,
                            e.origin
                        ),
                        ));
                    }
                    continue;
                }
                runs.push(ImportedRun {
                    args: args.clone(),
                    expected: expected.clone(),
                    origin: e.origin.clone(),
                });
            }
        }
    }
    if let (Some(it), Some(r)) = (&ill_typed, runs.first()) {
        return Err(all_skipped(
            SkipKind::Conflicting,
            format!(
                "{}: must fail to type-check ({it}) and is run ({}): conflicting",
                dest.display(),
                r.origin
            ),
        ));
    }
    if let Some(r) = runs.iter().find(|r| shell_free(&r.args).is_err()) {
        let why = shell_free(&r.args).err().unwrap_or_default();
        return Err(all_skipped(
            SkipKind::NeedsShell,
            format!("{}: arguments `{}` {why}", dest.display(), r.args),
        ));
    }
    let text = std::fs::read_to_string(source)
        .map_err(|e| all_skipped(SkipKind::Other, format!("{}: {e}", source.display())))?;
    match corpus::parse_expectation_in(&source.display().to_string(), &text, Syntax::Oat) {
        Err(e) if e.line == 0 => {}
        _ => {
            return Err(all_skipped(
                SkipKind::Annotated,
                format!(
                    "{}: has CHECK- lines already; import the lists into a fresh copy",
                    source.display()
                ),
            ))
        }
    }
    Ok(ImportedTest {
        source: source.to_path_buf(),
        dest,
        runs,
        ill_typed,
    })
}

/// `Ok` when the course's shell (`sh -c "exe ARGS > file 2>&1"`) splits
/// `args` at white space only, as `CHECK-ARGS` does; otherwise why not.
fn shell_free(args: &str) -> Result<(), String> {
    match args
        .chars()
        .find(|c| "\"'\\$`*?[]{}()<>|&;#~!".contains(*c))
    {
        Some(c) => Err(format!(
            "need the shell (`{c}`): CHECK-ARGS splits at white space only"
        )),
        None => Ok(()),
    }
}

/// The comment block appended to an imported test: a `CHECK-ILL-TYPED`
/// line, or per run `CHECK-RUN` (when there are several), `CHECK-ARGS`
/// and `CHECK-COURSE-OUTPUT`.
pub fn annotation_block(t: &ImportedTest) -> String {
    let mut s = String::from("\n/* Imported by `lloracle import-tests`");
    if let Some(o) = &t.ill_typed {
        s.push_str(&format!(
            ".\n   CHECK-ILL-TYPED: listed for {MUST_FAIL} at {o}\n*/\n"
        ));
        return s;
    }
    s.push_str(": the course's expected output (then the exit status).\n");
    let names = run_names(&t.runs);
    for (r, name) in t.runs.iter().zip(&names) {
        s.push_str(&format!("   from {}\n", r.origin));
        if t.runs.len() > 1 {
            s.push_str(&format!("   CHECK-RUN: {name}\n"));
        }
        let args: Vec<&str> = r.args.split_whitespace().collect();
        s.push_str(&format!(
            "   CHECK-ARGS:{}\n",
            args.iter().map(|a| format!(" {a}")).collect::<String>()
        ));
        s.push_str(&format!(
            "   CHECK-COURSE-OUTPUT: {}\n",
            escape(&r.expected)
        ));
    }
    s.push_str("*/\n");
    s
}

/// A name per run: its arguments joined by `-` (letters, digits, `.`,
/// `_`, `-` kept), `no-args` for none, or `run-N` when that is empty or
/// taken.
fn run_names(runs: &[ImportedRun]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, r) in runs.iter().enumerate() {
        let joined = r.args.split_whitespace().collect::<Vec<_>>().join("-");
        let clean: String = joined
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || "._-".contains(*c))
            .take(40)
            .collect();
        let name = match (r.args.trim().is_empty(), clean.is_empty()) {
            (true, _) => "no-args".to_string(),
            (false, false) if clean == joined => clean,
            _ => format!("run-{}", i + 1),
        };
        let name = if names.contains(&name) {
            format!("run-{}", i + 1)
        } else {
            name
        };
        names.push(name);
    }
    names
}

/// `bytes` as a `CHECK-COURSE-OUTPUT` argument: `\\`, `\n`, `\t`, `\xHH`
/// for other control and non-ASCII bytes, `*` before `/` as `\x2a` (it
/// would close the comment) and a last space as `\x20` (editors drop
/// trailing blanks).
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        let last = i + 1 == bytes.len();
        match b {
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'*' if bytes.get(i + 1) == Some(&b'/') => s.push_str("\\x2a"),
            b' ' if last => s.push_str("\\x20"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s
}

/// Writes every test of `imp` under `out`: the course's file, then its
/// annotation block. Stops at the first I/O error.
pub fn write(imp: &Import, out: &Path) -> Result<(), String> {
    for t in &imp.tests {
        let dest = out.join(&t.dest);
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let mut text = std::fs::read_to_string(&t.source)
            .map_err(|e| format!("{}: {e}", t.source.display()))?;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&annotation_block(t));
        std::fs::write(&dest, text).map_err(|e| format!("{}: {e}", dest.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn escapes_keep_the_comment_closed_and_the_last_blank() {
        assert_eq!(escape(b"a\\b\n\tc*/ "), "a\\\\b\\n\\tc\\x2a/\\x20");
        assert_eq!(escape(&[0x01, 0xff]), "\\x01\\xff");
        assert_eq!(
            corpus::unescape(&escape(b"x*/\\ \n ")).unwrap(),
            b"x*/\\ \n "
        );
    }

    #[test]
    fn elements_are_triples_paths_or_unreadable() {
        let tails = HashMap::from([("dir".to_string(), b"./a/b/".to_vec())]);
        let el = |s: &str| element(&ocaml::tokens(s), &tails);
        assert!(
            matches!(el(r#"("a.oat", "1 2", "x\n0")"#), Element::Triple(p, a, x) if p.text == "a.oat" && a == "1 2" && x == b"x\n0")
        );
        assert!(matches!(el(r#""a.oat", "", "0""#), Element::Triple(..)));
        assert!(
            matches!(el(r#""d/b.oat""#), Element::Path(p) if p.text == "d/b.oat" && !p.prefixed)
        );
        assert!(
            matches!(el(r#"(dir ^ "c.oat", "", "1")"#), Element::Triple(p, ..) if p.text == "./a/b/c.oat" && p.prefixed)
        );
        assert!(
            matches!(el(r#"(p ^ "c.oat", "", "1")"#), Element::Unreadable(SkipKind::Concatenated, w) if w.contains('^'))
        );
        assert!(
            matches!(el(r#"("c.oat", "", string_of_int 3)"#), Element::Unreadable(SkipKind::ComputedInOcaml, w) if w.contains("computed"))
        );
        assert!(matches!(el(r#"("x.ll", "3")"#), Element::Other));
    }

    #[test]
    fn runs_are_named_after_their_arguments() {
        let run = |a: &str| ImportedRun {
            args: a.into(),
            expected: vec![],
            origin: Origin {
                ml: "t.ml".into(),
                line: 1,
            },
        };
        let names = run_names(&[run(""), run("a b"), run("a/b"), run("a b")]);
        assert_eq!(names, ["no-args", "a-b", "run-3", "run-4"]);
    }
}

//! The corpus: `.ll` programs whose expectations are written in `; CHECK-...`
//! comment lines (docs/corpus-format.md). One file is one self-contained
//! test; the same expectations drive the oracle conformance test, the native
//! differential test and the LLVM cross-check.
//!
//! The bundled corpus is embedded in the binary ([`load_bundled`]), so an
//! installed `lloracle` needs no source tree; under cargo (the tests) the
//! files themselves are read ([`default_dir`]).
//!
//! The reader is strict: an unknown `; CHECK` line, an unknown undefined or
//! limit kind, a malformed escape, contradictory lines or a file without any
//! expectation are errors naming the file and line, so that a typo cannot
//! make a test pass silently.

use spec::{LimitKind, UndefinedKind};
use std::fmt;
use std::path::{Path, PathBuf};

/// How a run is expected to end (the outcome lines of docs/corpus-format.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `CHECK-RESULT: N`: `main` returns N.
    Result(i64),
    /// `CHECK-UNDEFINED: kind`: the machine crashes with that kind.
    Undefined(UndefinedKind),
    /// `CHECK-LIMIT: kind`: a resource limit ends the run.
    Limit(LimitKind),
    /// `CHECK-EXITED: N`: a course runtime function ends the run with C's
    /// `exit(N)` (an `oat_assert_*` check failing).
    Exited(u8),
    /// `CHECK-ABORTED`: a course runtime function's C `assert` fails
    /// (`abort`, status 134).
    Aborted,
    /// No outcome line: only the standard output is expected.
    Unspecified,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Result(v) => write!(f, "returns {v}"),
            Expected::Undefined(k) => write!(f, "undefined [{}]", k.name()),
            Expected::Limit(k) => write!(f, "limit [{}]", k.name()),
            Expected::Exited(n) => write!(f, "exits with status {n}"),
            Expected::Aborted => write!(f, "aborts"),
            Expected::Unspecified => write!(f, "any outcome"),
        }
    }
}

/// One run of a program: its arguments and what it must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The `CHECK-RUN` name, or `default` for a file with a single run.
    pub name: String,
    /// The 1-based line where the run starts (its `CHECK-RUN` line or its
    /// first expectation line).
    pub line: u32,
    /// argv[1..] (`CHECK-ARGS`, split at white space).
    pub args: Vec<String>,
    /// How the run ends.
    pub expect: Expected,
    /// The exact bytes printed (`CHECK-STDOUT` lines, each followed by a
    /// newline; `CHECK-NO-STDOUT` is the empty output); `None`: not checked.
    pub stdout: Option<Vec<u8>>,
    /// `CHECK-COURSE-OUTPUT`: what a course harness compares (stdout and
    /// stderr as `> file 2>&1` interleaves them, then the decimal exit
    /// status; see `spec::Outcome::course_output`); `None`: not checked.
    pub course_output: Option<Vec<u8>>,
}

/// Everything a corpus file says about itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectation {
    /// The runs (empty for an ill-typed or malformed program).
    pub runs: Vec<Run>,
    /// `CHECK-ILL-TYPED: rule`: the checker must reject the program naming this rule.
    pub ill_typed: Option<String>,
    /// `CHECK-MALFORMED`: the parser must reject the file.
    pub malformed: bool,
    /// `CHECK-DIVERGES-FROM-REFERENCE: why`, one entry per line.
    pub divergences: Vec<String>,
    /// `CHECK-RUNTIME: NAME`: the course runtime the program is checked
    /// and run with (`ll`, the spec's, when absent).
    pub runtime: spec::RuntimeName,
}

/// A corpus program with its expectation.
#[derive(Clone, Debug)]
pub struct CorpusFile {
    /// The path relative to the corpus directory (`calls/fac.ll`), `/`-separated.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// What it must do.
    pub expectation: Expectation,
}

impl CorpusFile {
    /// The file's name as diagnostics show it: `corpus/` and the relative path.
    pub fn display_name(&self) -> String {
        format!("corpus/{}", self.path.to_string_lossy())
    }

    /// The file as a [`spec::Source`] named by [`CorpusFile::display_name`].
    pub fn source(&self) -> spec::Source {
        spec::Source::new(self.display_name(), self.text.clone())
    }
}

/// The bundled corpus: `corpus/` of the source tree this crate was built
/// from. [`load_corpus`] reads it from the copy embedded in the binary
/// ([`load_bundled`]), so an installed `lloracle` needs no source tree,
/// except when cargo runs the program from that tree (`cargo test`,
/// `cargo run`), where the files themselves are read.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// True when `dir` is to be read from the embedded copy: it is
/// [`default_dir`], and either cargo is not running this program (cargo
/// sets `CARGO_MANIFEST_DIR` for `cargo test` and `cargo run`) or the source
/// tree is gone.
fn reads_embedded(dir: &Path) -> bool {
    dir == default_dir() && (std::env::var_os("CARGO_MANIFEST_DIR").is_none() || !dir.is_dir())
}

/// The bundled corpus, embedded in the binary when it was built.
static BUNDLED: include_dir::Dir<'static> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/corpus");

/// The bundled corpus as [`load_corpus`] reads it from [`default_dir`], but
/// from the copy embedded in the binary: the same files, sorted by path,
/// with every broken annotation reported at once.
pub fn load_bundled() -> Result<Vec<CorpusFile>, CorpusError> {
    load_bundled_in(Syntax::Ll, Path::new(""))
}

/// The embedded files of `syntax` under the bundled corpus's folder `under`
/// (relative to `corpus/`; empty for all), as [`load_bundled`] reads them.
pub fn load_bundled_in(syntax: Syntax, under: &Path) -> Result<Vec<CorpusFile>, CorpusError> {
    let mut files = Vec::new();
    let mut stack = vec![&BUNDLED];
    while let Some(d) = stack.pop() {
        stack.extend(d.dirs());
        for f in d.files() {
            if syntax.is_its_file(f.path()) && f.path().starts_with(under) {
                let text = String::from_utf8_lossy(f.contents()).into_owned();
                files.push((f.path().to_path_buf(), text));
            }
        }
    }
    read_annotations(files, false, syntax)
}

/// A broken annotation: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotationError {
    /// The file (as given to the reader).
    pub file: String,
    /// The 1-based line (0: the file as a whole).
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AnnotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for AnnotationError {}

/// Why the corpus could not be loaded.
#[derive(Debug)]
pub enum CorpusError {
    /// A file or directory could not be read.
    Io(PathBuf, std::io::Error),
    /// The annotations of one or more files are broken (all of them listed).
    Annotations(Vec<AnnotationError>),
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            CorpusError::Annotations(errs) => {
                write!(f, "{} broken corpus annotation(s):", errs.len())?;
                for e in errs {
                    write!(f, "\n  {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for CorpusError {}

/// A run being read, before its lines are checked for completeness.
#[derive(Default)]
struct RunBuilder {
    name: String,
    line: u32,
    args: Option<Vec<String>>,
    expect: Option<Expected>,
    stdout: Option<Vec<u8>>,
    no_stdout: bool,
    course_output: Option<Vec<u8>>,
    explicit: bool,
}

impl RunBuilder {
    fn is_empty(&self) -> bool {
        self.args.is_none()
            && self.expect.is_none()
            && self.stdout.is_none()
            && !self.no_stdout
            && self.course_output.is_none()
    }

    fn finish(self, file: &str) -> Result<Run, AnnotationError> {
        let stdout = if self.no_stdout {
            Some(Vec::new())
        } else {
            self.stdout
        };
        let expect = self.expect.unwrap_or(Expected::Unspecified);
        if expect == Expected::Unspecified && stdout.is_none() && self.course_output.is_none() {
            return Err(AnnotationError {
                file: file.to_string(),
                line: self.line,
                message: format!(
                    "run `{}` expects nothing: add CHECK-RESULT, CHECK-UNDEFINED, CHECK-LIMIT, CHECK-STDOUT or CHECK-NO-STDOUT",
                    self.name
                ),
            });
        }
        Ok(Run {
            name: self.name,
            line: self.line,
            args: self.args.unwrap_or_default(),
            expect,
            stdout,
            course_output: self.course_output,
        })
    }
}

/// The name of the run of a file that has no `CHECK-RUN` line.
pub const DEFAULT_RUN: &str = "default";

/// The language of an annotated test file, which says how its comment
/// lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// An LLVMlite `.ll` file: annotations are `; CHECK...` lines.
    Ll,
    /// An Oat `.oat` test for front ends: annotations are lines inside
    /// `/* ... */` comments (docs/oat-tests.md), and only the lines that
    /// say what a run prints and how it ends are allowed.
    Oat,
}

impl Syntax {
    /// True for a file of this syntax (`.ll`, `.oat`).
    pub fn is_its_file(self, path: &Path) -> bool {
        let ext = match self {
            Syntax::Ll => "ll",
            Syntax::Oat => "oat",
        };
        path.extension().is_some_and(|e| e == ext)
    }

    /// Splits a line into `(directive, argument)` when it is an annotation
    /// of this syntax.
    fn check_line(self, raw: &str) -> Option<(&str, Option<&str>)> {
        match self {
            Syntax::Ll => check_line(raw),
            Syntax::Oat => check_line_oat(raw),
        }
    }

    /// Why `directive` cannot appear in a file of this syntax, if it cannot.
    fn refuses(self, directive: &str) -> Option<String> {
        const NOT_OAT: [(&str, &str); 4] = [
            ("CHECK-UNDEFINED", "an Oat test must be well defined"),
            ("CHECK-LIMIT", "an Oat test must end within the limits"),
            (
                "CHECK-RUNTIME",
                "the runtime is the course's, given with --runtime",
            ),
            (
                "CHECK-MALFORMED",
                "a test the front end must reject says CHECK-ILL-TYPED",
            ),
        ];
        match self {
            Syntax::Ll => None,
            Syntax::Oat => NOT_OAT
                .iter()
                .find(|(d, _)| *d == directive)
                .map(|(d, why)| {
                    format!("`{d}` is not an Oat test line: {why} (see docs/oat-tests.md)")
                }),
        }
    }
}

/// Reads the expectation of the corpus file `file` with text `text`.
pub fn parse_expectation(file: &str, text: &str) -> Result<Expectation, AnnotationError> {
    parse_expectation_in(file, text, Syntax::Ll)
}

/// Reads the expectation of `file` (text `text`) written in `syntax`.
pub fn parse_expectation_in(
    file: &str,
    text: &str,
    syntax: Syntax,
) -> Result<Expectation, AnnotationError> {
    let mut r = Reader::new(file);
    for (i, raw) in text.lines().enumerate() {
        let line = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if let Some((directive, arg)) = syntax.check_line(raw) {
            if let Some(why) = syntax.refuses(directive) {
                return Err(r.err(line, why));
            }
            r.directive(line, directive, arg)?;
        }
    }
    r.finish()
}

/// The annotations of one corpus file, read line by line: the file-wide
/// ones into `exp`, the run-level ones into the run being read (`cur`),
/// the finished runs into `runs`.
struct Reader<'f> {
    file: &'f str,
    exp: Expectation,
    runs: Vec<Run>,
    cur: RunBuilder,
    /// The line of `CHECK-ILL-TYPED` or `CHECK-MALFORMED`, for the errors
    /// about the whole file.
    whole_file_line: u32,
}

impl<'f> Reader<'f> {
    fn new(file: &'f str) -> Self {
        Reader {
            file,
            exp: Expectation::default(),
            runs: Vec::new(),
            cur: RunBuilder {
                name: DEFAULT_RUN.to_string(),
                ..RunBuilder::default()
            },
            whole_file_line: 0,
        }
    }

    /// The error `message` at `line` of this file.
    fn err(&self, line: u32, message: impl Into<String>) -> AnnotationError {
        AnnotationError {
            file: self.file.to_string(),
            line,
            message: message.into(),
        }
    }

    /// One `CHECK-...` line: `directive` with its argument `arg`.
    fn directive(
        &mut self,
        line: u32,
        directive: &str,
        arg: Option<&str>,
    ) -> Result<(), AnnotationError> {
        let r = match directive {
            "CHECK-RUN" => return self.check_run(line, arg),
            "CHECK-ARGS" => self.check_args(line, arg),
            "CHECK-RESULT" | "CHECK-UNDEFINED" | "CHECK-LIMIT" | "CHECK-EXITED" => {
                self.check_outcome(line, directive, arg)
            }
            "CHECK-ABORTED" => self.check_aborted(line, arg),
            "CHECK-COURSE-OUTPUT" => self.check_course_output(line, arg),
            "CHECK-RUNTIME" => self.check_runtime(arg),
            "CHECK-STDOUT" => self.check_stdout(line, arg),
            "CHECK-NO-STDOUT" => self.check_no_stdout(line, arg),
            "CHECK-ILL-TYPED" => self.check_ill_typed(line, arg),
            "CHECK-MALFORMED" => self.check_malformed(line, arg),
            "CHECK-DIVERGES-FROM-REFERENCE" => self.check_diverges(arg),
            other => Err(format!(
                "unknown annotation `{other}` (see docs/corpus-format.md)"
            )),
        };
        r.map_err(|m| self.err(line, m))
    }

    /// A run-level line at `line`: the implicit first run starts here.
    fn start_run(&mut self, line: u32) {
        if self.cur.is_empty() && !self.cur.explicit {
            self.cur.line = line;
        }
    }

    /// `CHECK-RUN NAME`: ends the run being read, starts run `NAME`.
    fn check_run(&mut self, line: u32, arg: Option<&str>) -> Result<(), AnnotationError> {
        let name = arg
            .filter(|n| !n.is_empty())
            .ok_or_else(|| self.err(line, "CHECK-RUN needs a name"))?;
        if !self.cur.is_empty() && !self.cur.explicit {
            return Err(self.err(
                line,
                "expectation lines before the first CHECK-RUN belong to no run; move them after a CHECK-RUN",
            ));
        }
        self.end_run()?;
        if self.runs.iter().any(|r| r.name == name) {
            return Err(self.err(line, format!("a second run named `{name}`")));
        }
        self.cur = RunBuilder {
            name: name.to_string(),
            line,
            explicit: true,
            ..RunBuilder::default()
        };
        Ok(())
    }

    /// Ends the run being read: a run with expectations joins `runs`; a
    /// `CHECK-RUN` with none is an error; the implicit first run with none
    /// is no run.
    fn end_run(&mut self) -> Result<(), AnnotationError> {
        if !self.cur.is_empty() {
            let done = std::mem::take(&mut self.cur).finish(self.file)?;
            self.runs.push(done);
        } else if self.cur.explicit {
            return Err(self.err(
                self.cur.line,
                format!("run `{}` expects nothing", self.cur.name),
            ));
        }
        Ok(())
    }

    /// `CHECK-ARGS A B ...`: the run's arguments, split at white space.
    fn check_args(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        self.start_run(line);
        if self.cur.args.is_some() {
            return Err("a second CHECK-ARGS line in one run".into());
        }
        let args = arg.unwrap_or("").split_whitespace().map(str::to_string);
        self.cur.args = Some(args.collect());
        Ok(())
    }

    /// `CHECK-RESULT N`, `CHECK-UNDEFINED KIND` or `CHECK-LIMIT KIND`: how
    /// the run ends (one per run).
    fn check_outcome(
        &mut self,
        line: u32,
        directive: &str,
        arg: Option<&str>,
    ) -> Result<(), String> {
        self.start_run(line);
        if self.cur.expect.is_some() {
            return Err(
                "a second outcome line (CHECK-RESULT / CHECK-UNDEFINED / CHECK-LIMIT) in one run"
                    .into(),
            );
        }
        let a = arg
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .ok_or_else(|| format!("{directive} needs a value"))?;
        self.cur.expect = Some(expected(directive, a)?);
        Ok(())
    }

    /// `CHECK-ABORTED`: the run ends in a failed C `assert` of the runtime.
    fn check_aborted(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        no_argument("CHECK-ABORTED", arg)?;
        self.start_run(line);
        if self.cur.expect.is_some() {
            return Err("a second outcome line (CHECK-ABORTED after another) in one run".into());
        }
        self.cur.expect = Some(Expected::Aborted);
        Ok(())
    }

    /// `CHECK-COURSE-OUTPUT TEXT`: the course harness's view of the run,
    /// exactly (escapes read, no newline added).
    fn check_course_output(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        self.start_run(line);
        if self.cur.course_output.is_some() {
            return Err("a second CHECK-COURSE-OUTPUT line in one run".into());
        }
        self.cur.course_output = Some(unescape(arg.unwrap_or(""))?);
        Ok(())
    }

    /// `CHECK-RUNTIME NAME`: the file's course runtime.
    fn check_runtime(&mut self, arg: Option<&str>) -> Result<(), String> {
        let name = arg.map(str::trim).unwrap_or("");
        self.exp.runtime = name.parse()?;
        Ok(())
    }

    /// `CHECK-STDOUT TEXT`: one more line the run prints.
    fn check_stdout(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        self.start_run(line);
        if self.cur.no_stdout {
            return Err("CHECK-STDOUT after CHECK-NO-STDOUT in one run".into());
        }
        let bytes = unescape(arg.unwrap_or(""))?;
        let out = self.cur.stdout.get_or_insert_with(Vec::new);
        out.extend_from_slice(&bytes);
        out.push(b'\n');
        Ok(())
    }

    /// `CHECK-NO-STDOUT`: the run prints nothing.
    fn check_no_stdout(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        self.start_run(line);
        no_argument("CHECK-NO-STDOUT", arg)?;
        if self.cur.stdout.is_some() || self.cur.no_stdout {
            return Err("CHECK-NO-STDOUT with another stdout line in one run".into());
        }
        self.cur.no_stdout = true;
        Ok(())
    }

    /// `CHECK-ILL-TYPED RULE`: the checker rejects the file by `RULE`.
    fn check_ill_typed(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        let rule = arg
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .ok_or("CHECK-ILL-TYPED needs a rule id")?;
        if self.exp.ill_typed.is_some() {
            return Err("a second CHECK-ILL-TYPED line".into());
        }
        self.exp.ill_typed = Some(rule.to_string());
        self.whole_file_line = line;
        Ok(())
    }

    /// `CHECK-MALFORMED`: the file does not parse.
    fn check_malformed(&mut self, line: u32, arg: Option<&str>) -> Result<(), String> {
        no_argument("CHECK-MALFORMED", arg)?;
        self.exp.malformed = true;
        self.whole_file_line = line;
        Ok(())
    }

    /// `CHECK-DIVERGES-FROM-REFERENCE WHY`: a known divergence, said why.
    fn check_diverges(&mut self, arg: Option<&str>) -> Result<(), String> {
        let why = arg
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .ok_or("CHECK-DIVERGES-FROM-REFERENCE needs a reason")?;
        self.exp.divergences.push(why.to_string());
        Ok(())
    }

    /// The expectation, once every line is read: the last run finished and
    /// the file-wide rules checked.
    fn finish(mut self) -> Result<Expectation, AnnotationError> {
        self.end_run()?;
        let (line, exp) = (self.whole_file_line, &self.exp);
        if exp.malformed && exp.ill_typed.is_some() {
            return Err(self.err(line, "CHECK-MALFORMED and CHECK-ILL-TYPED in one file"));
        }
        let whole = exp.malformed || exp.ill_typed.is_some();
        if whole && !self.runs.is_empty() {
            return Err(self.err(
                line,
                "a program that does not parse or check cannot have runs",
            ));
        }
        if !whole && self.runs.is_empty() {
            return Err(self.err(
                0,
                "no expectation: every corpus file needs at least one CHECK line saying what it does",
            ));
        }
        self.exp.runs = self.runs;
        Ok(self.exp)
    }
}

/// The outcome a `CHECK-RESULT`, `CHECK-UNDEFINED` or `CHECK-LIMIT` line
/// with value `a` expects.
fn expected(directive: &str, a: &str) -> Result<Expected, String> {
    match directive {
        "CHECK-RESULT" => a
            .parse::<i64>()
            .map(Expected::Result)
            .map_err(|_| format!("CHECK-RESULT: `{a}` is not a signed 64-bit integer")),
        "CHECK-EXITED" => a
            .parse::<u8>()
            .map(Expected::Exited)
            .map_err(|_| format!("CHECK-EXITED: `{a}` is not an exit status (0 to 255)")),
        "CHECK-UNDEFINED" => UndefinedKind::from_name(a)
            .map(Expected::Undefined)
            .ok_or_else(|| {
                format!(
                    "unknown undefined kind `{a}` (known: {})",
                    names(UndefinedKind::ALL.iter().map(|k| k.name()))
                )
            }),
        _ => LimitKind::from_name(a).map(Expected::Limit).ok_or_else(|| {
            format!(
                "unknown limit kind `{a}` (known: {})",
                names(LimitKind::ALL.iter().map(|k| k.name()))
            )
        }),
    }
}

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    it.collect::<Vec<_>>().join(", ")
}

fn no_argument(directive: &str, arg: Option<&str>) -> Result<(), String> {
    match arg.map(str::trim) {
        None | Some("") => Ok(()),
        Some(a) => Err(format!("{directive} takes no argument, found `{a}`")),
    }
}

/// Splits a comment line `; CHECK-XYZ: arg` into `("CHECK-XYZ", Some("arg"))`.
/// Lines that are not comments starting with `CHECK` give `None`. The
/// argument is the text after the colon without the one space that follows
/// it (further spaces belong to the text, which matters for stdout).
fn check_line(raw: &str) -> Option<(&str, Option<&str>)> {
    let rest = raw.trim_start().strip_prefix(';')?;
    let rest = rest.trim_start_matches([' ', '\t', ';']);
    if !rest.starts_with("CHECK") {
        return None;
    }
    let rest = rest.trim_end_matches(['\r']);
    match rest.find(':') {
        Some(i) => {
            let (d, a) = rest.split_at(i);
            let a = &a[1..];
            Some((d.trim_end(), Some(a.strip_prefix(' ').unwrap_or(a))))
        }
        None => Some((rest.trim_end(), None)),
    }
}

/// Splits a line of an Oat test into `("CHECK-XYZ", Some("arg"))` when its
/// text, after any leading `/*` or `*` and spaces, starts with
/// `CHECK-` (a line inside a `/* ... */` comment, or a one-line comment). A
/// trailing `*/` closes the comment and is not part of the argument (an
/// output that ends in `*/` writes it `\x2a/`).
fn check_line_oat(raw: &str) -> Option<(&str, Option<&str>)> {
    let t = raw.trim_start();
    let t = t.strip_prefix("/*").unwrap_or(t);
    let t = t.trim_start_matches([' ', '\t', '*']);
    if !t.starts_with("CHECK-") {
        return None;
    }
    let t = t.trim_end_matches(['\r']);
    let t = t
        .strip_suffix("*/")
        .map_or(t, |t| t.strip_suffix(' ').unwrap_or(t));
    match t.find(':') {
        Some(i) => {
            let (d, a) = t.split_at(i);
            let a = &a[1..];
            Some((d.trim_end(), Some(a.strip_prefix(' ').unwrap_or(a))))
        }
        None => Some((t.trim_end(), None)),
    }
}

/// Decodes the escapes of a `CHECK-STDOUT` line: `\n`, `\t`, `\\`, `\xHH`.
pub fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len());
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        match bytes.get(i + 1) {
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'x') => {
                let hex = s
                    .get(i + 2..i + 4)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("`\\x` must be followed by two hex digits in `{s}`"))?;
                out.push(hex);
                i += 4;
                continue;
            }
            Some(_) => {
                let esc: String = s.get(i..).unwrap_or("").chars().take(2).collect();
                return Err(format!(
                    "unknown escape `{esc}` (known: \\n \\t \\\\ \\xHH)"
                ));
            }
            None => return Err("a `\\` at the end of the line".into()),
        }
        i += 2;
    }
    Ok(out)
}

/// The inverse of [`unescape`]: `bytes` written for an annotation line
/// (`\n`, `\t`, `\\`, and `\xHH` for other bytes outside printable
/// ASCII, and a `*` before a `/`, which would close an Oat comment), so
/// that `unescape(&escape(b)) == b`.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'*' if bytes.get(i + 1) == Some(&b'/') => out.push_str("\\x2a"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

/// Every `.ll` file under `dir`, sorted by path, with its expectation.
/// Paths are relative to `dir`. All broken annotations are reported at once.
pub fn load_corpus(dir: &Path) -> Result<Vec<CorpusFile>, CorpusError> {
    load(dir, false)
}

/// The program of `files` that `name` names as a report does
/// (`corpus/spec/factorial.ll`, `spec/factorial.ll`, `spec/factorial`, or
/// `factorial.ll` when only one program has that file name), or why there
/// is none (`lloracle corpus show`).
pub fn find_by_name<'a>(files: &'a [CorpusFile], name: &str) -> Result<&'a CorpusFile, String> {
    let rel = name.strip_prefix("corpus/").unwrap_or(name);
    let rel = if rel.ends_with(".ll") {
        rel.to_string()
    } else {
        format!("{rel}.ll")
    };
    let path = |f: &CorpusFile| f.path.to_string_lossy().replace('\\', "/");
    if let Some(f) = files.iter().find(|f| path(f) == rel) {
        return Ok(f);
    }
    let same_base: Vec<&CorpusFile> = files
        .iter()
        .filter(|f| path(f).rsplit('/').next() == Some(rel.as_str()))
        .collect();
    match same_base.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "no bundled program is called `{name}` (`lloracle corpus list` names them all)"
        )),
        many => Err(format!(
            "`{name}` names several programs: {}",
            many.iter()
                .map(|f| f.display_name())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Does `text` have any `; CHECK` line? A file without one is a plain
/// program (a course's own test, say), not an annotated corpus file.
pub fn has_annotations(text: &str) -> bool {
    text.lines().any(|l| check_line(l).is_some())
}

/// [`load_corpus`], where a file with no `; CHECK` line at all is a plain
/// program with an empty [`Expectation`] (no runs: the caller decides what
/// it must do) instead of an error. Files with annotations are read as
/// strictly as in [`load_corpus`].
pub fn load_corpus_with_plain(dir: &Path) -> Result<Vec<CorpusFile>, CorpusError> {
    load(dir, true)
}

/// The files under `dir` (the embedded copy for the bundled corpus of an
/// installed binary), plain ones allowed or not.
fn load(dir: &Path, allow_plain: bool) -> Result<Vec<CorpusFile>, CorpusError> {
    if reads_embedded(dir) {
        return load_bundled();
    }
    load_in(dir, allow_plain, Syntax::Ll)
}

/// The files of `syntax` under `dir` (or `dir` itself when it is one
/// file), sorted by path relative to `dir` (a single file: its name), with
/// their expectations; with `allow_plain`, a file without annotations is a
/// plain program with no runs. Every broken annotation is reported at once.
pub fn load_in(
    dir: &Path,
    allow_plain: bool,
    syntax: Syntax,
) -> Result<Vec<CorpusFile>, CorpusError> {
    if dir.is_file() {
        let text =
            std::fs::read_to_string(dir).map_err(|e| CorpusError::Io(dir.to_path_buf(), e))?;
        let name = dir
            .file_name()
            .map_or_else(|| dir.to_path_buf(), PathBuf::from);
        return read_annotations(vec![(name, text)], allow_plain, syntax);
    }
    let mut paths = Vec::new();
    collect_files(dir, syntax, &mut paths)?;
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| CorpusError::Io(path.clone(), e))?;
        let rel = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
        files.push((rel, text));
    }
    read_annotations(files, allow_plain, syntax)
}

/// Sorts `(relative path, text)` pairs by path and reads each file's
/// expectation; all broken annotations are reported at once. With
/// `allow_plain`, a file with no `; CHECK` line is a plain program with an
/// empty [`Expectation`].
fn read_annotations(
    mut files: Vec<(PathBuf, String)>,
    allow_plain: bool,
    syntax: Syntax,
) -> Result<Vec<CorpusFile>, CorpusError> {
    files.sort();
    let mut out = Vec::with_capacity(files.len());
    let mut errors = Vec::new();
    for (path, text) in files {
        if allow_plain && !text.lines().any(|l| syntax.check_line(l).is_some()) {
            out.push(CorpusFile {
                path,
                text,
                expectation: Expectation::default(),
            });
            continue;
        }
        match parse_expectation_in(&path.to_string_lossy(), &text, syntax) {
            Ok(expectation) => out.push(CorpusFile {
                path,
                text,
                expectation,
            }),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(CorpusError::Annotations(errors))
    }
}

/// Collects the files of `syntax` under `dir` with an explicit stack (no
/// recursion).
fn collect_files(dir: &Path, syntax: Syntax, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| CorpusError::Io(d.clone(), e))?;
        for entry in entries {
            let entry = entry.map_err(|e| CorpusError::Io(d.clone(), e))?;
            let path = entry.path();
            let ty = entry
                .file_type()
                .map_err(|e| CorpusError::Io(path.clone(), e))?;
            if ty.is_dir() {
                stack.push(path);
            } else if syntax.is_its_file(&path) {
                out.push(path);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

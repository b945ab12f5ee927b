//! Turning a stop of the machine into a `spec::Outcome` and rendering it like
//! a compiler diagnostic: locations (function, block label, instruction
//! index, source line), the backtrace, and where an undef came from.

use crate::gep::GepCheck;
use crate::ir::Program;
use crate::value::{Undef, UndefWhy};
use spec::{Diagnostic, Location, Outcome, Source, Span};

/// The location of instruction `index` of block `block` of function `func`.
pub fn location(
    prog: &Program,
    src: Option<&Source>,
    func: u32,
    block: u32,
    index: u32,
) -> Location {
    let f = prog.funcs.get(func as usize);
    let span = f
        .and_then(|f| f.blocks.get(block as usize))
        .and_then(|c| prog.sites.get((c.first_site + index) as usize))
        .map_or(Span::DUMMY, |s| s.span);
    Location {
        function: f.map_or(String::new(), |f| f.name.clone()),
        block: prog
            .labels
            .get(func as usize)
            .and_then(|l| l.get(block as usize))
            .cloned()
            .unwrap_or_default(),
        index: index as usize,
        line: line_of(src, span),
    }
}

fn line_of(src: Option<&Source>, span: Span) -> Option<u32> {
    match src {
        Some(s) if !span.is_dummy() => Some(s.line_col(span.lo).0),
        _ => None,
    }
}

/// "@f, block b, instruction i (line L)" for instruction site `site`.
pub fn site_text(prog: &Program, src: Option<&Source>, site: u32) -> String {
    match prog.sites.get(site as usize) {
        Some(s) => location(prog, src, s.func, s.block, s.index).to_string(),
        None => "an unknown place".into(),
    }
}

/// Where an undef came from, in words.
pub fn undef_origin(prog: &Program, src: Option<&Source>, u: &Undef) -> String {
    let at = |s| site_text(prog, src, s);
    let heap = "memory a runtime function allocated with malloc (an oat_alloc_array element) and never written";
    match u.why {
        UndefWhy::Uninit if u.site == crate::value::HEAP_SITE => format!("it is {heap}"),
        UndefWhy::Loaded if u.aux == crate::value::HEAP_SITE => {
            format!("it was loaded at {} from {heap}", at(u.site))
        }
        UndefWhy::Uninit => format!(
            "it is memory allocated by the alloca at {} and never written",
            at(u.site)
        ),
        UndefWhy::Loaded => format!(
            "it was loaded at {} from memory allocated by the alloca at {} and never written",
            at(u.site),
            at(u.aux)
        ),
        UndefWhy::BadGep => format!(
            "it is the result of the invalid getelementptr at {}: {}",
            at(u.site),
            GepCheck::from_code(u.aux).map_or("", GepCheck::describe)
        ),
        UndefWhy::NotABool => format!(
            "it was loaded at {} at type i1 from a byte holding {}, neither 0 nor 1 (in LLVM a load of i1 from bytes not stored as an i1 is undefined)",
            at(u.site),
            u.aux
        ),
        UndefWhy::Unset => "a local read before its definition".into(),
    }
}

/// The byte span of the trimmed text of 1-based line `line`.
fn line_span(src: &Source, line: u32) -> Span {
    let mut start = 0usize;
    for (i, l) in src.text.split_inclusive('\n').enumerate() {
        if i + 1 == line as usize {
            let body = l.trim_end();
            let lead = body.len() - body.trim_start().len();
            return Span::new(start + lead, start + body.len());
        }
        start += l.len();
    }
    Span::DUMMY
}

/// An undefined outcome as a compiler prints a diagnostic: the message and
/// the source line with a caret (the rule is the kind's name), then the
/// call chain ("in @f, called from @main at line 12"). Other outcomes
/// render as their one-paragraph summary.
pub fn render_undefined(outcome: &Outcome, src: &Source) -> String {
    let Outcome::Undefined {
        kind,
        message,
        location,
        backtrace,
        ..
    } = outcome
    else {
        return outcome.to_string();
    };
    let mut out = match location.line {
        Some(line) => {
            Diagnostic::new(kind.name(), line_span(src, line), message.as_str()).render(src)
        }
        None => format!("error[{}]: {message}\n  at {location}\n", kind.name()),
    };
    out.push_str(&format!(
        "in @{} (block {}, instruction {})",
        location.function, location.block, location.index
    ));
    for c in backtrace {
        out.push_str(&format!(", called from @{}", c.function));
        match c.line {
            Some(l) => out.push_str(&format!(" at line {l}")),
            None => out.push_str(&format!(" (block {}, instruction {})", c.block, c.index)),
        }
    }
    out.push('\n');
    out
}

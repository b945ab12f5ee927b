//! Reading input files with a size cap, so that no file (`/dev/zero`, a
//! runaway optimiser's output) makes lloracle's memory grow without bound;
//! and loading a program from a file: parsed and checked (a malformed or
//! ill-typed program never runs), or the outcome that stopped it with its
//! rendered diagnostics.

use spec::{Outcome, Prog, Source};
use std::path::Path;

/// The largest input file read: past it, a clear error instead of memory
/// growing without bound (`/dev/zero`, a runaway generator).
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The bytes of `path`, at most [`MAX_INPUT_BYTES`]; `Err` is a message
/// naming the file (unreadable, a directory, too big).
pub fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let name = path.display();
    let f = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("{name}: is a directory, not a program"));
    }
    let mut bytes = Vec::new();
    f.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "{name}: larger than the input limit of {} MiB",
            MAX_INPUT_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// The text of a program file that may hold bytes that are not UTF-8: each
/// such byte inside a quoted string (`c"..."`) becomes the escape `\HH`,
/// which the parser decodes back to the same byte, so a string constant
/// keeps its exact bytes (and length); elsewhere (comments, stray bytes)
/// it becomes U+FFFD, which the parser rejects with its location unless it
/// is in a comment.
pub fn source_text(bytes: Vec<u8>) -> String {
    let bytes = match String::from_utf8(bytes) {
        Ok(s) => return s,
        Err(e) => e.into_bytes(),
    };
    let mut out = String::with_capacity(bytes.len() + 16);
    let (mut in_string, mut in_comment) = (false, false);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' => in_comment = false,
                ';' if !in_string => in_comment = true,
                '"' if !in_comment => in_string = !in_string,
                _ => {}
            }
            out.push(c);
        }
        for &b in chunk.invalid() {
            if in_string {
                out.push_str(&format!("\\{b:02X}"));
            } else {
                out.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
    out
}

/// A program read from a file, parsed and checked, or the outcome that
/// stopped it (malformed, ill-typed, unreadable), already reported on stderr.
pub struct Loaded {
    /// The source text, for diagnostics.
    pub src: Source,
    /// The checked program.
    pub prog: Prog,
}

/// Reads `path` (at most [`MAX_INPUT_BYTES`]); `Err` is an
/// I/O error message.
pub fn read_source(path: &Path) -> Result<Source, String> {
    let bytes = read_input(path)?;
    let text = source_text(bytes);
    Ok(Source::new(path.display().to_string(), text))
}

/// A program that never ran: why (the outcome) and the diagnostics as text.
pub struct Rejected {
    /// `Malformed` or `IllTyped`.
    pub outcome: Outcome,
    /// The diagnostics rendered with source lines and carets.
    pub rendered: String,
}

/// Parses `src`; on failure the `Malformed` outcome and the rendered diagnostic.
pub fn parse_source(src: &Source) -> Result<Prog, Box<Rejected>> {
    spec::parse(src).map_err(|d| {
        Box::new(Rejected {
            outcome: Outcome::Malformed {
                diagnostic: d.locate(src),
            },
            rendered: d.render(src),
        })
    })
}

/// Parses and checks `src`; on failure the outcome and the rendered diagnostics.
pub fn load_source(src: Source) -> Result<Loaded, Box<Rejected>> {
    load_source_with(src, spec::RuntimeName::Ll)
}

/// [`load_source`] checking calls against course runtime `runtime`.
pub fn load_source_with(src: Source, runtime: spec::RuntimeName) -> Result<Loaded, Box<Rejected>> {
    let opts = spec::check::CheckOptions {
        runtime,
        ..Default::default()
    };
    match spec::parse_and_check_with(&src, &opts) {
        Ok(prog) => Ok(Loaded { src, prog }),
        Err(r) => {
            let outcome = match &r {
                spec::Rejection::Malformed(d) => Outcome::Malformed {
                    diagnostic: d.locate(&src),
                },
                spec::Rejection::IllTyped(ds) => Outcome::IllTyped {
                    diagnostics: ds.iter().map(|d| d.locate(&src)).collect(),
                },
            };
            let rendered = r.render(&src);
            Err(Box::new(Rejected { outcome, rendered }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_bytes_in_strings_become_escapes_and_elsewhere_replacements() {
        let text = b"; \xff comment\n@s = global [2 x i8] c\"\xfe\\00\"\n".to_vec();
        assert_eq!(
            source_text(text),
            "; \u{fffd} comment\n@s = global [2 x i8] c\"\\FE\\00\"\n"
        );
        assert_eq!(source_text(b"plain".to_vec()), "plain");
    }
}

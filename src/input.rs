//! Reading input files with a size cap, so that no file (`/dev/zero`, a
//! runaway optimiser's output) makes lloracle's memory grow without bound.

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

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

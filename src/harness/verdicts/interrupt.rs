//! The interrupt flag: set on Ctrl-C, the session stops taking new
//! programs and the reports are still written.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the interrupt handler; the session stops taking new programs.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True once an interrupt arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

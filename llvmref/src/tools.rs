//! Finding LLVM 14's tools and the C compiler on this machine.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The first of `names` that runs `NAME --version` successfully (LLVM's
/// tools are installed as `lli` or `lli-14`), or `None`.
pub fn find_tool(names: &[&str]) -> Option<PathBuf> {
    names.iter().map(PathBuf::from).find(|name| {
        Command::new(name)
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// LLVM 14's `lli`.
pub fn lli() -> Option<PathBuf> {
    find_tool(&["lli-14", "lli"])
}

/// LLVM 14's `llc`.
pub fn llc() -> Option<PathBuf> {
    find_tool(&["llc-14", "llc"])
}

/// LLVM 14's `llvm-as`.
pub fn llvm_as() -> Option<PathBuf> {
    find_tool(&["llvm-as-14", "llvm-as"])
}

/// The C compiler (`cc` or `gcc`).
pub fn cc() -> Option<PathBuf> {
    find_tool(&["cc", "gcc"])
}

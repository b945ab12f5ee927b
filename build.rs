//! The bundled corpus is embedded in the binary (`corpus::BUNDLED`); the
//! embedding macro notices edits of files it already holds but not new or
//! removed files, so the crate is rebuilt whenever `corpus/` changes.

fn main() {
    println!("cargo:rerun-if-changed=corpus");
    println!("cargo:rerun-if-changed=build.rs");
}

//! Printing in a dialect's concrete syntax: the canonical printer with the
//! dialect's choices (load/gep syntax, which names are written plain, how
//! strings and calls are written, whether an entry label is written).

use super::features::Feature;
use super::names::course_plain;
use super::Dialect;
use crate::ast::Prog;
use crate::print::{print_styled, Style};

/// The text of a (lowered) program in dialect `d`'s concrete syntax: the
/// spec's `load T* %p` / `getelementptr T* %p` where `d` lacks
/// `typed-load-gep`; for dialects without `quoted-names` (the course
/// dialects) names as the course lexers read them (`%1` unquoted), strings
/// as written (`c"text\00"`), a call's return type alone, no entry label
/// but `entry:`. Names that `d` cannot write are quoted anyway (lower the
/// program first: [`super::lower`]).
pub fn print_in(prog: &Prog, d: &Dialect) -> String {
    print_styled(prog, style(d))
}

/// The printer's choices for dialect `d`.
fn style(d: &Dialect) -> Style {
    let mut st = Style::LLVM;
    st.typed_load_gep = d.has(Feature::TypedLoadGep);
    if d.is_course() {
        st.plain_name = course_plain;
        st.call_fun_ty = false;
        st.raw_strings = true;
    }
    st.entry_labels = d.has(Feature::LlvmExtras);
    st
}

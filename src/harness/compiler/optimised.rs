//! An optimiser's output read back: parsed and checked (a failure is the
//! optimiser's compile error), a form the campaign's dialect lacks noted,
//! and which functions it changed.

use super::build::{BuildFailure, Built};
use super::Tools;
use crate::harness::verdicts::Category;
use spec::Prog;
use std::path::Path;

impl Tools {
    /// The optimiser's output file `out` for the program `prog` it was
    /// given, read as the program to run on the oracle: `Err` (a compile
    /// error) when it is missing, does not parse or is ill-typed.
    pub(super) fn read_optimised(&self, prog: &Prog, out: &Path) -> Result<Built, BuildFailure> {
        use Category::*;
        let fail = |category, detail: String| BuildFailure { category, detail };
        let text = crate::input::read_input(out)
            .map_err(|e| fail(CompileError, format!("no usable output file: {e}")))?;
        let src = spec::Source::new(
            "optimiser output".to_string(),
            String::from_utf8_lossy(&text).into_owned(),
        );
        let opt = spec::parse(&src).map_err(|d| {
            fail(
                CompileError,
                format!("the output does not parse:\n{}", d.render(&src)),
            )
        })?;
        if let Err(ds) = spec::check(&opt) {
            let text: String = ds.iter().map(|d| d.render(&src)).collect();
            return Err(fail(
                CompileError,
                format!("the output is ill-typed:\n{text}"),
            ));
        }
        // Judged by its meaning, read in lloracle's widest dialect:
        // the course's pipeline hands the optimised program to its
        // back end in memory and never re-reads the printed text, so
        // a form its parser could not read back (a folded constant
        // of 2^62 or more) is a note, not a failure.
        let note = self.dialect.as_ref().and_then(|d| {
            spec::dialect::conforms(&src, d).err().map(|u| {
                format!(
                    "the output uses `{}` (line {}: {}), which the {} dialect's parser could not read back; not a failure",
                    u.feature.name(),
                    u.line(&src),
                    u.what,
                    d.name
                )
            })
        });
        let changed = changed_functions(prog, &opt);
        Ok(Built::Prog {
            prog: Box::new(opt),
            changed,
            note,
        })
    }
}

/// The functions of `before` whose printed text differs in `after` (or
/// that `after` lacks), by name. Linear in the number of functions: each
/// is looked up by name once and printed only when its syntax differs.
pub fn changed_functions(before: &Prog, after: &Prog) -> Vec<String> {
    let after_by_name: std::collections::HashMap<&str, &spec::ast::Fdecl> =
        after.fdecls.iter().map(|f| (f.name.as_str(), f)).collect();
    let text = |f: &spec::ast::Fdecl| {
        spec::print(&Prog {
            fdecls: vec![f.clone()],
            ..Prog::default()
        })
    };
    before
        .fdecls
        .iter()
        .filter(|f| {
            after_by_name
                .get(f.name.as_str())
                .is_none_or(|g| *g != *f && text(f) != text(g))
        })
        .map(|f| f.name.clone())
        .collect()
}

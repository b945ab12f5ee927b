//! Lowering: a checked program rewritten into an equivalent one that uses
//! only a dialect's features.

use super::uses::uses_in_prog;
use super::{Dialect, NotInDialect};
use crate::ast::Prog;

/// An equivalent program that uses only `d`'s features, or the first use
/// that has no equivalent in `d`.
pub fn lower(prog: &Prog, d: &Dialect) -> Result<Prog, NotInDialect> {
    if let Some(u) = uses_in_prog(prog).into_iter().find(|u| !d.has(u.feature)) {
        return Err(NotInDialect {
            feature: u.feature,
            what: u.what,
        });
    }
    Ok(prog.clone())
}

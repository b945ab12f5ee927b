//! Which names each dialect can write unquoted: LLVM's identifiers
//! `[-a-zA-Z$._][-a-zA-Z$._0-9]*` and the course lexers' identifiers
//! `[A-Za-z0-9_][A-Za-z0-9_.]*` (CIS341 2015: no leading `_`), where a
//! label definition must not be a keyword or all digits; and fresh names
//! for lowering and renaming ([`Fresh`]) that avoid a function's own.

use super::features::Feature;
use std::collections::HashSet;

/// The course lexers' keywords (`lllexer.mll`, every year): a block label
/// with this text lexes as the keyword. `%name` / `@name` are never
/// keywords (the sigil rule reads the longer token).
pub(super) const COURSE_KEYWORDS: [&str; 39] = [
    "i1",
    "i8",
    "i32",
    "i64",
    "to",
    "br",
    "eq",
    "ne",
    "or",
    "and",
    "add",
    "sub",
    "mul",
    "xor",
    "slt",
    "sle",
    "sgt",
    "sge",
    "shl",
    "ret",
    "getelementptr",
    "type",
    "null",
    "lshr",
    "ashr",
    "call",
    "icmp",
    "void",
    "load",
    "entry",
    "store",
    "label",
    "global",
    "define",
    "declare",
    "external",
    "alloca",
    "bitcast",
    "x",
];

/// The feature a name needs to be written unquoted (`label_def`: as a
/// block label definition `name:`), or None when every dialect writes it
/// plain. `QuotedNames` means no dialect can write it unquoted.
pub(super) fn plain_name_feature(name: &str, label_def: bool) -> Option<Feature> {
    let bytes = name.as_bytes();
    let llvm_char = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_');
    let Some(&first) = bytes.first() else {
        return Some(Feature::QuotedNames);
    };
    if !bytes.iter().all(llvm_char) {
        return Some(Feature::QuotedNames);
    }
    let extended = bytes.iter().any(|b| matches!(b, b'$' | b'-')) || first == b'.';
    if first.is_ascii_digit() {
        return Some(if extended {
            Feature::QuotedNames
        } else if label_def && bytes.iter().all(u8::is_ascii_digit) {
            Feature::NumberedLabels
        } else {
            Feature::NumberedNames
        });
    }
    if extended {
        return Some(Feature::LlvmNameChars);
    }
    if first == b'_' {
        return Some(Feature::UnderscoreNames);
    }
    if label_def && (COURSE_KEYWORDS.contains(&name) || name.starts_with("declare")) {
        return Some(Feature::KeywordNames);
    }
    None
}

/// True when the name can be written unquoted in the course style (the
/// course lexers read it as this name, keywords aside).
pub(super) fn course_plain(name: &str, label_def: bool) -> bool {
    !matches!(
        plain_name_feature(name, label_def),
        Some(Feature::QuotedNames | Feature::LlvmNameChars)
    )
}

/// Fresh names: `prefix` and a number, not in `taken` (and then taken).
pub(super) struct Fresh<'a> {
    taken: &'a mut HashSet<String>,
    next: usize,
}

impl Fresh<'_> {
    /// Fresh names avoiding (and then added to) `taken`.
    pub(super) fn new(taken: &mut HashSet<String>) -> Fresh<'_> {
        Fresh { taken, next: 0 }
    }

    /// The next fresh name starting with `prefix`.
    pub(super) fn name(&mut self, prefix: &str) -> String {
        loop {
            let n = format!("{prefix}{}", self.next);
            self.next += 1;
            if self.taken.insert(n.clone()) {
                return n;
            }
        }
    }
}

/// Every parameter, local and label name of `f`.
pub(super) fn local_names(f: &crate::ast::Fdecl) -> HashSet<String> {
    let mut names: HashSet<String> = f.params.iter().map(|(p, _)| p.clone()).collect();
    names.extend(f.cfg.entry_label.iter().cloned());
    names.extend(f.cfg.blocks.iter().map(|b| b.label.clone()));
    for b in f.cfg.blocks() {
        names.extend(b.insns.iter().filter_map(|i| i.result.clone()));
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_by_the_lexers_rules() {
        assert_eq!(plain_name_feature("x.1_y", false), None);
        assert_eq!(plain_name_feature("x y", false), Some(Feature::QuotedNames));
        assert_eq!(plain_name_feature("", false), Some(Feature::QuotedNames));
        assert_eq!(plain_name_feature("1-2", false), Some(Feature::QuotedNames));
        assert_eq!(
            plain_name_feature("12", false),
            Some(Feature::NumberedNames)
        );
        assert_eq!(
            plain_name_feature("12", true),
            Some(Feature::NumberedLabels)
        );
        assert_eq!(plain_name_feature("1a", true), Some(Feature::NumberedNames));
        assert_eq!(
            plain_name_feature("a$b", false),
            Some(Feature::LlvmNameChars)
        );
        assert_eq!(
            plain_name_feature(".a", false),
            Some(Feature::LlvmNameChars)
        );
        assert_eq!(
            plain_name_feature("_t1", false),
            Some(Feature::UnderscoreNames)
        );
        assert_eq!(
            plain_name_feature("store", true),
            Some(Feature::KeywordNames)
        );
        assert_eq!(plain_name_feature("store", false), None);
        assert_eq!(
            plain_name_feature("declared", true),
            Some(Feature::KeywordNames)
        );
        assert!(course_plain("12", false) && !course_plain("a-b", false));
    }
}

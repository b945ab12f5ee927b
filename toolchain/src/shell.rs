//! Shell command templates: the compiler under test, a course's build, a
//! reproduce recipe are all `sh -c` lines with placeholders (`{in}`,
//! `{out}`, `{submission}`). Every value put into such a line is quoted
//! here, once.

/// `s` quoted for `sh`: one word, whatever it holds.
pub fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// `template` with each `(placeholder, value)` pair's placeholder replaced
/// by the quoted value (`fill("cc {in}", &[("{in}", "a b.s")])` is
/// `cc 'a b.s'`).
pub fn fill(template: &str, pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .fold(template.to_string(), |t, (k, v)| t.replace(k, &quote(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_keeps_one_word() {
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(
            fill("cc {in} -o {out}", &[("{in}", "x y.s"), ("{out}", "z")]),
            "cc 'x y.s' -o 'z'"
        );
    }
}

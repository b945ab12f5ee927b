//! The *shape* of a reduced program: what stays when the names and the
//! values of literals are taken out (docs/grading.md, "Groups").
//!
//! The shape is the program as `spec::print` writes it, read token by
//! token, with
//! - each comment dropped and each line's spaces collapsed;
//! - each program-defined global or function (`@name` defined by the
//!   program) renamed `@gN`, N counting from 1 in order of first
//!   appearance; external functions (`declare`, the runtime's `ll_puts`)
//!   keep their names: which one is called is part of the shape;
//! - each named type (`%T = type`) renamed `%tN` the same way;
//! - within each function (the counters restart at each `define`), each
//!   label (`name:`, `label %name`) renamed `%lN` and each other local or
//!   parameter `%vN`;
//! - each string literal (`c"..."`) written `c"S"`;
//! - each integer (a literal, an array length) replaced by its class: `0`,
//!   `1`, `SMALL` (2 to 2^31 - 1: an x86-64 32-bit immediate), `BIG` (2^31
//!   and more), `NEG` (-1 to -2^31), `NEGBIG` (below -2^31).
//!
//! Two programs have the same shape exactly when one is the other up to a
//! renaming of its definitions and a change of literals within their
//! classes: the same instructions, conditions, types and calls in the same
//! order. Two reduced programs of one group with the same shape are taken
//! to show the same cause ("Taming compiler fuzzers", PLDI 2013: failures
//! are deduplicated by their reduced test cases).

use spec::Prog;
use std::collections::{HashMap, HashSet};

/// The `@` names `prog` defines: its globals and its functions (not the
/// runtime's, which it only declares).
pub fn defined_names(prog: &Prog) -> HashSet<&str> {
    prog.gdecls
        .iter()
        .map(|g| g.name.as_str())
        .chain(prog.fdecls.iter().map(|f| f.name.as_str()))
        .collect()
}

/// The shape of `prog` (see the module documentation).
pub fn shape(prog: &Prog) -> String {
    let globals = defined_names(prog);
    let types: HashSet<&str> = prog.tdecls.iter().map(|t| t.name.as_str()).collect();
    let mut names = Names::default();
    let mut out = String::new();
    for line in spec::print(prog).lines() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let toks = tokens(line);
        if toks.first().map(String::as_str) == Some("define") {
            names.locals.clear();
            names.labels.clear();
        }
        let mut words: Vec<String> = Vec::with_capacity(toks.len());
        let label_def = toks.len() == 2 && toks[1] == ":";
        for (k, t) in toks.iter().enumerate() {
            let after_label = k > 0 && toks[k - 1] == "label";
            words.push(if label_def && k == 0 {
                names.label(unquote(t))
            } else {
                names.token(t, after_label, &globals, &types)
            });
        }
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// The renamings met so far.
#[derive(Default)]
struct Names {
    globals: HashMap<String, String>,
    types: HashMap<String, String>,
    locals: HashMap<String, String>,
    labels: HashMap<String, String>,
}

impl Names {
    fn label(&mut self, n: &str) -> String {
        fresh(&mut self.labels, n, "%l")
    }

    /// The shape of one token (`after_label`: it follows `label`).
    fn token(
        &mut self,
        t: &str,
        after_label: bool,
        globals: &HashSet<&str>,
        types: &HashSet<&str>,
    ) -> String {
        if let Some(n) = t.strip_prefix('@') {
            let n = unquote(n);
            return if globals.contains(n) {
                fresh(&mut self.globals, n, "@g")
            } else {
                t.to_string()
            };
        }
        if let Some(n) = t.strip_prefix('%') {
            let n = unquote(n);
            return if after_label {
                self.label(n)
            } else if types.contains(n) {
                fresh(&mut self.types, n, "%t")
            } else {
                fresh(&mut self.locals, n, "%v")
            };
        }
        if t.starts_with("c\"") {
            return "c\"S\"".to_string();
        }
        match t.parse::<i64>() {
            Ok(n) => literal_class(n).to_string(),
            Err(_) => t.to_string(),
        }
    }
}

/// The name `n` is renamed to in `map` (a fresh `prefix` + count when new).
fn fresh(map: &mut HashMap<String, String>, n: &str, prefix: &str) -> String {
    let next = map.len() + 1;
    map.entry(n.to_string())
        .or_insert_with(|| format!("{prefix}{next}"))
        .clone()
}

/// A quoted name's text (`"1"` -> `1`); a plain name as it is.
fn unquote(n: &str) -> &str {
    n.strip_prefix('"')
        .and_then(|n| n.strip_suffix('"'))
        .unwrap_or(n)
}

/// The class of an integer literal: `0`, `1`, `SMALL`, `BIG`, `NEG`,
/// `NEGBIG` (the bounds are those of an x86-64 sign-extended 32-bit
/// immediate).
pub fn literal_class(n: i64) -> &'static str {
    match n {
        0 => "0",
        1 => "1",
        2..=0x7fff_ffff => "SMALL",
        i64::MIN..=-0x8000_0001 => "NEGBIG",
        n if n < 0 => "NEG",
        _ => "BIG",
    }
}

/// The tokens of one printed line: names with their sigil (`%x`, `@"a b"`),
/// string literals (`c"..."`), words and numbers (`i64`, `-5`), and each
/// other character on its own (`(`, `,`, `=`, `*`).
fn tokens(line: &str) -> Vec<String> {
    let cs: Vec<char> = line.chars().collect();
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_');
    let mut out = Vec::new();
    let mut i = 0;
    // The end of a quoted text that opens at `j` (after its closing quote).
    let quoted_end = |j: usize| {
        let mut k = j + 1;
        while k < cs.len() && cs[k] != '"' {
            k += 1;
        }
        (k + 1).min(cs.len())
    };
    while i < cs.len() {
        let c = cs[i];
        let start = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '%' || c == '@' {
            i += 1;
            if cs.get(i) == Some(&'"') {
                i = quoted_end(i);
            } else {
                while i < cs.len() && word(cs[i]) {
                    i += 1;
                }
            }
        } else if c == 'c' && cs.get(i + 1) == Some(&'"') {
            i = quoted_end(i + 1);
        } else if c == '"' {
            i = quoted_end(i);
        } else if word(c) {
            while i < cs.len() && word(cs[i]) {
                i += 1;
            }
        } else {
            i += 1;
        }
        out.push(cs[start..i].iter().collect());
    }
    out
}

/// The instructions and terminators of a shape, in order (`icmp slt`,
/// `br i1`, `call`, `ret`): what a reader sees of it in a group's name.
pub fn operations(shape: &str) -> Vec<String> {
    let mut ops = Vec::new();
    let mut in_function = false;
    for line in shape.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("define") => in_function = true,
            Some("}") => in_function = false,
            _ if !in_function || words.get(1) == Some(&":") => {}
            _ => {
                let w = match words.iter().position(|w| *w == "=") {
                    Some(k) => &words[k + 1..],
                    None => &words[..],
                };
                let op = match w {
                    ["icmp", cnd, ..] => format!("icmp {cnd}"),
                    ["br", "i1", ..] => "br i1".to_string(),
                    [op, ..] => op.to_string(),
                    [] => continue,
                };
                ops.push(op);
            }
        }
    }
    ops
}

/// A short stable name of a shape: 8 hex digits of its FNV-1a hash.
pub fn shape_id(shape: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in shape.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:08x}", h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Prog {
        spec::parse(&spec::Source::new("t.ll", text)).expect("parses")
    }

    #[test]
    fn renaming_and_literals_within_a_class_keep_the_shape() {
        let a = parse(
            "@g = global i64 7\n\
             define i64 @f(i64 %x) {\n  %y = add i64 %x, 5\n  br label %out\nout:\n  ret i64 %y\n}\n\
             define i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 0)\n  ret i64 %r\n}\n",
        );
        let b = parse(
            "@counter = global i64 100\n\
             define i64 @h(i64 %a) {\n  %b = add i64 %a, 1000\n  br label %done\ndone:\n  ret i64 %b\n}\n\
             define i64 @main(i64 %c, i8** %d) {\n  %e = call i64 @h(i64 0)\n  ret i64 %e\n}\n",
        );
        assert_eq!(shape(&a), shape(&b));
        assert!(
            shape(&a).contains("%v2 = add i64 %v1 , SMALL"),
            "{}",
            shape(&a)
        );
        assert_eq!(
            operations(&shape(&a)),
            ["add", "br", "ret", "call", "ret"],
            "the two functions' instructions in order"
        );
    }

    #[test]
    fn another_instruction_condition_or_literal_class_is_another_shape() {
        let prog = |op: &str, k: &str| {
            parse(&format!(
                "define i64 @main(i64 %argc, i8** %argv) {{\n  %c = icmp {op} i64 %argc, {k}\n  br i1 %c, label %a, label %b\na:\n  ret i64 1\nb:\n  ret i64 0\n}}\n"
            ))
        };
        let base = shape(&prog("slt", "3"));
        assert_eq!(base, shape(&prog("slt", "4")), "3 and 4 are both SMALL");
        assert_ne!(base, shape(&prog("sgt", "3")));
        assert_ne!(base, shape(&prog("slt", "4294967296")), "2^32 is BIG");
        assert_ne!(base, shape(&prog("slt", "-3")));
        assert_eq!(
            operations(&base),
            ["icmp slt", "br i1", "ret", "ret"],
            "labels are not operations"
        );
        assert_ne!(shape_id(&base), shape_id(&shape(&prog("sgt", "3"))));
    }

    #[test]
    fn literal_classes_follow_the_32_bit_immediate() {
        assert_eq!(literal_class(0), "0");
        assert_eq!(literal_class(1), "1");
        assert_eq!(literal_class(2_147_483_647), "SMALL");
        assert_eq!(literal_class(2_147_483_648), "BIG");
        assert_eq!(literal_class(-2_147_483_648), "NEG");
        assert_eq!(literal_class(-2_147_483_649), "NEGBIG");
    }
}

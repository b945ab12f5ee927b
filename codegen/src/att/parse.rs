//! Reading the AT&T subset (docs/running-student-code.md, "Linking"): one
//! [`Line`] per statement, as GNU `as` reads it. Every form outside the
//! subset is [`Unsupported`], never a guess.

use super::Unsupported;
use iced_x86::Register;

/// A number or a symbol: what an immediate, a displacement or a `.quad`
/// holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A literal (GNU `as` numbers: decimal, `0x` hex, `0` octal, `0b`
    /// binary, with a leading `-`).
    Int(i64),
    /// A symbol's address.
    Sym(String),
    /// `sym@GOTPCREL`: the address of the word holding `sym`'s address.
    Got(String),
}

/// An operand as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// `$value`.
    Imm(Value),
    /// `%reg` (64-bit; 8-bit for `set<cc>`, `movb`, `movzbq`, `%cl` for
    /// shifts; 32-bit for `movslq`).
    Reg(Register),
    /// `disp(%base)`, `(%base)`, `sym(%rip)`.
    Mem {
        /// `%rip` for a symbol's or GOT slot's address.
        base: Register,
        /// The displacement.
        disp: Value,
    },
    /// A bare symbol: the target of `jmp`, `j<cc>`, `callq`.
    Target(String),
    /// `*%reg` or `*mem`: an indirect `jmp` / `callq`.
    Indirect(Box<Operand>),
}

/// One statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `name:`.
    Label(String),
    /// `.text` (true) or `.data` (false).
    Section(bool),
    /// `.globl name`.
    Globl(String),
    /// `.p2align`, `.align`, `.balign`: the alignment in bytes.
    Align(u64),
    /// `.quad` values.
    Quad(Vec<Value>),
    /// `.asciz`, `.ascii`, `.string`, `.byte`, `.zero`: literal bytes.
    Bytes(Vec<u8>),
    /// An instruction: its mnemonic and operands, in AT&T order.
    Ins(String, Vec<Operand>),
}

/// A statement and its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line in the file.
    pub line: usize,
    /// What it says.
    pub item: Item,
}

/// Reads `text`; `Err` names the first line outside the subset.
pub fn parse(text: &str) -> Result<Vec<Line>, Unsupported> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let un = |why: String| Unsupported { line, why };
        let mut rest = strip_comment(raw).map_err(&un)?.trim();
        // Labels first: `a: b: movq ...` is allowed.
        while let Some((name, after)) = leading_label(rest) {
            out.push(Line {
                line,
                item: Item::Label(name.to_string()),
            });
            rest = after.trim();
        }
        if rest.is_empty() {
            continue;
        }
        if let Some(item) = statement(rest).map_err(un)? {
            out.push(Line { line, item });
        }
    }
    Ok(out)
}

/// Where a scan of a line is with respect to string literals.
#[derive(Default)]
struct Strings {
    in_str: bool,
    escaped: bool,
}

impl Strings {
    /// Takes `c`; true when it is inside a string or opens one (the
    /// caller then treats it as text).
    fn take(&mut self, c: char) -> bool {
        if !self.in_str {
            self.in_str = c == '"';
            return self.in_str;
        }
        match (self.escaped, c) {
            (true, _) => self.escaped = false,
            (false, '\\') => self.escaped = true,
            (false, '"') => self.in_str = false,
            _ => {}
        }
        true
    }
}

/// The line without its `#` comment (outside strings); `Err` for forms
/// this reader leaves to `as` (`;` separators, `/*` comments).
fn strip_comment(raw: &str) -> Result<&str, String> {
    let mut strings = Strings::default();
    for (i, c) in raw.char_indices() {
        if strings.take(c) {
            continue;
        }
        match c {
            '#' => return Ok(&raw[..i]),
            ';' => return Err("`;` statement separators".into()),
            '/' if raw[i..].starts_with("/*") => return Err("`/*` comments".into()),
            _ => {}
        }
    }
    Ok(raw)
}

fn is_sym_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.'
}

fn is_sym_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

/// A symbol name: `[A-Za-z_.][A-Za-z0-9_.$]*`.
fn is_symbol(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(is_sym_start) && cs.all(is_sym_char)
}

/// `name:` at the start of `s`: the name and what follows.
fn leading_label(s: &str) -> Option<(&str, &str)> {
    let end = s.find(':')?;
    let name = &s[..end];
    is_symbol(name).then(|| (name, &s[end + 1..]))
}

/// The directive or instruction `s` (trimmed, no label); `None` for
/// directives without effect on the program (`.type`, `.size`, the
/// `.note.GNU-stack` section).
fn statement(s: &str) -> Result<Option<Item>, String> {
    let (word, args) = match s.find(|c: char| c.is_whitespace()) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    };
    if word.starts_with('.') {
        return directive(word, args);
    }
    let ops = split_operands(args)?
        .iter()
        .map(|o| operand(o))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Item::Ins(word.to_string(), ops)))
}

fn directive(word: &str, args: &str) -> Result<Option<Item>, String> {
    let one_symbol = || -> Result<String, String> {
        is_symbol(args)
            .then(|| args.to_string())
            .ok_or_else(|| format!("`{word} {args}`: one symbol expected"))
    };
    let align = |bytes: i64| -> Result<Option<Item>, String> {
        match u64::try_from(bytes) {
            Ok(b) if b.is_power_of_two() && b <= 1 << 16 => Ok(Some(Item::Align(b))),
            _ => Err(format!(
                "`{word} {args}`: an alignment this reader does not take"
            )),
        }
    };
    match word {
        ".text" if args.is_empty() => Ok(Some(Item::Section(true))),
        ".data" if args.is_empty() => Ok(Some(Item::Section(false))),
        ".globl" | ".global" => Ok(Some(Item::Globl(one_symbol()?))),
        ".type" | ".size" => Ok(None),
        ".section" if args.replace(' ', "") == ".note.GNU-stack,\"\",@progbits" => Ok(None),
        ".p2align" => {
            let n = number(args)?;
            if !(0..=16).contains(&n) {
                return Err(format!("`.p2align {args}`"));
            }
            align(1 << n)
        }
        ".align" | ".balign" => align(number(args)?),
        ".quad" => Ok(Some(Item::Quad(
            split_operands(args)?
                .iter()
                .map(|a| value(a))
                .collect::<Result<_, _>>()?,
        ))),
        ".byte" => {
            let mut bytes = Vec::new();
            for a in split_operands(args)? {
                let n = number(&a)?;
                if !(-128..=255).contains(&n) {
                    return Err(format!("`.byte {a}` out of range"));
                }
                bytes.push(n as u8);
            }
            Ok(Some(Item::Bytes(bytes)))
        }
        ".zero" => {
            let n = number(args)?;
            match usize::try_from(n) {
                Ok(n) if n <= 64 << 20 => Ok(Some(Item::Bytes(vec![0; n]))),
                _ => Err(format!("`.zero {args}`")),
            }
        }
        ".asciz" | ".string" | ".ascii" => {
            let mut bytes = Vec::new();
            for a in split_operands(args)? {
                bytes.extend(string(&a)?);
                if word != ".ascii" {
                    bytes.push(0);
                }
            }
            Ok(Some(Item::Bytes(bytes)))
        }
        _ => Err(format!("the directive `{word} {args}`")),
    }
}

/// The comma-separated parts of `s` (commas inside strings and
/// parentheses do not split), trimmed; none for an empty `s`.
fn split_operands(s: &str) -> Result<Vec<String>, String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut depth = 0i32;
    let mut strings = Strings::default();
    for c in s.chars() {
        if strings.take(c) {
            cur.push(c);
            continue;
        }
        match c {
            '(' => {
                depth += 1;
                cur.push(c);
            }
            ')' => {
                depth -= 1;
                cur.push(c);
            }
            ',' if depth == 0 => parts.push(std::mem::take(&mut cur).trim().to_string()),
            _ => cur.push(c),
        }
    }
    if strings.in_str || depth != 0 {
        return Err(format!("`{s}`: an unclosed string or parenthesis"));
    }
    if !cur.trim().is_empty() || !parts.is_empty() {
        parts.push(cur.trim().to_string());
    }
    if parts.iter().any(String::is_empty) {
        return Err(format!("`{s}`: an empty operand"));
    }
    Ok(parts)
}

/// A GNU `as` integer literal: an optional `-`, then decimal, `0x` hex,
/// `0b` binary or `0` octal; any value of 64 bits (up to 2^64 - 1, read
/// as its two's complement).
pub fn number(s: &str) -> Result<i64, String> {
    let bad = || format!("the number `{s}`");
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(h) = lower.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return Err(bad());
    }
    let v = u64::from_str_radix(body, radix).map_err(|_| bad())?;
    Ok(if neg {
        (v as i64).wrapping_neg()
    } else {
        v as i64
    })
}

/// A number or a symbol (`sym`, `sym@GOTPCREL`); sums like `sym+8` are
/// unsupported.
fn value(s: &str) -> Result<Value, String> {
    if let Some(sym) = s.strip_suffix("@GOTPCREL") {
        if is_symbol(sym) {
            return Ok(Value::Got(sym.to_string()));
        }
    }
    if is_symbol(s) {
        return Ok(Value::Sym(s.to_string()));
    }
    number(s).map(Value::Int)
}

/// A register name after `%` (`%r8 ` as the X86lite printer writes it is
/// trimmed by the caller).
pub fn register(name: &str) -> Option<Register> {
    use Register::*;
    Some(match name {
        "rax" => RAX,
        "rbx" => RBX,
        "rcx" => RCX,
        "rdx" => RDX,
        "rsi" => RSI,
        "rdi" => RDI,
        "rbp" => RBP,
        "rsp" => RSP,
        "r8" => R8,
        "r9" => R9,
        "r10" => R10,
        "r11" => R11,
        "r12" => R12,
        "r13" => R13,
        "r14" => R14,
        "r15" => R15,
        "rip" => RIP,
        "al" => AL,
        "bl" => BL,
        "cl" => CL,
        "dl" => DL,
        "sil" => SIL,
        "dil" => DIL,
        "bpl" => BPL,
        "spl" => SPL,
        "r8b" => R8L,
        "r9b" => R9L,
        "r10b" => R10L,
        "r11b" => R11L,
        "r12b" => R12L,
        "r13b" => R13L,
        "r14b" => R14L,
        "r15b" => R15L,
        "eax" => EAX,
        "ebx" => EBX,
        "ecx" => ECX,
        "edx" => EDX,
        "esi" => ESI,
        "edi" => EDI,
        "ebp" => EBP,
        "esp" => ESP,
        "r8d" => R8D,
        "r9d" => R9D,
        "r10d" => R10D,
        "r11d" => R11D,
        "r12d" => R12D,
        "r13d" => R13D,
        "r14d" => R14D,
        "r15d" => R15D,
        _ => return Option::None,
    })
}

fn reg_operand(s: &str) -> Result<Register, String> {
    s.strip_prefix('%')
        .and_then(|r| register(r.trim()))
        .ok_or_else(|| format!("the register `{s}`"))
}

/// One operand as written.
fn operand(s: &str) -> Result<Operand, String> {
    if let Some(ind) = s.strip_prefix('*') {
        let inner = operand(ind.trim())?;
        return match inner {
            Operand::Reg(_) | Operand::Mem { .. } => Ok(Operand::Indirect(Box::new(inner))),
            _ => Err(format!("the indirect operand `{s}`")),
        };
    }
    if let Some(imm) = s.strip_prefix('$') {
        return value(imm.trim()).map(Operand::Imm);
    }
    if s.starts_with('%') {
        return reg_operand(s).map(Operand::Reg);
    }
    if let Some(open) = s.find('(') {
        let inside = s[open..]
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(|| format!("the memory operand `{s}`"))?;
        if inside.contains(',') {
            return Err(format!("`{s}`: an index register"));
        }
        let base = reg_operand(inside.trim())?;
        if !is_64(base) && base != Register::RIP {
            return Err(format!("`{s}`: a base that is not a 64-bit register"));
        }
        let d = s[..open].trim();
        let disp = if d.is_empty() {
            Value::Int(0)
        } else {
            value(d)?
        };
        return Ok(Operand::Mem { base, disp });
    }
    if is_symbol(s) {
        return Ok(Operand::Target(s.to_string()));
    }
    Err(format!("the operand `{s}` (an absolute address)"))
}

/// A 64-bit general-purpose register.
pub fn is_64(r: Register) -> bool {
    r.is_gpr64()
}

/// The bytes of a GNU `as` string literal `"..."`: `\\`, `\"`, `\n`, `\t`,
/// `\r`, `\b`, `\f`, up to three octal digits, `\x` and hex digits (the
/// last two kept, as `as` keeps the low byte).
fn string(s: &str) -> Result<Vec<u8>, String> {
    let body = s
        .strip_prefix('"')
        .and_then(|b| b.strip_suffix('"'))
        .ok_or_else(|| format!("the string `{s}`"))?;
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        i += 1;
        if c != b'\\' {
            if c == b'"' {
                return Err(format!("the string `{s}`: an unescaped quote"));
            }
            out.push(c);
            continue;
        }
        let e = *b
            .get(i)
            .ok_or_else(|| format!("the string `{s}` ends in `\\`"))?;
        i += 1;
        match e {
            b'\\' | b'"' => out.push(e),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                for _ in 0..2 {
                    match b.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push(v as u8);
            }
            b'x' | b'X' => {
                let start = i;
                let mut v: u8 = 0;
                while let Some(d) = b.get(i).and_then(|d| (*d as char).to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d as u8);
                    i += 1;
                }
                if i == start {
                    return Err(format!("the string `{s}`: `\\x` without digits"));
                }
                out.push(v);
            }
            _ => return Err(format!("the string `{s}`: the escape `\\{}`", e as char)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str) -> Vec<Item> {
        parse(text)
            .expect("parses")
            .into_iter()
            .map(|l| l.item)
            .collect()
    }

    /// The X86lite printer's forms (hw3/x86/x86.ml): a tab, the mnemonic,
    /// a tab, operands; `%r8 ` with its trailing space; `retq` with a tab.
    #[test]
    fn the_x86lite_printer_s_lines_read() {
        let got = items(
            "\t.text\n\t.globl\tack\nack:\n\tmovq\t%r8 , -64(%rbp)\n\tretq\t\n\tsete\t%al\n\tcallq\t*%rax\n\tleaq\tg(%rip), %rax",
        );
        assert_eq!(
            got,
            vec![
                Item::Section(true),
                Item::Globl("ack".into()),
                Item::Label("ack".into()),
                Item::Ins(
                    "movq".into(),
                    vec![
                        Operand::Reg(Register::R8),
                        Operand::Mem {
                            base: Register::RBP,
                            disp: Value::Int(-64)
                        }
                    ]
                ),
                Item::Ins("retq".into(), vec![]),
                Item::Ins("sete".into(), vec![Operand::Reg(Register::AL)]),
                Item::Ins(
                    "callq".into(),
                    vec![Operand::Indirect(Box::new(Operand::Reg(Register::RAX)))]
                ),
                Item::Ins(
                    "leaq".into(),
                    vec![
                        Operand::Mem {
                            base: Register::RIP,
                            disp: Value::Sym("g".into())
                        },
                        Operand::Reg(Register::RAX)
                    ]
                ),
            ]
        );
    }

    /// GNU `as` reads `\ddd` as octal (OCaml's `String.escaped` writes
    /// decimal: `\010` is then byte 8, not 10), `\x41` as hex, `\\` as one
    /// backslash; `.asciz` adds the NUL, `.ascii` does not.
    #[test]
    fn strings_read_as_gnu_as_reads_them() {
        assert_eq!(
            items("\t.asciz\t\"a\\010b\\x41\\\\\\\"\""),
            vec![Item::Bytes(vec![b'a', 8, b'b', b'A', b'\\', b'"', 0])]
        );
        assert_eq!(
            items(".ascii \"x#y\" # a comment"),
            vec![Item::Bytes(b"x#y".to_vec())]
        );
    }

    /// Numbers as `as` reads them: `010` is octal 8, `0x10` 16, `-1` and
    /// 2^64 - 1 the same word.
    #[test]
    fn numbers_read_as_gnu_as_reads_them() {
        assert_eq!(number("010"), Ok(8));
        assert_eq!(number("0x10"), Ok(16));
        assert_eq!(number("0"), Ok(0));
        assert_eq!(number("-1"), number("18446744073709551615"));
        assert!(number("18446744073709551616").is_err());
        assert!(number("08").is_err());
    }

    /// Forms outside the subset are refused with their line, never read
    /// another way.
    #[test]
    fn forms_outside_the_subset_are_unsupported() {
        for (text, line) in [
            ("\tmovq\t(%rax,%rbx,8), %rcx", 1),
            ("\n\tmovq\t8, %rax", 2),
            ("\t.section .rodata", 1),
            ("\tmovq %rax, %rbx; ret", 1),
            ("\tmovq\t$x+8, %rax", 1),
            ("\t.asciz \"\\q\"", 1),
            ("\tmovq\t%ax, %rbx", 1),
        ] {
            let e = parse(text).expect_err(text);
            assert_eq!(e.line, line, "{text}: {e:?}");
        }
    }
}

//! An assembler for the AT&T subset the course back ends print
//! (docs/running-student-code.md, "Linking"): the X86lite printer of
//! CIS341 / ETH / COS320 (`movq`, `pushq`, ..., `set<cc>`, `callq`,
//! `.text`, `.data`, `.globl`, `.quad`, `.asciz`) and lloracle's own
//! back end's text ([`crate::asm_text`]). A program is read once
//! ([`Program::read`]) and assembled with iced-x86 for the address it
//! will run at ([`Program::assemble`]); the runner then runs its `main`
//! as `cc` would have linked it with the runtime
//! ([`crate::runner::run_program`]).
//!
//! Everything outside the subset, and everything `as` or `ld` would
//! refuse that this reader can see (a symbol defined twice, no global
//! `main`, a label after the last instruction), is [`Unsupported`]: the
//! caller then assembles and links with the real tools, so that their
//! words and verdicts stay what they are.

mod encode;
mod parse;

pub use encode::Image;
pub use parse::{Item, Line, Operand, Value};

use std::collections::{BTreeSet, HashMap};

/// A form this assembler does not take (the caller uses `as` and `ld`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The 1-based line, 0 for the file as a whole.
    pub line: usize,
    /// What it is.
    pub why: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.why)
        } else {
            write!(f, "line {}: {}", self.line, self.why)
        }
    }
}

/// Where a defined symbol is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A code label: its group (labels with no instruction between them
    /// share one address, and one group).
    Code(usize),
    /// A data label: its offset in the data section.
    Data(u64),
}

/// A program read and checked, ready to assemble at any address.
#[derive(Clone, Debug)]
pub struct Program {
    lines: Vec<Line>,
    /// Every symbol the program defines.
    defined: HashMap<String, Place>,
    /// The symbols `.globl` names.
    globals: BTreeSet<String>,
    /// The symbols used but not defined: runtime functions, or the link
    /// fails.
    externals: BTreeSet<String>,
    /// The data section's bytes before relocation, and where each `.quad
    /// sym` goes.
    data: Vec<u8>,
    data_relocs: Vec<(usize, String)>,
    /// The number of code label groups.
    groups: usize,
    /// The number of instructions.
    instructions: usize,
}

/// The largest data section this assembler lays out.
pub const MAX_DATA: usize = 64 << 20;

impl Program {
    /// Reads and checks `text`; `Err` for anything outside the subset or
    /// that `as` would refuse.
    pub fn read(text: &str) -> Result<Program, Unsupported> {
        let lines = parse::parse(text)?;
        let mut p = Program {
            lines: Vec::new(),
            defined: HashMap::new(),
            globals: BTreeSet::new(),
            externals: BTreeSet::new(),
            data: Vec::new(),
            data_relocs: Vec::new(),
            groups: 0,
            instructions: 0,
        };
        p.lay_out(&lines)?;
        p.lines = lines;
        p.find_externals();
        if !(matches!(p.defined.get("main"), Some(Place::Code(_))) && p.globals.contains("main")) {
            return Err(Unsupported {
                line: 0,
                why: "no global `main` in the code (the link would fail)".into(),
            });
        }
        // Every instruction must encode (`movq` from memory to memory, an
        // immediate past 32 bits are `as` errors): found now, not when
        // the program is about to run.
        let data_base = 1u64 << 32;
        let code_base = data_base + (p.data_size() as u64).div_ceil(4096) * 4096;
        p.assemble(data_base, code_base, &|_| Some(0))?;
        Ok(p)
    }

    /// Defines every label, lays out the data section and checks that
    /// instructions are in `.text` and data in `.data`.
    fn lay_out(&mut self, lines: &[Line]) -> Result<(), Unsupported> {
        let mut text = true;
        let mut open_group: Option<usize> = None;
        let mut last_label_line = 0;
        for l in lines {
            let un = |why: &str| Unsupported {
                line: l.line,
                why: why.to_string(),
            };
            match &l.item {
                Item::Section(t) => text = *t,
                Item::Globl(s) => {
                    self.globals.insert(s.clone());
                }
                Item::Label(name) => {
                    let place = if text {
                        let g = *open_group.get_or_insert_with(|| {
                            self.groups += 1;
                            self.groups - 1
                        });
                        last_label_line = l.line;
                        Place::Code(g)
                    } else {
                        Place::Data(self.data.len() as u64)
                    };
                    if self.defined.insert(name.clone(), place).is_some() {
                        return Err(un(&format!("`{name}` is defined twice")));
                    }
                }
                Item::Align(a) if text => {
                    let _ = a; // Padding in code is never observed (see encode.rs).
                }
                Item::Align(a) => {
                    let a = *a as usize;
                    let len = self.data.len().div_ceil(a) * a;
                    self.data.resize(len, 0);
                }
                Item::Quad(_) | Item::Bytes(_) if text => {
                    return Err(un("data in the code section"));
                }
                Item::Quad(vs) => {
                    for v in vs {
                        let word = match v {
                            Value::Int(n) => *n,
                            Value::Sym(s) => {
                                self.data_relocs.push((self.data.len(), s.clone()));
                                0
                            }
                            Value::Got(_) => return Err(un("`@GOTPCREL` in `.quad`")),
                        };
                        self.data.extend_from_slice(&word.to_le_bytes());
                    }
                }
                Item::Bytes(b) => self.data.extend_from_slice(b),
                Item::Ins(..) if !text => return Err(un("an instruction in the data section")),
                Item::Ins(..) => {
                    open_group = None;
                    self.instructions += 1;
                }
            }
            if self.data.len() > MAX_DATA {
                return Err(un("the data section is too large"));
            }
        }
        if open_group.is_some() {
            return Err(Unsupported {
                line: last_label_line,
                why: "a label after the last instruction".into(),
            });
        }
        Ok(())
    }

    /// The symbols used but not defined.
    fn find_externals(&mut self) {
        let mut used: Vec<&str> = self.data_relocs.iter().map(|(_, s)| s.as_str()).collect();
        for l in &self.lines {
            if let Item::Ins(_, ops) = &l.item {
                for o in ops {
                    used.extend(symbol_of(o));
                }
            }
        }
        let ext: BTreeSet<String> = used
            .into_iter()
            .filter(|s| !self.defined.contains_key(*s))
            .map(str::to_string)
            .collect();
        self.externals = ext;
    }

    /// The symbols the program uses but does not define (each must be a
    /// function of the runtime it is linked with).
    pub fn externals(&self) -> impl Iterator<Item = &str> {
        self.externals.iter().map(String::as_str)
    }

    /// The symbols the program defines and makes global (`.globl`): the
    /// linker sees them, and a clash with the runtime's or the C library's
    /// is a link error or an interposition.
    pub fn defined_globals(&self) -> impl Iterator<Item = &str> {
        self.globals
            .iter()
            .filter(|g| self.defined.contains_key(*g))
            .map(String::as_str)
    }

    /// The bytes of the data section, external slots included, page
    /// aside: what the image's data part needs.
    pub fn data_size(&self) -> usize {
        encode::slots_at(self.data.len())
            + 8 * (self.externals.len() + self.got_symbols().len() + 1)
    }

    /// An upper bound of the code's bytes (15 per instruction, the
    /// trampoline and the stubs of external functions).
    pub fn code_size_bound(&self) -> usize {
        15 * (self.instructions + 8 + 8 * self.externals.len())
    }

    /// The symbols named by `sym@GOTPCREL`, in name order.
    fn got_symbols(&self) -> Vec<&str> {
        self.lines
            .iter()
            .filter_map(|l| match &l.item {
                Item::Ins(_, ops) => Some(ops),
                _ => None,
            })
            .flatten()
            .filter_map(got_of)
            .collect::<BTreeSet<&str>>()
            .into_iter()
            .collect()
    }

    /// Assembles the program with its data at `data_base` and its code at
    /// `code_base`, each external symbol at the address `resolve` gives
    /// (`Err` when it gives none).
    pub fn assemble(
        &self,
        data_base: u64,
        code_base: u64,
        resolve: &dyn Fn(&str) -> Option<u64>,
    ) -> Result<Image, Unsupported> {
        encode::assemble(self, data_base, code_base, resolve)
    }
}

/// The symbol an operand names, if any.
fn symbol_of(o: &Operand) -> Option<&str> {
    match o {
        Operand::Imm(v) | Operand::Mem { disp: v, .. } => match v {
            Value::Sym(s) | Value::Got(s) => Some(s),
            Value::Int(_) => None,
        },
        Operand::Target(s) => Some(s),
        Operand::Indirect(inner) => symbol_of(inner),
        Operand::Reg(_) => None,
    }
}

/// The symbol of a `sym@GOTPCREL` operand.
fn got_of(o: &Operand) -> Option<&str> {
    match o {
        Operand::Mem {
            disp: Value::Got(s),
            ..
        } => Some(s),
        Operand::Indirect(inner) => got_of(inner),
        _ => None,
    }
}

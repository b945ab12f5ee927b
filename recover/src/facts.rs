//! DTrans-style safety facts per named struct: whether its pointers are
//! also used at other types, whether the address of a field escapes, and
//! whether it is cast to an unrelated type.

use crate::analysis::Analysis;
use crate::graph::Step;
use spec::print::print_ty;
use spec::Ty;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The safety facts of one named struct.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StructFacts {
    /// Some pointer to it is also used as (or created as) another type.
    pub multiple_types: bool,
    /// The address of one of its fields is stored, passed or returned.
    pub field_address_taken: bool,
    /// Some pointer to it is used as a type neither compatible with it
    /// (a prefix of its flattened fields or vice versa) nor `i8`.
    pub unrelated_cast: bool,
    /// The other types its pointers are used as.
    pub other_types: BTreeSet<Ty>,
    /// Its fields that hold pointers used at more than one pointee type.
    pub multi_typed_fields: BTreeSet<u64>,
}

impl StructFacts {
    /// True when no unsafe fact holds (DTrans could transform it).
    pub fn safe(&self) -> bool {
        !self.multiple_types
            && !self.field_address_taken
            && !self.unrelated_cast
            && self.multi_typed_fields.is_empty()
    }
}

/// The report: facts per named struct, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Each named struct type of the program with its facts.
    pub structs: BTreeMap<String, StructFacts>,
}

/// The facts of every named struct of the analysed program.
pub fn report(a: &Analysis) -> Report {
    let mut structs: BTreeMap<String, StructFacts> = BTreeMap::new();
    for t in &a.prog.tdecls {
        if matches!(a.env.unfold(&t.ty), Ty::Struct(_)) {
            structs.insert(t.name.clone(), StructFacts::default());
        }
    }
    for n in 0..a.graph.len() {
        if a.graph.root(n) != n {
            continue;
        }
        let tys = a.graph.data(n).types();
        for (name, facts) in structs.iter_mut() {
            let me = Ty::Named(name.clone());
            if !tys.contains(&me) {
                continue;
            }
            for t in tys.iter().filter(|t| !a.env.ty_eq(t, &me)) {
                facts.multiple_types = true;
                facts.other_types.insert(t.clone());
                let related = *t == Ty::I8 || a.env.compatible(t, &me) || a.env.compatible(&me, t);
                if !related {
                    facts.unrelated_cast = true;
                }
            }
        }
    }
    for (name, facts) in structs.iter_mut() {
        let Some(Ty::Struct(fields)) = a.prog.tdecl(name).map(|t| a.env.unfold(&t.ty)) else {
            continue;
        };
        let Some(root) = a.named_root_of(name) else {
            continue;
        };
        for (k, t) in fields.iter().enumerate() {
            if !t.is_pointer() {
                continue;
            }
            let key = vec![Step::Field(k as u64)];
            let Some(&at) = a.graph.data(root).subs.get(&key) else {
                continue;
            };
            let Some(c) = a.graph.data(at).content else {
                continue;
            };
            if a.graph.data(c).types().len() > 1 {
                facts.multi_typed_fields.insert(k as u64);
            }
        }
    }
    for name in &a.gep_named_escapes {
        if let Some(f) = structs.get_mut(name) {
            f.field_address_taken = true;
        }
    }
    Report { structs }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, s) in &self.structs {
            let mut facts = Vec::new();
            if s.multiple_types {
                let others: Vec<String> = s.other_types.iter().map(print_ty).collect();
                facts.push(format!(
                    "used at more than one type ({})",
                    others.join(", ")
                ));
            }
            for k in &s.multi_typed_fields {
                facts.push(format!(
                    "field {k} holds pointers used at more than one type"
                ));
            }
            if s.field_address_taken {
                facts.push("field address taken".to_string());
            }
            if s.unrelated_cast {
                facts.push("cast to an unrelated type".to_string());
            }
            if facts.is_empty() {
                facts.push("safe".to_string());
            }
            writeln!(f, "; %{name}: {}", facts.join("; "))?;
        }
        Ok(())
    }
}

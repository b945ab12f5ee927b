//! Global data: an *anchor* global for every data type (so a pointer of any
//! pointer type always exists), a few extra globals, string literals, a
//! null-initialised pointer global and *view* globals initialised with a
//! `bitcast` of a struct global to a prefix of its fields. Together they use
//! every initializer form of the spec's table.

use crate::draw::{below, chance, int_const, range};
use crate::universe::Universe;
use crate::values::{Origin, PtrVal};
use crate::GenConfig;
use arbitrary::Unstructured;
use spec::dialect::Feature;
use spec::{Gdecl, Gid, Ginit, GinitKind, Operand, Span, Ty};

/// The global data of one program and what the generator knows about it.
#[derive(Default)]
pub(crate) struct Globals {
    /// The definitions, in order.
    pub gdecls: Vec<Gdecl>,
    /// For each data type, the global that always exists with that type.
    pub anchors: Vec<(Ty, Gid)>,
    /// Data globals usable as places (Global origin): anchors and extras.
    pub places: Vec<PtrVal>,
    /// String literals: name and array length (with the NUL).
    pub strings: Vec<(Gid, u64)>,
    /// `@n = global T* null`: name and pointee type T. Loaded values may be
    /// null: they are only compared, and only global pointers are stored.
    pub nullables: Vec<(Gid, Ty)>,
    /// `@v = global U* bitcast (T* @g to U*)`: name, view U, actual T.
    pub views: Vec<(Gid, Ty, Ty)>,
}

impl Globals {
    /// The anchor global of data type `ty`.
    pub(crate) fn anchor(&self, ty: &Ty) -> Option<&Gid> {
        self.anchors.iter().find(|(t, _)| t == ty).map(|(_, g)| g)
    }
}

/// Draws the globals; `leaves` names the leaf functions of each function type.
pub(crate) fn gen_globals(
    u: &mut Unstructured,
    uni: &Universe,
    leaves: &[(Ty, Gid)],
    cfg: &GenConfig,
) -> Globals {
    let mut g = Globals::default();
    let mut typed: Vec<(Ty, Gid)> = Vec::new();
    for (i, d) in uni.data.iter().enumerate() {
        let name = format!("a{i}");
        g.anchors.push((d.clone(), name.clone()));
        typed.push((d.clone(), name));
    }
    let n_extra = range(u, 0, cfg.max_globals as u64);
    for i in 0..n_extra {
        let d = uni.data[below(u, uni.data.len())].clone();
        typed.push((d, format!("g{i}")));
    }
    for (ty, name) in &typed {
        let init = ginit(u, uni, ty, &typed, leaves, cfg, 0);
        g.gdecls.push(gdecl(name, ty.clone(), init));
        g.places.push(PtrVal::root(
            Operand::gid(name.clone()),
            ty.clone(),
            Origin::Global,
        ));
    }
    let n_str = range(u, 1, 3);
    for i in 0..n_str {
        let len = range(u, 0, 12) as usize;
        let mut bytes: Vec<u8> = (0..len)
            .map(|_| {
                const ALPHABET: &[u8] =
                    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-";
                ALPHABET[below(u, ALPHABET.len())]
            })
            .collect();
        bytes.push(0);
        let n = bytes.len() as u64;
        let name = format!("str{i}");
        g.gdecls.push(gdecl(
            &name,
            Ty::Array(n, Box::new(Ty::I8)),
            Ginit::new(GinitKind::Str(bytes)),
        ));
        g.strings.push((name, n));
    }
    if chance(u, 50) {
        let d = uni.data[below(u, uni.data.len())].clone();
        let name = "n0".to_string();
        g.gdecls.push(gdecl(
            &name,
            d.clone().ptr_to(),
            Ginit::new(GinitKind::Null),
        ));
        g.nullables.push((name, d));
    }
    let structs: Vec<(Ty, Gid, Vec<Ty>)> = typed
        .iter()
        .filter_map(|(t, n)| match uni.env.unfold(t) {
            Ty::Struct(fs) if !fs.is_empty() => Some((t.clone(), n.clone(), fs.clone())),
            _ => None,
        })
        .collect();
    if !structs.is_empty() && cfg.has(Feature::GlobalBitcastInit) && chance(u, 70) {
        let n_views = range(u, 1, 2);
        for i in 0..n_views {
            let (t, target, fs) = &structs[below(u, structs.len())];
            let k = range(u, 1, fs.len() as u64) as usize;
            let view = Ty::Struct(fs[..k].to_vec());
            let name = format!("v{i}");
            let init = GinitKind::Bitcast(
                t.clone().ptr_to(),
                Box::new(Ginit::new(GinitKind::Gid(target.clone()))),
                view.clone().ptr_to(),
            );
            g.gdecls
                .push(gdecl(&name, view.clone().ptr_to(), Ginit::new(init)));
            g.views.push((name, view, t.clone()));
        }
    }
    g
}

/// `n` made writable in an initializer of the dialect (no instruction can
/// build it there): negatives complemented (`-1` gives 0), then magnitudes
/// of 2^62 and more divided by four.
fn init_literal(n: i64, cfg: &GenConfig) -> i64 {
    let n = if n < 0 && !cfg.has(Feature::NegativeLiterals) {
        !n
    } else {
        n
    };
    if n.unsigned_abs() >= 1 << 62 && !cfg.has(Feature::BigLiterals) {
        n >> 2
    } else {
        n
    }
}

fn gdecl(name: &str, ty: Ty, init: Ginit) -> Gdecl {
    Gdecl {
        name: name.to_string(),
        ty,
        init,
        span: Span::DUMMY,
    }
}

/// An initializer for a value of type `ty` that keeps the memory invariant:
/// words are literals, data pointers name a global of exactly the pointee
/// type, function pointers name a leaf function of exactly that type.
fn ginit(
    u: &mut Unstructured,
    uni: &Universe,
    ty: &Ty,
    typed: &[(Ty, Gid)],
    leaves: &[(Ty, Gid)],
    cfg: &GenConfig,
    depth: usize,
) -> Ginit {
    let kind = match ty {
        Ty::I1 => GinitKind::Int(range(u, 0, 1) as i64),
        Ty::I64 => GinitKind::Int(init_literal(int_const(u), cfg)),
        Ty::Ptr(p) if matches!(**p, Ty::Fun(..)) => {
            let fs: Vec<&Gid> = leaves
                .iter()
                .filter(|(t, _)| t == &**p)
                .map(|(_, n)| n)
                .collect();
            match fs.get(below(u, fs.len())) {
                Some(n) => GinitKind::Gid((*n).clone()),
                None => GinitKind::Null,
            }
        }
        Ty::Ptr(p) => {
            let gs: Vec<&Gid> = typed
                .iter()
                .filter(|(t, _)| t == &**p)
                .map(|(_, n)| n)
                .collect();
            match gs.get(below(u, gs.len())) {
                Some(n) => GinitKind::Gid((*n).clone()),
                None => GinitKind::Null,
            }
        }
        Ty::Array(n, e) => GinitKind::Array(
            (0..*n)
                .map(|_| {
                    (
                        (**e).clone(),
                        ginit(u, uni, e, typed, leaves, cfg, depth + 1),
                    )
                })
                .collect(),
        ),
        Ty::Struct(fs) => GinitKind::Struct(
            fs.iter()
                .map(|f| (f.clone(), ginit(u, uni, f, typed, leaves, cfg, depth + 1)))
                .collect(),
        ),
        Ty::Named(_) if depth < 16 => match uni.env.unfold(ty).clone() {
            Ty::Struct(fs) => GinitKind::Struct(
                fs.iter()
                    .map(|f| (f.clone(), ginit(u, uni, f, typed, leaves, cfg, depth + 1)))
                    .collect(),
            ),
            _ => GinitKind::Int(0),
        },
        _ => GinitKind::Int(0),
    };
    Ginit::new(kind)
}

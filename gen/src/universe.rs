//! The types of one generated program: function types for function
//! pointers, named struct types (nested, and recursive through pointers), and
//! the *data types* that globals and allocas are made of.
//!
//! Every type the generator writes comes from here, and it compares types
//! syntactically (`Ty == Ty`): a named type and its unfolding are different
//! types to LLVM (named structs are nominal there), so the generator never
//! mixes them except through an explicit `bitcast`.

use crate::draw::{below, chance, range, weighted};
use crate::GenConfig;
use arbitrary::Unstructured;
use spec::{Tdecl, Ty, TypeEnv};

/// The most leaves (simple values) one data type may hold, so that
/// initialising an aggregate alloca stays cheap.
pub(crate) const MAX_LEAVES: u64 = 24;

/// The types of one program.
pub(crate) struct Universe {
    /// The named type definitions (`%s0 = type {...}`).
    pub tdecls: Vec<Tdecl>,
    /// The named types, for unfolding and sizes.
    pub env: TypeEnv,
    /// Function types (`Ty::Fun`) whose pointers are stored, passed and called.
    pub fun_tys: Vec<Ty>,
    /// Types of memory that globals and allocas are made of; each has an
    /// anchor global, so a pointer to any of them always exists.
    pub data: Vec<Ty>,
}

impl Universe {
    /// Draws the function types, the named structs and the data types.
    pub(crate) fn generate(u: &mut Unstructured, cfg: &GenConfig) -> Universe {
        let n_named = range(u, 0, cfg.max_named_types as u64) as usize;
        let names: Vec<String> = (0..n_named).map(|i| format!("s{i}")).collect();
        let fun_tys = gen_fun_tys(u, &names, cfg);
        let mut tdecls: Vec<Tdecl> = Vec::new();
        for i in 0..n_named {
            let env = env_of(&tdecls);
            let ty = gen_struct(u, i, &names, &fun_tys, &env);
            tdecls.push(Tdecl {
                name: names[i].clone(),
                ty,
                span: spec::Span::DUMMY,
            });
        }
        let env = env_of(&tdecls);
        let mut data = vec![Ty::I64];
        data.extend(names.iter().map(|n| Ty::Named(n.clone())));
        // Anonymous aggregates: arrays of words (power-of-two lengths, for
        // masked dynamic indices), arrays of named structs, nested structs.
        let n_anon = range(u, 0, 3);
        for _ in 0..n_anon {
            let t = match weighted(u, &[3, 2, 2]) {
                0 => Ty::Array(1 << range(u, 0, 3), Box::new(Ty::I64)),
                1 if !names.is_empty() => {
                    let n = &names[below(u, names.len())];
                    Ty::Array(1 << range(u, 0, 2), Box::new(Ty::Named(n.clone())))
                }
                _ => {
                    let mut fs = vec![Ty::I64];
                    if let Some(n) = names.get(below(u, names.len().max(1))) {
                        fs.insert(0, Ty::Named(n.clone()));
                    }
                    if chance(u, 50) {
                        fs.push(Ty::Array(range(u, 1, 3), Box::new(Ty::I64)));
                    }
                    Ty::Struct(fs)
                }
            };
            if leaves(&env, &t) <= MAX_LEAVES && !data.contains(&t) {
                data.push(t);
            }
        }
        // Pointer slots: globals and allocas that hold pointers.
        let mut ptrs = vec![Ty::I64.ptr_to()];
        ptrs.extend(names.iter().map(|n| Ty::Named(n.clone()).ptr_to()));
        ptrs.extend(fun_tys.iter().map(|f| f.clone().ptr_to()));
        for p in ptrs {
            if chance(u, 60) {
                data.push(p);
            }
        }
        Universe {
            tdecls,
            env,
            fun_tys,
            data,
        }
    }

    /// The types a function parameter may have: i64, i1, strings, pointers
    /// to data and function pointers.
    pub(crate) fn param_tys(&self) -> Vec<Ty> {
        let mut v = vec![Ty::I64, Ty::I64, Ty::I1, Ty::I8.ptr_to()];
        v.extend(self.data.iter().map(|d| d.clone().ptr_to()));
        v.extend(self.fun_tys.iter().map(|f| f.clone().ptr_to()));
        v
    }
}

fn env_of(tdecls: &[Tdecl]) -> TypeEnv {
    TypeEnv::new(&spec::Prog {
        tdecls: tdecls.to_vec(),
        ..spec::Prog::default()
    })
}

/// The number of simple values (leaves) in `ty`: 1 for a simple type, the
/// sum over fields, the length times the element.
pub(crate) fn leaves(env: &TypeEnv, ty: &Ty) -> u64 {
    match env.unfold(ty) {
        Ty::Struct(fs) => fs
            .iter()
            .map(|f| leaves(env, f))
            .fold(0, u64::saturating_add),
        Ty::Array(n, e) => n.saturating_mul(leaves(env, e)),
        _ => 1,
    }
}

/// One to three function types (with a parameter at least where the
/// dialect cannot write `T ()`); parameters are words, booleans, strings and
/// pointers to words or named structs.
fn gen_fun_tys(u: &mut Unstructured, names: &[String], cfg: &GenConfig) -> Vec<Ty> {
    // `T ()` written as a type (a pointer to it) is beyond some dialects.
    let min_params = u64::from(!cfg.has(spec::dialect::Feature::EmptyParamFunTypes));
    let n = range(u, 1, 3);
    let mut out: Vec<Ty> = Vec::new();
    for _ in 0..n {
        let ret = match weighted(u, &[4, 1, 1]) {
            0 => Ty::I64,
            1 => Ty::I1,
            _ => Ty::Void,
        };
        let n_params = range(u, min_params, 2);
        let mut params: Vec<Ty> = (0..n_params)
            .map(|_| match weighted(u, &[4, 1, 1, 1, 1]) {
                0 => Ty::I64,
                1 => Ty::I1,
                2 => Ty::I8.ptr_to(),
                3 => Ty::I64.ptr_to(),
                _ => match names.get(below(u, names.len().max(1))) {
                    Some(n) => Ty::Named(n.clone()).ptr_to(),
                    None => Ty::I64,
                },
            })
            .collect();
        let ret = pad_to_stack_args(u, &mut params, ret);
        let f = Ty::Fun(params, Box::new(ret));
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// Sometimes pads `params` with words to 7 or 8 parameters, so that calls
/// pass arguments on the stack (System V passes the first six in
/// registers); such a function returns a word, into which it folds its
/// seventh and eighth parameters (see `Fb::gen_return`), so that a compiler
/// that loses a stack argument changes the program's result. Returns the
/// return type to use.
pub(crate) fn pad_to_stack_args(u: &mut Unstructured, params: &mut Vec<Ty>, ret: Ty) -> Ty {
    if !chance(u, 20) {
        return ret;
    }
    let n = range(u, 7, 8) as usize;
    while params.len() < n {
        params.push(Ty::I64);
    }
    Ty::I64
}

/// Named struct number `i`: fields are words, booleans, pointers to any named struct
/// (so recursion goes through pointers), earlier named structs nested by
/// value, arrays, function pointers and small anonymous structs (some with
/// booleans, which the two layouts place differently).
fn gen_struct(
    u: &mut Unstructured,
    i: usize,
    names: &[String],
    fun_tys: &[Ty],
    env: &TypeEnv,
) -> Ty {
    let n_fields = range(u, 1, 4);
    let mut fields = Vec::new();
    let mut total = 0;
    for _ in 0..n_fields {
        let earlier = &names[..i];
        let f = match weighted(u, &[4, 3, 2, 1, 1, 1, 1, 1, 1, 1]) {
            0 => Ty::I64,
            8 => Ty::I1,
            1 => Ty::Named(names[below(u, names.len())].clone()).ptr_to(),
            2 if !earlier.is_empty() => Ty::Named(earlier[below(u, earlier.len())].clone()),
            3 => Ty::Array([1, 2, 3, 4, 8][below(u, 5)], Box::new(Ty::I64)),
            4 if !earlier.is_empty() => Ty::Array(
                [1, 2, 4][below(u, 3)],
                Box::new(Ty::Named(earlier[below(u, earlier.len())].clone())),
            ),
            5 if !fun_tys.is_empty() => fun_tys[below(u, fun_tys.len())].clone().ptr_to(),
            6 => Ty::Struct(vec![Ty::I64, Ty::I64.ptr_to()]),
            7 => Ty::I64.ptr_to(),
            // Booleans packed before a word: one byte each in LLVM's
            // layout, a word each in the course layout.
            9 => Ty::Struct(vec![Ty::I1, Ty::I1, Ty::I64]),
            _ => Ty::I64,
        };
        let l = leaves(env, &f);
        let f = if total + l > MAX_LEAVES { Ty::I64 } else { f };
        total += leaves(env, &f);
        fields.push(f);
    }
    Ty::Struct(fields)
}

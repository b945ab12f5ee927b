//! A whole program: types, globals, then functions in levels (leaves that
//! function pointers may reach, helpers that call lower levels, recursive
//! functions and mutually recursive pairs bounded by a depth parameter, and
//! `main`), with a static bound on the instructions each call executes.

use crate::ctx::{names, Ctx, FnInfo};
use crate::draw::{below, chance, range, weighted};
use crate::func::opt::gen_writers;
use crate::func::{Built, Fb, RecCall, Role, MAX_REC_DEPTH};
use crate::globals::gen_globals;
use crate::universe::{pad_to_stack_args, Universe};
use crate::GenConfig;
use arbitrary::Unstructured;
use spec::{Edecl, Fdecl, Prog, Span, Ty};

/// Draws a whole program.
pub(crate) fn gen_prog(u: &mut Unstructured, cfg: &GenConfig) -> Prog {
    let uni = Universe::generate(u, cfg);
    // Leaves: one or two per function type, named before the globals so
    // that initialisers can point at them.
    let mut leaf_names: Vec<(Ty, String)> = Vec::new();
    for (i, f) in uni.fun_tys.iter().enumerate() {
        let n = range(u, 1, 2);
        for k in 0..n {
            leaf_names.push((f.clone(), format!("l{i}_{k}")));
        }
    }
    let globals = gen_globals(u, &uni, &leaf_names, cfg);
    let mut ctx = Ctx {
        uni,
        globals,
        funcs: Vec::new(),
        writers: Vec::new(),
    };
    let mut fdecls: Vec<Fdecl> = Vec::new();
    let leaf_budget = (cfg.budget / 64).max(50);
    // Leaves are registered first: their bodies may store pointers to any
    // leaf (they never call program functions, so order does not matter).
    for (f, name) in &leaf_names {
        let Ty::Fun(params, ret) = f else { continue };
        ctx.funcs.push(FnInfo {
            name: name.clone(),
            params: params.clone(),
            ret: (**ret).clone(),
            level: 0,
            cost: 0,
            recursive: false,
            ready: true,
            leaf_of: Some(f.clone()),
        });
    }
    for (k, (f, name)) in leaf_names.iter().enumerate() {
        let Ty::Fun(params, ret) = f else { continue };
        let ps = names(params);
        let mut fb = Fb::new(&ctx, cfg, u, Role::Leaf, &ps, (**ret).clone(), leaf_budget);
        fb.setup_entry();
        fb.gen_stmts(cfg.max_nest.min(1));
        fb.gen_return();
        let Built { fdecl, cost } = fb.finish(name, ps);
        if let Some(info) = ctx.funcs.get_mut(k) {
            info.cost = cost;
        }
        fdecls.push(fdecl);
    }
    if cfg.profile == crate::Profile::Opt {
        gen_writers(u, &mut ctx, cfg, leaf_budget, &mut fdecls);
    }
    let helper_budget = (cfg.budget / 8).max(100);
    let n_helpers = range(u, 0, cfg.max_helpers as u64);
    for h in 0..n_helpers as usize {
        let level = h + 1;
        match weighted(u, &[3, 1, 1]) {
            0 => {
                let (params, ret) = signature(u, &ctx, false);
                let name = format!("f{h}");
                let ps = names(&params);
                let role = Role::Helper { level };
                let mut fb = Fb::new(&ctx, cfg, u, role, &ps, ret.clone(), helper_budget);
                fb.setup_entry();
                fb.gen_stmts(cfg.max_nest);
                fb.gen_return();
                let Built { fdecl, cost } = fb.finish(&name, ps);
                ctx.funcs.push(FnInfo {
                    name,
                    params,
                    ret,
                    level,
                    cost,
                    recursive: false,
                    ready: true,
                    leaf_of: None,
                });
                fdecls.push(fdecl);
            }
            k => {
                // A recursive function (k == 1) or a mutually recursive pair.
                let group: Vec<String> = if k == 1 {
                    vec![format!("r{h}")]
                } else {
                    vec![format!("r{h}a"), format!("r{h}b")]
                };
                let first = ctx.funcs.len();
                for name in &group {
                    let (params, ret) = signature(u, &ctx, true);
                    ctx.funcs.push(FnInfo {
                        name: name.clone(),
                        params,
                        ret,
                        level,
                        cost: 0,
                        recursive: true,
                        ready: false,
                        leaf_of: None,
                    });
                }
                let mut total = 0u64;
                for j in 0..group.len() {
                    let me = first + j;
                    let target = first + (j + 1) % group.len();
                    let rec = RecCall {
                        target: ctx.funcs[target].name.clone(),
                        params: ctx.funcs[target].params.clone(),
                        ret: ctx.funcs[target].ret.clone(),
                    };
                    let params = ctx.funcs[me].params.clone();
                    let ret = ctx.funcs[me].ret.clone();
                    let name = ctx.funcs[me].name.clone();
                    let ps = names(&params);
                    let role = Role::Helper { level };
                    let budget = (helper_budget / (2 * (MAX_REC_DEPTH + 1))).max(40);
                    let mut fb = Fb::new(&ctx, cfg, u, role, &ps, ret, budget);
                    fb.setup_entry();
                    fb.rec_body(&rec);
                    let Built { fdecl, cost } = fb.finish(&name, ps);
                    total = total.saturating_add(cost);
                    fdecls.push(fdecl);
                }
                let cost = total.saturating_mul(MAX_REC_DEPTH + 1);
                for f in &mut ctx.funcs[first..] {
                    f.cost = cost;
                    f.ready = true;
                }
            }
        }
    }
    let main_params = if cfg.allow_argc && chance(u, 40) {
        vec![Ty::I64, Ty::I8.ptr_to().ptr_to()]
    } else {
        Vec::new()
    };
    let ps: Vec<(String, Ty)> = main_params
        .iter()
        .zip(["argc", "argv"])
        .map(|(t, n)| (n.to_string(), t.clone()))
        .collect();
    // argv is never used: argv[0]'s text is the harness's choice.
    let scope_ps: Vec<(String, Ty)> = ps.iter().take(1).cloned().collect();
    let mut fb = Fb::new(&ctx, cfg, u, Role::Main, &scope_ps, Ty::I64, cfg.budget);
    fb.setup_entry();
    fb.gen_stmts(cfg.max_nest);
    fb.call_every_function();
    fb.main_epilogue();
    let Built { fdecl, .. } = fb.finish("main", ps);
    fdecls.push(fdecl);
    Prog {
        tdecls: ctx.uni.tdecls,
        gdecls: ctx.globals.gdecls,
        fdecls,
        edecls: runtime_decls(),
    }
}

/// A signature for a helper: a few parameters of the program's parameter
/// types (a leading `i64` depth for recursive ones), returning i64, i1 or void.
fn signature(u: &mut Unstructured, ctx: &Ctx, recursive: bool) -> (Vec<Ty>, Ty) {
    let pool = ctx.uni.param_tys();
    let mut params = Vec::new();
    if recursive {
        params.push(Ty::I64);
    }
    for _ in 0..range(u, 0, 3) {
        params.push(pool[below(u, pool.len())].clone());
    }
    let ret = match weighted(u, &[4, 1, 1]) {
        0 => Ty::I64,
        1 if !recursive => Ty::I1,
        _ => Ty::Void,
    };
    let ret = if recursive {
        ret
    } else {
        pad_to_stack_args(u, &mut params, ret)
    };
    (params, ret)
}

/// `declare` lines for the runtime functions the generator calls.
pub(crate) fn runtime_decls() -> Vec<Edecl> {
    let s = Ty::I8.ptr_to();
    let d = |name: &str, params: Vec<Ty>, ret: Ty| Edecl {
        name: name.into(),
        ty: Ty::Fun(params, Box::new(ret)),
        span: Span::DUMMY,
    };
    vec![
        d("ll_puts", vec![s.clone()], Ty::Void),
        d("ll_ltoa", vec![Ty::I64], s.clone()),
        d("ll_strcat", vec![s.clone(), s.clone()], s),
    ]
}

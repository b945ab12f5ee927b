//! LLVMlite text that LLVM 14 runs. Two adaptations, both outside LLVMlite:
//! runtime functions called without a `declare` get one, and a
//! `main(i64, i8**)` (which `lli` refuses: it wants `i32 argc`) is renamed
//! and called from an `i32 @main(i32, i8**)` wrapper.

use spec::visit::{global_mentions_mut, rename_global};
use spec::{Edecl, InsnKind, OperandKind, Prog, Span, Ty};

/// The name `main` gets when the wrapper takes its place.
pub const RENAMED_MAIN: &str = "lloracle_main";

/// The wrapper LLVM accepts as `main`: argc converted from i32 to i64, the
/// result truncated to i32 (the exit status keeps only its low 8 bits anyway).
const MAIN_WRAPPER: &str = "
define i32 @main(i32 %argc, i8** %argv) {
  %argc64 = sext i32 %argc to i64
  %result = call i64 @lloracle_main(i64 %argc64, i8** %argv)
  %status = trunc i64 %result to i32
  ret i32 %status
}
";

/// The text `lli` / `llc` take for `prog`: the canonical print
/// (`spec::print`) with the two adaptations above.
pub fn llvm_text(prog: &Prog) -> String {
    let mut prog = prog.clone();
    declare_runtime_functions(&mut prog);
    let wrap = prog.fdecl("main").is_some_and(|f| !f.params.is_empty());
    if wrap {
        rename_global(&mut prog, "main", RENAMED_MAIN);
    }
    let mut text = spec::print(&prog);
    if wrap {
        text.push_str(MAIN_WRAPPER);
    }
    text
}

/// True when the program mentions the global `@name` anywhere.
fn mentions(prog: &mut Prog, name: &str) -> bool {
    let mut found = false;
    global_mentions_mut(prog, &mut |n| found |= n == name);
    found
}

/// The LLVM type of runtime function `name` as the program uses it (for
/// `ll_ltoa`, the arity of its first direct call), or `None` for other names.
fn runtime_type(prog: &Prog, name: &str) -> Option<Ty> {
    let i8p = || Ty::I8.ptr_to();
    match name {
        "ll_puts" => Some(Ty::Fun(vec![i8p()], Box::new(Ty::Void))),
        "ll_strcat" => Some(Ty::Fun(vec![i8p(), i8p()], Box::new(i8p()))),
        "ll_ltoa" => {
            let two = prog
                .fdecls
                .iter()
                .flat_map(|f| f.cfg.blocks())
                .flat_map(|b| &b.insns)
                .find_map(|i| match &i.kind {
                    InsnKind::Call { callee, args, .. }
                        if callee.kind == OperandKind::Gid(name.into()) =>
                    {
                        Some(args.len() == 2)
                    }
                    _ => None,
                })
                .unwrap_or(false);
            let params = if two {
                vec![Ty::I64, i8p()]
            } else {
                vec![Ty::I64]
            };
            Some(Ty::Fun(params, Box::new(i8p())))
        }
        _ => None,
    }
}

/// Adds a `declare` for each runtime function the program mentions without
/// declaring or defining it (LLVMlite knows them; LLVM needs the declaration).
fn declare_runtime_functions(prog: &mut Prog) {
    for name in ["ll_puts", "ll_strcat", "ll_ltoa"] {
        let known = prog.fdecls.iter().any(|f| f.name == name)
            || prog.gdecls.iter().any(|g| g.name == name)
            || prog.edecls.iter().any(|e| e.name == name);
        if known || !mentions(prog, name) {
            continue;
        }
        if let Some(ty) = runtime_type(prog, name) {
            prog.edecls.push(Edecl {
                name: name.to_string(),
                ty,
                span: Span::DUMMY,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spec::Source;

    fn parse(text: &str) -> Prog {
        spec::parse(&Source::new("t.ll", text)).expect("parses")
    }

    #[test]
    fn wrapper_renames_main_everywhere() {
        let p = parse(
            "@f = global i64 (i64, i8**)* @main\n\
             define i64 @main(i64 %c, i8** %v) {\n  %r = call i64 @main(i64 %c, i8** %v)\n  ret i64 %r\n}\n",
        );
        let text = llvm_text(&p);
        assert!(text.contains("@lloracle_main(i64 %c, i8** %v)"), "{text}");
        assert!(
            text.contains("global i64 (i64, i8**)* @lloracle_main"),
            "{text}"
        );
        assert!(
            text.contains("define i32 @main(i32 %argc, i8** %argv)"),
            "{text}"
        );
    }

    #[test]
    fn missing_runtime_declarations_are_added_with_the_used_arity() {
        let p = parse(
            "define i64 @main() {\n  %s = call i8* @ll_ltoa(i64 5, i8* null)\n  call void @ll_puts(i8* %s)\n  ret i64 0\n}\n",
        );
        let text = llvm_text(&p);
        assert!(text.contains("declare i8* @ll_ltoa(i64, i8*)"), "{text}");
        assert!(text.contains("declare void @ll_puts(i8*)"), "{text}");
        assert!(!text.contains("@lloracle_main"), "{text}");
    }
}

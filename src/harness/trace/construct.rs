//! One cause behind several shapes (docs/grading.md, "One construct under
//! several shapes"). A back end that compiles one construct wrongly
//! wherever it appears fails programs whose reductions keep that construct
//! inside different instructions: a global's address used as a value (a
//! CIS341-style `compile_operand` that makes `@g` into `g(%rbp)`, reading
//! the global's contents at a frame offset) crashes in `store i64* @g,
//! i64** %slot`, in `icmp ne i64* @b, @b` and in `store %s* @a, %s** %f`,
//! and each reduction's shape was a group of its own.
//!
//! A *construct probe* tells such a cause apart: a tiny program that uses
//! the construct and nothing a back end can get wrong besides, and a
//! control that does the same without it. When the compiler under test
//! fails the probe and passes the control, every failing run whose reduced
//! program uses the construct, whose failure is of the probe's category
//! and whose trace names no cause of its own, gets the construct as its
//! key: one group, named by what the student must fix.

use crate::harness::compiler::Tools;
use crate::harness::course::entry_name;
use crate::harness::group::{signature, ALLOCA_MEMORY, FIRST_WRONG};
use crate::harness::judge::judge_program;
use crate::harness::target::Compiler;
use crate::harness::verdicts::{CaseResult, Category, RunVerdict, Trace};
use spec::ast::{InsnKind, OperandKind, TermKind};
use spec::Prog;

/// The key of runs a construct probe explains: what the reduced programs
/// share and the probe shows failing.
pub const GLOBAL_AS_VALUE: &str = "a global or function used as a value";

/// Whether `prog` uses a global's or a function's address as a value: an
/// `@` name as an operand other than the address a `load` reads or a
/// `store` writes, the base of a `getelementptr` (where back ends address
/// it directly) or a call's callee: stored, compared, passed, returned,
/// cast or indexed with.
pub fn uses_global_as_value(prog: &Prog) -> bool {
    let globals = crate::harness::group::defined_names(prog);
    let global = |o: &spec::ast::Operand| matches!(&o.kind, OperandKind::Gid(g) if globals.contains(g.as_str()));
    prog.fdecls.iter().any(|f| {
        f.cfg.blocks().any(|b| {
            let in_insn = b.insns.iter().any(|i| match &i.kind {
                InsnKind::Binop { op1, op2, .. } | InsnKind::Icmp { op1, op2, .. } => {
                    global(op1) || global(op2)
                }
                InsnKind::Store { val, .. } => global(val),
                InsnKind::Call { args, .. } => args.iter().any(|(_, a)| global(a)),
                InsnKind::Gep { idxs, .. } => idxs.iter().any(global),
                InsnKind::Bitcast { op, .. } => global(op),
                InsnKind::Alloca { .. } | InsnKind::Load { .. } => false,
            });
            let in_term = match &b.term.kind {
                TermKind::Ret(_, Some(o)) | TermKind::Cbr(o, _, _) => global(o),
                _ => false,
            };
            in_insn || in_term
        })
    })
}

/// The probe of [`GLOBAL_AS_VALUE`] for the entry `entry`: `@g`'s address
/// stored in the global `@p` and loaded back, `@g` read through it (42);
/// `@f`'s stored in `@q`, loaded back and compared with `null` (not null:
/// no call through a pointer, which some handouts refuse): 42. No
/// `alloca`, no arithmetic.
fn global_as_value_probe(entry: &str) -> String {
    format!(
        "@g = global i64 42\n@p = global i64* null\n@q = global i64 (i64)* null\n\n\
         define i64 @f(i64 %x) {{\n  ret i64 0\n}}\n\n\
         define i64 @{entry}() {{\n\
         \x20 store i64* @g, i64** @p\n\
         \x20 %a = load i64*, i64** @p\n\
         \x20 %v = load i64, i64* %a\n\
         \x20 store i64 (i64)* @f, i64 (i64)** @q\n\
         \x20 %h = load i64 (i64)*, i64 (i64)** @q\n\
         \x20 %n = icmp eq i64 (i64)* %h, null\n\
         \x20 br i1 %n, label %null, label %set\n\
         set:\n\
         \x20 ret i64 %v\n\
         null:\n\
         \x20 ret i64 1\n}}\n"
    )
}

/// The control of [`GLOBAL_AS_VALUE`]: `@g` written and read as an
/// address only, `@f` called by name: 42.
fn global_as_address_control(entry: &str) -> String {
    format!(
        "@g = global i64 0\n\n\
         define i64 @f(i64 %x) {{\n  ret i64 0\n}}\n\n\
         define i64 @{entry}() {{\n\
         \x20 store i64 42, i64* @g\n\
         \x20 %v = load i64, i64* @g\n\
         \x20 %w = call i64 @f(i64 1)\n\
         \x20 %r = add i64 %v, %w\n\
         \x20 ret i64 %r\n}}\n"
    )
}

/// Whether `prog` has an `alloca` (of any type: the generator's feature
/// classifier, `gen::features`): a reduction keeps one only when the
/// failure needs it (the slot is read, passed, or moves the stack).
pub fn uses_alloca(prog: &Prog) -> bool {
    use gen::features::Feature;
    gen::features::features(prog)
        .iter()
        .any(|f| matches!(f, Feature::AllocaSimple | Feature::AllocaAggregate))
}

/// True for the trace keys a broken `alloca` explains: a value that came
/// back wrong from memory (a first wrong `load`, or a value kept across a
/// call, which a back end keeps in a stack slot), and the unused-value
/// check's key ([`super::unused::KEY`]), whose evidence is a variant
/// without the unused instructions, unused `alloca`s among them, and with
/// slots for unused call results: a variant with other slots, which moves
/// what a broken `alloca` overwrites. When the alloca probe fails, such a
/// run whose reduced program keeps an `alloca` is explained by it.
fn explained_by_alloca(key: &str) -> bool {
    let Some(op) = key.strip_prefix(FIRST_WRONG[0]) else {
        return false;
    };
    op.starts_with("load ") || op == super::KEPT_ACROSS_A_CALL || key == super::unused::KEY
}

/// The probe of [`ALLOCA_MEMORY`] for the entry `entry`: two `alloca i64`
/// slots, `%i` and `%s`, both 0, counted up in a loop (`%i` by 1, `%s` by
/// 7 after a call of `@keep`, which returns its argument) while `%i` is
/// below 6: 6 rounds, 42. The loop's values are defined after the slots
/// and written while the slots hold what the next round reads, so a back
/// end that places the slots' memory over its own values reads them back
/// wrong, and the call's return address and frame overwrite slots a back
/// end placed below `%rsp`.
fn alloca_probe(entry: &str) -> String {
    format!(
        "define i64 @keep(i64 %x) {{\n  ret i64 %x\n}}\n\n\
         define i64 @{entry}() {{\n\
         \x20 %i = alloca i64\n\
         \x20 %s = alloca i64\n\
         \x20 store i64 0, i64* %i\n\
         \x20 store i64 0, i64* %s\n\
         \x20 br label %loop\n\
         loop:\n\
         \x20 %iv = load i64, i64* %i\n\
         \x20 %sv = load i64, i64* %s\n\
         \x20 %i2 = add i64 %iv, 1\n\
         \x20 %k = call i64 @keep(i64 %sv)\n\
         \x20 %s2 = add i64 %k, 7\n\
         \x20 store i64 %i2, i64* %i\n\
         \x20 store i64 %s2, i64* %s\n\
         \x20 %c = icmp slt i64 %i2, 6\n\
         \x20 br i1 %c, label %loop, label %done\n\
         done:\n\
         \x20 ret i64 %s2\n}}\n"
    )
}

/// The control of [`ALLOCA_MEMORY`]: the probe's loop on the globals `@i`
/// and `@s` instead of two `alloca` slots: 42.
fn alloca_control(entry: &str) -> String {
    alloca_probe(entry)
        .replace("  %i = alloca i64\n  %s = alloca i64\n", "")
        .replace("i64* %i", "i64* @i")
        .replace("i64* %s", "i64* @s")
        .replacen(
            "define",
            "@i = global i64 0\n@s = global i64 0\n\ndefine",
            1,
        )
}

/// The verdict of `text` (the probe named `name`) under `compiler`: its
/// one run's, or `Err` when the program is not the session's to send (it
/// does not parse in its dialect, or the oracle does not return on it).
fn verdict_of(
    tools: &Tools,
    compiler: &Compiler,
    name: &str,
    text: String,
) -> Result<RunVerdict, String> {
    let prog = spec::parse(&spec::Source::new(name, text))
        .map_err(|e| format!("the {name} does not parse: {}", e.message))?;
    tools
        .text_of(&prog)
        .map_err(|e| format!("the {name} is not in the dialect: {e}"))?;
    judge_program(tools, compiler, &prog, &[vec![]])
        .into_iter()
        .next()
        .ok_or_else(|| format!("the {name} was not judged"))
}

/// A construct a probe can tell apart (the module documentation): its
/// key, which reduced programs keep it, its probe and control (each
/// returns 42 on the oracle, written for the course's entry name), and
/// the words that say so in a report.
struct Construct {
    /// The group key of the runs the probe explains.
    key: &'static str,
    /// Whether a reduced program keeps the construct.
    kept_by: fn(&Prog) -> bool,
    /// The probe: the construct and nothing else a back end can get wrong.
    probe: fn(&str) -> String,
    /// The control: the probe's computation without the construct.
    control: fn(&str) -> String,
    /// What the probe does, for the report.
    probe_words: &'static str,
    /// What the control does, for the report.
    control_words: &'static str,
    /// What the reduced program shares with the probe, for the report.
    reduced_words: &'static str,
    /// Whether runs of every behavioural category join (not only the
    /// probe's own): where the construct's failure corrupts memory, one
    /// program reads a wrong number and another a wrong address.
    any_behaviour: bool,
    /// The trace keys naming a cause that the construct explains further
    /// (a run whose trace names another cause keeps its key).
    explains: fn(&str) -> bool,
}

/// The constructs probed, in order: a run keyed by one keeps that key
/// (it names a cause), so the more specific construct comes first.
const CONSTRUCTS: [Construct; 2] = [
    Construct {
        key: GLOBAL_AS_VALUE,
        kept_by: uses_global_as_value,
        probe: global_as_value_probe,
        control: global_as_address_control,
        probe_words: "`store i64* @g, i64** @p` and `store i64 ()* @f, i64 ()** @q`, \
                      each loaded back and used",
        control_words: "storing to and loading from @g directly and calling @f by name",
        reduced_words: "uses a global or function as a value",
        any_behaviour: false,
        explains: |_| false,
    },
    Construct {
        key: ALLOCA_MEMORY,
        kept_by: uses_alloca,
        probe: alloca_probe,
        control: alloca_control,
        probe_words:
            "two `alloca i64` slots counted up in a loop with a call, 6 times by 1 and by 7",
        control_words: "the same loop on two globals",
        reduced_words: "keeps an `alloca`",
        any_behaviour: true,
        explains: explained_by_alloca,
    },
];

/// What the probe of `construct` showed: the failing category and its
/// words (`killed by signal 11`), when the compiler fails the probe and
/// passes the control; `Ok(None)` when it passes the probe; `Err` says why
/// the probe shows nothing (it could not be sent, or the control fails
/// too).
fn probe_construct(
    tools: &Tools,
    compiler: &Compiler,
    construct: &Construct,
) -> Result<Option<(Category, String)>, String> {
    let entry = entry_name(tools.course().entry);
    let control = verdict_of(tools, compiler, "control", (construct.control)(entry))?;
    if let Some((cat, words)) = signature(&control) {
        return Err(format!(
            "the probe's control, which does the same without the construct, fails too ({cat}: {words})"
        ));
    }
    let probe = verdict_of(tools, compiler, "probe", (construct.probe)(entry))?;
    Ok(signature(&probe))
}

/// The runs of `results` whose reduced program keeps `construct` (the
/// first failing run, the one reduced), whose trace names no cause
/// (`names_a_cause`) or one the construct explains, and whose category is
/// `cat` (any behavioural one when the construct joins every behaviour).
fn explained(
    results: &[CaseResult],
    construct: &Construct,
    cat: Option<Category>,
    names_a_cause: &dyn Fn(&str) -> bool,
) -> Vec<(usize, usize)> {
    let fits = |c: Category| match cat {
        None => true,
        Some(_) if construct.any_behaviour => crate::harness::group::is_behavioural(c),
        Some(want) => want == c,
    };
    let mut out = Vec::new();
    for (k, r) in results.iter().enumerate() {
        let Some((i, red)) = &r.reduced else { continue };
        let Some((c, _)) = r.verdicts.get(*i).and_then(signature) else {
            continue;
        };
        let traced = r
            .traces
            .get(*i)
            .and_then(Option::as_ref)
            .and_then(|t| t.key.as_deref());
        let own_cause = |t: &str| names_a_cause(t) && !(construct.explains)(t);
        if !fits(c) || traced.is_some_and(own_cause) {
            continue;
        }
        if (construct.kept_by)(&red.prog) {
            out.push((k, *i));
        }
    }
    out
}

/// Keys by their construct the failing runs a construct probe explains
/// (the module documentation): each probe is built and run once per
/// campaign, only when a reduced behavioural failure keeps its construct.
/// `names_a_cause` says whether a trace key names a cause (such a run
/// keeps it).
pub fn merge_by_construct(
    tools: &Tools,
    compiler: &Compiler,
    results: &mut [CaseResult],
    names_a_cause: &dyn Fn(&str) -> bool,
) {
    for construct in &CONSTRUCTS {
        merge_one_construct(tools, compiler, results, names_a_cause, construct);
    }
}

/// [`merge_by_construct`] for one construct.
fn merge_one_construct(
    tools: &Tools,
    compiler: &Compiler,
    results: &mut [CaseResult],
    names_a_cause: &dyn Fn(&str) -> bool,
    construct: &Construct,
) {
    if explained(results, construct, None, names_a_cause).is_empty() {
        return;
    }
    let (cat, words) = match probe_construct(tools, compiler, construct) {
        Ok(Some(found)) if crate::harness::group::is_behavioural(found.0) => found,
        Ok(Some((cat, words))) => {
            let why = format!("the construct probe gives {cat} ({words}), not a run to compare");
            return say_not_joined(results, construct, names_a_cause, &why);
        }
        Ok(None) => return,
        Err(why) => return say_not_joined(results, construct, names_a_cause, &why),
    };
    let probe = format!(
        "the construct probe ({}) gives {cat} ({words}), while {} works",
        construct.probe_words, construct.control_words
    );
    let found = format!(
        "{probe}; this run's reduced program {} too",
        construct.reduced_words
    );
    let joined = explained(results, construct, Some(cat), names_a_cause);
    let moved = keys_explained_whole(results, construct, &joined);
    for &(k, i) in &joined {
        rekey(&mut results[k], i, construct.key, &found);
    }
    if moved.is_empty() {
        return;
    }
    let with_group = format!(
        "{probe}; each reduced example of this run's group (`{}`) {}",
        moved.iter().cloned().collect::<Vec<_>>().join("`, `"),
        construct.reduced_words
    );
    for r in results.iter_mut() {
        for i in 0..r.traces.len() {
            let key = r.traces[i].as_ref().and_then(|t| t.key.as_deref());
            let behaves = r
                .verdicts
                .get(i)
                .and_then(signature)
                .is_some_and(|(c, _)| crate::harness::group::is_behavioural(c));
            if behaves && key.is_some_and(|k| moved.contains(k)) {
                rekey(r, i, construct.key, &with_group);
            }
        }
    }
}

/// The trace keys a construct explains further (`Construct::explains`)
/// whose every reduced run was `joined`: every run keyed so is one group
/// with them, whose examples the probe explains (a group of 58 `first wrong
/// value: load i64` runs has one or two reduced examples; its other runs
/// are the same cause).
fn keys_explained_whole(
    results: &[CaseResult],
    construct: &Construct,
    joined: &[(usize, usize)],
) -> std::collections::BTreeSet<String> {
    let key_of = |k: usize, i: usize| {
        results[k]
            .traces
            .get(i)
            .and_then(Option::as_ref)
            .and_then(|t| t.key.clone())
    };
    let mut moved: std::collections::BTreeSet<String> = joined
        .iter()
        .filter_map(|&(k, i)| key_of(k, i))
        .filter(|t| (construct.explains)(t))
        .collect();
    for (k, r) in results.iter().enumerate() {
        let Some((i, _)) = &r.reduced else { continue };
        if !joined.contains(&(k, *i)) {
            if let Some(t) = key_of(k, *i) {
                moved.remove(&t);
            }
        }
    }
    moved
}

/// Gives run `i` of `r` the key `key`, with `found` after what its trace
/// said (its first wrong value, if it had one, stays).
fn rekey(r: &mut CaseResult, i: usize, key: &str, found: &str) {
    if r.traces.len() <= i {
        r.traces.resize(i + 1, None);
    }
    let (says, values) = match &r.traces[i] {
        Some(t) => (format!("{}; {found}", t.says), t.values),
        None => (found.to_string(), None),
    };
    r.traces[i] = Some(Trace {
        key: Some(key.to_string()),
        says,
        values,
    });
}

/// Says beside the trace of every run the probe of `construct` was for
/// why it joined none (`why`): a probe that could not show anything.
fn say_not_joined(
    results: &mut [CaseResult],
    construct: &Construct,
    names_a_cause: &dyn Fn(&str) -> bool,
    why: &str,
) {
    for (k, i) in explained(results, construct, None, names_a_cause) {
        if let Some(Some(t)) = results[k].traces.get_mut(i) {
            t.says = format!("{} (not joined by its construct: {why})", t.says);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prog(text: &str) -> Prog {
        spec::parse(&spec::Source::new("t", text.to_string())).expect("parses")
    }

    /// The three reductions of one real CIS341 back end's crash (its
    /// `compile_operand` makes `@g` into `g(%rbp)`) use a global as a
    /// value; a global only loaded from, stored to or indexed does not.
    #[test]
    fn a_global_as_a_value_is_found_in_every_instruction_that_takes_one() {
        assert!(uses_global_as_value(&prog(
            "@g = global i64 0\ndefine i64 @main() {\n  %s = alloca i64*\n  store i64* @g, i64** %s\n  ret i64 0\n}\n"
        )));
        assert!(uses_global_as_value(&prog(
            "@b = global i64 0\ndefine i64 @main() {\n  %c = icmp ne i64* @b, @b\n  ret i64 0\n}\n"
        )));
        assert!(uses_global_as_value(&prog(
            "@p = global i64* null\n@x = global i64 0\ndefine i64 @main() {\n  store i64* @x, i64** @p\n  ret i64 0\n}\n"
        )));
        assert!(!uses_global_as_value(&prog(
            "@g = global [2 x i64] [i64 1, i64 2]\ndefine i64 @main() {\n  %e = getelementptr [2 x i64], [2 x i64]* @g, i64 0, i64 1\n  %v = load i64, i64* %e\n  store i64 3, i64* %e\n  ret i64 %v\n}\n"
        )));
        // A function called is not used as a value; one stored is.
        assert!(!uses_global_as_value(&prog(
            "define i64 @f() {\n  ret i64 1\n}\ndefine i64 @main() {\n  %v = call i64 @f()\n  ret i64 %v\n}\n"
        )));
        assert!(uses_global_as_value(&prog(
            "define i1 @f(i64 %p) {\n  ret i1 0\n}\ndefine i64 @main() {\n  %s = alloca i1 (i64)*\n  store i1 (i64)* @f, i1 (i64)** %s\n  ret i64 0\n}\n"
        )));
    }

    /// The reductions of a real CIS341 back end's alloca bug keep an
    /// `alloca` (one only moves the stack before a call); a program of
    /// globals only does not.
    #[test]
    fn an_alloca_is_found_in_any_function() {
        assert!(uses_alloca(&prog(
            "define i64 @f() {\n  %s = alloca i64\n  ret i64 0\n}\ndefine i64 @main() {\n  ret i64 0\n}\n"
        )));
        assert!(uses_alloca(&prog(
            "define i64 @main() {\n  %a = alloca [2 x i64]\n  %e = getelementptr [2 x i64], [2 x i64]* %a, i64 0, i64 1\n  store i64 1, i64* %e\n  %v = load i64, i64* %e\n  ret i64 %v\n}\n"
        )));
        assert!(!uses_alloca(&prog(
            "@g = global i64 0\ndefine i64 @main() {\n  store i64 1, i64* @g\n  %v = load i64, i64* @g\n  ret i64 %v\n}\n"
        )));
    }

    /// The trace keys the alloca probe explains further: a wrong value
    /// loaded or kept across a call, and the unused-value check's (its
    /// variant has other slots); not a wrong `add` or `icmp`.
    #[test]
    fn only_memory_keys_are_explained_by_the_alloca_probe() {
        assert!(explained_by_alloca(super::super::unused::KEY));
        assert!(explained_by_alloca("first wrong value: load i64"));
        assert!(explained_by_alloca("first wrong value: load i8*"));
        assert!(explained_by_alloca(
            "first wrong value: a value kept across a call"
        ));
        assert!(!explained_by_alloca("first wrong value: add i64"));
        assert!(!explained_by_alloca("first wrong value: icmp slt i64"));
        assert!(!explained_by_alloca("the trace stops after load i64"));
    }

    /// Every probe and control is well-typed LLVMlite that returns 42 on
    /// the oracle (by hand: the global probe reads 42 from @g through the
    /// pointer it stored in @p, and @f's address read back from @q is not
    /// null; its control stores 42 in @g, reads it back and adds @f's 0;
    /// the alloca probe and its control add 7 to 0 in six rounds, %i going
    /// 1, 2, .., 6 and stopping when 6 < 6 fails: 6 * 7 = 42).
    #[test]
    fn the_probe_and_its_control_return_42() {
        for text in CONSTRUCTS
            .iter()
            .flat_map(|c| [(c.probe)("main"), (c.control)("main")])
        {
            let p = spec::parse_and_check(&spec::Source::new("probe", text.clone()))
                .unwrap_or_else(|e| panic!("{text}: {e:?}"));
            match oracle::run(&p, None, &[], &oracle::Options::default()) {
                spec::Outcome::Returned { value, .. } => assert_eq!(value, 42, "{text}"),
                o => panic!("{text}: {o}"),
            }
        }
    }

    /// Every course dialect can be sent every probe and its control (a
    /// probe written in a form a course's parser lacks, `i64 ()*` for
    /// one, would show nothing there).
    #[test]
    fn the_probe_and_its_control_are_in_every_course_dialect() {
        for d in spec::dialect::Dialect::profiles() {
            for text in CONSTRUCTS
                .iter()
                .flat_map(|c| [(c.probe)("main"), (c.control)("main")])
            {
                let p = prog(&text);
                if let Err(e) = crate::harness::dialect::in_dialect(&p, &d) {
                    panic!("{}: {e}\n{text}", d.name);
                }
            }
        }
    }
}

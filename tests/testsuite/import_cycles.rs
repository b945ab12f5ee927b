//! No module of any crate of the workspace uses another that uses it back,
//! directly or through others (docs/architecture.md, "Modules form no
//! circle"). The check reads the source: every `use crate::`/`super::`/
//! `self::` declaration and every `crate::`/`super::` path in code, each
//! resolved to the deepest module it names. A module using its own parent
//! or child is not a circle (a submodule is part of its parent: `func/opt.rs`
//! adds methods to `func`'s `Fb`), so those uses are left out.
//!
//! Run alone: `cargo test --test testsuite import_cycles`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Circles known and being removed, each as its modules in name order (as
/// `crate-folder:module::path`). Remove an entry once its circle is gone.
const ALLOWED: &[&[&str]] = &[];

/// A use of module `to` by module `from`, at `site` (file:line).
struct Edge {
    to: String,
    site: String,
}

/// The modules of one crate and the uses between them.
#[derive(Default)]
struct Graph {
    /// Every module, `a::b` (the crate root is the empty path).
    modules: BTreeSet<String>,
    /// Uses, by using module.
    edges: BTreeMap<String, Vec<Edge>>,
}

/// The module a source file under `src/` is: `a/b.rs` and `a/b/mod.rs` are
/// `a::b`; `lib.rs` and `main.rs` are the root.
fn module_of(rel: &Path) -> String {
    let mut segs: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let last = segs.pop().unwrap_or_default();
    let root = segs.is_empty() && (last == "lib" || last == "main");
    if !root && last != "mod" {
        segs.push(last);
    }
    segs.join("::")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`, without `use` and `;`) into
/// its paths, each as segments (`self` inside braces names the prefix).
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    // `x as y` names x: drop `as` and the name after it, then the spaces.
    let spaced = tree
        .replace('{', " { ")
        .replace('}', " } ")
        .replace(',', " , ");
    let mut tokens = Vec::new();
    let mut words = spaced.split_whitespace();
    while let Some(w) = words.next() {
        if w == "as" {
            words.next();
        } else {
            tokens.push(w);
        }
    }
    let tree = tokens.concat();
    let mut out = Vec::new();
    expand_into(&tree, &[], &mut out);
    out
}

fn expand_into(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    // Split at top-level commas.
    let mut depth = 0;
    let mut start = 0;
    let bytes = tree.as_bytes();
    let mut parts = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        let (head, group) = match part.find('{') {
            Some(i) => (&part[..i], Some(&part[i + 1..part.len() - 1])),
            None => (part, None),
        };
        let mut segs = prefix.to_vec();
        for s in head.split("::").filter(|s| !s.is_empty()) {
            if s != "self" || segs.is_empty() {
                segs.push(s.to_string());
            }
        }
        match group {
            Some(g) => expand_into(g, &segs, out),
            None => out.push(segs),
        }
    }
}

/// The `crate::`/`super::` paths in a line of code (not a `use`), each as
/// its segments from `crate` or `super` on.
fn paths_in_code(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for key in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = line[from..].find(key).map(|i| i + from) {
            from = i + key.len();
            let before = line[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
                continue;
            }
            let rest: String = line[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(
                rest.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    out
}

/// The module `path` (segments from `crate`, `super` or `self` on) names,
/// used from module `here`: the deepest module it reaches; `None` for a
/// path into another crate.
fn resolve(here: &str, path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let mut base: Vec<&str> = if here.is_empty() {
        Vec::new()
    } else {
        here.split("::").collect()
    };
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            while let Some(s) = rest.first().map(String::as_str) {
                match s {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    let mut best = base.join("::");
    let mut cur = base.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for s in rest {
        cur.push(s.clone());
        let name = cur.join("::");
        if modules.contains(&name) {
            best = name;
        } else {
            break;
        }
    }
    Some(best)
}

/// `a` is `b` or contains it.
fn encloses(a: &str, b: &str) -> bool {
    a.is_empty() || a == b || b.starts_with(&format!("{a}::"))
}

/// The module graph of the crate whose sources are under `src` (formatted
/// by rustfmt: an inline module opens with `mod NAME {` and closes with
/// `}` at the start of a line).
fn crate_graph(src: &Path) -> Graph {
    let mut g = Graph::default();
    let mut files = Vec::new();
    for f in rust_files(src) {
        let rel = f.strip_prefix(src).unwrap_or(&f).to_path_buf();
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let module = module_of(&rel);
        g.modules.insert(module.clone());
        for line in text.lines() {
            if let Some(name) = inline_mod(line) {
                g.modules.insert(join(&module, name));
            }
        }
        files.push((f, module, text));
    }
    for (f, module, text) in &files {
        let mut inline: Option<String> = None;
        let mut pending: Option<(String, usize)> = None;
        for (n, line) in text.lines().enumerate() {
            if let Some(name) = inline_mod(line) {
                inline = Some(join(module, name));
                continue;
            }
            if line == "}" {
                inline = None;
            }
            let here = inline.clone().unwrap_or_else(|| module.clone());
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let site = format!("{}:{}", f.display(), n + 1);
            let mut paths = Vec::new();
            if let Some((mut acc, at)) = pending.take() {
                acc.push_str(code);
                if acc.contains(';') {
                    paths = expand_use(acc.trim_end_matches(';'));
                } else {
                    pending = Some((acc, at));
                }
            } else if let Some(tree) = use_tree(code) {
                if tree.contains(';') {
                    paths = expand_use(tree.trim_end_matches(';'));
                } else {
                    pending = Some((tree.to_string(), n));
                }
            } else {
                paths = paths_in_code(code);
            }
            for p in paths {
                let Some(to) = resolve(&here, &p, &g.modules) else {
                    continue;
                };
                if encloses(&here, &to) || encloses(&to, &here) {
                    continue;
                }
                let site = site.clone();
                g.edges
                    .entry(here.clone())
                    .or_default()
                    .push(Edge { to, site });
            }
        }
    }
    g
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}::{b}")
    }
}

/// The name of an inline module opened on this line at column 0.
fn inline_mod(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("pub(crate) mod ")
        .or_else(|| line.strip_prefix("pub mod "))
        .or_else(|| line.strip_prefix("mod "))?;
    rest.strip_suffix(" {")
}

/// The tree of a `use` declaration starting on this line (with its `;` if
/// it ends here).
fn use_tree(code: &str) -> Option<&str> {
    let rest = code
        .strip_prefix("pub(crate) use ")
        .or_else(|| code.strip_prefix("pub(super) use "))
        .or_else(|| code.strip_prefix("pub use "))
        .or_else(|| code.strip_prefix("use "))?;
    Some(rest)
}

/// The circles of `g`: its strongly connected components of two or more
/// modules, each sorted.
fn circles(g: &Graph) -> Vec<Vec<String>> {
    // Tarjan's algorithm.
    struct State<'g> {
        g: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on.insert(v);
        for e in s.g.edges.get(v).map(Vec::as_slice).unwrap_or(&[]) {
            let w = e.to.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.modules.iter().chain(g.edges.keys()) {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// `g` seen one level up: a use of `a::x` by `b::y` (siblings `a` and `b`
/// under one parent) counts as a use of `a` by `b`, so that two modules
/// whose submodules use each other's are a circle too (`llvm_mem::rules`
/// using `machine` while `machine` uses `llvm_mem` was one). A unit-test
/// module (`tests`) is left out: it is compiled only for tests and may use
/// what its module's users are.
fn lifted(g: &Graph) -> Graph {
    let mut out = Graph {
        modules: g.modules.clone(),
        edges: BTreeMap::new(),
    };
    let is_tests = |m: &str| m == "tests" || m.ends_with("::tests") || m.contains("::tests::");
    for (from, edges) in g.edges.iter().filter(|(m, _)| !is_tests(m)) {
        for e in edges {
            let (a, b) = siblings(from, &e.to);
            if a != b {
                out.edges.entry(a).or_default().push(Edge {
                    to: b,
                    site: e.site.clone(),
                });
            }
        }
    }
    out
}

/// The two modules under the nearest common parent of `a` and `b` that
/// contain them.
fn siblings(a: &str, b: &str) -> (String, String) {
    let (xs, ys): (Vec<&str>, Vec<&str>) = (a.split("::").collect(), b.split("::").collect());
    let common = xs.iter().zip(&ys).take_while(|(x, y)| x == y).count();
    let upto = |v: &[&str]| v[..(common + 1).min(v.len())].join("::");
    (upto(&xs), upto(&ys))
}

/// One circle described: its modules and the uses between them, each with
/// where it is written.
fn describe(g: &Graph, circle: &[String]) -> String {
    let mut text = circle.join(" <-> ");
    for from in circle {
        for e in g.edges.get(from).map(Vec::as_slice).unwrap_or(&[]) {
            if circle.contains(&e.to) {
                text.push_str(&format!("\n    {from} uses {} at {}", e.to, e.site));
            }
        }
    }
    text
}

/// The crate folders of the workspace: `.` and the `members` of its
/// Cargo.toml.
pub(crate) fn crate_dirs(root: &Path) -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let members = manifest
        .split_once("members = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("a workspace members list");
    let mut dirs = vec![root.to_path_buf()];
    dirs.extend(
        members
            .split(',')
            .map(|m| m.trim().trim_matches('"'))
            .filter(|m| !m.is_empty())
            .map(|m| root.join(m)),
    );
    dirs
}

#[test]
fn no_module_of_any_crate_uses_itself_through_others() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    let mut modules = 0;
    for dir in crate_dirs(root) {
        let g = crate_graph(&dir.join("src"));
        modules += g.modules.len();
        let name = dir.strip_prefix(root).unwrap_or(&dir).display().to_string();
        let name = if name.is_empty() { ".".into() } else { name };
        let up = lifted(&g);
        for (g, c) in circles(&g)
            .into_iter()
            .map(|c| (&g, c))
            .chain(circles(&up).into_iter().map(|c| (&up, c)))
        {
            let key: Vec<String> = c.iter().map(|m| format!("{name}:{m}")).collect();
            if let Some(a) = ALLOWED.iter().find(|a| a.iter().eq(key.iter())) {
                eprintln!("allowed circle (being removed): {}", describe(g, &c));
                allowed_seen.insert(a.join(" "));
            } else {
                found.push(format!("{name}: {}", describe(g, &c)));
            }
        }
    }
    for a in ALLOWED {
        if !allowed_seen.contains(&a.join(" ")) {
            eprintln!("NOTE: the allowed circle {a:?} is gone: remove it from ALLOWED");
        }
    }
    assert!(
        modules > 50,
        "only {modules} modules found: is the walk right?"
    );
    assert!(
        found.is_empty(),
        "modules that use each other in a circle:\n{}",
        found.join("\n")
    );
}

/// A crate written to a temporary folder: (relative path, text) pairs.
fn fake_crate(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (rel, text) in files {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&p, text).expect("write");
    }
    dir
}

#[test]
fn the_check_finds_a_circle_through_three_modules_and_says_where() {
    let dir = fake_crate(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b/mod.rs", "use crate::{c::C, a};\npub struct B;\n"),
        (
            "c.rs",
            "pub struct C;\nfn f() {\n    let _ = crate::a::A;\n}\n",
        ),
    ]);
    let g = crate_graph(dir.path());
    let found = circles(&g);
    assert_eq!(found, vec![vec!["a", "b", "c"]]);
    let text = describe(&g, &found[0]);
    assert!(text.contains("c uses a at "), "{text}");
    assert!(text.contains("c.rs:3"), "{text}");
}

#[test]
fn parents_children_other_crates_and_comments_make_no_circle() {
    let dir = fake_crate(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        // a's child uses a, and a uses its child: one module, no circle.
        ("a/mod.rs", "mod x;\nuse x::X;\nuse crate::b as other;\n"),
        ("a/x.rs", "use super::*;\npub struct X;\n"),
        // b uses a only in a comment, a test module's `super`, and
        // another crate's path.
        (
            "b.rs",
            "// crate::a::X\nuse spec::a;\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
    ]);
    let g = crate_graph(dir.path());
    assert_eq!(circles(&g), Vec::<Vec<String>>::new());
    assert!(g.modules.contains("b::tests"));
    // The one real use: a uses b.
    let uses: Vec<(&str, &str)> = g
        .edges
        .iter()
        .flat_map(|(f, es)| es.iter().map(move |e| (f.as_str(), e.to.as_str())))
        .collect();
    assert_eq!(uses, vec![("a", "b")]);
}

/// `a::x` uses `b` and `b` uses `a`: no two modules use each other, but
/// seen one level up `a` and `b` do (as `oracle::llvm_mem::rules` used
/// `machine` while `machine` used `llvm_mem`). A unit-test module's use
/// is left out of that view.
#[test]
fn a_submodule_using_a_module_that_uses_its_parent_is_a_circle() {
    let dir = fake_crate(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a/mod.rs", "mod x;\npub struct A;\n"),
        ("a/x.rs", "use crate::b::B;\n"),
        ("b.rs", "use crate::a::A;\npub struct B;\n"),
    ]);
    let g = crate_graph(dir.path());
    assert!(circles(&g).is_empty());
    let up = lifted(&g);
    assert_eq!(circles(&up), vec![vec!["a", "b"]]);
    let text = describe(&up, &circles(&up)[0]);
    assert!(
        text.contains("a uses b at ") && text.contains("x.rs:1"),
        "{text}"
    );
    // The same with `b`'s use of `a` only in its unit tests: no circle.
    let dir = fake_crate(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a/mod.rs", "mod x;\npub struct A;\n"),
        ("a/x.rs", "use crate::b::B;\n"),
        (
            "b.rs",
            "pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n",
        ),
    ]);
    assert!(circles(&lifted(&crate_graph(dir.path()))).is_empty());
}

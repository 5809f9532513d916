//! The source's imports run one way: within every folder under `src/`, no file (or subfolder)
//! uses one that uses it back, directly or around a longer circle. Shared vocabulary sits in a
//! file of its own rather than in one of the files that use it (ARCHITECTURE.md). A file's
//! parent module (`mod.rs`, the room's root) is not part of its folder's graph: a child using
//! what its parent declares, and the parent declaring its children, is how a room is built.
//! Test modules (`#[cfg(test)]` to the end of the file) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/` (`src/assembler/tdl/mod.rs`: assembler, tdl).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(src)
        .unwrap()
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.first().is_some_and(|p| p == "lib" || p == "main") {
        parts.remove(0);
    }
    parts
}

/// The code of a file without its test module and its comments (a doc comment's link is no
/// import).
fn code(text: &str) -> String {
    let text = text.find("#[cfg(test)]").map_or(text, |at| &text[..at]);
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path a file names from `crate::` or `super::`, in `use` declarations (braces
/// expanded) and in code, as written.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let word_start = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        if word_start && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let (tree, next) = use_tree(&chars, i);
            found.extend(tree);
            i = next;
        } else {
            i += 1;
        }
    }
    found
}

/// The paths of the use tree starting at `chars[i]` (`a::b::{c, d::e}`), and where it ends.
fn use_tree(chars: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        let start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i > start {
            prefix.push(chars[start..i].iter().collect::<String>());
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            if chars.get(i) == Some(&'{') {
                let mut all = Vec::new();
                i += 1;
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    if i >= chars.len() || chars[i] == '}' {
                        return (all, i + 1);
                    }
                    let (inner, next) = use_tree(chars, i);
                    all.extend(inner.into_iter().map(|p| [prefix.clone(), p].concat()));
                    i = next;
                }
            }
            continue;
        }
        return (vec![prefix], i);
    }
}

/// The module a path names, absolute: `crate` the root, each `super` one level up from
/// `module`.
fn resolve(module: &[String], path: &[String]) -> Vec<String> {
    let mut base = module.to_vec();
    let mut rest = path;
    if rest.first().is_some_and(|p| p == "crate") {
        base.clear();
        rest = &rest[1..];
    }
    while rest.first().is_some_and(|p| p == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    base
}

/// Circles among the modules of `edges` (each found once, from its smallest member).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    let mut found = Vec::new();
    for start in edges.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        while let Some((at, trail)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                if next == start {
                    found.push(trail.clone());
                } else if next > start && !trail.contains(next) && trail.len() < 8 {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found
}

/// Circles known and not yet broken, each as its members in the order the test finds them:
/// the test fails on any other, so none is added unseen. A circle broken is taken off.
const NOT_YET_BROKEN: &[&str] = &[];

#[test]
fn no_import_circle_between_the_files_of_a_folder() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for path in paths(&code(&text)) {
            let mut target = resolve(&from, &path);
            while !target.is_empty() && !modules.contains(&target) {
                target.pop();
            }
            // Siblings: the same parent, neither inside the other.
            let common = from.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common + 1 > from.len() || common + 1 > target.len() {
                continue;
            }
            let a = from[..=common].to_vec();
            let b = target[..=common].to_vec();
            edges.entry(a).or_default().insert(b);
        }
    }
    let shown: Vec<String> = circles(&edges)
        .iter()
        .map(|c| {
            c.iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join(" -> ")
        })
        .filter(|circle| !NOT_YET_BROKEN.contains(&circle.as_str()))
        .map(|circle| format!("{circle} -> back"))
        .collect();
    assert!(shown.is_empty(), "import circles:\n{}", shown.join("\n"));
}

#[test]
fn the_scanner_reads_use_trees_and_paths_in_code() {
    let code = "use super::{a, b::{C, d}};\nuse crate::x::y as z;\nfn f() { super::e::g(); }\n";
    let found: Vec<String> = paths(code).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        [
            "super::a",
            "super::b::C",
            "super::b::d",
            "crate::x::y",
            "super::e::g"
        ]
    );
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        resolve(&m("room::file"), &m("super::other::T")),
        m("room::other::T")
    );
    assert_eq!(
        resolve(&m("room::sub::f"), &m("super::super::g")),
        m("room::g")
    );
    assert_eq!(resolve(&m("room::f"), &m("crate::text::x")), m("text::x"));
}

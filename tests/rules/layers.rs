//! The window's layers and the rules' import circle, read from the source (STYLE 4c, issue
//! #24): which module of `src/gui` and `src/rules` imports which, from its `use` lines and the
//! paths in its code (test code left out), and the rules those imports must keep. A check anyone can run; it fails
//! with the offending imports named.
//!
//! - No import circle inside `src/gui`.
//! - `state` and `look` import no other window module; `saves` only `state`; `intake` only
//!   `state`, `look` and `saves`; `views` only those and `intake`; `computer` only those and
//!   `views`.
//! - `board`, `hud`, `vehicles`, `screens` and `editor` never import one another's files (what
//!   two of them share lives in a layer below); one may call another's front door, the
//!   functions of its folder's `mod.rs` (the title screen opens the editor so).
//! - No import circle runs through two rule areas (the engine's routing files and
//!   `rules/mod.rs` aside).
//!
//! Imports are followed through re-exports (`crate::rules::GameCommand` is
//! `rules::engine::command`'s) and names a `use` line brought into scope.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path under `crate`, e.g. `["gui", "board", "map"]`.
type ModPath = Vec<String>;

/// Every `.rs` file under `dir`, with its module path.
fn modules(root: &Path, dir: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            modules(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under root").with_extension("");
            let mut parts: ModPath = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|l| l == "mod" || l == "lib" || l == "main") {
                parts.pop();
            }
            out.insert(parts, path);
        }
    }
}

/// The source with comments, string and char literals blanked (line breaks kept).
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !is_ident(b.get(i.wrapping_sub(1))) {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            'raw: while j < b.len() {
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break 'raw;
                }
                j += 1;
            }
            b[i..j.min(b.len())].iter().for_each(|c| out.push(blank(*c)));
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || b.get(i + 2) == Some(&'\'')) {
            // A char literal ('x', '\n', '\''); a lifetime ('a) is left alone.
            let end = if next == Some('\\') { i + 3 } else { i + 2 };
            let mut j = end;
            while j < b.len() && b[j] != '\'' {
                j += 1;
            }
            b[i..=j.min(b.len() - 1)].iter().for_each(|c| out.push(blank(*c)));
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The code with every `#[cfg(test)]` item blanked: the layers are about what ships.
fn without_tests(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let bytes = out.as_bytes();
        let mut end = at + "#[cfg(test)]".len();
        // The item ends at its first `;` before any `{`, or at the `}` closing its block.
        while end < bytes.len() && bytes[end] != b'{' && bytes[end] != b';' {
            end += 1;
        }
        if end < bytes.len() && bytes[end] == b'{' {
            let mut depth = 0;
            while end < bytes.len() {
                match bytes[end] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                end += 1;
            }
        }
        let end = (end + 1).min(out.len());
        let blanked: String = out[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blanked);
    }
    out
}

/// The paths a `use` tree names, each with the name it binds: `a::{b, c::{d, e as f}}` gives
/// `a::b` (`b`), `a::c::d` (`d`), `a::c::e` (`f`).
fn expand_use(prefix: &[String], tree: &str, out: &mut Vec<(ModPath, String)>) {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(open) = part.find('{') {
            let head = part[..open].trim().trim_end_matches("::");
            let close = part.rfind('}').expect("balanced braces");
            let mut base = prefix.to_vec();
            base.extend(
                head.split("::")
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            );
            expand_use(&base, &part[open + 1..close], out);
        } else {
            let mut halves = part.split(" as ");
            let path = halves.next().unwrap_or(part);
            let mut full = prefix.to_vec();
            full.extend(
                path.split("::")
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            );
            let name = match halves.next() {
                Some(alias) => alias.trim().to_string(),
                None => full.last().cloned().unwrap_or_default(),
            };
            out.push((full, name));
        }
    }
}

/// One path a `use` line names.
struct Use {
    path: ModPath,
    /// The name it binds in the module.
    name: String,
    /// Re-exported (`pub use`, `pub(crate) use`).
    public: bool,
}

/// The paths a module's code names: the paths of its `use` lines (at any depth), each with
/// the name it brings into scope, and every `a::b…` path in its code.
fn named_paths(code: &str) -> (Vec<Use>, Vec<ModPath>) {
    let mut uses = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with("pub(crate)");
        let after = &rest[at + 3..];
        let Some(end) = after.find(';') else { break };
        let mut trees = Vec::new();
        expand_use(&[], after[..end].trim(), &mut trees);
        uses.extend(trees.into_iter().map(|(path, name)| Use { path, name, public }));
        rest = &after[end..];
    }
    let mut paths = Vec::new();
    let text = code;
    let mut from = 0;
    while let Some(at) = text[from..].find("::") {
        let at = from + at;
        from = at + 2;
        // The path's start: the identifier before this `::`, unless a `::` precedes it.
        let head_start = text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(at, |(i, _)| i);
        if head_start == at || text[..head_start].ends_with("::") || text[..head_start].ends_with("(in ") {
            continue;
        }
        let path: String = text[head_start..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        // `a::{…}` is a `use` tree's prefix: its paths are the `use` line's.
        if path.ends_with("::") {
            continue;
        }
        paths.push(path.split("::").filter(|s| !s.is_empty()).map(String::from).collect());
    }
    (uses, paths)
}

fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = s[from..].find(word) {
        let at = from + at;
        let before = s[..at].chars().next_back();
        let after = s[at + word.len()..].chars().next();
        if !is_ident(before.as_ref()) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The child modules a file declares for tests only (`#[cfg(test)] mod tests;`).
fn test_modules(code: &str) -> Vec<String> {
    code.match_indices("#[cfg(test)]")
        .filter_map(|(at, attr)| {
            let rest = code[at + attr.len()..].trim_start();
            let rest = rest
                .strip_prefix("pub(crate)")
                .or_else(|| rest.strip_prefix("pub"))
                .unwrap_or(rest);
            let name = rest.trim_start().strip_prefix("mod ")?.split(';').next()?.trim();
            name.chars()
                .all(|c| c.is_alphanumeric() || c == '_')
                .then(|| name.to_string())
        })
        .collect()
}

/// The full path a path names, relative to `module`: from the crate, `super`, `self`, or a
/// child module (`use control::delay::…` in `vehicle/mod.rs`); `None` for other crates.
fn absolute(mods: &BTreeMap<ModPath, PathBuf>, module: &[String], path: &[String]) -> Option<ModPath> {
    let mut at: ModPath;
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at = Vec::new();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            at = module.to_vec();
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = module.to_vec();
            child.push(first.to_string());
            if !mods.contains_key(&child) {
                return None;
            }
            at = module.to_vec();
        }
        None => return None,
    }
    at.extend(rest.iter().cloned());
    Some(at)
}

/// The crate's modules, each with its code (comments, literals and tests blanked) and what
/// its `pub use` lines re-export (name → full path).
struct Crate {
    mods: BTreeMap<ModPath, PathBuf>,
    code: BTreeMap<ModPath, String>,
    reexports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
}

impl Crate {
    fn read() -> Crate {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut mods = BTreeMap::new();
        modules(&root, &root, &mut mods);
        let mut code = BTreeMap::new();
        let mut reexports = BTreeMap::new();
        let mut test_only = Vec::new();
        for (module, file) in &mods {
            let raw = code_only(&std::fs::read_to_string(file).expect("readable"));
            test_only.extend(test_modules(&raw).into_iter().map(|name| {
                let mut child = module.clone();
                child.push(name);
                child
            }));
            let text = without_tests(&raw);
            let (uses, _) = named_paths(&text);
            let public: BTreeMap<String, ModPath> = uses
                .into_iter()
                .filter(|u| u.public)
                .filter_map(|u| Some((u.name, absolute(&mods, module, &u.path)?)))
                .collect();
            reexports.insert(module.clone(), public);
            code.insert(module.clone(), text);
        }
        // Files only tests compile (`#[cfg(test)] mod tests;`) are test code too.
        code.retain(|m, _| !test_only.iter().any(|t| m.starts_with(t)));
        Crate { mods, code, reexports }
    }

    /// The file a path names from `module`: the longest module prefix it reaches, through
    /// re-exports (`crate::rules::GameCommand` is `rules::engine::command`'s) except those of
    /// the modules `front` names (what a folder's front door re-exports is its front door).
    fn resolve(&self, module: &[String], path: &[String], front: &dyn Fn(&ModPath) -> bool) -> Option<ModPath> {
        let mut full = absolute(&self.mods, module, path)?;
        for _ in 0..8 {
            let owner = (0..=full.len())
                .rev()
                .map(|k| full[..k].to_vec())
                .find(|m| self.mods.contains_key(m))?;
            let followed = full.get(owner.len()).and_then(|name| self.reexports[&owner].get(name));
            match followed {
                Some(target) if owner != module && !target.is_empty() && !front(&owner) => {
                    let mut next = target.clone();
                    next.extend(full[owner.len() + 1..].iter().cloned());
                    full = next;
                }
                _ => return Some(owner),
            }
        }
        None
    }

    /// Every module under `top` (`gui`, `rules`) with the modules under `top` it imports: the
    /// paths of its `use` lines and of its code, a name a `use` line brought into scope
    /// standing for its path.
    fn imports(&self, top: &str, front: &dyn Fn(&ModPath) -> bool) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut graph = BTreeMap::new();
        for (module, text) in self.code.iter().filter(|(m, _)| m.first().is_some_and(|f| f == top)) {
            let (uses, paths) = named_paths(text);
            let scope: BTreeMap<&str, &ModPath> = uses.iter().map(|u| (u.name.as_str(), &u.path)).collect();
            let targets = uses
                .iter()
                .map(|u| u.path.clone())
                .chain(paths.into_iter().map(|p| match scope.get(p[0].as_str()) {
                    Some(bound) if !matches!(p[0].as_str(), "crate" | "super" | "self") => {
                        let mut full = (*bound).clone();
                        full.extend(p[1..].iter().cloned());
                        full
                    }
                    _ => p,
                }))
                .filter_map(|p| self.resolve(module, &p, front))
                .filter(|t| t.first().is_some_and(|f| f == top) && t != module)
                .collect();
            graph.insert(module.clone(), targets);
        }
        graph
    }
}

/// Every module of `src/gui` with the window modules it imports; with `front_doors`, a name a
/// top folder's `mod.rs` re-exports counts as that front door's.
fn gui_imports(front_doors: bool) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    Crate::read().imports("gui", &|m: &ModPath| front_doors && m.len() == 2)
}

/// The module's folder (or file) directly under `gui`: `board`, `state`, `computer`, ….
fn part(module: &[String]) -> &str {
    module.get(1).map_or("gui", String::as_str)
}

/// Strongly connected groups of more than one module (Tarjan).
fn circles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on: BTreeSet<&'a ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a ModPath) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(w);
                    group.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn the_window_has_no_import_circle() {
    let graph = gui_imports(false);
    assert!(graph.len() > 50, "the window's modules were found: {}", graph.len());
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles in src/gui: {found:?}");
}

#[test]
fn each_window_layer_imports_only_the_layers_below_it() {
    let below: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("state", &[][..]),
        ("look", &[][..]),
        ("saves", &["state"][..]),
        ("intake", &["state", "look", "saves"][..]),
        ("views", &["state", "look", "saves", "intake"][..]),
        ("computer", &["state", "look", "saves", "intake", "views"][..]),
    ]);
    let peers = ["board", "hud", "vehicles", "screens", "editor"];
    let mut wrong = Vec::new();
    for (module, targets) in gui_imports(true) {
        let from = part(&module);
        for (target, path) in targets.iter().map(|t| (part(t), t)).filter(|(t, _)| *t != from) {
            let front_door = path.len() == 2;
            let allowed = match below.get(from) {
                Some(allowed) => allowed.contains(&target),
                // The top folders may import every lower layer, and one another's front door.
                None if peers.contains(&from) => {
                    (!peers.contains(&target) || front_door) && target != "idle" && target != "gui"
                }
                None => true,
            };
            if !allowed {
                wrong.push(format!("{} imports {target}", module.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers: {wrong:#?}");
}

/// Rule areas import one another one way only (issue #24 item 4): no import circle runs
/// through two areas. The engine's routing files and `rules/mod.rs` are left out: they name
/// every area by design (one enum line per command or event, a fork copies every area's
/// state, the command processor runs each area's gates and the turn's end after a command).
/// Inside one area a `mod.rs` and its `events.rs` may still import each other.
#[test]
fn the_rule_areas_import_one_another_one_way() {
    let mut graph = Crate::read().imports("rules", &|_: &ModPath| false);
    assert!(graph.len() > 100, "the rules' modules were found: {}", graph.len());
    for (module, targets) in graph.iter_mut() {
        if module.len() == 1 || module[1] == "engine" {
            targets.clear();
        }
    }
    let mut across = Vec::new();
    for circle in circles(&graph) {
        for module in &circle {
            for target in graph[module].iter().filter(|t| circle.contains(t) && t[1] != module[1]) {
                across.push(format!("{} -> {}", module[1..].join("::"), target[1..].join("::")));
            }
        }
    }
    assert!(
        across.is_empty(),
        "imports that close a circle between rule areas: {across:#?}"
    );
}

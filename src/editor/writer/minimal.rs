//! The shortest text a person would write for a value: ron's canonical text without the
//! fields left at their defaults and without `Some(..)` around optional values (the format
//! reads `seed: 7` as `Some(7)`). Each shortening is kept only if the text still reads back
//! as exactly the same value, so nothing here needs to know the format's defaults.

use super::canonical;
use super::cst::{self, Kind, Node};
use crate::scenario::ron_options;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeSet;

/// Values a defaulted field commonly has; fields with them are tried for removal.
const DEFAULT_LOOKING: [&str; 9] = ["None", "r#None", "false", "0", "\"\"", "[]", "{}", "()", "Normal"];

/// Edits to canonical text: entries (by body start) to drop, `Some(..)` (by start) to unwrap.
#[derive(Default, Clone)]
struct Edits {
    drop: BTreeSet<usize>,
    unwrap: BTreeSet<usize>,
}

/// Remembered results, by type and canonical text: the writer runs on every edit and most
/// units, sides and legend entries do not change between two runs.
type Cache = std::collections::HashMap<(&'static str, String), String>;

thread_local! {
    static CACHE: std::cell::RefCell<Cache> = std::cell::RefCell::new(Cache::new());
}

/// How many results the cache holds before it starts afresh.
const CACHE_SIZE: usize = 4096;

/// The minimal compact text of `value` (no spaces; `render` lays it out).
pub(crate) fn minimal<T: Serialize + DeserializeOwned>(value: &T) -> String {
    let key = (std::any::type_name::<T>(), canonical(value));
    if let Some(hit) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return hit;
    }
    let text = shortest::<T>(&key.1);
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(key, text.clone());
    });
    text
}

fn shortest<T: Serialize + DeserializeOwned>(canon: &str) -> String {
    let canon = canon.to_string();
    let Some(doc) = cst::parse(&canon) else {
        return canon;
    };
    let reads_back = |text: &str| {
        ron_options()
            .from_str::<T>(text)
            .is_ok_and(|back| canonical(&back) == canon)
    };
    let mut nones = Edits::default();
    let mut others = Vec::new();
    collect(&canon, &doc.root, &mut nones, &mut others);
    // Dropping `None` fields and unwrapping `Some` almost always works: try it in one go.
    let mut edits = Edits::default();
    let together = emit(&canon, &doc.root, &nones);
    if reads_back(&together) {
        edits = nones;
    } else {
        for d in &nones.drop {
            let mut e = edits.clone();
            e.drop.insert(*d);
            if reads_back(&emit(&canon, &doc.root, &e)) {
                edits = e;
            }
        }
        for u in &nones.unwrap {
            let mut e = edits.clone();
            e.unwrap.insert(*u);
            if reads_back(&emit(&canon, &doc.root, &e)) {
                edits = e;
            }
        }
    }
    let mut all = edits.clone();
    all.drop.extend(others.iter().copied());
    if reads_back(&emit(&canon, &doc.root, &all)) {
        edits = all;
    } else {
        for d in others {
            let mut e = edits.clone();
            e.drop.insert(d);
            if reads_back(&emit(&canon, &doc.root, &e)) {
                edits = e;
            }
        }
    }
    emit(&canon, &doc.root, &edits)
}

/// `None`-valued fields and `Some(..)` go in `nones`; other default-looking fields in `others`.
fn collect(src: &str, node: &Node, nones: &mut Edits, others: &mut Vec<usize>) {
    if node.some_payload(src).is_some() {
        nones.unwrap.insert(node.start);
    }
    for e in &node.entries {
        if node.kind == Kind::Paren && e.key.is_some() {
            let v = e.value.text(src);
            if v == "None" {
                nones.drop.insert(e.body_start);
            } else if DEFAULT_LOOKING.contains(&v) || v == "Some(false)" {
                others.push(e.body_start);
            }
        }
        collect(src, &e.value, nones, others);
    }
}

/// Compact text of `node` with `edits` applied.
fn emit(src: &str, node: &Node, edits: &Edits) -> String {
    let mut out = String::new();
    emit_into(src, node, edits, &mut out);
    out
}

fn emit_into(src: &str, node: &Node, edits: &Edits, out: &mut String) {
    if node.kind == Kind::Scalar {
        out.push_str(node.text(src));
        return;
    }
    if edits.unwrap.contains(&node.start)
        && let Some(inner) = node.some_payload(src)
    {
        emit_into(src, inner, edits, out);
        return;
    }
    out.push_str(src.get(node.start..node.open + 1).unwrap_or(""));
    let mut first = true;
    for e in node.entries.iter().filter(|e| !edits.drop.contains(&e.body_start)) {
        if !first {
            out.push(',');
        }
        first = false;
        if let Some(k) = &e.key {
            emit_into(src, k, edits, out);
            out.push(':');
        }
        emit_into(src, &e.value, edits, out);
    }
    out.push_str(src.get(node.close..node.end).unwrap_or(""));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::format::{EdgeDef, EdgeKind, LegendEntry};

    #[test]
    fn defaults_are_left_out_and_required_fields_kept() {
        let e: LegendEntry = ron_options().from_str("(terrain: Floor, light: Dim)").unwrap();
        assert_eq!(minimal(&e), "(terrain:Floor,light:Dim)");
        let edge = EdgeDef {
            from: crate::grid::Intersection::new(0, 0),
            to: crate::grid::Intersection::new(0, 2),
            kind: EdgeKind::Door { open: false },
        };
        assert_eq!(minimal(&edge), "(from:(0,0),to:(0,2),kind:Door(open:false))");
    }
}

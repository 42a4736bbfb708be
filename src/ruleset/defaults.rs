//! Resolving the dotted paths of `Ruleset::engine_defaults` (RULES.md §27.1) against the
//! ruleset's serialized form, so a typo in a ruleset file fails validation and the game
//! can ask whether a value is an engine default rather than a sourced rule.
//!
//! Path syntax: field names joined by `.`; inside a list, a segment is an index, `*` (every
//! element) or a value one of the element's string fields holds (e.g. `sizes.Large.reach_tall_ft`).

use serde_json::Value;

/// Every value at `path` in `root`; empty if the path does not resolve on every branch
/// (a `*` over a list whose elements lack the next field does not resolve).
pub fn resolve<'a>(root: &'a Value, path: &str) -> Vec<&'a Value> {
    let mut current = vec![root];
    for segment in path.split('.') {
        let mut next = Vec::new();
        for value in current {
            let found: Vec<&Value> = match value {
                Value::Object(map) => map.get(segment).into_iter().collect(),
                Value::Array(items) if segment == "*" => items.iter().collect(),
                Value::Array(items) => match segment.parse::<usize>() {
                    Ok(i) => items.get(i).into_iter().collect(),
                    Err(_) => items.iter().filter(|item| holds_string(item, segment)).collect(),
                },
                _ => Vec::new(),
            };
            if found.is_empty() {
                return Vec::new();
            }
            next.extend(found);
        }
        current = next;
    }
    current
}

fn holds_string(item: &Value, wanted: &str) -> bool {
    match item {
        Value::Object(map) => map.values().any(|v| v.as_str() == Some(wanted)),
        _ => false,
    }
}

/// Whether `path` equals, or lies inside, one of the listed engine-default paths
/// (a listed `*` segment matches any segment).
pub fn is_listed(listed: &[String], path: &str) -> bool {
    listed.iter().any(|l| covers(l, path))
}

fn covers(listed: &str, path: &str) -> bool {
    let (mut l, mut p) = (listed.split('.'), path.split('.'));
    loop {
        match (l.next(), p.next()) {
            (None, _) => return true,
            (Some(_), None) => return false,
            (Some(a), Some(b)) if a == b || a == "*" => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn resolves_fields_indices_wildcards_and_keyed_rows() {
        let v = json!({"a": {"b": 1}, "rows": [{"size": "Large", "r": 10}, {"size": "Huge", "r": 15}]});
        assert_eq!(resolve(&v, "a.b"), vec![&json!(1)]);
        assert_eq!(resolve(&v, "rows.1.r"), vec![&json!(15)]);
        assert_eq!(resolve(&v, "rows.Large.r"), vec![&json!(10)]);
        assert_eq!(resolve(&v, "rows.*.r").len(), 2);
        assert!(resolve(&v, "a.c").is_empty());
        assert!(resolve(&v, "rows.Tiny.r").is_empty());
        let ragged = json!({"rows": [{"r": 1}, {}]});
        assert!(resolve(&ragged, "rows.*.r").is_empty());
    }

    #[test]
    fn listed_paths_cover_their_children() {
        let listed = vec![
            "threat".to_string(),
            "grid.diagonal".to_string(),
            "sizes.*.reach_tall_ft".to_string(),
        ];
        assert!(is_listed(&listed, "threat.metric"));
        assert!(is_listed(&listed, "grid.diagonal"));
        assert!(!is_listed(&listed, "grid.diagonals"));
        assert!(!is_listed(&listed, "grid"));
        assert!(is_listed(&listed, "sizes.Large.reach_tall_ft"));
        assert!(!is_listed(&listed, "sizes.Large.reach_long_ft"));
    }
}

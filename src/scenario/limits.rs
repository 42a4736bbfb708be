//! Number ranges of scenario and template files (issue #16 item 10): every number a file
//! holds is checked against the range of its field before anything else looks at it, so the
//! semantic checks and the rules can add, double and compare them without overflow. The
//! ranges are `rules::engine::bounds`'s and are listed in docs/scenario-format.md, "Number ranges".
//!
//! The check walks the parsed file as data (serde), so a field added to the format is
//! covered at once: a field this table does not name gets `FALLBACK`.

use super::diagnostic::Problem;
use super::spans::Seg;
use crate::rules::engine::bounds::{
    COORDINATE, COUNT, FEET, LEVEL, MAP_SIDE, MODIFIER, MPH, POINTS, ROUNDS, Range, SCORE, SQUARES,
};
use serde::Serialize;
use serde_json::Value;

/// The range of a number field this table does not name.
pub const FALLBACK: Range = Range::new(-1_000_000, 1_000_000, "a number");

/// Chase zones and the zones vehicles start in.
const ZONE: Range = Range::new(-1_000, 1_000, "a chase zone");

/// The range of the number written at `field` inside `parent` (both field names, as written),
/// or `None` for a number that may take any value of its type (`version`, `seed`).
fn range_of(parent: Option<&str>, field: Option<&str>) -> Option<Range> {
    let field = field.unwrap_or("");
    Some(match (parent.unwrap_or(""), field) {
        // `version` and `seed` take any value; the map's size is checked (1 to 1,024) before
        // anything uses it.
        (_, "version" | "seed") | ("map", "size") => return None,
        ("scores", _) | (_, "con_score") => SCORE,
        (_, "at" | "from" | "to" | "x" | "y") => COORDINATE,
        (_, "w" | "h") => MAP_SIDE,
        (
            _,
            "initiative"
            | "bab"
            | "attack"
            | "str"
            | "dex"
            | "con"
            | "int"
            | "wis"
            | "cha"
            | "fortitude"
            | "reflex"
            | "will"
            | "eac"
            | "kac"
            | "ac"
            | "defense"
            | "save_dc"
            | "collision_dc"
            | "piloting"
            | "attack_penalty"
            | "full_speed_attack_penalty"
            | "acrobatics"
            | "athletics"
            | "concentration",
        ) => MODIFIER,
        (_, "sp" | "hp" | "rp" | "amount" | "shield_rating" | "hardness") => POINTS,
        (_, "damage_threshold") => Range::new(-POINTS.max, POINTS.max, POINTS.what),
        (
            _,
            "land" | "fly" | "climb" | "swim" | "burrow" | "reach" | "range_increment" | "range_ft" | "size_ft"
            | "darkvision_ft" | "altitude" | "drive_ft" | "full_ft",
        ) => FEET,
        (_, "point_blank" | "short" | "medium" | "long") => SQUARES,
        (_, "joins_round" | "rounds" | "goal") => ROUNDS,
        (_, "level" | "item_level") => LEVEL,
        (_, "uses" | "hands") => COUNT,
        (_, "mph") => MPH,
        ("chase", "zones") | (_, "zone") => ZONE,
        _ => FALLBACK,
    })
}

/// Every number in `value` outside its field's range, located under `root` (the path of
/// `value` in its file).
pub fn check_numbers<T: Serialize>(value: &T, root: Vec<Seg>) -> Vec<Problem> {
    let mut problems = Vec::new();
    match serde_json::to_value(value) {
        Ok(v) => walk(&v, &mut root.clone(), &mut Vec::new(), &mut problems),
        Err(e) => problems.push(Problem::at(root, format!("the file cannot be read as data: {e}"))),
    }
    problems
}

/// Whether a one-entry object is serde's form of an enum variant (`{"HoldZone": {...}}`),
/// which the file writes `HoldZone(...)`: a variant name, never a field name or map key
/// (fields are snake_case, legend keys single characters).
fn is_variant(map: &serde_json::Map<String, Value>) -> Option<&Value> {
    let (key, value) = map.iter().next().filter(|_| map.len() == 1)?;
    let mut chars = key.chars();
    let named = chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.next().is_some();
    named.then_some(value)
}

/// Depth-first over `v`: `path` is where `v` is written, `names` the field names along it.
fn walk<'a>(v: &'a Value, path: &mut Vec<Seg>, names: &mut Vec<&'a str>, out: &mut Vec<Problem>) {
    match v {
        Value::Object(map) => {
            if let Some(inner) = is_variant(map) {
                return walk(inner, path, names, out);
            }
            for (key, value) in map {
                path.push(Seg::Field(key.clone()));
                names.push(key);
                walk(value, path, names, out);
                names.pop();
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                walk(item, path, names, out);
                path.pop();
            }
        }
        Value::Number(n) => {
            let parent = names.len().checked_sub(2).map(|i| names[i]);
            let Some(range) = range_of(parent, names.last().copied()) else {
                return;
            };
            let within = match (n.as_i64(), n.as_u64()) {
                (Some(x), _) => range.contains(x),
                (None, Some(_)) => false,
                (None, None) => n
                    .as_f64()
                    .is_some_and(|x| x >= range.min as f64 && x <= range.max as f64),
            };
            if !within {
                out.push(Problem::at(path.clone(), range.refusal(n)));
            }
        }
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::format::UnitDef;
    use crate::scenario::spans::{field, index};

    #[test]
    fn item10_an_initiative_of_i32_max_is_out_of_range_at_its_field() {
        let unit = UnitDef {
            initiative: Some(i32::MAX),
            ..UnitDef::default()
        };
        let problems = check_numbers(&unit, vec![field("units"), index(3)]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].path, vec![field("units"), index(3), field("initiative")]);
        assert!(
            problems[0]
                .message
                .contains("2147483647 is out of range for a modifier")
        );
    }

    #[test]
    fn ability_scores_and_modifiers_share_names_but_not_ranges() {
        let unit: UnitDef = ron::from_str(
            "(abilities: Some((str: 40, dex: 0, con: 0, int: 0, wis: 0, cha: 0)), scores: Some((str: Some(40))))",
        )
        .unwrap();
        let problems = check_numbers(&unit, Vec::new());
        assert!(
            problems.is_empty(),
            "40 is a fine modifier and a fine score: {problems:?}"
        );
        let unit: UnitDef = ron::from_str("(scores: Some((str: Some(40000))))").unwrap();
        assert_eq!(
            check_numbers(&unit, Vec::new())[0].path,
            vec![field("scores"), field("str")]
        );
    }

    /// The fields of every number in `v` that fall to `FALLBACK` (named by no row).
    fn unnamed<'a>(v: &'a Value, names: &mut Vec<&'a str>, out: &mut std::collections::BTreeSet<String>) {
        match v {
            Value::Object(map) => match is_variant(map) {
                Some(inner) => unnamed(inner, names, out),
                None => {
                    for (k, value) in map {
                        names.push(k);
                        unnamed(value, names, out);
                        names.pop();
                    }
                }
            },
            Value::Array(items) => items.iter().for_each(|i| unnamed(i, names, out)),
            Value::Number(_) => {
                let parent = names.len().checked_sub(2).map(|i| names[i]);
                if range_of(parent, names.last().copied()) == Some(FALLBACK) {
                    out.insert(names.join("."));
                }
            }
            _ => {}
        }
    }

    /// Every number field the shipped scenarios and templates use has a range of its own
    /// (docs/scenario-format.md lists them), not the fallback.
    #[test]
    fn every_number_in_the_shipped_files_has_a_named_range() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = std::collections::BTreeSet::new();
        let mut read = 0;
        for dir in [
            "scenarios",
            "assets/units",
            "tests/fights",
            "tests/areas",
            "tests/chase",
        ] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
                let text = std::fs::read_to_string(entry.path()).unwrap();
                // Test folders also hold scripts and expected outputs: only scenarios count.
                let value = if dir == "assets/units" {
                    crate::scenario::ron_options()
                        .from_str::<UnitDef>(&text)
                        .ok()
                        .map(|u| serde_json::to_value(u).unwrap())
                } else {
                    crate::scenario::parse_str(&text, "x")
                        .ok()
                        .map(|s| serde_json::to_value(s).unwrap())
                };
                if let Some(value) = value {
                    read += 1;
                    unnamed(&value, &mut Vec::new(), &mut out);
                }
            }
        }
        assert!(read >= 13, "the shipped scenarios and templates are read ({read})");
        assert!(out.is_empty(), "numbers with no range of their own: {out:?}");
    }

    #[test]
    fn a_variant_wrapper_adds_no_step_to_the_path() {
        let goal = super::super::format::Goal::HoldZone {
            zone: "z".into(),
            rounds: 20_000,
        };
        let problems = check_numbers(&goal, vec![field("goal")]);
        assert_eq!(problems[0].path, vec![field("goal"), field("rounds")]);
    }
}

//! Validation cases that need more than one file or a generated input.

use fivefoot::scenario::{Templates, load_str};
use fivefoot::testing::{skirmish, unit};
use std::path::PathBuf;

fn errors(text: &str, templates: &Templates) -> Vec<String> {
    match load_str(text, "t.ron", templates) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| d.to_string()).collect(),
    }
}

#[test]
fn a_template_that_places_its_unit_is_refused() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/assets/units");
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)])
        .replace("(id: \"b1\",", "(id: \"b1\", template: \"placed_goblin\",");
    let found = errors(&text, &Templates::with_dirs(vec![dir]));
    assert!(
        found.iter().any(|e| e.contains("template `placed_goblin` sets `side`")),
        "{found:?}"
    );
    assert!(found.iter().any(|e| e.contains("sets `at`")), "{found:?}");
}

#[test]
fn deep_nesting_inside_a_scenario_is_an_error_not_a_crash() {
    let text = format!(
        "Scenario(version: 1, name: \"x\", ruleset: \"starfinder\", map: (rows: {}",
        "[".repeat(200_000)
    );
    let found = errors(&text, &Templates::shipped());
    assert_eq!(found.len(), 1);
    assert!(found[0].starts_with("t.ron:1:"), "{found:?}");
}

#[test]
fn a_size_that_disagrees_with_every_row_is_one_error_at_size() {
    let text = skirmish("saga", &[unit("a1", "a", 0)]).replace(
        "map: (size: (12, 12), fill: '.',",
        "map: (size: (6, 2), rows: [\".....\", \".....\"],",
    );
    let found = errors(&text, &Templates::shipped());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("`size` says the map is 6 wide but every row has 5 squares"));
}

#[test]
fn a_map_row_with_a_wide_character_is_located_by_characters() {
    let text = skirmish("d20_srd", &[unit("a1", "a", 0)])
        .replace("map: (size: (12, 12), fill: '.',", "map: (rows: [\"..é.\", \"....\"],");
    let found = errors(&text, &Templates::shipped());
    assert_eq!(found.len(), 1, "{found:?}");
    let line = text.lines().position(|l| l.contains("é")).unwrap() + 1;
    let col = text
        .lines()
        .nth(line - 1)
        .unwrap()
        .chars()
        .position(|c| c == 'é')
        .unwrap()
        + 1;
    assert!(
        found[0].starts_with(&format!("t.ron:{line}:{col}: error: `é` at square (2, 0)")),
        "{found:?}"
    );
}

#[test]
fn saga_ranged_weapons_need_range_bands_not_increments() {
    let text = skirmish("saga", &[unit("a1", "a", 0)]).replace(
        "speed: (land: 30),",
        "speed: (land: 30), weapons: [(name: \"Blaster\", kind: Ranged, attack: 4, damage: \"3d6\", damage_types: [Energy], range_increment: 30)],",
    );
    let found = errors(&text, &Templates::shipped());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("needs `range_bands"), "{found:?}");
}

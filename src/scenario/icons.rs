//! Token icons as scenario data: the names a unit's `icon:` may take (the icons the game ships,
//! listed in `assets/tokens/icons.txt`) and the icon a unit without one shows, chosen by its kind.
//! Presentation only: the rules never read an icon.

use crate::rules::UnitKind;

/// The shipped icon list: one `name author` line per icon, `#` comments.
const ICON_LIST: &str = include_str!("../../assets/tokens/icons.txt");

/// The names of the icons the game ships, in the list's order.
pub fn token_icons() -> impl Iterator<Item = &'static str> {
    ICON_LIST
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
}

/// Whether `name` is one of the shipped icons.
pub fn is_token_icon(name: &str) -> bool {
    token_icons().any(|n| n == name)
}

/// The icon a unit of `kind` shows when its data names none: a figure, a cyborg's face, a
/// robot, a wheeled vehicle, a block.
pub fn default_icon(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Creature => "person",
        UnitKind::Cyborg => "cyborg-face",
        UnitKind::Droid => "robot-golem",
        UnitKind::Vehicle => "jeep",
        UnitKind::Object => "cube",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_defaults_to_a_shipped_icon() {
        for kind in [
            UnitKind::Creature,
            UnitKind::Cyborg,
            UnitKind::Droid,
            UnitKind::Vehicle,
            UnitKind::Object,
        ] {
            assert!(is_token_icon(default_icon(kind)), "{kind:?}");
        }
    }

    #[test]
    fn the_list_reads_names_not_authors_or_comments() {
        let names: Vec<_> = token_icons().collect();
        assert!(names.contains(&"goblin-head") && names.contains(&"swordman"));
        assert!(!names.iter().any(|n| n.starts_with('#') || *n == "Lorc"));
        assert!(!is_token_icon("Delapouite") && !is_token_icon("goblin"));
        let unique: std::collections::BTreeSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "each icon is listed once");
    }

    #[test]
    fn every_listed_icon_has_its_png() {
        let root = env!("CARGO_MANIFEST_DIR");
        for name in token_icons() {
            let path = format!("{root}/assets/tokens/icons/{name}.png");
            assert!(
                std::path::Path::new(&path).is_file(),
                "{path} is missing: run tools/render-icons"
            );
        }
    }
}

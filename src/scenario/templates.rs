//! Reusable unit stat blocks (`assets/units/NAME.ron`): looked up in the given folders
//! first, then among the templates shipped inside the binary.

use super::format::UnitDef;
use super::load::ron_options;
use std::path::PathBuf;

/// Templates shipped with the game, so scenarios work from any directory.
const SHIPPED: [(&str, &str); 24] = [
    // starfinder
    ("space_goblin", include_str!("../../assets/units/space_goblin.ron")),
    ("ksarik", include_str!("../../assets/units/ksarik.ron")),
    ("vesk_soldier", include_str!("../../assets/units/vesk_soldier.ron")),
    ("ysoki_mechanic", include_str!("../../assets/units/ysoki_mechanic.ron")),
    (
        "android_operative",
        include_str!("../../assets/units/android_operative.ron"),
    ),
    ("cargo_loader", include_str!("../../assets/units/cargo_loader.ron")),
    // d20_srd
    ("orc_warrior", include_str!("../../assets/units/orc_warrior.ron")),
    ("orc_sergeant", include_str!("../../assets/units/orc_sergeant.ron")),
    ("human_fighter", include_str!("../../assets/units/human_fighter.ron")),
    ("halfling_rogue", include_str!("../../assets/units/halfling_rogue.ron")),
    ("human_cleric", include_str!("../../assets/units/human_cleric.ron")),
    ("human_wizard", include_str!("../../assets/units/human_wizard.ron")),
    ("goblin", include_str!("../../assets/units/goblin.ron")),
    ("hobgoblin", include_str!("../../assets/units/hobgoblin.ron")),
    // d20_modern
    ("street_thug", include_str!("../../assets/units/street_thug.ron")),
    ("fast_hero", include_str!("../../assets/units/fast_hero.ron")),
    ("strong_hero", include_str!("../../assets/units/strong_hero.ron")),
    ("smart_hero", include_str!("../../assets/units/smart_hero.ron")),
    // saga
    ("stormtrooper", include_str!("../../assets/units/stormtrooper.ron")),
    ("soldier", include_str!("../../assets/units/soldier.ron")),
    ("scoundrel", include_str!("../../assets/units/scoundrel.ron")),
    ("jedi", include_str!("../../assets/units/jedi.ron")),
    ("loader_droid", include_str!("../../assets/units/loader_droid.ron")),
    ("swoop_thug", include_str!("../../assets/units/swoop_thug.ron")),
];

/// Where `template:` names are looked up.
#[derive(Debug, Clone, Default)]
pub struct Templates {
    dirs: Vec<PathBuf>,
}

impl Templates {
    /// Shipped templates only.
    pub fn shipped() -> Self {
        Self::default()
    }

    /// Looks in `dirs` (in order) before the shipped templates.
    pub fn with_dirs(dirs: Vec<PathBuf>) -> Self {
        Self { dirs }
    }

    /// The folders to search for a scenario at `scenario`: `../assets/units` beside its
    /// folder, and `assets/units` under the current directory.
    pub fn for_scenario(scenario: &std::path::Path) -> Self {
        let mut dirs = Vec::new();
        if let Some(dir) = scenario.parent() {
            dirs.push(dir.join("../assets/units"));
        }
        dirs.push(PathBuf::from("assets/units"));
        Self::with_dirs(dirs)
    }

    /// The template `name`, or a message saying why it cannot be used.
    pub fn get(&self, name: &str) -> Result<UnitDef, String> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(format!(
                "template name `{name}` may use only letters, digits, `_` and `-`"
            ));
        }
        for dir in &self.dirs {
            let path = dir.join(format!("{name}.ron"));
            if !path.exists() {
                continue;
            }
            // A template is read like any file a person names: regular, capped, UTF-8.
            let text = super::load::read_text(&path).map_err(|d| {
                let d = &d[0];
                format!("template {}:{}:{}: {}", d.file, d.line, d.col, d.message)
            })?;
            return parse_template(&text, &path.display().to_string());
        }
        match SHIPPED.iter().find(|(n, _)| *n == name) {
            Some((_, text)) => parse_template(text, &format!("assets/units/{name}.ron")),
            None => Err(format!("unknown template `{name}` (no assets/units/{name}.ron)")),
        }
    }

    /// Every template name `get` can find: the `.ron` files with a usable name in the
    /// folders, then the shipped ones; sorted, each once.
    pub fn names(&self) -> Vec<String> {
        let mut names = std::collections::BTreeSet::new();
        for dir in &self.dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let file = entry.file_name();
                let Some(name) = file.to_str().and_then(|f| f.strip_suffix(".ron")) else {
                    continue;
                };
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                    names.insert(name.to_string());
                }
            }
        }
        names.extend(Self::shipped_names().map(str::to_string));
        names.into_iter().collect()
    }

    /// Names of the shipped templates.
    pub fn shipped_names() -> impl Iterator<Item = &'static str> {
        SHIPPED.iter().map(|(n, _)| *n)
    }
}

fn parse_template(text: &str, file: &str) -> Result<UnitDef, String> {
    let unit = ron_options()
        .from_str::<UnitDef>(text)
        .map_err(|e| format!("template {file}:{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
    // Issue #16 item 10: a template's numbers are in range like a scenario's.
    match super::limits::check_numbers(&unit, Vec::new()).first() {
        Some(problem) => {
            let at = problem.locate(file, &super::spans::SourceMap::new(text));
            Err(format!("template {}:{}:{}: {}", at.file, at.line, at.col, at.message))
        }
        None => Ok(unit),
    }
}

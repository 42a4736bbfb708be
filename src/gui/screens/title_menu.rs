//! The title screen's menu as data: "Resume" when an autosave exists, "Restore unsaved
//! editor work" for each editor autosave, the embedded default scenario, the scenarios in
//! `scenarios/` and those saved from the editor (name, ruleset, sides, map size and
//! description, or the validator's messages for an invalid one), "Editor", "Load save…" and
//! Quit ([`main_menu`]); the editor page ([`editor_menu`]: a new scenario of each family, or
//! any scenario file) and the saves page ([`saves_menu`]). `title` shows and opens them.

use crate::gui::saves::autosave_path;
use crate::gui::saves::{format_time, list_saves, summary_of};
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, ScenarioSpec, Templates, load_file, load_str};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// The folder of shipped scenarios the title screen lists.
#[derive(Resource, Debug, Clone)]
pub struct ScenarioDir(pub PathBuf);

impl Default for ScenarioDir {
    fn default() -> Self {
        Self(PathBuf::from("scenarios"))
    }
}

/// What a menu entry does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The embedded default scenario.
    Default,
    Scenario(PathBuf),
    /// The autosave.
    Resume(PathBuf),
    Save(PathBuf),
    /// Show the saves.
    Saves,
    /// Back from the saves or the editor page.
    Back,
    /// Show the editor page.
    Editor,
    /// A new scenario of this rule family in the editor.
    EditorNew(String),
    /// This scenario file in the editor.
    EditorOpen(PathBuf),
    /// An editor autosave in the editor.
    EditorRestore(PathBuf),
    Quit,
}

/// One line of the menu; an invalid scenario has no choice and its validator's messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuEntry {
    pub label: String,
    pub detail: String,
    pub choice: Option<Choice>,
    pub problems: Option<String>,
    /// Marks shown beside the label: "Tutorial", the rule family ("Starfinder").
    pub badges: Vec<String>,
}

impl MenuEntry {
    pub fn new(label: impl Into<String>, detail: impl Into<String>, choice: Choice) -> Self {
        Self {
            label: label.into(),
            detail: detail.into(),
            choice: Some(choice),
            problems: None,
            badges: Vec::new(),
        }
    }

    /// The entry with these marks beside its label.
    pub fn with_badges(mut self, badges: impl IntoIterator<Item = String>) -> Self {
        self.badges = badges.into_iter().collect();
        self
    }

    /// Whether the entry is one of the screen's buttons (Editor, Load, Quit, Back) rather than
    /// a line of the scrolling list.
    pub fn is_button(&self) -> bool {
        matches!(
            self.choice,
            Some(Choice::Editor | Choice::Saves | Choice::Quit | Choice::Back)
        )
    }
}

/// The menu on screen, the selected line, a message (why an entry could not open), and the
/// choice waiting to be opened.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct TitleMenu {
    pub entries: Vec<MenuEntry>,
    pub selected: usize,
    pub message: String,
    pub chosen: Option<Choice>,
}

impl TitleMenu {
    /// Shows a page, the first line of its list selected.
    pub fn show(&mut self, entries: Vec<MenuEntry>) {
        self.entries = entries;
        self.selected = self.rows().first().copied().unwrap_or(0);
        self.message.clear();
    }

    /// The indices of the list's lines (every entry that is not a button), in order.
    pub fn rows(&self) -> Vec<usize> {
        (0..self.entries.len())
            .filter(|&i| !self.entries[i].is_button())
            .collect()
    }

    /// Moves the selection `by` lines up (negative) or down the list, wrapping around; the
    /// buttons are not in the list (they have their own keys).
    pub fn step(&mut self, by: i32) {
        let rows = self.rows();
        if rows.is_empty() {
            return;
        }
        let at = rows.iter().position(|&i| i == self.selected).unwrap_or(0) as i32;
        let n = rows.len() as i32;
        self.selected = rows[(at + by).rem_euclid(n) as usize];
        self.message.clear();
    }

    /// Opens the entry with this choice (a button), if the page has one.
    pub fn press(&mut self, choice: &Choice) {
        if let Some(i) = self.entries.iter().position(|e| e.choice.as_ref() == Some(choice)) {
            self.selected = i;
            self.activate();
        }
    }

    /// Opens the selected entry, or shows why it cannot be opened.
    pub fn activate(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        match (&entry.choice, &entry.problems) {
            (Some(choice), _) => self.chosen = Some(choice.clone()),
            (None, Some(problems)) => self.message = format!("This scenario cannot be played:\n{problems}"),
            (None, None) => {}
        }
    }
}

/// One line about a scenario: sides, map size and description (the family is a badge).
pub fn summary(spec: &ScenarioSpec) -> String {
    let sides: Vec<&str> = spec.sides.iter().map(|s| s.name.as_str()).collect();
    format!(
        "{} · {}×{} · {}",
        sides.join(" vs "),
        spec.map.width(),
        spec.map.height(),
        spec.description
    )
}

/// The main menu for a scenarios folder and a data directory.
pub fn main_menu(scenarios: &Path, data: Option<&Path>) -> Vec<MenuEntry> {
    let mut entries = Vec::new();
    if let Some(autosave) = data.map(autosave_path).filter(|p| p.exists()) {
        let detail = match summary_of(&autosave) {
            Ok(summary) => {
                let date = std::fs::metadata(&autosave)
                    .and_then(|m| m.modified())
                    .map_or_else(|_| String::new(), |t| format!(" · {}", format_time(t)));
                format!("{summary}{date}")
            }
            Err(_) => "the autosave".to_string(),
        };
        entries.push(MenuEntry::new("Resume", detail, Choice::Resume(autosave)));
    }
    entries.extend(restore_entries(data));
    match load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()) {
        Ok(spec) => entries.push(
            MenuEntry::new(spec.name.clone(), summary(&spec), Choice::Default)
                .with_badges(["Tutorial".to_string(), spec.ruleset.name.clone()]),
        ),
        Err(d) => entries.push(invalid("built-in scenario".into(), &d)),
    }
    // The shipped scenarios, then the ones saved from the editor into the data directory.
    for path in scenario_files(scenarios, data) {
        let same_as_default = std::fs::read_to_string(&path).is_ok_and(|t| t == DEFAULT_SCENARIO);
        if same_as_default {
            continue;
        }
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        entries.push(match load_file(&path) {
            Ok(spec) => MenuEntry::new(spec.name.clone(), summary(&spec), Choice::Scenario(path))
                .with_badges([spec.ruleset.name.clone()]),
            Err(d) => invalid(name, &d),
        });
    }
    entries.push(MenuEntry::new(
        "Editor",
        "make a new scenario or change one: map, sides, units, objectives",
        Choice::Editor,
    ));
    if data.is_some() {
        entries.push(MenuEntry::new(
            "Load save…",
            "the saves made with Ctrl+S",
            Choice::Saves,
        ));
    }
    entries.push(MenuEntry::new("Quit", "", Choice::Quit));
    entries
}

fn invalid(name: String, diagnostics: &[crate::scenario::Diagnostic]) -> MenuEntry {
    let problems: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
    MenuEntry {
        label: format!("{name} (invalid)"),
        detail: format!("{} problem(s); select it to read them", problems.len()),
        choice: None,
        problems: Some(problems.join("\n")),
        badges: vec!["invalid".to_string()],
    }
}

/// The `.ron` files of the scenarios folder, then of the data directory's `scenarios/` (where
/// the editor saves), each folder sorted by name.
fn scenario_files(scenarios: &Path, data: Option<&Path>) -> Vec<PathBuf> {
    let mut folders = vec![scenarios.to_path_buf()];
    folders.extend(data.map(|d| crate::gui::editor::scenarios_folder(Some(d))));
    folders.dedup();
    let mut all = Vec::new();
    for folder in folders {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|x| x == "ron"));
        files.sort();
        all.extend(files);
    }
    all
}

/// "Restore unsaved editor work" for each editor autosave in `data`, newest first.
fn restore_entries(data: Option<&Path>) -> Vec<MenuEntry> {
    data.map(crate::gui::editor::autosaves)
        .unwrap_or_default()
        .into_iter()
        .map(|(path, summary)| MenuEntry::new("Restore unsaved editor work", summary, Choice::EditorRestore(path)))
        .collect()
}

/// The editor page: restore the autosave, a new scenario of each family, each scenario file
/// (of the scenarios folder and of the data directory's), then back. A file with problems is
/// listed too: the editor is where they are fixed.
pub fn editor_menu(scenarios: &Path, data: Option<&Path>) -> Vec<MenuEntry> {
    let mut entries = restore_entries(data);
    let (_, width, height) = crate::editor::NEW_SCENARIO;
    for family in crate::ruleset::Family::ALL {
        entries.push(MenuEntry::new(
            format!("New scenario ({family})"),
            format!("an empty {width}×{height} floor map with the {family} rules"),
            Choice::EditorNew(family.id().to_string()),
        ));
    }
    for path in scenario_files(scenarios, data) {
        let name = crate::editor::EditorDoc::open(&path).map_or_else(|_| "cannot be read".to_string(), |d| d.file.name);
        entries.push(MenuEntry::new(
            format!("Edit {}", path.display()),
            name,
            Choice::EditorOpen(path),
        ));
    }
    entries.push(MenuEntry::new("Back", "", Choice::Back));
    entries
}

/// The saves page.
pub fn saves_menu(data: Option<&Path>) -> Vec<MenuEntry> {
    let mut entries: Vec<MenuEntry> = data
        .map(list_saves)
        .unwrap_or_default()
        .into_iter()
        .map(|s| MenuEntry::new(s.label, s.detail, Choice::Save(s.path)))
        .collect();
    if entries.is_empty() {
        entries.push(MenuEntry {
            label: "No saves yet".into(),
            detail: "Ctrl+S in a battle saves it".into(),
            choice: None,
            problems: None,
            badges: Vec::new(),
        });
    }
    entries.push(MenuEntry::new("Back", "", Choice::Back));
    entries
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::gui::saves::write_save;
    use crate::gui::testkit::tutorial;

    pub(crate) fn temp_dir(name: &str) -> PathBuf {
        crate::gui::testkit::temp_dir(&format!("title-{name}"))
    }

    pub(crate) fn shipped() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios")
    }

    #[test]
    fn the_menu_lists_the_default_then_each_scenario_with_its_summary() {
        let entries = main_menu(&shipped(), None);
        assert_eq!(
            entries[0].choice,
            Some(Choice::Default),
            "the built-in scenario comes first"
        );
        assert!(entries[0].detail.contains("Relay Crew vs Scavengers"));
        assert!(entries[0].detail.contains("14×8"));
        let scenarios = entries
            .iter()
            .filter(|e| matches!(e.choice, Some(Choice::Scenario(_))))
            .count();
        let shipped_files = std::fs::read_dir(shipped())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"))
            .count();
        assert_eq!(
            scenarios,
            shipped_files - 1,
            "every shipped scenario but the built-in copy"
        );
        assert_eq!(entries.last().unwrap().choice, Some(Choice::Quit));
        assert!(
            !entries
                .iter()
                .any(|e| e.label == "Resume" || e.choice == Some(Choice::Saves))
        );
    }

    #[test]
    fn the_menu_works_without_a_scenarios_folder_and_offers_resume() {
        let data = temp_dir("resume");
        write_save(&autosave_path(&data), &tutorial()).unwrap();
        let entries = main_menu(&data.join("missing"), Some(&data));
        let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels[0], "Resume");
        assert_eq!(entries[1].choice, Some(Choice::Default));
        assert_eq!(&labels[2..], ["Editor", "Load save…", "Quit"]);
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn an_invalid_scenario_shows_the_validators_messages() {
        let dir = temp_dir("invalid");
        // `ai` settings on a side a human plays: refused by the validator.
        let ai = DEFAULT_SCENARIO.replacen("control: Human,", "control: Human, ai: (level: Hard),", 1);
        std::fs::write(dir.join("ai.ron"), ai).unwrap();
        std::fs::write(dir.join("broken.ron"), "Scenario(version: 1,").unwrap();
        let mut menu = TitleMenu::default();
        menu.show(main_menu(&dir, None));
        let invalid: Vec<&MenuEntry> = menu.entries.iter().filter(|e| e.choice.is_none()).collect();
        assert_eq!(invalid.len(), 2);
        assert!(invalid[0].label.starts_with("ai.ron"));
        assert!(invalid[0].problems.as_ref().unwrap().contains("ai.ron"));
        menu.selected = 1;
        menu.activate();
        assert_eq!(menu.chosen, None, "an invalid scenario never opens");
        assert!(menu.message.starts_with("This scenario cannot be played"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_editor_page_offers_each_family_every_scenario_file_and_the_autosave() {
        let entries = editor_menu(&shipped(), None);
        let new: Vec<&Choice> = entries
            .iter()
            .filter_map(|e| e.choice.as_ref())
            .filter(|c| matches!(c, Choice::EditorNew(_)))
            .collect();
        assert_eq!(new.len(), 4, "one new scenario per rule family");
        let files = entries
            .iter()
            .filter(|e| matches!(e.choice, Some(Choice::EditorOpen(_))))
            .count();
        let shipped_files = std::fs::read_dir(shipped())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"))
            .count();
        assert_eq!(files, shipped_files, "every file, the built-in copy too");
        assert_eq!(entries.last().unwrap().choice, Some(Choice::Back));

        let data = temp_dir("editor-page");
        let autosave = crate::gui::editor::autosave::autosave_path(&data, "one");
        std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
        std::fs::write(&autosave, crate::editor::EditorDoc::blank("saga", 5, 5).to_ron()).unwrap();
        let page = editor_menu(&data.join("missing"), Some(&data));
        assert_eq!(page[0].choice, Some(Choice::EditorRestore(autosave)));
        assert!(page[0].detail.contains("never saved"), "{}", page[0].detail);
        let main = main_menu(&data.join("missing"), Some(&data));
        assert!(main.iter().any(|e| matches!(e.choice, Some(Choice::EditorRestore(_)))));
        let saved = crate::gui::editor::files::scenarios_folder(Some(&data)).join("mine.ron");
        std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
        std::fs::copy(shipped().join("saga_hangar.ron"), &saved).unwrap();
        let main = main_menu(&data.join("missing"), Some(&data));
        assert!(
            main.iter().any(|e| e.choice == Some(Choice::Scenario(saved.clone()))),
            "a scenario saved from the editor can be played from the title"
        );
        std::fs::remove_dir_all(&data).unwrap();
    }
}

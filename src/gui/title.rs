//! The title screen: "Resume" when an autosave exists, "Restore unsaved editor work" for each
//! editor autosave, the embedded default scenario, the scenarios in `scenarios/` and those
//! saved from the editor (name, ruleset, sides, map size and description, or the validator's
//! messages for an invalid one), "Editor" (a new scenario of a chosen family, or any scenario
//! file, opened in the scenario editor), "Load save…" (the saves in the data directory) and
//! Quit. Up/Down or the mouse select, Enter or a click opens; Esc goes back from the saves and
//! the editor page.
//! The menu is data ([`main_menu`], [`saves_menu`]); `open_choice` turns a choice into a battle.

use super::saves::{DataDir, autosave_path, list_saves, load_save};
use super::session::open_session;
use super::{AppSystems, Screen};
use crate::history::{Battle, SaveFile};
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, ScenarioSpec, Templates, load_file, load_str};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TitleMenu>();
    app.init_resource::<ScenarioDir>();
    app.add_systems(
        OnEnter(Screen::Title),
        (
            super::editor::playtest::end_on_title,
            build_main_menu,
            spawn_title_screen,
        )
            .chain(),
    );
    app.add_systems(
        Update,
        (menu_keys, menu_mouse)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Title)),
    );
    app.add_systems(
        Update,
        open_choice.in_set(AppSystems::Apply).run_if(in_state(Screen::Title)),
    );
    app.add_systems(
        Update,
        draw_menu
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Title))
            .run_if(resource_changed::<TitleMenu>),
    );
}

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
}

impl MenuEntry {
    fn new(label: impl Into<String>, detail: impl Into<String>, choice: Choice) -> Self {
        Self {
            label: label.into(),
            detail: detail.into(),
            choice: Some(choice),
            problems: None,
        }
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
    fn show(&mut self, entries: Vec<MenuEntry>) {
        self.entries = entries;
        self.selected = 0;
        self.message.clear();
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

/// One line about a scenario: ruleset, sides, map size and description.
pub fn summary(spec: &ScenarioSpec) -> String {
    let sides: Vec<&str> = spec.sides.iter().map(|s| s.name.as_str()).collect();
    format!(
        "{} · {} · {}×{} · {}",
        spec.ruleset.name,
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
        let detail = std::fs::read_to_string(&autosave)
            .ok()
            .and_then(|t| SaveFile::from_ron(&t).ok())
            .map_or_else(
                || "the autosave".to_string(),
                |s| format!("{} · {} commands", s.scenario_file, s.commands.len()),
            );
        entries.push(MenuEntry::new("Resume", detail, Choice::Resume(autosave)));
    }
    entries.extend(restore_entries(data));
    match load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()) {
        Ok(spec) => entries.push(MenuEntry::new(
            format!("{} (built in)", spec.name),
            summary(&spec),
            Choice::Default,
        )),
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
            Ok(spec) => MenuEntry::new(spec.name.clone(), summary(&spec), Choice::Scenario(path)),
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
    }
}

/// The `.ron` files of the scenarios folder, then of the data directory's `scenarios/` (where
/// the editor saves), each folder sorted by name.
fn scenario_files(scenarios: &Path, data: Option<&Path>) -> Vec<PathBuf> {
    let mut folders = vec![scenarios.to_path_buf()];
    folders.extend(data.map(|d| super::editor::files::scenarios_folder(Some(d))));
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
    data.map(super::editor::files::autosaves)
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
        });
    }
    entries.push(MenuEntry::new("Back", "", Choice::Back));
    entries
}

/// The battle of the embedded default scenario.
fn default_battle() -> Result<Battle, String> {
    crate::history::open_or_default(None)
}

#[derive(Component)]
struct MenuList;

#[derive(Component)]
struct DetailText;

#[derive(Component)]
struct MenuRow(usize);

fn build_main_menu(mut menu: ResMut<TitleMenu>, scenarios: Res<ScenarioDir>, data: Res<DataDir>) {
    menu.show(main_menu(&scenarios.0, data.0.as_deref()));
    menu.chosen = None;
}

fn spawn_title_screen(mut commands: Commands) {
    commands.spawn((
        Name::new("Title screen"),
        DespawnOnExit(Screen::Title),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(Val::Px(32.0)),
            row_gap: Val::Px(12.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
        children![
            (
                Name::new("Title"),
                Text::new("fivefoot"),
                TextFont::from_font_size(40.0),
                TextColor(Color::srgb(0.95, 0.85, 0.55)),
            ),
            (
                Name::new("Keys"),
                Text::new("Up/Down or the mouse to choose, Enter or click to open, Esc back, Ctrl+Q quits. In battle: Ctrl+Z undo, Ctrl+S save, Ctrl+O this menu. Editor: docs/editor.md."),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.65, 0.65, 0.7)),
            ),
            (
                Name::new("Menu"),
                MenuList,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(4.0),
                    ..default()
                },
            ),
            (
                Name::new("Details"),
                DetailText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(1.0, 0.7, 0.6)),
            ),
        ],
    ));
}

fn draw_menu(
    mut commands: Commands,
    menu: Res<TitleMenu>,
    list: Single<Entity, With<MenuList>>,
    mut details: Single<&mut Text, With<DetailText>>,
) {
    commands.entity(*list).despawn_related::<Children>();
    commands.entity(*list).with_children(|list| {
        for (i, entry) in menu.entries.iter().enumerate() {
            let selected = i == menu.selected;
            let background = if selected {
                Color::srgb(0.22, 0.3, 0.45)
            } else {
                Color::srgb(0.12, 0.13, 0.17)
            };
            let label = if entry.choice.is_none() && entry.problems.is_some() {
                Color::srgb(1.0, 0.55, 0.45)
            } else {
                Color::WHITE
            };
            list.spawn((
                Name::new(format!("Menu row {}", entry.label)),
                MenuRow(i),
                Button,
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
                    width: Val::Px(900.0),
                    ..default()
                },
                BackgroundColor(background),
                children![
                    (
                        Text::new(entry.label.clone()),
                        TextFont::from_font_size(20.0),
                        TextColor(label)
                    ),
                    (
                        Text::new(entry.detail.clone()),
                        TextFont::from_font_size(13.0),
                        TextColor(Color::srgb(0.7, 0.72, 0.78))
                    ),
                ],
            ));
        }
    });
    let problems = menu
        .entries
        .get(menu.selected)
        .and_then(|e| e.problems.clone())
        .map(|p| format!("This scenario cannot be played:\n{p}"));
    details.0 = if menu.message.is_empty() {
        problems.unwrap_or_default()
    } else {
        menu.message.clone()
    };
}

fn menu_keys(keys: Res<ButtonInput<KeyCode>>, mut menu: ResMut<TitleMenu>) {
    let n = menu.entries.len().max(1);
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::KeyS]) {
        menu.selected = (menu.selected + 1) % n;
        menu.message.clear();
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::KeyW]) {
        menu.selected = (menu.selected + n - 1) % n;
        menu.message.clear();
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        menu.activate();
    }
    if keys.just_pressed(KeyCode::Escape) && menu.entries.iter().any(|e| e.choice == Some(Choice::Back)) {
        menu.chosen = Some(Choice::Back);
    }
}

fn menu_mouse(rows: Query<(&Interaction, &MenuRow), Changed<Interaction>>, mut menu: ResMut<TitleMenu>) {
    for (interaction, row) in &rows {
        match interaction {
            Interaction::Hovered if menu.selected != row.0 => {
                menu.selected = row.0;
                menu.message.clear();
            }
            Interaction::Pressed => {
                menu.selected = row.0;
                menu.activate();
            }
            _ => {}
        }
    }
}

/// Opens the chosen entry: a battle goes on screen, a failure is shown in the menu.
fn open_choice(world: &mut World) {
    let Some(choice) = world.resource_mut::<TitleMenu>().chosen.take() else {
        return;
    };
    let data = world.resource::<DataDir>().0.clone();
    if let Some(opened) = open_editor_choice(world, &choice, data.as_deref()) {
        if let Err(why) = opened {
            world.resource_mut::<TitleMenu>().message = why;
        }
        return;
    }
    let battle = match choice {
        Choice::Default => default_battle(),
        Choice::Scenario(path) => crate::history::open_file(&path, None, &[]).map_err(|e| e.to_string()),
        Choice::Resume(path) | Choice::Save(path) => load_save(&path),
        Choice::Saves => {
            world.resource_mut::<TitleMenu>().show(saves_menu(data.as_deref()));
            return;
        }
        Choice::Back => {
            let scenarios = world.resource::<ScenarioDir>().0.clone();
            world
                .resource_mut::<TitleMenu>()
                .show(main_menu(&scenarios, data.as_deref()));
            return;
        }
        Choice::Quit => {
            world.write_message(AppExit::Success);
            return;
        }
        Choice::Editor | Choice::EditorNew(_) | Choice::EditorOpen(_) | Choice::EditorRestore(_) => {
            unreachable!("opened by open_editor_choice")
        }
    };
    match battle {
        Ok(battle) => open_session(world, battle),
        Err(why) => world.resource_mut::<TitleMenu>().message = format!("Cannot open it:\n{why}"),
    }
}

/// Opens an editor choice (`None` for the other choices): the editor page, a document in the
/// editor, or why not. Each editing session autosaves to its own file, so opening one never
/// touches another's unsaved work.
fn open_editor_choice(world: &mut World, choice: &Choice, data: Option<&Path>) -> Option<Result<(), String>> {
    let doc = match choice {
        Choice::Editor => {
            let scenarios = world.resource::<ScenarioDir>().0.clone();
            world.resource_mut::<TitleMenu>().show(editor_menu(&scenarios, data));
            return Some(Ok(()));
        }
        Choice::EditorNew(family) => {
            let (_, width, height) = crate::editor::NEW_SCENARIO;
            crate::editor::EditorDoc::blank(family, width, height)
        }
        Choice::EditorOpen(path) => match crate::editor::EditorDoc::open(path) {
            Ok(doc) => doc,
            Err(d) => {
                let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
                return Some(Err(format!("Cannot open it:\n{}", lines.join("\n"))));
            }
        },
        Choice::EditorRestore(file) => {
            return Some(match super::editor::files::restore(file) {
                Ok(session) => {
                    super::editor::files::open_restored(world, session);
                    Ok(())
                }
                Err(why) => Err(format!("Cannot restore it:\n{why}")),
            });
        }
        _ => return None,
    };
    super::editor::open_editor(world, doc);
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::saves::write_save;
    use crate::gui::session::Session;
    use crate::gui::session::tests::tutorial;
    use bevy::state::app::StatesPlugin;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fivefoot-title-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn shipped() -> PathBuf {
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
        let autosave = super::super::editor::files::autosave_path(&data, "one");
        std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
        std::fs::write(&autosave, crate::editor::EditorDoc::blank("saga", 5, 5).to_ron()).unwrap();
        let page = editor_menu(&data.join("missing"), Some(&data));
        assert_eq!(page[0].choice, Some(Choice::EditorRestore(autosave)));
        assert!(page[0].detail.contains("never saved"), "{}", page[0].detail);
        let main = main_menu(&data.join("missing"), Some(&data));
        assert!(main.iter().any(|e| matches!(e.choice, Some(Choice::EditorRestore(_)))));
        let saved = super::super::editor::files::scenarios_folder(Some(&data)).join("mine.ron");
        std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
        std::fs::copy(shipped().join("saga_hangar.ron"), &saved).unwrap();
        let main = main_menu(&data.join("missing"), Some(&data));
        assert!(
            main.iter().any(|e| e.choice == Some(Choice::Scenario(saved.clone()))),
            "a scenario saved from the editor can be played from the title"
        );
        std::fs::remove_dir_all(&data).unwrap();
    }

    fn title_app(data: Option<PathBuf>) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(data));
        app.insert_resource(ScenarioDir(PathBuf::from("no-such-folder")));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_message::<AppExit>();
        crate::gui::order_sets(&mut app);
        app.add_plugins(plugin);
        app.update();
        app
    }

    fn choose(app: &mut App, choice: Choice) {
        app.world_mut().resource_mut::<TitleMenu>().chosen = Some(choice);
        app.update();
        app.update();
    }

    #[test]
    fn a_new_scenario_opens_the_editor_and_leaves_other_editor_work_alone() {
        let data = temp_dir("editor-new");
        let autosave = super::super::editor::files::autosave_path(&data, "earlier");
        std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
        std::fs::write(&autosave, crate::editor::EditorDoc::blank("saga", 5, 5).to_ron()).unwrap();
        let mut app = title_app(Some(data.clone()));
        choose(&mut app, Choice::EditorNew("d20_srd".into()));
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
        let session = app.world().resource::<crate::gui::editor::EditorSession>();
        assert_eq!(session.doc().file.ruleset, "d20_srd");
        assert!(autosave.exists(), "the earlier session's work is kept");
        let status = &app.world().resource::<crate::gui::editor::EditorStatus>().0;
        assert!(status.contains("earlier editor sessions"), "{status}");
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn a_scenario_file_and_the_autosave_open_in_the_editor() {
        let data = temp_dir("editor-open");
        let mut app = title_app(Some(data.clone()));
        let file = shipped().join("saga_hangar.ron");
        choose(&mut app, Choice::EditorOpen(file.clone()));
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
        let session = app.world().resource::<crate::gui::editor::EditorSession>();
        assert_eq!(session.doc().path.as_ref(), Some(&file));
        assert!(!session.unsaved());

        let mut doc = crate::editor::EditorDoc::blank("starfinder", 4, 3);
        doc.file.name = "Kept".into();
        let mut kept = crate::gui::editor::EditorSession::new(doc);
        kept.restored = true;
        super::super::editor::files::write_autosave(&data, &kept).unwrap();
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
        app.update();
        let file = super::super::editor::files::autosave_path(&data, &kept.autosave_id);
        choose(&mut app, Choice::EditorRestore(file));
        let session = app.world().resource::<crate::gui::editor::EditorSession>();
        assert_eq!(session.doc().file.name, "Kept");
        assert!(session.unsaved(), "restored work is not saved anywhere yet");
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn choosing_the_default_opens_the_battle_screen() {
        let mut app = title_app(None);
        assert_eq!(
            app.world().resource::<TitleMenu>().entries.len(),
            3,
            "default, Editor, Quit"
        );
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Enter);
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Battle);
        assert!(app.world().get_resource::<Session>().is_some());
    }
}

//! The title screen: the menu (`title_menu`) as a list with the selected entry's details;
//! Up/Down or the mouse select, Enter or a click opens; Esc goes back from the saves and the
//! editor page. `open_choice` turns a choice into a battle (or the editor, or quitting).

use crate::gui::screens::saves::{DataDir, load_save};
use crate::gui::screens::setup::{ScenarioSource, play_scenario};
use crate::gui::screens::title_menu::{Choice, ScenarioDir, TitleMenu, editor_menu, main_menu, saves_menu};
use crate::gui::session::open_session;
use crate::gui::{AppSystems, Screen};
use bevy::prelude::*;
use std::path::Path;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<TitleMenu>();
    app.init_resource::<ScenarioDir>();
    app.add_systems(
        OnEnter(Screen::Title),
        (
            crate::gui::editor::playtest::end_on_title,
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
        // A scenario is played through the setup step (who plays each side).
        Choice::Default | Choice::Scenario(_) => {
            let source = match &choice {
                Choice::Scenario(path) => ScenarioSource::file(path),
                _ => Ok(ScenarioSource::built_in()),
            };
            if let Err(why) = play_scenario(world, source) {
                world.resource_mut::<TitleMenu>().message = format!("Cannot open it:\n{why}");
            }
            return;
        }
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
            return Some(match crate::gui::editor::files::restore(file) {
                Ok(session) => {
                    crate::gui::editor::files::open_restored(world, session);
                    Ok(())
                }
                Err(why) => Err(format!("Cannot restore it:\n{why}")),
            });
        }
        _ => return None,
    };
    crate::gui::editor::open_editor(world, doc);
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::screens::title_menu::tests::{shipped, temp_dir};
    use crate::gui::session::Session;
    use bevy::state::app::StatesPlugin;
    use std::path::PathBuf;

    fn title_app(data: Option<PathBuf>) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(data));
        app.insert_resource(ScenarioDir(PathBuf::from("no-such-folder")));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_message::<AppExit>();
        crate::gui::order_sets(&mut app);
        app.add_plugins((plugin, crate::gui::screens::setup::plugin));
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
        let autosave = crate::gui::editor::files::autosave_path(&data, "earlier");
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
        crate::gui::editor::files::write_autosave(&data, &kept).unwrap();
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
        app.update();
        let file = crate::gui::editor::files::autosave_path(&data, &kept.autosave_id);
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
        // Through the setup step (who plays each side), whose Start is selected: Enter again.
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Setup);
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        keys.press(KeyCode::Enter);
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Battle);
        assert!(app.world().get_resource::<Session>().is_some());
    }
}

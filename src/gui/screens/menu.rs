//! The in-game menu (Esc in move mode): resume, save, load (the saves in the data directory,
//! as on the title screen), undo, the reaction settings of each side, and quit to the title.
//! Its buttons send the same intents as the shortcuts (Ctrl+S, Ctrl+Z, Ctrl+O). During a play
//! test from the editor it also offers "Back to editor".

use crate::gui::editor::playtest::{PlayTest, back_to_editor};
use crate::gui::hud::actions::modes::Mode;
use crate::gui::hud::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, digit};
use crate::gui::screens::saves::{DataDir, list_saves, load_save};
use crate::gui::session::{Intent, Session, StatusLine, install_session};
use crate::gui::{AppSystems, Screen};
use bevy::prelude::*;
use std::path::Path;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        open_menu_on_escape
            .after(crate::gui::hud::panel::panel_keys)
            .before(crate::gui::hud::actions::modes::keys_to_actions)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        menu_chosen.in_set(AppSystems::Apply).run_if(in_state(Screen::Battle)),
    );
}

/// A page of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Main,
    Load,
    Reactions,
    /// Not a page: back to the editor from a play test.
    Editor,
}

/// The menu's main page.
pub fn main_page() -> PanelSpec {
    let options = [
        ("Resume", Choice::Close),
        ("Save (Ctrl+S)", Choice::Intent(Intent::Save)),
        ("Load…", Choice::Page(Page::Load)),
        ("Undo (Ctrl+Z)", Choice::Intent(Intent::Undo)),
        ("Reaction settings…", Choice::Page(Page::Reactions)),
        ("Quit to title (Ctrl+O)", Choice::Intent(Intent::Menu)),
    ];
    PanelSpec {
        kind: PanelKind::Menu,
        title: "Menu".into(),
        options: options
            .into_iter()
            .enumerate()
            .map(|(i, (label, choice))| PanelOption::new(label, digit(i), choice))
            .collect(),
    }
}

/// The main page, with "Back to editor" during a play test.
pub fn main_page_for(play_test: bool) -> PanelSpec {
    let mut page = main_page();
    if play_test {
        let key = digit(page.options.len());
        page.options
            .push(PanelOption::new("Back to editor", key, Choice::Page(Page::Editor)));
    }
    page
}

/// The load page: up to nine saves, newest first (a broken one greyed out with why), then back.
pub fn load_page(data: Option<&Path>) -> PanelSpec {
    let saves = data.map(list_saves).unwrap_or_default();
    let mut options: Vec<PanelOption> = saves
        .into_iter()
        .take(9)
        .enumerate()
        .map(|(i, s)| {
            let allowed = match s.detail.starts_with("unreadable") {
                true => Err(s.detail.clone()),
                false => Ok(()),
            };
            PanelOption::new(format!("{} ({})", s.label, s.detail), digit(i), Choice::Load(s.path)).greyed(allowed)
        })
        .collect();
    options.push(PanelOption::new("Back", KeyCode::KeyB, Choice::Page(Page::Main)));
    PanelSpec {
        kind: PanelKind::Menu,
        title: match options.len() {
            1 => "No saves yet (Ctrl+S saves the battle)".into(),
            _ => "Load which save?".into(),
        },
        options,
    }
}

/// Esc opens the menu when nothing else is using it (no open panel, move mode; Esc in another
/// mode goes back to move mode first, in `actions`).
fn open_menu_on_escape(
    keys: Res<ButtonInput<KeyCode>>,
    mode: Res<Mode>,
    play_test: Option<Res<PlayTest>>,
    mut panel: ResMut<Panel>,
) {
    if keys.just_pressed(KeyCode::Escape) && !panel.is_open() && *mode == Mode::Move {
        panel.0 = Some(main_page_for(play_test.is_some()));
    }
}

fn menu_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    data: Res<DataDir>,
    play_test: Option<Res<PlayTest>>,
    mut panel: ResMut<Panel>,
    mut intents: MessageWriter<Intent>,
    mut commands: Commands,
) {
    for c in chosen.read().filter(|c| c.kind == PanelKind::Menu) {
        panel.0 = match &c.choice {
            Choice::Intent(intent) => {
                intents.write(intent.clone());
                None
            }
            Choice::Page(Page::Main) => Some(main_page_for(play_test.is_some())),
            Choice::Page(Page::Editor) => {
                commands.queue(back_to_editor);
                None
            }
            Choice::Page(Page::Load) => Some(load_page(data.0.as_deref())),
            Choice::Page(Page::Reactions) => Some(crate::gui::hud::reactions::settings_page(session.battle.world())),
            Choice::Load(path) => {
                let path = path.clone();
                commands.queue(move |world: &mut World| load(world, &path));
                None
            }
            _ => None,
        };
    }
}

/// Loads a save in place of the battle on screen; the board is rebuilt after the hand-off
/// screen, as after a change of side.
fn load(world: &mut World, path: &Path) {
    match load_save(path) {
        Ok(battle) => {
            install_session(world, battle);
            world.resource_mut::<StatusLine>().0 = format!("Loaded {}", path.display());
            world.resource_mut::<NextState<Screen>>().set(Screen::Handoff);
        }
        Err(why) => world.resource_mut::<StatusLine>().0 = format!("Could not load: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cmd;

    #[test]
    fn the_menu_offers_the_shortcuts_intents_and_its_pages() {
        let page = main_page();
        let choices: Vec<Choice> = page.options.iter().map(|o| o.choice.clone()).collect();
        assert_eq!(
            choices,
            vec![
                Choice::Close,
                Choice::Intent(Intent::Save),
                Choice::Page(Page::Load),
                Choice::Intent(Intent::Undo),
                Choice::Page(Page::Reactions),
                Choice::Intent(Intent::Menu),
            ]
        );
        assert_eq!(main_page_for(false), main_page());
        let testing = main_page_for(true);
        assert_eq!(
            testing.options.last().map(|o| o.choice.clone()),
            Some(Choice::Page(Page::Editor)),
            "a play test offers the way back to the editor"
        );
        let none = load_page(None);
        assert_eq!(none.options.len(), 1, "only Back");
    }

    /// Esc in move mode opens the menu, Esc closes it; its Undo is the shortcut's intent.
    #[test]
    fn esc_opens_and_closes_the_menu_and_its_buttons_send_the_shortcuts_intents() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.insert_resource(Session::new(crate::gui::session::tests::tutorial()));
        app.insert_state(Screen::Battle);
        app.insert_resource(DataDir(None));
        app.init_resource::<ButtonInput<KeyCode>>();
        crate::gui::order_sets(&mut app);
        app.add_plugins((
            crate::gui::session::plugin,
            crate::gui::hud::actions::plugin,
            crate::gui::hud::panel::plugin,
            plugin,
        ));
        app.update();
        let press = |app: &mut App, key: KeyCode| {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release_all();
            keys.clear();
            keys.press(key);
        };
        press(&mut app, KeyCode::Escape);
        app.update();
        assert_eq!(app.world().resource::<Panel>().0, Some(main_page()));
        press(&mut app, KeyCode::Escape);
        app.update();
        assert!(!app.world().resource::<Panel>().is_open());
        press(&mut app, KeyCode::Escape);
        app.update();
        assert_eq!(app.world().resource::<Panel>().0, Some(main_page()), "open again");
        press(&mut app, KeyCode::Digit4);
        app.update();
        // (No input plugin here to end the key press after a frame.)
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().reset_all();
        app.update();
        assert!(!app.world().resource::<Panel>().is_open());
        assert_eq!(
            app.world().resource::<StatusLine>().0,
            "Cannot undo: nothing to undo",
            "the Undo button did what Ctrl+Z does"
        );

        // Loading a save puts its battle on screen, through the hand-off screen.
        let dir = std::env::temp_dir().join(format!("fivefoot-menu-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut saved = crate::gui::session::tests::tutorial();
        let unit = saved
            .world()
            .resource::<crate::rules::Combat>()
            .active
            .clone()
            .expect("a turn");
        saved
            .submit(crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        let path = crate::gui::screens::saves::save_new(&dir, &saved).expect("saved");
        app.world_mut().write_message(Chosen {
            kind: PanelKind::Menu,
            choice: Choice::Load(path),
        });
        app.update();
        app.update();
        let on_screen = app.world().resource::<Session>().battle.commands().to_vec();
        assert_eq!(on_screen, saved.commands());
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Handoff);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_load_page_lists_the_saves_and_greys_out_a_broken_one() {
        let dir = std::env::temp_dir().join(format!("fivefoot-menu-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let battle = crate::gui::session::tests::tutorial();
        let saved = crate::gui::screens::saves::save_new(&dir, &battle).expect("saved");
        crate::history::write_atomic(
            &crate::gui::screens::saves::saves_dir(&dir).join("broken.ron"),
            b"Save(",
        )
        .unwrap();
        let page = load_page(Some(&dir));
        assert_eq!(page.options.len(), 3);
        assert!(
            page.options
                .iter()
                .any(|o| o.choice == Choice::Load(saved.clone()) && o.allowed.is_ok())
        );
        assert!(page.options.iter().any(|o| o.allowed.is_err()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

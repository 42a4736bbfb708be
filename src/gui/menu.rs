//! The in-game menu (Esc in move mode): resume, save, load (the saves in the data directory,
//! as on the title screen), undo, the reaction settings of each side, and quit to the title.
//! Its buttons send the same intents as the shortcuts (Ctrl+S, Ctrl+Z, Ctrl+O).

use super::actions::Mode;
use super::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, digit};
use super::saves::{DataDir, list_saves, load_save};
use super::session::{Intent, Session, StatusLine, install_session};
use super::{AppSystems, Screen};
use bevy::prelude::*;
use std::path::Path;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        open_menu_on_escape
            .after(super::panel::panel_keys)
            .before(super::actions::keys_to_actions)
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
fn open_menu_on_escape(keys: Res<ButtonInput<KeyCode>>, mode: Res<Mode>, mut panel: ResMut<Panel>) {
    if keys.just_pressed(KeyCode::Escape) && !panel.is_open() && *mode == Mode::Move {
        panel.0 = Some(main_page());
    }
}

fn menu_chosen(world: &mut World) {
    let chosen: Vec<Chosen> = world
        .resource_mut::<Messages<Chosen>>()
        .iter_current_update_messages()
        .filter(|c| c.kind == PanelKind::Menu)
        .cloned()
        .collect();
    for c in chosen {
        let page = match c.choice {
            Choice::Intent(intent) => {
                world.write_message(intent);
                None
            }
            Choice::Page(Page::Main) => Some(main_page()),
            Choice::Page(Page::Load) => Some(load_page(world.resource::<DataDir>().0.as_deref())),
            Choice::Page(Page::Reactions) => {
                let session = world.non_send::<Session>();
                Some(super::reactions::settings_page(session.battle.world()))
            }
            Choice::Load(path) => {
                load(world, &path);
                None
            }
            _ => None,
        };
        world.resource_mut::<Panel>().0 = page;
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
        let none = load_page(None);
        assert_eq!(none.options.len(), 1, "only Back");
    }

    #[test]
    fn the_load_page_lists_the_saves_and_greys_out_a_broken_one() {
        let dir = std::env::temp_dir().join(format!("fivefoot-menu-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let battle = crate::gui::session::tests::tutorial();
        let saved = crate::gui::saves::save_new(&dir, &battle).expect("saved");
        crate::history::write_atomic(&crate::gui::saves::saves_dir(&dir).join("broken.ron"), b"Save(").unwrap();
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

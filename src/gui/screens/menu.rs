//! The in-game menu (Esc in move mode): resume, save, load (the saves in the data directory,
//! as on the title screen), undo (greyed with the reason when it would be refused), the
//! reaction settings of each side, quit to the title, and the hand-off screens setting.
//! Its buttons send the same intents as the shortcuts (Ctrl+S, Ctrl+Z, Ctrl+O). During a play
//! test from the editor it also offers "Back to editor".

use crate::gui::intake::handoff::HandOff;
use crate::gui::intake::open::back_to_editor;
use crate::gui::intake::open::{open_session, undo_verdict};
use crate::gui::intake::reactions::settings_page;
use crate::gui::saves::PlayTest;
use crate::gui::saves::{DataDir, list_saves, load_save};
use crate::gui::state::intent::Intent;
use crate::gui::state::keys::digit;
use crate::gui::state::mode::Mode;
use crate::gui::state::panel::Choice;
use crate::gui::state::panel::Page;
use crate::gui::state::panel::{Chosen, Panel, PanelKind, PanelOption, PanelSpec};
use crate::gui::state::screen::{ActionKeys, AppSystems, PanelKeys, Screen};
use crate::gui::state::session::{Session, StatusLine};
use bevy::prelude::*;
use std::path::Path;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        open_menu_on_escape
            .after(PanelKeys)
            .before(ActionKeys)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        menu_chosen.in_set(AppSystems::Apply).run_if(in_state(Screen::Battle)),
    );
}

/// What the main page depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuState {
    /// Whether Undo would be accepted (`intake::open::undo_verdict`); greyed with the reason if not.
    pub undo: Result<(), String>,
    /// The players asked for hand-off screens (`HandOff::enabled`).
    pub hand_offs: bool,
    /// A play test from the editor: offer "Back to editor".
    pub play_test: bool,
}

/// The menu's main page.
pub fn main_page(state: &MenuState) -> PanelSpec {
    let hand_offs = match state.hand_offs {
        true => "Hand-off screens between players: on",
        false => "Hand-off screens between players: off",
    };
    let options = [
        ("Resume", Choice::Close, Ok(())),
        ("Save (Ctrl+S)", Choice::Intent(Intent::Save), Ok(())),
        ("Load…", Choice::Page(Page::Load), Ok(())),
        ("Undo (Ctrl+Z)", Choice::Intent(Intent::Undo), state.undo.clone()),
        ("Reaction settings…", Choice::Page(Page::Reactions), Ok(())),
        ("Quit to title (Ctrl+O)", Choice::Intent(Intent::Menu), Ok(())),
        (hand_offs, Choice::Page(Page::HandOffs), Ok(())),
    ];
    let mut options: Vec<PanelOption> = options
        .into_iter()
        .enumerate()
        .map(|(i, (label, choice, allowed))| PanelOption::new(label, digit(i), choice).greyed(allowed))
        .collect();
    if state.play_test {
        let key = digit(options.len());
        options.push(PanelOption::new("Back to editor", key, Choice::Page(Page::Editor)));
    }
    PanelSpec {
        kind: PanelKind::Menu,
        title: "Menu".into(),
        options,
    }
}

/// The main page for the battle on screen.
fn main_page_now(battle: &crate::history::Battle, hand_off: Option<&HandOff>, play_test: bool) -> PanelSpec {
    main_page(&MenuState {
        undo: undo_verdict(battle),
        hand_offs: hand_off.is_some_and(|h| h.enabled),
        play_test,
    })
}

/// The load page: up to nine saves, newest first (a broken one greyed out with why), then back.
pub fn load_page(data: Option<&Path>) -> PanelSpec {
    let saves = data.map(list_saves).unwrap_or_default();
    let mut options: Vec<PanelOption> = saves
        .into_iter()
        .take(9)
        .enumerate()
        .map(|(i, s)| {
            let allowed = match s.readable {
                true => Ok(()),
                false => Err(s.detail.clone()),
            };
            PanelOption::new(format!("{} ({})", s.label, s.date), digit(i), Choice::Load(s.path)).greyed(allowed)
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
    session: Res<Session>,
    hand_off: Option<Res<HandOff>>,
    mut panel: ResMut<Panel>,
) {
    if keys.just_pressed(KeyCode::Escape) && !panel.is_open() && *mode == Mode::Move {
        panel.0 = Some(main_page_now(&session.battle, hand_off.as_deref(), play_test.is_some()));
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn menu_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    data: Res<DataDir>,
    play_test: Option<Res<PlayTest>>,
    mut hand_off: Option<ResMut<HandOff>>,
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
            Choice::Page(Page::Main) => Some(main_page_now(&session.battle, hand_off.as_deref(), play_test.is_some())),
            Choice::Page(Page::HandOffs) => {
                if let Some(hand_off) = hand_off.as_mut() {
                    hand_off.enabled = !hand_off.enabled;
                }
                Some(main_page_now(&session.battle, hand_off.as_deref(), play_test.is_some()))
            }
            Choice::Page(Page::Editor) => {
                commands.queue(back_to_editor);
                None
            }
            Choice::Page(Page::Load) => Some(load_page(data.0.as_deref())),
            Choice::Page(Page::Reactions) => Some(settings_page(session.battle.world())),
            Choice::Load(path) => {
                let path = path.clone();
                commands.queue(move |world: &mut World| load(world, &path));
                None
            }
            _ => None,
        };
    }
}

/// Loads a save in place of the battle on screen: the board is rebuilt, after the hand-off
/// screen naming the side to act when hand-offs are shown, and the status line names it too.
fn load(world: &mut World, path: &Path) {
    match load_save(path) {
        Ok(battle) => open_session(world, battle),
        Err(why) => world.resource_mut::<StatusLine>().0 = format!("Could not load: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::panel::Page;
    use crate::gui::state::session::acting_side;
    use crate::rules::cmd;

    fn state(undo: Result<(), String>) -> MenuState {
        MenuState {
            undo,
            hand_offs: false,
            play_test: false,
        }
    }

    #[test]
    fn the_menu_offers_the_shortcuts_intents_and_its_pages() {
        let page = main_page(&state(Ok(())));
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
                Choice::Page(Page::HandOffs),
            ]
        );
        assert!(page.options.iter().all(|o| o.allowed.is_ok()));
        let testing = main_page(&MenuState {
            play_test: true,
            ..state(Ok(()))
        });
        assert_eq!(
            testing.options.last().map(|o| o.choice.clone()),
            Some(Choice::Page(Page::Editor)),
            "a play test offers the way back to the editor"
        );
        let none = load_page(None);
        assert_eq!(none.options.len(), 1, "only Back");
    }

    /// Issue #18 item 7: Undo is greyed with the reason the battle would give.
    #[test]
    fn undo_is_greyed_with_the_reason_when_it_would_be_refused() {
        let battle = crate::gui::testkit::tutorial();
        let refused = undo_verdict(&battle);
        assert_eq!(refused, Err("Cannot undo: nothing to undo".to_string()));
        let page = main_page(&state(refused.clone()));
        assert_eq!(page.options[3].allowed, refused);
    }

    /// Esc in move mode opens the menu, Esc closes it; its Undo is the shortcut's intent, greyed
    /// with the refusal's words when there is nothing to undo; the hand-off setting toggles.
    #[test]
    fn esc_opens_and_closes_the_menu_and_its_buttons_send_the_shortcuts_intents() {
        let mut app = crate::gui::testkit::battle_app(crate::gui::testkit::tutorial());
        app.add_plugins((
            crate::gui::views::bar::plugin,
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
        let nothing_to_undo = main_page(&state(Err("Cannot undo: nothing to undo".into())));
        press(&mut app, KeyCode::Escape);
        app.update();
        assert_eq!(app.world().resource::<Panel>().0, Some(nothing_to_undo.clone()));
        press(&mut app, KeyCode::Escape);
        app.update();
        assert!(!app.world().resource::<Panel>().is_open());
        press(&mut app, KeyCode::Escape);
        app.update();
        assert_eq!(app.world().resource::<Panel>().0, Some(nothing_to_undo), "open again");
        press(&mut app, KeyCode::Digit4);
        app.update();
        // (No input plugin here to end the key press after a frame.)
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().reset_all();
        app.update();
        assert!(
            app.world().resource::<Panel>().is_open(),
            "a greyed button does nothing"
        );
        assert_eq!(
            app.world().resource::<StatusLine>().0,
            "Cannot undo: nothing to undo",
            "the greyed Undo says what Ctrl+Z would"
        );

        // The hand-off setting: off by default, 7 turns it on and the page says so.
        press(&mut app, KeyCode::Digit7);
        app.update();
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().reset_all();
        app.update();
        assert!(app.world().resource::<HandOff>().enabled);
        let page = app.world().resource::<Panel>().0.clone().expect("still open");
        assert!(page.options[6].label.ends_with(": on"), "{:?}", page.options[6]);

        // With something to undo, the button does what Ctrl+Z does and the menu closes.
        press(&mut app, KeyCode::Escape);
        app.update();
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().reset_all();
        let unit = {
            let battle = &app.world().resource::<Session>().battle;
            battle
                .world()
                .resource::<crate::rules::Combat>()
                .active
                .clone()
                .expect("a turn")
        };
        let moved = {
            let world = app.world().resource::<Session>().battle.world();
            let at = crate::rules::reactions::threat::space_of(world, &unit)
                .expect("placed")
                .at;
            crate::grid::Square::new(at.x + 1, at.y)
        };
        app.world_mut().write_message(Intent::MoveTo(moved));
        app.update();
        assert_eq!(app.world().resource::<Session>().battle.commands().len(), 1, "moved");
        press(&mut app, KeyCode::Escape);
        app.update();
        press(&mut app, KeyCode::Digit4);
        app.update();
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().reset_all();
        app.update();
        assert!(!app.world().resource::<Panel>().is_open());
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(status.starts_with("Undone"), "{status}");
        assert!(app.world().resource::<Session>().battle.commands().is_empty());
        app.world_mut().resource_mut::<HandOff>().enabled = false;

        // Loading a save puts its battle on screen and names the side to act; with the
        // players' hand-off screens on, through the hand-off screen.
        let dir = std::env::temp_dir().join(format!("fivefoot-menu-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut saved = crate::gui::testkit::tutorial();
        let unit = saved
            .world()
            .resource::<crate::rules::Combat>()
            .active
            .clone()
            .expect("a turn");
        saved
            .submit(crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        let path = crate::gui::saves::save_new(&dir, &saved).expect("saved");
        app.world_mut().write_message(Chosen {
            kind: PanelKind::Menu,
            choice: Choice::Load(path.clone()),
        });
        app.update();
        app.update();
        let on_screen = app.world().resource::<Session>().battle.commands().to_vec();
        assert_eq!(on_screen, saved.commands());
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Battle);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(
            status.starts_with("Save loaded: round 1, ") && status.ends_with(" to act."),
            "{status}"
        );

        app.world_mut().resource_mut::<HandOff>().enabled = true;
        app.world_mut().write_message(Chosen {
            kind: PanelKind::Menu,
            choice: Choice::Load(path),
        });
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Handoff);
        let hand_off = app.world().resource::<HandOff>();
        assert_eq!(hand_off.to, acting_side(&saved));
        assert!(hand_off.reason.as_ref().is_some_and(|r| r.starts_with("Save loaded")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_load_page_lists_the_saves_and_greys_out_a_broken_one() {
        let dir = std::env::temp_dir().join(format!("fivefoot-menu-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let battle = crate::gui::testkit::tutorial();
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

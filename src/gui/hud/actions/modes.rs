//! The keys of the action bar: a digit or letter picks an action (selects its map mode,
//! opens its picker or sends its intent); Tab cycles the weapon; T and V the toggles; Esc goes
//! back to move mode (the mode, toggles and weapon are `state::mode`'s). Once a command is
//! accepted (its action spent), an aimed mode drops back to move, so its previews clear
//! (issue #18 item 5).

use crate::gui::hud::arms::{next_option, option_line, weapon_options};
use crate::gui::intake::apply::apply_intents;
use crate::gui::state::action::Action;
use crate::gui::state::intent::ActIntent;
use crate::gui::state::intent::Intent;
use crate::gui::state::mode::{Mode, Toggles, WeaponChoice};
use crate::gui::state::panel::{Panel, PanelKind, Picker};
use crate::gui::state::screen::{ActionKeys, AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::views::bar::{ActionBar, derive_action_bar};
use crate::rules::Combat;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keys_to_actions.in_set(ActionKeys).in_set(AppSystems::Input),
            back_to_move_once_spent.after(apply_intents).in_set(AppSystems::Apply),
            // After the bar: a new turn's reset to move mode clears the last mode's message.
            clear_status_back_in_move_mode
                .after(derive_action_bar)
                .in_set(AppSystems::Derive),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// What picking an action does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// Its map mode is selected.
    Mode,
    /// Its intent is sent.
    Intent(Intent),
    /// Its picker opens (the maneuver, the readied action).
    Picker(PanelKind),
}

/// What picking `action` does: select its map mode, open its picker, or send its intent. A
/// greyed-out action sends nothing and says the rules' reason; a greyed-out mode is still
/// selected, to preview (each aim then shows its own reason), with the reason said.
pub fn pick(action: Action, bar: &ActionBar, mode: &mut Mode) -> Result<Picked, String> {
    let allowed = bar
        .allowed(action)
        .map_err(|why| format!("{} not possible: {why}", action.label()));
    if let Some(m) = action.mode() {
        *mode = m;
        return allowed
            .map(|()| Picked::Mode)
            .map_err(|why| format!("{why} (preview only)"));
    }
    allowed?;
    Ok(match action.picker() {
        Some(kind) => Picked::Picker(kind),
        None => Picked::Intent(Intent::Act(ActIntent::Do(action))),
    })
}

/// Picks an action for the player (a key or a button) and reports a refusal on the status line.
pub fn pick_and_report(
    action: Action,
    bar: &ActionBar,
    mode: &mut Mode,
    intents: &mut MessageWriter<Intent>,
    status: &mut StatusLine,
    picker: &mut Picker,
) {
    match pick(action, bar, mode) {
        Ok(Picked::Intent(intent)) => {
            intents.write(intent);
        }
        Ok(Picked::Mode) => status.0.clear(),
        Ok(Picked::Picker(kind)) => {
            status.0.clear();
            picker.0 = Some(kind);
        }
        Err(why) => status.0 = why,
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn keys_to_actions(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    bar: Res<ActionBar>,
    panel: Res<Panel>,
    mut mode: ResMut<Mode>,
    mut toggles: ResMut<Toggles>,
    mut choice: ResMut<WeaponChoice>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
    mut picker: ResMut<Picker>,
) {
    // An open panel (a picker, the menu, a reaction prompt) has the keys.
    if panel.is_open() {
        return;
    }
    for action in Action::ALL {
        // E / Enter end the turn in `input`.
        if action != Action::EndTurn && keys.just_pressed(action.key()) && no_modifier(&keys) {
            pick_and_report(action, &bar, &mut mode, &mut intents, &mut status, &mut picker);
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        *mode = Mode::Move;
    }
    if keys.just_pressed(KeyCode::KeyT) {
        toggles.threat = !toggles.threat;
    }
    if keys.just_pressed(KeyCode::KeyV) {
        toggles.avoid_aoo = !toggles.avoid_aoo;
    }
    if keys.just_pressed(KeyCode::Tab) {
        let world = session.battle.world();
        let active = world.resource::<Combat>().active.clone();
        let mut options = active.as_ref().map(|u| weapon_options(world, u)).unwrap_or_default();
        // Mounted weapons fire in a single attack only (VEH-20): other modes cycle the unit's own.
        if !matches!(*mode, Mode::Attack | Mode::FullAttack) {
            options.retain(|o| o.mount.is_none());
        }
        let (weapon, mount) = (choice.for_unit(active.as_ref()), choice.mount_for(active.as_ref()));
        let next = next_option(&options, weapon.as_deref().map(|w| (w, mount.as_ref())));
        status.0 = option_line(next);
        *choice = WeaponChoice {
            unit: active,
            weapon: next.map(|o| o.name.clone()),
            mount: next.and_then(|o| o.mount.clone()),
        };
    }
}

/// No Ctrl held (Ctrl+S, Ctrl+O, Ctrl+Z are the saves' keys).
fn no_modifier(keys: &ButtonInput<KeyCode>) -> bool {
    !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
}

/// Issue #18 item 5: once the battle accepted a command (the attack, area, maneuver or
/// vehicle order was made, its action spent), an aimed mode drops back to move mode, so the
/// attack lines, the race arc, the template and "click to attack" clear with it (the views
/// derive from the mode) and the next click moves. Refusals and undo leave the mode alone.
fn back_to_move_once_spent(session: Res<Session>, mut seen: Local<Option<usize>>, mut mode: ResMut<Mode>) {
    let commands = session.battle.commands().len();
    if seen.is_some_and(|before| commands > before) && *mode != Mode::Move {
        *mode = Mode::Move;
    }
    *seen = Some(commands);
}

/// Back in move mode from another mode (Esc, a new turn), the other mode's last message
/// leaves the status line, so the move preview shows (issue #6).
fn clear_status_back_in_move_mode(mode: Res<Mode>, mut last: Local<Mode>, mut status: ResMut<StatusLine>) {
    if *mode != *last {
        if *mode == Mode::Move && !status.0.is_empty() {
            status.0.clear();
        }
        *last = *mode;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::gui::testkit::{battle_app, me, my_turn, tap_key};
    use crate::gui::views::bar::availability;
    use crate::rules::GameCommand;
    use crate::rules::UnitId;
    use crate::rules::cmd;
    use crate::ruleset::ManeuverKind;

    #[test]
    fn picking_selects_a_mode_or_sends_an_intent_and_refuses_greyed_actions() {
        let b = my_turn();
        let bar = ActionBar {
            key: None,
            entries: availability(b.world(), Some(&me()), None, None),
        };
        let mut mode = Mode::Move;
        assert_eq!(pick(Action::Attack, &bar, &mut mode), Ok(Picked::Mode));
        assert_eq!(mode, Mode::Attack);
        assert_eq!(
            pick(Action::TotalDefense, &bar, &mut mode),
            Ok(Picked::Intent(Intent::Act(ActIntent::Do(Action::TotalDefense))))
        );
        let why = pick(Action::StandUp, &bar, &mut mode).expect_err("greyed");
        assert!(why.starts_with("Stand up not possible: "), "{why}");
        assert_eq!(mode, Mode::Attack, "a refusal changes nothing");
        // A greyed-out mode still previews, with the reason said.
        let why = pick(Action::Area, &bar, &mut mode).expect_err("no area weapon");
        assert_eq!(why, "Area not possible: no area weapon (preview only)");
        assert_eq!(mode, Mode::Area);
    }

    /// The whole path headless: digit 2 selects attack mode (once the bar allows it), an
    /// attack intent is applied through `Battle::submit`, and the bar greys out what the spent
    /// standard action no longer allows.
    #[test]
    fn keys_pick_the_mode_and_attack_intents_reach_the_battle() {
        let mut app = bar_app();
        assert_eq!(app.world().resource::<ActionBar>().allowed(Action::Attack), Ok(()));
        tap_key(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        // The maneuver key opens its picker, whose options carry the rules' verdicts.
        tap_key(&mut app, KeyCode::Digit5);
        let panel = app.world().resource::<Panel>().0.clone().expect("the maneuver picker");
        assert_eq!(panel.kind, PanelKind::Maneuver);
        assert!(panel.options.iter().any(|o| o.allowed.is_ok()), "{panel:?}");
        // Trip (its key 2) selects the maneuver mode and closes the picker.
        tap_key(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Maneuver(ManeuverKind::Trip));
        assert!(!app.world().resource::<Panel>().is_open());
        tap_key(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(3, 2),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        let commands = app.world().resource::<Session>().battle.commands().to_vec();
        assert!(
            matches!(commands.last(), Some(GameCommand::Attack(cmd::Attack { .. }))),
            "the attack was accepted: {commands:?}"
        );
        let bar = app.world().resource::<ActionBar>();
        assert!(bar.allowed(Action::Attack).is_err());
        assert_eq!(bar.allowed(Action::EndTurn), Ok(()));
    }

    /// Issue #6: a refusal said in attack mode leaves the status line when Esc goes back to
    /// move mode, so the move preview shows again.
    #[test]
    fn back_in_move_mode_the_attack_modes_message_leaves_the_status_line() {
        let mut app = bar_app();
        let tap = crate::gui::testkit::tap_key;
        tap(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(8, 6),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        let said = app.world().resource::<StatusLine>().0.clone();
        assert!(said.contains("nobody on"), "{said}");
        tap(&mut app, KeyCode::Escape);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Move);
        assert_eq!(app.world().resource::<StatusLine>().0, "");
    }

    /// A headless app on `my_turn` with the action bar (its verdicts, keys and pickers) and
    /// the choice panel, one frame in.
    fn bar_app() -> App {
        let mut app = battle_app(my_turn());
        app.add_plugins((
            crate::gui::views::bar::plugin,
            super::super::plugin,
            crate::gui::hud::panel::plugin,
        ));
        app.update();
        app
    }

    /// The action bar's app with the attack preview (`views::attack`).
    fn attack_preview_app() -> App {
        let mut app = bar_app();
        app.add_plugins(crate::gui::views::attack::plugin);
        app
    }

    /// Issue #18 item 5: an attack accepted in attack mode drops back to move mode, and the
    /// attack preview (the panel's hover, its lines, "click to attack") clears with it; a
    /// refused one keeps the mode and its preview.
    #[test]
    fn once_the_attack_is_made_the_mode_drops_to_move_and_the_preview_clears() {
        use crate::gui::state::hover::Hover;
        use crate::gui::views::attack::AttackView;
        let mut app = attack_preview_app();
        let tap = crate::gui::testkit::tap_key;
        tap(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(3, 2));
        app.update();
        let shown = app
            .world()
            .resource::<AttackView>()
            .hover
            .clone()
            .expect("the foe previewed");
        assert!(shown.preview.is_ok(), "{:?}", shown.preview);
        let line = crate::gui::hud::status::attack_line(app.world().resource::<Session>().battle.world(), Some(&shown));
        assert!(line.contains("click to attack"), "{line}");
        // A refused attack (nobody there) keeps the mode.
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(8, 6),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        assert!(app.world().resource::<AttackView>().hover.is_some());
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(3, 2),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        let commands = app.world().resource::<Session>().battle.commands().to_vec();
        assert!(matches!(commands.last(), Some(GameCommand::Attack(_))), "{commands:?}");
        assert_eq!(*app.world().resource::<Mode>(), Mode::Move, "the action is spent");
        assert!(
            app.world().resource::<AttackView>().hover.is_none(),
            "the preview cleared"
        );
        assert_eq!(app.world().resource::<StatusLine>().0, "");
    }

    #[test]
    fn the_weapon_choice_is_the_active_units_only() {
        let choice = WeaponChoice {
            unit: Some(me()),
            weapon: Some("Knife".into()),
            mount: None,
        };
        assert_eq!(choice.for_unit(Some(&me())), Some("Knife".into()));
        assert_eq!(choice.for_unit(Some(&UnitId("foe".into()))), None);
    }
}

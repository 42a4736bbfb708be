//! Mouse and keyboard to intents: the cursor gives the hovered square, a left click on the map
//! asks to move there (on a foe, to attack it), or, in an attack, charge or maneuver mode, to
//! aim at whoever stands there; `E` / Enter asks to end the turn; an open panel keeps the keys
//! and clicks; Ctrl+Z, Ctrl+S and Ctrl+O ask to undo, save and open the menu. Never looks at
//! the rules: the intake turns intents into commands.

use crate::gui::look::camera::MainCamera;
use crate::gui::look::tiles::{BoardSize, hovered_corner, hovered_square};
use crate::gui::state::hover::{Hover, HoverCorner};
use crate::gui::state::intent::ActIntent;
use crate::gui::state::intent::Intent;
use crate::gui::state::mode::{AreaAim, Mode, SpellChoice, TargetPick, Toggles, WeaponChoice};
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Revision;
use crate::gui::views::attack::{AttackView, click_mode};
use crate::rules::UnitId;
use crate::rules::options::MapPoint;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_hover, (click_to_intent, keys_to_intent, save_keys_to_intent))
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What a left click asks for in `mode`: to move to the hovered square (on the path with the
/// fewest provocations when `avoid_aoo`), or to attack whoever stands on it with `weapon`
/// (mounted on `mount`, VEH-20; `pick`: which of the units sharing the square, `arms`).
pub fn click_intent(
    hover: Hover,
    mode: Mode,
    avoid_aoo: bool,
    weapon: Option<String>,
    mount: Option<UnitId>,
    pick: usize,
) -> Option<Intent> {
    let at = hover.0?;
    Some(match mode {
        // Area mode aims at corners: `corner_click_intent`.
        Mode::Area => return None,
        // Vehicle modes aim in `piloting`.
        Mode::Vehicle(_) => return None,
        // A kind from "More actions" aims at square and corner: `option_click_intent`.
        Mode::Option(_) => return None,
        Mode::Move if avoid_aoo => Intent::Act(ActIntent::MoveAvoiding(at)),
        Mode::Move => Intent::MoveTo(at),
        Mode::Attack | Mode::FullAttack => Intent::Act(ActIntent::AttackAt {
            at,
            weapon,
            full: mode == Mode::FullAttack,
            mount,
            pick,
        }),
        Mode::Charge => Intent::Act(ActIntent::ChargeAt { at, weapon, pick }),
        Mode::Maneuver(kind) => Intent::Act(ActIntent::ManeuverAt { at, kind, weapon, pick }),
    })
}

/// What the keys pressed this frame ask for.
pub fn key_intent(keys: &ButtonInput<KeyCode>) -> Option<Intent> {
    keys.any_just_pressed([KeyCode::KeyE, KeyCode::Enter, KeyCode::NumpadEnter])
        .then_some(Intent::EndTurn)
}

fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    board: Option<Res<BoardSize>>,
    ui: Query<&Interaction>,
    mut hover: ResMut<Hover>,
    mut corner: ResMut<HoverCorner>,
) {
    let Some(board) = board else { return };
    let (camera, transform) = *camera;
    let world = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(transform, p).ok());
    let over_ui = ui.iter().any(|i| *i != Interaction::None);
    let now = Hover(hovered_square(world, *board, over_ui));
    hover.set_if_neq(now);
    corner.set_if_neq(HoverCorner(hovered_corner(world, *board, over_ui)));
}

/// What a left click asks for in area mode: the template at the hovered corner.
pub fn corner_click_intent(
    corner: HoverCorner,
    mode: Mode,
    weapon: Option<String>,
    dir: crate::grid::Direction8,
) -> Option<Intent> {
    let at = corner.0.filter(|_| mode == Mode::Area)?;
    Some(Intent::Act(ActIntent::AreaAt { at, weapon, dir }))
}

/// What a left click asks for while a kind from "More actions" is aimed (issue #25): that
/// kind at the hovered square, its nearest corner and the template's direction, with the
/// weapon and spell chosen; `pick` switches between the commands the point allows (X).
pub fn option_click_intent(
    hover: Hover,
    corner: HoverCorner,
    mode: Mode,
    weapon: Option<String>,
    spell: Option<String>,
    dir: crate::grid::Direction8,
    pick: usize,
) -> Option<Intent> {
    let Mode::Option(kind) = mode else { return None };
    let point = MapPoint {
        square: hover.0?,
        corner: corner.0?,
        dir,
    };
    Some(Intent::Act(ActIntent::OptionAt {
        kind,
        point,
        weapon,
        spell,
        pick,
    }))
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn click_to_intent(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    corner: Res<HoverCorner>,
    aim: Res<AreaAim>,
    mode: Res<Mode>,
    toggles: Res<Toggles>,
    choice: Res<WeaponChoice>,
    spell: Res<SpellChoice>,
    panel: Res<Panel>,
    target: (Res<TargetPick>, Res<Revision>),
    attack: Res<AttackView>,
    mut intents: MessageWriter<Intent>,
) {
    // An open panel (a picker, the menu, a reaction prompt) takes the clicks.
    if !buttons.just_pressed(MouseButton::Left) || panel.is_open() {
        return;
    }
    let pick = hover.0.map_or(0, |at| target.0.on(at, *target.1));
    // A foe hovered in move mode is attacked, not walked onto (issue #18).
    let clicked = click_mode(*mode, hover.0, &attack);
    let intent = click_intent(
        *hover,
        clicked,
        toggles.avoid_aoo,
        choice.weapon.clone(),
        choice.mount.clone(),
        pick,
    )
    .or_else(|| corner_click_intent(*corner, *mode, choice.weapon.clone(), aim.0))
    .or_else(|| {
        option_click_intent(
            *hover,
            *corner,
            *mode,
            choice.weapon.clone(),
            spell.spell.clone(),
            aim.0,
            pick,
        )
    });
    if let Some(intent) = intent {
        intents.write(intent);
    }
}

fn keys_to_intent(keys: Res<ButtonInput<KeyCode>>, panel: Option<Res<Panel>>, mut intents: MessageWriter<Intent>) {
    if panel.is_some_and(|p| p.is_open()) {
        return;
    }
    if let Some(intent) = key_intent(&keys) {
        intents.write(intent);
    }
}

/// Ctrl+Z undoes, Ctrl+S saves, Ctrl+O opens the menu (the autosave keeps the battle).
fn save_keys_to_intent(keys: Res<ButtonInput<KeyCode>>, mut intents: MessageWriter<Intent>) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        intents.write(Intent::Undo);
    }
    if keys.just_pressed(KeyCode::KeyS) {
        intents.write(Intent::Save);
    }
    if keys.just_pressed(KeyCode::KeyO) {
        intents.write(Intent::Menu);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Intersection, Square};
    use crate::gui::look::tiles::square_centre;

    const BOARD: BoardSize = BoardSize { width: 14, height: 8 };

    #[test]
    fn the_cursor_hovers_the_square_under_it_on_the_map_only() {
        let at = |sq: Square| Some(square_centre(sq) + Vec2::new(10.0, -10.0));
        assert_eq!(
            hovered_square(at(Square::new(3, 2)), BOARD, false),
            Some(Square::new(3, 2))
        );
        assert_eq!(hovered_square(at(Square::new(3, 2)), BOARD, true), None, "over the HUD");
        assert_eq!(
            hovered_square(at(Square::new(14, 2)), BOARD, false),
            None,
            "off the map"
        );
        assert_eq!(hovered_square(None, BOARD, false), None, "outside the window");
    }

    #[test]
    fn a_click_asks_to_move_to_the_hovered_square() {
        let at = Hover(Some(Square::new(5, 2)));
        assert_eq!(
            click_intent(at, Mode::Move, false, None, None, 0),
            Some(Intent::MoveTo(Square::new(5, 2)))
        );
        assert_eq!(
            click_intent(at, Mode::Move, true, None, None, 0),
            Some(Intent::Act(ActIntent::MoveAvoiding(Square::new(5, 2)))),
            "the avoid-AoO toggle"
        );
        assert_eq!(click_intent(Hover(None), Mode::Move, false, None, None, 0), None);
    }

    #[test]
    fn in_area_mode_a_click_places_the_template_at_the_nearest_corner() {
        let corner = |sq: Square| Some(square_centre(sq) + Vec2::new(-20.0, 20.0));
        let at = hovered_corner(corner(Square::new(3, 2)), BOARD, false);
        assert_eq!(at, Some(Intersection::new(3, 2)), "the square's top-left corner");
        assert_eq!(
            hovered_corner(corner(Square::new(14, 8)), BOARD, false),
            Some(Intersection::new(14, 8))
        );
        assert_eq!(hovered_corner(corner(Square::new(16, 2)), BOARD, false), None);
        let dir = crate::grid::Direction8::E;
        assert_eq!(
            corner_click_intent(HoverCorner(at), Mode::Area, None, dir),
            Some(Intent::Act(ActIntent::AreaAt {
                at: Intersection::new(3, 2),
                weapon: None,
                dir
            }))
        );
        assert_eq!(corner_click_intent(HoverCorner(at), Mode::Move, None, dir), None);
        assert_eq!(
            click_intent(Hover(Some(Square::new(3, 2))), Mode::Area, false, None, None, 0),
            None
        );
    }

    #[test]
    fn in_an_attack_mode_a_click_attacks_the_hovered_square_with_the_chosen_weapon() {
        let at = Hover(Some(Square::new(5, 2)));
        assert_eq!(
            click_intent(at, Mode::Attack, false, Some("Knife".into()), None, 0),
            Some(Intent::Act(ActIntent::AttackAt {
                at: Square::new(5, 2),
                weapon: Some("Knife".into()),
                full: false,
                mount: None,
                pick: 0,
            }))
        );
        assert_eq!(
            click_intent(at, Mode::FullAttack, true, None, None, 0),
            Some(Intent::Act(ActIntent::AttackAt {
                at: Square::new(5, 2),
                weapon: None,
                full: true,
                mount: None,
                pick: 0,
            }))
        );
    }

    #[test]
    fn e_or_enter_asks_to_end_the_turn() {
        let mut keys = ButtonInput::<KeyCode>::default();
        assert_eq!(key_intent(&keys), None);
        keys.press(KeyCode::KeyE);
        assert_eq!(key_intent(&keys), Some(Intent::EndTurn));
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::Enter);
        assert_eq!(key_intent(&keys), Some(Intent::EndTurn));
    }

    /// The input path headless: a pressed key in `ButtonInput` becomes an `Intent` message.
    #[test]
    fn pressed_keys_reach_the_intent_messages() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.insert_state(Screen::Battle);
        app.add_message::<Intent>();
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_systems(Update, keys_to_intent);
        crate::gui::testkit::tap_key(&mut app, KeyCode::KeyE);
        let intents: Vec<Intent> = app.world_mut().resource_mut::<Messages<Intent>>().drain().collect();
        assert_eq!(intents, vec![Intent::EndTurn]);
    }
}

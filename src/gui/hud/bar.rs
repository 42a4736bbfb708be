//! The top bar: whose turn it is and the round, and the action bar: one button per action
//! (`state::action::Action`) with its key, greyed out with the rules' reason when not allowed, the
//! selected mode highlighted, the situational ones shown only while they apply; a hovered
//! button's hint goes to the status line (`status`), a pressed one picks the action.

use crate::gui::hud::actions::modes::pick_and_report;
use crate::gui::look::camera::{HUD_TOP, HudEdge};
use crate::gui::look::palette::PANEL;
use crate::gui::state::action::Action;
use crate::gui::state::intent::Intent;
use crate::gui::state::mode::Mode;
use crate::gui::state::panel::Picker;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session, StatusLine};
use crate::gui::views::bar::ActionBar;
use crate::history::{Battle, Sides};
use crate::rules::{Combat, Profile, SideId, UnitIndex};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<HoveredAction>();
    app.add_systems(OnEnter(Screen::Battle), spawn_top_bar);
    app.add_systems(
        Update,
        press_action_buttons
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        (show_turn.run_if(resource_changed::<Revision>), paint_action_bar)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

#[derive(Component)]
struct TurnText;

/// A button of the action bar.
#[derive(Component)]
pub struct ActionButton(pub Action);

/// The action under the cursor on the bar, for the status line.
#[derive(Resource, Debug, Default, PartialEq, Eq)]
pub struct HoveredAction(pub Option<Action>);

fn spawn_top_bar(mut commands: Commands) {
    commands.spawn((
        Name::new("Top bar"),
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        // Grows when the turn line or the action bar wraps (a narrow window, the situational
        // buttons); the camera keeps the map below it (`HudEdge`).
        HudEdge::Top,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(0.0),
            left: Val::Px(0.0),
            right: Val::Px(0.0),
            min_height: Val::Px(HUD_TOP),
            padding: UiRect::axes(Val::Px(14.0), Val::Px(4.0)),
            column_gap: Val::Px(12.0),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        },
        BackgroundColor(PANEL),
        children![
            (
                Name::new("Turn"),
                TurnText,
                // Wraps within its share rather than clipping: "Surprise round | Navasi
                // Rekkal's turn (Relay Crew)" at 1024 px takes two lines.
                Node {
                    max_width: Val::Percent(30.0),
                    flex_shrink: 1.0,
                    ..default()
                },
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::WHITE),
            ),
            (
                Name::new("Action bar"),
                // Wraps to a second row rather than running off a 1280-px window when the
                // situational buttons (act now, fire readied, vehicle orders) are showing.
                Node {
                    column_gap: Val::Px(3.0),
                    row_gap: Val::Px(3.0),
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::FlexEnd,
                    max_width: Val::Percent(68.0),
                    ..default()
                },
                Children::spawn(SpawnIter(Action::ALL.into_iter().map(action_button))),
            ),
        ],
    ));
}

fn action_button(action: Action) -> impl Bundle {
    let label = format!("{} {}", action.key_label(), action.short_label());
    (
        Name::new(format!("{} button", action.label())),
        ActionButton(action),
        Button,
        Node {
            padding: UiRect::axes(Val::Px(5.0), Val::Px(4.0)),
            border: UiRect::all(Val::Px(1.0)),
            flex_shrink: 0.0,
            ..default()
        },
        BorderColor::all(Color::srgb(0.55, 0.6, 0.7)),
        BackgroundColor(BUTTON),
        children![(
            Text::new(label),
            TextFont::from_font_size(12.0),
            TextColor(Color::WHITE),
        )],
    )
}

const BUTTON: Color = Color::srgb(0.18, 0.22, 0.3);
const BUTTON_SELECTED: Color = Color::srgb(0.2, 0.45, 0.75);
const BUTTON_GREY: Color = Color::srgb(0.13, 0.13, 0.14);

/// "Round 2 | Navasi's turn (Relay Crew)", or the round alone between turns.
pub fn turn_line(battle: &Battle) -> String {
    let world = battle.world();
    let combat = world.resource::<Combat>();
    let round = if combat.surprise_round {
        "Surprise round".to_string()
    } else {
        format!("Round {}", combat.round)
    };
    let Some(unit) = &combat.active else {
        return round;
    };
    let entity = world.resource::<UnitIndex>().0.get(unit).copied();
    let name = entity
        .and_then(|e| world.get::<Profile>(e))
        .map_or_else(|| unit.to_string(), |p| p.name.clone());
    let side = entity
        .and_then(|e| world.get::<SideId>(e))
        .and_then(|s| world.resource::<Sides>().0.iter().find(|d| d.id.0 == s.0))
        .map(|s| format!(" ({})", s.name))
        .unwrap_or_default();
    format!("{round} | {name}'s turn{side}")
}

fn show_turn(session: Res<Session>, mut text: Single<&mut Text, With<TurnText>>) {
    text.0 = turn_line(&session.battle);
}

/// What the status line says about a hovered action of the bar.
pub fn action_hint(action: Action, bar: &ActionBar) -> String {
    match bar.allowed(action) {
        Ok(()) => match action.mode() {
            Some(_) => format!(
                "{} ({}): pick it, then click on the map",
                action.label(),
                action.key_label()
            ),
            None => format!("{} ({})", action.label(), action.key_label()),
        },
        Err(why) => format!("{} not possible: {why}", action.label()),
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn press_action_buttons(
    buttons: Query<(&Interaction, &ActionButton)>,
    changed: Query<(), (Changed<Interaction>, With<ActionButton>)>,
    bar: Res<ActionBar>,
    mut mode: ResMut<Mode>,
    mut hovered: ResMut<HoveredAction>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
    mut picker: ResMut<Picker>,
) {
    if changed.is_empty() {
        return;
    }
    let over = buttons.iter().find(|(i, _)| **i != Interaction::None).map(|(_, b)| b.0);
    hovered.set_if_neq(HoveredAction(over));
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            pick_and_report(button.0, &bar, &mut mode, &mut intents, &mut status, &mut picker);
        }
    }
}

/// Colours the bar: the selected mode highlighted, greyed-out actions dimmed.
fn paint_action_bar(
    bar: Res<ActionBar>,
    mode: Res<Mode>,
    mut buttons: Query<(&ActionButton, &mut BackgroundColor, &mut Node, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    if !bar.is_changed() && !mode.is_changed() {
        return;
    }
    for (button, mut background, mut node, children) in &mut buttons {
        let allowed = bar.allowed(button.0).is_ok();
        // Act now, fire readied, recover: only while they apply.
        node.display = match button.0.situational() && !allowed {
            true => Display::None,
            false => Display::Flex,
        };
        background.0 = match (allowed, button.0.mode() == Some(*mode)) {
            (_, true) => BUTTON_SELECTED,
            (true, false) => BUTTON,
            (false, false) => BUTTON_GREY,
        };
        for child in children.iter() {
            if let Ok(mut colour) = texts.get_mut(child) {
                colour.0 = if allowed {
                    Color::WHITE
                } else {
                    Color::srgb(0.45, 0.45, 0.48)
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::mode::Toggles;

    #[test]
    fn the_turn_line_names_the_round_unit_and_side() {
        let battle = crate::gui::testkit::tutorial();
        let line = turn_line(&battle);
        assert!(line.starts_with("Round 1 | "), "{line}");
        assert!(
            line.ends_with("'s turn (Relay Crew)") || line.ends_with("'s turn (Scavengers)"),
            "{line}"
        );
    }

    #[test]
    fn a_hovered_action_says_how_to_use_it_or_the_rules_reason() {
        let bar = ActionBar {
            key: None,
            entries: vec![
                (Action::Attack, Ok(())),
                (Action::StandUp, Err("navasi is not prone".into())),
            ],
        };
        assert_eq!(
            action_hint(Action::Attack, &bar),
            "Attack (2): pick it, then click on the map"
        );
        assert_eq!(
            action_hint(Action::StandUp, &bar),
            "Stand up not possible: navasi is not prone"
        );
        assert!(
            crate::gui::hud::status::mode_line(
                Mode::Attack,
                Some("Knife"),
                Toggles {
                    threat: true,
                    avoid_aoo: false
                }
            )
            .contains("weapon: Knife (Tab) | threatened squares: on (T) | avoid AoO: off (V)")
        );
    }
}

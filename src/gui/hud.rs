//! The HUD: whose turn it is and the round along the top with an "End turn" button, and at the
//! bottom the status line (the hovered path or why a command was refused) over the last lines of
//! the narrated battle log (`rules::narrate`).

use super::camera::{HUD_BOTTOM, HUD_TOP};
use super::overlay::PathOverlay;
use super::session::{Intent, Revision, Session, StatusLine};
use super::{AppSystems, Screen};
use crate::history::{Battle, Sides};
use crate::rules::{Combat, Profile, SideId, UnitIndex, narrate};
use crate::ruleset::Ruleset;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_hud);
    app.add_systems(
        Update,
        press_end_turn
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        (
            show_turn.run_if(resource_changed::<Revision>),
            show_log.run_if(resource_changed::<Revision>),
            show_status,
        )
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Lines of the log the HUD shows.
pub const LOG_LINES: usize = 6;

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct LogText;

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct EndTurnButton;

const PANEL: Color = Color::srgba(0.06, 0.07, 0.09, 0.88);

fn spawn_hud(mut commands: Commands) {
    commands.spawn((
        Name::new("Top bar"),
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(0.0),
            left: Val::Px(0.0),
            right: Val::Px(0.0),
            height: Val::Px(HUD_TOP),
            padding: UiRect::horizontal(Val::Px(14.0)),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        },
        BackgroundColor(PANEL),
        children![
            (
                Name::new("Turn"),
                TurnText,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::WHITE),
            ),
            (
                Name::new("End turn button"),
                EndTurnButton,
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(14.0), Val::Px(6.0)),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.55, 0.6, 0.7)),
                BackgroundColor(Color::srgb(0.18, 0.22, 0.3)),
                children![(
                    Text::new("End turn (E)"),
                    TextFont::from_font_size(16.0),
                    TextColor(Color::WHITE),
                )],
            ),
        ],
    ));
    commands.spawn((
        Name::new("Bottom panel"),
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(0.0),
            left: Val::Px(0.0),
            right: Val::Px(0.0),
            height: Val::Px(HUD_BOTTOM),
            padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            ..default()
        },
        BackgroundColor(PANEL),
        children![
            (
                Name::new("Status"),
                StatusText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(1.0, 0.85, 0.45)),
            ),
            (
                Name::new("Log"),
                LogText,
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.85, 0.87, 0.9)),
            ),
        ],
    ));
}

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

/// The last `n` lines of the narrated battle log, oldest first.
pub fn log_lines(battle: &Battle, n: usize) -> Vec<String> {
    let rules = battle.world().resource::<Ruleset>();
    let lines: Vec<String> = battle
        .log()
        .entries
        .iter()
        .flat_map(|e| &e.events)
        .map(|e| narrate(e, rules))
        .collect();
    lines[lines.len().saturating_sub(n)..].to_vec()
}

fn show_turn(session: NonSend<Session>, mut text: Single<&mut Text, With<TurnText>>) {
    text.0 = turn_line(&session.battle);
}

fn show_log(session: NonSend<Session>, mut text: Single<&mut Text, With<LogText>>) {
    text.0 = log_lines(&session.battle, LOG_LINES).join("\n");
}

/// The refusal if there is one, else what the hovered path costs or why it cannot be taken.
fn show_status(status: Res<StatusLine>, path: Res<PathOverlay>, mut text: Single<&mut Text, With<StatusText>>) {
    if !status.is_changed() && !path.is_changed() {
        return;
    }
    let line = if !status.0.is_empty() {
        status.0.clone()
    } else {
        match &path.preview {
            Some(Ok(p)) => {
                let aoo = match p.provokes.len() {
                    0 => String::new(),
                    n => format!(
                        " | provokes {n} attack{} of opportunity ({})",
                        if n == 1 { "" } else { "s" },
                        p.provokes
                            .iter()
                            .map(|(_, r)| r.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                format!(
                    "{}: {} ft over {} squares{aoo} | click to move",
                    p.band.label(),
                    p.cost_ft,
                    p.squares.len()
                )
            }
            Some(Err(why)) => format!("Cannot move there: {why}"),
            None => "Hover a square to plan a move | right-drag or WASD pans | wheel zooms | C centres".into(),
        }
    };
    text.0 = line;
}

fn press_end_turn(
    buttons: Query<&Interaction, (Changed<Interaction>, With<EndTurnButton>)>,
    mut intents: MessageWriter<Intent>,
) {
    if buttons.iter().any(|i| *i == Interaction::Pressed) {
        intents.write(Intent::EndTurn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameCommand;

    #[test]
    fn the_turn_line_names_the_round_unit_and_side() {
        let battle = crate::gui::session::tests::tutorial();
        let line = turn_line(&battle);
        assert!(line.starts_with("Round 1 | "), "{line}");
        assert!(
            line.ends_with("'s turn (Relay Crew)") || line.ends_with("'s turn (Scavengers)"),
            "{line}"
        );
    }

    #[test]
    fn the_log_shows_the_last_narrated_events() {
        let mut battle = crate::gui::session::tests::tutorial();
        let all = log_lines(&battle, usize::MAX);
        assert!(!all.is_empty(), "initiative is narrated");
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        battle.submit(GameCommand::EndTurn { unit }).expect("ends");
        let last = log_lines(&battle, 2);
        assert_eq!(last.len(), 2);
        assert_eq!(log_lines(&battle, usize::MAX).last(), last.last());
    }
}

//! The end screen: who won, each objective and whether it was met, the sides eliminated.
//! Reached from `screens::route_battle` when `Battle::outcome` says the battle is over; the
//! finished battle's autosave is removed so "Resume" is not offered for it.

use super::saves::{DataDir, autosave_path};
use super::session::Session;
use super::{AppSystems, Screen};
use crate::history::{Outcome, Sides};
use crate::scenario::Side;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), (spawn_results_screen, remove_autosave));
    app.add_systems(
        Update,
        leave_results
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Results)),
    );
}

/// The lines of the end screen: the headline, then one line per objective and elimination.
pub fn result_lines(outcome: &Outcome, sides: &[Side]) -> (String, Vec<String>) {
    let name = |id: &crate::rules::SideId| {
        sides
            .iter()
            .find(|s| &s.id == id)
            .map_or_else(|| id.0.clone(), |s| s.name.clone())
    };
    let headline = match &outcome.winner {
        Some(side) => format!("{} win", name(side)),
        None if !outcome.escaped.is_empty() => format!("{} got away", name(&outcome.escaped[0])),
        None => "No side is left standing: a draw".to_string(),
    };
    let mut lines: Vec<String> = outcome
        .objectives
        .iter()
        .map(|o| format!("[{}] {}", if o.met { "met" } else { "not met" }, o.text))
        .collect();
    lines.extend(outcome.eliminated.iter().map(|s| format!("{} eliminated", name(s))));
    lines.extend(
        outcome
            .escaped
            .iter()
            .map(|s| format!("{} escaped aboard a vehicle", name(s))),
    );
    (headline, lines)
}

fn spawn_results_screen(mut commands: Commands, session: NonSend<Session>) {
    let battle = &session.battle;
    let sides = &battle.world().resource::<Sides>().0;
    let outcome = battle.outcome();
    let (headline, lines) = result_lines(&outcome, sides);
    let colour = outcome
        .winner
        .as_ref()
        .and_then(|w| sides.iter().find(|s| &s.id == w))
        .map_or(Color::WHITE, |s| Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]));
    commands.spawn((
        Name::new("End screen"),
        DespawnOnExit(Screen::Results),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: Val::Px(16.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.06, 0.06, 0.08)),
        children![
            (
                Name::new("Headline"),
                Text::new(headline),
                TextFont::from_font_size(44.0),
                TextColor(colour),
            ),
            (
                Name::new("Objectives"),
                Text::new(lines.join("\n")),
                TextFont::from_font_size(18.0),
                TextColor(Color::WHITE),
            ),
            (
                Name::new("Hint"),
                Text::new("Enter: back to the title screen · Ctrl+Q: quit"),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75)),
            ),
        ],
    ));
}

fn remove_autosave(dir: Res<DataDir>) {
    if let Some(dir) = &dir.0 {
        let _ = std::fs::remove_file(autosave_path(dir));
    }
}

fn leave_results(keys: Res<ButtonInput<KeyCode>>, mut screen: ResMut<NextState<Screen>>) {
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Escape]) {
        screen.set(Screen::Title);
    }
}

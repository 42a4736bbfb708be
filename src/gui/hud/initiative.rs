//! The initiative tracker (issue #6 item 4): the round, the order with each unit's count, the
//! active unit, and the units delaying (SEQ-8) or readying (§3.5), read from the rules'
//! `Combat` as `query initiative` answers it. A panel at the top right, one line per entry
//! (a long one is cut with "…"; the unit card names the unit in full).

use crate::gui::look::camera::{HUD_RIGHT, HUD_TOP};
use crate::gui::look::markers::TrackerPanel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::rules::{Combat, Profile, UnitId, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_tracker);
    app.add_systems(
        Update,
        show_tracker
            .run_if(resource_changed::<Revision>)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The tracker's lines: the round, then one line per unit in initiative order (`>` marks the
/// active unit), then the delaying units.
pub fn tracker_lines(world: &World) -> Vec<String> {
    tracker_lines_hiding(world, |_| false)
}

/// [`tracker_lines`] with the units `hidden` says the side on screen cannot see named "?"
/// (hidden-information mode, `gui::visibility`).
pub fn tracker_lines_hiding(world: &World, hidden: impl Fn(&UnitId) -> bool) -> Vec<String> {
    tracker_rows_hiding(world, hidden)
        .into_iter()
        .map(|(line, _)| line)
        .collect()
}

/// [`tracker_lines_hiding`] with the unit each line names, for the lines a hover or click
/// opens a unit card on (`hud::card`); a hidden unit's line names none.
pub fn tracker_rows_hiding(world: &World, hidden: impl Fn(&UnitId) -> bool) -> Vec<(String, Option<UnitId>)> {
    let combat = world.resource::<Combat>();
    let rules = world.resource::<Ruleset>();
    let name = |u: &UnitId| match hidden(u) {
        true => "?".to_string(),
        false => unit_component::<Profile>(world, u).map_or_else(|| u.to_string(), |p| p.name.clone()),
    };
    let shown = |u: &UnitId| (!hidden(u)).then(|| u.clone());
    let mut lines = vec![(
        if combat.surprise_round {
            "Surprise round".to_string()
        } else {
            format!("Round {}", combat.round)
        },
        None,
    )];
    for entry in &combat.order {
        let mut line = format!(
            "{} {:>3}  {}",
            if combat.active.as_ref() == Some(&entry.unit) {
                ">"
            } else {
                " "
            },
            entry.count,
            name(&entry.unit)
        );
        if combat.is_delaying(&entry.unit) {
            line.push_str(" (delaying)");
        }
        if let Some(r) = combat.readied_by(&entry.unit).filter(|_| !hidden(&entry.unit)) {
            line.push_str(&format!(
                " (readied {}: {})",
                rules.actions.name_of(r.action),
                r.trigger
            ));
        }
        lines.push((line, shown(&entry.unit)));
    }
    for d in combat.delaying.iter().filter(|d| combat.entry(&d.unit).is_none()) {
        lines.push((
            format!("  {:>3}  {} (delaying)", d.count, name(&d.unit)),
            shown(&d.unit),
        ));
    }
    if combat.window.is_some() {
        lines.push(("A delaying unit may act now".into(), None));
    }
    lines
}

#[derive(Component)]
struct TrackerText;

/// The tracker's text size and inner margin, which decide how many characters a row holds.
const TRACKER_FONT: f32 = 14.0;
const TRACKER_PADDING: f32 = 8.0;

fn spawn_tracker(mut commands: Commands) {
    commands.spawn((
        Name::new("Initiative tracker"),
        TrackerPanel,
        DespawnOnExit(Screen::Battle),
        // Follows the top bar's height when it wraps (issue #18 item 3).
        crate::gui::look::camera::BelowTopBar,
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(0.0),
            top: Val::Px(HUD_TOP),
            width: Val::Px(HUD_RIGHT),
            padding: UiRect::all(Val::Px(TRACKER_PADDING)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.06, 0.07, 0.09, 0.88)),
        children![(
            Name::new("Initiative order"),
            TrackerText,
            Node {
                flex_direction: FlexDirection::Column,
                ..default()
            },
        )],
    ));
}

/// One text row per line; a row naming a unit takes the mouse, for its unit card.
fn show_tracker(
    mut commands: Commands,
    session: Res<Session>,
    sight: Option<Res<crate::gui::views::sight::Sight>>,
    rows: Single<Entity, With<TrackerText>>,
) {
    let hides = |u: &UnitId| sight.as_ref().is_some_and(|s| s.hides(u));
    let mut rows = commands.entity(*rows);
    rows.despawn_children();
    // One line per entry: a long name or trigger is cut (the unit card has it in full).
    let fits = crate::gui::look::font::mono_chars(HUD_RIGHT - 2.0 * TRACKER_PADDING, TRACKER_FONT);
    for (line, unit) in tracker_rows_hiding(session.battle.world(), hides) {
        let text = (
            Name::new("Initiative row"),
            Text::new(crate::gui::look::font::ellipsize(&line, fits)),
            TextLayout::no_wrap(),
            // Monospace: the initiative counts line up.
            crate::gui::look::font::mono_text(TRACKER_FONT),
            TextColor(Color::srgb(0.85, 0.9, 1.0)),
        );
        match unit {
            Some(unit) => rows.with_child((text, Interaction::default(), crate::gui::hud::card::TrackerEntry(unit))),
            None => rows.with_child(text),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameCommand;
    use crate::rules::cmd;

    #[test]
    fn the_tracker_shows_the_round_the_order_and_who_acts_and_who_delays() {
        let mut battle = crate::gui::testkit::tutorial();
        let lines = tracker_lines(battle.world());
        let combat = battle.world().resource::<Combat>().clone();
        assert_eq!(lines[0], "Round 1");
        assert_eq!(lines.len(), 1 + combat.order.len());
        let active = combat.active.clone().expect("a turn");
        let marked: Vec<&String> = lines.iter().filter(|l| l.starts_with('>')).collect();
        assert_eq!(marked.len(), 1);
        let at = combat.index_of(&active).expect("in order");
        assert!(lines[1 + at].starts_with('>'));
        assert!(lines[1 + at].contains(&format!("{}", combat.order[at].count)));

        battle
            .submit(GameCommand::Delay(cmd::Delay { unit: active.clone() }))
            .expect("delays");
        let lines = tracker_lines(battle.world());
        assert!(
            lines.iter().any(|l| l.contains("(delaying)")),
            "the delaying unit is shown: {lines:?}"
        );
    }

    #[test]
    fn a_readied_unit_is_shown_with_its_action_and_trigger() {
        let mut battle = crate::gui::testkit::tutorial();
        let active = battle.world().resource::<Combat>().active.clone().expect("a turn");
        battle
            .submit(GameCommand::Ready(cmd::Ready {
                unit: active.clone(),
                action: crate::ruleset::ActionKind::Standard,
                trigger: "an enemy moves".into(),
            }))
            .expect("readies");
        battle
            .submit(GameCommand::EndTurn(cmd::EndTurn { unit: active }))
            .expect("ends");
        let lines = tracker_lines(battle.world());
        let readied: Vec<&String> = lines.iter().filter(|l| l.contains("(readied ")).collect();
        assert_eq!(readied.len(), 1, "{lines:?}");
        assert!(readied[0].ends_with(": an enemy moves)"), "{}", readied[0]);
        assert!(!readied[0].contains("(delaying)"));
    }
}

//! The end screen: who won, each objective and whether it was met, the sides eliminated, the
//! rounds fought and each unit's damage dealt and taken and how it ended (`history::battle_stats`),
//! then Play again / Title (and Back to editor after a play test from the editor). Reached
//! from `states::route_battle` when `Battle::outcome` says the battle is over; the finished
//! battle's autosave is removed so "Resume" is not offered for it.

use crate::gui::intake::open::back_to_editor;
use crate::gui::saves::DataDir;
use crate::gui::saves::PlayTest;
use crate::gui::saves::autosave_path;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::history::{Battle, Outcome, SaveFile, Sides, battle_stats};
use crate::rules::health::LifeState;
use crate::scenario::{Side, Templates};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
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
    lines.extend(
        outcome
            .left_behind
            .iter()
            .map(|s| format!("{} left behind in the chase", name(s))),
    );
    (headline, lines)
}

/// One row of the end screen's table: a unit's name, its side's name, damage dealt and taken,
/// and how it ended ("up", "dying", "dead", …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatRow {
    pub unit: String,
    pub side: String,
    pub dealt: u32,
    pub taken: u32,
    pub status: String,
}

/// The end screen's table: every unit of the battle (side by side, in the scenario's order)
/// with its figures from [`battle_stats`]; units that took part in nothing show zeros.
pub fn stat_rows(battle: &Battle) -> Vec<StatRow> {
    let stats = battle_stats(battle.log());
    let spec = battle.spec();
    let mut rows = Vec::new();
    for side in &spec.sides {
        for unit in spec.units.iter().filter(|u| u.side == side.id) {
            let name = unit.profile.name.clone();
            let figures = stats.of(&unit.id).cloned().unwrap_or_default();
            rows.push(StatRow {
                unit: name,
                side: side.name.clone(),
                dealt: figures.dealt,
                taken: figures.taken,
                status: figures.down.map_or_else(|| "up".to_string(), life_state_name),
            });
        }
    }
    rows
}

fn life_state_name(state: LifeState) -> String {
    match state {
        LifeState::Fine => "up",
        LifeState::Disabled => "disabled",
        LifeState::Dying => "dying",
        LifeState::Stable => "stable",
        LifeState::Unconscious => "unconscious",
        LifeState::Dead => "dead",
    }
    .to_string()
}

/// The table as aligned text lines (the font is monospaced where numbers line up), a header
/// first.
pub fn table_lines(rows: &[StatRow]) -> Vec<String> {
    let width = |f: &dyn Fn(&StatRow) -> usize, title: &str| rows.iter().map(f).max().unwrap_or(0).max(title.len());
    let unit_w = width(&|r| r.unit.chars().count(), "Unit");
    let side_w = width(&|r| r.side.chars().count(), "Side");
    let mut lines = vec![format!(
        "{:unit_w$}  {:side_w$}  {:>5}  {:>5}  Status",
        "Unit", "Side", "Dealt", "Taken"
    )];
    lines.extend(rows.iter().map(|r| {
        format!(
            "{:unit_w$}  {:side_w$}  {:>5}  {:>5}  {}",
            r.unit, r.side, r.dealt, r.taken, r.status
        )
    }));
    lines
}

/// What the end screen's buttons and keys do.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndChoice {
    /// The same scenario again from its start (P).
    PlayAgain,
    /// The title screen (T, Esc or Enter).
    Title,
    /// Back to the editor after a play test (B).
    Editor,
}

impl EndChoice {
    fn label(self) -> &'static str {
        match self {
            EndChoice::PlayAgain => "Play again (P)",
            EndChoice::Title => "Title (T)",
            EndChoice::Editor => "Back to editor (B)",
        }
    }

    /// The key of each choice. E is none of them: it ends turns in battle, and a press meant
    /// for the last turn must not skip this screen (issue #18 item 6).
    fn keys(self) -> &'static [KeyCode] {
        match self {
            EndChoice::PlayAgain => &[KeyCode::KeyP],
            EndChoice::Title => &[KeyCode::KeyT, KeyCode::Escape, KeyCode::Enter, KeyCode::NumpadEnter],
            EndChoice::Editor => &[KeyCode::KeyB],
        }
    }
}

/// The end screen's choices: Play again and Title, and Back to editor after a play test.
pub fn end_choices(play_test: bool) -> Vec<EndChoice> {
    let mut choices = vec![EndChoice::PlayAgain, EndChoice::Title];
    if play_test {
        choices.push(EndChoice::Editor);
    }
    choices
}

fn spawn_results_screen(mut commands: Commands, session: Res<Session>, play_test: Option<Res<PlayTest>>) {
    let battle = &session.battle;
    let sides = &battle.world().resource::<Sides>().0;
    let outcome = battle.outcome();
    let (headline, lines) = result_lines(&outcome, sides);
    let stats = battle_stats(battle.log());
    let rounds = format!("ended in round {}", stats.rounds);
    let colour = outcome
        .winner
        .as_ref()
        .and_then(|w| sides.iter().find(|s| &s.id == w))
        .map_or(Color::WHITE, |s| Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]));
    let screen = commands
        .spawn((
            Name::new("End screen"),
            DespawnOnExit(Screen::Results),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: Val::Px(14.0),
                padding: UiRect::all(Val::Px(24.0)),
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
                    Name::new("Rounds"),
                    Text::new(format!("{} · {rounds}", battle.spec().name)),
                    TextFont::from_font_size(18.0),
                    TextColor(Color::srgb(0.75, 0.75, 0.8)),
                ),
                (
                    Name::new("Objectives"),
                    Text::new(lines.join("\n")),
                    TextFont::from_font_size(18.0),
                    TextColor(Color::WHITE),
                ),
                (
                    Name::new("Statistics"),
                    Text::new(table_lines(&stat_rows(battle)).join("\n")),
                    // Padded columns line up only in the monospaced font.
                    crate::gui::look::font::mono_text(15.0),
                    TextColor(Color::srgb(0.85, 0.87, 0.9)),
                    Node {
                        padding: UiRect::all(Val::Px(12.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.1, 0.11, 0.14)),
                ),
            ],
        ))
        .id();
    let buttons = commands
        .spawn((
            Name::new("End screen buttons"),
            Node {
                column_gap: Val::Px(16.0),
                margin: UiRect::top(Val::Px(8.0)),
                ..default()
            },
            ChildOf(screen),
        ))
        .id();
    for choice in end_choices(play_test.is_some()) {
        commands.spawn((
            Name::new(choice.label()),
            choice,
            Button,
            Node {
                padding: UiRect::axes(Val::Px(20.0), Val::Px(10.0)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.2, 0.28, 0.42)),
            ChildOf(buttons),
            children![(
                Text::new(choice.label()),
                TextFont::from_font_size(18.0),
                TextColor(Color::WHITE),
            )],
        ));
    }
    commands.spawn((
        Name::new("Hint"),
        Text::new("Ctrl+Q quits"),
        TextFont::from_font_size(13.0),
        TextColor(Color::srgb(0.55, 0.55, 0.6)),
        ChildOf(screen),
    ));
}

fn remove_autosave(dir: Res<DataDir>) {
    if let Some(dir) = &dir.0 {
        let _ = std::fs::remove_file(autosave_path(dir));
    }
}

/// The end screen's keys and buttons: the choice pressed, if any.
fn leave_results(
    keys: Res<ButtonInput<KeyCode>>,
    play_test: Option<Res<PlayTest>>,
    buttons: Query<(&Interaction, &EndChoice), Changed<Interaction>>,
    mut commands: Commands,
) {
    let clicked = buttons
        .iter()
        .find(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, c)| *c);
    let pressed = end_choices(play_test.is_some())
        .into_iter()
        .find(|c| keys.any_just_pressed(c.keys().iter().copied()));
    let Some(choice) = clicked.or(pressed) else {
        return;
    };
    match choice {
        EndChoice::Editor => commands.queue(back_to_editor),
        EndChoice::Title => {
            commands.queue(|world: &mut World| world.resource_mut::<NextState<Screen>>().set(Screen::Title))
        }
        EndChoice::PlayAgain => commands.queue(play_again),
    }
}

/// The battle on screen restarted from its scenario (same text, seed and dice), through the
/// title's "play this scenario" path.
fn play_again(world: &mut World) {
    let save = world.resource::<Session>().battle.save();
    let fresh = SaveFile {
        commands: Vec::new(),
        state_hash: None,
        ..save
    };
    match Battle::load(&fresh, &Templates::shipped()) {
        Ok(battle) => crate::gui::screens::title::play(world, battle),
        Err(why) => {
            warn!("cannot restart the battle: {why}");
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::editor::session::EditorSession;
    use bevy::state::app::StatesPlugin;

    fn results_app(play_test: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_resource(Session::new(crate::gui::testkit::tutorial()));
        app.insert_resource(DataDir(None));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<crate::gui::editor::session::EditorStatus>();
        if play_test {
            app.insert_resource(PlayTest { data: None });
            let doc = crate::editor::EditorDoc::blank("starfinder", 4, 4);
            app.insert_resource(EditorSession::new(doc));
        }
        app.insert_state(Screen::Results);
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins(plugin);
        app.update();
        app
    }

    fn press(app: &mut App, key: KeyCode) -> Screen {
        crate::gui::testkit::tap_key(app, key);
        app.update();
        *app.world().resource::<State<Screen>>().get()
    }

    /// Issue #18 item 6: E ends turns in battle and leaves the end screen no more; B goes
    /// back to the editor after a play test, Enter (or T) to the title.
    #[test]
    fn e_never_leaves_the_end_screen_b_goes_back_to_the_editor_and_enter_to_the_title() {
        assert_eq!(press(&mut results_app(true), KeyCode::KeyE), Screen::Results);
        assert_eq!(press(&mut results_app(true), KeyCode::KeyB), Screen::Editor);
        assert_eq!(press(&mut results_app(true), KeyCode::Enter), Screen::Title);
        assert_eq!(press(&mut results_app(false), KeyCode::KeyT), Screen::Title);
        assert_eq!(
            press(&mut results_app(false), KeyCode::KeyE),
            Screen::Results,
            "no editor to go back to"
        );
        assert_eq!(
            press(&mut results_app(false), KeyCode::KeyB),
            Screen::Results,
            "no editor to go back to"
        );
    }

    #[test]
    fn play_again_restarts_the_same_scenario_from_its_start() {
        let mut app = results_app(false);
        let unit = {
            let battle = &app.world().resource::<Session>().battle;
            battle
                .world()
                .resource::<crate::rules::Combat>()
                .active
                .clone()
                .expect("a turn")
        };
        let first = app.world().resource::<Session>().battle.state_hash();
        app.world_mut()
            .resource_mut::<Session>()
            .battle
            .submit(crate::rules::GameCommand::EndTurn(crate::rules::cmd::EndTurn { unit }))
            .expect("ends");
        assert_eq!(press(&mut app, KeyCode::KeyP), Screen::Battle);
        let battle = &app.world().resource::<Session>().battle;
        assert!(battle.commands().is_empty(), "a fresh battle");
        assert_eq!(battle.state_hash(), first, "the same scenario, seed and dice");
    }

    #[test]
    fn the_table_lists_every_unit_with_its_damage_and_aligns_the_numbers() {
        let rows = vec![
            StatRow {
                unit: "Navasi".into(),
                side: "Relay Crew".into(),
                dealt: 12,
                taken: 3,
                status: "up".into(),
            },
            StatRow {
                unit: "Ksarik".into(),
                side: "Scavengers".into(),
                dealt: 0,
                taken: 25,
                status: "dead".into(),
            },
        ];
        let lines = table_lines(&rows);
        assert_eq!(lines[0], "Unit    Side        Dealt  Taken  Status");
        assert_eq!(lines[1], "Navasi  Relay Crew     12      3  up");
        assert_eq!(lines[2], "Ksarik  Scavengers      0     25  dead");
        let battle = crate::gui::testkit::tutorial();
        let rows = stat_rows(&battle);
        assert_eq!(rows.len(), battle.spec().units.len());
        assert_eq!(rows[0].side, "Relay Crew");
        assert!(rows.iter().all(|r| r.dealt == 0 && r.taken == 0 && r.status == "up"));
    }
}

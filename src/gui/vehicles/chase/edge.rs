//! Leaving the battle map and coming back on screen (RULES.md VEH-21): a small row of buttons
//! over the bottom bar, shown only while the active unit may use them: "Drive off the map"
//! for a pilot whose vehicle stands at the edge ahead of it, and "Drive back in at (x, y)" for
//! each square along the edge it left where the rules let its vehicle come back (facing into
//! the map). Decides no rule: every button is a command `rules::check` accepts, submitted as
//! the CLI's `LeaveMap` / `ReturnToMap`, as `rules::vehicle::options::edge_choices` lists them.

use crate::gui::look::camera::{HUD_BOTTOM, HUD_RIGHT};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session, StatusLine};
use crate::rules::cmd;
use crate::rules::options::OptionKind;
use crate::rules::vehicle::options::edge_choices;
use crate::rules::{Combat, GameCommand};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<EdgeView>();
    app.add_systems(OnEnter(Screen::Battle), spawn_edge_row);
    app.add_systems(
        Update,
        (
            press_edge_buttons.in_set(AppSystems::Input),
            derive_edge_view.in_set(AppSystems::Derive),
            draw_edge_row.in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The edge commands open to the active unit now, with their labels.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct EdgeView {
    key: Option<Revision>,
    pub commands: Vec<(String, GameCommand)>,
}

/// What the active unit may do at the map's edge, as the rules list it (VEH-21): leave it, or
/// come back at one of the squares the rules accept; each with its button's label.
pub fn edge_commands(world: &World) -> Vec<(String, GameCommand)> {
    let Some(unit) = world.get_resource::<Combat>().and_then(|c| c.active.clone()) else {
        return Vec::new();
    };
    [OptionKind::LeaveMap, OptionKind::ReturnToMap]
        .into_iter()
        .flat_map(|kind| edge_choices(world, &unit, kind))
        .map(|command| (edge_label(&command), command))
        .collect()
}

/// A map-edge button's label.
fn edge_label(command: &GameCommand) -> String {
    match command {
        GameCommand::ReturnToMap(cmd::ReturnToMap { at, .. }) => format!("Drive back in at {at}"),
        _ => "Drive off the map (VEH-21)".into(),
    }
}

fn derive_edge_view(session: Res<Session>, revision: Res<Revision>, mut view: ResMut<EdgeView>) {
    if view.key == Some(*revision) {
        return;
    }
    view.key = Some(*revision);
    view.commands = edge_commands(session.battle.world());
}

/// The row of edge buttons.
#[derive(Component)]
struct EdgeRow;

/// A button sending this command.
#[derive(Component, Debug, Clone)]
pub struct EdgeButton(pub GameCommand);

fn spawn_edge_row(mut commands: Commands) {
    commands.spawn((
        Name::new("Map edge buttons"),
        EdgeRow,
        DespawnOnExit(Screen::Battle),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(HUD_BOTTOM + 8.0),
            left: Val::Px(8.0),
            right: Val::Px(HUD_RIGHT + 8.0),
            flex_wrap: FlexWrap::Wrap,
            column_gap: Val::Px(4.0),
            row_gap: Val::Px(4.0),
            ..default()
        },
    ));
}

fn draw_edge_row(mut commands: Commands, view: Res<EdgeView>, row: Single<Entity, With<EdgeRow>>) {
    if !view.is_changed() {
        return;
    }
    commands.entity(*row).despawn_related::<Children>();
    commands.entity(*row).with_children(|row| {
        for (label, command) in &view.commands {
            row.spawn((
                Name::new(format!("Edge button {label}")),
                EdgeButton(command.clone()),
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(7.0), Val::Px(4.0)),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.55, 0.6, 0.7)),
                BackgroundColor(Color::srgb(0.18, 0.22, 0.3)),
                children![(
                    Text::new(label.clone()),
                    TextFont::from_font_size(13.0),
                    TextColor(Color::WHITE)
                )],
            ));
        }
    });
}

fn press_edge_buttons(
    buttons: Query<(&Interaction, &EdgeButton), Changed<Interaction>>,
    mut session: ResMut<Session>,
    mut revision: ResMut<Revision>,
    mut status: ResMut<StatusLine>,
) {
    for (interaction, button) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        match session.battle.submit(button.0.clone()) {
            Ok(_) => {
                revision.0 += 1;
                status.0.clear();
            }
            Err(why) => status.0 = format!("Not possible: {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Heading, Square};
    use crate::rules::UnitId;
    use crate::rules::vehicle::VehicleOrder;

    const GETAWAY: &str = include_str!("../../../../scenarios/starfinder_getaway.ron");

    /// The Getaway without the hoverbike's rider, goblin_2 near the east edge (so the buggy
    /// does not escape), after Buddy's race to the edge and everyone's turns.
    fn at_the_edge() -> crate::history::Battle {
        let start = GETAWAY.find("(id: \"goblin_rider\"").unwrap();
        let end = start + GETAWAY[start..].find("\n    ],").unwrap();
        let text = format!("{}{}", &GETAWAY[..start], &GETAWAY[end..]).replace(
            r#"(id: "goblin_2", template: "space_goblin", side: "goblins", at: (11, 7))"#,
            r#"(id: "goblin_2", template: "space_goblin", side: "goblins", at: (55, 7))"#,
        );
        let mut b = crate::testing::battle(&text, &[18, 5, 4, 1, 10]);
        let id = |s: &str| UnitId(s.into());
        let race = VehicleOrder::Race {
            angle: 0,
            distance_ft: None,
        };
        crate::testing::ok(
            &mut b,
            GameCommand::Vehicle(cmd::Vehicle {
                unit: id("buddy"),
                order: race,
            }),
        );
        for unit in ["buddy", "goblin_1", "goblin_2", "sssazza"] {
            crate::testing::ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id(unit) }));
        }
        b
    }

    fn app(b: crate::history::Battle) -> App {
        let mut app = crate::gui::testkit::battle_app(b);
        app.add_plugins(plugin);
        app.update();
        app
    }

    fn press(app: &mut App, label: &str) {
        crate::gui::testkit::press_button(app, &format!("Edge button {label}"));
    }

    fn last(app: &App) -> Option<GameCommand> {
        app.world().resource::<Session>().battle.commands().last().cloned()
    }

    /// VEH-21 in the GUI: at the edge Buddy gets "Drive off the map"; off the map, nothing the
    /// same round; the next round one "Drive back in" button per free square along the east
    /// edge, facing west, and pressing one sends the script's `ReturnToMap`.
    #[test]
    fn veh_21_the_edge_buttons_send_leave_and_return() {
        let mut app = app(at_the_edge());
        press(&mut app, "Drive off the map (VEH-21)");
        assert_eq!(
            last(&app),
            Some(GameCommand::LeaveMap(cmd::LeaveMap {
                unit: UnitId("buddy".into())
            }))
        );
        assert!(
            app.world().resource::<EdgeView>().commands.is_empty(),
            "not back the same round"
        );
        let ends: Vec<UnitId> = ["buddy", "goblin_1", "goblin_2", "sssazza"]
            .iter()
            .map(|u| UnitId((*u).into()))
            .collect();
        for unit in ends {
            let mut session = app.world_mut().resource_mut::<Session>();
            crate::testing::ok(&mut session.battle, GameCommand::EndTurn(cmd::EndTurn { unit }));
            app.world_mut().resource_mut::<Revision>().0 += 1;
            app.update();
        }
        let returns = app.world().resource::<EdgeView>().commands.clone();
        assert_eq!(returns.len(), 9, "rows 0 to 8 of the 10-row east edge: {returns:?}");
        press(&mut app, "Drive back in at (62, 0)");
        assert_eq!(
            last(&app),
            Some(GameCommand::ReturnToMap(cmd::ReturnToMap {
                unit: UnitId("buddy".into()),
                at: Square::new(62, 0),
                heading: Heading::W,
            }))
        );
    }
}

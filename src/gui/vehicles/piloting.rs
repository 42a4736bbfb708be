//! Vehicle orders from the board (RULES.md §25, issue #7 item 4): the vehicle picker the
//! action bar's Vehicle entry opens (the orders `rules::options` lists for the unit, each
//! greyed with the rules' reason, labelled here) and the aimed vehicle modes (drive and run
//! over to a clicked square then a heading, race to a clicked end square, ram a clicked unit,
//! board a clicked vehicle, disembark to a clicked square; the race overlay, its angle keys
//! and the drive path preview are `views::vehicle_aim`'s and `aim_view`'s). Every order goes
//! out as `GameCommand::Vehicle` through the intake; the rules decide.

use crate::grid::{Heading, Square};
use crate::gui::intake::targets::unit_at;
use crate::gui::state::hover::Hover;
use crate::gui::state::intent::Intent;
use crate::gui::state::keys::digit;
use crate::gui::state::mode::{Mode, VehicleAim};
use crate::gui::state::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, Picker, VehicleChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::rules::cmd;
use crate::rules::options::{OptionKind, kind_option};
use crate::rules::vehicle::VehicleEntry;
use crate::rules::vehicle::options::{entries_for, entry_verdict, ram_angles, vehicles_at_hand};
use crate::rules::vehicle::{RaceEnd, RiderRole, VehicleOrder, plan_vehicle_path, race_ends, vehicle_view};
use crate::rules::{Combat, GameCommand, UnitId, check};
use bevy::prelude::*;

/// The picker and the clicks (the aim's view is `views::vehicle_aim`'s, its keys `aim_view`'s).
pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<PendingPath>();
    app.add_systems(
        Update,
        (
            click_vehicle_aim.in_set(AppSystems::Input),
            (open_vehicle_picker, vehicle_chosen).in_set(AppSystems::Apply),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The label of an order in the vehicle picker.
pub fn entry_label(entry: VehicleEntry) -> &'static str {
    match entry {
        VehicleEntry::Start => "Start",
        VehicleEntry::Drive => "Drive (click)",
        VehicleEntry::Race => "Race (click an end square)",
        VehicleEntry::StopShort => "Stop short",
        VehicleEntry::Ram => "Ram (click the target)",
        VehicleEntry::RunOver => "Run over (click)",
        VehicleEntry::TakeControl => "Take control",
        VehicleEntry::Relinquish => "Relinquish control",
        VehicleEntry::Autocontrol => "Autocontrol on/off",
        VehicleEntry::Board(RiderRole::Pilot) => "Board as pilot (click)",
        VehicleEntry::Board(RiderRole::Gunner) => "Board as gunner (click)",
        VehicleEntry::Board(RiderRole::Passenger) => "Board as passenger (click)",
        VehicleEntry::Disembark => "Disembark (click)",
    }
}

/// The map mode an order selects, for orders aimed with the mouse.
pub fn entry_aim(entry: VehicleEntry) -> Option<VehicleAim> {
    match entry {
        VehicleEntry::Drive => Some(VehicleAim::Drive),
        VehicleEntry::Race => Some(VehicleAim::Race),
        VehicleEntry::Ram => Some(VehicleAim::Ram),
        VehicleEntry::RunOver => Some(VehicleAim::RunOver),
        VehicleEntry::Board(role) => Some(VehicleAim::Board(role)),
        VehicleEntry::Disembark => Some(VehicleAim::Disembark),
        _ => None,
    }
}

/// The command of `unit` giving `order` (what a click or the heading panel completes).
fn order(unit: &UnitId, order: VehicleOrder) -> GameCommand {
    GameCommand::Vehicle(cmd::Vehicle {
        unit: unit.clone(),
        order,
    })
}

/// Opens the vehicle picker the bar asked for (its Vehicle entry).
fn open_vehicle_picker(session: Res<Session>, mut picker: ResMut<Picker>, mut panel: ResMut<Panel>) {
    if picker.0 != Some(PanelKind::Vehicle) {
        return;
    }
    picker.0 = None;
    let world = session.battle.world();
    if let Some(unit) = world.resource::<Combat>().active.clone() {
        panel.0 = Some(order_panel(world, &unit));
    }
}

/// The vehicle picker of `unit`: each entry with its key and the rules' verdict.
pub fn order_panel(world: &World, unit: &UnitId) -> PanelSpec {
    let options = entries_for(world, unit)
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            PanelOption::new(entry_label(e), digit(i), Choice::Vehicle(VehicleChoice::Entry(e)))
                .greyed(entry_verdict(world, unit, e))
        })
        .collect();
    PanelSpec {
        kind: PanelKind::Vehicle,
        title: "Vehicle: pick an order".into(),
        options,
    }
}

/// The heading panel after a drive or run over's destination is clicked.
pub fn heading_panel() -> PanelSpec {
    let mut options = vec![PanelOption::new(
        "Keep the heading",
        digit(0),
        Choice::Vehicle(VehicleChoice::Heading(None)),
    )];
    options.extend(Heading::ALL.iter().enumerate().map(|(i, h)| {
        PanelOption::new(
            format!("Face {h}"),
            digit(i + 1),
            Choice::Vehicle(VehicleChoice::Heading(Some(*h))),
        )
    }));
    PanelSpec {
        kind: PanelKind::Vehicle,
        title: "Then face which way?".into(),
        options,
    }
}

/// A drive or run over whose path is planned, waiting for its heading.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct PendingPath(pub Option<(VehicleAim, Vec<Square>)>);

/// The command a click on `at` stands for in vehicle `aim` mode, or why there is none. A
/// drive or run over gives its planned path instead (`Err` of the outer result: the heading
/// is asked next).
pub fn click_command(
    world: &World,
    unit: &UnitId,
    aim: VehicleAim,
    at: Square,
) -> Result<Result<GameCommand, Vec<Square>>, String> {
    let err = |e: crate::rules::RuleError| e.to_string();
    let vehicle = || {
        vehicles_at_hand(world, unit)
            .into_iter()
            .next()
            .ok_or_else(|| format!("{unit} has no vehicle at hand"))
    };
    Ok(Ok(match aim {
        VehicleAim::Drive | VehicleAim::RunOver => {
            let path = plan_vehicle_path(world, unit, at, aim == VehicleAim::RunOver).map_err(err)?;
            return Ok(Err(path));
        }
        VehicleAim::Race => {
            let v = vehicle()?;
            let end = race_ends(world, &v)
                .map_err(err)?
                .into_iter()
                .find(|e| e.at == at)
                .ok_or_else(|| format!("no race line of {v} ends on {at}"))?;
            race_command(unit, end)
        }
        VehicleAim::Ram => {
            let target = unit_at(world, at, unit).ok_or_else(|| format!("nobody on {at}"))?;
            let command = |angle| {
                order(
                    unit,
                    VehicleOrder::Ram {
                        target: target.clone(),
                        angle,
                    },
                )
            };
            // The line nearest straight ahead that meets the target; else straight ahead, so
            // the refusal gives the rules' reason.
            ram_angles()
                .into_iter()
                .map(command)
                .find(|c| check(world, c).is_ok())
                .unwrap_or_else(|| command(0))
        }
        VehicleAim::Board(role) => {
            // The vehicle, not a rider standing in its space on that square.
            let vehicle = crate::gui::intake::targets::units_at(world, at, unit)
                .into_iter()
                .find(|v| vehicle_view(world, v).is_ok())
                .ok_or_else(|| format!("no vehicle on {at}"))?;
            order(unit, VehicleOrder::Board { vehicle, role })
        }
        VehicleAim::Disembark => order(unit, VehicleOrder::Disembark { to: at }),
    }))
}

/// The race order that ends on `end` (what a script writes for it).
pub fn race_command(unit: &UnitId, end: RaceEnd) -> GameCommand {
    order(
        unit,
        VehicleOrder::Race {
            angle: end.angle,
            distance_ft: end.distance_ft,
        },
    )
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn click_vehicle_aim(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    mode: Res<Mode>,
    session: Res<Session>,
    mut panel: ResMut<Panel>,
    mut pending: ResMut<PendingPath>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
) {
    let Mode::Vehicle(aim) = *mode else { return };
    if !buttons.just_pressed(MouseButton::Left) || panel.is_open() {
        return;
    }
    let Some(at) = hover.0 else { return };
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    match click_command(world, &unit, aim, at) {
        Ok(Ok(command)) => {
            intents.write(Intent::Command(command));
        }
        Ok(Err(path)) => {
            pending.0 = Some((aim, path));
            panel.0 = Some(heading_panel());
        }
        Err(why) => status.0 = why,
    }
}

/// The vehicle picker's choices: an aimed order selects its mode, the others are sent; the
/// heading completes a pending drive or run over.
fn vehicle_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    mut panel: ResMut<Panel>,
    mut mode: ResMut<Mode>,
    mut pending: ResMut<PendingPath>,
    mut intents: MessageWriter<Intent>,
) {
    for c in chosen.read().filter(|c| c.kind == PanelKind::Vehicle) {
        panel.0 = None;
        let world = session.battle.world();
        let Some(unit) = world.resource::<Combat>().active.clone() else {
            continue;
        };
        match c.choice {
            Choice::Vehicle(VehicleChoice::Entry(entry)) => match entry_aim(entry) {
                Some(aim) => *mode = Mode::Vehicle(aim),
                None => {
                    // The first the rules allow; else the first, so the refusal says why.
                    let choices = kind_option(world, &unit, OptionKind::Vehicle(entry), None).choices;
                    if let Some(choice) = choices.iter().find(|c| c.allowed()).or(choices.first()) {
                        intents.write(Intent::Command(choice.command.clone()));
                    }
                }
            },
            Choice::Vehicle(VehicleChoice::Heading(heading)) => {
                if let Some((aim, path)) = pending.0.take() {
                    let o = match aim {
                        VehicleAim::RunOver => VehicleOrder::RunOver { path, heading },
                        _ => VehicleOrder::Drive { path, heading },
                    };
                    intents.write(Intent::Command(order(&unit, o)));
                }
            }
            _ => pending.0 = None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::action::Action;
    use crate::gui::views::bar::{ActionBar, availability};
    use crate::gui::views::vehicle_aim::VehicleAimView;
    use crate::rules::options::any_allowed;
    use crate::rules::reactions::threat::space_of;
    use crate::rules::vehicle::options::{PLANNED_TRIES, entry_commands, planned_orders};
    use crate::rules::vehicle::race_view;
    use crate::testing::{battle, pass_until_turn_of};

    const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

    fn buddy() -> UnitId {
        UnitId("buddy".into())
    }

    fn buddys_turn() -> crate::history::Battle {
        let mut b = battle(BUGGY_RAID, &[]);
        pass_until_turn_of(&mut b, "buddy");
        b
    }

    /// §25.3: the pilot's bar offers the vehicle orders, each with the rules' own verdict.
    #[test]
    fn veh_the_bar_offers_the_pilot_the_vehicle_orders_with_the_rules_reasons() {
        let b = buddys_turn();
        let w = b.world();
        let entries = availability(w, Some(&buddy()), None, None);
        let vehicle = entries.iter().find(|(a, _)| *a == Action::Vehicle).expect("listed");
        assert_eq!(vehicle.1, Ok(()));
        let panel = order_panel(w, &buddy());
        let labels: Vec<&str> = panel.options.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(
            labels,
            entries_for(w, &buddy())
                .into_iter()
                .map(entry_label)
                .collect::<Vec<_>>()
        );
        assert_eq!(panel.options.len(), 10);
        let verdict = |e: VehicleEntry| {
            panel
                .options
                .iter()
                .find(|o| o.choice == Choice::Vehicle(VehicleChoice::Entry(e)))
                .expect("offered")
                .allowed
                .clone()
        };
        // The crewed buggy already runs: Start is refused with the rules' words.
        let start = check(w, &order(&buddy(), VehicleOrder::Start)).expect_err("running");
        assert_eq!(verdict(VehicleEntry::Start), Err(start.to_string()));
        for e in [VehicleEntry::Drive, VehicleEntry::Race, VehicleEntry::Relinquish] {
            assert_eq!(verdict(e), Ok(()), "{e:?}");
        }
        assert!(verdict(VehicleEntry::StopShort).is_err(), "no race yet");
        // A goblin on foot far from the buggy has no vehicle entry at all.
        let goblin = UnitId("goblin_1".into());
        assert!(entries_for(w, &goblin).is_empty());
        assert_eq!(
            entry_verdict(w, &goblin, VehicleEntry::Race),
            Err("no vehicle at hand".into())
        );
    }

    /// VEH-2, VEH-4: race mode highlights exactly the rules' legal end squares (the `race`
    /// query's), and clicking one sends the race a script writes for it.
    #[test]
    fn veh_4_race_mode_shows_the_rules_end_squares_and_a_click_sends_the_scripted_race() {
        use crate::gui::state::session::Session;
        let mut app = crate::gui::testkit::battle_app(buddys_turn());
        app.add_plugins((
            crate::gui::views::plugin,
            crate::gui::hud::actions::plugin,
            crate::gui::hud::panel::plugin,
            plugin,
            crate::gui::vehicles::aim_view::plugin,
        ));
        app.update();
        assert_eq!(app.world().resource::<ActionBar>().allowed(Action::Vehicle), Ok(()));
        let tap = crate::gui::testkit::tap_key;
        tap(&mut app, KeyCode::KeyJ);
        app.update();
        let panel = app.world().resource::<Panel>().0.clone().expect("the vehicle picker");
        assert_eq!(panel.kind, PanelKind::Vehicle);
        // Race is the third entry.
        tap(&mut app, KeyCode::Digit3);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Vehicle(VehicleAim::Race));
        app.update();
        let world = app.world();
        let rules = race_view(world.resource::<Session>().battle.world(), &UnitId("buggy".into())).expect("a vehicle");
        let view = world.resource::<VehicleAimView>();
        assert!(!view.race_ends.is_empty(), "{view:?}");
        assert_eq!(view.race_ends, rules.end_squares);
        assert_eq!(view.race_dc, Some((rules.dc, rules.dead_stop)));
        // Issue #18 item 5: the Piloting check's chance, the rules' (VEH-5).
        let odds = crate::rules::vehicle::race_odds(world.resource::<Session>().battle.world(), &buddy())
            .expect("buddy pilots")
            .0;
        assert_eq!(view.race_odds.as_ref(), Some(&odds));
        let line = crate::gui::views::vehicle_aim::aim_line(VehicleAim::Race, view);
        assert!(
            line.contains(&format!("{:+}: {:.0}% to succeed", odds.bonus, odds.chance)),
            "{line}"
        );
        assert!(view.arc.is_some());

        // `]` turns the picked line one degree right; its squares are the rules' for that angle.
        tap(&mut app, KeyCode::BracketRight);
        let world = app.world();
        let view = world.resource::<VehicleAimView>();
        assert_eq!(view.angle, 1);
        let at_one: Vec<Square> = race_ends(world.resource::<Session>().battle.world(), &UnitId("buggy".into()))
            .expect("a vehicle")
            .into_iter()
            .filter(|e| e.angle == 1)
            .map(|e| e.at)
            .collect();
        assert_eq!(view.angle_line, at_one);

        // Ten squares straight ahead (east) of the buggy's top-left square: 50 ft at 0°.
        app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(12, 5));
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let scripted: GameCommand =
            ron::from_str(r#"Vehicle(unit: "buddy", order: Race(angle: 0, distance_ft: Some(50)))"#).expect("script");
        let commands = app.world().resource::<Session>().battle.commands().to_vec();
        assert_eq!(commands.last(), Some(&scripted), "{commands:?}");
        // Issue #18 item 5: the race is made, so the mode drops back to move and the race's
        // arc, end squares and line clear.
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Move);
        let view = app.world().resource::<VehicleAimView>();
        assert!(
            view.arc.is_none() && view.race_ends.is_empty() && view.angle_line.is_empty(),
            "{view:?}"
        );
    }

    /// Issue #18 item 5, VEH-8: in ram mode, hovering a goblin shows the ram's odds — the
    /// rules' Piloting check and the goblin's Reflex save to avoid it.
    #[test]
    fn veh_8_hovering_a_unit_in_ram_mode_shows_the_rams_odds() {
        use crate::gui::state::session::Session;
        let mut app = crate::gui::testkit::battle_app(buddys_turn());
        app.add_plugins((
            crate::gui::views::vehicle_aim::plugin,
            crate::gui::vehicles::aim_view::plugin,
        ));
        *app.world_mut().resource_mut::<Mode>() = Mode::Vehicle(VehicleAim::Ram);
        let goblin = UnitId("goblin_1".into());
        let at = space_of(app.world().resource::<Session>().battle.world(), &goblin)
            .expect("placed")
            .at;
        app.world_mut().resource_mut::<Hover>().0 = Some(at);
        app.update();
        let world = app.world();
        let rules = crate::rules::vehicle::ram_odds(world.resource::<Session>().battle.world(), &buddy(), &goblin);
        let view = world.resource::<VehicleAimView>();
        let name = crate::gui::intake::targets::unit_name(world.resource::<Session>().battle.world(), &goblin);
        assert_eq!(
            view.ram,
            Some((goblin.clone(), name.clone(), rules.clone().map_err(|e| e.to_string())))
        );
        let rules = rules.expect("buddy pilots");
        let line = crate::gui::views::vehicle_aim::aim_line(VehicleAim::Ram, view);
        assert!(
            line.starts_with(&format!(
                "Ram {name}: Piloting DC {}, {:+}: {:.0}% to succeed",
                rules.piloting.dc, rules.piloting.bonus, rules.piloting.chance
            )),
            "{line}"
        );
        assert!(line.contains("to avoid it") == rules.target_reflex.is_some(), "{line}");
    }

    /// VEH-8: no target lies straight ahead of the buggy, yet a click on a goblin rams it on
    /// a turned line; the picker's Ram entry is judged by those lines too, not greyed out.
    #[test]
    fn veh_8_the_ram_entry_allows_a_target_only_a_turned_race_line_reaches() {
        let b = buddys_turn();
        let w = b.world();
        for t in ["goblin_1", "goblin_2", "goblin_3", "goblin_4"] {
            let straight = order(
                &buddy(),
                VehicleOrder::Ram {
                    target: UnitId(t.into()),
                    angle: 0,
                },
            );
            assert!(check(w, &straight).is_err(), "{t} is not straight ahead");
        }
        assert_eq!(entry_verdict(w, &buddy(), VehicleEntry::Ram), Ok(()));
        let at = space_of(w, &UnitId("goblin_1".into())).expect("placed").at;
        match click_command(w, &buddy(), VehicleAim::Ram, at) {
            Ok(Ok(command @ GameCommand::Vehicle(cmd::Vehicle { .. }))) => {
                assert_eq!(check(w, &command), Ok(()));
                assert!(
                    matches!(&command, GameCommand::Vehicle(cmd::Vehicle { order: VehicleOrder::Ram { angle, .. }, .. }) if *angle != 0)
                );
            }
            other => panic!("{other:?}"),
        }
    }

    /// VEH-3, VEH-9: the planned drives the bar asks about are the paths a click plans, each
    /// within the order's reach; a rider who is not the pilot gets none, and the entry keeps
    /// the rules' reason.
    #[test]
    fn veh_3_the_drive_entry_is_judged_by_the_paths_a_click_plans() {
        let b = buddys_turn();
        let w = b.world();
        let view = vehicle_view(w, &UnitId("buggy".into())).expect("a vehicle");
        for run_over in [false, true] {
            let planned: Vec<GameCommand> = planned_orders(w, &buddy(), run_over).take(PLANNED_TRIES).collect();
            assert_eq!(planned.len(), PLANNED_TRIES);
            for command in &planned {
                let (path, drive) = match command {
                    GameCommand::Vehicle(cmd::Vehicle {
                        order: VehicleOrder::Drive { path, heading: None },
                        ..
                    }) => (path, true),
                    GameCommand::Vehicle(cmd::Vehicle {
                        order: VehicleOrder::RunOver { path, heading: None },
                        ..
                    }) => (path, false),
                    other => panic!("{other:?}"),
                };
                assert_eq!(drive, !run_over);
                let to = *path.last().expect("a step");
                assert!(
                    (to.x - view.at.x).abs().max((to.y - view.at.y).abs()) <= 2,
                    "nearest first: {to}"
                );
                let aim = if run_over {
                    VehicleAim::RunOver
                } else {
                    VehicleAim::Drive
                };
                assert_eq!(click_command(w, &buddy(), aim, to), Ok(Err(path.clone())));
                assert_eq!(check(w, command), Ok(()));
            }
        }
        let gunner = UnitId("sssazza".into());
        assert_eq!(planned_orders(w, &gunner, false).count(), 0, "only the pilot drives");
        let one_step = any_allowed(w, &entry_commands(w, &gunner, VehicleEntry::Drive), "-");
        assert!(one_step.is_err());
        assert_eq!(entry_verdict(w, &gunner, VehicleEntry::Drive), one_step);
    }

    /// A click to board on a square where a rider stands in the vehicle's space boards the
    /// vehicle, not the rider.
    #[test]
    fn a_board_click_on_a_riders_square_names_the_vehicle() {
        let b = buddys_turn();
        let w = b.world();
        let boarder = UnitId("goblin_1".into());
        let command = click_command(w, &boarder, VehicleAim::Board(RiderRole::Passenger), Square::new(3, 5));
        assert_eq!(
            command,
            Ok(Ok(order(
                &boarder,
                VehicleOrder::Board {
                    vehicle: UnitId("buggy".into()),
                    role: RiderRole::Passenger
                }
            )))
        );
    }

    /// VEH-3: a drive click plans the path, the heading panel completes the order.
    #[test]
    fn veh_3_a_drive_click_asks_the_heading_and_sends_the_planned_drive() {
        let b = buddys_turn();
        let w = b.world();
        let to = Square::new(6, 5);
        let path = match click_command(w, &buddy(), VehicleAim::Drive, to) {
            Ok(Err(path)) => path,
            other => panic!("{other:?}"),
        };
        assert_eq!(path.last(), Some(&to));
        let drive = order(
            &buddy(),
            VehicleOrder::Drive {
                path,
                heading: Some(Heading::S),
            },
        );
        assert_eq!(check(w, &drive), Ok(()));
        assert!(click_command(w, &buddy(), VehicleAim::Drive, Square::new(25, 5)).is_err());
        assert_eq!(heading_panel().options.len(), 5);
    }
}

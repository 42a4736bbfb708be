//! The autopilot from the keyboard (VEH-14): `U` engages or disengages the autopilot of the
//! vehicle the active unit pilots, `I` enters the square under the cursor as its destination
//! (where the vehicle's top-left square should go). Kept apart from the `J` picker
//! (`piloting`); each key sends one `GameCommand::Vehicle` the rules check first, and a
//! refusal shows the rules' reason in the status line.

use crate::gui::state::hover::Hover;
use crate::gui::state::intent::Intent;
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::rules::cmd;
use crate::rules::vehicle::{VehicleOrder, riding, vehicle_view};
use crate::rules::{Combat, GameCommand, UnitId, check};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        autopilot_keys
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The autopilot order `key` stands for, for `unit` with the cursor on `hover`: `U` toggles
/// engagement, `I` sets the destination. `Err` says why there is none.
pub fn autopilot_command(
    world: &World,
    unit: &UnitId,
    key: KeyCode,
    hover: Option<crate::grid::Square>,
) -> Result<GameCommand, String> {
    let vehicle = riding(world, unit).ok_or_else(|| format!("{unit} is not aboard a vehicle"))?;
    let order = match key {
        KeyCode::KeyU => {
            let engaged = vehicle_view(world, &vehicle)
                .map(|v| v.state.autopilot_engaged)
                .map_err(|e| e.to_string())?;
            VehicleOrder::Autopilot { engage: !engaged }
        }
        KeyCode::KeyI => VehicleOrder::AutopilotDestination {
            to: hover.ok_or("point at the destination square first")?,
        },
        _ => return Err("not an autopilot key".into()),
    };
    Ok(GameCommand::Vehicle(cmd::Vehicle {
        unit: unit.clone(),
        order,
    }))
}

fn autopilot_keys(
    keys: Res<ButtonInput<KeyCode>>,
    hover: Res<Hover>,
    panel: Res<Panel>,
    session: Res<Session>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
) {
    if panel.is_open() {
        return;
    }
    let Some(key) = [KeyCode::KeyU, KeyCode::KeyI]
        .into_iter()
        .find(|k| keys.just_pressed(*k))
    else {
        return;
    };
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    match autopilot_command(world, &unit, key, hover.0)
        .and_then(|c| check(world, &c).map(|_| c).map_err(|e| e.to_string()))
    {
        Ok(command) => {
            intents.write(Intent::Command(command));
        }
        Err(why) => status.0 = format!("Autopilot: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::rules::vehicle::VehicleState;
    use crate::testing::{battle, pass_until_turn_of};

    const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

    fn buddys_app(with_autopilot: bool) -> App {
        let text = if with_autopilot {
            BUGGY_RAID.replacen(
                "vehicle: Some((",
                "vehicle: Some((autopilot: Some((piloting: 10, war_machine: false)), ",
                1,
            )
        } else {
            BUGGY_RAID.to_string()
        };
        let mut b = battle(&text, &[]);
        pass_until_turn_of(&mut b, "buddy");
        let mut app = crate::gui::testkit::battle_app(b);
        app.add_plugins(plugin);
        app.update();
        app
    }

    use crate::gui::testkit::tap_key as tap;

    fn buggy(app: &App) -> VehicleState {
        let world = app.world().resource::<Session>().battle.world();
        vehicle_view(world, &UnitId("buggy".into())).expect("a vehicle").state
    }

    /// VEH-14 in the GUI: `I` enters the hovered square as the destination and `U` engages
    /// the autopilot, each the command a script writes; without an autopilot the status line
    /// gives the rules' refusal and nothing is sent.
    #[test]
    fn veh_14_the_keys_send_the_autopilot_orders() {
        let mut app = buddys_app(true);
        app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(9, 5));
        tap(&mut app, KeyCode::KeyI);
        tap(&mut app, KeyCode::KeyU);
        let s = buggy(&app);
        assert!(s.autopilot_engaged);
        assert_eq!(s.autopilot_destination, Some(Square::new(9, 5)));
        let last = app.world().resource::<Session>().battle.commands().last().cloned();
        assert_eq!(
            last,
            Some(GameCommand::Vehicle(cmd::Vehicle {
                unit: UnitId("buddy".into()),
                order: VehicleOrder::Autopilot { engage: true },
            }))
        );

        let mut app = buddys_app(false);
        tap(&mut app, KeyCode::KeyU);
        assert!(!buggy(&app).autopilot_engaged);
        let said = app.world().resource::<StatusLine>().0.clone();
        assert!(said.contains("has no autopilot"), "{said}");
    }
}

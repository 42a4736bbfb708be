//! What an attack is made with and at, and their keys (issue #7): the weapons Tab cycles (the
//! unit's own, then the mounted weapons of the vehicle it rides, VEH-20, each with the rules'
//! refusal for this rider shown rather than hidden; `hud::actions` takes the key); X switches
//! between the units sharing the hovered square (a rider stands inside its vehicle's space: the rider first,
//! then the vehicle) in the modes that aim at a unit (attack, full attack, charge, maneuver);
//! leaving the attack modes drops a vehicle-mounted weapon (VEH-20: single attacks only); the
//! weapon or target just picked stays on the status line until the hover moves. Who stands on a
//! square is `intake::targets`'. Decides no rule: refusals come from
//! `rules::vehicle::mounted_weapon`.

use crate::gui::intake::targets::{unit_name, units_at};
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::{Mode, TargetPick, WeaponChoice};
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session, StatusLine};
use crate::rules::Combat;
use crate::rules::vehicle::{mounted_weapon, riding};
use crate::rules::{Profile, UnitId, unit_component};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            switch_target.in_set(AppSystems::Input),
            (drop_mounted_weapon_outside_attacks, clear_arms_line_on_hover).in_set(AppSystems::Derive),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The status lines this module and Tab write start so; they leave when the hover moves.
const WEAPON_LINE: &str = "Weapon: ";
const TARGET_LINE: &str = "Target: ";

/// A mounted weapon fires in a single attack only (VEH-20): leaving the attack modes goes back
/// to the rules' pick, so a charge or an area attack never asks for the vehicle's gun.
fn drop_mounted_weapon_outside_attacks(mode: Res<Mode>, mut choice: ResMut<WeaponChoice>) {
    if mode.is_changed() && !mode.attacks() && choice.mount.is_some() {
        choice.weapon = None;
        choice.mount = None;
    }
}

/// The weapon or target just picked stays on the status line until the hover moves, then the
/// hovered preview's line shows again.
fn clear_arms_line_on_hover(hover: Res<Hover>, mut status: ResMut<StatusLine>) {
    if hover.is_changed() && (status.0.starts_with(WEAPON_LINE) || status.0.starts_with(TARGET_LINE)) {
        status.0.clear();
    }
}

/// The key that switches between the units sharing the hovered square.
pub const SWITCH_TARGET: KeyCode = KeyCode::KeyX;

/// One weapon Tab may choose: the unit's own, or one mounted on its vehicle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeaponOption {
    pub name: String,
    /// The vehicle it is mounted on (fired with `Attack { mount }`, VEH-20).
    pub mount: Option<UnitId>,
    /// "Roof laser (Exploration buggy)" for a mounted one, else the name.
    pub label: String,
    /// Why the rules refuse this rider the mounted weapon (a gunner fires any, a pilot only
    /// `pilot_operable` ones, a passenger none: VEH-20); `None` when they allow it.
    pub refused: Option<String>,
}

/// The weapons `unit` may pick, in Tab's order: its own, then every weapon of the vehicle it
/// rides (VEH-20), those the rules refuse it carrying their reason.
pub fn weapon_options(world: &World, unit: &UnitId) -> Vec<WeaponOption> {
    let own = unit_component::<Profile>(world, unit)
        .map(|p| p.weapons.clone())
        .unwrap_or_default();
    let mut options: Vec<WeaponOption> = own
        .into_iter()
        .map(|w| WeaponOption {
            label: w.name.clone(),
            name: w.name,
            mount: None,
            refused: None,
        })
        .collect();
    if let Some(vehicle) = riding(world, unit) {
        let mounted = unit_component::<Profile>(world, &vehicle)
            .map(|p| p.weapons.clone())
            .unwrap_or_default();
        let carrier = unit_name(world, &vehicle);
        options.extend(mounted.into_iter().map(|w| {
            WeaponOption {
                label: format!("{} ({carrier})", w.name),
                refused: mounted_weapon(world, unit, &vehicle, Some(&w.name))
                    .err()
                    .map(|e| e.to_string()),
                name: w.name,
                mount: Some(vehicle.clone()),
            }
        }));
    }
    options
}

/// The option after `current` (name and mount) among `options`: best (`None`), then each in
/// turn, then best again.
pub fn next_option<'a>(
    options: &'a [WeaponOption],
    current: Option<(&str, Option<&UnitId>)>,
) -> Option<&'a WeaponOption> {
    let at = current.and_then(|(name, mount)| options.iter().position(|o| o.name == name && o.mount.as_ref() == mount));
    match at {
        None => options.first(),
        Some(i) => options.get(i + 1),
    }
}

/// What the status line says after Tab: the weapon, and the rules' refusal if there is one.
pub fn option_line(option: Option<&WeaponOption>) -> String {
    match option {
        None => format!("{WEAPON_LINE}best (the rules pick) | Tab cycles"),
        Some(WeaponOption {
            label,
            refused: Some(why),
            ..
        }) => format!("{WEAPON_LINE}{label}, not usable: {why} | Tab cycles"),
        Some(o) => format!("{WEAPON_LINE}{} | Tab cycles", o.label),
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn switch_target(
    keys: Res<ButtonInput<KeyCode>>,
    hover: Res<Hover>,
    panel: Res<Panel>,
    mode: Res<Mode>,
    revision: Res<Revision>,
    session: Res<Session>,
    mut pick: ResMut<TargetPick>,
    mut status: ResMut<StatusLine>,
) {
    // Only the modes that aim at a unit with a click.
    let aims = matches!(
        *mode,
        Mode::Attack | Mode::FullAttack | Mode::Charge | Mode::Maneuver(_)
    );
    if !keys.just_pressed(SWITCH_TARGET) || panel.is_open() || !aims {
        return;
    }
    let Some(at) = hover.0 else { return };
    let world = session.battle.world();
    let Some(me) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let here = units_at(world, at, &me);
    if here.len() < 2 {
        return;
    }
    let index = (pick.on(at, *revision) + 1) % here.len();
    *pick = TargetPick {
        square: Some(at),
        revision: Some(*revision),
        index,
    };
    status.0 = format!("{TARGET_LINE}{}", unit_name(world, &here[index]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::gui::intake::command::act_command;
    use crate::gui::intake::targets::unit_picked;
    use crate::gui::state::intent::ActIntent;
    use crate::gui::views::attack::{attack_hover_with, preview_lines};
    use crate::rules::GameCommand;
    use crate::rules::cmd;
    use crate::testing::{battle, pass_until_turn_of};

    const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn turn_of(unit: &str) -> crate::history::Battle {
        let mut b = battle(BUGGY_RAID, &[]);
        pass_until_turn_of(&mut b, unit);
        b
    }

    /// VEH-20: Tab offers the rider's own weapons, then the buggy's mounted ones; those the
    /// rules refuse this rider are offered with the rules' reason, not hidden.
    #[test]
    fn veh_20_the_weapons_offered_are_the_riders_own_then_the_mounted_ones_with_the_rules_reasons() {
        let b = turn_of("sssazza");
        let w = b.world();
        let buggy = id("buggy");
        let gunner = weapon_options(w, &id("sssazza"));
        let labels: Vec<&str> = gunner.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Tactical semi-auto pistol",
                "Roof laser (Exploration buggy)",
                "Dash blaster (Exploration buggy)"
            ]
        );
        assert!(
            gunner.iter().all(|o| o.refused.is_none()),
            "a gunner fires any: {gunner:?}"
        );
        assert_eq!(gunner[1].mount, Some(buggy.clone()));

        let pilot = weapon_options(w, &id("buddy"));
        let laser = pilot.iter().find(|o| o.name == "Roof laser").expect("offered");
        let why = mounted_weapon(w, &id("buddy"), &buggy, Some("Roof laser"))
            .expect_err("not tied to the controls")
            .to_string();
        assert_eq!(laser.refused.as_deref(), Some(why.as_str()));
        assert_eq!(
            option_line(Some(laser)),
            format!("Weapon: {}, not usable: {why} | Tab cycles", laser.label)
        );
        let blaster = pilot.iter().find(|o| o.name == "Dash blaster").expect("offered");
        assert_eq!(blaster.refused, None, "pilot_operable");

        let passenger = weapon_options(w, &id("merris"));
        assert!(
            passenger
                .iter()
                .filter(|o| o.mount.is_some())
                .all(|o| o.refused.is_some())
        );
        assert_eq!(passenger.iter().filter(|o| o.mount.is_some()).count(), 2);

        // Best, each in turn, best again.
        let first = next_option(&gunner, None).expect("the first");
        assert_eq!(first.label, "Tactical semi-auto pistol");
        let second = next_option(&gunner, Some((&first.name, None))).expect("the laser");
        assert_eq!(second.mount, Some(buggy.clone()));
        let third = next_option(&gunner, Some((&second.name, second.mount.as_ref()))).expect("the blaster");
        assert_eq!(third.name, "Dash blaster");
        assert_eq!(next_option(&gunner, Some((&third.name, third.mount.as_ref()))), None);
    }

    /// A rider stands inside its vehicle's space: the rider is aimed at by default, the next
    /// pick is the vehicle, and the panel says who else is there and the key.
    #[test]
    fn a_square_shared_by_a_rider_and_its_vehicle_aims_at_the_rider_then_the_vehicle() {
        let b = turn_of("goblin_1");
        let w = b.world();
        let me = id("goblin_1");
        let at = Square::new(3, 5);
        assert_eq!(units_at(w, at, &me), vec![id("buddy"), id("buggy")]);
        let rider = attack_hover_with(w, &me, at, None, None, 0).expect("someone there");
        assert_eq!(rider.target, id("buddy"));
        assert_eq!(
            rider.sharing.as_deref(),
            Some("Exploration buggy shares this square: X targets Exploration buggy instead")
        );
        let vehicle = attack_hover_with(w, &me, at, None, None, 1).expect("someone there");
        assert_eq!(vehicle.target, id("buggy"));
        assert_eq!(
            vehicle.sharing.as_deref(),
            Some("Buddy shares this square: X targets Buddy instead")
        );
        assert!(
            preview_lines(w, &vehicle, false).contains(&"Buddy shares this square: X targets Buddy instead".into())
        );
        assert_eq!(unit_picked(w, at, &me, 2), Some(id("buddy")), "wraps round");
        // Alone on its square: no hint.
        let alone = attack_hover_with(w, &id("sssazza"), Square::new(13, 3), None, None, 0).expect("the goblin");
        assert_eq!(alone.sharing, None);
        let command = act_command(
            &ActIntent::AttackAt {
                at,
                weapon: None,
                full: false,
                mount: None,
                pick: 1,
            },
            Some(me),
            w,
        );
        assert!(matches!(command, Ok(GameCommand::Attack(cmd::Attack { target, .. })) if target == id("buggy")));
        let charge = act_command(
            &ActIntent::ChargeAt {
                at,
                weapon: None,
                pick: 1,
            },
            Some(id("goblin_1")),
            w,
        );
        assert!(matches!(charge, Ok(GameCommand::Charge(cmd::Charge { target, .. })) if target == id("buggy")));
        let trip = act_command(
            &ActIntent::ManeuverAt {
                at,
                kind: crate::ruleset::ManeuverKind::Trip,
                weapon: None,
                pick: 0,
            },
            Some(id("goblin_1")),
            w,
        );
        assert!(matches!(trip, Ok(GameCommand::Maneuver(cmd::Maneuver { target, .. })) if target == id("buddy")));
    }
}

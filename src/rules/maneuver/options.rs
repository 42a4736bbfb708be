//! The maneuver area's options (§4.4): each maneuver aimed at a foe with nothing more to
//! choose, breaking free of a hold and picking up an item within reach.

use crate::grid::Square;
use crate::rules::cmd;
use crate::rules::maneuver::items::Ground;
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind, foes_of};
use crate::rules::reactions::threat::space_of;
use crate::rules::{GameCommand, Maneuver, UnitId};
use crate::ruleset::ManeuverKind;
use bevy::prelude::World;

/// The maneuvers aimed at a foe with nothing more to choose (reposition also needs the
/// square to move the target to).
pub const MANEUVERS: [ManeuverKind; 5] = [
    ManeuverKind::BullRush,
    ManeuverKind::Trip,
    ManeuverKind::Grapple,
    ManeuverKind::Disarm,
    ManeuverKind::Grab,
];

/// The maneuver area's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Maneuver(_) | OptionKind::BreakFree | OptionKind::PickUp
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        let mut kinds: Vec<OptionKind> = MANEUVERS.map(OptionKind::Maneuver).to_vec();
        kinds.extend([OptionKind::BreakFree, OptionKind::PickUp]);
        kinds
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::Maneuver(_) => "no enemy to attack",
            OptionKind::PickUp => "nothing to pick up",
            _ => "no turn is under way",
        }
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
        let u = || unit.clone();
        let weapon = arms.named();
        match kind {
            OptionKind::Maneuver(k) if MANEUVERS.contains(&k) => match maneuver_of(k) {
                Ok(maneuver) => foes_of(world, unit)
                    .into_iter()
                    .map(|target| {
                        GameCommand::Maneuver(cmd::Maneuver {
                            unit: u(),
                            target,
                            maneuver: maneuver.clone(),
                            weapon: weapon.map(str::to_string),
                        })
                    })
                    .collect(),
                Err(_) => Vec::new(),
            },
            OptionKind::BreakFree => vec![GameCommand::BreakFree(cmd::BreakFree {
                unit: u(),
                from: Vec::new(),
            })],
            OptionKind::PickUp => {
                let Some(me) = space_of(world, unit) else {
                    return Vec::new();
                };
                let near = |sq: Square| me.squares().any(|s| (s.x - sq.x).abs() <= 1 && (s.y - sq.y).abs() <= 1);
                world
                    .get_resource::<Ground>()
                    .map(|g| {
                        g.0.iter()
                            .filter(|item| near(item.at))
                            .map(|item| {
                                GameCommand::PickUp(cmd::PickUp {
                                    unit: u(),
                                    weapon: item.weapon.name.clone(),
                                })
                            })
                            .collect()
                    })
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }
}

/// The rules' maneuver of a kind aimed at a foe with nothing more to choose.
pub fn maneuver_of(kind: ManeuverKind) -> Result<Maneuver, String> {
    Ok(match kind {
        ManeuverKind::BullRush => Maneuver::BullRush,
        ManeuverKind::Trip => Maneuver::Trip,
        ManeuverKind::Grapple => Maneuver::Grapple,
        ManeuverKind::Disarm => Maneuver::Disarm {
            item: None,
            catch: false,
        },
        ManeuverKind::Grab => Maneuver::Grab,
        ManeuverKind::Overrun => Maneuver::Overrun,
        ManeuverKind::Sunder => Maneuver::Sunder,
        ManeuverKind::Reposition => {
            return Err("reposition needs the square to move the target to: give it in a script".into());
        }
    })
}

//! What an action intent stands for: the rule command a key or a click on a square means
//! (attack, full attack, charge or maneuver whoever stands there, an area at an
//! intersection, a readied action with its trigger, a move avoiding attacks of opportunity,
//! or an action with no aim: the first of its choices the rules allow). The rules judge the
//! command when it is submitted.

use crate::grid::Square;
use crate::gui::board::path::path_preview_avoiding;
use crate::gui::hud::actions::entries::Action;
use crate::rules::cmd;
use crate::rules::options;
use crate::rules::{GameCommand, RuleError, UnitId};
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::*;

/// An action intent: what the player asked of the action bar or in attack mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActIntent {
    /// Attack whoever stands on the square (the `pick`th of `arms::units_at`: a rider or
    /// the vehicle it stands in); `full` for a full attack; `mount`: the weapon is mounted on
    /// that vehicle (VEH-20).
    AttackAt {
        at: Square,
        weapon: Option<String>,
        full: bool,
        mount: Option<UnitId>,
        pick: usize,
    },
    /// Throw or fire an area weapon (the chosen one if it has an area, else the first that
    /// does) at the intersection; a cone or line toward `dir`.
    AreaAt {
        at: crate::grid::Intersection,
        weapon: Option<String>,
        dir: crate::grid::Direction8,
    },
    /// Charge whoever stands on the square (the `pick`th of `arms::units_at`).
    ChargeAt {
        at: Square,
        weapon: Option<String>,
        pick: usize,
    },
    /// Attempt a maneuver on whoever stands on the square (the `pick`th of `arms::units_at`).
    ManeuverAt {
        at: Square,
        kind: ManeuverKind,
        weapon: Option<String>,
        pick: usize,
    },
    /// Ready `action` against `trigger`.
    Ready { action: ActionKind, trigger: String },
    /// Move there on the path with the fewest provocations (`query path --avoid-aoo`).
    MoveAvoiding(Square),
    /// An action that needs no aim (stand up, total defense, end turn, ...).
    Do(Action),
}

/// The unit other than `me` whose space holds `at`: a rider before the vehicle it stands in
/// (`arms::units_at`'s first).
pub fn unit_at(world: &World, at: Square, me: &UnitId) -> Option<UnitId> {
    crate::gui::hud::arms::unit_picked(world, at, me, 0)
}

/// The rule command an action intent stands for (`unit`: the active unit, if a turn is
/// under way), or why there is none.
pub fn command_for(act: &ActIntent, unit: Option<UnitId>, world: &World) -> Result<GameCommand, String> {
    if let ActIntent::Do(action) = act {
        let choices = action.choices(world, unit.as_ref());
        // The first the rules allow; else the first, so the refusal gives the rules' reason.
        return choices
            .iter()
            .find(|c| c.allowed())
            .or(choices.first())
            .map(|c| c.command.clone())
            .ok_or_else(|| action.none_reason().to_string());
    }
    let unit = unit.ok_or_else(|| RuleError::NoActiveTurn.to_string())?;
    let target_at = |at: &Square, pick: usize| {
        crate::gui::hud::arms::unit_picked(world, *at, &unit, pick).ok_or_else(|| format!("nobody on {at}"))
    };
    match act {
        ActIntent::AttackAt {
            at,
            weapon,
            full,
            mount,
            pick,
        } => {
            let target = target_at(at, *pick)?;
            // A full attack with a mounted weapon goes out as named: the rules say why not.
            Ok(match full {
                true => options::full_attack_choice(world, &unit, &target, weapon.clone()),
                false => GameCommand::Attack(cmd::Attack {
                    unit,
                    target,
                    weapon: weapon.clone(),
                    defensively: false,
                    mount: mount.clone(),
                }),
            })
        }
        ActIntent::ChargeAt { at, weapon, pick } => Ok(GameCommand::Charge(cmd::Charge {
            target: target_at(at, *pick)?,
            unit,
            to: None,
            weapon: weapon.clone(),
        })),
        ActIntent::ManeuverAt { at, kind, weapon, pick } => Ok(GameCommand::Maneuver(cmd::Maneuver {
            target: target_at(at, *pick)?,
            unit,
            maneuver: options::maneuver_of(*kind)?,
            weapon: weapon.clone(),
        })),
        ActIntent::Ready { action, trigger } => Ok(ready(&unit, *action, trigger)),
        ActIntent::AreaAt { at, weapon, dir } => {
            crate::gui::hud::area::area_command(world, unit, weapon.as_deref(), *at, *dir)
        }
        ActIntent::MoveAvoiding(to) => {
            let preview = path_preview_avoiding(world, &unit, *to, true).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.mode,
            }))
        }
        ActIntent::Do(_) => unreachable!("handled above"),
    }
}

/// The readied action the player picked: its kind and the trigger chosen in the second step
/// (the options list offers the first trigger; the rules take any).
pub fn ready(unit: &UnitId, action: ActionKind, trigger: &str) -> GameCommand {
    GameCommand::Ready(cmd::Ready {
        unit: unit.clone(),
        action,
        trigger: trigger.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::hud::actions::testkit::{me, my_turn};

    #[test]
    fn action_intents_become_the_rule_commands() {
        let b = my_turn();
        let w = b.world();
        assert_eq!(
            command_for(
                &ActIntent::AttackAt {
                    at: Square::new(3, 2),
                    weapon: Some("Knife".into()),
                    full: false,
                    mount: None,
                    pick: 0,
                },
                Some(me()),
                w
            ),
            Ok(GameCommand::Attack(cmd::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: Some("Knife".into()),
                defensively: false,
                mount: None,
            }))
        );
        // starfinder: a full attack makes up to two attacks.
        match command_for(
            &ActIntent::AttackAt {
                at: Square::new(3, 2),
                weapon: None,
                full: true,
                mount: None,
                pick: 0,
            },
            Some(me()),
            w,
        ) {
            Ok(GameCommand::FullAttack(cmd::FullAttack { targets, .. })) => assert_eq!(targets.len(), 2),
            other => panic!("{other:?}"),
        }
        assert!(
            command_for(
                &ActIntent::AttackAt {
                    at: Square::new(8, 2),
                    weapon: None,
                    full: false,
                    mount: None,
                    pick: 0,
                },
                Some(me()),
                w
            )
            .is_err(),
            "nobody there"
        );
        assert_eq!(
            command_for(&ActIntent::Do(Action::StandUp), Some(me()), w),
            Ok(GameCommand::StandUp(cmd::StandUp { unit: me() }))
        );
        // Avoiding the AoO: the path goes around nothing here but still is the planner's.
        let to = Square::new(2, 5);
        let plan =
            crate::rules::movement::plan_move(w, &me(), to, None, crate::rules::MoveMode::Move, true).expect("legal");
        assert_eq!(
            command_for(&ActIntent::MoveAvoiding(to), Some(me()), w),
            Ok(GameCommand::Move(cmd::Move {
                unit: me(),
                to,
                path: Some(plan.squares),
                mode: crate::rules::MoveMode::Move
            }))
        );
    }
}

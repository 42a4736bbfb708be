//! What an intent stands for: the rule command a key or a click means (a move on the planned
//! path, the end of the turn; attack, full attack, charge or maneuver whoever stands on a
//! square, an area at an intersection, a readied action with its trigger, a move avoiding
//! attacks of opportunity, or an action with no aim: the first of its choices the rules
//! allow). The rules judge the command when it is submitted; the previews show the same one.

use crate::grid::{Direction8, Intersection, Square};
use crate::gui::intake::plan::{path_preview, path_preview_avoiding};
use crate::gui::intake::targets::unit_picked;
use crate::gui::state::action::kind_label;
use crate::gui::state::intent::ActIntent;
use crate::gui::state::intent::Intent;
use crate::rules::area::options::area_weapon;
use crate::rules::attack::options::full_attack_choice;
use crate::rules::cmd;
use crate::rules::maneuver::options::maneuver_of;
use crate::rules::options::{Arms, Choice, MapPoint, OptionKind, aimed_choices};
use crate::rules::{Combat, GameCommand, RuleError, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::*;

/// The rule command an intent stands for, or why there is none. The move follows the path
/// the overlay showed (the cheapest one within the smallest band that reaches).
pub fn command_for(intent: &Intent, world: &World) -> Result<GameCommand, String> {
    match intent {
        Intent::Command(command) => return Ok(command.clone()),
        // Act now, proceed and fire readied have no active unit to wait for.
        Intent::Act(act) => {
            return act_command(act, world.resource::<Combat>().active.clone(), world);
        }
        _ => {}
    }
    let unit = world
        .resource::<Combat>()
        .active
        .clone()
        .ok_or_else(|| RuleError::NoActiveTurn.to_string())?;
    match intent {
        Intent::Undo | Intent::Save | Intent::Menu => Err("not a rule command".into()),
        Intent::EndTurn => Ok(GameCommand::EndTurn(cmd::EndTurn { unit })),
        Intent::Act(_) | Intent::Command(_) => unreachable!("handled above"),
        Intent::MoveTo(to) => {
            let preview = path_preview(world, &unit, *to).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.mode,
            }))
        }
    }
}

/// The rule command an action intent stands for (`unit`: the active unit, if a turn is
/// under way), or why there is none.
pub fn act_command(act: &ActIntent, unit: Option<UnitId>, world: &World) -> Result<GameCommand, String> {
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
    let target_at =
        |at: &Square, pick: usize| unit_picked(world, *at, &unit, pick).ok_or_else(|| format!("nobody on {at}"));
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
                true => full_attack_choice(world, &unit, &target, weapon.clone()),
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
            maneuver: maneuver_of(*kind)?,
            weapon: weapon.clone(),
        })),
        ActIntent::Ready { action, trigger } => Ok(ready(&unit, *action, trigger)),
        ActIntent::AreaAt { at, weapon, dir } => area_command(world, unit, weapon.as_deref(), *at, *dir),
        ActIntent::MoveAvoiding(to) => {
            let preview = path_preview_avoiding(world, &unit, *to, true).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.mode,
            }))
        }
        ActIntent::OptionAt {
            kind,
            point,
            weapon,
            spell,
            pick,
        } => option_command(world, &unit, *kind, point, weapon.as_deref(), spell.as_deref(), *pick),
        ActIntent::Choose(command) => Ok(command.clone()),
        ActIntent::Do(_) => unreachable!("handled above"),
    }
}

/// The choices of `kind` the point means for `unit`, with the rules' verdicts: the owning
/// area's answer (`rules::options::aimed_choices`) armed with the chosen weapon, narrowed to
/// the chosen spell. What the aim's preview shows and a click sends.
pub fn aimed_here(
    world: &World,
    unit: &UnitId,
    kind: OptionKind,
    point: &MapPoint,
    weapon: Option<&str>,
    spell: Option<&str>,
) -> Vec<Choice> {
    let arms = Arms::Chosen { weapon, mount: None };
    let mut choices = aimed_choices(world, unit, kind, arms, point);
    // A weapon chosen for another kind (Tab in attack mode) does not empty the aim.
    if choices.is_empty() && weapon.is_some() {
        choices = aimed_choices(
            world,
            unit,
            kind,
            Arms::Chosen {
                weapon: None,
                mount: None,
            },
            point,
        );
    }
    choices.retain(|c| match (&c.command, spell) {
        (GameCommand::CastSpell(cast), Some(spell)) => cast.spell == spell,
        _ => true,
    });
    choices
}

/// The `pick`th allowed of [`aimed_here`]'s choices (counting round), else the first, so the
/// rules say why not; none there is said too.
pub fn option_command(
    world: &World,
    unit: &UnitId,
    kind: OptionKind,
    point: &MapPoint,
    weapon: Option<&str>,
    spell: Option<&str>,
    pick: usize,
) -> Result<GameCommand, String> {
    let choices = aimed_here(world, unit, kind, point, weapon, spell);
    let allowed: Vec<&Choice> = choices.iter().filter(|c| c.allowed()).collect();
    match (allowed.is_empty(), choices.first()) {
        (false, _) => Ok(allowed[pick % allowed.len()].command.clone()),
        (true, Some(first)) => Ok(first.command.clone()),
        (true, None) => Err(format!("{}: nothing to aim at on {}", kind_label(kind), point.square)),
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

/// The area command of `unit` with its area weapon at `at` (cones and lines toward `dir`).
pub fn area_command(
    world: &World,
    unit: UnitId,
    chosen: Option<&str>,
    at: Intersection,
    dir: Direction8,
) -> Result<GameCommand, String> {
    let weapon = area_weapon(world, &unit, chosen).ok_or_else(|| format!("{unit} has no area weapon"))?;
    let directed = weapon.area.is_some_and(|a| a.shape.directed());
    Ok(GameCommand::AreaAttack(cmd::AreaAttack {
        unit,
        weapon: weapon.name,
        at,
        dir: directed.then_some(dir),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::action::Action;
    use crate::gui::testkit::tutorial;
    use crate::gui::testkit::{me, my_turn};

    #[test]
    fn action_intents_become_the_rule_commands() {
        let b = my_turn();
        let w = b.world();
        assert_eq!(
            act_command(
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
        match act_command(
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
            act_command(
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
            act_command(&ActIntent::Do(Action::StandUp), Some(me()), w),
            Ok(GameCommand::StandUp(cmd::StandUp { unit: me() }))
        );
        // Avoiding the AoO: the path goes around nothing here but still is the planner's.
        let to = Square::new(2, 5);
        let plan =
            crate::rules::movement::plan_move(w, &me(), to, None, crate::rules::MoveMode::Move, true).expect("legal");
        assert_eq!(
            act_command(&ActIntent::MoveAvoiding(to), Some(me()), w),
            Ok(GameCommand::Move(cmd::Move {
                unit: me(),
                to,
                path: Some(plan.squares),
                mode: crate::rules::MoveMode::Move
            }))
        );
    }

    #[test]
    fn end_turn_intent_is_an_end_turn_command_for_the_active_unit() {
        let battle = tutorial();
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        assert_eq!(
            command_for(&Intent::EndTurn, battle.world()),
            Ok(GameCommand::EndTurn(cmd::EndTurn { unit }))
        );
    }

    #[test]
    fn move_intent_carries_the_previewed_path_and_band() {
        let battle = tutorial();
        let world = battle.world();
        let unit = world.resource::<Combat>().active.clone().expect("a turn");
        let from = crate::rules::reactions::threat::space_of(world, &unit)
            .expect("placed")
            .at;
        let to = Square::new(from.x + 1, from.y);
        let preview = path_preview(world, &unit, to).expect("one step is legal");
        assert_eq!(
            command_for(&Intent::MoveTo(to), world),
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to,
                path: Some(preview.squares),
                mode: crate::rules::MoveMode::Move
            }))
        );
    }

    #[test]
    fn move_into_a_wall_is_refused_with_the_rules_reason() {
        let battle = tutorial();
        let why = command_for(&Intent::MoveTo(Square::new(0, 0)), battle.world()).expect_err("a wall");
        assert!(!why.is_empty());
    }
}

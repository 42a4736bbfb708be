//! The chase inside a battle (RULES.md §26): the chase commands through the normal
//! check/execute path, their events applied to the `Chase` resource, and the gate that keeps
//! grid commands out of the pilot-actions and progress phases (CHS-4) and holds a pilot to
//! what its pilot actions left (CHS-14); what the grid's rules ask of a running chase (the
//! terms of an attack between vehicles) is `grid`'s. Without a `Chase` resource none of this
//! applies.

use super::combat::BoardingResult;
use super::grid::chase_rules;
use super::pilot_actions::{PilotRequest, phase_name};
use super::progress::MoveReason;
use super::state::{Chase, ChasePhase, Departure, ManeuverUse};
use crate::rules::attack::deal_damage;
use crate::rules::engine::error::illegal;
use crate::rules::vehicle::escape::LeftBattle;
use crate::rules::vehicle::{Aboard, RiderRole, SkillBonuses};
use crate::rules::{ChaseEvent, cmd};
use crate::rules::{Combat, Dice, Executor, GameCommand, Modifier, Profile, RuleError, UnitId};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;

pub(super) fn chase(world: &World) -> Result<&Chase, RuleError> {
    chase_rules(world)?;
    world
        .get_resource::<Chase>()
        .ok_or_else(|| illegal("this battle is not a vehicle chase"))
}

/// The vehicle `pilot` pilots in the chase.
fn piloted(world: &World, pilot: &UnitId) -> Result<UnitId, RuleError> {
    let aboard = crate::rules::unit_component::<Aboard>(world, pilot);
    match aboard {
        Some(a) if a.role == RiderRole::Pilot => Ok(a.vehicle.clone()),
        _ => Err(illegal(format!("{pilot} is not piloting a vehicle"))),
    }
}

fn skill(world: &World, unit: &UnitId) -> Modifier {
    let bonus = crate::rules::unit_component::<SkillBonuses>(world, unit).map_or(0, |s| s.piloting);
    let name = crate::rules::unit_component::<Profile>(world, unit).map_or(unit.to_string(), |p| p.name.clone());
    Modifier::new(bonus, format!("Piloting ({name})"))
}

fn request(world: &World, c: &cmd::PilotAction) -> Result<PilotRequest, RuleError> {
    Ok(PilotRequest {
        vehicle: piloted(world, &c.unit)?,
        action: c.action,
        target: c.target.clone(),
        double: c.double,
        skill: skill(world, &c.unit),
    })
}

/// The DC and the check's modifiers (every one but the d20) of a `PilotAction` command as
/// its pilot would roll it now, for a menu to show (`None` DC: no check is needed). Pure: the
/// same numbers `execute_pilot_action` rolls against; whether the command is allowed is
/// `check_pilot_action`'s to say.
pub fn pilot_action_terms(world: &World, command: &GameCommand) -> Result<(Option<i32>, Vec<Modifier>), RuleError> {
    let rules = chase_rules(world)?;
    let variants = &world.resource::<Ruleset>().variants;
    let board = chase(world)?;
    let GameCommand::PilotAction(c) = command else {
        return Err(illegal("not a pilot action"));
    };
    let req = request(world, c)?;
    let dc = board.pilot_dc(rules, variants, &req.vehicle, req.action, req.target.as_ref());
    // The part of a double maneuver counts as one whether it is the first or the second.
    let double = req.double
        || board
            .entry(&req.vehicle)
            .is_some_and(|e| matches!(e.record.maneuver, ManeuverUse::Double { .. }));
    let modifiers = if dc.is_some() {
        board.pilot_modifiers(rules, &req, double)
    } else {
        Vec::new()
    };
    Ok((dc, modifiers))
}

/// The chance, in percent, that a `PilotAction` command's Piloting check succeeds as its pilot
/// would roll it now (§26.3: d20 + the modifiers `pilot_action_terms` gives against its DC;
/// `None`: no check is needed). For the pilot menu's odds.
pub fn pilot_action_chance(world: &World, command: &GameCommand) -> Result<Option<f64>, RuleError> {
    let (dc, modifiers) = pilot_action_terms(world, command)?;
    Ok(dc.map(|dc| (crate::rules::D20Check::chance(&modifiers, dc) * 1000.0).round() / 10.0))
}

/// PilotAction (§26.3): the acting pilot's action, if the chase allows it now.
pub(crate) fn check_pilot_action(world: &World, c: &cmd::PilotAction) -> Result<(), RuleError> {
    let board = chase(world)?;
    crate::rules::health::check_can_act(world, &c.unit)?;
    board.check_pilot_action(&request(world, c)?)
}

/// EndPilotTurn: the acting pilot ends its pilot-actions turn.
pub(crate) fn check_end_pilot_turn(world: &World, c: &cmd::EndPilotTurn) -> Result<(), RuleError> {
    chase(world)?.check_end_pilot_turn(&piloted(world, &c.unit)?)
}

/// ChaseProgress (§26.4): only once every pilot has acted.
pub(crate) fn check_chase_progress(world: &World, _c: &cmd::ChaseProgress) -> Result<(), RuleError> {
    let board = chase(world)?;
    if board.phase != ChasePhase::Progress {
        return Err(illegal(format!(
            "chase progress comes after every pilot has acted; the chase is in the {} phase",
            phase_name(board.phase)
        )));
    }
    Ok(())
}

/// Collide (CHS-17): a pilot with a standard action left, against an engaged vehicle.
pub(crate) fn check_collide(world: &World, c: &cmd::Collide) -> Result<(), RuleError> {
    let board = chase(world)?;
    let (unit, target) = (&c.unit, &c.target);
    let vehicle = piloted(world, unit)?;
    if board.phase != ChasePhase::Combat {
        return Err(illegal("collisions happen in the combat phase (CHS-17)"));
    }
    if !board.are_engaged(&vehicle, target) {
        return Err(illegal(format!(
            "{vehicle} is not engaged with {target}: only engaged vehicles collide (CHS-17)"
        )));
    }
    if !board.pilot_allowance(&vehicle).standard {
        return Err(illegal(format!(
            "{unit} has no standard action left after its pilot actions (CHS-14)"
        )));
    }
    world
        .resource::<Combat>()
        .can_spend(&world.resource::<Ruleset>().actions, ActionKind::Standard)
}

/// BoardEngaged (CHS-16).
pub(crate) fn check_board_engaged(world: &World, c: &cmd::BoardEngaged) -> Result<(), RuleError> {
    chase(world)?;
    super::boarding::check_boarding(world, &c.unit, &c.vehicle).map(|_| ())
}

/// Runs an allowed pilot action: the check, its outcome and hazard damage.
pub(crate) fn execute_pilot_action(ex: &mut Executor, c: &cmd::PilotAction) -> Result<(), RuleError> {
    let rules = chase_rules(ex.world)?.clone();
    let variants = ex.ruleset().variants.clone();
    let req = request(ex.world, c)?;
    let board = ex.world.resource::<Chase>().clone();
    let outcome = {
        let mut dice = ex.world.resource_mut::<Dice>();
        board.resolve_pilot_action(&rules, &variants, &req, &mut dice)?
    };
    let damage: Vec<(UnitId, u32)> = outcome.hazards.iter().map(|h| (h.vehicle.clone(), h.damage)).collect();
    ex.emit(ChaseEvent::ChasePilotAction {
        pilot: c.unit.clone(),
        outcome,
    });
    damage_vehicles(ex, &damage)
}

/// Ends the pilot's turn; a vehicle whose pilot took no action is uncontrolled (CHS-8).
pub(crate) fn execute_end_pilot_turn(ex: &mut Executor, c: &cmd::EndPilotTurn) -> Result<(), RuleError> {
    let vehicle = piloted(ex.world, &c.unit)?;
    let uncontrolled = ex
        .world
        .resource::<Chase>()
        .entry(&vehicle)
        .is_some_and(|e| e.record.maneuver == ManeuverUse::None);
    ex.emit(ChaseEvent::ChasePilotTurnEnded {
        pilot: c.unit.clone(),
        vehicle,
        uncontrolled,
    });
    Ok(())
}

/// Runs chase progress (§26.4) and its hazards.
pub(crate) fn execute_chase_progress(ex: &mut Executor, c: &cmd::ChaseProgress) -> Result<(), RuleError> {
    let rules = chase_rules(ex.world)?.clone();
    let board = ex.world.resource::<Chase>().clone();
    let outcome = {
        let mut dice = ex.world.resource_mut::<Dice>();
        board.resolve_progress(&rules, &c.stay, &mut dice)?
    };
    let damage: Vec<(UnitId, u32)> = outcome
        .hazards
        .iter()
        .chain(&outcome.followers)
        .map(|h| (h.vehicle.clone(), h.damage))
        .collect();
    ex.emit(ChaseEvent::ChaseProgressed { outcome });
    // The unit whose turn it is may leave with its vehicle: the engine then ends its turn
    // (`Gates::carries_off`).
    damage_vehicles(ex, &damage)
}

/// Runs a collision (CHS-17).
pub(crate) fn execute_collide(ex: &mut Executor, c: &cmd::Collide) -> Result<(), RuleError> {
    let rules = chase_rules(ex.world)?.clone();
    let (unit, target) = (&c.unit, &c.target);
    let vehicle = piloted(ex.world, unit)?;
    let board = ex.world.resource::<Chase>().clone();
    let piloting = skill(ex.world, unit);
    let outcome = {
        let mut dice = ex.world.resource_mut::<Dice>();
        board.resolve_collision(&rules, &vehicle, target, piloting, &mut dice)?
    };
    crate::rules::sequence::turn::take_action(ex, unit, ActionKind::Standard, format!("collides with {target}"));
    let damage = vec![
        (outcome.target.clone(), outcome.damage),
        (outcome.vehicle.clone(), outcome.self_damage),
    ];
    ex.emit(ChaseEvent::ChaseCollision {
        pilot: unit.clone(),
        outcome,
    });
    damage_vehicles(ex, &damage)
}

/// Runs a boarding between engaged vehicles (CHS-16).
pub(crate) fn execute_board_engaged(ex: &mut Executor, c: &cmd::BoardEngaged) -> Result<(), RuleError> {
    super::boarding::execute_boarding(ex, &c.unit, &c.vehicle, c.skill)
}

/// Hazard and collision damage to vehicles, through the usual health path.
fn damage_vehicles(ex: &mut Executor, damage: &[(UnitId, u32)]) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    for (vehicle, amount) in damage.iter().filter(|(_, a)| *a > 0) {
        deal_damage(ex, &rules, vehicle, *amount, true)?;
    }
    Ok(())
}

/// CHS-10: the vehicles that would escape in the coming chase progress (empty without a
/// chase or outside the progress phase). Pure: the GUI runs chase progress by itself when
/// this is empty, and offers the "stay in the chase" choice for these vehicles otherwise.
pub fn would_escape(world: &World) -> Vec<UnitId> {
    match (
        world.resource::<Ruleset>().chases.as_ref(),
        world.get_resource::<Chase>(),
    ) {
        (Some(rules), Some(board)) => board.would_escape(rules),
        _ => Vec::new(),
    }
}

/// Commands the chase forbids now: anything but pilot actions before chase progress (CHS-4),
/// grid movement (positions are zones), and what a pilot's pilot actions used up (CHS-14).
pub fn refuse_in_chase(world: &World, command: &GameCommand) -> Option<RuleError> {
    let board = world.get_resource::<Chase>()?;
    if board.phase == ChasePhase::Over {
        return None;
    }
    let chase_command = matches!(
        command,
        GameCommand::PilotAction(cmd::PilotAction { .. })
            | GameCommand::EndPilotTurn(cmd::EndPilotTurn { .. })
            | GameCommand::ChaseProgress(cmd::ChaseProgress { .. })
            | GameCommand::TrackEffect(cmd::TrackEffect { .. })
            | GameCommand::DamageAbility(cmd::DamageAbility { .. })
            | GameCommand::SetReactions(cmd::SetReactions { .. })
    );
    if matches!(board.phase, ChasePhase::PilotActions | ChasePhase::Progress) && !chase_command {
        return Some(illegal(format!(
            "the chase is in the {} phase: {}",
            phase_name(board.phase),
            if board.phase == ChasePhase::Progress {
                "run ChaseProgress first"
            } else {
                "pilots take their pilot actions first"
            }
        )));
    }
    if matches!(
        command,
        GameCommand::Move(cmd::Move { .. })
            | GameCommand::Charge(cmd::Charge { .. })
            | GameCommand::Fly(cmd::Fly { .. })
            | GameCommand::Vehicle(cmd::Vehicle { .. })
    ) {
        return Some(illegal(
            "in a vehicle chase, positions are zones: vehicles move by pilot actions and chase progress",
        ));
    }
    if board.phase != ChasePhase::Combat {
        return None;
    }
    let unit = command.actor()?;
    let vehicle = board.vehicle_of_pilot(unit)?;
    let spent = vehicle.record.maneuver;
    let refused = match spent {
        ManeuverUse::Double { .. } => !matches!(command, GameCommand::EndTurn(cmd::EndTurn { .. })),
        ManeuverUse::Single => matches!(command, GameCommand::FullAttack(cmd::FullAttack { .. })),
        _ => false,
    };
    refused.then(|| {
        illegal(format!(
            "{unit} spent {} on pilot actions this round (CHS-14)",
            if spent == ManeuverUse::Single {
                "its move action: a pilot makes a full attack only after leaving the vehicle uncontrolled"
            } else {
                "its full action"
            }
        ))
    })
}

/// The only writer of the chase's events.
pub fn apply_chase_event(world: &mut World, event: &ChaseEvent) {
    match event {
        ChaseEvent::ChaseBoarding { unit, to, outcome, .. } => {
            super::boarding::apply_boarding(world, unit, to, outcome.result);
            return;
        }
        ChaseEvent::ChaseLeftBehind { unit } => {
            crate::rules::vehicle::escape::leave_battle(world, std::slice::from_ref(unit), LeftBattle::LeftBehind);
            return;
        }
        // VEH-22: the grid battle becomes a chase; the board is made here.
        ChaseEvent::ChaseBegan { zones, left_out, .. } => {
            super::begin_from_grid(world, zones, left_out);
            return;
        }
        _ => {}
    }
    let Some(rules) = world.resource::<Ruleset>().chases.clone() else {
        return;
    };
    let Some(mut board) = world.get_resource_mut::<Chase>() else {
        return;
    };
    match event {
        ChaseEvent::ChasePilotAction { outcome, .. } => board.apply_pilot_action(&rules, outcome),
        ChaseEvent::ChasePilotTurnEnded { vehicle, .. } => board.apply_end_pilot_turn(vehicle),
        ChaseEvent::ChaseProgressed { outcome } => {
            board.apply_progress(outcome);
            // CHS-10: a vehicle that escaped or was left behind is out of the battle with
            // its riders (a wrecked one stays where it is).
            for (vehicle, why) in &outcome.departures {
                let why = match why {
                    Departure::Escaped => LeftBattle::Escaped,
                    Departure::LeftBehind => LeftBattle::LeftBehind,
                    Departure::Wrecked => continue,
                };
                crate::rules::vehicle::escape::leave_with_riders(world, vehicle, why);
            }
        }
        _ => {}
    }
}

/// The log line of a chase event.
pub fn narrate_chase(event: &ChaseEvent) -> String {
    match event {
        ChaseEvent::ChasePilotAction { pilot, outcome } => {
            let part = match outcome.part {
                0 => String::new(),
                p => format!(" (double maneuver, part {p})"),
            };
            let target = outcome.target.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
            let check = match &outcome.check {
                Some(c) => {
                    let mods: Vec<String> = c
                        .modifiers
                        .iter()
                        .map(|m| format!("{:+} {}", m.value, m.source))
                        .collect();
                    format!(
                        ": d20 {} {} = {} vs DC {} — {}",
                        c.roll.result,
                        mods.join(" "),
                        c.total,
                        c.dc.unwrap_or_default(),
                        if c.success { "success" } else { "failure" }
                    )
                }
                None => " (no check)".into(),
            };
            let moved = outcome
                .moved_to
                .map(|z| format!("; {} moves up to zone {z} at once", outcome.vehicle))
                .unwrap_or_default();
            let hazards: String = outcome
                .hazards
                .iter()
                .map(|h| format!("; {} {} {}", h.hazard, if h.hit { "hits" } else { "misses" }, h.vehicle))
                .collect();
            format!(
                "{pilot} ({}) tries to {}{target}{part}{check}{moved}{hazards}",
                outcome.vehicle,
                outcome.action.name()
            )
        }
        ChaseEvent::ChasePilotTurnEnded {
            pilot,
            vehicle,
            uncontrolled,
        } => {
            if *uncontrolled {
                format!("{pilot} takes no pilot action: {vehicle} is uncontrolled this round")
            } else {
                format!("{pilot} is done piloting {vehicle} this round")
            }
        }
        ChaseEvent::ChaseProgressed { outcome } => {
            let mut parts: Vec<String> = outcome
                .moves
                .iter()
                .map(|m| {
                    let how = match m.reason {
                        MoveReason::Succeeded => "advances",
                        MoveReason::SpeedUpNarrowMiss => "advances (speed up missed by less than 5)",
                        MoveReason::FellBack => "falls back (failed keep pace)",
                        MoveReason::FailedAll => "stays (failed every check)",
                        MoveReason::NoCheck => "stays (made no Piloting check)",
                        MoveReason::SlowedDown => "stays (slowed down)",
                        MoveReason::CarriedByEngagement => "is carried along by its engagement",
                        MoveReason::EngagementHeld => "stays with its engagement",
                        MoveReason::DroppedBack => "drops back to stay in the chase",
                    };
                    format!("{} {how}: zone {} → {}", m.vehicle, m.from, m.to)
                })
                .collect();
            let hazard = |h: &super::HazardAttack| {
                format!(
                    "{}{} {} {} ({} vs KAC {}){}",
                    h.hazard,
                    h.pick
                        .as_ref()
                        .map(|d| format!(" (d{} {})", d.sides, d.result))
                        .unwrap_or_default(),
                    if h.hit { "hits" } else { "misses" },
                    h.vehicle,
                    h.total,
                    h.ac,
                    if h.off_course { ", off course" } else { "" }
                )
            };
            parts.extend(outcome.hazards.iter().map(hazard));
            for (v, why) in &outcome.departures {
                parts.push(match why {
                    Departure::Escaped => format!("{v} escapes"),
                    Departure::LeftBehind => format!("{v} is left behind"),
                    Departure::Wrecked => format!("{v} is wrecked"),
                });
            }
            parts.extend(outcome.followers.iter().map(hazard));
            if outcome.over {
                parts.push("the chase is over".into());
            }
            format!("Chase progress: {}", parts.join("; "))
        }
        ChaseEvent::ChaseCollision { pilot, outcome } => format!(
            "{pilot} smashes {} into {}: d20 {} → {} vs DC {} — {}",
            outcome.vehicle,
            outcome.target,
            outcome.check.roll.result,
            outcome.check.total,
            outcome.check.dc.unwrap_or_default(),
            if outcome.check.success {
                format!("{} damage to it, {} back", outcome.damage, outcome.self_damage)
            } else {
                "misses".into()
            }
        ),
        ChaseEvent::ChaseBoarding {
            unit,
            from,
            to,
            skill,
            outcome,
        } => {
            let result = match outcome.result {
                BoardingResult::Boarded => format!("{unit} is now aboard {to}"),
                BoardingResult::Stayed => format!("{unit} stays on {from}"),
                BoardingResult::Fell => {
                    format!("{unit} falls off, prone, taking {} falling damage", outcome.fall_damage)
                }
            };
            format!(
                "{unit} tries to board {to} from {from}: {} d20 {} {:+} = {} vs DC {} — {result}",
                skill.name(),
                outcome.check.roll.result,
                outcome.check.modifiers.iter().map(|m| m.value).sum::<i32>(),
                outcome.check.total,
                outcome.check.dc.unwrap_or_default()
            )
        }
        ChaseEvent::ChaseLeftBehind { unit } => {
            format!("{unit}, on foot, is left behind by the chase (CHS-16, VEH-22)")
        }
        ChaseEvent::ChaseBegan {
            escapee,
            foes,
            zones,
            left_out,
        } => {
            let zones: Vec<String> = zones.iter().map(|(v, z)| format!("{v} zone {z}")).collect();
            let left = match left_out.len() {
                0 => String::new(),
                _ => format!(
                    "; left out: {}",
                    left_out.iter().map(|u| u.0.as_str()).collect::<Vec<_>>().join(", ")
                ),
            };
            format!(
                "{escapee} got beyond the run of {}, but its foes pursue: the battle becomes a vehicle chase ({}){left} (VEH-22)",
                crate::rules::vehicle::escape::reach_list(foes),
                zones.join(", ")
            )
        }
    }
}

//! The grid actions' choices: the squares a move reaches (from the reach plan), and the aims
//! of attacks, maneuvers, areas, spells and support actions (foes, allies, intersections).

use super::{Arms, Choice, MANEUVERS, OptionKind};
use crate::grid::{Direction8, Intersection, Square};
use crate::rules::cmd;
use crate::rules::maneuver::items::Ground;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::reactions::threat::{hostile, space_of};
use crate::rules::vehicle::riding;
use crate::rules::{GameCommand, Maneuver, MoveMode, Profile, UnitId, UnitIndex, Weapon, check};
use crate::ruleset::ManeuverKind;
use bevy::prelude::World;

/// The units hostile to `unit`, by id.
pub fn foes_of(world: &World, unit: &UnitId) -> Vec<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .cloned()
        .collect()
}

/// The other units of `unit`'s side, by id.
pub fn allies_of(world: &World, unit: &UnitId) -> Vec<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && !hostile(world, unit, u))
        .cloned()
        .collect()
}

/// Each square `unit` can move to now with one command (MOV-1, §5.6), in the smallest band
/// that reaches it: a move, a double move or a run. The reach plan agrees with `check` square
/// by square (`reach_plan` tests), so its squares are allowed without asking again; when no
/// band is open the refusal is the plan's reason.
pub fn move_choices(world: &World, unit: &UnitId) -> Vec<Choice> {
    let modes = [MoveMode::Move, MoveMode::Double, MoveMode::Run];
    let plan = match plan_reach(world, unit, &modes) {
        Ok(plan) => plan,
        Err(e) => {
            return refused_move(world, unit, e.to_string());
        }
    };
    let choices: Vec<Choice> = plan
        .smallest()
        .into_iter()
        .map(|(to, (mode, _))| Choice {
            command: GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode,
            }),
            verdict: Ok(()),
        })
        .collect();
    if let Some(first) = choices.first() {
        // The plan judges squares, not whose turn it is: one move stands for the gates every
        // move shares (the turn, a delay window, the unit's state).
        return match check(world, &first.command) {
            Ok(()) => choices,
            Err(e) => refused_move(world, unit, e.to_string()),
        };
    }
    let why = plan
        .bands
        .iter()
        .find_map(|(_, band)| band.as_ref().err().map(|e| e.to_string()))
        .unwrap_or_else(|| "no square to move to".to_string());
    refused_move(world, unit, why)
}

/// The verdict on moving (the one [`move_choices`] gives: allowed when a band reaches a
/// square, else the first band's refusal), planning the bands one at a time and only until
/// one reaches a square: the run band, the costly one (a priced line to every square of its
/// box), is planned only when neither a move nor a double move goes anywhere.
pub(super) fn move_verdict(world: &World, unit: &UnitId) -> Result<(), String> {
    let mut first = None;
    for mode in [MoveMode::Move, MoveMode::Double, MoveMode::Run] {
        let plan = plan_reach(world, unit, &[mode]).map_err(|e| e.to_string())?;
        if let Some((to, (mode, _))) = plan.smallest().into_iter().next() {
            // As in `move_choices`: one move stands for the gates every move shares.
            let command = GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode,
            });
            return check(world, &command).map_err(|e| e.to_string());
        }
        if let Some((_, Err(e))) = plan.bands.first() {
            first.get_or_insert_with(|| e.to_string());
        }
    }
    Err(first.unwrap_or_else(|| "no square to move to".to_string()))
}

/// One move one square over, refused with `why` (so the list says why the unit cannot move).
fn refused_move(world: &World, unit: &UnitId, why: String) -> Vec<Choice> {
    let Some(me) = space_of(world, unit) else {
        return Vec::new();
    };
    vec![Choice {
        command: GameCommand::Move(cmd::Move {
            unit: unit.clone(),
            to: Square::new(me.at.x.saturating_add(1), me.at.y),
            path: None,
            mode: MoveMode::Move,
        }),
        verdict: Err(why),
    }]
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
        ManeuverKind::Reposition => {
            return Err("reposition needs the square to move the target to: give it in a script".into());
        }
    })
}

/// The area weapon `unit` uses: the chosen weapon if it has an area, else its first one.
pub fn area_weapon(world: &World, unit: &UnitId, chosen: Option<&str>) -> Option<Weapon> {
    let weapons = &crate::rules::unit_component::<Profile>(world, unit)?.weapons;
    weapons
        .iter()
        .find(|w| w.area.is_some() && Some(w.name.as_str()) == chosen)
        .or_else(|| weapons.iter().find(|w| w.area.is_some()))
        .cloned()
}

/// The weapons to offer attacks with: the chosen one (`None`: the rules' pick), or for every
/// weapon the rules' pick plus each weapon the unit holds that is not an area weapon.
fn weapon_names(world: &World, unit: &UnitId, arms: Arms) -> Vec<Option<String>> {
    if let Arms::Chosen { weapon, .. } = arms {
        return vec![weapon.map(str::to_string)];
    }
    let mut names = vec![None];
    if let Some(p) = crate::rules::unit_component::<Profile>(world, unit) {
        names.extend(
            p.weapons
                .iter()
                .filter(|w| w.area.is_none() && !w.autofire_only)
                .map(|w| Some(w.name.clone())),
        );
    }
    names
}

/// The most attacks one full attack may try (more than any family's rules allow).
const MOST_ATTACKS: usize = 4;

/// A full attack of `unit` making `n` attacks on `target` with `weapon`.
fn full_attack(unit: &UnitId, target: &UnitId, weapon: Option<String>, n: usize) -> GameCommand {
    GameCommand::FullAttack(cmd::FullAttack {
        unit: unit.clone(),
        targets: vec![target.clone(); n],
        weapon,
        weapons: Vec::new(),
        defensively: false,
    })
}

/// The most attacks the rules allow `unit` in one full attack on `target` with `weapon` (a
/// single one when none is allowed, so the refusal gives the rules' reason).
pub fn full_attack_choice(world: &World, unit: &UnitId, target: &UnitId, weapon: Option<String>) -> GameCommand {
    (1..=MOST_ATTACKS)
        .rev()
        .map(|n| full_attack(unit, target, weapon.clone(), n))
        .find(|c| check(world, c).is_ok())
        .unwrap_or_else(|| full_attack(unit, target, weapon.clone(), 1))
}

/// The verdict on the full attacks (the one their choices give: allowed when one target with
/// one weapon allows some number of attacks, else the first one's single attack's refusal),
/// asking the rules only until one is allowed, a single attack first: `full_attack_choice`
/// looks for the most attacks, which the verdict does not need.
pub(super) fn full_attack_verdict(world: &World, unit: &UnitId, arms: Arms) -> Result<(), String> {
    let weapons = weapon_names(world, unit, arms);
    let mut first = None;
    for target in foes_of(world, unit) {
        for weapon in &weapons {
            for n in 1..=MOST_ATTACKS {
                match check(world, &full_attack(unit, &target, weapon.clone(), n)) {
                    Ok(()) => return Ok(()),
                    Err(e) if n == 1 => {
                        first.get_or_insert_with(|| e.to_string());
                    }
                    Err(_) => {}
                }
            }
        }
    }
    Err(first.unwrap_or_else(|| super::none_reason(OptionKind::FullAttack).to_string()))
}

/// Area commands: for a burst or spread, each corner of each foe's space; for a cone or
/// line, each corner of the unit's own space in each direction (AREA-1).
pub fn area_aims(world: &World, unit: &UnitId, weapon: &str, directed: bool, foes: &[UnitId]) -> Vec<GameCommand> {
    let command = |at: Intersection, dir: Option<Direction8>| {
        GameCommand::AreaAttack(cmd::AreaAttack {
            unit: unit.clone(),
            weapon: weapon.to_string(),
            at,
            dir,
        })
    };
    aim_points(world, unit, directed, foes)
        .into_iter()
        .map(|(at, dir)| command(at, dir))
        .collect()
}

/// The points an area is aimed at (see [`area_aims`]), each with its direction when directed.
fn aim_points(
    world: &World,
    unit: &UnitId,
    directed: bool,
    foes: &[UnitId],
) -> Vec<(Intersection, Option<Direction8>)> {
    let corners = |s: crate::grid::Space| {
        let side = s.side as i32;
        [(0, 0), (side, 0), (0, side), (side, side)].map(|(dx, dy)| Intersection::new(s.at.x + dx, s.at.y + dy))
    };
    if directed {
        let Some(me) = space_of(world, unit) else {
            return Vec::new();
        };
        corners(me)
            .into_iter()
            .flat_map(|at| Direction8::ALL.map(|d| (at, Some(d))))
            .collect()
    } else {
        let mut points: Vec<Intersection> = foes
            .iter()
            .filter_map(|f| space_of(world, f))
            .flat_map(corners)
            .collect();
        points.sort_by_key(|p| (p.j, p.i));
        points.dedup();
        points.into_iter().map(|p| (p, None)).collect()
    }
}

/// The attacks of `unit` firing `vehicle`'s mounted weapons (VEH-20): each foe but the
/// vehicle, with `weapon` (`None`: each weapon mounted on it).
pub fn mounted_attacks(world: &World, unit: &UnitId, vehicle: &UnitId, weapon: Option<&str>) -> Vec<GameCommand> {
    let mounted: Vec<String> = match weapon {
        Some(w) => vec![w.to_string()],
        None => crate::rules::unit_component::<Profile>(world, vehicle)
            .map(|p| p.weapons.iter().map(|w| w.name.clone()).collect())
            .unwrap_or_default(),
    };
    foes_of(world, unit)
        .into_iter()
        .filter(|t| t != vehicle)
        .flat_map(|target| {
            mounted.iter().map(move |w| {
                GameCommand::Attack(cmd::Attack {
                    unit: unit.clone(),
                    target: target.clone(),
                    weapon: Some(w.clone()),
                    defensively: false,
                    mount: Some(vehicle.clone()),
                })
            })
        })
        .collect()
}

/// The commands of an aimed kind: one per target (and weapon), aim or ally.
pub(super) fn aimed_commands(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
    let u = || unit.clone();
    let foes = || foes_of(world, unit);
    let profile = crate::rules::unit_component::<Profile>(world, unit);
    let weapon = arms.named();
    match kind {
        OptionKind::Withdraw => withdraw_commands(world, unit),
        OptionKind::GuardedStep => guarded_step_commands(world, unit),
        OptionKind::Attack => {
            if let Arms::Chosen {
                weapon,
                mount: Some(vehicle),
            } = arms
            {
                return mounted_attacks(world, unit, vehicle, weapon);
            }
            let mut commands: Vec<GameCommand> = foes()
                .into_iter()
                .flat_map(|target| {
                    weapon_names(world, unit, arms)
                        .into_iter()
                        .map(move |weapon| (target.clone(), weapon))
                })
                .map(|(target, weapon)| {
                    GameCommand::Attack(cmd::Attack {
                        unit: u(),
                        target,
                        weapon,
                        defensively: false,
                        mount: None,
                    })
                })
                .collect();
            // VEH-20: a rider may fire its vehicle's mounted weapons.
            if let Some(vehicle) = riding(world, unit)
                && arms == Arms::Every
            {
                commands.extend(mounted_attacks(world, unit, &vehicle, None));
            }
            commands
        }
        OptionKind::FullAttack => foes()
            .into_iter()
            .flat_map(|target| {
                weapon_names(world, unit, arms)
                    .into_iter()
                    .map(move |weapon| (target.clone(), weapon))
            })
            .map(|(target, weapon)| full_attack_choice(world, unit, &target, weapon))
            .collect(),
        OptionKind::Charge => foes()
            .into_iter()
            .map(|target| {
                GameCommand::Charge(cmd::Charge {
                    unit: u(),
                    target,
                    to: None,
                    weapon: weapon.map(str::to_string),
                })
            })
            .collect(),
        OptionKind::CoupDeGrace => foes()
            .into_iter()
            .map(|target| {
                GameCommand::CoupDeGrace(cmd::CoupDeGrace {
                    unit: u(),
                    target,
                    weapon: weapon.map(str::to_string),
                })
            })
            .collect(),
        OptionKind::Maneuver(k) if MANEUVERS.contains(&k) => match maneuver_of(k) {
            Ok(maneuver) => foes()
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
        OptionKind::AreaAttack => {
            let weapons: Vec<Weapon> = match arms {
                Arms::Chosen { weapon, .. } => area_weapon(world, unit, weapon).into_iter().collect(),
                Arms::Every => profile
                    .map(|p| p.weapons.iter().filter(|w| w.area.is_some()).cloned().collect())
                    .unwrap_or_default(),
            };
            let foes = foes();
            weapons
                .iter()
                .flat_map(|w| {
                    let directed = w.area.is_some_and(|a| a.shape.directed());
                    area_aims(world, unit, &w.name, directed, &foes)
                })
                .collect()
        }
        OptionKind::Autofire => {
            let weapons: Vec<&Weapon> = profile
                .map(|p| {
                    p.weapons
                        .iter()
                        .filter(|w| w.autofire && weapon.is_none_or(|c| c == w.name))
                        .collect()
                })
                .unwrap_or_default();
            let mut aims: Vec<Square> = foes()
                .iter()
                .filter_map(|f| space_of(world, f))
                .flat_map(|s| {
                    [(-1, -1), (0, -1), (-1, 0), (0, 0)].map(|(dx, dy)| Square::new(s.at.x + dx, s.at.y + dy))
                })
                .collect();
            aims.sort_by_key(|s| (s.y, s.x));
            aims.dedup();
            weapons
                .iter()
                .flat_map(|w| {
                    aims.iter().map(|at| {
                        GameCommand::Autofire(cmd::Autofire {
                            unit: u(),
                            weapon: w.name.clone(),
                            at: *at,
                            braced: w.autofire_only,
                        })
                    })
                })
                .collect()
        }
        OptionKind::CastSpell => {
            let Some(p) = profile else { return Vec::new() };
            let foes = foes();
            p.spells
                .iter()
                .flat_map(|s| match &s.effect {
                    None => vec![GameCommand::CastSpell(cmd::CastSpell {
                        unit: u(),
                        spell: s.name.clone(),
                        at: None,
                        dir: None,
                        squares: Vec::new(),
                    })],
                    Some(effect) => aim_points(world, unit, effect.area.shape.directed(), &foes)
                        .into_iter()
                        .map(|(at, dir)| {
                            GameCommand::CastSpell(cmd::CastSpell {
                                unit: u(),
                                spell: s.name.clone(),
                                at: Some(at),
                                dir,
                                squares: Vec::new(),
                            })
                        })
                        .collect(),
                })
                .collect()
        }
        OptionKind::CoveringFire => allies_of(world, unit)
            .into_iter()
            .map(|ally| {
                GameCommand::CoveringFire(cmd::CoveringFire {
                    unit: u(),
                    ally,
                    weapon: weapon.map(str::to_string),
                })
            })
            .collect(),
        OptionKind::HarryingFire => foes()
            .into_iter()
            .map(|target| {
                GameCommand::HarryingFire(cmd::HarryingFire {
                    unit: u(),
                    target,
                    weapon: weapon.map(str::to_string),
                })
            })
            .collect(),
        OptionKind::Suppress => foes()
            .into_iter()
            .map(|target| {
                GameCommand::Suppress(cmd::Suppress {
                    unit: u(),
                    target,
                    weapon: weapon.map(str::to_string),
                })
            })
            .collect(),
        OptionKind::AidAnother => {
            let allies = allies_of(world, unit);
            foes()
                .into_iter()
                .flat_map(|target| {
                    allies.iter().map(move |ally| {
                        GameCommand::AidAnother(cmd::AidAnother {
                            unit: u(),
                            target: target.clone(),
                            ally: ally.clone(),
                            weapon: weapon.map(str::to_string),
                        })
                    })
                })
                .collect()
        }
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

/// The guarded step (starfinder, §4.3.2, 001:943-946) or the d20 families' 5-ft step (the same
/// rule by the engine's default, RULES.md §27.1): one `Move` in `GuardedStep` mode to each of
/// the eight squares around the unit, for the rules to judge (diagonals, difficult terrain,
/// walls). None where the family has no such step (saga: moving one square is a Move Action).
fn guarded_step_commands(world: &World, unit: &UnitId) -> Vec<GameCommand> {
    if world
        .resource::<crate::ruleset::Ruleset>()
        .movement
        .guarded_step
        .is_none()
    {
        return Vec::new();
    }
    let Some(me) = space_of(world, unit) else {
        return Vec::new();
    };
    let around = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
    around
        .iter()
        .map(|(dx, dy)| {
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to: Square::new(me.at.x + dx, me.at.y + dy),
                path: None,
                mode: MoveMode::GuardedStep,
            })
        })
        .collect()
}

/// How many withdraw destinations the list offers: each is checked with a path search, so
/// the list keeps the ones farthest from the foes.
const WITHDRAW_TRIES: usize = 12;

/// Withdraw (§5.9): the squares of the double-move band farthest from the unit's foes, the
/// first [`WITHDRAW_TRIES`], each a `Move` in withdraw mode for the rules to judge (the
/// protection depends on the path, so the reach plan cannot list them).
fn withdraw_commands(world: &World, unit: &UnitId) -> Vec<GameCommand> {
    let Ok(plan) = plan_reach(world, unit, &[MoveMode::Double]) else {
        return Vec::new();
    };
    let Some(Ok(band)) = plan.band(MoveMode::Double) else {
        return Vec::new();
    };
    let foes: Vec<crate::grid::Space> = foes_of(world, unit).iter().filter_map(|f| space_of(world, f)).collect();
    let nearest_foe = |sq: Square| {
        foes.iter()
            .map(|f| (f.at.x - sq.x).abs().max((f.at.y - sq.y).abs()))
            .min()
            .unwrap_or(0)
    };
    let mut squares: Vec<Square> = band.iter().map(|(sq, _)| *sq).collect();
    squares.sort_by_key(|sq| (std::cmp::Reverse(nearest_foe(*sq)), sq.y, sq.x));
    squares
        .into_iter()
        .take(WITHDRAW_TRIES)
        .map(|to| {
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode: MoveMode::Withdraw,
            })
        })
        .collect()
}

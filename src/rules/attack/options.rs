//! The attack area's options (§4.3.1, ATK-1): an attack or a full attack on each foe with
//! the rules' weapon and with each weapon the unit holds (and, riding, its vehicle's mounted
//! ones, VEH-20), a coup de grace, fighting defensively, total defense and the support
//! actions (covering and harrying fire, aid another, suppress).

use crate::rules::cmd;
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind, allies_of, any_allowed, foes_of};
use crate::rules::vehicle::riding;
use crate::rules::{GameCommand, Profile, UnitId, check};
use bevy::prelude::World;

/// What an attack kind says with no foe to aim at.
const NO_ENEMY: &str = "no enemy to attack";

/// The attack area's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Attack
                | OptionKind::FullAttack
                | OptionKind::CoupDeGrace
                | OptionKind::FightDefensively
                | OptionKind::TotalDefense
                | OptionKind::CoveringFire
                | OptionKind::HarryingFire
                | OptionKind::AidAnother
                | OptionKind::Suppress
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![
            OptionKind::Attack,
            OptionKind::FullAttack,
            OptionKind::CoupDeGrace,
            OptionKind::FightDefensively,
            OptionKind::TotalDefense,
            OptionKind::CoveringFire,
            OptionKind::HarryingFire,
            OptionKind::AidAnother,
            OptionKind::Suppress,
        ]
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::CoveringFire | OptionKind::AidAnother => "no ally to help",
            OptionKind::FightDefensively | OptionKind::TotalDefense => "no turn is under way",
            _ => NO_ENEMY,
        }
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
        let u = || unit.clone();
        let weapon = arms.named();
        match kind {
            OptionKind::Attack => {
                if let Arms::Chosen {
                    weapon,
                    mount: Some(vehicle),
                } = arms
                {
                    return mounted_attacks(world, unit, vehicle, weapon);
                }
                let mut commands: Vec<GameCommand> = foes_of(world, unit)
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
            OptionKind::FullAttack => foes_of(world, unit)
                .into_iter()
                .flat_map(|target| {
                    weapon_names(world, unit, arms)
                        .into_iter()
                        .map(move |weapon| (target.clone(), weapon))
                })
                .map(|(target, weapon)| full_attack_choice(world, unit, &target, weapon))
                .collect(),
            OptionKind::CoupDeGrace => foes_of(world, unit)
                .into_iter()
                .map(|target| {
                    GameCommand::CoupDeGrace(cmd::CoupDeGrace {
                        unit: u(),
                        target,
                        weapon: weapon.map(str::to_string),
                    })
                })
                .collect(),
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
            OptionKind::HarryingFire => foes_of(world, unit)
                .into_iter()
                .map(|target| {
                    GameCommand::HarryingFire(cmd::HarryingFire {
                        unit: u(),
                        target,
                        weapon: weapon.map(str::to_string),
                    })
                })
                .collect(),
            OptionKind::Suppress => foes_of(world, unit)
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
                // MNV-SRD-8: where the family lets the aider choose, the bonus to the ally's AC too.
                let choices: &[bool] = match world.resource::<crate::ruleset::Ruleset>().attack_options.aid_another {
                    Some(aid) if aid.ally_defense => &[false, true],
                    _ => &[false],
                };
                foes_of(world, unit)
                    .into_iter()
                    .flat_map(|target| {
                        allies.iter().flat_map(move |ally| {
                            let target = target.clone();
                            choices.iter().map(move |&defense| {
                                GameCommand::AidAnother(cmd::AidAnother {
                                    unit: u(),
                                    target: target.clone(),
                                    ally: ally.clone(),
                                    weapon: weapon.map(str::to_string),
                                    defense,
                                })
                            })
                        })
                    })
                    .collect()
            }
            OptionKind::FightDefensively => vec![GameCommand::FightDefensively(cmd::FightDefensively {
                unit: u(),
                no_attacks: false,
            })],
            OptionKind::TotalDefense => vec![GameCommand::TotalDefense(cmd::TotalDefense { unit: u() })],
            _ => Vec::new(),
        }
    }

    fn verdict(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
        match kind {
            OptionKind::FullAttack => full_attack_verdict(world, unit, arms),
            _ => any_allowed(world, &self.commands(world, unit, kind, arms), self.none_reason(kind)),
        }
    }
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
fn full_attack_verdict(world: &World, unit: &UnitId, arms: Arms) -> Result<(), String> {
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
    Err(first.unwrap_or_else(|| NO_ENEMY.to_string()))
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

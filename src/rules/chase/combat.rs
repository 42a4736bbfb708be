//! The combat phase of a chase (RULES.md §26.5, CHS-12..CHS-18): which attacks are allowed
//! between vehicles and their riders and with what adjustments (the vehicle's normal attack
//! penalty, being ahead, evade's AC bonus, ranges from zones), what a pilot may still do,
//! boarding between engaged vehicles and collisions. The attack rolls themselves go through
//! the normal attack path; this module only adds the chase's checks and modifiers.

use super::dcs::{boarding_dc, collision_dc};
use super::pilot_actions::phase_name;
use super::state::{Chase, ChasePhase, ManeuverUse};
use crate::rules::D20Check;
use crate::rules::engine::error::illegal;
use crate::rules::{Dice, DieRoll, Modifier, RuleError, UnitId};
use crate::ruleset::ChaseRules;
use crate::ruleset::stacking::BonusType;
use serde::{Deserialize, Serialize};

/// How an attack in a chase reaches its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChaseAttackKind {
    Ranged,
    /// A melee attack, with or without a reach weapon.
    Melee {
        reach: bool,
    },
}

/// What a pilot may still do in the combat phase (CHS-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PilotAllowance {
    /// A standard action left (a single pilot action used only the move action).
    pub standard: bool,
    /// A move action left (only when no pilot action was taken).
    pub move_action: bool,
    /// A full attack: only when the vehicle was left uncontrolled.
    pub full_attack: bool,
}

/// The skill a boarding attempt uses (CHS-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardingSkill {
    Acrobatics,
    Athletics,
}

impl BoardingSkill {
    pub fn name(self) -> &'static str {
        match self {
            Self::Acrobatics => "Acrobatics",
            Self::Athletics => "Athletics",
        }
    }
}

/// A boarding attempt (CHS-16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardingOutcome {
    /// Acrobatics or Athletics against the boarding DC.
    #[serde(flatten)]
    pub check: D20Check,
    pub result: BoardingResult,
    /// Falling damage dice when the rider fell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fall_dice: Vec<DieRoll>,
    pub fall_damage: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardingResult {
    Boarded,
    /// Failed by less than 5: still on its own vehicle.
    Stayed,
    /// Failed by 5 or more: fell off, prone, double falling damage.
    Fell,
}

/// A collision (CHS-17).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollisionOutcome {
    pub vehicle: UnitId,
    pub target: UnitId,
    /// Piloting against the target's collision DC.
    #[serde(flatten)]
    pub check: D20Check,
    pub damage_dice: Vec<DieRoll>,
    /// To the target; the colliding vehicle takes half (rounded down).
    pub damage: u32,
    pub self_damage: u32,
}

impl Chase {
    fn in_combat_phase(&self) -> Result<(), RuleError> {
        if self.phase != ChasePhase::Combat {
            return Err(illegal(format!(
                "attacks, boarding and collisions happen in the combat phase; the chase is in the {} phase",
                phase_name(self.phase)
            )));
        }
        Ok(())
    }

    /// Zones between two vehicles in the chase.
    pub fn zones_apart(&self, a: &UnitId, b: &UnitId) -> Option<u32> {
        Some(self.entry(a)?.zone.abs_diff(self.entry(b)?.zone))
    }

    /// The distance between two vehicles for range (CHS-2): about 50 ft in one zone (engaged
    /// vehicles are adjacent: 0), about 200 ft per zone apart.
    pub fn range_ft(&self, rules: &ChaseRules, a: &UnitId, b: &UnitId) -> Option<u32> {
        if a == b || self.are_engaged(a, b) {
            return Some(0);
        }
        Some(match self.zones_apart(a, b)? {
            0 => rules.same_zone_ft,
            n => n * rules.zone_apart_ft,
        })
    }

    /// CHS-12, CHS-13, CHS-15, CHS-3: whether a rider of `from` may attack `to` (the vehicle
    /// or one of its riders) this way, and the chase modifiers to the attack roll.
    pub fn attack_modifiers(
        &self,
        rules: &ChaseRules,
        from: &UnitId,
        to: &UnitId,
        kind: ChaseAttackKind,
    ) -> Result<Vec<Modifier>, RuleError> {
        self.in_combat_phase()?;
        let own = self
            .entry(from)
            .filter(|e| e.departed.is_none())
            .ok_or_else(|| illegal(format!("{from} is not in the chase")))?;
        let target = self
            .entry(to)
            .filter(|e| e.departed.is_none())
            .ok_or_else(|| illegal(format!("{to} is not in the chase")))?;
        let apart = own.zone.abs_diff(target.zone);
        match kind {
            ChaseAttackKind::Ranged if apart > rules.ranged_max_zones => {
                return Err(illegal(format!(
                    "{} is {apart} zones away: ranged attacks in a chase reach the same zone or {} away (CHS-13)",
                    target.vehicle.name, rules.ranged_max_zones
                )));
            }
            ChaseAttackKind::Melee { .. } if !self.are_engaged(from, to) => {
                return Err(illegal(format!(
                    "melee attacks reach only a vehicle engaged with yours, and {} is not (CHS-15)",
                    target.vehicle.name
                )));
            }
            ChaseAttackKind::Melee { reach: false } => {
                return Err(illegal(
                    "melee attacks between engaged vehicles need a reach weapon (CHS-15)",
                ));
            }
            _ => {}
        }
        let mut mods = Vec::new();
        if own.vehicle.attack_penalty != 0 {
            mods.push(Modifier::new(
                own.vehicle.attack_penalty,
                format!("attacking from {} (CHS-12)", own.vehicle.name),
            ));
        }
        if self.is_ahead(from, to) {
            mods.push(Modifier::new(rules.ahead_bonus, "being ahead"));
        }
        Ok(mods)
    }

    /// Modifiers to the AC of `vehicle` and its riders in the chase: evade's +2 (CHS-18).
    pub fn defense_modifiers(&self, rules: &ChaseRules, vehicle: &UnitId) -> Vec<Modifier> {
        if self.evading(vehicle) {
            vec![Modifier::typed(rules.evade_ac_bonus, BonusType::Circumstance, "evade")]
        } else {
            Vec::new()
        }
    }

    /// CHS-14: what the pilot of `vehicle` has left for the combat phase.
    pub fn pilot_allowance(&self, vehicle: &UnitId) -> PilotAllowance {
        let maneuver = self.entry(vehicle).map(|e| e.record.maneuver).unwrap_or_default();
        match maneuver {
            ManeuverUse::Double { .. } => PilotAllowance {
                standard: false,
                move_action: false,
                full_attack: false,
            },
            ManeuverUse::Single => PilotAllowance {
                standard: true,
                move_action: false,
                full_attack: false,
            },
            ManeuverUse::None | ManeuverUse::Uncontrolled => PilotAllowance {
                standard: true,
                move_action: true,
                full_attack: true,
            },
        }
    }

    /// CHS-16: a passenger of `from` boards engaged vehicle `to` with an Acrobatics or
    /// Athletics check (`skill`); `fall_ft` is the height of the fall if it goes badly.
    pub fn resolve_boarding(
        &self,
        rules: &ChaseRules,
        from: &UnitId,
        to: &UnitId,
        skill: Modifier,
        fall_ft: u32,
        dice: &mut Dice,
    ) -> Result<BoardingOutcome, RuleError> {
        self.in_combat_phase()?;
        if !self.are_engaged(from, to) {
            return Err(illegal(format!(
                "boarding in a chase needs the two vehicles engaged; {from} and {to} are not (CHS-16)"
            )));
        }
        let target = &self.entry(to).expect("engaged vehicles are in the chase").vehicle;
        let dc = boarding_dc(rules, target);
        let roll = dice.roll(20, format!("boarding {}", target.name))?;
        let check = D20Check::against(roll, vec![skill], Some(dc));
        let total = check.total;
        let result = if check.success {
            BoardingResult::Boarded
        } else if dc - total < rules.boarding_fall_margin as i32 {
            BoardingResult::Stayed
        } else {
            BoardingResult::Fell
        };
        let mut fall_dice = Vec::new();
        if result == BoardingResult::Fell {
            let count = if fall_ft < 10 {
                rules.short_fall_dice
            } else {
                rules.fall_dice_per_10ft * (fall_ft / 10) * rules.boarding_fall_multiplier
            };
            for _ in 0..count {
                fall_dice.push(dice.roll(rules.fall_die, "falling damage (boarding)")?);
            }
        }
        let fall_damage = fall_dice.iter().map(|d| d.result).sum();
        Ok(BoardingOutcome {
            check,
            result,
            fall_dice,
            fall_damage,
        })
    }

    /// CHS-17: the pilot of `vehicle` smashes into engaged `target` (a standard action):
    /// Piloting (`skill` plus the vehicle's modifier) against its KAC; on a success the target
    /// takes the collision damage and `vehicle` half of it.
    pub fn resolve_collision(
        &self,
        rules: &ChaseRules,
        vehicle: &UnitId,
        target: &UnitId,
        skill: Modifier,
        dice: &mut Dice,
    ) -> Result<CollisionOutcome, RuleError> {
        self.in_combat_phase()?;
        if !self.are_engaged(vehicle, target) {
            return Err(illegal(format!(
                "a collision needs the two vehicles engaged; {vehicle} and {target} are not (CHS-17)"
            )));
        }
        if !self.pilot_allowance(vehicle).standard {
            return Err(illegal(format!(
                "{vehicle}'s pilot has no standard action left after its pilot actions (CHS-14)"
            )));
        }
        let own = &self.entry(vehicle).expect("engaged").vehicle;
        let other = &self.entry(target).expect("engaged").vehicle;
        let mut modifiers = vec![skill];
        if own.piloting != 0 {
            modifiers.push(Modifier::new(own.piloting, format!("{} (vehicle)", own.name)));
        }
        if self.ahead_of_all_enemies(vehicle) || self.is_ahead(vehicle, target) {
            modifiers.push(Modifier::new(rules.ahead_bonus, "being ahead"));
        }
        let dc = collision_dc(other);
        let roll = dice.roll(20, format!("collision ({} into {})", own.name, other.name))?;
        let check = D20Check::against(roll, modifiers, Some(dc));
        let success = check.success;
        let mut damage_dice = Vec::new();
        let mut damage = 0;
        if success {
            let mut sum = own.collision.bonus;
            for _ in 0..own.collision.count {
                let d = dice.roll(own.collision.sides, format!("collision damage ({})", own.name))?;
                sum += d.result as i32;
                damage_dice.push(d);
            }
            damage = sum.max(0) as u32;
        }
        Ok(CollisionOutcome {
            vehicle: vehicle.clone(),
            target: target.clone(),
            check,
            damage_dice,
            damage,
            self_damage: damage / 2,
        })
    }
}

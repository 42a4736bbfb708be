//! The events of combat maneuvers, holds and items: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::grid::Square;
use crate::rules::DieRoll;
use crate::rules::Elevation;
use crate::rules::Placement;
use crate::rules::Profile;
use crate::rules::UnitId;
use crate::rules::Weapon;
use crate::rules::attack::DamageRoll;
use crate::rules::engine::apply::entity;
use crate::rules::engine::narrate::modifiers;
use crate::rules::maneuver::ManeuverRoll;
use crate::rules::maneuver::opposed::Opposed;
use crate::ruleset::ManeuverKind;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in combat maneuvers, holds and items, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ManeuverEvent {
    /// A combat maneuver was rolled (§4.4); its effect follows as its own events.
    ManeuverResolved {
        unit: UnitId,
        target: UnitId,
        maneuver: ManeuverKind,
        roll: Box<ManeuverRoll>,
    },
    /// `unit` is moved by `by` (bull rush, reposition, a trip in the air; §4.4): through
    /// `path`, or down to `elevation` squares; `stopped` says why it ended short.
    ForcedMove {
        unit: UnitId,
        by: UnitId,
        path: Vec<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elevation: Option<u32>,
        moved_ft: u32,
        stopped: Option<String>,
    },
    /// `unit` lost `weapon` (a disarm, §4.4): it lies at `at`, or `taken_by` caught it.
    WeaponDropped {
        unit: UnitId,
        weapon: Box<Weapon>,
        at: Square,
        taken_by: Option<UnitId>,
    },
    /// `unit` picked the weapon up from the ground at `at` (§4.3.2).
    ItemPickedUp { unit: UnitId, weapon: String, at: Square },
    /// A d20 maneuver's opposed check (MNV-SRD-1): `unit` rolled `opposed.ours` against
    /// `target`'s `opposed.theirs`; `counter`: the defender's immediate trip or disarm back.
    OpposedResolved {
        unit: UnitId,
        target: UnitId,
        maneuver: ManeuverKind,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        counter: bool,
        opposed: Box<Opposed>,
    },
    /// A d20 maneuver failed before its roll or its hold (MNV-SRD-4, MNV-SRD-5): a damaging
    /// attack of opportunity, a target too big to hold.
    ManeuverSpoiled {
        unit: UnitId,
        target: UnitId,
        maneuver: ManeuverKind,
        reason: String,
    },
    /// MNV-SRD-3: during a bull rush an attack of opportunity meant for one of the two goes to
    /// the other on a d% roll of `chance` or less.
    AttackAstray {
        reactor: UnitId,
        meant: UnitId,
        hits: UnitId,
        chance: u32,
        roll: DieRoll,
    },
    /// MNV-SRD-5: a grapple's hold deals damage as an unarmed strike (nonlethal); the damage
    /// itself follows as a health event.
    HoldDamage {
        unit: UnitId,
        target: UnitId,
        weapon: String,
        damage: Box<DamageRoll>,
    },
}

impl ManeuverEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            ManeuverEvent::ManeuverResolved { .. }
            | ManeuverEvent::OpposedResolved { .. }
            | ManeuverEvent::ManeuverSpoiled { .. }
            | ManeuverEvent::AttackAstray { .. }
            | ManeuverEvent::HoldDamage { .. } => {}
            ManeuverEvent::ForcedMove {
                unit, path, elevation, ..
            } => {
                if let Some(e) = entity(world, unit) {
                    if let (Some(to), Some(mut p)) = (path.last(), world.get_mut::<Placement>(e)) {
                        p.at = *to;
                    }
                    match elevation {
                        Some(0) => {
                            world.entity_mut(e).remove::<Elevation>();
                        }
                        Some(h) => {
                            world.entity_mut(e).insert(Elevation(*h));
                        }
                        None => {}
                    }
                }
            }
            ManeuverEvent::WeaponDropped {
                unit,
                weapon,
                at,
                taken_by,
            } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut p) = world.get_mut::<Profile>(e)
                    && let Some(i) = p.weapons.iter().position(|w| w.name == weapon.name)
                {
                    p.weapons.remove(i);
                }
                match taken_by.as_ref().and_then(|t| entity(world, t)) {
                    Some(e) => {
                        if let Some(mut p) = world.get_mut::<Profile>(e) {
                            p.weapons.push((**weapon).clone());
                        }
                    }
                    None => world.resource_mut::<crate::rules::maneuver::items::Ground>().0.push(
                        crate::rules::maneuver::items::GroundItem {
                            at: *at,
                            weapon: (**weapon).clone(),
                            dropped_by: unit.clone(),
                        },
                    ),
                }
            }
            ManeuverEvent::ItemPickedUp { unit, weapon, at } => {
                let mut ground = world.resource_mut::<crate::rules::maneuver::items::Ground>();
                let item = ground
                    .0
                    .iter()
                    .position(|g| &g.weapon.name == weapon && g.at == *at)
                    .map(|i| ground.0.remove(i));
                if let (Some(item), Some(e)) = (item, entity(world, unit))
                    && let Some(mut p) = world.get_mut::<Profile>(e)
                {
                    p.weapons.push(item.weapon);
                }
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        match self {
            ManeuverEvent::ManeuverResolved {
                unit,
                target,
                maneuver,
                roll,
            } => {
                let mut text = format!(
                    "{unit}: {} {target} with {}: d20 {}{} = {} vs {} {}",
                    crate::rules::maneuver::kind_name(*maneuver),
                    roll.weapon,
                    roll.roll.result,
                    modifiers(&roll.modifiers),
                    roll.total,
                    roll.defense.name,
                    roll.defense.value
                );
                if !roll.defense.modifiers.is_empty() {
                    text += &format!(" (incl.{})", modifiers(&roll.defense.modifiers));
                }
                if let Some((pct, d)) = &roll.miss_chance {
                    text += &format!(", miss chance {pct}%: d% {}", d.result);
                }
                if let Some(opposed) = &roll.opposed {
                    let (a, b) = (&opposed.0, &opposed.1);
                    text += &format!(
                        "; grapple checks: {} d20 {}{} = {} vs {} d20 {}{} = {}",
                        a.unit,
                        a.roll.result,
                        modifiers(&a.modifiers),
                        a.total,
                        b.unit,
                        b.roll.result,
                        modifiers(&b.modifiers),
                        b.total
                    );
                }
                text + if roll.success { ": success" } else { ": failure" }
            }
            ManeuverEvent::ForcedMove {
                unit,
                by,
                path,
                elevation,
                moved_ft,
                stopped,
            } => {
                let place = match (path.last(), elevation) {
                    (_, Some(0)) => "to the ground".to_string(),
                    (_, Some(h)) => format!("down to {h} squares up"),
                    (Some(at), None) => format!("to {at}"),
                    (None, None) => "nowhere".to_string(),
                };
                let why = stopped.as_ref().map(|s| format!(" (stopped: {s})")).unwrap_or_default();
                format!("{by} moves {unit} {place}, {moved_ft} ft{why}")
            }
            ManeuverEvent::WeaponDropped {
                unit,
                weapon,
                at,
                taken_by,
            } => match taken_by {
                Some(taker) => format!("{unit} loses its {}: {taker} takes it", weapon.name),
                None => format!("{unit} drops its {} at {at}", weapon.name),
            },
            ManeuverEvent::ItemPickedUp { unit, weapon, at } => format!("{unit} picks up the {weapon} at {at}"),
            ManeuverEvent::OpposedResolved {
                unit,
                target,
                maneuver,
                counter,
                opposed,
            } => {
                let (a, b) = (&opposed.ours, &opposed.theirs);
                let name = crate::rules::maneuver::kind_name(*maneuver);
                let what = if *counter {
                    format!("{name}s back")
                } else {
                    name.to_string()
                };
                let ties = if opposed.rerolled.is_empty() {
                    String::new()
                } else {
                    format!(" (after {} tied roll(s))", opposed.rerolled.len())
                };
                format!(
                    "{unit} {what} {target}: {}: d20 {}{} = {} vs d20 {}{} = {}{ties}: {}",
                    opposed.what,
                    a.roll.result,
                    modifiers(&a.modifiers),
                    a.total,
                    b.roll.result,
                    modifiers(&b.modifiers),
                    b.total,
                    if opposed.won { "success" } else { "failure" }
                )
            }
            ManeuverEvent::ManeuverSpoiled {
                unit,
                target,
                maneuver,
                reason,
            } => format!(
                "{unit}'s {} on {target} fails: {reason}",
                crate::rules::maneuver::kind_name(*maneuver)
            ),
            ManeuverEvent::AttackAstray {
                reactor,
                meant,
                hits,
                chance,
                roll,
            } => {
                let went = if hits == meant { "stays on" } else { "goes astray to" };
                format!(
                    "{reactor}'s attack meant for {meant} {went} {hits} (d% {} vs {chance}%)",
                    roll.result
                )
            }
            ManeuverEvent::HoldDamage {
                unit,
                target,
                weapon,
                damage,
            } => format!(
                "{unit} holds {target} and deals {} nonlethal damage with its {weapon}",
                damage.total
            ),
        }
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            ManeuverEvent::ManeuverResolved { roll, .. } => {
                let mut dice = vec![&roll.roll];
                dice.extend(roll.miss_chance.iter().map(|(_, d)| d));
                if let Some(opposed) = &roll.opposed {
                    dice.extend([&opposed.0.roll, &opposed.1.roll]);
                }
                dice
            }
            ManeuverEvent::OpposedResolved { opposed, .. } => {
                let mut dice: Vec<&DieRoll> = opposed.rerolled.iter().flat_map(|(a, b)| [a, b]).collect();
                dice.extend([&opposed.ours.roll, &opposed.theirs.roll]);
                dice
            }
            ManeuverEvent::AttackAstray { roll, .. } => vec![roll],
            ManeuverEvent::HoldDamage { damage, .. } => damage.dice.iter().collect(),
            _ => Vec::new(),
        }
    }
}

//! The facts of a unit card (issue #18 item 1): everything a player reads about one unit —
//! its [`UnitSnapshot`], its side, its defenses and speeds as they stand now, its weapons,
//! its tracked effects with the rounds they still last, the reactions it has left this round,
//! the action budget when it is acting, and for a vehicle its state and riders. Gathered
//! from the rules' own answers (`defense_against`, `speed_ft`, `reactions_left`,
//! `TrackedEffect::rounds_left`, `vehicle_view`) so that the GUI only lays them out.

use super::{Sides, UnitSnapshot};
use crate::rules::attack::defense_against;
use crate::rules::attack::situation::{defense_situation, track_penalty};
use crate::rules::health::conditions::effective_conditions;
use crate::rules::movement::speed::speed_ft;
use crate::rules::reactions::threat::reactions_left;
use crate::rules::vehicle::{Aboard, VehicleView, vehicle_view};
use crate::rules::{Combat, ConditionName, DamageType, Defenses, Modifier, Profile, TurnBudget, UnitId, Weapon};
use crate::rules::{WeaponKind, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Serialize;

/// One defense as it stands now: the printed value, the value with the modifiers the rules
/// apply to any attack on the unit (conditions, effects, flat-footed, the condition track;
/// not the attacker's own situation such as cover or flanking), and those modifiers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DefenseFact {
    /// "EAC", "KAC", "AC", "Defense", "Reflex", "Fortitude" or "Will".
    pub name: String,
    pub printed: i32,
    pub now: i32,
    pub modifiers: Vec<Modifier>,
}

/// One movement mode and its speed now (after armor, load and encumbrance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpeedFact {
    /// "land", "fly", "climb", "swim" or "burrow".
    pub mode: &'static str,
    pub printed_ft: u32,
    pub now_ft: u32,
}

/// One weapon: its attack bonus, damage and how far it reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WeaponFact {
    pub name: String,
    pub attack: i32,
    /// The damage dice, e.g. "1d8+2".
    pub damage: String,
    pub damage_types: Vec<DamageType>,
    /// "reach 10 ft", "30 ft increments", "bands 10/30/60/120 ft", "area, DC 14".
    pub range: String,
}

/// How long a tracked effect still lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasts {
    /// This many rounds, counting the one it ends in (SEQ-5).
    Rounds(u32),
    /// A grapple or grab: until its own rule ends it (§4.4).
    UntilBroken,
}

/// A tracked effect on the unit (§3, SEQ-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EffectFact {
    pub name: String,
    pub source: UnitId,
    /// The condition it gives while it lasts, if any.
    pub condition: Option<ConditionName>,
    pub lasts: Lasts,
}

/// Everything a unit card shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitCard {
    pub unit: UnitSnapshot,
    pub side_name: String,
    /// The side's colour (sRGB bytes).
    pub colour: [u8; 3],
    pub defenses: Vec<DefenseFact>,
    /// A condition the rules cannot give numbers for yet: the defenses are the printed ones.
    pub defense_note: Option<String>,
    pub speeds: Vec<SpeedFact>,
    pub weapons: Vec<WeaponFact>,
    /// Every condition it has now (its own, its effects', its life state's), §20.
    pub conditions: Vec<ConditionName>,
    pub effects: Vec<EffectFact>,
    /// Reactions left this round; `None` when the family sets no limit (AOO-1).
    pub reactions_left: Option<u8>,
    /// What is left of its actions, when it is the unit acting (ACT-1).
    pub budget: Option<TurnBudget>,
    /// The condition track's penalty now (saga, HP-SG-4), when it has one.
    pub track_penalty: Option<i32>,
    /// The vehicle it rides, if any (§25.9).
    pub aboard: Option<UnitId>,
    /// The unit is a vehicle: its heading, speeds, state and riders (§25.1).
    pub vehicle: Option<VehicleView>,
}

impl UnitCard {
    /// The card of `id`, or `None` if there is no such unit.
    pub fn of(world: &World, id: &UnitId) -> Option<Self> {
        let unit = UnitSnapshot::of(world, id)?;
        let profile = unit_component::<Profile>(world, id)?;
        let rules = world.resource::<Ruleset>();
        let combat = world.resource::<Combat>();
        let side = world.resource::<Sides>().0.iter().find(|s| s.id == unit.side);
        let conditions = effective_conditions(world, id);
        let health = unit_component::<crate::rules::Health>(world, id);
        let (defenses, defense_note) = defenses(world, id, profile);
        let count = combat.current_count();
        let effects = combat
            .effects
            .iter()
            .filter(|e| &e.target == id)
            .map(|e| EffectFact {
                name: e.name.clone(),
                source: e.source.clone(),
                condition: e.condition,
                lasts: e
                    .rounds_left(combat.round, count)
                    .map_or(Lasts::UntilBroken, Lasts::Rounds),
            })
            .collect();
        let speed = &profile.speed;
        let speeds = [
            ("land", Some(speed.land)),
            ("fly", speed.fly),
            ("climb", speed.climb),
            ("swim", speed.swim),
            ("burrow", speed.burrow),
        ]
        .into_iter()
        .filter_map(|(mode, ft)| {
            let ft = ft?;
            Some(SpeedFact {
                mode,
                printed_ft: ft,
                now_ft: speed_ft(rules, profile, &conditions, health, ft),
            })
        })
        .collect();
        Some(Self {
            side_name: side.map_or_else(|| unit.side.0.clone(), |s| s.name.clone()),
            colour: side.map_or([150, 150, 150], |s| s.colour),
            defenses,
            defense_note,
            speeds,
            weapons: profile.weapons.iter().map(weapon_fact).collect(),
            conditions: conditions.into_iter().collect(),
            effects,
            reactions_left: reactions_left(world, id),
            budget: combat.budget.clone().filter(|_| combat.active.as_ref() == Some(id)),
            track_penalty: track_penalty(world, id),
            aboard: unit_component::<Aboard>(world, id).map(|a| a.vehicle.clone()),
            vehicle: vehicle_view(world, id).ok(),
            unit,
        })
    }
}

/// The unit's defenses with what the rules add to them against any attacker (§15, §20, §21:
/// `defense_situation` combined by `defense_against`). saga's Fortitude and Will take the
/// condition track's penalty (HP-SG-4), the only modifier the rules give them.
fn defenses(world: &World, id: &UnitId, profile: &Profile) -> (Vec<DefenseFact>, Option<String>) {
    let rules = world.resource::<Ruleset>();
    let (situation, note) = match defense_situation(world, id) {
        Ok(s) => (s, None),
        Err(why) => ((false, Vec::new()), Some(why.to_string())),
    };
    let (flat_footed, mods) = situation;
    let against = |types: &[DamageType], printed: i32| {
        let used = defense_against(rules, profile, flat_footed, types, &mods);
        DefenseFact {
            name: used.name,
            printed,
            now: used.value,
            modifiers: used.modifiers,
        }
    };
    let plain = |name: &str, printed: i32| {
        let track: Vec<Modifier> = track_penalty(world, id)
            .map(|p| Modifier::new(p, "condition track"))
            .into_iter()
            .collect();
        DefenseFact {
            name: name.to_string(),
            printed,
            now: printed + track.iter().map(|m| m.value).sum::<i32>(),
            modifiers: track,
        }
    };
    let facts = match profile.defenses {
        Defenses::EacKac { eac, kac } => vec![against(&[DamageType::Energy], eac), against(&[], kac)],
        Defenses::ArmorClass { ac } => vec![against(&[], ac)],
        Defenses::Defense { defense } => vec![against(&[], defense)],
        Defenses::ReflexFortitudeWill {
            reflex,
            fortitude,
            will,
        } => vec![against(&[], reflex), plain("Fortitude", fortitude), plain("Will", will)],
    };
    (facts, note)
}

fn weapon_fact(w: &Weapon) -> WeaponFact {
    let range = if w.area.is_some() {
        match w.save_dc {
            Some(dc) => format!("area, DC {dc}"),
            None => "area".to_string(),
        }
    } else if let Some(b) = &w.range_bands {
        format!("bands {}/{}/{}/{} ft", b.point_blank, b.short, b.medium, b.long)
    } else if let Some(inc) = w.range_increment_ft {
        format!("{inc} ft increments")
    } else if w.kind == WeaponKind::Melee {
        match (w.reach_ft, w.reach_weapon) {
            (Some(r), _) => format!("melee, reach {r} ft"),
            (None, true) => "melee, reach weapon".to_string(),
            (None, false) => "melee".to_string(),
        }
    } else {
        "ranged".to_string()
    };
    WeaponFact {
        name: w.name.clone(),
        attack: w.attack,
        damage: w.damage.to_string(),
        damage_types: w.damage_types.clone(),
        range,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cmd;
    use crate::rules::{GameCommand, LifeState};
    use crate::testing::{battle, ok};

    const FIELD: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (10, 6), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "Crew", control: Human, colour: "#3070d0"),
        (id: "b", name: "Raiders", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", name: "Navasi", side: "a", at: (1, 1), speed: (land: 30, climb: 20), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6+1", damage_types: [Slashing]),
                   (name: "Pistol", kind: Ranged, attack: 4, damage: "1d4", damage_types: [Fire], range_increment: 30)]),
        (id: "foe", side: "b", at: (2, 1), speed: (land: 30), initiative: 0,
         defenses: (eac: 11, kac: 13), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Club", kind: Melee, attack: 0, damage: "1d4", damage_types: [Bludgeoning])]),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// The card names the unit and its side, and shows starfinder's EAC and KAC, its speeds,
    /// its weapons and, while it acts, its action budget.
    #[test]
    fn a_card_shows_name_side_defenses_speeds_weapons_and_the_budget_while_acting() {
        let b = battle(FIELD, &[]);
        let card = UnitCard::of(b.world(), &id("me")).expect("a unit");
        assert_eq!(card.unit.name, "Navasi");
        assert_eq!((card.side_name.as_str(), card.colour), ("Crew", [0x30, 0x70, 0xd0]));
        let defenses: Vec<(&str, i32)> = card.defenses.iter().map(|d| (d.name.as_str(), d.printed)).collect();
        assert_eq!(defenses, vec![("EAC", 12), ("KAC", 14)]);
        let speeds: Vec<(&str, u32)> = card.speeds.iter().map(|s| (s.mode, s.now_ft)).collect();
        assert_eq!(speeds, vec![("land", 30), ("climb", 20)]);
        assert_eq!(card.weapons[0].damage, "1d6+1");
        assert_eq!(card.weapons[0].range, "melee");
        assert_eq!(card.weapons[1].range, "30 ft increments");
        assert_eq!(card.weapons[1].attack, 4);
        let budget = card.budget.expect("it is acting");
        assert_eq!((budget.standard, budget.move_), (1, 1));
        assert!(UnitCard::of(b.world(), &id("foe")).expect("a unit").budget.is_none());
        assert!(UnitCard::of(b.world(), &id("nobody")).is_none());
    }

    /// AOO-1: a starfinder unit has one reaction a round; an attack of opportunity spends it.
    /// SEQ-5: a tracked effect shows the rounds it still lasts, and its defense bonus shows in
    /// the defenses now, named after it.
    #[test]
    fn aoo_1_reactions_left_fall_when_used_and_seq_5_effects_show_rounds_left() {
        // Initiative, then the foe's attack of opportunity misses (d20 2).
        let mut b = battle(FIELD, &[10, 10, 2]);
        // The foe acts after `me`; once it has acted it may react (001:1100).
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }));
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("foe") }));
        assert_eq!(
            UnitCard::of(b.world(), &id("foe")).expect("a unit").reactions_left,
            Some(1)
        );
        ok(
            &mut b,
            GameCommand::Move(cmd::Move {
                unit: id("me"),
                to: crate::grid::Square::new(1, 3),
                path: None,
                mode: crate::rules::MoveMode::Move,
            }),
        );
        assert_eq!(
            UnitCard::of(b.world(), &id("foe")).expect("a unit").reactions_left,
            Some(0)
        );
        ok(&mut b, GameCommand::TotalDefense(cmd::TotalDefense { unit: id("me") }));
        let card = UnitCard::of(b.world(), &id("me")).expect("a unit");
        let effect = card
            .effects
            .iter()
            .find(|e| e.name == "total defense")
            .expect("tracked");
        assert_eq!(effect.lasts, Lasts::Rounds(1));
        assert!(card.defenses.iter().all(|d| d.now > d.printed), "{:?}", card.defenses);
        assert!(
            card.defenses[1].modifiers.iter().any(|m| m.source == "total defense"),
            "{:?}",
            card.defenses
        );
        assert_eq!(card.unit.life_state, LifeState::Fine);
    }

    /// SEQ-5: rounds left count the round the effect ends in, and reach 0 exactly when the
    /// effect expires.
    #[test]
    fn seq_5_rounds_left_agree_with_expiry() {
        let effect = crate::rules::TrackedEffect {
            id: 0,
            name: "x".into(),
            source: id("a"),
            target: id("b"),
            rounds: 2,
            round: 1,
            count: 10,
            condition: None,
            defense: 0,
            defense_type: Default::default(),
            attack: 0,
            no_attacks: false,
            support: None,
            damage: None,
            hold: None,
        };
        assert_eq!(effect.rounds_left(1, Some(10)), Some(2));
        assert_eq!(effect.rounds_left(1, Some(5)), Some(2));
        assert_eq!(effect.rounds_left(2, Some(15)), Some(2));
        assert_eq!(effect.rounds_left(3, Some(15)), Some(1));
        assert_eq!(effect.rounds_left(3, Some(10)), Some(0));
        assert_eq!(effect.rounds_left(4, None), Some(0));
        for round in 1..5 {
            for count in [20, 10, 5] {
                assert_eq!(
                    effect.rounds_left(round, Some(count)) == Some(0),
                    effect.expires_before(round, count),
                    "round {round} count {count}"
                );
            }
        }
        let held = crate::rules::TrackedEffect {
            hold: Some(crate::rules::Hold::UntilBroken),
            ..effect
        };
        assert_eq!(held.rounds_left(1, Some(10)), None);
    }
}

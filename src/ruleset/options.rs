//! Attack options of a family as data (RULES.md §4.3.1): full attack, fighting defensively,
//! total defense, covering and harrying fire, aid another and suppress. `None` where the family's seed has no such option.

use super::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// Full attack (starfinder: a full action, two attacks at −4 each, 001:1071-1082).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullAttack {
    pub action: ActionKind,
    pub attacks: u32,
    pub penalty: i32,
}

/// Fighting defensively as part of an attack (starfinder: −4 to attacks, +2 AC until the
/// start of the next turn, 001:895-898, 1065-1069).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightDefensively {
    pub attack: i32,
    pub defense: i32,
}

/// Total defense (starfinder: a standard action, +4 AC until the start of the next turn, no
/// attacks of opportunity meanwhile, 001:907-912).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotalDefense {
    pub action: ActionKind,
    pub defense: i32,
}

/// An attack roll against a fixed defense that deals no damage but helps an ally or hinders
/// a foe for one attack roll: starfinder covering and harrying fire (AC 15, +2,
/// 001:858-864, 900-905), saga aid another and suppress (Reflex 10, +2 / −2, 004:371-377).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportFire {
    pub action: ActionKind,
    /// The fixed defense the attack roll must meet.
    pub defense: i32,
    /// The bonus (or, for suppress, the penalty) to the one attack roll it affects.
    pub bonus: i32,
}

/// §4.3.1 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackOptions {
    pub full_attack: Option<FullAttack>,
    pub fight_defensively: Option<FightDefensively>,
    pub total_defense: Option<TotalDefense>,
    /// Covering fire: the bonus goes to an ally's AC.
    pub covering_fire: Option<SupportFire>,
    /// Harrying fire: the bonus goes to the next ally's attack on a foe.
    pub harrying_fire: Option<SupportFire>,
    /// saga aid another: the bonus goes to one chosen ally's next attack on a foe.
    pub aid_another: Option<SupportFire>,
    /// saga suppress: the penalty goes to a foe's next attack roll.
    pub suppress: Option<SupportFire>,
}

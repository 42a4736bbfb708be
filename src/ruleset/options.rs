//! Attack options of a family as data (RULES.md §4.3.1): full attack, fighting defensively,
//! total defense, covering and harrying fire, aid another, suppress and coup de grace. `None` where the family's seed has no such option.

use super::Skill;
use super::actions::ActionKind;
use super::common::Until;
use super::stacking::BonusType;
use serde::{Deserialize, Serialize};

/// Full attack (§4.3.1): the action, how many attacks at what penalty, and how long the
/// penalties last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullAttack {
    pub action: ActionKind,
    pub attacks: FullAttackModel,
    /// `start_of_next_turn`: the penalties apply to every attack the unit makes until then,
    /// attacks of opportunity included (saga 004:311); `end_of_turn`: only to the full
    /// attack's own attacks (starfinder).
    pub penalties_until: Until,
}

/// Where a full attack's attacks come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FullAttackModel {
    /// starfinder: up to `count` attacks, each at `penalty` (001:1071-1082).
    Fixed { count: u32, penalty: i32 },
    /// saga: one attack, plus one per source of extra attacks the unit has (004:309-329).
    ExtraAttacks(ExtraAttacks),
}

/// saga's sources of extra attacks in a full attack and their penalties on all attacks
/// (004:309-329). Each source gives one extra attack; sources stack, attacks and penalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraAttacks {
    /// Two weapons: one attack with each; three or more weapons still give one extra attack
    /// (004:313-315).
    pub two_weapons: i32,
    /// A double weapon: one attack with each end (004:317).
    pub double_weapon: i32,
    /// Dual Weapon Mastery I, II, III: the two-weapon and double-weapon penalty becomes this
    /// (004:319).
    pub dual_weapon_mastery: (i32, i32, i32),
    /// The Double Attack feat (004:321-323).
    pub double_attack: i32,
    /// The Triple Attack feat, on top of Double Attack's (004:325-327).
    pub triple_attack: i32,
}

/// Fighting defensively (§4.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightDefensively {
    /// `None`: declared as part of an attack or a full attack (starfinder, 001:895-898,
    /// 1065-1069); else an action of its own (saga: a standard action, 004:485-487).
    pub action: Option<ActionKind>,
    /// On the unit's attack rolls: starfinder those of the attack it is part of, saga every
    /// attack until the start of its next turn.
    pub attack: i32,
    /// To the unit's defense until the start of its next turn.
    pub defense: i32,
    /// The type of that bonus (§21: saga dodge).
    pub defense_type: BonusType,
    /// saga: the defense bonus when the unit chooses to make no attacks at all until its next
    /// turn, not even attacks of opportunity (004:487-488); `None`: the family has no such
    /// choice.
    pub no_attacks_defense: Option<i32>,
    /// saga: a unit trained in a skill gets other bonuses (Acrobatics, 004:489-491).
    pub trained: Option<TrainedFightDefensively>,
}

/// Fighting defensively for a unit trained in `skill`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainedFightDefensively {
    pub skill: Skill,
    pub defense: i32,
    pub no_attacks_defense: Option<i32>,
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
    /// Its bonus type (§21: starfinder circumstance).
    pub bonus_type: BonusType,
    /// d20 aid another: the aider may give the ally the bonus to its defense against the
    /// foe's next attack instead (MNV-SRD-8).
    #[serde(default)]
    pub ally_defense: bool,
    /// d20 SRD aid another: only from a position to make a melee attack on the foe.
    #[serde(default)]
    pub melee_only: bool,
    /// d20 aid another: only against a foe engaging the ally in melee (either threatens the
    /// other).
    #[serde(default)]
    pub engaged: bool,
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
    /// A coup de grace on a helpless foe.
    pub coup_de_grace: Option<CoupDeGrace>,
}

/// Coup de grace (§4.3.1): an automatic critical hit on a helpless foe, who may die of it
/// (starfinder 001:1056-1063; saga 004:303-307; d20_srd and d20_modern: the d20 SRD, as their
/// seeds are silent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoupDeGrace {
    pub action: ActionKind,
    /// Which weapons may deliver it, and from where.
    pub weapons: CoupDeGraceWeapons,
    /// A target that survives the damage saves with Fortitude or dies (starfinder, d20).
    pub save: Option<CoupDeGraceSave>,
    /// saga: a target brought to 0 HP, or hit while unconscious or disabled, dies (004:305).
    pub kills_down: bool,
    /// saga: not against vehicles or objects (004:307).
    pub creatures_only: bool,
}

/// The weapons that may deliver a coup de grace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoupDeGraceWeapons {
    /// Any weapon, the target adjacent (starfinder: "an adjacent helpless opponent").
    AnyAdjacent,
    /// A melee weapon that reaches the target, or a ranged one when adjacent (saga, d20 SRD).
    MeleeOrAdjacentRanged,
}

/// The Fortitude save against dying after a coup de grace: DC `base` + the attacker's level
/// (starfinder, "level or CR") or + the damage dealt (d20 SRD).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoupDeGraceSave {
    pub base: i32,
    pub plus: CoupDeGraceDc,
}

/// What the coup de grace save's DC adds to its base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoupDeGraceDc {
    AttackerLevel,
    DamageDealt,
}

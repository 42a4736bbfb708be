//! The commands of attacks and their options (§4.3.1): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use crate::rules::attack::action::{AttackOrder, check_attacks, execute_attacks};
use crate::rules::attack::events::SupportKind;
use crate::rules::attack::support::{SupportOrder, check_support, execute_support};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// The `RuleCommand` of a command that stands for an order (its `order()`) which one
/// function of its area checks and another executes: the attacks (`attack::action`) and the
/// support actions, an attack roll against a fixed defense (`attack::support`) (§4.3.1).
macro_rules! ordered_command {
    ($command:ident, $check:path, $execute:path) => {
        impl RuleCommand for $command {
            fn actor(&self) -> Option<&UnitId> {
                Some(&self.unit)
            }

            fn gates(&self) -> Gates {
                Gates::ATTACK
            }

            fn check(&self, world: &World) -> Result<(), RuleError> {
                $check(world, self.order()).map(|_| ())
            }

            fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
                $execute(ex, self.order())
            }
        }
    };
}

/// The active unit attacks `target` with `weapon` (or its best weapon for the job): a
/// standard action (§4.3.1, ATK-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
    /// Fight defensively with it (starfinder: −4 to attack, +2 AC until the next turn).
    #[serde(default)]
    pub defensively: bool,
    /// Fire a weapon mounted on this vehicle, which the unit rides (VEH-20), instead of
    /// one it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<UnitId>,
}

ordered_command!(Attack, check_attacks, execute_attacks);

impl Attack {
    /// The attack it orders (§4.3.1).
    pub fn order(&self) -> AttackOrder<'_> {
        AttackOrder {
            unit: &self.unit,
            targets: std::slice::from_ref(&self.target),
            weapon: self.weapon.as_deref(),
            weapons: &[],
            full: false,
            defensively: self.defensively,
            mount: self.mount.as_ref(),
        }
    }
}

/// The active unit makes a full attack (§4.3.1): one attack per listed target (the same
/// target may repeat), each with the family's full-attack penalties (starfinder: two at
/// −4; saga: extra attacks from two weapons, a double weapon, Double and Triple Attack).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullAttack {
    pub unit: UnitId,
    pub targets: Vec<UnitId>,
    #[serde(default)]
    pub weapon: Option<String>,
    /// The weapon of each attack, in the order of `targets` (saga two weapons: one
    /// attack with each; a double weapon: named twice). Empty: `weapon` for every attack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    #[serde(default)]
    pub defensively: bool,
}

ordered_command!(FullAttack, check_attacks, execute_attacks);

impl FullAttack {
    /// The attacks it orders (§4.3.1).
    pub fn order(&self) -> AttackOrder<'_> {
        AttackOrder {
            unit: &self.unit,
            targets: &self.targets,
            weapon: self.weapon.as_deref(),
            weapons: &self.weapons,
            full: true,
            defensively: self.defensively,
            mount: None,
        }
    }
}

/// saga: the active unit fights defensively, an action of its own (§4.3.1): −5 on its
/// attacks and a dodge bonus to Reflex until its next turn; with `no_attacks` it makes no
/// attacks at all meanwhile (not even attacks of opportunity) for a larger bonus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightDefensively {
    pub unit: UnitId,
    #[serde(default)]
    pub no_attacks: bool,
}

impl RuleCommand for FightDefensively {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::attack::fight_defensively::check_fight_defensively(world, &self.unit, self.no_attacks).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::attack::fight_defensively::execute_fight_defensively(ex, &self.unit, self.no_attacks)
    }
}

/// The active unit gives `ally` covering fire with a ranged weapon (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoveringFire {
    pub unit: UnitId,
    pub ally: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

ordered_command!(CoveringFire, check_support, execute_support);

impl CoveringFire {
    fn order(&self) -> SupportOrder<'_> {
        SupportOrder {
            kind: SupportKind::Covering,
            unit: &self.unit,
            target: &self.ally,
            ally: None,
            weapon: self.weapon.as_deref(),
            ally_defense: false,
        }
    }
}

/// The active unit harries `target` with a ranged weapon for its allies (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarryingFire {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

ordered_command!(HarryingFire, check_support, execute_support);

impl HarryingFire {
    fn order(&self) -> SupportOrder<'_> {
        SupportOrder {
            kind: SupportKind::Harrying,
            unit: &self.unit,
            target: &self.target,
            ally: None,
            weapon: self.weapon.as_deref(),
            ally_defense: false,
        }
    }
}

/// saga: the active unit attacks `target` against Reflex 10 to give `ally` +2 on its
/// next attack roll against it (§4.3.1); d20 (MNV-SRD-8): against AC 10, and `defense`
/// gives the bonus to the ally's AC against the target's next attack instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AidAnother {
    pub unit: UnitId,
    pub target: UnitId,
    pub ally: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defense: bool,
}

ordered_command!(AidAnother, check_support, execute_support);

impl AidAnother {
    fn order(&self) -> SupportOrder<'_> {
        SupportOrder {
            kind: SupportKind::Aid,
            unit: &self.unit,
            target: &self.target,
            ally: Some(&self.ally),
            weapon: self.weapon.as_deref(),
            ally_defense: self.defense,
        }
    }
}

/// saga: the active unit attacks `target` against Reflex 10 to give it −2 on its next
/// attack roll (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suppress {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

ordered_command!(Suppress, check_support, execute_support);

impl Suppress {
    fn order(&self) -> SupportOrder<'_> {
        SupportOrder {
            kind: SupportKind::Suppress,
            unit: &self.unit,
            target: &self.target,
            ally: None,
            weapon: self.weapon.as_deref(),
            ally_defense: false,
        }
    }
}

/// The active unit takes total defense (§4.3.1): a bonus to its defense and no attacks of
/// opportunity until its next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotalDefense {
    pub unit: UnitId,
}

impl RuleCommand for TotalDefense {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::attack::action::check_total_defense(world)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::attack::action::execute_total_defense(ex, &self.unit)
    }
}

/// The active unit delivers a coup de grace to the helpless `target` (§4.3.1): a full action,
/// an automatic (critical) hit with `weapon` (or its best weapon that may), and the target's
/// death by the family's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoupDeGrace {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

impl RuleCommand for CoupDeGrace {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ATTACK
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::coup_de_grace::check_coup_de_grace(world, &self.unit, &self.target, self.weapon.as_deref()).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::coup_de_grace::execute_coup_de_grace(ex, &self.unit, &self.target, self.weapon.as_deref())
    }
}

/// The attacks an `Attack` or `FullAttack` command orders (§4.3.1), for those that weigh a
/// command before giving it (the computer player); `None` for other commands.
pub fn attack_order(command: &crate::rules::GameCommand) -> Option<AttackOrder<'_>> {
    match command {
        crate::rules::GameCommand::Attack(c) => Some(c.order()),
        crate::rules::GameCommand::FullAttack(c) => Some(c.order()),
        _ => None,
    }
}

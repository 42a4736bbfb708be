//! `GameCommand`: every change to a battle is one of these (serializable, so scripts, saves,
//! replays and hot-seat all use the same path). `rules::process` runs one.

use super::bounds::Operands;
use crate::rules::{Executor, RuleError, UnitId};
use crate::rules::{area, attack, chase, health, maneuver, movement, reactions, sequence, vehicle};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Declares `GameCommand` from one line per command (`Name(area::commands::Name)`), with its
/// serde form: each command is written as a struct variant of the enum (`Move(unit: "a", to:
/// (1, 2))`), exactly as when the enum held the fields itself, so scripts and saves keep
/// their format.
macro_rules! game_commands {
    ($(#[$enum_meta:meta])* enum GameCommand { $($(#[$meta:meta])* $variant:ident($ty:ty),)* }) => {
        $(#[$enum_meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum GameCommand {
            $($(#[$meta])* $variant($ty),)*
        }

        impl GameCommand {
            /// The commands' names, as scripts write them.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($variant)),*];

            /// The command as its area handles it.
            pub fn rule(&self) -> &dyn RuleCommand {
                match self {
                    $(GameCommand::$variant(c) => c,)*
                }
            }
        }

        impl Serialize for GameCommand {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut index = 0u32;
                $(
                    if let GameCommand::$variant(c) = self {
                        return c.serialize(super::wire::AsVariant::new(serializer, index, stringify!($variant)));
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every command is one of the variants")
            }
        }

        impl<'de> Deserialize<'de> for GameCommand {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                #[derive(Deserialize)]
                enum Tag {
                    $($variant,)*
                }
                struct CommandVisitor;
                impl<'de> serde::de::Visitor<'de> for CommandVisitor {
                    type Value = GameCommand;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a command")
                    }
                    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<GameCommand, A::Error> {
                        let (tag, variant) = data.variant::<Tag>()?;
                        match tag {
                            $(Tag::$variant => Ok(GameCommand::$variant(<$ty>::deserialize(
                                super::wire::VariantFields(variant),
                            )?)),)*
                        }
                    }
                }
                deserializer.deserialize_enum("GameCommand", GameCommand::NAMES, CommandVisitor)
            }
        }
    };
}

game_commands! {
    /// A request to change the battle. Written in scripts as e.g. `EndTurn(unit: "navasi")`: one
    /// variant per command, each the command's own struct in its rule area (`rules::cmd`), so
    /// adding a command is its area's module and one line here.
    enum GameCommand {
        PilotAction(chase::commands::PilotAction),
        EndPilotTurn(chase::commands::EndPilotTurn),
        ChaseProgress(chase::commands::ChaseProgress),
        Collide(chase::commands::Collide),
        BoardEngaged(chase::commands::BoardEngaged),
        EndTurn(sequence::commands::EndTurn),
        Delay(sequence::commands::Delay),
        ActNow(sequence::commands::ActNow),
        Proceed(sequence::commands::Proceed),
        Ready(sequence::commands::Ready),
        FireReadied(sequence::commands::FireReadied),
        Act(sequence::commands::Act),
        TrackEffect(sequence::commands::TrackEffect),
        DamageAbility(health::commands::DamageAbility),
        TreatBleeding(health::commands::TreatBleeding),
        Move(movement::commands::Move),
        Charge(movement::commands::Charge),
        Fly(movement::commands::Fly),
        Attack(attack::commands::Attack),
        FullAttack(attack::commands::FullAttack),
        AreaAttack(area::commands::AreaAttack),
        Autofire(area::commands::Autofire),
        FightDefensively(attack::commands::FightDefensively),
        CoveringFire(attack::commands::CoveringFire),
        HarryingFire(attack::commands::HarryingFire),
        AidAnother(attack::commands::AidAnother),
        Suppress(attack::commands::Suppress),
        TotalDefense(attack::commands::TotalDefense),
        CoupDeGrace(attack::commands::CoupDeGrace),
        Stabilize(health::commands::Stabilize),
        StayInTheFight(health::commands::StayInTheFight),
        SecondWind(health::commands::SecondWind),
        Recover(health::commands::Recover),
        StandUp(movement::commands::StandUp),
        DropProne(movement::commands::DropProne),
        Maneuver(maneuver::commands::Maneuver),
        BreakFree(maneuver::commands::BreakFree),
        PickUp(maneuver::commands::PickUp),
        CastSpell(area::commands::CastSpell),
        Decline(reactions::commands::Decline),
        SetReactions(reactions::commands::SetReactions),
        Vehicle(vehicle::commands::Vehicle),
        LeaveMap(vehicle::commands::LeaveMap),
        ReturnToMap(vehicle::commands::ReturnToMap),
    }
}

impl GameCommand {
    /// Whether the command makes attack rolls (saga fighting defensively with no attacks
    /// forbids them, §4.3.1).
    pub fn makes_attacks(&self) -> bool {
        self.rule().makes_attacks()
    }

    /// The unit that issues the command, if any.
    pub fn actor(&self) -> Option<&UnitId> {
        self.rule().actor()
    }

    /// Which of the engine's shared gates the command passes through.
    pub fn gates(&self) -> Gates {
        self.rule().gates()
    }
}

/// A command of a rule area: who gives it, which shared gates it passes, the numbers it
/// carries, and the area's own check and execution. The engine runs the shared gates first
/// (`engine::resolve::check`), then `check`; `execute` runs only after both allowed it.
pub trait RuleCommand {
    /// The unit that issues the command, if any.
    fn actor(&self) -> Option<&UnitId>;

    /// Which of the engine's shared gates apply; most commands are the active unit's actions.
    fn gates(&self) -> Gates {
        Gates::ACTION
    }

    /// Whether the command makes attack rolls (§4.3.1 saga: not while fighting defensively
    /// with no attacks).
    fn makes_attacks(&self) -> bool {
        self.gates().attacks
    }

    /// Every square, intersection and number the command carries and where it is written
    /// (issue #16 items 6, 7, 10), refused before any geometry when out of range or off the map.
    fn operands(&self, _out: &mut Operands) {}

    /// Whether the area's rules allow the command now (after the shared gates). Never changes
    /// the battle.
    fn check(&self, world: &World) -> Result<(), RuleError>;

    /// Runs the allowed command: emits (and so applies) its events.
    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError>;
}

/// The engine's checks shared by many commands (`engine::resolve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gates {
    /// The shared gates run at all (a `Decline` only wraps another command, which passes them).
    pub shared: bool,
    /// Given by the active unit on its own turn, with no delay window open.
    pub own_turn: bool,
    /// The actor does something (as opposed to ending or passing its turn, a referee's record
    /// or a down unit's own recovery): conditions that forbid actions (§20) and pins refuse it.
    pub acts: bool,
    /// HP-SF-2: refused to a dying, unconscious or dead unit even though it rolls nothing.
    pub needs_able: bool,
    /// The unit walks: refused aboard a vehicle (§25.9).
    pub walks: bool,
    /// It makes attack rolls.
    pub attacks: bool,
    /// It may carry the unit whose turn it is out of the battle (a chase's progress, a fall
    /// from a boarding): that turn then ends and the next begins (`sequence::end_turn_if_departed`).
    pub carries_off: bool,
}

impl Gates {
    /// An action the active unit takes on its own turn.
    pub const ACTION: Gates = Gates {
        shared: true,
        own_turn: true,
        acts: true,
        needs_able: false,
        walks: false,
        attacks: false,
        carries_off: false,
    };
    /// An action with attack rolls.
    pub const ATTACK: Gates = Gates {
        attacks: true,
        ..Gates::ACTION
    };
    /// Not an action the actor takes (ending or passing its turn, a record, its own recovery).
    pub const fn passive(self) -> Gates {
        Gates { acts: false, ..self }
    }
    /// Given outside the giver's own turn.
    pub const fn any_time(self) -> Gates {
        Gates {
            own_turn: false,
            ..self
        }
    }
    /// Refused to a down unit (HP-SF-2).
    pub const fn needs_able(self) -> Gates {
        Gates {
            needs_able: true,
            ..self
        }
    }
    /// The unit walks on its own feet.
    pub const fn walks(self) -> Gates {
        Gates { walks: true, ..self }
    }
    /// It may carry the unit whose turn it is out of the battle.
    pub const fn carries_off(self) -> Gates {
        Gates {
            carries_off: true,
            ..self
        }
    }
}

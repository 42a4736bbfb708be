//! `GameCommand`: every change to a battle is one of these (serializable, so scripts, saves,
//! replays and hot-seat all use the same path). `rules::process` runs one.

use crate::rules::UnitId;
use crate::rules::cmd;
use crate::rules::{area, attack, chase, health, maneuver, movement, reactions, sequence, vehicle};
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
        matches!(
            self,
            GameCommand::Attack(cmd::Attack { .. })
                | GameCommand::FullAttack(cmd::FullAttack { .. })
                | GameCommand::Charge(cmd::Charge { .. })
                | GameCommand::CoveringFire(cmd::CoveringFire { .. })
                | GameCommand::HarryingFire(cmd::HarryingFire { .. })
                | GameCommand::AidAnother(cmd::AidAnother { .. })
                | GameCommand::Suppress(cmd::Suppress { .. })
                | GameCommand::Maneuver(cmd::Maneuver { .. })
                | GameCommand::AreaAttack(cmd::AreaAttack { .. })
                | GameCommand::Autofire(cmd::Autofire { .. })
        ) || matches!(self, GameCommand::Decline(cmd::Decline { then, .. }) if then.makes_attacks())
    }

    /// The unit that issues the command, if any.
    pub fn actor(&self) -> Option<&UnitId> {
        match self {
            GameCommand::EndTurn(cmd::EndTurn { unit })
            | GameCommand::Delay(cmd::Delay { unit })
            | GameCommand::ActNow(cmd::ActNow { unit })
            | GameCommand::Ready(cmd::Ready { unit, .. })
            | GameCommand::FireReadied(cmd::FireReadied { unit })
            | GameCommand::Act(cmd::Act { unit, .. })
            | GameCommand::Move(cmd::Move { unit, .. })
            | GameCommand::Charge(cmd::Charge { unit, .. })
            | GameCommand::Fly(cmd::Fly { unit, .. })
            | GameCommand::Attack(cmd::Attack { unit, .. })
            | GameCommand::FullAttack(cmd::FullAttack { unit, .. })
            | GameCommand::AreaAttack(cmd::AreaAttack { unit, .. })
            | GameCommand::Autofire(cmd::Autofire { unit, .. })
            | GameCommand::FightDefensively(cmd::FightDefensively { unit, .. })
            | GameCommand::TotalDefense(cmd::TotalDefense { unit })
            | GameCommand::CoveringFire(cmd::CoveringFire { unit, .. })
            | GameCommand::HarryingFire(cmd::HarryingFire { unit, .. })
            | GameCommand::AidAnother(cmd::AidAnother { unit, .. })
            | GameCommand::Suppress(cmd::Suppress { unit, .. })
            | GameCommand::Stabilize(cmd::Stabilize { unit })
            | GameCommand::StayInTheFight(cmd::StayInTheFight { unit })
            | GameCommand::SecondWind(cmd::SecondWind { unit })
            | GameCommand::Recover(cmd::Recover { unit })
            | GameCommand::StandUp(cmd::StandUp { unit })
            | GameCommand::DropProne(cmd::DropProne { unit })
            | GameCommand::Maneuver(cmd::Maneuver { unit, .. })
            | GameCommand::BreakFree(cmd::BreakFree { unit, .. })
            | GameCommand::PickUp(cmd::PickUp { unit, .. })
            | GameCommand::CastSpell(cmd::CastSpell { unit, .. })
            | GameCommand::TreatBleeding(cmd::TreatBleeding { unit, .. })
            | GameCommand::SetReactions(cmd::SetReactions { unit, .. })
            | GameCommand::Vehicle(cmd::Vehicle { unit, .. })
            | GameCommand::PilotAction(cmd::PilotAction { unit, .. })
            | GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit })
            | GameCommand::Collide(cmd::Collide { unit, .. })
            | GameCommand::LeaveMap(cmd::LeaveMap { unit })
            | GameCommand::ReturnToMap(cmd::ReturnToMap { unit, .. })
            | GameCommand::BoardEngaged(cmd::BoardEngaged { unit, .. }) => Some(unit),
            GameCommand::Decline(cmd::Decline { then, .. }) => then.actor(),
            GameCommand::TrackEffect(cmd::TrackEffect { source, .. })
            | GameCommand::DamageAbility(cmd::DamageAbility { source, .. }) => Some(source),
            GameCommand::Proceed(cmd::Proceed) | GameCommand::ChaseProgress(cmd::ChaseProgress { .. }) => None,
        }
    }
}

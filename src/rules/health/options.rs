//! The health area's options (§17): stabilizing, staying in the fight, a second wind and
//! recovering, each for the rules to judge (who may, when, how often).

use crate::rules::cmd;
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind};
use crate::rules::{GameCommand, UnitId};
use bevy::prelude::World;

/// The health area's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Stabilize | OptionKind::StayInTheFight | OptionKind::SecondWind | OptionKind::Recover
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![
            OptionKind::Stabilize,
            OptionKind::StayInTheFight,
            OptionKind::SecondWind,
            OptionKind::Recover,
        ]
    }

    fn commands(&self, _world: &World, unit: &UnitId, kind: OptionKind, _arms: Arms) -> Vec<GameCommand> {
        let unit = unit.clone();
        match kind {
            OptionKind::Stabilize => vec![GameCommand::Stabilize(cmd::Stabilize { unit })],
            OptionKind::StayInTheFight => vec![GameCommand::StayInTheFight(cmd::StayInTheFight { unit })],
            OptionKind::SecondWind => vec![GameCommand::SecondWind(cmd::SecondWind { unit })],
            OptionKind::Recover => vec![GameCommand::Recover(cmd::Recover { unit })],
            _ => Vec::new(),
        }
    }
}

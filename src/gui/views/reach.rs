//! The movement overlays' content (MOV-1, MOV-2, §5.6, §8.2): the squares the active unit
//! reaches with a move, a double move and a run, from `rules::movement::reach_plan` (as
//! `query reach`), and the squares the other side threatens while the T toggle is on;
//! `board::overlay` paints them and the legend names them. Decides no rule.

use crate::grid::Square;
use crate::gui::intake::plan::{Band, reach_bands};
use crate::gui::state::mode::Toggles;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{ComputerOpponent, Revision, Session, computer_is_playing};
use crate::history::Terrain;
use crate::rules::cmd;
use crate::rules::derive::threats_now;
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, GameCommand, MoveMode, SideId, UnitId, unit_component};
use bevy::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ReachOverlay>();
    app.init_resource::<ThreatOverlay>();
    app.add_systems(
        Update,
        (derive_reach, derive_threat)
            .chain()
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Every square a unit hostile to `unit` threatens now (THR-1..THR-5: `query threat` of each,
/// read from the rules' derived state through `rules::derive::threats_now`, the `SideThreats`
/// the intake keeps current) that a unit could stand on: a wall square is threatened in the rules' geometry,
/// but nobody can be there to be attacked, so painting it would only hide the wall.
pub fn threatened_by_foes(world: &World, unit: &UnitId) -> BTreeSet<Square> {
    let map = &world.resource::<Terrain>().0;
    let threats = threats_now(world);
    // Hostile is another side (`threat::hostile`).
    let mine = unit_component::<SideId>(world, unit);
    threats
        .iter()
        .filter(|(side, _)| Some(*side) != mine)
        .flat_map(|(_, squares)| squares.iter().copied())
        .filter(|sq| map.cell(*sq).is_some_and(|c| !c.blocks_movement))
        .collect()
}

/// The active unit's reach bands, recomputed when the battle changes.
#[derive(Resource, Debug, Default)]
pub struct ReachOverlay {
    pub revision: Option<Revision>,
    pub unit: Option<UnitId>,
    pub bands: BTreeMap<Square, Band>,
}

/// The squares the other side threatens, while the T toggle is on.
#[derive(Resource, Debug, Default)]
pub struct ThreatOverlay {
    pub key: Option<(Revision, bool)>,
    pub squares: BTreeSet<Square>,
}

/// Whether `unit` moves square by square now: not in a vehicle chase, where positions are
/// zones and the rules refuse every grid move (CHS-4), so there are no bands to show and no
/// path to plan.
pub fn moves_on_the_grid(world: &World, unit: &UnitId) -> bool {
    let stay = GameCommand::Move(cmd::Move {
        unit: unit.clone(),
        to: space_of(world, unit).map_or(Square::new(0, 0), |s| s.at),
        path: None,
        mode: MoveMode::default(),
    });
    crate::rules::chase::refuse_in_chase(world, &stay).is_none()
}

fn derive_reach(
    session: Res<Session>,
    revision: Res<Revision>,
    mut reach: ResMut<ReachOverlay>,
    computer: Option<Res<ComputerOpponent>>,
) {
    if reach.revision == Some(*revision) {
        return;
    }
    let world = session.battle.world();
    let unit = world.resource::<Combat>().active.clone();
    // No bands (so no planned path to click) for a unit the computer is moving.
    let unit = unit
        .filter(|u| moves_on_the_grid(world, u))
        .filter(|_| computer.is_none() || !computer_is_playing(&session.battle));
    reach.bands = unit.as_ref().map(|u| reach_bands(world, u)).unwrap_or_default();
    reach.unit = unit;
    reach.revision = Some(*revision);
}

pub(in crate::gui) fn derive_threat(
    session: Res<Session>,
    revision: Res<Revision>,
    toggles: Res<Toggles>,
    mut threat: ResMut<ThreatOverlay>,
) {
    let key = Some((*revision, toggles.threat));
    if threat.key == key {
        return;
    }
    threat.key = key;
    let world = session.battle.world();
    threat.squares = match (toggles.threat, &world.resource::<Combat>().active) {
        (true, Some(unit)) => threatened_by_foes(world, unit),
        _ => BTreeSet::new(),
    };
}

//! The movement overlays on the tiles (MOV-1, MOV-2, §5.6, §8.2): the squares the active unit
//! reaches with a move, a double move and a run, the squares the other side threatens (the T
//! toggle), and the squares where the planned path (`path`) provokes. The bands come from
//! `rules::reach_plan` (as `query reach`): this file decides no rule, it only asks and paints.

use crate::grid::Square;
use crate::gui::board::map::{OverlayLayer, tile_pos};
use crate::gui::board::path::{PathOverlay, PathPreview};
use crate::gui::hud::actions::modes::Toggles;
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::rules::cmd;
use crate::rules::reach_plan::plan_reach;
use crate::rules::threat::{hostile, space_of, threatened_by};
use crate::rules::{Combat, GameCommand, MoveMode, UnitId, UnitIndex};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ReachOverlay>();
    app.init_resource::<ThreatOverlay>();
    app.add_systems(
        Update,
        (
            (derive_reach, derive_threat).chain().in_set(AppSystems::Derive),
            paint_overlay_tiles.in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The movement bands, smallest first (MOV-1, MOV-2, §5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    Move,
    Double,
    Run,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Move, Band::Double, Band::Run];

    /// The move mode the rules plan this band with.
    pub fn mode(self) -> MoveMode {
        match self {
            Band::Move => MoveMode::Move,
            Band::Double => MoveMode::Double,
            Band::Run => MoveMode::Run,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Band::Move => "move",
            Band::Double => "double move",
            Band::Run => "run",
        }
    }

    /// The band's colour: blue, amber, red.
    pub fn colour(self) -> Color {
        match self {
            Band::Move => Color::srgb_u8(0x2f, 0x9b, 0xff),
            Band::Double => Color::srgb_u8(0xf5, 0xc0, 0x1a),
            Band::Run => Color::srgb_u8(0xf0, 0x4a, 0x2a),
        }
    }
}

/// Colour of a square the other side threatens (T toggle).
pub const THREAT_COLOUR: Color = Color::srgb(0.75, 0.1, 0.95);

/// Colour of a provoking square and of the reactor's mark.
pub const PROVOKE_COLOUR: Color = Color::srgb(0.85, 0.05, 0.45);

/// Every square `unit` can move to now, in the smallest band the rules allow (the turn's
/// remaining actions count): one `rules::reach_plan` (one board, one sweep per band), which
/// answers each square as `plan_move` would.
pub fn reach_bands(world: &World, unit: &UnitId) -> BTreeMap<Square, Band> {
    let modes = Band::ALL.map(Band::mode);
    let Ok(plan) = plan_reach(world, unit, &modes) else {
        return BTreeMap::new();
    };
    plan.smallest()
        .into_iter()
        .filter_map(|(sq, (mode, _))| Band::ALL.into_iter().find(|b| b.mode() == mode).map(|b| (sq, b)))
        .collect()
}

/// Every square a unit hostile to `unit` threatens now (THR-1..THR-5: `query threat` of each).
pub fn threatened_by_foes(world: &World, unit: &UnitId) -> BTreeSet<Square> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .flat_map(|u| threatened_by(world, u))
        .collect()
}

/// What one overlay square shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Reachable in this band.
    Reach(Band),
    /// Threatened by the other side (shown with the T toggle).
    Threatened,
    /// The planned path leaves this square while threatened: it provokes.
    Provokes,
}

/// The overlay squares from the reach bands and the planned path: the band of each reachable
/// square, with the squares the path would provoke on marked over them.
pub fn overlay_marks(
    bands: &BTreeMap<Square, Band>,
    threatened: &BTreeSet<Square>,
    path: Option<&PathPreview>,
) -> BTreeMap<Square, Mark> {
    let mut marks: BTreeMap<Square, Mark> = bands.iter().map(|(sq, b)| (*sq, Mark::Reach(*b))).collect();
    for sq in threatened {
        marks.insert(*sq, Mark::Threatened);
    }
    for (sq, _) in path.map(|p| p.provokes.as_slice()).unwrap_or_default() {
        marks.insert(*sq, Mark::Provokes);
    }
    marks
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
    computer: Option<Res<crate::gui::computer::ComputerTurn>>,
) {
    if reach.revision == Some(*revision) {
        return;
    }
    let world = session.battle.world();
    let unit = world.resource::<Combat>().active.clone();
    // No bands (so no planned path to click) for a unit the computer is moving.
    let unit = unit
        .filter(|u| moves_on_the_grid(world, u))
        .filter(|_| computer.is_none() || !crate::gui::computer::computer_is_playing(&session.battle));
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

/// Tints the overlay tilemap: band colours for the reach, magenta where the path provokes.
fn paint_overlay_tiles(
    reach: Res<ReachOverlay>,
    threat: Res<ThreatOverlay>,
    path: Res<PathOverlay>,
    layer: Single<(&TileStorage, &TilemapSize, Ref<OverlayLayer>)>,
    mut tiles: Query<(&mut TileColor, &mut TileVisible)>,
) {
    let (storage, size, new) = *layer;
    if !reach.is_changed() && !path.is_changed() && !threat.is_changed() && !new.is_added() {
        return;
    }
    let preview = path.preview.as_ref().and_then(|p| p.as_ref().ok());
    let marks = overlay_marks(&reach.bands, &threat.squares, preview);
    for y in 0..size.y {
        for x in 0..size.x {
            let sq = Square::new(x as i32, (size.y - 1 - y) as i32);
            let Some(tile) = storage.get(&tile_pos(sq, size.y)) else {
                continue;
            };
            let Ok((mut colour, mut visible)) = tiles.get_mut(tile) else {
                continue;
            };
            let tint = match marks.get(&sq) {
                Some(Mark::Reach(band)) => Some(band.colour().with_alpha(0.22)),
                Some(Mark::Threatened) => Some(THREAT_COLOUR.with_alpha(0.4)),
                Some(Mark::Provokes) => Some(PROVOKE_COLOUR.with_alpha(0.55)),
                None => None,
            };
            visible.0 = tint.is_some();
            if let Some(tint) = tint {
                colour.0 = tint;
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testing::battle;

    /// `me` at (2, 2) next to `foe` at (3, 2), who has a blade. The foe acts first (so it is no
    /// longer flat-footed, §3.2) and ends its turn; `me` is active.
    const NEXT_TO_FOE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (2, 2), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "foe", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

    pub(crate) fn me() -> UnitId {
        UnitId("me".into())
    }

    pub(crate) fn my_turn() -> crate::history::Battle {
        let mut b = battle(NEXT_TO_FOE, &[]);
        let foe = UnitId("foe".into());
        assert_eq!(b.world().resource::<Combat>().active, Some(foe.clone()));
        crate::testing::ok(&mut b, crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: foe }));
        b
    }

    /// MOV-1, MOV-2, §5.6: speed 30 ft is 6 squares a move, 12 a double move; a run goes
    /// straight beyond that.
    /// CHS-4: in a vehicle chase nobody moves square by square, so the move overlay is off;
    /// on an ordinary battle it is on.
    #[test]
    fn chs_4_no_move_overlay_in_a_chase() {
        let chase = crate::testing::battle(include_str!("../../../scenarios/starfinder_redliner_chase.ron"), &[]);
        let world = chase.world();
        let active = world.resource::<Combat>().active.clone().expect("a turn");
        assert!(!moves_on_the_grid(world, &active));
        let b = crate::testing::battle(include_str!("../../../scenarios/tutorial_relay.ron"), &[]);
        let active = b.world().resource::<Combat>().active.clone().expect("a turn");
        assert!(moves_on_the_grid(b.world(), &active));
    }

    #[test]
    fn reach_bands_follow_the_rules_move_double_run() {
        let b = my_turn();
        assert_eq!(b.world().resource::<Combat>().active, Some(me()));
        let bands = reach_bands(b.world(), &me());
        assert_eq!(bands.get(&Square::new(2, 7)), Some(&Band::Move), "5 squares down");
        assert_eq!(bands.get(&Square::new(9, 7)), Some(&Band::Double), "7 across, 5 down");
        assert_eq!(bands.get(&Square::new(3, 2)), None, "the foe's square");
        assert!(!bands.contains_key(&Square::new(2, 2)), "its own square");
        assert!(bands.values().any(|b| *b == Band::Run) || bands.len() == 12 * 8 - 2);
    }

    /// THR-1: with the T toggle the overlay marks exactly the squares the other side
    /// threatens (`query threat` of each foe), over the reach bands.
    #[test]
    fn the_threat_toggle_marks_every_square_the_other_side_threatens() {
        let b = my_turn();
        let w = b.world();
        let threatened = threatened_by_foes(w, &me());
        let foe: BTreeSet<Square> = threatened_by(w, &UnitId("foe".into())).into_iter().collect();
        assert_eq!(threatened, foe);
        assert!(threatened.contains(&Square::new(2, 2)), "my own square is threatened");
        assert!(!threatened.contains(&Square::new(6, 6)));
        assert!(
            threatened_by_foes(w, &UnitId("foe".into())).is_empty(),
            "me has no weapon"
        );
        let marks = overlay_marks(&reach_bands(w, &me()), &threatened, None);
        assert_eq!(marks.get(&Square::new(2, 3)), Some(&Mark::Threatened));
        assert_eq!(marks.get(&Square::new(2, 6)), Some(&Mark::Reach(Band::Move)));
    }
}

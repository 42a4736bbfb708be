//! `GameCommand`: every change to a battle is one of these (serializable, so scripts, saves,
//! replays and hot-seat all use the same path). `rules::process` runs one.

use crate::grid::{Direction8, Intersection, Square};
use crate::rules::flight::FlyStep;
use crate::rules::maneuver::Maneuver;
use crate::rules::movement::MoveMode;
use crate::rules::reactions::ReactionMode;
use crate::rules::{Ability, ConditionName, UnitId};
use crate::ruleset::ActionKind;
use serde::{Deserialize, Serialize};

/// A request to change the battle. Written in scripts as e.g. `EndTurn(unit: "navasi")`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum GameCommand {
    /// Chase (§26.3): the pilot `unit` takes a pilot action in the pilot actions phase;
    /// `double: true` marks each part of a double maneuver (a full action).
    PilotAction {
        unit: UnitId,
        action: crate::ruleset::PilotAction,
        #[serde(default)]
        target: Option<UnitId>,
        #[serde(default)]
        double: bool,
    },
    /// Chase: the pilot ends its pilot-actions turn (forfeiting a double maneuver's second
    /// part; with no pilot action taken the vehicle is uncontrolled, CHS-8).
    EndPilotTurn { unit: UnitId },
    /// Chase (§26.4): runs the chase progress phase once every pilot has acted; `stay` lists
    /// vehicles that would escape but stay one zone ahead instead (CHS-10).
    ChaseProgress {
        #[serde(default)]
        stay: Vec<UnitId>,
    },
    /// Chase (CHS-17): the pilot `unit` smashes its vehicle into the engaged `target` vehicle
    /// (a standard action in the combat phase).
    Collide { unit: UnitId, target: UnitId },
    /// Chase (CHS-16): the passenger `unit` climbs from its vehicle onto `vehicle`, engaged
    /// with it, in the combat phase: a move action that provokes attacks of opportunity, then
    /// Acrobatics or Athletics (`skill`; the better of the two when left out) against 5 + the
    /// vehicle's KAC.
    BoardEngaged {
        unit: UnitId,
        vehicle: UnitId,
        #[serde(default)]
        skill: Option<crate::rules::chase::BoardingSkill>,
    },
    /// The active unit ends its turn (SEQ-1 step 6).
    EndTurn { unit: UnitId },
    /// The active unit delays before acting (§3.4, SEQ-8).
    Delay { unit: UnitId },
    /// A delaying unit takes its turn now, right after the turn that just ended (SEQ-8).
    ActNow { unit: UnitId },
    /// Every delaying unit keeps waiting; the next turn begins (SEQ-8).
    Proceed,
    /// The active unit readies an action of `action` kind against a trigger (§3.5).
    /// Costs the family's standard action.
    Ready {
        unit: UnitId,
        action: ActionKind,
        trigger: String,
    },
    /// A readying unit's trigger happened during another unit's turn: it acts now and takes
    /// that unit's place in the order (SEQ-9).
    FireReadied { unit: UnitId },
    /// The active unit takes an action the engine does not resolve itself (e.g. opening a
    /// door, a skill use): it spends budget and is logged (ACT-1).
    Act {
        unit: UnitId,
        action: ActionKind,
        description: String,
    },
    /// Records an effect that lasts `rounds` rounds from now; it ends just before this
    /// initiative count `rounds` rounds later (SEQ-5). Costs no action.
    TrackEffect {
        source: UnitId,
        target: UnitId,
        name: String,
        rounds: u32,
        /// A condition the target has while the effect lasts.
        #[serde(default)]
        condition: Option<ConditionName>,
        /// For the bleeding condition (and only for it): the damage the target takes at the
        /// start of each of its turns, a dice expression such as "1d4" (§20).
        #[serde(default)]
        damage: Option<String>,
    },
    /// An effect deals `amount` damage to `target`'s `ability` (HP-SF-8, starfinder): a
    /// poison, a monster's ability. Recorded for `source`; costs no action.
    DamageAbility {
        source: UnitId,
        target: UnitId,
        ability: Ability,
        amount: u32,
    },
    /// The active unit stops `target`'s bleeding with a DC 15 Medicine check (§20). Refused as
    /// not supported: the engine does not model skill checks.
    TreatBleeding { unit: UnitId, target: UnitId },
    /// The active unit moves to `to` (§5): along `path` (each next top-left square, `to` last)
    /// or, without one, along the cheapest legal path the planner finds.
    Move {
        unit: UnitId,
        to: Square,
        #[serde(default)]
        path: Option<Vec<Square>>,
        #[serde(default)]
        mode: MoveMode,
    },
    /// The active unit charges `target` (§5.8, MOV-19): a straight move to the closest square
    /// from which it can attack (`to` picks among equally close ones), then one melee attack.
    Charge {
        unit: UnitId,
        target: UnitId,
        #[serde(default)]
        to: Option<Square>,
        #[serde(default)]
        weapon: Option<String>,
    },
    /// The active unit flies along `route` (MOV-14): `To((x, y))` steps, `Up` and `Down`;
    /// with one move action, or two with `double`.
    Fly {
        unit: UnitId,
        route: Vec<FlyStep>,
        #[serde(default)]
        double: bool,
    },
    /// The active unit attacks `target` with `weapon` (or its best weapon for the job): a
    /// standard action (§4.3.1, ATK-1).
    Attack {
        unit: UnitId,
        target: UnitId,
        #[serde(default)]
        weapon: Option<String>,
        /// Fight defensively with it (starfinder: −4 to attack, +2 AC until the next turn).
        #[serde(default)]
        defensively: bool,
        /// Fire a weapon mounted on this vehicle, which the unit rides (VEH-20), instead of
        /// one it holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mount: Option<UnitId>,
    },
    /// The active unit makes a full attack (§4.3.1): one attack per listed target (the same
    /// target may repeat), each with the family's full-attack penalties (starfinder: two at
    /// −4; saga: extra attacks from two weapons, a double weapon, Double and Triple Attack).
    FullAttack {
        unit: UnitId,
        targets: Vec<UnitId>,
        #[serde(default)]
        weapon: Option<String>,
        /// The weapon of each attack, in the order of `targets` (saga two weapons: one
        /// attack with each; a double weapon: named twice). Empty: `weapon` for every attack.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        weapons: Vec<String>,
        #[serde(default)]
        defensively: bool,
    },
    /// The active unit throws or fires an area weapon (a grenade) at the grid intersection
    /// `at` (RNG-1, §19): starfinder rolls against the intersection's AC 5 and scatters a miss
    /// (RNG-2), then everyone caught saves for half; saga makes one attack roll against each
    /// Reflex Defense (AREA-SG-1). A cone or line starts at `at`, a corner of the unit's own
    /// space, toward `dir`.
    AreaAttack {
        unit: UnitId,
        weapon: String,
        at: Intersection,
        #[serde(default)]
        dir: Option<Direction8>,
    },
    /// saga: the active unit autofires `weapon` at the 2 × 2 squares whose top-left square is
    /// `at` (AREA-SG-5); `braced` (autofire-only weapons) first spends two swift actions.
    Autofire {
        unit: UnitId,
        weapon: String,
        at: Square,
        #[serde(default)]
        braced: bool,
    },
    /// saga: the active unit fights defensively, an action of its own (§4.3.1): −5 on its
    /// attacks and a dodge bonus to Reflex until its next turn; with `no_attacks` it makes no
    /// attacks at all meanwhile (not even attacks of opportunity) for a larger bonus.
    FightDefensively {
        unit: UnitId,
        #[serde(default)]
        no_attacks: bool,
    },
    /// The active unit gives `ally` covering fire with a ranged weapon (§4.3.1).
    CoveringFire {
        unit: UnitId,
        ally: UnitId,
        #[serde(default)]
        weapon: Option<String>,
    },
    /// The active unit harries `target` with a ranged weapon for its allies (§4.3.1).
    HarryingFire {
        unit: UnitId,
        target: UnitId,
        #[serde(default)]
        weapon: Option<String>,
    },
    /// saga: the active unit attacks `target` against Reflex 10 to give `ally` +2 on its
    /// next attack roll against it (§4.3.1).
    AidAnother {
        unit: UnitId,
        target: UnitId,
        ally: UnitId,
        #[serde(default)]
        weapon: Option<String>,
    },
    /// saga: the active unit attacks `target` against Reflex 10 to give it −2 on its next
    /// attack roll (§4.3.1).
    Suppress {
        unit: UnitId,
        target: UnitId,
        #[serde(default)]
        weapon: Option<String>,
    },
    /// The active unit takes total defense (§4.3.1): a bonus to its defense and no attacks of
    /// opportunity until its next turn.
    TotalDefense { unit: UnitId },
    /// A dying unit spends Resolve Points to become stable, on its turn (HP-SF-3).
    Stabilize { unit: UnitId },
    /// A stable unit at 0 HP spends 1 Resolve Point at the start of its turn to get up with
    /// 1 HP (HP-SF-4).
    StayInTheFight { unit: UnitId },
    /// saga: catch a second wind (HP-SG-11).
    SecondWind { unit: UnitId },
    /// saga: one swift action toward moving up the condition track (HP-SG-7).
    Recover { unit: UnitId },
    /// The active unit stands up from prone (move action; §4.3.2).
    StandUp { unit: UnitId },
    /// The active unit drops prone (swift action in starfinder, saga; §4.3.2).
    DropProne { unit: UnitId },
    /// The active unit attempts a combat maneuver on `target` (§4.4), e.g.
    /// `Maneuver(unit: "a", target: "b", maneuver: Reposition(to: (3, 4)))`.
    Maneuver {
        unit: UnitId,
        target: UnitId,
        maneuver: Maneuver,
        /// The weapon for the roll; default: its best melee weapon that reaches.
        #[serde(default)]
        weapon: Option<String>,
    },
    /// saga: a grabbed or grappled unit breaks free of one holder per character level
    /// (§4.4); `from` picks which.
    BreakFree {
        unit: UnitId,
        #[serde(default)]
        from: Vec<UnitId>,
    },
    /// The active unit picks up a weapon lying in or next to its space (§4.3.2).
    PickUp { unit: UnitId, weapon: String },
    /// The active unit casts one of its spells or spell-like abilities (§4.3.1, §8.2).
    CastSpell {
        unit: UnitId,
        spell: String,
        /// The intersection a spell's area starts at (§19, AREA-1).
        #[serde(default)]
        at: Option<crate::grid::Intersection>,
        /// The direction of a cone or line spell.
        #[serde(default)]
        dir: Option<crate::grid::Direction8>,
        /// A shapeable spell's squares, chosen by the caster (001:3302-3307).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        squares: Vec<crate::grid::Square>,
    },
    /// `then`, with the attacks of opportunity it provokes from `reactors` passed up (AOO-1:
    /// a reactor "may" attack): e.g. `Decline(reactors: ["gorn"], then: Move(unit: "vex",
    /// to: (3, 4)))`. Each declined one is logged as `aoo_declined`.
    Decline {
        reactors: Vec<UnitId>,
        then: Box<GameCommand>,
    },
    /// Sets how `unit` answers the attacks of opportunity it is offered from now on: `Always`
    /// (the default), `Never`, or `Ask` (the GUI asks its player). Costs no action; given at
    /// any time.
    SetReactions { unit: UnitId, mode: ReactionMode },
    /// A vehicle action of the active unit (starfinder §25): piloting, taking or giving up
    /// control, boarding and getting off, e.g. `Vehicle(unit: "buddy", order: Race(angle: 0))`.
    Vehicle {
        unit: UnitId,
        order: crate::rules::vehicle::VehicleOrder,
    },
    /// VEH-21: the pilot `unit` drives its vehicle off the battle map across the edge ahead of
    /// it (a move action); the vehicle and its riders are off the map until it comes back.
    LeaveMap { unit: UnitId },
    /// VEH-21: the pilot `unit` drives its vehicle back onto the map (a move action, from the
    /// round after it left): its top-left square at `at`, its space touching the edge it left,
    /// facing `heading`.
    ReturnToMap {
        unit: UnitId,
        at: crate::grid::Square,
        heading: crate::grid::Heading,
    },
}

impl GameCommand {
    /// Whether the command makes attack rolls (saga fighting defensively with no attacks
    /// forbids them, §4.3.1).
    pub fn makes_attacks(&self) -> bool {
        matches!(
            self,
            GameCommand::Attack { .. }
                | GameCommand::FullAttack { .. }
                | GameCommand::Charge { .. }
                | GameCommand::CoveringFire { .. }
                | GameCommand::HarryingFire { .. }
                | GameCommand::AidAnother { .. }
                | GameCommand::Suppress { .. }
                | GameCommand::Maneuver { .. }
                | GameCommand::AreaAttack { .. }
                | GameCommand::Autofire { .. }
        ) || matches!(self, GameCommand::Decline { then, .. } if then.makes_attacks())
    }

    /// The unit that issues the command, if any.
    pub fn actor(&self) -> Option<&UnitId> {
        match self {
            GameCommand::EndTurn { unit }
            | GameCommand::Delay { unit }
            | GameCommand::ActNow { unit }
            | GameCommand::Ready { unit, .. }
            | GameCommand::FireReadied { unit }
            | GameCommand::Act { unit, .. }
            | GameCommand::Move { unit, .. }
            | GameCommand::Charge { unit, .. }
            | GameCommand::Fly { unit, .. }
            | GameCommand::Attack { unit, .. }
            | GameCommand::FullAttack { unit, .. }
            | GameCommand::AreaAttack { unit, .. }
            | GameCommand::Autofire { unit, .. }
            | GameCommand::FightDefensively { unit, .. }
            | GameCommand::TotalDefense { unit }
            | GameCommand::CoveringFire { unit, .. }
            | GameCommand::HarryingFire { unit, .. }
            | GameCommand::AidAnother { unit, .. }
            | GameCommand::Suppress { unit, .. }
            | GameCommand::Stabilize { unit }
            | GameCommand::StayInTheFight { unit }
            | GameCommand::SecondWind { unit }
            | GameCommand::Recover { unit }
            | GameCommand::StandUp { unit }
            | GameCommand::DropProne { unit }
            | GameCommand::Maneuver { unit, .. }
            | GameCommand::BreakFree { unit, .. }
            | GameCommand::PickUp { unit, .. }
            | GameCommand::CastSpell { unit, .. }
            | GameCommand::TreatBleeding { unit, .. }
            | GameCommand::SetReactions { unit, .. }
            | GameCommand::Vehicle { unit, .. }
            | GameCommand::PilotAction { unit, .. }
            | GameCommand::EndPilotTurn { unit }
            | GameCommand::Collide { unit, .. }
            | GameCommand::LeaveMap { unit }
            | GameCommand::ReturnToMap { unit, .. }
            | GameCommand::BoardEngaged { unit, .. } => Some(unit),
            GameCommand::Decline { then, .. } => then.actor(),
            GameCommand::TrackEffect { source, .. } | GameCommand::DamageAbility { source, .. } => Some(source),
            GameCommand::Proceed | GameCommand::ChaseProgress { .. } => None,
        }
    }
}

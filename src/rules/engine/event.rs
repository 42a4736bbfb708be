//! `GameEvent`: what happened, with every die rolled and every modifier and its source.
//! The battle log is the list of these; the GUI animates them; only `apply` turns them into
//! state changes.

use crate::grid::{Heading, Square};
use crate::rules::area::AreaOutcome;
use crate::rules::attack::AttackRoll;
use crate::rules::health::LifeState;
use crate::rules::maneuver::ManeuverRoll;
use crate::rules::movement::MoveMode;
use crate::rules::stacking::BonusType;
use crate::rules::support::{SupportKind, SupportRoll};
use crate::rules::vehicle::{CheckRoll as VehicleCheckRoll, CollisionKind, RaceMishap, RiderRole, VehicleMove};
use crate::rules::{Ability, ConditionName, DiceExpr, DieRoll, Health, Hold, SupportBonus, UnitId, Weapon};
use crate::ruleset::ActionKind;
use crate::ruleset::ManeuverKind;
use serde::{Deserialize, Serialize};

/// A number added to a roll, with where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub source: String,
    /// Its bonus type (§21: dodge, cover, circumstance, ...); left out when untyped.
    #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
    pub kind: BonusType,
    /// The effect it comes from when several units can give the same one (covering fire,
    /// suppress): for stacking (§21) that effect is its source, whoever gave it, as the
    /// frozen lake frozen again is the same penalty (001:3202-3219).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// Set when the family's stacking rules (§21) leave it out of the total: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
}

impl Modifier {
    /// An untyped modifier (penalties and most bonuses).
    pub fn new(value: i32, source: impl Into<String>) -> Self {
        Self::typed(value, BonusType::Untyped, source)
    }

    /// A bonus of a type (§21).
    pub fn typed(value: i32, kind: BonusType, source: impl Into<String>) -> Self {
        Self {
            value,
            source: source.into(),
            kind,
            effect: None,
            ignored: None,
        }
    }

    /// The same, given by the named effect (§21: the effect is the source for stacking).
    pub fn of_effect(self, effect: impl Into<String>) -> Self {
        Self {
            effect: Some(effect.into()),
            ..self
        }
    }

    /// What §21 compares to tell "the same source": the effect, else the source.
    pub fn stacking_source(&self) -> &str {
        self.effect.as_deref().unwrap_or(&self.source)
    }

    /// Whether it counts toward the total (§21).
    pub fn counts(&self) -> bool {
        self.ignored.is_none()
    }
}

/// One unit's place in the initiative order as an event reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderEntry {
    pub unit: UnitId,
    pub count: i32,
}

/// Something that happened in the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    /// Combat begins (SEQ-1): who is aware, and whether there is a surprise round.
    CombatStarted {
        ruleset: String,
        surprise_round: bool,
        aware: Vec<UnitId>,
        surprised: Vec<UnitId>,
    },
    /// A unit starts combat flat-footed (§3.2) until it acts.
    StartedFlatFooted {
        unit: UnitId,
    },
    /// An initiative check (§3.3).
    InitiativeRolled {
        unit: UnitId,
        roll: DieRoll,
        modifiers: Vec<Modifier>,
        total: i32,
    },
    /// Tied units rolled off (§3.3 tie-break 2); `rolls` in the order of `units`.
    InitiativeRollOff {
        units: Vec<UnitId>,
        rolls: Vec<DieRoll>,
    },
    /// The initiative order now is this (after rolling, or after late joiners are inserted).
    InitiativeOrder {
        order: Vec<OrderEntry>,
    },
    /// A late joiner enters the battle (SEQ-1 step 7).
    UnitJoined {
        unit: UnitId,
        round: u32,
    },
    /// A round begins; round 0 is the surprise round.
    RoundStarted {
        round: u32,
        surprise: bool,
    },
    TurnStarted {
        unit: UnitId,
        round: u32,
        count: i32,
    },
    /// An action was spent from the turn budget (ACT-1): `kind` as requested, `slot` the
    /// part of the budget that paid for it.
    ActionTaken {
        unit: UnitId,
        kind: ActionKind,
        slot: ActionKind,
        description: String,
    },
    /// The unit is no longer flat-footed from the start of combat.
    FlatFootedEnded {
        unit: UnitId,
    },
    TurnEnded {
        unit: UnitId,
    },
    /// The unit delays (SEQ-8); it leaves the order until it acts.
    Delayed {
        unit: UnitId,
        count: i32,
    },
    /// A turn has ended while units are delaying: they may act now or pass.
    DelayWindowOpened {
        after: UnitId,
        delaying: Vec<UnitId>,
    },
    /// A delaying unit steps in with a new initiative count (SEQ-8).
    DelayEnded {
        unit: UnitId,
        new_count: i32,
    },
    /// A unit still delaying at the end of the round goes to the end of the order (SEQ-8).
    DelayedToEnd {
        unit: UnitId,
        new_count: i32,
    },
    /// The delaying units pass; the next turn begins.
    DelayWindowClosed,
    ActionReadied {
        unit: UnitId,
        action: ActionKind,
        trigger: String,
    },
    /// The readied action fires before `before`'s action; the unit's count becomes `new_count` (SEQ-9).
    ReadiedActionFired {
        unit: UnitId,
        action: ActionKind,
        before: UnitId,
        new_count: i32,
    },
    /// The readier is done with its readied action; the interrupted turn resumes.
    ReadiedActionDone {
        unit: UnitId,
        resumes: UnitId,
    },
    /// The unit's next turn came before the trigger (§3.5 "expiry").
    ReadiedActionLost {
        unit: UnitId,
    },
    /// A tracked effect begins (SEQ-5); while it lasts the target has `condition` (if any),
    /// `defense` (of `defense_type`) added to its defenses (e.g. a charge's −2), `attack` added
    /// to its own attack rolls, and with `no_attacks` it makes no attacks at all.
    EffectStarted {
        id: u32,
        name: String,
        source: UnitId,
        target: UnitId,
        rounds: u32,
        round: u32,
        count: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<ConditionName>,
        #[serde(default, skip_serializing_if = "is_zero")]
        defense: i32,
        #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
        defense_type: BonusType,
        #[serde(default, skip_serializing_if = "is_zero")]
        attack: i32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_attacks: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        support: Option<SupportBonus>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hold: Option<Hold>,
        /// Bleeding: the damage the target takes at the start of each of its turns (§20).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage: Option<DiceExpr>,
    },
    /// Covering or harrying fire, aid another or suppress was rolled (§4.3.1); a hit starts
    /// its effect.
    SupportResolved {
        unit: UnitId,
        kind: SupportKind,
        /// The ally covered, or the foe harried, aided against or suppressed.
        target: UnitId,
        /// The ally aided (aid another).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ally: Option<UnitId>,
        roll: Box<SupportRoll>,
    },
    /// A tracked effect ends, just before the initiative count it began on (SEQ-5).
    EffectEnded {
        id: u32,
        name: String,
        target: UnitId,
    },
    /// A move begins (§5): the action paid for and the planned squares.
    MoveStarted {
        unit: UnitId,
        mode: MoveMode,
        from: Square,
        path: Vec<Square>,
        cost_ft: u32,
    },
    /// One step of a move (MOV-3): `cost_ft` with the family's diagonal and terrain costs.
    UnitStepped {
        unit: UnitId,
        from: Square,
        to: Square,
        cost_ft: u32,
        diagonals: u32,
    },
    /// One leg of a flight (MOV-14): to a neighbouring square or straight up or down, with
    /// the turns it made and the flier's new height in squares and direction (0 = north).
    FlightLeg {
        unit: UnitId,
        from: Square,
        to: Square,
        elevation: u32,
        cost_ft: u32,
        turns: u32,
        diagonals: u32,
        heading: Option<u8>,
    },
    /// The unit is put back where it may stand (MOV-12: the last legal position of its move).
    UnitDisplaced {
        unit: UnitId,
        from: Square,
        to: Square,
        reason: String,
    },
    /// A move ends at `at`; `stopped` says why it ended early, if it did (MOV-12, AOO-1).
    MoveEnded {
        unit: UnitId,
        at: Square,
        moved_ft: u32,
        stopped: Option<String>,
    },
    /// Leaving `square_left` provokes `reactor`, who attacks before the mover leaves (AOO-1).
    AttackOfOpportunity {
        reactor: UnitId,
        target: UnitId,
        square_left: Square,
        trigger: String,
    },
    /// `reactor` was offered an attack of opportunity (as `AttackOfOpportunity` would say) and
    /// passed it up: `reason` is "declined" (the command's `Decline`) or its `Never` setting.
    /// It uses none of its attacks of opportunity for the round.
    AooDeclined {
        reactor: UnitId,
        target: UnitId,
        square_left: Square,
        trigger: String,
        reason: String,
    },
    /// `unit`'s reaction setting is now `mode` (`SetReactions`).
    ReactionsSet {
        unit: UnitId,
        mode: crate::rules::ReactionMode,
    },
    /// One attack roll with every modifier and its source, the defense and the damage (ATK-1).
    AttackResolved {
        attacker: UnitId,
        target: UnitId,
        context: String,
        attack: Box<AttackRoll>,
    },
    /// An area attack (§18.3, §19): where it went off, the squares it filled, the one roll
    /// (saga), each caught unit's save or defense, its share and the damage it took. The
    /// damage follows as `DamageTaken` per unit.
    AreaResolved {
        attacker: UnitId,
        weapon: String,
        context: String,
        area: Box<AreaOutcome>,
    },
    /// Damage taken and the unit's health afterwards (§17).
    DamageTaken {
        unit: UnitId,
        amount: u32,
        lethal: bool,
        health: Health,
        track_steps: u32,
    },
    /// A hit did the unit no harm (saga: droids are immune to stun, §16.4).
    DamageIgnored {
        unit: UnitId,
        reason: String,
    },
    /// The unit went down, died, or got back up (§17).
    LifeStateChanged {
        unit: UnitId,
        from: LifeState,
        to: LifeState,
    },
    /// The unit can take no more actions this turn (saga: after a charge).
    ActionsForfeited {
        unit: UnitId,
        reason: String,
    },
    /// Resolve Points spent or lost (starfinder §17.1); `rp` is what is left.
    ResolveSpent {
        unit: UnitId,
        amount: u32,
        rp: u32,
        reason: String,
    },
    /// A dying unit that dropped on its own turn loses no Resolve at the end of it (HP-SF-2).
    DyingGraceUsed {
        unit: UnitId,
    },
    /// Hit points regained, and the unit's health afterwards.
    Healed {
        unit: UnitId,
        amount: u32,
        health: Health,
    },
    /// saga: a second wind was used (HP-SG-11).
    SecondWindCaught {
        unit: UnitId,
    },
    /// saga: a swift action spent toward Recover (HP-SG-7).
    RecoverProgressed {
        unit: UnitId,
        swift_actions: u32,
        needed: u32,
        round: u32,
    },
    /// saga: the unit moved `steps` up the condition track; its health afterwards.
    TrackImproved {
        unit: UnitId,
        steps: u32,
        health: Health,
    },
    /// Ability damage (HP-SF-8) from `source`: `amount` dealt, the unit's `total` damage to
    /// that ability now (never above its `score`), and `penalty`, what the total takes off
    /// the ability's modifier.
    AbilityDamaged {
        unit: UnitId,
        source: UnitId,
        ability: Ability,
        amount: u32,
        total: u32,
        score: u32,
        penalty: i32,
    },
    /// Constitution damage cost Stamina (HP-SF-8): `sp_max_lost` from the maximum and
    /// `sp_lost` from the current Stamina Points; `health` afterwards.
    StaminaDrained {
        unit: UnitId,
        sp_lost: u32,
        sp_max_lost: u32,
        health: Health,
        reason: String,
    },
    /// A bleeding unit's bleed at the start of its turn (§20): the worst of its `bleeds`,
    /// `damage` (from `source`) rolled as `dice` + `bonus` = `total`, never below 0. The
    /// damage follows as `DamageTaken`.
    BleedDamage {
        unit: UnitId,
        source: String,
        damage: DiceExpr,
        bleeds: u32,
        dice: Vec<DieRoll>,
        bonus: i32,
        total: u32,
    },
    /// The unit stops bleeding (§20), every bleed at once; the tracked effects in `effects`
    /// that carried bleeds end with it.
    BleedingStopped {
        unit: UnitId,
        reason: String,
        effects: Vec<u32>,
    },
    /// A condition was gained or lost without a duration (drop prone, stand up).
    ConditionChanged {
        unit: UnitId,
        condition: ConditionName,
        gained: bool,
    },
    /// A combat maneuver was rolled (§4.4); its effect follows as its own events.
    ManeuverResolved {
        unit: UnitId,
        target: UnitId,
        maneuver: ManeuverKind,
        roll: Box<ManeuverRoll>,
    },
    /// `unit` is moved by `by` (bull rush, reposition, a trip in the air; §4.4): through
    /// `path`, or down to `elevation` squares; `stopped` says why it ended short.
    ForcedMove {
        unit: UnitId,
        by: UnitId,
        path: Vec<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elevation: Option<u32>,
        moved_ft: u32,
        stopped: Option<String>,
    },
    /// `unit` lost `weapon` (a disarm, §4.4): it lies at `at`, or `taken_by` caught it.
    WeaponDropped {
        unit: UnitId,
        weapon: Box<Weapon>,
        at: Square,
        taken_by: Option<UnitId>,
    },
    /// `unit` picked the weapon up from the ground at `at` (§4.3.2).
    ItemPickedUp {
        unit: UnitId,
        weapon: String,
        at: Square,
    },
    /// `unit` cast `spell`; `uses_left`: `None` when it is at will (§4.3.1).
    SpellCast {
        unit: UnitId,
        spell: String,
        uses_left: Option<u32>,
    },
    /// The attack of opportunity by `by` hit and damaged `unit` while it cast `spell`:
    /// the spell fails and the use is lost (§8.2, 001:766-768).
    SpellLost {
        unit: UnitId,
        spell: String,
        by: UnitId,
        uses_left: Option<u32>,
    },
    /// A pilot fired a vehicle's ignition (§25.3, 001:4373-4376).
    VehicleStarted {
        pilot: UnitId,
        vehicle: UnitId,
    },
    /// A check made for a vehicle action (§25.3-25.5): Piloting, a Reflex save, boarding.
    VehicleCheck {
        unit: UnitId,
        vehicle: UnitId,
        purpose: String,
        /// A Piloting check: its result becomes the vehicle's last Piloting result (VEH-13).
        piloting: bool,
        check: VehicleCheckRoll,
    },
    /// A failed race check's consequence (VEH-5).
    RaceMishap {
        vehicle: UnitId,
        mishap: RaceMishap,
    },
    /// A vehicle moved with everyone aboard (§25.3-25.6): `path` holds its successive
    /// top-left squares; `speed_ft` is the speed of the action (VEH-12 slows from it);
    /// `stopped` says why it stopped early.
    VehicleMoved {
        vehicle: UnitId,
        pilot: Option<UnitId>,
        how: VehicleMove,
        from: Square,
        path: Vec<Square>,
        moved_ft: u32,
        speed_ft: u32,
        heading: Heading,
        riders: Vec<UnitId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stopped: Option<String>,
    },
    /// A vehicle comes to a stop (after a drive, a stop short, an uncontrolled slowdown or
    /// a crash).
    VehicleStopped {
        vehicle: UnitId,
        reason: String,
    },
    /// Who controls a vehicle now; `None` = uncontrolled (VEH-11).
    VehicleControl {
        vehicle: UnitId,
        pilot: Option<UnitId>,
        reason: String,
    },
    /// Autocontrol engaged or disengaged (VEH-13).
    AutocontrolSet {
        vehicle: UnitId,
        engaged: bool,
    },
    /// The autopilot engaged or disengaged (VEH-14); `reason` says who or what did it.
    AutopilotSet {
        vehicle: UnitId,
        engaged: bool,
        reason: String,
    },
    /// A destination entered into the autopilot (VEH-14, a move action of `by`): the square
    /// the vehicle's top-left square should reach.
    AutopilotDestinationSet {
        vehicle: UnitId,
        by: UnitId,
        to: Square,
    },
    /// The engaged autopilot takes no (further) drive this count (VEH-14): it arrived, has
    /// no destination, or cannot get closer without passing through someone.
    AutopilotIdle {
        vehicle: UnitId,
        reason: String,
    },
    /// A ram, a run over or a crash (VEH-8..VEH-10): the collision dice rolled once, the
    /// target's save or Piloting check, and the damage each side takes (before the health
    /// model; the vehicle's after its hardness). `target: None` = a wall or obstacle.
    VehicleCollision {
        vehicle: UnitId,
        target: Option<UnitId>,
        kind: CollisionKind,
        dice: Vec<DieRoll>,
        rolled: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        save: Option<VehicleCheckRoll>,
        target_damage: u32,
        vehicle_damage: u32,
    },
    /// A creature boarded a vehicle (§25.3) and now stands at `at`, inside its space.
    RiderBoarded {
        unit: UnitId,
        vehicle: UnitId,
        role: RiderRole,
        at: Square,
    },
    /// A creature stepped off a vehicle into `to`.
    RiderDisembarked {
        unit: UnitId,
        vehicle: UnitId,
        to: Square,
    },
    /// VEH-6: the vehicle raced on `pilot`'s last turn and keeps going; this turn the pilot
    /// races again, drives, stops short or relinquishes control.
    RaceFollowUpDue {
        vehicle: UnitId,
        pilot: UnitId,
    },
    /// VEH-11: the pilot delayed; the uncontrolled vehicle takes its own place in the
    /// initiative order at the pilot's old `count` and moves there each round.
    VehicleSlotTaken {
        vehicle: UnitId,
        pilot: UnitId,
        count: i32,
    },
    /// VEH-11: the vehicle's own place in the initiative order ends (someone took control,
    /// or it stopped or crashed).
    VehicleSlotEnded {
        vehicle: UnitId,
    },
    /// VEH-13: autocontrol makes a check with the pilot's most recent Piloting result
    /// instead of a roll.
    AutocontrolCheck {
        vehicle: UnitId,
        purpose: String,
        /// `None`: the pilot has made no Piloting check yet, which fails.
        result: Option<i32>,
        dc: i32,
        success: bool,
    },
    /// VEH-5: a racing (or uncontrolled) vehicle reached difficult terrain or a low obstacle
    /// at `at` (a hazard: Piloting check or, uncontrolled, a crash).
    RaceHazard {
        vehicle: UnitId,
        at: Square,
    },
    /// Chase (§26.3): a pilot action and its check.
    ChasePilotAction {
        pilot: UnitId,
        outcome: crate::rules::chase::PilotOutcome,
    },
    /// Chase: a pilot's turn in the pilot actions phase is over.
    ChasePilotTurnEnded {
        pilot: UnitId,
        vehicle: UnitId,
        uncontrolled: bool,
    },
    /// Chase (§26.4): the chase progress phase: moves, hazards, departures, the end.
    ChaseProgressed {
        outcome: crate::rules::chase::ProgressOutcome,
    },
    /// Chase (CHS-17): a collision between engaged vehicles.
    ChaseCollision {
        pilot: UnitId,
        outcome: crate::rules::chase::CollisionOutcome,
    },
    /// Chase (CHS-16): a passenger's boarding attempt from vehicle `from` onto `to`.
    ChaseBoarding {
        unit: UnitId,
        from: UnitId,
        to: UnitId,
        skill: crate::rules::chase::BoardingSkill,
        outcome: crate::rules::chase::BoardingOutcome,
    },
    /// VEH-22: at the start of its pilot's turn the vehicle was beyond the run of every foe
    /// on foot (`foes`, each with its distance and run) and nobody could pursue: it and
    /// everyone aboard leave the battle.
    VehicleEscaped {
        vehicle: UnitId,
        riders: Vec<UnitId>,
        foes: Vec<crate::rules::vehicle::escape::FootFoe>,
    },
    /// VEH-21: the pilot drove the vehicle off the map across its `edge` from `exit` (its
    /// top-left square); it and `riders` are off the map.
    VehicleLeftMap {
        vehicle: UnitId,
        pilot: UnitId,
        edge: crate::grid::Heading,
        exit: Square,
        riders: Vec<UnitId>,
    },
    /// VEH-21: the pilot drove the vehicle back onto the map at `at`, facing `heading`; the
    /// riders are back on these squares.
    VehicleReturned {
        vehicle: UnitId,
        pilot: UnitId,
        at: Square,
        heading: crate::grid::Heading,
        riders: Vec<(UnitId, Square)>,
    },
    /// VEH-22, §26: as `VehicleEscaped`, but the foes have piloted vehicles: the battle
    /// becomes a chase with these vehicles in these zones; `left_out` leave the battle.
    ChaseBegan {
        escapee: UnitId,
        foes: Vec<crate::rules::vehicle::escape::FootFoe>,
        zones: Vec<(UnitId, i32)>,
        left_out: Vec<UnitId>,
    },
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

impl GameEvent {
    /// The dice this event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            GameEvent::InitiativeRolled { roll, .. } => vec![roll],
            GameEvent::InitiativeRollOff { rolls, .. } => rolls.iter().collect(),
            GameEvent::AttackResolved { attack, .. } => {
                let mut dice = vec![&attack.roll];
                dice.extend(attack.confirmation.iter());
                dice.extend(attack.miss_chance.iter().map(|(_, d)| d));
                dice.extend(attack.damage.iter().flat_map(|d| d.dice.iter()));
                dice
            }
            GameEvent::SupportResolved { roll, .. } => vec![&roll.roll],
            GameEvent::AreaResolved { area, .. } => area.dice(),
            GameEvent::ManeuverResolved { roll, .. } => {
                let mut dice = vec![&roll.roll];
                dice.extend(roll.miss_chance.iter().map(|(_, d)| d));
                if let Some(opposed) = &roll.opposed {
                    dice.extend([&opposed.0.roll, &opposed.1.roll]);
                }
                dice
            }
            GameEvent::BleedDamage { dice, .. } => dice.iter().collect(),
            GameEvent::VehicleCheck { check, .. } => vec![&check.roll],
            GameEvent::RaceMishap {
                mishap: RaceMishap::OffCourse { roll, .. },
                ..
            } => vec![roll],
            GameEvent::VehicleCollision { dice, save, .. } => {
                let mut all: Vec<&DieRoll> = dice.iter().collect();
                all.extend(save.iter().map(|s| &s.roll));
                all
            }
            GameEvent::ChasePilotAction { outcome, .. } => {
                let mut dice: Vec<&DieRoll> = outcome.check.iter().map(|c| &c.roll).collect();
                for h in &outcome.hazards {
                    dice.push(&h.roll);
                    dice.extend(h.damage_dice.iter());
                }
                dice
            }
            GameEvent::ChaseProgressed { outcome } => outcome
                .hazards
                .iter()
                .chain(&outcome.followers)
                .flat_map(|h| {
                    h.pick
                        .iter()
                        .chain(std::iter::once(&h.roll))
                        .chain(h.damage_dice.iter())
                })
                .collect(),
            GameEvent::ChaseCollision { outcome, .. } => std::iter::once(&outcome.roll)
                .chain(outcome.damage_dice.iter())
                .collect(),
            GameEvent::ChaseBoarding { outcome, .. } => {
                std::iter::once(&outcome.roll).chain(outcome.fall_dice.iter()).collect()
            }
            _ => Vec::new(),
        }
    }
}

//! The combat sequence as events (RULES.md §3): start of combat with awareness and surprise
//! (SEQ-1, §3.2), initiative checks and tie-breaks (§3.3, SEQ-7), rounds, turns, late
//! joiners, and what happens at the start of a turn (SEQ-5 durations, §3.5 readied expiry).

pub mod commands;
mod events;
pub mod options;
pub use events::{OrderEntry, SequenceEvent};

pub(crate) mod budget;
pub(crate) mod combat;
pub(crate) mod turn;

use super::unit::JoinsRound;
use super::{Awareness, Combat, Executor, Modifier, Profile, RuleError, StartFlatFooted, UnitId, UnitIndex};
use crate::ruleset::{FlatFootedStart, InitiativeRollers, TieBreak};
use bevy::prelude::World;

/// SEQ-1: decides surprise, who starts flat-footed, rolls initiative and starts the first round.
pub fn start_combat(ex: &mut Executor) -> Result<(), RuleError> {
    let present: Vec<UnitId> = units_present(ex.world);
    let aware_of = |ex: &Executor, u: &UnitId| ex.get::<Awareness>(u).is_none_or(|a| a.aware);
    let aware: Vec<UnitId> = present.iter().filter(|u| aware_of(ex, u)).cloned().collect();
    let surprised: Vec<UnitId> = present.iter().filter(|u| !aware_of(ex, u)).cloned().collect();
    let surprise_round = !aware.is_empty() && !surprised.is_empty();
    let ruleset = ex.ruleset().id.to_string();
    ex.emit(SequenceEvent::CombatStarted {
        ruleset,
        surprise_round,
        aware: aware.clone(),
        surprised: surprised.clone(),
    });

    let flat_footed: Vec<UnitId> = match ex.ruleset().sequence.start_flat_footed {
        FlatFootedStart::OnlySurprised => surprised.clone(),
        FlatFootedStart::Everyone => present.clone(),
        FlatFootedStart::EveryoneIfSurpriseRound if surprise_round => present.clone(),
        FlatFootedStart::EveryoneIfSurpriseRound => Vec::new(),
    };
    for unit in flat_footed {
        ex.emit(SequenceEvent::StartedFlatFooted { unit });
    }

    let rollers = if surprise_round && ex.ruleset().sequence.initiative_rollers == InitiativeRollers::AwareFirst {
        aware
    } else {
        present
    };
    roll_and_insert(ex, &rollers)?;
    if surprise_round {
        begin_round(ex, 0, true)
    } else {
        begin_round(ex, 1, false)
    }
}

/// Units in the battle now (not waiting to join), in id order.
fn units_present(world: &World) -> Vec<UnitId> {
    let index = world.resource::<UnitIndex>();
    index
        .0
        .iter()
        .filter(|(_, e)| world.get::<JoinsRound>(**e).is_none())
        // §25.1: a vehicle is an object acting on its pilot's turn; it rolls no initiative.
        .filter(|(_, e)| world.get::<super::vehicle::VehicleStats>(**e).is_none())
        // VEH-22: units that left the battle take no more turns.
        .filter(|(_, e)| world.get::<super::vehicle::escape::LeftBattle>(**e).is_none())
        .map(|(u, _)| u.clone())
        .collect()
}

/// Rolls initiative for `units` (§3.3), breaks ties among them (SEQ-7) and inserts them into
/// the order. Units already in the order keep their places.
fn roll_and_insert(ex: &mut Executor, units: &[UnitId]) -> Result<(), RuleError> {
    if units.is_empty() {
        return Ok(());
    }
    let die = ex.ruleset().sequence.initiative_die;
    let mut rolled: Vec<(UnitId, i32, i32, Vec<u32>)> = Vec::new();
    for unit in units {
        let mut modifiers = vec![Modifier::new(
            ex.get::<Profile>(unit).map_or(0, |p| p.initiative),
            "initiative modifier",
        )];
        // §20: conditions that change initiative checks (starfinder deafened).
        let conditions = super::health::conditions::effective_conditions(ex.world, unit);
        modifiers.extend(
            ex.ruleset()
                .conditions
                .iter()
                .filter(|c| c.initiative != 0 && conditions.contains(&c.condition))
                .map(|c| Modifier::new(c.initiative, format!("{:?}", c.condition).to_lowercase())),
        );
        // HP-SF-8: Dexterity damage lowers initiative checks.
        modifiers.extend(super::health::ability::penalty(ex.world, unit, super::Ability::Dex));
        let modifier = super::attack::stacking::saturating_total(modifiers.iter().map(|m| m.value));
        let roll = ex.roll(die, format!("initiative ({unit})"))?;
        let total = super::attack::stacking::saturating_total([roll.result as i32, modifier]);
        ex.emit(SequenceEvent::InitiativeRolled {
            unit: unit.clone(),
            roll,
            modifiers,
            total,
        });
        rolled.push((unit.clone(), total, modifier, Vec::new()));
    }
    break_ties(ex, &mut rolled)?;

    let mut order = ex.world.resource::<Combat>().order.clone();
    for (unit, count, modifier, _) in rolled {
        let at = order
            .iter()
            .position(|e| (e.count, e.modifier) < (count, modifier))
            .unwrap_or(order.len());
        order.insert(at, super::InitiativeEntry { unit, count, modifier });
    }
    let order = order
        .into_iter()
        .map(|e| OrderEntry {
            unit: e.unit,
            count: e.count,
        })
        .collect();
    ex.emit(SequenceEvent::InitiativeOrder { order });
    Ok(())
}

/// Sorts `rolled` highest first, applying the family's tie-breaks in order; roll-offs repeat
/// until no two units are tied (§3.3 tie-break 2, "repeat" is the engine default).
fn break_ties(ex: &mut Executor, rolled: &mut [(UnitId, i32, i32, Vec<u32>)]) -> Result<(), RuleError> {
    let tie_breaks = ex.ruleset().sequence.tie_breaks.clone();
    let by_modifier = tie_breaks.contains(&TieBreak::HigherModifier);
    let roll_off = tie_breaks.contains(&TieBreak::RollOff);
    let key = |r: &(UnitId, i32, i32, Vec<u32>)| (r.1, if by_modifier { r.2 } else { 0 });
    let die = ex.ruleset().sequence.initiative_die;
    loop {
        rolled.sort_by(|a, b| (key(b), &b.3).cmp(&(key(a), &a.3)).then_with(|| a.0.cmp(&b.0)));
        if !roll_off {
            return Ok(());
        }
        let mut tied: Option<Vec<usize>> = None;
        let mut i = 0;
        while i < rolled.len() {
            let j = (i..rolled.len())
                .take_while(|&j| key(&rolled[j]) == key(&rolled[i]) && rolled[j].3 == rolled[i].3)
                .count();
            if j > 1 {
                tied = Some((i..i + j).collect());
                break;
            }
            i += j;
        }
        let Some(group) = tied else { return Ok(()) };
        let mut rolls = Vec::new();
        for &g in &group {
            let r = ex.roll(die, format!("initiative roll-off ({})", rolled[g].0))?;
            rolled[g].3.push(r.result);
            rolls.push(r);
        }
        let units = group.iter().map(|&g| rolled[g].0.clone()).collect();
        ex.emit(SequenceEvent::InitiativeRollOff { units, rolls });
    }
}

/// Starts round `round`: after the surprise round the rest roll and are inserted (SEQ-1
/// step 5); late joiners of this round roll and are inserted (step 7).
pub fn begin_round(ex: &mut Executor, round: u32, surprise: bool) -> Result<(), RuleError> {
    if !surprise {
        let combat = ex.world.resource::<Combat>();
        let in_order: Vec<UnitId> = combat.order.iter().map(|e| e.unit.clone()).collect();
        let joining: Vec<UnitId> = {
            let index = ex.world.resource::<UnitIndex>();
            index
                .0
                .iter()
                .filter(|(_, e)| ex.world.get::<JoinsRound>(**e).is_some_and(|j| j.0 <= round))
                .map(|(u, _)| u.clone())
                .collect()
        };
        for unit in &joining {
            ex.emit(SequenceEvent::UnitJoined {
                unit: unit.clone(),
                round,
            });
        }
        let not_rolled: Vec<UnitId> = units_present(ex.world)
            .into_iter()
            .filter(|u| !in_order.contains(u))
            .collect();
        roll_and_insert(ex, &not_rolled)?;
    }
    ex.emit(SequenceEvent::RoundStarted { round, surprise });
    advance(ex, false)
}

/// After a command that may carry units out of the battle (`Gates::carries_off`: a chase's
/// progress, a fall from a boarding): the unit whose turn it is, if it left, ends its turn.
pub(crate) fn end_turn_if_departed(ex: &mut Executor) -> Result<(), RuleError> {
    let active = ex.world.resource::<Combat>().active.clone();
    match active.filter(|u| super::vehicle::escape::left_battle(ex.world, u)) {
        Some(unit) => end_turn_of_departed(ex, unit),
        None => Ok(()),
    }
}

/// Ends the turn of `unit`, which left the battle during it, and moves on to the next turn
/// while anyone is left in the initiative order (with nobody left the battle is over, and
/// starting rounds without turns would never end).
fn end_turn_of_departed(ex: &mut Executor, unit: UnitId) -> Result<(), RuleError> {
    ex.emit(SequenceEvent::TurnEnded { unit });
    if ex.world.resource::<Combat>().order.is_empty() {
        return Ok(());
    }
    advance(ex, true)
}

/// Moves to the next turn. With `offer_window`, delaying units first get the chance to act
/// (SEQ-8); a round with no turns left ends, and still-delaying units go to the end of the order.
pub fn advance(ex: &mut Executor, offer_window: bool) -> Result<(), RuleError> {
    let combat = ex.world.resource::<Combat>().clone();
    if offer_window && !combat.delaying.is_empty() {
        let after = last_finisher(&combat);
        if let Some(after) = after {
            let delaying = combat.delaying.iter().map(|d| d.unit.clone()).collect();
            ex.emit(SequenceEvent::DelayWindowOpened { after, delaying });
            return Ok(());
        }
    }
    let next = (combat.next_index..combat.order.len()).find(|&i| takes_turn(ex, &combat, &combat.order[i].unit));
    match next {
        Some(i) => begin_turn(ex, combat.order[i].unit.clone()),
        None => {
            let end_count = combat.order.last().map_or(0, |e| e.count);
            for d in &combat.delaying {
                let new_count = new_delay_count(ex, end_count);
                ex.emit(SequenceEvent::DelayedToEnd {
                    unit: d.unit.clone(),
                    new_count,
                });
            }
            begin_round(ex, combat.round + 1, false)
        }
    }
}

/// The unit whose turn ended last (for a delay window): the entry just before `next_index`.
fn last_finisher(combat: &Combat) -> Option<UnitId> {
    combat
        .next_index
        .checked_sub(1)
        .and_then(|i| combat.order.get(i))
        .map(|e| e.unit.clone())
}

/// Whether `unit` gets a turn in the current round: in the surprise round only aware units act.
fn takes_turn(ex: &Executor, combat: &Combat, unit: &UnitId) -> bool {
    !combat.surprise_round || ex.get::<Awareness>(unit).is_none_or(|a| a.aware)
}

/// The count a delayer takes when it steps in after a unit with `finisher_count` (SEQ-8).
pub fn new_delay_count(ex: &Executor, finisher_count: i32) -> i32 {
    match ex.ruleset().sequence.delay_new_count {
        crate::ruleset::DelayNewCount::SameAsFinisher => finisher_count,
        crate::ruleset::DelayNewCount::FinisherMinusOne => finisher_count - 1,
    }
}

/// Starts `unit`'s turn: effects that end before this count end (SEQ-5), the unit's readied
/// action is lost (§3.5), in saga with U1 flat-footedness ends at the first regular turn,
/// and once the turn has begun a bleeding unit takes its bleed (§20).
pub fn begin_turn(ex: &mut Executor, unit: UnitId) -> Result<(), RuleError> {
    let combat = ex.world.resource::<Combat>().clone();
    let count = combat.entry(&unit).map_or(0, |e| e.count);
    for effect in combat.effects.iter().filter(|e| e.expires_before(combat.round, count)) {
        ex.emit(SequenceEvent::EffectEnded {
            id: effect.id,
            name: effect.name.clone(),
            target: effect.target.clone(),
        });
    }
    if combat.readied_by(&unit).is_some() {
        ex.emit(SequenceEvent::ReadiedActionLost { unit: unit.clone() });
    }
    if !combat.surprise_round
        && ex.ruleset().variants.saga_flatfooted_until_regular_turn
        && ex.get::<StartFlatFooted>(&unit).is_some()
    {
        ex.emit(SequenceEvent::FlatFootedEnded { unit: unit.clone() });
    }
    ex.emit(SequenceEvent::TurnStarted {
        unit: unit.clone(),
        round: combat.round,
        count,
    });
    // VEH-22: after every foe's turn since its move, a vehicle may have got away.
    if super::vehicle::escape::at_turn_start(ex, &unit)? {
        return end_turn_of_departed(ex, unit);
    }
    // VEH-11..VEH-13: vehicles acting on this initiative slot move first.
    super::vehicle::at_turn_start(ex, &unit)?;
    // VEH-14: engaged autopilots of the vehicles this unit pilots drive on its count.
    super::vehicle::autopilot_at_turn_start(ex, &unit)?;
    // VEH-11: a vehicle with a count of its own only rolls on; then its turn is over.
    if super::vehicle::has_own_slot(ex.world, &unit) {
        super::vehicle::finish_own_turn(ex, &unit)?;
        return advance(ex, true);
    }
    super::health::bleeding::bleed_at_turn_start(ex, &unit)
}

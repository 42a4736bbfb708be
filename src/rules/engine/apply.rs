//! `apply`: the only place battle state changes. Each event is applied exactly as it was
//! recorded, so replaying a log rebuilds the same state (zemeroth's execute/apply split).

use crate::rules::ability::AbilityDamage;
use crate::rules::bleeding::Bleeding;
use crate::rules::health::LifeState;
use crate::rules::unit::JoinsRound;
use crate::rules::{
    Combat, DelayWindow, DelayingUnit, GameEvent, InitiativeEntry, Profile, ReadiedAction, StartFlatFooted,
    TrackedEffect, TurnBudget, UnitId, UnitIndex,
};
use crate::rules::{Conditions, Elevation, Health, Interruption, Placement, Recovery};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// Applies one event to the world.
pub fn apply(world: &mut World, event: &GameEvent) {
    match event {
        // Rolls only inform; the order they lead to arrives as `InitiativeOrder`.
        GameEvent::CombatStarted { .. }
        | GameEvent::InitiativeRolled { .. }
        | GameEvent::InitiativeRollOff { .. }
        | GameEvent::TurnEnded { .. } => {}
        GameEvent::StartedFlatFooted { unit } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(StartFlatFooted);
            }
        }
        GameEvent::FlatFootedEnded { unit } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).remove::<StartFlatFooted>();
            }
        }
        GameEvent::UnitJoined { unit, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).remove::<JoinsRound>();
            }
        }
        GameEvent::InitiativeOrder { order } => {
            let entries: Vec<InitiativeEntry> = order
                .iter()
                .map(|o| InitiativeEntry {
                    unit: o.unit.clone(),
                    count: o.count,
                    modifier: modifier(world, &o.unit),
                })
                .collect();
            combat(world).order = entries;
        }
        GameEvent::RoundStarted { round, surprise } => {
            crate::rules::chase::start_chase_round(world, *round);
            let mut c = combat(world);
            c.round = *round;
            c.surprise_round = *surprise;
            c.active = None;
            c.next_index = 0;
            crate::rules::vehicle::new_round(world);
        }
        GameEvent::TurnStarted { unit, .. } => {
            let surprise = combat(world).surprise_round;
            let rules = world.resource::<Ruleset>();
            let mut budget = TurnBudget::new(&rules.actions, surprise);
            // §20: a condition that limits the turn (staggered) holds for the whole turn.
            let conditions = crate::rules::conditions::effective_conditions(world, unit);
            budget.one_main_action = rules
                .conditions
                .iter()
                .any(|c| c.one_main_action && conditions.contains(&c.condition));
            let mut c = combat(world);
            c.active = Some(unit.clone());
            c.budget = Some(budget);
            c.acted = false;
            // MOV-4: the 1-2-1-2 counter lives for one turn; reactions come back (§4.2).
            c.diagonals = 0;
            c.fly_heading = None;
            c.reactions_used.remove(unit);
        }
        GameEvent::ActionTaken { unit, kind, slot, .. } => {
            let rules = world.resource::<Ruleset>().actions.clone();
            let mut c = combat(world);
            if let Some(b) = c.budget.as_mut() {
                b.pay(&rules, *kind, *slot);
            }
            c.acted = true;
            c.acted_in_combat.insert(unit.clone());
        }
        GameEvent::Delayed { unit, count } => {
            let mut c = combat(world);
            if let Some(i) = c.index_of(unit) {
                let entry = c.order.remove(i);
                c.next_index = i;
                c.delaying.push(DelayingUnit {
                    unit: unit.clone(),
                    count: *count,
                    modifier: entry.modifier,
                });
            }
            c.active = None;
            c.budget = None;
        }
        GameEvent::DelayWindowOpened { after, .. } => {
            combat(world).window = Some(DelayWindow { after: after.clone() });
        }
        GameEvent::DelayWindowClosed => combat(world).window = None,
        GameEvent::DelayEnded { unit, new_count } => {
            let mut c = combat(world);
            let after = c.window.take().map(|w| w.after);
            if let Some(pos) = c.delaying.iter().position(|d| &d.unit == unit) {
                let d = c.delaying.remove(pos);
                let at = after.and_then(|a| c.index_of(&a)).map_or(c.next_index, |i| i + 1);
                let at = at.min(c.order.len());
                c.order.insert(
                    at,
                    InitiativeEntry {
                        unit: d.unit,
                        count: *new_count,
                        modifier: d.modifier,
                    },
                );
                c.next_index = at;
            }
        }
        GameEvent::DelayedToEnd { unit, new_count } => {
            let mut c = combat(world);
            if let Some(pos) = c.delaying.iter().position(|d| &d.unit == unit) {
                let d = c.delaying.remove(pos);
                c.order.push(InitiativeEntry {
                    unit: d.unit,
                    count: *new_count,
                    modifier: d.modifier,
                });
            }
        }
        GameEvent::ActionReadied { unit, action, trigger } => {
            let mut c = combat(world);
            c.readied.push(ReadiedAction {
                unit: unit.clone(),
                action: *action,
                trigger: trigger.clone(),
            });
            c.acted = true;
        }
        GameEvent::ReadiedActionFired {
            unit,
            action,
            before,
            new_count,
        } => {
            let mut c = combat(world);
            c.readied.retain(|r| &r.unit != unit);
            if let Some(i) = c.index_of(unit) {
                let mut entry = c.order.remove(i);
                entry.count = *new_count;
                let at = c.index_of(before).unwrap_or(c.order.len());
                c.order.insert(at, entry);
            }
            // §3.5: the readier now takes exactly its readied action, then the turn resumes.
            let budget = TurnBudget::readied(*action);
            let interrupted = Interruption {
                unit: before.clone(),
                budget: c.budget.take(),
                acted: c.acted,
                diagonals: c.diagonals,
            };
            c.interruption = Some(interrupted);
            c.active = Some(unit.clone());
            c.budget = Some(budget);
            c.acted = false;
            c.diagonals = 0;
        }
        GameEvent::ReadiedActionDone { .. } => {
            let mut c = combat(world);
            if let Some(i) = c.interruption.take() {
                c.active = Some(i.unit);
                c.budget = i.budget;
                c.acted = i.acted;
                c.diagonals = i.diagonals;
            }
        }
        GameEvent::ReadiedActionLost { unit } => combat(world).readied.retain(|r| &r.unit != unit),
        GameEvent::EffectStarted {
            id,
            name,
            source,
            target,
            rounds,
            round,
            count,
            condition,
            defense,
            defense_type,
            attack,
            no_attacks,
            support,
            hold,
            damage,
        } => {
            let mut c = combat(world);
            c.effects.push(TrackedEffect {
                id: *id,
                name: name.clone(),
                source: source.clone(),
                target: target.clone(),
                rounds: *rounds,
                round: *round,
                count: *count,
                condition: *condition,
                defense: *defense,
                defense_type: *defense_type,
                attack: *attack,
                no_attacks: *no_attacks,
                support: support.clone(),
                hold: *hold,
                damage: *damage,
            });
            c.next_effect_id = c.next_effect_id.max(id + 1);
        }
        GameEvent::EffectEnded { id, .. } => combat(world).effects.retain(|e| e.id != *id),
        GameEvent::MoveStarted { .. }
        | GameEvent::AttackOfOpportunity { .. }
        | GameEvent::AooDeclined { .. }
        | GameEvent::DamageIgnored { .. }
        | GameEvent::SupportResolved { .. } => {}
        GameEvent::ReactionsSet { unit, mode } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*mode);
            }
        }
        GameEvent::AttackResolved { target, attack, .. } => {
            // §16.3: a hit that exceeded the Shield Rating lowered it.
            if let Some(shield) = attack.damage.as_ref().and_then(|d| d.shield)
                && let Some(e) = entity(world, target)
            {
                world.entity_mut(e).insert(crate::rules::Shields(shield.now));
            }
        }
        GameEvent::AreaResolved { area, .. } => {
            // §16.3: shields lowered by the damage that exceeded them.
            for t in &area.targets {
                if let Some(shield) = t.shield
                    && let Some(e) = entity(world, &t.unit)
                {
                    world.entity_mut(e).insert(crate::rules::Shields(shield.now));
                }
            }
        }
        GameEvent::UnitStepped {
            unit, to, diagonals, ..
        } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut p) = world.get_mut::<Placement>(e)
            {
                p.at = *to;
            }
            combat(world).diagonals = *diagonals;
        }
        GameEvent::ActionsForfeited { .. } => {
            let mut c = combat(world);
            if let Some(b) = c.budget.as_mut() {
                b.forfeit();
            }
        }
        GameEvent::FlightLeg {
            unit,
            to,
            elevation,
            diagonals,
            heading,
            ..
        } => {
            if let Some(e) = entity(world, unit) {
                if let Some(mut p) = world.get_mut::<Placement>(e) {
                    p.at = *to;
                }
                world.entity_mut(e).insert(Elevation(*elevation));
            }
            let mut c = combat(world);
            c.diagonals = *diagonals;
            if heading.is_some() {
                c.fly_heading = *heading;
            }
        }
        GameEvent::ManeuverResolved { .. } => {}
        GameEvent::ForcedMove {
            unit, path, elevation, ..
        } => {
            if let Some(e) = entity(world, unit) {
                if let (Some(to), Some(mut p)) = (path.last(), world.get_mut::<Placement>(e)) {
                    p.at = *to;
                }
                match elevation {
                    Some(0) => {
                        world.entity_mut(e).remove::<Elevation>();
                    }
                    Some(h) => {
                        world.entity_mut(e).insert(Elevation(*h));
                    }
                    None => {}
                }
            }
        }
        GameEvent::WeaponDropped {
            unit,
            weapon,
            at,
            taken_by,
        } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut p) = world.get_mut::<Profile>(e)
                && let Some(i) = p.weapons.iter().position(|w| w.name == weapon.name)
            {
                p.weapons.remove(i);
            }
            match taken_by.as_ref().and_then(|t| entity(world, t)) {
                Some(e) => {
                    if let Some(mut p) = world.get_mut::<Profile>(e) {
                        p.weapons.push((**weapon).clone());
                    }
                }
                None => world
                    .resource_mut::<crate::rules::items::Ground>()
                    .0
                    .push(crate::rules::items::GroundItem {
                        at: *at,
                        weapon: (**weapon).clone(),
                        dropped_by: unit.clone(),
                    }),
            }
        }
        GameEvent::ItemPickedUp { unit, weapon, at } => {
            let mut ground = world.resource_mut::<crate::rules::items::Ground>();
            let item = ground
                .0
                .iter()
                .position(|g| &g.weapon.name == weapon && g.at == *at)
                .map(|i| ground.0.remove(i));
            if let (Some(item), Some(e)) = (item, entity(world, unit))
                && let Some(mut p) = world.get_mut::<Profile>(e)
            {
                p.weapons.push(item.weapon);
            }
        }
        GameEvent::VehicleStarted { .. }
        | GameEvent::VehicleCheck { .. }
        | GameEvent::RaceMishap { .. }
        | GameEvent::VehicleMoved { .. }
        | GameEvent::VehicleStopped { .. }
        | GameEvent::AutocontrolSet { .. }
        | GameEvent::AutopilotSet { .. }
        | GameEvent::AutopilotDestinationSet { .. }
        | GameEvent::AutopilotIdle { .. }
        | GameEvent::VehicleCollision { .. }
        | GameEvent::RiderBoarded { .. }
        | GameEvent::RiderDisembarked { .. }
        | GameEvent::RaceFollowUpDue { .. }
        | GameEvent::VehicleSlotTaken { .. }
        | GameEvent::VehicleSlotEnded { .. }
        | GameEvent::AutocontrolCheck { .. }
        | GameEvent::RaceHazard { .. } => crate::rules::vehicle::apply_vehicle_event(world, event),
        GameEvent::VehicleControl { .. } => {
            crate::rules::vehicle::apply_vehicle_event(world, event);
            crate::rules::chase::apply_chase_event(world, event);
        }
        GameEvent::ChasePilotAction { .. }
        | GameEvent::ChasePilotTurnEnded { .. }
        | GameEvent::ChaseProgressed { .. }
        | GameEvent::ChaseCollision { .. }
        | GameEvent::ChaseBoarding { .. } => crate::rules::chase::apply_chase_event(world, event),
        GameEvent::VehicleEscaped { vehicle, riders, .. } => {
            crate::rules::vehicle::escape::apply_escape(world, vehicle, riders);
        }
        GameEvent::ChaseBegan { zones, left_out, .. } => crate::rules::chase::begin_from_grid(world, zones, left_out),
        GameEvent::VehicleLeftMap {
            vehicle,
            edge,
            exit,
            riders,
            ..
        } => crate::rules::vehicle::escape::apply_leave(world, vehicle, *edge, *exit, riders),
        GameEvent::VehicleReturned {
            vehicle,
            at,
            heading,
            riders,
            ..
        } => crate::rules::vehicle::escape::apply_return(world, vehicle, *at, *heading, riders),
        GameEvent::SpellCast { unit, spell, uses_left }
        | GameEvent::SpellLost {
            unit, spell, uses_left, ..
        } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut p) = world.get_mut::<Profile>(e)
                && let Some(s) = p.spells.iter_mut().find(|s| &s.name == spell)
            {
                s.uses = *uses_left;
            }
        }
        GameEvent::UnitDisplaced { unit, to, .. } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut p) = world.get_mut::<Placement>(e)
            {
                p.at = *to;
            }
        }
        GameEvent::MoveEnded { unit, .. } => {
            combat(world).acted_in_combat.insert(unit.clone());
        }
        GameEvent::DamageTaken { unit, health, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*health);
            }
        }
        GameEvent::LifeStateChanged { unit, to, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*to);
            }
            // A vehicle at 0 HP is wrecked and out of a chase (001:5499-5509).
            if !to.can_act()
                && let Some(mut chase) = world.get_resource_mut::<crate::rules::chase::Chase>()
            {
                chase.wreck(unit);
            }
            let mut c = combat(world);
            match to {
                // HP-SF-2: dropping on one's own turn delays the first Resolve loss.
                LifeState::Dying if c.active.as_ref() == Some(unit) => {
                    c.dying_grace.insert(unit.clone());
                }
                LifeState::Stable => {
                    let round = c.round;
                    c.stabilized_in_round.insert(unit.clone(), round);
                    c.dying_grace.remove(unit);
                }
                _ => {
                    c.dying_grace.remove(unit);
                }
            }
        }
        GameEvent::DyingGraceUsed { unit } => {
            combat(world).dying_grace.remove(unit);
        }
        GameEvent::ResolveSpent { unit, rp: left, .. } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut h) = world.get_mut::<Health>(e)
                && let Health::StaminaHitPointsResolve { rp, .. } = &mut *h
            {
                *rp = *left;
            }
        }
        GameEvent::Healed { unit, health, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*health);
            }
        }
        GameEvent::RecoverProgressed {
            unit,
            swift_actions,
            needed,
            round,
        } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut r) = world.get_mut::<Recovery>(e)
            {
                // A completed recovery starts the count again.
                r.recover_swift_actions = if swift_actions >= needed { 0 } else { *swift_actions };
                r.recover_round = *round;
            }
        }
        GameEvent::TrackImproved { unit, health, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*health);
            }
        }
        GameEvent::SecondWindCaught { unit } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut r) = world.get_mut::<Recovery>(e)
            {
                r.second_winds_today += 1;
                r.second_wind_this_encounter = true;
            }
        }
        GameEvent::AbilityDamaged {
            unit, ability, total, ..
        } => {
            if let Some(e) = entity(world, unit) {
                match world.get_mut::<AbilityDamage>(e) {
                    Some(mut damage) => {
                        damage.0.insert(*ability, *total);
                    }
                    None => {
                        let damage = AbilityDamage([(*ability, *total)].into());
                        world.entity_mut(e).insert(damage);
                    }
                }
            }
        }
        GameEvent::StaminaDrained { unit, health, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(*health);
            }
        }
        // The damage itself arrives as `DamageTaken`.
        GameEvent::BleedDamage { .. } => {}
        GameEvent::BleedingStopped { unit, effects, .. } => {
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).remove::<Bleeding>();
            }
            combat(world).effects.retain(|x| !effects.contains(&x.id));
        }
        GameEvent::ConditionChanged {
            unit,
            condition,
            gained,
        } => {
            if let Some(e) = entity(world, unit)
                && let Some(mut c) = world.get_mut::<Conditions>(e)
            {
                match gained {
                    true => c.0.insert(*condition),
                    false => c.0.remove(condition),
                };
            }
        }
    }
    if let GameEvent::AttackOfOpportunity { reactor, .. } = event {
        *combat(world).reactions_used.entry(reactor.clone()).or_default() += 1;
    }
    if let GameEvent::TurnEnded { unit } = event {
        let mut c = combat(world);
        c.next_index = c.index_of(unit).map_or(c.next_index, |i| i + 1);
        c.active = None;
        c.budget = None;
        c.acted_in_combat.insert(unit.clone());
    }
}

fn combat(world: &mut World) -> bevy::prelude::Mut<'_, Combat> {
    world.resource_mut::<Combat>()
}

fn entity(world: &World, unit: &UnitId) -> Option<bevy::prelude::Entity> {
    world.resource::<UnitIndex>().0.get(unit).copied()
}

fn modifier(world: &World, unit: &UnitId) -> i32 {
    entity(world, unit)
        .and_then(|e| world.get::<Profile>(e))
        .map_or(0, |p| p.initiative)
}

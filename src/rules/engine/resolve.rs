//! Command resolution: a pure `check` that says whether a command is allowed and why not,
//! and `execute`, which emits the command's events (ACT-1, SEQ-5, SEQ-8, SEQ-9, §3.5).

use crate::rules::ConditionName;
use crate::rules::attack_action::AttackOrder;
use crate::rules::sequence::{advance, begin_turn, new_delay_count};
use crate::rules::stacking::BonusType;
use crate::rules::support::{SupportKind, SupportOrder, check_support, execute_support};
use crate::rules::{Combat, Executor, GameCommand, RuleError, StartFlatFooted, SupportBonus, UnitId, UnitIndex};
use crate::rules::{ReactionEvent, SequenceEvent, cmd};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;

/// Whether `command` is allowed now. Never changes the battle.
pub fn check(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    // Issue #16 items 6, 7, 10: numbers out of range and squares off the map are refused
    // before any geometry sees them.
    crate::rules::bounds::refuse_out_of_bounds(world, command)?;
    if let GameCommand::Decline(cmd::Decline { reactors, then }) = command {
        return crate::rules::reactions::check_decline(world, reactors, then);
    }
    actor_refusal(world, command)?;
    let combat = world.resource::<Combat>();
    let rules = world.resource::<Ruleset>();
    let in_window = combat.window.is_some();
    let no_window = || match in_window {
        true => Err(RuleError::DelayWindowOpen {
            waiting: combat
                .delaying
                .iter()
                .map(|d| d.unit.0.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }),
        false => Ok(()),
    };
    // A command the active unit gives on its own turn: no delay window may be open, and it
    // must be that unit's turn.
    if let Some(unit) = own_turn_actor(command) {
        no_window()?;
        is_active(combat, unit)?;
    }
    match command {
        GameCommand::EndTurn(cmd::EndTurn { .. }) | GameCommand::SetReactions(cmd::SetReactions { .. }) => Ok(()),
        // Checked before anything else, above.
        GameCommand::Decline(cmd::Decline { then, .. }) => check(world, then),
        GameCommand::PilotAction(cmd::PilotAction { .. })
        | GameCommand::EndPilotTurn(cmd::EndPilotTurn { .. })
        | GameCommand::ChaseProgress(cmd::ChaseProgress { .. })
        | GameCommand::Collide(cmd::Collide { .. })
        | GameCommand::BoardEngaged(cmd::BoardEngaged { .. }) => {
            crate::rules::chase::check_chase_command(world, command)
        }
        GameCommand::LeaveMap(cmd::LeaveMap { unit }) => {
            crate::rules::vehicle::escape::check_leave(world, unit).map(|_| ())
        }
        GameCommand::ReturnToMap(cmd::ReturnToMap { unit, at, .. }) => {
            crate::rules::vehicle::escape::check_return(world, unit, *at).map(|_| ())
        }
        GameCommand::Delay(cmd::Delay { unit }) => {
            if combat.interruption.is_some() {
                return Err(RuleError::IllegalMove("a readied action cannot be delayed".into()));
            }
            if combat.acted {
                return Err(RuleError::AlreadyActed {
                    unit: unit.clone(),
                    what: "delay".into(),
                });
            }
            Ok(())
        }
        GameCommand::ActNow(cmd::ActNow { unit }) => {
            if !combat.is_delaying(unit) {
                return Err(RuleError::NotDelaying { unit: unit.clone() });
            }
            if !in_window {
                return Err(RuleError::NoDelayWindow);
            }
            Ok(())
        }
        GameCommand::Proceed(cmd::Proceed) => match in_window {
            true => Ok(()),
            false => Err(RuleError::NoDelayWindow),
        },
        GameCommand::Ready(cmd::Ready { action, .. }) => {
            if *action == ActionKind::Full {
                return Err(RuleError::CannotReady(rules.actions.name_of(*action).to_string()));
            }
            combat.can_spend(&rules.actions, ActionKind::Standard)
        }
        GameCommand::FireReadied(cmd::FireReadied { unit }) => {
            no_window()?;
            if combat.readied_by(unit).is_none() {
                return Err(RuleError::NothingReadied { unit: unit.clone() });
            }
            if combat.interruption.is_some() {
                return Err(RuleError::IllegalMove(
                    "another readied action is taking place; wait until it is done".into(),
                ));
            }
            match &combat.active {
                Some(active) if active == unit => Err(RuleError::ReadiedOnOwnTurn { unit: unit.clone() }),
                Some(_) => Ok(()),
                None => Err(RuleError::NoActiveTurn),
            }
        }
        GameCommand::Act(cmd::Act { action, .. }) => combat.can_spend(&rules.actions, *action),
        GameCommand::TrackEffect(cmd::TrackEffect {
            target,
            rounds,
            condition,
            damage,
            ..
        }) => {
            no_window()?;
            known(world, target)?;
            if *rounds == 0 {
                return Err(RuleError::ZeroDuration);
            }
            crate::rules::bleeding::check_effect_damage(world, *condition, damage.as_deref()).map(|_| ())
        }
        GameCommand::DamageAbility(cmd::DamageAbility { target, amount, .. }) => {
            no_window()?;
            known(world, target)?;
            crate::rules::ability::check_damage_ability(world, target, *amount).map(|_| ())
        }
        GameCommand::TreatBleeding(cmd::TreatBleeding { target, .. }) => {
            known(world, target)?;
            crate::rules::bleeding::check_treat_bleeding(world, target)
        }
        GameCommand::Move(cmd::Move { unit, to, path, mode }) => {
            crate::rules::movement::check_move(world, unit, *to, path.as_deref(), *mode).map(|_| ())
        }
        GameCommand::Charge(cmd::Charge {
            unit,
            target,
            to,
            weapon,
        }) => crate::rules::charge::check_charge(world, unit, target, *to, weapon.as_deref()).map(|_| ()),
        GameCommand::Attack(cmd::Attack { unit, .. }) | GameCommand::FullAttack(cmd::FullAttack { unit, .. }) => {
            let order = attack_order(command).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
            crate::rules::attack_action::check_attacks(world, order).map(|_| ())
        }
        GameCommand::AreaAttack(cmd::AreaAttack { unit, weapon, at, dir }) => {
            crate::rules::area::check_area_attack(world, unit, weapon, *at, *dir).map(|_| ())
        }
        GameCommand::Autofire(cmd::Autofire {
            unit,
            weapon,
            at,
            braced,
        }) => crate::rules::area::check_autofire(world, unit, weapon, *at, *braced).map(|_| ()),
        GameCommand::FightDefensively(cmd::FightDefensively { unit, no_attacks }) => {
            crate::rules::fight_defensively::check_fight_defensively(world, unit, *no_attacks).map(|_| ())
        }
        GameCommand::Stabilize(cmd::Stabilize { unit }) => {
            crate::rules::recovery::check_stabilize(world, unit).map(|_| ())
        }
        GameCommand::StayInTheFight(cmd::StayInTheFight { unit }) => {
            crate::rules::recovery::check_stay_in_the_fight(world, unit)
        }
        GameCommand::SecondWind(cmd::SecondWind { unit }) => {
            crate::rules::recovery::check_second_wind(world, unit).map(|_| ())
        }
        GameCommand::CoveringFire(cmd::CoveringFire { unit, .. })
        | GameCommand::HarryingFire(cmd::HarryingFire { unit, .. })
        | GameCommand::AidAnother(cmd::AidAnother { unit, .. })
        | GameCommand::Suppress(cmd::Suppress { unit, .. }) => {
            let order = support_order(command).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
            check_support(world, order).map(|_| ())
        }
        GameCommand::Recover(cmd::Recover { unit }) => crate::rules::recover::check_recover(world, unit).map(|_| ()),
        GameCommand::TotalDefense(cmd::TotalDefense { .. }) => crate::rules::attack_action::check_total_defense(world),
        GameCommand::Fly(cmd::Fly { unit, route, double }) => {
            crate::rules::flight::check_fly(world, unit, route, *double).map(|_| ())
        }
        GameCommand::StandUp(cmd::StandUp { unit }) | GameCommand::DropProne(cmd::DropProne { unit }) => {
            crate::rules::movement::check_posture(
                world,
                unit,
                matches!(command, GameCommand::DropProne(cmd::DropProne { .. })),
            )
        }
        GameCommand::Maneuver(cmd::Maneuver {
            unit,
            target,
            maneuver,
            weapon,
        }) => crate::rules::maneuver::check_maneuver(world, unit, target, maneuver, weapon.as_deref()).map(|_| ()),
        GameCommand::BreakFree(cmd::BreakFree { unit, from }) => {
            crate::rules::hold::check_break_free(world, unit, from).map(|_| ())
        }
        GameCommand::PickUp(cmd::PickUp { unit, weapon }) => {
            crate::rules::items::check_pick_up(world, unit, weapon).map(|_| ())
        }
        GameCommand::CastSpell(cmd::CastSpell {
            unit,
            spell,
            at,
            dir,
            squares,
        }) => {
            let aim = crate::rules::spell::Aim {
                at: *at,
                dir: *dir,
                squares,
            };
            crate::rules::spell::check_cast_spell(world, unit, spell, aim).map(|_| ())
        }
        GameCommand::Vehicle(cmd::Vehicle { unit, order }) => crate::rules::vehicle::check_order(world, unit, order),
    }
}

/// Runs an allowed command: emits (and applies) its events. Call `check` first.
pub fn execute(ex: &mut Executor, command: &GameCommand) -> Result<(), RuleError> {
    match command {
        GameCommand::Decline(cmd::Decline { reactors, then }) => {
            ex.declined = reactors.clone();
            let result = execute(ex, then);
            ex.declined.clear();
            result
        }
        GameCommand::SetReactions(cmd::SetReactions { unit, mode }) => {
            ex.emit(ReactionEvent::ReactionsSet {
                unit: unit.clone(),
                mode: *mode,
            });
            Ok(())
        }
        GameCommand::PilotAction(cmd::PilotAction { .. })
        | GameCommand::EndPilotTurn(cmd::EndPilotTurn { .. })
        | GameCommand::ChaseProgress(cmd::ChaseProgress { .. })
        | GameCommand::Collide(cmd::Collide { .. })
        | GameCommand::BoardEngaged(cmd::BoardEngaged { .. }) => {
            crate::rules::chase::execute_chase_command(ex, command)
        }
        GameCommand::LeaveMap(cmd::LeaveMap { unit }) => crate::rules::vehicle::escape::execute_leave(ex, unit),
        GameCommand::ReturnToMap(cmd::ReturnToMap { unit, at, heading }) => {
            crate::rules::vehicle::escape::execute_return(ex, unit, *at, *heading)
        }
        GameCommand::EndTurn(cmd::EndTurn { unit }) => {
            let interrupted = ex
                .world
                .resource::<Combat>()
                .interruption
                .as_ref()
                .map(|i| i.unit.clone());
            if let Some(resumes) = interrupted {
                // §3.5: ending a readied action hands the turn back, it ends nothing else.
                ex.emit(SequenceEvent::ReadiedActionDone {
                    unit: unit.clone(),
                    resumes,
                });
                return Ok(());
            }
            crate::rules::recovery::end_of_turn(ex, unit);
            crate::rules::hold::end_of_turn(ex, unit);
            // VEH-6: a pilot who took no follow-up to last turn's race stops piloting.
            crate::rules::vehicle::at_turn_end(ex, unit)?;
            end_start_flat_footed_with_turn(ex, unit);
            ex.emit(SequenceEvent::TurnEnded { unit: unit.clone() });
            advance(ex, true)
        }
        GameCommand::Delay(cmd::Delay { unit }) => {
            let count = ex.world.resource::<Combat>().entry(unit).map_or(0, |e| e.count);
            ex.emit(SequenceEvent::Delayed {
                unit: unit.clone(),
                count,
            });
            // VEH-11: its vehicle goes on without it, on this count.
            crate::rules::vehicle::on_delay(ex, unit, count)?;
            advance(ex, false)
        }
        GameCommand::ActNow(cmd::ActNow { unit }) => {
            let combat = ex.world.resource::<Combat>();
            let finisher = combat
                .window
                .as_ref()
                .and_then(|w| combat.entry(&w.after))
                .map_or(0, |e| e.count);
            let new_count = new_delay_count(ex, finisher);
            ex.emit(SequenceEvent::DelayEnded {
                unit: unit.clone(),
                new_count,
            });
            begin_turn(ex, unit.clone())
        }
        GameCommand::Proceed(cmd::Proceed) => {
            ex.emit(SequenceEvent::DelayWindowClosed);
            advance(ex, false)
        }
        GameCommand::Ready(cmd::Ready { unit, action, trigger }) => {
            let description = format!("ready: {trigger}");
            take_action(ex, unit, ActionKind::Standard, description);
            ex.emit(SequenceEvent::ActionReadied {
                unit: unit.clone(),
                action: *action,
                trigger: trigger.clone(),
            });
            Ok(())
        }
        GameCommand::FireReadied(cmd::FireReadied { unit }) => {
            let combat = ex.world.resource::<Combat>();
            let action = combat.readied_by(unit).map_or(ActionKind::Standard, |r| r.action);
            let before = combat.active.clone().unwrap_or_else(|| unit.clone());
            let new_count = combat.entry(&before).map_or(0, |e| e.count);
            ex.emit(SequenceEvent::ReadiedActionFired {
                unit: unit.clone(),
                action,
                before,
                new_count,
            });
            end_start_flat_footed(ex, unit);
            Ok(())
        }
        GameCommand::Act(cmd::Act {
            unit,
            action,
            description,
        }) => {
            take_action(ex, unit, *action, description.clone());
            Ok(())
        }
        GameCommand::TrackEffect(cmd::TrackEffect {
            source,
            target,
            name,
            rounds,
            condition,
            damage,
        }) => {
            let terms = EffectTerms {
                condition: *condition,
                damage: crate::rules::bleeding::check_effect_damage(ex.world, *condition, damage.as_deref())?,
                ..EffectTerms::default()
            };
            start_effect(ex, source, target, name, *rounds, terms);
            Ok(())
        }
        GameCommand::DamageAbility(cmd::DamageAbility {
            source,
            target,
            ability,
            amount,
        }) => crate::rules::ability::damage_ability(ex, source, target, *ability, *amount),
        GameCommand::TreatBleeding(cmd::TreatBleeding { target, .. }) => {
            crate::rules::bleeding::check_treat_bleeding(ex.world, target)
        }
        GameCommand::Move(cmd::Move { unit, to, path, mode }) => {
            crate::rules::movement::execute_move(ex, unit, *to, path.as_deref(), *mode)
        }
        GameCommand::Charge(cmd::Charge {
            unit,
            target,
            to,
            weapon,
        }) => crate::rules::charge::execute_charge(ex, unit, target, *to, weapon.as_deref()),
        GameCommand::Fly(cmd::Fly { unit, route, double }) => {
            crate::rules::flight::execute_fly(ex, unit, route, *double)
        }
        GameCommand::Attack(cmd::Attack { unit, .. }) | GameCommand::FullAttack(cmd::FullAttack { unit, .. }) => {
            let order = attack_order(command).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
            crate::rules::attack_action::execute_attacks(ex, order)
        }
        GameCommand::AreaAttack(cmd::AreaAttack { unit, weapon, at, dir }) => {
            crate::rules::area::execute_area_attack(ex, unit, weapon, *at, *dir)
        }
        GameCommand::Autofire(cmd::Autofire {
            unit,
            weapon,
            at,
            braced,
        }) => crate::rules::area::execute_autofire(ex, unit, weapon, *at, *braced),
        GameCommand::FightDefensively(cmd::FightDefensively { unit, no_attacks }) => {
            crate::rules::fight_defensively::execute_fight_defensively(ex, unit, *no_attacks)
        }
        GameCommand::TotalDefense(cmd::TotalDefense { unit }) => {
            crate::rules::attack_action::execute_total_defense(ex, unit)
        }
        GameCommand::Stabilize(cmd::Stabilize { unit }) => crate::rules::recovery::stabilize(ex, unit),
        GameCommand::StayInTheFight(cmd::StayInTheFight { unit }) => {
            crate::rules::recovery::stay_in_the_fight(ex, unit)
        }
        GameCommand::SecondWind(cmd::SecondWind { unit }) => crate::rules::recovery::second_wind(ex, unit),
        GameCommand::Recover(cmd::Recover { unit }) => crate::rules::recover::recover(ex, unit),
        GameCommand::CoveringFire(cmd::CoveringFire { unit, .. })
        | GameCommand::HarryingFire(cmd::HarryingFire { unit, .. })
        | GameCommand::AidAnother(cmd::AidAnother { unit, .. })
        | GameCommand::Suppress(cmd::Suppress { unit, .. }) => {
            let order = support_order(command).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
            execute_support(ex, order)
        }
        GameCommand::StandUp(cmd::StandUp { unit }) => crate::rules::movement::execute_posture(ex, unit, false),
        GameCommand::DropProne(cmd::DropProne { unit }) => crate::rules::movement::execute_posture(ex, unit, true),
        GameCommand::Maneuver(cmd::Maneuver {
            unit,
            target,
            maneuver,
            weapon,
        }) => crate::rules::maneuver::execute_maneuver(ex, unit, target, maneuver, weapon.as_deref()),
        GameCommand::BreakFree(cmd::BreakFree { unit, from }) => crate::rules::hold::execute_break_free(ex, unit, from),
        GameCommand::PickUp(cmd::PickUp { unit, weapon }) => crate::rules::items::execute_pick_up(ex, unit, weapon),
        GameCommand::CastSpell(cmd::CastSpell {
            unit,
            spell,
            at,
            dir,
            squares,
        }) => {
            let aim = crate::rules::spell::Aim {
                at: *at,
                dir: *dir,
                squares,
            };
            crate::rules::spell::execute_cast_spell(ex, unit, spell, aim)
        }
        GameCommand::Vehicle(cmd::Vehicle { unit, order }) => crate::rules::vehicle::execute_order(ex, unit, order),
    }
}

/// What a tracked effect does to its target while it lasts.
#[derive(Debug, Clone, Default)]
pub(crate) struct EffectTerms {
    pub condition: Option<ConditionName>,
    pub defense: i32,
    pub defense_type: BonusType,
    /// To the target's own attack rolls.
    pub attack: i32,
    /// The target makes no attacks at all, not even attacks of opportunity.
    pub no_attacks: bool,
    pub support: Option<SupportBonus>,
    pub hold: Option<crate::rules::Hold>,
    /// Bleeding damage at the start of each of the target's turns (§20).
    pub damage: Option<crate::rules::DiceExpr>,
}

impl EffectTerms {
    pub fn defense(defense: i32) -> Self {
        Self {
            defense,
            ..Self::default()
        }
    }

    pub fn condition(condition: Option<ConditionName>) -> Self {
        Self {
            condition,
            ..Self::default()
        }
    }
}

/// Starts a tracked effect at the current initiative count (SEQ-5).
pub(crate) fn start_effect(
    ex: &mut Executor,
    source: &UnitId,
    target: &UnitId,
    name: &str,
    rounds: u32,
    terms: EffectTerms,
) {
    let EffectTerms {
        condition,
        defense,
        defense_type,
        attack,
        no_attacks,
        support,
        hold,
        damage,
    } = terms;
    let combat = ex.world.resource::<Combat>();
    let (round, count, id) = (combat.round, combat.current_count().unwrap_or(0), combat.next_effect_id);
    ex.emit(SequenceEvent::EffectStarted {
        id,
        name: name.to_string(),
        source: source.clone(),
        target: target.clone(),
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
    });
}

/// Spends an action from the active unit's budget; acting ends start-of-combat flat-footedness (§3.2).
pub(crate) fn take_action(ex: &mut Executor, unit: &UnitId, kind: ActionKind, description: String) {
    let rules = ex.ruleset().actions.clone();
    let slot = ex
        .world
        .resource::<Combat>()
        .budget
        .as_ref()
        .and_then(|b| b.can_spend(&rules, kind).ok())
        .unwrap_or(kind);
    ex.emit(SequenceEvent::ActionTaken {
        unit: unit.clone(),
        kind,
        slot,
        description,
    });
    end_start_flat_footed(ex, unit);
}

/// §3.2: a turn taken is acting, so start-of-combat flat-footedness ends with the unit's turn
/// even when it took no action (d20_srd 002:15, d20_modern 003:3 "once a combatant acts";
/// starfinder 001:149-153; saga 004:14, and 004:273 "until your first regular turn"). As
/// `acted_in_combat` already counts the turn (AOO `NotYetActed`), flat-footedness now agrees.
/// Under saga's U1 switch it ends only as a regular turn begins (`sequence::begin_turn`), so a
/// surprise-round turn leaves it.
fn end_start_flat_footed_with_turn(ex: &mut Executor, unit: &UnitId) {
    if ex.get::<StartFlatFooted>(unit).is_none() {
        return;
    }
    if ex.ruleset().variants.saga_flatfooted_until_regular_turn && ex.world.resource::<Combat>().surprise_round {
        return;
    }
    ex.emit(SequenceEvent::FlatFootedEnded { unit: unit.clone() });
}

fn end_start_flat_footed(ex: &mut Executor, unit: &UnitId) {
    if ex.get::<StartFlatFooted>(unit).is_some() && !ex.ruleset().variants.saga_flatfooted_until_regular_turn {
        ex.emit(SequenceEvent::FlatFootedEnded { unit: unit.clone() });
    }
}

/// The refusals a command meets before its own rule is looked at: the chase's phases (CHS-4,
/// CHS-14), a vehicle off the map (VEH-21), and whether its actor may do anything now (§20
/// no actions, HP-SF-2, riding §25.9, pinned, no attacks §4.3.1). `check` runs it first; the
/// planners that answer for a command not given yet (`movement::move_basics` for `query
/// path`, `query reach` and the GUI's reach overlay; `charge::check_charge`) run it too, so
/// they never offer what the command would refuse.
pub(crate) fn actor_refusal(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    // §26: a chase gates the grid commands by its phase (CHS-4, CHS-14).
    if let Some(refusal) = crate::rules::chase::refuse_in_chase(world, command) {
        return Err(refusal);
    }
    // VEH-21: the riders of a vehicle off the map only wait for it to come back.
    if let Some(refusal) = crate::rules::vehicle::escape::off_map_refusal(world, command) {
        return Err(refusal);
    }
    if let Some(unit) = command.actor() {
        known(world, unit)?;
        // §20: stunned, dazed, paralyzed, asleep or helpless units take no actions (dying
        // and stable units' own recovery commands are handled by their checks).
        if spends_an_action(command)
            && let Some(c) = crate::rules::conditions::effective_conditions(world, unit)
                .into_iter()
                .find(|c| crate::rules::conditions::NO_ACTIONS.contains(c))
            && crate::rules::unit_component::<crate::rules::health::LifeState>(world, unit).is_none_or(|s| s.can_act())
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} cannot act while {}",
                format!("{c:?}").to_lowercase()
            )));
        }
        // HP-SF-2: a dying (or unconscious, or dead) unit takes no actions, not even those
        // that roll nothing; its own recovery commands are checked by their own rules.
        if matches!(
            command,
            GameCommand::Delay(cmd::Delay { .. })
                | GameCommand::Ready(cmd::Ready { .. })
                | GameCommand::TotalDefense(cmd::TotalDefense { .. })
                | GameCommand::DropProne(cmd::DropProne { .. })
                | GameCommand::StandUp(cmd::StandUp { .. })
                | GameCommand::FightDefensively(cmd::FightDefensively { .. })
        ) {
            crate::rules::health::check_can_act(world, unit)?;
        }
        // §25.9: riders move with their vehicle; walking needs getting off first.
        if matches!(
            command,
            GameCommand::Move(cmd::Move { .. })
                | GameCommand::Charge(cmd::Charge { .. })
                | GameCommand::Fly(cmd::Fly { .. })
        ) && let Some(vehicle) = crate::rules::vehicle::riding(world, unit)
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} is aboard {vehicle}: get off first (Vehicle order Disembark)"
            )));
        }
        if spends_an_action(command)
            && let Some(refusal) = crate::rules::hold::pinned_refusal(world, unit, command)
        {
            return Err(refusal);
        }
        // §4.3.1 saga: a unit that chose to make no attacks until its next turn.
        if command.makes_attacks()
            && let Some(effect) = crate::rules::conditions::no_attacks_effect(world, unit)
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} chose to make no attacks until its next turn ({})",
                effect.name
            )));
        }
    }
    Ok(())
}

fn known(world: &World, unit: &UnitId) -> Result<(), RuleError> {
    match world.resource::<UnitIndex>().0.contains_key(unit) {
        true => Ok(()),
        false => Err(RuleError::UnknownUnit(unit.clone())),
    }
}

/// The unit whose own turn `command` must come on: every command but stepping out of a
/// delay, firing a readied action and the referee's records.
fn own_turn_actor(command: &GameCommand) -> Option<&UnitId> {
    match command {
        GameCommand::ActNow(cmd::ActNow { .. })
        | GameCommand::Proceed(cmd::Proceed)
        | GameCommand::FireReadied(cmd::FireReadied { .. })
        | GameCommand::TrackEffect(cmd::TrackEffect { .. })
        | GameCommand::DamageAbility(cmd::DamageAbility { .. })
        | GameCommand::SetReactions(cmd::SetReactions { .. })
        // Pilot actions happen outside the initiative turns (CHS-4).
        | GameCommand::PilotAction(cmd::PilotAction { .. })
        | GameCommand::EndPilotTurn(cmd::EndPilotTurn { .. }) => None,
        _ => command.actor(),
    }
}

/// Whether `command` is the actor doing something, as opposed to ending or passing its turn
/// (a pilot's pilot-actions turn too: a pilot who cannot act passes it, and its vehicle is
/// uncontrolled, CHS-8), a referee's record, or a down unit's own recovery.
fn spends_an_action(command: &GameCommand) -> bool {
    !matches!(
        command,
        GameCommand::EndTurn(cmd::EndTurn { .. })
            | GameCommand::EndPilotTurn(cmd::EndPilotTurn { .. })
            | GameCommand::Delay(cmd::Delay { .. })
            | GameCommand::ActNow(cmd::ActNow { .. })
            | GameCommand::Proceed(cmd::Proceed)
            | GameCommand::TrackEffect(cmd::TrackEffect { .. })
            | GameCommand::DamageAbility(cmd::DamageAbility { .. })
            | GameCommand::Stabilize(cmd::Stabilize { .. })
            | GameCommand::StayInTheFight(cmd::StayInTheFight { .. })
            | GameCommand::SetReactions(cmd::SetReactions { .. })
    )
}

/// The attack a command orders (§4.3.1), if it orders one.
fn attack_order(command: &GameCommand) -> Option<AttackOrder<'_>> {
    match command {
        GameCommand::Attack(cmd::Attack {
            unit,
            target,
            weapon,
            defensively,
            mount,
        }) => Some(AttackOrder {
            unit,
            targets: std::slice::from_ref(target),
            weapon: weapon.as_deref(),
            weapons: &[],
            full: false,
            defensively: *defensively,
            mount: mount.as_ref(),
        }),
        GameCommand::FullAttack(cmd::FullAttack {
            unit,
            targets,
            weapon,
            weapons,
            defensively,
        }) => Some(AttackOrder {
            unit,
            targets,
            weapon: weapon.as_deref(),
            weapons,
            full: true,
            defensively: *defensively,
            mount: None,
        }),
        _ => None,
    }
}

/// The support action a command orders (§4.3.1), if it orders one.
fn support_order(command: &GameCommand) -> Option<SupportOrder<'_>> {
    let (kind, unit, target, ally, weapon) = match command {
        GameCommand::CoveringFire(cmd::CoveringFire { unit, ally, weapon }) => {
            (SupportKind::Covering, unit, ally, None, weapon)
        }
        GameCommand::HarryingFire(cmd::HarryingFire { unit, target, weapon }) => {
            (SupportKind::Harrying, unit, target, None, weapon)
        }
        GameCommand::AidAnother(cmd::AidAnother {
            unit,
            target,
            ally,
            weapon,
        }) => (SupportKind::Aid, unit, target, Some(ally), weapon),
        GameCommand::Suppress(cmd::Suppress { unit, target, weapon }) => {
            (SupportKind::Suppress, unit, target, None, weapon)
        }
        _ => return None,
    };
    Some(SupportOrder {
        kind,
        unit,
        target,
        ally,
        weapon: weapon.as_deref(),
    })
}

fn is_active(combat: &Combat, unit: &UnitId) -> Result<(), RuleError> {
    match &combat.active {
        Some(active) if active == unit => Ok(()),
        Some(active) => Err(RuleError::NotYourTurn {
            unit: unit.clone(),
            active: active.clone(),
        }),
        None => Err(RuleError::NoActiveTurn),
    }
}

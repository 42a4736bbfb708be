//! A finished (or running) battle's statistics read from its log: the rounds fought, the
//! damage each unit dealt and took, and the units that went down. Pure: it reads the
//! logged events only, so the end screen, a replay and a test get the same figures.

use super::log::BattleLog;
use crate::rules::health::LifeState;
use crate::rules::{AreaEvent, AttackEvent, GameEvent, HealthEvent, ReactionEvent, SequenceEvent, UnitId};
use std::collections::BTreeMap;

/// One unit's figures over the battle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitStats {
    /// Hit point (and stamina, resolve-free) damage this unit's attacks did to others.
    pub dealt: u32,
    /// Damage this unit took, from any source (bleeding too).
    pub taken: u32,
    /// How the unit ended when it went down (dying, stable, unconscious, dead); `None` if
    /// it was never down or got back up.
    pub down: Option<LifeState>,
}

/// The battle's statistics: rounds fought and each unit that dealt or took damage or went
/// down, in the order they first appear in the log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BattleStats {
    /// The highest round started (round 0 is a surprise round).
    pub rounds: u32,
    pub units: Vec<(UnitId, UnitStats)>,
}

impl BattleStats {
    /// The figures of `unit`, if it appears.
    pub fn of(&self, unit: &UnitId) -> Option<&UnitStats> {
        self.units.iter().find(|(u, _)| u == unit).map(|(_, s)| s)
    }

    /// The units that went down and stayed down.
    pub fn downed(&self) -> impl Iterator<Item = (&UnitId, LifeState)> {
        self.units.iter().filter_map(|(u, s)| s.down.map(|d| (u, d)))
    }
}

/// Whether a life state takes the unit out of the fight (§17: dying, stable, unconscious,
/// dead; a d20 disabled unit still acts).
fn is_down(state: LifeState) -> bool {
    !matches!(state, LifeState::Fine | LifeState::Disabled)
}

/// Reads the statistics from the log. Damage (`DamageTaken`) is credited to the attacker of
/// the attack, area attack, coup de grace or attack of opportunity resolved just before it in
/// the same command; bleeding damage is credited to nobody; other damage (a ram, a
/// collision) to the command's actor.
pub fn battle_stats(log: &BattleLog) -> BattleStats {
    let mut stats = BattleStats::default();
    let mut rows: BTreeMap<UnitId, usize> = BTreeMap::new();
    let mut row = |stats: &mut BattleStats, unit: &UnitId| -> usize {
        *rows.entry(unit.clone()).or_insert_with(|| {
            stats.units.push((unit.clone(), UnitStats::default()));
            stats.units.len() - 1
        })
    };
    for entry in &log.entries {
        let mut source: Option<UnitId> = entry.command.as_ref().and_then(|c| c.actor().cloned());
        for event in &entry.events {
            match event {
                GameEvent::Sequence(SequenceEvent::RoundStarted { round, .. }) => {
                    stats.rounds = stats.rounds.max(*round);
                }
                GameEvent::Attack(AttackEvent::AttackResolved { attacker, .. })
                | GameEvent::Attack(AttackEvent::CoupDeGraceDelivered { attacker, .. })
                | GameEvent::Area(AreaEvent::AreaResolved { attacker, .. }) => source = Some(attacker.clone()),
                GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) => {
                    source = Some(reactor.clone())
                }
                GameEvent::Health(HealthEvent::BleedDamage { .. }) => source = None,
                GameEvent::Health(HealthEvent::DamageTaken { unit, amount, .. }) => {
                    let i = row(&mut stats, unit);
                    stats.units[i].1.taken += amount;
                    if let Some(by) = source.as_ref().filter(|by| *by != unit) {
                        let i = row(&mut stats, by);
                        stats.units[i].1.dealt += amount;
                    }
                }
                GameEvent::Health(HealthEvent::LifeStateChanged { unit, to, .. }) => {
                    let i = row(&mut stats, unit);
                    stats.units[i].1.down = is_down(*to).then_some(*to);
                }
                _ => {}
            }
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::LoggedCommand;
    use crate::rules::{DiceExpr, GameCommand, Health, cmd};
    use std::sync::Arc;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn damage(unit: &str, amount: u32) -> GameEvent {
        HealthEvent::DamageTaken {
            unit: id(unit),
            amount,
            lethal: true,
            health: Health::HitPoints { hp: 1, hp_max: 10 },
            track_steps: 0,
        }
        .into()
    }

    fn aoo(reactor: &str, target: &str) -> GameEvent {
        ReactionEvent::AttackOfOpportunity {
            reactor: id(reactor),
            target: id(target),
            square_left: crate::grid::Square::new(0, 0),
            trigger: "move".into(),
        }
        .into()
    }

    fn entry(command: Option<GameCommand>, events: Vec<GameEvent>) -> Arc<LoggedCommand> {
        Arc::new(LoggedCommand { command, events })
    }

    #[test]
    fn damage_is_credited_to_the_attacker_and_rounds_and_downs_are_counted() {
        let end_turn = |u: &str| Some(GameCommand::EndTurn(cmd::EndTurn { unit: id(u) }));
        let log = BattleLog {
            entries: vec![
                entry(
                    None,
                    vec![
                        SequenceEvent::RoundStarted {
                            round: 1,
                            surprise: false,
                        }
                        .into(),
                    ],
                ),
                // A move that drew an attack of opportunity from "ogre": the mover's command,
                // the ogre's damage.
                entry(end_turn("hero"), vec![aoo("ogre", "hero"), damage("hero", 7)]),
                // A command by "hero" whose damage has no attack event before it (a ram).
                entry(end_turn("hero"), vec![damage("ogre", 5)]),
                entry(
                    end_turn("ogre"),
                    vec![
                        SequenceEvent::RoundStarted {
                            round: 2,
                            surprise: false,
                        }
                        .into(),
                        HealthEvent::BleedDamage {
                            unit: id("ogre"),
                            source: "bleed".into(),
                            damage: DiceExpr::parse("1d4").expect("dice"),
                            bleeds: 1,
                            dice: Vec::new(),
                            bonus: 0,
                            total: 2,
                        }
                        .into(),
                        damage("ogre", 2),
                        HealthEvent::LifeStateChanged {
                            unit: id("ogre"),
                            from: LifeState::Fine,
                            to: LifeState::Dying,
                        }
                        .into(),
                    ],
                ),
            ],
        };
        let stats = battle_stats(&log);
        assert_eq!(stats.rounds, 2);
        let hero = stats.of(&id("hero")).expect("hero");
        let ogre = stats.of(&id("ogre")).expect("ogre");
        assert_eq!((hero.dealt, hero.taken, hero.down), (5, 7, None));
        assert_eq!(
            (ogre.dealt, ogre.taken, ogre.down),
            (7, 7, Some(LifeState::Dying)),
            "bleeding is nobody's damage"
        );
        assert_eq!(
            stats.downed().collect::<Vec<_>>(),
            vec![(&id("ogre"), LifeState::Dying)]
        );
        assert_eq!(stats.units[0].0, id("hero"), "in order of first appearance");
    }

    #[test]
    fn a_unit_that_gets_back_up_is_not_counted_down() {
        let log = BattleLog {
            entries: vec![entry(
                None,
                vec![
                    HealthEvent::LifeStateChanged {
                        unit: id("a"),
                        from: LifeState::Fine,
                        to: LifeState::Unconscious,
                    }
                    .into(),
                    HealthEvent::LifeStateChanged {
                        unit: id("a"),
                        from: LifeState::Unconscious,
                        to: LifeState::Fine,
                    }
                    .into(),
                ],
            )],
        };
        assert_eq!(battle_stats(&log).downed().count(), 0);
    }

    #[test]
    fn a_real_battles_attack_is_credited_to_its_attacker() {
        // Two foes side by side attack in turn until one is hurt; the books must balance.
        use crate::testing::{skirmish, unit};
        let club =
            r#"weapons: [(name: "Club", kind: Melee, attack: 6, damage: "1d6+2", damage_types: [Bludgeoning])], speed"#;
        let text = skirmish("d20_srd", &[unit("a1", "a", 5), unit("b1", "b", 1)]).replace("speed", club);
        let mut battle = crate::testing::battle(&text, &[]);
        let mut guard = 0;
        while battle_stats(battle.log()).units.iter().all(|(_, s)| s.taken == 0) && guard < 40 {
            guard += 1;
            let world = battle.world();
            let Some(unit) = world.resource::<crate::rules::Combat>().active.clone() else {
                break;
            };
            let attack = crate::rules::options::commands(world, &unit, crate::rules::options::OptionKind::Attack, None)
                .into_iter()
                .next();
            let command = attack.unwrap_or(GameCommand::EndTurn(cmd::EndTurn { unit }));
            crate::testing::ok(&mut battle, command);
            if battle.outcome().over {
                break;
            }
        }
        let stats = battle_stats(battle.log());
        let dealt: u32 = stats.units.iter().map(|(_, s)| s.dealt).sum();
        let taken: u32 = stats.units.iter().map(|(_, s)| s.taken).sum();
        assert!(stats.rounds >= 1);
        assert!(taken > 0, "an attack hit within the turns played: {stats:?}");
        assert_eq!(dealt, taken, "every hit's damage has an attacker: {stats:?}");
    }
}

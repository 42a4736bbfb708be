//! `Battle`: one running battle as plain data: the rules' world (spawned scenario) plus its
//! history. It is `Send`, so a GUI holds it as an ordinary resource; `fork` copies it in
//! O(state) to try a command; undo, load and replay rebuild from the scenario and replay the
//! accepted commands.

use super::log::{BattleLog, LoggedCommand};
use super::objectives::{ObjectiveTracker, Outcome, outcome};
use super::save::{SaveError, SaveFile};
use super::snapshot::state_hash;
use super::spawn::{ScenarioInfo, Sides, spawn_scenario};
use crate::rules::engine::fork::Forker;
use crate::rules::{self, Dice, Executor, GameCommand, GameEvent, RuleError, start_combat};
use crate::scenario::{ScenarioSpec, Templates, load_str};
use bevy::prelude::*;
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// Why a battle could not be built or changed.
#[derive(Debug, Error)]
pub enum BattleError {
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("the last command rolled dice, so undoing it would reveal what they were; it cannot be undone")]
    UndoAfterDice,
}

/// What a battle was started from; never changes, so a battle and its forks share it.
#[derive(Debug)]
struct Setup {
    spec: ScenarioSpec,
    scenario_text: String,
    scenario_file: String,
    seed: u64,
    dice: Vec<u32>,
}

/// A battle: scenario + seed + scripted dice + accepted commands, and the world they made.
pub struct Battle {
    world: World,
    /// The systems that keep the derived rule state (`rules::derive`), run by `derive`.
    derive: Schedule,
    setup: Arc<Setup>,
    log: BattleLog,
    objectives: ObjectiveTracker,
}

/// The types a battle's fork copies: the rules' own and the scenario resources of `history`.
fn forker() -> &'static Forker {
    static FORKER: OnceLock<Forker> = OnceLock::new();
    FORKER.get_or_init(|| {
        let mut f = Forker::rules();
        f.resource::<Sides>().resource::<ScenarioInfo>();
        f
    })
}

impl Battle {
    /// Starts a battle: spawns the scenario and runs the start of combat (SEQ-1), whose
    /// rolls are the log's first entry.
    pub fn start(
        spec: ScenarioSpec,
        scenario_text: &str,
        scenario_file: &str,
        seed: u64,
        dice: Vec<u32>,
    ) -> Result<Battle, BattleError> {
        let mut world = World::new();
        rules::init_world(&mut world);
        spawn_scenario(&mut world, &spec, Dice::scripted(seed, dice.iter().copied()));
        let mut ex = Executor::new(&mut world);
        let started = start_combat(&mut ex);
        let events = std::mem::take(&mut ex.events);
        started?;
        let log = BattleLog {
            entries: vec![Arc::new(LoggedCommand { command: None, events })],
        };
        Ok(Battle {
            world,
            derive: rules::derive::schedule(spec.hidden_information),
            setup: Arc::new(Setup {
                spec,
                scenario_text: scenario_text.to_string(),
                scenario_file: scenario_file.to_string(),
                seed,
                dice,
            }),
            log,
            objectives: ObjectiveTracker::default(),
        })
    }

    /// Checks and executes `command` (`rules::process`) and records it with its events.
    pub fn submit(&mut self, command: GameCommand) -> Result<Vec<GameEvent>, RuleError> {
        match rules::process(&mut self.world, &command) {
            Ok(events) => {
                self.objectives.observe(&self.setup.spec, &self.world, &events);
                self.log.entries.push(Arc::new(LoggedCommand {
                    command: Some(command),
                    events: events.clone(),
                }));
                Ok(events)
            }
            Err(error) => {
                if matches!(error, RuleError::Dice(_)) {
                    // The command stopped part-way through: rebuild from the accepted commands.
                    self.rebuild().map_err(|(_, e)| match e {
                        BattleError::Rule(r) => r,
                        other => RuleError::NotSupported(other.to_string()),
                    })?;
                }
                Err(error)
            }
        }
    }

    /// An independent copy of the battle to try commands on: the same world (units, dice
    /// stream, combat state), the same history. O(state): the world's units and resources are
    /// cloned; the log's entries are shared, not copied.
    pub fn fork(&self) -> Battle {
        Battle {
            world: forker().fork(&self.world),
            derive: rules::derive::schedule(self.setup.spec.hidden_information),
            setup: Arc::clone(&self.setup),
            log: self.log.clone(),
            objectives: self.objectives.clone(),
        }
    }

    /// A fork whose dice from now on come from a fresh generator seeded with `seed`: to try a
    /// command and see how it may go (the computer player samples outcomes this way) without
    /// learning the battle's own coming rolls, which `fork` would repeat.
    pub fn fork_with_dice(&self, seed: u64) -> Battle {
        let mut fork = self.fork();
        fork.world.insert_resource(Dice::seeded(seed));
        fork
    }

    /// Rebuilds the world from the scenario and replays the accepted commands.
    fn rebuild(&mut self) -> Result<(), (usize, BattleError)> {
        *self = self.replayed(self.commands())?;
        Ok(())
    }

    /// This battle's start with `commands` replayed.
    fn replayed(&self, commands: Vec<GameCommand>) -> Result<Battle, (usize, BattleError)> {
        let s = &self.setup;
        Battle::replay(
            s.spec.clone(),
            &s.scenario_text,
            &s.scenario_file,
            s.seed,
            s.dice.clone(),
            commands,
        )
    }

    /// Undoes the last command if it rolled no dice: rebuilds and replays the others.
    pub fn undo(&mut self) -> Result<(), BattleError> {
        self.undo_refusal()?;
        let mut commands = self.commands();
        commands.pop();
        *self = self.replayed(commands).map_err(|(_, e)| e)?;
        Ok(())
    }

    /// Why `undo` would be refused now, if it would.
    pub fn undo_refusal(&self) -> Result<(), BattleError> {
        let last = self
            .log
            .entries
            .last()
            .filter(|e| e.command.is_some())
            .ok_or(BattleError::NothingToUndo)?;
        match last.rolled_dice() {
            true => Err(BattleError::UndoAfterDice),
            false => Ok(()),
        }
    }

    /// Starts the battle and replays `commands`; on failure says which command failed.
    pub fn replay(
        spec: ScenarioSpec,
        scenario_text: &str,
        scenario_file: &str,
        seed: u64,
        dice: Vec<u32>,
        commands: Vec<GameCommand>,
    ) -> Result<Battle, (usize, BattleError)> {
        let mut battle = Battle::start(spec, scenario_text, scenario_file, seed, dice).map_err(|e| (0, e))?;
        for (i, command) in commands.into_iter().enumerate() {
            battle.submit(command).map_err(|e| (i, BattleError::Rule(e)))?;
        }
        Ok(battle)
    }

    /// The save file of this battle.
    pub fn save(&self) -> SaveFile {
        let s = &self.setup;
        SaveFile {
            version: 1,
            scenario_file: s.scenario_file.clone(),
            scenario: s.scenario_text.clone(),
            seed: s.seed,
            dice: s.dice.clone(),
            commands: self.commands(),
            state_hash: Some(self.state_hash()),
        }
    }

    /// Rebuilds a battle from a save and checks it reached the saved state.
    pub fn load(save: &SaveFile, templates: &Templates) -> Result<Battle, SaveError> {
        let spec = load_str(&save.scenario, &save.scenario_file, templates)
            .map_err(|d| SaveError::Scenario(d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")))?;
        let battle = Battle::replay(
            spec,
            &save.scenario,
            &save.scenario_file,
            save.seed,
            save.dice.clone(),
            save.commands.clone(),
        )
        .map_err(|(index, e)| SaveError::Replay {
            index,
            reason: e.to_string(),
        })?;
        if let Some(saved) = &save.state_hash {
            let found = battle.state_hash();
            if &found != saved {
                return Err(SaveError::Mismatch {
                    saved: saved.clone(),
                    found,
                });
            }
        }
        Ok(battle)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    /// Refreshes the derived rule state (`rules::derive`: what each side sees, the squares
    /// each side threatens) if the battle changed since it was made; read it from `world()`
    /// (`SideViews::current`, `SideThreats::current`, `derive::side_view_now`). A fork copies
    /// it, so a fork of a derived battle needs no deriving until a command changes it.
    pub fn derive(&mut self) {
        self.derive.run(&mut self.world);
    }

    pub fn log(&self) -> &BattleLog {
        &self.log
    }

    /// The accepted commands, in order.
    pub fn commands(&self) -> Vec<GameCommand> {
        self.log.commands().cloned().collect()
    }

    pub fn spec(&self) -> &ScenarioSpec {
        &self.setup.spec
    }

    pub fn seed(&self) -> u64 {
        self.setup.seed
    }

    pub fn scenario_file(&self) -> &str {
        &self.setup.scenario_file
    }

    /// Whether the battle is over: its objectives and who won (`objectives`).
    pub fn outcome(&self) -> Outcome {
        outcome(&self.setup.spec, &self.world, &self.objectives)
    }

    pub fn state_hash(&self) -> String {
        state_hash(&self.world)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cmd;
    use crate::rules::{Combat, UnitIndex};

    fn assert_send<T: Send + Sync>() {}

    /// Issue #15: the GUI holds a battle as an ordinary resource.
    #[test]
    fn a_battle_is_send_and_sync() {
        assert_send::<Battle>();
    }

    fn tutorial() -> Battle {
        let text = crate::scenario::DEFAULT_SCENARIO;
        let spec = load_str(text, "tutorial", &Templates::shipped()).expect("valid");
        Battle::start(spec, text, "tutorial", 7, Vec::new()).expect("starts")
    }

    fn end_turn(b: &Battle) -> GameCommand {
        let unit = b.world().resource::<Combat>().active.clone().expect("a turn");
        GameCommand::EndTurn(cmd::EndTurn { unit })
    }

    #[test]
    fn a_fork_is_independent_and_replays_the_same_dice() {
        let mut b = tutorial();
        b.submit(end_turn(&b)).expect("ends");
        let mut fork = b.fork();
        assert_eq!(fork.state_hash(), b.state_hash());
        assert_eq!(fork.commands(), b.commands());
        assert_eq!(
            fork.world().resource::<UnitIndex>().0.keys().collect::<Vec<_>>(),
            b.world().resource::<UnitIndex>().0.keys().collect::<Vec<_>>()
        );
        let on_fork = fork.submit(end_turn(&fork)).expect("ends on the fork");
        assert_ne!(
            fork.world().resource::<Combat>().active,
            b.world().resource::<Combat>().active,
            "the original is untouched"
        );
        assert_eq!(b.commands().len(), 1);
        let on_original = b.submit(end_turn(&b)).expect("ends on the original");
        assert_eq!(on_fork, on_original, "the same dice stream");
        assert_eq!(fork.state_hash(), b.state_hash());
    }

    /// A reseeded fork rolls its own dice: the original's coming rolls stay unknown.
    #[test]
    fn a_fork_with_dice_rolls_from_its_own_seed() {
        let b = tutorial();
        let rolls = |battle: &mut Battle| {
            let mut dice = battle.world.resource_mut::<Dice>();
            (0..8)
                .map(|_| dice.roll(20, "test").unwrap().result)
                .collect::<Vec<_>>()
        };
        let mut same = b.fork();
        let (mut one, mut two, mut other) = (b.fork_with_dice(5), b.fork_with_dice(5), b.fork_with_dice(6));
        assert_eq!(rolls(&mut one), rolls(&mut two), "one seed, one stream");
        assert_ne!(rolls(&mut one), rolls(&mut other));
        assert_ne!(rolls(&mut same), rolls(&mut two), "not the battle's own stream");
    }
}

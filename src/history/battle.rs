//! `Battle`: one running battle as an app (rules plugin + spawned scenario) plus its history.
//! Commands go in through the `CommandRequested` message like the GUI's; undo, load and
//! replay rebuild from the scenario and replay the accepted commands.

use super::objectives::{ObjectiveTracker, Outcome, outcome};
use super::save::{SaveError, SaveFile};
use super::snapshot::state_hash;
use super::spawn::spawn_scenario;
use crate::rules::{
    self, BattleLog, CommandRejected, CommandRequested, Dice, Executor, GameCommand, GameEvent, LoggedCommand,
    RuleError, start_combat,
};
use crate::scenario::{ScenarioSpec, Templates, load_str};
use bevy::prelude::*;
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

/// A battle: scenario + seed + scripted dice + accepted commands, and the world they made.
pub struct Battle {
    app: App,
    spec: ScenarioSpec,
    scenario_text: String,
    scenario_file: String,
    seed: u64,
    dice: Vec<u32>,
    commands: Vec<GameCommand>,
    objectives: ObjectiveTracker,
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
        let mut app = App::new();
        app.add_plugins(rules::plugin);
        spawn_scenario(app.world_mut(), &spec, Dice::scripted(seed, dice.iter().copied()));
        let world = app.world_mut();
        let mut ex = Executor::new(world);
        let started = start_combat(&mut ex);
        let events = std::mem::take(&mut ex.events);
        started?;
        world
            .resource_mut::<BattleLog>()
            .entries
            .push(LoggedCommand { command: None, events });
        Ok(Battle {
            app,
            spec,
            scenario_text: scenario_text.to_string(),
            scenario_file: scenario_file.to_string(),
            seed,
            dice,
            commands: Vec::new(),
            objectives: ObjectiveTracker::default(),
        })
    }

    /// Checks and executes `command` through the rules' message path (as the GUI does).
    pub fn submit(&mut self, command: GameCommand) -> Result<Vec<GameEvent>, RuleError> {
        let before = self.log().entries.len();
        self.app.world_mut().write_message(CommandRequested(command.clone()));
        self.app.update();
        let world = self.app.world();
        if let Some(rejected) = world
            .resource::<Messages<CommandRejected>>()
            .iter_current_update_messages()
            .last()
        {
            let error = rejected.error.clone();
            if matches!(error, RuleError::Dice(_)) {
                // The command stopped part-way through: rebuild from the accepted commands.
                self.rebuild().map_err(|(_, e)| match e {
                    BattleError::Rule(r) => r,
                    other => RuleError::NotSupported(other.to_string()),
                })?;
            }
            return Err(error);
        }
        let log = world.resource::<BattleLog>();
        match log.entries.get(before) {
            Some(entry) => {
                let events = entry.events.clone();
                self.commands.push(command);
                self.objectives.observe(&self.spec, self.app.world(), &events);
                Ok(events)
            }
            None => Err(RuleError::NotSupported("the command produced no result".into())),
        }
    }

    /// Rebuilds the world from the scenario and replays the accepted commands.
    fn rebuild(&mut self) -> Result<(), (usize, BattleError)> {
        *self = Battle::replay(
            self.spec.clone(),
            &self.scenario_text,
            &self.scenario_file,
            self.seed,
            self.dice.clone(),
            self.commands.clone(),
        )?;
        Ok(())
    }

    /// Undoes the last command if it rolled no dice: rebuilds and replays the others.
    pub fn undo(&mut self) -> Result<(), BattleError> {
        let last = self
            .log()
            .entries
            .last()
            .filter(|e| e.command.is_some())
            .ok_or(BattleError::NothingToUndo)?;
        if last.rolled_dice() {
            return Err(BattleError::UndoAfterDice);
        }
        let mut commands = self.commands.clone();
        commands.pop();
        let rebuilt = Battle::replay(
            self.spec.clone(),
            &self.scenario_text,
            &self.scenario_file,
            self.seed,
            self.dice.clone(),
            commands,
        )
        .map_err(|(_, e)| e)?;
        *self = rebuilt;
        Ok(())
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
        SaveFile {
            version: 1,
            scenario_file: self.scenario_file.clone(),
            scenario: self.scenario_text.clone(),
            seed: self.seed,
            dice: self.dice.clone(),
            commands: self.commands.clone(),
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
        self.app.world()
    }

    pub fn log(&self) -> &BattleLog {
        self.app.world().resource::<BattleLog>()
    }

    pub fn commands(&self) -> &[GameCommand] {
        &self.commands
    }

    pub fn spec(&self) -> &ScenarioSpec {
        &self.spec
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn scenario_file(&self) -> &str {
        &self.scenario_file
    }

    /// Whether the battle is over: its objectives and who won (`objectives`).
    pub fn outcome(&self) -> Outcome {
        outcome(&self.spec, self.app.world(), &self.objectives)
    }

    pub fn state_hash(&self) -> String {
        state_hash(self.app.world())
    }
}

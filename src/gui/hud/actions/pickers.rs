//! The pickers the action bar opens: the maneuver (each greyed with the rules' reason for the
//! chosen weapon), then its map mode; the readied action's kind (the rules' list), then its
//! trigger, which sends the command. (The vehicle orders' picker is `vehicles::piloting`'s.)

use crate::gui::state::intent::ActIntent;
use crate::gui::state::intent::Intent;
use crate::gui::state::keys::digit;
use crate::gui::state::mode::{Mode, WeaponChoice};
use crate::gui::state::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, Picker};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::rules::cmd;
use crate::rules::maneuver::options::MANEUVERS;
use crate::rules::options::{self, Arms, OptionKind};
use crate::rules::sequence::options::READY_TRIGGERS;
use crate::rules::{Combat, GameCommand, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (open_picker, picker_chosen)
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The options of a picker for the active `unit`, each greyed out with the rules' reason.
pub fn picker_panel(world: &World, unit: &UnitId, kind: PanelKind, weapon: Option<&str>) -> Option<PanelSpec> {
    let options = match kind {
        PanelKind::Maneuver => MANEUVERS
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let name = crate::rules::maneuver::kind_name(*k);
                let arms = Arms::Chosen { weapon, mount: None };
                PanelOption::new(name, digit(i), Choice::Maneuver(*k)).greyed(options::armed_verdict(
                    world,
                    unit,
                    OptionKind::Maneuver(*k),
                    arms,
                ))
            })
            .collect(),
        PanelKind::Ready => {
            let rules = world.resource::<crate::ruleset::Ruleset>();
            options::kind_option(world, unit, OptionKind::Ready, None)
                .choices
                .into_iter()
                .filter_map(|c| match c.command {
                    GameCommand::Ready(cmd::Ready { action, .. }) => Some((action, c.verdict)),
                    _ => None,
                })
                .enumerate()
                .map(|(i, (k, verdict))| {
                    PanelOption::new(rules.actions.name_of(k), digit(i), Choice::ReadyKind(k)).greyed(verdict)
                })
                .collect()
        }
        PanelKind::Vehicle | PanelKind::Menu | PanelKind::Reaction | PanelKind::ReactionSettings | PanelKind::More => {
            return None;
        }
    };
    let title = match kind {
        PanelKind::Maneuver => "Combat maneuver: pick one, then click the target",
        _ => "Ready which action?",
    };
    Some(PanelSpec {
        kind,
        title: title.into(),
        options,
    })
}

/// The second step of readying: the trigger.
pub fn trigger_panel(world: &World, action: ActionKind) -> PanelSpec {
    let rules = world.resource::<crate::ruleset::Ruleset>();
    PanelSpec {
        kind: PanelKind::Ready,
        title: format!("Ready a {} until…", rules.actions.name_of(action)),
        options: READY_TRIGGERS
            .iter()
            .enumerate()
            .map(|(i, t)| {
                PanelOption::new(
                    *t,
                    digit(i),
                    Choice::Ready {
                        action,
                        trigger: t.to_string(),
                    },
                )
            })
            .collect(),
    }
}

/// Opens the maneuver or ready picker the bar asked for.
fn open_picker(session: Res<Session>, choice: Res<WeaponChoice>, mut picker: ResMut<Picker>, mut panel: ResMut<Panel>) {
    let Some(kind) = picker.0.filter(|k| matches!(k, PanelKind::Maneuver | PanelKind::Ready)) else {
        return;
    };
    picker.0 = None;
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let weapon = choice.for_unit(Some(&unit));
    panel.0 = picker_panel(world, &unit, kind, weapon.as_deref());
}

/// What is chosen in the pickers: a maneuver selects its map mode, a readied action's kind
/// asks for its trigger, the trigger sends the command.
fn picker_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    mut panel: ResMut<Panel>,
    mut mode: ResMut<Mode>,
    mut intents: MessageWriter<Intent>,
) {
    for c in chosen.read() {
        if !matches!(c.kind, PanelKind::Maneuver | PanelKind::Ready) {
            continue;
        }
        match &c.choice {
            Choice::Maneuver(kind) => {
                *mode = Mode::Maneuver(*kind);
                panel.0 = None;
            }
            Choice::ReadyKind(action) => panel.0 = Some(trigger_panel(session.battle.world(), *action)),
            Choice::Ready { action, trigger } => {
                intents.write(Intent::Act(ActIntent::Ready {
                    action: *action,
                    trigger: trigger.clone(),
                }));
                panel.0 = None;
            }
            _ => panel.0 = None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::intake::command::act_command;
    use crate::gui::state::action::Action;
    use crate::gui::testkit::{allowed, me, my_turn};
    use crate::gui::views::bar::availability;
    use crate::rules::sequence::options::READY_KINDS;
    use crate::testing::ok;

    #[test]
    fn readying_asks_the_kind_then_the_trigger_and_fire_readied_follows() {
        let mut b = my_turn();
        let picker = picker_panel(b.world(), &me(), PanelKind::Ready, None).expect("a picker");
        assert_eq!(picker.options.len(), READY_KINDS.len());
        assert_eq!(picker.options[0].allowed, Ok(()));
        let triggers = trigger_panel(b.world(), ActionKind::Standard);
        assert_eq!(
            triggers.options[0].choice,
            Choice::Ready {
                action: ActionKind::Standard,
                trigger: READY_TRIGGERS[0].into()
            }
        );
        let command = act_command(
            &ActIntent::Ready {
                action: ActionKind::Standard,
                trigger: READY_TRIGGERS[0].into(),
            },
            Some(me()),
            b.world(),
        )
        .expect("a command");
        ok(&mut b, command);
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: me() }));
        // The foe's turn: me's readied action may fire.
        let entries = availability(b.world(), Some(&UnitId("foe".into())), None, None);
        assert_eq!(allowed(&entries, Action::FireReadied), Ok(()));
        assert_eq!(
            act_command(
                &ActIntent::Do(Action::FireReadied),
                Some(UnitId("foe".into())),
                b.world()
            ),
            Ok(GameCommand::FireReadied(cmd::FireReadied { unit: me() }))
        );
    }
}

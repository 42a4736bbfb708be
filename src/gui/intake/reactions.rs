//! Reactions offered to the player (issue #6): before a command is sent, a dry run (the command
//! tried on a fork of the battle) shows which attacks of opportunity it would draw; each
//! one from a reactor set to `Ask` on a side a person plays is put to the reacting side
//! ("Raiders: Gorn may strike Vex leaving (3, 4)", Y takes, N declines), one at a time, and the
//! command is then sent with the declined reactors in a `Decline`; the computer's reactors are
//! never asked (to the rules their `Ask` is `Always`). The rules decide who may react; this only asks. Also the
//! per-side reaction settings page of the menu, sent as `SetReactions` commands.

use crate::gui::intake::handoff::is_human;
use crate::gui::state::intent::Intent;
use crate::gui::state::keys::digit;
use crate::gui::state::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec};
use crate::gui::state::prompt::{Pending, ReactionPrompt};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::history::{Battle, Sides};
use crate::rules::reactions::reaction_mode;
use crate::rules::{GameCommand, GameEvent, Profile, ReactionMode, SideId, UnitId, UnitIndex, check, unit_component};
use crate::rules::{ReactionEvent, cmd};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        reaction_chosen
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What to do with a command: send it (with the declines so far), or ask about one reactor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gate {
    Submit(GameCommand),
    Ask { reactor: UnitId, question: String },
}

/// `command` with the declined reactors passed up.
pub fn with_declines(command: GameCommand, declined: &[UnitId]) -> GameCommand {
    match declined.is_empty() {
        true => command,
        false => GameCommand::Decline(cmd::Decline {
            reactors: declined.to_vec(),
            then: Box::new(command),
        }),
    }
}

/// The events `command` would produce, tried on a fork of the battle (the same dice), or
/// `None` when it would be refused.
pub fn dry_run(battle: &Battle, command: &GameCommand) -> Option<Vec<GameEvent>> {
    check(battle.world(), command).ok()?;
    battle.fork().submit(command.clone()).ok()
}

/// Whether `command` can be sent now or a reactor set to `Ask` must first be asked: the first
/// attack of opportunity of the dry run (with the answers so far) from such a reactor not yet
/// asked.
pub fn gate(battle: &Battle, command: &GameCommand, taken: &[UnitId], declined: &[UnitId]) -> Gate {
    let world = battle.world();
    let send = with_declines(command.clone(), declined);
    // A reactor the computer plays is never asked: to the rules its `Ask` is `Always`.
    let asks = |u: &UnitId| {
        reaction_mode(world, u) == ReactionMode::Ask
            && unit_component::<SideId>(world, u).is_some_and(|side| is_human(battle, side))
    };
    let anyone_asks = world.resource::<UnitIndex>().0.keys().any(asks);
    if !anyone_asks {
        return Gate::Submit(send);
    }
    let Some(events) = dry_run(battle, &send) else {
        // Refused: sending it says why.
        return Gate::Submit(send);
    };
    let asked = |u: &UnitId| taken.contains(u) || declined.contains(u);
    let question = events.iter().find_map(|e| match e {
        GameEvent::Reaction(ReactionEvent::AttackOfOpportunity {
            reactor,
            target,
            square_left,
            trigger,
        }) if asks(reactor) && !asked(reactor) => Some((
            reactor.clone(),
            format!(
                "{}: {} may strike {} ({trigger} {square_left})",
                side_name(world, reactor),
                name(world, reactor),
                name(world, target)
            ),
        )),
        _ => None,
    });
    match question {
        Some((reactor, question)) => Gate::Ask { reactor, question },
        None => Gate::Submit(send),
    }
}

fn name(world: &World, unit: &UnitId) -> String {
    unit_component::<Profile>(world, unit).map_or_else(|| unit.to_string(), |p| p.name.clone())
}

fn side_name(world: &World, unit: &UnitId) -> String {
    let side = unit_component::<SideId>(world, unit);
    world
        .resource::<Sides>()
        .0
        .iter()
        .find(|s| Some(&s.id) == side)
        .map_or_else(|| "?".into(), |s| s.name.clone())
}

/// The prompt put to the reacting side.
pub fn prompt_panel(reactor: &UnitId, question: String) -> PanelSpec {
    let react = |take| Choice::React {
        reactor: reactor.clone(),
        take,
    };
    PanelSpec {
        kind: PanelKind::Reaction,
        title: question,
        options: vec![
            PanelOption::new("Take the attack of opportunity", KeyCode::KeyY, react(true)),
            PanelOption::new("Decline it", KeyCode::KeyN, react(false)),
        ],
    }
}

/// Sends `command` now, or opens the prompt for its first reactor to ask (`apply_intents`
/// calls it for every command the player gives).
pub fn offer(battle: &Battle, pending: Pending, prompt: &mut ReactionPrompt, panel: &mut Panel) -> Option<GameCommand> {
    match gate(battle, &pending.command, &pending.taken, &pending.declined) {
        Gate::Submit(command) => {
            prompt.0 = None;
            if panel.kind() == Some(PanelKind::Reaction) {
                panel.0 = None;
            }
            Some(command)
        }
        Gate::Ask { reactor, question } => {
            panel.0 = Some(prompt_panel(&reactor, question));
            prompt.0 = Some(pending);
            None
        }
    }
}

/// An answer: recorded, then the next reactor is asked or the command is sent as decided.
/// Esc drops the command.
fn reaction_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    mut prompt: ResMut<ReactionPrompt>,
    mut panel: ResMut<Panel>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
) {
    for c in chosen.read() {
        match (&c.kind, &c.choice) {
            (PanelKind::Reaction, Choice::React { reactor, take }) => {
                let Some(mut pending) = prompt.0.take() else { continue };
                match take {
                    true => pending.taken.push(reactor.clone()),
                    false => pending.declined.push(reactor.clone()),
                }
                if let Some(command) = offer(&session.battle, pending, &mut prompt, &mut panel) {
                    intents.write(Intent::Command(command));
                }
            }
            (PanelKind::Reaction, _) => {
                prompt.0 = None;
                panel.0 = None;
                status.0 = "Cancelled: the command was not sent.".into();
            }
            (PanelKind::ReactionSettings, Choice::SideReactions { side, mode }) => {
                let world = session.battle.world();
                for unit in units_of(world, side) {
                    intents.write(Intent::Command(GameCommand::SetReactions(cmd::SetReactions {
                        unit,
                        mode: *mode,
                    })));
                }
                let name = world
                    .resource::<Sides>()
                    .0
                    .iter()
                    .find(|s| &s.id == side)
                    .map(|s| s.name.clone());
                status.0 = format!(
                    "{}: attacks of opportunity {}",
                    name.unwrap_or_default(),
                    mode_words(*mode)
                );
                panel.0 = None;
            }
            (PanelKind::ReactionSettings, _) => panel.0 = None,
            _ => {}
        }
    }
}

fn mode_words(mode: ReactionMode) -> &'static str {
    match mode {
        ReactionMode::Always => "always taken",
        ReactionMode::Ask => "asked each time",
        ReactionMode::Never => "never taken",
    }
}

/// The units of `side`, in id order.
fn units_of(world: &World, side: &SideId) -> Vec<UnitId> {
    let mut units: Vec<UnitId> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| unit_component::<SideId>(world, u) == Some(side))
        .cloned()
        .collect();
    units.sort();
    units
}

/// A side's reaction mode: its units' (`None` when they differ).
pub fn side_mode(world: &World, side: &SideId) -> Option<ReactionMode> {
    let modes: Vec<ReactionMode> = units_of(world, side).iter().map(|u| reaction_mode(world, u)).collect();
    modes.first().copied().filter(|m| modes.iter().all(|x| x == m))
}

/// The menu's reaction settings: each side's mode; choosing a side moves it to the next one
/// (always → ask → never → always).
pub fn settings_page(world: &World) -> PanelSpec {
    let options = world
        .resource::<Sides>()
        .0
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let now = side_mode(world, &side.id);
            let next = match now {
                Some(ReactionMode::Always) => ReactionMode::Ask,
                Some(ReactionMode::Ask) => ReactionMode::Never,
                Some(ReactionMode::Never) | None => ReactionMode::Always,
            };
            let label = format!(
                "{}: attacks of opportunity {} (choose: {})",
                side.name,
                now.map_or("mixed", mode_words),
                mode_words(next)
            );
            PanelOption::new(
                label,
                digit(i),
                Choice::SideReactions {
                    side: side.id.clone(),
                    mode: next,
                },
            )
        })
        .collect();
    PanelSpec {
        kind: PanelKind::ReactionSettings,
        title: "Reaction settings".into(),
        options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::gui::state::session::Session;
    use crate::testing::{NAMED_DUEL as DUEL, battle, ok};

    fn foe() -> UnitId {
        UnitId("foe".into())
    }

    fn my_turn(foe_mode: ReactionMode) -> Battle {
        let mut b = battle(DUEL, &[]);
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: foe() }));
        ok(
            &mut b,
            GameCommand::SetReactions(cmd::SetReactions {
                unit: foe(),
                mode: foe_mode,
            }),
        );
        b
    }

    /// Two squares away: a plain move that provokes (one square would be a guarded step).
    fn step_away(b: &Battle) -> GameCommand {
        crate::gui::intake::command::command_for(&Intent::MoveTo(Square::new(0, 2)), b.world()).expect("legal")
    }

    /// Issue #17: a reactor the computer plays is never asked, even set to ask (to the rules
    /// its `Ask` is `Always`); the command goes as it is and the reactor strikes.
    #[test]
    fn a_reactor_the_computer_plays_is_never_asked() {
        let text = DUEL.replace(
            r##"(id: "b", name: "Raiders", control: Human, colour: "#d03030")"##,
            r##"(id: "b", name: "Raiders", control: Ai, colour: "#d03030")"##,
        );
        let mut b = battle(&text, &[]);
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: foe() }));
        ok(
            &mut b,
            GameCommand::SetReactions(cmd::SetReactions {
                unit: foe(),
                mode: ReactionMode::Ask,
            }),
        );
        let command = step_away(&b);
        assert_eq!(gate(&b, &command, &[], &[]), Gate::Submit(command.clone()));
        let events = dry_run(&b, &command).expect("allowed");
        assert!(
            events
                .iter()
                .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) if *reactor == foe())),
            "the computer's reactor strikes"
        );
    }

    #[test]
    fn a_reactor_set_to_ask_is_asked_once_and_the_answer_goes_into_the_command() {
        let b = my_turn(ReactionMode::Ask);
        let command = step_away(&b);
        match gate(&b, &command, &[], &[]) {
            Gate::Ask { reactor, question } => {
                assert_eq!(reactor, foe());
                assert!(question.starts_with("Raiders: Gorn may strike Vex ("), "{question}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(gate(&b, &command, &[foe()], &[]), Gate::Submit(command.clone()));
        assert_eq!(
            gate(&b, &command, &[], &[foe()]),
            Gate::Submit(with_declines(command.clone(), &[foe()]))
        );
        // Always and Never are the rules' business: nobody is asked.
        for mode in [ReactionMode::Always, ReactionMode::Never] {
            let b = my_turn(mode);
            assert_eq!(gate(&b, &step_away(&b), &[], &[]), Gate::Submit(step_away(&b)));
        }
    }

    /// The intake (with this file's plugin) and the choice panel.
    fn headless(b: Battle) -> App {
        let mut app = crate::gui::testkit::battle_app(b);
        app.add_plugins(crate::gui::hud::panel::plugin);
        app.update();
        app
    }

    fn commands(app: &App) -> Vec<GameCommand> {
        app.world().resource::<Session>().battle.commands().to_vec()
    }

    /// The prompt flow headless: the move waits for the Raiders' answer; "decline" sends it
    /// as a `Decline`, and the log says the attack was passed up.
    #[test]
    fn the_prompt_holds_the_command_until_the_reacting_side_answers() {
        for take in [false, true] {
            let mut app = headless(my_turn(ReactionMode::Ask));
            let before = commands(&app).len();
            let step = step_away(&app.world().resource::<Session>().battle);
            app.world_mut().write_message(Intent::MoveTo(Square::new(0, 2)));
            app.update();
            assert_eq!(commands(&app).len(), before, "nothing sent yet");
            let panel = app.world().resource::<Panel>().0.clone().expect("the prompt");
            assert_eq!(panel.kind, PanelKind::Reaction);
            assert!(panel.title.contains("Gorn may strike Vex"), "{}", panel.title);
            assert_eq!(panel.options[1].key, KeyCode::KeyN);
            app.world_mut().write_message(Chosen {
                kind: PanelKind::Reaction,
                choice: Choice::React { reactor: foe(), take },
            });
            app.update();
            app.update();
            let sent = commands(&app);
            assert_eq!(sent.len(), before + 1);
            let expected = match take {
                true => step.clone(),
                false => with_declines(step.clone(), &[foe()]),
            };
            assert_eq!(sent.last(), Some(&expected));
            assert!(!app.world().resource::<Panel>().is_open());
            let events = &app
                .world()
                .resource::<Session>()
                .battle
                .log()
                .entries
                .last()
                .unwrap()
                .events;
            let declined = events
                .iter()
                .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AooDeclined { .. })));
            let attacked = events
                .iter()
                .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. })));
            assert_eq!((declined, attacked), (!take, take));
        }
    }

    #[test]
    fn esc_on_the_prompt_sends_nothing_and_the_settings_page_cycles_a_side() {
        let mut app = headless(my_turn(ReactionMode::Ask));
        let before = commands(&app).len();
        app.world_mut().write_message(Intent::MoveTo(Square::new(0, 2)));
        app.update();
        app.world_mut().write_message(Chosen {
            kind: PanelKind::Reaction,
            choice: Choice::Close,
        });
        app.update();
        app.update();
        assert_eq!(commands(&app).len(), before);
        assert!(!app.world().resource::<Panel>().is_open());

        let page = settings_page(app.world().resource::<Session>().battle.world());
        let raiders = page
            .options
            .iter()
            .find(|o| o.label.starts_with("Raiders"))
            .expect("listed");
        assert!(raiders.label.contains("asked each time"), "{}", raiders.label);
        assert_eq!(
            raiders.choice,
            Choice::SideReactions {
                side: SideId("b".into()),
                mode: ReactionMode::Never
            }
        );
        app.world_mut().write_message(Chosen {
            kind: PanelKind::ReactionSettings,
            choice: raiders.choice.clone(),
        });
        app.update();
        app.update();
        assert_eq!(
            commands(&app).last(),
            Some(&GameCommand::SetReactions(cmd::SetReactions {
                unit: foe(),
                mode: ReactionMode::Never
            }))
        );
        let world = app.world().resource::<Session>().battle.world();
        assert_eq!(side_mode(world, &SideId("b".into())), Some(ReactionMode::Never));
    }
}

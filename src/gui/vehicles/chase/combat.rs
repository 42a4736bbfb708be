//! The chase panel's combat-phase buttons (RULES.md CHS-16, CHS-17): for the unit whose turn
//! it is, one button per enemy vehicle engaged with its own: "Collide with X: DC n" for a
//! pilot (a standard action) and "Board X: DC n" for a passenger or gunner (a move action;
//! the rules refuse a gunner). The commands and their verdicts are the rules' options list's
//! (`chase::options::chase_combat_choices`), the DCs the rules' (`collision_dc`, `boarding_dc`); the
//! button sends the command the CLI takes.

use crate::rules::chase::{Chase, boarding_dc, collision_dc};
use crate::rules::cmd;
use crate::rules::options::{OptionKind, kind_option};
use crate::rules::{Combat, GameCommand};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// One combat-phase chase button: its label, the command it sends and the rules' verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatEntry {
    pub label: String,
    pub command: GameCommand,
    pub allowed: Result<(), String>,
}

/// The collide (pilot) or board (passenger) buttons of the active unit in the combat phase,
/// one per enemy vehicle engaged with its vehicle, as `rules::options` lists them; empty
/// otherwise. The label names the target and the rules' DC.
pub fn combat_entries(world: &World) -> Vec<CombatEntry> {
    let (Some(chase), Some(rules)) = (
        world.get_resource::<Chase>(),
        world.resource::<Ruleset>().chases.as_ref(),
    ) else {
        return Vec::new();
    };
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return Vec::new();
    };
    kind_option(world, &unit, OptionKind::ChaseCombat, None)
        .choices
        .into_iter()
        .filter_map(|choice| {
            let label = match &choice.command {
                GameCommand::Collide(cmd::Collide { target, .. }) => {
                    let e = chase.entry(target)?;
                    format!("Collide with {}: DC {}", e.vehicle.name, collision_dc(&e.vehicle))
                }
                // A gunner sees the button greyed with the rules' reason (only passengers board).
                GameCommand::BoardEngaged(cmd::BoardEngaged { vehicle, .. }) => {
                    let e = chase.entry(vehicle)?;
                    format!("Board {}: DC {}", e.vehicle.name, boarding_dc(rules, &e.vehicle))
                }
                _ => return None,
            };
            Some(CombatEntry {
                label,
                command: choice.command,
                allowed: choice.verdict,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::session::{Session, StatusLine};
    use crate::gui::testkit::redliner;
    use crate::gui::vehicles::chase::view::ChaseView;
    use crate::gui::vehicles::chase::{chase_app as headless, press};
    use crate::rules::UnitId;
    use crate::rules::check;
    use crate::ruleset::PilotAction;
    use crate::testing::{ok, pass_until_turn_of};
    use bevy::prelude::*;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// Round 1's combat phase with the buggy engaged with enercycle 1 (Buddy's engage: 15 + 8
    /// against KAC 12), Sssazza's turn; `more` are the dice after that.
    fn engaged(more: &[u32]) -> crate::history::Battle {
        let dice: Vec<u32> = [15].iter().chain(more).copied().collect();
        let mut b = redliner(&dice);
        ok(
            &mut b,
            GameCommand::PilotAction(cmd::PilotAction {
                unit: id("buddy"),
                action: PilotAction::Engage,
                target: Some(id("enercycle1")),
                double: false,
            }),
        );
        assert!(
            combat_entries(b.world()).is_empty(),
            "no buttons before the combat phase"
        );
        for pilot in ["ysoki1", "ysoki2"] {
            ok(&mut b, GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: id(pilot) }));
        }
        ok(&mut b, GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }));
        b
    }

    /// CHS-17: Buddy (the buggy's pilot, one pilot action taken) may collide with the engaged
    /// enercycle against its KAC 12; the unengaged enercycle 2 gets no button.
    #[test]
    fn chs_17_the_pilot_gets_a_collide_button_with_the_dc() {
        let mut b = engaged(&[]);
        pass_until_turn_of(&mut b, "buddy");
        let entries = combat_entries(b.world());
        assert_eq!(
            entries,
            vec![CombatEntry {
                label: "Collide with Basic enercycle 1: DC 12".into(),
                command: GameCommand::Collide(cmd::Collide {
                    unit: id("buddy"),
                    target: id("enercycle1"),
                }),
                allowed: Ok(()),
            }]
        );
    }

    /// CHS-16 headless: Sssazza's "Board Basic enercycle 1: DC 17" button (5 + KAC 12) sends
    /// the command a script would; aboard it, she can board the buggy back (5 + KAC 13) with
    /// her standard action, and after that the button is greyed with the rules' reason and
    /// pressing it sends nothing.
    #[test]
    fn chs_16_the_board_button_sends_the_cli_command() {
        let mut app = headless(engaged(&[17, 18]));
        press(&mut app, "Board Basic enercycle 1: DC 17");
        let script = GameCommand::BoardEngaged(cmd::BoardEngaged {
            unit: id("sssazza"),
            vehicle: id("enercycle1"),
            skill: None,
        });
        let commands = |app: &App| app.world().resource::<Session>().battle.commands().to_vec();
        assert_eq!(commands(&app).last(), Some(&script));
        let back = app.world().resource::<ChaseView>().combat.clone();
        assert_eq!(back.len(), 1);
        assert_eq!(
            (back[0].label.as_str(), back[0].allowed.clone()),
            ("Board Exploration buggy: DC 18", Ok(()))
        );
        press(&mut app, "Board Exploration buggy: DC 18");
        assert!(
            matches!(commands(&app).last(), Some(GameCommand::BoardEngaged(cmd::BoardEngaged { vehicle, .. })) if *vehicle == id("buggy"))
        );
        let sent = commands(&app).len();
        let again = app.world().resource::<ChaseView>().combat.clone();
        let why = check(app.world().resource::<Session>().battle.world(), &again[0].command)
            .expect_err("no action left")
            .to_string();
        assert_eq!(again[0].allowed, Err(why.clone()));
        press(&mut app, "Board Basic enercycle 1: DC 17");
        assert_eq!(commands(&app).len(), sent);
        let status = &app.world().resource::<StatusLine>().0;
        assert!(status.contains(&why), "{status}");
    }
}

//! The action bar of the active unit: the rules' verdict on each action (`state::action`),
//! with the chosen weapon, recomputed when the battle or the chosen weapon changes; a new turn
//! starts in move mode with the rules' pick of weapon.

use crate::gui::state::action::Action;
use crate::gui::state::mode::{Mode, WeaponChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::rules::{Combat, UnitId};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ActionBar>();
    app.add_systems(
        Update,
        derive_action_bar
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The rules' verdict on each action now (`unit`: the active unit), with the chosen weapon
/// (mounted on `mount`, VEH-20).
pub fn availability(
    world: &World,
    unit: Option<&UnitId>,
    weapon: Option<&str>,
    mount: Option<&UnitId>,
) -> Vec<(Action, Result<(), String>)> {
    Action::ALL
        .into_iter()
        .map(|action| (action, action.verdict(world, unit, weapon, mount)))
        .collect()
}

/// The action bar of the active unit, recomputed when the battle or the weapon changes.
#[derive(Resource, Debug, Default)]
pub struct ActionBar {
    /// The battle, the active unit and the weapon chosen (with its mount) it was made for.
    pub key: Option<(Revision, Option<UnitId>, WeaponChoice)>,
    pub entries: Vec<(Action, Result<(), String>)>,
}

impl ActionBar {
    pub fn allowed(&self, action: Action) -> Result<(), String> {
        self.entries
            .iter()
            .find(|(a, _)| *a == action)
            .map_or_else(|| Err("no turn is under way".into()), |(_, r)| r.clone())
    }
}

/// Recomputes the bar when the battle or the weapon changes; a new turn starts in move mode.
pub(in crate::gui) fn derive_action_bar(
    session: Res<Session>,
    revision: Res<Revision>,
    mut choice: ResMut<WeaponChoice>,
    mut mode: ResMut<Mode>,
    mut bar: ResMut<ActionBar>,
) {
    let world = session.battle.world();
    let active = world.resource::<Combat>().active.clone();
    if bar.key.as_ref().map(|k| &k.1) != Some(&active) {
        *mode = Mode::Move;
        choice.set_if_neq(WeaponChoice::default());
    }
    let weapon = choice.for_unit(active.as_ref());
    let mount = choice.mount_for(active.as_ref());
    let armed = WeaponChoice {
        unit: active.clone(),
        weapon: weapon.clone(),
        mount: mount.clone(),
    };
    let key = Some((*revision, active.clone(), armed));
    if bar.key == key {
        return;
    }
    bar.entries = availability(world, active.as_ref(), weapon.as_deref(), mount.as_ref());
    bar.key = key;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::intake::command::act_command;
    use crate::gui::state::intent::ActIntent;
    use crate::gui::testkit::{allowed, me, my_turn};
    use crate::rules::GameCommand;
    use crate::rules::check;
    use crate::rules::cmd;
    use crate::rules::options::any_allowed;
    use crate::testing::ok;

    #[test]
    fn the_bar_lists_what_the_rules_allow_and_why_not() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        assert_eq!(entries.len(), Action::ALL.len());
        for a in [
            Action::Move,
            Action::Attack,
            Action::FullAttack,
            Action::DropProne,
            Action::TotalDefense,
            Action::Delay,
            Action::EndTurn,
        ] {
            assert_eq!(allowed(&entries, a), Ok(()), "{a:?}");
        }
        let stand = allowed(&entries, Action::StandUp).expect_err("not prone");
        assert_eq!(
            stand,
            check(b.world(), &GameCommand::StandUp(cmd::StandUp { unit: me() }))
                .expect_err("same")
                .to_string()
        );

        // After an attack (a standard action) the full attack and another attack are refused
        // with the budget's reason; it can no longer delay.
        ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        let entries = availability(b.world(), Some(&me()), None, None);
        let full = GameCommand::FullAttack(cmd::FullAttack {
            unit: me(),
            targets: vec![UnitId("foe".into())],
            weapon: None,
            weapons: vec![],
            defensively: false,
        });
        assert_eq!(
            allowed(&entries, Action::FullAttack),
            Err(check(b.world(), &full).expect_err("spent").to_string())
        );
        assert!(allowed(&entries, Action::Attack).is_err());
        assert!(allowed(&entries, Action::Delay).is_err());
        assert_eq!(allowed(&entries, Action::EndTurn), Ok(()));
    }

    #[test]
    fn every_command_of_the_board_is_on_the_bar_with_the_rules_verdict() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        for a in [Action::Maneuver, Action::Ready, Action::Defensive] {
            // Each verdict is the rules' own: allowed, or their reason.
            let commands: Vec<GameCommand> = a
                .choices(b.world(), Some(&me()))
                .into_iter()
                .map(|c| c.command)
                .collect();
            assert!(!commands.is_empty(), "{a:?}");
            assert_eq!(allowed(&entries, a), any_allowed(b.world(), &commands, "-"), "{a:?}");
        }
        assert_eq!(allowed(&entries, Action::Ready), Ok(()));
        assert_eq!(allowed(&entries, Action::Maneuver), Ok(()));
        // starfinder fights defensively as part of an attack: the rules' refusal is shown.
        assert!(allowed(&entries, Action::Defensive).is_err());
        // The foe is adjacent: a charge needs room, and says so.
        let charge = allowed(&entries, Action::Charge).expect_err("too close");
        assert!(!charge.is_empty());
        assert_eq!(allowed(&entries, Action::ActNow), Err("nobody is delaying".into()));
        assert_eq!(
            allowed(&entries, Action::FireReadied),
            Err("nobody has readied an action".into())
        );
        assert!(allowed(&entries, Action::Proceed).is_err());

        // me delays: the window opens; act now and proceed are offered, with no active unit.
        ok(&mut b, GameCommand::Delay(cmd::Delay { unit: me() }));
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("foe".into()),
            }),
        );
        if b.world().resource::<Combat>().window.is_some() {
            let entries = availability(b.world(), None, None, None);
            assert_eq!(allowed(&entries, Action::ActNow), Ok(()));
            assert_eq!(allowed(&entries, Action::Proceed), Ok(()));
            assert!(allowed(&entries, Action::Attack).is_err());
            assert_eq!(
                act_command(&ActIntent::Do(Action::ActNow), None, b.world()),
                Ok(GameCommand::ActNow(cmd::ActNow { unit: me() }))
            );
        }
    }
}

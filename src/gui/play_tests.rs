//! End-to-end tests of the window's folders played together: keys on the HUD's action bar, a
//! click on the board, the views between them and the command the battle takes (what no one
//! folder's tests can drive alone, since the folders never import one another).

use crate::grid::Square;
use crate::gui::board::input::click_intent;
use crate::gui::hud::arms::SWITCH_TARGET;
use crate::gui::intake::command::act_command;
use crate::gui::state::hover::Hover;
use crate::gui::state::intent::ActIntent;
use crate::gui::state::mode::{Mode, TargetPick, WeaponChoice};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::testkit::{battle_app, click, my_turn, tap_key as tap};
use crate::gui::views::attack::{AttackView, click_mode, preview_lines};
use crate::history::Battle;
use crate::rules::attack::action::preview_mounted_attack;
use crate::rules::{GameCommand, UnitId, cmd};
use crate::testing::{battle, pass_until_turn_of};
use bevy::prelude::*;

const BUGGY_RAID: &str = include_str!("../../scenarios/starfinder_buggy_raid.ron");

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

fn turn_of(unit: &str) -> Battle {
    let mut b = battle(BUGGY_RAID, &[]);
    pass_until_turn_of(&mut b, unit);
    b
}

fn json(p: &crate::rules::attack::action::AttackPreview) -> serde_json::Value {
    serde_json::to_value(p).expect("serializes")
}

/// The battle screen's keys and clicks: the action bar and its keys, the weapon and target
/// keys, the choice panel, the board's clicks, the attack preview, one frame in.
fn headless(b: Battle) -> App {
    let mut app = battle_app(b);
    app.add_plugins((
        crate::gui::views::plugin,
        crate::gui::hud::actions::plugin,
        crate::gui::hud::arms::plugin,
        crate::gui::hud::panel::plugin,
        crate::gui::board::input::plugin,
        crate::gui::hud::attack::plugin,
    ));
    app.update();
    app
}

fn last_command(app: &App) -> Option<GameCommand> {
    app.world().resource::<Session>().battle.commands().last().cloned()
}

/// VEH-20 end to end: in attack mode Tab reaches the buggy's roof laser, the panel shows
/// the rules' mounted preview (`query attack --mount`), a click fires it with `mount`.
#[test]
fn veh_20_the_gunner_tabs_to_the_roof_laser_previews_it_and_fires_it() {
    let mut app = headless(turn_of("sssazza"));
    tap(&mut app, KeyCode::Digit2);
    assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
    tap(&mut app, KeyCode::Tab);
    tap(&mut app, KeyCode::Tab);
    let choice = app.world().resource::<WeaponChoice>().clone();
    assert_eq!(choice.weapon.as_deref(), Some("Roof laser"));
    assert_eq!(choice.mount, Some(id("buggy")));
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "Weapon: Roof laser (Exploration buggy) | Tab cycles"
    );
    let goblin = Square::new(13, 3);
    app.world_mut().resource_mut::<Hover>().0 = Some(goblin);
    app.update();
    assert_eq!(app.world().resource::<StatusLine>().0, "", "the hover's preview shows");
    {
        let world = app.world();
        let battle = world.resource::<Session>().battle.world();
        let hover = world.resource::<AttackView>().hover.clone().expect("the goblin");
        let rules = preview_mounted_attack(
            battle,
            &id("sssazza"),
            &id("buggy"),
            &id("goblin_1"),
            Some("Roof laser"),
        )
        .expect("a gunner fires the laser");
        assert_eq!(json(hover.preview.as_ref().expect("legal")), json(&rules));
        let lines = preview_lines(battle, &hover, false);
        assert_eq!(
            lines[1],
            format!("Roof laser (Exploration buggy): attack {:+}", rules.attack_bonus)
        );
    }
    click(&mut app, goblin);
    assert_eq!(
        last_command(&app),
        Some(GameCommand::Attack(cmd::Attack {
            unit: id("sssazza"),
            target: id("goblin_1"),
            weapon: Some("Roof laser".into()),
            defensively: false,
            mount: Some(id("buggy")),
        }))
    );
    // Charge mode goes back to the rules' pick: mounted weapons fire in single attacks.
    tap(&mut app, KeyCode::Digit4);
    assert_eq!(*app.world().resource::<Mode>(), Mode::Charge);
    let choice = app.world().resource::<WeaponChoice>();
    assert_eq!((choice.weapon.clone(), choice.mount.clone()), (None, None));
}

/// VEH-20: a full attack with a mounted weapon previews the rules' refusal of the very
/// command a click would send (a single attack fires it).
#[test]
fn veh_20_a_full_attack_with_a_mounted_weapon_previews_the_rules_refusal() {
    let mut app = headless(turn_of("sssazza"));
    tap(&mut app, KeyCode::Digit3);
    assert_eq!(*app.world().resource::<Mode>(), Mode::FullAttack);
    app.world_mut()
        .resource_mut::<WeaponChoice>()
        .clone_from(&WeaponChoice {
            unit: Some(id("sssazza")),
            weapon: Some("Roof laser".into()),
            mount: Some(id("buggy")),
        });
    app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(13, 3));
    app.update();
    let world = app.world();
    let battle = world.resource::<Session>().battle.world();
    let intent = ActIntent::AttackAt {
        at: Square::new(13, 3),
        weapon: Some("Roof laser".into()),
        full: true,
        mount: Some(id("buggy")),
        pick: 0,
    };
    let command = act_command(&intent, Some(id("sssazza")), battle).expect("a command");
    let why = crate::rules::check(battle, &command)
        .expect_err("not supported")
        .to_string();
    let hover = world.resource::<AttackView>().hover.clone().expect("the goblin");
    assert_eq!(hover.preview.as_ref().expect_err("refused"), &why);
}

/// VEH-20: the pilot's roof laser is shown with the rules' reason in the preview, and a
/// click sends nothing the rules refuse.
#[test]
fn veh_20_a_mounted_weapon_the_rules_refuse_the_pilot_previews_their_reason() {
    let mut app = headless(turn_of("buddy"));
    tap(&mut app, KeyCode::Digit2);
    app.world_mut()
        .resource_mut::<WeaponChoice>()
        .clone_from(&WeaponChoice {
            unit: Some(id("buddy")),
            weapon: Some("Roof laser".into()),
            mount: Some(id("buggy")),
        });
    app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(13, 3));
    app.update();
    let world = app.world();
    let why = preview_mounted_attack(
        world.resource::<Session>().battle.world(),
        &id("buddy"),
        &id("buggy"),
        &id("goblin_1"),
        Some("Roof laser"),
    )
    .expect_err("not tied to the controls")
    .to_string();
    let hover = world.resource::<AttackView>().hover.clone().expect("the goblin");
    assert_eq!(hover.preview.as_ref().expect_err("refused"), &why);
    let before = last_command(&app);
    click(&mut app, Square::new(13, 3));
    assert_eq!(last_command(&app), before, "refused");
}

/// The switch key aims at the vehicle on a shared square; the click attacks it.
#[test]
fn x_switches_the_target_from_the_rider_to_its_vehicle() {
    let mut app = headless(turn_of("goblin_1"));
    let at = Square::new(3, 5);
    app.world_mut().resource_mut::<Hover>().0 = Some(at);
    app.update();
    // In move mode X aims at nothing.
    tap(&mut app, SWITCH_TARGET);
    assert_eq!(app.world().resource::<TargetPick>().index, 0);
    assert_eq!(app.world().resource::<StatusLine>().0, "");
    tap(&mut app, KeyCode::Digit2);
    let target = |app: &App| {
        app.world()
            .resource::<AttackView>()
            .hover
            .as_ref()
            .map(|h| h.target.clone())
    };
    assert_eq!(target(&app), Some(id("buddy")));
    tap(&mut app, SWITCH_TARGET);
    assert_eq!(target(&app), Some(id("buggy")));
    assert_eq!(app.world().resource::<StatusLine>().0, "Target: Exploration buggy");
    let hover = app.world().resource::<AttackView>().hover.clone().expect("the buggy");
    assert!(hover.preview.is_ok(), "{:?}", hover.preview);
    click(&mut app, at);
    let commands = app.world().resource::<Session>().battle.commands().to_vec();
    assert!(
        matches!(commands.last(), Some(GameCommand::Attack(cmd::Attack { target, .. })) if *target == id("buggy")),
        "{commands:?}"
    );
    // Moving the hover away and back aims at the rider again; the line leaves.
    app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(10, 10));
    app.update();
    assert_eq!(app.world().resource::<StatusLine>().0, "");
    tap(&mut app, KeyCode::Digit2);
    app.world_mut().resource_mut::<Hover>().0 = Some(at);
    app.update();
    assert_eq!(target(&app), Some(id("buddy")));
}

/// Issue #18: in move mode, hovering a foe previews the attack (not "Cannot move there"),
/// and a click attacks it; an empty square is still a move.
#[test]
fn in_move_mode_a_hovered_foe_offers_the_attack_and_a_click_attacks() {
    let mut app = headless(my_turn());
    assert_eq!(*app.world().resource::<Mode>(), Mode::Move);
    let foe = Square::new(3, 2);
    app.world_mut().resource_mut::<Hover>().0 = Some(foe);
    app.update();
    let view = app.world().resource::<AttackView>();
    let shown = view.hover.clone().expect("the foe previewed in move mode");
    assert_eq!(shown.target, UnitId("foe".into()));
    let world = app.world().resource::<Session>().battle.world();
    let line = crate::gui::hud::status::move_mode_attack_line(world, &shown);
    assert!(line.contains("click to attack"), "{line}");
    assert!(!line.contains("Cannot move"), "{line}");
    let clicked = click_mode(Mode::Move, Some(foe), view);
    assert_eq!(clicked, Mode::Attack);
    assert_eq!(
        click_mode(Mode::Move, Some(Square::new(8, 6)), view),
        Mode::Move,
        "another square is a move"
    );
    let intent = click_intent(Hover(Some(foe)), clicked, false, None, None, 0).expect("an intent");
    app.world_mut().write_message(intent);
    app.update();
    let commands = app.world().resource::<Session>().battle.commands().to_vec();
    assert!(matches!(commands.last(), Some(GameCommand::Attack(_))), "{commands:?}");
    // An empty square in move mode has no attack view.
    app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(8, 6));
    app.update();
    assert!(app.world().resource::<AttackView>().hover.is_none());
    // The standard action spent, the foe's square says why no attack (no stale preview),
    // still not a move, and a click sends the attack for the rules to refuse.
    app.world_mut().resource_mut::<Hover>().0 = Some(foe);
    app.update();
    let view = app.world().resource::<AttackView>();
    assert!(view.hover.is_none(), "no preview once the attack is spent");
    let said = view.refusal.clone().expect("why no attack");
    assert!(said.contains("no attack now: "), "{said}");
    assert!(!said.contains("Cannot move"), "{said}");
    assert_eq!(click_mode(Mode::Move, Some(foe), view), Mode::Attack);
}

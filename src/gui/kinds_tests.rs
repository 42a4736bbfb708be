//! Issue #25 items 1 and 5: every kind of command the rules' options list allows can be given
//! through the window. The kinds the action bar has no entry for are in "More actions" (Q),
//! filled from `rules::options`; each of the ten that had no way in (withdraw, coup de grace,
//! autofire, cast spell, covering and harrying fire, aid another, suppress, break free, pick
//! up) is given here through the window's own keys and clicks, and the accepted command
//! checked; and for every kind the rules allow in a spread of positions (these and each
//! shipped scenario's first turns), the bar or "More actions" gives an allowed command for it.

use crate::grid::{Direction8, Intersection, Square};
use crate::gui::hud::actions::more::{KindPicked, pick_kind, pick_spell};
use crate::gui::intake::command::option_command;
use crate::gui::state::action::{Action, more_kinds, on_the_bar};
use crate::gui::state::hover::HoverCorner;
use crate::gui::state::mode::Mode;
use crate::gui::state::panel::{Choice, Panel, PanelKind};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::testkit::{battle_app, tap_key};
use crate::gui::views::bar::availability;
use crate::history::Battle;
use crate::rules::options::{self, MapAim, MapPoint, OptionKind, aims_of};
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, GameCommand, Maneuver, MoveMode, UnitId, check, cmd};
use crate::testing::{battle, ok};
use bevy::prelude::*;

/// starfinder: ann (blade, pistol, Fireball, Cone of Cold) between bob (next to her, east) and
/// hal (helpless, north); cat her ally to the south; dee far off. ann acts first.
const CASTER: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 6), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 2), speed: (land: 30), initiative: 30, level: 3, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         saves: (fortitude: 2, reflex: 2, will: 2),
         weapons: [(name: "Blade", kind: Melee, attack: 6, damage: "1d6", damage_types: [Slashing]),
                   (name: "Pistol", kind: Ranged, attack: 6, damage: "1d6", damage_types: [Piercing], range_increment: 30)],
         spells: [(name: "Fireball", uses: Some(1), effect: Some((area: (shape: Burst, size_ft: 10), damage: "2d6", damage_types: [Fire], save_dc: 15, range_ft: Some(60)))),
                  (name: "Cone of Cold", effect: Some((area: (shape: Cone, size_ft: 15), damage: "1d6", damage_types: [Cold], save_dc: 15)))]),
        (id: "cat", side: "a", at: (2, 4), speed: (land: 30), initiative: 1, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 6, damage: "1d6", damage_types: [Slashing])]),
        (id: "bob", side: "b", at: (3, 2), speed: (land: 30), initiative: 5, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         saves: (fortitude: 2, reflex: 2, will: 2),
         weapons: [(name: "Blade", kind: Melee, attack: 6, damage: "1d6", damage_types: [Slashing])]),
        (id: "hal", side: "b", at: (2, 1), speed: (land: 30), initiative: 4, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         saves: (fortitude: 2, reflex: 2, will: 2), conditions: [Helpless]),
        (id: "dee", side: "b", at: (9, 2), speed: (land: 30), initiative: 3, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         saves: (fortitude: 2, reflex: 2, will: 2),
         weapons: [(name: "Blade", kind: Melee, attack: 6, damage: "1d6", damage_types: [Slashing])]),
    ])"##;

/// saga: tess (an autofire carbine and a knife) next to the foe fox, her ally val beside
/// her; tess acts first.
const TROOPERS: &str = r##"Scenario(version: 1, name: "t", ruleset: "saga",
    map: (size: (12, 6), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "tess", side: "a", at: (2, 2), speed: (land: 30), initiative: 30, defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40),
         weapons: [(name: "Carbine", kind: Ranged, attack: 6, damage: "3d8", damage_types: [Energy], autofire: true, range_bands: (point_blank: 4, short: 8, medium: 16, long: 32)),
                   (name: "Knife", kind: Melee, attack: 6, damage: "1d4", damage_types: [Piercing], light: true)]),
        (id: "val", side: "a", at: (2, 3), speed: (land: 30), initiative: 1, defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40),
         weapons: [(name: "Knife", kind: Melee, attack: 6, damage: "1d4", damage_types: [Piercing], light: true)]),
        (id: "fox", side: "b", at: (3, 2), speed: (land: 30), initiative: 5, defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40),
         weapons: [(name: "Knife", kind: Melee, attack: 6, damage: "1d4", damage_types: [Piercing], light: true)]),
        (id: "gus", side: "b", at: (8, 2), speed: (land: 30), initiative: 4, defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40),
         weapons: [(name: "Knife", kind: Melee, attack: 6, damage: "1d4", damage_types: [Piercing], light: true)]),
    ])"##;

/// saga: ann grabs bob (d20 10 + 7 − 5 = 12 against Reflex 12, 004:493-499); bob's turn.
const GRAB: &str = r##"Scenario(version: 1, name: "t", ruleset: "saga",
    map: (size: (8, 5), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), initiative: 20, bab: 5, abilities: (str: 2), feats: [MartialArts1],
         defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40), weapons: []),
        (id: "bob", side: "b", at: (3, 0), speed: (land: 30), initiative: 1, defenses: (reflex: 12, fortitude: 10, will: 10), health: (hp: 40),
         weapons: [(name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])]),
    ])"##;

/// starfinder: ann knocks bob's blade out of his hand (d20 12 + 10 against KAC 12 + 8), then
/// it is bob's turn with his blade on the ground beside him.
const DISARMED: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (8, 5), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), initiative: 20, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 10, damage: "1d6", damage_types: [Slashing])]),
        (id: "bob", side: "b", at: (3, 0), speed: (land: 30), initiative: 1, defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 10, damage: "1d6", damage_types: [Slashing])]),
    ])"##;

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

/// The battle screen's keys, lists and clicks, one frame in.
fn headless(b: Battle) -> App {
    let mut app = battle_app(b);
    app.add_plugins((
        crate::gui::views::plugin,
        crate::gui::hud::actions::plugin,
        crate::gui::hud::arms::plugin,
        crate::gui::hud::panel::plugin,
        crate::gui::board::input::plugin,
    ));
    app.update();
    app
}

fn last_command(app: &App) -> Option<GameCommand> {
    app.world().resource::<Session>().battle.commands().last().cloned()
}

fn panel(app: &App) -> crate::gui::state::panel::PanelSpec {
    app.world().resource::<Panel>().0.clone().expect("a list is open")
}

/// Presses the key of the open list's option that `is` picks out.
fn press_option(app: &mut App, is: impl Fn(&Choice) -> bool) {
    let list = panel(app);
    let option = list
        .options
        .iter()
        .find(|o| is(&o.choice))
        .unwrap_or_else(|| panic!("no such option in {list:?}"));
    assert_eq!(option.allowed, Ok(()), "{}", option.label);
    tap_key(app, option.key);
}

/// Q opens "More actions"; the kind's key picks it.
fn pick_from_more(app: &mut App, kind: OptionKind) {
    tap_key(app, Action::More.key());
    assert_eq!(panel(app).kind, PanelKind::More);
    press_option(app, |c| *c == Choice::Kind(kind));
}

/// Points at `square` and its corner `corner`, then clicks.
fn click_at(app: &mut App, square: Square, corner: Intersection) {
    app.world_mut().resource_mut::<HoverCorner>().0 = Some(corner);
    crate::gui::testkit::click(app, square);
}

/// The command the battle took last, after a check that the window gave it (the status line
/// has no refusal).
fn accepted(app: &App) -> GameCommand {
    let said = app.world().resource::<StatusLine>().0.clone();
    assert!(!said.starts_with("Not possible"), "{said}");
    last_command(app).expect("a command was accepted")
}

/// §5.9 withdraw: Q, the withdraw's key, a click on a square two away: a `Move` in withdraw
/// mode, which leaves bob's reach without provoking him.
#[test]
fn withdraw_is_given_from_more_actions_with_a_click() {
    let mut app = headless(battle(CASTER, &[]));
    pick_from_more(&mut app, OptionKind::Withdraw);
    assert_eq!(*app.world().resource::<Mode>(), Mode::Option(OptionKind::Withdraw));
    click_at(&mut app, Square::new(0, 3), Intersection::new(0, 3));
    match accepted(&app) {
        GameCommand::Move(m) => assert_eq!(
            (m.unit, m.to, m.mode),
            (id("ann"), Square::new(0, 3), MoveMode::Withdraw)
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(*app.world().resource::<Mode>(), Mode::Move, "the action is spent");
}

/// §4.3.1 coup de grace: a click on helpless hal.
#[test]
fn coup_de_grace_is_given_from_more_actions_on_a_helpless_foe() {
    let mut app = headless(battle(CASTER, &[]));
    pick_from_more(&mut app, OptionKind::CoupDeGrace);
    click_at(&mut app, Square::new(2, 1), Intersection::new(2, 1));
    assert!(
        matches!(accepted(&app), GameCommand::CoupDeGrace(c) if c.target == id("hal")),
        "{:?}",
        last_command(&app)
    );
}

/// §19 cast a spell: Q, cast spell, Fireball from the spell list, a click on a corner by dee.
#[test]
fn a_spell_is_picked_then_aimed_at_a_corner() {
    let mut app = headless(battle(CASTER, &[]));
    pick_from_more(&mut app, OptionKind::CastSpell);
    assert_eq!(panel(&app).title, "Cast which spell? (Esc: close)");
    press_option(&mut app, |c| *c == Choice::Spell("Fireball".into()));
    assert_eq!(*app.world().resource::<Mode>(), Mode::Option(OptionKind::CastSpell));
    click_at(&mut app, Square::new(9, 2), Intersection::new(9, 2));
    match accepted(&app) {
        GameCommand::CastSpell(c) => {
            assert_eq!((c.spell.as_str(), c.at), ("Fireball", Some(Intersection::new(9, 2))));
        }
        other => panic!("{other:?}"),
    }
}

/// §4.3.1 covering fire (001:858-864): a click on the ally cat.
#[test]
fn covering_fire_is_aimed_at_an_ally() {
    let mut app = headless(battle(CASTER, &[]));
    pick_from_more(&mut app, OptionKind::CoveringFire);
    click_at(&mut app, Square::new(2, 4), Intersection::new(2, 4));
    assert!(
        matches!(accepted(&app), GameCommand::CoveringFire(c) if c.ally == id("cat")),
        "{:?}",
        last_command(&app)
    );
    // Its roll floats over the ally it covers, as other attacks' results do.
    let battle = &app.world().resource::<Session>().battle;
    let events = &battle.log().entries.last().expect("logged").events;
    let shown = crate::gui::board::feedback::feedback(events);
    assert!(
        shown
            .iter()
            .any(|f| f.unit == id("cat") && f.headline.starts_with("Covering fire: ")),
        "{shown:?}"
    );
}

/// §4.3.1 harrying fire (001:900-905): a click on the foe dee.
#[test]
fn harrying_fire_is_aimed_at_a_foe() {
    let mut app = headless(battle(CASTER, &[]));
    pick_from_more(&mut app, OptionKind::HarryingFire);
    click_at(&mut app, Square::new(9, 2), Intersection::new(9, 2));
    assert!(
        matches!(accepted(&app), GameCommand::HarryingFire(c) if c.target == id("dee")),
        "{:?}",
        last_command(&app)
    );
}

/// AREA-SG-5 saga autofire: a click on the corner at fox's top-left fires at the 2 × 2 area
/// around it.
#[test]
fn autofire_is_aimed_at_the_area_around_a_corner() {
    let mut app = headless(battle(TROOPERS, &[]));
    pick_from_more(&mut app, OptionKind::Autofire);
    click_at(&mut app, Square::new(8, 2), Intersection::new(8, 2));
    match accepted(&app) {
        GameCommand::Autofire(a) => assert_eq!((a.weapon.as_str(), a.at), ("Carbine", Square::new(7, 1))),
        other => panic!("{other:?}"),
    }
}

/// §4.3.1 saga aid another (004:371-373): a click on the ally val aids her against fox, the
/// one foe in reach.
#[test]
fn aid_another_is_aimed_at_the_ally_helped() {
    let mut app = headless(battle(TROOPERS, &[]));
    pick_from_more(&mut app, OptionKind::AidAnother);
    click_at(&mut app, Square::new(2, 3), Intersection::new(2, 3));
    assert!(
        matches!(accepted(&app), GameCommand::AidAnother(a) if a.ally == id("val") && a.target == id("fox")),
        "{:?}",
        last_command(&app)
    );
}

/// §4.3.1 saga suppress (004:374-377): a click on fox.
#[test]
fn suppress_is_aimed_at_a_foe() {
    let mut app = headless(battle(TROOPERS, &[]));
    pick_from_more(&mut app, OptionKind::Suppress);
    click_at(&mut app, Square::new(3, 2), Intersection::new(3, 2));
    assert!(
        matches!(accepted(&app), GameCommand::Suppress(s) if s.target == id("fox")),
        "{:?}",
        last_command(&app)
    );
}

/// §4.4 saga break free (004:497-499): grabbed bob picks it from "More actions"; it has no
/// aim, so its one command is sent.
#[test]
fn break_free_is_sent_from_more_actions() {
    let mut b = battle(GRAB, &[20, 1, 10, 15]);
    ok(
        &mut b,
        GameCommand::Maneuver(cmd::Maneuver {
            unit: id("ann"),
            target: id("bob"),
            maneuver: Maneuver::Grab,
            weapon: None,
        }),
    );
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("ann") }));
    // saga's break free needs no check: the preview says the hold simply ends.
    let shown = crate::gui::views::option_aim::choice_preview(
        b.world(),
        &GameCommand::BreakFree(cmd::BreakFree {
            unit: id("bob"),
            from: Vec::new(),
        }),
    );
    assert_eq!(shown.lines, vec!["Ends the hold of ann".to_string()]);
    let mut app = headless(b);
    pick_from_more(&mut app, OptionKind::BreakFree);
    assert!(
        matches!(accepted(&app), GameCommand::BreakFree(f) if f.unit == id("bob")),
        "{:?}",
        last_command(&app)
    );
}

/// §4.4 starfinder disarm, then picking the weapon back up (a move action): the item from
/// "More actions".
#[test]
fn pick_up_is_sent_from_more_actions() {
    let mut b = battle(DISARMED, &[20, 1, 12]);
    ok(
        &mut b,
        GameCommand::Maneuver(cmd::Maneuver {
            unit: id("ann"),
            target: id("bob"),
            maneuver: Maneuver::Disarm {
                item: None,
                catch: false,
            },
            weapon: None,
        }),
    );
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("ann") }));
    let mut app = headless(b);
    pick_from_more(&mut app, OptionKind::PickUp);
    assert!(
        matches!(accepted(&app), GameCommand::PickUp(p) if p.unit == id("bob")),
        "{:?}",
        last_command(&app)
    );
}

/// "More actions" lists the kinds the bar lacks that have commands, refused ones greyed with the
/// rules' reason (a greyed one picked says why instead of acting); kinds the family does not
/// have and kinds with nothing to choose are left out.
#[test]
fn more_actions_greys_a_refused_kind_with_the_rules_reason() {
    let mut app = headless(battle(TROOPERS, &[]));
    tap_key(&mut app, Action::More.key());
    let list = panel(&app);
    let listed: Vec<Choice> = list.options.iter().map(|o| o.choice.clone()).collect();
    let world = app.world().resource::<Session>().battle.world();
    let offered: Vec<Choice> = more_kinds(world, &id("tess")).into_iter().map(Choice::Kind).collect();
    assert!(
        listed.iter().all(|c| offered.contains(c)),
        "the list is the rules' kinds the bar lacks"
    );
    for kind in [
        OptionKind::Withdraw,
        OptionKind::Autofire,
        OptionKind::AidAnother,
        OptionKind::Suppress,
    ] {
        assert!(listed.contains(&Choice::Kind(kind)), "{kind:?} in {listed:?}");
    }
    // What saga's rules do not have, and what tess has nothing to choose for, is left out.
    for kind in [
        OptionKind::CoveringFire,
        OptionKind::CastSpell,
        OptionKind::PickUp,
        OptionKind::PilotAction,
    ] {
        assert!(!listed.contains(&Choice::Kind(kind)), "{kind:?} in {listed:?}");
    }
    // Coup de grace is refused: no foe is helpless.
    let refused = list
        .options
        .iter()
        .find(|o| o.allowed.is_err())
        .expect("a kind is refused (no foe is helpless for a coup de grace)");
    let why = refused.allowed.clone().expect_err("greyed");
    tap_key(&mut app, refused.key);
    assert_eq!(app.world().resource::<StatusLine>().0, why);
    assert!(last_command(&app).is_none());
}

/// The point on a command's first aim: a unit's top-left square, a square (as the corner
/// whose 2 × 2 area it starts), or a corner in its direction.
fn point_on(world: &World, aim: &MapAim) -> MapPoint {
    match aim {
        MapAim::Unit(u) => {
            let at = space_of(world, u).expect("placed").at;
            MapPoint {
                square: at,
                corner: Intersection::new(at.x, at.y),
                dir: Direction8::E,
            }
        }
        MapAim::Square(s) => MapPoint {
            square: *s,
            corner: Intersection::new(s.x + 1, s.y + 1),
            dir: Direction8::E,
        },
        MapAim::Corner { at, dir } => MapPoint {
            square: Square::new(at.i, at.j),
            corner: *at,
            dir: dir.unwrap_or(Direction8::E),
        },
    }
}

/// Whether the window gives an allowed command of `kind` for `unit`: through the bar's entry
/// that stands for it, or "More actions" (aimed at the point of one of the rules' allowed
/// choices, a list's allowed option, or the one command it sends).
fn window_gives(world: &World, unit: &UnitId, kind: OptionKind) -> Result<(), String> {
    if on_the_bar(kind) {
        let action = match kind {
            OptionKind::Maneuver(_) => Action::Maneuver,
            OptionKind::Vehicle(_) => Action::Vehicle,
            _ => *Action::ALL
                .iter()
                .find(|a| a.kinds().contains(&kind))
                .expect("on the bar"),
        };
        return availability(world, Some(unit), None, None)
            .into_iter()
            .find(|(a, _)| *a == action)
            .map_or_else(|| Err(format!("{action:?} missing")), |(_, v)| v);
    }
    assert!(more_kinds(world, unit).contains(&kind), "{kind:?} is in More actions");
    let allowed_at = |kind: OptionKind, spell: Option<&str>| -> Result<(), String> {
        let option = options::kind_option(world, unit, kind, None);
        let choice = option
            .choices
            .iter()
            .find(|c| {
                c.allowed()
                    && match (&c.command, spell) {
                        (GameCommand::CastSpell(cast), Some(s)) => cast.spell == s,
                        _ => true,
                    }
            })
            .ok_or_else(|| format!("{kind:?}: no allowed choice"))?;
        let aim = aims_of(&choice.command).into_iter().next().ok_or("no aim")?;
        let point = point_on(world, &aim);
        let command = option_command(world, unit, kind, &point, None, spell, 0)?;
        check(world, &command).map_err(|e| format!("{command:?}: {e}"))
    };
    match pick_kind(world, unit, kind, None)? {
        KindPicked::Aim(kind) => allowed_at(kind, None),
        KindPicked::Send(command) => check(world, &command).map_err(|e| e.to_string()),
        KindPicked::List(list) => {
            let option = list
                .options
                .iter()
                .find(|o| o.allowed.is_ok())
                .ok_or_else(|| format!("{kind:?}: nothing allowed in {list:?}"))?;
            match &option.choice {
                Choice::Command(command) => check(world, command).map_err(|e| e.to_string()),
                Choice::Spell(spell) => match pick_spell(world, unit, spell) {
                    KindPicked::Send(command) => check(world, &command).map_err(|e| e.to_string()),
                    _ => allowed_at(OptionKind::CastSpell, Some(spell)),
                },
                other => Err(format!("{other:?}")),
            }
        }
    }
}

/// Every kind the rules allow the active unit in each position, given through the window.
fn every_allowed_kind_is_given(b: &Battle, seen: &mut std::collections::BTreeSet<OptionKind>) {
    let world = b.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    for kind in options::kinds(world, &unit) {
        if options::verdict(world, &unit, kind, None).is_err() {
            continue;
        }
        if let Err(why) = window_gives(world, &unit, kind) {
            panic!("{unit}: {kind:?} is allowed but the window does not give it: {why}");
        }
        seen.insert(kind);
    }
}

/// Acceptance of issue #25: for each kind of `OptionKind` the rules allow, in these positions
/// and the first turns of every shipped scenario, the window gives an allowed command of it.
#[test]
fn every_kind_the_rules_allow_is_given_through_the_window() {
    let mut seen = std::collections::BTreeSet::new();
    for text in [CASTER, TROOPERS] {
        every_allowed_kind_is_given(&battle(text, &[]), &mut seen);
    }
    let mut grabbed = battle(GRAB, &[20, 1, 10, 15]);
    ok(
        &mut grabbed,
        GameCommand::Maneuver(cmd::Maneuver {
            unit: id("ann"),
            target: id("bob"),
            maneuver: Maneuver::Grab,
            weapon: None,
        }),
    );
    ok(&mut grabbed, GameCommand::EndTurn(cmd::EndTurn { unit: id("ann") }));
    every_allowed_kind_is_given(&grabbed, &mut seen);
    let shipped = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).expect("scenarios/");
    for file in shipped {
        let text = std::fs::read_to_string(file.expect("a file").path()).expect("readable");
        let mut b = battle(&crate::testing::hot_seat(&text), &[]);
        for _ in 0..3 {
            every_allowed_kind_is_given(&b, &mut seen);
            let Some(unit) = b.world().resource::<Combat>().active.clone() else {
                break;
            };
            if b.submit(GameCommand::EndTurn(cmd::EndTurn { unit })).is_err() {
                break;
            }
        }
    }
    for kind in [
        OptionKind::Withdraw,
        OptionKind::CoupDeGrace,
        OptionKind::Autofire,
        OptionKind::CastSpell,
        OptionKind::CoveringFire,
        OptionKind::HarryingFire,
        OptionKind::AidAnother,
        OptionKind::Suppress,
        OptionKind::BreakFree,
    ] {
        assert!(seen.contains(&kind), "{kind:?} was tried: {seen:?}");
    }
}

/// The aim previews what the rules preview (issue #25 item 1): a withdraw's path and that
/// leaving its first square provokes no one (§5.9), a spell's template with each creature's
/// save (AREA-5), autofire's area with the odds against each one caught (AREA-SG-5), a coup
/// de grace's automatic critical, the save against death and who it provokes first (AOO-1), a
/// support action's roll and what a hit gives.
#[test]
fn each_aim_previews_the_rules_numbers() {
    use crate::gui::views::option_aim::{option_hover, option_line};
    let point = |x: i32, y: i32| MapPoint {
        square: Square::new(x, y),
        corner: Intersection::new(x, y),
        dir: Direction8::E,
    };
    let b = battle(CASTER, &[]);
    let w = b.world();
    let ann = id("ann");
    let withdraw = option_hover(w, &ann, OptionKind::Withdraw, point(0, 3), None, None, 0);
    assert_eq!(
        withdraw.preview.squares.last(),
        Some(&Square::new(0, 3)),
        "{withdraw:?}"
    );
    assert!(
        withdraw
            .preview
            .lines
            .iter()
            .any(|l| l == "Leaving (2, 2) provokes no one (withdraw, §5.9)"),
        "{:?}",
        withdraw.preview.lines
    );
    let spell = option_hover(w, &ann, OptionKind::CastSpell, point(9, 2), None, Some("Fireball"), 0);
    assert!(spell.preview.squares.contains(&Square::new(9, 2)), "{spell:?}");
    assert_eq!(spell.preview.origin, Some(Intersection::new(9, 2)));
    assert!(
        spell
            .preview
            .lines
            .iter()
            .any(|l| l.starts_with("  dee: Reflex +2 vs DC 15: ")),
        "{:?}",
        spell.preview.lines
    );
    assert!(option_line(w, &spell).starts_with("Cast Fireball at (9, 2) | click to do it"));
    let coup = option_hover(w, &ann, OptionKind::CoupDeGrace, point(2, 1), None, None, 0);
    assert!(
        coup.preview.lines[0].contains("hits automatically and is a critical hit"),
        "{:?}",
        coup.preview.lines
    );
    assert!(
        coup.preview.lines.iter().any(|l| l.contains("Fortitude save DC")),
        "{:?}",
        coup.preview.lines
    );
    let cover = option_hover(w, &ann, OptionKind::CoveringFire, point(2, 4), None, None, 0);
    assert!(
        cover.preview.lines[0].starts_with("covering fire with Pistol: +"),
        "{:?}",
        cover.preview.lines
    );
    assert!(
        cover
            .preview
            .lines
            .iter()
            .any(|l| l.starts_with("On a hit: cat gets +2")),
        "{:?}",
        cover.preview.lines
    );

    let b = battle(TROOPERS, &[]);
    let w = b.world();
    let auto = option_hover(w, &id("tess"), OptionKind::Autofire, point(8, 2), None, None, 0);
    assert_eq!(auto.preview.squares.len(), 4, "{auto:?}");
    assert!(
        auto.preview.lines[0].starts_with("Carbine "),
        "{:?}",
        auto.preview.lines
    );
    assert!(
        auto.preview
            .lines
            .iter()
            .any(|l| l.starts_with("  gus (cover): Reflex 17: ") && l.ends_with("% hit")),
        "{:?}",
        auto.preview.lines
    );
    let aid = option_hover(w, &id("tess"), OptionKind::AidAnother, point(2, 3), None, None, 0);
    assert!(
        aid.preview
            .lines
            .iter()
            .any(|l| l.starts_with("On a hit: val gets +2 on its next attack on fox")),
        "{:?}",
        aid.preview.lines
    );
}

/// MNV-SRD-5: in d20_srd breaking free is an opposed grapple check against the grappler, and
/// the preview says so (a win ends the hold) rather than that the hold simply ends.
#[test]
fn a_d20_escape_previews_the_opposed_grapple_check() {
    const D20_GRAPPLE: &str = r##"Scenario(version: 1, name: "t", ruleset: "d20_srd",
    map: (size: (8, 5), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), defenses: (ac: 15), health: (hp: 40),
         bab: 2, abilities: (str: 3, dex: 1), weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "bob", side: "b", at: (3, 0), speed: (land: 30), defenses: (ac: 15), health: (hp: 40),
         bab: 1, abilities: (str: 1, dex: 2), weapons: [(name: "Greatclub", kind: Melee, attack: 2, damage: "1d10", damage_types: [Bludgeoning], hands: 2)]),
    ])"##;
    // Initiative 20 and 1; the touch attack 10, the opposed checks 10 and 10, the hold's d3 2.
    let mut b = battle(D20_GRAPPLE, &[20, 1, 10, 10, 10, 2]);
    ok(
        &mut b,
        GameCommand::Maneuver(cmd::Maneuver {
            unit: id("ann"),
            target: id("bob"),
            maneuver: Maneuver::Grapple,
            weapon: None,
        }),
    );
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("ann") }));
    let shown = crate::gui::views::option_aim::choice_preview(
        b.world(),
        &GameCommand::BreakFree(cmd::BreakFree {
            unit: id("bob"),
            from: Vec::new(),
        }),
    );
    assert_eq!(
        shown.lines,
        vec!["An opposed grapple check against ann: a win ends the hold".to_string()]
    );
}

//! The computer player's behaviours (issue #17, item 3), one small hand-made battle each:
//! what the side's Normal level chooses (`ai::next_command`), named after the behaviour and
//! the rule it uses. The battles are built so that the plain choice (walk straight, hit the
//! nearest, end the turn) would be the wrong one.

use super::support::*;
use fivefoot::ai::{Level, Policy, next_command, next_command_with};
use fivefoot::grid::Square;
use fivefoot::grid::{Space, flanking_line};
use fivefoot::history::Battle;
use fivefoot::rules::movement::plan_move;
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::vehicle::VehicleOrder;
use fivefoot::rules::{GameCommand, GameEvent, Maneuver, MoveMode, ReactionEvent, SideId, UnitId};
use fivefoot::testing::{battle, ok, pass_until_turn_of};

/// A unit entry for `family` with `hp` hit points, speed 30 ft (unless `extra` says) and the
/// RON fields `extra` (weapons, conditions, …).
pub(super) fn unit(family: &str, id: &str, side: &str, at: (i32, i32), hp: u32, extra: &str) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 12, kac: 13)".to_string(), format!("(hp: {hp})")),
        "d20_modern" => ("(defense: 12)".to_string(), format!("(hp: {hp})")),
        "saga" => (
            "(reflex: 12, fortitude: 12, will: 11)".to_string(),
            format!("(hp: {hp})"),
        ),
        _ => ("(ac: 12)".to_string(), format!("(hp: {hp})")),
    };
    let speed = if extra.contains("speed:") {
        ""
    } else {
        "speed: (land: 30),"
    };
    format!(
        r#"(id: "{id}", side: "{side}", at: ({}, {}), {speed} defenses: {defenses}, health: {health}, {extra})"#,
        at.0, at.1
    )
}

/// A sword: +5, 1d8+2, 5 ft.
pub(super) const SWORD: &str =
    r#"weapons: [(name: "Sword", kind: Melee, attack: 5, damage: "1d8+2", damage_types: [Slashing])]"#;

/// Scenario text: `rows` of the map (`.` floor, `#` wall, `c` cover, `~` difficult), sides `a` and `b`,
/// `units`, and `extra` top-level fields (zones, objectives).
pub(super) fn arena(family: &str, rows: &[&str], units: &[String], extra: &str) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall), 'c': (terrain: Cover), '~': (terrain: Difficult) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
    {extra}
)"##,
        rows.join(", "),
        units.join(", ")
    )
}

/// An open `w`×`h` floor.
pub(super) fn open(w: usize, h: usize) -> Vec<String> {
    vec![".".repeat(w); h]
}

pub(super) fn rows(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// The battle of `text` at `unit`'s turn (initiative dice in unit id order: `dice`).
pub(super) fn at_turn_of(text: &str, dice: &[u32], unit: &str) -> Battle {
    let mut b = battle(text, dice);
    pass_until_turn_of(&mut b, unit);
    b
}

/// What side `a` does now at Normal.
pub(super) fn normal(b: &Battle) -> GameCommand {
    next_command(b, &SideId("a".into()), Level::Normal).expect("side a is to act")
}

/// The square `unit` stands on.
pub(super) fn square(b: &Battle, unit: &str) -> Square {
    space_of(b.world(), &UnitId::from(unit)).expect("on the map").at
}

/// Plays side `a`'s commands at `policy` until `unit`'s turn ends (at most 12); the commands.
pub(super) fn whole_turn(b: &mut Battle, unit: &str, policy: Policy) -> Vec<GameCommand> {
    let mut given = Vec::new();
    for _ in 0..12 {
        if active(b).as_deref() != Some(unit) {
            break;
        }
        let Some(command) = next_command_with(b, &SideId("a".into()), policy) else {
            break;
        };
        given.push(command.clone());
        ok(b, command);
    }
    given
}

/// AOO-1 (moving out of a threatened square provokes): the hero must pass a guard to reach
/// the archer it wants; the straight way leaves the guard's reach, a way round does not. It
/// takes the way round. (The hero is fatigued, so it cannot charge, §5.8, §20: the question
/// is only how it walks.)
#[test]
fn a_move_avoids_attacks_of_opportunity_when_a_safe_path_reaches_as_well_aoo_1() {
    let map = open(14, 9);
    let tired = format!("{SWORD}, conditions: [Fatigued]");
    let units = [
        unit("d20_srd", "hero", "a", (1, 4), 40, &tired),
        unit("d20_srd", "guard", "b", (6, 5), 40, SWORD),
        unit(
            "d20_srd",
            "archer",
            "b",
            (10, 4),
            6,
            r#"weapons: [(name: "Bow", kind: Ranged, attack: 6, damage: "1d8", damage_types: [Piercing], range_increment: 60)]"#,
        ),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    // Initiative in id order: archer 1, guard 1, hero 20.
    let b = at_turn_of(&text, &[1, 20, 10], "hero");
    let GameCommand::Move(m) = normal(&b) else {
        panic!("the hero moves first")
    };
    let plan = plan_move(b.world(), &m.unit, m.to, m.path.as_deref(), m.mode, false).expect("a legal move");
    assert!(plan.provokes.is_empty(), "its path provokes {:?}", plan.provokes);
    let straight = plan_move(b.world(), &m.unit, m.to, None, m.mode, false).expect("a legal move");
    assert!(!straight.provokes.is_empty(), "the straight way provokes the guard");
}

/// FLK-1 (an ally on the far side of the foe gives +2): with a friend already next to the
/// brute, the hero walks past the nearest square next to it to the one opposite the friend.
/// (Rubble on the straight line forbids a charge, §5.8: the choice is where to walk.)
#[test]
fn a_melee_unit_takes_the_flanking_square_flk_1() {
    let mut map = open(12, 10);
    map[5].replace_range(3..4, "~");
    let units = [
        unit("d20_srd", "brute", "b", (6, 5), 40, SWORD),
        unit("d20_srd", "friend", "a", (6, 4), 40, SWORD),
        unit("d20_srd", "hero", "a", (2, 5), 40, SWORD),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[20, 15, 10], "hero");
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    let at = |u: &str| Space::new(square(&b, u), 1);
    assert!(
        flanking_line(at("hero"), at("friend"), at("brute")).is_some(),
        "the hero ends at {:?}, not flanking: {given:?}",
        square(&b, "hero")
    );
    assert!(
        given
            .iter()
            .any(|c| matches!(c, GameCommand::Attack(a) if a.target.0 == "brute"))
    );
}

/// ATK-1 odds on a helpless target (HP: helpless defenders are hit far more easily): of two
/// foes next to the hero, it strikes the helpless one.
#[test]
fn focuses_the_helpless_foe_atk_1() {
    let map = open(10, 10);
    let units = [
        unit("d20_srd", "awake", "b", (4, 4), 12, SWORD),
        unit("d20_srd", "hero", "a", (5, 5), 40, SWORD),
        unit(
            "d20_srd",
            "sleeper",
            "b",
            (6, 6),
            12,
            &format!("{SWORD}, conditions: [Helpless]"),
        ),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[20, 10, 1], "hero");
    // Its turn may begin with a guarded step out of the other foe's reach (§4.3.2).
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    let target = given
        .iter()
        .find_map(|c| match c {
            GameCommand::Attack(a) => Some(a.target.clone()),
            GameCommand::FullAttack(a) => Some(a.targets[0].clone()),
            GameCommand::CoupDeGrace(c) => Some(c.target.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the hero strikes: {given:?}"));
    assert_eq!(target.0, "sleeper");
}

/// DMG/health (a foe at 0 HP stops fighting): of two foes next to the hero, it strikes the
/// one its sword can drop, not the sturdy one listed first.
#[test]
fn focuses_the_wounded_foe_it_can_drop() {
    let map = open(10, 10);
    let units = [
        unit("d20_srd", "sturdy", "b", (4, 4), 40, SWORD),
        unit("d20_srd", "hero", "a", (5, 5), 40, SWORD),
        unit("d20_srd", "wounded", "b", (6, 6), 4, SWORD),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[10, 20, 1], "hero");
    // Its turn may begin with a guarded step out of the other foe's reach (§4.3.2).
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    let target = given
        .iter()
        .find_map(|c| match c {
            GameCommand::Attack(a) => Some(a.target.clone()),
            GameCommand::FullAttack(a) => Some(a.targets[0].clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the hero strikes: {given:?}"));
    assert_eq!(target.0, "wounded");
}

/// ACT-1 and starfinder's full attack (two attacks at -4, 001:1071-1082): a fighter already
/// next to its foe at the start of its turn makes a full attack rather than one attack.
#[test]
fn full_attacks_when_adjacent_at_turn_start_act_1() {
    let map = open(10, 10);
    let units = [
        unit("starfinder", "foe", "b", (5, 4), 60, SWORD),
        unit("starfinder", "hero", "a", (5, 5), 60, SWORD),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[1, 20], "hero");
    let command = normal(&b);
    assert!(matches!(command, GameCommand::FullAttack(_)), "{command:?}");
}

/// A frag grenade (starfinder, RNG-1): thrown at an intersection, 2d6, Reflex DC 13, a burst
/// of 10 ft; and a knife to fall back on.
const GRENADE: &str = r#"saves: (fortitude: 1, reflex: 1, will: 1), weapons: [(name: "Frag grenade", kind: Thrown, attack: 5, damage: "2d6", damage_types: [Piercing], range_increment: 20, area: (shape: Burst, size_ft: 10), save_dc: 13), (name: "Knife", kind: Melee, attack: 3, damage: "1d4", damage_types: [Slashing])]"#;

/// Saves for a unit an area may catch (starfinder refuses an area on a unit without them).
pub(super) const SAVES: &str = "saves: (fortitude: 1, reflex: 1, will: 1)";

/// The hero 6 squares west of `goblins` (id, square, hit points) and a friend at `friend_at`
/// with `friend_hp`.
fn grenade_battle(goblins: &[(&str, (i32, i32), u32)], friend_at: (i32, i32), friend_hp: u32) -> Battle {
    let map = open(16, 10);
    let mut units = vec![unit(
        "starfinder",
        "friend",
        "a",
        friend_at,
        friend_hp,
        &format!("{SAVES}, {SWORD}"),
    )];
    for (id, at, hp) in goblins {
        units.push(unit("starfinder", id, "b", *at, *hp, &format!("{SAVES}, {SWORD}")));
    }
    units.push(unit("starfinder", "hero", "a", (3, 4), 20, GRENADE));
    let text = arena("starfinder", &rows(&map), &units, "");
    let mut dice = vec![1; units.len()];
    dice[units.len() - 1] = 20;
    at_turn_of(&text, &dice, "hero")
}

/// RNG-1, AREA-3 (who a burst catches): four frail goblins within one burst and no friend
/// near: the hero throws its grenade among them.
#[test]
fn throws_a_grenade_where_it_catches_foes_and_no_friend_rng_1() {
    let goblins = [
        ("g1", (9, 3), 6),
        ("g2", (11, 3), 6),
        ("g3", (9, 5), 6),
        ("g4", (11, 5), 6),
    ];
    let b = grenade_battle(&goblins, (1, 8), 20);
    let command = normal(&b);
    assert!(matches!(command, GameCommand::AreaAttack(_)), "{command:?}");
}

/// RNG-1, AREA-3: one sturdy goblin with a frail friend next to it: every burst that catches
/// the goblin catches the friend, the harm outweighs the gain, and the hero does not throw.
#[test]
fn declines_a_grenade_that_would_catch_a_friend_area_3() {
    let mut b = grenade_battle(&[("g1", (10, 4), 40)], (11, 4), 5);
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(
        !given.iter().any(|c| matches!(c, GameCommand::AreaAttack(_))),
        "{given:?}"
    );
}

/// §5.8 charge (double speed in a line, then one attack): the foe is 8 squares away, beyond
/// a move and an attack; a charge reaches it this turn.
#[test]
fn charges_when_that_beats_walking_mov_19() {
    let map = open(16, 5);
    let units = [
        unit("starfinder", "foe", "b", (10, 2), 30, SWORD),
        unit("starfinder", "hero", "a", (1, 2), 30, SWORD),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[1, 20], "hero");
    let command = normal(&b);
    assert!(matches!(command, GameCommand::Charge(_)), "{command:?}");
}

/// §4.4 trip (starfinder: a melee attack against KAC + 8; the foe falls prone): a sturdy foe
/// that the hero's sword barely scratches, with the hero's friends around it, is tripped.
#[test]
fn trips_a_sturdy_foe_next_to_allies_maneuvers() {
    let map = open(10, 10);
    let strong = r#"weapons: [(name: "Hammer", kind: Melee, attack: 16, damage: "1d4", damage_types: [Bludgeoning])]"#;
    let units = [
        unit("starfinder", "f1", "a", (4, 4), 30, SWORD),
        unit("starfinder", "f2", "a", (6, 4), 30, SWORD),
        unit("starfinder", "giant", "b", (5, 4), 400, SWORD),
        unit("starfinder", "hero", "a", (5, 5), 30, strong),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[1, 1, 20, 10], "hero");
    let command = normal(&b);
    assert!(
        matches!(&command, GameCommand::Maneuver(m) if m.maneuver == Maneuver::Trip),
        "{command:?}"
    );
}

/// §5.9 withdraw (the start square is not threatened by foes it sees): a hero with nothing to
/// hurt the brute next to it gets away from it without provoking.
#[test]
fn withdraws_when_it_cannot_fight_withdraw() {
    let map = open(14, 10);
    let units = [
        unit("d20_srd", "brute", "b", (5, 4), 60, MAUL),
        unit("d20_srd", "hero", "a", (5, 5), 10, ""),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[20, 10], "hero");
    let command = normal(&b);
    let GameCommand::Move(m) = &command else {
        panic!("the hero moves away, not {command:?}")
    };
    let plan = plan_move(b.world(), &m.unit, m.to, m.path.as_deref(), m.mode, false).expect("a legal move");
    assert!(plan.provokes.is_empty(), "{command:?} provokes {:?}", plan.provokes);
    let far = Space::new(m.to, 1);
    assert!(
        far.at.y > 6 || (far.at.x - 5).abs() > 1,
        "it ends out of the brute's reach: {command:?}"
    );
}

/// Easy plays simpler: it strikes the nearest foe (the first by name among equals), not the
/// one it can drop.
#[test]
fn easy_strikes_the_nearest_foe_not_the_wounded_one() {
    let map = open(10, 10);
    let units = [
        unit("d20_srd", "sturdy", "b", (4, 4), 40, SWORD),
        unit("d20_srd", "hero", "a", (5, 5), 40, SWORD),
        unit("d20_srd", "wounded", "b", (6, 6), 4, SWORD),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[10, 20, 1], "hero");
    let given = whole_turn(&mut b, "hero", Policy::Easy);
    let targets: Vec<&str> = given
        .iter()
        .filter_map(|c| match c {
            GameCommand::Attack(a) => Some(a.target.0.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(targets, ["sturdy"], "{given:?}");
}

/// A room cut by a wall with a gap at x = 7: the hero and a goblin it sees above the wall, and
/// `lurker` (hidden from the hero's side) below it, with `lurker_extra` fields.
fn hidden_battle(lurker_hp: u32, lurker_extra: &str) -> Battle {
    let map = [
        "............",
        "............",
        "............",
        "#######.####",
        "............",
        "............",
    ];
    let units = [
        unit("d20_srd", "goblin", "b", (9, 1), 8, SWORD),
        unit("d20_srd", "hero", "a", (1, 1), 30, SWORD),
        unit("d20_srd", "lurker", "b", (2, 5), lurker_hp, lurker_extra),
    ];
    let text = arena("d20_srd", &map, &units, "hidden_information: true,");
    at_turn_of(&text, &[1, 20, 1], "hero")
}

/// SNS-1 and the side's view (`rules::sight::side_view`, what hidden information shows a
/// side): the hero never names, nor scores, a foe its side cannot see, and what that foe is
/// does not change its choice.
#[test]
fn never_targets_or_scores_a_hidden_unit_sns_1() {
    let weak = hidden_battle(3, "");
    let view = fivefoot::rules::sight::side_view(weak.world(), &SideId("a".into()));
    assert!(
        view.hidden.contains(&UnitId::from("lurker")),
        "the lurker is hidden from side a"
    );
    let named = |c: &GameCommand| ron::to_string(c).unwrap_or_default().contains("lurker");
    let scored = fivefoot::ai::scored_candidates(&weak, &SideId("a".into()), Policy::Normal);
    assert!(!scored.is_empty());
    assert!(!scored.iter().any(|(_, c)| named(c)), "a candidate names the lurker");
    let deadly = hidden_battle(
        200,
        r#"weapons: [(name: "Maul", kind: Melee, attack: 20, damage: "4d6+10", damage_types: [Bludgeoning], reach: 15)]"#,
    );
    assert_eq!(
        normal(&weak),
        normal(&deadly),
        "the hidden foe's stats leak into the choice"
    );
    let hard = |b: &Battle| next_command(b, &SideId("a".into()), Level::Hard).expect("side a is to act");
    assert_eq!(
        hard(&weak),
        hard(&deadly),
        "the hidden foe's stats leak into the hard level's choice"
    );
}

/// The tutorial from seed 7, played `commands` commands at `level` twice side by side: at
/// each step both battles and a fork of the first give the same command. The first battle.
fn plays_the_same_twice_and_on_a_fork(level: Level, commands: usize) -> Battle {
    let text = std::fs::read_to_string("scenarios/tutorial_relay.ron").expect("the tutorial");
    let start = || {
        fivefoot::history::Battle::start(fivefoot::testing::scenario(&text), &text, "t.ron", 7, Vec::new())
            .expect("starts")
    };
    let (mut one, mut two) = (start(), start());
    for _ in 0..commands {
        let Some(side) = fivefoot::ai::acting_side(&one) else {
            break;
        };
        let a = next_command(&one, &side, level).expect("a command");
        let b = next_command(&two, &side, level).expect("a command");
        assert_eq!(a, b);
        assert_eq!(next_command(&one.fork(), &side, level), Some(a.clone()));
        ok(&mut one, a);
        ok(&mut two, b);
    }
    one
}

/// Determinism (STYLE 8) at the hard level, whose play-outs roll dice on forks: the same
/// battle from the same seed gives the same commands, and a fork of it the same command.
#[test]
fn hard_gives_the_same_commands_for_the_same_battle_and_seed() {
    plays_the_same_twice_and_on_a_fork(Level::Hard, 8);
}

/// Determinism (STYLE 8): the same battle from the same seed gives the same commands, turn
/// after turn, and a fork of it the same command as the battle.
#[test]
fn same_battle_and_seed_give_the_same_commands() {
    let one = plays_the_same_twice_and_on_a_fork(Level::Normal, 40);
    assert!(one.log().entries.len() > 20, "the game went on");
}

/// A ReachZone objective (docs/scenario-format.md, objectives): with a foe far the other way,
/// the hero walks toward the zone it must reach, not toward the foe.
#[test]
fn plays_to_a_reach_zone_objective() {
    let map = open(20, 5);
    let units = [
        unit("d20_srd", "foe", "b", (0, 2), 30, SWORD),
        unit("d20_srd", "hero", "a", (8, 2), 30, SWORD),
    ];
    let extra = r#"zones: [(id: "exit", rects: [(x: 18, y: 0, w: 2, h: 5)])],
    objectives: [(side: "a", goal: ReachZone("exit")), (side: "b", goal: EliminateSide("a"))],"#;
    let text = arena("d20_srd", &rows(&map), &units, extra);
    let b = at_turn_of(&text, &[1, 20], "hero");
    let GameCommand::Move(m) = normal(&b) else {
        panic!("the hero moves")
    };
    assert!(m.to.x > 8, "toward the exit: {m:?}");
}

/// A HoldZone objective: the hero, with no foe in reach, goes to stand in the zone its side
/// must hold rather than toward the foe.
#[test]
fn plays_to_a_hold_zone_objective() {
    let map = open(20, 5);
    let units = [
        unit("d20_srd", "foe", "b", (0, 2), 30, SWORD),
        unit("d20_srd", "hero", "a", (10, 2), 30, SWORD),
    ];
    let extra = r#"zones: [(id: "hill", rects: [(x: 15, y: 1, w: 3, h: 3)])],
    objectives: [(side: "a", goal: HoldZone(zone: "hill", rounds: 3)), (side: "b", goal: EliminateSide("a"))],"#;
    let text = arena("d20_srd", &rows(&map), &units, extra);
    let mut b = at_turn_of(&text, &[1, 20], "hero");
    whole_turn(&mut b, "hero", Policy::Normal);
    let at = square(&b, "hero");
    assert!(
        (15..18).contains(&at.x) && (1..4).contains(&at.y),
        "in the zone: {at:?}"
    );
}

/// A laser pistol (starfinder): +6, 1d4+2, 80 ft increments.
const PISTOL: &str = r#"weapons: [(name: "Laser pistol", kind: Ranged, attack: 6, damage: "1d4+2", damage_types: [Fire], range_increment: 80)]"#;

/// COV-1 (a line from the attacker to the target through a cover square gives cover; d20
/// SRD, which takes starfinder's cover rules): a deadly rifleman and the hero trade fire
/// across an open floor with crates by the hero; it shoots and ends its turn where the foe's
/// shot at it is harder than where it began.
#[test]
fn a_shooter_takes_cover_cov_1() {
    let map = [
        "................",
        "................",
        "................",
        "....c...........",
        "................",
        "................",
        "................",
    ];
    let units = [
        unit("d20_srd", "gunner", "b", (14, 3), 30, RIFLE),
        unit(
            "d20_srd",
            "hero",
            "a",
            (3, 5),
            30,
            r#"weapons: [(name: "Holdout", kind: Ranged, attack: 6, damage: "1d2", damage_types: [Fire], range_increment: 80)]"#,
        ),
    ];
    let text = arena("d20_srd", &map, &units, "");
    let mut b = at_turn_of(&text, &[20, 10], "hero");
    let odds = |b: &Battle| {
        fivefoot::rules::attack::action::preview_attack(b.world(), &UnitId::from("gunner"), &UnitId::from("hero"), None)
            .map(|p| p.chance_to_hit)
            .unwrap_or(0.0)
    };
    let before = odds(&b);
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(odds(&b) < before, "{before} -> {}: {given:?}", odds(&b));
    assert!(
        given.iter().any(|c| matches!(c, GameCommand::Attack(_))),
        "it shoots too: {given:?}"
    );
}

/// A maul: +10, 2d6+6, 5 ft.
pub(super) const MAUL: &str =
    r#"weapons: [(name: "Maul", kind: Melee, attack: 10, damage: "2d6+6", damage_types: [Bludgeoning])]"#;

/// A rifle: +8, 3d8+4, 100 ft increments.
const RIFLE: &str = r#"weapons: [(name: "Rifle", kind: Ranged, attack: 8, damage: "3d8+4", damage_types: [Fire], range_increment: 100)]"#;

/// Keeping range (THR-1: a creature threatens the squares it can strike): a shooter with a
/// slow brute two squares off moves out of the brute's reach for its next turn rather than
/// shoot from where the brute will catch it.
#[test]
fn a_shooter_keeps_out_of_melee_reach_thr_1() {
    let map = open(16, 9);
    let units = [
        unit(
            "starfinder",
            "brute",
            "b",
            (6, 4),
            40,
            &format!("speed: (land: 15), {MAUL}"),
        ),
        unit("starfinder", "hero", "a", (4, 4), 20, PISTOL),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[20, 10], "hero");
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    let (hero, brute) = (square(&b, "hero"), square(&b, "brute"));
    let gap = (hero.x - brute.x).abs().max((hero.y - brute.y).abs());
    assert!(gap > 4, "the hero ends {gap} squares from the brute: {given:?}");
}

/// §4.3.2 guarded step (AOO-1: leaving a threatened square provokes, but a guarded step never
/// does): a shooter caught next to a brute steps out of its reach first, then shoots, and takes
/// no attack of opportunity all turn (shooting from where it stood would provoke, starfinder).
#[test]
fn a_shooter_next_to_a_brute_takes_a_guarded_step_before_shooting_aoo_1() {
    let map = open(10, 7);
    let units = [
        unit("starfinder", "brute", "b", (4, 3), 60, MAUL),
        unit("starfinder", "hero", "a", (3, 3), 20, PISTOL),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[20, 10], "hero");
    let before = b.log().entries.len();
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(
        matches!(given.first(), Some(GameCommand::Move(m)) if m.mode == MoveMode::GuardedStep),
        "the hero steps first: {given:?}"
    );
    assert!(
        given.iter().any(|c| matches!(c, GameCommand::Attack(_))),
        "then shoots: {given:?}"
    );
    let provoked = b.log().entries[before..]
        .iter()
        .flat_map(|entry| entry.events.iter())
        .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. })));
    assert!(!provoked, "no attack of opportunity: {given:?}");
}

/// The Buggy Raid's buggy (VEH-1: `heading` is its front), at `at`, and its pilot aboard.
fn buggy(at: (i32, i32), pilot_extra: &str) -> [String; 2] {
    [
        format!(
            r#"(id: "buggy", side: "a", at: ({}, {}), size: Large, defenses: (eac: 12, kac: 14), health: (hp: 18),
            vehicle: Some((item_level: 1, heading: E, drive_ft: 50, full_ft: 500, collision: "4d4", collision_dc: 10,
                hardness: 5, piloting: 0, attack_penalty: -2, full_speed_attack_penalty: -4, passenger_cover: Cover)))"#,
            at.0, at.1
        ),
        format!(
            r#"(id: "pilot", side: "a", at: ({}, {}), speed: (land: 30), defenses: (eac: 14, kac: 15), health: (hp: 20),
            skills: Some((piloting: 8)), saves: Some((fortitude: 2, reflex: 4, will: 2)),
            aboard: Some((vehicle: "buggy", role: Pilot)), {pilot_extra})"#,
            at.0, at.1
        ),
    ]
}

/// VEH (§25: a pilot's drive, race or ram moves the vehicle on its turn; a crewed vehicle
/// starts with its engine running): a pilot with no weapon and the only foe far off drives,
/// races or rams the buggy at it (in this battle it rams, at full speed).
#[test]
fn a_pilot_drives_or_rams_its_vehicle_at_the_foe_veh() {
    let map = open(30, 10);
    let mut units = buggy((2, 4), "").to_vec();
    units.push(unit(
        "starfinder",
        "goblin",
        "b",
        (24, 4),
        10,
        &format!("{SAVES}, {SWORD}"),
    ));
    let text = arena("starfinder", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[1, 20], "pilot");
    let before = square(&b, "buggy");
    let given = whole_turn(&mut b, "pilot", Policy::Normal);
    let drove = given.iter().any(|c| {
        matches!(c, GameCommand::Vehicle(v) if matches!(v.order,
            VehicleOrder::Drive { .. } | VehicleOrder::Race { .. } | VehicleOrder::Ram { .. } | VehicleOrder::RunOver { .. }))
    });
    assert!(drove, "{given:?}");
    assert!(square(&b, "buggy").x > before.x, "toward the goblin: {given:?}");
}

/// The chance a pilot action's Piloting check succeeds, from the rules' DC and modifiers.
fn pilot_odds(b: &Battle, command: &GameCommand) -> f64 {
    match fivefoot::rules::chase::pilot_action_terms(b.world(), command) {
        Ok((Some(dc), modifiers)) => {
            let bonus: i32 = modifiers.iter().map(|m| m.value).sum();
            (f64::from(21 - (dc - bonus)) / 20.0).clamp(0.0, 1.0)
        }
        Ok((None, _)) => 1.0,
        Err(_) => 0.0,
    }
}

/// CHS-4/CHS-8 (pilot actions, then chase progress; a vehicle whose pilot took no action is
/// uncontrolled): in the sample Redliner chase every pilot the computer plays takes a pilot
/// action, and a double maneuver (two checks) only when each check is likelier to pass than
/// to fail.
#[test]
fn a_pilot_chooses_a_pilot_action_by_its_chance_of_success_chs_8() {
    let text = std::fs::read_to_string("scenarios/starfinder_redliner_chase.ron").expect("the chase");
    let mut b = Battle::start(fivefoot::testing::scenario(&text), &text, "t.ron", 11, Vec::new()).expect("starts");
    let mut pilots = 0;
    for _ in 0..60 {
        let Some(side) = fivefoot::ai::acting_side(&b) else {
            match fivefoot::ai::referee_command(&b) {
                Some(c) => {
                    ok(&mut b, c);
                    continue;
                }
                None => break,
            }
        };
        let command = next_command(&b, &side, Level::Normal).expect("a command");
        if let fivefoot::ai::Decider::Pilot(_) = fivefoot::ai::decider(b.world()) {
            let acted = b
                .world()
                .get_resource::<fivefoot::rules::chase::Chase>()
                .and_then(|c| c.acting())
                .is_some_and(|e| e.record.started());
            if !acted {
                pilots += 1;
                let GameCommand::PilotAction(p) = &command else {
                    panic!("a pilot that has not acted takes a pilot action: {command:?}")
                };
                if p.double {
                    assert!(pilot_odds(&b, &command) > 0.5, "{command:?}");
                }
            }
        }
        ok(&mut b, command);
    }
    assert!(pilots >= 3, "the chase reached {pilots} pilot turns");
}

/// §4.3.1 total defense (starfinder: +4 AC until the next turn, 001:910-912): a hero with no
/// weapon, cornered in an alcove by a brute, takes total defense.
#[test]
fn takes_total_defense_when_it_can_neither_fight_nor_leave() {
    let map = ["#####", "#...#", "#####"];
    let units = [
        unit("starfinder", "brute", "b", (2, 1), 40, SWORD),
        unit("starfinder", "hero", "a", (1, 1), 20, ""),
    ];
    let text = arena("starfinder", &map, &units, "");
    let b = at_turn_of(&text, &[20, 10], "hero");
    let command = normal(&b);
    assert!(matches!(command, GameCommand::TotalDefense(_)), "{command:?}");
}

/// Starfinder dying (HP 0 with Resolve Points, §17): the hero dropped to 0 HP by the brute
/// spends its Resolve Points to stabilize or stay in the fight on its turn instead of
/// ending it and dying.
#[test]
fn a_dying_unit_stabilizes_or_stays_in_the_fight() {
    let map = open(8, 5);
    let units = [
        unit("starfinder", "brute", "b", (2, 2), 40, r#"weapons: [(name: "Maul", kind: Melee, attack: 10, damage: "1d4+28", damage_types: [Bludgeoning])]"#),
        unit("starfinder", "friend", "a", (7, 4), 30, SWORD),
        r#"(id: "hero", side: "a", at: (3, 2), speed: (land: 30), defenses: (eac: 12, kac: 13), health: (hp: 30, rp: 3))"#.to_string(),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    // Initiative: brute 20, friend 5, hero 1; the brute's d20 19 hits and its d4 2 with the
    // maul's +28 deal 30: the hero at 0 HP, dying (not dead: nothing left over).
    let mut b = battle(&text, &[20, 5, 1, 19, 2]);
    ok(
        &mut b,
        GameCommand::Attack(fivefoot::rules::cmd::Attack {
            unit: UnitId::from("brute"),
            target: UnitId::from("hero"),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    pass_until_turn_of(&mut b, "hero");
    let command = normal(&b);
    assert!(
        matches!(command, GameCommand::Stabilize(_) | GameCommand::StayInTheFight(_)),
        "{command:?}"
    );
}

/// A junk pistol and a club, as the space goblins carry.
const PISTOL_AND_CLUB: &str = r#"weapons: [(name: "Club", kind: Melee, attack: 3, damage: "1d6", damage_types: [Bludgeoning]), (name: "Junk pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: 20)]"#;

/// AOO-1 (leaving a threatened square, or shooting in one, provokes): a frail shooter next to
/// a brute whose attack of opportunity would likely drop it does nothing all turn that
/// provokes it, even with a foe it would rather shoot in the open: the attack of opportunity
/// is a loss now, charged in full, not a guess about the brute's next turn.
#[test]
fn a_frail_unit_does_not_provoke_an_attack_that_may_drop_it_aoo_1() {
    let map = open(12, 12);
    let units = [
        unit(
            "starfinder",
            "brute",
            "b",
            (5, 4),
            40,
            r#"reach: 10, weapons: [(name: "Vine", kind: Melee, attack: 9, damage: "1d10+4", damage_types: [Bludgeoning], reach: 10)]"#,
        ),
        unit("starfinder", "goblin", "a", (5, 5), 4, PISTOL_AND_CLUB),
        unit("starfinder", "shooter", "b", (5, 10), 5, PISTOL_AND_CLUB),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    // Initiative in id order: brute 20, goblin 10, shooter 1 (the brute has acted: not
    // flat-footed, it may take attacks of opportunity).
    let mut b = at_turn_of(&text, &[20, 10, 1], "goblin");
    let mut given = Vec::new();
    while active(&b).as_deref() == Some("goblin") && given.len() < 12 {
        let command = normal(&b);
        if let GameCommand::Move(m) = &command {
            let plan = plan_move(b.world(), &m.unit, m.to, m.path.as_deref(), m.mode, false).expect("a legal move");
            assert!(
                plan.provokes.is_empty(),
                "{command:?} provokes {:?} (turn so far: {given:?})",
                plan.provokes
            );
        }
        given.push(command.clone());
        ok(&mut b, command);
    }
}

/// CHS-10 (a vehicle two zones ahead of every adversary escapes): when the quarry's objective
/// is to escape, the pursuers hunt it (close the distance) even when their side is the weaker
/// one, and the quarry runs even when it is the stronger: the objectives say who flees.
#[test]
fn pursuers_hunt_a_quarry_that_wins_by_escaping_chs_10() {
    let text = std::fs::read_to_string("scenarios/starfinder_redliner_chase.ron").expect("the chase");
    assert!(text.contains("goal: Escape"), "the heroes win by escaping");
    let b = Battle::start(fivefoot::testing::scenario(&text), &text, "t.ron", 11, Vec::new()).expect("starts");
    let eval = |side: &str| {
        fivefoot::ai::eval::Evaluator::of(&b, &fivefoot::ai::knowledge::Known::of(&b, &SideId(side.into())))
    };
    assert!(
        !eval("redliners").flee,
        "the redliners, outmatched, still hunt the buggy"
    );
    assert!(eval("crew").flee, "the heroes run");
}

/// MOV-7 (a run: four times the speed, in a straight line, never across difficult terrain)
/// into a ReachZone: on the saga hangar's map, with the ramp made a zone to reach, a rebel who
/// can run onto it this turn does so and wins, even where the path the computer plans around
/// threat is one the rules refuse for a run: it then takes the rules' own path to the square.
#[test]
fn runs_onto_a_reach_zone_it_can_reach_this_turn_mov_7() {
    let text = std::fs::read_to_string("scenarios/saga_hangar.ron")
        .expect("the hangar")
        .replace(
            r#"HoldZone(zone: "shuttle_ramp", rounds: 1)"#,
            r#"ReachZone("shuttle_ramp")"#,
        );
    assert!(text.contains(r#"ReachZone("shuttle_ramp")"#));
    let mut b = battle(&text, &[10; 12]);
    pass_until_turn_of(&mut b, "torv");
    let command = next_command(&b, &SideId("rebels".into()), Level::Normal).expect("the rebels act");
    let GameCommand::Move(m) = &command else {
        panic!("Torv moves onto the ramp, not {command:?}")
    };
    assert!((17..=19).contains(&m.to.x) && m.to.y == 5, "{command:?}");
    ok(&mut b, command);
    assert_eq!(b.outcome().winner, Some(SideId("rebels".into())));
}

//! The computer player's less common kinds of command (issue #25 item 2): coup de grace, aid
//! another, suppress, harrying and covering fire, ready, delay, withdraw, limited spells and
//! autofire, each at Normal on one small hand-made battle where it is the right play and one
//! where it is not, named after the rule it uses.

use super::ai::{MAUL, SAVES, SWORD, arena, at_turn_of, normal, open, rows, square, unit, whole_turn};
use fivefoot::ai::{Policy, choosing_side, next_command_with};
use fivefoot::grid::{Space, flanking_line};
use fivefoot::history::Battle;
use fivefoot::rules::{AttackEvent, GameCommand, GameEvent, MoveMode};
use fivefoot::testing::ok;

/// A unit entry with the defenses given as RON (`(eac: 28, kac: 28)`, `(reflex: 25, ...)`).
fn armoured(id: &str, side: &str, at: (i32, i32), hp: u32, defenses: &str, extra: &str) -> String {
    format!(
        r#"(id: "{id}", side: "{side}", at: ({}, {}), speed: (land: 30), defenses: {defenses}, health: (hp: {hp}), {extra})"#,
        at.0, at.1
    )
}

/// A weapon list of one weapon.
fn weapon(name: &str, kind: &str, attack: i32, damage: &str, range: &str) -> String {
    format!(
        r#"weapons: [(name: "{name}", kind: {kind}, attack: {attack}, damage: "{damage}", damage_types: [Slashing]{range})]"#
    )
}

/// Plays on, every side at Normal (side `a` included), until `done` holds of the commands
/// given so far or `limit` commands were given; the commands, with the side that gave each.
fn play_on(
    b: &mut Battle,
    limit: usize,
    done: impl Fn(&[(String, GameCommand)]) -> bool,
) -> Vec<(String, GameCommand)> {
    let mut given = Vec::new();
    for _ in 0..limit {
        if done(&given) || b.outcome().over {
            break;
        }
        let Some(side) = choosing_side(b) else { break };
        let Some(command) = next_command_with(b, &side, Policy::Normal) else {
            break;
        };
        given.push((side.0.clone(), command.clone()));
        ok(b, command);
    }
    given
}

/// Side `a`'s whole turn for `unit` at Normal (a support action may follow a move).
fn turn(mut b: Battle, unit: &str) -> Vec<GameCommand> {
    whole_turn(&mut b, unit, Policy::Normal)
}

/// Whether one of `given` is an attack (single or full).
fn attacks(given: &[GameCommand]) -> bool {
    given
        .iter()
        .any(|c| matches!(c, GameCommand::Attack(_) | GameCommand::FullAttack(_)))
}

// ---- Coup de grace (§4.3.1, RULES.md §13 "Coup de grace allowed") ----

/// §4.3.1 coup de grace (a full action on an adjacent helpless foe: an automatic critical hit,
/// then a Fortitude save or death): a sturdy sleeper that a sword cut only scratches is
/// finished off.
#[test]
fn delivers_a_coup_de_grace_to_a_sturdy_helpless_foe() {
    let map = open(10, 10);
    let sleeper = format!("{SAVES}, {SWORD}, conditions: [Helpless]");
    let units = [
        unit("d20_srd", "hero", "a", (5, 5), 40, SWORD),
        unit("d20_srd", "sleeper", "b", (6, 5), 30, &sleeper),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[20, 1], "hero");
    let command = normal(&b);
    assert!(matches!(command, GameCommand::CoupDeGrace(_)), "{command:?}");
}

/// §8.2 (the d20 SRD: delivering a coup de grace provokes): a frail hero next to a brute with
/// a maul (which has acted, so it is no longer flat-footed and may take attacks of
/// opportunity) would take its attack of opportunity, which drops it; it does not deliver one.
#[test]
fn no_coup_de_grace_that_provokes_a_blow_that_drops_the_hero_aoo_1() {
    let map = open(10, 10);
    let sleeper = format!("{SAVES}, {SWORD}, conditions: [Helpless]");
    let units = [
        unit("d20_srd", "brute", "b", (5, 4), 60, MAUL),
        unit("d20_srd", "hero", "a", (5, 5), 6, SWORD),
        unit("d20_srd", "sleeper", "b", (6, 5), 30, &sleeper),
    ];
    let text = arena("d20_srd", &rows(&map), &units, "");
    let mut b = at_turn_of(&text, &[20, 10, 1], "hero");
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(
        !given.iter().any(|c| matches!(c, GameCommand::CoupDeGrace(_))),
        "{given:?}"
    );
}

// ---- Aid another and suppress (saga, §4.3.1, 004:371-377) ----

const OGRE_DEF: &str = "(reflex: 25, fortitude: 14, will: 10)";
const SAGA_DEF: &str = "(reflex: 12, fortitude: 12, will: 11)";

/// The aid-another battle (saga): the hero next to an ogre it can hardly hit (Reflex 25) with
/// its `hero_weapon`; a strong, sturdy ally on the ogre's far side (the ogre's club can hardly
/// hurt it, so suppressing the ogre saves little) acts after the hero, the ogre last.
fn aid_battle(hero_weapon: &str) -> Battle {
    let map = open(10, 10);
    let ogre = weapon("Club", "Melee", 4, "1d6", "");
    let ace = weapon("Vibroblade", "Melee", 14, "3d8+6", "");
    let units = [
        armoured("ace", "a", (7, 5), 200, SAGA_DEF, &ace),
        armoured("hero", "a", (5, 5), 40, SAGA_DEF, hero_weapon),
        armoured("ogre", "b", (6, 5), 80, OGRE_DEF, &ogre),
    ];
    let text = arena("saga", &rows(&map), &units, "");
    at_turn_of(&text, &[15, 20, 1], "hero")
}

/// Aid another (004:371-373: an attack against Reflex 10; on a hit the named ally gets +2 on
/// its next attack on the foe): the hero's own stick hits the ogre only on a 20, the ace acts
/// next with a vibroblade; the hero aids the ace.
#[test]
fn aids_a_stronger_ally_when_its_own_attack_is_weak_aid_another() {
    let b = aid_battle(&weapon("Stick", "Melee", 2, "1d4", ""));
    let command = normal(&b);
    assert!(
        matches!(&command, GameCommand::AidAnother(a) if a.ally.0 == "ace" && a.target.0 == "ogre"),
        "{command:?}"
    );
}

/// Aid another is not worth a good attack: with a sword that hits the ogre often and hard,
/// the hero strikes it itself.
#[test]
fn strikes_rather_than_aids_when_its_own_attack_is_good_aid_another() {
    let b = aid_battle(&weapon("Greatsword", "Melee", 16, "3d8+6", ""));
    let command = normal(&b);
    // (Its first blow may be a maneuver, §4.4; what matters is that it acts on the ogre itself.)
    assert!(
        matches!(
            &command,
            GameCommand::Attack(_) | GameCommand::FullAttack(_) | GameCommand::Maneuver(_)
        ),
        "{command:?}"
    );
}

/// The suppress battle (saga): a trooper with a heavy blaster next to the hero's frail medic
/// (it strikes the medic next), the hero at range with `hero_weapon`; the trooper's
/// Reflex is `reflex`.
fn suppress_battle(hero_weapon: &str, reflex: i32, trooper_hp: u32) -> Battle {
    let map = open(12, 8);
    let blaster = weapon("Heavy blaster", "Melee", 8, "3d8", "");
    let knife = weapon("Knife", "Melee", 0, "1d3", "");
    let trooper_def = format!("(reflex: {reflex}, fortitude: 14, will: 10)");
    let units = [
        armoured("hero", "a", (2, 3), 40, SAGA_DEF, hero_weapon),
        armoured("medic", "a", (8, 3), 10, SAGA_DEF, &knife),
        armoured("trooper", "b", (9, 3), trooper_hp, &trooper_def, &blaster),
    ];
    let text = arena("saga", &rows(&map), &units, "");
    at_turn_of(&text, &[20, 1, 10], "hero")
}

/// saga's range bands (squares).
const BANDS: &str = ", range_bands: (point_blank: 6, short: 12, medium: 24, long: 48)";

/// Suppress (004:375-377: an attack against Reflex 10; on a hit the foe takes −2 on its next
/// attack roll): the hero's pistol hardly hurts the armoured trooper about to strike the frail
/// medic; the hero suppresses it.
#[test]
fn suppresses_a_foe_about_to_strike_a_frail_ally_suppress() {
    let pistol = weapon("Pistol", "Ranged", 2, "1d4", BANDS);
    let given = turn(suppress_battle(&pistol, 25, 80), "hero");
    assert!(
        given
            .iter()
            .any(|c| matches!(c, GameCommand::Suppress(s) if s.target.0 == "trooper")),
        "{given:?}"
    );
}

/// Suppress is not worth a shot that may drop the trooper: with a rifle that hits it often,
/// the hero shoots.
#[test]
fn shoots_rather_than_suppresses_a_foe_it_can_drop_suppress() {
    let rifle = weapon("Rifle", "Ranged", 14, "3d8+4", BANDS);
    let given = turn(suppress_battle(&rifle, 12, 14), "hero");
    assert!(
        attacks(&given) && !given.iter().any(|c| matches!(c, GameCommand::Suppress(_))),
        "{given:?}"
    );
}

// ---- Harrying and covering fire (starfinder, §4.3.1, 001:858-864, 900-905) ----

/// The harrying battle (starfinder): a tank far off, a gunner with a cannon acting after the
/// hero, the hero with `hero_weapon`; the tank's EAC and KAC are `ac`.
fn harry_battle(hero_weapon: &str, ac: i32, tank_hp: u32) -> Battle {
    let map = open(20, 10);
    let claw = weapon("Claw", "Melee", 8, "2d6", "");
    let cannon = weapon("Cannon", "Ranged", 16, "3d8+5", ", range_increment: 100");
    let units = [
        armoured("gunner", "a", (4, 7), 30, "(eac: 13, kac: 14)", &cannon),
        armoured("hero", "a", (4, 5), 30, "(eac: 13, kac: 14)", hero_weapon),
        armoured(
            "tank",
            "b",
            (17, 5),
            tank_hp,
            &format!("(eac: {ac}, kac: {ac})"),
            &format!("speed: (land: 20), {claw}"),
        )
        .replace("speed: (land: 30), ", ""),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    at_turn_of(&text, &[15, 20, 1], "hero")
}

/// Harrying fire (001:900-905: a ranged attack against AC 15; on a hit the next ally to attack
/// the foe gets +2): the hero's pistol cannot hurt the armoured tank, the gunner shoots it
/// next; the hero harries it.
#[test]
fn harries_a_foe_the_gunner_shoots_next_harrying_fire() {
    let pistol = weapon("Pistol", "Ranged", 6, "1d4", ", range_increment: 80");
    let given = turn(harry_battle(&pistol, 28, 60), "hero");
    assert!(
        given
            .iter()
            .any(|c| matches!(c, GameCommand::HarryingFire(h) if h.target.0 == "tank")),
        "{given:?}"
    );
}

/// Harrying fire is not worth a shot that may drop the tank: with a good rifle against a
/// thin-skinned, wounded tank, the hero shoots.
#[test]
fn shoots_rather_than_harries_a_foe_it_can_drop_harrying_fire() {
    let rifle = weapon("Rifle", "Ranged", 14, "3d8+4", ", range_increment: 100");
    let given = turn(harry_battle(&rifle, 10, 12), "hero");
    assert!(
        attacks(&given) && !given.iter().any(|c| matches!(c, GameCommand::HarryingFire(_))),
        "{given:?}"
    );
}

/// The covering battle (starfinder): a tank next to the hero's frail, unarmed scout (it
/// strikes the scout next), the hero at range with `hero_weapon`.
fn cover_battle(hero_weapon: &str, ac: i32, tank_hp: u32) -> Battle {
    let map = open(14, 8);
    let claw = weapon("Claw", "Melee", 10, "2d8+4", "");
    let units = [
        armoured("hero", "a", (2, 3), 30, "(eac: 13, kac: 14)", hero_weapon),
        armoured("scout", "a", (8, 3), 12, "(eac: 13, kac: 14)", "weapons: []"),
        armoured("tank", "b", (9, 3), tank_hp, &format!("(eac: {ac}, kac: {ac})"), &claw),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    at_turn_of(&text, &[20, 1, 10], "hero")
}

/// Covering fire (001:858-864: a ranged attack against AC 15; on a hit the ally gets +2 AC
/// against the next attack by a creature in the hero's line of effect): the hero cannot hurt
/// the tank about to claw its scout; it covers the scout.
#[test]
fn covers_a_frail_ally_a_foe_is_about_to_strike_covering_fire() {
    let pistol = weapon("Pistol", "Ranged", 6, "1d4", ", range_increment: 80");
    let given = turn(cover_battle(&pistol, 28, 60), "hero");
    assert!(
        given
            .iter()
            .any(|c| matches!(c, GameCommand::CoveringFire(c) if c.ally.0 == "scout")),
        "{given:?}"
    );
}

/// Covering fire is not worth a shot that may drop the tank before it strikes.
#[test]
fn shoots_rather_than_covers_when_it_can_drop_the_foe_covering_fire() {
    let rifle = weapon("Rifle", "Ranged", 14, "3d8+4", ", range_increment: 100");
    let given = turn(cover_battle(&rifle, 10, 12), "hero");
    assert!(
        attacks(&given) && !given.iter().any(|c| matches!(c, GameCommand::CoveringFire(_))),
        "{given:?}"
    );
}

// ---- Ready (§3.5, SEQ-9) ----

/// The ready battle (d20 SRD): the hero (speed 20) at the mouth of a corridor; an orc (speed
/// 50, `orc_weapon`) ten squares down it can walk up and strike it this turn, the hero cannot
/// reach the orc, even by a charge (§5.8: twice its speed).
fn ready_battle(orc_weapon: &str) -> Battle {
    let map = ["################", "................", "################"];
    let hero = format!("speed: (land: 20), {SWORD}");
    let units = [
        unit("d20_srd", "hero", "a", (1, 1), 40, &hero),
        unit(
            "d20_srd",
            "orc",
            "b",
            (11, 1),
            20,
            &format!("speed: (land: 50), {orc_weapon}"),
        ),
    ];
    let text = arena("d20_srd", &map, &units, "");
    at_turn_of(&text, &[20, 1], "hero")
}

/// The attacks each unit made, in order.
fn attackers(b: &Battle) -> Vec<String> {
    b.log()
        .entries
        .iter()
        .flat_map(|e| e.events.iter())
        .filter_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attacker, .. }) => Some(attacker.0.clone()),
            _ => None,
        })
        .collect()
}

/// §3.5 ready (a standard action readied against a trigger; it happens right after the
/// trigger): the orc must come down the corridor into the hero's reach to strike it; the hero
/// readies, and strikes first when the orc steps up.
#[test]
fn readies_for_a_foe_that_must_come_into_its_reach_ready() {
    let mut b = ready_battle(SWORD);
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(
        given.iter().any(|c| matches!(c, GameCommand::Ready(_))),
        "the hero readies: {given:?}"
    );
    let played = play_on(&mut b, 20, |g| {
        g.iter()
            .filter(|(_, c)| matches!(c, GameCommand::Attack(_) | GameCommand::FullAttack(_)))
            .count()
            >= 2
    });
    assert!(
        played.iter().any(|(_, c)| matches!(c, GameCommand::FireReadied(_))),
        "{played:?}"
    );
    let strikes = attackers(&b);
    assert_eq!(
        strikes.first().map(String::as_str),
        Some("hero"),
        "{strikes:?} after {played:?}"
    );
}

/// Readying is for a foe that must come to the hero: an orc archer shoots from where it is,
/// so the hero does not ready.
#[test]
fn does_not_ready_for_a_foe_that_shoots_ready() {
    let bow = r#"weapons: [(name: "Longbow", kind: Ranged, attack: 6, damage: "1d8", damage_types: [Piercing], range_increment: 100)]"#;
    let mut b = ready_battle(bow);
    let given = whole_turn(&mut b, "hero", Policy::Normal);
    assert!(!given.iter().any(|c| matches!(c, GameCommand::Ready(_))), "{given:?}");
}

// ---- Delay (§3.4, SEQ-8) ----

/// The delay battle (starfinder): the hero next to a brute, a friend acting in `friend_init`
/// order three squares off, able to walk to the square opposite the hero (FLK-1). Starfinder,
/// where a maneuver must beat KAC + 8, so the choice is between striking and waiting for the
/// flank (in the d20 families the computer now tries a trip, bull rush or disarm here first:
/// issue #25's notes).
fn delay_battle(dice: &[u32]) -> Battle {
    let map = open(12, 12);
    let units = [
        unit("starfinder", "brute", "b", (6, 5), 60, SWORD),
        unit("starfinder", "friend", "a", (8, 8), 40, SWORD),
        unit("starfinder", "hero", "a", (5, 5), 40, SWORD),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    at_turn_of(&text, dice, "hero")
}

/// §3.4 delay (SEQ-8: a delaying unit steps in after any later turn): the friend acts next and
/// can take the flanking square; the hero delays, the friend flanks, and the hero steps in
/// and strikes with the flank.
#[test]
fn delays_so_the_next_ally_sets_up_a_flank_delay() {
    let mut b = delay_battle(&[1, 15, 20]);
    let first = normal(&b);
    assert!(matches!(first, GameCommand::Delay(_)), "{first:?}");
    let played = play_on(&mut b, 30, |g| {
        g.iter().any(|(_, c)| {
            matches!(c, GameCommand::Attack(a) if a.unit.0 == "hero")
                || matches!(c, GameCommand::FullAttack(a) if a.unit.0 == "hero")
        })
    });
    assert!(
        played
            .iter()
            .any(|(_, c)| matches!(c, GameCommand::ActNow(a) if a.unit.0 == "hero")),
        "the hero steps in: {played:?}"
    );
    let at = |u: &str| Space::new(square(&b, u), 1);
    assert!(
        flanking_line(at("hero"), at("friend"), at("brute")).is_some(),
        "the friend flanks: {played:?}"
    );
    assert_eq!(attackers(&b).last().map(String::as_str), Some("hero"), "{played:?}");
}

/// Delaying is for a flank the next unit sets up: with the brute acting next, the hero strikes
/// now.
#[test]
fn strikes_at_once_when_a_foe_acts_next_delay() {
    let b = delay_battle(&[15, 1, 20]);
    let command = normal(&b);
    assert!(
        matches!(command, GameCommand::Attack(_) | GameCommand::FullAttack(_)),
        "{command:?}"
    );
}

// ---- Withdraw (§5.9) ----

/// §5.9 withdraw (starfinder: a full action, twice its speed; the start square counts as not
/// threatened by foes it sees): a frail hero whose knife hardly scratches the brute next to
/// it withdraws out of its reach, provoking nothing.
#[test]
fn a_frail_outmatched_unit_withdraws_withdraw() {
    let map = open(20, 8);
    let knife = weapon("Knife", "Melee", 0, "1d3", "");
    let units = [
        unit("starfinder", "brute", "b", (5, 3), 60, MAUL),
        unit("starfinder", "hero", "a", (6, 3), 5, &knife),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    // The brute acts first (starfinder: no reaction before a unit's first action, 001:1100).
    let b = at_turn_of(&text, &[20, 10], "hero");
    let command = normal(&b);
    assert!(
        matches!(&command, GameCommand::Move(m) if m.mode == MoveMode::Withdraw),
        "{command:?}"
    );
}

/// A sturdy hero next to a weak foe it can drop fights rather than withdraws.
#[test]
fn a_sturdy_unit_next_to_a_weak_foe_fights_withdraw() {
    let map = open(20, 8);
    let units = [
        unit(
            "starfinder",
            "goblin",
            "b",
            (5, 3),
            6,
            &weapon("Knife", "Melee", 0, "1d3", ""),
        ),
        unit("starfinder", "hero", "a", (6, 3), 40, MAUL),
    ];
    let text = arena("starfinder", &rows(&map), &units, "");
    let b = at_turn_of(&text, &[1, 20], "hero");
    let command = normal(&b);
    assert!(
        matches!(command, GameCommand::Attack(_) | GameCommand::FullAttack(_)),
        "{command:?}"
    );
}

// ---- Spells with uses left (§4.3.1 cast a spell, AREA-5) ----

/// The spell battle (starfinder): a caster with a fireball (`uses` left; a 10-ft burst, 3d6,
/// Reflex DC 15) and goblins at `goblins`.
fn spell_battle(uses: u32, goblins: &[(i32, i32)]) -> Battle {
    let map = open(24, 16);
    let fireball = format!(
        r#"{SAVES}, {SWORD}, spells: [(name: "Fireball", uses: Some({uses}), effect: Some((area: (shape: Burst, size_ft: 10), damage: "3d6", damage_types: [Fire], save_dc: 15, range_ft: Some(200))))]"#
    );
    let mut units = vec![unit("starfinder", "caster", "a", (2, 8), 30, &fireball)];
    for (k, at) in goblins.iter().enumerate() {
        units.push(unit(
            "starfinder",
            &format!("g{k}"),
            "b",
            *at,
            8,
            &format!("{SAVES}, {SWORD}"),
        ));
    }
    let text = arena("starfinder", &rows(&map), &units, "");
    let mut dice = vec![1; units.len()];
    dice[0] = 20;
    at_turn_of(&text, &dice, "caster")
}

/// AREA-5 (a save for half): with its one fireball, the caster burns three goblins standing
/// together.
#[test]
fn casts_a_last_fireball_on_a_cluster_area_5() {
    let b = spell_battle(1, &[(12, 7), (13, 8), (12, 9), (21, 1)]);
    let command = normal(&b);
    assert!(matches!(command, GameCommand::CastSpell(_)), "{command:?}");
}

/// A limited spell is kept for a better cluster: with one fireball left and four goblins far
/// apart, the caster does not spend it on one goblin.
#[test]
fn keeps_a_last_fireball_rather_than_burn_one_foe_area_5() {
    let b = spell_battle(1, &[(12, 2), (12, 14), (21, 2), (21, 14)]);
    let command = normal(&b);
    assert!(!matches!(command, GameCommand::CastSpell(_)), "{command:?}");
}

// ---- Autofire (saga, AREA-SG-5) ----

/// The autofire battle (saga): the hero with a rifle that can fire autofire at a 2 × 2 area,
/// troopers at `troopers`, the hero's friend at `friend`.
fn autofire_battle(troopers: &[(i32, i32)], friend: (i32, i32)) -> Battle {
    let map = open(16, 10);
    let rifle = r#"weapons: [(name: "Rifle", kind: Ranged, attack: 6, damage: "3d8", damage_types: [Energy], range_bands: (point_blank: 6, short: 12, medium: 24, long: 48), autofire: true)]"#;
    let mut units = vec![
        armoured(
            "friend",
            "a",
            friend,
            12,
            SAGA_DEF,
            &weapon("Knife", "Melee", 0, "1d3", ""),
        ),
        armoured("hero", "a", (2, 5), 30, SAGA_DEF, rifle),
    ];
    for (k, at) in troopers.iter().enumerate() {
        units.push(armoured(
            &format!("t{k}"),
            "b",
            *at,
            6,
            SAGA_DEF,
            &weapon("Knife", "Melee", 0, "1d3", ""),
        ));
    }
    let text = arena("saga", &rows(&map), &units, "");
    let mut dice = vec![1; units.len()];
    dice[1] = 20;
    at_turn_of(&text, &dice, "hero")
}

/// AREA-SG-5 (autofire: one attack roll against every creature in a 2 × 2 area, half on a
/// miss): two frail troopers side by side are sprayed together.
#[test]
fn autofires_at_two_foes_side_by_side_area_sg_5() {
    let given = turn(autofire_battle(&[(9, 5), (10, 5)], (1, 9)), "hero");
    assert!(given.iter().any(|c| matches!(c, GameCommand::Autofire(_))), "{given:?}");
}

/// Autofire does not spray a friend: with the hero's frail friend next to the lone trooper,
/// inside every 2 × 2 area that catches it, the hero does not autofire.
#[test]
fn does_not_autofire_where_it_catches_a_friend_area_sg_5() {
    let given = turn(autofire_battle(&[(9, 5)], (10, 5)), "hero");
    assert!(
        !given.iter().any(|c| matches!(c, GameCommand::Autofire(_))),
        "{given:?}"
    );
}

//! Combat maneuvers through the command path (RULES.md §4.4): starfinder bull rush, trip,
//! reposition, grapple/pin and disarm against KAC + 8; saga disarm, grab and grapple; the
//! holds they leave and how those end; picking a disarmed weapon back up.

use fivefoot::history::Battle;
use fivefoot::rules::health::conditions::effective_conditions;
use fivefoot::rules::maneuver::ManeuverRoll;
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::{AttackEvent, ManeuverEvent, ReactionEvent, SequenceEvent, cmd};
use fivefoot::rules::{ConditionName, GameCommand, GameEvent, Maneuver, RuleError, UnitId};
use fivefoot::testing::{battle, ok};

/// A battle on `rows` (`#` wall, `.` floor) with `units` given as RON unit bodies after
/// `id`/`side`/`at`; `top` adds scenario fields (e.g. `gravity: Zero,`).
fn arena(family: &str, top: &str, rows: &[&str], units: &[(&str, &str, i32, i32, &str)]) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 12)", "(hp: 40, rp: 3)"),
        "saga" => ("(reflex: 12, fortitude: 10, will: 10)", "(hp: 40)"),
        _ => ("(ac: 12)", "(hp: 40)"),
    };
    let units: Vec<String> = units
        .iter()
                .map(|(id, side, x, y, body)| {
            let speed = if body.contains("speed:") { "" } else { "speed: (land: 30), " };
            format!("(id: \"{id}\", side: \"{side}\", at: ({x}, {y}), {speed}defenses: {defenses}, health: {health}, {body})")
        })
        .collect();
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}", {top}
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        rows.join(", "),
        units.join(", ")
    )
}

const BLADE: &str = r#"weapons: [(name: "Blade", kind: Melee, attack: 10, damage: "1d6", damage_types: [Slashing])]"#;
const OPEN: [&str; 5] = ["........", "........", "........", "........", "........"];

fn maneuver(unit: &str, target: &str, maneuver: Maneuver) -> GameCommand {
    GameCommand::Maneuver(cmd::Maneuver {
        unit: unit.into(),
        target: target.into(),
        maneuver,
        weapon: None,
    })
}

fn move_to(unit: &str, x: i32, y: i32) -> GameCommand {
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: fivefoot::grid::Square::new(x, y),
        path: None,
        mode: Default::default(),
    })
}

fn end_turn(unit: &str) -> GameCommand {
    GameCommand::EndTurn(cmd::EndTurn { unit: unit.into() })
}

fn at(b: &Battle, unit: &str) -> (i32, i32) {
    let s = space_of(b.world(), &UnitId::from(unit)).expect("unit on the map");
    (s.at.x, s.at.y)
}

fn has(b: &Battle, unit: &str, c: ConditionName) -> bool {
    effective_conditions(b.world(), &UnitId::from(unit)).contains(&c)
}

fn rolls(events: &[GameEvent]) -> Vec<ManeuverRoll> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Maneuver(ManeuverEvent::ManeuverResolved { roll, .. }) => Some((**roll).clone()),
            _ => None,
        })
        .collect()
}

fn refused(b: &mut Battle, command: GameCommand) -> RuleError {
    b.submit(command).expect_err("the command should be refused")
}

/// §4.4 bull rush (001:778-781): against KAC + 8 (12 + 8 = 20) the target goes back 5 ft,
/// 5 ft more per 5 of excess, and stops at a wall.
#[test]
fn sf_4_4_bull_rush_distance_grows_with_excess_and_stops_at_a_wall() {
    let rows = ["......#.", "........"];
    for (d20, expected, stopped) in [
        (9, (3, 0), false),
        (10, (4, 0), false),
        (15, (5, 0), false),
        (20, (5, 0), true),
    ] {
        let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, BLADE)];
        let mut b = battle(&arena("starfinder", "", &rows, &units), &[20, 1, d20]);
        let events = ok(&mut b, maneuver("ann", "bob", Maneuver::BullRush));
        let roll = &rolls(&events)[0];
        assert_eq!(
            (roll.total, roll.defense.value, roll.success),
            (d20 as i32 + 10, 20, d20 >= 10)
        );
        assert_eq!(at(&b, "bob"), expected, "d20 {d20}");
        let stop = events.iter().any(|e| {
            matches!(
                e,
                GameEvent::Maneuver(ManeuverEvent::ForcedMove { stopped: Some(_), .. })
            )
        });
        assert_eq!(stop, stopped, "d20 {d20}");
    }
}

/// §4.4 bull rush straight away along a diagonal pays the family's diagonal rule (MOV-4):
/// 5 ft buys one diagonal, 10 ft still one (the second costs 10), 15 ft two.
#[test]
fn sf_4_4_bull_rush_on_a_diagonal_counts_5_10_5() {
    for (d20, expected) in [(10, (4, 4)), (15, (4, 4)), (20, (5, 5))] {
        let units = [("ann", "a", 2, 2, BLADE), ("bob", "b", 3, 3, BLADE)];
        let rows = ["........"; 8];
        let mut b = battle(&arena("starfinder", "", &rows, &units), &[20, 1, d20]);
        ok(&mut b, maneuver("ann", "bob", Maneuver::BullRush));
        assert_eq!(at(&b, "bob"), expected, "d20 {d20}");
    }
}

/// §4.4 trip (001:847-851): prone on the ground; a flier 20 ft up drops 10 ft and stays up;
/// one 10 ft up lands prone; in zero gravity the target is off-kilter instead.
#[test]
fn sf_4_4_trip_prone_falling_flier_and_zero_gravity() {
    let pole =
        r#"weapons: [(name: "Pole", kind: Melee, attack: 10, damage: "1d6", damage_types: [Bludgeoning], reach: 20)]"#;
    let cases = [
        ("", "", false, true, 0),
        ("", "speed: (land: 30, fly: 30), altitude: 20,", false, false, 10),
        ("", "speed: (land: 30, fly: 30), altitude: 10,", false, true, 0),
        ("gravity: Zero,", "", true, false, 0),
    ];
    for (top, extra, kilter, prone, altitude) in cases {
        let bob = format!("{extra} {BLADE}");
        let units = [("ann", "a", 2, 0, pole), ("bob", "b", 3, 0, bob.as_str())];
        let mut b = battle(&arena("starfinder", top, &OPEN, &units), &[20, 1, 12]);
        ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
        assert_eq!(has(&b, "bob", ConditionName::Prone), prone, "{top} {extra}");
        assert_eq!(has(&b, "bob", ConditionName::OffKilter), kilter, "{top} {extra}");
        let state = fivefoot::history::UnitSnapshot::of(b.world(), &"bob".into()).unwrap();
        assert_eq!(state.altitude_ft, altitude, "{top} {extra}");
    }
}

/// §4.4 reposition (001:826-835): 5 ft plus 5 per 5 of excess, always within the attacker's
/// reach; a destination farther than the result allows is approached as far as it goes; one
/// outside the reach is refused before any roll.
#[test]
fn sf_4_4_reposition_within_reach_and_distance() {
    let pole =
        r#"weapons: [(name: "Pole", kind: Melee, attack: 10, damage: "1d6", damage_types: [Bludgeoning], reach: 10)]"#;
    for (d20, expected) in [(10, (4, 1)), (15, (5, 1))] {
        let units = [("ann", "a", 3, 3, pole), ("bob", "b", 3, 1, BLADE)];
        let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, d20]);
        let to = fivefoot::grid::Square::new(5, 1);
        ok(&mut b, maneuver("ann", "bob", Maneuver::Reposition { to }));
        assert_eq!(at(&b, "bob"), expected, "d20 {d20}");
    }
    let units = [("ann", "a", 3, 3, pole), ("bob", "b", 3, 1, BLADE)];
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1]);
    let far = fivefoot::grid::Square::new(7, 1);
    let why = refused(&mut b, maneuver("ann", "bob", Maneuver::Reposition { to: far }));
    assert!(why.to_string().contains("reach"), "{why}");
}

/// §4.4 grapple (001:802-824) and §20 grappled/pinned: KAC + 8 grapples, KAC + 13 pins; the
/// target cannot move; a pinned target may only try to escape; the hold lasts until the end
/// of the grappler's next turn unless renewed.
#[test]
fn sf_4_4_grapple_pin_and_how_long_it_lasts() {
    let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, BLADE)];
    // d20 12 → 22: grappled, not pinned (needs 25).
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 12]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(has(&b, "bob", ConditionName::Grappled) && !has(&b, "bob", ConditionName::Pinned));
    ok(&mut b, end_turn("ann"));
    let why = refused(&mut b, move_to("bob", 3, 2));
    assert!(why.to_string().contains("cannot move"), "{why}");
    ok(&mut b, end_turn("bob"));
    // Still held during ann's next turn; it ends when that turn ends without a renewal.
    assert!(has(&b, "bob", ConditionName::Grappled));
    ok(&mut b, end_turn("ann"));
    assert!(!has(&b, "bob", ConditionName::Grappled));

    // d20 15 → 25: pinned; bob can then only grapple back.
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 15]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(has(&b, "bob", ConditionName::Pinned));
    ok(&mut b, end_turn("ann"));
    let why = refused(&mut b, maneuver("bob", "ann", Maneuver::Trip));
    assert!(why.to_string().contains("pinned"), "{why}");
}

/// §4.4: grappling the grappler is starfinder's escape: on a success the grapple reverses
/// (the grappled −2 does not count against it, 001:4194-4203), and a renewed grapple keeps
/// the hold through the grappler's next turn.
#[test]
fn sf_4_4_grapple_back_reverses_it_and_renewal_extends_it() {
    let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, BLADE)];
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 12, 10]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    ok(&mut b, end_turn("ann"));
    let events = ok(&mut b, maneuver("bob", "ann", Maneuver::Grapple));
    let roll = &rolls(&events)[0];
    assert!(
        roll.modifiers.iter().all(|m| m.source != "grappled"),
        "{:?}",
        roll.modifiers
    );
    assert_eq!(roll.total, 20);
    assert!(has(&b, "ann", ConditionName::Grappled) && !has(&b, "bob", ConditionName::Grappled));

    // Renewal: ann grapples again on its next turn, so bob stays held after it ends.
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 12, 12]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("bob"));
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    ok(&mut b, end_turn("ann"));
    assert!(has(&b, "bob", ConditionName::Grappled));
}

/// §4.4: a grapple ends at once when the grappler moves away (001:817-818), and a grappler
/// holds only one creature at a time.
#[test]
fn sf_4_4_grapple_ends_when_the_grappler_moves_away_and_holds_one() {
    let units = [
        ("ann", "a", 2, 0, BLADE),
        ("bob", "b", 3, 0, BLADE),
        ("cat", "b", 2, 1, BLADE),
    ];
    // Initiative ann 20, bob 1, cat 2; the grapple d20 12; cat's attack of opportunity a 1.
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 2, 12, 1]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(has(&b, "bob", ConditionName::Grappled));
    for unit in ["ann", "cat", "bob"] {
        ok(&mut b, end_turn(unit));
    }
    let why = refused(&mut b, maneuver("ann", "cat", Maneuver::Grapple));
    assert!(why.to_string().contains("one creature at a time"), "{why}");
    ok(&mut b, move_to("ann", 0, 3));
    assert!(!has(&b, "bob", ConditionName::Grappled));
}

/// §4.4 disarm (001:797-800): the weapon falls in the target's space, the target no longer
/// has it, and picking it up again is a move action (§4.3.2); with `catch` the attacker takes it.
#[test]
fn sf_4_4_disarm_drop_pick_up_and_catch() {
    let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, BLADE)];
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 12]);
    let events = ok(
        &mut b,
        maneuver(
            "ann",
            "bob",
            Maneuver::Disarm {
                item: None,
                catch: false,
            },
        ),
    );
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Maneuver(ManeuverEvent::WeaponDropped { taken_by: None, .. })
    )));
    let bob = fivefoot::history::UnitSnapshot::of(b.world(), &"bob".into()).unwrap();
    assert!(bob.weapons.is_empty());
    let ground = &fivefoot::history::BattleSnapshot::of(b.world()).ground;
    assert_eq!((ground.len(), ground[0].at.x, ground[0].at.y), (1, 3, 0));
    ok(&mut b, end_turn("ann"));
    let events = ok(
        &mut b,
        GameCommand::PickUp(cmd::PickUp {
            unit: "bob".into(),
            weapon: "blade".into(),
        }),
    );
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Sequence(SequenceEvent::ActionTaken {
            kind: fivefoot::ruleset::ActionKind::Move,
            ..
        })
    )));
    let bob = fivefoot::history::UnitSnapshot::of(b.world(), &"bob".into()).unwrap();
    assert_eq!(bob.weapons, vec!["Blade".to_string()]);
    assert!(fivefoot::history::BattleSnapshot::of(b.world()).ground.is_empty());

    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 12]);
    ok(
        &mut b,
        maneuver(
            "ann",
            "bob",
            Maneuver::Disarm {
                item: Some("Blade".into()),
                catch: true,
            },
        ),
    );
    let ann = fivefoot::history::UnitSnapshot::of(b.world(), &"ann".into()).unwrap();
    assert_eq!(ann.weapons, vec!["Blade".to_string(), "Blade".to_string()]);
}

const SAGA_BOB: &str =
    r#"weapons: [(name: "Rifle", kind: Melee, attack: 4, damage: "1d8", damage_types: [Bludgeoning], hands: 2)]"#;

/// §4.4 saga disarm (004:465-483): against Reflex + 10 (12 + 10 = 22), −5 for the second hand
/// on the weapon; a failure gives the opponent an immediate attack of opportunity, which
/// Improved Disarm (+5) prevents.
#[test]
fn saga_4_4_disarm_reflex_plus_10_hands_and_failed_disarm_aoo() {
    let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, SAGA_BOB)];
    let disarm = || Maneuver::Disarm {
        item: None,
        catch: false,
    };
    // d20 17 + 10 − 5 = 22: success.
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 17]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    let roll = &rolls(&events)[0];
    assert_eq!((roll.total, roll.defense.value, roll.success), (22, 22, true));
    assert!(
        roll.modifiers
            .iter()
            .any(|m| m.value == -5 && m.source.contains("2 hands"))
    );
    // d20 16 → 21: failure, and bob attacks ann at once (d20 10, damage 3).
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 16, 10, 3]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    assert!(events.iter().any(
        |e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) if reactor.0 == "bob")
    ));
    // With Improved Disarm: +5, and no attack of opportunity on a failure (d20 11 → 21).
    let feat = format!("feats: [ImprovedDisarm], {BLADE}");
    let units = [("ann", "a", 2, 0, feat.as_str()), ("bob", "b", 3, 0, SAGA_BOB)];
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 11]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    assert_eq!(rolls(&events)[0].total, 21);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. })))
    );
}

/// §4.4 saga grab (004:493-499) and §20 grabbed: an unarmed attack at −5 (BAB + Str when
/// the stat block lists none); the target cannot move and takes −2 on attacks except with a
/// light weapon; breaking free is a standard action.
#[test]
fn saga_4_4_grab_holds_and_break_free() {
    let ann = r#"bab: 5, abilities: (str: 2), feats: [MartialArts1], weapons: []"#;
    let bob = r#"weapons: [(name: "Knife", kind: Melee, attack: 4, damage: "1d4", damage_types: [Slashing], light: true), (name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])]"#;
    let units = [("ann", "a", 2, 0, ann), ("bob", "b", 3, 0, bob)];
    // d20 10 + 7 − 5 = 12 vs Reflex 12: grabbed.
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 10, 15]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Grab));
    let roll = &rolls(&events)[0];
    assert_eq!((roll.weapon.as_str(), roll.total, roll.success), ("unarmed", 12, true));
    assert!(has(&b, "bob", ConditionName::Grabbed));
    ok(&mut b, end_turn("ann"));
    let why = refused(&mut b, move_to("bob", 3, 2));
    assert!(why.to_string().contains("cannot move"), "{why}");
    let preview = |w: &str| {
        fivefoot::rules::attack::action::preview_attack(b.world(), &"bob".into(), &"ann".into(), Some(w)).unwrap()
    };
    assert!(
        preview("Club")
            .situation
            .attack
            .iter()
            .any(|m| m.source == "grabbed" && m.value == -2)
    );
    assert!(preview("Knife").situation.attack.iter().all(|m| m.source != "grabbed"));
    ok(
        &mut b,
        GameCommand::BreakFree(cmd::BreakFree {
            unit: "bob".into(),
            from: vec![],
        }),
    );
    assert!(!has(&b, "bob", ConditionName::Grabbed));

    // Without Martial Arts I the unarmed grab provokes first (004:669): bob's d20 1 misses.
    let units = [
        ("ann", "a", 2, 0, r#"bab: 5, abilities: (str: 2), weapons: []"#),
        ("bob", "b", 3, 0, bob),
    ];
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 1, 10]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Grab));
    assert!(
        matches!(&events[1], GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) if reactor.0 == "bob")
    );
    assert!(has(&b, "bob", ConditionName::Grabbed));
}

/// §8.2 saga (004:669): an ordinary unarmed attack provokes from the foes threatening the
/// attacker, before it is made, unless the attacker has Martial Arts I.
#[test]
fn saga_8_2_unarmed_attack_provokes_without_martial_arts() {
    let fist = r#"(name: "Fist", kind: Unarmed, attack: 5, damage: "1d4", damage_types: [Bludgeoning])"#;
    let bob = r#"weapons: [(name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])]"#;
    for (feats, provokes) in [("", true), ("feats: [MartialArts1],", false)] {
        let ann = format!("{feats} weapons: [{fist}]");
        let units = [("ann", "a", 2, 0, ann.as_str()), ("bob", "b", 3, 0, bob)];
        // bob's AoO (if any) rolls a natural 1; ann's punch rolls 10 and 2 damage.
        let dice: &[u32] = if provokes { &[20, 1, 1, 10, 2] } else { &[20, 1, 10, 2] };
        let mut b = battle(&arena("saga", "", &OPEN, &units), dice);
        let attack = GameCommand::Attack(cmd::Attack {
            unit: "ann".into(),
            target: "bob".into(),
            weapon: Some("Fist".into()),
            defensively: false,
            mount: None,
        });
        let events = ok(&mut b, attack);
        let aoo = events
            .iter()
            .position(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. })));
        let punch = events
            .iter()
            .position(|e| matches!(e, GameEvent::Attack(AttackEvent::AttackResolved { attacker, context, .. }) if attacker.0 == "ann" && context == "attack"));
        assert_eq!(aoo.is_some(), provokes, "{feats}");
        assert!(punch.is_some() && aoo.is_none_or(|a| a < punch.unwrap()), "{events:?}");
    }
}

/// §4.4 saga grapple (004:501-513): only with a grappling feat; on a hit, opposed grapple
/// checks (d20 + BAB + the better of Str/Dex + size), the attacker winning ties.
#[test]
fn saga_4_4_grapple_needs_a_feat_and_wins_ties() {
    let plain = r#"bab: 5, abilities: (str: 2), weapons: []"#;
    let units = [("ann", "a", 2, 0, plain), ("bob", "b", 3, 0, SAGA_BOB)];
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1]);
    let why = refused(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(why.to_string().contains("grappling feat"), "{why}");

    let pinner = r#"bab: 5, abilities: (str: 2), feats: [Pin, MartialArts1], weapons: []"#;
    let units = [("ann", "a", 2, 0, pinner), ("bob", "b", 3, 0, SAGA_BOB)];
    // Hit (d20 10 + 7 = 17 vs 12); checks: ann 10 + 5 + 2 = 17, bob 17 + 0 + 0 = 17: a tie.
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 10, 10, 17]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    let roll = &rolls(&events)[0];
    let opposed = roll.opposed.as_ref().expect("grapple checks");
    assert_eq!((opposed.0.total, opposed.1.total, roll.success), (17, 17, true));
    assert!(has(&b, "bob", ConditionName::Grappled));
    // Bob wins the checks with 18: no grapple.
    let mut b = battle(&arena("saga", "", &OPEN, &units), &[20, 1, 10, 10, 18]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(!has(&b, "bob", ConditionName::Grappled));
}

/// §4.4: d20_srd has no reposition, and starfinder has no grab.
#[test]
fn maneuvers_missing_from_a_family_are_not_supported() {
    let units = [("ann", "a", 2, 0, BLADE), ("bob", "b", 3, 0, BLADE)];
    let mut b = battle(&arena("d20_srd", "", &OPEN, &units), &[20, 1]);
    let to = fivefoot::grid::Square::new(4, 0);
    assert!(matches!(
        refused(&mut b, maneuver("ann", "bob", Maneuver::Reposition { to })),
        RuleError::NotSupported(_)
    ));
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1]);
    assert!(matches!(
        refused(&mut b, maneuver("ann", "bob", Maneuver::Grab)),
        RuleError::NotSupported(_)
    ));
}

/// MOV-14: melee reach counts the height between attacker and target: a flier 10 ft up in the
/// next square is 2 squares away (1-2-1-2 over 1 across and 2 up), beyond a 5-ft reach but
/// within a 10-ft one.
#[test]
fn mov_14_melee_reach_counts_a_fliers_altitude() {
    let pole = r#"weapons: [(name: "Blade", kind: Melee, attack: 10, damage: "1d6", damage_types: [Slashing]), (name: "Pole", kind: Melee, attack: 10, damage: "1d6", damage_types: [Bludgeoning], reach: 10)]"#;
    let bob = format!("speed: (land: 30, fly: 30), altitude: 10, {BLADE}");
    let units = [("ann", "a", 2, 0, pole), ("bob", "b", 3, 0, bob.as_str())];
    let mut b = battle(&arena("starfinder", "", &OPEN, &units), &[20, 1, 10, 3]);
    let attack = |weapon: &str| {
        GameCommand::Attack(cmd::Attack {
            unit: "ann".into(),
            target: "bob".into(),
            weapon: Some(weapon.into()),
            defensively: false,
            mount: None,
        })
    };
    let why = refused(&mut b, attack("Blade"));
    assert!(why.to_string().contains("out of reach"), "{why}");
    ok(&mut b, attack("Pole"));
}

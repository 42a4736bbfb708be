//! The d20 SRD's and d20 Modern's combat maneuvers and aid another through the command path
//! (docs/d20-maneuvers.md, MNV-SRD-1..8): trip and the trip back, bull rush, disarm and the
//! disarm back, grapple and escape, aid another (attack and AC), and the clear refusals of
//! what is not supported yet.

use fivefoot::history::Battle;
use fivefoot::rules::health::conditions::effective_conditions;
use fivefoot::rules::maneuver::ManeuverRoll;
use fivefoot::rules::maneuver::opposed::Opposed;
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::{AttackEvent, ManeuverEvent, ReactionEvent, cmd};
use fivefoot::rules::{ConditionName, GameCommand, GameEvent, Maneuver, RuleError, UnitId};
use fivefoot::testing::{battle, ok};

/// A battle of `family` on an open 8×5 floor; `units` are (id, side, x, y, body) with the
/// body's RON fields after id, side, place, speed, defenses and health.
fn arena(family: &str, units: &[(&str, &str, i32, i32, &str)]) -> String {
    let (defenses, health) = match family {
        "d20_modern" => ("(defense: 15)", "(hp: 40)"),
        _ => ("(ac: 15)", "(hp: 40)"),
    };
    let units: Vec<String> = units
        .iter()
        .map(|(id, side, x, y, body)| {
            format!(
                "(id: \"{id}\", side: \"{side}\", at: ({x}, {y}), speed: (land: 30), defenses: {defenses}, health: {health}, {body})"
            )
        })
        .collect();
    let row = format!("\"{}\"", ".".repeat(8));
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: [{row}, {row}, {row}, {row}, {row}], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        units.join(", ")
    )
}

/// BAB +2, Str +3, Dex +1, a one-handed blade at +5.
const ANN: &str = r#"bab: 2, abilities: (str: 3, dex: 1), weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]"#;
/// BAB +1, Str +1, Dex +2, a two-handed greatclub at +2.
const BOB: &str = r#"bab: 1, abilities: (str: 1, dex: 2), weapons: [(name: "Greatclub", kind: Melee, attack: 2, damage: "1d10", damage_types: [Bludgeoning], hands: 2)]"#;

fn maneuver(unit: &str, target: &str, maneuver: Maneuver) -> GameCommand {
    GameCommand::Maneuver(cmd::Maneuver {
        unit: unit.into(),
        target: target.into(),
        maneuver,
        weapon: None,
    })
}

fn disarm() -> Maneuver {
    Maneuver::Disarm {
        item: None,
        catch: false,
    }
}

fn end_turn(unit: &str) -> GameCommand {
    GameCommand::EndTurn(cmd::EndTurn { unit: unit.into() })
}

fn has(b: &Battle, unit: &str, c: ConditionName) -> bool {
    effective_conditions(b.world(), &UnitId::from(unit)).contains(&c)
}

fn at(b: &Battle, unit: &str) -> (i32, i32) {
    let s = space_of(b.world(), &UnitId::from(unit)).expect("unit on the map");
    (s.at.x, s.at.y)
}

fn touches(events: &[GameEvent]) -> Vec<ManeuverRoll> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Maneuver(ManeuverEvent::ManeuverResolved { roll, .. }) => Some((**roll).clone()),
            _ => None,
        })
        .collect()
}

/// The opposed checks among `events`: (who rolled `ours`, counter, the check).
fn opposed(events: &[GameEvent]) -> Vec<(String, bool, Opposed)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Maneuver(ManeuverEvent::OpposedResolved {
                unit, counter, opposed, ..
            }) => Some((unit.0.clone(), *counter, (**opposed).clone())),
            _ => None,
        })
        .collect()
}

fn aoo_by(events: &[GameEvent], reactor: &str) -> bool {
    events.iter().any(
        |e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor: r, .. }) if r.0 == reactor),
    )
}

fn weapons(b: &Battle, unit: &str) -> Vec<String> {
    fivefoot::history::UnitSnapshot::of(b.world(), &unit.into())
        .unwrap()
        .weapons
}

fn not_supported(b: &mut Battle, command: GameCommand) -> String {
    match b.submit(command) {
        Err(RuleError::NotSupported(why)) => why,
        other => panic!("expected not supported, got {other:?}"),
    }
}

/// MNV-SRD-2: an unarmed melee touch attack (BAB + Str = +5) against touch AC (10 + Dex 2,
/// lost while flat-footed in round 1: 10), then ann's Strength check (+3) against bob's
/// better of Dexterity (+2) and Strength: the winner trips.
#[test]
fn mnv_srd_2_trip_is_a_touch_attack_then_strength_against_dexterity() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // Initiative 20, 1; touch d20 5 (10 vs 10); checks ann 10 + 3 = 13, bob 10 + 2 = 12.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 5, 10, 10]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    let touch = &touches(&events)[0];
    assert_eq!(
        (touch.weapon.as_str(), touch.total, touch.defense.value),
        ("unarmed", 10, 10)
    );
    assert!(touch.defense.name.starts_with("touch AC"), "{}", touch.defense.name);
    assert!(touch.success);
    let (_, counter, check) = &opposed(&events)[0];
    assert!(!counter);
    assert_eq!((check.ours.total, check.theirs.total, check.won), (13, 12, true));
    assert_eq!(check.what, "Strength check against Dexterity check");
    assert!(has(&b, "bob", ConditionName::Prone));

    // A missed touch attack (d20 4: 9 vs 10) rolls no checks.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 4]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    assert!(!touches(&events)[0].hit && opposed(&events).is_empty());
    assert!(!has(&b, "bob", ConditionName::Prone));
}

/// MNV-SRD-2: "If you lose, the defender may immediately react and make a Strength check
/// opposed by your Dexterity or Strength check to try to trip you."
#[test]
fn mnv_srd_2_a_failed_trip_lets_the_defender_trip_back() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // Touch hits; ann 2 + 3 = 5 loses to bob 10 + 2 = 12; back: bob 15 + 1 = 16 against
    // ann's Strength 5 + 3 = 8.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 2, 10, 15, 5]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    let checks = opposed(&events);
    assert_eq!(checks.len(), 2);
    let (who, counter, back) = &checks[1];
    assert_eq!(
        (who.as_str(), *counter, back.ours.total, back.theirs.total),
        ("bob", true, 16, 8)
    );
    assert!(has(&b, "ann", ConditionName::Prone) && !has(&b, "bob", ConditionName::Prone));
}

/// MNV-SRD-1: a tie goes to the higher ability score, and equal scores roll again.
#[test]
fn mnv_srd_1_opposed_ties_go_to_the_higher_score_then_roll_again() {
    let even = r#"bab: 2, abilities: (str: 2, dex: 2), weapons: []"#;
    let units = [("ann", "a", 2, 0, even), ("bob", "b", 3, 0, even)];
    // Touch 10 hits; checks 10 vs 10 tie with equal scores; again 11 vs 10.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 10, 10, 11, 10]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!(check.rerolled.len(), 1);
    assert!(check.won);
    // Str +3 (score 16) ties at 9 + 3 = 10 + 2 with bob's Str 14: the higher score wins.
    let stronger = r#"bab: 2, abilities: (str: 3, dex: 2), weapons: []"#;
    let units = [("ann", "a", 2, 0, stronger), ("bob", "b", 3, 0, even)];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 9, 10]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!((check.ours.total, check.theirs.total), (12, 12));
    assert!(check.rerolled.is_empty() && check.won, "Str 16 beats Str 14 on a tie");
}

/// MNV-SRD-2: the trip "provokes an attack of opportunity from your target as normal for
/// unarmed attacks"; Improved Trip provokes none, adds +4 to the check and a melee attack on
/// the tripped foe.
#[test]
fn mnv_srd_2_trip_provokes_from_the_target_unless_improved_trip() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // Round 2 (bob has acted, so it may react): bob's attack of opportunity rolls a 1.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 1, 1, 1]);
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("bob"));
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    assert!(aoo_by(&events, "bob"));

    let improved = format!("feats: [ImprovedTrip], {ANN}");
    let units = [("ann", "a", 2, 0, improved.as_str()), ("bob", "b", 3, 0, BOB)];
    // Touch 10; checks ann 5 + 3 + 4 = 12 vs bob 10 + 2 = 12: Str 16 beats Dex 14; then
    // the Blade attack d20 10 and 3 damage.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 5, 10, 10, 3]);
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("bob"));
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    assert!(!aoo_by(&events, "bob"));
    let (_, _, check) = &opposed(&events)[0];
    assert!(
        check
            .ours
            .modifiers
            .iter()
            .any(|m| m.source == "Improved Trip" && m.value == 4)
    );
    assert!(has(&b, "bob", ConditionName::Prone));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Attack(AttackEvent::AttackResolved { context, .. }) if context == "Improved Trip"
    )));
}

/// MNV-SRD-1: trip works on creatures at most one size larger; a Large defender adds +4 for
/// its size (d20 SRD: +4 per size above Medium).
#[test]
fn mnv_srd_1_size_limits_and_size_bonus() {
    let large = format!("size: Large, {BOB}");
    let units = [("ann", "a", 1, 0, ANN), ("bob", "b", 2, 0, large.as_str())];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19, 10, 10, 1, 1]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Trip));
    let (_, _, check) = &opposed(&events)[0];
    assert!(
        check
            .theirs
            .modifiers
            .iter()
            .any(|m| m.value == 4 && m.source == "Large size")
    );
    let huge = format!("size: Huge, {BOB}");
    let units = [("ann", "a", 0, 0, ANN), ("bob", "b", 1, 0, huge.as_str())];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1]);
    let why = b.submit(maneuver("ann", "bob", Maneuver::Trip)).unwrap_err();
    assert!(why.to_string().contains("too big"), "{why}");
}

/// MNV-SRD-3: opposed Strength checks; a win pushes the defender back 5 ft, a loss leaves
/// both where they stood.
#[test]
fn mnv_srd_3_bull_rush_pushes_the_defender_back_5_ft() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 15, 10]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::BullRush));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!((check.ours.total, check.theirs.total), (18, 11));
    assert_eq!(check.what, "Strength check against Strength check");
    assert_eq!(at(&b, "bob"), (4, 0));
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 2, 10]);
    ok(&mut b, maneuver("ann", "bob", Maneuver::BullRush));
    assert_eq!((at(&b, "ann"), at(&b, "bob")), ((2, 0), (3, 0)));
}

/// MNV-SRD-3: moving into the defender's space provokes from every foe that threatens the
/// attacker; an attack of opportunity by anyone but the defender goes astray to the defender
/// on a d% roll of 25 or less.
#[test]
fn mnv_srd_3_bull_rush_provokes_and_attacks_may_go_astray() {
    let units = [
        ("ann", "a", 2, 1, ANN),
        ("bob", "b", 3, 1, BOB),
        ("cat", "b", 2, 2, BOB),
    ];
    // Initiative ann 20, bob 1, cat 2; round 2, in initiative order: cat's astray d% 20
    // sends its attack to bob (d20 1), bob's own rolls 1; the checks 2 vs 10 lose.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 2, 20, 1, 1, 2, 10]);
    for unit in ["ann", "cat", "bob"] {
        ok(&mut b, end_turn(unit));
    }
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::BullRush));
    assert!(aoo_by(&events, "bob") && aoo_by(&events, "cat"));
    let astray = events.iter().find_map(|e| match e {
        GameEvent::Maneuver(ManeuverEvent::AttackAstray { reactor, hits, .. }) => {
            Some((reactor.0.clone(), hits.0.clone()))
        }
        _ => None,
    });
    assert_eq!(astray, Some(("cat".into(), "bob".into())));
}

/// MNV-SRD-4: opposed attack rolls with the two weapons: +4 to the two-handed greatclub; a
/// win drops it in bob's square. A loss lets bob disarm back (its greatclub +4 again).
#[test]
fn mnv_srd_4_disarm_is_opposed_attack_rolls_and_a_failure_lets_the_defender_disarm_back() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // ann 10 + 5 = 15 vs bob 8 + 2 + 4 = 14.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 8]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!((check.ours.total, check.theirs.total, check.won), (15, 14, true));
    assert!(
        check
            .theirs
            .modifiers
            .iter()
            .any(|m| m.value == 4 && m.source.contains("two hands"))
    );
    assert!(weapons(&b, "bob").is_empty());
    let ground = &fivefoot::history::BattleSnapshot::of(b.world()).ground;
    assert_eq!((ground[0].at.x, ground[0].at.y), (3, 0));

    // ann 5 + 5 = 10 loses to 14; back: bob 15 + 2 + 4 = 21 vs ann 5 + 5 = 10.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 5, 8, 15, 5]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    let checks = opposed(&events);
    assert_eq!(
        (checks[1].0.as_str(), checks[1].1, checks[1].2.won),
        ("bob", true, true)
    );
    assert!(weapons(&b, "ann").is_empty());
    assert_eq!(weapons(&b, "bob"), vec!["Greatclub".to_string()]);
}

/// MNV-SRD-4: a light weapon takes −4 (d20 SRD), an unarmed disarm takes the weapon, and
/// Improved Disarm adds +4, provokes nothing and gives no disarm back.
#[test]
fn mnv_srd_4_light_weapons_unarmed_disarm_and_improved_disarm() {
    let knife = r#"bab: 2, abilities: (str: 3), weapons: [(name: "Knife", kind: Melee, attack: 5, damage: "1d4", damage_types: [Piercing], light: true)]"#;
    let units = [("ann", "a", 2, 0, knife), ("bob", "b", 3, 0, BOB)];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 1]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    let (_, _, check) = &opposed(&events)[0];
    assert!(
        check
            .ours
            .modifiers
            .iter()
            .any(|m| m.value == -4 && m.source == "Knife is light")
    );

    let fists = r#"bab: 2, abilities: (str: 3), weapons: [(name: "Fist", kind: Unarmed, attack: 5, damage: "1d3", damage_types: [Bludgeoning])]"#;
    let units = [("ann", "a", 2, 0, fists), ("bob", "b", 3, 0, BOB)];
    // Unarmed +5 − 4 (light) + d20 15 = 16 vs bob 1 + 6 = 7.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 15, 1]);
    ok(&mut b, maneuver("ann", "bob", disarm()));
    assert_eq!(weapons(&b, "ann"), vec!["Fist".to_string(), "Greatclub".to_string()]);

    let improved = format!("feats: [ImprovedDisarm], {ANN}");
    let units = [("ann", "a", 2, 0, improved.as_str()), ("bob", "b", 3, 0, BOB)];
    // Round 2, no AoO; ann 1 + 5 + 4 = 10 loses to 10 + 6 = 16, and bob does not disarm back.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 1, 10]);
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("bob"));
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    assert!(!aoo_by(&events, "bob"));
    assert_eq!(opposed(&events).len(), 1);
}

/// MNV-SRD-4: "If the defender's attack of opportunity deals any damage, your disarm attempt
/// fails."
#[test]
fn mnv_srd_4_a_damaging_attack_of_opportunity_spoils_the_disarm() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // Round 2: bob's AoO d20 19 hits AC 15 for 4 damage.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19, 4]);
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("bob"));
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Maneuver(ManeuverEvent::ManeuverSpoiled { .. })))
    );
    assert!(opposed(&events).is_empty());
    assert_eq!(weapons(&b, "bob"), vec!["Greatclub".to_string()]);
}

/// MNV-SRD-4 d20 Modern: no light-weapon penalty; the larger weapon gets +4 per size (a
/// two-handed weapon is one size larger than its wielder, a light one one smaller), and only
/// the target gets +4 for two hands.
#[test]
fn mnv_srd_4_d20_modern_disarm_compares_weapon_sizes() {
    let knife = r#"bab: 2, abilities: (str: 3), weapons: [(name: "Knife", kind: Melee, attack: 5, damage: "1d4", damage_types: [Piercing], light: true)]"#;
    let units = [("ann", "a", 2, 0, knife), ("bob", "b", 3, 0, BOB)];
    // ann 10 + 5 = 15 ties bob's 15 and loses on the smaller modifier; bob disarms back.
    let mut b = battle(&arena("d20_modern", &units), &[20, 1, 10, 1, 1, 1]);
    let events = ok(&mut b, maneuver("ann", "bob", disarm()));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!(check.ours.total, 15, "{:?}", check.ours.modifiers);
    // Greatclub (Large) against Knife (Small): +8, and +4 for two hands.
    assert_eq!(check.theirs.total, 1 + 2 + 8 + 4, "{:?}", check.theirs.modifiers);
}

/// MNV-SRD-5: a grapple provokes, grabs with a melee touch attack, holds on winning opposed
/// grapple checks (BAB + Str + size), deals unarmed-strike damage (1d3 + Str, nonlethal)
/// and leaves both grappling; an escape is an opposed grapple check.
#[test]
fn mnv_srd_5_grapple_grab_hold_damage_and_escape() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    // Touch 10 (15 vs 10); checks ann 10 + 5 = 15 vs bob 10 + 2 = 12; damage d3 2 + 3.
    // bob's escape: 15 + 2 = 17 vs ann 5 + 5 = 10.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 10, 10, 10, 2, 15, 5]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    let (_, _, check) = &opposed(&events)[0];
    assert_eq!((check.ours.total, check.theirs.total), (15, 12));
    let damage = events.iter().find_map(|e| match e {
        GameEvent::Maneuver(ManeuverEvent::HoldDamage { damage, .. }) => Some((damage.total, damage.lethal)),
        _ => None,
    });
    assert_eq!(damage, Some((5, false)));
    assert!(has(&b, "bob", ConditionName::Grappled) && has(&b, "ann", ConditionName::Grappled));
    ok(&mut b, end_turn("ann"));
    let why = b
        .submit(GameCommand::Move(cmd::Move {
            unit: "bob".into(),
            to: fivefoot::grid::Square::new(3, 2),
            path: None,
            mode: Default::default(),
        }))
        .unwrap_err();
    assert!(why.to_string().contains("cannot move"), "{why}");
    let why = b.submit(maneuver("bob", "ann", Maneuver::Trip)).unwrap_err();
    assert!(why.to_string().contains("only try to escape"), "{why}");
    let events = ok(
        &mut b,
        GameCommand::BreakFree(cmd::BreakFree {
            unit: "bob".into(),
            from: vec![],
        }),
    );
    assert!(opposed(&events)[0].2.won);
    assert!(!has(&b, "bob", ConditionName::Grappled) && !has(&b, "ann", ConditionName::Grappled));
}

/// MNV-SRD-5: "You automatically lose an attempt to hold if the target is two or more size
/// categories larger than you are"; the grab itself may still be tried.
#[test]
fn mnv_srd_5_a_hold_on_a_much_larger_target_fails() {
    let huge = format!("size: Huge, {BOB}");
    let units = [("ann", "a", 0, 0, ANN), ("bob", "b", 1, 0, huge.as_str())];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 15]);
    let events = ok(&mut b, maneuver("ann", "bob", Maneuver::Grapple));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Maneuver(ManeuverEvent::ManeuverSpoiled { .. })))
    );
    assert!(!has(&b, "bob", ConditionName::Grappled));
}

/// MNV-SRD-6, MNV-SRD-7 and the d20 Modern gaps: each answers "not supported yet" rather
/// than a wrong number.
#[test]
fn mnv_srd_6_7_what_is_not_supported_yet_says_so() {
    let units = [("ann", "a", 2, 0, ANN), ("bob", "b", 3, 0, BOB)];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1]);
    assert!(not_supported(&mut b, maneuver("ann", "bob", Maneuver::Overrun)).contains("overrun"));
    assert!(not_supported(&mut b, maneuver("ann", "bob", Maneuver::Sunder)).contains("sunder"));
    let mut b = battle(&arena("d20_modern", &units), &[20, 1]);
    assert!(not_supported(&mut b, maneuver("ann", "bob", Maneuver::Sunder)).contains("no sunder"));
    assert!(not_supported(&mut b, maneuver("ann", "bob", Maneuver::Trip)).contains("touch"));
    assert!(not_supported(&mut b, maneuver("ann", "bob", Maneuver::BullRush)).contains("move action"));
}

fn aid(unit: &str, target: &str, ally: &str, defense: bool) -> GameCommand {
    GameCommand::AidAnother(cmd::AidAnother {
        unit: unit.into(),
        target: target.into(),
        ally: ally.into(),
        weapon: None,
        defense,
    })
}

/// MNV-SRD-8: an attack roll against AC 10 gives the ally +2 on its next attack on the foe,
/// or (the aider's choice) +2 to its AC against the foe's next attack.
#[test]
fn mnv_srd_8_aid_another_helps_the_ally_attack_or_defend() {
    let units = [
        ("ann", "a", 2, 1, ANN),
        ("cid", "a", 4, 1, ANN),
        ("bob", "b", 3, 1, BOB),
    ];
    // Initiative (by id) ann 20, bob 1, cid 19; ann's aid d20 5 (10 vs AC 10); cid's attack d20 8
    // + 5 + 2 = 15 hits AC 15, damage 3.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19, 5, 8, 3]);
    let events = ok(&mut b, aid("ann", "bob", "cid", false));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Attack(AttackEvent::SupportResolved { roll, .. }) if roll.check.success && roll.check.dc == Some(10)
    )));
    ok(&mut b, end_turn("ann"));
    let attack = GameCommand::Attack(cmd::Attack {
        unit: "cid".into(),
        target: "bob".into(),
        weapon: None,
        defensively: false,
        mount: None,
    });
    let events = ok(&mut b, attack);
    let roll = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => Some((**attack).clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        roll.modifiers
            .iter()
            .any(|m| m.value == 2 && m.source == "aid another from ann")
    );

    // The AC choice: bob's next attack on cid meets AC 17.
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19, 5, 16, 3]);
    ok(&mut b, aid("ann", "bob", "cid", true));
    ok(&mut b, end_turn("ann"));
    ok(&mut b, end_turn("cid"));
    let attack = GameCommand::Attack(cmd::Attack {
        unit: "bob".into(),
        target: "cid".into(),
        weapon: None,
        defensively: false,
        mount: None,
    });
    let events = ok(&mut b, attack);
    let roll = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => Some((**attack).clone()),
            _ => None,
        })
        .unwrap();
    let aided = roll
        .defense
        .modifiers
        .iter()
        .any(|m| m.value == 2 && m.source == "aid another from ann");
    assert!(aided, "{:?}", roll.defense);
}

/// MNV-SRD-8: the aider must be in position to make a melee attack (d20 SRD) on a foe that is
/// engaging the ally in melee.
#[test]
fn mnv_srd_8_aid_another_needs_melee_and_an_engaged_ally() {
    let bow = r#"bab: 2, abilities: (dex: 3), weapons: [(name: "Bow", kind: Ranged, attack: 5, damage: "1d8", damage_types: [Piercing], range_increment: 60)]"#;
    let units = [
        ("ann", "a", 0, 1, bow),
        ("cid", "a", 4, 1, ANN),
        ("bob", "b", 3, 1, BOB),
    ];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19]);
    let why = b.submit(aid("ann", "bob", "cid", false)).unwrap_err();
    assert!(why.to_string().contains("melee"), "{why}");
    let units = [
        ("ann", "a", 2, 1, ANN),
        ("cid", "a", 7, 4, ANN),
        ("bob", "b", 3, 1, BOB),
    ];
    let mut b = battle(&arena("d20_srd", &units), &[20, 1, 19]);
    let why = b.submit(aid("ann", "bob", "cid", false)).unwrap_err();
    assert!(why.to_string().contains("not engaging"), "{why}");
}

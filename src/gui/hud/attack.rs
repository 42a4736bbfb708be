//! Attack mode on screen (issue #6 item 3): the attack preview of the hovered unit
//! (`views::attack`: the rules' preview with every modifier, the roll needed, the chance to
//! hit and the damage to expect; in full attack mode each attack) in a side panel, and the
//! lines that decided it drawn on the map: the cover lines (obstructed ones in orange), the
//! concealment lines dashed in violet with the concealing square, and the flanking line.
//! Decides no rule.

use crate::gui::hud::log::named;
use crate::gui::look::camera::{HUD_BOTTOM, HUD_RIGHT};
use crate::gui::look::font::mono_text;
use crate::gui::look::markers::PreviewPanel;
use crate::gui::look::palette::{BLOCKED_LINE, CLEAR_LINE, CONCEALED_LINE, FLANK_LINE, UNCONCEALED_LINE};
use crate::gui::look::tiles::{TILE, intersection_point, square_centre};
use crate::gui::state::mode::Mode;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::gui::views::attack::{AttackView, preview_lines};
use crate::gui::views::sight::Sight;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_attack_panel);
    app.add_systems(
        Update,
        (show_attack_panel, draw_attack_lines)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

#[derive(Component)]
struct AttackPanel;

#[derive(Component)]
struct AttackPanelText;

/// The place and look of a preview panel: the right column above the bottom bar, hidden until
/// there is something to preview (the attack and the area previews share it; their modes never
/// show together).
pub(in crate::gui) fn preview_panel_look() -> (PreviewPanel, Node, BackgroundColor) {
    (
        PreviewPanel,
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(0.0),
            bottom: Val::Px(HUD_BOTTOM),
            width: Val::Px(HUD_RIGHT),
            padding: UiRect::all(Val::Px(8.0)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(0.06, 0.07, 0.09, 0.92)),
    )
}

fn spawn_attack_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Attack preview panel"),
        AttackPanel,
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        preview_panel_look(),
        children![(
            Name::new("Attack preview"),
            AttackPanelText,
            Text::new(""),
            mono_text(13.0),
            TextColor(Color::srgb(0.92, 0.92, 0.85)),
        )],
    ));
}

fn show_attack_panel(
    session: Res<Session>,
    view: Res<AttackView>,
    mode: Res<Mode>,
    sight: Option<Res<Sight>>,
    mut panel: Single<&mut Node, With<AttackPanel>>,
    mut text: Single<&mut Text, With<AttackPanelText>>,
) {
    if !view.is_changed() {
        return;
    }
    panel.display = if view.hover.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    let world = session.battle.world();
    let lines = view
        .hover
        .as_ref()
        .map(|h| preview_lines(world, h, *mode == Mode::FullAttack).join("\n"))
        .unwrap_or_default();
    // The rules' refusals name units by id: the panel shows names.
    text.0 = named(world, &lines, |u| sight.as_ref().is_some_and(|s| s.hides(u)));
}

/// One drawn line of the attack view.
#[derive(Component)]
pub struct AttackLine;

fn line(from: Vec2, to: Vec2, colour: Color, width: f32, z: f32) -> (Sprite, Transform) {
    let d = to - from;
    (
        Sprite {
            color: colour,
            custom_size: Some(Vec2::new(d.length().max(1.0), width)),
            ..default()
        },
        Transform::from_translation(((from + to) / 2.0).extend(z)).with_rotation(Quat::from_rotation_z(d.to_angle())),
    )
}

fn draw_attack_lines(mut commands: Commands, view: Res<AttackView>, old: Query<Entity, With<AttackLine>>) {
    if !view.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(hover) = &view.hover else { return };
    for (i, l) in hover.cover_lines.iter().enumerate() {
        let colour = if l.obstructed_by.is_some() {
            BLOCKED_LINE
        } else {
            CLEAR_LINE
        };
        commands.spawn((
            Name::new(format!("Cover line {}", i + 1)),
            AttackLine,
            DespawnOnExit(Screen::Battle),
            line(intersection_point(l.from), intersection_point(l.to), colour, 2.5, 9.0),
        ));
    }
    for (i, l) in hover.concealment_lines.iter().enumerate() {
        let (from, to) = (intersection_point(l.from), intersection_point(l.to));
        let colour = if l.through.is_some() {
            CONCEALED_LINE
        } else {
            UNCONCEALED_LINE.with_alpha(0.7)
        };
        // Dashes, so the concealment lines read apart from the solid cover lines they may overlap.
        let d = to - from;
        let dashes = (d.length() / 12.0).ceil().max(1.0) as usize;
        for k in (0..dashes).step_by(2) {
            let a = from + d * (k as f32 / dashes as f32);
            let b = from + d * ((k + 1) as f32 / dashes as f32);
            commands.spawn((
                Name::new(format!("Concealment line {} dash", i + 1)),
                AttackLine,
                DespawnOnExit(Screen::Battle),
                line(a, b, colour, 2.0, 9.2),
            ));
        }
        if let Some((_, sq)) = l.through {
            commands.spawn((
                Name::new(format!("Concealing square {}", i + 1)),
                AttackLine,
                DespawnOnExit(Screen::Battle),
                Sprite {
                    color: CONCEALED_LINE.with_alpha(0.25),
                    custom_size: Some(Vec2::splat(TILE * 0.9)),
                    ..default()
                },
                Transform::from_translation(square_centre(sq).extend(8.8)),
            ));
        }
    }
    if let Some((x, y)) = hover.flank {
        commands.spawn((
            Name::new("Flanking line"),
            AttackLine,
            DespawnOnExit(Screen::Battle),
            line(square_centre(x), square_centre(y), FLANK_LINE, 4.0, 9.5),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::AttackKind;
    use crate::grid::Concealment;
    use crate::grid::CoverParams;
    use crate::grid::Space;
    use crate::grid::Square;
    use crate::grid::cover;
    use crate::gui::views::attack::attack_hover;
    use crate::gui::views::attack::full_attack_preview;
    use crate::rules::UnitId;
    use crate::rules::attack::action::AttackPreview;
    use crate::rules::attack::action::preview_attack;
    use crate::rules::attack::concealment::ConcealmentSource;
    use crate::rules::attack::preview::preview_full_attack;
    use crate::rules::battlefield::Terrain;
    use crate::rules::reactions::threat::space_of;
    use crate::ruleset::Ruleset;
    use crate::testing::battle;

    /// `me` and `pal` flank `foe` (west and east of it); `far` stands behind a crate.
    const FIGHT: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: [
        "..........",
        "..........",
        "..........",
        ".....c....",
        "..........",
    ], legend: { '.': (terrain: Floor), 'c': (terrain: Cover) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (1, 1), speed: (land: 30), initiative: 5,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing]),
                   (name: "Pistol", kind: Ranged, attack: 4, damage: "1d4", damage_types: [Fire],
                    range_increment: 30)]),
        (id: "pal", side: "a", at: (3, 1), speed: (land: 30), initiative: 1,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "foe", side: "b", at: (2, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "far", side: "b", at: (6, 4), speed: (land: 30), initiative: 19,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn my_turn() -> crate::history::Battle {
        let mut b = battle(FIGHT, &[]);
        crate::testing::pass_until_turn_of(&mut b, "me");
        b
    }

    fn json(p: &AttackPreview) -> serde_json::Value {
        serde_json::to_value(p).expect("serializes")
    }

    /// FLK-1: the preview is the rules' own, and the flanking line joins `me` and `pal`.
    #[test]
    fn hovering_a_flanked_foe_shows_the_rules_preview_and_the_flanking_line() {
        let b = my_turn();
        let w = b.world();
        let hover = attack_hover(w, &id("me"), Square::new(2, 1), None).expect("a unit there");
        assert_eq!(hover.target, id("foe"));
        let shown = hover.preview.as_ref().expect("legal");
        let rules = preview_attack(w, &id("me"), &id("foe"), None).expect("legal");
        assert_eq!(json(shown), json(&rules));
        assert_eq!(shown.situation.flanking_with, Some(id("pal")));
        assert_eq!(hover.flank, Some((Square::new(1, 1), Square::new(3, 1))));
        let lines = preview_lines(w, &hover, false);
        assert!(
            lines.contains(&format!(
                "Needs {}+ on d20: {:.1}% to hit, {:.1}% crit",
                rules.roll_needed, rules.chance_to_hit, rules.chance_to_crit
            )),
            "{lines:?}"
        );
        assert!(lines.contains(&format!("vs {} {}", rules.defense.name, rules.defense.value)));
        assert!(lines.iter().any(|l| l.contains("flanking")), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("Flanking with")), "{lines:?}");
        // The attack bonus lines add up to the rules' bonus.
        let sum: i32 = lines
            .iter()
            .filter(|l| l.starts_with("  ") && !l.contains(" vs "))
            .take(1 + rules.situation.attack.len())
            .filter_map(|l| l.split_whitespace().next()?.parse::<i32>().ok())
            .sum();
        assert_eq!(sum, rules.attack_bonus);
    }

    /// COV-1: the lines drawn are the rules' deciding lines; a crate on them gives cover.
    #[test]
    fn a_ranged_attack_past_a_crate_draws_the_deciding_lines() {
        let b = my_turn();
        let w = b.world();
        let hover = attack_hover(w, &id("me"), Square::new(6, 4), Some("Pistol")).expect("a unit there");
        let p = hover.preview.as_ref().expect("legal");
        assert_eq!(p.weapon, "Pistol");
        let others: Vec<Space> = ["foe", "pal"].iter().filter_map(|u| space_of(w, &id(u))).collect();
        let rules = cover(
            &w.resource::<Terrain>().0,
            &CoverParams::from_ruleset(w.resource::<Ruleset>()),
            space_of(w, &id("me")).expect("placed"),
            space_of(w, &id("far")).expect("placed"),
            &others,
            AttackKind::Ranged,
        );
        assert_eq!(hover.cover_lines, rules.lines);
        assert!(!hover.cover_lines.is_empty());
        assert_eq!(
            format!("{:?}", p.situation.cover),
            format!("{:?}", rules.degree),
            "the lines decided the preview's cover"
        );
        assert_eq!(hover.flank, None, "ranged attacks never flank");
        assert!(attack_hover(w, &id("me"), Square::new(9, 0), None).is_none(), "nobody");
    }

    /// CON-1: smoke between the shooter and its target conceals it; the drawn concealment
    /// lines are the deciding choice's, at least one passes through the smoke, and the level
    /// they decide is the preview's. Without the smoke nothing is drawn.
    #[test]
    fn con_1_a_shot_through_smoke_draws_the_deciding_concealment_lines() {
        let smoky = FIGHT.replace(
            "        \"..........\",\n        \".....c....\",",
            "        \"....ss....\",\n        \"....ssc...\",",
        );
        let smoky = smoky.replace(
            "'c': (terrain: Cover) }",
            "'c': (terrain: Cover), 's': (terrain: Floor, concealment: Normal, blocks_sight: false) }",
        );
        assert_ne!(smoky, FIGHT);
        let mut b = battle(&smoky, &[]);
        crate::testing::pass_until_turn_of(&mut b, "me");
        let w = b.world();
        let hover = attack_hover(w, &id("me"), Square::new(6, 4), Some("Pistol")).expect("a unit there");
        let p = hover.preview.as_ref().expect("legal");
        assert_eq!(p.situation.concealment, Concealment::Normal);
        assert_eq!(hover.concealment_lines.len(), 4);
        assert!(hover.concealment_lines.iter().any(|l| l.through.is_some()));
        for l in &hover.concealment_lines {
            if let Some((level, sq)) = l.through {
                assert_eq!(level, Concealment::Normal);
                assert!((4..=5).contains(&sq.x) && (2..=3).contains(&sq.y), "{sq}");
            }
        }
        let clear = my_turn();
        let hover = attack_hover(clear.world(), &id("me"), Square::new(6, 4), Some("Pistol")).expect("a unit");
        assert!(hover.concealment_lines.is_empty());
    }

    /// Issue #19 follow-up, CON-1: fog between the two (it blocks sight, not effect) gives
    /// total concealment with no concealing square on the lines drawn; the panel says why.
    #[test]
    fn con_1_the_panel_names_what_decided_the_concealment() {
        let mut b = battle(include_str!("../../../tests/concealment/fog_starfinder.ron"), &[]);
        crate::testing::pass_until_turn_of(&mut b, "a1");
        let w = b.world();
        let hover = attack_hover(w, &id("a1"), Square::new(4, 2), None).expect("b1 there");
        let p = hover.preview.as_ref().expect("legal");
        assert_eq!(
            (p.situation.concealment, p.situation.concealment_source),
            (Concealment::Total, ConcealmentSource::NoLineOfSight)
        );
        let lines = preview_lines(w, &hover, false);
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("concealment: total (no line of sight)")),
            "{lines:?}"
        );
        // Without concealment no source is named.
        let clear = my_turn();
        let hover = attack_hover(clear.world(), &id("me"), Square::new(2, 1), None).expect("foe");
        let lines = preview_lines(clear.world(), &hover, false);
        assert!(lines.iter().any(|l| l.ends_with("concealment: none")), "{lines:?}");
    }

    /// Issue #18 item 5: the panel gives the weapon's damage dice, the mean on a hit and a
    /// critical and the damage to expect — the rules' `damage_odds`, not the panel's sums.
    #[test]
    fn the_panel_shows_the_damage_dice_and_the_damage_to_expect() {
        let b = my_turn();
        let w = b.world();
        let hover = attack_hover(w, &id("me"), Square::new(2, 1), Some("Blade")).expect("foe");
        let p = hover.preview.as_ref().expect("legal");
        let d = p.damage_odds.as_ref().expect("no reduction in the way");
        assert_eq!((d.dice.as_str(), d.on_hit, d.on_crit), ("1d6", 3.5, 7.0));
        let lines = preview_lines(w, &hover, false);
        let expected = format!(
            "Damage 1d6: 3.5 on a hit, 7.0 on a crit | expect {:.1}",
            p.expected_damage()
        );
        assert!(lines.contains(&expected), "{lines:?}");
    }

    /// §4.3.1 starfinder (001:1071-1082): in full attack mode the panel lists both attacks of
    /// the full attack a click sends, each at −4 with its own odds, from the rules' preview.
    #[test]
    fn full_attack_4_3_1_the_panel_lists_each_attack_with_its_penalty_and_odds() {
        let b = my_turn();
        let w = b.world();
        let mut hover = attack_hover(w, &id("me"), Square::new(2, 1), Some("Blade")).expect("foe");
        hover.full = Some(full_attack_preview(w, &id("me"), &id("foe"), Some("Blade".into())));
        let full = hover.full.clone().expect("set").expect("legal");
        let rules = preview_full_attack(w, &id("me"), &[id("foe"), id("foe")], Some("Blade"), &[]).expect("legal");
        assert_eq!(full.attacks.len(), 2);
        assert_eq!(
            serde_json::to_value(&full).expect("json"),
            serde_json::to_value(&rules).expect("json")
        );
        let lines = preview_lines(w, &hover, true);
        assert!(
            lines.contains(&"Full attack: 2 attack(s), each -4 full attack".to_string()),
            "{lines:?}"
        );
        for (i, a) in rules.attacks.iter().enumerate() {
            let single = hover.preview.as_ref().expect("legal").attack_bonus;
            assert_eq!(a.attack_bonus, single - 4, "the single attack's bonus, −4");
            // Each attack's bonus, defense and roll needed, then its odds and expected damage
            // (two short lines: issue #18, the panel at 1024×768).
            let line = format!(
                "{}. {:+} vs {} {}: needs {}+",
                i + 1,
                a.attack_bonus,
                a.defense.name,
                a.defense.value,
                a.roll_needed,
            );
            assert!(lines.contains(&line), "{line} in {lines:?}");
            let odds = format!(
                "   {:.1}% hit, {:.1}% crit, ~{:.1}",
                a.chance_to_hit,
                a.chance_to_crit,
                a.expected_damage()
            );
            assert!(lines.contains(&odds), "{odds} in {lines:?}");
        }
        assert!(
            lines.contains(&format!("Expect {:.1} damage in all", rules.expected_damage)),
            "{lines:?}"
        );
        // The single attack's roll is not repeated over the full attack's.
        assert!(!lines.iter().any(|l| l.starts_with("Needs ")), "{lines:?}");
        // Every line fits the panel's width (or wraps once at most): 2 × 29 monospace characters.
        assert!(lines.iter().all(|l| l.chars().count() <= 58), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("(one attack shown")), "{lines:?}");
        // The status line gives the full attack's odds, not the single attack's.
        let status = crate::gui::hud::status::attack_line(w, Some(&hover));
        let each = format!(
            "{:.1}% / {:.1}%",
            rules.attacks[0].chance_to_hit, rules.attacks[1].chance_to_hit
        );
        assert!(
            status.starts_with("Full attack: 2 attack(s), ") && status.contains(&each),
            "{status}"
        );
    }

    #[test]
    fn an_attack_out_of_reach_shows_the_rules_reason() {
        let b = my_turn();
        let w = b.world();
        let hover = attack_hover(w, &id("me"), Square::new(6, 4), Some("Blade")).expect("a unit there");
        let why = hover.preview.as_ref().expect_err("out of reach");
        assert_eq!(
            *why,
            preview_attack(w, &id("me"), &id("far"), Some("Blade"))
                .expect_err("same")
                .to_string()
        );
        assert_eq!(
            preview_lines(w, &hover, false).last(),
            Some(&format!("Not possible: {why}"))
        );
    }
}

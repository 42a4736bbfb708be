//! Area mode on screen (issue #6 item 3): the template the rules would fill at the hovered
//! intersection (`views::area`), the squares the map cuts off, a ring on each unit caught and
//! the origin, and a side panel with the rules' odds (issue #18 item 5). R or the wheel turns
//! a cone or line (Shift+R or the wheel down: back; the wheel does not zoom meanwhile); a click
//! throws (`board::input`). Decides no rule.

use crate::grid::Square;
use crate::gui::hud::attack::preview_panel_look;
use crate::gui::hud::log::named;
use crate::gui::look::palette::{AREA_COLOUR, CUT_OFF_COLOUR};
use crate::gui::look::tiles::{GuiImages, TILE, intersection_point, space_centre, square_centre};
use crate::gui::state::hover::cursor_over_hud;
use crate::gui::state::mode::{AreaAim, Mode};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::gui::views::area::{AreaView, area_odds_lines};
use crate::rules::reactions::threat::space_of;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_area_panel);
    app.add_systems(
        Update,
        (
            (
                rotate_template,
                // Over a panel the wheel is the panel's: over the log it scrolls the log only.
                rotate_with_wheel.run_if(not(cursor_over_hud)),
            )
                .in_set(AppSystems::Input),
            (draw_area, show_area_panel).in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

fn rotate_template(keys: Res<ButtonInput<KeyCode>>, mode: Res<Mode>, mut aim: ResMut<AreaAim>) {
    if mode.turns_a_template() && keys.just_pressed(KeyCode::KeyR) {
        let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        aim.0 = aim.0.rotate_clockwise(if back { -1 } else { 1 });
    }
}

/// The turns (45° each, clockwise positive) a wheel movement of `delta_y` gives: one a
/// frame, up clockwise.
pub fn wheel_turns(delta_y: f32) -> i32 {
    match delta_y {
        d if d > 0.0 => 1,
        d if d < 0.0 => -1,
        _ => 0,
    }
}

fn rotate_with_wheel(
    scroll: Res<bevy::input::mouse::AccumulatedMouseScroll>,
    mode: Res<Mode>,
    mut aim: ResMut<AreaAim>,
) {
    let turns = wheel_turns(scroll.delta.y);
    if mode.turns_a_template() && turns != 0 {
        aim.0 = aim.0.rotate_clockwise(turns);
    }
}

/// One drawn piece of the area preview.
#[derive(Component)]
pub struct AreaMarker;

fn draw_area(
    mut commands: Commands,
    session: Res<Session>,
    view: Res<AreaView>,
    images: Res<GuiImages>,
    old: Query<Entity, With<AreaMarker>>,
) {
    if !view.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(hover) = &view.hover else { return };
    let square = |sq: Square, colour: Color, what: &str| {
        (
            Name::new(format!("Area {what} {sq}")),
            AreaMarker,
            DespawnOnExit(Screen::Battle),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::splat(TILE * 0.96)),
                ..default()
            },
            Transform::from_translation(square_centre(sq).extend(5.5)),
        )
    };
    for sq in &hover.squares {
        commands.spawn(square(*sq, AREA_COLOUR.with_alpha(0.4), "square"));
    }
    for sq in &hover.cut_off {
        commands.spawn(square(*sq, CUT_OFF_COLOUR.with_alpha(0.55), "cut off"));
    }
    let origin = intersection_point(hover.at);
    commands.spawn((
        Name::new("Area origin"),
        AreaMarker,
        DespawnOnExit(Screen::Battle),
        Sprite {
            image: images.dot.clone(),
            color: AREA_COLOUR,
            custom_size: Some(Vec2::splat(TILE * 0.3)),
            ..default()
        },
        Transform::from_translation(origin.extend(9.0)),
    ));
    let world = session.battle.world();
    for (unit, _) in &hover.affected {
        if let Some(space) = space_of(world, unit) {
            commands.spawn((
                Name::new(format!("Caught {unit}")),
                AreaMarker,
                DespawnOnExit(Screen::Battle),
                Sprite {
                    image: images.ring.clone(),
                    color: AREA_COLOUR,
                    custom_size: Some(Vec2::splat(TILE * space.side as f32 * 1.05)),
                    ..default()
                },
                Transform::from_translation(space_centre(space).extend(8.0)),
            ));
        }
    }
}

#[derive(Component)]
struct AreaPanel;

#[derive(Component)]
struct AreaPanelText;

/// The odds panel, where the attack preview's panel is (the two modes never show together).
fn spawn_area_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Area odds panel"),
        AreaPanel,
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        preview_panel_look(),
        children![(
            Name::new("Area odds"),
            AreaPanelText,
            Text::new(""),
            TextFont::from_font_size(13.0),
            TextColor(Color::srgb(0.92, 0.92, 0.85)),
        )],
    ));
}

fn show_area_panel(
    session: Res<Session>,
    view: Res<AreaView>,
    mut panel: Single<&mut Node, With<AreaPanel>>,
    mut text: Single<&mut Text, With<AreaPanelText>>,
) {
    if !view.is_changed() {
        return;
    }
    let world = session.battle.world();
    let lines = view
        .hover
        .as_ref()
        .map(|h| area_odds_lines(world, h))
        .unwrap_or_default();
    panel.display = if lines.is_empty() { Display::None } else { Display::Flex };
    // The rules' refusals name units by id: the panel shows names.
    text.0 = named(world, &lines.join("\n"), |_| false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::AreaShape;
    use crate::grid::Direction8;
    use crate::grid::Intersection;
    use crate::grid::TemplateSpec;
    use crate::grid::template;
    use crate::gui::intake::command::area_command;
    use crate::gui::views::area::area_hover;
    use crate::gui::views::area::area_line;
    use crate::rules::AreaShapeKind;
    use crate::rules::GameCommand;
    use crate::rules::UnitId;
    use crate::rules::area::check_area_attack;
    use crate::rules::area::cover_in_template;
    use crate::rules::area::preview::preview_area_attack;
    use crate::rules::battlefield::Terrain;
    use crate::rules::cmd;
    use crate::ruleset::Ruleset;
    use crate::testing::battle;

    #[test]
    fn the_wheel_turns_the_template_one_step_a_frame() {
        assert_eq!(wheel_turns(3.0), 1);
        assert_eq!(wheel_turns(-0.5), -1);
        assert_eq!(wheel_turns(0.0), 0);
        assert_eq!(Direction8::E.rotate_clockwise(wheel_turns(1.0)), Direction8::SE);
    }

    /// Issue #18: in area mode the wheel over a panel (the log) leaves the template alone;
    /// over the map it turns it.
    #[test]
    fn the_wheel_over_a_panel_does_not_turn_the_template() {
        use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(Mode::Area);
        app.init_resource::<AreaAim>();
        app.insert_resource(AccumulatedMouseScroll {
            unit: MouseScrollUnit::Line,
            delta: Vec2::new(0.0, 1.0),
        });
        app.add_systems(
            Update,
            rotate_with_wheel.run_if(not(crate::gui::state::hover::cursor_over_hud)),
        );
        let log = app.world_mut().spawn(Interaction::Hovered).id();
        let before = app.world().resource::<AreaAim>().0;
        app.update();
        assert_eq!(app.world().resource::<AreaAim>().0, before, "the log took the wheel");
        app.world_mut().entity_mut(log).insert(Interaction::None);
        app.update();
        assert_eq!(
            app.world().resource::<AreaAim>().0,
            before.rotate_clockwise(1),
            "over the map"
        );
    }

    /// `me` with a grenade (10-ft burst) and a flamer (15-ft cone); two foes side by side, a
    /// wall east of them.
    const BLAST: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: [
        "..........",
        "..........",
        "......#...",
        "..........",
        "..........",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (0, 2), speed: (land: 30), initiative: 5,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         saves: (fortitude: 1, reflex: 1, will: 1),
         weapons: [(name: "Frag grenade", kind: Thrown, attack: 3, damage: "1d6", damage_types: [Piercing],
                    range_increment: 20, area: (shape: Burst, size_ft: 10), save_dc: 13),
                   (name: "Flamer", kind: Ranged, attack: 3, damage: "1d6", damage_types: [Fire],
                    range_increment: 20, area: (shape: Cone, size_ft: 15), save_dc: 13)]),
        (id: "f1", side: "b", at: (4, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3), saves: (fortitude: 1, reflex: 1, will: 1)),
        (id: "f2", side: "b", at: (4, 3), speed: (land: 30), initiative: 19,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3), saves: (fortitude: 1, reflex: 1, will: 1)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn my_turn() -> crate::history::Battle {
        let mut b = battle(BLAST, &[]);
        crate::testing::pass_until_turn_of(&mut b, "me");
        b
    }

    /// AREA-1..AREA-4: the preview is `grid::template` at the corner, the units in it with
    /// `cover_in_template`'s degree, and the rules' verdict on the throw.
    #[test]
    fn a_burst_previews_the_rules_template_and_who_it_catches() {
        let b = my_turn();
        let w = b.world();
        let at = Intersection::new(5, 2);
        let hover = area_hover(w, &id("me"), None, at, Direction8::E).expect("an area weapon");
        assert_eq!(hover.weapon, "Frag grenade");
        let spec = TemplateSpec {
            shape: AreaShape::Burst,
            origin: at,
            radius_squares: 2,
        };
        let t = template(&w.resource::<Terrain>().0, w.resource::<Ruleset>().grid.diagonal, &spec);
        assert_eq!(hover.squares, t.squares);
        assert_eq!(hover.cut_off, t.cut_off.iter().map(|c| c.square).collect::<Vec<_>>());
        let caught: Vec<&UnitId> = hover.affected.iter().map(|(u, _)| u).collect();
        assert_eq!(caught, vec![&id("f1"), &id("f2")]);
        for (u, cover) in &hover.affected {
            let rules = cover_in_template(w, AreaShapeKind::Burst, at, u);
            assert_eq!(*cover, format!("{rules:?}").to_lowercase());
        }
        assert_eq!(
            hover.allowed,
            check_area_attack(w, &id("me"), "Frag grenade", at, None)
                .map(|_| ())
                .map_err(|e| e.to_string())
        );
        assert!(area_line(w, &hover, Direction8::E).contains("catches "));
    }

    /// Issue #18 item 5, RNG-1, AREA-5: the odds panel is the rules' preview — the grenade
    /// at (5, 2) is 20 ft off (no penalty), +3 against AC 5 lands on a 2+ (95 %), and each foe
    /// saves with Reflex +1 against DC 13 on a 12+ (45 %).
    #[test]
    fn the_odds_panel_gives_the_chance_to_land_and_each_save() {
        let b = my_turn();
        let w = b.world();
        let at = Intersection::new(5, 2);
        let hover = area_hover(w, &id("me"), None, at, Direction8::E).expect("an area weapon");
        let odds = hover.odds.clone().expect("the rules preview it");
        assert_eq!(
            Some(&odds),
            preview_area_attack(w, &id("me"), "Frag grenade", at, None)
                .ok()
                .as_ref()
        );
        let lines = area_odds_lines(w, &hover);
        assert_eq!(lines[0], "Frag grenade +3 (no range penalty)", "{lines:?}");
        assert!(
            lines.contains(&"vs AC 5 of the intersection: 95.0% to land there (a miss scatters)".to_string()),
            "{lines:?}"
        );
        let saves: Vec<&String> = lines.iter().filter(|l| l.contains("to save")).collect();
        assert_eq!(saves.len(), 2, "{lines:?}");
        for t in &odds.targets {
            assert_eq!(
                (t.save_bonus, t.save_dc, t.chance_to_save),
                (Some(1), Some(13), Some(45.0))
            );
        }
    }

    /// A cone follows the aim; the command carries the direction only for directed shapes.
    #[test]
    fn a_cone_turns_with_the_aim_and_the_click_sends_the_area_command() {
        let b = my_turn();
        let w = b.world();
        let corner = Intersection::new(1, 3);
        let east = area_hover(w, &id("me"), Some("Flamer"), corner, Direction8::E).expect("a cone");
        let north = area_hover(w, &id("me"), Some("Flamer"), corner, Direction8::N).expect("a cone");
        assert_ne!(east.squares, north.squares);
        assert_eq!(
            area_command(w, id("me"), Some("Flamer"), corner, Direction8::N),
            Ok(GameCommand::AreaAttack(cmd::AreaAttack {
                unit: id("me"),
                weapon: "Flamer".into(),
                at: corner,
                dir: Some(Direction8::N)
            }))
        );
        assert_eq!(
            area_command(w, id("me"), None, Intersection::new(5, 2), Direction8::N),
            Ok(GameCommand::AreaAttack(cmd::AreaAttack {
                unit: id("me"),
                weapon: "Frag grenade".into(),
                at: Intersection::new(5, 2),
                dir: None
            }))
        );
    }
}

//! Vehicles on the board (RULES.md §25, VEH-1): a vehicle's token becomes a hull the size of
//! its space with a heading wedge on its front edge, its heading and status (stopped, running,
//! racing, uncontrolled, wrecked) on its name label; the creatures aboard are drawn smaller on top of it, so both
//! stay visible in the squares they share. Adjusts the tokens `tokens` spawned; reads the
//! rules' `vehicle_view`, decides nothing.

use crate::grid::Heading;
use crate::gui::look::markers::{HeadingMarker, Token, TokenLabel};
use crate::gui::look::palette::WEDGE_COLOUR;
use crate::gui::look::tiles::TILE;
use crate::gui::state::screen::SyncTokens;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::rules::UnitId;
use crate::rules::vehicle::{VehicleState, VehicleView, riding, vehicle_view};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        dress_vehicle_tokens
            .after(SyncTokens)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<Revision>),
    );
}

/// A rider's token is drawn at this fraction of its size, above the hull.
pub const RIDER_SCALE: f32 = 0.62;
/// Hulls sit below other tokens, riders above them.
const HULL_Z: f32 = 4.0;
const RIDER_Z: f32 = 6.0;
/// A vehicle's status, on its name label (which reads "name · heading · status").
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct StatusTag(pub String);

/// What a vehicle is doing, in a word for its tag: wrecked, uncontrolled (no pilot while it
/// runs or moves, VEH-11), racing (it raced and keeps going, VEH-6), running (started), or
/// stopped. Autocontrol (VEH-13) is added when engaged.
pub fn status_tag(state: &VehicleState, wrecked: bool) -> String {
    let word = if wrecked {
        "wrecked"
    } else if state.controlled_by.is_none() && (state.started || state.is_moving()) {
        "uncontrolled"
    } else if state.keeps_going {
        "racing"
    } else if state.started {
        "running"
    } else {
        "stopped"
    };
    if state.autocontrol_engaged && !wrecked {
        format!("{word}, autocontrol")
    } else {
        word.to_string()
    }
}

/// The turn that points "up" (north, the screen's +y) at `heading`'s front edge.
pub fn heading_rotation(heading: Heading) -> Quat {
    let quarter = std::f32::consts::FRAC_PI_2;
    Quat::from_rotation_z(match heading {
        Heading::N => 0.0,
        Heading::E => -quarter,
        Heading::S => 2.0 * quarter,
        Heading::W => quarter,
    })
}

/// Where the wedge sits relative to the token's centre: the middle of the front edge (VEH-2's
/// reference point), a little inside so it stays over the hull.
pub fn wedge_offset(heading: Heading, side: u32) -> Vec2 {
    let half = TILE * side.max(1) as f32 / 2.0 - 10.0;
    let (dx, dy) = heading.step();
    // Grid y grows downward, world y upward.
    Vec2::new(dx as f32 * half, -(dy as f32) * half)
}

fn dress_vehicle_tokens(
    mut commands: Commands,
    session: Res<Session>,
    mut tokens: Query<(Entity, &Token, &mut Transform, &Children)>,
    mut sprites: Query<(&Name, &mut Sprite)>,
    mut labels: Query<(&mut Text2d, &mut TokenLabel)>,
) {
    let world = session.battle.world();
    for (entity, token, mut transform, children) in &mut tokens {
        if let Ok(view) = vehicle_view(world, &token.0) {
            transform.translation.z = HULL_Z;
            dress_hull(&mut commands, entity, children, &mut sprites, &view);
            // The heading and the status join the name: a tag under the hull ran over the
            // name of whoever stood below it, and did not keep its size with the zoom.
            let tag = status_tag(&view.state, view.wrecked);
            for child in children.iter() {
                if let Ok((mut text, mut label)) = labels.get_mut(child) {
                    text.0 = hull_label(&text.0, view.heading, &tag);
                    label.chars = text.0.chars().count();
                    commands.entity(child).insert(StatusTag(tag.clone()));
                }
            }
        } else if riding(world, &token.0).is_some() {
            transform.translation.z = RIDER_Z;
            transform.scale = Vec3::splat(RIDER_SCALE);
        }
    }
}

/// The disc becomes a square hull; the wedge and the tag are added.
fn dress_hull(
    commands: &mut Commands,
    token: Entity,
    children: &Children,
    sprites: &mut Query<(&Name, &mut Sprite)>,
    view: &VehicleView,
) {
    let size = TILE * view.space.max(1) as f32;
    for child in children.iter() {
        if let Ok((name, mut sprite)) = sprites.get_mut(child)
            && name.as_str() == "Disc"
        {
            // A plain sprite (the default image) is a filled square: the vehicle's footprint.
            sprite.image = Handle::default();
            sprite.color = sprite.color.mix(&Color::srgb(0.15, 0.15, 0.18), 0.45);
            sprite.custom_size = Some(Vec2::splat(size * 0.94));
        }
    }
    let offset = wedge_offset(view.heading, view.space);
    let turn = heading_rotation(view.heading);
    commands.entity(token).with_children(|t| {
        t.spawn((
            Name::new(format!("Heading {}", view.heading)),
            HeadingMarker(view.heading),
            Transform::from_translation(offset.extend(0.8)).with_rotation(turn),
            Visibility::default(),
            children![
                // The front edge, as a bar across it.
                (
                    Sprite {
                        color: WEDGE_COLOUR,
                        custom_size: Some(Vec2::new(size * 0.8, 4.0)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 6.0, 0.0),
                ),
                // The arrow head: a square turned a quarter, half of it past the bar.
                (
                    Sprite {
                        color: WEDGE_COLOUR,
                        custom_size: Some(Vec2::splat(14.0)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 4.0, 0.1)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                ),
            ],
        ));
    });
}

/// A hull's name label: its name, heading and status tag ("Exploration buggy · E · racing").
pub fn hull_label(name: &str, heading: Heading, tag: &str) -> String {
    format!("{name} · {heading} · {tag}")
}

/// The vehicle a unit is, or rides.
pub fn vehicle_of(world: &World, unit: &UnitId) -> Option<UnitId> {
    if vehicle_view(world, unit).is_ok() {
        Some(unit.clone())
    } else {
        riding(world, unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::look::markers::HeadingMarker;
    use crate::testing::battle;

    pub(crate) const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

    #[test]
    fn veh_1_the_tag_names_what_the_vehicle_does() {
        let mut s = VehicleState {
            controlled_by: Some(UnitId("p".into())),
            ..default()
        };
        assert_eq!(status_tag(&s, false), "stopped");
        s.started = true;
        assert_eq!(status_tag(&s, false), "running");
        s.keeps_going = true;
        assert_eq!(status_tag(&s, false), "racing");
        s.autocontrol_engaged = true;
        assert_eq!(status_tag(&s, false), "racing, autocontrol");
        s.controlled_by = None;
        assert_eq!(status_tag(&s, false), "uncontrolled, autocontrol");
        assert_eq!(status_tag(&s, true), "wrecked");
    }

    #[test]
    fn veh_1_the_wedge_sits_on_the_front_edge_and_turns_with_the_heading() {
        assert!(wedge_offset(Heading::N, 2).y > 0.0);
        assert!(wedge_offset(Heading::S, 2).y < 0.0);
        assert!(wedge_offset(Heading::E, 2).x > 0.0);
        assert!(wedge_offset(Heading::W, 2).x < 0.0);
        for h in Heading::ALL {
            // "Up" turned by the rotation points the same way as the offset.
            let up = heading_rotation(h) * Vec3::Y;
            let off = wedge_offset(h, 2).normalize();
            assert!((up.truncate() - off).length() < 1e-4, "{h}");
        }
    }

    /// The buggy raid drawn headless: the buggy's token carries a wedge facing east and a tag;
    /// its riders are scaled down above it.
    #[test]
    fn veh_1_the_buggy_is_drawn_with_its_heading_and_its_riders_smaller() {
        let mut app = crate::gui::testkit::battle_app(battle(BUGGY_RAID, &[]));
        app.insert_resource(crate::gui::testkit::stand_in_images());
        app.add_plugins((crate::gui::board::tokens::plugin, plugin));
        app.update();
        app.update();
        let world = app.world_mut();
        let markers: Vec<HeadingMarker> = world.query::<&HeadingMarker>().iter(world).copied().collect();
        assert_eq!(markers, vec![HeadingMarker(Heading::E)]);
        let tags: Vec<String> = world.query::<&StatusTag>().iter(world).map(|t| t.0.clone()).collect();
        assert_eq!(tags.len(), 1);
        // On the name label (issue #18: a tag under the hull ran over the names below it).
        let labels: Vec<String> = world
            .query_filtered::<&Text2d, With<StatusTag>>()
            .iter(world)
            .map(|t| t.0.clone())
            .collect();
        assert_eq!(labels, vec![hull_label("Exploration buggy", Heading::E, &tags[0])]);
        let mut q = world.query::<(&Token, &Transform)>();
        for (token, transform) in q.iter(world) {
            let rider = ["buddy", "sssazza", "merris"].contains(&token.0.0.as_str());
            match token.0.0.as_str() {
                "buggy" => assert_eq!(transform.translation.z, HULL_Z),
                _ if rider => {
                    assert_eq!(transform.scale, Vec3::splat(RIDER_SCALE));
                    assert!(transform.translation.z > HULL_Z);
                }
                _ => assert_eq!(transform.scale, Vec3::ONE),
            }
        }
    }
}

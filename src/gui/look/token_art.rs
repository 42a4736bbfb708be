//! A token's face: the unit's icon (the shipped game-icons PNGs, chosen by the scenario's
//! `icon:` or the unit kind's default, `scenario::icons`) on a dark disc inside a ring of its
//! side's colour, and, for a Large or larger creature, a pointer on the ring toward the way it
//! last moved. Owns the icon images (the `TokenIcons` resource, which `board::tokens`' plugin
//! puts in place); `board::tokens` places the face, the name and the bars, and the editor's
//! map draws the same faces.
//!
//! Facing: the d20 rules give creatures no facing, so the pointer only says where a big
//! creature came from and went (its last step in the battle log); a creature that has not moved
//! shows none. Vehicles have a real heading (VEH-1), drawn by `vehicles::hulls` as a wedge.

use crate::gui::look::tiles::GuiImages;
use crate::history::Battle;
use crate::rules::{GameEvent, MovementEvent, UnitId};
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// `(name, PNG bytes)` for each icon name, read from `assets/tokens/icons/NAME.png`.
macro_rules! icon_pngs {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../../assets/tokens/icons/", $name, ".png")))),*]
    };
}

/// The icon PNGs, embedded so the binary runs from anywhere; one entry per line of
/// `assets/tokens/icons.txt` (a test keeps the two the same).
const ICON_PNGS: &[(&str, &[u8])] = icon_pngs![
    "person",
    "cyborg-face",
    "robot-golem",
    "jeep",
    "cube",
    "aero-bike",
    "astronaut-helmet",
    "barbarian",
    "bowman",
    "brodie-helmet",
    "carnivorous-plant",
    "cowled",
    "dwarf-face",
    "goblin-head",
    "hoodie",
    "hound",
    "lizardman",
    "orc-head",
    "pirate-captain",
    "police-officer-head",
    "rat",
    "rogue",
    "sentry-gun",
    "spider-bot",
    "spy",
    "strong-man",
    "sun-priest",
    "swordman",
    "visored-helm",
    "wolf-head",
];

/// The icon images by name.
#[derive(Resource, Debug, Clone)]
pub struct TokenIcons(pub BTreeMap<&'static str, Handle<Image>>);

impl FromWorld for TokenIcons {
    fn from_world(world: &mut World) -> Self {
        let Some(mut images) = world.get_resource_mut::<Assets<Image>>() else {
            // Headless test apps have no image assets; tokens then show no icon.
            return Self(BTreeMap::new());
        };
        let icons = ICON_PNGS
            .iter()
            .map(|(name, bytes)| {
                let image = Image::from_buffer(
                    bytes,
                    ImageType::Extension("png"),
                    CompressedImageFormats::NONE,
                    true,
                    // Smooth when scaled: the icons are line art shown at many zooms.
                    ImageSampler::linear(),
                    RenderAssetUsages::default(),
                )
                // The PNGs are part of the source tree; a broken one is a build mistake.
                .expect("embedded icon PNG decodes");
                (*name, images.add(image))
            })
            .collect();
        Self(icons)
    }
}

/// The icon name the scenario gave `unit` (its `icon:` or its kind's default).
pub fn icon_of<'a>(battle: &'a Battle, unit: &UnitId) -> Option<&'a str> {
    battle
        .spec()
        .units
        .iter()
        .find(|u| &u.id == unit)
        .map(|u| u.icon.as_str())
}

/// The direction of `unit`'s last step in the battle, `(dx, dy)` in grid terms (y down), from
/// the newest movement event that moved it to another square; `None` if it never moved.
pub fn last_step<'a>(events: impl DoubleEndedIterator<Item = &'a GameEvent>, unit: &UnitId) -> Option<(i32, i32)> {
    events.rev().find_map(|event| match event {
        GameEvent::Movement(
            MovementEvent::UnitStepped { unit: u, from, to, .. } | MovementEvent::FlightLeg { unit: u, from, to, .. },
        ) if u == unit && from != to => Some(((to.x - from.x).signum(), (to.y - from.y).signum())),
        _ => None,
    })
}

/// The turn that points the screen's up (+y) along a grid step (y down on the grid).
pub fn facing_rotation((dx, dy): (i32, i32)) -> Quat {
    Quat::from_rotation_z(-(dx as f32).atan2(-dy as f32))
}

/// The ring's share of the token's size (`ring.png` drawn at 0.86 of it).
const RING_SIZE: f32 = 0.86;

/// How far from a token's centre, for a token `size` world units across, its side-coloured
/// ring runs (the middle of the ring's stroke, which is 9 of `ring.png`'s 128 pixels).
pub fn ring_radius(size: f32) -> f32 {
    (0.5 - 5.5 / 128.0) * RING_SIZE * size
}

/// How a face is drawn: the side's colour, whether the unit is down, whether to draw the ring
/// (vehicles are hulls, with their own outline), and the facing pointer, if any.
pub struct Face<'a> {
    pub side_colour: Color,
    pub down: bool,
    pub ring: bool,
    pub icon: Option<&'a Handle<Image>>,
    pub facing: Option<(i32, i32)>,
}

/// Spawns a token's face under `t`, `size` world units across: the disc (named "Disc", which
/// `vehicles::hulls` turns into a hull), the ring, the icon and the facing pointer.
pub fn spawn_face(t: &mut ChildSpawnerCommands, images: &GuiImages, size: f32, face: &Face) {
    let grey = Color::srgb(0.3, 0.3, 0.3);
    let side = if face.down {
        face.side_colour.mix(&grey, 0.6).with_alpha(0.7)
    } else {
        face.side_colour
    };
    // A dark face with a trace of the side's colour, so the white icon reads on any side.
    let disc = side.mix(&Color::srgb(0.07, 0.08, 0.1), 0.72);
    t.spawn((
        Name::new("Disc"),
        Sprite {
            image: images.token.clone(),
            color: disc,
            custom_size: Some(Vec2::splat(size * 0.82)),
            ..default()
        },
    ));
    if face.ring {
        t.spawn((
            Name::new("Side ring"),
            Sprite {
                image: images.ring.clone(),
                color: side,
                custom_size: Some(Vec2::splat(size * RING_SIZE)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.2),
        ));
    }
    if let Some(icon) = face.icon {
        let tint = if face.down {
            Color::srgba(0.6, 0.6, 0.6, 0.55)
        } else {
            Color::srgb(0.95, 0.95, 0.92)
        };
        t.spawn((
            Name::new("Icon"),
            Sprite {
                image: icon.clone(),
                color: tint,
                custom_size: Some(Vec2::splat(size * 0.5)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.3),
        ));
    }
    if let Some(step) = face.facing {
        // A small diamond on the ring, pointing the way of the last step.
        let turn = facing_rotation(step);
        t.spawn((
            Name::new("Facing"),
            Sprite {
                color: side.lighter(0.15),
                custom_size: Some(Vec2::splat(size * 0.09)),
                ..default()
            },
            Transform::from_translation(turn * Vec3::new(0.0, size * 0.43, 0.4))
                .with_rotation(turn * Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;

    #[test]
    fn every_shipped_icon_is_embedded_and_nothing_else() {
        let listed: Vec<&str> = crate::scenario::icons::token_icons().collect();
        let embedded: Vec<&str> = ICON_PNGS.iter().map(|(n, _)| *n).collect();
        assert_eq!(embedded, listed, "ICON_PNGS follows assets/tokens/icons.txt");
    }

    #[test]
    fn every_embedded_icon_decodes_as_a_square_image() {
        for (name, bytes) in ICON_PNGS {
            let image = Image::from_buffer(
                bytes,
                ImageType::Extension("png"),
                CompressedImageFormats::NONE,
                true,
                ImageSampler::linear(),
                RenderAssetUsages::default(),
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(image.size(), UVec2::splat(128), "{name}");
        }
    }

    fn stepped(unit: &str, from: (i32, i32), to: (i32, i32)) -> GameEvent {
        GameEvent::Movement(MovementEvent::UnitStepped {
            unit: UnitId(unit.into()),
            from: Square::new(from.0, from.1),
            to: Square::new(to.0, to.1),
            cost_ft: 5,
            diagonals: 0,
        })
    }

    #[test]
    fn the_facing_is_the_units_newest_step_and_none_before_it_moves() {
        let log = [
            stepped("ogre", (1, 1), (2, 1)),
            stepped("ogre", (2, 1), (3, 2)),
            stepped("orc", (5, 5), (5, 4)),
        ];
        let ogre = UnitId("ogre".into());
        assert_eq!(last_step(log.iter(), &ogre), Some((1, 1)));
        assert_eq!(last_step(log.iter(), &UnitId("orc".into())), Some((0, -1)));
        assert_eq!(last_step(log.iter(), &UnitId("troll".into())), None);
    }

    #[test]
    fn the_pointer_turns_toward_the_step_on_screen() {
        let up = |step| facing_rotation(step) * Vec3::Y;
        // North on the grid (y down) is up on screen; east is right; a step south points down.
        assert!(up((0, -1)).abs_diff_eq(Vec3::Y, 1e-5));
        assert!(up((1, 0)).abs_diff_eq(Vec3::X, 1e-5));
        assert!(up((0, 1)).abs_diff_eq(-Vec3::Y, 1e-5));
        assert!(up((-1, 0)).abs_diff_eq(-Vec3::X, 1e-5));
    }
}

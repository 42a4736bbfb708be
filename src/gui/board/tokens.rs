//! Unit tokens: a face the size of the unit's space (its icon on a ring in its side's colour,
//! `token_art`), the unit's name, a health bar in the family's health model, a row of condition
//! badges (`views::badges`) and a gold ring on the active unit. Rebuilt from the battle whenever it
//! changes (a few dozen sprites; cheap). Names keep a readable size at any zoom
//! ([`label_look`]); zoomed far out only the hovered and the active unit's names show.

use crate::grid::Space;
use crate::gui::look::camera::MainCamera;
use crate::gui::look::markers::{Token, TokenLabel};
use crate::gui::look::tiles::{GuiImages, TILE, space_centre};
use crate::gui::look::token_art::{Face, TokenIcons, icon_of, last_step, spawn_face};
use crate::gui::state::hover::Hover;
use crate::gui::state::screen::{AppSystems, Screen, SyncTokens};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::badges::badges;
use crate::history::Sides;
use crate::rules::{Combat, Health, LifeState, Placement, Profile, SideId, UnitId, UnitKind};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<TokenIcons>();
    app.add_systems(
        Update,
        (
            sync_tokens.run_if(resource_changed::<Revision>).in_set(SyncTokens),
            fit_labels,
        )
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The width of an average character of the UI font, in ems (DejaVu Sans runs about 0.55).
const LABEL_CHAR_EM: f32 = 0.58;

/// Where a name label of `chars` characters drawn at `scale` sits on the map (world units):
/// centred over the token's top edge, as `sync_tokens` places it.
pub fn label_rect(space: Space, chars: usize, scale: f32) -> Rect {
    let size = TILE * space.side as f32;
    let centre = space_centre(space) + Vec2::new(0.0, size * 0.5 - 9.0);
    let half = Vec2::new(
        chars as f32 * LABEL_CHAR_EM * LABEL_FONT * scale,
        LABEL_FONT * 1.2 * scale,
    ) / 2.0;
    Rect::from_center_half_size(centre, half)
}

/// Which of the labels stay shown so that no two overlap: the focused ones (hovered, the
/// active unit) first, then in the order given; a label that would run over one already kept
/// is hidden (hovering its token shows it).
pub fn uncrowded(labels: &[(Rect, bool)]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by_key(|&i| !labels[i].1);
    let mut kept: Vec<Rect> = Vec::new();
    let mut shown = vec![false; labels.len()];
    for i in order {
        let rect = labels[i].0;
        if labels[i].1 || kept.iter().all(|k| k.intersect(rect).is_empty()) {
            kept.push(rect);
            shown[i] = true;
        }
    }
    shown
}

/// A condition badge's size (world units).
pub const BADGE: Vec2 = Vec2::new(15.0, 13.0);
/// The share of a token's width its icon takes (`token_art::spawn_face`).
pub const ICON_SIZE: f32 = 0.5;

/// Where `count` condition badges sit on a token `side` squares wide, relative to its centre:
/// in the corners beside the icon, clear of it (issue #18), from the bottom (just above the
/// health bar) up, right then left, below the name label; the columns fill inward only when a
/// token carries more badges than its corners hold.
pub fn badge_slots(count: usize, side: u32) -> Vec<Vec2> {
    let size = TILE * side as f32;
    let half = size / 2.0;
    let gap = 2.0;
    let bottom = -half + 7.0 + 5.0 + BADGE.y / 2.0;
    // Below the name label (its centre `half - 9`, its height at most `LABEL_MAX_PX` at zoom 1).
    let top = half - 9.0 - LABEL_FONT * 1.2 / 2.0 - gap - BADGE.y / 2.0;
    let rows = (((top - bottom) / (BADGE.y + gap)).floor() as usize + 1).max(1);
    // Columns from the edges inward: the outer ones beside the icon, then over it.
    let edge = half - 0.5 - BADGE.x / 2.0;
    (0..count)
        .map(|i| {
            let per_ring = 2 * rows;
            let (ring, k) = (i / per_ring, i % per_ring);
            let (row, left) = (k / 2, k % 2 == 1);
            let x = edge - ring as f32 * (BADGE.x + gap);
            let y = bottom + row as f32 * (BADGE.y + gap);
            Vec2::new(if left { -x } else { x }, y)
        })
        .collect()
}

/// The font size of a name label in world units (its size on screen at zoom 1).
pub const LABEL_FONT: f32 = 13.0;
/// The smallest and largest a name is drawn on screen, in logical pixels.
pub const LABEL_MIN_PX: f32 = 12.0;
pub const LABEL_MAX_PX: f32 = 18.0;
/// Below this many pixels a square, names show only for the hovered and the active unit
/// (they would run over their neighbours).
pub const LABEL_CROWDED_SQUARE_PX: f32 = 44.0;

/// How a name label is drawn at `zoom` (world units per pixel) on a token `side` squares wide:
/// `None` hidden, else the label's scale, so that it shows between [`LABEL_MIN_PX`] and
/// [`LABEL_MAX_PX`] tall whatever the zoom. `focused`: hovered or the active unit.
pub fn label_look(zoom: f32, side: u32, focused: bool) -> Option<f32> {
    let square_px = TILE / zoom;
    let crowded = square_px * side as f32 * 0.9 < LABEL_CROWDED_SQUARE_PX;
    if crowded && !focused {
        return None;
    }
    let on_screen = LABEL_FONT / zoom;
    let px = on_screen.clamp(LABEL_MIN_PX, LABEL_MAX_PX);
    Some(px / on_screen)
}

/// Scales the name labels to the zoom, showing the hovered one when names are crowded.
/// (Headless tests that draw tokens without a camera or the input simply skip it.)
fn fit_labels(
    hover: Option<Res<Hover>>,
    camera: Option<Single<Ref<Projection>, With<MainCamera>>>,
    added: Query<(), Added<TokenLabel>>,
    mut labels: Query<(Entity, &TokenLabel, &mut Transform, &mut Visibility)>,
) {
    let (Some(hover), Some(camera)) = (hover, camera) else {
        return;
    };
    let projection = camera.into_inner();
    if !projection.is_changed() && !hover.is_changed() && added.is_empty() {
        return;
    }
    let Projection::Orthographic(ortho) = &*projection else {
        return;
    };
    let mut looks: Vec<(Entity, Space, Option<f32>, Rect, bool)> = labels
        .iter()
        .map(|(e, label, _, _)| {
            let focused = label.active || hover.0.is_some_and(|sq| label.space.squares().any(|s| s == sq));
            let look = label_look(ortho.scale, label.space.side, focused);
            let rect = label_rect(label.space, label.chars, look.unwrap_or(0.0));
            (e, label.space, look, rect, focused)
        })
        .collect();
    // Sorted by space, so which of two crowded names shows does not depend on entity order.
    looks.sort_by_key(|(_, space, ..)| (space.at.y, space.at.x));
    let drawn: Vec<(Rect, bool)> = looks
        .iter()
        .filter(|(_, _, look, ..)| look.is_some())
        .map(|(_, _, _, rect, focused)| (*rect, *focused))
        .collect();
    let mut shown = uncrowded(&drawn).into_iter();
    for (entity, _, look, _, _) in looks {
        let Ok((_, _, mut transform, mut visibility)) = labels.get_mut(entity) else {
            continue;
        };
        match look {
            Some(k) if shown.next() == Some(true) => {
                transform.scale = Vec3::splat(k);
                visibility.set_if_neq(Visibility::Inherited);
            }
            _ => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

/// One segment of a health bar: the fraction of the bar it fills and its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BarSegment {
    pub fraction: f32,
    pub colour: Color,
}

pub const STAMINA_COLOUR: Color = Color::srgb(0.25, 0.8, 0.95);
pub const HP_COLOUR: Color = Color::srgb(0.3, 0.85, 0.3);
pub const HP_LOW_COLOUR: Color = Color::srgb(0.95, 0.3, 0.2);

/// The health bar in the family's model (§17): starfinder shows Stamina then Hit Points along
/// one bar of their sum; the others show Hit Points (red at a quarter or less); saga's bar
/// also shrinks one sixth per step down the condition track.
pub fn health_bar(health: &Health) -> Vec<BarSegment> {
    let frac = |a: i64, b: i64| {
        if b <= 0 {
            0.0
        } else {
            (a.max(0) as f32 / b as f32).min(1.0)
        }
    };
    let hp = |fraction: f32| BarSegment {
        fraction,
        colour: if fraction <= 0.25 { HP_LOW_COLOUR } else { HP_COLOUR },
    };
    match *health {
        Health::StaminaHitPointsResolve {
            sp,
            sp_max,
            hp: h,
            hp_max,
            ..
        } => {
            let total = (sp_max + hp_max) as i64;
            vec![
                BarSegment {
                    fraction: frac(sp as i64, total),
                    colour: STAMINA_COLOUR,
                },
                BarSegment {
                    fraction: frac(h as i64, total),
                    colour: if h * 4 <= hp_max { HP_LOW_COLOUR } else { HP_COLOUR },
                },
            ]
        }
        Health::HitPoints { hp: h, hp_max } => vec![hp(frac(h as i64, hp_max as i64))],
        Health::DamageThresholdTrack {
            hp: h,
            hp_max,
            track_step,
            ..
        } => {
            let track = 1.0 - f32::from(track_step.min(5)) / 6.0;
            vec![hp(frac(h as i64, hp_max as i64) * track)]
        }
    }
}

fn sync_tokens(
    mut commands: Commands,
    session: Res<Session>,
    images: Res<GuiImages>,
    icons: Res<TokenIcons>,
    old: Query<Entity, With<Token>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let world = session.battle.world();
    let sides = &world.resource::<Sides>().0;
    let active = world.resource::<Combat>().active.clone();
    let mut units = world
        .try_query::<(&UnitId, &SideId, &Placement, &Profile, &Health, Option<&LifeState>)>()
        .map(|mut q| q.iter(world).collect::<Vec<_>>())
        .unwrap_or_default();
    units.sort_by_key(|u| u.0.0.clone());
    for (id, side, placement, profile, health, life) in units {
        let colour = sides
            .iter()
            .find(|s| s.id.0 == side.0)
            .map_or(Color::srgb(0.6, 0.6, 0.6), |s| {
                Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2])
            });
        let down = !life.copied().unwrap_or_default().can_act();
        let badges = badges(world, id);
        let space = Space::new(placement.at, placement.side_squares);
        let size = TILE * space.side as f32;
        let face = Face {
            side_colour: colour,
            down,
            ring: profile.kind != UnitKind::Vehicle,
            icon: icon_of(&session.battle, id).and_then(|name| icons.0.get(name)),
            facing: (placement.side_squares > 1 && profile.kind != UnitKind::Vehicle)
                .then(|| last_step(session.battle.log().entries.iter().flat_map(|e| e.events.iter()), id))
                .flatten(),
        };
        let mut token = commands.spawn((
            Name::new(format!("Token {id}")),
            Token(id.clone()),
            DespawnOnExit(Screen::Battle),
            Transform::from_translation(space_centre(space).extend(5.0)),
            Visibility::default(),
        ));
        token.with_children(|t| {
            spawn_face(t, &images, size, &face);
            if active.as_ref() == Some(id) {
                t.spawn((
                    Name::new("Active ring"),
                    Sprite {
                        image: images.ring.clone(),
                        color: Color::srgb(1.0, 0.84, 0.2),
                        custom_size: Some(Vec2::splat(size * 0.98)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.5),
                ));
            }
            t.spawn((
                Name::new("Name"),
                TokenLabel {
                    space,
                    active: active.as_ref() == Some(id),
                    chars: profile.name.chars().count(),
                },
                Text2d::new(profile.name.clone()),
                TextFont::from_font_size(LABEL_FONT),
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, size * 0.5 - 9.0, 1.0),
            ));
            let bar_w = size * 0.8;
            let bar_y = -size * 0.5 + 7.0;
            for (badge, at) in badges.iter().zip(badge_slots(badges.len(), space.side)) {
                t.spawn((
                    Name::new(format!("Badge {}", badge.name)),
                    Sprite {
                        color: badge.colour.with_alpha(0.92),
                        custom_size: Some(BADGE),
                        ..default()
                    },
                    Transform::from_xyz(at.x, at.y, 2.0),
                    children![(
                        Text2d::new(badge.label),
                        TextFont::from_font_size(9.5),
                        TextColor(Color::BLACK),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    )],
                ));
            }
            t.spawn((
                Name::new("Health bar"),
                Sprite {
                    color: Color::srgb(0.08, 0.08, 0.1),
                    custom_size: Some(Vec2::new(bar_w + 2.0, 7.0)),
                    ..default()
                },
                Transform::from_xyz(0.0, bar_y, 1.0),
            ));
            let mut left = -bar_w / 2.0;
            for segment in health_bar(health) {
                let w = bar_w * segment.fraction;
                if w > 0.0 {
                    t.spawn((
                        Name::new("Health"),
                        Sprite {
                            color: segment.colour,
                            custom_size: Some(Vec2::new(w, 5.0)),
                            ..default()
                        },
                        Transform::from_xyz(left + w / 2.0, bar_y, 1.5),
                    ));
                }
                left += w;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #18: condition badges sit at the token's edges, clear of its icon and of its name
    /// label, inside the token.
    #[test]
    fn badges_sit_beside_the_icon_and_under_the_name() {
        for side in [1u32, 2, 3] {
            let size = TILE * side as f32;
            let icon = Rect::from_center_size(Vec2::ZERO, Vec2::splat(size * ICON_SIZE));
            let token = Rect::from_center_size(Vec2::ZERO, Vec2::splat(size));
            let space = Space::new(crate::grid::Square::new(0, 0), side);
            let label = label_rect(space, 0, 1.0);
            let label = Rect::from_center_half_size(label.center() - space_centre(space), label.half_size());
            let slots = badge_slots(4, side);
            assert_eq!(slots.len(), 4);
            for (i, at) in slots.iter().enumerate() {
                let badge = Rect::from_center_size(*at, BADGE);
                assert!(
                    badge.intersect(icon).is_empty(),
                    "side {side} badge {i} {badge:?} on the icon"
                );
                assert!(badge.max.y < label.min.y, "side {side} badge {i} under the name");
                assert_eq!(token.union(badge), token, "inside the token");
                for other in &slots[i + 1..] {
                    assert!(badge.intersect(Rect::from_center_size(*other, BADGE)).is_empty());
                }
            }
        }
        assert!(badge_slots(0, 1).is_empty());
        assert_eq!(badge_slots(9, 1).len(), 9, "more than the corners hold still all shown");
    }

    /// Issue #18 item 3: names never run over each other — of two neighbours' overlapping
    /// names the first (top-left) shows, the other only when hovered or active; names far
    /// enough apart both show.
    #[test]
    fn crowded_names_show_one_and_the_focused_one_always() {
        let left = Space::new(crate::grid::Square::new(5, 3), 1);
        let right = Space::new(crate::grid::Square::new(6, 3), 1);
        let far = Space::new(crate::grid::Square::new(9, 3), 1);
        let long = |space| label_rect(space, "Space goblin boss".chars().count(), 1.0);
        assert!(
            !long(left).intersect(long(right)).is_empty(),
            "long names of neighbours overlap"
        );
        assert_eq!(uncrowded(&[(long(left), false), (long(right), false)]), [true, false]);
        assert_eq!(
            uncrowded(&[(long(left), false), (long(right), true)]),
            [false, true],
            "the hovered or active one wins"
        );
        assert_eq!(uncrowded(&[(long(left), false), (long(far), false)]), [true, true]);
        let short = |space| label_rect(space, 3, 1.0);
        assert_eq!(
            uncrowded(&[(short(left), false), (short(right), false)]),
            [true, true],
            "short names fit"
        );
    }

    /// Issue #18 item 3: a name shows 12 to 18 px tall at any zoom; zoomed far out, only the
    /// hovered or active unit's name shows.
    #[test]
    fn names_stay_readable_at_any_zoom() {
        for zoom in [0.2, 0.5, 1.0, 1.2] {
            let k = label_look(zoom, 1, false).expect("shown");
            let px = LABEL_FONT * k / zoom;
            assert!(
                (LABEL_MIN_PX - 0.01..=LABEL_MAX_PX + 0.01).contains(&px),
                "{zoom}: {px}"
            );
        }
        assert_eq!(label_look(1.0, 1, false), Some(1.0), "zoom 1: as authored");
        assert_eq!(label_look(3.0, 1, false), None, "a square is 21 px: crowded");
        let k = label_look(3.0, 1, true).expect("the hovered name shows");
        assert!((LABEL_FONT * k / 3.0 - LABEL_MIN_PX).abs() < 0.01);
        assert!(
            label_look(3.0, 3, false).is_some(),
            "a Huge token has room for its name"
        );
    }

    #[test]
    fn starfinder_bar_shows_stamina_then_hit_points() {
        let bar = health_bar(&Health::StaminaHitPointsResolve {
            sp: 5,
            sp_max: 10,
            hp: 10,
            hp_max: 10,
            rp: 3,
            rp_max: Some(3),
        });
        assert_eq!(bar.len(), 2);
        assert_eq!((bar[0].fraction, bar[0].colour), (0.25, STAMINA_COLOUR));
        assert_eq!((bar[1].fraction, bar[1].colour), (0.5, HP_COLOUR));
    }

    #[test]
    fn hit_points_below_zero_show_an_empty_red_bar() {
        let bar = health_bar(&Health::HitPoints { hp: -3, hp_max: 12 });
        assert_eq!(
            bar,
            vec![BarSegment {
                fraction: 0.0,
                colour: HP_LOW_COLOUR
            }]
        );
        let bar = health_bar(&Health::HitPoints { hp: 9, hp_max: 12 });
        assert_eq!(bar[0].fraction, 0.75);
    }

    #[test]
    fn saga_bar_shrinks_down_the_condition_track() {
        let bar = health_bar(&Health::DamageThresholdTrack {
            hp: 30,
            hp_max: 30,
            damage_threshold: 12,
            track_step: 3,
            heroic: true,
        });
        assert_eq!(bar[0].fraction, 0.5);
    }

    /// The buggy raid drawn headless: every creature's token has its ring and its icon (the
    /// scenario's or its kind's), the buggy (a vehicle, drawn as a hull) has no ring.
    #[test]
    fn tokens_show_their_icon_on_a_side_ring_and_vehicles_no_ring() {
        use crate::gui::look::token_art::icon_of;
        use crate::gui::state::session::Session;
        let text = include_str!("../../../scenarios/starfinder_buggy_raid.ron");
        let mut app = crate::gui::testkit::battle_app(crate::testing::battle(text, &[]));
        app.insert_resource(crate::gui::testkit::stand_in_images());
        // Distinct stand-in handles, to tell which icon each token drew.
        let names: Vec<&'static str> = crate::scenario::icons::token_icons().collect();
        let handles = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    *n,
                    Handle::<Image>::Uuid(bevy::asset::uuid::Uuid::from_u128(i as u128 + 1), default()),
                )
            })
            .collect();
        app.insert_resource(TokenIcons(handles));
        app.add_plugins(plugin);
        app.update();
        app.update();
        let icons = app.world().resource::<TokenIcons>().clone();
        let battle = app.world().resource::<Session>().battle.fork();
        let world = app.world_mut();
        let mut tokens = world.query::<(&Token, &Children)>();
        let mut names_of = world.query::<(&Name, Option<&Sprite>)>();
        let found: Vec<(UnitId, Vec<String>, Option<Handle<Image>>)> = tokens
            .iter(world)
            .map(|(token, children)| {
                let parts: Vec<(String, Option<Handle<Image>>)> = children
                    .iter()
                    .filter_map(|c| names_of.get(world, c).ok())
                    .map(|(n, s)| (n.to_string(), s.map(|s| s.image.clone())))
                    .collect();
                let icon = parts.iter().find(|(n, _)| n == "Icon").and_then(|(_, h)| h.clone());
                (token.0.clone(), parts.into_iter().map(|(n, _)| n).collect(), icon)
            })
            .collect();
        assert!(found.len() >= 5, "the crew, the buggy and the goblins: {found:?}");
        for (unit, parts, icon) in found {
            let name = icon_of(&battle, &unit).expect("every unit has an icon");
            assert_eq!(icon.as_ref(), icons.0.get(name), "{unit} draws {name}");
            let ring = parts.iter().any(|p| p == "Side ring");
            assert_eq!(ring, unit.0 != "buggy", "{unit}: {parts:?}");
        }
        assert_eq!(icon_of(&battle, &UnitId("buggy".into())), Some("jeep"));
    }
}

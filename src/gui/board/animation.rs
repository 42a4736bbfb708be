//! Short animations played from the events the rules already produced (STYLE 5: rules never
//! wait for visuals): a moved token slides along the squares it stepped through, a unit that
//! took damage flashes (the numbers and "Miss" float from `feedback`), as `views::cues` reads
//! them from the events. Rule state is already
//! final when an animation starts; tokens are respawned at their final squares on every battle
//! change, so a new command simply drops whatever was still playing (it snaps to the end) and
//! input is never gated. Owns no rule and reads only the battle log.

use crate::grid::Space;
use crate::gui::look::markers::Token;
use crate::gui::look::tiles::{TILE, space_centre};
use crate::gui::state::screen::{AppSystems, Screen, SyncTokens};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::cues::{Cue, MAX_SLIDE_SECONDS, SECONDS_PER_SQUARE, cues};
use crate::rules::UnitId;
use crate::rules::engine::event::GameEvent;
use crate::rules::reactions::threat::space_of;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<LogCursor>();
    app.add_systems(OnEnter(Screen::Battle), skip_played_log);
    app.add_systems(
        Update,
        (
            start_cues.after(SyncTokens).run_if(resource_changed::<Revision>),
            (play_slides, play_flashes),
        )
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// How long a hit flash lasts.
pub const FLASH_SECONDS: f32 = 0.35;

/// Where a slide through `points` is after `elapsed` seconds, `per_square` seconds a step;
/// the last point once it is over.
pub fn slide_position(points: &[Vec2], per_square: f32, elapsed: f32) -> Vec2 {
    let Some(last) = points.last() else {
        return Vec2::ZERO;
    };
    if points.len() < 2 || per_square <= 0.0 {
        return *last;
    }
    let t = elapsed / per_square;
    let i = t.floor() as usize;
    if i + 1 >= points.len() {
        return *last;
    }
    points[i].lerp(points[i + 1], t - i as f32)
}

/// The seconds per square of a slide of `steps` steps: 0.15 s, shortened so that the whole
/// slide never takes more than 1.2 s.
pub fn per_square(steps: usize) -> f32 {
    SECONDS_PER_SQUARE.min(MAX_SLIDE_SECONDS / steps.max(1) as f32)
}

/// How many log entries the animations have already played.
#[derive(Resource, Debug, Default)]
pub struct LogCursor(pub usize);

/// A token sliding to its (already final) square.
#[derive(Component, Debug, Clone)]
pub struct Slide {
    pub points: Vec<Vec2>,
    pub per_square: f32,
    pub elapsed: f32,
}

/// A flash over a token that was hit.
#[derive(Component, Debug)]
pub struct Flash(pub f32);

/// On entering the battle screen (a new or loaded battle, the end of a hand-off) the log so far
/// is history, not something to play.
fn skip_played_log(session: Res<Session>, mut cursor: ResMut<LogCursor>) {
    cursor.0 = session.battle.log().entries.len();
}

/// Reads the log entries added since the last change and starts their cues on the freshly
/// spawned tokens. An undo or a new battle (a shorter log) only moves the cursor.
#[allow(clippy::type_complexity)]
pub fn start_cues(
    mut commands: Commands,
    session: Res<Session>,
    mut cursor: ResMut<LogCursor>,
    tokens: Query<(Entity, &Token)>,
    floaters: Query<Entity, With<Flash>>,
) {
    let log = &session.battle.log().entries;
    if log.len() <= cursor.0 {
        cursor.0 = log.len();
        return;
    }
    // Anything still playing belongs to the tokens just replaced; the new command snaps it.
    for e in &floaters {
        commands.entity(e).despawn();
    }
    let events: Vec<GameEvent> = log[cursor.0..].iter().flat_map(|e| e.events.iter().cloned()).collect();
    cursor.0 = log.len();
    let world = session.battle.world();
    let entity_of = |unit: &UnitId| tokens.iter().find(|(_, t)| &t.0 == unit).map(|(e, _)| e);
    for cue in cues(&events) {
        match cue {
            Cue::Slide { unit, squares } => {
                let (Some(e), Some(space)) = (entity_of(&unit), space_of(world, &unit)) else {
                    continue;
                };
                let points: Vec<Vec2> = squares
                    .iter()
                    .map(|sq| space_centre(Space::new(*sq, space.side)))
                    .collect();
                let per_square = per_square(points.len() - 1);
                let start = points[0];
                commands.entity(e).insert((
                    Slide {
                        points,
                        per_square,
                        elapsed: 0.0,
                    },
                    Transform::from_translation(start.extend(5.0)),
                ));
            }
            Cue::Hit { unit, .. } => {
                let Some(e) = entity_of(&unit) else { continue };
                let side = space_of(world, &unit).map_or(1, |s| s.side) as f32;
                commands.entity(e).with_children(|t| {
                    t.spawn((
                        Name::new("Hit flash"),
                        Flash(0.0),
                        Sprite {
                            color: Color::srgba(1.0, 0.25, 0.2, 0.7),
                            custom_size: Some(Vec2::splat(TILE * side * 0.9)),
                            ..default()
                        },
                        Transform::from_xyz(0.0, 0.0, 3.0),
                    ));
                });
            }
            // The number and "Miss" float from `feedback`, with the roll behind them.
            Cue::Miss { .. } => {}
        }
    }
}

fn play_slides(mut commands: Commands, time: Res<Time>, mut slides: Query<(Entity, &mut Slide, &mut Transform)>) {
    for (e, mut slide, mut transform) in &mut slides {
        slide.elapsed += time.delta_secs();
        let at = slide_position(&slide.points, slide.per_square, slide.elapsed);
        transform.translation = at.extend(transform.translation.z);
        if slide.elapsed >= slide.per_square * (slide.points.len() - 1) as f32 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

fn play_flashes(mut commands: Commands, time: Res<Time>, mut flashes: Query<(Entity, &mut Flash, &mut Sprite)>) {
    for (e, mut flash, mut sprite) in &mut flashes {
        flash.0 += time.delta_secs();
        if flash.0 >= FLASH_SECONDS {
            commands.entity(e).despawn();
            continue;
        }
        sprite.color.set_alpha(0.7 * (1.0 - flash.0 / FLASH_SECONDS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::rules::AttackEvent;
    use crate::rules::GameCommand;
    use crate::rules::HealthEvent;
    use crate::rules::cmd;
    use crate::rules::engine::event::GameEvent;
    use crate::testing::{battle, ok};

    const FIELD: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (10, 6), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "foe", side: "b", at: (5, 1), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    /// The slide of a move goes through every square the rules stepped through.
    #[test]
    fn a_move_slides_through_the_squares_the_rules_stepped() {
        let mut b = battle(FIELD, &[]);
        let me = UnitId("me".into());
        let events = ok(
            &mut b,
            GameCommand::Move(cmd::Move {
                unit: me.clone(),
                to: Square::new(4, 1),
                path: None,
                mode: crate::rules::MoveMode::Move,
            }),
        );
        let cues = cues(&events);
        assert_eq!(
            cues,
            vec![Cue::Slide {
                unit: me,
                squares: (1..=4).map(|x| Square::new(x, 1)).collect()
            }]
        );
    }

    /// A hit floats the damage the rules dealt; a miss floats "miss".
    #[test]
    fn a_hit_floats_the_damage_dealt_and_a_miss_says_so() {
        // d20 = 19 hits KAC 14, 1d6 = 4 damage; then d20 = 1 misses.
        let mut b = battle(FIELD, &[19, 4]);
        let me = UnitId("me".into());
        let foe = UnitId("foe".into());
        ok(
            &mut b,
            GameCommand::Move(cmd::Move {
                unit: me.clone(),
                to: Square::new(4, 1),
                path: None,
                mode: crate::rules::MoveMode::Move,
            }),
        );
        let events = ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: me,
                target: foe.clone(),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        let dealt: u32 = events
            .iter()
            .filter_map(|e| match e {
                GameEvent::Health(HealthEvent::DamageTaken { unit, amount, .. }) if *unit == foe => Some(*amount),
                _ => None,
            })
            .sum();
        assert!(dealt > 0);
        assert_eq!(
            cues(&events),
            vec![Cue::Hit {
                unit: foe.clone(),
                amount: dealt
            }]
        );
        let mut attack = events
            .iter()
            .find_map(|e| match e {
                GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => Some(attack.clone()),
                _ => None,
            })
            .expect("the attack resolved");
        attack.hit = false;
        attack.damage = None;
        let miss = GameEvent::Attack(AttackEvent::AttackResolved {
            attacker: UnitId("me".into()),
            target: foe.clone(),
            context: "attack".into(),
            attack,
        });
        assert_eq!(cues(&[miss]), vec![Cue::Miss { unit: foe }]);
    }

    #[test]
    fn a_slide_takes_0_15_s_a_square_capped_and_ends_on_the_last_square() {
        assert_eq!(per_square(4), 0.15);
        assert!((per_square(20) * 20.0 - MAX_SLIDE_SECONDS).abs() < 1e-5);
        let points = [Vec2::ZERO, Vec2::new(64.0, 0.0), Vec2::new(64.0, -64.0)];
        assert_eq!(slide_position(&points, 0.15, 0.0), Vec2::ZERO);
        let near = |a: Vec2, b: Vec2| a.distance(b) < 1e-3;
        assert!(near(slide_position(&points, 0.15, 0.075), Vec2::new(32.0, 0.0)));
        assert!(near(slide_position(&points, 0.15, 0.225), Vec2::new(64.0, -32.0)));
        assert_eq!(slide_position(&points, 0.15, 5.0), points[2]);
    }
}

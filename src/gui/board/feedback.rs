//! Results on the map (issue #18 item 2): every attack, save and area result floats over
//! the unit it happened to — "Miss", "−12", "Crit! −20", "Saved (half) −4" — with a short
//! readout of the die and the total ("d20 14 +5 = 19 vs KAC 17"), rising and fading from just
//! above the unit's name label (stacked when several); and a marker on the token of a unit
//! that is down, dying or dead. Read from the events of each
//! new log entry, as `animation` does for movement (STYLE 5: the rules never wait, input is
//! never gated). The floating texts are not the tokens' children, so a new command does not
//! cut them short. A unit the side on screen cannot see shows nothing (`views::sight`).
//! Over 600 lines: about 225 of them are its tests (each result's wording and where it floats).

use crate::grid::Space;
use crate::gui::board::tokens::{label_look, label_rect};
use crate::gui::look::camera::MainCamera;
use crate::gui::look::markers::Token;
use crate::gui::look::tiles::{TILE, space_centre};
use crate::gui::state::screen::{AppSystems, Screen, SyncTokens};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::sight::Sight;
use crate::rules::attack::{AttackRoll, DefenseUsed};
use crate::rules::reactions::threat::space_of;
use crate::rules::{AreaEvent, AttackEvent, D20Check, GameEvent, HealthEvent, LifeState, UnitId};
use crate::rules::{Placement, unit_component};
use crate::ruleset::DamageShare;
use bevy::prelude::*;
use std::collections::BTreeMap;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<FeedbackCursor>();
    app.add_systems(OnEnter(Screen::Battle), skip_played_log);
    app.add_systems(
        Update,
        (
            (float_results, mark_life_states)
                .after(SyncTokens)
                .run_if(resource_changed::<Revision>),
            rise_and_fade,
        )
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// How long a result floats, and how far it rises (in tiles).
pub const FLOAT_SECONDS: f32 = 1.8;
pub const RISE_TILES: f32 = 0.6;

/// What kind of result, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Miss,
    Hit,
    Critical,
    Saved,
    Failed,
}

impl Tone {
    pub fn colour(self) -> Color {
        match self {
            Tone::Miss => Color::srgb(0.85, 0.87, 0.92),
            Tone::Hit => Color::srgb(1.0, 0.38, 0.3),
            Tone::Critical => Color::srgb(1.0, 0.75, 0.15),
            Tone::Saved => Color::srgb(0.45, 0.85, 1.0),
            Tone::Failed => Color::srgb(1.0, 0.55, 0.3),
        }
    }
}

/// One result to float over a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    pub unit: UnitId,
    /// "Miss", "−12", "Crit! −20", "Saved (half) −4".
    pub headline: String,
    /// The die and the total: "d20 14 +5 = 19 vs KAC 17".
    pub readout: Option<String>,
    pub tone: Tone,
}

/// "−12" with a true minus sign.
fn minus(n: u32) -> String {
    format!("−{n}")
}

/// " +5", " −2", or nothing for 0.
fn bonus(n: i32) -> String {
    match n {
        0 => String::new(),
        n if n < 0 => format!(" −{}", -n),
        n => format!(" +{n}"),
    }
}

/// "d20 14 +5 = 19 vs KAC 17": the die, what the modifiers add up to, the total and what it
/// was against.
fn roll_readout(die: u32, total: i32, against: &str) -> String {
    format!("d20 {die}{} = {total} vs {against}", bonus(total - die as i32))
}

fn defense_readout(attack: &AttackRoll, defense: &DefenseUsed) -> String {
    roll_readout(
        attack.roll.result,
        attack.total,
        &format!("{} {}", defense.name, defense.value),
    )
}

fn save_readout(save: &D20Check, name: &str) -> String {
    format!(
        "{name} {}",
        roll_readout(
            save.roll.result,
            save.total,
            &format!("DC {}", save.dc.unwrap_or_default())
        )
    )
}

/// The results of a run of events, in order: one per attack roll, coup de grace, save and
/// unit caught in an area, and one per damage no such result accounts for (a bleed, a
/// crash).
pub fn feedback(events: &[GameEvent]) -> Vec<Feedback> {
    let mut out = Vec::new();
    // Damage already shown with its result, per unit: its `DamageTaken` adds nothing.
    let mut shown: BTreeMap<UnitId, u32> = BTreeMap::new();
    let damage_shown = |shown: &mut BTreeMap<UnitId, u32>, unit: &UnitId, dealt: u32| {
        if dealt > 0 {
            *shown.entry(unit.clone()).or_default() += 1;
        }
    };
    for event in events {
        match event {
            GameEvent::Attack(AttackEvent::AttackResolved { target, attack, .. }) => {
                let readout = Some(defense_readout(attack, &attack.defense));
                let dealt = attack.damage.as_ref().map_or(0, |d| d.dealt);
                let (headline, tone) = match (attack.hit, attack.critical) {
                    (false, _) if attack.miss_chance.is_some() && attack.total >= attack.defense.value => {
                        ("Miss (concealed)".to_string(), Tone::Miss)
                    }
                    (false, _) => ("Miss".to_string(), Tone::Miss),
                    (true, true) => (format!("Crit! {}", minus(dealt)), Tone::Critical),
                    (true, false) if dealt == 0 => ("Hit, no damage".to_string(), Tone::Hit),
                    (true, false) => (minus(dealt), Tone::Hit),
                };
                if attack.hit {
                    damage_shown(&mut shown, target, dealt);
                }
                out.push(Feedback {
                    unit: target.clone(),
                    headline,
                    readout,
                    tone,
                });
            }
            GameEvent::Attack(AttackEvent::CoupDeGraceDelivered { target, damage, .. }) => {
                damage_shown(&mut shown, target, damage.dealt);
                out.push(Feedback {
                    unit: target.clone(),
                    headline: format!("Coup de grace {}", minus(damage.dealt)),
                    readout: None,
                    tone: Tone::Critical,
                });
            }
            GameEvent::Attack(AttackEvent::CoupDeGraceSave { unit, check }) => out.push(Feedback {
                unit: unit.clone(),
                headline: if check.success { "Saved" } else { "Failed save" }.to_string(),
                readout: Some(save_readout(check, "Fort")),
                tone: if check.success { Tone::Saved } else { Tone::Failed },
            }),
            // A support action's roll (§4.3.1): on the unit it helps or hinders.
            GameEvent::Attack(AttackEvent::SupportResolved { kind, target, roll, .. }) => {
                let name = kind.name();
                let mut name_chars = name.chars();
                let name: String = name_chars
                    .next()
                    .map(|c| c.to_uppercase().chain(name_chars).collect())
                    .unwrap_or_default();
                out.push(Feedback {
                    unit: target.clone(),
                    headline: match roll.check.success {
                        true => format!("{name}: hit"),
                        false => format!("{name}: miss"),
                    },
                    readout: Some(roll_readout(
                        roll.check.roll.result,
                        roll.check.total,
                        &format!("{}", roll.check.dc.unwrap_or_default()),
                    )),
                    tone: if roll.check.success { Tone::Hit } else { Tone::Miss },
                });
            }
            // A caster's Concentration check after a damaging attack of opportunity (SPL-SRD-3).
            GameEvent::Area(AreaEvent::ConcentrationChecked { unit, check, .. }) => out.push(Feedback {
                unit: unit.clone(),
                headline: if check.success {
                    "Concentration kept"
                } else {
                    "Concentration lost"
                }
                .to_string(),
                readout: Some(save_readout(check, "Concentration")),
                tone: if check.success { Tone::Saved } else { Tone::Failed },
            }),
            // A spell an attack of opportunity spoiled (001:766-768): on the caster.
            GameEvent::Area(AreaEvent::SpellLost { unit, spell, .. }) => out.push(Feedback {
                unit: unit.clone(),
                headline: format!("{spell} lost"),
                readout: None,
                tone: Tone::Failed,
            }),
            GameEvent::Area(AreaEvent::AreaResolved { area, .. }) => {
                for t in &area.targets {
                    let dealt = match t.dealt {
                        0 => String::new(),
                        n => format!(" {}", minus(n)),
                    };
                    let evasion = if t.evasion { " (evasion)" } else { "" };
                    let (headline, readout, tone) = if let Some(save) = &t.save {
                        let readout = Some(save_readout(save, "Reflex"));
                        match (save.success, t.share) {
                            (true, DamageShare::NoDamage) => (format!("Saved{evasion}"), readout, Tone::Saved),
                            (true, DamageShare::Half) => {
                                (format!("Saved (half){evasion}{dealt}"), readout, Tone::Saved)
                            }
                            (true, DamageShare::Full) => (format!("Saved{evasion}{dealt}"), readout, Tone::Saved),
                            (false, _) => (format!("Failed save{evasion}{dealt}"), readout, Tone::Failed),
                        }
                    } else if let (Some(hit), Some(roll)) = (t.hit, &area.attack) {
                        let readout = t
                            .defense
                            .as_ref()
                            .map(|d| roll_readout(roll.roll.result, roll.total, &format!("{} {}", d.name, d.value)));
                        match (hit, t.share) {
                            (true, _) => (format!("Hit{evasion}{dealt}"), readout, Tone::Hit),
                            (false, DamageShare::NoDamage) => (format!("Miss{evasion}"), readout, Tone::Miss),
                            (false, _) => (format!("Miss (half){evasion}{dealt}"), readout, Tone::Miss),
                        }
                    } else {
                        match t.dealt {
                            0 => ("No damage".to_string(), None, Tone::Miss),
                            n => (minus(n), None, Tone::Hit),
                        }
                    };
                    damage_shown(&mut shown, &t.unit, t.dealt);
                    out.push(Feedback {
                        unit: t.unit.clone(),
                        headline,
                        readout,
                        tone,
                    });
                }
            }
            GameEvent::Health(HealthEvent::DamageTaken { unit, amount, .. }) if *amount > 0 => {
                match shown.get_mut(unit) {
                    Some(n) if *n > 0 => *n -= 1,
                    _ => out.push(Feedback {
                        unit: unit.clone(),
                        headline: minus(*amount),
                        readout: None,
                        tone: Tone::Hit,
                    }),
                }
            }
            _ => {}
        }
    }
    out
}

/// The marker on a token by its life state (§17): nothing for a unit that is fine.
pub fn life_marker(state: LifeState) -> Option<(&'static str, Color)> {
    match state {
        LifeState::Fine => None,
        LifeState::Disabled => Some(("DISABLED", Color::srgb(0.95, 0.7, 0.2))),
        LifeState::Dying => Some(("DYING", Color::srgb(1.0, 0.35, 0.3))),
        LifeState::Stable => Some(("STABLE", Color::srgb(0.6, 0.8, 1.0))),
        LifeState::Unconscious => Some(("KO", Color::srgb(0.8, 0.8, 0.85))),
        LifeState::Dead => Some(("† DEAD", Color::srgb(0.75, 0.75, 0.78))),
    }
}

/// How many log entries have had their results floated.
#[derive(Resource, Debug, Default)]
pub struct FeedbackCursor(pub usize);

/// A floating result and how long it has floated.
#[derive(Component, Debug)]
pub struct Floating {
    pub age: f32,
    pub from: Vec2,
}

/// The size of a floating result's backdrop at zoom 1 (it is scaled by the zoom).
pub const FLOAT_BOX: Vec2 = Vec2::new(170.0, 36.0);
/// The gap between a floating result and the name label, and between stacked results (at zoom 1).
const FLOAT_GAP: f32 = 3.0;

/// Where the `n`th result on a unit in `space` starts floating at `zoom`: its backdrop just
/// above the unit's name label (as large as `tokens::label_look` draws it), stacked upward, so
/// it never covers the name; it only rises from there.
pub fn float_origin(space: Space, n: usize, zoom: f32) -> Vec2 {
    let scale = label_look(zoom, space.side, true).unwrap_or(1.0);
    let label_top = label_rect(space, 0, scale).max.y;
    let step = (FLOAT_BOX.y + FLOAT_GAP) * zoom;
    Vec2::new(
        space_centre(space).x,
        label_top + (FLOAT_GAP + FLOAT_BOX.y / 2.0) * zoom + step * n as f32,
    )
}

/// The backdrop of a floating result centred on `at`, at `zoom`.
pub fn float_rect(at: Vec2, zoom: f32) -> Rect {
    Rect::from_center_size(at, FLOAT_BOX * zoom)
}

/// On entering the battle screen the log so far is history, not something to show.
fn skip_played_log(session: Res<Session>, mut cursor: ResMut<FeedbackCursor>) {
    cursor.0 = session.battle.log().entries.len();
}

/// The camera's zoom: the floating texts are scaled by it, so they read the same at any zoom.
fn zoom_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn float_results(
    mut commands: Commands,
    session: Res<Session>,
    sight: Res<Sight>,
    mut cursor: ResMut<FeedbackCursor>,
    camera: Option<Single<&Projection, With<MainCamera>>>,
) {
    let log = &session.battle.log().entries;
    if log.len() <= cursor.0 {
        // An undo or a new battle: nothing new happened.
        cursor.0 = log.len();
        return;
    }
    let events: Vec<GameEvent> = log[cursor.0..].iter().flat_map(|e| e.events.iter().cloned()).collect();
    cursor.0 = log.len();
    let world = session.battle.world();
    let zoom = camera.map_or(1.0, |c| zoom_of(&c));
    // Several results on one unit (a full attack) stack upward.
    let mut stacked: BTreeMap<UnitId, usize> = BTreeMap::new();
    for f in feedback(&events) {
        if sight.hides(&f.unit) {
            continue;
        }
        let Some(space) = space_of(world, &f.unit) else {
            continue;
        };
        let n = stacked.entry(f.unit.clone()).or_default();
        let from = float_origin(space, *n, zoom);
        *n += 1;
        let colour = f.tone.colour();
        let mut floating = commands.spawn((
            Name::new(format!("Result {}", f.headline)),
            Floating { age: 0.0, from },
            DespawnOnExit(Screen::Battle),
            Transform::from_translation(from.extend(30.0)).with_scale(Vec3::splat(zoom)),
            Visibility::default(),
            children![(
                Text2d::new(f.headline.clone()),
                TextFont::from_font_size(22.0),
                TextColor(colour),
                Transform::from_xyz(0.0, 8.0, 0.1),
            )],
        ));
        if let Some(readout) = f.readout {
            floating.with_child((
                Text2d::new(readout),
                TextFont::from_font_size(11.0),
                TextColor(Color::srgb(0.95, 0.95, 0.95)),
                Transform::from_xyz(0.0, -9.0, 0.1),
            ));
        }
        floating.with_child((
            Sprite {
                color: Color::srgba(0.0, 0.0, 0.0, 0.55),
                custom_size: Some(FLOAT_BOX),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
    }
}

/// The results rise and fade; gone after [`FLOAT_SECONDS`].
fn rise_and_fade(
    mut commands: Commands,
    time: Res<Time>,
    mut floating: Query<(Entity, &mut Floating, &mut Transform, &Children)>,
    mut texts: Query<&mut TextColor>,
    mut sprites: Query<&mut Sprite>,
) {
    for (e, mut f, mut transform, children) in &mut floating {
        f.age += time.delta_secs();
        if f.age >= FLOAT_SECONDS {
            commands.entity(e).despawn();
            continue;
        }
        let k = f.age / FLOAT_SECONDS;
        transform.translation.y = f.from.y + TILE * RISE_TILES * k;
        // Fully visible for the first half, then fading out.
        let alpha = (2.0 * (1.0 - k)).min(1.0);
        for child in children {
            if let Ok(mut colour) = texts.get_mut(*child) {
                colour.0.set_alpha(alpha);
            }
            if let Ok(mut sprite) = sprites.get_mut(*child) {
                sprite.color.set_alpha(0.55 * alpha);
            }
        }
    }
}

/// A marker across the token of each unit that is down, dying or dead (the tokens were just
/// rebuilt).
fn mark_life_states(mut commands: Commands, session: Res<Session>, tokens: Query<(Entity, &Token)>) {
    let world = session.battle.world();
    for (e, token) in &tokens {
        let state = unit_component::<LifeState>(world, &token.0)
            .copied()
            .unwrap_or_default();
        let Some((label, colour)) = life_marker(state) else {
            continue;
        };
        let size = TILE * unit_component::<Placement>(world, &token.0).map_or(1, |p| p.side_squares) as f32;
        commands.entity(e).with_children(|t| {
            t.spawn((
                Name::new(format!("Life marker {label}")),
                Sprite {
                    color: Color::srgba(0.05, 0.05, 0.07, 0.8),
                    custom_size: Some(Vec2::new(size * 0.86, 16.0)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 2.5),
                children![(
                    Text2d::new(label),
                    TextFont::from_font_size(12.0),
                    TextColor(colour),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                )],
            ));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cmd;
    use crate::rules::{GameCommand, Modifier};
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
        (id: "foe", side: "b", at: (2, 1), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// The events of `me`'s attack on `foe` with `dice` after the two initiative rolls.
    fn attack_events(dice: &[u32]) -> Vec<GameEvent> {
        let dice: Vec<u32> = [10, 10].iter().chain(dice).copied().collect();
        let mut b = battle(FIELD, &dice);
        ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: id("me"),
                target: id("foe"),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        )
    }

    fn resolved(events: &[GameEvent]) -> AttackRoll {
        events
            .iter()
            .find_map(|e| match e {
                GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => Some((**attack).clone()),
                _ => None,
            })
            .expect("the attack resolved")
    }

    /// A hit floats what reached the target's health, once (its `DamageTaken` adds nothing),
    /// with the die and the total against the defense.
    /// Issue #18: a floating result starts clear of the unit's name label at every zoom, and
    /// several results on one unit stack without covering each other.
    #[test]
    fn floating_results_start_above_the_name_label_and_stack() {
        for side in [1, 2, 3] {
            let space = Space::new(crate::grid::Square::new(2, 3), side);
            for zoom in [0.25, 0.5, 1.0, 2.0, 4.0] {
                let scale = label_look(zoom, side, true).expect("a focused label shows");
                // The longest name a label is drawn with in the shipped scenarios, and more.
                let label = label_rect(space, 24, scale);
                let rects: Vec<Rect> = (0..4).map(|n| float_rect(float_origin(space, n, zoom), zoom)).collect();
                for (n, r) in rects.iter().enumerate() {
                    assert!(
                        r.min.y > label.max.y,
                        "side {side} zoom {zoom} result {n}: {r:?} over {label:?}"
                    );
                    for other in &rects[n + 1..] {
                        assert!(r.intersect(*other).is_empty(), "zoom {zoom}: {r:?} and {other:?}");
                    }
                }
                assert!(
                    (rects[0].center().x - label.center().x).abs() < 0.01,
                    "centred over the unit"
                );
            }
        }
    }

    #[test]
    fn a_hit_floats_the_damage_and_the_roll_against_the_defense() {
        let events = attack_events(&[15, 4]);
        let attack = resolved(&events);
        assert!(attack.hit && !attack.critical, "{attack:?}");
        let dealt = attack.damage.as_ref().expect("damage").dealt;
        let shown = feedback(&events);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert_eq!(shown[0].unit, id("foe"));
        assert_eq!(shown[0].headline, format!("−{dealt}"));
        assert_eq!(shown[0].tone, Tone::Hit);
        let readout = shown[0].readout.clone().expect("a readout");
        assert_eq!(
            readout,
            format!(
                "d20 15 +{} = {} vs {} {}",
                attack.total - 15,
                attack.total,
                attack.defense.name,
                attack.defense.value
            )
        );
    }

    #[test]
    fn a_miss_says_miss_with_the_roll() {
        let events = attack_events(&[2]);
        let shown = feedback(&events);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert_eq!(shown[0].headline, "Miss");
        assert_eq!(shown[0].tone, Tone::Miss);
        assert!(
            shown[0].readout.as_deref().is_some_and(|r| r.starts_with("d20 2 ")),
            "{shown:?}"
        );
    }

    #[test]
    fn a_critical_hit_says_crit_with_the_damage() {
        let events = attack_events(&[20, 4, 4]);
        let attack = resolved(&events);
        assert!(attack.critical, "{attack:?}");
        let dealt = attack.damage.as_ref().expect("damage").dealt;
        let shown = feedback(&events);
        assert_eq!(shown[0].headline, format!("Crit! −{dealt}"));
        assert_eq!(shown[0].tone, Tone::Critical);
    }

    /// An area's save for half floats "Saved (half) −N" with the Reflex roll; a failed one
    /// "Failed save −N"; saga's roll against Reflex Defense "Hit −N" / "Miss (half) −N".
    #[test]
    fn area_results_float_the_save_and_the_share() {
        let check = |result: u32, success: bool| D20Check {
            roll: crate::rules::DieRoll {
                purpose: "Reflex".into(),
                sides: 20,
                result,
                scripted: true,
            },
            modifiers: vec![Modifier::new(3, "Reflex")],
            total: result as i32 + 3,
            dc: Some(14),
            success,
        };
        let target =
            |unit: &str, save: Option<D20Check>, hit: Option<bool>, share, dealt| crate::rules::area::AreaTarget {
                unit: id(unit),
                cover: "none".into(),
                save,
                defense: hit.map(|_| DefenseUsed {
                    name: "Reflex".into(),
                    value: 15,
                    modifiers: Vec::new(),
                }),
                hit,
                evasion: false,
                share,
                amount: dealt,
                shield: None,
                reduced_by: None,
                dealt,
            };
        let area = |targets, attack| {
            GameEvent::Area(AreaEvent::AreaResolved {
                attacker: id("me"),
                weapon: "Grenade".into(),
                context: "area attack".into(),
                area: Box::new(crate::rules::area::AreaOutcome {
                    area: crate::rules::area::AreaOf::Splash { primary: id("foe") },
                    placement: None,
                    scatter: None,
                    squares: Vec::new(),
                    attack,
                    damage: None,
                    targets,
                }),
            })
        };
        let saves = area(
            vec![
                target("foe", Some(check(12, true)), None, DamageShare::Half, 4),
                target("me", Some(check(5, false)), None, DamageShare::Full, 8),
            ],
            None,
        );
        let damage = |unit: &str, amount| {
            GameEvent::Health(HealthEvent::DamageTaken {
                unit: id(unit),
                amount,
                lethal: true,
                health: crate::rules::Health::HitPoints { hp: 1, hp_max: 9 },
                track_steps: 0,
            })
        };
        let shown = feedback(&[saves, damage("foe", 4), damage("me", 8)]);
        assert_eq!(shown.len(), 2, "the damage is shown with the saves: {shown:?}");
        assert_eq!(shown[0].headline, "Saved (half) −4");
        assert_eq!(shown[0].readout.as_deref(), Some("Reflex d20 12 +3 = 15 vs DC 14"));
        assert_eq!(shown[0].tone, Tone::Saved);
        assert_eq!(shown[1].headline, "Failed save −8");
        let rolled = area(
            vec![
                target("foe", None, Some(true), DamageShare::Full, 8),
                target("me", None, Some(false), DamageShare::Half, 4),
            ],
            Some(check(13, true)),
        );
        let shown = feedback(&[rolled]);
        assert_eq!(shown[0].headline, "Hit −8");
        assert_eq!(shown[0].readout.as_deref(), Some("d20 13 +3 = 16 vs Reflex 15"));
        assert_eq!(shown[1].headline, "Miss (half) −4");
        // Damage with no roll of its own (a bleed) floats on its own.
        let shown = feedback(&[damage("me", 3)]);
        assert_eq!(shown[0].headline, "−3");
    }

    #[test]
    fn down_dying_and_dead_units_are_marked_and_fine_ones_are_not() {
        assert_eq!(life_marker(LifeState::Fine), None);
        assert_eq!(life_marker(LifeState::Dying).map(|m| m.0), Some("DYING"));
        assert_eq!(life_marker(LifeState::Dead).map(|m| m.0), Some("† DEAD"));
        assert!(life_marker(LifeState::Unconscious).is_some() && life_marker(LifeState::Stable).is_some());
    }
}

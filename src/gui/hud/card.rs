//! The unit card (issue #18 item 1): hovering a token or an initiative entry shows that
//! unit's card, clicking an initiative entry pins it (clicking it again unpins). The card's
//! facts come from the rules' side (`history::UnitCard`); this file only chooses the unit
//! and lays the facts out as lines. A unit the side on screen cannot see shows no card
//! (hidden information, `views::sight`). The card sits beside the cursor, never over
//! what it describes and, where the window allows, over no other token; it never takes the mouse, so it cannot steal the hover from the map.
//! Over 600 lines: about 260 of them are its tests (every family's health and defenses, riders
//! and vehicles, where the card goes).

use crate::grid::Square;
use crate::gui::look::camera::HUD_TOP;
use crate::gui::state::hover::Hover;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::badges::condition_badge;
use crate::gui::views::sight::Sight;
use crate::history::{DefenseFact, Lasts, UnitCard};
use crate::rules::reactions::threat::space_of;
use crate::rules::vehicle::vehicle_view;
use crate::rules::{Health, LifeState, Profile, UnitId, UnitIndex, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::*;
use bevy::ui::FocusPolicy;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<CardTarget>();
    app.add_systems(OnEnter(Screen::Battle), spawn_card);
    app.add_systems(
        Update,
        (
            hover_tracker_card.in_set(AppSystems::Input),
            // After the input: the hover it reads is the one tracked this frame.
            hover_token_card.in_set(AppSystems::Derive),
        )
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        (show_card, place_card)
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Width of the card in logical pixels.
pub const CARD_WIDTH: f32 = 300.0;

/// Which unit the card shows: the hovered initiative entry, else the hovered token, else the
/// pinned unit.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct CardTarget {
    pub token: Option<UnitId>,
    pub entry: Option<UnitId>,
    pub pinned: Option<UnitId>,
}

impl CardTarget {
    pub fn shown(&self) -> Option<&UnitId> {
        self.entry.as_ref().or(self.token.as_ref()).or(self.pinned.as_ref())
    }
}

/// An initiative tracker row that names a unit (`hud::initiative` spawns them).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct TrackerEntry(pub UnitId);

/// The unit a hover on `at` shows: a creature (a rider) before the vehicle it shares the
/// square with, by id otherwise; none the side on screen cannot see.
pub fn unit_under(world: &World, at: Square, hidden: impl Fn(&UnitId) -> bool) -> Option<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| !hidden(u))
        .filter(|u| space_of(world, u).is_some_and(|s| s.contains(at)))
        .min_by_key(|u| (vehicle_view(world, u).is_ok(), (*u).clone()))
        .cloned()
}

/// One line of a card: its text and whether it is a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardLine {
    pub text: String,
    pub heading: bool,
}

fn line(text: impl Into<String>) -> CardLine {
    CardLine {
        text: text.into(),
        heading: false,
    }
}

/// "−2" with a true minus sign, "+3".
fn signed(v: i32) -> String {
    if v < 0 { format!("−{}", -v) } else { format!("+{v}") }
}

/// The family's health (§17): starfinder SP/HP/RP, d20 HP, saga HP, threshold and track step.
pub fn health_line(health: &Health, track_penalty: Option<i32>) -> String {
    match *health {
        Health::StaminaHitPointsResolve {
            sp,
            sp_max,
            hp,
            hp_max,
            rp,
            rp_max,
        } => {
            let rp = rp_max.map_or(format!("RP {rp}"), |m| format!("RP {rp}/{m}"));
            format!("SP {sp}/{sp_max}  HP {hp}/{hp_max}  {rp}")
        }
        Health::HitPoints { hp, hp_max } => format!("HP {hp}/{hp_max}"),
        Health::DamageThresholdTrack {
            hp,
            hp_max,
            damage_threshold,
            track_step,
            ..
        } => {
            let track = match (track_step, track_penalty) {
                (0, _) => "track: top".to_string(),
                (s, Some(p)) => format!("track: step {s} of 5 ({})", signed(p)),
                (s, None) => format!("track: step {s} of 5"),
            };
            format!("HP {hp}/{hp_max}  DT {damage_threshold}  {track}")
        }
    }
}

/// "KAC 12 (14, flat-footed −2)", or "KAC 14" when nothing changes it.
pub fn defense_text(d: &DefenseFact) -> String {
    if d.now == d.printed {
        return format!("{} {}", d.name, d.now);
    }
    let why: Vec<String> = d
        .modifiers
        .iter()
        .filter(|m| m.counts())
        .map(|m| format!("{} {}", m.source, signed(m.value)))
        .collect();
    format!("{} {} ({}, {})", d.name, d.now, d.printed, why.join(", "))
}

fn life_text(state: LifeState) -> Option<&'static str> {
    match state {
        LifeState::Fine => None,
        LifeState::Disabled => Some("disabled"),
        LifeState::Dying => Some("dying"),
        LifeState::Stable => Some("stable"),
        LifeState::Unconscious => Some("unconscious"),
        LifeState::Dead => Some("dead"),
    }
}

/// The card's lines, top to bottom: the name (a heading) and side, health, defenses, speeds
/// and reach, weapons, conditions and effects, reactions, the actions left, and for a rider
/// or a vehicle what it rides or who rides it. `name` gives a unit's display name.
pub fn card_lines(card: &UnitCard, rules: &Ruleset, name: impl Fn(&UnitId) -> String) -> Vec<CardLine> {
    let u = &card.unit;
    let mut out = vec![CardLine {
        text: u.name.clone(),
        heading: true,
    }];
    let size = format!("{:?}", u.size).to_lowercase();
    let mut side = format!("{} · {size}", card.side_name);
    if let Some(state) = life_text(u.life_state) {
        side.push_str(&format!(" · {}", state.to_uppercase()));
    }
    out.push(line(side));
    let mut health = health_line(&u.health, card.track_penalty);
    if let Some(sr) = u.shield_rating {
        health.push_str(&format!("  shields {sr}"));
    }
    out.push(line(health));
    let defenses: Vec<String> = card.defenses.iter().map(defense_text).collect();
    out.push(line(defenses.join("  ")));
    if let Some(note) = &card.defense_note {
        out.push(line(format!("(printed defenses: {note})")));
    }
    let speeds: Vec<String> = card
        .speeds
        .iter()
        .map(|s| {
            let mode = if s.mode == "land" {
                String::new()
            } else {
                format!("{} ", s.mode)
            };
            match s.now_ft == s.printed_ft {
                true => format!("{mode}{} ft", s.now_ft),
                false => format!("{mode}{} ft (of {})", s.now_ft, s.printed_ft),
            }
        })
        .collect();
    let altitude = match u.altitude_ft {
        0 => String::new(),
        a => format!("  altitude {a} ft"),
    };
    out.push(line(format!(
        "Speed {}  reach {} ft{altitude}",
        speeds.join(", "),
        u.reach_ft
    )));
    for w in &card.weapons {
        let types: Vec<String> = w.damage_types.iter().map(|t| format!("{t:?}").to_lowercase()).collect();
        let types = if types.is_empty() {
            String::new()
        } else {
            format!(" {}", types.join("/"))
        };
        out.push(line(format!(
            "{} {}, {}{types}, {}",
            w.name,
            signed(w.attack),
            w.damage,
            w.range
        )));
    }
    for s in &u.spells {
        let uses = s.uses_left.map_or("at will".to_string(), |n| format!("{n} left"));
        out.push(line(format!("{} (spell, {uses})", s.name)));
    }
    // Conditions an effect gives are listed with the effect's duration instead.
    let from_effects: Vec<_> = card.effects.iter().filter_map(|e| e.condition).collect();
    let mut states: Vec<String> = card
        .conditions
        .iter()
        .filter(|c| !from_effects.contains(c))
        .map(|c| condition_badge(*c).name.to_string())
        .collect();
    for e in &card.effects {
        let lasts = match e.lasts {
            Lasts::Rounds(1) => "1 round".to_string(),
            Lasts::Rounds(n) => format!("{n} rounds"),
            Lasts::UntilBroken => "until broken".to_string(),
        };
        let by = if e.source == u.id {
            String::new()
        } else {
            format!(", from {}", name(&e.source))
        };
        states.push(format!("{} ({lasts}{by})", e.name));
    }
    if let Some(bleed) = &u.bleeding {
        states.push(format!("bleeding {bleed} a turn"));
    }
    for (ability, d) in &u.ability_damage {
        states.push(format!("{ability:?} damage {} ({})", d.damage, signed(d.penalty)));
    }
    if !states.is_empty() {
        out.push(line(format!("Conditions: {}", states.join(", "))));
    }
    out.push(line(match card.reactions_left {
        Some(n) => format!("Reactions left this round: {n}"),
        None => "Reactions: no limit a round".to_string(),
    }));
    if let Some(b) = &card.budget {
        let a = &rules.actions;
        let mut left = vec![
            format!("{} {}", b.standard, a.name_of(crate::ruleset::ActionKind::Standard)),
            format!("{} {}", b.move_, a.name_of(crate::ruleset::ActionKind::Move)),
        ];
        if a.per_turn.swift > 0 || a.names.swift.is_some() {
            left.push(format!("{} {}", b.swift, a.name_of(crate::ruleset::ActionKind::Swift)));
        }
        if b.full_available {
            left.push(format!("a {}", a.name_of(crate::ruleset::ActionKind::Full)));
        }
        out.push(line(format!("Acting: {} left", left.join(", "))));
    }
    if let Some(vehicle) = &card.aboard {
        out.push(line(format!("Aboard {}", name(vehicle))));
    }
    if let Some(v) = &card.vehicle {
        let mut state = vec![format!("heading {}", v.heading)];
        state.push(match &v.state.controlled_by {
            Some(pilot) => format!("piloted by {}", name(pilot)),
            None if v.state.autopilot_engaged => "on autopilot".to_string(),
            None => "uncontrolled".to_string(),
        });
        if v.moving {
            state.push("moving".into());
        }
        if v.broken {
            state.push("broken".into());
        }
        if v.wrecked {
            state.push("wrecked".into());
        }
        out.push(line(state.join(", ")));
        let mph = v.now.mph.map(|m| format!(" ({m} mph)")).unwrap_or_default();
        out.push(line(format!(
            "Drive {} ft, full {} ft{mph}  hardness {}  piloting {}",
            v.stats.drive_ft,
            v.now.full_ft,
            v.stats.hardness,
            signed(v.now.piloting)
        )));
        if !v.aboard.is_empty() {
            let riders: Vec<String> = v
                .aboard
                .iter()
                .map(|r| format!("{} ({})", name(&r.unit), format!("{:?}", r.role).to_lowercase()))
                .collect();
            out.push(line(format!("Riders: {}", riders.join(", "))));
        }
    }
    out
}

#[derive(Component)]
struct CardPanel;

fn spawn_card(mut commands: Commands) {
    // No `Interaction`: the card must not take the hover from the map under it.
    commands.spawn((
        Name::new("Unit card"),
        CardPanel,
        DespawnOnExit(Screen::Battle),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(8.0),
            top: Val::Px(HUD_TOP + 8.0),
            width: Val::Px(CARD_WIDTH),
            padding: UiRect::all(Val::Px(8.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(3.0),
            border: UiRect::left(Val::Px(4.0)),
            display: Display::None,
            ..default()
        },
        BorderColor::all(Color::WHITE),
        BackgroundColor(Color::srgba(0.06, 0.07, 0.09, 0.92)),
        FocusPolicy::Pass,
    ));
}

/// The cards to show for `unit`: its own, then the vehicle it rides (a rider shares its
/// squares with its vehicle, so a hover there shows both), none for a unit the side on
/// screen cannot see.
pub fn cards_for(world: &World, unit: &UnitId, hidden: impl Fn(&UnitId) -> bool) -> Vec<UnitCard> {
    let Some(card) = UnitCard::of(world, unit).filter(|_| !hidden(unit)) else {
        return Vec::new();
    };
    let vehicle = card
        .aboard
        .as_ref()
        .filter(|v| !hidden(v))
        .and_then(|v| UnitCard::of(world, v));
    std::iter::once(card).chain(vehicle).collect()
}

/// The hovered token's unit, while the cursor is on the map.
fn hover_token_card(hover: Res<Hover>, session: Res<Session>, sight: Res<Sight>, mut target: ResMut<CardTarget>) {
    if !hover.is_changed() && !session.is_changed() && !sight.is_changed() {
        return;
    }
    let unit = hover
        .0
        .and_then(|at| unit_under(session.battle.world(), at, |u| sight.hides(u)));
    if target.token != unit {
        target.token = unit;
    }
}

/// The hovered initiative entry's unit; a click pins it (or unpins it).
fn hover_tracker_card(
    entries: Query<(&Interaction, &TrackerEntry), Changed<Interaction>>,
    all: Query<(&Interaction, &TrackerEntry)>,
    mut target: ResMut<CardTarget>,
) {
    if entries.is_empty() {
        return;
    }
    for (interaction, entry) in &entries {
        if *interaction == Interaction::Pressed {
            target.pinned = match target.pinned.as_ref() == Some(&entry.0) {
                true => None,
                false => Some(entry.0.clone()),
            };
        }
    }
    let hovered = all
        .iter()
        .find(|(i, _)| **i != Interaction::None)
        .map(|(_, e)| e.0.clone());
    if target.entry != hovered {
        target.entry = hovered;
    }
}

fn show_card(
    mut commands: Commands,
    session: Res<Session>,
    target: Res<CardTarget>,
    revision: Res<Revision>,
    sight: Res<Sight>,
    panel: Single<(Entity, &mut Node, &mut BorderColor), With<CardPanel>>,
) {
    if !target.is_changed() && !revision.is_changed() && !sight.is_changed() {
        return;
    }
    let (entity, mut node, mut border) = panel.into_inner();
    let world = session.battle.world();
    let cards = target
        .shown()
        .map(|u| cards_for(world, u, |v| sight.hides(v)))
        .unwrap_or_default();
    let mut panel = commands.entity(entity);
    panel.despawn_children();
    let Some(first) = cards.first() else {
        node.display = Display::None;
        return;
    };
    node.display = Display::Flex;
    *border = BorderColor::all(side_colour(first));
    let name = |u: &UnitId| unit_component::<Profile>(world, u).map_or_else(|| u.to_string(), |p| p.name.clone());
    for card in &cards {
        let colour = side_colour(card).mix(&Color::WHITE, 0.35);
        for line in card_lines(card, world.resource::<Ruleset>(), name) {
            let (size, colour) = match line.heading {
                true => (16.0, colour),
                false => (12.0, Color::srgb(0.88, 0.9, 0.92)),
            };
            panel.with_child((
                Name::new("Card line"),
                Text::new(line.text),
                TextFont::from_font_size(size),
                TextColor(colour),
            ));
        }
    }
}

/// Where a card of `card` logical pixels goes beside a cursor at `cursor` in a window of
/// `window`: right of and below the cursor, or left of it where the right has no room, and
/// kept inside the window, so it never covers the token or entry it describes.
pub fn card_position(cursor: Vec2, card: Vec2, window: Vec2) -> Vec2 {
    const GAP: Vec2 = Vec2::new(24.0, 16.0);
    const EDGE: f32 = 4.0;
    let mut x = cursor.x + GAP.x;
    if x + card.x > window.x - EDGE {
        x = cursor.x - GAP.x - card.x;
    }
    let y = (cursor.y + GAP.y).min(window.y - EDGE - card.y);
    Vec2::new(x.max(EDGE), y.max(EDGE))
}

/// Where a card goes beside the cursor so that it covers as little of the `tokens` (their
/// rectangles in window pixels) as it can (issue #18): [`card_position`] first, then the
/// other sides of the cursor, then the corners of `free` (the map's part of the window, so a
/// corner card leaves the HUD's bars readable); the first that covers none, else the one that
/// covers the least. Always inside the window.
pub fn card_position_clear(cursor: Vec2, card: Vec2, window: Vec2, free: Rect, tokens: &[Rect]) -> Vec2 {
    const GAP: Vec2 = Vec2::new(24.0, 16.0);
    const EDGE: f32 = 4.0;
    let inside = |p: Vec2| {
        Vec2::new(
            p.x.min(window.x - EDGE - card.x).max(EDGE),
            p.y.min(window.y - EDGE - card.y).max(EDGE),
        )
    };
    let (left, right) = (cursor.x - GAP.x - card.x, cursor.x + GAP.x);
    let (above, below) = (cursor.y - GAP.y - card.y, cursor.y + GAP.y);
    let (near, far) = (free.min + Vec2::splat(EDGE), free.max - card - Vec2::splat(EDGE));
    let candidates = [
        card_position(cursor, card, window),
        inside(Vec2::new(right, above)),
        inside(Vec2::new(left, below)),
        inside(Vec2::new(left, above)),
        inside(near),
        inside(Vec2::new(far.x, near.y)),
        inside(Vec2::new(near.x, far.y)),
        inside(far),
    ];
    let covered = |at: &Vec2| -> f32 {
        let r = Rect::from_corners(*at, *at + card);
        tokens
            .iter()
            .map(|t| t.intersect(r))
            .map(|i| i.width() * i.height())
            .sum()
    };
    let mut best = candidates[0];
    let mut least = f32::INFINITY;
    for at in candidates {
        let c = covered(&at);
        if c <= 0.0 {
            return at;
        }
        if c < least {
            (best, least) = (at, c);
        }
    }
    best
}

/// The tokens on screen as rectangles in window pixels (hidden ones left out).
fn token_rects(
    world: &World,
    camera: (&Camera, &GlobalTransform),
    tokens: &Query<(&crate::gui::look::markers::Token, &Visibility)>,
) -> Vec<Rect> {
    tokens
        .iter()
        .filter(|(_, v)| **v != Visibility::Hidden)
        .filter_map(|(t, _)| space_of(world, &t.0))
        .filter_map(|space| {
            let centre = crate::gui::look::tiles::space_centre(space);
            let half = Vec2::splat(crate::gui::look::tiles::TILE * space.side as f32 / 2.0);
            let a = camera.0.world_to_viewport(camera.1, (centre - half).extend(0.0)).ok()?;
            let b = camera.0.world_to_viewport(camera.1, (centre + half).extend(0.0)).ok()?;
            Some(Rect::from_corners(a, b))
        })
        .collect()
}

/// A hovered unit's card sits beside the cursor, clear of the tokens where it can be; a pinned
/// one, with nothing hovered, at the top left of the map.
fn place_card(
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    target: Res<CardTarget>,
    session: Res<Session>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<crate::gui::look::camera::MainCamera>>>,
    tokens: Query<(&crate::gui::look::markers::Token, &Visibility)>,
    margins: Option<Res<crate::gui::look::camera::HudMargins>>,
    panel: Single<(&mut Node, &ComputedNode), With<CardPanel>>,
) {
    let (mut node, computed) = panel.into_inner();
    let hovered = target.entry.is_some() || target.token.is_some();
    let at = match window.cursor_position().filter(|_| hovered) {
        Some(cursor) => {
            let rects = camera.map_or_else(Vec::new, |c| token_rects(session.battle.world(), (c.0, c.1), &tokens));
            let card = computed.size() * computed.inverse_scale_factor();
            let free = margins.map_or_else(Default::default, |m| *m).free_area(window.size());
            card_position_clear(cursor, card, window.size(), free, &rects)
        }
        None => Vec2::new(8.0, HUD_TOP + 8.0),
    };
    let (left, top) = (Val::Px(at.x), Val::Px(at.y));
    if node.left != left || node.top != top {
        node.left = left;
        node.top = top;
    }
}

fn side_colour(card: &UnitCard) -> Color {
    Color::srgb_u8(card.colour[0], card.colour[1], card.colour[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::battle;

    const FIELD: &str = r##"Scenario(version: 1, name: "t", ruleset: "saga",
    map: (size: (8, 4), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "Rebels", control: Human, colour: "#3070d0"),
        (id: "b", name: "Empire", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "luke", name: "Luke", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (reflex: 15, fortitude: 14, will: 13), health: (hp: 30),
         weapons: [(name: "Lightsaber", kind: Melee, attack: 6, damage: "2d8", damage_types: [Energy])]),
        (id: "trooper", side: "b", at: (5, 1), speed: (land: 30), initiative: 0,
         defenses: (reflex: 12, fortitude: 11, will: 10), health: (hp: 10)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// saga's card: HP, damage threshold and the track, Reflex/Fortitude/Will, the weapon, one
    /// attack of opportunity a round (AOO-1), and the actions left while it acts.
    #[test]
    fn a_saga_card_lays_out_health_defenses_weapons_reactions_and_actions() {
        let b = battle(FIELD, &[]);
        let w = b.world();
        let card = UnitCard::of(w, &id("luke")).expect("a unit");
        let lines = card_lines(&card, w.resource::<Ruleset>(), |u| u.to_string());
        let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            lines[0],
            CardLine {
                text: "Luke".into(),
                heading: true
            }
        );
        assert!(text[1].starts_with("Rebels · "), "{text:?}");
        assert!(
            text[2].starts_with("HP 30/30  DT ") && text[2].ends_with("  track: top"),
            "{text:?}"
        );
        assert!(text[3].starts_with("Reflex "), "{text:?}");
        assert!(
            text[3].contains("Fortitude 14") && text[3].contains("Will 13"),
            "{text:?}"
        );
        assert!(text.contains(&"Lightsaber +6, 2d8 energy, melee"), "{text:?}");
        assert!(text.contains(&"Reactions left this round: 1"), "{text:?}");
        assert!(text.iter().any(|l| l.starts_with("Acting: ")), "{text:?}");
        let trooper = UnitCard::of(w, &id("trooper")).expect("a unit");
        let lines = card_lines(&trooper, w.resource::<Ruleset>(), |u| u.to_string());
        assert!(lines.iter().all(|l| !l.text.starts_with("Acting")), "not its turn");
    }

    /// A rider's hover shows its card and then its vehicle's: heading, control, speeds and
    /// riders (§25.1, §25.9).
    #[test]
    fn a_rider_shows_its_card_and_its_vehicles() {
        let b = battle(include_str!("../../../scenarios/starfinder_buggy_raid.ron"), &[]);
        let w = b.world();
        let at = unit_under(w, Square::new(3, 5), |_| false).expect("Buddy drives there");
        assert_eq!(at, id("buddy"));
        let cards = cards_for(w, &at, |_| false);
        assert_eq!(cards.len(), 2);
        let name = |u: &UnitId| unit_component::<Profile>(w, u).map_or_else(|| u.to_string(), |p| p.name.clone());
        let rider: Vec<String> = card_lines(&cards[0], w.resource::<Ruleset>(), name)
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert!(rider.contains(&"Aboard Exploration buggy".to_string()), "{rider:?}");
        let buggy: Vec<String> = card_lines(&cards[1], w.resource::<Ruleset>(), name)
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(buggy[0], "Exploration buggy");
        assert!(
            buggy
                .iter()
                .any(|l| l.starts_with("heading ") && l.contains("piloted by Buddy")),
            "{buggy:?}"
        );
        assert!(
            buggy
                .iter()
                .any(|l| l.starts_with("Drive ") && l.contains("hardness 5")),
            "{buggy:?}"
        );
        assert!(
            buggy.iter().any(|l| l.starts_with("Riders: ")
                && l.contains("Sssazza (gunner)")
                && l.contains("Merris (passenger)")),
            "{buggy:?}"
        );
        assert!(cards_for(w, &at, |u| u == &id("buddy")).is_empty(), "hidden: no card");
    }

    /// The card goes right of and below the cursor, left of it near the right edge (the
    /// initiative tracker), and stays inside the window.
    #[test]
    fn the_card_sits_beside_the_cursor_inside_the_window() {
        let window = Vec2::new(1280.0, 800.0);
        let card = Vec2::new(300.0, 200.0);
        assert_eq!(
            card_position(Vec2::new(100.0, 100.0), card, window),
            Vec2::new(124.0, 116.0)
        );
        let right = card_position(Vec2::new(1100.0, 100.0), card, window);
        assert_eq!(right.x, 1100.0 - 24.0 - 300.0, "left of the cursor");
        let low = card_position(Vec2::new(100.0, 750.0), card, window);
        assert_eq!(low.y, 800.0 - 4.0 - 200.0, "inside the window");
        let tiny = card_position(Vec2::new(10.0, 10.0), card, Vec2::new(200.0, 100.0));
        assert!(tiny.x >= 4.0 && tiny.y >= 4.0);
    }

    /// Issue #18: the card avoids the tokens around the hovered one, taking another side of
    /// the cursor (or a corner of the window) when the first choice would cover one, and
    /// stays inside the window.
    #[test]
    fn the_card_moves_off_the_neighbouring_tokens() {
        let window = Vec2::new(1024.0, 768.0);
        let card = Vec2::new(300.0, 200.0);
        let cursor = Vec2::new(400.0, 300.0);
        let free = crate::gui::look::camera::HudMargins::default().free_area(window);
        let token = |x: f32, y: f32| Rect::from_center_size(Vec2::new(x, y), Vec2::splat(64.0));
        let hovered = token(400.0, 300.0);
        let covers = |at: Vec2, t: Rect| !Rect::from_corners(at, at + card).intersect(t).is_empty();
        // Nothing beside: the usual place, right of and below the cursor.
        assert_eq!(
            card_position_clear(cursor, card, window, free, &[]),
            card_position(cursor, card, window)
        );
        // A neighbour right-below: the card goes elsewhere and covers neither token.
        let neighbour = token(500.0, 380.0);
        let at = card_position_clear(cursor, card, window, free, &[hovered, neighbour]);
        assert!(!covers(at, neighbour) && !covers(at, hovered), "{at:?}");
        // Neighbours on every side of the cursor: a corner of the window, still clear.
        let ring = [
            hovered,
            token(464.0, 300.0),
            token(336.0, 300.0),
            token(400.0, 364.0),
            token(400.0, 236.0),
        ];
        let at = card_position_clear(cursor, card, window, free, &ring);
        assert!(ring.iter().all(|t| !covers(at, *t)), "{at:?}");
        assert!(
            at.y >= free.min.y,
            "a corner of the map's area, under the top bar: {at:?}"
        );
        // Crowded everywhere: the least covered place, inside the window.
        let crowd: Vec<Rect> = (0..16)
            .flat_map(|i| (0..12).map(move |j| token(i as f32 * 64.0 + 32.0, j as f32 * 64.0 + 32.0)))
            .collect();
        let at = card_position_clear(cursor, card, window, free, &crowd);
        assert!(at.x >= 4.0 && at.y >= 4.0 && at.x + card.x <= window.x - 4.0 && at.y + card.y <= window.y - 4.0);
    }

    #[test]
    fn health_lines_follow_the_family() {
        let sf = Health::StaminaHitPointsResolve {
            sp: 5,
            sp_max: 10,
            hp: 8,
            hp_max: 12,
            rp: 2,
            rp_max: Some(4),
        };
        assert_eq!(health_line(&sf, None), "SP 5/10  HP 8/12  RP 2/4");
        assert_eq!(health_line(&Health::HitPoints { hp: -2, hp_max: 9 }, None), "HP -2/9");
        let saga = Health::DamageThresholdTrack {
            hp: 12,
            hp_max: 30,
            damage_threshold: 14,
            track_step: 2,
            heroic: true,
        };
        assert_eq!(health_line(&saga, Some(-2)), "HP 12/30  DT 14  track: step 2 of 5 (−2)");
    }

    #[test]
    fn a_changed_defense_names_what_changed_it() {
        let d = DefenseFact {
            name: "KAC".into(),
            printed: 14,
            now: 12,
            modifiers: vec![crate::rules::Modifier::new(-2, "flat-footed")],
        };
        assert_eq!(defense_text(&d), "KAC 12 (14, flat-footed −2)");
        let same = DefenseFact { now: 14, ..d };
        assert_eq!(defense_text(&same), "KAC 14");
    }

    /// The hover picks the unit standing on the square, none on an empty square, and none
    /// the side on screen cannot see.
    #[test]
    fn the_hovered_square_shows_the_unit_on_it_unless_hidden() {
        let b = battle(FIELD, &[]);
        let w = b.world();
        assert_eq!(unit_under(w, Square::new(1, 1), |_| false), Some(id("luke")));
        assert_eq!(unit_under(w, Square::new(2, 2), |_| false), None);
        assert_eq!(unit_under(w, Square::new(5, 1), |u| u == &id("trooper")), None);
    }

    /// The card follows the hovered entry over the token, and a pinned unit when nothing is
    /// hovered; a click on the pinned entry unpins it.
    #[test]
    fn the_tracker_hover_wins_and_a_click_pins_and_unpins() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<CardTarget>();
        app.add_systems(Update, hover_tracker_card);
        let entry = app
            .world_mut()
            .spawn((Interaction::Pressed, TrackerEntry(id("luke"))))
            .id();
        app.world_mut().resource_mut::<CardTarget>().token = Some(id("trooper"));
        app.update();
        let t = app.world().resource::<CardTarget>().clone();
        assert_eq!(
            (t.entry.as_ref(), t.pinned.as_ref()),
            (Some(&id("luke")), Some(&id("luke")))
        );
        assert_eq!(t.shown(), Some(&id("luke")));
        *app.world_mut().get_mut::<Interaction>(entry).expect("spawned") = Interaction::None;
        app.update();
        let t = app.world().resource::<CardTarget>().clone();
        assert_eq!(t.shown(), Some(&id("trooper")), "the token under the cursor");
        app.world_mut().resource_mut::<CardTarget>().token = None;
        assert_eq!(
            app.world().resource::<CardTarget>().shown(),
            Some(&id("luke")),
            "pinned"
        );
        *app.world_mut().get_mut::<Interaction>(entry).expect("spawned") = Interaction::Pressed;
        app.update();
        assert_eq!(app.world().resource::<CardTarget>().pinned, None, "unpinned");
    }
}

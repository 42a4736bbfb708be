//! Attack mode (issue #6 item 3): hovering a unit with an attack selected shows the rules'
//! attack preview (`rules::attack::action::preview_attack`, what `query attack` answers: every
//! modifier with its source, the defense used, the d20 roll needed, the chance to hit) in a
//! side panel, and draws the cover lines that decided the cover (`grid::cover`, as `query cover`),
//! the concealment lines that decided the concealment (`grid::concealment_decided`, the line
//! test `rules::attack::situation` makes, CON-1) dashed in violet, and the flanking line if the rules
//! found one (`grid::flanking_line`, as `query flank`). A rider's vehicle-mounted weapon
//! (VEH-20) previews with `preview_mounted_attack` (what `query attack --mount` answers), its
//! lines drawn from the vehicle's space; on a square a rider shares with its vehicle the
//! panel names the one aimed at and the key that switches (`arms`). Issue #18 item 5: the
//! panel also gives the damage (the weapon's dice with their bonus, the mean on a hit and on a
//! critical, the damage to expect: `AttackPreview::damage_odds`), what decided the concealment
//! (`Situation::concealment_source`: no line of sight, blinded, squares, light), and in full
//! attack mode each attack of the full attack with its penalties and odds
//! (`rules::attack::preview::preview_full_attack`).
//! Over 600 lines: about 250 of them are its tests (the preview panels headless); the single
//! and the full attack's panels share their layout and hover logic.

use crate::grid::{
    AttackKind, Concealment, ConcealmentLine, CoverLine, CoverParams, Intersection, Square, concealment_decided, cover,
    flanking_line,
};
use crate::gui::board::camera::{HUD_BOTTOM, HUD_RIGHT};
use crate::gui::board::input::Hover;
use crate::gui::board::map::{TILE, square_centre};
use crate::gui::hud::actions::entries::{Action, ActionBar, derive_action_bar};
use crate::gui::hud::actions::intents::{ActIntent, command_for};
use crate::gui::hud::actions::modes::{Mode, WeaponChoice};
use crate::gui::hud::arms::TargetPick;
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::history::Terrain;
use crate::rules::attack::action::{AttackPreview, preview_attack, preview_mounted_attack};
use crate::rules::attack::concealment::ConcealmentSource;
use crate::rules::attack::preview::{FullAttackPreview, preview_full_attack};
use crate::rules::attack::situation::cover_blockers;
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, Modifier, Profile, UnitId, WeaponKind, unit_component};
use crate::rules::{GameCommand, check, cmd};
use crate::ruleset::Ruleset;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    logic(app);
    app.add_systems(OnEnter(Screen::Battle), spawn_attack_panel);
    app.add_systems(
        Update,
        (show_attack_panel, draw_attack_lines)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Everything but the drawing (headless tests add only this).
pub fn logic(app: &mut App) {
    app.init_resource::<AttackView>();
    app.add_systems(
        Update,
        // After the bar: move mode offers the attack only when the bar allows one.
        derive_attack_view
            .after(derive_action_bar)
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What hovering `target` in attack mode shows.
#[derive(Debug, Clone)]
pub struct AttackHover {
    pub attacker: UnitId,
    pub target: UnitId,
    /// The rules' preview, or why the attack is not possible.
    pub preview: Result<AttackPreview, String>,
    /// The lines from the attacker's deciding corner to the target's square's corners (COV-1).
    pub cover_lines: Vec<CoverLine>,
    /// The four lines of the attacker's least concealed choice, when the lines give the
    /// target concealment (CON-1); empty when they do not (light may still conceal it).
    pub concealment_lines: Vec<ConcealmentLine>,
    /// The squares whose centres the flanking line joins (FLK-1), if the attack flanks.
    pub flank: Option<(Square, Square)>,
    /// The vehicle whose mounted weapon fires (VEH-20), if one does.
    pub mount: Option<UnitId>,
    /// Who else shares the hovered square and the key that targets them (`arms`).
    pub sharing: Option<String>,
    /// Full attack mode: the rules' preview of the full attack a click sends (each attack
    /// with its penalties and odds), or why there is none.
    pub full: Option<Result<FullAttackPreview, String>>,
}

/// The attack preview of `attacker` on whoever stands on `at` (a rider before its vehicle),
/// with its own `weapon` (or the rules' pick), or `None` when nobody else stands there.
pub fn attack_hover(world: &World, attacker: &UnitId, at: Square, weapon: Option<&str>) -> Option<AttackHover> {
    attack_hover_with(world, attacker, at, weapon, None, 0)
}

/// The attack preview of `attacker` on the `pick`th unit standing on `at` (`arms::units_at`:
/// a rider before its vehicle), with `weapon` (or the rules' pick), mounted on `mount` if
/// given (VEH-20), or `None` when nobody else stands there.
pub fn attack_hover_with(
    world: &World,
    attacker: &UnitId,
    at: Square,
    weapon: Option<&str>,
    mount: Option<&UnitId>,
    pick: usize,
) -> Option<AttackHover> {
    let target = crate::gui::hud::arms::unit_picked(world, at, attacker, pick)?;
    // VEH-20: a mounted weapon fires from the vehicle's space.
    let origin = mount.unwrap_or(attacker);
    let (a, t) = (space_of(world, origin)?, space_of(world, &target)?);
    let preview = match mount {
        Some(m) => preview_mounted_attack(world, attacker, m, &target, weapon),
        None => preview_attack(world, attacker, &target, weapon),
    };
    let profile = unit_component::<Profile>(world, origin);
    let name = match &preview {
        Ok(p) => Some(p.weapon.as_str()),
        Err(_) => weapon,
    };
    let ranged = profile
        .and_then(|p| match name {
            Some(n) => p.weapons.iter().find(|w| w.name == n),
            None => p.weapons.first(),
        })
        .is_some_and(|w| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown));
    // The creatures the rules count in the way (COV-1, §9.3).
    let others = cover_blockers(world, attacker, origin, &target);
    let kind = if ranged { AttackKind::Ranged } else { AttackKind::Melee };
    let map = &world.resource::<Terrain>().0;
    let decided = cover(
        map,
        &CoverParams::from_ruleset(world.resource::<Ruleset>()),
        a,
        t,
        &others,
        kind,
    );
    let rules = world.resource::<Ruleset>();
    // The same line test `situation` makes (no per-viewer extra: light is judged apart).
    let (concealed, lines) = concealment_decided(map, &rules.concealment, a, t, |_| Concealment::None);
    let concealment_lines = if concealed == Concealment::None {
        Vec::new()
    } else {
        lines
    };
    let flank = preview
        .as_ref()
        .ok()
        .and_then(|p| p.situation.flanking_with.as_ref())
        .and_then(|ally| space_of(world, ally))
        .and_then(|ally| flanking_line(a, ally, t));
    Some(AttackHover {
        attacker: attacker.clone(),
        sharing: crate::gui::hud::arms::switch_hint(world, at, attacker, pick),
        mount: mount.cloned(),
        target,
        preview: preview.map_err(|e| e.to_string()),
        cover_lines: decided.lines,
        concealment_lines,
        flank,
        full: None,
    })
}

/// The full attack a click on `target` sends (`options::full_attack_choice`: the most attacks
/// the rules allow with `weapon`), previewed by the rules with its penalties and odds.
pub fn full_attack_preview(
    world: &World,
    attacker: &UnitId,
    target: &UnitId,
    weapon: Option<String>,
) -> Result<FullAttackPreview, String> {
    match crate::rules::options::full_attack_choice(world, attacker, target, weapon) {
        GameCommand::FullAttack(cmd::FullAttack {
            unit,
            targets,
            weapon,
            weapons,
            ..
        }) => preview_full_attack(world, &unit, &targets, weapon.as_deref(), &weapons).map_err(|e| e.to_string()),
        other => Err(format!("not a full attack: {other:?}")),
    }
}

/// What decided a concealment, in the panel's words (CON-1).
pub fn concealment_source_name(source: ConcealmentSource) -> Option<&'static str> {
    match source {
        ConcealmentSource::None => None,
        ConcealmentSource::NoLineOfSight => Some("no line of sight"),
        ConcealmentSource::Blinded => Some("attacker blinded"),
        ConcealmentSource::Squares => Some("concealing squares"),
        ConcealmentSource::Light => Some("light"),
    }
}

/// "1d6+2: 5.5 on a hit, 11.0 on a crit (DR 5) | expect 2.9": the damage of `p` (without the
/// damage to expect unless `expect`: a full attack gives its own).
fn damage_line(p: &AttackPreview, expect: bool) -> Option<String> {
    let d = p.damage_odds.as_ref()?;
    let reduced = d
        .reduced_by
        .as_ref()
        .map_or_else(String::new, |m| format!(" (after {})", m.source));
    let expect = match expect {
        true => format!(" | expect {:.1}", d.expected),
        false => String::new(),
    };
    Some(format!(
        "Damage {}: {:.1} on a hit, {:.1} on a crit{reduced}{expect}",
        d.dice, d.on_hit, d.on_crit
    ))
}

/// The full attack's lines: its penalties, then each attack's bonus and defense on one line
/// and its odds on the next (its weapon named when it is not `weapon`, the panel's), then the
/// damage to expect in all. Short lines: the panel is a narrow column, and at 1024×768 a full
/// attack of four must still fit beside the map (issue #18).
fn full_attack_lines(full: &FullAttackPreview, weapon: &str) -> Vec<String> {
    let penalties: Vec<String> = full.penalties.iter().map(signed).collect();
    let mut lines = vec![format!(
        "Full attack: {} attack(s){}{}",
        full.attacks.len(),
        match penalties.is_empty() {
            true => String::new(),
            false => format!(", each {}", penalties.join(", ")),
        },
        match full.sources.is_empty() {
            true => String::new(),
            false => format!(" (extra from {})", full.sources.join(", ")),
        }
    )];
    for (i, a) in full.attacks.iter().enumerate() {
        let other = match a.weapon == weapon {
            true => String::new(),
            false => format!("{} ", a.weapon),
        };
        lines.push(format!(
            "{}. {other}{:+} vs {} {}: needs {}+",
            i + 1,
            a.attack_bonus,
            a.defense.name,
            a.defense.value,
            a.roll_needed,
        ));
        lines.push(format!(
            "   {:.1}% hit, {:.1}% crit, ~{:.1}",
            a.chance_to_hit,
            a.chance_to_crit,
            a.expected_damage()
        ));
    }
    lines.push(format!("Expect {:.1} damage in all", full.expected_damage));
    lines
}

fn signed(m: &Modifier) -> String {
    format!("{:+} {}", m.value, m.source)
}

fn name_of(world: &World, unit: &UnitId) -> String {
    unit_component::<Profile>(world, unit).map_or_else(|| unit.to_string(), |p| p.name.clone())
}

/// The panel's lines: the weapon, the attack bonus and its modifiers, the defense and its
/// modifiers, the roll needed and the chances, and what the situation holds.
pub fn preview_lines(world: &World, hover: &AttackHover, full: bool) -> Vec<String> {
    let mut lines = vec![format!(
        "{} {} -> {}",
        if full { "Full attack" } else { "Attack" },
        name_of(world, &hover.attacker),
        name_of(world, &hover.target)
    )];
    if let Some(hint) = &hover.sharing {
        lines.push(hint.clone());
    }
    let p = match &hover.preview {
        Ok(p) => p,
        Err(why) => {
            lines.push(format!("Not possible: {why}"));
            return lines;
        }
    };
    let s = &p.situation;
    let situational: i32 = s.attack.iter().map(|m| m.value).sum();
    let weapon = match &hover.mount {
        Some(m) => format!("{} ({})", p.weapon, name_of(world, m)),
        None => p.weapon.clone(),
    };
    lines.push(format!("{weapon}: attack {:+}", p.attack_bonus));
    lines.push(format!("  {:+} weapon", p.attack_bonus - situational));
    lines.extend(s.attack.iter().map(|m| format!("  {}", signed(m))));
    lines.push(format!("vs {} {}", p.defense.name, p.defense.value));
    lines.extend(p.defense.modifiers.iter().map(|m| format!("  {}", signed(m))));
    // A full attack's own lines give each attack's roll and odds and the damage to expect.
    let full_shown = matches!(hover.full, Some(Ok(_)));
    if !full_shown {
        lines.push(format!(
            "Needs {}+ on d20: {:.1}% to hit, {:.1}% crit",
            p.roll_needed, p.chance_to_hit, p.chance_to_crit
        ));
    }
    lines.extend(damage_line(p, !full_shown));
    let concealment = format!("{:?}", s.concealment).to_lowercase();
    let concealment = match concealment_source_name(s.concealment_source) {
        Some(why) if s.concealment != Concealment::None => format!("{concealment} ({why})"),
        _ => concealment,
    };
    lines.push(format!(
        "{} ft | cover: {} | concealment: {concealment}",
        s.distance_ft,
        format!("{:?}", s.cover).to_lowercase(),
    ));
    if let Some(miss) = s.miss_chance {
        lines.push(format!("Miss chance {miss}%"));
    }
    if s.flat_footed {
        lines.push("Target is flat-footed".into());
    }
    if let Some(ally) = &s.flanking_with {
        lines.push(format!("Flanking with {}", name_of(world, ally)));
    }
    if !p.provokes.is_empty() {
        let who: Vec<String> = p.provokes.iter().map(|u| name_of(world, u)).collect();
        lines.push(format!("Provokes: {}", who.join(", ")));
    }
    match (&hover.full, full) {
        (Some(Ok(f)), _) => lines.extend(full_attack_lines(f, &p.weapon)),
        (Some(Err(why)), _) => lines.push(format!("Full attack not possible: {why}")),
        (None, true) => lines.push("(one attack shown; the full attack's penalties apply)".into()),
        (None, false) => {}
    }
    lines
}

/// The hovered attack, recomputed when the battle, the hover, the mode or the weapon change.
#[derive(Resource, Debug, Default)]
pub struct AttackView {
    /// The battle, the hovered square, the mode, the weapon chosen and the target pick.
    pub key: Option<(Revision, Square, Mode, WeaponChoice, usize)>,
    pub hover: Option<AttackHover>,
    /// Move mode on a foe whose attack the action bar refuses now (the standard action spent):
    /// the line that says so, instead of a preview (issue #18).
    pub refusal: Option<String>,
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn derive_attack_view(
    session: Res<Session>,
    revision: Res<Revision>,
    hover: Res<Hover>,
    mode: Res<Mode>,
    choice: Res<WeaponChoice>,
    target: Res<TargetPick>,
    sight: Option<Res<crate::gui::board::visibility::Sight>>,
    bar: Option<Res<ActionBar>>,
    mut view: ResMut<AttackView>,
) {
    let world = session.battle.world();
    let active = world.resource::<Combat>().active.as_ref();
    let hidden = |u: &UnitId| sight.as_ref().is_some_and(|s| s.hides(u));
    let key = hover
        .0
        .filter(|sq| {
            mode.attacks()
                || (*mode == Mode::Move
                    && active
                        .is_some_and(|me| move_mode_foe(world, me, *sq, target.on(*sq, *revision), hidden).is_some()))
        })
        .map(|sq| {
            let pick = target.on(sq, *revision);
            (*revision, sq, *mode, choice.clone(), pick)
        });
    if view.key == key {
        return;
    }
    view.refusal = None;
    let refused = bar.as_ref().map_or(Ok(()), |b| b.allowed(Action::Attack));
    view.hover = match (&key, &world.resource::<Combat>().active) {
        (Some((_, sq, Mode::Move, choice, pick)), Some(unit)) if let Err(why) = refused => {
            let foe = crate::gui::hud::arms::unit_picked(world, *sq, unit, *pick);
            let name = foe.map_or_else(String::new, |f| crate::gui::hud::arms::unit_name(world, &f));
            // The rules' reason for the attack a click sends on this foe (the bar's verdict
            // may be about another target).
            let intent = ActIntent::AttackAt {
                at: *sq,
                weapon: choice.weapon.clone(),
                full: false,
                mount: choice.mount.clone(),
                pick: *pick,
            };
            let why = command_for(&intent, Some(unit.clone()), world)
                .and_then(|c| check(world, &c).map_err(|e| e.to_string()))
                .err()
                .unwrap_or(why);
            view.refusal = Some(format!("{name}: no attack now: {why}"));
            None
        }
        (Some((_, sq, mode, choice, pick)), Some(unit)) => {
            let (weapon, mount) = (&choice.weapon, &choice.mount);
            attack_hover_with(world, unit, *sq, weapon.as_deref(), mount.as_ref(), *pick).map(|mut h| {
                if *mode == Mode::FullAttack && mount.is_some() {
                    h.preview = full_attack_verdict(world, unit, *sq, weapon.clone(), mount.clone(), *pick, h.preview);
                } else if *mode == Mode::FullAttack && h.preview.is_ok() {
                    h.full = Some(full_attack_preview(world, unit, &h.target, weapon.clone()));
                }
                h
            })
        }
        _ => None,
    };
    view.key = key;
}

/// Issue #18: in move mode, the foe on `at` a click attacks instead of a refused move (the
/// `pick`th unit there, `arms::unit_picked`), if it is a foe of `unit` its side may see.
pub fn move_mode_foe(
    world: &World,
    unit: &UnitId,
    at: Square,
    pick: usize,
    hidden: impl Fn(&UnitId) -> bool,
) -> Option<UnitId> {
    let target = crate::gui::hud::arms::unit_picked(world, at, unit, pick)?;
    let foe = crate::rules::options::foes_of(world, unit).contains(&target);
    (foe && !hidden(&target)).then_some(target)
}

/// What a click in `mode` means when the cursor is on `at` and the attack view holds a hovered
/// target there: in move mode, an attack on the foe (`move_mode_foe`), never a move onto it.
pub fn click_mode(mode: Mode, at: Option<Square>, view: &AttackView) -> Mode {
    // A refused attack is still sent: the rules answer with their reason, not "occupied".
    let aimed = view.hover.is_some() || view.refusal.is_some();
    let foe_here = aimed && view.key.as_ref().map(|k| k.1) == at;
    match mode {
        Mode::Move if foe_here => Mode::Attack,
        other => other,
    }
}

/// A full attack with a mounted weapon: the click sends what `command_for` makes of it, so the
/// panel shows the rules' verdict on that command (they refuse it with the reason, VEH-20).
fn full_attack_verdict(
    world: &World,
    unit: &UnitId,
    at: Square,
    weapon: Option<String>,
    mount: Option<UnitId>,
    pick: usize,
    single: Result<AttackPreview, String>,
) -> Result<AttackPreview, String> {
    let intent = ActIntent::AttackAt {
        at,
        weapon,
        full: true,
        mount,
        pick,
    };
    let command = command_for(&intent, Some(unit.clone()), world)?;
    check(world, &command).map_err(|e| e.to_string())?;
    single
}

#[derive(Component)]
struct AttackPanel;

#[derive(Component)]
struct AttackPanelText;

/// A preview panel of the right column (attack, area): the tutorial's tips stack above the
/// one shown (`screens::tutorial`).
#[derive(Component, Debug, Clone, Copy)]
pub struct PreviewPanel;

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
        crate::gui::hud::attack::preview_panel_look(),
        children![(
            Name::new("Attack preview"),
            AttackPanelText,
            Text::new(""),
            crate::gui::font::mono_text(13.0),
            TextColor(Color::srgb(0.92, 0.92, 0.85)),
        )],
    ));
}

fn show_attack_panel(
    session: Res<Session>,
    view: Res<AttackView>,
    mode: Res<Mode>,
    sight: Option<Res<crate::gui::board::visibility::Sight>>,
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
    text.0 = crate::gui::hud::log::named(world, &lines, |u| sight.as_ref().is_some_and(|s| s.hides(u)));
}

/// The world position of a grid intersection (a square's top-left corner).
pub fn intersection_point(p: Intersection) -> Vec2 {
    square_centre(Square::new(p.i, p.j)) + Vec2::new(-TILE / 2.0, TILE / 2.0)
}

/// Colours: a clear line, an obstructed one, the flanking line.
pub const CLEAR_LINE: Color = Color::srgb(0.4, 1.0, 0.55);
pub const BLOCKED_LINE: Color = Color::srgb(1.0, 0.45, 0.1);
pub const FLANK_LINE: Color = Color::srgb(0.2, 0.85, 1.0);
/// Concealment lines (dashed): through concealment, and clear.
pub const CONCEALED_LINE: Color = Color::srgb(0.75, 0.45, 1.0);
pub const UNCONCEALED_LINE: Color = Color::srgb(0.85, 0.8, 1.0);

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
    use crate::grid::Space;
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

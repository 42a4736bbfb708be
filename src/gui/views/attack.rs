//! The attack preview of the hovered unit (issue #6 item 3, issue #18 item 5): the rules'
//! preview (`rules::attack::action::preview_attack`, what `query attack` answers: every
//! modifier with its source, the defense used, the d20 roll needed, the chance to hit, the
//! damage to expect), the cover lines that decided the cover (`grid::cover`, as `query
//! cover`), the concealment lines that decided the concealment (CON-1) and the flanking line
//! (`grid::flanking_line`, as `query flank`); a rider's vehicle-mounted weapon (VEH-20) with
//! `preview_mounted_attack`; in full attack mode each attack with its penalties and odds
//! (`rules::attack::preview::preview_full_attack`); in move mode the foe a click attacks, or
//! the rules' reason why not. `hud::attack` draws it; decides no rule.

use crate::grid::{AttackKind, Concealment, ConcealmentLine, CoverLine, Square, flanking_line};
use crate::gui::intake::command::act_command;
use crate::gui::intake::targets::{switch_hint, unit_name, unit_picked};
use crate::gui::state::action::Action;
use crate::gui::state::hover::Hover;
use crate::gui::state::intent::ActIntent;
use crate::gui::state::mode::{Mode, TargetPick, WeaponChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::bar::{ActionBar, derive_action_bar};
use crate::gui::views::sight::Sight;
use crate::rules::attack::action::{AttackPreview, preview_attack, preview_mounted_attack};
use crate::rules::attack::concealment::ConcealmentSource;
use crate::rules::attack::preview::{FullAttackPreview, preview_full_attack};
use crate::rules::attack::situation::deciding_lines;
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, Modifier, Profile, UnitId, WeaponKind, unit_component};
use crate::rules::{GameCommand, check, cmd};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
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

/// The attack preview of `attacker` on the `pick`th unit standing on `at` (`intake::targets::units_at`:
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
    let target = unit_picked(world, at, attacker, pick)?;
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
    let kind = if ranged { AttackKind::Ranged } else { AttackKind::Melee };
    // The lines the rules judged cover and concealment by (COV-1, CON-1).
    let lines = deciding_lines(world, attacker, origin, &target, kind)?;
    let flank = preview
        .as_ref()
        .ok()
        .and_then(|p| p.situation.flanking_with.as_ref())
        .and_then(|ally| space_of(world, ally))
        .and_then(|ally| flanking_line(a, ally, t));
    Some(AttackHover {
        attacker: attacker.clone(),
        sharing: switch_hint(world, at, attacker, pick),
        mount: mount.cloned(),
        target,
        preview: preview.map_err(|e| e.to_string()),
        cover_lines: lines.cover,
        concealment_lines: lines.concealment,
        flank,
        full: None,
    })
}

/// The full attack a click on `target` sends (`attack::options::full_attack_choice`: the most attacks
/// the rules allow with `weapon`), previewed by the rules with its penalties and odds.
pub fn full_attack_preview(
    world: &World,
    attacker: &UnitId,
    target: &UnitId,
    weapon: Option<String>,
) -> Result<FullAttackPreview, String> {
    match crate::rules::attack::options::full_attack_choice(world, attacker, target, weapon) {
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
    sight: Option<Res<Sight>>,
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
            let foe = unit_picked(world, *sq, unit, *pick);
            let name = foe.map_or_else(String::new, |f| unit_name(world, &f));
            // The rules' reason for the attack a click sends on this foe (the bar's verdict
            // may be about another target).
            let intent = ActIntent::AttackAt {
                at: *sq,
                weapon: choice.weapon.clone(),
                full: false,
                mount: choice.mount.clone(),
                pick: *pick,
            };
            let why = act_command(&intent, Some(unit.clone()), world)
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
/// `pick`th unit there, `intake::targets::unit_picked`), if it is a foe of `unit` its side may see.
pub fn move_mode_foe(
    world: &World,
    unit: &UnitId,
    at: Square,
    pick: usize,
    hidden: impl Fn(&UnitId) -> bool,
) -> Option<UnitId> {
    let target = unit_picked(world, at, unit, pick)?;
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
    let command = act_command(&intent, Some(unit.clone()), world)?;
    check(world, &command).map_err(|e| e.to_string())?;
    single
}

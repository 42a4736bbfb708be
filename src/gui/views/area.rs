//! The area preview at the hovered intersection (issue #6 item 3): the template the rules
//! would fill there (`grid::template`, as `query template`), the squares the map cuts off,
//! each unit caught with the cover it has against the area (`rules::area::cover_in_template`),
//! whether the rules allow it now (`check_area_attack`), and the rules' odds
//! (`rules::area::preview_area_attack`, issue #18 item 5: the roll's bonus with the range
//! penalty, the chance to land where aimed (starfinder, RNG-1) or to affect anyone (saga), and
//! each creature's chance to save (AREA-5) or to be hit (AREA-SG-1)). `hud::area` draws it.

use crate::grid::{AreaShape, Direction8, Intersection, Square, TemplateSpec, template};
use crate::gui::state::hover::HoverCorner;
use crate::gui::state::mode::{AreaAim, Mode, WeaponChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::history::Terrain;
use crate::rules::AreaShapeKind;
use crate::rules::area::options::area_weapon;
use crate::rules::area::{AreaPreview, AreaTargetOdds, check_area_attack, cover_in_template, preview_area_attack};
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, Profile, UnitId, UnitIndex, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<AreaView>();
    app.add_systems(
        Update,
        derive_area_view
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What placing the template at one intersection shows.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaHover {
    pub weapon: String,
    pub at: Intersection,
    pub squares: Vec<Square>,
    pub cut_off: Vec<Square>,
    /// Each unit with a square in the area, and its cover against it (lower-case degree).
    pub affected: Vec<(UnitId, String)>,
    /// Whether the rules allow the throw now, or why not.
    pub allowed: Result<(), String>,
    /// The rules' odds of the throw (whatever the action budget), when it can be made.
    pub odds: Option<AreaPreview>,
}

/// The template of `unit`'s area weapon at `at`, as the rules would fill it.
pub fn area_hover(
    world: &World,
    unit: &UnitId,
    chosen: Option<&str>,
    at: Intersection,
    dir: Direction8,
) -> Option<AreaHover> {
    let weapon = area_weapon(world, unit, chosen)?;
    let area = weapon.area?;
    let shape: AreaShape = area.shape.with(area.shape.directed().then_some(dir))?;
    let rules = world.resource::<Ruleset>();
    let allowed = check_area_attack(world, unit, &weapon.name, at, area.shape.directed().then_some(dir));
    // The plan's radius when the rules accept; else the template's size in squares (`query
    // template --size-ft`), so the player still sees where it would go.
    let radius_squares = match &allowed {
        Ok(plan) => plan.radius_squares,
        Err(_) => area.size_ft / rules.grid.square_ft.max(1),
    };
    let spec = TemplateSpec {
        shape,
        origin: at,
        radius_squares,
    };
    let t = template(&world.resource::<Terrain>().0, rules.grid.diagonal, &spec);
    let affected = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| space_of(world, u).is_some_and(|s| s.squares().any(|sq| t.contains(sq))))
        .map(|u| {
            let cover = cover_in_template(world, AreaShapeKind::of(shape), at, u);
            (u.clone(), format!("{cover:?}").to_lowercase())
        })
        .collect();
    let odds = preview_area_attack(world, unit, &weapon.name, at, area.shape.directed().then_some(dir)).ok();
    Some(AreaHover {
        weapon: weapon.name,
        at,
        squares: t.squares,
        cut_off: t.cut_off.iter().map(|c| c.square).collect(),
        affected,
        allowed: allowed.map(|_| ()).map_err(|e| e.to_string()),
        odds,
    })
}

/// The odds panel's lines: the roll and its chance to land or affect anyone, then each
/// creature caught where aimed with its save or the roll's chance to hit it.
pub fn area_odds_lines(world: &World, hover: &AreaHover) -> Vec<String> {
    let Some(p) = &hover.odds else {
        return match &hover.allowed {
            Err(why) => vec![format!("{}: not possible: {why}", hover.weapon)],
            Ok(()) => Vec::new(),
        };
    };
    let range = p.range_penalty.as_ref().map_or_else(
        || "no range penalty".to_string(),
        |m| format!("{:+} {}", m.value, m.source),
    );
    let mut lines = vec![format!("{} {:+} ({range})", p.weapon, p.attack_bonus)];
    lines.extend(
        p.attack
            .iter()
            .filter(|m| m.counts())
            .map(|m| format!("  {:+} {}", m.value, m.source)),
    );
    if let (Some(ac), Some(land)) = (p.placement_ac, p.chance_to_land) {
        lines.push(format!(
            "vs AC {ac} of the intersection: {land:.1}% to land there (a miss scatters)"
        ));
    }
    if let Some(affect) = p.chance_to_affect {
        lines.push(format!("{affect:.1}% that the roll affects anyone"));
    }
    if p.targets.is_empty() {
        lines.push("Catches nobody here".into());
    }
    lines.extend(p.targets.iter().map(|t| target_odds_line(world, t)));
    lines
}

/// One creature an area catches, with its cover and its odds: its save against the DC
/// (AREA-5) or the chance the one roll hits its Reflex Defense (AREA-SG-1).
pub fn target_odds_line(world: &World, t: &AreaTargetOdds) -> String {
    let name = unit_component::<Profile>(world, &t.unit).map_or_else(|| t.unit.to_string(), |p| p.name.clone());
    let cover = match t.cover.as_str() {
        "none" => String::new(),
        "cover" => " (cover)".into(),
        c => format!(" ({c} cover)"),
    };
    let evasion = if t.evasion { ", Evasion" } else { "" };
    let odds = match (t.save_bonus, t.save_dc, t.chance_to_save, &t.defense, t.chance_to_hit) {
        (Some(bonus), Some(dc), Some(save), _, _) => format!("Reflex {bonus:+} vs DC {dc}: {save:.1}% to save"),
        (_, _, _, Some(d), Some(hit)) => format!("{} {}: {hit:.1}% hit", d.name, d.value),
        _ => "no odds".into(),
    };
    format!("  {name}{cover}: {odds}{evasion}")
}

/// The status line for a placed template.
pub fn area_line(world: &World, hover: &AreaHover, dir: Direction8) -> String {
    let name = |u: &UnitId| unit_component::<Profile>(world, u).map_or_else(|| u.to_string(), |p| p.name.clone());
    let caught: Vec<String> = hover
        .affected
        .iter()
        .map(|(u, cover)| match cover.as_str() {
            "none" => name(u),
            c => format!("{} ({c} cover)", name(u)),
        })
        .collect();
    let head = format!(
        "{} at ({}, {}) toward {dir}: {} squares, {} cut off | catches {}",
        hover.weapon,
        hover.at.i,
        hover.at.j,
        hover.squares.len(),
        hover.cut_off.len(),
        if caught.is_empty() {
            "nobody".into()
        } else {
            caught.join(", ")
        }
    );
    match &hover.allowed {
        Ok(()) => format!("{head} | click to throw, R rotates"),
        Err(why) => format!("{head} | not possible: {why}"),
    }
}

/// The placed template, recomputed when the battle, the corner, the aim or the weapon change.
#[derive(Resource, Debug, Default)]
pub struct AreaView {
    pub key: Option<(Revision, Intersection, Direction8, Option<String>)>,
    pub hover: Option<AreaHover>,
}

fn derive_area_view(
    session: Res<Session>,
    revision: Res<Revision>,
    corner: Res<HoverCorner>,
    mode: Res<Mode>,
    aim: Res<AreaAim>,
    choice: Res<WeaponChoice>,
    mut view: ResMut<AreaView>,
) {
    let key = corner
        .0
        .filter(|_| *mode == Mode::Area)
        .map(|c| (*revision, c, aim.0, choice.weapon.clone()));
    if view.key == key {
        return;
    }
    let world = session.battle.world();
    view.hover = match (&key, &world.resource::<Combat>().active) {
        (Some((_, at, dir, weapon)), Some(unit)) => area_hover(world, unit, weapon.as_deref(), *at, *dir),
        _ => None,
    };
    view.key = key;
}

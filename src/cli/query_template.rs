//! `fivefoot query SCENARIO template SHAPE --origin I,J --size-ft N [--dir D] [--by UNIT]`:
//! an area template on the battle's map (RULES.md §19.1, AREA-1..AREA-4), the units with a
//! square in it and the squares the map cuts off, as JSON (docs/cli.md, docs/areas.md).
//!
//! The geometry is `grid::template`; this file only checks the command line against the
//! battle (size in squares, direction, the user's corner or line of effect to the origin).

use crate::grid::{AreaShape, Direction8, Intersection, Space, Square, TemplateSpec, template};
use crate::history::{Battle, Terrain};
use crate::rules::AreaShapeKind;
use crate::rules::reactions::threat::space_of;
use crate::rules::{UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};

/// The SHAPE argument.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateShape {
    Burst,
    Emanation,
    Spread,
    Cone,
    Line,
    Cylinder,
}

impl TemplateShape {
    fn name(self) -> &'static str {
        match self {
            TemplateShape::Burst => "burst",
            TemplateShape::Emanation => "emanation",
            TemplateShape::Spread => "spread",
            TemplateShape::Cone => "cone",
            TemplateShape::Line => "line",
            TemplateShape::Cylinder => "cylinder",
        }
    }

    fn with(self, dir: Option<Direction8>) -> Result<AreaShape, String> {
        let directed = matches!(self, TemplateShape::Cone | TemplateShape::Line);
        Ok(match (self, dir) {
            (TemplateShape::Cone, Some(d)) => AreaShape::Cone(d),
            (TemplateShape::Line, Some(d)) => AreaShape::Line(d),
            (_, None) if directed => {
                return Err(format!("a {} needs --dir N|NE|E|SE|S|SW|W|NW", self.name()));
            }
            (_, Some(_)) => return Err(format!("--dir applies to cones and lines, not to a {}", self.name())),
            (TemplateShape::Burst, None) => AreaShape::Burst,
            (TemplateShape::Emanation, None) => AreaShape::Emanation,
            (TemplateShape::Spread, None) => AreaShape::Spread,
            (_, None) => AreaShape::Cylinder,
        })
    }
}

fn parse_intersection(text: &str) -> Result<Intersection, String> {
    let bad = || format!("`{text}` is not an intersection like 4,2");
    let (i, j) = text.split_once(',').ok_or_else(bad)?;
    let n = |s: &str| s.trim().parse::<i32>().map_err(|_| bad());
    Ok(Intersection::new(n(i)?, n(j)?))
}

/// The user's space, checked against the origin: a cone or line starts at a corner of one of
/// its squares (001:3273-3277, 3316-3321); any other area needs its line of effect to the
/// origin (AREA-1, 001:3645-3646).
fn check_user(battle: &Battle, id: &str, shape: AreaShape, origin: Intersection) -> Result<(UnitId, Space), String> {
    let unit = UnitId(id.to_string());
    let space = crate::rules::area::check_origin(battle.world(), &unit, AreaShapeKind::of(shape), origin)
        .map_err(|e| e.to_string())?;
    Ok((unit, space))
}

/// `query template`: the area's squares, the units in it and what the map cuts off.
pub fn template_answer(
    battle: &Battle,
    shape: TemplateShape,
    origin: &str,
    size_ft: u32,
    dir: Option<&str>,
    by: Option<&str>,
) -> Result<Value, String> {
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let origin = parse_intersection(origin)?;
    if origin.i < 0 || origin.j < 0 || origin.i as u32 > map.width() || origin.j as u32 > map.height() {
        return Err(format!(
            "the origin ({}, {}) is not an intersection of the {}×{} map (0,0 to {},{})",
            origin.i,
            origin.j,
            map.width(),
            map.height(),
            map.width(),
            map.height()
        ));
    }
    let square_ft = rules.grid.square_ft.max(1);
    // Issue #16 item 8: the same bound as an area's size in a scenario.
    let feet = crate::rules::engine::bounds::FEET;
    if i64::from(size_ft) > feet.max {
        return Err(format!("--size-ft: {}", feet.refusal(size_ft)));
    }
    if size_ft == 0 || !size_ft.is_multiple_of(square_ft) {
        return Err(format!(
            "--size-ft {size_ft} is not a positive multiple of the {square_ft}-ft square"
        ));
    }
    let dir = dir.map(str::parse::<Direction8>).transpose()?;
    let area = shape.with(dir)?;
    let user = by.map(|id| check_user(battle, id, area, origin)).transpose()?;
    let spec = TemplateSpec {
        shape: area,
        origin,
        radius_squares: size_ft / square_ft,
    };
    let t = template(map, rules.grid.diagonal, &spec);
    let mut affected = Vec::new();
    for unit in world.resource::<UnitIndex>().0.keys() {
        let Some(space) = space_of(world, unit) else { continue };
        let inside: Vec<Square> = space.squares().filter(|sq| t.contains(*sq)).collect();
        if !inside.is_empty() {
            let cover = crate::rules::area::cover_in_template(world, AreaShapeKind::of(area), origin, unit);
            let cover = format!("{cover:?}").to_lowercase();
            affected.push(json!({ "unit": unit, "squares": inside, "cover": cover }));
        }
    }
    Ok(json!({
        "shape": shape.name(),
        "direction": dir,
        "origin": origin,
        "size_ft": size_ft,
        "radius_squares": spec.radius_squares,
        "diagonal": rules.grid.diagonal,
        "by": user.map(|(u, _)| u),
        "squares": t.squares,
        "affected": affected,
        "cut_off": t.cut_off,
    }))
}

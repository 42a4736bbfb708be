//! Semantic validation: turns a parsed `ScenarioFile` into a `ScenarioSpec`, or lists every
//! problem with the path of the value at fault (located to `file:line:col` by the caller).
//! Over 600 lines: one pass over the whole scenario format, section by section, so every
//! problem is found in one run with one path style; each section is a function of its own.

use super::diagnostic::Problem;
use super::format::{Body, Control, EdgeKind, Goal, MapDef, ScenarioFile, TerrainKind, UnitDef, WeaponDef};
use super::spans::{Seg, field, index};
use super::spec::{Objective, ScenarioSpec, Side, UnitSpec, Zone};
use super::templates::Templates;
use crate::grid::{Cell, CoverObject, EdgeFeature, Map, Square};
use crate::rules::{
    Ability, AbilityScores, ConditionName, Conditions, Defenses, DiceExpr, Health, Placement, Profile, SideId, Spell,
    SpellEffect, UnitId, Weapon, WeaponKind,
};
use crate::ruleset::{AreaResolution, DefenseModel, Family, HealthModel, RangeModel, Ruleset, Size, load_embedded};
use std::collections::{BTreeMap, BTreeSet};

/// The largest map side accepted, in squares.
pub const MAX_MAP_SIDE: u32 = 1024;

/// Validates `file`; `templates` resolves `template:` names.
pub fn validate(file: &ScenarioFile, templates: &Templates) -> Result<ScenarioSpec, Vec<Problem>> {
    // Issue #16 item 10: every number in range first, so the checks below and the rules can
    // do arithmetic on them without overflow.
    let numbers = super::limits::check_numbers(file, Vec::new());
    if !numbers.is_empty() {
        return Err(numbers);
    }
    let mut problems = Vec::new();
    if file.version != 1 {
        problems.push(Problem::at(
            vec![field("version")],
            format!(
                "scenario format version {} is not supported (write `version: 1`)",
                file.version
            ),
        ));
    }
    let family = Family::from_id(&file.ruleset);
    if family.is_none() {
        problems.push(Problem::at(
            vec![field("ruleset")],
            format!(
                "unknown ruleset `{}` (use one of: starfinder, d20_srd, d20_modern, saga)",
                file.ruleset
            ),
        ));
    }
    let ruleset = match family.map(load_embedded) {
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => {
            problems.push(Problem::at(
                vec![field("ruleset")],
                format!("the ruleset could not be loaded: {e}"),
            ));
            None
        }
        None => None,
    };
    let map = build_map(&file.map, &mut problems);
    let sides = build_sides(file, &mut problems);
    let side_ids: BTreeSet<&str> = file.sides.iter().map(|s| s.id.as_str()).collect();
    let units = match (&ruleset, &map) {
        (Some(r), Some(m)) => build_units(file, r, m, &side_ids, templates, &mut problems),
        _ => Vec::new(),
    };
    let zones = map
        .as_ref()
        .map(|m| build_zones(file, m, &mut problems))
        .unwrap_or_default();
    // The units are known only once the ruleset and the map are (else their problems say why).
    let built = (ruleset.is_some() && map.is_some()).then_some(units.as_slice());
    let objectives = build_objectives(file, &side_ids, &zones, built, &mut problems);
    let chase = match (&file.chase, &ruleset) {
        (Some(def), Some(r)) => super::validate_chase::build_chase(def, r, &units, &mut problems),
        _ => None,
    };

    match (problems.is_empty(), family, ruleset, map) {
        (true, Some(family), Some(ruleset), Some(map)) => Ok(ScenarioSpec {
            name: file.name.clone(),
            description: file.description.clone(),
            family,
            ruleset,
            seed: file.seed,
            gravity: file.gravity,
            map,
            sides,
            units,
            zones,
            objectives,
            hidden_information: file.hidden_information,
            chase,
        }),
        _ => Err(problems),
    }
}

fn map_path(rest: &[Seg]) -> Vec<Seg> {
    let mut p = vec![field("map")];
    p.extend_from_slice(rest);
    p
}

/// GRID-5: the legend's terrain kinds become cell flags; checks size, rows and edges.
fn build_map(def: &MapDef, problems: &mut Vec<Problem>) -> Option<Map> {
    let before = problems.len();
    let row_widths: Vec<usize> = def.rows.iter().map(|r| r.chars().count()).collect();
    let (width, height) = match (def.size, def.rows.is_empty()) {
        (Some((w, h)), _) => (w as usize, h as usize),
        (None, false) => (most_common(&row_widths), def.rows.len()),
        (None, true) => {
            problems.push(Problem::at(
                map_path(&[]),
                "the map has no rows (give `rows: [\"....\", ...]`, or `size: (w, h)` with `fill`)",
            ));
            return None;
        }
    };
    if width == 0 || height == 0 || width > MAX_MAP_SIDE as usize || height > MAX_MAP_SIDE as usize {
        let at = if def.size.is_some() {
            map_path(&[field("size")])
        } else {
            map_path(&[field("rows")])
        };
        problems.push(Problem::at(
            at,
            format!("the map is {width}×{height} squares; each side must be 1 to {MAX_MAP_SIDE}"),
        ));
        return None;
    }
    if def.size.is_some() && !def.rows.is_empty() && def.rows.len() != height {
        problems.push(Problem::at(
            map_path(&[field("rows")]),
            format!("`size` says {height} rows but `rows` has {}", def.rows.len()),
        ));
    }
    let rows_agree = row_widths.iter().all(|w| *w == row_widths[0]);
    if def.size.is_some() && !def.rows.is_empty() && rows_agree && row_widths[0] != width {
        problems.push(Problem::at(
            map_path(&[field("size")]),
            format!(
                "`size` says the map is {width} wide but every row has {} squares",
                row_widths[0]
            ),
        ));
        return None;
    }
    for (i, w) in row_widths.iter().enumerate() {
        if *w != width {
            problems.push(Problem::at(
                map_path(&[field("rows"), index(i)]),
                format!(
                    "row {} has {w} squares but the map is {width} wide (every row must be the same length)",
                    i + 1
                ),
            ));
        }
    }
    let fill = match (def.fill, def.rows.is_empty()) {
        (Some(c), _) => Some(c),
        (None, true) => {
            problems.push(Problem::at(map_path(&[]), "a map given by `size` needs `fill: '.'`"));
            None
        }
        (None, false) => None,
    };
    if let Some(c) = fill
        && !def.legend.contains_key(&c)
    {
        problems.push(Problem::at(
            map_path(&[field("fill")]),
            format!("fill character `{c}` is not in the legend"),
        ));
    }
    if problems.len() > before {
        return None;
    }
    let cells: BTreeMap<char, Cell> = def.legend.iter().map(|(c, e)| (*c, legend_cell(e))).collect();
    let mut map = Map::filled(
        width as u32,
        height as u32,
        fill.and_then(|c| cells.get(&c).copied()).unwrap_or_default(),
    );
    let mut unknown = 0;
    for (y, row) in def.rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            match cells.get(&ch) {
                Some(cell) => map.set_cell(Square::new(x as i32, y as i32), *cell),
                None => {
                    unknown += 1;
                    if unknown <= 20 {
                        problems.push(Problem::in_string(
                            map_path(&[field("rows"), index(y)]),
                            x,
                            format!("`{ch}` at square ({x}, {y}) is not in the legend (add `'{ch}': (terrain: Floor)` to `legend`)"),
                        ));
                    }
                }
            }
        }
    }
    if unknown > 20 {
        problems.push(Problem::at(
            map_path(&[field("rows")]),
            format!(
                "{} more squares use characters that are not in the legend",
                unknown - 20
            ),
        ));
    }
    for (i, edge) in def.edges.iter().enumerate() {
        let (a, b) = (edge.from, edge.to);
        let inside = |p: crate::grid::Intersection| p.i >= 0 && p.j >= 0 && p.i <= width as i32 && p.j <= height as i32;
        let at = map_path(&[field("edges"), index(i)]);
        if !inside(a) || !inside(b) {
            let end = if inside(a) { "to" } else { "from" };
            problems.push(Problem::at(map_path(&[field("edges"), index(i), field(end)]), format!("edge from ({}, {}) to ({}, {}) leaves the map (intersections run from (0, 0) to ({width}, {height}))", a.i, a.j, b.i, b.j)));
            continue;
        }
        if (a.i != b.i && a.j != b.j) || a == b {
            problems.push(Problem::at(
                at,
                "an edge must run straight along a grid line between two different intersections",
            ));
            continue;
        }
        let feature = match edge.kind {
            EdgeKind::Wall => EdgeFeature::Wall,
            EdgeKind::Door { open } => EdgeFeature::Door { open },
        };
        if a.i == b.i {
            for j in a.j.min(b.j)..a.j.max(b.j) {
                map.set_vertical_edge(a.i, j, feature);
            }
        } else {
            for i in a.i.min(b.i)..a.i.max(b.i) {
                map.set_horizontal_edge(i, a.j, feature);
            }
        }
    }
    (problems.len() == before).then_some(map)
}

/// The row length most rows have (the first one on a tie), so one bad row is the one blamed.
fn most_common(widths: &[usize]) -> usize {
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for w in widths {
        *counts.entry(*w).or_default() += 1;
    }
    let best = counts.values().copied().max().unwrap_or(0);
    widths.iter().copied().find(|w| counts[w] == best).unwrap_or(0)
}

fn legend_cell(e: &super::format::LegendEntry) -> Cell {
    let mut cell = Cell {
        concealment: e.concealment,
        light: e.light,
        blocks_sight: e.blocks_sight,
        ..Cell::default()
    };
    match e.terrain {
        TerrainKind::Floor => {}
        TerrainKind::Wall => {
            cell.blocks_movement = true;
            cell.blocks_loe = true;
            cell.hard_corner = true;
        }
        TerrainKind::Difficult => cell.difficult = true,
        TerrainKind::LowObstacle => cell.low = true,
        TerrainKind::Cover => {
            cell.blocks_movement = true;
            cell.cover = CoverObject::Cover;
        }
        TerrainKind::ImprovedCover => {
            cell.blocks_movement = true;
            cell.cover = CoverObject::Improved;
        }
    }
    cell.difficult |= e.difficult;
    if let Some(hard) = e.hard_corner {
        cell.hard_corner = hard;
    }
    cell
}

fn build_sides(file: &ScenarioFile, problems: &mut Vec<Problem>) -> Vec<Side> {
    if file.sides.is_empty() {
        problems.push(Problem::at(vec![field("sides")], "a battle needs at least one side"));
    }
    let mut seen = BTreeSet::new();
    let mut sides = Vec::new();
    for (i, s) in file.sides.iter().enumerate() {
        let at = |f: &str| vec![field("sides"), index(i), field(f)];
        if !seen.insert(s.id.as_str()) {
            problems.push(Problem::at(at("id"), format!("side id `{}` is used twice", s.id)));
        }
        if s.ai.is_some() && s.control != Control::Ai {
            problems.push(Problem::at(
                at("ai"),
                "`ai` settings are for a side the computer plays: write `control: Ai`, or leave `ai` out",
            ));
        }
        let colour = parse_colour(&s.colour);
        if colour.is_none() {
            problems.push(Problem::at(
                at("colour"),
                format!("colour `{}` is not `#rrggbb` (e.g. \"#3070d0\")", s.colour),
            ));
        }
        sides.push(Side {
            id: SideId(s.id.clone()),
            name: s.name.clone(),
            control: s.control,
            colour: colour.unwrap_or([128, 128, 128]),
            level: s.ai.map(|a| a.level).unwrap_or_default(),
        });
    }
    sides
}

fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

const UNIT_ONLY_FIELDS: [&str; 7] = ["id", "template", "side", "at", "aware", "joins_round", "aboard"];

fn build_units(
    file: &ScenarioFile,
    ruleset: &Ruleset,
    map: &Map,
    side_ids: &BTreeSet<&str>,
    templates: &Templates,
    problems: &mut Vec<Problem>,
) -> Vec<UnitSpec> {
    if file.units.is_empty() {
        problems.push(Problem::at(vec![field("units")], "a battle needs at least one unit"));
    }
    let mut seen = BTreeSet::new();
    let mut occupied: BTreeMap<Square, usize> = BTreeMap::new();
    let mut units = Vec::new();
    for (i, raw) in file.units.iter().enumerate() {
        let path = |f: &str| vec![field("units"), index(i), field(f)];
        let before = problems.len();
        let mut merged = match &raw.template {
            Some(name) => match templates.get(name) {
                Ok(t) => {
                    for f in template_unit_fields(&t) {
                        problems.push(Problem::at(
                            path("template"),
                            format!("template `{name}` sets `{f}`, which only a unit in a scenario may set"),
                        ));
                    }
                    raw.clone().over_template(&t)
                }
                Err(e) => {
                    problems.push(Problem::at(path("template"), e));
                    continue;
                }
            },
            None => raw.clone(),
        };
        let Some(id) = merged.id.clone() else {
            problems.push(Problem::at(
                vec![field("units"), index(i)],
                "this unit has no `id` (add `id: \"name\"`)",
            ));
            continue;
        };
        if !seen.insert(id.clone()) {
            problems.push(Problem::at(path("id"), format!("unit id `{id}` is used twice")));
        }
        let side = match &merged.side {
            Some(s) if side_ids.contains(s.as_str()) => s.clone(),
            Some(s) => {
                problems.push(Problem::at(
                    path("side"),
                    format!("unit `{id}` is on side `{s}`, which is not in `sides`"),
                ));
                String::new()
            }
            None => {
                problems.push(Problem::at(
                    vec![field("units"), index(i)],
                    format!("unit `{id}` has no `side`"),
                ));
                String::new()
            }
        };
        super::validate_vehicle::fill_vehicle_defaults(&mut merged);
        let size = merged.size.unwrap_or(Size::Medium);
        let side_squares = ruleset.sizes.side_squares(size);
        let Some(at) = merged.at else {
            problems.push(Problem::at(
                vec![field("units"), index(i)],
                format!("unit `{id}` has no position (add `at: (x, y)`)"),
            ));
            continue;
        };
        let placement = Placement { at, side_squares };
        for sq in placement.squares() {
            match map.cell(sq) {
                None => {
                    problems.push(Problem::at(
                        path("at"),
                        format!(
                            "unit `{id}` at {at} does not fit on the {}×{} map (its space is {side_squares}×{side_squares})",
                            map.width(),
                            map.height()
                        ),
                    ));
                    break;
                }
                Some(cell) if cell.blocks_movement => {
                    problems.push(Problem::at(
                        path("at"),
                        format!("unit `{id}` stands inside a wall or solid object at {sq}"),
                    ));
                    break;
                }
                Some(_) => {}
            }
        }
        let shares_squares = ruleset.sizes.row(size).space_squares == 0;
        // §25.9: a rider stands inside its vehicle's space; `check_riders` places it there.
        let rider = merged.aboard.is_some();
        for sq in placement.squares().filter(|_| !rider) {
            if let Some(&other) = occupied.get(&sq) {
                let other_shares = file.units[other]
                    .size
                    .is_some_and(|s| ruleset.sizes.row(s).space_squares == 0);
                if !(shares_squares && other_shares) {
                    let other_id = file.units[other].id.clone().unwrap_or_default();
                    problems.push(Problem::at(
                        path("at"),
                        format!("unit `{id}` overlaps unit `{other_id}` at {sq}"),
                    ));
                    break;
                }
            }
        }
        for sq in placement.squares().filter(|_| !rider) {
            occupied.entry(sq).or_insert(i);
        }
        if let Some(alt) = merged.altitude
            && alt > 0
        {
            if merged.speed.is_none_or(|s| s.fly.is_none()) {
                problems.push(Problem::at(
                    path("altitude"),
                    format!("unit `{id}` has an altitude but no fly speed"),
                ));
            } else if alt % ruleset.grid.square_ft != 0 {
                problems.push(Problem::at(
                    path("altitude"),
                    format!("altitude is in feet, a multiple of {}", ruleset.grid.square_ft),
                ));
            }
        }
        if merged.shield_rating.is_some_and(|sr| sr > 0) && ruleset.damage.shields.is_none() {
            problems.push(Problem::at(
                path("shield_rating"),
                format!("shield rating is not in {}'s rules", ruleset.name),
            ));
        }
        for feat in merged.feats.iter().flatten() {
            if !feat.families().contains(&ruleset.id) {
                problems.push(Problem::at(
                    path("feats"),
                    format!("the feat {feat:?} has no effect in {}'s rules", ruleset.name),
                ));
            }
        }

        for skill in merged.trained.iter().flatten() {
            if !skill.families().contains(&ruleset.id) {
                problems.push(Problem::at(
                    path("trained"),
                    format!("training in {skill:?} has no effect in {}'s rules", ruleset.name),
                ));
            }
        }
        if merged
            .conditions
            .iter()
            .flatten()
            .any(|c| *c == ConditionName::Bleeding)
        {
            problems.push(Problem::at(
                path("conditions"),
                "bleeding needs the damage it deals each turn: write `bleeding: \"1d4\"` instead of listing `Bleeding` in `conditions`",
            ));
        }
        if merged.saves.is_some() && !ruleset.defense.saving_throws {
            problems.push(Problem::at_key(
                path("saves"),
                format!(
                    "there are no saving throws in {}: give Reflex, Fortitude and Will as `defenses`",
                    ruleset.name
                ),
            ));
        }
        if let Some(icon) = merged.icon.as_deref().filter(|n| !super::icons::is_token_icon(n)) {
            problems.push(Problem::at(
                path("icon"),
                format!(
                    "there is no token icon `{icon}`; the icons are listed in assets/tokens/icons.txt (for example `{}`)",
                    super::icons::default_icon(merged.kind.unwrap_or_default())
                ),
            ));
        }
        let bleeding = build_bleeding(&merged, ruleset, i, problems);
        check_scores(&merged, ruleset, i, problems);
        if merged.joins_round == Some(0) {
            problems.push(Problem::at(
                path("joins_round"),
                "`joins_round` counts from 1 (the first regular round)",
            ));
        }
        let profile = build_profile(&merged, &id, size, ruleset, i, problems);
        let health = build_health(&merged, &id, ruleset, i, problems, &profile);
        let vehicle = super::validate_vehicle::build_vehicle(&merged, &id, ruleset, i, problems);
        if problems.len() > before {
            continue;
        }
        if let (Some(profile), Some(health)) = (profile, health) {
            units.push(UnitSpec {
                id: UnitId(id),
                side: SideId(side),
                placement,
                aware: merged.aware.unwrap_or(true),
                joins_round: merged.joins_round,
                elevation: merged.altitude.unwrap_or(0) / ruleset.grid.square_ft.max(1),
                profile,
                health,
                conditions: Conditions(merged.conditions.clone().unwrap_or_default().into_iter().collect()),
                bleeding,
                con_score: merged
                    .health
                    .and_then(|h| h.con_score)
                    .unwrap_or_else(|| (10 + 2 * merged.abilities.unwrap_or_default().con).max(0) as u32),
                vehicle,
                aboard: None,
                skills: merged.skills,
                icon: merged
                    .icon
                    .clone()
                    .unwrap_or_else(|| super::icons::default_icon(merged.kind.unwrap_or_default()).to_string()),
            });
        }
    }
    super::validate_vehicle::check_riders(file, &mut units, problems);
    if !units.is_empty() && units.iter().all(|u| u.joins_round.is_some()) {
        problems.push(Problem::at(
            vec![field("units")],
            "every unit joins late; at least one must be there when combat starts (leave out `joins_round`)",
        ));
    }
    units
}

fn template_unit_fields(t: &UnitDef) -> Vec<&'static str> {
    let set = [
        t.id.is_some(),
        t.template.is_some(),
        t.side.is_some(),
        t.at.is_some(),
        t.aware.is_some(),
        t.joins_round.is_some(),
        t.aboard.is_some(),
    ];
    UNIT_ONLY_FIELDS
        .iter()
        .zip(set)
        .filter(|(_, s)| *s)
        .map(|(f, _)| *f)
        .collect()
}

fn build_profile(
    u: &UnitDef,
    id: &str,
    size: Size,
    ruleset: &Ruleset,
    i: usize,
    problems: &mut Vec<Problem>,
) -> Option<Profile> {
    let unit = vec![field("units"), index(i)];
    let path = |f: &str| vec![field("units"), index(i), field(f)];
    let Some(speed) = u.speed else {
        problems.push(Problem::at(
            unit,
            format!("unit `{id}` has no `speed` (e.g. `speed: (land: 30)`, in feet)"),
        ));
        return None;
    };
    let row = ruleset.sizes.row(size);
    let reach_ft = u.reach.unwrap_or(match u.body.unwrap_or(Body::Tall) {
        Body::Tall => row.reach_tall_ft,
        Body::Long => row.reach_long_ft,
    });
    let d = u.defenses.unwrap_or_default();
    let need = |name: &str, v: Option<i32>, problems: &mut Vec<Problem>| {
        if v.is_none() {
            problems.push(Problem::at(
                path("defenses"),
                format!(
                    "unit `{id}` needs `{name}` in `defenses` for {} ({})",
                    ruleset.name,
                    defense_names(ruleset.defense.model).join(", ")
                ),
            ));
        }
        v.unwrap_or_default()
    };
    if u.defenses.is_none() {
        problems.push(Problem::at(
            unit.clone(),
            format!(
                "unit `{id}` has no `defenses` ({} needs {})",
                ruleset.name,
                defense_names(ruleset.defense.model).join(", ")
            ),
        ));
        return None;
    }
    let unused: Vec<&str> = [
        ("eac", d.eac),
        ("kac", d.kac),
        ("ac", d.ac),
        ("defense", d.defense),
        ("reflex", d.reflex),
        ("fortitude", d.fortitude),
        ("will", d.will),
    ]
    .into_iter()
    .filter(|(name, v)| v.is_some() && !defense_names(ruleset.defense.model).contains(name))
    .map(|(name, _)| name)
    .collect();
    for name in unused {
        problems.push(Problem::at_key(
            vec![field("units"), index(i), field("defenses"), field(name)],
            format!(
                "`{name}` is not a defense in {} (it uses {})",
                ruleset.name,
                defense_names(ruleset.defense.model).join(", ")
            ),
        ));
    }
    let defenses = match ruleset.defense.model {
        DefenseModel::EacKac => Defenses::EacKac {
            eac: need("eac", d.eac, problems),
            kac: need("kac", d.kac, problems),
        },
        DefenseModel::ArmorClass => Defenses::ArmorClass {
            ac: need("ac", d.ac, problems),
        },
        DefenseModel::Defense => Defenses::Defense {
            defense: need("defense", d.defense, problems),
        },
        DefenseModel::ReflexFortitudeWill => Defenses::ReflexFortitudeWill {
            reflex: need("reflex", d.reflex, problems),
            fortitude: need("fortitude", d.fortitude, problems),
            will: need("will", d.will, problems),
        },
    };
    let mut weapons = Vec::new();
    for (w_i, w) in u.weapons.clone().unwrap_or_default().into_iter().enumerate() {
        let wpath = |f: &str| vec![field("units"), index(i), field("weapons"), index(w_i), field(f)];
        let damage = match DiceExpr::parse(&w.damage) {
            Ok(d) => d,
            Err(e) => {
                problems.push(Problem::at(wpath("damage"), e.to_string()));
                continue;
            }
        };
        let ranged = matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown);
        let weapon_at = vec![field("units"), index(i), field("weapons"), index(w_i)];
        match ruleset.range.model {
            RangeModel::Increments { .. } if ranged && w.range_increment.is_none() => {
                problems.push(Problem::at(
                    weapon_at.clone(),
                    format!("ranged weapon `{}` needs `range_increment` (feet)", w.name),
                ));
            }
            RangeModel::Bands { .. } if ranged && w.range_bands.is_none() => {
                problems.push(Problem::at(
                    weapon_at.clone(),
                    format!(
                        "ranged weapon `{}` needs `range_bands: (point_blank: 6, short: 12, medium: 24, long: 48)` (squares)",
                        w.name
                    ),
                ));
            }
            _ => {}
        }
        if let Some(b) = w.range_bands
            && !(b.point_blank <= b.short && b.short <= b.medium && b.medium <= b.long)
        {
            problems.push(Problem::at(
                wpath("range_bands"),
                "range bands must grow: point_blank ≤ short ≤ medium ≤ long",
            ));
        }
        if w.damage_types.is_empty() {
            problems.push(Problem::at(
                wpath("damage_types"),
                format!("weapon `{}` needs at least one damage type", w.name),
            ));
        }
        check_area_weapon(&w, ruleset, &weapon_at, problems);
        check_reach_weapon(&w, ruleset, id, reach_ft, &weapon_at, problems);
        weapons.push(Weapon {
            name: w.name,
            kind: w.kind,
            attack: w.attack,
            damage,
            damage_types: w.damage_types,
            reach_ft: w.reach,
            reach_weapon: w.reach_weapon,
            range_increment_ft: w.range_increment,
            range_bands: w.range_bands,
            threatens: w.threatens,
            hands: w.hands.unwrap_or(1).max(1),
            light: w.light,
            double: w.double,
            area: w.area,
            save_dc: w.save_dc,
            autofire: w.autofire || w.autofire_only,
            autofire_only: w.autofire_only,
            splash: w.splash,
        });
    }
    Some(Profile {
        name: u.name.clone().unwrap_or_else(|| id.to_string()),
        size,
        reach_ft,
        speed,
        initiative: u.initiative.unwrap_or(0),
        level: u.level.unwrap_or(1),
        bab: u.bab.unwrap_or(0),
        abilities: u.abilities.unwrap_or_default(),
        scores: AbilityScores::from_modifiers(&u.abilities.unwrap_or_default(), |a| u.scores.and_then(|s| s.of(a))),
        weapons,
        defenses,
        armor: u.armor.unwrap_or_default(),
        load: u.load.unwrap_or_default(),
        species: u.species.clone(),
        kind: u.kind.unwrap_or_default(),
        dr: u.dr.clone().unwrap_or_default(),
        senses: u.senses.unwrap_or_default(),
        shield_rating: u.shield_rating.unwrap_or(0),
        feats: u.feats.iter().flatten().copied().collect(),
        trained: u.trained.iter().flatten().copied().collect(),
        spells: build_spells(u, ruleset, i, problems),
        saves: u.saves,
    })
}

/// RNG-1, §19: an area weapon's fields fit its kind and the family's area rules.
fn check_area_weapon(w: &WeaponDef, ruleset: &Ruleset, at: &[Seg], problems: &mut Vec<Problem>) {
    let path = |f: &str| {
        let mut p = at.to_vec();
        p.push(field(f));
        p
    };
    let saves = matches!(ruleset.area.resolution, AreaResolution::ReflexSave { .. });
    if let Some(area) = w.area {
        let ft = ruleset.grid.square_ft.max(1);
        if !matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown) {
            problems.push(Problem::at(
                path("area"),
                format!(
                    "only a ranged or thrown weapon can have an area (`{}` is {:?})",
                    w.name, w.kind
                ),
            ));
        }
        if area.size_ft == 0 || !area.size_ft.is_multiple_of(ft) {
            problems.push(Problem::at(
                path("area"),
                format!("an area's `size_ft` is a radius or length in feet, a multiple of {ft} (at least {ft})"),
            ));
        }
        if w.splash {
            problems.push(Problem::at(
                path("splash"),
                format!(
                    "`{}` has an area; a splash weapon attacks a creature and splashes the squares next to it",
                    w.name
                ),
            ));
        }
        if saves && w.save_dc.is_none() {
            problems.push(Problem::at(
                at.to_vec(),
                format!(
                    "area weapon `{}` needs `save_dc` (the DC of the Reflex save against it) in {}",
                    w.name, ruleset.name
                ),
            ));
        }
    }
    if w.save_dc.is_some() {
        if !saves {
            problems.push(Problem::at_key(
                path("save_dc"),
                format!(
                    "there are no saving throws in {}: its area attacks roll against Reflex Defense",
                    ruleset.name
                ),
            ));
        } else if w.area.is_none() {
            problems.push(Problem::at_key(
                path("save_dc"),
                format!("`save_dc` is the Reflex save DC of an area; `{}` has no `area`", w.name),
            ));
        }
    }
    for (name, set) in [("autofire", w.autofire), ("autofire_only", w.autofire_only)] {
        if set && ruleset.area.autofire.is_none() {
            problems.push(Problem::at_key(
                path(name),
                format!("autofire is not in {}'s rules", ruleset.name),
            ));
        } else if set && w.kind != WeaponKind::Ranged {
            problems.push(Problem::at_key(path(name), "only a ranged weapon can autofire"));
        }
    }
    if w.splash && ruleset.area.splash.is_none() {
        problems.push(Problem::at_key(
            path("splash"),
            format!("splash weapons are not in {}'s rules", ruleset.name),
        ));
    }
}

/// §6.2: a reach weapon is a melee weapon of a family that has them, with a `reach` beyond
/// its wielder's natural reach (`natural_ft`); otherwise the d20 SRD's hole would swallow it.
fn check_reach_weapon(
    w: &WeaponDef,
    ruleset: &Ruleset,
    unit: &str,
    natural_ft: u32,
    at: &[Seg],
    problems: &mut Vec<Problem>,
) {
    if !w.reach_weapon {
        return;
    }
    let path = |f: &str| {
        let mut p = at.to_vec();
        p.push(field(f));
        p
    };
    // Most reach weapons double the natural reach (d20 SRD).
    let example = (2 * natural_ft).max(ruleset.grid.square_ft);
    if ruleset.threat.reach_weapon.is_none() {
        problems.push(Problem::at_key(
            path("reach_weapon"),
            format!(
                "reach weapons are not in {}'s rules: give the weapon a `reach` instead",
                ruleset.name
            ),
        ));
    } else if w.kind != WeaponKind::Melee {
        problems.push(Problem::at_key(
            path("reach_weapon"),
            format!(
                "only a melee weapon can be a reach weapon (`{}` is {:?})",
                w.name, w.kind
            ),
        ));
    } else {
        match w.reach {
            None => problems.push(Problem::at_key(
                path("reach_weapon"),
                format!(
                    "reach weapon `{}` needs its `reach` in feet, beyond `{unit}`'s natural reach of {natural_ft} ft (e.g. `reach: {example}`)",
                    w.name
                ),
            )),
            Some(reach) if reach <= natural_ft => problems.push(Problem::at_key(
                path("reach"),
                format!(
                    "reach weapon `{}` reaches {reach} ft, no farther than `{unit}`'s natural reach of {natural_ft} ft; a reach weapon reaches beyond it (e.g. `reach: {example}`)",
                    w.name
                ),
            )),
            Some(_) => {}
        }
    }
}

/// §4.3.1: spells need a family with spellcasting, a name, and names told apart; an area
/// effect (§19, AREA-5) needs a size in whole squares, dice of damage, a range for a shape
/// centred away from the caster, and a family whose areas are saved against.
fn build_spells(u: &UnitDef, ruleset: &Ruleset, i: usize, problems: &mut Vec<Problem>) -> Vec<Spell> {
    let path = |f: &str| vec![field("units"), index(i), field(f)];
    let Some(spells) = &u.spells else {
        return Vec::new();
    };
    if ruleset.spellcasting.is_none() && !spells.is_empty() {
        problems.push(Problem::at(
            path("spells"),
            format!("casting spells is not in {}'s rules", ruleset.name),
        ));
        return Vec::new();
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut built = Vec::new();
    for (k, s) in spells.iter().enumerate() {
        let at = |f: &str| vec![field("units"), index(i), field("spells"), index(k), field(f)];
        let name = s.name.trim().to_lowercase();
        if name.is_empty() {
            problems.push(Problem::at(at("name"), "a spell needs a name".to_string()));
        } else if !seen.insert(name) {
            problems.push(Problem::at(
                at("name"),
                format!("the spell {:?} is listed twice", s.name),
            ));
        }
        let effect = s.effect.as_ref().and_then(|e| {
            let mut ok = true;
            let ft = ruleset.grid.square_ft.max(1);
            if e.area.size_ft == 0 || !e.area.size_ft.is_multiple_of(ft) {
                problems.push(Problem::at(
                    at("effect"),
                    format!("an area's `size_ft` is a radius or length in feet, a multiple of {ft} (at least {ft})"),
                ));
                ok = false;
            }
            if e.shapeable && e.area.shape.directed() {
                problems.push(Problem::at(
                    at("effect"),
                    "only a burst, emanation, spread or cylinder can be shapeable".to_string(),
                ));
                ok = false;
            }
            if !e.area.shape.directed() && e.range_ft.is_none() {
                problems.push(Problem::at(
                    at("effect"),
                    format!(
                        "a {:?} spell is centred away from the caster: give its `range_ft`",
                        e.area.shape
                    ),
                ));
                ok = false;
            }
            if !matches!(ruleset.area.resolution, AreaResolution::ReflexSave { .. }) {
                problems.push(Problem::at(
                    at("effect"),
                    format!(
                        "spell areas are saved against, and {} has no saving throws",
                        ruleset.name
                    ),
                ));
                ok = false;
            }
            let damage = DiceExpr::parse(&e.damage)
                .map_err(|err| problems.push(Problem::at(at("effect"), err.to_string())))
                .ok();
            Some(SpellEffect {
                area: e.area,
                damage: damage?,
                damage_types: e.damage_types.clone(),
                save_dc: e.save_dc,
                range_ft: e.range_ft,
                shapeable: e.shapeable,
            })
            .filter(|_| ok)
        });
        built.push(Spell {
            name: s.name.clone(),
            action: s.action,
            provokes: s.provokes.unwrap_or(true),
            spell_like: s.spell_like,
            uses: s.uses,
            level: s.level.unwrap_or(0),
            effect,
        });
    }
    built
}

/// §20: a unit that starts bleeding gives the damage it takes each turn, in a family that
/// has the condition.
fn build_bleeding(u: &UnitDef, ruleset: &Ruleset, i: usize, problems: &mut Vec<Problem>) -> Option<DiceExpr> {
    let text = u.bleeding.as_deref()?;
    let at = vec![field("units"), index(i), field("bleeding")];
    if ruleset.health.bleeding.is_none() {
        problems.push(Problem::at(
            at,
            format!(
                "the bleeding condition is not in {}'s rules (RULES.md §20 gives it for starfinder only)",
                ruleset.name
            ),
        ));
        return None;
    }
    match crate::rules::health::bleeding::parse_bleed(text) {
        Ok(damage) => Some(damage),
        Err(why) => {
            problems.push(Problem::at(at, why));
            None
        }
    }
}

/// HP-SF-8: ability scores are only for ability damage; each must be 1 to 99 and agree with
/// the modifier in `abilities`, so a copied stat block that disagrees with itself is caught.
fn check_scores(u: &UnitDef, ruleset: &Ruleset, i: usize, problems: &mut Vec<Problem>) {
    let Some(scores) = u.scores else {
        return;
    };
    if ruleset.health.ability_damage.is_none() {
        let hint = match ruleset.health.second_wind {
            Some(_) => " (the second wind's Constitution score goes in `health: (con_score: N)`)",
            None => "",
        };
        problems.push(Problem::at_key(
            vec![field("units"), index(i), field("scores")],
            format!(
                "ability scores are used only for ability damage, which is not in {}'s rules{hint}",
                ruleset.name
            ),
        ));
        return;
    }
    let modifiers = u.abilities.unwrap_or_default();
    for ability in Ability::ALL {
        let Some(score) = scores.of(ability) else {
            continue;
        };
        let at = vec![field("units"), index(i), field("scores"), field(ability.key())];
        let modifier = (score as i32 - 10).div_euclid(2);
        if !(1..=99).contains(&score) {
            problems.push(Problem::at(at, format!("a {} score must be 1 to 99", ability.name())));
        } else if modifier != modifiers.of(ability) {
            problems.push(Problem::at(
                at,
                format!(
                    "a {} score of {score} gives a {modifier:+} modifier, but `abilities` has `{}: {}`",
                    ability.name(),
                    ability.key(),
                    modifiers.of(ability)
                ),
            ));
        }
    }
}

fn defense_names(model: DefenseModel) -> &'static [&'static str] {
    match model {
        DefenseModel::EacKac => &["eac", "kac"],
        DefenseModel::ArmorClass => &["ac"],
        DefenseModel::Defense => &["defense"],
        DefenseModel::ReflexFortitudeWill => &["reflex", "fortitude", "will"],
    }
}

fn build_health(
    u: &UnitDef,
    id: &str,
    ruleset: &Ruleset,
    i: usize,
    problems: &mut Vec<Problem>,
    profile: &Option<Profile>,
) -> Option<Health> {
    let path = vec![field("units"), index(i), field("health")];
    let Some(h) = u.health else {
        problems.push(Problem::at(
            vec![field("units"), index(i)],
            format!("unit `{id}` has no `health` (e.g. `health: (hp: 10)`)"),
        ));
        return None;
    };
    let Some(hp) = h.hp else {
        problems.push(Problem::at(path, format!("unit `{id}` needs `hp` in `health`")));
        return None;
    };
    if hp == 0 || hp > 1_000_000 {
        let mut at = path.clone();
        at.push(field("hp"));
        problems.push(Problem::at(at, format!("`hp` of `{id}` must be 1 to 1000000")));
    }
    let refuse = |name: &str, set: bool, problems: &mut Vec<Problem>| {
        if set {
            let mut at = path.clone();
            at.push(field(name));
            problems.push(Problem::at_key(
                at,
                format!("`{name}` is not part of {}'s health model", ruleset.name),
            ));
        }
    };
    match ruleset.health.model {
        HealthModel::StaminaHitPointsResolve => {
            refuse("damage_threshold", h.damage_threshold.is_some(), problems);
            refuse("heroic", h.heroic.is_some(), problems);
            refuse("con_score", h.con_score.is_some(), problems);
            let sp = h.sp.unwrap_or(0);
            Some(Health::StaminaHitPointsResolve {
                sp,
                sp_max: sp,
                hp,
                hp_max: hp,
                rp: h.rp.unwrap_or(0),
                rp_max: h.rp,
            })
        }
        HealthModel::HitPointThresholds => {
            refuse("sp", h.sp.is_some(), problems);
            refuse("rp", h.rp.is_some(), problems);
            refuse("damage_threshold", h.damage_threshold.is_some(), problems);
            refuse("heroic", h.heroic.is_some(), problems);
            refuse("con_score", h.con_score.is_some(), problems);
            Some(Health::HitPoints {
                hp: hp as i32,
                hp_max: hp as i32,
            })
        }
        HealthModel::DamageThresholdTrack => {
            refuse("sp", h.sp.is_some(), problems);
            refuse("rp", h.rp.is_some(), problems);
            // HP-SG-2: Damage Threshold = Fortitude Defense + size bonus, unless given.
            let fortitude = match profile.as_ref().map(|p| p.defenses) {
                Some(Defenses::ReflexFortitudeWill { fortitude, .. }) => fortitude,
                _ => 0,
            };
            let size_bonus = profile
                .as_ref()
                .map_or(0, |p| ruleset.sizes.row(p.size).damage_threshold_bonus);
            Some(Health::DamageThresholdTrack {
                hp,
                hp_max: hp,
                damage_threshold: h.damage_threshold.unwrap_or(fortitude + size_bonus),
                track_step: 0,
                heroic: h.heroic.unwrap_or(false),
            })
        }
    }
}

fn build_zones(file: &ScenarioFile, map: &Map, problems: &mut Vec<Problem>) -> Vec<Zone> {
    let mut seen = BTreeSet::new();
    let mut zones = Vec::new();
    for (i, z) in file.zones.iter().enumerate() {
        if !seen.insert(z.id.as_str()) {
            problems.push(Problem::at(
                vec![field("zones"), index(i), field("id")],
                format!("zone id `{}` is used twice", z.id),
            ));
        }
        let mut squares = BTreeSet::new();
        for (r_i, r) in z.rects.iter().enumerate() {
            let at = vec![field("zones"), index(i), field("rects"), index(r_i)];
            let (right, bottom) = (r.x as i64 + r.w as i64, r.y as i64 + r.h as i64);
            let why = if r.w == 0 || r.h == 0 {
                Some("needs `w` and `h` of at least 1".to_string())
            } else if r.x < 0 || r.y < 0 {
                Some(format!("starts at ({}, {}), off the map", r.x, r.y))
            } else if right > map.width() as i64 || bottom > map.height() as i64 {
                Some(format!(
                    "reaches column {} and row {}, but the map's columns run 0–{} and its rows 0–{}",
                    right - 1,
                    bottom - 1,
                    map.width() - 1,
                    map.height() - 1
                ))
            } else {
                None
            };
            if let Some(why) = why {
                problems.push(Problem::at(at, format!("zone `{}` rectangle {why}", z.id)));
                continue;
            }
            for dy in 0..r.h as i32 {
                for dx in 0..r.w as i32 {
                    squares.insert(Square::new(r.x + dx, r.y + dy));
                }
            }
        }
        zones.push(Zone {
            id: z.id.clone(),
            squares: squares.into_iter().collect(),
        });
    }
    zones
}

fn build_objectives(
    file: &ScenarioFile,
    side_ids: &BTreeSet<&str>,
    zones: &[Zone],
    units: Option<&[UnitSpec]>,
    problems: &mut Vec<Problem>,
) -> Vec<Objective> {
    let mut objectives = Vec::new();
    for (i, o) in file.objectives.iter().enumerate() {
        let at = |f: &str| vec![field("objectives"), index(i), field(f)];
        if !side_ids.contains(o.side.as_str()) {
            problems.push(Problem::at(
                at("side"),
                format!("objective for side `{}`, which is not in `sides`", o.side),
            ));
        }
        let zone_known = |z: &str| zones.iter().any(|zone| zone.id == z);
        let in_goal = |seg: Seg| vec![field("objectives"), index(i), field("goal"), seg];
        match &o.goal {
            Goal::EliminateSide(s) if !side_ids.contains(s.as_str()) => {
                problems.push(Problem::at(
                    in_goal(index(0)),
                    format!("`EliminateSide` names side `{s}`, which is not in `sides`"),
                ));
            }
            Goal::ReachZone(z) if !zone_known(z) => {
                problems.push(Problem::at(in_goal(index(0)), format!("zone `{z}` is not in `zones`")));
            }
            Goal::HoldZone { zone: z, .. } if !zone_known(z) => {
                problems.push(Problem::at(
                    in_goal(field("zone")),
                    format!("zone `{z}` is not in `zones`"),
                ));
            }
            Goal::HoldZone { rounds: 0, .. } => {
                problems.push(Problem::at(
                    in_goal(field("rounds")),
                    "the number of rounds must be at least 1",
                ));
            }
            Goal::SurviveRounds(0) => {
                problems.push(Problem::at(
                    in_goal(index(0)),
                    "the number of rounds must be at least 1",
                ));
            }
            // A side escapes only aboard a vehicle (VEH-22, CHS-10): without one the goal
            // could never be met.
            Goal::Escape if units.is_some_and(|us| !us.iter().any(|u| u.side.0 == o.side && u.vehicle.is_some())) => {
                problems.push(Problem::at(
                    vec![field("objectives"), index(i), field("goal")],
                    format!("`Escape` needs a vehicle of side `{}` to escape aboard", o.side),
                ));
            }
            _ => {}
        }
        objectives.push(Objective {
            side: SideId(o.side.clone()),
            goal: o.goal.clone(),
        });
    }
    objectives
}

//! Painting and resizing the map as rows plus a legend (GRID-5): a square's cell is a legend
//! entry; painting one layer looks up a legend character with the resulting entry, or adds
//! one with a readable character.

use super::command::{EditError, Layer};
use super::{edges, zones};
use crate::grid::{Concealment, Light, Square};
use crate::scenario::MAX_MAP_SIDE;
use crate::scenario::format::{LegendEntry, MapDef, ScenarioFile, TerrainKind};
use std::collections::{BTreeMap, BTreeSet};

/// The largest map side the editor makes, in squares.
pub const MAX_EDIT_SIDE: u32 = 256;

/// The map's width and height as validation reads them: `size` if given, else the rows.
pub(crate) fn map_size(map: &MapDef) -> (u32, u32) {
    match (map.size, map.rows.first()) {
        (Some(size), _) => size,
        (None, Some(first)) => (
            u32::try_from(first.chars().count()).unwrap_or(u32::MAX),
            u32::try_from(map.rows.len()).unwrap_or(u32::MAX),
        ),
        (None, None) => (0, 0),
    }
}

/// The character drawn on `sq`, if it is on the map.
pub(crate) fn cell_char(map: &MapDef, sq: Square) -> Option<char> {
    let (w, h) = map_size(map);
    if sq.x < 0 || sq.y < 0 || sq.x as i64 >= w as i64 || sq.y as i64 >= h as i64 {
        return None;
    }
    if map.rows.is_empty() {
        return map.fill;
    }
    let row = map.rows.get(sq.y as usize)?;
    // Rows are nearly always ASCII: index them directly (the GUI asks for every square).
    let c = if row.is_ascii() {
        row.as_bytes().get(sq.x as usize).map(|b| char::from(*b))
    } else {
        row.chars().nth(sq.x as usize)
    };
    c.or(map.fill)
}

/// Plain floor.
pub(crate) fn floor() -> LegendEntry {
    entry(TerrainKind::Floor)
}

/// A legend entry of `terrain` with every other layer at its default.
pub(crate) fn entry(terrain: TerrainKind) -> LegendEntry {
    LegendEntry {
        terrain,
        concealment: Concealment::None,
        light: Light::Normal,
        hard_corner: None,
        blocks_sight: false,
        difficult: false,
    }
}

/// Whether two legend entries draw the same cell.
pub(crate) fn same_entry(a: &LegendEntry, b: &LegendEntry) -> bool {
    a.terrain == b.terrain
        && a.concealment == b.concealment
        && a.light == b.light
        && a.hard_corner == b.hard_corner
        && a.blocks_sight == b.blocks_sight
        && a.difficult == b.difficult
}

/// `e` with one layer painted. Terrain replaces the terrain's own refinements too (a hedge's
/// `hard_corner: false`, rubble's `difficult`); light, concealment and `blocks_sight` stay.
fn with_layer(mut e: LegendEntry, layer: Layer) -> LegendEntry {
    match layer {
        Layer::Terrain(t) => {
            e.terrain = t;
            e.hard_corner = None;
            e.difficult = false;
        }
        Layer::Light(l) => e.light = l,
        Layer::Concealment(c) => e.concealment = c,
    }
    e
}

/// Characters never used for a new legend entry: they need escaping in RON or are invisible.
fn unusable(c: char) -> bool {
    matches!(c, '\'' | '"' | '\\' | ' ') || c.is_control() || c.is_whitespace()
}

/// The characters tried for a new entry, best first.
fn preferred(e: &LegendEntry) -> &'static str {
    let plain = e.concealment == Concealment::None && e.hard_corner.is_none() && !e.blocks_sight && !e.difficult;
    match (e.terrain, e.light, plain) {
        (TerrainKind::Floor, Light::Normal, true) => ".",
        (TerrainKind::Wall, Light::Normal, true) => "#",
        (TerrainKind::Difficult, Light::Normal, true) => "~",
        (TerrainKind::LowObstacle, Light::Normal, true) => "=o",
        (TerrainKind::Cover, Light::Normal, true) => "c",
        (TerrainKind::ImprovedCover, Light::Normal, true) => "C",
        (TerrainKind::Floor, Light::Dim, true) => ",",
        (TerrainKind::Floor, Light::Darkness, true) => ":",
        (TerrainKind::Floor, Light::Bright, true) => "*",
        (TerrainKind::Floor, Light::Normal, false) if e.concealment != Concealment::None => "s",
        _ => "",
    }
}

/// Every other printable ASCII character, letters and digits first.
const POOL: &str = "abdefghijklmnpqrstuvwxyzABDEFGHIJKLMNOPQRSTUVWXYZ0123456789+%&@$!?;_-^<>|/()[]{}`=o.#~cC,:*s";

/// The legend character for `e`: an existing one with an equal entry (the current square's
/// own character first), or a new one added to the legend.
pub(crate) fn char_for(legend: &mut BTreeMap<char, LegendEntry>, e: &LegendEntry, current: Option<char>) -> char {
    if let Some(c) = current
        && legend.get(&c).is_some_and(|have| same_entry(have, e))
    {
        return c;
    }
    if let Some((c, _)) = legend.iter().find(|(_, have)| same_entry(have, e)) {
        return *c;
    }
    let ascii = preferred(e).chars().chain(POOL.chars());
    // Past printable ASCII: letters from Latin-1 onward (RON strings hold any character).
    let wide = (0xC0u32..0x3000)
        .filter_map(char::from_u32)
        .filter(|c| c.is_alphanumeric());
    let c = ascii
        .chain(wide)
        .find(|c| !unusable(*c) && !legend.contains_key(c))
        .unwrap_or('\u{3000}');
    legend.insert(c, e.clone());
    c
}

/// The map as a grid of characters, `width × height`, missing squares drawn as `pad`.
pub(crate) fn grid(map: &MapDef, pad: char) -> Vec<Vec<char>> {
    let (w, h) = map_size(map);
    (0..h as usize)
        .map(|y| {
            let row: Vec<char> = map.rows.get(y).map(|r| r.chars().collect()).unwrap_or_default();
            (0..w as usize)
                .map(|x| row.get(x).copied().or(map.fill).unwrap_or(pad))
                .collect()
        })
        .collect()
}

fn set_rows(map: &mut MapDef, grid: &[Vec<char>], kept: &BTreeSet<char>) {
    let drawn_by_fill = map.rows.is_empty();
    map.rows = grid.iter().map(|r| r.iter().collect()).collect();
    if drawn_by_fill {
        // A map drawn by `size` and `fill` is drawn by its rows from now on.
        map.size = None;
        map.fill = None;
    } else if map.size.is_some() {
        map.size = Some((grid.first().map_or(0, |r| r.len() as u32), grid.len() as u32));
    }
    prune_legend(map, grid, kept);
}

/// Removes the legend entries the editor added that no square uses any more.
fn prune_legend(map: &mut MapDef, grid: &[Vec<char>], kept: &BTreeSet<char>) {
    let used: BTreeSet<char> = grid.iter().flatten().copied().chain(map.fill).collect();
    map.legend.retain(|c, _| used.contains(c) || kept.contains(c));
}

/// Paints `layer` on every square of `squares` that is on the map.
pub(crate) fn paint(
    map: &mut MapDef,
    squares: &[Square],
    layer: Layer,
    kept: &BTreeSet<char>,
) -> Result<(), EditError> {
    let (w, h) = map_size(map);
    if w == 0 || h == 0 {
        return Err(EditError::EmptyMap);
    }
    if w > MAX_MAP_SIDE || h > MAX_MAP_SIDE {
        return Err(EditError::TooLarge { width: w, height: h });
    }
    let mut legend = map.legend.clone();
    let pad = char_for(&mut legend, &floor(), None);
    let mut cells = grid(map, pad);
    let mut changed = false;
    let mut memo: BTreeMap<char, char> = BTreeMap::new();
    for sq in squares {
        if sq.x < 0 || sq.y < 0 || sq.x as i64 >= w as i64 || sq.y as i64 >= h as i64 {
            continue;
        }
        let old = cells[sq.y as usize][sq.x as usize];
        let new = *memo.entry(old).or_insert_with(|| {
            let e = legend.get(&old).cloned().unwrap_or_else(floor);
            char_for(&mut legend, &with_layer(e, layer), Some(old))
        });
        if new != old {
            cells[sq.y as usize][sq.x as usize] = new;
            changed = true;
        }
    }
    if changed {
        map.legend = legend;
        set_rows(map, &cells, kept);
    }
    Ok(())
}

/// Resizes the map keeping its top-left corner; new squares are floor.
pub(crate) fn resize(file: &mut ScenarioFile, width: u32, height: u32, kept: &BTreeSet<char>) -> Result<(), EditError> {
    if !(1..=MAX_EDIT_SIDE).contains(&width) || !(1..=MAX_EDIT_SIDE).contains(&height) {
        return Err(EditError::MapSize { width, height });
    }
    let map = &mut file.map;
    if map_size(map) == (width, height) {
        return Ok(());
    }
    let (w, h) = map_size(map);
    let fill_is_floor = map
        .fill
        .and_then(|c| map.legend.get(&c))
        .is_some_and(|e| same_entry(e, &floor()));
    if map.rows.is_empty() && fill_is_floor {
        // An open map drawn by `size` and `fill` stays one: new squares are its floor.
        map.size = Some((width, height));
    } else {
        resize_rows(map, width, height, kept);
    }
    edges::clip(&mut file.map, (w, h), width, height);
    zones::clip(file, width, height);
    Ok(())
}

/// Resizes the rows, padding with floor.
fn resize_rows(map: &mut MapDef, width: u32, height: u32, kept: &BTreeSet<char>) {
    let (w, h) = map_size(map);
    let mut legend = map.legend.clone();
    let floor_char = char_for(&mut legend, &floor(), None);
    let old = if w <= MAX_MAP_SIDE && h <= MAX_MAP_SIDE {
        grid(map, floor_char)
    } else {
        Vec::new()
    };
    let cells: Vec<Vec<char>> = (0..height as usize)
        .map(|y| {
            (0..width as usize)
                .map(|x| old.get(y).and_then(|r| r.get(x)).copied().unwrap_or(floor_char))
                .collect()
        })
        .collect();
    map.legend = legend;
    set_rows(map, &cells, kept);
}

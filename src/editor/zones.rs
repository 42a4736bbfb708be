//! Zones painted on the map: a zone's rectangles as a set of squares, edited, and written
//! back as rectangles (runs of each row, merged downward with equal runs below).

use super::command::EditError;
use super::map_edit::map_size;
use crate::grid::Square;
use crate::scenario::MAX_MAP_SIDE;
use crate::scenario::format::{RectDef, ScenarioFile, ZoneDef};
use std::collections::{BTreeMap, BTreeSet};

/// The squares of `rects`, as `(y, x)`, that could be on a map (from the origin to
/// `MAX_MAP_SIDE`; validation refuses rectangles that leave the map, so nothing valid is lost).
fn squares_of(rects: &[RectDef]) -> BTreeSet<(i32, i32)> {
    let limit = MAX_MAP_SIDE as i64;
    let mut set = BTreeSet::new();
    for r in rects {
        let (x0, y0) = (r.x as i64, r.y as i64);
        let x1 = (x0 + r.w as i64).min(limit);
        let y1 = (y0 + r.h as i64).min(limit);
        for y in y0.max(0)..y1 {
            for x in x0.max(0)..x1 {
                // (y, x): rows first, so runs come out in reading order.
                set.insert((y as i32, x as i32));
            }
        }
    }
    set
}

/// Rectangles covering exactly `set` (of `(y, x)` pairs): each row's runs, a run merged into
/// the rectangle directly above it when that has the same columns; sorted by row, then column.
fn to_rects(set: &BTreeSet<(i32, i32)>) -> Vec<RectDef> {
    let mut rects: Vec<RectDef> = Vec::new();
    // (x, w) of the runs of the previous row → index of the rectangle they end.
    let mut open: BTreeMap<(i32, u32), usize> = BTreeMap::new();
    let mut row_y = None;
    let mut runs: Vec<(i32, u32)> = Vec::new();
    let flush =
        |y: i32, runs: &mut Vec<(i32, u32)>, open: &mut BTreeMap<(i32, u32), usize>, rects: &mut Vec<RectDef>| {
            let mut next = BTreeMap::new();
            for &(x, w) in runs.iter() {
                match open.get(&(x, w)) {
                    Some(&k) if rects[k].y + rects[k].h as i32 == y => {
                        rects[k].h += 1;
                        next.insert((x, w), k);
                    }
                    _ => {
                        rects.push(RectDef { x, y, w, h: 1 });
                        next.insert((x, w), rects.len() - 1);
                    }
                }
            }
            *open = next;
            runs.clear();
        };
    for &(y, x) in set {
        if row_y != Some(y) {
            if let Some(py) = row_y {
                flush(py, &mut runs, &mut open, &mut rects);
            }
            row_y = Some(y);
        }
        match runs.last_mut() {
            Some((rx, rw)) if *rx + *rw as i32 == x => *rw += 1,
            _ => runs.push((x, 1)),
        }
    }
    if let Some(py) = row_y {
        flush(py, &mut runs, &mut open, &mut rects);
    }
    rects.sort_by_key(|r| (r.y, r.x));
    rects
}

/// Adds (`on`) or removes the map squares of `squares` to or from zone `id`.
pub(crate) fn paint_zone(file: &mut ScenarioFile, id: &str, squares: &[Square], on: bool) -> Result<(), EditError> {
    if id.trim().is_empty() {
        return Err(EditError::EmptyId);
    }
    let (w, h) = map_size(&file.map);
    let on_map = |s: &&Square| s.x >= 0 && s.y >= 0 && (s.x as i64) < w as i64 && (s.y as i64) < h as i64;
    let slot = file.zones.iter().position(|z| z.id == id);
    let before = slot.map(|i| squares_of(&file.zones[i].rects)).unwrap_or_default();
    let mut after = before.clone();
    for s in squares.iter().filter(on_map) {
        if on {
            after.insert((s.y, s.x));
        } else {
            after.remove(&(s.y, s.x));
        }
    }
    match slot {
        None if !on => Err(EditError::NoZone(id.to_string())),
        None if after.is_empty() => Ok(()),
        None => {
            file.zones.push(ZoneDef {
                id: id.to_string(),
                rects: to_rects(&after),
            });
            Ok(())
        }
        Some(_) if after == before => Ok(()),
        Some(i) if after.is_empty() => {
            file.zones.remove(i);
            Ok(())
        }
        Some(i) => {
            file.zones[i].rects = to_rects(&after);
            Ok(())
        }
    }
}

/// Clips every zone's rectangles to a `width × height` map (a zone may be left empty).
pub(crate) fn clip(file: &mut ScenarioFile, width: u32, height: u32) {
    for z in &mut file.zones {
        let inside = |r: &RectDef| {
            let x0 = (r.x as i64).max(0);
            let y0 = (r.y as i64).max(0);
            let x1 = (r.x as i64 + r.w as i64).min(width as i64);
            let y1 = (r.y as i64 + r.h as i64).min(height as i64);
            (x1 > x0 && y1 > y0).then(|| RectDef {
                x: x0 as i32,
                y: y0 as i32,
                w: (x1 - x0) as u32,
                h: (y1 - y0) as u32,
            })
        };
        if z.rects.iter().any(|r| inside(r) != Some(*r)) {
            z.rects = z.rects.iter().filter_map(inside).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_l_shape_becomes_two_rectangles() {
        let mut set = BTreeSet::new();
        for y in 0..3 {
            set.insert((y, 0));
            set.insert((y, 1));
        }
        set.insert((2, 2));
        let rects = to_rects(&set);
        assert_eq!(
            rects,
            vec![RectDef { x: 0, y: 0, w: 2, h: 2 }, RectDef { x: 0, y: 2, w: 3, h: 1 }]
        );
        assert_eq!(squares_of(&rects), set);
    }
}

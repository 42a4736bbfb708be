//! The paint tools' square sets: a square brush, a rectangle and a flood fill.

use super::doc::EditorDoc;
use super::map_edit::{cell_char, grid, same_entry};
use crate::grid::Square;
use crate::scenario::MAX_MAP_SIDE;

fn on_map(sq: Square, (w, h): (u32, u32)) -> bool {
    sq.x >= 0 && sq.y >= 0 && (sq.x as i64) < w as i64 && (sq.y as i64) < h as i64
}

/// The squares of a `size × size` brush centred on `centre` (size 1, 3 or 5; an even size
/// paints as the next odd one), clipped to the map.
pub fn brush_squares(centre: Square, size: u32, map: (u32, u32)) -> Vec<Square> {
    let r = (size.clamp(1, 25) / 2) as i32;
    rect_squares(
        Square::new(centre.x.saturating_sub(r), centre.y.saturating_sub(r)),
        Square::new(centre.x.saturating_add(r), centre.y.saturating_add(r)),
        map,
    )
}

/// Every square of the rectangle with corners `a` and `b` (inclusive, in any order), clipped
/// to the map (and to the largest map validation accepts), row by row.
pub fn rect_squares(a: Square, b: Square, map: (u32, u32)) -> Vec<Square> {
    let (w, h) = (map.0.min(MAX_MAP_SIDE) as i32, map.1.min(MAX_MAP_SIDE) as i32);
    let (x0, x1) = (a.x.min(b.x).max(0), a.x.max(b.x).min(w - 1));
    let (y0, y1) = (a.y.min(b.y).max(0), a.y.max(b.y).min(h - 1));
    let mut out = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            out.push(Square::new(x, y));
        }
    }
    out
}

/// The squares 4-connected to `start` that draw the same cell (an equal legend entry, or the
/// same character where it is not in the legend); empty if `start` is off the map.
pub fn flood_fill(doc: &EditorDoc, start: Square) -> Vec<Square> {
    let map = &doc.file.map;
    let size = doc.size();
    if !on_map(start, size) || size.0 > MAX_MAP_SIDE || size.1 > MAX_MAP_SIDE {
        return Vec::new();
    }
    let Some(want) = cell_char(map, start) else {
        return Vec::new();
    };
    // A character no row has stands for squares missing from short rows.
    let cells = grid(map, '\u{0}');
    let same = |c: char| {
        c == want || matches!((map.legend.get(&c), map.legend.get(&want)), (Some(a), Some(b)) if same_entry(a, b))
    };
    let (w, h) = (size.0 as usize, size.1 as usize);
    let mut seen = vec![false; w * h];
    let mut stack = vec![start];
    let mut out = Vec::new();
    seen[start.y as usize * w + start.x as usize] = true;
    while let Some(sq) = stack.pop() {
        out.push(sq);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Square::new(sq.x + dx, sq.y + dy);
            if !on_map(n, size) {
                continue;
            }
            let k = n.y as usize * w + n.x as usize;
            if !seen[k] && same(cells[n.y as usize][n.x as usize]) {
                seen[k] = true;
                stack.push(n);
            }
        }
    }
    out.sort_by_key(|s| (s.y, s.x));
    out
}

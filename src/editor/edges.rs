//! Thin walls and doors on square edges (GEO-4): the file's edge list normalised to unit
//! edges, edited, and written back as maximal straight runs only when it changed.

use super::command::EditError;
use super::map_edit::map_size;
use crate::grid::Intersection;
use crate::scenario::MAX_MAP_SIDE;
use crate::scenario::format::{EdgeDef, EdgeKind, MapDef};
use std::collections::BTreeMap;

/// One grid-line segment one square long: vertical from `(i, j)` to `(i, j + 1)`, else
/// horizontal from `(i, j)` to `(i + 1, j)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct UnitEdge {
    vertical: bool,
    /// The fixed coordinate: `i` of a vertical line, `j` of a horizontal one.
    line: i32,
    /// The start along the line.
    at: i32,
}

/// A straight run: the line it lies on and the stretch `[a, b)` along it.
#[derive(Debug, Clone, Copy)]
struct Span {
    vertical: bool,
    line: i32,
    a: i32,
    b: i32,
}

/// The run from `from` to `to`, or `None` if it is no straight run.
fn span(from: Intersection, to: Intersection) -> Option<Span> {
    if from == to || (from.i != to.i && from.j != to.j) {
        return None;
    }
    let vertical = from.i == to.i;
    Some(if vertical {
        Span {
            vertical,
            line: from.i,
            a: from.j.min(to.j),
            b: from.j.max(to.j),
        }
    } else {
        Span {
            vertical,
            line: from.j,
            a: from.i.min(to.i),
            b: from.i.max(to.i),
        }
    })
}

/// The unit edges of a run (only ever called for runs on a map, so short).
fn run_edges(s: Span) -> impl Iterator<Item = UnitEdge> {
    (s.a..s.b).map(move |at| UnitEdge {
        vertical: s.vertical,
        line: s.line,
        at,
    })
}

fn inside(p: Intersection, w: u32, h: u32) -> bool {
    p.i >= 0 && p.j >= 0 && p.i as i64 <= w as i64 && p.j as i64 <= h as i64
}

/// Writes `set` back as maximal runs: a run equal to an entry of the old list keeps that
/// entry's place, a run cut from or grown out of an entry follows it, new runs come last in
/// grid order.
fn write_back(map: &mut MapDef, set: &BTreeMap<UnitEdge, EdgeKind>, odd: Vec<(usize, EdgeDef)>) {
    let mut runs: Vec<EdgeDef> = Vec::new();
    let mut last: Option<(UnitEdge, EdgeKind)> = None;
    for (&u, &kind) in set {
        let extends =
            last.is_some_and(|(l, k)| l.vertical == u.vertical && l.line == u.line && l.at + 1 == u.at && k == kind);
        if extends && let Some(run) = runs.last_mut() {
            if u.vertical {
                run.to.j = u.at + 1;
            } else {
                run.to.i = u.at + 1;
            }
        } else {
            let (from, to) = if u.vertical {
                (Intersection::new(u.line, u.at), Intersection::new(u.line, u.at + 1))
            } else {
                (Intersection::new(u.at, u.line), Intersection::new(u.at + 1, u.line))
            };
            runs.push(EdgeDef { from, to, kind });
        }
        last = Some((u, kind));
    }
    let same = |a: &EdgeDef, b: &EdgeDef| {
        a.kind == b.kind && ((a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from))
    };
    // Whether two runs of one kind share a stretch of grid line.
    let overlap = |a: &EdgeDef, b: &EdgeDef| {
        a.kind == b.kind
            && match (span(a.from, a.to), span(b.from, b.to)) {
                (Some(x), Some(y)) => x.vertical == y.vertical && x.line == y.line && x.a.max(y.a) < x.b.min(y.b),
                _ => false,
            }
    };
    let mut placed: Vec<(usize, usize, EdgeDef)> = Vec::new();
    for (k, run) in runs.into_iter().enumerate() {
        match map.edges.iter().position(|old| same(old, &run)) {
            // Keep the old entry itself (its direction as written).
            Some(n) => placed.push((n, 0, map.edges[n].clone())),
            // A run cut from an old entry takes its place.
            None => match map.edges.iter().position(|old| overlap(old, &run)) {
                Some(n) => placed.push((n, 1 + k, run)),
                None => placed.push((usize::MAX, k, run)),
            },
        }
    }
    placed.extend(odd.into_iter().map(|(n, e)| (n, 0, e)));
    placed.sort_by_key(|(n, k, _)| (*n, *k));
    map.edges = placed.into_iter().map(|(_, _, e)| e).collect();
}

/// Sets (or with `None` erases) the straight run from `from` to `to`.
pub(crate) fn set_run(
    map: &mut MapDef,
    from: Intersection,
    to: Intersection,
    kind: Option<EdgeKind>,
) -> Result<(), EditError> {
    let run = span(from, to).ok_or(EditError::EdgeNotStraight)?;
    let (width, height) = map_size(map);
    if width > MAX_MAP_SIDE || height > MAX_MAP_SIDE {
        return Err(EditError::TooLarge { width, height });
    }
    if !inside(from, width, height) || !inside(to, width, height) {
        return Err(EditError::EdgeOffMap {
            from,
            to,
            width,
            height,
        });
    }
    let (mut set, odd) = normalise(map, width, height);
    let before = set.clone();
    for u in run_edges(run) {
        match kind {
            Some(k) => set.insert(u, k),
            None => set.remove(&u),
        };
    }
    if set != before {
        write_back(map, &set, odd);
    }
    Ok(())
}

/// Drops the parts of edges that lie off a `width × height` map that was `old` before.
pub(crate) fn clip(map: &mut MapDef, old: (u32, u32), width: u32, height: u32) {
    let bound = |a: u32, b: u32| a.max(b).min(MAX_MAP_SIDE);
    let (mut set, odd) = normalise(map, bound(old.0, width), bound(old.1, height));
    let before = set.len();
    set.retain(|u, _| {
        let (w, h) = (width as i64, height as i64);
        let (line, at) = (u.line as i64, u.at as i64);
        if u.vertical {
            line <= w && at < h
        } else {
            line <= h && at < w
        }
    });
    if set.len() != before {
        write_back(map, &set, odd);
    }
}

/// The edges of a `w × h` map as unit edges (a later edge wins, as in validation), and the
/// list entries that are no straight run on it, which are kept as written.
fn normalise(map: &MapDef, w: u32, h: u32) -> (BTreeMap<UnitEdge, EdgeKind>, Vec<(usize, EdgeDef)>) {
    let mut set = BTreeMap::new();
    let mut odd = Vec::new();
    for (n, e) in map.edges.iter().enumerate() {
        match span(e.from, e.to) {
            Some(run) if inside(e.from, w, h) && inside(e.to, w, h) => {
                for u in run_edges(run) {
                    set.insert(u, e.kind);
                }
            }
            _ => odd.push((n, e.clone())),
        }
    }
    (set, odd)
}

//! Area templates through the public API (RULES.md §19.1, AREA-1..AREA-4, WE-44, WE-45), and
//! docs/areas.md checked against the code: every picture and the table of square counts there
//! are generated here. After a deliberate change, `FIVEFOOT_BLESS=1 cargo test
//! --no-default-features templates` rewrites them in the doc.

use fivefoot::grid::{
    AreaShape, Cell, CutReason, Direction8, EdgeFeature, Intersection, Map, Square, Template, TemplateSpec,
    spread_distances, template,
};
use fivefoot::ruleset::DiagonalPolicy;
use std::collections::BTreeMap;
use std::path::PathBuf;

const SF: DiagonalPolicy = DiagonalPolicy::Alternating;
const SAGA: DiagonalPolicy = DiagonalPolicy::EveryDiagonalTwo;

/// A map in the layout notation of the grid tests: on cell lines `.` open, `#` solid (blocks
/// line of effect and movement), and `|` between two cells a thin wall; a line of only
/// spaces and `-` puts thin walls on the grid line above the next cell line, under the cells.
fn parse_map(lines: &[&str]) -> Map {
    let is_edge = |l: &str| l.chars().all(|c| c == ' ' || c == '-');
    let cells: Vec<&str> = lines.iter().copied().filter(|l| !is_edge(l)).collect();
    let width = cells.iter().map(|l| l.len().div_ceil(2)).max().unwrap_or(0) as u32;
    let mut map = Map::filled(width, cells.len() as u32, Cell::default());
    let mut y = 0;
    for line in lines {
        for (k, ch) in line.chars().enumerate() {
            let x = k as i32 / 2;
            match (is_edge(line), k % 2, ch) {
                (true, 0, '-') => map.set_horizontal_edge(x, y, EdgeFeature::Wall),
                (false, 1, '|') => map.set_vertical_edge(x + 1, y, EdgeFeature::Wall),
                (false, 0, '#') => map.set_cell(
                    Square::new(x, y),
                    Cell {
                        blocks_loe: true,
                        blocks_sight: true,
                        blocks_movement: true,
                        ..Cell::default()
                    },
                ),
                (true, _, ' ') | (false, 0, '.') | (false, _, ' ') => {}
                other => panic!("map character {other:?} out of place"),
            }
        }
        if !is_edge(line) {
            y += 1;
        }
    }
    map
}

/// The whole map with the area drawn on it. Squares sit at odd columns, grid lines at even
/// ones: `*` covered (a spread shows its path distance instead, 1-9), `x` cut off, `#` solid,
/// `.` outside; `|` and `-` thin walls; `+` the origin, on the grid line above its row.
fn picture(map: &Map, diagonal: DiagonalPolicy, spec: &TemplateSpec, t: &Template) -> String {
    let costs: BTreeMap<Square, u32> = match spec.shape {
        AreaShape::Spread => spread_distances(map, diagonal, spec.origin, spec.radius_squares)
            .into_iter()
            .collect(),
        _ => BTreeMap::new(),
    };
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut out = Vec::new();
    for y in 0..=h {
        let mut grid_line = String::new();
        for i in 0..=w {
            grid_line.push(if spec.origin == Intersection::new(i, y) {
                '+'
            } else {
                ' '
            });
            grid_line.push(if i < w && map.horizontal_edge(i, y).blocks() {
                '-'
            } else {
                ' '
            });
        }
        if grid_line.trim_end().chars().any(|c| c != ' ') {
            out.push(grid_line.trim_end().to_string());
        }
        if y == h {
            break;
        }
        let mut row = String::new();
        for x in 0..=w {
            row.push(if map.vertical_edge(x, y).blocks() { '|' } else { ' ' });
            if x == w {
                break;
            }
            let sq = Square::new(x, y);
            row.push(if t.contains(sq) {
                costs.get(&sq).map_or('*', |c| char::from_digit(*c, 36).unwrap_or('?'))
            } else if map.cell(sq).is_some_and(|c| c.blocks_loe) {
                '#'
            } else if t.cut_reason(sq).is_some() {
                'x'
            } else {
                '.'
            });
        }
        out.push(row.trim_end().to_string());
    }
    out.join("\n") + "\n"
}

fn spec(shape: AreaShape, i: i32, j: i32, radius_squares: u32) -> TemplateSpec {
    TemplateSpec {
        shape,
        origin: Intersection::new(i, j),
        radius_squares,
    }
}

/// Open ground just big enough for a burst of `r` squares, and its centre.
fn open_for(r: u32) -> (Map, i32) {
    let side = 2 * r + 2;
    (Map::filled(side, side, Cell::default()), r as i32 + 1)
}

const CORNER: &[&str] = &[
    ". . . . . . . .", //
    ". . . . . . . .",
    "# # # # . . . .",
    ". . . . . . . .",
    ". . . . . . . .",
    ". . . . . . . .",
];

const ROOM: &[&str] = &[
    ". . . . . . . . . .", //
    ". . . . . . . . . .",
    ". . . . . . . . . .",
    ". . . . . . . . . .",
    ". . . . . . # . . .",
    ". . . . . .|. . . .",
    ". . . . . .|. . . .",
    "      - - -",
    ". . . . . . . . . .",
    ". . . . . . . . . .",
];

/// Every picture of docs/areas.md: its name, its caption facts and how to make it.
fn pictures() -> Vec<(&'static str, String)> {
    let mut v = Vec::new();
    let mut add = |name: &'static str, map: &Map, diagonal, spec: TemplateSpec| {
        let t = template(map, diagonal, &spec);
        v.push((name, picture(map, diagonal, &spec, &t)));
    };
    for (name, r) in [("burst-5", 1), ("burst-10", 2), ("burst-15", 3), ("burst-20", 4)] {
        let (map, c) = open_for(r);
        add(name, &map, SF, spec(AreaShape::Burst, c, c, r));
    }
    for (name, r) in [("saga-burst-1", 1), ("saga-burst-2", 2)] {
        let (map, c) = open_for(r);
        add(name, &map, SAGA, spec(AreaShape::Burst, c, c, r));
    }
    for (name, r) in [("cone-15-e", 3), ("cone-30-e", 6)] {
        let map = Map::filled(r + 2, 2 * r + 2, Cell::default());
        add(name, &map, SF, spec(AreaShape::Cone(Direction8::E), 1, r as i32 + 1, r));
    }
    for (name, r) in [("cone-15-se", 3), ("cone-30-se", 6)] {
        let map = Map::filled(r + 2, r + 2, Cell::default());
        add(name, &map, SF, spec(AreaShape::Cone(Direction8::SE), 1, 1, r));
    }
    add(
        "line-30-e",
        &Map::filled(8, 3, Cell::default()),
        SF,
        spec(AreaShape::Line(Direction8::E), 1, 1, 6),
    );
    add(
        "line-30-se",
        &Map::filled(6, 6, Cell::default()),
        SF,
        spec(AreaShape::Line(Direction8::SE), 1, 1, 6),
    );
    let corner = parse_map(CORNER);
    add("spread-30-corner", &corner, SF, spec(AreaShape::Spread, 2, 1, 6));
    add("burst-30-corner", &corner, SF, spec(AreaShape::Burst, 2, 1, 6));
    let room = parse_map(ROOM);
    add("burst-20-room", &room, SF, spec(AreaShape::Burst, 4, 4, 4));
    add("line-40-room", &room, SF, spec(AreaShape::Line(Direction8::E), 1, 5, 8));
    v
}

/// Squares covered in open ground by each shape and size: the table of docs/areas.md.
fn counts_table() -> String {
    let count = |diagonal, shape: AreaShape, r: u32| {
        let (map, c) = open_for(r);
        template(&map, diagonal, &spec(shape, c, c, r)).squares.len()
    };
    let mut s = String::from(
        "| Size | Burst, emanation, spread, cylinder | saga burst | Cone, orthogonal | Cone, diagonal | saga cone, orthogonal | saga cone, diagonal | Line, orthogonal | Line, diagonal | saga line, diagonal |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ft in [5u32, 10, 15, 20, 30, 40, 60, 120] {
        let r = ft / 5;
        let cells = [
            count(SF, AreaShape::Burst, r),
            count(SAGA, AreaShape::Burst, r),
            count(SF, AreaShape::Cone(Direction8::E), r),
            count(SF, AreaShape::Cone(Direction8::SE), r),
            count(SAGA, AreaShape::Cone(Direction8::E), r),
            count(SAGA, AreaShape::Cone(Direction8::SE), r),
            count(SF, AreaShape::Line(Direction8::E), r),
            count(SF, AreaShape::Line(Direction8::SE), r),
            count(SAGA, AreaShape::Line(Direction8::SE), r),
        ];
        // In open ground a spread and a cylinder cover exactly the burst's squares.
        assert_eq!(count(SF, AreaShape::Spread, r), cells[0], "{ft} ft spread");
        assert_eq!(count(SF, AreaShape::Cylinder, r), cells[0], "{ft} ft cylinder");
        assert_eq!(count(SAGA, AreaShape::Spread, r), cells[1], "{ft} ft saga spread");
        let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        s += &format!("| {ft} ft | {} |\n", cells.join(" | "));
    }
    s
}

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/areas.md")
}

/// The body of the fenced block right after `<!-- marker -->`, and where it sits.
fn block_after(doc: &str, marker: &str) -> Option<(usize, usize)> {
    let at = doc.find(&format!("<!-- {marker} -->"))?;
    let open = at + doc[at..].find("```")?;
    let body = open + doc[open..].find('\n')? + 1;
    let close = body + doc[body..].find("```")?;
    Some((body, close))
}

/// The text between `<!-- marker -->` and `<!-- end marker -->`.
fn section(doc: &str, marker: &str) -> Option<(usize, usize)> {
    let open = format!("<!-- {marker} -->\n");
    let start = doc.find(&open)? + open.len();
    let end = doc.find(&format!("<!-- end {marker} -->"))?;
    Some((start, end))
}

#[test]
fn we_44_we_45_docs_areas_pictures_and_counts_match_the_code() {
    let mut doc = std::fs::read_to_string(doc_path()).expect("docs/areas.md exists");
    let bless = std::env::var_os("FIVEFOOT_BLESS").is_some();
    let mut wrong = Vec::new();
    let mut replace = |doc: &mut String, place: Option<(usize, usize)>, name: &str, want: &str| match place {
        Some((a, b)) if &doc[a..b] == want => {}
        Some((a, b)) if bless => doc.replace_range(a..b, want),
        _ => wrong.push(format!("{name}:\n{want}")),
    };
    for (name, want) in pictures() {
        let place = block_after(&doc, &format!("picture: {name}"));
        replace(&mut doc, place, name, &want);
    }
    let place = section(&doc, "counts");
    replace(&mut doc, place, "counts", &counts_table());
    if bless {
        std::fs::write(doc_path(), &doc).unwrap();
    }
    assert!(wrong.is_empty(), "docs/areas.md is out of date:\n{}", wrong.join("\n"));
    // Every picture in the doc is one of ours.
    let names: Vec<&str> = pictures().iter().map(|(n, _)| *n).collect();
    for (k, _) in doc.match_indices("<!-- picture: ") {
        let name = doc[k + 14..].split(' ').next().unwrap();
        assert!(names.contains(&name), "docs/areas.md has an unknown picture {name}");
    }
}

#[test]
fn we_44_starfinder_burst_counts_through_the_public_api() {
    let counts: Vec<usize> = (1..=4)
        .map(|r| {
            let (map, c) = open_for(r);
            template(&map, SF, &spec(AreaShape::Burst, c, c, r)).squares.len()
        })
        .collect();
    assert_eq!(counts, vec![4, 16, 32, 52]);
}

#[test]
fn we_45_saga_burst_counts_through_the_public_api() {
    let counts: Vec<usize> = (1..=2)
        .map(|r| {
            let (map, c) = open_for(r);
            template(&map, SAGA, &spec(AreaShape::Burst, c, c, r)).squares.len()
        })
        .collect();
    assert_eq!(counts, vec![4, 12]);
}

#[test]
fn area_templates_serialise_as_documented() {
    let map = parse_map(CORNER);
    let t = template(&map, SF, &spec(AreaShape::Spread, 2, 1, 6));
    let v = serde_json::to_value(&t).unwrap();
    assert!(v["squares"].as_array().unwrap().contains(&serde_json::json!([3, 3])));
    let cut = v["cut_off"].as_array().unwrap();
    assert!(
        cut.contains(
            &serde_json::json!({ "square": [2, 3], "reason": { "kind": "path_too_long", "path_squares": 7 } })
        )
    );
    assert!(cut.contains(&serde_json::json!({ "square": [0, 2], "reason": { "kind": "solid" } })));
    let burst = template(&map, SF, &spec(AreaShape::Burst, 2, 1, 6));
    let reason = burst.cut_reason(Square::new(2, 4)).expect("behind the wall");
    assert!(matches!(reason, CutReason::NoLineOfEffect { .. }));
    let json = serde_json::to_value(reason).unwrap();
    assert_eq!(json["kind"], "no_line_of_effect");
    assert_eq!(json["blocked_by"]["kind"], "square");
    let spec_json = serde_json::to_value(spec(AreaShape::Cone(Direction8::NE), 3, 4, 3)).unwrap();
    assert_eq!(
        spec_json,
        serde_json::json!({ "shape": { "Cone": "NE" }, "origin": [3, 4], "radius_squares": 3 })
    );
}

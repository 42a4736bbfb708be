//! The battle map as plain data (GRID-5): one `Cell` of terrain flags per square and the
//! thin walls and doors on square edges. Flat arrays, indexable in O(1), no allocation on read.

use super::Square;
use serde::{Deserialize, Serialize};

/// Concealment a square gives (§10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Concealment {
    #[default]
    None,
    Normal,
    Total,
}

/// Light level of a square (§22.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Light {
    Bright,
    #[default]
    Normal,
    Dim,
    Darkness,
}

/// Cover an object in a square gives (§9.2, COV-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum CoverObject {
    #[default]
    None,
    Cover,
    Improved,
}

/// The terrain flags of one square (GRID-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Cell {
    pub blocks_movement: bool,
    pub difficult: bool,
    /// Solid barrier: stops line of effect (and so line of sight).
    pub blocks_loe: bool,
    /// Blocks line of sight only (fog, thick smoke).
    pub blocks_sight: bool,
    pub cover: CoverObject,
    /// Low obstacle / Low Object (§9.4).
    pub low: bool,
    pub concealment: Concealment,
    /// No diagonal move past this square's corners (MOV-10).
    pub hard_corner: bool,
    pub light: Light,
}

/// A thin feature on one square edge (GEO-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum EdgeFeature {
    #[default]
    None,
    Wall,
    Door {
        open: bool,
    },
}

impl EdgeFeature {
    /// Whether the edge blocks movement and line of effect right now.
    pub fn blocks(self) -> bool {
        matches!(self, EdgeFeature::Wall | EdgeFeature::Door { open: false })
    }
}

/// A rectangular grid of cells with edge features.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    width: u32,
    height: u32,
    cells: Vec<Cell>,
    /// Vertical edges: the grid line `i` (0..=width) between rows `j` and `j+1`,
    /// index `j * (width + 1) + i`.
    vertical: Vec<EdgeFeature>,
    /// Horizontal edges: the grid line `j` (0..=height) between columns `i` and `i+1`,
    /// index `j * width + i`.
    horizontal: Vec<EdgeFeature>,
}

impl Map {
    /// A map of `width × height` squares of `fill`, without edge features.
    pub fn filled(width: u32, height: u32, fill: Cell) -> Self {
        let (w, h) = (width as usize, height as usize);
        Self {
            width,
            height,
            cells: vec![fill; w * h],
            vertical: vec![EdgeFeature::None; (w + 1) * h],
            horizontal: vec![EdgeFeature::None; w * (h + 1)],
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn contains(&self, sq: Square) -> bool {
        sq.x >= 0 && sq.y >= 0 && (sq.x as u32) < self.width && (sq.y as u32) < self.height
    }

    fn index(&self, sq: Square) -> Option<usize> {
        self.contains(sq)
            .then(|| sq.y as usize * self.width as usize + sq.x as usize)
    }

    /// The cell at `sq`; `None` off the map.
    pub fn cell(&self, sq: Square) -> Option<&Cell> {
        self.index(sq).map(|i| &self.cells[i])
    }

    /// Sets the cell at `sq`; ignored off the map.
    pub fn set_cell(&mut self, sq: Square, cell: Cell) {
        if let Some(i) = self.index(sq) {
            self.cells[i] = cell;
        }
    }

    /// The feature on the vertical grid line `i` between `j` and `j + 1`.
    pub fn vertical_edge(&self, i: i32, j: i32) -> EdgeFeature {
        if i < 0 || j < 0 || i as u32 > self.width || j as u32 >= self.height {
            return EdgeFeature::None;
        }
        self.vertical[j as usize * (self.width as usize + 1) + i as usize]
    }

    /// The feature on the horizontal grid line `j` between `i` and `i + 1`.
    pub fn horizontal_edge(&self, i: i32, j: i32) -> EdgeFeature {
        if i < 0 || j < 0 || i as u32 >= self.width || j as u32 > self.height {
            return EdgeFeature::None;
        }
        self.horizontal[j as usize * self.width as usize + i as usize]
    }

    pub fn set_vertical_edge(&mut self, i: i32, j: i32, f: EdgeFeature) {
        if i >= 0 && j >= 0 && i as u32 <= self.width && (j as u32) < self.height {
            self.vertical[j as usize * (self.width as usize + 1) + i as usize] = f;
        }
    }

    pub fn set_horizontal_edge(&mut self, i: i32, j: i32, f: EdgeFeature) {
        if i >= 0 && j >= 0 && (i as u32) < self.width && j as u32 <= self.height {
            self.horizontal[j as usize * self.width as usize + i as usize] = f;
        }
    }

    /// Every square of the map, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height as i32).flat_map(move |y| (0..self.width as i32).map(move |x| Square::new(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_map_squares_have_no_cell() {
        let map = Map::filled(3, 2, Cell::default());
        assert!(map.cell(Square::new(2, 1)).is_some());
        assert!(map.cell(Square::new(3, 1)).is_none());
        assert!(map.cell(Square::new(-1, 0)).is_none());
    }

    #[test]
    fn edges_are_stored_per_grid_line() {
        let mut map = Map::filled(3, 3, Cell::default());
        map.set_vertical_edge(3, 2, EdgeFeature::Wall);
        map.set_horizontal_edge(0, 3, EdgeFeature::Door { open: false });
        assert_eq!(map.vertical_edge(3, 2), EdgeFeature::Wall);
        assert!(map.horizontal_edge(0, 3).blocks());
        assert_eq!(map.vertical_edge(4, 2), EdgeFeature::None);
    }
}

//! The scenario editor's core, without any window: an `EditorDoc` (a scenario file and the
//! text it was read from), edit commands with undo/redo, the brush/rectangle/fill tools,
//! unit choices, live validation with jump targets, and the writer that keeps a hand-written
//! file's layout. The GUI (`fivefoot edit`) drives it; documented in `docs/scenario-format.md`.

mod command;
mod doc;
mod edges;
mod history;
mod map_edit;
mod problems;
mod save;
mod tools;
mod units;
mod writer;
mod zones;

pub use command::{EditCommand, EditError, Layer, switch_control};
pub use doc::EditorDoc;
pub use history::Editor;
pub use map_edit::MAX_EDIT_SIDE;
pub use problems::{EditorProblem, JumpTarget};
pub use tools::{brush_squares, flood_fill, rect_squares};
pub use units::{TemplateChoice, custom_unit, next_unit_id, unit_templates};

/// The family and size (width, height) of a new scenario: what `fivefoot edit` and the
/// editor page start when given no file.
pub const NEW_SCENARIO: (&str, u32, u32) = ("starfinder", 20, 12);

//! The document being edited: [`EditorSession`] (the core's `Editor`, the templates its units
//! are checked against, the validator's problems after the last change), what is selected, and
//! `apply_edits`, the one system that hands [`EditIntent`]s to `Editor::apply` / `undo` /
//! `redo` and re-runs validation after each change. [`open_editor`] puts a document on screen.

use crate::editor::{EditCommand, Editor, EditorDoc, EditorProblem, TemplateChoice, unit_templates};
use crate::grid::{Heading, Square};
use crate::gui::saves::DataDir;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::ruleset::{Family, Size, SizeTable, load_embedded};
use crate::scenario::Templates;
use crate::scenario::format::ScenarioFile;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EditIntent>();
    app.init_resource::<DocRevision>();
    app.init_resource::<EditorStatus>();
    app.init_resource::<Selection>();
    app.init_resource::<super::state::SidebarTab>();
    app.add_systems(
        Update,
        apply_edits.in_set(AppSystems::Apply).run_if(in_state(Screen::Editor)),
    );
}

/// The scenario being edited, with what the validator says about it.
#[derive(Resource)]
pub struct EditorSession {
    pub editor: Editor,
    /// Where `template:` names are looked up: beside the file, else the shipped ones.
    pub templates: Templates,
    /// `doc.problems(..)` after the last change; empty when the scenario is valid.
    pub problems: Vec<EditorProblem>,
    /// The units as drawn: where, how big, which side, which way a vehicle faces.
    pub units: Vec<UnitView>,
    /// The templates the place tool offers for the document's rule family (checked once per
    /// family: the check validates each template).
    pub choices: (String, Vec<TemplateChoice>),
    /// The family's size table, for how many squares a unit fills.
    pub sizes: Option<SizeTable>,
    /// The document came from the autosave: it holds edits no file has, even before the
    /// first new edit.
    pub restored: bool,
    /// This editing session's autosave (`files::autosave_path`); each session has its own.
    pub autosave_id: String,
}

impl EditorSession {
    pub fn new(doc: EditorDoc) -> Self {
        let templates = match &doc.path {
            Some(path) => Templates::for_scenario(path),
            None => Templates::shipped(),
        };
        let mut session = Self {
            editor: Editor::new(doc),
            templates,
            problems: Vec::new(),
            units: Vec::new(),
            // No family is named "": the first validation fills them in.
            choices: (String::new(), Vec::new()),
            sizes: None,
            restored: false,
            autosave_id: super::autosave::new_session_id(),
        };
        session.revalidate();
        session
    }

    pub fn doc(&self) -> &EditorDoc {
        &self.editor.doc
    }

    /// Edits no file holds yet (asked about before they are discarded).
    pub fn unsaved(&self) -> bool {
        self.editor.is_dirty() || self.restored
    }

    /// Runs the validator again after a change.
    pub fn revalidate(&mut self) {
        self.problems = self.editor.doc.problems(&self.templates);
        let ruleset = &self.editor.doc.file.ruleset;
        if self.choices.0 != *ruleset {
            self.choices = (ruleset.clone(), unit_templates(ruleset, &self.templates));
            self.sizes = Family::from_id(ruleset)
                .and_then(|f| load_embedded(f).ok())
                .map(|r| r.sizes);
        }
        self.units = unit_views(&self.editor.doc.file, &self.templates, self.sizes.as_ref());
    }

    /// The side of the space, in squares, a unit of `size` fills in the document's family (1
    /// when the size or the family is unknown).
    pub fn side_squares(&self, size: Option<Size>) -> u32 {
        side_squares(self.sizes.as_ref(), size)
    }

    /// The side of the space the place tool's unit would fill.
    pub fn place_squares(&self, template: Option<&str>) -> u32 {
        let size = template.and_then(|t| self.templates.get(t).ok()).and_then(|u| u.size);
        self.side_squares(size)
    }
}

fn side_squares(sizes: Option<&SizeTable>, size: Option<Size>) -> u32 {
    match (sizes, size) {
        (Some(table), Some(size)) => table.side_squares(size),
        _ => 1,
    }
}

/// A unit as the editor draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitView {
    pub id: String,
    pub name: String,
    pub side: Option<String>,
    pub at: Square,
    /// Side of its space in squares (the family's size table; 1 when the size is unknown).
    pub squares: u32,
    /// A vehicle's heading.
    pub heading: Option<Heading>,
    /// Uses inline stats rather than a template.
    pub custom: bool,
    /// The token's icon, as the battle draws it: the unit's (or its template's) `icon:` when
    /// it names a shipped one, else its kind's.
    pub icon: &'static str,
}

/// The icon a unit is drawn with (an unknown name shows the kind's; the problem list says why).
fn editor_icon(unit: &crate::scenario::format::UnitDef) -> &'static str {
    use crate::scenario::icons::{default_icon, token_icons};
    let kind = match (unit.kind, &unit.vehicle) {
        (Some(kind), _) => kind,
        (None, Some(_)) => crate::rules::UnitKind::Vehicle,
        (None, None) => crate::rules::UnitKind::Creature,
    };
    unit.icon
        .as_deref()
        .and_then(|name| token_icons().find(|n| *n == name))
        .unwrap_or_else(|| default_icon(kind))
}

/// The placed units of `file` with their templates' stats filled in; units without an id or a
/// square are left out (the problem list names them).
pub fn unit_views(file: &ScenarioFile, templates: &Templates, sizes: Option<&SizeTable>) -> Vec<UnitView> {
    file.units
        .iter()
        .filter_map(|u| {
            let full = match u.template.as_deref().map(|t| templates.get(t)) {
                Some(Ok(template)) => u.clone().over_template(&template),
                _ => u.clone(),
            };
            let squares = side_squares(sizes, full.size);
            Some(UnitView {
                id: u.id.clone()?,
                name: full
                    .name
                    .clone()
                    .or(u.template.clone())
                    .unwrap_or_else(|| "unit".into()),
                side: u.side.clone(),
                at: u.at?,
                squares,
                heading: full.vehicle.as_ref().map(|v| v.heading),
                custom: u.template.is_none(),
                icon: editor_icon(&full),
            })
        })
        .collect()
}

/// Bumped whenever the document changed (an edit, undo, redo, a new document); the map and
/// the panels redraw when it changes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DocRevision(pub u64);

/// A one-line message: why an edit was refused, what was saved.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct EditorStatus(pub String);

/// What is selected on the map or in the panel (the problem list's jumps select too).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub enum Selection {
    #[default]
    None,
    Square(Square),
    Unit(String),
    Side(String),
    Objective(usize),
    Zone(String),
}

/// A change the user asked for.
#[derive(Message)]
pub enum EditIntent {
    /// Boxed: a command is large next to undo and redo.
    Apply(Box<EditCommand>),
    Undo,
    Redo,
}

impl EditIntent {
    pub fn apply(command: EditCommand) -> Self {
        EditIntent::Apply(Box::new(command))
    }
}

/// Puts `doc` on screen in the editor in place of any other document.
pub fn open_editor(world: &mut World, doc: EditorDoc) {
    install_editor(world, EditorSession::new(doc));
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Screen>>(), Screen::Editor);
}

/// Puts a session in the world without changing the screen.
pub fn install_editor(world: &mut World, session: EditorSession) {
    // Unsaved work of earlier sessions is kept in their own autosaves: say where it is.
    let data = world.get_resource::<DataDir>().map(|d| d.0.clone());
    let earlier = match &data {
        Some(Some(data)) if !session.restored => super::autosave::autosaves(data).len(),
        _ => 0,
    };
    let status = match (earlier, &data) {
        (_, Some(None)) => "No data directory (set FIVEFOOT_DATA_DIR or HOME): edits are not autosaved.".to_string(),
        (0, _) => String::new(),
        (n, _) => format!("{n} unsaved document(s) of earlier editor sessions are kept: Title → Editor → Restore."),
    };
    world.insert_resource(session);
    world.get_resource_or_insert_with(DocRevision::default).0 += 1;
    world.insert_resource(Selection::None);
    world.get_resource_or_insert_with(EditorStatus::default).0 = status;
    // A new document is fitted to the window again.
    world.insert_resource(super::state::FitCamera);
}

/// Applies each intent to the editor; a refused edit changes nothing and says why.
pub fn apply_edits(
    mut intents: ResMut<Messages<EditIntent>>,
    mut session: ResMut<EditorSession>,
    mut revision: ResMut<DocRevision>,
    mut status: ResMut<EditorStatus>,
) {
    let mut changed = false;
    // Drained rather than read: the commands move into the editor.
    for intent in intents.drain() {
        match intent {
            EditIntent::Apply(command) => match session.editor.apply(*command) {
                Ok(()) => {
                    changed = true;
                    status.0.clear();
                }
                Err(why) => status.0 = format!("Not possible: {why}"),
            },
            EditIntent::Undo => match session.editor.undo() {
                true => {
                    changed = true;
                    status.0 = "Undone.".into();
                }
                false => status.0 = "Nothing to undo.".into(),
            },
            EditIntent::Redo => match session.editor.redo() {
                true => {
                    changed = true;
                    status.0 = "Redone.".into();
                }
                false => status.0 = "Nothing to redo.".into(),
            },
        }
    }
    if changed {
        session.revalidate();
        revision.0 += 1;
    }
}

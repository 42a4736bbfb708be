//! The map legend (issue #18 item 4): one swatch and a word for every colour drawn on the map
//! at the moment (move bands, threat, provoking squares, the planned path, cover, concealment
//! and flanking lines, an area template, fog, a vehicle's heading, a race's end squares, line
//! and arc, a vehicle's path), in a row kept free above the bottom bar
//! (`look::camera::LEGEND_ROOM`), with the map keys; hidden when nothing is drawn. Reads what
//! the views derived; draws nothing on the map and decides no rule.

use crate::gui::intake::plan::Band;
use crate::gui::look::camera::{HUD_RIGHT, HudMargins, LEGEND_ROOM};
use crate::gui::look::markers::HeadingMarker;
use crate::gui::look::palette::{
    ARC_COLOUR, AREA_COLOUR, BLOCKED_LINE, CLEAR_LINE, CONCEALED_LINE, CUT_OFF_COLOUR, END_COLOUR, FLANK_LINE,
    LINE_COLOUR, PANEL, PATH_COLOUR, PROVOKE_COLOUR, THREAT_COLOUR, UNCONCEALED_LINE, WEDGE_COLOUR,
};
use crate::gui::state::mode::{CameraFollow, ShowBands};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::views::area::AreaView;
use crate::gui::views::attack::AttackView;
use crate::gui::views::path::PathOverlay;
use crate::gui::views::reach::{ReachOverlay, ThreatOverlay};
use crate::gui::views::sight::Sight;
use crate::gui::views::vehicle_aim::VehicleAimView;
use bevy::prelude::*;
use std::collections::BTreeSet;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Legend>();
    app.add_systems(OnEnter(Screen::Battle), spawn_legend);
    app.add_systems(
        Update,
        (derive_legend, show_legend)
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What is drawn on the map now, as far as colours go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Drawn {
    /// The move bands painted (none while the B toggle hides them).
    pub bands: BTreeSet<Band>,
    pub threat: bool,
    pub provokes: bool,
    pub path: bool,
    pub clear_line: bool,
    pub blocked_line: bool,
    pub concealed_line: bool,
    pub unconcealed_line: bool,
    pub flank: bool,
    pub area: bool,
    pub cut_off: bool,
    pub fog: bool,
    /// A vehicle's heading wedge is on the map (`vehicles::hulls`).
    pub heading: bool,
    /// Racing: the legal end squares, the picked angle's line, the 45° arc (`vehicles::aim_view`).
    pub race_ends: bool,
    pub race_line: bool,
    pub race_arc: bool,
    /// Driving or running over: the vehicle's planned path.
    pub vehicle_path: bool,
}

/// How a legend swatch is drawn, like the thing it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    /// A light fill with a bright outline (the move bands).
    Outline,
    /// A filled square (threat, provoking squares, area squares, fog).
    Fill,
    /// A short line (cover and flanking lines).
    Line,
    /// A dashed line (concealment lines).
    Dashed,
    /// A dot (the planned path's steps).
    Dot,
}

/// One legend entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LegendEntry {
    pub label: &'static str,
    pub colour: Color,
    pub swatch: Swatch,
}

const fn entry(label: &'static str, colour: Color, swatch: Swatch) -> LegendEntry {
    LegendEntry { label, colour, swatch }
}

/// The fog's colour as the legend shows it (the fog layer's own tint is nearly black).
pub const FOG_SWATCH: Color = Color::srgb(0.2, 0.2, 0.26);

/// The entries for what is drawn, in a fixed order: movement, danger, lines, area, fog.
pub fn legend_entries(drawn: &Drawn) -> Vec<LegendEntry> {
    let mut out: Vec<LegendEntry> = drawn
        .bands
        .iter()
        .map(|band| entry(band_label(*band), band.colour(), Swatch::Outline))
        .collect();
    let path_colour = Color::WHITE;
    let flags = [
        (drawn.path, entry("path (step cost)", path_colour, Swatch::Dot)),
        (drawn.threat, entry("threatened", THREAT_COLOUR, Swatch::Fill)),
        (drawn.provokes, entry("provokes AoO", PROVOKE_COLOUR, Swatch::Fill)),
        (drawn.clear_line, entry("clear line", CLEAR_LINE, Swatch::Line)),
        (
            drawn.blocked_line,
            entry("blocked line (cover)", BLOCKED_LINE, Swatch::Line),
        ),
        (
            drawn.concealed_line,
            entry("through concealment", CONCEALED_LINE, Swatch::Dashed),
        ),
        (
            drawn.unconcealed_line,
            entry("unconcealed line", UNCONCEALED_LINE, Swatch::Dashed),
        ),
        (drawn.flank, entry("flanking", FLANK_LINE, Swatch::Line)),
        (drawn.area, entry("area", AREA_COLOUR, Swatch::Fill)),
        (drawn.cut_off, entry("cut off", CUT_OFF_COLOUR, Swatch::Fill)),
        (drawn.fog, entry("not seen", FOG_SWATCH, Swatch::Fill)),
        (drawn.heading, entry("vehicle heading", WEDGE_COLOUR, Swatch::Dot)),
        (drawn.race_ends, entry("race ends", END_COLOUR, Swatch::Fill)),
        (drawn.race_line, entry("race line", LINE_COLOUR, Swatch::Fill)),
        (drawn.race_arc, entry("race arc (45°)", ARC_COLOUR, Swatch::Line)),
        (drawn.vehicle_path, entry("vehicle path", PATH_COLOUR, Swatch::Fill)),
    ];
    out.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, e)| e));
    out
}

fn band_label(band: Band) -> &'static str {
    match band {
        Band::Move => "move",
        Band::Double => "double move",
        Band::Run => "run",
    }
}

/// The map keys the legend reminds of.
pub fn keys_hint(follow: bool) -> String {
    let follow = if follow { "on" } else { "off" };
    format!("B bands · T threat · Home fit · Shift+C follow: {follow}")
}

/// What the legend shows now.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Legend {
    pub entries: Vec<LegendEntry>,
    pub follow: bool,
}

#[derive(Component)]
struct LegendRoot;

fn spawn_legend(mut commands: Commands) {
    commands.spawn((
        Name::new("Legend"),
        LegendRoot,
        DespawnOnExit(Screen::Battle),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(6.0),
            right: Val::Px(HUD_RIGHT + 6.0),
            bottom: Val::Px(HudMargins::default().bottom - LEGEND_ROOM + 2.0),
            min_height: Val::Px(LEGEND_ROOM - 4.0),
            padding: UiRect::axes(Val::Px(8.0), Val::Px(3.0)),
            column_gap: Val::Px(12.0),
            row_gap: Val::Px(2.0),
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            display: Display::None,
            ..default()
        },
        BackgroundColor(PANEL.with_alpha(0.8)),
    ));
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn derive_legend(
    reach: Res<ReachOverlay>,
    show: Res<ShowBands>,
    threat: Res<ThreatOverlay>,
    path: Res<PathOverlay>,
    attack: Res<AttackView>,
    area: Res<AreaView>,
    sight: Res<Sight>,
    follow: Res<CameraFollow>,
    vehicle: (Option<Res<VehicleAimView>>, Query<(), With<HeadingMarker>>),
    mut legend: ResMut<Legend>,
) {
    let (aim, headings) = vehicle;
    let aim = aim.as_deref();
    let preview = path.preview.as_ref().and_then(|p| p.as_ref().ok());
    let lines = attack.hover.as_ref();
    let drawn = Drawn {
        bands: if show.0 {
            reach.bands.values().copied().collect()
        } else {
            BTreeSet::new()
        },
        threat: !threat.squares.is_empty(),
        provokes: preview.is_some_and(|p| !p.provokes.is_empty()),
        path: preview.is_some(),
        clear_line: lines.is_some_and(|h| h.cover_lines.iter().any(|l| l.obstructed_by.is_none())),
        blocked_line: lines.is_some_and(|h| h.cover_lines.iter().any(|l| l.obstructed_by.is_some())),
        concealed_line: lines.is_some_and(|h| h.concealment_lines.iter().any(|l| l.through.is_some())),
        unconcealed_line: lines.is_some_and(|h| h.concealment_lines.iter().any(|l| l.through.is_none())),
        flank: lines.is_some_and(|h| h.flank.is_some()),
        area: area.hover.as_ref().is_some_and(|h| !h.squares.is_empty()),
        cut_off: area.hover.as_ref().is_some_and(|h| !h.cut_off.is_empty()),
        fog: sight.on,
        heading: !headings.is_empty(),
        race_ends: aim.is_some_and(|v| !v.race_ends.is_empty()),
        race_line: aim.is_some_and(|v| !v.angle_line.is_empty()),
        race_arc: aim.is_some_and(|v| v.arc.is_some()),
        vehicle_path: aim.is_some_and(|v| matches!(&v.path, Some(Ok(p)) if !p.is_empty())),
    };
    legend.set_if_neq(Legend {
        entries: legend_entries(&drawn),
        follow: follow.0,
    });
}

fn show_legend(
    mut commands: Commands,
    legend: Res<Legend>,
    margins: Res<HudMargins>,
    root: Single<(Entity, &mut Node, Ref<LegendRoot>), With<LegendRoot>>,
) {
    let (root, mut node, new) = root.into_inner();
    // A new root (the battle screen entered again) is filled even when the legend is unchanged.
    let new = new.is_added();
    if margins.is_changed() || new {
        node.bottom = Val::Px(margins.bottom - LEGEND_ROOM + 2.0);
    }
    if !legend.is_changed() && !new {
        return;
    }
    node.display = if legend.entries.is_empty() {
        Display::None
    } else {
        Display::Flex
    };
    commands.entity(root).despawn_related::<Children>();
    commands.entity(root).with_children(|row| {
        for e in &legend.entries {
            row.spawn((
                Name::new(format!("Legend {}", e.label)),
                Node {
                    column_gap: Val::Px(4.0),
                    align_items: AlignItems::Center,
                    ..default()
                },
            ))
            .with_children(|item| {
                spawn_swatch(item, e);
                item.spawn((
                    Text::new(e.label),
                    TextFont::from_font_size(12.0),
                    TextColor(Color::srgb(0.88, 0.9, 0.94)),
                ));
            });
        }
        row.spawn((
            Name::new("Legend keys"),
            Text::new(keys_hint(legend.follow)),
            TextFont::from_font_size(11.0),
            TextColor(Color::srgb(0.6, 0.62, 0.68)),
        ));
    });
}

fn spawn_swatch(parent: &mut ChildSpawnerCommands, e: &LegendEntry) {
    let (size, border, fill) = match e.swatch {
        Swatch::Outline => (Vec2::new(14.0, 12.0), 2.0, e.colour.with_alpha(0.2)),
        Swatch::Fill => (Vec2::new(14.0, 12.0), 0.0, e.colour.with_alpha(0.8)),
        Swatch::Line => (Vec2::new(16.0, 3.0), 0.0, e.colour),
        Swatch::Dot => (Vec2::new(7.0, 7.0), 0.0, e.colour),
        Swatch::Dashed => (Vec2::new(6.0, 2.0), 0.0, e.colour),
    };
    let pieces = if e.swatch == Swatch::Dashed { 2 } else { 1 };
    parent
        .spawn(Node {
            width: Val::Px(16.0),
            column_gap: Val::Px(4.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|slot| {
            for _ in 0..pieces {
                slot.spawn((
                    Node {
                        width: Val::Px(size.x),
                        height: Val::Px(size.y),
                        border: UiRect::all(Val::Px(border)),
                        ..default()
                    },
                    BorderColor::all(e.colour),
                    BackgroundColor(fill),
                ));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::intake::plan::reach_bands;
    use crate::gui::testkit::{beside_foe as my_turn, me};
    use crate::gui::views::reach::threatened_by_foes;

    #[test]
    fn nothing_drawn_no_legend() {
        assert!(legend_entries(&Drawn::default()).is_empty());
    }

    /// Every colour drawn has its entry, in the colour drawn; nothing else is listed.
    #[test]
    fn the_legend_lists_exactly_what_is_drawn() {
        let mut b = my_turn();
        // The threat overlay reads the rules' derived state, as the window keeps it.
        b.derive();
        let w = b.world();
        let drawn = Drawn {
            bands: reach_bands(w, &me()).values().copied().collect(),
            threat: !threatened_by_foes(w, &me()).is_empty(),
            ..Drawn::default()
        };
        let entries = legend_entries(&drawn);
        let labels: Vec<&str> = entries.iter().map(|e| e.label).collect();
        assert!(labels.starts_with(&["move", "double move"]), "{labels:?}");
        assert!(labels.contains(&"threatened"));
        assert!(!labels.contains(&"area") && !labels.contains(&"not seen"));
        let move_entry = entries.iter().find(|e| e.label == "move").expect("move");
        assert_eq!(move_entry.colour, Band::Move.colour());
        assert_eq!(move_entry.swatch, Swatch::Outline);

        let aiming = Drawn {
            clear_line: true,
            blocked_line: true,
            flank: true,
            area: true,
            cut_off: true,
            fog: true,
            ..Drawn::default()
        };
        let colours: Vec<Color> = legend_entries(&aiming).iter().map(|e| e.colour).collect();
        assert_eq!(
            colours,
            vec![
                CLEAR_LINE,
                BLOCKED_LINE,
                FLANK_LINE,
                AREA_COLOUR,
                CUT_OFF_COLOUR,
                FOG_SWATCH
            ]
        );
    }

    /// Headless: the legend follows the overlays' resources; the B toggle takes the bands
    /// out of it, and with nothing drawn it is empty (hidden).
    #[test]
    fn the_legend_follows_what_the_overlays_hold() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<ReachOverlay>()
            .init_resource::<ShowBands>()
            .init_resource::<ThreatOverlay>()
            .init_resource::<PathOverlay>()
            .init_resource::<AttackView>()
            .init_resource::<AreaView>()
            .init_resource::<Sight>()
            .init_resource::<CameraFollow>()
            .init_resource::<Legend>();
        app.add_systems(Update, derive_legend);
        app.update();
        assert!(app.world().resource::<Legend>().entries.is_empty());
        let mut b = my_turn();
        // The threat overlay reads the rules' derived state, as the window keeps it.
        b.derive();
        app.world_mut().resource_mut::<ReachOverlay>().bands = reach_bands(b.world(), &me());
        app.world_mut().resource_mut::<ThreatOverlay>().squares = threatened_by_foes(b.world(), &me());
        app.update();
        let labels = |app: &App| -> Vec<&'static str> {
            app.world()
                .resource::<Legend>()
                .entries
                .iter()
                .map(|e| e.label)
                .collect()
        };
        assert_eq!(labels(&app), vec!["move", "double move", "threatened"]);
        app.world_mut().resource_mut::<ShowBands>().0 = false;
        app.update();
        assert_eq!(labels(&app), vec!["threatened"]);
        // Issue #18: the vehicle overlays have their entries while they are drawn.
        app.world_mut().spawn(HeadingMarker(crate::grid::Heading::E));
        app.insert_resource(VehicleAimView {
            race_ends: vec![crate::grid::Square::new(1, 1)],
            angle_line: vec![crate::grid::Square::new(1, 1)],
            arc: Some((Vec2::ZERO, Vec2::X)),
            ..VehicleAimView::default()
        });
        app.update();
        assert_eq!(
            labels(&app),
            vec![
                "threatened",
                "vehicle heading",
                "race ends",
                "race line",
                "race arc (45°)"
            ]
        );
        app.insert_resource(VehicleAimView {
            path: Some(Ok(vec![crate::grid::Square::new(2, 1)])),
            ..VehicleAimView::default()
        });
        app.update();
        assert_eq!(labels(&app), vec!["threatened", "vehicle heading", "vehicle path"]);
    }

    /// The battle screen entered again (a save resumed from the title) spawns a new legend
    /// row: it shows the legend even though the legend itself did not change.
    #[test]
    fn a_new_legend_row_shows_the_unchanged_legend() {
        use bevy::ecs::system::RunSystemOnce;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<HudMargins>();
        app.insert_resource(Legend {
            entries: legend_entries(&Drawn {
                bands: [Band::Move].into(),
                ..Drawn::default()
            }),
            follow: true,
        });
        app.add_systems(Update, show_legend);
        let shown = |app: &mut App| {
            let mut q = app.world_mut().query_filtered::<&Node, With<LegendRoot>>();
            q.single(app.world()).expect("one row").display
        };
        app.world_mut().run_system_once(spawn_legend).expect("spawns");
        app.update();
        assert_eq!(shown(&mut app), Display::Flex);
        let old = app
            .world_mut()
            .query_filtered::<Entity, With<LegendRoot>>()
            .single(app.world())
            .expect("one row");
        app.world_mut().entity_mut(old).despawn();
        app.world_mut().run_system_once(spawn_legend).expect("spawns");
        app.update();
        assert_eq!(shown(&mut app), Display::Flex);
    }

    #[test]
    fn the_keys_hint_says_whether_the_camera_follows() {
        assert!(keys_hint(true).ends_with("follow: on"));
        assert!(keys_hint(false).contains("B bands") && keys_hint(false).ends_with("follow: off"));
    }
}

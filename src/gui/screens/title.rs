//! The title screen: title art (the built-in scenario's map in the game's own tiles and
//! tokens, under the game's name), the menu (`title_menu`) as a scrolling list of scenarios
//! (each marked with its rule family, the built-in one "Tutorial") beside the selected entry's
//! details and the buttons Play / Editor / Load / Quit. Up/Down, Page Up/Down, Home/End or the
//! mouse select, the wheel scrolls, Enter or a click opens (a row's second line is cut with
//! "…" to the list's width; the details box has it whole); Esc goes back from the saves and
//! the editor page. `open_choice` turns a choice into a battle (or the editor, or quitting),
//! and [`play`] is the one way a scenario's new battle goes on screen.
//! Over 600 lines: about 180 of them are its tests; the title art, the scrolling list and the
//! buttons are one screen whose parts share the menu's selection and scroll state.

use crate::gui::intake::open::open_session;
use crate::gui::saves::{DataDir, end_play_test, load_save};
use crate::gui::screens::setup::{ScenarioSource, play_scenario};
use crate::gui::screens::title_menu::{Choice, ScenarioDir, TitleMenu, editor_menu, main_menu, saves_menu};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::history::Battle;
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Templates};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use std::path::Path;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<TitleMenu>();
    app.init_resource::<ScenarioDir>();
    app.add_systems(
        OnEnter(Screen::Title),
        (end_play_test_on_title, build_main_menu, spawn_title_screen).chain(),
    );
    app.add_systems(
        Update,
        (menu_keys, menu_mouse, scroll_with_wheel)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Title)),
    );
    app.add_systems(
        Update,
        open_choice.in_set(AppSystems::Apply).run_if(in_state(Screen::Title)),
    );
    app.add_systems(
        Update,
        (draw_menu, keep_selected_in_view)
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Title))
            .run_if(resource_changed::<TitleMenu>),
    );
    app.add_systems(
        Update,
        fit_row_details
            .after(draw_menu)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Title)),
    );
}

/// A row's second line in full; what shows is cut with "…" to the list's width (issue #18),
/// the details box beside the list has it whole.
#[derive(Component, Debug, Clone)]
struct RowDetail(String);

/// The second line's text size, and the row's inner margins (padding and the left border).
const DETAIL_FONT: f32 = 13.0;
/// The body's side padding, the gap between the list and the side panel, and its width.
const BODY_PADDING: f32 = 28.0;
const BODY_GAP: f32 = 24.0;
const SIDE_WIDTH: f32 = 360.0;
const ROW_INSET: f32 = 2.0 * 14.0 + 4.0;

/// A row's second line cut to fit a list `width` logical pixels wide.
pub fn fitted_detail(detail: &str, width: f32) -> String {
    crate::gui::look::font::ellipsize(detail, crate::gui::look::font::ui_chars(width - ROW_INSET, DETAIL_FONT))
}

/// The list's width in a window `window` logical pixels wide: what the body's padding, the gap
/// and the side panel leave.
pub fn list_width(window: f32) -> f32 {
    window - 2.0 * BODY_PADDING - BODY_GAP - SIDE_WIDTH
}

/// Cuts the rows' second lines to the list's width when the window is resized or rows are
/// drawn anew. From the window's width, known before this frame's layout (the laid-out list
/// lags a frame, and an idle window draws no second one).
fn fit_row_details(
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    added: Query<(), Added<RowDetail>>,
    mut last: Local<f32>,
    mut rows: Query<(&RowDetail, &mut Text)>,
) {
    let width = list_width(window.width());
    if width <= 0.0 || (width == *last && added.is_empty()) {
        return;
    }
    *last = width;
    for (detail, mut text) in &mut rows {
        let fitted = fitted_detail(&detail.0, width);
        if text.0 != fitted {
            text.0 = fitted;
        }
    }
}

/// Height of one line of the list, and the gap between lines (fixed, so the selected line's
/// place is known without waiting for layout).
const ROW_HEIGHT: f32 = 58.0;
const ROW_GAP: f32 = 4.0;
const ROW_STRIDE: f32 = ROW_HEIGHT + ROW_GAP;
/// Pixels one notch of the wheel scrolls.
const WHEEL_LINE: f32 = ROW_STRIDE;
/// Height of the title art.
const BANNER_HEIGHT: f32 = 190.0;
/// Side of a map square in the title art.
const ART_TILE: f32 = 34.0;

/// The tint of the title art's tiles.
const ART_SHADE: Color = Color::srgb(0.42, 0.42, 0.48);
const GOLD: Color = Color::srgb(0.95, 0.8, 0.45);
const DIM: Color = Color::srgb(0.68, 0.7, 0.76);

#[derive(Component)]
struct MenuList;

#[derive(Component)]
struct DetailText;

#[derive(Component)]
struct ButtonBar;

#[derive(Component)]
struct MenuRow(usize);

/// A button under the details: `None` opens the selected line (Play, Open, Load).
#[derive(Component)]
struct TitleButton(Option<Choice>);

fn build_main_menu(mut menu: ResMut<TitleMenu>, scenarios: Res<ScenarioDir>, data: Res<DataDir>) {
    menu.show(main_menu(&scenarios.0, data.0.as_deref()));
    menu.chosen = None;
}

fn spawn_title_screen(
    mut commands: Commands,
    images: Option<Res<crate::gui::look::tiles::GuiImages>>,
    layouts: Option<ResMut<Assets<TextureAtlasLayout>>>,
) {
    let root = commands
        .spawn((
            Name::new("Title screen"),
            DespawnOnExit(Screen::Title),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                ..default()
            },
            BackgroundColor(Color::srgb(0.07, 0.08, 0.11)),
        ))
        .id();
    let banner = commands
        .spawn((
            Name::new("Title art"),
            Node {
                width: Val::Percent(100.0),
                height: Val::Px(BANNER_HEIGHT),
                flex_shrink: 0.0,
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(Color::srgb(0.12, 0.12, 0.14)),
            ChildOf(root),
        ))
        .id();
    if let (Some(images), Some(mut layouts)) = (images, layouts) {
        spawn_title_art(&mut commands, banner, &images, &mut layouts);
    }
    commands.spawn((
        Name::new("Title"),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(40.0),
            bottom: Val::Px(24.0),
            flex_direction: FlexDirection::Column,
            ..default()
        },
        ChildOf(banner),
        children![
            (
                Text::new("fivefoot"),
                TextFont::from_font_size(76.0),
                TextColor(GOLD),
                TextShadow::default(),
            ),
            (
                Text::new("Tactical skirmishes on the d20 grid, played by the rules as written"),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.9, 0.9, 0.92)),
                TextShadow::default(),
            ),
        ],
    ));
    let body = commands
        .spawn((
            Name::new("Title body"),
            Node {
                flex_grow: 1.0,
                flex_basis: Val::Px(0.0),
                min_height: Val::Px(0.0),
                padding: UiRect::axes(Val::Px(BODY_PADDING), Val::Px(18.0)),
                column_gap: Val::Px(BODY_GAP),
                ..default()
            },
            ChildOf(root),
        ))
        .id();
    commands.spawn((
        Name::new("Menu"),
        MenuList,
        Node {
            flex_grow: 1.0,
            flex_basis: Val::Px(0.0),
            min_width: Val::Px(0.0),
            min_height: Val::Px(0.0),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(ROW_GAP),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition::default(),
        ChildOf(body),
    ));
    let side = commands
        .spawn((
            Name::new("Title side panel"),
            Node {
                width: Val::Px(SIDE_WIDTH),
                flex_shrink: 0.0,
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                row_gap: Val::Px(12.0),
                overflow: Overflow::clip(),
                ..default()
            },
            ChildOf(body),
        ))
        .id();
    let details = commands
        .spawn((
            Name::new("Details box"),
            Node {
                flex_grow: 1.0,
                min_height: Val::Px(0.0),
                padding: UiRect::all(Val::Px(14.0)),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(Color::srgb(0.1, 0.11, 0.15)),
            ChildOf(side),
        ))
        .id();
    commands.spawn((
        Name::new("Details"),
        DetailText,
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(0.88, 0.88, 0.9)),
        Node {
            max_width: Val::Px(330.0),
            ..default()
        },
        ChildOf(details),
    ));
    commands.spawn((
        Name::new("Title buttons"),
        ButtonBar,
        Node {
            flex_direction: FlexDirection::Column,
            flex_shrink: 0.0,
            row_gap: Val::Px(8.0),
            ..default()
        },
        ChildOf(side),
    ));
    commands.spawn((
        Name::new("Keys"),
        Text::new("Up/Down or the wheel: choose · Enter: open · Esc: back · Ctrl+Q: quit · in battle: Esc menu, Ctrl+Z undo, Ctrl+S save"),
        TextFont::from_font_size(13.0),
        TextColor(DIM),
        Node {
            margin: UiRect::new(Val::Px(28.0), Val::Px(28.0), Val::Px(0.0), Val::Px(10.0)),
            ..default()
        },
        ChildOf(root),
    ));
}

/// The title art: the built-in scenario's map drawn with the game's own terrain tiles and
/// side-coloured tokens, repeated across the banner and shaded so the title reads on it.
fn spawn_title_art(
    commands: &mut Commands,
    banner: Entity,
    images: &crate::gui::look::tiles::GuiImages,
    layouts: &mut Assets<TextureAtlasLayout>,
) {
    use crate::gui::look::tiles::TerrainTile;
    let Ok(spec) = crate::scenario::load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()) else {
        return;
    };
    let layout = layouts.add(TextureAtlasLayout::from_grid(UVec2::splat(64), 8, 1, None, None));
    let (width, height) = (spec.map.width() as i32, spec.map.height() as i32);
    // Enough squares for a wide window; the banner clips the rest.
    let (columns, rows): (i32, i32) = (64, (BANNER_HEIGHT / ART_TILE).ceil() as i32 + 1);
    let tiles = commands
        .spawn((
            Name::new("Title art tiles"),
            Node {
                position_type: PositionType::Absolute,
                left: Val::Px(-ART_TILE / 2.0),
                top: Val::Px(-ART_TILE / 3.0),
                flex_direction: FlexDirection::Column,
                ..default()
            },
            ChildOf(banner),
        ))
        .id();
    for y in 0..rows {
        let row = commands.spawn((Node::default(), ChildOf(tiles))).id();
        for x in 0..columns {
            let square = crate::grid::Square::new(x.rem_euclid(width), y.rem_euclid(height));
            let tile = spec.map.cell(square).map_or(TerrainTile::Floor, TerrainTile::of);
            commands.spawn((
                ImageNode::from_atlas_image(
                    images.terrain.clone(),
                    TextureAtlas {
                        layout: layout.clone(),
                        index: tile.index() as usize,
                    },
                )
                // Dimmed, so the title reads on it.
                .with_color(ART_SHADE),
                Node {
                    width: Val::Px(ART_TILE),
                    height: Val::Px(ART_TILE),
                    ..default()
                },
                ChildOf(row),
            ));
        }
    }
    // The scenario's units on every copy of its map.
    for copy in 0..(columns / width + 1) {
        for unit in &spec.units {
            let colour = spec
                .sides
                .iter()
                .find(|s| s.id == unit.side)
                .map_or(Color::WHITE, |s| Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]));
            let at = unit.placement.at;
            let x = (copy * width + at.x) as f32 * ART_TILE - ART_TILE / 2.0;
            let y = at.y as f32 * ART_TILE - ART_TILE / 3.0;
            commands.spawn((
                Name::new("Title art token"),
                ImageNode::new(images.token.clone()).with_color(colour.mix(&ART_SHADE, 0.3)),
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Px(x + 3.0),
                    top: Val::Px(y + 3.0),
                    width: Val::Px(ART_TILE - 6.0),
                    height: Val::Px(ART_TILE - 6.0),
                    ..default()
                },
                ChildOf(banner),
            ));
        }
    }
}

/// A badge's colour: the tutorial stands out, an invalid file is red, families are calm.
fn badge_colour(badge: &str) -> Color {
    match badge {
        "Tutorial" => Color::srgb(0.75, 0.55, 0.12),
        "invalid" => Color::srgb(0.6, 0.2, 0.18),
        _ => Color::srgb(0.22, 0.32, 0.42),
    }
}

/// The text of the side panel for the selected entry: its name, marks and full description,
/// or the message of a failed open, or an invalid file's problems.
pub fn detail_text(menu: &TitleMenu) -> String {
    if !menu.message.is_empty() {
        return menu.message.clone();
    }
    let Some(entry) = menu.entries.get(menu.selected) else {
        return String::new();
    };
    if let Some(problems) = &entry.problems {
        return format!("This scenario cannot be played:\n{problems}");
    }
    let mut text = entry.label.clone();
    if !entry.badges.is_empty() {
        text.push_str(&format!("\n{}", entry.badges.join(" · ")));
    }
    if !entry.detail.is_empty() {
        text.push_str(&format!("\n\n{}", entry.detail));
    }
    text
}

/// The label of the button that opens the selected line: Play for a battle, Load for a
/// save, Open otherwise.
pub fn open_label(menu: &TitleMenu) -> &'static str {
    match menu.entries.get(menu.selected).and_then(|e| e.choice.as_ref()) {
        Some(Choice::Default | Choice::Scenario(_)) => "Play",
        Some(Choice::Resume(_)) => "Resume",
        Some(Choice::Save(_)) => "Load",
        _ => "Open",
    }
}

fn draw_menu(
    mut commands: Commands,
    menu: Res<TitleMenu>,
    list: Single<Entity, With<MenuList>>,
    bar: Single<Entity, With<ButtonBar>>,
    mut details: Single<&mut Text, With<DetailText>>,
) {
    commands.entity(*list).despawn_related::<Children>();
    commands.entity(*list).with_children(|list| {
        for i in menu.rows() {
            let entry = &menu.entries[i];
            let selected = i == menu.selected;
            let background = if selected {
                Color::srgb(0.2, 0.29, 0.44)
            } else {
                Color::srgb(0.11, 0.12, 0.16)
            };
            let label = if entry.choice.is_none() && entry.problems.is_some() {
                Color::srgb(1.0, 0.55, 0.45)
            } else {
                Color::WHITE
            };
            list.spawn((
                Name::new(format!("Menu row {}", entry.label)),
                MenuRow(i),
                Button,
                Node {
                    flex_direction: FlexDirection::Column,
                    justify_content: JustifyContent::Center,
                    padding: UiRect::axes(Val::Px(14.0), Val::Px(6.0)),
                    height: Val::Px(ROW_HEIGHT),
                    flex_shrink: 0.0,
                    overflow: Overflow::clip(),
                    border: UiRect::left(Val::Px(4.0)),
                    ..default()
                },
                BorderColor::all(if selected { GOLD } else { Color::NONE }),
                BackgroundColor(background),
            ))
            .with_children(|row| {
                row.spawn(Node {
                    column_gap: Val::Px(8.0),
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|line| {
                    line.spawn((
                        Text::new(entry.label.clone()),
                        TextFont::from_font_size(19.0),
                        TextColor(label),
                        TextLayout::no_wrap(),
                    ));
                    for badge in &entry.badges {
                        line.spawn((
                            Node {
                                padding: UiRect::axes(Val::Px(6.0), Val::Px(1.0)),
                                ..default()
                            },
                            BackgroundColor(badge_colour(badge)),
                            children![(
                                Text::new(badge.clone()),
                                TextFont::from_font_size(12.0),
                                TextColor(Color::WHITE),
                            )],
                        ));
                    }
                });
                row.spawn((
                    Text::new(entry.detail.clone()),
                    RowDetail(entry.detail.clone()),
                    TextFont::from_font_size(DETAIL_FONT),
                    TextColor(DIM),
                    TextLayout::no_wrap(),
                ));
            });
        }
    });
    commands.entity(*bar).despawn_related::<Children>();
    commands.entity(*bar).with_children(|bar| {
        let mut buttons = vec![(open_label(&menu).to_string(), None, true)];
        buttons.extend(
            menu.entries
                .iter()
                .filter(|e| e.is_button())
                .map(|e| (button_label(e), e.choice.clone(), false)),
        );
        for (label, choice, primary) in buttons {
            let background = if primary {
                Color::srgb(0.62, 0.45, 0.12)
            } else {
                Color::srgb(0.17, 0.2, 0.27)
            };
            bar.spawn((
                Name::new(format!("Title button {label}")),
                TitleButton(choice),
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(16.0), Val::Px(9.0)),
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                BackgroundColor(background),
                children![(
                    Text::new(label),
                    TextFont::from_font_size(if primary { 22.0 } else { 17.0 }),
                    TextColor(Color::WHITE),
                )],
            ));
        }
    });
    details.0 = detail_text(&menu);
}

/// A button's words: the entry's label, "Load save…" read as "Load".
fn button_label(entry: &crate::gui::screens::title_menu::MenuEntry) -> String {
    match entry.choice {
        Some(Choice::Saves) => "Load".to_string(),
        _ => entry.label.clone(),
    }
}

/// The scroll offset that shows line `row` (of the list's lines) whole in a `viewport` this
/// high, moving as little as possible from `current`.
pub fn scroll_to_show(current: f32, row: usize, viewport: f32) -> f32 {
    let top = row as f32 * ROW_STRIDE;
    let bottom = top + ROW_HEIGHT;
    if top < current || viewport <= ROW_HEIGHT {
        top
    } else if bottom > current + viewport {
        bottom - viewport
    } else {
        current
    }
}

/// The scroll offset after the wheel turned by `lines` notches (positive: towards the top),
/// kept between the top and the last line's end.
pub fn scroll_by_wheel(current: f32, lines: f32, rows: usize, viewport: f32) -> f32 {
    let content = (rows as f32 * ROW_STRIDE - ROW_GAP).max(0.0);
    (current - lines * WHEEL_LINE).clamp(0.0, (content - viewport).max(0.0))
}

/// The list's visible height in logical pixels (zero before the first layout).
fn viewport_height(node: &ComputedNode) -> f32 {
    node.size.y * node.inverse_scale_factor()
}

fn keep_selected_in_view(menu: Res<TitleMenu>, mut list: Single<(&mut ScrollPosition, &ComputedNode), With<MenuList>>) {
    let Some(row) = menu.rows().iter().position(|&i| i == menu.selected) else {
        return;
    };
    let viewport = viewport_height(list.1);
    if viewport <= 0.0 {
        return;
    }
    let y = scroll_to_show(list.0.y, row, viewport);
    if y != list.0.y {
        list.0.y = y;
    }
}

fn scroll_with_wheel(
    wheel: Option<Res<AccumulatedMouseScroll>>,
    menu: Res<TitleMenu>,
    mut list: Single<(&mut ScrollPosition, &ComputedNode), With<MenuList>>,
) {
    let Some(wheel) = wheel.filter(|w| w.delta.y != 0.0) else {
        return;
    };
    let lines = match wheel.unit {
        MouseScrollUnit::Line => wheel.delta.y,
        MouseScrollUnit::Pixel => wheel.delta.y / WHEEL_LINE,
    };
    let viewport = viewport_height(list.1);
    list.0.y = scroll_by_wheel(list.0.y, lines, menu.rows().len(), viewport);
}

fn menu_keys(keys: Res<ButtonInput<KeyCode>>, mut menu: ResMut<TitleMenu>) {
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::KeyS]) {
        menu.step(1);
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::KeyW]) {
        menu.step(-1);
    }
    if keys.just_pressed(KeyCode::PageDown) {
        menu.step(5);
    }
    if keys.just_pressed(KeyCode::PageUp) {
        menu.step(-5);
    }
    if keys.just_pressed(KeyCode::Home) {
        let first = menu.rows().first().copied();
        if let Some(first) = first {
            menu.selected = first;
        }
    }
    if keys.just_pressed(KeyCode::End) {
        let last = menu.rows().last().copied();
        if let Some(last) = last {
            menu.selected = last;
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        menu.activate();
    }
    if keys.just_pressed(KeyCode::Escape) {
        menu.press(&Choice::Back);
    }
}

fn menu_mouse(
    rows: Query<(&Interaction, &MenuRow), Changed<Interaction>>,
    buttons: Query<(&Interaction, &TitleButton), Changed<Interaction>>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    mut menu: ResMut<TitleMenu>,
) {
    // A line under a resting pointer (the list redrawn under it) does not take the selection
    // from the keys; a moving one does.
    let moving = motion.is_some_and(|m| m.delta != Vec2::ZERO);
    for (interaction, row) in &rows {
        match interaction {
            Interaction::Hovered if moving && menu.selected != row.0 => {
                menu.selected = row.0;
                menu.message.clear();
            }
            Interaction::Pressed => {
                menu.selected = row.0;
                menu.activate();
            }
            _ => {}
        }
    }
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            match &button.0 {
                Some(choice) => menu.press(choice),
                None => menu.activate(),
            }
        }
    }
}

/// Opens the chosen entry: a battle goes on screen, a failure is shown in the menu.
fn open_choice(world: &mut World) {
    let Some(choice) = world.resource_mut::<TitleMenu>().chosen.take() else {
        return;
    };
    let data = world.resource::<DataDir>().0.clone();
    if let Some(opened) = open_editor_choice(world, &choice, data.as_deref()) {
        if let Err(why) = opened {
            world.resource_mut::<TitleMenu>().message = why;
        }
        return;
    }
    match choice {
        // A scenario is played through the setup step (who plays each side).
        Choice::Default | Choice::Scenario(_) => {
            let source = match &choice {
                Choice::Scenario(path) => ScenarioSource::file(path),
                _ => Ok(ScenarioSource::built_in()),
            };
            if let Err(why) = play_scenario(world, source) {
                world.resource_mut::<TitleMenu>().message = format!("Cannot open it:\n{why}");
            }
        }
        Choice::Resume(path) | Choice::Save(path) => match load_save(&path) {
            Ok(battle) => open_session(world, battle),
            Err(why) => world.resource_mut::<TitleMenu>().message = format!("Cannot open it:\n{why}"),
        },
        Choice::Saves => {
            world.resource_mut::<TitleMenu>().show(saves_menu(data.as_deref()));
        }
        Choice::Back => {
            let scenarios = world.resource::<ScenarioDir>().0.clone();
            world
                .resource_mut::<TitleMenu>()
                .show(main_menu(&scenarios, data.as_deref()));
        }
        Choice::Quit => {
            world.write_message(AppExit::Success);
        }
        Choice::Editor | Choice::EditorNew(_) | Choice::EditorOpen(_) | Choice::EditorRestore(_) => {
            unreachable!("opened by open_editor_choice")
        }
    }
}

/// On the title screen a play test is over (its editor document is kept in the autosave when
/// it had unsaved edits); the data directory is the player's again before the menu lists it.
fn end_play_test_on_title(world: &mut World) {
    end_play_test(world);
}

/// Puts a battle whose sides are settled on screen: the setup step's Start and the end
/// screen's Play again (the same sides again). The title's scenarios go through the setup
/// step first (`setup::play_scenario`).
pub fn play(world: &mut World, battle: Battle) {
    open_session(world, battle);
}

/// Opens an editor choice (`None` for the other choices): the editor page, a document in the
/// editor, or why not. Each editing session autosaves to its own file, so opening one never
/// touches another's unsaved work.
fn open_editor_choice(world: &mut World, choice: &Choice, data: Option<&Path>) -> Option<Result<(), String>> {
    let doc = match choice {
        Choice::Editor => {
            let scenarios = world.resource::<ScenarioDir>().0.clone();
            world.resource_mut::<TitleMenu>().show(editor_menu(&scenarios, data));
            return Some(Ok(()));
        }
        Choice::EditorNew(family) => {
            let (_, width, height) = crate::editor::NEW_SCENARIO;
            crate::editor::EditorDoc::blank(family, width, height)
        }
        Choice::EditorOpen(path) => match crate::editor::EditorDoc::open(path) {
            Ok(doc) => doc,
            Err(d) => {
                let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
                return Some(Err(format!("Cannot open it:\n{}", lines.join("\n"))));
            }
        },
        Choice::EditorRestore(file) => {
            return Some(
                crate::gui::editor::restore_autosave(world, file).map_err(|why| format!("Cannot restore it:\n{why}")),
            );
        }
        _ => return None,
    };
    crate::gui::editor::open_editor(world, doc);
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::screens::title_menu::tests::{shipped, temp_dir};
    use crate::gui::state::session::Session;
    use bevy::state::app::StatesPlugin;
    use std::path::PathBuf;

    /// Issue #18: a row's second line is cut with "…" to the list's width at 1024 px, so it
    /// is never clipped mid-word at the right; a short one is kept whole.
    #[test]
    fn a_rows_second_line_is_cut_to_the_lists_width() {
        let long = "Relay Crew vs Scavengers · 14×8 · Two crew members clear goblin scavengers and their boss";
        // The list at 1024 px: the window less the body's padding, the gap and the side panel.
        let list = list_width(1024.0);
        assert_eq!(list, 1024.0 - 2.0 * 28.0 - 24.0 - 360.0);
        let cut = fitted_detail(long, list);
        assert!(
            cut.ends_with('…') && cut.chars().count() < long.chars().count(),
            "{cut}"
        );
        let px = cut.chars().count() as f32 * DETAIL_FONT * crate::gui::look::font::UI_EM;
        assert!(px <= list - ROW_INSET, "{px} px in {list}");
        assert_eq!(fitted_detail("Short", list), "Short");
    }

    fn title_app(data: Option<PathBuf>) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(data));
        app.insert_resource(ScenarioDir(PathBuf::from("no-such-folder")));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_message::<AppExit>();
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins((plugin, crate::gui::screens::setup::plugin));
        app.update();
        app
    }

    fn choose(app: &mut App, choice: Choice) {
        app.world_mut().resource_mut::<TitleMenu>().chosen = Some(choice);
        app.update();
        app.update();
    }

    #[test]
    fn a_new_scenario_opens_the_editor_and_leaves_other_editor_work_alone() {
        let data = temp_dir("editor-new");
        let autosave = crate::gui::editor::autosave::autosave_path(&data, "earlier");
        std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
        std::fs::write(&autosave, crate::editor::EditorDoc::blank("saga", 5, 5).to_ron()).unwrap();
        let mut app = title_app(Some(data.clone()));
        choose(&mut app, Choice::EditorNew("d20_srd".into()));
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
        let session = app.world().resource::<crate::gui::editor::session::EditorSession>();
        assert_eq!(session.doc().file.ruleset, "d20_srd");
        assert!(autosave.exists(), "the earlier session's work is kept");
        let status = &app.world().resource::<crate::gui::editor::session::EditorStatus>().0;
        assert!(status.contains("earlier editor sessions"), "{status}");
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn a_scenario_file_and_the_autosave_open_in_the_editor() {
        let data = temp_dir("editor-open");
        let mut app = title_app(Some(data.clone()));
        let file = shipped().join("saga_hangar.ron");
        choose(&mut app, Choice::EditorOpen(file.clone()));
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
        let session = app.world().resource::<crate::gui::editor::session::EditorSession>();
        assert_eq!(session.doc().path.as_ref(), Some(&file));
        assert!(!session.unsaved());

        let mut doc = crate::editor::EditorDoc::blank("starfinder", 4, 3);
        doc.file.name = "Kept".into();
        let mut kept = crate::gui::editor::session::EditorSession::new(doc);
        kept.restored = true;
        crate::gui::editor::files::write_autosave(&data, &kept).unwrap();
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
        app.update();
        let file = crate::gui::editor::autosave::autosave_path(&data, &kept.autosave_id);
        choose(&mut app, Choice::EditorRestore(file));
        let session = app.world().resource::<crate::gui::editor::session::EditorSession>();
        assert_eq!(session.doc().file.name, "Kept");
        assert!(session.unsaved(), "restored work is not saved anywhere yet");
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn choosing_the_default_opens_the_battle_screen() {
        let mut app = title_app(None);
        assert_eq!(
            app.world().resource::<TitleMenu>().entries.len(),
            3,
            "default, Editor, Quit"
        );
        crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
        app.update();
        // Through the setup step (who plays each side), whose Start is selected: Enter again.
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Setup);
        crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Battle);
        assert!(app.world().get_resource::<Session>().is_some());
    }

    /// Issue #18 item 3: the list scrolls so every line can be reached: keys move the
    /// selection and the view follows it; the wheel scrolls within the list's length.
    #[test]
    fn every_line_is_reachable_by_keys_and_the_wheel_stays_within_the_list() {
        let mut menu = TitleMenu::default();
        menu.show(main_menu(&shipped(), None));
        let rows = menu.rows();
        assert!(
            rows.len() > 5,
            "more scenarios than the view below holds: {}",
            rows.len()
        );
        assert!(rows.iter().all(|&i| !menu.entries[i].is_button()));
        assert_eq!(menu.selected, rows[0]);
        let viewport = 4.5 * ROW_STRIDE;
        let mut scroll = 0.0;
        let mut seen = Vec::new();
        for _ in 0..rows.len() {
            seen.push(menu.selected);
            let row = rows.iter().position(|&i| i == menu.selected).expect("a line");
            scroll = scroll_to_show(scroll, row, viewport);
            let top = row as f32 * ROW_STRIDE;
            assert!(
                top >= scroll && top + ROW_HEIGHT <= scroll + viewport,
                "line {row} in view"
            );
            menu.step(1);
        }
        assert_eq!(seen, rows, "Down visits every line once");
        assert_eq!(menu.selected, rows[0], "and wraps to the first");
        menu.step(-1);
        assert_eq!(menu.selected, *rows.last().unwrap(), "Up wraps to the last");

        let end = rows.len() as f32 * ROW_STRIDE - ROW_GAP - viewport;
        assert_eq!(
            scroll_by_wheel(0.0, 2.0, rows.len(), viewport),
            0.0,
            "not above the top"
        );
        assert_eq!(scroll_by_wheel(0.0, -1.0, rows.len(), viewport), WHEEL_LINE);
        assert_eq!(
            scroll_by_wheel(0.0, -1000.0, rows.len(), viewport),
            end,
            "not past the end"
        );
        assert_eq!(
            scroll_by_wheel(0.0, -3.0, 2, viewport),
            0.0,
            "a short list does not scroll"
        );
    }

    /// Issue #18 item 8: the list marks the tutorial and each scenario's family; the side
    /// panel reads the selected one; the buttons are Play, Editor, Load and Quit.
    #[test]
    fn the_title_marks_the_tutorial_and_families_and_offers_play_editor_load_quit() {
        let data = temp_dir("title-buttons");
        let mut menu = TitleMenu::default();
        menu.show(main_menu(&shipped(), Some(&data)));
        let first = &menu.entries[menu.selected];
        assert_eq!(first.badges, vec!["Tutorial".to_string(), "Starfinder".to_string()]);
        assert!(
            menu.rows().iter().skip(1).all(
                |&i| menu.entries[i].badges.len() == 1 && !menu.entries[i].badges.contains(&"Tutorial".to_string())
            ),
            "one family badge on every other scenario"
        );
        let families: std::collections::BTreeSet<&String> =
            menu.rows().iter().flat_map(|&i| &menu.entries[i].badges).collect();
        assert!(families.len() >= 5, "the tutorial and four families: {families:?}");
        assert_eq!(open_label(&menu), "Play");
        let text = detail_text(&menu);
        assert!(
            text.starts_with("Ambush at the Relay\nTutorial · Starfinder\n\n"),
            "{text}"
        );
        let buttons: Vec<String> = menu
            .entries
            .iter()
            .filter(|e| e.is_button())
            .map(button_label)
            .collect();
        assert_eq!(buttons, ["Editor", "Load", "Quit"]);
        menu.press(&Choice::Quit);
        assert_eq!(menu.chosen, Some(Choice::Quit));
        std::fs::remove_dir_all(&data).unwrap();
    }
}

//! What the studio and `vaultwright render` draw. Every drawable item keeps
//! the span of the source that produced it, so hovering a tile can name its
//! line and moving the cursor can highlight its tiles.
//!
//! Cells and markers also carry the position the source writes (`source_xy`:
//! a NetHack map part's `(x,y)`, a DCSS vault map's `(column,row)`). Glyphs
//! and colours are the games' own (`Rgb::TTY`, the sixteen terminal
//! colours); what the game picks at random is never drawn as one particular
//! thing: a placeholder glyph (`◆` monster, `◇` object) in
//! `Rgb::PLACEHOLDER`, or a class glyph in `Rgb::RANDOM_PICK`, and
//! `Marker::pick` says which.

use serde::{Deserialize, Serialize};

use crate::source::Span;

mod legend;
pub use legend::{LegendEntry, LegendLayer};

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    // The sixteen colours of a text terminal, in the order of the games'
    // colour numbers (NetHack's CLR_*, DCSS's BLACK..WHITE) and of the SGR
    // codes 30–37 / 90–97. The values follow the IBM PC text palette the
    // games were designed on; blue is lifted a little so that it stays
    // readable on a black background.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const RED: Rgb = Rgb(170, 0, 0);
    pub const GREEN: Rgb = Rgb(0, 170, 0);
    /// Dark yellow: NetHack's CLR_BROWN, DCSS's BROWN.
    pub const BROWN: Rgb = Rgb(170, 85, 0);
    pub const BLUE: Rgb = Rgb(40, 60, 210);
    pub const MAGENTA: Rgb = Rgb(170, 0, 170);
    pub const CYAN: Rgb = Rgb(0, 170, 170);
    /// Light grey: the default foreground (NetHack's CLR_GRAY, DCSS's LIGHTGREY).
    pub const GRAY: Rgb = Rgb(170, 170, 170);
    /// Bright black (NetHack's NO_COLOR slot, DCSS's DARKGREY).
    pub const DARK_GRAY: Rgb = Rgb(85, 85, 85);
    /// Bright red: NetHack calls this slot CLR_ORANGE and a terminal shows
    /// it as bright red (DCSS's LIGHTRED).
    pub const ORANGE: Rgb = Rgb(255, 85, 85);
    /// The same slot by its other name (DCSS's LIGHTRED).
    pub const BRIGHT_RED: Rgb = Rgb::ORANGE;
    pub const BRIGHT_GREEN: Rgb = Rgb(85, 255, 85);
    pub const YELLOW: Rgb = Rgb(255, 255, 85);
    pub const BRIGHT_BLUE: Rgb = Rgb(85, 85, 255);
    pub const BRIGHT_MAGENTA: Rgb = Rgb(255, 85, 255);
    pub const BRIGHT_CYAN: Rgb = Rgb(85, 255, 255);
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// The sixteen terminal colours by colour number.
    pub const TTY: [Rgb; 16] = [
        Rgb::BLACK,
        Rgb::RED,
        Rgb::GREEN,
        Rgb::BROWN,
        Rgb::BLUE,
        Rgb::MAGENTA,
        Rgb::CYAN,
        Rgb::GRAY,
        Rgb::DARK_GRAY,
        Rgb::ORANGE,
        Rgb::BRIGHT_GREEN,
        Rgb::YELLOW,
        Rgb::BRIGHT_BLUE,
        Rgb::BRIGHT_MAGENTA,
        Rgb::BRIGHT_CYAN,
        Rgb::WHITE,
    ];

    // Two colours outside the terminal palette, so that no game could
    // have drawn them: what the game picks at random is never mistaken for
    // one particular monster, object or trap.
    /// Something of a fixed class whose kind the game picks.
    pub const RANDOM_PICK: Rgb = Rgb(215, 175, 255);
    /// A placeholder for something entirely random (any class).
    pub const PLACEHOLDER: Rgb = Rgb(200, 200, 200);
    /// The ground of a walkable cell no entrance reaches.
    pub const CUT_OFF: Rgb = Rgb(110, 24, 24);

    /// The terminal colour number of a palette colour, `None` for any
    /// other colour.
    pub fn tty_index(self) -> Option<u8> {
        Rgb::TTY.iter().position(|&c| c == self).map(|i| i as u8)
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Placeholder glyph of an entirely random monster: no game draws it.
pub const ANY_MONSTER_GLYPH: char = '◆';
/// Placeholder glyph of an entirely random object or item.
pub const ANY_OBJECT_GLYPH: char = '◇';
/// A named monster the view cannot draw as the game does (no glyph table
/// for it): the label carries the source's words.
pub const MONSTER_SLOT_GLYPH: char = '◈';
/// A named item the view cannot draw as the game does.
pub const ITEM_SLOT_GLYPH: char = '▣';

/// One view of one outline item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum View {
    TileMap(TileMap),
    RoomLayout(RoomLayout),
    BranchGraph(BranchGraph),
    EntityTable(EntityTable),
    Binary(BinaryDump),
}

/// A compiled output read back: its bytes, and the fields they hold, each
/// tied to the statement that wrote it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BinaryDump {
    /// The output's file name (`castle.lev`).
    pub file: String,
    pub bytes: Vec<u8>,
    pub fields: Vec<BinaryField>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BinaryField {
    pub offset: u32,
    pub len: u32,
    /// The record and field: `room 1 / monster 0 / x`.
    pub label: String,
    pub value: String,
    pub meaning: Option<String>,
    /// The statement that wrote it; `None` for what no one statement wrote
    /// (a count, the version header).
    pub origin: Option<Span>,
}

/// The kinds of view, as a document remembers and a link carries which
/// one is shown: one list, with the short name each is stored under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ViewKind {
    #[default]
    Map,
    Rooms,
    Graph,
    Roll,
    Table,
    Binary,
}

impl ViewKind {
    pub const ALL: [ViewKind; 6] = [
        ViewKind::Map,
        ViewKind::Rooms,
        ViewKind::Graph,
        ViewKind::Roll,
        ViewKind::Table,
        ViewKind::Binary,
    ];

    /// The short name stored with a document and written in links.
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Map => "map",
            ViewKind::Rooms => "rooms",
            ViewKind::Graph => "graph",
            ViewKind::Roll => "roll",
            ViewKind::Table => "table",
            ViewKind::Binary => "binary",
        }
    }

    /// What the view bar calls it.
    pub fn title(self) -> &'static str {
        match self {
            ViewKind::Map => "tile map",
            ViewKind::Rooms => "room layout",
            ViewKind::Graph => "branch graph",
            ViewKind::Roll => "rolled layout",
            ViewKind::Table => "entity table",
            ViewKind::Binary => "binary",
        }
    }

    pub fn from_name(name: &str) -> Option<ViewKind> {
        ViewKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether it is drawn as a picture (a canvas or an SVG) that can be
    /// exported as one.
    pub fn is_picture(self) -> bool {
        !matches!(self, ViewKind::Table | ViewKind::Binary)
    }
}

impl Serialize for ViewKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Read leniently: a name this version does not know (a newer studio's
/// view, a damaged store) is the map, never a document or link refused.
impl<'de> Deserialize<'de> for ViewKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = std::borrow::Cow::<str>::deserialize(d)?;
        Ok(ViewKind::from_name(&name).unwrap_or_default())
    }
}

impl View {
    pub fn kind(&self) -> ViewKind {
        match self {
            View::TileMap(_) => ViewKind::Map,
            View::RoomLayout(_) => ViewKind::Rooms,
            View::BranchGraph(g) if g.roll.is_some() => ViewKind::Roll,
            View::BranchGraph(_) => ViewKind::Graph,
            View::EntityTable(_) => ViewKind::Table,
            View::Binary(_) => ViewKind::Binary,
        }
    }

    /// Whether the seed changes what this view shows (random placements,
    /// a realisation of random transforms, a rolled dungeon layout), so
    /// that a seed control is offered only where it does something.
    pub fn uses_seed(&self) -> bool {
        match self {
            View::TileMap(m) => {
                m.markers.iter().any(|k| k.random) || m.notes.iter().any(|n| n.contains("seed"))
            }
            View::RoomLayout(l) => {
                l.rooms.iter().any(|r| {
                    r.random
                        || r.doors.iter().any(|d| d.random)
                        || r.contents.iter().any(|m| m.random)
                }) || l.corridors.iter().any(|c| c.random)
            }
            View::BranchGraph(g) => g.roll.is_some(),
            View::EntityTable(_) | View::Binary(_) => false,
        }
    }
}

/// A grid of glyphs with overlays.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TileMap {
    pub width: u32,
    pub height: u32,
    /// Row-major, `width * height` cells.
    pub cells: Vec<Cell>,
    /// Things placed on top of the terrain, drawn in order.
    pub markers: Vec<Marker>,
    /// Rectangles worth outlining (map parts, regions).
    #[serde(default)]
    pub areas: Vec<Area>,
    /// Free-form remarks about how the view was made (e.g. "random fill").
    #[serde(default)]
    pub notes: Vec<String>,
    /// Lines between cells that act together (a DCSS primary marker and
    /// its replicas).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// What the level's program did in the realisation drawn (a 3.6
    /// level is run to be drawn), for the editor.
    #[serde(default, skip_serializing_if = "RunTrace::is_empty")]
    pub trace: RunTrace,
}

/// What a program did in one run, tied to its source: the editor dims
/// what never ran, shows counts beside loops and values over variables,
/// and the map outlines a selection's cells when the cursor is on it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunTrace {
    /// Source the run never reached: branches and cases not taken,
    /// statements after an exit.
    pub unrun: Vec<Span>,
    /// A remark for the end of the line where its span starts (how many
    /// times a loop ran).
    pub hints: Vec<SourceNote>,
    /// Hover text of a variable where it is written.
    pub values: Vec<SourceNote>,
    /// The cells each selection expression gave.
    pub selections: Vec<SelectionCells>,
}

impl RunTrace {
    pub fn is_empty(&self) -> bool {
        self.unrun.is_empty()
            && self.hints.is_empty()
            && self.values.is_empty()
            && self.selections.is_empty()
    }
}

/// Text about a span of the source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceNote {
    pub span: Span,
    pub text: String,
}

/// The cells a selection expression gave in the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SelectionCells {
    pub origin: Span,
    pub cells: Vec<(i32, i32)>,
}

/// A line from one cell to another, with what ties them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Link {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub label: String,
    pub origin: Span,
}

impl TileMap {
    pub fn new(width: u32, height: u32, fill: Cell) -> TileMap {
        TileMap {
            width,
            height,
            cells: vec![fill; (width * height) as usize],
            markers: Vec::new(),
            areas: Vec::new(),
            notes: Vec::new(),
            links: Vec::new(),
            trace: RunTrace::default(),
        }
    }

    pub fn cell(&self, x: u32, y: u32) -> Option<&Cell> {
        if x < self.width && y < self.height {
            self.cells.get((y * self.width + x) as usize)
        } else {
            None
        }
    }

    pub fn cell_mut(&mut self, x: i64, y: i64) -> Option<&mut Cell> {
        if x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
            self.cells
                .get_mut((y as u32 * self.width + x as u32) as usize)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    pub glyph: char,
    pub fg: Rgb,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bg: Option<Rgb>,
    /// What the cell is, in words ("room floor", "moat", "stone").
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Span>,
    /// The cell's position as the source writes it, when the source has a
    /// grid of its own: `(x, y)` inside a NetHack map part, `(column, row)`
    /// of a DCSS vault map (both 0-based, as the games count them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_xy: Option<(i32, i32)>,
}

impl Cell {
    pub fn blank() -> Cell {
        Cell {
            glyph: ' ',
            fg: Rgb::GRAY,
            bg: None,
            kind: "stone".into(),
            origin: None,
            source_xy: None,
        }
    }
}

/// What the game chooses at random in the thing a marker stands for (its
/// position being random is `Marker::random`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// Anything of its sort: any monster, any object, any trap. Drawn as a
    /// placeholder that no game draws, in `Rgb::PLACEHOLDER`.
    Any,
    /// The class is fixed (a NetHack class letter), the kind in it is the
    /// game's pick. Drawn as the class glyph in `Rgb::RANDOM_PICK`.
    InClass,
    /// One of several alternatives the source lists (a DCSS slot
    /// `a / b`); drawn as the first alternative.
    OneOf,
}

impl Pick {
    pub fn words(self) -> &'static str {
        match self {
            Pick::Any => "anything of its sort, chosen by the game",
            Pick::InClass => "class fixed, kind chosen by the game",
            Pick::OneOf => "one of the listed alternatives, chosen by the game",
        }
    }
}

/// How one thing is drawn: what the format modules work out for a cell or
/// a marker before placing it.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    pub glyph: char,
    pub fg: Rgb,
    /// What it stands for, in words (becomes `Marker::what`).
    pub what: String,
    pub pick: Option<Pick>,
}

impl Look {
    /// Something entirely random, drawn as a placeholder no game draws.
    pub fn placeholder(glyph: char, what: impl Into<String>) -> Look {
        Look {
            glyph,
            fg: Rgb::PLACEHOLDER,
            what: what.into(),
            pick: Some(Pick::Any),
        }
    }
}

/// Something drawn over a cell: a monster, an object, a trap, a door …
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    pub x: i32,
    pub y: i32,
    pub glyph: char,
    pub fg: Rgb,
    /// Category: "monster", "object", "trap", "door", "stair", …
    pub kind: String,
    /// Human description: what it is, its state, and where the source puts
    /// it ("soldier, asleep · at (08,06) in the map part · level (17,9)").
    pub label: String,
    /// True when the position is chosen at random by the game; `x`, `y`
    /// then hold one example position.
    #[serde(default)]
    pub random: bool,
    pub origin: Span,
    /// What it stands for, without state or position ("red dragon",
    /// "random monster (any class)"); markers that share glyph, colour,
    /// kind and `what` share a legend entry. Empty in old data.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub what: String,
    /// The position as the source writes it (see `Cell::source_xy`);
    /// `None` when the source gives none (random positions, whole-level
    /// coordinates).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_xy: Option<(i32, i32)>,
    /// `Some` when the game picks what this is at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<Pick>,
}

/// An outlined rectangle (inclusive corners).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Area {
    pub x1: i32,
    pub y1: i32,
    pub x2: i32,
    pub y2: i32,
    pub kind: String,
    pub label: String,
    pub origin: Span,
}

/// Rooms and corridors of a room-and-corridor level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RoomLayout {
    pub width: u32,
    pub height: u32,
    pub rooms: Vec<Room>,
    pub corridors: Vec<Corridor>,
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Room {
    /// Interior rectangle in level coordinates.
    pub rect: Rect,
    pub kind: String,
    /// `Some(true)` lit, `Some(false)` unlit, `None` random.
    pub lit: Option<bool>,
    pub name: Option<String>,
    /// Index of the parent room for subrooms.
    pub parent: Option<usize>,
    /// True when position or size was chosen by the example placement.
    pub random: bool,
    pub doors: Vec<Door>,
    /// Contents (monsters, objects, …) as markers in level coordinates.
    pub contents: Vec<Marker>,
    pub origin: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Door {
    pub x: i32,
    pub y: i32,
    pub state: String,
    pub random: bool,
    pub origin: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Corridor {
    pub from: usize,
    /// `None` for a corridor to a random place ("nxcor").
    pub to: Option<usize>,
    /// Polyline in level coordinates.
    pub points: Vec<(i32, i32)>,
    pub random: bool,
    pub origin: Span,
}

/// Dungeons as columns of levels, and the branches between them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BranchGraph {
    /// `Some(seed)` for one concrete rolled layout (absolute depths);
    /// `None` for the possible ranges.
    #[serde(default)]
    pub roll: Option<u64>,
    pub dungeons: Vec<DungeonNode>,
    pub branches: Vec<BranchEdge>,
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DungeonNode {
    pub name: String,
    /// Depth range the dungeon spans (first, last), as far as known.
    pub depth_range: (i32, i32),
    pub levels: Vec<LevelNode>,
    #[serde(default)]
    pub detail: String,
    pub origin: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelNode {
    pub name: String,
    /// Possible placement (first, last) inside its dungeon, 1-based.
    pub depth_range: (i32, i32),
    #[serde(default)]
    pub detail: String,
    pub origin: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BranchEdge {
    /// Index into `dungeons`.
    pub from: usize,
    pub to: usize,
    /// "stair", "no_up", "no_down", "portal".
    pub kind: String,
    /// "up" or "down".
    pub dir: String,
    pub depth_range: (i32, i32),
    pub origin: Span,
}

/// Rows of named entities with fields (monster or object descriptions).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EntityTable {
    pub columns: Vec<String>,
    pub rows: Vec<Entity>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub name: String,
    pub fields: Vec<(String, String)>,
    pub dice: Vec<Dice>,
    pub origin: Span,
}

/// `base + count d sides`, with its exact distribution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    pub field: String,
    pub base: i64,
    pub count: u32,
    pub sides: u32,
    pub min: i64,
    pub max: i64,
    pub mean: f64,
    /// Probability of each value from `min` to `max` (when `exact`), or of
    /// equal-width buckets from `min` to `max` (a normal approximation for
    /// dice too large to convolve).
    pub distribution: Vec<f64>,
    #[serde(default = "yes")]
    pub exact: bool,
}

fn yes() -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marker(random: bool) -> Marker {
        Marker {
            x: 0,
            y: 0,
            glyph: 'd',
            fg: Rgb::RED,
            kind: "monster".into(),
            label: "jackal".into(),
            random,
            origin: Span::new(0, 1),
            what: "jackal".into(),
            source_xy: None,
            pick: None,
        }
    }

    #[test]
    fn a_seed_matters_only_where_something_is_chosen_at_random() {
        let mut m = TileMap::new(2, 2, Cell::blank());
        m.markers.push(marker(false));
        assert!(!View::TileMap(m.clone()).uses_seed());
        m.markers.push(marker(true));
        assert!(View::TileMap(m).uses_seed());
        let fixed = BranchGraph::default();
        assert!(!View::BranchGraph(fixed.clone()).uses_seed());
        let rolled = BranchGraph {
            roll: Some(3),
            ..fixed
        };
        assert!(View::BranchGraph(rolled).uses_seed());
        assert!(!View::EntityTable(EntityTable::default()).uses_seed());
    }
}

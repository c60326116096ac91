//! The syntax tree of a `lev_comp` source: levels, each a header and a flat
//! list of statements in source order. Values of keywords are already the
//! numbers the original's lexer gives them; names (monsters, objects, traps,
//! room types) stay strings until the checker looks them up.

use vaultwright_model::source::Span;

#[derive(Clone, Debug, Default)]
pub struct File {
    pub levels: Vec<Level>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelKind {
    Maze,
    Room,
}

#[derive(Clone, Debug)]
pub struct Level {
    pub kind: LevelKind,
    pub name: Text,
    /// `MAZE:"x", c`: the filling character, `None` for `random`.
    pub filling: Option<(u8, Span)>,
    /// Line of the header's colon (for the original's messages).
    pub line: u32,
    pub flags: Option<Stmt>,
    pub init: Option<Stmt>,
    pub messages: Vec<Stmt>,
    pub body: Vec<Stmt>,
    pub span: Span,
    /// True when a syntax error occurred inside this level.
    pub broken: bool,
}

/// A string literal without its quotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoordKind {
    At(i32, i32),
    Random,
    /// `place[n]`
    Place(i32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub kind: CoordKind,
    pub span: Span,
    /// The original's line counter at the closing parenthesis.
    pub line: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect4 {
    pub x1: i32,
    pub y1: i32,
    pub x2: i32,
    pub y2: i32,
    pub span: Span,
}

/// A level region: map-relative `(x1,y1,x2,y2)` or `levregion(...)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevRegion {
    pub rect: Rect4,
    pub absolute: bool,
}

/// A monster or object class: a character, `random` or a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Char(u8),
    Random,
    Register(i32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassSpec {
    pub class: Class,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Value(i32),
    Random,
    Register(i32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MonInfo {
    Name(Text),
    Attitude(i32),
    Alertness(i32),
    Align(Align, Span),
    Appear(i32, Text),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrSpec {
    pub room: i32,
    pub wall: i32,
    pub door: i32,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorrDest {
    Room(CorrSpec),
    /// `CORRIDOR: spec, n`
    Nxcor(i32),
}

/// `INIT_MAP: fg, bg, smoothed, joined, lit, walled`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InitMap {
    pub fg: u8,
    pub bg: u8,
    pub smoothed: i32,
    pub joined: i32,
    pub lit: i32,
    pub walled: i32,
}

/// `OBJECT:` (or `CONTAINER:`) with what it is, where, and its details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectStmt {
    pub container: bool,
    pub chance: Option<(i32, Span, u32)>,
    pub class: ClassSpec,
    pub name: Option<Text>,
    /// `None` for `contained`.
    pub coord: Option<Coord>,
    pub curse: Option<i32>,
    pub monster: Option<Text>,
    /// `None` for `random` or absent.
    pub spe: Option<i32>,
    pub oname: Option<Text>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    Flags(i32),
    InitMap(InitMap),
    Message(Text),
    /// `NOMAP` (no geometry, no map) or `GEOMETRY:h,v` + `MAP`…`ENDMAP`.
    MapPart {
        geometry: Option<(i32, i32)>,
        map: Option<usize>,
    },
    RandomObjects(Vec<ClassSpec>),
    RandomMonsters(Vec<ClassSpec>),
    RandomPlaces(Vec<Coord>),
    Monster {
        chance: Option<(i32, Span, u32)>,
        class: ClassSpec,
        name: Option<Text>,
        coord: Coord,
        infos: Vec<MonInfo>,
    },
    Object(ObjectStmt),
    Door {
        state: i32,
        coord: Coord,
    },
    RoomDoor {
        secret: i32,
        state: i32,
        wall: i32,
        pos: i32,
    },
    Trap {
        chance: Option<(i32, Span, u32)>,
        /// `None` for `random`.
        name: Option<Text>,
        coord: Coord,
    },
    Drawbridge {
        coord: Coord,
        dir: i32,
        state: i32,
    },
    Mazewalk {
        coord: Coord,
        dir: i32,
    },
    Wallify,
    Region {
        rect: Rect4,
        lit: i32,
        rtype: Option<Text>,
        /// `(unfilled, irregular)` flags as given.
        prefilled: i32,
    },
    Altar {
        coord: Coord,
        align: Align,
        atype: i32,
    },
    Ladder {
        coord: Coord,
        up: i32,
    },
    Stair {
        coord: Coord,
        up: i32,
    },
    StairRegion {
        area: LevRegion,
        avoid: LevRegion,
        up: i32,
    },
    Portal {
        area: LevRegion,
        avoid: LevRegion,
        dest: Text,
    },
    TeleportRegion {
        area: LevRegion,
        avoid: LevRegion,
        /// -1 both, 0 down, 1 up.
        dir: i32,
    },
    BranchRegion {
        area: LevRegion,
        avoid: LevRegion,
    },
    Fountain(Coord),
    Sink(Coord),
    Pool(Coord),
    NonDiggable(Rect4),
    NonPasswall(Rect4),
    Gold {
        amount: i32,
        coord: Coord,
    },
    Engraving {
        coord: Coord,
        etype: i32,
        text: Text,
    },
    Room {
        rtype: Option<Text>,
        lit: i32,
        /// `None` for `random`.
        pos: Option<(i32, i32)>,
        align: Option<(i32, i32)>,
        size: Option<(i32, i32)>,
        filled: i32,
    },
    Subroom {
        rtype: Option<Text>,
        lit: i32,
        pos: Option<(i32, i32)>,
        size: Option<(i32, i32)>,
        parent: Text,
        filled: i32,
    },
    Name(Text),
    Chance(i32),
    RandomCorridors,
    /// What the original did of a statement it could not finish: the
    /// actions of the parts it had reduced before a syntax error in the
    /// statement (or right after it, for a statement whose end the original
    /// only sees from the next token).
    Partial(Vec<Piece>),
    Corridor {
        src: CorrSpec,
        dest: CorrDest,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    /// The whole statement.
    pub span: Span,
    /// The keyword.
    pub kw_span: Span,
    /// The original's line for messages about this statement (the line of
    /// its colon, or of its keyword when it has none).
    pub line: u32,
}

/// A part of a statement whose action the original runs as soon as it is
/// read, before the statement is complete: the checks that still happen
/// when a syntax error stops the statement. Lines are the original's
/// (the line of the last colon read when the action runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// `[N%]`
    Chance(i32, Span, u32),
    /// A monster class (a statement's, or one of `RANDOM_MONSTERS`).
    MonsterClass(ClassSpec, u32),
    /// An object class (a statement's, or one of `RANDOM_OBJECTS`).
    ObjectClass(ClassSpec, u32),
    /// A coordinate or `place[n]` (its range or register check).
    Coord(Coord),
    /// A `RANDOM_PLACES` element added to the list (the original adds it
    /// once it has read the comma after it).
    PlaceAdded(Coord),
    /// A room type string (unknown: a warning).
    RoomType(Text, u32),
    /// `ROOM`'s position.
    RoomPos(i32, i32, Span, u32),
    /// `SUBROOM`'s position.
    SubroomPos(i32, i32, Span, u32),
    /// A corridor end's room number.
    CorrRoom(i32, Span, u32),
    /// A region, map-relative or `levregion(...)`.
    Region(LevRegion, u32),
    /// A trap name.
    TrapName(Text, u32),
    /// `align[n]`
    AlignRegister(i32, Span, u32),
    /// `MONSTER`'s action after its coordinate: the wall check outside
    /// rooms, then the name lookup.
    MonsterHead {
        class: ClassSpec,
        name: Option<Text>,
        coord: Coord,
        line: u32,
    },
    /// `OBJECT`'s action after its name: the name lookup.
    ObjectName {
        class: ClassSpec,
        name: Text,
        line: u32,
    },
    /// An object's coordinate read as its position (the wall check).
    ObjectAt(Coord, u32),
}

//! Lowering levels to views: a `TileMap` for maze levels (each map part
//! placed in the 80×21 level by its GEOMETRY, with markers for everything
//! placed on it) and a `RoomLayout` for room-and-corridor levels (fixed
//! rooms where the game puts them, random ones by a seeded example
//! placement). Everything keeps the span of the statement that made it.

use super::ast::*;
use super::dialect::Dialect;
use super::lexer::{Lexed, MapBlock};
use super::look;
use crate::nethack_common::join;
use crate::rng::Rng;
use vaultwright_model::source::Span;
use vaultwright_model::view::*;
use vaultwright_model::Options;

const COLNO: i32 = crate::nethack_common::COLNO as i32;
const ROWNO: i32 = crate::nethack_common::ROWNO as i32;

pub fn detail(level: &Level, lexed: &Lexed) -> String {
    let parts = level
        .body
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::MapPart { .. }))
        .count();
    let rooms = level
        .body
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Room { .. } | StmtKind::Subroom { .. }))
        .count();
    let mut out = match level.kind {
        LevelKind::Maze => {
            let sizes: Vec<String> = level
                .body
                .iter()
                .filter_map(|s| match s.kind {
                    StmtKind::MapPart { map: Some(m), .. } => {
                        let m = &lexed.maps[m];
                        let w = m.rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
                        Some(format!("{}x{}", w, m.rows.len()))
                    }
                    StmtKind::MapPart { map: None, .. } => Some("NOMAP".into()),
                    _ => None,
                })
                .collect();
            format!("{parts} part(s): {}", sizes.join(", "))
        }
        LevelKind::Room => format!("{rooms} room(s)"),
    };
    if level.init.is_some() {
        out.push_str(", INIT_MAP");
    }
    out
}

/// A terrain cell of a map character; `horizontal` tells a secret door
/// which wall it poses as.
fn cell(c: u8, horizontal: bool, origin: Option<Span>, source_xy: Option<(i32, i32)>) -> Cell {
    let (glyph, fg, kind) = look::terrain(c, horizontal);
    Cell {
        glyph,
        fg,
        bg: None,
        kind: kind.into(),
        origin,
        source_xy,
    }
}

/// True when the map character at `x` of a row has a horizontal wall
/// beside it: a secret door there poses as a horizontal wall.
fn beside_hwall(row: &[u8], x: usize) -> bool {
    let left = x.checked_sub(1).and_then(|l| row.get(l));
    let right = row.get(x + 1);
    [left, right].into_iter().flatten().any(|&c| c == b'-')
}

pub fn view(level: &Level, lexed: &Lexed, options: &Options) -> View {
    match level.kind {
        LevelKind::Maze => View::TileMap(maze_view(level, lexed, options)),
        LevelKind::Room => View::RoomLayout(room_view(level, options)),
    }
}

/// What a statement puts at one coordinate: where, how it looks, its
/// category, and its state in words (", asleep", " named \"x\"").
struct Placed<'a> {
    coord: &'a Coord,
    look: Look,
    kind: &'static str,
    details: String,
}

/// `in_hwall` tells whether a coordinate is in a horizontal wall (an open
/// door is drawn across its wall).
fn marker_of<'a>(
    stmt: &'a Stmt,
    d: &Dialect,
    regs: &look::Registers,
    in_hwall: &dyn Fn(&Coord) -> bool,
) -> Option<Placed<'a>> {
    let placed = |coord, look, kind, details| Placed {
        coord,
        look,
        kind,
        details,
    };
    Some(match &stmt.kind {
        StmtKind::Monster {
            class,
            name,
            infos,
            coord,
            ..
        } => {
            let look = look::monster(d, class.class, text(name), regs);
            let mut details = String::new();
            for info in infos {
                match info {
                    MonInfo::Name(t) => details.push_str(&format!(" named \"{}\"", t.text)),
                    MonInfo::Attitude(v) => {
                        details.push_str(if *v != 0 { ", peaceful" } else { ", hostile" })
                    }
                    MonInfo::Alertness(v) => {
                        details.push_str(if *v != 0 { ", asleep" } else { ", awake" })
                    }
                    MonInfo::Appear(_, t) => {
                        details.push_str(&format!(", disguised as \"{}\"", t.text))
                    }
                    MonInfo::Align(..) => {}
                }
            }
            placed(coord, look, "monster", details)
        }
        StmtKind::Object(ObjectStmt {
            class,
            name,
            coord: Some(coord),
            container,
            monster,
            oname,
            ..
        }) => {
            let look = look::object(d, class.class, text(name), regs);
            let mut details = String::new();
            if let Some(m) = monster {
                details.push_str(&format!(" of {}", m.text));
            }
            if let Some(n) = oname {
                details.push_str(&format!(" named \"{}\"", n.text));
            }
            if *container {
                details.push_str(", holding the contained objects after it");
            }
            placed(coord, look, "object", details)
        }
        StmtKind::Trap { name, coord, .. } => {
            placed(coord, look::trap(d, text(name)), "trap", String::new())
        }
        StmtKind::Door { state, coord } => {
            let look = look::door(*state, in_hwall(coord));
            placed(coord, look, "door", String::new())
        }
        StmtKind::Drawbridge { coord, state, .. } => {
            placed(coord, look::drawbridge(*state), "drawbridge", String::new())
        }
        StmtKind::Stair { coord, up } => {
            placed(coord, look::stair(*up != 0), "stair", String::new())
        }
        StmtKind::Ladder { coord, up } => {
            placed(coord, look::ladder(*up != 0), "ladder", String::new())
        }
        StmtKind::Altar {
            coord,
            align,
            atype,
        } => {
            let details = format!(" ({}, {})", alignment(align), altar_type(*atype));
            placed(coord, look::altar(), "altar", details)
        }
        StmtKind::Fountain(coord) => placed(coord, look::fountain(), "fountain", String::new()),
        StmtKind::Sink(coord) => placed(coord, look::sink(), "sink", String::new()),
        StmtKind::Pool(coord) => placed(coord, look::pool(), "pool", String::new()),
        StmtKind::Gold { amount, coord } => {
            let details = if *amount < 0 {
                " (random amount)".to_string()
            } else {
                format!(" ({amount} pieces)")
            };
            placed(coord, look::gold(), "gold", details)
        }
        StmtKind::Engraving { coord, text, .. } => {
            let details = format!(" \"{}\"", text.text);
            placed(coord, look::engraving(), "engraving", details)
        }
        StmtKind::Mazewalk { coord, .. } => {
            placed(coord, look::mazewalk(), "mazewalk", String::new())
        }
        _ => return None,
    })
}

/// The classes of the level's RANDOM_MONSTERS and RANDOM_OBJECTS (the
/// last list of each, as the game keeps).
fn registers(level: &Level) -> look::Registers {
    let chars = |list: &[ClassSpec]| {
        list.iter()
            .filter_map(|c| match c.class {
                Class::Char(ch) => Some(ch),
                _ => None,
            })
            .collect()
    };
    let mut regs = look::Registers::default();
    for stmt in &level.body {
        match &stmt.kind {
            StmtKind::RandomMonsters(list) => regs.monsters = chars(list),
            StmtKind::RandomObjects(list) => regs.objects = chars(list),
            _ => {}
        }
    }
    regs
}

fn text(n: &Option<Text>) -> Option<&str> {
    n.as_ref().map(|t| t.text.as_str())
}

fn alignment(a: &Align) -> String {
    match a {
        Align::Value(0) => "unaligned".into(),
        Align::Value(4) => "lawful".into(),
        Align::Value(2) => "neutral".into(),
        Align::Value(1) => "chaotic".into(),
        Align::Value(3) => "co-aligned".into(),
        Align::Value(7) => "cross-aligned".into(),
        Align::Value(_) | Align::Random => "random alignment".into(),
        Align::Register(n) => format!("alignment align[{n}]"),
    }
}

fn altar_type(t: i32) -> &'static str {
    match t {
        1 => "shrine",
        2 => "sanctum",
        0 => "plain",
        _ => "random type",
    }
}

/// What a statement's coordinates are relative to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Level,
    MapPart,
    Room,
}

impl Scope {
    fn words(self) -> &'static str {
        match self {
            Scope::Level => "on the level",
            Scope::MapPart => "in the map part",
            Scope::Room => "in the room",
        }
    }
}

/// Where markers of a statement go: the origin and size, in level
/// coordinates, of the level, the current map part or a room's interior.
#[derive(Clone, Copy)]
struct Frame {
    ox: i32,
    oy: i32,
    w: i32,
    h: i32,
    scope: Scope,
}

impl Frame {
    const LEVEL: Frame = Frame {
        ox: 0,
        oy: 0,
        w: COLNO,
        h: ROWNO,
        scope: Scope::Level,
    };

    /// A room's interior: rooms place their contents relative to it.
    fn room(rect: &Rect) -> Frame {
        Frame {
            ox: rect.x,
            oy: rect.y,
            w: rect.w,
            h: rect.h,
            scope: Scope::Room,
        }
    }

    /// The level position of a coordinate (an example one for random
    /// positions) and the words saying where the source puts it.
    fn place(&self, c: &Coord, rng: &mut Rng) -> Where {
        let scope = self.scope.words();
        match c.kind {
            CoordKind::At(x, y) => {
                let (lx, ly) = (self.ox + sane(x), self.oy + sane(y));
                let words = match self.scope {
                    Scope::Level => format!("at ({x:02},{y:02}) {scope}"),
                    _ => format!("at ({x:02},{y:02}) {scope} · level ({lx},{ly})"),
                };
                Where {
                    x: lx,
                    y: ly,
                    source_xy: Some((x, y)),
                    random: false,
                    words,
                }
            }
            kind => {
                let lx = self.ox + rng.range(0, (self.w - 1).max(0));
                let ly = self.oy + rng.range(0, (self.h - 1).max(0));
                let how = match kind {
                    CoordKind::Place(n) => format!("at place[{n}] (one of RANDOM_PLACES)"),
                    _ => format!("at a random place {scope}"),
                };
                Where {
                    x: lx,
                    y: ly,
                    source_xy: None,
                    random: true,
                    words: format!("{how} · level ({lx},{ly}) as an example"),
                }
            }
        }
    }
}

struct Where {
    x: i32,
    y: i32,
    source_xy: Option<(i32, i32)>,
    random: bool,
    words: String,
}

fn marker(p: Placed, at: Where, origin: Span) -> Marker {
    Marker {
        x: at.x,
        y: at.y,
        glyph: p.look.glyph,
        fg: p.look.fg,
        kind: p.kind.into(),
        label: format!("{}{} · {}", p.look.what, p.details, at.words),
        random: at.random,
        origin,
        what: p.look.what,
        source_xy: at.source_xy,
        pick: p.look.pick,
    }
}

/// A number from the source as the views compute with it. The level is
/// 80×21, so anything past ±4096 is off the map either way; the clamp keeps
/// the arithmetic that places things from overflowing on hostile numbers
/// (the words shown keep the number as written).
fn sane(v: i32) -> i32 {
    v.clamp(-4096, 4096)
}

/// True when the level cell at a coordinate has a horizontal wall beside
/// it (random coordinates: false).
fn in_hwall(map: &TileMap, frame: &Frame, c: &Coord) -> bool {
    let CoordKind::At(x, y) = c.kind else {
        return false;
    };
    let (x, y) = (frame.ox + sane(x), frame.oy + sane(y));
    [x - 1, x + 1].into_iter().any(|nx| {
        u32::try_from(nx)
            .ok()
            .zip(u32::try_from(y).ok())
            .and_then(|(nx, ny)| map.cell(nx, ny))
            .is_some_and(|c| c.glyph == '-' && c.kind == "wall")
    })
}

fn maze_view(level: &Level, lexed: &Lexed, options: &Options) -> TileMap {
    let dialect = Dialect::for_target(options.target);
    let regs = registers(level);
    let mut rng = Rng::new(options.seed);
    let fill = match (&level.init, level.filling) {
        (
            Some(Stmt {
                kind: StmtKind::InitMap(InitMap { fg, .. }),
                span,
                ..
            }),
            _,
        ) => cell(*fg, false, Some(*span), None),
        (None, Some((c, span))) => cell(c, false, Some(span), None),
        _ => Cell::blank(),
    };
    let mut map = TileMap::new(COLNO as u32, ROWNO as u32, fill);
    if level.init.is_some() {
        map.notes.push(
            "INIT_MAP: the game generates a random cave here; shown as its foreground".into(),
        );
    } else if level.filling.is_none() {
        map.notes
            .push("random fill: the game picks the filling; shown as stone".into());
    }
    let x_maze_max = (COLNO - 1) - (COLNO - 1) % 2;
    let y_maze_max = (ROWNO - 1) - (ROWNO - 1) % 2;
    // Where the current part lies.
    let mut frame = Frame::LEVEL;
    for stmt in &level.body {
        let span = stmt.span;
        let (ox, oy) = (frame.ox, frame.oy);
        match &stmt.kind {
            StmtKind::MapPart { geometry, map: m } => match (geometry, m) {
                (Some((ha, va)), Some(mi)) => {
                    let block = &lexed.maps[*mi];
                    let xsize = block.rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0) as i32;
                    let ysize = block.rows.len() as i32;
                    let mut xstart = match ha {
                        1 => 3,
                        2 => 2 + (x_maze_max - 2 - xsize) / 4,
                        3 => 2 + (x_maze_max - 2 - xsize) / 2,
                        4 => 2 + (x_maze_max - 2 - xsize) * 3 / 4,
                        _ => x_maze_max - xsize - 1,
                    };
                    let mut ystart = match va {
                        1 => 3,
                        3 => 2 + (y_maze_max - 2 - ysize) / 2,
                        _ => y_maze_max - ysize - 1,
                    };
                    if xstart % 2 == 0 {
                        xstart += 1;
                    }
                    if ystart % 2 == 0 {
                        ystart += 1;
                    }
                    if ystart < 0 || ystart + ysize > ROWNO {
                        ystart = 0;
                    }
                    if xstart < 0 || xstart + xsize > COLNO {
                        xstart = 0;
                    }
                    frame = Frame {
                        ox: xstart,
                        oy: ystart,
                        w: xsize,
                        h: ysize,
                        scope: Scope::MapPart,
                    };
                    paint_part(&mut map, &frame, block);
                    let (w, h) = (frame.w, frame.h);
                    map.areas.push(Area {
                        x1: frame.ox,
                        y1: frame.oy,
                        x2: frame.ox + w - 1,
                        y2: frame.oy + h - 1,
                        kind: "map part".into(),
                        label: format!("map part {w}x{h}"),
                        origin: block.span,
                    });
                }
                _ => frame = Frame::LEVEL,
            },
            StmtKind::Region { rect, rtype, .. } => {
                let kind = rtype
                    .as_ref()
                    .map(|t| t.text.clone())
                    .unwrap_or_else(|| "random".into());
                map.areas.push(Area {
                    x1: ox + sane(rect.x1),
                    y1: oy + sane(rect.y1),
                    x2: ox + sane(rect.x2),
                    y2: oy + sane(rect.y2),
                    kind: "region".into(),
                    label: format!("region ({kind})"),
                    origin: span,
                });
            }
            StmtKind::NonDiggable(rect) | StmtKind::NonPasswall(rect) => {
                let label = if matches!(stmt.kind, StmtKind::NonDiggable(_)) {
                    "non-diggable"
                } else {
                    "non-passwall"
                };
                map.areas.push(Area {
                    x1: ox + sane(rect.x1),
                    y1: oy + sane(rect.y1),
                    x2: ox + sane(rect.x2),
                    y2: oy + sane(rect.y2),
                    kind: label.into(),
                    label: label.into(),
                    origin: span,
                });
            }
            StmtKind::StairRegion { area, .. }
            | StmtKind::Portal { area, .. }
            | StmtKind::TeleportRegion { area, .. }
            | StmtKind::BranchRegion { area, .. } => {
                let (dx, dy) = if area.absolute { (0, 0) } else { (ox, oy) };
                let label = match &stmt.kind {
                    StmtKind::StairRegion { up, .. } => {
                        if *up != 0 {
                            "up stairs region".to_string()
                        } else {
                            "down stairs region".to_string()
                        }
                    }
                    StmtKind::Portal { dest, .. } => format!("portal to {}", dest.text),
                    StmtKind::TeleportRegion { .. } => "teleport region".into(),
                    _ => "branch region".into(),
                };
                map.areas.push(Area {
                    x1: dx + sane(area.rect.x1),
                    y1: dy + sane(area.rect.y1),
                    x2: dx + sane(area.rect.x2),
                    y2: dy + sane(area.rect.y2),
                    kind: "level region".into(),
                    label,
                    origin: span,
                });
            }
            _ => {
                let hwall = |c: &Coord| in_hwall(&map, &frame, c);
                if let Some(p) = marker_of(stmt, dialect, &regs, &hwall) {
                    let at = frame.place(p.coord, &mut rng);
                    map.markers.push(marker(p, at, span));
                }
            }
        }
    }
    map
}

/// The cells of a map part, each with its position inside the part.
fn paint_part(map: &mut TileMap, frame: &Frame, block: &MapBlock) {
    for (ry, (_, row)) in block.rows.iter().enumerate() {
        for (rx, &c) in row.iter().enumerate() {
            let origin = block.cell_span(ry, rx);
            let (sx, sy) = (rx as i32, ry as i32);
            if let Some(cellref) = map.cell_mut((frame.ox + sx) as i64, (frame.oy + sy) as i64) {
                *cellref = cell(c, beside_hwall(row, rx), Some(origin), Some((sx, sy)));
            }
        }
    }
}

/// `RANDOM_CORRIDORS` as the game makes them (3.4.3 `makecorridors` after
/// `sort_rooms`): the top-level rooms sorted left to right, each joined to
/// the next (stopping early one time in fifty), then to the one after the
/// next when not yet connected, then anything still apart, then four or
/// more extra corridors that may end nowhere. Door places and the random
/// stop are this seed's example.
fn make_corridors(layout: &mut RoomLayout, rng: &mut Rng, origin: Span) {
    let mut order: Vec<usize> = (0..layout.rooms.len())
        .filter(|&i| layout.rooms[i].parent.is_none())
        .collect();
    vaultwright_model::sorting::sort_by_key(&mut order, |&i| layout.rooms[i].rect.x);
    let n = order.len();
    let mut j = Joiner {
        joined: (0..n).collect(),
        order,
        origin,
    };
    for a in 0..n.saturating_sub(1) {
        j.join(layout, rng, a, a + 1, false);
        if rng.range(0, 49) == 0 {
            break;
        }
    }
    for a in 0..n.saturating_sub(2) {
        if j.apart(a, a + 2) {
            j.join(layout, rng, a, a + 2, false);
        }
    }
    for a in 0..n {
        let mut any = false;
        for b in 0..n {
            if j.apart(a, b) {
                j.join(layout, rng, a, b, false);
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    if n > 2 {
        for _ in 0..rng.range(0, n as i32 - 1) + 4 {
            let a = rng.range(0, n as i32 - 1) as usize;
            let mut b = rng.range(0, n as i32 - 3) as usize;
            if b >= a {
                b += 2;
            }
            if b < n {
                j.join(layout, rng, a, b, true);
            }
        }
    }
}

/// The rooms in joining order and which of them are connected already
/// (the game's `smeq`).
struct Joiner {
    order: Vec<usize>,
    joined: Vec<usize>,
    origin: Span,
}

impl Joiner {
    fn apart(&self, a: usize, b: usize) -> bool {
        self.joined[a] != self.joined[b]
    }

    fn join(&mut self, layout: &mut RoomLayout, rng: &mut Rng, a: usize, b: usize, extra: bool) {
        join_rooms(
            layout,
            rng,
            self.order[a],
            self.order[b],
            extra,
            self.origin,
        );
        let (keep, gone) = (
            self.joined[a].min(self.joined[b]),
            self.joined[a].max(self.joined[b]),
        );
        for j in self.joined.iter_mut().filter(|j| **j == gone) {
            *j = keep;
        }
    }
}

/// One corridor as the game's `join` lays it: doors on the two walls that
/// face each other (right/left when the target lies wholly to the right,
/// top/bottom when wholly above, and so on), the corridor between the
/// squares outside them.
fn join_rooms(
    layout: &mut RoomLayout,
    rng: &mut Rng,
    a: usize,
    b: usize,
    extra: bool,
    origin: Span,
) {
    let floor = |r: &Rect| join::Floor {
        lx: r.x.into(),
        ly: r.y.into(),
        hx: i64::from(r.x) + i64::from(r.w) - 1,
        hy: i64::from(r.y) + i64::from(r.h) - 1,
    };
    let doors = join::doors(
        floor(&layout.rooms[a].rect),
        floor(&layout.rooms[b].rect),
        rng,
    );
    let narrow = |(x, y): (i64, i64)| {
        let n = |v: i64| i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX });
        (n(x), n(y))
    };
    let (cd, td, (dx, dy)) = (narrow(doors.from), narrow(doors.to), narrow(doors.step));
    let org = (cd.0 + dx, cd.1 + dy);
    let dest = (td.0 - dx, td.1 - dy);
    // Along the main direction half way, across, then on to the target.
    let points = if dx != 0 {
        let mid = (org.0 + dest.0) / 2;
        vec![cd, org, (mid, org.1), (mid, dest.1), dest, td]
    } else {
        let mid = (org.1 + dest.1) / 2;
        vec![cd, org, (org.0, mid), (dest.0, mid), dest, td]
    };
    for (room, (x, y)) in [(a, cd), (b, td)] {
        let doors = &mut layout.rooms[room].doors;
        if !doors.iter().any(|d| d.x == x && d.y == y) {
            doors.push(Door {
                x,
                y,
                state: "random".into(),
                random: true,
                origin,
            });
        }
    }
    layout.corridors.push(Corridor {
        from: a,
        to: Some(b),
        points,
        random: extra,
        origin,
    });
}

/// Where a room of a size lands in the level's 5×5 grid of cells, given
/// its cell and its alignment inside the cell.
fn grid_rect((gx, gy): (i32, i32), (ha, va): (i32, i32), (w, h): (i32, i32)) -> Rect {
    let (w, h) = (w.clamp(1, 76), h.clamp(1, 18));
    let cw = COLNO / 5;
    let ch = ROWNO / 5;
    let cx = (gx.clamp(1, 5) - 1) * cw;
    let cy = (gy.clamp(1, 5) - 1) * ch;
    let x = match ha {
        1 => cx + 1,
        2 => cx + (cw - w) / 4,
        3 => cx + (cw - w) / 2,
        4 => cx + (cw - w) * 3 / 4,
        _ => cx + cw - w - 1,
    }
    .clamp(1, COLNO - w - 2);
    let y = match va {
        1 => cy + 1,
        3 => cy + (ch - h) / 2,
        _ => cy + ch - h - 1,
    }
    .clamp(1, ROWNO - h - 2);
    Rect { x, y, w, h }
}

/// Whether a room (interior `r`) would touch a top-level room already
/// placed: walls included, and one cell between walls for a corridor.
fn clashes(r: &Rect, rooms: &[Room]) -> bool {
    rooms.iter().filter(|o| o.parent.is_none()).any(|o| {
        let o = &o.rect;
        r.x - 2 <= o.x + o.w + 1
            && o.x - 2 <= r.x + r.w + 1
            && r.y - 2 <= o.y + o.h + 1
            && o.y - 2 <= r.y + r.h + 1
    })
}

/// The first place, in reading order, where a room of this size clears
/// every room already placed.
fn free_spot(w: i32, h: i32, rooms: &[Room]) -> Option<Rect> {
    (1..=ROWNO - h - 2)
        .flat_map(|y| (1..=COLNO - w - 2).map(move |x| Rect { x, y, w, h }))
        .find(|r| !clashes(r, rooms))
}

fn door_state(s: i32) -> &'static str {
    match s {
        0 => "no door",
        1 => "broken",
        2 => "open",
        4 => "closed",
        8 => "locked",
        _ => "random state",
    }
}

fn room_view(level: &Level, options: &Options) -> RoomLayout {
    let dialect = Dialect::for_target(options.target);
    let regs = registers(level);
    let mut rng = Rng::new(options.seed);
    let mut layout = RoomLayout {
        width: COLNO as u32,
        height: ROWNO as u32,
        notes: vec!["positions of random rooms are one example placement for this seed".into()],
        ..RoomLayout::default()
    };
    let mut current: Option<usize> = None;
    for stmt in &level.body {
        match &stmt.kind {
            StmtKind::Room {
                rtype,
                lit,
                pos,
                align,
                size,
                ..
            } => {
                let random = pos.is_none() || size.is_none() || align.is_none();
                let mut roll = || {
                    let (w, h) = size.unwrap_or_else(|| (rng.range(3, 12), rng.range(2, 5)));
                    let grid = pos.unwrap_or_else(|| (rng.range(1, 5), rng.range(1, 5)));
                    let al = align
                        .unwrap_or_else(|| (rng.range(1, 5), [1, 3, 5][rng.range(0, 2) as usize]));
                    grid_rect(grid, al, (w, h))
                };
                // What the game chooses is re-chosen until it clears the
                // rooms already placed, as the game's own placement would;
                // a room written entirely by hand stays where it is written.
                let mut rect = roll();
                let mut tries = 0;
                while random && tries < 60 && clashes(&rect, &layout.rooms) {
                    rect = roll();
                    tries += 1;
                }
                if random && clashes(&rect, &layout.rooms) {
                    if let Some(free) = free_spot(rect.w, rect.h, &layout.rooms) {
                        rect = free;
                    }
                }
                let Rect { x, y, w, h } = rect;
                layout.rooms.push(Room {
                    rect: Rect { x, y, w, h },
                    kind: rtype
                        .as_ref()
                        .map(|t| t.text.clone())
                        .unwrap_or_else(|| "random".into()),
                    lit: (*lit >= 0).then_some(*lit != 0),
                    name: None,
                    parent: None,
                    random,
                    doors: Vec::new(),
                    contents: Vec::new(),
                    origin: stmt.span,
                });
                current = Some(layout.rooms.len() - 1);
            }
            StmtKind::Subroom {
                rtype,
                lit,
                pos,
                size,
                parent,
                ..
            } => {
                let pidx = layout
                    .rooms
                    .iter()
                    .position(|r| r.name.as_deref() == Some(parent.text.as_str()));
                let prect = pidx.map(|i| layout.rooms[i].rect.clone()).unwrap_or(Rect {
                    x: 1,
                    y: 1,
                    w: COLNO - 2,
                    h: ROWNO - 2,
                });
                let (w, h) = size.unwrap_or_else(|| (rng.range(1, 3), rng.range(1, 2)));
                let (w, h) = (sane(w), sane(h));
                let (px, py) = pos.map(|(x, y)| (sane(x), sane(y))).unwrap_or_else(|| {
                    (
                        rng.range(0, (prect.w - w).max(0)),
                        rng.range(0, (prect.h - h).max(0)),
                    )
                });
                layout.rooms.push(Room {
                    rect: Rect {
                        x: prect.x + px,
                        y: prect.y + py,
                        w,
                        h,
                    },
                    kind: rtype
                        .as_ref()
                        .map(|t| t.text.clone())
                        .unwrap_or_else(|| "random".into()),
                    lit: (*lit >= 0).then_some(*lit != 0),
                    name: None,
                    parent: pidx,
                    random: pos.is_none() || size.is_none(),
                    doors: Vec::new(),
                    contents: Vec::new(),
                    origin: stmt.span,
                });
                current = Some(layout.rooms.len() - 1);
            }
            StmtKind::Name(t) => {
                if let Some(r) = current.and_then(|i| layout.rooms.get_mut(i)) {
                    r.name = Some(t.text.clone());
                }
            }
            StmtKind::RoomDoor {
                state, wall, pos, ..
            } => {
                if let Some(r) = current.and_then(|i| layout.rooms.get_mut(i)) {
                    let wall = if *wall < 0 {
                        [1, 2, 4, 8][rng.range(0, 3) as usize]
                    } else {
                        *wall
                    };
                    let along = |n: i32, rng: &mut Rng| {
                        // A room of no width still has a door at its corner.
                        let last = (n - 1).max(0);
                        if *pos < 0 {
                            rng.range(0, last)
                        } else {
                            (*pos).clamp(0, last)
                        }
                    };
                    let (x, y) = match wall {
                        1 => (r.rect.x + along(r.rect.w, &mut rng), r.rect.y - 1),
                        2 => (r.rect.x + along(r.rect.w, &mut rng), r.rect.y + r.rect.h),
                        4 => (r.rect.x + r.rect.w, r.rect.y + along(r.rect.h, &mut rng)),
                        _ => (r.rect.x - 1, r.rect.y + along(r.rect.h, &mut rng)),
                    };
                    r.doors.push(Door {
                        x,
                        y,
                        state: door_state(*state).into(),
                        random: *pos < 0,
                        origin: stmt.span,
                    });
                }
            }
            StmtKind::Corridor { src, dest } => {
                let to = match dest {
                    CorrDest::Room(d) => Some(d.room.max(0) as usize),
                    CorrDest::Nxcor(_) => None,
                };
                let from = src.room.max(0) as usize;
                let center = |i: usize| {
                    layout
                        .rooms
                        .get(i)
                        .map(|r| (r.rect.x + r.rect.w / 2, r.rect.y + r.rect.h / 2))
                };
                let points = match (center(from), to.and_then(center)) {
                    (Some(a), Some(b)) => vec![a, (b.0, a.1), b],
                    (Some(a), None) => vec![a, (rng.range(1, COLNO - 2), rng.range(1, ROWNO - 2))],
                    _ => Vec::new(),
                };
                layout.corridors.push(Corridor {
                    from,
                    to,
                    points,
                    random: to.is_none(),
                    origin: stmt.span,
                });
            }
            StmtKind::RandomCorridors => make_corridors(&mut layout, &mut rng, stmt.span),
            _ => {
                let no_walls = |_: &Coord| false;
                let (Some(p), Some(r)) = (
                    marker_of(stmt, dialect, &regs, &no_walls),
                    current.and_then(|i| layout.rooms.get_mut(i)),
                ) else {
                    continue;
                };
                let at = Frame::room(&r.rect).place(p.coord, &mut rng);
                r.contents.push(marker(p, at, stmt.span));
            }
        }
    }
    layout
}

#[cfg(test)]
mod tests {
    /// The classic compiler's analysis (the language is the module's own).
    fn analyze(src: &str, _: Language, options: &Options) -> vaultwright_model::Analysis {
        crate::nethack::analyze(src, options)
    }
    use vaultwright_model::view::{Cell, Marker, Pick, Rgb, TileMap, View};
    use vaultwright_model::{Language, Options};

    /// A map part at the top left (the level's (3,3)) with a secret door
    /// in each wall direction and an open door in a horizontal wall.
    const LEVEL: &str = "MAZE:\"t\",' '
GEOMETRY:left,top
MAP
------------
|..........|
|..........S
|..........|
------S-----
|..........|
|..........|
|..........|
------------
ENDMAP
DOOR:open,(3,4)
MONSTER:'@',\"soldier\",(08,06),asleep
MONSTER:random,\"soldier\",(01,01)
OBJECT:'*',random,random
TRAP:\"magic portal\",(2,2)
";

    fn map(src: &str) -> TileMap {
        let a = analyze(src, Language::NethackDes, &Options::default());
        match a.views.into_iter().next().map(|v| v.view) {
            Some(View::TileMap(m)) => m,
            other => panic!("not a tile map: {other:?}"),
        }
    }

    /// The largest and smallest numbers the grammar reads, in every
    /// statement that places something, draw without overflowing (tests
    /// run with overflow checks on).
    #[test]
    fn extreme_numbers_draw_without_overflow() {
        for n in ["2147483647", "-2147483648", "99999999999"] {
            let maze = format!(
                "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n\
                 MONSTER:'D',\"red dragon\",({n},{n})\nOBJECT:'*',random,({n},1)\n\
                 TRAP:\"pit\",(1,{n})\nDOOR:open,({n},{n})\nFOUNTAIN:({n},0)\n\
                 REGION:({n},{n},{n},{n}),lit,\"ordinary\"\nNON_DIGGABLE:({n},0,{n},1)\n\
                 ENGRAVING:({n},{n}),engrave,\"x\"\nGOLD:{n},({n},{n})\n"
            );
            let rooms = format!(
                "LEVEL:\"r\"\nROOM:\"ordinary\",lit,({n},{n}),(left,top),({n},{n})\nNAME:\"a\"\n\
                 MONSTER:'D',\"red dragon\",({n},{n})\nROOMDOOR:false,closed,north,{n}\n\
                 SUBROOM:\"ordinary\",lit,({n},{n}),({n},{n}),\"a\"\n\
                 ROOM:\"ordinary\",random,random,random,random\nRANDOM_CORRIDORS\n"
            );
            for src in [maze, rooms] {
                for seed in 0..4 {
                    let options = Options {
                        seed,
                        ..Options::default()
                    };
                    let a = analyze(&src, Language::NethackDes, &options);
                    assert!(!a.views.is_empty(), "{n}: no view for {src}");
                }
            }
        }
    }

    /// RANDOM_CORRIDORS joins rooms left to right first, through doors on
    /// the walls that face each other.
    #[test]
    fn random_corridors_join_neighbours_through_facing_walls() {
        let src = "LEVEL:\"c\"\n\
                   ROOM:\"ordinary\",lit,(5,3),(left,center),(4,3)\n\
                   ROOM:\"ordinary\",lit,(1,3),(left,center),(4,3)\n\
                   ROOM:\"ordinary\",lit,(3,3),(left,center),(4,3)\n\
                   RANDOM_CORRIDORS\n";
        for seed in 0..20 {
            let options = Options {
                seed,
                ..Options::default()
            };
            let a = analyze(src, Language::NethackDes, &options);
            let Some(View::RoomLayout(l)) = a.views.into_iter().next().map(|v| v.view) else {
                panic!("not a room layout");
            };
            // Rooms 1, 2, 0 from left to right: the first joins are 1–2 and 2–0.
            let first: Vec<(usize, Option<usize>)> =
                l.corridors.iter().take(2).map(|c| (c.from, c.to)).collect();
            assert_eq!(first, vec![(1, Some(2)), (2, Some(0))], "seed {seed}");
            for c in l.corridors.iter().filter(|c| !c.random) {
                let (from, to) = (&l.rooms[c.from].rect, &l.rooms[c.to.unwrap_or(0)].rect);
                let start = c.points[0];
                let end = c.points[c.points.len() - 1];
                if to.x > from.x + from.w - 1 {
                    assert_eq!(
                        start.0,
                        from.x + from.w,
                        "seed {seed}: door on the right wall"
                    );
                    assert_eq!(
                        end.0,
                        to.x - 1,
                        "seed {seed}: door on the target's left wall"
                    );
                }
                assert!(l.rooms[c.from].doors.iter().any(|d| (d.x, d.y) == start));
            }
        }
    }

    /// Random rooms never overlap each other or a room placed by hand,
    /// for any seed (walls included, one cell left for a corridor).
    #[test]
    fn random_rooms_clear_each_other_and_fixed_rooms() {
        let mut src =
            String::from("LEVEL:\"r\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(11,3)\n");
        for _ in 0..7 {
            src.push_str("ROOM:\"ordinary\",random,random,random,random\n");
        }
        for seed in 0..40 {
            let options = Options {
                seed,
                ..Options::default()
            };
            let a = analyze(&src, Language::NethackDes, &options);
            let Some(View::RoomLayout(l)) = a.views.into_iter().next().map(|v| v.view) else {
                panic!("not a room layout");
            };
            assert_eq!(l.rooms.len(), 8);
            for (i, a) in l.rooms.iter().enumerate() {
                for b in &l.rooms[i + 1..] {
                    let (a, b) = (&a.rect, &b.rect);
                    let apart = a.x + a.w + 1 < b.x - 1
                        || b.x + b.w + 1 < a.x - 1
                        || a.y + a.h + 1 < b.y - 1
                        || b.y + b.h + 1 < a.y - 1;
                    assert!(apart, "seed {seed}: {a:?} and {b:?} overlap");
                }
            }
        }
    }

    fn cell(m: &TileMap, x: u32, y: u32) -> &Cell {
        m.cell(x, y).expect("cell")
    }

    fn marker<'m>(m: &'m TileMap, kind: &str, n: usize) -> &'m Marker {
        m.markers
            .iter()
            .filter(|mk| mk.kind == kind)
            .nth(n)
            .expect("marker")
    }

    #[test]
    fn markers_say_where_the_source_puts_them_and_where_the_level_has_them() {
        let m = map(LEVEL);
        let soldier = marker(&m, "monster", 0);
        assert_eq!((soldier.x, soldier.y), (11, 9));
        assert_eq!(soldier.source_xy, Some((8, 6)));
        assert_eq!((soldier.glyph, soldier.fg), ('@', Rgb::GRAY));
        assert_eq!(soldier.what, "soldier");
        assert_eq!(
            soldier.label,
            "soldier, asleep · at (08,06) in the map part · level (11,9)"
        );
        assert_eq!(soldier.pick, None);
        // A random class makes the compiler ignore the name: a random monster.
        let random = marker(&m, "monster", 1);
        assert_eq!((random.glyph, random.fg), ('◆', Rgb::PLACEHOLDER));
        assert_eq!(random.pick, Some(Pick::Any));
        assert_eq!(
            random.label,
            "random monster (any class) · at (01,01) in the map part · level (4,4)"
        );
        let gem = marker(&m, "object", 0);
        assert_eq!(
            (gem.glyph, gem.fg, gem.pick),
            ('*', Rgb::RANDOM_PICK, Some(Pick::InClass))
        );
        assert!(gem.random && gem.source_xy.is_none());
        assert!(
            gem.label.starts_with(
                "random '*' (class fixed, kind chosen by the game) · at a random place in the map part · level ("
            ),
            "{}",
            gem.label
        );
        let portal = marker(&m, "trap", 0);
        assert_eq!((portal.glyph, portal.fg), ('^', Rgb::BRIGHT_MAGENTA));
        let door = marker(&m, "door", 0);
        assert_eq!(
            (door.glyph, door.fg, door.what.as_str()),
            ('|', Rgb::BROWN, "open door")
        );
    }

    #[test]
    fn cells_keep_their_map_part_position_and_secret_doors_pose_as_walls() {
        let m = map(LEVEL);
        // (11,2) of the part is the secret door in the right-hand wall.
        let right = cell(&m, 3 + 11, 3 + 2);
        assert_eq!(right.source_xy, Some((11, 2)));
        assert_eq!(
            (right.glyph, right.fg, right.kind.as_str()),
            ('|', Rgb::GRAY, "secret door (looks like a wall)")
        );
        let bottom = cell(&m, 3 + 6, 3 + 4);
        assert_eq!(bottom.glyph, '-');
        let floor = cell(&m, 4, 4);
        assert_eq!((floor.glyph, floor.kind.as_str()), ('.', "room floor"));
        assert_eq!(floor.source_xy, Some((1, 1)));
        assert_eq!(cell(&m, 0, 0).source_xy, None, "outside the part");
    }
}

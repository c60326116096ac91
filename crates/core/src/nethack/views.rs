//! Lowering levels to views: a `TileMap` for maze levels (each map part
//! placed in the 80×21 level by its GEOMETRY, with markers for everything
//! placed on it) and a `RoomLayout` for room-and-corridor levels (fixed
//! rooms where the game puts them, random ones by a seeded example
//! placement). Everything keeps the span of the statement that made it.

use super::ast::*;
use super::dialect::Dialect;
use super::lexer::Lexed;
use crate::rng::Rng;
use crate::source::Span;
use crate::view::*;
use crate::Options;

const COLNO: i32 = 80;
const ROWNO: i32 = 21;

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

/// Glyph colour and description of a map character.
fn terrain(c: u8) -> (Rgb, &'static str) {
    match c {
        b' ' => (Rgb::GRAY, "stone"),
        b'|' | b'-' => (Rgb::GRAY, "wall"),
        b'B' => (Rgb::DARK_GRAY, "boundary (crosswall)"),
        b'T' => (Rgb::GREEN, "tree"),
        b'S' => (Rgb::BROWN, "secret door"),
        b'H' => (Rgb::GRAY, "secret corridor"),
        b'P' => (Rgb::BLUE, "pool"),
        b'}' => (Rgb::BLUE, "moat"),
        b'W' => (Rgb::BRIGHT_BLUE, "water"),
        b'L' => (Rgb::RED, "lava"),
        b'F' => (Rgb::CYAN, "iron bars"),
        b'+' => (Rgb::BROWN, "door"),
        b'#' => (Rgb::GRAY, "corridor"),
        b'.' => (Rgb::GRAY, "room floor"),
        b'{' => (Rgb::BLUE, "fountain"),
        b'\\' => (Rgb::YELLOW, "throne"),
        b'K' => (Rgb::GRAY, "sink"),
        b'I' => (Rgb::CYAN, "ice"),
        b'A' => (Rgb::CYAN, "air"),
        b'C' => (Rgb::GRAY, "cloud"),
        _ => (Rgb::RED, "unknown"),
    }
}

fn cell(c: u8, origin: Option<Span>) -> Cell {
    let (fg, kind) = terrain(c);
    let glyph = match c {
        b'B' => ' ',
        b'S' => '+',
        b'H' => '#',
        b'P' | b'}' | b'W' => '}',
        b'L' => '}',
        b'F' => '#',
        b'T' => '#',
        b'K' => '#',
        b'I' => '.',
        b'A' | b'C' => '#',
        other => other as char,
    };
    Cell {
        glyph,
        fg,
        bg: None,
        kind: kind.into(),
        origin,
    }
}

pub fn view(level: &Level, lexed: &Lexed, options: &Options) -> View {
    match level.kind {
        LevelKind::Maze => View::TileMap(maze_view(level, lexed, options)),
        LevelKind::Room => View::RoomLayout(room_view(level, options)),
    }
}

/// What a statement puts at one coordinate: glyph, colour, category, words.
fn marker_of(stmt: &Stmt) -> Option<(&Coord, char, Rgb, &'static str, String)> {
    let or_random = |n: &Option<Text>| {
        n.as_ref()
            .map(|n| n.text.clone())
            .unwrap_or_else(|| "(random)".into())
    };
    Some(match &stmt.kind {
        StmtKind::Monster {
            class,
            name,
            infos,
            coord,
            ..
        } => {
            let glyph = match class.class {
                Class::Char(c) => c as char,
                _ => 'M',
            };
            let mut label = format!("monster {}", or_random(name));
            for info in infos {
                match info {
                    MonInfo::Name(t) => label.push_str(&format!(" named \"{}\"", t.text)),
                    MonInfo::Attitude(v) => {
                        label.push_str(if *v != 0 { ", peaceful" } else { ", hostile" })
                    }
                    MonInfo::Alertness(v) => {
                        label.push_str(if *v != 0 { ", asleep" } else { ", awake" })
                    }
                    MonInfo::Appear(_, t) => {
                        label.push_str(&format!(", disguised as \"{}\"", t.text))
                    }
                    MonInfo::Align(..) => {}
                }
            }
            (coord, glyph, Rgb::RED, "monster", label)
        }
        StmtKind::Object {
            class,
            name,
            coord: Some(coord),
            container,
            ..
        } => {
            let glyph = match class.class {
                Class::Char(c) => c as char,
                _ => '*',
            };
            let what = if *container { "container" } else { "object" };
            let label = format!("{what} {}", or_random(name));
            (coord, glyph, Rgb::CYAN, "object", label)
        }
        StmtKind::Trap { name, coord, .. } => {
            let label = format!("trap {}", or_random(name));
            (coord, '^', Rgb::MAGENTA, "trap", label)
        }
        StmtKind::Door { state, coord } => {
            let label = format!("door ({})", door_state(*state));
            (coord, '+', Rgb::BROWN, "door", label)
        }
        StmtKind::Drawbridge { coord, .. } => {
            (coord, '#', Rgb::BROWN, "drawbridge", "drawbridge".into())
        }
        StmtKind::Stair { coord, up } => {
            let (g, l) = if *up != 0 {
                ('<', "up stairs")
            } else {
                ('>', "down stairs")
            };
            (coord, g, Rgb::WHITE, "stair", l.into())
        }
        StmtKind::Ladder { coord, up } => {
            let (g, l) = if *up != 0 {
                ('<', "ladder up")
            } else {
                ('>', "ladder down")
            };
            (coord, g, Rgb::BROWN, "ladder", l.into())
        }
        StmtKind::Altar { coord, .. } => (coord, '_', Rgb::GRAY, "altar", "altar".into()),
        StmtKind::Fountain(coord) => (coord, '{', Rgb::BLUE, "fountain", "fountain".into()),
        StmtKind::Sink(coord) => (coord, '#', Rgb::GRAY, "sink", "sink".into()),
        StmtKind::Pool(coord) => (coord, '}', Rgb::BLUE, "pool", "pool".into()),
        StmtKind::Gold { amount, coord } => {
            let label = if *amount < 0 {
                "gold (random amount)".into()
            } else {
                format!("{amount} gold")
            };
            (coord, '$', Rgb::YELLOW, "gold", label)
        }
        StmtKind::Engraving { coord, text, .. } => {
            let label = format!("engraving \"{}\"", text.text);
            (coord, '~', Rgb::YELLOW, "engraving", label)
        }
        StmtKind::Mazewalk { coord, .. } => {
            (coord, '*', Rgb::GREEN, "mazewalk", "maze walk start".into())
        }
        _ => return None,
    })
}

fn maze_view(level: &Level, lexed: &Lexed, options: &Options) -> TileMap {
    let dialect = Dialect::for_target(options.target);
    let mut rng = Rng::new(options.seed);
    let fill = match (&level.init, level.filling) {
        (
            Some(Stmt {
                kind: StmtKind::InitMap { fg, .. },
                span,
                ..
            }),
            _,
        ) => cell(*fg, Some(*span)),
        (None, Some((c, span))) => cell(c, Some(span)),
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
    // Origin and size of the current part.
    let (mut ox, mut oy, mut w, mut h) = (0, 0, COLNO, ROWNO);
    for stmt in &level.body {
        let span = stmt.span;
        let mark = |map: &mut TileMap,
                    rng: &mut Rng,
                    c: &Coord,
                    glyph: char,
                    fg: Rgb,
                    kind: &str,
                    label: String| {
            let (x, y, random) = match c.kind {
                CoordKind::At(x, y) => (ox + x, oy + y, false),
                _ => (
                    ox + rng.range(0, (w - 1).max(0)),
                    oy + rng.range(0, (h - 1).max(0)),
                    true,
                ),
            };
            map.markers.push(Marker {
                x,
                y,
                glyph,
                fg,
                kind: kind.into(),
                label,
                random,
                origin: span,
            });
        };
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
                    (ox, oy, w, h) = (xstart, ystart, xsize, ysize);
                    for (ry, (_, row)) in block.rows.iter().enumerate() {
                        for (rx, &c) in row.iter().enumerate() {
                            let origin = block.cell_span(ry, rx);
                            if let Some(cellref) =
                                map.cell_mut((ox + rx as i32) as i64, (oy + ry as i32) as i64)
                            {
                                *cellref = cell(c, Some(origin));
                            }
                        }
                    }
                    map.areas.push(Area {
                        x1: ox,
                        y1: oy,
                        x2: ox + w - 1,
                        y2: oy + h - 1,
                        kind: "map part".into(),
                        label: format!("map part {w}x{h}"),
                        origin: block.span,
                    });
                }
                _ => {
                    (ox, oy, w, h) = (0, 0, COLNO, ROWNO);
                }
            },
            StmtKind::Region { rect, rtype, .. } => {
                let kind = rtype
                    .as_ref()
                    .map(|t| t.text.clone())
                    .unwrap_or_else(|| "random".into());
                map.areas.push(Area {
                    x1: ox + rect.x1,
                    y1: oy + rect.y1,
                    x2: ox + rect.x2,
                    y2: oy + rect.y2,
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
                    x1: ox + rect.x1,
                    y1: oy + rect.y1,
                    x2: ox + rect.x2,
                    y2: oy + rect.y2,
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
                    x1: dx + area.rect.x1,
                    y1: dy + area.rect.y1,
                    x2: dx + area.rect.x2,
                    y2: dy + area.rect.y2,
                    kind: "level region".into(),
                    label,
                    origin: span,
                });
            }
            _ => {
                if let Some((coord, glyph, fg, kind, label)) = marker_of(stmt) {
                    mark(&mut map, &mut rng, coord, glyph, fg, kind, label);
                }
            }
        }
    }
    let _ = dialect;
    map
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
                let random = pos.is_none() || size.is_none();
                let (w, h) = size.unwrap_or_else(|| (rng.range(3, 12), rng.range(2, 5)));
                let (w, h) = (w.clamp(1, 76), h.clamp(1, 18));
                let (gx, gy) = pos.unwrap_or_else(|| (rng.range(1, 5), rng.range(1, 5)));
                let (ha, va) =
                    align.unwrap_or_else(|| (rng.range(1, 5), [1, 3, 5][rng.range(0, 2) as usize]));
                // The level is a 5×5 grid of cells; the alignment places the
                // room inside its cell.
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
                let (px, py) = pos.unwrap_or_else(|| {
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
                        if *pos < 0 {
                            rng.range(0, n - 1)
                        } else {
                            (*pos).clamp(0, n - 1)
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
            StmtKind::RandomCorridors => {
                // Join the rooms in order, as `makecorridors` starts doing.
                for i in 1..layout.rooms.len() {
                    let a = &layout.rooms[i - 1].rect;
                    let b = &layout.rooms[i].rect;
                    let pa = (a.x + a.w / 2, a.y + a.h / 2);
                    let pb = (b.x + b.w / 2, b.y + b.h / 2);
                    layout.corridors.push(Corridor {
                        from: i - 1,
                        to: Some(i),
                        points: vec![pa, (pb.0, pa.1), pb],
                        random: true,
                        origin: stmt.span,
                    });
                }
            }
            _ => {
                let (Some((coord, glyph, fg, kind, label)), Some(r)) = (
                    marker_of(stmt),
                    current.and_then(|i| layout.rooms.get_mut(i)),
                ) else {
                    continue;
                };
                let (x, y, random) = match coord.kind {
                    CoordKind::At(x, y) => (r.rect.x + x, r.rect.y + y, false),
                    _ => (
                        r.rect.x + rng.range(0, r.rect.w - 1),
                        r.rect.y + rng.range(0, r.rect.h - 1),
                        true,
                    ),
                };
                r.contents.push(Marker {
                    x,
                    y,
                    glyph,
                    fg,
                    kind: kind.into(),
                    label,
                    random,
                    origin: stmt.span,
                });
            }
        }
    }
    layout
}

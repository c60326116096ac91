//! From `lev_comp` (3.4.3 here, 3.6 in `from36`) to NetHack 5.0: each level of a `.des` file
//! written as the Lua script the game runs, in the shape of the game's own
//! converted files (`des.level_init`, `des.map` with its alignment, a
//! `des.*` call per statement, `RANDOM_PLACES` as a shuffled `place`
//! table, a `[50%]` chance as `if percent(50) then … end`, a room's
//! statements inside its `contents`).

use std::fmt::Write as _;

use crate::nethack::ast::Text;
use crate::nethack::ast::{
    Align, Class, ClassSpec, Coord, CoordKind, LevRegion, Level, LevelKind, MonInfo, ObjectStmt,
    Rect4, Stmt, StmtKind,
};
use crate::nethack::lexer::{self, MapBlock, Val};
use vaultwright_model::Options;

mod from36;

/// One level as a Lua script: its name (the `.lua` file's stem) and text.
pub struct Converted {
    pub name: String,
    pub lua: String,
}

/// Every level of a `lev_comp` source: 3.4.3 (or 3.2) read from its
/// syntax tree, 3.6 from the levels it compiles to.
pub fn from_des(source: &str, options: &Options) -> Vec<Converted> {
    if crate::nethack_dialect::pick(source, options).target.is_36() {
        return from36::from_des36(source);
    }
    let out = crate::nethack::run(source, options);
    out.file
        .levels
        .iter()
        .map(|level| Converted {
            name: level.name.text.clone(),
            lua: level_script(level, &out.lexed.maps),
        })
        .collect()
}

fn level_script(level: &Level, maps: &[MapBlock]) -> String {
    let mut w = Writer::default();
    w.line(&format!(
        "-- {}: converted from lev_comp source to NetHack 5.0's Lua",
        level.name.text
    ));
    w.line("");
    match level.kind {
        LevelKind::Maze => {
            match level.filling {
                Some((c, _)) => w.line(&format!(
                    "des.level_init({{ style = \"solidfill\", fg = {} }})",
                    quoted(&char::from(c).to_string())
                )),
                None => w.line("des.level_init({ style = \"mazegrid\", bg = \"-\" })"),
            }
            let mut flags = vec!["\"mazelevel\"".to_string()];
            flags.extend(flag_words(level.flags.as_ref()));
            w.line(&format!("des.level_flags({})", flags.join(", ")));
        }
        LevelKind::Room => {
            w.line("des.level_init({ style = \"solidfill\", fg = \" \" })");
            let flags = flag_words(level.flags.as_ref());
            if !flags.is_empty() {
                w.line(&format!("des.level_flags({})", flags.join(", ")));
            }
        }
    }
    if let Some(Stmt {
        kind: StmtKind::InitMap(init),
        ..
    }) = &level.init
    {
        w.line(&format!(
            "des.level_init({{ style = \"mines\", fg = {}, bg = {}, smoothed = {}, joined = {}, lit = {}, walled = {} }})",
            quoted(&char::from(init.fg).to_string()),
            quoted(&char::from(init.bg).to_string()),
            init.smoothed != 0,
            init.joined != 0,
            init.lit,
            init.walled != 0
        ));
    }
    for m in &level.messages {
        if let StmtKind::Message(t) = &m.kind {
            w.line(&format!("des.message({})", quoted(&t.text)));
        }
    }
    w.line("");
    let mut body = Body {
        maps,
        w,
        container_open: None,
        room_open: 0,
    };
    for stmt in &level.body {
        body.statement(stmt);
    }
    body.close_container();
    body.close_rooms(0);
    body.w.text
}

fn flag_words(flags: Option<&Stmt>) -> Vec<String> {
    let Some(Stmt {
        kind: StmtKind::Flags(bits),
        ..
    }) = flags
    else {
        return Vec::new();
    };
    [1, 2, 4, 8, 16]
        .into_iter()
        .filter(|b| bits & b != 0)
        .filter_map(|b| lexer::word(Val::FlagType, b))
        .map(|w| format!("\"{w}\""))
        .collect()
}

#[derive(Default)]
struct Writer {
    text: String,
    depth: usize,
}

impl Writer {
    fn line(&mut self, s: &str) {
        if !s.is_empty() {
            self.text.push_str(&"   ".repeat(self.depth));
        }
        self.text.push_str(s);
        self.text.push('\n');
    }
}

struct Body<'a> {
    maps: &'a [MapBlock],
    w: Writer,
    /// A container's `contents` function is open (`Some(true)` inside an
    /// `if percent(…)` that closes with it).
    container_open: Option<bool>,
    /// How many rooms' `contents` functions are open.
    room_open: usize,
}

impl Body<'_> {
    fn statement(&mut self, stmt: &Stmt) {
        let contained = matches!(&stmt.kind, StmtKind::Object(o) if o.coord.is_none());
        if !contained {
            self.close_container();
        }
        match &stmt.kind {
            StmtKind::Room { .. } => self.close_rooms(0),
            StmtKind::Subroom { .. } => self.close_rooms(1),
            _ => {}
        }
        let chance = match &stmt.kind {
            StmtKind::Monster { chance, .. }
            | StmtKind::Object(ObjectStmt { chance, .. })
            | StmtKind::Trap { chance, .. } => chance.map(|(c, _, _)| c),
            _ => None,
        };
        if let Some(c) = chance {
            self.w.line(&format!("if percent({c}) then"));
            self.w.depth += 1;
        }
        let opens_container = matches!(&stmt.kind, StmtKind::Object(o) if o.container);
        let call = self.call(stmt);
        match call {
            // A container's contents follow it, inside its chance if it
            // has one: both close when its contents end.
            Some(call) if opens_container => {
                self.w.line(&format!("{call} contents = function()"));
                self.w.depth += 1;
                self.container_open = Some(chance.is_some());
                return;
            }
            Some(call) => self.w.line(&call),
            None => {}
        }
        if chance.is_some() {
            self.w.depth -= 1;
            self.w.line("end");
        }
        if matches!(stmt.kind, StmtKind::Room { .. } | StmtKind::Subroom { .. }) {
            self.w.line("   contents = function()");
            self.w.depth += 1;
            self.room_open += 1;
        }
    }

    fn close_container(&mut self) {
        if let Some(in_chance) = self.container_open.take() {
            self.w.depth -= 1;
            self.w.line("end })");
            if in_chance {
                self.w.depth -= 1;
                self.w.line("end");
            }
        }
    }

    /// Closes the open rooms' `contents` down to `keep` open.
    fn close_rooms(&mut self, keep: usize) {
        while self.room_open > keep {
            self.w.depth -= 1;
            self.w.line("end })");
            self.room_open -= 1;
        }
    }

    /// The statement as a call (a container's call is left open after
    /// its keys, for its contents).
    fn call(&mut self, stmt: &Stmt) -> Option<String> {
        Some(match &stmt.kind {
            StmtKind::MapPart { geometry, map } => map_part(self.maps.get((*map)?)?, *geometry),
            StmtKind::RandomPlaces(coords) => {
                let list: Vec<String> = coords.iter().filter_map(pair).collect();
                format!("local place = {{ {} }}\nshuffle(place)", list.join(", "))
            }
            StmtKind::RandomMonsters(classes) => {
                format!("local monster = {{ {} }}\nshuffle(monster)", class_list(classes))
            }
            StmtKind::RandomObjects(classes) => {
                format!("local object = {{ {} }}\nshuffle(object)", class_list(classes))
            }
            StmtKind::Monster {
                class,
                name,
                coord,
                infos,
                ..
            } => monster(*class, name.as_ref(), coord, infos),
            StmtKind::Object(o) => object(o),
            StmtKind::Door { state, coord } => {
                let mut keys = vec![format!("state = \"{}\"", door_state(*state))];
                keys.extend(coord_keys(coord));
                table_call("door", keys)
            }
            StmtKind::RoomDoor {
                secret,
                state,
                wall,
                pos,
            } => {
                let state = if *secret == 1 { "secret" } else { door_state(*state) };
                format!(
                    "des.door({{ state = \"{state}\", wall = \"{}\", pos = {pos} }})",
                    direction(*wall)
                )
            }
            StmtKind::Trap { name, coord, .. } => {
                let mut keys = Vec::new();
                if let Some(n) = name {
                    keys.push(format!("type = {}", quoted(&n.text)));
                }
                keys.extend(coord_keys(coord));
                table_call("trap", keys)
            }
            StmtKind::Drawbridge { coord, dir, state } => {
                let state = match state {
                    1 => "open",
                    0 => "closed",
                    _ => "random",
                };
                let mut keys = vec![
                    format!("dir = \"{}\"", direction(*dir)),
                    format!("state = \"{state}\""),
                ];
                keys.extend(coord_keys(coord));
                table_call("drawbridge", keys)
            }
            StmtKind::Mazewalk { coord, dir } => {
                let mut keys = coord_keys(coord);
                keys.push(format!("dir = \"{}\"", direction(*dir)));
                table_call("mazewalk", keys)
            }
            StmtKind::Wallify => "des.wallify()".into(),
            StmtKind::Region {
                rect,
                lit,
                rtype,
                prefilled,
            } => region(rect, *lit, rtype.as_ref(), *prefilled),
            StmtKind::Altar { coord, align: a, atype } => {
                let mut keys = coord_keys(coord);
                keys.push(format!("align = {}", align(*a)));
                keys.push(format!(
                    "type = \"{}\"",
                    lexer::word(Val::AltarType, *atype).unwrap_or("altar")
                ));
                table_call("altar", keys)
            }
            StmtKind::Ladder { coord, up } | StmtKind::Stair { coord, up } => {
                let mut keys = vec![format!("dir = \"{}\"", if *up == 1 { "up" } else { "down" })];
                keys.extend(coord_keys(coord));
                let function = if matches!(stmt.kind, StmtKind::Ladder { .. }) { "ladder" } else { "stair" };
                table_call(function, keys)
            }
            StmtKind::StairRegion { area, avoid, up } => level_region(
                area,
                avoid,
                &format!("type = \"{}\"", if *up == 1 { "stair-up" } else { "stair-down" }),
                "levregion",
            ),
            StmtKind::Portal { area, avoid, dest } => level_region(
                area,
                avoid,
                &format!("type = \"portal\", name = {}", quoted(&dest.text)),
                "levregion",
            ),
            StmtKind::TeleportRegion { area, avoid, dir } => {
                let dir = match dir {
                    0 => "down",
                    1 => "up",
                    _ => "both",
                };
                level_region(area, avoid, &format!("dir = \"{dir}\""), "teleport_region")
            }
            StmtKind::BranchRegion { area, avoid } => {
                level_region(area, avoid, "type = \"branch\"", "levregion")
            }
            StmtKind::Fountain(c) => feature("fountain", c),
            StmtKind::Sink(c) => feature("sink", c),
            StmtKind::Pool(c) => feature("pool", c),
            StmtKind::NonDiggable(r) => format!(
                "des.non_diggable(selection.area({},{},{},{}))",
                r.x1, r.y1, r.x2, r.y2
            ),
            StmtKind::NonPasswall(r) => format!(
                "des.non_passwall(selection.area({},{},{},{}))",
                r.x1, r.y1, r.x2, r.y2
            ),
            StmtKind::Gold { amount, coord } => {
                let mut keys = vec![format!("amount = {amount}")];
                keys.extend(coord_keys(coord));
                table_call("gold", keys)
            }
            StmtKind::Engraving { coord, etype, text } => {
                let mut keys = coord_keys(coord);
                keys.push(format!(
                    "type = \"{}\"",
                    lexer::word(Val::EngravingType, *etype).unwrap_or("engrave")
                ));
                keys.push(format!("text = {}", quoted(&text.text)));
                table_call("engraving", keys)
            }
            StmtKind::Room {
                rtype,
                lit,
                pos,
                align: a,
                size,
                filled,
            } => room_call(rtype.as_ref().map(|t| t.text.as_str()), *lit, *pos, *a, *size, *filled),
            StmtKind::Subroom {
                rtype,
                lit,
                pos,
                size,
                filled,
                ..
            } => room_call(rtype.as_ref().map(|t| t.text.as_str()), *lit, *pos, None, *size, *filled),
            StmtKind::RandomCorridors => "des.random_corridors()".into(),
            StmtKind::Corridor { src, dest } => match dest {
                crate::nethack::ast::CorrDest::Room(d) => format!(
                    "des.corridor({{ srcroom = {}, srcdoor = {}, srcwall = \"{}\", destroom = {}, destdoor = {}, destwall = \"{}\" }})",
                    src.room,
                    src.door,
                    direction(src.wall),
                    d.room,
                    d.door,
                    direction(d.wall)
                ),
                crate::nethack::ast::CorrDest::Nxcor(_) => "des.random_corridors()".into(),
            },
            StmtKind::Message(t) => format!("des.message({})", quoted(&t.text)),
            StmtKind::Flags(_)
            | StmtKind::InitMap { .. }
            | StmtKind::Name(_)
            | StmtKind::Chance(_)
            | StmtKind::Partial(_) => return None,
        })
    }
}

fn monster(class: ClassSpec, name: Option<&Text>, coord: &Coord, infos: &[MonInfo]) -> String {
    let mut keys = Vec::new();
    match (name, class.class) {
        (Some(n), _) => keys.push(format!("id = {}", quoted(&n.text))),
        (None, Class::Char(c)) => {
            keys.push(format!("class = {}", quoted(&char::from(c).to_string())))
        }
        (None, Class::Register(n)) => keys.push(format!("class = monster[{}]", n + 1)),
        (None, Class::Random) => {}
    }
    keys.extend(coord_keys(coord));
    for info in infos {
        match info {
            MonInfo::Name(t) => keys.push(format!("name = {}", quoted(&t.text))),
            MonInfo::Attitude(a) => keys.push(format!("peaceful = {}", a)),
            MonInfo::Alertness(a) => keys.push(format!("asleep = {}", a)),
            MonInfo::Align(a, _) => keys.push(format!("align = {}", align(*a))),
            MonInfo::Appear(kind, t) => {
                let prefix = match kind {
                    1 => "ter",
                    2 => "obj",
                    _ => "mon",
                };
                keys.push(format!(
                    "appear_as = {}",
                    quoted(&format!("{prefix}:{}", t.text))
                ));
            }
        }
    }
    table_call("monster", keys)
}

/// An object's call (a container's is left open after its keys, for
/// its contents).
fn object(o: &ObjectStmt) -> String {
    let mut keys = Vec::new();
    // With a name, the class narrows the lookup (`conflict` is
    // a ring's name).
    if let Some(n) = &o.name {
        keys.push(format!("id = {}", quoted(&n.text)));
    }
    match o.class.class {
        Class::Char(c) => keys.push(format!("class = {}", quoted(&char::from(c).to_string()))),
        Class::Register(n) => keys.push(format!("class = object[{}]", n + 1)),
        Class::Random => {}
    }
    if let Some(c) = &o.coord {
        keys.extend(coord_keys(c));
    }
    if let Some(c) = o.curse {
        if let Some(word) = lexer::word(Val::CurseType, c) {
            keys.push(format!("buc = \"{word}\""));
        }
    }
    if let Some(m) = &o.monster {
        keys.push(format!("montype = {}", quoted(&m.text)));
    }
    if let Some(s) = o.spe {
        keys.push(format!("spe = {s}"));
    }
    if let Some(n) = &o.oname {
        keys.push(format!("name = {}", quoted(&n.text)));
    }
    if o.container {
        return format!("des.object({{ {},", keys.join(", "));
    }
    table_call("object", keys)
}

/// A `MAP` block with its `GEOMETRY` as an aligned `des.map`.
fn map_part(block: &MapBlock, geometry: Option<(i32, i32)>) -> String {
    let rows: Vec<String> = block
        .rows
        .iter()
        .map(|(_, r)| String::from_utf8_lossy(r).into_owned())
        .collect();
    let (h, v) = geometry.unwrap_or((3, 3));
    let text = rows.join("\n");
    // A long bracket the drawing does not close (`]]` can be a map row).
    let level = (0..)
        .find(|n| !text.contains(&format!("]{}]", "=".repeat(*n))))
        .unwrap_or(0);
    let eq = "=".repeat(level);
    format!(
        "des.map({{ halign = \"{}\", valign = \"{}\", map = [{eq}[\n{}\n]{eq}] }})",
        lexer::word(Val::LeftOrRight, h)
            .or_else(|| (h == 3).then_some("center"))
            .unwrap_or("center"),
        match v {
            1 => "top",
            5 => "bottom",
            _ => "center",
        },
        text
    )
}

/// A `REGION` as `des.region`.
fn region(rect: &Rect4, lit: i32, rtype: Option<&Text>, prefilled: i32) -> String {
    let kind = rtype.map_or("ordinary".to_string(), |t| t.text.clone());
    let mut keys = vec![
        format!("region = {}", rect4(rect)),
        format!("lit = {lit}"),
        format!("type = {}", quoted(&kind)),
    ];
    keys.push(format!("filled = {}", i32::from(prefilled & 1 == 0)));
    if prefilled & 2 != 0 {
        keys.push("irregular = true".into());
    }
    format!("des.region({{ {} }})", keys.join(", "))
}

/// A room's call, left open for its `contents` (the caller writes it).
fn room_call(
    rtype: Option<&str>,
    lit: i32,
    pos: Option<(i32, i32)>,
    align: Option<(i32, i32)>,
    size: Option<(i32, i32)>,
    filled: i32,
) -> String {
    let mut keys = vec![format!("type = {}", quoted(rtype.unwrap_or("ordinary")))];
    keys.push(format!("lit = {lit}"));
    if let Some((x, y)) = pos {
        keys.push(format!("x = {x}, y = {y}"));
    }
    if let Some((h, v)) = align {
        if let Some(word) = lexer::word(Val::LeftOrRight, h).or((h == 3).then_some("center")) {
            keys.push(format!("xalign = \"{word}\""));
        }
        let word = match v {
            1 => "top",
            5 => "bottom",
            _ => "center",
        };
        keys.push(format!("yalign = \"{word}\""));
    }
    if let Some((w, h)) = size {
        keys.push(format!("w = {w}, h = {h}"));
    }
    if filled == 0 {
        keys.push("filled = 0".into());
    }
    format!("des.room({{ {},", keys.join(", "))
}

/// `des.function({ keys })`, or `des.function()` with none.
fn table_call(function: &str, keys: Vec<String>) -> String {
    if keys.is_empty() {
        return format!("des.{function}()");
    }
    format!("des.{function}({{ {} }})", keys.join(", "))
}

fn feature(kind: &str, c: &Coord) -> String {
    let at = coord_keys(c);
    if at.is_empty() {
        return format!("des.feature(\"{kind}\")");
    }
    format!("des.feature({{ type = \"{kind}\", {} }})", at.join(", "))
}

fn level_region(area: &LevRegion, avoid: &LevRegion, extra: &str, function: &str) -> String {
    format!(
        "des.{function}({{ region = {}, region_islev = {}, exclude = {}, exclude_islev = {}, {extra} }})",
        rect4(&area.rect),
        i32::from(area.absolute),
        rect4(&avoid.rect),
        i32::from(avoid.absolute)
    )
}

fn rect4(r: &Rect4) -> String {
    format!("{{{},{},{},{}}}", r.x1, r.y1, r.x2, r.y2)
}

fn coord_keys(c: &Coord) -> Vec<String> {
    match c.kind {
        CoordKind::At(x, y) => vec![format!("x = {x}, y = {y}")],
        CoordKind::Random => Vec::new(),
        CoordKind::Place(n) => vec![format!("coord = place[{}]", n + 1)],
    }
}

fn pair(c: &Coord) -> Option<String> {
    match c.kind {
        CoordKind::At(x, y) => Some(format!("{{{x},{y}}}")),
        _ => None,
    }
}

fn class_list(classes: &[ClassSpec]) -> String {
    classes
        .iter()
        .filter_map(|c| match c.class {
            Class::Char(ch) => Some(quoted(&char::from(ch).to_string())),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn align(a: Align) -> String {
    match a {
        Align::Value(v) => format!(
            "\"{}\"",
            lexer::word(Val::Alignment, v).unwrap_or("noalign")
        ),
        Align::Random => "\"random\"".into(),
        Align::Register(n) => format!("align[{}]", n + 1),
    }
}

fn door_state(state: i32) -> &'static str {
    lexer::word(Val::DoorState, state).unwrap_or("random")
}

fn direction(d: i32) -> &'static str {
    lexer::word(Val::Direction, d).unwrap_or("random")
}

/// A Lua string literal of `text`.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:03}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

//! The `.lev` decompiler of NetHack 3.4.3 and 3.2.x: a decoded level
//! written back as `lev_comp` source that compiles to the same bytes.
//!
//! The records of a part or a room are kept in lists by kind, each in
//! source order, so one statement per record, grouped by kind, gives the
//! same lists. What compilation loses cannot come back: comments and
//! layout, the order of statements of different kinds, `WALLIFY` (its
//! walls are in the map), digits in map rows, the spelling of names (the
//! table's is used), and which of several sources gave the same bytes
//! (`random` or a register for an unused place, a 1x1 `MAP` or `NOMAP`).
//! Values no source can give are reported as notes and written as near as
//! the language allows.

use super::dialect::Dialect;
use super::encode::{Body, LevelFile, MonsterRec, ObjectRec, Part, RoomRec, Things};
use super::lexer::{word, Val};

/// The source of a level, and what could not be written exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decompiled {
    pub source: String,
    pub notes: Vec<String>,
}

/// `RANDOM`: what a `random` coordinate, class or alignment stores.
const RANDOM: i8 = -11;
/// A monster whose alignment was not given.
const NO_ALIGN: i8 = -12;
/// An object whose enchantment was not given (or `random`).
const NO_SPE: i16 = -127;

/// Writes `file`, named `name` (a `.lev` does not hold its level's name:
/// it is the file's name), as source for `d`'s compiler.
pub fn decompile(file: &LevelFile, name: &str, d: &Dialect) -> Decompiled {
    let mut w = Writer {
        d,
        out: String::new(),
        notes: Vec::new(),
    };
    w.level(file, name);
    Decompiled {
        source: w.out,
        notes: w.notes,
    }
}

struct Writer<'d> {
    d: &'d Dialect,
    out: String,
    notes: Vec<String>,
}

fn quoted(text: &[u8]) -> String {
    format!("\"{}\"", String::from_utf8_lossy(text))
}

fn flag_words(flags: i64) -> Vec<&'static str> {
    [1, 2, 4, 8, 16]
        .into_iter()
        .filter(|bit| flags & i64::from(*bit) != 0)
        .filter_map(|bit| word(Val::FlagType, bit))
        .collect()
}

/// The word for `v` of a keyword class, or `random` for a value no word
/// has.
fn word_or_random(kind: Val, v: i8) -> &'static str {
    word(kind, i32::from(v)).unwrap_or("random")
}

fn boolean(v: i8) -> &'static str {
    word(Val::Boolean, i32::from(v != 0)).unwrap_or("true")
}

/// Direction bits (MAZEWALK, a room door's wall, a corridor's wall).
fn direction(v: i8) -> Option<&'static str> {
    word(Val::Direction, i32::from(v))
}

fn up_down(v: i8) -> &'static str {
    word(Val::UpOrDown, i32::from(v != 0)).unwrap_or("up")
}

/// A horizontal and a vertical alignment (GEOMETRY, ROOM); `center` for
/// any value no word has.
fn aligns(h: i8, v: i8) -> (&'static str, &'static str) {
    let pick = |kind: Val, v: i8| word(kind, i32::from(v)).unwrap_or("center");
    (pick(Val::LeftOrRight, h), pick(Val::TopOrBot, v))
}

impl Writer<'_> {
    fn line(&mut self, text: impl AsRef<str>) {
        self.out.push_str(text.as_ref());
        self.out.push('\n');
    }

    fn note(&mut self, text: String) {
        if !self.notes.contains(&text) {
            self.notes.push(text);
        }
    }

    /// A string; one with a `"` in it cannot be written.
    fn string(&mut self, text: &[u8]) -> String {
        if text.contains(&b'"') {
            self.note(format!(
                "the string {} holds a `\"`, which no source string can",
                String::from_utf8_lossy(text)
            ));
        }
        quoted(text)
    }

    /// The map character of a location type.
    fn map_char(&mut self, code: i8) -> u8 {
        match (0u8..=127).find(|&c| self.d.map_char(c) == Some(code)) {
            Some(c) => c,
            None => {
                self.note(format!("location type {code} has no map character"));
                b' '
            }
        }
    }

    fn char_lit(&mut self, code: i8) -> String {
        let c = self.map_char(code);
        format!("'{}'", c as char)
    }

    /// A coordinate: `(x,y)`, `random` or `place[n]`.
    fn coord(&mut self, x: i8, y: i8) -> String {
        match (x, y) {
            (RANDOM, RANDOM) => "random".into(),
            (-10..=-1, _) if x == y => format!("place[{}]", -x - 1),
            _ if x >= 0 && y >= 0 => format!("({x},{y})"),
            _ => {
                self.note(format!("the coordinate ({x},{y}) has no source form"));
                format!("({},{})", x.max(0), y.max(0))
            }
        }
    }

    /// A monster or object class: `'c'`, `random` or `monster[n]`.
    fn class(&mut self, v: i8, register: &str) -> String {
        match v {
            RANDOM => "random".into(),
            -10..=-1 => format!("{register}[{}]", -v - 1),
            c if c > 0 => format!("'{}'", c as u8 as char),
            other => {
                self.note(format!("the class {other} has no source form"));
                "random".into()
            }
        }
    }

    fn alignment(&mut self, v: i8) -> String {
        if let Some(w) = word(Val::Alignment, i32::from(v)) {
            return w.into();
        }
        match v {
            RANDOM => "random".into(),
            -3..=-1 => format!("align[{}]", -v - 1),
            other => {
                self.note(format!("the alignment {other} has no source form"));
                "random".into()
            }
        }
    }

    fn room_type(&mut self, v: i8) -> String {
        if v == -1 {
            return "random".into();
        }
        match self.d.rooms.iter().find(|r| r.1 == v) {
            Some(r) => quoted(r.0.as_bytes()),
            None => {
                self.note(format!("the room type {v} has no name"));
                "random".into()
            }
        }
    }

    fn chance(&mut self, v: i8) -> String {
        if v == 100 {
            String::new()
        } else {
            format!("[{v}%]")
        }
    }

    fn level(&mut self, file: &LevelFile, name: &str) {
        match &file.body {
            Body::Maze { filling, .. } => {
                let fill = if *filling == -1 {
                    "random".to_string()
                } else {
                    self.char_lit(*filling)
                };
                self.line(format!("MAZE: {}, {fill}", quoted(name.as_bytes())));
            }
            Body::Rooms(_) => self.line(format!("LEVEL: {}", quoted(name.as_bytes()))),
        }
        let flags = flag_words(file.flags);
        if !flags.is_empty() {
            self.line(format!("FLAGS: {}", flags.join(", ")));
        }
        let known: i64 = 1 | 2 | 4 | 8 | 16;
        if file.flags & !known != 0 {
            self.note(format!(
                "level flags {:#x} have no words",
                file.flags & !known
            ));
        }
        let init = file.init;
        if init[0] != 0 {
            let (fg, bg) = (self.char_lit(init[2]), self.char_lit(init[3]));
            let walled = if init[7] == -1 {
                "random"
            } else {
                boolean(init[7])
            };
            self.line(format!(
                "INIT_MAP: {fg}, {bg}, {}, {}, {}, {walled}",
                boolean(init[4]),
                boolean(init[5]),
                word_or_random(Val::LightState, init[6])
            ));
        }
        if !file.message.is_empty() {
            for text in file.message.split(|&b| b == b'\n') {
                let s = self.string(text);
                self.line(format!("MESSAGE: {s}"));
            }
        }
        match &file.body {
            Body::Maze { parts, .. } => {
                for part in parts {
                    self.part(part, init[0] != 0);
                }
            }
            Body::Rooms(body) => {
                self.registers(&body.robjects, &[], &body.rmonst);
                for room in &body.rooms {
                    self.room(room);
                }
                for c in &body.corridors {
                    self.corridor(c);
                }
            }
        }
    }

    /// `RANDOM_OBJECTS`, `RANDOM_PLACES` and `RANDOM_MONSTERS`; the class
    /// registers are stored in reverse.
    fn registers(&mut self, objects: &[i8], places: &[(i8, i8)], monsters: &[i8]) {
        let chars = |list: &[i8]| -> String {
            list.iter()
                .rev()
                .map(|&c| format!("'{}'", c as u8 as char))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !objects.is_empty() {
            self.line(format!("RANDOM_OBJECTS: {}", chars(objects)));
        }
        if !places.is_empty() {
            let list: Vec<String> = places.iter().map(|&(x, y)| format!("({x},{y})")).collect();
            self.line(format!("RANDOM_PLACES: {}", list.join(", ")));
        }
        if !monsters.is_empty() {
            self.line(format!("RANDOM_MONSTERS: {}", chars(monsters)));
        }
    }

    fn map(&mut self, p: &Part, init_present: bool) {
        let nomap = p.halign == 1 && p.valign == 1 && p.xsize == 1 && p.ysize == 1;
        if nomap && (p.map.is_empty() || p.map == [vec![0]]) {
            self.line("NOMAP");
            return;
        }
        let (h, v) = aligns(p.halign, p.valign);
        self.line(format!("GEOMETRY: {h}, {v}"));
        self.line("MAP");
        if p.map.is_empty() && init_present {
            // A 1x1 map of an INIT_MAP level: its cell is not written.
            self.line(" ");
        }
        for row in &p.map {
            let text: String = row.iter().map(|&c| self.map_char(c) as char).collect();
            self.line(text);
        }
        self.line("ENDMAP");
    }

    fn part(&mut self, p: &Part, init_present: bool) {
        self.map(p, init_present);
        self.registers(&p.robjects, &p.rlocs, &p.rmonst);
        for r in &p.lregions {
            let area = |islev: i8, a: [i8; 4]| {
                let inner = format!("({},{},{},{})", a[0], a[1], a[2], a[3]);
                if islev != 0 {
                    format!("levregion{inner}")
                } else {
                    inner
                }
            };
            let (a, b) = (area(r.in_islev, r.inarea), area(r.del_islev, r.delarea));
            let text = match r.rtype {
                0 | 1 => format!("STAIR: {a}, {b}, {}", up_down(r.rtype)),
                2 => {
                    let dest = self.string(&r.name);
                    format!("PORTAL: {a}, {b}, {dest}")
                }
                3 => format!("BRANCH: {a}, {b}"),
                5 => format!("TELEPORT_REGION: {a}, {b}, up"),
                6 => format!("TELEPORT_REGION: {a}, {b}, down"),
                other => {
                    if other != 4 {
                        self.note(format!("level region type {other} has no statement"));
                    }
                    format!("TELEPORT_REGION: {a}, {b}")
                }
            };
            self.line(text);
        }
        for r in &p.regions {
            let [x1, y1, x2, y2, rt, lit, irregular] = *r;
            let unfilled = i32::from(rt) > self.d.maxrtype;
            let rt = if unfilled {
                (i32::from(rt) - self.d.maxrtype - 1) as i8
            } else {
                rt
            };
            let rtype = self.room_type(rt);
            let mut text = format!(
                "REGION: ({x1},{y1},{x2},{y2}), {}, {rtype}",
                word_or_random(Val::LightState, lit)
            );
            if unfilled || irregular != 0 {
                let fill = word(Val::Filling, i32::from(unfilled)).unwrap_or("filled");
                text.push_str(&format!(", {fill}"));
                if irregular != 0 {
                    text.push_str(", true");
                }
            }
            self.line(text);
        }
        for &[x, y, state] in &p.doors {
            let at = self.coord(x, y);
            self.line(format!(
                "DOOR: {}, {at}",
                word_or_random(Val::DoorState, state)
            ));
        }
        for &[x, y, dir, open] in &p.drawbridges {
            let at = self.coord(x, y);
            let dir = ["north", "south", "east", "west"]
                .get(dir as usize)
                .copied()
                .unwrap_or("north");
            let state = if open != 0 { "open" } else { "closed" };
            self.line(format!("DRAWBRIDGE: {at}, {dir}, {state}"));
        }
        for &[x, y, dir] in &p.walks {
            let at = self.coord(x, y);
            let dir = direction(dir).unwrap_or("north");
            self.line(format!("MAZEWALK: {at}, {dir}"));
        }
        for &[x1, y1, x2, y2] in &p.digs {
            self.line(format!("NON_DIGGABLE: ({x1},{y1},{x2},{y2})"));
        }
        for &[x1, y1, x2, y2] in &p.passes {
            self.line(format!("NON_PASSWALL: ({x1},{y1},{x2},{y2})"));
        }
        for &[x, y, up] in &p.ladders {
            let at = self.coord(x, y);
            self.line(format!("LADDER: {at}, {}", up_down(up)));
        }
        self.contents(
            &p.stairs,
            &p.altars,
            &p.fountains,
            &[],
            &[],
            &p.traps,
            &p.things,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn contents(
        &mut self,
        stairs: &[[i8; 3]],
        altars: &[[i8; 4]],
        fountains: &[[i8; 2]],
        sinks: &[[i8; 2]],
        pools: &[[i8; 2]],
        traps: &[[i8; 4]],
        c: &Things,
    ) {
        for &[x, y, up] in stairs {
            let at = self.coord(x, y);
            self.line(format!("STAIR: {at}, {}", up_down(up)));
        }
        for &[x, y, align, kind] in altars {
            let at = self.coord(x, y);
            let align = self.alignment(align);
            let kind = word_or_random(Val::AltarType, kind);
            self.line(format!("ALTAR: {at}, {align}, {kind}"));
        }
        for (keyword, list) in [("FOUNTAIN", fountains), ("SINK", sinks), ("POOL", pools)] {
            for &[x, y] in list {
                let at = self.coord(x, y);
                self.line(format!("{keyword}: {at}"));
            }
        }
        for &[x, y, chance, ttype] in traps {
            let at = self.coord(x, y);
            let chance = self.chance(chance);
            let name = match self.d.traps.iter().find(|t| t.1 == ttype) {
                Some(t) => quoted(t.0.as_bytes()),
                None => "random".into(),
            };
            self.line(format!("TRAP{chance}: {name}, {at}"));
        }
        for m in &c.monsters {
            self.monster(m);
        }
        for o in &c.objects {
            self.object(o);
        }
        for g in &c.golds {
            let at = self.coord(g.x, g.y);
            let amount = if g.amount == -1 {
                "random".to_string()
            } else {
                g.amount.to_string()
            };
            self.line(format!("GOLD: {amount}, {at}"));
        }
        for e in &c.engravings {
            let at = self.coord(e.x, e.y);
            let kind = word_or_random(Val::EngravingType, e.etype);
            let text = self.string(&e.text);
            self.line(format!("ENGRAVING: {at}, {kind}, {text}"));
        }
    }

    fn monster(&mut self, m: &MonsterRec) {
        let chance = self.chance(m.chance);
        let class = self.class(m.class, "monster");
        let name = match usize::try_from(m.id)
            .ok()
            .and_then(|i| self.d.monsters().get(i))
        {
            Some(entry) => quoted(entry.0.as_bytes()),
            None => "random".into(),
        };
        let at = self.coord(m.x, m.y);
        let mut text = format!("MONSTER{chance}: {class}, {name}, {at}");
        if !m.name.is_empty() {
            let s = self.string(&m.name);
            text.push_str(&format!(", {s}"));
        }
        for (kind, v) in [
            (Val::MonAttitude, m.peaceful),
            (Val::MonAlertness, m.asleep),
        ] {
            if let Some(w) = word(kind, i32::from(v)) {
                text.push_str(&format!(", {w}"));
            }
        }
        if m.align != NO_ALIGN {
            let a = self.alignment(m.align);
            text.push_str(&format!(", {a}"));
        }
        if m.appear != 0 || !m.appear_as.is_empty() {
            let how = word(Val::MonAppearance, i32::from(m.appear)).unwrap_or("m_object");
            let s = self.string(&m.appear_as);
            text.push_str(&format!(", {how} {s}"));
        }
        self.line(text);
    }

    fn object(&mut self, o: &ObjectRec) {
        let keyword = if o.containment == 2 {
            "CONTAINER"
        } else {
            "OBJECT"
        };
        let chance = self.chance(o.chance);
        let class = self.class(o.class, "object");
        let name = match usize::try_from(o.id)
            .ok()
            .and_then(|i| self.d.objects().get(i))
        {
            Some(entry) if !entry.0.is_empty() => quoted(entry.0.as_bytes()),
            _ => "random".into(),
        };
        let at = if o.containment == 1 {
            "contained".to_string()
        } else {
            self.coord(o.x, o.y)
        };
        let mut text = format!("{keyword}{chance}: {class}, {name}, {at}");
        let tail = o.curse_state != -1 || o.corpsenm != -1 || o.spe != NO_SPE || !o.name.is_empty();
        if tail {
            let curse = word_or_random(Val::CurseType, o.curse_state);
            text.push_str(&format!(", {curse}"));
            if o.corpsenm != -1 {
                match usize::try_from(o.corpsenm)
                    .ok()
                    .and_then(|i| self.d.monsters().get(i))
                {
                    Some(entry) => text.push_str(&format!(", {}", quoted(entry.0.as_bytes()))),
                    None => {
                        self.note(
                            "an object of an unknown monster (its name was not found)".into(),
                        );
                        text.push_str(", \"no such monster\"");
                    }
                }
            }
            if o.spe == NO_SPE {
                text.push_str(", random");
            } else {
                text.push_str(&format!(", {}", o.spe));
            }
            if !o.name.is_empty() {
                let s = self.string(&o.name);
                text.push_str(&format!(", {s}"));
            }
        }
        self.line(text);
    }

    fn room(&mut self, r: &RoomRec) {
        let [x, y, w, h, xalign, yalign, rtype, chance, lit, filled] = r.fields;
        let rtype_text = self.room_type(rtype);
        let pair = |a: i8, b: i8| {
            if a == -1 && b == -1 {
                "random".to_string()
            } else {
                format!("({a},{b})")
            }
        };
        let fill = if filled == 0 { ", false" } else { "" };
        if r.parent.is_empty() {
            let align = if xalign == -1 && yalign == -1 {
                "random".to_string()
            } else {
                let (h, v) = aligns(xalign, yalign);
                format!("({h},{v})")
            };
            self.line(format!(
                "ROOM: {rtype_text}, {}, {}, {align}, {}{fill}",
                word_or_random(Val::LightState, lit),
                pair(x, y),
                pair(w, h)
            ));
        } else {
            let parent = self.string(&r.parent);
            self.line(format!(
                "SUBROOM: {rtype_text}, {}, {}, {}, {parent}{fill}",
                word_or_random(Val::LightState, lit),
                pair(x, y),
                pair(w, h)
            ));
        }
        if !r.name.is_empty() {
            let name = self.string(&r.name);
            self.line(format!("NAME: {name}"));
        }
        if chance != 0 {
            self.line(format!("CHANCE: {chance}"));
        }
        for &[wall, pos, secret, state] in &r.doors {
            let secret = if secret == -1 {
                "random"
            } else {
                boolean(secret)
            };
            let wall = direction(wall).unwrap_or("random");
            let pos = if pos == -1 {
                "random".to_string()
            } else {
                pos.to_string()
            };
            self.line(format!(
                "DOOR: {secret}, {}, {wall}, {pos}",
                word_or_random(Val::DoorState, state)
            ));
        }
        self.contents(
            &r.stairs,
            &r.altars,
            &r.fountains,
            &r.sinks,
            &r.pools,
            &r.traps,
            &r.things,
        );
    }

    fn corridor(&mut self, c: &[i8; 6]) {
        let [r1, w1, d1, r2, w2, d2] = *c;
        if r1 == -1 {
            self.line("RANDOM_CORRIDORS");
            return;
        }
        let door = |d: i8| {
            if d == -1 {
                "random".to_string()
            } else {
                d.to_string()
            }
        };
        let wall = |w: i8| direction(w).unwrap_or("north");
        let from = format!("({r1},{},{})", wall(w1), door(d1));
        if r2 == -1 {
            self.line(format!("CORRIDOR: {from}, {w2}"));
        } else {
            self.line(format!(
                "CORRIDOR: {from}, ({r2},{},{})",
                wall(w2),
                door(d2)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultwright_model::Target;

    #[test]
    fn a_small_maze_reads_as_source() {
        let d = Dialect::for_target(Target::Nethack343);
        let file = LevelFile {
            header: d.header,
            kind: 2,
            flags: 1 | 8,
            message: b"one\ntwo".to_vec(),
            body: Body::Maze {
                filling: 0,
                parts: vec![Part {
                    halign: 3,
                    valign: 3,
                    xsize: 3,
                    ysize: 1,
                    map: vec![vec![2, 24, 2]],
                    doors: vec![[1, 0, 4]],
                    things: Things {
                        monsters: vec![MonsterRec {
                            id: -1,
                            class: b'd' as i8,
                            x: RANDOM,
                            y: RANDOM,
                            chance: 100,
                            align: NO_ALIGN,
                            peaceful: -1,
                            asleep: 1,
                            ..MonsterRec::default()
                        }],
                        ..Things::default()
                    },
                    ..Part::default()
                }],
            },
            ..LevelFile::default()
        };
        let out = decompile(&file, "tiny", d);
        assert_eq!(
            out.source,
            "MAZE: \"tiny\", ' '\nFLAGS: noteleport, shortsighted\nMESSAGE: \"one\"\nMESSAGE: \"two\"\n\
             GEOMETRY: center, center\nMAP\n-.-\nENDMAP\nDOOR: closed, (1,0)\n\
             MONSTER: 'd', random, random, asleep\n"
        );
        assert!(out.notes.is_empty());
    }
}

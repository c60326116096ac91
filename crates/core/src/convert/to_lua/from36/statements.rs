//! Each statement opcode of 3.6 as the `des.*` call that does the same in
//! 5.0. What an opcode pops, and in which order, is `sp_lev.c` 3.6.6's
//! (the same order the preview's machine pops them in).

use super::super::{quoted, table_call};
use super::values::{
    map_char, room_type, trap_name, unfilled_offset, word, Family, Int, Kind, Place, Sym,
};
use super::{Decompiler, Open, WHOLE_LEVEL};
use crate::nethack36::opcodes;

impl Decompiler<'_> {
    /// Writes (or evaluates) the opcode `op` at `pc`.
    pub(super) fn statement(&mut self, pc: usize, op: i32) {
        match op {
            opcodes::MESSAGE => {
                let text = self.string();
                self.w.line(&format!("des.message({text})"));
            }
            opcodes::MONSTER => self.monster(),
            opcodes::OBJECT => self.object(),
            opcodes::ENGRAVING => self.engraving(),
            opcodes::ROOM | opcodes::SUBROOM => self.room(op == opcodes::SUBROOM),
            opcodes::DOOR => self.door(),
            opcodes::STAIR | opcodes::LADDER => self.stair(op == opcodes::LADDER),
            opcodes::ALTAR => self.altar(),
            opcodes::FOUNTAIN..=opcodes::POOL => {
                let kind = ["fountain", "sink", "pool"][(op - opcodes::FOUNTAIN) as usize];
                let sel = self.pop();
                self.each_cell(&sel, |at| {
                    format!("des.feature({{ type = \"{kind}\", {at} }})")
                });
            }
            opcodes::TRAP => self.trap(),
            opcodes::GOLD => {
                let at = self.place();
                let amount = self.int();
                let mut keys = vec![format!("amount = {}", amount.lua)];
                keys.extend(at.keys());
                self.w.line(&table_call("gold", keys));
            }
            opcodes::CORRIDOR => self.corridor(),
            opcodes::LEVREGION => self.level_region(),
            opcodes::DRAWBRIDGE => self.drawbridge(),
            opcodes::MAZEWALK => self.mazewalk(),
            opcodes::NON_DIGGABLE | opcodes::NON_PASSWALL => {
                let region = self.region_sym();
                let f = if op == opcodes::NON_DIGGABLE {
                    "non_diggable"
                } else {
                    "non_passwall"
                };
                self.w
                    .line(&format!("des.{f}(selection.area({}))", unpack4(&region)));
            }
            opcodes::WALLIFY => self.wallify(),
            opcodes::MAP => self.map(),
            opcodes::ROOM_DOOR => self.room_door(),
            opcodes::REGION => self.region(),
            opcodes::MINERALIZE => self.mineralize(),
            opcodes::TERRAIN => {
                let (terrain, sel) = (self.pop(), self.pop());
                let (ch, lit) = match &terrain {
                    Sym::MapChar(c, lit) => (c.clone(), *lit),
                    other => (other.lua(), -2),
                };
                let lit = if lit >= 0 {
                    format!(", lit = {lit}")
                } else {
                    String::new()
                };
                self.w.line(&format!(
                    "des.terrain({{ selection = {}, typ = {ch}{lit} }})",
                    sel.lua()
                ));
            }
            opcodes::REPLACETERRAIN => self.replace_terrain(),
            opcodes::EXIT => self.w.line("do return end"),
            opcodes::ENDROOM => self.close(Open::Room),
            opcodes::POP_CONTAINER => self.close(Open::Container),
            opcodes::PUSH => {}
            opcodes::POP => drop(self.pop()),
            opcodes::RN2 => {
                let n = self.int();
                let lua = match n.lit {
                    Some(n) => format!("math.random(0, {})", (n - 1).max(0)),
                    None => format!("math.random(0, math.max(0, {} - 1))", n.lua),
                };
                self.push(Sym::Int(Int::expr(lua)));
            }
            opcodes::INC => {
                let v = self.int();
                self.push(Sym::Int(Int::expr(format!("({} + 1)", v.lua))));
            }
            opcodes::MATH_ADD..=opcodes::MATH_MOD => self.math(op),
            opcodes::MATH_SIGN => {
                let v = self.int().lua;
                self.push(Sym::Int(Int::expr(format!(
                    "(({v}) > 0 and 1 or (({v}) < 0 and -1 or 0))"
                ))));
            }
            opcodes::COPY => {
                let v = self.pop();
                self.push(v.clone());
                self.push(v);
            }
            opcodes::END_MONINVENT => self.close(Open::Inventory),
            opcodes::GRAVE => self.grave(),
            opcodes::INITLEVEL => self.init_level(),
            opcodes::LEVEL_FLAGS => self.level_flags(),
            opcodes::VAR_INIT => self.define(pc),
            opcodes::SHUFFLE_ARRAY => {
                let name = self.string();
                let name = name.trim_matches('"');
                self.w
                    .line(&format!("shuffle({})", super::lua_name(name.as_bytes())));
            }
            opcodes::DICE => {
                let (die, count) = (self.int(), self.int());
                self.push(Sym::Int(Int::expr(format!(
                    "d({}, {})",
                    count.lua, die.lua
                ))));
            }
            opcodes::SEL_ADD..=opcodes::SEL_COMPLEMENT => self.selection(op),
            opcodes::NULL => {}
            other => {
                let name = crate::nethack36::opcodes::name(other).unwrap_or("an unknown opcode");
                self.note(format!("{name} (a 3.6 opcode with no 5.0 call)"));
            }
        }
    }

    pub(super) fn place(&mut self) -> Place {
        match self.pop() {
            Sym::Coord(p) => p,
            other => Place::Expr(other.lua(), false),
        }
    }

    pub(super) fn region_sym(&mut self) -> Sym {
        match self.pop() {
            r @ Sym::Region(..) => r,
            other => Sym::Region(other.lua(), None),
        }
    }

    /// One call per cell of a selection: the call's keys for a literal
    /// point, else each cell of the selection in turn.
    fn each_cell(&mut self, sel: &Sym, call: impl Fn(&str) -> String) {
        match sel {
            Sym::Sel(_, Some((x, y))) => self.w.line(&call(&format!("x = {x}, y = {y}"))),
            other => {
                self.w.line(&format!(
                    "selection.iterate({}, function(x, y) {} end)",
                    other.lua(),
                    call("x = x, y = y")
                ));
            }
        }
    }

    /// Opens a block of a call's function that a later record closes.
    fn open(&mut self, call: &str, key: &str, what: Open) {
        self.w.line(&format!("{call}, {key} = function()"));
        self.w.depth += 1;
        let suffix = format!(", {key} = function()\n").len();
        self.open.push((what, self.w.text.len(), suffix));
    }

    /// Closes the block `what` opened; a block nothing was written in
    /// becomes a plain call.
    pub(super) fn close(&mut self, what: Open) {
        let Some(&(open, at, suffix)) = self.open.last() else {
            return;
        };
        if open != what {
            return;
        }
        self.open.pop();
        self.w.depth = self.w.depth.saturating_sub(1);
        if self.w.text.len() == at {
            self.w.text.truncate(at - suffix);
            self.w.text.push_str(" })\n");
        } else {
            self.w.line("end })");
        }
    }

    fn monster(&mut self) {
        let has_inventory = self.int().or(0) != 0;
        let mut keys = Vec::new();
        // A stream jumped into mid-statement (lev_comp 3.6.6 resolves some
        // BREAKs there) runs out of values: no details then.
        for _ in 0..17 {
            if self.stack.is_empty() {
                break;
            }
            let id = self.int().or(-1);
            if !(0..16).contains(&id) {
                break;
            }
            let value = self.pop();
            if let Some(key) = monster_key(self, id, &value) {
                keys.push(key);
            }
        }
        keys.reverse();
        let at = self.place();
        let kind = match self.pop() {
            Sym::Monst(k) => k,
            other => Kind::Expr {
                lua: other.lua(),
                class: false,
            },
        };
        let mut all = kind.keys();
        all.extend(at.keys());
        all.extend(keys);
        if has_inventory {
            let call = format!("des.monster({{ {}", all.join(", "));
            self.open(&call, "inventory", Open::Inventory);
        } else {
            self.w.line(&table_call("monster", all));
        }
    }

    fn object(&mut self) {
        let containment = self.int().or(0);
        let mut keys = Vec::new();
        let mut at = None;
        for _ in 0..16 {
            if self.stack.is_empty() {
                break;
            }
            let id = self.int().or(-1);
            if !(0..15).contains(&id) {
                break;
            }
            let value = self.pop();
            if id == 14 {
                at = Some(match value {
                    Sym::Coord(p) => p,
                    other => Place::Expr(other.lua(), false),
                });
            } else if let Some(key) = object_key(id, &value) {
                keys.push(key);
            }
        }
        let kind = match self.pop() {
            Sym::Obj(k) => k,
            other => Kind::Expr {
                lua: other.lua(),
                class: false,
            },
        };
        let mut all = kind.keys();
        if let Some(at) = at {
            all.extend(at.keys());
        }
        keys.reverse();
        all.extend(keys);
        if containment & 2 != 0 {
            let call = format!("des.object({{ {}", all.join(", "));
            self.open(&call, "contents", Open::Container);
        } else {
            self.w.line(&table_call("object", all));
        }
    }

    fn engraving(&mut self) {
        let kind = self.int();
        let text = self.string();
        let at = self.place();
        let mut keys = at.keys();
        keys.push(format!(
            "type = \"{}\"",
            kind.lit
                .and_then(|k| word(Family::Engraving, k))
                .unwrap_or("engrave")
        ));
        keys.push(format!("text = {text}"));
        self.w.line(&table_call("engraving", keys));
    }

    fn grave(&mut self) {
        let kind = self.int().or(0);
        let text = self.string();
        let at = self.place();
        let mut keys = at.keys();
        if kind == 2 {
            keys.push(format!("text = {text}"));
        }
        self.w.line(&table_call("grave", keys));
    }

    fn trap(&mut self) {
        let kind = self.int();
        let at = self.place();
        let mut keys = Vec::new();
        match kind.lit {
            Some(k) if k >= 0 => {
                if let Some(name) = trap_name(k) {
                    keys.push(format!("type = {}", quoted(name)));
                }
            }
            Some(_) => {}
            None => keys.push(format!("type = {}", kind.lua)),
        }
        keys.extend(at.keys());
        self.w.line(&table_call("trap", keys));
    }

    fn stair(&mut self, ladder: bool) {
        let up = self.int();
        let at = self.place();
        let dir = match up.lit {
            Some(1) => "\"up\"".to_string(),
            Some(_) => "\"down\"".to_string(),
            None => format!("(({}) == 1 and \"up\" or \"down\")", up.lua),
        };
        let mut keys = vec![format!("dir = {dir}")];
        keys.extend(at.keys());
        self.w
            .line(&table_call(if ladder { "ladder" } else { "stair" }, keys));
    }

    fn altar(&mut self) {
        let (align, kind) = (self.int(), self.int());
        let at = self.place();
        let mut keys = at.keys();
        keys.push(format!("align = {}", alignment(&align)));
        let kind = kind
            .lit
            .and_then(|k| word(Family::Altar, k))
            .unwrap_or("altar");
        keys.push(format!("type = \"{kind}\""));
        self.w.line(&table_call("altar", keys));
    }

    fn door(&mut self) {
        let state = self.int();
        let sel = self.pop();
        let state = state
            .lit
            .and_then(|s| word(Family::DoorState, s))
            .unwrap_or("random");
        self.each_cell(&sel, |at| {
            format!("des.door({{ state = \"{state}\", {at} }})")
        });
    }

    fn room_door(&mut self) {
        let (wall, secret, state, pos) = (self.int(), self.int(), self.int(), self.int());
        let state = if secret.or(0) == 1 {
            "secret"
        } else {
            state
                .lit
                .and_then(|s| word(Family::DoorState, s))
                .unwrap_or("random")
        };
        let wall = wall
            .lit
            .and_then(|w| word(Family::Direction, w))
            .unwrap_or("random");
        let mut keys = vec![format!("state = \"{state}\""), format!("wall = \"{wall}\"")];
        if pos.or(-1) >= 0 {
            keys.push(format!("pos = {}", pos.lua));
        }
        self.w.line(&table_call("door", keys));
    }

    fn drawbridge(&mut self) {
        let (dir, state) = (self.int(), self.int());
        let at = self.place();
        let dir = ["north", "south", "east", "west"]
            .get(dir.or(0).clamp(0, 3) as usize)
            .copied()
            .unwrap_or("north");
        let state = match state.or(-1) {
            1 => "open",
            0 => "closed",
            _ => "random",
        };
        let mut keys = vec![format!("dir = \"{dir}\""), format!("state = \"{state}\"")];
        keys.extend(at.keys());
        self.w.line(&table_call("drawbridge", keys));
    }

    fn mazewalk(&mut self) {
        let (fill, stocked, dir) = (self.int(), self.int(), self.int());
        let at = self.place();
        // A random start is any cell of the frame in 3.6 (`ANY_LOC`); 5.0
        // wants one given.
        let mut keys = match at {
            Place::Random => {
                let (w, h) = self.frame;
                vec![format!(
                    "x = math.random(0, {}), y = math.random(0, {})",
                    w - 1,
                    h - 1
                )]
            }
            _ => at.keys(),
        };
        let dir = dir
            .lit
            .and_then(|d| word(Family::Direction, d))
            .unwrap_or("random");
        keys.push(format!("dir = \"{dir}\""));
        if stocked.or(1) == 0 {
            keys.push("stocked = false".into());
        }
        if let Some(t) = fill.lit.filter(|&t| t > 0) {
            keys.push(format!("typ = {}", quoted(&map_char(t))));
        }
        self.w.line(&table_call("mazewalk", keys));
    }

    fn wallify(&mut self) {
        let kind = self.int().or(0);
        let area = self.pop();
        match (kind, &area) {
            (0, Sym::Region(_, Some([x1, y1, x2, y2]))) if *x1 != 0xff => self.w.line(&format!(
                "des.wallify({{ x1 = {x1}, y1 = {y1}, x2 = {x2}, y2 = {y2} }})"
            )),
            (0, _) => self.w.line("des.wallify()"),
            _ => self.w.line(&format!(
                "selection.iterate({}, function(x, y) des.wallify({{ x1 = x, y1 = y, x2 = x, y2 = y }}) end)",
                area.lua()
            )),
        }
    }

    fn corridor(&mut self) {
        let mut v = [0i64; 6];
        for slot in v.iter_mut().rev() {
            *slot = self.int().or(-1);
        }
        let [r1, d1, w1, r2, d2, w2] = v;
        if r1 < 0 || r2 < 0 {
            self.w.line("des.random_corridors()");
            return;
        }
        let dir = |w: i64| word(Family::Direction, w).unwrap_or("random");
        self.w.line(&format!(
            "des.corridor({{ srcroom = {r1}, srcdoor = {d1}, srcwall = \"{}\", destroom = {r2}, destdoor = {d2}, destwall = \"{}\" }})",
            dir(w1),
            dir(w2)
        ));
    }

    fn level_region(&mut self) {
        let name = self.string();
        let mut v = [0i64; 12];
        for slot in v.iter_mut().rev() {
            *slot = self.int().or(0);
        }
        let [ax1, ay1, ax2, ay2, a_lev, bx1, by1, bx2, by2, b_lev, kind, _] = v;
        let area = format!(
            "region = {{{ax1},{ay1},{ax2},{ay2}}}, region_islev = {a_lev}, exclude = {{{bx1},{by1},{bx2},{by2}}}, exclude_islev = {b_lev}"
        );
        let line = match kind {
            0 | 1 => format!(
                "des.levregion({{ {area}, type = \"{}\" }})",
                if kind == 1 { "stair-up" } else { "stair-down" }
            ),
            2 => format!("des.levregion({{ {area}, type = \"portal\", name = {name} }})"),
            3 => format!("des.levregion({{ {area}, type = \"branch\" }})"),
            _ => {
                let dir = match kind {
                    5 => "up",
                    6 => "down",
                    _ => "both",
                };
                format!("des.teleport_region({{ {area}, dir = \"{dir}\" }})")
            }
        };
        self.w.line(&line);
    }

    fn region(&mut self) {
        let (flags, rtype, lit) = (self.int().or(1), self.int().or(0), self.int());
        let region = self.region_sym();
        let filled = flags & 1 != 0;
        let irregular = flags & 2 != 0;
        let offset = unfilled_offset();
        // The compiler closes the region's block with ENDROOM exactly when
        // it is a room of its own, judged on the type with the unfilled
        // offset added.
        let own_room = irregular || filled || rtype != 0;
        let rtype = if !filled && offset > 0 && rtype >= offset {
            rtype - offset
        } else {
            rtype
        };
        let mut keys = vec![
            format!("region = {}", region.lua()),
            format!("lit = {}", lit.lua),
            format!("type = {}", quoted(&room_type(rtype))),
            format!("filled = {}", i32::from(filled)),
        ];
        if irregular {
            keys.push("irregular = true".into());
        }
        if own_room {
            let call = format!("des.region({{ {}", keys.join(", "));
            self.open(&call, "contents", Open::Room);
        } else {
            self.w
                .line(&format!("des.region({{ {} }})", keys.join(", ")));
        }
    }

    fn room(&mut self, sub: bool) {
        let mut v = [0i64; 10];
        for slot in v.iter_mut().rev() {
            *slot = self.int().or(-1);
        }
        // Pushed: type, chance, light, flags, xalign, yalign, x, y, w, h.
        let [rtype, chance, lit, flags, xalign, yalign, x, y, w, h] = v;
        let mut keys = vec![format!("type = {}", quoted(&room_type(rtype.max(0))))];
        if (0..100).contains(&chance) {
            keys.push(format!("chance = {chance}"));
        }
        keys.push(format!("lit = {lit}"));
        if x >= 0 && y >= 0 {
            keys.push(format!("x = {x}, y = {y}"));
        }
        if !sub {
            if let Some(word) =
                word(Family::LeftOrRight, xalign).or((xalign == 3).then_some("center"))
            {
                keys.push(format!("xalign = \"{word}\""));
            }
            let vertical = match yalign {
                1 => Some("top"),
                3 => Some("center"),
                5 => Some("bottom"),
                _ => None,
            };
            if let Some(word) = vertical {
                keys.push(format!("yalign = \"{word}\""));
            }
        }
        if w >= 0 && h >= 0 {
            keys.push(format!("w = {w}, h = {h}"));
        }
        if flags & 1 == 0 {
            keys.push("filled = 0".into());
        }
        let call = format!("des.room({{ {}", keys.join(", "));
        self.open(&call, "contents", Open::Room);
    }

    fn mineralize(&mut self) {
        let values = [self.int(), self.int(), self.int(), self.int()];
        let names = ["gem_prob", "gold_prob", "kelp_moat", "kelp_pool"];
        let keys: Vec<String> = names
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.or(0) >= 0)
            .map(|(n, v)| format!("{n} = {}", v.lua))
            .collect();
        self.w.line(&table_call("mineralize", keys));
    }

    fn replace_terrain(&mut self) {
        let chance = self.int();
        let (to, from) = (self.pop(), self.pop());
        let region = self.region_sym();
        self.w.line(&format!(
            "des.replace_terrain({{ region = {}, fromterrain = {}, toterrain = {}, chance = {} }})",
            region.lua(),
            from.lua(),
            to.lua(),
            chance.lua
        ));
    }

    fn init_level(&mut self) {
        let mut v = [0i64; 8];
        for slot in &mut v {
            *slot = self.int().or(0);
        }
        let [fg, bg, smoothed, joined, lit, walled, filling, style] = v;
        let ch = |t: i64| quoted(&map_char(t));
        let line = match style {
            2 => format!("des.level_init({{ style = \"mazegrid\", bg = {} }})", ch(filling)),
            3 => format!(
                "des.level_init({{ style = \"mines\", fg = {}, bg = {}, smoothed = {}, joined = {}, lit = {lit}, walled = {} }})",
                ch(fg),
                ch(bg),
                smoothed != 0,
                joined != 0,
                walled != 0
            ),
            4 => "des.level_init({ style = \"rogue\" })".to_string(),
            _ => {
                let lit = if lit >= 0 { format!(", lit = {lit}") } else { String::new() };
                format!("des.level_init({{ style = \"solidfill\", fg = {}{lit} }})", ch(filling))
            }
        };
        self.w.line(&line);
    }

    fn level_flags(&mut self) {
        let flags = self.int().or(0);
        let words: Vec<String> = (0..16)
            .map(|b| 1i64 << b)
            .filter(|b| flags & b != 0)
            .filter_map(|b| word(Family::Flag, b))
            .map(|w| format!("\"{w}\""))
            .collect();
        if words.is_empty() {
            return;
        }
        // A MAZE's own "mazelevel" and the FLAGS after it as one call.
        let last = self
            .w
            .text
            .trim_end_matches('\n')
            .rsplit('\n')
            .next()
            .unwrap_or("");
        if let Some(before) = last
            .strip_prefix("des.level_flags(")
            .and_then(|l| l.strip_suffix(')'))
        {
            let before = before.to_string();
            self.w.text.truncate(self.w.text.len() - last.len() - 1);
            self.w
                .line(&format!("des.level_flags({before}, {})", words.join(", ")));
        } else {
            self.w
                .line(&format!("des.level_flags({})", words.join(", ")));
        }
    }

    fn map(&mut self) {
        let (w, h, cells) = (
            self.int().or(0).clamp(0, 80),
            self.int().or(0).clamp(0, 21),
            self.pop(),
        );
        let (_keep, zalign, at) = (self.int(), self.int().or(0), self.place());
        if w <= 0 || h <= 0 {
            // NOMAP: the whole level is the frame again; 5.0 has no map
            // part to undo.
            self.frame = WHOLE_LEVEL;
            return;
        }
        self.frame = (w, h);
        let cells = match cells {
            Sym::Text(bytes) => bytes,
            _ => Vec::new(),
        };
        let rows: Vec<String> = (0..h as usize)
            .map(|y| {
                (0..w as usize)
                    .map(|x| {
                        let t = cells
                            .get(y * w as usize + x)
                            .map_or(0, |&b| i64::from(b) - 1);
                        map_char(t)
                    })
                    .collect()
            })
            .collect();
        let text = rows.join("\n");
        let level = (0..)
            .find(|n| !text.contains(&format!("]{}]", "=".repeat(*n))))
            .unwrap_or(0);
        let eq = "=".repeat(level);
        let placement = match (zalign, &at) {
            (1, Place::At(hv, vv)) => {
                let h = word(Family::LeftOrRight, *hv)
                    .or((*hv == 3).then_some("center"))
                    .unwrap_or("center");
                let v = match vv {
                    1 => "top",
                    5 => "bottom",
                    _ => "center",
                };
                format!("halign = \"{h}\", valign = \"{v}\"")
            }
            // A random spot: one where the part fits on the level.
            (2, Place::Random) => format!(
                "x = math.random(1, {}), y = math.random(0, {})",
                (79 - w).max(1),
                (21 - h).max(0)
            ),
            (2, p) => p.keys().join(", "),
            _ => "halign = \"center\", valign = \"center\"".into(),
        };
        self.w.line(&format!(
            "des.map({{ {placement}, map = [{eq}[\n{text}\n]{eq}] }})"
        ));
    }

    fn math(&mut self, op: i32) {
        let (b, a) = (self.pop(), self.pop());
        let text = |s: &Sym| matches!(s, Sym::Str(_) | Sym::Text(_));
        if op == opcodes::MATH_ADD && (text(&a) || text(&b)) {
            self.push(Sym::Str(format!("({} .. {})", a.lua(), b.lua())));
            return;
        }
        let sign = ["+", "-", "*", "//", "%"][(op - opcodes::MATH_ADD) as usize];
        self.push(Sym::Int(Int::expr(format!(
            "({} {sign} {})",
            a.lua(),
            b.lua()
        ))));
    }
}

/// A monster detail as a table key.
fn monster_key(d: &mut Decompiler, id: i64, value: &Sym) -> Option<String> {
    let int = |v: &Sym| v.lua();
    Some(match id {
        0 => format!("peaceful = {}", int(value)),
        1 => match value {
            Sym::Int(a) => format!("align = {}", alignment(a)),
            other => format!("align = {}", other.lua()),
        },
        2 => format!("asleep = {}", int(value)),
        3 => {
            let text = d.pop();
            let kind = match value {
                Sym::Int(Int { lit: Some(k), .. }) => *k,
                _ => 3,
            };
            let prefix = match kind {
                1 => "ter",
                2 => "obj",
                _ => "mon",
            };
            match text {
                Sym::Text(t) => format!(
                    "appear_as = {}",
                    quoted(&format!("{prefix}:{}", String::from_utf8_lossy(&t)))
                ),
                other => format!("appear_as = \"{prefix}:\" .. {}", other.lua()),
            }
        }
        4 => format!("name = {}", value.lua()),
        5..=9 | 13 | 14 => {
            let key = ["female", "invisible", "cancelled", "revived", "avenge"]
                .get((id - 5) as usize)
                .copied()
                .unwrap_or(if id == 13 { "stunned" } else { "confused" });
            format!("{key} = {}", int(value))
        }
        10..=12 => {
            let key = ["fleeing", "blinded", "paralyzed"][(id - 10) as usize];
            format!("{key} = {}", int(value))
        }
        _ => return None,
    })
}

/// An object detail as a table key.
fn object_key(id: i64, value: &Sym) -> Option<String> {
    let v = value.lua();
    let lit = match value {
        Sym::Int(i) => i.lit,
        _ => None,
    };
    Some(match id {
        0 => format!("spe = {v}"),
        1 => match lit.and_then(|c| word(Family::Curse, c)) {
            Some(w) => format!("buc = \"{w}\""),
            None => return None,
        },
        2 => format!("montype = {v}"),
        3 => format!("name = {v}"),
        4 => format!("quantity = {v}"),
        5 => format!("buried = {v}"),
        6 => format!("lit = {v}"),
        7 => format!("eroded = {v}"),
        8 => format!("locked = {v}"),
        9 => format!("trapped = {v}"),
        10 => format!("recharged = {v}"),
        11 => return None,
        12 => format!("greased = {v}"),
        13 => format!("broken = {v}"),
        _ => return None,
    })
}

/// An alignment value as 5.0 names it (registers as the `align` table
/// the game's converted files shuffle).
fn alignment(a: &Int) -> String {
    match a.lit {
        Some(v) if v >= 0 => format!("\"{}\"", word(Family::Alignment, v).unwrap_or("noalign")),
        Some(-11) => "\"random\"".into(),
        Some(v) if (-3..=-1).contains(&v) => format!("align[{}]", -v),
        _ => a.lua.clone(),
    }
}

/// `x1,y1,x2,y2` of a region value.
pub(super) fn unpack4(region: &Sym) -> String {
    match region {
        Sym::Region(_, Some([a, b, c, d])) => format!("{a},{b},{c},{d}"),
        other => {
            let t = other.lua();
            format!("{t}[1],{t}[2],{t}[3],{t}[4]")
        }
    }
}

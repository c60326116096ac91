//! The checks and values every statement shares: coordinates, chances, classes, registers, names, types and regions.

use super::*;

impl Compiler<'_> {
    pub(super) fn coord_value(&mut self, lb: &LevelBuild, c: &Coord, in_room: bool) -> (i8, i8) {
        match c.kind {
            CoordKind::At(x, y) => {
                if !in_room
                    && !lb.init_present
                    && (x < 0 || x > lb.map.max_x || y < 0 || y > lb.map.max_y)
                {
                    self.error("Coordinates out of map range!", c.span, c.line);
                } else if !in_room && lb.init_present && !lb.map.nomap && !lb.in_map(x, y) {
                    self.diagnostics.push(Diagnostic::warning(
                        code::OUTSIDE_MAP,
                        format!(
                            "({x},{y}) is outside the map part ({}x{})",
                            lb.map.max_x + 1,
                            lb.map.max_y + 1
                        ),
                        c.span,
                    ).with_note("with INIT_MAP the original does not check this; the game places it relative to the map"));
                }
                (x as i8, y as i8)
            }
            CoordKind::Random => (RANDOM, RANDOM),
            CoordKind::Place(n) => {
                if n >= MAX_REGISTERS {
                    self.error("Register Index overflow!", c.span, c.line);
                    (0, 0)
                } else if n < 0 {
                    self.own_error(code::BAD_REGISTER, "register index below 0", c.span);
                    (0, 0)
                } else {
                    let v = (-n - 1) as i8;
                    (v, v)
                }
            }
        }
    }

    /// The original's "X placed in wall" warning, plus our error for
    /// explicit coordinates after NOMAP (the original reads a map that does
    /// not exist there).
    pub(super) fn check_coord(&mut self, lb: &LevelBuild, c: &Coord, what: &str, line: u32) {
        let CoordKind::At(x, y) = c.kind else {
            return;
        };
        if lb.map.nomap {
            self.own_error(
                code::NOMAP_COORD,
                format!("{what} at an explicit position after NOMAP"),
                c.span,
            );
            self.diagnostics
                .last_mut()
                .expect("just pushed")
                .notes
                .push("the original reads map rows that do not exist here and crashes; use `random` or `place[n]`".into());
            return;
        }
        if x >= 0 && y >= 0 && x <= lb.map.max_x && y <= lb.map.max_y {
            let t = lb.map.at(x, y);
            if self.d.is_rock(t) || self.d.is_door(t) {
                self.warning(
                    format!("{what} placed in wall at ({x:02},{y:02})?!"),
                    c.span,
                    line,
                );
            }
        }
    }

    pub(super) fn chance(&mut self, chance: Option<(i32, Span, u32)>) -> i8 {
        match chance {
            None => 100,
            Some((v, span, line)) => {
                if v <= 0 || v > 100 {
                    self.error("Expected percentile chance.", span, line);
                }
                v as i8
            }
        }
    }

    pub(super) fn monster_class(&mut self, c: &ClassSpec, line: u32) -> i32 {
        match c.class {
            Class::Char(ch) => {
                if self.d.is_monster_class(ch) {
                    ch as i32
                } else {
                    self.error("Unknown monster class!", c.span, line);
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) => self.register(n, MAX_REGISTERS, c.span, line),
        }
    }

    pub(super) fn object_class(&mut self, c: &ClassSpec, line: u32) -> i32 {
        match c.class {
            Class::Char(ch) => {
                if self.d.is_object_class(ch) {
                    ch as i32
                } else {
                    self.error("Unknown char class!", c.span, line);
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) => self.register(n, MAX_REGISTERS, c.span, line),
        }
    }

    pub(super) fn register(&mut self, n: i32, max: i32, span: Span, line: u32) -> i32 {
        if n >= max {
            self.error("Register Index overflow!", span, line);
            -1
        } else if n < 0 {
            self.own_error(code::BAD_REGISTER, "register index below 0", span);
            -1
        } else {
            -n - 1
        }
    }

    pub(super) fn alignment(&mut self, a: Align, span: Span, line: u32) -> i8 {
        match a {
            Align::Value(v) => v as i8,
            Align::Random => RANDOM,
            Align::Register(n) => self.register(n, 3, span, line) as i8,
        }
    }

    /// A class's value without its checks (they ran when it was read).
    pub(super) fn class_value(&self, c: &ClassSpec, monsters: bool) -> i32 {
        match c.class {
            Class::Char(ch) => {
                let known = if monsters {
                    self.d.is_monster_class(ch)
                } else {
                    self.d.is_object_class(ch)
                };
                if known {
                    ch as i32
                } else {
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) if (0..MAX_REGISTERS).contains(&n) => -n - 1,
            Class::Register(_) => -1,
        }
    }

    pub(super) fn monster_name(&mut self, name: &Text, class: i32, line: u32) -> Option<i32> {
        let id = self.d.monster_id(&name.text, Some(class as i8 as i32));
        if id.is_none() {
            self.warning(
                "Invalid monster name!  Making random monster.",
                name.span,
                line,
            );
        }
        id.map(|v| v as i32)
    }

    pub(super) fn object_name(&mut self, name: &Text, class: i32, line: u32) -> Option<i32> {
        let id = self.d.object_id(&name.text, class);
        if id.is_none() {
            self.warning(
                "Illegal object name!  Making random object.",
                name.span,
                line,
            );
        }
        id.map(|v| v as i32)
    }

    pub(super) fn trap_type(&mut self, t: &Text, line: u32) -> i8 {
        match self.d.trap(&t.text) {
            Some(v) => v,
            None => {
                self.error("Unknown trap type!", t.span, line);
                -1
            }
        }
    }

    pub(super) fn room_type(&mut self, t: &Option<Text>, line: u32) -> i32 {
        match t {
            None => -1,
            Some(t) => match self.d.room_type(&t.text) {
                Some(v) => v as i32,
                None => {
                    self.warning("Unknown room type!  Making ordinary room...", t.span, line);
                    OROOM
                }
            },
        }
    }

    pub(super) fn room_pos(&mut self, x: i32, y: i32, span: Span, line: u32) {
        if !(1..=5).contains(&x) || !(1..=5).contains(&y) {
            self.error("Room position should be between 1 & 5!", span, line);
        }
    }

    pub(super) fn subroom_pos(&mut self, x: i32, y: i32, span: Span, line: u32) {
        if x < 0 || y < 0 {
            self.error("Invalid subroom position !", span, line);
        }
    }

    pub(super) fn corr_room(&mut self, room: i32, nrooms: usize, span: Span, line: u32) {
        if room < 0 || room as usize >= nrooms {
            self.error("Wrong room number!", span, line);
        }
    }

    pub(super) fn simple_coord(
        &mut self,
        lb: &LevelBuild,
        c: &Coord,
        in_room: bool,
        what: &str,
        line: u32,
    ) -> (i8, i8) {
        let (x, y) = self.coord_value(lb, c, in_room);
        if !in_room && !what.is_empty() {
            self.check_coord(lb, c, what, line);
        }
        (x, y)
    }

    pub(super) fn too_many(&mut self, len: usize, limit: usize, msg: &str, stmt: &Stmt) -> bool {
        if len + 1 >= limit {
            self.error(msg, stmt.span, stmt.line);
            false
        } else {
            true
        }
    }

    /// Adds `item` to `list` unless the list is full (`MAX_OF_TYPE`), which
    /// is the original's error `msg` at the statement.
    pub(super) fn push_unless_full<T>(
        &mut self,
        list: &mut Vec<T>,
        item: T,
        msg: &str,
        stmt: &Stmt,
    ) {
        if self.too_many(list.len(), MAX_OF_TYPE, msg, stmt) {
            list.push(item);
        }
    }

    pub(super) fn lev_region_range(&mut self, lb: &LevelBuild, r: &LevRegion, line: u32) {
        let q = &r.rect;
        if r.absolute {
            if q.x1 <= 0
                || q.x1 >= COLNO
                || q.y1 < 0
                || q.y1 >= ROWNO
                || q.x2 <= 0
                || q.x2 >= COLNO
                || q.y2 < 0
                || q.y2 >= ROWNO
            {
                self.error("Region out of level range!", q.span, line);
            }
        } else {
            self.region_range(lb, q, line);
        }
    }

    pub(super) fn region_range(&mut self, lb: &LevelBuild, r: &Rect4, line: u32) {
        let (mx, my) = (lb.map.max_x, lb.map.max_y);
        if r.x1 < 0
            || r.x1 > mx
            || r.y1 < 0
            || r.y1 > my
            || r.x2 < 0
            || r.x2 > mx
            || r.y2 < 0
            || r.y2 > my
        {
            self.error("Region out of map range!", r.span, line);
        }
    }
}

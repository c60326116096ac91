//! A maze level's terrain: doors, drawbridges, mazewalks, regions, altars, ladders, stairs, fountains, dig and pass bounds, gold, engravings and level regions.

use super::*;

impl Compiler<'_> {
    pub(super) fn maze_door(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        state: i32,
        coord: &Coord,
    ) {
        let line = stmt.line;
        let (x, y) = self.coord_value(lb, coord, false);
        if let CoordKind::At(cx, cy) = coord.kind {
            if lb.map.nomap {
                self.check_coord(lb, coord, "Door", line);
            } else if cx >= 0 && cy >= 0 && !lb.in_map(cx, cy) && lb.init_present {
                self.own_error(
                    code::OUTSIDE_MAP,
                    "DOOR outside the map part: the original checks it against memory past the map",
                    coord.span,
                );
            } else if cx >= 0 && cy >= 0 && lb.in_map(cx, cy) {
                let t = lb.map.at(cx, cy);
                if t != self.d.door && t != self.d.sdoor {
                    self.error("Door decl doesn't match the map", stmt.span, line);
                }
            }
        }
        let n = lb.part().doors.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many doors in mazepart!", stmt) {
            lb.part().doors.push([x, y, state as i8]);
        }
    }

    pub(super) fn drawbridge(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        coord: &Coord,
        dir: i32,
        state: i32,
    ) {
        let line = stmt.line;
        let (x, y) = self.coord_value(lb, coord, false);
        let (mut wx, mut wy) = (x as i32, y as i32);
        let db_dir = match dir {
            1 => {
                wy -= 1;
                0
            }
            2 => {
                wy += 1;
                1
            }
            4 => {
                wx += 1;
                2
            }
            _ => {
                wx -= 1;
                3
            }
        };
        if let CoordKind::At(cx, cy) = coord.kind {
            if lb.map.nomap {
                self.check_coord(lb, coord, "Drawbridge", line);
            } else if cx >= 0 && cy >= 0 && !lb.in_map(wx, wy) && lb.init_present {
                self.own_error(
                    code::OUTSIDE_MAP,
                    "DRAWBRIDGE wall outside the map part: the original checks it against memory past the map",
                    coord.span,
                );
            } else if cx >= 0 && cy >= 0 {
                let wall = lb.in_map(wx, wy) && self.d.is_wall(lb.map.at(wx, wy));
                if !wall {
                    self.error(
                        format!("Wall needed for drawbridge ({cx:02}, {cy:02})"),
                        stmt.span,
                        line,
                    );
                }
            }
        }
        let open = match state {
            2 => 1,
            4 => 0,
            _ => {
                self.error("A drawbridge can only be open or closed!", stmt.span, line);
                0
            }
        };
        let n = lb.part().drawbridges.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many drawbridges in mazepart!", stmt) {
            lb.part().drawbridges.push([x, y, db_dir, open]);
        }
    }

    pub(super) fn mazewalk(&mut self, lb: &mut LevelBuild, stmt: &Stmt, coord: &Coord, dir: i32) {
        let (x, y) = self.coord_value(lb, coord, false);
        let n = lb.part().walks.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many mazewalks in mazepart!", stmt) {
            lb.part().walks.push([x, y, dir as i8]);
        }
    }

    pub(super) fn region(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        rect: &Rect4,
        lit: i32,
        rtype: &Option<Text>,
        prefilled: i32,
    ) {
        let line = stmt.line;
        self.region_range(lb, rect, line);
        let mut rt = self.room_type(rtype, line);
        if prefilled & 1 != 0 {
            rt += self.d.maxrtype + 1;
        }
        let irregular = prefilled & 2 != 0;
        if rect.x1 > rect.x2 || rect.y1 > rect.y2 {
            self.error("Region start > end!", rect.span, line);
        }
        // The original subtracts C ints: extreme corners wrap there,
        // and must give the same verdict here.
        let (width, height) = (rect.x2.wrapping_sub(rect.x1), rect.y2.wrapping_sub(rect.y1));
        if rt == VAULT && (irregular || width != 1 || height != 1) {
            self.error("Vaults must be exactly 2x2!", rect.span, line);
        }
        if self.extra_warnings
            && !irregular
            && rect.x1 > 0
            && rect.y1 > 0
            && rect.x2 < lb.map.max_x
            && rect.y2 < lb.map.max_y
            && !lb.map.nomap
        {
            self.region_warnings(lb, rect, line);
        } else if irregular {
            self.irregular_region_start(lb, rect, line);
        }
        let n = lb.part().regions.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many regions in mazepart!", stmt) {
            lb.part().regions.push([
                rect.x1 as i8,
                rect.y1 as i8,
                rect.x2 as i8,
                rect.y2 as i8,
                rt as i8,
                lit as i8,
                irregular as i8,
            ]);
        }
    }

    /// An irregular region is the room its first corner is in: that
    /// corner must be on the map, and in a room.
    fn irregular_region_start(&mut self, lb: &LevelBuild, rect: &Rect4, line: u32) {
        if lb.map.nomap {
            self.own_error(
                code::NOMAP_COORD,
                "irregular REGION after NOMAP (the original reads a map that does not exist)",
                rect.span,
            );
        } else if !lb.in_map(rect.x1, rect.y1) {
            self.own_error(
                code::OUTSIDE_MAP,
                "irregular REGION starts outside the map",
                rect.span,
            );
        } else if !self.d.is_room(lb.map.at(rect.x1, rect.y1)) {
            self.error(
                format!("Rock in irregular room ({:02},{:02})?!", rect.x1, rect.y1),
                rect.span,
                line,
            );
        }
    }

    pub(super) fn maze_altar(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        coord: &Coord,
        align: Align,
        atype: i32,
    ) {
        let line = stmt.line;
        let (x, y) = self.coord_value(lb, coord, false);
        let a = self.alignment(align, coord.span, line);
        self.check_coord(lb, coord, "Altar", line);
        let n = lb.part().altars.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many altars in room or mazepart!", stmt) {
            lb.part().altars.push([x, y, a, atype as i8]);
        }
    }

    pub(super) fn ladder(&mut self, lb: &mut LevelBuild, stmt: &Stmt, coord: &Coord, up: i32) {
        let (x, y) = self.simple_coord(lb, coord, false, "Ladder", stmt.line);
        let n = lb.part().ladders.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many ladders in mazepart!", stmt) {
            lb.part().ladders.push([x, y, up as i8]);
        }
    }

    pub(super) fn maze_stair(&mut self, lb: &mut LevelBuild, stmt: &Stmt, coord: &Coord, up: i32) {
        let (x, y) = self.simple_coord(lb, coord, false, "Stairway", stmt.line);
        let n = lb.part().stairs.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many stairs in room or mazepart!", stmt) {
            lb.part().stairs.push([x, y, up as i8]);
        }
    }

    pub(super) fn maze_fountain(&mut self, lb: &mut LevelBuild, stmt: &Stmt, c: &Coord) {
        let (x, y) = self.simple_coord(lb, c, false, "Fountain", stmt.line);
        let n = lb.part().fountains.len();
        if self.too_many(
            n,
            MAX_OF_TYPE,
            "Too many fountains in room or mazepart!",
            stmt,
        ) {
            lb.part().fountains.push([x, y]);
        }
    }

    pub(super) fn non_diggable(&mut self, lb: &mut LevelBuild, stmt: &Stmt, r: &Rect4) {
        self.region_range(lb, r, stmt.line);
        let n = lb.part().digs.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many diggables in mazepart!", stmt) {
            lb.part()
                .digs
                .push([r.x1 as i8, r.y1 as i8, r.x2 as i8, r.y2 as i8]);
        }
    }

    pub(super) fn non_passwall(&mut self, lb: &mut LevelBuild, stmt: &Stmt, r: &Rect4) {
        self.region_range(lb, r, stmt.line);
        let n = lb.part().passes.len();
        if self.too_many(n, 32, "Too many passwalls in mazepart!", stmt) {
            lb.part()
                .passes
                .push([r.x1 as i8, r.y1 as i8, r.x2 as i8, r.y2 as i8]);
        }
    }

    pub(super) fn maze_gold(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        amount: i32,
        coord: &Coord,
    ) {
        let (x, y) = self.simple_coord(lb, coord, false, "Gold", stmt.line);
        self.add_gold(lb, stmt, GoldRec { x, y, amount }, false);
    }

    pub(super) fn maze_engraving(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        coord: &Coord,
        etype: i32,
        text: &Text,
    ) {
        let (x, y) = self.simple_coord(lb, coord, false, "Engraving", stmt.line);
        let engraving = EngravingRec {
            x,
            y,
            text: text.text.as_bytes().to_vec(),
            etype: etype as i8,
        };
        self.add_engraving(lb, stmt, engraving, false);
    }

    pub(super) fn region_warnings(&mut self, lb: &LevelBuild, r: &Rect4, line: u32) {
        let mut nrock = 0;
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                let t = lb.map.at(x, y);
                if self.d.is_rock(t) || self.d.is_door(t) {
                    nrock += 1;
                }
            }
        }
        if nrock > 0 {
            self.warning(
                format!(
                    "Rock in room ({:02},{:02},{:02},{:02})?!",
                    r.x1, r.y1, r.x2, r.y2
                ),
                r.span,
                line,
            );
        }
        let corners = [
            (r.x1 - 1, r.y1 - 1),
            (r.x1 - 1, r.y2 + 1),
            (r.x2 + 1, r.y1 - 1),
            (r.x2 + 1, r.y2 + 1),
        ];
        if corners
            .iter()
            .any(|&(x, y)| !self.d.is_rock(lb.map.at(x, y)))
        {
            self.warning(
                format!(
                    "NonRock edge in room ({:02},{:02},{:02},{:02})?!",
                    r.x1, r.y1, r.x2, r.y2
                ),
                r.span,
                line,
            );
        }
    }

    pub(super) fn lev_region(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        area: &LevRegion,
        avoid: &LevRegion,
        rtype: i8,
        name: Vec<u8>,
    ) {
        let line = stmt.line;
        for r in [area, avoid] {
            self.lev_region_range(lb, r, line);
        }
        let rect = |r: &LevRegion| {
            [
                r.rect.x1 as i8,
                r.rect.y1 as i8,
                r.rect.x2 as i8,
                r.rect.y2 as i8,
            ]
        };
        let rec = LevRegionRec {
            inarea: rect(area),
            delarea: rect(avoid),
            in_islev: area.absolute as i8,
            del_islev: avoid.absolute as i8,
            rtype,
            name,
        };
        let n = lb.part().lregions.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many levregions in mazepart!", stmt) {
            lb.part().lregions.push(rec);
        }
    }
}

//! A maze level: its statements in order, its map parts and their register lists.

use super::*;

impl Compiler<'_> {
    pub(super) fn maze_stmt(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        use StmtKind as S;
        if lb.parts.is_empty() && !matches!(stmt.kind, S::MapPart { .. }) {
            // Only after a syntax error: give the statement a part to go in.
            lb.parts.push(Part::default());
        }
        match &stmt.kind {
            S::MapPart { geometry, map } => self.map_part(lb, stmt, *geometry, *map),
            S::RandomObjects(list) => self.maze_random_objects(lb, stmt, list),
            S::RandomMonsters(list) => self.maze_random_monsters(lb, stmt, list),
            S::RandomPlaces(list) => self.random_places(lb, stmt, list),
            S::Monster { .. } => self.add_monster(lb, stmt, false),
            S::Object { .. } => self.add_object(lb, stmt, false),
            S::Door { state, coord } => self.maze_door(lb, stmt, *state, coord),
            S::Trap { .. } => self.maze_trap(lb, stmt),
            S::Drawbridge { coord, dir, state } => self.drawbridge(lb, stmt, coord, *dir, *state),
            S::Mazewalk { coord, dir } => self.mazewalk(lb, stmt, coord, *dir),
            S::Wallify => self.wallify(lb, stmt),
            S::Region {
                rect,
                lit,
                rtype,
                prefilled,
            } => self.region(lb, stmt, rect, *lit, rtype, *prefilled),
            S::Altar {
                coord,
                align,
                atype,
            } => self.maze_altar(lb, stmt, coord, *align, *atype),
            S::Ladder { coord, up } => self.ladder(lb, stmt, coord, *up),
            S::Stair { coord, up } => self.maze_stair(lb, stmt, coord, *up),
            S::StairRegion { area, avoid, up } => {
                let rtype = if *up != 0 { 1 } else { 0 };
                self.lev_region(lb, stmt, area, avoid, rtype, Vec::new());
            }
            S::Portal { area, avoid, dest } => {
                self.lev_region(lb, stmt, area, avoid, 2, dest.text.as_bytes().to_vec());
            }
            S::TeleportRegion { area, avoid, dir } => {
                let rtype = match dir {
                    0 => 6,
                    1 => 5,
                    _ => 4,
                };
                self.lev_region(lb, stmt, area, avoid, rtype, Vec::new());
            }
            S::BranchRegion { area, avoid } => {
                self.lev_region(lb, stmt, area, avoid, 3, Vec::new());
            }
            S::Fountain(c) => self.maze_fountain(lb, stmt, c),
            S::NonDiggable(r) => self.non_diggable(lb, stmt, r),
            S::NonPasswall(r) => self.non_passwall(lb, stmt, r),
            S::Gold { amount, coord } => self.maze_gold(lb, stmt, *amount, coord),
            S::Engraving { coord, etype, text } => {
                self.maze_engraving(lb, stmt, coord, *etype, text)
            }
            S::Partial(_) => self.partial(lb, stmt, false),
            // Room statements in a maze level only after a syntax error.
            _ => {}
        }
    }

    /// `GEOMETRY` with its map, or `NOMAP`: a new part.
    fn map_part(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        geometry: Option<(i32, i32)>,
        map: Option<usize>,
    ) {
        let mut part = Part::default();
        match (geometry, map) {
            (Some((h, v)), Some(m)) => {
                part.halign = h as i8;
                part.valign = v as i8;
                // The lexer numbered the maps it read: `m` is one of them.
                let maps = self.maps;
                self.scan_map(lb, &mut part, &maps[m], stmt);
            }
            _ => {
                part.halign = 1;
                part.valign = 1;
                part.xsize = 1;
                part.ysize = 1;
                part.map = vec![vec![STONE]];
                lb.map.max_x = COLNO - 1;
                lb.map.max_y = ROWNO;
                lb.map.nomap = true;
            }
        }
        // The original's `store_part` empties the register lists
        // when a part ends.
        lb.olist.clear();
        lb.mlist.clear();
        lb.plist.clear();
        lb.parts.push(part);
    }

    fn maze_random_objects(&mut self, lb: &mut LevelBuild, stmt: &Stmt, list: &[ClassSpec]) {
        let line = stmt.line;
        let regs = self.register_list(&mut lb.olist, list, line, false);
        let part = lb.part();
        if !part.robjects.is_empty() {
            self.error("Object registers already initialized!", stmt.span, line);
        } else {
            lb.part().robjects = regs;
        }
    }

    fn maze_random_monsters(&mut self, lb: &mut LevelBuild, stmt: &Stmt, list: &[ClassSpec]) {
        let line = stmt.line;
        let regs = self.register_list(&mut lb.mlist, list, line, true);
        if !lb.part().rmonst.is_empty() {
            self.error("Monster registers already initialized!", stmt.span, line);
        } else {
            lb.part().rmonst = regs;
        }
    }

    fn random_places(&mut self, lb: &mut LevelBuild, stmt: &Stmt, list: &[Coord]) {
        let line = stmt.line;
        // Like the other lists, the original's place list grows
        // over the whole map part: a second list adds to the first.
        for c in list {
            self.coord_value(lb, c, false);
            let v = coord_register(c);
            if lb.plist.len() < MAX_REGISTERS as usize {
                lb.plist.push(v);
            } else {
                self.error("Location list too long!", c.span, line);
            }
        }
        let regs = lb.plist.clone();
        if !lb.part().rlocs.is_empty() {
            self.error("Location registers already initialized!", stmt.span, line);
        } else {
            lb.part().rlocs = regs;
        }
    }

    fn wallify(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        if lb.map.nomap {
            self.own_error(
                code::NOMAP_WALLIFY,
                "WALLIFY after NOMAP: there is no map to wallify (the original walks an 80x22 area over a 1x1 map)",
                stmt.span,
            );
        } else {
            lb.wallify(self.d);
            let rows = lb.map.rows.clone();
            lb.part().map = rows;
        }
    }

    pub(super) fn scan_map(
        &mut self,
        lb: &mut LevelBuild,
        part: &mut Part,
        map: &MapBlock,
        stmt: &Stmt,
    ) {
        let width = map.rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        let height = map.rows.len();
        let mut rows = Vec::with_capacity(height);
        for (_, row) in &map.rows {
            let mut codes: Vec<i8> = row.iter().map(|&c| self.map_codes[c as usize]).collect();
            codes.resize(width, STONE);
            rows.push(codes);
        }
        if width > MAP_X_LIM || height > MAP_Y_LIM {
            self.error(
                format!("Map too large! (max {MAP_X_LIM} x {MAP_Y_LIM})"),
                map.span,
                stmt.line,
            );
        }
        if width == 0 || height == 0 {
            self.own_error(code::EMPTY_MAP, "empty map", map.span);
        }
        lb.map = MapState {
            max_x: width as i32 - 1,
            max_y: height as i32 - 1,
            rows: rows.clone(),
            nomap: false,
        };
        part.xsize = width as i8;
        part.ysize = height as i8;
        part.map = rows;
    }

    /// Adds a RANDOM_OBJECTS / RANDOM_MONSTERS list to the part's (or room
    /// level's) list so far and returns that whole list: the original
    /// resets its counter only when a part ends or a level starts, so a
    /// repeated statement continues the first list, and elements past ten
    /// are "too long". Elements are added last first (the grammar's list
    /// is right-recursive).
    pub(super) fn register_list(
        &mut self,
        regs: &mut Vec<i8>,
        list: &[ClassSpec],
        line: u32,
        monsters: bool,
    ) -> Vec<i8> {
        // Each class is checked as it is read; the list itself is built
        // when all of it has been read, last element first.
        let values: Vec<i32> = list
            .iter()
            .map(|c| {
                if monsters {
                    self.monster_class(c, line)
                } else {
                    self.object_class(c, line)
                }
            })
            .collect();
        for (c, v) in list.iter().zip(values).rev() {
            if regs.len() < MAX_REGISTERS as usize {
                regs.push(v as i8);
            } else if monsters {
                self.error("Monster list too long!", c.span, line);
            } else {
                self.error("Object list too long!", c.span, line);
            }
        }
        regs.clone()
    }
}

//! A room level: its register lists, rooms and subrooms, corridors, and what each room holds.

use super::*;

impl Compiler<'_> {
    pub(super) fn room_stmt(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        if self.room_level_stmt(lb, stmt) {
            return;
        }
        // Room details: they go into the current room (the dummy room when
        // there is none, which only happens after a syntax error).
        if lb.rooms.is_empty() {
            lb.rooms.push(RoomRec::default());
            lb.room_spans.push(stmt.span);
        }
        self.room_detail(lb, stmt);
    }

    /// The statements of the level rather than of a room; false for the
    /// others.
    fn room_level_stmt(&mut self, lb: &mut LevelBuild, stmt: &Stmt) -> bool {
        use StmtKind as S;
        let line = stmt.line;
        match &stmt.kind {
            S::RandomObjects(list) => {
                let regs = self.register_list(&mut lb.olist, list, line, false);
                if lb.room_regs.0 {
                    self.error("Object registers already initialized!", stmt.span, line);
                } else {
                    lb.room_regs.0 = true;
                    lb.room_body.robjects = regs;
                }
            }
            S::RandomMonsters(list) => {
                let regs = self.register_list(&mut lb.mlist, list, line, true);
                if lb.room_regs.1 {
                    self.error("Monster registers already initialized!", stmt.span, line);
                } else {
                    lb.room_regs.1 = true;
                    lb.room_body.rmonst = regs;
                }
            }
            S::Room {
                rtype,
                lit,
                pos,
                align,
                size,
                filled,
            } => {
                let rt = self.room_type(rtype, line);
                let (x, y) = match pos {
                    Some((x, y)) => {
                        self.room_pos(*x, *y, stmt.span, line);
                        (*x, *y)
                    }
                    None => (-1, -1),
                };
                let (xa, ya) = align.unwrap_or((-1, -1));
                let (w, h) = size.unwrap_or((-1, -1));
                lb.rooms.push(RoomRec {
                    fields: [
                        x as i8,
                        y as i8,
                        w as i8,
                        h as i8,
                        xa as i8,
                        ya as i8,
                        rt as i8,
                        0,
                        *lit as i8,
                        *filled as i8,
                    ],
                    ..RoomRec::default()
                });
                lb.room_spans.push(stmt.span);
            }
            S::Subroom { .. } => self.subroom(lb, stmt),
            S::RandomCorridors => {
                lb.random_corridors = true;
                lb.room_body.corridors = vec![[-1, 0, 0, 0, 0, 0]];
            }
            S::Corridor { src, dest } => self.corridor(lb, stmt, src, dest),
            _ => return false,
        }
        true
    }

    fn subroom(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        let StmtKind::Subroom {
            rtype,
            lit,
            pos,
            size,
            parent,
            filled,
        } = &stmt.kind
        else {
            return;
        };
        let line = stmt.line;
        let rt = self.room_type(rtype, line);
        let (x, y) = match pos {
            Some((x, y)) => {
                self.subroom_pos(*x, *y, stmt.span, line);
                (*x, *y)
            }
            None => (-1, -1),
        };
        let (w, h) = size.unwrap_or((-1, -1));
        lb.rooms.push(RoomRec {
            parent: parent.text.as_bytes().to_vec(),
            fields: [
                x as i8,
                y as i8,
                w as i8,
                h as i8,
                -1,
                -1,
                rt as i8,
                0,
                *lit as i8,
                *filled as i8,
            ],
            ..RoomRec::default()
        });
        lb.room_spans.push(stmt.span);
    }

    fn corridor(&mut self, lb: &mut LevelBuild, stmt: &Stmt, src: &CorrSpec, dest: &CorrDest) {
        let line = stmt.line;
        let nrooms = self.carried.rooms + lb.rooms.len();
        let mut rec = [0i8; 6];
        for (i, spec) in [
            Some(src),
            if let CorrDest::Room(d) = dest {
                Some(d)
            } else {
                None
            },
        ]
        .into_iter()
        .enumerate()
        {
            if let Some(spec) = spec {
                self.corr_room(spec.room, nrooms, spec.span, line);
                rec[i * 3] = spec.room as i8;
                rec[i * 3 + 1] = spec.wall as i8;
                rec[i * 3 + 2] = spec.door as i8;
            }
        }
        if let CorrDest::Nxcor(n) = dest {
            rec[3] = -1;
            rec[4] = *n as i8;
            rec[5] = 0;
        }
        let n = if lb.random_corridors {
            lb.room_body.corridors.len()
        } else {
            self.carried.corridors + lb.room_body.corridors.len()
        };
        if self.too_many(n, MAX_OF_TYPE, "Too many corridors in level!", stmt) {
            lb.room_body.corridors.push(rec);
        }
    }

    /// A statement about the current room (there is one).
    fn room_detail(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        use StmtKind as S;
        let line = stmt.line;
        match &stmt.kind {
            S::Name(t) => self.room_name(lb, stmt, t),
            S::Chance(v) => self.room_chance(lb, stmt, *v),
            S::RoomDoor {
                secret,
                state,
                wall,
                pos,
            } => self.room_door(lb, stmt, [*wall, *pos, *secret, *state]),
            S::Monster { .. } => self.add_monster(lb, stmt, true),
            S::Object { .. } => self.add_object(lb, stmt, true),
            S::Trap { .. } => self.room_trap(lb, stmt),
            S::Altar {
                coord,
                align,
                atype,
            } => {
                let (x, y) = self.coord_value(lb, coord, true);
                let a = self.alignment(*align, coord.span, line);
                let n = lb.room().altars.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many altars in room or mazepart!", stmt) {
                    lb.room().altars.push([x, y, a, *atype as i8]);
                }
            }
            S::Fountain(c) => {
                let (x, y) = self.coord_value(lb, c, true);
                let n = lb.room().fountains.len();
                if self.too_many(
                    n,
                    MAX_OF_TYPE,
                    "Too many fountains in room or mazepart!",
                    stmt,
                ) {
                    lb.room().fountains.push([x, y]);
                }
            }
            S::Sink(c) => {
                let (x, y) = self.coord_value(lb, c, true);
                let n = lb.room().sinks.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many sinks in room!", stmt) {
                    lb.room().sinks.push([x, y]);
                }
            }
            S::Pool(c) => {
                let (x, y) = self.coord_value(lb, c, true);
                let n = lb.room().pools.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many pools in room!", stmt) {
                    lb.room().pools.push([x, y]);
                }
            }
            S::Gold { amount, coord } => {
                let (x, y) = self.coord_value(lb, coord, true);
                let amount = *amount;
                self.add_gold(lb, stmt, GoldRec { x, y, amount }, true);
            }
            S::Engraving { coord, etype, text } => {
                self.room_engraving(lb, stmt, coord, *etype, text)
            }
            S::Stair { coord, up } => {
                let (x, y) = self.coord_value(lb, coord, true);
                let n = lb.room().stairs.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many stairs in room or mazepart!", stmt) {
                    lb.room().stairs.push([x, y, *up as i8]);
                }
            }
            S::Partial(_) => self.partial(lb, stmt, true),
            // Maze statements in a room level only after a syntax error.
            _ => {}
        }
    }

    fn room_name(&mut self, lb: &mut LevelBuild, stmt: &Stmt, t: &Text) {
        let room = lb.room();
        if !room.name.is_empty() {
            self.error("This room already has a name!", stmt.span, stmt.line);
        } else {
            room.name = t.text.as_bytes().to_vec();
        }
    }

    fn room_chance(&mut self, lb: &mut LevelBuild, stmt: &Stmt, v: i32) {
        let line = stmt.line;
        let fields = lb.room().fields;
        if fields[7] != 0 {
            self.error("This room already assigned a chance!", stmt.span, line);
        } else if fields[6] as i32 == OROOM {
            self.error("Only typed rooms can have a chance!", stmt.span, line);
        } else if !(1..=99).contains(&v) {
            self.error(self.d.chance_message(), stmt.span, line);
        } else {
            lb.room().fields[7] = v as i8;
        }
    }

    fn room_engraving(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        coord: &Coord,
        etype: i32,
        text: &Text,
    ) {
        let (x, y) = self.coord_value(lb, coord, true);
        let engraving = EngravingRec {
            x,
            y,
            text: text.text.as_bytes().to_vec(),
            etype: etype as i8,
        };
        self.add_engraving(lb, stmt, engraving, true);
    }

    /// A room's door, from its wall, position, secrecy and state (the
    /// record's order).
    fn room_door(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        [wall, pos, secret, state]: [i32; 4],
    ) {
        if wall == -1 && pos != -1 {
            self.error(
                "If the door wall is random, so must be its pos!",
                stmt.span,
                stmt.line,
            );
        } else {
            let n = lb.room().doors.len();
            if self.too_many(n, MAX_OF_TYPE, "Too many doors in room!", stmt) {
                lb.room()
                    .doors
                    .push([wall as i8, pos as i8, secret as i8, state as i8]);
            }
        }
    }
}

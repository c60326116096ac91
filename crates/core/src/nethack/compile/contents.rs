//! Monsters, objects and traps: their records, and where each level kind stores them.

use super::*;

impl Compiler<'_> {
    pub(super) fn monster(
        &mut self,
        lb: &LevelBuild,
        stmt: &Stmt,
        in_room: bool,
    ) -> Option<MonsterRec> {
        let StmtKind::Monster {
            chance,
            class,
            name,
            coord,
            infos,
        } = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let class = self.monster_class(class, line);
        let (x, y) = self.coord_value(lb, coord, in_room);
        let mut m = MonsterRec {
            id: -1,
            align: -(MAX_REGISTERS as i8) - 2,
            x,
            y,
            chance,
            class: class as i8,
            appear: 0,
            peaceful: -1,
            asleep: -1,
            ..MonsterRec::default()
        };
        if !in_room {
            self.check_coord(lb, coord, "Monster", line);
        }
        if let Some(name) = name {
            if let Some(id) = self.monster_name(name, class, line) {
                m.id = id as i16;
            }
        }
        for info in infos {
            match info {
                MonInfo::Name(t) => m.name = t.text.as_bytes().to_vec(),
                MonInfo::Attitude(v) => m.peaceful = *v as i8,
                MonInfo::Alertness(v) => m.asleep = *v as i8,
                MonInfo::Align(a, span) => m.align = self.alignment(*a, *span, line),
                MonInfo::Appear(v, t) => {
                    m.appear = *v as i8;
                    m.appear_as = t.text.as_bytes().to_vec();
                }
            }
        }
        Some(m)
    }

    pub(super) fn object(
        &mut self,
        lb: &LevelBuild,
        stmt: &Stmt,
        in_room: bool,
    ) -> Option<ObjectRec> {
        let StmtKind::Object(ObjectStmt {
            container,
            chance,
            class,
            name,
            coord,
            curse,
            monster,
            spe,
            oname,
        }) = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let class = self.object_class(class, line);
        let mut o = ObjectRec {
            corpsenm: -1,
            id: -1,
            spe: -127,
            chance,
            class: class as i8,
            curse_state: -1,
            ..ObjectRec::default()
        };
        if let Some(name) = name {
            if let Some(id) = self.object_name(name, class, line) {
                o.id = id as i16;
            }
        }
        match coord {
            Some(c) => {
                let (x, y) = self.coord_value(lb, c, in_room);
                o.x = x;
                o.y = y;
                if !in_room {
                    self.check_coord(lb, c, "Object", line);
                }
            }
            None => {
                o.containment = 1;
                o.x = RANDOM;
                o.y = RANDOM;
            }
        }
        if let Some(c) = curse {
            o.curse_state = *c as i8;
        }
        if let Some(m) = monster {
            o.corpsenm = match self.d.monster_id(&m.text, None) {
                Some(id) => id as i32,
                None => -2,
            };
        }
        if let Some(s) = spe {
            o.spe = *s as i16;
        }
        if let Some(n) = oname {
            o.name = n.text.as_bytes().to_vec();
        }
        if *container {
            o.containment = 2;
        }
        Some(o)
    }

    pub(super) fn trap(&mut self, lb: &LevelBuild, stmt: &Stmt, in_room: bool) -> Option<[i8; 4]> {
        let StmtKind::Trap {
            chance,
            name,
            coord,
        } = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let ttype = match name {
            None => -1,
            Some(t) => self.trap_type(t, line),
        };
        let (x, y) = self.coord_value(lb, coord, in_room);
        if !in_room {
            self.check_coord(lb, coord, "Trap", line);
        }
        Some([x, y, chance, ttype])
    }

    /// A MONSTER statement's record, in its map part (`in_room` false)
    /// or its room.
    pub(super) fn add_monster(&mut self, lb: &mut LevelBuild, stmt: &Stmt, in_room: bool) {
        if let Some(m) = self.monster(lb, stmt, in_room) {
            let msg = "Too many monsters in room or mazepart!";
            self.push_unless_full(&mut lb.things(in_room).monsters, m, msg, stmt);
        }
    }

    /// An OBJECT statement's record, and where it came from (for the
    /// containers' checks).
    pub(super) fn add_object(&mut self, lb: &mut LevelBuild, stmt: &Stmt, in_room: bool) {
        if let Some(o) = self.object(lb, stmt, in_room) {
            let n = lb.things(in_room).objects.len();
            if self.too_many(
                n,
                MAX_OF_TYPE,
                "Too many objects in room or mazepart!",
                stmt,
            ) {
                let containment = o.containment;
                lb.things(in_room).objects.push(o);
                let owner = if in_room {
                    lb.rooms.len()
                } else {
                    lb.parts.len()
                } - 1;
                lb.object_sites.push(ObjectSite {
                    owner,
                    containment,
                    span: stmt.span,
                });
            }
        }
    }

    pub(super) fn add_gold(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        gold: GoldRec,
        in_room: bool,
    ) {
        let msg = "Too many golds in room or mazepart!";
        self.push_unless_full(&mut lb.things(in_room).golds, gold, msg, stmt);
    }

    pub(super) fn add_engraving(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        engraving: EngravingRec,
        in_room: bool,
    ) {
        let msg = "Too many engravings in room or mazepart!";
        self.push_unless_full(&mut lb.things(in_room).engravings, engraving, msg, stmt);
    }

    pub(super) fn maze_trap(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        if let Some(t) = self.trap(lb, stmt, false) {
            let n = lb.part().traps.len();
            if self.too_many(n, MAX_OF_TYPE, "Too many traps in room or mazepart!", stmt) {
                lb.part().traps.push(t);
            }
        }
    }

    pub(super) fn room_trap(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        if let Some(t) = self.trap(lb, stmt, true) {
            let n = lb.room().traps.len();
            if self.too_many(n, MAX_OF_TYPE, "Too many traps in room or mazepart!", stmt) {
                lb.room().traps.push(t);
            }
        }
    }
}

//! Statements a syntax error cut short: the checks of the parts the original had read.

use super::*;

impl Compiler<'_> {
    /// The checks the original makes on the parts of a statement it could
    /// not finish (its grammar actions run as soon as a part is reduced),
    /// in the order it read them.
    pub(super) fn partial(&mut self, lb: &mut LevelBuild, stmt: &Stmt, in_room: bool) {
        let StmtKind::Partial(pieces) = &stmt.kind else {
            return;
        };
        for piece in pieces {
            match piece {
                Piece::Chance(v, span, line) => {
                    self.chance(Some((*v, *span, *line)));
                }
                Piece::MonsterClass(c, line) => {
                    self.monster_class(c, *line);
                }
                Piece::ObjectClass(c, line) => {
                    self.object_class(c, *line);
                }
                Piece::Coord(c) => {
                    self.coord_value(lb, c, in_room);
                }
                Piece::PlaceAdded(c) => {
                    if lb.plist.len() < MAX_REGISTERS as usize {
                        let v = coord_register(c);
                        lb.plist.push(v);
                    } else {
                        self.error("Location list too long!", c.span, c.line);
                    }
                }
                Piece::RoomType(t, line) => {
                    self.room_type(&Some(t.clone()), *line);
                }
                Piece::RoomPos(x, y, span, line) => self.room_pos(*x, *y, *span, *line),
                Piece::SubroomPos(x, y, span, line) => self.subroom_pos(*x, *y, *span, *line),
                Piece::CorrRoom(room, span, line) => {
                    let nrooms = self.carried.rooms + lb.rooms.len();
                    self.corr_room(*room, nrooms, *span, *line);
                }
                Piece::Region(r, line) => self.lev_region_range(lb, r, *line),
                Piece::TrapName(t, line) => {
                    self.trap_type(t, *line);
                }
                Piece::AlignRegister(n, span, line) => {
                    self.register(*n, 3, *span, *line);
                }
                Piece::MonsterHead {
                    class,
                    name,
                    coord,
                    line,
                } => {
                    if !in_room {
                        self.check_coord(lb, coord, "Monster", *line);
                    }
                    if let Some(name) = name {
                        let class = self.class_value(class, true);
                        self.monster_name(name, class, *line);
                    }
                }
                Piece::ObjectName { class, name, line } => {
                    let class = self.class_value(class, false);
                    self.object_name(name, class, *line);
                }
                Piece::ObjectAt(c, line) => {
                    if !in_room {
                        self.check_coord(lb, c, "Object", *line);
                    }
                }
            }
        }
    }
}

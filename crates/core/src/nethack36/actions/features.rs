//! Dungeon features: traps, drawbridges, mazewalks, stairs, fountains, altars, graves, engravings.

use super::{op, s};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lev::Value;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a dungeon feature rule, or `None` for another family's rule.
    pub(super) fn feature_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::Trap => self.emit_int_op(self.int_at(len, 3), op::TRAP),
            Act::TrapName => {
                let name = self.text_at(len, 1);
                let trap = self.names().trap(&name);
                if trap.is_none() {
                    self.error(format!("Unknown trap type '{}'!", s(&name)), true);
                }
                Sem::Int(trap.unwrap_or(-1))
            }
            Act::Drawbridge => self.drawbridge(len),
            Act::Mazewalk => {
                let dir = self.int_at(len, 5);
                self.ints(&[dir, 1, 0]);
                self.op(op::MAZEWALK);
                Sem::None
            }
            Act::MazewalkFull => {
                let (dir, stock, fill) = (
                    self.int_at(len, 5),
                    self.int_at(len, 7),
                    self.int_at(len, 8),
                );
                self.ints(&[dir, stock, fill]);
                self.op(op::MAZEWALK);
                Sem::None
            }
            Act::WallifyAll => {
                // SP_REGION_PACK(-1,-1,-1,-1) is computed in `int` (-1)
                // and read as a `long`: this build writes 0xffffffff.
                self.push(Value::Region(0xffff_ffff));
                self.int(0);
                self.op(op::WALLIFY);
                Sem::None
            }
            Act::Wallify => self.emit_int_op(1, op::WALLIFY),
            Act::Ladder => self.emit_int_op(self.int_at(len, 5), op::LADDER),
            Act::Stair => self.emit_int_op(self.int_at(len, 5), op::STAIR),
            Act::Fountain => self.emit_op(op::FOUNTAIN),
            Act::Sink => self.emit_op(op::SINK),
            Act::Pool => self.emit_op(op::POOL),
            Act::Altar => {
                let (align, kind) = (self.int_at(len, 5), self.int_at(len, 7));
                self.ints(&[kind, align]);
                self.op(op::ALTAR);
                Sem::None
            }
            Act::GraveText => self.emit_int_op(2, op::GRAVE),
            Act::GraveRandom | Act::Grave => {
                self.string(b"");
                self.int(i64::from(act == Act::GraveRandom));
                self.op(op::GRAVE);
                Sem::None
            }
            Act::Gold => self.emit_op(op::GOLD),
            Act::Engraving => self.emit_int_op(self.int_at(len, 5), op::ENGRAVING),
            Act::Mineralize => self.emit_op(op::MINERALIZE),
            Act::MineralizeDefault => {
                self.ints(&[-1, -1, -1, -1]);
                self.op(op::MINERALIZE);
                Sem::None
            }
            Act::Forge => self.emit_op(op::FORGE),
            Act::MagicChest => self.emit_op(op::MAGIC_CHEST),
            Act::Puddle => self.emit_op(op::PUDDLE),
            Act::Sewage => self.emit_op(op::SEWAGE),
            _ => return None,
        })
    }

    /// DRAWBRIDGE: its direction and state, as the game numbers them.
    fn drawbridge(&mut self, len: usize) -> Sem {
        let dir = match self.int_at(len, 5) {
            1 => 0,
            2 => 1,
            4 => 2,
            8 => 3,
            other => {
                self.error("Invalid drawbridge direction.", false);
                other
            }
        };
        let state = match self.int_at(len, 7) {
            2 => 1,
            4 => 0,
            -1 => -1,
            _ => {
                self.error("A drawbridge can only be open, closed or random!", false);
                0
            }
        };
        self.ints(&[state, dir]);
        self.op(op::DRAWBRIDGE);
        Sem::None
    }
}

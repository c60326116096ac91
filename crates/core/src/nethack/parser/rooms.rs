//! A room level's statements: `ROOM`, `SUBROOM`, a room's `DOOR`, and `CORRIDOR`.

use super::{PResult, Parser};
use crate::nethack::ast::*;
use crate::nethack::lexer::{Tok, Val};
use vaultwright_model::source::Span;

impl Parser<'_> {
    pub(super) fn room(&mut self) -> PResult<StmtKind> {
        let rtype = self.room_type()?;
        self.comma()?;
        let lit = self.val_or_random(Val::LightState, "`lit`, `unlit` or `random`")?;
        self.comma()?;
        let pos = self.room_pos(false)?;
        self.comma()?;
        let align = if self.is_random() {
            self.bump();
            None
        } else {
            self.punct(b'(', "`(`")?;
            let align = self.placement()?;
            self.punct(b')', "`)`")?;
            Some(align)
        };
        self.comma()?;
        let size = self.pair_or_random()?;
        let filled = self.roomfill()?;
        Ok(StmtKind::Room {
            rtype,
            lit,
            pos,
            align,
            size,
            filled,
        })
    }

    pub(super) fn subroom(&mut self) -> PResult<StmtKind> {
        let rtype = self.room_type()?;
        self.comma()?;
        let lit = self.val_or_random(Val::LightState, "`lit`, `unlit` or `random`")?;
        self.comma()?;
        let pos = self.room_pos(true)?;
        self.comma()?;
        let size = self.pair_or_random()?;
        self.comma()?;
        let parent = self.string()?;
        let filled = self.roomfill()?;
        Ok(StmtKind::Subroom {
            rtype,
            lit,
            pos,
            size,
            parent,
            filled,
        })
    }

    /// A room's or subroom's position, or `random`.
    fn room_pos(&mut self, subroom: bool) -> PResult<Option<(i32, i32)>> {
        let start = self.peek().span.start as usize;
        let pos = self.pair_or_random()?;
        if let Some((x, y)) = pos {
            let span = Span::new(start, self.prev_end());
            let line = self.colon_line;
            self.pieces.push(if subroom {
                Piece::SubroomPos(x, y, span, line)
            } else {
                Piece::RoomPos(x, y, span, line)
            });
        }
        Ok(pos)
    }

    pub(super) fn room_door(&mut self) -> PResult<StmtKind> {
        let secret = self.val_or_random(Val::Boolean, "`true`, `false` or `random`")?;
        self.comma()?;
        let state = self.val_or_random(Val::DoorState, "a door state")?;
        self.comma()?;
        let wall = self.val_or_random(Val::Direction, "a wall direction or `random`")?;
        self.comma()?;
        let pos = self.door_pos()?;
        Ok(StmtKind::RoomDoor {
            secret,
            state,
            wall,
            pos,
        })
    }

    /// A door's place along its wall: an integer or `random`.
    fn door_pos(&mut self) -> PResult<i32> {
        match self.tok() {
            Tok::Integer(v) => {
                self.bump();
                Ok(v)
            }
            Tok::Val(Val::Random, v) => {
                self.bump();
                Ok(v)
            }
            _ => self.fail("a door position (integer or `random`)"),
        }
    }

    pub(super) fn corridor(&mut self) -> PResult<StmtKind> {
        let src = self.corr_spec()?;
        self.comma()?;
        let dest = if let Tok::Integer(v) = self.tok() {
            self.bump();
            CorrDest::Nxcor(v)
        } else {
            CorrDest::Room(self.corr_spec()?)
        };
        Ok(StmtKind::Corridor { src, dest })
    }

    fn corr_spec(&mut self) -> PResult<CorrSpec> {
        let start = self.peek().span.start as usize;
        self.punct(b'(', "`(`")?;
        let room = self.integer()?;
        self.comma()?;
        let wall = self.val(Val::Direction, "a direction")?;
        self.comma()?;
        let door = self.door_pos()?;
        self.punct(b')', "`)`")?;
        let span = Span::new(start, self.prev_end());
        self.pieces
            .push(Piece::CorrRoom(room, span, self.colon_line));
        Ok(CorrSpec {
            room,
            wall,
            door,
            span,
        })
    }
}

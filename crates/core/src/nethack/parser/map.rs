//! The level-wide and map-part statements: `FLAGS`, `INIT_MAP`, `GEOMETRY` with its map, and `RANDOM_PLACES`.

use super::{PResult, Parser};
use crate::nethack::ast::*;
use crate::nethack::lexer::{Tok, Val};

impl Parser<'_> {
    pub(super) fn flags(&mut self) -> PResult<StmtKind> {
        let mut flags = 0;
        loop {
            flags |= self.val(Val::FlagType, "a level flag")?;
            if self.tok() != Tok::Punct(b',') {
                break;
            }
            self.bump();
        }
        Ok(StmtKind::Flags(flags))
    }

    pub(super) fn init_map(&mut self) -> PResult<StmtKind> {
        let fg = self.map_char()?;
        self.comma()?;
        let bg = self.map_char()?;
        self.comma()?;
        let smoothed = self.val(Val::Boolean, "`true` or `false`")?;
        self.comma()?;
        let joined = self.val(Val::Boolean, "`true` or `false`")?;
        self.comma()?;
        let lit = self.val_or_random(Val::LightState, "`lit`, `unlit` or `random`")?;
        self.comma()?;
        let walled = self.val_or_random(Val::Boolean, "`true`, `false` or `random`")?;
        Ok(StmtKind::InitMap(InitMap {
            fg,
            bg,
            smoothed,
            joined,
            lit,
            walled,
        }))
    }

    pub(super) fn geometry(&mut self) -> PResult<StmtKind> {
        let (h, v) = self.placement()?;
        let map = match self.tok() {
            Tok::Map(i) => {
                self.bump();
                i as usize
            }
            _ => return self.fail("a map (`MAP` alone on a line … `ENDMAP`)"),
        };
        Ok(StmtKind::MapPart {
            geometry: Some((h, v)),
            map: Some(map),
        })
    }

    /// A horizontal and a vertical alignment, `left,top` (of a map part,
    /// or between the parentheses of a room's).
    pub(super) fn placement(&mut self) -> PResult<(i32, i32)> {
        let h = match self.tok() {
            Tok::Val(Val::LeftOrRight | Val::Center, v) => {
                self.bump();
                v
            }
            _ => return self.fail("a horizontal alignment"),
        };
        self.comma()?;
        let v = match self.tok() {
            Tok::Val(Val::TopOrBot | Val::Center, v) => {
                self.bump();
                v
            }
            _ => return self.fail("`top`, `center` or `bottom`"),
        };
        Ok((h, v))
    }

    pub(super) fn random_places(&mut self) -> PResult<StmtKind> {
        let mut list = Vec::new();
        loop {
            if self.tok() != Tok::Punct(b'(') {
                return self.fail("a place `(x,y)`");
            }
            let c = self.coordinate()?;
            list.push(c);
            if self.tok() != Tok::Punct(b',') {
                break;
            }
            self.pieces.push(Piece::PlaceAdded(c));
            self.bump();
        }
        Ok(StmtKind::RandomPlaces(list))
    }

    pub(super) fn map_char(&mut self) -> PResult<u8> {
        match self.tok() {
            Tok::Char(c) => {
                self.bump();
                Ok(c)
            }
            _ => self.fail("a map character like `'.'`"),
        }
    }
}

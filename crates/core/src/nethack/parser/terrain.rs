//! The map's features: doors, drawbridges, mazewalks, regions, altars, ladders, stairs and level regions.

use super::{PResult, Parser};
use crate::nethack::ast::*;
use crate::nethack::lexer::{Tok, Val};

impl Parser<'_> {
    /// A map door (a room level's doors are [`Parser::room_door`]).
    pub(super) fn door(&mut self) -> PResult<StmtKind> {
        let state = self.val_or_random(Val::DoorState, "a door state")?;
        self.comma()?;
        Ok(StmtKind::Door {
            state,
            coord: self.coordinate()?,
        })
    }

    pub(super) fn drawbridge(&mut self) -> PResult<StmtKind> {
        let coord = self.coordinate()?;
        self.comma()?;
        let dir = self.val(Val::Direction, "a direction")?;
        self.comma()?;
        let state = self.val_or_random(Val::DoorState, "a door state")?;
        Ok(StmtKind::Drawbridge { coord, dir, state })
    }

    pub(super) fn mazewalk(&mut self) -> PResult<StmtKind> {
        let coord = self.coordinate()?;
        self.comma()?;
        Ok(StmtKind::Mazewalk {
            coord,
            dir: self.val(Val::Direction, "a direction")?,
        })
    }

    pub(super) fn region_stmt(&mut self) -> PResult<StmtKind> {
        let rect = self.region()?;
        self.comma()?;
        let lit = self.val_or_random(Val::LightState, "`lit`, `unlit` or `random`")?;
        self.comma()?;
        let rtype = self.room_type()?;
        let mut prefilled = 0;
        if self.tok() == Tok::Punct(b',') {
            self.bump();
            prefilled = self.val(Val::Filling, "`filled` or `unfilled`")?;
            if self.tok() == Tok::Punct(b',') {
                self.bump();
                prefilled += self.val(Val::Boolean, "`true` or `false`")? << 1;
            }
        }
        Ok(StmtKind::Region {
            rect,
            lit,
            rtype,
            prefilled,
        })
    }

    pub(super) fn altar(&mut self) -> PResult<StmtKind> {
        let coord = self.coordinate()?;
        self.comma()?;
        let align = self.alignment()?;
        self.comma()?;
        let atype = self.val_or_random(Val::AltarType, "an altar type")?;
        Ok(StmtKind::Altar {
            coord,
            align,
            atype,
        })
    }

    pub(super) fn ladder(&mut self) -> PResult<StmtKind> {
        let coord = self.coordinate()?;
        self.comma()?;
        Ok(StmtKind::Ladder {
            coord,
            up: self.val(Val::UpOrDown, "`up` or `down`")?,
        })
    }

    /// A stairway at a position, or (in a maze level) a stair region:
    /// `levregion(…)`, or a `(x1,y1,x2,y2)` whose fourth token is a comma.
    pub(super) fn stair(&mut self) -> PResult<StmtKind> {
        if !self.room_ctx
            && (matches!(self.tok(), Tok::Val(Val::Lev, _))
                || self.tok() == Tok::Punct(b'(')
                    && self.toks.get(self.pos + 4).map(|t| t.tok) == Some(Tok::Punct(b',')))
        {
            let area = self.lev_region()?;
            self.comma()?;
            let avoid = self.lev_region()?;
            self.comma()?;
            Ok(StmtKind::StairRegion {
                area,
                avoid,
                up: self.val(Val::UpOrDown, "`up` or `down`")?,
            })
        } else {
            let coord = self.coordinate()?;
            self.comma()?;
            Ok(StmtKind::Stair {
                coord,
                up: self.val(Val::UpOrDown, "`up` or `down`")?,
            })
        }
    }

    pub(super) fn portal(&mut self) -> PResult<StmtKind> {
        let area = self.lev_region()?;
        self.comma()?;
        let avoid = self.lev_region()?;
        self.comma()?;
        Ok(StmtKind::Portal {
            area,
            avoid,
            dest: self.string()?,
        })
    }

    pub(super) fn teleport_region(&mut self) -> PResult<StmtKind> {
        let area = self.lev_region()?;
        self.comma()?;
        let avoid = self.lev_region()?;
        let mut dir = -1;
        if self.tok() == Tok::Punct(b',') {
            self.bump();
            dir = self.val(Val::UpOrDown, "`up` or `down`")?;
        }
        Ok(StmtKind::TeleportRegion { area, avoid, dir })
    }

    pub(super) fn branch(&mut self) -> PResult<StmtKind> {
        let area = self.lev_region()?;
        self.comma()?;
        Ok(StmtKind::BranchRegion {
            area,
            avoid: self.lev_region()?,
        })
    }
}

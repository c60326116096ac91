//! What a level holds: `MONSTER`, `OBJECT` and `CONTAINER`, `TRAP`, `GOLD` and `ENGRAVING`.

use super::{PResult, Parser};
use crate::nethack::ast::*;
use crate::nethack::lexer::{Tok, Val};
use vaultwright_model::source::Span;

/// A statement's optional `[n%]`, as [`Parser::chance`] read it.
type Chance = Option<(i32, Span, u32)>;

impl Parser<'_> {
    pub(super) fn monster(&mut self, chance: Chance) -> PResult<StmtKind> {
        let class = self.class(Val::MRegister, "a monster class")?;
        self.comma()?;
        let name = self.name_or_random()?;
        self.comma()?;
        let coord = self.coordinate()?;
        self.pieces.push(Piece::MonsterHead {
            class,
            name: name.clone(),
            coord,
            line: self.colon_line,
        });
        let mut infos = Vec::new();
        while self.tok() == Tok::Punct(b',') {
            self.bump();
            infos.push(self.monster_info()?);
        }
        Ok(StmtKind::Monster {
            chance,
            class,
            name,
            coord,
            infos,
        })
    }

    /// One of the details after a monster's position.
    fn monster_info(&mut self) -> PResult<MonInfo> {
        Ok(match self.tok() {
            Tok::Str => MonInfo::Name(self.string()?),
            Tok::Val(Val::MonAttitude, v) => {
                self.bump();
                MonInfo::Attitude(v)
            }
            Tok::Val(Val::MonAlertness, v) => {
                self.bump();
                MonInfo::Alertness(v)
            }
            Tok::Val(Val::Alignment | Val::Random | Val::ARegister, _) => {
                let s = self.peek().span.start as usize;
                let a = self.alignment()?;
                MonInfo::Align(a, Span::new(s, self.prev_end()))
            }
            Tok::Val(Val::MonAppearance, v) => {
                self.bump();
                MonInfo::Appear(v, self.string()?)
            }
            _ => {
                return self
                    .fail("a monster detail (name, attitude, alertness, alignment or appearance)")
            }
        })
    }

    pub(super) fn object(&mut self, container: bool, chance: Chance) -> PResult<StmtKind> {
        let class = self.class(Val::ORegister, "an object class")?;
        self.comma()?;
        let name = self.name_or_random()?;
        if let Some(name) = &name {
            self.pieces.push(Piece::ObjectName {
                class,
                name: name.clone(),
                line: self.colon_line,
            });
        }
        self.comma()?;
        let coord = if let Tok::Val(Val::Contained, _) = self.tok() {
            self.bump();
            None
        } else {
            let c = self.coordinate()?;
            self.pieces.push(Piece::ObjectAt(c, self.colon_line));
            Some(c)
        };
        let (mut curse, mut monster, mut spe, mut oname) = (None, None, None, None);
        if self.tok() == Tok::Punct(b',') {
            self.bump();
            (curse, monster) = self.object_curse_and_monster()?;
            spe = match self.tok() {
                Tok::Val(Val::Random, _) => {
                    self.bump();
                    None
                }
                Tok::Integer(v) => {
                    self.bump();
                    Some(v)
                }
                _ => return self.fail("an enchantment (integer or `random`)"),
            };
            if self.tok() == Tok::Punct(b',') {
                self.bump();
                match self.tok() {
                    Tok::Val(Val::None, _) => {
                        self.bump();
                    }
                    Tok::Str => oname = Some(self.string()?),
                    _ => return self.fail("an object name or `none`"),
                }
            }
        }
        Ok(StmtKind::Object(ObjectStmt {
            container,
            chance,
            class,
            name,
            coord,
            curse,
            monster,
            spe,
            oname,
        }))
    }

    /// An object's curse state (or `random`) and monster name, either or
    /// both, each followed by its comma; one of them must be there.
    fn object_curse_and_monster(&mut self) -> PResult<(Option<i32>, Option<Text>)> {
        let (mut curse, mut monster) = (None, None);
        match self.tok() {
            Tok::Val(k @ (Val::Random | Val::CurseType), v) => {
                self.bump();
                curse = (k == Val::CurseType).then_some(v);
                self.comma()?;
                if self.tok() == Tok::Str {
                    monster = Some(self.string()?);
                    self.comma()?;
                }
            }
            Tok::Str => {
                monster = Some(self.string()?);
                self.comma()?;
            }
            _ => return self.fail("a curse state, a monster name or `random`"),
        }
        Ok((curse, monster))
    }

    pub(super) fn trap(&mut self, chance: Chance) -> PResult<StmtKind> {
        let name = self.name_or_random()?;
        if let Some(t) = &name {
            self.pieces
                .push(Piece::TrapName(t.clone(), self.colon_line));
        }
        self.comma()?;
        Ok(StmtKind::Trap {
            chance,
            name,
            coord: self.coordinate()?,
        })
    }

    pub(super) fn gold(&mut self) -> PResult<StmtKind> {
        let amount = match self.tok() {
            Tok::Integer(v) => {
                self.bump();
                v
            }
            Tok::Val(Val::Random, v) => {
                self.bump();
                v
            }
            _ => return self.fail("an amount (integer or `random`)"),
        };
        self.comma()?;
        Ok(StmtKind::Gold {
            amount,
            coord: self.coordinate()?,
        })
    }

    pub(super) fn engraving(&mut self) -> PResult<StmtKind> {
        let coord = self.coordinate()?;
        self.comma()?;
        let etype = self.val_or_random(Val::EngravingType, "an engraving type")?;
        self.comma()?;
        Ok(StmtKind::Engraving {
            coord,
            etype,
            text: self.string()?,
        })
    }
}

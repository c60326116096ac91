//! Levels: LEVEL and MAZE headers, the level's end, INIT_MAP, FLAGS, MESSAGE, random vaults.

use super::{op, s, BAD_FILE_NAME, COLNO, INVALID, ROWNO};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a level-wide rule, or `None` for another family's rule.
    pub(super) fn level_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::LevelStart | Act::MazeStart => self.level_start(act, len),
            Act::LevelEnd => {
                let name = self.text_at(len, 1);
                self.finish_level(&name);
                Sem::None
            }
            Act::InitSolidfill | Act::InitMazegrid | Act::InitRogue | Act::InitMines => {
                self.init_map(act, len);
                Sem::None
            }
            Act::NoFlags => {
                self.ints(&[0]);
                self.op(op::LEVEL_FLAGS);
                Sem::None
            }
            Act::Flags => {
                let flags = self.int_at(len, 3);
                if let Some(bit) = self.profile.facts().rnd_vault_flag {
                    self.rnd_vault |= flags & bit != 0;
                }
                self.int(flags);
                self.op(op::LEVEL_FLAGS);
                Sem::None
            }
            Act::Message => {
                self.op(op::MESSAGE);
                Sem::None
            }
            Act::Vaultgen | Act::Mindepth => self.rnd_vault_setting(act, len),
            _ => return None,
        })
    }

    /// EvilHack's VAULTGEN and MINDEPTH: a random vault's frequency and
    /// least depth.
    fn rnd_vault_setting(&mut self, act: Act, len: usize) -> Sem {
        let value = self.int_at(len, 3);
        let (what, slot) = if act == Act::Vaultgen {
            ("VAULTGEN", "frequency")
        } else {
            ("MINDEPTH", "value")
        };
        if !self.rnd_vault {
            self.error(format!("{what} without rndvault FLAG."), false);
        } else if value <= 0 {
            self.error(format!("Invalid {what} {slot}."), false);
        } else if act == Act::Vaultgen {
            self.rnd_vault_freq = value;
        } else {
            self.rnd_vault_mindepth = value;
        }
        Sem::None
    }

    fn level_start(&mut self, act: Act, len: usize) -> Sem {
        let name = self.text_at(len, 3);
        if name.contains(&b'.') {
            self.error(
                format!("Invalid dot ('.') in level name '{}'.", s(&name)),
                true,
            );
        }
        if name.len() > 14 {
            self.error(
                format!("Level names limited to 14 characters ('{}').", s(&name)),
                true,
            );
        }
        let shown = String::from_utf8_lossy(&name);
        if let Some(why) = vaultwright_model::file_name::problem(&shown) {
            // The reference writes `<name>.lev` wherever the name points.
            self.own_error(
                BAD_FILE_NAME,
                format!(
                    "Level name '{}' cannot be used as a file name: {why}.",
                    vaultwright_model::file_name::shown(&shown)
                ),
            );
        }
        self.clear_ops();
        self.unused_variable_warnings();
        self.vars.clear();
        if act == Act::LevelStart {
            // A variant's random-vault state is reset by LEVEL only, not
            // by MAZE (EvilHack's `level_def`).
            self.rnd_vault = false;
            self.rnd_vault_freq = 1;
            self.rnd_vault_mindepth = 0;
        }
        if act == Act::MazeStart {
            let filler = self.int_at(len, 5);
            if filler == -1 {
                let hwall = self.profile.facts().terrain.hwall;
                self.ints(&[2, hwall, 0, 0, 0, 0, 0, 0]);
            } else {
                // The filler is a type code already; the reference
                // converts it again as if it were a character.
                self.ints(&[1, self.map_char(filler), 0, 0, 0, 0, 0, 0]);
            }
            self.op(op::INITLEVEL);
            self.ints(&[32]);
            self.op(op::LEVEL_FLAGS);
            self.session.max_x_map = COLNO - 1;
            self.session.max_y_map = ROWNO;
        }
        Sem::Text(name)
    }

    fn init_map(&mut self, act: Act, len: usize) {
        let facts = self.profile.facts();
        let terrain = facts.terrain;
        let invalid = |t: i64| t == INVALID || t >= terrain.max_type;
        match act {
            Act::InitSolidfill => {
                let (fill, lit) = match self.v(len, 5) {
                    Sem::Terr(t, l) => (*t, *l),
                    _ => (INVALID, -2),
                };
                if invalid(fill) {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[1, fill, 0, lit, 0, 0, 0, 0]);
            }
            Act::InitMazegrid => {
                let fill = self.map_char(self.int_at(len, 5));
                if invalid(fill) {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[2, fill, 0, 0, 0, 0, 0, 0]);
            }
            Act::InitRogue => self.ints(&[4, 0, 0, 0, 0, 0, 0, 0]),
            _ => {
                let fg = self.map_char(self.int_at(len, 5));
                let bg = self.map_char(self.int_at(len, 7));
                let [smoothed, joined, lit, walled, fill] =
                    [9, 11, 13, 15, 16].map(|k| self.int_at(len, k));
                if invalid(fg) {
                    self.error("INIT_MAP: Invalid foreground type.", false);
                }
                if invalid(bg) {
                    self.error("INIT_MAP: Invalid background type.", false);
                }
                let joinable =
                    fg == terrain.corr || fg == terrain.room || facts.joinable.contains(&fg);
                if joined != 0 && !joinable {
                    self.error("INIT_MAP: Invalid foreground type for joined map.", false);
                }
                if fill == INVALID {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[3, fill, walled, lit, joined, smoothed, bg, fg]);
            }
        }
        self.op(op::INITLEVEL);
        if act != Act::InitRogue {
            self.session.max_x_map = COLNO - 1;
            self.session.max_y_map = ROWNO;
        }
    }
}

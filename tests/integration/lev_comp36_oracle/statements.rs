//! The statements of the generated programs, one writer each.

use super::{Gen, ROOMS, TRAPS};

impl Gen {
    /// `MESSAGE: text`.
    pub(super) fn message(&mut self) {
        let m = self.string_expr();
        self.line(&format!("MESSAGE: {m}"));
    }

    /// `MONSTER`, sometimes holding an `OBJECT`.
    pub(super) fn monster_statement(&mut self) {
        let (m, c, i) = (self.monster(), self.coord(), self.monster_infos());
        if self.rng.chance(25) {
            let (o, infos) = (self.object(), self.object_infos(false));
            self.line(&format!("MONSTER: {m}, {c}{i} {{"));
            self.line(&format!("  OBJECT: {o}{infos}"));
            self.line("}");
        } else {
            self.line(&format!("MONSTER: {m}, {c}{i}"));
        }
    }

    /// `OBJECT` with its fields and a place among them.
    pub(super) fn object_statement(&mut self) {
        let (o, infos) = (self.object(), self.object_infos(true));
        self.line(&format!("OBJECT: {o}{infos}"));
    }

    /// `CONTAINER` holding one `OBJECT`.
    pub(super) fn container(&mut self) {
        let infos = self.object_infos(true);
        let (o, i2) = (self.object(), self.object_infos(false));
        self.line(&format!("CONTAINER: ('(', \"chest\"){infos} {{"));
        self.line(&format!("  OBJECT: {o}{i2}"));
        self.line("}");
    }

    /// `TRAP: type, place`.
    pub(super) fn trap(&mut self) {
        let (t, c) = (self.rng.word(TRAPS), self.coord());
        self.line(&format!("TRAP: {t}, {c}"));
    }

    /// `TERRAIN: selection, character`.
    pub(super) fn terrain(&mut self) {
        let (sel, m) = (self.selection(0), self.mapchar());
        self.line(&format!("TERRAIN: {sel}, {m}"));
    }

    /// `REPLACE_TERRAIN: region, from, to, percent`.
    pub(super) fn replace_terrain(&mut self) {
        let (r, a, b) = (self.region(), self.mapchar(), self.mapchar());
        let p = self.rng.range(0, 100);
        self.line(&format!("REPLACE_TERRAIN: {r}, {a}, {b}, {p}%"));
    }

    /// `IF [condition] { … }`, sometimes with `ELSE`.
    pub(super) fn if_block(&mut self) {
        let c = self.condition();
        let n = 1 + self.rng.below(2) as usize;
        self.block(&format!("IF {c}"), n);
        if self.rng.chance(40) {
            self.block("ELSE", 1);
        }
    }

    /// `LOOP [count] { … }`.
    pub(super) fn loop_block(&mut self) {
        let n = self.int_expr(1);
        let count = 1 + self.rng.below(2) as usize;
        self.block(&format!("LOOP [{n}]"), count);
    }

    /// `FOR $var = a TO b { … }` (the variable stays defined).
    pub(super) fn for_block(&mut self) {
        let v = self.rng.word(&["$i", "$j", "$k"]);
        let (a, b) = (self.int_expr(1), self.int_expr(1));
        let to = self.rng.word(&["TO", ".."]);
        self.block(&format!("FOR {v} = {a} {to} {b}"), 1);
        if !self.vars.iter().any(|(n, _)| n == v) {
            self.vars.push((v.to_string(), "int"));
        }
    }

    /// `SWITCH [e] { CASE …: … DEFAULT: … }`.
    pub(super) fn switch_block(&mut self) {
        let e = self.int_expr(1);
        self.line(&format!("SWITCH [{e}] {{"));
        for _ in 0..self.rng.below(4) {
            let v = self.rng.word(&["0", "1", "-1", "+2", "3"]);
            self.line(&format!("CASE {v}:"));
            self.depth += 1;
            self.statement();
            if self.rng.chance(50) {
                self.line("BREAK");
            }
            self.depth -= 1;
        }
        if self.rng.chance(50) {
            self.line("DEFAULT:");
            self.depth += 1;
            self.statement();
            self.depth -= 1;
        }
        self.line("}");
    }

    /// `[condition]: MESSAGE: text`.
    pub(super) fn conditional_message(&mut self) {
        let c = self.condition();
        let m = self.string_expr();
        self.line(&format!("{c}: MESSAGE: {m}"));
    }

    /// `ALTAR: place, alignment, type`.
    pub(super) fn altar(&mut self) {
        let (c, a) = (
            self.coord(),
            self.rng
                .word(&["law", "chaos", "noalign", "align[0]", "random"]),
        );
        let t = self.rng.word(&["altar", "shrine", "sanctum", "random"]);
        self.line(&format!("ALTAR: {c}, {a}, {t}"));
    }

    /// `GRAVE: place [, text]`.
    pub(super) fn grave(&mut self) {
        let c = self.coord();
        let tail = match self.rng.below(3) {
            0 => String::new(),
            1 => ", random".into(),
            _ => format!(", {}", self.string_expr()),
        };
        self.line(&format!("GRAVE: {c}{tail}"));
    }

    /// `GOLD: amount, place`.
    pub(super) fn gold(&mut self) {
        let (n, c) = (self.int_expr(1), self.coord());
        self.line(&format!("GOLD: {n}, {c}"));
    }

    /// `ENGRAVING: place, type, text`.
    pub(super) fn engraving(&mut self) {
        let (c, s) = (self.coord(), self.string_expr());
        let t = self
            .rng
            .word(&["dust", "burn", "engrave", "mark", "blood", "random"]);
        self.line(&format!("ENGRAVING: {c}, {t}, {s}"));
    }

    /// `STAIR` or `LADDER`: place, direction.
    pub(super) fn stair(&mut self) {
        let c = self.coord();
        let kw = self.rng.word(&["STAIR", "LADDER"]);
        let d = self.rng.word(&["up", "down"]);
        self.line(&format!("{kw}: {c}, {d}"));
    }

    /// `FOUNTAIN`, `SINK`, `POOL` or `WALLIFY` on a selection.
    pub(super) fn feature(&mut self) {
        let (kw, sel) = (
            self.rng.word(&["FOUNTAIN", "SINK", "POOL", "WALLIFY"]),
            self.selection(0),
        );
        self.line(&format!("{kw}: {sel}"));
    }

    /// `DOOR: state, selection`.
    pub(super) fn door(&mut self) {
        let st = self.rng.word(&[
            "open", "closed", "locked", "nodoor", "broken", "secret", "random",
        ]);
        let sel = self.selection(0);
        self.line(&format!("DOOR: {st}, {sel}"));
    }

    /// `DRAWBRIDGE: place, direction, state`.
    pub(super) fn drawbridge(&mut self) {
        let c = self.coord();
        let d = self.rng.word(&["north", "south", "east", "west"]);
        let st = self.rng.word(&["open", "closed", "random"]);
        self.line(&format!("DRAWBRIDGE: {c}, {d}, {st}"));
    }

    /// `MAZEWALK: place, direction [, flags]`.
    pub(super) fn mazewalk(&mut self) {
        let c = self.coord();
        let d = self.rng.word(&["north", "south", "east", "west"]);
        let tail = self
            .rng
            .word(&["", ", true", ", false, '.'", ", true, '#'"]);
        self.line(&format!("MAZEWALK: {c}, {d}{tail}"));
    }

    /// `NON_DIGGABLE` or `NON_PASSWALL` on a region.
    pub(super) fn non_diggable(&mut self) {
        let kw = self.rng.word(&["NON_DIGGABLE", "NON_PASSWALL"]);
        let r = self.region();
        self.line(&format!("{kw}: {r}"));
    }

    /// A statement of two level regions: `STAIR`, `PORTAL`,
    /// `TELEPORT_REGION` or `BRANCH`.
    pub(super) fn level_region(&mut self) {
        let lr = |g: &mut Gen| {
            if g.rng.chance(50) {
                format!(
                    "levregion({},{},{},{})",
                    g.rng.range(1, 10),
                    g.rng.range(0, 5),
                    g.rng.range(10, 79),
                    g.rng.range(5, 20)
                )
            } else {
                format!(
                    "({},{},{},{})",
                    g.rng.range(0, 3),
                    g.rng.range(0, 3),
                    g.rng.range(3, 8),
                    g.rng.range(3, 6)
                )
            }
        };
        let (a, b) = (lr(self), lr(self));
        let s = match self.rng.below(4) {
            0 => format!("STAIR: {a}, {b}, up"),
            1 => format!("PORTAL: {a}, {b}, \"town\""),
            2 => format!(
                "TELEPORT_REGION: {a}, {b}{}",
                self.rng.word(&["", ", down", ", up"])
            ),
            _ => format!("BRANCH: {a}, {b}"),
        };
        self.line(&s);
    }

    /// `REGION: region, light, type [, flags]`, sometimes with a block.
    pub(super) fn region_statement(&mut self) {
        let (r, t) = (self.region(), self.rng.word(ROOMS));
        let l = self.rng.word(&["lit", "unlit", "random"]);
        let flags = self.rng.word(&[
            "",
            ", filled",
            ", unfilled",
            ", unfilled, irregular",
            ", filled, unjoined",
        ]);
        if self.rng.chance(40) {
            self.block(&format!("REGION: {r}, {l}, {t}{flags}"), 1);
        } else {
            self.line(&format!("REGION: {r}, {l}, {t}{flags}"));
        }
    }

    /// `ROOM { … }` with a statement, sometimes a `SUBROOM` and a `ROOMDOOR`.
    pub(super) fn room(&mut self) {
        let t = self.rng.word(ROOMS);
        let chance = self.rng.word(&["", "[50%]", "[100%]"]);
        let l = self.rng.word(&["lit", "unlit", "random"]);
        let pos = self.rng.word(&["random", "(1,1)", "(3,2)", "(5,5)"]);
        let align = self.rng.word(&[
            "random",
            "(left,top)",
            "(center,center)",
            "(right,bottom)",
            "(half-left,center)",
        ]);
        let size = self.rng.word(&["random", "(4,3)", "(10,5)"]);
        let flags = self.rng.word(&["", ", filled", ", unfilled, irregular"]);
        self.line(&format!(
            "ROOM: {t}{chance}, {l}, {pos}, {align}, {size}{flags} {{"
        ));
        self.depth += 1;
        self.statement();
        if self.rng.chance(40) {
            let sub = format!("SUBROOM: {}, lit, (1,1), (2,2)", self.rng.word(ROOMS));
            self.block(&sub, 1);
        }
        if self.rng.chance(30) {
            let d = self.rng.word(&[
                "ROOMDOOR: true, open, north, random",
                "ROOMDOOR: random, locked, south|east, 2",
                "ROOMDOOR: false, closed, random, random",
            ]);
            self.line(d);
        }
        self.depth -= 1;
        self.line("}");
    }

    /// `RANDOM_CORRIDORS`, `CORRIDOR` or `EXIT`.
    pub(super) fn corridors(&mut self) {
        let s = self.rng.word(&[
            "RANDOM_CORRIDORS",
            "RANDOM_CORRIDORS: 3",
            "RANDOM_CORRIDORS: random",
            "CORRIDOR: (0,north,2), (1,south,random)",
            "CORRIDOR: (0,east,1), -1",
            "EXIT",
        ]);
        self.line(s);
    }

    /// `MINERALIZE`, `WALLIFY`, `INIT_MAP` or `NOMAP`.
    pub(super) fn level_setup(&mut self) {
        let s = self.rng.word(&[
            "MINERALIZE",
            "MINERALIZE: 1, 2, 3, 4",
            "WALLIFY",
            "INIT_MAP: solidfill, ' '",
            "INIT_MAP: mazegrid, '-'",
            "INIT_MAP: mines, '.', ' ', true, true, lit, false",
            "INIT_MAP: mines, '.', ' ', true, true, random, true, 'T'",
            "INIT_MAP: solidfill, ('.', lit)",
            "NOMAP",
        ]);
        self.line(s);
    }

    /// `SHUFFLE` of an array variable, if there is one.
    pub(super) fn shuffle(&mut self) {
        if let Some(v) = self.var_of("int[]").or_else(|| self.var_of("coord[]")) {
            self.line(&format!("SHUFFLE: {v}"));
        }
    }

    /// `BREAK`, inside a block.
    pub(super) fn break_out(&mut self) {
        if self.depth > 0 {
            self.line("BREAK");
        }
    }
}

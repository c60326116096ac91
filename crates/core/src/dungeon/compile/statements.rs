//! The statements of a dungeon description, one reader each (the grammar
//! actions and the checks `dgn_comp` runs as it reads them).

use super::{
    claim_slot, Branch, Couple, Dungeon, Level, Lost, PResult, Parser, Stop, LIMIT, OUTSIDE,
};
use crate::dungeon::lexer::{keyword_text, Kw, Tok};
use vaultwright_model::source::Span;

/// Where a chained level or branch statement and its parts are, and the
/// line the original's messages about it give.
struct Place {
    span: Span,
    name: Span,
    chain: Span,
    line: u32,
}

impl<'a> Parser<'a> {
    pub(super) fn statement(&mut self, kw: Kw) -> PResult<()> {
        let kw_tok = self.bump();
        let start = kw_tok.span.start as usize;
        self.punct(b':', "`:`")?;
        match kw {
            Kw::Dungeon => self.dungeon_statement(start),
            Kw::Entry => self.entry_statement(start),
            Kw::Protofile => self.protofile_statement(start),
            Kw::Description | Kw::Alignment | Kw::LevelDesc | Kw::LevAlign => {
                self.descriptor_statement(kw, start)
            }
            Kw::Level | Kw::RndLevel => self.level_statement(kw, start),
            Kw::ChainLevel | Kw::RndChLevel => self.chain_level_statement(kw, start),
            Kw::Branch | Kw::ChainBranch => self.branch_statement(kw, start),
        }
    }

    /// `DUNGEON: "name" "bones" (base, rand) [chance]`.
    fn dungeon_statement(&mut self, start: usize) -> PResult<()> {
        let (name, name_span) = self.string()?;
        let bones = self.bones()?;
        let c = self.couple(false)?;
        let chance = self.opt_integer()?;
        let span = Span::new(start, self.prev_end());
        self.check_name(&name, name_span, "dungeon");
        if self.model.dungeons.len() >= self.lim.dungeons {
            self.own(
                LIMIT,
                format!(
                    "more than {} dungeons (the original's limit; it stops or overruns)",
                    self.lim.dungeons
                ),
                span,
            );
        }
        // Chains are looked up in this dungeon only.
        self.lost = Lost::Nothing;
        self.model.dungeons.push(Dungeon {
            name,
            bones,
            base: c.base,
            rand: c.rand,
            chance: chance.unwrap_or(0),
            span,
            name_span,
            ..Dungeon::default()
        });
        Ok(())
    }

    /// `ENTRY: level`.
    fn entry_statement(&mut self, start: usize) -> PResult<()> {
        let v = self.integer()?;
        let span = Span::new(start, self.prev_end());
        if let Some(d) = self.current_dungeon(span, "ENTRY") {
            self.model.dungeons[d].entry = v;
        }
        Ok(())
    }

    /// `PROTOFILE: "name"`.
    fn protofile_statement(&mut self, start: usize) -> PResult<()> {
        let (s, sspan) = self.string()?;
        let span = Span::new(start, self.prev_end());
        self.check_name(&s, sspan, "protofile");
        if let Some(d) = self.current_dungeon(span, "PROTOFILE") {
            self.model.dungeons[d].protofile = s;
        }
        Ok(())
    }

    /// `DESCRIPTION`, `ALIGNMENT`, `LEVELDESC` and `LEVALIGN`: a flag of
    /// the current dungeon or of the last level.
    fn descriptor_statement(&mut self, kw: Kw, start: usize) -> PResult<()> {
        let v = match self.peek().tok {
            Tok::Descriptor(v) => {
                self.bump();
                v
            }
            _ => {
                return Err(Stop(
                    self.pos,
                    "a descriptor (town, hellish, mazelike, roguelike, lawful, …)",
                ))
            }
        };
        let t = self.prev();
        let span = Span::new(start, t.span.end as usize);
        let (illegal, msg) = match kw {
            Kw::Description => (v <= 1 || v >= 16, "Illegal description - ignoring!"),
            Kw::LevelDesc => (v >= 16, "Illegal description - ignoring!"),
            _ => (v != 0 && v < 16, "Illegal alignment - ignoring!"),
        };
        if illegal {
            self.error(msg, t.span, t.line);
        } else if matches!(kw, Kw::Description | Kw::Alignment) {
            if let Some(d) = self.current_dungeon(span, keyword_text(kw)) {
                self.model.dungeons[d].flags |= v;
            }
        } else if let Some(l) = self.model.levels.last_mut() {
            l.flags |= v;
        } else if !self.level_may_be_lost() {
            self.own(
                OUTSIDE,
                format!("{} before any level", keyword_text(kw)),
                span,
            );
        }
        Ok(())
    }

    /// `LEVEL: "name" "bones" @ (base, rand) [chance]` and
    /// `RNDLEVEL: "name" "bones" @ (base, rand) [chance] rndlevs`.
    fn level_statement(&mut self, kw: Kw, start: usize) -> PResult<()> {
        let (name, name_span) = self.string()?;
        let bones = self.bones()?;
        self.punct(b'@', "`@`")?;
        let c = self.couple(true)?;
        let (chance, rndlevs) = if kw == Kw::Level {
            (self.opt_integer()?.unwrap_or(100), 0)
        } else {
            let a = self.integer()?;
            match self.opt_integer()? {
                Some(b) => (a, b),
                None => (100, a),
            }
        };
        let span = Span::new(start, self.prev_end());
        self.check_name(&name, name_span, "level");
        self.add_level(span, name, bones, c, chance, rndlevs, -1);
        Ok(())
    }

    /// `CHAINLEVEL: "name" "bones" "chain" + (base, rand) [chance]` and
    /// `RNDCHLEVEL: … [chance] rndlevs`.
    fn chain_level_statement(&mut self, kw: Kw, start: usize) -> PResult<()> {
        let (name, name_span) = self.string()?;
        let bones = self.bones()?;
        let (chain, chain_span) = self.string()?;
        self.punct(b'+', "`+`")?;
        let c = self.couple(false)?;
        let (chance, rndlevs, line) = self.chain_level_chances(kw)?;
        let at = Place {
            span: Span::new(start, self.prev_end()),
            name: name_span,
            chain: chain_span,
            line,
        };
        self.check_name(&name, name_span, "level");
        let index = self.model.levels.len() as i32;
        self.claim_level_slot(&name, chance);
        let chain_idx = self.getchain(&chain, Some(&name), chain_span, line);
        if self.check_chain_level(&name, &at, index, chain_idx) {
            self.add_level(at.span, name, bones, c, chance, rndlevs, chain_idx);
        }
        Ok(())
    }

    /// A chained level's chance and random levels, and the line the
    /// original counts once it has read them (past its look-ahead if the
    /// optional number is missing).
    fn chain_level_chances(&mut self, kw: Kw) -> PResult<(i32, i32, u32)> {
        let mut ended_by_lookahead = true;
        let (chance, rndlevs) = if kw == Kw::ChainLevel {
            match self.opt_integer()? {
                Some(v) => {
                    ended_by_lookahead = false;
                    (v, 0)
                }
                None => (100, 0),
            }
        } else {
            let a = self.integer()?;
            match self.opt_integer()? {
                Some(b) => {
                    ended_by_lookahead = false;
                    (a, b)
                }
                None => (100, a),
            }
        };
        let line = if ended_by_lookahead {
            self.lookahead_line()
        } else {
            self.prev().line
        };
        Ok((chance, rndlevs, line))
    }

    /// The original's `check_level` for a chained level: whether the
    /// level is kept (each refusal reported).
    fn check_chain_level(&mut self, name: &str, at: &Place, index: i32, chain_idx: i32) -> bool {
        if self.model.dungeons.is_empty() {
            if !self.dungeon_may_be_lost() {
                self.error("Level defined outside of dungeon.", at.span, at.line);
            }
            return false;
        }
        if self.model.levels.iter().any(|l| l.name == name) {
            self.error("Duplicate level name.", at.name, at.line);
            return false;
        }
        if chain_idx == -2 {
            self.error("Invaild level chain reference.", at.chain, at.line);
            return false;
        }
        // The chance check: 3.4.3 reads the chained-to level's
        // chance; 3.2 read it through the branch table (the branch
        // slot numbered like this level), which KMH fixed.
        let checked = if self.target.is_32() {
            self.branch_chain_slots
                .get(index as usize)
                .copied()
                .unwrap_or(0)
        } else {
            chain_idx
        };
        let checked_chance = if checked >= 0 {
            self.slot_chance(checked)
        } else {
            100
        };
        if checked != -1 && checked_chance != 100 {
            let msg = self.texts().level_probabilistic;
            self.error(msg, at.chain, at.line);
            return false;
        }
        if chain_idx == index {
            self.error("A level cannot chain to itself!", at.chain, at.line);
            return false;
        }
        if let Some(parent) = self.model.levels.get(chain_idx as usize) {
            if parent.chance != 100 {
                let what = format!("\"{name}\"");
                self.warn_chance_chain(&what, parent.name.clone(), parent.chance, at.chain);
            }
        }
        true
    }

    /// `BRANCH: "name" @ (base, rand) [type] [up]` and
    /// `CHAINBRANCH: "name" "chain" + (base, rand) [type] [up]`.
    fn branch_statement(&mut self, kw: Kw, start: usize) -> PResult<()> {
        let (name, name_span) = self.string()?;
        let chain = if kw == Kw::ChainBranch {
            let (s, sp) = self.string()?;
            self.punct(b'+', "`+`")?;
            Some((s, sp))
        } else {
            self.punct(b'@', "`@`")?;
            None
        };
        let c = self.couple(chain.is_none())?;
        let (btype, up, line) = self.branch_tail()?;
        let span = Span::new(start, self.prev_end());
        self.check_name(&name, name_span, "branch");
        let slot = self.model.branches.len();
        let name_field = claim_slot(&mut self.branch_name_slots, slot, &name);
        let chain_idx = match &chain {
            Some((s, sp)) => self.branch_chain(s, *sp, line),
            None => -1,
        };
        if slot < self.branch_chain_slots.len() {
            self.branch_chain_slots[slot] = chain_idx;
        }
        let at = Place {
            span,
            name: name_span,
            chain: chain.as_ref().map(|c| c.1).unwrap_or(span),
            line,
        };
        let Some(ndgn) = self.check_branch(&name, &at, chain_idx) else {
            return Ok(());
        };
        if self.model.branches.len() >= self.lim.branches {
            self.own(
                LIMIT,
                format!(
                    "more than {} branches (the original's limit)",
                    self.lim.branches
                ),
                span,
            );
        }
        self.model.branches.push(Branch {
            name,
            base: c.base,
            rand: c.rand,
            chain: chain_idx,
            btype,
            up,
            dungeon: ndgn,
            span,
            name_field,
        });
        self.model.dungeons[ndgn].branches.push(slot);
        Ok(())
    }

    /// A branch's optional type and direction, and the line the original
    /// counts once it has read them (past its look-ahead if the direction
    /// is missing).
    fn branch_tail(&mut self) -> PResult<(i32, i32, u32)> {
        let mut btype = 0;
        let mut up = 0;
        let mut ended_by_lookahead = true;
        if let Tok::BranchType(t) = self.peek().tok {
            self.bump();
            btype = t;
        }
        if let Tok::UpOrDown(u) = self.peek().tok {
            self.bump();
            up = u;
            ended_by_lookahead = false;
        } else {
            self.statement_end()?;
        }
        let line = if ended_by_lookahead {
            self.lookahead_line()
        } else {
            self.prev().line
        };
        Ok((btype, up, line))
    }

    /// The level a CHAINBRANCH chains to: its index, -1 for none (or one
    /// that may be lost), -2 for one not found (reported).
    fn branch_chain(&mut self, s: &str, sp: Span, line: u32) -> i32 {
        // CHAINBRANCH searches every level of the dungeon.
        let levels = self
            .model
            .dungeons
            .last()
            .map(|d| d.levels.clone())
            .unwrap_or_default();
        let mut chain_idx = levels
            .iter()
            .find(|&&i| self.model.levels[i].name == *s)
            .map(|&i| i as i32)
            .unwrap_or(-2);
        if chain_idx == -2 && !s.is_empty() && !self.level_may_be_lost() {
            self.error("Can't locate the specified chain level.", sp, line);
        } else if s.is_empty() || chain_idx == -2 {
            // No chain, or one to a level that may be lost
            // (read as no chain: nothing downstream reports it).
            chain_idx = -1;
        }
        chain_idx
    }

    /// The original's `check_branch`: the dungeon the branch belongs to,
    /// or `None` if it is refused (reported).
    fn check_branch(&mut self, name: &str, at: &Place, chain_idx: i32) -> Option<usize> {
        if self.model.dungeons.is_empty() {
            if !self.dungeon_may_be_lost() {
                self.error("Branch defined outside of dungeon.", at.span, at.line);
            }
            return None;
        }
        let ndgn = self.model.dungeons.len() - 1;
        if self.model.dungeons[..ndgn].iter().any(|d| d.name == name) {
            self.error("Reverse branching not allowed.", at.name, at.line);
            return None;
        }
        // The original tests the branch slot numbered like the
        // current dungeon.
        let wrong = self.branch_chain_slots.get(ndgn).copied().unwrap_or(0);
        if wrong == -2 {
            self.error("Invaild branch chain reference.", at.chain, at.line);
            return None;
        }
        let wrong_chance = if wrong >= 0 {
            self.slot_chance(wrong)
        } else {
            100
        };
        if wrong_chance != 100 {
            let msg = self.texts().branch_probabilistic;
            self.error(msg, at.chain, at.line);
            return None;
        }
        if chain_idx == -2 {
            // Missed by the original's wrong-slot test: it writes
            // the branch with a broken chain (the error above
            // already fails the run).
            if let Some(d) = self.diags.last_mut() {
                d.notes
                    .push("the chain level must be defined earlier in this dungeon".into());
            }
        }
        if let Some(parent) = (chain_idx >= 0)
            .then(|| self.model.levels.get(chain_idx as usize))
            .flatten()
        {
            if parent.chance != 100 {
                let (what, of) = ("this branch".to_string(), parent.name.clone());
                self.warn_chance_chain(&what, of, parent.chance, at.chain);
            }
        }
        Some(ndgn)
    }

    #[allow(clippy::too_many_arguments)]
    fn add_level(
        &mut self,
        span: Span,
        name: String,
        bones: u8,
        c: Couple,
        chance: i32,
        rndlevs: i32,
        chain: i32,
    ) {
        let Some(d) = self.current_dungeon(span, "a level") else {
            return;
        };
        if self.model.levels.len() >= self.lim.levels {
            self.own(
                LIMIT,
                format!(
                    "more than {} levels (the original's limit)",
                    self.lim.levels
                ),
                span,
            );
        }
        let index = self.model.levels.len();
        let name_field = self.claim_level_slot(&name, chance);
        self.model.levels.push(Level {
            name,
            bones,
            base: c.base,
            rand: c.rand,
            chance,
            rndlevs,
            chain,
            flags: 0,
            dungeon: d,
            span,
            name_field,
        });
        self.model.dungeons[d].levels.push(index);
    }
}

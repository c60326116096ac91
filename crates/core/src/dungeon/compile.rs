//! The `dgn_comp` parser and checker in one pass over the statements, doing
//! the original's grammar actions in the original's order (with its line
//! numbers, which follow its parser's look-ahead), plus the checks it lacks.

use super::lexer::{Kw, LexTok, Tok};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::Target;

mod statements;

pub const SYNTAX: &str = "DG0001";
pub const ORIGINAL: &str = "DG0100";
pub const NO_DUNGEONS: &str = "DG0101";
pub const LONG_NAME: &str = "DG0200";
pub const OUTSIDE: &str = "DG0201";
pub const CHAIN_FIRST: &str = "DG0202";
pub const CHAIN_CHANCE: &str = "DG0203";
pub const LIMIT: &str = "DG0204";
pub const UNKNOWN_DUNGEON: &str = "DG0205";
pub const BONES_REUSED: &str = "DG0206";
pub const EMPTY: &str = "DG0207";
pub const ROLL_GAVE_UP: &str = "DG0208";

pub struct Limits {
    pub maxlevel: i32,
    pub dungeons: usize,
    pub levels: usize,
    pub branches: usize,
}

pub fn limits(target: Target) -> Limits {
    if target.is_32() {
        Limits {
            maxlevel: 30,
            dungeons: 10,
            levels: 50,
            branches: 20,
        }
    } else {
        Limits {
            maxlevel: 32,
            dungeons: 16,
            levels: 50,
            branches: 32,
        }
    }
}

/// The messages whose text differs between the targets.
pub struct Texts {
    pub level_probabilistic: &'static str,
    pub branch_probabilistic: &'static str,
}

const TEXTS_343: Texts = Texts {
    level_probabilistic: "Level cannot chain from a probabilistic level.",
    branch_probabilistic: "Branch cannot chain from a probabilistic level.",
};

const TEXTS_32: Texts = Texts {
    level_probabilistic: "Level cannot chain from a probabalistic level.",
    branch_probabilistic: "Branch cannot chain from a probabalistic level.",
};

pub fn texts(target: Target) -> &'static Texts {
    if target.is_32() {
        &TEXTS_32
    } else {
        &TEXTS_343
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dungeon {
    pub name: String,
    pub bones: u8,
    pub base: i32,
    pub rand: i32,
    pub chance: i32,
    pub protofile: String,
    pub flags: i32,
    pub entry: i32,
    /// Indices into [`Model::levels`] / [`Model::branches`].
    pub levels: Vec<usize>,
    pub branches: Vec<usize>,
    pub span: Span,
    pub name_span: Span,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Level {
    pub name: String,
    pub bones: u8,
    pub base: i32,
    pub rand: i32,
    pub chance: i32,
    pub rndlevs: i32,
    /// Global index of the level it is chained to, or -1.
    pub chain: i32,
    pub flags: i32,
    pub dungeon: usize,
    pub span: Span,
    /// The name field as the original writes it: its slot's buffer, where
    /// a longer name of a rejected level can linger after the NUL.
    pub name_field: NameField,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Branch {
    pub name: String,
    pub base: i32,
    pub rand: i32,
    pub chain: i32,
    /// stair 0, no_up 1, no_down 2, portal 3
    pub btype: i32,
    pub up: i32,
    pub dungeon: usize,
    pub span: Span,
    /// See [`Level::name_field`].
    pub name_field: NameField,
}

/// A 24-byte name field of a `dungeon` record.
pub type NameField = [u8; 24];

/// `strcpy` of a name into a reused field: the name and its NUL, the rest
/// of the field as the slot's earlier user left it.
pub fn overlay_name(field: &mut NameField, name: &str) {
    let n = name.len().min(23);
    field[..n].copy_from_slice(&name.as_bytes()[..n]);
    field[n] = 0;
}

/// What was accepted, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    pub dungeons: Vec<Dungeon>,
    pub levels: Vec<Level>,
    pub branches: Vec<Branch>,
}

fn claim_slot(slots: &mut Vec<NameField>, slot: usize, name: &str) -> NameField {
    if slots.len() <= slot {
        slots.resize(slot + 1, [0; 24]);
    }
    overlay_name(&mut slots[slot], name);
    slots[slot]
}

struct Parser<'a> {
    src: &'a str,
    toks: &'a [LexTok],
    pos: usize,
    lim: Limits,
    target: Target,
    diags: Vec<Diagnostic>,
    model: Model,
    /// The original's `tmpbranch[].chain` slots (zero-initialised), for its
    /// check that reads the wrong slot.
    branch_chain_slots: Vec<i32>,
    /// The original's level and branch name buffers by slot: a rejected
    /// chained level or branch frees its slot, and the next one `strcpy`s
    /// its name over the old one.
    level_name_slots: Vec<NameField>,
    level_chance_slots: Vec<i32>,
    branch_name_slots: Vec<NameField>,
    syntax_errors: usize,
    /// The look-ahead after the statement being read cannot follow it.
    bad_lookahead: Option<Stop>,
    /// What statements lost to syntax errors may have defined: findings
    /// that such a missing definition explains are not reported (one
    /// mistake, one diagnostic).
    lost: Lost,
    /// A DUNGEON may have been lost somewhere in the file: a branch to a
    /// dungeon the file does not define may name it.
    lost_a_dungeon: bool,
    /// Dungeons that may hold the levels of a lost DUNGEON after their own
    /// (their bones markers are not compared).
    merged: Vec<usize>,
}

/// What a statement lost to a syntax error may have defined, in the
/// current dungeon (a new DUNGEON ends the levels' loss: chains are looked
/// up in the current dungeon only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Lost {
    #[default]
    Nothing,
    /// A LEVEL, RNDLEVEL, CHAINLEVEL or RNDCHLEVEL.
    Level,
    /// A DUNGEON, or a line with no keyword (it could have been anything).
    Dungeon,
}

impl Lost {
    /// What the statement starting with `kw` (`None`: no keyword) would
    /// have defined.
    fn by(kw: Option<Kw>) -> Lost {
        match kw {
            None | Some(Kw::Dungeon) => Lost::Dungeon,
            Some(Kw::Level | Kw::RndLevel | Kw::ChainLevel | Kw::RndChLevel) => Lost::Level,
            Some(_) => Lost::Nothing,
        }
    }
}

struct Stop(usize, &'static str);

type PResult<T> = Result<T, Stop>;

#[derive(Clone, Copy)]
struct Couple {
    base: i32,
    rand: i32,
}

pub struct Output {
    pub model: Model,
    pub diagnostics: Vec<Diagnostic>,
    /// A syntax error occurred (the original writes an empty file).
    pub syntax_error: bool,
}

pub fn compile(src: &str, toks: &[LexTok], target: Target) -> Output {
    let mut p = Parser {
        src,
        toks,
        pos: 0,
        lim: limits(target),
        target,
        diags: Vec::new(),
        model: Model::default(),
        branch_chain_slots: vec![0; 64],
        level_name_slots: Vec::new(),
        level_chance_slots: Vec::new(),
        branch_name_slots: Vec::new(),
        syntax_errors: 0,
        bad_lookahead: None,
        lost: Lost::Nothing,
        lost_a_dungeon: false,
        merged: Vec::new(),
    };
    loop {
        let t = p.peek();
        match t.tok {
            Tok::Eof => break,
            Tok::Kw(kw) => {
                let before = p.diags.len();
                match p.statement(kw) {
                    Err(stop) => {
                        p.bad_lookahead = None;
                        p.syntax(stop);
                        p.lose(Lost::by(Some(kw)));
                        p.recover();
                    }
                    Ok(()) => p.after_statement(before),
                }
            }
            _ => {
                let stop = Stop(p.pos, "a statement keyword (DUNGEON, LEVEL, BRANCH, …)");
                p.syntax(stop);
                p.lose(Lost::by(None));
                p.recover();
            }
        }
    }
    p.final_checks();
    Output {
        syntax_error: p.syntax_errors > 0,
        model: p.model,
        diagnostics: p.diags,
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> LexTok {
        self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> LexTok {
        let t = self.peek();
        if t.tok != Tok::Eof {
            self.pos += 1;
        }
        t
    }

    fn prev(&self) -> LexTok {
        self.toks[self.pos.saturating_sub(1)]
    }

    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.prev().span.end as usize
        }
    }

    /// The original's line counter once it has read the look-ahead token.
    fn lookahead_line(&self) -> u32 {
        self.peek().line
    }

    fn syntax(&mut self, stop: Stop) {
        let t = self.toks[stop.0.min(self.toks.len() - 1)];
        let found = match t.tok {
            Tok::Eof => "end of file".to_string(),
            _ => format!("`{}`", &self.src[t.span.range()]),
        };
        let mut d = Diagnostic::error(SYNTAX, "syntax error", t.span).original_at(t.line);
        d.notes.push(format!("expected {}, found {found}", stop.1));
        let word_end = self.src[t.span.start as usize..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map(|i| t.span.start as usize + i)
            .unwrap_or(self.src.len());
        let word = &self.src[t.span.start as usize..word_end];
        if word == "RNDCHAINLEVEL" {
            d.notes.push(
                "the man page says RNDCHAINLEVEL, but dgn_comp's keyword is RNDCHLEVEL".into(),
            );
        } else if !word.is_empty()
            && [
                "town",
                "hellish",
                "mazelike",
                "roguelike",
                "lawful",
                "neutral",
                "chaotic",
                "unaligned",
                "noalign",
                "up",
                "down",
                "stair",
                "portal",
            ]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(word) && *k != word)
        {
            d.notes.push(format!(
                "keywords are case-sensitive: write `{}`",
                word.to_ascii_lowercase()
            ));
        } else if !word.is_empty()
            && word.chars().any(|c| c.is_ascii_lowercase())
            && [
                "DUNGEON",
                "LEVEL",
                "BRANCH",
                "CHAINLEVEL",
                "CHAINBRANCH",
                "RNDLEVEL",
                "RNDCHLEVEL",
                "ENTRY",
                "PROTOFILE",
                "DESCRIPTION",
                "ALIGNMENT",
                "LEVELDESC",
                "LEVALIGN",
            ]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(word))
        {
            d.notes.push(format!(
                "keywords are case-sensitive: write `{}`",
                word.to_ascii_uppercase()
            ));
        }
        self.diags.push(d);
        self.syntax_errors += 1;
    }

    /// After a statement read to its end: the syntax error at a look-ahead
    /// that cannot follow it, placed before the statement's own findings
    /// (the original reports it without completing the statement, and
    /// stops there).
    fn after_statement(&mut self, findings_from: usize) {
        let Some(stop) = self.bad_lookahead.take() else {
            return;
        };
        self.syntax(stop);
        if let Some(d) = self.diags.pop() {
            self.diags.insert(findings_from.min(self.diags.len()), d);
        }
        // A line that starts with no keyword could have been anything;
        // stray words after a statement define nothing.
        let starts_line = self.pos == 0 || self.prev().line != self.peek().line;
        self.lose(if starts_line {
            Lost::by(None)
        } else {
            Lost::Nothing
        });
        self.recover();
    }

    /// Records what a statement lost to a syntax error may have defined.
    fn lose(&mut self, lost: Lost) {
        self.lost = self.lost.max(lost);
        if lost == Lost::Dungeon {
            self.lost_a_dungeon = true;
            if let Some(d) = self.model.dungeons.len().checked_sub(1) {
                self.merged.push(d);
            }
        }
    }

    /// Whether a level a lost statement may have defined explains a
    /// failed lookup (the finding is then not reported).
    fn level_may_be_lost(&self) -> bool {
        self.lost >= Lost::Level
    }

    /// Whether a lost DUNGEON explains a statement outside any dungeon.
    fn dungeon_may_be_lost(&self) -> bool {
        self.lost == Lost::Dungeon
    }

    /// After a syntax error, resume at the next statement keyword that
    /// starts a line (a keyword inside a misspelt word, such as
    /// `CHAINLEVEL` in `RNDCHAINLEVEL`, is no statement).
    fn recover(&mut self) {
        if !matches!(self.peek().tok, Tok::Eof) {
            self.bump();
        }
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Eof => break,
                Tok::Kw(_) if self.pos == 0 || self.prev().line != t.line => break,
                _ => {
                    self.bump();
                }
            }
        }
    }

    fn error(&mut self, msg: impl Into<String>, span: Span, line: u32) {
        self.diags
            .push(Diagnostic::error(ORIGINAL, msg, span).original_at(line));
    }

    fn own(&mut self, code: &str, msg: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, msg, span));
    }

    /// `init_level`, then the statement's name and chance, into the next
    /// level slot.
    fn claim_level_slot(&mut self, name: &str, chance: i32) -> NameField {
        let slot = self.model.levels.len();
        if self.level_chance_slots.len() <= slot {
            self.level_chance_slots.resize(slot + 1, 0);
        }
        self.level_chance_slots[slot] = chance;
        claim_slot(&mut self.level_name_slots, slot, name)
    }

    /// `tmplevel[slot].chance` as the original's static table holds it:
    /// the last statement that used the slot, zero if none did yet.
    fn slot_chance(&self, slot: i32) -> i32 {
        usize::try_from(slot)
            .ok()
            .and_then(|s| self.level_chance_slots.get(s))
            .copied()
            .unwrap_or(0)
    }

    fn texts(&self) -> &'static Texts {
        texts(self.target)
    }

    /// A chain from a level that may not be created, which the original
    /// let through: the game panics whenever the parent is missing.
    fn warn_chance_chain(&mut self, what: &str, parent: String, chance: i32, span: Span) {
        self.diags.push(
            Diagnostic::warning(
                CHAIN_CHANCE,
                format!("{what} chains from \"{parent}\", which exists only {chance}% of the time"),
                span,
            )
            .with_note(format!(
                "when \"{parent}\" is not created, the game stops building the dungeon with \"level_range: empty chain level!\""
            )),
        );
    }

    fn punct(&mut self, c: u8, what: &'static str) -> PResult<LexTok> {
        if self.peek().tok == Tok::Punct(c) {
            Ok(self.bump())
        } else {
            Err(Stop(self.pos, what))
        }
    }

    fn string(&mut self) -> PResult<(String, Span)> {
        if self.peek().tok == Tok::Str {
            let t = self.bump();
            let inner = Span::new(t.span.start as usize + 1, t.span.end as usize - 1);
            Ok((self.src[inner.range()].to_string(), t.span))
        } else {
            Err(Stop(self.pos, "a string"))
        }
    }

    fn integer(&mut self) -> PResult<i32> {
        if let Tok::Integer(v) = self.peek().tok {
            self.bump();
            Ok(v)
        } else {
            Err(Stop(self.pos, "an integer"))
        }
    }

    /// An optional integer that ends a statement. Without it the original
    /// reduces the statement only on a look-ahead that can follow one (a
    /// statement keyword or the end); any other token is a syntax error
    /// there, before the statement's action runs.
    fn opt_integer(&mut self) -> PResult<Option<i32>> {
        if let Tok::Integer(v) = self.peek().tok {
            self.bump();
            Ok(Some(v))
        } else {
            self.statement_end()?;
            Ok(None)
        }
    }

    /// The look-ahead after a statement whose end only the look-ahead
    /// shows must be able to follow a statement.
    ///
    /// When it cannot, the original stops before it completes the
    /// statement; here the statement is completed all the same (so a bad
    /// line does not take the good one before it out of the views) and the
    /// syntax error is reported once it is done, before its findings.
    fn statement_end(&mut self) -> PResult<()> {
        if !matches!(self.peek().tok, Tok::Kw(_) | Tok::Eof) {
            self.bad_lookahead.get_or_insert(Stop(
                self.pos,
                "a statement keyword (DUNGEON, LEVEL, BRANCH, …)",
            ));
        }
        Ok(())
    }

    fn bones(&mut self) -> PResult<u8> {
        let (s, span) = self.string()?;
        let line = self.prev().line;
        if s.len() != 1 {
            if s != "none" {
                self.error(
                    "Bones marker must be a single char, or \"none\"!",
                    span,
                    line,
                );
            }
            return Ok(0);
        }
        Ok(s.as_bytes()[0])
    }

    fn couple(&mut self, absolute: bool) -> PResult<Couple> {
        let open = self.punct(b'(', "`(`")?;
        let base = self.integer()?;
        self.punct(b',', "`,`")?;
        let rand = self.integer()?;
        let close = self.punct(b')', "`)`")?;
        let span = open.span.to(close.span);
        let max = self.lim.maxlevel;
        let line = close.line;
        if base < -max || base > max {
            let which = if absolute { "Abs" } else { "Rel" };
            self.error(
                format!("{which} base out of dlevel range - zeroing!"),
                span,
                line,
            );
            return Ok(Couple { base: 0, rand: 0 });
        }
        // The original adds C ints: a spread near INT_MAX wraps there (and
        // passes the check), so it wraps here too.
        let reach = if base < 0 {
            max.wrapping_add(base).wrapping_add(rand).wrapping_add(1)
        } else {
            base.wrapping_add(rand)
        };
        if absolute && (rand < -1 || reach > max) {
            self.error("Abs range out of dlevel range - zeroing!", span, line);
            return Ok(Couple { base: 0, rand: 0 });
        }
        Ok(Couple { base, rand })
    }

    fn check_name(&mut self, name: &str, span: Span, what: &str) {
        if name.len() > 23 {
            self.own(
                LONG_NAME,
                format!(
                    "{what} name is {} bytes long; the field holds 23 (the original overruns it into the next fields)",
                    name.len()
                ),
                span,
            );
        }
    }

    fn current_dungeon(&mut self, span: Span, what: &str) -> Option<usize> {
        if self.model.dungeons.is_empty() {
            if self.dungeon_may_be_lost() {
                return None;
            }
            self.own(
                OUTSIDE,
                format!("{what} before any DUNGEON (the original writes outside its tables)"),
                span,
            );
            None
        } else {
            Some(self.model.dungeons.len() - 1)
        }
    }

    /// `getchain`: searches the current dungeon's levels except its first
    /// one (the original's off-by-one), and the slot being defined.
    fn getchain(&mut self, chain: &str, self_name: Option<&str>, span: Span, line: u32) -> i32 {
        if chain.is_empty() {
            return -1;
        }
        let dungeon = self.model.dungeons.last();
        let dlevels: Vec<usize> = dungeon.map(|d| d.levels.clone()).unwrap_or_default();
        for &i in dlevels.iter().skip(1) {
            if self.model.levels[i].name == chain {
                return i as i32;
            }
        }
        // The slot being defined is searched too, but only when the
        // dungeon already has a level (the range is counted from its
        // `levels` field).
        if self_name == Some(chain) && !dlevels.is_empty() {
            return self.model.levels.len() as i32;
        }
        if self.level_may_be_lost() {
            // Read as no chain, so nothing downstream reports it either.
            return -1;
        }
        self.error("Can't locate the specified chain level.", span, line);
        if let Some(&first) = dlevels.first() {
            if self.model.levels[first].name == chain {
                if let Some(d) = self.diags.last_mut() {
                    d.notes.push("the original never finds the first level of a dungeon (an off-by-one in dgn_comp); chain from a later level, or use CHAINBRANCH, which finds it".into());
                    d.code = CHAIN_FIRST.into();
                }
            }
        }
        -2
    }

    fn final_checks(&mut self) {
        let names: Vec<String> = self.model.dungeons.iter().map(|d| d.name.clone()).collect();
        let branches: Vec<(String, Span)> = self
            .model
            .branches
            .iter()
            .map(|b| (b.name.clone(), b.span))
            .collect();
        for (name, span) in branches {
            // The dungeon may be one whose DUNGEON line was lost.
            if !names.contains(&name) && !self.lost_a_dungeon {
                self.diags.push(
                    Diagnostic::warning(
                        UNKNOWN_DUNGEON,
                        format!("branch to \"{name}\", a dungeon this file does not define"),
                        span,
                    )
                    .with_note(
                        "the game looks the destination up by name when it builds the dungeon",
                    ),
                );
            }
        }
        // Bones files are named by the dungeon's marker and the level's
        // marker: markers must differ among dungeons, and among the levels
        // of one dungeon.
        let mut groups: Vec<Vec<(u8, String, Span)>> = vec![self
            .model
            .dungeons
            .iter()
            .map(|d| (d.bones, d.name.clone(), d.name_span))
            .collect()];
        for (i, d) in self.model.dungeons.iter().enumerate() {
            if self.merged.contains(&i) {
                continue;
            }
            groups.push(
                d.levels
                    .iter()
                    .map(|&i| {
                        let l = &self.model.levels[i];
                        (l.bones, l.name.clone(), l.span)
                    })
                    .collect(),
            );
        }
        for group in groups {
            let mut seen: Vec<(u8, String)> = Vec::new();
            for (b, name, span) in group {
                if b == 0 {
                    continue;
                }
                if let Some((_, first)) = seen.iter().find(|(c, _)| *c == b) {
                    self.diags.push(
                        Diagnostic::warning(
                            BONES_REUSED,
                            format!(
                                "bones marker \"{}\" of \"{name}\" is already used by \"{first}\"",
                                b as char
                            ),
                            span,
                        )
                        .with_note(
                            "bones files are named after these markers: the two would share bones",
                        ),
                    );
                } else {
                    seen.push((b, name));
                }
            }
        }
    }
}

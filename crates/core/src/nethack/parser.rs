//! Recursive-descent parser over the lexer's tokens, following the
//! original yacc grammar production by production, so a syntax error is
//! found at the same token the original stops at. Unlike the original it
//! never stops: it reports, skips to the next statement keyword and goes on.

use super::ast::*;
use super::lexer::{map_chars_note, BadCell, Kw, LexTok, Lexed, MapBlock, Tok, Val};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::Target;

mod contents;
mod map;
mod rooms;
mod terrain;

pub const SYNTAX: &str = "NH0001";
/// A character in a map row that is not a map character (found by the
/// recovering lexer; the original sees a `syntax error` there).
pub const BAD_MAP_CHAR: &str = "NH0213";

/// Whether a finding is the parser's: it counts as an error of the
/// original's (the original stops at it) and is merged by position.
pub fn is_parse_error(d: &Diagnostic) -> bool {
    d.code == SYNTAX || d.code == BAD_MAP_CHAR
}

/// The offending token index.
struct Stop(usize);

type PResult<T> = Result<T, Stop>;

pub struct Parser<'a> {
    src: &'a str,
    toks: &'a [LexTok],
    maps: &'a [MapBlock],
    target: Target,
    pos: usize,
    colon_line: u32,
    pub diagnostics: Vec<Diagnostic>,
    /// What the parser wanted when it stopped (for the error notes).
    expected: &'static str,
    /// Inside a room level (`DOOR` and `STAIR` take their room forms).
    room_ctx: bool,
    /// The actions of the current statement's parts read so far.
    pieces: Vec<Piece>,
    /// Those of the last statement parsed without error.
    last_pieces: Vec<Piece>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Maze level before its first `NOMAP`/`GEOMETRY`.
    MazeStart,
    /// Right after a map part: registers allowed.
    MazeRegisters,
    MazeDetails,
    /// Room level before any room: registers allowed.
    RoomRegisters,
    InRoom,
    /// After `RANDOM_CORRIDORS`: only the end of the level.
    AfterRandomCorridors,
    Corridors,
}

/// The whole file at once (for the parser's own tests; the pipeline reads
/// a level at a time through [`Parser::next_level`]).
#[cfg(test)]
pub fn parse(src: &str, lexed: &Lexed) -> (File, Vec<Diagnostic>) {
    let mut p = Parser::new(src, lexed, Target::Nethack343);
    let mut file = File::default();
    while let Some(level) = p.next_level() {
        file.levels.push(level);
    }
    (file, p.diagnostics)
}

fn describe(src: &str, t: &LexTok) -> String {
    match t.tok {
        Tok::Eof => "end of file".into(),
        Tok::Map(_) => "a map (MAP … ENDMAP)".into(),
        _ => {
            let text = &src[t.span.range()];
            let text: String = text.chars().take(40).collect();
            format!("`{}`", text.escape_debug())
        }
    }
}

/// The error for a character of a map row that is not a map character
/// (`bad` is its first cell in `block`).
fn bad_cell_error(bad: &BadCell, block: &MapBlock, target: Target) -> Diagnostic {
    let shown = match bad.ch {
        '\t' => "a tab".to_string(),
        '\r' => "a carriage return".to_string(),
        '`' => "a backquote".to_string(),
        // Invisible characters by their code point.
        c if c.is_control() || c.is_whitespace() => format!("U+{:04X}", c as u32),
        c => format!("`{c}`"),
    };
    let mut d = Diagnostic::error(
        BAD_MAP_CHAR,
        format!("{shown} is not a map character"),
        bad.span,
    );
    // Where the original stops, for `lev-comp`, which prints its words.
    d.compat_line = Some(bad.line);
    d.notes.push(map_chars_note(target));
    if bad.ch == '\r' {
        d.notes
            .push("CR-LF line ends: 3.2's lev_comp reads the CR as part of the row".into());
    }
    let more = block.bad.iter().filter(|b| b.ch == bad.ch).count() - 1;
    if more > 0 {
        d.notes.push(format!(
            "{more} more in this map; every such cell is drawn as unknown terrain"
        ));
    }
    d.notes.push(
        "lev_comp stops at this line with `syntax error`: it writes no level from here on".into(),
    );
    d
}

impl<'a> Parser<'a> {
    fn peek(&self) -> &LexTok {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn tok(&self) -> Tok {
        self.peek().tok
    }

    fn bump(&mut self) -> LexTok {
        let t = *self.peek();
        if !matches!(t.tok, Tok::Eof) {
            self.pos += 1;
        }
        if t.tok == Tok::Punct(b':') {
            self.colon_line = t.line;
        }
        t
    }

    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end as usize
        }
    }

    fn fail<T>(&mut self, expected: &'static str) -> PResult<T> {
        self.expected = expected;
        Err(Stop(self.pos))
    }

    fn report(&mut self, stop: Stop) {
        let t = self.toks[stop.0.min(self.toks.len() - 1)];
        let found = describe(self.src, &t);
        let mut d = Diagnostic::error(SYNTAX, "syntax error", t.span).original_at(t.line);
        if !self.expected.is_empty() {
            d.notes
                .push(format!("expected {}, found {}", self.expected, found));
        } else {
            d.notes.push(format!("unexpected {found}"));
        }
        self.diagnostics.push(d);
        self.expected = "";
    }

    /// Skips to the next statement keyword (always moving at least one
    /// token when not already at one).
    fn recover(&mut self) {
        if !matches!(self.tok(), Tok::Kw(_) | Tok::Eof) {
            self.bump();
        }
        while !matches!(self.tok(), Tok::Kw(_) | Tok::Eof) {
            self.bump();
        }
    }

    fn punct(&mut self, c: u8, expected: &'static str) -> PResult<()> {
        if self.tok() == Tok::Punct(c) {
            self.bump();
            Ok(())
        } else {
            self.fail(expected)
        }
    }

    fn colon(&mut self) -> PResult<()> {
        self.punct(b':', "`:`")
    }

    fn comma(&mut self) -> PResult<()> {
        self.punct(b',', "`,`")
    }

    fn integer(&mut self) -> PResult<i32> {
        match self.tok() {
            Tok::Integer(v) => {
                self.bump();
                Ok(v)
            }
            _ => self.fail("an integer"),
        }
    }

    fn string(&mut self) -> PResult<Text> {
        match self.tok() {
            Tok::Str => {
                let t = self.bump();
                let inner = Span::new(t.span.start as usize + 1, t.span.end as usize - 1);
                Ok(Text {
                    text: self.src[inner.range()].to_string(),
                    span: t.span,
                })
            }
            _ => self.fail("a string"),
        }
    }

    fn val(&mut self, v: Val, expected: &'static str) -> PResult<i32> {
        match self.tok() {
            Tok::Val(k, x) if k == v => {
                self.bump();
                Ok(x)
            }
            _ => self.fail(expected),
        }
    }

    /// A value of class `v`, or `random` (-1).
    fn val_or_random(&mut self, v: Val, expected: &'static str) -> PResult<i32> {
        match self.tok() {
            Tok::Val(k, x) if k == v || k == Val::Random => {
                self.bump();
                Ok(x)
            }
            _ => self.fail(expected),
        }
    }

    fn is_random(&self) -> bool {
        matches!(self.tok(), Tok::Val(Val::Random, _))
    }

    /// `[N%]`, with the original's line for its message. The original
    /// prints messages that start with a capital at the line of the last
    /// colon it read, and `chance: PERCENT` is reduced as soon as the
    /// token is read: before this statement's colon, so at the line of the
    /// previous statement's colon.
    fn chance(&mut self) -> Option<(i32, Span, u32)> {
        if let Tok::Percent(v) = self.tok() {
            let t = self.bump();
            let line = self.colon_line;
            self.pieces.push(Piece::Chance(v, t.span, line));
            Some((v, t.span, line))
        } else {
            None
        }
    }

    fn coordinate(&mut self) -> PResult<Coord> {
        let start = self.peek().span.start as usize;
        let kind = match self.tok() {
            Tok::Punct(b'(') => {
                self.bump();
                let x = self.integer()?;
                self.comma()?;
                let y = self.integer()?;
                self.punct(b')', "`)`")?;
                CoordKind::At(x, y)
            }
            Tok::Val(Val::Random, _) => {
                self.bump();
                CoordKind::Random
            }
            Tok::Val(Val::PRegister, _) => {
                self.bump();
                CoordKind::Place(self.register_index()?)
            }
            _ => return self.fail("a coordinate: `(x,y)`, `random` or `place[n]`"),
        };
        let c = Coord {
            kind,
            span: Span::new(start, self.prev_end()),
            line: self.colon_line,
        };
        self.pieces.push(Piece::Coord(c));
        Ok(c)
    }

    fn register_index(&mut self) -> PResult<i32> {
        self.punct(b'[', "`[`")?;
        let n = self.integer()?;
        self.punct(b']', "`]`")?;
        Ok(n)
    }

    /// A map-relative region `(x1,y1,x2,y2)`.
    fn region(&mut self) -> PResult<Rect4> {
        let rect = self.rect4()?;
        self.pieces.push(Piece::Region(
            LevRegion {
                rect,
                absolute: false,
            },
            self.colon_line,
        ));
        Ok(rect)
    }

    fn rect4(&mut self) -> PResult<Rect4> {
        let start = self.peek().span.start as usize;
        self.punct(b'(', "a region `(x1,y1,x2,y2)`")?;
        let x1 = self.integer()?;
        self.comma()?;
        let y1 = self.integer()?;
        self.comma()?;
        let x2 = self.integer()?;
        self.comma()?;
        let y2 = self.integer()?;
        self.punct(b')', "`)`")?;
        Ok(Rect4 {
            x1,
            y1,
            x2,
            y2,
            span: Span::new(start, self.prev_end()),
        })
    }

    fn lev_region(&mut self) -> PResult<LevRegion> {
        if let Tok::Val(Val::Lev, _) = self.tok() {
            let start = self.bump().span.start as usize;
            let mut rect = self.rect4()?;
            rect.span = Span::new(start, rect.span.end as usize);
            let r = LevRegion {
                rect,
                absolute: true,
            };
            self.pieces.push(Piece::Region(r, self.colon_line));
            Ok(r)
        } else if self.tok() == Tok::Punct(b'(') {
            Ok(LevRegion {
                rect: self.region()?,
                absolute: false,
            })
        } else {
            self.fail("a region `(x1,y1,x2,y2)` or `levregion(x1,y1,x2,y2)`")
        }
    }

    fn class(&mut self, register: Val, expected: &'static str) -> PResult<ClassSpec> {
        let start = self.peek().span.start as usize;
        let class = match self.tok() {
            Tok::Char(c) => {
                self.bump();
                Class::Char(c)
            }
            Tok::Val(Val::Random, _) => {
                self.bump();
                Class::Random
            }
            Tok::Val(v, _) if v == register => {
                self.bump();
                Class::Register(self.register_index()?)
            }
            _ => return self.fail(expected),
        };
        let spec = ClassSpec {
            class,
            span: Span::new(start, self.prev_end()),
        };
        self.pieces.push(if register == Val::MRegister {
            Piece::MonsterClass(spec, self.colon_line)
        } else {
            Piece::ObjectClass(spec, self.colon_line)
        });
        Ok(spec)
    }

    fn char_list(&mut self, monsters: bool) -> PResult<Vec<ClassSpec>> {
        let mut list = Vec::new();
        loop {
            match self.tok() {
                Tok::Char(c) => {
                    let t = self.bump();
                    let spec = ClassSpec {
                        class: Class::Char(c),
                        span: t.span,
                    };
                    let line = self.colon_line;
                    self.pieces.push(if monsters {
                        Piece::MonsterClass(spec, line)
                    } else {
                        Piece::ObjectClass(spec, line)
                    });
                    list.push(spec);
                }
                _ => return self.fail("a class character like `'a'`"),
            }
            if self.tok() == Tok::Punct(b',') {
                self.bump();
            } else {
                return Ok(list);
            }
        }
    }

    fn name_or_random(&mut self) -> PResult<Option<Text>> {
        if self.is_random() {
            self.bump();
            Ok(None)
        } else {
            self.string().map(Some)
        }
    }

    fn alignment(&mut self) -> PResult<Align> {
        match self.tok() {
            Tok::Val(Val::Alignment, v) => {
                self.bump();
                Ok(Align::Value(v))
            }
            Tok::Val(Val::Random, _) => {
                self.bump();
                Ok(Align::Random)
            }
            Tok::Val(Val::ARegister, _) => {
                let start = self.bump().span.start as usize;
                let n = self.register_index()?;
                let span = Span::new(start, self.prev_end());
                self.pieces
                    .push(Piece::AlignRegister(n, span, self.colon_line));
                Ok(Align::Register(n))
            }
            _ => self.fail("an alignment"),
        }
    }

    fn pair(&mut self) -> PResult<(i32, i32)> {
        self.punct(b'(', "`(`")?;
        let a = self.integer()?;
        self.comma()?;
        let b = self.integer()?;
        self.punct(b')', "`)`")?;
        Ok((a, b))
    }

    fn pair_or_random(&mut self) -> PResult<Option<(i32, i32)>> {
        if self.is_random() {
            self.bump();
            Ok(None)
        } else {
            self.pair().map(Some)
        }
    }

    fn room_type(&mut self) -> PResult<Option<Text>> {
        if self.is_random() {
            self.bump();
            Ok(None)
        } else if self.tok() == Tok::Str {
            let t = self.string()?;
            self.pieces
                .push(Piece::RoomType(t.clone(), self.colon_line));
            Ok(Some(t))
        } else {
            self.fail("a room type string or `random`")
        }
    }

    fn roomfill(&mut self) -> PResult<i32> {
        if self.tok() == Tok::Punct(b',') {
            self.bump();
            self.val(Val::Boolean, "`true` or `false`")
        } else {
            Ok(1)
        }
    }

    pub fn new(src: &'a str, lexed: &'a Lexed, target: Target) -> Self {
        Parser {
            src,
            toks: &lexed.toks,
            maps: &lexed.maps,
            target,
            pos: 0,
            colon_line: 1,
            diagnostics: Vec::new(),
            expected: "",
            room_ctx: false,
            pieces: Vec::new(),
            last_pieces: Vec::new(),
        }
    }

    /// The next level, after reporting anything before it that cannot
    /// start one; `None` at the end of the file. Reading one level at a
    /// time lets the drop-in compile and drop each level before it reads
    /// the next, as the original does.
    pub fn next_level(&mut self) -> Option<Level> {
        loop {
            match self.tok() {
                Tok::Eof => return None,
                Tok::Kw(Kw::Maze) | Tok::Kw(Kw::Level) => return Some(self.level()),
                _ => {
                    let _ = self
                        .fail::<()>("`MAZE` or `LEVEL`")
                        .map_err(|s| self.report(s));
                    self.bump();
                    while !matches!(self.tok(), Tok::Kw(Kw::Maze | Kw::Level) | Tok::Eof) {
                        self.bump();
                    }
                }
            }
        }
    }

    fn level(&mut self) -> Level {
        let start = self.peek().span.start as usize;
        let kind = if self.tok() == Tok::Kw(Kw::Maze) {
            LevelKind::Maze
        } else {
            LevelKind::Room
        };
        let mut level = Level {
            kind,
            name: Text {
                text: String::new(),
                span: Span::new(start, start),
            },
            filling: None,
            line: self.peek().line,
            flags: None,
            init: None,
            messages: Vec::new(),
            body: Vec::new(),
            span: Span::new(start, start),
            broken: false,
        };
        self.room_ctx = kind == LevelKind::Room;
        self.bump();
        self.level_header(&mut level);
        self.level_body(&mut level);
        level.span = Span::new(start, self.prev_end().max(start));
        level
    }

    /// The rest of `MAZE:` or `LEVEL:`, then `FLAGS`, `INIT_MAP` and the
    /// messages, in that order.
    fn level_header(&mut self, level: &mut Level) {
        let kind = level.kind;
        let header = (|| -> PResult<()> {
            self.colon()?;
            level.line = self.colon_line;
            level.name = self.string()?;
            if kind == LevelKind::Maze {
                self.comma()?;
                match self.tok() {
                    Tok::Char(c) => {
                        let t = self.bump();
                        level.filling = Some((c, t.span));
                    }
                    Tok::Val(Val::Random, _) => {
                        self.bump();
                    }
                    _ => return self.fail("a fill character like `' '` or `random`"),
                }
            }
            Ok(())
        })();
        if let Err(stop) = header {
            self.report(stop);
            self.recover();
            level.broken = true;
        }
        // FLAGS, INIT_MAP, MESSAGE*, in that order.
        if self.tok() == Tok::Kw(Kw::Flags) {
            level.flags = self.statement(&mut level.broken);
        }
        if self.tok() == Tok::Kw(Kw::InitMap) {
            level.init = self.statement(&mut level.broken);
        }
        while self.tok() == Tok::Kw(Kw::Message) {
            if let Some(m) = self.statement(&mut level.broken) {
                level.messages.push(m);
            }
        }
    }

    /// The statements after the header, up to the next level or the end
    /// of the file, each checked against the grammar's order.
    fn level_body(&mut self, level: &mut Level) {
        let mut state = match level.kind {
            LevelKind::Maze => State::MazeStart,
            LevelKind::Room => State::RoomRegisters,
        };
        loop {
            let t = *self.peek();
            if state == State::AfterRandomCorridors
                && !matches!(t.tok, Tok::Eof | Tok::Kw(Kw::Maze | Kw::Level))
            {
                // `RANDOM_CORRIDORS` ends the level without needing the
                // next token: the original finishes (and writes) the level
                // before it finds the syntax error that follows.
                break;
            }
            let kw = match t.tok {
                Tok::Eof | Tok::Kw(Kw::Maze) | Tok::Kw(Kw::Level) => {
                    if state == State::MazeStart && !level.broken {
                        let _ = self
                            .fail::<()>("a map part (`GEOMETRY` + `MAP` or `NOMAP`)")
                            .map_err(|s| self.report(s));
                        level.broken = true;
                    }
                    break;
                }
                Tok::Kw(k) => k,
                _ => {
                    let _ = self.fail::<()>("a statement").map_err(|s| self.report(s));
                    level.broken = true;
                    self.recover();
                    continue;
                }
            };
            match next_state(state, kw) {
                Some(next) => state = next,
                None => {
                    let _ = self
                        .fail::<()>(allowed_here(state))
                        .map_err(|s| self.report(s));
                    level.broken = true;
                    // Parse it anyway so the views still show it.
                    if let Some(next) = lenient_state(kw) {
                        state = next;
                    }
                }
            }
            if let Some(mut stmt) = self.statement(&mut level.broken) {
                if let StmtKind::MapPart { map: Some(i), .. } = stmt.kind {
                    self.report_bad_cells(i, &mut level.broken);
                }
                if !self.reduced_before_next(&stmt.kind) {
                    // The original reduces this statement only when the
                    // next token can follow it: here the syntax error
                    // comes first, and only the actions of its parts ran.
                    stmt.kind = StmtKind::Partial(std::mem::take(&mut self.last_pieces));
                }
                level.body.push(stmt);
            }
        }
    }

    /// One error per character that is not a map character, at its first
    /// cell in this map (a character typed or pasted again and again is
    /// one mistake). The level is broken as after any syntax error: the
    /// original stops there, so it writes nothing for it.
    fn report_bad_cells(&mut self, map: usize, broken: &mut bool) {
        let Some(block) = self.maps.get(map) else {
            return;
        };
        let mut seen: Vec<char> = Vec::new();
        for bad in &block.bad {
            if seen.contains(&bad.ch) {
                continue;
            }
            seen.push(bad.ch);
            let d = bad_cell_error(bad, block, self.target);
            self.diagnostics.push(d);
            *broken = true;
        }
    }

    /// Whether the original completes this statement (runs its action)
    /// before the next token. Most statements end with a token after
    /// which the original reduces without reading further. Those ending
    /// with an optional part or a list need the next token, and are
    /// reduced only when it is one the grammar lets follow them: the
    /// look-ahead set of that reduction, which for a register list is the
    /// union of what may follow it in a maze part and in a room level (one
    /// parser state serves both).
    fn reduced_before_next(&self, kind: &StmtKind) -> bool {
        let follows = |state: State| match self.tok() {
            Tok::Eof | Tok::Kw(Kw::Maze | Kw::Level) => true,
            Tok::Kw(k) => next_state(state, k).is_some(),
            _ => false,
        };
        match kind {
            StmtKind::RandomObjects(_) | StmtKind::RandomMonsters(_) => {
                follows(State::MazeRegisters) || follows(State::RoomRegisters)
            }
            StmtKind::RandomPlaces(_) => follows(State::MazeRegisters),
            StmtKind::Region { .. } => follows(State::MazeDetails),
            // The others: no message in the completing action, or no
            // look-ahead needed.
            _ => true,
        }
    }

    /// Parses one statement starting at its keyword; on a syntax error
    /// reports it, skips to the next keyword and returns `None`.
    fn statement(&mut self, broken: &mut bool) -> Option<Stmt> {
        let kw_tok = self.bump();
        let Tok::Kw(kw) = kw_tok.tok else {
            return None;
        };
        let start = kw_tok.span.start as usize;
        self.pieces.clear();
        let kind = self.statement_body(kw);
        match kind {
            Ok(kind) => {
                self.last_pieces = std::mem::take(&mut self.pieces);
                Some(Stmt {
                    kind,
                    span: Span::new(start, self.prev_end()),
                    kw_span: kw_tok.span,
                    line: self.colon_line,
                })
            }
            Err(stop) => {
                let pieces = std::mem::take(&mut self.pieces);
                let stop_at = self.toks[stop.0.min(self.toks.len() - 1)].span.start as usize;
                self.report(stop);
                *broken = true;
                self.recover();
                (!pieces.is_empty()).then(|| Stmt {
                    kind: StmtKind::Partial(pieces),
                    span: Span::new(start, stop_at.max(start)),
                    kw_span: kw_tok.span,
                    line: self.colon_line,
                })
            }
        }
    }

    /// A statement after its keyword: the parts before the colon here,
    /// the rest by the statement's own reader.
    fn statement_body(&mut self, kw: Kw) -> PResult<StmtKind> {
        use StmtKind as S;
        // Keywords with an optional `[n%]` before the colon.
        let chance = match kw {
            Kw::Monster | Kw::Object | Kw::Container | Kw::Trap => self.chance(),
            _ => None,
        };
        match kw {
            Kw::Wallify => return Ok(S::Wallify),
            Kw::Nomap => {
                return Ok(S::MapPart {
                    geometry: None,
                    map: None,
                })
            }
            Kw::RandomCorridors => return Ok(S::RandomCorridors),
            _ => {}
        }
        self.colon()?;
        match kw {
            Kw::Flags => self.flags(),
            Kw::InitMap => self.init_map(),
            Kw::Message => Ok(S::Message(self.string()?)),
            Kw::Geometry => self.geometry(),
            Kw::RandomObjects => Ok(S::RandomObjects(self.char_list(false)?)),
            Kw::RandomMonsters => Ok(S::RandomMonsters(self.char_list(true)?)),
            Kw::RandomPlaces => self.random_places(),
            Kw::Monster => self.monster(chance),
            Kw::Object | Kw::Container => self.object(kw == Kw::Container, chance),
            Kw::Door if self.room_ctx => self.room_door(),
            Kw::Door => self.door(),
            Kw::Trap => self.trap(chance),
            Kw::Drawbridge => self.drawbridge(),
            Kw::Mazewalk => self.mazewalk(),
            Kw::Region => self.region_stmt(),
            Kw::Altar => self.altar(),
            Kw::Ladder => self.ladder(),
            Kw::Stair => self.stair(),
            Kw::Portal => self.portal(),
            Kw::TeleportRegion => self.teleport_region(),
            Kw::Branch => self.branch(),
            Kw::Fountain => Ok(S::Fountain(self.coordinate()?)),
            Kw::Sink => Ok(S::Sink(self.coordinate()?)),
            Kw::Pool => Ok(S::Pool(self.coordinate()?)),
            Kw::NonDiggable => Ok(S::NonDiggable(self.region()?)),
            Kw::NonPasswall => Ok(S::NonPasswall(self.region()?)),
            Kw::Gold => self.gold(),
            Kw::Engraving => self.engraving(),
            Kw::Room => self.room(),
            Kw::Subroom => self.subroom(),
            Kw::Name => Ok(S::Name(self.string()?)),
            Kw::Chance => Ok(S::Chance(self.integer()?)),
            Kw::Corridor => self.corridor(),
            Kw::Maze | Kw::Level | Kw::Wallify | Kw::Nomap | Kw::RandomCorridors => {
                unreachable!("handled before the colon")
            }
        }
    }
}

/// Where `kw` may stand after `state`, and the state it leads to.
fn next_state(state: State, kw: Kw) -> Option<State> {
    use Kw::*;
    use State::*;
    let map_detail = matches!(
        kw,
        Monster
            | Object
            | Container
            | Door
            | Trap
            | Drawbridge
            | Region
            | Stair
            | Portal
            | TeleportRegion
            | Branch
            | Altar
            | Fountain
            | Mazewalk
            | Wallify
            | Ladder
            | Gold
            | Engraving
            | NonDiggable
            | NonPasswall
    );
    let room_detail = matches!(
        kw,
        Name | Chance
            | Door
            | Monster
            | Object
            | Container
            | Trap
            | Altar
            | Fountain
            | Sink
            | Pool
            | Gold
            | Engraving
            | Stair
    );
    match (state, kw) {
        (MazeStart | MazeRegisters | MazeDetails, Nomap | Geometry) => Some(MazeRegisters),
        (MazeRegisters, RandomObjects | RandomMonsters | RandomPlaces) => Some(MazeRegisters),
        (MazeRegisters | MazeDetails, _) if map_detail => Some(MazeDetails),
        (RoomRegisters, RandomObjects | RandomMonsters) => Some(RoomRegisters),
        (RoomRegisters | InRoom, Room | Subroom) => Some(InRoom),
        (InRoom, _) if room_detail => Some(InRoom),
        (RoomRegisters | InRoom, RandomCorridors) => Some(AfterRandomCorridors),
        (RoomRegisters | InRoom | Corridors, Corridor) => Some(Corridors),
        _ => None,
    }
}

/// The state to continue in after parsing an out-of-place statement.
fn lenient_state(kw: Kw) -> Option<State> {
    match kw {
        Kw::Nomap | Kw::Geometry => Some(State::MazeRegisters),
        Kw::Room | Kw::Subroom => Some(State::InRoom),
        _ => None,
    }
}

fn allowed_here(state: State) -> &'static str {
    match state {
        State::MazeStart => "a map part (`GEOMETRY` + `MAP` or `NOMAP`)",
        State::MazeRegisters | State::MazeDetails => "a map detail statement",
        State::RoomRegisters => "`RANDOM_OBJECTS`, `RANDOM_MONSTERS`, `ROOM` or a corridor",
        State::InRoom => "a room detail, `ROOM`, `SUBROOM` or a corridor",
        State::AfterRandomCorridors => "the end of the level",
        State::Corridors => "`CORRIDOR` or the end of the level",
    }
}

#[cfg(test)]
mod tests;

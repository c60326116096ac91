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
mod tests {
    use super::*;
    use crate::nethack::lexer::lex;
    use vaultwright_model::Target;

    fn parse_src(src: &str) -> (File, Vec<Diagnostic>) {
        let lexed = lex(src, Target::Nethack343);
        parse(src, &lexed)
    }

    fn maze(body: &str) -> Vec<StmtKind> {
        let src =
            format!("MAZE:\"t\",' '\nGEOMETRY:center,center\nMAP\n....\n....\nENDMAP\n{body}");
        let (file, diags) = parse_src(&src);
        assert!(diags.is_empty(), "{diags:#?}");
        file.levels[0].body[1..]
            .iter()
            .map(|s| s.kind.clone())
            .collect()
    }

    fn rooms(body: &str) -> Vec<StmtKind> {
        let src = format!("LEVEL:\"r\"\n{body}");
        let (file, diags) = parse_src(&src);
        assert!(diags.is_empty(), "{diags:#?}");
        file.levels[0].body.iter().map(|s| s.kind.clone()).collect()
    }

    fn at(x: i32, y: i32) -> CoordKind {
        CoordKind::At(x, y)
    }

    #[test]
    fn level_header_flags_init_and_messages() {
        let (file, d) = parse_src(
            "MAZE:\"hdr\",random\nFLAGS:noteleport,hardfloor\nINIT_MAP:'.',' ',true,true,random,false\nMESSAGE:\"a\"\nMESSAGE:\"b\"\nNOMAP\n",
        );
        assert!(d.is_empty(), "{d:#?}");
        let l = &file.levels[0];
        assert_eq!(l.name.text, "hdr");
        assert_eq!(l.filling, None);
        assert_eq!(l.flags.as_ref().unwrap().kind, StmtKind::Flags(3));
        assert!(matches!(
            l.init.as_ref().unwrap().kind,
            StmtKind::InitMap {
                fg: b'.',
                bg: b' ',
                smoothed: 1,
                joined: 1,
                lit: -1,
                walled: 0
            }
        ));
        assert_eq!(l.messages.len(), 2);
    }

    #[test]
    fn monster_with_every_kind_of_detail() {
        let k = maze("MONSTER[50%]:'D',\"red dragon\",(1,1),\"Smaug\",peaceful,asleep,align[1],m_object \"boulder\"\n");
        let StmtKind::Monster {
            chance,
            class,
            name,
            coord,
            infos,
        } = &k[0]
        else {
            panic!()
        };
        assert_eq!(chance.unwrap().0, 50);
        assert_eq!(class.class, Class::Char(b'D'));
        assert_eq!(name.as_ref().unwrap().text, "red dragon");
        assert_eq!(coord.kind, at(1, 1));
        assert_eq!(infos.len(), 5);
        assert!(matches!(infos[3], MonInfo::Align(Align::Register(1), _)));
    }

    #[test]
    fn object_tails() {
        let k = maze(
            "OBJECT:'(',random,(0,0)\n\
             OBJECT:')',\"long sword\",(1,0),blessed,3,\"Excalibur\"\n\
             OBJECT:'%',\"corpse\",(2,0),\"newt\",random\n\
             OBJECT:'%',\"corpse\",(2,0),random,\"newt\",-1,none\n\
             CONTAINER:'(',\"chest\",place[0]\n\
             OBJECT:object[2],random,contained\n",
        );
        assert!(
            matches!(&k[1], StmtKind::Object { curse: Some(1), spe: Some(3), oname: Some(n), .. } if n.text == "Excalibur")
        );
        assert!(
            matches!(&k[2], StmtKind::Object { monster: Some(m), spe: None, .. } if m.text == "newt")
        );
        assert!(matches!(
            &k[3],
            StmtKind::Object {
                curse: None,
                spe: Some(-1),
                oname: None,
                ..
            }
        ));
        assert!(matches!(
            &k[4],
            StmtKind::Object {
                container: true,
                coord: Some(Coord {
                    kind: CoordKind::Place(0),
                    ..
                }),
                ..
            }
        ));
        assert!(matches!(
            &k[5],
            StmtKind::Object {
                coord: None,
                class: ClassSpec {
                    class: Class::Register(2),
                    ..
                },
                ..
            }
        ));
    }

    #[test]
    fn map_door_drawbridge_walk_and_regions() {
        let k = maze(
            "DOOR:locked,(1,1)\nDOOR:random,random\nDRAWBRIDGE:(1,0),south,open\nMAZEWALK:(0,0),east\nWALLIFY\n\
             REGION:(0,0,3,1),lit,\"temple\",unfilled,true\nNON_DIGGABLE:(0,0,3,1)\nNON_PASSWALL:(0,0,3,1)\n",
        );
        assert!(matches!(k[0], StmtKind::Door { state: 8, .. }));
        assert!(matches!(
            k[1],
            StmtKind::Door {
                state: -1,
                coord: Coord {
                    kind: CoordKind::Random,
                    ..
                }
            }
        ));
        assert!(matches!(
            k[2],
            StmtKind::Drawbridge {
                dir: 2,
                state: 2,
                ..
            }
        ));
        assert!(matches!(k[3], StmtKind::Mazewalk { dir: 4, .. }));
        assert_eq!(k[4], StmtKind::Wallify);
        assert!(matches!(
            &k[5],
            StmtKind::Region {
                prefilled: 3,
                lit: 1,
                ..
            }
        ));
        assert!(matches!(k[6], StmtKind::NonDiggable(_)));
        assert!(matches!(k[7], StmtKind::NonPasswall(_)));
    }

    #[test]
    fn stairs_and_level_regions() {
        let k = maze(
            "STAIR:(1,1),up\nSTAIR:(0,0,1,1),levregion(1,0,79,20),down\nLADDER:(2,1),down\n\
             PORTAL:levregion(1,1,5,5),(0,0,0,0),\"fire\"\nTELEPORT_REGION:(0,0,1,1),(0,0,0,0),up\n\
             TELEPORT_REGION:levregion(1,1,2,2),levregion(0,0,0,0)\nBRANCH:(0,0,1,1),(0,0,0,0)\n",
        );
        assert!(matches!(k[0], StmtKind::Stair { up: 1, .. }));
        assert!(matches!(
            k[1],
            StmtKind::StairRegion {
                up: 0,
                avoid: LevRegion { absolute: true, .. },
                ..
            }
        ));
        assert!(matches!(k[2], StmtKind::Ladder { up: 0, .. }));
        assert!(
            matches!(&k[3], StmtKind::Portal { dest, area: LevRegion { absolute: true, .. }, .. } if dest.text == "fire")
        );
        assert!(matches!(k[4], StmtKind::TeleportRegion { dir: 1, .. }));
        assert!(matches!(k[5], StmtKind::TeleportRegion { dir: -1, .. }));
        assert!(matches!(k[6], StmtKind::BranchRegion { .. }));
    }

    #[test]
    fn registers_altars_gold_engravings_traps() {
        let k = maze(
            "RANDOM_PLACES:(0,0),(1,1)\nRANDOM_OBJECTS:'(','['\nRANDOM_MONSTERS:'a'\n\
             ALTAR:(1,1),align[0],shrine\nGOLD:random,(0,0)\nENGRAVING:(1,0),burn,\"x\"\n\
             TRAP:\"pit\",random\nTRAP[10%]:random,(0,1)\nFOUNTAIN:(3,1)\n",
        );
        assert!(matches!(&k[0], StmtKind::RandomPlaces(p) if p.len() == 2));
        assert!(matches!(&k[1], StmtKind::RandomObjects(p) if p.len() == 2));
        assert!(matches!(
            k[3],
            StmtKind::Altar {
                align: Align::Register(0),
                atype: 1,
                ..
            }
        ));
        assert!(matches!(k[4], StmtKind::Gold { amount: -1, .. }));
        assert!(matches!(k[5], StmtKind::Engraving { etype: 3, .. }));
        assert!(matches!(
            &k[6],
            StmtKind::Trap {
                name: Some(_),
                chance: None,
                ..
            }
        ));
        assert!(matches!(
            &k[7],
            StmtKind::Trap {
                name: None,
                chance: Some((10, _, _)),
                ..
            }
        ));
    }

    #[test]
    fn rooms_subrooms_details_and_corridors() {
        let k = rooms(
            "RANDOM_MONSTERS:'a','b'\nROOM:\"shop\",lit,(1,2),(left,top),(4,4),false\nNAME:\"shop\"\nCHANCE:50\n\
             DOOR:true,random,north,random\nSINK:(0,0)\nPOOL:(1,1)\nSTAIR:(2,2),down\n\
             SUBROOM:\"ordinary\",random,random,random,\"shop\"\nCORRIDOR:(0,east,1),(1,west,random)\nCORRIDOR:(1,north,0),3\n",
        );
        assert!(matches!(
            &k[1],
            StmtKind::Room {
                pos: Some((1, 2)),
                align: Some((1, 1)),
                size: Some((4, 4)),
                filled: 0,
                ..
            }
        ));
        assert!(matches!(
            k[4],
            StmtKind::RoomDoor {
                secret: 1,
                state: -1,
                wall: 1,
                pos: -1
            }
        ));
        assert!(matches!(k[5], StmtKind::Sink(_)));
        assert!(matches!(k[7], StmtKind::Stair { up: 0, .. }));
        assert!(matches!(
            &k[8],
            StmtKind::Subroom {
                pos: None,
                size: None,
                filled: 1,
                ..
            }
        ));
        assert!(matches!(
            k[9],
            StmtKind::Corridor {
                dest: CorrDest::Room(CorrSpec { door: -1, .. }),
                ..
            }
        ));
        assert!(matches!(
            k[10],
            StmtKind::Corridor {
                dest: CorrDest::Nxcor(3),
                ..
            }
        ));
        let k = rooms("ROOM:\"ordinary\",random,random,random,random\nRANDOM_CORRIDORS\n");
        assert_eq!(k[1], StmtKind::RandomCorridors);
    }

    #[test]
    fn syntax_errors_are_all_reported_with_the_originals_line() {
        let (file, d) = parse_src(
            "MAZE:\"e\",' '\nGEOMETRY:center,center\nMAP\n..\nENDMAP\nMONSTER 'a',random,(0,0)\nSINK:(0,0)\nOBJECT:'(',random,(0,0)\nTRAP:\"pit\" (0,0)\n",
        );
        let lines: Vec<u32> = d.iter().map(|d| d.compat_line.unwrap()).collect();
        assert_eq!(lines, vec![6, 7, 9]);
        assert!(d.iter().all(|d| d.message == "syntax error" && d.original));
        // The statements around the errors are still there for the views.
        let l = &file.levels[0];
        assert!(l.broken);
        assert!(l
            .body
            .iter()
            .any(|s| matches!(s.kind, StmtKind::Object { .. })));
        assert!(l.body.iter().any(|s| matches!(s.kind, StmtKind::Sink(_))));
    }

    #[test]
    fn statement_order_is_part_of_the_grammar() {
        for src in [
            "MAZE:\"a\",' '\nNOMAP\nFLAGS:noteleport\n",
            "MAZE:\"a\",' '\nNOMAP\nMONSTER:'a',random,random\nRANDOM_MONSTERS:'a'\n",
            "MAZE:\"a\",' '\nMONSTER:'a',random,random\n",
            "MAZE:\"a\",' '\n",
            "LEVEL:\"a\"\nRANDOM_CORRIDORS\nCORRIDOR:(0,north,0),(0,south,0)\n",
            "LEVEL:\"a\"\nROOM:\"ordinary\",lit,random,random,random\nDRAWBRIDGE:(0,0),north,open\n",
            "MAZE:\"a\",' '\nNOMAP\nSINK:(0,0)\n",
        ] {
            let (_, d) = parse_src(src);
            assert_eq!(d.len(), 1, "{src}: {d:#?}");
        }
    }

    #[test]
    fn dialect_differences_in_the_lexer_reach_the_parser() {
        let src = "MAZE:\"a\",' '\nFLAGS:arboreal\nNOMAP\n";
        let l343 = lex(src, Target::Nethack343);
        assert!(parse(src, &l343).1.is_empty());
        let l32 = lex(src, Target::Nethack323);
        assert_eq!(parse(src, &l32).1.len(), 1);
    }
}

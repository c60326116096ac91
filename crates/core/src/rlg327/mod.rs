//! RLG327 (Iowa State ComS 327) monster and object description files.
//!
//! The reader follows the instructor's reference parser step by step (its
//! stream operations: whitespace-delimited keyword tokens, line-bound
//! values, exact field counts, token-based resynchronisation at `BEGIN`),
//! in three generations: Spring 2016, Fall 2017 and 2018+ (RRTY, ART,
//! BOSS). Every discarded entry becomes a diagnostic that says why and
//! where; the reference's crash on an empty DESC is an error here.
//!
//! A `Stream` emulates the reference's `ifstream` calls; the reader per
//! dialect knows its field counts and abilities, and `fields` has one
//! reader per field kind. `print` writes the entries back in the
//! reference's form or the assignment's (`Form`); `dice` gives exact
//! distributions.
//!
//! No grammar library: the stream position after each call is the
//! specification, so the reader is a loop over those calls. Dice too are
//! read as `ifstream` extraction leaves them (junk after a die is a
//! lenient read, a warning, not a syntax error).

pub mod catalog;
pub mod dice;
mod fields;

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::view::{Entity, EntityTable, View};
use vaultwright_model::{
    Analysis, Artifact, Language, Options, Symbol, SymbolView, Token, TokenKind,
};

pub const HEADER: &str = "RL0001";
pub const DISCARDED: &str = "RL0100";
pub const EMPTY_DESC: &str = "RL0101";
pub const OUTSIDE: &str = "RL0102";
pub const LENIENT: &str = "RL0200";
pub const RARITY: &str = "RL0201";
pub const ABIL_RRTY: &str = "RL0202";
pub const RESYNC: &str = "RL0203";
pub const DIALECT: &str = "RL0204";
pub const DESC_RUNS_OVER: &str = "RL0205";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Monster,
    Object,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    S2016,
    F2017,
    Y2018,
}

impl Dialect {
    pub fn name(self) -> &'static str {
        match self {
            Dialect::S2016 => "s2016",
            Dialect::F2017 => "f2017",
            Dialect::Y2018 => "y2018",
        }
    }

    pub fn from_name(s: &str) -> Option<Dialect> {
        match s {
            "s2016" => Some(Dialect::S2016),
            "f2017" => Some(Dialect::F2017),
            "y2018" | "y2018plus" => Some(Dialect::Y2018),
            _ => None,
        }
    }

    fn abilities(self) -> &'static [&'static str] {
        match self {
            Dialect::S2016 => &["ERRATIC", "PASS", "SMART", "TELE", "TUNNEL"],
            Dialect::F2017 => &[
                "DESTROY", "ERRATIC", "PASS", "PICKUP", "SMART", "TELE", "TUNNEL", "UNIQ",
            ],
            Dialect::Y2018 => &[
                "BOSS", "DESTROY", "ERRATIC", "PASS", "PICKUP", "RRTY", "SMART", "TELE", "TUNNEL",
                "UNIQ",
            ],
        }
    }

    fn fields(self, kind: Kind) -> &'static [&'static str] {
        match (kind, self) {
            (Kind::Monster, Dialect::Y2018) => &[
                "NAME", "DESC", "SYMB", "COLOR", "SPEED", "ABIL", "HP", "DAM", "RRTY",
            ],
            (Kind::Monster, _) => &[
                "NAME", "DESC", "SYMB", "COLOR", "SPEED", "ABIL", "HP", "DAM",
            ],
            (Kind::Object, Dialect::Y2018) => &[
                "NAME", "DESC", "TYPE", "COLOR", "HIT", "DAM", "DODGE", "DEF", "WEIGHT", "SPEED",
                "ATTR", "VAL", "ART", "RRTY",
            ],
            (Kind::Object, _) => &[
                "NAME", "DESC", "TYPE", "COLOR", "HIT", "DAM", "DODGE", "DEF", "WEIGHT", "SPEED",
                "ATTR", "VAL",
            ],
        }
    }
}

/// The reference's colour table: BLACK is stored as WHITE, so WHITE prints
/// as BLACK.
const COLORS: &[(&str, u8)] = &[
    ("BLACK", 7),
    ("BLUE", 4),
    ("CYAN", 6),
    ("GREEN", 2),
    ("MAGENTA", 5),
    ("RED", 1),
    ("WHITE", 7),
    ("YELLOW", 3),
];

const TYPES: &[&str] = &[
    "WEAPON",
    "OFFHAND",
    "RANGED",
    "LIGHT",
    "ARMOR",
    "HELMET",
    "CLOAK",
    "GLOVES",
    "BOOTS",
    "AMULET",
    "RING",
    "SCROLL",
    "BOOK",
    "FLASK",
    "GOLD",
    "AMMUNITION",
    "FOOD",
    "WAND",
    "CONTAINER",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceValue {
    pub base: i32,
    pub count: u32,
    pub sides: u32,
    pub text: String,
}

impl std::fmt::Display for DiceValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}d{}", self.base, self.count, self.sides)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    Symbol(u8),
    /// Colour words as written.
    Colors(Vec<String>),
    Dice(DiceValue),
    /// Ability words as written.
    Words(Vec<String>),
    Type(String),
    Integer(u32),
    Bool(bool),
}

#[derive(Clone, Debug)]
pub struct Field {
    pub key: &'static str,
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub fields: Vec<Field>,
    pub span: Span,
}

impl Entry {
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|f| f.key == key).map(|f| &f.value)
    }
}

/// The reference's `std::ifstream` operations over bytes.
struct Stream<'a> {
    b: &'a [u8],
    pos: usize,
    fail: bool,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl<'a> Stream<'a> {
    fn peek(&self) -> Option<u8> {
        if self.fail {
            None
        } else {
            self.b.get(self.pos).copied()
        }
    }
    fn get(&mut self) -> Option<u8> {
        let c = self.peek();
        if c.is_some() {
            self.pos += 1;
        } else {
            self.fail = true;
        }
        c
    }
    /// The end of the character whose first byte is at `at` (the stream
    /// reads bytes; a span must not end inside a character).
    fn char_end(&self, at: usize) -> usize {
        let mut end = at + 1;
        while self.b.get(end).is_some_and(|&c| c & 0xC0 == 0x80) {
            end += 1;
        }
        end.min(self.b.len()).max(at)
    }

    /// The span of the whole character at the read position.
    fn char_span(&self) -> Span {
        let len =
            vaultwright_model::source::char_starting_at(self.b, self.pos).map_or(1, char::len_utf8);
        Span::new(self.pos, (self.pos + len).min(self.b.len()))
    }
    fn eat_blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }
    fn eat_white(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }
    /// `f >> s`: the next whitespace-delimited token; on failure `s` keeps
    /// its old value.
    fn token(&mut self, s: &mut Tok) {
        self.eat_white();
        if self.peek().is_none() {
            self.fail = true;
            return;
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| !is_space(c)) {
            self.pos += 1;
        }
        *s = Tok {
            text: String::from_utf8_lossy(&self.b[start..self.pos]).into_owned(),
            span: Span::new(start, self.pos),
        };
    }
    /// `getline(f, s)`.
    fn getline(&mut self) -> Option<(String, Span)> {
        if self.peek().is_none() {
            self.fail = true;
            return None;
        }
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == b'\n' {
                break;
            }
            self.pos += 1;
        }
        let end = self.pos;
        if self.peek() == Some(b'\n') {
            self.pos += 1;
        }
        Some((
            String::from_utf8_lossy(&self.b[start..end]).into_owned(),
            Span::new(start, end),
        ))
    }
}

#[derive(Clone, Debug, Default)]
struct Tok {
    text: String,
    span: Span,
}

/// `sscanf("%d")`-like: optional sign and digits at the start.
fn scan_int(s: &str) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut v: i64 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        v = v.saturating_mul(10).saturating_add((b[i] - b'0') as i64);
        i += 1;
    }
    if i == start {
        return None;
    }
    Some((if neg { -v } else { v }, &s[i..]))
}

/// `sscanf("%d+%ud%u")`, with what it leniently accepted.
fn scan_dice(s: &str) -> Option<(DiceValue, Vec<&'static str>)> {
    let mut notes = Vec::new();
    let (base, rest) = scan_int(s)?;
    let rest = rest.strip_prefix('+')?;
    let (n, rest) = scan_int(rest)?;
    let rest = rest.strip_prefix('d')?;
    let (sides, rest) = scan_int(rest)?;
    if !rest.is_empty() {
        notes.push("text after the dice is ignored by the reference");
    }
    if n < 0 || sides < 0 {
        notes.push("a negative dice count or side count wraps around in the reference");
    }
    if base < 0 {
        notes.push("a negative base is accepted by the reference");
    }
    let clamp32 = |v: i64| v.clamp(i32::MIN as i64, u32::MAX as i64);
    Some((
        DiceValue {
            base: clamp32(base) as i32,
            count: clamp32(n) as i32 as u32,
            sides: clamp32(sides) as i32 as u32,
            text: s.to_string(),
        },
        notes,
    ))
}

pub struct Parsed {
    pub kind: Kind,
    pub dialect: Dialect,
    pub entries: Vec<Entry>,
    pub diagnostics: Vec<Diagnostic>,
    pub tokens: Vec<Token>,
    pub header_ok: bool,
}

struct Reader<'a> {
    s: Stream<'a>,
    kind: Kind,
    dialect: Dialect,
    diags: Vec<Diagnostic>,
    tokens: Vec<Token>,
    entries: Vec<Entry>,
}

/// Why an entry was discarded: the reference's message and ours.
struct Discard {
    what: &'static str,
    reason: String,
    span: Span,
    code: &'static str,
}

/// The warning for a DESC whose text holds an `END` or `BEGIN` line: one
/// finding for a forgotten `.`, where the reference silently reads the
/// next entry as this one's description.
fn desc_runs_over(span: Span) -> Diagnostic {
    Diagnostic::warning(
        DESC_RUNS_OVER,
        "this DESC runs over the end of its entry: the `.` line that ends it is probably missing",
        span,
    )
    .with_note("the reference reads the description on to the next lone `.`, and the fields after that as this entry's")
}

fn noun(kind: Kind) -> &'static str {
    match kind {
        Kind::Monster => "monster",
        Kind::Object => "object",
    }
}

/// What the reference names a field in its "Parse error in …" message.
fn label(kind: Kind, key: &str) -> &'static str {
    match (kind, key) {
        (_, "NAME") => "name",
        (_, "DESC") => "description",
        (_, "COLOR") => "color",
        (Kind::Monster, "SYMB") => "symbol",
        (Kind::Monster, "SPEED") => "speed",
        (Kind::Monster, "ABIL") => "abilities",
        (Kind::Monster, "HP") => "hitpoints",
        (Kind::Monster, "DAM") | (Kind::Monster, "RRTY") => "damage",
        (Kind::Object, "TYPE") => "type",
        (Kind::Object, "HIT") => "hit bonux",
        (Kind::Object, "DAM") => "damage bonus",
        (Kind::Object, "DODGE") => "dodge bonus",
        (Kind::Object, "DEF") => "defence bonus",
        (Kind::Object, "WEIGHT") => "weight",
        (Kind::Object, "SPEED") => "speed bonus",
        (Kind::Object, "ATTR") => "special attribute bonus",
        _ => "value",
    }
}

impl<'a> Reader<'a> {
    /// Discards the description begun at `begin` (the reference's "Parse
    /// error in … description."), so reading resumes at the next BEGIN.
    fn discard_description(
        &mut self,
        reason: String,
        span: Span,
        begin: Span,
        after_discard: &mut bool,
    ) {
        self.discard(
            Discard {
                what: "description",
                reason,
                span,
                code: DISCARDED,
            },
            begin.start as usize,
        );
        *after_discard = true;
    }

    fn discard(&mut self, d: Discard, entry_start: usize) {
        let n = noun(self.kind);
        let mut diag = Diagnostic::error(d.code, format!("{n} discarded: {}", d.reason), d.span)
            .with_note(format!(
                "the reference says \"Parse error in {n} {}.\" and skips to the next BEGIN",
                d.what
            ));
        if entry_start < d.span.start as usize {
            diag.notes
                .push(format!("the entry starts at byte {entry_start}"));
        }
        self.diags.push(diag);
    }

    /// One `parse_*_description` call.
    fn entry(&mut self, la: &mut Tok, after_discard: &mut bool) {
        let type_word = if self.kind == Kind::Monster {
            "MONSTER"
        } else {
            "OBJECT"
        };
        if la.text != "BEGIN" {
            self.skip_to_begin(la, *after_discard);
        }
        *after_discard = false;
        if self.s.peek().is_none() {
            return;
        }
        let begin = la.span;
        self.tokens.push(Token {
            kind: TokenKind::Keyword,
            span: begin,
        });
        self.s.token(la);
        if la.text != type_word {
            self.discard_description(
                format!(
                    "BEGIN must be followed by {type_word}, found \"{}\"",
                    la.text
                ),
                la.span,
                begin,
                after_discard,
            );
            return;
        }
        self.tokens.push(Token {
            kind: TokenKind::Keyword,
            span: la.span,
        });
        let fields = self.dialect.fields(self.kind);
        self.s.token(la);
        let Some(mut entry) = self.entry_fields(fields, la, begin, after_discard) else {
            return;
        };
        if la.text != "END" {
            self.discard_description(
                format!(
                    "expected END after {} fields, found \"{}\"",
                    fields.len(),
                    la.text
                ),
                la.span,
                begin,
                after_discard,
            );
            return;
        }
        self.tokens.push(Token {
            kind: TokenKind::Keyword,
            span: la.span,
        });
        let end = la.span;
        self.s.eat_blank();
        if self.s.peek().is_some_and(|c| c != b'\n') {
            self.discard_description(
                "text after END on its line".into(),
                self.s.char_span(),
                begin,
                after_discard,
            );
            return;
        }
        self.s.token(la);
        entry.span = begin.to(end);
        self.entries.push(entry);
    }

    /// Skips text outside an entry up to the next BEGIN (reported unless
    /// it follows a discarded entry), as the reference does.
    fn skip_to_begin(&mut self, la: &mut Tok, after_discard: bool) {
        let from = la.span;
        loop {
            self.s.token(la);
            if la.text == "BEGIN" || self.s.peek().is_none() {
                break;
            }
        }
        if !after_discard {
            self.diags.push(Diagnostic::warning(
                OUTSIDE,
                "text outside an entry, skipped up to the next BEGIN",
                Span::new(from.start as usize, la.span.start.max(from.end) as usize),
            ));
        }
        if la.text == "BEGIN" {
            let line_start = self.s.b[..la.span.start as usize]
                .iter()
                .rposition(|&c| c == b'\n')
                .map(|i| i + 1)
                .unwrap_or(0);
            if self.s.b[line_start..la.span.start as usize]
                .iter()
                .any(|c| !c.is_ascii_whitespace())
            {
                self.diags.push(Diagnostic::warning(
                    RESYNC,
                    "the reference resumes at this BEGIN in the middle of a line",
                    la.span,
                ));
            }
        }
    }

    /// As many fields as the dialect has, in any order: the entry begun
    /// at `begin`, or `None` if it is discarded (reported).
    fn entry_fields(
        &mut self,
        fields: &'static [&'static str],
        la: &mut Tok,
        begin: Span,
        after_discard: &mut bool,
    ) -> Option<Entry> {
        let mut entry = Entry {
            fields: Vec::new(),
            span: begin,
        };
        for _ in 0..fields.len() {
            let key = fields.iter().find(|k| **k == la.text).copied();
            let Some(key) = key else {
                let reason = if la.text == "END" {
                    let missing: Vec<&str> = fields
                        .iter()
                        .filter(|k| !entry.fields.iter().any(|f| f.key == **k))
                        .copied()
                        .collect();
                    format!("missing field(s): {}", missing.join(", "))
                } else if ["RRTY", "ART"].contains(&la.text.as_str()) {
                    format!(
                        "{} is a 2018+ field, not one of the {} dialect",
                        la.text,
                        self.dialect.name()
                    )
                } else {
                    format!("unknown keyword \"{}\"", la.text)
                };
                self.discard_description(reason, la.span, begin, after_discard);
                return None;
            };
            let Some(field) = self.entry_field(key, la, &entry, begin) else {
                *after_discard = true;
                return None;
            };
            entry.fields.push(field);
        }
        Some(entry)
    }

    /// The field whose keyword `key` is at `la`, in the entry begun at
    /// `begin` (which holds `entry`'s fields so far): `None` if the entry
    /// is discarded (reported).
    fn entry_field(
        &mut self,
        key: &'static str,
        la: &mut Tok,
        entry: &Entry,
        begin: Span,
    ) -> Option<Field> {
        let kspan = la.span;
        self.tokens.push(Token {
            kind: TokenKind::Keyword,
            span: kspan,
        });
        if entry.fields.iter().any(|f| f.key == key) {
            self.discard(
                Discard {
                    what: label(self.kind, key),
                    reason: format!("{key} appears twice"),
                    span: kspan,
                    code: DISCARDED,
                },
                begin.start as usize,
            );
            return None;
        }
        let vstart = self.s.pos;
        match self.field_value(key, la) {
            Ok(value) => {
                let end = if la.span.start as usize > vstart {
                    la.span.start as usize
                } else {
                    self.s.pos
                };
                Some(Field {
                    key,
                    value,
                    span: Span::new(kspan.start as usize, end.max(kspan.end as usize)),
                })
            }
            Err((reason, span, code)) => {
                let mut reason = reason;
                if code == EMPTY_DESC {
                    reason.push_str(" (the reference crashes here)");
                }
                self.discard(
                    Discard {
                        what: label(self.kind, key),
                        reason,
                        span,
                        code,
                    },
                    begin.start as usize,
                );
                None
            }
        }
    }
}

pub fn header_of(kind: Kind) -> &'static str {
    match kind {
        Kind::Monster => "RLG327 MONSTER DESCRIPTION 1",
        Kind::Object => "RLG327 OBJECT DESCRIPTION 1",
    }
}

/// The dialect a file was written for: RRTY/ART mean 2018+, else Fall 2017
/// (a superset of Spring 2016).
pub fn detect_dialect(src: &str) -> Dialect {
    if src
        .split_ascii_whitespace()
        .any(|t| t == "RRTY" || t == "ART")
    {
        Dialect::Y2018
    } else {
        Dialect::F2017
    }
}

pub fn parse(src: &str, kind: Kind, dialect: Dialect) -> Parsed {
    let mut r = Reader {
        s: Stream {
            b: src.as_bytes(),
            pos: 0,
            fail: false,
        },
        kind,
        dialect,
        diags: Vec::new(),
        tokens: Vec::new(),
        entries: Vec::new(),
    };
    r.s.eat_white();
    let (line, span) = r.s.getline().unwrap_or_default();
    let expected = header_of(kind);
    if line != expected {
        let mut d = Diagnostic::error(
            HEADER,
            format!("the first line must be exactly \"{expected}\""),
            span,
        )
        .with_note(format!(
            "found \"{}\"; the reference loads nothing from this file",
            line.escape_debug()
        ));
        if line.ends_with('\r') {
            d.notes
                .push("the line ends in CR (a CR-LF file): save it with LF line ends".into());
        } else if line.trim_end() == expected {
            d.notes.push("remove the trailing blanks".into());
        }
        r.diags.push(d);
        return Parsed {
            kind,
            dialect,
            entries: Vec::new(),
            diagnostics: r.diags,
            tokens: r.tokens,
            header_ok: false,
        };
    }
    r.tokens.push(Token {
        kind: TokenKind::Comment,
        span,
    });
    let mut la = Tok::default();
    r.s.token(&mut la);
    let mut after_discard = false;
    loop {
        r.entry(&mut la, &mut after_discard);
        if r.s.peek().is_none() {
            break;
        }
    }
    Parsed {
        kind,
        dialect,
        entries: r.entries,
        diagnostics: r.diags,
        tokens: r.tokens,
        header_ok: true,
    }
}

/// Print-out forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Exactly what the instructor's parser prints for the dialect.
    Reference,
    /// The assignment's expected output: values as written, no trailing
    /// blanks, a blank line between entries.
    Assignment,
}

fn color_name(word: &str) -> &'static str {
    let v = COLORS
        .iter()
        .find(|(n, _)| *n == word)
        .map(|(_, v)| *v)
        .unwrap_or(0);
    COLORS
        .iter()
        .find(|(_, x)| *x == v)
        .map(|(n, _)| *n)
        .unwrap_or("BLACK")
}

pub fn print(p: &Parsed, form: Form) -> String {
    let mut out = String::new();
    let fields = p.dialect.fields(p.kind);
    let order: Vec<&str> = match p.kind {
        Kind::Monster => {
            let mut o = vec![
                "NAME", "DESC", "SYMB", "COLOR", "SPEED", "ABIL", "HP", "DAM",
            ];
            if fields.contains(&"RRTY") {
                o.push("RRTY");
            }
            o
        }
        Kind::Object => {
            let mut o = vec![
                "NAME", "DESC", "TYPE", "COLOR", "HIT", "DAM", "DODGE", "DEF", "WEIGHT", "SPEED",
                "ATTR", "VAL",
            ];
            if fields.contains(&"ART") {
                o.push("ART");
                o.push("RRTY");
            }
            o
        }
    };
    for (i, e) in p.entries.iter().enumerate() {
        if form == Form::Assignment && i > 0 {
            out.push('\n');
        }
        for key in &order {
            let Some(v) = e.get(key) else { continue };
            match (v, form) {
                (Value::Text(t), _) => out.push_str(t),
                (Value::Symbol(c), _) => out.push(*c as char),
                (Value::Colors(c), Form::Assignment) => out.push_str(&c.join(" ")),
                (Value::Colors(c), Form::Reference) => {
                    if p.kind == Kind::Object {
                        out.push_str(color_name(&c[0]));
                    } else if p.dialect == Dialect::S2016 {
                        let names: Vec<&str> = c.iter().map(|w| color_name(w)).collect();
                        out.push_str(&names.join("\n"));
                    } else {
                        for w in c {
                            out.push_str(color_name(w));
                            out.push(' ');
                        }
                    }
                }
                (Value::Dice(d), _) => out.push_str(&d.to_string()),
                (Value::Words(w), Form::Assignment) => out.push_str(&w.join(" ")),
                (Value::Words(w), Form::Reference) => {
                    let mut any = false;
                    for a in p.dialect.abilities() {
                        if *a != "RRTY" && w.iter().any(|x| x == a) {
                            out.push_str(a);
                            out.push(' ');
                            any = true;
                        }
                    }
                    if !any {
                        out.push_str("Monster failing to live up to full potential");
                    }
                }
                (Value::Type(t), _) => out.push_str(t),
                (Value::Integer(n), _) => out.push_str(&n.to_string()),
                (Value::Bool(b), Form::Reference) => out.push_str(if *b { "1" } else { "0" }),
                (Value::Bool(b), Form::Assignment) => {
                    out.push_str(if *b { "TRUE" } else { "FALSE" })
                }
            }
            out.push('\n');
        }
        if form == Form::Reference {
            out.push('\n');
        }
    }
    out
}

fn value_text(v: &Value) -> String {
    match v {
        Value::Text(t) => t.clone(),
        Value::Symbol(c) => (*c as char).to_string(),
        Value::Colors(c) => c.join(" "),
        Value::Dice(d) => d.to_string(),
        Value::Words(w) => w.join(" "),
        Value::Type(t) => t.clone(),
        Value::Integer(n) => n.to_string(),
        Value::Bool(b) => if *b { "TRUE" } else { "FALSE" }.into(),
    }
}

pub fn analyze(src: &str, kind: Kind, options: &Options) -> Analysis {
    let dialect = options
        .dialect
        .as_deref()
        .and_then(Dialect::from_name)
        .unwrap_or_else(|| detect_dialect(src));
    let p = parse(src, kind, dialect);
    let language = match kind {
        Kind::Monster => Language::Rlg327Monsters,
        Kind::Object => Language::Rlg327Objects,
    };
    let mut analysis = Analysis::empty(language);
    let fields = dialect.fields(kind);
    let noun_plural = match kind {
        Kind::Monster => "monsters",
        Kind::Object => "objects",
    };
    analysis.outline.push(Symbol {
        name: noun_plural.into(),
        kind: "description file".into(),
        span: Span::new(0, src.len()),
        name_span: Span::default(),
        detail: format!("{} entries, {} dialect", p.entries.len(), dialect.name()),
    });
    // The table (with every die's distribution) only when it is shown.
    if options.wants_views_of(0) {
        analysis.views.push(SymbolView {
            symbol: 0,
            view: View::EntityTable(entity_table(&p, fields)),
        });
    }
    for e in &p.entries {
        if let Some(Value::Text(name)) = e.get("NAME") {
            analysis.outline.push(Symbol {
                name: name.trim_end().to_string(),
                kind: crate::rlg327::noun(kind).into(),
                span: e.span,
                name_span: e
                    .fields
                    .iter()
                    .find(|f| f.key == "NAME")
                    .map(|f| f.span)
                    .unwrap_or(e.span),
                detail: String::new(),
            });
        }
    }
    analysis.diagnostics.push(Diagnostic::note_at(
        DIALECT,
        format!(
            "checked as the {} dialect ({} fields per entry){}",
            dialect.name(),
            fields.len(),
            if options.dialect.is_some() {
                ""
            } else {
                ", detected from the file"
            }
        ),
        Span::default(),
    ));
    analysis.diagnostics.extend(p.diagnostics.iter().cloned());
    if p.header_ok {
        analysis.artifacts.push(Artifact {
            name: format!("{noun_plural}.txt"),
            symbol: Some(0),
            bytes: print(&p, Form::Assignment).into_bytes(),
        });
    }
    let mut tokens = p.tokens;
    vaultwright_model::sorting::sort_by_key(&mut tokens, |t| (t.span.start, t.span.end));
    analysis.tokens = tokens;
    analysis
}

/// The table view: one row per entry, each die with its distribution.
fn entity_table(p: &Parsed, fields: &[&str]) -> EntityTable {
    let mut dice_cache = dice::DiceCache::default();
    EntityTable {
        columns: fields
            .iter()
            .filter(|f| **f != "NAME")
            .map(|s| s.to_string())
            .collect(),
        rows: p
            .entries
            .iter()
            .map(|e| Entity {
                name: match e.get("NAME") {
                    Some(Value::Text(t)) => t.trim_end().to_string(),
                    _ => String::new(),
                },
                fields: e
                    .fields
                    .iter()
                    .filter(|f| f.key != "NAME")
                    .map(|f| (f.key.to_string(), value_text(&f.value)))
                    .collect(),
                dice: e
                    .fields
                    .iter()
                    .filter_map(|f| match &f.value {
                        Value::Dice(d) => Some(dice::describe(
                            f.key,
                            d.base as i64,
                            d.count,
                            d.sides,
                            &mut dice_cache,
                        )),
                        _ => None,
                    })
                    .collect(),
                origin: e.span,
            })
            .collect(),
    }
}

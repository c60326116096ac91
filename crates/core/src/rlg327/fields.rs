//! Reading the value of each field of an entry, one reader per field.

use super::{
    desc_runs_over, scan_dice, scan_int, Kind, Reader, Stream, Tok, Value, ABIL_RRTY, COLORS,
    DISCARDED, EMPTY_DESC, LENIENT, RARITY, TYPES,
};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::{Token, TokenKind};

/// A field's value, or why the entry is discarded: the reason, where, and
/// the finding's code.
pub(super) type FieldResult = Result<Value, (String, Span, &'static str)>;

/// An empty span where the stream stands.
fn here(s: &Stream) -> Span {
    Span::new(s.pos, s.pos)
}

/// A discarding error at the stream's position.
fn line_err(s: &Stream, what: &str) -> (String, Span, &'static str) {
    (what.to_string(), Span::new(s.pos, s.pos), DISCARDED)
}

impl<'a> Reader<'a> {
    /// The value of the field `key`, read after its keyword.
    pub(super) fn field_value(&mut self, key: &'static str, la: &mut Tok) -> FieldResult {
        match key {
            "NAME" | "ART" => self.text_value(key, la),
            "SYMB" => self.symbol_value(la),
            "COLOR" if self.kind == Kind::Monster => self.colors_value(la),
            "COLOR" | "TYPE" => self.word_value(key, la),
            "DESC" => self.desc_value(la),
            "ABIL" => self.abilities_value(la),
            "RRTY" => self.rarity_value(la),
            _ => self.dice_value(key, la),
        }
    }

    /// NAME and ART: the rest of the line (ART exactly TRUE or FALSE).
    fn text_value(&mut self, key: &'static str, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') {
            return Err(line_err(s, &format!("{key} has no value on its line")));
        }
        let (text, span) = s.getline().unwrap_or_default();
        self.tokens.push(Token {
            kind: TokenKind::String,
            span,
        });
        s.token(la);
        if key == "ART" {
            return match text.as_str() {
                "TRUE" => Ok(Value::Bool(true)),
                "FALSE" => Ok(Value::Bool(false)),
                _ => Err((
                    format!("ART must be exactly TRUE or FALSE, found \"{text}\""),
                    span,
                    DISCARDED,
                )),
            };
        }
        Ok(Value::Text(text))
    }

    /// SYMB: one character alone on its line.
    fn symbol_value(&mut self, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, "SYMB has no symbol on its line"));
        }
        let at = s.pos;
        let c = s.get().unwrap_or(b' ');
        // The reference reads one byte; spans cover the character.
        let end = s.char_end(at);
        self.tokens.push(Token {
            kind: TokenKind::Char,
            span: Span::new(at, end),
        });
        s.eat_blank();
        if s.peek() != Some(b'\n') {
            let last = s.char_end(s.pos.saturating_sub(1).max(at));
            return Err((
                "SYMB takes exactly one character".into(),
                Span::new(at, last.max(end)),
                DISCARDED,
            ));
        }
        s.token(la);
        Ok(Value::Symbol(c))
    }

    /// A monster's COLOR: one or more colour names on the line.
    fn colors_value(&mut self, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, "COLOR has no colour on its line"));
        }
        let mut words = Vec::new();
        loop {
            s.token(la);
            if !COLORS.iter().any(|(n, _)| *n == la.text) {
                return Err((
                    format!("unknown colour \"{}\"", la.text),
                    la.span,
                    DISCARDED,
                ));
            }
            self.tokens.push(Token {
                kind: TokenKind::Constant,
                span: la.span,
            });
            words.push(la.text.clone());
            s.eat_blank();
            match s.peek() {
                Some(b'\n') => break,
                None => return Err(line_err(s, "the file ends inside COLOR")),
                _ => {}
            }
        }
        s.token(la);
        Ok(Value::Colors(words))
    }

    /// An object's COLOR or TYPE: one known word alone on its line.
    fn word_value(&mut self, key: &'static str, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, &format!("{key} has no value on its line")));
        }
        s.token(la);
        let ok = if key == "COLOR" {
            COLORS.iter().any(|(n, _)| *n == la.text)
        } else {
            TYPES.contains(&la.text.as_str())
        };
        if !ok {
            let what = if key == "COLOR" {
                "colour"
            } else {
                "object type"
            };
            return Err((
                format!("unknown {what} \"{}\"", la.text),
                la.span,
                DISCARDED,
            ));
        }
        self.tokens.push(Token {
            kind: TokenKind::Constant,
            span: la.span,
        });
        let word = la.text.clone();
        s.eat_blank();
        if s.peek() != Some(b'\n') {
            return Err((
                format!("{key} takes exactly one word on its line"),
                here(s),
                DISCARDED,
            ));
        }
        s.token(la);
        Ok(if key == "COLOR" {
            Value::Colors(vec![word])
        } else {
            Value::Type(word)
        })
    }

    /// DESC: the lines up to a lone `.` (at most 77 characters each).
    fn desc_value(&mut self, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() != Some(b'\n') {
            return Err(line_err(s, "DESC must be alone on its line"));
        }
        s.get();
        let start = s.pos;
        let mut lines: Vec<String> = Vec::new();
        let mut closed = false;
        // The first line that ends or starts an entry: the `.`
        // before it is probably missing.
        let mut runs_over: Option<Span> = None;
        while s.peek().is_some() {
            let (line, span) = s.getline().unwrap_or_default();
            if runs_over.is_none() && (line == "END" || line.starts_with("BEGIN ")) {
                runs_over = Some(span);
            }
            if line.len() > 77 {
                return Err((
                    format!(
                        "a DESC line is {} characters long; at most 77 are allowed",
                        line.len()
                    ),
                    span,
                    DISCARDED,
                ));
            }
            if line == "." {
                closed = true;
                break;
            }
            self.tokens.push(Token {
                kind: TokenKind::String,
                span,
            });
            lines.push(line);
        }
        if !closed {
            return Err((
                "DESC is not ended by a line with a lone `.`".into(),
                Span::new(start, s.pos),
                DISCARDED,
            ));
        }
        if let Some(span) = runs_over {
            self.diags.push(desc_runs_over(span));
        }
        if lines.is_empty() {
            return Err(("empty DESC".into(), Span::new(start, s.pos), EMPTY_DESC));
        }
        s.token(la);
        Ok(Value::Text(lines.join("\n")))
    }

    /// ABIL: the words of the dialect's ability table on one line.
    fn abilities_value(&mut self, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, "ABIL has no ability on its line"));
        }
        let table = self.dialect.abilities();
        let mut words = Vec::new();
        while s.peek() != Some(b'\n') {
            if s.peek().is_none() {
                return Err(line_err(s, "the file ends inside ABIL"));
            }
            s.token(la);
            if !table.contains(&la.text.as_str()) {
                return Err((
                    format!(
                        "unknown ability \"{}\" for the {} dialect",
                        la.text,
                        self.dialect.name()
                    ),
                    la.span,
                    DISCARDED,
                ));
            }
            self.tokens.push(Token {
                kind: TokenKind::Constant,
                span: la.span,
            });
            if la.text == "RRTY" {
                self.diags.push(Diagnostic::warning(
                    ABIL_RRTY,
                    "RRTY is not an ability: the 2018+ reference accepts it in ABIL and ignores it",
                    la.span,
                ));
            }
            words.push(la.text.clone());
            s.eat_blank();
        }
        s.token(la);
        Ok(Value::Words(words))
    }

    /// RRTY: an integer (warned about outside 1..100).
    fn rarity_value(&mut self, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, "RRTY has no value on its line"));
        }
        s.token(la);
        let Some((v, rest)) = scan_int(&la.text) else {
            return Err((
                format!("RRTY takes an integer, found \"{}\"", la.text),
                la.span,
                DISCARDED,
            ));
        };
        self.tokens.push(Token {
            kind: TokenKind::Number,
            span: la.span,
        });
        if !rest.is_empty() || !(1..=100).contains(&v) {
            self.diags.push(Diagnostic::warning(
                RARITY,
                format!(
                    "rarity {} outside 1..100 (100 always passes, 0 never)",
                    la.text
                ),
                la.span,
            ));
        }
        s.token(la);
        Ok(Value::Integer(
            v.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32,
        ))
    }

    /// The dice fields (SPEED, HP, DAM and the object bonuses): one dice
    /// word, base+NdS.
    fn dice_value(&mut self, key: &'static str, la: &mut Tok) -> FieldResult {
        let s = &mut self.s;
        // Dice.
        s.eat_blank();
        if s.peek() == Some(b'\n') || s.peek().is_none() {
            return Err(line_err(s, &format!("{key} has no dice on its line")));
        }
        s.token(la);
        let Some((d, notes)) = scan_dice(&la.text) else {
            return Err((
                format!(
                    "{key} takes dice written base+NdS without spaces, found \"{}\"",
                    la.text
                ),
                la.span,
                DISCARDED,
            ));
        };
        self.tokens.push(Token {
            kind: TokenKind::Number,
            span: la.span,
        });
        for n in notes {
            self.diags.push(Diagnostic::warning(
                LENIENT,
                format!("{}: {n}", la.text),
                la.span,
            ));
        }
        s.token(la);
        Ok(Value::Dice(d))
    }
}

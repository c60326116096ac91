//! What a user's game knows beyond the tables the checker carries (a fork,
//! an older or newer version): names files, plain text with one
//! `category: name` per line and `#` comments. A fork maintainer writes
//! one file once; its names are then accepted.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// A names file line that says nothing the checker can use.
pub const BAD_NAMES_LINE: &str = "DC0003";

/// The kinds of names a names file may add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NameKind {
    Monster,
    Item,
    Feature,
    Spell,
    Tile,
    Tag,
    Branch,
    God,
}

impl NameKind {
    pub const ALL: [NameKind; 8] = [
        NameKind::Monster,
        NameKind::Item,
        NameKind::Feature,
        NameKind::Spell,
        NameKind::Tile,
        NameKind::Tag,
        NameKind::Branch,
        NameKind::God,
    ];

    pub fn word(self) -> &'static str {
        match self {
            NameKind::Monster => "monster",
            NameKind::Item => "item",
            NameKind::Feature => "feature",
            NameKind::Spell => "spell",
            NameKind::Tile => "tile",
            NameKind::Tag => "tag",
            NameKind::Branch => "branch",
            NameKind::God => "god",
        }
    }
}

/// The game the files are for, as far as names go.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameNames {
    /// Names the game knows besides the tables', in lower case.
    names: BTreeSet<(NameKind, String)>,
    /// Trap features in the form releases up to 0.34 read (`net trap`,
    /// `known alarm trap`) rather than trunk's `trap_net`.
    #[serde(default)]
    pub old_trap_features: bool,
    /// Triggerable primary/replica properties by their older names
    /// (`master_name`, `slaved_to`…), as older games and forks read them.
    #[serde(default)]
    pub old_replica_names: bool,
}

impl GameNames {
    /// No names beyond the tables; trap features in the old form or not.
    pub fn new(old_trap_features: bool) -> GameNames {
        GameNames {
            names: BTreeSet::new(),
            old_trap_features,
            old_replica_names: false,
        }
    }

    /// Whether the user's game knows `name` as a `kind` (any case).
    pub fn knows(&self, kind: NameKind, name: &str) -> bool {
        !self.names.is_empty() && self.names.contains(&(kind, name.to_ascii_lowercase()))
    }

    pub fn add(&mut self, kind: NameKind, name: &str) {
        self.names.insert((kind, name.trim().to_ascii_lowercase()));
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && !self.old_trap_features && !self.old_replica_names
    }

    /// Adds the names of one names file; a line that is neither a comment
    /// nor `category: name` is one finding (and nothing else is lost).
    pub fn read(&mut self, text: &str) -> Vec<Diagnostic> {
        let mut findings = Vec::new();
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            let start = at;
            at += line.len();
            let content = line.trim_end_matches(['\n', '\r']);
            let trimmed = content.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let span = Span::new(start, start + content.len());
            let Some((category, name)) = trimmed.split_once(':') else {
                findings.push(Diagnostic::error(
                    BAD_NAMES_LINE,
                    format!("`{trimmed}` is not `category: name`"),
                    span,
                ));
                continue;
            };
            let category = category.trim().to_ascii_lowercase();
            let Some(kind) = NameKind::ALL.into_iter().find(|k| k.word() == category) else {
                let words: Vec<&str> = NameKind::ALL.iter().map(|k| k.word()).collect();
                findings.push(Diagnostic::error(
                    BAD_NAMES_LINE,
                    format!(
                        "unknown category `{category}` (one of: {})",
                        words.join(", ")
                    ),
                    span,
                ));
                continue;
            };
            if name.trim().is_empty() {
                findings.push(Diagnostic::error(
                    BAD_NAMES_LINE,
                    format!("`{category}:` names nothing"),
                    span,
                ));
                continue;
            }
            self.add(kind, name);
        }
        findings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_names_file_adds_names_and_reports_bad_lines() {
        let mut game = GameNames::default();
        let text =
            "# a fork\nmonster: Deep Elf Mage\nspell:  Summon Wisps \n\nbeast: x\nno colon\ntag:\n";
        let findings = game.read(text);
        assert!(game.knows(NameKind::Monster, "deep elf mage"));
        assert!(game.knows(NameKind::Spell, "summon wisps"));
        assert!(!game.knows(NameKind::Item, "deep elf mage"));
        let messages: Vec<&str> = findings.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "unknown category `beast` (one of: monster, item, feature, spell, tile, tag, branch, god)",
                "`no colon` is not `category: name`",
                "`tag:` names nothing",
            ]
        );
        assert_eq!(&text[findings[1].span.range()], "no colon");
    }
}

//! The NetHack compilers a special level or dungeon file is written for.

use serde::{Deserialize, Serialize};

/// Which compiler a NetHack file is checked and compiled for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    #[default]
    #[serde(rename = "nethack-3.4.3")]
    Nethack343,
    #[serde(rename = "nethack-3.2.3")]
    Nethack323,
    #[serde(rename = "nethack-3.2.2")]
    Nethack322,
    /// NetHack 3.6.6: a different language and `.lev` format (see
    /// the core's `nethack36` module); the dungeon compiler only changes its header.
    #[serde(rename = "nethack-3.6.6")]
    Nethack366,
}

impl Target {
    pub const ALL: [Target; 4] = [
        Target::Nethack343,
        Target::Nethack323,
        Target::Nethack322,
        Target::Nethack366,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Nethack343 => "nethack-3.4.3",
            Target::Nethack323 => "nethack-3.2.3",
            Target::Nethack322 => "nethack-3.2.2",
            Target::Nethack366 => "nethack-3.6.6",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// True for the 3.2 dialect (both 3.2.2 and 3.2.3).
    pub fn is_32(self) -> bool {
        matches!(self, Target::Nethack323 | Target::Nethack322)
    }

    /// True for the 3.6 language (variables, control flow, selections).
    pub fn is_36(self) -> bool {
        matches!(self, Target::Nethack366)
    }
}

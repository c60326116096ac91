//! The languages the core reads.

use serde::{Deserialize, Serialize};

/// The languages the core knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Language {
    /// NetHack special levels (`lev_comp` input).
    NethackDes,
    /// NetHack dungeon description (`dungeon.def` / `dungeon.pdf`).
    NethackDungeon,
    /// Dungeon Crawl Stone Soup vault files.
    DcssDes,
    /// POWDER room maps.
    PowderMap,
    /// RLG327 monster descriptions.
    Rlg327Monsters,
    /// RLG327 object descriptions.
    Rlg327Objects,
    /// NetHack 5.0 Lua level scripts (`des.*` calls).
    NethackLua,
}

impl Language {
    pub const ALL: [Language; 7] = [
        Language::NethackDes,
        Language::NethackLua,
        Language::NethackDungeon,
        Language::DcssDes,
        Language::PowderMap,
        Language::Rlg327Monsters,
        Language::Rlg327Objects,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Language::NethackDes => "nethack-des",
            Language::NethackDungeon => "nethack-dungeon",
            Language::DcssDes => "dcss-des",
            Language::PowderMap => "powder-map",
            Language::Rlg327Monsters => "rlg327-monsters",
            Language::Rlg327Objects => "rlg327-objects",
            Language::NethackLua => "nethack-lua",
        }
    }

    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.name() == name)
    }

    pub fn title(self) -> &'static str {
        match self {
            Language::NethackDes => "NetHack special level",
            Language::NethackDungeon => "NetHack dungeon description",
            Language::DcssDes => "DCSS vault file",
            Language::PowderMap => "POWDER room",
            Language::Rlg327Monsters => "RLG327 monster descriptions",
            Language::Rlg327Objects => "RLG327 object descriptions",
            Language::NethackLua => "NetHack 5.0 Lua level",
        }
    }

    /// Whether the core can analyse this language yet.
    pub fn is_supported(self) -> bool {
        true
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

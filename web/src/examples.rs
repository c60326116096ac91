//! Examples shipped with the studio (written for Vaultwright, one or more
//! per language the core supports).

use vaultwright::Language;

pub struct Example {
    pub title: &'static str,
    pub file: &'static str,
    pub language: Language,
    pub source: &'static str,
}

pub const EXAMPLES: &[Example] = &[
    Example {
        title: "NetHack: a guarded vault (maze level)",
        file: "tiny-maze.des",
        language: Language::NethackDes,
        source: include_str!("../../static/examples/tiny-maze.des"),
    },
    Example {
        title: "NetHack: a throne room (room level)",
        file: "tiny-rooms.des",
        language: Language::NethackDes,
        source: include_str!("../../static/examples/tiny-rooms.des"),
    },
    Example {
        title: "NetHack: a moated keep with a drawbridge",
        file: "keep.des",
        language: Language::NethackDes,
        source: include_str!("../../static/examples/keep.des"),
    },
    Example {
        title: "NetHack: a two-dungeon description (dungeon.def)",
        file: "tiny-dungeon.def",
        language: Language::NethackDungeon,
        source: include_str!("../../static/examples/tiny-dungeon.def"),
    },
    Example {
        title: "POWDER: a shrine room (.map)",
        file: "shrine.map",
        language: Language::PowderMap,
        source: include_str!("../../static/examples/shrine.map"),
    },
    Example {
        title: "RLG327: monster descriptions",
        file: "monster_desc.txt",
        language: Language::Rlg327Monsters,
        source: include_str!("../../static/examples/monsters.txt"),
    },
    Example {
        title: "DCSS: a crypt vault with SUBST, NSUBST and SHUFFLE",
        file: "crypt.des",
        language: Language::DcssDes,
        source: include_str!("../../static/examples/crypt.des"),
    },
];

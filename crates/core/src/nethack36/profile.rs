//! Dialect profiles: the unit of variation between NetHack 3.6.6's
//! `lev_comp` and the variants built on it (EvilHack, xNetHack, …).
//!
//! A profile is data: its folder under `profiles/` holds the facts its
//! compiler writes or checks (`profile.tsv`: version header, terrain
//! numbers, MAP characters, opcode order, new or changed keywords, a few
//! limits and messages), its name tables (`*.tsv`) and, for a variant
//! whose language grows, a `grammar.delta` that the build script applies
//! to `grammar.txt` to make the variant's own parse tables. The code that
//! a new grammar rule needs (its action) goes in `actions/` (by statement family); nothing
//! else of the compiler knows which profile it runs.
//!
//! The 3.6-based variants (EvilHack, xNetHack, GnollHack, …) keep 3.6.6's
//! compiler and change its language at the edges: a few statements and
//! fields more, renumbered opcodes and terrain types, other name tables, a
//! version header of their own. A profile is that difference; its folder,
//! `profiles/<target>/`, holds:
//!
//! - `profile.tsv`, one fact a line: `header` (the five version words),
//!   `terrain` (HWALL, CORR, ROOM, MAX_TYPE, and UNFILLED_REGION, which is
//!   MAXRTYPE + 1), `map` (`what_map_char`, one character a line),
//!   `map_row_chars` (the lexer's MAP rule), `opcodes` (the names in the
//!   order the variant's `sp_lev.h` numbers them), `keyword` (a word, its
//!   token, its value: new words and changed values), `monster_info_end`
//!   and `object_info_end` (SP_M_V_END, SP_O_V_END), `joinable` (more
//!   foreground types a joined INIT_MAP takes), `rnd_vault_flag`,
//!   `monster_info_twice` (a message's wording);
//! - `monsters.tsv`, `monster_classes.tsv`, `objects.tsv`,
//!   `object_classes.tsv`, `traps.tsv`, `rooms.tsv` and the
//!   `*_colours.txt` files: the name tables, in the game's index order;
//! - `grammar.delta`: the grammar's growth, in `grammar.txt`'s notation:
//!   `%token` lines, `lhs |= …` (alternatives added after the base's),
//!   `lhs := …` (a rule replaced where it stood), `lhs : …` (a new
//!   nonterminal).
//!
//! The build script applies each `grammar.delta` to `grammar.txt` and makes
//! one automaton per dialect (`tables::BASE`, `tables::EVILHACK_0_9_3`, …)
//! over one terminal numbering (every delta's tokens are declared after the
//! base's, in every grammar), so one lexer and one `Act` enum serve all.
//! Inside the core an opcode is its canonical number (3.6.6's, then the
//! variants' additions, `opcodes::NAMES`); `opcodes::Numbering` maps it to
//! the dialect's file number when a level is written (`lev::encode_with`)
//! or read (`lev::decode_with`).
//!
//! # Adding a variant
//!
//! 1. Build its `lev_comp` from its public source (never committed) and
//!    compile its shipped `.des` files: that output is the target.
//! 2. Diff its `lev_comp.y`, `lev_comp.l`, `lev_main.c` and `sp_lev.h`
//!    against 3.6.6's. Write `profile.tsv` from what changed: new lexer
//!    words and changed values (evaluate the `yylval` expressions against
//!    its headers), the opcode enum's order, `what_map_char`, the terrain
//!    and room numbers; dump the name tables from its `monst.c` and
//!    `objects.c` (with its `obj_descr[]` names, as `get_object_id` reads
//!    them). The header words are the first 40 bytes of any `.lev` it
//!    writes.
//! 3. Write the grammar changes as `grammar.delta`; each new `=> action`
//!    becomes an `Act` arm in its family's file under `actions/` (a few
//!    lines: the pushes and the opcode, in the variant's order). Behaviour
//!    that is not a rule (a side file such as EvilHack's `vaults.dat`, a
//!    changed check) is a profile fact read where 3.6.6's code does the
//!    same thing.
//! 4. Add a `profile!` line and the target name here; the CLI's
//!    `lev-comp --target` finds it by name.
//! 5. Check it: `tests/integration/lev_comp36_oracle.rs` compiles the
//!    shipped files and generated programs (the 3.6 generator plus the
//!    variant's statements) with both, and keeps what differs as fixtures
//!    for CI.
//!
//! # EvilHack 0.9.3
//!
//! `evilhack-0.9.3` is the one proved: FORGE, MAGIC_CHEST, PUDDLE,
//! SEWAGE, door materials (`DOOR: iron, …`, `ROOMDOOR: steel, …`), `dead`
//! monsters, `affixed_gem` and `forged_qual` objects, random vaults
//! (`FLAGS: rndvault`, `VAULTGEN`, `MINDEPTH`; each such level written adds
//! `MINDEPTH FREQ NAME` to `vaults.dat` in the current folder, appended as
//! its `lev_comp` does, and (its quirk) a MAZE after a vault LEVEL in the
//! same file is listed too, as only LEVEL resets the state). Its header is
//! that of its default Linux hints (`sys/unix/hints/linux`:
//! `SCORE_ON_BOTL` makes feature word `0x000e0040`); a build with other
//! options writes other header words, and its profile would say so. Only
//! the drop-in compiler takes the variant today; the studio, `check` and
//! the preview read 3.6.6.

use super::keywords::{self, NO_VALUE};
use super::names::{NameData, Names};
use super::opcodes::Numbering;
use super::tables::{Automaton, BASE, EVILHACK_0_9_3, TERMINAL_NAMES};
use crate::tsv::{self, data_file};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// `INVALID_TYPE`, what `what_map_char` returns for a character it does
/// not know.
pub const INVALID_TYPE: i64 = 127;

pub struct Profile {
    /// The `--target` name.
    pub target: &'static str,
    /// The name messages use.
    pub title: &'static str,
    pub automaton: &'static Automaton,
    facts_file: tsv::File,
    names_data: NameData,
    facts: OnceLock<Facts>,
    names: OnceLock<Names>,
}

/// Terrain types the compiler itself names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terrain {
    pub hwall: i64,
    pub corr: i64,
    pub room: i64,
    /// `MAX_TYPE`: the type of `x`, and the first that is not a real terrain.
    pub max_type: i64,
    /// `MAXRTYPE + 1`: added to an unfilled region's room type.
    pub unfilled_region: i64,
}

/// What `profile.tsv` says, read.
pub struct Facts {
    pub header: [u64; 5],
    pub terrain: Terrain,
    /// `what_map_char`, by byte.
    map: [i64; 256],
    /// The bytes a MAP row may hold.
    map_row: [bool; 256],
    pub monster_info_end: i64,
    pub object_info_end: i64,
    /// Foreground types a joined INIT_MAP accepts besides CORR and ROOM.
    pub joinable: Vec<i64>,
    /// The level flag of a random vault, whose levels are listed in
    /// `vaults.dat` as they are written.
    pub rnd_vault_flag: Option<i64>,
    pub monster_info_twice: String,
    pub numbering: Numbering,
    /// Words added or changed, sorted: (word, token, value).
    keywords: Vec<(Vec<u8>, u16, i64)>,
    /// Every word of the dialect (the base's, then its own over them) by
    /// hash: the lexer asks for each word it reads, and a binary search
    /// over 175 words compared byte by byte cost the drop-in a twentieth
    /// of its time.
    lexicon: FxHashMap<Box<[u8]>, (u16, i64)>,
    /// Lines of `profile.tsv` that could not be read, with the file and
    /// the line (a test keeps this empty for every profile).
    pub problems: Vec<String>,
}

macro_rules! profile {
    ($target:literal, $title:literal, $automaton:expr) => {
        Profile {
            target: $target,
            title: $title,
            automaton: &$automaton,
            facts_file: data_file!(concat!("profiles/", $target, "/profile.tsv")),
            names_data: NameData {
                monsters: data_file!(concat!("profiles/", $target, "/monsters.tsv")),
                monster_classes: data_file!(concat!("profiles/", $target, "/monster_classes.tsv")),
                monster_colours: data_file!(concat!("profiles/", $target, "/monster_colours.txt")),
                objects: data_file!(concat!("profiles/", $target, "/objects.tsv")),
                object_classes: data_file!(concat!("profiles/", $target, "/object_classes.tsv")),
                object_colours: data_file!(concat!("profiles/", $target, "/object_colours.txt")),
                traps: data_file!(concat!("profiles/", $target, "/traps.tsv")),
                rooms: data_file!(concat!("profiles/", $target, "/rooms.tsv")),
            },
            facts: OnceLock::new(),
            names: OnceLock::new(),
        }
    };
}

pub static NETHACK_366: Profile = profile!("nethack-3.6.6", "NetHack 3.6.6", BASE);
pub static EVILHACK_093: Profile = profile!("evilhack-0.9.3", "EvilHack 0.9.3", EVILHACK_0_9_3);

impl Profile {
    pub fn facts(&self) -> &Facts {
        self.facts.get_or_init(|| Facts::read(&self.facts_file))
    }

    pub fn names(&self) -> &Names {
        self.names
            .get_or_init(|| tsv::expect(Names::read(&self.names_data)))
    }

    /// `what_map_char` (a `char`: the value is cut to a byte).
    pub fn map_char(&self, c: i64) -> i64 {
        self.facts().map[usize::from(c as u8)]
    }

    pub fn is_map_row_char(&self, c: u8) -> bool {
        self.facts().map_row[usize::from(c)]
    }

    /// The token and value of a keyword of this dialect, if `word` is one.
    pub fn keyword(&self, word: &[u8]) -> Option<(u16, i64)> {
        self.facts().lexicon.get(word).copied()
    }

    /// Every keyword of this dialect with its token.
    pub fn keywords(&self) -> impl Iterator<Item = (&[u8], u16)> {
        let own = &self.facts().keywords;
        let base = keywords::KEYWORDS
            .iter()
            .filter(|(w, _, _)| {
                own.binary_search_by(|(o, _, _)| o.as_slice().cmp(w))
                    .is_err()
            })
            .map(|&(w, t, _)| (w, t));
        own.iter().map(|(w, t, _)| (w.as_slice(), *t)).chain(base)
    }
}

/// The base's words, then a dialect's own added or changed ones over them.
fn lexicon(own: &[(Vec<u8>, u16, i64)]) -> FxHashMap<Box<[u8]>, (u16, i64)> {
    let base = keywords::KEYWORDS
        .iter()
        .map(|&(w, t, v)| (Box::from(w), (t, v)));
    let added = own.iter().map(|(w, t, v)| (w.as_slice().into(), (*t, *v)));
    base.chain(added).collect()
}

fn terminal(name: &str) -> Option<u16> {
    TERMINAL_NAMES
        .iter()
        .position(|t| *t == name)
        .and_then(|i| u16::try_from(i).ok())
}

fn number(text: &str) -> Option<i64> {
    match text.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// `'c'` → the byte `c`.
fn quoted_byte(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [b'\'', c, b'\''] => Some(*c),
        _ => None,
    }
}

impl Facts {
    fn read(file: &tsv::File) -> Facts {
        let mut f = Facts {
            header: [0; 5],
            terrain: Terrain {
                hwall: 0,
                corr: 0,
                room: 0,
                max_type: 0,
                unfilled_region: 0,
            },
            map: [INVALID_TYPE; 256],
            map_row: [false; 256],
            monster_info_end: 0,
            object_info_end: 0,
            joinable: Vec::new(),
            rnd_vault_flag: None,
            monster_info_twice: "MONSTER extra info defined twice.".into(),
            numbering: Numbering::base().clone(),
            keywords: Vec::new(),
            lexicon: FxHashMap::default(),
            problems: Vec::new(),
        };
        // The keys take different numbers of columns: each line is read
        // by its key rather than by `tsv::File::read`.
        for (n, line) in tsv::rows(file.text) {
            if !f.read_line(line) {
                let problem = file.problem(n, format!("cannot read {line:?}"));
                f.problems.push(problem.to_string());
            }
        }
        vaultwright_model::sorting::sort_by(&mut f.keywords, |a, b| a.0.cmp(&b.0));
        f.lexicon = lexicon(&f.keywords);
        f
    }

    /// One `key<TAB>value…` line; false when it cannot be read.
    fn read_line(&mut self, line: &str) -> bool {
        let mut fields = line.split('\t');
        let key = fields.next().unwrap_or_default();
        let rest: Vec<&str> = fields.collect();
        let one = |i: usize| rest.get(i).copied().unwrap_or_default();
        match key {
            "header" => {
                let words: Vec<u64> = one(0)
                    .split(' ')
                    .filter_map(|w| number(w).and_then(|n| u64::try_from(n).ok()))
                    .collect();
                match <[u64; 5]>::try_from(words) {
                    Ok(h) => self.header = h,
                    Err(_) => return false,
                }
            }
            "terrain" => {
                let Some(value) = number(one(1)) else {
                    return false;
                };
                let t = &mut self.terrain;
                match one(0) {
                    "HWALL" => t.hwall = value,
                    "CORR" => t.corr = value,
                    "ROOM" => t.room = value,
                    "MAX_TYPE" => t.max_type = value,
                    "UNFILLED_REGION" => t.unfilled_region = value,
                    _ => return false,
                }
            }
            "map" => match (quoted_byte(one(0)), number(one(1))) {
                (Some(c), Some(t)) => self.map[usize::from(c)] = t,
                _ => return false,
            },
            "map_row_chars" => {
                for c in one(0).bytes() {
                    self.map_row[usize::from(c)] = true;
                }
            }
            "monster_info_end" | "object_info_end" | "rnd_vault_flag" => {
                let Some(value) = number(one(0)) else {
                    return false;
                };
                match key {
                    "monster_info_end" => self.monster_info_end = value,
                    "object_info_end" => self.object_info_end = value,
                    _ => self.rnd_vault_flag = Some(value),
                }
            }
            "joinable" => {
                self.joinable = one(0).split(' ').filter_map(number).collect();
            }
            "monster_info_twice" => self.monster_info_twice = one(0).to_string(),
            "opcodes" => {
                let names: Vec<&str> = one(0).split(' ').collect();
                match Numbering::from_names(&names) {
                    Ok(n) if n.canonical(0) == Some(0) => self.numbering = n,
                    _ => return false,
                }
            }
            "keyword" => {
                let value = match one(2) {
                    "-" => Some(NO_VALUE),
                    v => number(v),
                };
                match (terminal(one(1)), value) {
                    (Some(token), Some(value)) => {
                        self.keywords
                            .push((one(0).as_bytes().to_vec(), token, value));
                    }
                    _ => return false,
                }
            }
            _ => return false,
        }
        true
    }
}

/// A 3.6.6 monster by index: its name, class symbol and colour number
/// (what the preview, which draws 3.6.6 levels, looks up).
pub fn monster_entry(index: usize) -> Option<(&'static str, u8, u8)> {
    NETHACK_366.names().monster_entry(index)
}

/// A 3.6.6 object by index: its name (possibly empty), class symbol, colour.
pub fn object_entry(index: usize) -> Option<(&'static str, u8, u8)> {
    NETHACK_366.names().object_entry(index)
}

/// A 3.6.6 trap type's name.
pub fn trap_name(code: i64) -> Option<&'static str> {
    NETHACK_366.names().trap_name(code)
}

#[cfg(test)]
mod tests {
    use super::super::opcodes;
    use super::*;

    /// The PUSH opcode's number in a dialect's files.
    fn push_number(profile: &Profile) -> i32 {
        profile.facts().numbering.file(opcodes::PUSH)
    }

    #[test]
    fn every_profile_reads_without_problems() {
        for p in [&NETHACK_366, &EVILHACK_093] {
            let f = p.facts();
            assert!(f.problems.is_empty(), "{}: {:?}", p.target, f.problems);
            if let Err(problem) = Names::read(&p.names_data) {
                panic!("{problem}");
            }
            assert_ne!(f.header[0], 0, "{}", p.target);
            assert_ne!(f.terrain.max_type, 0, "{}", p.target);
            assert_eq!(p.map_char(i64::from(b'x')), f.terrain.max_type);
            assert_eq!(p.map_char(i64::from(b'.')), f.terrain.room);
            assert_eq!(p.map_char(i64::from(b'#')), f.terrain.corr);
            assert_eq!(p.map_char(i64::from(b'?')), INVALID_TYPE);
            assert!(p.is_map_row_char(b'.') && !p.is_map_row_char(b'?'));
        }
    }

    /// 3.6.6's numbers are the ones its compiler was checked with.
    #[test]
    fn the_base_profile_is_3_6_6() {
        let f = NETHACK_366.facts();
        // The five words of `tables/version.tsv`.
        assert_eq!(
            f.header,
            [
                0x0306_0600,
                0x0006_0040,
                0x211c_617e,
                0x1_48c2_4958,
                0x0002_8000
            ]
        );
        assert_eq!(&f.numbering, Numbering::base());
        assert_eq!(push_number(&NETHACK_366), 40);
        assert_eq!((f.monster_info_end, f.object_info_end), (16, 15));
        assert_eq!(NETHACK_366.names().sizes(), (382, 454));
        assert_eq!(
            NETHACK_366.keyword(b"inaccessibles"),
            Some((super::super::tables::T_FLAG_TYPE, 4096))
        );
    }

    /// EvilHack renumbers what it inserts: PUSH moves from 40 to 44, and a
    /// changed keyword value wins over 3.6.6's.
    #[test]
    fn evilhack_renumbers_and_adds() {
        let f = EVILHACK_093.facts();
        assert_eq!(push_number(&EVILHACK_093), 44);
        assert_eq!(f.numbering.file(opcodes::number("FORGE").unwrap_or(-1)), 11);
        assert_eq!(f.numbering.canonical(17), opcodes::number("POOL"));
        assert_eq!(
            EVILHACK_093.keyword(b"inaccessibles").map(|k| k.1),
            Some(8192)
        );
        assert_eq!(EVILHACK_093.keyword(b"noteleport").map(|k| k.1), Some(1));
        assert_eq!(EVILHACK_093.names().sizes(), (564, 566));
        assert!(EVILHACK_093.keywords().any(|(w, _)| w == b"FORGE"));
        assert!(!NETHACK_366.keywords().any(|(w, _)| w == b"FORGE"));
    }
}

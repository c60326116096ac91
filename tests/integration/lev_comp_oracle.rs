//! `vaultwright lev-comp` against a local original `lev_comp` on random
//! `.des` programs from a seeded generator. The programs lean on the
//! statements that take a chance (`MONSTER`, `OBJECT` and `CONTAINER`
//! with `[N%]`, `TRAP [N%]`, a room's `CHANCE:`), with chances in and out
//! of range, written in every place a statement can stand (first or last
//! of a level, before another statement, before a blank or comment line,
//! at the end of the file, broken over lines), plus the rest of the
//! language around them and one small mutation in some files. What is
//! compared: exit status, every output file's bytes, and the first error
//! line and message. The original is found through
//! `VAULTWRIGHT_NETHACK_343=DIR` (a directory holding `lev_comp` built
//! from NetHack 3.4.3); without it the comparison is skipped with a
//! message. Inputs that once differed are kept in
//! `tests/fixtures/nethack/oracle/` with the original's verdict and are
//! checked without the original.
//!
//! `VAULTWRIGHT_ORACLE_CASES=N` sets the number of generated files (400);
//! `VAULTWRIGHT_ORACLE_KEEP=DIR` keeps the ones that differ there;
//! `VAULTWRIGHT_ORACLE_MUTATE_ALL=1` gives every file a (further)
//! mutation. Files stopped by one of our own errors (NH02xx: the original
//! crashes or reads memory it does not own there) are counted apart.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use vaultwright::dropin;
use vaultwright::Target;

/// The shared generator, with the file's rate of deliberate mistakes
/// (percent per occasion).
struct Rng {
    base: common::Rng,
    rate: u64,
}

impl std::ops::Deref for Rng {
    type Target = common::Rng;
    fn deref(&self) -> &common::Rng {
        &self.base
    }
}

impl std::ops::DerefMut for Rng {
    fn deref_mut(&mut self) -> &mut common::Rng {
        &mut self.base
    }
}

impl Rng {
    /// Whether to make a mistake here.
    fn bad(&mut self) -> bool {
        let rate = self.rate;
        self.chance(rate)
    }
}

const MONSTERS: &[(&str, &str)] = &[
    ("a", "giant ant"),
    ("d", "jackal"),
    ("H", "titan"),
    ("@", "hunter"),
    ("D", "red dragon"),
    ("Z", "kobold zombie"),
];
const OBJECTS: &[(&str, &str)] = &[
    (")", "long sword"),
    ("[", "leather armor"),
    ("!", "gain ability"),
    ("?", "teleportation"),
    ("$", "gold piece"),
    ("`", "boulder"),
    ("=", "increase damage"),
    ("%", "apple"),
];
const CONTAINERS: &[&str] = &["chest", "large box", "ice box", "sack", "bag of holding"];
const TRAPS: &[&str] = &[
    "arrow",
    "dart",
    "falling rock",
    "bear",
    "land mine",
    "sleep gas",
    "rust",
    "fire",
    "pit",
    "teleport",
    "magic",
    "web",
    "statue",
];
const ROOM_TYPES: &[&str] = &[
    "ordinary", "throne", "zoo", "morgue", "beehive", "barracks", "temple", "shop", "swamp",
    "random",
];

/// A chance as written: in range in the lexer's spellings (`[N%]` with
/// blanks inside the brackets), or, as a mistake, out of range (0, 101,
/// 150, 999, -1, values `atoi` wraps) or not a PERCENT token at all.
fn percent(r: &mut Rng) -> String {
    if !r.bad() {
        let v = match r.below(6) {
            0 => r.pick(&["1", "100", "99", "050"]).to_string(),
            _ => r.range(1, 100).to_string(),
        };
        return match r.below(8) {
            0 => format!("[ {v}%]"),
            1 => format!("[{v}% ]"),
            2 => format!("[  {v}%  ]"),
            _ => format!("[{v}%]"),
        };
    }
    let v: String = match r.below(12) {
        0..=7 => r
            .pick(&["0", "101", "150", "999", "00", "200", "255", "256", "-1"])
            .to_string(),
        8 => r
            .pick(&["4294967346", "2147483648", "99999999999", "4294967296"])
            .to_string(),
        _ => r.range(101, 300).to_string(),
    };
    match r.below(24) {
        0..=15 => format!("[{v}%]"),
        16 => format!("[ {v}%]"),
        17 => format!("[{v}% ]"),
        18 => format!("[  {v}%  ]"),
        19 => format!("[\t{v}%]"),
        20 => format!("[{v} %]"),
        21 => format!("[{v}%"),
        22 => format!("{v}%"),
        _ => format!("[{v}]"),
    }
}

/// One statement as tokens (a map is one token: its lines joined by NUL,
/// starting with one).
#[derive(Clone)]
struct Stmt(Vec<String>);

impl Stmt {
    fn new(words: &[&str]) -> Self {
        Stmt(words.iter().map(|w| w.to_string()).collect())
    }
    fn push(&mut self, w: impl Into<String>) {
        self.0.push(w.into());
    }
}

fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

fn char_lit(s: &str) -> String {
    format!("'{s}'")
}

/// Where a statement can put things: the floor squares of the current map
/// part (empty after NOMAP: only `random` and `place[n]` then), or a room
/// of a given size.
struct Place {
    floor: Vec<(i64, i64)>,
    doors: Vec<(i64, i64)>,
    size: (i64, i64),
    places: usize,
}

fn coord(r: &mut Rng, p: &Place) -> String {
    let n = r.below(10);
    if n < 2 || p.floor.is_empty() && n < 8 {
        "random".into()
    } else if n < 3 || p.floor.is_empty() {
        let max = if p.places > 0 { p.places as u64 } else { 3 };
        let past = u64::from(r.chance(5));
        format!("place[{}]", r.below(max + past))
    } else if r.bad() && r.chance(30) {
        // Off the map (the original's range check).
        format!("({},{})", p.size.0 + r.range(0, 3), r.range(-1, p.size.1))
    } else {
        let (x, y) = *r.pick(&p.floor);
        format!("({x},{y})")
    }
}

fn maybe_chance(r: &mut Rng, st: &mut Stmt, often: u64) {
    if r.chance(often) {
        st.push(percent(r));
    }
}

fn monster(r: &mut Rng, p: &Place) -> Stmt {
    let mut st = Stmt::new(&["MONSTER"]);
    maybe_chance(r, &mut st, 60);
    st.push(":");
    let (class, name) = *r.pick(MONSTERS);
    match r.below(10) {
        0 => st.push("random"),
        1 => st.push(format!("monster[{}]", r.below(3))),
        2 if r.bad() => st.push(char_lit(r.word(&["q", "%", "1"]))),
        _ => st.push(char_lit(class)),
    }
    st.push(",");
    st.push(if r.chance(30) {
        "random".to_string()
    } else {
        quoted(name)
    });
    st.push(",");
    st.push(coord(r, p));
    for _ in 0..r.below(3) {
        st.push(",");
        st.push(
            r.pick(&[
                "peaceful",
                "hostile",
                "asleep",
                "awake",
                "\"Fred\"",
                "law",
                "random",
                "align[1]",
                "m_feature \"fountain\"",
            ])
            .to_string(),
        );
    }
    st
}

fn object(r: &mut Rng, p: &Place, kw: &str, contained: bool) -> Stmt {
    let mut st = Stmt::new(&[kw]);
    maybe_chance(r, &mut st, 60);
    st.push(":");
    if kw == "CONTAINER" {
        st.push(char_lit("("));
        st.push(",");
        st.push(quoted(r.word(CONTAINERS)));
    } else {
        let (class, name) = *r.pick(OBJECTS);
        match r.below(10) {
            0 => st.push("random"),
            1 => st.push(format!("object[{}]", r.below(3))),
            _ => st.push(char_lit(class)),
        }
        st.push(",");
        st.push(if r.chance(30) {
            "random".to_string()
        } else {
            quoted(name)
        });
    }
    st.push(",");
    st.push(if contained {
        "contained".to_string()
    } else {
        coord(r, p)
    });
    match r.below(5) {
        0 => {
            st.push(",");
            st.push(*r.pick(&["blessed", "cursed", "uncursed", "random"]));
            st.push(",");
            st.push(r.range(-3, 5).to_string());
        }
        1 => {
            st.push(",");
            st.push(*r.pick(&["cursed", "random"]));
            st.push(",");
            st.push("\"giant ant\"");
            st.push(",");
            st.push("random");
            st.push(",");
            st.push("\"Sting\"");
        }
        _ => {}
    }
    st
}

fn trap(r: &mut Rng, p: &Place) -> Stmt {
    let mut st = Stmt::new(&["TRAP"]);
    maybe_chance(r, &mut st, 60);
    st.push(":");
    st.push(if r.chance(20) {
        "random".to_string()
    } else if r.bad() && r.chance(20) {
        quoted("banana peel")
    } else {
        quoted(r.word(TRAPS))
    });
    st.push(",");
    st.push(coord(r, p));
    st
}

/// A chance-bearing statement (or a contained object after a container).
fn chancy(r: &mut Rng, p: &Place, out: &mut Vec<Stmt>) {
    match r.below(5) {
        0 => out.push(monster(r, p)),
        1 => out.push(object(r, p, "OBJECT", false)),
        2 => {
            out.push(object(r, p, "CONTAINER", false));
            for _ in 0..r.below(3) {
                out.push(object(r, p, "OBJECT", true));
            }
        }
        3 => out.push(trap(r, p)),
        _ => {
            let contained = r.chance(10);
            out.push(object(r, p, "OBJECT", contained))
        }
    }
}

fn class_list(r: &mut Rng, monsters: bool) -> Vec<String> {
    let n = if r.bad() && r.chance(30) {
        r.range(9, 12)
    } else {
        r.range(1, 4)
    };
    (0..n)
        .map(|_| {
            let (c, _) = if monsters {
                *r.pick(MONSTERS)
            } else {
                *r.pick(OBJECTS)
            };
            char_lit(c)
        })
        .collect()
}

fn list_stmt(kw: &str, items: Vec<String>) -> Stmt {
    let mut st = Stmt::new(&[kw, ":"]);
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            st.push(",");
        }
        st.push(it);
    }
    st
}

/// Maze statements other than the chance-bearing ones.
fn maze_other(r: &mut Rng, p: &Place, out: &mut Vec<Stmt>) {
    let c = coord(r, p);
    let st = match r.below(11) {
        0 => Stmt::new(&["FOUNTAIN", ":", &c]),
        1 => Stmt::new(&["ALTAR", ":", &c, ",", "law", ",", "shrine"]),
        2 => Stmt::new(&["GOLD", ":", "50", ",", &c]),
        3 => Stmt::new(&["ENGRAVING", ":", &c, ",", "burn", ",", "\"Elbereth\""]),
        4 if !p.doors.is_empty() => {
            let (x, y) = *r.pick(&p.doors);
            Stmt::new(&["DOOR", ":", "closed", ",", &format!("({x},{y})")])
        }
        5 if !p.floor.is_empty() => {
            let w = p.size.0 - 1;
            let h = p.size.1 - 1;
            let lit = *r.pick(&["lit", "unlit", "random"]);
            let rt = quoted(r.word(ROOM_TYPES));
            let mut st = Stmt::new(&["REGION", ":", &format!("(0,0,{w},{h})"), ",", lit, ",", &rt]);
            if r.chance(40) {
                st.push(",");
                st.push("unfilled");
            }
            st
        }
        6 => Stmt::new(&["STAIR", ":", &c, ",", "up"]),
        7 => {
            let area = if p.floor.is_empty() || r.bad() {
                "levregion(1,1,5,5)".to_string()
            } else {
                format!("(0,0,{},{})", p.size.0 - 1, p.size.1 - 1)
            };
            Stmt::new(&["TELEPORT_REGION", ":", &area, ",", "(0,0,0,0)"])
        }
        8 if !p.floor.is_empty() => {
            let (x, y) = (p.size.0 - 1, p.size.1 - 1);
            Stmt::new(&["NON_DIGGABLE", ":", &format!("(0,0,{x},{y})")])
        }
        9 => Stmt::new(&["LADDER", ":", &c, ",", "down"]),
        _ => Stmt::new(&[
            "PORTAL",
            ":",
            "levregion(1,1,5,5)",
            ",",
            "(0,0,0,0)",
            ",",
            "\"x\"",
        ]),
    };
    out.push(st);
}

const MAPS: &[&[&str]] = &[
    &["-------", "|.....|", "|.....|", "|.....|", "---+---"],
    &["...", "..."],
    &["--+--", "|...|", "|...|", "-----"],
];

fn maze_level(r: &mut Rng, name: &str, out: &mut Vec<Stmt>) {
    let fill = if r.chance(50) { "' '" } else { "random" };
    out.push(Stmt::new(&["MAZE", ":", &quoted(name), ",", fill]));
    if r.chance(15) {
        out.push(Stmt::new(&["FLAGS", ":", "noteleport"]));
    }
    if r.chance(12) {
        let fg = if r.bad() {
            *r.pick(&["'T'", "'}'"])
        } else {
            *r.pick(&["'.'", "'#'"])
        };
        let joined = *r.pick(&["true", "false"]);
        out.push(Stmt::new(&[
            "INIT_MAP", ":", fg, ",", "' '", ",", "true", ",", joined, ",", "lit", ",", "false",
        ]));
    }
    if r.chance(20) {
        out.push(Stmt::new(&["MESSAGE", ":", "\"Welcome: a colon\""]));
    }
    for _ in 0..1 + r.below(2) {
        let mut p = if r.chance(20) {
            out.push(Stmt::new(&["NOMAP"]));
            Place {
                floor: Vec::new(),
                doors: Vec::new(),
                size: (80, 21),
                places: 0,
            }
        } else {
            let map = *r.pick(MAPS);
            let mut st = Stmt::new(&["GEOMETRY", ":", "center", ",", "center"]);
            let mut text = String::from("\u{0}MAP");
            for row in map {
                text.push('\u{0}');
                text.push_str(row);
            }
            text.push_str("\u{0}ENDMAP");
            st.push(text);
            out.push(st);
            let mut floor = Vec::new();
            let mut doors = Vec::new();
            for (y, row) in map.iter().enumerate() {
                for (x, b) in row.bytes().enumerate() {
                    match b {
                        b'.' => floor.push((x as i64, y as i64)),
                        b'+' => doors.push((x as i64, y as i64)),
                        _ => {}
                    }
                }
            }
            Place {
                floor,
                doors,
                size: (map[0].len() as i64, map.len() as i64),
                places: 0,
            }
        };
        if r.chance(30) {
            let monsters = r.chance(50);
            let items = class_list(r, monsters);
            let kw = if monsters {
                "RANDOM_MONSTERS"
            } else {
                "RANDOM_OBJECTS"
            };
            out.push(list_stmt(kw, items.clone()));
            if r.bad() && r.chance(20) {
                out.push(list_stmt(kw, items));
            }
        }
        if r.chance(25) && !p.floor.is_empty() {
            let n = r.range(1, 3) as usize;
            let items: Vec<String> = (0..n)
                .map(|_| {
                    let (x, y) = *r.pick(&p.floor);
                    format!("({x},{y})")
                })
                .collect();
            p.places = n;
            out.push(list_stmt("RANDOM_PLACES", items));
        }
        for _ in 0..r.below(6) {
            if r.chance(65) {
                chancy(r, &p, out);
            } else {
                maze_other(r, &p, out);
            }
        }
        // A chance-bearing statement as the part's (maybe the level's)
        // last one.
        if r.chance(30) {
            chancy(r, &p, out);
        }
    }
}

fn room_details(r: &mut Rng, p: &Place, typed: bool, name: &str, out: &mut Vec<Stmt>) {
    if !name.is_empty() {
        out.push(Stmt::new(&["NAME", ":", &quoted(name)]));
    }
    if r.bad() && r.chance(10) {
        out.push(Stmt::new(&["NAME", ":", "\"again\""]));
    }
    for _ in 0..r.below(5) {
        match r.below(10) {
            0..=5 => chancy(r, p, out),
            6 => {
                if !typed && !r.bad() {
                    continue;
                }
                let v = if r.bad() {
                    r.pick(&["0", "100", "-5", "150", "999", "101"]).to_string()
                } else {
                    r.range(1, 99).to_string()
                };
                out.push(Stmt::new(&["CHANCE", ":", &v]));
            }
            7 => out.push(Stmt::new(&[
                "DOOR", ":", "false", ",", "closed", ",", "north", ",", "random",
            ])),
            8 => {
                let c = coord(r, p);
                out.push(Stmt::new(&["FOUNTAIN", ":", &c]));
            }
            _ => {
                let c = coord(r, p);
                out.push(Stmt::new(&["GOLD", ":", "random", ",", &c]));
            }
        }
    }
}

fn room_level(r: &mut Rng, name: &str, out: &mut Vec<Stmt>) {
    out.push(Stmt::new(&["LEVEL", ":", &quoted(name)]));
    if r.chance(20) {
        out.push(list_stmt("RANDOM_OBJECTS", class_list(r, false)));
    }
    if r.chance(15) {
        out.push(list_stmt("RANDOM_MONSTERS", class_list(r, true)));
    }
    let rooms = 1 + r.below(3);
    for i in 0..rooms {
        let rt = *r.pick(ROOM_TYPES);
        let (w, h) = (r.range(2, 6), r.range(2, 4));
        let pos = if r.bad() && r.chance(20) {
            "(0,7)".to_string()
        } else {
            format!("({},{})", r.range(1, 5), r.range(1, 5))
        };
        let size = format!("({w},{h})");
        out.push(Stmt::new(&[
            "ROOM",
            ":",
            &quoted(rt),
            ",",
            "lit",
            ",",
            &pos,
            ",",
            "(center,center)",
            ",",
            &size,
        ]));
        let mut floor = Vec::new();
        for y in 0..h {
            for x in 0..w {
                floor.push((x, y));
            }
        }
        let p = Place {
            floor,
            doors: Vec::new(),
            size: (w, h),
            places: 0,
        };
        let subroom = r.chance(25);
        let room_name = if subroom || r.chance(20) {
            format!("r{i}")
        } else {
            String::new()
        };
        room_details(r, &p, rt != "ordinary", &room_name, out);
        if subroom {
            let st = *r.pick(ROOM_TYPES);
            let parent = if r.bad() && r.chance(30) {
                "nowhere".to_string()
            } else {
                room_name.clone()
            };
            out.push(Stmt::new(&[
                "SUBROOM",
                ":",
                &quoted(st),
                ",",
                "unlit",
                ",",
                "(0,0)",
                ",",
                "(1,1)",
                ",",
                &quoted(&parent),
            ]));
            let sp = Place {
                floor: vec![(0, 0)],
                doors: Vec::new(),
                size: (1, 1),
                places: 0,
            };
            room_details(r, &sp, st != "ordinary", "", out);
        }
    }
    // A chance-bearing statement as the level's last one.
    if r.chance(30) {
        let p = Place {
            floor: vec![(0, 0), (1, 1)],
            doors: Vec::new(),
            size: (2, 2),
            places: 0,
        };
        chancy(r, &p, out);
    }
    match r.below(4) {
        0 if rooms > 1 => out.push(Stmt::new(&["RANDOM_CORRIDORS"])),
        1 if rooms > 1 => {
            let to = if r.bad() { "7" } else { "1" };
            out.push(Stmt::new(&[
                "CORRIDOR",
                ":",
                "(0,south,random)",
                ",",
                &format!("({to},north,random)"),
            ]));
        }
        _ => {}
    }
}

fn generate(r: &mut Rng, seed: u64) -> Vec<Stmt> {
    let mut out = Vec::new();
    for i in 0..1 + r.below(3) {
        let name = format!("o{seed}x{i}");
        if r.chance(50) {
            maze_level(r, &name, &mut out);
        } else {
            room_level(r, &name, &mut out);
        }
    }
    out
}

/// One small mutation of a statement's tokens (never of a map): delete,
/// duplicate, swap, insert or replace a token, or delete a statement.
fn mutate(r: &mut Rng, stmts: &mut Vec<Stmt>) {
    let i = r.below(stmts.len() as u64) as usize;
    if r.chance(8) {
        stmts.remove(i);
        return;
    }
    let s = &mut stmts[i].0;
    let j = r.below(s.len() as u64) as usize;
    if s[j].starts_with('\u{0}') {
        return;
    }
    const TOKENS: &[&str] = &[
        "[50%]",
        "[0%]",
        ":",
        ",",
        "[101%]",
        "(",
        ")",
        "random",
        "'a'",
        "\"x\"",
        "7",
        "-1",
        "MONSTER",
        "CHANCE",
        "RANDOM_CORRIDORS",
        "NOMAP",
        "WALLIFY",
        "contained",
        "place[0]",
        "(1,1)",
        "lit",
    ];
    match r.below(6) {
        0 if s.len() > 1 => {
            s.remove(j);
        }
        1 => {
            let t = s[j].clone();
            s.insert(j, t);
        }
        2 if j + 1 < s.len() && !s[j + 1].starts_with('\u{0}') => s.swap(j, j + 1),
        3 => s[j] = r.word(TOKENS).to_string(),
        _ => s.insert(j, r.word(TOKENS).to_string()),
    }
}

/// The text: blanks and tabs between tokens, comment and blank lines
/// between statements, statements broken over lines (the chance and the
/// colon on lines of their own), CR-LF, and every kind of file end.
fn render(r: &mut Rng, stmts: &[Stmt]) -> String {
    let crlf = r.chance(10);
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    for s in stmts {
        if r.chance(12) {
            out.push_str("# a comment: with a colon");
            out.push_str(nl);
        }
        if r.chance(10) {
            out.push_str(nl);
        }
        let breaks = r.chance(15);
        for (k, t) in s.0.iter().enumerate() {
            if let Some(map) = t.strip_prefix('\u{0}') {
                for row in map.split('\u{0}') {
                    out.push_str(nl);
                    out.push_str(row);
                }
                continue;
            }
            if k > 0 {
                let broken = breaks && r.chance(35);
                out.push_str(if broken {
                    nl
                } else {
                    match r.below(10) {
                        0 => "\t",
                        1..=5 => "",
                        _ => " ",
                    }
                });
            }
            out.push_str(t);
        }
        out.push_str(nl);
    }
    match r.below(10) {
        0 => {
            while out.ends_with('\n') || out.ends_with('\r') {
                out.pop();
            }
        }
        1 => {
            out.push_str(nl);
            out.push_str(nl);
        }
        2 => {
            out.push_str("# the end");
            out.push_str(nl);
        }
        3 => out.push_str("   "),
        _ => {}
    }
    out
}

fn case(seed: u64) -> String {
    let mut r = Rng {
        base: common::Rng::for_seed(seed),
        rate: 0,
    };
    // Half the files make no mistake on purpose; the others make one on
    // one occasion in twelve, seven or four.
    r.rate = if r.chance(50) {
        0
    } else {
        *r.pick(&[8, 15, 25])
    };
    let mut stmts = generate(&mut r, seed);
    if seed % 4 == 1 && !stmts.is_empty() {
        mutate(&mut r, &mut stmts);
    }
    if std::env::var_os("VAULTWRIGHT_ORACLE_MUTATE_ALL").is_some() && !stmts.is_empty() {
        mutate(&mut r, &mut stmts);
    }
    render(&mut r, &stmts)
}

/// What a run did: exit status, output files, first error line + text.
#[derive(Debug, PartialEq)]
struct Verdict {
    exit: i32,
    outputs: BTreeMap<String, Vec<u8>>,
    first_error: Option<(String, String)>,
}

/// Ours, in process; the whole stderr for the secondary comparison; and
/// whether one of our own errors (NH02xx) stopped the file: there the
/// original crashes or reads memory it does not own, a difference by
/// design.
fn ours(text: &str) -> (Verdict, Vec<String>, bool) {
    let run = dropin::lev_comp("case.des", text, Target::Nethack343, false);
    let own = run
        .diagnostics
        .iter()
        .any(|d| d.is_error() && d.code.starts_with("NH02"));
    let mut outputs = BTreeMap::new();
    for f in run.files {
        outputs.insert(f.name, f.bytes);
    }
    let verdict = Verdict {
        exit: i32::from(run.exit),
        outputs,
        first_error: common::first_error(run.stderr.iter().map(String::as_str)),
    };
    (verdict, run.stderr, own)
}

fn theirs(lev_comp: &Path, text: &str, scratch: &Path) -> (Verdict, Vec<String>) {
    let _ = std::fs::remove_dir_all(scratch);
    std::fs::create_dir_all(scratch).expect("scratch directory");
    std::fs::write(scratch.join("case.des"), text).expect("write case");
    let out = Command::new(lev_comp)
        .arg("case.des")
        .current_dir(scratch)
        .stdin(Stdio::null())
        .output()
        .expect("run the original lev_comp");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut outputs = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(scratch) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name != "case.des" {
                outputs.insert(name, std::fs::read(e.path()).unwrap_or_default());
            }
        }
    }
    let lines: Vec<String> = stderr.lines().map(String::from).collect();
    let verdict = Verdict {
        exit: out.status.code().unwrap_or(128),
        outputs,
        first_error: common::first_error(lines.iter().map(String::as_str)),
    };
    (verdict, lines)
}

#[test]
fn generated_levels_against_the_original() {
    let Some(dir) = std::env::var_os("VAULTWRIGHT_NETHACK_343").map(PathBuf::from) else {
        eprintln!("skipped: set VAULTWRIGHT_NETHACK_343=DIR (with lev_comp) to run");
        return;
    };
    let lev_comp = dir.join("lev_comp");
    assert!(lev_comp.is_file(), "{} is missing", lev_comp.display());
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let keep = std::env::var_os("VAULTWRIGHT_ORACLE_KEEP").map(PathBuf::from);
    let scratch = std::env::temp_dir().join(format!("vw-lev-oracle-{}", std::process::id()));
    let (mut same, mut by_design, mut rejected, mut same_stderr) = (0, 0, 0, 0);
    let mut differ = Vec::new();
    let mut stderr_differ = Vec::new();
    let mut verdicts: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..cases {
        let text = case(seed);
        let (mine, my_err, own) = ours(&text);
        let (orig, their_err) = theirs(&lev_comp, &text, &scratch);
        rejected += usize::from(orig.exit != 0);
        let verdict = match &orig.first_error {
            Some((_, text)) => text.clone(),
            None => "(accepted)".into(),
        };
        *verdicts.entry(verdict).or_default() += 1;
        if mine != orig && own && mine.exit != 0 {
            by_design += 1;
            continue;
        }
        if my_err == their_err {
            same_stderr += 1;
        } else {
            stderr_differ.push(format!(
                "seed {seed}: stderr\n  ours {my_err:?}\n  theirs {their_err:?}"
            ));
        }
        if mine == orig {
            same += 1;
        } else {
            if let Some(k) = &keep {
                let _ = std::fs::create_dir_all(k);
                let _ = std::fs::write(k.join(format!("seed{seed}.des")), &text);
            }
            let files = |v: &Verdict| -> Vec<String> {
                v.outputs
                    .iter()
                    .map(|(n, b)| format!("{n}:{}", b.len()))
                    .collect()
            };
            differ.push(format!(
                "seed {seed}: ours {:?} / exit {} / {:?}, original {:?} / exit {} / {:?}",
                mine.first_error,
                mine.exit,
                files(&mine),
                orig.first_error,
                orig.exit,
                files(&orig)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "{cases} generated .des files ({rejected} rejected by the original): \
         {same} identical (exit, files, first error), {by_design} stopped by our own \
         checks, {} different; whole stderr identical in {same_stderr}",
        differ.len()
    );
    for (verdict, n) in &verdicts {
        eprintln!("{n:6}  {verdict}");
    }
    for d in stderr_differ.iter().take(10) {
        eprintln!("{d}");
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Inputs that once differed (small versions of them), with the
/// original's recorded run in `NAME.expected`: `exit N`; the first error
/// as `line N : text` (`-` for none); `outputs` and the names of the
/// files it wrote (`-` for none); then, after `----- stderr`, its whole
/// stderr. Checked without the original.
#[test]
fn recorded_differences_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/nethack/oracle");
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/nethack/oracle")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    entries.sort();
    let mut failures = Vec::new();
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text =
            String::from_utf8_lossy(&std::fs::read(&path).expect("read fixture")).into_owned();
        let expected = std::fs::read_to_string(path.with_extension("expected")).expect("sidecar");
        let (exit, first, mut lines) = common::recorded_verdict(&expected);
        let outputs: Vec<String> = lines
            .next()
            .and_then(|l| l.strip_prefix("outputs "))
            .expect("outputs line")
            .split(' ')
            .filter(|n| *n != "-")
            .map(String::from)
            .collect();
        let stderr: Option<Vec<String>> =
            (lines.next() == Some("----- stderr")).then(|| lines.map(String::from).collect());
        let run = dropin::lev_comp(&name, &text, Target::Nethack343, false);
        let mut files: Vec<String> = run.files.iter().map(|f| f.name.clone()).collect();
        files.sort();
        files.dedup();
        let mine = (
            i32::from(run.exit),
            common::first_error(run.stderr.iter().map(String::as_str)),
            files,
        );
        if mine != (exit, first.clone(), outputs.clone()) {
            failures.push(format!(
                "{name}: ours {mine:?}, the original {:?}",
                (exit, first, outputs)
            ));
        } else if let Some(stderr) = stderr {
            if stderr != run.stderr {
                failures.push(format!(
                    "{name}: stderr\n  ours {:?}\n  the original {stderr:?}",
                    run.stderr
                ));
            }
        }
        checked += 1;
    }
    assert!(checked >= 1, "no recorded differences in {}", dir.display());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `tests/fixtures/nethack/warn/NAME.des`: programs the original compiles
/// silently where `vaultwright check` warns. The drop-in must still do
/// exactly what the original did (`NAME.expected`, in the format above,
/// and its files in `expected/NAME.des/`), and `check`'s findings must
/// equal `NAME.check` (one `severity[code] line:column message` line per
/// finding, its notes indented below; `VAULTWRIGHT_BLESS=1` rewrites it).
#[test]
fn warnings_leave_the_drop_in_output_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/nethack/warn");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/nethack/warn")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no fixtures in {}", dir.display());
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text =
            String::from_utf8_lossy(&std::fs::read(&path).expect("read fixture")).into_owned();
        // The drop-in: the original's exit status, stderr and files.
        let expected = std::fs::read_to_string(path.with_extension("expected")).expect("sidecar");
        let mut lines = expected.lines();
        let exit = lines.next().and_then(|l| l.strip_prefix("exit "));
        let run = dropin::lev_comp(&name, &text, Target::Nethack343, false);
        assert_eq!(Some(run.exit.to_string().as_str()), exit, "{name}: exit");
        let _first = lines.next();
        let outputs = lines.next().and_then(|l| l.strip_prefix("outputs "));
        let _ = lines.next();
        let stderr: Vec<String> = lines.map(String::from).collect();
        assert_eq!(run.stderr, stderr, "{name}: stderr");
        let mut names: Vec<&str> = run.files.iter().map(|f| f.name.as_str()).collect();
        names.sort();
        assert_eq!(
            Some(names.join(" ")),
            outputs.map(String::from),
            "{name}: files"
        );
        for f in &run.files {
            let want = std::fs::read(dir.join("expected").join(&name).join(&f.name))
                .expect("the original's output");
            assert!(
                f.bytes == want,
                "{name}: {} differs from the original's",
                f.name
            );
        }
        // `check`: every finding.
        let options = vaultwright::Options::default();
        let analysis = vaultwright::analyze(&text, vaultwright::Language::NethackDes, &options);
        let index = vaultwright::LineIndex::new(&text);
        let mut got = String::new();
        for d in &analysis.diagnostics {
            let at = index.line_col(&text, d.span.start as usize);
            got.push_str(&format!(
                "{}[{}] {}:{} {}\n",
                d.severity.as_str(),
                d.code,
                at.line,
                at.column,
                d.message
            ));
            for n in &d.notes {
                got.push_str(&format!("  note: {n}\n"));
            }
        }
        if let Err(e) = common::golden(&path.with_extension("check"), &got) {
            panic!("{name}: {e}");
        }
    }
}

/// `SEED=N OUT=FILE cargo test --test lev_comp_oracle dump_case -- --ignored`
/// writes one generated case.
#[test]
#[ignore]
fn dump_case() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let out = std::env::var_os("OUT").expect("OUT=FILE");
    std::fs::write(out, case(seed)).expect("write the case");
}

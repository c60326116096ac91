//! Which cells of a realised vault a player can walk to from where the
//! level joins it. Passability is the level builder's: walls, statues,
//! trees, sealed doors and grates stop a walker, doors do not (they open);
//! deep water and lava stop one too but are never counted as cut off (a
//! walker does not need to stand on them). Moves are to all eight
//! neighbours, as the game's.
//!
//! Where the level joins the vault (`../shared/specs/dcss-des.md` §7.2):
//! `@`, `+` and `=` on its edge are its exits; a vault with none is joined
//! at its walkable edge cells. A cell is on the edge when an orthogonal
//! neighbour is outside the map or a space (the level shows through). An
//! ORIENT vault meets the level only on its open sides; a minivault (no
//! ORIENT) is set into the level's floor, so all its walkable edge cells
//! meet it; an `encompass` map is the level and is entered by its stairs.

use super::Vault;

/// What a walker makes of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Not part of the vault (a space).
    Outside,
    Wall,
    /// Deep water, lava: not walked, not needed.
    Hazard,
    Walk,
}

/// Feature names (KFEAT vault names) that stop a walker: the game's solid
/// features except the doors a walker opens.
const SOLID_FEATURES: &[&str] = &[
    "unseen",
    "sealed_door",
    "sealed_clear_door",
    "tree",
    "mangrove",
    "demonic_tree",
    "petrified_tree",
    "iron_grate",
    "open_sea",
    "endless_lava",
    "endless_salt",
    "orcish_idol",
    "metal_statue",
    "granite_statue",
    "zot_statue",
    "malign_gateway",
    "spike_launcher",
];

const HAZARD_FEATURES: &[&str] = &["deep_water", "lava"];

/// The default meaning of a map glyph.
fn glyph_pass(g: u8) -> Pass {
    match g {
        b' ' => Pass::Outside,
        b'x' | b'X' | b'c' | b'v' | b'b' | b'm' | b'n' | b'o' | b't' | b'G' | b'I' => Pass::Wall,
        b'w' | b'l' => Pass::Hazard,
        _ => Pass::Walk,
    }
}

/// A KFEAT alternative by its words: a vault name, the same with blanks,
/// a trap in words, or a map glyph; anything else (shops, trap classes)
/// is walked on.
fn feature_pass(alternative: &str) -> Pass {
    let words: Vec<&str> = alternative
        .split_ascii_whitespace()
        .filter(|w| !w.starts_with("w:"))
        .collect();
    let name = words.join("_");
    let name = name
        .rsplit_once(':')
        .filter(|(_, n)| n.bytes().all(|b| b.is_ascii_digit()))
        .map_or(name.as_str(), |(n, _)| n);
    if let [g] = name.as_bytes() {
        return glyph_pass(*g);
    }
    if name.ends_with("_wall") || SOLID_FEATURES.contains(&name) {
        Pass::Wall
    } else if HAZARD_FEATURES.contains(&name) {
        Pass::Hazard
    } else {
        Pass::Walk
    }
}

/// A cell as the walk sees it, one byte: its [`Pass`] and what the level
/// makes of it. Two grids of equal classes have the same reachability.
pub type Class = u8;
const PASS_BITS: Class = 0b11;
const EXIT: Class = 1 << 2;
const STAIR: Class = 1 << 3;
const SUBVAULT: Class = 1 << 4;

fn class_of(p: Pass) -> Class {
    match p {
        Pass::Outside => 0,
        Pass::Wall => 1,
        Pass::Hazard => 2,
        Pass::Walk => 3,
    }
}

/// Passability by glyph for one vault: the legend, KMONS and KITEM keys
/// as floor, and each KFEAT key
/// taking the most passable of its alternatives (the game picks one; the
/// check never claims a cut-off that a pick could avoid). A subvault's
/// glyph stands for a map not read here: walkable and joined to
/// everything, so it never causes a finding.
pub struct Terrain([Class; 256]);

impl Terrain {
    pub fn of(v: &Vault) -> Terrain {
        let mut pass: [Pass; 256] = std::array::from_fn(|g| glyph_pass(g as u8));
        // A glyph with a monster or item and no KFEAT is floor.
        for kw in ["KMONS", "KITEM"] {
            for d in v.directives(kw) {
                for (_, sel) in d.selectors() {
                    if let Some((keys, _, _)) = sel {
                        keys.bytes().for_each(|k| pass[usize::from(k)] = Pass::Walk);
                    }
                }
            }
        }
        for d in v.directives("KFEAT") {
            for (_, sel) in d.selectors() {
                let Some((keys, _, value)) = sel else {
                    continue;
                };
                let most = value
                    .split('/')
                    .map(feature_pass)
                    .max_by_key(|p| class_of(*p))
                    .unwrap_or(Pass::Walk);
                for k in keys.bytes() {
                    pass[usize::from(k)] = most;
                }
            }
        }
        let mut t = Terrain(std::array::from_fn(|g| {
            let mut c = class_of(pass[g]);
            if matches!(g as u8, b'@' | b'+' | b'=') {
                c |= EXIT;
            }
            if STAIRS.contains(&(g as u8)) {
                c |= STAIR;
            }
            c
        }));
        for d in v.directives("SUBVAULT") {
            for (_, sel) in d.selectors() {
                if let Some((keys, _, _)) = sel {
                    for k in keys.bytes() {
                        t.0[usize::from(k)] = class_of(Pass::Walk) | SUBVAULT;
                    }
                }
            }
        }
        t
    }

    pub fn class(&self, g: u8) -> Class {
        self.0[usize::from(g)]
    }
}

/// Where the level can meet the vault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Openings {
    /// North, east, south, west: whether the level lies beyond that side.
    pub sides: [bool; 4],
    /// A minivault: every walkable edge cell meets the level's floor.
    pub set_into_floor: bool,
    /// An `encompass` map: entered by its stairs.
    pub whole_level: bool,
    /// `no_exits`: the builder joins nothing.
    pub no_exits: bool,
}

impl Openings {
    /// Placed against a level edge (ORIENT north, south-east…).
    pub fn against_edge(&self) -> bool {
        self.sides.contains(&false)
    }

    pub fn of(v: &Vault) -> Openings {
        let orient = v.first_arg("ORIENT").unwrap_or("");
        let (n, e, s, w) = (true, true, true, true);
        let sides = match orient {
            "north" => [false, e, s, w],
            "south" => [n, e, false, w],
            "east" => [n, false, s, w],
            "west" => [n, e, s, false],
            "northwest" => [false, e, s, false],
            "northeast" => [false, false, s, w],
            "southwest" => [n, e, false, false],
            "southeast" => [n, false, false, w],
            _ => [n, e, s, w],
        };
        Openings {
            sides,
            set_into_floor: orient.is_empty(),
            whole_level: orient == "encompass",
            no_exits: v
                .directives("TAGS")
                .any(|d| d.args.iter().any(|(t, _)| t == "no_exits")),
        }
    }
}

/// Stone stairs: a player arriving from another level stands on one
/// (escape hatches drop a player anywhere).
const STAIRS: &[u8] = b"{([})]";

/// How the level joins a realised vault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// At its entrances: the reached cells are marked.
    Yes,
    /// `no_exits`, or no map: nothing to say.
    Never,
    /// No walkable entrance, but water or lava on its open edge: an
    /// island, reached by swimming or flying.
    Shore,
    /// No entrance at all.
    Sealed,
}

/// Reusable buffers for many fills of grids of one size.
#[derive(Default)]
pub struct Fill {
    reached: Vec<bool>,
    stack: Vec<usize>,
}

impl Fill {
    /// Marks the cells of a class grid reachable from the vault's
    /// entrances, and says how the level joins it.
    pub fn run(&mut self, cls: &[Class], w: usize, o: &Openings) -> Joined {
        self.reached.clear();
        self.reached.resize(cls.len(), false);
        self.stack.clear();
        if w == 0 || o.no_exits {
            return Joined::Never;
        }
        let h = cls.len() / w;
        let walk = |i: usize| cls[i] & PASS_BITS == 3;
        let open_edge = |i: usize| {
            let (x, y) = (i % w, i / w);
            let beyond = |side: usize, n: Option<usize>| match n {
                Some(j) => cls[j] & PASS_BITS == 0,
                None => o.sides[side],
            };
            beyond(0, y.checked_sub(1).map(|y| y * w + x))
                || beyond(1, (x + 1 < w).then(|| i + 1))
                || beyond(2, (y + 1 < h).then(|| i + w))
                || beyond(3, x.checked_sub(1).map(|_| i - 1))
        };
        let mut exits = false;
        let mut shore = false;
        for (i, &c) in cls.iter().enumerate() {
            if c & PASS_BITS == 2 && !o.whole_level {
                shore = shore || open_edge(i);
            }
            if c & PASS_BITS != 3 {
                continue;
            }
            // Stairs join other levels: a player can arrive on them.
            let source = if c & (SUBVAULT | STAIR) != 0 {
                true
            } else if !o.whole_level && open_edge(i) {
                exits |= c & EXIT != 0;
                true
            } else {
                false
            };
            if source {
                self.stack.push(i);
            }
        }
        // A vault with exits is joined only there (a minivault, set into
        // the floor, everywhere on its edge).
        if exits && !o.set_into_floor && !o.whole_level {
            self.stack
                .retain(|&i| cls[i] & (EXIT | SUBVAULT | STAIR) != 0);
        }
        if self.stack.is_empty() && o.whole_level {
            // The builder adds stairs to a level without them, on floor:
            // the largest walkable region is the level a player arrives in.
            if let Some(start) = self.largest_region(cls, w, &walk) {
                self.reached.iter_mut().for_each(|r| *r = false);
                self.stack.push(start);
            }
        }
        if self.stack.is_empty() {
            return if shore { Joined::Shore } else { Joined::Sealed };
        }
        for &i in &self.stack {
            self.reached[i] = true;
        }
        self.spread(w, h, &walk);
        Joined::Yes
    }

    /// Walks from the cells on the stack to every walkable neighbour;
    /// returns how many cells it took off the stack.
    fn spread(&mut self, w: usize, h: usize, walk: &impl Fn(usize) -> bool) -> usize {
        let mut taken = 0;
        while let Some(i) = self.stack.pop() {
            taken += 1;
            let (x, y) = (i % w, i / w);
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let j = ny * w + nx;
                    if !self.reached[j] && walk(j) {
                        self.reached[j] = true;
                        self.stack.push(j);
                    }
                }
            }
        }
        taken
    }

    /// A cell of the largest walkable region (marks every region reached).
    fn largest_region(
        &mut self,
        cls: &[Class],
        w: usize,
        walk: &impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let h = cls.len() / w;
        let mut best: Option<(usize, usize)> = None;
        for i in 0..cls.len() {
            if self.reached[i] || !walk(i) {
                continue;
            }
            self.reached[i] = true;
            self.stack.push(i);
            let size = self.spread(w, h, walk);
            if best.is_none_or(|(n, _)| size > n) {
                best = Some((size, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// After [`Fill::run`]: whether cell `i` was reached.
    pub fn reached(&self, i: usize) -> bool {
        self.reached.get(i).copied().unwrap_or(false)
    }
}

/// Whether a class is walked on.
pub fn walkable(c: Class) -> bool {
    c & PASS_BITS == 3
}

/// The walkable cells no entrance reaches, as row-major indices; `None`
/// when nothing can be said (no entrance).
pub fn cut_off(glyphs: &[u8], w: usize, t: &Terrain, o: &Openings) -> Option<Vec<usize>> {
    let cls: Vec<Class> = glyphs.iter().map(|&g| t.class(g)).collect();
    let mut fill = Fill::default();
    match fill.run(&cls, w, o) {
        Joined::Yes => {}
        Joined::Never => return None,
        // Cut off as a whole.
        Joined::Shore | Joined::Sealed => {}
    }
    Some(
        (0..cls.len())
            .filter(|&i| walkable(cls[i]) && !fill.reached(i))
            .collect(),
    )
}

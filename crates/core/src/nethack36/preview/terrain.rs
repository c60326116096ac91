//! 3.6's location types (`rm.h`) and how the game draws each by default
//! (`defsyms[]`: symbol and colour number).

pub const STONE: u8 = 0;
pub const VWALL: u8 = 1;
pub const HWALL: u8 = 2;
pub const CROSSWALL: u8 = 7;
#[cfg(test)]
pub const TREE: u8 = 13;
pub const POOL: u8 = 16;
pub const DRAWBRIDGE_UP: u8 = 19;
pub const DOOR: u8 = 22;
pub const CORR: u8 = 23;
pub const ROOM: u8 = 24;
pub const STAIRS: u8 = 25;
pub const LADDER: u8 = 26;
pub const FOUNTAIN: u8 = 27;
pub const SINK: u8 = 29;
pub const GRAVE: u8 = 30;
pub const ALTAR: u8 = 31;
/// `MAX_TYPE`: the see-through `x` of a MAP.
pub const MAX_TYPE: u8 = 36;

/// Symbol, colour number (CLR_*) and name of each location type.
const LOOKS: [(char, u8, &str); 36] = [
    (' ', 0, "stone"),
    ('|', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('-', 7, "wall"),
    ('|', 7, "wall"),
    ('|', 7, "wall"),
    ('|', 7, "drawbridge wall"),
    ('#', 2, "tree"),
    ('+', 3, "secret door"),
    ('#', 7, "secret corridor"),
    ('}', 4, "pool"),
    ('}', 4, "moat"),
    ('}', 4, "water"),
    ('#', 3, "raised drawbridge"),
    ('}', 1, "lava"),
    ('#', 6, "iron bars"),
    ('+', 3, "door"),
    ('#', 7, "corridor"),
    ('.', 7, "floor"),
    ('>', 7, "stairs"),
    ('>', 3, "ladder"),
    ('{', 12, "fountain"),
    ('\\', 11, "throne"),
    ('#', 7, "sink"),
    ('|', 15, "grave"),
    ('_', 7, "altar"),
    ('.', 6, "ice"),
    ('.', 3, "lowered drawbridge"),
    (' ', 6, "air"),
    ('#', 7, "cloud"),
];

/// How a location type is drawn: symbol, colour number, name.
pub fn look(typ: u8) -> (char, u8, &'static str) {
    LOOKS
        .get(typ as usize)
        .copied()
        .unwrap_or(('?', 5, "unknown terrain"))
}

/// Fountains, sinks, altars, thrones, graves, stairs, ladders: FOUNTAIN,
/// SINK and POOL leave these alone.
pub fn is_furniture(typ: u8) -> bool {
    matches!(typ, STAIRS..=ALTAR)
}

/// What a random placement accepts (`get_location`'s classes).
#[derive(Clone, Copy)]
pub enum Wants {
    /// Floor, corridor, doorways: where a monster or object can stand.
    Walkable,
    Any,
}

impl Wants {
    pub fn accepts(self, typ: u8) -> bool {
        match self {
            Wants::Any => true,
            Wants::Walkable => matches!(typ, DOOR..=ALTAR) || typ == 32 || typ == 33,
        }
    }
}

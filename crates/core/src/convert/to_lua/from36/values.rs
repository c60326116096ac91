//! The values of 3.6's stack machine as Lua expressions: what a PUSH
//! carries (a packed coordinate, region, map character, monster or
//! object), what an opcode makes of them, and a variable read back.

use crate::nethack36::profile::{Profile, NETHACK_366};
use crate::nethack36::Value;

use super::super::quoted;

/// An integer: its Lua expression, and its value when it is a literal.
#[derive(Clone, Debug)]
pub struct Int {
    pub lua: String,
    pub lit: Option<i64>,
}

impl Int {
    pub fn lit(v: i64) -> Int {
        Int {
            lua: v.to_string(),
            lit: Some(v),
        }
    }

    pub fn expr(lua: String) -> Int {
        Int { lua, lit: None }
    }

    /// The literal, or `default` for an expression.
    pub fn or(&self, default: i64) -> i64 {
        self.lit.unwrap_or(default)
    }
}

/// Where a statement puts something.
#[derive(Clone, Debug)]
pub enum Place {
    At(i64, i64),
    /// `random`: the game picks (the key is left out).
    Random,
    /// A Lua table: `{x, y}`, or `{x = x, y = y}` as `rndcoord` gives
    /// (`true`); a variable or an element keeps its values' form.
    Expr(String, bool),
}

impl Place {
    pub fn from_packed(c: i64) -> Place {
        if c & RANDOM_COORD != 0 {
            Place::Random
        } else {
            Place::At(c & 0xff, (c >> 16) & 0xff)
        }
    }

    /// The table keys that say where (none for random).
    pub fn keys(&self) -> Vec<String> {
        match self {
            Place::At(x, y) => vec![format!("x = {x}, y = {y}")],
            Place::Random => Vec::new(),
            Place::Expr(e, _) => vec![format!("coord = {e}")],
        }
    }

    /// As a value: `{x, y}` (random as `nil`, which the game reads as
    /// "no coordinate given").
    pub fn lua(&self) -> String {
        match self {
            Place::At(x, y) => format!("{{{x},{y}}}"),
            Place::Random => "nil".into(),
            Place::Expr(e, _) => e.clone(),
        }
    }

    /// `x, y` arguments for a selection function.
    pub fn args(&self) -> String {
        match self {
            Place::At(x, y) => format!("{x},{y}"),
            // The game's "anywhere": a random spot where it takes one.
            Place::Random => "-1,-1".into(),
            Place::Expr(t, true) if is_name(t) => format!("{t}.x,{t}.y"),
            // Evaluated once: `rndcoord` picks anew on each call.
            Place::Expr(t, true) => format!("(function(c) return c.x, c.y end)({t})"),
            Place::Expr(t, false) => format!("{t}[1],{t}[2]"),
        }
    }
}

/// A variable or an element of one (safe to read twice).
fn is_name(t: &str) -> bool {
    t.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_[]#%+() ".contains(c))
        && !t.contains("selection")
}

/// `SP_COORD_IS_RANDOM`.
pub const RANDOM_COORD: i64 = 0x0100_0000;

/// A monster or object kind.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A name, and the class it was narrowed to (objects: `('!', "healing")`).
    Name(String, Option<char>),
    Class(char),
    Any,
    /// A variable's value: a name or a class, as the variable was set.
    Expr {
        lua: String,
        class: bool,
    },
}

impl Kind {
    fn from_packed(packed: i64, monster: bool) -> Kind {
        if packed < 0 {
            return Kind::Any;
        }
        let index = (packed >> 8) - 10;
        let class = (packed & 0xff) as u8;
        let names = NETHACK_366.names();
        let entry = usize::try_from(index).ok().and_then(|i| {
            if monster {
                names.monster_entry(i)
            } else {
                names.object_entry(i)
            }
        });
        match entry {
            Some((name, _, _)) if !name.is_empty() => {
                let narrowed =
                    (!monster && class > 1 && class.is_ascii_graphic()).then(|| char::from(class));
                Kind::Name(name.to_string(), narrowed)
            }
            _ if class > 1 && class.is_ascii_graphic() => Kind::Class(char::from(class)),
            _ => Kind::Any,
        }
    }

    /// The `id`/`class` keys.
    pub fn keys(&self) -> Vec<String> {
        match self {
            Kind::Name(n, None) => vec![format!("id = {}", quoted(n))],
            Kind::Name(n, Some(c)) => vec![
                format!("id = {}", quoted(n)),
                format!("class = {}", quoted(&c.to_string())),
            ],
            Kind::Class(c) => vec![format!("class = {}", quoted(&c.to_string()))],
            Kind::Any => Vec::new(),
            Kind::Expr { lua, class: true } => vec![format!("class = {lua}")],
            Kind::Expr { lua, class: false } => vec![format!("id = {lua}")],
        }
    }

    /// As a value kept in a variable: the name or the class as a string.
    fn lua(&self) -> String {
        match self {
            Kind::Name(n, _) => quoted(n),
            Kind::Class(c) => quoted(&c.to_string()),
            Kind::Any => "nil".into(),
            Kind::Expr { lua, .. } => lua.clone(),
        }
    }
}

/// A value on the symbolic stack.
#[derive(Clone, Debug)]
pub enum Sym {
    Int(Int),
    /// A string as pushed (a MAP's cells are bytes of terrain types).
    Text(Vec<u8>),
    /// A string made by the script.
    Str(String),
    Coord(Place),
    /// `{x1,y1,x2,y2}`, with the literal corners when known.
    Region(String, Option<[i64; 4]>),
    /// A map character as a Lua string, and its light (-2: unchanged).
    MapChar(String, i64),
    Monst(Kind),
    Obj(Kind),
    /// A selection, and the one cell it is when it is a literal point.
    Sel(String, Option<(i64, i64)>),
    /// What `CMP` left: the two sides.
    Compared(String, String),
}

impl Sym {
    pub fn from_pushed(v: &Value) -> Sym {
        match v {
            Value::Null => Sym::Int(Int::lit(0)),
            Value::Int(i) => Sym::Int(Int::lit(*i)),
            Value::Str(s) => Sym::Text(s.clone()),
            Value::Var(_) => Sym::Str("nil".into()),
            Value::Coord(c) => Sym::Coord(Place::from_packed(*c)),
            Value::Region(r) => {
                let c = [
                    r & 0xff,
                    (r >> 8) & 0xff,
                    (r >> 16) & 0xff,
                    (r >> 24) & 0xff,
                ];
                Sym::Region(format!("{{{},{},{},{}}}", c[0], c[1], c[2], c[3]), Some(c))
            }
            Value::MapChar(m) => Sym::MapChar(quoted(&map_char(*m & 0xff)), ((m >> 8) & 0xff) - 10),
            Value::Monst(m) => Sym::Monst(Kind::from_packed(*m, true)),
            Value::Obj(o) => Sym::Obj(Kind::from_packed(*o, false)),
            Value::Sel(_) => Sym::Sel("selection.new()".into(), None),
        }
    }

    /// The value as a Lua expression (what a variable is set to).
    pub fn lua(&self) -> String {
        match self {
            Sym::Int(i) => i.lua.clone(),
            Sym::Text(t) => quoted(&String::from_utf8_lossy(t)),
            Sym::Str(s) => s.clone(),
            Sym::Coord(p) => p.lua(),
            Sym::Region(r, _) => r.clone(),
            Sym::MapChar(m, _) => m.clone(),
            Sym::Monst(k) | Sym::Obj(k) => k.lua(),
            Sym::Sel(s, _) => s.clone(),
            Sym::Compared(a, b) => format!("({a} == {b})"),
        }
    }

    /// The same kind of value, read from the Lua expression `lua` (a
    /// variable, or an element of one).
    pub fn like(&self, lua: String) -> Sym {
        match self {
            Sym::Int(_) | Sym::Compared(..) => Sym::Int(Int::expr(lua)),
            Sym::Text(_) | Sym::Str(_) => Sym::Str(lua),
            Sym::Coord(p) => Sym::Coord(Place::Expr(lua, matches!(p, Place::Expr(_, true)))),
            Sym::Region(..) => Sym::Region(lua, None),
            Sym::MapChar(_, lit) => Sym::MapChar(lua, *lit),
            Sym::Monst(k) => Sym::Monst(Kind::Expr {
                lua,
                class: matches!(k, Kind::Class(_) | Kind::Expr { class: true, .. }),
            }),
            Sym::Obj(k) => Sym::Obj(Kind::Expr {
                lua,
                class: matches!(k, Kind::Class(_) | Kind::Expr { class: true, .. }),
            }),
            Sym::Sel(..) => Sym::Sel(lua, None),
        }
    }
}

/// The map character of terrain type `typ` in 3.6.6's `what_map_char`
/// (the characters are the same in 5.0's `des.map`).
pub fn map_char(typ: i64) -> String {
    let profile: &Profile = &NETHACK_366;
    if typ == crate::nethack36::profile::INVALID_TYPE {
        // What a character that is no terrain reads as (a MAZE's `' '`
        // filler among them): the game's stone.
        return " ".into();
    }
    (32u8..127)
        .filter(|c| !c.is_ascii_digit())
        .find(|&c| profile.map_char(i64::from(c)) == typ)
        .map_or_else(|| " ".into(), |c| char::from(c).to_string())
}

pub use crate::nethack36::keywords::{word_of as word, Family};

/// A 3.6 room type's name.
pub fn room_type(t: i64) -> String {
    let names = NETHACK_366.names();
    names
        .room_names()
        .find(|n| names.room(n.as_bytes()) == Some(t))
        .unwrap_or("ordinary")
        .to_string()
}

/// A 3.6 trap type's name.
pub fn trap_name(t: i64) -> Option<&'static str> {
    NETHACK_366.names().trap_name(t)
}

/// What an unfilled REGION adds to its room type.
pub fn unfilled_offset() -> i64 {
    NETHACK_366.facts().terrain.unfilled_region
}

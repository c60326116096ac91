//! The `.lev` decoder of NetHack 3.4.3 and 3.2.x: the encoder's mirror.
//! A file is read field by field into the [`LevelFile`] the encoder writes
//! (so decoding and encoding again gives the same bytes), and every field
//! read is listed with its offset, its size, the record it belongs to and
//! its value — what a binary view shows, and the first half of a
//! decompiler. Bad input is an error at a byte offset, never a panic.

use super::dialect::Dialect;
use super::encode::{
    Body, EngravingRec, GoldRec, LevRegionRec, LevelFile, MonsterRec, ObjectRec, Part, RoomBody,
    RoomRec, Things,
};
use super::lexer::{word, Val};
use serde::Serialize;
use vaultwright_model::Target;

/// One field of a decoded file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    pub offset: usize,
    pub len: usize,
    /// The record it belongs to: `header`, `level`, `part 0`,
    /// `part 0 / monster 2`, `room 1 / door 0`…
    pub record: String,
    pub name: &'static str,
    /// Its value as a number (strings and map rows: their length).
    pub value: i64,
    /// The bytes of a string or a map row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A decoded file: the level, every field read, in file order, and the
/// bytes after the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub file: LevelFile,
    pub fields: Vec<Field>,
    /// What follows the level: the original opens its output without
    /// truncating it, so a level written over a longer file of the same
    /// name keeps that file's tail, which the game never reads.
    pub trailing: Vec<u8>,
}

impl Decoded {
    /// The file's bytes again: the level encoded, then the tail.
    pub fn encode(&self) -> Vec<u8> {
        let mut bytes = self.file.encode();
        bytes.extend_from_slice(&self.trailing);
        bytes
    }
}

/// Why a file is not a `.lev`, and where: one error type for both
/// generations of the format.
pub use crate::nethack_common::DecodeError;

/// The dialect a file's first version word names (3.4.3, 3.2.3, 3.2.2).
pub fn dialect_of(bytes: &[u8]) -> Option<&'static Dialect> {
    let word = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    [Target::Nethack343, Target::Nethack323, Target::Nethack322]
        .into_iter()
        .map(Dialect::for_target)
        .find(|d| d.header[0] == word)
}

/// Reads a whole `.lev` file (bytes after the level are kept as its tail).
pub fn decode(bytes: &[u8]) -> Result<Decoded> {
    let mut r = Reader {
        data: bytes,
        at: 0,
        fields: Vec::new(),
        record: "header".into(),
    };
    let file = level(&mut r)?;
    let trailing = bytes.get(r.at..).unwrap_or_default().to_vec();
    if !trailing.is_empty() {
        r.record = "tail".into();
        let at = r.at;
        r.at = bytes.len();
        r.note(at, "left from an earlier file", trailing.len() as i64, None);
    }
    Ok(Decoded {
        file,
        fields: r.fields,
        trailing,
    })
}

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
    fields: Vec<Field>,
    record: String,
}

type Result<T> = std::result::Result<T, DecodeError>;

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8]> {
        let bytes = self
            .at
            .checked_add(n)
            .and_then(|end| self.data.get(self.at..end))
            .ok_or_else(|| DecodeError {
                offset: self.at,
                message: format!(
                    "the file ends inside {what} ({n} bytes needed, {} left)",
                    self.data.len().saturating_sub(self.at)
                ),
            })?;
        self.at += n;
        Ok(bytes)
    }

    fn note(&mut self, at: usize, name: &'static str, value: i64, text: Option<String>) {
        self.fields.push(Field {
            offset: at,
            len: self.at - at,
            record: self.record.clone(),
            name,
            value,
            text,
        });
    }

    fn int<const N: usize>(&mut self, name: &'static str) -> Result<[u8; N]> {
        let at = self.at;
        let mut raw = [0u8; N];
        raw.copy_from_slice(self.take(N, name)?);
        let value = match N {
            1 => i64::from(raw[0] as i8),
            2 => i64::from(i16::from_le_bytes([raw[0], raw[1]])),
            4 => i64::from(i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])),
            _ => i64::from_le_bytes(raw.as_slice().try_into().unwrap_or([0; 8])),
        };
        self.note(at, name, value, None);
        Ok(raw)
    }

    fn i8(&mut self, name: &'static str) -> Result<i8> {
        Ok(self.int::<1>(name)?[0] as i8)
    }

    fn i16(&mut self, name: &'static str) -> Result<i16> {
        Ok(i16::from_le_bytes(self.int::<2>(name)?))
    }

    fn i32(&mut self, name: &'static str) -> Result<i32> {
        Ok(i32::from_le_bytes(self.int::<4>(name)?))
    }

    fn i64(&mut self, name: &'static str) -> Result<i64> {
        Ok(i64::from_le_bytes(self.int::<8>(name)?))
    }

    /// `N` single-byte fields named `names`.
    fn bytes<const N: usize>(&mut self, names: [&'static str; N]) -> Result<[i8; N]> {
        let mut out = [0i8; N];
        for (slot, name) in out.iter_mut().zip(names) {
            *slot = self.i8(name)?;
        }
        Ok(out)
    }

    /// Bytes the C structures leave between fields (zeros in every file
    /// the original writes).
    fn padding(&mut self, n: usize) -> Result<()> {
        let at = self.at;
        let zero = self.take(n, "padding")?.iter().all(|&b| b == 0);
        self.note(at, "padding", i64::from(!zero), None);
        Ok(())
    }

    fn text(&mut self, len: usize, name: &'static str) -> Result<Vec<u8>> {
        let at = self.at;
        let bytes = self.take(len, name)?.to_vec();
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        self.note(at, name, len as i64, Some(shown));
        Ok(bytes)
    }

    /// The 8-byte slot of a string: its length in the low 4 bytes.
    fn len_slot(&mut self, name: &'static str) -> Result<usize> {
        let at = self.at;
        let len = self.i32(name)?;
        self.padding(4)?;
        self.length(at, i64::from(len), name)
    }

    /// A length or count that must be 0 or more and fit what is left.
    fn length(&self, at: usize, len: i64, what: &str) -> Result<usize> {
        usize::try_from(len)
            .ok()
            .filter(|&n| n <= self.data.len() - self.at.min(self.data.len()))
            .ok_or_else(|| DecodeError {
                offset: at,
                message: format!("{what} {len} does not fit the file"),
            })
    }

    fn count(&mut self, what: &'static str) -> Result<usize> {
        let at = self.at;
        let n = self.i8(what)?;
        self.length(at, i64::from(n), what)
    }

    /// A count byte, then that many records of `N` single-byte fields.
    fn list<const N: usize>(
        &mut self,
        record: &str,
        names: [&'static str; N],
    ) -> Result<Vec<[i8; N]>> {
        let n = self.count(plural(record))?;
        let outer = self.record.clone();
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            self.record = format!("{outer} / {record} {i}");
            out.push(self.bytes(names)?);
        }
        self.record = outer;
        Ok(out)
    }

    fn within<T>(
        &mut self,
        record: String,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let outer = std::mem::replace(&mut self.record, record);
        let out = read(self);
        self.record = outer;
        out
    }
}

/// The count field's name for a list of `record`s.
fn plural(record: &str) -> &'static str {
    match record {
        "random object class" => "random object classes",
        "random monster class" => "random monster classes",
        "region" => "regions",
        "door" => "doors",
        "drawbridge" => "drawbridges",
        "mazewalk" => "mazewalks",
        "non-diggable" => "non-diggables",
        "non-passwall" => "non-passwalls",
        "ladder" => "ladders",
        "stair" => "stairs",
        "altar" => "altars",
        "fountain" => "fountains",
        "sink" => "sinks",
        "pool" => "pools",
        "trap" => "traps",
        "corridor" => "corridors",
        _ => "records",
    }
}

fn level(r: &mut Reader) -> Result<LevelFile> {
    let mut header = [0u64; 4];
    for word in &mut header {
        *word = r.i64("version word")? as u64;
    }
    r.record = "level".into();
    let kind = r.i8("kind")?;
    if kind != 1 && kind != 2 {
        return Err(DecodeError {
            offset: 32,
            message: format!("level kind {kind} is neither 1 (LEVEL) nor 2 (MAZE)"),
        });
    }
    let init = r.bytes([
        "init present",
        "init padding",
        "init foreground",
        "init background",
        "init smoothed",
        "init joined",
        "init lit",
        "init walled",
    ])?;
    let flags = r.i64("flags")?;
    let at = r.at;
    let message_len = r.int::<1>("message length")?[0];
    let message_len = r.length(at, i64::from(message_len), "message length")?;
    let message = r.text(message_len, "message")?;
    let body = match kind {
        1 => Body::Rooms(room_body(r)?),
        _ => {
            let filling = r.i8("filling")?;
            let n = r.count("parts")?;
            let mut parts = Vec::with_capacity(n);
            for i in 0..n {
                parts.push(r.within(format!("part {i}"), |r| part(r, init[0] != 0))?);
            }
            Body::Maze { filling, parts }
        }
    };
    Ok(LevelFile {
        header,
        kind,
        init,
        flags,
        message,
        body,
    })
}

fn part(r: &mut Reader, init_present: bool) -> Result<Part> {
    let [halign, valign, xsize, ysize] = r.bytes(["halign", "valign", "xsize", "ysize"])?;
    let mut map = Vec::new();
    // The encoder's rule: a one-cell map of an INIT_MAP level has no rows.
    if !init_present || xsize > 1 || ysize > 1 {
        let width = usize::try_from(xsize).unwrap_or(0);
        for _ in 0..usize::try_from(ysize).unwrap_or(0) {
            let row = r.text(width, "map row")?;
            map.push(row.into_iter().map(|b| b as i8).collect());
        }
    }
    let n = r.count("level regions")?;
    let mut lregions = Vec::with_capacity(n);
    for i in 0..n {
        lregions.push(r.within(format!("{} / level region {i}", r.record), lev_region)?);
    }
    let robjects = r.list("random object class", ["class"])?;
    let n = r.count("random places")?;
    let xs: Vec<i8> = (0..n)
        .map(|_| r.i8("random place x"))
        .collect::<Result<_>>()?;
    let ys: Vec<i8> = (0..n)
        .map(|_| r.i8("random place y"))
        .collect::<Result<_>>()?;
    let rmonst = r.list("random monster class", ["class"])?;
    Ok(Part {
        halign,
        valign,
        xsize,
        ysize,
        map,
        lregions,
        robjects: robjects.into_iter().map(|[c]| c).collect(),
        rlocs: xs.into_iter().zip(ys).collect(),
        rmonst: rmonst.into_iter().map(|[c]| c).collect(),
        regions: r.list(
            "region",
            ["x1", "y1", "x2", "y2", "rtype", "lit", "irregular"],
        )?,
        doors: r.list("door", ["x", "y", "state"])?,
        drawbridges: r.list("drawbridge", ["x", "y", "dir", "open"])?,
        walks: r.list("mazewalk", ["x", "y", "dir"])?,
        digs: r.list("non-diggable", ["x1", "y1", "x2", "y2"])?,
        passes: r.list("non-passwall", ["x1", "y1", "x2", "y2"])?,
        ladders: r.list("ladder", ["x", "y", "up"])?,
        stairs: r.list("stair", ["x", "y", "up"])?,
        altars: r.list("altar", ["x", "y", "align", "shrine"])?,
        fountains: r.list("fountain", ["x", "y"])?,
        traps: r.list("trap", ["x", "y", "chance", "type"])?,
        things: things(r)?,
    })
}

fn lev_region(r: &mut Reader) -> Result<LevRegionRec> {
    let inarea = r.bytes(["in x1", "in y1", "in x2", "in y2"])?;
    let delarea = r.bytes(["del x1", "del y1", "del x2", "del y2"])?;
    let [in_islev, del_islev, rtype] = r.bytes(["in is level", "del is level", "type"])?;
    r.padding(5)?;
    let len = r.len_slot("name length")?;
    Ok(LevRegionRec {
        inarea,
        delarea,
        in_islev,
        del_islev,
        rtype,
        name: r.text(len, "name")?,
    })
}

fn room_body(r: &mut Reader) -> Result<RoomBody> {
    let robjects = r.list("random object class", ["class"])?;
    let rmonst = r.list("random monster class", ["class"])?;
    let n = r.count("rooms")?;
    let mut rooms = Vec::with_capacity(n);
    for i in 0..n {
        rooms.push(r.within(format!("room {i}"), room)?);
    }
    Ok(RoomBody {
        robjects: robjects.into_iter().map(|[c]| c).collect(),
        rmonst: rmonst.into_iter().map(|[c]| c).collect(),
        rooms,
        corridors: r.list(
            "corridor",
            [
                "from room",
                "from wall",
                "from door",
                "to room",
                "to wall",
                "to door",
            ],
        )?,
    })
}

fn short_text(r: &mut Reader, name: &'static str, len_name: &'static str) -> Result<Vec<u8>> {
    let at = r.at;
    let len = r.i16(len_name)?;
    let len = r.length(at, i64::from(len), len_name)?;
    r.text(len, name)
}

fn room(r: &mut Reader) -> Result<RoomRec> {
    let name = short_text(r, "name", "name length")?;
    let parent = short_text(r, "parent", "parent length")?;
    let fields = r.bytes([
        "x", "y", "w", "h", "xalign", "yalign", "type", "chance", "lit", "filled",
    ])?;
    Ok(RoomRec {
        name,
        parent,
        fields,
        doors: r.list("door", ["wall", "pos", "secret", "state"])?,
        stairs: r.list("stair", ["x", "y", "up"])?,
        altars: r.list("altar", ["x", "y", "align", "shrine"])?,
        fountains: r.list("fountain", ["x", "y"])?,
        sinks: r.list("sink", ["x", "y"])?,
        pools: r.list("pool", ["x", "y"])?,
        traps: r.list("trap", ["x", "y", "chance", "type"])?,
        things: things(r)?,
    })
}

/// A count, then `n` records read by `one` in a record named `what i`.
fn records<T>(
    r: &mut Reader,
    what: &str,
    count: &'static str,
    mut one: impl FnMut(&mut Reader) -> Result<T>,
) -> Result<Vec<T>> {
    let n = r.count(count)?;
    let outer = r.record.clone();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(r.within(format!("{outer} / {what} {i}"), &mut one)?);
    }
    Ok(out)
}

fn things(r: &mut Reader) -> Result<Things> {
    Ok(Things {
        monsters: monsters(r)?,
        objects: objects(r)?,
        golds: golds(r)?,
        engravings: engravings(r)?,
    })
}

fn monsters(r: &mut Reader) -> Result<Vec<MonsterRec>> {
    records(r, "monster", "monsters", |r| {
        let name_len = r.len_slot("name length")?;
        let appear_len = r.len_slot("appearance length")?;
        let id = r.i16("monster")?;
        let [align, x, y, chance, class, appear, peaceful, asleep] = r.bytes([
            "align", "x", "y", "chance", "class", "appear", "peaceful", "asleep",
        ])?;
        r.padding(6)?;
        Ok(MonsterRec {
            name: r.text(name_len, "name")?,
            appear_as: r.text(appear_len, "appearance")?,
            id,
            align,
            x,
            y,
            chance,
            class,
            appear,
            peaceful,
            asleep,
        })
    })
}

fn objects(r: &mut Reader) -> Result<Vec<ObjectRec>> {
    records(r, "object", "objects", |r| {
        let name_len = r.len_slot("name length")?;
        let corpsenm = r.i32("corpse of")?;
        let id = r.i16("object")?;
        let spe = r.i16("spe")?;
        let [x, y, chance, class, containment, curse_state] =
            r.bytes(["x", "y", "chance", "class", "containment", "curse"])?;
        r.padding(2)?;
        Ok(ObjectRec {
            name: r.text(name_len, "name")?,
            corpsenm,
            id,
            spe,
            x,
            y,
            chance,
            class,
            containment,
            curse_state,
        })
    })
}

fn golds(r: &mut Reader) -> Result<Vec<GoldRec>> {
    records(r, "gold", "golds", |r| {
        let [x, y] = r.bytes(["x", "y"])?;
        r.padding(2)?;
        Ok(GoldRec {
            x,
            y,
            amount: r.i32("amount")?,
        })
    })
}

fn engravings(r: &mut Reader) -> Result<Vec<EngravingRec>> {
    records(r, "engraving", "engravings", |r| {
        let [x, y] = r.bytes(["x", "y"])?;
        r.padding(6)?;
        let len = r.len_slot("text length")?;
        let etype = r.i8("type")?;
        r.padding(7)?;
        Ok(EngravingRec {
            x,
            y,
            text: r.text(len, "text")?,
            etype,
        })
    })
}

/// What a field's value means, where the dialect's tables say.
pub fn meaning(d: &Dialect, f: &Field) -> Option<String> {
    Meanings::new(d).of(f)
}

/// [`meaning`] for many fields: the map characters by location type are
/// worked out once.
pub struct Meanings<'d> {
    d: &'d Dialect,
    /// The map character of each location type (by type + 128).
    chars: [Option<u8>; 256],
}

impl<'d> Meanings<'d> {
    pub fn new(d: &'d Dialect) -> Meanings<'d> {
        let mut chars = [None; 256];
        for c in (0u8..=127).rev() {
            if let Some(code) = d.map_char(c) {
                chars[(i16::from(code) + 128) as usize] = Some(c);
            }
        }
        Meanings { d, chars }
    }

    fn char_of(&self, code: i64) -> Option<u8> {
        let i = usize::try_from(code + 128).ok()?;
        self.chars.get(i).copied().flatten()
    }

    pub fn of(&self, f: &Field) -> Option<String> {
        meaning_of(self, f)
    }
}

/// The source word for a value of a keyword class.
fn keyword_word(kind: Val, v: i64) -> Option<String> {
    word(kind, i32::try_from(v).ok()?).map(Into::into)
}

fn meaning_of(m: &Meanings, f: &Field) -> Option<String> {
    let (d, v) = (m.d, f.value);
    let name_at = |table: &[(&'static str, u8)]| {
        usize::try_from(v)
            .ok()
            .and_then(|i| table.get(i))
            .map(|e| e.0.to_string())
    };
    let char_of = |code: i64| m.char_of(code).map(|c| format!("'{}'", c as char));
    match f.name {
        "version word" => Some(format!("{:#010x}", v as u64)),
        "kind" => Some(match v {
            1 => "LEVEL (rooms)".into(),
            2 => "MAZE".into(),
            _ => return None,
        }),
        "monster" if v >= 0 => name_at(d.monsters()),
        "object" if v >= 0 => name_at(d.objects()),
        "monster" | "object" => Some("random".into()),
        "class" if v > 0 => Some(format!("'{}'", v as u8 as char)),
        "filling" if v == -1 => Some("random".into()),
        "filling" | "init foreground" | "init background" => char_of(v),
        "type" if f.record.ends_with(|c: char| c.is_ascii_digit()) && f.record.contains("trap") => {
            d.traps
                .iter()
                .find(|t| i64::from(t.1) == v)
                .map(|t| t.0.to_string())
        }
        "map row" => f.text.as_ref().map(|t| {
            t.bytes()
                .map(|b| m.char_of(i64::from(b as i8)).map_or('?', char::from))
                .collect()
        }),
        "type" | "rtype"
            if !f.record.contains("engraving") && !f.record.contains("level region") =>
        {
            d.rooms
                .iter()
                .find(|t| i64::from(t.1) == v)
                .map(|t| t.0.to_string())
        }
        "state" if f.record.contains("door") && v == -1 => Some("random".into()),
        "state" if f.record.contains("door") => keyword_word(Val::DoorState, v),
        "up" => keyword_word(Val::UpOrDown, i64::from(v != 0)),
        "align" if v == -12 => Some("not given".into()),
        "align" | "x" | "y" if v == -11 => Some("random".into()),
        "x" | "y" if (-10..=-1).contains(&v) && !f.record.starts_with("room") => {
            Some(format!("place[{}]", -v - 1))
        }
        "peaceful" | "asleep" | "lit" | "curse" if v == -1 => Some("random".into()),
        "spe" if v == -127 => Some("random".into()),
        "padding" if v != 0 => Some("not zero".into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LevelFile {
        LevelFile {
            header: Dialect::for_target(Target::Nethack343).header,
            kind: 2,
            init: [0; 8],
            flags: 3,
            message: b"hello".to_vec(),
            body: Body::Maze {
                filling: 0,
                parts: vec![Part {
                    xsize: 2,
                    ysize: 1,
                    map: vec![vec![24, 2]],
                    things: Things {
                        monsters: vec![MonsterRec {
                            name: b"Fred".to_vec(),
                            id: 5,
                            x: 1,
                            ..MonsterRec::default()
                        }],
                        ..Things::default()
                    },
                    doors: vec![[1, 0, 4]],
                    ..Part::default()
                }],
            },
        }
    }

    #[test]
    fn a_level_decodes_to_what_was_encoded() {
        let file = sample();
        let bytes = file.encode();
        let decoded = decode(&bytes).expect("decodes");
        assert_eq!(decoded.file, file);
        assert_eq!(decoded.file.encode(), bytes);
        let door = decoded
            .fields
            .iter()
            .find(|f| f.record == "part 0 / door 0" && f.name == "state")
            .expect("the door's state");
        assert_eq!(door.value, 4);
        assert_eq!(door.len, 1);
        let covered: usize = decoded.fields.iter().map(|f| f.len).sum();
        assert_eq!(covered, bytes.len(), "every byte belongs to one field");
    }

    #[test]
    fn every_cut_of_a_file_is_an_error_not_a_panic() {
        let bytes = sample().encode();
        for end in 0..bytes.len() {
            let err = decode(&bytes[..end]).expect_err("a cut file");
            assert!(err.offset <= end, "{err}");
        }
        let mut longer = bytes.clone();
        longer.extend_from_slice(b"old");
        let decoded = decode(&longer).expect("a level with a stale tail");
        assert_eq!(decoded.trailing, b"old");
        assert_eq!(decoded.encode(), longer);
    }

    #[test]
    fn fields_say_what_they_mean() {
        let d = Dialect::for_target(Target::Nethack343);
        let decoded = decode(&sample().encode()).expect("decodes");
        let row = decoded
            .fields
            .iter()
            .find(|f| f.name == "map row")
            .expect("a map row");
        assert_eq!(meaning(d, row).as_deref(), Some(".-"));
        let kind = decoded
            .fields
            .iter()
            .find(|f| f.name == "kind")
            .expect("kind");
        assert_eq!(meaning(d, kind).as_deref(), Some("MAZE"));
        assert_eq!(
            dialect_of(&sample().encode()).map(|d| d.target),
            Some(Target::Nethack343)
        );
    }
}

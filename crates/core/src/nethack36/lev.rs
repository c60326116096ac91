//! The 3.6 `.lev` file: a header of five version words, a record count,
//! then the records — an opcode (`i32`), and for PUSH a value type (`i8`)
//! and its value (`i64`, or an `i32` length and that many bytes). Little
//! endian, as the x86-64 build writes it.
//!
//! Reading never trusts the file: a count larger than the bytes can hold, a
//! negative length, an unknown opcode or value type or a short file are
//! errors at their byte offset, never a panic or a huge allocation.

use super::opcodes::{self, Numbering};

/// A whole `.lev` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lev {
    /// The version words (incarnation, feature set, entity count and the
    /// two structure-size words).
    pub header: [u64; 5],
    pub records: Vec<Record>,
    /// Bytes after the last record. The reference opens its output without
    /// truncating it, so a level written over a longer file of the same
    /// name (two levels of one name in a `.des`) keeps the old file's tail;
    /// the game never reads it.
    pub trailing: Vec<u8>,
}

/// One record of the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// An opcode without data (any but PUSH); the number is kept as read.
    Op(i32),
    /// PUSH and its value.
    Push(Value),
}

impl Record {
    /// The opcode's name (`PUSH` for a value).
    pub fn name(&self) -> &'static str {
        match self {
            Record::Op(op) => opcodes::name(*op).unwrap_or("?"),
            Record::Push(_) => "PUSH",
        }
    }
}

/// A PUSH's value, by its type number (`SPOVAR_*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// 0: never written by `lev_comp`, read by the game.
    Null,
    /// 1.
    Int(i64),
    /// 2: bytes, not text (MAP strings hold location codes).
    Str(Vec<u8>),
    /// 3: a variable's name, with its `$`.
    Var(Vec<u8>),
    /// 4: `x + (y << 16)`, or bit 24 and humidity flags for a random one.
    Coord(i64),
    /// 5: one byte each of x1, y1, x2, y2.
    Region(i64),
    /// 6: `((10 + lit) << 8) | location type`.
    MapChar(i64),
    /// 7: `((10 + pm) << 8) | class character`, or -1.
    Monst(i64),
    /// 8: `((10 + otyp) << 8) | class character`, or -1.
    Obj(i64),
    /// 9: a selection, in the string layout (read by the game, never
    /// written by `lev_comp`).
    Sel(Vec<u8>),
}

impl Value {
    /// The type number written before the value.
    pub fn type_number(&self) -> i8 {
        match self {
            Value::Null => 0,
            Value::Int(_) => 1,
            Value::Str(_) => 2,
            Value::Var(_) => 3,
            Value::Coord(_) => 4,
            Value::Region(_) => 5,
            Value::MapChar(_) => 6,
            Value::Monst(_) => 7,
            Value::Obj(_) => 8,
            Value::Sel(_) => 9,
        }
    }

    /// The type's short name (`int`, `str`, `var`, `coord`, …).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Int(_) => "int",
            Value::Str(_) => "str",
            Value::Var(_) => "var",
            Value::Coord(_) => "coord",
            Value::Region(_) => "region",
            Value::MapChar(_) => "mapchar",
            Value::Monst(_) => "monst",
            Value::Obj(_) => "obj",
            Value::Sel(_) => "sel",
        }
    }
}

pub use crate::nethack_common::DecodeError;

/// The header's size: five version words and the record count.
const HEAD: usize = 48;

/// A cursor over the file's bytes.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn take<const N: usize>(&mut self, what: &str) -> Result<[u8; N], DecodeError> {
        let field = self.bytes(N, what)?;
        <[u8; N]>::try_from(field).map_err(|_| self.error(format!("the file ends inside {what}")))
    }

    fn bytes(&mut self, len: usize, what: &str) -> Result<&'a [u8], DecodeError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.data.len());
        let field = end
            .and_then(|e| self.data.get(self.at..e))
            .ok_or_else(|| self.error(format!("the file ends inside {what}")))?;
        self.at += len;
        Ok(field)
    }

    fn i64(&mut self, what: &str) -> Result<i64, DecodeError> {
        self.take::<8>(what).map(i64::from_le_bytes)
    }

    fn error(&self, message: String) -> DecodeError {
        DecodeError {
            offset: self.at,
            message,
        }
    }

    fn left(&self) -> usize {
        self.data.len().saturating_sub(self.at)
    }
}

/// Reads a whole NetHack 3.6.6 file; bytes after the last record are kept
/// as [`Lev::trailing`].
pub fn decode(data: &[u8]) -> Result<Lev, DecodeError> {
    decode_with(data, Numbering::base())
}

/// Reads a whole file of a dialect that numbers its opcodes as
/// `numbering` does; the records hold canonical opcode numbers.
pub fn decode_with(data: &[u8], numbering: &Numbering) -> Result<Lev, DecodeError> {
    let mut b = Bytes { data, at: 0 };
    let mut header = [0u64; 5];
    for word in &mut header {
        *word = u64::from_le_bytes(b.take::<8>("the version header")?);
    }
    let count_at = b.at;
    let count = b.i64("the record count")?;
    // Every record is at least 4 bytes: a count the rest cannot hold is
    // refused before anything is allocated for it.
    let count = usize::try_from(count)
        .ok()
        .filter(|&n| n <= b.left() / 4)
        .ok_or_else(|| DecodeError {
            offset: count_at,
            message: format!(
                "the record count {count} does not fit the {} bytes that follow",
                b.left()
            ),
        })?;
    let mut records = Vec::with_capacity(count);
    for _ in 0..count {
        records.push(record(&mut b, numbering)?);
    }
    let trailing = b.bytes(b.left(), "the tail")?.to_vec();
    Ok(Lev {
        header,
        records,
        trailing,
    })
}

fn record(b: &mut Bytes, numbering: &Numbering) -> Result<Record, DecodeError> {
    let at = b.at;
    let op = i32::from_le_bytes(b.take::<4>("an opcode")?);
    match numbering.canonical(op) {
        Some(opcodes::PUSH) => value(b).map(Record::Push),
        Some(canonical) => Ok(Record::Op(canonical)),
        None => Err(DecodeError {
            offset: at,
            message: format!(
                "opcode {op} is not one of the {} (0..={})",
                numbering.len(),
                numbering.len().saturating_sub(1)
            ),
        }),
    }
}

fn value(b: &mut Bytes) -> Result<Value, DecodeError> {
    let type_at = b.at;
    let [kind] = b.take::<1>("a value type")?;
    let text = |b: &mut Bytes| -> Result<Vec<u8>, DecodeError> {
        let len_at = b.at;
        let len = i32::from_le_bytes(b.take::<4>("a string length")?);
        let len = usize::try_from(len).map_err(|_| DecodeError {
            offset: len_at,
            message: format!("negative string length {len}"),
        })?;
        b.bytes(len, "a string").map(<[u8]>::to_vec)
    };
    Ok(match kind {
        0 => Value::Null,
        1 => Value::Int(b.i64("an integer")?),
        2 => Value::Str(text(b)?),
        3 => Value::Var(text(b)?),
        4 => Value::Coord(b.i64("a coordinate")?),
        5 => Value::Region(b.i64("a region")?),
        6 => Value::MapChar(b.i64("a map character")?),
        7 => Value::Monst(b.i64("a monster")?),
        8 => Value::Obj(b.i64("an object")?),
        9 => Value::Sel(text(b)?),
        other => {
            return Err(DecodeError {
                offset: type_at,
                message: format!("value type {other} is not one of 0..=9"),
            })
        }
    })
}

/// Writes a file as `lev_comp` 3.6.6 lays it out.
pub fn encode(lev: &Lev) -> Vec<u8> {
    encode_with(lev, Numbering::base())
}

/// Writes a file with the opcodes numbered as a dialect numbers them.
pub fn encode_with(lev: &Lev, numbering: &Numbering) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEAD + lev.records.len() * 13);
    for word in lev.header {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&(lev.records.len() as i64).to_le_bytes());
    for r in &lev.records {
        match r {
            Record::Op(op) => out.extend_from_slice(&numbering.file(*op).to_le_bytes()),
            Record::Push(v) => {
                out.extend_from_slice(&numbering.file(opcodes::PUSH).to_le_bytes());
                out.extend_from_slice(&v.type_number().to_le_bytes());
                match v {
                    Value::Null => {}
                    Value::Int(n)
                    | Value::Coord(n)
                    | Value::Region(n)
                    | Value::MapChar(n)
                    | Value::Monst(n)
                    | Value::Obj(n) => out.extend_from_slice(&n.to_le_bytes()),
                    Value::Str(s) | Value::Var(s) | Value::Sel(s) => {
                        // Lengths come from a decoded file or the compiler,
                        // both bounded by the i32 the format allows.
                        let len = i32::try_from(s.len()).unwrap_or(i32::MAX);
                        out.extend_from_slice(&len.to_le_bytes());
                        out.extend_from_slice(s);
                    }
                }
            }
        }
    }
    out.extend_from_slice(&lev.trailing);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's worked example: `LEVEL: "tiny"` and `MESSAGE: "hi"`.
    fn tiny() -> Vec<u8> {
        let mut f = Vec::new();
        for w in [
            0x0306_0600u64,
            0x0006_0040,
            0x211c_617e,
            0x1_48c2_4958,
            0x0002_8000,
        ] {
            f.extend_from_slice(&w.to_le_bytes());
        }
        f.extend_from_slice(&4i64.to_le_bytes());
        f.extend_from_slice(&[40, 0, 0, 0, 1]);
        f.extend_from_slice(&0i64.to_le_bytes());
        f.extend_from_slice(&[59, 0, 0, 0]);
        f.extend_from_slice(&[40, 0, 0, 0, 2, 2, 0, 0, 0, b'h', b'i']);
        f.extend_from_slice(&[1, 0, 0, 0]);
        f
    }

    #[test]
    fn the_worked_example_reads_and_writes_back() {
        let bytes = tiny();
        assert_eq!(bytes.len(), 80);
        let lev = decode(&bytes).expect("decodes");
        assert_eq!(
            lev.records,
            [
                Record::Push(Value::Int(0)),
                Record::Op(opcodes::LEVEL_FLAGS),
                Record::Push(Value::Str(b"hi".to_vec())),
                Record::Op(opcodes::MESSAGE),
            ]
        );
        assert_eq!(lev.records[1].name(), "LEVEL_FLAGS");
        assert_eq!(encode(&lev), bytes);
    }

    #[test]
    fn hostile_files_are_errors_at_their_offset() {
        let good = tiny();
        let err = |bytes: &[u8]| decode(bytes).expect_err("refused");
        // A count far beyond the bytes: refused before any allocation.
        let mut huge = good.clone();
        huge[40..48].copy_from_slice(&i64::MAX.to_le_bytes());
        assert_eq!(err(&huge).offset, 40);
        let mut negative = good.clone();
        negative[40..48].copy_from_slice(&(-1i64).to_le_bytes());
        assert_eq!(err(&negative).offset, 40);
        // Cut anywhere: an error, never a panic.
        for cut in 0..good.len() {
            assert!(decode(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut bad_op = good.clone();
        bad_op[61..65].copy_from_slice(&76i32.to_le_bytes());
        assert_eq!(err(&bad_op).offset, 61);
        let mut bad_type = good.clone();
        bad_type[52] = 10;
        assert_eq!(err(&bad_type).offset, 52);
        let mut bad_len = good.clone();
        bad_len[70..74].copy_from_slice(&(-2i32).to_le_bytes());
        assert_eq!(err(&bad_len).offset, 70);
        // A tail left by a longer file is kept, and written back.
        let mut long = good;
        long.extend_from_slice(b"old");
        let lev = decode(&long).expect("decodes");
        assert_eq!(lev.trailing, b"old");
        assert_eq!(encode(&lev), long);
    }
}

//! The `.lev` encoder: every record written field by field, little endian,
//! with the x86-64 padding of the original C structures written on purpose
//! (as zeros). Offsets are given in the comments; see the spec, sections 3–7.

/// A compiled level, ready to encode.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevelFile {
    pub header: [u64; 4],
    /// 1 room level, 2 maze level.
    pub kind: i8,
    /// init_present, padding, fg, bg, smoothed, joined, lit, walled.
    pub init: [i8; 8],
    pub flags: i64,
    pub message: Vec<u8>,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Maze { filling: i8, parts: Vec<Part> },
    Rooms(RoomBody),
}

impl Default for Body {
    fn default() -> Self {
        Body::Maze {
            filling: 0,
            parts: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomBody {
    pub robjects: Vec<i8>,
    pub rmonst: Vec<i8>,
    pub rooms: Vec<RoomRec>,
    pub corridors: Vec<[i8; 6]>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Part {
    pub halign: i8,
    pub valign: i8,
    pub xsize: i8,
    pub ysize: i8,
    /// `ysize` rows of `xsize` codes.
    pub map: Vec<Vec<i8>>,
    pub lregions: Vec<LevRegionRec>,
    /// Already in file order (reverse of the source).
    pub robjects: Vec<i8>,
    pub rlocs: Vec<(i8, i8)>,
    pub rmonst: Vec<i8>,
    pub regions: Vec<[i8; 7]>,
    pub doors: Vec<[i8; 3]>,
    pub drawbridges: Vec<[i8; 4]>,
    pub walks: Vec<[i8; 3]>,
    pub digs: Vec<[i8; 4]>,
    pub passes: Vec<[i8; 4]>,
    pub ladders: Vec<[i8; 3]>,
    pub stairs: Vec<[i8; 3]>,
    pub altars: Vec<[i8; 4]>,
    pub fountains: Vec<[i8; 2]>,
    pub traps: Vec<[i8; 4]>,
    pub things: Things,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomRec {
    pub name: Vec<u8>,
    pub parent: Vec<u8>,
    /// x, y, w, h, xalign, yalign, rtype, chance, rlit, filled.
    pub fields: [i8; 10],
    pub doors: Vec<[i8; 4]>,
    pub stairs: Vec<[i8; 3]>,
    pub altars: Vec<[i8; 4]>,
    pub fountains: Vec<[i8; 2]>,
    pub sinks: Vec<[i8; 2]>,
    pub pools: Vec<[i8; 2]>,
    pub traps: Vec<[i8; 4]>,
    pub things: Things,
}

/// The four lists that end every map part and room record, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Things {
    pub monsters: Vec<MonsterRec>,
    pub objects: Vec<ObjectRec>,
    pub golds: Vec<GoldRec>,
    pub engravings: Vec<EngravingRec>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevRegionRec {
    pub inarea: [i8; 4],
    pub delarea: [i8; 4],
    pub in_islev: i8,
    pub del_islev: i8,
    pub rtype: i8,
    pub name: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MonsterRec {
    pub name: Vec<u8>,
    pub appear_as: Vec<u8>,
    pub id: i16,
    pub align: i8,
    pub x: i8,
    pub y: i8,
    pub chance: i8,
    pub class: i8,
    pub appear: i8,
    pub peaceful: i8,
    pub asleep: i8,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObjectRec {
    pub name: Vec<u8>,
    pub corpsenm: i32,
    pub id: i16,
    pub spe: i16,
    pub x: i8,
    pub y: i8,
    pub chance: i8,
    pub class: i8,
    pub containment: i8,
    pub curse_state: i8,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoldRec {
    pub x: i8,
    pub y: i8,
    pub amount: i32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngravingRec {
    pub x: i8,
    pub y: i8,
    pub text: Vec<u8>,
    pub etype: i8,
}

struct W(Vec<u8>);

impl W {
    fn i8(&mut self, v: i8) {
        self.0.push(v as u8);
    }
    fn bytes(&mut self, b: &[i8]) {
        self.0.extend(b.iter().map(|&v| v as u8));
    }
    fn raw(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    fn i16(&mut self, v: i16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i64(&mut self, v: i64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn zeros(&mut self, n: usize) {
        self.0.resize(self.0.len() + n, 0);
    }
    /// A count byte then the records.
    fn list<T: AsRef<[i8]>>(&mut self, items: &[T]) {
        self.i8(items.len() as i8);
        for it in items {
            self.bytes(it.as_ref());
        }
    }
    /// The 8-byte `union { char *str; int len; }` slot: pointer cleared,
    /// length in the low 4 bytes.
    fn len_slot(&mut self, len: usize) {
        self.i32(len as i32);
        self.zeros(4);
    }
}

impl LevelFile {
    pub fn encode(&self) -> Vec<u8> {
        let mut w = W(Vec::with_capacity(1024));
        // 0: version header, four unsigned longs.
        for v in self.header {
            w.u64(v);
        }
        // 32: kind; 33: lev_init; 41: flags (i64); 49: message length + text.
        w.i8(self.kind);
        w.bytes(&self.init);
        w.i64(self.flags);
        w.i8(self.message.len() as u8 as i8);
        w.raw(&self.message);
        match &self.body {
            Body::Maze { filling, parts } => {
                w.i8(*filling);
                w.i8(parts.len() as i8);
                for part in parts {
                    encode_part(&mut w, part, self.init[0] != 0);
                }
            }
            Body::Rooms(body) => {
                w.list(&body.robjects.iter().map(|&c| [c]).collect::<Vec<_>>());
                w.list(&body.rmonst.iter().map(|&c| [c]).collect::<Vec<_>>());
                w.i8(body.rooms.len() as i8);
                for room in &body.rooms {
                    encode_room(&mut w, room);
                }
                w.list(&body.corridors);
            }
        }
        w.0
    }
}

fn encode_part(w: &mut W, p: &Part, init_present: bool) {
    w.bytes(&[p.halign, p.valign, p.xsize, p.ysize]);
    if !init_present || p.xsize > 1 || p.ysize > 1 {
        for row in p.map.iter().take(p.ysize.max(0) as usize) {
            w.bytes(&row[..(p.xsize.max(0) as usize).min(row.len())]);
        }
    }
    w.i8(p.lregions.len() as i8);
    for r in &p.lregions {
        // 0: inarea, 4: delarea, 8: in_islev, 9: del_islev, 10: rtype,
        // 11: pad, 12: pad to the 8-byte union, 16: name length slot.
        w.bytes(&r.inarea);
        w.bytes(&r.delarea);
        w.bytes(&[r.in_islev, r.del_islev, r.rtype]);
        w.zeros(1 + 4);
        w.len_slot(r.name.len());
        w.raw(&r.name);
    }
    w.list(&p.robjects.iter().map(|&c| [c]).collect::<Vec<_>>());
    w.i8(p.rlocs.len() as i8);
    for &(x, _) in &p.rlocs {
        w.i8(x);
    }
    for &(_, y) in &p.rlocs {
        w.i8(y);
    }
    w.list(&p.rmonst.iter().map(|&c| [c]).collect::<Vec<_>>());
    w.list(&p.regions);
    w.list(&p.doors);
    w.list(&p.drawbridges);
    w.list(&p.walks);
    w.list(&p.digs);
    w.list(&p.passes);
    w.list(&p.ladders);
    w.list(&p.stairs);
    w.list(&p.altars);
    w.list(&p.fountains);
    w.list(&p.traps);
    encode_things(w, &p.things);
}

fn encode_room(w: &mut W, r: &RoomRec) {
    w.i16(r.name.len() as i16);
    w.raw(&r.name);
    w.i16(r.parent.len() as i16);
    w.raw(&r.parent);
    w.bytes(&r.fields);
    w.list(&r.doors);
    w.list(&r.stairs);
    w.list(&r.altars);
    w.list(&r.fountains);
    w.list(&r.sinks);
    w.list(&r.pools);
    w.list(&r.traps);
    encode_things(w, &r.things);
}

fn encode_things(w: &mut W, t: &Things) {
    encode_monsters(w, &t.monsters);
    encode_objects(w, &t.objects);
    encode_golds(w, &t.golds);
    encode_engravings(w, &t.engravings);
}

fn encode_monsters(w: &mut W, list: &[MonsterRec]) {
    w.i8(list.len() as i8);
    for m in list {
        // 0: name slot, 8: appearance slot, 16: id, 18: align, 19: x,
        // 20: y, 21: chance, 22: class, 23: appear, 24: peaceful,
        // 25: asleep, 26: 6 bytes of padding (struct size 32).
        w.len_slot(m.name.len());
        w.len_slot(m.appear_as.len());
        w.i16(m.id);
        w.bytes(&[
            m.align, m.x, m.y, m.chance, m.class, m.appear, m.peaceful, m.asleep,
        ]);
        w.zeros(6);
        w.raw(&m.name);
        w.raw(&m.appear_as);
    }
}

fn encode_objects(w: &mut W, list: &[ObjectRec]) {
    w.i8(list.len() as i8);
    for o in list {
        // 0: name slot, 8: corpsenm, 12: id, 14: spe, 16: x, 17: y,
        // 18: chance, 19: class, 20: containment, 21: curse_state,
        // 22: 2 bytes of padding (struct size 24).
        w.len_slot(o.name.len());
        w.i32(o.corpsenm);
        w.i16(o.id);
        w.i16(o.spe);
        w.bytes(&[o.x, o.y, o.chance, o.class, o.containment, o.curse_state]);
        w.zeros(2);
        w.raw(&o.name);
    }
}

fn encode_golds(w: &mut W, list: &[GoldRec]) {
    w.i8(list.len() as i8);
    for g in list {
        // 0: x, 1: y, 2: padding, 4: amount (struct size 8).
        w.bytes(&[g.x, g.y]);
        w.zeros(2);
        w.i32(g.amount);
    }
}

fn encode_engravings(w: &mut W, list: &[EngravingRec]) {
    w.i8(list.len() as i8);
    for e in list {
        // 0: x, 1: y, 2: padding, 8: text length slot, 16: etype,
        // 17: padding (struct size 24).
        w.bytes(&[e.x, e.y]);
        w.zeros(6);
        w.len_slot(e.text.len());
        w.i8(e.etype);
        w.zeros(7);
        w.raw(&e.text);
    }
}

/// The record and field at a byte offset of an encoded level, for test
/// failure messages ("part 0, monster 3: x").
pub fn describe_offset_in(bytes: &[u8], offset: usize) -> String {
    if offset < 32 {
        return format!("version header word {}", offset / 8);
    }
    match offset {
        32 => return "level kind".into(),
        33..=40 => return format!("lev_init byte {}", offset - 33),
        41..=48 => return "level flags".into(),
        49 => return "message length".into(),
        _ => {}
    }
    let msg_len = bytes.get(49).copied().unwrap_or(0) as usize;
    if offset < 50 + msg_len {
        return format!("message byte {}", offset - 50);
    }
    format!(
        "level body, byte {} after the message (kind {})",
        offset - 50 - msg_len,
        bytes.get(32).copied().unwrap_or(0)
    )
}

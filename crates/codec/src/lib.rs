//! Pure helpers, testable anywhere: permalink encoding (versioned,
//! compressed, with a decompression limit), UTF-8 ↔ UTF-16 offsets for the
//! editor, and a minimal ZIP writer for "download all".
//!
//! Its own crate, depending on the model alone, so that the fuzzer and
//! native tests reach it without the studio's web dependencies. A
//! permalink carries the seed grid's mode along with the document; the
//! permalink kept inside an exported picture is `picture`'s.

pub mod picture;

use base64::Engine;
use serde::{Deserialize, Serialize};
use vaultwright_model::view::ViewKind;
use vaultwright_model::{Language, Target};

/// What a permalink holds (version 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkState {
    pub language: Language,
    pub target: Target,
    /// The sender chose `target`; otherwise a NetHack level's language is
    /// picked from its text (links made before the choice existed are
    /// read that way: their target is the fallback, as it was the default).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explicit_target: bool,
    pub name: String,
    pub source: String,
    /// What the sender's studio showed of the document.
    #[serde(flatten)]
    pub shown: ViewSettings,
    /// DCSS names files the sender chose to share with the document (links
    /// without them stay as short as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<NamesText>,
    /// A link to one vault or level cut from a larger file: where it came
    /// from (whole-file links have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<LinkOrigin>,
    /// The link opens in the reviewer's view: the map first, the source
    /// aside and read-only until the reader chooses to edit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub review: bool,
    /// The view's zoom in percent of its natural size (none: fitted to
    /// the pane).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<u32>,
    /// The editor's cursor, a byte offset in `source` (whole-document
    /// links: the reader lands where the author was).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<u32>,
}

/// What a document shows: stored with it, carried by its links (flat in
/// both, as the fields were before this struct held them), compared as
/// one when the view decides whether to draw again. A setting added here
/// travels everywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewSettings {
    /// Index of the outline entry shown.
    pub symbol: usize,
    pub seed: u64,
    pub view: ViewKind,
    /// Several seeds at once (links without them stay as they were).
    #[serde(default, skip_serializing_if = "FacesState::is_one")]
    pub faces: FacesState,
}

impl ViewSettings {
    /// Outline entry `symbol` for `seed`, in the map, one face: what a
    /// document opens with, the rest left as it comes.
    pub fn at(symbol: usize, seed: u64) -> ViewSettings {
        ViewSettings {
            symbol,
            seed,
            ..ViewSettings::default()
        }
    }
}

/// The file a vault or level link was cut from, and the line the entry
/// starts on there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkOrigin {
    pub file: String,
    pub line: u32,
}

/// Zooms (percent) a link may carry.
pub const LINK_ZOOM: std::ops::RangeInclusive<u32> = 5..=3200;

/// How many realisations of a random level the map view shows at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FacesMode {
    /// The one realisation of the main seed.
    #[default]
    One,
    /// A grid of `count` seeds from the main one.
    Grid,
    /// The main seed beside `other`.
    Diff,
}

/// The seed grid's and the seed diff's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FacesState {
    pub mode: FacesMode,
    /// Faces in a grid: 4, 9 or 16.
    #[serde(default = "FacesState::default_count")]
    pub count: u8,
    /// A grid's seeds are scattered rather than consecutive.
    #[serde(default)]
    pub scattered: bool,
    /// The seed the diff compares the main one with.
    #[serde(default)]
    pub other: u64,
}

impl Default for FacesState {
    fn default() -> Self {
        FacesState {
            mode: FacesMode::One,
            count: FacesState::default_count(),
            scattered: false,
            other: 1,
        }
    }
}

impl FacesState {
    pub const COUNTS: [u8; 3] = [4, 9, 16];

    fn default_count() -> u8 {
        9
    }

    pub fn is_one(&self) -> bool {
        self.mode == FacesMode::One
    }

    /// A count a grid can have (the nearest allowed one above, at most 16).
    pub fn valid(self) -> FacesState {
        let count = FacesState::COUNTS
            .into_iter()
            .find(|&c| self.count <= c)
            .unwrap_or(16);
        FacesState { count, ..self }
    }
}

/// A names file carried in a link: its name and text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamesText {
    pub name: String,
    pub text: String,
}

/// At most this many names files travel in one link.
pub const MAX_LINK_NAMES_FILES: usize = 16;

/// Links are written in version 2: the JSON compressed as raw DEFLATE
/// against a preset dictionary of the formats' vocabulary, so that a short
/// text (one vault) gives a short link. Version 1 (zlib, no dictionary) is
/// still read.
pub const LINK_PREFIX: &str = "#v2.";
/// The preset dictionary of version 2: our own list of the words, keywords
/// and link keys the formats and links use most (NetHack `.des` statements,
/// DCSS directives, tags and Lua calls), the most frequent last, where
/// DEFLATE reaches them cheapest. Never edit it: every v2 link is read with
/// exactly these bytes; another dictionary is another version.
const LINK_DICTIONARY: &[u8] = include_bytes!("link_dictionary.txt");
/// Largest decompressed permalink accepted.
pub const MAX_LINK_BYTES: usize = 2 * 1024 * 1024;
/// Largest hash accepted before decoding.
pub const MAX_HASH_CHARS: usize = 1024 * 1024;
pub const MAX_NAME_CHARS: usize = 80;

/// A link's JSON: the state and the format's version, in this order (the
/// order of the keys links have always had).
#[derive(Serialize)]
struct Envelope<'a> {
    state: &'a LinkState,
    v: u32,
}

pub fn encode_link(state: &LinkState) -> String {
    // A struct, not a `serde_json::Value`: the studio then has no writer
    // of `Value`s (nor, with the reading below, any reader of them).
    let json = serde_json::to_vec(&Envelope { state, v: 2 }).unwrap_or_default();
    format!(
        "{LINK_PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflate_with_dictionary(&json))
    )
}

/// Raw DEFLATE of `data` with [`LINK_DICTIONARY`] as its preset window:
/// the dictionary is compressed first and flushed to a byte boundary, and
/// only what follows is kept (its matches may reach back into the
/// dictionary, which the reader puts in front of its output).
fn deflate_with_dictionary(data: &[u8]) -> Vec<u8> {
    use miniz_oxide::deflate::core::{
        compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush,
    };
    let mut c = CompressorOxide::new(create_comp_flags_from_zip_params(9, -15, 0));
    let mut discard = vec![0; LINK_DICTIONARY.len() * 2 + 1024];
    let _ = compress(&mut c, LINK_DICTIONARY, &mut discard, TDEFLFlush::Sync);
    // DEFLATE never grows data by more than 5 bytes per 16 KiB block.
    let mut out = vec![0; data.len() + data.len() / 8 + 1024];
    let (_, _, written) = compress(&mut c, data, &mut out, TDEFLFlush::Finish);
    out.truncate(written);
    out
}

/// The inverse of [`deflate_with_dictionary`], refusing output beyond
/// `limit` bytes.
fn inflate_with_dictionary(packed: &[u8], limit: usize) -> Result<Vec<u8>, String> {
    use miniz_oxide::inflate::core::inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    use miniz_oxide::inflate::core::{decompress, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;
    let start = LINK_DICTIONARY.len();
    // DEFLATE expands at most about 1032 to 1.
    let room = limit.min(packed.len().saturating_mul(1032).saturating_add(1024));
    let mut out = Vec::with_capacity(start + room + 1);
    out.extend_from_slice(LINK_DICTIONARY);
    out.resize(start + room + 1, 0);
    let mut d = DecompressorOxide::new();
    let (status, _, written) = decompress(
        &mut d,
        packed,
        &mut out,
        start,
        TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    );
    match status {
        TINFLStatus::Done if written <= limit => {
            out.truncate(start + written);
            Ok(out.split_off(start))
        }
        TINFLStatus::Done | TINFLStatus::HasMoreOutput => Err(format!(
            "this link expands to more than {} MB; refusing to open it",
            MAX_LINK_BYTES / (1024 * 1024)
        )),
        _ => Err("this link is damaged (it does not decompress); was it cut off?".to_string()),
    }
}

/// Decodes a location hash. `Ok(None)` when the hash is not a permalink at
/// all (empty or unrelated), `Err` with a message for a broken one.
pub fn decode_link(hash: &str) -> Result<Option<LinkState>, String> {
    let Some(rest) = hash.strip_prefix("#v") else {
        return Ok(None);
    };
    let Some((version, payload)) = rest.split_once('.') else {
        return Err("this link is malformed (no version separator)".into());
    };
    let version: u32 = version
        .parse()
        .map_err(|_| "this link is malformed (bad version)".to_string())?;
    if !(1..=2).contains(&version) {
        return Err(format!(
            "this link was made by a newer Vaultwright (format v{version}); this version reads v1 and v2"
        ));
    }
    if hash.len() > MAX_HASH_CHARS {
        return Err("this link is too long to open".into());
    }
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| "this link is damaged (not base64url); was it cut off?".to_string())?;
    let json = if version == 1 {
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_LINK_BYTES).map_err(
            |e| match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => format!(
                    "this link expands to more than {} MB; refusing to open it",
                    MAX_LINK_BYTES / (1024 * 1024)
                ),
                _ => "this link is damaged (it does not decompress); was it cut off?".to_string(),
            },
        )?
    } else {
        inflate_with_dictionary(&packed, MAX_LINK_BYTES)?
    };
    // Read as text, as the studio reads its stored documents: one JSON
    // reader in the wasm instead of one for bytes and one for text.
    let envelope: EnvelopeIn = std::str::from_utf8(&json)
        .ok()
        .and_then(|text| serde_json::from_str(text).ok())
        .ok_or("this link is damaged (its content is not valid)")?;
    migrate(version, envelope).map(Some)
}

/// A link's JSON as read: the version, and the state left as text until
/// the version says how to read it. (Typed all the way: a
/// `serde_json::Value` would bring a second copy of every reader.)
#[derive(Deserialize)]
struct EnvelopeIn<'a> {
    #[serde(default)]
    v: Option<u64>,
    #[serde(borrow, default)]
    state: Option<&'a serde_json::value::RawValue>,
}

/// Brings any known version to the current `LinkState`.
fn migrate(version: u32, envelope: EnvelopeIn) -> Result<LinkState, String> {
    match version {
        // Version 2 changed the compression only: the state reads the same.
        1 | 2 => {
            if envelope.v != Some(u64::from(version)) {
                return Err("this link is damaged (version mismatch)".into());
            }
            let state = envelope.state.map_or("null", |s| s.get());
            let mut state: LinkState =
                serde_json::from_str(state).map_err(|e| format!("this link is damaged ({e})"))?;
            state.name = sanitize_name(&state.name);
            if state.names.len() > MAX_LINK_NAMES_FILES {
                return Err(format!(
                    "this link carries {} names files; at most {MAX_LINK_NAMES_FILES} are read",
                    state.names.len()
                ));
            }
            for n in &mut state.names {
                n.name = sanitize_name(&n.name);
            }
            state.shown.faces = state.shown.faces.valid();
            if let Some(from) = &mut state.from {
                from.file = sanitize_name(&from.file);
            }
            state.zoom = state.zoom.filter(|z| LINK_ZOOM.contains(z));
            Ok(state)
        }
        v => Err(format!("links of format v{v} cannot be read")),
    }
}

/// A document name: printable, short, never empty; without control and
/// bidirectional characters (an override would make it read otherwise
/// than it is).
pub fn sanitize_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|&c| !c.is_control() && !vaultwright_model::visible::is_hidden_control(c))
        .take(MAX_NAME_CHARS)
        .collect();
    let clean = clean.trim().to_string();
    if clean.is_empty() {
        "untitled".into()
    } else {
        clean
    }
}

/// Byte offset ↔ UTF-16 offset for one text.
pub struct Utf16Map {
    /// UTF-16 offset of every byte offset (continuation bytes repeat).
    to16: Vec<u32>,
    ascii: bool,
}

impl Utf16Map {
    pub fn new(text: &str) -> Utf16Map {
        if text.is_ascii() {
            return Utf16Map {
                to16: Vec::new(),
                ascii: true,
            };
        }
        let mut to16 = Vec::with_capacity(text.len() + 1);
        let mut u = 0u32;
        for c in text.chars() {
            for _ in 0..c.len_utf8() {
                to16.push(u);
            }
            u += c.len_utf16() as u32;
        }
        to16.push(u);
        Utf16Map { to16, ascii: false }
    }

    pub fn to_utf16(&self, byte: usize) -> u32 {
        if self.ascii {
            return byte as u32;
        }
        self.to16
            .get(byte)
            .copied()
            .unwrap_or_else(|| self.to16.last().copied().unwrap_or(0))
    }

    pub fn to_byte(&self, utf16: u32) -> usize {
        if self.ascii {
            return utf16 as usize;
        }
        self.to16.partition_point(|&u| u < utf16)
    }
}

/// CRC-32 (IEEE), for ZIP entries.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A ZIP archive of stored (uncompressed) files, or why one cannot be
/// made: every entry must be a file of the archive's own folder (an
/// absolute name or one with `..` would be unpacked elsewhere), with a
/// name of at most 65,535 bytes.
pub fn zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    checked_zip(files, |name| vec![name])
}

/// A ZIP archive whose entries may sit in folders (`a/b.lua`): every part
/// of a path must be a plain file name, as [`zip`] asks of a whole name.
pub fn zip_in_folders(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    checked_zip(files, |path| path.split('/').collect())
}

/// The archive, once every part `parts` cuts a name into is a plain file
/// name and every name fits a ZIP header.
fn checked_zip(
    files: &[(String, Vec<u8>)],
    parts: impl Fn(&str) -> Vec<&str>,
) -> Result<Vec<u8>, String> {
    for (name, _) in files {
        for part in parts(name) {
            if let Some(why) = vaultwright_model::file_name::problem(part) {
                return Err(format!(
                    "`{}` cannot be a file in the archive: {why}",
                    vaultwright_model::file_name::shown(name)
                ));
            }
        }
        if name.len() > usize::from(u16::MAX) {
            return Err("a file name is too long for a ZIP archive".into());
        }
    }
    Ok(stored_zip(files))
}

/// `name` made a plain file name for any system: path separators,
/// characters Windows refuses and control characters become `_`; never
/// empty, `.` or `..`.
pub fn file_part(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let clean = clean.trim_matches(|c: char| c == ' ' || c == '.');
    if clean.is_empty() {
        "untitled".into()
    } else {
        clean.to_string()
    }
}

fn stored_zip(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in files {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let n = name.as_bytes();
        let header = |sig: u32, central: bool| {
            let mut h = Vec::new();
            h.extend_from_slice(&sig.to_le_bytes());
            if central {
                h.extend_from_slice(&20u16.to_le_bytes()); // made by
            }
            h.extend_from_slice(&20u16.to_le_bytes()); // needed
            h.extend_from_slice(&0u16.to_le_bytes()); // flags
            h.extend_from_slice(&0u16.to_le_bytes()); // stored
            h.extend_from_slice(&0u16.to_le_bytes()); // time
            h.extend_from_slice(&0x21u16.to_le_bytes()); // date 1980-01-01
            h.extend_from_slice(&crc.to_le_bytes());
            h.extend_from_slice(&(data.len() as u32).to_le_bytes());
            h.extend_from_slice(&(data.len() as u32).to_le_bytes());
            h.extend_from_slice(&(n.len() as u16).to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes()); // extra
            if central {
                h.extend_from_slice(&0u16.to_le_bytes()); // comment
                h.extend_from_slice(&0u16.to_le_bytes()); // disk
                h.extend_from_slice(&0u16.to_le_bytes()); // internal attrs
                h.extend_from_slice(&0u32.to_le_bytes()); // external attrs
                h.extend_from_slice(&offset.to_le_bytes());
            }
            h.extend_from_slice(n);
            h
        };
        out.extend(header(0x0403_4b50, false));
        out.extend_from_slice(data);
        central.extend(header(0x0201_4b50, true));
    }
    let cd_offset = out.len() as u32;
    let cd_len = central.len() as u32;
    out.extend(central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(&(files.len() as u16).to_le_bytes());
    out.extend_from_slice(&(files.len() as u16).to_le_bytes());
    out.extend_from_slice(&cd_len.to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LinkState {
        LinkState {
            language: Language::NethackDes,
            target: Target::Nethack323,
            explicit_target: true,
            name: "castle.des".into(),
            source: "MAZE:\"x\",' '\nNOMAP\n# héllo ✓\n".into(),
            shown: ViewSettings::at(2, 99),
            names: Vec::new(),
            from: None,
            review: false,
            zoom: None,
            cursor: None,
        }
    }

    /// A vault link says where it was cut from, may open in the
    /// reviewer's view at a zoom; a zoom no view has is dropped, and a link
    /// made before these existed reads as a whole-file link.
    #[test]
    fn origin_review_and_zoom_travel_in_a_link() {
        let plain = encode_link(&sample());
        let mut vault = sample();
        vault.from = Some(LinkOrigin {
            file: "big\u{202e}.des".into(),
            line: 120,
        });
        vault.review = true;
        vault.zoom = Some(250);
        let read = decode_link(&encode_link(&vault)).unwrap().unwrap();
        assert_eq!(
            read.from,
            Some(LinkOrigin {
                file: "big.des".into(),
                line: 120
            })
        );
        assert!(read.review);
        assert_eq!(read.zoom, Some(250));
        vault.zoom = Some(1_000_000);
        assert_eq!(
            decode_link(&encode_link(&vault)).unwrap().unwrap().zoom,
            None
        );
        let old = decode_link(&plain).unwrap().unwrap();
        assert_eq!(
            (old.from.clone(), old.review, old.zoom),
            (None, false, None)
        );
        assert_eq!(old, sample());
    }

    /// The seed grid travels in a link; a link without it (every link made
    /// before it) shows one face, and a count no grid has is brought to
    /// one it has.
    #[test]
    fn the_seed_grid_travels_in_a_link() {
        let plain = encode_link(&sample());
        let mut grid = sample();
        grid.shown.faces = FacesState {
            mode: FacesMode::Grid,
            count: 16,
            scattered: true,
            other: 5,
        };
        let link = encode_link(&grid);
        assert!(link.len() > plain.len());
        assert_eq!(decode_link(&link).unwrap().unwrap(), grid);
        assert!(decode_link(&plain).unwrap().unwrap().shown.faces.is_one());
        grid.shown.faces.count = 7;
        assert_eq!(
            decode_link(&encode_link(&grid))
                .unwrap()
                .unwrap()
                .shown
                .faces
                .count,
            9
        );
        grid.shown.faces.count = 200;
        assert_eq!(
            decode_link(&encode_link(&grid))
                .unwrap()
                .unwrap()
                .shown
                .faces
                .count,
            16
        );
        let mut state = serde_json::to_value(sample()).unwrap();
        state["faces"] = serde_json::json!({ "mode": "sideways" });
        let json = serde_json::to_vec(&serde_json::json!({ "v": 1, "state": state })).unwrap();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&json, 9);
        let hash = format!(
            "#v1.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
        );
        assert!(decode_link(&hash).unwrap_err().contains("damaged"));
    }

    /// What a link shows travels flat, as before `ViewSettings` held it;
    /// a view this version does not know opens the map.
    #[test]
    fn a_link_shows_its_view_and_an_unknown_one_as_the_map() {
        let mut rooms = sample();
        rooms.shown.view = ViewKind::Rooms;
        let back = decode_link(&encode_link(&rooms)).unwrap().unwrap();
        assert_eq!(back.shown, rooms.shown);
        let mut state = serde_json::to_value(sample()).unwrap();
        assert_eq!(state["seed"], 99);
        state["view"] = serde_json::json!("hologram");
        let json = serde_json::to_vec(&serde_json::json!({ "v": 1, "state": state })).unwrap();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&json, 9);
        let hash = format!(
            "#v1.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
        );
        let opened = decode_link(&hash).unwrap().unwrap();
        assert_eq!(opened.shown.view, ViewKind::Map);
        assert_eq!(opened.shown.seed, 99);
    }

    #[test]
    fn names_files_travel_only_when_given() {
        let plain = encode_link(&sample());
        assert!(!String::from_utf8_lossy(
            &inflate_with_dictionary(
                &base64::engine::general_purpose::URL_SAFE_NO_PAD
                    .decode(&plain[4..])
                    .unwrap(),
                MAX_LINK_BYTES
            )
            .unwrap()
        )
        .contains("names"));
        let mut with = sample();
        with.names = vec![NamesText {
            name: "fork\n.names".into(),
            text: "monster: deep elf mage\n".into(),
        }];
        let back = decode_link(&encode_link(&with)).unwrap().unwrap();
        assert_eq!(back.names[0].name, "fork.names", "names are cleaned");
        assert_eq!(back.names[0].text, "monster: deep elf mage\n");
        with.names = vec![with.names[0].clone(); MAX_LINK_NAMES_FILES + 1];
        assert!(decode_link(&encode_link(&with))
            .unwrap_err()
            .contains("names files"));
    }

    /// Links made before the target could be left to the file carry no
    /// `explicit_target`: their target becomes the fallback of the pick.
    #[test]
    fn a_target_without_the_choice_flag_is_a_fallback() {
        let mut old = sample();
        old.explicit_target = false;
        let link = encode_link(&old);
        let back = decode_link(&link).unwrap().unwrap();
        assert!(!back.explicit_target);
        assert_eq!(back.target, Target::Nethack323);
        assert_eq!(
            decode_link(&encode_link(&sample())).unwrap().unwrap(),
            sample()
        );
    }

    /// A link as version 1 wrote it: zlib, no dictionary.
    fn v1_link(state: &LinkState) -> String {
        let json = serde_json::to_vec(&Envelope { state, v: 1 }).unwrap();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&json, 9);
        format!(
            "#v1.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
        )
    }

    #[test]
    fn links_round_trip() {
        let link = encode_link(&sample());
        assert!(link.starts_with("#v2."));
        assert_eq!(decode_link(&link).unwrap().unwrap(), sample());
        // Every link made before version 2 still opens.
        assert_eq!(decode_link(&v1_link(&sample())).unwrap().unwrap(), sample());
    }

    /// The dictionary is what makes a vault's link short: the same vault
    /// in version 1 takes a third more.
    #[test]
    fn the_dictionary_shortens_a_vault_link() {
        let mut vault = sample();
        vault.language = Language::DcssDes;
        vault.source = "NAME:   small_altar\nTAGS:   allow_dup transparent extra\nDEPTH:  D:2-\n\
                        KFEAT:  _ = altar_zin\nMONS:   generate_awake orc priest\nMAP\nxxxxx\nx._1x\nxx+xx\nENDMAP\n"
            .into();
        let (v2, v1) = (encode_link(&vault), v1_link(&vault));
        assert_eq!(decode_link(&v2).unwrap().unwrap(), vault);
        assert!(
            v2.len() * 4 < v1.len() * 3,
            "v2 {} v1 {}",
            v2.len(),
            v1.len()
        );
    }

    #[test]
    fn hostile_links_are_refused_with_a_message() {
        assert_eq!(decode_link("").unwrap(), None);
        assert_eq!(decode_link("#section").unwrap(), None);
        assert!(decode_link("#v1.!!!").unwrap_err().contains("base64"));
        let link = encode_link(&sample());
        assert!(decode_link(&link[..link.len() - 8]).is_err(), "truncated");
        assert!(decode_link("#v7.AAAA").unwrap_err().contains("v7"));
        let bomb = miniz_oxide::deflate::compress_to_vec_zlib(&vec![b' '; 50 << 20], 9);
        let hash = format!(
            "#v1.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bomb)
        );
        assert!(hash.len() < 200_000);
        assert!(decode_link(&hash).unwrap_err().contains("more than"));
        let bomb = deflate_with_dictionary(&vec![b' '; 50 << 20]);
        let hash = format!(
            "#v2.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bomb)
        );
        assert!(decode_link(&hash).unwrap_err().contains("more than"));
        assert!(decode_link("#v2.AAAA").unwrap_err().contains("damaged"));
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(sanitize_name("  a\u{0}b\n "), "ab");
        assert_eq!(sanitize_name("invoice\u{202e}fdp.des"), "invoicefdp.des");
        assert_eq!(sanitize_name(""), "untitled");
        assert_eq!(sanitize_name(&"x".repeat(500)).len(), MAX_NAME_CHARS);
    }

    #[test]
    fn utf16_offsets() {
        let text = "aé✓😀b";
        let m = Utf16Map::new(text);
        assert_eq!(m.to_utf16(0), 0);
        assert_eq!(m.to_utf16(1), 1);
        assert_eq!(m.to_utf16(3), 2);
        assert_eq!(m.to_utf16(6), 3);
        assert_eq!(m.to_utf16(10), 5);
        assert_eq!(m.to_byte(5), 10);
        assert_eq!(m.to_byte(3), 6);
    }

    #[test]
    fn zip_has_valid_structure() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let z = zip(&[("a.lev".into(), vec![1, 2, 3]), ("b.lev".into(), vec![])]).unwrap();
        assert_eq!(&z[..4], b"PK\x03\x04");
        assert_eq!(&z[z.len() - 22..z.len() - 18], b"PK\x05\x06");
    }

    #[test]
    fn a_zip_never_holds_a_name_that_leaves_its_folder() {
        for bad in [
            "/tmp/x.lev",
            "../x.lev",
            "a\\b.lev",
            "C:x.lev",
            "a\nb.lev",
            "",
        ] {
            let refused = zip(&[(bad.into(), vec![1])]).unwrap_err();
            assert!(refused.contains("cannot be a file"), "{bad:?}: {refused}");
        }
    }
}

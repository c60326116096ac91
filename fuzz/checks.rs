//! What each fuzz target asserts, shared by the libFuzzer targets in
//! `fuzz_targets/` and by `tests/integration/fuzz_fixtures.rs`, which replays every
//! kept finding with a plain `cargo test`.
//!
//! Options ride behind the input: the bytes after the last 0xFF byte (which
//! no UTF-8 text holds) choose the dialect, the seed, the flags and the
//! focused entry, so the seed corpus stays whole text and the fuzzer still
//! reaches every option by inserting a 0xFF.

use std::collections::BTreeMap;

use vaultwright::{
    analyze, detect_language, dropin, Analysis, Diagnostic, Language, Options, Rlg327Form,
    Rlg327Kind, Span, Target,
};

/// What a target asserts about one input (it panics when it does not hold).
pub type Check = fn(&[u8]);

/// Every target by name, in the order `cargo xtask fuzz` runs them.
pub const TARGETS: &[(&str, Check)] = &[
    ("nethack_des", nethack_des),
    ("nethack_dungeon", nethack_dungeon),
    ("dcss_des", dcss_des),
    ("powder_map", powder_map),
    ("rlg327", rlg327),
    ("detect_language", detect),
    ("diagnostics", diagnostics),
    ("permalink", permalink),
    ("nethack36_lev", nethack36_lev),
    ("nethack36_des", nethack36_des),
    ("nethack_lev", nethack_lev),
    ("nethack_lua", nethack_lua),
    ("dcss_lua", dcss_lua),
];

/// The options the fuzzer may set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Knobs {
    choice: u8,
    seed: u64,
    flags: u8,
    focus: Option<usize>,
}

impl Knobs {
    fn options(self, target: Target) -> Options {
        Options {
            target,
            seed: self.seed,
            extra_warnings: self.flags & 1 != 0,
            focus: self.focus,
            // A few seeds walk the same code as 32, many times faster.
            reachability_seeds: Some(1 + u32::from(self.choice % 4)),
            ..Options::default()
        }
    }

    fn nethack_target(self) -> Target {
        Target::ALL[usize::from(self.choice) % Target::ALL.len()]
    }
}

/// The source text and the options behind its last 0xFF byte.
pub fn split(data: &[u8]) -> (String, Knobs) {
    let Some(at) = data.iter().rposition(|&b| b == 0xFF) else {
        return (String::from_utf8_lossy(data).into_owned(), Knobs::default());
    };
    let (text, tail) = (&data[..at], &data[at + 1..]);
    let byte = |i: usize| tail.get(i).copied().unwrap_or(0);
    let mut seed = [0u8; 8];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = byte(2 + i);
    }
    let knobs = Knobs {
        choice: byte(0),
        flags: byte(1),
        seed: u64::from_le_bytes(seed),
        focus: (byte(1) & 2 != 0).then(|| usize::from(byte(10))),
    };
    (String::from_utf8_lossy(text).into_owned(), knobs)
}

/// Spans inside the text and on character boundaries; tokens likewise.
fn spans_are_sound(src: &str, a: &Analysis) {
    let sound = |s: Span| {
        s.start <= s.end
            && (s.end as usize) <= src.len()
            && src.is_char_boundary(s.start as usize)
            && src.is_char_boundary(s.end as usize)
    };
    for d in &a.diagnostics {
        assert!(
            sound(d.span),
            "diagnostic span {:?} in {} bytes",
            d,
            src.len()
        );
    }
    for t in &a.tokens {
        assert!(sound(t.span), "token span {t:?} in {} bytes", src.len());
    }
    for s in &a.outline {
        assert!(sound(s.span), "outline span {s:?} in {} bytes", src.len());
    }
}

/// The last bytes written under each name (a name written twice keeps the
/// second, as a file does).
fn by_name<'a>(files: impl Iterator<Item = (&'a str, &'a [u8])>) -> BTreeMap<&'a str, &'a [u8]> {
    files.collect()
}

/// Analysis and the drop-in take different roads through the compiler (the
/// drop-in compiles a level at a time); on a file without errors every file
/// the drop-in writes is one the analysis made, byte for byte. With `exact`
/// the analysis makes no others (a dungeon's analysis also shows the
/// preprocessed `.pdf`, which `dgn_comp` does not write).
fn same_files(a: &Analysis, run: &dropin::Run, exact: bool) {
    if a.has_errors() {
        return;
    }
    let analysed = by_name(a.artifacts.iter().map(|x| (x.name.as_str(), &x.bytes[..])));
    let written = by_name(run.files.iter().map(|f| (f.name.as_str(), &f.bytes[..])));
    for (name, bytes) in &written {
        let made = analysed.get(name);
        assert!(
            made == Some(bytes),
            "the drop-in wrote {name} ({} bytes); the analysis made {:?} bytes",
            bytes.len(),
            made.map(|b| b.len())
        );
    }
    if exact {
        let extra: Vec<_> = analysed
            .keys()
            .filter(|n| !written.contains_key(*n))
            .collect();
        assert!(extra.is_empty(), "only the analysis made {extra:?}");
    }
}

pub fn nethack_des(data: &[u8]) {
    let (src, knobs) = split(data);
    let options = knobs.options(knobs.nethack_target());
    let a = analyze(&src, Language::NethackDes, &options);
    spans_are_sound(&src, &a);
    paint_anywhere(&src, Language::NethackDes, &a, knobs.seed as u32);
    // A text the analysis reads as 3.6 (a `$` variable, say) is compiled
    // by the 3.6 compiler, which `nethack36_des` compares; this drop-in
    // is 3.4.3's and 3.2's.
    let (target, _) = vaultwright::pick_nethack_target(&src, &options);
    if target.is_36() {
        return;
    }
    let run = dropin::lev_comp("fuzz.des", &src, target, options.extra_warnings);
    if options.focus.is_none() {
        same_files(&a, &run, true);
    }
}

pub fn nethack_dungeon(data: &[u8]) {
    let (src, knobs) = split(data);
    let name = if knobs.flags & 4 != 0 {
        "dungeon.pdf"
    } else {
        "dungeon.def"
    };
    let options = Options {
        file_name: name.into(),
        ..knobs.options(knobs.nethack_target())
    };
    let a = analyze(&src, Language::NethackDungeon, &options);
    spans_are_sound(&src, &a);
    let run = dropin::dgn_comp(name, name, &src, options.target);
    if options.focus.is_none() {
        same_files(&a, &run, false);
    }
}

/// Any bytes: a clean error, or records that write back to the very same
/// bytes and that the preview runs without a panic or a hang.
pub fn nethack36_lev(data: &[u8]) {
    if let Ok(lev) = vaultwright::lev::v36::decode(data) {
        assert_eq!(vaultwright::lev::v36::encode(&lev), data);
        // The preview runs any opcode stream to its end or the game's
        // step limit, the same way for the same seed.
        use vaultwright::lev::v36::preview;
        let seed = data.len() as u64;
        let a = preview::realise(&lev, seed);
        let b = preview::realise(&lev, seed);
        assert!(a.steps <= preview::STEP_LIMIT);
        assert_eq!(a.typ, b.typ);
        assert_eq!(a.things, b.things);
    }
}

/// Any bytes as a 3.4.3/3.2 `.lev`: a clean error at an offset inside the
/// file, or a level whose fields tile the file, that writes back to the
/// very same bytes when its padding is zeros (as the original writes it;
/// the encoder writes zeros, the decoder reports other bytes there), and
/// that decompiles to source the compiler reads. A variant's numbering
/// reads any bytes cleanly too.
pub fn nethack_lev(data: &[u8]) {
    match vaultwright::lev::decode(data) {
        Ok(decoded) => {
            let zero_padding = decoded
                .fields
                .iter()
                .all(|f| f.name != "padding" || f.value == 0);
            if zero_padding {
                assert_eq!(decoded.encode(), data);
            }
            let covered: usize = decoded.fields.iter().map(|f| f.len).sum();
            assert_eq!(covered, data.len());
            let d = vaultwright::lev::Dialect::for_target(vaultwright::Target::Nethack343);
            for f in &decoded.fields {
                let _ = vaultwright::lev::meaning(d, f);
            }
            // Any level can be written as source (what has no source form
            // is a note), and that source compiles without a panic.
            let out = vaultwright::lev::decompile(&decoded.file, "fuzz", d);
            let _ = vaultwright::dropin::lev_comp("fuzz.des", &out.source, d.target, false);
        }
        Err(e) => assert!(e.offset <= data.len()),
    }
    let evilhack = vaultwright::lev::LevTarget::EvilHack093;
    if let Ok(lev) = evilhack.decode36(data) {
        assert_eq!(evilhack.encode36(&lev).as_deref(), Some(data));
    }
}

/// Any bytes through the 3.6.6 compiler, both builds: no panic, the same
/// result twice, every level written decodes and writes back to itself,
/// and a file is only failed with a message saying why.
pub fn nethack36_des(data: &[u8]) {
    use vaultwright::lev::LevTarget;
    for target in [LevTarget::Nethack366, LevTarget::Nle09] {
        let compiler = || dropin::LevComp36::for_target(target).expect("a 3.6 target");
        let (run, fatal) = compiler().compile("fuzz.des", data);
        let (again, _) = compiler().compile("fuzz.des", data);
        assert_eq!(run, again, "the compiler is deterministic");
        assert!(
            run.exit == 0 || !run.stderr.is_empty(),
            "a failure says why"
        );
        assert!(!fatal || run.exit == 1);
        for f in &run.files {
            let lev = vaultwright::lev::v36::decode(&f.bytes).expect("a written level decodes");
            assert_eq!(vaultwright::lev::v36::encode(&lev), f.bytes);
        }
    }
    // Its preview painted (a text a 3.6 compiler takes is drawn by the
    // 3.6 preview).
    let src = String::from_utf8_lossy(data);
    let options = Options {
        target: Target::Nethack366,
        explicit_target: true,
        ..Options::default()
    };
    let a = analyze(&src, Language::NethackDes, &options);
    paint_anywhere(&src, Language::NethackDes, &a, data.len() as u32);
}

pub fn dcss_des(data: &[u8]) {
    let (src, knobs) = split(data);
    let a = analyze(&src, Language::DcssDes, &knobs.options(Target::default()));
    spans_are_sound(&src, &a);
    paint_anywhere(&src, Language::DcssDes, &a, knobs.seed as u32);
}

/// A DCSS vault's Lua, run as crawl runs it: the input is the Lua of a
/// vault with a small map, which the drawing and the names check run.
pub fn dcss_lua(data: &[u8]) {
    let (lua, knobs) = split(data);
    let src =
        format!("NAME: fuzzed_lua\nTAGS: transparent\nMAP\nx.A\n.B.\nENDMAP\n{{{{\n{lua}\n}}}}\n");
    let options = Options {
        focus: Some(0),
        ..knobs.options(Target::default())
    };
    let a = analyze(&src, Language::DcssDes, &options);
    spans_are_sound(&src, &a);
}

pub fn powder_map(data: &[u8]) {
    let (src, knobs) = split(data);
    let a = analyze(&src, Language::PowderMap, &knobs.options(Target::default()));
    spans_are_sound(&src, &a);
    paint_anywhere(&src, Language::PowderMap, &a, knobs.seed as u32);
    dropin::map2c("fuzz.map", &src, "fuzz.cpp");
}

/// A NetHack 5.0 Lua level script: read, checked, outlined; a script Lua
/// accepts is printed back byte for byte by the tree the studio edits.
pub fn nethack_lua(data: &[u8]) {
    let (src, knobs) = split(data);
    let a = analyze(
        &src,
        Language::NethackLua,
        &knobs.options(Target::default()),
    );
    spans_are_sound(&src, &a);
    // Every script, accepted or not: the tree holds every byte.
    assert_eq!(
        vaultwright::lua::reprint(&src),
        src,
        "a script must round-trip"
    );
}

pub fn rlg327(data: &[u8]) {
    let (src, knobs) = split(data);
    let (language, kind) = if knobs.choice & 1 == 0 {
        (Language::Rlg327Monsters, Rlg327Kind::Monster)
    } else {
        (Language::Rlg327Objects, Rlg327Kind::Object)
    };
    let a = analyze(&src, language, &knobs.options(Target::default()));
    spans_are_sound(&src, &a);
    let form = if knobs.flags & 4 != 0 {
        Rlg327Form::Assignment
    } else {
        Rlg327Form::Reference
    };
    dropin::rlg327_print(&src, kind, None, form);
}

/// The first line is the file's path, the rest its content.
pub fn detect(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (path, content) = text.split_once('\n').unwrap_or((&text, ""));
    let first = detect_language(path, content);
    assert_eq!(
        first,
        detect_language(path, content),
        "detection is not stable"
    );
}

/// The command line's snippets for any span over any text: the spans come
/// from the option bytes, so they may be reversed, past the end or inside a
/// character.
pub fn diagnostics(data: &[u8]) {
    let (src, knobs) = split(data);
    let mut diags = analyze(&src, Language::NethackDes, &Options::default()).diagnostics;
    let [a, b, c, d, ..] = knobs.seed.to_le_bytes();
    let len = src.len() as u32;
    for (start, end) in [
        (u32::from(a), u32::from(b)),
        (u32::from(b), u32::from(a)),
        (len.saturating_sub(u32::from(c)), len + u32::from(d)),
        (u32::MAX, u32::MAX),
    ] {
        diags.push(Diagnostic::error("NH0001", "fuzz", Span { start, end }));
    }
    let color = knobs.flags & 1 != 0;
    vaultwright_cli::render::diagnostics("fuzz.des", &src, &diags, color);
}

/// Painting any text's maps: a cell of the first drawn map (chosen by
/// `pick`) painted, flooded and each side grown and shrunk gives edits
/// that apply inside the text and keep it UTF-8, never a panic.
fn paint_anywhere(src: &str, language: Language, a: &Analysis, pick: u32) {
    use vaultwright::paint::{self, Side};
    let Some((symbol, map)) = a.views.iter().find_map(|v| match &v.view {
        vaultwright::View::TileMap(m) => Some((v.symbol, m)),
        _ => None,
    }) else {
        return;
    };
    let entry = a.outline.get(symbol).map(|s| s.span).unwrap_or_default();
    let cells = (map.width * map.height).max(1);
    let at = (pick % cells) as i32;
    let cell = (at % map.width.max(1) as i32, at / map.width.max(1) as i32);
    let edits = |e: &paint::TextEdit| {
        assert!(
            e.start <= e.end && e.end <= src.len(),
            "an edit outside the text"
        );
        let _ = e.apply(src);
    };
    if let Ok((block, placed)) = paint::locate(src, language, map, entry, &[cell]) {
        if let Ok(e) = block.paint(src, &placed, b'#') {
            edits(&e);
        }
        if let Some(&start) = placed.first() {
            let filled = paint::flood(&block, src, start);
            if let Ok(e) = block.paint(src, &filled, b'.') {
                edits(&e);
            }
        }
        let end = paint::part_end(src, &block, entry);
        for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
            for grow in [true, false] {
                if let Ok(r) = paint::resize(src, language, &block, end, side, grow) {
                    edits(&r.edit);
                }
            }
        }
    }
}

/// Any text as a location hash; a link that decodes encodes back to itself.
/// The same bytes as a picture opened in the studio: a PNG or SVG either
/// gives its state back after it is embedded again, or a message.
pub fn permalink(data: &[u8]) {
    use vaultwright_codec::picture;
    if let Ok(found) = picture::state_in_png(data) {
        let with = picture::embed_in_png(data, "#v1.fuzz").expect("a PNG read can be written");
        assert_eq!(
            picture::state_in_png(&with),
            Ok(Some("#v1.fuzz".to_string()))
        );
        if let Some(link) = found {
            let _ = vaultwright_codec::decode_link(&link);
        }
    }
    let text = String::from_utf8_lossy(data);
    if let Some(link) = picture::state_in_svg(&text) {
        let _ = vaultwright_codec::decode_link(&link);
    }
    let _ = picture::embed_in_svg(&text, "#v1.fuzz");
    let hash = text;
    if let Ok(Some(state)) = vaultwright_codec::decode_link(&hash) {
        let again = vaultwright_codec::encode_link(&state);
        assert_eq!(
            vaultwright_codec::decode_link(&again),
            Ok(Some(state)),
            "a decoded link does not survive encoding"
        );
    }
}

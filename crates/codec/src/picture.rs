//! A picture that is also the source: the permalink's state carried inside
//! an exported PNG (an `iTXt` chunk) or SVG (a `<metadata>` element), and
//! found again when such a picture is opened, as Excalidraw does with its
//! scenes. The pixels are encoded by the browser; only whole chunks are
//! added or read here, each checked against its CRC.
//!
//! What is carried is the permalink hash itself (`#v2.…`), so a picture is
//! read by [`crate::decode_link`] with the same limits, version check and
//! cleaning as a link.

use crate::{crc32, MAX_HASH_CHARS};

/// The PNG file signature.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// The `iTXt` keyword under which the state is kept.
pub const PNG_KEYWORD: &str = "vaultwright";
const SVG_OPEN: &str = r#"<metadata id="vaultwright-state">"#;
const SVG_CLOSE: &str = "</metadata>";

/// One chunk of a PNG: its type and where its data lies in the file.
struct Chunk {
    kind: [u8; 4],
    data: std::ops::Range<usize>,
    /// Where the whole chunk (length to CRC) lies.
    whole: std::ops::Range<usize>,
}

/// The chunks of a PNG, in order, or why the bytes are not one.
fn chunks(png: &[u8]) -> Result<Vec<Chunk>, String> {
    if png.get(..8) != Some(&PNG_SIGNATURE[..]) {
        return Err("this is not a PNG file".into());
    }
    let mut out = Vec::new();
    let mut at = 8;
    while at < png.len() {
        let head = png
            .get(at..at + 8)
            .ok_or("this PNG is cut off (a chunk header is incomplete)")?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = [head[4], head[5], head[6], head[7]];
        let data = at + 8..at.saturating_add(8).saturating_add(len);
        let end = data.end.saturating_add(4);
        if end > png.len() {
            return Err("this PNG is cut off (a chunk runs past its end)".into());
        }
        out.push(Chunk {
            kind,
            data,
            whole: at..end,
        });
        at = end;
        if &kind == b"IEND" {
            break;
        }
    }
    match out.first() {
        Some(c) if &c.kind == b"IHDR" => Ok(out),
        _ => Err("this PNG has no header chunk first".into()),
    }
}

/// An `iTXt` chunk: keyword, no compression, no language, the text.
fn itxt(keyword: &str, text: &str) -> Vec<u8> {
    let mut body = b"iTXt".to_vec();
    body.extend_from_slice(keyword.as_bytes());
    body.extend_from_slice(&[0, 0, 0, 0, 0]);
    body.extend_from_slice(text.as_bytes());
    let mut chunk = ((body.len() - 4) as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc32(&body).to_be_bytes());
    chunk
}

/// The text of an `iTXt` chunk's data when its keyword is ours.
fn our_text(data: &[u8]) -> Option<&[u8]> {
    let rest = data
        .strip_prefix(PNG_KEYWORD.as_bytes())?
        .strip_prefix(&[0])?;
    // Compression flag and method: only uncompressed text is ours.
    let rest = rest.strip_prefix(&[0, 0])?;
    let lang_end = rest.iter().position(|&b| b == 0)?;
    let rest = rest.get(lang_end + 1..)?;
    let translated_end = rest.iter().position(|&b| b == 0)?;
    rest.get(translated_end + 1..)
}

/// The PNG with `link` kept in it, right after the header (any state it
/// already held is replaced).
pub fn embed_in_png(png: &[u8], link: &str) -> Result<Vec<u8>, String> {
    let all = chunks(png)?;
    let mut out = Vec::with_capacity(png.len() + link.len() + 64);
    out.extend_from_slice(&PNG_SIGNATURE);
    for (i, c) in all.iter().enumerate() {
        let ours = &c.kind == b"iTXt" && png.get(c.data.clone()).and_then(our_text).is_some();
        if !ours {
            out.extend_from_slice(png.get(c.whole.clone()).unwrap_or_default());
        }
        if i == 0 {
            out.extend_from_slice(&itxt(PNG_KEYWORD, link));
        }
    }
    Ok(out)
}

/// The link a PNG carries: `Ok(None)` for a PNG without one, `Err` for
/// bytes that are not a PNG or a state chunk that is damaged.
pub fn state_in_png(png: &[u8]) -> Result<Option<String>, String> {
    for c in chunks(png)? {
        if &c.kind != b"iTXt" {
            continue;
        }
        let data = png.get(c.data.clone()).unwrap_or_default();
        let Some(text) = our_text(data) else { continue };
        let typed = png.get(c.whole.start + 4..c.data.end).unwrap_or_default();
        let stored = png.get(c.data.end..c.whole.end).unwrap_or_default();
        if stored != crc32(typed).to_be_bytes() {
            return Err(
                "the document in this picture is damaged (its checksum does not match)".into(),
            );
        }
        if text.len() > MAX_HASH_CHARS {
            return Err("the document in this picture is too large to open".into());
        }
        return String::from_utf8(text.to_vec())
            .map(Some)
            .map_err(|_| "the document in this picture is damaged (not text)".into());
    }
    Ok(None)
}

/// The SVG with `link` kept in a `<metadata>` element, first inside the
/// root element, and every character XML 1.0 cannot hold (a control
/// character from a level's name, say) replaced by U+FFFD, so the file is
/// well-formed XML. A link is base64url after `#v2.` (or `#v1.`): nothing in it needs
/// escaping.
pub fn embed_in_svg(svg: &str, link: &str) -> String {
    let svg = xml_chars(svg);
    let safe: String = link.chars().filter(|&c| is_link_char(c)).collect();
    let element = format!("{SVG_OPEN}{safe}{SVG_CLOSE}");
    let after_root_tag = svg_root(&svg)
        .and_then(|at| tag_end(&svg, at).map(|end| (at, end)))
        .filter(|&(at, end)| !svg[at..end].ends_with("/>"));
    match after_root_tag {
        Some((_, end)) => format!("{}{element}{}", &svg[..end], &svg[end..]),
        None => svg,
    }
}

/// Whether `text` is an SVG document: an XML prolog (or none), then an
/// `<svg>` root element. A text that merely mentions `<svg` is not one.
pub fn is_svg(text: &str) -> bool {
    svg_root(text).is_some()
}

/// Where an SVG document's `<svg>` root element starts, or `None` when
/// `text` is not an SVG document.
fn svg_root(text: &str) -> Option<usize> {
    root_start(text).filter(|&at| is_svg_root(&text[at..]))
}

/// The link an SVG carries, if it carries one that is well formed: the
/// text of the root element's own `<metadata id="vaultwright-state">`
/// child. Comments, CDATA and deeper elements are passed over, so a
/// metadata element quoted in a comment or nested in a drawing is not
/// taken for the document's.
pub fn state_in_svg(svg: &str) -> Option<String> {
    let root = svg_root(svg)?;
    let mut at = tag_end(svg, root)?;
    if svg[root..at].ends_with("/>") {
        return None;
    }
    let mut depth = 1usize;
    loop {
        at += svg.get(at..)?.find('<')?;
        let rest = &svg[at..];
        if let Some(skip) = skipped_markup(rest) {
            at += skip?;
            continue;
        }
        let end = tag_end(svg, at)?;
        let tag = &svg[at..end];
        if tag.starts_with("</") {
            depth -= 1;
            if depth == 0 {
                return None;
            }
        } else if depth == 1 && is_our_metadata(tag) {
            let content = &svg[end..];
            let link = &content[..content.find('<')?];
            let closed = content[link.len()..].starts_with(SVG_CLOSE);
            let well_formed = link.len() <= MAX_HASH_CHARS && link.chars().all(is_link_char);
            return (closed && well_formed).then(|| link.to_string());
        } else if !tag.ends_with("/>") {
            depth += 1;
        }
        at = end;
    }
}

/// Where the root element's start tag begins: after a byte order mark,
/// the XML declaration, comments, processing instructions, a document
/// type and blanks; `None` when something else comes first.
fn root_start(text: &str) -> Option<usize> {
    let mut at = if text.starts_with('\u{feff}') { 3 } else { 0 };
    loop {
        let rest = text.get(at..)?;
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        at += rest.len() - trimmed.len();
        if let Some(skip) = skipped_markup(trimmed) {
            at += skip?;
        } else if trimmed.starts_with("<!DOCTYPE") {
            at += doctype_len(trimmed)?;
        } else if trimmed.starts_with('<') {
            return Some(at);
        } else {
            return None;
        }
    }
}

/// The length of a comment, CDATA section or processing instruction at the
/// start of `text` (`Some(None)` when it is never closed), or `None` when
/// `text` starts with none of them.
fn skipped_markup(text: &str) -> Option<Option<usize>> {
    let close = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")]
        .into_iter()
        .find(|(open, _)| text.starts_with(open))?
        .1;
    Some(text.find(close).map(|end| end + close.len()))
}

/// The length of `<!DOCTYPE …>`, an internal subset `[…]` included.
fn doctype_len(text: &str) -> Option<usize> {
    let first_close = text.find('>')?;
    match text.find('[') {
        Some(open) if open < first_close => {
            let subset_end = open + text[open..].find(']')?;
            Some(subset_end + text[subset_end..].find('>')? + 1)
        }
        _ => Some(first_close + 1),
    }
}

/// Whether the tag at the start of `text` is `<svg` (then a blank, `>` or
/// `/`).
fn is_svg_root(text: &str) -> bool {
    text.strip_prefix("<svg")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c.is_ascii_whitespace() || c == '>' || c == '/')
}

/// Where the tag starting at `at` ends (just past its `>`), a `>` inside a
/// quoted attribute value not counting.
fn tag_end(text: &str, at: usize) -> Option<usize> {
    let mut quote = None;
    for (i, c) in text.get(at..)?.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(at + i + 1),
            _ => {}
        }
    }
    None
}

/// Whether `tag` is `<metadata … id="vaultwright-state" …>`.
fn is_our_metadata(tag: &str) -> bool {
    let Some(attrs) = tag.strip_prefix("<metadata") else {
        return false;
    };
    if !attrs.starts_with(|c: char| c.is_ascii_whitespace()) {
        return false;
    }
    let wanted = SVG_OPEN
        .trim_start_matches("<metadata ")
        .trim_end_matches('>');
    attrs
        .split(|c: char| c.is_ascii_whitespace())
        .any(|a| a.trim_end_matches(['>', '/']) == wanted)
}

/// `text` with every character XML 1.0 does not allow (C0 controls but tab
/// and line ends, U+FFFE, U+FFFF) replaced by U+FFFD.
pub fn xml_chars(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => '\u{fffd}',
            c => c,
        })
        .collect()
}

fn is_link_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '#' | '.' | '-' | '_' | '=')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1×1 PNG as a browser writes one: IHDR, IDAT, IEND.
    fn tiny_png() -> Vec<u8> {
        let chunk = |kind: &[u8], data: &[u8]| {
            let mut body = kind.to_vec();
            body.extend_from_slice(data);
            let mut c = (data.len() as u32).to_be_bytes().to_vec();
            c.extend_from_slice(&body);
            c.extend_from_slice(&crc32(&body).to_be_bytes());
            c
        };
        let mut png = PNG_SIGNATURE.to_vec();
        png.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
        let pixels = miniz_oxide::deflate::compress_to_vec_zlib(&[0, 255, 0, 0], 6);
        png.extend(chunk(b"IDAT", &pixels));
        png.extend(chunk(b"IEND", &[]));
        png
    }

    const LINK: &str = "#v1.eJyrVkrOT0lVsjI0MtBRKs4sSS1WslJKy8kvS1TSUcrMTVUCAJ0LCgo";

    #[test]
    fn a_png_carries_the_link_and_gives_it_back() {
        let png = tiny_png();
        assert_eq!(state_in_png(&png), Ok(None));
        let with = embed_in_png(&png, LINK).unwrap();
        assert_eq!(state_in_png(&with), Ok(Some(LINK.to_string())));
        // Right after the header, and the image's own chunks kept as they were.
        assert_eq!(&with[8 + 25 + 4..8 + 25 + 8], b"iTXt");
        assert!(with.ends_with(&png[8 + 25..]));
        // Exported again: one state, the new one.
        let again = embed_in_png(&with, "#v1.other").unwrap();
        assert_eq!(state_in_png(&again), Ok(Some("#v1.other".to_string())));
        assert_eq!(again.len(), with.len() - LINK.len() + "#v1.other".len());
    }

    #[test]
    fn damaged_pictures_are_refused_with_a_message() {
        let with = embed_in_png(&tiny_png(), LINK).unwrap();
        assert!(state_in_png(b"GIF89a").unwrap_err().contains("not a PNG"));
        assert!(state_in_png(&with[..40]).unwrap_err().contains("cut off"));
        let mut flipped = with.clone();
        let at = with.windows(4).position(|w| w == b"#v1.").unwrap();
        flipped[at + 5] ^= 1;
        assert!(state_in_png(&flipped).unwrap_err().contains("checksum"));
        // A chunk claiming 4 GB ends past the file: an error, not a panic.
        let mut huge = with.clone();
        huge[33..37].copy_from_slice(&u32::MAX.to_be_bytes());
        assert!(state_in_png(&huge).is_err());
        assert!(embed_in_png(b"", LINK).is_err());
    }

    #[test]
    fn an_svg_carries_the_link_and_gives_it_back() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10"><rect/></svg>"#;
        let with = embed_in_svg(svg, LINK);
        assert!(with.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="10"><metadata"#));
        assert_eq!(state_in_svg(&with).as_deref(), Some(LINK));
        assert_eq!(state_in_svg(svg), None);
        // Markup smuggled into the element is not a link.
        let hostile = with.replace(LINK, "<script>alert(1)</script>");
        assert_eq!(state_in_svg(&hostile), None);
        assert_eq!(embed_in_svg("not svg", LINK), "not svg");
    }

    #[test]
    fn only_a_real_svg_is_a_picture() {
        let with = embed_in_svg(
            r#"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#,
            LINK,
        );
        let prolog = format!(
            "\u{feff}<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg [ <!ENTITY x \"y\"> ]>\n{with}"
        );
        assert!(is_svg(&prolog));
        assert_eq!(state_in_svg(&prolog).as_deref(), Some(LINK));
        // A level file that mentions `<svg` near its start is text.
        let level = format!("# see <svg> export\nMAZE:\"x\",' '\n{with}");
        assert!(!is_svg(&level));
        assert_eq!(state_in_svg(&level), None);
        assert!(!is_svg("<svgx></svgx>"));
    }

    #[test]
    fn only_the_root_elements_own_metadata_is_read() {
        let meta = format!("{SVG_OPEN}{LINK}{SVG_CLOSE}");
        let svg = |inner: &str| format!("<svg xmlns=\"http://www.w3.org/2000/svg\">{inner}</svg>");
        assert_eq!(state_in_svg(&svg(&meta)).as_deref(), Some(LINK));
        // In a comment, a CDATA section, a nested element, or after the
        // root: not the document's.
        for hostile in [
            format!("<!-- {meta} -->"),
            format!("<![CDATA[{meta}]]>"),
            format!("<g>{meta}</g>"),
            format!("<text title=\"a > b\">{meta}</text>"),
        ] {
            assert_eq!(state_in_svg(&svg(&hostile)), None, "{hostile}");
        }
        assert_eq!(state_in_svg(&format!("{}{meta}", svg(""))), None);
        // A decoy in a comment before the real one is passed over.
        let both = svg(&format!(
            "<!-- {SVG_OPEN}#v1.decoy{SVG_CLOSE} --><rect/>{meta}"
        ));
        assert_eq!(state_in_svg(&both).as_deref(), Some(LINK));
    }

    #[test]
    fn an_exported_svg_is_well_formed_xml() {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>lev\u{1}el\u{1b}[2J\ttab</text></svg>";
        let out = embed_in_svg(svg, LINK);
        assert!(!out
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')));
        assert!(out.contains("lev\u{fffd}el\u{fffd}[2J\ttab"));
        assert_eq!(state_in_svg(&out).as_deref(), Some(LINK));
    }
}

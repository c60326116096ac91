//! A picture that is also the source: the permalink's state carried inside
//! an exported PNG (an `iTXt` chunk) or SVG (a `<metadata>` element), and
//! found again when such a picture is opened, as Excalidraw does with its
//! scenes. The pixels are encoded by the browser; only whole chunks are
//! added or read here, each checked against its CRC.
//!
//! What is carried is the permalink hash itself (`#v1.…`), so a picture is
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
/// root element. A link is base64url after `#v1.`: nothing in it needs
/// escaping in XML.
pub fn embed_in_svg(svg: &str, link: &str) -> String {
    let safe: String = link.chars().filter(|&c| is_link_char(c)).collect();
    let element = format!("{SVG_OPEN}{safe}{SVG_CLOSE}");
    match svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|end| at + end + 1))
    {
        Some(after) => format!("{}{element}{}", &svg[..after], &svg[after..]),
        None => svg.to_string(),
    }
}

/// The link an SVG carries, if it carries one that is well formed.
pub fn state_in_svg(svg: &str) -> Option<String> {
    let start = svg.find(SVG_OPEN)? + SVG_OPEN.len();
    let len = svg[start..].find(SVG_CLOSE)?;
    let link = &svg[start..start + len];
    (link.len() <= MAX_HASH_CHARS && link.chars().all(is_link_char)).then(|| link.to_string())
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
}

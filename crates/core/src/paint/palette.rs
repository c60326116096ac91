//! The palette: the characters a map accepts, each drawn as the map draws
//! it and named as the legend names it. NetHack's come from the dialect's
//! map characters; a DCSS vault's are the game's map glyphs and the keys
//! the vault itself defines (KFEAT, KMONS, KITEM and the placeholders of
//! SUBST, NSUBST and SHUFFLE).

use crate::{dcss, nethack, nethack_common};
use vaultwright_model::view::Rgb;
use vaultwright_model::{Language, Span, Target};

/// One character a map accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swatch {
    /// What is written in the MAP row.
    pub key: u8,
    /// How the map draws it.
    pub glyph: char,
    pub fg: Rgb,
    pub meaning: String,
}

/// The palette of the map of outline entry `entry` (its span).
pub fn palette(source: &str, language: Language, target: Target, entry: Span) -> Vec<Swatch> {
    match language {
        Language::NethackDes if !target.is_36() => nethack_swatches(target),
        Language::NethackDes | Language::NethackLua => nethack36_swatches(target),
        Language::DcssDes => {
            let mut own = vault_keys(
                source
                    .get(entry.start as usize..entry.end as usize)
                    .unwrap_or(""),
            );
            let known: Vec<u8> = own.iter().map(|s| s.key).collect();
            own.extend(
                dcss_swatches()
                    .into_iter()
                    .filter(|s| !known.contains(&s.key)),
            );
            own
        }
        Language::PowderMap => powder_swatches(
            source
                .get(entry.start as usize..entry.end as usize)
                .unwrap_or(""),
        ),
        _ => Vec::new(),
    }
}

/// A POWDER room's legend: each letter with its squares and flags, drawn
/// as its first square.
fn powder_swatches(room: &str) -> Vec<Swatch> {
    let mut out: Vec<Swatch> = Vec::new();
    for line in room.lines() {
        let mut chars = line.chars();
        let (Some(letter), Some(':')) = (chars.next(), chars.next()) else {
            continue;
        };
        if !letter.is_ascii() || out.iter().any(|s| s.key == letter as u8) {
            continue;
        }
        let names = chars.as_str().trim();
        let square = names
            .split(',')
            .map(str::trim)
            .find(|n| n.starts_with("SQUARE_") && !n.starts_with("SQUAREFLAG_"));
        let (glyph, fg) = square.map_or((letter, Rgb::GRAY), crate::powder::square_look);
        out.push(Swatch {
            key: letter as u8,
            glyph,
            fg,
            meaning: names.to_string(),
        });
    }
    out
}

fn nethack_swatches(target: Target) -> Vec<Swatch> {
    (b' '..=b'~')
        .filter(|&b| nethack::lexer::is_map_char(b, target) && !b.is_ascii_digit())
        .map(|b| {
            let (glyph, fg, what) = nethack_common::look::terrain(b, true);
            Swatch {
                key: b,
                glyph,
                fg,
                meaning: what.to_string(),
            }
        })
        .collect()
}

/// NetHack 3.6's MAP characters, drawn as its preview draws them (the
/// studio's 3.6 levels are 3.6.6's: a variant's profile, and its tables,
/// stay out of the studio).
fn nethack36_swatches(_target: Target) -> Vec<Swatch> {
    let profile = &crate::nethack36::profile::NETHACK_366;
    (b' '..=b'~')
        .filter(|&b| profile.is_map_row_char(b) && !b.is_ascii_digit())
        .map(|b| {
            let typ = profile.map_char(i64::from(b));
            let (glyph, colour, what) = crate::nethack36::preview::terrain::look(typ as u8);
            Swatch {
                key: b,
                glyph,
                fg: crate::nethack36::preview::draw::colour(colour),
                meaning: what.to_string(),
            }
        })
        .collect()
}

fn dcss_swatches() -> Vec<Swatch> {
    dcss::tables::GLYPHS
        .iter()
        .map(|&(key, _, meaning)| match dcss::look::map_glyph(key) {
            dcss::look::GlyphRole::Terrain(glyph, fg, words) => Swatch {
                key,
                glyph,
                fg,
                meaning: words,
            },
            dcss::look::GlyphRole::OnFloor => Swatch {
                key,
                glyph: key as char,
                fg: Rgb::PLACEHOLDER,
                meaning: format!("{meaning} (`{}`)", key as char),
            },
        })
        .collect()
}

/// The keys a vault defines, in the order its lines define them.
fn vault_keys(vault: &str) -> Vec<Swatch> {
    let mut out: Vec<Swatch> = Vec::new();
    for line in vault.lines() {
        let line = line.trim_start();
        let Some((directive, rest)) = line.split_once(':') else {
            continue;
        };
        let directive = directive.trim();
        if !matches!(
            directive,
            "KFEAT" | "KMONS" | "KITEM" | "SUBST" | "NSUBST" | "SHUFFLE"
        ) {
            continue;
        }
        for (keys, spec) in definitions(directive, rest) {
            for key in keys.bytes().filter(|b| b.is_ascii_graphic()) {
                if out.iter().all(|s| s.key != key) {
                    out.push(swatch_of(directive, key, spec.trim()));
                }
            }
        }
    }
    out
}

/// `keys = spec` pairs of a directive's text (SHUFFLE lists groups of
/// keys separated by `/`, each key its own placeholder).
fn definitions<'a>(directive: &str, rest: &'a str) -> Vec<(&'a str, &'a str)> {
    if directive == "SHUFFLE" {
        return rest.split(['/', ',']).map(|k| (k.trim(), "")).collect();
    }
    rest.split(',')
        .filter_map(|d| d.split_once(['=', ':']))
        .map(|(k, v)| (k.trim(), v))
        .collect()
}

fn swatch_of(directive: &str, key: u8, spec: &str) -> Swatch {
    let (glyph, fg, meaning) = match directive {
        "KFEAT" => dcss::look::kfeat(spec).map_or(
            ('?', Rgb::PLACEHOLDER, format!("feature {spec}")),
            |(g, f, w)| (g, f, w),
        ),
        "KMONS" => dcss::look::monster(spec)
            .map_or(('?', Rgb::PLACEHOLDER, format!("monster {spec}")), |l| {
                (l.glyph, l.fg, l.what)
            }),
        "KITEM" => dcss::look::item(spec)
            .map_or(('?', Rgb::PLACEHOLDER, format!("item {spec}")), |l| {
                (l.glyph, l.fg, l.what)
            }),
        _ => (
            key as char,
            Rgb::RANDOM_PICK,
            if spec.is_empty() {
                format!("{directive} placeholder")
            } else {
                format!("{directive} placeholder: becomes one of {spec}")
            },
        ),
    };
    Swatch {
        key,
        glyph,
        fg,
        meaning: format!("{meaning} ({directive} `{}`)", key as char),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nethack_palette_is_its_dialects_map_characters() {
        let p = palette(
            "",
            Language::NethackDes,
            Target::Nethack343,
            Span::new(0, 0),
        );
        let keys: String = p.iter().map(|s| s.key as char).collect();
        assert!(keys.contains('.') && keys.contains('T') && keys.contains('}'));
        let old = palette(
            "",
            Language::NethackDes,
            Target::Nethack323,
            Span::new(0, 0),
        );
        assert!(!old.iter().any(|s| s.key == b'T'), "3.2 has no trees");
        let pool = p.iter().find(|s| s.key == b'}').expect("moat");
        assert_eq!(pool.glyph, '}');
    }

    #[test]
    fn a_powder_palette_is_its_legend() {
        let room = "+---+\n|#.#|\n+---+\n\n.: SQUARE_FLOOR, SQUAREFLAG_LIT\n#: SQUARE_WALL\n";
        let p = palette(
            room,
            Language::PowderMap,
            Target::default(),
            Span::new(0, room.len()),
        );
        let keys: Vec<char> = p.iter().map(|s| s.key as char).collect();
        assert_eq!(keys, ['.', '#']);
        assert_eq!(p[0].meaning, "SQUARE_FLOOR, SQUAREFLAG_LIT");
    }

    #[test]
    fn a_vault_palette_starts_with_the_keys_it_defines() {
        let vault =
            "NAME: v\nKFEAT: Z = altar_zin\nKMONS: 9 = orc\nSUBST: q = x.\nMAP\nZ9q\nENDMAP\n";
        let p = palette(
            vault,
            Language::DcssDes,
            Target::default(),
            Span::new(0, vault.len()),
        );
        let keys: Vec<char> = p.iter().take(3).map(|s| s.key as char).collect();
        assert_eq!(keys, ['Z', '9', 'q']);
        assert!(p[0].meaning.contains("KFEAT `Z`"), "{}", p[0].meaning);
        assert_eq!(p[0].glyph, '_');
        assert!(
            p[2].meaning.contains("becomes one of x."),
            "{}",
            p[2].meaning
        );
        assert!(p.iter().any(|s| s.key == b'x'), "and the game's own glyphs");
        assert_eq!(p.iter().filter(|s| s.key == b'9').count(), 1, "a key once");
    }
}

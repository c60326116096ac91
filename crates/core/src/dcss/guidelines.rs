//! The written guidelines crawl's reviewers enforce by hand
//! (`docs/develop/levels/guidelines.md`, `syntax.txt`), where a vault's text
//! shows them: notes, never errors, each quoting its guideline. `check
//! --no-guidelines` leaves them out; the studio shows them dimmed.

use super::{Item, Kw, Vault};
use vaultwright_model::diagnostic::Diagnostic;

/// A header line out of syntax.txt's order.
pub const HEADER_ORDER: &str = "DC0500";
/// An arrival vault not named `nick_arrival_name`, or with numbers.
pub const ARRIVAL_NAME: &str = "DC0501";
/// A vault of `simple.des` with more than five header lines.
pub const SIMPLE_HEADER: &str = "DC0502";
/// A ghost vault that is not 19x19 or 20x20.
pub const GHOST_SIZE: &str = "DC0503";

/// syntax.txt's order of header lines, as ranks (equal ranks: any order).
fn rank(kw: Kw) -> Option<u8> {
    Some(match kw {
        Kw::Name => 0,
        Kw::Desc => 1,
        Kw::Order => 2,
        Kw::Tags => 3,
        Kw::Depth => 4,
        Kw::Place => 5,
        Kw::Orient => 6,
        Kw::Weight => 7,
        Kw::Chance => 8,
        Kw::Mons => 10,
        Kw::Kmons => 11,
        Kw::Kitem => 12,
        Kw::Kfeat => 13,
        Kw::Subvault => 20,
        Kw::Subst | Kw::Shuffle | Kw::Nsubst => 30,
        Kw::Clear => 31,
        Kw::Kmask => 40,
        Kw::Kprop => 41,
        Kw::Marker => 42,
        Kw::Colour => 50,
        Kw::Ftile => 51,
        Kw::Tile => 52,
        Kw::Lfloorcol => 60,
        Kw::Lfloortile => 61,
        Kw::Lrockcol => 62,
        Kw::Lrocktile => 63,
        _ => return None,
    })
}

const ORDER_QUOTE: &str = "syntax.txt: NAME -> DESC -> ORDER -> TAGS -> DEPTH -> PLACE -> ORIENT -> WEIGHT -> CHANCE; MONS -> KMONS -> KITEM -> KFEAT; SUBVAULT; SUBST, SHUFFLE, NSUBST -> CLEAR; KMASK -> KPROP -> MARKER; COLOUR -> FTILE -> TILE; LFLOORCOLOUR -> LFLOORTILE -> LROCKCOLOUR -> LROCKTILE";

/// The guideline notes of one vault of the file `file_name`.
pub fn notes(v: &Vault, file_name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    header_order(v, &mut out);
    arrival_name(v, &mut out);
    if file_name.rsplit(['/', '\\']).next() == Some("simple.des") {
        simple_header(v, &mut out);
    }
    ghost_size(v, &mut out);
    out
}

/// The first directive that comes after one syntax.txt puts later.
fn header_order(v: &Vault, out: &mut Vec<Diagnostic>) {
    let mut latest: Option<(u8, &str)> = None;
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        let Some(r) = rank(d.kw) else { continue };
        match latest {
            Some((seen, after)) if r < seen => {
                out.push(
                    Diagnostic::note_at(
                        HEADER_ORDER,
                        format!("guideline: {} after {after}", d.keyword),
                        d.span,
                    )
                    .with_note(ORDER_QUOTE),
                );
                return;
            }
            Some((seen, _)) if r == seen => {}
            _ => latest = Some((r, d.keyword)),
        }
    }
}

/// guidelines.md: "Entry vaults should be NAMEd as follows: NAME:
/// nick_arrival_name … Avoid numbers, please."
fn arrival_name(v: &Vault, out: &mut Vec<Diagnostic>) {
    if !v.tags().contains(&"arrival") {
        return;
    }
    let name = &*v.name;
    let shaped = name
        .split_once("_arrival_")
        .is_some_and(|(nick, label)| !nick.is_empty() && !label.is_empty());
    let numbered = name.bytes().any(|b| b.is_ascii_digit());
    if shaped && !numbered {
        return;
    }
    out.push(
        Diagnostic::note_at(
            ARRIVAL_NAME,
            if shaped {
                format!("guideline: arrival vault \"{name}\" has a number in its name")
            } else {
                format!("guideline: arrival vault \"{name}\" is not named nick_arrival_name")
            },
            v.name_span,
        )
        .with_note("guidelines.md: Entry vaults should be NAMEd as follows: NAME: nick_arrival_name … Avoid numbers, please."),
    );
}

/// guidelines.md: "simple.des: Particularly simple maps: no more than five
/// header lines!" (the lines before the map, NAME included).
fn simple_header(v: &Vault, out: &mut Vec<Diagnostic>) {
    let mut lines = 0;
    for item in &v.items {
        match item {
            Item::Map { .. } => break,
            Item::Directive(_) | Item::Lua(_) => lines += 1,
        }
    }
    // NAME is not an item of its own.
    let lines = lines + 1;
    if lines > 5 {
        out.push(
            Diagnostic::note_at(
                SIMPLE_HEADER,
                format!("guideline: {lines} header lines in simple.des"),
                v.name_span,
            )
            .with_note("guidelines.md: simple.des — Particularly simple maps: no more than five header lines!"),
        );
    }
}

/// guidelines.md: "Ghost vaults should only be 19x19 or 20x20" (vaults
/// that call `ghost_setup`).
fn ghost_size(v: &Vault, out: &mut Vec<Diagnostic>) {
    let ghost = v.items.iter().any(|i| match i {
        Item::Lua(l) => l.text.contains("ghost_setup("),
        _ => false,
    });
    if !ghost {
        return;
    }
    let (w, h) = v.size();
    if (w, h) != (19, 19) && (w, h) != (20, 20) {
        out.push(
            Diagnostic::note_at(GHOST_SIZE, format!("guideline: ghost vault is {w}x{h}"), v.name_span)
                .with_note("guidelines.md: Ghost vaults should only be 19x19 or 20x20, preferrably the latter."),
        );
    }
}

//! What to paste into another page to show an entry: a frame of the
//! reviewer's view and, for pages that allow no frames, the map's picture
//! linked to the studio (Markdown and HTML). A document's name is the
//! author's own text and goes into someone else's page: each snippet
//! escapes it by the rules of its language, so a name can neither close
//! the snippet's link nor open one of its own.

use crate::actions::stem;

/// The frame, the Markdown and the HTML snippet for `url` and `name`.
pub fn embed_snippets(url: &str, name: &str) -> (String, String, String) {
    let (u, n) = (html_attribute(url), html_attribute(name));
    let picture = format!("{}.png", stem(name));
    let frame = format!(
        "<iframe src=\"{u}\" title=\"{n} in Vaultwright\" width=\"720\" height=\"480\" style=\"border:1px solid #8886;border-radius:6px\" loading=\"lazy\"></iframe>"
    );
    let markdown = format!(
        "[![{}]({})]({})",
        markdown_text(name),
        markdown_destination(&picture),
        markdown_destination(url)
    );
    let html = format!(
        "<a href=\"{u}\"><img src=\"{}\" alt=\"{n}, a map drawn by Vaultwright\"></a>",
        html_attribute(&markdown_destination(&picture))
    );
    (frame, markdown, html)
}

fn html_attribute(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Text in Markdown: every ASCII punctuation mark backslash-escaped (which
/// CommonMark allows for all of them), line breaks and other controls
/// made spaces.
fn markdown_text(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
            out.push(c);
        } else if c.is_control() {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// A link destination in Markdown: every byte but the URL characters
/// that cannot end or bend it percent-encoded (brackets, parentheses,
/// spaces, angle brackets, quotes, backslashes, anything not ASCII).
fn markdown_destination(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for b in t.bytes() {
        let plain = b.is_ascii_alphanumeric() || b"-._~:/?#@!$&'*+,;=%".contains(&b);
        if plain {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_cannot_close_the_markdown_link_or_open_its_own() {
        let name = "x](https://evil.example) [y](z) ![w].des";
        let (frame, markdown, html) = embed_snippets("https://studio.example/#v2.abc", name);
        // One link and one image: the name's brackets and parentheses are
        // escaped text, the picture's file name percent-encoded.
        assert_eq!(
            markdown,
            "[![x\\]\\(https\\:\\/\\/evil\\.example\\) \\[y\\]\\(z\\) \\!\\[w\\]\\.des](x%5D%28https://evil.example%29%20%5By%5D%28z%29%20!%5Bw%5D.png)](https://studio.example/#v2.abc)"
        );
        assert!(
            frame.contains("title=\"x](https://evil.example) [y](z) ![w].des in Vaultwright\""),
            "{frame}"
        );
        assert!(
            html.contains("src=\"x%5D%28https://evil.example%29"),
            "{html}"
        );
    }

    #[test]
    fn markup_in_a_name_is_text_in_html() {
        let (frame, _, html) = embed_snippets("https://s/#v2.a", "<b onmouseover=\"x\">.des");
        assert!(
            frame.contains("title=\"&lt;b onmouseover=&quot;x&quot;&gt;.des in Vaultwright\""),
            "{frame}"
        );
        assert!(!html.contains("<b "), "{html}");
    }
}

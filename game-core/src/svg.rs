//! What the game crates' SVG pictures share (each crate draws its own
//! position in its `svg` module, behind its `svg` feature).

/// Escapes text for SVG and HTML: `<`, `>`, `&`, `"` and `'`.
///
/// ```
/// assert_eq!(game_core::svg::escape("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
/// ```
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

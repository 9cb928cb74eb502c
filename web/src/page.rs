//! The HTML page of a game: the template (`page/template.html`) with its
//! style, the glue, the Worker's and the page's scripts inlined and the
//! wasm module in base64. One file; it loads nothing (its
//! Content-Security-Policy allows no fetch at all) and works from `file://`.

use std::fmt;

const TEMPLATE: &str = include_str!("../page/template.html");
const STYLE: &str = include_str!("../page/style.css");
const GLUE: &str = include_str!("../page/glue.js");
const WORKER: &str = include_str!("../page/worker.js");
const APP: &str = include_str!("../page/app.js");

/// The most a page may weigh (issue 45: each page at most 2 MB).
pub const MAX_PAGE_BYTES: usize = 2_000_000;

/// What a page says of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageGame {
    /// The arena's name (`yavalath`).
    pub name: &'static str,
    /// The title (`Yavalath`).
    pub title: &'static str,
    /// The numbers of seats the game may have (the first is the default).
    pub players: &'static [usize],
    /// How a click is a move, for the person.
    pub how: &'static str,
    /// Whether a turn may take several clicks (Paper Soccer's bounces,
    /// Parallel Football's orders): the page then offers to undo.
    pub steps: bool,
    /// Whether the page has Parallel Football's options (`p`, `k`, the
    /// turn limit) and its round of orders.
    pub football: bool,
}

/// The games with a page.
pub const PAGES: &[PageGame] = &[
    PageGame {
        name: "yavalath",
        title: "Yavalath",
        players: &[2],
        how: "Click a cell to place a stone (the green-ringed cells are legal); on the second move, \
              clicking the first stone steals it. Four in a row wins, three loses.",
        steps: false,
        football: false,
    },
    PageGame {
        name: "paper-soccer",
        title: "Paper Soccer",
        players: &[2],
        how: "Click a point next to the ball to move it there (the green-ringed points are legal). \
              After a bounce (a point already visited, or the border) the turn goes on: click again, \
              or undo the turn. Player 0 attacks the top goal.",
        steps: true,
        football: false,
    },
    PageGame {
        name: "quoridor",
        title: "Quoridor",
        players: &[2, 4],
        how: "Click a cell to move your pawn there (the green-ringed cells are legal, jumps included). \
              To place a wall, choose its direction and click a crossing between four cells (green dots \
              are legal; the wall is shown under the pointer). Reach the far side first. \
              With four players, the three others are bots.",
        steps: false,
        football: false,
    },
    PageGame {
        name: "parallel-football",
        title: "Parallel Football",
        players: &[4],
        how: "You are one of four teams; the three others are bots. First click a cell for each of your \
              footballers (the others place theirs unseen). Then each round: click one of your footballers \
              (ringed), then a cell: its own cell stays, a neighbouring cell moves there, a cell farther \
              away kicks its ball there (the green dots are its legal targets; to kick to a neighbouring \
              cell, switch the neighbour to kick, or press k). Arrows show the orders given; undo takes the \
              last one back. Then play the round: unordered footballers stay. A ball landing on a home \
              corner scores for that corner's team; contested balls go to a kicker drawn at random.",
        steps: true,
        football: true,
    },
];

/// Why no page is written.
#[derive(Debug)]
pub enum PageError {
    /// No page for this game.
    UnknownGame(String),
    /// The page would be over [`MAX_PAGE_BYTES`].
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::UnknownGame(g) => {
                let names: Vec<&str> = PAGES.iter().map(|p| p.name).collect();
                write!(f, "no page for {g:?} (pages: {})", names.join(", "))
            }
            PageError::TooLarge { bytes } => write!(f, "the page would be {bytes} bytes, over {MAX_PAGE_BYTES}"),
        }
    }
}

impl std::error::Error for PageError {}

/// `bytes` in base64 (RFC 4648, padded).
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The page of `game` around the wasm module `wasm`.
///
/// # Errors
/// [`PageError`]: no page for the game, or a page over [`MAX_PAGE_BYTES`].
pub fn page(game: &str, wasm: &[u8]) -> Result<String, PageError> {
    let g = PAGES.iter().find(|p| p.name == game).ok_or_else(|| PageError::UnknownGame(game.to_string()))?;
    let players: String = g.players.iter().map(|n| format!("<option value=\"{n}\">{n}</option>")).collect();
    // The scripts last: nothing they hold is read as a placeholder.
    let html = TEMPLATE
        .replace("{{TITLE}}", g.title)
        .replace("{{GAME}}", g.name)
        .replace("{{PLAYERS}}", &players)
        .replace("{{PLAYERS_HIDDEN}}", if g.players.len() > 1 { "" } else { " hidden" })
        .replace("{{UNDO_HIDDEN}}", if g.steps { "" } else { " hidden" })
        .replace("{{FOOTBALL_HIDDEN}}", if g.football { "" } else { " hidden" })
        .replace("{{HOW}}", g.how)
        .replace("{{BOTS}}", &crate::bot_forms(g.name).unwrap_or_default())
        .replace("{{STYLE}}", STYLE)
        .replace("{{WASM}}", &base64(wasm))
        .replace("{{WORKER}}", WORKER)
        .replace("{{APP}}", APP)
        .replace("{{GLUE}}", GLUE);
    if html.len() > MAX_PAGE_BYTES {
        return Err(PageError::TooLarge { bytes: html.len() });
    }
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        for (plain, coded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn a_page_has_no_placeholder_left_and_no_address() {
        let html = page("yavalath", b"\0asm").unwrap_or_default();
        assert!(!html.contains("{{"), "a placeholder is left");
        assert!(
            !html.contains("http://") || html.matches("http://").all(|_| html.contains("http://www.w3.org/2000/svg"))
        );
        assert!(!html.contains("https://"));
        assert!(matches!(page("chess", b""), Err(PageError::UnknownGame(_))));
    }
}

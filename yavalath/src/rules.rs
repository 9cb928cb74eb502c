// The complete rules of the game for people: the text is `doc/rules.md`,
// the pictures `doc/*.svg`, drawn by the crate's `svg` module from real
// positions and checked for staleness by `arena/tests/rules_pictures.rs`
// (`UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures` redraws
// them). Each picture sits in its own HTML block (an SVG has no blank line).
// Prose for people: names like CodinGame or JavaScript are not code items.
#![allow(clippy::doc_markdown)]
#![doc = include_str!("../doc/rules.md")]
#![doc = "## Pictures\n\nDrawn by the crate's `svg` module (feature `svg`; the arena's `render` and `view` draw with it too) from positions played through this crate's API: the first player is `player 0` (white), the second `player 1` (black), and the last move is ringed."]
#![doc = "### A four that also makes a three\n\nThe first player has `0 4`, `1 4`, `3 4` in the middle row and `2 2`, `2 3` above. Its stone on `2 4` makes the four `0 4`-`3 4` **and** the three `2 2`, `2 3`, `2 4`: the four counts, **the first player wins**.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/four-and-three.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A steal\n\nThe first player opened on `4 4`; the second player answered `4 4`. The stone is now the second player's, the board still holds one stone, and the first player moves next.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/steal.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]

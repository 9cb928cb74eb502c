// The complete rules of the game for people: the text is `doc/rules.md`,
// the pictures `doc/*.svg`, drawn by the crate's `svg` module from real
// positions and checked for staleness by `arena/tests/rules_pictures.rs`
// (`UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures` redraws
// them). Each picture sits in its own HTML block (an SVG has no blank line).
// Prose for people: names like CodinGame or JavaScript are not code items.
#![allow(clippy::doc_markdown)]
#![doc = include_str!("../doc/rules.md")]
#![doc = "## Pictures\n\nDrawn by the crate's `svg` module (what `arena render` and `arena view` show) from games played through this crate's API. Walls have their owner's colour, goal sides are edged in the colour of the player who must reach them, and the last move is ringed."]
#![doc = "### A straight jump\n\nBoth pawns walked to the middle: P0 on `(4,4)`, P1 on `(4,5)`. Nothing is behind P0, so P1 jumps straight over it to `(4,3)`.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/straight-jump.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A side-step\n\nThe same face-off, but P1 placed the wall `4 3 0` behind P0 (P0 then placed `0 7 0`). P1 cannot jump straight, so it side-steps to `(5,4)` (or `(3,4)`). Without the wall behind P0, `(5,4)` is not a move.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/side-step.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A wall that would close the last path\n\nThe walls `1 3 0`, `3 3 0`, `5 3 0`, `7 3 0` and `0 4 1` leave one way between the halves: down column 0 from `(0,3)` to `(0,5)`. P1 to move: the wall `0 5 0` (below `(0,5)` and `(1,5)`) overlaps nothing and crosses nothing, but it would leave P0 (and P1) no path to its goal, so it is **refused** (`wall-blocks-path`) and the position stays as drawn.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/last-path.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A removed pawn (4 players)\n\nP0 stood in the corner `(0,0)` with no walls left: the wall `0 0 1` on its right, P2 on `(0,1)` below it and P3 on `(0,2)` behind P2, so no step, no jump and no side-step. P3 placed a wall; on P0's turn it had no pawn move and no wall, so **P0 was removed**: its pawn left the board, its walls stay, and P1 moves next.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/removed.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]

// The complete rules of the game for people: the text is `doc/rules.md`,
// the pictures `doc/*.svg`, drawn by the crate's `svg` module from real
// positions and checked for staleness by `arena/tests/rules_pictures.rs`
// (`UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures` redraws
// them). Each picture sits in its own HTML block (an SVG has no blank line).
// Prose for people: names like CodinGame or JavaScript are not code items.
#![allow(clippy::doc_markdown)]
#![doc = include_str!("../doc/rules.md")]
#![doc = "## Pictures\n\nDrawn by this crate's `svg` module (feature `svg`, which the arena's `render` and `view` use too) from games played through this crate's API. Lines are coloured by the player who drew them; the last turn is marked."]
#![doc = "### A bounce chain\n\nTurns `6`, `6`, `6`, `61`, then player 0 plays `453`: `4` to `(1,5)`, a point visited before (bounce); `5` to `(0,6)` on the side line (bounce); `3` to `(1,7)`, a fresh point, where the turn ends. The answer `4` alone would be illegal: it stops on a bounce point.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/bounce-chain.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A goal\n\nTurns `0`, `0`, `0`, `7`, then player 0 plays `01`: `0` to the post `(3,0)`, which touches the pre-drawn border (bounce), then `1` into `(4,-1)`. The ball is in the top goal, player 1's: **player 0 wins**.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/goal.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A blocked ball\n\nTurns `7`, `7`, `7`, `0` bring the ball to `(1,1)`; player 0 then plays `7` into the corner `(0,0)`. Its two border lines are pre-drawn and the diagonal just drawn was its last free line: the ball is blocked and **player 0, who moved it there, loses**.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/blocked.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]

// The complete rules of the game for people: the text is `doc/rules.md`,
// the pictures `doc/*.svg`, drawn by this crate's `svg` module from real
// positions and checked for staleness by `arena/tests/rules_pictures.rs`
// (`UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures` redraws
// them). Each picture sits in its own HTML block (an SVG has no blank line).
// Prose for people: names like CodinGame or JavaScript are not code items.
#![allow(clippy::doc_markdown)]
#![doc = include_str!("../doc/rules.md")]
#![doc = "## Pictures\n\nDrawn by this crate's replay-viewer picture (`svg::view_svg`, feature `svg`; `arena view` shows the same) from positions built through this crate's API, with every team's orders given and the turn about to be resolved: kicks are arrows in the kicking team's colour, cells with footballers of more than one team are framed in yellow, and a number is the count of balls on a cell holding more than one. Both use a 9 x 9 field so that the cells are large."]
#![doc = "### The kick radius\n\n`k = 3`. Team 0's 28 footballers stand on the centre `(4,4)`, which holds 28 balls, and each kicks one ball to a different cell: these are all the targets with `dx² + dy² <= 9`, a disc. `(3, 0)` and `(2, 2)` are in range (9 and 8); `(3, 1)` is not (10), and such a kick would make its footballer stay.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/kick-radius.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]
#![doc = "### A contested ball\n\n`k = 6`, one footballer per team. Teams 0 and 1 stand on `(4,4)`, which holds one ball, and both kick it towards their own home (to `(1,1)` and `(7,1)`): two kicks, one ball, so exactly one kick succeeds, chosen at random, and the other kicker stays. Team 2's kick from `(6,7)`, a cell with two balls and one kicker, is not contested; team 3 moves one cell right.\n"]
#![doc = "<div class=\"rules-picture\">"]
#![doc = include_str!("../doc/contested.svg")]
#![doc = "</div>\n\n<!-- the blank line above ends the picture's HTML block -->"]

//! The field and the game as text for people.

// Casts: a ball count of 1..=9 and a team bit 0..=3 become one character.
#![allow(clippy::cast_possible_truncation)]

use crate::field::Field;
use crate::state::ParallelFootball;
use game_core::grid::Cell;
use std::fmt;

impl Field {
    /// A multi-line text picture of the field: a summary line, then one row
    /// per grid row. Cells: `A`-`D` a player of team 0-3 (`*` players of
    /// several teams), `#` an empty home, `.` an empty cell, `1`-`9` that
    /// many balls, `+` ten or more.
    #[must_use]
    pub fn picture(&self) -> String {
        self.to_string()
    }

    /// The one-line summary (the first line of the picture): turn, balls
    /// left, scores, configuration.
    #[must_use]
    pub fn summary(&self) -> String {
        let c = self.config();
        let s = self.scores;
        format!(
            "turn {}/{}  balls left {}  scores {} {} {} {}  ({c})",
            self.turn, c.max_turns, self.balls_left, s[0], s[1], s[2], s[3]
        )
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.config();
        writeln!(f, "{}", self.summary())?;
        // Bit t of occupancy[cell]: a player of team t is there.
        let mut occupancy = vec![0u8; c.cells()];
        for (i, &p) in self.positions.iter().enumerate() {
            occupancy[c.index(p)] |= 1 << c.team_of(i).0;
        }
        let mut line = String::with_capacity(usize::from(c.width) + 1);
        for y in 0..c.height {
            line.clear();
            for x in 0..c.width {
                let cell = Cell::new(x, y);
                let i = c.index(cell);
                let ch = match occupancy[i] {
                    0 => match (c.home_owner(cell), self.balls[i]) {
                        (Some(_), _) => '#',
                        (None, 0) => '.',
                        (None, b @ 1..=9) => char::from(b'0' + b as u8),
                        _ => '+',
                    },
                    o if o.is_power_of_two() => char::from(b'A' + o.trailing_zeros() as u8),
                    _ => '*',
                };
                line.push(ch);
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl fmt::Display for ParallelFootball {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.in_placement() {
            writeln!(f, "placement: footballers placed per team {:?}", self.placed)?;
        } else if !self.field.is_over() && self.given.iter().any(|&g| g > 0) {
            writeln!(f, "orders given per team this turn {:?}", self.given)?;
        }
        if let Some(r) = self.field.end_reason() {
            writeln!(f, "game over ({})", r.as_str())?;
        }
        write!(f, "{}", self.field)
    }
}

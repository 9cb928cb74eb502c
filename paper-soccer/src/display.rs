//! Text forms of a position: the `Display` picture and the compact
//! one-line position text (`Display` of [`PositionText`], `FromStr` of
//! [`Board`]).

// Pitch sizes are validated (`Pitch::new`: at most 256 slots, so width and
// height are far below 127): the casts to `i8` coordinates cannot wrap.
#![allow(clippy::cast_possible_wrap)]

use crate::dir::{Dir, Point};
use crate::error::SetupError;
use crate::pitch::Pitch;
use crate::setup::Setup;
use crate::state::{Board, Line};
use game_core::{Game, PlayerId};
use std::fmt;
use std::str::FromStr;

/// Draws the pitch, two text columns per square: `+` a point touching a
/// line, `.` a fresh point, `@` the ball, `-` `|` `\` `/` drawn lines (`X`
/// two crossing diagonals), `#` the goal points; then who is to move or
/// the result.
///
/// ```text
/// # - #
///   |X|
/// +-+-+-+ . +-+-+-+
/// ```
impl<const N: usize> fmt::Display for Board<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pitch = self.pitch();
        let (w, h) = (pitch.width as i8, pitch.height as i8);
        let drawn = |p: Point, d: Dir| self.is_line_drawn(p, d) == Some(true);
        for y in -1..=h + 1 {
            let mut row = String::new();
            for x in 0..=w {
                let p = Point::new(x, y);
                row.push(if !pitch.contains(p) {
                    ' '
                } else if p == self.ball() {
                    '@'
                } else if pitch.goal_at(p).is_some() {
                    '#'
                } else if self.is_bounce_point(p) {
                    '+'
                } else {
                    '.'
                });
                if x < w {
                    row.push(if drawn(p, Dir::E) { '-' } else { ' ' });
                }
            }
            writeln!(f, "{}", row.trim_end())?;
            if y > h {
                break;
            }
            let mut row = String::new();
            for x in 0..=w {
                let p = Point::new(x, y);
                row.push(if drawn(p, Dir::S) { '|' } else { ' ' });
                if x < w {
                    let se = drawn(p, Dir::SE);
                    let sw = drawn(Point::new(x + 1, y), Dir::SW);
                    row.push(match (se, sw) {
                        (true, true) => 'X',
                        (true, false) => '\\',
                        (false, true) => '/',
                        (false, false) => ' ',
                    });
                }
            }
            writeln!(f, "{}", row.trim_end())?;
        }
        match (self.outcome_text(), self.to_move()) {
            (Some(text), _) => write!(f, "{text}"),
            (None, Some(p)) => write!(f, "player {p} to move"),
            (None, None) => Ok(()),
        }
    }
}

impl<const N: usize> Board<N> {
    fn outcome_text(&self) -> Option<String> {
        let w = self.winner()?;
        Some(format!("player {w} wins ({})", self.end_reason().unwrap_or("?")))
    }

    /// The compact one-line text of this position, which
    /// [`FromStr`](Board::from_str) reads back: `WxH`, the ball `bX,Y`, the
    /// player `pN` (the last mover once the game is over), and the drawn
    /// drawable lines as hexadecimal bits in [`Pitch::links`] order (bit
    /// `i % 4` of digit `i / 4` is the `i`-th drawable link).
    ///
    /// ```
    /// use paper_soccer::PaperSoccer;
    /// let mut g = PaperSoccer::default();
    /// g.play_turn("7").unwrap();
    /// let text = g.position_text().to_string();
    /// assert!(text.starts_with("8x10 b3,4 p1 "));
    /// assert_eq!(text.parse::<PaperSoccer>().unwrap(), g);
    /// ```
    #[must_use]
    pub fn position_text(&self) -> PositionText<'_, N> {
        PositionText(self)
    }
}

/// The compact text of a position (see [`Board::position_text`]).
#[derive(Clone, Copy, Debug)]
pub struct PositionText<'a, const N: usize>(&'a Board<N>);

impl<const N: usize> fmt::Display for PositionText<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        let pitch = b.pitch();
        let ball = b.ball();
        write!(f, "{pitch} b{},{} p{} ", ball.x, ball.y, b.to_move)?;
        let mut digit = 0u8;
        let mut count = 0;
        for (p, d, _) in pitch.links().filter(|l| !l.2) {
            if b.is_line_drawn(p, d) == Some(true) {
                digit |= 1 << (count % 4);
            }
            count += 1;
            if count % 4 == 0 {
                write!(f, "{digit:x}")?;
                digit = 0;
            }
        }
        if count % 4 != 0 {
            write!(f, "{digit:x}")?;
        }
        Ok(())
    }
}

fn parse_pair<T: FromStr>(s: &str, sep: char) -> Option<(T, T)> {
    let (a, b) = s.split_once(sep)?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Reads the compact position text of [`Board::position_text`].
impl<const N: usize> FromStr for Board<N> {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, SetupError> {
        let mut it = s.split(' ');
        let (Some(size), Some(ball), Some(player), Some(bits), None) =
            (it.next(), it.next(), it.next(), it.next(), it.next())
        else {
            return Err(SetupError::Syntax("expected four fields: WxH bX,Y pN HEX"));
        };
        let (width, height) = parse_pair::<u8>(size, 'x').ok_or(SetupError::Syntax("pitch size is not WxH"))?;
        let pitch = Pitch::new(width, height)?;
        let (x, y) = ball
            .strip_prefix('b')
            .and_then(|b| parse_pair::<i8>(b, ','))
            .ok_or(SetupError::Syntax("ball is not bX,Y"))?;
        let to_move = match player {
            "p0" => PlayerId(0),
            "p1" => PlayerId(1),
            _ => return Err(SetupError::Syntax("player is not p0 or p1")),
        };
        let drawable: Vec<(Point, Dir)> = pitch.links().filter(|l| !l.2).map(|(p, d, _)| (p, d)).collect();
        if bits.len() != drawable.len().div_ceil(4) {
            return Err(SetupError::Syntax("wrong number of hexadecimal digits for the lines"));
        }
        let mut lines = Vec::new();
        for (i, c) in bits.chars().enumerate() {
            let v = c.to_digit(16).ok_or(SetupError::Syntax("lines are not hexadecimal"))?;
            for k in 0..4 {
                if v & (1 << k) != 0 {
                    let &(from, dir) =
                        drawable.get(i * 4 + k).ok_or(SetupError::Syntax("a line bit past the last link is set"))?;
                    lines.push(Line { from, dir });
                }
            }
        }
        Board::from_setup(Setup { pitch, lines, ball: Point::new(x, y), to_move })
    }
}
